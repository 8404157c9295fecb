// `colcheck plan FILE [--format text|json] [--data]`: what each leaf
// column becomes in common readers and where values change on the way
// (colcheck/read_plan.h); --data also decodes every page and counts the
// values each hazard affects.
//
// Exit status: 0 when the validation finds no error, 1 when it does (the
// plan is still printed), 2 when the file cannot be read. The read plan is
// Parquet-only: an ORC file gets a one-line note (JSON: no columns) and
// exits 0.

#include <iostream>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"
#include "reports/plan.h"

namespace colcheck {

int RunPlan(const CliArgs& args) {
  const std::string& path = args.paths.front();
  InspectOptions options;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  // Types come from the footer alone; --data validates in full as it
  // counts, so the inspection's verdict is a full one then too.
  options.level = args.data ? Level::kFull : Level::kFooter;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  Status status = InspectFile(open_path, options, &inspection);
  ReadPlan plan = PlanColumns(inspection);
  // The plan reads Parquet's SchemaElements; an ORC type tree has none.
  const bool orc =
      status.ok() && inspection.schema.kind == SchemaKind::kOrcTypes;
  if (status.ok() && args.data && !orc) {
    status = CountHazardsInFile(open_path, inspection, &plan);
  }
  if (!status.ok()) return FinishUnreadable(path, status);
  if (args.format == CliFormat::kJson) {
    std::cout << RenderPlanJson(path, inspection, plan, args.data);
  } else if (!WriteNothingToDrawNote(
                 path, inspection, "its column types",
                 "the read plan is Parquet-only; `colcheck schema` shows the "
                 "ORC type tree")) {
    std::cout << RenderPlanText(inspection, plan, args.data);
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  if (orc) return FinishOutput(kExitOk);
  return FinishInspection(inspection.report);
}

}  // namespace colcheck
