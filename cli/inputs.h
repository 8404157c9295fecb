// Turns the PATH arguments of `colcheck validate` into the list of files to
// validate.

#ifndef COLCHECK_CLI_INPUTS_H_
#define COLCHECK_CLI_INPUTS_H_

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// Which regular files a directory walk keeps.
enum class WalkFilter {
  kColumnarMagic,  // Those with a format's magic at either end
                   // (SniffFormat), or whose name claims one
                   // (FormatFromFileName): validate.
  kAllFiles,       // Every one: fuzzing findings often have no magic left
                   // (triage, validate --all-files).
};

// Expands `paths` in order. A file is kept as given, whatever its content. A
// directory is walked recursively with the entries of each directory sorted
// by name (bytewise), keeping the regular files that `filter` selects;
// symbolic links to directories are not followed, so the walk always ends.
// A path that does not exist, an unreadable directory or an unreadable file
// met during the walk adds a message to `errors` (such as
// "x: No such file or directory") and the expansion goes on. `skipped`,
// when given, counts the regular files the walk left out.
std::vector<std::string> CollectInputs(
    std::span<const std::string> paths, std::vector<std::string>* errors,
    WalkFilter filter = WalkFilter::kColumnarMagic, size_t* skipped = nullptr);

}  // namespace colcheck

#endif  // COLCHECK_CLI_INPUTS_H_
