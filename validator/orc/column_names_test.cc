// Diagnostic::column for ORC: type ids named by their path in the type
// tree, as ORC's TypeDescription.getFullFieldName names them.

#include "orc/column_names.h"

#include <initializer_list>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::Check;
using testing::CompoundType;
using testing::Describe;
using testing::FileWithTypes;
using testing::OrcFile;
using testing::ProtoWriter;
using testing::TypeMessage;

ProtoWriter Char(int64_t kind, bool zero_length) {
  ProtoWriter t = TypeMessage(kind);
  if (zero_length) t.Varint(4, 0, "maximum_length");
  return t;
}

// struct<order:struct<items:array<struct<price:decimal(39,2),note:char(0)>>>,
//        tags:map<string,varchar>,u:uniontype<int,char(0)>,`a.b`:int>
std::vector<ProtoWriter> Types() {
  ProtoWriter decimal = TypeMessage(kDecimal);
  decimal.Varint(5, 39, "precision").Varint(6, 2);
  return {CompoundType(kStruct, {1, 6, 9, 12}, {"order", "tags", "u", "a.b"}),
          CompoundType(kStruct, {2}, {"items"}),
          CompoundType(kList, {3}),
          CompoundType(kStruct, {4, 5}, {"price", "note"}),
          decimal,
          Char(kChar, true),
          CompoundType(kMap, {7, 8}),
          TypeMessage(kString),
          Char(kVarchar, false),
          CompoundType(kUnion, {10, 11}),
          TypeMessage(kInt),
          Char(kChar, true),
          TypeMessage(kInt)};
}

// The column of the one diagnostic with `code` at `span`, or "(none)".
std::string ColumnAt(const std::vector<Diagnostic>& ds, Code code,
                     ByteSpan span) {
  std::string out = "(none)";
  for (const Diagnostic& d : ds) {
    if (d.code == code && d.offset == span.offset && d.length == span.length) {
      out = d.column;
    }
  }
  return out;
}

TEST(OrcColumnNamesTest, TypeDiagnosticsNameTheirColumn) {
  OrcFile f = FileWithTypes(Types());
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  EXPECT_EQ(ColumnAt(ds, Code::kOrcTypeDecimalPrecision,
                     f.FooterMark("types[4].precision")),
            "order.items._elem.price")
      << Describe(ds);
  EXPECT_EQ(ColumnAt(ds, Code::kOrcTypeCharLength,
                     f.FooterMark("types[5].maximum_length")),
            "order.items._elem.note")
      << Describe(ds);
  EXPECT_EQ(ColumnAt(ds, Code::kOrcTypeCharLengthAbsent,
                     f.FooterMark("types[8]")),
            "tags._value")
      << Describe(ds);
  EXPECT_EQ(ColumnAt(ds, Code::kOrcTypeCharLength,
                     f.FooterMark("types[11].maximum_length")),
            "u.1")
      << Describe(ds);
}

// A Footer model built directly, for the field paths no small file has.
Spanned<Type> ModelType(int64_t kind, std::initializer_list<uint32_t> subtypes,
                        std::initializer_list<std::string_view> names = {}) {
  Spanned<Type> t;
  t.present = true;
  t.value.kind.value = kind;
  t.value.kind.present = true;
  for (const uint32_t s : subtypes) {
    Spanned<uint32_t> child;
    child.value = s;
    child.present = true;
    t.value.subtypes.value.push_back(child);
  }
  t.value.subtypes.present = subtypes.size() > 0;
  for (const std::string_view n : names) {
    Spanned<std::string_view> name;
    name.value = n;
    name.present = true;
    t.value.field_names.value.push_back(name);
  }
  t.value.field_names.present = names.size() > 0;
  return t;
}

// struct<a:map<int,array<int>>>
Footer ModelFooter() {
  Footer footer;
  footer.types.present = true;
  footer.types.value = {ModelType(kStruct, {1}, {"a"}),
                        ModelType(kMap, {2, 3}), ModelType(kInt, {}),
                        ModelType(kList, {4}), ModelType(kInt, {})};
  return footer;
}

TEST(OrcColumnNamesTest, FieldPathsThatNameAColumn) {
  const Footer footer = ModelFooter();
  DiagnosticSink sink;
  const TypeTree types = CheckTypes(footer, sink);
  ASSERT_TRUE(types.valid);
  ColumnNamer namer(footer, types);
  EXPECT_EQ(namer.ColumnOfField("footer.types[1].subtypes"), "a");
  EXPECT_EQ(namer.ColumnOfField("footer.statistics[2].has_null"), "a._key");
  EXPECT_EQ(namer.ColumnOfField("metadata.stripe_stats[7].col_stats[4]"),
            "a._value._elem");
  for (const std::string_view stripe :
       {"stripes[0].columns[3].PRESENT", "stripes[0].column[3]",
        "stripes[1].footer.columns[3].kind", "stripes[1].row_index[3].entry[0]",
        "stripes[1].bloom_filter[3]", "stripes[1].bloom_filter_utf8[3]"}) {
    EXPECT_EQ(namer.ColumnOfField(stripe), "a._value") << stripe;
  }
  for (const std::string_view none :
       {"", "footer", "footer.types", "footer.types[0]", "footer.statistics[5]",
        "footer.stripes[1]", "stripes[1].footer.streams[3]",
        "stripes[1].streams[3]", "postscript.version", "types[1]"}) {
    EXPECT_EQ(namer.ColumnOfField(none), "") << none;
  }
}

TEST(OrcColumnNamesTest, AnInvalidTreeNamesNoColumn) {
  Footer footer = ModelFooter();
  footer.types.value[3].value.subtypes.value[0].value = 0;  // A cycle.
  DiagnosticSink sink;
  const TypeTree types = CheckTypes(footer, sink);
  ASSERT_FALSE(types.valid);
  ColumnNamer namer(footer, types);
  EXPECT_EQ(namer.ColumnOfField("footer.types[1]"), "");
  EXPECT_EQ(namer.ColumnOfField("footer.types[4]"), "");
}

}  // namespace
}  // namespace colcheck::orc
