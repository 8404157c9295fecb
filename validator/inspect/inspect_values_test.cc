// ParquetValue and the typed statistics of the inspection model: each
// physical and logical type read from its PLAIN bytes, and the statistics
// of corpus files typed by their columns with spans inside the footer.

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

SchemaField Leaf(int32_t physical, std::string_view logical = "",
                 int32_t converted = -1) {
  SchemaField f;
  f.physical = physical;
  f.logical.name = logical;
  f.converted = converted;
  return f;
}

template <typename T>
std::vector<std::byte> Plain(T value) {
  std::vector<std::byte> bytes(sizeof(T));
  std::memcpy(bytes.data(), &value, sizeof(T));
  return bytes;
}

std::vector<std::byte> Raw(std::string_view text) {
  const auto* p = reinterpret_cast<const std::byte*>(text.data());
  return {p, p + text.size()};
}

constexpr int32_t kBoolean = 0, kInt32 = 1, kInt64 = 2, kInt96 = 3, kFloat = 4,
                  kDouble = 5, kByteArray = 6, kFixed = 7;

TEST(ParquetValueTest, IntegersBySignedness) {
  const Value plain = ParquetValue(Leaf(kInt32), Plain<int32_t>(-3));
  EXPECT_EQ(plain.kind, ValueKind::kInt);
  EXPECT_EQ(plain.integer, -3);
  SchemaField u = Leaf(kInt32, "INTEGER");
  u.logical.is_signed = false;
  const Value unsigned32 = ParquetValue(u, Plain<int32_t>(-1));
  EXPECT_EQ(unsigned32.kind, ValueKind::kUInt);
  EXPECT_EQ(unsigned32.uinteger, 0xffffffffu);
  const Value uint64 =
      ParquetValue(Leaf(kInt64, "", /*UINT_64=*/14), Plain<int64_t>(-1));
  EXPECT_EQ(uint64.kind, ValueKind::kUInt);
  EXPECT_EQ(uint64.uinteger, UINT64_MAX);
}

TEST(ParquetValueTest, TemporalTypes) {
  EXPECT_EQ(ParquetValue(Leaf(kInt32, "DATE"), Plain<int32_t>(19723)).kind,
            ValueKind::kDate);
  EXPECT_EQ(ParquetValue(Leaf(kInt32, "", /*DATE=*/6), Plain<int32_t>(1)).kind,
            ValueKind::kDate);
  SchemaField ts = Leaf(kInt64, "TIMESTAMP");
  ts.logical.unit = "NANOS";
  ts.logical.adjusted_to_utc = true;
  const Value t = ParquetValue(ts, Plain<int64_t>(5));
  EXPECT_EQ(t.kind, ValueKind::kTimestamp);
  EXPECT_EQ(t.unit, TimeUnit::kNanos);
  EXPECT_TRUE(t.utc);
  const Value legacy = ParquetValue(Leaf(kInt64, "", /*TIMESTAMP_MICROS=*/10),
                                    Plain<int64_t>(5));
  EXPECT_EQ(legacy.unit, TimeUnit::kMicros);
  EXPECT_TRUE(legacy.utc);
  // INT96: nanoseconds of the day, then the Julian day of 1970-01-02.
  std::vector<std::byte> int96 = Plain<int64_t>(7);
  const std::vector<std::byte> day = Plain<int32_t>(2440589);
  int96.insert(int96.end(), day.begin(), day.end());
  const Value i96 = ParquetValue(Leaf(kInt96), int96);
  EXPECT_EQ(i96.kind, ValueKind::kTimestamp);
  EXPECT_EQ(i96.integer, 86'400'000'000'007);
  // 9999-12-31T03:00:00 (Julian day 5373484), past int64 nanoseconds: in
  // microseconds, as it is whole ones; with a stray nanosecond, its bytes.
  std::vector<std::byte> late =
      Plain<int64_t>(int64_t{3} * 3600 * 1'000'000'000);
  const std::vector<std::byte> late_day = Plain<int32_t>(5373484);
  late.insert(late.end(), late_day.begin(), late_day.end());
  const Value far = ParquetValue(Leaf(kInt96), late);
  EXPECT_EQ(far.kind, ValueKind::kTimestamp);
  EXPECT_EQ(far.unit, TimeUnit::kMicros);
  EXPECT_EQ(far.integer, (int64_t{5373484} - 2440588) * 86'400'000'000 +
                             int64_t{3} * 3600 * 1'000'000);
  std::vector<std::byte> odd =
      Plain<int64_t>(int64_t{3} * 3600 * 1'000'000'000 + 1);
  odd.insert(odd.end(), late_day.begin(), late_day.end());
  EXPECT_EQ(ParquetValue(Leaf(kInt96), odd).kind, ValueKind::kBytes);
}

TEST(ParquetValueTest, DecimalsApplyTheirScale) {
  SchemaField d = Leaf(kInt32, "DECIMAL");
  d.logical.scale = 2;
  EXPECT_EQ(ParquetValue(d, Plain<int32_t>(-1234)).text, "-12.34");
  EXPECT_EQ(ParquetValue(d, Plain<int32_t>(5)).text, "0.05");
  SchemaField legacy = Leaf(kFixed, "", /*DECIMAL=*/5);
  legacy.scale = 3;
  legacy.type_length = 2;
  EXPECT_EQ(ParquetValue(legacy, Raw("\xff\x85")).text, "-0.123");
  SchemaField wide = Leaf(kByteArray, "DECIMAL");
  wide.logical.scale = 0;
  // 2^64 as 9 big-endian bytes.
  EXPECT_EQ(
      ParquetValue(wide, Raw(std::string("\x01\0\0\0\0\0\0\0\0", 9))).text,
      "18446744073709551616");
  EXPECT_EQ(ParquetValue(wide, Raw(std::string(65, '\x01'))).kind,
            ValueKind::kBytes);
}

TEST(ParquetValueTest, BinaryByAnnotation) {
  EXPECT_EQ(ParquetValue(Leaf(kByteArray, "STRING"), Raw("hi")).kind,
            ValueKind::kString);
  EXPECT_EQ(ParquetValue(Leaf(kByteArray, "", /*UTF8=*/0), Raw("hi")).kind,
            ValueKind::kString);
  EXPECT_EQ(ParquetValue(Leaf(kByteArray), Raw("hi")).kind, ValueKind::kBytes);
  SchemaField uuid = Leaf(kFixed, "UUID");
  uuid.type_length = 16;
  EXPECT_EQ(ParquetValue(uuid, Raw(std::string(16, 'x'))).kind,
            ValueKind::kUuid);
  SchemaField half = Leaf(kFixed, "FLOAT16");
  half.type_length = 2;
  const Value h = ParquetValue(half, Raw(std::string("\x00\x3c", 2)));  // 1.0
  EXPECT_EQ(h.kind, ValueKind::kFloat);
  EXPECT_EQ(h.number, 1.0);
}

TEST(ParquetValueTest, WrongWidthsStayBytes) {
  EXPECT_EQ(ParquetValue(Leaf(kInt32), Raw("abc")).kind, ValueKind::kBytes);
  EXPECT_EQ(ParquetValue(Leaf(kBoolean), Raw("")).kind, ValueKind::kBytes);
  EXPECT_EQ(ParquetValue(Leaf(kDouble), Raw("1234")).kind, ValueKind::kBytes);
  SchemaField fixed = Leaf(kFixed);
  fixed.type_length = 4;
  EXPECT_EQ(ParquetValue(fixed, Raw("abc")).kind, ValueKind::kBytes);
  const Value f = ParquetValue(Leaf(kFloat), Plain<float>(1.5f));
  EXPECT_EQ(f.kind, ValueKind::kFloat);
  EXPECT_TRUE(f.single);
  EXPECT_EQ(f.number, 1.5);
}

std::vector<std::byte> CorpusFile(const std::string& name) {
  std::ifstream in(
      std::filesystem::path(COLCHECK_INSPECT_SOURCE_DIR) / "corpus" / name,
      std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), {}};
  return Raw(bytes);
}

const Region* Footer(const Layout& layout, RegionKind kind) {
  for (const Region& r : layout.regions) {
    if (r.kind == kind) return &r;
  }
  return nullptr;
}

TEST(InspectStatisticsTest, ParquetChunksAreTypedAndInTheFooter) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/logical_types_all.parquet");
  ASSERT_FALSE(bytes.empty());
  const Inspection in = InspectBytes(bytes, InspectOptions());
  const Region* footer = Footer(in.layout, RegionKind::kFooter);
  ASSERT_NE(footer, nullptr);
  size_t typed = 0;
  for (const ChunkExtent& c : in.layout.chunks) {
    EXPECT_GE(c.num_values, 0) << c.path;
    EXPECT_FALSE(c.encodings.empty()) << c.path;
    if (!c.statistics.present) continue;
    EXPECT_GE(c.statistics.offset, footer->offset) << c.path;
    EXPECT_LE(c.statistics.offset + c.statistics.length,
              footer->offset + footer->length)
        << c.path;
    const SchemaField& leaf = in.schema.fields[in.schema.leaves[c.column]];
    if (c.statistics.min.kind == ValueKind::kNone) continue;
    ++typed;
    if (leaf.logical.name == "DATE") {
      EXPECT_EQ(c.statistics.min.kind, ValueKind::kDate) << c.path;
    } else if (leaf.logical.name == "STRING") {
      EXPECT_EQ(c.statistics.min.kind, ValueKind::kString) << c.path;
    } else if (leaf.logical.name == "DECIMAL") {
      EXPECT_EQ(c.statistics.min.kind, ValueKind::kDecimal) << c.path;
    } else if (leaf.logical.name == "TIMESTAMP") {
      EXPECT_EQ(c.statistics.min.kind, ValueKind::kTimestamp) << c.path;
    }
  }
  EXPECT_GT(typed, 0u);
}

TEST(InspectStatisticsTest, OrcFileAndStripeStatistics) {
  const std::vector<std::byte> bytes = CorpusFile("orc/valid/nested.orc");
  ASSERT_FALSE(bytes.empty());
  const Inspection in = InspectBytes(bytes, InspectOptions());
  ASSERT_EQ(in.report.format, Format::kOrc);
  EXPECT_EQ(in.orc.statistics.size(), in.schema.orc_types.size());
  ASSERT_FALSE(in.layout.stripes.empty());
  const StripeExtent& stripe = in.layout.stripes[0];
  EXPECT_EQ(stripe.statistics.size(), in.schema.orc_types.size());
  EXPECT_EQ(stripe.encodings.size(), in.schema.orc_types.size());
  const Region* metadata = Footer(in.layout, RegionKind::kOrcMetadata);
  const Region* footer = Footer(in.layout, RegionKind::kOrcFooter);
  ASSERT_NE(footer, nullptr);
  for (const ColumnStatistics& s : in.orc.statistics) {
    EXPECT_TRUE(s.present);
    EXPECT_GE(s.number_of_values, 0);
  }
  // Uncompressed messages keep file offsets; compressed ones give offsets
  // in their decompressed bytes, so only the root's count is compared.
  EXPECT_EQ(in.orc.statistics[0].number_of_values, in.num_rows);
  (void)metadata;
  EXPECT_GE(in.orc.compression, 0);
  EXPECT_FALSE(in.orc.version.empty());
}

}  // namespace
}  // namespace colcheck

namespace colcheck {
namespace {

TEST(FooterFieldsTest, EnumsAreNamedAndStatisticsTyped) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/logical_types_all.parquet");
  InspectOptions options;
  options.footer_fields = true;
  const Inspection in = InspectBytes(bytes, options);
  size_t codecs = 0;
  size_t dates = 0;
  size_t physical = 0;
  for (const FieldNode& n : in.footer) {
    if (n.name == "codec") {
      EXPECT_EQ(n.enum_name, "UNCOMPRESSED");
      ++codecs;
    }
    if (n.name == "type" && n.depth == 2) {
      EXPECT_FALSE(n.enum_name.empty());
      ++physical;
    }
    if (n.typed.kind == ValueKind::kDate) ++dates;
    if (n.name == "created_by") {
      EXPECT_EQ(n.value, "\"colcheck-gen version 0.1.0\"");
    }
  }
  EXPECT_EQ(codecs, in.layout.chunks.size());
  EXPECT_EQ(physical, in.schema.leaves.size());
  EXPECT_EQ(dates, 2u);  // The DATE column's min_value and max_value.
}

TEST(FooterFieldsTest, OrcTypeKindsAndCompressionAreNamed) {
  const std::vector<std::byte> bytes = CorpusFile("orc/valid/nested.orc");
  InspectOptions options;
  options.footer_fields = true;
  const Inspection in = InspectBytes(bytes, options);
  size_t kinds = 0;
  bool compression = false;
  for (const FieldNode& n : in.footer) {
    if (n.name == "kind" && n.depth == 2) {
      EXPECT_FALSE(n.enum_name.empty()) << n.value;
      ++kinds;
    }
    if (n.name == "compression") {
      EXPECT_EQ(n.enum_name, "ZSTD");
      compression = true;
    }
  }
  EXPECT_EQ(kinds, in.schema.orc_types.size());
  EXPECT_TRUE(compression);
}

}  // namespace
}  // namespace colcheck

namespace colcheck {
namespace {

TEST(PageIndexTest, DecodedOnlyWhenAskedAndTyped) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/dictionary_pages.parquet");
  InspectOptions options;
  options.level = Level::kFooter;
  EXPECT_FALSE(InspectBytes(bytes, options)
                   .layout.chunks.at(0)
                   .page_index.has_column_index);
  options.page_index = true;
  const Inspection in = InspectBytes(bytes, options);
  ASSERT_EQ(in.layout.chunks.size(), 8u);
  for (const ChunkExtent& c : in.layout.chunks) {
    const PageIndex& index = c.page_index;
    EXPECT_TRUE(index.has_column_index) << c.path;
    EXPECT_TRUE(index.has_offset_index) << c.path;
    EXPECT_EQ(index.column_index_pages, index.offset_index_pages) << c.path;
    ASSERT_FALSE(index.pages.empty()) << c.path;
    // The first page starts the chunk's data and its first row.
    EXPECT_EQ(index.pages[0].first_row_index, 0) << c.path;
    EXPECT_GE(index.pages[0].offset, c.data_page_offset) << c.path;
  }
  const PageIndexEntry& first = in.layout.chunks[1].page_index.pages[0];
  EXPECT_EQ(first.min.kind, ValueKind::kInt);  // g.i32
  EXPECT_LE(first.min.integer, first.max.integer);
  EXPECT_EQ(in.layout.chunks[6].page_index.pages[0].min.kind,
            ValueKind::kString);  // g.str
}

}  // namespace
}  // namespace colcheck

namespace colcheck {
namespace {

TEST(DictionaryTest, EntriesTypedAndCapped) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/dictionary_pages.parquet");
  const Inspection in = InspectBytes(bytes, InspectOptions());
  const std::vector<Dictionary> str = ReadDictionaries(bytes, in, 6, 100);
  ASSERT_EQ(str.size(), 1u);
  EXPECT_EQ(str[0].entries, 3);
  EXPECT_EQ(str[0].declared, 3);
  ASSERT_EQ(str[0].values.size(), 3u);
  EXPECT_EQ(str[0].values[0].kind, ValueKind::kString);
  EXPECT_EQ(str[0].values[0].text, "delta");
  const std::vector<Dictionary> capped = ReadDictionaries(bytes, in, 6, 2);
  ASSERT_EQ(capped.size(), 1u);
  EXPECT_EQ(capped[0].entries, 3);  // Counted whole, kept in part.
  EXPECT_EQ(capped[0].values.size(), 2u);
  // Column 0 (BOOLEAN) has no dictionary page; a column past the leaves
  // has nothing.
  EXPECT_TRUE(ReadDictionaries(bytes, in, 0, 100).empty());
  EXPECT_TRUE(ReadDictionaries(bytes, in, 99, 100).empty());
}

}  // namespace
}  // namespace colcheck

namespace colcheck {
namespace {

TEST(ColumnBoundsTest, FoldedOverRowGroupsWhenOrderable) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/dictionary_pages.parquet");
  const Inspection in = InspectBytes(bytes, InspectOptions());
  ASSERT_EQ(in.columns.size(), in.layout.chunks.size());  // 1 row group.
  for (size_t c = 0; c < in.columns.size(); ++c) {
    const ColumnStatistics& s = in.layout.chunks[c].statistics;
    EXPECT_EQ(in.columns[c].min.kind, s.min.kind) << c;
    EXPECT_EQ(in.columns[c].max.text, s.max.text) << c;
  }
  EXPECT_EQ(in.columns[1].min.integer,
            in.layout.chunks[1].statistics.min.integer);
}

TEST(ColumnBoundsTest, LeastMinAndGreatestMaxOfSeveralRowGroups) {
  const std::vector<std::byte> bytes =
      CorpusFile("valid/nested_struct.parquet");
  const Inspection in = InspectBytes(bytes, InspectOptions());
  ASSERT_GT(in.layout.row_groups.size(), 1u);
  size_t checked = 0;
  for (const ColumnSummary& column : in.columns) {
    if (column.min.kind != ValueKind::kInt) continue;
    int64_t least = INT64_MAX;
    int64_t greatest = INT64_MIN;
    for (const ChunkExtent& c : in.layout.chunks) {
      if (c.column != column.column) continue;
      least = std::min(least, c.statistics.min.integer);
      greatest = std::max(greatest, c.statistics.max.integer);
    }
    EXPECT_EQ(column.min.integer, least) << column.path;
    EXPECT_EQ(column.max.integer, greatest) << column.path;
    ++checked;
  }
  EXPECT_GT(checked, 0u);
}

}  // namespace
}  // namespace colcheck
