// The column stage (columns.h, column_values.h): hand-built one-stripe
// files with real stream bytes, each breaking one rule; tests assert codes
// and exact spans.

#include "orc/columns.h"

#include <string>
#include <vector>

#include "core/strings.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/orc_test_support.h"
#include "orc/testing/stream_builder.h"

namespace colcheck::orc {
namespace {

using testing::AsBytes;
using testing::BoolRle;
using testing::ByteRle;
using testing::Check;
using testing::ColumnFile;
using testing::CountIs;
using testing::Describe;
using ::testing::ElementsAre;
using testing::Encoding;
using testing::HasDiagnostic;
using testing::IntV1;
using testing::IsDiagnostic;
using testing::ParentType;
using testing::ProtoWriter;
using testing::StructType;
using testing::TypeMessage;

std::vector<Diagnostic> Errors(const std::vector<Diagnostic>& ds) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : ds) {
    if (d.severity == Severity::kError) out.push_back(d);
  }
  return out;
}

// ColumnFile writes no statistics, so every file it builds also gets one
// orc-footer.statistics-absent: the diagnostics other than that one, for
// tests that assert the exact set their fault adds.
std::vector<Diagnostic> Faults(const std::string& bytes) {
  std::vector<Diagnostic> ds = Check(bytes);
  EXPECT_TRUE(CountIs(ds, Code::kOrcFooterStatisticsAbsent, 1));
  std::erase_if(ds, [](const Diagnostic& d) {
    return d.code == Code::kOrcFooterStatisticsAbsent;
  });
  return ds;
}

TEST(OrcColumnsTest, ValidIntColumnIsClean) {
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 3);
  f.Add(kData, 1, IntV1({1, -2, 3}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
}


ProtoWriter Decimal(uint32_t precision, uint32_t scale) {
  ProtoWriter t = TypeMessage(kDecimal);
  t.Varint(5, precision).Varint(6, scale);
  return t;
}

ProtoWriter Sized(int64_t kind, uint32_t length) {
  ProtoWriter t = TypeMessage(kind);
  t.Varint(4, length);
  return t;
}

// The span StripeFooter.streams gets: its first element's payload to its
// last's.
ByteSpan StreamsSpan(const ColumnFile& f, size_t n) {
  const ByteSpan first = f.FooterMark("streams[0]");
  const ByteSpan last = f.FooterMark(StrCat("streams[", n - 1, "]"));
  return {first.offset, last.end() - first.offset};
}

TEST(OrcColumnsTest, ShortOutOfRange) {
  ColumnFile f({StructType({"a"}), TypeMessage(kShort)}, 2);
  const size_t data = f.Add(kData, 1, IntV1({1, 40000}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueIntegerRange,
                                       f.StreamSpan(data))));
}

TEST(OrcColumnsTest, IntOutOfRangeInRleV2Column) {
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 1);
  // RLEv2 SHORT_REPEAT needs 3 values; a DIRECT run of one 40-bit value:
  // header 01 11100 0 (width code 28 = 40 bits), length 0 (1 value).
  std::string direct = {0x78, 0x00};
  const uint64_t zz = ProtoWriter::Zigzag(int64_t{1} << 35);
  for (int i = 4; i >= 0; --i) direct.push_back(static_cast<char>(zz >> (8 * i)));
  const size_t data = f.Add(kData, 1, direct);
  f.Encode({Encoding(kDirect), Encoding(kDirectV2)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueIntegerRange,
                                       f.StreamSpan(data))));
}

TEST(OrcColumnsTest, PresentDecidesValueCount) {
  // Slots 1 and 3 are null: DATA must hold 2 values, not 3.
  ColumnFile f({StructType({"a"}), TypeMessage(kLong)}, 4);
  f.Add(kPresent, 1, BoolRle({true, false, true, false}));
  const size_t data = f.Add(kData, 1, IntV1({7, 8, 9}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcRleRunPastCount, f.StreamSpan(data)));
}

TEST(OrcColumnsTest, ShortDataStream) {
  ColumnFile f({StructType({"a"}), TypeMessage(kLong)}, 3);
  const size_t data = f.Add(kData, 1, IntV1({7, 8}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(
      Faults(f.Build()),
      ElementsAre(IsDiagnostic(Code::kOrcRleShortStream, f.StreamSpan(data))));
}

TEST(OrcColumnsTest, ListLengthsGiveChildSlots) {
  // list<int>: lengths 2 and 1 need 3 child values; 2 are there.
  ColumnFile f({StructType({"l"}), ParentType(kList, {2}), TypeMessage(kInt)},
               2);
  f.Add(kLength, 1, IntV1({2, 1}, false));
  const size_t data = f.Add(kData, 2, IntV1({1, 2}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(
      Faults(f.Build()),
      ElementsAre(IsDiagnostic(Code::kOrcRleShortStream, f.StreamSpan(data))));
}

TEST(OrcColumnsTest, UnionTagsGiveChildSlots) {
  // uniontype<int,string>: tags 0, 1, 0 give 2 ints and 1 string.
  ColumnFile f({StructType({"u"}), ParentType(kUnion, {2, 3}),
                TypeMessage(kInt), TypeMessage(kString)},
               3);
  f.Add(kData, 1, ByteRle({0, 1, 0}));
  f.Add(kData, 2, IntV1({5, 6}, true));
  f.Add(kLength, 3, IntV1({2}, false));
  f.Add(kData, 3, "hi");
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect),
            Encoding(kDirect)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
}

TEST(OrcColumnsTest, UnionTagOutOfRange) {
  ColumnFile f({StructType({"u"}), ParentType(kUnion, {2}), TypeMessage(kInt)},
               2);
  const size_t tags = f.Add(kData, 1, ByteRle({0, 3}));
  f.Add(kData, 2, IntV1({5}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()), ElementsAre(IsDiagnostic(Code::kOrcRleUnionTag,
                                                          f.StreamSpan(tags))));
}

TEST(OrcColumnsTest, DoubleStreamLength) {
  ColumnFile f({StructType({"d"}), TypeMessage(kDouble)}, 2);
  const size_t data = f.Add(kData, 1, testing::Doubles({1.5}));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcRleShortStream,
                                       f.StreamSpan(data, 8, 0))));
}

TEST(OrcColumnsTest, StringLengthsPastData) {
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, 2);
  const size_t lengths = f.Add(kLength, 1, IntV1({2, 5}, false));
  f.Add(kData, 1, "abcd");
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(
      HasDiagnostic(ds, Code::kOrcValueStringLengthSum, f.StreamSpan(lengths)));
  EXPECT_EQ(Errors(ds).size(), 1u) << Describe(ds);
}

TEST(OrcColumnsTest, StringDataLeftOver) {
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, 2);
  f.Add(kLength, 1, IntV1({1, 1}, false));
  const size_t data = f.Add(kData, 1, "abcd");
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueStringLengthSum,
                                       f.StreamSpan(data, 2, 2))));
}

TEST(OrcColumnsTest, StringDataMissing) {
  ColumnFile f({StructType({"s"}), TypeMessage(kBinary)}, 2);
  f.Add(kLength, 1, IntV1({0, 3}, false));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcStripeMissingStream,
                                       StreamsSpan(f, 1))));
}

TEST(OrcColumnsTest, EmptyStringsNeedNoData) {
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, 2);
  f.Add(kLength, 1, IntV1({0, 0}, false));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
}

TEST(OrcColumnsTest, MissingStreamBehindNulls) {
  // The column has a PRESENT stream, so the stripe stage cannot know that
  // DATA is needed; one non-null slot shows it.
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 2);
  f.Add(kPresent, 1, BoolRle({false, true}));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcStripeMissingStream,
                                       StreamsSpan(f, 1))));
}

TEST(OrcColumnsTest, Utf8CharAndVarchar) {
  ColumnFile f({StructType({"s", "c", "v"}, 1), TypeMessage(kString),
                Sized(kChar, 3), Sized(kVarchar, 2)},
               1);
  f.Add(kLength, 1, IntV1({2}, false));
  const size_t s = f.Add(kData, 1, "\xc3\x28");
  f.Add(kLength, 2, IntV1({2}, false));
  const size_t c = f.Add(kData, 2, "ab");
  f.Add(kLength, 3, IntV1({3}, false));
  const size_t v = f.Add(kData, 3, "abc");
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect),
            Encoding(kDirect)});
  const auto ds = Check(f.Build());
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueUtf8, f.StreamSpan(s)));
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueCharLength, f.StreamSpan(c)));
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueVarcharLength, f.StreamSpan(v)));
}

TEST(OrcColumnsTest, Utf8ValueSplitInAValidStream) {
  // "éxé" is valid UTF-8 as a whole, but lengths {2, 1, 1, 1} cut the
  // second é in two: value 2 (0xc3) is the first invalid one.
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, 4);
  f.Add(kLength, 1, IntV1({2, 1, 1, 1}, false));
  const size_t s = f.Add(kData, 1, "\xc3\xa9x\xc3\xa9");
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const ByteSpan stream = f.StreamSpan(s);
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueUtf8,
                                       ByteSpan({stream.offset + 3, 1}))));
}

ColumnFile DictionaryFile(uint32_t size, std::vector<int64_t> lengths,
                          std::string blob, std::vector<int64_t> indexes,
                          size_t* length_stream, size_t* blob_stream,
                          size_t* data_stream) {
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, indexes.size());
  *data_stream = f.Add(kData, 1, IntV1(indexes, false));
  *length_stream = f.Add(kLength, 1, IntV1(lengths, false));
  *blob_stream = f.Add(kDictionaryData, 1, blob);
  f.Encode({Encoding(kDirect), testing::DictionaryEncoding(kDictionary, size)});
  return f;
}

TEST(OrcColumnsTest, ValidDictionary) {
  size_t l, b, d;
  ColumnFile f = DictionaryFile(2, {1, 2}, "abc", {1, 0, 1}, &l, &b, &d);
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
  EXPECT_FALSE(testing::HasDiagnostic(ds, Code::kOrcValueDictionaryOrder,
                                      f.StreamSpan(b, 1, 2)));
}

TEST(OrcColumnsTest, DictionaryLengthsPastBlob) {
  size_t l, b, d;
  ColumnFile f = DictionaryFile(2, {1, 5}, "abc", {0}, &l, &b, &d);
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(
      Check(f.Build()), Code::kOrcValueDictionaryLengthSum, f.StreamSpan(l)));
}

TEST(OrcColumnsTest, DeclaredDictionarySizeBeyondItsLengths) {
  // dictionary_size 2^24 - 1 (the largest below the limit) over a LENGTH
  // stream of two values: the stream's end is reported, and what is held
  // follows the two lengths read, not the size declared.
  size_t l, b, d;
  ColumnFile f =
      DictionaryFile((uint32_t{1} << 24) - 1, {1, 1}, "ab", {0}, &l, &b, &d);
  EXPECT_THAT(Faults(f.Build()), ElementsAre(IsDiagnostic(
                                     Code::kOrcRleShortStream, f.StreamSpan(l))));
}

TEST(OrcColumnsTest, DictionaryBlobLeftOver) {
  size_t l, b, d;
  ColumnFile f = DictionaryFile(2, {1, 1}, "abcd", {0}, &l, &b, &d);
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueDictionaryLengthSum,
                                       f.StreamSpan(b, 2, 2))));
}

TEST(OrcColumnsTest, DictionaryIndexOutOfRange) {
  size_t l, b, d;
  ColumnFile f = DictionaryFile(2, {1, 1}, "ab", {0, 2}, &l, &b, &d);
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueDictionaryIndex,
                                       f.StreamSpan(d))));
}

TEST(OrcColumnsTest, DictionaryUnsorted) {
  size_t l, b, d;
  ColumnFile f = DictionaryFile(2, {1, 1}, "ba", {0, 1}, &l, &b, &d);
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueDictionaryOrder,
                                       f.StreamSpan(b, 1, 1))));
}

TEST(OrcColumnsTest, DictionaryEmptyWithValues) {
  ColumnFile f({StructType({"s"}), TypeMessage(kString)}, 1);
  f.Add(kData, 1, IntV1({0}, false));
  f.Encode({Encoding(kDirect), testing::DictionaryEncoding(kDictionary, 0)});
  EXPECT_THAT(
      Faults(f.Build()),
      ElementsAre(IsDiagnostic(Code::kOrcValueDictionaryEmpty,
                               f.FooterMark("columns[1].dictionary_size"))));
}

TEST(OrcColumnsTest, DecimalScaleOutOfRange) {
  ColumnFile f({StructType({"d"}), Decimal(10, 2)}, 1);
  f.Add(kData, 1, testing::DecimalVarints({5}));
  const size_t scales = f.Add(kSecondary, 1, IntV1({-1}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValueDecimalScale,
                                       f.StreamSpan(scales))));
}

TEST(OrcColumnsTest, DecimalPrecisionAndTruncation) {
  // decimal(3,1): 12345 at scale 2 is 1234.5 -> 1234 digits at scale 1.
  ColumnFile f({StructType({"d"}), Decimal(3, 1)}, 2);
  const size_t data = f.Add(kData, 1, testing::DecimalVarints({15, 12345}));
  const size_t scales = f.Add(kSecondary, 1, IntV1({2, 2}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueDecimalScaleTruncates,
                            f.StreamSpan(scales)));
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueDecimalPrecision,
                            f.StreamSpan(data, 1, 3)));
}

TEST(OrcColumnsTest, DecimalRescaledPastHundredDigits) {
  // Type scales past 38 digits either way (a fuzz finding: 10^100 left
  // 128 bits). Scale 100: 5 at scale 0 has 105 digits, past any precision.
  ColumnFile up({StructType({"d"}), Decimal(10, 100)}, 1);
  const size_t data = up.Add(kData, 1, testing::DecimalVarints({5}));
  up.Add(kSecondary, 1, IntV1({0}, true));
  up.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_TRUE(HasDiagnostic(Check(up.Build()), Code::kOrcValueDecimalPrecision,
                            up.StreamSpan(data)));
  // Scale -50 (2^32 - 50 as int32): 5 at scale 0 truncates to 0.
  ColumnFile down({StructType({"d"}), Decimal(10, 0xFFFFFFCEu)}, 1);
  down.Add(kData, 1, testing::DecimalVarints({5}));
  const size_t scales = down.Add(kSecondary, 1, IntV1({0}, true));
  down.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(down.Build());
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcValueDecimalScaleTruncates,
                            down.StreamSpan(scales)));
  EXPECT_TRUE(CountIs(ds, Code::kOrcValueDecimalPrecision, 0));
}

TEST(OrcColumnsTest, TimestampNanosOutOfRange) {
  ColumnFile f({StructType({"t"}), TypeMessage(kTimestamp)}, 1);
  f.Add(kData, 1, IntV1({0}, true));
  // Mantissa 2*10^8 with z = 2 (3 zeros): 2*10^11 nanoseconds.
  const size_t nanos = f.Add(kSecondary, 1, IntV1({(200000000 << 3) | 2},
                                                  false));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(
      Faults(f.Build()),
      ElementsAre(IsDiagnostic(Code::kOrcRleNanosRange, f.StreamSpan(nanos))));
}

TEST(OrcColumnsTest, PresentAllTrue) {
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 2);
  const size_t present = f.Add(kPresent, 1, BoolRle({true, true}));
  f.Add(kData, 1, IntV1({1, 2}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  EXPECT_THAT(Faults(f.Build()),
              ElementsAre(IsDiagnostic(Code::kOrcValuePresentAllTrue,
                                       f.StreamSpan(present))));
}

TEST(OrcColumnsTest, RowGroupLimit) {
  ColumnFile f({StructType({})}, uint64_t{1} << 21, /*stride=*/1);
  f.Encode({Encoding(kDirect)});
  const std::string bytes = f.Build();
  const auto ds = Check(bytes);
  bool found = false;
  for (const Diagnostic& d : ds) found |= d.code == Code::kLimitsOrcRowGroups;
  EXPECT_TRUE(found) << Describe(ds);
}


TEST(OrcColumnsTest, Decimal64IsOneRleV2Stream) {
  // UNSTABLE-PRE-2.0 decimal(4,2): DATA only, signed RLEv2 even under
  // DIRECT. One DIRECT run of 16-bit zigzag 12345 (3 digits too many).
  ColumnFile f({StructType({"d"}), Decimal(4, 2)}, 1);
  f.SetVersion(1, 9999);
  const size_t data = f.Add(kData, 1, std::string{0x5e, 0x00, 0x60, 0x72});
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  // Not alone: the file also gets orc-footer.statistics-absent,
  // orc-tail.unstable-version.
  EXPECT_TRUE(
      HasDiagnostic(ds, Code::kOrcValueDecimalPrecision, f.StreamSpan(data)));
  EXPECT_FALSE(testing::HasDiagnostic(ds, Code::kOrcStripeMissingStream,
                                      StreamsSpan(f, 1)));
}

// Records what the column stage hands an observer.
class Recorder final : public ColumnObserver {
 public:
  struct Event {
    uint32_t column;
    uint64_t group;
    bool null;
    int64_t integer;
    bool operator==(const Event&) const = default;
  };
  void BeginStripe(size_t, const StripeData&) override { ++begun; }
  void OnSlots(const SlotBatch& b) override {
    size_t v = 0;
    for (uint64_t i = 0; i < b.slots; ++i) {
      if (!b.present.empty() && b.present[i] == 0) {
        events.push_back({b.column, b.row_group, true, 0});
        continue;
      }
      events.push_back({b.column, b.row_group, false, b.values[v].integer});
      spans.push_back(b.spans->Span(v++));
    }
  }
  void EndStripe(size_t, bool complete) override { completed = complete; }

  int begun = 0;
  bool completed = false;
  std::vector<Event> events;
  std::vector<ByteSpan> spans;
};

TEST(OrcColumnsTest, ObserverSeesEverySlotWithItsRowGroup) {
  // struct<a:int, l:list<int>>, 5 rows in row groups of 2.
  ColumnFile f({StructType({"a", "l"}), TypeMessage(kInt),
                ParentType(kList, {3}), TypeMessage(kInt)},
               5, /*stride=*/2);
  f.Add(kPresent, 1, BoolRle({true, false, true, true, false}));
  const size_t a = f.Add(kData, 1, IntV1({10, 11, 12}, true));
  f.Add(kLength, 2, IntV1({1, 0, 2, 1, 3}, false));
  f.Add(kData, 3, IntV1({1, 2, 3, 4, 5, 6, 7}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect),
            Encoding(kDirect)});
  Recorder r;
  DiagnosticSink sink;
  ASSERT_TRUE(testing::ReadColumnsWith(f.Build(), &r, sink));
  using E = Recorder::Event;
  const std::vector<E> want = {
      {0, 0, false, 0},  {0, 0, false, 0},  {0, 1, false, 0},
      {0, 1, false, 0},  {0, 2, false, 0},  {1, 0, false, 10},
      {1, 0, true, 0},   {1, 1, false, 11}, {1, 1, false, 12},
      {1, 2, true, 0},   {2, 0, false, 1},  {2, 0, false, 0},
      {2, 1, false, 2},  {2, 1, false, 1},  {2, 2, false, 3},
      {3, 0, false, 1},  {3, 1, false, 2},  {3, 1, false, 3},
      {3, 1, false, 4},  {3, 2, false, 5},  {3, 2, false, 6},
      {3, 2, false, 7}};
  EXPECT_EQ(r.events, want);
  EXPECT_EQ(r.begun, 1);
  EXPECT_TRUE(r.completed);
  // Column a's values are blamed on their run: the literal group.
  EXPECT_EQ(r.spans[5], f.StreamSpan(a));
}

TEST(OrcColumnsTest, FaultStopsTheColumnAndItsSubtree) {
  // list<int> whose LENGTH stream is short: the list and its child stop,
  // the other column is read, and the stripe ends incomplete.
  ProtoWriter root = ParentType(kStruct, {1, 3});
  root.Bytes(3, "l").Bytes(3, "b");
  ColumnFile f({root, ParentType(kList, {2}),
                TypeMessage(kInt), TypeMessage(kLong)},
               2);
  f.Add(kLength, 1, IntV1({1}, false));
  f.Add(kData, 2, IntV1({1}, true));
  f.Add(kData, 3, IntV1({5, 6}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect),
            Encoding(kDirect)});
  Recorder r;
  DiagnosticSink sink;
  ASSERT_TRUE(testing::ReadColumnsWith(f.Build(), &r, sink));
  EXPECT_FALSE(r.completed);
  size_t child = 0, other = 0;
  for (const auto& e : r.events) {
    child += e.column == 2;
    other += e.column == 3;
  }
  EXPECT_EQ(child, 0u);
  EXPECT_EQ(other, 2u);
}

// Counts the column stage's work: one step per OnSlots batch and per
// OnUnstoredSlots run, and the slots they cover.
class WorkCounter final : public ColumnObserver {
 public:
  void BeginStripe(size_t, const StripeData&) override {}
  void OnSlots(const SlotBatch& b) override {
    ++steps;
    slots += b.slots;
  }
  void OnUnstoredSlots(uint32_t, uint64_t, uint64_t row_groups,
                       uint64_t slots_per_group) override {
    ++steps;
    slots += row_groups * slots_per_group;
  }
  void EndStripe(size_t, bool complete) override { completed = complete; }

  uint64_t steps = 0;
  uint64_t slots = 0;
  bool completed = false;
};

// The column stage over `bytes`, counted by `work`: its diagnostics.
std::vector<Diagnostic> ReadCounting(const std::string& bytes,
                                     WorkCounter* work) {
  DiagnosticSink sink;
  EXPECT_TRUE(testing::ReadColumnsWith(bytes, work, sink));
  return sink.Take();
}

TEST(OrcColumnsTest, StructSlotsCostWorkByTheBytesNotTheRows) {
  // struct<a:struct<b:struct<>>>, 2^30 rows in groups of 3000 and no
  // streams: 3 * 2^30 slots that no byte holds, once 3 * 2^20 batches.
  ColumnFile f({StructType({"a"}), StructType({"b"}, 2), StructType({})},
               uint64_t{1} << 30, /*stride=*/3000);
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  WorkCounter work;
  const auto ds = ReadCounting(bytes, &work);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
  EXPECT_TRUE(work.completed);
  EXPECT_EQ(work.slots, 3 * (uint64_t{1} << 30));
  // Two runs per column: the full groups and the last one.
  EXPECT_EQ(work.steps, 6u);
  EXPECT_LE(work.steps, bytes.size());
  EXPECT_THAT(Faults(bytes), ElementsAre());
}

TEST(OrcColumnsTest, StructSlotLimitCostsNoWorkPerSlot) {
  // 2^31 + 1 rows: the root's slots fit the stripe's limit, its child's
  // do not; the report is as before, and no slot is visited one by one.
  ColumnFile f({StructType({"a"}), StructType({})}, (uint64_t{1} << 31) + 1);
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  WorkCounter work;
  const ByteSpan rows = f.FileFooterMark("stripes[0].number_of_rows");
  EXPECT_THAT(ReadCounting(bytes, &work),
              ElementsAre(IsDiagnostic(Code::kLimitsOrcStripeSlots, rows)));
  EXPECT_FALSE(work.completed);
  EXPECT_EQ(work.slots, (uint64_t{1} << 31) + 1);
  EXPECT_LE(work.steps, bytes.size());
  EXPECT_THAT(Faults(bytes),
              ElementsAre(IsDiagnostic(Code::kLimitsOrcStripeSlots, rows)));
}

TEST(OrcColumnsTest, ListChildStructSlotsCostWorkByTheBytes) {
  // list<struct<>> whose one list claims 2^31 elements: the child's slots
  // come from one length, and are handed out as one run.
  ColumnFile f({StructType({"l"}), ParentType(kList, {2}), StructType({})},
               1);
  f.Add(kLength, 1, IntV1({int64_t{1} << 31}, false));
  f.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  WorkCounter work;
  const auto ds = ReadCounting(bytes, &work);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
  EXPECT_EQ(work.slots, 2 + (uint64_t{1} << 31));
  EXPECT_LE(work.steps, bytes.size());
}

TEST(OrcColumnsTest, PresentBitsBoundTheRowGroupsVisited) {
  // 2^20 row groups of one row each over an int column whose PRESENT
  // stream holds 16 bits: the stream's end stops the column after its
  // bits, not after the groups the stripe claims.
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, uint64_t{1} << 20,
               /*stride=*/1);
  const size_t present = f.Add(kPresent, 1, BoolRle(std::vector<bool>(16)));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  WorkCounter work;
  const auto ds = ReadCounting(bytes, &work);
  EXPECT_TRUE(CountIs(ds, Code::kOrcRleShortStream, 1)) << Describe(ds);
  EXPECT_TRUE(
      HasDiagnostic(ds, Code::kOrcRleShortStream, f.StreamSpan(present)));
  EXPECT_FALSE(work.completed);
  EXPECT_EQ(work.slots, uint64_t{1} << 20);  // The root's, as one run.
  EXPECT_LE(work.steps, bytes.size());
}

// Report::work.orc_steps, through the public API: the steps a validation
// takes, one per run decoded, batch of slots and run of unstored slots.
TEST(OrcColumnsTest, ReportCountsEveryRunAndBatch) {
  // The root's 3 rows are one run that no byte holds; column a is one
  // batch of 3 slots, read from one RLEv1 literal run.
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 3);
  f.Add(kData, 1, IntV1({1, -2, 3}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  const Report report = ValidateBytes(AsBytes(bytes), Options());
  EXPECT_EQ(report.work.orc_steps, 3u);
}

TEST(OrcColumnsTest, ReportWorkFollowsTheBytesNotTheRows) {
  // 2^30 rows in 3 nested structs, and 2^20 one-row groups over 16 PRESENT
  // bits: both within the bytes, far below what the fuzz targets allow
  // (fuzz_oracles.h, CheckWork).
  ColumnFile structs(
      {StructType({"a"}), StructType({"b"}, 2), StructType({})},
      uint64_t{1} << 30, /*stride=*/3000);
  structs.Encode({Encoding(kDirect), Encoding(kDirect), Encoding(kDirect)});
  const std::string a = structs.Build();
  EXPECT_LE(ValidateBytes(AsBytes(a), Options()).work.orc_steps, a.size());

  ColumnFile groups({StructType({"a"}), TypeMessage(kInt)}, uint64_t{1} << 20,
                    /*stride=*/1);
  const size_t present =
      groups.Add(kPresent, 1, BoolRle(std::vector<bool>(16)));
  groups.Encode({Encoding(kDirect), Encoding(kDirect)});
  const std::string b = groups.Build();
  const Report report = ValidateBytes(AsBytes(b), Options());
  EXPECT_TRUE(HasDiagnostic(report.diagnostics, Code::kOrcRleShortStream,
                            groups.StreamSpan(present)));
  EXPECT_LE(report.work.orc_steps, b.size());
}

TEST(OrcColumnsTest, ReportCountsABatchPerRowGroup) {
  // 16 one-row groups of nulls: a batch each, read from one PRESENT run,
  // read twice (once for its faults); the root's rows are one run.
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 16, /*stride=*/1);
  f.Add(kPresent, 1, BoolRle(std::vector<bool>(16)));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const std::string bytes = f.Build();
  const Report report = ValidateBytes(AsBytes(bytes), Options());
  EXPECT_TRUE(Errors(report.diagnostics).empty())
      << Describe(report.diagnostics);
  EXPECT_EQ(report.work.orc_steps, 16u + 2u + 1u);
}

}  // namespace
}  // namespace colcheck::orc
