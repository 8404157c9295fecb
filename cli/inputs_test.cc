#include "cli/inputs.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

void WriteFile(const fs::path& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary);
  out << bytes;
}

TEST(CliInputs, WalksSortedAndSniffs) {
  const fs::path root = fs::path(testing::TempDir()) / "colcheck_inputs_test";
  fs::remove_all(root);
  fs::create_directories(root / "b_dir" / "deeper");
  WriteFile(root / "c.parquet", "PAR1....PAR1");
  WriteFile(root / "a.bin", "junkPAR1");
  WriteFile(root / "notes.parquet", "not a parquet file");
  WriteFile(root / "b_dir" / "z.orc", "ORC.....");
  WriteFile(root / "b_dir" / "deeper" / "y", "PARExx");
  WriteFile(root / "tiny", "PA");
  // An ORC file whose header is damaged: its PostScript's magic, just
  // before psLen, still says ORC.
  WriteFile(root / "header_damaged", std::string("XRC....ORC\x03", 11));

  WriteFile(root / "broken.PQ", "");

  std::vector<std::string> errors;
  const std::vector<std::string> paths = {root.string(),
                                          (root / "tiny").string()};
  size_t skipped = 0;
  const std::vector<std::string> files =
      CollectInputs(paths, &errors, WalkFilter::kColumnarMagic, &skipped);
  EXPECT_TRUE(errors.empty());
  const std::vector<std::string> expected = {
      (root / "a.bin").string(),
      (root / "b_dir" / "deeper" / "y").string(),
      (root / "b_dir" / "z.orc").string(),
      // No magic, but the name says Parquet: kept, to get a verdict.
      (root / "broken.PQ").string(),
      (root / "c.parquet").string(),
      (root / "header_damaged").string(),
      (root / "notes.parquet").string(),
      // Named explicitly, so kept despite lacking a magic and a name.
      (root / "tiny").string(),
  };
  EXPECT_EQ(files, expected);
  // The walk left out "tiny" itself: no magic, no Parquet or ORC name.
  EXPECT_EQ(skipped, 1u);
  fs::remove_all(root);
}

TEST(CliInputs, TriageWalkKeepsEveryRegularFile) {
  const fs::path root = fs::path(testing::TempDir()) / "colcheck_inputs_all";
  fs::remove_all(root);
  fs::create_directories(root / "sub");
  WriteFile(root / "b.parquet", "PAR1....PAR1");
  WriteFile(root / "a-no-magic", "crash-1234");
  WriteFile(root / "sub" / "empty", "");
  fs::create_symlink(root / "sub", root / "link-to-dir");

  std::vector<std::string> errors;
  const std::vector<std::string> paths = {root.string()};
  const std::vector<std::string> files =
      CollectInputs(paths, &errors, WalkFilter::kAllFiles);
  EXPECT_TRUE(errors.empty());
  const std::vector<std::string> expected = {
      (root / "a-no-magic").string(),
      (root / "b.parquet").string(),
      (root / "sub" / "empty").string(),
  };
  EXPECT_EQ(files, expected);
  EXPECT_EQ(CollectInputs(paths, &errors).size(), 1u);  // b.parquet only.
  fs::remove_all(root);
}

TEST(CliInputs, MissingPathIsAnError) {
  std::vector<std::string> errors;
  const std::vector<std::string> paths = {"/nonexistent/colcheck/x.parquet"};
  EXPECT_TRUE(CollectInputs(paths, &errors).empty());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_NE(errors[0].find("/nonexistent/colcheck/x.parquet: "),
            std::string::npos);
}

// Writes `bytes` into a pipe and returns its read end.
int PipeOf(const std::string& bytes) {
  int fds[2];
  if (pipe(fds) != 0) return -1;
  if (write(fds[1], bytes.data(), bytes.size()) !=
      static_cast<ssize_t>(bytes.size())) {
    return -1;
  }
  close(fds[1]);
  return fds[0];
}

TEST(CliInputs, SpooledPipeReadsBackWhole) {
  const int fd = PipeOf("PAR1 and more");
  ASSERT_GE(fd, 0);
  SpooledInput copy;
  std::string error;
  ASSERT_TRUE(copy.Spool(fd, 13, &error)) << error;
  close(fd);
  std::ifstream in(copy.path(), std::ios::binary);
  const std::string back((std::istreambuf_iterator<char>(in)),
                         std::istreambuf_iterator<char>());
  EXPECT_EQ(back, "PAR1 and more");
}

TEST(CliInputs, SpoolRefusesMoreThanItsLimit) {
  const int fd = PipeOf("PAR1 and more");
  ASSERT_GE(fd, 0);
  SpooledInput copy;
  std::string error;
  EXPECT_FALSE(copy.Spool(fd, 12, &error));
  EXPECT_FALSE(error.empty());
  close(fd);
}

}  // namespace
}  // namespace colcheck
