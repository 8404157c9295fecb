// Values typed by their column, for the inspection model: Parquet's PLAIN
// bytes read by the leaf's physical and logical type (LogicalTypes.md), and
// ORC's typed statistics (orc_proto.proto ColumnStatistics) in the same
// shape, so that renderers print both alike.

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "inspect/inspect_internal.h"
#include "orc/metadata.h"

namespace colcheck {
namespace {

// Parquet ConvertedType values (parquet.thrift) that change how a value
// reads.
enum Converted : int32_t {
  kUtf8 = 0,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint64 = 14,
  kJson = 19,
};

// Unscaled decimals wider than this come back as bytes: turning bytes into
// digits is quadratic, and no writer's precision comes near (38 digits fit
// 16 bytes).
constexpr size_t kMaxDecimalBytes = 64;
constexpr int32_t kMaxDecimalScale = 1000;
// Days between the Julian day number epoch and 1970-01-01 (INT96).
constexpr int64_t kJulianEpochDay = 2440588;
constexpr int64_t kNanosPerDay = 86400LL * 1000 * 1000 * 1000;

template <typename T>
T LoadLittleEndian(std::span<const std::byte> bytes) {
  T value;
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

Value Bytes(std::span<const std::byte> plain, ValueKind kind) {
  Value v;
  v.kind = kind;
  v.text.assign(reinterpret_cast<const char*>(plain.data()), plain.size());
  return v;
}

Value Integer(ValueKind kind, int64_t value) {
  Value v;
  v.kind = kind;
  v.integer = value;
  return v;
}

Value Unsigned(uint64_t value) {
  Value v;
  v.kind = ValueKind::kUInt;
  v.uinteger = value;
  return v;
}

Value Float(double value, bool single) {
  Value v;
  v.kind = ValueKind::kFloat;
  v.number = value;
  v.single = single;
  return v;
}

Value Temporal(ValueKind kind, int64_t value, TimeUnit unit, bool utc) {
  Value v = Integer(kind, value);
  v.unit = unit;
  v.utc = utc;
  return v;
}

// "-1234" with `scale` 2 is "-12.34"; 5 with scale 3 is "0.005".
std::string PlaceDecimalPoint(std::string_view digits, int32_t scale) {
  std::string out;
  if (digits.starts_with('-')) {
    out.push_back('-');
    digits.remove_prefix(1);
  }
  const size_t s = static_cast<size_t>(std::max(scale, 0));
  if (digits.size() <= s) out.append(s + 1 - digits.size(), '0');
  out.append(digits);
  if (s > 0) out.insert(out.size() - s, 1, '.');
  return out;
}

// The decimal digits of a big-endian two's-complement integer.
std::string UnscaledDigits(std::span<const std::byte> be) {
  std::vector<uint8_t> magnitude(be.size());
  for (size_t i = 0; i < be.size(); ++i) {
    magnitude[i] = static_cast<uint8_t>(be[i]);
  }
  const bool negative = !magnitude.empty() && (magnitude[0] & 0x80) != 0;
  if (negative) {  // Two's complement: invert and add one.
    bool carry = true;
    for (size_t i = magnitude.size(); i-- > 0;) {
      magnitude[i] = static_cast<uint8_t>(~magnitude[i] + (carry ? 1 : 0));
      carry = carry && magnitude[i] == 0;
    }
  }
  std::string digits;
  size_t start = 0;
  while (true) {
    while (start < magnitude.size() && magnitude[start] == 0) ++start;
    if (start == magnitude.size()) break;
    uint32_t remainder = 0;
    for (size_t i = start; i < magnitude.size(); ++i) {
      const uint32_t current = remainder * 256 + magnitude[i];
      magnitude[i] = static_cast<uint8_t>(current / 10);
      remainder = current % 10;
    }
    digits.push_back(static_cast<char>('0' + remainder));
  }
  if (digits.empty()) digits = "0";
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

Value Decimal(std::string digits, int32_t scale) {
  Value v;
  v.kind = ValueKind::kDecimal;
  v.text = PlaceDecimalPoint(digits, scale);
  return v;
}

// IEEE 754 binary16, little-endian, as a double.
double HalfToDouble(uint16_t half) {
  const int exponent = (half >> 10) & 0x1f;
  const int mantissa = half & 0x3ff;
  const double sign = (half & 0x8000) != 0 ? -1.0 : 1.0;
  if (exponent == 0) return sign * std::ldexp(mantissa, -24);
  if (exponent == 31) {
    return mantissa == 0 ? sign * std::numeric_limits<double>::infinity()
                         : std::numeric_limits<double>::quiet_NaN();
  }
  return sign * std::ldexp(mantissa + 1024, exponent - 25);
}

bool IsLogical(const SchemaField& f, std::string_view name) {
  return f.logical.name == name;
}

int32_t DecimalScale(const SchemaField& f) {
  return IsLogical(f, "DECIMAL") ? f.logical.scale : f.scale;
}

bool IsDecimal(const SchemaField& f) {
  return IsLogical(f, "DECIMAL") ||
         (f.logical.name.empty() && f.converted == kDecimal);
}

TimeUnit UnitNamed(std::string_view unit) {
  if (unit == "MICROS") return TimeUnit::kMicros;
  if (unit == "NANOS") return TimeUnit::kNanos;
  return TimeUnit::kMillis;
}

// INT32 and INT64 decimals hold the unscaled value.
bool IntegerDecimal(const SchemaField& f, int64_t v, Value* out) {
  const int32_t scale = DecimalScale(f);
  if (!IsDecimal(f) || scale < 0 || scale > kMaxDecimalScale) return false;
  *out = Decimal(std::to_string(v), scale);
  return true;
}

Value Int32Value(const SchemaField& f, int32_t v) {
  if (Value decimal; IntegerDecimal(f, v, &decimal)) return decimal;
  if (IsLogical(f, "DATE") || f.converted == kDate) {
    return Integer(ValueKind::kDate, v);
  }
  if (IsLogical(f, "TIME")) {
    return Temporal(ValueKind::kTime, v, UnitNamed(f.logical.unit),
                    f.logical.adjusted_to_utc);
  }
  if (f.logical.name.empty() && f.converted == kTimeMillis) {
    return Temporal(ValueKind::kTime, v, TimeUnit::kMillis, true);
  }
  if (IsLogical(f, "INTEGER")
          ? !f.logical.is_signed
          : f.converted >= kUint8 && f.converted < kUint64) {
    return Unsigned(static_cast<uint32_t>(v));
  }
  return Integer(ValueKind::kInt, v);
}

Value Int64Value(const SchemaField& f, int64_t v) {
  if (Value decimal; IntegerDecimal(f, v, &decimal)) return decimal;
  if (IsLogical(f, "TIMESTAMP")) {
    return Temporal(ValueKind::kTimestamp, v, UnitNamed(f.logical.unit),
                    f.logical.adjusted_to_utc);
  }
  if (IsLogical(f, "TIME")) {
    return Temporal(ValueKind::kTime, v, UnitNamed(f.logical.unit),
                    f.logical.adjusted_to_utc);
  }
  if (f.logical.name.empty()) {
    // Converted types imply UTC adjustment (LogicalTypes.md, "Deprecated
    // timestamp ConvertedType").
    switch (f.converted) {
      case kTimestampMillis:
        return Temporal(ValueKind::kTimestamp, v, TimeUnit::kMillis, true);
      case kTimestampMicros:
        return Temporal(ValueKind::kTimestamp, v, TimeUnit::kMicros, true);
      case kTimeMicros:
        return Temporal(ValueKind::kTime, v, TimeUnit::kMicros, true);
      default:
        break;
    }
  }
  if (IsLogical(f, "INTEGER") ? !f.logical.is_signed : f.converted == kUint64) {
    return Unsigned(static_cast<uint64_t>(v));
  }
  return Integer(ValueKind::kInt, v);
}

// INT96: nanoseconds of the day, then the Julian day, both little-endian.
// An instant outside 1677-2262 does not fit int64 nanoseconds; when its
// nanoseconds are whole microseconds it is one in microseconds (Spark
// writes 9999-12-31 so), else its bytes.
Value Int96Value(std::span<const std::byte> plain) {
  const int64_t nanos = LoadLittleEndian<int64_t>(plain.first(8));
  const int64_t day = LoadLittleEndian<int32_t>(plain.subspan(8, 4));
  int64_t since_epoch = 0;
  if (!__builtin_mul_overflow(day - kJulianEpochDay, kNanosPerDay,
                              &since_epoch) &&
      !__builtin_add_overflow(since_epoch, nanos, &since_epoch)) {
    return Temporal(ValueKind::kTimestamp, since_epoch, TimeUnit::kNanos,
                    false);
  }
  constexpr int64_t kMicrosPerDay = kNanosPerDay / 1000;
  if (nanos % 1000 == 0 &&
      !__builtin_mul_overflow(day - kJulianEpochDay, kMicrosPerDay,
                              &since_epoch) &&
      !__builtin_add_overflow(since_epoch, nanos / 1000, &since_epoch)) {
    return Temporal(ValueKind::kTimestamp, since_epoch, TimeUnit::kMicros,
                    false);
  }
  return Bytes(plain, ValueKind::kBytes);
}

Value BinaryValue(const SchemaField& f, std::span<const std::byte> plain) {
  const bool fixed = f.physical == parquet::kFixedLenByteArray;
  if (IsDecimal(f)) {
    const int32_t scale = DecimalScale(f);
    if (plain.empty() || plain.size() > kMaxDecimalBytes || scale < 0 ||
        scale > kMaxDecimalScale) {
      return Bytes(plain, ValueKind::kBytes);
    }
    return Decimal(UnscaledDigits(plain), scale);
  }
  if (fixed && IsLogical(f, "UUID") && plain.size() == 16) {
    return Bytes(plain, ValueKind::kUuid);
  }
  if (fixed && IsLogical(f, "FLOAT16") && plain.size() == 2) {
    return Float(HalfToDouble(LoadLittleEndian<uint16_t>(plain)), true);
  }
  const bool text =
      IsLogical(f, "STRING") || IsLogical(f, "ENUM") || IsLogical(f, "JSON") ||
      (f.logical.name.empty() &&
       (f.converted == kUtf8 || f.converted == kEnum || f.converted == kJson));
  return Bytes(plain, text ? ValueKind::kString : ValueKind::kBytes);
}

Value OrcTimestamp(int64_t millis, const Spanned<int32_t>& nanos, bool utc) {
  // minimumNanos and maximumNanos hold the nanoseconds within the
  // millisecond plus one, so that 0 means unset (orc_proto.proto).
  int64_t total = 0;
  if (nanos.present && nanos.value >= 1 && nanos.value <= 1000000 &&
      !__builtin_mul_overflow(millis, int64_t{1000000}, &total) &&
      !__builtin_add_overflow(total, int64_t{nanos.value - 1}, &total)) {
    return Temporal(ValueKind::kTimestamp, total, TimeUnit::kNanos, utc);
  }
  return Temporal(ValueKind::kTimestamp, millis, TimeUnit::kMillis, utc);
}

Value OrcText(std::string_view text, ValueKind kind) {
  Value v;
  v.kind = kind;
  v.text = std::string(text);
  return v;
}

template <typename T, typename Make>
void SetRange(const Spanned<T>& min, const Spanned<T>& max,
              ColumnStatistics* out, Make make) {
  if (min.present) out->min = make(min.value);
  if (max.present) out->max = make(max.value);
}

void SetOrcTimestamps(const orc::TimestampStatistics& t,
                      ColumnStatistics* out) {
  // The UTC fields are the ones readers use; the others are in the
  // writer's local time zone (deprecated).
  const bool utc = t.minimum_utc.present || t.maximum_utc.present;
  const Spanned<int64_t>& min = utc ? t.minimum_utc : t.minimum;
  const Spanned<int64_t>& max = utc ? t.maximum_utc : t.maximum;
  if (min.present) out->min = OrcTimestamp(min.value, t.minimum_nanos, utc);
  if (max.present) out->max = OrcTimestamp(max.value, t.maximum_nanos, utc);
}

// The order of two values of one kind: -1, 0 or 1, or nullopt when they
// cannot be ordered here.
std::optional<int> Compare(const Value& a, const Value& b) {
  if (a.kind != b.kind || a.unit != b.unit) return std::nullopt;
  const auto order = [](auto x, auto y) {
    return x < y ? -1 : (y < x ? 1 : 0);
  };
  switch (a.kind) {
    case ValueKind::kBoolean:
      return order(a.boolean, b.boolean);
    case ValueKind::kInt:
    case ValueKind::kDate:
    case ValueKind::kTime:
    case ValueKind::kTimestamp:
      return order(a.integer, b.integer);
    case ValueKind::kUInt:
      return order(a.uinteger, b.uinteger);
    case ValueKind::kFloat:
      if (std::isnan(a.number) || std::isnan(b.number)) return std::nullopt;
      return order(a.number, b.number);
    case ValueKind::kString:
    case ValueKind::kBytes:
    case ValueKind::kUuid: {
      // Unsigned bytewise, as the columns' sort order is.
      const int c = std::string_view(a.text).compare(b.text);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    default:
      return std::nullopt;
  }
}

// Folds `value` into `bound`, keeping the lesser (`sign` -1) or greater
// (+1); an unorderable pair leaves no bound.
void Fold(const Value& value, int sign, bool* first, Value* bound) {
  if (*first) {
    *bound = value;
    *first = false;
    return;
  }
  if (bound->kind == ValueKind::kNone) return;
  const std::optional<int> c = Compare(value, *bound);
  if (!c) {
    *bound = Value();
  } else if (*c == sign) {
    *bound = value;
  }
}

}  // namespace

Value ParquetValue(const SchemaField& field, std::span<const std::byte> plain) {
  const auto exactly = [&](size_t n) { return plain.size() == n; };
  switch (field.physical) {
    case parquet::kBoolean:
      if (!exactly(1)) break;
      {
        Value v;
        v.kind = ValueKind::kBoolean;
        v.boolean = (static_cast<uint8_t>(plain[0]) & 1) != 0;
        return v;
      }
    case parquet::kInt32:
      if (!exactly(4)) break;
      return Int32Value(field, LoadLittleEndian<int32_t>(plain));
    case parquet::kInt64:
      if (!exactly(8)) break;
      return Int64Value(field, LoadLittleEndian<int64_t>(plain));
    case parquet::kInt96:
      if (!exactly(12)) break;
      return Int96Value(plain);
    case parquet::kFloat:
      if (!exactly(4)) break;
      return Float(std::bit_cast<float>(LoadLittleEndian<uint32_t>(plain)),
                   true);
    case parquet::kDouble:
      if (!exactly(8)) break;
      return Float(std::bit_cast<double>(LoadLittleEndian<uint64_t>(plain)),
                   false);
    case parquet::kByteArray:
      return BinaryValue(field, plain);
    case parquet::kFixedLenByteArray:
      if (field.type_length >= 0 &&
          plain.size() != static_cast<size_t>(field.type_length)) {
        break;
      }
      return BinaryValue(field, plain);
    default:
      break;
  }
  return Bytes(plain, ValueKind::kBytes);
}

namespace inspect {

void SummarizeBounds(const std::vector<ChunkExtent>& chunks,
                     std::vector<ColumnSummary>* columns) {
  std::vector<uint8_t> seen(columns->size(), 0);
  for (const ChunkExtent& c : chunks) {
    if (c.column < 0 || static_cast<size_t>(c.column) >= columns->size()) {
      continue;
    }
    ColumnSummary& s = (*columns)[c.column];
    const ColumnStatistics& st = c.statistics;
    // 0: no chunk yet, 1: bounds so far, 2: a chunk without them.
    if (seen[c.column] == 2) continue;
    bool first = seen[c.column] == 0;
    if (!st.present || st.min.kind == ValueKind::kNone ||
        st.max.kind == ValueKind::kNone) {
      s.min = Value();
      s.max = Value();
      seen[c.column] = 2;
      continue;
    }
    seen[c.column] = 1;
    bool first_max = first;
    Fold(st.min, -1, &first, &s.min);
    Fold(st.max, 1, &first_max, &s.max);
  }
}

ColumnStatistics ParquetStatistics(const Spanned<parquet::Statistics>& stats,
                                   const SchemaField* leaf) {
  ColumnStatistics out;
  if (!stats.present) return out;
  const parquet::Statistics& s = stats.value;
  out.present = true;
  out.offset = stats.span.offset;
  out.length = stats.span.length;
  out.legacy = !s.min_value.present && !s.max_value.present;
  const Spanned<parquet::Binary>& min = out.legacy ? s.min : s.min_value;
  const Spanned<parquet::Binary>& max = out.legacy ? s.max : s.max_value;
  const auto typed = [&](parquet::Binary bytes) {
    const auto plain = std::as_bytes(std::span(bytes.data(), bytes.size()));
    return leaf != nullptr ? ParquetValue(*leaf, plain)
                           : Bytes(plain, ValueKind::kBytes);
  };
  if (min.present) out.min = typed(min.value);
  if (max.present) out.max = typed(max.value);
  out.legacy = out.legacy && (min.present || max.present);
  if (s.is_min_value_exact.present) out.min_exact = s.is_min_value_exact.value;
  if (s.is_max_value_exact.present) out.max_exact = s.is_max_value_exact.value;
  if (s.null_count.present) out.null_count = s.null_count.value;
  if (s.distinct_count.present) out.distinct_count = s.distinct_count.value;
  if (s.nan_count.present) out.nan_count = s.nan_count.value;
  return out;
}

ColumnStatistics OrcStatistics(const Spanned<orc::ColumnStatistics>& stats) {
  ColumnStatistics out;
  if (!stats.present) return out;
  const orc::ColumnStatistics& s = stats.value;
  out.present = true;
  out.offset = stats.span.offset;
  out.length = stats.span.length;
  const auto count = [](uint64_t v) {
    return v > INT64_MAX ? INT64_MAX : static_cast<int64_t>(v);
  };
  if (s.number_of_values.present) {
    out.number_of_values = count(s.number_of_values.value);
  }
  if (s.has_null.present) out.has_null = s.has_null.value ? 1 : 0;
  if (s.bytes_on_disk.present) out.bytes_on_disk = count(s.bytes_on_disk.value);
  if (s.int_statistics.present) {
    const auto& i = s.int_statistics.value;
    const auto make = [](int64_t v) { return Integer(ValueKind::kInt, v); };
    SetRange(i.minimum, i.maximum, &out, make);
    if (i.sum.present) out.sum = make(i.sum.value);
  } else if (s.double_statistics.present) {
    const auto& d = s.double_statistics.value;
    const auto make = [](double v) { return Float(v, false); };
    SetRange(d.minimum, d.maximum, &out, make);
    if (d.sum.present) out.sum = make(d.sum.value);
  } else if (s.string_statistics.present) {
    const auto& t = s.string_statistics.value;
    SetRange(t.minimum, t.maximum, &out,
             [](std::string_view v) { return OrcText(v, ValueKind::kString); });
    if (t.sum.present) out.sum = Integer(ValueKind::kInt, t.sum.value);
  } else if (s.decimal_statistics.present) {
    const auto& d = s.decimal_statistics.value;
    const auto make = [](std::string_view v) {
      return OrcText(v, ValueKind::kDecimal);
    };
    SetRange(d.minimum, d.maximum, &out, make);
    if (d.sum.present) out.sum = make(d.sum.value);
  } else if (s.date_statistics.present) {
    const auto& d = s.date_statistics.value;
    SetRange(d.minimum, d.maximum, &out,
             [](int32_t v) { return Integer(ValueKind::kDate, v); });
  } else if (s.timestamp_statistics.present) {
    SetOrcTimestamps(s.timestamp_statistics.value, &out);
  } else if (s.binary_statistics.present) {
    const auto& b = s.binary_statistics.value;
    if (b.sum.present) out.sum = Integer(ValueKind::kInt, b.sum.value);
  } else if (s.bucket_statistics.present) {
    const auto& counts = s.bucket_statistics.value.count.value;
    if (!counts.empty()) out.true_count = count(counts[0].value);
  }
  return out;
}

}  // namespace inspect
}  // namespace colcheck
