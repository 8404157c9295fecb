// The known writer bugs of a Parquet file: who wrote it (created_by) and
// the conditions the entries of validator/data/known_writer_bugs.json ask
// of a diagnostic's column or schema element.

#include "core/known_bugs.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

// The index in "<key>[<index>]" where that step opens `field` or follows a
// dot, as the rules spell paths ("row_groups[0].columns[3]...").
bool FieldIndex(std::string_view field, std::string_view key, size_t* out) {
  for (size_t at = field.find(key); at != std::string_view::npos;
       at = field.find(key, at + 1)) {
    const size_t open = at + key.size();
    if ((at != 0 && field[at - 1] != '.') || open >= field.size() ||
        field[open] != '[') {
      continue;
    }
    size_t value = 0, i = open + 1;
    for (; i < field.size() && i < open + 10 && field[i] >= '0' &&
           field[i] <= '9';
         ++i) {
      value = value * 10 + static_cast<size_t>(field[i] - '0');
    }
    if (i == open + 1 || i >= field.size() || field[i] != ']') return false;
    *out = value;
    return true;
  }
  return false;
}

// Whether a diagnostic's column has a REPEATED ancestor (or is repeated).
bool InRepeatedColumn(const RuleContext& ctx, const Diagnostic& d) {
  size_t column = 0;
  if (!FieldIndex(d.field, "columns", &column)) return false;
  const int32_t element = ctx.LeafElement(column);
  return element >= 0 && ctx.tree.nodes[element].max_repetition_level > 0;
}

// Whether a diagnostic's schema element is converted_type INTERVAL beside
// LogicalType UNKNOWN, the pair parquet-java writes for INTERVAL.
bool IsIntervalAsUnknown(const FileMetaData& md, const Diagnostic& d) {
  size_t element = 0;
  if (!FieldIndex(d.field, "schema", &element) ||
      element >= md.schema.value.size()) {
    return false;
  }
  const SchemaElement& e = md.schema.value[element].value;
  return e.converted_type.present && e.converted_type.value == kInterval &&
         e.logical_type.present && e.logical_type.value.id == kLogicalUnknown;
}

// The leaf schema element of a diagnostic's column, or nullptr when its
// field names no column of a sound schema.
const SchemaElement* LeafOf(const RuleContext& ctx, const Diagnostic& d) {
  size_t column = 0;
  return FieldIndex(d.field, "columns", &column) ? ctx.Leaf(column) : nullptr;
}

// Whether `e` carries logical type `logical` or converted type `converted`.
bool IsAnnotated(const SchemaElement& e, int32_t logical, int32_t converted) {
  return (e.logical_type.present && e.logical_type.value.id == logical) ||
         (e.converted_type.present && e.converted_type.value == converted);
}

}  // namespace

// Names the known writer bugs behind the diagnostics reported so far.
void ExplainParquetBugs(const RuleContext& ctx) {
  WriterIdentity writer;
  writer.format = Format::kParquet;
  writer.has_created_by = ctx.md.created_by.present;
  if (writer.has_created_by) {
    writer.created_by = ParseCreatedBy(ctx.md.created_by.value);
  }
  ExplainKnownBugs(
      writer,
      [&ctx](BugCondition condition, const Diagnostic& d) {
        switch (condition) {
          case BugCondition::kRepeatedColumn:
            return InRepeatedColumn(ctx, d);
          case BugCondition::kIntervalAsUnknown:
            return IsIntervalAsUnknown(ctx.md, d);
          case BugCondition::kFloatColumn: {
            const SchemaElement* leaf = LeafOf(ctx, d);
            return leaf != nullptr && IsFloatingPoint(*leaf);
          }
          case BugCondition::kJsonColumn: {
            const SchemaElement* leaf = LeafOf(ctx, d);
            return leaf != nullptr &&
                   IsAnnotated(*leaf, kLogicalJson, kJson);
          }
          case BugCondition::kDecimalColumn: {
            const SchemaElement* leaf = LeafOf(ctx, d);
            return leaf != nullptr &&
                   IsAnnotated(*leaf, kLogicalDecimal, kDecimal);
          }
          case BugCondition::kNone:
            return true;
        }
        return false;
      },
      ctx.sink);
}


}  // namespace colcheck::parquet
