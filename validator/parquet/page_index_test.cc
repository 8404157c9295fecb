#include "parquet/page_index.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "testing/compact_writer.h"
#include "testing/metadata_builder.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::CompactWriter;
using ::colcheck::testing::Describe;
using ::colcheck::testing::FieldSpans;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::MetadataBuilder;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using thrift::WireType;

std::string Field(std::string_view field) {
  return FieldPath("row_groups", 0, "columns", 0, field);
}
template <typename I>
std::string Field(std::string_view field, I index) {
  return FieldPath("row_groups", 0, "columns", 0, field, index);
}

std::string Int32(int32_t v) {
  std::string s(4, '\0');
  std::memcpy(s.data(), &v, 4);
  return s;
}
std::string Float(float v) {
  std::string s(4, '\0');
  std::memcpy(s.data(), &v, 4);
  return s;
}

// ---- serialising the indexes ------------------------------------------------
struct Location {
  int64_t offset;
  int32_t size;
  int64_t first_row;
};

struct OffsetIndexSpans {
  ByteSpan locations;  // The list: its header and elements.
  std::vector<FieldSpans> offset;
  std::vector<FieldSpans> size;
  std::vector<FieldSpans> first_row;
  ByteSpan unencoded;
  std::vector<ByteSpan> unencoded_entries;
};

OffsetIndexSpans WriteOffsetIndex(
    CompactWriter& w, const std::vector<Location>& locations,
    const std::optional<std::vector<int64_t>>& unencoded = std::nullopt) {
  OffsetIndexSpans s;
  w.FieldHeader(1, WireType::kList);
  uint64_t start = w.position();
  w.ListHeader(WireType::kStruct, locations.size());
  for (const Location& l : locations) {
    w.BeginStruct();
    s.offset.push_back(w.I64Field(1, l.offset));
    s.size.push_back(w.I32Field(2, l.size));
    s.first_row.push_back(w.I64Field(3, l.first_row));
    w.EndStruct();
  }
  s.locations = {start, w.position() - start};
  if (unencoded.has_value()) {
    w.FieldHeader(2, WireType::kList);
    start = w.position();
    w.ListHeader(WireType::kI64, unencoded->size());
    for (int64_t v : *unencoded) s.unencoded_entries.push_back(w.I64(v));
    s.unencoded = {start, w.position() - start};
  }
  w.EndStruct();
  return s;
}

struct ListSpans {
  ByteSpan list;
  std::vector<ByteSpan> entries;
};

struct ColumnIndexSpec {
  std::vector<bool> null_pages;
  std::vector<std::string> min;
  std::vector<std::string> max;
  int32_t boundary_order = kUnordered;
  std::optional<std::vector<int64_t>> null_counts;
  std::optional<std::vector<int64_t>> repetition_histograms;
  std::optional<std::vector<int64_t>> definition_histograms;
  std::optional<std::vector<int64_t>> nan_counts;
};

struct ColumnIndexSpans {
  ListSpans null_pages, min, max, null_counts, repetition, definition, nan;
  FieldSpans boundary_order;
};

ListSpans WriteI64List(CompactWriter& w, int16_t id,
                       const std::vector<int64_t>& values) {
  ListSpans s;
  w.FieldHeader(id, WireType::kList);
  const uint64_t start = w.position();
  w.ListHeader(WireType::kI64, values.size());
  for (int64_t v : values) s.entries.push_back(w.I64(v));
  s.list = {start, w.position() - start};
  return s;
}

ListSpans WriteBinaryList(CompactWriter& w, int16_t id,
                          const std::vector<std::string>& values) {
  ListSpans s;
  w.FieldHeader(id, WireType::kList);
  const uint64_t start = w.position();
  w.ListHeader(WireType::kBinary, values.size());
  for (const std::string& v : values) s.entries.push_back(w.Binary(v));
  s.list = {start, w.position() - start};
  return s;
}

ColumnIndexSpans WriteColumnIndex(CompactWriter& w, const ColumnIndexSpec& c) {
  ColumnIndexSpans s;
  w.FieldHeader(1, WireType::kList);
  uint64_t start = w.position();
  w.ListHeader(WireType::kBoolTrue, c.null_pages.size());
  for (bool v : c.null_pages) s.null_pages.entries.push_back(w.BoolElement(v));
  s.null_pages.list = {start, w.position() - start};
  s.min = WriteBinaryList(w, 2, c.min);
  s.max = WriteBinaryList(w, 3, c.max);
  s.boundary_order = w.I32Field(4, c.boundary_order);
  if (c.null_counts) s.null_counts = WriteI64List(w, 5, *c.null_counts);
  if (c.repetition_histograms) {
    s.repetition = WriteI64List(w, 6, *c.repetition_histograms);
  }
  if (c.definition_histograms) {
    s.definition = WriteI64List(w, 7, *c.definition_histograms);
  }
  if (c.nan_counts) s.nan = WriteI64List(w, 8, *c.nan_counts);
  w.EndStruct();
  return s;
}

// ---- the fixture ------------------------------------------------------------
// One OPTIONAL column, one row group of 12 rows in three data pages of 4
// values: [null, 1, 2, 3], [4, 5, 6, 4], [null x 4]. The chunk is
// [4, 104); the column data runs on to kDataEnd so that the indexes can sit
// at kOffsetIndexAt and kColumnIndexAt.
class PageIndexTest : public ::testing::Test {
 protected:
  static constexpr uint64_t kOffsetIndexAt = 1000;
  static constexpr uint64_t kColumnIndexAt = 2000;
  static constexpr uint64_t kDataEnd = 4000;

  void Build(int32_t type) {
    b_.AddLeaf("v", type);
    b_.AddRowGroup(12);
    b_.Finish();
    b_.layout().metadata = {kDataEnd, 100};
    b_.layout().file_size = kDataEnd + 108;
    bytes_.assign(b_.layout().file_size, std::byte{0});
    walk_ = Walk();
  }
  void SetUp() override { Build(kInt32); }

  static DataPageSummary Page(size_t k, uint64_t nulls,
                              std::vector<uint64_t> definition) {
    DataPageSummary p;
    p.ordinal = k;
    p.header = {4 + 30 * k, 10};
    p.repetition_levels = {14 + 30 * k, 20};
    p.compressed_page_size = 20;
    p.num_values = 4;
    p.num_nulls = nulls;
    p.first_row = 4 * k;
    p.num_rows = 4;
    p.definition_histogram = std::move(definition);
    p.values.non_null = 4 - nulls;
    p.decoded = true;
    return p;
  }
  static ChunkWalk Walk() {
    ChunkWalk w;
    w.data_pages.push_back(Page(0, 1, {1, 3}));
    w.data_pages.back().values.has_bounds = true;
    w.data_pages.back().values.min = Int32(1);
    w.data_pages.back().values.max = Int32(3);
    w.data_pages.push_back(Page(1, 0, {0, 4}));
    w.data_pages.back().values.has_bounds = true;
    w.data_pages.back().values.min = Int32(4);
    w.data_pages.back().values.max = Int32(6);
    w.data_pages.push_back(Page(2, 4, {4, 0}));
    w.complete = true;
    w.decoded = true;
    w.num_values = 12;
    w.num_nulls = 5;
    w.num_rows = 12;
    w.definition_histogram = {5, 7};
    return w;
  }
  // The same walk as a headers-only pass sees it.
  ChunkWalk HeadersOnly() const {
    ChunkWalk w = walk_;
    w.decoded = false;
    for (DataPageSummary& p : w.data_pages) {
      p.decoded = false;
      p.values = {};
    }
    return w;
  }

  static std::vector<Location> GoodLocations() {
    return {{4, 30, 0}, {34, 30, 4}, {64, 30, 8}};
  }
  static ColumnIndexSpec GoodColumnIndex() {
    ColumnIndexSpec c;
    c.null_pages = {false, false, true};
    c.min = {Int32(1), Int32(4), ""};
    c.max = {Int32(3), Int32(6), ""};
    c.boundary_order = kAscending;
    c.null_counts = std::vector<int64_t>{1, 0, 4};
    c.definition_histograms = std::vector<int64_t>{1, 3, 0, 4, 4, 0};
    return c;
  }

  // Copies `w`'s bytes into the file and points the chunk at them.
  void PlaceOffsetIndex(const CompactWriter& w, int64_t length_delta = 0) {
    Place(w);
    ColumnChunk& cc = b_.chunk(0, 0);
    cc.offset_index_offset = b_.Field(static_cast<int64_t>(w.base()));
    cc.offset_index_length =
        b_.Field(static_cast<int32_t>(w.size() + length_delta));
  }
  void PlaceColumnIndex(const CompactWriter& w, int64_t length_delta = 0) {
    Place(w);
    ColumnChunk& cc = b_.chunk(0, 0);
    cc.column_index_offset = b_.Field(static_cast<int64_t>(w.base()));
    cc.column_index_length =
        b_.Field(static_cast<int32_t>(w.size() + length_delta));
  }
  OffsetIndexSpans OffsetIndexOf(
      const std::vector<Location>& locations,
      const std::optional<std::vector<int64_t>>& unencoded = std::nullopt) {
    CompactWriter w(kOffsetIndexAt);
    OffsetIndexSpans s = WriteOffsetIndex(w, locations, unencoded);
    PlaceOffsetIndex(w);
    return s;
  }
  ColumnIndexSpans ColumnIndexOf(const ColumnIndexSpec& spec) {
    CompactWriter w(kColumnIndexAt);
    ColumnIndexSpans s = WriteColumnIndex(w, spec);
    PlaceColumnIndex(w);
    return s;
  }

  std::vector<Diagnostic> Run() { return Run(walk_); }
  std::vector<Diagnostic> Run(const ChunkWalk& walk) {
    DiagnosticSink sink;
    const RuleContext ctx{b_.md(), b_.tree(), b_.layout(), sink};
    CheckPageIndex(ctx, ByteReader(bytes_), 0, 0, walk);
    return sink.Take();
  }

  MetadataBuilder b_;
  std::vector<std::byte> bytes_;
  ChunkWalk walk_;

 private:
  void Place(const CompactWriter& w) {
    std::copy(w.bytes().begin(), w.bytes().end(),
              bytes_.begin() + static_cast<std::ptrdiff_t>(w.base()));
  }
};

TEST_F(PageIndexTest, MatchingIndexesAreClean) {
  OffsetIndexOf(GoodLocations());
  ColumnIndexOf(GoodColumnIndex());
  const auto d = Run();
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
  const auto headers_only = Run(HeadersOnly());
  EXPECT_THAT(headers_only, IsEmpty()) << Describe(headers_only);
}

// ---- the declared lengths ---------------------------------------------------
TEST_F(PageIndexTest, OffsetIndexLongerOrShorterThanItsLength) {
  for (const int64_t delta : {-2, 3}) {
    CompactWriter w(kOffsetIndexAt);
    WriteOffsetIndex(w, GoodLocations());
    PlaceOffsetIndex(w, delta);
    const auto d = Run();
    EXPECT_THAT(
        d, ElementsAre(IsDiagnostic(Code::kPageIndexLengthMismatch,
                                    b_.chunk(0, 0).offset_index_length.span,
                                    Field("offset_index_length"))))
        << Describe(d);
  }
}

TEST_F(PageIndexTest, ColumnIndexLongerThanItsLength) {
  CompactWriter w(kColumnIndexAt);
  WriteColumnIndex(w, GoodColumnIndex());
  PlaceColumnIndex(w, 5);
  const auto d = Run();
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kPageIndexLengthMismatch,
                                       b_.chunk(0, 0).column_index_length.span,
                                       Field("column_index_length"))))
      << Describe(d);
}

TEST_F(PageIndexTest, DecoderFaultsCarryTheIndexPath) {
  CompactWriter w(kOffsetIndexAt);
  const OffsetIndexSpans spans = WriteOffsetIndex(w, GoodLocations());
  // Breaks location 1's offset field header into an invalid type nibble.
  w.SetByte(spans.offset[1].header.offset, 0x1d);
  PlaceOffsetIndex(w);
  const auto d = Run();
  ASSERT_FALSE(d.empty());
  EXPECT_EQ(d[0].field.rfind(Field("offset_index.page_locations[1]"), 0), 0u)
      << Describe(d);
}

TEST_F(PageIndexTest, IndexesTheFooterRulesRejectedAreSkipped) {
  CompactWriter w(kOffsetIndexAt);
  WriteOffsetIndex(w, {{4, 30, 0}});  // Wrong in every way.
  PlaceOffsetIndex(w);
  // Past the column data: row_group_metadata.cc reports it.
  b_.chunk(0, 0).offset_index_offset = b_.Field<int64_t>(kDataEnd + 10);
  EXPECT_THAT(Run(), IsEmpty());
  // Runs past the column data.
  b_.chunk(0, 0).offset_index_offset = b_.Field<int64_t>(kOffsetIndexAt);
  b_.chunk(0, 0).offset_index_length = b_.Field<int32_t>(kDataEnd);
  EXPECT_THAT(Run(), IsEmpty());
  // Stored in another file.
  b_.chunk(0, 0).offset_index_length = b_.Field<int32_t>(w.size());
  b_.chunk(0, 0).file_path = b_.Field<std::string_view>("other.parquet");
  EXPECT_THAT(Run(), IsEmpty());
}

// ---- OffsetIndex ------------------------------------------------------------
TEST_F(PageIndexTest, OneLocationPerDataPage) {
  const OffsetIndexSpans s = OffsetIndexOf({{4, 30, 0}, {34, 30, 4}});
  const auto d = Run();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kPageIndexLocationCount, s.locations,
                                  Field("offset_index.page_locations"))))
      << Describe(d);
  // Without the page list nothing is counted.
  walk_.complete = false;
  EXPECT_THAT(Run(), IsEmpty());
}

TEST_F(PageIndexTest, LocationOffsetAndSizeMatchThePage) {
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 0}, {35, 30, 4}, {64, 29, 8}});
  const auto d = Run();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kPageIndexLocationOffset, s.offset[1].value,
                          Field("offset_index.page_locations[1].offset")),
             IsDiagnostic(
                 Code::kPageIndexLocationSize, s.size[2].value,
                 Field("offset_index.page_locations[2].compressed_page_size"))))
      << Describe(d);
  // A headers-only walk knows the headers too.
  EXPECT_EQ(Run(HeadersOnly()).size(), 2u);
}

TEST_F(PageIndexTest, UnpairedLocationsMustBeInOffsetOrder) {
  walk_.complete = false;
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 0}, {64, 30, 4}, {34, 30, 8}});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexLocationOffset, s.offset[2].value,
                     Field("offset_index.page_locations[2].offset"))))
      << Describe(d);
}

TEST_F(PageIndexTest, FirstRowIndexStartsAtZero) {
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 1}, {34, 30, 4}, {64, 30, 8}});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexFirstRowIndex, s.first_row[0].value,
                     Field("offset_index.page_locations[0].first_row_index"))))
      << Describe(d);
}

TEST_F(PageIndexTest, FirstRowIndexIncreasesStrictly) {
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 0}, {34, 30, 4}, {64, 30, 4}});
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexFirstRowIndex, s.first_row[2].value,
                     Field("offset_index.page_locations[2].first_row_index"))))
      << Describe(d);
}

TEST_F(PageIndexTest, FirstRowIndexInsideTheRowGroup) {
  walk_.complete = false;
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 0}, {34, 30, 4}, {64, 30, 12}});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexFirstRowIndex, s.first_row[2].value,
                     Field("offset_index.page_locations[2].first_row_index"))))
      << Describe(d);
}

TEST_F(PageIndexTest, FirstRowIndexIsWhereThePageStarts) {
  const OffsetIndexSpans s =
      OffsetIndexOf({{4, 30, 0}, {34, 30, 5}, {64, 30, 8}});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexFirstRowIndex, s.first_row[1].value,
                     Field("offset_index.page_locations[1].first_row_index"))))
      << Describe(d);
  // Rows are only known after the earlier pages were decoded.
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, PagesNamedByTheOffsetIndexStartRows) {
  walk_.data_pages[0].starts_row = false;  // The walk reports that one.
  walk_.data_pages[2].starts_row = false;
  OffsetIndexOf(GoodLocations());
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kLevelsFirstRepNotZero,
                     walk_.data_pages[2].repetition_levels,
                     FieldPath("row_groups", 0, "columns", 0, "pages", 2,
                               "repetition_levels[0]"))))
      << Describe(d);
  // Without an offset index a page may start inside a row.
  b_.chunk(0, 0).offset_index_offset = {};
  b_.chunk(0, 0).offset_index_length = {};
  EXPECT_THAT(Run(), IsEmpty());
}

TEST_F(PageIndexTest, UnencodedBytesOnlyForByteArrays) {
  const OffsetIndexSpans s =
      OffsetIndexOf(GoodLocations(), std::vector<int64_t>{0, 0, 0});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kStatsSizeStatisticsMismatch, s.unencoded,
                     Field("offset_index.unencoded_byte_array_data_bytes"))))
      << Describe(d);
}

class ByteArrayPageIndexTest : public PageIndexTest {
 protected:
  void SetUp() override {
    Build(kByteArray);
    for (DataPageSummary& p : walk_.data_pages) {
      p.values = {};
      p.values.non_null = 4 - p.num_nulls;
      p.unencoded_byte_array_bytes = 10 * p.ordinal;
    }
  }
};

TEST_F(ByteArrayPageIndexTest, UnencodedBytesMatchThePages) {
  OffsetIndexOf(GoodLocations(), std::vector<int64_t>{0, 10, 20});
  EXPECT_THAT(Run(), IsEmpty());
  const OffsetIndexSpans s =
      OffsetIndexOf(GoodLocations(), std::vector<int64_t>{0, 11, 20});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kStatsSizeStatisticsMismatch, s.unencoded_entries[1],
                     Field("offset_index.unencoded_byte_array_data_bytes", 1))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(ByteArrayPageIndexTest, UnencodedBytesHaveOneEntryPerPage) {
  const OffsetIndexSpans s =
      OffsetIndexOf(GoodLocations(), std::vector<int64_t>{0, 10});
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexListLength, s.unencoded,
                     Field("offset_index.unencoded_byte_array_data_bytes"))))
      << Describe(d);
}

// ---- ColumnIndex ------------------------------------------------------------
TEST_F(PageIndexTest, ListsHaveOneEntryPerPage) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min.pop_back();
  spec.null_counts->push_back(0);
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kPageIndexListLength, s.min.list,
                               Field("column_index.min_values")),
                  IsDiagnostic(Code::kPageIndexListLength, s.null_counts.list,
                               Field("column_index.null_counts"))))
      << Describe(d);
}

TEST_F(PageIndexTest, NullPagesAgainstThePageList) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.null_pages.push_back(true);
  spec.min.push_back("");
  spec.max.push_back("");
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(
      d, Contains(IsDiagnostic(Code::kPageIndexListLength, s.null_pages.list,
                               Field("column_index.null_pages"))))
      << Describe(d);
  // Without the page list the lists need only agree with each other.
  walk_.complete = false;
  spec.null_counts->push_back(0);
  spec.definition_histograms->insert(spec.definition_histograms->end(), {4, 0});
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(), IsEmpty()) << Describe(Run());
}

TEST_F(PageIndexTest, NullPageBoundsAreEmpty) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.max[2] = Int32(0);
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kPageIndexNullPageBounds,
                                          s.max.entries[2],
                                          Field("column_index.max_values", 2))))
      << Describe(d);
}

TEST_F(PageIndexTest, NullPagesAreThePagesWithoutValues) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.null_pages = {true, false, false};
  spec.min = {"", Int32(4), Int32(0)};
  spec.max = {"", Int32(6), Int32(0)};
  spec.boundary_order = kUnordered;
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kPageIndexNullPages, s.null_pages.entries[0],
                          Field("column_index.null_pages", 0)),
             IsDiagnostic(Code::kPageIndexNullPages, s.null_pages.entries[2],
                          Field("column_index.null_pages", 2))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, BoundsHaveTheTypesWidth) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min[1] = Int32(4).substr(0, 3);
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kPageIndexBounds, s.min.entries[1],
                                       Field("column_index.min_values", 1))))
      << Describe(d);
}

TEST_F(PageIndexTest, MinIsNotAboveMax) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min[0] = Int32(3);
  spec.max[0] = Int32(1);
  spec.boundary_order = kUnordered;
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kPageIndexBounds, s.max.entries[0],
                                       Field("column_index.max_values", 0))))
      << Describe(d);
}

TEST_F(PageIndexTest, BoundsBoundThePagesValues) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min[1] = Int32(5);  // The page holds 4.
  spec.max[0] = Int32(2);  // The page holds 3.
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kPageIndexBounds, s.min.entries[1],
                                       Field("column_index.min_values", 1)),
                          IsDiagnostic(Code::kPageIndexBounds, s.max.entries[0],
                                       Field("column_index.max_values", 0))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, SignedOrderForInt32) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min[0] = Int32(-1);  // Below 1 as a signed value, above it unsigned.
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(), IsEmpty());
}

TEST_F(PageIndexTest, BoundaryOrderAscending) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min[1] = Int32(0);  // Still bounds page 1, but below page 0's min.
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexBoundaryOrder, s.boundary_order.value,
                     Field("column_index.boundary_order"))))
      << Describe(d);
  spec.boundary_order = kUnordered;
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, BoundaryOrderDescending) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.boundary_order = kDescending;
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexBoundaryOrder, s.boundary_order.value,
                     Field("column_index.boundary_order"))))
      << Describe(d);
  // Descending data: page 1 first.
  spec.min = {Int32(4), Int32(1), ""};
  spec.max = {Int32(6), Int32(3), ""};
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, BoundaryOrderMustBeKnown) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.boundary_order = 3;
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexBoundaryOrder, s.boundary_order.value,
                     Field("column_index.boundary_order"))))
      << Describe(d);
}

TEST_F(PageIndexTest, NullCountsMatchThePages) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.null_counts = std::vector<int64_t>{1, 1, 4};
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexNullCounts, s.null_counts.entries[1],
                     Field("column_index.null_counts", 1))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
  spec.null_counts = std::vector<int64_t>{1, -1, 4};
  const ColumnIndexSpans negative = ColumnIndexOf(spec);
  EXPECT_THAT(Run(HeadersOnly()),
              ElementsAre(IsDiagnostic(Code::kPageIndexNullCounts,
                                       negative.null_counts.entries[1],
                                       Field("column_index.null_counts", 1))));
}

// What parquet-mr writes for pages written without statistics
// (datapage_v1-*-checksum.parquet in parquet-testing).
ColumnIndexSpec NoStatisticsIndex() {
  ColumnIndexSpec spec;
  spec.null_pages = {true, true, true};
  spec.min = {"", "", ""};
  spec.max = {"", "", ""};
  spec.boundary_order = kAscending;
  spec.null_counts = std::vector<int64_t>{-1, -1, -1};
  return spec;
}

TEST_F(PageIndexTest, ParquetMrIndexWithoutStatisticsIsAWriterBug) {
  b_.md().created_by = b_.Field<std::string_view>(
      "parquet-mr version 1.13.0-SNAPSHOT (build 019361e0)");
  const ColumnIndexSpans s = ColumnIndexOf(NoStatisticsIndex());
  const auto d = Run();
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kPageIndexWithoutStatistics,
                                       s.null_counts.entries[0],
                                       Field("column_index.null_counts", 0)),
                          IsDiagnostic(Code::kPageIndexWithoutStatistics,
                                       s.null_counts.entries[1],
                                       Field("column_index.null_counts", 1)),
                          IsDiagnostic(Code::kPageIndexWithoutStatistics,
                                       s.null_counts.entries[2],
                                       Field("column_index.null_counts", 2))))
      << Describe(d);
}

TEST_F(PageIndexTest, IndexWithoutStatisticsFromOtherWriters) {
  const ColumnIndexSpans s = ColumnIndexOf(NoStatisticsIndex());
  const auto d = Run();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kPageIndexNullPages, s.null_pages.entries[0],
                          Field("column_index.null_pages", 0)),
             IsDiagnostic(Code::kPageIndexNullPages, s.null_pages.entries[1],
                          Field("column_index.null_pages", 1)),
             IsDiagnostic(Code::kPageIndexNullCounts, s.null_counts.entries[0],
                          Field("column_index.null_counts", 0)),
             IsDiagnostic(Code::kPageIndexNullCounts, s.null_counts.entries[1],
                          Field("column_index.null_counts", 1)),
             IsDiagnostic(Code::kPageIndexNullCounts, s.null_counts.entries[2],
                          Field("column_index.null_counts", 2))))
      << Describe(d);
}

TEST_F(PageIndexTest, DefinitionHistogramsHavePagesTimesLevels) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.definition_histograms->pop_back();
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run(HeadersOnly());
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexHistogram, s.definition.list,
                     Field("column_index.definition_level_histograms"))))
      << Describe(d);
}

TEST_F(PageIndexTest, DefinitionHistogramsMatchThePages) {
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.definition_histograms = std::vector<int64_t>{1, 3, 1, 3, 4, 0};
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexHistogram, s.definition.entries[2],
                     Field("column_index.definition_level_histograms", 2))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(PageIndexTest, RepetitionHistogramsOfAFlatColumn) {
  // Maximum repetition level 0: one level per page, all of them 0.
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.repetition_histograms = std::vector<int64_t>{4, 4, 4};
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(), IsEmpty());
  spec.repetition_histograms = std::vector<int64_t>{4, 3, 4};
  ColumnIndexSpans s = ColumnIndexOf(spec);
  EXPECT_THAT(Run(),
              ElementsAre(IsDiagnostic(
                  Code::kPageIndexHistogram, s.repetition.entries[1],
                  Field("column_index.repetition_level_histograms", 1))));
  spec.repetition_histograms = std::vector<int64_t>{4, 4, 4, 0, 0, 0};
  s = ColumnIndexOf(spec);
  EXPECT_THAT(Run(), ElementsAre(IsDiagnostic(
                         Code::kPageIndexHistogram, s.repetition.list,
                         Field("column_index.repetition_level_histograms"))));
}

TEST_F(PageIndexTest, EmptyHistogramsStandForLevelsOfZero) {
  // Arrow C++ writes [] rather than leaving the list out when the maximum
  // level is 0; a column with definition levels needs its entries.
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.repetition_histograms = std::vector<int64_t>{};
  spec.definition_histograms = std::vector<int64_t>{};
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kPageIndexHistogram, s.definition.list,
                     Field("column_index.definition_level_histograms"))))
      << Describe(d);
}

TEST_F(PageIndexTest, RepeatedColumnHistograms) {
  b_.tree().nodes[b_.tree().leaves[0]].max_repetition_level = 1;
  walk_.data_pages[0].repetition_histogram = {1, 3};
  walk_.data_pages[1].repetition_histogram = {2, 2};
  walk_.data_pages[2].repetition_histogram = {4, 0};
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.repetition_histograms = std::vector<int64_t>{1, 3, 2, 2, 4, 0};
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(), IsEmpty()) << Describe(Run());
  spec.repetition_histograms = std::vector<int64_t>{1, 3, 2, 2, 3, 1};
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  EXPECT_THAT(Run(),
              ElementsAre(IsDiagnostic(
                  Code::kPageIndexHistogram, s.repetition.entries[4],
                  Field("column_index.repetition_level_histograms", 4))));
}

class FloatPageIndexTest : public PageIndexTest {
 protected:
  void SetUp() override {
    Build(kFloat);
    walk_.data_pages[0].values.min = Float(1);
    walk_.data_pages[0].values.max = Float(3);
    // Page 1: four NaN values.
    walk_.data_pages[1].values = {};
    walk_.data_pages[1].values.non_null = 4;
    walk_.data_pages[1].values.nan_count = 4;
  }
  ColumnIndexSpec Spec() const {
    ColumnIndexSpec spec = GoodColumnIndex();
    spec.min = {Float(1), Float(std::numeric_limits<float>::quiet_NaN()), ""};
    spec.max = {Float(3), Float(std::numeric_limits<float>::quiet_NaN()), ""};
    spec.nan_counts = std::vector<int64_t>{0, 4, 0};
    return spec;
  }
};

TEST_F(FloatPageIndexTest, NanOnlyPageUnderTypeOrder) {
  const ColumnIndexSpans s = ColumnIndexOf(Spec());
  const auto d = Run();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kPageIndexNanOnlyPage, s.min.entries[1],
                                  Field("column_index.min_values", 1))))
      << Describe(d);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

TEST_F(FloatPageIndexTest, NanOnlyPageUnderTotalOrder) {
  b_.md().column_orders.value[0].value.id = kIeee754TotalOrder;
  ColumnIndexOf(Spec());
  const auto d = Run();
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST_F(FloatPageIndexTest, NanCountsMatchThePages) {
  ColumnIndexSpec spec = Spec();
  spec.nan_counts = std::vector<int64_t>{1, 4, 0};
  const ColumnIndexSpans s = ColumnIndexOf(spec);
  const auto d = Run();
  EXPECT_THAT(d,
              Contains(IsDiagnostic(Code::kPageIndexNanCounts, s.nan.entries[0],
                                    Field("column_index.nan_counts", 0))))
      << Describe(d);
  spec.nan_counts = std::vector<int64_t>{0, 4};
  const ColumnIndexSpans short_list = ColumnIndexOf(spec);
  EXPECT_THAT(Run(), Contains(IsDiagnostic(Code::kPageIndexListLength,
                                           short_list.nan.list,
                                           Field("column_index.nan_counts"))));
}

TEST_F(PageIndexTest, UndefinedOrderSkipsComparisons) {
  // INT96 has no type-defined order: min/max mean nothing.
  MetadataBuilder& b = b_;
  b.leaf(0).type = b.Field<int32_t>(kInt96);
  ColumnIndexSpec spec = GoodColumnIndex();
  spec.min = {std::string(12, '\x7f'), std::string(12, '\0'), ""};
  spec.max = {std::string(12, '\0'), std::string(12, '\0'), ""};
  ColumnIndexOf(spec);
  EXPECT_THAT(Run(HeadersOnly()), IsEmpty());
}

// ---- SizeStatistics ---------------------------------------------------------
class SizeStatisticsTest : public PageIndexTest {
 protected:
  SpannedList<int64_t> List(std::vector<int64_t> values) {
    ModelList<Spanned<int64_t>> entries;
    for (int64_t v : values) entries.push_back(b_.Field(v));
    return b_.Field(std::move(entries), 5);
  }
  SizeStatistics& Stats() {
    auto& s = b_.meta(0, 0).size_statistics;
    if (!s.present) s = b_.Field(SizeStatistics{}, 20);
    return s.value;
  }
  std::vector<Diagnostic> Check(const ChunkWalk& walk) {
    DiagnosticSink sink;
    const RuleContext ctx{b_.md(), b_.tree(), b_.layout(), sink};
    CheckSizeStatistics(ctx, 0, 0, walk);
    return sink.Take();
  }
  std::vector<Diagnostic> Check() { return Check(walk_); }
};

TEST_F(SizeStatisticsTest, MatchingHistogramsAreClean) {
  Stats().definition_level_histogram = List({5, 7});
  Stats().repetition_level_histogram = List({12});
  EXPECT_THAT(Check(), IsEmpty()) << Describe(Check());
}

TEST_F(SizeStatisticsTest, HistogramHasMaxLevelPlusOneEntries) {
  Stats().definition_level_histogram = List({5, 7, 0});
  Stats().repetition_level_histogram = List({12, 0});
  const auto d = Check();
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                       Stats().definition_level_histogram.span,
                                       Field("meta_data.size_statistics."
                                             "definition_level_histogram")),
                          IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                       Stats().repetition_level_histogram.span,
                                       Field("meta_data.size_statistics."
                                             "repetition_level_histogram"))))
      << Describe(d);
}

TEST_F(SizeStatisticsTest, EmptyHistogramStandsForLevelsOfZero) {
  Stats().repetition_level_histogram = List({});
  EXPECT_THAT(Check(), IsEmpty());
  Stats().definition_level_histogram = List({});
  EXPECT_THAT(Check(),
              ElementsAre(IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                       Stats().definition_level_histogram.span,
                                       Field("meta_data.size_statistics."
                                             "definition_level_histogram"))));
}

TEST_F(SizeStatisticsTest, HistogramSumsToNumValues) {
  Stats().definition_level_histogram = List({5, 6});
  const auto d = Check(HeadersOnly());
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                       Stats().definition_level_histogram.span,
                                       Field("meta_data.size_statistics."
                                             "definition_level_histogram"))))
      << Describe(d);
}

TEST_F(SizeStatisticsTest, HistogramMatchesTheWalk) {
  Stats().definition_level_histogram = List({6, 6});
  const auto d = Check();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kStatsSizeStatisticsMismatch,
                     Stats().definition_level_histogram.value[0].span,
                     Field("meta_data.size_statistics."
                           "definition_level_histogram",
                           0))))
      << Describe(d);
  EXPECT_THAT(Check(HeadersOnly()), IsEmpty());
}

TEST_F(SizeStatisticsTest, NegativeCount) {
  Stats().definition_level_histogram = List({13, -1});
  const auto d = Check();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kStatsSizeStatisticsMismatch,
                     Stats().definition_level_histogram.value[1].span,
                     Field("meta_data.size_statistics."
                           "definition_level_histogram",
                           1))))
      << Describe(d);
}

TEST_F(SizeStatisticsTest, UnencodedBytesOnlyForByteArrays) {
  Stats().unencoded_byte_array_data_bytes = b_.Field<int64_t>(0);
  const auto d = Check();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                  Stats().unencoded_byte_array_data_bytes.span,
                                  Field("meta_data.size_statistics."
                                        "unencoded_byte_array_data_bytes"))))
      << Describe(d);
}

class ByteArraySizeStatisticsTest : public SizeStatisticsTest {
 protected:
  void SetUp() override {
    Build(kByteArray);
    for (DataPageSummary& p : walk_.data_pages) {
      p.values = {};
      p.values.non_null = 4 - p.num_nulls;
      p.unencoded_byte_array_bytes = 10 * p.ordinal;
    }
  }
};

TEST_F(ByteArraySizeStatisticsTest, UnencodedBytesMatchTheWalk) {
  Stats().unencoded_byte_array_data_bytes = b_.Field<int64_t>(30);
  EXPECT_THAT(Check(), IsEmpty());
  Stats().unencoded_byte_array_data_bytes = b_.Field<int64_t>(31);
  const auto d = Check();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kStatsSizeStatisticsMismatch,
                                  Stats().unencoded_byte_array_data_bytes.span,
                                  Field("meta_data.size_statistics."
                                        "unencoded_byte_array_data_bytes"))))
      << Describe(d);
  EXPECT_THAT(Check(HeadersOnly()), IsEmpty());
  Stats().unencoded_byte_array_data_bytes = b_.Field<int64_t>(-1);
  EXPECT_EQ(Check(HeadersOnly()).size(), 1u);
}

}  // namespace
}  // namespace colcheck::parquet
