// Which findings `colcheck validate` reports, from the command line and from
// a .colcheck.yaml config file (docs/config.md), resolved per file.
//
//   config top level  ->  matching per-path rules, in order  ->  command line
//
// Each layer applies on top of the previous ones: `select` turns every code
// off but the selected ones, `ignore` turns codes off, `severity` overrides
// severities, `strict` and `fail-on` replace what came before.

#ifndef COLCHECK_CLI_FINDINGS_CONFIG_H_
#define COLCHECK_CLI_FINDINGS_CONFIG_H_

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// validate --fail-on: the least severe finding that makes the exit status 1.
enum class FailOn { kError, kWarning, kInfo, kNever };

bool ParseFailOn(std::string_view value, FailOn* out);
// "error", "warning" or "info".
bool ParseSeverityName(std::string_view value, Severity* out);

// One layer of rules (see the top of this file).
struct FindingsLayer {
  std::optional<std::vector<Code>> select;  // Only these, when set.
  std::vector<Code> ignore;
  std::vector<std::pair<Code, Severity>> severities;  // Later ones win.
  std::optional<bool> strict;
  std::optional<FailOn> fail_on;
};

// Applies `layer` on top of `policy` and `fail_on`.
void ApplyLayer(const FindingsLayer& layer, FindingsPolicy* policy,
                FailOn* fail_on);

// Appends the codes of a comma-separated list of patterns
// (ResolveCodePattern), such as "stats.*,page.crc-mismatch". Returns false
// with a one-line `error` naming the unknown pattern.
bool ParseCodeList(std::string_view text, std::vector<Code>* codes,
                   std::string* error);

// Appends the overrides of "PATTERN=SEVERITY[,PATTERN=SEVERITY...]".
bool ParseSeverityList(std::string_view text,
                       std::vector<std::pair<Code, Severity>>* out,
                       std::string* error);

// Whether `path` (relative, '/'-separated) matches the glob `pattern`: `*`
// and `?` match within one path component, `**` across components (`**/`
// also matches no directory at all). A pattern without '/' matches the
// file name in any directory, as in .gitignore.
bool GlobMatch(std::string_view pattern, std::string_view path);

// A per-path rule of the config file.
struct PathRule {
  std::vector<std::string> globs;
  FindingsLayer layer;
};

// A parsed config file.
struct FindingsConfig {
  std::string file;                 // As named, for messages.
  std::filesystem::path directory;  // Absolute; the globs are relative to it.
  FindingsLayer top;
  std::vector<PathRule> rules;
};

// The config file name searched for.
inline constexpr std::string_view kConfigFileName = ".colcheck.yaml";

// The nearest `.colcheck.yaml` in `start` or one of its parents, or an empty
// path when there is none.
std::filesystem::path FindConfigUpward(const std::filesystem::path& start);

// Parses the config file `file`. Returns false with an `error` that starts
// with "FILE:LINE: " for an unknown key, a bad value or bad YAML, or with
// "FILE: " when the file cannot be read.
bool LoadFindingsConfig(const std::string& file, FindingsConfig* out,
                        std::string* error);

// What one file is checked with.
struct FilePolicy {
  FindingsPolicy findings;
  FailOn fail_on = FailOn::kError;
};

// The policy of each file from an optional config and the command line.
// Thread-safe once made.
class FindingsResolver {
 public:
  FindingsResolver(std::optional<FindingsConfig> config,
                   FindingsLayer command_line);

  FilePolicy For(const std::string& path) const;

 private:
  std::optional<FindingsConfig> config_;
  FindingsLayer command_line_;
};

// The resolver of a command line: the config file `config` when it is not
// empty, else (unless `no_config`) the nearest .colcheck.yaml upward from
// the working directory, under the command line's own `layer`. Returns
// false with the config file's error.
bool MakeFindingsResolver(const std::string& config, bool no_config,
                          const FindingsLayer& layer,
                          std::optional<FindingsResolver>* out,
                          std::string* error);

}  // namespace colcheck

#endif  // COLCHECK_CLI_FINDINGS_CONFIG_H_
