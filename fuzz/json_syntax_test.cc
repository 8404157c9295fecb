#include "json_syntax.h"

#include <string>

#include "gtest/gtest.h"

namespace colcheck::fuzz {
namespace {

TEST(JsonSyntax, AcceptsEveryKindOfValue) {
  for (const char* good :
       {"0", "-0", "12", "-1.5e3", "2E+7", "1e-2", "true", "false", "null",
        "\"\"", "\"a\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\u00e9\\ud83d\\ude00\"",
        "[]", "{}", " [1, [2, {}], {\"a\": null}] ",
        "{\"tool\":\"colcheck\",\"files\":[{\"size\":0,\"diagnostics\":[]}]}"
        "\n"}) {
    EXPECT_TRUE(JsonSyntax::IsValid(good)) << good;
  }
}

TEST(JsonSyntax, RejectsMalformedDocuments) {
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
    EXPECT_FALSE(JsonSyntax::IsValid(bad)) << bad;
  }
}

// The renderer promises ASCII with control characters escaped.
TEST(JsonSyntax, RejectsRawControlAndNonAsciiBytesInStrings) {
  EXPECT_FALSE(JsonSyntax::IsValid("\"a\nb\""));
  EXPECT_FALSE(JsonSyntax::IsValid(std::string("\"\0\"", 3)));
  EXPECT_FALSE(JsonSyntax::IsValid("\"\xc3\xa9\""));
}

TEST(JsonSyntax, BoundsNesting) {
  const std::string ok =
      std::string(kMaxJsonDepth + 1, '[') + std::string(kMaxJsonDepth + 1, ']');
  EXPECT_TRUE(JsonSyntax::IsValid(ok));
  const std::string deep(100000, '[');
  EXPECT_FALSE(JsonSyntax::IsValid(deep + std::string(100000, ']')));
}

TEST(JsonSyntax, TakesADeeperBound) {
  const std::string nested = std::string(200, '[') + std::string(200, ']');
  EXPECT_FALSE(JsonSyntax::IsValid(nested));
  EXPECT_TRUE(JsonSyntax::IsValid(nested, 200));
  EXPECT_FALSE(JsonSyntax::IsValid(nested, 198));
}

}  // namespace
}  // namespace colcheck::fuzz
