#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <string>
#include <string_view>

#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "testing/metadata_builder.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Describe;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::Logical;
using ::colcheck::testing::MetadataBuilder;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using namespace std::string_literals;

std::string Stat(size_t rg, size_t c, std::string_view field) {
  return FieldPath("row_groups", rg, "columns", c, "meta_data.statistics",
                   field);
}

// Builds files with one row group of 10 values per column, and keeps the
// bytes of the PLAIN-encoded statistics values alive.
class StatisticsTest : public ::testing::Test {
 protected:
  template <typename T>
  Binary Plain(T value) {
    std::string bytes(sizeof(T), '\0');
    std::memcpy(bytes.data(), &value, sizeof(T));
    return Keep(std::move(bytes));
  }
  Binary Keep(std::string bytes) {
    storage_.push_back(std::move(bytes));
    return storage_.back();
  }
  Binary Half(uint16_t bits) { return Plain(bits); }

  // Sets min_value and max_value of chunk (0, column).
  void SetMinMax(MetadataBuilder& b, size_t column, Binary min, Binary max) {
    b.stats(0, column).min_value = b.Field(min, min.size());
    b.stats(0, column).max_value = b.Field(max, max.size());
  }
  void SetDeprecatedMinMax(MetadataBuilder& b, size_t column, Binary min,
                           Binary max) {
    b.stats(0, column).min = b.Field(min, min.size());
    b.stats(0, column).max = b.Field(max, max.size());
  }

  // A one-leaf file of `type`.
  static MetadataBuilder OneColumn(int32_t type, int32_t type_length = 0) {
    MetadataBuilder b;
    b.AddLeaf("v", type, type_length);
    b.AddRowGroup(10);
    b.Finish();
    return b;
  }

  // Expects exactly one diagnostic: `code` on chunk (0, 0)'s `field`.
  void ExpectOnly(MetadataBuilder& b, Code code, const Spanned<Binary>& field,
                  std::string_view name) {
    const auto d = b.Run(CheckStatistics);
    EXPECT_THAT(d,
                ElementsAre(IsDiagnostic(code, field.span, Stat(0, 0, name))))
        << Describe(d);
  }
  void ExpectClean(MetadataBuilder& b) {
    const auto d = b.Run(CheckStatistics);
    EXPECT_THAT(d, IsEmpty()) << Describe(d);
  }

 private:
  std::deque<std::string> storage_;
};

TEST_F(StatisticsTest, ValidStatisticsOfEveryOrder) {
  MetadataBuilder b;
  b.AddLeaf("i32", kInt32);                  // 0
  b.AddLeaf("u32", kInt32);                  // 1
  b.AddLeaf("i64", kInt64);                  // 2
  b.AddLeaf("f", kFloat);                    // 3
  b.AddLeaf("d", kDouble);                   // 4
  b.AddLeaf("h", kFixedLenByteArray, 2);     // 5
  b.AddLeaf("s", kByteArray);                // 6
  b.AddLeaf("dec", kByteArray);              // 7
  b.AddLeaf("fdec", kFixedLenByteArray, 4);  // 8
  b.AddLeaf("bool", kBoolean);               // 9
  b.AddLeaf("u64", kInt64);                  // 10
  b.AddRowGroup(10);
  b.Finish();
  b.leaf(1).converted_type = b.Field<int32_t>(kUint32);
  b.leaf(5).logical_type = b.Field(Logical(kLogicalFloat16));
  b.leaf(7).converted_type = b.Field<int32_t>(kDecimal);
  b.leaf(8).logical_type = b.Field(Logical(kLogicalDecimal));
  LogicalType u64 = Logical(kLogicalInteger);
  u64.integer.bit_width = b.Field<int8_t>(64);
  u64.integer.is_signed = b.Field(false);
  b.leaf(10).logical_type = b.Field(u64);

  SetMinMax(b, 0, Plain<int32_t>(-5), Plain<int32_t>(3));
  SetMinMax(b, 1, Plain<uint32_t>(1), Plain<uint32_t>(0xffffffff));
  SetMinMax(b, 2, Plain<int64_t>(-1), Plain<int64_t>(0));
  SetMinMax(b, 3, Plain<float>(-0.0f), Plain<float>(0.0f));
  SetMinMax(b, 4, Plain<double>(-1e300), Plain<double>(1e300));
  SetMinMax(b, 5, Half(0xbc00), Half(0x3c00));  // -1.0, 1.0
  SetMinMax(b, 6, Keep("a"), Keep("\xff"));
  SetMinMax(b, 7, Keep("\xff"), Keep(std::string("\x00\x01", 2)));  // -1, 1
  SetMinMax(b, 8, Keep("\x80\0\0\0"s), Keep("\x7f\0\0\0"s));
  SetMinMax(b, 9, Keep("\0"s), Keep("\x01"));
  SetMinMax(b, 10, Plain<uint64_t>(1), Plain<uint64_t>(~uint64_t{0}));
  for (size_t c = 0; c < 11; ++c) {
    b.stats(0, c).null_count = b.Field<int64_t>(10);
    b.stats(0, c).distinct_count = b.Field<int64_t>(0);
  }
  b.stats(0, 3).nan_count = b.Field<int64_t>(2);
  b.stats(0, 4).nan_count = b.Field<int64_t>(0);
  b.stats(0, 5).nan_count = b.Field<int64_t>(1);
  ExpectClean(b);
}

TEST_F(StatisticsTest, NegativeCounts) {
  MetadataBuilder b = OneColumn(kDouble);
  Statistics& s = b.stats(0, 0);
  s.null_count = b.Field<int64_t>(-1);
  s.distinct_count = b.Field<int64_t>(-2);
  s.nan_count = b.Field<int64_t>(-3);
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kMetadataNegativeValue, s.null_count.span,
                          Stat(0, 0, "null_count")),
             IsDiagnostic(Code::kMetadataNegativeValue, s.distinct_count.span,
                          Stat(0, 0, "distinct_count")),
             IsDiagnostic(Code::kMetadataNegativeValue, s.nan_count.span,
                          Stat(0, 0, "nan_count"))))
      << Describe(d);
}

TEST_F(StatisticsTest, CountsExceedNumValues) {
  MetadataBuilder b = OneColumn(kInt32);
  Statistics& s = b.stats(0, 0);
  s.null_count = b.Field<int64_t>(11);
  s.distinct_count = b.Field<int64_t>(std::numeric_limits<int64_t>::max());
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsNullCountExceedsValues, s.null_count.span,
                          Stat(0, 0, "null_count")),
             IsDiagnostic(Code::kStatsDistinctCountExceedsValues,
                          s.distinct_count.span, Stat(0, 0, "distinct_count"))))
      << Describe(d);
}

TEST_F(StatisticsTest, NanCountExceedsValues) {
  MetadataBuilder b = OneColumn(kDouble);
  b.stats(0, 0).nan_count = b.Field<int64_t>(1000000);
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNanCountExceedsValues,
                                          b.stats(0, 0).nan_count.span,
                                          Stat(0, 0, "nan_count"))))
      << Describe(d);
}

TEST_F(StatisticsTest, NanCountOnNonFloatColumn) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 2);  // No FLOAT16.
  b.stats(0, 0).nan_count = b.Field<int64_t>(0);
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNanCountType,
                                          b.stats(0, 0).nan_count.span,
                                          Stat(0, 0, "nan_count"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST_F(StatisticsTest, ValueLengthOfFixedWidthTypes) {
  struct Case {
    int32_t type;
    int32_t type_length;
    size_t width;
  };
  for (const Case& c :
       {Case{kBoolean, 0, 1}, Case{kInt32, 0, 4}, Case{kInt64, 0, 8},
        Case{kFloat, 0, 4}, Case{kDouble, 0, 8},
        Case{kFixedLenByteArray, 16, 16}}) {
    MetadataBuilder b = OneColumn(c.type, c.type_length);
    const Binary right = Keep(std::string(c.width, '\0'));
    const Binary wrong = Keep(std::string(c.width + 1, '\0'));
    b.stats(0, 0).min_value = b.Field(wrong, wrong.size());
    b.stats(0, 0).max_value = b.Field(right, right.size());
    b.md().column_orders = {};
    const auto d = b.Run(CheckStatistics);
    EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueLength,
                                            b.stats(0, 0).min_value.span,
                                            Stat(0, 0, "min_value"))))
        << c.type << "\n"
        << Describe(d);
  }
}

// INT96's bounds are a finding of their own (an info).
TEST_F(StatisticsTest, Int96ValueLength) {
  MetadataBuilder b = OneColumn(kInt96);
  const Binary wrong = Keep(std::string(8, '\0'));
  b.stats(0, 0).min_value = b.Field(wrong, wrong.size());
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsValueLength, b.stats(0, 0).min_value.span,
                          Stat(0, 0, "min_value")),
             IsDiagnostic(Code::kStatsInt96Bounds, b.stats(0, 0).min_value.span,
                          Stat(0, 0, "min_value"))))
      << Describe(d);
}

TEST_F(StatisticsTest, DeprecatedValueLength) {
  MetadataBuilder b = OneColumn(kInt64);
  SetDeprecatedMinMax(b, 0, Plain<int64_t>(1), Plain<int32_t>(2));
  ExpectOnly(b, Code::kStatsValueLength, b.stats(0, 0).max, "max");
}

TEST_F(StatisticsTest, ByteArrayValuesHaveAnyLength) {
  MetadataBuilder b = OneColumn(kByteArray);
  SetMinMax(b, 0, Keep(""), Keep(std::string(1000, 'z')));
  SetDeprecatedMinMax(b, 0, Keep(""), Keep("zz"));
  ExpectClean(b);
}

TEST_F(StatisticsTest, SignedMinGreaterThanMax) {
  MetadataBuilder b = OneColumn(kInt32);
  SetMinMax(b, 0, Plain<int32_t>(1), Plain<int32_t>(-1));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, UnsignedOrderForUintColumns) {
  MetadataBuilder b = OneColumn(kInt64);
  b.leaf(0).converted_type = b.Field<int32_t>(kUint64);
  // Signed, -1 < 1; unsigned, 2^64-1 > 1.
  SetMinMax(b, 0, Plain<int64_t>(-1), Plain<int64_t>(1));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, FloatMinGreaterThanMax) {
  MetadataBuilder b = OneColumn(kFloat);
  SetMinMax(b, 0, Plain<float>(2.5f), Plain<float>(-2.5f));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, Float16MinGreaterThanMax) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 2);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalFloat16));
  // 0x3c00 = 1.0 and 0x4000 = 2.0; bytewise, 0x00 0x3c > 0x00 0x40 is false
  // but as little-endian values these compare by value.
  SetMinMax(b, 0, Half(0x4000), Half(0x3c00));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, Float16ComparesByValueNotBytes) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 2);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalFloat16));
  SetMinMax(b, 0, Half(0xc000), Half(0x3c00));  // -2.0 <= 1.0
  ExpectClean(b);
}

TEST_F(StatisticsTest, DecimalBytesCompareAsSignedNumbers) {
  MetadataBuilder b = OneColumn(kByteArray);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalDecimal));
  // 1 (0x01) > -256 (0xff 0x00), though unsigned bytes say otherwise.
  SetMinMax(b, 0, Keep("\x01"), Keep("\xff\x00"s));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, DecimalSignExtension) {
  MetadataBuilder b = OneColumn(kByteArray);
  b.leaf(0).converted_type = b.Field<int32_t>(kDecimal);
  // -2 (0xff 0xfe) < -1 (0xff): the shorter value is sign-extended, not
  // zero-extended.
  SetMinMax(b, 0, Keep("\xff\xfe"), Keep("\xff"));
  ExpectClean(b);
}

TEST_F(StatisticsTest, DecimalSignExtensionDisorder) {
  MetadataBuilder b = OneColumn(kByteArray);
  b.leaf(0).converted_type = b.Field<int32_t>(kDecimal);
  SetMinMax(b, 0, Keep("\xff"), Keep("\xff\xfe"));  // -1 > -2
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, BytesCompareUnsigned) {
  MetadataBuilder b = OneColumn(kByteArray);
  SetMinMax(b, 0, Keep("\xc3\xa9"), Keep("z"));  // "é" > "z" unsigned.
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, PrefixIsSmaller) {
  MetadataBuilder b = OneColumn(kByteArray);
  SetMinMax(b, 0, Keep("abc"), Keep("ab"));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

// binary_truncated_min_max.parquet: truncated bounds still bracket values.
TEST_F(StatisticsTest, TruncatedBoundsAreValid) {
  MetadataBuilder b = OneColumn(kByteArray);
  b.leaf(0).converted_type = b.Field<int32_t>(kUtf8);
  SetMinMax(b, 0, Keep("B"), Keep("C"));
  b.stats(0, 0).is_min_value_exact = b.Field(false);
  b.stats(0, 0).is_max_value_exact = b.Field(false);
  ExpectClean(b);
}

TEST_F(StatisticsTest, BooleanTrueAboveFalse) {
  MetadataBuilder b = OneColumn(kBoolean);
  SetMinMax(b, 0, Keep("\x01"), Keep("\0"s));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

// nan_in_stats.parquet: a NaN bound is a warning, never an error.
TEST_F(StatisticsTest, NaNMaxValueIsAWarning) {
  MetadataBuilder b = OneColumn(kDouble);
  b.md().column_orders = {};
  SetMinMax(b, 0, Plain<double>(1.0),
            Plain<double>(std::numeric_limits<double>::quiet_NaN()));
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNanBound,
                                          b.stats(0, 0).max_value.span,
                                          Stat(0, 0, "max_value"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST_F(StatisticsTest, NaNDeprecatedMaxIsAWarning) {
  MetadataBuilder b = OneColumn(kDouble);
  SetDeprecatedMinMax(b, 0, Plain<double>(1.0),
                      Plain<double>(std::numeric_limits<double>::quiet_NaN()));
  ExpectOnly(b, Code::kStatsNanBound, b.stats(0, 0).max, "max");
}

TEST_F(StatisticsTest, NaNFloat16MinIsAWarning) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 2);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalFloat16));
  SetMinMax(b, 0, Half(0x7e00), Half(0x3c00));
  ExpectOnly(b, Code::kStatsNanBound, b.stats(0, 0).min_value, "min_value");
}

// IEEE_754_TOTAL_ORDER on column 0, with the nan_count it requires.
void UseTotalOrder(MetadataBuilder& b) {
  b.md().column_orders.value[0].value.id = kIeee754TotalOrder;
  b.stats(0, 0).nan_count = b.Field<int64_t>(0);
}

TEST_F(StatisticsTest, TotalOrderRequiresNanCount) {
  MetadataBuilder b = OneColumn(kDouble);
  b.md().column_orders.value[0].value.id = kIeee754TotalOrder;
  SetMinMax(b, 0, Plain<double>(-1.0), Plain<double>(1.0));
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNanCountMissing,
                                          b.meta(0, 0).statistics.span,
                                          Stat(0, 0, "nan_count"))))
      << Describe(d);
}

TEST_F(StatisticsTest, TotalOrderAllowsNaNAndOrdersZeros) {
  MetadataBuilder b = OneColumn(kFloat);
  UseTotalOrder(b);
  // -NaN < +NaN in total order: an all-NaN chunk.
  SetMinMax(b, 0, Plain<uint32_t>(0xffc00000), Plain<uint32_t>(0x7fc00000));
  ExpectClean(b);
}

TEST_F(StatisticsTest, TotalOrderPositiveZeroAboveNegativeZero) {
  MetadataBuilder b = OneColumn(kDouble);
  UseTotalOrder(b);
  SetMinMax(b, 0, Plain<double>(0.0), Plain<double>(-0.0));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

// Negative floats order opposite to their bit patterns.
TEST_F(StatisticsTest, TotalOrderNegatives) {
  MetadataBuilder b = OneColumn(kFloat);
  UseTotalOrder(b);
  SetMinMax(b, 0, Plain<float>(-2.0f), Plain<float>(-1.0f));
  ExpectClean(b);
}

TEST_F(StatisticsTest, TotalOrderFloat16) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 2);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalFloat16));
  UseTotalOrder(b);
  SetMinMax(b, 0, Half(0x3c00), Half(0xbc00));  // 1.0 > -1.0
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, TypeOrderZerosAreEqual) {
  MetadataBuilder b = OneColumn(kDouble);
  SetMinMax(b, 0, Plain<double>(0.0), Plain<double>(-0.0));
  ExpectClean(b);
}

// parquet.thrift lets a writer write INT96 statistics (in the legacy
// order), as parquet-java does: an info, not stats.undefined-order.
TEST_F(StatisticsTest, Int96BoundsAreAnInfo) {
  MetadataBuilder b = OneColumn(kInt96);
  const Binary v = Keep(std::string(12, '\x01'));
  SetMinMax(b, 0, v, v);
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsInt96Bounds,
                                          b.stats(0, 0).min_value.span,
                                          Stat(0, 0, "min_value"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kInfo);
}

TEST_F(StatisticsTest, Int96MaxAloneIsAnInfoOnTheMax) {
  MetadataBuilder b = OneColumn(kInt96);
  b.stats(0, 0).max_value = b.Field(Keep(std::string(12, '\x02')), 12);
  ExpectOnly(b, Code::kStatsInt96Bounds, b.stats(0, 0).max_value,
             "max_value");
}

TEST_F(StatisticsTest, IntervalOrderIsUndefined) {
  MetadataBuilder b = OneColumn(kFixedLenByteArray, 12);
  b.leaf(0).converted_type = b.Field<int32_t>(kInterval);
  b.stats(0, 0).max_value = b.Field(Keep(std::string(12, '\x02')), 12);
  ExpectOnly(b, Code::kStatsUndefinedOrder, b.stats(0, 0).max_value,
             "max_value");
}

// Undefined orders matter only for min_value/max_value; the deprecated
// fields are signed bytes and are left alone for non-numeric types.
TEST_F(StatisticsTest, Int96DeprecatedMinMaxAreFine) {
  MetadataBuilder b = OneColumn(kInt96);
  SetDeprecatedMinMax(b, 0, Keep(std::string(12, '\x05')),
                      Keep(std::string(12, '\x01')));
  ExpectClean(b);
}

TEST_F(StatisticsTest, DeprecatedMinGreaterThanMaxIsAWarning) {
  MetadataBuilder b = OneColumn(kInt32);
  SetDeprecatedMinMax(b, 0, Plain<int32_t>(7), Plain<int32_t>(-7));
  ExpectOnly(b, Code::kStatsDeprecatedMinGreaterThanMax, b.stats(0, 0).min,
             "min");
  const auto d = b.Run(CheckStatistics);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

// The deprecated fields are signed even for unsigned columns.
TEST_F(StatisticsTest, DeprecatedMinMaxAreSignedForUintColumns) {
  MetadataBuilder b = OneColumn(kInt32);
  b.leaf(0).converted_type = b.Field<int32_t>(kUint32);
  SetDeprecatedMinMax(b, 0, Plain<uint32_t>(0xffffffff), Plain<uint32_t>(1));
  ExpectClean(b);
}

TEST_F(StatisticsTest, DeprecatedByteArrayDisorderIsIgnored) {
  MetadataBuilder b = OneColumn(kByteArray);
  SetDeprecatedMinMax(b, 0, Keep("z"), Keep("a"));
  ExpectClean(b);
}

TEST_F(StatisticsTest, AbsentColumnOrdersStillUseTypeOrder) {
  MetadataBuilder b = OneColumn(kInt64);
  b.md().column_orders = {};
  SetMinMax(b, 0, Plain<int64_t>(9), Plain<int64_t>(8));
  ExpectOnly(b, Code::kStatsMinGreaterThanMax, b.stats(0, 0).min_value,
             "min_value");
}

TEST_F(StatisticsTest, UnknownColumnOrderIsNotJudged) {
  MetadataBuilder b = OneColumn(kInt64);
  b.md().column_orders.value[0].value.id = 3;
  SetMinMax(b, 0, Plain<int64_t>(9), Plain<int64_t>(8));
  ExpectClean(b);
}

TEST_F(StatisticsTest, UnknownLogicalTypeIsNotJudged) {
  MetadataBuilder b = OneColumn(kByteArray);
  b.leaf(0).logical_type = b.Field(Logical(kLogicalNone));
  SetMinMax(b, 0, Keep("z"), Keep("a"));
  ExpectClean(b);
}

TEST_F(StatisticsTest, NothingIsJudgedWithoutASoundTree) {
  MetadataBuilder b = OneColumn(kInt32);
  SetMinMax(b, 0, Plain<int32_t>(1), Plain<int32_t>(-1));
  b.stats(0, 0).null_count = b.Field<int64_t>(-1);
  b.tree().ok = false;
  ExpectClean(b);
}

// The chunk's type disagrees with the leaf; CheckRowGroups reports that,
// and the values' encoding is unknown.
TEST_F(StatisticsTest, TypeMismatchSkipsTheChunk) {
  MetadataBuilder b = OneColumn(kInt32);
  b.meta(0, 0).type = b.Field<int32_t>(kInt64);
  SetMinMax(b, 0, Plain<int64_t>(1), Plain<int64_t>(-1));
  ExpectClean(b);
}

TEST_F(StatisticsTest, EveryChunkIsChecked) {
  MetadataBuilder b;
  b.AddLeaf("a", kInt32);
  b.AddLeaf("b", kInt32);
  b.AddRowGroup(5);
  b.AddRowGroup(5);
  b.Finish();
  b.stats(1, 1).null_count = b.Field<int64_t>(6);
  const auto d = b.Run(CheckStatistics);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNullCountExceedsValues,
                                          b.stats(1, 1).null_count.span,
                                          Stat(1, 1, "null_count"))))
      << Describe(d);
}

}  // namespace
}  // namespace colcheck::parquet
