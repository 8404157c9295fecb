#include "reports/triage.h"

#include <algorithm>
#include <cctype>
#include <tuple>

#include "reports/json.h"

namespace colcheck {
namespace {

constexpr char kHex[] = "0123456789abcdef";

// The markdown lists a group's first members and its representative's first
// diagnostics; triage.json always has them all.
constexpr size_t kMarkdownMembers = 20;
constexpr size_t kMarkdownDiagnostics = 50;

bool IsControl(unsigned char byte) { return byte < 0x20 || byte == 0x7f; }

// Smaller file first; equal sizes fall back on the path so that the choice
// does not depend on input order.
bool BetterRepresentative(std::string_view path, const Report& report,
                          const TriageGroup& group) {
  const uint64_t current = group.representative_report.size;
  if (report.size != current) return report.size < current;
  return path < group.representative;
}

void WriteRepresentative(const TriageGroup& group, JsonWriter* json) {
  const Report& report = group.representative_report;
  json->BeginObject();
  json->Key("path").String(group.representative);
  json->Key("size").Uint(report.size);
  json->Key("verdict").String(VerdictName(report.verdict));
  json->Key("diagnostics");
  WriteJsonDiagnostics(report.diagnostics, json);
  json->EndObject();
}

void WriteGroup(const TriageGroup& group, JsonWriter* json) {
  json->BeginObject();
  json->Key("code").String(Info(group.code).name);
  json->Key("field").String(group.field);
  json->Key("count").Uint(group.files.size());
  json->Key("representative");
  WriteRepresentative(group, json);
  json->Key("files").BeginArray();
  for (const std::string& file : group.files) json->String(file);
  json->EndArray();
  json->EndObject();
}

// {"path":...,"<key>":...}, an entry of "no_error" or "unreadable".
void WritePathEntry(std::string_view path, std::string_view key,
                    std::string_view value, JsonWriter* json) {
  json->BeginObject().Key("path").String(path).Key(key).String(value);
  json->EndObject();
}

// "12 files" / "1 file".
std::string Count(size_t n, std::string_view singular) {
  std::string out = std::to_string(n) + " " + std::string(singular);
  if (n != 1) out.push_back('s');
  return out;
}

// The field as inline markdown; an empty field is a diagnostic about the
// file as a whole.
std::string FieldCell(std::string_view field) {
  return field.empty() ? "(the file)" : EscapeMarkdown(field);
}

void AppendDiagnosticItem(const Diagnostic& d, std::string* out) {
  *out += "- `" + std::to_string(d.offset);
  if (d.length != 0) *out += "+" + std::to_string(d.length);
  *out += "` ";
  *out += std::string(SeverityName(d.severity)) + " `" +
          std::string(Info(d.code).name) + "`: " + EscapeMarkdown(d.message);
  if (!d.field.empty()) *out += " (" + EscapeMarkdown(d.field) + ")";
  out->push_back('\n');
}

void AppendGroupSection(size_t number, const TriageGroup& group,
                        std::string* out) {
  const Report& report = group.representative_report;
  *out += "\n## " + std::to_string(number) + ". `" +
          std::string(Info(group.code).name) + "` at " +
          FieldCell(group.field) + "\n\n";
  *out += Count(group.files.size(), "file") +
          ". Representative: " + EscapeMarkdown(group.representative) + " (" +
          Count(report.size, "byte") + ", " +
          std::string(VerdictName(report.verdict)) + ").\n\n";
  // "--" keeps a path that starts with a dash from reading as an option.
  const std::string_view dashes =
      group.representative.starts_with("-") ? "-- " : "";
  *out += "```sh\ncolcheck validate --context " + std::string(dashes) +
          ShellQuote(group.representative) + "\n```\n\n";
  *out += "Diagnostics of the representative:\n\n";
  const size_t shown =
      std::min(report.diagnostics.size(), kMarkdownDiagnostics);
  for (size_t i = 0; i < shown; ++i) {
    AppendDiagnosticItem(report.diagnostics[i], out);
  }
  if (shown < report.diagnostics.size()) {
    *out += "- ... " +
            Count(report.diagnostics.size() - shown, "more diagnostic") +
            " in triage.json\n";
  }
  *out += "\nFiles:\n\n";
  const size_t members = std::min(group.files.size(), kMarkdownMembers);
  for (size_t i = 0; i < members; ++i) {
    *out += "- " + EscapeMarkdown(group.files[i]) + "\n";
  }
  if (members < group.files.size()) {
    *out += "- ... " + Count(group.files.size() - members, "more file") +
            " in triage.json\n";
  }
}

}  // namespace

std::string StripIndices(std::string_view field) {
  std::string out;
  out.reserve(field.size());
  size_t pos = 0;
  while (pos < field.size()) {
    out.push_back(field[pos]);
    if (field[pos] != '[') {
      ++pos;
      continue;
    }
    size_t end = pos + 1;
    while (end < field.size() &&
           std::isdigit(static_cast<unsigned char>(field[end]))) {
      ++end;
    }
    // Only a bracket of digits is an index; anything else is a name and
    // stays.
    pos = end < field.size() && field[end] == ']' ? end : pos + 1;
  }
  return out;
}

const Diagnostic* FirstError(const Report& report) {
  for (const Diagnostic& diagnostic : report.diagnostics) {
    if (diagnostic.severity == Severity::kError) return &diagnostic;
  }
  return nullptr;
}

void TriageBuilder::AddFile(std::string_view path, Report report) {
  ++triage_.files;
  const Diagnostic* first = FirstError(report);
  if (first == nullptr) {
    triage_.no_error.push_back({std::string(path), report.verdict});
    return;
  }
  auto key = std::make_pair(first->code, StripIndices(first->field));
  const auto [it, inserted] =
      group_of_.try_emplace(std::move(key), triage_.groups.size());
  if (inserted) {
    triage_.groups.push_back({.code = it->first.first,
                              .field = it->first.second,
                              .files = {},
                              .representative = std::string(path),
                              .representative_report = std::move(report)});
    triage_.groups.back().files.emplace_back(path);
    return;
  }
  TriageGroup& group = triage_.groups[it->second];
  group.files.emplace_back(path);
  if (BetterRepresentative(path, report, group)) {
    group.representative = std::string(path);
    group.representative_report = std::move(report);
  }
}

void TriageBuilder::AddUnreadable(std::string_view path,
                                  std::string_view message) {
  ++triage_.files;
  triage_.unreadable.push_back({std::string(path), std::string(message)});
}

Triage TriageBuilder::Finish() {
  std::sort(triage_.groups.begin(), triage_.groups.end(),
            [](const TriageGroup& a, const TriageGroup& b) {
              return std::make_tuple(b.files.size(), Info(a.code).name,
                                     std::string_view(a.field)) <
                     std::make_tuple(a.files.size(), Info(b.code).name,
                                     std::string_view(b.field));
            });
  group_of_.clear();
  return std::move(triage_);
}

std::string RenderTriageJson(const Triage& triage) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonDocument(&json);
  json.Key("files").Uint(triage.files);
  json.Key("groups").BeginArray();
  for (const TriageGroup& group : triage.groups) WriteGroup(group, &json);
  json.EndArray();
  json.Key("no_error").BeginArray();
  for (const TriageNoError& file : triage.no_error) {
    WritePathEntry(file.path, "verdict", VerdictName(file.verdict), &json);
  }
  json.EndArray();
  json.Key("unreadable").BeginArray();
  for (const TriageUnreadable& file : triage.unreadable) {
    WritePathEntry(file.path, "message", file.message, &json);
  }
  json.EndArray().EndObject();
  out.push_back('\n');
  return out;
}

std::string RenderTriageMarkdown(const Triage& triage) {
  std::string out = "# colcheck triage\n\n";
  size_t grouped = 0;
  for (const TriageGroup& group : triage.groups) grouped += group.files.size();
  out += Count(triage.files, "file") + ": " + std::to_string(grouped) +
         " with errors in " + Count(triage.groups.size(), "group") + ", " +
         std::to_string(triage.no_error.size()) + " without errors, " +
         std::to_string(triage.unreadable.size()) + " unreadable.\n";
  if (!triage.groups.empty()) {
    out +=
        "\n| Group | Code | Field | Files | Representative |\n"
        "| ---: | --- | --- | ---: | --- |\n";
    for (size_t i = 0; i < triage.groups.size(); ++i) {
      const TriageGroup& group = triage.groups[i];
      out += "| " + std::to_string(i + 1) + " | `" +
             std::string(Info(group.code).name) + "` | " +
             FieldCell(group.field) + " | " +
             std::to_string(group.files.size()) + " | " +
             EscapeMarkdown(group.representative) + " (" +
             Count(group.representative_report.size, "byte") + ") |\n";
    }
  }
  for (size_t i = 0; i < triage.groups.size(); ++i) {
    AppendGroupSection(i + 1, triage.groups[i], &out);
  }
  if (!triage.no_error.empty()) {
    out += "\n## Files without errors\n\n";
    for (const TriageNoError& file : triage.no_error) {
      out += "- " + EscapeMarkdown(file.path) + " (" +
             std::string(VerdictName(file.verdict)) + ")\n";
    }
  }
  if (!triage.unreadable.empty()) {
    out += "\n## Unreadable files\n\n";
    for (const TriageUnreadable& file : triage.unreadable) {
      out += "- " + EscapeMarkdown(file.path) + ": " +
             EscapeMarkdown(file.message) + "\n";
    }
  }
  return out;
}

std::string EscapeMarkdown(std::string_view text) {
  // The characters that open emphasis, code, links, HTML, entities, tables
  // and strike-through; escaping them all keeps the text literal wherever
  // it lands.
  static constexpr std::string_view kActive = "\\`*_[]<>|~&";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (IsControl(byte)) {
      out += "\\x";
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 0xf]);
    } else {
      if (kActive.find(c) != std::string_view::npos) out.push_back('\\');
      out.push_back(c);
    }
  }
  return out;
}

std::string ShellQuote(std::string_view word) {
  const auto safe = [](unsigned char c) {
    return std::isalnum(c) ||
           std::string_view("_./-+=:,@%").find(c) != std::string_view::npos;
  };
  if (!word.empty() && std::all_of(word.begin(), word.end(), [&](char c) {
        return safe(static_cast<unsigned char>(c));
      })) {
    return std::string(word);
  }
  const bool has_control = std::any_of(word.begin(), word.end(), [](char c) {
    return IsControl(static_cast<unsigned char>(c));
  });
  if (!has_control) {
    std::string out = "'";
    for (const char c : word) {
      if (c == '\'') {
        out += "'\\''";
      } else {
        out.push_back(c);
      }
    }
    return out + "'";
  }
  std::string out = "$'";
  for (const char c : word) {
    const auto byte = static_cast<unsigned char>(c);
    if (IsControl(byte) || c == '\'' || c == '\\') {
      out += "\\x";
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 0xf]);
    } else {
      out.push_back(c);
    }
  }
  return out + "'";
}

}  // namespace colcheck
