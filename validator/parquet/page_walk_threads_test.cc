// The page walk on several threads (Options::threads) gives the report one
// thread gives: the same diagnostics in the same order, cut at the same
// max_diagnostics, the same verdict, completeness and work. Checked on
// every Parquet file of corpus/, fuzz/regressions and the external corpus,
// at levels pages and full, uncapped and with a cap that cuts inside
// chunks.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "colcheck/colcheck.h"
#include "testing/external_corpus.h"
#include "testing/page_file.h"
#include "testing/report_expect.h"
#include "validate_internal.h"

namespace colcheck::parquet {
namespace {

namespace fs = std::filesystem;

// Every file under `dir` with a Parquet name, or .bin (the fuzz seeds),
// sorted; ORC files among the seeds take one thread either way.
std::vector<fs::path> ParquetFilesUnder(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code error;
  if (!fs::is_directory(dir, error)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (ext == ".parquet" || ext == ".parq" || ext == ".pq" || ext == ".bin") {
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

void ExpectSameReport(const Report& one, const Report& many,
                      const std::string& what) {
  testing::ExpectSameReport(one, many, what, "on one thread", "on several");
  EXPECT_EQ(one.work.decompressed_bytes, many.work.decompressed_bytes) << what;
  EXPECT_EQ(one.work.level_steps, many.work.level_steps) << what;
  EXPECT_EQ(one.work.value_batches, many.work.value_batches) << what;
}

// Validates `data` on 1 and on 3 threads at both walking levels, uncapped
// and capped, and compares. Returns the number of diagnostics seen.
size_t CompareThreads(std::span<const std::byte> data,
                      const std::string& name) {
  size_t seen = 0;
  for (const Level level : {Level::kPages, Level::kFull}) {
    for (const size_t cap : {size_t{10000}, size_t{2}}) {
      Options options;
      options.level = level;
      options.max_diagnostics = cap;
      const Report one = ValidateBytes(data, options);
      options.threads = 3;
      const Report many = ValidateBytes(data, options);
      ExpectSameReport(one, many,
                       name + (level == Level::kFull ? " full" : " pages") +
                           " cap " + std::to_string(cap));
      seen += one.diagnostics.size();
    }
  }
  return seen;
}

void CompareThreadsOnFiles(const std::vector<fs::path>& files) {
  for (const fs::path& path : files) {
    const std::vector<std::byte> bytes = testing::ReadFileBytes(path);
    CompareThreads(bytes, path.string());
  }
}

TEST(PageWalkThreadsTest, ProjectCorpusGivesTheSameReports) {
  const fs::path root = COLCHECK_SOURCE_DIR;
  std::vector<fs::path> files = ParquetFilesUnder(root / "corpus");
  const std::vector<fs::path> regressions =
      ParquetFilesUnder(root / "fuzz" / "regressions");
  files.insert(files.end(), regressions.begin(), regressions.end());
  ASSERT_GT(files.size(), 100u) << "corpus/ not found under " << root;
  CompareThreadsOnFiles(files);
}

TEST(PageWalkThreadsTest, ExternalCorpusGivesTheSameReports) {
  const fs::path dir =
      testing::ExternalCorpusRoot(COLCHECK_DEFAULT_EXTERNAL_CORPUS) /
      "parquet-testing";
  const std::vector<fs::path> files = ParquetFilesUnder(dir);
  if (files.empty()) {
    GTEST_SKIP() << dir << " not found; set COLCHECK_EXTERNAL_CORPUS to a "
                           "directory with parquet-testing/";
  }
  CompareThreadsOnFiles(files);
}

// Four chunks over the same faulty pages, so each finds the same faults
// at the same offsets: their order in the report is the order the chunks
// were found in, and a cap of 2 cuts inside the first chunks. The merge
// must keep both.
TEST(PageWalkThreadsTest, FindingsOfEveryChunkComeInFileOrder) {
  testing::PageFileBuilder b;
  b.set_leaves({"a", "b", "c", "d"});
  testing::PageOptions page;
  page.num_values = 3;
  b.AddPage(page, testing::Bytes(8, std::byte{0}));
  b.AddRaw(testing::Bytes(3, std::byte{0}));  // Bytes after the last page.
  const testing::PageFile file = b.Finish();
  const size_t seen = CompareThreads(file.span(), "four faulty chunks");
  EXPECT_GE(seen, 8u);
}

// The parallel walk is what the comparisons above exercise: with several
// threads, pages are released from threads other than the caller's.
TEST(PageWalkThreadsTest, ChunksAreWalkedOffTheCallingThread) {
  testing::PageFileBuilder b;
  b.set_leaves({"a", "b", "c", "d", "e", "f"});
  testing::PageOptions page;
  page.num_values = 2;
  b.AddPage(page, testing::Bytes(8, std::byte{0}));
  const testing::PageFile file = b.Finish();
  for (const size_t threads : {size_t{1}, size_t{3}}) {
    std::mutex mutex;
    std::set<std::thread::id> releasers;
    PassHooks hooks;
    hooks.release = [&](ByteSpan) {
      const std::lock_guard lock(mutex);
      releasers.insert(std::this_thread::get_id());
    };
    Options options;
    options.threads = threads;
    ValidateWithHooks(file.span(), options, hooks);
    ASSERT_FALSE(releasers.empty());
    EXPECT_EQ(releasers.count(std::this_thread::get_id()) == 1, threads == 1)
        << threads << " threads";
  }
}

}  // namespace
}  // namespace colcheck::parquet
