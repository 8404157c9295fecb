#include "cli/batch.h"

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/args.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

using std::chrono::milliseconds;
using testing::HasSubstr;
using testing::IsEmpty;

TEST(CliBatch, ResolveJobs) {
  EXPECT_EQ(ResolveJobs(3, 10), 3u);
  EXPECT_GE(ResolveJobs(0, 10), 1u);
  EXPECT_LE(ResolveJobs(0, 10), 10u);
  // Never more threads than files, nor than kMaxJobs, nor fewer than one.
  EXPECT_EQ(ResolveJobs(8, 1), 1u);
  EXPECT_EQ(ResolveJobs(0, 1), 1u);
  EXPECT_EQ(ResolveJobs(kMaxJobs * 4, kMaxJobs * 10), kMaxJobs);
  EXPECT_EQ(ResolveJobs(SIZE_MAX, SIZE_MAX), kMaxJobs);
  EXPECT_EQ(ResolveJobs(5, 0), 1u);
}

TEST(CliBatch, ProgressLineLayout) {
  ProgressState state;
  state.done = 1234;
  state.total = 10000;
  state.invalid = 12;
  state.elapsed_seconds = 1234.0 / 850.0;
  // 8766 files left at 850 files/s: 10.3 s, rounded up.
  EXPECT_EQ(FormatProgress(state),
            "[##..................] 1234/10000 files  12 invalid  "
            "850 files/s  ETA 0:11");
}

TEST(CliBatch, ProgressBeforeAnyFile) {
  ProgressState state;
  state.total = 7;
  EXPECT_EQ(FormatProgress(state),
            "[....................] 0/7 files  0 invalid");
}

TEST(CliBatch, ProgressSlowRateAndLongEta) {
  ProgressState state;
  state.done = 1;
  state.total = 10001;
  state.elapsed_seconds = 2;  // 0.5 files/s: 20000 s left.
  EXPECT_THAT(FormatProgress(state), HasSubstr("  0.5 files/s  ETA 5:33:20"));
  state.done = 10001;
  EXPECT_THAT(FormatProgress(state),
              HasSubstr("[####################] 10001/10001"));
  EXPECT_THAT(FormatProgress(state), HasSubstr("ETA 0:00"));
}

TEST(CliBatch, ProgressEtaMinutes) {
  ProgressState state;
  state.done = 10;
  state.total = 1210;
  state.elapsed_seconds = 1;  // 1200 files at 10 files/s: 2 minutes.
  EXPECT_THAT(FormatProgress(state), HasSubstr("10 files/s  ETA 2:00"));
}

// Drives a ProgressLine with a fake clock and records what it writes.
struct FakeTerminal {
  std::vector<std::string> writes;
  std::function<void(std::string_view)> Writer() {
    return [this](std::string_view s) { writes.emplace_back(s); };
  }
};

using Clock = ProgressLine::Clock;

TEST(CliBatch, ProgressLineWaitsThenThrottles) {
  FakeTerminal terminal;
  const Clock::time_point t0{};
  ProgressLine line(true, terminal.Writer(), 100, t0);
  line.FileDone(false, t0 + milliseconds(500));
  EXPECT_THAT(terminal.writes, IsEmpty());  // A short run shows nothing.
  line.FileDone(true, t0 + milliseconds(1000));
  ASSERT_EQ(terminal.writes.size(), 1u);
  EXPECT_EQ(terminal.writes[0],
            "\r[....................] 2/100 files  1 invalid  2.0 files/s  "
            "ETA 0:49\x1b[K");
  line.FileDone(false, t0 + milliseconds(1050));  // Too soon to redraw.
  EXPECT_EQ(terminal.writes.size(), 1u);
  line.Tick(t0 + milliseconds(1100));
  EXPECT_EQ(terminal.writes.size(), 2u);
  EXPECT_TRUE(line.shown());
  line.Clear();
  EXPECT_EQ(terminal.writes.back(), "\r\x1b[K");
  EXPECT_FALSE(line.shown());
  line.Clear();  // Nothing shown: nothing to erase.
  EXPECT_EQ(terminal.writes.size(), 3u);
}

TEST(CliBatch, ProgressLineSilentWhenDisabledOrDone) {
  FakeTerminal terminal;
  const Clock::time_point t0{};
  ProgressLine disabled(false, terminal.Writer(), 10, t0);
  disabled.FileDone(false, t0 + std::chrono::seconds(5));
  disabled.Clear();
  EXPECT_THAT(terminal.writes, IsEmpty());

  ProgressLine done(true, terminal.Writer(), 1, t0);
  done.FileDone(false, t0 + std::chrono::seconds(5));  // No file remains.
  EXPECT_THAT(terminal.writes, IsEmpty());
}

}  // namespace
}  // namespace colcheck
