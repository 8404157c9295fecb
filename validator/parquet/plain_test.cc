#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <limits>
#include <vector>

#include "parquet/encoding_testing.h"
#include "parquet/values.h"

namespace colcheck::parquet::testing {
namespace {

DecodeJob Plain(int32_t physical, uint64_t n, int32_t type_length = 0) {
  return Job(kPlain, physical, n, type_length);
}

TEST(PlainTest, FixedWidthRoundTrips) {
  const std::vector<int32_t> i32 = {0, -1, std::numeric_limits<int32_t>::min(),
                                    std::numeric_limits<int32_t>::max(), 7};
  const std::vector<int64_t> i64 = {0, -1, std::numeric_limits<int64_t>::min()};
  const std::vector<float> f = {1.5f, -0.0f};
  const std::vector<double> d = {3.25, 1e300};
  for (size_t max : {1, 2, 100}) {
    DecodeJob r = Plain(kInt32, i32.size());
    r.max = max;
    Decoded out = Decode(r, PlainBytes(i32));
    ASSERT_EQ(out.values.size(), i32.size());
    for (size_t i = 0; i < i32.size(); ++i) {
      EXPECT_EQ(out.values[i], PlainOf(i32[i]));
    }
    EXPECT_THAT(out.diagnostics, IsEmpty());
  }
  Decoded out = Decode(Plain(kInt64, i64.size()), PlainBytes(i64));
  EXPECT_THAT(out.values,
              ElementsAre(PlainOf(i64[0]), PlainOf(i64[1]), PlainOf(i64[2])));
  out = Decode(Plain(kFloat, 2), PlainBytes(f));
  EXPECT_THAT(out.values, ElementsAre(PlainOf(f[0]), PlainOf(f[1])));
  out = Decode(Plain(kDouble, 2), PlainBytes(d));
  EXPECT_THAT(out.values, ElementsAre(PlainOf(d[0]), PlainOf(d[1])));
  const Bytes int96 = FromString("abcdefghijkl012345678901");
  out = Decode(Plain(kInt96, 2), int96);
  EXPECT_THAT(out.values, ElementsAre("abcdefghijkl", "012345678901"));
  out = Decode(Plain(kFixedLenByteArray, 3, 3), FromString("foobarbaz"));
  EXPECT_THAT(out.values, ElementsAre("foo", "bar", "baz"));
  EXPECT_THAT(out.diagnostics, IsEmpty());
}

TEST(PlainTest, FixedValuesPointIntoTheInput) {
  const Bytes section = PlainBytes(std::vector<int32_t>{1, 2, 3});
  DiagnosticSink sink;
  PageScope scope(sink, "p", {kBase, section.size()}, true);
  auto d = MakeValueDecoder(kPlain, {}, {kInt32, 0}, 3, 0,
                            ByteReader(section, kBase), scope);
  ValueBatch batch;
  ASSERT_TRUE(d->Next(10, &batch));
  EXPECT_EQ(batch.fixed.data(), section.data());
  EXPECT_EQ(batch.count, 3u);
  EXPECT_FALSE(d->Next(10, &batch));
  d->Finish();
  EXPECT_THAT(sink.Take(), IsEmpty());
}

TEST(PlainTest, FixedTruncatedAtTheFirstMissingValue) {
  const Decoded d = Decode(Plain(kInt32, 3), B({1, 0, 0, 0, 2, 0, 0, 0, 3, 0}));
  EXPECT_EQ(d.values.size(), 2u);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(8, 2),
                                       Field("values[2]"))));
}

TEST(PlainTest, FixedTrailingBytes) {
  const Decoded d = Decode(Plain(kInt64, 1), Bytes(11));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(8, 3),
                                       Field("values"))));
}

TEST(PlainTest, ZeroWidthFixedLenByteArray) {
  const Decoded d = Decode(Plain(kFixedLenByteArray, 5, 0), {});
  EXPECT_EQ(d.values.size(), 5u);
  EXPECT_THAT(d.diagnostics, IsEmpty());
}

// 2^40 values claimed in 300 bytes: decoding stops at the bytes, so the
// test ends at once; a loop over the claim would hit the ctest timeout.
TEST(PlainTest, HugeClaimInTinySectionStopsAtTheBytes) {
  DecodeJob r = Plain(kInt32, uint64_t{1} << 40);
  const Decoded d = Decode(r, Bytes(300));
  EXPECT_EQ(d.values.size(), 75u);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(300, 0),
                                       Field("values[75]"))));
  r = Plain(kByteArray, uint64_t{1} << 40);
  const Decoded b = Decode(r, Bytes(300));
  EXPECT_EQ(b.values.size(), 75u);
}

TEST(PlainTest, BooleanRoundTrip) {
  // 10 values, LSB first: 1,0,1,1,0,0,0,1 | 1,1.
  const Bytes section = B({0b10001101, 0b00000011});
  for (size_t max : {1, 3, 8, 100}) {
    DecodeJob r = Plain(kBoolean, 10);
    r.max = max;
    const Decoded d = Decode(r, section);
    std::vector<std::string> expected;
    for (int v : {1, 0, 1, 1, 0, 0, 0, 1, 1, 1})
      expected.emplace_back(1, char(v));
    EXPECT_THAT(d.values, ElementsAreArray(expected));
    EXPECT_THAT(d.diagnostics, IsEmpty());
  }
}

TEST(PlainTest, BooleanPaddingBitsAreAWarning) {
  const Decoded d = Decode(Plain(kBoolean, 10), B({0xFF, 0b00000111}));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kValueBooleanPadding, At(1, 1),
                                       Field("values"))));
  // A full last byte has no padding.
  EXPECT_THAT(Decode(Plain(kBoolean, 8), B({0xFF})).diagnostics, IsEmpty());
}

TEST(PlainTest, BooleanTruncatedAndTrailing) {
  const Decoded t = Decode(Plain(kBoolean, 10), B({0xFF}));
  EXPECT_EQ(t.values.size(), 8u);
  EXPECT_THAT(t.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(1, 0),
                                       Field("values[8]"))));
  const Decoded x = Decode(Plain(kBoolean, 3), B({0x01, 0x00}));
  EXPECT_THAT(x.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(1, 1),
                                       Field("values"))));
}

Bytes PlainByteArrays(const std::vector<std::string>& values) {
  Bytes out;
  for (const std::string& v : values) {
    Append(&out, Le32(static_cast<uint32_t>(v.size())));
    Append(&out, FromString(v));
  }
  return out;
}

TEST(PlainTest, ByteArrayRoundTrip) {
  const std::vector<std::string> values = {"", "a", "hello",
                                           std::string(300, 'x'), ""};
  for (size_t max : {1, 2, 100}) {
    DecodeJob r = Plain(kByteArray, values.size());
    r.max = max;
    const Decoded d = Decode(r, PlainByteArrays(values));
    EXPECT_THAT(d.values, ElementsAreArray(values));
    EXPECT_THAT(d.diagnostics, IsEmpty());
  }
}

TEST(PlainTest, ByteArrayLengthBeyondTheSection) {
  // "ab" then a length of 10 with 3 bytes left: span = length + the rest.
  const Bytes section =
      Concat({Le32(2), FromString("ab"), Le32(10), FromString("xyz")});
  const Decoded d = Decode(Plain(kByteArray, 2), section);
  EXPECT_THAT(d.values, ElementsAre("ab"));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(6, 7),
                                       Field("values[1]"))));
}

TEST(PlainTest, ByteArrayPartialLength) {
  const Bytes section = Concat({Le32(1), FromString("a"), B({5, 0})});
  const Decoded d = Decode(Plain(kByteArray, 2), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(5, 2),
                                       Field("values[1]"))));
}

TEST(PlainTest, ByteArrayTrailingBytes) {
  const Bytes section = Concat({PlainByteArrays({"abc"}), B({0, 0})});
  EXPECT_THAT(Decode(Plain(kByteArray, 1), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(7, 2),
                                       Field("values"))));
}

TEST(PlainTest, FinishChecksValuesTheCallerDidNotAskFor) {
  DecodeJob r = Plain(kByteArray, 3);
  r.max = 1;
  r.max_calls = 1;
  const Bytes section = Concat({PlainByteArrays({"a", "b"}), Le32(9)});
  const Decoded d = Decode(r, section);
  EXPECT_EQ(d.values.size(), 1u);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(10, 4),
                                       Field("values[2]"))));
}

TEST(PlainTest, EveryTruncationFails) {
  ExpectEveryTruncationFails(Plain(kByteArray, 4),
                             PlainByteArrays({"abc", "", "de", "f"}));
  ExpectEveryTruncationFails(Plain(kInt96, 2), Bytes(24));
  ExpectEveryTruncationFails(Plain(kBoolean, 17), Bytes(3));
}

}  // namespace
}  // namespace colcheck::parquet::testing
