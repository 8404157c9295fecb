#include "reports/text.h"

#include <algorithm>
#include <cstddef>
#include <sstream>

namespace colcheck {
namespace {

// Paths, fields and messages may quote bytes of an untrusted file; escaping
// control characters keeps one diagnostic on one line and keeps terminal
// escape sequences from reaching the user's terminal.
void WriteSanitized(std::string_view value, std::ostream& out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out << "\\x" << kHex[byte >> 4] << kHex[byte & 0xf];
    } else {
      out << c;
    }
  }
}

// Which format the file was read as: a verdict means little without it
// when a name and the bytes disagree.
std::string_view ReadAs(Format format) {
  switch (format) {
    case Format::kParquet:
      return "Parquet";
    case Format::kOrc:
      return "ORC";
    case Format::kUnknown:
      return "not Parquet or ORC";
  }
  return "not Parquet or ORC";
}

void WriteCount(size_t count, std::string_view singular, std::ostream& out) {
  out << count << ' ' << singular;
  if (count != 1) out << 's';
}

}  // namespace

void WriteTextDiagnostic(std::string_view path, const Diagnostic& diagnostic,
                         std::ostream& out) {
  WriteSanitized(path, out);
  out << ':' << diagnostic.offset;
  if (diagnostic.length != 0) out << '+' << diagnostic.length;
  out << ": " << SeverityName(diagnostic.severity) << '['
      << Info(diagnostic.code).name << "]: ";
  WriteSanitized(diagnostic.message, out);
  if (!diagnostic.field.empty() || !diagnostic.column.empty()) {
    out << " (";
    WriteSanitized(diagnostic.field, out);
    if (!diagnostic.column.empty()) {
      if (!diagnostic.field.empty()) out << ", ";
      out << "column ";
      WriteSanitized(diagnostic.column, out);
    }
    out << ')';
  }
  if (!diagnostic.known_bug.empty()) {
    out << " [known bug ";
    WriteSanitized(diagnostic.known_bug, out);
    out << ']';
  }
  out << '\n';
}

void WriteTextDiagnostics(std::string_view path, const Report& report,
                          std::ostream& out) {
  for (const Diagnostic& diagnostic : report.diagnostics) {
    WriteTextDiagnostic(path, diagnostic, out);
  }
}

void WriteTextSummary(std::string_view path, const Report& report,
                      std::ostream& out) {
  const SeverityCounts counts = CountSeverities(report);
  WriteSanitized(path, out);
  out << ": " << VerdictName(report.verdict) << " (" << ReadAs(report.format)
      << ", ";
  WriteCount(counts.errors, "error", out);
  out << ", ";
  WriteCount(counts.warnings, "warning", out);
  out << ", ";
  WriteCount(counts.infos, "info", out);
  if (!report.complete) out << "; not fully checked: a colcheck limit";
  out << ")\n";
}

void WriteText(std::string_view path, const Report& report, std::ostream& out) {
  WriteTextDiagnostics(path, report, out);
  WriteTextSummary(path, report, out);
}

std::string RenderText(const FileReport& file) {
  std::ostringstream out;
  WriteText(file.path, file.report, out);
  return out.str();
}

std::string IoErrorLine(std::string_view path, std::string_view message) {
  std::ostringstream out;
  out << "colcheck: ";
  WriteSanitized(path, out);
  out << ": ";
  WriteSanitized(message, out);
  return out.str();
}

std::string RenderCodesText() {
  size_t name_width = 0;
  for (const CodeInfo& info : AllCodes()) {
    name_width = std::max(name_width, info.name.size());
  }
  std::ostringstream out;
  for (const CodeInfo& info : AllCodes()) {
    const std::string_view severity = SeverityName(info.severity);
    out << info.name << std::string(name_width - info.name.size() + 2, ' ')
        << severity
        << std::string(9 - std::min<size_t>(severity.size(), 8), ' ')
        << info.summary << '\n';
  }
  return out.str();
}

}  // namespace colcheck
