// What the one-file inspecting commands (explain, schema, plan, ...) share:
// the stderr line and status for a file that cannot be read, the note that
// stands in for a text rendering that cannot be drawn, the digest of an
// invalid file's diagnostics on stderr, and the exit status of the result.

#ifndef COLCHECK_CLI_COMMAND_SUPPORT_H_
#define COLCHECK_CLI_COMMAND_SUPPORT_H_

#include <cstddef>
#include <string>
#include <string_view>

#include "cli/args.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"

namespace colcheck {

// Where an inspecting command opens its FILE, args.paths[0]: the file, or
// a copy in `copy` of standard input ("-") or of an http(s) URL read whole
// (with args.headers). Prints the error line and returns false when the
// copy fails.
bool OpenInspected(const CliArgs& args, SpooledInput* copy,
                   std::string* open_path);

// Prints the I/O error line for `path` on stderr and returns kExitError
// through FinishOutput.
int FinishUnreadable(std::string_view path, const Status& status);

// When `inspection` has nothing to draw as text (an encrypted footer without
// a readable schema, or an ORC file when `orc_missing` is not empty), prints
// a one-line note on stdout and returns true. `encrypted_needs` names what
// cannot be read without the keys ("its schema"), `orc_missing` says what
// the command does not do for ORC ("the read plan is Parquet-only").
bool WriteNothingToDrawNote(std::string_view path, const Inspection& inspection,
                            std::string_view encrypted_needs,
                            std::string_view orc_missing);

// The diagnostics of an invalid file that an inspecting command prints on
// stderr: enough to see what is wrong, not the thousands a broken file can
// have, which `colcheck validate` lists.
inline constexpr size_t kDiagnosticsOnStderr = 5;

// When `report` is invalid and args.quiet is not set, writes its first few
// diagnostics and the count of the rest on stderr
// (WriteTextDiagnosticsDigest). The text formats only: JSON holds them all.
void WriteDiagnosticsDigest(const CliArgs& args, std::string_view path,
                            const Report& report);

// Replaces `path` with `data` in one rename (report's page, conformance's
// results). Returns false with the reason in `error`; no temporary file is
// left behind either way.
bool WriteFileAtomically(const std::string& path, std::string_view data,
                         std::string* error);

// Returns through FinishOutput: kExitInvalid when the validation found an
// error, else kExitOk (an unsupported verdict is not an error of the file).
int FinishInspection(const Report& report);

}  // namespace colcheck

#endif  // COLCHECK_CLI_COMMAND_SUPPORT_H_
