#include "reports/sarif.h"

#include <cctype>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>

#include "reports/json_writer.h"

namespace colcheck {
namespace {

// The schema's own id; consumers recognise the version by it and never
// need to fetch it.
constexpr std::string_view kSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

// "key":{"text":...}: SARIF's message and multiformatMessageString alike.
void WriteTextObject(std::string_view key, std::string_view text,
                     JsonWriter* json) {
  json->Key(key).BeginObject().Key("text").String(text).EndObject();
}

std::string_view SarifLevel(Severity severity) {
  switch (severity) {
    case Severity::kError:
      return "error";
    case Severity::kWarning:
      return "warning";
    case Severity::kInfo:
      return "note";
  }
  return "error";
}

std::string_view GroupOf(std::string_view name) {
  return name.substr(0, name.find('.'));
}

// "schema.orphaned-elements" -> "SchemaOrphanedElements": SARIF suggests a
// readable PascalCase name beside the opaque id.
std::string PascalCase(std::string_view name) {
  std::string out;
  bool upper = true;
  for (const char c : name) {
    if (c == '.' || c == '-' || c == '_') {
      upper = true;
      continue;
    }
    out.push_back(
        upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c)))
              : c);
    upper = false;
  }
  return out;
}

void WriteRule(const CodeInfo& info, JsonWriter* json) {
  json->BeginObject();
  json->Key("id").String(info.name);
  json->Key("name").String(PascalCase(info.name));
  WriteTextObject("shortDescription", info.summary, json);
  WriteTextObject(
      "fullDescription",
      std::string(info.summary) + " Spec: " + std::string(info.spec) + ".",
      json);
  WriteTextObject("help",
                  std::string(info.summary) +
                      "\nRule: " + std::string(info.spec) +
                      "\nEvery code is described in docs/diagnostics.md "
                      "(`colcheck codes`).",
                  json);
  json->Key("defaultConfiguration").BeginObject();
  json->Key("level").String(SarifLevel(info.severity));
  json->EndObject();
  json->Key("properties").BeginObject();
  json->Key("spec").String(info.spec);
  json->Key("tags").BeginArray().String(GroupOf(info.name)).EndArray();
  json->EndObject();
  json->EndObject();
}

// The rules array, one rule per registered code: the same in every log, so
// written once per process.
std::string_view RulesJson() {
  static const std::string* const rules = [] {
    auto* out = new std::string;
    JsonWriter json(out);
    json.BeginArray();
    for (const CodeInfo& info : AllCodes()) WriteRule(info, &json);
    json.EndArray();
    return out;
  }();
  return *rules;
}

// Everything up to the opening of the results array.
void WriteLogHead(JsonWriter* json) {
  json->BeginObject();
  json->Key("$schema").String(kSchemaUri);
  json->Key("version").String("2.1.0");
  json->Key("runs").BeginArray().BeginObject();
  json->Key("tool").BeginObject();
  json->Key("driver").BeginObject();
  json->Key("name").String("colcheck");
  json->Key("version").String(kVersion);
  json->Key("rules").Written(RulesJson());
  json->EndObject().EndObject();
  json->Key("results").BeginArray();
}

// The result's one location: the bytes, and the column when there is one.
void WriteLocation(const Diagnostic& diagnostic, std::string_view uri,
                   size_t artifact_index, JsonWriter* json) {
  json->BeginObject();
  json->Key("physicalLocation").BeginObject();
  json->Key("artifactLocation").BeginObject();
  json->Key("uri").String(uri);
  json->Key("index").Uint(artifact_index);
  json->EndObject();
  json->Key("region").BeginObject();
  json->Key("byteOffset").Uint(diagnostic.offset);
  json->Key("byteLength").Uint(diagnostic.length);
  json->EndObject();
  json->EndObject();
  // SARIF 2.1.0 3.33: a logical location names the construct a result
  // concerns, here the column, by its fully qualified name.
  if (!diagnostic.column.empty()) {
    json->Key("logicalLocations").BeginArray().BeginObject();
    json->Key("fullyQualifiedName").String(diagnostic.column);
    json->EndObject().EndArray();
  }
  json->EndObject();
}

void WriteResult(const Diagnostic& diagnostic, std::string_view uri,
                 size_t artifact_index, JsonWriter* json) {
  const CodeInfo& info = Info(diagnostic.code);
  json->BeginObject();
  json->Key("ruleId").String(info.name);
  json->Key("ruleIndex").Int(&info - AllCodes().data());
  json->Key("level").String(SarifLevel(diagnostic.severity));
  // Viewers show the message as the result's title, so an empty one falls
  // back to the rule's summary.
  WriteTextObject(
      "message", diagnostic.message.empty() ? info.summary : diagnostic.message,
      json);
  json->Key("locations").BeginArray();
  WriteLocation(diagnostic, uri, artifact_index, json);
  json->EndArray();
  if (!diagnostic.field.empty() || !diagnostic.known_bug.empty()) {
    json->Key("properties").BeginObject();
    if (!diagnostic.field.empty()) json->Key("field").String(diagnostic.field);
    if (!diagnostic.known_bug.empty()) {
      json->Key("known_bug").String(diagnostic.known_bug);
    }
    json->EndObject();
  }
  json->EndObject();
}

void WriteArtifact(const std::string& uri, uint64_t length, Format format,
                   Verdict verdict, bool complete, JsonWriter* json) {
  json->BeginObject();
  json->Key("location").BeginObject().Key("uri").String(uri).EndObject();
  json->Key("length").Uint(length);
  json->Key("roles").BeginArray().String("analysisTarget").EndArray();
  json->Key("properties").BeginObject();
  json->Key("format").String(FormatName(format));
  json->Key("verdict").String(VerdictName(verdict));
  json->Key("complete").Bool(complete);
  json->EndObject();
  json->EndObject();
}

bool KeptInUri(unsigned char byte) {
  // Not std::isalnum: under some locales it accepts bytes above 0x7f.
  if ((byte >= 'a' && byte <= 'z') || (byte >= 'A' && byte <= 'Z') ||
      (byte >= '0' && byte <= '9')) {
    return true;
  }
  // RFC 3986: unreserved marks, the path separator and the sub-delimiters,
  // which are all legal in a path. ':' is not among them because in a
  // relative reference's first segment it would read as a scheme.
  return std::string_view("-._~/!$&'()*+,;=@").find(static_cast<char>(byte)) !=
         std::string_view::npos;
}

}  // namespace

std::string ArtifactUri(std::string_view path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  // An absolute path as a relative reference would be misread when it starts
  // with "//" (an authority), so it becomes a file URI with an empty host.
  std::string out = path.starts_with('/') ? "file://" : "";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (KeptInUri(byte)) {
      out.push_back(c);
    } else {
      out.push_back('%');
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 0xf]);
    }
  }
  return out;
}

SarifWriter::SarifWriter(std::ostream* out) : out_(out) {}

void SarifWriter::BeginIfNeeded() {
  if (begun_) return;
  begun_ = true;
  WriteLogHead(&json_);
}

void SarifWriter::Flush() {
  *out_ << buffer_;
  buffer_.clear();
}

size_t SarifWriter::ArtifactIndex(std::string uri, const Report& report) {
  const auto [it, inserted] = index_of_uri_.emplace(uri, artifacts_.size());
  if (inserted) {
    artifacts_.push_back(
        {std::move(uri), report.size, report.format, report.verdict,
         report.complete});
  }
  return it->second;
}

void SarifWriter::AddFile(std::string_view path, const Report& report) {
  BeginIfNeeded();
  const size_t index = ArtifactIndex(ArtifactUri(path), report);
  const std::string& uri = artifacts_[index].uri;
  // One result at a time, so memory stays constant however many
  // diagnostics a file has.
  for (const Diagnostic& diagnostic : report.diagnostics) {
    WriteResult(diagnostic, uri, index, &json_);
    Flush();
  }
}

void SarifWriter::Finish() {
  BeginIfNeeded();
  json_.EndArray();
  json_.Key("artifacts").BeginArray();
  for (const Artifact& a : artifacts_) {
    WriteArtifact(a.uri, a.length, a.format, a.verdict, a.complete, &json_);
  }
  json_.EndArray();
  json_.Key("invocations").BeginArray().BeginObject();
  json_.Key("executionSuccessful").Bool(true);
  json_.EndObject().EndArray();
  json_.EndObject().EndArray().EndObject();
  buffer_.push_back('\n');
  Flush();
}

std::string RenderSarif(std::span<const FileReport> files) {
  std::ostringstream out;
  SarifWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  return out.str();
}

}  // namespace colcheck
