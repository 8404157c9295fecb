#include "reports/summary.h"

#include <algorithm>
#include <bitset>

namespace colcheck {
namespace {

size_t Slot(Code code, Severity severity) {
  return static_cast<size_t>(code) * 3 + static_cast<size_t>(severity);
}

std::string Plural(size_t n, std::string_view one, std::string_view many) {
  return std::to_string(n) + " " + std::string(n == 1 ? one : many);
}

}  // namespace

void RunSummary::Add(const Report& report) {
  ++files_;
  suppressed_ += report.suppressed;
  if (report.diagnostics.empty()) return;
  ++files_with_findings_;
  findings_ += report.diagnostics.size();
  std::bitset<kCodeCount * kSeverities> seen;
  for (const Diagnostic& d : report.diagnostics) {
    const size_t slot = Slot(d.code, d.severity);
    ++tallies_[slot].findings;
    if (!seen[slot]) ++tallies_[slot].files;
    seen[slot] = true;
  }
}

std::vector<RunSummary::Row> RunSummary::Rows() const {
  std::vector<Row> rows;
  for (const Severity severity :
       {Severity::kError, Severity::kWarning, Severity::kInfo}) {
    for (const CodeInfo& info : AllCodes()) {
      const Tally& tally = tallies_[Slot(info.code, severity)];
      if (tally.findings > 0) {
        rows.push_back({info.code, severity, tally.findings, tally.files});
      }
    }
  }
  return rows;
}

void WriteTextRunSummary(const RunSummary& summary, std::ostream& out) {
  if (summary.findings() == 0 && summary.suppressed() == 0) return;
  out << "findings by code (" << Plural(summary.findings(), "finding", "findings")
      << " in " << summary.files_with_findings() << " of "
      << Plural(summary.files(), "file", "files");
  if (summary.suppressed() > 0) {
    out << "; " << summary.suppressed() << " suppressed by the baseline";
  }
  out << "):\n";
  const std::vector<RunSummary::Row> rows = summary.Rows();
  if (rows.empty()) return;
  size_t width = 4;
  for (const RunSummary::Row& row : rows) {
    width = std::max(width, Info(row.code).name.size());
  }
  const auto pad = [&out](std::string_view text, size_t to) {
    out << text << std::string(to > text.size() ? to - text.size() : 0, ' ');
  };
  const auto right = [&out](std::string text, size_t to) {
    out << std::string(to > text.size() ? to - text.size() : 0, ' ') << text;
  };
  out << "  ";
  pad("code", width + 2);
  out << "severity  findings  files\n";
  for (const RunSummary::Row& row : rows) {
    out << "  ";
    pad(Info(row.code).name, width + 2);
    pad(SeverityName(row.severity), 8);
    right(std::to_string(row.findings), 10);
    right(std::to_string(row.files), 7);
    out << "\n";
  }
}

void WriteJsonRunSummary(const RunSummary& summary, JsonWriter* json) {
  json->BeginObject();
  json->Key("files").Uint(summary.files());
  json->Key("files_with_findings").Uint(summary.files_with_findings());
  json->Key("findings").Uint(summary.findings());
  json->Key("suppressed").Uint(summary.suppressed());
  json->Key("codes").BeginArray();
  for (const RunSummary::Row& row : summary.Rows()) {
    json->BeginObject();
    json->Key("code").String(Info(row.code).name);
    json->Key("severity").String(SeverityName(row.severity));
    json->Key("findings").Uint(row.findings);
    json->Key("files").Uint(row.files);
    json->EndObject();
  }
  json->EndArray().EndObject();
}

}  // namespace colcheck
