#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <string_view>
#include <vector>

#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "testing/metadata_builder.h"
#include "testing/spanned.h"

namespace colcheck::parquet {
namespace {

using ::colcheck::testing::At;
using ::colcheck::testing::Describe;
using ::colcheck::testing::HasCode;
using ::colcheck::testing::IsDiagnostic;
using ::colcheck::testing::Logical;
using ::colcheck::testing::MetadataBuilder;
using ::testing::Contains;
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::Not;
using ::testing::UnorderedElementsAre;

// Three leaves and two row groups of 100-byte chunks: chunks at 4, 104, ...,
// 504; the footer starts at 604.
MetadataBuilder ValidFile() {
  MetadataBuilder b;
  b.AddLeaf("a", kInt32);
  b.AddLeaf("b", kByteArray);
  b.AddLeaf("c", kDouble);
  b.AddRowGroup(10);
  b.AddRowGroup(20);
  b.Finish();
  return b;
}

// Gives chunk (rg, c) a 10-byte dictionary page at its start.
void AddDictionaryPage(MetadataBuilder& b, size_t rg, size_t c) {
  ColumnMetaData& m = b.meta(rg, c);
  m.dictionary_page_offset = b.Field(m.data_page_offset.value);
  m.data_page_offset = b.Field(m.data_page_offset.value + 10);
}

// Moves the footer `extra` bytes later, leaving room for page indexes and
// bloom filters after the chunks.
void GrowDataRegion(MetadataBuilder& b, uint64_t extra) {
  b.layout().metadata = {b.data_end() + extra, 5000};
  b.layout().file_size = b.data_end() + extra + 5008;
}

ColumnCryptoMetaData Crypto(int16_t id) {
  ColumnCryptoMetaData c;
  c.id = id;
  return c;
}

std::string Chunk(size_t rg, size_t c, std::string_view field) {
  return FieldPath("row_groups", rg, "columns", c, field);
}

TEST(ColumnChunkTest, ValidFooterHasNoDiagnostics) {
  MetadataBuilder b = ValidFile();
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, ValidFooterWithDictionaryIndexesAndBloomFilters) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 1000);
  AddDictionaryPage(b, 0, 0);
  // The row group starts at its first chunk's dictionary page, unchanged.
  uint64_t next = b.data_end();
  for (size_t rg = 0; rg < 2; ++rg) {
    for (size_t c = 0; c < 3; ++c) {
      ColumnChunk& cc = b.chunk(rg, c);
      cc.column_index_offset = b.Field(static_cast<int64_t>(next));
      cc.column_index_length = b.Field<int32_t>(20);
      cc.offset_index_offset = b.Field(static_cast<int64_t>(next + 20));
      cc.offset_index_length = b.Field<int32_t>(30);
      b.meta(rg, c).bloom_filter_offset =
          b.Field(static_cast<int64_t>(next + 50));
      b.meta(rg, c).bloom_filter_length = b.Field<int32_t>(50);
      next += 100;
    }
  }
  b.chunk(1, 2).meta_data.value.bloom_filter_length = {};  // Optional.
  ASSERT_LE(next, b.layout().data_end());
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, ColumnCountMismatch) {
  MetadataBuilder b = ValidFile();
  b.row_group(1).columns.value.pop_back();
  b.row_group(1).total_compressed_size = {};
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnCount,
                                          b.row_group(1).columns.span,
                                          "row_groups[1].columns")))
      << Describe(d);
}

TEST(ColumnChunkTest, MissingMiddleChunkIsOneDiagnostic) {
  // Dropping chunk 1 shifts chunk 2 into position 1: no type or path
  // mismatch may follow from the shift.
  MetadataBuilder b = ValidFile();
  auto& columns = b.row_group(0).columns.value;
  columns.erase(columns.begin() + 1);
  b.meta(0, 1).type = b.Field<int32_t>(kBoolean);
  b.row_group(0).total_compressed_size = {};
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataColumnCount,
                                          b.row_group(0).columns.span,
                                          "row_groups[0].columns")))
      << Describe(d);
}

TEST(ColumnChunkTest, ColumnCountNotJudgedWithoutASoundTree) {
  MetadataBuilder b = ValidFile();
  b.row_group(1).columns.value.pop_back();
  b.row_group(1).total_compressed_size = {};
  b.tree().ok = false;
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, NegativeRowGroupCounts) {
  MetadataBuilder b = ValidFile();
  RowGroup& rg = b.row_group(0);
  rg.num_rows = b.Field<int64_t>(-1);
  rg.total_byte_size = b.Field<int64_t>(-2);
  rg.total_compressed_size = b.Field<int64_t>(-3);
  rg.file_offset = b.Field<int64_t>(-4);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kMetadataNegativeValue, rg.num_rows.span,
                          "row_groups[0].num_rows"),
             IsDiagnostic(Code::kMetadataNegativeValue, rg.total_byte_size.span,
                          "row_groups[0].total_byte_size"),
             IsDiagnostic(Code::kMetadataNegativeValue,
                          rg.total_compressed_size.span,
                          "row_groups[0].total_compressed_size"),
             IsDiagnostic(Code::kMetadataNegativeValue, rg.file_offset.span,
                          "row_groups[0].file_offset")))
      << Describe(d);
}

// large_string_map.brotli.parquet: total_byte_size above 2^31 is valid.
TEST(ColumnChunkTest, TotalByteSizeAbove2To31IsValid) {
  MetadataBuilder b = ValidFile();
  b.row_group(0).total_byte_size = b.Field<int64_t>(int64_t{3} << 31);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, NegativeChunkCountsAndOffsets) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 1);
  m.num_values = b.Field<int64_t>(-1);
  m.total_uncompressed_size = b.Field<int64_t>(-1);
  m.data_page_offset = b.Field<int64_t>(-1);
  b.chunk(0, 1).file_offset = b.Field<int64_t>(-1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, UnorderedElementsAre(
             IsDiagnostic(Code::kMetadataNegativeValue,
                          b.chunk(0, 1).file_offset.span,
                          Chunk(0, 1, "file_offset")),
             IsDiagnostic(Code::kMetadataNegativeValue, m.num_values.span,
                          Chunk(0, 1, "meta_data.num_values")),
             IsDiagnostic(Code::kMetadataNegativeValue,
                          m.total_uncompressed_size.span,
                          Chunk(0, 1, "meta_data.total_uncompressed_size")),
             IsDiagnostic(Code::kMetadataNegativeValue, m.data_page_offset.span,
                          Chunk(0, 1, "meta_data.data_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, OrdinalDiffersFromPosition) {
  MetadataBuilder b = ValidFile();
  b.row_group(1).ordinal = At<int16_t>(0, 800, 1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataRowGroupOrdinal,
                                  ByteSpan{800, 1}, "row_groups[1].ordinal")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, NegativeOrdinal) {
  MetadataBuilder b = ValidFile();
  b.row_group(0).ordinal = b.Field<int16_t>(-1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataRowGroupOrdinal,
                                          b.row_group(0).ordinal.span,
                                          "row_groups[0].ordinal")))
      << Describe(d);
}

TEST(ColumnChunkTest, SortingColumnOutOfRange) {
  MetadataBuilder b = ValidFile();
  auto sorting = [&](int32_t idx) {
    SortingColumn s;
    s.column_idx = b.Field(idx);
    s.descending = b.Field(false);
    s.nulls_first = b.Field(false);
    return b.Field(s, 6);
  };
  b.row_group(0).sorting_columns =
      b.Field(std::vector{sorting(2), sorting(3), sorting(-1), sorting(0)}, 30);
  const auto& cols = b.row_group(0).sorting_columns.value;
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d,
      ElementsAre(IsDiagnostic(Code::kMetadataSortingColumn,
                               cols[1].value.column_idx.span,
                               "row_groups[0].sorting_columns[1].column_idx"),
                  IsDiagnostic(Code::kMetadataSortingColumn,
                               cols[2].value.column_idx.span,
                               "row_groups[0].sorting_columns[2].column_idx")))
      << Describe(d);
}

TEST(ColumnChunkTest, RowGroupFileOffsetIsAWarning) {
  MetadataBuilder b = ValidFile();
  b.row_group(1).file_offset = At<int64_t>(305, 900, 2);  // Starts at 304.
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataRowGroupFileOffset,
                                          ByteSpan{900, 2},
                                          "row_groups[1].file_offset")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, RowGroupFileOffsetPointsAtTheDictionaryPage) {
  MetadataBuilder b = ValidFile();
  AddDictionaryPage(b, 0, 0);
  b.row_group(0).file_offset = b.Field<int64_t>(14);  // The data page.
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataRowGroupFileOffset,
                                          b.row_group(0).file_offset.span,
                                          "row_groups[0].file_offset")))
      << Describe(d);
}

TEST(ColumnChunkTest, RowGroupCompressedSizeIsAWarning) {
  MetadataBuilder b = ValidFile();
  b.row_group(0).total_compressed_size = b.Field<int64_t>(299);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataRowGroupCompressedSize,
                                  b.row_group(0).total_compressed_size.span,
                                  "row_groups[0].total_compressed_size")))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, RowGroupCompressedSizeSumOverflow) {
  MetadataBuilder b = ValidFile();
  const int64_t max = std::numeric_limits<int64_t>::max();
  // Out of bounds too; this test is about the sum.
  b.layout().metadata = {uint64_t{1} << 63, 10};
  b.meta(0, 0).total_compressed_size = b.Field(max);
  b.meta(0, 1).total_compressed_size = b.Field(max);
  b.row_group(0).total_compressed_size = b.Field(max);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d,
              Contains(IsDiagnostic(Code::kMetadataRowGroupCompressedSize,
                                    b.row_group(0).total_compressed_size.span,
                                    "row_groups[0].total_compressed_size")))
      << Describe(d);
}

TEST(ColumnChunkTest, MissingColumnMetaData) {
  MetadataBuilder b = ValidFile();
  b.chunk(1, 2).meta_data = {};
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(Code::kMetadataMissingColumnMetadata,
                                       b.row_group(1).columns.value[2].span,
                                       "row_groups[1].columns[2].meta_data")))
      << Describe(d);
}

TEST(ColumnChunkTest, ColumnKeyEncryptedMetaDataIsInfo) {
  MetadataBuilder b = ValidFile();
  ColumnChunk& cc = b.chunk(0, 1);
  cc.meta_data = {};
  cc.crypto_metadata = b.Field(Crypto(2), 12);
  cc.encrypted_column_metadata = b.Field<Binary>("ciphertext", 10);
  // The footer-key chunk: only crypto_metadata, says column key.
  ColumnChunk& other = b.chunk(1, 1);
  other.meta_data = {};
  other.crypto_metadata = b.Field(Crypto(2), 12);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kEncryptionUnreadableColumn,
                                  cc.encrypted_column_metadata.span,
                                  Chunk(0, 1, "encrypted_column_metadata")),
                     IsDiagnostic(Code::kEncryptionUnreadableColumn,
                                  other.crypto_metadata.span,
                                  Chunk(1, 1, "crypto_metadata"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kInfo);
}

TEST(ColumnChunkTest, FooterKeyWithoutMetaDataIsMissing) {
  MetadataBuilder b = ValidFile();
  ColumnChunk& cc = b.chunk(0, 0);
  cc.meta_data = {};
  cc.crypto_metadata = b.Field(Crypto(1), 2);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataMissingColumnMetadata,
                                          b.row_group(0).columns.value[0].span,
                                          Chunk(0, 0, "meta_data"))))
      << Describe(d);
}

TEST(ColumnChunkTest, ExternalFilePathSkipsOffsetChecks) {
  MetadataBuilder b = ValidFile();
  ColumnChunk& cc = b.chunk(0, 2);
  cc.file_path = b.Field<std::string_view>("part-0.parquet", 14);
  cc.meta_data.value.data_page_offset = b.Field<int64_t>(1'000'000'000);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataExternalFilePath,
                                  cc.file_path.span, Chunk(0, 2, "file_path"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, TypeMismatch) {
  MetadataBuilder b = ValidFile();
  b.meta(1, 0).type = At<int32_t>(kInt64, 1200, 1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataTypeMismatch,
                                          ByteSpan{1200, 1},
                                          Chunk(1, 0, "meta_data.type"))))
      << Describe(d);
}

MetadataBuilder NestedFile() {
  MetadataBuilder b;
  const int32_t group = b.AddGroup("outer");
  b.AddLeaf("x", kInt32, 0, group);
  b.AddLeaf("y", kInt64, 0, group);
  b.AddLeaf("z", kFloat);
  b.AddRowGroup(4);
  b.Finish();
  return b;
}

TEST(ColumnChunkTest, NestedPathsMatch) {
  MetadataBuilder b = NestedFile();
  ASSERT_EQ(b.meta(0, 1).path_in_schema.value.size(), 2u);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, PathMismatch) {
  const std::vector<std::vector<std::string_view>> bad_paths = {
      {"outer", "x"},           // Column 0's path.
      {"y"},                    // Too short.
      {"outer", "outer", "y"},  // Too long.
      {"inner", "y"},           // Wrong group.
      {},
  };
  for (const auto& path : bad_paths) {
    MetadataBuilder b = NestedFile();
    ModelList<Spanned<std::string_view>> elements;
    for (std::string_view name : path) elements.push_back(b.Field(name));
    b.meta(0, 1).path_in_schema = At(elements, 1300, 9);
    const auto d = b.Run(CheckRowGroups);
    EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                       Code::kMetadataPathMismatch, ByteSpan{1300, 9},
                       Chunk(0, 1, "meta_data.path_in_schema"))))
        << path.size() << "\n"
        << Describe(d);
  }
}

TEST(ColumnChunkTest, InvalidCodec) {
  for (const int32_t codec : {-1, 8, 1000}) {
    MetadataBuilder b = ValidFile();
    b.meta(0, 0).codec = b.Field(codec);
    const auto d = b.Run(CheckRowGroups);
    EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataInvalidCodec,
                                            b.meta(0, 0).codec.span,
                                            Chunk(0, 0, "meta_data.codec"))))
        << codec << "\n"
        << Describe(d);
  }
}

TEST(ColumnChunkTest, AllDefinedCodecsAndEncodingsAreAccepted) {
  MetadataBuilder b = ValidFile();
  b.meta(0, 0).codec = b.Field<int32_t>(kLz4Raw);
  b.meta(0, 1).codec = b.Field<int32_t>(kLzo);
  ModelList<Spanned<int32_t>> all;
  for (int32_t e : {0, 2, 3, 4, 5, 6, 7, 8, 9}) all.push_back(b.Field(e));
  b.meta(0, 2).encodings = b.Field(all, 9);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, DeprecatedLz4IsAWarning) {
  MetadataBuilder b = ValidFile();
  b.meta(1, 0).codec = b.Field<int32_t>(kLz4);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataDeprecatedCodec,
                                          b.meta(1, 0).codec.span,
                                          Chunk(1, 0, "meta_data.codec"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, UnknownEncodings) {
  MetadataBuilder b = ValidFile();
  b.meta(1, 2).encodings =
      b.Field(std::vector{b.Field<int32_t>(kPlain), b.Field<int32_t>(1),
                          b.Field<int32_t>(10), b.Field<int32_t>(-3)},
              4);
  const auto& e = b.meta(1, 2).encodings.value;
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataUnknownEncoding, e[1].span,
                                  Chunk(1, 2, "meta_data.encodings[1]")),
                     IsDiagnostic(Code::kMetadataUnknownEncoding, e[2].span,
                                  Chunk(1, 2, "meta_data.encodings[2]")),
                     IsDiagnostic(Code::kMetadataUnknownEncoding, e[3].span,
                                  Chunk(1, 2, "meta_data.encodings[3]"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, EncodingStatsEnumsAndCounts) {
  MetadataBuilder b = ValidFile();
  PageEncodingStats good;
  good.page_type = b.Field<int32_t>(kDictionaryPage);
  good.encoding = b.Field<int32_t>(kPlain);
  good.count = b.Field<int32_t>(1);
  PageEncodingStats bad;
  bad.page_type = b.Field<int32_t>(7);
  bad.encoding = b.Field<int32_t>(42);
  bad.count = b.Field<int32_t>(-1);
  b.meta(0, 1).encoding_stats =
      b.Field(std::vector{b.Field(good), b.Field(bad)}, 2);
  const auto d = b.Run(CheckRowGroups);
  const std::string at = "meta_data.encoding_stats[1].";
  EXPECT_THAT(
      d, ElementsAre(
             IsDiagnostic(Code::kMetadataInvalidPageType, bad.page_type.span,
                          Chunk(0, 1, at + "page_type")),
             IsDiagnostic(Code::kMetadataUnknownEncoding, bad.encoding.span,
                          Chunk(0, 1, at + "encoding")),
             IsDiagnostic(Code::kMetadataNegativeValue, bad.count.span,
                          Chunk(0, 1, at + "count"))))
      << Describe(d);
}

// byte_array_decimal.parquet writes encodings = [].
TEST(ColumnChunkTest, EmptyEncodingsIsAWarning) {
  MetadataBuilder b = ValidFile();
  b.meta(0, 1).encodings = b.Field(ModelList<Spanned<int32_t>>{}, 1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataEncodingsEmpty,
                                          b.meta(0, 1).encodings.span,
                                          Chunk(0, 1, "meta_data.encodings"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

// dict-page-offset-zero.parquet: 0 means "no dictionary", and nothing else
// is wrong: not the bounds, not the order, not the row group's start.
TEST(ColumnChunkTest, DictionaryOffsetZeroIsOnlyAWarning) {
  MetadataBuilder b = ValidFile();
  b.meta(0, 0).dictionary_page_offset = At<int64_t>(0, 1400, 1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataDictionaryOffsetZero, ByteSpan{1400, 1},
                     Chunk(0, 0, "meta_data.dictionary_page_offset"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

TEST(ColumnChunkTest, DictionaryAfterData) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 1);
  m.dictionary_page_offset = b.Field(m.data_page_offset.value);  // Equal.
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(
             Code::kMetadataDictionaryAfterData, m.dictionary_page_offset.span,
             Chunk(0, 1, "meta_data.dictionary_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, DataPageOffsetOutOfBounds) {
  for (const int64_t offset : {int64_t{1}, int64_t{3}, int64_t{604},
                               std::numeric_limits<int64_t>::max()}) {
    MetadataBuilder b = ValidFile();
    ColumnMetaData& m = b.meta(1, 2);  // The last chunk: nothing to overlap.
    m.data_page_offset = b.Field(offset);
    b.row_group(1).file_offset = {};
    const auto d = b.Run(CheckRowGroups);
    EXPECT_THAT(
        d, ElementsAre(IsDiagnostic(Code::kMetadataOffsetOutOfBounds,
                                    m.data_page_offset.span,
                                    Chunk(1, 2, "meta_data.data_page_offset"))))
        << offset << "\n"
        << Describe(d);
  }
}

TEST(ColumnChunkTest, DictionaryOffsetOutOfBounds) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 0);
  m.dictionary_page_offset = b.Field<int64_t>(2);
  b.row_group(0).file_offset = b.Field<int64_t>(2);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(
             Code::kMetadataOffsetOutOfBounds, m.dictionary_page_offset.span,
             Chunk(0, 0, "meta_data.dictionary_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, ChunkRunsIntoTheFooter) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(1, 2);
  m.total_compressed_size = b.Field<int64_t>(101);
  b.row_group(1).total_compressed_size = b.Field<int64_t>(301);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(
                  Code::kMetadataChunkOutOfBounds, m.total_compressed_size.span,
                  Chunk(1, 2, "meta_data.total_compressed_size"))))
      << Describe(d);
}

TEST(ColumnChunkTest, HugeChunkSizeDoesNotOverflow) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(1, 2);
  m.total_compressed_size = b.Field(std::numeric_limits<int64_t>::max());
  b.row_group(1).total_compressed_size = {};
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d,
              ElementsAre(IsDiagnostic(
                  Code::kMetadataChunkOutOfBounds, m.total_compressed_size.span,
                  Chunk(1, 2, "meta_data.total_compressed_size"))))
      << Describe(d);
}

TEST(ColumnChunkTest, IndexPageOffsetIsAWarning) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 0);
  m.index_page_offset = b.Field<int64_t>(50);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataIndexPageOffset, m.index_page_offset.span,
                     Chunk(0, 0, "meta_data.index_page_offset"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kWarning);
}

// nan_in_stats.parquet (parquet-cpp 1.3.2) writes index_page_offset = 0.
TEST(ColumnChunkTest, IndexPageOffsetZeroIsOnlyAWarning) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 0);
  m.index_page_offset = b.Field<int64_t>(0);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataIndexPageOffset, m.index_page_offset.span,
                     Chunk(0, 0, "meta_data.index_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, IndexPageOffsetOutOfBounds) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 0);
  m.index_page_offset = b.Field<int64_t>(2);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataIndexPageOffset,
                                  m.index_page_offset.span,
                                  Chunk(0, 0, "meta_data.index_page_offset")),
                     IsDiagnostic(Code::kMetadataOffsetOutOfBounds,
                                  m.index_page_offset.span,
                                  Chunk(0, 0, "meta_data.index_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, ColumnIndexWithoutOffsetIndex) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  ColumnChunk& cc = b.chunk(0, 1);
  cc.column_index_offset = b.Field<int64_t>(604);
  cc.column_index_length = b.Field<int32_t>(10);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataColumnIndexWithoutOffsetIndex,
                                  b.row_group(0).columns.value[1].span,
                                  Chunk(0, 1, "offset_index_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, OffsetIndexAloneIsFine) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  ColumnChunk& cc = b.chunk(0, 1);
  cc.offset_index_offset = b.Field<int64_t>(604);
  cc.offset_index_length = b.Field<int32_t>(10);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, IndexOffsetWithoutLengthAndViceVersa) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  ColumnChunk& cc = b.chunk(1, 0);
  cc.offset_index_offset = b.Field<int64_t>(604);  // No length.
  ColumnChunk& other = b.chunk(1, 1);
  other.offset_index_offset = b.Field<int64_t>(620);
  other.offset_index_length = b.Field<int32_t>(10);
  other.column_index_length = b.Field<int32_t>(10);  // No offset.
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataIndexLengthMissing,
                                          b.row_group(1).columns.value[0].span,
                                          Chunk(1, 0, "offset_index_length")),
                             IsDiagnostic(Code::kMetadataIndexLengthMissing,
                                          b.row_group(1).columns.value[1].span,
                                          Chunk(1, 1, "column_index_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, BloomFilterLengthWithoutOffset) {
  MetadataBuilder b = ValidFile();
  b.meta(0, 2).bloom_filter_length = b.Field<int32_t>(64);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(
             Code::kMetadataIndexLengthMissing, b.chunk(0, 2).meta_data.span,
             Chunk(0, 2, "meta_data.bloom_filter_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, PageIndexOffsetOutOfBounds) {
  MetadataBuilder b = ValidFile();
  ColumnChunk& cc = b.chunk(0, 0);
  cc.offset_index_offset = b.Field<int64_t>(604);  // The footer's first byte.
  cc.offset_index_length = b.Field<int32_t>(10);
  b.meta(0, 1).bloom_filter_offset = b.Field<int64_t>(9000);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataOffsetOutOfBounds,
                                          cc.offset_index_offset.span,
                                          Chunk(0, 0, "offset_index_offset")),
                             IsDiagnostic(
                                 Code::kMetadataOffsetOutOfBounds,
                                 b.meta(0, 1).bloom_filter_offset.span,
                                 Chunk(0, 1, "meta_data.bloom_filter_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, PageIndexRunsIntoTheFooter) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);  // Footer at 704.
  ColumnChunk& cc = b.chunk(0, 0);
  cc.offset_index_offset = b.Field<int64_t>(604);
  cc.offset_index_length = b.Field<int32_t>(101);
  ColumnMetaData& m = b.meta(0, 1);
  m.bloom_filter_offset = b.Field<int64_t>(700);
  m.bloom_filter_length = b.Field<int32_t>(std::numeric_limits<int32_t>::max());
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataIndexOutOfBounds,
                                          cc.offset_index_length.span,
                                          Chunk(0, 0, "offset_index_length")),
                             IsDiagnostic(
                                 Code::kMetadataIndexOutOfBounds,
                                 m.bloom_filter_length.span,
                                 Chunk(0, 1, "meta_data.bloom_filter_length"))))
      << Describe(d);
}

TEST(ColumnChunkTest, NegativeIndexLength) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  ColumnChunk& cc = b.chunk(0, 0);
  cc.offset_index_offset = b.Field<int64_t>(604);
  cc.offset_index_length = b.Field<int32_t>(-10);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(Code::kMetadataNegativeValue,
                                          cc.offset_index_length.span,
                                          Chunk(0, 0, "offset_index_length"))))
      << Describe(d);
}

TEST(ColumnChunkTest, OverlappingChunks) {
  MetadataBuilder b = ValidFile();
  // Chunk (0,2) starts inside chunk (0,1), which covers [104, 204).
  ColumnMetaData& m = b.meta(0, 2);
  m.data_page_offset = b.Field<int64_t>(150);
  m.total_compressed_size = b.Field<int64_t>(54);
  b.row_group(0).total_compressed_size = b.Field<int64_t>(254);
  const auto d = b.Run(CheckRowGroups);
  // The span covers chunk (0,1)'s size and chunk (0,2)'s start.
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataRegionOverlap,
                                  Join(b.meta(0, 1).total_compressed_size.span,
                                       m.data_page_offset.span),
                                  Chunk(0, 2, "meta_data.data_page_offset"))))
      << Describe(d);
}

// Every region nested in one big chunk overlaps it, not just the first.
TEST(ColumnChunkTest, RegionsInsideALargeChunk) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  ColumnMetaData& big = b.meta(0, 0);
  big.total_compressed_size = b.Field<int64_t>(700);  // [4, 704)
  b.row_group(0).total_compressed_size = {};
  b.row_group(1).total_compressed_size = {};
  const auto d = b.Run(CheckRowGroups);
  std::vector<::testing::Matcher<const Diagnostic&>> expected;
  for (size_t rg = 0; rg < 2; ++rg) {
    for (size_t c = 0; c < 3; ++c) {
      if (rg == 0 && c == 0) continue;
      expected.push_back(IsDiagnostic(
          Code::kMetadataRegionOverlap,
          Join(big.total_compressed_size.span,
               b.meta(rg, c).data_page_offset.span),
          Chunk(rg, c, "meta_data.data_page_offset")));
    }
  }
  EXPECT_THAT(d, ::testing::ElementsAreArray(expected)) << Describe(d);
}

TEST(ColumnChunkTest, PageIndexOverlapsAChunkAndABloomFilter) {
  MetadataBuilder b = ValidFile();
  GrowDataRegion(b, 100);
  AddDictionaryPage(b, 1, 0);  // The chunk starts at 304, its dictionary.
  ColumnChunk& cc = b.chunk(0, 0);
  cc.offset_index_offset = b.Field<int64_t>(350);  // Inside chunk (1,0).
  cc.offset_index_length = b.Field<int32_t>(10);
  ColumnMetaData& m = b.meta(0, 1);
  m.bloom_filter_offset = b.Field<int64_t>(604);
  m.bloom_filter_length = b.Field<int32_t>(32);
  ColumnChunk& other = b.chunk(0, 2);
  other.offset_index_offset = b.Field<int64_t>(630);  // Inside the bloom.
  other.offset_index_length = b.Field<int32_t>(10);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(
      d, ElementsAre(IsDiagnostic(Code::kMetadataRegionOverlap,
                                  Join(b.meta(1, 0).total_compressed_size.span,
                                       cc.offset_index_offset.span),
                                  Chunk(0, 0, "offset_index_offset")),
                     IsDiagnostic(Code::kMetadataRegionOverlap,
                                  Join(m.bloom_filter_length.span,
                                       other.offset_index_offset.span),
                                  Chunk(0, 2, "offset_index_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, ChunkStartingAtTheDictionaryOverlapsItsNeighbour) {
  MetadataBuilder b = ValidFile();
  // Chunk (0,1) claims a dictionary at 100, inside chunk (0,0) [4, 104).
  ColumnMetaData& m = b.meta(0, 1);
  m.dictionary_page_offset = b.Field<int64_t>(100);
  m.total_compressed_size = b.Field<int64_t>(104);
  b.row_group(0).total_compressed_size = b.Field<int64_t>(304);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataRegionOverlap,
                     Join(b.meta(0, 0).total_compressed_size.span,
                          m.dictionary_page_offset.span),
                     Chunk(0, 1, "meta_data.dictionary_page_offset"))))
      << Describe(d);
}

// A chunk without values and without bytes places nothing, so its
// data_page_offset is not held to the data region and overlaps nothing.
TEST(ColumnChunkTest, EmptyChunkIsLenient) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(1, 1);
  m.num_values = b.Field<int64_t>(0);
  m.total_compressed_size = b.Field<int64_t>(0);
  m.total_uncompressed_size = b.Field<int64_t>(0);
  m.data_page_offset = b.Field<int64_t>(604);
  b.row_group(1).total_compressed_size = b.Field<int64_t>(200);
  ColumnMetaData& other = b.meta(1, 2);
  other.num_values = b.Field<int64_t>(0);
  other.total_compressed_size = b.Field<int64_t>(0);
  other.data_page_offset = b.Field<int64_t>(4);
  b.row_group(1).total_compressed_size = b.Field<int64_t>(100);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

// column_chunk_key_value_metadata.parquet: a zero-row chunk of parquet-cpp
// holds only a dictionary page and leaves data_page_offset at 0.
TEST(ColumnChunkTest, ChunkWithoutValuesNeedsNoDataPage) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 1);  // [104, 204)
  m.num_values = b.Field<int64_t>(0);
  m.dictionary_page_offset = b.Field<int64_t>(104);
  m.data_page_offset = b.Field<int64_t>(0);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, IsEmpty()) << Describe(d);
}

TEST(ColumnChunkTest, DataPageOffsetZeroWithValues) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(0, 1);
  m.dictionary_page_offset = b.Field<int64_t>(104);
  m.data_page_offset = ::colcheck::testing::At<int64_t>(0, 1500, 1);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataDataPageOffsetZero, ByteSpan{1500, 1},
                     Chunk(0, 1, "meta_data.data_page_offset"))))
      << Describe(d);
  EXPECT_EQ(d[0].severity, Severity::kError);
}

TEST(ColumnChunkTest, ChunkWithValuesButNoBytesIsStillChecked) {
  MetadataBuilder b = ValidFile();
  ColumnMetaData& m = b.meta(1, 2);
  m.total_compressed_size = b.Field<int64_t>(0);
  m.data_page_offset = b.Field<int64_t>(604);
  b.row_group(1).total_compressed_size = b.Field<int64_t>(200);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(IsDiagnostic(
                     Code::kMetadataOffsetOutOfBounds, m.data_page_offset.span,
                     Chunk(1, 2, "meta_data.data_page_offset"))))
      << Describe(d);
}

TEST(ColumnChunkTest, IndependentRowGroupsAreAllChecked) {
  MetadataBuilder b = ValidFile();
  b.meta(0, 0).codec = b.Field<int32_t>(99);
  b.meta(1, 2).codec = b.Field<int32_t>(99);
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, ElementsAre(HasCode(Code::kMetadataInvalidCodec),
                             HasCode(Code::kMetadataInvalidCodec)))
      << Describe(d);
}

// A wide footer, as the benchmark's (10,000 columns by 10 row groups) but
// smaller to keep sanitizer runs quick, is clean.
TEST(ColumnChunkTest, WideFooterIsClean) {
  MetadataBuilder b;
  for (int i = 0; i < 2000; ++i) b.AddLeaf("c", kInt32);
  for (int rg = 0; rg < 5; ++rg) b.AddRowGroup(1, 10);
  b.Finish();
  const auto d = b.Run(CheckRowGroups);
  EXPECT_THAT(d, Not(Contains(HasCode(Code::kMetadataRegionOverlap))));
  EXPECT_THAT(d, IsEmpty()) << d.size();
}

}  // namespace
}  // namespace colcheck::parquet
