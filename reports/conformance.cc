#include "reports/conformance.h"

#include <algorithm>
#include <map>

#include "colcheck/colcheck.h"
#include "reports/html_internal.h"
#include "reports/json_writer.h"

namespace colcheck {
namespace {

using conformance::Case;
using conformance::CaseResult;
using conformance::Outcome;
using conformance::ReaderResults;
using conformance::RunResults;
using html_internal::AppendText;
using html_internal::Counted;

void WriteCase(const Case& c, JsonWriter* json) {
  json->BeginObject();
  json->Key("id").String(c.id);
  json->Key("outcome").String(conformance::ExpectName(c.expect));
  json->Key("format").String(c.format);
  json->Key("rule").String(c.rule);
  json->Key("family").String(c.Family());
  json->Key("spec").String(c.spec);
  json->Key("description").String(c.description);
  json->Key("features").BeginArray();
  for (const std::string& f : c.features) json->String(f);
  json->EndArray();
  json->Key("silent_misread_risk").Bool(c.silent_misread_risk);
  json->Key("baseline").StringOrNull(c.baseline);
  json->Key("file").String(c.file);
  json->Key("rows").StringOrNull(c.rows);
  json->Key("row_count").Uint(c.row_count);
  json->Key("expected").BeginArray();
  for (const conformance::ExpectedDiagnostic& d : c.expected) {
    json->BeginObject().Key("code").String(d.code);
    json->Key("offset").Uint(d.offset).Key("length").Uint(d.length);
    json->EndObject();
  }
  json->EndArray();
  json->EndObject();
}

void WriteResult(const CaseResult& r, JsonWriter* json) {
  json->BeginObject();
  json->Key("case").String(r.id);
  json->Key("outcome").String(conformance::OutcomeName(r.outcome));
  json->Key("detail").String(r.detail);
  json->Key("message").String(r.message);
  json->Key("misread").Bool(r.misread);
  json->Key("millis").Uint(static_cast<uint64_t>(r.seconds * 1000));
  json->Key("peak_rss_bytes").Uint(r.peak_rss_bytes);
  json->Key("bundle").StringOrNull(r.bundle);
  json->Key("difference");
  if (r.difference.equal) {
    json->Null();
  } else {
    json->BeginObject();
    json->Key("row").Uint(r.difference.row);
    json->Key("path").String(r.difference.path);
    json->Key("expected").String(r.difference.expected);
    json->Key("actual").String(r.difference.actual);
    json->Key("reason").String(r.difference.reason);
    json->EndObject();
  }
  json->EndObject();
}

void WriteReader(const ReaderResults& rr, JsonWriter* json) {
  json->BeginObject();
  json->Key("name").String(rr.reader.name);
  json->Key("command").String(rr.reader.command);
  json->Key("profile");
  if (rr.reader.has_profile) {
    json->BeginObject().Key("reader").String(rr.reader.profile.reader);
    json->Key("version").String(rr.reader.profile.version).EndObject();
  } else {
    json->Null();
  }
  json->Key("counts").BeginObject();
  for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
    json->Key(conformance::OutcomeName(static_cast<Outcome>(i)))
        .Uint(rr.counts[i]);
  }
  json->EndObject();
  json->Key("results").BeginArray();
  for (const CaseResult& r : rr.cases) {
    json->LineBreak();
    WriteResult(r, json);
  }
  json->EndArray();
  json->EndObject();
}

// ---- HTML -------------------------------------------------------------------

constexpr std::string_view kStyle = R"(
body{font:14px/1.45 system-ui,sans-serif;margin:1.5em;color:#1d1d1f}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}
th,td{border:1px solid #ccd;padding:.2em .5em;vertical-align:top;text-align:left}
th{background:#f2f3f7}td.n{text-align:right;font-variant-numeric:tabular-nums}
td.o,td.e{text-align:center;white-space:nowrap}
.pass{background:#e3f5e1}.rejected-valid{background:#ffe8c2}
.accepted-invalid{background:#fff3b0}.wrong-values{background:#f7b5b5;font-weight:bold}
.crash{background:#e07a7a;color:#fff;font-weight:bold}.hang{background:#c9a0dc}
.unsupported{background:#eceff3;color:#667}
code,pre{font:12px/1.4 ui-monospace,monospace}pre{white-space:pre-wrap;margin:.2em 0}
details{margin:.3em 0}.risk{color:#b00;font-weight:bold}.id{white-space:nowrap}
)";

// Short cell labels, in outcome order.
constexpr std::string_view kCellLabel[conformance::kOutcomeCount] = {
    "pass", "rejected", "accepted", "WRONG", "CRASH", "hang", "n/a"};

std::string_view ClassOf(Outcome o) { return conformance::OutcomeName(o); }

void AppendCell(const CaseResult& r, std::string* out) {
  *out += "<td class=\"o ";
  *out += ClassOf(r.outcome);
  *out += "\" title=\"";
  AppendText(r.detail, out);
  *out += "\">";
  *out += kCellLabel[static_cast<size_t>(r.outcome)];
  if (r.misread) *out += " (misread)";
  *out += "</td>";
}

void AppendCounts(const RunResults& results, std::string* out) {
  *out +=
      "<h2>Counts per reader</h2><table><tr><th>reader</th><th>version</th>";
  for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
    *out += "<th class=\"";
    *out += ClassOf(static_cast<Outcome>(i));
    *out += "\">";
    *out += conformance::OutcomeName(static_cast<Outcome>(i));
    *out += "</th>";
  }
  *out += "<th>misreads of invalid files</th></tr>\n";
  for (const ReaderResults& rr : results.readers) {
    *out += "<tr><th>";
    AppendText(rr.reader.name, out);
    *out += "</th><td>";
    AppendText(rr.reader.profile.version, out);
    *out += "</td>";
    for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
      *out += "<td class=\"n\">" + std::to_string(rr.counts[i]) + "</td>";
    }
    const size_t misreads =
        std::count_if(rr.cases.begin(), rr.cases.end(),
                      [](const CaseResult& r) { return r.misread; });
    *out += "<td class=\"n\">" + std::to_string(misreads) + "</td></tr>\n";
  }
  *out += "</table>\n";
}

void AppendFailure(const RunResults& results, size_t case_index,
                   const ReaderResults& rr, const CaseResult& r,
                   std::string* out) {
  const Case& c = results.suite.cases[case_index];
  *out += "<details><summary><span class=\"";
  *out += ClassOf(r.outcome);
  *out += "\">";
  *out += conformance::OutcomeName(r.outcome);
  if (r.misread) *out += ", misread";
  *out += "</span> <b>";
  AppendText(rr.reader.name, out);
  *out += "</b> on <code class=\"id\">";
  AppendText(c.id, out);
  *out += "</code>: ";
  AppendText(r.detail, out);
  *out += "</summary>\n<p>Rule <code>";
  AppendText(c.rule, out);
  *out += "</code>. ";
  AppendText(c.spec, out);
  *out += "</p><p>File <code>";
  AppendText(c.file, out);
  *out += "</code>";
  if (!r.bundle.empty()) {
    *out += "; reproducer bundle <code>";
    AppendText(r.bundle, out);
    *out += "</code>";
  }
  *out += "</p>";
  if (!r.difference.equal) {
    *out += "<p>First difference: row " + std::to_string(r.difference.row);
    if (!r.difference.path.empty()) {
      *out += ", <code>";
      AppendText(r.difference.path, out);
      *out += "</code>";
    }
    *out += " (";
    AppendText(r.difference.reason, out);
    *out += ")</p><pre>expected: ";
    AppendText(r.difference.expected, out);
    *out += "\nactual:   ";
    AppendText(r.difference.actual, out);
    *out += "</pre>";
  }
  if (!r.message.empty()) {
    *out += "<p>The reader said:</p><pre>";
    AppendText(r.message, out);
    *out += "</pre>";
  }
  *out += "</details>\n";
}

bool IsWorst(const CaseResult& r) {
  return r.outcome == Outcome::kWrongValues || r.outcome == Outcome::kCrash ||
         r.outcome == Outcome::kHang || r.misread;
}

bool IsFailure(const CaseResult& r) {
  return r.outcome != Outcome::kPass && r.outcome != Outcome::kUnsupported;
}

void AppendWorst(const RunResults& results, std::string* out) {
  *out += "<h2 id=\"worst\">Silent misreads and crashes</h2>\n";
  size_t shown = 0;
  for (const ReaderResults& rr : results.readers) {
    for (size_t i = 0; i < rr.cases.size(); ++i) {
      if (!IsWorst(rr.cases[i])) continue;
      AppendFailure(results, i, rr, rr.cases[i], out);
      ++shown;
    }
  }
  if (shown == 0) *out += "<p>None.</p>\n";
}

void AppendMatrix(const RunResults& results, std::string* out) {
  std::map<std::string, std::vector<size_t>> families;
  for (size_t i = 0; i < results.suite.cases.size(); ++i) {
    families[std::string(results.suite.cases[i].Family())].push_back(i);
  }
  *out += "<h2 id=\"matrix\">Every case, by rule family</h2>\n";
  for (const auto& [family, indexes] : families) {
    *out += "<h3>";
    AppendText(family, out);
    *out += " (" + Counted(indexes.size(), "case") + ")</h3>\n";
    *out += "<table><tr><th>case</th><th>expect</th>";
    for (const ReaderResults& rr : results.readers) {
      *out += "<th>";
      AppendText(rr.reader.name, out);
      *out += "</th>";
    }
    *out += "</tr>\n";
    for (const size_t i : indexes) {
      const Case& c = results.suite.cases[i];
      *out += "<tr><td class=\"id\"><code>";
      AppendText(c.id, out);
      *out += "</code>";
      if (c.silent_misread_risk) {
        *out += " <span class=\"risk\" title=\"silent-misread risk\">!</span>";
      }
      *out += "</td><td class=\"e\">";
      *out += conformance::ExpectName(c.expect);
      *out += "</td>";
      for (const ReaderResults& rr : results.readers)
        AppendCell(rr.cases[i], out);
      *out += "</tr>\n";
    }
    *out += "</table>\n";
    for (const size_t i : indexes) {
      for (const ReaderResults& rr : results.readers) {
        if (IsFailure(rr.cases[i]) && !IsWorst(rr.cases[i])) {
          AppendFailure(results, i, rr, rr.cases[i], out);
        }
      }
    }
  }
}

}  // namespace

std::string RenderConformanceJson(const RunResults& results) {
  std::string out;
  JsonWriter json(&out);
  json.BeginObject();
  json.Key("tool").String("colcheck").Key("version").String(kVersion);
  json.Key("kind").String("conformance-results");
  json.Key("suite").BeginObject();
  json.Key("version").Int(results.suite.version);
  json.Key("seed").Uint(results.suite.seed);
  json.Key("cases").BeginArray();
  for (const Case& c : results.suite.cases) {
    json.LineBreak();
    WriteCase(c, &json);
  }
  json.EndArray().EndObject();
  json.Key("readers").BeginArray();
  for (const ReaderResults& rr : results.readers) {
    json.LineBreak();
    WriteReader(rr, &json);
  }
  json.EndArray().EndObject();
  out += "\n";
  return out;
}

std::string RenderConformanceText(const RunResults& results) {
  size_t name_width = 6;
  for (const ReaderResults& rr : results.readers) {
    name_width = std::max(name_width, rr.reader.name.size());
  }
  std::string out = "reader" + std::string(name_width - 6, ' ');
  for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
    out += "  ";
    out += conformance::OutcomeName(static_cast<Outcome>(i));
  }
  out += "  misread\n";
  for (const ReaderResults& rr : results.readers) {
    out +=
        rr.reader.name + std::string(name_width - rr.reader.name.size(), ' ');
    for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
      const std::string count = std::to_string(rr.counts[i]);
      const size_t width =
          conformance::OutcomeName(static_cast<Outcome>(i)).size();
      out += "  " +
             std::string(width > count.size() ? width - count.size() : 0, ' ') +
             count;
    }
    const size_t misreads =
        std::count_if(rr.cases.begin(), rr.cases.end(),
                      [](const CaseResult& r) { return r.misread; });
    const std::string count = std::to_string(misreads);
    out += "  " + std::string(7 > count.size() ? 7 - count.size() : 0, ' ') +
           count + "\n";
  }
  bool first = true;
  for (const ReaderResults& rr : results.readers) {
    for (const CaseResult& r : rr.cases) {
      if (!IsWorst(r)) continue;
      if (first) out += "\n";
      first = false;
      out += rr.reader.name + ": " +
             std::string(r.misread ? "misread"
                                   : conformance::OutcomeName(r.outcome)) +
             " on " + r.id + ": " + r.detail;
      if (!r.bundle.empty()) out += " [" + r.bundle + "]";
      out += "\n";
    }
  }
  return out;
}

std::string RenderConformanceCases(const std::vector<Case>& cases) {
  std::string out;
  for (const Case& c : cases) {
    out += std::string(conformance::ExpectName(c.expect)) + "  " + c.id;
    for (const std::string& f : c.features) out += "  " + f;
    out += "\n";
  }
  return out;
}

std::string RenderConformanceHtml(const RunResults& results) {
  std::string out =
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<title>colcheck conformance matrix</title><style>";
  out += kStyle;
  out += "</style></head><body>\n<h1>Parquet and ORC reader conformance</h1>\n";
  out += "<p>colcheck " + std::string(kVersion) + ", suite v" +
         std::to_string(results.suite.version) + " (seed " +
         std::to_string(results.suite.seed) +
         "): " + Counted(results.suite.cases.size(), "case") + ", " +
         Counted(results.readers.size(), "reader") +
         ". A y case must "
         "read to the expected rows, an n case must be rejected, an i case "
         "may be either. <span class=\"risk\">!</span> marks an invalid file "
         "that a lenient reader misreads rather than rejects.</p>\n";
  AppendCounts(results, &out);
  AppendWorst(results, &out);
  AppendMatrix(results, &out);
  out += "</body></html>\n";
  return out;
}

}  // namespace colcheck
