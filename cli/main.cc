// colcheck: the command-line client. It parses arguments and hands them to
// the command (commands.h); everything else lives in the library and the
// renderers.

#include <malloc.h>

#include <cstdio>
#include <iostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/args.h"
#include "cli/keys_file.h"
#include "cli/commands.h"
#include "colcheck/colcheck.h"

namespace colcheck {

int FinishOutput(int status) {
  std::cout.flush();
  if (!std::cout) {
    std::cerr << "colcheck: error writing to standard output\n";
    return kExitError;
  }
  return status;
}

namespace {

// `command` is the first argument: when it names a command, its own help is
// the one to read.
int UsageError(std::string_view message, std::string_view command) {
  const std::string help = CommandHelpText(command).empty()
                               ? "colcheck --help"
                               : "colcheck " + std::string(command) + " --help";
  std::cerr << "colcheck: " << message << "\n"
            << "Try '" << help << "' for more information.\n";
  return kExitError;
}

int Main(std::span<const std::string_view> argv) {
  if (argv.empty()) {
    std::cerr << UsageText();
    return kExitError;
  }
  CliArgs args;
  std::string error;
  if (!ParseCliArgs(argv, &args, &error)) return UsageError(error, argv[0]);
  if (!args.keys_file.empty() &&
      !ReadKeysFile(args.keys_file, &args.keys, &error)) {
    std::cerr << "colcheck: " << error << "\n";
    return kExitError;
  }
  switch (args.command) {
    case CliCommand::kHelp:
      if (!args.help_command.empty()) {
        std::cout << CommandHelpText(args.help_command);
        return FinishOutput(kExitOk);
      }
      std::cout << UsageText();
      return FinishOutput(kExitOk);
    case CliCommand::kVersion:
      std::cout << "colcheck " << kVersion << "\n";
      return FinishOutput(kExitOk);
    case CliCommand::kValidate:
      return RunValidate(args);
    case CliCommand::kExplain:
      return RunExplain(args);
    case CliCommand::kSchema:
      return RunSchema(args);
    case CliCommand::kReport:
      return RunReport(args);
    case CliCommand::kPlan:
      return RunPlan(args);
    case CliCommand::kTriage:
      return RunTriage(args);
    case CliCommand::kCodes:
      return RunCodes(args);
    case CliCommand::kMeta:
      return RunMeta(args);
    case CliCommand::kSizes:
      return RunSizes(args);
    case CliCommand::kPages:
      return RunPages(args);
    case CliCommand::kDictionary:
      return RunDictionary(args);
    case CliCommand::kBloom:
      return RunBloom(args);
    case CliCommand::kCat:
      return RunCat(args);
    case CliCommand::kConformance:
      return RunConformance(args);
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
