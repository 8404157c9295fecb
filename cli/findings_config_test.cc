// Tests for the findings rules: lists, globs, layering and the config file.

#include "cli/findings_config.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace colcheck {
namespace {

namespace fs = std::filesystem;

TEST(FindingsConfig, CodeListsTakeCommasAndGroups) {
  std::vector<Code> codes;
  std::string error;
  ASSERT_TRUE(ParseCodeList("thrift.truncated, stats", &codes, &error))
      << error;
  ASSERT_GT(codes.size(), 1u);
  EXPECT_EQ(codes[0], Code::kThriftTruncated);
  EXPECT_FALSE(ParseCodeList("thrift.truncated,stats.nope", &codes, &error));
  EXPECT_NE(error.find("stats.nope"), std::string::npos);
  EXPECT_FALSE(ParseCodeList(",", &codes, &error));
}

TEST(FindingsConfig, SeverityLists) {
  std::vector<std::pair<Code, Severity>> out;
  std::string error;
  ASSERT_TRUE(ParseSeverityList("thrift.truncated=warning,thrift.*=info",
                                &out, &error))
      << error;
  ASSERT_GT(out.size(), 1u);
  EXPECT_EQ(out[0], std::make_pair(Code::kThriftTruncated, Severity::kWarning));
  EXPECT_EQ(out[1].second, Severity::kInfo);
  EXPECT_FALSE(ParseSeverityList("thrift.truncated", &out, &error));
  EXPECT_FALSE(ParseSeverityList("thrift.truncated=fatal", &out, &error));
  EXPECT_FALSE(ParseSeverityList("nosuch=error", &out, &error));
}

TEST(FindingsConfig, Globs) {
  EXPECT_TRUE(GlobMatch("*.orc", "a/b/c.orc"));
  EXPECT_TRUE(GlobMatch("legacy/*.parquet", "legacy/x.parquet"));
  EXPECT_FALSE(GlobMatch("legacy/*.parquet", "legacy/sub/x.parquet"));
  EXPECT_TRUE(GlobMatch("legacy/**", "legacy/sub/x.parquet"));
  EXPECT_TRUE(GlobMatch("**/part-?.parquet", "part-1.parquet"));
  EXPECT_TRUE(GlobMatch("a/**/b.pq", "a/b.pq"));
  EXPECT_TRUE(GlobMatch("a/**/b.pq", "a/x/y/b.pq"));
  EXPECT_FALSE(GlobMatch("a/**/b.pq", "ab.pq"));
  EXPECT_TRUE(GlobMatch("./data/x.pq", "data/x.pq"));
  EXPECT_FALSE(GlobMatch("data/x.pq", "other/data/x.pq"));
}

TEST(FindingsConfig, LaterLayersWin) {
  FindingsPolicy policy;
  FailOn fail_on = FailOn::kError;
  FindingsLayer config;
  config.ignore = {Code::kThriftTruncated};
  config.severities = {{Code::kThriftUnknownField, Severity::kError}};
  config.fail_on = FailOn::kWarning;
  ApplyLayer(config, &policy, &fail_on);
  EXPECT_EQ(policy.Effective(Code::kThriftTruncated), std::nullopt);
  EXPECT_EQ(fail_on, FailOn::kWarning);
  // A later select turns on exactly what it names.
  FindingsLayer command_line;
  command_line.select = std::vector<Code>{Code::kThriftTruncated};
  command_line.strict = true;
  ApplyLayer(command_line, &policy, &fail_on);
  EXPECT_EQ(policy.Effective(Code::kThriftTruncated), Severity::kError);
  EXPECT_EQ(policy.Effective(Code::kThriftUnknownField), std::nullopt);
  EXPECT_TRUE(policy.strict());
  EXPECT_EQ(fail_on, FailOn::kWarning);
}

class ConfigFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("colcheck_config_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "sub" / "deeper");
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string Write(const std::string& text) {
    const fs::path file = dir_ / ".colcheck.yaml";
    std::ofstream(file) << text;
    return file.string();
  }

  fs::path dir_;
};

TEST_F(ConfigFileTest, FoundUpward) {
  EXPECT_EQ(FindConfigUpward(dir_ / "sub" / "deeper"), fs::path());
  const std::string file = Write("strict: true\n");
  EXPECT_EQ(FindConfigUpward(dir_ / "sub" / "deeper"), fs::path(file));
}

TEST_F(ConfigFileTest, AllKeysAndPerPathRules) {
  const std::string file = Write(R"(
select: [all]
ignore: thrift.unknown-field
severity:
  thrift.truncated: warning
strict: true
fail-on: warning
rules:
  - paths: ["sub/**"]
    ignore: [thrift]
  - paths: "*.orc"
    strict: false
    severity: {thrift.truncated: info}
)");
  FindingsConfig config;
  std::string error;
  ASSERT_TRUE(LoadFindingsConfig(file, &config, &error)) << error;
  ASSERT_EQ(config.rules.size(), 2u);
  const FindingsResolver resolver(config, FindingsLayer());

  const FilePolicy top = resolver.For((dir_ / "a.parquet").string());
  EXPECT_EQ(top.fail_on, FailOn::kWarning);
  EXPECT_TRUE(top.findings.strict());
  EXPECT_EQ(top.findings.Effective(Code::kThriftUnknownField), std::nullopt);
  EXPECT_EQ(top.findings.Effective(Code::kThriftTruncated), Severity::kWarning);

  const FilePolicy sub = resolver.For((dir_ / "sub" / "x.parquet").string());
  EXPECT_EQ(sub.findings.Effective(Code::kThriftTruncated), std::nullopt);

  // Both rules match; the later one wins where they differ.
  const FilePolicy orc = resolver.For((dir_ / "sub" / "x.orc").string());
  EXPECT_EQ(orc.findings.Effective(Code::kThriftTruncated), std::nullopt);
  EXPECT_FALSE(orc.findings.strict());
  const FilePolicy top_orc = resolver.For((dir_ / "y.orc").string());
  EXPECT_EQ(top_orc.findings.Effective(Code::kThriftTruncated),
            Severity::kInfo);

  // The command line comes last.
  FindingsLayer flags;
  flags.select = std::vector<Code>{Code::kThriftTruncated};
  flags.fail_on = FailOn::kNever;
  const FindingsResolver with_flags(config, flags);
  const FilePolicy flagged =
      with_flags.For((dir_ / "sub" / "x.parquet").string());
  // The config's explicit severity wins over its strict.
  EXPECT_EQ(flagged.findings.Effective(Code::kThriftTruncated),
            Severity::kWarning);
  EXPECT_EQ(flagged.fail_on, FailOn::kNever);
}

TEST_F(ConfigFileTest, ErrorsNameFileAndLine) {
  const struct {
    const char* text;
    const char* where;
  } kCases[] = {
      {"strict: true\nbogus: 1\n", ":2: "},
      {"ignore: [stats.nope]\n", ":1: "},
      {"\nseverity:\n  stats: fatal\n", ":3: "},
      {"strict: maybe\n", ":1: "},
      {"fail-on: sometimes\n", ":1: "},
      {"rules:\n  - ignore: stats\n", ":2: "},
      {"rules:\n  - paths: x\n    colour: red\n", ":3: "},
      {"select: [unclosed\n", ":"},
      {"- a list\n", ":1: "},
  };
  for (const auto& c : kCases) {
    const std::string file = Write(c.text);
    FindingsConfig config;
    std::string error;
    EXPECT_FALSE(LoadFindingsConfig(file, &config, &error)) << c.text;
    EXPECT_TRUE(error.starts_with(file + c.where)) << c.text << " -> " << error;
  }
  FindingsConfig config;
  std::string error;
  EXPECT_FALSE(
      LoadFindingsConfig((dir_ / "missing.yaml").string(), &config, &error));
  EXPECT_TRUE(error.starts_with((dir_ / "missing.yaml").string() + ": "));
}

TEST_F(ConfigFileTest, EmptyFileSetsNothing) {
  const std::string file = Write("# nothing yet\n");
  FindingsConfig config;
  std::string error;
  ASSERT_TRUE(LoadFindingsConfig(file, &config, &error)) << error;
  const FilePolicy policy =
      FindingsResolver(config, FindingsLayer()).For("a.parquet");
  EXPECT_EQ(policy.fail_on, FailOn::kError);
  EXPECT_EQ(policy.findings.Effective(Code::kThriftTruncated),
            Severity::kError);
}

}  // namespace
}  // namespace colcheck
