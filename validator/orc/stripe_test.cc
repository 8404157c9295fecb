// Footer rules about stripes and the stripe footer rules (orc-rules.md F2-F11,
// S1, SF2-SF11): each test breaks one rule and asserts its code and span.

#include "orc/stripe.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/strings.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc {
namespace {

using testing::Check;
using testing::Describe;
using ::testing::ElementsAre;
using testing::Encoding;
using testing::HasDiagnostic;
using testing::IsDiagnostic;
using testing::OrcFile;
using testing::ProtoWriter;
using testing::StreamSpec;
using testing::StripeBuilder;
using testing::TypeMessage;
using ::testing::UnorderedElementsAre;

ProtoWriter StructOf(size_t children) {
  ProtoWriter t = TypeMessage(kStruct);
  std::string packed;
  for (size_t i = 1; i <= children; ++i) ProtoWriter::PutVarint(packed, i);
  t.Bytes(2, packed);
  for (size_t i = 1; i <= children; ++i) t.Bytes(3, StrCat("c", i));
  return t;
}

struct Built {
  OrcFile file;
  std::string bytes;
  std::vector<uint64_t> offsets;  // Of each stripe.
  std::vector<StripeBuilder> stripes;

  ByteSpan StripeFooterMark(size_t i, const std::string& name) const {
    const ByteSpan m = stripes[i].Footer().mark(name);
    return {stripes[i].FooterOffset(offsets[i]) + m.offset, m.length};
  }
  ByteSpan StripeFooterSpan(size_t i) const {
    return {stripes[i].FooterOffset(offsets[i]),
            stripes[i].Footer().bytes().size()};
  }
};

// A file of `types` and `stripes` laid end to end after the header.
Built Build(const std::vector<ProtoWriter>& types,
            const std::vector<StripeBuilder>& stripes, uint64_t stride = 0,
            const std::function<void(ProtoWriter&)>& extra = {}) {
  Built b;
  b.stripes = stripes;
  uint64_t offset = 3;
  std::vector<ProtoWriter> infos;
  uint64_t rows = 0;
  for (const StripeBuilder& s : stripes) {
    b.offsets.push_back(offset);
    infos.push_back(s.Information(offset));
    b.file.stripes += s.Bytes();
    offset += s.Bytes().size();
    rows += s.rows;
  }
  ProtoWriter& f = b.file.footer;
  f.Varint(1, 3).Varint(2, offset, "content_length");
  for (size_t i = 0; i < infos.size(); ++i) {
    f.Message(3, infos[i], StrCat("stripes[", i, "]"));
  }
  for (size_t i = 0; i < types.size(); ++i) {
    f.Message(4, types[i], StrCat("types[", i, "]"));
  }
  f.Varint(6, rows, "number_of_rows");
  // Every column has a value in every row (the stripes have no PRESENT).
  ProtoWriter stats;
  stats.Varint(1, rows).Varint(10, 0);
  for (size_t i = 0; i < types.size(); ++i) f.Message(7, stats);
  f.Varint(8, stride).Varint(9, 1);
  if (extra) extra(f);
  b.bytes = b.file.Build();
  return b;
}

// struct<c1:int> in one stripe with a DATA stream for c1.
StripeBuilder IntStripe() {
  StripeBuilder s;
  s.streams = {{kData, 1, 4}};
  s.encodings = {Encoding(kDirect), Encoding(kDirectV2)};
  s.timezone = "UTC";
  return s;
}

std::vector<Diagnostic> RunPages(const Built& b) {
  return Check(b.bytes, Level::kPages);
}

TEST(OrcStripeTest, ValidStripeIsClean) {
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {IntStripe()});
  const auto ds = RunPages(b);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcFooterTest, HeaderLength) {
  const Built b = Build({StructOf(0)}, {}, 0, [](ProtoWriter& f) {
    f.Varint(1, 4, "header_length");
  });
  // Not alone: the file also gets protobuf.duplicate-field.
  EXPECT_TRUE(HasDiagnostic(RunPages(b), Code::kOrcFooterHeaderLength,
                            b.file.FooterMark("header_length")));
}

TEST(OrcFooterTest, StripeOutOfBounds) {
  StripeBuilder s = IntStripe();
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  // Cut the stripe's bytes: it now runs into the tail.
  b.file.stripes.resize(2);
  b.file.footer = ProtoWriter();
  b.file.footer.Varint(1, 3)
      .Message(3, s.Information(3), "stripes[0]")
      .Message(4, StructOf(1))
      .Message(4, TypeMessage(kInt))
      .Varint(6, 1);
  b.bytes = b.file.Build();
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(RunPages(b), Code::kOrcFooterStripeOutOfBounds,
                            b.file.FooterMark("stripes[0]")));
}

TEST(OrcFooterTest, StripeOverlap) {
  StripeBuilder s = IntStripe();
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s, s});
  // Point the second stripe at the first one's bytes.
  b.file.footer = ProtoWriter();
  b.file.footer.Varint(1, 3)
      .Message(3, s.Information(3))
      .Message(3, s.Information(4), "stripes[1]")
      .Message(4, StructOf(1))
      .Message(4, TypeMessage(kInt))
      .Varint(6, 2);
  b.bytes = b.file.Build();
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(RunPages(b), Code::kOrcFooterStripeOverlap,
                            b.file.FooterMark("stripes[1].offset")));
}

TEST(OrcFooterTest, RowCountAndContentLength) {
  StripeBuilder s = IntStripe();
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s}, 0, [](ProtoWriter& f) {
    f.Varint(6, 7, "number_of_rows2");  // A later occurrence wins.
  });
  const auto ds = RunPages(b);
  // Not alone: the file also gets protobuf.duplicate-field.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcFooterRowCount,
                            b.file.FooterMark("number_of_rows2")));
}

TEST(OrcFooterTest, ContentLengthConventions) {
  const StripeBuilder s = IntStripe();
  const uint64_t end = 3 + s.Bytes().size();
  for (const auto& [length, code] : std::vector<std::pair<uint64_t, Code>>{
           {end - 3, Code::kOrcFooterContentLengthCpp},
           {end + 10, Code::kOrcFooterContentLength}}) {
    const uint64_t value = length;  // clang 14 captures no structured binding.
    const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s}, 0,
                          [&](ProtoWriter& f) {
                            f.Varint(2, value, "content_length2");
                          });
    // Not alone: the file also gets protobuf.duplicate-field.
    EXPECT_TRUE(
        HasDiagnostic(RunPages(b), code, b.file.FooterMark("content_length2")));
  }
}

TEST(OrcFooterTest, CountsAndAbsentFields) {
  OrcFile f;
  f.footer.Varint(2, 3).Varint(9, 1);
  const std::string bytes = f.Build();
  const ByteSpan footer = {f.FooterOffset(), f.footer.bytes().size()};
  const auto ds = Check(bytes);
  EXPECT_THAT(ds, UnorderedElementsAre(
                      IsDiagnostic(Code::kOrcFooterNoTypes, footer),
                      IsDiagnostic(Code::kOrcFooterHeaderLengthAbsent, footer),
                      IsDiagnostic(Code::kOrcFooterRowCountAbsent, footer),
                      IsDiagnostic(Code::kOrcFooterStatisticsAbsent, footer)));
}

TEST(OrcFooterTest, StatisticsCount) {
  OrcFile f;
  f.footer.Varint(1, 3).Varint(2, 3)
      .Message(4, StructOf(1))
      .Message(4, TypeMessage(kInt))
      .Varint(6, 0)
      .Message(7, testing::EmptyStats(), "statistics[0]");
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes),
              ElementsAre(IsDiagnostic(Code::kOrcFooterStatisticsCount,
                                       f.FooterMark("statistics[0]"))));
}

TEST(OrcFooterTest, WriterCalendarAndMetadataNames) {
  ProtoWriter item;
  item.Bytes(1, "k").Bytes(2, "v");
  const Built b = Build({StructOf(0)}, {}, 0, [&](ProtoWriter& f) {
    f.Varint(9, 17, "writer").Varint(11, 0, "calendar");
    f.Message(5, item).Message(5, item, "metadata[1]");
  });
  const auto ds = RunPages(b);
  // Not alone: the file also gets protobuf.duplicate-field.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcFooterUnknownWriter,
                            b.file.FooterMark("writer")));
  // Not alone: the file also gets protobuf.duplicate-field.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcFooterCalendar,
                            b.file.FooterMark("calendar")));
  // Not alone: the file also gets protobuf.duplicate-field.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcFooterDuplicateMetadata,
                            b.file.FooterMark("metadata[1]")));
}

TEST(OrcFooterTest, UnaccountedBytes) {
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {IntStripe()});
  const uint64_t end = 3 + b.file.stripes.size();
  b.file.stripes += std::string(10, '\0');
  b.bytes = b.file.Build();
  EXPECT_THAT(RunPages(b),
              ElementsAre(IsDiagnostic(Code::kOrcFooterUnaccountedBytes,
                                       (ByteSpan{end, 10}))));
}

TEST(OrcFooterTest, StripeWithoutRowsOrFooter) {
  StripeBuilder s = IntStripe();
  s.rows = 0;
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const auto ds = RunPages(b);
  const ByteSpan rows = b.file.FooterMark("stripes[0]");
  // number_of_rows is the last field of the StripeInformation: one byte.
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcFooterStripeNoRows,
                                           (ByteSpan{rows.end() - 1, 1}))));
}

// An empty stripe before one with rows ends ORC C++'s read; after the last
// stripe with rows it is harmless.
TEST(OrcFooterTest, EmptyStripeBeforeRows) {
  StripeBuilder empty = IntStripe();
  empty.rows = 0;
  Built b = Build({StructOf(1), TypeMessage(kInt)},
                  {empty, IntStripe(), empty});
  const auto ds = RunPages(b);
  const auto rows_field = [&](size_t i) {
    const ByteSpan info = b.file.FooterMark(StrCat("stripes[", i, "]"));
    return ByteSpan{info.end() - 1, 1};
  };
  EXPECT_THAT(
      ds,
      UnorderedElementsAre(
          IsDiagnostic(Code::kOrcFooterEmptyStripeBeforeRows, rows_field(0)),
          IsDiagnostic(Code::kOrcFooterStripeNoRows, rows_field(2))));
  EXPECT_FALSE(HasDiagnostic(ds, Code::kOrcFooterStripeNoRows, rows_field(0)));
  EXPECT_FALSE(
      HasDiagnostic(ds, Code::kOrcFooterEmptyStripeBeforeRows, rows_field(2)));
}

TEST(OrcFooterTest, StripeWithoutFooter) {
  StripeBuilder s = IntStripe();
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  ProtoWriter info;
  info.Varint(1, 3).Varint(2, 0).Varint(3, 4).Varint(4, 0, "footer_length")
      .Varint(5, 1);
  b.file.footer = ProtoWriter();
  b.file.footer.Varint(1, 3).Message(3, info, "stripes[0]")
      .Message(4, StructOf(1)).Message(4, TypeMessage(kInt)).Varint(6, 1);
  b.bytes = b.file.Build();
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(RunPages(b), Code::kOrcFooterStripeFooterLength,
                            b.file.FooterMark("stripes[0].footer_length")));
}

TEST(OrcFooterTest, MetadataCount) {
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {IntStripe()});
  ProtoWriter stripe_stats;
  stripe_stats.Message(1, testing::EmptyStats());
  b.file.has_metadata = true;
  b.file.metadata.Message(1, stripe_stats, "stripe_stats[0]");
  b.bytes = b.file.Build();
  EXPECT_THAT(
      Check(b.bytes, Level::kFooter),
      ElementsAre(IsDiagnostic(Code::kOrcFooterMetadataCount,
                               b.file.MetadataMark("stripe_stats[0]"))));
}

TEST(OrcStripeTest, EncodingCount) {
  StripeBuilder s = IntStripe();
  s.encodings.pop_back();
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  EXPECT_THAT(RunPages(b),
              ElementsAre(IsDiagnostic(Code::kOrcStripeEncodingCount,
                                       b.StripeFooterMark(0, "columns[0]"))));
}

TEST(OrcStripeTest, StreamKindAndColumn) {
  StripeBuilder s = IntStripe();
  s.streams.push_back({55, 1, 0});
  s.streams.push_back({kData, 9, 0});
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const auto ds = RunPages(b);
  EXPECT_THAT(ds,
              UnorderedElementsAre(
                  IsDiagnostic(Code::kOrcStripeStreamKind,
                               b.StripeFooterMark(0, "streams[1].kind")),
                  IsDiagnostic(Code::kOrcStripeStreamColumn,
                               b.StripeFooterMark(0, "streams[2].column"))));
}

TEST(OrcStripeTest, LayoutAmbiguous) {
  StripeBuilder s = IntStripe();
  s.streams.push_back({kRowIndex, 1, 2});
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const ByteSpan body = b.StripeFooterMark(0, "streams[1]");
  EXPECT_THAT(RunPages(b), ElementsAre(IsDiagnostic(
                               Code::kOrcStripeLayoutAmbiguous,
                               (ByteSpan{body.offset - 2, body.length + 2}))));
}

TEST(OrcStripeTest, AreaLength) {
  StripeBuilder s = IntStripe();
  Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  // Declare one more data byte than the streams add up to.
  ProtoWriter info;
  info.Varint(1, 3).Varint(2, 0).Varint(3, 5).Varint(4,
      s.Footer().bytes().size()).Varint(5, 1);
  b.file.stripes = std::string(5, '\0') + s.Footer().bytes();
  b.file.footer = ProtoWriter();
  b.file.footer.Varint(1, 3).Message(3, info).Message(4, StructOf(1))
      .Message(4, TypeMessage(kInt)).Varint(6, 1);
  b.bytes = b.file.Build();
  const ByteSpan streams = {3 + 5 + s.Footer().mark("streams[0]").offset,
                            s.Footer().mark("streams[0]").length};
  // Not alone: the file also gets orc-footer.statistics-absent.
  EXPECT_TRUE(HasDiagnostic(RunPages(b), Code::kOrcStripeAreaLength, streams));
}

TEST(OrcStripeTest, DuplicateStream) {
  StripeBuilder s = IntStripe();
  s.streams.push_back({kData, 1, 4});
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const ByteSpan body = b.StripeFooterMark(0, "streams[1]");
  EXPECT_THAT(RunPages(b), ElementsAre(IsDiagnostic(
                               Code::kOrcStripeDuplicateStream,
                               (ByteSpan{body.offset - 2, body.length + 2}))));
}

TEST(OrcStripeTest, MissingAndForeignStreams) {
  StripeBuilder s = IntStripe();
  s.streams = {{kLength, 1, 4}};
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const auto ds = RunPages(b);
  const ByteSpan body = b.StripeFooterMark(0, "streams[0]");
  EXPECT_THAT(ds,
              UnorderedElementsAre(
                  IsDiagnostic(Code::kOrcStripeForeignStream,
                               (ByteSpan{body.offset - 2, body.length + 2})),
                  IsDiagnostic(Code::kOrcStripeMissingStream, body)));
}

TEST(OrcStripeTest, DictionaryCountIsDeprecated) {
  StripeBuilder s;
  s.streams = {{kDictionaryCount, 1, 1}, {kData, 1, 1}, {kLength, 1, 1},
               {kDictionaryData, 1, 1}};
  ProtoWriter dictionary = Encoding(kDictionary);
  dictionary.Varint(2, 1);
  s.encodings = {Encoding(kDirect), dictionary};
  s.timezone = "UTC";
  const Built b = Build({StructOf(1), TypeMessage(kString)}, {s});
  const auto ds = RunPages(b);
  const ByteSpan body = b.StripeFooterMark(0, "streams[0]");
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(
                      Code::kOrcStripeDictionaryCount,
                      (ByteSpan{body.offset - 2, body.length + 2}))));
  EXPECT_EQ(ds.size(), 1u) << Describe(ds);
}

TEST(OrcStripeTest, EncodingNotAllowedAndDictionarySize) {
  StripeBuilder s;
  s.streams = {{kData, 1, 1}, {kData, 2, 1}, {kLength, 2, 1},
               {kDictionaryData, 2, 1}};
  s.encodings = {Encoding(kDirect), Encoding(kDictionary),
                 Encoding(kDictionaryV2)};
  const Built b = Build(
      {StructOf(2), TypeMessage(kInt), TypeMessage(kString)}, {s});
  const auto ds = RunPages(b);
  // Not alone: the file also gets orc-stripe.dictionary-size-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStripeEncoding,
                            b.StripeFooterMark(0, "columns[1].kind")));
  // Not alone: the file also gets orc-stripe.dictionary-size-absent.
  EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcStripeDictionarySizeAbsent,
                            b.StripeFooterMark(0, "columns[2]")));
}

// A STRUCT root encoded `kind` over an INT column reports only `code`, at
// the root's kind.
void ExpectOnlyStructEncoding(int64_t kind, Code code) {
  StripeBuilder s = IntStripe();
  s.encodings[0] = Encoding(kind);
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const auto ds = RunPages(b);
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(
                      code, b.StripeFooterMark(0, "columns[0].kind"))));
  EXPECT_EQ(ds.size(), 1u) << Describe(ds);
}

TEST(OrcStripeTest, StructEncodingOutsideTheEnumIsAWarning) {
  // Old Hive and Spark wrote kind -1 for a STRUCT: readers see DIRECT.
  ExpectOnlyStructEncoding(-1, Code::kOrcStripeStructEncodingUnknown);
}

TEST(OrcStripeTest, StructEncodingInTheEnumMustBeDirect) {
  ExpectOnlyStructEncoding(kDirectV2, Code::kOrcStripeEncoding);
}

TEST(OrcStripeTest, BloomEncoding) {
  StripeBuilder s = IntStripe();
  s.encodings[1].Varint(3, 5, "bloom_encoding");
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  EXPECT_THAT(RunPages(b),
              ElementsAre(IsDiagnostic(
                  Code::kOrcStripeBloomEncoding,
                  b.StripeFooterMark(0, "columns[1].bloom_encoding"))));
}

// A stripe of one TIMESTAMP column (DATA and SECONDARY, one byte each).
StripeBuilder TimestampStripe() {
  StripeBuilder s;
  s.streams = {{kData, 1, 1}, {kSecondary, 1, 1}};
  s.encodings = {Encoding(kDirect), Encoding(kDirectV2)};
  return s;
}

TEST(OrcStripeTest, Timezones) {
  StripeBuilder first = TimestampStripe();
  first.timezone = "Not A/Zone";
  StripeBuilder second = TimestampStripe();
  second.timezone = "America/Los_Angeles";
  const Built b =
      Build({StructOf(1), TypeMessage(kTimestamp)}, {first, second});
  const auto ds = RunPages(b);
  EXPECT_THAT(ds, UnorderedElementsAre(
                      IsDiagnostic(Code::kOrcStripeTimezone,
                                   b.StripeFooterMark(0, "writer_timezone")),
                      IsDiagnostic(Code::kOrcStripeTimezoneChanges,
                                   b.StripeFooterMark(1, "writer_timezone"))));
}

// Readers apply the zone to TIMESTAMP values only.
TEST(OrcStripeTest, UnknownTimezoneWithoutTimestampsIsNotReported) {
  StripeBuilder s = IntStripe();
  s.timezone = "Not A/Zone";
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s});
  const auto ds = RunPages(b);
  EXPECT_FALSE(HasDiagnostic(ds, Code::kOrcStripeTimezone,
                             b.StripeFooterMark(0, "writer_timezone")))
      << Describe(ds);
}

TEST(OrcStripeTest, TimezoneAbsentWithTimestamps) {
  const Built b =
      Build({StructOf(1), TypeMessage(kTimestamp)}, {TimestampStripe()});
  EXPECT_THAT(
      RunPages(b),
      ElementsAre(IsDiagnostic(
          Code::kOrcStripeTimezoneAbsent,
          (ByteSpan{b.file.FooterOffset(), b.file.footer.bytes().size()}))));
}

TEST(OrcStripeTest, RowIndexMissing) {
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {IntStripe()}, 1000);
  EXPECT_THAT(RunPages(b),
              ElementsAre(IsDiagnostic(Code::kOrcStripeRowIndexMissing,
                                       b.StripeFooterMark(0, "streams[0]"))));
}

// RI1 asks a ROW_INDEX "for each primitive column": the root STRUCT may go
// without one.
TEST(OrcStripeTest, RowIndexOfCompoundColumnsIsNotRequired) {
  StripeBuilder s = IntStripe();
  s.streams.insert(s.streams.begin(), StreamSpec{kRowIndex, 1, 0});
  const Built b = Build({StructOf(1), TypeMessage(kInt)}, {s}, 1000);
  const auto ds = RunPages(b);
  EXPECT_TRUE(std::none_of(ds.begin(), ds.end(), [](const Diagnostic& d) {
    return d.code == Code::kOrcStripeRowIndexMissing;
  })) << Describe(ds);
}

}  // namespace
}  // namespace colcheck::orc
