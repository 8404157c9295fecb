// `colcheck conformance run`: every selected case of a suite through every
// reader, each in a child process (child.h), classified by what the case
// expects (conformance/README.md, "Outcomes").
//
// A crash, a hang and a wrong-values outcome, and an n_ case a reader read
// to other rows than the file held before its fault, each leave a
// reproducer bundle under OUT/bundles/READER/CASE/: the file, the command,
// the expected and the actual rows, the reader's stderr, and a README.md
// to attach to an upstream issue.

#ifndef COLCHECK_CONFORMANCE_RUNNER_RUNNER_H_
#define COLCHECK_CONFORMANCE_RUNNER_RUNNER_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "conformance/runner/child.h"
#include "conformance/runner/compare.h"
#include "conformance/runner/suite.h"

namespace colcheck::conformance {

enum class Outcome {
  kPass,
  kRejectedValid,
  kAcceptedInvalid,
  kWrongValues,
  kCrash,
  kHang,
  kUnsupported,
};
inline constexpr size_t kOutcomeCount = 7;

// "pass", "rejected-valid", ...: the names of the results' JSON.
std::string_view OutcomeName(Outcome outcome);
bool ParseOutcome(std::string_view name, Outcome* outcome);

// An adapter's exit status for "the reader itself failed" (a panic, a
// WebAssembly trap), which counts as a crash.
inline constexpr int kAdapterCrashStatus = 3;

struct Reader {
  std::string name;     // [A-Za-z0-9._-]+
  std::string command;  // Run as `/bin/sh -c 'COMMAND "$1"' sh FILE`.
  Profile profile;      // Empty when the reader has none.
  bool has_profile = false;
};

// `text` quoted for /bin/sh: 'it'\''s'.
std::string ShellQuote(std::string_view text);

// Parses "NAME=COMMAND".
bool ParseReader(std::string_view text, Reader* reader, std::string* error);

struct CaseResult {
  std::string id;
  Outcome outcome = Outcome::kPass;
  // What the reader did: "read 5 rows", "exit 1", "signal 11 (SIGSEGV)",
  // "killed after 60 s", "killed at 4096 MiB"; for unsupported, the
  // profile's evidence.
  std::string detail;
  std::string message;       // The end of the reader's stderr.
  RowDifference difference;  // wrong-values; an n_ case's misread.
  // An n_ case read (accepted-invalid) to rows other than its file held
  // before the fault: the silent misread the case warns of. With a
  // baseline, the fault's doing: rows other than the expected ones when the
  // reader reads the baseline right, other than its own rows of the
  // baseline when it reads that wrong, and never when it does not read it.
  bool misread = false;
  double seconds = 0;
  uint64_t peak_rss_bytes = 0;
  std::string bundle;  // Relative to the output directory, or empty.
};

struct ReaderResults {
  Reader reader;
  std::vector<CaseResult> cases;  // In the suite's order.
  size_t counts[kOutcomeCount] = {};
};

struct RunOptions {
  ChildLimits limits;
  size_t jobs = 1;
  std::vector<std::string> patterns;  // Case ids to run (globs); all if none.
  std::string out_dir;                // Bundles go under it; none if empty.
};

struct RunResults {
  Suite suite;  // The cases run, in order.
  std::vector<ReaderResults> readers;
};

// The cases `patterns` select and their baselines, in the suite's order.
std::vector<Case> SelectCases(const Suite& suite,
                              const std::vector<std::string>& patterns);

// Classifies what one run of `reader` made of `c`, whose expected rows
// (for a y_ case, or an n_ case's rows before the fault) are `rows`.
CaseResult Classify(const Case& c, std::string_view rows,
                    const ChildResult& child);

// Runs every reader over `results->suite.cases`; `progress` (if set) is
// called after each case with its reader and result, from any thread.
bool RunSuite(const std::vector<Reader>& readers, const RunOptions& options,
              RunResults* results, std::string* error,
              const std::function<void(const Reader&, const CaseResult&)>&
                  progress = nullptr);

}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_RUNNER_H_
