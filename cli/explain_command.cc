// `colcheck explain`. Being built in this change (issue 6).

#include <iostream>

#include "cli/commands.h"

namespace colcheck {

int RunExplain(const CliArgs&) {
  std::cerr << "colcheck: explain is not built yet\n";
  return kExitError;
}

}  // namespace colcheck
