// `colcheck schema FILE [--format text|json]`: the schema tree, from the
// footer (reports/schema.h draws both formats).
//
// Exit status: 0 when the footer-level validation finds no error, 1 when it
// does (the schema is still printed, as far as it rebuilt), 2 when the file
// cannot be read. An ORC file prints its type tree (reports/schema.h).

#include <iostream>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "reports/schema.h"

namespace colcheck {

int RunSchema(const CliArgs& args) {
  const std::string& path = args.paths.front();
  InspectOptions options;
  options.level = Level::kFooter;  // The schema is all in the footer.
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  const Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  if (args.format == CliFormat::kJson) {
    std::cout << RenderSchemaJson(path, inspection);
  } else if (!WriteNothingToDrawNote(path, inspection, "its schema", "")) {
    std::cout << (inspection.schema.kind == SchemaKind::kOrcTypes
                      ? RenderOrcSchemaText(inspection.schema)
                      : RenderSchemaText(inspection.schema));
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  return FinishInspection(inspection.report);
}

}  // namespace colcheck
