// Baselines: the findings of an earlier run that a later run does not report
// again, so CI fails only on new ones (validate --write-baseline FILE, then
// validate --baseline FILE).
//
//   {"tool":"colcheck","version":"0.1.0","baseline":1,"files":[
//     {"path":"data/a.parquet","size":1234,"hash":"9f8a0c1d2e3f4a5b",
//      "findings":[{"code":"stats.null-count-mismatch",
//                   "field":"row_groups[0].columns[1].meta_data.statistics",
//                   "count":2}]}]}
//
// A file is matched by its path relative to the baseline file's directory.
// A file whose path the baseline does not list is matched by its size and a
// hash of its content (64-bit FNV-1a), so a moved or renamed file keeps its
// baseline; only files whose size equals a listed one are hashed, so a run
// of new files costs no extra reads. Within a file a finding matches on its
// code and field, at most `count` times: one more of the same kind is new.
// Offsets and messages are left out on purpose, as they move when a writer
// changes a little and the finding stays the same.

#ifndef COLCHECK_CLI_BASELINE_H_
#define COLCHECK_CLI_BASELINE_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// The content hash the baseline records, as 16 hex digits, or nullopt when
// the file cannot be read.
std::optional<std::string> HashFileContent(const std::string& path);

// Collects the findings of a run and writes them as a baseline.
class BaselineWriter {
 public:
  // `file` is where the baseline goes; paths are made relative to its
  // directory.
  explicit BaselineWriter(const std::string& file);

  // Records the findings of the file at `path`, whose content hash is
  // `hash`. A file without findings is left out.
  void Add(const std::string& path, const Report& report,
           const std::string& hash);

  // Writes the baseline (replacing the file atomically). Returns false with
  // the reason in `error`.
  bool Write(std::string* error) const;

  size_t findings() const { return findings_; }

 private:
  // One file's entry: its findings counted per (code, field).
  struct FileEntry {
    std::string path;  // Relative to directory_.
    uint64_t size;
    std::string hash;
    std::map<std::pair<std::string, std::string>, size_t> counts;
  };

  std::string file_;
  std::filesystem::path directory_;
  std::vector<FileEntry> files_;
  size_t findings_ = 0;
};

// A loaded baseline. Thread-safe once loaded.
class Baseline {
 public:
  using Suppressor = std::function<bool(Code code, std::string_view field)>;

  // Reads `file`. Returns false with an error naming the file (and the line,
  // for malformed content).
  static bool Load(const std::string& file, Baseline* out, std::string* error);

  // The suppress hook (Options::suppress) for the file at `path`: it drops
  // each finding the baseline lists for that file, up to its count. Null
  // when the baseline lists nothing for the file.
  Suppressor SuppressorFor(const std::string& path) const;

 private:
  using Counts = std::map<std::pair<Code, std::string>, size_t>;
  struct Entry {
    uint64_t size = 0;
    std::string hash;
    Counts counts;
  };

  std::filesystem::path directory_;
  std::vector<Entry> entries_;
  std::unordered_map<std::string, size_t> by_path_;
  std::unordered_multimap<uint64_t, size_t> by_size_;
};

// The path of `path` relative to `directory` (absolute), '/'-separated.
std::string RelativeTo(const std::filesystem::path& directory,
                       const std::string& path);

}  // namespace colcheck

#endif  // COLCHECK_CLI_BASELINE_H_
