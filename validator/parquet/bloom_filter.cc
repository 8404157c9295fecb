// Split block bloom filters.
// https://github.com/apache/parquet-format/blob/master/BloomFilter.md;
// parquet.thrift (BloomFilterHeader, ColumnMetaData.bloom_filter_offset,
// bloom_filter_length)
//
// What gets hashed follows the writers, since the specification only says
// "the plain encoding": Arrow C++ (parquet/xxhasher.cc) hashes INT32,
// INT64, FLOAT and DOUBLE as their little-endian bytes, INT96 as its 12
// bytes, FIXED_LEN_BYTE_ARRAY as its type_length bytes and BYTE_ARRAY
// without the length prefix; arrow-rs hashes BOOLEAN as one byte 0 or 1
// (parquet-mr and Arrow C++ write no filters for BOOLEAN). ValueBatch
// delivers exactly those bytes.

#include "parquet/bloom_filter.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "codec/codec.h"
#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/encryption.h"
#include "parquet/metadata.h"
#include "parquet/metadata_decoder.h"
#include "parquet/sort_order.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

constexpr uint64_t kBlockBytes = 32;
constexpr uint32_t kSalt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU,
                               0xa2b7289dU, 0x705495c7U, 0x2df1424bU,
                               0x9efc4947U, 0x5c6bfb31U};

// The one member each header union defines (BloomFilterAlgorithm.BLOCK,
// BloomFilterHash.XXHASH, BloomFilterCompression.UNCOMPRESSED).
constexpr int16_t kKnownMember = 1;

uint32_t LoadWord(std::span<const std::byte> bytes, uint64_t offset) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) {
    v = (v << 8) | static_cast<uint8_t>(bytes[offset + i]);
  }
  return v;
}

// A short rendering of a value for messages: printable ASCII quoted, else
// hex, cut after a few bytes.
std::string Preview(std::span<const std::byte> value) {
  constexpr size_t kMaxChars = 40;
  constexpr size_t kMaxHexBytes = 16;
  bool printable = value.size() <= kMaxChars;
  for (std::byte b : value) {
    const auto c = static_cast<uint8_t>(b);
    printable = printable && c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
  }
  if (printable) return StrCat("\"", AsChars(value), "\"");
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "0x";
  for (size_t i = 0; i < value.size() && i < kMaxHexBytes; ++i) {
    const auto c = static_cast<uint8_t>(value[i]);
    out.push_back(kHex[c >> 4]);
    out.push_back(kHex[c & 0xf]);
  }
  if (value.size() > kMaxHexBytes) out += "...";
  return out;
}

std::string Hex64(uint64_t v) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "0x";
  for (int shift = 60; shift >= 0; shift -= 4) {
    out.push_back(kHex[(v >> shift) & 0xf]);
  }
  return out;
}

}  // namespace

uint64_t BloomHash(std::span<const std::byte> plain) {
  return codec::XxHash64(plain);
}

bool BloomMightContain(std::span<const std::byte> bitset, uint64_t hash) {
  const uint64_t blocks = bitset.size() / kBlockBytes;
  // numBytes is an i32, so blocks < 2^26 and the product fits.
  const uint64_t block = ((hash >> 32) * blocks) >> 32;
  const uint32_t key = static_cast<uint32_t>(hash);
  for (int i = 0; i < 8; ++i) {
    const uint32_t bit = (key * kSalt[i]) >> 27;
    const uint32_t word = LoadWord(bitset, block * kBlockBytes + 4 * i);
    if (((word >> bit) & 1U) == 0) return false;
  }
  return true;
}

std::optional<BloomFilterCheck> BloomFilterCheck::Load(const RuleContext& ctx,
                                                       const ByteReader& file,
                                                       size_t row_group,
                                                       size_t column,
                                                       const PassHooks& hooks) {
  const auto& groups = ctx.md.row_groups.value;
  if (row_group >= groups.size()) return std::nullopt;
  const auto& chunks = groups[row_group].value.columns.value;
  if (column >= chunks.size()) return std::nullopt;
  const ColumnChunk& cc = chunks[column].value;
  // Another file's offsets say nothing about this one, and an encrypted
  // column's filter is two modules, a header and a bitset (Encryption.md
  // 4.4.2), that its key opens.
  const ModuleKey* key = cc.crypto_metadata.present && ctx.crypto != nullptr
                             ? ctx.crypto->chunk_key(row_group, column)
                             : nullptr;
  if (!cc.meta_data.present || cc.file_path.present ||
      (cc.crypto_metadata.present && key == nullptr)) {
    return std::nullopt;
  }
  const auto place = [&](ModuleType type) {
    return ModulePlace{type, static_cast<uint32_t>(row_group),
                       static_cast<uint32_t>(column)};
  };
  const ColumnMetaData& m = cc.meta_data.value;
  const Spanned<int64_t>& offset = m.bloom_filter_offset;
  const Spanned<int32_t>& length = m.bloom_filter_length;
  const auto path = [&](std::string_view field) {
    return FieldPath("row_groups", row_group, "columns", column, field);
  };

  // row_group_metadata.cc reports offsets outside [data_begin, data_end) and
  // lengths that run past data_end.
  if (!offset.present || offset.value < 0) return std::nullopt;
  const uint64_t begin = static_cast<uint64_t>(offset.value);
  const uint64_t data_end = ctx.layout.data_end();
  if (begin < ctx.layout.data_begin() || begin >= data_end) return std::nullopt;
  if (length.present &&
      (length.value < 0 ||
       static_cast<uint64_t>(length.value) > data_end - begin)) {
    return std::nullopt;
  }
  // The whole filter where its length is known, else its header first.
  constexpr uint64_t kHeaderGuess = 256;
  const uint64_t guess =
      length.present ? static_cast<uint64_t>(length.value) : kHeaderGuess;
  FetchDecodable(hooks, file, begin, data_end, guess, data_end,
                 [](const ByteReader& window) {
                   return thrift::RunsOutOfBytes(window,
                                                 DecodeBloomFilterHeader);
                 });
  ByteReader bytes;
  if (!file.Sub(begin, data_end - begin, &bytes)) return std::nullopt;

  // The decoder keeps a view of the prefix, so it must outlive decoding.
  const std::string prefix = path("meta_data.bloom_filter");
  std::vector<std::byte> header_plaintext;
  Module header_module;
  if (key != nullptr) {
    hooks.Fetch({begin, data_end - begin});
    if (!ctx.crypto->Open(file, {begin, data_end, false}, *key,
                          place(ModuleType::kBloomFilterHeader), prefix,
                          ctx.sink, &header_plaintext, &header_module)) {
      return std::nullopt;
    }
    bytes = header_module.plaintext;
  }
  thrift::Decoder d(bytes, &ctx.sink);
  d.PushName(prefix);
  BloomFilterHeader h;
  const bool decoded = DecodeBloomFilterHeader(d, &h);
  d.Pop();
  if (!decoded || !h.num_bytes.present) return std::nullopt;
  if (key != nullptr && !d.reader().empty()) {
    ctx.crypto->NotePadding(ModuleType::kBloomFilterHeader,
                            {d.reader().position(), d.reader().remaining()},
                            prefix);
  }
  const uint64_t header_end =
      key != nullptr ? header_module.whole.end() : d.reader().position();
  const uint64_t header_size = header_end - begin;
  const std::string num_bytes_field = path("meta_data.bloom_filter.numBytes");

  const int32_t n = h.num_bytes.value;
  if (n <= 0 || n % kBlockBytes != 0) {
    ctx.sink.Report(Code::kBloomNumBytes, h.num_bytes.span, num_bytes_field,
                    StrCat("numBytes is ", n,
                           "; the bitset must be a positive number of "
                           "32-byte blocks"));
    return std::nullopt;
  }
  const uint64_t num_bytes = static_cast<uint64_t>(n);
  // An encrypted bitset is a GCM module around the numBytes bytes.
  const uint64_t stored =
      num_bytes + (key != nullptr ? kModuleLengthSize + kNonceSize + kTagSize
                                  : 0);
  const uint64_t end = header_end + stored;
  bool usable = true;
  if (length.present) {
    const uint64_t declared = static_cast<uint64_t>(length.value);
    if (header_size + stored != declared) {
      ctx.sink.Report(
          Code::kBloomLengthMismatch, length.span,
          path("meta_data.bloom_filter_length"),
          StrCat("the filter takes ", header_size + stored, " bytes (a ",
                 header_size, "-byte header and ",
                 key != nullptr ? "the module of " : "",
                 "numBytes ", num_bytes, "), but bloom_filter_length is ",
                 declared));
      // A bitset longer than the declared region runs into whatever
      // follows it.
      usable = header_size + stored < declared;
    }
  } else if (end > data_end) {
    // Without a length only the header says where the filter ends.
    if (end > file.end_offset()) {
      ctx.sink.Report(
          Code::kBloomNumBytes, h.num_bytes.span, num_bytes_field,
          StrCat("numBytes ", num_bytes,
                 " runs past the end of "
                 "the file: only ",
                 file.end_offset() - header_end, " bytes follow the header"));
    } else {
      ctx.sink.Report(
          Code::kBloomOutOfBounds, h.num_bytes.span, num_bytes_field,
          StrCat("the bitset [", header_end, ", ", end,
                 ") runs past the column data, which ends at ", data_end));
    }
    usable = false;
  }
  if (!std::has_single_bit(num_bytes)) {
    ctx.sink.Report(Code::kBloomNotPowerOfTwo, h.num_bytes.span,
                    num_bytes_field,
                    StrCat("numBytes ", num_bytes, " is not a power of two"));
  }
  for (const auto& [member, name] :
       {std::pair{&h.algorithm, "algorithm"}, std::pair{&h.hash, "hash"},
        std::pair{&h.compression, "compression"}}) {
    if (!member->present) {
      usable = false;  // The decoder reported the missing field.
    } else if (member->value != kKnownMember) {
      ctx.sink.Report(Code::kBloomUnsupported, member->whole(),
                      path(StrCat("meta_data.bloom_filter.", name)),
                      StrCat("the filter's ", name,
                             " is not one colcheck knows; its values were "
                             "not checked"));
      usable = false;
    }
  }
  if (!usable) return std::nullopt;

  BloomFilterCheck check;
  hooks.Fetch({header_end, stored}, data_end);
  if (key != nullptr) {
    auto plaintext = std::make_shared<std::vector<std::byte>>();
    Module bitset;
    if (!ctx.crypto->Open(file, {header_end, end, true}, *key,
                          place(ModuleType::kBloomFilterBitset),
                          path("bloom_filter.bitset"), ctx.sink,
                          plaintext.get(), &bitset)) {
      return std::nullopt;
    }
    check.bitset_ = *plaintext;
    check.bitset_span_ = bitset.ciphertext;
    check.plaintext_ = std::move(plaintext);
  } else {
    check.bitset_ = file.Bytes({header_end, num_bytes});
    check.bitset_span_ = {header_end, num_bytes};
  }
  if (check.bitset_.size() != num_bytes) return std::nullopt;
  check.file_ = file.data();
  check.file_base_ = file.begin_offset();
  if (const SchemaElement* leaf = ctx.Leaf(column); leaf != nullptr) {
    check.width_ = PlainWidth(*leaf);
  }
  check.where_ = path("meta_data.bloom_filter_offset");
  check.blocks_field_ = path("bloom_filter.blocks");
  return check;
}

std::optional<ByteSpan> BloomFilterCheck::FileSpan(
    std::span<const std::byte> value) const {
  if (value.data() == nullptr || file_.empty()) return std::nullopt;
  // Addresses, not pointer order: the value may live in any buffer.
  const auto at = reinterpret_cast<uintptr_t>(value.data());
  const auto base = reinterpret_cast<uintptr_t>(file_.data());
  if (at < base || at - base > file_.size() ||
      value.size() > file_.size() - (at - base)) {
    return std::nullopt;
  }
  return ByteSpan{file_base_ + (at - base), value.size()};
}

ByteSpan BloomFilterCheck::bitset_span() const { return bitset_span_; }

void BloomFilterCheck::Dictionary(const ValueBatch& batch) {
  if (batch.first == 0) dictionary_.clear();
  const auto add = [this](std::span<const std::byte> value) {
    Entry e;
    e.hash = BloomHash(value);
    if (const auto span = FileSpan(value)) {
      e.span = *span;
      e.in_file = true;
    }
    dictionary_.push_back(e);
  };
  if (batch.count == 0) return;
  if (batch.binary.size() == batch.count) {
    for (const auto& value : batch.binary) add(value);
    return;
  }
  const uint64_t width =
      width_ != 0 ? width_ : batch.fixed.size() / batch.count;
  if (width == 0 || batch.fixed.size() != batch.count * width) return;
  for (size_t i = 0; i < batch.count; ++i) {
    add(batch.fixed.subspan(i * width, width));
  }
}

void BloomFilterCheck::Values(const ValueBatch& batch, PageScope& scope) {
  if (batch.repeated) {
    // Copies of one value test alike: the value is tested once, and a
    // negative counts once per copy.
    ValueBatch one = batch;
    one.count = 1;
    one.repeated = false;
    const uint64_t negatives = negatives_;
    Values(one, scope);
    negatives_ += (negatives_ - negatives) * (batch.count - 1);
    return;
  }
  if (batch.count == 0) return;
  if (batch.indices.size() == batch.count) {
    for (size_t i = 0; i < batch.count; ++i) {
      const uint32_t index = batch.indices[i];
      // Indices past the dictionary are the decoder's to report.
      if (index >= dictionary_.size()) continue;
      Entry& e = dictionary_[index];
      if (e.tested) continue;
      e.tested = true;
      if (BloomMightContain(bitset_, e.hash)) continue;
      Miss(e.hash, e.in_file ? std::optional<ByteSpan>(e.span) : std::nullopt,
           batch.first + i, StrCat("dictionary entry ", index), scope);
    }
    return;
  }
  if (batch.binary.size() == batch.count) {
    for (size_t i = 0; i < batch.count; ++i) {
      const auto value = batch.binary[i];
      const uint64_t hash = BloomHash(value);
      if (BloomMightContain(bitset_, hash)) continue;
      Miss(hash, FileSpan(value), batch.first + i,
           StrCat("the value ", Preview(value)), scope);
    }
    return;
  }
  const uint64_t width =
      width_ != 0 ? width_ : batch.fixed.size() / batch.count;
  if (width == 0 || batch.fixed.size() != batch.count * width) return;
  for (size_t i = 0; i < batch.count; ++i) {
    const auto value = batch.fixed.subspan(i * width, width);
    const uint64_t hash = BloomHash(value);
    if (BloomMightContain(bitset_, hash)) continue;
    Miss(hash, FileSpan(value), batch.first + i,
         StrCat("the value ", Preview(value)), scope);
  }
}

void BloomFilterCheck::Miss(uint64_t hash, std::optional<ByteSpan> span,
                            uint64_t index, const std::string& what,
                            PageScope& scope) {
  ++negatives_;
  // Equal hashes test alike, so the hash stands for the value.
  if (reported_.size() >= kMaxReports || !reported_.insert(hash).second) {
    return;
  }
  const bool last = reported_.size() == kMaxReports;
  // The data is the truth, so the fault is in the 32-byte block of the
  // bitset the hash selects: one of its 8 bits is missing. The value is
  // named in the message, with its own bytes when they are in the file.
  const uint64_t blocks = bitset_.size() / kBlockBytes;
  const uint64_t block = ((hash >> 32) * blocks) >> 32;
  const std::optional<ByteSpan> block_span =
      FileSpan(bitset_.subspan(block * kBlockBytes, kBlockBytes));
  scope.sink().Report(
      Code::kBloomFalseNegative, block_span.value_or(span.value_or(scope.body())),
      StrCat(blocks_field_, "[", block, "]"),
      StrCat(what, " at ", scope.field(), ".values[", index, "]",
             span ? StrCat(" (bytes ", span->offset, "..", span->end(), ")")
                  : std::string(),
             ", XXH64 ", Hex64(hash), ", tests negative in block ", block,
             " of the chunk's bloom filter (", where_,
             "), so readers that use the filter skip rows that hold it",
             last ? "; further values that test negative in this "
                    "chunk are not reported"
                  : ""));
}

}  // namespace colcheck::parquet
