// The diagnostics of the HTML page: one table, one group (tbody) per code
// with its count, most severe codes first; filters by severity, by code and
// by text, which the page's script applies; and the column each diagnostic
// concerns.
//
// A file with more diagnostics than kHtmlMaxDiagnostics lists a share of
// each code's (SelectDiagnosticRows), and the groups still count them all.

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/column_path.h"
#include "reports/file_report.h"
#include "reports/html.h"
#include "reports/html_internal.h"

namespace colcheck {
namespace {

using html_internal::AppendCapNote;
using html_internal::AppendText;

// The column of a diagnostic whose own `column` is empty, from the layout:
// Parquet fields under row_groups[r].columns[c] name the chunk's path; ORC
// fields name a column id directly or, for a stream, through the stripe's
// stream directory. The lookups are built on first use: most diagnostics
// already carry their column.
class LayoutColumnNames {
 public:
  explicit LayoutColumnNames(const Inspection& inspection)
      : inspection_(inspection) {}

  std::string_view Of(const Diagnostic& d) {
    if (!d.column.empty() || d.field.empty()) return d.column;
    if (inspection_.layout.containers == Containers::kStripes) {
      const std::optional<size_t> column = OrcColumn(d.field);
      if (!column) return "";
      if (!orc_paths_) orc_paths_ = OrcColumnPaths(inspection_.schema);
      return *column < orc_paths_->size()
                 ? std::string_view((*orc_paths_)[*column])
                 : std::string_view();
    }
    return ParquetColumn(d.field);
  }

 private:
  std::string_view ParquetColumn(std::string_view field) {
    size_t row_group = 0;
    size_t column = 0;
    if (!TakeIndexed(&field, "row_groups", &row_group) ||
        !TakeIndexed(&field, "columns", &column)) {
      return "";
    }
    if (!chunks_) {
      chunks_.emplace();
      const std::vector<ChunkExtent>& chunks = inspection_.layout.chunks;
      for (size_t i = 0; i < chunks.size(); ++i) {
        if (chunks[i].row_group < 0 || chunks[i].column < 0) continue;
        chunks_->emplace(
            std::pair<size_t, size_t>(chunks[i].row_group, chunks[i].column),
            i);
      }
    }
    const auto it = chunks_->find({row_group, column});
    return it == chunks_->end()
               ? std::string_view()
               : std::string_view(inspection_.layout.chunks[it->second].path);
  }

  // The column id an ORC field names (docs/columns.md), and a stream's.
  std::optional<size_t> OrcColumn(std::string_view field) {
    size_t stripe = 0;
    size_t index = 0;
    if (TakeIndexed(&field, "stripes", &stripe)) {
      if (field.starts_with("footer.")) field.remove_prefix(7);
      std::string_view rest = field;
      if (TakeIndexed(&rest, "streams", &index)) {
        return StreamColumn(stripe, index);
      }
      for (const std::string_view name :
           {"columns", "column", "row_index", "bloom_filter",
            "bloom_filter_utf8"}) {
        rest = field;
        if (TakeIndexed(&rest, name, &index)) return index;
      }
      return std::nullopt;
    }
    if (field.starts_with("footer.")) {
      field.remove_prefix(7);
      if (TakeIndexed(&field, "types", &index) ||
          TakeIndexed(&field, "statistics", &index)) {
        return index;
      }
    }
    return std::nullopt;
  }

  std::optional<size_t> StreamColumn(size_t stripe, size_t stream) {
    if (!streams_) {
      streams_.emplace();
      for (const Region& r : inspection_.layout.regions) {
        if (r.stream.index < 0 || r.container < 0 || r.column < 0) continue;
        streams_->emplace(
            std::pair<size_t, size_t>(r.container, r.stream.index), r.column);
      }
    }
    const auto it = streams_->find({stripe, stream});
    if (it == streams_->end()) return std::nullopt;
    return it->second;
  }

  const Inspection& inspection_;
  std::optional<std::map<std::pair<size_t, size_t>, size_t>> chunks_;
  std::optional<std::map<std::pair<size_t, size_t>, size_t>> streams_;
  std::optional<std::vector<std::string>> orc_paths_;
};

// One code's diagnostics.
struct Group {
  Code code{};
  Severity worst = Severity::kInfo;
  size_t first = 0;                     // Its first diagnostic's index.
  std::array<size_t, 3> by_severity{};  // Indexed by Severity.
  size_t count = 0;
  std::vector<size_t> rows;  // The listed ones.
};

std::vector<Group> GroupByCode(std::span<const Diagnostic> diagnostics,
                               const std::vector<size_t>& rows) {
  std::vector<Group> groups;
  std::map<Code, size_t> slot;
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    const Diagnostic& d = diagnostics[i];
    const auto [it, added] = slot.emplace(d.code, groups.size());
    if (added) {
      Group& g = groups.emplace_back();
      g.code = d.code;
      g.worst = d.severity;
      g.first = i;
    }
    Group& g = groups[it->second];
    g.worst = std::max(g.worst, d.severity);
    ++g.by_severity[static_cast<size_t>(d.severity)];
    ++g.count;
  }
  for (const size_t i : rows) {
    groups[slot[diagnostics[i].code]].rows.push_back(i);
  }
  // Errors first, then warnings, then infos; in order of appearance within.
  std::stable_sort(
      groups.begin(), groups.end(),
      [](const Group& a, const Group& b) { return a.worst > b.worst; });
  return groups;
}

std::string Plural(size_t count, std::string_view noun) {
  std::string text = std::to_string(count) + " ";
  text += noun;
  if (count != 1) text += "s";
  return text;
}

void AppendRow(size_t i, const Diagnostic& d, std::string_view column,
               bool has_excerpt, std::string* out) {
  const std::string index = std::to_string(i);
  const std::string severity(SeverityName(d.severity));
  const std::string span =
      std::to_string(d.offset) + "+" + std::to_string(d.length);
  std::string code;
  AppendHtmlEscaped(Info(d.code).name, &code);
  *out += "<tr class=\"diag sev-" + severity + "\" id=\"diag-" + index +
          "\" data-index=\"" + index + "\" data-code=\"" + code +
          "\" data-severity=\"" + severity + "\" data-offset=\"" +
          std::to_string(d.offset) + "\" data-length=\"" +
          std::to_string(d.length) + "\"><td class=\"num\">" + index +
          "</td><td><code>" + code + "</code></td><td>" + severity +
          "</td><td class=\"num mono\">";
  if (has_excerpt) {
    *out += "<a href=\"#hex-" + index + "\">" + span + "</a>";
  } else {
    *out += span;
  }
  *out += "</td><td class=\"fld mono\">";
  AppendText(d.field, out);
  *out += "</td><td class=\"fld mono\">";
  AppendText(column, out);
  *out += "</td><td class=\"msg\">";
  AppendText(d.message, out);
  if (!d.known_bug.empty()) {
    *out += " <span class=\"bug\">known bug <code>";
    AppendText(d.known_bug, out);
    *out += "</code></span>";
  }
  *out += "</td></tr>\n";
}

// The severity checkboxes, the code list, the search box and the buttons.
void AppendControls(const Report& report, const std::vector<Group>& groups,
                    std::string* out) {
  const SeverityCounts counts = CountSeverities(report);
  *out +=
      "<div id=\"diag-controls\" class=\"controls\" "
      "role=\"search\"><span class=\"na\">show</span>";
  for (const auto& [severity, count] : {std::pair{"error", counts.errors},
                                        std::pair{"warning", counts.warnings},
                                        std::pair{"info", counts.infos}}) {
    *out += "<label class=\"sev-" + std::string(severity) +
            "\"><input type=\"checkbox\" class=\"sev-filter\" value=\"" +
            severity + "\" checked> " + severity + "s (" +
            std::to_string(count) + ")</label>";
  }
  *out +=
      "<label>code <select id=\"code-filter\"><option value=\"\">all codes (" +
      std::to_string(groups.size()) + ")</option>";
  for (const Group& g : groups) {
    std::string code;
    AppendHtmlEscaped(Info(g.code).name, &code);
    *out += "<option value=\"" + code + "\">" + code + " (" +
            std::to_string(g.count) + ")</option>";
  }
  *out +=
      "</select></label><input type=\"search\" id=\"diag-search\" "
      "placeholder=\"search code, field, column, message\" "
      "aria-label=\"search the diagnostics\">"
      "<button type=\"button\" id=\"diag-reset\">show all</button>"
      "<button type=\"button\" id=\"groups-open\">expand all</button>"
      "<button type=\"button\" id=\"groups-close\">collapse all</button>"
      "<span id=\"diag-status\" class=\"na\" aria-live=\"polite\"></span>"
      "</div>\n";
}

}  // namespace

std::vector<size_t> SelectDiagnosticRows(
    std::span<const Diagnostic> diagnostics, size_t max_rows) {
  std::vector<size_t> rows;
  if (diagnostics.size() <= max_rows) {
    rows.resize(diagnostics.size());
    std::iota(rows.begin(), rows.end(), size_t{0});
    return rows;
  }
  // Each code's count, in order of first appearance.
  std::map<Code, size_t> slot;
  std::vector<size_t> counts;
  for (const Diagnostic& d : diagnostics) {
    const auto [it, added] = slot.emplace(d.code, counts.size());
    if (added) counts.push_back(0);
    ++counts[it->second];
  }
  const auto listed = [&counts](size_t quota) {
    size_t sum = 0;
    for (const size_t c : counts) sum += std::min(c, quota);
    return sum;
  };
  // The largest equal share that fits; what is left goes one more each to
  // the codes that have more, the first-seen first.
  size_t low = 0;
  size_t high = max_rows;
  while (low < high) {
    const size_t mid = low + (high - low + 1) / 2;
    if (listed(mid) <= max_rows) {
      low = mid;
    } else {
      high = mid - 1;
    }
  }
  std::vector<size_t> quota(counts.size());
  size_t left = max_rows - listed(low);
  for (size_t k = 0; k < counts.size(); ++k) {
    quota[k] = std::min(counts[k], low);
    if (counts[k] > low && left > 0) {
      ++quota[k];
      --left;
    }
  }
  rows.reserve(max_rows);
  for (size_t i = 0; i < diagnostics.size(); ++i) {
    size_t& q = quota[slot[diagnostics[i].code]];
    if (q == 0) continue;
    --q;
    rows.push_back(i);
  }
  return rows;
}

namespace html_internal {

void AppendDiagnostics(const Inspection& inspection,
                       const std::vector<size_t>& rows, std::string* out) {
  const Report& report = inspection.report;
  const std::span<const Diagnostic> diagnostics = report.diagnostics;
  const size_t total = diagnostics.size();
  const std::vector<Group> groups = GroupByCode(diagnostics, rows);
  *out += "<section id=\"diagnostics-section\"><h2>Diagnostics (" +
          std::to_string(total);
  if (total > 0) *out += " in " + Plural(groups.size(), "code");
  *out += ")</h2>\n";
  if (rows.size() < total) {
    *out += "<p class=\"cap-note\">Listing " + std::to_string(rows.size()) +
            " of " + std::to_string(total) +
            " diagnostics: each code keeps an equal share of its first ones "
            "(or all it has), so that the page's size does not grow with "
            "the file. The counts are of all of them.</p>\n";
  }
  if (total == 0) {
    *out += "<p class=\"na\">No diagnostics.</p>\n</section>\n";
    return;
  }
  AppendControls(report, groups, out);
  // Many rows start folded, so that the codes and their counts come first.
  const bool open = rows.size() <= 100;
  // Excerpts go to the first listed diagnostics.
  const size_t excerpt_bound =
      rows.size() > kHtmlMaxHexExcerpts ? rows[kHtmlMaxHexExcerpts] : SIZE_MAX;
  LayoutColumnNames columns(inspection);
  *out +=
      "<table id=\"diagnostics\"><thead><tr><th class=\"num\">#</th>"
      "<th>code</th><th>severity</th><th class=\"num\">offset+length</th>"
      "<th>field</th><th>column</th><th>message</th></tr></thead>\n";
  for (const Group& g : groups) {
    const CodeInfo& info = Info(g.code);
    std::string code;
    AppendHtmlEscaped(info.name, &code);
    const std::string worst(SeverityName(g.worst));
    *out += "<tbody class=\"diag-group\" id=\"group-" + code +
            "\" data-code=\"" + code + "\" data-count=\"" +
            std::to_string(g.count) + "\" data-rows=\"" +
            std::to_string(g.rows.size()) + "\" data-severity=\"" + worst +
            "\" data-open=\"" + (open ? "yes" : "no") +
            "\">\n<tr class=\"group-head sev-" + worst +
            "\"><td colspan=\"7\"><button type=\"button\" "
            "class=\"group-toggle\" aria-expanded=\"" +
            (open ? "true" : "false") + "\"><span class=\"twisty\"></span>" +
            "<code>" + code + "</code></button> <span class=\"group-count\">" +
            std::to_string(g.count) + "</span> ";
    std::string severities;
    for (const Severity s :
         {Severity::kError, Severity::kWarning, Severity::kInfo}) {
      const size_t n = g.by_severity[static_cast<size_t>(s)];
      if (n == 0) continue;
      if (!severities.empty()) severities += ", ";
      severities += Plural(n, SeverityName(s));
    }
    *out += "<span class=\"group-sev\">(" + severities + ")</span>";
    if (g.rows.size() < g.count) {
      *out += " <span class=\"group-listed na\">" +
              std::to_string(g.rows.size()) + " listed</span>";
    }
    *out +=
        " <span class=\"group-match na\"></span> <span class=\"summary "
        "na\">";
    AppendHtmlEscaped(info.summary, out);
    *out += "</span></td></tr>\n";
    for (const size_t i : g.rows) {
      AppendRow(i, diagnostics[i], columns.Of(diagnostics[i]),
                i < excerpt_bound, out);
    }
    *out += "</tbody>\n";
  }
  *out += "</table>\n</section>\n";
}

}  // namespace html_internal
}  // namespace colcheck
