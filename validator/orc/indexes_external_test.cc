// The statistics, row index, bloom filter and encryption rules over real
// files: Apache ORC's examples (COLCHECK_EXTERNAL_CORPUS/orc, encrypted/)
// and colcheck's own valid corpus, at the full level. None may have an
// error of these rules, and the warnings must be exactly the writer quirks
// orc-rules.md's verdict table lists.

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "gtest/gtest.h"
#include "testing/external_corpus.h"

#ifndef COLCHECK_SOURCE_DIR
#define COLCHECK_SOURCE_DIR ""
#endif

namespace colcheck::orc {
namespace {

namespace fs = std::filesystem;

bool Mine(Code code) {
  const std::string_view name = Info(code).name;
  for (std::string_view p : {"orc-stats.", "orc-index.", "orc-bloom.",
                             "orc-encryption.", "limits.orc-bloom-reports",
                             "limits.orc-stats-reports"}) {
    if (name.substr(0, p.size()) == p) return true;
  }
  return false;
}

// The warnings of these rules each file must have (and no others).
const std::map<std::string, std::set<Code>>& ExpectedWarnings() {
  static const auto* m = new std::map<std::string, std::set<Code>>{
      {"TestOrcFile.testMemoryManagementV11.orc", {Code::kOrcStatsRootCountZero}},
      {"TestOrcFile.testMemoryManagementV12.orc", {Code::kOrcStatsRootCountZero}},
      {"TestOrcFile.testWithoutIndex.orc", {Code::kOrcStatsRootCountZero}},
      {"TestOrcFile.testSargSkipPickupGroupWithoutIndexJava.orc",
       {Code::kOrcStatsRootCountZero}},
      {"TestStringDictionary.testRowIndex.orc", {Code::kOrcIndexFirstEntryEmpty}},
  };
  return *m;
}

std::vector<fs::path> OrcFiles(const fs::path& dir) {
  return ::colcheck::testing::FilesWithExtension(dir, ".orc");
}

void CheckFile(const fs::path& path) {
  Options options;
  options.level = Level::kFull;
  Report report;
  ASSERT_TRUE(ValidateFile(path.string(), options, &report).ok()) << path;
  const std::string name = path.filename().string();
  std::set<Code> warnings;
  bool old_bloom = false;
  for (const Diagnostic& d : report.diagnostics) {
    if (!Mine(d.code)) continue;
    EXPECT_NE(d.severity, Severity::kError)
        << name << ": " << Info(d.code).name << " @" << d.offset << "+"
        << d.length << " " << d.field << ": " << d.message;
    if (d.severity == Severity::kWarning) warnings.insert(d.code);
    old_bloom |= d.code == Code::kOrcBloomOldKind;
  }
  const auto it = ExpectedWarnings().find(name);
  const std::set<Code> want =
      it == ExpectedWarnings().end() ? std::set<Code>() : it->second;
  EXPECT_EQ(warnings, want) << name;
  if (name == "over1k_bloom.orc") {
    EXPECT_TRUE(old_bloom);
  }
}

TEST(OrcIndexesExternal, ApacheExamples) {
  const fs::path root = ::colcheck::testing::ExternalCorpusRoot();
  if (root.empty()) {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set; this test needs "
                    "<corpus>/orc/*.orc (Apache ORC's examples)";
  }
  const fs::path dir = root / "orc";
  std::vector<fs::path> files = OrcFiles(dir);
  if (files.empty()) GTEST_SKIP() << dir << " holds no .orc files";
  for (const fs::path& p : OrcFiles(dir / "encrypted")) files.push_back(p);
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    CheckFile(p);
  }
}

TEST(OrcIndexesExternal, OwnValidCorpus) {
  const fs::path dir = fs::path(COLCHECK_SOURCE_DIR) / "corpus/orc/valid";
  const std::vector<fs::path> files = OrcFiles(dir);
  if (files.empty()) GTEST_SKIP() << dir << " holds no .orc files";
  for (const fs::path& p : files) {
    SCOPED_TRACE(p.string());
    CheckFile(p);
  }
}

}  // namespace
}  // namespace colcheck::orc
