// colcheck: a strict validator for columnar file formats.
//
// The public API. Validate a file or a byte span and get a Report: a verdict
// plus every diagnostic, each pointing at an absolute byte span of the input.
// The library never formats output (see reports/) and never throws.
//
//   colcheck::Options options;
//   colcheck::Report report;
//   colcheck::Status status = colcheck::ValidateFile("a.parquet", options,
//                                                    &report);
//   if (!status.ok()) { /* I/O error: status.message() */ }
//   for (const colcheck::Diagnostic& d : report.diagnostics) { ... }

#ifndef COLCHECK_COLCHECK_H_
#define COLCHECK_COLCHECK_H_

#include <cstddef>
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace colcheck {

// The library version, also printed by `colcheck --version` and written into
// the JSON report.
inline constexpr std::string_view kVersion = "0.1.0";

enum class Severity : uint8_t { kInfo, kWarning, kError };

// Every diagnostic code, generated from validator/core/codes.def. Codes are
// stable: once released they are never renamed or reused.
enum class Code : uint16_t {
#define COLCHECK_CODE(id, name, severity, spec, summary) id,
#include "colcheck/codes.def"
#undef COLCHECK_CODE
};

// The number of codes in the registry.
inline constexpr size_t kCodeCount = 0
#define COLCHECK_CODE(id, name, severity, spec, summary) +1
#include "colcheck/codes.def"
#undef COLCHECK_CODE
    ;

// One entry of the code registry.
struct CodeInfo {
  Code code;
  std::string_view name;      // "schema.orphaned-elements"
  Severity severity;          // The default severity.
  std::string_view spec;      // Where the rule comes from.
  std::string_view summary;   // One sentence.
};

// The whole registry, in declaration order.
std::span<const CodeInfo> AllCodes();
const CodeInfo& Info(Code code);
std::string_view SeverityName(Severity severity);  // "error", "warning", ...

// The codes a pattern names: an exact code ("stats.null-count-mismatch"), a
// group ("stats.*" or "stats", every code whose name starts with "stats."),
// or every code ("all" or "*"). Returns false with a one-line `error` for a
// code or group that does not exist; `codes` is then left empty.
bool ResolveCodePattern(std::string_view pattern, std::vector<Code>* codes,
                        std::string* error);

// Which findings a validation keeps, and at which severity: a table with one
// entry per code, consulted as each diagnostic is reported, so the verdict
// and Options::max_diagnostics see the effective severity and a code turned
// off costs nothing downstream. The default keeps every code at its registry
// severity.
//
//   FindingsPolicy policy;
//   policy.SetEnabled(Code::kStatsNullCountMismatch, false);
//   policy.SetSeverity(Code::kSchemaRootRepetition, Severity::kError);
//   policy.set_strict(true);
class FindingsPolicy {
 public:
  // Turns `code` on or off. A code that is off is dropped where it is
  // reported: it is not counted toward max_diagnostics nor the verdict.
  void SetEnabled(Code code, bool enabled);
  // Reports `code` at `severity` whatever its registry severity, and
  // whatever strict says.
  void SetSeverity(Code code, Severity severity);
  // Forgets the SetSeverity of `code`.
  void ClearSeverity(Code code);
  // Strict: every warning is an error, since every spec violation is one,
  // harmful or not. The limits.* codes are colcheck's own limits, not the
  // file's faults, and are never promoted.
  void set_strict(bool strict) { strict_ = strict; }

  bool strict() const { return strict_; }
  bool enabled(Code code) const { return (Entry(code) & kOff) == 0; }
  // The severity SetSeverity gave `code`, if any.
  std::optional<Severity> severity_override(Code code) const;
  // The severity `code` is reported at, or nullopt when it is off.
  std::optional<Severity> Effective(Code code) const;

 private:
  // Bit 7: off. Bits 0-1: 0 for the registry severity, else the override
  // Severity plus one.
  static constexpr uint8_t kOff = 0x80;
  static constexpr uint8_t kSeverityMask = 0x03;
  uint8_t Entry(Code code) const { return table_[static_cast<size_t>(code)]; }

  std::array<uint8_t, kCodeCount> table_{};
  bool strict_ = false;
};

// A finding: a code, and the absolute byte span [offset, offset + length) of
// the input that it concerns. `field` names the place in the format's own
// terms, such as "row_groups[0].columns[3].meta_data.data_page_offset"; it is
// empty for diagnostics about the file as a whole. `column` is the dotted
// path of the one column the diagnostic concerns (docs/columns.md), such as
// "order.items.price"; it is empty when it concerns no single column.
// `known_bug` is the id of the known writer bug (docs/known-writer-bugs.md)
// that explains the finding, when the file's writer matches one; empty
// otherwise.
// Where a fault lies inside decompressed bytes: a compressed Parquet
// page's body (V1) or values section (V2), whose bytes no file span can
// point into. The diagnostic's span is then the whole compressed section.
struct DecompressedSpan {
  uint64_t offset = 0;  // In the decompressed section.
  uint64_t length = 0;
  // With Options::decompressed_excerpts: the decompressed bytes around the
  // span (at most limits::kDecompressedExcerpt of them), from
  // excerpt_offset on.
  uint64_t excerpt_offset = 0;
  std::string excerpt;
};

struct Diagnostic {
  Code code;
  Severity severity;
  uint64_t offset = 0;
  uint64_t length = 0;
  std::string field;
  std::string message;
  // Filled in after the rules run; the default keeps six-value
  // initialisers complete.
  std::string column = {};
  std::string known_bug = {};
  std::optional<DecompressedSpan> decompressed = {};
};

enum class Format : uint8_t { kUnknown, kParquet, kOrc };
std::string_view FormatName(Format format);  // "parquet", "orc", "unknown"

// How many bytes of each end of a file SniffFormat needs.
inline constexpr size_t kSniffBytes = 4;

// The format whose magic a file carries, from its first bytes (`head`) and
// its last bytes (`tail`), kSniffBytes of each or the whole file when it is
// shorter (the two may overlap): ORC when it starts with "ORC" or its
// PostScript's "ORC" stands just before the last byte; else Parquet when
// either end is PAR1 or PARE; else kUnknown. Either end suffices, so a
// file with one damaged end is still recognised. ValidateBytes chooses by
// the same rule.
Format SniffFormat(std::span<const std::byte> head,
                   std::span<const std::byte> tail);

// The format a file's name claims: Parquet for .parquet, .parq and .pq, ORC
// for .orc, in any case; otherwise kUnknown. For Options::expected_format.
Format FormatFromFileName(std::string_view path);

// valid: no error (warnings and infos allowed). invalid: at least one error.
// encrypted: the readable parts have no error but the file is encrypted, so
// some parts were not checked. unsupported: a format or feature colcheck
// recognises but cannot check yet.
enum class Verdict : uint8_t { kValid, kInvalid, kEncrypted, kUnsupported };
std::string_view VerdictName(Verdict verdict);

// How much of a file to check.
enum class Level : uint8_t {
  kFooter,  // The tail and the footer metadata only.
  kPages,   // Also every page header, without decompressing bodies.
  kFull,    // Everything: bodies, levels, values, statistics, page index,
            // bloom filters and checksums.
};
std::string_view LevelName(Level level);  // "footer", "pages", "full"

// Keys for Parquet Modular Encryption (Encryption.md), as readers take
// them: the footer key, column keys by column path or by the key id that a
// file's key_metadata holds, and the AAD prefix of a file that does not
// store it. A key is its raw bytes, 16, 24 or 32 of them (AES-128, -192 or
// -256). No report, message or log holds a key: a diagnostic names a key
// by its column and key id only.
struct DecryptionKeys {
  std::string footer_key;
  // (column path, key): the path dotted as docs/columns.md spells it,
  // "a.b.c", and as a column key's path_in_schema names the column.
  std::vector<std::pair<std::string, std::string>> column_keys;
  // (key id, key): a key id is the whole of a key_metadata ("kc1"). Used
  // for the footer too, when footer_key is empty.
  std::vector<std::pair<std::string, std::string>> key_ids;
  std::optional<std::string> aad_prefix;

  bool empty() const {
    return footer_key.empty() && column_keys.empty() && key_ids.empty() &&
           !aad_prefix;
  }
};

struct Options {
  // Diagnostics past this count are dropped and a single
  // limits.too-many-diagnostics info says so.
  size_t max_diagnostics = 10000;
  Level level = Level::kFull;
  // What the caller takes the file to be, from its name, say (the CLI
  // passes the format a .parquet, .parq, .pq or .orc name gives). It
  // matters only for bytes without the magics of either format: an x.orc
  // is then read as ORC (a 0-byte one is an empty ORC file, as ORC Java
  // reads it), and an x.parquet is reported as a Parquet file without its
  // magics (Report::format kParquet). A magic always wins.
  Format expected_format = Format::kUnknown;
  // Which codes are kept and at which severity.
  FindingsPolicy findings;
  // Called for each finding the policy keeps, in discovery order, with its
  // code and field; returning true drops it, counted in Report::suppressed
  // but not toward max_diagnostics nor the verdict. A baseline of known
  // findings uses it. It may keep state: it serves one validation.
  std::function<bool(Code code, std::string_view field)> suppress;
  // Threads that check the column chunks of one Parquet file at levels
  // pages and full: 1 checks on the calling thread; 0 takes one per
  // processor for files of 4 MiB and more, else 1. The report is the same
  // whatever the count. One thread is used anyway while `suppress` is set
  // (it sees findings in discovery order), for ORC files, and for a file
  // read through a ByteSource.
  size_t threads = 1;
  // Keep the decompressed bytes around each fault that lies in them
  // (Diagnostic::decompressed), for `validate --context`.
  bool decompressed_excerpts = false;
  // Parquet files: decrypt with these and check encrypted modules as
  // deeply as plaintext ones. Empty: check what is readable without keys.
  DecryptionKeys keys;
};

// What a validation cost, in the steps of the loops whose length a file
// declares rather than its bytes. Each stays within a small multiple of the
// bytes read, the input's and those its codecs produced (core/limits.h,
// "Work per input byte"), whatever the counts a file claims. For tests and
// fuzz oracles; reports do not render it.
struct Work {
  uint64_t decompressed_bytes = 0;  // What the codecs produced.
  // Parquet levels: one per run of a repeated level, one per literal level.
  uint64_t level_steps = 0;
  // Parquet data page values: batches of at most 4096 values, or one run.
  uint64_t value_batches = 0;
  // ORC columns: one per run a value stream decodes (at most 512 values),
  // one per batch of slots (at most 1024) and one per run of slots that no
  // byte holds.
  uint64_t orc_steps = 0;
};

// The reads ValidateSource made: how many bytes, in how many calls of
// ByteSource::Read (for an HTTP source, how many Range requests).
struct Fetched {
  uint64_t bytes = 0;
  uint64_t reads = 0;
};

struct Report {
  Format format = Format::kUnknown;
  uint64_t size = 0;
  Verdict verdict = Verdict::kValid;
  // False when one of colcheck's own limits (a limits.* code, even one the
  // findings policy turns off, or the cut at max_diagnostics) stopped part
  // of the checking, or, in an Inspection, limits.inspect-regions cut the
  // layout. The verdict then rests on the parts that were checked: a limit
  // is never the file's fault.
  bool complete = true;
  // Sorted by offset; ties keep discovery order. A final
  // limits.too-many-diagnostics info, when present, comes last.
  std::vector<Diagnostic> diagnostics;
  // The findings Options::suppress dropped.
  size_t suppressed = 0;
  Work work;
  // What ValidateSource read from its ByteSource; nullopt for
  // ValidateBytes and ValidateFile, which see the whole file.
  std::optional<Fetched> fetched = {};
};

// Failures of the tool itself, as opposed to faults in the input.
class Status {
 public:
  static Status Ok() { return Status(); }
  static Status IoError(std::string message) {
    return Status(std::move(message));
  }
  // Arguments that do not fit the file: a field it lacks, a group past
  // its end.
  static Status InvalidArgument(std::string message) {
    return Status(std::move(message));
  }
  bool ok() const { return message_.empty(); }
  const std::string& message() const { return message_; }

 private:
  Status() = default;
  explicit Status(std::string message) : message_(std::move(message)) {}
  std::string message_;
};

// Validates the bytes of a whole file.
Report ValidateBytes(std::span<const std::byte> data, const Options& options);

// Where ValidateSource reads a file from: its size and its bytes by range,
// such as a file on an HTTP server or in an object store. The validation
// asks for the tail first and then only what its level needs: the footer
// at kFooter, page headers at kPages, chunk by chunk at kFull, and gives
// back what it is done with, so memory stays near the largest page or
// stream whatever the file's size.
class ByteSource {
 public:
  virtual ~ByteSource() = default;
  // The file's size in bytes.
  virtual uint64_t size() const = 0;
  // Fills `out` with the bytes at [offset, offset + out.size()), a range
  // within size(). An IoError ends the validation as a tool error. Called
  // by one thread at a time.
  virtual Status Read(uint64_t offset, std::span<std::byte> out) = 0;
};

// What ValidateSource reads of a file's end before anything else: the
// footer of most files, and the whole of small ones.
inline constexpr uint64_t kSourceTailBytes = uint64_t{64} << 10;

// Validates the file `source` serves. Returns the first IoError a read gave
// (`report` is then left untouched): a source that fails is never a fault
// of the file. Report::fetched says what was read.
Status ValidateSource(ByteSource& source, const Options& options,
                      Report* report);

// Reads `path` and validates it. Returns an IoError when the file cannot be
// read; `report` is then left untouched.
Status ValidateFile(const std::string& path, const Options& options,
                    Report* report);

}  // namespace colcheck

#endif  // COLCHECK_COLCHECK_H_
