// `colcheck pages`: every page of every column chunk (Parquet) or every
// stream of every stripe (ORC), with what the page index says of each
// data page, and where the two disagree.
//
// Parquet text, a heading per chunk, then two lines per page:
//
//   row group 0, column 1 g.i32: GZIP, 2 pages, column index ASCENDING,
//       offset index                                            (one line)
//     page 1: DATA_PAGE at 151+90 (header 20), RLE_DICTIONARY, 10 values,
//         4 nulls, 10 rows from row 0                           (one line)
//       index: at 151, 90 bytes, first row 0, 4 nulls, min -3, max 7
//       !! offset index: offset 150, the page is at 151
//
// A disagreement is one "!!" line naming the index field: offset,
// compressed_page_size, first_row_index, null_count or null_pages; a
// chunk whose indexes list another number of pages than it has data pages
// says so. Unknown counts print as "?".
//
// ORC text, a heading per stripe, then one line per stream:
//
//   stripe 0: at 3+1200, 1000 rows, 12 streams
//     stream 0: ROW_INDEX of column 1 at 3+20, DIRECT_V2, 1 chunk
//     row index of column 1: 1 entry
//       entry 0: from row 0, positions 0, 0, 0; values 1000, no nulls,
//           min 0, max 999, sum 499500                         (one line)
//
// JSON: one document (reports/json.h BeginJsonFileDocument), then
//   Parquet: "chunks":[{"row_group","column","path","codec",
//     "column_index":bool,"offset_index":bool,"boundary_order":"ASCENDING"|
//     null,"column_index_pages":N|null,"offset_index_pages":N|null,
//     "data_pages":N,"pages":[PAGE]}]
//   PAGE := {"ordinal","type","offset","length","header_length",
//     "compressed_size","uncompressed_size","encoding","num_values",
//     "num_nulls","num_rows","first_row","index":INDEX|null,
//     "disagreements":["offset",...]}
//   INDEX := {"offset","compressed_size","first_row_index","null_page",
//     "null_count","min","max"}
//   ORC: "stripes":[{"stripe","offset","length","num_rows","streams":[
//     {"index","kind","column","offset","length","encoding","chunks"}],
//     "row_indexes":[{"column","entries":[{"first_row","positions":[..],
//     "statistics":STATS}]}]}]   (STATS as reports/values.h writes them)

#ifndef COLCHECK_REPORTS_PAGES_H_
#define COLCHECK_REPORTS_PAGES_H_

#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck {

// The index fields on which data page `page` and its index entry `entry`
// disagree: "offset", "compressed_page_size", "first_row_index",
// "null_count", "null_pages".
std::vector<std::string_view> PageIndexDisagreements(
    const Region& page, const PageIndexEntry& entry);

std::string RenderPagesText(std::string_view path,
                            const Inspection& inspection);
std::string RenderPagesJson(std::string_view path,
                            const Inspection& inspection);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_PAGES_H_
