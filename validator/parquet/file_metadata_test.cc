#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string_view>

#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "testing/metadata_builder.h"
#include "testing/spanned.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Describe;
using ::colcheck::testing::HasCode;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::Logical;
using ::colcheck::testing::MetadataBuilder;
using ::testing::ElementsAre;
using ::testing::IsEmpty;

// Two leaves (INT64, DOUBLE) and two row groups of 10 and 5 rows.
MetadataBuilder ValidFile() {
  MetadataBuilder b;
  b.AddLeaf("id", kInt64);
  b.AddLeaf("score", kDouble);
  b.AddRowGroup(10);
  b.AddRowGroup(5);
  b.Finish();
  return b;
}

TEST(FileMetaDataTest, ValidFooterHasNoDiagnostics) {
  MetadataBuilder b = ValidFile();
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, Version2IsAccepted) {
  MetadataBuilder b = ValidFile();
  b.md().version = b.Field<int32_t>(2);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, UnknownVersionIsAWarning) {
  MetadataBuilder b = ValidFile();
  b.md().version = b.Field<int32_t>(3);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataVersion,
                                          b.md().version.span, "version")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(FileMetaDataTest, NegativeVersionIsUnknown) {
  MetadataBuilder b = ValidFile();
  b.md().version = ::colcheck::testing::At<int32_t>(-1, 200, 5);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataVersion,
                                          ByteSpan{200, 5}, "version")))
      << Describe(d);
}

TEST(FileMetaDataTest, NegativeNumRows) {
  MetadataBuilder b = ValidFile();
  b.md().num_rows = ::colcheck::testing::At<int64_t>(-15, 300, 2);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataNegativeValue,
                                          ByteSpan{300, 2}, "num_rows")))
      << Describe(d);
}

// repeated_no_annotation.parquet: num_rows is 0 while its row group has 6.
TEST(FileMetaDataTest, NumRowsDiffersFromRowGroupSum) {
  MetadataBuilder b;
  b.AddLeaf("id", kInt32);
  b.AddRowGroup(6);
  b.Finish();
  b.md().num_rows = ::colcheck::testing::At<int64_t>(0, 400, 1);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataNumRowsMismatch,
                                          ByteSpan{400, 1}, "num_rows")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kError);
}

TEST(FileMetaDataTest, RowGroupSumOverflowIsAMismatchNotUB) {
  MetadataBuilder b = ValidFile();
  const int64_t max = std::numeric_limits<int64_t>::max();
  b.row_group(0).num_rows = b.Field(max);
  b.row_group(1).num_rows = b.Field(max);
  b.md().num_rows = b.Field(max);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataNumRowsMismatch,
                                          b.md().num_rows.span, "num_rows")))
      << Describe(d);
}

TEST(FileMetaDataTest, LargeRowCountsSumExactly) {
  MetadataBuilder b = ValidFile();
  const int64_t big = int64_t{1} << 62;
  b.row_group(0).num_rows = b.Field(big);
  b.row_group(1).num_rows = b.Field(big - 1);
  b.md().num_rows = b.Field(big + (big - 1));
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

// A negative row group count is CheckRowGroups' finding; the sum is then
// meaningless and no mismatch is piled on.
TEST(FileMetaDataTest, NegativeRowGroupCountSkipsTheSum) {
  MetadataBuilder b = ValidFile();
  b.row_group(1).num_rows = b.Field<int64_t>(-5);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, WellFormedCreatedBy) {
  for (const std::string_view s :
       {"parquet-mr version 1.12.0 (build "
        "db75a6815f2ba1d1ee89d1a90aeb296f1f3a8f20)",
        "parquet-cpp-arrow version 14.0.2", "parquet-rs version 53.0.0",
        "impala version 1.3.0-INTERNAL (build "
        "8a48ddb1eff84592b3fc06bc6f51ec120e1fffc9)",
        "parquet-cpp version 1.5.1-SNAPSHOT"}) {
    MetadataBuilder b = ValidFile();
    b.md().created_by = b.Field(s);
    const auto d = b.Run(CheckFileMetaData);
    EXPECT_THAT(d, IsEmpty()) << s << "\n" << Describe(d);
  }
}

TEST(FileMetaDataTest, MalformedCreatedByIsInfo) {
  for (const std::string_view s :
       {"DuckDB", "", "version 1.0", "parquet-mr version ",
        "parquet-mr version 1.0 build abc", "parquet-mr version 1.0 (build"}) {
    MetadataBuilder b = ValidFile();
    b.md().created_by = ::colcheck::testing::At(s, 500, 7);
    const auto d = b.Run(CheckFileMetaData);
    EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataCreatedByFormat,
                                            ByteSpan{500, 7}, "created_by")))
        << s << "\n"
        << Describe(d);
    if (!d.empty()) {
      EXPECT_EQ(d[0].severity, Severity::kInfo);
    }
  }
}

TEST(FileMetaDataTest, AbsentCreatedByIsFine) {
  MetadataBuilder b = ValidFile();
  b.md().created_by = {};
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, ColumnOrdersCountMismatch) {
  MetadataBuilder b = ValidFile();
  b.md().column_orders.value.pop_back();
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataColumnOrdersCount,
                                  b.md().column_orders.span, "column_orders")))
      << Describe(d);
}

TEST(FileMetaDataTest, ColumnOrdersNotJudgedWithoutASoundTree) {
  MetadataBuilder b = ValidFile();
  b.md().column_orders.value.pop_back();
  b.tree().ok = false;
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, TotalOrderOnIntegerColumn) {
  MetadataBuilder b = ValidFile();
  b.md().column_orders.value[0].value.id = kIeee754TotalOrder;  // INT64
  b.md().column_orders.value[1].value.id = kIeee754TotalOrder;  // DOUBLE
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnOrderType,
                                          b.md().column_orders.value[0].span,
                                          "column_orders[0]")))
      << Describe(d);
}

TEST(FileMetaDataTest, TotalOrderOnFloat16AndFloat) {
  MetadataBuilder b;
  b.AddLeaf("f", kFloat);
  b.AddLeaf("h", kFixedLenByteArray, 2);
  b.AddRowGroup(3);
  b.Finish();
  b.leaf(1).logical_type = b.Field(Logical(kLogicalFloat16));
  for (auto& order : b.md().column_orders.value) {
    order.value.id = kIeee754TotalOrder;
  }
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, TotalOrderOnPlainFixedLenByteArray) {
  MetadataBuilder b;
  b.AddLeaf("h", kFixedLenByteArray, 2);  // No FLOAT16 annotation.
  b.AddRowGroup(3);
  b.Finish();
  b.md().column_orders.value[0].value.id = kIeee754TotalOrder;
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnOrderType,
                                          b.md().column_orders.value[0].span,
                                          "column_orders[0]")))
      << Describe(d);
}

TEST(FileMetaDataTest, Int96TimestampOrderOnlyOnInt96) {
  MetadataBuilder b;
  b.AddLeaf("ts", kInt96);
  b.AddLeaf("s", kByteArray);
  b.AddRowGroup(3);
  b.Finish();
  for (auto& order : b.md().column_orders.value) {
    order.value.id = kInt96TimestampOrder;
  }
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnOrderType,
                                          b.md().column_orders.value[1].span,
                                          "column_orders[1]")))
      << Describe(d);
}

TEST(FileMetaDataTest, MinValueWithoutColumnOrdersWarnsOncePerFile) {
  MetadataBuilder b = ValidFile();
  b.md().column_orders = {};
  b.stats(0, 0).min_value = b.Field<Binary>("\x01\0\0\0\0\0\0\0", 8);
  b.stats(1, 1).max_value = b.Field<Binary>("\x01\0\0\0\0\0\0\0", 8);
  b.layout().metadata = {700, 90};
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnOrdersMissing,
                                          ByteSpan{700, 90}, "column_orders")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

// The deprecated min/max are always signed; they need no column_orders.
TEST(FileMetaDataTest, DeprecatedMinMaxNeedNoColumnOrders) {
  MetadataBuilder b = ValidFile();
  b.md().column_orders = {};
  b.stats(0, 0).min = b.Field<Binary>("\x01\0\0\0\0\0\0\0", 8);
  b.stats(0, 0).max = b.Field<Binary>("\x02\0\0\0\0\0\0\0", 8);
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(FileMetaDataTest, ReportsEachFaultIndependently) {
  MetadataBuilder b = ValidFile();
  b.md().version = b.Field<int32_t>(7);
  b.md().num_rows = b.Field<int64_t>(1);
  b.md().created_by = b.Field<std::string_view>("x");
  const auto d = b.Run(CheckFileMetaData);
  EXPECT_THAT(d, ElementsAre(HasCode(Code::kMetadataVersion),
                             HasCode(Code::kMetadataNumRowsMismatch),
                             HasCode(Code::kMetadataCreatedByFormat)))
      << Describe(d);
}

}  // namespace
}  // namespace colcheck::parquet
