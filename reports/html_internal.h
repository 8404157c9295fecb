// The parts of the HTML page (reports/html.h), shared by the files that
// write them: html.cc (text, summary, bytes, Parquet schema and columns,
// layout), html_map.cc (the byte map and its lanes), html_diagnostics.cc
// (the grouped diagnostics), html_orc.cc (ORC schema and columns) and
// html_assets.cc (the page's CSS and script).

#ifndef COLCHECK_REPORTS_HTML_INTERNAL_H_
#define COLCHECK_REPORTS_HTML_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck::html_internal {

// ---- text (html.cc) ---------------------------------------------------------

// Appends a string of the file, escaped and cut to kHtmlMaxTextBytes so
// that no single name or message can inflate the page.
void AppendText(std::string_view value, std::string* out);

// Returns the first `max` bytes of `value` or fewer, ending on a character
// boundary, for strings that reach the script as JSON.
std::string_view CutText(std::string_view value, size_t max);

// "1 error", "3 errors": a count and its noun, plural unless one.
std::string Counted(size_t count, std::string_view noun);

// Appends a signed count where -1 means "not given".
void AppendOptional(int64_t value, std::string* out);

// Appends "1.5 MiB" and the like.
std::string HumanSize(uint64_t bytes);

// Appends a note that only `shown` of `total` `what` are listed, or
// nothing when all are.
void AppendCapNote(size_t shown, size_t total, std::string_view what,
                   std::string* out);

// Appends JSON for a <script type="application/json"> block: every '<' is
// escaped, so no string of the data can end or confuse the block.
void AppendScriptJson(std::string_view json, std::string* out);

// ---- assets (html_assets.cc) -----------------------------------------------

extern const std::string_view kStyle;
// The ORC kinds' colours, only in ORC pages.
extern const std::string_view kOrcStyle;
// Runs after the page is parsed: draws the byte map and its lanes, wires
// the clicks, the diagnostics' filters and the links to #diag-N.
extern const std::string_view kScript;

// ---- sections ---------------------------------------------------------------

// The column path of each Parquet leaf column (html_map.cc): the schema's,
// else the column summaries'.
std::vector<std::string> ParquetColumnPaths(const Inspection& inspection);

// The byte map: overview, lanes and zoom, and their data (html_map.cc).
void AppendByteMap(const Inspection& inspection, std::string* out);

// The diagnostics at the indices `rows`, grouped by code, with the filters
// (html_diagnostics.cc). The first kHtmlMaxHexExcerpts of `rows` have an
// excerpt to link to.
void AppendDiagnostics(const Inspection& inspection,
                       const std::vector<size_t>& rows, std::string* out);

// ORC's type tree as text, and its columns by id (html_orc.cc).
void AppendOrcSchema(const Schema& schema, std::string* out);
void AppendOrcColumns(const Inspection& inspection, std::string* out);

}  // namespace colcheck::html_internal

#endif  // COLCHECK_REPORTS_HTML_INTERNAL_H_
