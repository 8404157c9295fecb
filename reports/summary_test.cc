// Tests for the per-code run summary and its text and JSON renderings.

#include "reports/summary.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "colcheck/colcheck.h"

namespace colcheck {
namespace {

Diagnostic D(Code code, Severity severity) {
  return Diagnostic{code, severity, 0, 0, "", ""};
}

RunSummary ThreeFiles() {
  RunSummary summary;
  Report a;
  a.diagnostics = {D(Code::kThriftTruncated, Severity::kError),
                   D(Code::kThriftTruncated, Severity::kError),
                   D(Code::kThriftUnknownField, Severity::kInfo)};
  Report b;
  b.diagnostics = {D(Code::kThriftTruncated, Severity::kError),
                   // A per-path rule made it a warning here.
                   D(Code::kThriftUnknownField, Severity::kWarning)};
  b.suppressed = 2;
  summary.Add(a);
  summary.Add(b);
  summary.Add(Report());
  return summary;
}

TEST(RunSummaryTest, CountsFindingsAndFilesPerCodeAndSeverity) {
  const RunSummary summary = ThreeFiles();
  EXPECT_EQ(summary.files(), 3u);
  EXPECT_EQ(summary.files_with_findings(), 2u);
  EXPECT_EQ(summary.findings(), 5u);
  EXPECT_EQ(summary.suppressed(), 2u);
  const std::vector<RunSummary::Row> rows = summary.Rows();
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].code, Code::kThriftTruncated);
  EXPECT_EQ(rows[0].severity, Severity::kError);
  EXPECT_EQ(rows[0].findings, 3u);
  EXPECT_EQ(rows[0].files, 2u);
  EXPECT_EQ(rows[1].code, Code::kThriftUnknownField);
  EXPECT_EQ(rows[1].severity, Severity::kWarning);
  EXPECT_EQ(rows[1].files, 1u);
  EXPECT_EQ(rows[2].severity, Severity::kInfo);
  EXPECT_EQ(rows[2].findings, 1u);
}

TEST(RunSummaryTest, Text) {
  std::ostringstream out;
  WriteTextRunSummary(ThreeFiles(), out);
  EXPECT_EQ(out.str(),
            "findings by code (5 findings in 2 of 3 files; 2 suppressed by "
            "the baseline):\n"
            "  code                  severity  findings  files\n"
            "  thrift.truncated      error            3      2\n"
            "  thrift.unknown-field  warning          1      1\n"
            "  thrift.unknown-field  info             1      1\n");
}

TEST(RunSummaryTest, NoTextWithoutFindings) {
  RunSummary summary;
  summary.Add(Report());
  std::ostringstream out;
  WriteTextRunSummary(summary, out);
  EXPECT_EQ(out.str(), "");
}

TEST(RunSummaryTest, Json) {
  std::string json;
  JsonWriter writer(&json);
  WriteJsonRunSummary(ThreeFiles(), &writer);
  EXPECT_EQ(json,
            "{\"files\":3,\"files_with_findings\":2,\"findings\":5,"
            "\"suppressed\":2,\"codes\":["
            "{\"code\":\"thrift.truncated\",\"severity\":\"error\","
            "\"findings\":3,\"files\":2},"
            "{\"code\":\"thrift.unknown-field\",\"severity\":\"warning\","
            "\"findings\":1,\"files\":1},"
            "{\"code\":\"thrift.unknown-field\",\"severity\":\"info\","
            "\"findings\":1,\"files\":1}]}");
}

}  // namespace
}  // namespace colcheck
