// `colcheck report -o OUT.html FILE`: one self-contained HTML page about
// FILE (reports/html.h).
//
// The page is written to a temporary file beside OUT and renamed over it, so
// a run that fails halfway never leaves half a page, nor destroys the page
// of an earlier run. Standard output stays empty; one line on standard error
// says where the page went and what the verdict was. The exit status is the
// verdict's, as for `validate`: 0 valid, 1 invalid, 2 when FILE cannot be
// read or OUT cannot be written.

#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "colcheck/inspect.h"
#include "reports/html.h"
#include "reports/text.h"

namespace colcheck {

int RunReport(const CliArgs& args) {
  const std::string& path = args.paths[0];
  InspectOptions options;
  options.level = args.level;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return kExitError;
  Inspection inspection;
  const Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  // The page shows only windows around the diagnostics: a mapping reads
  // just those pages, however large the file.
  FileMapping mapping;
  std::string error;
  if (!mapping.Open(open_path, &error)) {
    std::cerr << IoErrorLine(path, error) << "\n";
    return kExitError;
  }
  std::ostringstream html;
  WriteHtmlReport(path, inspection, mapping.bytes(), html);
  if (!WriteFileAtomically(args.output, html.view(), &error)) {
    std::cerr << IoErrorLine(args.output, error) << "\n";
    return kExitError;
  }
  if (!args.quiet) {
    std::ostringstream summary;
    WriteTextSummary(path, inspection.report, summary);
    std::cerr << "colcheck: wrote " << args.output << ": " << summary.str();
  }
  return inspection.report.verdict == Verdict::kInvalid ? kExitInvalid
                                                        : kExitOk;
}

}  // namespace colcheck
