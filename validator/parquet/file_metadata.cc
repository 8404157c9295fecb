// FileMetaData: version, num_rows, created_by and column_orders.
// https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift
// (struct FileMetaData, union ColumnOrder)

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

void CheckVersion(const RuleContext& ctx) {
  const Spanned<int32_t>& version = ctx.md.version;
  if (!version.present || version.value == 1 || version.value == 2) return;
  ctx.sink.Report(
      Code::kMetadataVersion, version.span, "version",
      StrCat("version is ", version.value, "; only 1 and 2 are defined"));
}

// Adds the row groups' num_rows. Returns false when the sum means nothing:
// a count is missing or negative (both reported elsewhere). `overflow` is
// set when the true sum exceeds int64, which no num_rows can then match.
bool SumRowGroupRows(const FileMetaData& md, int64_t* sum, bool* overflow) {
  *sum = 0;
  *overflow = false;
  for (const auto& rg : md.row_groups.value) {
    const Spanned<int64_t>& rows = rg.value.num_rows;
    if (!rows.present || rows.value < 0) return false;
    if (!*overflow && __builtin_add_overflow(*sum, rows.value, sum)) {
      *overflow = true;
    }
  }
  return true;
}

void CheckNumRows(const RuleContext& ctx) {
  const Spanned<int64_t>& num_rows = ctx.md.num_rows;
  if (!num_rows.present) return;
  if (num_rows.value < 0) {
    ctx.sink.Report(Code::kMetadataNegativeValue, num_rows.span, "num_rows",
                    StrCat("num_rows is ", num_rows.value));
    return;
  }
  int64_t sum = 0;
  bool overflow = false;
  if (!SumRowGroupRows(ctx.md, &sum, &overflow)) return;
  if (overflow) {
    ctx.sink.Report(Code::kMetadataNumRowsMismatch, num_rows.span, "num_rows",
                    StrCat("num_rows is ", num_rows.value,
                           " but the row groups' num_rows add up to more "
                           "than 2^63-1"));
  } else if (sum != num_rows.value) {
    ctx.sink.Report(Code::kMetadataNumRowsMismatch, num_rows.span, "num_rows",
                    StrCat("num_rows is ", num_rows.value,
                           " but the row groups hold ", sum, " rows"));
  }
}

// The IDL asks for "<application> version <version> (build <hash>)", and
// readers parse it to recognise writers with known bugs, so a string they
// cannot parse disables those workarounds. The build part is optional in
// every writer's practice (parquet-cpp-arrow, parquet-rs omit it).
bool IsWellFormedCreatedBy(std::string_view s) {
  constexpr std::string_view kVersion = " version ";
  const size_t at = s.find(kVersion);
  if (at == std::string_view::npos || at == 0 || s.front() == ' ') {
    return false;
  }
  const std::string_view rest = s.substr(at + kVersion.size());
  const size_t space = rest.find(' ');
  if (space == 0 || rest.empty()) return false;  // No version.
  if (space == std::string_view::npos) return true;
  constexpr std::string_view kBuild = "(build ";
  const std::string_view build = rest.substr(space + 1);
  return build.starts_with(kBuild) && build.ends_with(')');
}

void CheckCreatedBy(const RuleContext& ctx) {
  const Spanned<std::string_view>& created_by = ctx.md.created_by;
  if (!created_by.present || IsWellFormedCreatedBy(created_by.value)) return;
  ctx.sink.Report(Code::kMetadataCreatedByFormat, created_by.span, "created_by",
                  StrCat("created_by \"", created_by.value,
                         "\" is not '<application> version <version> "
                         "(build <hash>)'"));
}

// IEEE 754 total order is defined for FLOAT, DOUBLE and FLOAT16 only, and
// INT96 timestamp order for INT96 only.
void CheckColumnOrderTypes(const RuleContext& ctx) {
  const auto& orders = ctx.md.column_orders.value;
  for (size_t i = 0; i < orders.size(); ++i) {
    const int16_t id = orders[i].value.id;
    if (id != kIeee754TotalOrder && id != kInt96TimestampOrder) continue;
    const SchemaElement* leaf = ctx.Leaf(i);
    if (leaf == nullptr || !leaf->type.present) continue;
    if (id == kIeee754TotalOrder && !IsFloatingPoint(*leaf)) {
      ctx.sink.Report(Code::kMetadataColumnOrderType, orders[i].span,
                      FieldPath("column_orders", i),
                      StrCat("IEEE_754_TOTAL_ORDER on column ", i,
                             ", which is not FLOAT, DOUBLE or FLOAT16"));
    } else if (id == kInt96TimestampOrder && leaf->type.value != kInt96) {
      ctx.sink.Report(Code::kMetadataColumnOrderType, orders[i].span,
                      FieldPath("column_orders", i),
                      StrCat("INT96_TIMESTAMP_ORDER on column ", i,
                             ", which is not INT96"));
    }
  }
}

void CheckColumnOrders(const RuleContext& ctx) {
  const SpannedList<ColumnOrder>& orders = ctx.md.column_orders;
  if (!orders.present || !ctx.tree.ok) return;
  if (orders.value.size() != ctx.tree.leaves.size()) {
    ctx.sink.Report(
        Code::kMetadataColumnOrdersCount, orders.span, "column_orders",
        StrCat("column_orders has ", orders.value.size(), " entries for ",
               ctx.tree.leaves.size(), " leaf columns"));
  }
  CheckColumnOrderTypes(ctx);
}

bool UsesMinMaxValue(const FileMetaData& md) {
  for (const auto& rg : md.row_groups.value) {
    for (const auto& chunk : rg.value.columns.value) {
      const Spanned<Statistics>& stats = chunk.value.meta_data.value.statistics;
      if (!chunk.value.meta_data.present || !stats.present) continue;
      if (stats.value.min_value.present || stats.value.max_value.present) {
        return true;
      }
    }
  }
  return false;
}

// Without column_orders the order of min_value/max_value is undefined, so
// readers may ignore them. The missing list belongs to FileMetaData as a
// whole, hence the span of the serialized FileMetaData.
void CheckColumnOrdersPresent(const RuleContext& ctx) {
  if (ctx.md.column_orders.present || !UsesMinMaxValue(ctx.md)) return;
  ctx.sink.Report(Code::kMetadataColumnOrdersMissing, ctx.layout.metadata,
                  "column_orders",
                  "statistics use min_value/max_value but column_orders is "
                  "not written");
}

}  // namespace

void CheckFileMetaData(const RuleContext& ctx) {
  CheckVersion(ctx);
  CheckNumRows(ctx);
  CheckCreatedBy(ctx);
  CheckColumnOrders(ctx);
  CheckColumnOrdersPresent(ctx);
}

}  // namespace colcheck::parquet
