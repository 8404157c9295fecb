// The command line of `colcheck`, parsed by hand: the grammar is small, and
// the exact messages, the attached short forms (-j4, -oDIR) and the
// precedence of --help are contracts of the CLI tests that a parser library
// would each need bending to.

#ifndef COLCHECK_CLI_ARGS_H_
#define COLCHECK_CLI_ARGS_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli/findings_config.h"
#include "colcheck/colcheck.h"
#include "core/limits.h"

namespace colcheck {

// The largest -j (--jobs): files validated at a time. Each job holds a
// file's report and a few more wait in the reorder window, so memory grows
// with it; past a few hundred threads only contention grows. A larger
// value is a usage error; the runs use at most one job per input.
inline constexpr size_t kMaxJobs = 256;
// The largest --threads: the library starts no more for one file.
inline constexpr size_t kMaxThreadsPerFile = limits::kMaxThreads;
// The largest --row-group (--stripe), as RowsOptions::group holds it.
inline constexpr size_t kMaxGroup = std::numeric_limits<int64_t>::max();
// The largest --max-diagnostics. The cap bounds a report's memory (a
// diagnostic takes a few hundred bytes) on each of the -j files at once.
inline constexpr size_t kMaxMaxDiagnostics = 1000000;

// conformance run: the largest --timeout (a day) and --memory (1 TiB).
inline constexpr size_t kMaxReaderSeconds = 86400;
inline constexpr size_t kMaxReaderMemoryMib = size_t{1} << 20;

enum class CliCommand {
  kHelp,
  kVersion,
  kValidate,
  kExplain,
  kSchema,
  kReport,
  kPlan,
  kTriage,
  kCodes,
  kMeta,
  kSizes,
  kPages,
  kDictionary,
  kBloom,
  kCat,
  kConformance,
};
enum class CliFormat { kText, kJson, kJsonl, kSarif, kMarkdown, kCsv, kHtml };

struct CliArgs {
  CliCommand command = CliCommand::kHelp;
  // The command's first format unless --format says otherwise.
  CliFormat format = CliFormat::kText;
  size_t max_diagnostics = Options().max_diagnostics;
  Level level = Options().level;
  // Every command: no notes on stderr (the inspecting commands' list of an
  // invalid file's diagnostics among them); validate prints no report and
  // triage no summary either. Errors are still printed.
  bool quiet = false;
  bool context = false;    // validate: a hex excerpt under each diagnostic.
  bool all_files = false;  // validate: walks keep files without a magic.
  // validate, triage: --select, --ignore, --severity, --strict; validate
  // also --fail-on. Applied over the config file's rules.
  FindingsLayer findings;
  std::string config;          // validate, triage: --config FILE.
  bool no_config = false;      // validate, triage: --no-config.
  std::string baseline;        // validate: --baseline FILE.
  std::string write_baseline;  // validate: --write-baseline FILE.
  // validate: --files-from FILE, more PATHs one a line ("-": stdin).
  std::string files_from;
  // validate: --header, "Name: value" for each HTTP request.
  std::vector<std::string> headers;
  // Every command that reads a file's contents: the keys of an encrypted
  // Parquet file from --footer-key, --column-key, --key-id and
  // --aad-prefix, then --keys FILE (keys_file.h) behind them.
  DecryptionKeys keys;
  std::string keys_file;
  // kHelp: the command whose help was asked for ("validate --help"), or
  // empty for the whole usage.
  std::string help_command;
  size_t jobs = 1;  // validate, triage: files checked in parallel.
  // validate, triage: --threads N, threads for the column chunks of one
  // file; unset shares the processors among the -j files (ThreadsPerFile).
  std::optional<size_t> threads;
  bool footer = false;  // explain: the footer's Thrift fields too.
  bool data = false;    // plan: count the values each hazard affects.
  bool raw = false;     // meta: the footer's fields, as explain --footer.
  std::string output;   // report: the HTML file; triage: the directory.
  // cat: --head N, the most rows; --columns, the dotted paths of the
  // fields kept (all when empty); --row-group or --stripe K, or -1.
  uint64_t head = std::numeric_limits<uint64_t>::max();
  std::vector<std::string> columns;
  int64_t group = -1;
  // codes: the codes that its CODE or GROUP arguments (in `paths`) name,
  // in registry order; empty for all of them.
  std::vector<Code> codes;
  // conformance: --reader NAME[=COMMAND] each, --suite DIR, --case globs,
  // and run's limits (0: the default).
  std::vector<std::string> readers;
  std::string suite;
  std::vector<std::string> cases;
  size_t timeout_seconds = 0;
  size_t memory_mib = 0;
  std::vector<std::string> paths;
};

// Options::threads for one file of a run on `jobs` threads (resolved):
// --threads as given, else one per processor (0, which the library applies
// to files of a few MiB and more) when files go one at a time, else the
// processors left to each of the `jobs` files.
size_t ThreadsPerFile(const CliArgs& args, size_t jobs);

// The text printed by --help: every command's synopsis and what it does,
// and the options that every command takes.
std::string_view UsageText();
// The help of one command ("validate"): its synopsis, what it does and only
// its options, each worded for that command. Empty for an unknown command.
std::string CommandHelpText(std::string_view command);

// The name of every command, in the order --help lists them.
std::vector<std::string_view> CommandNames();

// The code or group name closest to `name` by edit distance (a code's name
// after its group counts as well), or empty when none is close enough to be
// what was meant.
std::string_view SuggestCodeName(std::string_view name);

// Parses the arguments after the program name. Returns false with a one-line
// `error` (without the "colcheck: " prefix) on a usage error; the caller then
// exits with status 2. An empty `args` is a usage error too. The commands,
// their synopses and options are those of UsageText():
//
//   colcheck COMMAND [OPTION...] ARGUMENT...
//   colcheck COMMAND --help
//   colcheck --help | -h | help | --version
//
// Options may come before or after paths, as `--opt value` or `--opt=value`;
// `--` ends the options. -h/--help and --version win wherever they appear;
// after a command, --help asks for that command's help. --select, --ignore
// and --severity repeat and take comma-separated lists. Every command takes
// -q; otherwise each command accepts only its own options and formats.
// Counts above their maximum (kMaxJobs, kMaxThreadsPerFile,
// kMaxMaxDiagnostics, kMaxGroup) are usage errors, as are unknown codes for
// `codes`.
bool ParseCliArgs(std::span<const std::string_view> args, CliArgs* out,
                  std::string* error);

}  // namespace colcheck

#endif  // COLCHECK_CLI_ARGS_H_
