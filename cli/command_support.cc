#include "cli/command_support.h"

#include <iostream>

#include "cli/batch.h"
#include "cli/commands.h"
#include "reports/text.h"

namespace colcheck {

int FinishUnreadable(std::string_view path, const Status& status) {
  std::cerr << IoErrorLine(path, IoErrorMessage(path, status)) << "\n";
  return FinishOutput(kExitError);
}

bool WriteNothingToDrawNote(std::string_view path, const Inspection& inspection,
                            std::string_view encrypted_needs,
                            std::string_view orc_missing) {
  if (inspection.report.verdict == Verdict::kEncrypted &&
      inspection.schema.fields.empty()) {
    std::cout << path << ": the footer is encrypted; reading " << encrypted_needs
              << " needs the keys, which colcheck does not take\n";
    return true;
  }
  if (inspection.schema.kind == SchemaKind::kOrcTypes && !orc_missing.empty()) {
    std::cout << path << ": " << orc_missing << "\n";
    return true;
  }
  return false;
}

int FinishInspection(const Report& report) {
  return FinishOutput(report.verdict == Verdict::kInvalid ? kExitInvalid
                                                          : kExitOk);
}

}  // namespace colcheck
