// Known writer bugs on whole Parquet files: each page-level entry of
// validator/data/known_writer_bugs.json on a minimal file whose created_by
// names an affected writer, and the same file from a fixed version.

#include <gtest/gtest.h>

#include <string>

#include "colcheck/colcheck.h"
#include "testing/page_file.h"

namespace colcheck {
namespace {

using testing::Bytes;
using testing::Concat;
using testing::PageFile;
using testing::PageFileBuilder;
using testing::PageOptions;
using testing::PageSpans;
using testing::PlainInt32;
using testing::RleRuns;

constexpr int32_t kDictionaryPage = 2;
constexpr int32_t kDataPageV2 = 3;
constexpr int32_t kRleDictionary = 8;
constexpr int32_t kOptional = 1;
constexpr int32_t kRepeated = 2;

// The one diagnostic with `code`; fails when there is none or several.
const Diagnostic* Only(const Report& r, Code code) {
  const Diagnostic* found = nullptr;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code != code) continue;
    EXPECT_EQ(found, nullptr) << "more than one " << Info(code).name;
    found = &d;
  }
  EXPECT_NE(found, nullptr) << "no " << Info(code).name;
  return found;
}

void ExpectKnownBug(const PageFile& f, Code code, ByteSpan span,
                    std::string_view id) {
  const Report r = ValidateBytes(f.span(), {});
  const Diagnostic* d = Only(r, code);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->offset, span.offset);
  EXPECT_EQ(d->length, span.length);
  EXPECT_EQ(d->known_bug, id);
}

// A V2 page of a repeated column whose num_rows is num_values, as Arrow
// C++ before 12.0.0 writes it: 3 values in 1 row.
PageFile RepeatedV2NumRowsIsNumValues(std::string created_by,
                                      int32_t repetition, PageSpans* page) {
  testing::ColumnOptions c;
  c.repetition = repetition;
  PageFileBuilder b(c);
  b.set_created_by(std::move(created_by));
  PageOptions o;
  o.type = kDataPageV2;
  o.num_values = 3;
  o.num_rows = 3;
  const Bytes rep = repetition == kRepeated ? RleRuns({{1, 0}, {2, 1}}, 1)
                                            : Bytes{};
  const Bytes def = RleRuns({{3, 1}}, 1);
  o.repetition_levels_byte_length = static_cast<int32_t>(rep.size());
  o.definition_levels_byte_length = static_cast<int32_t>(def.size());
  *page = b.AddPage(o, Concat({rep, def, PlainInt32({1, 2, 3})}));
  b.set_num_rows(1);
  return b.Finish();
}

TEST(KnownBugsParquetTest, ArrowV2NumRowsOfRepeatedColumns) {
  PageSpans p;
  ExpectKnownBug(RepeatedV2NumRowsIsNumValues(
                     "parquet-cpp-arrow version 10.0.1", kRepeated, &p),
                 Code::kPageV2NumRows, p.num_rows.value,
                 "arrow-cpp-v2-num-rows-gh-34086");
  ExpectKnownBug(RepeatedV2NumRowsIsNumValues(
                     "parquet-cpp-arrow version 12.0.0", kRepeated, &p),
                 Code::kPageV2NumRows, p.num_rows.value, "");
}

TEST(KnownBugsParquetTest, FlatV2NumRowsIsNoArrowBug) {
  // Arrow's bug sets num_rows to num_values, which is right for a flat
  // column; a flat mismatch has another cause.
  testing::ColumnOptions c;
  PageFileBuilder b(c);
  b.set_created_by("parquet-cpp-arrow version 10.0.1");
  PageOptions o;
  o.type = kDataPageV2;
  o.num_values = 3;
  o.num_rows = 2;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  b.set_num_rows(3);
  ExpectKnownBug(b.Finish(), Code::kPageV2NumRows, p.num_rows.value, "");
}

PageFile V2WithoutNumNulls(std::string created_by, PageSpans* page) {
  testing::ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  b.set_created_by(std::move(created_by));
  PageOptions o;
  o.type = kDataPageV2;
  o.num_values = 3;
  o.num_rows = 3;
  o.num_nulls = 0;
  const Bytes levels = RleRuns({{2, 1}, {1, 0}}, 1);
  o.definition_levels_byte_length = static_cast<int32_t>(levels.size());
  *page = b.AddPage(o, Concat({levels, PlainInt32({1, 2})}));
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

PageFile DictionaryAtDataPageOffset(std::string created_by) {
  testing::ColumnOptions c;
  c.encodings = {0, 3, kRleDictionary};
  PageFileBuilder b(c);
  b.set_created_by(std::move(created_by));
  PageOptions dict;
  dict.type = kDictionaryPage;
  dict.num_values = 2;
  const PageSpans d = b.AddPage(dict, PlainInt32({7, 9}));
  PageOptions data;
  data.num_values = 3;
  data.encoding = kRleDictionary;
  Bytes indices{std::byte{1}};
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

}  // namespace
}  // namespace colcheck
