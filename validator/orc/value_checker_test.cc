// The full-level checks (orc-rules.md ST3, ST4, BF4), driven by calling the
// observer as the column stage does: values against the statistics of the
// file, stripe and row group, counts, sums, and bloom filters.

#include "orc/value_checker.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/bloom_filter.h"
#include "orc/compression.h"
#include "orc/testing/index_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::Describe;
using ::testing::ElementsAre;
using testing::HasDiagnostic;
using testing::IsDiagnostic;
using ::testing::UnorderedElementsAre;

template <typename T>
Spanned<T> At(T value, uint64_t offset, uint64_t length = 1) {
  Spanned<T> s;
  s.value = value;
  s.span = {offset, length};
  s.present = true;
  return s;
}

// Int statistics whose fields sit at base, base+1, ...: count, has_null,
// minimum, maximum, sum.
Spanned<ColumnStatistics> Ints(uint64_t base, uint64_t count, int64_t min,
                               int64_t max, int64_t sum) {
  Spanned<ColumnStatistics> s;
  s.present = true;
  s.span = {base, 5};
  s.value.number_of_values = At<uint64_t>(count, base);
  s.value.has_null = At(false, base + 1);
  s.value.int_statistics.present = true;
  s.value.int_statistics.value.minimum = At(min, base + 2);
  s.value.int_statistics.value.maximum = At(max, base + 3);
  s.value.int_statistics.value.sum = At(sum, base + 4);
  return s;
}

Spanned<ColumnStatistics> Root(uint64_t base, uint64_t count) {
  Spanned<ColumnStatistics> s;
  s.present = true;
  s.value.number_of_values = At<uint64_t>(count, base);
  s.value.has_null = At(false, base + 1);
  return s;
}

// struct<a:int>, one stripe of 3 rows, stats at 100.. (file) and 200..
// (stripe): a in [1, 5], sum 9.
struct Model {
  Tail tail;
  Footer footer;
  Metadata metadata;
  TypeTree types;
  StripeLayout layout;
  StripeData data;

  Model() {
    footer.types.value.resize(2);
    footer.types.value[0].value.kind = At<int64_t>(kStruct, 0);
    footer.types.value[1].value.kind = At<int64_t>(kInt, 0);
    footer.stripes.value.resize(1);
    footer.stripes.value[0].value.number_of_rows = At<uint64_t>(3, 0);
    footer.statistics.value = {Root(100, 3), Ints(110, 3, 1, 5, 9)};
    metadata.stripe_stats.value.resize(1);
    metadata.stripe_stats.value[0].value.col_stats.value = {
        Root(200, 3), Ints(210, 3, 1, 5, 9)};
    tail.postscript.writer_version = At<uint32_t>(9, 0);
    types.valid = true;
    types.parent = {0, 0};
    layout.readable = true;
    data.layout = &layout;
  }
  IndexContext Context() const { return {tail, footer, &metadata, types}; }
};

Value Int(int64_t v) {
  Value value;
  value.integer = v;
  return value;
}

// The spans of a batch, one per value, as a reader gives them.
class ListedSpans final : public ValueSpans {
 public:
  explicit ListedSpans(std::vector<ByteSpan> spans) : spans_(std::move(spans)) {}
  ByteSpan Span(size_t i) const override { return spans_[i]; }

 private:
  std::vector<ByteSpan> spans_;
};

// Hands `checker` one batch of `column` in `group`, as the column stage
// does: `values` with their `spans`, and the slots' PRESENT bits (empty:
// every slot holds a value).
void OnValues(ValueChecker& checker, uint32_t column, uint64_t group,
              const std::vector<Value>& values, std::vector<ByteSpan> spans,
              const std::vector<uint8_t>& present = {}) {
  const ListedSpans listed(std::move(spans));
  SlotBatch batch;
  batch.column = column;
  batch.row_group = group;
  batch.slots = present.empty() ? values.size() : present.size();
  batch.present = present;
  batch.values = values;
  batch.spans = &listed;
  checker.OnSlots(batch);
}

// Feeds the rows (a = values, nullopt for null) to `checker`, each column
// as one batch; value i of column a is at byte 1000 + i.
void Feed(ValueChecker& checker, const StripeData& data,
          const std::vector<std::optional<int64_t>>& values) {
  checker.BeginStripe(0, data);
  OnValues(checker, 0, 0, std::vector<Value>(values.size()),
           std::vector<ByteSpan>(values.size()));
  std::vector<Value> a;
  std::vector<ByteSpan> spans;
  std::vector<uint8_t> present;
  for (size_t i = 0; i < values.size(); ++i) {
    present.push_back(values[i].has_value());
    if (!values[i]) continue;
    a.push_back(Int(*values[i]));
    spans.push_back({1000 + i, 1});
  }
  OnValues(checker, 1, 0, a, spans, present);
  checker.EndStripe(0, true);
}

TEST(OrcValueCheckerTest, MatchingValuesAreClean) {
  Model m;
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, 3});
  const auto ds = sink.Take();
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcValueCheckerTest, ValueOutsideItsStatistics) {
  Model m;
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, 7});
  const auto ds = sink.Take();
  // Not alone: the file also gets orc-stats.sum.
  EXPECT_TRUE(
      HasDiagnostic(ds, Code::kOrcStatsValueOutOfRange, ByteSpan({1002, 1})));
}

TEST(OrcValueCheckerTest, OnlyTheValuesOutsideAreBlamed) {
  // One batch whose bounds [0, 9] leave [1, 5]: each value is compared,
  // and only 0 and 9 are reported, each at its own span, once per scope
  // file and stripe share (one report per run).
  Model m;
  m.footer.stripes.value[0].value.number_of_rows = At<uint64_t>(4, 0);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  checker.BeginStripe(0, m.data);
  OnValues(checker, 1, 0, {Int(3), Int(0), Int(4), Int(9)},
           {{1000, 1}, {1001, 1}, {1002, 1}, {1003, 1}});
  checker.EndStripe(0, false);
  EXPECT_THAT(sink.Take(),
              ElementsAre(IsDiagnostic(Code::kOrcStatsValueOutOfRange,
                                       ByteSpan({1001, 1})),
                          IsDiagnostic(Code::kOrcStatsValueOutOfRange,
                                       ByteSpan({1003, 1}))));
}

TEST(OrcValueCheckerTest, CountOfNonNullValues) {
  Model m;
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  m.metadata.stripe_stats.value[0].value.col_stats.value[1].value.has_null =
      At(true, 211);
  m.footer.statistics.value[1].value.has_null = At(true, 111);
  Feed(checker, m.data, {1, 5, std::nullopt});
  const auto ds = sink.Take();
  // Not alone: the file also gets orc-stats.sum.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStatsCount, ByteSpan({210, 1})));
  // Not alone: the file also gets orc-stats.sum.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStatsCount, ByteSpan({110, 1})));
}

TEST(OrcValueCheckerTest, HasNullFalseWithNulls) {
  Model m;
  m.footer.statistics.value[1] = Ints(110, 2, 1, 5, 6);
  m.metadata.stripe_stats.value[0].value.col_stats.value[1] =
      Ints(210, 2, 1, 5, 6);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, std::nullopt});
  const auto ds = sink.Take();
  EXPECT_THAT(
      ds, UnorderedElementsAre(
              IsDiagnostic(Code::kOrcStatsHasNullFalse, ByteSpan({211, 1})),
              IsDiagnostic(Code::kOrcStatsHasNullFalse, ByteSpan({111, 1}))));
}

TEST(OrcValueCheckerTest, IntegerSum) {
  Model m;
  m.metadata.stripe_stats.value[0].value.col_stats.value[1] =
      Ints(210, 3, 1, 5, 10);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, 3});
  EXPECT_THAT(sink.Take(), ElementsAre(IsDiagnostic(Code::kOrcStatsSum,
                                                    ByteSpan({214, 1}))));
}

TEST(OrcValueCheckerTest, OverflowedSumMustBeAbsent) {
  Model m;
  const int64_t big = INT64_MAX;
  m.footer.statistics.value[1] = Ints(110, 2, 1, big, 0);
  m.metadata.stripe_stats.value[0].value.col_stats.value[1] =
      Ints(210, 2, 1, big, 0);
  m.footer.stripes.value[0].value.number_of_rows = At<uint64_t>(2, 0);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  checker.BeginStripe(0, m.data);
  OnValues(checker, 1, 0, {Int(1)}, {{1000, 1}});
  OnValues(checker, 1, 0, {Int(big)}, {{1001, 1}});
  checker.EndStripe(0, true);
  // Not alone: the file also gets orc-stats.count, orc-stats.sum.
  EXPECT_TRUE(
      HasDiagnostic(sink.Take(), Code::kOrcStatsSum, ByteSpan({214, 1})));
}

// A stripe whose c1 has a UTF8 bloom filter stream holding only `held`.
struct BloomModel : Model {
  std::string bytes;
  RegionDecoder decoder;

  explicit BloomModel(const std::vector<int64_t>& held) {
    footer.row_index_stride = At<uint32_t>(10, 0);
    std::vector<uint64_t> words(2, 0);
    for (int64_t v : held) {
      const uint64_t h = BloomLongHash(v);
      for (uint32_t i = 1; i <= 3; ++i) {
        auto c = static_cast<int32_t>(static_cast<uint32_t>(h) +
                                      i * static_cast<uint32_t>(h >> 32));
        if (c < 0) c = ~c;
        const uint64_t pos = static_cast<uint64_t>(c) % 128;
        words[pos >> 6] |= uint64_t{1} << (pos & 63);
      }
    }
    bytes = testing::BloomBytes({testing::Utf8Filter(3, words)});
    layout.streams = {{kBloomFilterUtf8, 1, {0, bytes.size()}, 0}};
    data.streams.resize(1);
    DiagnosticSink sink;
    EXPECT_TRUE(decoder.DecodeRegion(ByteReader(testing::AsBytes(bytes)),
                                     kNone, kDefaultCompressionBlockSize,
                                     RegionUse::kStream, sink, "bloom", &data.streams[0]));
  }
};

TEST(OrcValueCheckerTest, BloomFalseNegative) {
  BloomModel m({1, 5});
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, 3});
  const auto ds = sink.Take();
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcBloomFalseNegative,
                                           ByteSpan({1002, 1}))));
  EXPECT_EQ(ds.size(), 1u) << Describe(ds);
}

TEST(OrcValueCheckerTest, BloomFalseNegativeOfAKnownBadCppWriter) {
  BloomModel m({1, 5});
  m.footer.writer = At<uint32_t>(1, 0);
  m.footer.software_version = At<std::string_view>("1.6.7", 0);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 5, 3});
  EXPECT_THAT(sink.Take(),
              ElementsAre(IsDiagnostic(Code::kOrcBloomFalseNegativeKnownWriter,
                                       ByteSpan({1002, 1}))));
}

TEST(OrcValueCheckerTest, BloomReportsAreCapped) {
  BloomModel m({});
  const uint64_t n = limits::kMaxOrcBloomReportsPerColumn + 10;
  m.footer.stripes.value[0].value.number_of_rows = At<uint64_t>(n, 0);
  m.footer.row_index_stride = At<uint32_t>(static_cast<uint32_t>(n), 0);
  m.footer.statistics.value.clear();
  m.metadata.stripe_stats.value.clear();
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  checker.BeginStripe(0, m.data);
  for (uint64_t i = 0; i < n; ++i) {
    OnValues(checker, 1, 0, {Int(static_cast<int64_t>(1000 + i))},
             {{2000 + i, 1}});
  }
  checker.EndStripe(0, true);
  const auto ds = sink.Take();
  size_t misses = 0;
  for (const Diagnostic& d : ds) {
    misses += d.code == Code::kOrcBloomFalseNegative ? 1 : 0;
  }
  EXPECT_EQ(misses, limits::kMaxOrcBloomReportsPerColumn - 1);
  // Not alone: the file also gets orc-bloom.false-negative.
  EXPECT_TRUE(HasDiagnostic(
      ds, Code::kLimitsOrcBloomReports,
      ByteSpan({2000 + limits::kMaxOrcBloomReportsPerColumn - 1, 1})));
}

// c1 as a LIST whose statistics claim lengths of exactly 1024.
Model ListModel(uint32_t writer) {
  Model m;
  m.footer.writer = At<uint32_t>(writer, 0);
  m.footer.types.value[1].value.kind = At<int64_t>(kList, 0);
  for (Spanned<ColumnStatistics>* s :
       {&m.footer.statistics.value[1],
        &m.metadata.stripe_stats.value[0].value.col_stats.value[1]}) {
    const uint64_t base = s->value.number_of_values.span.offset;
    *s = Root(base, 3);
    auto& c = s->value.collection_statistics;
    c.present = true;
    c.value.min_children = At<uint64_t>(1024, base + 2);
    c.value.max_children = At<uint64_t>(1024, base + 3);
    c.value.total_children = At<uint64_t>(3072, base + 4);
  }
  return m;
}

TEST(OrcValueCheckerTest, ListLengthsAgainstCppWriterStatistics) {
  Model m = ListModel(1);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 1, 1});
  const auto ds = sink.Take();
  // Not alone: the file also gets orc-stats.sum, orc-stats.value-out-of-range.
  EXPECT_TRUE(
      HasDiagnostic(ds, Code::kOrcStatsValueOutOfRange, ByteSpan({1000, 1})));
  // Not alone: the file also gets orc-stats.sum, orc-stats.value-out-of-range.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStatsSum, ByteSpan({214, 1})));
}

TEST(OrcValueCheckerTest, JavaListStatisticsAreNotComparedWithLengths) {
  // Java writers stored a batch's size for repeating list vectors
  // (complextypes_iceberg.orc).
  Model m = ListModel(0);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  Feed(checker, m.data, {1, 1, 1});
  const auto ds = sink.Take();
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcValueCheckerTest, StructRunsCountAsTheirSlots) {
  // The root's slots as one run (the column stage's way for a STRUCT
  // without PRESENT) tally as the batches of Feed do.
  Model m;
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  checker.BeginStripe(0, m.data);
  checker.OnUnstoredSlots(0, 0, 1, 3);
  OnValues(checker, 1, 0, {Int(1), Int(5), Int(3)}, {{1000, 1}, {1001, 1},
                                                     {1002, 1}});
  checker.EndStripe(0, true);
  const auto ds = sink.Take();
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcValueCheckerTest, RowGroupsWithoutRowIndexHoldNoTallies) {
  // 2^40 rows at stride 1 and no row index: once 2^40 tallies per column
  // (std::bad_alloc); now none, and the root's 2^40 slots are one step.
  Model m;
  m.footer.stripes.value[0].value.number_of_rows =
      At<uint64_t>(uint64_t{1} << 40, 0);
  m.footer.row_index_stride = At<uint32_t>(1, 0);
  const IndexContext context = m.Context();
  DiagnosticSink sink;
  ValueChecker checker(context, sink);
  checker.BeginStripe(0, m.data);
  EXPECT_EQ(checker.group_tallies(), 0u);
  checker.OnUnstoredSlots(0, 0, uint64_t{1} << 40, 1);
  checker.EndStripe(0, true);
  const auto ds = sink.Take();
  // The root's counts (3) against its 2^40 slots, in the file's and the
  // stripe's statistics.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStatsCount, ByteSpan({100, 1})))
      << Describe(ds);
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStatsCount, ByteSpan({200, 1})));
}

}  // namespace
}  // namespace colcheck::orc
