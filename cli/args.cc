#include "cli/args.h"

#include <algorithm>
#include <charconv>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "cli/keys_file.h"
#include "core/ordered_runner.h"
#include "core/strings.h"

namespace colcheck {
namespace {

// The global --help: the synopses (from kCommands) come first.
constexpr std::string_view kUsageIntro = R"(
A strict validator for Parquet and ORC files: every fault it finds is
reported with the exact byte span of the file that it concerns.

Commands:
)";

constexpr std::string_view kCommonOptions = R"(
Options of every command:
  -q, --quiet            Print no notes on stderr (validate: no report either;
                         triage: no summary). Errors are still printed.
  -h, --help             Print this help and exit; after a COMMAND, its own.
  --version              Print the version and exit.

The other options belong to some commands only; 'colcheck COMMAND --help'
lists those of COMMAND.
)";

constexpr std::string_view kExitStatus = R"(
Exit status:
  0  every file is valid, encrypted or unsupported (warnings allowed; see
     --fail-on)
  1  at least one file is invalid (or, with --fail-on, has a finding of
     that severity)
  2  usage error, or a path could not be read (message on stderr)
)";

// What each command accepts.
enum OptionBit : uint64_t {
  kOptFormat = uint64_t{1} << 0,
  kOptLevel = uint64_t{1} << 1,
  kOptMaxDiagnostics = uint64_t{1} << 2,
  kOptQuiet = uint64_t{1} << 3,
  kOptContext = uint64_t{1} << 4,
  kOptJobs = uint64_t{1} << 5,
  kOptFooter = uint64_t{1} << 6,
  kOptData = uint64_t{1} << 7,
  kOptOutput = uint64_t{1} << 8,
  kOptAllFiles = uint64_t{1} << 9,
  kOptFailOn = uint64_t{1} << 10,
  kOptSelect = uint64_t{1} << 11,
  kOptIgnore = uint64_t{1} << 12,
  kOptSeverity = uint64_t{1} << 13,
  kOptStrict = uint64_t{1} << 14,
  kOptConfig = uint64_t{1} << 15,
  kOptNoConfig = uint64_t{1} << 16,
  kOptBaseline = uint64_t{1} << 17,
  kOptWriteBaseline = uint64_t{1} << 18,
  kOptThreads = uint64_t{1} << 19,
  kOptFilesFrom = uint64_t{1} << 20,
  kOptHeader = uint64_t{1} << 21,
  kOptRaw = uint64_t{1} << 22,
  kOptHead = uint64_t{1} << 23,
  kOptColumns = uint64_t{1} << 24,
  kOptGroup = uint64_t{1} << 25,  // --row-group and --stripe, one option.
  kOptReader = uint64_t{1} << 26,
  kOptSuite = uint64_t{1} << 27,
  kOptTimeout = uint64_t{1} << 28,
  kOptMemory = uint64_t{1} << 29,
  kOptCase = uint64_t{1} << 30,
  kOptFooterKey = uint64_t{1} << 31,
  kOptColumnKey = uint64_t{1} << 32,
  kOptKeyId = uint64_t{1} << 33,
  kOptAadPrefix = uint64_t{1} << 34,
  kOptKeys = uint64_t{1} << 35,
};

constexpr uint64_t kOptFindings = kOptSelect | kOptIgnore | kOptSeverity |
                                  kOptStrict | kOptConfig | kOptNoConfig;
// The keys of Parquet Modular Encryption, for every command that reads a
// file's contents.
constexpr uint64_t kOptDecryption =
    kOptFooterKey | kOptColumnKey | kOptKeyId | kOptAadPrefix | kOptKeys;

// The help of each option, in the order a command's --help lists them. An
// option worded differently for some commands has an entry per wording:
// the first entry whose `commands` holds the command wins, and one without
// commands is the wording for the rest. `text` is one paragraph, wrapped
// when printed; kOptFormat's is built from the command's formats instead.
struct OptionHelp {
  uint64_t bit;
  std::string_view heading;  // "-j, --jobs N"
  std::string_view text;
  std::initializer_list<CliCommand> commands;
};

// The counts in the texts below.
static_assert(kMaxJobs == 256 && kMaxThreadsPerFile == 256 &&
                  kMaxMaxDiagnostics == 1000000,
              "update the -j, --threads and --max-diagnostics help");

const OptionHelp kOptionHelp[] = {
    {kOptFormat, "--format FORMAT", "", {}},
    {kOptHead,
     "--head N",
     "Print at most the first N rows (the whole file is still validated).",
     {}},
    {kOptColumns,
     "--columns PATH,...",
     "Print only these fields, each a dotted path as schema prints it (a.b "
     "keeps struct a with its field b only). Repeatable, or comma-separated.",
     {}},
    {kOptGroup,
     "--row-group, --stripe K",
     "Print only the rows of row group (ORC: stripe) K, counted from 0.",
     {}},
    {kOptReader,
     "--reader NAME[=COMMAND]",
     "A reader to run the cases through (repeatable). COMMAND gets each "
     "case's file as its last argument and prints the rows as canonical JSON "
     "Lines, or exits non-zero; without =COMMAND, the command of profile "
     "NAME.json.",
     {}},
    {kOptSuite,
     "--suite DIR",
     "The suite (its manifest.json); default the one colcheck was built "
     "with. Profiles are read from DIR/../profiles.",
     {}},
    {kOptCase,
     "--case PATTERN",
     "Only the cases whose id matches PATTERN, a glob such as 'n_page.*' "
     "(repeatable, or comma-separated).",
     {}},
    {kOptTimeout,
     "--timeout SECONDS",
     "Kill a reader after SECONDS on one case: a hang (default 60).",
     {}},
    {kOptMemory,
     "--memory MIB",
     "Kill a reader whose process group holds more than MIB MiB resident: "
     "a crash (default 4096).",
     {}},
    {kOptContext,
     "--context",
     "Text format: show the bytes around each diagnostic's span in hex, the "
     "span underlined.",
     {}},
    {kOptJobs,
     "-j, --jobs N",
     "Validate N files at a time (default 1; 0 means one per processor; at "
     "most 256, and never more than there are files). Output keeps the input "
     "order.",
     {CliCommand::kValidate}},
    {kOptJobs,
     "-j, --jobs N",
     "Run N cases at a time (default 1; 0 means one per processor; "
     "at most 256). The results are the same for any N, but time limits "
     "bite sooner on a loaded machine.",
     {CliCommand::kConformance}},
    {kOptJobs,
     "-j, --jobs N",
     "Validate N files at a time (default 1; 0 means one per processor; at "
     "most 256, and never more than there are files). The triage is the same "
     "for any N.",
     {}},
    {kOptThreads,
     "--threads N",
     "Check the column chunks of one Parquet file on N threads (0: one per "
     "processor; at most 256). By default the processors are shared among "
     "the -j files. The output is the same for any N.",
     {}},
    {kOptLevel,
     "--level LEVEL",
     "How deep to check: footer (the metadata only), pages (also every page "
     "header, without decompressing) or full (default: also bodies, levels, "
     "values, statistics, page index, bloom filters, checksums).",
     {}},
    {kOptMaxDiagnostics,
     "--max-diagnostics N",
     "Keep at most N diagnostics per file (default 10000, at most 1000000); "
     "a limits.too-many-diagnostics info marks the cut.",
     {}},
    {kOptFooter,
     "--footer",
     "Also every field of the footer (Thrift; ORC: protobuf) with its byte "
     "span, as an indented tree.",
     {}},
    {kOptRaw,
     "--raw",
     "Every field of the footer (Thrift; ORC: protobuf) with its byte span, "
     "as an indented tree, instead of the decoded view.",
     {}},
    {kOptData,
     "--data",
     "Also read the values and count those each hazard affects (the file is "
     "then validated in full).",
     {}},
    {kOptOutput,
     "-o, --output FILE",
     "The HTML file to write (required). It is replaced whole or not at all.",
     {CliCommand::kReport}},
    {kOptOutput,
     "-o, --output PATH",
     "Where run puts results.json and the reproducer bundles (a directory, "
     "default conformance-results), or the file that report writes (default "
     "stdout).",
     {CliCommand::kConformance}},
    {kOptOutput,
     "-o, --output DIR",
     "The directory for triage.md and triage.json (default: the current "
     "directory).",
     {}},
    {kOptQuiet,
     "-q, --quiet",
     "Print no report and no notes: only the exit status tells. Errors (a "
     "path that cannot be read) and the count of files a directory walk "
     "skipped still go to stderr.",
     {CliCommand::kValidate}},
    {kOptQuiet,
     "-q, --quiet",
     "Print no line on stderr about the page written; the exit status tells "
     "the verdict.",
     {CliCommand::kReport}},
    {kOptQuiet,
     "-q, --quiet",
     "Print no summary on stdout; triage.md, triage.json and the exit status "
     "tell. Errors still go to stderr.",
     {CliCommand::kTriage}},
    {kOptQuiet,
     "-q, --quiet",
     "Accepted as by every command; codes prints nothing on stderr anyway.",
     {CliCommand::kCodes}},
    {kOptQuiet,
     "-q, --quiet",
     "Print nothing on stderr: neither where reading stopped nor an invalid "
     "file's diagnostics; the exit status still tells.",
     {CliCommand::kCat}},
    {kOptQuiet,
     "-q, --quiet",
     "Print nothing on stderr about an invalid file's diagnostics; the "
     "exit status still tells.",
     {}},
    {kOptAllFiles,
     "--all-files",
     "A directory gives all its regular files, with or without a magic or a "
     "Parquet or ORC name.",
     {}},
    {kOptFailOn,
     "--fail-on SEVERITY",
     "Exit 1 when a file has a finding of this severity or a more severe "
     "one: error (default), warning, info; never: exit 1 for no finding "
     "(exit 2 still means usage or I/O errors). The verdicts in the report "
     "do not change.",
     {}},
    {kOptSelect,
     "--select PATTERN",
     "Report only the codes PATTERN names: a code "
     "(stats.null-count-mismatch), a group (stats.* or stats) or all. "
     "Repeatable, or comma-separated.",
     {}},
    {kOptIgnore,
     "--ignore PATTERN",
     "Drop the codes PATTERN names: they are not reported, counted nor part "
     "of the verdict. Repeatable, or comma-separated.",
     {}},
    {kOptSeverity,
     "--severity PATTERN=SEVERITY",
     "Report those codes as error, warning or info; the verdict follows. "
     "Repeatable, or comma-separated.",
     {}},
    {kOptStrict,
     "--strict",
     "Every warning is an error: every spec violation fails, harmful or not "
     "(limits.* excepted, which are colcheck's own limits). --severity wins.",
     {}},
    {kOptConfig,
     "--config FILE",
     "Read the findings rules from FILE instead of the nearest .colcheck.yaml "
     "in the working directory or a parent (docs/config.md). Flags win over "
     "it.",
     {}},
    {kOptNoConfig, "--no-config", "Read no .colcheck.yaml.", {}},
    {kOptBaseline,
     "--baseline FILE",
     "Drop the findings FILE lists (by path, or by content for a moved file; "
     "code; field), so only new ones are reported and fail the run.",
     {}},
    {kOptWriteBaseline,
     "--write-baseline FILE",
     "Write every finding of this run to FILE as a baseline (JSON).",
     {}},
    {kOptFilesFrom,
     "--files-from FILE",
     "Also the paths FILE lists, one a line (- reads the list from standard "
     "input).",
     {}},
    {kOptFooterKey,
     "--footer-key HEX",
     "Parquet Modular Encryption: the footer key, 32, 48 or 64 hex digits "
     "(AES-128, -192, -256). Also the key of the columns encrypted with it.",
     {}},
    {kOptColumnKey,
     "--column-key PATH=HEX",
     "The key of the column at dotted PATH (a.b.c). Repeatable.",
     {}},
    {kOptKeyId,
     "--key-id ID=HEX",
     "The key whose key id (the key_metadata a file stores, such as kc1) is "
     "ID, for the footer or any column. Repeatable.",
     {}},
    {kOptAadPrefix,
     "--aad-prefix TEXT",
     "The AAD prefix of a file that does not store it "
     "(supply_aad_prefix).",
     {}},
    {kOptKeys,
     "--keys FILE",
     "The keys from a YAML (or JSON) file: footer_key, column_keys "
     "{PATH: HEX}, key_ids {ID: HEX}, aad_prefix (docs/encryption.md). "
     "Flags win over it. No key is ever printed.",
     {}},
    {kOptHeader,
     "-H, --header 'NAME: VALUE'",
     "Send this header with every request for an http:// or https:// input "
     "(repeatable), such as 'Authorization: Bearer TOKEN'.",
     {}},
};

// What --format FORMAT means beyond its name, when it says more than that.
// As with kOptionHelp, the first entry whose `commands` holds the command
// wins, and one without commands is the note for the rest.
struct FormatNote {
  CliFormat format;
  std::string_view note;
  std::initializer_list<CliCommand> commands;
};

const FormatNote kFormatNotes[] = {
    {CliFormat::kJsonl,
     "jsonl is one JSON object per row, keyed by the top-level fields",
     {CliCommand::kCat}},
    {CliFormat::kJsonl, "jsonl is one JSON object per file, streamed", {}},
    {CliFormat::kCsv,
     "csv is RFC 4180 with a header row (a null is an empty field, an empty "
     "string \"\")",
     {}},
    {CliFormat::kJson,
     "json is one document with the rows and where reading stopped",
     {CliCommand::kCat}},
    {CliFormat::kSarif, "sarif is SARIF 2.1.0", {}},
    {CliFormat::kMarkdown, "markdown is the tables of docs/diagnostics.md", {}},
};

constexpr std::string_view kHelpVersionHelp =
    R"(  -h, --help             Print this help and exit.
  --version              Print the version and exit.
)";

struct CommandSpec {
  std::string_view name;
  std::string_view synopsis;     // After "Usage: colcheck ".
  std::string_view description;  // Unindented; --help indents it.
  CliCommand command;
  std::initializer_list<CliFormat> formats;
  uint64_t options;
  size_t min_paths;
  size_t max_paths;  // SIZE_MAX: any number.
};

constexpr size_t kAny = static_cast<size_t>(-1);

const CommandSpec kCommands[] = {
    {"validate",
     R"(validate [--format text|json|jsonl|sarif] [--context] [-j N]
                [--threads N] [--level footer|pages|full]
                [--max-diagnostics N] [-q] [--all-files]
                [--fail-on error|warning|info|never]
                [--select P] [--ignore P] [--severity P=S] [--strict]
                [--config FILE | --no-config]
                [--baseline FILE | --write-baseline FILE]
                [--files-from FILE] [--header 'NAME: VALUE']
                [--keys FILE] [--footer-key HEX] [--column-key PATH=HEX]
                [--key-id ID=HEX] [--aad-prefix TEXT]
                PATH|URL...
)",
     R"(Validate each PATH. A directory is searched recursively, in
sorted order, for Parquet files (PAR1 or PARE magic at the start
or end, or a .parquet, .parq or .pq name) and ORC files (ORC at
the start, or an .orc name); symbolic links to directories are
not followed, and the other files are counted as skipped. A file
named explicitly is always validated, whatever its content. A run
of several files ends with a table of findings per code. A PATH
of - is standard input, copied first to a temporary file. An
http:// or https:// URL is read with Range requests: the file's
tail first, then only what the level needs (retried on
connection errors, 5xx and 429).
)",
     CliCommand::kValidate,
     {CliFormat::kText, CliFormat::kJson, CliFormat::kJsonl, CliFormat::kSarif},
     kOptFormat | kOptLevel | kOptMaxDiagnostics | kOptQuiet | kOptContext |
         kOptJobs | kOptThreads | kOptAllFiles | kOptFailOn | kOptFindings |
         kOptBaseline | kOptWriteBaseline | kOptFilesFrom | kOptHeader |
         kOptDecryption,
     0,
     kAny},
    {"explain",
     "explain [--format text|json] [--footer] [-q] FILE\n",
     R"(Print the layout of FILE: every region from the magic to the
tail (row groups, column chunks, pages, page indexes, bloom
filters, footer), with the gaps and overlaps between them.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kExplain,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptFooter | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"schema",
     "schema [--format text|json] [-q] FILE\n",
     R"(Print the schema of FILE in the Dremel notation, one field per
line, each leaf with its column index and maximum levels.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kSchema,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"report",
     "report [--level footer|pages|full] [-q] -o OUT.html FILE\n",
     R"(Write one self-contained HTML page about FILE: a byte map, the
diagnostics linked to a hex view, the schema and the columns.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kReport,
     {},
     kOptLevel | kOptOutput | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"meta",
     "meta [--format text|json] [--raw] [-q] FILE\n",
     R"(Print the decoded metadata of FILE: the schema, every row group
(stripe) and column with codec, encodings, sizes, value counts
and statistics typed by the column's type, the key-value (user)
metadata in full and the writer; for ORC also the file's and
each stripe's statistics.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kMeta,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptRaw | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"sizes",
     "sizes [--format text|json] [-q] FILE\n",
     R"(Print where the bytes of FILE go: data, dictionaries, indexes,
bloom filters, metadata and gaps, and per column its bytes by
kind and its compressed and uncompressed sizes.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kSizes,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"pages",
     "pages [--format text|json] [-q] FILE\n",
     R"(Print every page of FILE (ORC: every stream of every stripe):
offsets, sizes, encoding, values, nulls, rows and first row, with
what the column and offset index say of each data page (min, max,
null count, boundary order, first row index); disagreements are
marked with !!.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kPages,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"dictionary",
     "dictionary [--format text|json] [-q] FILE COLUMN\n",
     R"(Print the dictionary pages of a Parquet column, every entry typed
by the column's type, one page per row group that has one. COLUMN
is a leaf's dotted path, as schema prints it, or its index.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kDictionary,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptQuiet | kOptHeader | kOptDecryption,
     2,
     2},
    {"bloom",
     "bloom [--format text|json] [-q] FILE COLUMN VALUE...\n",
     R"(Say of each VALUE whether the column's bloom filters may contain
it or definitely not, per row group (ORC: per row group of each
stripe). COLUMN is a dotted path, as schema prints it, or its
index (ORC: column id). Each VALUE is parsed by the column's
type: 42, 1.5, true, 12.34, 2024-01-01, 2024-01-01T12:00:00Z,
a UUID, text, or bytes with \xHH escapes. A value that does not
parse is an error. Negative numbers need no --.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kBloom,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptQuiet | kOptHeader,
     3,
     kAny},
    {"cat",
     R"(cat [--format jsonl|csv|json] [--head N] [--columns PATH,...]
                [--row-group K | --stripe K] [-q] FILE
)",
     R"(Print the rows of FILE as colcheck decodes them, with the
decoders of the validation: JSON Lines (default), CSV or one
JSON document, each value in one canonical text (README.md).
A file with faults gives the rows before the first fault that
breaks a column and says on stderr where reading stopped
(exit 1).
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kCat,
     {CliFormat::kJsonl, CliFormat::kCsv, CliFormat::kJson},
     kOptFormat | kOptHead | kOptColumns | kOptGroup | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"plan",
     "plan [--format text|json] [--data] [-q] FILE\n",
     R"(Print how each column of FILE arrives in common readers (Arrow
and pandas, R, JavaScript) and where values lose precision.
FILE may be - (standard input) or an http(s) URL, copied first.
)",
     CliCommand::kPlan,
     {CliFormat::kText, CliFormat::kJson},
     kOptFormat | kOptData | kOptQuiet | kOptHeader | kOptDecryption,
     1,
     1},
    {"triage",
     R"(triage [-o DIR] [-j N] [--threads N] [--select P] [--ignore P]
                [--severity P=S] [--strict] [--config FILE | --no-config]
                [-q] PATH...
)",
     R"(Validate many files, group them by the signature of their first
error and write triage.md and triage.json. A directory gives
all its regular files, with or without a magic.
)",
     CliCommand::kTriage,
     {},
     kOptOutput | kOptJobs | kOptThreads | kOptFindings | kOptQuiet |
         kOptDecryption,
     1,
     kAny},
    {"codes",
     "codes [--format text|json|markdown] [-q] [CODE|GROUP...]\n",
     R"(List the diagnostic codes with their default severity: every
code, or those each CODE (stats.nan-bound) or GROUP (stats or
stats.*) names. When only CODEs are named, each gets its whole
entry: severity, group, spec citation and summary. The markdown
format of every code is docs/diagnostics.md.
)",
     CliCommand::kCodes,
     {CliFormat::kText, CliFormat::kJson, CliFormat::kMarkdown},
     kOptFormat | kOptQuiet,
     0,
     kAny},
    {"conformance",
     R"(conformance run --reader NAME[=COMMAND]... [--suite DIR]
                [--case PATTERN] [--timeout SECONDS] [--memory MIB]
                [-j N] [-o DIR] [--format text|json] [-q]
       colcheck conformance report [--format text|json|html] [-o FILE]
                RESULTS.json...
       colcheck conformance export [--suite DIR] DIR
       colcheck conformance list [--suite DIR] [--case PATTERN]
                [--format text|json]
)",
     R"(Run readers over the conformance suite (conformance/README.md):
every y_ case must read to its expected rows, every n_ case
must be rejected, an i_ case may be either. run writes
DIR/results.json and a reproducer bundle for each crash, hang
and misread, and prints the counts; it exits 1 when a reader
failed a case. report renders one or more runs as a matrix.
export copies the suite, its profiles and README to DIR, for
projects that run it without colcheck. list prints the cases.
)",
     CliCommand::kConformance,
     {CliFormat::kText, CliFormat::kJson, CliFormat::kHtml},
     kOptFormat | kOptQuiet | kOptReader | kOptSuite | kOptCase | kOptTimeout |
         kOptMemory | kOptJobs | kOptOutput,
     1,
     kAny},
};

const CommandSpec* FindCommand(std::string_view name) {
  for (const CommandSpec& spec : kCommands) {
    if (spec.name == name) return &spec;
  }
  return nullptr;
}

std::string_view FormatName(CliFormat format) {
  switch (format) {
    case CliFormat::kText:
      return "text";
    case CliFormat::kJson:
      return "json";
    case CliFormat::kJsonl:
      return "jsonl";
    case CliFormat::kSarif:
      return "sarif";
    case CliFormat::kMarkdown:
      return "markdown";
    case CliFormat::kCsv:
      return "csv";
    case CliFormat::kHtml:
      return "html";
  }
  return "";
}

// "text, json or markdown"
std::string FormatList(const CommandSpec& spec) {
  std::string list;
  size_t i = 0;
  for (const CliFormat format : spec.formats) {
    if (i > 0) list += i + 1 == spec.formats.size() ? " or " : ", ";
    list += FormatName(format);
    ++i;
  }
  return list;
}

bool ParseFormat(std::string_view value, const CommandSpec& spec,
                 CliFormat* out) {
  for (const CliFormat format : spec.formats) {
    if (value == FormatName(format)) {
      *out = format;
      return true;
    }
  }
  return false;
}

// Splits "--name=value" so both spellings share one code path.
struct Option {
  std::string_view name;
  std::optional<std::string_view> inline_value;
};

// Also splits the attached short forms "-j4" and "-oDIR", as make and cc
// users type them.
Option SplitOption(std::string_view arg) {
  const size_t equals = arg.find('=');
  if (arg.starts_with("--") && equals != std::string_view::npos) {
    return {arg.substr(0, equals), arg.substr(equals + 1)};
  }
  if (arg.size() > 2 && (arg.starts_with("-j") || arg.starts_with("-o"))) {
    return {arg.substr(0, 2), arg.substr(2)};
  }
  return {arg, std::nullopt};
}

bool ParseLevel(std::string_view value, Level* out) {
  for (const Level level : {Level::kFooter, Level::kPages, Level::kFull}) {
    if (value == LevelName(level)) {
      *out = level;
      return true;
    }
  }
  return false;
}

enum class CountParse { kOk, kNotANumber, kTooLarge };

// A decimal count up to `max`. Digits beyond what size_t holds are too
// large rather than not a number, so the message can say what would do.
CountParse ParseCount(std::string_view value, size_t max, size_t* out) {
  if (value.empty()) return CountParse::kNotANumber;
  const char* end = value.data() + value.size();
  size_t count = 0;
  const auto [ptr, ec] = std::from_chars(value.data(), end, count);
  if (ptr != end) return CountParse::kNotANumber;
  if (ec == std::errc::result_out_of_range) return CountParse::kTooLarge;
  if (ec != std::errc()) return CountParse::kNotANumber;
  if (count > max) return CountParse::kTooLarge;
  *out = count;
  return CountParse::kOk;
}

// Levenshtein distance, for suggesting a code name.
size_t EditDistance(std::string_view a, std::string_view b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1,
                         diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

// An "unknown code 'X'" or "unknown code group 'X'" message from
// ResolveCodePattern, with a suggestion for X when one is close, else
// `otherwise`.
std::string WithCodeSuggestion(std::string message,
                               std::string_view otherwise) {
  const size_t open = message.find('\'');
  const size_t close = message.rfind('\'');
  std::string_view suggestion;
  if (message.starts_with("unknown code") && open != std::string::npos &&
      close > open) {
    std::string_view name =
        std::string_view(message).substr(open + 1, close - open - 1);
    if (name.ends_with(".*")) name.remove_suffix(2);
    suggestion = SuggestCodeName(name);
  }
  if (suggestion.empty()) return message + std::string(otherwise);
  return message + " (did you mean '" + std::string(suggestion) + "'?)";
}

// The option `name` (already split from any "=value") as its bit, or 0.
uint64_t OptionBitOf(std::string_view name) {
  if (name == "--format") return kOptFormat;
  if (name == "--level") return kOptLevel;
  if (name == "--max-diagnostics") return kOptMaxDiagnostics;
  if (name == "--quiet" || name == "-q") return kOptQuiet;
  if (name == "--context") return kOptContext;
  if (name == "--jobs" || name == "-j") return kOptJobs;
  if (name == "--threads") return kOptThreads;
  if (name == "--footer") return kOptFooter;
  if (name == "--data") return kOptData;
  if (name == "--raw") return kOptRaw;
  if (name == "--output" || name == "-o") return kOptOutput;
  if (name == "--all-files") return kOptAllFiles;
  if (name == "--fail-on") return kOptFailOn;
  if (name == "--select") return kOptSelect;
  if (name == "--ignore") return kOptIgnore;
  if (name == "--severity") return kOptSeverity;
  if (name == "--strict") return kOptStrict;
  if (name == "--config") return kOptConfig;
  if (name == "--no-config") return kOptNoConfig;
  if (name == "--baseline") return kOptBaseline;
  if (name == "--write-baseline") return kOptWriteBaseline;
  if (name == "--files-from") return kOptFilesFrom;
  if (name == "--header" || name == "-H") return kOptHeader;
  if (name == "--head") return kOptHead;
  if (name == "--columns") return kOptColumns;
  if (name == "--row-group" || name == "--stripe") return kOptGroup;
  if (name == "--reader") return kOptReader;
  if (name == "--suite") return kOptSuite;
  if (name == "--timeout") return kOptTimeout;
  if (name == "--memory") return kOptMemory;
  if (name == "--case") return kOptCase;
  if (name == "--footer-key") return kOptFooterKey;
  if (name == "--column-key") return kOptColumnKey;
  if (name == "--key-id") return kOptKeyId;
  if (name == "--aad-prefix") return kOptAadPrefix;
  if (name == "--keys") return kOptKeys;
  return 0;
}

bool IsAsciiDigit(char c) { return c >= '0' && c <= '9'; }

// Parses the options and paths after the command name.
class CommandParser {
 public:
  CommandParser(const CommandSpec& spec, std::span<const std::string_view> args,
                CliArgs* out, std::string* error)
      : spec_(spec), args_(args), out_(out), error_(error) {}

  bool Parse() {
    bool options_done = false;
    for (i_ = 1; i_ < args_.size(); ++i_) {
      const std::string_view arg = args_[i_];
      // bloom's VALUEs may be negative numbers, which no option looks
      // like.
      const bool negative_value = spec_.command == CliCommand::kBloom &&
                                  arg.size() > 1 &&
                                  (IsAsciiDigit(arg[1]) || arg[1] == '.');
      if (options_done || !arg.starts_with("-") || arg == "-" ||
          negative_value) {
        out_->paths.emplace_back(arg);
        continue;
      }
      if (arg == "--") {
        options_done = true;
        continue;
      }
      if (!ParseOption(arg)) return false;
    }
    return CheckPaths();
  }

 private:
  bool Fail(std::string message) {
    *error_ = std::move(message);
    return false;
  }

  // An AES key in hex: 32, 48 or 64 digits. The message never holds the
  // digits.
  bool ParseKey(std::string_view option, std::string_view hex,
                std::string* key) {
    if (!DecodeHexKey(hex, key)) {
      return Fail(StrCat(option, " needs a key of 32, 48 or 64 hex digits "
                         "(AES-128, -192 or -256); got ", hex.size(),
                         " characters"));
    }
    return true;
  }

  // Fetches the option's value from "=value" or from the next argument.
  bool Value(const Option& option, std::string_view* result) {
    if (option.inline_value) {
      *result = *option.inline_value;
      return true;
    }
    if (i_ + 1 >= args_.size()) {
      return Fail("option '" + std::string(option.name) + "' needs a value");
    }
    *result = args_[++i_];
    return true;
  }

  bool ParseOption(std::string_view arg) {
    const Option option = SplitOption(arg);
    const uint64_t bit = OptionBitOf(option.name);
    if (bit == 0) return Fail("unknown option '" + std::string(arg) + "'");
    if ((spec_.options & bit) == 0) {
      return Fail(std::string(spec_.name) + " takes no option '" +
                  std::string(option.name) + "'");
    }
    const bool flag = bit == kOptQuiet || bit == kOptContext ||
                      bit == kOptFooter || bit == kOptData || bit == kOptRaw ||
                      bit == kOptAllFiles || bit == kOptStrict ||
                      bit == kOptNoConfig;
    if (flag) {
      if (option.inline_value) {
        return Fail("option '" + std::string(option.name) + "' takes no value");
      }
      if (bit == kOptQuiet) out_->quiet = true;
      if (bit == kOptContext) out_->context = true;
      if (bit == kOptFooter) out_->footer = true;
      if (bit == kOptData) out_->data = true;
      if (bit == kOptRaw) out_->raw = true;
      if (bit == kOptAllFiles) out_->all_files = true;
      if (bit == kOptStrict) out_->findings.strict = true;
      if (bit == kOptNoConfig) out_->no_config = true;
      return true;
    }
    std::string_view text;
    if (!Value(option, &text)) return false;
    switch (bit) {
      case kOptFormat:
        if (!ParseFormat(text, spec_, &out_->format)) {
          return Fail("unknown format '" + std::string(text) + "' for " +
                      std::string(spec_.name) + " (" + FormatList(spec_) + ")");
        }
        return true;
      case kOptFailOn: {
        FailOn fail_on;
        if (!ParseFailOn(text, &fail_on)) {
          return Fail("unknown severity '" + std::string(text) +
                      "' for --fail-on (error, warning, info or never)");
        }
        out_->findings.fail_on = fail_on;
        return true;
      }
      case kOptSelect:
      case kOptIgnore: {
        std::vector<Code>* codes = &out_->findings.ignore;
        if (bit == kOptSelect) {
          if (!out_->findings.select) out_->findings.select.emplace();
          codes = &*out_->findings.select;
        }
        std::string message;
        if (!ParseCodeList(text, codes, &message)) {
          return Fail(std::string(option.name) + ": " +
                      WithCodeSuggestion(message, " (see 'colcheck codes')"));
        }
        return true;
      }
      case kOptSeverity: {
        std::string message;
        if (!ParseSeverityList(text, &out_->findings.severities, &message)) {
          return Fail("--severity: " +
                      WithCodeSuggestion(message, " (see 'colcheck codes')"));
        }
        return true;
      }
      case kOptConfig:
      case kOptBaseline:
      case kOptWriteBaseline:
      case kOptFilesFrom: {
        if (text.empty()) {
          return Fail(std::string(option.name) + " needs a non-empty path");
        }
        std::string* target = bit == kOptConfig      ? &out_->config
                              : bit == kOptBaseline  ? &out_->baseline
                              : bit == kOptFilesFrom ? &out_->files_from
                                                     : &out_->write_baseline;
        *target = text;
        return true;
      }
      case kOptLevel:
        if (!ParseLevel(text, &out_->level)) {
          return Fail("unknown level '" + std::string(text) +
                      "' (footer, pages or full)");
        }
        return true;
      case kOptMaxDiagnostics:
        return Count(option.name, text, kMaxMaxDiagnostics,
                     &out_->max_diagnostics);
      case kOptJobs:
        jobs_given_ = true;
        return Count(option.name, text, kMaxJobs, &out_->jobs);
      case kOptThreads: {
        size_t threads = 0;
        if (!Count(option.name, text, kMaxThreadsPerFile, &threads)) {
          return false;
        }
        out_->threads = threads;
        return true;
      }
      case kOptFooterKey:
        return ParseKey(option.name, text, &out_->keys.footer_key);
      case kOptColumnKey:
      case kOptKeyId: {
        const size_t eq = text.rfind('=');
        const std::string_view what = bit == kOptKeyId ? "ID" : "PATH";
        if (eq == std::string_view::npos || eq == 0) {
          return Fail(StrCat(option.name, " needs ", what, "=HEX"));
        }
        auto& keys = bit == kOptKeyId ? out_->keys.key_ids
                                      : out_->keys.column_keys;
        std::string key;
        if (!ParseKey(option.name, text.substr(eq + 1), &key)) return false;
        keys.emplace_back(std::string(text.substr(0, eq)), std::move(key));
        return true;
      }
      case kOptAadPrefix:
        out_->keys.aad_prefix = std::string(text);
        return true;
      case kOptKeys:
        if (text.empty()) return Fail("--keys needs a non-empty path");
        out_->keys_file = text;
        return true;
      case kOptHeader:
        if (text.find(':') == std::string_view::npos || text.front() == ':' ||
            text.find_first_of("\r\n") != std::string_view::npos) {
          return Fail("--header needs 'NAME: VALUE' on one line, got '" +
                      std::string(text) + "'");
        }
        out_->headers.emplace_back(text);
        return true;
      case kOptOutput:
        if (text.empty()) return Fail("--output needs a non-empty path");
        out_->output = text;
        return true;
      case kOptHead: {
        size_t head = 0;
        if (!Count(option.name, text, std::numeric_limits<size_t>::max(),
                   &head)) {
          return false;
        }
        out_->head = head;
        return true;
      }
      case kOptGroup: {
        size_t group = 0;
        if (!Count(option.name, text, kMaxGroup, &group)) return false;
        out_->group = static_cast<int64_t>(group);
        return true;
      }
      case kOptColumns:
        return Columns(text);
      case kOptReader:
        if (text.empty()) return Fail("--reader needs NAME or NAME=COMMAND");
        out_->readers.emplace_back(text);
        return true;
      case kOptSuite:
        if (text.empty()) return Fail("--suite needs a non-empty path");
        out_->suite = text;
        return true;
      case kOptCase:
        return CasePatterns(text);
      case kOptTimeout:
        return PositiveCount(option.name, text, kMaxReaderSeconds,
                             &out_->timeout_seconds);
      case kOptMemory:
        return PositiveCount(option.name, text, kMaxReaderMemoryMib,
                             &out_->memory_mib);
      default:
        return Fail("unknown option '" + std::string(arg) + "'");
    }
  }

  // Parses the count of option `name` into `result`.
  bool Count(std::string_view name, std::string_view text, size_t max,
             size_t* result) {
    switch (ParseCount(text, max, result)) {
      case CountParse::kOk:
        return true;
      case CountParse::kNotANumber:
        return Fail(std::string(name) + " needs a non-negative integer, got '" +
                    std::string(text) + "'");
      case CountParse::kTooLarge:
        break;
    }
    return Fail(std::string(name) + ": " + std::string(text) +
                " is too large (at most " + std::to_string(max) + ")");
  }

  // A count of at least 1 (--timeout, --memory).
  bool PositiveCount(std::string_view name, std::string_view text, size_t max,
                     size_t* result) {
    if (!Count(name, text, max, result)) return false;
    if (*result > 0) return true;
    return Fail(std::string(name) + " needs at least 1, got '" +
                std::string(text) + "'");
  }

  // Adds the comma-separated items of `text` to `out` when `valid` accepts
  // each; else fails with "OPTION needs WHAT separated by commas".
  bool CommaList(std::string_view text, bool (*valid)(std::string_view),
                 std::string_view option, std::string_view what,
                 std::vector<std::string>* out) {
    std::string_view rest = text;
    while (true) {
      const size_t comma = rest.find(',');
      const std::string_view item = rest.substr(0, comma);
      if (!valid(item)) {
        return Fail(std::string(option) + " needs " + std::string(what) +
                    " separated by commas, got '" + std::string(text) + "'");
      }
      out->emplace_back(item);
      if (comma == std::string_view::npos) return true;
      rest.remove_prefix(comma + 1);
    }
  }

  // cat: the comma-separated paths of --columns, added to those before.
  bool Columns(std::string_view text) {
    return CommaList(
        text,
        [](std::string_view path) {
          return !path.empty() && path.front() != '.' && path.back() != '.' &&
                 path.find("..") == std::string_view::npos;
        },
        "--columns", "dotted paths", &out_->columns);
  }

  // conformance: the comma-separated globs of --case.
  bool CasePatterns(std::string_view text) {
    return CommaList(
        text, [](std::string_view glob) { return !glob.empty(); }, "--case",
        "globs", &out_->cases);
  }

  // conformance: SUBCOMMAND [ARGUMENT...] and the options each takes.
  bool CheckConformance() {
    const std::string sub = out_->paths.empty() ? "" : out_->paths.front();
    const size_t args = out_->paths.size() - (sub.empty() ? 0 : 1);
    const bool run = sub == "run", report = sub == "report",
               exported = sub == "export", list = sub == "list";
    if (!run && !report && !exported && !list) {
      return Fail("conformance needs run, report, export or list" +
                  (sub.empty() ? std::string() : ", got '" + sub + "'"));
    }
    if ((run || list) && args > 0) {
      return Fail("conformance " + sub + " takes no arguments, got '" +
                  out_->paths[1] + "'");
    }
    if (report && args == 0) {
      return Fail("conformance report needs at least one RESULTS.json");
    }
    if (exported && args != 1) {
      return Fail("conformance export needs exactly one DIR");
    }
    if (run && out_->readers.empty()) {
      return Fail("conformance run needs at least one --reader");
    }
    if (!run && (!out_->readers.empty() || out_->timeout_seconds ||
                 out_->memory_mib || jobs_given_)) {
      return Fail(
          "--reader, --timeout, --memory and -j are for conformance run");
    }
    if (report && (!out_->suite.empty() || !out_->cases.empty())) {
      return Fail("conformance report takes the suite from its RESULTS.json");
    }
    if (exported && !out_->output.empty()) {
      return Fail("conformance export writes to DIR: -o is not for it");
    }
    if (out_->format == CliFormat::kHtml && !report) {
      return Fail("--format html belongs to conformance report");
    }
    return true;
  }

  // codes: the codes its arguments name, in registry order.
  bool ResolveCodes() {
    std::vector<bool> named(kCodeCount, false);
    for (const std::string& pattern : out_->paths) {
      std::vector<Code> codes;
      std::string message;
      if (!ResolveCodePattern(pattern, &codes, &message)) {
        return Fail(
            WithCodeSuggestion(message, " ('colcheck codes' lists them)"));
      }
      for (const Code code : codes) named[static_cast<size_t>(code)] = true;
    }
    for (const CodeInfo& info : AllCodes()) {
      if (named[static_cast<size_t>(info.code)])
        out_->codes.push_back(info.code);
    }
    return true;
  }

  bool CheckPaths() {
    const size_t n = out_->paths.size();
    const std::string name(spec_.name);
    if (spec_.max_paths == 0 && n > 0) {
      return Fail(name + " takes no arguments, got '" + out_->paths[0] + "'");
    }
    if (spec_.max_paths == 1 && n != 1) {
      return Fail(name + " needs exactly one FILE" +
                  (n == 0 ? std::string() : ", got " + std::to_string(n)));
    }
    if (spec_.min_paths == 2 && spec_.max_paths == 2 && n != 2) {
      return Fail(name + " needs FILE and COLUMN, got " + std::to_string(n) +
                  (n == 1 ? " argument" : " arguments"));
    }
    if (spec_.command == CliCommand::kBloom && n < 3) {
      return Fail("bloom needs FILE, COLUMN and at least one VALUE, got " +
                  std::to_string(n) + (n == 1 ? " argument" : " arguments"));
    }
    if (n < spec_.min_paths) return Fail(name + " needs at least one PATH");
    if (spec_.command == CliCommand::kValidate && n == 0 &&
        out_->files_from.empty()) {
      return Fail("validate needs at least one PATH or --files-from FILE");
    }

    if (spec_.command == CliCommand::kReport && out_->output.empty()) {
      return Fail("report needs -o OUT.html");
    }
    if (out_->context && out_->format != CliFormat::kText) {
      return Fail("--context applies to the text format only");
    }
    if (!out_->config.empty() && out_->no_config) {
      return Fail("--config and --no-config cannot be combined");
    }
    if (!out_->baseline.empty() && !out_->write_baseline.empty()) {
      return Fail("--baseline and --write-baseline cannot be combined");
    }
    if (spec_.command == CliCommand::kCodes) return ResolveCodes();
    if (spec_.command == CliCommand::kConformance) return CheckConformance();
    return true;
  }

  const CommandSpec& spec_;
  std::span<const std::string_view> args_;
  CliArgs* out_;
  std::string* error_;
  size_t i_ = 1;
  bool jobs_given_ = false;
};

// The column where option texts start, and the width they wrap to.
constexpr size_t kHelpIndent = 25;
constexpr size_t kHelpWidth = 79;

// "  HEADING  TEXT" with TEXT wrapped at word boundaries under column
// kHelpIndent; a heading too long for its column puts TEXT on the next line.
void AppendOptionHelp(std::string_view heading, std::string_view text,
                      std::string* out) {
  std::string line = "  " + std::string(heading);
  if (line.size() + 1 > kHelpIndent) {
    *out += line + "\n";
    line.clear();
  }
  line.resize(kHelpIndent, ' ');
  bool line_empty = true;
  while (!text.empty()) {
    const size_t space = text.find(' ');
    const std::string_view word = text.substr(0, space);
    text.remove_prefix(space == std::string_view::npos ? text.size()
                                                       : space + 1);
    if (!line_empty && line.size() + 1 + word.size() > kHelpWidth) {
      *out += line + "\n";
      line.assign(kHelpIndent, ' ');
      line_empty = true;
    }
    if (!line_empty) line += ' ';
    line += word;
    line_empty = false;
  }
  *out += line + "\n";
}

// What --format takes for `spec`: "text (default), json or markdown;
// markdown is ...".
std::string FormatHelp(const CommandSpec& spec) {
  std::string text;
  size_t i = 0;
  for (const CliFormat format : spec.formats) {
    if (i > 0) text += i + 1 == spec.formats.size() ? " or " : ", ";
    text += FormatName(format);
    if (i == 0) text += " (default)";
    ++i;
  }
  for (const CliFormat format : spec.formats) {
    for (const FormatNote& note : kFormatNotes) {
      if (note.format != format) continue;
      if (note.commands.size() > 0 &&
          std::find(note.commands.begin(), note.commands.end(), spec.command) ==
              note.commands.end()) {
        continue;
      }
      text += "; " + std::string(note.note);
      break;
    }
  }
  return text + ".";
}

// The options `spec` accepts, each worded for it, as its --help lists them.
std::string OptionsHelp(const CommandSpec& spec) {
  std::string text;
  unsigned listed = 0;
  for (const OptionHelp& option : kOptionHelp) {
    if ((spec.options & option.bit) == 0 || (listed & option.bit) != 0) {
      continue;
    }
    if (option.commands.size() > 0 &&
        std::find(option.commands.begin(), option.commands.end(),
                  spec.command) == option.commands.end()) {
      continue;
    }
    listed |= option.bit;
    AppendOptionHelp(option.heading,
                     option.bit == kOptFormat ? FormatHelp(spec) : option.text,
                     &text);
  }
  return text + std::string(kHelpVersionHelp);
}

// Every command's synopsis, then what each does, then the options they all
// take. Each command's own options are in its --help only, where they can
// be worded for it.
std::string BuildUsage() {
  std::string text;
  for (const CommandSpec& spec : kCommands) {
    text += text.empty() ? "Usage: colcheck " : "       colcheck ";
    text += spec.synopsis;
  }
  text +=
      "       colcheck --help | --version\n"
      "       colcheck COMMAND --help\n";
  text += kUsageIntro;
  // The descriptions start two columns after the longest name.
  size_t column = 0;
  for (const CommandSpec& spec : kCommands) {
    column = std::max(column, spec.name.size() + 4);
  }
  for (const CommandSpec& spec : kCommands) {
    // The first line follows the name, the rest are indented under it.
    std::string description = "  " + std::string(spec.name);
    description.append(column - description.size(), ' ');
    std::string_view rest = spec.description;
    bool first = true;
    while (!rest.empty()) {
      const size_t newline = rest.find('\n');
      if (!first) description.append(column, ' ');
      description += rest.substr(0, newline + 1);
      rest.remove_prefix(newline + 1);
      first = false;
    }
    text += description;
  }
  text += std::string(kCommonOptions) + std::string(kExitStatus);
  return text;
}

}  // namespace

size_t ThreadsPerFile(const CliArgs& args, size_t jobs) {
  if (args.threads) return *args.threads == 0 ? Processors() : *args.threads;
  if (jobs <= 1) return 0;
  return std::max<size_t>(1, Processors() / jobs);
}

std::string_view UsageText() {
  static const std::string usage = BuildUsage();
  return usage;
}

std::string CommandHelpText(std::string_view command) {
  const CommandSpec* spec = FindCommand(command);
  if (spec == nullptr) return "";
  std::string text = "Usage: colcheck " + std::string(spec->synopsis) + "\n" +
                     std::string(spec->description);
  text += "\nOptions:\n" + OptionsHelp(*spec);
  if (spec->command == CliCommand::kValidate) text += kExitStatus;
  return text;
}

std::vector<std::string_view> CommandNames() {
  std::vector<std::string_view> names;
  for (const CommandSpec& spec : kCommands) names.push_back(spec.name);
  return names;
}

std::string_view SuggestCodeName(std::string_view name) {
  if (name.empty()) return {};
  // Close enough to be a slip of the keyboard: one edit in a short name, up
  // to three in a long one.
  const size_t allowed = name.size() < 5 ? 1 : name.size() < 12 ? 2 : 3;
  std::string_view best;
  size_t best_distance = allowed + 1;
  const auto consider = [&](std::string_view candidate, std::string_view as,
                            std::string_view suggestion) {
    const size_t distance = EditDistance(as, candidate);
    if (distance < best_distance) {
      best_distance = distance;
      best = suggestion;
    }
  };
  const bool dotted = name.find('.') != std::string_view::npos;
  for (const CodeInfo& info : AllCodes()) {
    const size_t dot = info.name.find('.');
    const std::string_view group = info.name.substr(0, dot);
    if (dotted) {
      consider(info.name, name, info.name);
    } else {
      // A group, or a code without its group ("nan-bound").
      consider(group, name, group);
      if (dot != std::string_view::npos) {
        consider(info.name.substr(dot + 1), name, info.name);
      }
    }
  }
  return best;
}

bool ParseCliArgs(std::span<const std::string_view> args, CliArgs* out,
                  std::string* error) {
  *out = CliArgs();
  if (args.empty()) {
    *error = "no command given";
    return false;
  }
  // Help and version take precedence over any other mistake on the line, as
  // users reach for them precisely when unsure of the rest.
  for (const std::string_view arg : args) {
    if (arg == "--") break;
    if (arg == "-h" || arg == "--help") {
      out->command = CliCommand::kHelp;
      if (FindCommand(args[0]) != nullptr) out->help_command = args[0];
      return true;
    }
    if (arg == "--version") {
      out->command = CliCommand::kVersion;
      return true;
    }
  }

  const std::string_view command = args[0];
  if (command == "help") {
    // "help validate" as "validate --help".
    out->command = CliCommand::kHelp;
    if (args.size() > 1) {
      if (FindCommand(args[1]) == nullptr) {
        *error = "unknown command '" + std::string(args[1]) + "'";
        return false;
      }
      out->help_command = args[1];
    }
    return true;
  }
  const CommandSpec* spec = FindCommand(command);
  if (spec == nullptr) {
    *error =
        (command.starts_with("-") ? "unknown option '" : "unknown command '") +
        std::string(command) + "'";
    return false;
  }
  out->command = spec->command;
  if (spec->formats.size() > 0) out->format = *spec->formats.begin();
  return CommandParser(*spec, args, out, error).Parse();
}

}  // namespace colcheck
