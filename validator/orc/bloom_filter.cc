// Bloom filter indexes (bloom_filter.h): the filters' shapes, and the
// hashes the full level tests values with.

#include "orc/bloom_filter.h"

#include <algorithm>
#include <bit>
#include <string>

#include "core/limits.h"
#include "core/strings.h"

namespace colcheck::orc {
namespace {

constexpr uint64_t kMurmurC1 = 0x87c37b91114253d5ULL;
constexpr uint64_t kMurmurC2 = 0x4cf5ad432745937fULL;
constexpr uint64_t kMurmurSeed = 104729;

uint64_t Fmix64(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

uint64_t MixBlock(uint64_t k) {
  k *= kMurmurC1;
  k = std::rotl(k, 31);
  return k * kMurmurC2;
}

// The filter's size in bits; 0 when unusable.
uint64_t BitCount(const BloomFilter& f) {
  if (!f.bitset.value.empty()) return uint64_t{64} * f.bitset.value.size();
  const size_t bytes = f.utf8bitset.value.size();
  return bytes % 8 == 0 ? uint64_t{8} * bytes : 0;
}

bool BitSet(const BloomFilter& f, uint64_t pos) {
  if (!f.bitset.value.empty()) {
    return (f.bitset.value[pos >> 6].value >> (pos & 63)) & 1;
  }
  // Little-endian words: bit (pos & 63) of word pos >> 6 is bit (pos & 7)
  // of byte pos >> 3.
  const auto byte = static_cast<uint8_t>(f.utf8bitset.value[pos >> 3]);
  return (byte >> (pos & 7)) & 1;
}

std::string FilterPath(size_t stripe, size_t column, int utf8, size_t i) {
  return StrCat("stripes[", stripe, "].",
                (utf8 ? "bloom_filter_utf8[" : "bloom_filter["), column,
                "].bloom_filter[", i, "]");
}

// BF2 on one filter.
void CheckShape(const Spanned<BloomFilter>& filter, bool utf8,
                const std::string& path, DiagnosticSink& sink) {
  const BloomFilter& f = filter.value;
  if (f.num_hash_functions.value == 0) {
    sink.Report(Code::kOrcBloomHashFunctions,
                f.num_hash_functions.present ? f.num_hash_functions.span
                                             : filter.span,
                path + ".num_hash_functions", "the filter has no hash functions");
  }
  const bool has_words = !f.bitset.value.empty();
  const size_t bytes = f.utf8bitset.value.size();
  if (!has_words && bytes == 0) {
    sink.Report(Code::kOrcBloomEmptyBitset, filter.span,
                path + (utf8 ? ".utf8bitset" : ".bitset"),
                "the filter has no bits");
  } else if (!has_words && bytes % 8 != 0) {
    sink.Report(Code::kOrcBloomUtf8Length, f.utf8bitset.span,
                path + ".utf8bitset",
                StrCat(bytes, " bytes is not a whole number of 64-bit words"));
  }
}

}  // namespace

uint64_t BloomLongHash(int64_t value) {
  // Java's signed arithmetic: shifts right are arithmetic, wrap on
  // overflow (done in uint64_t, where wrapping is defined).
  auto sar = [](uint64_t v, int r) {
    return static_cast<uint64_t>(static_cast<int64_t>(v) >> r);
  };
  uint64_t key = static_cast<uint64_t>(value);
  key = (~key) + (key << 21);
  key = key ^ sar(key, 24);
  key = (key + (key << 3)) + (key << 8);
  key = key ^ sar(key, 14);
  key = (key + (key << 2)) + (key << 4);
  key = key ^ sar(key, 28);
  key = key + (key << 31);
  return key;
}

uint64_t BloomDoubleHash(double value) {
  // doubleToLongBits folds every NaN into the canonical one.
  const uint64_t bits = value != value ? 0x7ff8000000000000ULL
                                       : std::bit_cast<uint64_t>(value);
  return BloomLongHash(static_cast<int64_t>(bits));
}

uint64_t BloomBytesHash(std::span<const std::byte> bytes) {
  uint64_t h = kMurmurSeed;
  const size_t n = bytes.size();
  const size_t blocks = n / 8;
  for (size_t i = 0; i < blocks; ++i) {
    uint64_t k = 0;
    for (int b = 7; b >= 0; --b) {
      k = (k << 8) | static_cast<uint8_t>(bytes[8 * i + b]);
    }
    h ^= MixBlock(k);
    h = std::rotl(h, 27) * 5 + 0x52dce729;
  }
  const size_t tail = n - 8 * blocks;
  if (tail > 0) {
    uint64_t k = 0;
    for (size_t b = tail; b-- > 0;) {
      k = (k << 8) | static_cast<uint8_t>(bytes[8 * blocks + b]);
    }
    h ^= MixBlock(k);
  }
  h ^= n;
  return Fmix64(h);
}

bool BloomUsable(const BloomFilter& filter) {
  return filter.num_hash_functions.value > 0 && BitCount(filter) > 0 &&
         BitCount(filter) <= uint64_t{INT32_MAX};
}

uint32_t BloomProbes(const BloomFilter& filter) {
  return std::min(filter.num_hash_functions.value,
                  limits::kMaxOrcBloomHashFunctions);
}

bool BloomMightContain(const BloomFilter& filter, uint64_t hash) {
  const uint64_t bits = BitCount(filter);
  const auto h1 = static_cast<uint32_t>(hash);
  const auto h2 = static_cast<uint32_t>(hash >> 32);
  // k is a varint of the file (up to 2^32 - 1 from 5 bytes) and readers
  // loop over it per value; a filter of every bit set would keep the loop
  // going for all of them, for every value of the group.
  const uint32_t probes = BloomProbes(filter);
  for (uint32_t i = 1; i <= probes; ++i) {
    auto combined = static_cast<int32_t>(h1 + i * h2);
    if (combined < 0) combined = ~combined;
    if (!BitSet(filter, static_cast<uint64_t>(combined) % bits)) return false;
  }
  return true;
}

void CheckBloomFilters(const IndexContext& context, size_t index,
                       const StripeData& data, const StripeIndexes& indexes,
                       DiagnosticSink& sink) {
  (void)data;
  bool old_reported = false;
  for (size_t c = 0; c < indexes.columns.size(); ++c) {
    const ColumnIndexes& column = indexes.columns[c];
    if (index == 0 && !old_reported &&
        (column.bloom[0] != nullptr || column.legacy_bloom)) {
      sink.Report(Code::kOrcBloomOldKind, column.bloom_span[0],
                  StrCat("stripes[0].bloom_filter[", c, "]"),
                  column.legacy_bloom
                      ? "the original BLOOM_FILTER kind in Hive's pre-release "
                        "layout, which no reader uses; not checked (reported "
                        "once)"
                      : "the original BLOOM_FILTER kind, which the C++ reader "
                        "ignores (reported once)");
      old_reported = true;
    }
    if (column.encrypted) continue;
    for (int utf8 = 0; utf8 < 2; ++utf8) {
      const BloomFilterIndex* bloom = column.bloom[utf8];
      if (bloom == nullptr) continue;
      const auto& filters = bloom->bloom_filter.value;
      const std::string stream_path =
          StrCat("stripes[", index, "].",
                 (utf8 ? "bloom_filter_utf8[" : "bloom_filter["), c, "]");
      if (column.row_index != nullptr &&
          filters.size() != column.row_index->entry.value.size()) {
        sink.Report(
            Code::kOrcBloomEntryCount, column.bloom_span[utf8], stream_path,
            StrCat(filters.size(), " filters for ",
                   column.row_index->entry.value.size(), " row index entries"));
      }
      for (size_t i = 0; i < filters.size(); ++i) {
        CheckShape(filters[i], utf8 == 1, FilterPath(index, c, utf8, i), sink);
      }
    }
  }
  (void)context;
}

}  // namespace colcheck::orc
