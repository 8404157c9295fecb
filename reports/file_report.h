// A validated file as the renderers see it: the path the user gave (or the
// directory walk produced) and the library's Report for it.

#ifndef COLCHECK_REPORTS_FILE_REPORT_H_
#define COLCHECK_REPORTS_FILE_REPORT_H_

#include <cstddef>
#include <string>

#include "colcheck/colcheck.h"

namespace colcheck {

struct FileReport {
  std::string path;
  Report report;
};

// Diagnostics of one report counted by their actual severity, which may
// differ from the registry default.
struct SeverityCounts {
  size_t errors = 0;
  size_t warnings = 0;
  size_t infos = 0;
};

// Counts `report.diagnostics` by severity.
SeverityCounts CountSeverities(const Report& report);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_FILE_REPORT_H_
