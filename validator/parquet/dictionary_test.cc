#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <vector>

#include "parquet/encoding_testing.h"
#include "parquet/values.h"

namespace colcheck::parquet::testing {
namespace {

DecodeJob Dictionary(uint64_t n, uint64_t dictionary_size,
                     int32_t encoding = kRleDictionary) {
  DecodeJob r = Job(encoding, kByteArray, n);
  r.dictionary_size = dictionary_size;
  return r;
}

TEST(DictionaryIndexTest, RoundTrip) {
  const Bytes section = Concat(
      {B({3}), RleRun(5, 6, 3), PackedRun({0, 1, 2, 3, 4, 5, 6, 7, 1}, 3)});
  for (int32_t encoding : {kRleDictionary, kPlainDictionary}) {
    for (size_t max : {1, 4, 100}) {
      DecodeJob r = Dictionary(14, 8, encoding);
      r.max = max;
      const Decoded d = Decode(r, section);
      EXPECT_THAT(d.indices,
                  ElementsAre(6, 6, 6, 6, 6, 0, 1, 2, 3, 4, 5, 6, 7, 1));
      EXPECT_THAT(d.diagnostics, IsEmpty()) << Describe(d.diagnostics);
    }
  }
}

TEST(DictionaryIndexTest, BitWidthAbove32) {
  for (int width : {33, 35, 254}) {
    const Decoded d = Decode(Dictionary(1, 8), B({width, 0x02, 0, 0, 0, 0, 0}));
    EXPECT_THAT(d.diagnostics,
                ElementsAre(IsDiagnostic(Code::kEncodingDictionaryBitWidth,
                                         At(0, 1), Field("values"))));
  }
  // 32 is the maximum, and fine.
  const Decoded d =
      Decode(Dictionary(2, 8), Concat({B({32}), RleRun(2, 7, 32)}));
  EXPECT_THAT(d.indices, ElementsAre(7, 7));
  EXPECT_THAT(d.diagnostics, IsEmpty());
}

TEST(DictionaryIndexTest, ZeroBitWidth) {
  // One entry: width 0 is what writers use, with a run header after it.
  const Bytes section = Concat({B({0}), RleRun(5, 0, 0)});
  Decoded d = Decode(Dictionary(5, 1), section);
  EXPECT_THAT(d.indices, ElementsAre(0, 0, 0, 0, 0));
  EXPECT_THAT(d.diagnostics, IsEmpty());
  // More entries: only entry 0 can be used.
  d = Decode(Dictionary(5, 3), section);
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDictionaryZeroBitWidth,
                                       At(0, 1), Field("values"))));
  // Only the width byte: readers need the run header (hardwood#901).
  d = Decode(Dictionary(5, 1), B({0}));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(1, 0),
                                       Field("values[0]"))));
}

TEST(DictionaryIndexTest, IndexOutOfRange) {
  // Indices 0..7 in 3 bits against 5 entries: 5, 6 and 7 are out of range.
  const Bytes section =
      Concat({B({3}), PackedRun({0, 1, 2, 3, 4, 5, 6, 7}, 3)});
  const Decoded d = Decode(Dictionary(8, 5), section);
  EXPECT_EQ(d.indices.size(), 8u);
  // Value 5 is bits 15..17: bytes 1 and 2 of the run body.
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDictionaryIndex,
                                       At(0, section.size()), Field("values")),
                          IsDiagnostic(Code::kEncodingDictionaryIndex, At(3, 2),
                                       Field("values[5]"))));
  // An RLE run: its whole run.
  const Decoded r = Decode(Dictionary(3, 2), Concat({B({2}), RleRun(3, 2, 2)}));
  EXPECT_THAT(r.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDictionaryIndex, At(0, 3),
                                       Field("values")),
                          IsDiagnostic(Code::kEncodingDictionaryIndex, At(1, 2),
                                       Field("values[0]"))));
  // A single bad index gets a single diagnostic.
  const Decoded one =
      Decode(Dictionary(2, 2), Concat({B({2}), PackedRun({1, 2}, 2)}));
  EXPECT_THAT(one.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingDictionaryIndex, At(2, 1),
                                       Field("values[1]"))));
}

TEST(DictionaryIndexTest, EmptySection) {
  EXPECT_THAT(Decode(Dictionary(0, 3), {}).diagnostics, IsEmpty());
  EXPECT_THAT(Decode(Dictionary(0, 3), B({2})).diagnostics, IsEmpty());
  EXPECT_THAT(Decode(Dictionary(2, 3), {}).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTruncated, At(0, 0),
                                       Field("values"))));
}

TEST(DictionaryIndexTest, TrailingBytes) {
  const Bytes section = Concat({B({1}), RleRun(4, 1, 1), B({0, 0})});
  EXPECT_THAT(Decode(Dictionary(4, 2), section).diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingTrailingBytes, At(3, 2),
                                       Field("values"))));
}

TEST(DictionaryIndexTest, ErrorsInTheRunsUseTheValuesField) {
  const Decoded d = Decode(Dictionary(4, 2), B({1, 0x00}));
  EXPECT_THAT(d.diagnostics,
              ElementsAre(IsDiagnostic(Code::kEncodingRleZeroRun, At(1, 1),
                                       Field("values"))));
}

TEST(DictionaryIndexTest, EveryTruncationFails) {
  ExpectEveryTruncationFails(
      Dictionary(14, 8), Concat({B({3}), RleRun(5, 6, 3),
                                 PackedRun({0, 1, 2, 3, 4, 5, 6, 7, 1}, 3)}));
}

}  // namespace
}  // namespace colcheck::parquet::testing
