// Diagnostic::column for Parquet: the rules' diagnostics named from the
// rebuilt schema, and the field paths that map to a column.

#include "parquet/column_names.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/limits.h"
#include "parquet/rules.h"
#include "testing/minimal_file.h"
#include "testing/schema_builder.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Describe;
using ::colcheck::testing::SchemaBuilder;

// The schema rules, then the naming, as ValidateParquet runs them.
std::vector<Diagnostic> RunNamed(const FileMetaData& md) {
  DiagnosticSink sink;
  const SchemaTree tree = BuildSchemaTree(md, sink);
  const FileLayout layout;
  const RuleContext ctx{md, tree, layout, sink};
  CheckSchema(ctx);
  CheckLogicalTypes(ctx);
  NameColumns(md, tree, sink.diagnostics());
  return sink.Take();
}

// The column of the one diagnostic with `code` at `span`, or "(none)".
std::string ColumnAt(const std::vector<Diagnostic>& diagnostics, Code code,
                     ByteSpan span) {
  std::string out = "(none)";
  for (const Diagnostic& d : diagnostics) {
    if (d.code == code && d.offset == span.offset && d.length == span.length) {
      out = d.column;
    }
  }
  return out;
}

TEST(ColumnNamesTest, NestedLeafAndGroupGetTheirPaths) {
  // order (optional group)
  //   items (repeated group, no LIST)
  //     price (int32, INTEGER(7))
  SchemaBuilder b;
  b.Root(1)
      .Group("order", kOptional, 1)
      .Group("items", kRepeated, 1)
      .Leaf("price", kRequired, kInt32)
      .LogicalInt(7, true);
  const std::vector<Diagnostic> d = RunNamed(b.md());
  EXPECT_EQ(ColumnAt(d, Code::kIntegerBitWidth,
                     b.el(3).logical_type.value.integer.bit_width.span),
            "order.items.price")
      << Describe(d);
  EXPECT_EQ(ColumnAt(d, Code::kListUnannotatedRepeated,
                     b.el(2).repetition_type.span),
            "order.items")
      << Describe(d);
}

TEST(ColumnNamesTest, LegacyTwoLevelListNamesItsRepeatedChild) {
  SchemaBuilder b;
  b.Root(2)
      .Leaf("id", kRequired, kInt64)
      .Group("tags", kOptional, 1)
      .Converted(kList)
      .Leaf("array", kRepeated, kByteArray);
  const std::vector<Diagnostic> d = RunNamed(b.md());
  EXPECT_EQ(ColumnAt(d, Code::kListLegacy, b.span(3)), "tags.array")
      << Describe(d);
  SchemaTree tree;
  {
    DiagnosticSink sink;
    tree = BuildSchemaTree(b.md(), sink);
  }
  EXPECT_EQ(ColumnOfField(b.md(), tree, "row_groups[3].columns[1].pages[2]"),
            "tags.array");
  EXPECT_EQ(ColumnOfField(b.md(), tree, "column_orders[0]"), "id");
}

TEST(ColumnNamesTest, FieldsAboutNoSingleColumnGetNone) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kRequired, kInt32);
  DiagnosticSink sink;
  const SchemaTree tree = BuildSchemaTree(b.md(), sink);
  for (const std::string_view field :
       {"", "schema", "schema[0].num_children", "schema[2]", "row_groups[0]",
        "row_groups[0].columns", "row_groups[0].columns[1].meta_data",
        "row_groups[0].sorting_columns[0].column_idx", "column_orders[1]",
        "created_by", "schema[1"}) {
    EXPECT_EQ(ColumnOfField(b.md(), tree, field), "") << field;
  }
  EXPECT_EQ(ColumnOfField(b.md(), tree, "row_groups[0].columns[0].meta_data"),
            "a");
}

TEST(ColumnNamesTest, ElementsTheRebuildDidNotPlaceGetNone) {
  // The root claims one child; the second leaf is an orphan.
  SchemaBuilder b;
  b.Root(1).Leaf("a", kRequired, kInt32).Leaf("orphan", kRequired, kInt32);
  DiagnosticSink sink;
  const SchemaTree tree = BuildSchemaTree(b.md(), sink);
  EXPECT_EQ(ColumnOfField(b.md(), tree, "schema[1].type"), "a");
  EXPECT_EQ(ColumnOfField(b.md(), tree, "schema[2].type"), "");
}

TEST(ColumnNamesTest, QuotesNamesWithDotsAndKeepsOtherBytes) {
  SchemaBuilder b;
  b.Root(1)
      .Group("a.b", kOptional, 1)
      .Leaf("\x1b[31m\xff", kRequired, kInt32);
  DiagnosticSink sink;
  const SchemaTree tree = BuildSchemaTree(b.md(), sink);
  EXPECT_EQ(ColumnOfField(b.md(), tree, "schema[2]"), "`a.b`.\x1b[31m\xff");
}

TEST(ColumnNamesTest, LongNamesAreCut) {
  const std::string name(size_t{1} << 20, 'x');
  SchemaBuilder b;
  b.Root(1).Group(name, kOptional, 1).Leaf(name, kRequired, kInt32);
  DiagnosticSink sink;
  const SchemaTree tree = BuildSchemaTree(b.md(), sink);
  const std::string column = ColumnOfField(b.md(), tree, "schema[2]");
  EXPECT_LE(column.size(), limits::kMaxColumnPathBytes + 3);
  EXPECT_EQ(column.substr(0, 3), "xxx");
}

// Through the public API: every stage's diagnostics are named, the page
// walk's included.
TEST(ColumnNamesTest, ValidateBytesNamesAFlatColumn) {
  testing::MinimalFileOptions o;
  o.leaf_name = "price";
  o.data_page_offset = 4 + testing::kMinimalDataSize + 2;
  const testing::MinimalFile f = testing::BuildMinimalFile(o);
  const Report r = ValidateBytes(f.span(), Options{});
  bool found = false;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code == Code::kMetadataOffsetOutOfBounds &&
        d.offset == f.data_page_offset.value.offset &&
        d.length == f.data_page_offset.value.length) {
      found = true;
      EXPECT_EQ(d.column, "price");
    }
    if (d.field.empty()) {
      EXPECT_EQ(d.column, "");
    }
  }
  EXPECT_TRUE(found) << Describe(r.diagnostics);
}

}  // namespace
}  // namespace colcheck::parquet
