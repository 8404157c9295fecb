// Fuzz target: a single data page, as Arrow's encoding fuzz target takes
// one. A 10-byte header selects the column's shape and the page's header;
// the rest of the input is the page body, as stored (levels and values,
// compressed by the chunk's codec). The harness writes the PageHeader and
// a footer with one leaf of that shape around it
// (validator/testing/one_chunk_file.h) and validates at the full level, so the
// fuzzer spends its time in the codecs, the level decoders and the value
// decoders.
//
//   byte 0: shape            byte 1: page
//   +--+-----+-----+-------+ +--+-------+---------+
//   |V2| rep | opt | type  | |U | codec | encoding|
//   +--+-----+-----+-------+ +--+-------+---------+
//    7  6   5 4   3 2     0   7  6   4   3       0
//
//   type      physical type 0..7 (BOOLEAN .. FIXED_LEN_BYTE_ARRAY)
//   opt, rep  each modulo 3: rep REPEATED then opt OPTIONAL levels above
//             the leaf; max repetition level rep, max definition level
//             rep + opt (0..4)
//   V2        DATA_PAGE_V2 instead of DATA_PAGE
//   encoding  modulo 10: the value of the Encoding enum (1, GROUP_VAR_INT,
//             is rejected by the validator; 10..15 weigh 0..5 double)
//   codec     the CompressionCodec, 0..7 (UNCOMPRESSED .. LZ4_RAW)
//   U         V2 only: is_compressed = false
//
//   byte 2     type_length, written for FIXED_LEN_BYTE_ARRAY only
//   byte 3     num_values (page and chunk)
//   byte 4     num_rows (the row group, the file and V2's header)
//   byte 5     V2 num_nulls
//   byte 6     V2 repetition_levels_byte_length
//   byte 7     V2 definition_levels_byte_length
//   bytes 8-9  uncompressed_page_size, u16 LE; ignored for UNCOMPRESSED,
//              where it is the body's size, so only compressed pages need
//              the fuzzer to find it
//   bytes 10.. the page body
//
// A dictionary-encoded page (PLAIN_DICTIONARY, RLE_DICTIONARY) in an
// UNCOMPRESSED chunk is preceded by a dictionary page the harness writes:
// 8 distinct PLAIN values of the column's type (2 for BOOLEAN). In a
// compressed chunk it has none, since the harness cannot compress one; the
// indices decode the same either way.

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "fuzz_oracles.h"
#include "testing/one_chunk_file.h"

namespace colcheck::fuzz {
namespace {

using namespace ::colcheck::testing;  // NOLINT: the file specs and enums.

constexpr size_t kSelectorSize = 10;
constexpr int kDictionaryEntries = 8;

struct Selector {
  int32_t physical_type;
  int optional_levels;
  int repeated_levels;
  bool v2;
  int32_t encoding;
  int32_t codec;
  bool values_uncompressed;
  int32_t type_length;
  int32_t num_values;
  int32_t num_rows;
  int32_t num_nulls;
  int32_t repetition_levels_byte_length;
  int32_t definition_levels_byte_length;
  int32_t uncompressed_page_size;
};

Selector ParseSelector(const uint8_t* s) {
  Selector out;
  out.physical_type = s[0] & 0x07;
  out.optional_levels = ((s[0] >> 3) & 0x03) % 3;
  out.repeated_levels = ((s[0] >> 5) & 0x03) % 3;
  out.v2 = (s[0] & 0x80) != 0;
  out.encoding = (s[1] & 0x0f) % 10;
  out.codec = (s[1] >> 4) & 0x07;
  out.values_uncompressed = (s[1] & 0x80) != 0;
  out.type_length = s[2];
  out.num_values = s[3];
  out.num_rows = s[4];
  out.num_nulls = s[5];
  out.repetition_levels_byte_length = s[6];
  out.definition_levels_byte_length = s[7];
  out.uncompressed_page_size = s[8] | s[9] << 8;
  return out;
}

// Parquet is little-endian, and so is every host the fuzzers run on.
static_assert(std::endian::native == std::endian::little);

template <typename T>
void AppendLittleEndian(T value, std::vector<uint8_t>* out) {
  uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out->insert(out->end(), bytes, bytes + sizeof(T));
}

// The PLAIN values of a dictionary of distinct entries: i for the numeric
// types, "a" + i for BYTE_ARRAY, i in the first byte for fixed-width byte
// arrays (all empty, so not distinct, for the invalid type_length 0).
std::vector<uint8_t> DictionaryValues(int32_t type, int32_t type_length,
                                      int32_t* count) {
  std::vector<uint8_t> out;
  if (type == parquet::kBoolean) {
    *count = 2;
    out.push_back(0x02);  // false, true: bit-packed, least significant first.
    return out;
  }
  *count = kDictionaryEntries;
  for (int i = 0; i < kDictionaryEntries; ++i) {
    switch (type) {
      case parquet::kInt32:
        AppendLittleEndian<int32_t>(i, &out);
        break;
      case parquet::kInt64:
        AppendLittleEndian<int64_t>(i, &out);
        break;
      case parquet::kInt96:
        AppendLittleEndian<int64_t>(i, &out);
        AppendLittleEndian<int32_t>(0, &out);
        break;
      case parquet::kFloat:
        AppendLittleEndian<float>(static_cast<float>(i), &out);
        break;
      case parquet::kDouble:
        AppendLittleEndian<double>(i, &out);
        break;
      case parquet::kByteArray:
        AppendLittleEndian<uint32_t>(1, &out);
        out.push_back(static_cast<uint8_t>('a' + i));
        break;
      default:  // FIXED_LEN_BYTE_ARRAY
        for (int32_t b = 0; b < type_length; ++b) {
          out.push_back(b == 0 ? static_cast<uint8_t>(i) : 0);
        }
    }
  }
  return out;
}

void Run(const Selector& s, std::span<const uint8_t> body) {
  ChunkSpec chunk;
  chunk.physical_type = s.physical_type;
  chunk.type_length = s.type_length;
  chunk.repeated_levels = s.repeated_levels;
  chunk.optional_levels = s.optional_levels;
  chunk.codec = s.codec;
  chunk.num_rows = s.num_rows;
  chunk.num_values = s.num_values;
  chunk.encodings = {s.encoding};
  if (s.repeated_levels + s.optional_levels > 0) {
    chunk.encodings.push_back(parquet::kRle);
  }

  std::vector<uint8_t> file = BeginFile();
  const bool dictionary_encoded = s.encoding == parquet::kPlainDictionary ||
                                  s.encoding == parquet::kRleDictionary;
  if (dictionary_encoded && s.codec == parquet::kUncompressed) {
    PageHeaderSpec h;
    h.type = parquet::kDictionaryPage;
    const std::vector<uint8_t> values =
        DictionaryValues(s.physical_type, s.type_length, &h.num_values);
    // PLAIN_DICTIONARY data pages come with a PLAIN_DICTIONARY dictionary
    // page (format 1.0); RLE_DICTIONARY ones with a PLAIN one.
    h.encoding = s.encoding == parquet::kPlainDictionary
                     ? parquet::kPlainDictionary
                     : parquet::kPlain;
    if (h.encoding != s.encoding) chunk.encodings.push_back(h.encoding);
    h.uncompressed_page_size = static_cast<int32_t>(values.size());
    h.compressed_page_size = static_cast<int32_t>(values.size());
    chunk.dictionary_page = {true, static_cast<int64_t>(file.size()), 0};
    Append(PageHeaderBytes(h), &file);
    Append(values, &file);
  }

  PageHeaderSpec h;
  h.type = s.v2 ? parquet::kDataPageV2 : parquet::kDataPage;
  h.compressed_page_size = static_cast<int32_t>(body.size());
  h.uncompressed_page_size = s.codec == parquet::kUncompressed
                                 ? static_cast<int32_t>(body.size())
                                 : s.uncompressed_page_size;
  h.num_values = s.num_values;
  h.encoding = s.encoding;
  h.num_nulls = s.num_nulls;
  h.num_rows = s.num_rows;
  h.repetition_levels_byte_length = s.repetition_levels_byte_length;
  h.definition_levels_byte_length = s.definition_levels_byte_length;
  h.is_compressed = !s.values_uncompressed;
  const std::vector<uint8_t> header = PageHeaderBytes(h);
  chunk.data_page_offset = static_cast<int64_t>(file.size());
  Append(header, &file);
  Append(body, &file);

  const auto chunk_begin = static_cast<int64_t>(
      chunk.dictionary_page.present ? chunk.dictionary_page.offset
                                    : chunk.data_page_offset);
  chunk.total_compressed_size = static_cast<int64_t>(file.size()) - chunk_begin;
  chunk.total_uncompressed_size = chunk.total_compressed_size -
                                  h.compressed_page_size +
                                  h.uncompressed_page_size;
  FinishFile(chunk, &file);
  ValidateAndCheck(std::as_bytes(std::span<const uint8_t>(file)), Level::kFull);
}

}  // namespace
}  // namespace colcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using colcheck::fuzz::kSelectorSize;
  // Bodies past 2 GiB cannot be described by compressed_page_size.
  if (size < kSelectorSize || size - kSelectorSize > INT32_MAX) return 0;
  colcheck::fuzz::Run(
      colcheck::fuzz::ParseSelector(data),
      std::span<const uint8_t>(data + kSelectorSize, size - kSelectorSize));
  return 0;
}
