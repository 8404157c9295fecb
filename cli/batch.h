// Validating many files on several threads while their reports come out in
// input order, and the progress line drawn on a terminal meanwhile.
//
//   workers:   claim 0  claim 1  claim 2  ...      (at most `window` ahead)
//                 |        |        |
//   slots:     [ r0 ]   [ r1 ]   [    ]   ...      (ring of `window` slots)
//                 |
//   caller:    emit 0, then waits for 1, emit 1, ...
//
// A worker may only claim index i while i < next + window, where `next` is
// the index the caller waits for, so however many files there are, at most
// `window` reports are being computed or waiting, plus the one being
// emitted, and every run emits the same sequence whatever the thread count.

#ifndef COLCHECK_CLI_BATCH_H_
#define COLCHECK_CLI_BATCH_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// The hand-over between the workers and the caller, for indices
// [0, count). Thread-safe.
template <typename T>
class OrderedWindow {
 public:
  OrderedWindow(size_t count, size_t window)
      : count_(count), slots_(window == 0 ? 1 : window) {}

  // Worker side: claims the next index to compute, waiting while the window
  // is full. Returns false once every index has been claimed.
  bool Claim(size_t* index) {
    std::unique_lock lock(mutex_);
    space_.wait(lock, [&] {
      return claimed_ == count_ || claimed_ < next_ + slots_.size();
    });
    if (claimed_ == count_) return false;
    *index = claimed_++;
    return true;
  }

  // Worker side: hands over the result of a claimed index.
  void Put(size_t index, T value) {
    {
      const std::lock_guard lock(mutex_);
      slots_[index % slots_.size()] = std::move(value);
    }
    ready_.notify_all();
  }

  // Caller side: the result of index next(), or nullopt when it is not ready
  // within `timeout`. Must not be called once next() == count.
  std::optional<T> TakeNext(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    std::optional<T>& slot = slots_[next_ % slots_.size()];
    if (!ready_.wait_for(lock, timeout, [&] { return slot.has_value(); })) {
      return std::nullopt;
    }
    std::optional<T> result = std::move(slot);
    slot.reset();
    ++next_;
    lock.unlock();
    space_.notify_all();
    return result;
  }

  // The index the caller waits for next.
  size_t next() const {
    const std::lock_guard lock(mutex_);
    return next_;
  }

 private:
  const size_t count_;
  mutable std::mutex mutex_;
  std::condition_variable space_;  // A slot was freed.
  std::condition_variable ready_;  // A result was put.
  std::vector<std::optional<T>> slots_;
  size_t claimed_ = 0;
  size_t next_ = 0;
};

// Computes `work(i)` for every i in [0, count) on `jobs` threads (at least
// one) and calls `emit(i, result)` on the calling thread in index order.
// `idle()`, when set, is called on the calling thread about every
// `idle_period` while the next result is not ready, so a progress display
// keeps moving during a long file. `work` must be safe to call concurrently.
template <typename T>
void RunOrdered(
    size_t count, size_t jobs, size_t window,
    const std::function<T(size_t)>& work,
    const std::function<void(size_t, T)>& emit,
    const std::function<void()>& idle = nullptr,
    std::chrono::milliseconds idle_period = std::chrono::milliseconds(100)) {
  if (count == 0) return;
  if (jobs == 0) jobs = 1;
  if (jobs > count) jobs = count;
  OrderedWindow<T> results(count, window < jobs ? jobs : window);
  std::vector<std::thread> workers;
  workers.reserve(jobs);
  for (size_t t = 0; t < jobs; ++t) {
    workers.emplace_back([&] {
      size_t index;
      while (results.Claim(&index)) results.Put(index, work(index));
    });
  }
  for (size_t i = 0; i < count;) {
    std::optional<T> result = results.TakeNext(idle_period);
    if (!result) {
      if (idle) idle();
      continue;
    }
    emit(i, std::move(*result));
    ++i;
  }
  for (std::thread& worker : workers) worker.join();
}

// The number of threads for -j N: N itself, or one per processor for 0.
size_t ResolveJobs(size_t requested);

// The reorder window for `jobs` threads: a few results per thread, so a
// slow file holds back only a bounded amount of finished work.
size_t WindowFor(size_t jobs);

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
