// ValidateSource: a file read through a ByteSource gives the report its
// bytes give in memory, at every level, while reading only what the level
// needs. The corpora are served through a strict image (core/source_image.h),
// where a page the pass reads without fetching it first faults: a driver
// that fails to name a region it reads crashes this test.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/source_image.h"
#include "testing/external_corpus.h"
#include "testing/page_file.h"
#include "testing/report_expect.h"
#include "validate_internal.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

// Serves `bytes`, recording each read; fails every read from the
// `fail_at`-th on.
class TestSource final : public ByteSource {
 public:
  explicit TestSource(std::span<const std::byte> bytes) : bytes_(bytes) {}
  uint64_t size() const override { return bytes_.size(); }
  Status Read(uint64_t offset, std::span<std::byte> out) override {
    EXPECT_LE(offset + out.size(), bytes_.size());
    reads.push_back({offset, out.size()});
    if (reads.size() > fail_after) {
      return Status::IoError("connection reset by peer");
    }
    std::memcpy(out.data(), bytes_.data() + offset, out.size());
    return Status::Ok();
  }
  std::vector<ByteSpan> reads;
  size_t fail_after = SIZE_MAX;

 private:
  std::span<const std::byte> bytes_;
};

void ExpectSameReport(const Report& memory, const Report& source,
                      const std::string& what) {
  testing::ExpectSameReport(memory, source, what, "in memory",
                            "through a source");
  EXPECT_EQ(memory.size, source.size) << what;
}

// Validates `path` in memory and through a strict source at every level.
void CompareOnFile(const fs::path& path) {
  const std::vector<std::byte> bytes = testing::ReadFileBytes(path);
  for (const Level level : {Level::kFooter, Level::kPages, Level::kFull}) {
    Options options;
    options.level = level;
    options.expected_format = FormatFromFileName(path.string());
    const Report memory = ValidateBytes(bytes, options);
    TestSource source(bytes);
    Report report;
    const Status status = ValidateSourceImage(source, options, /*strict=*/true,
                                              kSniffBytes, &report);
    const std::string what =
        path.string() + " at " + std::string(LevelName(level));
    ASSERT_TRUE(status.ok()) << what << ": " << status.message();
    ExpectSameReport(memory, report, what);
    ASSERT_TRUE(report.fetched.has_value()) << what;
    EXPECT_EQ(report.fetched->reads, source.reads.size()) << what;
    if (level == Level::kFooter) {
      EXPECT_LE(report.fetched->bytes, bytes.size()) << what;
    }
  }
}

// Every regular file under `dir`, sorted.
std::vector<fs::path> FilesUnder(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code error;
  if (!fs::is_directory(dir, error)) return files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string ext = e.path().extension().string();
    if (e.is_regular_file() &&
        (ext == ".parquet" || ext == ".orc" || ext == ".bin" ||
         ext == ".parq" || ext == ".pq")) {
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

TEST(SourceTest, ProjectCorpusGivesTheSameReports) {
  const fs::path root = COLCHECK_SOURCE_DIR;
  std::vector<fs::path> files = FilesUnder(root / "corpus");
  const std::vector<fs::path> regressions =
      FilesUnder(root / "fuzz" / "regressions");
  files.insert(files.end(), regressions.begin(), regressions.end());
  ASSERT_GT(files.size(), 100u) << "corpus/ not found under " << root;
  for (const fs::path& path : files) CompareOnFile(path);
}

TEST(SourceTest, ExternalCorpusGivesTheSameReports) {
  const fs::path dir =
      testing::ExternalCorpusRoot(COLCHECK_DEFAULT_EXTERNAL_CORPUS);
  const std::vector<fs::path> files = FilesUnder(dir);
  if (files.empty()) {
    GTEST_SKIP() << dir
                 << " not found; set COLCHECK_EXTERNAL_CORPUS to the "
                    "directory with parquet-testing/ and orc/";
  }
  for (const fs::path& path : files) CompareOnFile(path);
}

TEST(SourceTest, RealWorldCorpusGivesTheSameReports) {
  const char* env = std::getenv("COLCHECK_REAL_WORLD_CORPUS");
  const fs::path dir = env != nullptr && *env != '\0'
                           ? fs::path(env)
                           : fs::path(COLCHECK_DEFAULT_REAL_WORLD_CORPUS);
  const std::vector<fs::path> files = FilesUnder(dir);
  if (files.empty()) {
    GTEST_SKIP() << dir << " not found; set COLCHECK_REAL_WORLD_CORPUS";
  }
  EXPECT_GT(files.size(), 1000u) << dir;
  for (const fs::path& path : files) CompareOnFile(path);
}

// A 16 MiB file with one column of 64 pages of 256 KiB.
testing::PageFile LargeFile() {
  testing::PageFileBuilder b;
  testing::PageOptions page;
  page.num_values = 65536;
  for (int i = 0; i < 64; ++i) {
    b.AddPage(page, testing::Bytes(256 << 10, std::byte{0}));
  }
  return b.Finish();
}

// Validates what `source` serves at `level`; the read must succeed.
Report ValidateAt(TestSource& source, Level level) {
  Options options;
  options.level = level;
  Report report;
  EXPECT_TRUE(ValidateSource(source, options, &report).ok());
  EXPECT_TRUE(report.fetched.has_value());
  return report;
}

TEST(SourceTest, FooterLevelReadsTheTailAndTheFirstPage) {
  const testing::PageFile file = LargeFile();
  TestSource source(file.span());
  const Report report = ValidateAt(source, Level::kFooter);
  ASSERT_EQ(source.reads.size(), 2u);
  const uint64_t size = file.span().size();
  EXPECT_EQ(source.reads[0].end(), size);
  // The last kSourceTailBytes, from the start of their first page.
  EXPECT_GE(source.reads[0].length, kSourceTailBytes);
  EXPECT_LT(source.reads[0].length, kSourceTailBytes + 4096);
  EXPECT_EQ(source.reads[1].offset, 0u);
  EXPECT_LE(source.reads[1].length, 65536u);
  ASSERT_TRUE(report.fetched.has_value());
  EXPECT_LT(report.fetched->bytes * 100, size);
}

// Pages level reads each page's header (and a little after it), not the
// 256 KiB bodies.
TEST(SourceTest, PagesLevelReadsHeadersNotBodies) {
  const testing::PageFile file = LargeFile();
  TestSource source(file.span());
  const Report report = ValidateAt(source, Level::kPages);
  ASSERT_TRUE(report.fetched.has_value());
  EXPECT_LT(report.fetched->bytes * 5, file.span().size());
  Options options;
  options.level = Level::kPages;
  EXPECT_EQ(report.diagnostics.size(),
            ValidateBytes(file.span(), options).diagnostics.size());
}

// Full level reads the chunk in few large reads, each once.
TEST(SourceTest, FullLevelReadsAheadThroughTheChunk) {
  const testing::PageFile file = LargeFile();
  TestSource source(file.span());
  const Report report = ValidateAt(source, Level::kFull);
  ASSERT_TRUE(report.fetched.has_value());
  const uint64_t size = file.span().size();
  EXPECT_EQ(report.fetched->bytes, size);  // Every byte, once.
  EXPECT_LE(report.fetched->reads, 2 + size / SourceImage::kReadAhead + 2);
}

// A read that fails is a tool error, never a finding; the report is left
// as it was.
TEST(SourceTest, AFailedReadIsAnErrorAndLeavesTheReport) {
  const testing::PageFile file = LargeFile();
  TestSource source(file.span());
  source.fail_after = 3;
  Options options;
  Report report;
  report.size = 7;
  const Status status = ValidateSource(source, options, &report);
  EXPECT_FALSE(status.ok());
  EXPECT_EQ(status.message(), "connection reset by peer");
  EXPECT_EQ(report.size, 7u);
  EXPECT_GT(source.reads.size(), 3u);
}

// What the image holds: missing pages only, read ahead within the limit,
// released pages read again.
TEST(SourceImageTest, FetchReadsMissingPagesOnce) {
  std::vector<std::byte> bytes(1 << 20);
  for (size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = static_cast<std::byte>(i * 7);
  }
  TestSource source(bytes);
  SourceImage image(source);
  ASSERT_TRUE(image.Open(/*strict=*/true).ok());
  image.Fetch({5000, 10}, 5010);
  ASSERT_EQ(source.reads.size(), 1u);
  EXPECT_EQ(source.reads[0].offset, 4096u);
  EXPECT_EQ(source.reads[0].length, 4096u);
  EXPECT_EQ(image.bytes()[5005], bytes[5005]);
  image.Fetch({4096, 100}, 4196);  // Present: no read.
  EXPECT_EQ(source.reads.size(), 1u);
  // Around the present page, up to the limit.
  image.Fetch({0, 10000}, 100000);
  ASSERT_EQ(source.reads.size(), 3u);
  EXPECT_EQ(source.reads[1].offset, 0u);
  EXPECT_EQ(source.reads[1].length, 4096u);  // Stops at the present page.
  EXPECT_EQ(source.reads[2].offset, 8192u);
  EXPECT_EQ(source.reads[2].end(), 102400u);  // The limit, page-rounded.
  EXPECT_EQ(image.bytes()[99999], bytes[99999]);
  image.Release({4096, 8192});
  image.Fetch({6000, 1}, 6001);
  ASSERT_EQ(source.reads.size(), 4u);
  EXPECT_EQ(source.reads[3].offset, 4096u);
  EXPECT_EQ(image.bytes()[6000], bytes[6000]);
  EXPECT_EQ(image.fetched().reads, 4u);
}

TEST(SourceImageTest, TheLastPartialPageIsOneRead) {
  std::vector<std::byte> bytes(10000, std::byte{3});
  TestSource source(bytes);
  SourceImage image(source);
  ASSERT_TRUE(image.Open(/*strict=*/true).ok());
  image.Fetch({9990, 100}, 20000);  // Clipped to the file.
  ASSERT_EQ(source.reads.size(), 1u);
  EXPECT_EQ(source.reads[0].offset, 8192u);
  EXPECT_EQ(source.reads[0].end(), 10000u);
  EXPECT_EQ(image.bytes()[9999], std::byte{3});
  image.Fetch({20000, 5}, 20005);  // Past the end: nothing.
  EXPECT_EQ(source.reads.size(), 1u);
}

// A size no file has (a server may claim anything) is refused before any
// address space is reserved.
TEST(SourceImageTest, AnImpossibleSizeIsAToolError) {
  class Huge final : public ByteSource {
   public:
    uint64_t size() const override { return ~uint64_t{0}; }
    Status Read(uint64_t, std::span<std::byte>) override {
      ADD_FAILURE() << "read";
      return Status::Ok();
    }
  } huge;
  Report report;
  EXPECT_FALSE(ValidateSource(huge, Options(), &report).ok());
}

TEST(SourceImageTest, AnEmptySourceIsAnEmptyImage) {
  TestSource source({});
  SourceImage image(source);
  ASSERT_TRUE(image.Open(/*strict=*/true).ok());
  image.Fetch({0, 4}, 4);
  EXPECT_TRUE(image.bytes().empty());
  EXPECT_TRUE(source.reads.empty());
  Report report;
  ASSERT_TRUE(ValidateSource(source, Options(), &report).ok());
  EXPECT_EQ(report.size, 0u);
}

}  // namespace
}  // namespace colcheck
