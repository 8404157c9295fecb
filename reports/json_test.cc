#include "reports/json.h"

#include <cstdint>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"
#include "reports/testing/report_builders.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::ParseJson;

bool Valid(std::string_view json) { return ParseJson(json).has_value(); }

// Whether `json` is exactly one JSON string; `*decoded` gets its UTF-8.
bool IsString(std::string_view json, std::string* decoded) {
  const std::optional<JsonValue> value = ParseJson(json);
  if (!value || value->type != JsonValue::Type::kString) return false;
  *decoded = value->text;
  return true;
}

std::string Escape(std::string_view value) {
  std::string out;
  AppendJsonString(value, &out);
  return out;
}

std::string Decode(const std::string& json) {
  std::string decoded;
  EXPECT_TRUE(IsString(json, &decoded)) << json;
  return decoded;
}

TEST(ReportsJson, CheckerRejectsInvalidJson) {
  for (const char* bad : {"", "{", "{\"a\":}", "[1,]", "\"\x01\"", "\"\\x\"",
                          "01", "{\"a\" 1}", "\"\\ud800\"", "[1] 2", "tru"}) {
    EXPECT_FALSE(Valid(bad)) << bad;
  }
  EXPECT_TRUE(Valid(" {\"a\":[1,-2.5e3,true,null,\"x\"]} "));
}

TEST(ReportsJson, EscapesQuotesBackslashesAndControls) {
  testing::ExpectEach(Escape, {
                                  {"plain", "\"plain\""},
                                  {"a\"b\\c", "\"a\\\"b\\\\c\""},
                                  {"\n\r\t", "\"\\n\\r\\t\""},
                                  {std::string_view("\0\x01\x1f\x7f", 4),
                                   "\"\\u0000\\u0001\\u001f\\u007f\""},
                              });
}

TEST(ReportsJson, NonAsciiBecomesUnicodeEscapes) {
  testing::ExpectEach(
      Escape, {
                  {"\xc3\xa9", "\"\\u00e9\""},                 // é
                  {"\xe2\x82\xac", "\"\\u20ac\""},             // €
                  {"\xf0\x9f\x98\x80", "\"\\ud83d\\ude00\""},  // U+1F600
              });
  EXPECT_EQ(Decode(Escape("caf\xc3\xa9 \xf0\x9f\x98\x80")),
            "caf\xc3\xa9 \xf0\x9f\x98\x80");
}

TEST(ReportsJson, InvalidUtf8BecomesReplacementCharacters) {
  testing::ExpectEach(
      Escape, {
                  {"\xff", "\"\\ufffd\""},
                  {"a\x80z", "\"a\\ufffdz\""},
                  // Overlong '/', a UTF-16 surrogate, a value past U+10FFFF, a
                  // truncated sequence: each invalid byte is replaced, valid
                  // bytes after it survive.
                  {"\xc0\xaf", "\"\\ufffd\\ufffd\""},
                  {"\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\""},
                  {"\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\""},
                  {"\xe2\x82", "\"\\ufffd\\ufffd\""},
                  {"\xe2\x82x", "\"\\ufffd\\ufffdx\""},
              });
}

TEST(ReportsJson, ArbitraryBytesAlwaysGiveValidAsciiJson) {
  std::mt19937 random(12345);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(random() % 24, '\0');
    for (char& c : bytes) c = static_cast<char>(random() & 0xff);
    const std::string json = Escape(bytes);
    std::string decoded;
    ASSERT_TRUE(IsString(json, &decoded)) << json;
  }
  for (int byte = 0; byte < 256; ++byte) {
    const std::string one(1, static_cast<char>(byte));
    EXPECT_TRUE(Valid(Escape(one))) << byte;
  }
}

TEST(ReportsJson, DocumentHasContractKeysInOrder) {
  Diagnostic diagnostic = testing::MakeDiagnostic(
      Code::kSchemaOrphanedElements, Severity::kError, 674, 1,
      "schema[0].num_children", "2 elements \"left\" over");
  Diagnostic in_column = diagnostic;
  in_column.field = "schema[3].type";
  in_column.column = "order.`a.b`.price";
  const FileReport files[] = {
      {"a.parquet",
       testing::MakeReport(Format::kParquet, 1234, Verdict::kInvalid,
                           {diagnostic, in_column})}};
  const std::string json = RenderJson(files);
  EXPECT_EQ(json,
            "{\"tool\":\"colcheck\",\"version\":\"0.1.0\",\"files\":[{"
            "\"path\":\"a.parquet\",\"format\":\"parquet\",\"size\":1234,"
            "\"verdict\":\"invalid\",\"diagnostics\":[{"
            "\"code\":\"schema.orphaned-elements\",\"severity\":\"error\","
            "\"offset\":674,\"length\":1,\"field\":\"schema[0].num_children\","
            "\"message\":\"2 elements \\\"left\\\" over\",\"column\":\"\"},{"
            "\"code\":\"schema.orphaned-elements\",\"severity\":\"error\","
            "\"offset\":674,\"length\":1,\"field\":\"schema[3].type\","
            "\"message\":\"2 elements \\\"left\\\" over\","
            "\"column\":\"order.`a.b`.price\"}],\"complete\":true}]}\n");
  EXPECT_TRUE(Valid(json));
}

// A file read through a ByteSource says what was read, after "complete".
TEST(ReportsJson, FetchedFollowsCompleteForSourceReports) {
  FileReport file{"http://h/a.parquet",
                  testing::MakeReport(Format::kParquet, 100, Verdict::kValid)};
  file.report.fetched = Fetched{.bytes = 4096, .reads = 2};
  const FileReport files[] = {file};
  const std::string json = RenderJson(files);
  EXPECT_NE(json.find("\"complete\":true,\"fetched\":{\"bytes\":4096,"
                      "\"reads\":2}}]}"),
            std::string::npos)
      << json;
  EXPECT_TRUE(Valid(json));
}

TEST(ReportsJson, EmptyAndMultiFileDocumentsAreValid) {
  EXPECT_EQ(RenderJson({}),
            "{\"tool\":\"colcheck\",\"version\":\"0.1.0\",\"files\":[]}\n");

  FileReport hostile{std::string("\xff\n\"dir\"/x.parquet"), {}};
  hostile.report.verdict = Verdict::kEncrypted;
  Diagnostic diagnostic = testing::MakeDiagnostic(
      Code::kEncryptionEncryptedFooter, Severity::kInfo, 0, 0,
      std::string("\x00\x01", 2), "\xc3\x28 bad utf-8 \\ in message");
  diagnostic.column = "\x1b[31m\xff\"";
  hostile.report.diagnostics.push_back(diagnostic);
  const FileReport files[] = {hostile, FileReport{"ok.parquet", {}}};
  const std::string json = RenderJson(files);
  EXPECT_TRUE(Valid(json)) << json;
  EXPECT_NE(json.find("\"verdict\":\"encrypted\""), std::string::npos);
  EXPECT_NE(json.find("},{\"path\":\"ok.parquet\""), std::string::npos);
}

TEST(ReportsJson, StreamingWriterMatchesRenderJson) {
  const FileReport files[] = {FileReport{"a", {}}, FileReport{"b", {}}};
  std::ostringstream out;
  JsonReportWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  EXPECT_EQ(out.str(), RenderJson(files));
}

TEST(ReportsJson, JsonLinesObjectIsTheDocumentEntry) {
  FileReport file{"a\n.parquet", {}};
  file.report.size = 9;
  file.report.diagnostics.push_back(
      testing::MakeDiagnostic(Code::kSchemaOrphanedElements, Severity::kWarning,
                              0, 0, "schema[1]", ""));
  std::string line;
  AppendJsonFile(file.path, file.report, &line);
  EXPECT_TRUE(Valid(line)) << line;
  // One line: the newline of the path is escaped.
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const FileReport files[] = {file};
  const std::string document = RenderJson(files);
  const std::string head = R"({"tool":"colcheck","version":"0.1.0","files":[)";
  EXPECT_EQ(document, head + line + "]}\n");
}

TEST(ReportsJson, CodesDocumentListsEveryCode) {
  const std::string json = RenderCodesJson();
  EXPECT_TRUE(Valid(json));
  size_t codes = 0;
  for (size_t pos = 0;
       (pos = json.find("{\"code\":", pos)) != std::string::npos; ++pos) {
    ++codes;
  }
  EXPECT_EQ(codes, AllCodes().size());
}

}  // namespace
}  // namespace colcheck
