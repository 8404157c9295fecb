// The commands of `colcheck`, one file each (validate_command.cc, ...). Each
// takes the parsed arguments and returns the process exit status.

#ifndef COLCHECK_CLI_COMMANDS_H_
#define COLCHECK_CLI_COMMANDS_H_

#include "cli/args.h"

namespace colcheck {

inline constexpr int kExitOk = 0;
inline constexpr int kExitInvalid = 1;
inline constexpr int kExitError = 2;

// Flushes stdout and returns `status`, or kExitError with a message when
// the output could not be written: a report that never reached its reader
// (a closed pipe, a full disk) must not pass for success.
int FinishOutput(int status);

int RunValidate(const CliArgs& args);
int RunExplain(const CliArgs& args);
int RunSchema(const CliArgs& args);
int RunReport(const CliArgs& args);
int RunPlan(const CliArgs& args);
int RunTriage(const CliArgs& args);
int RunCodes(const CliArgs& args);
int RunMeta(const CliArgs& args);
int RunSizes(const CliArgs& args);
int RunPages(const CliArgs& args);
int RunDictionary(const CliArgs& args);
int RunBloom(const CliArgs& args);
int RunCat(const CliArgs& args);
int RunConformance(const CliArgs& args);

}  // namespace colcheck

#endif  // COLCHECK_CLI_COMMANDS_H_
