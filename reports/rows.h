// A file's rows (colcheck/rows.h) as `colcheck cat` prints them, and the
// canonical JSON of a value: the one text of each value that readers are
// compared by, so it is exact and the same for equal values.
//
// Canonical JSON of a Cell, by its kind and, for a kValue, by its
// ValueKind:
//
//   null (kNull, kNone)      null
//   kBoolean                 true, false
//   kInt, kUInt              -12, 18446744073709551615 (exact integers)
//   kFloat                   0.1, 1e+300, 3 (the shortest text that reads
//                            back as the same double, or for a `single` as
//                            the same float: 0.1f is 0.1, not
//                            0.10000000149011612); -0.0 (the ".0" keeps
//                            the sign: many parsers read -0 as the
//                            integer 0); "NaN", "Infinity", "-Infinity"
//   kDecimal                 "12.340" (its digits, scale kept)
//   kDate                    "2024-01-01"
//   kTime                    "12:34:56.789", "12:34:56.789000Z" (the
//                            unit's digits: millis 3, micros 6, nanos 9;
//                            "Z" when adjusted to UTC)
//   kTimestamp               "2024-01-01T00:00:00.000000001Z" (the same)
//   kString                  "caf\u00e9" (JsonWriter: pure ASCII; a byte
//                            that is not part of valid UTF-8 becomes
//                            U+FFFD, so the output is always valid JSON;
//                            CSV prints the bytes as they are)
//   kBytes                   "AAEC/w==" (base64, RFC 4648, padded)
//   kUuid                    "123e4567-e89b-12d3-a456-426614174000"
//   kList                    [1,null,3]
//   kStruct                  {"key":"a","value":1} (fields in schema order)
//
// A time of day or a timestamp outside what a calendar or a day holds is
// its number, as a string ("86400000"), as reports/values.h shows it.
//
// CSV (RFC 4180, CRLF line ends) prints the same text without the JSON
// quoting: strings raw, floats and the special floats as above, nested
// values as their canonical JSON. A null is an empty field and a value
// whose text is empty (an empty string or byte array) is "", so the two
// differ; a field with a comma, a quote, CR or LF is quoted, with its
// quotes doubled.

#ifndef COLCHECK_REPORTS_ROWS_H_
#define COLCHECK_REPORTS_ROWS_H_

#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"
#include "colcheck/rows.h"
#include "reports/json_writer.h"

namespace colcheck {

// Writes the canonical JSON of `cell`.
void WriteCellJson(const Cell& cell, JsonWriter* json);
// The same, as a string.
std::string CellJson(const Cell& cell);

// The text of `cell` in a CSV field, before quoting: the canonical text of
// a scalar, the canonical JSON of a list or struct, "" for null.
std::string CellText(const Cell& cell);

// RFC 4648 base64 of `bytes`, padded with '='.
std::string Base64(std::string_view bytes);

// The output formats of `colcheck cat`.
enum class RowsFormat {
  kJsonl,  // One object per row, keyed by the top-level fields, a line each.
  kCsv,    // A header row of the top-level fields, then a record per row.
  kJson,   // One document:
  // {"tool":"colcheck","version":...,"file":PATH,"format":"parquet",
  //  "fields":["a","b"],"rows":[{"a":1,"b":null},...],"rows_read":N,
  //  "total_rows":N or null,"complete":true,
  //  "stop":null or {"group","column","offset","length","reason",
  //                  "cause":null or a diagnostic, as in validate's JSON}}
  // "group" and "column" are null when reading stopped outside a group
  // or a column, "offset" and "length" when the bytes are not known.
  // Each row starts a line.
};

// Renders the rows of one file as they come, so that none is kept:
//
//   std::string out;
//   RowsRenderer renderer(RowsFormat::kCsv, "a.parquet", Format::kParquet,
//                         &out);
//   // For each row: renderer.Row(row), then write out `out` and clear it.
//   renderer.Finish(result);  // After the last row; write out `out`.
//
// The head of the output (the CSV header, the JSON document up to "rows")
// is written with the first row, from the row's field names, or by Finish
// from `result` when there is none.
class RowsRenderer {
 public:
  // `format` is the file's, which the JSON document names before the rows:
  // what the pass will read the file as (SniffFormat).
  RowsRenderer(RowsFormat rows_format, std::string_view path, Format format,
               std::string* out);
  RowsRenderer(const RowsRenderer&) = delete;
  RowsRenderer& operator=(const RowsRenderer&) = delete;

  // One row: a kStruct whose items are the top-level fields.
  void Row(const Cell& row);
  // After the last row: the end of the document, with where reading
  // stopped.
  void Finish(const RowsResult& result);

 private:
  void Begin(std::span<const std::string_view> fields, Format format);

  RowsFormat rows_format_;
  std::string path_;
  Format format_;
  std::string* out_;
  JsonWriter json_;
  bool begun_ = false;
};

// The line for stderr when reading stopped before the rows asked for, ""
// otherwise (without a newline):
//   colcheck: a.parquet: read 812 rows; stopped in row group 1 at column
//   "b" (bytes 4096..5000): REASON (page.bad-crc: MESSAGE)
// (one line; "stripe" for ORC; the cause's code and message when known).
std::string RowsStopLine(std::string_view path, const RowsResult& result);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_ROWS_H_
