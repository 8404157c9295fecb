// Bloom filter rules (orc-rules.md BF1-BF3): the hashes against known
// answers (computed with generators/colcheck_gen/orc/bloom.py, itself
// checked against Apache ORC's files), and each shape rule broken in a
// hand-built file with its code and exact span.

#include "orc/bloom_filter.h"

#include <string>
#include <vector>

#include "core/limits.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "orc/testing/index_builder.h"
#include "orc/testing/orc_test_support.h"

namespace colcheck::orc::testing {
namespace {

TEST(OrcBloomHashTest, ThomasWangLongHash) {
  EXPECT_EQ(BloomLongHash(0), 0u);
  EXPECT_EQ(BloomLongHash(12345), 0x6a484838548f8a63u);
  EXPECT_EQ(BloomLongHash(-1), 0x5bca868437950d03u);
}

TEST(OrcBloomHashTest, Murmur3Hash64) {
  EXPECT_EQ(BloomBytesHash(AsBytes("")), 0x74a18dc8f20adb48u);
  EXPECT_EQ(BloomBytesHash(AsBytes("hello")), 0x3928100018224141u);
  EXPECT_EQ(BloomBytesHash(AsBytes("0123456789abcdef!")), 0x206e0cf6bd9e3674u);
}

// The words of a filter of `words` words and `k` functions holding
// `hashes` (the writers' algorithm, for building test filters).
std::vector<uint64_t> FilterWords(size_t words, uint32_t k,
                                  const std::vector<uint64_t>& hashes) {
  std::vector<uint64_t> w(words, 0);
  const uint64_t bits = 64 * words;
  for (uint64_t h : hashes) {
    const auto h1 = static_cast<uint32_t>(h);
    const auto h2 = static_cast<uint32_t>(h >> 32);
    for (uint32_t i = 1; i <= k; ++i) {
      auto c = static_cast<int32_t>(h1 + i * h2);
      if (c < 0) c = ~c;
      const uint64_t pos = static_cast<uint64_t>(c) % bits;
      w[pos >> 6] |= uint64_t{1} << (pos & 63);
    }
  }
  return w;
}

TEST(OrcBloomHashTest, FilterHoldsWhatWasAdded) {
  const auto words = FilterWords(2, 3, {BloomLongHash(1), BloomLongHash(5)});
  ProtoWriter p = Utf8Filter(3, words);
  BloomFilter f;
  f.num_hash_functions = {3, {}, {}, true};
  std::string bits;
  for (uint64_t w : words) {
    for (int i = 0; i < 8; ++i) bits.push_back(static_cast<char>(w >> (8 * i)));
  }
  f.utf8bitset.value = AsBytes(bits);
  f.utf8bitset.present = true;
  ASSERT_TRUE(BloomUsable(f));
  EXPECT_TRUE(BloomMightContain(f, BloomLongHash(1)));
  EXPECT_TRUE(BloomMightContain(f, BloomLongHash(5)));
  int misses = 0;
  for (int64_t v = 100; v < 120; ++v) {
    misses += BloomMightContain(f, BloomLongHash(v)) ? 0 : 1;
  }
  EXPECT_GT(misses, 0);
}

// BaseFile at stride 2 with a row index and the UTF8 filters `filters`
// for c1: streams 0 ROW_INDEX c0, 1 ROW_INDEX c1, 2 bloom c1, 3 DATA c1.
IndexFile WithBloom(const std::vector<ProtoWriter>& filters, ProtoWriter* marks,
                    int64_t kind = kBloomFilterUtf8) {
  IndexFile f = BaseFile();
  f.stride = 2;
  IndexStripe& s = f.stripes[0];
  const std::string data = s.streams[0].bytes;
  s.streams.clear();
  s.Add(kRowIndex, 0,
        RowIndexBytes({Entry({}, Stats(2)), Entry({}, Stats(1))}));
  s.Add(kRowIndex, 1,
        RowIndexBytes({Entry({0, 0}, IntStats(2, 1, 5, 6)),
                       Entry({0, 2}, IntStats(1, 3, 3, 3))}));
  s.Add(kind, 1, BloomBytes(filters, marks));
  s.Add(kData, 1, data);
  s.encodings[1].Varint(3, kind == kBloomFilterUtf8 ? 1 : 0);
  return f;
}

std::vector<ProtoWriter> GoodFilters() {
  return {Utf8Filter(3, FilterWords(2, 3, {BloomLongHash(1), BloomLongHash(5)})),
          Utf8Filter(3, FilterWords(2, 3, {BloomLongHash(3)}))};
}

TEST(OrcBloomFilterTest, FilteredFileIsClean) {
  ProtoWriter marks;
  IndexFile f = WithBloom(GoodFilters(), &marks);
  const auto ds = Check(f.Build(), Level::kFull);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

// A filter of `words` words, every bit set, as a decoded model.
BloomFilter AllSet(uint32_t k, size_t words, std::string* bytes) {
  *bytes = std::string(8 * words, '\xff');
  BloomFilter f;
  f.num_hash_functions = {k, {}, {}, true};
  f.utf8bitset.value = AsBytes(*bytes);
  f.utf8bitset.present = true;
  return f;
}

TEST(OrcBloomHashTest, ProbesPerValueAreBoundedWhateverKDeclares) {
  // k = 2^32 - 1 and every bit set: once 2^32 bit tests per value.
  std::string bytes;
  const BloomFilter f = AllSet(UINT32_MAX, 2, &bytes);
  ASSERT_TRUE(BloomUsable(f));
  EXPECT_EQ(BloomProbes(f), limits::kMaxOrcBloomHashFunctions);
  EXPECT_TRUE(BloomMightContain(f, BloomLongHash(7)));
  // A writer's k is tested whole.
  std::string few_bytes;
  EXPECT_EQ(BloomProbes(AllSet(3, 2, &few_bytes)), 3u);
}

TEST(OrcBloomHashTest, ClearBitAmongTheProbesStillTestsNegative) {
  // The bit of the first function for hash h is clear: negative, as in
  // the whole filter.
  std::string bytes;
  BloomFilter f = AllSet(UINT32_MAX, 2, &bytes);
  const uint64_t h = BloomLongHash(7);
  const auto first = FilterWords(2, 1, {h});
  for (size_t w = 0; w < 2; ++w) {
    for (int b = 0; b < 8; ++b) {
      bytes[8 * w + b] &= static_cast<char>(~(first[w] >> (8 * b)));
    }
  }
  f.utf8bitset.value = AsBytes(bytes);
  EXPECT_FALSE(BloomMightContain(f, h));
}

TEST(OrcBloomFilterTest, HugeHashFunctionCountIsTestedBounded) {
  // Both filters with k = 2^32 - 1 and every bit set: every value tests
  // positive, as it did when each test took 2^32 steps.
  ProtoWriter marks;
  IndexFile f = WithBloom({Utf8Filter(UINT32_MAX, {~uint64_t{0}, ~uint64_t{0}}),
                           Utf8Filter(UINT32_MAX, {~uint64_t{0}, ~uint64_t{0}})},
                          &marks);
  const auto ds = Check(f.Build(), Level::kFull);
  EXPECT_TRUE(ds.empty()) << Describe(ds);
}

TEST(OrcBloomFilterTest, EntryCount) {
  ProtoWriter marks;
  IndexFile f = WithBloom({GoodFilters()[0]}, &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kPages),
      ElementsAre(IsDiagnostic(Code::kOrcBloomEntryCount, f.StreamSpan(0, 2))));
}

TEST(OrcBloomFilterTest, NoHashFunctions) {
  ProtoWriter marks;
  std::vector<ProtoWriter> filters = GoodFilters();
  filters[1] = Utf8Filter(0, {1});
  IndexFile f = WithBloom(filters, &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kPages),
      ElementsAre(IsDiagnostic(
          Code::kOrcBloomHashFunctions,
          f.StreamMark(0, 2, marks, "bloom_filter[1].num_hash_functions"))));
}

TEST(OrcBloomFilterTest, EmptyBitset) {
  ProtoWriter marks;
  std::vector<ProtoWriter> filters = GoodFilters();
  ProtoWriter empty;
  empty.Varint(1, 3);
  filters[1] = empty;
  IndexFile f = WithBloom(filters, &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(
      Check(bytes, Level::kPages),
      ElementsAre(IsDiagnostic(Code::kOrcBloomEmptyBitset,
                               f.StreamMark(0, 2, marks, "bloom_filter[1]"))));
}

TEST(OrcBloomFilterTest, Utf8BitsetNotWholeWords) {
  ProtoWriter marks;
  std::vector<ProtoWriter> filters = GoodFilters();
  ProtoWriter odd;
  odd.Varint(1, 3).Bytes(3, std::string(12, '\xff'), "utf8bitset");
  filters[1] = odd;
  IndexFile f = WithBloom(filters, &marks);
  const std::string bytes = f.Build();
  EXPECT_THAT(Check(bytes, Level::kPages),
              ElementsAre(IsDiagnostic(
                  Code::kOrcBloomUtf8Length,
                  f.StreamMark(0, 2, marks, "bloom_filter[1].utf8bitset"))));
}

TEST(OrcBloomFilterTest, OriginalKindIsANote) {
  ProtoWriter marks;
  ProtoWriter old;
  old.Varint(1, 3).Fixed64(2, ~uint64_t{0}).Fixed64(2, ~uint64_t{0});
  IndexFile f = WithBloom({old, old}, &marks, kBloomFilter);
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kPages);
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcBloomOldKind,
                                           f.StreamSpan(0, 2))));
}

TEST(OrcBloomFilterTest, PreReleaseLayoutIsANoteNotAFault) {
  // Hive's first filters (over1k_bloom.orc): expected entries, fpp as a
  // double, then the bits as varints under field 3.
  ProtoWriter legacy;
  legacy.Varint(1, 10000).Fixed64(2, 0x3fa999999999999aULL).Varint(3, 7);
  ProtoWriter marks;
  IndexFile f = WithBloom({legacy, legacy}, &marks, kBloomFilter);
  const std::string bytes = f.Build();
  const auto ds = Check(bytes, Level::kFull);
  EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcBloomOldKind,
                                           f.StreamSpan(0, 2))));
  for (const Diagnostic& d : ds) {
    EXPECT_NE(d.severity, Severity::kError) << Describe(ds);
  }
}

}  // namespace
}  // namespace colcheck::orc::testing
