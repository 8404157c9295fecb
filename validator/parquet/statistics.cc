// Statistics of a column chunk, as far as the footer alone can judge them:
// counts, value widths, and min <= max under the column's sort order.
// https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift
// (struct Statistics, union ColumnOrder); LogicalTypes.md (sort orders)

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/rules.h"
#include "parquet/sort_order.h"

namespace colcheck::parquet {
namespace {

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
  ValueOrder order;
};

// Reports stats.value-length for a value of the wrong fixed width. Returns
// whether the value can be compared.
bool CheckValueLength(const RuleContext& ctx, const StatsRef& ref,
                      const ColumnInfo& col, const Spanned<Binary>& value,
                      std::string_view field) {
  const uint64_t width = col.order.fixed_width();
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
  if (s.nan_count.present && !col.order.floating()) {
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
  if (!col.order.IsNaN(value.value)) return false;
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
  if (col.order.column_order_id() == kIeee754TotalOrder) {
    // NaN bounds are legitimate here (all values NaN), and the order is
    // total, so any pair of values compares.
    if (!comparable || !col.order.total_order() || !s.min_value.present ||
        !s.max_value.present) {
      return;
    }
    if (col.order.Compare(s.min_value.value, s.max_value.value) > 0) {
      ctx.sink.Report(Code::kStatsMinGreaterThanMax, s.min_value.span,
                      ref.Path("min_value"),
                      "min_value is greater than max_value under IEEE 754 "
                      "total order");
    }
    return;
  }
  const int16_t order_id = col.order.column_order_id();
  if (order_id != kTypeDefinedOrder && order_id != kOrderNone) return;
  if (col.order.order() == SortOrder::kUndefined) {
    const Spanned<Binary>& value =
        s.min_value.present ? s.min_value : s.max_value;
    // parquet.thrift leaves INT96's order undefined but lets a writer write
    // its statistics (in the legacy days-then-nanos order); parquet-java
    // does, and readers ignore them or use that order.
    if (col.type == kInt96) {
      ctx.sink.Report(Code::kStatsInt96Bounds, value.span,
                      ref.Path(s.min_value.present ? "min_value" : "max_value"),
                      "min_value/max_value are written for an INT96 column, "
                      "whose order TYPE_ORDER leaves undefined");
      return;
    }
    ctx.sink.Report(Code::kStatsUndefinedOrder, value.span,
                    ref.Path(s.min_value.present ? "min_value" : "max_value"),
                    "min_value/max_value are written for a type whose sort "
                    "order is undefined");
    return;
  }
  if (!comparable || !col.order.defined()) return;
  if (col.order.floating()) {
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
  if (col.order.Compare(s.min_value.value, s.max_value.value) > 0) {
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
  const bool is_integer = col.type == kInt32 || col.type == kInt64;
  if ((is_integer || is_float) &&
      CompareSigned(col.type, s.min.value, s.max.value) > 0) {
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
  col->order = ValueOrder::For(
      *col->leaf, column < orders.size() ? &orders[column].value : nullptr);
  return true;
}

// IEEE_754_TOTAL_ORDER bounds skip NaN, so they say nothing about NaN
// without nan_count, which that order makes mandatory.
void CheckTotalOrderNanCount(const RuleContext& ctx, const StatsRef& ref,
                             const ColumnInfo& col,
                             const Spanned<Statistics>& stats) {
  const Statistics& s = stats.value;
  if (!col.order.total_order() ||
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
