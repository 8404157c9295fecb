// The page walk end to end: files of one column chunk built page by page,
// each breaking one rule, through the public API.

#include "parquet/page_walk.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "parquet/metadata.h"
#include "testing/page_file.h"
#include "testing/report_expect.h"

namespace colcheck {
namespace {

using parquet::kBitPacked;
using parquet::kDataPageV2;
using parquet::kDictionaryPage;
using parquet::kIndexPage;
using parquet::kOptional;
using parquet::kRepeated;
using parquet::kRle;
using parquet::kRleDictionary;
using testing::AppendRleRun;
using testing::Bytes;
using testing::ColumnOptions;
using testing::Concat;
using testing::CountErrors;
using testing::Describe;
using testing::ExpectAt;
using testing::ExpectOnlyError;
using testing::LengthPrefixed;
using testing::PageFile;
using testing::PageFileBuilder;
using testing::PageOptions;
using testing::PageSpans;
using testing::PlainInt32;
using testing::RleRuns;

Report Validate(const PageFile& f, Level level = Level::kFull) {
  Options options;
  options.level = level;
  return ValidateBytes(f.span(), options);
}

PageOptions V1(int32_t num_values) {
  PageOptions o;
  o.num_values = num_values;
  return o;
}

PageOptions Dict(int32_t num_values) {
  PageOptions o;
  o.type = kDictionaryPage;
  o.num_values = num_values;
  return o;
}

PageOptions DictData(int32_t num_values) {
  PageOptions o;
  o.num_values = num_values;
  o.encoding = kRleDictionary;
  return o;
}

// Dictionary indices: bit width 1, then one RLE run.
Bytes Indices(uint32_t count, uint32_t value) {
  Bytes out{std::byte{1}};
  AppendRleRun(&out, count, value, 1);
  return out;
}

ColumnOptions WithDictionary() {
  ColumnOptions c;
  c.encodings = {0, 3, kRleDictionary};
  return c;
}

TEST(PageWalkTest, ValidChunkHasNoDiagnostics) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish());
  EXPECT_TRUE(r.diagnostics.empty()) << Describe(r);
}

TEST(PageWalkTest, ValidDictionaryChunkHasNoDiagnostics) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  const Report r = Validate(b.Finish());
  EXPECT_TRUE(r.diagnostics.empty()) << Describe(r);
}

TEST(PageWalkTest, BodyPastChunkEnd) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.compressed_page_size = 13;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish());
  ExpectOnlyError(r, Code::kPageOutOfChunk, p.compressed_page_size.value);
}

TEST(PageWalkTest, NegativePageSize) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.uncompressed_page_size = -1;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish({.total_uncompressed_size = 12}));
  ExpectOnlyError(r, Code::kPageNegativeSize, p.uncompressed_page_size.value);
}

TEST(PageWalkTest, UnknownAndIndexPagesAreSkippedWithWarnings) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  PageOptions unknown;
  unknown.type = 9;
  const PageSpans u = b.AddPage(unknown, Bytes(5, std::byte{0xEE}));
  PageOptions index;
  index.type = kIndexPage;
  const PageSpans i = b.AddPage(index, Bytes(2, std::byte{0xEE}));
  b.AddPage(V1(2), PlainInt32({4, 5}));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kPageUnknownType, u.type.whole());
  ExpectAt(r, Code::kPageIndexPage, i.type.whole());
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, MissingTypeHeader) {
  PageFileBuilder b;
  PageOptions o = V1(0);
  o.omit_type_header = true;
  const PageSpans p = b.AddPage(o, Bytes{});
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish());
  ExpectOnlyError(r, Code::kPageMissingTypeHeader, p.type.whole());
}

TEST(PageWalkTest, ExtraTypeHeaderIsAWarning) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.extra_index_header = true;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish());
  const ByteSpan extra{p.repetition_level_encoding.value.end() + 1, 2};
  ExpectAt(r, Code::kPageExtraTypeHeader, extra);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, NegativeDictionaryCount) {
  PageFileBuilder b(WithDictionary());
  const PageSpans d = b.AddPage(Dict(-1), PlainInt32({7}));
  b.AddPage(DictData(3), Indices(3, 0));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kPageNegativeCount, d.num_values.value);
}

TEST(PageWalkTest, BytesAfterTheLastPage) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  b.AddRaw(Bytes(6, std::byte{0}));
  const PageFile f = b.Finish();
  ExpectOnlyError(Validate(f), Code::kPageChunkCompressedSize,
                  f.total_compressed_size.value);
}

TEST(PageWalkTest, UncompressedTotalMismatch) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const PageFile f = b.Finish({.total_uncompressed_size = 99});
  // A warning: readers take a chunk's bytes from total_compressed_size.
  const Report r = Validate(f);
  ExpectAt(r, Code::kPageChunkUncompressedSize,
           f.total_uncompressed_size.value);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, NumValuesMismatch) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const PageFile f = b.Finish({.num_values = 5});
  ExpectAt(Validate(f), Code::kPageNumValuesMismatch, f.num_values.value);
}

TEST(PageWalkTest, DataPageOffsetNotAtFirstDataPage) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  const PageSpans d = b.AddPage(DictData(3), Indices(3, 1));
  const PageFile f = b.Finish(
      {.data_page_offset = static_cast<int64_t>(d.header.offset + 1)});
  ExpectOnlyError(Validate(f), Code::kPageDataPageOffset,
                  f.data_page_offset.value);
}

TEST(PageWalkTest, DictionaryPageOffsetNotAtDictionaryPage) {
  PageFileBuilder b(WithDictionary());
  PageOptions unknown;
  unknown.type = 9;
  b.AddPage(unknown, Bytes{});
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  const PageFile f = b.Finish({.dictionary_page_offset = 4});
  ExpectOnlyError(Validate(f), Code::kPageDictionaryPageOffset,
                  f.dictionary_page_offset.value);
}

TEST(PageWalkTest, SecondDictionaryPage) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  const PageSpans second = b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageDuplicateDictionary,
                  second.header);
}

TEST(PageWalkTest, DictionaryAfterDataPage) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const PageSpans d = b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish({.omit_dictionary_page_offset = true}));
  ExpectOnlyError(r, Code::kPageDictionaryNotFirst, d.header);
}

TEST(PageWalkTest, DictionaryEncodedPageWithoutDictionary) {
  PageFileBuilder b(WithDictionary());
  const PageSpans p = b.AddPage(DictData(3), Indices(3, 1));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageMissingDictionary,
                  p.encoding.value);
}

TEST(PageWalkTest, DictionaryPageNotPlain) {
  PageFileBuilder b(WithDictionary());
  PageOptions o = Dict(2);
  o.encoding = kRle;
  const PageSpans d = b.AddPage(o, PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  ExpectAt(Validate(b.Finish()), Code::kPageDictionaryEncoding,
           d.encoding.value);
}

TEST(PageWalkTest, DictionaryFallbackIsInfo) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  const PageSpans plain = b.AddPage(V1(2), PlainInt32({4, 5}));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kPageDictionaryFallback, plain.encoding.value);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, EncodingMissingFromChunkList) {
  ColumnOptions c;
  c.encodings = {kRle};
  PageFileBuilder b(c);
  const PageSpans p = b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kPageEncodingNotListed, p.encoding.value);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, DictionaryPageIsListedByTheDictionaryEncoding) {
  // DuckDB lists only RLE_DICTIONARY, not the dictionary page's PLAIN.
  ColumnOptions c;
  c.encodings = {kRle, kRleDictionary};
  PageFileBuilder b(c);
  b.AddPage(Dict(2), PlainInt32({7, 9}));
  b.AddPage(DictData(3), Indices(3, 1));
  const Report r = Validate(b.Finish());
  EXPECT_TRUE(r.diagnostics.empty()) << Describe(r);
}

TEST(PageWalkTest, V2LevelLengthsPastThePage) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.type = kDataPageV2;
  o.num_rows = 3;
  o.definition_levels_byte_length = 20;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageV2LevelLengths,
                  Join(p.definition_levels_byte_length.value,
                       p.repetition_levels_byte_length.value));
}

TEST(PageWalkTest, V2NullsAboveValues) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.type = kDataPageV2;
  o.num_rows = 3;
  o.num_nulls = 4;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageV2NumNulls,
                  p.num_nulls.value);
}

TEST(PageWalkTest, V2NullsDifferFromLevels) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  PageOptions o = V1(3);
  o.num_rows = 3;
  o.num_nulls = 0;
  const PageSpans p =
      b.AddV2Page(o, {}, RleRuns({{2, 1}, {1, 0}}, 1), PlainInt32({1, 2}));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageV2NumNulls,
                  p.num_nulls.value);
}

TEST(PageWalkTest, V2RowsDifferFromRepetitionLevels) {
  ColumnOptions c;
  c.repetition = kRepeated;
  PageFileBuilder b(c);
  PageOptions o = V1(3);
  o.num_rows = 3;
  const PageSpans p = b.AddV2Page(o, RleRuns({{1, 0}, {2, 1}}, 1),
                                  RleRuns({{3, 1}}, 1), PlainInt32({1, 2, 3}));
  b.set_num_rows(1);
  ExpectOnlyError(Validate(b.Finish()), Code::kPageV2NumRows,
                  p.num_rows.value);
}

TEST(PageWalkTest, CrcMismatch) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.crc = 12345;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  ExpectOnlyError(Validate(b.Finish()), Code::kPageCrcMismatch,
                  Join(p.crc.value, p.body));
}

TEST(PageWalkTest, CrcIsNotCheckedAtPagesLevel) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.crc = 12345;
  b.AddPage(o, PlainInt32({1, 2, 3}));
  EXPECT_EQ(CountErrors(Validate(b.Finish(), Level::kPages)), 0u);
}

TEST(PageWalkTest, CorruptCompressedBody) {
  ColumnOptions c;
  c.codec = 1;  // SNAPPY
  PageFileBuilder b(c);
  const PageSpans p = b.AddPage(V1(3), Bytes(12, std::byte{0xFF}), 12);
  ExpectOnlyError(Validate(b.Finish()), Code::kCompressionCorrupt, p.body);
}

TEST(PageWalkTest, UncompressedSizeDiffersFromStoredSize) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.uncompressed_page_size = 16;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  ExpectOnlyError(Validate(b.Finish()), Code::kCompressionSizeMismatch,
                  p.uncompressed_page_size.value);
}

TEST(PageWalkTest, HugeDeclaredPageIsNotAllocated) {
  ColumnOptions c;
  c.codec = 1;
  PageFileBuilder b(c);
  PageOptions o = V1(3);
  o.uncompressed_page_size = 1 << 30;
  const PageSpans p = b.AddPage(o, Bytes(12, std::byte{0xFF}));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kLimitsPageSize, p.uncompressed_page_size.value);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, PlainLevelEncodingIsInvalid) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  PageOptions o = V1(3);
  o.definition_level_encoding = 0;
  const PageSpans p = b.AddPage(
      o, Concat({LengthPrefixed(RleRuns({{3, 1}}, 1)), PlainInt32({1, 2, 3})}));
  ExpectOnlyError(Validate(b.Finish()), Code::kLevelsInvalidEncoding,
                  p.definition_level_encoding.value);
}

TEST(PageWalkTest, BitPackedLevelsAreDeprecatedButDecode) {
  ColumnOptions c;
  c.repetition = kOptional;
  c.encodings = {0, kBitPacked};
  PageFileBuilder b(c);
  PageOptions o = V1(3);
  o.definition_level_encoding = kBitPacked;
  // Levels 1, 1, 0, MSB first: 0b11000000.
  const PageSpans p =
      b.AddPage(o, Concat({Bytes{std::byte{0xC0}}, PlainInt32({1, 2})}));
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kLevelsBitPacked, p.definition_level_encoding.value);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, TooFewLevels) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  const PageSpans p = b.AddPage(
      V1(3),
      Concat({LengthPrefixed(RleRuns({{2, 1}}, 1)), PlainInt32({1, 2})}));
  ExpectAt(Validate(b.Finish()), Code::kLevelsTruncated, p.body);
}

TEST(PageWalkTest, BytesAfterTheLevels) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  const Bytes levels = RleRuns({{3, 1}, {1, 1}}, 1);
  const PageSpans p = b.AddPage(
      V1(3), Concat({LengthPrefixed(levels), PlainInt32({1, 2, 3})}));
  // The second run (2 bytes) follows the 4-byte length and the first run:
  // legal (docs/severity.md), so an info and a valid file.
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kLevelsTrailingBytes, {p.body.offset + 6, 2});
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
  EXPECT_EQ(r.verdict, Verdict::kValid);
}

TEST(PageWalkTest, LevelAboveMaximum) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  // An RLE run of level 3 in a 1-bit section: too wide (a warning), and
  // above the maximum definition level 1.
  const PageSpans p = b.AddPage(
      V1(3),
      Concat({LengthPrefixed(RleRuns({{3, 3}}, 1)), PlainInt32({1, 2, 3})}));
  ExpectAt(Validate(b.Finish()), Code::kLevelsExceedsMax, p.body);
}

TEST(PageWalkTest, ChunkStartsMidRow) {
  ColumnOptions c;
  c.repetition = kRepeated;
  PageFileBuilder b(c);
  const Bytes rep = LengthPrefixed(RleRuns({{1, 1}, {2, 0}}, 1));
  const Bytes def = LengthPrefixed(RleRuns({{3, 1}}, 1));
  const PageSpans p =
      b.AddPage(V1(3), Concat({rep, def, PlainInt32({1, 2, 3})}));
  b.set_num_rows(2);
  ExpectOnlyError(Validate(b.Finish()), Code::kLevelsFirstRepNotZero,
                  p.body);
}

TEST(PageWalkTest, V2ChunkStartsMidRowAtItsRepetitionLevels) {
  ColumnOptions c;
  c.repetition = kRepeated;
  PageFileBuilder b(c);
  const Bytes rep = RleRuns({{1, 1}, {2, 0}}, 1);
  PageOptions o;
  o.num_values = 3;
  o.num_rows = 2;
  const PageSpans p =
      b.AddV2Page(o, rep, RleRuns({{3, 1}}, 1), PlainInt32({1, 2, 3}));
  b.set_num_rows(2);
  // V2 levels are file bytes: the fault is the repetition level section
  // at the body's start, not the whole body.
  ExpectOnlyError(Validate(b.Finish()), Code::kLevelsFirstRepNotZero,
                  {p.body.offset, rep.size()});
}

TEST(PageWalkTest, RowGroupRowsDifferFromChunkRows) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  b.set_num_rows(5);
  const PageFile f = b.Finish();
  ExpectOnlyError(Validate(f), Code::kLevelsRowCountMismatch,
                  f.row_group_num_rows.value);
}

TEST(PageWalkTest, RowCountIsCheckedFromHeadersAtPagesLevel) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  b.set_num_rows(5);
  const PageFile f = b.Finish();
  ExpectOnlyError(Validate(f, Level::kPages), Code::kLevelsRowCountMismatch,
                  f.row_group_num_rows.value);
}

TEST(PageWalkTest, V2RowsOfAFlatColumnAreItsValues) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.type = kDataPageV2;
  o.num_rows = 2;
  const PageSpans p = b.AddPage(o, PlainInt32({1, 2, 3}));
  b.set_num_rows(3);
  const PageFile f = b.Finish();
  ExpectOnlyError(Validate(f), Code::kPageV2NumRows, p.num_rows.value);
  ExpectOnlyError(Validate(f, Level::kPages), Code::kPageV2NumRows,
                  p.num_rows.value);
}

TEST(PageWalkTest, DictionaryPageAfterTheLastValueIsStillFound) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  const PageSpans d = b.AddPage(Dict(2), PlainInt32({7, 9}));
  const Report r = Validate(b.Finish({.omit_dictionary_page_offset = true}));
  ExpectOnlyError(r, Code::kPageDictionaryNotFirst, d.header);
}

TEST(PageWalkTest, HeaderWithoutItsTypeStopsTheWalk) {
  PageFileBuilder b;
  b.AddPage(V1(3), PlainInt32({1, 2, 3}));
  // A second "page" of a lone STOP byte: no type, no sizes.
  b.AddRaw(Bytes{std::byte{0}});
  const Report r = Validate(b.Finish());
  for (const Diagnostic& d : r.diagnostics) {
    EXPECT_NE(d.code, Code::kPageMissingTypeHeader) << Describe(r);
  }
  ExpectAt(r, Code::kPageChunkCompressedSize,
           b.Finish().total_compressed_size.value);
}

// A zlib stream (RFC 1950) of one stored deflate block: header, block
// header, LEN, NLEN, the bytes, then Adler-32 big-endian.
Bytes ZlibStored(const Bytes& data) {
  Bytes out{std::byte{0x78}, std::byte{0x01}, std::byte{0x01}};
  const auto len = static_cast<uint16_t>(data.size());
  for (uint16_t v : {len, static_cast<uint16_t>(~len)}) {
    out.push_back(std::byte{static_cast<uint8_t>(v)});
    out.push_back(std::byte{static_cast<uint8_t>(v >> 8)});
  }
  out.insert(out.end(), data.begin(), data.end());
  uint32_t a = 1, s = 0;
  for (std::byte c : data) {
    a = (a + static_cast<uint8_t>(c)) % 65521;
    s = (s + a) % 65521;
  }
  const uint32_t adler = (s << 16) | a;
  for (int shift = 24; shift >= 0; shift -= 8) {
    out.push_back(std::byte{static_cast<uint8_t>(adler >> shift)});
  }
  return out;
}

TEST(PageWalkTest, ZlibStreamInAGzipChunkIsAWarning) {
  ColumnOptions c;
  c.codec = 2;  // GZIP
  PageFileBuilder b(c);
  const Bytes values = PlainInt32({1, 2, 3});
  const PageSpans p = b.AddPage(V1(3), ZlibStored(values), 12);
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kCompressionZlibStream, p.body);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkTest, DecompressedSizeMismatchIsOnTheDeclaredSize) {
  // The stream is whole and decodes to 12 bytes: the header's 13 is the
  // fault, not the body.
  ColumnOptions c;
  c.codec = 2;  // GZIP
  PageFileBuilder b(c);
  const PageSpans p =
      b.AddPage(V1(3), ZlibStored(PlainInt32({1, 2, 3})), 13);
  ExpectOnlyError(Validate(b.Finish()), Code::kCompressionSizeMismatch,
                  p.uncompressed_page_size.value);
}

TEST(PageWalkTest, BareLzoStreamIsInfo) {
  ColumnOptions c;
  c.codec = 3;  // LZO
  PageFileBuilder b(c);
  // LZO1X: a first byte of 17 + n copies n literals; 0x11 0 0 ends.
  Bytes lzo{std::byte{17 + 12}};
  const Bytes values = PlainInt32({1, 2, 3});
  lzo.insert(lzo.end(), values.begin(), values.end());
  lzo.insert(lzo.end(), {std::byte{0x11}, std::byte{0}, std::byte{0}});
  const PageSpans p = b.AddPage(V1(3), lzo, 12);
  const Report r = Validate(b.Finish());
  ExpectAt(r, Code::kCompressionLzoRawFallback, p.body);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

// ---- Work follows the bytes, not the counts a page declares ----------------
//
// A page may declare num_values = 2^31 - 1 in a few bytes. Level decoding
// must cost steps in proportion to the level bytes (core/limits.h, "Work
// per input byte"), which Report::work counts.

constexpr int32_t kInt32Max = std::numeric_limits<int32_t>::max();

// Validates `f` at level full and returns the level steps it took.
uint64_t LevelSteps(const PageFile& f, Report* report) {
  *report = Validate(f);
  return report->work.level_steps;
}

// A zero-width bit-packed run of `groups` groups (8 values each).
Bytes ZeroWidthPackedRun(uint64_t groups) {
  Bytes out;
  testing::AppendVarint(&out, groups << 1 | 1);
  return out;
}

TEST(PageWalkWorkTest, RequiredColumnHasNoLevelsToCount) {
  // The shape of fuzz/regressions/num_values_int32_max_required.parquet: a
  // REQUIRED column (maximum levels 0) whose one page claims 2^31 - 1
  // values in 80 bytes. The pages repeat, to show the cost does not add up.
  PageFileBuilder b;
  std::vector<PageSpans> pages;
  for (int i = 0; i < 100; ++i) {
    pages.push_back(b.AddPage(V1(kInt32Max), Bytes(80, std::byte{7})));
  }
  b.set_num_rows(10);
  const PageFile f = b.Finish();
  Report r;
  EXPECT_EQ(LevelSteps(f, &r), 0u);
  for (const PageSpans& p : pages) {
    // Value 20 of a 4-byte type is the first that 80 bytes cannot hold.
    ExpectAt(r, Code::kEncodingTruncated, {p.body.end(), 0});
  }
  ExpectAt(r, Code::kLevelsRowCountMismatch, f.row_group_num_rows.value);
}

TEST(PageWalkWorkTest, OneRunOfNullsIsOneStep) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  b.AddPage(V1(kInt32Max), LengthPrefixed(RleRuns({{kInt32Max, 0}}, 1)));
  b.set_num_rows(kInt32Max);
  const PageFile f = b.Finish();
  Report r;
  EXPECT_EQ(LevelSteps(f, &r), 1u);
  // Every level is a null, so no value is missing.
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkWorkTest, ZeroWidthBitPackedLevelsAreOneStep) {
  // A V2 page of a REQUIRED column that stores a repetition level section
  // anyway (as rle_boolean_encoding.parquet does): one bit-packed run of
  // width 0 whose 2^27 groups hold 2^30 levels, then 4 value bytes.
  PageFileBuilder b;
  PageOptions o;
  o.num_values = 1 << 30;
  o.num_rows = 1 << 30;
  const Bytes rep = ZeroWidthPackedRun(uint64_t{1} << 27);
  const PageSpans p = b.AddV2Page(o, rep, {}, PlainInt32({1}));
  b.set_num_rows(1 << 30);
  Report r;
  EXPECT_EQ(LevelSteps(b.Finish(), &r), 1u);
  ExpectAt(r, Code::kEncodingTruncated, {p.body.end(), 0});
}

TEST(PageWalkWorkTest, LiteralLevelsAreOneStepEach) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  // Two bit-packed groups of width 1 (16 levels, all 1), then an RLE run
  // of 2^20 levels 1: 16 steps and 1.
  Bytes levels{std::byte{2 << 1 | 1}, std::byte{0xFF}, std::byte{0xFF}};
  AppendRleRun(&levels, 1 << 20, 1, 1);
  b.AddPage(V1(16 + (1 << 20)),
            Concat({LengthPrefixed(levels), Bytes(4 * (16 + (1 << 20)))}));
  b.set_num_rows(16 + (1 << 20));
  Report r;
  EXPECT_EQ(LevelSteps(b.Finish(), &r), 17u) << Describe(r);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

// Levels are checked as if decoded in batches of kValueBatch, both streams
// to the batch's end first: when the levels end inside the batch of a
// level above the maximum, the truncation is what is reported.
TEST(PageWalkWorkTest, LevelsEndingInTheBatchOfALevelAboveTheMaximum) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  const PageSpans p = b.AddPage(
      V1(kInt32Max), LengthPrefixed(RleRuns({{10, 0}, {1, 3}}, 2)));
  Report r;
  EXPECT_LE(LevelSteps(b.Finish(), &r), 4u);
  ExpectAt(r, Code::kLevelsTruncated, p.body);
  EXPECT_EQ(testing::CountCode(r, Code::kLevelsExceedsMax), 0u) << Describe(r);
}

TEST(PageWalkWorkTest, LevelAboveTheMaximumInABatchTheLevelsFill) {
  ColumnOptions c;
  c.repetition = kOptional;
  PageFileBuilder b(c);
  // Batch 0 is whole (4096 levels); the levels end in batch 1.
  const PageSpans p = b.AddPage(
      V1(kInt32Max), LengthPrefixed(RleRuns({{10, 0}, {5000, 3}}, 2)));
  Report r;
  EXPECT_LE(LevelSteps(b.Finish(), &r), 4u);
  const Diagnostic* d = testing::OnlyDiagnostic(r, Code::kLevelsExceedsMax);
  ASSERT_NE(d, nullptr);
  EXPECT_EQ(d->offset, p.body.offset);
  EXPECT_EQ(d->length, p.body.length);
  EXPECT_EQ(d->field, "row_groups[0].columns[0].pages[0].definition_levels[10]");
  EXPECT_EQ(testing::CountCode(r, Code::kLevelsTruncated), 0u) << Describe(r);
}

// Validates `f` at level full and returns the batches of data page values
// it took.
uint64_t ValueBatches(const PageFile& f, Report* report) {
  *report = Validate(f);
  return report->work.value_batches;
}

TEST(PageWalkWorkTest, OneRunOfDictionaryIndicesIsOneBatch) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(1), PlainInt32({5}));
  b.AddPage(DictData(kInt32Max), Indices(kInt32Max, 0));
  b.set_num_rows(kInt32Max);
  Report r;
  EXPECT_EQ(ValueBatches(b.Finish(), &r), 1u);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkWorkTest, OneRunOfRleBooleansIsOneBatch) {
  ColumnOptions c;
  c.physical = 0;  // BOOLEAN
  PageFileBuilder b(c);
  PageOptions o = V1(kInt32Max);
  o.encoding = kRle;
  b.AddPage(o, LengthPrefixed(RleRuns({{kInt32Max, 1}}, 1)));
  b.set_num_rows(kInt32Max);
  Report r;
  EXPECT_EQ(ValueBatches(b.Finish(), &r), 1u);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkWorkTest, ShortRunsAreExpandedAndLongOnesRepeated) {
  // Runs of 3 and 63 indices are expanded into one batch, which stops
  // before the run of 64; the last run of 3 is a batch of its own.
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(2), PlainInt32({5, 6}));
  Bytes indices{std::byte{1}};
  AppendRleRun(&indices, 3, 1, 1);
  AppendRleRun(&indices, 63, 0, 1);
  AppendRleRun(&indices, 64, 1, 1);
  AppendRleRun(&indices, 3, 0, 1);
  b.AddPage(DictData(133), indices);
  b.set_num_rows(133);
  Report r;
  EXPECT_EQ(ValueBatches(b.Finish(), &r), 3u);
  EXPECT_EQ(CountErrors(r), 0u) << Describe(r);
}

TEST(PageWalkWorkTest, RepeatedIndexPastTheDictionaryIsReportedAtItsRun) {
  PageFileBuilder b(WithDictionary());
  b.AddPage(Dict(1), PlainInt32({5}));
  // Bit width 1, then 1000 copies of index 1 (header 2 bytes, value 1).
  const PageSpans p = b.AddPage(DictData(1000), Indices(1000, 1));
  b.set_num_rows(1000);
  Report r;
  EXPECT_EQ(ValueBatches(b.Finish(), &r), 1u);
  EXPECT_EQ(testing::CountCode(r, Code::kEncodingDictionaryIndex), 2u)
      << Describe(r);
  // The first where its run is; the other 999 summed up over the section.
  ExpectAt(r, Code::kEncodingDictionaryIndex, {p.body.offset + 1, 3});
  ExpectAt(r, Code::kEncodingDictionaryIndex, p.body);
}

TEST(PageWalkTest, FooterLevelWalksNoPages) {
  PageFileBuilder b;
  PageOptions o = V1(3);
  o.compressed_page_size = 13;
  b.AddPage(o, PlainInt32({1, 2, 3}));
  EXPECT_EQ(CountErrors(Validate(b.Finish(), Level::kFooter)), 0u);
}

}  // namespace
}  // namespace colcheck
