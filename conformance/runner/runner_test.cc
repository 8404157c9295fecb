// The runner's outcome classes, each from a fake reader that behaves so:
// one that reads right, crashes, hangs, prints a wrong value, accepts
// everything, rejects everything, or reports a panic.

#include "conformance/runner/runner.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace colcheck::conformance {
namespace {

namespace fs = std::filesystem;

class RunnerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("colcheck-runner-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "suite/cases");
    // y_a: two rows; n_b: a fault, with the rows from before it; i_c.
    Write("suite/cases/y_a.parquet", "PAR1");
    Write("suite/cases/y_a.jsonl", "{\"v\":1}\n{\"v\":2}\n");
    Write("suite/cases/n_b.parquet", "PAR1");
    Write("suite/cases/n_b.jsonl", "{\"v\":1}\n");
    Write("suite/cases/i_c.parquet", "PAR1");
    Write(
        "suite/manifest.json",
        R"({"suite":"colcheck-conformance","version":1,"seed":1,"cases":[)"
        R"({"id":"y_a","outcome":"y","format":"parquet","file":"cases/y_a.parquet",)"
        R"("rows":"cases/y_a.jsonl","row_count":2,"rule":"a.x","features":["codec:ZSTD"]},)"
        R"({"id":"n_b","outcome":"n","format":"parquet","file":"cases/n_b.parquet",)"
        R"("rows":"cases/n_b.jsonl","rule":"b.y","features":[],"silent_misread_risk":true},)"
        R"({"id":"i_c","outcome":"i","format":"parquet","file":"cases/i_c.parquet",)"
        R"("rule":"c.z","features":[]}]})");
    std::string error;
    ASSERT_TRUE(LoadSuite((dir_ / "suite").string(), &suite_, &error)) << error;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }

  // Runs one reader over the three cases; returns its outcomes in order.
  ReaderResults Run(const std::string& command, double seconds = 20) {
    Reader reader;
    reader.name = "fake";
    reader.command = command;
    RunOptions options;
    options.limits.seconds = seconds;
    options.out_dir = (dir_ / "out").string();
    options.jobs = 2;
    RunResults results;
    results.suite = suite_;
    std::string error;
    EXPECT_TRUE(RunSuite({reader}, options, &results, &error)) << error;
    return results.readers.at(0);
  }

  Outcome Of(const ReaderResults& rr, size_t i) {
    return rr.cases.at(i).outcome;
  }

  fs::path dir_;
  Suite suite_;
};

// Prints the rows that sit beside the file (the expected ones), or a
// row of its own when there are none.
constexpr char kRight[] =
    "sh -c 'f=\"${1%.parquet}.jsonl\"; if [ -f \"$f\" ]; then cat \"$f\"; "
    "else echo \"{}\"; fi' sh";

TEST_F(RunnerTest, AReaderThatReadsRightPassesValidAndFailsInvalid) {
  const ReaderResults rr = Run(kRight);
  EXPECT_EQ(Of(rr, 0), Outcome::kPass);
  // It reads the invalid file too, to the rows from before the fault: an
  // acceptance, not a misread.
  EXPECT_EQ(Of(rr, 1), Outcome::kAcceptedInvalid);
  EXPECT_FALSE(rr.cases[1].misread);
  EXPECT_EQ(Of(rr, 2), Outcome::kPass);
  EXPECT_EQ(rr.counts[static_cast<size_t>(Outcome::kPass)], 2u);
  EXPECT_TRUE(rr.cases[0].bundle.empty());
}

TEST_F(RunnerTest, AReaderThatAcceptsEverything) {
  const ReaderResults rr = Run("sh -c 'echo \"{\\\"v\\\":1}\"' sh");
  EXPECT_EQ(Of(rr, 0), Outcome::kWrongValues);  // One row of two.
  EXPECT_EQ(rr.cases[0].difference.row, 1u);
  EXPECT_EQ(Of(rr, 1), Outcome::kAcceptedInvalid);
  EXPECT_FALSE(rr.cases[1].misread);  // {"v":1} is what n_b held.
  EXPECT_EQ(Of(rr, 2), Outcome::kPass);
}

TEST_F(RunnerTest, AWrongValueIsTheWorstAndLeavesABundle) {
  const ReaderResults rr =
      Run("sh -c 'printf \"{\\\"v\\\":1}\\n{\\\"v\\\":3}\\n\"' sh");
  ASSERT_EQ(Of(rr, 0), Outcome::kWrongValues);
  const CaseResult& r = rr.cases[0];
  EXPECT_EQ(r.difference.row, 1u);
  EXPECT_EQ(r.difference.path, "v");
  EXPECT_EQ(r.difference.expected, "2");
  EXPECT_EQ(r.difference.actual, "3");
  ASSERT_FALSE(r.bundle.empty());
  const fs::path bundle = dir_ / "out" / r.bundle;
  EXPECT_TRUE(fs::exists(bundle / "y_a.parquet"));
  EXPECT_TRUE(fs::exists(bundle / "command.sh"));
  EXPECT_TRUE(fs::exists(bundle / "expected.jsonl"));
  EXPECT_TRUE(fs::exists(bundle / "actual.jsonl"));
  EXPECT_TRUE(fs::exists(bundle / "README.md"));
  // The n_ case read to other rows than it held: a misread, bundled.
  EXPECT_EQ(Of(rr, 1), Outcome::kAcceptedInvalid);
  EXPECT_TRUE(rr.cases[1].misread);
  EXPECT_FALSE(rr.cases[1].bundle.empty());
}

// n_b's file before its fault is y_a's: a reader that misreads y_a the
// same way is not misled by n_b's fault, and n_b is no misread of its.
TEST_F(RunnerTest, AMisreadCountsOnlyWhenTheBaselineReadsRight) {
  suite_.cases[1].baseline = "y_a";
  const ReaderResults wrong =
      Run("sh -c 'printf \"{\\\"v\\\":1}\\n{\\\"v\\\":3}\\n\"' sh");
  ASSERT_EQ(Of(wrong, 0), Outcome::kWrongValues);
  EXPECT_EQ(Of(wrong, 1), Outcome::kAcceptedInvalid);
  EXPECT_FALSE(wrong.cases[1].misread);
  EXPECT_TRUE(wrong.cases[1].bundle.empty());
  EXPECT_FALSE(fs::exists(dir_ / "out/bundles/fake/n_b"));
  // The rows of y_a for every file: y_a passes, so n_b's two rows are a
  // misread.
  const ReaderResults right =
      Run("sh -c 'printf \"{\\\"v\\\":1}\\n{\\\"v\\\":2}\\n\"' sh");
  ASSERT_EQ(Of(right, 0), Outcome::kPass);
  EXPECT_TRUE(right.cases[1].misread);
  EXPECT_TRUE(fs::exists(dir_ / "out" / right.cases[1].bundle));
  // y_a read wrong ({"v":3}), n_b to other rows than that: the fault changed
  // what the reader returns, a misread measured from its own rows of y_a.
  const ReaderResults changed =
      Run("sh -c 'case \"$1\" in *y_a*) echo \"{\\\"v\\\":3}\";; "
          "*) echo \"{\\\"v\\\":4}\";; esac' sh");
  ASSERT_EQ(Of(changed, 0), Outcome::kWrongValues);
  EXPECT_TRUE(changed.cases[1].misread);
  EXPECT_EQ(changed.cases[1].difference.expected, "3");
  EXPECT_EQ(changed.cases[1].difference.actual, "4");
  // A reader that rejects y_a tells nothing about n_b.
  const ReaderResults rejects =
      Run("sh -c 'case \"$1\" in *y_a*) exit 1;; "
          "*) echo \"{\\\"v\\\":4}\";; esac' sh");
  ASSERT_EQ(Of(rejects, 0), Outcome::kRejectedValid);
  EXPECT_FALSE(rejects.cases[1].misread);
}

TEST_F(RunnerTest, SelectingAnInvalidCaseSelectsItsBaseline) {
  suite_.cases[1].baseline = "y_a";
  std::vector<std::string> ids;
  for (const Case& c : SelectCases(suite_, {"n_*"})) ids.push_back(c.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"y_a", "n_b"}));
}

TEST_F(RunnerTest, ACrashIsACrashWhateverTheCase) {
  const ReaderResults rr = Run("sh -c 'kill -SEGV $$' sh");
  for (size_t i = 0; i < 3; ++i) {
    EXPECT_EQ(Of(rr, i), Outcome::kCrash) << i;
    EXPECT_FALSE(rr.cases[i].bundle.empty()) << i;
  }
  const ReaderResults panic = Run("sh -c 'echo panicked >&2; exit 3' sh");
  EXPECT_EQ(Of(panic, 0), Outcome::kCrash);
  EXPECT_EQ(panic.cases[0].message, "panicked");
}

TEST_F(RunnerTest, AHangIsKilledAtTheLimit) {
  const ReaderResults rr = Run("sh -c 'sleep 60' sh", 0.5);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(Of(rr, i), Outcome::kHang) << i;
}

TEST_F(RunnerTest, AReaderThatRejectsEverything) {
  const ReaderResults rr = Run("sh -c 'echo no >&2; exit 1' sh");
  EXPECT_EQ(Of(rr, 0), Outcome::kRejectedValid);
  EXPECT_EQ(Of(rr, 1), Outcome::kPass);
  EXPECT_EQ(Of(rr, 2), Outcome::kPass);
}

TEST_F(RunnerTest, AProfileMakesACaseUnsupported) {
  Reader reader;
  reader.name = "fake";
  reader.command = "sh -c 'exit 1' sh";
  reader.profile.features.push_back({"codec:ZSTD", "no zstd (docs)"});
  reader.has_profile = true;
  RunOptions options;
  RunResults results;
  results.suite = suite_;
  std::string error;
  ASSERT_TRUE(RunSuite({reader}, options, &results, &error)) << error;
  EXPECT_EQ(results.readers[0].cases[0].outcome, Outcome::kUnsupported);
  EXPECT_EQ(results.readers[0].cases[1].outcome, Outcome::kPass);
}

TEST(ParseReaderTest, NameAndCommand) {
  Reader reader;
  std::string error;
  ASSERT_TRUE(
      ParseReader("duckdb=node peers/conformance/duckdb.mjs", &reader, &error));
  EXPECT_EQ(reader.name, "duckdb");
  EXPECT_EQ(reader.command, "node peers/conformance/duckdb.mjs");
  ASSERT_TRUE(ParseReader("a=b=c", &reader, &error));
  EXPECT_EQ(reader.command, "b=c");
  EXPECT_FALSE(ParseReader("nocommand", &reader, &error));
  EXPECT_FALSE(ParseReader("=cmd", &reader, &error));
  EXPECT_FALSE(ParseReader("a b=cmd", &reader, &error));
  EXPECT_FALSE(ParseReader("a=", &reader, &error));
}

TEST(ShellQuoteTest, QuotesEverythingForSh) {
  EXPECT_EQ(ShellQuote("a b"), "'a b'");
  EXPECT_EQ(ShellQuote("it's"), "'it'\\''s'");
  EXPECT_EQ(ShellQuote("$HOME \"x\""), "'$HOME \"x\"'");
}

TEST(OutcomeNameTest, RoundTrips) {
  for (size_t i = 0; i < kOutcomeCount; ++i) {
    Outcome parsed;
    ASSERT_TRUE(ParseOutcome(OutcomeName(static_cast<Outcome>(i)), &parsed));
    EXPECT_EQ(parsed, static_cast<Outcome>(i));
  }
  Outcome parsed;
  EXPECT_FALSE(ParseOutcome("fine", &parsed));
}

}  // namespace
}  // namespace colcheck::conformance
