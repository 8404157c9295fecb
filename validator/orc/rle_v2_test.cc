// Integer RLE version 2 (E5, E6), the exact-count helpers over it, and
// timestamp nanos (E11) checked against its run spans.

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include "orc/rle.h"
#include "orc/rle_testing.h"

namespace colcheck::orc::testing {
namespace {

std::vector<int64_t> Decode(StreamFixture& s, Signedness sign, uint64_t n) {
  return DecodeInts<IntRleV2Decoder>(s, sign, n, 100);
}

int EntryWidth(int bits) {
  for (int w : {26, 28, 30, 32, 40, 48, 56, 64}) {
    if (bits <= 24) return bits;
    if (bits <= w) return w;
  }
  return 64;
}

// A PATCHED_BASE run; `entries` are (gap, patch) pairs.
testing::Bytes Patched(
    int width, const std::vector<uint64_t>& data, int base_bytes,
    uint64_t base_word, int patch_width, int gap_width,
    const std::vector<std::pair<uint64_t, uint64_t>>& entries) {
  const size_t l = data.size() - 1;
  testing::Bytes out =
      B({0x80 | testing::WidthCode(width) << 1 | static_cast<int>(l >> 8),
         static_cast<int>(l & 0xff),
         (base_bytes - 1) << 5 | testing::WidthCode(patch_width),
         (gap_width - 1) << 5 | static_cast<int>(entries.size())});
  for (int i = base_bytes - 1; i >= 0; --i) {
    out.push_back(static_cast<std::byte>(base_word >> (8 * i)));
  }
  testing::BitWriter w;
  for (uint64_t v : data) w.Put(v, width);
  Append(&out, w.Take());
  testing::BitWriter p;
  const int ew = EntryWidth(gap_width + patch_width);
  for (const auto& [gap, patch] : entries) {
    p.Put(patch_width >= 64 ? patch : gap << patch_width | patch, ew);
  }
  Append(&out, p.Take());
  return out;
}

TEST(RleV2Test, WidthTable) {
  EXPECT_EQ(WidthFromCode(0), 1);
  EXPECT_EQ(WidthFromCode(2), 3);
  EXPECT_EQ(WidthFromCode(23), 24);
  EXPECT_EQ(WidthFromCode(24), 26);
  EXPECT_EQ(WidthFromCode(26), 30);
  EXPECT_EQ(WidthFromCode(27), 32);
  EXPECT_EQ(WidthFromCode(30), 56);
  EXPECT_EQ(WidthFromCode(31), 64);
  EXPECT_EQ(ClosestFixedBits(0), 1);
  EXPECT_EQ(ClosestFixedBits(14), 14);
  EXPECT_EQ(ClosestFixedBits(25), 26);
  EXPECT_EQ(ClosestFixedBits(33), 40);
  EXPECT_EQ(ClosestFixedBits(72), 64);
}

TEST(RleV2Test, SpecExamples) {
  StreamFixture repeat(B({0x0a, 0x27, 0x10}));
  EXPECT_EQ(Decode(repeat, Signedness::kUnsigned, 5),
            std::vector<int64_t>(5, 10000));

  StreamFixture direct(
      B({0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe, 0xef}));
  EXPECT_EQ(Decode(direct, Signedness::kUnsigned, 4),
            (std::vector<int64_t>{23713, 43806, 57005, 48879}));

  StreamFixture patched(
      B({0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70,
         0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64, 0x6e, 0x78, 0x82,
         0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8}));
  EXPECT_EQ(Decode(patched, Signedness::kUnsigned, 20),
            (std::vector<int64_t>{2030, 2000, 2020, 1000000, 2040, 2050, 2060,
                                  2070, 2080, 2090, 2100,    2110, 2120, 2130,
                                  2140, 2150, 2160, 2170,    2180, 2190}));

  StreamFixture delta(B({0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46}));
  EXPECT_EQ(Decode(delta, Signedness::kUnsigned, 10),
            (std::vector<int64_t>{2, 3, 5, 7, 11, 13, 17, 19, 23, 29}));

  EXPECT_THAT(repeat.Take(), IsEmpty());
  EXPECT_THAT(direct.Take(), IsEmpty());
  EXPECT_THAT(patched.Take(), IsEmpty());
  EXPECT_THAT(delta.Take(), IsEmpty());
}

TEST(RleV2Test, DirectRoundTripsEveryWidth) {
  for (uint32_t code = 0; code < 32; ++code) {
    const int w = WidthFromCode(code);
    const uint64_t max = w == 64 ? ~uint64_t{0} : (uint64_t{1} << w) - 1;
    const std::vector<uint64_t> raw = {0, max, 1, max / 3, max - 1};
    StreamFixture s(testing::Direct(raw, w));
    std::vector<int64_t> expected;
    for (uint64_t r : raw) expected.push_back(ZigZagDecode(r));
    EXPECT_EQ(Decode(s, Signedness::kSigned, raw.size()), expected) << w;
    EXPECT_THAT(s.Take(), IsEmpty()) << w;
    if (w < 64) {
      StreamFixture u(testing::Direct(raw, w));
      std::vector<int64_t> unsigned_expected(raw.begin(), raw.end());
      EXPECT_EQ(Decode(u, Signedness::kUnsigned, raw.size()),
                unsigned_expected);
      EXPECT_THAT(u.Take(), IsEmpty()) << w;
    }
  }
  std::vector<uint64_t> long_run(512);
  for (size_t i = 0; i < long_run.size(); ++i) long_run[i] = i * 7919 % 8191;
  StreamFixture s(testing::Direct(long_run, 13));
  const std::vector<int64_t> v = Decode(s, Signedness::kUnsigned, 512);
  EXPECT_EQ(v, std::vector<int64_t>(long_run.begin(), long_run.end()));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(RleV2Test, ShortRepeatExtremes) {
  StreamFixture s(B({0x38, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f,
                     0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}));
  std::vector<int64_t> expected(3, kMin);
  expected.insert(expected.end(), 10, kMax);
  EXPECT_EQ(Decode(s, Signedness::kSigned, 13), expected);
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(RleV2Test, UnsignedValuesOf2To63) {
  StreamFixture repeat(B({0x38, 0x80, 0, 0, 0, 0, 0, 0, 0}));
  Decode(repeat, Signedness::kUnsigned, 3);
  EXPECT_THAT(repeat.Take(),
              ElementsAre(Diag(Code::kOrcRleUnsignedOverflow, 1, 8)));

  StreamFixture direct(testing::Direct({1, uint64_t{1} << 63, 2}, 64));
  Decode(direct, Signedness::kUnsigned, 3);
  EXPECT_THAT(direct.Take(),
              ElementsAre(Diag(Code::kOrcRleUnsignedOverflow, 10, 8)));

  testing::Bytes delta = B({0xc0, 0x00});
  Append(&delta, testing::Varint(uint64_t{1} << 63));
  Append(&delta, B({0x00}));
  StreamFixture d(delta);
  Decode(d, Signedness::kUnsigned, 1);
  EXPECT_THAT(d.Take(),
              ElementsAre(Diag(Code::kOrcRleUnsignedOverflow, 2, 10)));
}

TEST(RleV2Test, Truncation) {
  StreamFixture repeat(B({0x0a, 0x27}));
  Decode(repeat, Signedness::kUnsigned, 5);
  EXPECT_THAT(repeat.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 2)));

  StreamFixture header(B({0x0a, 0x27, 0x10, 0x5e}));
  EXPECT_EQ(Decode(header, Signedness::kUnsigned, 9).size(), 5u);
  EXPECT_THAT(header.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 3, 1)));

  StreamFixture direct(B({0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e}));
  Decode(direct, Signedness::kUnsigned, 4);
  EXPECT_THAT(direct.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 6)));

  StreamFixture patched(B({0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e}));
  Decode(patched, Signedness::kUnsigned, 20);
  EXPECT_THAT(patched.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 7)));

  StreamFixture delta(B({0xc6, 0x09, 0x02, 0x02, 0x22, 0x42}));
  Decode(delta, Signedness::kUnsigned, 10);
  EXPECT_THAT(delta.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 6)));

  StreamFixture varint(B({0xc6, 0x09, 0x02, 0x82}));
  Decode(varint, Signedness::kUnsigned, 10);
  EXPECT_THAT(varint.Take(), ElementsAre(Diag(Code::kOrcRleTruncated, 0, 4)));
}

TEST(RleV2Test, PatchListEmpty) {
  testing::Bytes bytes =
      B({0x8e, 0x13, 0x2b, 0x20, 0x07, 0xd0, 0x1e, 0x00, 0x14,
         0x70, 0x28, 0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64, 0x6e,
         0x78, 0x82, 0x8c, 0x96, 0xa0, 0xaa, 0xb4, 0xbe});
  Append(&bytes, B({0x02, 0x07}));  // And a run after it.
  StreamFixture s(bytes);
  const std::vector<int64_t> v = Decode(s, Signedness::kUnsigned, 25);
  ASSERT_EQ(v.size(), 25u);
  EXPECT_EQ(v[3], 2000 + 0x70);
  EXPECT_EQ(v[24], 7);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRlePatchListEmpty, 0, 4)));
}

TEST(RleV2Test, PatchWidths) {
  StreamFixture gap_and_patch(Patched(8, {1}, 1, 0, 64, 2, {{0, 0}}));
  Decode(gap_and_patch, Signedness::kSigned, 1);
  EXPECT_THAT(gap_and_patch.Take(),
              ElementsAre(Diag(Code::kOrcRlePatchWidth, 2, 2)));

  StreamFixture value_and_patch(Patched(56, {1}, 1, 0, 16, 1, {{0, 1}}));
  Decode(value_and_patch, Signedness::kSigned, 1);
  EXPECT_THAT(value_and_patch.Take(),
              ElementsAre(Diag(Code::kOrcRlePatchWidth, 0, 3)));
}

TEST(RleV2Test, PatchGaps) {
  // Header 4 bytes, base 1, data 4: the patch list starts at 9.
  StreamFixture beyond(Patched(8, {1, 2, 3, 4}, 1, 0, 4, 3, {{5, 1}}));
  EXPECT_EQ(Decode(beyond, Signedness::kSigned, 4),
            (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_THAT(beyond.Take(), ElementsAre(Diag(Code::kOrcRlePatchGap, 9, 1)));

  StreamFixture filler_last(
      Patched(8, {1, 2, 3, 4}, 1, 0, 4, 8, {{1, 1}, {255, 0}}));
  EXPECT_EQ(Decode(filler_last, Signedness::kSigned, 4),
            (std::vector<int64_t>{1, 2 + 256, 3, 4}));
  EXPECT_THAT(filler_last.Take(),
              ElementsAre(Diag(Code::kOrcRlePatchGap, 10, 2)));

  StreamFixture repeated(
      Patched(8, {1, 2, 3, 4}, 1, 0, 4, 2, {{1, 1}, {0, 2}}));
  Decode(repeated, Signedness::kSigned, 4);
  EXPECT_THAT(repeated.Take(), ElementsAre(Diag(Code::kOrcRlePatchGap, 9, 2)));
}

TEST(RleV2Test, FillersReachFarPatches) {
  std::vector<uint64_t> data(300, 1);
  StreamFixture s(Patched(1, data, 1, 0x85, 4, 8,
                          {{255, 0}, {5, 3}, {30, 1}}));  // Base -5.
  const std::vector<int64_t> v = Decode(s, Signedness::kSigned, 300);
  ASSERT_EQ(v.size(), 300u);
  EXPECT_EQ(v[0], -4);
  EXPECT_EQ(v[260], -5 + (1 | 3 << 1));
  EXPECT_EQ(v[290], -5 + (1 | 1 << 1));
  EXPECT_THAT(s.Take(), IsEmpty());
}

TEST(RleV2Test, PatchedValuesLeavingTheRange) {
  const testing::Bytes high =
      Patched(8, {0, 5}, 8, uint64_t(kMax - 1), 1, 1, {{0, 0}});
  StreamFixture s(high);
  const std::vector<int64_t> v = Decode(s, Signedness::kSigned, 2);
  EXPECT_EQ(v[0], kMax - 1);
  EXPECT_THAT(s.Take(),
              ElementsAre(Diag(Code::kOrcRleValueOverflow, 0, high.size())));

  const testing::Bytes negative =
      Patched(8, {20, 5}, 1, 0x8a, 1, 1, {{0, 0}});  // Base -10.
  StreamFixture u(negative);
  EXPECT_EQ(Decode(u, Signedness::kUnsigned, 2),
            (std::vector<int64_t>{10, -5}));
  EXPECT_THAT(u.Take(), ElementsAre(Diag(Code::kOrcRleValueOverflow, 0,
                                         negative.size())));
}

TEST(RleV2Test, DeltaRuns) {
  StreamFixture fixed(B({0xc0, 0x04, 0x09, 0x06}));
  EXPECT_EQ(Decode(fixed, Signedness::kSigned, 5),
            (std::vector<int64_t>{-5, -2, 1, 4, 7}));
  StreamFixture down(B({0xc6, 0x03, 0x64, 0x01, 0x23}));
  EXPECT_EQ(Decode(down, Signedness::kUnsigned, 4),
            (std::vector<int64_t>{100, 99, 97, 94}));
  testing::Bytes wide = B({0xfe, 0x02});
  Append(&wide, testing::Varint(ZigZagEncode(kMin)));
  Append(&wide, B({0x02}));
  testing::BitWriter w;
  w.Put(uint64_t(kMax), 64);
  Append(&wide, w.Take());
  StreamFixture w64(wide);
  EXPECT_EQ(Decode(w64, Signedness::kSigned, 3),
            (std::vector<int64_t>{kMin, kMin + 1, 0}));
  EXPECT_THAT(fixed.Take(), IsEmpty());
  EXPECT_THAT(down.Take(), IsEmpty());
  EXPECT_THAT(w64.Take(), IsEmpty());
}

TEST(RleV2Test, DeltaLength) {
  StreamFixture s(B({0xc2, 0x00, 0x02, 0x02, 0x0a, 0x27, 0x10}));
  EXPECT_EQ(Decode(s, Signedness::kUnsigned, 1).size(), 0u);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleDeltaLength, 0, 2)));
}

TEST(RleV2Test, DeltaZeroBase) {
  StreamFixture s(B({0xc2, 0x02, 0x02, 0x00, 0x40}));
  EXPECT_EQ(Decode(s, Signedness::kUnsigned, 3),
            (std::vector<int64_t>{2, 2, 3}));
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleDeltaZeroBase, 3, 1)));
}

TEST(RleV2Test, DeltaOverflow) {
  testing::Bytes up = B({0xc0, 0x01});
  Append(&up, testing::Varint(ZigZagEncode(kMax)));
  Append(&up, B({0x02}));
  StreamFixture s(up);
  EXPECT_EQ(Decode(s, Signedness::kSigned, 2),
            (std::vector<int64_t>{kMax, kMin}));
  EXPECT_THAT(s.Take(),
              ElementsAre(Diag(Code::kOrcRleDeltaOverflow, 0, up.size())));

  StreamFixture below(B({0x0a, 0x27, 0x10, 0xc0, 0x02, 0x01, 0x01}));
  Decode(below, Signedness::kUnsigned, 8);
  EXPECT_THAT(below.Take(),
              ElementsAre(Diag(Code::kOrcRleDeltaOverflow, 3, 4)));
}

TEST(RleV2Test, MixedStreamSpansAndCounts) {
  testing::Bytes bytes = B({0x0a, 0x27, 0x10});           // 5 x 10000, [0, 3)
  Append(&bytes, testing::Direct({1, 2, 3}, 2));          // [3, 6)
  Append(&bytes, B({0xc0, 0x02, 0x02, 0x02}));            // [6, 10)
  Append(&bytes, B({0x00}));                              // leftover
  StreamFixture s(bytes);
  auto d = MakeIntegerRleDecoder(RleVersion::kV2, Signedness::kUnsigned,
                                 s.reader(), s.ctx());
  std::array<int64_t, 11> out;
  size_t got;
  EXPECT_TRUE(d->Next(std::span<int64_t>(out).first(7), &got));
  EXPECT_EQ(d->ValueSpan(0), (ByteSpan{testing::kBase, 3}));
  EXPECT_EQ(d->ValueSpan(4), (ByteSpan{testing::kBase, 3}));
  EXPECT_EQ(d->ValueSpan(5), (ByteSpan{testing::kBase + 3, 3}));
  EXPECT_EQ(d->ValueSpan(6), (ByteSpan{testing::kBase + 3, 3}));
  EXPECT_EQ(d->ValueSpan(7), (ByteSpan{}));
  EXPECT_EQ(out[6], 2);
  EXPECT_TRUE(d->Skip(1));
  d->Finish(11);
  EXPECT_THAT(s.Take(), ElementsAre(Diag(Code::kOrcRleTrailingBytes, 10, 1)));

  StreamFixture v1(B({0x00, 0x01, 0x02}));
  auto d1 = MakeIntegerRleDecoder(RleVersion::kV1, Signedness::kSigned,
                                  v1.reader(), v1.ctx());
  EXPECT_EQ(testing::DecodeAll(*d1), (std::vector<int64_t>{1, 2, 3}));
}

TEST(RleV2Test, NanosAgainstRunSpans) {
  // SHORT_REPEAT of 10^9 << 3 (5 bytes), then DIRECT [1000 << 3, 7 << 3].
  testing::Bytes bytes = B({0x20, 0x01, 0xdc, 0xd6, 0x50, 0x00});
  Append(&bytes, testing::Direct({1000 << 3, 7 << 3}, 16));
  StreamFixture s(bytes);
  IntRleV2Decoder d(s.reader(), Signedness::kUnsigned, s.ctx());
  std::array<int64_t, 5> out;
  size_t got;
  ASSERT_TRUE(d.Next(out, &got));
  bool warned = false;
  std::array<int32_t, 5> nanos;
  CheckNanos(out, 0, d, &warned, nanos);
  EXPECT_THAT(nanos, ElementsAre(0, 0, 0, 1000, 7));
  CheckNanos(out, 0, d, &warned, nanos);  // Warned once per stream.
  d.Finish(5);
  EXPECT_THAT(s.Take(),
              ElementsAre(Diag(Code::kOrcRleNanosRange, 0, 6),
                          Diag(Code::kOrcRleNanosRange, 0, 6),
                          Diag(Code::kOrcRleNanosNonCanonical, 6, 6)));
}

// Random streams through every decoder: no crash or sanitizer report, every
// span inside the stream, and Finish adds at most one count diagnostic.
TEST(RleFuzzTest, RandomStreamsStayInBounds) {
  uint64_t state = 0x9e3779b97f4a7c15u;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  for (int round = 0; round < 3000; ++round) {
    testing::Bytes bytes(next() % 64);
    for (std::byte& b : bytes) b = static_cast<std::byte>(next());
    const uint64_t n = next() % 300;
    StreamFixture s(bytes);
    for (RleVersion version : {RleVersion::kV1, RleVersion::kV2}) {
      for (Signedness sign : {Signedness::kSigned, Signedness::kUnsigned}) {
        auto d = MakeIntegerRleDecoder(version, sign, s.reader(), s.ctx());
        std::array<int64_t, 64> out;
        size_t got;
        while (d->values_read() < n &&
               d->Next(std::span<int64_t>(out).first(
                           std::min<uint64_t>(64, n - d->values_read())),
                       &got)) {
          for (size_t i = 0; i < got; ++i) {
            const ByteSpan at = d->ValueSpan(d->values_read() - got + i);
            ASSERT_GE(at.offset, testing::kBase);
            ASSERT_LE(at.end(), testing::kBase + bytes.size());
          }
        }
        d->Finish(n);
      }
    }
    ByteRleDecoder bytes_decoder(s.reader(), s.ctx());
    bytes_decoder.Finish(n);
    BooleanRleDecoder bools(s.reader(), s.ctx());
    bools.Finish(n);
    DecimalDataDecoder decimals(s.reader(), s.ctx());
    decimals.Finish(n);
    for (const Diagnostic& diag : s.Take()) {
      ASSERT_GE(diag.offset, testing::kBase)
          << Describe(std::vector<Diagnostic>{diag});
      ASSERT_LE(diag.offset + diag.length, testing::kBase + bytes.size())
          << Describe(std::vector<Diagnostic>{diag});
    }
  }
}

}  // namespace
}  // namespace colcheck::orc::testing
