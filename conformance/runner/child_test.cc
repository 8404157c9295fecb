#include "conformance/runner/child.h"

#include <gtest/gtest.h>

#include "core/limits.h"

namespace colcheck::conformance {
namespace {

using Ending = ChildResult::Ending;

ChildLimits Quick() {
  ChildLimits limits;
  limits.seconds = 10;
  limits.memory_bytes = uint64_t{1} << 30;
  return limits;
}

TEST(RunChildTest, TheFileIsTheLastArgumentAndOutputIsCaptured) {
  const ChildResult r = RunChild("printf '%s|'", "a file 'quoted'", Quick());
  ASSERT_EQ(r.ending, Ending::kExited);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "a file 'quoted'|");
}

TEST(RunChildTest, ExitStatusAndStderr) {
  const ChildResult r =
      RunChild("sh -c 'echo bad >&2; exit 1' sh", "x", Quick());
  ASSERT_EQ(r.ending, Ending::kExited);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "bad\n");
}

TEST(RunChildTest, ASignalIsACrash) {
  const ChildResult r = RunChild("sh -c 'kill -SEGV $$' sh", "x", Quick());
  ASSERT_EQ(r.ending, Ending::kSignaled);
  EXPECT_EQ(r.signal, 11);
  const ChildResult abort = RunChild("sh -c 'kill -ABRT $$' sh", "x", Quick());
  ASSERT_EQ(abort.ending, Ending::kSignaled);
  EXPECT_EQ(abort.signal, 6);
}

TEST(RunChildTest, TheTimeLimitKillsTheGroup) {
  ChildLimits limits = Quick();
  limits.seconds = 0.5;
  // The sleep is a grandchild: it must go with the shell.
  const ChildResult r = RunChild("sh -c 'sleep 30; echo late' sh", "x", limits);
  EXPECT_EQ(r.ending, Ending::kTimedOut);
  EXPECT_LT(r.seconds, 10);
  EXPECT_EQ(r.out, "");
}

TEST(RunChildTest, TheMemoryLimitKillsTheGroup) {
  ChildLimits limits = Quick();
  limits.memory_bytes = uint64_t{64} << 20;
  // 256 MiB, touched, resident for seconds.
  const ChildResult r = RunChild(
      "/usr/bin/python3 -c 'import time; b = bytearray(256 << 20); "
      "time.sleep(20)'",
      "x", limits);
  EXPECT_EQ(r.ending, Ending::kOutOfMemory);
  EXPECT_GT(r.peak_rss_bytes, limits.memory_bytes);
}

TEST(RunChildTest, OutputPastTheLimitStopsTheReader) {
  // Reading the 256 MiB the limit allows takes seconds under ASan on a
  // loaded machine; the time limit must not end the run first.
  ChildLimits limits = Quick();
  limits.seconds = 300;
  const ChildResult r = RunChild("sh -c 'yes' sh", "x", limits);
  EXPECT_EQ(r.ending, Ending::kOutputLimit);
  EXPECT_EQ(r.out.size(), limits::kMaxReaderOutputBytes);
}

TEST(RunChildTest, ALeftoverChildHoldingThePipesDoesNotHang) {
  const ChildResult r =
      RunChild("sh -c '(sleep 30) & echo done' sh", "x", Quick());
  ASSERT_EQ(r.ending, Ending::kExited);
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "done\n");
  EXPECT_LT(r.seconds, 10);
}

}  // namespace
}  // namespace colcheck::conformance
