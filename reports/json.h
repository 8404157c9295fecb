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

#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "reports/file_report.h"
#include "reports/json_writer.h"
#include "reports/summary.h"

namespace colcheck {

// Opens a colcheck document and writes the members it always starts with,
//   {"tool":"colcheck","version":"<kVersion>"
// so that a consumer can always tell what wrote it. The caller closes it.
void BeginJsonDocument(JsonWriter* json);

// Opens a document about one inspected file (schema, plan):
//   {"tool":...,"version":...,"path":...,"format":...,"verdict":...
void BeginJsonFileDocument(std::string_view path, const Report& report,
                           JsonWriter* json);

// Writes one diagnostic as the object of a "diagnostics" array:
//   {"code":...,"severity":...,"offset":...,"length":...,"field":...,
//    "message":...,"column":...}
void WriteJsonDiagnostic(const Diagnostic& diagnostic, JsonWriter* json);

// Writes a "diagnostics" array (the key is the caller's).
void WriteJsonDiagnostics(std::span<const Diagnostic> diagnostics,
                          JsonWriter* json);

// Writes the object of one file, an entry of "files".
void WriteJsonFile(std::string_view path, const Report& report,
                   JsonWriter* json);

// Appends the object of one file alone, one line of JSON Lines without its
// newline.
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
  // Writes out what the JSON writer has appended since the last time.
  void Flush();

  std::ostream* out_;
  std::string buffer_;
  JsonWriter json_{&buffer_};
  bool begun_ = false;
};

// The whole document for `files`, ending with a newline.
std::string RenderJson(std::span<const FileReport> files);

// The code registry:
//   {"tool":"colcheck","version":"0.1.0","codes":[{"code":"file.too-small",
//    "severity":"error","spec":"R File format","summary":"..."}]}
std::string RenderCodesJson();
// The same document with only `codes`, in the order given.
std::string RenderCodeSelectionJson(std::span<const Code> codes);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_JSON_H_
