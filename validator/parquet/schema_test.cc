#include "parquet/schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "core/limits.h"
#include "testing/schema_builder.h"
#include "testing/spanned.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Clean;
using ::colcheck::testing::CountIs;
using ::colcheck::testing::HasDiagnostic;
using ::colcheck::testing::NoErrors;
using ::colcheck::testing::RunSchemaRules;
using ::colcheck::testing::SchemaBuilder;

std::vector<Diagnostic> Build(const FileMetaData& md, SchemaTree* tree) {
  DiagnosticSink sink;
  *tree = BuildSchemaTree(md, sink);
  return sink.Take();
}

// ---------------------------------------------------------------------------
// BuildSchemaTree

// root
//   a (optional group)
//     b (repeated int32)      column 0
//     c (optional group)
//       d (required binary)   column 1
//   e (required int64)        column 2
TEST(BuildSchemaTreeTest, RebuildsNestedTreeWithLevelsAndColumns) {
  SchemaBuilder b;
  b.Root(2)
      .Group("a", kOptional, 2)
      .Leaf("b", kRepeated, kInt32)
      .Group("c", kOptional, 1)
      .Leaf("d", kRequired, kByteArray)
      .Leaf("e", kRequired, kInt64);
  SchemaTree tree;
  EXPECT_TRUE(Build(b.md(), &tree).empty());
  ASSERT_TRUE(tree.ok);
  ASSERT_EQ(tree.nodes.size(), 6u);
  EXPECT_EQ(tree.leaves, (std::vector<int32_t>{2, 4, 5}));
  EXPECT_EQ(tree.nodes[0].children, (std::vector<int32_t>{1, 5}));
  EXPECT_EQ(tree.nodes[1].children, (std::vector<int32_t>{2, 3}));
  EXPECT_EQ(tree.nodes[4].parent, 3);

  EXPECT_EQ(tree.nodes[2].column, 0);
  EXPECT_EQ(tree.nodes[2].max_definition_level, 2);
  EXPECT_EQ(tree.nodes[2].max_repetition_level, 1);
  EXPECT_EQ(tree.nodes[4].column, 1);
  EXPECT_EQ(tree.nodes[4].max_definition_level, 2);
  EXPECT_EQ(tree.nodes[4].max_repetition_level, 0);
  EXPECT_EQ(tree.nodes[4].depth, 3);
  EXPECT_EQ(tree.nodes[5].column, 2);
  EXPECT_EQ(tree.nodes[5].max_definition_level, 0);
  EXPECT_FALSE(tree.nodes[3].is_leaf());
  EXPECT_TRUE(tree.nodes[5].is_leaf());

  EXPECT_EQ(tree.Path(b.md(), 4),
            (std::vector<std::string_view>{"a", "c", "d"}));
  EXPECT_EQ(tree.Path(b.md(), 5), (std::vector<std::string_view>{"e"}));
  EXPECT_TRUE(tree.Path(b.md(), 0).empty());
  EXPECT_TRUE(tree.Path(b.md(), 99).empty());
}

TEST(BuildSchemaTreeTest, LeafWithZeroChildrenIsALeaf) {
  // parquet-cpp writes num_children = 0 on leaves.
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kInt32).NumChildren(0);
  SchemaTree tree;
  EXPECT_TRUE(Build(b.md(), &tree).empty());
  EXPECT_TRUE(tree.ok);
  EXPECT_EQ(tree.leaves, (std::vector<int32_t>{1}));
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(BuildSchemaTreeTest, EmptyRootIsValid) {
  SchemaBuilder b;
  b.Root(0);
  SchemaTree tree;
  EXPECT_TRUE(Build(b.md(), &tree).empty());
  EXPECT_TRUE(tree.ok);
  EXPECT_TRUE(tree.leaves.empty());
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(BuildSchemaTreeTest, AbsentSchemaIsLeftToTheDecoder) {
  FileMetaData md;  // thrift.missing-required-field already says it.
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(md, &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(d.empty());
}

TEST(BuildSchemaTreeTest, EmptySchemaList) {
  FileMetaData md;
  md.schema = testing::At<ModelList<Spanned<SchemaElement>>>({}, 50, 1);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(md, &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaEmpty, {50, 1}, "schema"));
}

TEST(BuildSchemaTreeTest, RootThatIsALeaf) {
  SchemaBuilder b;
  b.Root(0).Type(kInt32).Last().num_children = {};
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaRootIsLeaf, b.el(0).type.span,
                            "schema[0].type"));
}

TEST(BuildSchemaTreeTest, NegativeNumChildren) {
  SchemaBuilder b;
  b.Root(2).Group("a", kOptional, -1).Leaf("b", kOptional, kInt32);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaNegativeChildren,
                            b.el(1).num_children.span,
                            "schema[1].num_children"));
}

TEST(BuildSchemaTreeTest, NumChildrenLargerThanTheList) {
  SchemaBuilder b;
  b.Root(1).Group("a", kOptional, 1000000).Leaf("b", kOptional, kInt32);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaChildrenExceedElements,
                            b.el(1).num_children.span,
                            "schema[1].num_children"));
}

TEST(BuildSchemaTreeTest, ListEndsBeforeAnOuterGroupIsComplete) {
  // Each count fits what follows it, but together they need one more.
  SchemaBuilder b;
  b.Root(2)
      .Group("a", kOptional, 2)
      .Leaf("b", kOptional, kInt32)
      .Leaf("c", kOptional, kInt32);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaChildrenExceedElements,
                            b.el(0).num_children.span,
                            "schema[0].num_children"));
}

TEST(BuildSchemaTreeTest, OrphanedElementsSpanRootCountToLastOrphan) {
  SchemaBuilder b;
  b.Root(1)
      .Leaf("a", kOptional, kInt32)
      .Leaf("b", kOptional, kInt32)
      .Leaf("c", kOptional, kInt32);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  const ByteSpan expected = Join(b.el(0).num_children.span, b.span(3));
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaOrphanedElements, expected,
                            "schema[0].num_children"));
  EXPECT_EQ(expected.end(), b.span(3).end());
  EXPECT_TRUE(CountIs(d, Code::kSchemaOrphanedElements, 1));
}

TEST(BuildSchemaTreeTest, OrphansWithoutRootCountUseRootElement) {
  SchemaBuilder b;
  b.Root(0).Leaf("a", kOptional, kInt32);
  b.mutable_md().schema.value[0].value.num_children = {};
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaOrphanedElements,
                            Join(b.span(0), b.span(1)),
                            "schema[0].num_children"));
}

TEST(BuildSchemaTreeTest, DepthLimit) {
  SchemaBuilder b;
  b.Root(1);
  const int groups = limits::kMaxSchemaDepth;  // The leaf is one deeper.
  for (int i = 0; i < groups; ++i) b.Group("g", kOptional, 1);
  b.Leaf("x", kOptional, kInt32);
  SchemaTree tree;
  const std::vector<Diagnostic> d = Build(b.md(), &tree);
  EXPECT_FALSE(tree.ok);
  EXPECT_TRUE(HasDiagnostic(d, Code::kLimitsSchemaDepth, b.span(groups + 1),
                            "schema[" + std::to_string(groups + 1) + "]"));
}

TEST(BuildSchemaTreeTest, DepthAtTheLimitIsAccepted) {
  SchemaBuilder b;
  b.Root(1);
  const int groups = limits::kMaxSchemaDepth - 1;
  for (int i = 0; i < groups; ++i) b.Group("g", kOptional, 1);
  b.Leaf("x", kOptional, kInt32);
  SchemaTree tree;
  EXPECT_TRUE(Build(b.md(), &tree).empty());
  EXPECT_TRUE(tree.ok);
  EXPECT_EQ(tree.nodes.back().max_definition_level, limits::kMaxSchemaDepth);
}

// ---------------------------------------------------------------------------
// CheckSchema: per-element rules

TEST(CheckSchemaTest, GroupWithType) {
  SchemaBuilder b;
  b.Root(1).Group("a", kOptional, 1).Type(kInt32).Leaf("b", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaGroupWithType, b.el(1).type.span,
                            "schema[1].type"));
}

TEST(CheckSchemaTest, LeafWithoutType) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kInt32);
  b.Last().type = {};
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaLeafWithoutType, b.span(1),
                            "schema[1].type"));
}

TEST(CheckSchemaTest, EmptyGroup) {
  SchemaBuilder b;
  b.Root(2).Group("a", kOptional, 0).Leaf("b", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaEmptyGroup,
                            b.el(1).num_children.span,
                            "schema[1].num_children"));
  // An empty group has no column chunk.
  DiagnosticSink sink;
  EXPECT_EQ(BuildSchemaTree(b.md(), sink).leaves, (std::vector<int32_t>{2}));
}

bool Reports(const std::vector<Diagnostic>& d, Code code) {
  return std::any_of(d.begin(), d.end(),
                     [&](const Diagnostic& x) { return x.code == code; });
}

// A REQUIRED root is an info (Arrow C++ and DuckDB write it, readers ignore
// it); an OPTIONAL or REPEATED one a warning (docs/severity.md).
TEST(CheckSchemaTest, RootRepetition) {
  const struct {
    int32_t repetition;
    Code reported;
    Code not_reported;
  } kCases[] = {
      {kRequired, Code::kSchemaRootRequired, Code::kSchemaRootRepetition},
      {kOptional, Code::kSchemaRootRepetition, Code::kSchemaRootRequired},
      {kRepeated, Code::kSchemaRootRepetition, Code::kSchemaRootRequired},
  };
  for (const auto& c : kCases) {
    SchemaBuilder b;
    b.Root(1).Repetition(c.repetition).Leaf("a", kOptional, kInt32);
    const std::vector<Diagnostic> d = RunSchemaRules(b.md());
    EXPECT_TRUE(HasDiagnostic(d, c.reported, b.el(0).repetition_type.span,
                              "schema[0].repetition_type"));
    EXPECT_FALSE(Reports(d, c.not_reported));
    EXPECT_TRUE(NoErrors(d));
  }
}

TEST(CheckSchemaTest, MissingRepetition) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kInt32);
  b.Last().repetition_type = {};
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaMissingRepetition, b.span(1),
                            "schema[1].repetition_type"));
}

TEST(CheckSchemaTest, InvalidRepetition) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", 7, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaInvalidRepetition,
                            b.el(1).repetition_type.span,
                            "schema[1].repetition_type"));
}

TEST(CheckSchemaTest, VectorRepetitionIsUnsupportedNotInvalid) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kVector, kFloat);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalUnsupported,
                            b.el(1).repetition_type.span,
                            "schema[1].repetition_type"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(CheckSchemaTest, InvalidPhysicalType) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, 8);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaInvalidType, b.el(1).type.span,
                            "schema[1].type"));
}

TEST(CheckSchemaTest, EmptyName) {
  SchemaBuilder b;
  b.Root(1).Leaf("", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaEmptyName, b.el(1).name.span,
                            "schema[1].name"));
}

TEST(CheckSchemaTest, EmptyRootNameIsFine) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kInt32);
  b.mutable_md().schema.value[0].value.name.value = "";
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(CheckSchemaTest, DuplicateSiblingNameOnTheSecond) {
  SchemaBuilder b;
  b.Root(3)
      .Leaf("a", kOptional, kInt32)
      .Leaf("b", kOptional, kInt32)
      .Leaf("a", kOptional, kInt64);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaDuplicateName, b.el(3).name.span,
                            "schema[3].name"));
  EXPECT_TRUE(CountIs(d, Code::kSchemaDuplicateName, 1));
  EXPECT_TRUE(NoErrors(d));
}

TEST(CheckSchemaTest, SameNameUnderDifferentParentsIsFine) {
  SchemaBuilder b;
  b.Root(2)
      .Group("a", kOptional, 1)
      .Leaf("x", kOptional, kInt32)
      .Group("b", kOptional, 1)
      .Leaf("x", kOptional, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(CheckSchemaTest, FlbaWithoutTypeLength) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kFixedLenByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaFlbaLength, b.span(1),
                            "schema[1].type_length"));
}

TEST(CheckSchemaTest, FlbaWithZeroTypeLength) {
  SchemaBuilder b;
  b.Root(1).Flba("a", kOptional, 0);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaFlbaLength,
                            b.el(1).type_length.span, "schema[1].type_length"));
}

TEST(CheckSchemaTest, DuplicateFieldIdOnTheLaterElement) {
  SchemaBuilder b;
  b.Root(3)
      .Leaf("a", kOptional, kInt32)
      .FieldId(7)
      .Leaf("b", kOptional, kInt32)
      .FieldId(8)
      .Leaf("c", kOptional, kInt32)
      .FieldId(7);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaDuplicateFieldId,
                            b.el(3).field_id.span, "schema[3].field_id"));
  EXPECT_TRUE(CountIs(d, Code::kSchemaDuplicateFieldId, 1));
}

// Original schemas number each record's fields on their own (protobuf
// field numbers repeat across nested messages; parquet-java 1.14.1 wrote
// such a file): only siblings may not share a field_id.
TEST(CheckSchemaTest, FieldIdsRepeatAcrossParents) {
  SchemaBuilder b;
  b.Root(2)
      .Group("s", kOptional, 2)
      .FieldId(1)
      .Leaf("x", kOptional, kInt32)
      .FieldId(1)
      .Leaf("y", kOptional, kInt32)
      .FieldId(2)
      .Leaf("t", kOptional, kInt32)
      .FieldId(2);
  EXPECT_TRUE(
      CountIs(RunSchemaRules(b.md()), Code::kSchemaDuplicateFieldId, 0));
}

TEST(CheckSchemaTest, DuplicateFieldIdAmongNestedSiblings) {
  SchemaBuilder b;
  b.Root(1)
      .Group("s", kOptional, 2)
      .FieldId(1)
      .Leaf("x", kOptional, kInt32)
      .FieldId(4)
      .Leaf("y", kOptional, kInt32)
      .FieldId(4);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaDuplicateFieldId,
                            b.el(3).field_id.span, "schema[3].field_id"));
  EXPECT_TRUE(CountIs(d, Code::kSchemaDuplicateFieldId, 1));
}

TEST(CheckSchemaTest, AbsentFieldIdsAreNotDuplicates) {
  SchemaBuilder b;
  b.Root(2).Leaf("a", kOptional, kInt32).Leaf("b", kOptional, kInt32);
  EXPECT_TRUE(
      CountIs(RunSchemaRules(b.md()), Code::kSchemaDuplicateFieldId, 0));
}

TEST(CheckSchemaTest, ManyElementsWithFieldIds) {
  // 100k elements: quadratic duplicate searches would time out here.
  constexpr int kLeaves = 100000;
  SchemaBuilder b;
  b.Reserve(kLeaves + 1).Root(kLeaves);
  for (int i = 0; i < kLeaves; ++i) {
    b.Leaf("c" + std::to_string(i), kOptional, kInt32).FieldId(i);
  }
  b.Last().field_id.value = 5;
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(
      d, Code::kSchemaDuplicateFieldId, b.el(kLeaves).field_id.span,
      "schema[" + std::to_string(kLeaves) + "].field_id"));
  EXPECT_EQ(d.size(), 1u);
}

TEST(CheckSchemaTest, UnknownConvertedType) {
  SchemaBuilder b;
  b.Root(1).Leaf("a", kOptional, kInt32).Converted(22);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kSchemaInvalidConvertedType,
                            b.el(1).converted_type.span,
                            "schema[1].converted_type"));
  EXPECT_TRUE(NoErrors(d));
}

// ---------------------------------------------------------------------------
// LIST

TEST(ListTest, ModernThreeLevelListIsClean) {
  SchemaBuilder b;
  b.Root(2)
      .Group("l", kOptional, 1)
      .Logical(kLogicalList)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Leaf("element", kOptional, kInt32)
      .Group("m", kRequired, 1)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Leaf("element", kRequired, kByteArray)
      .Logical(kLogicalString)
      .Converted(kUtf8);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(ListTest, ListOfListsIsClean) {
  SchemaBuilder b;
  b.Root(1)
      .Group("a", kOptional, 1)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Group("element", kRequired, 1)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Leaf("element", kRequired, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(ListTest, TwoLevelListOfPrimitivesIsLegacy) {
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 1)
      .Converted(kList)
      .Leaf("element", kRepeated, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(2), "schema[2]"));
  EXPECT_TRUE(NoErrors(d));
  // The repeated leaf is the list's own child: not an unannotated repeat.
  EXPECT_TRUE(CountIs(d, Code::kListUnannotatedRepeated, 0));
}

TEST(ListTest, OldListStructureIsLegacyNotAnError) {
  // old_list_structure.parquet (parquet-java, Avro): a 2-level list whose
  // element is a repeated 2-level LIST.
  SchemaBuilder b;
  b.Root(1)
      .Group("a", kRequired, 1)
      .Converted(kList)
      .Logical(kLogicalList)
      .Group("array", kRepeated, 1)
      .Converted(kList)
      .Logical(kLogicalList)
      .Leaf("array", kRepeated, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(NoErrors(d));
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(2), "schema[2]"));
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(3), "schema[3]"));
  EXPECT_TRUE(CountIs(d, Code::kListRepetition, 0));
}

TEST(ListTest, OtherNamesAreLegacy) {
  // Arrow before 13 wrote list/item.
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 1)
      .Logical(kLogicalList)
      .Group("list", kRepeated, 1)
      .Leaf("item", kOptional, kInt64);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(2), "schema[2]"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(ListTest, TupleAndArrayNamesAreLegacy) {
  SchemaBuilder b;
  b.Root(2)
      .Group("my_list", kOptional, 1)
      .Converted(kList)
      .Group("my_list_tuple", kRepeated, 1)
      .Leaf("str", kRequired, kByteArray)
      .Group("other", kOptional, 1)
      .Converted(kList)
      .Group("array", kRepeated, 1)
      .Leaf("str", kRequired, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(2), "schema[2]"));
  EXPECT_TRUE(HasDiagnostic(d, Code::kListLegacy, b.span(5), "schema[5]"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(ListTest, RepeatedListOutsideAListIsAnError) {
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kRepeated, 1)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Leaf("element", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListRepetition,
                            b.el(1).repetition_type.span,
                            "schema[1].repetition_type"));
}

TEST(ListTest, ListWithTwoChildren) {
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 2)
      .Converted(kList)
      .Leaf("a", kRepeated, kInt32)
      .Leaf("b", kRepeated, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListMalformed, b.el(1).num_children.span,
                            "schema[1].num_children"));
}

TEST(ListTest, ListChildNotRepeated) {
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 1)
      .Logical(kLogicalList)
      .Group("list", kOptional, 1)
      .Leaf("element", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListMalformed,
                            b.el(2).repetition_type.span,
                            "schema[2].repetition_type"));
}

TEST(ListTest, UnannotatedRepeatedFieldsAreInfo) {
  // repeated_no_annotation.parquet and repeated_primitive_no_list.parquet.
  SchemaBuilder b;
  b.Root(2)
      .Leaf("ints", kRepeated, kInt32)
      .Group("phoneNumbers", kOptional, 1)
      .Group("phone", kRepeated, 2)
      .Leaf("number", kRequired, kInt64)
      .Leaf("kind", kOptional, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListUnannotatedRepeated,
                            b.el(1).repetition_type.span,
                            "schema[1].repetition_type"));
  EXPECT_TRUE(HasDiagnostic(d, Code::kListUnannotatedRepeated,
                            b.el(3).repetition_type.span,
                            "schema[3].repetition_type"));
  EXPECT_TRUE(Clean(d));
}

// ---------------------------------------------------------------------------
// MAP

TEST(MapTest, ModernMapIsClean) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Converted(kMap)
      .Group("key_value", kRepeated, 2)
      .Leaf("key", kRequired, kByteArray)
      .Logical(kLogicalString)
      .Converted(kUtf8)
      .Leaf("value", kOptional, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(MapTest, MapWithoutValueIsClean) {
  // map_no_value.parquet.
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kRequired, 1)
      .Logical(kLogicalMap)
      .Converted(kMap)
      .Group("key_value", kRepeated, 1)
      .Leaf("key", kRequired, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(MapTest, ParquetMrMapKeyValueInsideMapIsClean) {
  // Impala and old parquet-mr: MAP outside, MAP_KEY_VALUE on key_value.
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Converted(kMap)
      .Group("map", kRepeated, 2)
      .Converted(kMapKeyValue)
      .Leaf("key", kRequired, kByteArray)
      .Converted(kUtf8)
      .Leaf("value", kOptional, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(MapTest, MapOfMapsInListIsClean) {
  SchemaBuilder b;
  b.Root(1)
      .Group("a", kOptional, 1)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Group("element", kOptional, 1)
      .Converted(kMap)
      .Group("key_value", kRepeated, 2)
      .Leaf("key", kRequired, kInt32)
      .Group("value", kOptional, 1)
      .Converted(kMap)
      .Group("key_value", kRepeated, 2)
      .Leaf("key", kRequired, kByteArray)
      .Leaf("value", kRequired, kBoolean);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(MapTest, OptionalKeyIsAWarning) {
  // incorrect_map_schema.parquet (Presto/Trino).
  SchemaBuilder b;
  b.Root(1)
      .Group("my_map", kOptional, 1)
      .Logical(kLogicalMap)
      .Converted(kMap)
      .Group("key_value", kRepeated, 2)
      .Converted(kMapKeyValue)
      .Leaf("key", kOptional, kByteArray)
      .Converted(kUtf8)
      .Logical(kLogicalString)
      .Leaf("value", kOptional, kByteArray)
      .Converted(kUtf8)
      .Logical(kLogicalString);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapKeyNotRequired,
                            b.el(3).repetition_type.span,
                            "schema[3].repetition_type"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(MapTest, RepeatedMap) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kRepeated, 1)
      .Converted(kMap)
      .Group("key_value", kRepeated, 1)
      .Leaf("key", kRequired, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kListRepetition,
                            b.el(1).repetition_type.span,
                            "schema[1].repetition_type"));
}

TEST(MapTest, MapWithTwoChildren) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 2)
      .Converted(kMap)
      .Leaf("key", kRequired, kInt32)
      .Leaf("value", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapMalformed, b.el(1).num_children.span,
                            "schema[1].num_children"));
}

TEST(MapTest, KeyValueNotRepeated) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Group("key_value", kRequired, 1)
      .Leaf("key", kRequired, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapMalformed,
                            b.el(2).repetition_type.span,
                            "schema[2].repetition_type"));
}

TEST(MapTest, KeyValueNotAGroup) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Leaf("key_value", kRepeated, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapMalformed, b.span(2), "schema[2]"));
}

TEST(MapTest, KeyValueWithThreeFields) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Group("key_value", kRepeated, 3)
      .Leaf("key", kRequired, kInt32)
      .Leaf("value", kOptional, kInt32)
      .Leaf("extra", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapMalformed, b.el(2).num_children.span,
                            "schema[2].num_children"));
}

TEST(MapTest, ValueBeforeKey) {
  SchemaBuilder b;
  b.Root(1)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Group("key_value", kRepeated, 2)
      .Leaf("value", kOptional, kInt32)
      .Leaf("key", kRequired, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapMalformed, b.el(3).name.span,
                            "schema[3].name"));
}

TEST(MapTest, MisnamedFieldsArePositional) {
  // LT backward-compatibility: names are not enforced.
  SchemaBuilder b;
  b.Root(1)
      .Group("my_map", kOptional, 1)
      .Converted(kMap)
      .Group("map", kRepeated, 2)
      .Leaf("str", kRequired, kByteArray)
      .Leaf("num", kRequired, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(MapTest, MapKeyValueOutsideMapIsLegacy) {
  SchemaBuilder b;
  b.Root(1)
      .Group("my_map", kOptional, 1)
      .Converted(kMapKeyValue)
      .Group("map", kRepeated, 2)
      .Leaf("key", kRequired, kByteArray)
      .Leaf("value", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapLegacy, b.el(1).converted_type.span,
                            "schema[1].converted_type"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(MapTest, MapKeyValueOutsideMapIsCheckedAsMap) {
  SchemaBuilder b;
  b.Root(1)
      .Group("my_map", kOptional, 1)
      .Converted(kMapKeyValue)
      .Group("map", kRepeated, 2)
      .Leaf("key", kOptional, kByteArray)
      .Leaf("value", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMapKeyNotRequired,
                            b.el(3).repetition_type.span,
                            "schema[3].repetition_type"));
}

// ---------------------------------------------------------------------------
// VARIANT

TEST(VariantTest, UnshreddedAndShreddedAreClean) {
  SchemaBuilder b;
  b.Root(2)
      .Group("v", kOptional, 2)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kByteArray)
      .Leaf("value", kRequired, kByteArray)
      .Group("s", kOptional, 3)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kByteArray)
      .Leaf("value", kOptional, kByteArray)
      .Leaf("typed_value", kOptional, kInt64);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(VariantTest, ShreddedArrayIsClean) {
  // shredded_variant/case-001.parquet.
  SchemaBuilder b;
  b.Root(1)
      .Group("var", kOptional, 3)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kByteArray)
      .Leaf("value", kOptional, kByteArray)
      .Group("typed_value", kOptional, 1)
      .Logical(kLogicalList)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Group("element", kRequired, 2)
      .Leaf("value", kOptional, kByteArray)
      .Leaf("typed_value", kOptional, kByteArray)
      .Logical(kLogicalString)
      .Converted(kUtf8);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(VariantTest, MissingMetadata) {
  SchemaBuilder b;
  b.Root(1)
      .Group("v", kOptional, 1)
      .Logical(kLogicalVariant)
      .Leaf("value", kRequired, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kVariantMalformed,
                            b.el(1).logical_type.span,
                            "schema[1].logicalType"));
}

TEST(VariantTest, NeitherValueNorTypedValue) {
  SchemaBuilder b;
  b.Root(1)
      .Group("v", kOptional, 1)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kVariantMalformed,
                            b.el(1).logical_type.span,
                            "schema[1].logicalType"));
}

TEST(VariantTest, MetadataNotBinary) {
  SchemaBuilder b;
  b.Root(1)
      .Group("v", kOptional, 2)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kInt32)
      .Leaf("value", kRequired, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kVariantMalformed, b.el(2).type.span,
                            "schema[2].type"));
}

TEST(VariantTest, OptionalMetadata) {
  SchemaBuilder b;
  b.Root(1)
      .Group("v", kOptional, 2)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kOptional, kByteArray)
      .Leaf("value", kRequired, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(NoErrors(d));
  EXPECT_TRUE(HasDiagnostic(d, Code::kVariantOptionalField,
                            b.el(2).repetition_type.span,
                            "schema[2].repetition_type"));
}

TEST(VariantTest, OptionalValueWithoutTypedValue) {
  SchemaBuilder b;
  b.Root(1)
      .Group("v", kOptional, 2)
      .Logical(kLogicalVariant)
      .Leaf("metadata", kRequired, kByteArray)
      .Leaf("value", kOptional, kByteArray);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(NoErrors(d));
  EXPECT_TRUE(HasDiagnostic(d, Code::kVariantOptionalField,
                            b.el(3).repetition_type.span,
                            "schema[3].repetition_type"));
}

TEST(CheckSchemaTest, NestedRulesSkipABrokenTree) {
  // With orphans the parents are unknown, so LIST rules must not guess.
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 2)
      .Converted(kList)
      .Leaf("a", kRepeated, kInt32)
      .Leaf("b", kRepeated, kInt32)
      .Leaf("orphan", kOptional, kInt32);
  b.mutable_md().schema.value[1].value.num_children.value = 1;
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(CountIs(d, Code::kSchemaOrphanedElements, 1));
  EXPECT_TRUE(CountIs(d, Code::kListLegacy, 0));
  EXPECT_TRUE(CountIs(d, Code::kListUnannotatedRepeated, 0));
}

}  // namespace
}  // namespace colcheck::parquet
