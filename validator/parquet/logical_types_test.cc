#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "parquet/rules.h"
#include "testing/schema_builder.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Clean;
using ::colcheck::testing::CountIs;
using ::colcheck::testing::HasDiagnostic;
using ::colcheck::testing::NoErrors;
using ::colcheck::testing::RunSchemaRules;
using ::colcheck::testing::SchemaBuilder;

// Runs the rules over `root { optional <physical> x; }` as the test built
// it; element 1 is the annotated leaf.
class OneLeaf {
 public:
  explicit OneLeaf(int32_t physical, int32_t type_length = 0) {
    b_.Root(1).Leaf("x", kOptional, physical);
    if (type_length > 0) b_.TypeLength(type_length);
  }
  SchemaBuilder& b() { return b_; }
  const SchemaElement& x() const { return b_.el(1); }
  std::vector<Diagnostic> Run() const { return RunSchemaRules(b_.md()); }

 private:
  SchemaBuilder b_;
};

// ---------------------------------------------------------------------------
// Valid annotations produce nothing.

struct LogicalCase {
  const char* name;
  int32_t physical;
  int32_t type_length;
  int16_t id;
  int32_t converted;  // -1: none.
};

class ValidLogicalTest : public ::testing::TestWithParam<LogicalCase> {};

TEST_P(ValidLogicalTest, IsClean) {
  const LogicalCase& c = GetParam();
  OneLeaf leaf(c.physical, c.type_length);
  leaf.b().Logical(c.id);
  if (c.converted >= 0) leaf.b().Converted(c.converted);
  EXPECT_TRUE(Clean(leaf.Run()));
}

INSTANTIATE_TEST_SUITE_P(
    AllowedPairs, ValidLogicalTest,
    ::testing::Values(
        LogicalCase{"String", kByteArray, 0, kLogicalString, kUtf8},
        LogicalCase{"StringAlone", kByteArray, 0, kLogicalString, -1},
        LogicalCase{"Enum", kByteArray, 0, kLogicalEnum, kEnum},
        LogicalCase{"Json", kByteArray, 0, kLogicalJson, kJson},
        LogicalCase{"Bson", kByteArray, 0, kLogicalBson, kBson},
        LogicalCase{"Date", kInt32, 0, kLogicalDate, kDate},
        LogicalCase{"UnknownOnBool", kBoolean, 0, kLogicalUnknown, -1},
        LogicalCase{"UnknownOnInt96", kInt96, 0, kLogicalUnknown, -1},
        LogicalCase{"UnknownOnDouble", kDouble, 0, kLogicalUnknown, -1},
        LogicalCase{"Uuid", kFixedLenByteArray, 16, kLogicalUuid, -1},
        LogicalCase{"Float16", kFixedLenByteArray, 2, kLogicalFloat16, -1},
        LogicalCase{"Geometry", kByteArray, 0, kLogicalGeometry, -1},
        LogicalCase{"Geography", kByteArray, 0, kLogicalGeography, -1}),
    [](const ::testing::TestParamInfo<LogicalCase>& info) {
      return std::string(info.param.name);
    });

struct TimeCase {
  const char* name;
  int32_t physical;
  int16_t id;
  int16_t unit;
  bool utc;
  int32_t converted;  // -1: none.
};

class ValidTimeTest : public ::testing::TestWithParam<TimeCase> {};

TEST_P(ValidTimeTest, IsClean) {
  const TimeCase& c = GetParam();
  OneLeaf leaf(c.physical);
  leaf.b().LogicalTime(c.id, c.unit, c.utc);
  if (c.converted >= 0) leaf.b().Converted(c.converted);
  EXPECT_TRUE(Clean(leaf.Run()));
}

INSTANTIATE_TEST_SUITE_P(
    AllowedPairs, ValidTimeTest,
    ::testing::Values(
        TimeCase{"TimeMillis", kInt32, kLogicalTime, kMillis, true,
                 kTimeMillis},
        TimeCase{"TimeMillisLocal", kInt32, kLogicalTime, kMillis, false,
                 kTimeMillis},
        TimeCase{"TimeMicros", kInt64, kLogicalTime, kMicros, true,
                 kTimeMicros},
        TimeCase{"TimeNanos", kInt64, kLogicalTime, kNanos, false, -1},
        TimeCase{"TimestampMillis", kInt64, kLogicalTimestamp, kMillis, true,
                 kTimestampMillis},
        TimeCase{"TimestampMicrosLocal", kInt64, kLogicalTimestamp, kMicros,
                 false, kTimestampMicros},
        TimeCase{"TimestampNanos", kInt64, kLogicalTimestamp, kNanos, true,
                 -1}),
    [](const ::testing::TestParamInfo<TimeCase>& info) {
      return std::string(info.param.name);
    });

struct IntCase {
  int32_t physical;
  int8_t bit_width;
  bool is_signed;
  int32_t converted;
};

class ValidIntegerTest : public ::testing::TestWithParam<IntCase> {};

TEST_P(ValidIntegerTest, IsClean) {
  const IntCase& c = GetParam();
  OneLeaf leaf(c.physical);
  leaf.b().LogicalInt(c.bit_width, c.is_signed).Converted(c.converted);
  EXPECT_TRUE(Clean(leaf.Run()));
}

INSTANTIATE_TEST_SUITE_P(
    AllowedPairs, ValidIntegerTest,
    ::testing::Values(IntCase{kInt32, 8, true, kInt8},
                      IntCase{kInt32, 16, true, kInt16},
                      IntCase{kInt32, 32, true, kInt32Converted},
                      IntCase{kInt64, 64, true, kInt64Converted},
                      IntCase{kInt32, 8, false, kUint8},
                      IntCase{kInt32, 16, false, kUint16},
                      IntCase{kInt32, 32, false, kUint32},
                      IntCase{kInt64, 64, false, kUint64}));

struct ConvertedCase {
  const char* name;
  int32_t physical;
  int32_t type_length;
  int32_t converted;
};

class ValidConvertedTest : public ::testing::TestWithParam<ConvertedCase> {};

TEST_P(ValidConvertedTest, IsClean) {
  const ConvertedCase& c = GetParam();
  OneLeaf leaf(c.physical, c.type_length);
  leaf.b().Converted(c.converted);
  EXPECT_TRUE(Clean(leaf.Run()));
}

INSTANTIATE_TEST_SUITE_P(
    AllowedPairs, ValidConvertedTest,
    ::testing::Values(
        ConvertedCase{"Utf8", kByteArray, 0, kUtf8},
        ConvertedCase{"Enum", kByteArray, 0, kEnum},
        ConvertedCase{"Json", kByteArray, 0, kJson},
        ConvertedCase{"Bson", kByteArray, 0, kBson},
        ConvertedCase{"Date", kInt32, 0, kDate},
        ConvertedCase{"TimeMillis", kInt32, 0, kTimeMillis},
        ConvertedCase{"TimeMicros", kInt64, 0, kTimeMicros},
        ConvertedCase{"TimestampMillis", kInt64, 0, kTimestampMillis},
        ConvertedCase{"TimestampMicros", kInt64, 0, kTimestampMicros},
        ConvertedCase{"Int8", kInt32, 0, kInt8},
        ConvertedCase{"Uint32", kInt32, 0, kUint32},
        ConvertedCase{"Int64", kInt64, 0, kInt64Converted},
        ConvertedCase{"Uint64", kInt64, 0, kUint64},
        ConvertedCase{"Interval", kFixedLenByteArray, 12, kInterval}),
    [](const ::testing::TestParamInfo<ConvertedCase>& info) {
      return std::string(info.param.name);
    });

TEST(LogicalTypesTest, GroupAnnotationsOnGroupsAreClean) {
  SchemaBuilder b;
  b.Root(2)
      .Group("l", kOptional, 1)
      .Logical(kLogicalList)
      .Converted(kList)
      .Group("list", kRepeated, 1)
      .Leaf("element", kOptional, kInt32)
      .Group("m", kOptional, 1)
      .Logical(kLogicalMap)
      .Converted(kMapKeyValue)  // LT: MAP may pair with MAP_KEY_VALUE.
      .Group("key_value", kRepeated, 1)
      .Leaf("key", kRequired, kInt32);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

// ---------------------------------------------------------------------------
// Physical type mismatches

TEST(LogicalTypesTest, StringOnInt32) {
  OneLeaf leaf(kInt32);
  leaf.b().Logical(kLogicalString);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, ListOnALeaf) {
  OneLeaf leaf(kInt32);
  leaf.b().Logical(kLogicalList);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, PhysicalAnnotationOnAGroup) {
  SchemaBuilder b;
  b.Root(1)
      .Group("g", kOptional, 1)
      .Logical(kLogicalDate)
      .Leaf("x", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalIncompatibleType,
                            b.el(1).logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, UnknownOnAGroup) {
  SchemaBuilder b;
  b.Root(1)
      .Group("g", kOptional, 1)
      .Logical(kLogicalUnknown)
      .Leaf("x", kOptional, kInt32);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalIncompatibleType,
                            b.el(1).logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, TimeMillisOnInt64) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalTime(kLogicalTime, kMillis, true);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, TimeNanosOnInt32) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalTime(kLogicalTime, kNanos, true);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, TimestampOnInt96) {
  OneLeaf leaf(kInt96);
  leaf.b().LogicalTime(kLogicalTimestamp, kNanos, true);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, Integer64OnInt32) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalInt(64, true);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, Integer8OnInt64) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalInt(8, false);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, UuidOnByteArray) {
  OneLeaf leaf(kByteArray);
  leaf.b().Logical(kLogicalUuid);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
}

TEST(LogicalTypesTest, UuidOfWrongLength) {
  OneLeaf leaf(kFixedLenByteArray, 8);
  leaf.b().Logical(kLogicalUuid);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalInvalidLength,
                            Join(leaf.x().type_length.span,
                                 leaf.x().logical_type.span),
                            "schema[1].type_length"));
  EXPECT_TRUE(CountIs(d, Code::kLogicalIncompatibleType, 0));
}

TEST(LogicalTypesTest, Float16OfWrongLength) {
  OneLeaf leaf(kFixedLenByteArray, 4);
  leaf.b().Logical(kLogicalFloat16);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalInvalidLength,
                            Join(leaf.x().type_length.span,
                                 leaf.x().logical_type.span),
                            "schema[1].type_length"));
}

TEST(LogicalTypesTest, IntervalOfWrongLength) {
  OneLeaf leaf(kFixedLenByteArray, 16);
  leaf.b().Converted(kInterval);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalInvalidLength,
                            Join(leaf.x().type_length.span,
                                 leaf.x().converted_type.span),
                            "schema[1].type_length"));
}

TEST(LogicalTypesTest, ElementWithoutTypeOrChildrenIsNotJudged) {
  OneLeaf leaf(kByteArray);
  leaf.b().Logical(kLogicalString).Converted(kUtf8);
  leaf.b().Last().type = {};
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(CountIs(d, Code::kSchemaLeafWithoutType, 1));
  EXPECT_TRUE(CountIs(d, Code::kLogicalIncompatibleType, 0));
  EXPECT_TRUE(CountIs(d, Code::kConvertedIncompatibleType, 0));
}

// ---------------------------------------------------------------------------
// ConvertedType alone

TEST(ConvertedTypesTest, Utf8OnInt32) {
  OneLeaf leaf(kInt32);
  leaf.b().Converted(kUtf8);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
}

TEST(ConvertedTypesTest, TimestampMillisOnInt32) {
  OneLeaf leaf(kInt32);
  leaf.b().Converted(kTimestampMillis);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
}

TEST(ConvertedTypesTest, MapOnALeaf) {
  OneLeaf leaf(kByteArray);
  leaf.b().Converted(kMap);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
}

TEST(ConvertedTypesTest, IntervalOnByteArray) {
  OneLeaf leaf(kByteArray);
  leaf.b().Converted(kInterval);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
}

TEST(ConvertedTypesTest, ConvertedCheckedWhenLogicalIsUnknown) {
  OneLeaf leaf(kInt32);
  leaf.b().Logical(kLogicalNone).Converted(kUtf8);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
  EXPECT_TRUE(CountIs(d, Code::kLogicalConvertedMismatch, 0));
}

// ---------------------------------------------------------------------------
// LogicalType against ConvertedType

TEST(AgreementTest, StringWithEnum) {
  OneLeaf leaf(kByteArray);
  leaf.b().Logical(kLogicalString).Converted(kEnum);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, TimestampMicrosWithMillis) {
  OneLeaf leaf(kInt64);
  leaf.b()
      .LogicalTime(kLogicalTimestamp, kMicros, true)
      .Converted(kTimestampMillis);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, TimestampNanosHasNoConvertedType) {
  OneLeaf leaf(kInt64);
  leaf.b()
      .LogicalTime(kLogicalTimestamp, kNanos, true)
      .Converted(kTimestampMicros);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, TimeWithTimestampConverted) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalTime(kLogicalTime, kMicros, true).Converted(kTimestampMicros);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, SignedIntegerWithUnsignedConverted) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalInt(16, true).Converted(kUint16);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, IntegerWidthDiffers) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalInt(8, true).Converted(kInt16);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, UuidWithAnyConvertedType) {
  OneLeaf leaf(kFixedLenByteArray, 16);
  leaf.b().Logical(kLogicalUuid).Converted(kUtf8);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kLogicalConvertedMismatch,
                            Join(leaf.x().converted_type.span,
                                 leaf.x().logical_type.span),
                            "schema[1].converted_type"));
}

TEST(AgreementTest, ListWithMap) {
  SchemaBuilder b;
  b.Root(1)
      .Group("l", kOptional, 1)
      .Logical(kLogicalList)
      .Converted(kMap)
      .Group("list", kRepeated, 1)
      .Leaf("element", kOptional, kInt32);
  EXPECT_TRUE(
      HasDiagnostic(RunSchemaRules(b.md()), Code::kLogicalConvertedMismatch,
                    Join(b.el(1).converted_type.span,
                         b.el(1).logical_type.span),
                    "schema[1].converted_type"));
}

// ---------------------------------------------------------------------------
// Unsupported, never corrupt

TEST(UnsupportedTest, UnknownLogicalTypeMember) {
  // unknown-logical-type.parquet.
  OneLeaf leaf(kByteArray);
  leaf.b().Logical(kLogicalNone);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalUnsupported,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(UnsupportedTest, Vector) {
  OneLeaf leaf(kFixedLenByteArray, 16);
  leaf.b().Logical(kLogicalVector);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalUnsupported,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(UnsupportedTest, UnknownTimestampUnit) {
  OneLeaf leaf(kInt64);
  leaf.b()
      .LogicalTime(kLogicalTimestamp, kUnitNone, true)
      .Converted(kTimestampMillis);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalUnsupported,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(UnsupportedTest, UnknownTimeUnit) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalTime(kLogicalTime, kUnitNone, false);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalUnsupported,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
  EXPECT_TRUE(NoErrors(d));
}

// ---------------------------------------------------------------------------
// INTEGER

TEST(IntegerTest, BitWidthNotAPowerOfTwoByteSize) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalInt(12, true);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kIntegerBitWidth,
                            leaf.x().logical_type.value.integer.bit_width.span,
                            "schema[1].logicalType.INTEGER.bitWidth"));
  EXPECT_TRUE(CountIs(d, Code::kLogicalIncompatibleType, 0));
}

// ---------------------------------------------------------------------------
// INT96

TEST(Int96Test, DeprecatedOncePerLeaf) {
  SchemaBuilder b;
  b.Root(2).Leaf("a", kOptional, kInt96).Leaf("b", kOptional, kInt96);
  const std::vector<Diagnostic> d = RunSchemaRules(b.md());
  EXPECT_TRUE(HasDiagnostic(d, Code::kMetadataInt96Deprecated,
                            b.el(1).type.span, "schema[1].type"));
  EXPECT_TRUE(HasDiagnostic(d, Code::kMetadataInt96Deprecated,
                            b.el(2).type.span, "schema[2].type"));
  EXPECT_TRUE(CountIs(d, Code::kMetadataInt96Deprecated, 2));
  EXPECT_TRUE(Clean(d));
}

// ---------------------------------------------------------------------------
// DECIMAL

TEST(DecimalTest, ValidOnEveryPhysicalType) {
  SchemaBuilder b;
  b.Root(5)
      .Leaf("i32", kOptional, kInt32)
      .LogicalDecimal(9, 2)
      .Converted(kDecimal)
      .Decimal(9, 2)
      .Leaf("i64", kOptional, kInt64)
      .LogicalDecimal(18, 0)
      .Converted(kDecimal)
      .Decimal(18, 0)
      .Flba("flba", kOptional, 16)
      .LogicalDecimal(38, 38)
      .Converted(kDecimal)
      .Decimal(38, 38)
      .Leaf("ba", kOptional, kByteArray)
      .LogicalDecimal(1000, 10)
      .Leaf("legacy", kOptional, kFixedLenByteArray)  // No LogicalType.
      .TypeLength(11)
      .Converted(kDecimal)
      .Decimal(25, 2);
  EXPECT_TRUE(Clean(RunSchemaRules(b.md())));
}

TEST(DecimalTest, ConvertedWithoutScaleMeansScaleZero) {
  OneLeaf leaf(kInt32);
  leaf.b().Converted(kDecimal).Precision(5);
  EXPECT_TRUE(Clean(leaf.Run()));
}

TEST(DecimalTest, LogicalWithoutElementCopiesIsClean) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalDecimal(12, 3);
  EXPECT_TRUE(Clean(leaf.Run()));
}

TEST(DecimalTest, PrecisionZero) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalDecimal(0, 0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionNotPositive,
                            leaf.x().logical_type.value.decimal.precision.span,
                            "schema[1].logicalType.DECIMAL.precision"));
}

TEST(DecimalTest, ConvertedWithoutPrecision) {
  OneLeaf leaf(kInt32);
  leaf.b().Converted(kDecimal).Scale(0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionNotPositive,
                            leaf.b().span(1), "schema[1].precision"));
}

TEST(DecimalTest, NegativeConvertedPrecision) {
  OneLeaf leaf(kInt32);
  leaf.b().Converted(kDecimal).Decimal(-3, 0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionNotPositive,
                            leaf.x().precision.span, "schema[1].precision"));
}

TEST(DecimalTest, ScaleAbovePrecision) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalDecimal(4, 5);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalScaleOutOfRange,
                            leaf.x().logical_type.value.decimal.scale.span,
                            "schema[1].logicalType.DECIMAL.scale"));
}

TEST(DecimalTest, NegativeConvertedScale) {
  OneLeaf leaf(kInt64);
  leaf.b().Converted(kDecimal).Decimal(12, -1);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalScaleOutOfRange,
                            leaf.x().scale.span, "schema[1].scale"));
}

TEST(DecimalTest, Int32PrecisionTen) {
  OneLeaf leaf(kInt32);
  leaf.b().LogicalDecimal(10, 0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionExceedsPhysical,
                            leaf.x().logical_type.value.decimal.precision.span,
                            "schema[1].logicalType.DECIMAL.precision"));
}

TEST(DecimalTest, Int64PrecisionNineteen) {
  OneLeaf leaf(kInt64);
  leaf.b().Converted(kDecimal).Decimal(19, 0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionExceedsPhysical,
                            leaf.x().precision.span, "schema[1].precision"));
}

TEST(DecimalTest, Int64LowPrecisionIsAWarning) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalDecimal(9, 2);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kDecimalLowPrecisionInt64,
                            leaf.x().logical_type.value.decimal.precision.span,
                            "schema[1].logicalType.DECIMAL.precision"));
  EXPECT_TRUE(NoErrors(d));
}

TEST(DecimalTest, Int64PrecisionTenIsNotLow) {
  // int64_decimal.parquet uses precision 10.
  OneLeaf leaf(kInt64);
  leaf.b().Converted(kDecimal).Decimal(10, 2);
  EXPECT_TRUE(Clean(leaf.Run()));
}

TEST(DecimalTest, SchemaCopiesDisagree) {
  OneLeaf leaf(kInt64);
  leaf.b().LogicalDecimal(12, 2).Converted(kDecimal).Decimal(13, 3);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(
      d, Code::kDecimalSchemaMismatch,
      Join(leaf.x().precision.span, leaf.x().logical_type.span),
      "schema[1].precision"));
  EXPECT_TRUE(HasDiagnostic(
      d, Code::kDecimalSchemaMismatch,
      Join(leaf.x().scale.span, leaf.x().logical_type.span),
      "schema[1].scale"));
  EXPECT_TRUE(CountIs(d, Code::kDecimalSchemaMismatch, 2));
}

// The largest precision each FIXED_LEN_BYTE_ARRAY(n) holds, from the exact
// values floor(log10(2^(8n-1) - 1)), checked at the boundary both ways.
struct FlbaBound {
  int32_t length;
  int32_t max_precision;
};

class FlbaPrecisionTest : public ::testing::TestWithParam<FlbaBound> {};

TEST_P(FlbaPrecisionTest, AcceptsMaxRejectsOneMore) {
  const FlbaBound& c = GetParam();
  {
    OneLeaf leaf(kFixedLenByteArray, c.length);
    leaf.b().LogicalDecimal(c.max_precision, 0);
    EXPECT_TRUE(Clean(leaf.Run())) << "n=" << c.length;
  }
  OneLeaf leaf(kFixedLenByteArray, c.length);
  leaf.b().LogicalDecimal(c.max_precision + 1, 0);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kDecimalPrecisionExceedsPhysical,
                            leaf.x().logical_type.value.decimal.precision.span,
                            "schema[1].logicalType.DECIMAL.precision"))
      << "n=" << c.length;
}

INSTANTIATE_TEST_SUITE_P(
    Boundaries, FlbaPrecisionTest,
    ::testing::Values(
        FlbaBound{1, 2}, FlbaBound{2, 4}, FlbaBound{3, 6}, FlbaBound{4, 9},
        FlbaBound{5, 11}, FlbaBound{8, 18}, FlbaBound{9, 21}, FlbaBound{12, 28},
        FlbaBound{16, 38}, FlbaBound{17, 40}, FlbaBound{32, 76},
        // Past the table: 2^263 - 1 has 80 digits, 2^511 - 1 has 154.
        FlbaBound{33, 79}, FlbaBound{64, 153},
        // floor(15999 * log10 2) = 4816: past the big-integer range.
        FlbaBound{2000, 4816}),
    [](const ::testing::TestParamInfo<FlbaBound>& info) {
      return "n" + std::to_string(info.param.length);
    });

TEST(DecimalTest, FlbaTableMatchesBigIntegerArithmetic) {
  // Each bound b must satisfy 10^b <= 2^(8n-1) - 1 < 10^(b+1); compared as
  // decimal digit counts of 2^(8n-1) computed with schoolbook doubling.
  for (int n = 1; n <= 40; ++n) {
    std::vector<int> digits = {1};  // Little-endian decimal digits.
    for (int i = 0; i < 8 * n - 1; ++i) {
      int carry = 0;
      for (int& dgt : digits) {
        const int v = dgt * 2 + carry;
        dgt = v % 10;
        carry = v / 10;
      }
      if (carry) digits.push_back(carry);
    }
    // 2^k is never a power of ten, so 2^k - 1 has as many digits as 2^k,
    // and every number with one digit fewer fits.
    const int max_precision = static_cast<int>(digits.size()) - 1;
    OneLeaf fits(kFixedLenByteArray, n);
    fits.b().LogicalDecimal(max_precision, 0);
    EXPECT_TRUE(Clean(fits.Run())) << "n=" << n;
    OneLeaf over(kFixedLenByteArray, n);
    over.b().LogicalDecimal(max_precision + 1, 0);
    EXPECT_TRUE(CountIs(over.Run(), Code::kDecimalPrecisionExceedsPhysical, 1))
        << "n=" << n;
  }
}

TEST(DecimalTest, ByteArrayHasNoPrecisionLimit) {
  OneLeaf leaf(kByteArray);
  leaf.b().LogicalDecimal(2000000000, 0);
  EXPECT_TRUE(Clean(leaf.Run()));
}

TEST(DecimalTest, HugePrecisionOnHugeFlba) {
  // Decided without a big integer of billions of bits.
  OneLeaf fits(kFixedLenByteArray, 1 << 30);
  fits.b().LogicalDecimal(2000000000, 0);
  EXPECT_TRUE(Clean(fits.Run()));
  OneLeaf over(kFixedLenByteArray, 100000);
  over.b().LogicalDecimal(2000000000, 0);
  EXPECT_TRUE(CountIs(over.Run(), Code::kDecimalPrecisionExceedsPhysical, 1));
}

TEST(DecimalTest, DecimalOnFloat) {
  OneLeaf leaf(kFloat);
  leaf.b().LogicalDecimal(5, 1);
  const std::vector<Diagnostic> d = leaf.Run();
  EXPECT_TRUE(HasDiagnostic(d, Code::kLogicalIncompatibleType,
                            leaf.x().logical_type.span,
                            "schema[1].logicalType"));
  EXPECT_TRUE(CountIs(d, Code::kDecimalPrecisionExceedsPhysical, 0));
}

TEST(DecimalTest, ConvertedDecimalOnDouble) {
  OneLeaf leaf(kDouble);
  leaf.b().Converted(kDecimal).Decimal(5, 1);
  EXPECT_TRUE(HasDiagnostic(leaf.Run(), Code::kConvertedIncompatibleType,
                            leaf.x().converted_type.span,
                            "schema[1].converted_type"));
}

}  // namespace
}  // namespace colcheck::parquet
