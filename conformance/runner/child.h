// Runs a reader under test once: `/bin/sh -c 'CMD "$1"' sh FILE` in a
// process group of its own, its stdout and stderr captured, stopped at a
// time limit, a memory limit and an output limit.
//
// Memory is the resident set of the whole process group, sampled every few
// milliseconds from /proc: a limit on address space (RLIMIT_AS) would stop
// V8 and WebAssembly runtimes, which reserve many times what they use. A
// group past the limit is killed, as is one past the time limit; whatever
// the command leaves behind in its group is killed when it ends.

#ifndef COLCHECK_CONFORMANCE_RUNNER_CHILD_H_
#define COLCHECK_CONFORMANCE_RUNNER_CHILD_H_

#include <cstdint>
#include <string>

namespace colcheck::conformance {

struct ChildLimits {
  double seconds = 60;
  uint64_t memory_bytes = uint64_t{4} << 30;
};

struct ChildResult {
  enum class Ending {
    kExited,       // `status` holds the exit status.
    kSignaled,     // `signal` killed it (or the shell said so: 128 + N).
    kTimedOut,     // Killed at the time limit.
    kOutOfMemory,  // Killed past the memory limit.
    kOutputLimit,  // Killed past limits::kMaxReaderOutputBytes of stdout.
    kNotStarted,   // `error` says why.
  };
  Ending ending = Ending::kNotStarted;
  int status = 0;
  int signal = 0;
  std::string out;
  std::string err;  // Its last limits::kMaxReaderErrorBytes.
  double seconds = 0;
  uint64_t peak_rss_bytes = 0;
  std::string error;
};

ChildResult RunChild(const std::string& command, const std::string& file,
                     const ChildLimits& limits);

}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_CHILD_H_
