#include "conformance/runner/compare.h"

#include <gtest/gtest.h>

namespace colcheck::conformance {
namespace {

bool Same(std::string_view e, std::string_view a) {
  return CompareRows(e, a).equal;
}

TEST(CompareRowsTest, EqualTextIsEqual) {
  EXPECT_TRUE(Same("{\"a\":1}\n{\"a\":2}\n", "{\"a\":1}\n{\"a\":2}\n"));
  EXPECT_TRUE(Same("", ""));
  // Blank lines and CRLF are no rows.
  EXPECT_TRUE(Same("{\"a\":1}\n", "\r\n{\"a\":1}\r\n\n"));
}

TEST(CompareRowsTest, ObjectsCompareByKeyInAnyOrder) {
  EXPECT_TRUE(Same(R"({"a":1,"b":"x"})", R"({"b":"x","a":1})"));
  const RowDifference missing = CompareRows(R"({"a":1,"b":2})", R"({"a":1})");
  EXPECT_FALSE(missing.equal);
  EXPECT_EQ(missing.path, "");
  const RowDifference extra = CompareRows(R"({"a":1})", R"({"a":1,"c":2})");
  EXPECT_FALSE(extra.equal);
}

TEST(CompareRowsTest, IntegersAreExact) {
  EXPECT_TRUE(Same(R"({"a":9007199254740993})", R"({"a":9007199254740993})"));
  // A 64-bit integer rounded through a double is a different value.
  EXPECT_FALSE(
      Same(R"({"a":9007199254740993})", R"({"a":9007199254740992.0})"));
  EXPECT_TRUE(Same(R"({"a":3})", R"({"a":3.0})"));
  EXPECT_TRUE(
      Same(R"({"a":18446744073709551615})", R"({"a":18446744073709551615})"));
  EXPECT_FALSE(Same(R"({"a":-1})", R"({"a":18446744073709551615})"));
}

TEST(CompareRowsTest, FloatsKeepTheirSign) {
  EXPECT_TRUE(Same(R"({"f":0.1})", R"({"f":0.1})"));
  EXPECT_TRUE(Same(R"({"f":-0.0})", R"({"f":-0.0})"));
  EXPECT_FALSE(Same(R"({"f":-0.0})", R"({"f":0.0})"));
  EXPECT_FALSE(Same(R"({"f":-0.0})", R"({"f":0})"));
  EXPECT_FALSE(Same(R"({"f":0.1})", R"({"f":0.10000000149011612})"));
  EXPECT_TRUE(Same(R"({"f":"NaN"})", R"({"f":"NaN"})"));
  EXPECT_FALSE(Same(R"({"f":"NaN"})", R"({"f":"Infinity"})"));
  EXPECT_FALSE(Same(R"({"f":"NaN"})", R"({"f":null})"));
}

TEST(CompareRowsTest, DecimalsCompareByValue) {
  EXPECT_TRUE(Same(R"({"d":"12.340"})", R"({"d":"12.34"})"));
  EXPECT_TRUE(Same(R"({"d":"-0.50"})", R"({"d":"-.5"})"));
  EXPECT_TRUE(Same(R"({"d":"007"})", R"({"d":"7.000"})"));
  EXPECT_FALSE(Same(R"({"d":"12.340"})", R"({"d":"12.341"})"));
  EXPECT_FALSE(Same(R"({"d":"1.5"})", R"({"d":"-1.5"})"));
  // A reader that hands decimals out as doubles: the nearest double only.
  EXPECT_TRUE(Same(R"({"d":"12.340"})", R"({"d":12.34})"));
  // 12345678901234568 is the double nearest to it; 12345678901234566 is the
  // next one down.
  EXPECT_TRUE(
      Same(R"({"d":"12345678901234567.89"})", R"({"d":12345678901234568.0})"));
  EXPECT_FALSE(
      Same(R"({"d":"12345678901234567.89"})", R"({"d":12345678901234566.0})"));
  EXPECT_FALSE(Same(R"({"d":"12.340"})", R"({"d":12.3400001})"));
}

TEST(CompareRowsTest, TimestampsAndTimesCompareAsInstants) {
  EXPECT_TRUE(Same(R"({"t":"2024-01-01T00:00:00.000Z"})",
                   R"({"t":"2024-01-01T00:00:00"})"));
  EXPECT_TRUE(Same(R"({"t":"2024-01-01T12:00:00.123000000Z"})",
                   R"({"t":"2024-01-01 12:00:00.123"})"));
  EXPECT_FALSE(Same(R"({"t":"2024-01-01T00:00:00.000Z"})",
                    R"({"t":"2024-01-01T00:00:00.001Z"})"));
  EXPECT_FALSE(Same(R"({"t":"2024-01-01T00:00:00Z"})",
                    R"({"t":"2024-01-02T00:00:00Z"})"));
  EXPECT_TRUE(Same(R"({"t":"12:34:56.789"})", R"({"t":"12:34:56.789000Z"})"));
  EXPECT_FALSE(Same(R"({"t":"12:34:56.789"})", R"({"t":"12:34:56.788"})"));
}

TEST(CompareRowsTest, OtherStringsAreExact) {
  EXPECT_FALSE(Same(R"({"s":"AAEC/w=="})", R"({"s":"AAEC/w"})"));
  EXPECT_FALSE(Same(R"({"s":"abc"})", R"({"s":"abd"})"));
  EXPECT_FALSE(Same(R"({"s":"1"})", R"({"s":true})"));
}

TEST(CompareRowsTest, TheFirstDifferenceHasItsRowAndPath) {
  const RowDifference diff =
      CompareRows("{\"a\":[1,2]}\n{\"a\":[1,{\"key\":\"x\",\"value\":2}]}\n",
                  "{\"a\":[1,2]}\n{\"a\":[1,{\"key\":\"x\",\"value\":3}]}\n");
  EXPECT_FALSE(diff.equal);
  EXPECT_EQ(diff.row, 1u);
  EXPECT_EQ(diff.path, "a[1].value");
  EXPECT_EQ(diff.expected, "2");
  EXPECT_EQ(diff.actual, "3");
}

TEST(CompareRowsTest, ListLengthsAndRowCounts) {
  const RowDifference list = CompareRows(R"({"a":[1,2]})", R"({"a":[1]})");
  EXPECT_FALSE(list.equal);
  EXPECT_EQ(list.path, "a");
  const RowDifference fewer =
      CompareRows("{\"a\":1}\n{\"a\":2}\n", "{\"a\":1}\n");
  EXPECT_FALSE(fewer.equal);
  EXPECT_EQ(fewer.row, 1u);
  EXPECT_EQ(fewer.expected, "{\"a\":2}");
  const RowDifference more =
      CompareRows("{\"a\":1}\n", "{\"a\":1}\n{\"a\":2}\n");
  EXPECT_FALSE(more.equal);
  EXPECT_EQ(more.row, 1u);
  EXPECT_EQ(more.actual, "{\"a\":2}");
}

TEST(CompareRowsTest, ALineThatIsNotAnObjectDiffers) {
  EXPECT_FALSE(Same(R"({"a":1})", "not json"));
  EXPECT_FALSE(Same(R"({"a":1})", "[1]"));
  EXPECT_FALSE(Same(R"({"a":1})", R"({"a":1)"));
}

TEST(CompareRowsTest, NestedNullsAndTypes) {
  EXPECT_TRUE(
      Same(R"({"s":{"x":null,"y":[null]}})", R"({"s":{"x":null,"y":[null]}})"));
  EXPECT_FALSE(Same(R"({"s":{"x":null}})", R"({"s":{"x":0}})"));
  EXPECT_FALSE(Same(R"({"s":[]})", R"({"s":{}})"));
}

}  // namespace
}  // namespace colcheck::conformance
