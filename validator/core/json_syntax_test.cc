// Tests for CheckJson against the RFC 8259 grammar.

#include "core/json_syntax.h"

#include <gtest/gtest.h>

#include <string>

#include "core/limits.h"

namespace colcheck {
namespace {

TEST(JsonSyntaxTest, AcceptsEveryKindOfValue) {
  for (const char* text :
       {"0", "-0", "12", "-3.25", "1e5", "1E+5", "2.5e-3", "true", "false",
        "null", "\"\"", "\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\uD83D\"",
        "\"caf\xC3\xA9\"", "[]", "{}", "[1, [2, {\"a\": null}]]",
        " \t\r\n{\"k\" : [ true , false ] }\n", "\"\\ud800\""}) {
    EXPECT_EQ(CheckJson(text), JsonCheck::kValid) << text;
  }
}

TEST(JsonSyntaxTest, RejectsWhatTheGrammarExcludes) {
  for (const char* text :
       {"",         " ",        "01",         "-",           "+1",
        "1.",       ".5",       "1e",         "1e+",         "0x10",
        "NaN",      "Infinity", "tru",        "nul",         "True",
        "'a'",      "\"abc",    "\"\\x\"",    "\"\\u12G4\"", "\"a\tb\"",
        "[1,]",     "[,1]",     "{\"a\":1,}", "{a:1}",       "{\"a\" 1}",
        "{\"a\":}", "[1 2]",    "1 2",        "[",           "]",
        "{",        "}",        "/* c */ 1",  "{\"a\":1}}",  "\"\\"}) {
    EXPECT_EQ(CheckJson(text), JsonCheck::kInvalid) << text;
  }
}

TEST(JsonSyntaxTest, DepthLimitMeansNotChecked) {
  const int limit = limits::kMaxJsonDepth;
  const std::string ok = std::string(limit, '[') + std::string(limit, ']');
  EXPECT_EQ(CheckJson(ok), JsonCheck::kValid);
  const std::string deep =
      std::string(limit + 1, '[') + std::string(limit + 1, ']');
  EXPECT_EQ(CheckJson(deep), JsonCheck::kTooDeep);
  // Not even a hostile depth recurses past the limit.
  EXPECT_EQ(CheckJson(std::string(1 << 20, '[')), JsonCheck::kTooDeep);
  EXPECT_EQ(CheckJson("{\"a\":" + std::string(limit, '[')),
            JsonCheck::kTooDeep);
}

}  // namespace
}  // namespace colcheck
