#include "core/ordered_runner.h"

#include <atomic>
#include <chrono>
#include <functional>
#include <random>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

using std::chrono::milliseconds;

// Runs `count` items on `jobs` threads, each taking a pseudo-random time,
// and records the emitted order and the most results alive at once.
struct OrderedRun {
  std::vector<size_t> emitted;
  size_t peak_alive = 0;
};

OrderedRun RunWithJitter(size_t count, size_t jobs, size_t window) {
  OrderedRun run;
  std::atomic<size_t> alive = 0;
  std::atomic<size_t> peak = 0;
  const std::function<size_t(size_t)> work = [&](size_t i) {
    // A result counts as alive from the start of its work until it is
    // emitted: that is what the window must bound.
    const size_t now = ++alive;
    size_t seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
    std::mt19937 rng(static_cast<unsigned>(i));
    std::this_thread::sleep_for(std::chrono::microseconds(rng() % 2000));
    return i * 10;
  };
  const std::function<void(size_t, size_t)> emit = [&](size_t i, size_t value) {
    EXPECT_EQ(value, i * 10);
    run.emitted.push_back(i);
    --alive;
  };
  RunOrdered<size_t>(count, jobs, window, work, emit);
  run.peak_alive = peak.load();
  return run;
}
TEST(OrderedRunner, EmitsInInputOrderWhateverTheThreads) {
  for (const size_t jobs : {1u, 2u, 4u, 8u}) {
    const OrderedRun run = RunWithJitter(200, jobs, 8);
    ASSERT_EQ(run.emitted.size(), 200u) << jobs;
    for (size_t i = 0; i < run.emitted.size(); ++i) {
      ASSERT_EQ(run.emitted[i], i) << "jobs " << jobs;
    }
  }
}

TEST(OrderedRunner, WindowBoundsResultsAlive) {
  // Item 0 is the slowest: without the window, the other workers would
  // race through all the rest while it runs.
  std::atomic<size_t> alive = 0;
  std::atomic<size_t> peak = 0;
  const std::function<int(size_t)> work = [&](size_t i) {
    const size_t now = ++alive;
    size_t seen = peak.load();
    while (now > seen && !peak.compare_exchange_weak(seen, now)) {
    }
    if (i == 0) std::this_thread::sleep_for(milliseconds(100));
    return 0;
  };
  size_t emitted = 0;
  const std::function<void(size_t, int)> emit = [&](size_t, int) {
    ++emitted;
    --alive;
  };
  RunOrdered<int>(1000, 4, 6, work, emit);
  EXPECT_EQ(emitted, 1000u);
  // The window's 6, plus the one being emitted: its slot is free already.
  EXPECT_LE(peak.load(), 7u);
  EXPECT_GE(peak.load(), 2u);  // The workers did run side by side.
}

TEST(OrderedRunner, JitteredRunStaysInsideWindow) {
  EXPECT_LE(RunWithJitter(300, 4, 5).peak_alive, 6u);
}

TEST(OrderedRunner, WindowSmallerThanJobsStillFinishes) {
  EXPECT_EQ(RunWithJitter(50, 8, 1).emitted.size(), 50u);
}

TEST(OrderedRunner, NothingToDo) {
  bool called = false;
  RunOrdered<int>(
      0, 4, 8,
      [&](size_t) {
        called = true;
        return 0;
      },
      [&](size_t, int) { called = true; });
  EXPECT_FALSE(called);
}

TEST(OrderedRunner, IdleRunsWhileTheNextResultIsLate) {
  std::atomic<bool> release = false;
  size_t idles = 0;
  const std::function<int(size_t)> work = [&](size_t) {
    while (!release) std::this_thread::sleep_for(milliseconds(1));
    return 1;
  };
  const std::function<void()> idle = [&] {
    if (++idles == 3) release = true;
  };
  size_t emitted = 0;
  RunOrdered<int>(
      2, 2, 4, work, [&](size_t, int) { ++emitted; }, idle, milliseconds(1));
  EXPECT_EQ(emitted, 2u);
  EXPECT_GE(idles, 3u);
}

TEST(OrderedRunner, ClaimsWithinWindow) {
  OrderedWindow<int> window(5, 2);
  size_t a = 99;
  size_t b = 99;
  ASSERT_TRUE(window.Claim(&a));
  ASSERT_TRUE(window.Claim(&b));
  EXPECT_EQ(a, 0u);
  EXPECT_EQ(b, 1u);
  window.Put(1, 11);
  // Index 1 is ready, but 0 comes first.
  EXPECT_FALSE(window.TakeNext(milliseconds(1)).has_value());
  window.Put(0, 10);
  EXPECT_EQ(window.TakeNext(milliseconds(1)), 10);
  size_t c = 99;
  ASSERT_TRUE(window.Claim(&c));  // One slot was freed.
  EXPECT_EQ(c, 2u);
  EXPECT_EQ(window.TakeNext(milliseconds(1)), 11);
  EXPECT_EQ(window.next(), 2u);
}

TEST(OrderedRunner, WindowForHoldsEveryThread) {
  EXPECT_GE(WindowFor(64), 64u);
  EXPECT_GE(WindowFor(1), 1u);
  EXPECT_GE(Processors(), 1u);
}

}  // namespace
}  // namespace colcheck
