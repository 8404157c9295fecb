// `colcheck explain FILE [--format text|json] [--footer]`: where everything
// in the file is, every byte accounted for (reports/explain.h draws both
// formats).
//
// Exit status: 0 when the file is valid, encrypted or unsupported, 1 when it
// is invalid (the layout is still printed, as far as it was found, and the
// first few diagnostics on stderr unless -q), 2 when the file cannot be
// read.

#include <iostream>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "reports/explain.h"

namespace colcheck {

int RunExplain(const CliArgs& args) {
  const std::string& path = args.paths.front();
  InspectOptions options;
  options.level = Level::kFull;
  options.footer_fields = args.footer;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  const Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  const bool invalid = inspection.report.verdict == Verdict::kInvalid;
  if (args.format == CliFormat::kJson) {
    std::cout << RenderExplainJson(path, inspection, args.footer);
  } else {
    std::cout << RenderExplainText(path, inspection, args.footer);
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  return FinishOutput(invalid ? kExitInvalid : kExitOk);
}

}  // namespace colcheck
