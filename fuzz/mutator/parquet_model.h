// A lenient model of a Parquet file for the structure-aware mutator:
// the footer as a generic Thrift tree, and the data region as the pages
// found by walking each column chunk, with the bytes between them kept
// verbatim.
//
// Spec: apache/parquet-format README.md ("File Format") and parquet.thrift.
//
//   0      4                                    F          F+len   +4   +4
//   +------+-----------------------------------+----------+-------+------+
//   | PAR1 | data region: segments             | footer   | len   | PAR1 |
//   +------+-----------------------------------+----------+-------+------+
//          | gap | page | page | gap | page ...|  FileMetaData (compact)
//
//   page = PageHeader (compact Thrift) + compressed_page_size body bytes
//
// Pages are found from ColumnMetaData (FileMetaData.4 row_groups ->
// RowGroup.1 columns -> ColumnChunk.3 meta_data): the walk starts at
// dictionary_page_offset (11) or data_page_offset (9), whichever comes
// first, and steps by header size + compressed_page_size (PageHeader.3)
// until total_compressed_size (7) is used up. Gaps hold whatever else the
// region has: bloom filters, column and offset indexes, padding, garbage.
//
// Serialize writes the segments back in order, so for input whose footer
// and page headers are canonical compact Thrift the result is the input.
// With repair on it also re-establishes what the mutations may have
// broken, in this order:
//   1. PageHeader: compressed_page_size (3) = body size; crc (4), when
//      present, = CRC-32 of the body.
//   2. ColumnMetaData: data_page_offset (9) and dictionary_page_offset (11)
//      = where the chunk's first data / dictionary page now starts;
//      total_compressed_size (7) and total_uncompressed_size (6) move by
//      how much the chunk's pages grew; bloom_filter_offset (14) follows
//      the bytes it pointed at.
//   3. OffsetIndex (parsed as a tree when offset_index_offset (4) and
//      offset_index_length (5) frame a whole struct in the data region):
//      page_locations (1) get one PageLocation per data page of the chunk,
//      in file order, with offset (1) = where its header now starts and
//      compressed_page_size (2) = header + body. A page keeps the location
//      that pointed at it, first_row_index (3) included; a new page (a
//      duplicate, a crossover) gets a copy of the previous location with
//      first_row_index advanced by the previous page's rows (num_rows of a
//      v2 page, num_values of a v1 page). Its rows are not renumbered.
//   4. ColumnChunk file_offset (2), offset_index_offset (4),
//      column_index_offset (6) and RowGroup file_offset (5) follow the
//      bytes they pointed at; offset_index_length (5) = the OffsetIndex's
//      new size; RowGroup total_byte_size (2) and total_compressed_size
//      (6) move with their chunks. A ColumnIndex is kept verbatim, so its
//      length (7) holds.
//   5. The footer length and both magics.
// Values a mutation pinned (ThriftValue::pinned) are never repaired.

#ifndef COLCHECK_FUZZ_MUTATOR_PARQUET_MODEL_H_
#define COLCHECK_FUZZ_MUTATOR_PARQUET_MODEL_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "thrift_tree.h"

namespace colcheck::fuzz {

// Field ids used by the model and the mutator (parquet.thrift).
namespace field {
inline constexpr int16_t kFileSchema = 2;
inline constexpr int16_t kFileNumRows = 3;
inline constexpr int16_t kFileRowGroups = 4;
inline constexpr int16_t kRowGroupColumns = 1;
inline constexpr int16_t kRowGroupTotalByteSize = 2;
inline constexpr int16_t kRowGroupFileOffset = 5;
inline constexpr int16_t kRowGroupTotalCompressedSize = 6;
inline constexpr int16_t kChunkFileOffset = 2;
inline constexpr int16_t kChunkMetaData = 3;
inline constexpr int16_t kChunkOffsetIndexOffset = 4;
inline constexpr int16_t kChunkOffsetIndexLength = 5;
inline constexpr int16_t kChunkColumnIndexOffset = 6;
inline constexpr int16_t kMetaCodec = 4;
inline constexpr int16_t kMetaTotalUncompressedSize = 6;
inline constexpr int16_t kMetaTotalCompressedSize = 7;
inline constexpr int16_t kMetaDataPageOffset = 9;
inline constexpr int16_t kMetaIndexPageOffset = 10;
inline constexpr int16_t kMetaDictionaryPageOffset = 11;
inline constexpr int16_t kMetaBloomFilterOffset = 14;
inline constexpr int16_t kSchemaNumChildren = 5;
inline constexpr int16_t kPageType = 1;
inline constexpr int16_t kPageUncompressedSize = 2;
inline constexpr int16_t kPageCompressedSize = 3;
inline constexpr int16_t kPageCrc = 4;
inline constexpr int16_t kPageDataHeader = 5;
inline constexpr int16_t kPageDictionaryHeader = 7;
inline constexpr int16_t kPageDataHeaderV2 = 8;
inline constexpr int16_t kDataNumValues = 1;  // DataPageHeader
inline constexpr int16_t kDataEncoding = 2;
inline constexpr int16_t kDictionaryEncoding = 2;  // DictionaryPageHeader
inline constexpr int16_t kV2NumRows = 3;           // DataPageHeaderV2
inline constexpr int16_t kV2Encoding = 4;
inline constexpr int16_t kV2DefinitionLength = 5;
inline constexpr int16_t kV2RepetitionLength = 6;
inline constexpr int16_t kV2IsCompressed = 7;
inline constexpr int16_t kOffsetIndexPageLocations = 1;  // OffsetIndex
inline constexpr int16_t kLocationOffset = 1;            // PageLocation
inline constexpr int16_t kLocationCompressedSize = 2;
inline constexpr int16_t kLocationFirstRowIndex = 3;
}  // namespace field

// PageType values.
inline constexpr int64_t kDataPage = 0;
inline constexpr int64_t kDictionaryPage = 2;
inline constexpr int64_t kDataPageV2 = 3;

// A run of the data region: a page, a chunk's OffsetIndex, or raw bytes
// between them.
struct Segment {
  bool is_page = false;
  bool is_offset_index = false;
  // The page header, or the OffsetIndex. Its PageLocation structs carry
  // ThriftValue::tag = 1 + the offset they held when parsed, so repair
  // finds the page each one pointed at even after a mutation pinned it.
  ThriftValue header;
  // The page body, the bytes between the OffsetIndex's STOP and the end of
  // offset_index_length, or the gap's bytes.
  std::string bytes;
  // The ColumnChunk (ThriftValue::tag) the page or OffsetIndex belongs to.
  int chunk = 0;
  // Where the segment was in the source file, for offsets that point into
  // it; `source_size` is 0 for segments that came from elsewhere
  // (crossover), which no offset of this file points into.
  uint64_t source_offset = 0;
  uint64_t source_size = 0;
  // The page's share of its chunk's totals when it was parsed:
  // header + body, and header + uncompressed_page_size.
  int64_t source_compressed = 0;
  int64_t source_uncompressed = 0;
};

struct ParquetModel {
  std::string head_magic;
  std::vector<Segment> segments;
  ThriftValue footer;
  // Bytes between the footer's STOP and the length field.
  std::string footer_trailing;
  // The declared footer length, written back when repair is off.
  uint32_t footer_length = 0;
  std::string tail_magic;
  // Where the footer began in the source file.
  uint64_t footer_offset = 0;
  // Whether the whole footer parsed as one struct.
  bool footer_complete = false;
  // The next free ColumnChunk tag.
  int next_tag = 1;
};

// Parses `file`. Returns false only when there is nothing to work with:
// fewer than 12 bytes, a footer length past the start of the file, or a
// footer without a single readable field. Anything after the first fault
// is kept as raw bytes.
bool ParseParquet(std::span<const uint8_t> file, ParquetModel* model);

// Writes the model out, repairing it first (see the file comment) when
// `repair` is set.
std::string SerializeParquet(ParquetModel model, bool repair);

// A small valid file: one required INT32 column "a", one row group, one
// PLAIN data page of three values with a CRC. The fallback for input that
// does not parse.
const std::string& SeedParquet();

// Every ColumnChunk struct in the footer, in row group order.
std::vector<ThriftValue*> ColumnChunks(ThriftValue* footer);

// ColumnChunk.meta_data, or nullptr.
ThriftValue* ChunkMetaData(ThriftValue* chunk);

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MUTATOR_PARQUET_MODEL_H_
