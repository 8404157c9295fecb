// The read plan (colcheck/read_plan.h): reader types and hazards per leaf
// column, and counting the values each hazard affects through the page
// walk's ValueTap.
//
// Sources of the mappings (facts, looked up, not copied):
//   Arrow C++ / pyarrow: apache/arrow docs/source/cpp/parquet.rst, "Types"
//     (logical type → Arrow type; JSON, BSON, UUID unsupported → binary).
//     ENUM and BSON read as binary as well.
//   pandas: pyarrow Table.to_pandas defaults; pandas user guide "Nullable
//     integer data type" (NaN is a float, so integers with missing values
//     become float64).
//   R: apache/arrow r/vignettes/data_types.Rmd, "Translations from Arrow to
//     R"; nanoparquet's "nanoparquet-types" and NEWS 0.3.0 (DECIMAL →
//     double, unannotated BYTE_ARRAY → raw vectors). R's NA_integer_ is the
//     bit pattern of INT32_MIN (R Internals, "Missingness").
//   JavaScript: hyparquet 1.33 src/convert.js (peers/node_modules): Date
//     from milliseconds (nanos / 10^6, micros / 1000), DECIMAL →
//     Number(unscaled) / 10^scale, UINT_32 → Uint32Array, UINT_64 →
//     BigUint64Array, BYTE_ARRAY → string when the utf8 option is on (the
//     default). ECMAScript Date: ±8.64e15 ms around the epoch (10^8 days).
//   Semantics: apache/parquet-format LogicalTypes.md.

#include "colcheck/read_plan.h"

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/mapped_file.h"
#include "parquet/metadata.h"
#include "parquet/page_walk.h"
#include "parquet/parquet_validator.h"
#include "parquet/values.h"

namespace colcheck {
namespace {

struct HazardText {
  std::string_view name;
  std::string_view summary;
  std::string_view count_rule;
};

// Indexed by HazardKind.
constexpr HazardText kHazards[] = {
    {"int64-beyond-2^53",
     "integers beyond +-2^53 are rounded where read as a double: pandas "
     "float64 when the column has nulls, R double for uint64, JS Number()",
     "values with |v| > 2^53 (unsigned: v > 2^53)"},
    {"decimal-over-15-digits",
     "decimals read as a double (R arrow and nanoparquet, JS Number) keep "
     "only 15-17 significant digits",
     "values whose unscaled integer has more than 15 digits (|u| >= 10^15)"},
    {"int32-min-is-na-in-r",
     "R's NA_integer_ is -2^31, so that value reads as NA in R",
     "values equal to -2^31"},
    {"uint32-read-as-signed",
     "UINT32 values >= 2^31 read negative where unsigned types are missing "
     "(Java, Spark) and turn the column to double in R",
     "values >= 2^31"},
    {"uint64-read-as-signed",
     "UINT64 values >= 2^63 read negative where unsigned types are missing "
     "(Java, Spark, R integer64)",
     "values >= 2^63"},
    {"timestamp-nanos",
     "nanosecond timestamps lose their sub-microsecond part in microsecond "
     "readers (R POSIXct doubles, Spark, datetime.datetime)",
     "values not a multiple of 1000 ns"},
    {"timestamp-sub-millis-in-js",
     "JS Date holds milliseconds: hyparquet and Date-based readers drop "
     "the rest",
     "MICROS values not a multiple of 1000, NANOS not a multiple of 10^6"},
    {"int96",
     "INT96 timestamps are deprecated (nanoseconds, Julian day); readers "
     "differ on time zone and precision, some read 12 raw bytes",
     "every value"},
    {"timestamp-local-vs-utc",
     "isAdjustedToUTC=false is a local (wall-clock) time; some readers "
     "attach UTC or the session time zone",
     "every value"},
    {"unannotated-byte-array",
     "BYTE_ARRAY without STRING is binary: bytes in pyarrow, raw vectors in "
     "R, but decoded as UTF-8 text by hyparquet's default",
     "every value"},
    {"time-nanos",
     "TIME(NANOS) loses sub-microsecond parts in pandas (datetime.time) and "
     "other microsecond readers",
     "values not a multiple of 1000 ns"},
    {"date-beyond-js-range",
     "dates more than 10^8 days from 1970 are Invalid Date in JS",
     "values with |days| > 10^8"},
    {"float16",
     "FLOAT16 needs Arrow >= 15; R arrow cannot convert it, nanoparquet "
     "reads raw bytes",
     "every value"},
    {"interval",
     "INTERVAL has no LogicalType: Arrow reads 12 raw bytes, hyparquet "
     "rejects it",
     "every value"},
};

// What the column holds, from its LogicalType, else ConvertedType, else
// physical type (LogicalTypes.md, "Backward compatibility").
enum class Sem {
  kBool,
  kInt,
  kFloat,
  kDouble,
  kFloat16,
  kDecimal,
  kDate,
  kTime,
  kTimestamp,
  kInt96,
  kString,
  kEnum,
  kJson,
  kBson,
  kUuid,
  kBinary,
  kFixedBinary,
  kInterval,
  kNull,
  kOther,
};

struct Semantics {
  Sem sem = Sem::kOther;
  int bits = 32;
  bool is_signed = true;
  int precision = 0;
  int scale = 0;
  std::string unit;  // MILLIS, MICROS, NANOS
  bool utc = true;
};

Semantics FromLogical(const SchemaField& f) {
  Semantics s;
  const std::string_view n = f.logical.name;
  const auto set = [&](Sem sem) { s.sem = sem; };
  if (n == "STRING")
    set(Sem::kString);
  else if (n == "ENUM")
    set(Sem::kEnum);
  else if (n == "JSON")
    set(Sem::kJson);
  else if (n == "BSON")
    set(Sem::kBson);
  else if (n == "UUID")
    set(Sem::kUuid);
  else if (n == "FLOAT16")
    set(Sem::kFloat16);
  else if (n == "DATE")
    set(Sem::kDate);
  else if (n == "UNKNOWN")
    set(Sem::kNull);
  else if (n == "INTEGER") {
    set(Sem::kInt);
    s.bits = f.logical.bit_width;
    s.is_signed = f.logical.is_signed;
  } else if (n == "DECIMAL") {
    set(Sem::kDecimal);
    s.precision = f.logical.precision;
    s.scale = f.logical.scale;
  } else if (n == "TIME" || n == "TIMESTAMP") {
    set(n == "TIME" ? Sem::kTime : Sem::kTimestamp);
    s.unit = std::string(f.logical.unit);
    s.utc = f.logical.adjusted_to_utc;
  }
  return s;
}

Semantics FromConverted(const SchemaField& f) {
  Semantics s;
  switch (f.converted) {
    case parquet::kUtf8:
      s.sem = Sem::kString;
      break;
    case parquet::kEnum:
      s.sem = Sem::kEnum;
      break;
    case parquet::kJson:
      s.sem = Sem::kJson;
      break;
    case parquet::kBson:
      s.sem = Sem::kBson;
      break;
    case parquet::kDate:
      s.sem = Sem::kDate;
      break;
    case parquet::kInterval:
      s.sem = Sem::kInterval;
      break;
    case parquet::kDecimal:
      s.sem = Sem::kDecimal;
      s.precision = f.precision;
      s.scale = f.scale;
      break;
    case parquet::kTimeMillis:
    case parquet::kTimeMicros:
      s.sem = Sem::kTime;
      s.unit = f.converted == parquet::kTimeMillis ? "MILLIS" : "MICROS";
      break;
    case parquet::kTimestampMillis:
    case parquet::kTimestampMicros:
      s.sem = Sem::kTimestamp;
      s.unit = f.converted == parquet::kTimestampMillis ? "MILLIS" : "MICROS";
      break;
    case parquet::kUint8:
    case parquet::kUint16:
    case parquet::kUint32:
    case parquet::kUint64:
    case parquet::kInt8:
    case parquet::kInt16:
    case parquet::kInt32Converted:
    case parquet::kInt64Converted: {
      const int index = (f.converted - parquet::kUint8) % 4;
      s.sem = Sem::kInt;
      s.bits = 8 << index;
      s.is_signed = f.converted >= parquet::kInt8;
      break;
    }
    default:
      break;
  }
  return s;
}

Semantics FromPhysical(const SchemaField& f) {
  Semantics s;
  switch (f.physical) {
    case parquet::kBoolean:
      s.sem = Sem::kBool;
      break;
    case parquet::kInt32:
      s.sem = Sem::kInt;
      s.bits = 32;
      break;
    case parquet::kInt64:
      s.sem = Sem::kInt;
      s.bits = 64;
      break;
    case parquet::kInt96:
      s.sem = Sem::kInt96;
      break;
    case parquet::kFloat:
      s.sem = Sem::kFloat;
      break;
    case parquet::kDouble:
      s.sem = Sem::kDouble;
      break;
    case parquet::kByteArray:
      s.sem = Sem::kBinary;
      break;
    case parquet::kFixedLenByteArray:
      s.sem = Sem::kFixedBinary;
      break;
    default:
      break;
  }
  return s;
}

Semantics Classify(const SchemaField& f) {
  if (!f.logical.name.empty()) {
    const Semantics s = FromLogical(f);
    if (s.sem != Sem::kOther) return s;
  }
  if (f.converted >= 0) {
    const Semantics s = FromConverted(f);
    if (s.sem != Sem::kOther) return s;
  }
  return FromPhysical(f);
}

std::string ArrowUnit(const std::string& unit) {
  if (unit == "MILLIS") return "ms";
  if (unit == "MICROS") return "us";
  if (unit == "NANOS") return "ns";
  return "?";
}

std::string IntName(int bits, bool is_signed) {
  return (is_signed ? "int" : "uint") + std::to_string(bits);
}

ReaderTypes IntReaders(const Semantics& s, bool nullable) {
  ReaderTypes r;
  r.arrow = IntName(s.bits, s.is_signed);
  // pyarrow's to_pandas turns an integer column with nulls into float64.
  r.pandas = nullable ? r.arrow + " (float64 when nulls)" : r.arrow;
  if (s.bits < 32 || (s.bits == 32 && s.is_signed)) {
    r.r = "integer";
  } else if (s.bits == 64 && s.is_signed) {
    r.r = "integer, bit64::integer64 beyond int32";
  } else {
    r.r = "integer, double beyond int32";
  }
  if (s.bits == 64) {
    r.js = s.is_signed ? "BigInt" : "BigInt (unsigned)";
  } else {
    r.js = "Number";
  }
  return r;
}

ReaderTypes Readers(const Semantics& s, const SchemaField& f) {
  const bool nullable = f.max_definition_level > 0;
  const std::string fixed =
      "fixed_size_binary[" + std::to_string(f.type_length) + "]";
  switch (s.sem) {
    case Sem::kBool:
      return {"bool", nullable ? "bool (object when nulls)" : "bool", "logical",
              "boolean"};
    case Sem::kInt:
      return IntReaders(s, nullable);
    case Sem::kFloat:
      return {"float", "float32", "double", "Number"};
    case Sem::kDouble:
      return {"double", "float64", "double", "Number"};
    case Sem::kFloat16:
      return {"halffloat", "float16", "unsupported", "Number"};
    case Sem::kDecimal:
      return {(s.precision <= 38 ? "decimal128(" : "decimal256(") +
                  std::to_string(s.precision) + ", " + std::to_string(s.scale) +
                  ")",
              "object (decimal.Decimal)", "double", "Number"};
    case Sem::kDate:
      return {"date32[day]", "object (datetime.date)", "Date", "Date"};
    case Sem::kTime:
      return {(s.unit == "MILLIS" ? "time32[" : "time64[") + ArrowUnit(s.unit) +
                  "]",
              "object (datetime.time)", "hms::hms",
              f.physical == parquet::kInt64 ? "BigInt" : "Number"};
    case Sem::kTimestamp: {
      const std::string tz = s.utc ? ", UTC" : "";
      return {
          "timestamp[" + ArrowUnit(s.unit) + (s.utc ? ", tz=UTC" : "") + "]",
          "datetime64[" + ArrowUnit(s.unit) + tz + "]", "POSIXct", "Date (ms)"};
    }
    case Sem::kInt96:
      return {"timestamp[ns]", "datetime64[ns]", "POSIXct", "Date (ms)"};
    case Sem::kString:
      return {"string", "object (str)", "character", "string"};
    case Sem::kEnum:
      return {"binary", "object (bytes)", "arrow_binary (raw)", "string"};
    case Sem::kJson:
      return {"binary", "object (bytes)", "arrow_binary (raw)", "parsed JSON"};
    case Sem::kBson:
      return {"binary", "object (bytes)", "arrow_binary (raw)", "unsupported"};
    case Sem::kUuid:
      return {"fixed_size_binary[16]", "object (bytes)",
              "arrow_fixed_size_binary (raw)", "string (UUID text)"};
    case Sem::kBinary:
      return {"binary", "object (bytes)", "arrow_binary (raw)",
              "string (UTF-8 decoded)"};
    case Sem::kFixedBinary:
      return {fixed, "object (bytes)", "arrow_fixed_size_binary (raw)",
              "Uint8Array"};
    case Sem::kInterval:
      return {fixed, "object (bytes)", "arrow_fixed_size_binary (raw)",
              "unsupported"};
    case Sem::kNull:
      return {"null", "object (None)", "vctrs_unspecified (NA)", "null"};
    case Sem::kOther:
      break;
  }
  return {"?", "?", "?", "?"};
}

// The hazards of a column whose annotation suits its physical type
// (LogicalTypes.md); a mismatch is the validator's to report, and its
// values would not mean what the annotation says.
std::vector<HazardKind> Hazards(const Semantics& s, const SchemaField& f) {
  std::vector<HazardKind> out;
  const bool int32 = f.physical == parquet::kInt32;
  const bool int64 = f.physical == parquet::kInt64;
  switch (s.sem) {
    case Sem::kInt:
      if (!(s.bits == 64 ? int64 : int32)) break;
      if (s.bits == 64) out.push_back(HazardKind::kInt64Beyond2Pow53);
      if (s.bits == 32 && s.is_signed) {
        out.push_back(HazardKind::kInt32MinIsNaInR);
      }
      if (s.bits == 32 && !s.is_signed) {
        out.push_back(HazardKind::kUint32ReadAsSigned);
      }
      if (s.bits == 64 && !s.is_signed) {
        out.push_back(HazardKind::kUint64ReadAsSigned);
      }
      break;
    case Sem::kDecimal:
      if (s.precision > 15) out.push_back(HazardKind::kDecimalOver15Digits);
      break;
    case Sem::kTimestamp:
      if (!int64) break;
      if (s.unit == "NANOS") out.push_back(HazardKind::kTimestampNanos);
      if (s.unit == "NANOS" || s.unit == "MICROS") {
        out.push_back(HazardKind::kTimestampSubMillisInJs);
      }
      if (!s.utc) out.push_back(HazardKind::kTimestampLocalVsUtc);
      break;
    case Sem::kInt96:
      out.push_back(HazardKind::kInt96);
      break;
    case Sem::kBinary:
      if (f.physical == parquet::kByteArray) {
        out.push_back(HazardKind::kUnannotatedByteArray);
      }
      break;
    case Sem::kTime:
      if (int64 && s.unit == "NANOS") out.push_back(HazardKind::kTimeNanos);
      break;
    case Sem::kDate:
      if (int32) out.push_back(HazardKind::kDateBeyondJsRange);
      break;
    case Sem::kFloat16:
      out.push_back(HazardKind::kFloat16);
      break;
    case Sem::kInterval:
      out.push_back(HazardKind::kInterval);
      break;
    default:
      break;
  }
  return out;
}

// ---- counting ---------------------------------------------------------------

int64_t LoadInt64(const std::byte* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | std::to_integer<uint8_t>(p[i]);
  return static_cast<int64_t>(v);
}

int32_t LoadInt32(const std::byte* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | std::to_integer<uint8_t>(p[i]);
  return static_cast<int32_t>(v);
}

constexpr int64_t kTwoPow53 = int64_t{1} << 53;
constexpr uint64_t kTenPow15 = 1000000000000000ULL;

// Whether the big-endian two's complement integer `bytes` has an absolute
// value of at least 10^15.
bool BigEndianAtLeast1e15(std::span<const std::byte> bytes) {
  if (bytes.empty()) return false;
  const auto at = [&](size_t i) { return std::to_integer<uint8_t>(bytes[i]); };
  const bool negative = at(0) >= 0x80;
  const uint8_t sign = negative ? 0xff : 0x00;
  // A leading sign byte is redundant when the next byte has the same sign.
  size_t start = 0;
  while (start + 1 < bytes.size() && at(start) == sign &&
         (at(start + 1) >= 0x80) == negative) {
    ++start;
  }
  // Nine significant bytes hold at least 2^63 in magnitude.
  if (bytes.size() - start > 8) return true;
  uint64_t v = negative ? ~uint64_t{0} : 0;
  for (size_t i = start; i < bytes.size(); ++i) v = (v << 8) | at(i);
  const uint64_t magnitude = negative ? uint64_t{0} - v : v;
  return magnitude >= kTenPow15;
}

bool Affects(HazardKind kind, int32_t physical,
             std::span<const std::byte> value, const Semantics& s) {
  const std::byte* p = value.data();
  // An annotation on the wrong physical type (a hostile footer) must not
  // read past the value; Hazards() already avoids most such pairings.
  const bool int32 = value.size() == 4;
  const bool int64 = value.size() == 8;
  switch (kind) {
    case HazardKind::kInt64Beyond2Pow53: {
      if (!int64) return false;
      const int64_t v = LoadInt64(p);
      if (!s.is_signed) return static_cast<uint64_t>(v) > uint64_t{1} << 53;
      return v > kTwoPow53 || v < -kTwoPow53;
    }
    case HazardKind::kDecimalOver15Digits:
      if (physical == parquet::kInt32) return false;  // At most 10 digits.
      if (physical == parquet::kInt64) {
        if (!int64) return false;
        const int64_t v = LoadInt64(p);
        return v >= static_cast<int64_t>(kTenPow15) ||
               v <= -static_cast<int64_t>(kTenPow15);
      }
      return BigEndianAtLeast1e15(value);
    case HazardKind::kInt32MinIsNaInR:
      return int32 && LoadInt32(p) == INT32_MIN;
    case HazardKind::kUint32ReadAsSigned:
      return int32 && LoadInt32(p) < 0;
    case HazardKind::kUint64ReadAsSigned:
      return int64 && LoadInt64(p) < 0;
    case HazardKind::kTimestampNanos:
    case HazardKind::kTimeNanos:
      return int64 && LoadInt64(p) % 1000 != 0;
    case HazardKind::kTimestampSubMillisInJs:
      return int64 && LoadInt64(p) % (s.unit == "NANOS" ? 1000000 : 1000) != 0;
    case HazardKind::kDateBeyondJsRange: {
      if (!int32) return false;
      const int32_t days = LoadInt32(p);
      return days > 100000000 || days < -100000000;
    }
    case HazardKind::kInt96:
    case HazardKind::kTimestampLocalVsUtc:
    case HazardKind::kUnannotatedByteArray:
    case HazardKind::kFloat16:
    case HazardKind::kInterval:
      return true;
  }
  return false;
}

// Counts, per column, the values each hazard affects. Dictionary entries
// get a bit mask of the hazards they trigger, so each index costs a lookup.
class HazardCounter : public parquet::ValueTap {
 public:
  HazardCounter(ReadPlan* plan, const std::vector<Semantics>& semantics,
                const std::vector<int32_t>& physical,
                const std::vector<int32_t>& type_length)
      : columns_(plan->columns.size()) {
    for (size_t i = 0; i < columns_.size(); ++i) {
      columns_[i].plan = &plan->columns[i];
      columns_[i].sem = semantics[i];
      columns_[i].physical = physical[i];
      columns_[i].width =
          parquet::ColumnType{physical[i], type_length[i]}.width();
      plan->columns[i].values = 0;
      for (Hazard& h : plan->columns[i].hazards) h.affected = 0;
    }
  }

  void Values(size_t, size_t column,
              const parquet::ValueBatch& batch) override {
    if (column >= columns_.size()) return;
    Column* c = &columns_[column];
    c->plan->values += static_cast<int64_t>(batch.count);
    if (c->plan->hazards.empty()) return;
    // A repeated batch holds its one value once: it counts per copy.
    const uint64_t copies = batch.repeated ? batch.count : 1;
    if (!batch.indices.empty()) {
      for (uint32_t index : batch.indices) {
        if (index < c->dictionary.size()) {
          Add(c, c->dictionary[index], copies);
        }
      }
      return;
    }
    ForEach(*c, batch, [&](uint32_t mask) { Add(c, mask, copies); });
  }

  void Dictionary(size_t, size_t column,
                  const parquet::ValueBatch& batch) override {
    if (column >= columns_.size() || columns_[column].plan->hazards.empty()) {
      return;
    }
    Column* c = &columns_[column];
    if (batch.first == 0) c->dictionary.clear();
    ForEach(*c, batch, [&](uint32_t mask) { c->dictionary.push_back(mask); });
  }

 private:
  struct Column {
    ColumnPlan* plan = nullptr;
    Semantics sem;
    int32_t physical = -1;
    uint32_t width = 0;
    std::vector<uint32_t> dictionary;  // Hazard mask per entry.
  };

  uint32_t Mask(const Column& c, std::span<const std::byte> value) const {
    uint32_t mask = 0;
    const std::vector<Hazard>& hazards = c.plan->hazards;
    for (size_t i = 0; i < hazards.size(); ++i) {
      if (Affects(hazards[i].kind, c.physical, value, c.sem)) mask |= 1u << i;
    }
    return mask;
  }

  template <typename Fn>
  void ForEach(const Column& c, const parquet::ValueBatch& batch, Fn fn) {
    if (c.physical == parquet::kByteArray) {
      for (const auto& v : batch.binary) fn(Mask(c, v));
      return;
    }
    // Fixed-width values whose width the hazards read in full.
    if (c.width == 0 || batch.fixed.size() < batch.stored() * c.width) return;
    for (size_t i = 0; i < batch.stored(); ++i) {
      fn(Mask(c, batch.fixed.subspan(i * c.width, c.width)));
    }
  }

  static void Add(Column* c, uint32_t mask, uint64_t copies = 1) {
    std::vector<Hazard>& hazards = c->plan->hazards;
    for (size_t i = 0; i < hazards.size(); ++i) {
      if (mask & (1u << i)) {
        hazards[i].affected += static_cast<int64_t>(copies);
      }
    }
  }

  std::vector<Column> columns_;
};

}  // namespace

std::string_view HazardName(HazardKind kind) {
  return kHazards[static_cast<size_t>(kind)].name;
}

std::string_view HazardSummary(HazardKind kind) {
  return kHazards[static_cast<size_t>(kind)].summary;
}

std::string_view HazardCountRule(HazardKind kind) {
  return kHazards[static_cast<size_t>(kind)].count_rule;
}

ReadPlan PlanColumns(const Inspection& inspection) {
  ReadPlan plan;
  if (inspection.report.format != Format::kParquet) return plan;
  const Schema& schema = inspection.schema;
  for (size_t i = 0; i < schema.leaves.size(); ++i) {
    const int32_t index = schema.leaves[i];
    if (index < 0 || static_cast<size_t>(index) >= schema.fields.size()) {
      continue;
    }
    const SchemaField& f = schema.fields[index];
    const Semantics s = Classify(f);
    ColumnPlan c;
    c.column = static_cast<int32_t>(i);
    c.field = index;
    c.path = f.path;
    c.readers = Readers(s, f);
    for (HazardKind kind : Hazards(s, f)) c.hazards.push_back({kind, -1});
    plan.columns.push_back(std::move(c));
  }
  return plan;
}

namespace {

void Count(std::span<const std::byte> data, const Inspection& inspection,
           const ReleaseFn& release, ReadPlan* plan) {
  std::vector<Semantics> semantics;
  std::vector<int32_t> physical;
  std::vector<int32_t> type_length;
  for (const ColumnPlan& c : plan->columns) {
    const SchemaField* f = c.field >= 0 && static_cast<size_t>(c.field) <
                                               inspection.schema.fields.size()
                               ? &inspection.schema.fields[c.field]
                               : nullptr;
    semantics.push_back(f ? Classify(*f) : Semantics{});
    physical.push_back(f ? f->physical : -1);
    type_length.push_back(f ? f->type_length : 0);
  }
  HazardCounter counter(plan, semantics, physical, type_length);
  DiagnosticSink sink = DiagnosticSink::Counting();
  PassHooks hooks;
  hooks.release = release;
  hooks.tap = &counter;
  parquet::ValidateParquet(ByteReader(data), Level::kFull, sink, hooks);
  const bool clean = !sink.has_errors();
  for (ColumnPlan& c : plan->columns) c.counted = clean;
}

}  // namespace

void CountHazards(std::span<const std::byte> data, const Inspection& inspection,
                  ReadPlan* plan) {
  Count(data, inspection, {}, plan);
}

Status CountHazardsInFile(const std::string& path, const Inspection& inspection,
                          ReadPlan* plan) {
  MappedFile file;
  Status status = file.Open(path);
  if (!status.ok()) return status;
  Count(
      file.bytes(), inspection, [&file](ByteSpan span) { file.Release(span); },
      plan);
  return Status::Ok();
}

}  // namespace colcheck
