// Validating many files on several threads while their reports come out in
// input order (core/ordered_runner.h), and the progress line drawn on a
// terminal meanwhile.

#ifndef COLCHECK_CLI_BATCH_H_
#define COLCHECK_CLI_BATCH_H_

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/ordered_runner.h"

namespace colcheck {

// The number of threads for -j N over `inputs` files: N itself, or one per
// processor for 0, but never more than the files nor kMaxJobs (each thread
// brings reorder slots with it, so an unbounded N would take unbounded
// memory), and at least one.
size_t ResolveJobs(size_t requested, size_t inputs);

// The outcome of validating one file.
struct FileOutcome {
  Status status = Status::Ok();  // An I/O error leaves `report` empty.
  Report report;
};

// Validates `files` on `jobs` threads and calls `emit(i, outcome)` in input
// order on the calling thread; `idle` as for RunOrdered. Each file is read
// with `options` and the format its name gives (FormatFromFileName).
void ValidateBatch(const std::vector<std::string>& files,
                   const Options& options, size_t jobs,
                   const std::function<void(size_t, FileOutcome)>& emit,
                   const std::function<void()>& idle = nullptr);

// As above, with the options of file i from `options_for(i)`, called on a
// worker thread (so it must be safe to call concurrently), which gives each
// file its own findings policy or suppress hook. expected_format is still
// set from the file's name.
void ValidateBatch(const std::vector<std::string>& files,
                   const std::function<Options(size_t)>& options_for,
                   size_t jobs,
                   const std::function<void(size_t, FileOutcome)>& emit,
                   const std::function<void()>& idle = nullptr);

// The message of a failed FileOutcome without the path that the library
// puts first ("a.parquet: No such file" -> "No such file"), for
// IoErrorLine, which adds the path itself.
std::string_view IoErrorMessage(std::string_view path, const Status& status);

// What the progress line shows.
struct ProgressState {
  size_t done = 0;
  size_t total = 0;
  size_t invalid = 0;
  double elapsed_seconds = 0;
};

// The progress line, without a line ending:
//   [#####...............] 1234/10000 files  12 invalid  850 files/s  ETA 0:10
// The rate and ETA are left out until a file is done; the ETA reads M:SS,
// or H:MM:SS from an hour on.
std::string FormatProgress(const ProgressState& state);

// Draws FormatProgress on a terminal, one line redrawn in place. Silent
// unless `enabled` (the caller passes isatty(stderr)); once enabled, it
// shows only after `delay`, while files remain, and redraws at most every
// `period`, so short runs and fast updates cost nothing on screen.
class ProgressLine {
 public:
  using Clock = std::chrono::steady_clock;

  ProgressLine(bool enabled, std::function<void(std::string_view)> write,
               size_t total, Clock::time_point start = Clock::now(),
               Clock::duration delay = std::chrono::seconds(1),
               Clock::duration period = std::chrono::milliseconds(100));

  // Records a finished file and redraws when due.
  void FileDone(bool invalid, Clock::time_point now = Clock::now());
  // Redraws when due, for time passing without a finished file.
  void Tick(Clock::time_point now = Clock::now());
  // Erases the line if it is shown, before other output goes to the same
  // terminal. The next due redraw brings it back.
  void Clear();

  bool shown() const { return shown_; }

  // The line of a command-line run: on stderr when it is a terminal, and
  // never otherwise, since in a log file or a pipe it would only be noise.
  // Before each redraw stdout is flushed, so that reports written to the
  // same terminal come out before the line rather than across it.
  static ProgressLine OnStderr(size_t total);

 private:
  void MaybeDraw(Clock::time_point now);

  bool enabled_;
  std::function<void(std::string_view)> write_;
  Clock::time_point start_;
  Clock::duration delay_;
  Clock::duration period_;
  std::optional<Clock::time_point> last_draw_;
  ProgressState state_;
  bool shown_ = false;
};

}  // namespace colcheck

#endif  // COLCHECK_CLI_BATCH_H_
