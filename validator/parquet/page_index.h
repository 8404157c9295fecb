// The page index (ColumnIndex and OffsetIndex) and SizeStatistics, checked
// against what the page walk found in each column chunk.
// https://github.com/apache/parquet-format/blob/master/PageIndex.md and
// parquet.thrift (structs ColumnIndex, OffsetIndex, PageLocation,
// SizeStatistics).
//
//   column chunk:  [dict page] page 0 | page 1 | ... | page n-1
//   OffsetIndex:   page_locations[k] = {offset, header + body size,
//                                       first_row_index} of data page k
//   ColumnIndex:   null_pages[k], min_values[k], max_values[k],
//                  null_counts[k], level histograms (max_level + 1 each)
//
// Entry k of every list describes data page k; dictionary pages have none.

#ifndef COLCHECK_PARQUET_PAGE_INDEX_H_
#define COLCHECK_PARQUET_PAGE_INDEX_H_

#include <cstddef>

#include "core/byte_reader.h"
#include "core/pass_hooks.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"

namespace colcheck::parquet {

// Decodes the OffsetIndex and ColumnIndex of chunk (row_group, column)
// where ColumnChunk.offset_index_offset and column_index_offset put them,
// and checks them: each must decode to exactly its *_length bytes
// (page-index.length-mismatch), and describe the chunk's data pages as the
// walk found them (page-index.*, levels.first-rep-not-zero for a page that
// starts inside a row, stats.size-statistics-mismatch for
// OffsetIndex.unencoded_byte_array_data_bytes, stats.nan-count-mismatch for
// ColumnIndex.nan_counts).
//
// Indexes whose offset or length row_group_metadata.cc reported are skipped, as
// are chunks stored in another file or encrypted. Checks against the page
// list need `walk.complete`; checks against a page's contents need that
// page's `decoded`, so a headers-only walk still gets the structural
// checks. `file` is the whole file.
void CheckPageIndex(const RuleContext& ctx, const ByteReader& file,
                    size_t row_group, size_t column, const ChunkWalk& walk,
                    const PassHooks& hooks = PassHooks());

// Checks ColumnMetaData.size_statistics of chunk (row_group, column): level
// histograms of max_level + 1 entries summing to num_values and equal to
// the walk's, and unencoded_byte_array_data_bytes only for BYTE_ARRAY and
// equal to the walk's sum (stats.size-statistics-mismatch). Comparisons
// with the data need a complete, decoded walk.
void CheckSizeStatistics(const RuleContext& ctx, size_t row_group,
                         size_t column, const ChunkWalk& walk);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_PAGE_INDEX_H_
