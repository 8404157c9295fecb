// Statistics of a column chunk, as far as the footer alone can judge them:
// counts, value widths, and min <= max under the column's sort order.
// https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift
// (struct Statistics, union ColumnOrder); LogicalTypes.md (sort orders)

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

// How min and max compare for a column, from ColumnOrder's table.
enum class SortOrder : uint8_t {
  kSigned,        // INT32/INT64, little-endian two's complement.
  kUnsigned,      // INT32/INT64 annotated as unsigned.
  kFloat,         // FLOAT/DOUBLE, by represented value.
  kFloat16,       // FLBA(2) FLOAT16, by represented value.
  kDecimalBytes,  // BYTE_ARRAY/FLBA DECIMAL: big-endian two's complement.
  kBytes,         // Unsigned byte-wise.
  kBoolean,       // false < true.
  kUndefined,     // INT96, INTERVAL, LIST, MAP, VARIANT, GEO*: readers
                  // must ignore min/max.
  kUnsupported,   // A logical type colcheck does not know: no judgement.
};

// Names one chunk's statistics; the path is built only when reporting.
struct StatsRef {
  size_t row_group = 0;
  size_t column = 0;

  std::string Path(std::string_view field) const {
    return FieldPath("row_groups", row_group, "columns", column,
                     "meta_data.statistics", field);
  }
};

// What the checks need to know about the chunk's column.
struct ColumnInfo {
  const SchemaElement* leaf = nullptr;
  int32_t type = 0;
  int16_t order_id = kOrderNone;  // kOrderNone when column_orders is absent.
  SortOrder order = SortOrder::kUnsupported;
  bool is_float = false;  // FLOAT, DOUBLE or FLOAT16.
};

bool IsUnsignedAnnotation(const SchemaElement& e) {
  if (e.logical_type.present) {
    const LogicalType& lt = e.logical_type.value;
    return lt.id == kLogicalInteger && lt.integer.is_signed.present &&
           !lt.integer.is_signed.value;
  }
  const int32_t ct = e.converted_type.value;
  return e.converted_type.present && ct >= kUint8 && ct <= kUint64;
}

// The order of a byte array column, from its logical type if written, else
// from its converted type (LogicalTypes.md keeps both in step).
SortOrder ByteArrayOrder(const SchemaElement& e) {
  if (e.logical_type.present) {
    switch (e.logical_type.value.id) {
      case kLogicalDecimal:
        return SortOrder::kDecimalBytes;
      case kLogicalFloat16:
        return IsFloat16(e) ? SortOrder::kFloat16 : SortOrder::kUnsupported;
      case kLogicalList:
      case kLogicalMap:
      case kLogicalVariant:
      case kLogicalGeometry:
      case kLogicalGeography:
        return SortOrder::kUndefined;
      case kLogicalNone:
        return SortOrder::kUnsupported;
      default:
        return SortOrder::kBytes;
    }
  }
  if (!e.converted_type.present) return SortOrder::kBytes;
  switch (e.converted_type.value) {
    case kDecimal:
      return SortOrder::kDecimalBytes;
    case kInterval:
    case kMap:
    case kMapKeyValue:
    case kList:
      return SortOrder::kUndefined;
    default:
      return SortOrder::kBytes;
  }
}

SortOrder OrderOf(const SchemaElement& e) {
  switch (e.type.value) {
    case kBoolean:
      return SortOrder::kBoolean;
    case kInt32:
    case kInt64:
      return IsUnsignedAnnotation(e) ? SortOrder::kUnsigned
                                     : SortOrder::kSigned;
    case kInt96:
      return SortOrder::kUndefined;
    case kFloat:
    case kDouble:
      return SortOrder::kFloat;
    case kByteArray:
    case kFixedLenByteArray:
      return ByteArrayOrder(e);
    default:
      return SortOrder::kUnsupported;
  }
}

// The PLAIN width of one value, or 0 for variable-length types.
uint64_t FixedWidth(const SchemaElement& e) {
  switch (e.type.value) {
    case kBoolean:
      return 1;
    case kInt32:
    case kFloat:
      return 4;
    case kInt64:
    case kDouble:
      return 8;
    case kInt96:
      return 12;
    case kFixedLenByteArray:
      return e.type_length.present && e.type_length.value > 0
                 ? static_cast<uint64_t>(e.type_length.value)
                 : 0;
    default:
      return 0;
  }
}

template <typename T>
T Load(std::string_view bytes) {
  T value;
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

double HalfToDouble(std::string_view bytes) {
  const uint16_t h = static_cast<uint16_t>(
      static_cast<uint8_t>(bytes[0]) | (static_cast<uint8_t>(bytes[1]) << 8));
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  double magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(mantissa, -24);
  } else if (exponent == 0x1f) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else {
    magnitude = std::ldexp(mantissa + 1024, exponent - 25);
  }
  return (h & 0x8000) ? -magnitude : magnitude;
}

bool IsNaN(int32_t type, std::string_view bytes) {
  if (type == kFloat) return std::isnan(Load<float>(bytes));
  if (type == kDouble) return std::isnan(Load<double>(bytes));
  return std::isnan(HalfToDouble(bytes));  // FLOAT16
}

double FloatValue(int32_t type, std::string_view bytes) {
  if (type == kFloat) return Load<float>(bytes);
  if (type == kDouble) return Load<double>(bytes);
  return HalfToDouble(bytes);
}

int CompareUnsignedBytes(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  const int c = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (c != 0) return c < 0 ? -1 : 1;
  return a.size() < b.size() ? -1 : (a.size() > b.size() ? 1 : 0);
}

// Big-endian two's complement integers of any lengths: the shorter one is
// sign-extended, after which equal signs compare as unsigned bytes.
int CompareDecimalBytes(std::string_view a, std::string_view b) {
  const bool a_negative = !a.empty() && (static_cast<uint8_t>(a[0]) & 0x80);
  const bool b_negative = !b.empty() && (static_cast<uint8_t>(b[0]) & 0x80);
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  const uint8_t pad = a_negative ? 0xff : 0x00;
  const size_t n = std::max(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const uint8_t x =
        i < n - a.size() ? pad : static_cast<uint8_t>(a[i - (n - a.size())]);
    const uint8_t y =
        i < n - b.size() ? pad : static_cast<uint8_t>(b[i - (n - b.size())]);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

template <typename T>
int Compare3(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

int CompareIntegers(int32_t type, bool is_signed, std::string_view a,
                    std::string_view b) {
  if (type == kInt32) {
    return is_signed ? Compare3(Load<int32_t>(a), Load<int32_t>(b))
                     : Compare3(Load<uint32_t>(a), Load<uint32_t>(b));
  }
  return is_signed ? Compare3(Load<int64_t>(a), Load<int64_t>(b))
                   : Compare3(Load<uint64_t>(a), Load<uint64_t>(b));
}

// IEEE 754 totalOrder: flipping the magnitude bits of negative numbers
// makes the signed integer order match -NaN < -Inf < ... < -0 < +0 < ... <
// +Inf < +NaN.
template <typename Signed>
Signed TotalOrderKey(Signed bits) {
  using Unsigned = std::make_unsigned_t<Signed>;
  if (bits >= 0) return bits;
  const Unsigned magnitude_mask = static_cast<Unsigned>(~Unsigned{0}) >> 1;
  return static_cast<Signed>(static_cast<Unsigned>(bits) ^ magnitude_mask);
}

int CompareTotalOrder(int32_t type, std::string_view a, std::string_view b) {
  if (type == kFloat) {
    return Compare3(TotalOrderKey(Load<int32_t>(a)),
                    TotalOrderKey(Load<int32_t>(b)));
  }
  if (type == kDouble) {
    return Compare3(TotalOrderKey(Load<int64_t>(a)),
                    TotalOrderKey(Load<int64_t>(b)));
  }
  const auto half = [](std::string_view v) {
    return static_cast<int16_t>(static_cast<uint16_t>(
        static_cast<uint8_t>(v[0]) | (static_cast<uint8_t>(v[1]) << 8)));
  };
  return Compare3(TotalOrderKey(half(a)), TotalOrderKey(half(b)));
}

// Compares two values of a valid width under `order`. The caller has ruled
// out NaN for the floating-point orders.
int CompareValues(const ColumnInfo& col, std::string_view a,
                  std::string_view b) {
  switch (col.order) {
    case SortOrder::kSigned:
    case SortOrder::kUnsigned:
      return CompareIntegers(col.type, col.order == SortOrder::kSigned, a, b);
    case SortOrder::kFloat:
    case SortOrder::kFloat16:
      return Compare3(FloatValue(col.type, a), FloatValue(col.type, b));
    case SortOrder::kDecimalBytes:
      return CompareDecimalBytes(a, b);
    case SortOrder::kBytes:
      return CompareUnsignedBytes(a, b);
    case SortOrder::kBoolean:
      return Compare3(a[0] != 0, b[0] != 0);
    default:
      return 0;
  }
}

// Reports stats.value-length for a value of the wrong fixed width. Returns
// whether the value can be compared.
bool CheckValueLength(const RuleContext& ctx, const StatsRef& ref,
                      const ColumnInfo& col, const Spanned<Binary>& value,
                      std::string_view field) {
  const uint64_t width = FixedWidth(*col.leaf);
  // Without a usable type_length (a schema fault) an FLBA value has no
  // known width, so it is neither judged nor compared.
  if (col.type == kFixedLenByteArray && width == 0) return false;
  if (width == 0 || value.value.size() == width) return true;
  ctx.sink.Report(Code::kStatsValueLength, value.span, ref.Path(field),
                  StrCat(field, " is ", value.value.size(),
                         " bytes; the column's values are ", width, " bytes"));
  return false;
}

// Reports a negative count. Returns whether the count is usable.
bool CheckCountSign(const RuleContext& ctx, const StatsRef& ref,
                    const Spanned<int64_t>& count, std::string_view name) {
  if (!count.present) return false;
  if (count.value >= 0) return true;
  ctx.sink.Report(Code::kMetadataNegativeValue, count.span, ref.Path(name),
                  StrCat(name, " is ", count.value));
  return false;
}

// null_count, distinct_count and nan_count can be no larger than
// num_values, which counts nulls too.
void CheckCountBound(const RuleContext& ctx, const StatsRef& ref,
                     const Spanned<int64_t>& count, std::string_view name,
                     Code code, const Spanned<int64_t>& num_values) {
  if (!CheckCountSign(ctx, ref, count, name)) return;
  if (!num_values.present || num_values.value < 0 ||
      count.value <= num_values.value) {
    return;
  }
  ctx.sink.Report(code, count.span, ref.Path(name),
                  StrCat(name, " is ", count.value, " but the chunk has ",
                         num_values.value, " values"));
}

void CheckCounts(const RuleContext& ctx, const StatsRef& ref,
                 const ColumnInfo& col, const Statistics& s,
                 const Spanned<int64_t>& num_values) {
  CheckCountBound(ctx, ref, s.null_count, "null_count",
                  Code::kStatsNullCountExceedsValues, num_values);
  CheckCountBound(ctx, ref, s.distinct_count, "distinct_count",
                  Code::kStatsDistinctCountExceedsValues, num_values);
  CheckCountBound(ctx, ref, s.nan_count, "nan_count",
                  Code::kStatsNanCountExceedsValues, num_values);
  if (s.nan_count.present && !col.is_float) {
    ctx.sink.Report(Code::kStatsNanCountType, s.nan_count.span,
                    ref.Path("nan_count"),
                    "nan_count is set on a column that is not FLOAT, DOUBLE "
                    "or FLOAT16");
  }
}

// TYPE_ORDER floats: a NaN bound makes readers drop the statistics
// (README "NaN in stats"; nan_in_stats.parquet). Returns whether `value` is
// NaN.
bool CheckNaNBound(const RuleContext& ctx, const StatsRef& ref,
                   const ColumnInfo& col, const Spanned<Binary>& value,
                   std::string_view field) {
  if (!IsNaN(col.type, value.value)) return false;
  ctx.sink.Report(Code::kStatsNanBound, value.span, ref.Path(field),
                  StrCat(field, " is NaN; readers ignore these statistics"));
  return true;
}

// min_value/max_value, ordered by the column order.
void CheckMinMaxValue(const RuleContext& ctx, const StatsRef& ref,
                      const ColumnInfo& col, const Statistics& s) {
  if (!s.min_value.present && !s.max_value.present) return;
  bool comparable = true;
  if (s.min_value.present) {
    comparable &= CheckValueLength(ctx, ref, col, s.min_value, "min_value");
  }
  if (s.max_value.present) {
    comparable &= CheckValueLength(ctx, ref, col, s.max_value, "max_value");
  }
  if (col.order_id == kIeee754TotalOrder) {
    // NaN bounds are legitimate here (all values NaN), and the order is
    // total, so any pair of values compares.
    if (!comparable || !col.is_float || !s.min_value.present ||
        !s.max_value.present) {
      return;
    }
    if (CompareTotalOrder(col.type, s.min_value.value, s.max_value.value) > 0) {
      ctx.sink.Report(Code::kStatsMinGreaterThanMax, s.min_value.span,
                      ref.Path("min_value"),
                      "min_value is greater than max_value under IEEE 754 "
                      "total order");
    }
    return;
  }
  if (col.order_id != kTypeDefinedOrder && col.order_id != kOrderNone) return;
  if (col.order == SortOrder::kUndefined) {
    const Spanned<Binary>& value =
        s.min_value.present ? s.min_value : s.max_value;
    ctx.sink.Report(Code::kStatsUndefinedOrder, value.span,
                    ref.Path(s.min_value.present ? "min_value" : "max_value"),
                    "min_value/max_value are written for a type whose sort "
                    "order is undefined");
    return;
  }
  if (!comparable || col.order == SortOrder::kUnsupported) return;
  if (col.is_float) {
    bool nan = false;
    if (s.min_value.present) {
      nan |= CheckNaNBound(ctx, ref, col, s.min_value, "min_value");
    }
    if (s.max_value.present) {
      nan |= CheckNaNBound(ctx, ref, col, s.max_value, "max_value");
    }
    if (nan) return;
  }
  if (!s.min_value.present || !s.max_value.present) return;
  if (CompareValues(col, s.min_value.value, s.max_value.value) > 0) {
    ctx.sink.Report(Code::kStatsMinGreaterThanMax, s.min_value.span,
                    ref.Path("min_value"),
                    "min_value is greater than max_value under the column's "
                    "sort order");
  }
}

// The deprecated min/max are always in signed order, and readers only trust
// them for numeric types; a disorder is worth a warning, never an error.
void CheckDeprecatedMinMax(const RuleContext& ctx, const StatsRef& ref,
                           const ColumnInfo& col, const Statistics& s) {
  bool comparable = true;
  if (s.min.present) {
    comparable &= CheckValueLength(ctx, ref, col, s.min, "min");
  }
  if (s.max.present) {
    comparable &= CheckValueLength(ctx, ref, col, s.max, "max");
  }
  if (!comparable) return;
  const bool is_float = col.type == kFloat || col.type == kDouble;
  if (is_float) {
    bool nan = false;
    if (s.min.present) nan |= CheckNaNBound(ctx, ref, col, s.min, "min");
    if (s.max.present) nan |= CheckNaNBound(ctx, ref, col, s.max, "max");
    if (nan) return;
  }
  if (!s.min.present || !s.max.present) return;
  int order = 0;
  if (col.type == kInt32 || col.type == kInt64) {
    order =
        CompareIntegers(col.type, /*is_signed=*/true, s.min.value, s.max.value);
  } else if (is_float) {
    order = Compare3(FloatValue(col.type, s.min.value),
                     FloatValue(col.type, s.max.value));
  }
  if (order > 0) {
    ctx.sink.Report(Code::kStatsDeprecatedMinGreaterThanMax, s.min.span,
                    ref.Path("min"),
                    "the deprecated min is greater than max in signed order");
  }
}

// Returns false when the chunk cannot be judged: the tree is unsound, the
// column has no leaf, or the chunk's type disagrees with the leaf (reported
// as metadata.type-mismatch), so the encoding of the values is unknown.
bool DescribeColumn(const RuleContext& ctx, size_t column,
                    const ColumnMetaData& m, ColumnInfo* col) {
  col->leaf = ctx.Leaf(column);
  if (col->leaf == nullptr || !col->leaf->type.present) return false;
  col->type = col->leaf->type.value;
  if (m.type.present && m.type.value != col->type) return false;
  const auto& orders = ctx.md.column_orders.value;
  col->order_id = column < orders.size() ? orders[column].value.id
                                         : static_cast<int16_t>(kOrderNone);
  col->order = OrderOf(*col->leaf);
  col->is_float = IsFloatingPoint(*col->leaf);
  return true;
}

// IEEE_754_TOTAL_ORDER bounds skip NaN, so they say nothing about NaN
// without nan_count, which that order makes mandatory.
void CheckTotalOrderNanCount(const RuleContext& ctx, const StatsRef& ref,
                             const ColumnInfo& col,
                             const Spanned<Statistics>& stats) {
  const Statistics& s = stats.value;
  if (col.order_id != kIeee754TotalOrder || !col.is_float ||
      s.nan_count.present || (!s.min_value.present && !s.max_value.present)) {
    return;
  }
  ctx.sink.Report(Code::kStatsNanCountMissing, stats.span, ref.Path("nan_count"),
                  "the column is ordered by IEEE_754_TOTAL_ORDER but its "
                  "statistics have no nan_count");
}

void CheckChunkStatistics(const RuleContext& ctx, const StatsRef& ref,
                          const ColumnMetaData& m) {
  ColumnInfo col;
  if (!m.statistics.present || !DescribeColumn(ctx, ref.column, m, &col)) {
    return;
  }
  CheckTotalOrderNanCount(ctx, ref, col, m.statistics);
  const Statistics& s = m.statistics.value;
  CheckCounts(ctx, ref, col, s, m.num_values);
  CheckMinMaxValue(ctx, ref, col, s);
  CheckDeprecatedMinMax(ctx, ref, col, s);
}

}  // namespace

void CheckStatistics(const RuleContext& ctx) {
  const auto& row_groups = ctx.md.row_groups.value;
  for (size_t r = 0; r < row_groups.size(); ++r) {
    const auto& columns = row_groups[r].value.columns.value;
    // With the wrong number of chunks (metadata.column-count-mismatch) a
    // chunk's position no longer names its leaf.
    if (columns.size() != ctx.tree.leaves.size()) continue;
    for (size_t c = 0; c < columns.size(); ++c) {
      const Spanned<ColumnMetaData>& meta = columns[c].value.meta_data;
      if (meta.present) CheckChunkStatistics(ctx, StatsRef{r, c}, meta.value);
    }
  }
}

}  // namespace colcheck::parquet
