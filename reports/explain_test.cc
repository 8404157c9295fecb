#include "reports/explain.h"

#include <string>

#include "gtest/gtest.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

using testing::MakeRegion;

// A 100-byte file: magic, a chunk of two pages where a second chunk claims
// the second page too, a gap, and the tail.
Inspection TwoChunks() {
  Inspection in;
  in.report.format = Format::kParquet;
  in.report.verdict = Verdict::kInvalid;
  Layout& l = in.layout;
  l.file_size = 100;
  l.regions.push_back(MakeRegion(RegionKind::kMagic, 0, 4, "magic"));
  Region page = MakeRegion(RegionKind::kDataPage, 4, 30,
                           "row_groups[0].columns[0].pages[0]", 0, 0);
  page.page.type = 0;
  page.page.header_length = 10;
  page.page.compressed_size = 20;
  page.page.uncompressed_size = 25;
  page.page.encoding = 8;
  page.page.codec = 42;
  page.page.num_values = 7;
  page.page.num_nulls = 1;
  page.page.num_rows = 7;
  page.page.first_row = 0;
  page.page.ordinal = 0;
  l.regions.push_back(page);
  l.regions.push_back(MakeRegion(RegionKind::kChunkRest, 34, 20,
                                 "row_groups[0].columns[0]", 0, 0));
  l.regions.push_back(MakeRegion(RegionKind::kChunkRest, 40, 14,
                                 "row_groups[0].columns[1]\x1b[2J", 0, 1));
  l.regions.push_back(MakeRegion(RegionKind::kGap, 54, 20));
  l.regions.push_back(MakeRegion(RegionKind::kFooter, 74, 18, "footer"));
  l.regions.push_back(
      MakeRegion(RegionKind::kFooterLength, 92, 4, "footer_length"));
  l.regions.push_back(MakeRegion(RegionKind::kTailMagic, 96, 4, "tail_magic"));
  l.overlaps.push_back({2, 3, 40, 14});
  RowGroupExtent rg;
  rg.offset = 4;
  rg.length = 50;
  rg.num_rows = 7;
  l.row_groups.push_back(rg);
  l.chunks.push_back(testing::MakeChunk(0, 0, "a", 4, 50, 42));
  l.chunks.push_back(testing::MakeChunk(0, 1, "b", 40, 14, 1));
  FieldNode version;
  version.name = "version";
  version.id = 1;
  version.type = "i32";
  version.offset = 74;
  version.length = 2;
  version.value = "2";
  in.footer.push_back(version);
  return in;
}

TEST(ExplainTest, TextAccountsForEveryByte) {
  const std::string text = RenderExplainText("f.parquet", TwoChunks(), false);
  EXPECT_EQ(text.substr(0, text.find('\n')),
            "f.parquet: 100 bytes, parquet, invalid");
  EXPECT_NE(text.find("\n8 regions, 94 bytes in regions, 20 bytes in gaps, "
                      "14 bytes overlapping: accounts for 100 of 100 bytes\n"),
            std::string::npos)
      << text;
  EXPECT_EQ(text.find("footer fields"), std::string::npos);
}

TEST(ExplainTest, TextNestsPagesAndMarksGapsAndOverlaps) {
  const std::string text = RenderExplainText("f.parquet", TwoChunks(), true);
  EXPECT_NE(text.find("\n                         row group 0: 4+50, 7 rows\n"
                      "                           column 0 \"a\": 4+50, 42\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("data-page  row_groups[0].columns[0].pages[0]  header "
                      "10, body 20 (25 uncompressed), DATA_PAGE RLE_DICTIONARY 42, 7 values, "
                      "1 nulls, 7 rows, first row 0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("!! overlap with chunk-rest row_groups[0].columns[0] at "
                      "40+14\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  !! gap\n"), std::string::npos) << text;
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_NE(text.find("\\x1b[2J"), std::string::npos);
  EXPECT_NE(text.find("footer fields:\n  version (1, i32) 74+2 = 2\n"),
            std::string::npos)
      << text;
}

TEST(ExplainTest, JsonHasTheDocumentedShape) {
  const std::string json = RenderExplainJson("f.parquet", TwoChunks(), true);
  EXPECT_EQ(json.rfind("{\"tool\":\"colcheck\",\"version\":", 0), 0u);
  EXPECT_NE(json.find("\"file\":\"f.parquet\",\"format\":\"parquet\","
                      "\"size\":100,\"verdict\":\"invalid\",\"capped\":false,"
                      "\"regions\":[{\"kind\":\"magic\",\"offset\":0,"
                      "\"length\":4,\"field\":\"magic\",\"row_group\":null,"
                      "\"column\":null,\"page\":null}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"page\":{\"type\":\"DATA_PAGE\",\"header_length\":10,"
                      "\"compressed_size\":20,\"uncompressed_size\":25,"
                      "\"encoding\":\"RLE_DICTIONARY\",\"codec\":42,"
                      "\"num_values\":7,\"num_nulls\":1,\"num_rows\":7,"
                      "\"first_row\":0,\"ordinal\":0}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"overlaps\":[{\"first\":2,\"second\":3,\"offset\":40,"
                      "\"length\":14}]"),
            std::string::npos);
  EXPECT_NE(json.find("\"chunks\":[{\"row_group\":0,\"column\":0,\"path\":"
                      "\"a\",\"offset\":4,\"length\":50,\"codec\":42,"
                      "\"encrypted\":false},"),
            std::string::npos);
  EXPECT_NE(json.find("\"accounting\":{\"regions\":8,\"region_bytes\":94,"
                      "\"gap_bytes\":20,\"overlap_bytes\":14,"
                      "\"accounted\":100}"),
            std::string::npos);
  EXPECT_NE(json.find("\"footer\":[{\"name\":\"version\",\"id\":1,\"type\":"
                      "\"i32\",\"offset\":74,\"length\":2,\"depth\":0,"
                      "\"value\":\"2\",\"enum\":null,\"decoded\":null}]}\n"),
            std::string::npos)
      << json;
  EXPECT_EQ(RenderExplainJson("f", TwoChunks(), false).find("\"footer\":["),
            std::string::npos);
}

}  // namespace
}  // namespace colcheck
