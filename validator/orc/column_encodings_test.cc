// Float/double stream lengths (E7) and timestamp nanoseconds (E11).

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "orc/rle.h"
#include "orc/rle_testing.h"

namespace colcheck::orc::testing {
namespace {

TEST(FixedWidthTest, ExactLength) {
  StreamFixture s(testing::Bytes(24));
  EXPECT_TRUE(CheckFixedWidthStream(s.reader(), 8, 3, s.ctx()));
  EXPECT_TRUE(CheckFixedWidthStream(s.reader(), 4, 6, s.ctx()));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(FixedWidthTest, ShortStream) {
  StreamFixture partial(testing::Bytes(10));
  EXPECT_FALSE(CheckFixedWidthStream(partial.reader(), 4, 3, partial.ctx()));
  EXPECT_THAT(partial.Take(),
              ElementsAre(Diag(Code::kOrcRleShortStream, 8, 2)));

  StreamFixture whole(testing::Bytes(16));
  EXPECT_FALSE(CheckFixedWidthStream(whole.reader(), 8, 3, whole.ctx()));
  EXPECT_THAT(whole.Take(), ElementsAre(Diag(Code::kOrcRleShortStream, 16, 0)));

  StreamFixture huge(testing::Bytes(16));
  EXPECT_FALSE(
      CheckFixedWidthStream(huge.reader(), 8, uint64_t{1} << 62, huge.ctx()));
  EXPECT_THAT(huge.Take(), ElementsAre(Diag(Code::kOrcRleShortStream, 16, 0)));
}

TEST(FixedWidthTest, TrailingBytes) {
  StreamFixture s(testing::Bytes(13));
  EXPECT_TRUE(CheckFixedWidthStream(s.reader(), 4, 2, s.ctx()));
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTrailingBytes, 8, 5)));
}

TEST(NanosTest, SpecExamples) {
  // "1000 nanoseconds would be serialized as 0x0a and 100000 would be
  // serialized as 0x0c."
  EXPECT_EQ(EncodeNanos(1000), 0x0au);
  EXPECT_EQ(EncodeNanos(100000), 0x0cu);
  EXPECT_EQ(DecodeNanos(0x0a).nanos, 1000u);
  EXPECT_EQ(DecodeNanos(0x0c).nanos, 100000u);
  EXPECT_TRUE(DecodeNanos(0x0c).canonical);
}

TEST(NanosTest, RoundTrip) {
  for (uint32_t n : {0u, 1u, 99u, 100u, 120u, 999999999u, 100000000u,
                     500000000u, 10u, 123456700u}) {
    const DecodedNanos d = DecodeNanos(EncodeNanos(n));
    EXPECT_EQ(d.nanos, n);
    EXPECT_TRUE(d.in_range);
    EXPECT_TRUE(d.canonical) << n;
  }
}

TEST(NanosTest, NonCanonicalAndOutOfRange) {
  EXPECT_FALSE(DecodeNanos(1000u << 3).canonical);    // z = 0, zeros left.
  EXPECT_FALSE(DecodeNanos(10u << 3 | 1).canonical);  // 1000 as 10e2.
  EXPECT_TRUE(DecodeNanos(10u << 3 | 1).in_range);
  EXPECT_FALSE(DecodeNanos(0u << 3 | 2).canonical);  // 0 with z = 2.
  EXPECT_FALSE(DecodeNanos(uint64_t{1000000000} << 3).in_range);
  EXPECT_FALSE(DecodeNanos(10u << 3 | 7).in_range);  // 10 * 10^8.
  const DecodedNanos huge = DecodeNanos(~uint64_t{0} >> 1);
  EXPECT_FALSE(huge.in_range);
  EXPECT_FALSE(huge.canonical);
}

TEST(NanosTest, CanonicalIsWhatTheWritersEncode) {
  // Every mantissa up to 2^14 under every zeros field, and the top of the
  // range: canonical exactly when EncodeNanos gives the same value back.
  std::vector<uint64_t> mantissas;
  for (uint64_t m = 0; m < (1u << 14); ++m) mantissas.push_back(m);
  for (uint64_t m = 999999000; m < 1000000010; ++m) mantissas.push_back(m);
  for (uint64_t m : mantissas) {
    for (uint64_t zeros = 0; zeros < 8; ++zeros) {
      const uint64_t encoded = m << 3 | zeros;
      const DecodedNanos d = DecodeNanos(encoded);
      const bool want =
          d.in_range && EncodeNanos(static_cast<uint32_t>(d.nanos)) == encoded;
      ASSERT_EQ(d.canonical, want) << encoded;
    }
  }
}

}  // namespace
}  // namespace colcheck::orc::testing
