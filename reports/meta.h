// `colcheck meta`: the decoded metadata of an inspected file, Parquet and
// ORC alike: the file's fields, the schema, every row group's (stripe's)
// columns with codec, encodings, sizes, value counts and statistics typed
// by the column's type (reports/values.h), and the key-value (user)
// metadata in full. ORC adds the file's and each stripe's statistics.
//
// Text (Parquet):
//
//   file: a.parquet
//   format: parquet, version 2
//   created by: parquet-cpp-arrow version 14.0.1
//   rows: 3, row groups: 1, columns: 2
//   key-value metadata (1):
//     pandas = {"index_columns": ...}
//   schema:
//     message schema { ... }          (as `colcheck schema` prints it)
//   row group 0: 3 rows, offset 4, 120 bytes (total_byte_size 130)
//     column 0 id: INT64, SNAPPY, PLAIN RLE, 3 values, 60 bytes (70
//         uncompressed), data page 4
//       statistics: min 1, max 3, nulls 0
//
// Text (ORC): the same heads, then "file statistics:" with a line per
// column id, and per stripe its streams' extent, encodings and statistics.
//
// JSON: one document,
//
//   {"tool":...,"version":...,"path":...,"format":...,"verdict":...,
//    "num_rows":3,"created_by":"...","key_value_metadata":[{"key","value"}],
//    Parquet: "version":2,"columns":[{"column","path","physical",
//      "annotation"}],"row_groups":[{"row_group","num_rows","offset",
//      "length","total_byte_size","total_compressed_size","columns":[CHUNK]}]
//    ORC: "orc":{"version":"0.12","compression":"ZLIB",
//      "compression_block_size","writer_version","writer",
//      "row_index_stride","calendar"},"types":[{"id","path","type"}],
//      "statistics":[STATS],"stripes":[{"stripe","offset","length",
//      "num_rows","index_length","data_length","footer_length",
//      "writer_timezone","encodings":["DIRECT_V2",...],
//      "statistics":[STATS]}]}
//   CHUNK := {"column","path","physical","codec","encodings":[...],
//     "num_values","compressed_size","uncompressed_size",
//     "data_page_offset","dictionary_page_offset","column_index_offset",
//     "column_index_length","offset_index_offset","offset_index_length",
//     "bloom_filter_offset","bloom_filter_length","file_path","encrypted",
//     "statistics":STATS|null}
//   STATS := {"min":VALUE,"max":VALUE,"null_count","distinct_count",
//     "nan_count","legacy_min_max","min_exact","max_exact",
//     "number_of_values","has_null","bytes_on_disk","sum":VALUE,
//     "true_count","offset","length"} (ORC's also "column")
//
// Enums are their IDL names, or the number when the enum lacks it; counts
// the file leaves out are null.

#ifndef COLCHECK_REPORTS_META_H_
#define COLCHECK_REPORTS_META_H_

#include <string>
#include <string_view>

#include "colcheck/inspect.h"

namespace colcheck {

std::string RenderMetaText(std::string_view path, const Inspection& inspection);
std::string RenderMetaJson(std::string_view path, const Inspection& inspection);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_META_H_
