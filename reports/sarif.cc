#include "reports/sarif.h"

#include <cctype>
#include <sstream>
#include <utility>

#include "reports/json.h"

namespace colcheck {
namespace {

// The schema's own id; consumers recognise the version by it and never
// need to fetch it.
constexpr std::string_view kSchemaUri =
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
    "sarif-schema-2.1.0.json";

void AppendStringMember(std::string_view key, std::string_view value,
                        std::string* out) {
  AppendJsonKey(key, out);
  AppendJsonString(value, out);
}

// {"text":...}: SARIF's message and multiformatMessageString alike.
void AppendTextObject(std::string_view key, std::string_view text,
                      std::string* out) {
  AppendJsonKey(key, out);
  out->push_back('{');
  AppendStringMember("text", text, out);
  out->push_back('}');
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

void AppendRule(const CodeInfo& info, std::string* out) {
  out->push_back('{');
  AppendStringMember("id", info.name, out);
  out->push_back(',');
  AppendStringMember("name", PascalCase(info.name), out);
  out->push_back(',');
  AppendTextObject("shortDescription", info.summary, out);
  out->push_back(',');
  AppendTextObject(
      "fullDescription",
      std::string(info.summary) + " Spec: " + std::string(info.spec) + ".",
      out);
  out->push_back(',');
  AppendTextObject("help",
                   std::string(info.summary) +
                       "\nRule: " + std::string(info.spec) +
                       "\nEvery code is described in docs/diagnostics.md "
                       "(`colcheck codes`).",
                   out);
  out->push_back(',');
  AppendJsonKey("defaultConfiguration", out);
  out->push_back('{');
  AppendStringMember("level", SarifLevel(info.severity), out);
  out->append("},");
  AppendJsonKey("properties", out);
  out->push_back('{');
  AppendStringMember("spec", info.spec, out);
  out->push_back(',');
  AppendJsonKey("tags", out);
  out->push_back('[');
  AppendJsonString(GroupOf(info.name), out);
  out->append("]}}");
}

// Everything up to the opening of the results array.
std::string LogHead() {
  std::string out = "{";
  AppendStringMember("$schema", kSchemaUri, &out);
  out.push_back(',');
  AppendStringMember("version", "2.1.0", &out);
  out.push_back(',');
  AppendJsonKey("runs", &out);
  out.append("[{");
  AppendJsonKey("tool", &out);
  out.push_back('{');
  AppendJsonKey("driver", &out);
  out.push_back('{');
  AppendStringMember("name", "colcheck", &out);
  out.push_back(',');
  AppendStringMember("version", kVersion, &out);
  out.push_back(',');
  AppendJsonKey("rules", &out);
  out.push_back('[');
  bool first = true;
  for (const CodeInfo& info : AllCodes()) {
    if (!first) out.push_back(',');
    first = false;
    AppendRule(info, &out);
  }
  out.append("]}},");
  AppendJsonKey("results", &out);
  out.push_back('[');
  return out;
}

void AppendResult(const Diagnostic& diagnostic, std::string_view uri,
                  size_t artifact_index, std::string* out) {
  const CodeInfo& info = Info(diagnostic.code);
  out->push_back('{');
  AppendStringMember("ruleId", info.name, out);
  out->push_back(',');
  AppendJsonKey("ruleIndex", out);
  out->append(std::to_string(&info - AllCodes().data()));
  out->push_back(',');
  AppendStringMember("level", SarifLevel(diagnostic.severity), out);
  out->push_back(',');
  // Viewers show the message as the result's title, so an empty one falls
  // back to the rule's summary.
  AppendTextObject(
      "message", diagnostic.message.empty() ? info.summary : diagnostic.message,
      out);
  out->push_back(',');
  AppendJsonKey("locations", out);
  out->append("[{");
  AppendJsonKey("physicalLocation", out);
  out->push_back('{');
  AppendJsonKey("artifactLocation", out);
  out->push_back('{');
  AppendStringMember("uri", uri, out);
  out->push_back(',');
  AppendJsonKey("index", out);
  out->append(std::to_string(artifact_index));
  out->append("},");
  AppendJsonKey("region", out);
  out->push_back('{');
  AppendJsonKey("byteOffset", out);
  out->append(std::to_string(diagnostic.offset));
  out->push_back(',');
  AppendJsonKey("byteLength", out);
  out->append(std::to_string(diagnostic.length));
  out->append("}}");
  // SARIF 2.1.0 3.33: a logical location names the construct a result
  // concerns, here the column, by its fully qualified name.
  if (!diagnostic.column.empty()) {
    out->push_back(',');
    AppendJsonKey("logicalLocations", out);
    out->append("[{");
    AppendStringMember("fullyQualifiedName", diagnostic.column, out);
    out->append("}]");
  }
  out->append("}]");
  if (!diagnostic.field.empty() || !diagnostic.known_bug.empty()) {
    out->push_back(',');
    AppendJsonKey("properties", out);
    out->push_back('{');
    if (!diagnostic.field.empty()) {
      AppendStringMember("field", diagnostic.field, out);
    }
    if (!diagnostic.known_bug.empty()) {
      if (!diagnostic.field.empty()) out->push_back(',');
      AppendStringMember("known_bug", diagnostic.known_bug, out);
    }
    out->push_back('}');
  }
  out->push_back('}');
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
  *out_ << LogHead();
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
  std::string result;
  for (const Diagnostic& diagnostic : report.diagnostics) {
    result.clear();
    if (has_results_) result.push_back(',');
    has_results_ = true;
    AppendResult(diagnostic, uri, index, &result);
    *out_ << result;
  }
}

void SarifWriter::Finish() {
  BeginIfNeeded();
  std::string out = "],";
  AppendJsonKey("artifacts", &out);
  out.push_back('[');
  bool first = true;
  for (const Artifact& artifact : artifacts_) {
    if (!first) out.push_back(',');
    first = false;
    out.push_back('{');
    AppendJsonKey("location", &out);
    out.push_back('{');
    AppendStringMember("uri", artifact.uri, &out);
    out.append("},");
    AppendJsonKey("length", &out);
    out.append(std::to_string(artifact.length));
    out.push_back(',');
    AppendJsonKey("roles", &out);
    out.append("[\"analysisTarget\"],");
    AppendJsonKey("properties", &out);
    out.push_back('{');
    AppendStringMember("format", FormatName(artifact.format), &out);
    out.push_back(',');
    AppendStringMember("verdict", VerdictName(artifact.verdict), &out);
    out.push_back(',');
    AppendJsonKey("complete", &out);
    out.append(artifact.complete ? "true" : "false");
    out.append("}}");
  }
  out.append("],");
  AppendJsonKey("invocations", &out);
  out.append("[{");
  AppendJsonKey("executionSuccessful", &out);
  out.append("true}]}]}\n");
  *out_ << out;
}

std::string RenderSarif(std::span<const FileReport> files) {
  std::ostringstream out;
  SarifWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  return out.str();
}

}  // namespace colcheck
