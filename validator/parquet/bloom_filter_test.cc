#include "parquet/bloom_filter.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/metadata_decoder.h"
#include "parquet/page_index.h"
#include "parquet/page_scope.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
#include "parquet/tail.h"
#include "parquet/values.h"
#include "testing/compact_writer.h"
#include "testing/external_corpus.h"
#include "testing/metadata_builder.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::CompactWriter;
using ::colcheck::testing::Describe;
using ::colcheck::testing::FieldSpans;
using ::colcheck::testing::HasCode;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::MetadataBuilder;
using ::testing::Contains;
using ::testing::Each;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Not;
using thrift::WireType;

std::span<const std::byte> Bytes(std::string_view s) {
  return std::as_bytes(std::span<const char>(s.data(), s.size()));
}

std::string Field(std::string_view field) {
  return FieldPath("row_groups", 0, "columns", 0, field);
}

// The insert of BloomFilter.md, written out here independently of
// bloom_filter.cc: block ((hash >> 32) * blocks) >> 32, then in word i of
// it the bit (uint32(hash) * SALT[i]) >> 27, words little-endian.
void Insert(std::vector<std::byte>& bitset, uint64_t hash) {
  static constexpr uint32_t kSalt[8] = {0x47b6137b, 0x44974d91, 0x8824ad5b,
                                        0xa2b7289d, 0x705495c7, 0x2df1424b,
                                        0x9efc4947, 0x5c6bfb31};
  const uint64_t blocks = bitset.size() / 32;
  const uint64_t block = ((hash >> 32) * blocks) >> 32;
  for (int i = 0; i < 8; ++i) {
    const uint32_t bit = (static_cast<uint32_t>(hash) * kSalt[i]) >> 27;
    bitset[block * 32 + 4 * i + bit / 8] |= std::byte{1} << (bit % 8);
  }
}

TEST(BloomHashTest, Xxh64OfThePlainBytes) {
  // XXH64 of the empty input with seed 0, and of two strings as parquet-mr
  // hashes them (test vectors of the Java ports).
  EXPECT_EQ(BloomHash({}), 0xef46db3751d8e999u);
  EXPECT_EQ(BloomHash(Bytes("bloom")), 0x50c8fb9e62dbc53cu);
  EXPECT_EQ(BloomHash(Bytes("filter")), 0x2a5736cdfcd7a9a1u);
}

TEST(BloomHashTest, InsertedValuesTestPositive) {
  std::vector<std::byte> bitset(1024);
  std::vector<std::string> values;
  for (int i = 0; i < 200; ++i) values.push_back(StrCat("value-", i));
  for (const auto& v : values) {
    EXPECT_FALSE(BloomMightContain(bitset, BloomHash(Bytes(v))));
  }
  for (const auto& v : values) Insert(bitset, BloomHash(Bytes(v)));
  for (const auto& v : values) {
    EXPECT_TRUE(BloomMightContain(bitset, BloomHash(Bytes(v)))) << v;
  }
}

// ---- a filter in a file -----------------------------------------------------
struct FilterSpec {
  int32_t num_bytes = 256;
  int16_t algorithm = 1;
  int16_t hash = 1;
  int16_t compression = 1;
  std::vector<std::string> values = {};  // Inserted.
  uint64_t bitset_bytes = 0;        // Written; num_bytes when 0.
};

struct FilterSpans {
  FieldSpans num_bytes;
  ByteSpan algorithm, hash, compression;  // Field header through value.
  uint64_t header_size = 0;
  ByteSpan bitset;
};

// Where a false negative for `value` is reported: the 32-byte block of the
// bitset its hash selects, which lacks one of its bits.
uint64_t BlockIndex(const FilterSpans& s, std::string_view value) {
  const uint64_t hash = BloomHash(Bytes(value));
  return ((hash >> 32) * (s.bitset.length / 32)) >> 32;
}
ByteSpan BlockOf(const FilterSpans& s, std::string_view value) {
  return {s.bitset.offset + 32 * BlockIndex(s, value), 32};
}
std::string BlockField(const FilterSpans& s, std::string_view value) {
  return Field(StrCat("bloom_filter.blocks[", BlockIndex(s, value), "]"));
}

// A union field `id` holding the empty struct member `member`.
ByteSpan WriteUnion(CompactWriter& w, int16_t id, int16_t member) {
  const ByteSpan header = w.FieldHeader(id, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(member, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  w.EndStruct();
  return {header.offset, w.position() - header.offset};
}

// One BYTE_ARRAY (or `type`) column of 10 rows; the chunk is [4, 104), the
// column data runs on to kDataEnd, and the filter sits at kFilterAt.
class BloomFilterTest : public ::testing::Test {
 protected:
  static constexpr uint64_t kFilterAt = 1000;
  static constexpr uint64_t kDataEnd = 4000;

  void Build(int32_t type) {
    b_.AddLeaf("s", type);
    b_.AddRowGroup(10);
    b_.Finish();
    b_.layout().metadata = {kDataEnd, 100};
    b_.layout().file_size = kDataEnd + 108;
    bytes_.assign(b_.layout().file_size, std::byte{0});
  }
  void SetUp() override { Build(kByteArray); }

  FilterSpans Place(const FilterSpec& spec,
                    std::optional<int64_t> length_delta = 0,
                    uint64_t at = kFilterAt) {
    CompactWriter w(at);
    FilterSpans s;
    s.num_bytes = w.I32Field(1, spec.num_bytes);
    s.algorithm = WriteUnion(w, 2, spec.algorithm);
    s.hash = WriteUnion(w, 3, spec.hash);
    s.compression = WriteUnion(w, 4, spec.compression);
    w.EndStruct();
    s.header_size = w.size();
    std::vector<std::byte> bitset(spec.bitset_bytes != 0
                                      ? spec.bitset_bytes
                                      : static_cast<uint64_t>(spec.num_bytes));
    for (const auto& v : spec.values) Insert(bitset, BloomHash(Bytes(v)));
    s.bitset = w.Raw(bitset);
    const uint64_t end = std::min<uint64_t>(at + w.size(), bytes_.size());
    std::copy(w.bytes().begin(), w.bytes().begin() + (end - at),
              bytes_.begin() + static_cast<std::ptrdiff_t>(at));
    ColumnMetaData& m = b_.meta(0, 0);
    m.bloom_filter_offset = b_.Field(static_cast<int64_t>(at));
    if (length_delta.has_value()) {
      m.bloom_filter_length =
          b_.Field(static_cast<int32_t>(w.size() + *length_delta));
    } else {
      m.bloom_filter_length = {};
    }
    return s;
  }

  // Stores `v` in the chunk at `at` and returns a view of it there.
  std::span<const std::byte> Stored(uint64_t at, std::string_view v) {
    std::memcpy(bytes_.data() + at, v.data(), v.size());
    return std::span<const std::byte>(bytes_).subspan(at, v.size());
  }

  std::optional<BloomFilterCheck> Load() {
    const RuleContext ctx{b_.md(), b_.tree(), b_.layout(), sink_};
    return BloomFilterCheck::Load(ctx, ByteReader(bytes_), 0, 0);
  }
  std::vector<Diagnostic> Taken() { return sink_.Take(); }

  PageScope Scope() {
    return PageScope(sink_, Field("pages[1]"), kBody, /*exact=*/true);
  }
  static ValueBatch Binary(const std::vector<std::span<const std::byte>>& v,
                           uint64_t first = 0) {
    ValueBatch batch;
    batch.count = v.size();
    batch.first = first;
    batch.binary = v;
    return batch;
  }

  static constexpr ByteSpan kBody{30, 70};
  MetadataBuilder b_;
  std::vector<std::byte> bytes_;
  DiagnosticSink sink_;
};

TEST_F(BloomFilterTest, LoadsAWellFormedFilter) {
  const FilterSpans s = Place({.values = {"a"}});
  const auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  EXPECT_EQ(bloom->bitset().data(), bytes_.data() + s.bitset.offset);
  EXPECT_EQ(bloom->bitset().size(), 256u);
  EXPECT_THAT(Taken(), IsEmpty());
  // bloom_filter_length is optional.
  Place({.values = {"a"}}, std::nullopt);
  EXPECT_TRUE(Load().has_value());
  EXPECT_THAT(Taken(), IsEmpty());
}

TEST_F(BloomFilterTest, EveryValueTestsPositive) {
  Place({.values = {"hello", "parquet", "bloom"}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  bloom->Values(
      Binary({Stored(40, "hello"), Stored(50, "bloom"), Stored(60, "parquet")}),
      scope);
  EXPECT_THAT(Taken(), IsEmpty());
  EXPECT_EQ(bloom->negatives(), 0u);
}

TEST_F(BloomFilterTest, MissingValueIsAFalseNegativeAtItsBitsetBlock) {
  const FilterSpans s = Place({.values = {"hello", "parquet"}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  const auto missing = Stored(50, "filter");
  bloom->Values(Binary({Stored(40, "hello"), Stored(60, "parquet"), missing},
                       /*first=*/7),
                scope);
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(Code::kBloomFalseNegative,
                                                BlockOf(s, "filter"),
                                                BlockField(s, "filter"))));
}

TEST_F(BloomFilterTest, DecompressedValuesAreReportedAtTheirBlockToo) {
  const FilterSpans s = Place({.values = {"hello"}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  const std::string decompressed = "filter";
  bloom->Values(Binary({Bytes(decompressed)}), scope);
  EXPECT_THAT(Taken(),
              ElementsAre(IsDiagnostic(Code::kBloomFalseNegative,
                                       BlockOf(s, "filter"),
                                       BlockField(s, "filter"))));
}

TEST_F(BloomFilterTest, EachMissingValueIsReportedOnce) {
  const FilterSpans s = Place({.values = {"hello"}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  const auto missing = Stored(50, "filter");
  bloom->Values(Binary({missing, Stored(40, "hello"), missing}), scope);
  bloom->Values(Binary({missing}), scope);
  const auto d = Taken();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kBloomFalseNegative,
                                          BlockOf(s, "filter"),
                                          BlockField(s, "filter"))))
      << Describe(d);
  EXPECT_EQ(bloom->negatives(), 3u);
}

TEST_F(BloomFilterTest, ReportsAreCappedPerChunk) {
  Place({});  // Empty: everything tests negative.
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  std::vector<std::string> values;
  for (int i = 0; i < 40; ++i) values.push_back(StrCat("v", i));
  std::vector<std::span<const std::byte>> views;
  for (const auto& v : values) views.push_back(Bytes(v));
  bloom->Values(Binary(views), scope);
  const auto d = Taken();
  EXPECT_EQ(d.size(), BloomFilterCheck::kMaxReports);
  EXPECT_THAT(d, Each(HasCode(Code::kBloomFalseNegative)));
  EXPECT_EQ(bloom->negatives(), 40u);
}

TEST_F(BloomFilterTest, DictionaryEntriesAreTestedOnceWhenReferenced) {
  const FilterSpans s = Place({.values = {"a", "c"}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  // "b" and "d" are missing; "d" is never referenced.
  bloom->Dictionary(Binary({Stored(10, "a"), Stored(11, "b")}));
  bloom->Dictionary(Binary({Stored(12, "c"), Stored(13, "d")}, /*first=*/2));
  PageScope scope = Scope();
  const std::vector<uint32_t> page1 = {0, 1, 1, 2, 1, 9};  // 9: no entry.
  ValueBatch batch;
  batch.count = page1.size();
  batch.indices = page1;
  bloom->Values(batch, scope);
  bloom->Values(batch, scope);
  const auto d = Taken();
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kBloomFalseNegative,
                                          BlockOf(s, "b"), BlockField(s, "b"))))
      << Describe(d);
  EXPECT_EQ(bloom->negatives(), 1u);
}

TEST_F(BloomFilterTest, FixedWidthValuesHashTheirPlainBytes) {
  b_ = MetadataBuilder();
  Build(kInt32);
  const std::string one("\x01\0\0\0", 4), two("\x02\0\0\0", 4);
  const FilterSpans s = Place({.values = {one}});
  auto bloom = Load();
  ASSERT_TRUE(bloom.has_value());
  PageScope scope = Scope();
  Stored(40, one);
  Stored(44, two);
  ValueBatch batch;
  batch.count = 2;
  batch.fixed = std::span<const std::byte>(bytes_).subspan(40, 8);
  bloom->Values(batch, scope);
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(Code::kBloomFalseNegative,
                                                BlockOf(s, two),
                                                BlockField(s, two))));
}

// ---- header faults ----------------------------------------------------------
TEST_F(BloomFilterTest, NumBytesIsAPositiveMultipleOf32) {
  for (const int32_t n : {0, -32, 33}) {
    const FilterSpans s = Place({.num_bytes = n, .bitset_bytes = 64});
    EXPECT_FALSE(Load().has_value()) << n;
    const auto d = Taken();
    EXPECT_THAT(
        d, ElementsAre(IsDiagnostic(Code::kBloomNumBytes, s.num_bytes.value,
                                    Field("meta_data.bloom_filter."
                                          "numBytes"))))
        << n << "\n"
        << Describe(d);
  }
}

TEST_F(BloomFilterTest, NumBytesNotAPowerOfTwo) {
  const FilterSpans s = Place({.num_bytes = 96, .values = {"x"}});
  auto bloom = Load();
  EXPECT_TRUE(bloom.has_value());
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(Code::kBloomNotPowerOfTwo,
                                                s.num_bytes.value,
                                                Field("meta_data.bloom_filter."
                                                      "numBytes"))));
  PageScope scope = Scope();
  bloom->Values(Binary({Bytes("x")}), scope);
  EXPECT_THAT(Taken(), IsEmpty());
}

TEST_F(BloomFilterTest, LengthIsHeaderPlusNumBytes) {
  Place({.values = {"x"}}, /*length_delta=*/8);
  // A longer length leaves the bitset intact: it is still checked.
  EXPECT_TRUE(Load().has_value());
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(
                           Code::kBloomLengthMismatch,
                           b_.meta(0, 0).bloom_filter_length.span,
                           Field("meta_data.bloom_filter_length"))));
  Place({.values = {"x"}}, /*length_delta=*/-32);
  EXPECT_FALSE(Load().has_value());
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(
                           Code::kBloomLengthMismatch,
                           b_.meta(0, 0).bloom_filter_length.span,
                           Field("meta_data.bloom_filter_length"))));
}

TEST_F(BloomFilterTest, BitsetPastTheColumnData) {
  // Without a length only numBytes says where the filter ends.
  const FilterSpans s = Place({.num_bytes = 256}, std::nullopt, kDataEnd - 200);
  EXPECT_FALSE(Load().has_value());
  EXPECT_THAT(Taken(), ElementsAre(IsDiagnostic(Code::kBloomOutOfBounds,
                                                s.num_bytes.value,
                                                Field("meta_data.bloom_filter."
                                                      "numBytes"))));
}

TEST_F(BloomFilterTest, BitsetPastTheEndOfTheFile) {
  const FilterSpans s =
      Place({.num_bytes = 1 << 20, .bitset_bytes = 32}, std::nullopt);
  EXPECT_FALSE(Load().has_value());
  EXPECT_THAT(Taken(),
              ElementsAre(IsDiagnostic(Code::kBloomNumBytes, s.num_bytes.value,
                                       Field("meta_data.bloom_filter."
                                             "numBytes"))));
}

TEST_F(BloomFilterTest, UnknownHashIsUnsupported) {
  const FilterSpans s = Place({.hash = 2});
  EXPECT_FALSE(Load().has_value());
  const auto d = Taken();
  EXPECT_THAT(d, Contains(IsDiagnostic(Code::kBloomUnsupported, s.hash,
                                       Field("meta_data.bloom_filter.hash"))))
      << Describe(d);
  EXPECT_THAT(d, Not(Contains(HasCode(Code::kBloomNumBytes))));
}

TEST_F(BloomFilterTest, UnknownAlgorithmAndCompressionAreUnsupported) {
  const FilterSpans s = Place({.algorithm = 3, .compression = 2});
  EXPECT_FALSE(Load().has_value());
  const auto d = Taken();
  EXPECT_THAT(d,
              Contains(IsDiagnostic(Code::kBloomUnsupported, s.algorithm,
                                    Field("meta_data.bloom_filter.algorithm"))))
      << Describe(d);
  EXPECT_THAT(
      d, Contains(IsDiagnostic(Code::kBloomUnsupported, s.compression,
                               Field("meta_data.bloom_filter.compression"))))
      << Describe(d);
}

TEST_F(BloomFilterTest, FiltersTheFooterRulesRejectedAreSkipped) {
  Place({});
  b_.meta(0, 0).bloom_filter_offset = b_.Field<int64_t>(kDataEnd + 4);
  EXPECT_FALSE(Load().has_value());
  b_.meta(0, 0).bloom_filter_offset = b_.Field<int64_t>(kFilterAt);
  b_.meta(0, 0).bloom_filter_length = b_.Field<int32_t>(kDataEnd);
  EXPECT_FALSE(Load().has_value());
  Place({});
  b_.chunk(0, 0).crypto_metadata = b_.Field(ColumnCryptoMetaData{2, {}, {}});
  EXPECT_FALSE(Load().has_value());
  EXPECT_THAT(Taken(), IsEmpty());
}

// ---- real files -------------------------------------------------------------
std::filesystem::path ExternalData() {
  return ::colcheck::testing::ExternalCorpusRoot("../shared/corpus-external") /
         "parquet-testing" / "data";
}

// A real file's footer, decoded the way the validator does.
struct RealFile {
  std::vector<std::byte> bytes;
  FileMetaData md;
  SchemaTree tree;
  FileLayout layout;

  bool Open(const std::filesystem::path& path, DiagnosticSink& sink) {
    bytes = ::colcheck::testing::ReadFileBytes(path);
    const ByteReader file(bytes);
    Tail tail;
    if (!ReadTail(file, sink, &tail)) return false;
    ByteReader footer;
    if (!file.Sub(tail.footer.offset, tail.footer.length, &footer)) {
      return false;
    }
    thrift::Decoder d(footer, &sink);
    if (!DecodeFileMetaData(d, &md)) return false;
    tree = BuildSchemaTree(md, sink);
    layout.file_size = bytes.size();
    layout.metadata = tail.footer;
    return true;
  }
};

// What a headers-only walk learns of a flat column's chunk.
ChunkWalk WalkHeaders(const ByteReader& file, const ColumnMetaData& m,
                      DiagnosticSink& sink) {
  ChunkWalk walk;
  const int64_t start =
      m.dictionary_page_offset.present && m.dictionary_page_offset.value != 0
          ? m.dictionary_page_offset.value
          : m.data_page_offset.value;
  const uint64_t end =
      static_cast<uint64_t>(start + m.total_compressed_size.value);
  uint64_t at = static_cast<uint64_t>(start);
  uint64_t rows = 0;
  size_t ordinal = 0;
  while (at < end) {
    ByteReader bytes;
    if (!file.Sub(at, end - at, &bytes)) return walk;
    thrift::Decoder d(bytes, &sink);
    PageHeader h;
    if (!DecodePageHeader(d, &h)) return walk;
    const ByteSpan whole{at, d.reader().position() - at};
    if (h.type.value == kDataPage || h.type.value == kDataPageV2) {
      DataPageSummary p;
      p.ordinal = ordinal;
      p.header = whole;
      p.compressed_page_size = h.compressed_page_size.value;
      p.num_values = static_cast<uint64_t>(
          h.type.value == kDataPage
              ? h.data_page_header.value.num_values.value
              : h.data_page_header_v2.value.num_values.value);
      p.first_row = rows;
      p.num_rows = p.num_values;  // A flat column: one value per row.
      rows += p.num_rows;
      walk.data_pages.push_back(p);
    }
    at = whole.end() + static_cast<uint64_t>(h.compressed_page_size.value);
    ++ordinal;
  }
  walk.complete = at == end;
  walk.num_rows = rows;
  return walk;
}

// parquet-testing's files with bloom filters (parquet-mr 1.13 and
// parquet-rs 49), which also carry page indexes. Each has one OPTIONAL
// BYTE_ARRAY column holding these 14 strings.
TEST(RealBloomFilterTest, ParquetTestingFiles) {
  const std::filesystem::path data = ExternalData();
  const std::vector<std::string> strings = {
      "Hello", "This is",   "a",         "test",  "How",  "are you",  "doing ",
      "today", "the quick", "brown fox", "jumps", "over", "the lazy", "dog"};
  for (const char* name : {"data_index_bloom_encoding_stats.parquet",
                           "data_index_bloom_encoding_with_length.parquet"}) {
    const std::filesystem::path path = data / name;
    if (!std::filesystem::exists(path)) {
      GTEST_SKIP() << path << " not found; set COLCHECK_EXTERNAL_CORPUS";
    }
    DiagnosticSink sink;
    RealFile f;
    ASSERT_TRUE(f.Open(path, sink)) << name;
    const RuleContext ctx{f.md, f.tree, f.layout, sink};
    const ByteReader file(f.bytes);
    auto bloom = BloomFilterCheck::Load(ctx, file, 0, 0);
    ASSERT_TRUE(bloom.has_value()) << name << "\n" << Describe(sink.Take());
    PageScope scope(sink, "pages[0]", {4, 10}, true);
    std::vector<std::span<const std::byte>> views;
    for (const auto& s : strings) views.push_back(Bytes(s));
    ValueBatch batch;
    batch.count = views.size();
    batch.binary = views;
    bloom->Values(batch, scope);
    EXPECT_EQ(bloom->negatives(), 0u) << name;
    EXPECT_FALSE(
        BloomMightContain(bloom->bitset(), BloomHash(Bytes("NOT_EXISTS"))))
        << name;
    // The page indexes agree with the page headers.
    const ChunkWalk walk = WalkHeaders(
        file,
        f.md.row_groups.value[0].value.columns.value[0].value.meta_data.value,
        sink);
    ASSERT_TRUE(walk.complete) << name;
    CheckPageIndex(ctx, file, 0, 0, walk);
    CheckSizeStatistics(ctx, 0, 0, walk);
    const auto d = sink.Take();
    EXPECT_THAT(d, IsEmpty()) << name << "\n" << Describe(d);
  }
}

// bloom_filter.xxhash.bin: a bare filter (16-byte header, 1024-byte
// bitset) that parquet-mr built from "hello", "parquet", "bloom", "filter".
TEST(RealBloomFilterTest, ParquetMrBitset) {
  const std::filesystem::path path = ExternalData() / "bloom_filter.xxhash.bin";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path << " not found; set COLCHECK_EXTERNAL_CORPUS";
  }
  const std::vector<std::byte> bytes = ::colcheck::testing::ReadFileBytes(path);
  DiagnosticSink sink;
  thrift::Decoder d(ByteReader(bytes), &sink);
  BloomFilterHeader h;
  ASSERT_TRUE(DecodeBloomFilterHeader(d, &h));
  ASSERT_EQ(d.reader().position(), 16u);
  ASSERT_EQ(h.num_bytes.value, 1024);
  const auto bitset = std::span<const std::byte>(bytes).subspan(16);
  for (const char* v : {"hello", "parquet", "bloom", "filter"}) {
    EXPECT_TRUE(BloomMightContain(bitset, BloomHash(Bytes(v)))) << v;
  }
  EXPECT_FALSE(BloomMightContain(bitset, BloomHash(Bytes("NOT_EXISTS"))));
}

}  // namespace
}  // namespace colcheck::parquet
