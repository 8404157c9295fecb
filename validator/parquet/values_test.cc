#include "parquet/values.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "parquet/encoding_testing.h"

namespace colcheck::parquet::testing {
namespace {

TEST(ColumnTypeTest, Widths) {
  EXPECT_EQ((ColumnType{kBoolean, 0}.width()), 1u);
  EXPECT_EQ((ColumnType{kInt32, 0}.width()), 4u);
  EXPECT_EQ((ColumnType{kInt64, 0}.width()), 8u);
  EXPECT_EQ((ColumnType{kInt96, 0}.width()), 12u);
  EXPECT_EQ((ColumnType{kFloat, 0}.width()), 4u);
  EXPECT_EQ((ColumnType{kDouble, 0}.width()), 8u);
  EXPECT_EQ((ColumnType{kByteArray, 0}.width()), 0u);
  EXPECT_EQ((ColumnType{kFixedLenByteArray, 16}.width()), 16u);
  EXPECT_EQ((ColumnType{kFixedLenByteArray, -3}.width()), 0u);
}

TEST(EncodingAppliesToTest, TheMatrix) {
  const int32_t all[] = {kBoolean, kInt32,  kInt64,     kInt96,
                         kFloat,   kDouble, kByteArray, kFixedLenByteArray};
  for (int32_t t : all) {
    EXPECT_TRUE(EncodingAppliesTo(kPlain, t));
    EXPECT_TRUE(EncodingAppliesTo(kPlainDictionary, t));
    EXPECT_TRUE(EncodingAppliesTo(kRleDictionary, t));
    EXPECT_FALSE(EncodingAppliesTo(kBitPacked, t));
    EXPECT_FALSE(EncodingAppliesTo(1, t));
    EXPECT_FALSE(EncodingAppliesTo(10, t));
    EXPECT_EQ(EncodingAppliesTo(kRle, t), t == kBoolean);
    EXPECT_EQ(EncodingAppliesTo(kDeltaBinaryPacked, t),
              t == kInt32 || t == kInt64);
    EXPECT_EQ(EncodingAppliesTo(kDeltaLengthByteArray, t), t == kByteArray);
    EXPECT_EQ(EncodingAppliesTo(kDeltaByteArray, t),
              t == kByteArray || t == kFixedLenByteArray);
    EXPECT_EQ(EncodingAppliesTo(kByteStreamSplit, t),
              t == kFloat || t == kDouble || t == kInt32 || t == kInt64 ||
                  t == kFixedLenByteArray);
  }
  EXPECT_FALSE(EncodingAppliesTo(kPlain, 8));
}

std::vector<Diagnostic> Make(int32_t encoding, int32_t physical,
                             bool* created) {
  DecodeJob r;
  r.encoding = encoding;
  r.type = {physical, 4};
  r.num_values = 0;
  const Decoded d = Decode(r, {});
  *created = d.created;
  return d.diagnostics;
}

TEST(MakeValueDecoderTest, UnknownEncodings) {
  for (int32_t encoding : {10, 11, -1, 1000}) {
    bool created = true;
    EXPECT_THAT(Make(encoding, kInt32, &created),
                ElementsAre(IsDiagnostic(Code::kEncodingUnknown,
                                         ByteSpan{10, 1}, "p.encoding")));
    EXPECT_FALSE(created);
  }
}

TEST(MakeValueDecoderTest, EncodingsInvalidForTheType) {
  const std::pair<int32_t, int32_t> cases[] = {
      {1, kInt32},           // GROUP_VAR_INT
      {kBitPacked, kInt32},  // Levels only.
      {kRle, kInt32},        // Values only for BOOLEAN.
      {kDeltaBinaryPacked, kFloat},
      {kDeltaLengthByteArray, kFixedLenByteArray},
      {kDeltaByteArray, kInt64},
      {kByteStreamSplit, kBoolean},
      {kByteStreamSplit, kByteArray}};
  for (auto [encoding, physical] : cases) {
    bool created = true;
    EXPECT_THAT(Make(encoding, physical, &created),
                ElementsAre(IsDiagnostic(Code::kEncodingInvalidForType,
                                         ByteSpan{10, 1}, "p.encoding")))
        << encoding << " " << physical;
    EXPECT_FALSE(created);
  }
}

TEST(MakeValueDecoderTest, EveryValidPairMakesADecoder) {
  for (int32_t encoding : {0, 2, 3, 5, 6, 7, 8, 9}) {
    for (int32_t physical = 0; physical < 8; ++physical) {
      if (!EncodingAppliesTo(encoding, physical)) continue;
      bool created = false;
      EXPECT_THAT(Make(encoding, physical, &created), IsEmpty());
      EXPECT_TRUE(created) << encoding << " " << physical;
    }
  }
}

TEST(MakeValueDecoderTest, UnknownPhysicalTypeIsLeftToTheSchema) {
  bool created = true;
  EXPECT_THAT(Make(kPlain, 42, &created), IsEmpty());
  EXPECT_FALSE(created);
}

}  // namespace
}  // namespace colcheck::parquet::testing
