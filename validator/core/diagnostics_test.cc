// Tests for DiagnosticSink and the code registry it takes severities from.

#include "core/diagnostics.h"

#include <gtest/gtest.h>

#include <cctype>
#include <set>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {
namespace {

TEST(CodeRegistryTest, IndexedByEnumValue) {
  const auto codes = AllCodes();
  ASSERT_FALSE(codes.empty());
  for (size_t i = 0; i < codes.size(); ++i) {
    EXPECT_EQ(static_cast<size_t>(codes[i].code), i);
    EXPECT_EQ(&Info(codes[i].code), &codes[i]);
  }
}

TEST(CodeRegistryTest, NamesAreUniqueGroupedKebabCase) {
  std::set<std::string_view> names;
  for (const CodeInfo& info : AllCodes()) {
    EXPECT_TRUE(names.insert(info.name).second) << info.name;
    const size_t dot = info.name.find('.');
    ASSERT_NE(dot, std::string_view::npos) << info.name;
    EXPECT_GT(dot, 0u) << info.name;
    EXPECT_EQ(info.name.find('.', dot + 1), std::string_view::npos)
        << info.name;
    for (char c : info.name) {
      EXPECT_TRUE(std::islower(static_cast<unsigned char>(c)) ||
                  std::isdigit(static_cast<unsigned char>(c)) || c == '-' ||
                  c == '.')
          << info.name;
    }
    EXPECT_FALSE(info.summary.empty()) << info.name;
    EXPECT_FALSE(info.spec.empty()) << info.name;
  }
}

TEST(CodeRegistryTest, ThriftSeverities) {
  EXPECT_EQ(Info(Code::kThriftTruncated).name, "thrift.truncated");
  EXPECT_EQ(Info(Code::kThriftTruncated).severity, Severity::kError);
  EXPECT_EQ(Info(Code::kThriftVarintNonCanonical).severity, Severity::kWarning);
  EXPECT_EQ(Info(Code::kThriftUnknownField).severity, Severity::kInfo);
  EXPECT_EQ(Info(Code::kThriftEmptyListHeader).severity, Severity::kWarning);
  EXPECT_EQ(Info(Code::kThriftInvalidUtf8).severity, Severity::kWarning);
  EXPECT_EQ(Info(Code::kThriftExtensionField).severity, Severity::kInfo);
}

TEST(SeverityNameTest, Names) {
  EXPECT_EQ(SeverityName(Severity::kInfo), "info");
  EXPECT_EQ(SeverityName(Severity::kWarning), "warning");
  EXPECT_EQ(SeverityName(Severity::kError), "error");
}

TEST(DiagnosticSinkTest, RecordsCodeSpanFieldAndSeverity) {
  DiagnosticSink sink;
  sink.Report(Code::kThriftTruncated, {17, 3}, "schema[0].name", "msg");
  EXPECT_TRUE(sink.has_errors());
  EXPECT_EQ(sink.error_count(), 1u);
  EXPECT_TRUE(sink.Has(Code::kThriftTruncated));
  EXPECT_FALSE(sink.Has(Code::kThriftWrongType));
  const std::vector<Diagnostic> d = sink.Take();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].code, Code::kThriftTruncated);
  EXPECT_EQ(d[0].severity, Severity::kError);
  EXPECT_EQ(d[0].offset, 17u);
  EXPECT_EQ(d[0].length, 3u);
  EXPECT_EQ(d[0].field, "schema[0].name");
}

TEST(DiagnosticSinkTest, WarningsAndInfosAreNotErrors) {
  DiagnosticSink sink;
  sink.Report(Code::kThriftVarintNonCanonical, {0, 2}, "", "");
  sink.Report(Code::kThriftUnknownField, {2, 1}, "", "");
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(sink.error_count(), 0u);
  const auto d = sink.Take();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
  EXPECT_EQ(d[1].severity, Severity::kInfo);
}

TEST(DiagnosticSinkTest, TakeSortsByOffsetAndKeepsTiesInOrder) {
  DiagnosticSink sink;
  sink.Report(Code::kThriftWrongType, {30, 1}, "c", "");
  sink.Report(Code::kThriftDuplicateField, {10, 1}, "a", "");
  sink.Report(Code::kThriftUnknownField, {30, 1}, "d", "");
  sink.Report(Code::kThriftTruncated, {10, 0}, "b", "");
  const auto d = sink.Take();
  ASSERT_EQ(d.size(), 4u);
  EXPECT_EQ(d[0].field, "a");
  EXPECT_EQ(d[1].field, "b");
  EXPECT_EQ(d[2].field, "c");
  EXPECT_EQ(d[3].field, "d");
}

TEST(DiagnosticSinkTest, CapDropsAndSaysSo) {
  DiagnosticSink sink(2);
  for (uint64_t i = 0; i < 5; ++i) {
    sink.Report(Code::kThriftUnknownField, {100 - i, 1}, "", "");
  }
  const auto d = sink.Take();
  ASSERT_EQ(d.size(), 3u);
  EXPECT_EQ(d[0].offset, 99u);  // The first two kept, sorted.
  EXPECT_EQ(d[1].offset, 100u);
  EXPECT_EQ(d[2].code, Code::kLimitsTooManyDiagnostics);
  EXPECT_EQ(d[2].severity, Severity::kInfo);
}

TEST(DiagnosticSinkTest, DroppedErrorsStillCount) {
  DiagnosticSink sink(1);
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  sink.Report(Code::kThriftTruncated, {5, 0}, "", "");
  EXPECT_TRUE(sink.has_errors());
  EXPECT_EQ(sink.error_count(), 1u);
  // Dropped, but seen: what a decoder decides from Has does not depend on
  // the cap.
  EXPECT_TRUE(sink.Has(Code::kThriftTruncated));
  const auto d = sink.Take();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[1].code, Code::kLimitsTooManyDiagnostics);
}

TEST(DiagnosticSinkTest, KeepsDetailsUntilTheCap) {
  DiagnosticSink sink(1);
  EXPECT_TRUE(sink.KeepsDetails(Code::kThriftTruncated));
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  EXPECT_FALSE(sink.KeepsDetails(Code::kThriftTruncated));
}

TEST(DiagnosticSinkTest, KeepsNoDetailsOfCodesThePolicyTurnsOff) {
  Options options;
  options.findings.SetEnabled(Code::kThriftUnknownField, false);
  DiagnosticSink sink(options);
  EXPECT_FALSE(sink.KeepsDetails(Code::kThriftUnknownField));
  EXPECT_TRUE(sink.KeepsDetails(Code::kThriftTruncated));
}

TEST(DiagnosticSinkTest, SuppressHookGetsDetailsPastTheCap) {
  // The hook reads the field, and what it claims does not count toward
  // the cap.
  Options options;
  options.max_diagnostics = 0;
  options.suppress = [](Code, std::string_view) { return true; };
  DiagnosticSink sink(options);
  EXPECT_TRUE(sink.KeepsDetails(Code::kThriftTruncated));
}

TEST(DiagnosticSinkTest, CountingSinkKeepsNothingButTheCounts) {
  DiagnosticSink sink = DiagnosticSink::Counting();
  EXPECT_FALSE(sink.KeepsDetails(Code::kThriftTruncated));
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  EXPECT_FALSE(sink.has_errors());
  sink.Report(Code::kThriftTruncated, {5, 0}, "", "");
  EXPECT_TRUE(sink.has_errors());
  EXPECT_TRUE(sink.Has(Code::kThriftUnknownField));
  EXPECT_TRUE(sink.diagnostics().empty());
}

TEST(DiagnosticSinkTest, NoCapDiagnosticBelowTheCap) {
  DiagnosticSink sink(2);
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  sink.Report(Code::kThriftUnknownField, {1, 1}, "", "");
  const auto d = sink.Take();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_NE(d[1].code, Code::kLimitsTooManyDiagnostics);
}

TEST(DiagnosticSinkTest, AbsorbKeepsErrorsDroppedPastTheCap) {
  DiagnosticSink local(1);
  local.Report(Code::kThriftUnknownField, {1, 1}, "", "");
  local.Report(Code::kThriftTruncated, {2, 1}, "", "");  // Dropped.
  DiagnosticSink sink(10);
  sink.Absorb(local);
  EXPECT_TRUE(sink.has_errors());
  const std::vector<Diagnostic> d = sink.Take();
  ASSERT_EQ(d.size(), 2u);
  EXPECT_EQ(d[0].code, Code::kThriftUnknownField);
  EXPECT_EQ(d[1].code, Code::kLimitsTooManyDiagnostics);
  EXPECT_FALSE(local.has_errors());
}

}  // namespace
}  // namespace colcheck
