// The smallest Parquet files the narrow fuzz targets wrap their input in:
// one row group, one leaf column, one chunk. thrift_fuzzer and page_fuzzer
// put fuzzed bytes where a real file has a PageHeader, a page body, a page
// index or a bloom filter, and the file around them is what this header
// writes: PageHeaders and the FileMetaData footer, serialized with
// CompactWriter.
//
//   "PAR1" | column data (the harness's) | FileMetaData | u32 LE len | "PAR1"
//
// It writes only what the two targets need. Field ids are those of
// validator/parquet/parquet.thrift; enum values are parquet/metadata.h's.

#ifndef COLCHECK_TESTING_ONE_CHUNK_FILE_H_
#define COLCHECK_TESTING_ONE_CHUNK_FILE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/strings.h"
#include "parquet/metadata.h"
#include "testing/compact_writer.h"
#include "thrift/compact_reader.h"

namespace colcheck::testing {

// The bytes `w` wrote, as the fuzz targets hold files.
inline std::vector<uint8_t> WrittenBytes(const CompactWriter& w) {
  const std::vector<std::byte>& b = w.bytes();
  return std::vector<uint8_t>(
      reinterpret_cast<const uint8_t*>(b.data()),
      reinterpret_cast<const uint8_t*>(b.data()) + b.size());
}

// A struct field `id`; its fields follow, then EndStruct().
inline void BeginStructField(CompactWriter& w, int16_t id) {
  w.FieldHeader(id, thrift::WireType::kStruct);
  w.BeginStruct();
}

// A list field `id` of `size` elements of `element` type.
inline void BeginListField(CompactWriter& w, int16_t id,
                           thrift::WireType element, size_t size) {
  w.FieldHeader(id, thrift::WireType::kList);
  w.ListHeader(element, size);
}

// What a PageHeader says. Only the sub-header of `type` is written.
struct PageHeaderSpec {
  int32_t type = parquet::kDataPage;
  int32_t uncompressed_page_size = 0;
  int32_t compressed_page_size = 0;
  int32_t num_values = 0;
  int32_t encoding = parquet::kPlain;
  // DATA_PAGE_V2 only.
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  bool is_compressed = true;
};

inline std::vector<uint8_t> PageHeaderBytes(const PageHeaderSpec& h) {
  CompactWriter w;
  w.I32Field(1, h.type);
  w.I32Field(2, h.uncompressed_page_size);
  w.I32Field(3, h.compressed_page_size);
  if (h.type == parquet::kDictionaryPage) {
    BeginStructField(w, 7);
    w.I32Field(1, h.num_values);
    w.I32Field(2, h.encoding);
    w.EndStruct();
  } else if (h.type == parquet::kDataPageV2) {
    BeginStructField(w, 8);
    w.I32Field(1, h.num_values);
    w.I32Field(2, h.num_nulls);
    w.I32Field(3, h.num_rows);
    w.I32Field(4, h.encoding);
    w.I32Field(5, h.definition_levels_byte_length);
    w.I32Field(6, h.repetition_levels_byte_length);
    // Written only when false, its default, as writers do.
    if (!h.is_compressed) w.BoolField(7, false);
    w.EndStruct();
  } else {
    BeginStructField(w, 5);
    w.I32Field(1, h.num_values);
    w.I32Field(2, h.encoding);
    w.I32Field(3, parquet::kRle);
    w.I32Field(4, parquet::kRle);
    w.EndStruct();
  }
  w.EndStruct();
  return WrittenBytes(w);
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
  int32_t physical_type = parquet::kInt32;
  int32_t type_length = 0;  // Written for FIXED_LEN_BYTE_ARRAY only.
  int repeated_levels = 0;
  int optional_levels = 0;
  int32_t codec = parquet::kUncompressed;
  std::vector<int32_t> encodings = {parquet::kPlain};
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
  for (int i = 0; i + 1 < levels; ++i) path.push_back(StrCat("g", i));
  path.push_back("v");

  CompactWriter w;
  w.I32Field(1, 2);  // version
  BeginListField(w, 2, thrift::WireType::kStruct,
                 static_cast<uint32_t>(path.size()) + 1);
  w.BeginStruct();
  w.BinaryField(4, "schema");
  w.I32Field(5, 1);
  w.EndStruct();
  for (size_t i = 0; i < path.size(); ++i) {
    const bool leaf = i + 1 == path.size();
    const int32_t repetition = levels == 0 ? parquet::kRequired
                               : static_cast<int>(i) < c.repeated_levels
                                   ? parquet::kRepeated
                                   : parquet::kOptional;
    w.BeginStruct();
    if (leaf) {
      w.I32Field(1, c.physical_type);
      if (c.physical_type == parquet::kFixedLenByteArray) {
        w.I32Field(2, c.type_length);
      }
    }
    w.I32Field(3, repetition);
    w.BinaryField(4, path[i]);
    if (!leaf) w.I32Field(5, 1);
    w.EndStruct();
  }
  w.I64Field(3, c.num_rows);
  BeginListField(w, 4, thrift::WireType::kStruct, 1);
  w.BeginStruct();  // RowGroup
  BeginListField(w, 1, thrift::WireType::kStruct, 1);
  w.BeginStruct();         // ColumnChunk
  w.I64Field(2, 0);        // file_offset: deprecated, 0 as writers do.
  BeginStructField(w, 3);  // ColumnMetaData
  w.I32Field(1, c.physical_type);
  BeginListField(w, 2, thrift::WireType::kI32,
                 static_cast<uint32_t>(c.encodings.size()));
  for (const int32_t encoding : c.encodings) w.I32(encoding);
  BeginListField(w, 3, thrift::WireType::kBinary,
                 static_cast<uint32_t>(path.size()));
  for (const std::string& name : path) w.Binary(name);
  w.I32Field(4, c.codec);
  w.I64Field(5, c.num_values);
  w.I64Field(6, c.total_uncompressed_size);
  w.I64Field(7, c.total_compressed_size);
  w.I64Field(9, c.data_page_offset);
  if (c.dictionary_page.present) w.I64Field(11, c.dictionary_page.offset);
  if (c.bloom_filter.present) {
    w.I64Field(14, c.bloom_filter.offset);
    w.I32Field(15, c.bloom_filter.length);
  }
  w.EndStruct();  // ColumnMetaData
  if (c.offset_index.present) {
    w.I64Field(4, c.offset_index.offset);
    w.I32Field(5, c.offset_index.length);
  }
  if (c.column_index.present) {
    w.I64Field(6, c.column_index.offset);
    w.I32Field(7, c.column_index.length);
  }
  w.EndStruct();  // ColumnChunk
  w.I64Field(2, c.total_uncompressed_size);
  w.I64Field(3, c.num_rows);
  w.EndStruct();  // RowGroup
  w.BinaryField(6, "colcheck-fuzz version 0.1.0");
  w.EndStruct();
  return WrittenBytes(w);
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

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_ONE_CHUNK_FILE_H_
