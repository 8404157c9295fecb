// Reads back the results document that `colcheck conformance run` writes
// (its fields: reports/conformance.h), so `colcheck conformance report`
// can render one or more runs as one matrix.

#ifndef COLCHECK_CONFORMANCE_RUNNER_RESULTS_H_
#define COLCHECK_CONFORMANCE_RUNNER_RESULTS_H_

#include <string>

#include "conformance/runner/runner.h"

namespace colcheck::conformance {

// Reads the document at `path`. Its bundle paths, relative to its own
// directory, are joined to that directory.
bool ReadResults(const std::string& path, RunResults* results,
                 std::string* error);

// Adds `more`'s readers to `into`. The two must be runs of the same suite
// version over the same cases; else `error` says how they differ.
bool MergeResults(RunResults more, RunResults* into, std::string* error);

}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_RESULTS_H_
