// Base 128 varints (E1) and the unbounded decimal varints (E10).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>

#include "orc/rle.h"
#include "orc/rle_testing.h"

namespace colcheck::orc::testing {
namespace {

Varint64 Read(const testing::Bytes& bytes) {
  ByteReader in(bytes, 0);
  return ReadVarint64(in);
}

TEST(Varint64Test, SpecTable) {
  // ORCv1.md "Base 128 Varint".
  const struct {
    uint64_t value;
    testing::Bytes bytes;
  } cases[] = {
      {0, B({0x00})},
      {1, B({0x01})},
      {127, B({0x7f})},
      {128, B({0x80, 0x01})},
      {129, B({0x81, 0x01})},
      {16383, B({0xff, 0x7f})},
      {16384, B({0x80, 0x80, 0x01})},
      {16385, B({0x81, 0x80, 0x01})},
  };
  for (const auto& c : cases) {
    const Varint64 v = Read(c.bytes);
    EXPECT_EQ(v.status, VarintStatus::kOk);
    EXPECT_EQ(v.value, c.value);
    EXPECT_EQ(v.span, (ByteSpan{0, c.bytes.size()}));
    EXPECT_FALSE(v.non_canonical);
    EXPECT_EQ(testing::Varint(c.value), c.bytes);
  }
}

TEST(Varint64Test, ZigZagSpecTable) {
  EXPECT_EQ(ZigZagEncode(0), 0u);
  EXPECT_EQ(ZigZagEncode(-1), 1u);
  EXPECT_EQ(ZigZagEncode(1), 2u);
  EXPECT_EQ(ZigZagEncode(-2), 3u);
  EXPECT_EQ(ZigZagEncode(2), 4u);
  for (int64_t v : {std::numeric_limits<int64_t>::min(),
                    std::numeric_limits<int64_t>::max(), int64_t{-1},
                    int64_t{0}, int64_t{123456789}}) {
    EXPECT_EQ(ZigZagDecode(ZigZagEncode(v)), v);
  }
  EXPECT_EQ(ZigZagDecode(~uint64_t{0}), std::numeric_limits<int64_t>::min());
}

TEST(Varint64Test, Extremes) {
  const Varint64 max =
      Read(B({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01}));
  EXPECT_EQ(max.status, VarintStatus::kOk);
  EXPECT_EQ(max.value, ~uint64_t{0});

  const Varint64 overflow =
      Read(B({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02}));
  EXPECT_EQ(overflow.status, VarintStatus::kOverflow);
  EXPECT_EQ(overflow.span, (ByteSpan{0, 10}));

  const Varint64 overlong = Read(
      B({0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00}));
  EXPECT_EQ(overlong.status, VarintStatus::kOverlong);
  EXPECT_EQ(overlong.span, (ByteSpan{0, 10}));

  const Varint64 truncated = Read(B({0x80, 0x80}));
  EXPECT_EQ(truncated.status, VarintStatus::kTruncated);
  EXPECT_EQ(truncated.span, (ByteSpan{0, 2}));

  const Varint64 padded = Read(B({0x81, 0x00}));
  EXPECT_EQ(padded.status, VarintStatus::kOk);
  EXPECT_EQ(padded.value, 1u);
  EXPECT_TRUE(padded.non_canonical);
}

// ---- Decimal varints ------------------------------------------------------

testing::Bytes Varint128(unsigned __int128 v) {
  testing::Bytes out;
  do {
    uint8_t b = static_cast<uint8_t>(v & 0x7f);
    v >>= 7;
    if (v != 0) b |= 0x80;
    out.push_back(static_cast<std::byte>(b));
  } while (v != 0);
  return out;
}

unsigned __int128 ZigZag128(Int128 v) {
  return (static_cast<unsigned __int128>(v) << 1) ^
         static_cast<unsigned __int128>(v >> 127);
}

Int128 Pow10(int n) {
  Int128 v = 1;
  for (int i = 0; i < n; ++i) v *= 10;
  return v;
}

TEST(DecimalVarintTest, RoundTripsEdgeValues) {
  const Int128 max = ~(Int128{1} << 127);
  const Int128 min = Int128{1} << 127;  // -2^127
  for (Int128 v :
       {Int128{0}, Int128{-1}, Int128{1}, Pow10(38) - 1, -(Pow10(38) - 1), max,
        min, Int128{std::numeric_limits<int64_t>::min()} - 1}) {
    StreamFixture s(Varint128(ZigZag128(v)));
    ByteReader in = s.reader();
    Int128 got = 0;
    ByteSpan span;
    ASSERT_TRUE(ReadDecimalVarint(in, s.ctx(), &got, &span));
    EXPECT_TRUE(got == v);
    EXPECT_EQ(span, (ByteSpan{0, s.bytes.size()}));
    EXPECT_THAT(s.Take(), IsEmpty());
  }
  EXPECT_EQ(Varint128(ZigZag128(Int128{1} << 127)).size(), 19u);
}

TEST(DecimalVarintTest, MoreThan128BitsIsAnError) {
  testing::Bytes bytes(18, std::byte{0xff});
  bytes.push_back(std::byte{0x04});  // Bit 128.
  StreamFixture s(bytes);
  ByteReader in = s.reader();
  Int128 got;
  ByteSpan span;
  EXPECT_FALSE(ReadDecimalVarint(in, s.ctx(), &got, &span));
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleDecimalOverflow, 0, 19)));
}

TEST(DecimalVarintTest, RunningOnPast19BytesIsAnError) {
  testing::Bytes bytes(25, std::byte{0x80});
  StreamFixture s(bytes);
  ByteReader in = s.reader();
  Int128 got;
  ByteSpan span;
  EXPECT_FALSE(ReadDecimalVarint(in, s.ctx(), &got, &span));
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleDecimalOverflow, 0, 19)));
}

TEST(DecimalVarintTest, Truncated) {
  StreamFixture s(B({0x02, 0x80, 0x80}));
  DecimalDataDecoder d(s.reader(), s.ctx());
  std::vector<Int128> v = testing::DecodeAll(d);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_TRUE(v[0] == 1);
  EXPECT_TRUE(d.failed());
  d.Finish(2);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 1, 2)));
}

TEST(DecimalVarintTest, DecoderBlamesEachVarint) {
  testing::Bytes bytes = B({0x02});                         // 1
  Append(&bytes, Varint128(ZigZag128(Pow10(38))));          // Too many digits.
  Append(&bytes, B({0x03}));                                // -2
  StreamFixture s(bytes);
  DecimalDataDecoder d(s.reader(), s.ctx());
  std::array<Int128, 3> out;
  size_t got;
  ASSERT_TRUE(d.Next(out, &got));
  EXPECT_TRUE(out[2] == -2);
  for (size_t i = 0; i < 3; ++i)
    CheckDecimalRange(out[i], d.ValueSpan(i), d.context());
  d.Finish(3);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleDecimalRange, 1,
                                         bytes.size() - 2)));
}

TEST(DecimalVarintTest, RangeBoundary) {
  EXPECT_TRUE(DecimalInRange(Pow10(38) - 1));
  EXPECT_TRUE(DecimalInRange(-(Pow10(38) - 1)));
  EXPECT_FALSE(DecimalInRange(Pow10(38)));
  EXPECT_FALSE(DecimalInRange(-Pow10(38)));
  EXPECT_FALSE(DecimalInRange(Int128{1} << 127));
}

}  // namespace
}  // namespace colcheck::orc::testing
