// `colcheck report`. Being built in this change (issue 6).

#include <iostream>

#include "cli/commands.h"

namespace colcheck {

int RunReport(const CliArgs&) {
  std::cerr << "colcheck: report is not built yet\n";
  return kExitError;
}

}  // namespace colcheck
