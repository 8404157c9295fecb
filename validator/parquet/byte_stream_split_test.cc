#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "parquet/encoding_testing.h"
#include "parquet/values.h"

namespace colcheck::parquet::testing {
namespace {

DecodeJob Split(int32_t physical, uint64_t n, int32_t type_length = 0) {
  return Job(kByteStreamSplit, physical, n, type_length);
}

// Scatters the PLAIN bytes of `values` (each `width` bytes) into streams.
Bytes SplitEncode(const std::vector<std::string>& values, size_t width) {
  Bytes out(values.size() * width);
  for (size_t i = 0; i < values.size(); ++i) {
    for (size_t j = 0; j < width; ++j) {
      out[j * values.size() + i] = static_cast<std::byte>(values[i][j]);
    }
  }
  return out;
}

TEST(ByteStreamSplitTest, SpecExample) {
  // Encodings.md: AA BB CC DD, 00 11 22 33, A3 B4 C5 D6.
  const Bytes section = B(
      {0xAA, 0x00, 0xA3, 0xBB, 0x11, 0xB4, 0xCC, 0x22, 0xC5, 0xDD, 0x33, 0xD6});
  const Decoded d = Decode(Split(kFloat, 3), section);
  EXPECT_THAT(d.values, ElementsAre(AsString(B({0xAA, 0xBB, 0xCC, 0xDD})),
                                    AsString(B({0x00, 0x11, 0x22, 0x33})),
                                    AsString(B({0xA3, 0xB4, 0xC5, 0xD6}))));
  EXPECT_THAT(d.diagnostics, IsEmpty());
}

TEST(ByteStreamSplitTest, RoundTripsEveryType) {
  const std::vector<std::pair<int32_t, int32_t>> types = {
      {kFloat, 0},
      {kDouble, 0},
      {kInt32, 0},
      {kInt64, 0},
      {kFixedLenByteArray, 3},
      {kFixedLenByteArray, 16}};
  for (auto [physical, type_length] : types) {
    const ColumnType type{physical, type_length};
    std::vector<std::string> values;
    for (int i = 0; i < 1000; ++i) {
      std::string v(type.width(), '\0');
      for (size_t j = 0; j < v.size(); ++j)
        v[j] = static_cast<char>(i * 31 + j * 7);
      values.push_back(v);
    }
    for (size_t max : {1, 3, 4096}) {
      DecodeJob r = Split(physical, values.size(), type_length);
      r.max = max;
      const Decoded d = Decode(r, SplitEncode(values, type.width()));
      EXPECT_THAT(d.values, ElementsAreArray(values)) << physical;
      EXPECT_THAT(d.diagnostics, IsEmpty());
    }
  }
}

TEST(ByteStreamSplitTest, SizeMustBeWidthTimesCount) {
  for (size_t size : {0, 11, 13, 24}) {
    const Decoded d = Decode(Split(kFloat, 3), Bytes(size));
    EXPECT_THAT(d.diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingByteStreamSplitSize,
                                         At(0, size), Field("values"))));
    EXPECT_THAT(d.values, IsEmpty());
  }
  // A count whose product overflows.
  const Decoded d = Decode(Split(kDouble, uint64_t{1} << 62), Bytes(8));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingByteStreamSplitSize,
                                       At(0, 8), Field("values"))));
  EXPECT_THAT(Decode(Split(kDouble, 0), {}).diagnostics, IsEmpty());
}

TEST(ByteStreamSplitTest, EveryTruncationFails) {
  ExpectEveryTruncationFails(Split(kInt64, 3), Bytes(24));
}

}  // namespace
}  // namespace colcheck::parquet::testing
