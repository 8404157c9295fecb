// `colcheck explain`: the layout of an inspected file, region by region,
// as text or JSON. Pure functions of (path, Inspection).
//
// Text: a header line, then one line per region in offset order, indented
// under the row group and column chunk it belongs to; gaps and overlaps are
// marked with "!!"; a closing accounting line; with the footer tree, one
// line per Thrift value indented by depth.
//
//   a.parquet: 1234 bytes, parquet, valid
//         offset     length
//              0          4  magic
//                            row group 0: 4+1000, 100 rows
//                              column 0 "a": 4+1000, SNAPPY
//              4         80      data-page  row_groups[0].columns[0].pages[0]
//                                header 20, body 60 (80 uncompressed),
//                                DATA_PAGE PLAIN SNAPPY, 100 values, 0 nulls,
//                                100 rows, first row 0       (one line)
//           1004         12  !! gap
//           1016        200  footer
//   7 regions, 1222 bytes in regions, 12 bytes in gaps, 0 bytes
//   overlapping: accounts for 1234 of 1234 bytes              (one line)
//
// A region another one already claims ends with "!! overlap with KIND
// FIELD at OFFSET+LENGTH". With the footer tree:
//
//   footer fields:
//     version (1, i32) 1016+2 = 2
//     schema (2, list) 1018+40
//       [0] (0, struct) 1019+12
//     ...
//           codec (4, i32) 1100+2 = 6 (ZSTD)
//             min_value (6, binary) 1130+6 = 0x1b4d0000 (2024-01-01)
//
// Enum fields give the IDL's name of their value, and statistics' min and
// max their value typed by the column (reports/values.h); text values are
// whole, up to limits::kFieldValueText bytes.
//
// Every string taken from the file (path, field names, values) has its
// control characters escaped as \xNN.
//
// JSON, one object; keys in this order, new keys only ever appended:
//
//   {"tool":"colcheck","version":"0.1.0","file":"a.parquet",
//    "format":"parquet","size":1234,"verdict":"valid","capped":false,
//    "regions":[REGION,...],"overlaps":[OVERLAP,...],
//    "row_groups":[{"row_group":0,"offset":4,"length":1000,
//                   "num_rows":100|null}],
//    "chunks":[{"row_group":0,"column":0,"path":"a","offset":4,
//               "length":1000,"codec":CODE}],
//    "accounting":{"regions":7,"region_bytes":1222,"gap_bytes":12,
//                  "overlap_bytes":0,"accounted":1234},
//    "diagnostics":[DIAGNOSTIC,...],          (as in reports/json.h)
//    "footer":[NODE,...]}                     (only when asked for)
//
//   REGION  := {"kind":"data-page","offset":4,"length":80,
//               "field":"row_groups[0].columns[0].pages[0]",
//               "row_group":0|null,"column":0|null,"page":PAGE|null}
//   PAGE    := {"type":CODE,"header_length":20,"compressed_size":60,
//               "uncompressed_size":80,"encoding":CODE,"codec":CODE,
//               "num_values":100,"num_nulls":0,"num_rows":100,
//               "first_row":0,"ordinal":0}   (each number may be null)
//   CODE    := "RLE_DICTIONARY" | 42 (a value the enum lacks) | null
//   OVERLAP := {"first":3,"second":4,"offset":4,"length":80}
//              (indices into "regions")
//   NODE    := {"name":"version","id":1,"type":"i32","offset":1016,
//               "length":2,"depth":0,"value":"2",
//               "enum":"ZSTD"|null,"decoded":VALUE|null}
//   (enum names an enum field's value; decoded is a statistics min or
//   max typed by its column, as reports/values.h writes values)
//
// "kind" is a RegionKindName (colcheck/inspect.h); "gap" regions have an
// empty "field".
//
// ORC ("format":"orc"): the text opens a heading per stripe instead of row
// groups and chunks (`stripe 0: 3+777, index 392, data 242, footer 143, 30
// rows, 17 streams, time zone UTC`), each stream line ends with its kind,
// column, encoding and chunk count (`ROW_INDEX column 1, DIRECT_V2, 1
// chunk`), and the footer tree holds the PostScript's and Footer's protobuf
// fields (`compression (2, varint) 243+2 = 1`). In JSON, "row_group" is
// the stripe, "column" the stream's column, "row_groups" and "chunks" are
// empty, every REGION also has "stream" (last), and the document ends with
// "stripes":
//
//   STREAM  := {"kind":"ROW_INDEX"|42,"index":0,"encoding":"DIRECT_V2"|null,
//               "chunks":1|null}                 (null for other regions)
//   "stripes":[{"stripe":0,"offset":3,"length":777,"index_length":392,
//               "data_length":242,"footer_length":143,"num_rows":30|null,
//               "streams":17|null,"writer_timezone":"UTC"}]

#ifndef COLCHECK_REPORTS_EXPLAIN_H_
#define COLCHECK_REPORTS_EXPLAIN_H_

#include <string>
#include <string_view>

#include "colcheck/inspect.h"

namespace colcheck {

// Bytes of a layout by what claims them.
struct LayoutAccounting {
  uint64_t regions = 0;
  uint64_t region_bytes = 0;   // Non-gap regions, overlaps counted twice.
  uint64_t gap_bytes = 0;
  uint64_t overlap_bytes = 0;
  uint64_t accounted = 0;      // region_bytes + gap_bytes - overlap_bytes.
};
LayoutAccounting AccountLayout(const Layout& layout);

// The footer tree alone, as the text rendering ends with it ("footer
// fields:" and a line per node), for `colcheck meta --raw`.
std::string RenderFooterFieldsText(std::string_view path,
                                   const Inspection& inspection);
// The footer tree alone as JSON: the document start (reports/json.h
// BeginJsonFileDocument), "footer_capped" and "footer":[NODE,...].
std::string RenderFooterFieldsJson(std::string_view path,
                                   const Inspection& inspection);

// The text rendering, ending with a newline; with `footer`, the footer
// tree follows the accounting line.
std::string RenderExplainText(std::string_view path,
                              const Inspection& inspection, bool footer);

// The JSON document, ending with a newline; "footer" only with `footer`.
std::string RenderExplainJson(std::string_view path,
                              const Inspection& inspection, bool footer);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_EXPLAIN_H_
