// Known writer bugs: the table generated from validator/data/
// known_writer_bugs.json, the parsers of the writer fields it matches on
// (Parquet created_by; ORC writer, writerVersion, softwareVersion) and the
// pass that names the bug a diagnostic is explained by.

#ifndef COLCHECK_CORE_KNOWN_BUGS_H_
#define COLCHECK_CORE_KNOWN_BUGS_H_

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/diagnostics.h"

namespace colcheck {

// A dotted version. major < 0 means the writer gave none, or none that
// reads as digits ("latest", "LocalDev").
struct WriterVersion {
  int major = -1, minor = 0, patch = 0;

  bool known() const { return major >= 0; }
  // Whether this version is older than ma.mi.pa. An unknown version reads
  // as 0.0.0, as Arrow's ApplicationVersion reads it, so "parquet-mr" alone
  // counts as an old parquet-mr.
  bool Before(int ma, int mi, int pa) const;
  bool Before(const WriterVersion& other) const {
    return Before(other.major, other.minor, other.patch);
  }
};

// "1.8.0", "v0.8.1", "1.5.1-SNAPSHOT", "2022.12.1.dev17": up to three
// dotted numbers after an optional 'v'; later parts and suffixes are
// ignored, missing parts read as 0.
WriterVersion ParseVersion(std::string_view text);

// FileMetaData.created_by as "<application> version <version> (build
// <hash>)", the form parquet-mr's VersionParser and Arrow's
// ApplicationVersion read. Without " version " the whole string is the
// application and the version is unknown ("parquet.js", "Polars").
struct CreatedBy {
  std::string_view application;
  WriterVersion version;
};
CreatedBy ParseCreatedBy(std::string_view created_by);

// What a file says about its writer.
struct WriterIdentity {
  Format format = Format::kUnknown;
  // Parquet.
  bool has_created_by = false;
  CreatedBy created_by;
  // ORC: Footer.writer (-1 when absent), PostScript.writerVersion (0 when
  // absent, as readers take it) and Footer.softwareVersion.
  int64_t orc_writer = -1;
  uint32_t orc_writer_version = 0;
  bool has_software_version = false;
  WriterVersion software_version;
};

// What an entry needs beyond code, field and writer; the format's validator
// decides it from its model (see ExplainKnownBugs).
enum class BugCondition : uint8_t {
  kNone,
  kRepeatedColumn,     // The diagnostic's column has a REPEATED ancestor.
  kIntervalAsUnknown,  // Its schema element is INTERVAL beside UNKNOWN.
  kFloatColumn,        // Its column is FLOAT, DOUBLE or FLOAT16.
  kJsonColumn,         // Its column is annotated JSON.
  kDecimalColumn,      // Its column is annotated DECIMAL.
};

// One entry of validator/data/known_writer_bugs.json; the generator
// documents the fields.
struct KnownBug {
  std::string_view id;
  Format format;
  std::string_view writer;       // The writer family, in words.
  std::string_view application;  // Parquet: created_by's application.
  WriterVersion min_version;     // Parquet: first affected version.
  WriterVersion fixed_version;   // Parquet: first fixed; unknown = none.
  bool unversioned;              // Matches a writer that gives no version.
  int64_t orc_writer;            // ORC: Footer.writer, or -1 for any.
  int64_t orc_writer_version_below;  // ORC: or -1 for any.
  WriterVersion software_ranges[2][2];  // ORC: [min, below) pairs.
  Code code;
  std::string_view field_suffix;  // Empty: any field.
  BugCondition condition;
  std::string_view upstream;
  std::string_view upstream_url;
  std::string_view fixed_in;
  std::string_view affected;
  std::string_view description;
};

// The whole table, in the data file's order.
std::span<const KnownBug> AllKnownBugs();

// Decides a BugCondition for one diagnostic.
using BugConditionCheck =
    std::function<bool(BugCondition condition, const Diagnostic& diagnostic)>;

// The first entry that explains `diagnostic` for this writer, or nullptr.
const KnownBug* MatchKnownBug(const WriterIdentity& writer,
                              const Diagnostic& diagnostic,
                              const BugConditionCheck& check);

// Names the known bug of every diagnostic in `sink` that an entry explains:
// sets Diagnostic::known_bug and appends the description, the affected
// versions and the upstream issue to the message. Severity is left alone,
// since it follows what readers make of the file, not who wrote it.
void ExplainKnownBugs(const WriterIdentity& writer,
                      const BugConditionCheck& check, DiagnosticSink& sink);

}  // namespace colcheck

#endif  // COLCHECK_CORE_KNOWN_BUGS_H_
