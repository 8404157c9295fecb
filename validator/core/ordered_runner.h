// Work spread over threads whose results come out in index order: files
// of a batch (cli/batch.h), column chunks of one file (parquet/page_walk.cc).
//
//   workers:   claim 0  claim 1  claim 2  ...      (at most `window` ahead)
//                 |        |        |
//   slots:     [ r0 ]   [ r1 ]   [    ]   ...      (ring of `window` slots)
//                 |
//   caller:    emit 0, then waits for 1, emit 1, ...
//
// A worker may only claim index i while i < next + window, where `next` is
// the index the caller waits for, so however many items there are, at most
// `window` results are being computed or waiting, plus the one being
// emitted, and every run emits the same sequence whatever the thread count.

#ifndef COLCHECK_CORE_ORDERED_RUNNER_H_
#define COLCHECK_CORE_ORDERED_RUNNER_H_

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

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

// The processors this process may use: at least one.
inline size_t Processors() {
  const unsigned processors = std::thread::hardware_concurrency();
  return processors == 0 ? 1 : processors;
}

// The reorder window for `jobs` threads: a few results per thread, so a
// slow item holds back only a bounded amount of finished work.
inline size_t WindowFor(size_t jobs) { return jobs * 4 < 16 ? 16 : jobs * 4; }

}  // namespace colcheck

#endif  // COLCHECK_CORE_ORDERED_RUNNER_H_
