// `colcheck plan`. Being built in this change (issue 6).

#include <iostream>

#include "cli/commands.h"

namespace colcheck {

int RunPlan(const CliArgs&) {
  std::cerr << "colcheck: plan is not built yet\n";
  return kExitError;
}

}  // namespace colcheck
