#include "cli/command_support.h"

#include <iostream>

#include "cli/batch.h"
#include "cli/commands.h"
#include "reports/text.h"

namespace colcheck {

bool OpenInspected(const CliArgs& args, SpooledInput* copy,
                   std::string* open_path) {
  const std::string& path = args.paths.front();
  HttpOptions http;
  http.headers = args.headers;
  std::string error;
  if (OpenWholeInput(path, http, copy, open_path, &error)) return true;
  std::cerr << IoErrorLine(path, IoErrorMessage(path, Status::IoError(error)))
            << "\n";
  return false;
}

int FinishUnreadable(std::string_view path, const Status& status) {
  std::cerr << IoErrorLine(path, IoErrorMessage(path, status)) << "\n";
  return FinishOutput(kExitError);
}

bool WriteNothingToDrawNote(std::string_view path, const Inspection& inspection,
                            std::string_view encrypted_needs,
                            std::string_view orc_missing) {
  if (inspection.report.verdict == Verdict::kEncrypted &&
      inspection.schema.fields.empty()) {
    std::cout << path << ": the footer is encrypted; reading "
              << encrypted_needs
              << " needs the keys, which colcheck does not take\n";
    return true;
  }
  if (inspection.schema.kind == SchemaKind::kOrcTypes && !orc_missing.empty()) {
    std::cout << path << ": " << orc_missing << "\n";
    return true;
  }
  return false;
}

void WriteDiagnosticsDigest(const CliArgs& args, std::string_view path,
                            const Report& report) {
  if (args.quiet || report.verdict != Verdict::kInvalid) return;
  WriteTextDiagnosticsDigest(path, report, kDiagnosticsOnStderr, std::cerr);
}

int FinishInspection(const Report& report) {
  return FinishOutput(report.verdict == Verdict::kInvalid ? kExitInvalid
                                                          : kExitOk);
}

}  // namespace colcheck
