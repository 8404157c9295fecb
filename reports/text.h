// The human-readable renderer: compiler-style lines that editors and `grep`
// understand.
//
//   a.parquet:20+4: error[file.footer-length-out-of-bounds]: ...
//   (footer_length) a.parquet: invalid (Parquet, 1 error, 0 warnings, 0 infos)
//
// Control characters in paths, messages and fields are written as \xNN so a
// hostile file cannot drive the terminal; other bytes pass through unchanged.

#ifndef COLCHECK_REPORTS_TEXT_H_
#define COLCHECK_REPORTS_TEXT_H_

#include <cstddef>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "reports/file_report.h"

namespace colcheck {

// Writes one line per diagnostic, in report order:
//   FILE:OFFSET[+LENGTH]: SEVERITY[CODE]: MESSAGE[ (FIELD)]
// `+LENGTH` is left out when the length is 0 and ` (FIELD)` when the field is
// empty.
void WriteTextDiagnostics(std::string_view path, const Report& report,
                          std::ostream& out);
// Writes the line of one diagnostic, as WriteTextDiagnostics does.
void WriteTextDiagnostic(std::string_view path, const Diagnostic& diagnostic,
                         std::ostream& out);

// Writes at most `limit` diagnostic lines, as WriteTextDiagnostics does,
// errors chosen first, then warnings, then infos, each shown in report
// order. When some are left out, a last line counts them and says where
// they all are:
//   colcheck: a.parquet: 1984 further diagnostics not shown (3 errors,
//   1986 warnings, 0 infos in all); `colcheck validate a.parquet` lists them
// (one line). For the commands that show something else of a file and
// mention its diagnostics on stderr.
void WriteTextDiagnosticsDigest(std::string_view path, const Report& report,
                                size_t limit, std::ostream& out);

// Writes the one-line verdict for a file, with the format it was read as
// (Parquet, ORC, or "not Parquet or ORC"), e.g.
//   a.parquet: invalid (Parquet, 3 errors, 1 warning, 0 infos)
void WriteTextSummary(std::string_view path, const Report& report,
                      std::ostream& out);

// The diagnostics followed by the summary line, as `colcheck validate` prints
// each file.
void WriteText(std::string_view path, const Report& report, std::ostream& out);
std::string RenderText(const FileReport& file);

// The line printed on stderr when a file cannot be read, e.g.
//   colcheck: a.parquet: cannot open: No such file or directory
// I/O errors are failures of the tool, not verdicts, so they never appear in
// the text or JSON report itself.
std::string IoErrorLine(std::string_view path, std::string_view message);

// The code registry as aligned text, one code per line:
//   NAME  SEVERITY  SUMMARY
std::string RenderCodesText();
// The same lines for `codes` only, in the order given.
std::string RenderCodeSelectionText(std::span<const Code> codes);
// The whole entry of each code, a blank line between two:
//   stats.nan-bound
//     severity  warning
//     group     stats
//     spec      T Statistics: '...'
//     summary   A min or max statistic is NaN ...
// Long values wrap under their column.
std::string RenderCodeEntriesText(std::span<const Code> codes);

// "1 region", "3 regions": `count` and the noun that agrees with it.
std::string Plural(size_t count, std::string_view one, std::string_view many);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_TEXT_H_
