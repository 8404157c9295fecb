// The bloom renderer on hand-built probes: a line per row group (entry)
// and value, filters absent or unreadable, ORC stripes and entries, hostile
// text on one line, and the JSON document's shape.

#include "reports/bloom.h"

#include <string>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::ParseJson;

BloomProbeResult Present(int32_t row_group, std::vector<uint8_t> answers) {
  BloomProbeResult r;
  r.row_group = row_group;
  r.state = BloomFilterState::kPresent;
  r.offset = 100 + 50 * row_group;
  r.length = 47;
  r.may_contain = std::move(answers);
  return r;
}

BloomProbe ParquetProbe() {
  BloomProbe p;
  p.column = 6;
  p.column_path = "g.str";
  p.column_type = "BYTE_ARRAY STRING";
  p.values = {"alpha", "nope"};
  p.results.push_back(Present(0, {1, 0}));
  BloomProbeResult none;
  none.row_group = 1;
  p.results.push_back(none);
  BloomProbeResult bad;
  bad.row_group = 2;
  bad.state = BloomFilterState::kUnreadable;
  bad.reason = "numBytes 33 is not a positive number of 32-byte blocks";
  bad.offset = 300;
  bad.length = 5;
  p.results.push_back(bad);
  p.results.push_back(Present(3, {1, 1}));
  return p;
}

BloomProbe OrcProbe() {
  BloomProbe p;
  p.containers = Containers::kStripes;
  p.column = 2;
  p.column_path = "word";
  p.column_type = "STRING";
  p.values = {"x"};
  for (int64_t e = 0; e < 2; ++e) {
    BloomProbeResult r;
    r.stripe = 0;
    r.entry = e;
    r.state = BloomFilterState::kPresent;
    r.offset = 10;
    r.length = 40;
    r.may_contain = {static_cast<uint8_t>(e)};
    p.results.push_back(r);
  }
  BloomProbeResult none;
  none.stripe = 1;
  p.results.push_back(none);
  return p;
}

TEST(BloomTextTest, ParquetRowGroups) {
  EXPECT_EQ(RenderBloomText(ParquetProbe()),
            "column 6 g.str (BYTE_ARRAY STRING): 4 row groups, 2 values\n"
            "row group 0: 'alpha' may contain\n"
            "row group 0: 'nope' definitely not\n"
            "row group 1: no bloom filter\n"
            "row group 2: unreadable bloom filter (numBytes 33 is not a "
            "positive number of 32-byte blocks)\n"
            "row group 3: 'alpha' may contain\n"
            "row group 3: 'nope' may contain\n"
            "'alpha': 2 may contain, 0 definitely not, 2 without a usable "
            "filter\n"
            "'nope': 1 may contain, 1 definitely not, 2 without a usable "
            "filter\n");
}

TEST(BloomTextTest, OrcStripesAndEntries) {
  BloomProbe p = OrcProbe();
  p.original_kind = true;
  EXPECT_EQ(RenderBloomText(p),
            "column 2 word (STRING): 2 stripes, 1 value\n"
            "note: the original BLOOM_FILTER kind (no BLOOM_FILTER_UTF8), "
            "which the C++ reader ignores\n"
            "stripe 0, row group 0: 'x' definitely not\n"
            "stripe 0, row group 1: 'x' may contain\n"
            "stripe 1: no bloom filter\n"
            "'x': 1 may contain, 1 definitely not, 1 without a usable "
            "filter\n");
}

TEST(BloomTextTest, HostileTextStaysOnOneLine) {
  BloomProbe p = ParquetProbe();
  p.column_path = "a\nb";
  p.values = {"x\ny", "\x01"};
  p.results[2].reason = "bad\r\nreason";
  const std::string text = RenderBloomText(p);
  EXPECT_NE(text.find("column 6 a\\x0ab "), std::string::npos) << text;
  EXPECT_NE(text.find("row group 0: 'x\\x0ay' may contain\n"),
            std::string::npos);
  EXPECT_NE(text.find("row group 0: '\\x01' definitely not\n"),
            std::string::npos);
  EXPECT_NE(text.find("(bad\\x0d\\x0areason)\n"), std::string::npos);
  size_t lines = 0;
  for (const char c : text) lines += c == '\n';
  EXPECT_EQ(lines, 9u);
}

TEST(BloomJsonTest, ParquetDocument) {
  Report report;
  report.format = Format::kParquet;
  const std::string json = RenderBloomJson("a.parquet", report, ParquetProbe());
  ASSERT_EQ(json.back(), '\n');
  const std::optional<JsonValue> doc = ParseJson(json);
  ASSERT_TRUE(doc.has_value()) << json;
  const JsonValue& d = *doc;
  EXPECT_TRUE(d["tool"].IsString("colcheck"));
  EXPECT_TRUE(d["path"].IsString("a.parquet"));
  EXPECT_TRUE(d["format"].IsString("parquet"));
  EXPECT_TRUE(d["verdict"].IsString("valid"));
  EXPECT_EQ(d["column"].Unsigned(), 6u);
  EXPECT_TRUE(d["column_path"].IsString("g.str"));
  EXPECT_TRUE(d["type"].IsString("BYTE_ARRAY STRING"));
  ASSERT_EQ(d["values"].items.size(), 2u);
  EXPECT_TRUE(d["values"][1].IsString("nope"));
  const JsonValue& results = d["results"];
  ASSERT_EQ(results.items.size(), 4u);
  const JsonValue& first = results[0];
  ASSERT_EQ(first.members.size(), 6u);
  EXPECT_EQ(first.members[0].name, "row_group");
  EXPECT_EQ(first["row_group"].Unsigned(), 0u);
  EXPECT_EQ(first.Find("stripe"), nullptr);
  EXPECT_TRUE(first["filter"].boolean);
  EXPECT_EQ(first["unreadable"].type, JsonValue::Type::kNull);
  EXPECT_EQ(first["offset"].Unsigned(), 100u);
  EXPECT_EQ(first["length"].Unsigned(), 47u);
  ASSERT_EQ(first["answers"].items.size(), 2u);
  EXPECT_TRUE(first["answers"][0]["value"].IsString("alpha"));
  EXPECT_TRUE(first["answers"][0]["may_contain"].boolean);
  EXPECT_EQ(first["answers"][1]["may_contain"].type, JsonValue::Type::kBool);
  EXPECT_FALSE(first["answers"][1]["may_contain"].boolean);
  const JsonValue& none = results[1];
  EXPECT_FALSE(none["filter"].boolean);
  EXPECT_EQ(none["offset"].type, JsonValue::Type::kNull);
  EXPECT_TRUE(none["answers"].items.empty());
  EXPECT_EQ(none["answers"].type, JsonValue::Type::kArray);
  const JsonValue& bad = results[2];
  EXPECT_FALSE(bad["filter"].boolean);
  EXPECT_TRUE(bad["unreadable"].IsString(
      "numBytes 33 is not a positive number of 32-byte blocks"));
  EXPECT_EQ(bad["offset"].Unsigned(), 300u);
  EXPECT_FALSE(d["original_kind"].boolean);
  EXPECT_FALSE(d["capped"].boolean);
}

TEST(BloomJsonTest, OrcEntries) {
  Report report;
  report.format = Format::kOrc;
  const std::optional<JsonValue> doc =
      ParseJson(RenderBloomJson("a.orc", report, OrcProbe()));
  ASSERT_TRUE(doc.has_value());
  const JsonValue& results = (*doc)["results"];
  ASSERT_EQ(results.items.size(), 3u);
  EXPECT_EQ(results[0].members[0].name, "stripe");
  EXPECT_EQ(results[0].members[1].name, "entry");
  EXPECT_EQ(results[0].Find("row_group"), nullptr);
  EXPECT_EQ(results[1]["entry"].Unsigned(), 1u);
  EXPECT_TRUE(results[1]["answers"][0]["may_contain"].boolean);
  EXPECT_EQ(results[2]["stripe"].Unsigned(), 1u);
  EXPECT_EQ(results[2]["entry"].type, JsonValue::Type::kNull);
  EXPECT_FALSE(results[2]["filter"].boolean);
}

}  // namespace
}  // namespace colcheck
