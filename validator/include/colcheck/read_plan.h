// colcheck read plan: what each leaf column of an inspected Parquet file
// becomes in common readers, and where values lose precision or change on
// the way.
//
//   colcheck::Inspection inspection = colcheck::InspectBytes(bytes, {});
//   colcheck::ReadPlan plan = colcheck::PlanColumns(inspection);
//   colcheck::CountHazards(bytes, inspection, &plan);  // Optional counts.
//   for (const colcheck::ColumnPlan& c : plan.columns) { ... }
//
// The readers, and where each mapping comes from:
//   arrow   pyarrow / Arrow C++ (docs/source/cpp/parquet.rst, "Logical
//           types": INT → Int8..UInt64, DECIMAL → Decimal128/256, DATE →
//           Date32, TIME → Time32/Time64, TIMESTAMP → Timestamp, INT96 →
//           Timestamp(ns), STRING → Utf8, other BYTE_ARRAY → Binary).
//   pandas  pyarrow's to_pandas defaults: integers with nulls become
//           float64 unless nullable dtypes are asked for (pandas "Nullable
//           integer data type"), decimals become decimal.Decimal objects,
//           times datetime.time (microsecond resolution).
//   r       the arrow R package (r/vignettes/data_types.Rmd, "Translations
//           from Arrow to R": int64 → integer, else bit64::integer64 when a
//           value exceeds R's integer; uint32/uint64 → double when a value
//           exceeds it; decimal → double; timestamp → POSIXct; time →
//           hms::hms; binary → arrow_binary (lists of raw vectors);
//           float16 unsupported). nanoparquet agrees on decimal → double,
//           integer64 for INT64 and raw vectors for unannotated binary.
//   js      hyparquet (src/convert.js, v1.33): INT64 → BigInt, DECIMAL →
//           Number, DATE and TIMESTAMP (any unit) and INT96 → Date
//           (millisecond precision), UINT_32 → unsigned Number, UINT_64 →
//           BigInt, unannotated BYTE_ARRAY → string (utf8 option on by
//           default), FLOAT16 → Number, JSON parsed, BSON and INTERVAL
//           rejected.
// Type semantics follow parquet-format LogicalTypes.md.

#ifndef COLCHECK_READ_PLAN_H_
#define COLCHECK_READ_PLAN_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck {

// Ways a value can change between the file and a reader. Ids are stable
// kebab-case names (HazardName); new kinds are only ever appended.
enum class HazardKind : uint8_t {
  kInt64Beyond2Pow53,       // int64-beyond-2^53
  kDecimalOver15Digits,     // decimal-over-15-digits
  kInt32MinIsNaInR,         // int32-min-is-na-in-r
  kUint32ReadAsSigned,      // uint32-read-as-signed
  kUint64ReadAsSigned,      // uint64-read-as-signed
  kTimestampNanos,          // timestamp-nanos
  kTimestampSubMillisInJs,  // timestamp-sub-millis-in-js
  kInt96,                   // int96
  kTimestampLocalVsUtc,     // timestamp-local-vs-utc
  kUnannotatedByteArray,    // unannotated-byte-array
  kTimeNanos,               // time-nanos
  kDateBeyondJsRange,       // date-beyond-js-range
  kFloat16,                 // float16
  kInterval,                // interval
};

// "int64-beyond-2^53", ...
std::string_view HazardName(HazardKind kind);
// One line: what changes, in which readers.
std::string_view HazardSummary(HazardKind kind);
// What CountHazards counts for this kind, one line.
std::string_view HazardCountRule(HazardKind kind);

struct Hazard {
  HazardKind kind;
  // Non-null values of the column the hazard affects, over all row
  // groups; -1 until CountHazards ran.
  int64_t affected = -1;
};

// What a value of the column arrives as in each reader.
struct ReaderTypes {
  std::string arrow;   // "int64", "timestamp[ns, tz=UTC]", "decimal128(20, 2)"
  std::string pandas;  // "int64 (float64 with nulls)", "object (Decimal)"
  std::string r;       // "integer", "bit64::integer64 beyond integer", ...
  std::string js;      // "BigInt", "Number", "Date (ms)", ...
};

struct ColumnPlan {
  int32_t column = 0;  // Leaf column index.
  int32_t field = -1;  // Index into Inspection::schema.fields.
  std::string path;
  ReaderTypes readers;
  std::vector<Hazard> hazards;  // In HazardKind order.
  // Non-null values CountHazards saw; -1 before it ran.
  int64_t values = -1;
  // The file validated without error, so every page decoded and the
  // counts are exact; otherwise they are lower bounds.
  bool counted = false;
};

struct ReadPlan {
  std::vector<ColumnPlan> columns;  // Leaf column order.
};

// The plan for every leaf of `inspection.schema` (none for ORC files or a
// schema without leaves). Counts are left at -1.
ReadPlan PlanColumns(const Inspection& inspection);

// Decodes every data page of `data`, the bytes of the Parquet file that
// `inspection` and `plan` were made from, and fills each hazard's
// `affected` and each column's `values` and `counted`. Dictionary-encoded
// values are counted through their dictionary entries. Values in pages
// that do not decode are not counted.
void CountHazards(std::span<const std::byte> data, const Inspection& inspection,
                  ReadPlan* plan);

// The same for the file at `path`, mapped rather than read, so memory
// follows the largest page. Returns an IoError when it cannot be read;
// `plan` is then left untouched.
Status CountHazardsInFile(const std::string& path, const Inspection& inspection,
                          ReadPlan* plan);

}  // namespace colcheck

#endif  // COLCHECK_READ_PLAN_H_
