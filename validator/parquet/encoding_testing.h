// Test helpers for the page-value decoders: tiny reference encoders for
// every encoding (written from Encodings.md, independently of the
// decoders), and a driver that runs a decoder over a section placed at a
// nonzero file offset, so that every span a test checks is absolute.

#ifndef COLCHECK_PARQUET_ENCODING_TESTING_H_
#define COLCHECK_PARQUET_ENCODING_TESTING_H_

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "parquet/metadata.h"
#include "parquet/page_scope.h"
#include "parquet/values.h"
#include "testing/bytes.h"
#include "testing/diagnostics.h"

namespace colcheck::parquet::testing {

// The shared helpers and the matchers every encoding test uses, so that a
// test in this namespace needs no using-declarations of its own.
using namespace ::colcheck::testing;  // NOLINT
using ::testing::ElementsAre;
using ::testing::ElementsAreArray;
using ::testing::IsEmpty;

// Where test sections start in the "file".
inline constexpr uint64_t kBase = 1000;

inline Bytes Le32(uint32_t v) {
  Bytes out(4);
  std::memcpy(out.data(), &v, 4);
  return out;
}

inline Bytes Uleb(uint64_t v) {
  Bytes out;
  do {
    uint8_t b = v & 0x7F;
    v >>= 7;
    if (v) b |= 0x80;
    out.push_back(static_cast<std::byte>(b));
  } while (v);
  return out;
}

inline uint64_t Zigzag(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

// Packs values LSB first, `width` bits each, padding the last byte.
inline Bytes PackLsb(const std::vector<uint64_t>& values, int width) {
  Bytes out((values.size() * width + 7) / 8);
  uint64_t bit = 0;
  for (uint64_t v : values) {
    for (int i = 0; i < width; ++i, ++bit) {
      if ((v >> i) & 1) {
        out[bit / 8] |= static_cast<std::byte>(1u << (bit % 8));
      }
    }
  }
  return out;
}

// ---- RLE / bit-packed hybrid
// -------------------------------------------------

inline Bytes RleRun(uint64_t count, uint32_t value, int width) {
  Bytes out = Uleb(count << 1);
  for (int i = 0; i < (width + 7) / 8; ++i) {
    out.push_back(static_cast<std::byte>(value >> (8 * i)));
  }
  return out;
}

// A bit-packed run of the values, padded with zeros to a multiple of 8.
inline Bytes PackedRun(std::vector<uint64_t> values, int width) {
  while (values.size() % 8) values.push_back(0);
  Bytes out = Uleb((values.size() / 8) << 1 | 1);
  Append(&out, PackLsb(values, width));
  return out;
}

// ---- DELTA_BINARY_PACKED
// -----------------------------------------------------

struct DeltaOptions {
  uint64_t block_size = 128;
  uint64_t miniblocks = 4;
  bool is64 = false;
  // The bit width byte written for miniblocks that hold no value.
  uint8_t unused_width = 0;
  // Fills the padding of the last miniblock with ones instead of zeros.
  bool dirty_padding = false;
};

// Encodes as Encodings.md describes, with wrapping arithmetic.
inline Bytes DeltaEncode(const std::vector<int64_t>& values,
                         const DeltaOptions& o = {}) {
  const uint64_t mask = o.is64 ? ~uint64_t{0} : 0xFFFFFFFFu;
  const uint64_t per_miniblock = o.block_size / o.miniblocks;
  Bytes out =
      Concat({Uleb(o.block_size), Uleb(o.miniblocks), Uleb(values.size()),
              Uleb(values.empty() ? 0 : Zigzag(values[0]))});
  if (values.size() < 2) return out;
  auto as_signed = [&](uint64_t d) -> int64_t {
    return o.is64 ? static_cast<int64_t>(d)
                  : static_cast<int32_t>(static_cast<uint32_t>(d));
  };
  std::vector<uint64_t> deltas;
  for (size_t i = 1; i < values.size(); ++i) {
    deltas.push_back((static_cast<uint64_t>(values[i]) -
                      static_cast<uint64_t>(values[i - 1])) &
                     mask);
  }
  for (size_t start = 0; start < deltas.size(); start += o.block_size) {
    const size_t end = std::min<size_t>(start + o.block_size, deltas.size());
    int64_t min = as_signed(deltas[start]);
    for (size_t i = start; i < end; ++i)
      min = std::min(min, as_signed(deltas[i]));
    Append(&out, Uleb(Zigzag(min)));
    std::vector<uint8_t> widths(o.miniblocks, o.unused_width);
    std::vector<Bytes> bodies;
    for (uint64_t m = 0; m < o.miniblocks; ++m) {
      const size_t b = start + m * per_miniblock;
      if (b >= end) break;
      std::vector<uint64_t> rel;
      uint64_t max_rel = 0;
      for (size_t i = b; i < std::min<size_t>(b + per_miniblock, end); ++i) {
        rel.push_back((deltas[i] - static_cast<uint64_t>(min)) & mask);
        max_rel = std::max(max_rel, rel.back());
      }
      const int width = std::bit_width(max_rel);
      widths[m] = static_cast<uint8_t>(width);
      while (rel.size() < per_miniblock) {
        rel.push_back(o.dirty_padding ? ~uint64_t{0} : 0);
      }
      bodies.push_back(PackLsb(rel, width));
    }
    for (uint8_t w : widths) out.push_back(static_cast<std::byte>(w));
    for (const Bytes& body : bodies) Append(&out, body);
  }
  return out;
}

inline Bytes DeltaLengthEncode(const std::vector<std::string>& values) {
  std::vector<int64_t> lengths;
  Bytes data;
  for (const std::string& v : values) {
    lengths.push_back(static_cast<int64_t>(v.size()));
    Append(&data, FromString(v));
  }
  return Concat({DeltaEncode(lengths), data});
}

inline Bytes DeltaByteArrayEncode(const std::vector<std::string>& values) {
  std::vector<int64_t> prefixes;
  std::vector<std::string> suffixes;
  std::string previous;
  for (const std::string& v : values) {
    size_t p = 0;
    while (p < v.size() && p < previous.size() && v[p] == previous[p]) ++p;
    prefixes.push_back(static_cast<int64_t>(p));
    suffixes.push_back(v.substr(p));
    previous = v;
  }
  return Concat({DeltaEncode(prefixes), DeltaLengthEncode(suffixes)});
}

// ---- Running a decoder
// ---------------------------------------------------------

struct Decoded {
  std::vector<std::string> values;  // Fixed values or byte arrays.
  std::vector<uint32_t> indices;    // Dictionary sections.
  std::vector<Diagnostic> diagnostics;
  bool created = false;
  size_t batches = 0;
};

struct DecodeJob {
  int32_t encoding = kPlain;
  ColumnType type{kInt32, 0};
  uint64_t num_values = 0;
  uint64_t dictionary_size = 0;
  size_t max = 4096;            // Values per Next() call.
  size_t max_calls = SIZE_MAX;  // Stop asking after this many calls.
};

// A job decoding `n` values of `encoding` for a column of `physical` type.
inline DecodeJob Job(int32_t encoding, int32_t physical, uint64_t n,
                     int32_t type_length = 0) {
  DecodeJob r;
  r.encoding = encoding;
  r.type = {physical, type_length};
  r.num_values = n;
  return r;
}

// Decodes `section` (placed at kBase) to the end and calls Finish().
inline Decoded Decode(const DecodeJob& run, const Bytes& section) {
  Decoded out;
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, section.size()}, /*exact=*/true);
  ByteReader reader(section, kBase);
  auto decoder =
      MakeValueDecoder(run.encoding, {10, 1}, run.type, run.num_values,
                       run.dictionary_size, reader, scope);
  out.created = decoder != nullptr;
  if (decoder) {
    const uint32_t width = run.type.width();
    ValueBatch batch;
    uint64_t expected_first = 0;
    for (size_t calls = 0; calls < run.max_calls; ++calls) {
      if (!decoder->Next(run.max, &batch)) break;
      ++out.batches;
      EXPECT_GT(batch.count, 0u);
      EXPECT_LE(batch.count, run.max);
      EXPECT_EQ(batch.first, expected_first);
      expected_first += batch.count;
      if (!batch.indices.empty()) {
        EXPECT_EQ(batch.indices.size(), batch.count);
        out.indices.insert(out.indices.end(), batch.indices.begin(),
                           batch.indices.end());
      } else if (run.type.physical == kByteArray) {
        EXPECT_EQ(batch.binary.size(), batch.count);
        for (auto v : batch.binary) out.values.push_back(AsString(v));
      } else {
        EXPECT_EQ(batch.fixed.size(), batch.count * width);
        for (size_t i = 0; i < batch.count; ++i) {
          out.values.push_back(AsString(batch.fixed.subspan(i * width, width)));
        }
      }
    }
    decoder->Finish();
    decoder->Finish();  // Idempotent.
  }
  out.diagnostics = sink.Take();
  return out;
}

// PLAIN bytes of fixed-width values.
template <typename T>
std::string PlainOf(T v) {
  std::string s(sizeof(T), '\0');
  std::memcpy(s.data(), &v, sizeof(T));
  return s;
}

template <typename T>
Bytes PlainBytes(const std::vector<T>& values) {
  Bytes out(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(out.data(), values.data(), out.size());
  return out;
}

// Spans in the section's coordinates.
inline ByteSpan At(uint64_t offset, uint64_t length) {
  return {kBase + offset, length};
}

inline std::string Field(std::string_view sub) { return StrCat("p.", sub); }

// Every strict prefix of `section` must give at least one error, and no
// crash.
inline void ExpectEveryTruncationFails(const DecodeJob& run,
                                       const Bytes& section) {
  for (size_t cut = 0; cut < section.size(); ++cut) {
    const Bytes prefix(section.begin(), section.begin() + cut);
    const Decoded d = Decode(run, prefix);
    const bool has_error = std::any_of(
        d.diagnostics.begin(), d.diagnostics.end(),
        [](const Diagnostic& x) { return x.severity == Severity::kError; });
    EXPECT_TRUE(has_error) << "cut at " << cut << " of " << section.size();
    for (const Diagnostic& x : d.diagnostics) {
      EXPECT_GE(x.offset, kBase);
      EXPECT_LE(x.offset + x.length, kBase + cut) << Describe(d.diagnostics);
    }
  }
}

}  // namespace colcheck::parquet::testing

#endif  // COLCHECK_PARQUET_ENCODING_TESTING_H_
