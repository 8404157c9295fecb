#include "reports/file_report.h"

namespace colcheck {

SeverityCounts CountSeverities(const Report& report) {
  SeverityCounts counts;
  for (const Diagnostic& diagnostic : report.diagnostics) {
    switch (diagnostic.severity) {
      case Severity::kError:
        ++counts.errors;
        break;
      case Severity::kWarning:
        ++counts.warnings;
        break;
      case Severity::kInfo:
        ++counts.infos;
        break;
    }
  }
  return counts;
}

}  // namespace colcheck
