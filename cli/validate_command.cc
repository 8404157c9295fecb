// `colcheck validate` and `colcheck codes`.

#include <iostream>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "reports/codes_markdown.h"
#include "reports/json.h"
#include "reports/text.h"

namespace colcheck {

int RunValidate(const CliArgs& args) {
  std::vector<std::string> errors;
  const std::vector<std::string> files = CollectInputs(args.paths, &errors);
  bool io_error = !errors.empty();
  for (const std::string& error : errors) {
    std::cerr << "colcheck: " << error << "\n";
  }

  Options options;
  options.max_diagnostics = args.max_diagnostics;
  options.level = args.level;
  const bool json = args.format == CliFormat::kJson && !args.quiet;
  JsonReportWriter json_writer(&std::cout);
  bool any_invalid = false;
  size_t validated = 0;
  for (const std::string& path : files) {
    Report report;
    const Status status = ValidateFile(path, options, &report);
    if (!status.ok()) {
      // I/O errors are not verdicts: the file gets no entry in the report,
      // only a line on stderr and exit status 2.
      std::cerr << IoErrorLine(path, status.message()) << "\n";
      io_error = true;
      continue;
    }
    ++validated;
    any_invalid = any_invalid || report.verdict == Verdict::kInvalid;
    if (args.quiet) continue;
    if (json) {
      json_writer.AddFile(path, report);
    } else {
      WriteText(path, report, std::cout);
    }
  }
  if (json) json_writer.Finish();

  if (validated == 0 && !io_error) {
    // An empty directory is far more often a wrong path than a clean bill of
    // health.
    std::cerr << "colcheck: no Parquet or ORC files found\n";
    return FinishOutput(kExitError);
  }
  if (io_error) return FinishOutput(kExitError);
  return FinishOutput(any_invalid ? kExitInvalid : kExitOk);
}

int RunCodes(const CliArgs& args) {
  switch (args.format) {
    case CliFormat::kJson:
      std::cout << RenderCodesJson();
      break;
    case CliFormat::kMarkdown:
      std::cout << RenderCodesMarkdown();
      break;
    default:
      std::cout << RenderCodesText();
      break;
  }
  return FinishOutput(kExitOk);
}

}  // namespace colcheck
