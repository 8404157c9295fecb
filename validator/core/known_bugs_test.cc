// Tests for the writer parsers and the known writer bug table. The
// created_by strings are real ones from the real-world corpus
// (../shared/corpus-real-world/manifest.jsonl); only the strings are here.

#include "core/known_bugs.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck {
namespace {

struct CreatedByCase {
  std::string_view created_by;
  std::string_view application;
  int major, minor, patch;  // major -1: no version.
};

class CreatedByTest : public ::testing::TestWithParam<CreatedByCase> {};

TEST_P(CreatedByTest, Parses) {
  const CreatedByCase& c = GetParam();
  const CreatedBy parsed = ParseCreatedBy(c.created_by);
  EXPECT_EQ(parsed.application, c.application);
  EXPECT_EQ(parsed.version.major, c.major);
  if (c.major >= 0) {
    EXPECT_EQ(parsed.version.minor, c.minor);
    EXPECT_EQ(parsed.version.patch, c.patch);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, CreatedByTest,
    ::testing::Values(
        CreatedByCase{"parquet-mr version 1.8.1 (build "
                      "4aba4dae7bb0d4edbcf7923ae1339f28fd3f7fcf)",
                      "parquet-mr", 1, 8, 1},
        CreatedByCase{"parquet-mr version 1.5.1-SNAPSHOT", "parquet-mr", 1, 5,
                      1},
        CreatedByCase{"parquet-mr version 1.12.3-databricks-0002 (build "
                      "b3a1a7a1e2d9cb1a6e7a0e1a2f6f0c4e8b3a9d21)",
                      "parquet-mr", 1, 12, 3},
        CreatedByCase{"parquet-mr", "parquet-mr", -1, 0, 0},
        CreatedByCase{"parquet-cpp-arrow version 10.0.1", "parquet-cpp-arrow",
                      10, 0, 1},
        CreatedByCase{"parquet-cpp version 1.5.1-SNAPSHOT", "parquet-cpp", 1,
                      5, 1},
        CreatedByCase{"DuckDB version v1.2.1 (build 8e52ec4395)", "DuckDB", 1,
                      2, 1},
        CreatedByCase{"parquet-rs version 53.2.0", "parquet-rs", 53, 2, 0},
        CreatedByCase{"fastparquet-python version 2022.12.1.dev17 (build 0)",
                      "fastparquet-python", 2022, 12, 1},
        CreatedByCase{"github.com/parquet-go/parquet-go version 0.30.1(build )",
                      "github.com/parquet-go/parquet-go", 0, 30, 1},
        CreatedByCase{"impala version 2.2.0-cdh5.4.5 (build "
                      "c6a04ebd7b2c5a8f8d1e4b1e7b9c3c9b1b2a4f5e)",
                      "impala", 2, 2, 0},
        CreatedByCase{"cudf version 24.06.00", "cudf", 24, 6, 0},
        CreatedByCase{"parquet-go version latest", "parquet-go", -1, 0, 0},
        CreatedByCase{"Parquet.Net version LocalDev (build Local)",
                      "Parquet.Net", -1, 0, 0},
        CreatedByCase{"Polars", "Polars", -1, 0, 0},
        CreatedByCase{"hyparquet", "hyparquet", -1, 0, 0},
        CreatedByCase{"parquet.js", "parquet.js", -1, 0, 0},
        CreatedByCase{"@dsnp/parquetjs", "@dsnp/parquetjs", -1, 0, 0}));

TEST(WriterVersionTest, OrdersAndReadsUnknownAsZero) {
  EXPECT_TRUE(ParseVersion("1.6.11").Before(1, 6, 12));
  EXPECT_FALSE(ParseVersion("1.6.12").Before(1, 6, 12));
  EXPECT_TRUE(ParseVersion("1.9").Before(1, 10, 0));
  EXPECT_TRUE(ParseVersion("2.0.3").Before(10, 0, 0));
  EXPECT_FALSE(ParseVersion("latest").known());
  EXPECT_TRUE(ParseVersion("latest").Before(0, 0, 1));
}

TEST(KnownBugTableTest, IdsAreUniqueAndEntriesComplete) {
  std::set<std::string_view> ids;
  for (const KnownBug& bug : AllKnownBugs()) {
    EXPECT_TRUE(ids.insert(bug.id).second) << bug.id;
    EXPECT_FALSE(bug.description.empty()) << bug.id;
    EXPECT_FALSE(bug.affected.empty()) << bug.id;
    EXPECT_EQ(bug.upstream.empty(), bug.upstream_url.empty()) << bug.id;
  }
  EXPECT_GE(ids.size(), 10u);
}

// Each entry: a diagnostic it explains, a writer that matches and one that
// does not. The page entries are also tested on whole files
// (parquet/known_bugs_parquet_test.cc); these cover the table's matching.
struct EntryCase {
  std::string_view id;
  Code code;
  std::string_view field;
  WriterIdentity matching;
  WriterIdentity other;
};

WriterIdentity Parquet(std::string_view created_by) {
  WriterIdentity w;
  w.format = Format::kParquet;
  w.has_created_by = true;
  w.created_by = ParseCreatedBy(created_by);
  return w;
}

WriterIdentity Orc(int64_t writer, uint32_t writer_version,
                   std::string_view software = {}) {
  WriterIdentity w;
  w.format = Format::kOrc;
  w.orc_writer = writer;
  w.orc_writer_version = writer_version;
  w.has_software_version = !software.empty();
  w.software_version = ParseVersion(software);
  return w;
}

class KnownBugEntryTest : public ::testing::TestWithParam<EntryCase> {};

TEST_P(KnownBugEntryTest, NamesTheBugOnlyForAffectedWriters) {
  const EntryCase& c = GetParam();
  // The entry's own condition holds and no other does, so an earlier entry
  // for the same code and writer under another condition stays out.
  BugCondition own = BugCondition::kNone;
  for (const KnownBug& bug : AllKnownBugs()) {
    if (bug.id == c.id) own = bug.condition;
  }
  const auto holds = [own](BugCondition condition, const Diagnostic&) {
    return condition == own || condition == BugCondition::kNone;
  };
  for (const bool matching : {true, false}) {
    DiagnosticSink sink;
    sink.Report(c.code, {100, 4}, std::string(c.field), "finding");
    ExplainKnownBugs(matching ? c.matching : c.other, holds, sink);
    const std::vector<Diagnostic> d = sink.Take();
    ASSERT_EQ(d.size(), 1u);
    EXPECT_EQ(d[0].code, c.code);
    EXPECT_EQ(d[0].offset, 100u);
    EXPECT_EQ(d[0].length, 4u);
    EXPECT_EQ(d[0].known_bug, matching ? c.id : "") << c.id;
    // The message names the bug only when there is one.
    EXPECT_EQ(d[0].message != "finding", matching) << c.id;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Entries, KnownBugEntryTest,
    ::testing::Values(
        EntryCase{"parquet-mr-stats-parquet-251", Code::kStatsWriterBug,
                  "row_groups[0].columns[0].meta_data.statistics.max_value",
                  Parquet("parquet-mr version 1.6.0"),
                  Parquet("parquet-mr version 1.10.1 (build x)")},
        EntryCase{"parquet-mr-stats-parquet-686", Code::kStatsWriterBug,
                  "row_groups[0].columns[0].meta_data.statistics.min_value",
                  Parquet("parquet-mr version 1.8.1 (build x)"),
                  Parquet("parquet-mr version 1.10.0 (build x)")},
        EntryCase{"parquet-cpp-stats-parquet-686", Code::kStatsWriterBug,
                  "row_groups[0].columns[0].meta_data.statistics.min_value",
                  Parquet("parquet-cpp version 1.2.0"),
                  Parquet("parquet-cpp version 1.5.1-SNAPSHOT")},
        EntryCase{"arrow-cpp-v2-num-rows-gh-34086", Code::kPageV2NumRows,
                  "row_groups[0].columns[1].pages[0].header."
                  "data_page_header_v2.num_rows",
                  Parquet("parquet-cpp-arrow version 10.0.1"),
                  Parquet("parquet-cpp-arrow version 12.0.0")},
        EntryCase{"arrow-cpp-v2-num-nulls-gh-34326", Code::kPageV2NumNulls,
                  "row_groups[0].columns[1].pages[1].header."
                  "data_page_header_v2.num_nulls",
                  Parquet("parquet-cpp-arrow version 11.0.0"),
                  Parquet("parquet-cpp-arrow version 14.0.1")},
        EntryCase{"parquet-mr-dictionary-offset-parquet-1850",
                  Code::kPageDictionaryAtDataPageOffset,
                  "row_groups[0].columns[0].meta_data.data_page_offset",
                  Parquet("parquet-mr version 1.11.1-amzn-athena-1 (build x)"),
                  Parquet("parquet-mr version 1.12.0 (build x)")},
        EntryCase{"parquet-java-interval-as-unknown",
                  Code::kLogicalConvertedMismatch, "schema[1].converted_type",
                  Parquet("parquet-mr version 1.12.0 (build x)"),
                  Parquet("parquet-mr version 1.10.1 (build x)")},
        EntryCase{"arrow-rs-null-pages-repeated", Code::kPageIndexNullPages,
                  "row_groups[0].columns[37].column_index.null_pages[0]",
                  Parquet("parquet-rs version 59.3.0"),
                  Parquet("parquet-cpp-arrow version 21.0.0")},
        EntryCase{"duckdb-column-orders-missing",
                  Code::kMetadataColumnOrdersMissing, "column_orders",
                  Parquet("DuckDB version v1.4.4 (build 6ddac802ff)"),
                  Parquet("DuckDB version v1.5.1 (build 7dbb2e646f)")},
        EntryCase{"arrow-rs-column-orders-missing",
                  Code::kMetadataColumnOrdersMissing, "column_orders",
                  Parquet("parquet-rs version 32.0.0"),
                  Parquet("parquet-rs version 50.0.0")},
        EntryCase{"arrow-rs-null-page-bounds", Code::kPageIndexNullPageBounds,
                  "row_groups[0].columns[0].column_index.min_values[1]",
                  Parquet("parquet-rs version 32.0.0"),
                  Parquet("parquet-rs version 53.0.0")},
        EntryCase{"arrow-rs-list-item-name", Code::kListLegacy, "schema[2]",
                  Parquet("parquet-rs version 57.0.0"),
                  Parquet("parquet-cpp-arrow version 9.0.0")},
        EntryCase{"polars-dictionary-offset",
                  Code::kPageDictionaryAtDataPageOffset,
                  "row_groups[0].columns[0].meta_data.data_page_offset",
                  Parquet("Polars"), Parquet("Polars version 1.39.0")},
        EntryCase{"polars-nan-bounds", Code::kStatsNanBound,
                  "row_groups[0].columns[0].pages[0].header.data_page_header."
                  "statistics.max_value",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquet-mr-lz4-hadoop-framing", Code::kMetadataDeprecatedCodec,
                  "row_groups[0].columns[0].meta_data.codec",
                  Parquet("parquet-mr version 1.12.0 (build x)"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"arrow-cpp-variant-optional-fields",
                  Code::kVariantOptionalField, "schema[2].repetition_type",
                  Parquet("parquet-cpp-arrow version 21.0.0"),
                  Parquet("DuckDB version v1.4.0 (build b8a06e4a22)")},
        EntryCase{"polars-nested-null-counts-page-index",
                  Code::kPageIndexNullCounts,
                  "row_groups[0].columns[31].column_index.null_counts[0]",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-nested-null-counts-null-count-mismatch",
                  Code::kStatsNullCountMismatch,
                  "row_groups[0].columns[38].meta_data.statistics.null_count",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-multi-page-null-counts-page-index",
                  Code::kPageIndexNullCounts,
                  "row_groups[0].columns[3].column_index.null_counts[1]",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-multi-page-null-counts-null-count-mismatch",
                  Code::kStatsNullCountMismatch,
                  "row_groups[0].columns[3].meta_data.statistics.null_count",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-multi-page-null-counts-null-count-exceeds-values",
                  Code::kStatsNullCountExceedsValues,
                  "row_groups[0].columns[3].meta_data.statistics.null_count",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-nan-null-pages", Code::kPageIndexNullPages,
                  "row_groups[0].columns[11].column_index.null_pages[0]",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-nan-only-page-column-index",
                  Code::kPageIndexNanOnlyPage,
                  "row_groups[0].columns[11].column_index.min_values[0]",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-null-page-bounds", Code::kPageIndexNullPageBounds,
                  "row_groups[0].columns[1].column_index.min_values[0]",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-nan-chunk-bounds-value-above-max",
                  Code::kStatsValueAboveMax,
                  "row_groups[0].columns[12].meta_data.statistics.max_value",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-nan-chunk-bounds-value-below-min",
                  Code::kStatsValueBelowMin,
                  "row_groups[0].columns[12].meta_data.statistics.min_value",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-decimal-bounds-value-below-min",
                  Code::kStatsValueBelowMin,
                  "row_groups[0].columns[6].meta_data.statistics.min_value",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"polars-decimal-bounds-value-above-max",
                  Code::kStatsValueAboveMax,
                  "row_groups[4].columns[13].meta_data.statistics.max_value",
                  Parquet("Polars"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-v2-num-rows", Code::kPageV2NumRows,
                  "row_groups[0].columns[1].pages[0].header.data_page_header_"
                  "v2.num_rows",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-json-bounds-value-above-max",
                  Code::kStatsValueAboveMax,
                  "row_groups[0].columns[6].pages[0].header.data_page_header_"
                  "v2.statistics.max_value",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-json-bounds-value-below-min",
                  Code::kStatsValueBelowMin,
                  "row_groups[0].columns[6].meta_data.statistics.min_value",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-json-bounds-page-index", Code::kPageIndexBounds,
                  "row_groups[0].columns[6].column_index.min_values[0]",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-nan-bounds", Code::kStatsNanBound,
                  "row_groups[0].columns[3].meta_data.statistics.max_value",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-chunk-uncompressed-size",
                  Code::kPageChunkUncompressedSize,
                  "row_groups[0].columns[0].meta_data.total_uncompressed_size",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-column-orders-missing",
                  Code::kMetadataColumnOrdersMissing, "column_orders",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"duckdb-delta-int32-wide-deltas",
                  Code::kEncodingDeltaValueRange,
                  "row_groups[0].columns[1].pages[0].values",
                  Parquet("DuckDB version v1.5.6 (build 1234567890)"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"hyparquet-writer-empty-list-type",
                  Code::kThriftEmptyListHeader,
                  "row_groups", Parquet("hyparquet"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-first-row-index",
                  Code::kPageIndexFirstRowIndex,
                  "row_groups[0].columns[0].offset_index.page_locations[1]"
                  ".first_row_index",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-null-pages",
                  Code::kPageIndexNullPages,
                  "row_groups[0].columns[0].column_index.null_pages[1]",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-null-page-bounds",
                  Code::kPageIndexBounds,
                  "row_groups[0].columns[0].column_index.min_values[1]",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-nan-float-bounds-value-above-max",
                  Code::kStatsValueAboveMax,
                  "row_groups[1].columns[2].meta_data.statistics.max_value",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquetjs-nan-float-bounds-value-below-min",
                  Code::kStatsValueBelowMin,
                  "row_groups[1].columns[2].meta_data.statistics.min_value",
                  Parquet("@dsnp/parquetjs"),
                  Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquet-js-first-row-index", Code::kPageIndexFirstRowIndex,
                  "row_groups[0].columns[0].offset_index.page_locations[1]"
                  ".first_row_index",
                  Parquet("parquet.js"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquet-js-v2-num-rows", Code::kPageV2NumRows,
                  "row_groups[0].columns[7].pages[0].header.data_page_header_v2"
                  ".num_rows",
                  Parquet("parquet.js"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquet-js-chunk-uncompressed-size",
                  Code::kPageChunkUncompressedSize,
                  "row_groups[0].columns[0].meta_data.total_uncompressed_size",
                  Parquet("parquet.js"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"parquet-js-column-orders-missing",
                  Code::kMetadataColumnOrdersMissing,
                  "column_orders",
                  Parquet("parquet.js"), Parquet("parquet-rs version 57.0.0")},
        EntryCase{"orc-cpp-bloom-hash-orc-1024",
                  Code::kOrcBloomFalseNegativeKnownWriter,
                  "stripes[0].column[1]", Orc(1, 6, "1.6.11"),
                  Orc(1, 6, "1.7.1")},
        EntryCase{"orc-string-bloom-hive-12055",
                  Code::kOrcBloomFalseNegativeKnownWriter,
                  "stripes[0].column[1]", Orc(0, 2), Orc(0, 3)},
        EntryCase{"orc-stats-hive-8732", Code::kOrcStatsOldWriter,
                  "footer.statistics[1]", Orc(-1, 0), Orc(-1, 1)}));

TEST(KnownBugMatchTest, ConditionMustHold) {
  DiagnosticSink sink;
  sink.Report(Code::kPageV2NumRows, {10, 1},
              "row_groups[0].columns[0].pages[0].header.data_page_header_v2."
              "num_rows",
              "finding");
  ExplainKnownBugs(Parquet("parquet-cpp-arrow version 10.0.1"),
                   [](BugCondition c, const Diagnostic&) {
                     return c != BugCondition::kRepeatedColumn;
                   },
                   sink);
  EXPECT_EQ(sink.Take()[0].known_bug, "");
}

TEST(KnownBugMatchTest, FieldSuffixMustMatch) {
  DiagnosticSink sink;
  sink.Report(Code::kPageDictionaryAtDataPageOffset, {10, 1},
              "row_groups[0].columns[0].meta_data.dictionary_page_offset",
              "finding");
  ExplainKnownBugs(Parquet("parquet-mr version 1.8.1 (build x)"), nullptr,
                   sink);
  EXPECT_EQ(sink.Take()[0].known_bug, "");
}

TEST(KnownBugMatchTest, FormatMustMatch) {
  DiagnosticSink sink;
  sink.Report(Code::kOrcStatsOldWriter, {10, 1}, "footer.statistics[1]",
              "finding");
  WriterIdentity parquet = Parquet("parquet-mr");
  ExplainKnownBugs(parquet, nullptr, sink);
  EXPECT_EQ(sink.Take()[0].known_bug, "");
}

}  // namespace
}  // namespace colcheck
