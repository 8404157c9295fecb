// Column statistics (statistics.h): one ColumnStatistics against its type,
// and a scope's statistics against its parts'.

#include "orc/statistics.h"

#include <cmath>
#include <string>
#include <type_traits>
#include <vector>

#include "core/strings.h"
#include "orc/types.h"

namespace colcheck::orc {
namespace {

constexpr size_t kMaxStringStatBytes = 1024;  // ORC-203
constexpr int32_t kMaxNanosPlusOne = 1000000;

// The sub-message a column of `kind` may carry (ST2's table); -1 for none.
enum Sub {
  kSubInt, kSubDouble, kSubString, kSubBucket, kSubDecimal, kSubDate,
  kSubBinary, kSubTimestamp, kSubCollection, kSubGeometry, kSubCount
};

int ExpectedSub(int64_t kind) {
  switch (kind) {
    case kByte: case kShort: case kInt: case kLong: return kSubInt;
    case kFloat: case kDouble: return kSubDouble;
    case kString: case kChar: case kVarchar: return kSubString;
    case kBoolean: return kSubBucket;
    case kDecimal: return kSubDecimal;
    case kDate: return kSubDate;
    case kBinary: return kSubBinary;
    case kTimestamp: case kTimestampInstant: return kSubTimestamp;
    case kList: case kMap: return kSubCollection;
    case kGeometry: case kGeography: return kSubGeometry;
    default: return -1;
  }
}

constexpr std::string_view kSubNames[kSubCount] = {
    "int_statistics",       "double_statistics",    "string_statistics",
    "bucket_statistics",    "decimal_statistics",   "date_statistics",
    "binary_statistics",    "timestamp_statistics", "collection_statistics",
    "geometry_statistics"};

// Which sub-messages are present, with their spans.
struct SubPresence {
  bool present[kSubCount] = {};
  ByteSpan span[kSubCount];
};

SubPresence Presence(const ColumnStatistics& s) {
  SubPresence p;
  auto set = [&p](int sub, bool present, ByteSpan span) {
    p.present[sub] = present;
    p.span[sub] = span;
  };
  set(kSubInt, s.int_statistics.present, s.int_statistics.span);
  set(kSubDouble, s.double_statistics.present, s.double_statistics.span);
  set(kSubString, s.string_statistics.present, s.string_statistics.span);
  set(kSubBucket, s.bucket_statistics.present, s.bucket_statistics.span);
  set(kSubDecimal, s.decimal_statistics.present, s.decimal_statistics.span);
  set(kSubDate, s.date_statistics.present, s.date_statistics.span);
  set(kSubBinary, s.binary_statistics.present, s.binary_statistics.span);
  set(kSubTimestamp, s.timestamp_statistics.present,
      s.timestamp_statistics.span);
  set(kSubCollection, s.collection_statistics.present,
      s.collection_statistics.span);
  set(kSubGeometry, s.geometry_statistics.present,
      s.geometry_statistics.span);
  return p;
}

void CheckSubmessages(const StatsColumn& column,
                      const Spanned<ColumnStatistics>& stats,
                      const std::string& path, DiagnosticSink& sink) {
  const SubPresence p = Presence(stats.value);
  const int expected = ExpectedSub(column.kind);
  for (int sub = 0; sub < kSubCount; ++sub) {
    if (!p.present[sub] || sub == expected) continue;
    sink.Report(Code::kOrcStatsSubmessage, p.span[sub],
                path + "." + std::string(kSubNames[sub]),
                std::string(kSubNames[sub]) + " on a " +
                    std::string(TypeKindName(column.kind)) +
                    " column; readers ignore it");
  }
}

template <typename T>
std::string Show(const T& v) {
  if constexpr (std::is_same_v<T, std::string_view>) {
    std::string s = "'";
    const size_t n = v.size() < 40 ? v.size() : 40;
    s.append(v.substr(0, n));
    if (n < v.size()) s += "...";
    return s + "'";
  } else {
    return std::to_string(v);
  }
}

// Reports `min > max` for one pair of fields.
template <typename T, typename Less>
void CheckOrder(const StatsColumn& column, const Spanned<T>& min,
                const Spanned<T>& max, Less less, const std::string& path,
                std::string_view min_name, DiagnosticSink& sink) {
  if (!min.present || !max.present || !less(max.value, min.value)) return;
  sink.Report(StatsCode(column, Code::kOrcStatsMinAboveMax),
              Join(min.span, max.span), path + "." + std::string(min_name),
              std::string(min_name) + " " + Show(min.value) +
                  " is above its maximum " + Show(max.value));
}

const auto kLessInt = [](auto a, auto b) { return a < b; };

void CheckOrders(const StatsColumn& column, const ColumnStatistics& s,
                 const std::string& path, DiagnosticSink& sink) {
  const auto& i = s.int_statistics.value;
  CheckOrder(column, i.minimum, i.maximum, kLessInt,
             path + ".int_statistics", "minimum", sink);
  const auto& d = s.double_statistics.value;
  CheckOrder(column, d.minimum, d.maximum, kLessInt,
             path + ".double_statistics", "minimum", sink);
  const auto& str = s.string_statistics.value;
  CheckOrder(column, str.minimum, str.maximum, kLessInt,
             path + ".string_statistics", "minimum", sink);
  CheckOrder(column, str.lower_bound, str.upper_bound, kLessInt,
             path + ".string_statistics", "lower_bound", sink);
  const auto& dec = s.decimal_statistics.value;
  CheckOrder(
      column, dec.minimum, dec.maximum,
      [](std::string_view a, std::string_view b) {
        const auto c = CompareDecimalStrings(a, b);
        return c && *c < 0;
      },
      path + ".decimal_statistics", "minimum", sink);
  const auto& date = s.date_statistics.value;
  CheckOrder(column, date.minimum, date.maximum, kLessInt,
             path + ".date_statistics", "minimum", sink);
  const auto& ts = s.timestamp_statistics.value;
  CheckOrder(column, ts.minimum, ts.maximum, kLessInt,
             path + ".timestamp_statistics", "minimum", sink);
  CheckOrder(column, ts.minimum_utc, ts.maximum_utc, kLessInt,
             path + ".timestamp_statistics", "minimum_utc", sink);
  const auto& col = s.collection_statistics.value;
  CheckOrder(column, col.min_children, col.max_children, kLessInt,
             path + ".collection_statistics", "min_children", sink);
}

void CheckNanos(const StatsColumn& column, const Spanned<int32_t>& nanos,
                const std::string& path, DiagnosticSink& sink) {
  if (!nanos.present || (nanos.value >= 1 && nanos.value <= kMaxNanosPlusOne)) {
    return;
  }
  sink.Report(
      StatsCode(column, Code::kOrcStatsNanosRange), nanos.span, path,
      StrCat("stored nanos ", nanos.value,
             " (one more than the nanoseconds) is outside [1, 1000000]"));
}

void CheckStringLength(const Spanned<std::string_view>& v,
                       const std::string& path, DiagnosticSink& sink) {
  if (!v.present || v.value.size() <= kMaxStringStatBytes) return;
  sink.Report(Code::kOrcStatsStringTooLong, v.span, path,
              StrCat(v.value.size(),
                     " bytes; writers since ORC-203 store strings over 1024 "
                     "bytes as lower_bound/upper_bound"));
}

// ---- Aggregation -----------------------------------------------------------

// The parts that hold values: a part without values may omit its
// sub-message or its minimum.
std::vector<const ColumnStatistics*> WithValues(
    std::span<const ColumnStatistics* const> parts) {
  std::vector<const ColumnStatistics*> out;
  for (const ColumnStatistics* p : parts) {
    if (p->number_of_values.value > 0) out.push_back(p);
  }
  return out;
}

// The smallest (or largest) of the parts' fields, or nullopt when a part
// with values lacks it.
template <typename T, typename Get, typename Less>
std::optional<T> Extreme(const std::vector<const ColumnStatistics*>& parts,
                         Get get, Less less, bool minimum) {
  std::optional<T> best;
  for (const ColumnStatistics* p : parts) {
    const Spanned<T>& f = get(*p);
    if (!f.present) return std::nullopt;
    if (!best || (minimum ? less(f.value, *best) : less(*best, f.value))) {
      best = f.value;
    }
  }
  return best;
}

// The parts' fields added up (signed 128 bits: never overflows for the
// int64/uint64 sums of up to 2^63 parts), or nullopt when a part lacks it.
template <typename T, typename Get>
std::optional<__int128> Total(const std::vector<const ColumnStatistics*>& parts,
                              Get get) {
  __int128 sum = 0;
  for (const ColumnStatistics* p : parts) {
    const Spanned<T>& f = get(*p);
    if (!f.present) return std::nullopt;
    sum += static_cast<__int128>(f.value);
  }
  return sum;
}

std::string Show128(__int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v)
                                 : static_cast<unsigned __int128>(v);
  std::string s;
  while (u > 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  return negative ? "-" + s : s;
}

class Aggregate {
 public:
  Aggregate(const StatsColumn& column,
            std::span<const ColumnStatistics* const> parts,
            const Spanned<ColumnStatistics>& whole, Code code,
            const std::string& path, std::string_view parts_name,
            DiagnosticSink& sink)
      : all_(parts.begin(), parts.end()),
        parts_(WithValues(parts)),
        whole_(whole.value),
        code_(StatsCode(column, code)),
        path_(path),
        parts_name_(parts_name),
        sink_(sink) {}

  void Run() {
    if (!Counts()) return;
    const ColumnStatistics& w = whole_;
    if (w.number_of_values.value == 0) return;
    if (w.int_statistics.present) Ints();
    if (w.double_statistics.present) Doubles();
    if (w.string_statistics.present) Strings();
    if (w.bucket_statistics.present) Buckets();
    if (w.decimal_statistics.present) Decimals();
    if (w.date_statistics.present) Dates();
    if (w.binary_statistics.present) Binaries();
    if (w.timestamp_statistics.present) Timestamps();
    if (w.collection_statistics.present) Collections();
  }

 private:
  // Reports once; later mismatches of the same column are left out.
  void Mismatch(ByteSpan at, const std::string& field, const std::string& got,
                const std::string& want) {
    if (reported_) return;
    reported_ = true;
    sink_.Report(code_, at, path_ + "." + field,
                 field + " is " + got + " but the " +
                     std::string(parts_name_) + " give " + want);
  }

  bool Counts() {
    const Spanned<uint64_t>& n = whole_.number_of_values;
    const auto total = Total<uint64_t>(
        all_, [](const ColumnStatistics& s) -> const Spanned<uint64_t>& {
          return s.number_of_values;
        });
    if (total && n.present && *total != static_cast<__int128>(n.value)) {
      Mismatch(n.span, "number_of_values", std::to_string(n.value),
               Show128(*total));
      return false;
    }
    const Spanned<bool>& h = whole_.has_null;
    bool known = h.present;
    bool any = false;
    for (const ColumnStatistics* p : all_) {
      known &= p->has_null.present;
      any |= p->has_null.value;
    }
    if (known && h.value != any) {
      Mismatch(h.span, "has_null", h.value ? "true" : "false",
               any ? "true" : "false");
      return false;
    }
    return true;
  }

  template <typename T, typename GetMin, typename GetMax, typename Less>
  void MinMax(const Spanned<T>& min, const Spanned<T>& max, GetMin get_min,
              GetMax get_max, Less less, const std::string& prefix,
              std::string_view min_name, std::string_view max_name) {
    const auto lo = Extreme<T>(parts_, get_min, less, true);
    if (lo && min.present && (less(*lo, min.value) || less(min.value, *lo))) {
      Mismatch(min.span, prefix + "." + std::string(min_name), Show(min.value),
               Show(*lo));
    }
    const auto hi = Extreme<T>(parts_, get_max, less, false);
    if (hi && max.present && (less(*hi, max.value) || less(max.value, *hi))) {
      Mismatch(max.span, prefix + "." + std::string(max_name), Show(max.value),
               Show(*hi));
    }
  }

  template <typename T, typename Get>
  void Sum(const Spanned<T>& sum, Get get, const std::string& field,
           bool overflow_drops) {
    const auto total = Total<T>(parts_, get);
    if (!total) return;
    const bool overflowed = overflow_drops && (*total > INT64_MAX ||
                                               *total < INT64_MIN);
    if (!sum.present) return;  // Absent: overflowed, or not written.
    if (overflowed) {
      Mismatch(sum.span, field, std::to_string(sum.value),
               "a sum beyond int64, which must leave sum absent");
    } else if (*total != static_cast<__int128>(sum.value)) {
      Mismatch(sum.span, field, std::to_string(sum.value), Show128(*total));
    }
  }

  void Ints() {
    const auto& w = whole_.int_statistics.value;
    using S = Spanned<int64_t>;
    MinMax<int64_t>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.int_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.int_statistics.value.maximum;
        },
        kLessInt, "int_statistics", "minimum", "maximum");
    Sum<int64_t>(
        w.sum,
        [](const ColumnStatistics& s) -> const S& {
          return s.int_statistics.value.sum;
        },
        "int_statistics.sum", true);
  }

  void Doubles() {
    const auto& w = whole_.double_statistics.value;
    using S = Spanned<double>;
    // NaN orders with nothing; a part holding one makes min/max unknown.
    for (const ColumnStatistics* p : parts_) {
      const auto& d = p->double_statistics.value;
      if (std::isnan(d.minimum.value) || std::isnan(d.maximum.value)) return;
    }
    MinMax<double>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.double_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.double_statistics.value.maximum;
        },
        kLessInt, "double_statistics", "minimum", "maximum");
  }

  void Strings() {
    const auto& w = whole_.string_statistics.value;
    using S = Spanned<std::string_view>;
    MinMax<std::string_view>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.string_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.string_statistics.value.maximum;
        },
        kLessInt, "string_statistics", "minimum", "maximum");
    Sum<int64_t>(
        w.sum,
        [](const ColumnStatistics& s) -> const Spanned<int64_t>& {
          return s.string_statistics.value.sum;
        },
        "string_statistics.sum", false);
  }

  void Buckets() {
    const auto& w = whole_.bucket_statistics.value.count.value;
    if (w.empty()) return;
    __int128 total = 0;
    for (const ColumnStatistics* p : parts_) {
      const auto& c = p->bucket_statistics.value.count.value;
      if (c.empty()) return;
      total += c[0].value;
    }
    if (total != static_cast<__int128>(w[0].value)) {
      Mismatch(w[0].span, "bucket_statistics.count[0]",
               std::to_string(w[0].value), Show128(total));
    }
  }

  void Decimals() {
    const auto& w = whole_.decimal_statistics.value;
    using S = Spanned<std::string_view>;
    const auto less = [](std::string_view a, std::string_view b) {
      const auto c = CompareDecimalStrings(a, b);
      return c && *c < 0;
    };
    for (const ColumnStatistics* p : parts_) {
      const auto& d = p->decimal_statistics.value;
      if (!CompareDecimalStrings(d.minimum.value, d.maximum.value)) return;
    }
    if (!CompareDecimalStrings(w.minimum.value, w.maximum.value)) return;
    MinMax<std::string_view>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.decimal_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.decimal_statistics.value.maximum;
        },
        less, "decimal_statistics", "minimum", "maximum");
  }

  void Dates() {
    const auto& w = whole_.date_statistics.value;
    using S = Spanned<int32_t>;
    MinMax<int32_t>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.date_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.date_statistics.value.maximum;
        },
        kLessInt, "date_statistics", "minimum", "maximum");
  }

  void Binaries() {
    Sum<int64_t>(
        whole_.binary_statistics.value.sum,
        [](const ColumnStatistics& s) -> const Spanned<int64_t>& {
          return s.binary_statistics.value.sum;
        },
        "binary_statistics.sum", false);
  }

  void Timestamps() {
    const auto& w = whole_.timestamp_statistics.value;
    using S = Spanned<int64_t>;
    MinMax<int64_t>(
        w.minimum, w.maximum,
        [](const ColumnStatistics& s) -> const S& {
          return s.timestamp_statistics.value.minimum;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.timestamp_statistics.value.maximum;
        },
        kLessInt, "timestamp_statistics", "minimum", "maximum");
    MinMax<int64_t>(
        w.minimum_utc, w.maximum_utc,
        [](const ColumnStatistics& s) -> const S& {
          return s.timestamp_statistics.value.minimum_utc;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.timestamp_statistics.value.maximum_utc;
        },
        kLessInt, "timestamp_statistics", "minimum_utc", "maximum_utc");
  }

  void Collections() {
    const auto& w = whole_.collection_statistics.value;
    using S = Spanned<uint64_t>;
    MinMax<uint64_t>(
        w.min_children, w.max_children,
        [](const ColumnStatistics& s) -> const S& {
          return s.collection_statistics.value.min_children;
        },
        [](const ColumnStatistics& s) -> const S& {
          return s.collection_statistics.value.max_children;
        },
        kLessInt, "collection_statistics", "min_children", "max_children");
    Sum<uint64_t>(
        w.total_children,
        [](const ColumnStatistics& s) -> const S& {
          return s.collection_statistics.value.total_children;
        },
        "collection_statistics.total_children", false);
  }

  std::vector<const ColumnStatistics*> all_;
  std::vector<const ColumnStatistics*> parts_;
  const ColumnStatistics& whole_;
  const Code code_;
  const std::string& path_;
  std::string_view parts_name_;
  DiagnosticSink& sink_;
  bool reported_ = false;
};

// A decimal string split into sign, integer digits without leading zeros
// and fraction digits without trailing zeros.
struct DecimalParts {
  bool negative = false;
  std::string_view integer;
  std::string_view fraction;
};

std::optional<DecimalParts> ParseDecimal(std::string_view s) {
  DecimalParts d;
  if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
    d.negative = s[0] == '-';
    s.remove_prefix(1);
  }
  const size_t dot = s.find('.');
  std::string_view integer = s.substr(0, dot);
  std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : s.substr(dot + 1);
  if (integer.empty() && fraction.empty()) return std::nullopt;
  for (std::string_view part : {integer, fraction}) {
    for (char c : part) {
      if (c < '0' || c > '9') return std::nullopt;
    }
  }
  while (!integer.empty() && integer.front() == '0') integer.remove_prefix(1);
  while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
  if (integer.empty() && fraction.empty()) d.negative = false;  // -0 == 0
  d.integer = integer;
  d.fraction = fraction;
  return d;
}

int CompareMagnitude(const DecimalParts& a, const DecimalParts& b) {
  if (a.integer.size() != b.integer.size()) {
    return a.integer.size() < b.integer.size() ? -1 : 1;
  }
  if (const int c = a.integer.compare(b.integer); c != 0) return c < 0 ? -1 : 1;
  const int c = a.fraction.compare(b.fraction);  // No trailing zeros.
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

}  // namespace

bool UntrustedStatistics(int64_t kind, uint32_t writer_version) {
  if (writer_version != 0) return false;
  switch (kind) {
    case kString: case kChar: case kVarchar: case kDecimal: case kDate:
    case kTimestamp: case kTimestampInstant: case kBoolean: case kBinary:
      return true;
    default:
      return false;
  }
}

Code StatsCode(const StatsColumn& column, Code code) {
  return column.untrusted ? Code::kOrcStatsOldWriter : code;
}

void CheckColumnStatistics(const StatsColumn& column,
                           const Spanned<ColumnStatistics>& stats,
                           bool truncates_strings, const std::string& path,
                           DiagnosticSink& sink) {
  CheckSubmessages(column, stats, path, sink);
  const ColumnStatistics& s = stats.value;
  CheckOrders(column, s, path, sink);
  const auto& ts = s.timestamp_statistics.value;
  CheckNanos(column, ts.minimum_nanos,
             path + ".timestamp_statistics.minimum_nanos", sink);
  CheckNanos(column, ts.maximum_nanos,
             path + ".timestamp_statistics.maximum_nanos", sink);
  if (truncates_strings) {
    const auto& str = s.string_statistics.value;
    CheckStringLength(str.minimum, path + ".string_statistics.minimum", sink);
    CheckStringLength(str.maximum, path + ".string_statistics.maximum", sink);
  }
}

void CheckAggregate(const StatsColumn& column,
                    std::span<const ColumnStatistics* const> parts,
                    const Spanned<ColumnStatistics>& whole, Code code,
                    const std::string& path, std::string_view parts_name,
                    DiagnosticSink& sink) {
  Aggregate(column, parts, whole, code, path, parts_name, sink).Run();
}

std::optional<int> CompareDecimalStrings(std::string_view a,
                                         std::string_view b) {
  const auto x = ParseDecimal(a);
  const auto y = ParseDecimal(b);
  if (!x || !y) return std::nullopt;
  if (x->negative != y->negative) return x->negative ? -1 : 1;
  const int m = CompareMagnitude(*x, *y);
  return x->negative ? -m : m;
}

std::string DecimalString(__int128 unscaled, int32_t scale) {
  const bool negative = unscaled < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(unscaled)
                                 : static_cast<unsigned __int128>(unscaled);
  std::string digits;
  do {
    digits.insert(digits.begin(),
                  static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u > 0);
  if (scale > 0) {
    const size_t s = static_cast<size_t>(scale);
    if (digits.size() <= s) digits.insert(0, s - digits.size() + 1, '0');
    digits.insert(digits.size() - s, ".");
  }
  return negative ? "-" + digits : digits;
}

}  // namespace colcheck::orc
