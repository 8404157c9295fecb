#include "reports/json.h"

#include <cstdint>
#include <sstream>

namespace colcheck {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void AppendUnicodeEscape(uint32_t unit, std::string* out) {
  out->append("\\u");
  out->push_back(kHex[(unit >> 12) & 0xf]);
  out->push_back(kHex[(unit >> 8) & 0xf]);
  out->push_back(kHex[(unit >> 4) & 0xf]);
  out->push_back(kHex[unit & 0xf]);
}

bool InRange(unsigned char byte, unsigned char low, unsigned char high) {
  return byte >= low && byte <= high;
}

}  // namespace

size_t DecodeUtf8Sequence(std::string_view value, size_t pos,
                          uint32_t* code_point) {
  const auto at = [&](size_t i) {
    return static_cast<unsigned char>(value[pos + i]);
  };
  const unsigned char lead = at(0);
  size_t length = 0;
  // The range of the second byte is narrower than 80..BF for some leads;
  // that is what rules out overlong forms, surrogates and values past
  // U+10FFFF (RFC 3629, section 4).
  unsigned char second_low = 0x80;
  unsigned char second_high = 0xbf;
  if (InRange(lead, 0xc2, 0xdf)) {
    length = 2;
  } else if (InRange(lead, 0xe0, 0xef)) {
    length = 3;
    if (lead == 0xe0) second_low = 0xa0;
    if (lead == 0xed) second_high = 0x9f;
  } else if (InRange(lead, 0xf0, 0xf4)) {
    length = 4;
    if (lead == 0xf0) second_low = 0x90;
    if (lead == 0xf4) second_high = 0x8f;
  } else {
    return 0;
  }
  if (value.size() - pos < length) return 0;
  if (!InRange(at(1), second_low, second_high)) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (!InRange(at(i), 0x80, 0xbf)) return 0;
  }
  uint32_t result = lead & (0x7f >> length);
  for (size_t i = 1; i < length; ++i) result = (result << 6) | (at(i) & 0x3f);
  *code_point = result;
  return length;
}

void AppendJsonKey(std::string_view key, std::string* out) {
  AppendJsonString(key, out);
  out->push_back(':');
}

void AppendJsonDocumentStart(std::string* out) {
  out->push_back('{');
  AppendJsonKey("tool", out);
  AppendJsonString("colcheck", out);
  out->push_back(',');
  AppendJsonKey("version", out);
  AppendJsonString(kVersion, out);
  out->push_back(',');
}

void AppendJsonFileDocumentStart(std::string_view path, const Report& report,
                                 std::string* out) {
  AppendJsonDocumentStart(out);
  AppendJsonKey("path", out);
  AppendJsonString(path, out);
  out->push_back(',');
  AppendJsonKey("format", out);
  AppendJsonString(FormatName(report.format), out);
  out->push_back(',');
  AppendJsonKey("verdict", out);
  AppendJsonString(VerdictName(report.verdict), out);
  out->push_back(',');
}

void AppendJsonDiagnostic(const Diagnostic& diagnostic, std::string* out) {
  out->push_back('{');
  AppendJsonKey("code", out);
  AppendJsonString(Info(diagnostic.code).name, out);
  out->push_back(',');
  AppendJsonKey("severity", out);
  AppendJsonString(SeverityName(diagnostic.severity), out);
  out->push_back(',');
  AppendJsonKey("offset", out);
  out->append(std::to_string(diagnostic.offset));
  out->push_back(',');
  AppendJsonKey("length", out);
  out->append(std::to_string(diagnostic.length));
  out->push_back(',');
  AppendJsonKey("field", out);
  AppendJsonString(diagnostic.field, out);
  out->push_back(',');
  AppendJsonKey("message", out);
  AppendJsonString(diagnostic.message, out);
  out->push_back(',');
  AppendJsonKey("column", out);
  AppendJsonString(diagnostic.column, out);
  // Only present when a known writer bug explains the finding, so reports
  // without one keep their exact bytes.
  if (!diagnostic.known_bug.empty()) {
    out->push_back(',');
    AppendJsonKey("known_bug", out);
    AppendJsonString(diagnostic.known_bug, out);
  }
  out->push_back('}');
}

void AppendJsonFile(std::string_view path, const Report& report,
                    std::string* out) {
  out->push_back('{');
  AppendJsonKey("path", out);
  AppendJsonString(path, out);
  out->push_back(',');
  AppendJsonKey("format", out);
  AppendJsonString(FormatName(report.format), out);
  out->push_back(',');
  AppendJsonKey("size", out);
  out->append(std::to_string(report.size));
  out->push_back(',');
  AppendJsonKey("verdict", out);
  AppendJsonString(VerdictName(report.verdict), out);
  out->push_back(',');
  AppendJsonKey("diagnostics", out);
  out->push_back('[');
  bool first = true;
  for (const Diagnostic& diagnostic : report.diagnostics) {
    if (!first) out->push_back(',');
    first = false;
    AppendJsonDiagnostic(diagnostic, out);
  }
  // Appended after the original keys, as the contract allows.
  out->append("],");
  AppendJsonKey("complete", out);
  out->append(report.complete ? "true" : "false");
  out->push_back('}');
}

namespace {

// The fields every top-level document starts with, up to the opening of its
// array.
std::string DocumentHead(std::string_view array_key) {
  std::string out;
  AppendJsonDocumentStart(&out);
  AppendJsonKey(array_key, &out);
  out.push_back('[');
  return out;
}

}  // namespace

void AppendJsonString(std::string_view value, std::string* out) {
  out->push_back('"');
  size_t pos = 0;
  while (pos < value.size()) {
    const auto byte = static_cast<unsigned char>(value[pos]);
    if (byte < 0x80) {
      switch (byte) {
        case '"':
          out->append("\\\"");
          break;
        case '\\':
          out->append("\\\\");
          break;
        case '\n':
          out->append("\\n");
          break;
        case '\r':
          out->append("\\r");
          break;
        case '\t':
          out->append("\\t");
          break;
        default:
          // DEL is legal in JSON but escaped anyway, like the C0 controls,
          // so the output stays printable.
          if (byte < 0x20 || byte == 0x7f) {
            AppendUnicodeEscape(byte, out);
          } else {
            out->push_back(static_cast<char>(byte));
          }
      }
      ++pos;
      continue;
    }
    uint32_t code_point = 0;
    const size_t length = DecodeUtf8Sequence(value, pos, &code_point);
    if (length == 0) {
      // One replacement per bad byte: the output length stays proportional to
      // the input, and resynchronising on the next byte never skips a valid
      // sequence.
      AppendUnicodeEscape(0xfffd, out);
      ++pos;
      continue;
    }
    // Escaping all non-ASCII keeps the output valid whatever encoding the
    // consumer's stdin assumes.
    if (code_point > 0xffff) {
      const uint32_t offset = code_point - 0x10000;
      AppendUnicodeEscape(0xd800 + (offset >> 10), out);
      AppendUnicodeEscape(0xdc00 + (offset & 0x3ff), out);
    } else {
      AppendUnicodeEscape(code_point, out);
    }
    pos += length;
  }
  out->push_back('"');
}

JsonReportWriter::JsonReportWriter(std::ostream* out) : out_(out) {}

void JsonReportWriter::BeginIfNeeded() {
  if (begun_) return;
  begun_ = true;
  *out_ << DocumentHead("files");
}

void JsonReportWriter::AddFile(std::string_view path, const Report& report) {
  BeginIfNeeded();
  if (has_files_) *out_ << ',';
  has_files_ = true;
  std::string object;
  AppendJsonFile(path, report, &object);
  *out_ << object;
}

void JsonReportWriter::Finish() {
  BeginIfNeeded();
  *out_ << "]}\n";
}

void JsonReportWriter::Finish(const RunSummary& summary) {
  BeginIfNeeded();
  std::string tail = "],";
  AppendJsonKey("summary", &tail);
  AppendJsonRunSummary(summary, &tail);
  *out_ << tail << "}\n";
}

std::string RenderJson(std::span<const FileReport> files) {
  std::ostringstream out;
  JsonReportWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  return out.str();
}

std::string RenderCodesJson() {
  std::string out = DocumentHead("codes");
  bool first = true;
  for (const CodeInfo& info : AllCodes()) {
    if (!first) out.push_back(',');
    first = false;
    out.push_back('{');
    AppendJsonKey("code", &out);
    AppendJsonString(info.name, &out);
    out.push_back(',');
    AppendJsonKey("severity", &out);
    AppendJsonString(SeverityName(info.severity), &out);
    out.push_back(',');
    AppendJsonKey("spec", &out);
    AppendJsonString(info.spec, &out);
    out.push_back(',');
    AppendJsonKey("summary", &out);
    AppendJsonString(info.summary, &out);
    out.push_back('}');
  }
  out.append("]}\n");
  return out;
}

}  // namespace colcheck
