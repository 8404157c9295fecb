// The per-code summary at the end of a `colcheck validate` run: how many
// findings each code had, at which severity, in how many files.
//
//   findings by code (42 in 7 of 12 files; 3 suppressed by the baseline):
//     code                        severity  findings  files
//     stats.null-count-mismatch   error           30      4
//
// In JSON it is the "summary" member that follows "files":
//   "summary":{"files":12,"files_with_findings":7,"findings":42,
//              "suppressed":3,"codes":[{"code":"stats.null-count-mismatch",
//              "severity":"error","findings":30,"files":4}]}

#ifndef COLCHECK_REPORTS_SUMMARY_H_
#define COLCHECK_REPORTS_SUMMARY_H_

#include <array>
#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "reports/json_writer.h"

namespace colcheck {

// Tallies reports one at a time, so a run need not keep them.
class RunSummary {
 public:
  struct Row {
    Code code;
    Severity severity;
    size_t findings = 0;
    size_t files = 0;
  };

  void Add(const Report& report);

  // One row per code and severity that had a finding, the most severe
  // first, then in registry order. A code reported at two severities (by
  // per-path rules) has a row for each.
  std::vector<Row> Rows() const;

  size_t files() const { return files_; }
  size_t files_with_findings() const { return files_with_findings_; }
  size_t findings() const { return findings_; }
  size_t suppressed() const { return suppressed_; }

 private:
  struct Tally {
    size_t findings = 0;
    size_t files = 0;
  };
  static constexpr size_t kSeverities = 3;
  std::array<Tally, kCodeCount * kSeverities> tallies_{};
  size_t files_ = 0;
  size_t files_with_findings_ = 0;
  size_t findings_ = 0;
  size_t suppressed_ = 0;
};

// Writes the table above. Writes nothing when there is neither a finding
// nor a suppressed one.
void WriteTextRunSummary(const RunSummary& summary, std::ostream& out);

// Writes the "summary" object (its key is the caller's).
void WriteJsonRunSummary(const RunSummary& summary, JsonWriter* json);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_SUMMARY_H_
