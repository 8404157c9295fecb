#include "reports/text.h"

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <vector>

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

// "3 errors, 1 warning, 0 infos".
void WriteSeverityCounts(const Report& report, std::ostream& out) {
  const SeverityCounts counts = CountSeverities(report);
  WriteCount(counts.errors, "error", out);
  out << ", ";
  WriteCount(counts.warnings, "warning", out);
  out << ", ";
  WriteCount(counts.infos, "info", out);
}

// `path` as one shell word, quoted when it needs to be, for a command line
// the user may paste.
std::string ShellWord(std::string_view path) {
  const bool plain =
      !path.empty() && std::all_of(path.begin(), path.end(), [](const char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (c >= '0' && c <= '9') ||
               std::string_view("_./:@%+=,-").find(c) != std::string_view::npos;
      });
  if (plain) return std::string(path);
  std::string word = "'";
  for (const char c : path) {
    if (c == '\'') {
      word += "'\\''";
    } else {
      word += c;
    }
  }
  return word + "'";
}

// Appends `text` wrapped at word boundaries to lines of at most `width`
// columns, the first line already `column` wide and the next ones indented
// to `column`.
void WriteWrapped(std::string_view text, size_t column, size_t width,
                  std::ostream& out) {
  size_t at = column;
  bool first_word = true;
  while (!text.empty()) {
    const size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text.remove_prefix(space == std::string_view::npos ? text.size()
                                                       : space + 1);
    if (!first_word && at + 1 + word.size() > width) {
      out << '\n' << std::string(column, ' ');
      at = column;
      first_word = true;
    }
    if (!first_word) {
      out << ' ';
      ++at;
    }
    out << word;
    at += word.size();
    first_word = false;
  }
  out << '\n';
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

void WriteTextDiagnosticsDigest(std::string_view path, const Report& report,
                                size_t limit, std::ostream& out) {
  const std::vector<Diagnostic>& all = report.diagnostics;
  std::vector<size_t> shown;
  for (const Severity severity :
       {Severity::kError, Severity::kWarning, Severity::kInfo}) {
    for (size_t i = 0; i < all.size() && shown.size() < limit; ++i) {
      if (all[i].severity == severity) shown.push_back(i);
    }
  }
  std::sort(shown.begin(), shown.end());
  for (const size_t i : shown) WriteTextDiagnostic(path, all[i], out);
  if (shown.size() == all.size()) return;
  out << "colcheck: ";
  WriteSanitized(path, out);
  out << ": "
      << Plural(all.size() - shown.size(), "further diagnostic",
                "further diagnostics")
      << " not shown (";
  WriteSeverityCounts(report, out);
  out << " in all); `colcheck validate ";
  WriteSanitized(ShellWord(path), out);
  out << "` lists them\n";
}

void WriteTextSummary(std::string_view path, const Report& report,
                      std::ostream& out) {
  WriteSanitized(path, out);
  out << ": " << VerdictName(report.verdict) << " (" << ReadAs(report.format)
      << ", ";
  WriteSeverityCounts(report, out);
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
  std::vector<Code> codes;
  for (const CodeInfo& info : AllCodes()) codes.push_back(info.code);
  return RenderCodeSelectionText(codes);
}

std::string RenderCodeSelectionText(std::span<const Code> codes) {
  // The names align over the whole registry, so a selection lines up with
  // the full list.
  size_t name_width = 0;
  for (const CodeInfo& info : AllCodes()) {
    name_width = std::max(name_width, info.name.size());
  }
  std::ostringstream out;
  for (const Code code : codes) {
    const CodeInfo& info = Info(code);
    const std::string_view severity = SeverityName(info.severity);
    out << info.name << std::string(name_width - info.name.size() + 2, ' ')
        << severity
        << std::string(9 - std::min<size_t>(severity.size(), 8), ' ')
        << info.summary << '\n';
  }
  return out.str();
}

std::string RenderCodeEntriesText(std::span<const Code> codes) {
  constexpr size_t kColumn = 12;
  constexpr size_t kWidth = 79;
  std::ostringstream out;
  for (const Code code : codes) {
    const CodeInfo& info = Info(code);
    if (out.tellp() > 0) out << '\n';
    out << info.name << '\n';
    const struct {
      std::string_view label;
      std::string_view value;
    } rows[] = {
        {"severity", SeverityName(info.severity)},
        {"group", info.name.substr(0, info.name.find('.'))},
        {"spec", info.spec},
        {"summary", info.summary},
    };
    for (const auto& row : rows) {
      out << "  " << row.label
          << std::string(kColumn - 2 - row.label.size(), ' ');
      WriteWrapped(row.value, kColumn, kWidth, out);
    }
  }
  return out.str();
}

std::string Plural(size_t count, std::string_view one, std::string_view many) {
  return std::to_string(count) + " " + std::string(count == 1 ? one : many);
}

}  // namespace colcheck
