// colcheck: the command-line client. It parses arguments, finds the files,
// calls the validator and hands each Report to a renderer; everything else
// lives in the library.

#include <malloc.h>

#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "reports/codes_markdown.h"
#include "reports/json.h"
#include "reports/text.h"

namespace colcheck {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitInvalid = 1;
constexpr int kExitError = 2;

int UsageError(std::string_view message) {
  std::cerr << "colcheck: " << message << "\n"
            << "Try 'colcheck --help' for more information.\n";
  return kExitError;
}

// A report that never reached its reader (a closed pipe, a full disk) must
// not pass for success.
int FinishOutput(int status) {
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "colcheck: error writing to standard output\n";
    return kExitError;
  }
  return status;
}

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
    case CliFormat::kText:
      std::cout << RenderCodesText();
      break;
    case CliFormat::kJson:
      std::cout << RenderCodesJson();
      break;
    case CliFormat::kMarkdown:
      std::cout << RenderCodesMarkdown();
      break;
  }
  return FinishOutput(kExitOk);
}

int Main(std::span<const std::string_view> argv) {
  if (argv.empty()) {
    std::cerr << UsageText();
    return kExitError;
  }
  CliArgs args;
  std::string error;
  if (!ParseCliArgs(argv, &args, &error)) return UsageError(error);
  switch (args.command) {
    case CliCommand::kHelp:
      std::cout << UsageText();
      return FinishOutput(kExitOk);
    case CliCommand::kVersion:
      std::cout << "colcheck " << kVersion << "\n";
      return FinishOutput(kExitOk);
    case CliCommand::kValidate:
      return RunValidate(args);
    case CliCommand::kCodes:
      return RunCodes(args);
  }
  return kExitError;
}

}  // namespace
}  // namespace colcheck

int main(int argc, char** argv) {
  // A wide footer's model is hundreds of MB of vectors. glibc would map
  // each large one afresh and unmap it after every file, so a directory of
  // such files pays page faults again and again (bench/: 6.5x slower).
  // Keeping freed memory for the next file is the CLI's call, not the
  // library's.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  std::ios::sync_with_stdio(false);
  const std::vector<std::string_view> args(argv + (argc > 0 ? 1 : 0),
                                           argv + argc);
  return colcheck::Main(args);
}
