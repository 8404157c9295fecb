// Byte RLE (E2), Boolean RLE (E3), union tags (E12) and the stream-level
// exact-count checks (V3) they share with every decoder.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "orc/rle.h"
#include "orc/rle_testing.h"

namespace colcheck::orc::testing {
namespace {

std::vector<uint8_t> ByteValues(StreamFixture& s, uint64_t n) {
  ByteRleDecoder d(s.reader(), s.ctx());
  std::vector<uint8_t> v = testing::DecodeAll(d);
  d.Finish(n);
  return v;
}

std::vector<uint8_t> Bools(StreamFixture& s, uint64_t n, size_t batch = 5) {
  BooleanRleDecoder d(s.reader(), s.ctx());
  std::vector<uint8_t> all(n);
  size_t got = 0;
  size_t at = 0;
  while (at < n) {
    const size_t want = std::min(batch, n - at);
    const bool full = d.Next(std::span<uint8_t>(all).subspan(at, want), &got);
    at += got;
    if (!full) break;
  }
  all.resize(at);
  d.Finish(n);
  return all;
}

TEST(ByteRleTest, SpecExamples) {
  StreamFixture hundred(B({0x61, 0x00}));
  EXPECT_EQ(ByteValues(hundred, 100), std::vector<uint8_t>(100, 0));
  EXPECT_THAT(hundred.Take(), IsEmpty());

  StreamFixture literal(B({0xfe, 0x44, 0x45}));
  EXPECT_EQ(ByteValues(literal, 2), (std::vector<uint8_t>{0x44, 0x45}));
  EXPECT_THAT(literal.Take(), IsEmpty());
}

TEST(ByteRleTest, LongestRunsAndLiterals) {
  Bytes bytes = B({0x7f, 0xab, 0x80});
  for (int i = 0; i < 128; ++i) bytes.push_back(static_cast<std::byte>(i));
  StreamFixture s(bytes);
  const std::vector<uint8_t> v = ByteValues(s, 130 + 128);
  ASSERT_EQ(v.size(), 258u);
  EXPECT_EQ(v[129], 0xab);
  EXPECT_EQ(v[130], 0);
  EXPECT_EQ(v[257], 127);
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(ByteRleTest, TruncatedRun) {
  StreamFixture s(B({0x00, 0x07, 0x05}));
  EXPECT_EQ(ByteValues(s, 10).size(), 3u);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 2, 1)));
}

TEST(ByteRleTest, TruncatedLiteral) {
  StreamFixture s(B({0x00, 0x07, 0xfd, 0x01}));
  ByteValues(s, 6);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 2, 2)));
}

TEST(ByteRleTest, ShortStreamBlamesTheLastRun) {
  StreamFixture s(B({0xff, 0x01, 0x00, 0x07}));
  EXPECT_EQ(ByteValues(s, 5).size(), 4u);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleShortStream, 2, 2)));
}

TEST(ByteRleTest, EmptyStreamIsShortAtItsEnd) {
  StreamFixture s(B({}));
  ByteValues(s, 1);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleShortStream, 0, 0)));
  StreamFixture none(B({}));
  ByteValues(none, 0);
  EXPECT_THAT(none.Take(), IsEmpty());
}

TEST(ByteRleTest, RunPastCountAndTrailingBytes) {
  StreamFixture s(B({0x02, 0x07, 0xff, 0x09}));
  ByteRleDecoder d(s.reader(), s.ctx());
  std::array<uint8_t, 3> out;
  size_t got;
  ASSERT_TRUE(d.Next(out, &got));
  d.Finish(3);
  d.Finish(3);  // Idempotent.
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleRunPastCount, 0, 2),
                                    Diag(Code::kOrcRleTrailingBytes, 2, 2)));
}

TEST(ByteRleTest, FinishDecodesWhatTheCallerSkipped) {
  StreamFixture s(B({0x00, 0x07, 0x00, 0x08, 0x05}));
  ByteRleDecoder d(s.reader(), s.ctx());
  d.Finish(7);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 4, 1)));
}

TEST(ByteRleTest, ValueSpanNamesTheRun) {
  StreamFixture s(B({0x00, 0x07, 0xfe, 0x01, 0x02, 0x01, 0x09}));
  ByteRleDecoder d(s.reader(), s.ctx());
  std::array<uint8_t, 4> out;
  size_t got;
  ASSERT_TRUE(d.Next(out, &got));
  EXPECT_EQ(d.ValueSpan(0), (ByteSpan{testing::kBase + 0, 2}));
  EXPECT_EQ(d.ValueSpan(2), (ByteSpan{testing::kBase + 0, 2}));
  EXPECT_EQ(d.ValueSpan(3), (ByteSpan{testing::kBase + 2, 3}));
  EXPECT_EQ(d.ValueSpan(4), (ByteSpan{}));  // Not returned yet.
  ASSERT_TRUE(d.Next(out, &got));
  EXPECT_EQ(d.ValueSpan(4), (ByteSpan{testing::kBase + 2, 3}));
  EXPECT_EQ(d.ValueSpan(5), (ByteSpan{testing::kBase + 5, 2}));
  EXPECT_EQ(d.ValueSpan(0), (ByteSpan{}));  // An earlier batch.

  RunView<uint8_t> run;
  ByteRleDecoder r(s.reader(), s.ctx());
  ASSERT_TRUE(r.NextRun(&run));
  EXPECT_EQ(run.values.size(), 3u);
  EXPECT_EQ(run.span, (ByteSpan{0, 2}));
  ASSERT_TRUE(r.NextRun(&run));
  EXPECT_EQ(run.first_index, 3u);
  EXPECT_EQ(run.span, (ByteSpan{2, 3}));
}

TEST(UnionTagTest, TagsAtOrAboveTheChildCount) {
  StreamFixture s(B({0x00, 0x01, 0xfd, 0x00, 0x05, 0x07}));
  ByteRleDecoder d(s.reader(), s.ctx());
  std::array<uint8_t, 6> tags;
  size_t got;
  ASSERT_TRUE(d.Next(tags, &got));
  CheckUnionTags(tags, 0, 2, d);
  d.Finish(6);
  // Tags 5 and 7 share a run: reported once.
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleUnionTag, 2, 4)));
}

TEST(BooleanRleTest, SpecExample) {
  StreamFixture s(B({0xff, 0x80}));
  EXPECT_EQ(Bools(s, 8), (std::vector<uint8_t>{1, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(BooleanRleTest, PartialLastByte) {
  StreamFixture s(B({0xfe, 0xff, 0xc0}));
  EXPECT_EQ(Bools(s, 10, 3), std::vector<uint8_t>(10, 1));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(BooleanRleTest, NonZeroPadBits) {
  StreamFixture s(B({0x00, 0xff, 0xfe, 0xff, 0xc1}));
  EXPECT_EQ(Bools(s, 34).size(), 34u);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleBoolPadBits, 2, 3)));
}

TEST(BooleanRleTest, FewerBytesThanValuesNeed) {
  StreamFixture s(B({0xfe, 0xff, 0xc0}));
  EXPECT_EQ(Bools(s, 17).size(), 16u);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleShortStream, 0, 3)));
}

TEST(BooleanRleTest, ExtraBytes) {
  StreamFixture in_run(B({0xfe, 0xff, 0x00}));
  Bools(in_run, 8);
  EXPECT_THAT(in_run.Take(),
              ElementsAre(Diag(Code::kOrcRleRunPastCount, 0, 3)));

  StreamFixture after(B({0xff, 0xff, 0xff, 0x00}));
  Bools(after, 8);
  EXPECT_THAT(after.Take(),
              ElementsAre(Diag(Code::kOrcRleTrailingBytes, 2, 2)));
}

TEST(BooleanRleTest, FinishWithoutReading) {
  StreamFixture s(B({0x00, 0xff, 0xff, 0x01}));
  BooleanRleDecoder d(s.reader(), s.ctx());
  d.Finish(31);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleBoolPadBits, 2, 2)));
}

TEST(BooleanRleTest, ValueSpan) {
  StreamFixture s(B({0x00, 0xff, 0xff, 0x0f}));
  BooleanRleDecoder d(s.reader(), s.ctx());
  std::array<uint8_t, 26> out;
  size_t got;
  ASSERT_TRUE(d.Next(std::span<uint8_t>(out).first(20), &got));
  ASSERT_TRUE(d.Next(std::span<uint8_t>(out).first(6), &got));
  EXPECT_EQ(d.ValueSpan(20), (ByteSpan{testing::kBase, 2}));
  EXPECT_EQ(d.ValueSpan(23), (ByteSpan{testing::kBase, 2}));
  EXPECT_EQ(d.ValueSpan(24), (ByteSpan{testing::kBase + 2, 2}));
  EXPECT_EQ(d.ValueSpan(25), (ByteSpan{testing::kBase + 2, 2}));
  EXPECT_EQ(out[3], 1);
  EXPECT_EQ(out[4], 0);
  d.Finish(32);
  EXPECT_THAT(s.Take(), IsEmpty());
}

// Count reads what Next would, a byte at a time or in part, and shares the
// byte being read with Next on either side.
TEST(BooleanRleTest, CountAgreesWithNext) {
  // The literal 0xf0, 0x0f three times (a run), the literal 0xa5, 0x81.
  const Bytes stream = B({0xff, 0xf0, 0x00, 0x0f, 0xfe, 0xa5, 0x81});
  StreamFixture counted(stream);
  BooleanRleDecoder d(counted.reader(), counted.ctx());
  uint64_t got = 0;
  uint64_t set = 0;
  ASSERT_TRUE(d.Count(3, &got, &set));  // 111
  EXPECT_EQ(got, 3u);
  EXPECT_EQ(set, 3u);
  std::array<uint8_t, 6> out;
  size_t n = 0;
  ASSERT_TRUE(d.Next(out, &n));  // 1 0000 0
  EXPECT_EQ(out, (std::array<uint8_t, 6>{1, 0, 0, 0, 0, 0}));
  set = 0;
  ASSERT_TRUE(d.Count(35, &got, &set));  // 001111 0x0f 0x0f 0xa5 0 (35)
  EXPECT_EQ(got, 35u);
  EXPECT_EQ(set, 4u + 4 + 4 + 4 + 1);
  EXPECT_EQ(d.ValueSpan(9), ByteSpan{});
  EXPECT_EQ(d.values_read(), 44u);
  set = 0;
  EXPECT_FALSE(d.Count(100, &got, &set));  // 0001: the stream ends.
  EXPECT_EQ(got, 4u);
  EXPECT_EQ(set, 1u);
  d.Finish(48);
  EXPECT_THAT(counted.Take(), IsEmpty());
}

// A stream shorter than the values counted, and pad bits after a count.
TEST(BooleanRleTest, CountedShortStreamAndPadBits) {
  StreamFixture short_stream(B({0xfe, 0xff, 0xc0}));
  BooleanRleDecoder d(short_stream.reader(), short_stream.ctx());
  uint64_t got = 0;
  uint64_t set = 0;
  EXPECT_FALSE(d.Count(17, &got, &set));
  EXPECT_EQ(got, 16u);
  EXPECT_EQ(set, 10u);
  d.Finish(17);
  EXPECT_THAT(short_stream.Take(),
              ElementsAre(Diag(Code::kOrcRleShortStream, 0, 3)));

  StreamFixture pad(B({0x00, 0xff, 0xfe, 0xff, 0xc1}));
  BooleanRleDecoder p(pad.reader(), pad.ctx());
  ASSERT_TRUE(p.Count(34, &got, &set));
  p.Finish(34);
  EXPECT_THAT(pad.Take(), ElementsAre(Diag(Code::kOrcRleBoolPadBits, 2, 3)));
}

}  // namespace
}  // namespace colcheck::orc::testing
