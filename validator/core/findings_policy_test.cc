// Tests for FindingsPolicy, ResolveCodePattern and the sink that applies
// them.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/diagnostics.h"

namespace colcheck {
namespace {

std::vector<Code> Resolve(std::string_view pattern) {
  std::vector<Code> codes;
  std::string error;
  EXPECT_TRUE(ResolveCodePattern(pattern, &codes, &error)) << error;
  return codes;
}

TEST(ResolveCodePatternTest, ExactName) {
  EXPECT_EQ(Resolve("stats.null-count-mismatch"),
            std::vector<Code>{Code::kStatsNullCountMismatch});
}

TEST(ResolveCodePatternTest, GroupInBothSpellings) {
  const std::vector<Code> group = Resolve("stats.*");
  EXPECT_EQ(Resolve("stats"), group);
  size_t expected = 0;
  for (const CodeInfo& info : AllCodes()) {
    if (info.name.starts_with("stats.")) ++expected;
  }
  EXPECT_EQ(group.size(), expected);
  for (const Code code : group) {
    EXPECT_TRUE(Info(code).name.starts_with("stats.")) << Info(code).name;
  }
}

TEST(ResolveCodePatternTest, GroupIsNotAPrefixOfAnotherGroup) {
  // "orc" is no group: "orc-stats" and the other ORC groups are distinct.
  std::vector<Code> codes;
  std::string error;
  EXPECT_FALSE(ResolveCodePattern("orc", &codes, &error));
  EXPECT_TRUE(codes.empty());
  for (const Code code : Resolve("page")) {
    EXPECT_TRUE(Info(code).name.starts_with("page.")) << Info(code).name;
  }
}

TEST(ResolveCodePatternTest, All) {
  EXPECT_EQ(Resolve("all").size(), kCodeCount);
  EXPECT_EQ(Resolve("*").size(), AllCodes().size());
}

TEST(ResolveCodePatternTest, UnknownCodeAndGroupAreErrors) {
  for (const std::string_view pattern :
       {"stats.null-count", "nosuch.*", "nosuch", "", "stats.*.x"}) {
    std::vector<Code> codes;
    std::string error;
    EXPECT_FALSE(ResolveCodePattern(pattern, &codes, &error)) << pattern;
    EXPECT_TRUE(codes.empty()) << pattern;
    EXPECT_FALSE(error.empty()) << pattern;
  }
}

TEST(FindingsPolicyTest, DefaultIsTheRegistry) {
  const FindingsPolicy policy;
  for (const CodeInfo& info : AllCodes()) {
    EXPECT_EQ(policy.Effective(info.code), info.severity) << info.name;
  }
}

TEST(FindingsPolicyTest, OffOverrideAndBackOn) {
  FindingsPolicy policy;
  policy.SetSeverity(Code::kThriftUnknownField, Severity::kError);
  policy.SetEnabled(Code::kThriftUnknownField, false);
  EXPECT_EQ(policy.Effective(Code::kThriftUnknownField), std::nullopt);
  // Turning a code back on keeps its override.
  policy.SetEnabled(Code::kThriftUnknownField, true);
  EXPECT_EQ(policy.Effective(Code::kThriftUnknownField), Severity::kError);
  policy.ClearSeverity(Code::kThriftUnknownField);
  EXPECT_EQ(policy.Effective(Code::kThriftUnknownField), Severity::kInfo);
}

TEST(FindingsPolicyTest, StrictPromotesWarningsButNotLimitsNorInfos) {
  FindingsPolicy policy;
  policy.set_strict(true);
  EXPECT_EQ(policy.Effective(Code::kThriftVarintNonCanonical),
            Severity::kError);
  EXPECT_EQ(policy.Effective(Code::kThriftUnknownField), Severity::kInfo);
  for (const Code code : Resolve("limits")) {
    EXPECT_EQ(policy.Effective(code), Info(code).severity) << Info(code).name;
  }
  // An explicit severity wins over strict.
  policy.SetSeverity(Code::kThriftVarintNonCanonical, Severity::kWarning);
  EXPECT_EQ(policy.Effective(Code::kThriftVarintNonCanonical),
            Severity::kWarning);
}

TEST(PolicySinkTest, OffCodesAreNotKeptNotCountedButSeen) {
  Options options;
  options.max_diagnostics = 1;
  options.findings.SetEnabled(Code::kThriftUnknownField, false);
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  sink.Report(Code::kThriftUnknownField, {1, 1}, "", "");
  sink.Report(Code::kThriftTruncated, {2, 1}, "", "");
  EXPECT_TRUE(sink.Has(Code::kThriftUnknownField));
  const std::vector<Diagnostic> kept = sink.Take();
  // The cap of 1 is not reached by the codes that are off.
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].code, Code::kThriftTruncated);
  EXPECT_EQ(kept[0].offset, 2u);
}

TEST(PolicySinkTest, EffectiveSeverityDecidesErrors) {
  Options options;
  options.findings.SetSeverity(Code::kThriftTruncated, Severity::kWarning);
  options.findings.set_strict(true);
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftTruncated, {0, 1}, "", "");
  EXPECT_FALSE(sink.has_errors());
  sink.Report(Code::kThriftVarintNonCanonical, {1, 1}, "", "");
  EXPECT_EQ(sink.error_count(), 1u);
  const std::vector<Diagnostic> kept = sink.Take();
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].severity, Severity::kWarning);
  EXPECT_EQ(kept[1].severity, Severity::kError);
}

TEST(PolicySinkTest, SuppressHookSeesCodeAndFieldAndIsCounted) {
  Options options;
  std::vector<std::string> asked;
  options.suppress = [&asked](Code code, std::string_view field) {
    asked.push_back(std::string(Info(code).name) + "@" + std::string(field));
    return field == "a";
  };
  options.findings.SetEnabled(Code::kThriftUnknownField, false);
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftTruncated, {0, 1}, "a", "");
  sink.Report(Code::kThriftTruncated, {1, 1}, "b", "");
  sink.Report(Code::kThriftUnknownField, {2, 1}, "a", "");  // Off: not asked.
  EXPECT_EQ(asked, (std::vector<std::string>{"thrift.truncated@a",
                                             "thrift.truncated@b"}));
  EXPECT_EQ(sink.suppressed(), 1u);
  EXPECT_EQ(sink.error_count(), 1u);
  const std::vector<Diagnostic> kept = sink.Take();
  ASSERT_EQ(kept.size(), 1u);
  EXPECT_EQ(kept[0].field, "b");
}

TEST(PolicySinkTest, SiblingAppliesThePolicyOnceThroughAbsorb) {
  Options options;
  int calls = 0;
  options.suppress = [&calls](Code, std::string_view) {
    ++calls;
    return false;
  };
  options.findings.set_strict(true);
  DiagnosticSink sink(options);
  DiagnosticSink local = sink.Sibling();
  local.Report(Code::kThriftVarintNonCanonical, {0, 1}, "", "");
  sink.Absorb(local);
  EXPECT_EQ(calls, 1);
  EXPECT_TRUE(sink.has_errors());
  EXPECT_TRUE(sink.Has(Code::kThriftVarintNonCanonical));
}

// A cap of one diagnostic, the cut marked at `marker`.
Options CapOfOne(Severity marker) {
  Options options;
  options.max_diagnostics = 1;
  options.findings.SetSeverity(Code::kLimitsTooManyDiagnostics, marker);
  return options;
}

TEST(PolicySinkTest, TheCapMarkerFollowsThePolicy) {
  Options options = CapOfOne(Severity::kInfo);
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftTruncated, {0, 1}, "", "");
  sink.Report(Code::kThriftTruncated, {1, 1}, "", "");
  std::vector<Diagnostic> kept = sink.Take();
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[1].code, Code::kLimitsTooManyDiagnostics);
  EXPECT_EQ(kept[1].severity, Severity::kInfo);

  options.findings.SetEnabled(Code::kLimitsTooManyDiagnostics, false);
  DiagnosticSink quiet(options);
  quiet.Report(Code::kThriftTruncated, {0, 1}, "", "");
  quiet.Report(Code::kThriftTruncated, {1, 1}, "", "");
  EXPECT_EQ(quiet.Take().size(), 1u);
}

TEST(PolicySinkTest, TheCapMarkerRaisedToAnErrorCountsBeforeTake) {
  Options options = CapOfOne(Severity::kError);
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  EXPECT_FALSE(sink.has_errors());
  sink.Report(Code::kThriftUnknownField, {1, 1}, "", "");
  sink.Report(Code::kThriftUnknownField, {2, 1}, "", "");
  // One marker, one error, however many were dropped.
  EXPECT_TRUE(sink.has_errors());
  EXPECT_EQ(sink.error_count(), 1u);
  const std::vector<Diagnostic> kept = sink.Take();
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[0].code, Code::kThriftUnknownField);
  EXPECT_EQ(kept[1].code, Code::kLimitsTooManyDiagnostics);
  EXPECT_EQ(kept[1].severity, Severity::kError);
}

TEST(PolicySinkTest, TheRaisedCapMarkerOfASiblingCountsOnce) {
  Options options = CapOfOne(Severity::kError);
  DiagnosticSink sink(options);
  DiagnosticSink local = sink.Sibling();
  local.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  local.Report(Code::kThriftUnknownField, {1, 1}, "", "");  // The cut.
  sink.Report(Code::kThriftUnknownField, {2, 1}, "", "");
  sink.Absorb(local);  // Both of local's are past the cap here.
  EXPECT_EQ(sink.error_count(), 1u);
  EXPECT_TRUE(sink.hit_limit());
  const std::vector<Diagnostic> kept = sink.Take();
  ASSERT_EQ(kept.size(), 2u);
  EXPECT_EQ(kept[1].code, Code::kLimitsTooManyDiagnostics);
}

// Reports an info, then `second`, under `options`, which keeps only the
// info; says whether a limit was hit, which the info alone does not.
bool LimitHitAfter(const Options& options, Code second) {
  DiagnosticSink sink(options);
  sink.Report(Code::kThriftUnknownField, {0, 1}, "", "");
  EXPECT_FALSE(sink.hit_limit());
  sink.Report(second, {1, 1}, "", "");
  EXPECT_FALSE(sink.has_errors());
  EXPECT_EQ(sink.Take().size(), 1u);
  return sink.hit_limit();
}

TEST(PolicySinkTest, ALimitTheReportLeavesOutStillCounts) {
  Options off;
  off.findings.SetEnabled(Code::kLimitsFooterSize, false);
  EXPECT_TRUE(LimitHitAfter(off, Code::kLimitsFooterSize));
  // The cut, with its marker turned off.
  Options cut = CapOfOne(Severity::kInfo);
  cut.findings.SetEnabled(Code::kLimitsTooManyDiagnostics, false);
  EXPECT_TRUE(LimitHitAfter(cut, Code::kThriftUnknownField));
  // A code left out that is no limit.
  off.findings.SetEnabled(Code::kThriftVarintNonCanonical, false);
  EXPECT_FALSE(LimitHitAfter(off, Code::kThriftVarintNonCanonical));
}

TEST(PolicySinkTest, EveryLimitsCodeAndNoOtherMarksTheLimit) {
  for (const CodeInfo& info : AllCodes()) {
    DiagnosticSink sink;
    sink.Report(info.code, {0, 0}, "", "");
    EXPECT_EQ(sink.hit_limit(), info.name.starts_with("limits.")) << info.name;
  }
}

// Bytes with neither magic: file.unrecognized-format, an error.
TEST(ValidateWithPolicyTest, IgnoredErrorMakesTheVerdictValid) {
  const std::string junk = "this is not a columnar file at all";
  const auto bytes = std::as_bytes(std::span(junk));
  Options options;
  const Report plain = ValidateBytes(bytes, options);
  ASSERT_EQ(plain.verdict, Verdict::kInvalid);
  ASSERT_FALSE(plain.diagnostics.empty());
  EXPECT_EQ(plain.diagnostics[0].code, Code::kFileUnrecognized);

  options.findings.SetEnabled(Code::kFileUnrecognized, false);
  const Report ignored = ValidateBytes(bytes, options);
  EXPECT_EQ(ignored.verdict, Verdict::kValid);
  // The format is still decided on what was found, not on what is shown.
  EXPECT_EQ(ignored.format, Format::kUnknown);
  for (const Diagnostic& d : ignored.diagnostics) {
    EXPECT_NE(d.code, Code::kFileUnrecognized);
  }

  options = Options();
  options.suppress = [](Code code, std::string_view) {
    return code == Code::kFileUnrecognized;
  };
  const Report suppressed = ValidateBytes(bytes, options);
  EXPECT_EQ(suppressed.suppressed, 1u);
  EXPECT_EQ(suppressed.diagnostics.size(), plain.diagnostics.size() - 1);
}

// Junk, whose one finding (made a warning) is dropped past a cap of 0,
// validated with the cut marked at `marker`: the marker is the only
// diagnostic, the report is not complete, and returns the verdict.
Verdict VerdictOfTheCutAt(Severity marker) {
  const std::string junk = "this is not a columnar file at all";
  Options options;
  options.max_diagnostics = 0;
  options.findings.SetSeverity(Code::kFileUnrecognized, Severity::kWarning);
  options.findings.SetSeverity(Code::kLimitsTooManyDiagnostics, marker);
  const Report r = ValidateBytes(std::as_bytes(std::span(junk)), options);
  EXPECT_FALSE(r.complete);
  EXPECT_EQ(r.diagnostics.size(), 1u);
  for (const Diagnostic& d : r.diagnostics) {
    EXPECT_EQ(d.code, Code::kLimitsTooManyDiagnostics);
    EXPECT_EQ(d.severity, marker);
  }
  return r.verdict;
}

TEST(ValidateWithPolicyTest, TheCapMarkerRaisedToAnErrorMakesTheFileInvalid) {
  EXPECT_EQ(VerdictOfTheCutAt(Severity::kInfo), Verdict::kValid);
  EXPECT_EQ(VerdictOfTheCutAt(Severity::kError), Verdict::kInvalid);
}

}  // namespace
}  // namespace colcheck
