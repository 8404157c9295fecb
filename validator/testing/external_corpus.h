// The external corpus (files too large or too foreign for the repository,
// COLCHECK_EXTERNAL_CORPUS): where it is, its files, their bytes. Tests
// that need it skip when it is missing.

#ifndef COLCHECK_TESTING_EXTERNAL_CORPUS_H_
#define COLCHECK_TESTING_EXTERNAL_CORPUS_H_

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace colcheck::testing {

// $COLCHECK_EXTERNAL_CORPUS, or `fallback` when it is unset or empty.
inline std::filesystem::path ExternalCorpusRoot(
    const std::filesystem::path& fallback = {}) {
  const char* env = std::getenv("COLCHECK_EXTERNAL_CORPUS");
  return env != nullptr && *env != '\0' ? std::filesystem::path(env) : fallback;
}

// The regular files directly in `dir` named *`extension`, sorted; none when
// `dir` is not a directory.
inline std::vector<std::filesystem::path> FilesWithExtension(
    const std::filesystem::path& dir, std::string_view extension) {
  std::vector<std::filesystem::path> files;
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) return files;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    if (e.is_regular_file() && e.path().extension() == extension) {
      files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

// The whole of `path` (empty when it cannot be read).
inline std::vector<std::byte> ReadFileBytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::string s((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
  const auto b = std::as_bytes(std::span<const char>(s.data(), s.size()));
  return {b.begin(), b.end()};
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_EXTERNAL_CORPUS_H_
