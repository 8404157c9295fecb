// Known writer bugs on whole Parquet files: each page-level entry of
// validator/data/known_writer_bugs.json on a minimal file whose created_by
// names an affected writer, and the same file from a fixed version; and
// the column conditions of the entries, on a footer model.

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "testing/metadata_builder.h"
#include "testing/page_file.h"
#include "testing/report_expect.h"

namespace colcheck {
namespace {

using testing::PageFile;
using testing::PageFileBuilder;
using testing::PageOptions;
using testing::PageSpans;
using testing::PlainInt32;

void ExpectKnownBug(const PageFile& f, Code code, ByteSpan span,
                    std::string_view id) {
  const Report r = ValidateBytes(f.span(), {});
  const Diagnostic* d = testing::OnlyDiagnostic(r, code);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->offset, span.offset);
  EXPECT_EQ(d->length, span.length);
  EXPECT_EQ(d->known_bug, id);
}

// A builder of a file of one column `c` that `created_by` wrote.
PageFileBuilder WrittenBy(std::string created_by, testing::ColumnOptions c) {
  PageFileBuilder b(c);
  b.set_created_by(std::move(created_by));
  return b;
}

// The header fields of a page of 3 values in `num_rows` rows.
PageOptions ThreeValues(int32_t num_rows) {
  PageOptions o;
  o.num_values = 3;
  o.num_rows = num_rows;
  return o;
}

// A V2 page of a repeated column whose num_rows is num_values, as Arrow
// C++ before 12.0.0 writes it: 3 values in 1 row.
PageFile RepeatedV2NumRowsIsNumValues(std::string created_by, PageSpans* page) {
  PageFileBuilder b =
      WrittenBy(std::move(created_by), {.repetition = parquet::kRepeated});
  *page = b.AddV2Page(ThreeValues(3), testing::RleRuns({{1, 0}, {2, 1}}, 1),
                      testing::RleRuns({{3, 1}}, 1), PlainInt32({1, 2, 3}));
  b.set_num_rows(1);
  return b.Finish();
}

TEST(KnownBugsParquetTest, ArrowV2NumRowsOfRepeatedColumns) {
  PageSpans p;
  ExpectKnownBug(
      RepeatedV2NumRowsIsNumValues("parquet-cpp-arrow version 10.0.1", &p),
      Code::kPageV2NumRows, p.num_rows.value, "arrow-cpp-v2-num-rows-gh-34086");
  ExpectKnownBug(
      RepeatedV2NumRowsIsNumValues("parquet-cpp-arrow version 12.0.0", &p),
      Code::kPageV2NumRows, p.num_rows.value, "");
}

TEST(KnownBugsParquetTest, FlatV2NumRowsIsNoArrowBug) {
  // Arrow's bug sets num_rows to num_values, which is right for a flat
  // column; a flat mismatch has another cause.
  PageFileBuilder b = WrittenBy("parquet-cpp-arrow version 10.0.1", {});
  const PageSpans p =
      b.AddV2Page(ThreeValues(2), {}, {}, PlainInt32({1, 2, 3}));
  b.set_num_rows(3);
  ExpectKnownBug(b.Finish(), Code::kPageV2NumRows, p.num_rows.value, "");
}

// A V2 page of an optional column whose num_nulls is 0 while its levels
// hold a null.
PageFile V2WithoutNumNulls(std::string created_by, PageSpans* page) {
  PageFileBuilder b =
      WrittenBy(std::move(created_by), {.repetition = parquet::kOptional});
  PageOptions o = ThreeValues(3);
  o.num_nulls = 0;
  *page = b.AddV2Page(o, {}, testing::RleRuns({{2, 1}, {1, 0}}, 1),
                      PlainInt32({1, 2}));
  return b.Finish();
}

TEST(KnownBugsParquetTest, ArrowV2NumNullsWithoutStatistics) {
  PageSpans p;
  ExpectKnownBug(V2WithoutNumNulls("parquet-cpp-arrow version 10.0.1", &p),
                 Code::kPageV2NumNulls, p.num_nulls.value,
                 "arrow-cpp-v2-num-nulls-gh-34326");
  ExpectKnownBug(V2WithoutNumNulls("parquet-cpp-arrow version 14.0.1", &p),
                 Code::kPageV2NumNulls, p.num_nulls.value, "");
}

// A dictionary chunk whose data_page_offset points at its dictionary page
// and which has no dictionary_page_offset, as parquet-mr before 1.12.0 writes.
PageFile DictionaryAtDataPageOffset(std::string created_by) {
  PageFileBuilder b = WrittenBy(
      std::move(created_by),
      {.encodings = {parquet::kPlain, parquet::kRle, parquet::kRleDictionary}});
  PageOptions dict;
  dict.type = parquet::kDictionaryPage;
  dict.num_values = 2;
  const PageSpans d = b.AddPage(dict, PlainInt32({7, 9}));
  PageOptions data;
  data.num_values = 3;
  data.encoding = parquet::kRleDictionary;
  testing::Bytes indices{std::byte{1}};
  testing::AppendRleRun(&indices, 3, 1, 1);
  b.AddPage(data, indices);
  return b.Finish({.data_page_offset = static_cast<int64_t>(d.header.offset),
                   .omit_dictionary_page_offset = true});
}

TEST(KnownBugsParquetTest, ParquetMrDictionaryAtDataPageOffset) {
  const PageFile old =
      DictionaryAtDataPageOffset("parquet-mr version 1.10.1 (build x)");
  ExpectKnownBug(old, Code::kPageDictionaryAtDataPageOffset,
                 old.data_page_offset.value,
                 "parquet-mr-dictionary-offset-parquet-1850");
  const PageFile fixed =
      DictionaryAtDataPageOffset("parquet-mr version 1.12.3 (build x)");
  ExpectKnownBug(fixed, Code::kPageDictionaryAtDataPageOffset,
                 fixed.data_page_offset.value, "");
}

// A model of four leaves, FLOAT, JSON (logical type), DECIMAL (converted
// type) and INT32, with one chunk each, that `created_by` wrote.
testing::MetadataBuilder FourColumns(std::string_view created_by) {
  testing::MetadataBuilder b;
  b.AddLeaf("f", parquet::kFloat);
  b.AddLeaf("j", parquet::kByteArray);
  b.AddLeaf("d", parquet::kFixedLenByteArray, 16);
  b.AddLeaf("i", parquet::kInt32);
  parquet::LogicalType json;
  json.id = parquet::kLogicalJson;
  b.leaf(1).logical_type = b.Field(json);
  b.leaf(2).converted_type = b.Field<int32_t>(parquet::kDecimal);
  b.AddRowGroup(10);
  b.Finish();
  b.md().created_by = b.Field(created_by);
  return b;
}

// stats.value-above-max on every chunk of FourColumns, then the bugs named.
std::vector<Diagnostic> AboveMaxEverywhere(testing::MetadataBuilder& b) {
  return b.Run(+[](const parquet::RuleContext& ctx) {
    for (size_t c = 0; c < 4; ++c) {
      ctx.sink.Report(Code::kStatsValueAboveMax, {100 + 10 * c, 4},
                      FieldPath("row_groups", 0, "columns", c,
                                "meta_data.statistics.max_value"),
                      "finding");
    }
    parquet::ExplainParquetBugs(ctx);
  });
}

// The known_bug of each of the four diagnostics, in column order.
std::vector<std::string_view> BugsOf(const std::vector<Diagnostic>& d) {
  std::vector<std::string_view> ids;
  for (const Diagnostic& x : d) ids.push_back(x.known_bug);
  return ids;
}

TEST(KnownBugConditionsTest, FloatAndDecimalColumnsOfPolars) {
  testing::MetadataBuilder b = FourColumns("Polars");
  EXPECT_THAT(BugsOf(AboveMaxEverywhere(b)),
              ::testing::ElementsAre("polars-nan-chunk-bounds-value-above-max",
                                     "",
                                     "polars-decimal-bounds-value-above-max",
                                     ""));
}

TEST(KnownBugConditionsTest, JsonAndFloatColumnsOfParquetjs) {
  testing::MetadataBuilder b = FourColumns("@dsnp/parquetjs");
  EXPECT_THAT(
      BugsOf(AboveMaxEverywhere(b)),
      ::testing::ElementsAre("parquetjs-nan-float-bounds-value-above-max",
                             "parquetjs-json-bounds-value-above-max", "", ""));
}

TEST(KnownBugConditionsTest, OtherWritersGetNone) {
  testing::MetadataBuilder b = FourColumns("parquet-cpp-arrow version 15.0.0");
  EXPECT_THAT(BugsOf(AboveMaxEverywhere(b)),
              ::testing::ElementsAre("", "", "", ""));
}

}  // namespace
}  // namespace colcheck
