#include "reports/values.h"

#include <cmath>
#include <limits>
#include <string>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

Value Make(ValueKind kind, int64_t integer = 0) {
  Value v;
  v.kind = kind;
  v.integer = integer;
  return v;
}

Value Text(ValueKind kind, std::string text) {
  Value v;
  v.kind = kind;
  v.text = std::move(text);
  return v;
}

std::string Json(const Value& v) {
  std::string out;
  JsonWriter json(&out);
  WriteValueJson(v, &json);
  return out;
}

TEST(ValuesTest, DatesAreProlepticGregorian) {
  EXPECT_EQ(DateText(0), "1970-01-01");
  EXPECT_EQ(DateText(-1), "1969-12-31");
  EXPECT_EQ(DateText(19723), "2024-01-01");
  EXPECT_EQ(DateText(11016), "2000-02-29");
  EXPECT_EQ(DateText(-719528), "0000-01-01");
  EXPECT_EQ(DateText(2932897), "+10000-01-01");
  EXPECT_EQ(DateText(-719529), "-0001-12-31");
  // Beyond any calendar the arithmetic could hold: the number.
  EXPECT_EQ(DateText(INT64_MAX), "9223372036854775807");
  EXPECT_EQ(DateText(INT64_MIN), "-9223372036854775808");
}

TEST(ValuesTest, TimestampsFloorBeforeTheEpoch) {
  Value v = Make(ValueKind::kTimestamp, -1);
  v.unit = TimeUnit::kMillis;
  v.utc = true;
  EXPECT_EQ(ValueText(v), "1969-12-31T23:59:59.999Z");
  v.unit = TimeUnit::kNanos;
  v.utc = false;
  v.integer = 1'700'000'000'123'456'789;
  EXPECT_EQ(ValueText(v), "2023-11-14T22:13:20.123456789");
  EXPECT_EQ(Json(v), "\"2023-11-14T22:13:20.123456789\"");
  v.integer = std::numeric_limits<int64_t>::min();
  EXPECT_EQ(ValueText(v), "1677-09-21T00:12:43.145224192");
  v.unit = TimeUnit::kMillis;
  EXPECT_EQ(ValueText(v), "-292275055-05-16T16:47:04.192");
}

TEST(ValuesTest, TimesOutsideTheDayStayNumbers) {
  Value v = Make(ValueKind::kTime, 3'723'004);
  v.unit = TimeUnit::kMillis;
  EXPECT_EQ(ValueText(v), "01:02:03.004");
  v.integer = -5;
  EXPECT_EQ(ValueText(v), "-5");
  v.integer = 86'400'000;
  EXPECT_EQ(ValueText(v), "86400000");
}

TEST(ValuesTest, ZonedTimesEndInZWhenUtc) {
  Value v = Make(ValueKind::kTime, 3'723'004);
  EXPECT_EQ(ZonedTimeText(v), "01:02:03.004");
  v.utc = true;
  EXPECT_EQ(ZonedTimeText(v), "01:02:03.004Z");
  // ValueText keeps the time bare, as bloom reads it back.
  EXPECT_EQ(ValueText(v), "01:02:03.004");
  v.integer = -5;
  EXPECT_EQ(ZonedTimeText(v), "-5");
}

TEST(ValuesTest, NumbersAndSpecials) {
  Value f;
  f.kind = ValueKind::kFloat;
  f.number = 0.1f;
  f.single = true;
  EXPECT_EQ(ValueText(f), "0.1");
  EXPECT_EQ(Json(f), "0.1");
  f.number = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(ValueText(f), "NaN");
  EXPECT_EQ(Json(f), "\"NaN\"");
  f.number = -std::numeric_limits<double>::infinity();
  EXPECT_EQ(Json(f), "\"-Infinity\"");
  Value u;
  u.kind = ValueKind::kUInt;
  u.uinteger = UINT64_MAX;
  EXPECT_EQ(ValueText(u), "18446744073709551615");
  EXPECT_EQ(Json(u), "18446744073709551615");
  EXPECT_EQ(Json(Text(ValueKind::kDecimal, "-0.05")), "\"-0.05\"");
  EXPECT_EQ(Json(Value()), "null");
}

TEST(ValuesTest, TextNeverBreaksALine) {
  EXPECT_EQ(ValueText(Text(ValueKind::kString, "a\nb\x1b[2J\xc3\xa9")),
            "a\\x0ab\\x1b[2J\xc3\xa9");
  EXPECT_EQ(ValueText(Text(ValueKind::kString, "ok\xff")), "ok\\xff");
  EXPECT_EQ(ValueText(Text(ValueKind::kBytes, std::string("\0A\xc3\\", 4))),
            "\\x00A\\xc3\\x5c");
  // JSON strings keep the text exactly (json_writer's escapes).
  EXPECT_EQ(Json(Text(ValueKind::kString, "a\"b")), "\"a\\\"b\"");
}

TEST(ValuesTest, QuotedTextIsUnambiguous) {
  EXPECT_EQ(QuotedValueText(Text(ValueKind::kString, "")), "\"\"");
  EXPECT_EQ(QuotedValueText(Text(ValueKind::kString, "a\"b")), "\"a\\x22b\"");
  EXPECT_EQ(QuotedValueText(Make(ValueKind::kInt, 5)), "5");
}

TEST(ValuesTest, UuidsInTheirCanonicalForm) {
  const std::string bytes(
      "\x12\x3e\x45\x67\xe8\x9b\x12\xd3\xa4\x56\x42\x66"
      "\x14\x17\x40\x00",
      16);
  EXPECT_EQ(ValueText(Text(ValueKind::kUuid, bytes)),
            "123e4567-e89b-12d3-a456-426614174000");
}

}  // namespace
}  // namespace colcheck
