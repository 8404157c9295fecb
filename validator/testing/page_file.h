// PageFile: a Parquet file of one column chunk built page by page, for
// tests of the page walk that break one thing and expect a diagnostic at
// exactly the bytes they broke.
//
//   0      4                                            footer
//   | PAR1 | page header | body | page header | body |... | FileMetaData |
//   | u32 length | PAR1 |
//
// The schema is `message schema { <repetition> <type> a; }`, or more leaves
// of that type each with a chunk over the same pages (set_leaves). Each
// Add*Page writes a PageHeader with CompactWriter at its absolute offset
// and returns the spans of its fields; Finish() writes the footer, deriving
// the chunk's totals from the pages unless a test overrides them.

#ifndef COLCHECK_TESTING_PAGE_FILE_H_
#define COLCHECK_TESTING_PAGE_FILE_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "testing/bytes.h"
#include "testing/compact_writer.h"
#include "thrift/compact_reader.h"

namespace colcheck::testing {

// ---- page bodies ------------------------------------------------------------

inline void AppendU32(Bytes* out, uint32_t v) {
  for (int i = 0; i < 4; ++i) {
    out->push_back(std::byte{static_cast<uint8_t>(v >> (8 * i))});
  }
}
inline void AppendVarint(Bytes* out, uint64_t v) {
  do {
    uint8_t b = v & 0x7F;
    v >>= 7;
    if (v != 0) b |= 0x80;
    out->push_back(std::byte{b});
  } while (v != 0);
}
// PLAIN INT32 values.
inline Bytes PlainInt32(std::initializer_list<int32_t> values) {
  Bytes out;
  for (int32_t v : values) AppendU32(&out, static_cast<uint32_t>(v));
  return out;
}
// PLAIN BYTE_ARRAY values.
inline Bytes PlainByteArrays(std::initializer_list<std::string_view> values) {
  Bytes out;
  for (std::string_view v : values) {
    AppendU32(&out, static_cast<uint32_t>(v.size()));
    for (char c : v) out.push_back(static_cast<std::byte>(c));
  }
  return out;
}
// One RLE run of `count` copies of `value`, `bit_width` wide.
inline void AppendRleRun(Bytes* out, uint32_t count, uint32_t value,
                         int bit_width) {
  AppendVarint(out, uint64_t{count} << 1);
  for (int i = 0; i < (bit_width + 7) / 8; ++i) {
    out->push_back(std::byte{static_cast<uint8_t>(value >> (8 * i))});
  }
}
// A hybrid section of RLE runs {count, value}, without a length prefix.
inline Bytes RleRuns(std::initializer_list<std::pair<uint32_t, uint32_t>> runs,
                     int bit_width) {
  Bytes out;
  for (const auto& [count, value] : runs) {
    AppendRleRun(&out, count, value, bit_width);
  }
  return out;
}
// The same with the 4-byte length prefix of V1 levels.
inline Bytes LengthPrefixed(const Bytes& section) {
  Bytes out;
  AppendU32(&out, static_cast<uint32_t>(section.size()));
  Append(&out, section);
  return out;
}

// ---- pages ------------------------------------------------------------------

struct PageSpans {
  ByteSpan header;  // The whole PageHeader.
  ByteSpan body;
  FieldSpans type;
  FieldSpans uncompressed_page_size;
  FieldSpans compressed_page_size;
  FieldSpans crc;
  FieldSpans num_values;
  FieldSpans encoding;
  FieldSpans definition_level_encoding;
  FieldSpans repetition_level_encoding;
  FieldSpans num_nulls;
  FieldSpans num_rows;
  FieldSpans definition_levels_byte_length;
  FieldSpans repetition_levels_byte_length;
};

struct PageOptions {
  int32_t type = 0;  // DATA_PAGE
  int32_t num_values = 0;
  int32_t encoding = 0;  // PLAIN
  int32_t definition_level_encoding = 3;  // RLE
  int32_t repetition_level_encoding = 3;
  // V2 only.
  int32_t num_nulls = 0;
  int32_t num_rows = 0;
  int32_t definition_levels_byte_length = 0;
  int32_t repetition_levels_byte_length = 0;
  std::optional<bool> is_compressed;
  // Overrides of the sizes the body implies.
  std::optional<int32_t> uncompressed_page_size;
  std::optional<int32_t> compressed_page_size;
  std::optional<uint32_t> crc;
  bool omit_type_header = false;
  bool extra_index_header = false;  // Also writes index_page_header.
};

struct ColumnOptions {
  int32_t physical = 1;  // INT32
  int32_t type_length = 0;
  int32_t repetition = 0;  // REQUIRED
  std::optional<int32_t> converted_type = std::nullopt;
  int32_t codec = 0;
  std::vector<int32_t> encodings = {0, 3};
};

struct ChunkOverrides {
  std::optional<int64_t> num_values = std::nullopt;
  std::optional<int64_t> total_compressed_size = std::nullopt;
  std::optional<int64_t> total_uncompressed_size = std::nullopt;
  std::optional<int64_t> data_page_offset = std::nullopt;
  std::optional<int64_t> dictionary_page_offset = std::nullopt;
  std::optional<int64_t> row_group_num_rows = std::nullopt;
  bool omit_dictionary_page_offset = false;
};

struct PageFile {
  Bytes bytes;
  // Fields of the last leaf's ColumnChunk, the only one unless set_leaves
  // names more.
  FieldSpans num_values;
  FieldSpans total_compressed_size;
  FieldSpans total_uncompressed_size;
  FieldSpans data_page_offset;
  FieldSpans dictionary_page_offset;
  FieldSpans row_group_num_rows;

  std::span<const std::byte> span() const { return bytes; }
};

class PageFileBuilder {
 public:
  explicit PageFileBuilder(ColumnOptions column = {}) : column_(column) {
    for (char c : std::string_view("PAR1")) {
      data_.push_back(static_cast<std::byte>(c));
    }
  }

  // Writes a page with `body` stored as is (already compressed, if the
  // codec compresses). `uncompressed_size` is the size the header
  // declares unless the options override it.
  PageSpans AddPage(const PageOptions& o, const Bytes& body,
                    std::optional<int32_t> uncompressed_size = {}) {
    using thrift::WireType;
    const uint64_t start = data_.size();
    CompactWriter w(start);
    PageSpans s;
    const int32_t compressed =
        o.compressed_page_size.value_or(static_cast<int32_t>(body.size()));
    const int32_t uncompressed = o.uncompressed_page_size.value_or(
        uncompressed_size.value_or(static_cast<int32_t>(body.size())));
    s.type = w.I32Field(1, o.type);
    s.uncompressed_page_size = w.I32Field(2, uncompressed);
    s.compressed_page_size = w.I32Field(3, compressed);
    if (o.crc) s.crc = w.I32Field(4, static_cast<int32_t>(*o.crc));
    if (!o.omit_type_header) WriteTypeHeader(o, &w, &s);
    if (o.extra_index_header) {
      w.FieldHeader(6, WireType::kStruct);
      w.BeginStruct();
      w.EndStruct();
    }
    w.EndStruct();
    s.header = {start, w.size()};
    Append(&data_, w.bytes());
    s.body = {data_.size(), body.size()};
    Append(&data_, body);
    if (o.type == 0 || o.type == 3) {
      num_values_ += o.num_values;
      if (!first_data_page_) first_data_page_ = start;
    } else if (o.type == 2 && !dictionary_page_) {
      dictionary_page_ = start;
    }
    uncompressed_total_ += s.header.length + static_cast<uint64_t>(uncompressed);
    return s;
  }

  // Writes a DATA_PAGE_V2 whose body is its repetition levels, definition
  // levels and values, with the level lengths the header declares set to
  // the sections' sizes. `o.type` and those lengths are ignored.
  PageSpans AddV2Page(PageOptions o, const Bytes& repetition_levels,
                      const Bytes& definition_levels, const Bytes& values) {
    o.type = 3;  // DATA_PAGE_V2
    o.repetition_levels_byte_length =
        static_cast<int32_t>(repetition_levels.size());
    o.definition_levels_byte_length =
        static_cast<int32_t>(definition_levels.size());
    return AddPage(o, Concat({repetition_levels, definition_levels, values}));
  }

  // Bytes inside the chunk that are no page.
  ByteSpan AddRaw(const Bytes& bytes) {
    const ByteSpan span{data_.size(), bytes.size()};
    Append(&data_, bytes);
    return span;
  }

  // Rows the chunk holds (RowGroup.num_rows and FileMetaData.num_rows).
  void set_num_rows(int64_t rows) { num_rows_ = rows; }

  // FileMetaData.created_by, for the writer-specific rules.
  void set_created_by(std::string created_by) {
    created_by_ = std::move(created_by);
  }

  // The schema's leaves, "a" unless set. Every leaf's ColumnChunk spans
  // the same pages, so that more than one makes chunks that claim the same
  // bytes.
  void set_leaves(std::vector<std::string> names) {
    leaves_ = std::move(names);
  }

  // An i32 field `id` that FileMetaData does not define, written last in
  // it, for the tests of how unknown fields are read and shown.
  void set_unknown_field(int16_t id, int32_t value) {
    unknown_field_ = {id, value};
  }

  PageFile Finish(const ChunkOverrides& o = {}) {
    using thrift::WireType;
    PageFile f;
    const uint64_t chunk_end = data_.size();
    const uint64_t chunk_start = 4;  // The first page, whatever its type.
    CompactWriter w(chunk_end);
    w.I32Field(1, 2);
    w.FieldHeader(2, WireType::kList);
    w.ListHeader(WireType::kStruct, 1 + leaves_.size());
    w.BeginStruct();
    w.BinaryField(4, "schema");
    w.I32Field(5, static_cast<int32_t>(leaves_.size()));
    w.EndStruct();
    for (const std::string& leaf : leaves_) {
      w.BeginStruct();
      w.I32Field(1, column_.physical);
      if (column_.type_length > 0) w.I32Field(2, column_.type_length);
      w.I32Field(3, column_.repetition);
      w.BinaryField(4, leaf);
      if (column_.converted_type) w.I32Field(6, *column_.converted_type);
      w.EndStruct();
    }
    const int64_t rows = o.row_group_num_rows.value_or(
        num_rows_.value_or(num_values_));
    w.I64Field(3, num_rows_.value_or(num_values_));
    w.FieldHeader(4, WireType::kList);
    w.ListHeader(WireType::kStruct, 1);
    w.BeginStruct();  // RowGroup
    w.FieldHeader(1, WireType::kList);
    w.ListHeader(WireType::kStruct, leaves_.size());
    for (const std::string& leaf : leaves_) {
      w.BeginStruct();  // ColumnChunk
      w.I64Field(2, static_cast<int64_t>(chunk_start));
      w.FieldHeader(3, WireType::kStruct);
      w.BeginStruct();  // ColumnMetaData
      w.I32Field(1, column_.physical);
      w.FieldHeader(2, WireType::kList);
      w.ListHeader(WireType::kI32, column_.encodings.size());
      for (int32_t e : column_.encodings) w.I32(e);
      w.FieldHeader(3, WireType::kList);
      w.ListHeader(WireType::kBinary, 1);
      w.Binary(leaf);
      w.I32Field(4, column_.codec);
      f.num_values = w.I64Field(5, o.num_values.value_or(num_values_));
      f.total_uncompressed_size =
          w.I64Field(6, o.total_uncompressed_size.value_or(
                            static_cast<int64_t>(uncompressed_total_)));
      f.total_compressed_size =
          w.I64Field(7, o.total_compressed_size.value_or(
                            static_cast<int64_t>(chunk_end - chunk_start)));
      f.data_page_offset = w.I64Field(
          9, o.data_page_offset.value_or(
                 static_cast<int64_t>(first_data_page_.value_or(4))));
      if (!o.omit_dictionary_page_offset &&
          (o.dictionary_page_offset || dictionary_page_)) {
        f.dictionary_page_offset = w.I64Field(
            11, o.dictionary_page_offset.value_or(
                    static_cast<int64_t>(dictionary_page_.value_or(0))));
      }
      w.EndStruct();  // ColumnMetaData
      w.EndStruct();  // ColumnChunk
    }
    w.I64Field(2, static_cast<int64_t>(chunk_end - chunk_start));
    f.row_group_num_rows = w.I64Field(3, rows);
    w.EndStruct();  // RowGroup
    w.BinaryField(6, created_by_);
    if (unknown_field_) {
      w.I32Field(unknown_field_->first, unknown_field_->second);
    }
    w.EndStruct();  // FileMetaData
    f.bytes = data_;
    Append(&f.bytes, w.bytes());
    AppendU32(&f.bytes, static_cast<uint32_t>(w.size()));
    for (char c : std::string_view("PAR1")) {
      f.bytes.push_back(static_cast<std::byte>(c));
    }
    return f;
  }

 private:
  static void WriteTypeHeader(const PageOptions& o, CompactWriter* w,
                              PageSpans* s) {
    using thrift::WireType;
    switch (o.type) {
      case 0:
        w->FieldHeader(5, WireType::kStruct);
        w->BeginStruct();
        s->num_values = w->I32Field(1, o.num_values);
        s->encoding = w->I32Field(2, o.encoding);
        s->definition_level_encoding =
            w->I32Field(3, o.definition_level_encoding);
        s->repetition_level_encoding =
            w->I32Field(4, o.repetition_level_encoding);
        w->EndStruct();
        break;
      case 2:
        w->FieldHeader(7, WireType::kStruct);
        w->BeginStruct();
        s->num_values = w->I32Field(1, o.num_values);
        s->encoding = w->I32Field(2, o.encoding);
        w->EndStruct();
        break;
      case 3:
        w->FieldHeader(8, WireType::kStruct);
        w->BeginStruct();
        s->num_values = w->I32Field(1, o.num_values);
        s->num_nulls = w->I32Field(2, o.num_nulls);
        s->num_rows = w->I32Field(3, o.num_rows);
        s->encoding = w->I32Field(4, o.encoding);
        s->definition_levels_byte_length =
            w->I32Field(5, o.definition_levels_byte_length);
        s->repetition_levels_byte_length =
            w->I32Field(6, o.repetition_levels_byte_length);
        if (o.is_compressed) w->BoolField(7, *o.is_compressed);
        w->EndStruct();
        break;
      default:
        break;
    }
  }

  ColumnOptions column_;
  Bytes data_;
  int64_t num_values_ = 0;
  std::optional<int64_t> num_rows_;
  std::optional<uint64_t> first_data_page_;
  std::optional<uint64_t> dictionary_page_;
  uint64_t uncompressed_total_ = 0;
  std::string created_by_ = "colcheck-test version 0.1.0 (build 0)";
  std::vector<std::string> leaves_ = {"a"};
  std::optional<std::pair<int16_t, int32_t>> unknown_field_;
};

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_PAGE_FILE_H_
