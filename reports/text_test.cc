#include "reports/text.h"

#include <sstream>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

using testing::MakeDiagnostic;
using testing::MakeReport;

// What WriteTextSummary writes, as a string to compare.
std::string Summary(std::string_view path, const Report& report) {
  std::ostringstream out;
  WriteTextSummary(path, report, out);
  return out.str();
}

TEST(ReportsText, DiagnosticLineHasSpanCodeAndField) {
  const FileReport file{
      "a.parquet",
      MakeReport(Format::kParquet, 0, Verdict::kInvalid,
                 {MakeDiagnostic(
                     Code::kSchemaOrphanedElements, Severity::kError, 674, 1,
                     "schema[0].num_children", "2 elements left over")})};
  EXPECT_EQ(RenderText(file),
            "a.parquet:674+1: error[schema.orphaned-elements]: 2 elements "
            "left over (schema[0].num_children)\n"
            "a.parquet: invalid (Parquet, 1 error, 0 warnings, 0 infos)\n");
}

TEST(ReportsText, ColumnFollowsTheFieldSanitized) {
  FileReport file{"a.parquet", {}};
  Diagnostic d = MakeDiagnostic(Code::kMetadataInvalidCodec, Severity::kError,
                                90, 1, "row_groups[0].columns[3].meta_data.codec",
                                "codec 9");
  d.column = "order.`a.b`.\x1b[31m";
  file.report.diagnostics.push_back(d);
  EXPECT_EQ(RenderText(file),
            "a.parquet:90+1: error[metadata.invalid-codec]: codec 9 "
            "(row_groups[0].columns[3].meta_data.codec, column "
            "order.`a.b`.\\x1b[31m)\n"
            "a.parquet: valid (not Parquet or ORC, 1 error, 0 warnings, "
            "0 infos)\n");
}

TEST(ReportsText, ZeroLengthAndEmptyFieldAreOmitted) {
  const FileReport file{
      "b.parquet",
      MakeReport(Format::kOrc, 0, Verdict::kInvalid,
                 {MakeDiagnostic(Code::kFileTooSmall, Severity::kError, 0, 0,
                                 "", "only 3 bytes")})};
  EXPECT_EQ(RenderText(file),
            "b.parquet:0: error[file.too-small]: only 3 bytes\n"
            "b.parquet: invalid (ORC, 1 error, 0 warnings, 0 infos)\n");
}

TEST(ReportsText, SummaryCountsActualSeverities) {
  // The registry says error; the diagnostic's own severity is what counts.
  const Report report = MakeReport(
      Format::kUnknown, 0, Verdict::kInvalid,
      {MakeDiagnostic(Code::kFileTooSmall, Severity::kWarning, 0, 0),
       MakeDiagnostic(Code::kThriftUnknownField, Severity::kInfo, 5, 2),
       MakeDiagnostic(Code::kThriftUnknownField, Severity::kInfo, 9, 2),
       MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 9, 2),
       MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 9, 2),
       MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 9, 2)});
  EXPECT_EQ(Summary("c.parquet", report),
            "c.parquet: invalid (not Parquet or ORC, 3 errors, 1 warning, 2 "
            "infos)\n");
}

TEST(ReportsText, ValidFileHasOnlySummary) {
  const FileReport file{"ok.parquet",
                        MakeReport(Format::kParquet, 0, Verdict::kValid)};
  EXPECT_EQ(RenderText(file),
            "ok.parquet: valid (Parquet, 0 errors, 0 warnings, 0 infos)\n");
}

TEST(ReportsText, IncompleteCheckIsSaid) {
  Report report =
      MakeReport(Format::kParquet, 0, Verdict::kValid,
                 {MakeDiagnostic(Code::kLimitsModelSize, Severity::kInfo, 8, 4,
                                 "row_groups")});
  report.complete = false;
  EXPECT_EQ(Summary("big.parquet", report),
            "big.parquet: valid (Parquet, 0 errors, 0 warnings, 1 info; not "
            "fully checked: a colcheck limit)\n");
}

TEST(ReportsText, ControlCharactersAreEscaped) {
  const FileReport file{
      "evil\n.parquet",
      MakeReport(
          Format::kParquet, 0, Verdict::kInvalid,
          {MakeDiagnostic(Code::kSchemaEmptyName, Severity::kError, 7, 3,
                          "schema[1]\x1b[31m", "name \"\x07\" is odd")})};
  const std::string text = RenderText(file);
  EXPECT_EQ(text,
            "evil\\x0a.parquet:7+3: error[schema.empty-name]: name \"\\x07\" "
            "is odd (schema[1]\\x1b[31m)\n"
            "evil\\x0a.parquet: invalid (Parquet, 1 error, 0 warnings, 0 "
            "infos)\n");
}

TEST(ReportsText, IoErrorLine) {
  EXPECT_EQ(IoErrorLine("x.parquet", "cannot open: No such file or directory"),
            "colcheck: x.parquet: cannot open: No such file or directory");
}

TEST(ReportsText, CodesTextListsEveryCode) {
  const std::string text = RenderCodesText();
  size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  EXPECT_EQ(lines, AllCodes().size());
  EXPECT_NE(text.find("schema.orphaned-elements"), std::string::npos);
}

}  // namespace
}  // namespace colcheck
