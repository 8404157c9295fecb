#include "cli/args.h"

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace
}  // namespace colcheck
