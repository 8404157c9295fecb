#include "reports/json_writer.h"

#include <cstdint>
#include <limits>
#include <string>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::ParseJson;

TEST(JsonWriter, EscapesStrings) {
  std::string out;
  JsonWriter json(&out);
  json.BeginArray();
  json.String("a\"b\\c");
  json.String("\n\r\t");
  json.String(std::string_view("\0\x01\x08\x0c\x1f\x7f", 6));
  json.String("caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80");
  json.String(
      "\xff"
      "a\x80"
      "\xe2\x82"
      "\xed\xa0\x80");
  json.EndArray();
  EXPECT_EQ(out,
            "[\"a\\\"b\\\\c\",\"\\n\\r\\t\","
            "\"\\u0000\\u0001\\u0008\\u000c\\u001f\\u007f\","
            "\"caf\\u00e9 \\u20ac \\ud83d\\ude00\","
            "\"\\ufffda\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\"]");
  EXPECT_TRUE(json.balanced());
}

TEST(JsonWriter, EscapesKeysLikeStrings) {
  const std::string key = "k\"\\\n\x01\xc3\xa9\xff";
  std::string out;
  JsonWriter json(&out);
  json.BeginObject().Key(key).Null().EndObject();
  std::string value;
  AppendJsonString(key, &value);
  EXPECT_EQ(out, "{" + value + ":null}");
  EXPECT_EQ(value, "\"k\\\"\\\\\\n\\u0001\\u00e9\\ufffd\"");
  const std::optional<JsonValue> parsed = ParseJson(out);
  ASSERT_TRUE(parsed.has_value()) << out;
  ASSERT_EQ(parsed->members.size(), 1u);
  EXPECT_EQ(parsed->members[0].name, "k\"\\\n\x01\xc3\xa9\xef\xbf\xbd");
}

TEST(JsonWriter, WritesScalars) {
  std::string out;
  JsonWriter json(&out);
  json.BeginArray()
      .Int(0)
      .Int(-42)
      .Int(std::numeric_limits<int64_t>::min())
      .Uint(std::numeric_limits<uint64_t>::max())
      .Bool(true)
      .Bool(false)
      .Null()
      .String("")
      .EndArray();
  EXPECT_EQ(out,
            "[0,-42,-9223372036854775808,18446744073709551615,true,false,"
            "null,\"\"]");
}

TEST(JsonWriter, WritesUnsetValuesAsNull) {
  std::string out;
  JsonWriter json(&out);
  json.BeginArray()
      .IntOrNull(-1)
      .IntOrNull(0)
      .IntOrNull(7)
      .StringOrNull("")
      .StringOrNull("x")
      .Enum(-1, "NAME")
      .Enum(3, "")
      .Enum(3, "ZSTD")
      .EndArray();
  EXPECT_EQ(out, "[null,0,7,null,\"x\",null,3,\"ZSTD\"]");
}

TEST(JsonWriter, PlacesCommasInNestedContainers) {
  std::string out;
  JsonWriter json(&out);
  json.BeginObject();
  json.Key("a").BeginArray().Int(1).BeginArray().EndArray().Int(2);
  json.BeginObject().Key("b").Int(3).Key("c").BeginObject().EndObject();
  json.EndObject().BeginArray().BeginArray().Int(4).EndArray().EndArray();
  json.EndArray();
  json.Key("d").BeginObject().EndObject();
  json.Key("e").BeginArray().EndArray();
  json.EndObject();
  EXPECT_EQ(out, "{\"a\":[1,[],2,{\"b\":3,\"c\":{}},[[4]]],\"d\":{},\"e\":[]}");
  EXPECT_TRUE(ParseJson(out).has_value());
  EXPECT_TRUE(json.balanced());
}

TEST(JsonWriter, PlacesWrittenValuesAsItsOwn) {
  std::string part;
  JsonWriter inner(&part);
  inner.BeginArray().Int(1).String("x").EndArray();
  ASSERT_TRUE(inner.balanced());
  std::string out;
  JsonWriter json(&out);
  json.BeginObject().Key("a").Written(part).Key("b").BeginArray();
  json.Written(part).Written(part).EndArray().EndObject();
  EXPECT_EQ(out, "{\"a\":[1,\"x\"],\"b\":[[1,\"x\"],[1,\"x\"]]}");
  EXPECT_TRUE(ParseJson(out).has_value());
  EXPECT_TRUE(json.balanced());
}

TEST(JsonWriter, EmptyContainers) {
  std::string out;
  JsonWriter object(&out);
  object.BeginObject().EndObject();
  EXPECT_EQ(out, "{}");
  out.clear();
  JsonWriter array(&out);
  array.BeginArray().EndArray();
  EXPECT_EQ(out, "[]");
  EXPECT_TRUE(object.balanced());
  EXPECT_TRUE(array.balanced());
}

TEST(JsonWriter, LineBreakGoesAfterTheComma) {
  std::string out;
  JsonWriter json(&out);
  json.BeginObject().Key("files").BeginArray();
  json.LineBreak().BeginObject().Key("a").Int(1).EndObject();
  json.LineBreak().BeginObject().EndObject();
  json.LineBreak().EndArray().EndObject();
  EXPECT_EQ(out, "{\"files\":[\n{\"a\":1},\n{}\n]}");

  std::string empty;
  JsonWriter none(&empty);
  none.BeginArray().LineBreak().EndArray();
  EXPECT_EQ(empty, "[\n]");
}

// The streaming writers write the text out and clear it between values; the
// commas still come out right.
TEST(JsonWriter, KeepsItsStateWhenTheTextIsCleared) {
  std::string out;
  JsonWriter json(&out);
  std::string all;
  json.BeginObject().Key("files").BeginArray();
  for (int i = 0; i < 3; ++i) {
    json.BeginObject().Key("i").Int(i).EndObject();
    all += out;
    out.clear();
  }
  json.EndArray().EndObject();
  all += out;
  EXPECT_EQ(all, "{\"files\":[{\"i\":0},{\"i\":1},{\"i\":2}]}");
}

TEST(JsonWriter, BalancedOnlyWhenEveryContainerIsClosed) {
  std::string out;
  JsonWriter json(&out);
  EXPECT_TRUE(json.balanced());
  json.BeginObject();
  EXPECT_FALSE(json.balanced());
  json.Key("a");
  EXPECT_FALSE(json.balanced());
  json.BeginArray();
  EXPECT_FALSE(json.balanced());
  json.EndArray();
  EXPECT_FALSE(json.balanced());
  json.EndObject();
  EXPECT_TRUE(json.balanced());
}

// Each misuse, written by `misuse` on a fresh writer.
template <typename Misuse>
void ExpectMisuseCaught(Misuse misuse) {
  std::string out;
  JsonWriter json(&out);
#ifndef NDEBUG
  EXPECT_DEATH(misuse(json), "JsonWriter misused");
#else
  misuse(json);
  EXPECT_FALSE(json.balanced()) << out;
#endif
}

TEST(JsonWriter, CatchesMisuse) {
  // A key outside an object.
  ExpectMisuseCaught([](JsonWriter& json) { json.Key("a"); });
  ExpectMisuseCaught(
      [](JsonWriter& json) { json.BeginArray().Key("a").Int(1).EndArray(); });
  // Two keys in a row.
  ExpectMisuseCaught([](JsonWriter& json) {
    json.BeginObject().Key("a").Key("b").Int(1).EndObject();
  });
  // A member without its key.
  ExpectMisuseCaught(
      [](JsonWriter& json) { json.BeginObject().Int(1).EndObject(); });
  // A key without its value.
  ExpectMisuseCaught(
      [](JsonWriter& json) { json.BeginObject().Key("a").EndObject(); });
  // Ends that do not match.
  ExpectMisuseCaught([](JsonWriter& json) { json.BeginObject().EndArray(); });
  ExpectMisuseCaught([](JsonWriter& json) { json.BeginArray().EndObject(); });
  ExpectMisuseCaught([](JsonWriter& json) { json.EndArray(); });
}

}  // namespace
}  // namespace colcheck
