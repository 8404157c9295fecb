// `colcheck report -o OUT.html FILE`: one self-contained HTML page about
// FILE (reports/html.h).
//
// The page is written to a temporary file beside OUT and renamed over it, so
// a run that fails halfway never leaves half a page, nor destroys the page
// of an earlier run. Standard output stays empty; one line on standard error
// says where the page went and what the verdict was. The exit status is the
// verdict's, as for `validate`: 0 valid, 1 invalid, 2 when FILE cannot be
// read or OUT cannot be written.

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "colcheck/inspect.h"
#include "reports/html.h"
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

// Replaces `path` with `data` in one rename. Returns false with the reason
// in `error`; no temporary file is left behind either way.
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

}  // namespace

int RunReport(const CliArgs& args) {
  const std::string& path = args.paths[0];
  InspectOptions options;
  options.level = args.level;
  options.max_diagnostics = args.max_diagnostics;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return kExitError;
  Inspection inspection;
  const Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  // The page shows only windows around the diagnostics: a mapping reads
  // just those pages, however large the file.
  FileMapping mapping;
  std::string error;
  if (!mapping.Open(open_path, &error)) {
    std::cerr << IoErrorLine(path, error) << "\n";
    return kExitError;
  }
  std::ostringstream html;
  WriteHtmlReport(path, inspection, mapping.bytes(), html);
  if (!WriteFileAtomically(args.output, html.view(), &error)) {
    std::cerr << IoErrorLine(args.output, error) << "\n";
    return kExitError;
  }
  if (!args.quiet) {
    std::ostringstream summary;
    WriteTextSummary(path, inspection.report, summary);
    std::cerr << "colcheck: wrote " << args.output << ": " << summary.str();
  }
  return inspection.report.verdict == Verdict::kInvalid ? kExitInvalid
                                                        : kExitOk;
}

}  // namespace colcheck
