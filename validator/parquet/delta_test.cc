#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <random>
#include <vector>

#include "core/limits.h"
#include "parquet/encoding_testing.h"
#include "parquet/values.h"

namespace colcheck::parquet::testing {
namespace {

DecodeJob Delta(int32_t physical, uint64_t n) {
  return Job(kDeltaBinaryPacked, physical, n);
}

std::vector<std::string> PlainInts(const std::vector<int64_t>& values,
                                   bool is64) {
  std::vector<std::string> out;
  for (int64_t v : values) {
    out.push_back(is64 ? PlainOf(v) : PlainOf(static_cast<int32_t>(v)));
  }
  return out;
}

// ---- DELTA_BINARY_PACKED
// ----------------------------------------------------------

TEST(DeltaBinaryPackedTest, KnownVector) {
  // Encodings.md example 1 with a valid block size: 1..5 is a header
  // <128> <4> <5> <1> and one block <min delta 1> <widths 0 0 0 0>.
  const Bytes section = B({0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0, 0, 0, 0});
  const Decoded d = Decode(Delta(kInt32, 5), section);
  EXPECT_THAT(d.values, ElementsAreArray(PlainInts({1, 2, 3, 4, 5}, false)));
  EXPECT_THAT(d.diagnostics, IsEmpty());
  EXPECT_EQ(DeltaEncode({1, 2, 3, 4, 5}), section);
  // Example 2: 7, 5, 3, 1, 2, 3, 4, 5: min delta -2, relative 0 0 0 3 3 3 3
  // in 2 bits (the first miniblock holds all seven deltas).
  Bytes two = B({0x80, 0x01, 0x04, 0x08, 0x0E, 0x03, 2, 0, 0, 0});
  Append(&two, PackLsb({0, 0, 0, 3, 3, 3, 3}, 2));
  two.resize(10 + 8, std::byte{0});  // 32 values of 2 bits.
  const Decoded e = Decode(Delta(kInt64, 8), two);
  EXPECT_THAT(e.values,
              ElementsAreArray(PlainInts({7, 5, 3, 1, 2, 3, 4, 5}, true)));
  EXPECT_THAT(e.diagnostics, IsEmpty());
}

TEST(DeltaBinaryPackedTest, RoundTrips) {
  std::mt19937_64 rng(7);
  const std::vector<std::pair<uint64_t, uint64_t>> shapes = {
      {128, 4}, {128, 1}, {256, 8}, {128, 2}, {1024, 32}};
  for (bool is64 : {false, true}) {
    for (auto [block, miniblocks] : shapes) {
      for (size_t n : {0, 1, 2, 31, 32, 33, 129, 130, 700}) {
        std::vector<int64_t> values(n);
        for (auto& v : values) {
          v = static_cast<int64_t>(rng());
          if (rng() % 3 == 0) v %= 1000;
          if (!is64) v = static_cast<int32_t>(v);
        }
        if (n > 4) {
          values[1] = is64 ? std::numeric_limits<int64_t>::min()
                           : std::numeric_limits<int32_t>::min();
          values[2] = is64 ? std::numeric_limits<int64_t>::max()
                           : std::numeric_limits<int32_t>::max();
        }
        DeltaOptions o{block, miniblocks, is64};
        const Bytes section = DeltaEncode(values, o);
        for (size_t max : {1, 7, 64, 4096}) {
          DecodeJob r = Delta(is64 ? kInt64 : kInt32, n);
          r.max = max;
          const Decoded d = Decode(r, section);
          EXPECT_THAT(d.values, ElementsAreArray(PlainInts(values, is64)))
              << "n " << n << " block " << block << "/" << miniblocks;
          EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
        }
      }
    }
  }
}

TEST(DeltaBinaryPackedTest, UnusedWidthsAndPaddingAreArbitrary) {
  std::vector<int64_t> values;
  for (int i = 0; i < 40; ++i) values.push_back(i * i);
  DeltaOptions o;
  o.unused_width = 254;  // Miniblocks 2 and 3 hold nothing.
  o.dirty_padding = true;
  const Decoded d = Decode(Delta(kInt32, 40), DeltaEncode(values, o));
  EXPECT_THAT(d.values, ElementsAreArray(PlainInts(values, false)));
  EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
}

TEST(DeltaBinaryPackedTest, UsedMiniblockTooWide) {
  // Header, min delta 0, widths 33 0 0 0.
  const Bytes i32 = Concat(
      {B({0x80, 0x01, 0x04, 0x03, 0x00, 0x00}), B({33, 0, 0, 0}), Bytes(132)});
  EXPECT_THAT(Decode(Delta(kInt32, 3), i32).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDeltaBitWidth, At(6, 1),
                                       Field("values"))));
  for (int width : {65, 254}) {
    const Bytes i64 = Concat({B({0x80, 0x01, 0x04, 0x03, 0x00, 0x00}),
                              B({width, 0, 0, 0}), Bytes(300)});
    EXPECT_THAT(Decode(Delta(kInt64, 3), i64).diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingDeltaBitWidth, At(6, 1),
                                         Field("values"))));
  }
  // 64 bits is fine for INT64.
  const Bytes ok = Concat(
      {B({0x80, 0x01, 0x04, 0x03, 0x00, 0x00}), B({64, 0, 0, 0}), Bytes(256)});
  EXPECT_THAT(Decode(Delta(kInt64, 3), ok).diagnostics, IsEmpty());
}

TEST(DeltaBinaryPackedTest, BadBlockSize) {
  for (const Bytes& size : {B({0x00}), B({0x64}), B({0xC0, 0x01})}) {
    const Bytes section = Concat({size, B({0x04, 0x01, 0x00})});
    EXPECT_THAT(Decode(Delta(kInt32, 1), section).diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingDeltaBlockSize,
                                         At(0, size.size()), Field("values"))));
  }
}

TEST(DeltaBinaryPackedTest, BlocksAboveTheLimitAreNotDecoded) {
  // 2^31 values a block, one miniblock: 2^31 values from a few bytes.
  const Bytes big = Concat({B({0x80, 0x80, 0x80, 0x80, 0x08, 0x01}),
                            B({0xFF, 0xFF, 0xFF, 0xFF, 0x07, 0x00}),
                            B({0x00, 0x00})});
  EXPECT_THAT(Decode(Delta(kInt32, 0x7FFFFFFF), big).diagnostics,
              ElementsAre(IsDiagnostic(Code::kLimitsDeltaBlockSize, At(0, 5),
                                       Field("values"))));
  // The limit itself decodes: 8192 values a block (0x80 0x40).
  const Bytes at_limit = Concat({B({0x80, 0x40, 0x01, 0x02, 0x00}),
                                 B({0x00, 0x00})});
  EXPECT_THAT(Decode(Delta(kInt32, 2), at_limit).diagnostics, IsEmpty());
}

TEST(DeltaBinaryPackedTest, BadMiniblockCount) {
  // 0, not a divisor (3), and 8 miniblocks of 16 values.
  for (int count : {0, 3, 8}) {
    const Bytes section = B({0x80, 0x01, count, 0x01, 0x00});
    EXPECT_THAT(Decode(Delta(kInt32, 1), section).diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingDeltaMiniblocks,
                                         At(2, 1), Field("values"))));
  }
}

TEST(DeltaBinaryPackedTest, TotalCountMustMatchThePage) {
  const Bytes section = DeltaEncode({1, 2, 3});
  EXPECT_THAT(Decode(Delta(kInt32, 4), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingValueCount, At(3, 1),
                                       Field("values"))));
  EXPECT_THAT(Decode(Delta(kInt32, 2), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingValueCount, At(3, 1),
                                       Field("values"))));
}

// A decoder that looped over the claims would run 10^9 times here; the
// test's ctest timeout (colcheck_test) catches it, not a clock here.
TEST(DeltaBinaryPackedTest, HugeClaimsAreRejectedBeforeAnyLoop) {
  // 10^9 values claimed by page and header, in 300 bytes.
  Bytes section = Concat({Uleb(128), Uleb(4), Uleb(1000000000), Uleb(0)});
  section.resize(300, std::byte{0});
  Decoded d = Decode(Delta(kInt32, 1000000000), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(9, 291),
                                       Field("values"))));
  EXPECT_EQ(d.values.size(), 0u);
  // The page holds 10 values: a count mismatch, at once.
  d = Decode(Delta(kInt32, 10), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingValueCount, At(3, 5),
                                       Field("values"))));
  // One huge block: past colcheck's limit, so not decoded at all.
  section = Concat({Uleb(uint64_t{1} << 30), Uleb(1), Uleb(100000), Uleb(0),
                    B({0x00, 0x01}), Bytes(100)});
  d = Decode(Delta(kInt64, 100000), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kLimitsDeltaBlockSize, At(0, 5),
                                       Field("values"))));
  // The largest block, whose single miniblock is 1 bit wide: 1,024 bytes
  // needed, 100 there.
  section = Concat({Uleb(uint64_t{1} << 13), Uleb(1), Uleb(100000), Uleb(0),
                    B({0x00, 0x01}), Bytes(100)});
  d = Decode(Delta(kInt64, 100000), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(9, 100),
                                       Field("values"))));
}

TEST(DeltaBinaryPackedTest, ZeroWidthMiniblocksHoldManyValuesInFewBytes) {
  // 2^20 values, all deltas 3, in 128 blocks of the largest size that
  // colcheck decodes, 2 bytes each: valid, and decoded as asked.
  Bytes section = Concat({Uleb(uint64_t{1} << 13), Uleb(1),
                          Uleb(uint64_t{1} << 20), Uleb(Zigzag(-5))});
  for (int block = 0; block < 128; ++block) {
    section = Concat({section, Uleb(Zigzag(3)), B({0})});
  }
  DecodeJob r = Delta(kInt64, uint64_t{1} << 20);
  const Decoded d = Decode(r, section);
  ASSERT_EQ(d.values.size(), uint64_t{1} << 20);
  EXPECT_EQ(d.values[0], PlainOf(int64_t{-5}));
  EXPECT_EQ(d.values.back(), PlainOf(int64_t{-5 + 3 * ((1 << 20) - 1)}));
  EXPECT_THAT(d.diagnostics, IsEmpty());
}

TEST(DeltaBinaryPackedTest, MalformedVarints) {
  // Overlong block size: seven bytes, all in the span.
  const Bytes a = B({0x80, 0x81, 0x80, 0x80, 0x80, 0x80, 0x00});
  EXPECT_THAT(Decode(Delta(kInt32, 1), a).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingMalformedVarint, At(0, 7),
                                       Field("values"))));
  // An INT32 first value wider than 32 bits: a well-formed varint, but out
  // of range.
  const Bytes b =
      Concat({B({0x80, 0x01, 0x04, 0x01}), B({0xFF, 0xFF, 0xFF, 0xFF, 0x1F})});
  EXPECT_THAT(Decode(Delta(kInt32, 1), b).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDeltaValueRange, At(4, 5),
                                       Field("values"))));
  // The same is a fine INT64 first value.
  EXPECT_THAT(Decode(Delta(kInt64, 1), b).diagnostics, IsEmpty());
  // An INT64 min delta of 11 bytes.
  Bytes c = Concat({B({0x80, 0x01, 0x04, 0x02, 0x00}),
                    Bytes(10, std::byte{0x80}), B({0x00, 0, 0, 0, 0})});
  EXPECT_THAT(Decode(Delta(kInt64, 2), c).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingMalformedVarint,
                                       At(5, 10), Field("values"))));
}

TEST(DeltaBinaryPackedTest, Int32MinDeltaOf33Bits) {
  // What DuckDB 1.5 writes for INT32 columns: deltas computed in 64 bits.
  // Block 128, 4 miniblocks, 2 values, first 0, min delta 2^32.
  const Bytes section = Concat({B({0x80, 0x01, 0x04, 0x02, 0x00}),
                                B({0x80, 0x80, 0x80, 0x80, 0x20}),
                                B({0, 0, 0, 0})});
  EXPECT_THAT(Decode(Delta(kInt32, 2), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDeltaValueRange,
                                       At(5, 5), Field("values"))));
  // As an INT64 column the same bytes are fine.
  EXPECT_THAT(Decode(Delta(kInt64, 2), section).diagnostics, IsEmpty());
}

TEST(DeltaBinaryPackedTest, MissingPaddingIsTruncation) {
  // Three deltas of 1 bit: the miniblock still takes 32 bits = 4 bytes.
  Bytes section = DeltaEncode({0, 1, 3, 4});
  section.pop_back();
  const Decoded d = Decode(Delta(kInt32, 4), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(10, 3),
                                       Field("values"))));
}

TEST(DeltaBinaryPackedTest, TrailingBytes) {
  const Bytes section = Concat({DeltaEncode({5, 6, 7}), B({0xEE})});
  EXPECT_THAT(
      Decode(Delta(kInt32, 3), section).diagnostics,
      ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes,
                               At(section.size() - 1, 1), Field("values"))));
}

TEST(DeltaBinaryPackedTest, EmptyPage) {
  EXPECT_THAT(Decode(Delta(kInt32, 0), {}).diagnostics, IsEmpty());
  EXPECT_THAT(Decode(Delta(kInt32, 0), DeltaEncode({})).diagnostics, IsEmpty());
  EXPECT_THAT(Decode(Delta(kInt32, 1), {}).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 0),
                                       Field("values"))));
}

TEST(DeltaBinaryPackedTest, EveryTruncationFails) {
  std::vector<int64_t> values;
  for (int i = 0; i < 300; ++i) values.push_back((i * 7919) % 1000 - 500);
  ExpectEveryTruncationFails(Delta(kInt32, values.size()), DeltaEncode(values));
  ExpectEveryTruncationFails(Delta(kInt64, 2),
                             DeltaEncode({1, 1000000}, {128, 4, true}));
}

// ---- DELTA_LENGTH_BYTE_ARRAY
// --------------------------------------------------------

DecodeJob DeltaLength(uint64_t n) {
  return Job(kDeltaLengthByteArray, kByteArray, n);
}

TEST(DeltaLengthByteArrayTest, RoundTrip) {
  // The Encodings.md example, then more than a block.
  const std::vector<std::string> hello = {"Hello", "World", "Foobar", "ABCDEF"};
  EXPECT_THAT(Decode(DeltaLength(4), DeltaLengthEncode(hello)).values,
              ElementsAreArray(hello));
  std::vector<std::string> values;
  for (int i = 0; i < 300; ++i)
    values.push_back(std::string(i % 17, 'a' + i % 26));
  for (size_t max : {1, 5, 4096}) {
    DecodeJob r = DeltaLength(values.size());
    r.max = max;
    const Decoded d = Decode(r, DeltaLengthEncode(values));
    EXPECT_THAT(d.values, ElementsAreArray(values));
    EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
  }
}

TEST(DeltaLengthByteArrayTest, NegativeLength) {
  // Lengths 3, -1: deltas -4 from min delta -4, width 0.
  const Bytes section = Concat({DeltaEncode({3, -1}), FromString("abc")});
  const Decoded d = Decode(DeltaLength(2), section);
  EXPECT_THAT(d.values, ElementsAre("abc"));
  // Width 0: the span is the miniblock's bit-width byte.
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingNegativeLength, At(6, 1),
                                       Field("values[1]"))));
}

TEST(DeltaLengthByteArrayTest, LengthsBeyondTheData) {
  const Bytes section = Concat({DeltaEncode({2, 4}), FromString("abcde")});
  const Decoded d = Decode(DeltaLength(2), section);
  EXPECT_THAT(d.values, ElementsAre("ab"));
  EXPECT_THAT(d.diagnostics, ElementsAre(IsDiagnostic(Code::kEncodingTruncated,
                                                      At(section.size() - 3, 3),
                                                      Field("values[1]"))));
}

TEST(DeltaLengthByteArrayTest, DataLeftOver) {
  const Bytes section = Concat({DeltaEncode({2, 1}), FromString("abcdef")});
  EXPECT_THAT(
      Decode(DeltaLength(2), section).diagnostics,
      ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes,
                               At(section.size() - 3, 3), Field("values"))));
}

TEST(DeltaLengthByteArrayTest, CountMismatch) {
  const Bytes section = DeltaLengthEncode({"a", "b"});
  EXPECT_THAT(Decode(DeltaLength(3), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingValueCount, At(3, 1),
                                       Field("values"))));
}

TEST(DeltaLengthByteArrayTest, EveryTruncationFails) {
  ExpectEveryTruncationFails(DeltaLength(3),
                             DeltaLengthEncode({"ab", "", "cde"}));
}

// ---- DELTA_BYTE_ARRAY
// ----------------------------------------------------------------

DecodeJob DeltaStrings(uint64_t n, int32_t physical = kByteArray,
                       int32_t type_length = 0) {
  return Job(kDeltaByteArray, physical, n, type_length);
}

// Decodes `count` DELTA_BYTE_ARRAY values that repeat one `length`-byte
// value whole as their prefix: each costs no input bytes (constant lengths
// pack to width 0). Returns how many were decoded, and the section's size.
struct Rebuilt {
  uint64_t decoded = 0;
  uint64_t section_bytes = 0;
  std::vector<Diagnostic> diagnostics;
};

Rebuilt RebuildRepeats(int64_t length, size_t count) {
  std::vector<int64_t> prefixes(count, length);
  prefixes[0] = 0;
  std::vector<int64_t> suffixes(count, 0);
  suffixes[0] = length;
  const Bytes section =
      Concat({DeltaEncode(prefixes), DeltaEncode(suffixes),
              Bytes(static_cast<size_t>(length), std::byte{'x'})});
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, section.size()}, /*exact=*/true);
  auto decoder = MakeValueDecoder(kDeltaByteArray, {10, 1}, {kByteArray, 0},
                                  count, 0, ByteReader(section, kBase), scope);
  Rebuilt r;
  r.section_bytes = section.size();
  if (decoder == nullptr) return r;
  ValueBatch batch;
  while (decoder->Next(4096, &batch)) r.decoded += batch.count;
  decoder->Finish();
  r.diagnostics = sink.Take();
  return r;
}

TEST(DeltaByteArrayTest, RebuildingIsBounded) {
  // One 4 MiB value repeated 300 times asks for 1.2 GiB of copying.
  const Rebuilt r = RebuildRepeats(int64_t{4} << 20, 300);
  EXPECT_LT(r.decoded, 300u);
  ASSERT_EQ(r.diagnostics.size(), 1u) << Describe(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, Code::kLimitsRebuiltSize);
  EXPECT_EQ(r.diagnostics[0].offset, kBase);
  EXPECT_EQ(r.diagnostics[0].field, "p.values");
}

TEST(DeltaByteArrayTest, RebuildingIsBoundedByTheSectionsSize) {
  // A 1,000-byte value repeated 100,000 times asks for 100 MB of copying
  // from a section of about 1 KB: past 16 MiB plus 256 bytes per section
  // byte, the rest is not rebuilt.
  const Rebuilt r = RebuildRepeats(1000, 100000);
  EXPECT_LE(r.decoded * 1000, limits::RebuiltBudget(r.section_bytes));
  ASSERT_EQ(r.diagnostics.size(), 1u) << Describe(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].code, Code::kLimitsRebuiltSize);
  EXPECT_EQ(r.diagnostics[0].offset, kBase);
  EXPECT_EQ(r.diagnostics[0].length, r.section_bytes);
}

TEST(DeltaByteArrayTest, RoundTrip) {
  // The Encodings.md example.
  const std::vector<std::string> example = {"axis", "axle", "babble",
                                            "babyhood"};
  const Bytes encoded = DeltaByteArrayEncode(example);
  EXPECT_EQ(encoded,
            Concat({DeltaEncode({0, 2, 0, 3}), DeltaEncode({4, 2, 6, 5}),
                    FromString("axislebabbleyhood")}));
  for (size_t max : {1, 2, 3, 4096}) {
    DecodeJob r = DeltaStrings(4);
    r.max = max;
    const Decoded d = Decode(r, encoded);
    EXPECT_THAT(d.values, ElementsAreArray(example));
    EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
  }
  // Long shared prefixes across batches.
  std::vector<std::string> values;
  std::string s(1000, 'q');
  for (int i = 0; i < 200; ++i) {
    s[999 - i % 7] = static_cast<char>('a' + i % 26);
    values.push_back(s.substr(0, 900 + i % 100));
  }
  for (size_t max : {1, 7, 4096}) {
    DecodeJob r = DeltaStrings(values.size());
    r.max = max;
    const Decoded d = Decode(r, DeltaByteArrayEncode(values));
    EXPECT_THAT(d.values, ElementsAreArray(values));
    EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
  }
}

TEST(DeltaByteArrayTest, FixedLenByteArray) {
  const std::vector<std::string> values = {"abcd", "abce", "xyzw", "xyzw"};
  for (size_t max : {1, 3, 10}) {
    DecodeJob r = DeltaStrings(4, kFixedLenByteArray, 4);
    r.max = max;
    const Decoded d = Decode(r, DeltaByteArrayEncode(values));
    EXPECT_THAT(d.values, ElementsAreArray(values));
    EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
  }
  // "abc" is 3 bytes, not 4.
  const Decoded bad = Decode(DeltaStrings(2, kFixedLenByteArray, 4),
                             DeltaByteArrayEncode({"abcd", "abc"}));
  ASSERT_EQ(bad.diagnostics.size(), 1u) << Describe(bad.diagnostics);
  EXPECT_EQ(bad.diagnostics[0].code, Code::kEncodingFlbaLength);
  EXPECT_EQ(bad.diagnostics[0].field, Field("values[1]"));
  EXPECT_THAT(bad.values, ElementsAre("abcd"));
}

TEST(DeltaByteArrayTest, FlbaLengthSpanIsTheSuffixLength) {
  // Prefixes 0 0 (width 0), suffix lengths 4 3: deltas -1, min delta -1,
  // width 0; the span is the suffix miniblock's bit-width byte.
  const Bytes prefixes = DeltaEncode({0, 0});
  const Bytes section =
      Concat({prefixes, DeltaEncode({4, 3}), FromString("abcdxyz")});
  const Decoded d = Decode(DeltaStrings(2, kFixedLenByteArray, 4), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingFlbaLength,
                                       At(prefixes.size() + 6, 1),
                                       Field("values[1]"))));
}

TEST(DeltaByteArrayTest, FirstPrefixMustBeZero) {
  const Bytes section =
      Concat({DeltaEncode({1, 0}), DeltaEncode({2, 2}), FromString("abcd")});
  const Decoded d = Decode(DeltaStrings(2), section);
  // The first value's varint in the prefix header.
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDeltaPrefix, At(4, 1),
                                       Field("values[0]"))));
}

TEST(DeltaByteArrayTest, PrefixLongerThanThePreviousValue) {
  const Bytes prefixes = DeltaEncode({0, 3});
  const Bytes section =
      Concat({prefixes, DeltaEncode({2, 1}), FromString("abc")});
  const Decoded d = Decode(DeltaStrings(2), section);
  EXPECT_THAT(d.values, ElementsAre("ab"));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDeltaPrefix, At(6, 1),
                                       Field("values[1]"))));
}

TEST(DeltaByteArrayTest, NegativeSuffixLength) {
  const Bytes prefixes = DeltaEncode({0, 0});
  const Bytes section =
      Concat({prefixes, DeltaEncode({2, -2}), FromString("ab")});
  const Decoded d = Decode(DeltaStrings(2), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingNegativeLength,
                                       At(prefixes.size() + 6, 1),
                                       Field("values[1]"))));
}

TEST(DeltaByteArrayTest, SuffixesBeyondTheData) {
  const Bytes section =
      Concat({DeltaEncode({0, 1}), DeltaEncode({2, 5}), FromString("abcd")});
  const Decoded d = Decode(DeltaStrings(2), section);
  EXPECT_THAT(d.values, ElementsAre("ab"));
  EXPECT_THAT(d.diagnostics, ElementsAre(IsDiagnostic(Code::kEncodingTruncated,
                                                      At(section.size() - 2, 2),
                                                      Field("values[1]"))));
}

TEST(DeltaByteArrayTest, CountsMustMatch) {
  const Bytes section =
      Concat({DeltaEncode({0, 1}), DeltaEncode({2, 1, 1}), FromString("abcd")});
  const Decoded d = Decode(DeltaStrings(2), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingValueCount, At(13, 1),
                                       Field("values"))));
}

TEST(DeltaByteArrayTest, EveryTruncationFails) {
  ExpectEveryTruncationFails(
      DeltaStrings(4),
      DeltaByteArrayEncode({"axis", "axle", "babble", "babyhood"}));
}

}  // namespace
}  // namespace colcheck::parquet::testing
