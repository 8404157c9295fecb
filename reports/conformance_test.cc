#include "reports/conformance.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "conformance/runner/results.h"

namespace colcheck {
namespace {

using conformance::Case;
using conformance::CaseResult;
using conformance::Outcome;
using conformance::ReaderResults;
using conformance::RunResults;

RunResults Sample() {
  RunResults results;
  results.suite.version = 1;
  results.suite.seed = 42;
  Case y;
  y.id = "y_list.three-level";
  y.expect = conformance::Expect::kAccept;
  y.format = "parquet";
  y.file = "cases/y_list.three-level.parquet";
  y.rows = "cases/y_list.three-level.jsonl";
  y.row_count = 2;
  y.rule = "list.three-level";
  y.spec = "LogicalTypes.md <Lists>";
  y.features = {"nesting:list"};
  Case n;
  n.id = "n_page.crc-mismatch";
  n.expect = conformance::Expect::kReject;
  n.format = "parquet";
  n.file = "cases/n_page.crc-mismatch.parquet";
  n.rule = "page.crc-mismatch";
  n.silent_misread_risk = true;
  n.expected.push_back({"page.crc-mismatch", 40, 4});
  results.suite.cases = {y, n};
  for (const char* name : {"good", "bad"}) {
    ReaderResults rr;
    rr.reader.name = name;
    rr.reader.command = std::string("node ") + name + ".mjs";
    CaseResult ry, rn;
    ry.id = y.id;
    rn.id = n.id;
    if (std::string(name) == "good") {
      ry.outcome = Outcome::kPass;
      rn.outcome = Outcome::kPass;
      rn.detail = "rejected (exit 1)";
    } else {
      ry.outcome = Outcome::kWrongValues;
      ry.difference.equal = false;
      ry.difference.row = 1;
      ry.difference.path = "a[0]";
      ry.difference.expected = "1";
      ry.difference.actual = "2";
      ry.difference.reason = "the value differs";
      ry.bundle = "bundles/bad/y_list.three-level";
      ry.message = "<script>alert(1)</script>";
      rn.outcome = Outcome::kCrash;
      rn.detail = "killed by signal 11 (SIGSEGV)";
    }
    rr.cases = {ry, rn};
    for (const CaseResult& r : rr.cases)
      ++rr.counts[static_cast<size_t>(r.outcome)];
    results.readers.push_back(rr);
  }
  return results;
}

TEST(ConformanceReportTest, JsonReadsBack) {
  const RunResults results = Sample();
  const auto dir = std::filesystem::temp_directory_path() /
                   ("colcheck-conformance-report-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  const auto path = dir / "results.json";
  std::ofstream(path) << RenderConformanceJson(results);
  RunResults back;
  std::string error;
  ASSERT_TRUE(conformance::ReadResults(path.string(), &back, &error)) << error;
  std::filesystem::remove_all(dir);
  ASSERT_EQ(back.suite.cases.size(), 2u);
  EXPECT_EQ(back.suite.seed, 42u);
  EXPECT_TRUE(back.suite.cases[1].silent_misread_risk);
  ASSERT_EQ(back.suite.cases[1].expected.size(), 1u);
  EXPECT_EQ(back.suite.cases[1].expected[0].offset, 40u);
  ASSERT_EQ(back.readers.size(), 2u);
  const ReaderResults& bad = back.readers[1];
  EXPECT_EQ(bad.reader.name, "bad");
  EXPECT_EQ(bad.cases[0].outcome, Outcome::kWrongValues);
  EXPECT_EQ(bad.cases[0].difference.path, "a[0]");
  EXPECT_EQ(bad.cases[0].difference.row, 1u);
  EXPECT_EQ(bad.cases[0].bundle,
            (dir / "bundles/bad/y_list.three-level").string());
  EXPECT_EQ(bad.cases[1].outcome, Outcome::kCrash);
  EXPECT_EQ(bad.counts[static_cast<size_t>(Outcome::kCrash)], 1u);
  // Merging a second run of other readers over the same cases.
  RunResults more = Sample();
  more.readers[0].reader.name = "third";
  more.readers.pop_back();
  ASSERT_TRUE(conformance::MergeResults(std::move(more), &back, &error))
      << error;
  EXPECT_EQ(back.readers.size(), 3u);
  RunResults again = Sample();
  EXPECT_FALSE(conformance::MergeResults(std::move(again), &back, &error));
}

TEST(ConformanceReportTest, HtmlPutsTheWorstFirstAndEscapes) {
  const std::string html = RenderConformanceHtml(Sample());
  const size_t worst = html.find("id=\"worst\"");
  const size_t matrix = html.find("id=\"matrix\"");
  ASSERT_NE(worst, std::string::npos);
  ASSERT_NE(matrix, std::string::npos);
  EXPECT_LT(worst, matrix);
  // Both of "bad"'s failures are among the worst, before the matrix.
  const size_t crash = html.find("n_page.crc-mismatch</code>: killed", worst);
  EXPECT_LT(crash, matrix);
  EXPECT_EQ(html.find("<script>alert"), std::string::npos);
  EXPECT_NE(html.find("&lt;script&gt;alert"), std::string::npos);
}

TEST(ConformanceReportTest, TextCountsAndWorstLines) {
  const std::string text = RenderConformanceText(Sample());
  EXPECT_NE(text.find("bad: wrong-values on y_list.three-level"),
            std::string::npos);
  EXPECT_NE(text.find("bad: crash on n_page.crc-mismatch"), std::string::npos);
  EXPECT_EQ(text.find("good:"), std::string::npos);
}

}  // namespace
}  // namespace colcheck
