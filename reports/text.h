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

#include <ostream>
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

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_TEXT_H_
