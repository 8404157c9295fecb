#include "reports/triage.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reports/testing/report_builders.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

using ::testing::ElementsAre;
using ::testing::HasSubstr;
using ::testing::Not;

// Triage groups by code and field; a one-byte span at 0 serves every test.
Diagnostic Make(Code code, Severity severity, std::string field) {
  return testing::MakeDiagnostic(code, severity, 0, 1, std::move(field));
}

Report Invalid(uint64_t size, std::vector<Diagnostic> diagnostics) {
  return testing::MakeReport(Format::kParquet, size, Verdict::kInvalid,
                             std::move(diagnostics));
}

TEST(ReportsTriage, StripIndices) {
  testing::ExpectEach(
      StripIndices,
      {
          {"row_groups[0].columns[13].meta_data.codec",
           "row_groups[].columns[].meta_data.codec"},
          {"schema[7]", "schema[]"},
          {"", ""},
          {"footer_length", "footer_length"},
          // Brackets that are not plain indices are names, and stay.
          {"kv[key].x[]", "kv[key].x[]"},
          {"a[1x]", "a[1x]"},
          {"a[12", "a[12"},
          {"a[[3]]", "a[[]]"},
      });
}

TEST(ReportsTriage, FirstErrorSkipsWarnings) {
  const Report report =
      Invalid(10, {Make(Code::kFileTooSmall, Severity::kWarning, "w"),
                   Make(Code::kFileBadTrailingMagic, Severity::kError, "e1"),
                   Make(Code::kFileTooSmall, Severity::kError, "e2")});
  ASSERT_NE(FirstError(report), nullptr);
  EXPECT_EQ(FirstError(report)->field, "e1");
  EXPECT_EQ(FirstError(Report()), nullptr);
}

// Three files with one signature in different columns, one with another,
// a valid file and an unreadable one.
Triage Sample() {
  TriageBuilder builder;
  builder.AddFile("c.parquet",
                  Invalid(300, {Make(Code::kFileBadTrailingMagic,
                                     Severity::kError, "x[1].y")}));
  builder.AddFile(
      "a.parquet",
      Invalid(50, {Make(Code::kFileTooSmall, Severity::kError, "")}));
  builder.AddFile("b.parquet",
                  Invalid(200, {Make(Code::kFileBadTrailingMagic,
                                     Severity::kError, "x[0].y")}));
  Report valid;
  valid.verdict = Verdict::kEncrypted;
  builder.AddFile("ok.parquet", valid);
  builder.AddUnreadable("gone.parquet", "No such file or directory");
  // Same size as b: the smaller path wins the tie.
  builder.AddFile(
      "a2.parquet",
      Invalid(200, {Make(Code::kFileTooSmall, Severity::kWarning, "w"),
                    Make(Code::kFileBadTrailingMagic, Severity::kError,
                         "x[22].y")}));
  return builder.Finish();
}

TEST(ReportsTriage, GroupsBySignatureLargestFirst) {
  const Triage triage = Sample();
  EXPECT_EQ(triage.files, 6u);
  ASSERT_EQ(triage.groups.size(), 2u);
  const TriageGroup& big = triage.groups[0];
  EXPECT_EQ(big.code, Code::kFileBadTrailingMagic);
  EXPECT_EQ(big.field, "x[].y");
  EXPECT_THAT(big.files, ElementsAre("c.parquet", "b.parquet", "a2.parquet"));
  EXPECT_EQ(big.representative, "a2.parquet");
  EXPECT_EQ(big.representative_report.size, 200u);
  EXPECT_EQ(big.representative_report.diagnostics.size(), 2u);
  EXPECT_EQ(triage.groups[1].code, Code::kFileTooSmall);
  EXPECT_THAT(triage.groups[1].files, ElementsAre("a.parquet"));
  ASSERT_EQ(triage.no_error.size(), 1u);
  EXPECT_EQ(triage.no_error[0].path, "ok.parquet");
  EXPECT_EQ(triage.no_error[0].verdict, Verdict::kEncrypted);
  ASSERT_EQ(triage.unreadable.size(), 1u);
  EXPECT_EQ(triage.unreadable[0].path, "gone.parquet");
}

TEST(ReportsTriage, EqualCountsSortBySignature) {
  TriageBuilder builder;
  builder.AddFile(
      "1", Invalid(1, {Make(Code::kFileTooSmall, Severity::kError, "b")}));
  builder.AddFile(
      "2", Invalid(1, {Make(Code::kFileTooSmall, Severity::kError, "a")}));
  builder.AddFile(
      "3",
      Invalid(1, {Make(Code::kFileBadTrailingMagic, Severity::kError, "z")}));
  const Triage triage = builder.Finish();
  ASSERT_EQ(triage.groups.size(), 3u);
  // file.bad-trailing-magic < file.too-small, then by field.
  EXPECT_EQ(triage.groups[0].code, Code::kFileBadTrailingMagic);
  EXPECT_EQ(triage.groups[1].field, "a");
  EXPECT_EQ(triage.groups[2].field, "b");
}

TEST(ReportsTriage, JsonShape) {
  const std::string json = RenderTriageJson(Sample());
  EXPECT_TRUE(json.starts_with(
      R"({"tool":"colcheck","version":")" + std::string(kVersion) +
      R"(","files":6,"groups":[{"code":"file.bad-trailing-magic",)"
      R"("field":"x[].y","count":3,"representative":{"path":"a2.parquet",)"
      R"("size":200,"verdict":"invalid","diagnostics":[{"code":)"))
      << json;
  EXPECT_THAT(json,
              HasSubstr(R"("files":["c.parquet","b.parquet","a2.parquet"]})"));
  EXPECT_TRUE(json.ends_with(
      R"("no_error":[{"path":"ok.parquet","verdict":"encrypted"}],)"
      R"("unreadable":[{"path":"gone.parquet",)"
      R"("message":"No such file or directory"}]})"
      "\n"))
      << json;
}

TEST(ReportsTriage, EmptyTriage) {
  EXPECT_EQ(RenderTriageJson(TriageBuilder().Finish()),
            R"({"tool":"colcheck","version":")" + std::string(kVersion) +
                R"(","files":0,"groups":[],"no_error":[],"unreadable":[]})"
                "\n");
  EXPECT_THAT(RenderTriageMarkdown(TriageBuilder().Finish()),
              Not(HasSubstr("| Group |")));
}

TEST(ReportsTriage, MarkdownTableAndSections) {
  const std::string md = RenderTriageMarkdown(Sample());
  EXPECT_THAT(md, HasSubstr("| 1 | `file.bad-trailing-magic` | x\\[\\].y | 3 | "
                            "a2.parquet (200 bytes) |\n"));
  EXPECT_THAT(md, HasSubstr("| 2 | `file.too-small` | (the file) | 1 | "));
  EXPECT_THAT(md, HasSubstr("## 1. `file.bad-trailing-magic`"));
  EXPECT_THAT(md, HasSubstr("## 2. `file.too-small`"));
  EXPECT_THAT(md, HasSubstr("colcheck validate --context a2.parquet\n"));
  EXPECT_THAT(md, HasSubstr("ok.parquet (encrypted)"));
  EXPECT_THAT(md, HasSubstr("gone.parquet: "));
}

TEST(ReportsTriage, MarkdownEscapesHostileText) {
  TriageBuilder builder;
  Diagnostic d = Make(Code::kFileTooSmall, Severity::kError, "f|`x`");
  d.message = "line1\nline2 | <b>*bold*</b>";
  builder.AddFile("dir/it's|a`name\n.parquet", Invalid(5, {d}));
  const std::string md = RenderTriageMarkdown(builder.Finish());
  EXPECT_THAT(md, HasSubstr("line1\\x0aline2 \\| \\<b\\>\\*bold\\*\\</b\\>"));
  EXPECT_THAT(md, HasSubstr("| f\\|\\`x\\` |"));
  EXPECT_THAT(md, HasSubstr("dir/it's\\|a\\`name\\x0a.parquet"));
  // Every table row stays one line with exactly the table's 6 pipes.
  for (size_t start = 0; start < md.size();) {
    const size_t end = md.find('\n', start);
    const std::string line = md.substr(start, end - start);
    if (line.starts_with("| 1 ")) {
      size_t pipes = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++pipes;
      }
      EXPECT_EQ(pipes, 6u) << line;
    }
    start = end + 1;
  }
  EXPECT_THAT(md, HasSubstr("colcheck validate --context "
                            "$'dir/it\\x27s|a`name\\x0a.parquet'\n"));
}

TEST(ReportsTriage, ShellQuote) {
  testing::ExpectEach(ShellQuote,
                      {
                          {"corpus/a-b_c.parquet", "corpus/a-b_c.parquet"},
                          {"a b", "'a b'"},
                          {"it's", "'it'\\''s'"},
                          {"$HOME", "'$HOME'"},
                          {"", "''"},
                          {"a\tb", "$'a\\x09b'"},
                      });
}

TEST(ReportsTriage, MarkdownPathStartingWithDash) {
  TriageBuilder builder;
  builder.AddFile(
      "-x.parquet",
      Invalid(5, {Make(Code::kFileTooSmall, Severity::kError, "")}));
  EXPECT_THAT(RenderTriageMarkdown(builder.Finish()),
              HasSubstr("colcheck validate --context -- -x.parquet\n"));
}

}  // namespace
}  // namespace colcheck
