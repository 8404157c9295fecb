// `colcheck triage`. Being built in this change (issue 6).

#include <iostream>

#include "cli/commands.h"

namespace colcheck {

int RunTriage(const CliArgs&) {
  std::cerr << "colcheck: triage is not built yet\n";
  return kExitError;
}

}  // namespace colcheck
