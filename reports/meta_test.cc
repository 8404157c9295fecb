// meta and sizes on hand-built inspections: typed statistics, enum names,
// whole strings, hostile text on one line, and byte accounting by kind.

#include "reports/meta.h"

#include <string>

#include "gtest/gtest.h"
#include "reports/sizes.h"
#include "reports/testing/json_value.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::MakeChunk;
using testing::MakeRegion;
using testing::ParseJson;

// One row group of one DATE column whose statistics are typed, in a
// 100-byte file.
Inspection DateFile() {
  Inspection in;
  in.report.format = Format::kParquet;
  in.report.verdict = Verdict::kValid;
  in.version = 2;
  in.num_rows = 3;
  in.created_by = std::string(300, 'w') + "\nfake line";
  in.key_value_metadata.emplace_back("k", std::string(100, 'v'));
  SchemaField root;
  root.name = "schema";
  root.children = {1};
  SchemaField leaf;
  leaf.name = "d";
  leaf.path = "d";
  leaf.physical = 1;
  leaf.repetition = 1;
  leaf.column = 0;
  leaf.parent = 0;
  leaf.logical.name = "DATE";
  in.schema.ok = true;
  in.schema.fields = {root, leaf};
  in.schema.leaves = {1};
  ColumnSummary summary;
  summary.path = "d";
  summary.physical = 1;
  summary.compressed_size = 60;
  summary.uncompressed_size = 70;
  in.columns = {summary};
  Layout& l = in.layout;
  l.file_size = 100;
  l.regions = {MakeRegion(RegionKind::kMagic, 0, 4),
               MakeRegion(RegionKind::kDictionaryPage, 4, 20, "", 0, 0),
               MakeRegion(RegionKind::kDataPage, 24, 40, "", 0, 0),
               MakeRegion(RegionKind::kGap, 64, 6),
               MakeRegion(RegionKind::kFooter, 70, 22),
               MakeRegion(RegionKind::kFooterLength, 92, 4),
               MakeRegion(RegionKind::kTailMagic, 96, 4)};
  RowGroupExtent rg;
  rg.offset = 4;
  rg.length = 60;
  rg.num_rows = 3;
  l.row_groups = {rg};
  ChunkExtent chunk = MakeChunk(0, 0, "d", 4, 60, 6);
  chunk.physical = 1;
  chunk.encodings = {0, 8, 42};
  chunk.num_values = 3;
  ColumnStatistics& s = chunk.statistics;
  s.present = true;
  s.min.kind = ValueKind::kDate;
  s.min.integer = 19723;
  s.max.kind = ValueKind::kDate;
  s.max.integer = 19724;
  s.null_count = 0;
  s.offset = 75;
  s.length = 9;
  l.chunks = {chunk};
  return in;
}

TEST(MetaTest, JsonTypesStatisticsAndNamesEnums) {
  const auto doc = ParseJson(RenderMetaJson("a.parquet", DateFile()));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE((*doc)["format"].IsString("parquet"));
  EXPECT_TRUE(
      (*doc)["created_by"].IsString(std::string(300, 'w') + "\nfake line"));
  const JsonValue& chunk = (*doc)["row_groups"][0]["columns"][0];
  EXPECT_TRUE(chunk["codec"].IsString("ZSTD"));
  EXPECT_TRUE(chunk["physical"].IsString("INT32"));
  EXPECT_TRUE(chunk["encodings"][0].IsString("PLAIN"));
  EXPECT_TRUE(chunk["encodings"][1].IsString("RLE_DICTIONARY"));
  EXPECT_EQ(chunk["encodings"][2].text, "42");  // Not in the enum.
  EXPECT_TRUE(chunk["statistics"]["min"].IsString("2024-01-01"));
  EXPECT_TRUE(chunk["statistics"]["max"].IsString("2024-01-02"));
  EXPECT_EQ(chunk["statistics"]["offset"].Unsigned(), 75u);
  EXPECT_EQ(chunk["statistics"]["length"].Unsigned(), 9u);
  EXPECT_EQ(chunk["statistics"]["distinct_count"].type, JsonValue::Type::kNull);
  EXPECT_TRUE((*doc)["columns"][0]["annotation"].IsString("DATE"));
  EXPECT_EQ((*doc)["key_value_metadata"][0]["value"].text,
            std::string(100, 'v'));
}

TEST(MetaTest, TextKeepsWholeStringsOnOneLine) {
  const std::string text = RenderMetaText("a.parquet", DateFile());
  EXPECT_NE(
      text.find("created by: " + std::string(300, 'w') + "\\x0afake line\n"),
      std::string::npos);
  EXPECT_NE(text.find("  k = " + std::string(100, 'v') + "\n"),
            std::string::npos);
  EXPECT_NE(text.find("ZSTD, PLAIN RLE_DICTIONARY 42"), std::string::npos);
  EXPECT_NE(text.find("min 2024-01-01, max 2024-01-02, nulls 0"),
            std::string::npos);
  EXPECT_EQ(text.find("\nfake line"), std::string::npos);
}

TEST(SizesTest, KindsAndColumnsSumTheRegions) {
  const Inspection in = DateFile();
  const FileSizes sizes = ComputeSizes(in);
  EXPECT_EQ(sizes.file_size, 100u);
  EXPECT_EQ(sizes.kinds[static_cast<size_t>(SizeKind::kData)], 40u);
  EXPECT_EQ(sizes.kinds[static_cast<size_t>(SizeKind::kDictionaries)], 20u);
  EXPECT_EQ(sizes.kinds[static_cast<size_t>(SizeKind::kGaps)], 6u);
  EXPECT_EQ(sizes.kinds[static_cast<size_t>(SizeKind::kMetadata)], 34u);
  ASSERT_EQ(sizes.columns.size(), 1u);
  EXPECT_EQ(sizes.columns[0].total(), 60u);
  EXPECT_EQ(sizes.columns[0].compressed, 60);
  EXPECT_EQ(sizes.columns[0].uncompressed, 70);
  const auto doc = ParseJson(RenderSizesJson("a.parquet", in));
  ASSERT_TRUE(doc.has_value());
  EXPECT_EQ((*doc)["file_size"].Unsigned(), 100u);
  EXPECT_TRUE((*doc)["kinds"][1]["kind"].IsString("dictionaries"));
  EXPECT_EQ((*doc)["kinds"][1]["bytes"].Unsigned(), 20u);
  EXPECT_EQ((*doc)["columns"][0]["bytes"].Unsigned(), 60u);
  EXPECT_EQ((*doc)["columns"][0]["dictionaries"].Unsigned(), 20u);
}

TEST(SizesTest, OrcStreamsByKind) {
  Inspection in;
  in.report.format = Format::kOrc;
  in.schema.kind = SchemaKind::kOrcTypes;
  in.schema.orc_types.resize(2);
  in.schema.orc_types[1].path = "s";
  in.orc.compression = 0;
  in.layout.file_size = 50;
  Region dictionary = MakeRegion(RegionKind::kOrcDataStream, 3, 10, "", 0, 1);
  dictionary.stream.kind = 3;
  Region bloom = MakeRegion(RegionKind::kOrcIndexStream, 13, 7, "", 0, 1);
  bloom.stream.kind = 8;
  Region row_index = MakeRegion(RegionKind::kOrcIndexStream, 20, 5, "", 0, 1);
  row_index.stream.kind = 6;
  in.layout.regions = {MakeRegion(RegionKind::kOrcMagic, 0, 3), dictionary,
                       bloom, row_index,
                       MakeRegion(RegionKind::kOrcFooter, 25, 25)};
  const FileSizes sizes = ComputeSizes(in);
  ASSERT_EQ(sizes.columns.size(), 2u);
  const ColumnSizes& s = sizes.columns[1];
  EXPECT_EQ(s.bytes[static_cast<size_t>(SizeKind::kDictionaries)], 10u);
  EXPECT_EQ(s.bytes[static_cast<size_t>(SizeKind::kBloomFilters)], 7u);
  EXPECT_EQ(s.bytes[static_cast<size_t>(SizeKind::kIndexes)], 5u);
  EXPECT_EQ(s.compressed, 22);
  EXPECT_EQ(s.uncompressed, 22);  // No compression.
  EXPECT_EQ(sizes.kinds[static_cast<size_t>(SizeKind::kMetadata)], 28u);
}

}  // namespace
}  // namespace colcheck
