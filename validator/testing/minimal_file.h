// A small valid Parquet file built byte by byte, for end-to-end tests that
// break one thing and expect a diagnostic at the exact bytes they broke.
//
//   0      4                       4+kDataSize                        end
//   | PAR1 | page | unused zeros   | FileMetaData | u32 length | PAR1 |
//
// The footer holds one row group with one REQUIRED INT32 column "a" whose
// chunk is one PLAIN data page of the values 0..9. Options change single fields; the spans of
// the fields a test is likely to break are recorded.

#ifndef COLCHECK_TESTING_MINIMAL_FILE_H_
#define COLCHECK_TESTING_MINIMAL_FILE_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <vector>

#include "testing/compact_writer.h"
#include "thrift/compact_reader.h"

namespace colcheck::testing {

struct MinimalFileOptions {
  int32_t root_num_children = 1;
  int64_t file_num_rows = 10;
  int64_t data_page_offset = 4;
  std::string_view leaf_name = "a";
  bool extra_schema_element = false;  // A trailing orphan element.
  bool duplicate_version = false;     // FileMetaData.version twice.
  bool plaintext_encryption = false;  // Writes encryption_algorithm.
  uint64_t footer_padding = 0;        // Bytes after FileMetaData.
};

struct MinimalFile {
  std::vector<std::byte> bytes;
  ByteSpan footer;  // The footer_length bytes.
  FieldSpans version;
  ByteSpan duplicate_version;  // The second version field's header.
  FieldSpans root_num_children;
  FieldSpans file_num_rows;
  FieldSpans data_page_offset;
  ByteSpan orphan;  // The extra schema element, if written.
  ByteSpan footer_length;

  std::span<const std::byte> span() const { return bytes; }
};

inline constexpr uint64_t kMinimalDataSize = 100;

// The chunk: a DATA_PAGE header and ten PLAIN INT32 values.
inline std::vector<std::byte> MinimalPage() {
  using thrift::WireType;
  CompactWriter w(4);
  w.I32Field(1, 0);   // DATA_PAGE
  w.I32Field(2, 40);  // uncompressed_page_size
  w.I32Field(3, 40);  // compressed_page_size
  w.FieldHeader(5, WireType::kStruct);
  w.BeginStruct();
  w.I32Field(1, 10);  // num_values
  w.I32Field(2, 0);   // PLAIN
  w.I32Field(3, 3);   // RLE
  w.I32Field(4, 3);
  w.EndStruct();
  w.EndStruct();
  std::vector<std::byte> page = w.bytes();
  for (uint8_t v = 0; v < 10; ++v) {
    page.insert(page.end(), {std::byte{v}, std::byte{0}, std::byte{0},
                             std::byte{0}});
  }
  return page;
}

inline MinimalFile BuildMinimalFile(const MinimalFileOptions& o = {}) {
  using thrift::WireType;
  MinimalFile f;
  const uint64_t footer_start = 4 + kMinimalDataSize;
  const std::vector<std::byte> page = MinimalPage();
  const auto chunk_size = static_cast<int64_t>(page.size());
  CompactWriter w(footer_start);
  f.version = w.I32Field(1, 2);
  if (o.duplicate_version) {
    f.duplicate_version = w.LongFieldHeader(1, thrift::WireType::kI32);
    w.I32(2);
  }
  w.FieldHeader(2, WireType::kList);
  w.ListHeader(WireType::kStruct, o.extra_schema_element ? 3 : 2);
  w.BeginStruct();
  w.BinaryField(4, "schema");
  f.root_num_children = w.I32Field(5, o.root_num_children);
  w.EndStruct();
  w.BeginStruct();
  w.I32Field(1, 1);  // INT32
  w.I32Field(3, 0);  // REQUIRED
  w.BinaryField(4, o.leaf_name);
  w.EndStruct();
  if (o.extra_schema_element) {
    const uint64_t start = w.position();
    w.BeginStruct();
    w.I32Field(1, 1);
    w.I32Field(3, 0);
    w.BinaryField(4, "orphan");
    w.EndStruct();
    f.orphan = {start, w.position() - start};
  }
  f.file_num_rows = w.I64Field(3, o.file_num_rows);
  w.FieldHeader(4, WireType::kList);
  w.ListHeader(WireType::kStruct, 1);
  w.BeginStruct();  // RowGroup
  w.FieldHeader(1, WireType::kList);
  w.ListHeader(WireType::kStruct, 1);
  w.BeginStruct();  // ColumnChunk
  w.I64Field(2, 4);
  w.FieldHeader(3, WireType::kStruct);
  w.BeginStruct();  // ColumnMetaData
  w.I32Field(1, 1);
  w.FieldHeader(2, WireType::kList);
  w.ListHeader(WireType::kI32, 1);
  w.I32(0);
  w.FieldHeader(3, WireType::kList);
  w.ListHeader(WireType::kBinary, 1);
  w.Binary(o.leaf_name);
  w.I32Field(4, 0);
  w.I64Field(5, 10);
  w.I64Field(6, chunk_size);
  w.I64Field(7, chunk_size);
  f.data_page_offset = w.I64Field(9, o.data_page_offset);
  w.EndStruct();  // ColumnMetaData
  w.EndStruct();  // ColumnChunk
  w.I64Field(2, chunk_size);
  w.I64Field(3, 10);
  w.EndStruct();  // RowGroup
  w.BinaryField(6, "colcheck-test version 0.1.0 (build 0)");
  if (o.plaintext_encryption) {
    w.FieldHeader(8, WireType::kStruct);
    w.BeginStruct();  // EncryptionAlgorithm
    w.FieldHeader(1, WireType::kStruct);
    w.BeginStruct();  // AesGcmV1
    w.BinaryField(2, "unique");
    w.EndStruct();
    w.EndStruct();
  }
  w.EndStruct();  // FileMetaData
  w.Fill(o.footer_padding, 0xAB);

  const uint64_t length = w.size();
  f.footer = {footer_start, length};
  auto put = [&f](std::string_view s) {
    for (char c : s) f.bytes.push_back(static_cast<std::byte>(c));
  };
  put("PAR1");
  f.bytes.insert(f.bytes.end(), page.begin(), page.end());
  f.bytes.resize(footer_start);
  f.bytes.insert(f.bytes.end(), w.bytes().begin(), w.bytes().end());
  f.footer_length = {f.bytes.size(), 4};
  for (int i = 0; i < 4; ++i) {
    f.bytes.push_back(std::byte{static_cast<uint8_t>(length >> (8 * i))});
  }
  put("PAR1");
  return f;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_MINIMAL_FILE_H_
