// Turns the PATH arguments of `colcheck validate` into the list of files to
// validate.

#ifndef COLCHECK_CLI_INPUTS_H_
#define COLCHECK_CLI_INPUTS_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "colcheck/http.h"

namespace colcheck {

// Which regular files a directory walk keeps.
enum class WalkFilter {
  kColumnarMagic,  // Those with a format's magic at either end
                   // (SniffFormat), or whose name claims one
                   // (FormatFromFileName): validate.
  kAllFiles,       // Every one: fuzzing findings often have no magic left
                   // (triage, validate --all-files).
};

// Expands `paths` in order. A file is kept as given, whatever its content,
// and so are kStandardInput and http(s) URLs. A
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

// The PATH that names standard input.
inline constexpr std::string_view kStandardInput = "-";

// Adds the paths `list_path` holds, one a line, to `paths`; kStandardInput
// reads the list from standard input. Empty lines are skipped and a final
// carriage return is dropped, so a list written on Windows works; nothing
// else is trimmed, since a path may hold spaces. False with `*error` when
// the list cannot be read.
bool ReadPathList(const std::string& list_path,
                  std::vector<std::string>* paths, std::string* error);

// Standard input as a file the validator can map. A pipe can be read once
// and not mapped, so it is copied to a temporary file, unlinked at once
// (nothing is left behind, whatever ends the run); standard input that is
// a regular file already (`- < file`) is used as it is.
class SpooledInput {
 public:
  SpooledInput() = default;
  SpooledInput(const SpooledInput&) = delete;
  SpooledInput& operator=(const SpooledInput&) = delete;
  ~SpooledInput();

  // Copies `fd` to a temporary file in $TMPDIR (default /tmp), at most
  // `max_bytes`. False with `*error` on an I/O error or a larger input.
  bool Spool(int fd, uint64_t max_bytes, std::string* error);
  // Copies the whole of `source` (a URL's, for the commands that inspect
  // a whole file) the same way.
  bool SpoolSource(ByteSource& source, uint64_t max_bytes, std::string* error);
  // A path that opens the bytes ("/dev/fd/N"); empty before Spool.
  const std::string& path() const { return path_; }

 private:
  // Makes the unlinked temporary file fd_.
  bool MakeTemporary(std::string* error);

  int fd_ = -1;  // The temporary file, when one was made.
  std::string path_;
};

// Where the commands that inspect one FILE (explain, schema, plan, report)
// open it: `path` itself, or a copy in `copy` of standard input ("-") or
// of an http(s) URL, read whole with `http`. False with `*error` when the
// copy fails.
bool OpenWholeInput(const std::string& path, const HttpOptions& http,
                    SpooledInput* copy, std::string* open_path,
                    std::string* error);

// Validates one input: an http(s) URL through HttpSource with `http`, else
// the file at `open_path` (`path` itself, or where standard input was
// spooled). The format a name claims comes from `path` (a URL's path, not
// its query).
Status ValidateInput(const std::string& path, const std::string& open_path,
                     Options options, const HttpOptions& http, Report* report);

}  // namespace colcheck

#endif  // COLCHECK_CLI_INPUTS_H_
