#include "reports/json.h"

#include <sstream>
#include <vector>

namespace colcheck {

void BeginJsonDocument(JsonWriter* json) {
  json->BeginObject();
  json->Key("tool").String("colcheck");
  json->Key("version").String(kVersion);
}

void BeginJsonFileDocument(std::string_view path, const Report& report,
                           JsonWriter* json) {
  BeginJsonDocument(json);
  json->Key("path").String(path);
  json->Key("format").String(FormatName(report.format));
  json->Key("verdict").String(VerdictName(report.verdict));
}

void WriteJsonDiagnostic(const Diagnostic& diagnostic, JsonWriter* json) {
  json->BeginObject();
  json->Key("code").String(Info(diagnostic.code).name);
  json->Key("severity").String(SeverityName(diagnostic.severity));
  json->Key("offset").Uint(diagnostic.offset);
  json->Key("length").Uint(diagnostic.length);
  json->Key("field").String(diagnostic.field);
  json->Key("message").String(diagnostic.message);
  json->Key("column").String(diagnostic.column);
  // Only present when a known writer bug explains the finding, so reports
  // without one keep their exact bytes.
  if (!diagnostic.known_bug.empty()) {
    json->Key("known_bug").String(diagnostic.known_bug);
  }
  json->EndObject();
}

void WriteJsonDiagnostics(std::span<const Diagnostic> diagnostics,
                          JsonWriter* json) {
  json->BeginArray();
  for (const Diagnostic& diagnostic : diagnostics) {
    WriteJsonDiagnostic(diagnostic, json);
  }
  json->EndArray();
}

void WriteJsonFile(std::string_view path, const Report& report,
                   JsonWriter* json) {
  json->BeginObject();
  json->Key("path").String(path);
  json->Key("format").String(FormatName(report.format));
  json->Key("size").Uint(report.size);
  json->Key("verdict").String(VerdictName(report.verdict));
  json->Key("diagnostics");
  WriteJsonDiagnostics(report.diagnostics, json);
  // Appended after the original keys, as the contract allows.
  json->Key("complete").Bool(report.complete);
  // Only for a file read through a ByteSource (a URL): what was read.
  if (report.fetched) {
    json->Key("fetched").BeginObject();
    json->Key("bytes").Uint(report.fetched->bytes);
    json->Key("reads").Uint(report.fetched->reads);
    json->EndObject();
  }
  json->EndObject();
}

void AppendJsonFile(std::string_view path, const Report& report,
                    std::string* out) {
  JsonWriter json(out);
  WriteJsonFile(path, report, &json);
}

JsonReportWriter::JsonReportWriter(std::ostream* out) : out_(out) {}

void JsonReportWriter::BeginIfNeeded() {
  if (begun_) return;
  begun_ = true;
  BeginJsonDocument(&json_);
  json_.Key("files").BeginArray();
}

void JsonReportWriter::Flush() {
  *out_ << buffer_;
  buffer_.clear();
}

void JsonReportWriter::AddFile(std::string_view path, const Report& report) {
  BeginIfNeeded();
  WriteJsonFile(path, report, &json_);
  Flush();
}

void JsonReportWriter::Finish() {
  BeginIfNeeded();
  json_.EndArray().EndObject();
  buffer_.push_back('\n');
  Flush();
}

void JsonReportWriter::Finish(const RunSummary& summary) {
  BeginIfNeeded();
  json_.EndArray().Key("summary");
  WriteJsonRunSummary(summary, &json_);
  json_.EndObject();
  buffer_.push_back('\n');
  Flush();
}

std::string RenderJson(std::span<const FileReport> files) {
  std::ostringstream out;
  JsonReportWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  return out.str();
}

std::string RenderCodesJson() {
  std::vector<Code> codes;
  for (const CodeInfo& info : AllCodes()) codes.push_back(info.code);
  return RenderCodeSelectionJson(codes);
}

std::string RenderCodeSelectionJson(std::span<const Code> codes) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonDocument(&json);
  json.Key("codes").BeginArray();
  for (const Code code : codes) {
    const CodeInfo& info = Info(code);
    json.BeginObject();
    json.Key("code").String(info.name);
    json.Key("severity").String(SeverityName(info.severity));
    json.Key("spec").String(info.spec);
    json.Key("summary").String(info.summary);
    json.EndObject();
  }
  json.EndArray().EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
