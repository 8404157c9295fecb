#include "reports/text.h"

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "gtest/gtest.h"
#include "reports/codes_markdown.h"
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
  Diagnostic d =
      MakeDiagnostic(Code::kMetadataInvalidCodec, Severity::kError, 90, 1,
                     "row_groups[0].columns[3].meta_data.codec", "codec 9");
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

// What WriteTextDiagnosticsDigest writes.
std::string Digest(std::string_view path, const Report& report, size_t limit) {
  std::ostringstream out;
  WriteTextDiagnosticsDigest(path, report, limit, out);
  return out.str();
}

TEST(ReportsText, DigestShowsEveryDiagnosticWhenFew) {
  const Report report = MakeReport(
      Format::kParquet, 0, Verdict::kInvalid,
      {MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 9, 2)});
  std::ostringstream all;
  WriteTextDiagnostics("a.parquet", report, all);
  EXPECT_EQ(Digest("a.parquet", report, 5), all.str());
}

TEST(ReportsText, DigestChoosesErrorsFirstAndCountsTheRest) {
  const Report report = MakeReport(
      Format::kParquet, 0, Verdict::kInvalid,
      {MakeDiagnostic(Code::kThriftUnknownField, Severity::kInfo, 1, 1),
       MakeDiagnostic(Code::kFileTooSmall, Severity::kWarning, 2, 1),
       MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 3, 1),
       MakeDiagnostic(Code::kThriftTruncated, Severity::kError, 4, 1)});
  // The two errors and the warning, in report order; one left out.
  EXPECT_EQ(Digest("my file.parquet", report, 3),
            "my file.parquet:2+1: warning[file.too-small]: m\n"
            "my file.parquet:3+1: error[thrift.truncated]: m\n"
            "my file.parquet:4+1: error[thrift.truncated]: m\n"
            "colcheck: my file.parquet: 1 further diagnostic not shown (2 "
            "errors, 1 warning, 1 info in all); `colcheck validate 'my "
            "file.parquet'` lists them\n");
  const std::string two_left = Digest("a.parquet", report, 2);
  EXPECT_NE(two_left.find(": 2 further diagnostics not shown"),
            std::string::npos)
      << two_left;
  EXPECT_EQ(two_left.find("file.too-small"), std::string::npos);
}

TEST(ReportsText, PluralAgreesWithTheCount) {
  EXPECT_EQ(Plural(0, "region", "regions"), "0 regions");
  EXPECT_EQ(Plural(1, "region", "regions"), "1 region");
  EXPECT_EQ(Plural(2, "entry", "entries"), "2 entries");
}

TEST(ReportsText, CodeSelectionLinesAreThoseOfTheFullList) {
  const std::vector<Code> codes = {Code::kFileTooSmall, Code::kStatsNanBound};
  const std::string text = RenderCodeSelectionText(codes);
  const std::string all = RenderCodesText();
  size_t lines = 0;
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at) + 1;
    EXPECT_NE(all.find(text.substr(at, end - at)), std::string::npos);
    ++lines;
    at = end;
  }
  EXPECT_EQ(lines, 2u);
}

TEST(ReportsText, CodeEntryHasEveryField) {
  const std::vector<Code> codes = {Code::kStatsNanBound, Code::kFileTooSmall};
  const std::string text = RenderCodeEntriesText(codes);
  EXPECT_TRUE(
      text.starts_with("stats.nan-bound\n  severity  warning\n"
                       "  group     stats\n  spec      "))
      << text;
  EXPECT_NE(text.find("\n\nfile.too-small\n  severity  error\n"),
            std::string::npos);
  EXPECT_NE(text.find("  summary   "), std::string::npos);
  // Long citations wrap under their column.
  size_t at = 0;
  while (at < text.size()) {
    const size_t end = text.find('\n', at);
    EXPECT_LE(end - at, 79u) << text.substr(at, end - at);
    at = end + 1;
  }
}

TEST(ReportsText, CodeSelectionMarkdownIsTheFullDocumentsRows) {
  const std::vector<Code> codes = {Code::kStatsNanBound};
  const std::string section = RenderCodeSelectionMarkdown(codes);
  EXPECT_TRUE(section.starts_with("## stats\n\n| Code |")) << section;
  const size_t row = section.find("| `stats.nan-bound`");
  ASSERT_NE(row, std::string::npos);
  EXPECT_NE(RenderCodesMarkdown().find(section.substr(row)), std::string::npos);
  EXPECT_EQ(RenderCodeSelectionMarkdown({}), "");
}

}  // namespace
}  // namespace colcheck
