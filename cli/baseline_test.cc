// Tests for baselines: a written baseline read back suppresses exactly the
// findings it lists, by path and, for a moved file, by content.

#include "cli/baseline.h"

#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace colcheck {
namespace {

namespace fs = std::filesystem;

class BaselineTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("colcheck_baseline_test_" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "data");
    file_ = (dir_ / "data" / "a.parquet").string();
    std::ofstream(file_) << "some bytes";
  }
  void TearDown() override { fs::remove_all(dir_); }

  static Report TwoTruncatedOneUnknown() {
    Report report;
    report.size = 10;
    report.diagnostics = {
        {Code::kThriftTruncated, Severity::kError, 1, 1, "f", ""},
        {Code::kThriftTruncated, Severity::kError, 2, 1, "f", ""},
        {Code::kThriftUnknownField, Severity::kInfo, 3, 1, "g\"\\", ""},
    };
    return report;
  }

  std::string WriteBaseline() {
    const std::string baseline = (dir_ / "baseline.json").string();
    BaselineWriter writer(baseline);
    writer.Add(file_, TwoTruncatedOneUnknown(), *HashFileContent(file_));
    writer.Add((dir_ / "clean.parquet").string(), Report(), "");
    std::string error;
    EXPECT_TRUE(writer.Write(&error)) << error;
    EXPECT_EQ(writer.findings(), 3u);
    return baseline;
  }

  fs::path dir_;
  std::string file_;
};

TEST_F(BaselineTest, RoundTripSuppressesUpToTheCount) {
  Baseline baseline;
  std::string error;
  ASSERT_TRUE(Baseline::Load(WriteBaseline(), &baseline, &error)) << error;
  const Baseline::Suppressor suppress = baseline.SuppressorFor(file_);
  ASSERT_TRUE(suppress);
  EXPECT_TRUE(suppress(Code::kThriftTruncated, "f"));
  EXPECT_TRUE(suppress(Code::kThriftTruncated, "f"));
  EXPECT_FALSE(suppress(Code::kThriftTruncated, "f"));  // A third is new.
  EXPECT_FALSE(suppress(Code::kThriftTruncated, "other"));
  EXPECT_TRUE(suppress(Code::kThriftUnknownField, "g\"\\"));
  // Each file's count starts afresh.
  EXPECT_TRUE(baseline.SuppressorFor(file_)(Code::kThriftTruncated, "f"));
  EXPECT_FALSE(baseline.SuppressorFor((dir_ / "clean.parquet").string()));
}

TEST_F(BaselineTest, PathsAreRelativeToTheBaseline) {
  const std::string written = WriteBaseline();
  std::ifstream in(written);
  const std::string text((std::istreambuf_iterator<char>(in)), {});
  EXPECT_NE(text.find("\"path\":\"data/a.parquet\""), std::string::npos);
  // The same file named another way is the same file.
  Baseline baseline;
  std::string error;
  ASSERT_TRUE(Baseline::Load(written, &baseline, &error)) << error;
  EXPECT_TRUE(baseline.SuppressorFor(
      (dir_ / "data" / ".." / "data" / "a.parquet").string()));
}

TEST_F(BaselineTest, MovedFileMatchesByContent) {
  const std::string written = WriteBaseline();
  const std::string moved = (dir_ / "moved.parquet").string();
  fs::rename(file_, moved);
  std::ofstream(dir_ / "other.parquet") << "other byte";  // Same size.
  Baseline baseline;
  std::string error;
  ASSERT_TRUE(Baseline::Load(written, &baseline, &error)) << error;
  ASSERT_TRUE(baseline.SuppressorFor(moved));
  EXPECT_TRUE(baseline.SuppressorFor(moved)(Code::kThriftTruncated, "f"));
  EXPECT_FALSE(baseline.SuppressorFor((dir_ / "other.parquet").string()));
}

TEST_F(BaselineTest, BadFilesAreErrors) {
  const std::string bad = (dir_ / "bad.json").string();
  for (const char* text :
       {"{\"files\":[]}", "[1,2]", "{\"baseline\":1,\"files\":[{\"x\":1}]}",
        "{\"baseline\":1,\"files\":[{\"path\":\"a\",\"findings\":[{\"code\":"
        "\"no.such\"}]}]}",
        "{\"baseline\":1,"}) {
    std::ofstream(bad) << text;
    Baseline baseline;
    std::string error;
    EXPECT_FALSE(Baseline::Load(bad, &baseline, &error)) << text;
    EXPECT_TRUE(error.starts_with(bad + ":")) << error;
  }
  Baseline baseline;
  std::string error;
  EXPECT_FALSE(Baseline::Load((dir_ / "none.json").string(), &baseline, &error));
}

}  // namespace
}  // namespace colcheck
