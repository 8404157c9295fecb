// Integer RLE version 1 (E4, E6).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <vector>

#include "orc/rle.h"
#include "orc/rle_testing.h"

namespace colcheck::orc::testing {
namespace {

std::vector<int64_t> Decode(StreamFixture& s, Signedness sign, uint64_t n) {
  return DecodeInts<IntRleV1Decoder>(s, sign, n);
}

TEST(RleV1Test, SpecExamples) {
  StreamFixture sevens(B({0x61, 0x00, 0x07}));
  EXPECT_EQ(Decode(sevens, Signedness::kUnsigned, 100),
            std::vector<int64_t>(100, 7));
  StreamFixture down(B({0x61, 0xff, 0x64}));
  const std::vector<int64_t> v = Decode(down, Signedness::kUnsigned, 100);
  ASSERT_EQ(v.size(), 100u);
  EXPECT_EQ(v.front(), 100);
  EXPECT_EQ(v.back(), 1);
  StreamFixture literals(B({0xfb, 0x02, 0x03, 0x06, 0x07, 0x0b}));
  EXPECT_EQ(Decode(literals, Signedness::kUnsigned, 5),
            (std::vector<int64_t>{2, 3, 6, 7, 11}));
  EXPECT_THAT(sevens.Take(), IsEmpty());
  EXPECT_THAT(down.Take(), IsEmpty());
  EXPECT_THAT(literals.Take(), IsEmpty());
}

TEST(RleV1Test, SignedExtremesRoundTrip) {
  testing::Bytes bytes = B({0xfc});  // 4 literals.
  for (int64_t v : {kMin, kMax, int64_t{-1}, int64_t{0}}) {
    Append(&bytes, testing::Varint(ZigZagEncode(v)));
  }
  Append(&bytes, B({0x00, 0x80}));  // 3 values, delta -128 ...
  Append(&bytes, testing::Varint(ZigZagEncode(kMin + 256)));
  StreamFixture s(bytes);
  EXPECT_EQ(
      Decode(s, Signedness::kSigned, 7),
      (std::vector<int64_t>{kMin, kMax, -1, 0, kMin + 256, kMin + 128, kMin}));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(RleV1Test, RunLeavingInt64) {
  testing::Bytes bytes = B({0x00, 0x01});
  Append(&bytes, testing::Varint(ZigZagEncode(kMax - 1)));
  StreamFixture s(bytes);
  const std::vector<int64_t> v = Decode(s, Signedness::kSigned, 3);
  EXPECT_EQ(v[2], kMin);  // Wrapped, as readers do.
  EXPECT_THAT(s.Take(),
              ElementsAre(Diag(Code::kOrcRleValueOverflow, 0, bytes.size())));
}

TEST(RleV1Test, UnsignedRunBelowZero) {
  StreamFixture s(B({0xfe, 0x05, 0x06, 0x01, 0xff, 0x01}));
  Decode(s, Signedness::kUnsigned, 6);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleValueOverflow, 3, 3)));
}

TEST(RleV1Test, UnsignedValueOf2To63) {
  testing::Bytes bytes = B({0xfe, 0x01});
  Append(&bytes, testing::Varint(uint64_t{1} << 63));
  StreamFixture s(bytes);
  Decode(s, Signedness::kUnsigned, 2);
  EXPECT_THAT(s.Take(),
              ElementsAre(Diag(Code::kOrcRleUnsignedOverflow, 2, 10)));

  testing::Bytes run = B({0x00, 0x00});
  Append(&run, testing::Varint(~uint64_t{0}));
  StreamFixture r(run);
  Decode(r, Signedness::kUnsigned, 3);
  EXPECT_THAT(r.Take(),
              ElementsAre(Diag(Code::kOrcRleUnsignedOverflow, 2, 10)));
}

TEST(RleV1Test, BadVarints) {
  testing::Bytes overlong = B({0xfe, 0x01});
  for (int i = 0; i < 10; ++i) overlong.push_back(std::byte{0x80});
  overlong.push_back(std::byte{0x00});
  StreamFixture a(overlong);
  EXPECT_EQ(Decode(a, Signedness::kSigned, 2).size(), 0u);
  EXPECT_THAT(a.Take(), ElementsAre(Diag(Code::kOrcRleVarintOverlong, 2, 10)));

  StreamFixture b(B({0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
                     0xff, 0x7f}));
  Decode(b, Signedness::kSigned, 3);
  EXPECT_THAT(b.Take(), ElementsAre(Diag(Code::kOrcRleVarintOverflow, 2, 10)));

  StreamFixture c(B({0xfd, 0x80, 0x00, 0x02, 0x81, 0x00}));
  EXPECT_EQ(Decode(c, Signedness::kUnsigned, 3),
            (std::vector<int64_t>{0, 2, 1}));
  // Once per stream.
  EXPECT_THAT(c.Take(),
              ElementsAre(Diag(Code::kOrcRleVarintNonCanonical, 1, 2)));
}

TEST(RleV1Test, Truncation) {
  StreamFixture no_delta(B({0x00, 0x00, 0x05, 0x02}));
  EXPECT_EQ(Decode(no_delta, Signedness::kSigned, 8).size(), 3u);
  EXPECT_THAT(no_delta.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 3, 1)));

  StreamFixture no_base(B({0xff, 0x02, 0x00, 0x01}));
  EXPECT_EQ(Decode(no_base, Signedness::kSigned, 4).size(), 1u);
  EXPECT_THAT(no_base.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 2, 2)));

  StreamFixture literal(B({0xfd, 0x02, 0x84}));
  Decode(literal, Signedness::kSigned, 3);
  EXPECT_THAT(literal.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 3)));
}

TEST(RleV1Test, ExactCount) {
  StreamFixture s(B({0x00, 0x01, 0x02, 0xff, 0x09}));
  IntRleV1Decoder d(s.reader(), Signedness::kUnsigned, s.ctx());
  std::array<int64_t, 2> out;
  size_t got;
  ASSERT_TRUE(d.Next(out, &got));
  EXPECT_EQ(d.ValueSpan(1), (ByteSpan{testing::kBase, 3}));
  d.Finish(2);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleRunPastCount, 0, 3),
                                    Diag(Code::kOrcRleTrailingBytes, 3, 2)));

  StreamFixture short_stream(B({0x00, 0x01, 0x02, 0xff, 0x09}));
  Decode(short_stream, Signedness::kUnsigned, 5);
  EXPECT_THAT(short_stream.Take(),
              ElementsAre(Diag(Code::kOrcRleShortStream, 3, 2)));
}

}  // namespace
}  // namespace colcheck::orc::testing
