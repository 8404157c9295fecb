// The smallest Parquet files the narrow fuzz targets wrap their input in:
// one row group, one leaf column, one chunk. thrift_fuzzer and page_fuzzer
// put fuzzed bytes where a real file has a PageHeader, a page body, a page
// index or a bloom filter, and the file around them is what this header
// writes: PageHeaders and the FileMetaData footer, serialized with a tiny
// Thrift compact protocol writer.
//
//   "PAR1" | column data (the harness's) | FileMetaData | u32 LE len | "PAR1"
//
// fuzz/ may only use the public API, so this does not reuse the validator's
// Thrift reader or the generators' (Python) writer; it writes only what the
// two targets need. Field ids are those of validator/parquet/parquet.thrift.

#ifndef COLCHECK_FUZZ_MINIMAL_FILE_H_
#define COLCHECK_FUZZ_MINIMAL_FILE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck::fuzz {

// Enum values of parquet.thrift.
inline constexpr int32_t kTypeBoolean = 0;
inline constexpr int32_t kTypeInt32 = 1;
inline constexpr int32_t kTypeInt64 = 2;
inline constexpr int32_t kTypeInt96 = 3;
inline constexpr int32_t kTypeFloat = 4;
inline constexpr int32_t kTypeDouble = 5;
inline constexpr int32_t kTypeByteArray = 6;
inline constexpr int32_t kTypeFixedLenByteArray = 7;
inline constexpr int32_t kRequired = 0;
inline constexpr int32_t kOptional = 1;
inline constexpr int32_t kRepeated = 2;
inline constexpr int32_t kDataPage = 0;
inline constexpr int32_t kDictionaryPage = 2;
inline constexpr int32_t kDataPageV2 = 3;
inline constexpr int32_t kPlain = 0;
inline constexpr int32_t kPlainDictionary = 2;
inline constexpr int32_t kRle = 3;
inline constexpr int32_t kRleDictionary = 8;
inline constexpr int32_t kUncompressed = 0;

// Writes the Thrift compact protocol: one struct, fields in the order they
// are called, nested structs and lists of i32, binary or structs.
//
//   CompactWriter w;
//   w.I32(1, 7);
//   w.BeginStruct(5);  // a nested struct in field 5
//   w.I32(1, 3);
//   w.EndStruct();
//   w.EndStruct();     // the outermost struct's stop byte
class CompactWriter {
 public:
  enum Type : uint8_t {
    kBoolTrue = 1,
    kBoolFalse = 2,
    kI32 = 5,
    kI64 = 6,
    kBinary = 8,
    kList = 9,
    kStruct = 12,
  };

  void I32(int16_t id, int32_t value) {
    FieldHeader(id, kI32);
    ZigZag(value);
  }
  void I64(int16_t id, int64_t value) {
    FieldHeader(id, kI64);
    ZigZag(value);
  }
  // Compact Thrift stores a bool field's value in its type nibble.
  void Bool(int16_t id, bool value) {
    FieldHeader(id, value ? kBoolTrue : kBoolFalse);
  }
  void Binary(int16_t id, std::string_view value) {
    FieldHeader(id, kBinary);
    BinaryValue(value);
  }
  // A struct field; its fields follow, then EndStruct().
  void BeginStruct(int16_t id) {
    FieldHeader(id, kStruct);
    last_ids_.push_back(0);
  }
  // Writes the stop byte of the innermost open struct (or of the
  // outermost one, which is open from the start).
  void EndStruct() {
    bytes_.push_back(0);
    if (last_ids_.size() > 1) last_ids_.pop_back();
  }
  // A list field of `size` elements of `element` type; each then follows
  // as an I32Element, BinaryElement or BeginStructElement ... EndStruct.
  void BeginList(int16_t id, Type element, uint32_t size) {
    FieldHeader(id, kList);
    if (size < 15) {
      bytes_.push_back(static_cast<uint8_t>(size << 4 | element));
    } else {
      bytes_.push_back(static_cast<uint8_t>(0xf0 | element));
      Varint(size);
    }
  }
  void I32Element(int32_t value) { ZigZag(value); }
  void BinaryElement(std::string_view value) { BinaryValue(value); }
  void BeginStructElement() { last_ids_.push_back(0); }

  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  // Short form when the id is 1..15 above the previous field's.
  void FieldHeader(int16_t id, Type type) {
    const int delta = id - last_ids_.back();
    if (delta > 0 && delta <= 15) {
      bytes_.push_back(static_cast<uint8_t>(delta << 4 | type));
    } else {
      bytes_.push_back(type);
      ZigZag(id);
    }
    last_ids_.back() = id;
  }
  void BinaryValue(std::string_view value) {
    Varint(value.size());
    bytes_.insert(bytes_.end(), value.begin(), value.end());
  }
  void ZigZag(int64_t value) {
    Varint((static_cast<uint64_t>(value) << 1) ^
           static_cast<uint64_t>(value >> 63));
  }
  void Varint(uint64_t value) {
    while (value >= 0x80) {
      bytes_.push_back(static_cast<uint8_t>(value | 0x80));
      value >>= 7;
    }
    bytes_.push_back(static_cast<uint8_t>(value));
  }

  std::vector<uint8_t> bytes_;
  std::vector<int16_t> last_ids_{0};  // One per open struct.
};

// What a PageHeader says. Only the sub-header of `type` is written.
struct PageHeaderSpec {
  int32_t type = kDataPage;
  int32_t uncompressed_page_size = 0;
  int32_t compressed_page_size = 0;
  int32_t num_values = 0;
  int32_t encoding = kPlain;
  // DATA_PAGE_V2 only.
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  bool is_compressed = true;
};

inline std::vector<uint8_t> PageHeaderBytes(const PageHeaderSpec& h) {
  CompactWriter w;
  w.I32(1, h.type);
  w.I32(2, h.uncompressed_page_size);
  w.I32(3, h.compressed_page_size);
  if (h.type == kDictionaryPage) {
    w.BeginStruct(7);
    w.I32(1, h.num_values);
    w.I32(2, h.encoding);
    w.EndStruct();
  } else if (h.type == kDataPageV2) {
    w.BeginStruct(8);
    w.I32(1, h.num_values);
    w.I32(2, h.num_nulls);
    w.I32(3, h.num_rows);
    w.I32(4, h.encoding);
    w.I32(5, h.definition_levels_byte_length);
    w.I32(6, h.repetition_levels_byte_length);
    // Written only when false, its default, as writers do.
    if (!h.is_compressed) w.Bool(7, false);
    w.EndStruct();
  } else {
    w.BeginStruct(5);
    w.I32(1, h.num_values);
    w.I32(2, h.encoding);
    w.I32(3, kRle);
    w.I32(4, kRle);
    w.EndStruct();
  }
  w.EndStruct();
  return w.bytes();
}

// An optional [offset, offset + length) region a ColumnChunk points to.
struct Region {
  bool present = false;
  int64_t offset = 0;
  int32_t length = 0;
};

// The one leaf column and its one chunk. The schema is
//
//   schema (root) -> g0 -> g1 ... -> v (the leaf)
//
// with `repeated_levels` REPEATED nodes, then `optional_levels` OPTIONAL
// ones, the last of them the leaf itself (REQUIRED when there are none):
// max repetition level = repeated_levels, max definition level =
// repeated_levels + optional_levels.
struct ChunkSpec {
  int32_t physical_type = kTypeInt32;
  int32_t type_length = 0;  // Written for FIXED_LEN_BYTE_ARRAY only.
  int repeated_levels = 0;
  int optional_levels = 0;
  int32_t codec = kUncompressed;
  std::vector<int32_t> encodings = {kPlain};
  int64_t num_rows = 0;
  int64_t num_values = 0;
  int64_t data_page_offset = 4;
  Region dictionary_page;  // Only its offset is written.
  int64_t total_compressed_size = 0;
  int64_t total_uncompressed_size = 0;
  Region column_index;
  Region offset_index;
  Region bloom_filter;
};

inline std::vector<uint8_t> FileMetaDataBytes(const ChunkSpec& c) {
  const int levels = c.repeated_levels + c.optional_levels;
  std::vector<std::string> path;
  for (int i = 0; i + 1 < levels; ++i) path.push_back("g" + std::to_string(i));
  path.push_back("v");

  CompactWriter w;
  w.I32(1, 2);  // version
  w.BeginList(2, CompactWriter::kStruct,
              static_cast<uint32_t>(path.size()) + 1);
  w.BeginStructElement();
  w.Binary(4, "schema");
  w.I32(5, 1);
  w.EndStruct();
  for (size_t i = 0; i < path.size(); ++i) {
    const bool leaf = i + 1 == path.size();
    const int32_t repetition = levels == 0 ? kRequired
                               : static_cast<int>(i) < c.repeated_levels
                                   ? kRepeated
                                   : kOptional;
    w.BeginStructElement();
    if (leaf) {
      w.I32(1, c.physical_type);
      if (c.physical_type == kTypeFixedLenByteArray) w.I32(2, c.type_length);
    }
    w.I32(3, repetition);
    w.Binary(4, path[i]);
    if (!leaf) w.I32(5, 1);
    w.EndStruct();
  }
  w.I64(3, c.num_rows);
  w.BeginList(4, CompactWriter::kStruct, 1);
  w.BeginStructElement();  // RowGroup
  w.BeginList(1, CompactWriter::kStruct, 1);
  w.BeginStructElement();  // ColumnChunk
  w.I64(2, 0);             // file_offset: deprecated, 0 as writers do.
  w.BeginStruct(3);        // ColumnMetaData
  w.I32(1, c.physical_type);
  w.BeginList(2, CompactWriter::kI32,
              static_cast<uint32_t>(c.encodings.size()));
  for (const int32_t encoding : c.encodings) w.I32Element(encoding);
  w.BeginList(3, CompactWriter::kBinary, static_cast<uint32_t>(path.size()));
  for (const std::string& name : path) w.BinaryElement(name);
  w.I32(4, c.codec);
  w.I64(5, c.num_values);
  w.I64(6, c.total_uncompressed_size);
  w.I64(7, c.total_compressed_size);
  w.I64(9, c.data_page_offset);
  if (c.dictionary_page.present) w.I64(11, c.dictionary_page.offset);
  if (c.bloom_filter.present) {
    w.I64(14, c.bloom_filter.offset);
    w.I32(15, c.bloom_filter.length);
  }
  w.EndStruct();  // ColumnMetaData
  if (c.offset_index.present) {
    w.I64(4, c.offset_index.offset);
    w.I32(5, c.offset_index.length);
  }
  if (c.column_index.present) {
    w.I64(6, c.column_index.offset);
    w.I32(7, c.column_index.length);
  }
  w.EndStruct();  // ColumnChunk
  w.I64(2, c.total_uncompressed_size);
  w.I64(3, c.num_rows);
  w.EndStruct();  // RowGroup
  w.Binary(6, "colcheck-fuzz version 0.1.0");
  w.EndStruct();
  return w.bytes();
}

// Appends `bytes` to `file`.
inline void Append(std::span<const uint8_t> bytes, std::vector<uint8_t>* file) {
  file->insert(file->end(), bytes.begin(), bytes.end());
}

// The leading magic, with which every file's column data starts.
inline std::vector<uint8_t> BeginFile() { return {'P', 'A', 'R', '1'}; }

// Appends the footer for `chunk` and the 8-byte tail to `file`.
inline void FinishFile(const ChunkSpec& chunk, std::vector<uint8_t>* file) {
  const std::vector<uint8_t> footer = FileMetaDataBytes(chunk);
  Append(footer, file);
  const auto length = static_cast<uint32_t>(footer.size());
  for (int shift = 0; shift < 32; shift += 8) {
    file->push_back(static_cast<uint8_t>(length >> shift));
  }
  file->insert(file->end(), {'P', 'A', 'R', '1'});
}

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MINIMAL_FILE_H_
