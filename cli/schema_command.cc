// `colcheck schema`. Being built in this change (issue 6).

#include <iostream>

#include "cli/commands.h"

namespace colcheck {

int RunSchema(const CliArgs&) {
  std::cerr << "colcheck: schema is not built yet\n";
  return kExitError;
}

}  // namespace colcheck
