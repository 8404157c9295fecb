// Tests for ValueOrder: which orders are defined, and how values compare.

#include "parquet/sort_order.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <limits>
#include <string>

#include "parquet/metadata.h"

namespace colcheck::parquet {
namespace {

template <typename T>
std::string Plain(T v) {
  std::string s(sizeof(T), '\0');
  std::memcpy(s.data(), &v, sizeof(T));
  return s;
}

SchemaElement Leaf(int32_t type, int32_t type_length = 0) {
  SchemaElement e;
  e.type.value = type;
  e.type.present = true;
  if (type_length > 0) {
    e.type_length.value = type_length;
    e.type_length.present = true;
  }
  return e;
}

SchemaElement WithLogical(SchemaElement e, int16_t id) {
  e.logical_type.present = true;
  e.logical_type.value.id = id;
  return e;
}

SchemaElement WithConverted(SchemaElement e, int32_t ct) {
  e.converted_type.present = true;
  e.converted_type.value = ct;
  return e;
}

ColumnOrder Order(int16_t id) {
  ColumnOrder o;
  o.id = id;
  return o;
}

TEST(SortOrderTest, SignedAndUnsignedIntegers) {
  const ValueOrder s = ValueOrder::For(Leaf(kInt32), nullptr);
  EXPECT_TRUE(s.defined());
  EXPECT_EQ(s.order(), SortOrder::kSigned);
  EXPECT_EQ(s.fixed_width(), 4u);
  EXPECT_LT(s.Compare(Plain<int32_t>(-1), Plain<int32_t>(1)), 0);

  const ValueOrder u =
      ValueOrder::For(WithConverted(Leaf(kInt32), kUint32), nullptr);
  EXPECT_EQ(u.order(), SortOrder::kUnsigned);
  EXPECT_GT(u.Compare(Plain<int32_t>(-1), Plain<int32_t>(1)), 0);

  const ValueOrder l = ValueOrder::For(Leaf(kInt64), nullptr);
  EXPECT_EQ(l.Compare(Plain<int64_t>(7), Plain<int64_t>(7)), 0);
  EXPECT_GT(l.Compare(Plain<int64_t>(8), Plain<int64_t>(-7)), 0);
}

TEST(SortOrderTest, FloatsTypeOrderTreatsZerosAsEqual) {
  const ColumnOrder type = Order(kTypeDefinedOrder);
  const ValueOrder d = ValueOrder::For(Leaf(kDouble), &type);
  EXPECT_TRUE(d.defined());
  EXPECT_TRUE(d.floating());
  EXPECT_FALSE(d.total_order());
  EXPECT_EQ(d.Compare(Plain(-0.0), Plain(0.0)), 0);
  EXPECT_LT(d.Compare(Plain(-1.5), Plain(0.0)), 0);
  EXPECT_TRUE(d.IsNaN(Plain(std::numeric_limits<double>::quiet_NaN())));
  EXPECT_FALSE(d.IsNaN(Plain(1.0)));
}

TEST(SortOrderTest, TotalOrderSeparatesZerosAndOrdersNaN) {
  const ColumnOrder total = Order(kIeee754TotalOrder);
  const ValueOrder f = ValueOrder::For(Leaf(kFloat), &total);
  EXPECT_TRUE(f.defined());
  EXPECT_TRUE(f.total_order());
  EXPECT_LT(f.Compare(Plain(-0.0f), Plain(0.0f)), 0);
  EXPECT_LT(f.Compare(Plain(-2.0f), Plain(-1.0f)), 0);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  EXPECT_GT(
      f.Compare(Plain(nan), Plain(std::numeric_limits<float>::infinity())), 0);
  EXPECT_LT(f.Compare(Plain(-nan), Plain(-1e30f)), 0);
  // Total order on a non-float column is itself a fault: nothing to compare.
  EXPECT_FALSE(ValueOrder::For(Leaf(kInt32), &total).defined());
}

TEST(SortOrderTest, Float16) {
  const ValueOrder h = ValueOrder::For(
      WithLogical(Leaf(kFixedLenByteArray, 2), kLogicalFloat16), nullptr);
  EXPECT_EQ(h.order(), SortOrder::kFloat16);
  EXPECT_TRUE(h.floating());
  EXPECT_TRUE(h.IsNaN(Plain<uint16_t>(0x7e00)));
  EXPECT_TRUE(h.IsNaN(Plain<uint16_t>(0xfc01)));
  EXPECT_FALSE(h.IsNaN(Plain<uint16_t>(0x7c00)));  // +Inf
  EXPECT_LT(h.Compare(Plain<uint16_t>(0xbc00), Plain<uint16_t>(0x3c00)), 0);
  EXPECT_EQ(h.Compare(Plain<uint16_t>(0x8000), Plain<uint16_t>(0x0000)), 0);
}

TEST(SortOrderTest, BytesAndDecimals) {
  const ValueOrder b = ValueOrder::For(Leaf(kByteArray), nullptr);
  EXPECT_EQ(b.order(), SortOrder::kBytes);
  EXPECT_EQ(b.fixed_width(), 0u);
  EXPECT_LT(b.Compare("ab", "abc"), 0);
  EXPECT_GT(b.Compare("\xff", "a"), 0);  // Unsigned bytes.

  const ValueOrder d =
      ValueOrder::For(WithConverted(Leaf(kByteArray), kDecimal), nullptr);
  EXPECT_EQ(d.order(), SortOrder::kDecimalBytes);
  EXPECT_LT(d.Compare("\xff", "\x01"), 0);      // -1 < 1
  EXPECT_EQ(d.Compare("\xff\xff", "\xff"), 0);  // Sign extension.
  EXPECT_GT(d.Compare(std::string("\x01\x00", 2), "\x7f"), 0);  // 256 > 127
}

TEST(SortOrderTest, UndefinedAndUnknownOrders) {
  EXPECT_FALSE(ValueOrder::For(Leaf(kInt96), nullptr).defined());
  EXPECT_FALSE(
      ValueOrder::For(WithConverted(Leaf(kFixedLenByteArray, 12), kInterval),
                      nullptr)
          .defined());
  const ColumnOrder unknown = Order(9);
  EXPECT_FALSE(ValueOrder::For(Leaf(kInt32), &unknown).defined());
}

TEST(SortOrderTest, Int96TimestampOrderComparesDayFirst) {
  const ColumnOrder ts = Order(kInt96TimestampOrder);
  const ValueOrder o = ValueOrder::For(Leaf(kInt96), &ts);
  ASSERT_TRUE(o.defined());
  EXPECT_EQ(o.order(), SortOrder::kInt96Timestamp);
  const auto int96 = [](int64_t nanos, int32_t day) {
    return Plain(nanos) + Plain(day);
  };
  EXPECT_LT(o.Compare(int96(86'399'999'999'999, 2440588), int96(0, 2440589)),
            0);
  EXPECT_LT(o.Compare(int96(1, 2440588), int96(2, 2440588)), 0);
  // The order applies to INT96 only.
  EXPECT_FALSE(ValueOrder::For(Leaf(kInt64), &ts).defined());
}

TEST(SortOrderTest, CompareSignedIgnoresAnnotation) {
  EXPECT_LT(CompareSigned(kInt32, Plain<int32_t>(-1), Plain<int32_t>(1)), 0);
  EXPECT_LT(CompareSigned(kDouble, Plain(-1.0), Plain(1.0)), 0);
  EXPECT_EQ(CompareSigned(kByteArray, "a", "b"), 0);
}

}  // namespace
}  // namespace colcheck::parquet
