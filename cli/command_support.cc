#include "cli/command_support.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "cli/batch.h"
#include "cli/commands.h"
#include "reports/text.h"

namespace colcheck {
namespace {

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t written = write(fd, data.data(), data.size());
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data.remove_prefix(static_cast<size_t>(written));
  }
  return true;
}

}  // namespace

bool WriteFileAtomically(const std::string& path, std::string_view data,
                         std::string* error) {
  // Beside the target, so the rename stays within one file system. The
  // mode is 0666 less the umask, as for any file the user creates.
  const std::string temporary =
      path + ".tmp-" + std::to_string(static_cast<long>(getpid()));
  const int fd =
      open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    *error = std::strerror(errno);
    return false;
  }
  bool ok = WriteAll(fd, data);
  if (!ok) *error = std::strerror(errno);
  if (close(fd) != 0 && ok) {
    *error = std::strerror(errno);
    ok = false;
  }
  if (ok && std::rename(temporary.c_str(), path.c_str()) != 0) {
    *error = std::strerror(errno);
    ok = false;
  }
  if (!ok) unlink(temporary.c_str());
  return ok;
}

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
