#include "reports/sarif.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"
#include "reports/testing/report_builders.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

using Json = testing::JsonValue;

using testing::MakeDiagnostic;

Json ParseOrDie(const std::string& text) {
  std::optional<Json> json = testing::ParseJson(text);
  EXPECT_TRUE(json.has_value()) << text;
  return json.value_or(Json{});
}

std::vector<std::string> Keys(const Json& object) {
  std::vector<std::string> keys;
  for (const testing::JsonMember& member : object.members) {
    keys.push_back(member.name);
  }
  return keys;
}

// Two files: one invalid with three diagnostics, one valid with none.
std::vector<FileReport> SampleFiles() {
  return {
      {"dir/a.parquet",
       testing::MakeReport(
           Format::kParquet, 700, Verdict::kInvalid,
           {MakeDiagnostic(Code::kFileFooterLengthOutOfBounds, Severity::kError,
                           20, 4, "footer_length",
                           "footer length is out of bounds"),
            MakeDiagnostic(Code::kThriftVarintNonCanonical, Severity::kInfo,
                           100, 0),
            MakeDiagnostic(Code::kSchemaOrphanedElements, Severity::kError, 674,
                           1, "schema[0].num_children", "")})},
      {"b.parquet",
       testing::MakeReport(Format::kParquet, 321, Verdict::kValid)},
  };
}

TEST(ReportsSarif, EmptyLogHasRunToolRulesAndInvocation) {
  const Json log = ParseOrDie(RenderSarif({}));
  EXPECT_EQ(Keys(log),
            (std::vector<std::string>{"$schema", "version", "runs"}));
  EXPECT_TRUE(log["version"].IsString("2.1.0"));
  EXPECT_EQ(log["$schema"].type, Json::Type::kString);
  ASSERT_EQ(log["runs"].items.size(), 1u);
  const Json& run = log["runs"][0];
  // Results precede artifacts, or the writer could not stream them.
  EXPECT_EQ(Keys(run), (std::vector<std::string>{"tool", "results", "artifacts",
                                                 "invocations"}));
  EXPECT_EQ(run["results"].type, Json::Type::kArray);
  EXPECT_TRUE(run["results"].items.empty());
  EXPECT_TRUE(run["artifacts"].items.empty());
  ASSERT_EQ(run["invocations"].items.size(), 1u);
  EXPECT_EQ(run["invocations"][0]["executionSuccessful"].type,
            Json::Type::kBool);
  EXPECT_TRUE(run["invocations"][0]["executionSuccessful"].boolean);
  const Json& driver = run["tool"]["driver"];
  EXPECT_TRUE(driver["name"].IsString("colcheck"));
  EXPECT_TRUE(driver["version"].IsString(kVersion));
  EXPECT_EQ(driver["rules"].items.size(), AllCodes().size());
}

TEST(ReportsSarif, OneRulePerCodeInRegistryOrder) {
  const Json log = ParseOrDie(RenderSarif({}));
  const Json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  ASSERT_EQ(rules.items.size(), AllCodes().size());
  for (size_t i = 0; i < AllCodes().size(); ++i) {
    const CodeInfo& info = AllCodes()[i];
    const Json& rule = rules[i];
    SCOPED_TRACE(std::string(info.name));
    EXPECT_TRUE(rule["id"].IsString(info.name));
    EXPECT_EQ(rule["name"].type, Json::Type::kString);
    EXPECT_TRUE(rule["shortDescription"]["text"].IsString(info.summary));
    EXPECT_EQ(rule["fullDescription"]["text"].type, Json::Type::kString);
    EXPECT_NE(rule["help"]["text"].text.find(info.spec), std::string::npos);
    EXPECT_TRUE(rule["properties"]["spec"].IsString(info.spec));
    ASSERT_EQ(rule["properties"]["tags"].items.size(), 1u);
    EXPECT_TRUE(rule["properties"]["tags"][0].IsString(
        info.name.substr(0, info.name.find('.'))));
    const std::string_view expected_level =
        info.severity == Severity::kError     ? "error"
        : info.severity == Severity::kWarning ? "warning"
                                              : "note";
    EXPECT_TRUE(rule["defaultConfiguration"]["level"].IsString(expected_level));
  }
}

TEST(ReportsSarif, RuleNameIsPascalCaseOfTheCode) {
  const Json log = ParseOrDie(RenderSarif({}));
  const Json& rules = log["runs"][0]["tool"]["driver"]["rules"];
  const size_t index = static_cast<size_t>(
      &Info(Code::kSchemaOrphanedElements) - AllCodes().data());
  EXPECT_TRUE(rules[index]["name"].IsString("SchemaOrphanedElements"));
}

TEST(ReportsSarif, ResultsPointAtRulesArtifactsAndByteRegions) {
  const std::vector<FileReport> files = SampleFiles();
  const Json log = ParseOrDie(RenderSarif(files));
  const Json& run = log["runs"][0];
  const Json& rules = run["tool"]["driver"]["rules"];
  const Json& results = run["results"];
  ASSERT_EQ(results.items.size(), 3u);
  for (size_t i = 0; i < 3; ++i) {
    const Diagnostic& diagnostic = files[0].report.diagnostics[i];
    const Json& result = results[i];
    SCOPED_TRACE(i);
    EXPECT_TRUE(result["ruleId"].IsString(Info(diagnostic.code).name));
    const std::optional<uint64_t> rule_index = result["ruleIndex"].Unsigned();
    ASSERT_TRUE(rule_index.has_value());
    EXPECT_TRUE(rules[*rule_index]["id"].IsString(Info(diagnostic.code).name));
    const Json& location = result["locations"][0]["physicalLocation"];
    EXPECT_TRUE(location["artifactLocation"]["uri"].IsString("dir/a.parquet"));
    EXPECT_EQ(location["artifactLocation"]["index"].Unsigned(), 0u);
    EXPECT_EQ(location["region"]["byteOffset"].Unsigned(), diagnostic.offset);
    EXPECT_EQ(location["region"]["byteLength"].Unsigned(), diagnostic.length);
    EXPECT_EQ(result["message"]["text"].type, Json::Type::kString);
    EXPECT_FALSE(result["message"]["text"].text.empty());
  }
  // The level is the diagnostic's own: the registry says warning here.
  EXPECT_TRUE(results[0]["level"].IsString("error"));
  EXPECT_TRUE(results[1]["level"].IsString("note"));
  EXPECT_TRUE(results[0]["properties"]["field"].IsString("footer_length"));
  EXPECT_EQ(results[1].Find("properties"), nullptr);
}

TEST(ReportsSarif, ColumnIsALogicalLocation) {
  FileReport file;
  file.path = "a.parquet";
  Diagnostic named = MakeDiagnostic(Code::kMetadataInvalidCodec,
                                    Severity::kError, 90, 1,
                                    "row_groups[0].columns[3].meta_data.codec");
  named.column = "order.items.\xe2\x82\xac";
  file.report.diagnostics = {
      named, MakeDiagnostic(Code::kFileTooSmall, Severity::kError, 0, 3)};
  const Json log = ParseOrDie(RenderSarif({&file, 1}));
  const Json& results = log["runs"][0]["results"];
  const Json& location = results[0]["locations"][0];
  EXPECT_EQ(Keys(location),
            (std::vector<std::string>{"physicalLocation", "logicalLocations"}));
  ASSERT_EQ(location["logicalLocations"].items.size(), 1u);
  EXPECT_EQ(Keys(location["logicalLocations"][0]),
            std::vector<std::string>{"fullyQualifiedName"});
  EXPECT_TRUE(location["logicalLocations"][0]["fullyQualifiedName"].IsString(
      "order.items.\xe2\x82\xac"));
  EXPECT_EQ(results[1]["locations"][0].Find("logicalLocations"), nullptr);
}

TEST(ReportsSarif, ArtifactsCarryLengthAndVerdictInAddFileOrder) {
  const Json log = ParseOrDie(RenderSarif(SampleFiles()));
  const Json& artifacts = log["runs"][0]["artifacts"];
  ASSERT_EQ(artifacts.items.size(), 2u);
  EXPECT_TRUE(artifacts[0]["location"]["uri"].IsString("dir/a.parquet"));
  EXPECT_EQ(artifacts[0]["length"].Unsigned(), 700u);
  EXPECT_TRUE(artifacts[0]["properties"]["verdict"].IsString("invalid"));
  EXPECT_TRUE(artifacts[1]["location"]["uri"].IsString("b.parquet"));
  EXPECT_EQ(artifacts[1]["length"].Unsigned(), 321u);
  EXPECT_TRUE(artifacts[1]["properties"]["verdict"].IsString("valid"));
}

TEST(ReportsSarif, SamePathTwiceSharesOneArtifact) {
  std::vector<FileReport> files = SampleFiles();
  files.push_back(files[0]);
  const Json log = ParseOrDie(RenderSarif(files));
  const Json& run = log["runs"][0];
  EXPECT_EQ(run["artifacts"].items.size(), 2u);
  ASSERT_EQ(run["results"].items.size(), 6u);
  EXPECT_EQ(run["results"][5]["locations"][0]["physicalLocation"]
               ["artifactLocation"]["index"]
                   .Unsigned(),
            0u);
}

TEST(ReportsSarif, ResultsAreWrittenBeforeFinish) {
  std::ostringstream out;
  SarifWriter writer(&out);
  const std::vector<FileReport> files = SampleFiles();
  writer.AddFile(files[0].path, files[0].report);
  const std::string streamed = out.str();
  EXPECT_NE(streamed.find("\"byteOffset\":674"), std::string::npos);
  EXPECT_EQ(streamed.find("\"artifacts\""), std::string::npos);
  writer.AddFile(files[1].path, files[1].report);
  writer.Finish();
  EXPECT_EQ(out.str(), RenderSarif(files));
  EXPECT_EQ(out.str().back(), '\n');
}

TEST(ReportsSarif, OutputIsAsciiAndTextRoundTrips) {
  FileReport file;
  file.path = "caf\xc3\xa9 \xff.parquet";
  file.report.verdict = Verdict::kInvalid;
  file.report.diagnostics.push_back(
      MakeDiagnostic(Code::kFileTooSmall, Severity::kError, 0, 3,
                     "f\xe2\x82\xac", "\"quoted\"\n\xf0\x9f\x98\x80"));
  const std::string text = RenderSarif({&file, 1});
  for (const char c : text) {
    ASSERT_LT(static_cast<unsigned char>(c), 0x80);
  }
  const Json log = ParseOrDie(text);
  const Json& result = log["runs"][0]["results"][0];
  EXPECT_TRUE(
      result["message"]["text"].IsString("\"quoted\"\n\xf0\x9f\x98\x80"));
  EXPECT_TRUE(result["properties"]["field"].IsString("f\xe2\x82\xac"));
  EXPECT_TRUE(
      result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
          .IsString("caf%C3%A9%20%FF.parquet"));
}

TEST(ReportsSarif, HugeSpansStayIntegers) {
  FileReport file;
  file.path = "a.parquet";
  file.report.diagnostics.push_back(MakeDiagnostic(
      Code::kFileTooSmall, Severity::kError, UINT64_MAX, UINT64_MAX));
  const Json log = ParseOrDie(RenderSarif({&file, 1}));
  const Json& region = log["runs"][0]["results"][0]["locations"][0]
                          ["physicalLocation"]["region"];
  EXPECT_EQ(region["byteOffset"].Unsigned(), UINT64_MAX);
  EXPECT_EQ(region["byteLength"].Unsigned(), UINT64_MAX);
}

TEST(ReportsSarifUri, RelativePathsStayRelative) {
  testing::ExpectEach(
      ArtifactUri,
      {
          {"a.parquet", "a.parquet"},
          {"dir/sub/a_b-c~d.parquet", "dir/sub/a_b-c~d.parquet"},
          {"./x+y=z,(1)@!$&'*;.parquet", "./x+y=z,(1)@!$&'*;.parquet"},
      });
}

TEST(ReportsSarifUri, ReservedAndUnsafeBytesArePercentEncoded) {
  testing::ExpectEach(
      ArtifactUri,
      {
          {"my file.parquet", "my%20file.parquet"},
          {"100%.parquet", "100%25.parquet"},
          {"a#b?c", "a%23b%3Fc"},
          // A colon in the first segment would read as a scheme.
          {"c:x.parquet", "c%3Ax.parquet"},
          {"a\\b\"<>[]{}|^`", "a%5Cb%22%3C%3E%5B%5D%7B%7D%7C%5E%60"},
          {std::string_view("\x01\x1f\x7f\n\0", 5), "%01%1F%7F%0A%00"},
      });
}

TEST(ReportsSarifUri, NonAsciiAndInvalidUtf8AreEncodedBytewise) {
  testing::ExpectEach(ArtifactUri, {
                                       {"\xc3\xa9t\xc3\xa9", "%C3%A9t%C3%A9"},
                                       {"\xff\xfe", "%FF%FE"},
                                   });
}

TEST(ReportsSarifUri, AbsolutePathsBecomeFileUris) {
  testing::ExpectEach(ArtifactUri,
                      {
                          {"/data/a b.parquet", "file:///data/a%20b.parquet"},
                          // Not "//net/x", which a reader would take for a
                          // host.
                          {"//net/x", "file:////net/x"},
                      });
}

}  // namespace
}  // namespace colcheck
