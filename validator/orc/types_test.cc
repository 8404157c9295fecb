// The type tree rules (orc-rules.md Y1-Y9): each test builds a Footer whose
// types break one rule and asserts the code and its exact span.

#include "orc/types.h"

#include <optional>
#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::Check;
using testing::Describe;
using ::testing::ElementsAre;
using testing::FileWithTypes;
using testing::HasDiagnostic;
using testing::IsDiagnostic;
using testing::OrcFile;
using testing::ProtoWriter;
using testing::TypeMessage;
using ::testing::UnorderedElementsAre;

// A struct type of these subtypes and field names.
ProtoWriter Struct(std::initializer_list<uint64_t> subtypes,
                   const std::vector<std::string>& names) {
  return testing::CompoundType(kStruct, subtypes, names);
}

// The span of a message's tag and length bytes plus its body, for bodies
// under 128 bytes.
ByteSpan Whole(ByteSpan body) { return {body.offset - 2, body.length + 2}; }

ByteSpan FirstElement(ByteSpan packed) { return {packed.offset, 1}; }

TEST(OrcTypesTest, ValidTreeIsClean) {
  ProtoWriter list = TypeMessage(kList);
  list.Packed(2, {3});
  OrcFile f = FileWithTypes({Struct({1, 2}, {"a", "b"}), TypeMessage(kInt),
                             list, TypeMessage(kString)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcTypesTest, UnknownKind) {
  OrcFile f = FileWithTypes({Struct({1}, {"a"}), TypeMessage(99)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeUnknownKind,
                                       f.FooterMark("types[1].kind"))));
}

TEST(OrcTypesTest, MissingKind) {
  ProtoWriter no_kind;
  no_kind.Varint(4, 5);
  OrcFile f = FileWithTypes({Struct({1}, {"a"}), no_kind});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeUnknownKind,
                                       f.FooterMark("types[1]"))));
}

TEST(OrcTypesTest, GeoKind) {
  OrcFile f = FileWithTypes({Struct({1}, {"g"}), TypeMessage(kGeometry)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeGeoKind,
                                       f.FooterMark("types[1].kind"))));
}

TEST(OrcTypesTest, NonStructRoot) {
  OrcFile f = FileWithTypes({TypeMessage(kLong)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeNonStructRoot,
                                       f.FooterMark("types[0].kind"))));
}

TEST(OrcTypesTest, SubtypeOutOfRange) {
  OrcFile f = FileWithTypes({Struct({5}, {"a"})});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(
                  Code::kOrcTypeSubtypeOutOfRange,
                  FirstElement(f.FooterMark("types[0].subtypes")))));
}

TEST(OrcTypesTest, SelfReferenceIsNotPreorder) {
  // CVE-2018-8015: a struct that contains itself.
  OrcFile f = FileWithTypes({Struct({0}, {"a"})});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(
                  Code::kOrcTypeNotPreorder,
                  FirstElement(f.FooterMark("types[0].subtypes")))));
}

TEST(OrcTypesTest, SwappedChildrenAreNotPreorder) {
  OrcFile f = FileWithTypes(
      {Struct({2, 1}, {"a", "b"}), TypeMessage(kInt), TypeMessage(kInt)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(
                  Code::kOrcTypeNotPreorder,
                  FirstElement(f.FooterMark("types[0].subtypes")))));
}

TEST(OrcTypesTest, Orphaned) {
  ProtoWriter root = TypeMessage(kStruct);
  OrcFile f = FileWithTypes({root, TypeMessage(kInt), TypeMessage(kInt)});
  const std::string bytes = f.Build();
  const ByteSpan first = Whole(f.FooterMark("types[1]"));
  const ByteSpan last = Whole(f.FooterMark("types[2]"));
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(
                  Code::kOrcTypeOrphaned,
                  (ByteSpan{first.offset, last.end() - first.offset}))));
}

TEST(OrcTypesTest, PrimitiveWithChildren) {
  ProtoWriter int_type = TypeMessage(kInt);
  int_type.Packed(2, {2}, "subtypes");
  OrcFile f =
      FileWithTypes({Struct({1}, {"a"}), int_type, TypeMessage(kInt)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypePrimitiveChildren,
                                       f.FooterMark("types[1].subtypes"))));
}

TEST(OrcTypesTest, ListChildCount) {
  ProtoWriter list = TypeMessage(kList);
  list.Packed(2, {2, 3}, "subtypes");
  OrcFile f = FileWithTypes(
      {Struct({1}, {"a"}), list, TypeMessage(kInt), TypeMessage(kInt)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeChildCount,
                                       f.FooterMark("types[1].subtypes"))));
}

TEST(OrcTypesTest, UnionWithoutChildren) {
  OrcFile f = FileWithTypes({Struct({1}, {"u"}), TypeMessage(kUnion)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeChildCount,
                                       f.FooterMark("types[1]"))));
}

TEST(OrcTypesTest, FieldNameCount) {
  OrcFile f = FileWithTypes(
      {Struct({1, 2}, {"a"}), TypeMessage(kInt), TypeMessage(kInt)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes), ElementsAre(IsDiagnostic(
                                Code::kOrcTypeFieldNameCount,
                                f.FooterMark("types[0].field_names[0]"))));
}

TEST(OrcTypesTest, DuplicateFieldName) {
  OrcFile f = FileWithTypes(
      {Struct({1, 2}, {"a", "a"}), TypeMessage(kInt), TypeMessage(kInt)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes), ElementsAre(IsDiagnostic(
                                Code::kOrcTypeFieldName,
                                f.FooterMark("types[0].field_names[1]"))));
}

ProtoWriter Decimal(std::optional<uint64_t> precision, uint64_t scale) {
  ProtoWriter t = TypeMessage(kDecimal);
  if (precision) t.Varint(5, *precision, "precision");
  t.Varint(6, scale, "scale");
  return t;
}

TEST(OrcTypesTest, DecimalPrecisionAndScale) {
  OrcFile f = FileWithTypes({Struct({1, 2}, {"a", "b"}), Decimal(39, 2),
                             Decimal(4, 5)});
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  EXPECT_THAT(
      ds, UnorderedElementsAre(IsDiagnostic(Code::kOrcTypeDecimalPrecision,
                                            f.FooterMark("types[1].precision")),
                               IsDiagnostic(Code::kOrcTypeDecimalScale,
                                            f.FooterMark("types[2].scale"))));
}

TEST(OrcTypesTest, DecimalUnbounded) {
  OrcFile f = FileWithTypes({Struct({1}, {"a"}), Decimal(std::nullopt, 0)});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcTypeDecimalUnbounded,
                                       f.FooterMark("types[1]"))));
}

TEST(OrcTypesTest, CharLength) {
  ProtoWriter zero = TypeMessage(kChar);
  zero.Varint(4, 0, "maximum_length");
  OrcFile f = FileWithTypes(
      {Struct({1, 2}, {"a", "b"}), zero, TypeMessage(kVarchar)});
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  EXPECT_THAT(ds, UnorderedElementsAre(
                      IsDiagnostic(Code::kOrcTypeCharLength,
                                   f.FooterMark("types[1].maximum_length")),
                      IsDiagnostic(Code::kOrcTypeCharLengthAbsent,
                                   f.FooterMark("types[2]"))));
}

TEST(OrcTypesTest, DuplicateAttribute) {
  ProtoWriter pair;
  pair.Bytes(1, "iceberg.id").Bytes(2, "1");
  ProtoWriter t = TypeMessage(kInt);
  t.Message(7, pair, "attributes[0]").Message(7, pair, "attributes[1]");
  OrcFile f = FileWithTypes({Struct({1}, {"a"}), t});
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes), ElementsAre(IsDiagnostic(
                                Code::kOrcTypeDuplicateAttribute,
                                f.FooterMark("types[1].attributes[1]"))));
}

}  // namespace
}  // namespace colcheck::orc
