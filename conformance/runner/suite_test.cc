#include "conformance/runner/suite.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace colcheck::conformance {
namespace {

namespace fs = std::filesystem;

class SuiteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("colcheck-suite-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void Write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }
  bool Load(const std::string& cases, Suite* suite, std::string* error) {
    Write("manifest.json", R"({"suite":"colcheck-conformance","version":1,)"
                           R"("seed":7,"cases":[)" +
                               cases + "]}");
    return LoadSuite(dir_.string(), suite, error);
  }

  fs::path dir_;
};

constexpr std::string_view kValidCase =
    R"({"id":"y_list.three-level_nullable","outcome":"y","format":"parquet",)"
    R"("file":"cases/a.parquet","rows":"cases/a.jsonl","row_count":2,)"
    R"("rule":"list.three-level","spec":"LogicalTypes.md","features":)"
    R"(["format:parquet","nesting:list"]})";

TEST_F(SuiteTest, ReadsACase) {
  Suite suite;
  std::string error;
  ASSERT_TRUE(Load(std::string(kValidCase), &suite, &error)) << error;
  EXPECT_EQ(suite.version, 1);
  EXPECT_EQ(suite.seed, 7u);
  ASSERT_EQ(suite.cases.size(), 1u);
  const Case& c = suite.cases[0];
  EXPECT_EQ(c.expect, Expect::kAccept);
  EXPECT_EQ(c.row_count, 2u);
  EXPECT_EQ(c.Family(), "list");
  EXPECT_EQ(c.features.size(), 2u);
  EXPECT_EQ(suite.PathOf(c.file), dir_.string() + "/cases/a.parquet");
}

TEST_F(SuiteTest, ReadsAnInvalidCaseWithItsDiagnostics) {
  Suite suite;
  std::string error;
  ASSERT_TRUE(Load(
      R"({"id":"n_page.crc-mismatch","outcome":"n","format":"parquet",)"
      R"("file":"cases/b.parquet","rule":"page.crc-mismatch",)"
      R"("features":[],"silent_misread_risk":true,)"
      R"("expected":[{"code":"page.crc-mismatch","offset":40,"length":4}]})",
      &suite, &error))
      << error;
  const Case& c = suite.cases[0];
  EXPECT_EQ(c.expect, Expect::kReject);
  EXPECT_TRUE(c.silent_misread_risk);
  ASSERT_EQ(c.expected.size(), 1u);
  EXPECT_EQ(c.expected[0].offset, 40u);
  EXPECT_EQ(c.expected[0].length, 4u);
}

TEST_F(SuiteTest, RejectsBrokenManifests) {
  const std::string base(kValidCase);
  auto with = [&](std::string_view from, std::string_view to) {
    std::string text = base;
    text.replace(text.find(from), from.size(), to);
    return text;
  };
  const std::vector<std::string> broken = {
      with("\"y_list", "\"Y_list"),                    // id case
      with("\"outcome\":\"y\"", "\"outcome\":\"n\""),  // outcome vs id
      with("\"outcome\":\"y\"", "\"outcome\":\"maybe\""),
      with("cases/a.parquet", "../a.parquet"),  // leaves the suite
      with("cases/a.parquet", "/etc/passwd"),
      with("\"rows\":\"cases/a.jsonl\",", ""),            // y_ without rows
      with("\"parquet\",\"file\"", "\"avro\",\"file\""),  // format
      with("\"row_count\":2", "\"row_count\":-2"),
      with("[\"format:parquet\",\"nesting:list\"]", "\"x\""),
      base + "," + base,  // duplicate id
      "1",
  };
  for (const std::string& cases : broken) {
    Suite suite;
    std::string error;
    EXPECT_FALSE(Load(cases, &suite, &error)) << cases;
    EXPECT_FALSE(error.empty());
  }
  Suite suite;
  std::string error;
  Write("manifest.json", "{\"suite\":\"other\",\"version\":1,\"cases\":[]}");
  EXPECT_FALSE(LoadSuite(dir_.string(), &suite, &error));
  EXPECT_FALSE(LoadSuite((dir_ / "absent").string(), &suite, &error));
}

// An n_ case's baseline is a y_ case of the same suite.
TEST_F(SuiteTest, ABaselineNamesAValidCase) {
  const std::string invalid =
      R"({"id":"n_page.crc-mismatch","outcome":"n","format":"parquet",)"
      R"("file":"cases/b.parquet","rows":"cases/b.jsonl","rule":"page.crc",)"
      R"("features":[],"baseline":")";
  const std::string valid(kValidCase);
  Suite suite;
  std::string error;
  ASSERT_TRUE(Load(valid + "," + invalid + "y_list.three-level_nullable\"}",
                   &suite, &error))
      << error;
  EXPECT_EQ(suite.cases[1].baseline, "y_list.three-level_nullable");
  EXPECT_FALSE(Load(invalid + "y_absent\"}", &suite, &error));
  EXPECT_NE(error.find("y_absent"), std::string::npos);
  // Only an n_ case has one: not a y_ case.
  std::string own = valid;
  own.insert(own.size() - 1, R"(,"baseline":"y_list.three-level_nullable")");
  EXPECT_FALSE(Load(own, &suite, &error));
}

TEST_F(SuiteTest, AProfileExcludesByFeatureOrId) {
  Write("p.json", R"({"reader":"r","version":"1.0","unsupported":[)"
                  R"({"feature":"codec:LZO","evidence":"docs"}],)"
                  R"("cases":[{"id":"y_x","evidence":"issue 12"}]})");
  Profile profile;
  std::string error;
  ASSERT_TRUE(LoadProfile((dir_ / "p.json").string(), &profile, &error))
      << error;
  Case lzo;
  lzo.id = "y_codec.lzo";
  lzo.features = {"format:parquet", "codec:LZO"};
  Case by_id;
  by_id.id = "y_x";
  Case other;
  other.id = "y_codec.zstd";
  other.features = {"codec:ZSTD"};
  ASSERT_NE(profile.Excluding(lzo), nullptr);
  EXPECT_EQ(profile.Excluding(lzo)->key, "codec:LZO");
  ASSERT_NE(profile.Excluding(by_id), nullptr);
  EXPECT_EQ(profile.Excluding(by_id)->evidence, "issue 12");
  EXPECT_EQ(profile.Excluding(other), nullptr);
}

TEST_F(SuiteTest, AnExclusionNeedsEvidence) {
  Write(
      "p.json",
      R"({"reader":"r","unsupported":[{"feature":"codec:LZO","evidence":""}]})");
  Profile profile;
  std::string error;
  EXPECT_FALSE(LoadProfile((dir_ / "p.json").string(), &profile, &error));
}

TEST(MatchesPatternTest, Globs) {
  EXPECT_TRUE(MatchesPattern("*", "y_a"));
  EXPECT_TRUE(MatchesPattern("n_page.*", "n_page.crc-mismatch"));
  EXPECT_FALSE(MatchesPattern("n_page.*", "y_page.v2"));
  EXPECT_TRUE(MatchesPattern("*list*", "y_list.three-level_nullable"));
  EXPECT_TRUE(MatchesPattern("y_?", "y_a"));
  EXPECT_FALSE(MatchesPattern("y_?", "y_ab"));
  EXPECT_TRUE(MatchesPattern("y_a", "y_a"));
  EXPECT_FALSE(MatchesPattern("y_a", "y_ab"));
  EXPECT_TRUE(MatchesPattern("*a*b*c", "xxaxxbxxc"));
}

}  // namespace
}  // namespace colcheck::conformance
