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

TEST(PolicySinkTest, TheCapMarkerFollowsThePolicy) {
  Options options;
  options.max_diagnostics = 1;
  options.findings.SetSeverity(Code::kLimitsTooManyDiagnostics,
                               Severity::kInfo);
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

}  // namespace
}  // namespace colcheck
