// Fuzz target: a whole file through the inspection API (colcheck/inspect.h,
// colcheck/read_plan.h) and every renderer that shows an inspection. It is
// a target of its own, not more oracles in file_fuzzer, so that
// file_fuzzer keeps its speed and its three-level comparison.
//
// A deep plan (fuzz_oracles.h: PlanFor), and every replay, inspects each
// input twice, which is what lets the two report paths be compared without
// a selector byte (a file's bytes cannot spare one):
//
//   level full,  footer fields on,  the default diagnostic cap
//   level pages, footer fields off, a cap of 4 (so hostile inputs overflow
//                                   it)
//
// Other executions inspect once, at the plan's level with footer fields
// on, and skip the comparison with ValidateBytes, which costs a second
// validation.
//
// and for each the oracles check that
//
//   - (deep) Inspection::report is ValidateBytes' report at the same level
//     and cap: format, size, verdict, and every diagnostic's code,
//     severity, span, field and message;
//   - the layout accounts for every byte: regions sorted by offset, each
//     inside the file, no byte left out, their lengths summing to the file
//     size plus the overlaps' lengths, each overlap inside both regions it
//     names; row group and chunk extents inside the file;
//   - the schema tree is consistent: parents and children name each other
//     and are in range, leaf k is schema.leaves[k] and has column k; an
//     ORC type's parent precedes it; stripes and types lie in the file;
//   - footer fields lie inside the file, depth grows by at most 1 from one
//     node to the next.
//
// The first inspection also goes through every renderer: explain (text and
// JSON, with the footer tree), schema (text and JSON), meta, sizes and
// pages (text and JSON; the first inspection decodes the page indexes),
// the first column's dictionaries (deep inputs: a second full pass), the
// first 64 rows as cat reads and renders them (deep inputs: a third),
// plan (text and JSON, with CountHazards as --data does), SARIF, HTML (pure
// ASCII, and a #map-data block that no "</script" in the file's strings can end
// early), a hex excerpt of every diagnostic's span, and triage (JSON and
// Markdown). Every JSON output must parse (ParsesAsJson, fuzz_oracles.h). SARIF
// is rendered and parsed on deep inputs only: its rule table, the same for
// every input (reports/sarif.cc now writes it once per process), took
// about a third of the target's time to parse, and the string escaping
// SARIF shares with the other JSON renderers is checked on every input
// through them.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"
#include "colcheck/rows.h"
#include "fuzz_oracles.h"
#include "reports/dictionary.h"
#include "reports/explain.h"
#include "reports/file_report.h"
#include "reports/hex_context.h"
#include "reports/html.h"
#include "reports/meta.h"
#include "reports/pages.h"
#include "reports/plan.h"
#include "reports/rows.h"
#include "reports/sarif.h"
#include "reports/schema.h"
#include "reports/sizes.h"
#include "reports/triage.h"

namespace colcheck::fuzz {
namespace {

constexpr std::string_view kPath = "input.parquet";

// The schema JSON nests two values per level of the tree (an object and
// its "children" array), and the tree may be limits::kMaxSchemaDepth (100)
// deep, deeper than the validate JSON's checker allows.
constexpr int kMaxRenderedJsonDepth = 512;

// A span [offset, offset + length) inside a file of `size` bytes, written
// so that offset + length cannot overflow.
bool Inside(uint64_t offset, uint64_t length, uint64_t size) {
  return offset <= size && length <= size - offset;
}

void CheckParses(std::string_view what, const std::string& json) {
  const bool ok = ParsesAsJson(json, kMaxRenderedJsonDepth);
  if (!ok) {
    std::fprintf(stderr, "invalid JSON from %.*s:\n%s\n",
                 static_cast<int>(what.size()), what.data(), json.c_str());
  }
  COLCHECK_FUZZ_CHECK(ok);
}

void CheckSameReport(const Report& inspected, const Report& validated) {
  COLCHECK_FUZZ_CHECK(inspected.format == validated.format);
  COLCHECK_FUZZ_CHECK(inspected.size == validated.size);
  COLCHECK_FUZZ_CHECK(inspected.verdict == validated.verdict);
  const size_t n =
      std::min(inspected.diagnostics.size(), validated.diagnostics.size());
  for (size_t i = 0; i < n; ++i) {
    if (!SameDiagnostic(inspected.diagnostics[i], validated.diagnostics[i])) {
      PrintDiagnostic("inspected", inspected.diagnostics[i]);
      PrintDiagnostic("validated", validated.diagnostics[i]);
    }
    COLCHECK_FUZZ_CHECK(
        SameDiagnostic(inspected.diagnostics[i], validated.diagnostics[i]));
  }
  if (inspected.diagnostics.size() != validated.diagnostics.size()) {
    const Report& longer =
        inspected.diagnostics.size() > n ? inspected : validated;
    PrintDiagnostic(&longer == &inspected ? "only inspected" : "only validated",
                    longer.diagnostics[n]);
  }
  COLCHECK_FUZZ_CHECK(inspected.diagnostics.size() ==
                      validated.diagnostics.size());
}

void CheckLayout(const Layout& layout, uint64_t size) {
  COLCHECK_FUZZ_CHECK(layout.file_size == size);
  const std::vector<Region>& regions = layout.regions;
  // The end of the bytes covered so far; regions are sorted, so a region
  // starting past it would leave a byte out.
  uint64_t covered = 0;
  uint64_t region_bytes = 0;
  for (size_t i = 0; i < regions.size(); ++i) {
    const Region& r = regions[i];
    COLCHECK_FUZZ_CHECK(Inside(r.offset, r.length, size));
    if (i > 0) COLCHECK_FUZZ_CHECK(regions[i - 1].offset <= r.offset);
    COLCHECK_FUZZ_CHECK(r.offset <= covered);
    covered = std::max(covered, r.offset + r.length);
    region_bytes += r.length;
  }
  COLCHECK_FUZZ_CHECK(covered == size);

  uint64_t overlap_bytes = 0;
  for (const Overlap& o : layout.overlaps) {
    COLCHECK_FUZZ_CHECK(o.first < regions.size());
    COLCHECK_FUZZ_CHECK(o.second < regions.size());
    COLCHECK_FUZZ_CHECK(o.first != o.second);
    for (const size_t index : {o.first, o.second}) {
      const Region& r = regions[index];
      COLCHECK_FUZZ_CHECK(o.offset >= r.offset);
      COLCHECK_FUZZ_CHECK(o.length <= r.length - (o.offset - r.offset));
    }
    overlap_bytes += o.length;
  }
  COLCHECK_FUZZ_CHECK(region_bytes == size + overlap_bytes);

  for (const RowGroupExtent& g : layout.row_groups) {
    COLCHECK_FUZZ_CHECK(Inside(g.offset, g.length, size));
  }
  for (const ChunkExtent& c : layout.chunks) {
    COLCHECK_FUZZ_CHECK(Inside(c.offset, c.length, size));
  }
  for (const StripeExtent& e : layout.stripes) {
    COLCHECK_FUZZ_CHECK(Inside(e.offset, e.length, size));
  }
}

void CheckSchema(const Schema& schema, uint64_t size) {
  const auto n = static_cast<int64_t>(schema.fields.size());
  for (int64_t i = 0; i < n; ++i) {
    const SchemaField& f = schema.fields[i];
    COLCHECK_FUZZ_CHECK(f.parent >= -1 && f.parent < n);
    COLCHECK_FUZZ_CHECK(f.parent != i);
    if (i == 0) COLCHECK_FUZZ_CHECK(f.parent == -1);
    if (f.parent >= 0) {
      const std::vector<int32_t>& siblings = schema.fields[f.parent].children;
      COLCHECK_FUZZ_CHECK(std::count(siblings.begin(), siblings.end(), i) == 1);
    }
    for (const int32_t child : f.children) {
      COLCHECK_FUZZ_CHECK(child > 0 && child < n);
      COLCHECK_FUZZ_CHECK(schema.fields[child].parent == i);
    }
    COLCHECK_FUZZ_CHECK(Inside(f.offset, f.length, size));
  }
  for (size_t k = 0; k < schema.leaves.size(); ++k) {
    const int32_t leaf = schema.leaves[k];
    COLCHECK_FUZZ_CHECK(leaf >= 0 && leaf < n);
    COLCHECK_FUZZ_CHECK(schema.fields[leaf].column == static_cast<int32_t>(k));
    COLCHECK_FUZZ_CHECK(schema.fields[leaf].children.empty());
  }
  // ORC: a type's parent comes before it (pre-order), and its bytes are in
  // the file.
  const auto types = static_cast<int64_t>(schema.orc_types.size());
  for (int64_t i = 0; i < types; ++i) {
    const OrcType& t = schema.orc_types[i];
    COLCHECK_FUZZ_CHECK(t.parent >= -1 && t.parent < i);
    COLCHECK_FUZZ_CHECK(Inside(t.offset, t.length, size));
  }
  const auto columns =
      std::count_if(schema.fields.begin(), schema.fields.end(),
                    [](const SchemaField& f) { return f.column >= 0; });
  COLCHECK_FUZZ_CHECK(static_cast<size_t>(columns) == schema.leaves.size());
}

void CheckFooterFields(const std::vector<FieldNode>& footer, uint64_t size) {
  for (size_t i = 0; i < footer.size(); ++i) {
    const FieldNode& node = footer[i];
    COLCHECK_FUZZ_CHECK(Inside(node.offset, node.length, size));
    const uint32_t previous = i == 0 ? 0 : footer[i - 1].depth + 1;
    COLCHECK_FUZZ_CHECK(node.depth <= previous);
  }
}

// Inspects `data` and checks the inspection on its own and, when `deep`,
// against ValidateBytes with the same level and cap.
Inspection InspectAndCheck(std::span<const std::byte> data,
                           const InspectOptions& options, bool deep) {
  Inspection inspection = InspectBytes(data, options);
  CheckReport(inspection.report, data.size(), options.max_diagnostics);
  if (deep) {
    Options validate;
    validate.level = options.level;
    validate.max_diagnostics = options.max_diagnostics;
    CheckSameReport(inspection.report, ValidateBytes(data, validate));
  }
  CheckLayout(inspection.layout, data.size());
  CheckSchema(inspection.schema, data.size());
  if (options.footer_fields) {
    CheckFooterFields(inspection.footer, data.size());
  } else {
    COLCHECK_FUZZ_CHECK(inspection.footer.empty());
  }
  return inspection;
}

// The page is ASCII, and its one JSON block (reports/html.cc embeds the
// byte map's data as <script type="application/json">) runs to the first
// "</script" and parses: a string of the file that ended the block early
// would leave it cut.
void CheckHtml(const std::string& html) {
  for (const char c : html) {
    COLCHECK_FUZZ_CHECK(static_cast<unsigned char>(c) < 0x80);
  }
  constexpr std::string_view kOpen =
      "<script type=\"application/json\" id=\"map-data\">";
  const size_t open = html.find(kOpen);
  COLCHECK_FUZZ_CHECK(open != std::string::npos);
  const size_t begin = open + kOpen.size();
  const size_t end = html.find("</script", begin);
  COLCHECK_FUZZ_CHECK(end != std::string::npos);
  CheckParses("html #map-data", html.substr(begin, end - begin));
}

// Rows as `colcheck cat` reads them: each a struct of the top-level
// fields, no more than asked for, counted as handed on; a stop's span and
// cause inside the file.
// Each row also goes through cat's three renderers; the JSON document and
// every JSON line must parse.
class RowChecker final : public RowSink {
 public:
  RowChecker(const RowsResult& result, Format format)
      : result_(result),
        json_(RowsFormat::kJson, kPath, format, &json_out_),
        jsonl_(RowsFormat::kJsonl, kPath, format, &jsonl_out_),
        csv_(RowsFormat::kCsv, kPath, format, &csv_out_) {}
  void Row(const Cell& row) override {
    COLCHECK_FUZZ_CHECK(row.kind == Cell::Kind::kStruct);
    COLCHECK_FUZZ_CHECK(row.items.size() == result_.fields.size());
    json_.Row(row);
    jsonl_.Row(row);
    csv_.Row(row);
    CheckParses("cat jsonl", jsonl_out_);
    jsonl_out_.clear();
    ++rows;
  }
  void Finish() {
    json_.Finish(result_);
    csv_.Finish(result_);
    CheckParses("cat json", json_out_);
  }
  uint64_t rows = 0;

 private:
  const RowsResult& result_;
  std::string json_out_;
  std::string jsonl_out_;
  std::string csv_out_;
  RowsRenderer json_;
  RowsRenderer jsonl_;
  RowsRenderer csv_;
};

void CheckRows(std::span<const std::byte> data) {
  RowsOptions options;
  options.max_rows = 64;
  RowsResult result;
  RowChecker checker(
      result, SniffFormat(data.first(std::min(data.size(), kSniffBytes)),
                          data.last(std::min(data.size(), kSniffBytes))));
  if (!ReadRows(data, options, &checker, &result).ok()) return;
  checker.Finish();
  COLCHECK_FUZZ_CHECK(checker.rows == result.rows);
  COLCHECK_FUZZ_CHECK(result.rows <= options.max_rows);
  const RowsStop& stop = result.stop;
  if (stop.stopped) {
    COLCHECK_FUZZ_CHECK(!stop.reason.empty());
    COLCHECK_FUZZ_CHECK(Inside(stop.offset, stop.length, data.size()));
  }
}

void CheckRenderers(std::span<const std::byte> data,
                    const Inspection& inspection, bool deep) {
  const LayoutAccounting accounting = AccountLayout(inspection.layout);
  COLCHECK_FUZZ_CHECK(accounting.accounted == data.size());
  RenderExplainText(kPath, inspection, /*footer=*/true);
  CheckParses("explain", RenderExplainJson(kPath, inspection, true));

  RenderSchemaText(inspection.schema);
  RenderOrcSchemaText(inspection.schema);
  CheckParses("schema", RenderSchemaJson(kPath, inspection));

  RenderMetaText(kPath, inspection);
  CheckParses("meta", RenderMetaJson(kPath, inspection));
  RenderSizesText(kPath, inspection);
  CheckParses("sizes", RenderSizesJson(kPath, inspection));
  RenderPagesText(kPath, inspection);
  CheckParses("pages", RenderPagesJson(kPath, inspection));
  if (deep && !inspection.schema.leaves.empty()) {
    const std::vector<Dictionary> dictionaries =
        ReadDictionaries(data, inspection, 0, /*max_entries=*/64);
    RenderDictionaryText(inspection, 0, dictionaries);
    CheckParses("dictionary",
                RenderDictionaryJson(kPath, inspection, 0, dictionaries));
  }

  if (deep) CheckRows(data);

  ReadPlan plan = PlanColumns(inspection);
  CountHazards(data, inspection, &plan);
  RenderPlanText(inspection, plan, /*data=*/true);
  CheckParses("plan", RenderPlanJson(kPath, inspection, plan, true));

  if (deep) {
    const std::vector<FileReport> files = {
        {std::string(kPath), inspection.report}};
    CheckParses("sarif", RenderSarif(files));
  }

  std::ostringstream html;
  WriteHtmlReport(kPath, inspection, data, html);
  CheckHtml(html.str());

  std::ostringstream hex;
  for (const Diagnostic& d : inspection.report.diagnostics) {
    WriteHexExcerpt(data, d.offset, d.length, hex);
  }
  WriteTextWithContext(kPath, inspection.report, data, hex);

  TriageBuilder triage;
  triage.AddFile(kPath, inspection.report);
  const Triage result = triage.Finish();
  CheckParses("triage", RenderTriageJson(result));
  RenderTriageMarkdown(result);
}

// One input: its inspections and renderings, as the file comment says.
void Run(std::span<const std::byte> bytes) {
  const OraclePlan plan = PlanFor(bytes);
  InspectOptions first;
  first.level = plan.deep ? Level::kFull : plan.level;
  first.footer_fields = true;
  first.page_index = true;
  const Inspection inspection = InspectAndCheck(bytes, first, plan.deep);
  CheckRenderers(bytes, inspection, plan.deep);
  if (!plan.deep) return;

  InspectOptions pages;
  pages.level = Level::kPages;
  pages.max_diagnostics = kSmallDiagnosticCap;
  InspectAndCheck(bytes, pages, /*deep=*/true);
}

}  // namespace
}  // namespace colcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  colcheck::fuzz::Run(std::as_bytes(std::span<const uint8_t>(data, size)));
  return 0;
}
