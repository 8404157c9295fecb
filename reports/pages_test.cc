// pages: disagreements between a data page and its page index entry, and
// the JSON of a hand-built chunk.

#include "reports/pages.h"

#include <string>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::MakeChunk;
using testing::MakeRegion;
using testing::ParseJson;

Region DataPage(uint64_t offset, uint64_t length, int64_t values, int64_t nulls,
                int64_t first_row) {
  Region r = MakeRegion(RegionKind::kDataPage, offset, length,
                        "row_groups[0].columns[0].pages[1]", 0, 0);
  r.page.type = 0;
  r.page.ordinal = 1;
  r.page.num_values = values;
  r.page.num_nulls = nulls;
  r.page.first_row = first_row;
  return r;
}

PageIndexEntry Entry(int64_t offset, int64_t size, int64_t first_row,
                     int64_t nulls, int8_t null_page) {
  PageIndexEntry e;
  e.offset = offset;
  e.compressed_size = size;
  e.first_row_index = first_row;
  e.null_count = nulls;
  e.null_page = null_page;
  return e;
}

TEST(PagesTest, AgreementHasNoDisagreements) {
  EXPECT_TRUE(
      PageIndexDisagreements(DataPage(10, 90, 5, 1, 0), Entry(10, 90, 0, 1, 0))
          .empty());
  // What the walk does not know is not a disagreement.
  EXPECT_TRUE(PageIndexDisagreements(DataPage(10, 90, -1, -1, -1),
                                     Entry(10, 90, 7, 3, 1))
                  .empty());
}

TEST(PagesTest, EachFieldIsNamed) {
  using Fields = std::vector<std::string_view>;
  EXPECT_EQ(
      PageIndexDisagreements(DataPage(10, 90, 5, 1, 0), Entry(11, 90, 0, 1, 0)),
      Fields{"offset"});
  EXPECT_EQ(
      PageIndexDisagreements(DataPage(10, 90, 5, 1, 0), Entry(10, 80, 0, 1, 0)),
      Fields{"compressed_page_size"});
  EXPECT_EQ(
      PageIndexDisagreements(DataPage(10, 90, 5, 1, 4), Entry(10, 90, 5, 1, 0)),
      Fields{"first_row_index"});
  EXPECT_EQ(
      PageIndexDisagreements(DataPage(10, 90, 5, 1, 0), Entry(10, 90, 0, 2, 0)),
      Fields{"null_count"});
  EXPECT_EQ(
      PageIndexDisagreements(DataPage(10, 90, 5, 5, 0), Entry(10, 90, 0, 5, 0)),
      Fields{"null_pages"});
}

TEST(PagesTest, JsonPairsDataPagesWithEntries) {
  Inspection in;
  in.report.format = Format::kParquet;
  in.layout.file_size = 200;
  Region dictionary = MakeRegion(RegionKind::kDictionaryPage, 4, 6,
                                 "row_groups[0].columns[0].pages[0]", 0, 0);
  dictionary.page.type = 2;
  in.layout.regions = {MakeRegion(RegionKind::kMagic, 0, 4), dictionary,
                       DataPage(10, 90, 5, 1, 0)};
  ChunkExtent chunk = MakeChunk(0, 0, "a", 4, 96, 0);
  chunk.page_index.has_offset_index = true;
  chunk.page_index.has_column_index = true;
  chunk.page_index.boundary_order = 1;
  chunk.page_index.pages = {Entry(12, 90, 0, 1, 0)};
  chunk.page_index.column_index_pages = 1;
  chunk.page_index.offset_index_pages = 1;
  in.layout.chunks = {chunk};
  const auto doc = ParseJson(RenderPagesJson("a.parquet", in));
  ASSERT_TRUE(doc.has_value());
  const JsonValue& c = (*doc)["chunks"][0];
  EXPECT_TRUE(c["boundary_order"].IsString("ASCENDING"));
  EXPECT_EQ(c["data_pages"].Unsigned(), 1u);
  EXPECT_EQ(c["column_index_pages"].Unsigned(), 1u);
  EXPECT_EQ(c["offset_index_pages"].Unsigned(), 1u);
  EXPECT_EQ(c["pages"][0]["index"].type, JsonValue::Type::kNull);
  EXPECT_TRUE(c["pages"][0]["type"].IsString("DICTIONARY_PAGE"));
  EXPECT_EQ(c["pages"][1]["index"]["offset"].Unsigned(), 12u);
  EXPECT_TRUE(c["pages"][1]["disagreements"][0].IsString("offset"));
  const std::string text = RenderPagesText("a.parquet", in);
  EXPECT_NE(text.find("!! offset index: offset 12, the page is at 10"),
            std::string::npos);
}

}  // namespace
}  // namespace colcheck
