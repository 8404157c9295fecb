// Tests for ByteReader: bounds, absolute offsets and sub-readers.

#include "core/byte_reader.h"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <limits>
#include <vector>

namespace colcheck {
namespace {

std::vector<std::byte> Bytes(std::initializer_list<uint8_t> list) {
  std::vector<std::byte> out;
  for (uint8_t b : list) out.push_back(std::byte{b});
  return out;
}

TEST(ByteReaderTest, OffsetsAreAbsolute) {
  const auto data = Bytes({1, 2, 3, 4, 5});
  ByteReader r(data, 1000);
  EXPECT_EQ(r.begin_offset(), 1000u);
  EXPECT_EQ(r.position(), 1000u);
  EXPECT_EQ(r.end_offset(), 1005u);
  EXPECT_EQ(r.size(), 5u);
  EXPECT_EQ(r.remaining(), 5u);
  uint8_t b;
  ASSERT_TRUE(r.ReadU8(&b));
  EXPECT_EQ(b, 1);
  EXPECT_EQ(r.position(), 1001u);
  EXPECT_EQ(r.remaining(), 4u);
  EXPECT_EQ(r.SpanFrom(1000), (ByteSpan{1000, 1}));
}

TEST(ByteReaderTest, DefaultReaderIsEmpty) {
  ByteReader r;
  EXPECT_TRUE(r.empty());
  EXPECT_EQ(r.size(), 0u);
  uint8_t b;
  EXPECT_FALSE(r.ReadU8(&b));
  EXPECT_FALSE(r.PeekU8(&b));
}

TEST(ByteReaderTest, PeekDoesNotAdvance) {
  const auto data = Bytes({0xAB});
  ByteReader r(data);
  uint8_t b = 0;
  ASSERT_TRUE(r.PeekU8(&b));
  EXPECT_EQ(b, 0xAB);
  EXPECT_EQ(r.position(), 0u);
  ASSERT_TRUE(r.ReadU8(&b));
  EXPECT_TRUE(r.empty());
  EXPECT_FALSE(r.PeekU8(&b));
}

TEST(ByteReaderTest, LittleEndianIntegers) {
  const auto data = Bytes(
      {0x04, 0x03, 0x02, 0x01, 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x81});
  ByteReader r(data);
  uint32_t u32;
  ASSERT_TRUE(r.ReadU32LE(&u32));
  EXPECT_EQ(u32, 0x01020304u);
  uint64_t u64;
  ASSERT_TRUE(r.ReadU64LE(&u64));
  EXPECT_EQ(u64, 0x8102030405060708u);
  EXPECT_TRUE(r.empty());
}

TEST(ByteReaderTest, ShortReadFailsAndKeepsCursor) {
  const auto data = Bytes({1, 2, 3});
  ByteReader r(data, 10);
  uint32_t u32 = 0xDEADBEEF;
  EXPECT_FALSE(r.ReadU32LE(&u32));
  EXPECT_EQ(u32, 0xDEADBEEFu);
  EXPECT_EQ(r.position(), 10u);
  uint64_t u64;
  EXPECT_FALSE(r.ReadU64LE(&u64));
  EXPECT_EQ(r.position(), 10u);
  std::span<const std::byte> out;
  EXPECT_FALSE(r.ReadBytes(4, &out));
  EXPECT_EQ(r.position(), 10u);
  EXPECT_FALSE(r.Skip(4));
  EXPECT_EQ(r.position(), 10u);
  // A length near 2^64 must not wrap around the bounds check.
  EXPECT_FALSE(r.ReadBytes(std::numeric_limits<uint64_t>::max(), &out));
  EXPECT_FALSE(r.Skip(std::numeric_limits<uint64_t>::max()));
  EXPECT_EQ(r.position(), 10u);
}

TEST(ByteReaderTest, ReadBytesViewsInput) {
  const auto data = Bytes({'P', 'A', 'R', '1', 9});
  ByteReader r(data, 4);
  std::span<const std::byte> out;
  ASSERT_TRUE(r.ReadBytes(4, &out));
  EXPECT_EQ(AsChars(out), "PAR1");
  EXPECT_EQ(out.data(), data.data());
  EXPECT_EQ(r.position(), 8u);
  ASSERT_TRUE(r.ReadBytes(0, &out));
  EXPECT_TRUE(out.empty());
  ASSERT_TRUE(r.Skip(1));
  EXPECT_TRUE(r.empty());
  EXPECT_TRUE(r.Skip(0));
}

TEST(ByteReaderTest, SeekTakesAbsoluteOffsets) {
  const auto data = Bytes({1, 2, 3, 4});
  ByteReader r(data, 100);
  EXPECT_TRUE(r.Seek(102));
  uint8_t b;
  ASSERT_TRUE(r.ReadU8(&b));
  EXPECT_EQ(b, 3);
  EXPECT_TRUE(r.Seek(104));  // One past the end is allowed.
  EXPECT_TRUE(r.empty());
  EXPECT_FALSE(r.Seek(105));
  EXPECT_FALSE(r.Seek(99));
  EXPECT_FALSE(r.Seek(0));
  EXPECT_EQ(r.position(), 104u);
  EXPECT_TRUE(r.Seek(100));
  EXPECT_EQ(r.position(), 100u);
}

TEST(ByteReaderTest, SubKeepsFileCoordinates) {
  const auto data = Bytes({0, 1, 2, 3, 4, 5, 6, 7});
  ByteReader r(data, 50);
  ByteReader sub;
  ASSERT_TRUE(r.Sub(53, 3, &sub));
  EXPECT_EQ(sub.begin_offset(), 53u);
  EXPECT_EQ(sub.end_offset(), 56u);
  uint8_t b;
  ASSERT_TRUE(sub.ReadU8(&b));
  EXPECT_EQ(b, 3);
  EXPECT_EQ(sub.position(), 54u);
  ASSERT_TRUE(sub.Skip(2));
  EXPECT_FALSE(sub.ReadU8(&b));  // Cannot read byte 56 of the parent.
  // A child of a child stays in the same coordinates.
  ByteReader inner;
  ASSERT_TRUE(sub.Sub(54, 2, &inner));
  EXPECT_EQ(inner.begin_offset(), 54u);
  EXPECT_FALSE(sub.Sub(53, 4, &inner));
  EXPECT_FALSE(sub.Sub(52, 1, &inner));
}

TEST(ByteReaderTest, SubRejectsRangesOutside) {
  const auto data = Bytes({0, 1, 2, 3});
  ByteReader r(data, 10);
  ByteReader sub;
  EXPECT_TRUE(r.Sub(10, 4, &sub));
  EXPECT_TRUE(r.Sub(14, 0, &sub));  // Empty at the end.
  EXPECT_EQ(sub.begin_offset(), 14u);
  EXPECT_FALSE(r.Sub(9, 1, &sub));
  EXPECT_FALSE(r.Sub(10, 5, &sub));
  EXPECT_FALSE(r.Sub(15, 0, &sub));
  EXPECT_FALSE(r.Sub(11, 4, &sub));
  // Sums that would overflow 64 bits.
  EXPECT_FALSE(r.Sub(11, std::numeric_limits<uint64_t>::max(), &sub));
  EXPECT_FALSE(r.Sub(std::numeric_limits<uint64_t>::max(), 2, &sub));
}

TEST(ByteReaderTest, SubIsIndependentOfParentCursor) {
  const auto data = Bytes({0, 1, 2, 3});
  ByteReader r(data, 0);
  ASSERT_TRUE(r.Skip(3));
  ByteReader sub;
  ASSERT_TRUE(r.Sub(0, 2, &sub));
  EXPECT_EQ(sub.position(), 0u);
  EXPECT_EQ(r.position(), 3u);
}

TEST(ByteReaderTest, BytesOfSpan) {
  const auto data = Bytes({'a', 'b', 'c', 'd'});
  const ByteReader r(data, 20);
  EXPECT_EQ(AsChars(r.Bytes({21, 2})), "bc");
  EXPECT_TRUE(r.Bytes({19, 2}).empty());
  EXPECT_TRUE(r.Bytes({23, 2}).empty());
  EXPECT_EQ(AsChars(r.data()), "abcd");
}

TEST(ByteSpanTest, JoinAndEnd) {
  const ByteSpan a{10, 2};
  const ByteSpan b{15, 5};
  EXPECT_EQ(a.end(), 12u);
  EXPECT_EQ(Join(a, b), (ByteSpan{10, 10}));
  EXPECT_EQ(Join(b, a), (ByteSpan{10, 10}));
  EXPECT_EQ(Join(a, ByteSpan{11, 1}), a);
}

TEST(SpannedTest, WholeJoinsHeaderAndValue) {
  Spanned<int> s;
  s.span = {5, 3};
  EXPECT_EQ(s.whole(), (ByteSpan{5, 3}));  // No header: list element.
  s.header = {4, 1};
  EXPECT_EQ(s.whole(), (ByteSpan{4, 4}));
}

}  // namespace
}  // namespace colcheck
