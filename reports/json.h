// The machine-readable renderer. The JSON is a stable contract: keys appear
// in exactly this order, new keys are only ever appended, and the output is
// always valid JSON in pure ASCII (non-ASCII characters are \u escapes and
// bytes that are not UTF-8 become U+FFFD).
//
//   {"tool":"colcheck","version":"0.1.0","files":[
//     {"path":"a.parquet","format":"parquet","size":1234,"verdict":"invalid",
//      "diagnostics":[{"code":"schema.orphaned-elements","severity":"error",
//                      "offset":674,"length":1,"field":"schema[0].num_children",
//                      "message":"...","column":""}]}]}
//
// "column" is the dotted path of the one column a diagnostic concerns
// ("order.items.price", docs/columns.md), or "" when it concerns none.
//
// "verdict" is one of valid, invalid, encrypted, unsupported. A file that
// cannot be read has no entry at all: the CLI reports it on stderr and exits
// with status 2 (see IoErrorLine in reports/text.h).
//
// JSON Lines (`colcheck validate --format jsonl`) writes each file's object,
// exactly as it appears in "files" above, alone on one line, flushed as soon
// as the file is done; there is no document around them, so outputs of
// several runs concatenate into one valid stream.
//
//   {"path":"a.parquet","format":"parquet","size":1234,"verdict":"valid",...}
//   {"path":"b.parquet","format":"parquet","size":99,"verdict":"invalid",...}
//
// `colcheck validate --format json` appends a "summary" member after
// "files", with the findings per code (reports/summary.h).

#ifndef COLCHECK_REPORTS_JSON_H_
#define COLCHECK_REPORTS_JSON_H_

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "reports/file_report.h"
#include "reports/summary.h"

namespace colcheck {

// Appends `value` to `out` as a quoted JSON string. `"`, `\` and control
// characters are escaped, valid UTF-8 above U+007F becomes \uXXXX (surrogate
// pairs above U+FFFF), and every byte that is not part of a valid UTF-8
// sequence becomes \ufffd.
void AppendJsonString(std::string_view value, std::string* out);

// Appends `"key":`, the start of every object member. Shared by all the JSON
// documents (validate, schema, plan, triage, SARIF) so their keys are escaped
// alike.
void AppendJsonKey(std::string_view key, std::string* out);

// Appends `{"tool":"colcheck","version":"<kVersion>",`, the start of every
// colcheck document, so that a consumer can always tell what wrote it.
void AppendJsonDocumentStart(std::string* out);

// Appends the start of a document about one inspected file (schema, plan):
//   {"tool":...,"version":...,"path":...,"format":...,"verdict":...,
void AppendJsonFileDocumentStart(std::string_view path, const Report& report,
                                 std::string* out);

// Decodes one strict UTF-8 sequence (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF) whose lead byte, value[pos], is >= 0x80.
// Returns its length and sets `*code_point`, or returns 0 when the bytes there
// are not UTF-8. The HTML and schema renderers use it too, so that every
// renderer replaces exactly the same bytes.
size_t DecodeUtf8Sequence(std::string_view value, size_t pos,
                          uint32_t* code_point);

// Appends one diagnostic as the object of a "diagnostics" array:
//   {"code":...,"severity":...,"offset":...,"length":...,"field":...,
//    "message":...,"column":...}
void AppendJsonDiagnostic(const Diagnostic& diagnostic, std::string* out);

// Appends the object of one file, an entry of "files" and one line of JSON
// Lines, without a newline.
void AppendJsonFile(std::string_view path, const Report& report,
                    std::string* out);

// Streams a report document one file at a time, so a directory walk need not
// hold every report in memory.
//
//   JsonReportWriter writer(&std::cout);
//   writer.AddFile("a.parquet", report);
//   writer.Finish();  // Closes the document; also correct with no files.
class JsonReportWriter {
 public:
  explicit JsonReportWriter(std::ostream* out);
  JsonReportWriter(const JsonReportWriter&) = delete;
  JsonReportWriter& operator=(const JsonReportWriter&) = delete;

  void AddFile(std::string_view path, const Report& report);
  // Writes the closing brackets and a newline. Call exactly once.
  void Finish();
  // Closes "files" and appends the run's "summary" (reports/summary.h)
  // before closing the document. Call instead of Finish().
  void Finish(const RunSummary& summary);

 private:
  void BeginIfNeeded();

  std::ostream* out_;
  bool begun_ = false;
  bool has_files_ = false;
};

// The whole document for `files`, ending with a newline.
std::string RenderJson(std::span<const FileReport> files);

// The code registry:
//   {"tool":"colcheck","version":"0.1.0","codes":[{"code":"file.too-small",
//    "severity":"error","spec":"R File format","summary":"..."}]}
std::string RenderCodesJson();

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_JSON_H_
