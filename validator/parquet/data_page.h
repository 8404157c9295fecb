// The inside of one page: decompression, levels and values.
//
//   DATA_PAGE (V1)  body := compress( [rep levels] [def levels] values )
//                   RLE levels: | u32 LE byte length | hybrid runs |
//                   BIT_PACKED levels (deprecated): ceil(n * bw / 8) bytes
//   DATA_PAGE_V2    body := rep levels | def levels | [compress](values)
//                   levels: hybrid runs, no length prefix, never
//                   compressed; their byte lengths are in the header
//   DICTIONARY_PAGE body := compress( PLAIN values )
//
// Levels are present only when the column's maximum level is above 0
// (README "Data Pages"). Levels and values are decoded in batches of
// limits::kValueBatch, so memory is bounded by the page buffer.

#ifndef COLCHECK_PARQUET_DATA_PAGE_H_
#define COLCHECK_PARQUET_DATA_PAGE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "codec/codec.h"
#include "core/byte_reader.h"
#include "parquet/metadata.h"
#include "parquet/page_scope.h"
#include "parquet/page_walk.h"
#include "parquet/values.h"

namespace colcheck::parquet {

class BloomFilterCheck;
class ColumnValueChecker;

// What decoding needs to know about the chunk's column.
struct ColumnShape {
  ColumnType type;
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  int32_t codec = kUncompressed;
};

// A buffer for decompressed bytes that grows to the largest page and is
// reused; it is not zero-filled, since decompression writes all of it.
class PageBuffer {
 public:
  std::span<std::byte> Get(size_t size);

 private:
  std::unique_ptr<std::byte[]> data_;
  size_t capacity_ = 0;
};

// The chunk's dictionary. Its entries' views point into `buffer` (or the
// file), so it lives as long as the chunk's walk.
struct Dictionary {
  bool decoded = false;
  uint64_t size = 0;
  PageBuffer buffer;
  std::vector<uint32_t> lengths;  // BYTE_ARRAY entry lengths.
};

struct DataPageInput {
  const PageHeader& header;
  const ColumnShape& shape;
  const ByteReader& file;
  codec::Decompressor& codecs;
  PageScope& scope;  // The page, with its body; exact file spans.
  ColumnValueChecker* values;
  BloomFilterCheck* bloom;  // Null without a usable filter.
  const Dictionary* dictionary;
  PageBuffer* buffer;
  bool first_page;  // The chunk's first data page.
  ValueTap* tap;    // Null unless someone listens.
  size_t row_group;
  size_t column;
};

// Header-only checks of a DataPageHeaderV2: counts and level lengths.
// Returns whether the page's sections can be found. True for V1 pages.
bool CheckV2Header(const PageHeader& h, PageScope& scope);

// Decodes a data page's levels and values into `page`, reporting faults.
void DecodeDataPage(const DataPageInput& in, DataPageSummary* page);

// Decodes the chunk's dictionary page into `dictionary`, showing its
// values to `tap` (when set) as those of chunk (row_group, column).
void DecodeDictionaryPage(const PageHeader& h, const ColumnShape& shape,
                          const ByteReader& file, codec::Decompressor& codecs,
                          PageScope& scope, ColumnValueChecker* values,
                          BloomFilterCheck* bloom, Dictionary* dictionary,
                          ValueTap* tap, size_t row_group, size_t column);

// Adds `page` into `chunk`, element by element.
void AddHistogram(const std::vector<uint64_t>& page,
                  std::vector<uint64_t>* chunk);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_DATA_PAGE_H_
