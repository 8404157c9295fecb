// Tests for ColumnValueChecker: value checks by logical type, page
// summaries, and statistics against the data. Batches are built by hand
// over a fake file, so each expected span is a value's own bytes.

#include "parquet/column_values.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <deque>
#include <limits>
#include <memory>
#include <span>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/page_scope.h"
#include "testing/metadata_builder.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::Describe;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::Logical;
using ::colcheck::testing::MetadataBuilder;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using namespace std::string_literals;

constexpr uint64_t kSectionBase = 100;
constexpr uint64_t kSectionSize = 2000;
constexpr ByteSpan kBody{90, 2100};
constexpr std::string_view kPage = "row_groups[0].columns[0].pages[1]";
constexpr std::string_view kChunk = "row_groups[0].columns[0].meta_data";

template <typename T>
std::string Plain(T v) {
  std::string s(sizeof(T), '\0');
  std::memcpy(s.data(), &v, sizeof(T));
  return s;
}

std::string Value(uint64_t index) {
  return StrCat(kPage, ".values[", index, "]");
}
std::string Stat(std::string_view name) {
  return StrCat(kChunk, ".statistics.", name);
}

class ColumnValuesTest : public ::testing::Test {
 protected:
  ColumnValuesTest()
      : file_(kSectionBase + kSectionSize),
        section_(std::span<const std::byte>(file_).subspan(kSectionBase,
                                                           kSectionSize),
                 kSectionBase) {}

  // A one-leaf file; tweak leaf() and md() before Checker().
  SchemaElement& OneColumn(int32_t type, int32_t type_length = 0) {
    b_.AddLeaf("v", type, type_length);
    b_.AddRowGroup(10);
    b_.Finish();
    return b_.leaf(0);
  }
  void SetOrder(int16_t id) { b_.md().column_orders.value[0].value.id = id; }
  void SetCreatedBy(std::string_view s) {
    b_.md().created_by = b_.Field<std::string_view>(s, s.size());
  }

  ColumnValueChecker& Checker() {
    if (!checker_) {
      ctx_ = std::make_unique<RuleContext>(
          RuleContext{b_.md(), b_.tree(), b_.layout(), sink_});
      checker_ = std::make_unique<ColumnValueChecker>(*ctx_, 0);
    }
    return *checker_;
  }

  // Places `bytes` at section offset `at` and returns their file span.
  std::span<const std::byte> Put(uint64_t at, std::string_view bytes) {
    std::memcpy(file_.data() + kSectionBase + at, bytes.data(), bytes.size());
    return std::span<const std::byte>(file_).subspan(kSectionBase + at,
                                                     bytes.size());
  }
  static ByteSpan At(uint64_t at, uint64_t length) {
    return {kSectionBase + at, length};
  }

  // Fixed-width PLAIN values laid out from section offset `at`.
  ValueBatch Fixed(const std::vector<std::string>& values, uint64_t at = 0,
                   uint64_t first = 0) {
    std::string joined;
    for (const auto& v : values) joined += v;
    ValueBatch batch;
    batch.count = values.size();
    batch.first = first;
    batch.fixed = Put(at, joined);
    return batch;
  }
  template <typename T>
  ValueBatch Numbers(const std::vector<T>& values, uint64_t at = 0) {
    std::vector<std::string> plain;
    for (T v : values) plain.push_back(Plain(v));
    return Fixed(plain, at);
  }
  // BYTE_ARRAY values laid out back to back from section offset `at`.
  ValueBatch Strings(const std::vector<std::string>& values, uint64_t at = 0,
                     uint64_t first = 0) {
    auto& views = views_.emplace_back();
    for (const auto& v : values) {
      views.push_back(Put(at, v));
      at += v.size();
    }
    ValueBatch batch;
    batch.count = values.size();
    batch.first = first;
    batch.binary = views;
    return batch;
  }
  ValueBatch Indices(const std::vector<uint32_t>& indices) {
    auto& kept = indices_.emplace_back(indices);
    ValueBatch batch;
    batch.count = kept.size();
    batch.indices = kept;
    return batch;
  }

  PageScope Scope(bool exact = true) {
    return PageScope(sink_, std::string(kPage), kBody, exact);
  }
  // One data page of `batch`.
  PageValueSummary Page(const ValueBatch& batch) {
    PageScope scope = Scope();
    Checker().BeginPage();
    Checker().Values(batch, scope, &section_);
    return Checker().EndPage();
  }

  Spanned<Binary> Bound(std::string bytes) {
    keep_.push_back(std::move(bytes));
    return b_.Field<Binary>(keep_.back(), keep_.back().size());
  }
  Statistics& ChunkStats() { return b_.stats(0, 0); }
  std::vector<Diagnostic> CheckChunk(uint64_t nulls = 0) {
    Checker().CheckChunkStatistics(b_.meta(0, 0), kChunk, nulls, sink_);
    return sink_.Take();
  }

  MetadataBuilder b_;
  DiagnosticSink sink_;
  std::vector<std::byte> file_;
  ByteReader section_;
  std::unique_ptr<RuleContext> ctx_;
  std::unique_ptr<ColumnValueChecker> checker_;
  std::deque<std::vector<std::span<const std::byte>>> views_;
  std::deque<std::vector<uint32_t>> indices_;
  std::deque<std::string> keep_;
};

// ---- UTF-8 and JSON ---------------------------------------------------------

TEST_F(ColumnValuesTest, InvalidUtf8AtTheValuesBytes) {
  OneColumn(kByteArray).logical_type = b_.Field(Logical(kLogicalString));
  Page(Strings({"ok", "\xC0\xAF", "fine"}, /*at=*/10, /*first=*/7));
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kValueInvalidUtf8, At(12, 2),
                                          Value(8))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, ConvertedUtf8AndEnumAreChecked) {
  OneColumn(kByteArray).converted_type = b_.Field<int32_t>(kEnum);
  Page(Strings({"\xFF"}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kValueInvalidUtf8, At(0, 1), Value(0))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, UnannotatedBytesAreNotText) {
  OneColumn(kByteArray);
  Page(Strings({"\xFF", "\xC0\x80"}));
  EXPECT_THAT(sink_.Take(), IsEmpty());
}

TEST_F(ColumnValuesTest, ValueOutsideTheSectionIsReportedAtTheSection) {
  OneColumn(kByteArray).logical_type = b_.Field(Logical(kLogicalString));
  static const std::string kDecoded = "\xED\xA0\x80";  // A decoder's buffer.
  const std::span<const std::byte> views[] = {
      {reinterpret_cast<const std::byte*>(kDecoded.data()), kDecoded.size()}};
  ValueBatch batch;
  batch.count = 1;
  batch.binary = views;
  Page(batch);
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kValueInvalidUtf8,
                                          At(0, kSectionSize), Value(0))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, DecompressedOrSectionlessValuesPointAtTheBody) {
  OneColumn(kByteArray).logical_type = b_.Field(Logical(kLogicalString));
  const ValueBatch batch = Strings({"\x80"});
  PageScope inexact = Scope(/*exact=*/false);
  Checker().BeginPage();
  Checker().Values(batch, inexact, &section_);
  PageScope exact = Scope();
  Checker().Values(batch, exact, nullptr);
  Checker().EndPage();
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kValueInvalidUtf8, kBody, Value(0)),
                     IsDiagnostic(Code::kValueInvalidUtf8, kBody, Value(0))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, JsonMustParseAndInvalidUtf8IsReportedOnce) {
  OneColumn(kByteArray).converted_type = b_.Field<int32_t>(kJson);
  Page(Strings(
      {"{\"a\": [1, 2]}", "{a: 1}", "\"\xC3\"", "[" + std::string(300, '[')}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kValueInvalidJson, At(13, 6), Value(1)),
                  IsDiagnostic(Code::kValueInvalidUtf8, At(19, 3), Value(2))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, DictionaryEntriesAreCheckedOnceNotPerIndex) {
  OneColumn(kByteArray).logical_type = b_.Field(Logical(kLogicalString));
  PageScope dict_scope = Scope();
  Checker().Dictionary(Strings({"a", "\xFE"}, 0, 0), dict_scope, &section_);
  Page(Indices({1, 1, 1, 0}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kValueInvalidUtf8, At(1, 1), Value(1))))
      << Describe(d);
}

// ---- DECIMAL ---------------------------------------------------------------

LogicalType Decimal(MetadataBuilder& b, int32_t precision, int32_t scale = 0) {
  LogicalType t = Logical(kLogicalDecimal);
  t.decimal.precision = b.Field(precision);
  t.decimal.scale = b.Field(scale);
  return t;
}

TEST_F(ColumnValuesTest, Int32DecimalWithinPrecision) {
  OneColumn(kInt32).logical_type = b_.Field(Decimal(b_, 3));
  Page(Numbers<int32_t>({999, -999, 1000, -1000}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kValueDecimalOutOfRange, At(8, 4), Value(2)),
             IsDiagnostic(Code::kValueDecimalOutOfRange, At(12, 4), Value(3))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, Int64DecimalMinimumIsOutOfRange) {
  SchemaElement& leaf = OneColumn(kInt64);
  leaf.converted_type = b_.Field<int32_t>(kDecimal);
  leaf.precision = b_.Field<int32_t>(18);
  leaf.scale = b_.Field<int32_t>(2);
  Page(Numbers<int64_t>(
      {999'999'999'999'999'999, std::numeric_limits<int64_t>::min()}));
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kValueDecimalOutOfRange,
                                          At(8, 8), Value(1))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, ByteArrayDecimalLengthAndRange) {
  OneColumn(kByteArray).logical_type = b_.Field(Decimal(b_, 2));
  // "" | 99 padded | 100 | -99 padded | -100
  Page(Strings({""s, "\x00\x63"s, "\x64"s, "\xff\x9d"s, "\x9c"s}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kValueDecimalLength, At(0, 0), Value(0)),
             IsDiagnostic(Code::kValueDecimalOutOfRange, At(2, 1), Value(2)),
             IsDiagnostic(Code::kValueDecimalOutOfRange, At(5, 1), Value(4))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, FixedDecimalAtThirtyEightDigits) {
  OneColumn(kFixedLenByteArray, 16).logical_type = b_.Field(Decimal(b_, 38));
  // 10^38 - 1 and 10^38, big-endian.
  const std::string max =
      "\x4b\x3b\x4c\xa8\x5a\x86\xc4\x7a\x09\x8a\x22\x3f\xff\xff\xff\xff"s;
  const std::string over =
      "\x4b\x3b\x4c\xa8\x5a\x86\xc4\x7a\x09\x8a\x22\x40\x00\x00\x00\x00"s;
  std::string negative_max = max;  // -(10^38 - 1)
  for (char& c : negative_max) c = static_cast<char>(~c);
  negative_max.back() = static_cast<char>(negative_max.back() + 1);
  Page(Fixed({max, over, negative_max}));
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kValueDecimalOutOfRange,
                                          At(16, 16), Value(1))))
      << Describe(d);
}

// ---- INTEGER and TIME ------------------------------------------------------

TEST_F(ColumnValuesTest, SignedIntegerWidth) {
  LogicalType t = Logical(kLogicalInteger);
  t.integer.bit_width = b_.Field<int8_t>(8);
  t.integer.is_signed = b_.Field(true);
  OneColumn(kInt32).logical_type = b_.Field(t);
  Page(Numbers<int32_t>({127, -128, 128, -129}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kValueIntegerOutOfRange, At(8, 4), Value(2)),
             IsDiagnostic(Code::kValueIntegerOutOfRange, At(12, 4), Value(3))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, UnsignedIntegerReadsTheBitPattern) {
  OneColumn(kInt32).converted_type = b_.Field<int32_t>(kUint8);
  Page(Numbers<int32_t>({255, 256, -1}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kValueIntegerOutOfRange, At(4, 4), Value(1)),
             IsDiagnostic(Code::kValueIntegerOutOfRange, At(8, 4), Value(2))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, FullWidthIntegersNeedNoCheck) {
  OneColumn(kInt32).converted_type = b_.Field<int32_t>(kUint32);
  Page(Numbers<int32_t>({-1, std::numeric_limits<int32_t>::min()}));
  EXPECT_THAT(sink_.Take(), IsEmpty());
}

TEST_F(ColumnValuesTest, TimeWithinOneDay) {
  OneColumn(kInt32).converted_type = b_.Field<int32_t>(kTimeMillis);
  Page(Numbers<int32_t>({0, 86'399'999, 86'400'000, -1}));
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kValueTimeOutOfRange, At(8, 4), Value(2)),
             IsDiagnostic(Code::kValueTimeOutOfRange, At(12, 4), Value(3))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, TimeNanos) {
  LogicalType t = Logical(kLogicalTime);
  t.time.unit = b_.Field<int16_t>(kNanos);
  t.time.is_adjusted_to_utc = b_.Field(true);
  OneColumn(kInt64).logical_type = b_.Field(t);
  Page(Numbers<int64_t>({86'399'999'999'999, 86'400'000'000'000}));
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kValueTimeOutOfRange, At(8, 8),
                                          Value(1))))
      << Describe(d);
}

// ---- page summaries
// -----------------------------------------------------------

TEST_F(ColumnValuesTest, SummaryOfPlainValues) {
  OneColumn(kInt32);
  const PageValueSummary s = Page(Numbers<int32_t>({5, -3, 7, 0}));
  EXPECT_EQ(s.non_null, 4u);
  EXPECT_TRUE(s.has_bounds);
  EXPECT_EQ(s.min, Plain<int32_t>(-3));
  EXPECT_EQ(s.max, Plain<int32_t>(7));
}

TEST_F(ColumnValuesTest, SummaryOfByteArraysOrdersByTheBytes) {
  // Unsigned byte order, where 8-byte prefixes tie, zeros pad and lengths
  // differ; then random values from a small alphabet, against std::string's
  // (memcmp) order.
  OneColumn(kByteArray);
  using std::string_literals::operator""s;
  const std::vector<std::string> fixed = {
      "abcdefgh1", "abcdefgh",   "abcdefgh\0"s, "b",   "a", "a\0"s, "",
      "\xff",      "\xff\0"s,    "abcdefgi",   "\x80"};
  PageValueSummary s = Page(Strings(fixed));
  EXPECT_EQ(s.min, "");
  EXPECT_EQ(s.max, "\xff\0"s);
  s = Page(Strings({"abcdefgh1", "abcdefgh\0"s, "abcdefgh", "abcdefgh2",
                    "abcdefgh\1"}));
  EXPECT_EQ(s.min, "abcdefgh");
  EXPECT_EQ(s.max, "abcdefgh2");
  std::mt19937 rng(7);
  const char alphabet[] = {'\0', '\1', 'a', '\x7f', '\x80', '\xff'};
  for (int round = 0; round < 50; ++round) {
    std::vector<std::string> values(1 + rng() % 64);
    for (std::string& v : values) {
      // Ties on the first 8 bytes: some values, or all in odd rounds.
      v.assign(round % 2 == 1 || rng() % 4 == 0 ? 8 : 0, 'a');
      for (size_t n = rng() % 12; n > 0; --n) v += alphabet[rng() % 6];
    }
    s = Page(Strings(values));
    EXPECT_EQ(s.min, *std::min_element(values.begin(), values.end()));
    EXPECT_EQ(s.max, *std::max_element(values.begin(), values.end()));
  }
}

TEST_F(ColumnValuesTest, SummaryExcludesNaN) {
  OneColumn(kDouble);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const PageValueSummary s = Page(Numbers<double>({nan, 2.5, -1.0, nan}));
  EXPECT_EQ(s.nan_count, 2u);
  EXPECT_EQ(s.min, Plain(-1.0));
  EXPECT_EQ(s.max, Plain(2.5));
  const PageValueSummary all_nan = Page(Numbers<double>({nan}));
  EXPECT_EQ(all_nan.nan_count, 1u);
  EXPECT_FALSE(all_nan.has_bounds);
}

TEST_F(ColumnValuesTest, SummaryResolvesDictionaryIndices) {
  OneColumn(kByteArray);
  PageScope scope = Scope();
  Checker().Dictionary(Strings({"m", "b", "z", "k"}), scope, &section_);
  const PageValueSummary s = Page(Indices({0, 3, 1, 3}));
  EXPECT_EQ(s.non_null, 4u);
  EXPECT_TRUE(s.has_bounds);
  EXPECT_EQ(s.min, "b");
  EXPECT_EQ(s.max, "m");
}

TEST_F(ColumnValuesTest, SummaryCountsNaNDictionaryEntries) {
  OneColumn(kFloat);
  PageScope scope = Scope();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  Checker().Dictionary(Numbers<float>({1.5f, nan, -2.0f}), scope, &section_);
  const PageValueSummary s = Page(Indices({1, 0, 1}));
  EXPECT_EQ(s.nan_count, 2u);
  EXPECT_EQ(s.min, Plain(1.5f));
  EXPECT_EQ(s.max, Plain(1.5f));
}

TEST_F(ColumnValuesTest, BooleanDictionaryOutlivesTheDecodersBuffer) {
  // PLAIN booleans come unpacked in the decoder's buffer, which is reused
  // and freed after the dictionary page; the checker must not keep views
  // into it (ASan caught this on BOOLEAN RLE_DICTIONARY chunks).
  OneColumn(kBoolean);
  PageScope scope = Scope();
  std::vector<std::byte> unpacked = {std::byte{1}, std::byte{0}};
  ValueBatch dictionary;
  dictionary.count = unpacked.size();
  dictionary.fixed = unpacked;
  Checker().Dictionary(dictionary, scope, &section_);
  unpacked.assign({std::byte{7}, std::byte{7}});
  unpacked.clear();
  unpacked.shrink_to_fit();
  const PageValueSummary s = Page(Indices({0, 1, 0}));
  EXPECT_EQ(s.non_null, 3u);
  EXPECT_TRUE(s.has_bounds);
  EXPECT_EQ(s.min, "\0"s);
  EXPECT_EQ(s.max, "\1"s);
}

TEST_F(ColumnValuesTest, UndefinedOrderHasNoBounds) {
  OneColumn(kInt96);
  const PageValueSummary s = Page(Fixed({std::string(12, '\1')}));
  EXPECT_EQ(s.non_null, 1u);
  EXPECT_FALSE(s.has_bounds);
}

// ---- chunk statistics -------------------------------------------------------

TEST_F(ColumnValuesTest, ChunkBoundsMustCoverEveryValue) {
  OneColumn(kInt32);
  Page(Numbers<int32_t>({5, -3}));
  Page(Numbers<int32_t>({7}));
  ChunkStats().min_value = Bound(Plain<int32_t>(0));
  ChunkStats().max_value = Bound(Plain<int32_t>(6));
  const auto d = CheckChunk();
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                               ChunkStats().min_value.span, Stat("min_value")),
                  IsDiagnostic(Code::kStatsValueAboveMax,
                               ChunkStats().max_value.span, Stat("max_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, LooseBoundsAreFineUnlessMarkedExact) {
  OneColumn(kInt32);
  Page(Numbers<int32_t>({5, -3}));
  ChunkStats().min_value = Bound(Plain<int32_t>(-5));
  ChunkStats().max_value = Bound(Plain<int32_t>(9));
  EXPECT_THAT(CheckChunk(), IsEmpty());
  ChunkStats().is_min_value_exact = b_.Field(true);
  ChunkStats().is_max_value_exact = b_.Field(false);
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsBoundNotAttained,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, TruncatedByteArrayBoundsStillBound) {
  OneColumn(kByteArray).logical_type = b_.Field(Logical(kLogicalString));
  Page(Strings({"abcdef", "abcxyz"}));
  ChunkStats().min_value = Bound("abc");
  ChunkStats().max_value = Bound("abd");
  EXPECT_THAT(CheckChunk(), IsEmpty());
  ChunkStats().max_value = Bound("abcx");
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueAboveMax,
                                          ChunkStats().max_value.span,
                                          Stat("max_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, DictionaryPagesFeedChunkBounds) {
  OneColumn(kByteArray);
  PageScope scope = Scope();
  Checker().Dictionary(Strings({"b", "a", "c"}), scope, &section_);
  Page(Indices({0, 0}));
  Page(Indices({2}));
  ChunkStats().min_value = Bound("a");
  ChunkStats().max_value = Bound("c");
  ChunkStats().is_min_value_exact = b_.Field(true);
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsBoundNotAttained,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, NullAndNanCountsMustMatch) {
  OneColumn(kDouble);
  const double nan = std::numeric_limits<double>::quiet_NaN();
  Page(Numbers<double>({nan, 1.0}));
  ChunkStats().null_count = b_.Field<int64_t>(2);
  ChunkStats().nan_count = b_.Field<int64_t>(2);
  const auto d = CheckChunk(/*nulls=*/3);
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsNullCountMismatch,
                          ChunkStats().null_count.span, Stat("null_count")),
             IsDiagnostic(Code::kStatsNanCountMismatch,
                          ChunkStats().nan_count.span, Stat("nan_count"))))
      << Describe(d);
  ChunkStats().null_count = b_.Field<int64_t>(3);
  ChunkStats().nan_count = b_.Field<int64_t>(1);
  EXPECT_THAT(CheckChunk(3), IsEmpty());
}

// A leaf inside a list: definition level 0 is a null or empty list, 1 a
// null element, 2 a value.
TEST_F(ColumnValuesTest, NestedNullCountHasTwoReadings) {
  const int32_t list = b_.AddGroup("list");
  b_.md().schema.value[list].value.repetition_type =
      b_.Field<int32_t>(kRepeated);
  b_.AddLeaf("element", kInt32, 0, list);
  b_.AddRowGroup(10);
  b_.Finish();
  Page(Numbers<int32_t>({1, 2, 3, 4, 5}));
  const uint64_t histogram[] = {2, 1, 5};
  ChunkStats().null_count = b_.Field<int64_t>(3);  // parquet-mr: levels < 2
  Checker().CheckChunkStatistics(b_.meta(0, 0), kChunk, 3, sink_, histogram);
  ChunkStats().null_count = b_.Field<int64_t>(1);  // Arrow: null elements
  Checker().CheckChunkStatistics(b_.meta(0, 0), kChunk, 3, sink_, histogram);
  // Without the histogram only a match can be judged.
  Checker().CheckChunkStatistics(b_.meta(0, 0), kChunk, 3, sink_);
  EXPECT_THAT(sink_.Take(), IsEmpty());
  ChunkStats().null_count = b_.Field<int64_t>(2);
  Checker().CheckChunkStatistics(b_.meta(0, 0), kChunk, 3, sink_, histogram);
  const auto d = sink_.Take();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsNullCountMismatch,
                                          ChunkStats().null_count.span,
                                          Stat("null_count"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, BoundsWithoutValues) {
  OneColumn(kInt64);
  Page(ValueBatch{});  // Every value null.
  ChunkStats().min_value = Bound(Plain<int64_t>(1));
  ChunkStats().max_value = Bound(Plain<int64_t>(1));
  const auto d = CheckChunk(4);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsBoundsWithoutValues,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, AllNaNUnderTypeOrderHasNoBounds) {
  OneColumn(kFloat);
  Page(Numbers<float>({std::numeric_limits<float>::quiet_NaN()}));
  ChunkStats().max_value = Bound(Plain(1.0f));
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsBoundsWithoutValues,
                                          ChunkStats().max_value.span,
                                          Stat("max_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, TypeOrderZerosAreEqualAndNaNBoundsIgnored) {
  OneColumn(kDouble);
  Page(Numbers<double>({-0.0, 1.0}));
  ChunkStats().min_value = Bound(Plain(0.0));
  ChunkStats().max_value = Bound(Plain(-0.0 + 1.0));
  ChunkStats().is_min_value_exact = b_.Field(true);
  EXPECT_THAT(CheckChunk(), IsEmpty());
  // The footer rules report a NaN bound (stats.nan-bound); readers ignore it.
  ChunkStats().max_value =
      Bound(Plain(std::numeric_limits<double>::quiet_NaN()));
  EXPECT_THAT(CheckChunk(), IsEmpty());
}

TEST_F(ColumnValuesTest, TotalOrderSeparatesZeros) {
  OneColumn(kFloat);
  SetOrder(kIeee754TotalOrder);
  Page(Numbers<float>({-0.0f, 2.0f, std::numeric_limits<float>::quiet_NaN()}));
  ChunkStats().min_value = Bound(Plain(0.0f));
  ChunkStats().max_value = Bound(Plain(2.0f));
  ChunkStats().nan_count = b_.Field<int64_t>(1);
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, UnsignedOrderForUnsignedIntegers) {
  OneColumn(kInt32).converted_type = b_.Field<int32_t>(kUint32);
  Page(Numbers<int32_t>({-1, 3}));  // 4294967295 and 3.
  ChunkStats().min_value = Bound(Plain<int32_t>(3));
  ChunkStats().max_value = Bound(Plain<int32_t>(-1));
  EXPECT_THAT(CheckChunk(), IsEmpty());
}

TEST_F(ColumnValuesTest, Int96TimestampOrder) {
  OneColumn(kInt96);
  SetOrder(kInt96TimestampOrder);
  const auto ts = [](int64_t nanos, int32_t day) {
    return Plain(nanos) + Plain(day);
  };
  Page(Fixed({ts(86'399'999'999'999, 2440588), ts(0, 2440589)}));
  ChunkStats().min_value = Bound(ts(0, 2440589));
  ChunkStats().max_value = Bound(ts(0, 2440589));
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, UndefinedOrderIsNotChecked) {
  OneColumn(kInt96);
  Page(Fixed({std::string(12, '\x7f')}));
  ChunkStats().min_value = Bound(std::string(12, '\0'));
  ChunkStats().max_value = Bound(std::string(12, '\0'));
  EXPECT_THAT(CheckChunk(), IsEmpty());
}

TEST_F(ColumnValuesTest, DeprecatedMinMaxInSignedOrder) {
  OneColumn(kInt32);
  Page(Numbers<int32_t>({-4, 2}));
  ChunkStats().min = Bound(Plain<int32_t>(-3));
  ChunkStats().max = Bound(Plain<int32_t>(2));
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                                          ChunkStats().min.span, Stat("min"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, DeprecatedMinMaxIgnoredOutsideSignedOrder) {
  OneColumn(kByteArray);
  Page(Strings({"\xff", "a"}));
  ChunkStats().min = Bound("\xff");  // Signed byte order, as parquet-mr did.
  ChunkStats().max = Bound("a");
  EXPECT_THAT(CheckChunk(), IsEmpty());
}

TEST_F(ColumnValuesTest, DecimalBytesCompareBySignExtendedValue) {
  OneColumn(kByteArray).logical_type = b_.Field(Decimal(b_, 5));
  Page(Strings({"\x00\x05"s, "\xff\xfe"s}));  // 5, -2
  ChunkStats().min_value = Bound("\xfe"s);    // -2
  ChunkStats().max_value = Bound("\x05"s);    // 5
  ChunkStats().is_min_value_exact = b_.Field(true);
  ChunkStats().is_max_value_exact = b_.Field(true);
  EXPECT_THAT(CheckChunk(), IsEmpty());
}

// ---- known writer bugs
// -------------------------------------------------------

TEST_F(ColumnValuesTest, OldParquetMrBoundsAreAKnownBug) {
  OneColumn(kInt32);
  SetCreatedBy("parquet-mr version 1.7.0 (build abcd)");
  Page(Numbers<int32_t>({1, 9}));
  ChunkStats().min_value = Bound(Plain<int32_t>(2));
  ChunkStats().max_value = Bound(Plain<int32_t>(9));
  ChunkStats().null_count = b_.Field<int64_t>(1);
  const auto d = CheckChunk(/*nulls=*/0);
  // Counts are not covered: PARQUET-251 concerns min/max.
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsWriterBug, ChunkStats().min_value.span,
                          Stat("min_value")),
             IsDiagnostic(Code::kStatsNullCountMismatch,
                          ChunkStats().null_count.span, Stat("null_count"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, SignedOrderWritersOnlyExcuseUnsignedOrders) {
  OneColumn(kByteArray);
  SetCreatedBy("parquet-mr version 1.9.0");
  Page(Strings({"a", "\xe9"}));
  ChunkStats().min_value = Bound("\xe9");  // Signed byte order.
  ChunkStats().max_value = Bound("a");
  auto d = CheckChunk();
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kStatsWriterBug,
                               ChunkStats().min_value.span, Stat("min_value")),
                  IsDiagnostic(Code::kStatsWriterBug,
                               ChunkStats().max_value.span, Stat("max_value"))))
      << Describe(d);
  // A newer parquet-mr gets no excuse.
  SetCreatedBy("parquet-mr version 1.10.0");
  checker_.reset();
  Page(Strings({"a", "\xe9"}));
  d = CheckChunk();
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                               ChunkStats().min_value.span, Stat("min_value")),
                  IsDiagnostic(Code::kStatsValueAboveMax,
                               ChunkStats().max_value.span, Stat("max_value"))))
      << Describe(d);
}

TEST_F(ColumnValuesTest, SignedOrderWritersAreRightForSignedTypes) {
  OneColumn(kInt64);
  SetCreatedBy("parquet-cpp version 1.2.0");
  Page(Numbers<int64_t>({-5}));
  ChunkStats().min_value = Bound(Plain<int64_t>(0));
  ChunkStats().max_value = Bound(Plain<int64_t>(0));
  const auto d = CheckChunk();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kStatsValueBelowMin,
                                          ChunkStats().min_value.span,
                                          Stat("min_value"))))
      << Describe(d);
}

// ---- page statistics
// ------------------------------------------------------------

TEST_F(ColumnValuesTest, PageHeaderStatisticsAgainstThePage) {
  OneColumn(kInt32);
  const PageValueSummary page = Page(Numbers<int32_t>({4, 8}));
  Spanned<Statistics> stats = b_.Field(Statistics{}, 30);
  stats.value.min_value = Bound(Plain<int32_t>(4));
  stats.value.max_value = Bound(Plain<int32_t>(7));
  stats.value.null_count = b_.Field<int64_t>(0);
  PageScope scope = Scope();
  Checker().CheckPageStatistics(stats, page, /*page_nulls=*/1, scope,
                                "header.data_page_header.statistics");
  const std::string prefix =
      StrCat(kPage, ".header.data_page_header.statistics.");
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsValueAboveMax, stats.value.max_value.span,
                          prefix + "max_value"),
             IsDiagnostic(Code::kStatsNullCountMismatch,
                          stats.value.null_count.span, prefix + "null_count")))
      << Describe(d);
}

TEST_F(ColumnValuesTest, PageHeaderBoundsOfTheWrongWidthOrNaN) {
  OneColumn(kFloat);
  const PageValueSummary page = Page(Numbers<float>({1.0f}));
  Spanned<Statistics> stats = b_.Field(Statistics{}, 30);
  stats.value.min_value = Bound(Plain(1.0));  // 8 bytes for a FLOAT.
  stats.value.max_value = Bound(Plain(std::numeric_limits<float>::quiet_NaN()));
  PageScope scope = Scope();
  Checker().CheckPageStatistics(stats, page, 0, scope,
                                "header.data_page_header_v2.statistics");
  const std::string prefix =
      StrCat(kPage, ".header.data_page_header_v2.statistics.");
  const auto d = sink_.Take();
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kStatsValueLength, stats.value.min_value.span,
                          prefix + "min_value"),
             IsDiagnostic(Code::kStatsNanBound, stats.value.max_value.span,
                          prefix + "max_value")))
      << Describe(d);
}

}  // namespace
}  // namespace colcheck::parquet
