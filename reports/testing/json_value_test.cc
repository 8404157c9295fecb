// Tests of the test-support JSON parser: the reports tests and the fuzz
// oracles trust it to reject what is not JSON.

#include "reports/testing/json_value.h"

#include <optional>
#include <string>
#include <string_view>

#include "gtest/gtest.h"

namespace colcheck::testing {
namespace {

bool Valid(std::string_view text, int max_depth = kMaxJsonDepth) {
  return ParseJson(text, max_depth).has_value();
}

TEST(JsonValue, AcceptsEveryKindOfValue) {
  for (const char* good :
       {"0", "-0", "12", "-1.5e3", "2E+7", "1e-2", "true", "false", "null",
        "\"\"", "\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\\ud83d\\ude00\"",
        "[]", "{}", " [1, [2, {}], {\"a\": null}] ",
        "{\"tool\":\"colcheck\",\"files\":[{\"size\":0,\"diagnostics\":[]}]}"
        "\n"}) {
    EXPECT_TRUE(Valid(good)) << good;
  }
}

TEST(JsonValue, RejectsMalformedDocuments) {
  for (const char* bad : {"",
                          " ",
                          "{",
                          "[",
                          "]",
                          "{\"a\":}",
                          "{\"a\" 1}",
                          "{a:1}",
                          "{\"a\":1,}",
                          "[1,]",
                          "[,1]",
                          "01",
                          "-",
                          "1.",
                          ".5",
                          "1e",
                          "+1",
                          "tru",
                          "nul",
                          "[1] 2",
                          "\"abc",
                          "\"\\x\"",
                          "\"\\u12\"",
                          "\"\\ud800\"",
                          "\"\\udc00\"",
                          "\"\\ud800\\u0041\"",
                          "'a'",
                          "NaN"}) {
    EXPECT_FALSE(Valid(bad)) << bad;
  }
}

// The renderers promise ASCII with control characters escaped.
TEST(JsonValue, RejectsRawControlAndNonAsciiBytesInStrings) {
  EXPECT_FALSE(Valid("\"a\nb\""));
  EXPECT_FALSE(Valid(std::string("\"\0\"", 3)));
  EXPECT_FALSE(Valid("\"\xc3\xa9\""));
}

TEST(JsonValue, BoundsNesting) {
  const std::string ok =
      std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  EXPECT_TRUE(Valid(ok));
  const std::string deep(100000, '[');
  EXPECT_FALSE(Valid(deep + std::string(100000, ']')));
}

TEST(JsonValue, TakesADeeperBound) {
  const std::string nested = std::string(200, '[') + std::string(200, ']');
  EXPECT_FALSE(Valid(nested));
  EXPECT_TRUE(Valid(nested, 200));
  EXPECT_FALSE(Valid(nested, 198));
}

TEST(JsonValue, BuildsTheTreeInDocumentOrder) {
  const std::optional<JsonValue> value = ParseJson(
      "{\"b\":[1,\"x\\u00e9\\ud83d\\ude00\",true,null],\"a\":{},\"n\":-2.5}");
  ASSERT_TRUE(value.has_value());
  ASSERT_EQ(value->members.size(), 3u);
  EXPECT_EQ(value->members[0].name, "b");
  EXPECT_EQ(value->members[1].name, "a");
  EXPECT_EQ(value->members[2].name, "n");
  const JsonValue& b = (*value)["b"];
  ASSERT_EQ(b.items.size(), 4u);
  EXPECT_EQ(b[0].Unsigned(), 1u);
  EXPECT_TRUE(b[1].IsString("x\xc3\xa9\xf0\x9f\x98\x80"));
  EXPECT_EQ(b[2].type, JsonValue::Type::kBool);
  EXPECT_TRUE(b[2].boolean);
  EXPECT_EQ(b[3].type, JsonValue::Type::kNull);
  EXPECT_EQ((*value)["a"].type, JsonValue::Type::kObject);
  EXPECT_EQ((*value)["n"].text, "-2.5");
  EXPECT_EQ((*value)["n"].Unsigned(), std::nullopt);
  // Missing steps read as null rather than crash.
  EXPECT_EQ((*value)["zz"][3]["q"].type, JsonValue::Type::kNull);
}

}  // namespace
}  // namespace colcheck::testing
