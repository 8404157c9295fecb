#include "parquet/rle.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "parquet/encoding_testing.h"

namespace colcheck::parquet::testing {
namespace {

// Decodes hybrid data (no length prefix) at kBase in requests of `batch`.
struct Hybrid {
  std::vector<uint32_t> values;
  std::vector<Diagnostic> diagnostics;
  bool failed = false;
  bool exhausted = false;
  ByteSpan rest;
  ByteSpan consumed;
};

Hybrid DecodeHybrid(const Bytes& data, int width, size_t count,
                    size_t batch = 1000) {
  Hybrid h;
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, data.size()}, true);
  RleDecoder d(ByteReader(data, kBase), width, scope, "definition_levels");
  std::vector<uint32_t> out(batch);
  while (h.values.size() < count) {
    const size_t want = std::min(batch, count - h.values.size());
    const size_t got = d.Next(std::span(out).first(want));
    h.values.insert(h.values.end(), out.begin(), out.begin() + got);
    if (got < want) break;
  }
  h.failed = d.failed();
  h.exhausted = d.exhausted();
  h.rest = d.rest();
  h.consumed = d.consumed();
  h.diagnostics = sink.Take();
  return h;
}

TEST(BitWidthTest, IsCeilLog2OfMaxPlusOne) {
  EXPECT_EQ(BitWidth(0), 0);
  EXPECT_EQ(BitWidth(1), 1);
  EXPECT_EQ(BitWidth(2), 2);
  EXPECT_EQ(BitWidth(3), 2);
  EXPECT_EQ(BitWidth(4), 3);
  EXPECT_EQ(BitWidth(255), 8);
  EXPECT_EQ(BitWidth(256), 9);
  EXPECT_EQ(BitWidth(UINT32_MAX), 32);
  EXPECT_EQ(BitWidth(UINT64_MAX), 64);
}

TEST(RleDecoderTest, RepeatedRunsAreCountedWithoutDecoding) {
  // At bit width 3: an RLE run of 2^31 - 1 fives, a bit-packed group,
  // then an RLE run of two 2s.
  const Bytes data =
      Concat({B({0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 0x05}),  // (2^31 - 1) x 5
              B({0x03, 0x88, 0xC6, 0xFA}),              // 0..7, packed
              B({0x04, 0x02})});                        // 2 x 2
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, data.size()}, true);
  RleDecoder d(ByteReader(data, kBase), 3, scope, "definition_levels");
  uint32_t value = 0;
  ASSERT_EQ(d.RepeatLeft(&value), uint64_t{0x7FFFFFFF});
  EXPECT_EQ(value, 5u);
  d.SkipRepeat(0x7FFFFFFE);
  EXPECT_EQ(d.RepeatLeft(&value), 1u);
  d.SkipRepeat(1);
  EXPECT_EQ(d.consumed(), (ByteSpan{kBase, 6}));
  // A bit-packed run with a width repeats nothing: it is decoded.
  EXPECT_EQ(d.RepeatLeft(&value), 0u);
  EXPECT_EQ(d.RunLeft(), 8u);
  std::vector<uint32_t> out(8);
  ASSERT_EQ(d.Next(out), 8u);
  EXPECT_THAT(out, ::testing::ElementsAre(0, 1, 2, 3, 4, 5, 6, 7));
  EXPECT_EQ(d.RepeatLeft(&value), 2u);
  EXPECT_EQ(value, 2u);
  d.SkipRepeat(2);
  EXPECT_EQ(d.RepeatLeft(&value), 0u);
  EXPECT_TRUE(d.exhausted());
  EXPECT_EQ(d.rest().length, 0u);
  EXPECT_TRUE(sink.Take().empty());
}

TEST(RleDecoderTest, ZeroWidthBitPackedRunRepeatsZero) {
  // 2^28 groups of width 0: 2^31 zeros in a 5-byte header.
  const Bytes data = B({0x81, 0x80, 0x80, 0x80, 0x02});
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, data.size()}, true);
  RleDecoder d(ByteReader(data, kBase), 0, scope, "repetition_levels");
  uint32_t value = 7;
  ASSERT_EQ(d.RepeatLeft(&value), uint64_t{1} << 31);
  EXPECT_EQ(value, 0u);
  d.SkipRepeat(uint64_t{1} << 31);
  EXPECT_TRUE(d.exhausted());
  EXPECT_TRUE(sink.Take().empty());
}

TEST(RleDecoderTest, SpecExampleBitPacked) {
  // Encodings.md: 0..7 with bit width 3 is 10001000 11000110 11111010.
  const Bytes data = Concat({B({0x03}), B({0x88, 0xC6, 0xFA})});
  const Hybrid h = DecodeHybrid(data, 3, 8);
  EXPECT_THAT(h.values, ElementsAre(0, 1, 2, 3, 4, 5, 6, 7));
  EXPECT_THAT(h.diagnostics, IsEmpty());
  EXPECT_FALSE(h.failed);
  EXPECT_TRUE(h.exhausted);
  EXPECT_EQ(h.rest, At(4, 0));
  EXPECT_EQ(h.consumed, At(0, 4));
}

TEST(RleDecoderTest, RoundTripsEveryWidthAndBatchSize) {
  std::mt19937_64 rng(42);
  for (int width = 0; width <= 32; ++width) {
    const uint64_t mask = width == 0 ? 0 : (~uint64_t{0} >> (64 - width));
    std::vector<uint64_t> packed(77);
    for (auto& v : packed) v = rng() & mask;
    const uint32_t repeated = static_cast<uint32_t>(rng() & mask);
    const Bytes data =
        Concat({PackedRun(packed, width), RleRun(50, repeated, width),
                PackedRun({1 & mask, 0, 1 & mask}, width)});
    std::vector<uint32_t> expected(packed.begin(), packed.end());
    expected.resize(80, 0);  // The padding of the last group decodes too.
    expected.insert(expected.end(), 50, repeated);
    expected.insert(expected.end(), {static_cast<uint32_t>(1 & mask), 0,
                                     static_cast<uint32_t>(1 & mask)});
    for (size_t batch : {1, 3, 7, 8, 9, 16, 1000}) {
      const Hybrid h = DecodeHybrid(data, width, expected.size(), batch);
      EXPECT_THAT(h.values, ElementsAreArray(expected))
          << "width " << width << " batch " << batch;
      EXPECT_THAT(h.diagnostics, IsEmpty()) << Describe(h.diagnostics);
      // The last run's padding values are not trailing bytes.
      EXPECT_EQ(h.rest.length, 0u);
    }
  }
}

TEST(RleDecoderTest, ValueSpanPointsAtTheBits) {
  DiagnosticSink sink;
  const Bytes data =
      Concat({RleRun(3, 5, 3), PackedRun({1, 2, 3, 4, 5, 6, 7, 0}, 3)});
  PageScope scope(sink, "p", {kBase, data.size()}, true);
  RleDecoder d(ByteReader(data, kBase), 3, scope, "values");
  std::vector<uint32_t> out(11);
  ASSERT_EQ(d.Next(out), 11u);
  EXPECT_EQ(d.ValueSpan(0), At(0, 2));  // The whole RLE run.
  EXPECT_EQ(d.ValueSpan(2), At(0, 2));
  EXPECT_EQ(d.ValueSpan(3), At(3, 1));   // Bits 0..2 of the body.
  EXPECT_EQ(d.ValueSpan(5), At(3, 2));   // Bits 6..8 straddle two bytes.
  EXPECT_EQ(d.ValueSpan(10), At(5, 1));  // Bits 21..23.
}

TEST(RleDecoderTest, ZeroRunsAreErrors) {
  for (const Bytes& data : {B({0x00, 0x01}), B({0x01})}) {
    const Hybrid h = DecodeHybrid(data, 1, 4);
    EXPECT_THAT(h.diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingRleZeroRun, At(0, 1),
                                         "p.definition_levels")));
    EXPECT_TRUE(h.failed);
    EXPECT_THAT(h.values, IsEmpty());
  }
}

TEST(RleDecoderTest, OverlongHeaderIsMalformed) {
  // Six bytes, still continuing after the fifth: the span is all six.
  const Hybrid a =
      DecodeHybrid(B({0x82, 0x80, 0x80, 0x80, 0x80, 0x00, 1}), 1, 1);
  EXPECT_THAT(a.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingMalformedVarint, At(0, 6),
                                       "p.definition_levels")));
  EXPECT_TRUE(a.failed);
  // Five bytes whose last carries bits beyond 32.
  const Hybrid b = DecodeHybrid(B({0x82, 0x80, 0x80, 0x80, 0x10, 1}), 1, 1);
  EXPECT_THAT(b.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingMalformedVarint, At(0, 5),
                                       "p.definition_levels")));
  // The largest 32-bit header is fine: 2^31 - 1 RLE values of 1.
  const Hybrid c = DecodeHybrid(B({0xFE, 0xFF, 0xFF, 0xFF, 0x0F, 1}), 1, 3);
  EXPECT_THAT(c.diagnostics, IsEmpty());
  EXPECT_THAT(c.values, ElementsAre(1, 1, 1));
}

TEST(RleDecoderTest, TruncatedHeaderAndValue) {
  const Hybrid a = DecodeHybrid(B({0x80}), 1, 1);
  EXPECT_THAT(a.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 1),
                                       "p.definition_levels")));
  EXPECT_TRUE(a.failed);
  // A 16-bit RLE value with one byte present.
  const Hybrid b = DecodeHybrid(B({0x04, 0x12}), 16, 2);
  EXPECT_THAT(b.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 2),
                                       "p.definition_levels")));
}

TEST(RleDecoderTest, ValueTooWideIsAWarningAndDecodedAsWritten) {
  const Hybrid h = DecodeHybrid(Concat({RleRun(2, 9, 3)}), 3, 2);
  EXPECT_THAT(h.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingRleValueTooWide, At(1, 1),
                                       "p.definition_levels")));
  EXPECT_THAT(h.values, ElementsAre(9, 9));
  EXPECT_FALSE(h.failed);
}

TEST(RleDecoderTest, CutShortBitPackedRunYieldsWholeValues) {
  // Two groups of 3-bit values need 6 bytes; 4 are present: 10 values.
  const Bytes data =
      Concat({B({0x05}),
              PackLsb({1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 0, 0}, 3)});
  const Bytes cut(data.begin(), data.begin() + 5);
  const Hybrid enough = DecodeHybrid(cut, 3, 10);
  EXPECT_THAT(enough.values, ElementsAre(1, 2, 3, 4, 5, 6, 7, 1, 2, 3));
  EXPECT_THAT(enough.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 5),
                                       "p.definition_levels")));
  EXPECT_FALSE(enough.failed);
  const Hybrid more = DecodeHybrid(cut, 3, 11);
  EXPECT_EQ(more.values.size(), 10u);
  EXPECT_TRUE(more.failed);  // Reported once, as above.
  EXPECT_FALSE(more.exhausted);
  EXPECT_EQ(more.diagnostics.size(), 1u);
}

TEST(RleDecoderTest, ExhaustedAndRest) {
  const Bytes data = Concat({RleRun(4, 1, 1), RleRun(4, 0, 1), B({0xAA})});
  const Hybrid h = DecodeHybrid(data, 1, 4);
  EXPECT_THAT(h.values, ElementsAre(1, 1, 1, 1));
  EXPECT_FALSE(h.exhausted);
  EXPECT_EQ(h.rest, At(2, 3));
  EXPECT_EQ(h.consumed, At(0, 2));
  const Hybrid all = DecodeHybrid(Concat({RleRun(4, 1, 1)}), 1, 5);
  EXPECT_EQ(all.values.size(), 4u);
  EXPECT_TRUE(all.exhausted);
  EXPECT_FALSE(all.failed);
  EXPECT_THAT(all.diagnostics, IsEmpty());
}

TEST(RleDecoderTest, HugeRunsCostOnlyWhatIsAsked) {
  // 2^31 - 1 zero-width values in 5 bytes: only the requested ones decode.
  const Hybrid h = DecodeHybrid(B({0xFE, 0xFF, 0xFF, 0xFF, 0x0F}), 0, 100);
  EXPECT_EQ(h.values.size(), 100u);
  EXPECT_THAT(h.diagnostics, IsEmpty());
  // A bit-packed run claiming 2^30 - 1 groups in 2 bytes.
  const Hybrid p =
      DecodeHybrid(B({0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0xFF, 0x01}), 1, 100);
  EXPECT_EQ(p.values.size(), 16u);
  EXPECT_THAT(p.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 7),
                                       "p.definition_levels")));
}

TEST(BitPackedDecoderTest, SpecExampleMsbFirst) {
  // Encodings.md: 0..7 with bit width 3 is 00000101 00111001 01110111.
  const Bytes data = B({0x05, 0x39, 0x77});
  BitPackedDecoder d(ByteReader(data, kBase), 3);
  std::vector<uint32_t> out(10);
  EXPECT_EQ(d.Next(std::span(out).first(3)), 3u);
  EXPECT_EQ(d.Next(out), 5u);  // Only whole values.
  EXPECT_THAT(std::vector<uint32_t>(out.begin(), out.begin() + 5),
              ElementsAre(3, 4, 5, 6, 7));
  EXPECT_EQ(d.Next(out), 0u);
}

TEST(BitPackedDecoderTest, WideValuesAndBytesFor) {
  // 30 values of 2 bits take 8 bytes (Encodings.md).
  EXPECT_EQ(BitPackedDecoder::BytesFor(30, 2), 8u);
  EXPECT_EQ(BitPackedDecoder::BytesFor(8, 3), 3u);
  EXPECT_EQ(BitPackedDecoder::BytesFor(1, 17), 3u);
  EXPECT_EQ(BitPackedDecoder::BytesFor(0, 5), 0u);
  EXPECT_EQ(BitPackedDecoder::BytesFor(1000, 0), 0u);
  // 0xABCDE and 0x12345 in 20 bits each, MSB first, across 5 bytes.
  const Bytes data = B({0xAB, 0xCD, 0xE1, 0x23, 0x45});
  BitPackedDecoder d(ByteReader(data, kBase), 20);
  std::vector<uint32_t> out(2);
  ASSERT_EQ(d.Next(out), 2u);
  EXPECT_THAT(out, ElementsAre(0xABCDEu, 0x12345u));
  // 32-bit values, more than 8 bytes in.
  const Bytes wide =
      B({0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3, 0xFF, 0xFF, 0xFF, 0xFF});
  BitPackedDecoder w(ByteReader(wide, kBase), 32);
  std::vector<uint32_t> four(4);
  ASSERT_EQ(w.Next(four), 4u);
  EXPECT_THAT(four, ElementsAre(1u, 2u, 3u, 0xFFFFFFFFu));
}

// ---- RLE-encoded BOOLEAN values
// -------------------------------------------------

DecodeJob BooleanRle(uint64_t n) { return Job(kRle, kBoolean, n); }

Bytes WithLength(const Bytes& hybrid) {
  return Concat({Le32(static_cast<uint32_t>(hybrid.size())), hybrid});
}

TEST(RleBooleanTest, RoundTrip) {
  const Bytes section = WithLength(Concat(
      {RleRun(10, 1, 1), PackedRun({1, 0, 1, 1, 0}, 1), RleRun(3, 0, 1)}));
  for (size_t max : {1, 4, 100}) {
    DecodeJob r = BooleanRle(21);
    r.max = max;
    const Decoded d = Decode(r, section);
    std::vector<std::string> expected(10, std::string(1, '\1'));
    // The packed run's padding decodes as values, then the RLE zeros.
    for (int v : {1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0}) {
      expected.emplace_back(1, char(v));
    }
    EXPECT_THAT(d.values, ElementsAreArray(expected));
    EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
  }
}

TEST(RleBooleanTest, LengthPrefixBeyondTheSection) {
  const Bytes section = Concat({Le32(9), RleRun(4, 1, 1)});
  const Decoded d = Decode(BooleanRle(4), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingRleLength, At(0, 4),
                                       Field("values"))));
  EXPECT_THAT(d.values, IsEmpty());
}

TEST(RleBooleanTest, TooShortForTheLength) {
  const Decoded d = Decode(BooleanRle(4), B({2, 0}));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 2),
                                       Field("values"))));
}

TEST(RleBooleanTest, DataEndsBeforeTheLastValue) {
  const Bytes section = WithLength(RleRun(4, 1, 1));
  const Decoded d = Decode(BooleanRle(6), section);
  EXPECT_EQ(d.values.size(), 4u);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(6, 0),
                                       Field("values[4]"))));
}

TEST(RleBooleanTest, TrailingBytesInsideAndAfterTheLength) {
  const Bytes inside = WithLength(Concat({RleRun(4, 1, 1), RleRun(4, 0, 1)}));
  EXPECT_THAT(Decode(BooleanRle(4), inside).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(6, 2),
                                       Field("values"))));
  const Bytes after = Concat({WithLength(RleRun(4, 1, 1)), B({0})});
  EXPECT_THAT(Decode(BooleanRle(4), after).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(6, 1),
                                       Field("values"))));
}

TEST(RleBooleanTest, EmptySectionWithoutValues) {
  EXPECT_THAT(Decode(BooleanRle(0), {}).diagnostics, IsEmpty());
  EXPECT_THAT(Decode(BooleanRle(0), Le32(0)).diagnostics, IsEmpty());
}

TEST(RleBooleanTest, EveryTruncationFails) {
  const Bytes section = WithLength(
      Concat({RleRun(10, 1, 1), PackedRun({1, 0, 1, 1, 0, 1, 1, 1, 0}, 1)}));
  ExpectEveryTruncationFails(BooleanRle(19), section);
}

}  // namespace
}  // namespace colcheck::parquet::testing
