#include "cli/args.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "core/ordered_runner.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

struct Parsed {
  bool ok;
  CliArgs args;
  std::string error;
};

Parsed Parse(std::initializer_list<std::string_view> list) {
  const std::vector<std::string_view> args(list);
  Parsed parsed;
  parsed.ok = ParseCliArgs(args, &parsed.args, &parsed.error);
  return parsed;
}

TEST(CliArgs, ValidateWithOptionsInAnyPosition) {
  const Parsed parsed = Parse({"validate", "a.parquet", "--format", "json",
                               "--max-diagnostics=5", "-q", "dir"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.command, CliCommand::kValidate);
  EXPECT_EQ(parsed.args.format, CliFormat::kJson);
  EXPECT_EQ(parsed.args.max_diagnostics, 5u);
  EXPECT_TRUE(parsed.args.quiet);
  EXPECT_EQ(parsed.args.paths, (std::vector<std::string>{"a.parquet", "dir"}));
}

TEST(CliArgs, LevelDefaultsToFullAndTakesEachName) {
  EXPECT_EQ(Parse({"validate", "x"}).args.level, Level::kFull);
  EXPECT_EQ(Parse({"validate", "--level", "footer", "x"}).args.level,
            Level::kFooter);
  EXPECT_EQ(Parse({"validate", "--level=pages", "x"}).args.level,
            Level::kPages);
  EXPECT_EQ(Parse({"validate", "x", "--level", "full"}).args.level,
            Level::kFull);
  EXPECT_FALSE(Parse({"validate", "--level", "deep", "x"}).ok);
  EXPECT_FALSE(Parse({"codes", "--level", "full"}).ok);
}

TEST(CliArgs, DoubleDashEndsOptions) {
  const Parsed parsed = Parse({"validate", "--", "--help", "-x"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.paths, (std::vector<std::string>{"--help", "-x"}));
}

TEST(CliArgs, HelpAndVersionWin) {
  EXPECT_EQ(Parse({"--help"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"-h"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"help"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"validate", "--bogus", "--help"}).args.command,
            CliCommand::kHelp);
  EXPECT_EQ(Parse({"--version"}).args.command, CliCommand::kVersion);
}

TEST(CliArgs, CodesFormats) {
  EXPECT_EQ(Parse({"codes"}).args.format, CliFormat::kText);
  EXPECT_EQ(Parse({"codes", "--format=markdown"}).args.format,
            CliFormat::kMarkdown);
  EXPECT_FALSE(Parse({"validate", "--format", "markdown", "x"}).ok);
  EXPECT_FALSE(Parse({"codes", "extra"}).ok);
  EXPECT_FALSE(Parse({"codes", "--quiet"}).ok);
}

TEST(CliArgs, UsageErrors) {
  EXPECT_FALSE(Parse({}).ok);
  EXPECT_FALSE(Parse({"frobnicate"}).ok);
  EXPECT_FALSE(Parse({"--bogus"}).ok);
  EXPECT_FALSE(Parse({"validate"}).ok);
  EXPECT_FALSE(Parse({"validate", "--bogus", "x"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--format"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--max-diagnostics", "-1"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--max-diagnostics", "3k"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--quiet=yes"}).ok);
  const Parsed parsed = Parse({"validate", "--frob", "x"});
  EXPECT_EQ(parsed.error, "unknown option '--frob'");
}

TEST(CliArgs, EachCommandTakesOnlyItsOwnOptions) {
  const Parsed explain = Parse({"explain", "--footer", "--format=json", "f"});
  ASSERT_TRUE(explain.ok) << explain.error;
  EXPECT_EQ(explain.args.command, CliCommand::kExplain);
  EXPECT_TRUE(explain.args.footer);
  EXPECT_EQ(explain.args.format, CliFormat::kJson);
  EXPECT_EQ(Parse({"explain", "--data", "f"}).error,
            "explain takes no option '--data'");
  EXPECT_FALSE(Parse({"schema", "--format", "sarif", "f"}).ok);
  EXPECT_FALSE(Parse({"plan", "--footer", "f"}).ok);
  EXPECT_TRUE(Parse({"plan", "--data", "f"}).args.data);
  EXPECT_FALSE(Parse({"report", "f", "--format", "json", "-o", "x"}).ok);
  EXPECT_FALSE(Parse({"triage", "--context", "d"}).ok);
}

TEST(CliArgs, SingleFileCommandsNeedExactlyOneFile) {
  EXPECT_EQ(Parse({"schema"}).error, "schema needs exactly one FILE");
  EXPECT_EQ(Parse({"plan", "a", "b"}).error,
            "plan needs exactly one FILE, got 2");
  EXPECT_EQ(Parse({"report", "a"}).error, "report needs -o OUT.html");
  const Parsed report = Parse({"report", "a", "-o", "r.html"});
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.args.output, "r.html");
  EXPECT_EQ(report.args.paths, (std::vector<std::string>{"a"}));
}

TEST(CliArgs, FailOnAndAllFiles) {
  EXPECT_EQ(Parse({"validate", "d"}).args.findings.fail_on, std::nullopt);
  EXPECT_EQ(
      Parse({"validate", "--fail-on", "warning", "d"}).args.findings.fail_on,
      FailOn::kWarning);
  EXPECT_EQ(Parse({"validate", "--fail-on=info", "d"}).args.findings.fail_on,
            FailOn::kInfo);
  EXPECT_EQ(Parse({"validate", "--fail-on=never", "d"}).args.findings.fail_on,
            FailOn::kNever);
  EXPECT_EQ(Parse({"validate", "--fail-on=warnings", "d"}).error,
            "unknown severity 'warnings' for --fail-on (error, warning, info "
            "or never)");
  EXPECT_EQ(Parse({"triage", "--fail-on=info", "d"}).error,
            "triage takes no option '--fail-on'");
  EXPECT_FALSE(Parse({"validate", "d"}).args.all_files);
  EXPECT_TRUE(Parse({"validate", "--all-files", "d"}).args.all_files);
  EXPECT_FALSE(Parse({"validate", "--all-files=1", "d"}).ok);
  EXPECT_EQ(Parse({"explain", "--all-files", "f"}).error,
            "explain takes no option '--all-files'");
}

TEST(CliArgs, ValidateBatchAndContextOptions) {
  const Parsed parsed =
      Parse({"validate", "-j", "4", "--format=sarif", "d"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.jobs, 4u);
  EXPECT_EQ(parsed.args.format, CliFormat::kSarif);
  EXPECT_EQ(Parse({"validate", "--jobs=0", "d"}).args.jobs, 0u);
  EXPECT_EQ(Parse({"validate", "--format", "jsonl", "d"}).args.format,
            CliFormat::kJsonl);
  EXPECT_TRUE(Parse({"validate", "--context", "d"}).args.context);
  EXPECT_EQ(Parse({"validate", "--context", "--format=json", "d"}).error,
            "--context applies to the text format only");
  EXPECT_FALSE(Parse({"validate", "-j", "x", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--context=3", "d"}).ok);
  const Parsed triage = Parse({"triage", "-oout", "-j2", "a", "b"});
  ASSERT_TRUE(triage.ok) << triage.error;
  EXPECT_EQ(triage.args.jobs, 2u);
  EXPECT_EQ(triage.args.output, "out");
  EXPECT_FALSE(Parse({"validate", "-qx", "d"}).ok);
  const Parsed triage2 = Parse({"triage", "--output=out", "a", "b"});
  ASSERT_TRUE(triage2.ok) << triage2.error;
  EXPECT_EQ(triage2.args.output, "out");
  EXPECT_EQ(triage2.args.paths.size(), 2u);
}

TEST(CliArgs, ThreadsPerFileSharesTheProcessorsAmongJobs) {
  const Parsed unset = Parse({"validate", "d"});
  ASSERT_TRUE(unset.ok) << unset.error;
  EXPECT_FALSE(unset.args.threads.has_value());
  // One file at a time: the library's own choice by file size.
  EXPECT_EQ(ThreadsPerFile(unset.args, 1), 0u);
  // As many files at a time as processors: one thread each.
  EXPECT_EQ(ThreadsPerFile(unset.args, Processors()), 1u);
  EXPECT_EQ(ThreadsPerFile(unset.args, Processors() * 4), 1u);

  const Parsed three = Parse({"validate", "--threads", "3", "-j", "8", "d"});
  ASSERT_TRUE(three.ok) << three.error;
  EXPECT_EQ(ThreadsPerFile(three.args, 8), 3u);
  const Parsed zero = Parse({"triage", "--threads=0", "a"});
  ASSERT_TRUE(zero.ok) << zero.error;
  EXPECT_EQ(ThreadsPerFile(zero.args, 1), Processors());

  EXPECT_EQ(Parse({"validate", "--threads", "-1", "d"}).error,
            "--threads needs a non-negative integer, got '-1'");
  EXPECT_EQ(Parse({"explain", "--threads", "2", "f"}).error,
            "explain takes no option '--threads'");
}

TEST(CliArgs, FindingsFlagsRepeatAndTakeLists) {
  const Parsed parsed =
      Parse({"validate", "--select", "thrift.truncated", "--select=stats",
             "--ignore", "stats.nan-bound,stats.undefined-order",
             "--severity", "thrift.truncated=warning", "--strict", "d"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  const FindingsLayer& f = parsed.args.findings;
  ASSERT_TRUE(f.select.has_value());
  EXPECT_EQ(f.select->front(), Code::kThriftTruncated);
  EXPECT_GT(f.select->size(), 2u);
  EXPECT_EQ(f.ignore, (std::vector<Code>{Code::kStatsNanBound,
                                         Code::kStatsUndefinedOrder}));
  ASSERT_EQ(f.severities.size(), 1u);
  EXPECT_EQ(f.severities[0].second, Severity::kWarning);
  EXPECT_EQ(f.strict, true);
  EXPECT_FALSE(Parse({"validate", "d"}).args.findings.select.has_value());
}

TEST(CliArgs, FindingsFlagErrors) {
  EXPECT_FALSE(Parse({"validate", "--ignore", "stats.nope", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--select", "nogroup.*", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--severity", "stats=fatal", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--strict=yes", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--config", "a", "--no-config", "d"}).ok);
  EXPECT_FALSE(
      Parse({"validate", "--baseline", "a", "--write-baseline", "b", "d"}).ok);
  EXPECT_FALSE(Parse({"explain", "--strict", "f"}).ok);
  EXPECT_TRUE(Parse({"triage", "--strict", "--ignore", "stats", "d"}).ok);
  EXPECT_FALSE(Parse({"triage", "--baseline", "b", "d"}).ok);
}

TEST(CliArgs, FilesFromStandsInForPaths) {
  const Parsed listed = Parse({"validate", "--files-from", "list.txt"});
  ASSERT_TRUE(listed.ok) << listed.error;
  EXPECT_EQ(listed.args.files_from, "list.txt");
  EXPECT_TRUE(listed.args.paths.empty());
  const Parsed both = Parse({"validate", "-", "--files-from=list", "a"});
  ASSERT_TRUE(both.ok) << both.error;
  EXPECT_EQ(both.args.files_from, "list");
  EXPECT_EQ(both.args.paths, (std::vector<std::string>{"-", "a"}));
  EXPECT_FALSE(Parse({"validate"}).ok);
  EXPECT_FALSE(Parse({"validate", "--files-from="}).ok);
  EXPECT_FALSE(Parse({"triage", "--files-from", "list.txt", "d"}).ok);
}

TEST(CliArgs, CommandHelp) {
  const Parsed parsed = Parse({"validate", "x", "--help"});
  ASSERT_TRUE(parsed.ok);
  EXPECT_EQ(parsed.args.command, CliCommand::kHelp);
  EXPECT_EQ(parsed.args.help_command, "validate");
  EXPECT_EQ(Parse({"--help"}).args.help_command, "");
  const std::string validate = CommandHelpText("validate");
  EXPECT_TRUE(validate.starts_with("Usage: colcheck validate"));
  EXPECT_NE(validate.find("--strict"), std::string::npos);
  EXPECT_EQ(validate.find("--footer"), std::string::npos);
  const std::string explain = CommandHelpText("explain");
  EXPECT_NE(explain.find("--footer"), std::string::npos);
  EXPECT_EQ(explain.find("--strict"), std::string::npos);
  EXPECT_EQ(CommandHelpText("nosuch"), "");
  // The whole usage lists every option and every command.
  const std::string_view usage = UsageText();
  for (const std::string_view needle :
       {"--footer", "--strict", "--write-baseline", "  triage    Validate",
        "Exit status"}) {
    EXPECT_NE(usage.find(needle), std::string_view::npos) << needle;
  }
}

}  // namespace
}  // namespace colcheck
