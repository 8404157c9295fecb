// The default fuzzing "engine": a main that replays files through a fuzz
// target, so every target is built and exercised in every build (as
// simdjson and zstd's regression_driver.c do) and never rots.
//
//   file_fuzzer [--allow-missing] PATH...
//
// Each PATH is a file or a directory, walked recursively in sorted order.
// Every file's bytes are passed to LLVMFuzzerTestOneInput in a buffer of
// exactly their size, so an out-of-bounds read is caught by ASan. Exits 0
// after printing "replayed N inputs" unless the target aborts; a missing
// PATH is an error unless --allow-missing is given, for optional corpora.
// A replay runs every oracle on every input (COLCHECK_FUZZ_ORACLES=all; see
// fuzz_oracles.h), where a campaign runs the expensive ones on a fraction.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

namespace fs = std::filesystem;

bool ReadWholeFile(const fs::path& path, std::vector<char>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in),
              std::istreambuf_iterator<char>());
  return !in.bad();
}

// Replays one file. A fresh allocation of exactly the file's size makes any
// read past the end a heap overflow rather than a read of spare capacity.
bool ReplayFile(const fs::path& path) {
  std::vector<char> bytes;
  if (!ReadWholeFile(path, &bytes)) {
    std::fprintf(stderr, "replay: cannot read %s\n", path.c_str());
    return false;
  }
  std::fprintf(stderr, "replay: %s (%zu bytes)\n", path.c_str(), bytes.size());
  const std::unique_ptr<uint8_t[]> exact(new uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), exact.get());
  LLVMFuzzerTestOneInput(exact.get(), bytes.size());
  return true;
}

// Collects the regular files under `root` (or `root` itself), sorted so the
// replay order does not depend on the file system.
bool CollectFiles(const fs::path& root, std::vector<fs::path>* files) {
  std::error_code ec;
  if (fs::is_regular_file(root, ec)) {
    files->push_back(root);
    return true;
  }
  if (!fs::is_directory(root, ec)) return false;
  std::vector<fs::path> found;
  for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end;
       it.increment(ec)) {
    if (it->is_regular_file(ec)) found.push_back(it->path());
  }
  if (ec) return false;
  std::sort(found.begin(), found.end());
  files->insert(files->end(), found.begin(), found.end());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  setenv("COLCHECK_FUZZ_ORACLES", "all", /*overwrite=*/1);
  bool allow_missing = false;
  std::vector<fs::path> roots;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--allow-missing") {
      allow_missing = true;
    } else if (arg == "-h" || arg == "--help") {
      std::printf("usage: %s [--allow-missing] FILE_OR_DIR...\n", argv[0]);
      return 0;
    } else if (!arg.empty() && arg[0] == '-') {
      // libFuzzer-style flags (-runs=0, -max_len=...) are accepted and
      // ignored, so scripts can call any build of a target the same way.
      continue;
    } else {
      roots.emplace_back(arg);
    }
  }
  size_t replayed = 0;
  bool ok = true;
  for (const fs::path& root : roots) {
    std::vector<fs::path> files;
    if (!CollectFiles(root, &files)) {
      std::fprintf(stderr, "replay: %s: no such file or directory%s\n",
                   root.c_str(), allow_missing ? ", skipped" : "");
      ok = ok && allow_missing;
      continue;
    }
    for (const fs::path& file : files) {
      if (ReplayFile(file)) {
        ++replayed;
      } else {
        ok = false;
      }
    }
  }
  std::printf("replayed %zu inputs\n", replayed);
  return ok ? 0 : 1;
}
