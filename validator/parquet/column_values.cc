// Decoded values against their logical type, and statistics against the
// values.
// https://github.com/apache/parquet-format/blob/master/LogicalTypes.md
// (STRING, ENUM, JSON, DECIMAL, INTEGER, TIME; sort orders);
// parquet.thrift (struct Statistics, union ColumnOrder)

#include "parquet/column_values.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "colcheck/colcheck.h"
#include "core/json_syntax.h"
#include "core/known_bugs.h"
#include "core/limits.h"
#include "core/strings.h"
#include "core/utf8.h"

namespace colcheck::parquet {
namespace {

constexpr int32_t kMaxCheckedPrecision = limits::kMaxCheckedDecimalPrecision;

std::string_view View(std::span<const std::byte> b) { return AsChars(b); }
std::string_view View(const std::byte* p, size_t n) {
  return {reinterpret_cast<const char*>(p), n};
}

template <typename T>
T Load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// Big-endian magnitude of 10^p with a leading sign byte (two's complement
// of a positive number), and its negation.
void PowerOfTen(int32_t p, std::string* high, std::string* low) {
  std::string mag(1, '\x01');  // Big-endian, most significant first.
  for (int32_t i = 0; i < p; ++i) {
    unsigned carry = 0;
    for (size_t k = mag.size(); k-- > 0;) {
      const unsigned v = static_cast<uint8_t>(mag[k]) * 10u + carry;
      mag[k] = static_cast<char>(v & 0xff);
      carry = v >> 8;
    }
    if (carry != 0) mag.insert(mag.begin(), static_cast<char>(carry));
  }
  *high = std::string(1, '\0') + mag;
  *low = *high;
  unsigned carry = 1;
  for (size_t k = low->size(); k-- > 0;) {
    const unsigned v = (~static_cast<uint8_t>((*low)[k]) & 0xffu) + carry;
    (*low)[k] = static_cast<char>(v & 0xff);
    carry = v >> 8;
  }
}

// IEEE 754 totalOrder as a signed integer key (see sort_order.cc).
template <typename Signed, typename Unsigned>
Signed TotalKey(Unsigned bits) {
  const Signed s = static_cast<Signed>(bits);
  if (s >= 0) return s;
  return static_cast<Signed>(bits ^ (static_cast<Unsigned>(~Unsigned{0}) >> 1));
}

float HalfToFloat(uint16_t h) {
  const char bytes[2] = {static_cast<char>(h & 0xff),
                         static_cast<char>(h >> 8)};
  return static_cast<float>(HalfToDouble(std::string_view(bytes, 2)));
}

// Each scan reads one PLAIN value into a key whose operator< is the column
// order, or returns false for NaN, which no bound covers.
template <typename T>
struct PlainKey {
  using Key = T;
  static constexpr size_t kWidth = sizeof(T);
  static bool Get(const std::byte* p, Key* k) {
    *k = Load<T>(p);
    return true;
  }
};
template <typename T>
struct FloatKey {
  using Key = T;
  static constexpr size_t kWidth = sizeof(T);
  static bool Get(const std::byte* p, Key* k) {
    *k = Load<T>(p);
    return *k == *k;
  }
};
struct HalfKey {
  using Key = float;
  static constexpr size_t kWidth = 2;
  static bool Get(const std::byte* p, Key* k) {
    const uint16_t h = Load<uint16_t>(p);
    if ((h & 0x7fff) > 0x7c00) return false;
    *k = HalfToFloat(h);
    return true;
  }
};
template <typename Signed, typename Unsigned, Unsigned kInfinity>
struct TotalKeyOf {
  using Key = Signed;
  static constexpr size_t kWidth = sizeof(Unsigned);
  static bool Get(const std::byte* p, Key* k) {
    const Unsigned bits = Load<Unsigned>(p);
    const Unsigned magnitude =
        bits & (static_cast<Unsigned>(~Unsigned{0}) >> 1);
    if (magnitude > kInfinity) return false;
    *k = TotalKey<Signed, Unsigned>(bits);
    return true;
  }
};
using FloatTotalKey = TotalKeyOf<int32_t, uint32_t, 0x7f800000u>;
using DoubleTotalKey = TotalKeyOf<int64_t, uint64_t, 0x7ff0000000000000ull>;
using HalfTotalKey = TotalKeyOf<int16_t, uint16_t, 0x7c00>;
struct BooleanKey {
  using Key = bool;
  static constexpr size_t kWidth = 1;
  static bool Get(const std::byte* p, Key* k) {
    *k = static_cast<uint8_t>(*p) != 0;
    return true;
  }
};
struct Int96Key {
  using Key = std::pair<int32_t, int64_t>;  // Julian day, then nanoseconds.
  static constexpr size_t kWidth = 12;
  static bool Get(const std::byte* p, Key* k) {
    *k = {Load<int32_t>(p + 8), Load<int64_t>(p)};
    return true;
  }
};

}  // namespace

// The smallest and largest value of one batch (views into the batch) and
// its NaN count.
struct ColumnValueChecker::Extremes {
  std::string_view min;
  std::string_view max;
  bool has = false;
  uint64_t nan = 0;
};

// What the data held, for the statistics to be checked against.
struct ColumnValueChecker::Observed {
  uint64_t non_null = 0;
  uint64_t nan = 0;
  uint64_t nulls = 0;          // Levels below the maximum.
  uint64_t element_nulls = 0;  // Of those, null elements of existing lists.
  bool element_nulls_known = false;
  // A null_count other than `nulls` is a fault (not so for nested columns
  // whose element_nulls are unknown).
  bool nulls_decide = true;
  bool has_bounds = false;
  std::string_view min;
  std::string_view max;
};

// Where statistics faults go: the footer's sink, or the page's scope for a
// page header. Spans are always file spans of the statistics' fields.
class ColumnValueChecker::Reporter {
 public:
  Reporter(DiagnosticSink& sink, std::string prefix)
      : sink_(&sink), prefix_(std::move(prefix)) {}
  Reporter(PageScope& scope, std::string prefix)
      : scope_(&scope), prefix_(std::move(prefix)) {}

  void operator()(Code code, ByteSpan span, std::string_view name,
                  std::string message) {
    std::string field = StrCat(prefix_, ".", name);
    if (scope_ != nullptr) {
      scope_->ReportAt(code, span, field, std::move(message));
    } else {
      sink_->Report(code, span, std::move(field), std::move(message));
    }
  }

 private:
  DiagnosticSink* sink_ = nullptr;
  PageScope* scope_ = nullptr;
  std::string prefix_;
};

namespace {

template <typename K>
void ScanFixed(std::span<const std::byte> data, size_t count,
               std::string_view* min, std::string_view* max, bool* has,
               uint64_t* nan) {
  const std::byte* p = data.data();
  typename K::Key lo{}, hi{};
  const std::byte* lo_at = nullptr;
  const std::byte* hi_at = nullptr;
  uint64_t nans = 0;
  for (size_t i = 0; i < count; ++i, p += K::kWidth) {
    typename K::Key k;
    if (!K::Get(p, &k)) {
      ++nans;
      continue;
    }
    if (lo_at == nullptr) {
      lo = hi = k;
      lo_at = hi_at = p;
    } else if (k < lo) {
      lo = k;
      lo_at = p;
    } else if (hi < k) {
      hi = k;
      hi_at = p;
    }
  }
  *nan += nans;
  if (lo_at != nullptr) {
    *min = View(lo_at, K::kWidth);
    *max = View(hi_at, K::kWidth);
    *has = true;
  }
}

// Unsigned byte-wise order, as a type so that the scan inlines it.
struct CompareBytes {
  int operator()(std::string_view a, std::string_view b) const {
    const size_t n = std::min(a.size(), b.size());
    const int c = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
    if (c != 0) return c;
    return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
  }
};

// min and max of views under `compare`, which sees only non-NaN values.
template <typename Compare>
void ScanViews(size_t count, auto&& view_at, Compare compare,
               std::string_view* min, std::string_view* max, bool* has) {
  if (count == 0) return;
  std::string_view lo = view_at(0), hi = lo;
  for (size_t i = 1; i < count; ++i) {
    const std::string_view v = view_at(i);
    if (compare(v, lo) < 0) {
      lo = v;
    } else if (compare(v, hi) > 0) {
      hi = v;
    }
  }
  *min = lo;
  *max = hi;
  *has = true;
}

// The first 8 bytes of `v`, zero-padded, as a big-endian integer. Where two
// prefixes differ they order as the bytes do (a shorter value padded with
// zeros is a prefix of the other at the first difference, or has a zero
// where the other has a larger byte); only equal prefixes need the bytes.
uint64_t BytePrefix(std::string_view v) {
  uint64_t k = 0;
  // An empty view's data() may be null, which memcpy must not get.
  if (!v.empty()) std::memcpy(&k, v.data(), std::min(v.size(), sizeof(k)));
  if constexpr (std::endian::native == std::endian::little) {
    k = __builtin_bswap64(k);
  }
  return k;
}

// ScanViews under CompareBytes, deciding most comparisons by the prefixes
// (a strings column's PLAIN values: one memcmp per value and bound before).
void ScanBytes(size_t count, auto&& view_at, std::string_view* min,
               std::string_view* max, bool* has) {
  if (count == 0) return;
  std::string_view lo = view_at(0), hi = lo;
  uint64_t lo_key = BytePrefix(lo), hi_key = lo_key;
  const CompareBytes compare;
  for (size_t i = 1; i < count; ++i) {
    const std::string_view v = view_at(i);
    const uint64_t key = BytePrefix(v);
    if (key < lo_key || (key == lo_key && compare(v, lo) < 0)) {
      lo = v;
      lo_key = key;
    } else if (key > hi_key || (key == hi_key && compare(v, hi) > 0)) {
      hi = v;
      hi_key = key;
    }
  }
  *min = lo;
  *max = hi;
  *has = true;
}

std::string Hex(std::string_view v, size_t max_bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out = "0x";
  for (size_t i = 0; i < v.size() && i < max_bytes; ++i) {
    const uint8_t b = static_cast<uint8_t>(v[i]);
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 15]);
  }
  if (v.size() > max_bytes) out += StrCat("... (", v.size(), " bytes)");
  return out;
}

std::string Number(double v, int digits) {
  char buffer[40];
  std::snprintf(buffer, sizeof(buffer), "%.*g", digits, v);
  return buffer;
}

}  // namespace

ColumnValueChecker::ColumnValueChecker(const RuleContext& ctx, size_t column) {
  const SchemaElement* leaf = ctx.Leaf(column);
  if (leaf == nullptr || !leaf->type.present) return;
  active_ = true;
  // The innermost repeated field at or above the leaf: Arrow counts as
  // nulls only levels from its definition level up (its
  // repeated_ancestor_def_level), parquet-mr every level below the maximum.
  const int32_t element = ctx.LeafElement(column);
  if (static_cast<size_t>(element) < ctx.tree.nodes.size()) {
    max_definition_level_ = ctx.tree.nodes[element].max_definition_level;
  }
  for (int32_t e = element;
       e > 0 && static_cast<size_t>(e) < ctx.tree.nodes.size();
       e = ctx.tree.nodes[e].parent) {
    const Spanned<int32_t>& repetition =
        ctx.md.schema.value[e].value.repetition_type;
    if (repetition.present && repetition.value == kRepeated) {
      nested_ = true;
      element_level_ = ctx.tree.nodes[e].max_definition_level;
      break;
    }
  }
  const auto& orders = ctx.md.column_orders.value;
  order_ = ValueOrder::For(
      *leaf, column < orders.size() ? &orders[column].value : nullptr);
  physical_ = leaf->type.value;
  width_ = static_cast<uint32_t>(order_.fixed_width());
  SetUpValueCheck(*leaf);
  SetUpScan();
  if (ctx.md.created_by.present) {
    const CreatedBy c = ParseCreatedBy(ctx.md.created_by.value);
    const WriterVersion& w = c.version;
    // Arrow's ApplicationVersion::HasCorrectStatistics: parquet-mr before
    // 1.8.0 wrote wrong statistics (PARQUET-251); parquet-mr before 1.10.0
    // and parquet-cpp before 1.3.0 ordered every type as signed
    // (PARQUET-686), right only for signed types.
    const bool mr = c.application == "parquet-mr";
    const bool cpp = c.application == "parquet-cpp";
    writer_bug_all_ = mr && w.Before(1, 8, 0);
    writer_bug_unsigned_ =
        (mr && w.Before(1, 10, 0)) || (cpp && w.Before(1, 3, 0));
    if (writer_bug_all_ || writer_bug_unsigned_) {
      writer_ = std::string(ctx.md.created_by.value);
    }
  }
}

void ColumnValueChecker::SetUpValueCheck(const SchemaElement& leaf) {
  const bool has_logical =
      leaf.logical_type.present && leaf.logical_type.value.id != kLogicalNone;
  const LogicalType& lt = leaf.logical_type.value;
  const int32_t ct =
      leaf.converted_type.present ? leaf.converted_type.value : -1;
  const int16_t id = has_logical ? lt.id : static_cast<int16_t>(kLogicalNone);

  // STRING, ENUM, JSON.
  const bool utf8 = has_logical ? (id == kLogicalString || id == kLogicalEnum)
                                : (ct == kUtf8 || ct == kEnum);
  const bool json = has_logical ? id == kLogicalJson : ct == kJson;
  if (physical_ == kByteArray && (utf8 || json)) {
    check_ = json ? ValueCheck::kJson : ValueCheck::kUtf8;
    return;
  }

  // DECIMAL.
  if (has_logical ? id == kLogicalDecimal : ct == kDecimal) {
    const Spanned<int32_t>& p =
        has_logical ? lt.decimal.precision : leaf.precision;
    if (!p.present || p.value < 1) return;
    precision_ = p.value;
    if (physical_ == kInt32 || physical_ == kInt64) {
      // Every INT32 has fewer than 10 digits, every INT64 fewer than 19.
      const int32_t max = physical_ == kInt32 ? 9 : 18;
      if (precision_ > max) return;
      uint64_t bound = 1;
      for (int32_t i = 0; i < precision_; ++i) bound *= 10;
      uint_max_ = bound;
      check_ = physical_ == kInt32 ? ValueCheck::kDecimalInt32
                                   : ValueCheck::kDecimalInt64;
    } else if ((physical_ == kByteArray ||
                (physical_ == kFixedLenByteArray && width_ > 0)) &&
               order_.order() == SortOrder::kDecimalBytes) {
      check_ = ValueCheck::kDecimalBytes;
    }
    return;
  }

  const int bits = physical_ == kInt32 ? 32 : (physical_ == kInt64 ? 64 : 0);
  if (bits == 0) return;

  // INTEGER(bitWidth, isSigned), INT_n, UINT_n.
  int width = 0;
  bool is_signed = true;
  if (has_logical) {
    if (id == kLogicalInteger && lt.integer.bit_width.present &&
        lt.integer.is_signed.present) {
      width = lt.integer.bit_width.value;
      is_signed = lt.integer.is_signed.value;
    }
  } else if (ct >= kUint8 && ct <= kUint64) {
    width = 8 << (ct - kUint8);
    is_signed = false;
  } else if (ct >= kInt8 && ct <= kInt64Converted) {
    width = 8 << (ct - kInt8);
  }
  if (width == 8 || width == 16 || width == 32) {
    if (width >= bits) return;
    if (is_signed) {
      int_min_ = -(int64_t{1} << (width - 1));
      int_max_ = (int64_t{1} << (width - 1)) - 1;
      check_ = ValueCheck::kIntegerSigned;
    } else {
      uint_max_ = (uint64_t{1} << width) - 1;
      check_ = ValueCheck::kIntegerUnsigned;
    }
    return;
  }

  // TIME: units since midnight, below one day.
  int64_t per_day = 0;
  if (has_logical) {
    if (id == kLogicalTime) {
      switch (lt.time.unit.value) {
        case kMillis:
          per_day = physical_ == kInt32 ? 86'400'000 : 0;
          break;
        case kMicros:
          per_day = physical_ == kInt64 ? 86'400'000'000 : 0;
          break;
        case kNanos:
          per_day = physical_ == kInt64 ? 86'400'000'000'000 : 0;
          break;
        default:
          break;
      }
    }
  } else if (ct == kTimeMillis && physical_ == kInt32) {
    per_day = 86'400'000;
  } else if (ct == kTimeMicros && physical_ == kInt64) {
    per_day = 86'400'000'000;
  }
  if (per_day > 0) {
    int_max_ = per_day;
    check_ = ValueCheck::kTime;
  }
}

void ColumnValueChecker::SetUpScan() {
  // A floating column is scanned even without a usable order: its NaNs
  // still count for nan_count.
  if (!order_.defined() && !order_.floating()) return;
  const bool total = order_.total_order();
  switch (order_.order()) {
    case SortOrder::kSigned:
      scan_ = physical_ == kInt32 ? Scan::kInt32 : Scan::kInt64;
      break;
    case SortOrder::kUnsigned:
      scan_ = physical_ == kInt32 ? Scan::kUint32 : Scan::kUint64;
      break;
    case SortOrder::kFloat:
      if (physical_ == kFloat) {
        scan_ = total ? Scan::kFloatTotal : Scan::kFloat;
      } else {
        scan_ = total ? Scan::kDoubleTotal : Scan::kDouble;
      }
      break;
    case SortOrder::kFloat16:
      scan_ = total ? Scan::kHalfTotal : Scan::kHalf;
      break;
    case SortOrder::kBoolean:
      scan_ = Scan::kBoolean;
      break;
    case SortOrder::kInt96Timestamp:
      scan_ = Scan::kInt96;
      break;
    case SortOrder::kBytes:
      if (physical_ == kByteArray) {
        scan_ = Scan::kBytes;
      } else if (width_ > 0) {
        scan_ = Scan::kFixedBytes;
      }
      break;
    case SortOrder::kDecimalBytes:
      if (physical_ == kByteArray) {
        scan_ = Scan::kDecimal;
      } else if (width_ > 0) {
        scan_ = Scan::kFixedDecimal;
      }
      break;
    default:
      break;
  }
}

// ---- values against the logical type ---------------------------------------

void ColumnValueChecker::ReportValue(Code code,
                                     std::span<const std::byte> value,
                                     uint64_t index, PageScope& scope,
                                     const ByteReader* section,
                                     std::string message) const {
  const std::string field = StrCat("values[", index, "]");
  uint64_t offset = 0;
  if (section != nullptr && section->OffsetOf(value, &offset)) {
    scope.Report(code, {offset, value.size()}, field, std::move(message));
  } else if (section != nullptr) {
    // Decoded into a buffer (DELTA_*, BYTE_STREAM_SPLIT, RLE): the value's
    // bytes are nowhere in the file, so the section is the narrowest span.
    scope.Report(code, {section->begin_offset(), section->size()}, field,
                 std::move(message));
  } else {
    scope.ReportAt(code, scope.body(), field, std::move(message));
  }
}

void ColumnValueChecker::CheckDecimalBytes(std::span<const std::byte> v,
                                           uint64_t index, PageScope& scope,
                                           const ByteReader* section) {
  if (v.empty()) {
    // Zero bytes encode no two's complement integer.
    ReportValue(Code::kValueDecimalLength, v, index, scope, section,
                "a BYTE_ARRAY DECIMAL value is empty");
    return;
  }
  // |v| < 2^(8n-1) <= 2^(3p) < 10^p needs no arithmetic: most values are
  // short enough, and 10^p is built only for the first that is not.
  if (8 * v.size() - 1 <= 3 * static_cast<uint64_t>(precision_) ||
      precision_ > kMaxCheckedPrecision) {
    return;
  }
  if (decimal_high_.empty()) {
    PowerOfTen(precision_, &decimal_high_, &decimal_low_);
  }
  // Sign-extension bytes are allowed (minimal length is only a "should"),
  // so the value is judged by magnitude alone: -10^p < v < 10^p.
  const std::string_view value = View(v);
  if (order_.Compare(value, decimal_high_) < 0 &&
      order_.Compare(value, decimal_low_) > 0) {
    return;
  }
  ReportValue(
      Code::kValueDecimalOutOfRange, v, index, scope, section,
      StrCat("the unscaled value ", Hex(value, 32), " has more than ",
             precision_, " digits (DECIMAL precision ", precision_, ")"));
}

void ColumnValueChecker::CheckValues(const ValueBatch& batch, PageScope& scope,
                                     const ByteReader* section) {
  const size_t n = batch.count;
  const bool fixed_ok = width_ > 0 && batch.fixed.size() == n * width_;
  const bool binary_ok = batch.binary.size() == n;
  switch (check_) {
    case ValueCheck::kNone:
      return;
    case ValueCheck::kUtf8:
    case ValueCheck::kJson:
      if (!binary_ok) return;
      for (size_t k = 0; k < n; ++k) {
        const std::span<const std::byte> v = batch.binary[k];
        if (!IsValidUtf8(v)) {
          ReportValue(Code::kValueInvalidUtf8, v, batch.first + k, scope,
                      section, "the value is not valid UTF-8");
        } else if (check_ == ValueCheck::kJson &&
                   CheckJson(View(v)) == JsonCheck::kInvalid) {
          ReportValue(Code::kValueInvalidJson, v, batch.first + k, scope,
                      section, "the value does not parse as JSON");
        }
      }
      return;
    case ValueCheck::kDecimalInt32:
    case ValueCheck::kDecimalInt64: {
      if (!fixed_ok) return;
      const bool narrow = check_ == ValueCheck::kDecimalInt32;
      for (size_t k = 0; k < n; ++k) {
        const std::byte* p = batch.fixed.data() + k * width_;
        const int64_t v = narrow ? Load<int32_t>(p) : Load<int64_t>(p);
        const uint64_t magnitude =
            v < 0 ? 0 - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
        if (magnitude < uint_max_) continue;
        ReportValue(
            Code::kValueDecimalOutOfRange, {p, width_}, batch.first + k, scope,
            section,
            StrCat("the unscaled value ", v, " has more than ", precision_,
                   " digits (DECIMAL precision ", precision_, ")"));
      }
      return;
    }
    case ValueCheck::kDecimalBytes:
      if (physical_ == kByteArray) {
        if (!binary_ok) return;
        for (size_t k = 0; k < n; ++k) {
          CheckDecimalBytes(batch.binary[k], batch.first + k, scope, section);
        }
      } else if (fixed_ok) {
        for (size_t k = 0; k < n; ++k) {
          CheckDecimalBytes(batch.fixed.subspan(k * width_, width_),
                            batch.first + k, scope, section);
        }
      }
      return;
    case ValueCheck::kIntegerSigned:
    case ValueCheck::kIntegerUnsigned:
    case ValueCheck::kTime: {
      if (!fixed_ok) return;
      const bool narrow = physical_ == kInt32;
      for (size_t k = 0; k < n; ++k) {
        const std::byte* p = batch.fixed.data() + k * width_;
        const int64_t v = narrow ? Load<int32_t>(p) : Load<int64_t>(p);
        if (check_ == ValueCheck::kIntegerSigned) {
          if (v >= int_min_ && v <= int_max_) continue;
          ReportValue(
              Code::kValueIntegerOutOfRange, {p, width_}, batch.first + k,
              scope, section,
              StrCat("the value ", v, " is outside [", int_min_, ", ", int_max_,
                     "], the range of its INTEGER "
                     "annotation"));
        } else if (check_ == ValueCheck::kIntegerUnsigned) {
          // LogicalTypes.md: unsigned values are stored in the physical
          // type's bits, so the pattern read as unsigned must fit.
          const uint64_t u = narrow ? Load<uint32_t>(p) : Load<uint64_t>(p);
          if (u <= uint_max_) continue;
          ReportValue(
              Code::kValueIntegerOutOfRange, {p, width_}, batch.first + k,
              scope, section,
              StrCat("the value ", u, " (as unsigned) is above ", uint_max_,
                     ", the largest of its unsigned "
                     "INTEGER annotation"));
        } else {
          if (v >= 0 && v < int_max_) continue;
          ReportValue(Code::kValueTimeOutOfRange, {p, width_}, batch.first + k,
                      scope, section,
                      StrCat("the TIME value ", v, " is outside [0, ", int_max_,
                             "), one day in its unit"));
        }
      }
      return;
    }
  }
}

// ---- min, max and NaN
// ---------------------------------------------------------

void ColumnValueChecker::ScanBatch(const ValueBatch& batch, Extremes* e) const {
  const size_t n = batch.count;
  const std::span<const std::byte> fixed = batch.fixed;
  std::string_view* lo = &e->min;
  std::string_view* hi = &e->max;
  switch (scan_) {
    case Scan::kNone:
      return;
    case Scan::kInt32:
      return ScanFixed<PlainKey<int32_t>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kUint32:
      return ScanFixed<PlainKey<uint32_t>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kInt64:
      return ScanFixed<PlainKey<int64_t>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kUint64:
      return ScanFixed<PlainKey<uint64_t>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kFloat:
      return ScanFixed<FloatKey<float>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kDouble:
      return ScanFixed<FloatKey<double>>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kHalf:
      return ScanFixed<HalfKey>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kFloatTotal:
      return ScanFixed<FloatTotalKey>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kDoubleTotal:
      return ScanFixed<DoubleTotalKey>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kHalfTotal:
      return ScanFixed<HalfTotalKey>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kBoolean:
      return ScanFixed<BooleanKey>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kInt96:
      return ScanFixed<Int96Key>(fixed, n, lo, hi, &e->has, &e->nan);
    case Scan::kBytes:
      return ScanBytes(
          n, [&](size_t i) { return View(batch.binary[i]); }, lo, hi, &e->has);
    case Scan::kFixedBytes:
      return ScanBytes(
          n, [&](size_t i) { return View(fixed.data() + i * width_, width_); },
          lo, hi, &e->has);
    case Scan::kDecimal:
    case Scan::kFixedDecimal: {
      const auto compare = [this](std::string_view a, std::string_view b) {
        return order_.Compare(a, b);
      };
      if (scan_ == Scan::kDecimal) {
        return ScanViews(
            n, [&](size_t i) { return View(batch.binary[i]); }, compare, lo, hi,
            &e->has);
      }
      return ScanViews(
          n, [&](size_t i) { return View(fixed.data() + i * width_, width_); },
          compare, lo, hi, &e->has);
    }
  }
}

void ColumnValueChecker::RankDictionary() {
  ranked_ = true;
  const size_t n = dictionary_.size();
  rank_.assign(n, kNaNRank);
  by_rank_.clear();
  if (scan_ == Scan::kNone) return;
  by_rank_.reserve(n);
  for (size_t i = 0; i < n; ++i) {
    if (!order_.IsNaN(dictionary_[i])) {
      by_rank_.push_back(static_cast<uint32_t>(i));
    }
  }
  // Once per chunk, so the generic comparison is cheap enough; the sort
  // makes every index of every data page an integer comparison.
  std::sort(by_rank_.begin(), by_rank_.end(), [this](uint32_t a, uint32_t b) {
    return order_.Compare(dictionary_[a], dictionary_[b]) < 0;
  });
  for (size_t r = 0; r < by_rank_.size(); ++r) {
    rank_[by_rank_[r]] = static_cast<uint32_t>(r);
  }
}

void ColumnValueChecker::ScanIndices(std::span<const uint32_t> indices) {
  if (scan_ == Scan::kNone) return;
  if (!ranked_) RankDictionary();
  const size_t n = rank_.size();
  const uint32_t* ranks = rank_.data();
  uint32_t lo = page_min_rank_, hi = page_max_rank_;
  bool has = page_has_rank_;
  uint64_t nans = 0;
  for (const uint32_t index : indices) {
    if (index >= n) {
      unresolved_ = true;
      continue;
    }
    const uint32_t r = ranks[index];
    if (r == kNaNRank) {
      ++nans;
      continue;
    }
    if (!has) {
      lo = hi = r;
      has = true;
    } else {
      lo = std::min(lo, r);
      hi = std::max(hi, r);
    }
  }
  page_min_rank_ = lo;
  page_max_rank_ = hi;
  page_has_rank_ = has;
  page_nan_ += nans;
}

void ColumnValueChecker::Merge(std::string_view min, std::string_view max) {
  if (!page_has_) {
    page_min_.assign(min);
    page_max_.assign(max);
    page_has_ = true;
    return;
  }
  if (order_.Compare(min, page_min_) < 0) page_min_.assign(min);
  if (order_.Compare(max, page_max_) > 0) page_max_.assign(max);
}

// ---- the walk's calls -------------------------------------------------------

void ColumnValueChecker::Dictionary(const ValueBatch& batch, PageScope& scope,
                                    const ByteReader* section) {
  const size_t n = batch.count;
  if (physical_ == kByteArray) {
    if (batch.binary.size() != n) return;
    for (const auto& v : batch.binary) dictionary_.push_back(View(v));
  } else if (physical_ == kBoolean && batch.fixed.size() == n) {
    // PLAIN booleans are unpacked into the decoder's own buffer, which
    // dies with the dictionary page: keep views of constants instead.
    static constexpr std::byte kBits[2] = {std::byte{0}, std::byte{1}};
    for (const std::byte b : batch.fixed) {
      dictionary_.push_back(View(&kBits[b == std::byte{0} ? 0 : 1], 1));
    }
  } else if (width_ > 0 && batch.fixed.size() == n * width_) {
    for (size_t k = 0; k < n; ++k) {
      dictionary_.push_back(View(batch.fixed.data() + k * width_, width_));
    }
  } else {
    return;
  }
  ranked_ = false;
  CheckValues(batch, scope, section);
}

void ColumnValueChecker::BeginPage() {
  page_non_null_ = 0;
  page_nan_ = 0;
  page_has_ = false;
  page_has_rank_ = false;
  page_min_rank_ = page_max_rank_ = 0;
}

void ColumnValueChecker::Values(const ValueBatch& batch, PageScope& scope,
                                const ByteReader* section) {
  if (batch.repeated) {
    // One value, checked and ranked once; counted once per copy.
    ValueBatch one = batch;
    one.count = 1;
    one.repeated = false;
    const uint64_t nans = page_nan_;
    Values(one, scope, section);
    page_non_null_ += batch.count - 1;
    page_nan_ += (page_nan_ - nans) * (batch.count - 1);
    return;
  }
  page_non_null_ += batch.count;
  if (batch.count == 0) return;
  if (batch.indices.size() == batch.count) {
    ScanIndices(batch.indices);
    return;
  }
  CheckValues(batch, scope, section);
  if (scan_ == Scan::kNone) return;
  const bool fixed = physical_ != kByteArray;
  if (fixed ? batch.fixed.size() != batch.count * width_
            : batch.binary.size() != batch.count) {
    unresolved_ = true;
    return;
  }
  Extremes e;
  ScanBatch(batch, &e);
  page_nan_ += e.nan;
  if (e.has) Merge(e.min, e.max);
}

PageValueSummary ColumnValueChecker::EndPage() {
  if (page_has_rank_) {
    Merge(dictionary_[by_rank_[page_min_rank_]],
          dictionary_[by_rank_[page_max_rank_]]);
  }
  PageValueSummary summary;
  summary.non_null = page_non_null_;
  summary.nan_count = page_nan_;
  chunk_non_null_ += page_non_null_;
  chunk_nan_ += page_nan_;
  if (page_has_ && order_.defined()) {
    summary.has_bounds = true;
    summary.min = page_min_;
    summary.max = page_max_;
    if (!chunk_has_) {
      chunk_min_ = page_min_;
      chunk_max_ = page_max_;
      chunk_has_ = true;
    } else {
      if (order_.Compare(page_min_, chunk_min_) < 0) chunk_min_ = page_min_;
      if (order_.Compare(page_max_, chunk_max_) > 0) chunk_max_ = page_max_;
    }
  }
  BeginPage();
  return summary;
}

// ---- statistics against the data -------------------------------------------

std::string ColumnValueChecker::Describe(std::string_view v) const {
  if (width_ > 0 && v.size() != width_) return Hex(v, 32);
  const std::byte* p = reinterpret_cast<const std::byte*>(v.data());
  switch (scan_) {
    case Scan::kInt32:
      return StrCat(Load<int32_t>(p));
    case Scan::kUint32:
      return StrCat(Load<uint32_t>(p));
    case Scan::kInt64:
      return StrCat(Load<int64_t>(p));
    case Scan::kUint64:
      return StrCat(Load<uint64_t>(p));
    case Scan::kFloat:
    case Scan::kFloatTotal:
      return Number(Load<float>(p), 9);
    case Scan::kDouble:
    case Scan::kDoubleTotal:
      return Number(Load<double>(p), 17);
    case Scan::kHalf:
    case Scan::kHalfTotal:
      return Number(HalfToDouble(v), 5);
    case Scan::kBoolean:
      return static_cast<uint8_t>(v[0]) != 0 ? "true" : "false";
    case Scan::kInt96:
      return StrCat("Julian day ", Load<int32_t>(p + 8), " nanosecond ",
                    Load<int64_t>(p));
    case Scan::kBytes:
    case Scan::kFixedBytes: {
      const bool printable =
          v.size() <= 64 && std::all_of(v.begin(), v.end(), [](char c) {
            return c >= 0x20 && c < 0x7f;
          });
      if (printable) return StrCat("\"", v, "\"");
      return Hex(v, 32);
    }
    default:
      return Hex(v, 32);
  }
}

// Arrow's HasCorrectStatistics trusts min == max from these writers: with
// one value the order does not matter.
bool ColumnValueChecker::WriterBugCovers(const Statistics& s) const {
  if (writer_bug_all_) return true;
  if (!writer_bug_unsigned_) return false;
  const bool signed_order = scan_ == Scan::kInt32 || scan_ == Scan::kInt64 ||
                            scan_ == Scan::kFloat || scan_ == Scan::kDouble ||
                            scan_ == Scan::kBoolean;
  if (signed_order) return false;
  const bool modern = s.min_value.present || s.max_value.present;
  const Spanned<Binary>& min = modern ? s.min_value : s.min;
  const Spanned<Binary>& max = modern ? s.max_value : s.max;
  return !(min.present && max.present && min.value == max.value);
}

void ColumnValueChecker::CheckAgainst(const Statistics& s, const Observed& data,
                                      Reporter& report,
                                      bool footer_checked) const {
  if (s.null_count.present && s.null_count.value >= 0) {
    const uint64_t count = static_cast<uint64_t>(s.null_count.value);
    const bool element_reading =
        data.element_nulls_known && count == data.element_nulls;
    if (count != data.nulls && !element_reading && data.nulls_decide) {
      report(Code::kStatsNullCountMismatch, s.null_count.span, "null_count",
             data.element_nulls_known && data.element_nulls != data.nulls
                 ? StrCat("null_count is ", s.null_count.value,
                          " but the definition levels hold ", data.nulls,
                          " nulls, ", data.element_nulls,
                          " of them null list elements")
                 : StrCat("null_count is ", s.null_count.value,
                          " but the definition levels hold ", data.nulls,
                          " nulls"));
    }
  }
  if (unresolved_) return;
  if (order_.floating() && s.nan_count.present && s.nan_count.value >= 0 &&
      static_cast<uint64_t>(s.nan_count.value) != data.nan) {
    report(Code::kStatsNanCountMismatch, s.nan_count.span, "nan_count",
           StrCat("nan_count is ", s.nan_count.value, " but the data holds ",
                  data.nan, " NaN values"));
  }
  if (!order_.defined()) return;

  // min_value/max_value when written; else the deprecated min/max, which
  // are in signed order and which readers use only where that is the
  // column's order (parquet.thrift Statistics; Arrow GH-34139). Where they
  // are used, a bound that excludes a value loses rows just the same, so
  // the same errors apply.
  const bool modern = s.min_value.present || s.max_value.present;
  if (!modern) {
    const SortOrder o = order_.order();
    const bool signed_order = o == SortOrder::kSigned ||
                              o == SortOrder::kFloat ||
                              o == SortOrder::kBoolean;
    if (!signed_order || order_.total_order()) return;
  }
  const Spanned<Binary>& min = modern ? s.min_value : s.min;
  const Spanned<Binary>& max = modern ? s.max_value : s.max;
  const std::string_view min_name = modern ? "min_value" : "min";
  const std::string_view max_name = modern ? "max_value" : "max";

  // A bound is judged when it has the column's width and, under TYPE_ORDER,
  // is not NaN (readers ignore NaN bounds). The footer rules report both
  // faults for the chunk's statistics; a page header's are reported here.
  const auto usable = [&](const Spanned<Binary>& b, std::string_view name) {
    if (!b.present) return false;
    const uint64_t width = order_.fixed_width();
    if (physical_ == kFixedLenByteArray && width == 0) return false;
    if (width > 0 && b.value.size() != width) {
      if (!footer_checked) {
        report(Code::kStatsValueLength, b.span, name,
               StrCat(name, " is ", b.value.size(),
                      " bytes; the column's values are ", width, " bytes"));
      }
      return false;
    }
    if (order_.floating() && !order_.total_order() && order_.IsNaN(b.value)) {
      if (!footer_checked) {
        report(Code::kStatsNanBound, b.span, name,
               StrCat(name, " is NaN; readers ignore these statistics"));
      }
      return false;
    }
    return true;
  };
  const bool use_min = usable(min, min_name);
  const bool use_max = usable(max, max_name);
  if (!use_min && !use_max) return;

  const bool writer_bug = WriterBugCovers(s);
  const auto fail = [&](Code code, const Spanned<Binary>& field,
                        std::string_view name, std::string message) {
    if (writer_bug) {
      report(Code::kStatsWriterBug, field.span, name,
             StrCat(message, "; created_by \"", writer_,
                    "\" is known to write wrong statistics"));
    } else {
      report(code, field.span, name, std::move(message));
    }
  };

  if (!data.has_bounds) {
    // Under IEEE_754_TOTAL_ORDER all-NaN data has NaN bounds, which the
    // summary does not keep, so only the all-null case is judged there.
    const bool all_nan = data.non_null > 0 && data.nan == data.non_null;
    if (data.non_null == 0 || (all_nan && !order_.total_order())) {
      const bool on_min = use_min;
      fail(Code::kStatsBoundsWithoutValues, on_min ? min : max,
           on_min ? min_name : max_name,
           data.non_null == 0
               ? std::string("min/max are set but every value is null")
               : std::string("min/max are set but every non-null value is "
                             "NaN"));
    }
    return;
  }
  if (use_min) {
    const int c = order_.Compare(data.min, min.value);
    if (c < 0) {
      fail(Code::kStatsValueBelowMin, min, min_name,
           StrCat("the data holds ", Describe(data.min), ", below ", min_name,
                  " ", Describe(min.value)));
    } else if (c > 0 && modern && s.is_min_value_exact.present &&
               s.is_min_value_exact.value) {
      fail(Code::kStatsBoundNotAttained, min, min_name,
           StrCat(min_name, " ", Describe(min.value),
                  " is marked exact, but the smallest value is ",
                  Describe(data.min)));
    }
  }
  if (use_max) {
    const int c = order_.Compare(data.max, max.value);
    if (c > 0) {
      fail(Code::kStatsValueAboveMax, max, max_name,
           StrCat("the data holds ", Describe(data.max), ", above ", max_name,
                  " ", Describe(max.value)));
    } else if (c < 0 && modern && s.is_max_value_exact.present &&
               s.is_max_value_exact.value) {
      fail(Code::kStatsBoundNotAttained, max, max_name,
           StrCat(max_name, " ", Describe(max.value),
                  " is marked exact, but the largest value is ",
                  Describe(data.max)));
    }
  }
}

void ColumnValueChecker::CountNulls(uint64_t nulls,
                                    std::span<const uint64_t> histogram,
                                    Observed* data) const {
  data->nulls = nulls;
  if (!nested_) return;
  const size_t levels = static_cast<size_t>(max_definition_level_) + 1;
  if (histogram.size() != levels) {
    data->nulls_decide = false;
    return;
  }
  for (size_t d = static_cast<size_t>(element_level_);
       d < static_cast<size_t>(max_definition_level_); ++d) {
    data->element_nulls += histogram[d];
  }
  data->element_nulls_known = true;
}

void ColumnValueChecker::CheckPageStatistics(
    const Spanned<Statistics>& stats, const PageValueSummary& page,
    uint64_t page_nulls, PageScope& scope, std::string_view stats_field,
    std::span<const uint64_t> definition_histogram) {
  if (!active_ || !stats.present) return;
  Observed data;
  data.non_null = page.non_null;
  data.nan = page.nan_count;
  CountNulls(page_nulls, definition_histogram, &data);
  data.has_bounds = page.has_bounds;
  data.min = page.min;
  data.max = page.max;
  Reporter report(scope, std::string(stats_field));
  CheckAgainst(stats.value, data, report, /*footer_checked=*/false);
}

void ColumnValueChecker::CheckChunkStatistics(
    const ColumnMetaData& md, std::string_view field, uint64_t chunk_nulls,
    DiagnosticSink& sink, std::span<const uint64_t> definition_histogram) {
  if (!active_ || !md.statistics.present) return;
  // A chunk whose type disagrees with its leaf (metadata.type-mismatch)
  // has statistics in some other encoding.
  if (md.type.present && md.type.value != physical_) return;
  Observed data;
  data.non_null = chunk_non_null_;
  data.nan = chunk_nan_;
  CountNulls(chunk_nulls, definition_histogram, &data);
  data.has_bounds = chunk_has_;
  data.min = chunk_min_;
  data.max = chunk_max_;
  Reporter report(sink, StrCat(field, ".statistics"));
  CheckAgainst(md.statistics.value, data, report, /*footer_checked=*/true);
}

}  // namespace colcheck::parquet
