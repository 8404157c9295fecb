// ProbeBloomFilters and the keys it hashes: each type's text turned into
// the bytes (Parquet) or hash (ORC) the writers add, read back through
// ParquetValue where it can be; the answers on corpus files, where every
// value of the file may be contained and absent values are mostly
// definitely not; filters that cannot be used; damaged copies, which never
// crash and never place a filter outside the file.

#include "colcheck/bloom_probe.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <charconv>
#include <cstring>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"
#include "orc/bloom_filter.h"
#include "testing/external_corpus.h"

namespace colcheck {
namespace {

using ::testing::HasSubstr;

constexpr int32_t kBoolean = 0, kInt32 = 1, kInt64 = 2, kInt96 = 3, kFloat = 4,
                  kDouble = 5, kByteArray = 6, kFixed = 7;

const std::filesystem::path kSource(COLCHECK_INSPECT_SOURCE_DIR);

SchemaField Leaf(int32_t physical, std::string_view logical = "",
                 int32_t converted = -1) {
  SchemaField f;
  f.physical = physical;
  f.logical.name = logical;
  f.converted = converted;
  return f;
}

std::string Hex(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (const char c : bytes) {
    out.push_back(kHex[static_cast<uint8_t>(c) >> 4]);
    out.push_back(kHex[static_cast<uint8_t>(c) & 15]);
  }
  return out;
}

// The key of `text`, as hex, or "error: ..." when it does not parse.
std::string Key(const SchemaField& leaf, std::string_view text) {
  std::string plain;
  std::string error;
  if (!ParquetBloomKey(leaf, text, &plain, &error)) return "error: " + error;
  return Hex(plain);
}

// The value the key of `text` reads back as.
Value RoundTrip(const SchemaField& leaf, std::string_view text) {
  std::string plain;
  std::string error;
  EXPECT_TRUE(ParquetBloomKey(leaf, text, &plain, &error)) << text << error;
  return ParquetValue(
      leaf, {reinterpret_cast<const std::byte*>(plain.data()), plain.size()});
}

TEST(ParquetBloomKeyTest, IntegersAreLittleEndianInTheirRange) {
  EXPECT_EQ(Key(Leaf(kInt32), "-2"), "feffffff");
  EXPECT_EQ(Key(Leaf(kInt32), "+7"), "07000000");
  EXPECT_EQ(Key(Leaf(kInt64), "1"), "0100000000000000");
  EXPECT_THAT(Key(Leaf(kInt32), "2147483648"),
              HasSubstr("error: it is not in"));
  EXPECT_THAT(Key(Leaf(kInt32), "1.5"), HasSubstr("expected an integer"));
  EXPECT_THAT(Key(Leaf(kInt32), ""), HasSubstr("expected an integer"));
  SchemaField u8 = Leaf(kInt32, "INTEGER");
  u8.logical.bit_width = 8;
  u8.logical.is_signed = false;
  EXPECT_EQ(Key(u8, "255"), "ff000000");
  EXPECT_THAT(Key(u8, "256"), HasSubstr("[0, 255]"));
  EXPECT_THAT(Key(u8, "-1"), HasSubstr("error"));
  EXPECT_EQ(Key(Leaf(kInt32, "", /*UINT_32=*/13), "4294967295"), "ffffffff");
  EXPECT_EQ(Key(Leaf(kInt64, "", /*UINT_64=*/14), "18446744073709551615"),
            "ffffffffffffffff");
  EXPECT_THAT(Key(Leaf(kInt32, "", /*INT_8=*/15), "-129"), HasSubstr("error"));
  EXPECT_EQ(RoundTrip(u8, "200").uinteger, 200u);
}

TEST(ParquetBloomKeyTest, BooleansFloatsAndBytes) {
  EXPECT_EQ(Key(Leaf(kBoolean), "true"), "01");
  EXPECT_EQ(Key(Leaf(kBoolean), "0"), "00");
  EXPECT_THAT(Key(Leaf(kBoolean), "yes"), HasSubstr("error"));
  EXPECT_EQ(Key(Leaf(kFloat), "1"), "0000803f");
  EXPECT_EQ(Key(Leaf(kDouble), "-2"), "00000000000000c0");
  EXPECT_EQ(Key(Leaf(kDouble), "+0.5"), "000000000000e03f");
  EXPECT_EQ(RoundTrip(Leaf(kFloat), "-778104.94").number,
            static_cast<double>(-778104.94f));
  EXPECT_TRUE(std::isinf(RoundTrip(Leaf(kDouble), "-inf").number));
  EXPECT_THAT(Key(Leaf(kDouble), "1e999"), HasSubstr("error"));
  EXPECT_THAT(Key(Leaf(kFloat), "one"), HasSubstr("expected a number"));
  // Strings are their bytes; binary takes \xHH escapes, as meta prints it.
  EXPECT_EQ(Key(Leaf(kByteArray, "STRING"), "a\\x00"), Hex("a\\x00"));
  EXPECT_EQ(Key(Leaf(kByteArray), "a\\x00\\xff\\"), "6100ff5c");
  EXPECT_EQ(Key(Leaf(kByteArray, "", /*UTF8=*/0), "日本"), Hex("日本"));
  SchemaField fixed = Leaf(kFixed);
  fixed.type_length = 2;
  EXPECT_EQ(Key(fixed, "G\\x0c"), "470c");
  EXPECT_THAT(Key(fixed, "abc"), HasSubstr("it is 3 bytes, not 2"));
}

TEST(ParquetBloomKeyTest, DatesTimesAndTimestamps) {
  EXPECT_EQ(RoundTrip(Leaf(kInt32, "DATE"), "2024-01-01").integer, 19723);
  EXPECT_EQ(RoundTrip(Leaf(kInt32, "", /*DATE=*/6), "1969-12-31").integer, -1);
  EXPECT_EQ(RoundTrip(Leaf(kInt32, "DATE"), "0001-01-01").integer, -719162);
  EXPECT_EQ(RoundTrip(Leaf(kInt32, "DATE"), "+10000-01-01").integer, 2932897);
  EXPECT_THAT(Key(Leaf(kInt32, "DATE"), "2023-02-29"),
              HasSubstr("day 29 is not in month 2"));
  EXPECT_THAT(Key(Leaf(kInt32, "DATE"), "2024-13-01"), HasSubstr("month 13"));
  EXPECT_THAT(Key(Leaf(kInt32, "DATE"), "19723"), HasSubstr("YYYY-MM-DD"));
  EXPECT_THAT(Key(Leaf(kInt32, "DATE"), "10000-01-01"), HasSubstr("error"));

  SchemaField ts = Leaf(kInt64, "TIMESTAMP");
  ts.logical.unit = "MICROS";
  ts.logical.adjusted_to_utc = true;
  EXPECT_EQ(RoundTrip(ts, "1970-01-01T00:00:00.000001Z").integer, 1);
  EXPECT_EQ(RoundTrip(ts, "1970-01-01 00:00:01").integer, 1000000);
  EXPECT_EQ(RoundTrip(ts, "1970-01-01T01:00:00+01:00").integer, 0);
  EXPECT_EQ(RoundTrip(ts, "1969-12-31T23:59:59.999999Z").integer, -1);
  EXPECT_EQ(RoundTrip(ts, "1970-01-02").integer, 86400000000);
  EXPECT_THAT(Key(ts, "1970-01-01T00:00:00.0000001"),
              HasSubstr("finer than the column's unit (MICROS)"));
  EXPECT_THAT(Key(ts, "1970-01-01T24:00:00"), HasSubstr("error"));
  EXPECT_THAT(Key(ts, "1970-01-01Tnoon"), HasSubstr("error"));
  EXPECT_THAT(Key(ts, "+146140482-04-24T15:36:27.904Z"),
              HasSubstr("out of the column's range"));
  ts.logical.unit = "MILLIS";
  EXPECT_EQ(RoundTrip(ts, "-146136543-09-08T08:23:32.096Z").integer,
            -(int64_t{1} << 62));
  EXPECT_EQ(RoundTrip(Leaf(kInt64, "", /*TIMESTAMP_MILLIS=*/9),
                      "2023-11-14T22:13:20.000Z")
                .integer,
            1700000000000);

  SchemaField time = Leaf(kInt64, "TIME");
  time.logical.unit = "NANOS";
  EXPECT_EQ(RoundTrip(time, "00:00:01.000000005").integer, 1000000005);
  EXPECT_EQ(
      RoundTrip(Leaf(kInt32, "", /*TIME_MILLIS=*/7), "23:59:59.999").integer,
      86399999);
  EXPECT_THAT(Key(Leaf(kInt32, "", 7), "00:00:00.0001"), HasSubstr("finer"));

  // INT96: nanoseconds of the day, then the Julian day.
  EXPECT_EQ(Key(Leaf(kInt96), "1970-01-01T00:00:00.000000001"),
            "0100000000000000"
            "8c3d2500");
  EXPECT_EQ(RoundTrip(Leaf(kInt96), "1969-12-31T23:59:59Z").integer,
            -1000000000);
}

TEST(ParquetBloomKeyTest, DecimalsAreUnscaledInTheirPhysicalType) {
  SchemaField d32 = Leaf(kInt32, "DECIMAL");
  d32.logical.precision = 9;
  d32.logical.scale = 2;
  EXPECT_EQ(Key(d32, "12.34"), "d2040000");
  EXPECT_EQ(Key(d32, "12.340"), "d2040000");
  EXPECT_EQ(Key(d32, "-0.01"), "ffffffff");
  EXPECT_EQ(Key(d32, ".5"), "32000000");
  EXPECT_THAT(Key(d32, "12.345"),
              HasSubstr("more than the column's 2 fraction"));
  EXPECT_THAT(Key(d32, "10000000.00"), HasSubstr("more than the column's 9"));
  EXPECT_THAT(Key(d32, "1e3"), HasSubstr("expected a decimal"));
  EXPECT_EQ(RoundTrip(d32, "-9999999.99").text, "-9999999.99");

  SchemaField flba = Leaf(kFixed, "", /*DECIMAL=*/5);
  flba.type_length = 5;
  flba.precision = 11;
  flba.scale = 3;
  EXPECT_EQ(Key(flba, "-0.001"), "ffffffffff");
  EXPECT_EQ(Key(flba, "1"), "00000003e8");
  EXPECT_EQ(RoundTrip(flba, "-99999999.999").text, "-99999999.999");

  // BYTE_ARRAY: the fewest bytes, as BigInteger.toByteArray gives them.
  SchemaField binary = Leaf(kByteArray, "DECIMAL");
  binary.logical.precision = 40;
  binary.logical.scale = 0;
  EXPECT_EQ(Key(binary, "0"), "00");
  EXPECT_EQ(Key(binary, "127"), "7f");
  EXPECT_EQ(Key(binary, "128"), "0080");
  EXPECT_EQ(Key(binary, "-128"), "80");
  EXPECT_EQ(Key(binary, "-129"), "ff7f");
  EXPECT_EQ(RoundTrip(binary, "-9999999999999999999999999999999999999999").text,
            "-9999999999999999999999999999999999999999");
}

TEST(ParquetBloomKeyTest, UuidAndFloat16) {
  SchemaField uuid = Leaf(kFixed, "UUID");
  uuid.type_length = 16;
  EXPECT_EQ(Key(uuid, "123e4567-e89b-12d3-a456-426614174000"),
            "123e4567e89b12d3a456426614174000");
  EXPECT_EQ(Key(uuid, "123E4567E89B12D3A456426614174000"),
            "123e4567e89b12d3a456426614174000");
  EXPECT_THAT(Key(uuid, "123e4567-e89b-12d3-a456-42661417400"),
              HasSubstr("expected a UUID"));
  EXPECT_THAT(Key(uuid, "123e4567e-89b-12d3-a456-426614174000"),
              HasSubstr("expected a UUID"));
  SchemaField half = Leaf(kFixed, "FLOAT16");
  half.type_length = 2;
  EXPECT_EQ(Key(half, "1"), "003c");
  EXPECT_EQ(Key(half, "0.5"), "0038");
  EXPECT_EQ(Key(half, "-2"), "00c0");
  EXPECT_EQ(Key(half, "65504"), "ff7b");
  EXPECT_EQ(Key(half, "65520"), "007c");
  EXPECT_EQ(Key(half, "5.960464477539063e-08"), "0100");
  EXPECT_EQ(Key(half, "-0"), "0080");
  EXPECT_EQ(Key(half, "1.0009765625"), "013c");
  // Halfway between 1 and 1 + 2^-10 rounds to even.
  EXPECT_EQ(Key(half, "1.00048828125"), "003c");
  EXPECT_EQ(RoundTrip(half, "0.333251953125").number, 0.333251953125);
}

OrcType OrcOf(int64_t kind) {
  OrcType t;
  t.kind = kind;
  return t;
}

uint64_t OrcHash(const OrcType& type, std::string_view text) {
  uint64_t hash = 0;
  std::string error;
  EXPECT_TRUE(OrcBloomHash(type, text, &hash, &error)) << text << ": " << error;
  return hash;
}

uint64_t Murmur(std::string_view s) {
  return orc::BloomBytesHash(
      {reinterpret_cast<const std::byte*>(s.data()), s.size()});
}

std::string OrcError(const OrcType& type, std::string_view text) {
  uint64_t hash = 0;
  std::string error;
  EXPECT_FALSE(OrcBloomHash(type, text, &hash, &error)) << text;
  return error;
}

TEST(OrcBloomHashTest, EachKindHashesWhatItsWritersAdd) {
  EXPECT_EQ(OrcHash(OrcOf(4), "-5"), orc::BloomLongHash(-5));      // LONG
  EXPECT_EQ(OrcHash(OrcOf(1), "-128"), orc::BloomLongHash(-128));  // BYTE
  EXPECT_THAT(OrcError(OrcOf(1), "128"), HasSubstr("[-128, 127]"));
  EXPECT_EQ(OrcHash(OrcOf(0), "true"), orc::BloomLongHash(1));     // BOOLEAN
  EXPECT_EQ(OrcHash(OrcOf(6), "0.1"), orc::BloomDoubleHash(0.1));  // DOUBLE
  // FLOAT: the float, widened.
  EXPECT_EQ(OrcHash(OrcOf(5), "0.1"),
            orc::BloomDoubleHash(static_cast<double>(0.1f)));
  EXPECT_EQ(OrcHash(OrcOf(7), "épsilon"), Murmur("épsilon"));      // STRING
  EXPECT_EQ(OrcHash(OrcOf(8), "\\x01\\x07"), Murmur("\x01\x07"));  // BINARY
  OrcType chars = OrcOf(17);  // CHAR(5): padded.
  chars.maximum_length = 5;
  EXPECT_EQ(OrcHash(chars, "é"), Murmur("é    "));
  EXPECT_EQ(OrcHash(OrcOf(15), "2022-01-08"), orc::BloomLongHash(19000));
  // TIMESTAMP: UTC milliseconds, finer digits dropped.
  EXPECT_EQ(OrcHash(OrcOf(9), "2023-11-14T22:13:20.000Z"),
            orc::BloomLongHash(1700000000000));
  EXPECT_EQ(OrcHash(OrcOf(18), "1969-12-31T23:59:59.9995"),
            orc::BloomLongHash(-1));
  // DECIMAL: the normalized text.
  OrcType decimal = OrcOf(14);
  decimal.precision = 9;
  decimal.scale = 3;
  EXPECT_EQ(OrcHash(decimal, "12.300"), Murmur("12.3"));
  EXPECT_EQ(OrcHash(decimal, "-0.000"), Murmur("0"));
  EXPECT_EQ(OrcHash(decimal, "-995316.298"), Murmur("-995316.298"));
  EXPECT_EQ(OrcHash(decimal, "7"), Murmur("7"));
  EXPECT_EQ(OrcHash(decimal, "0.05"), Murmur("0.05"));
  EXPECT_THAT(OrcError(decimal, "0.0001"), HasSubstr("fraction digits"));
  EXPECT_THAT(OrcError(decimal, "1000000"), HasSubstr("9 digits"));
  OrcType hive11 = OrcOf(14);  // No precision: any scale.
  EXPECT_EQ(OrcHash(hive11, "0.12345000"), Murmur("0.12345"));
  EXPECT_THAT(OrcError(OrcOf(12), "1"), HasSubstr("primitive"));  // STRUCT
  EXPECT_THAT(OrcError(OrcOf(15), "2022-1-8"), HasSubstr("YYYY-MM-DD"));
}

// ---- files ------------------------------------------------------------------

Inspection Inspect(std::span<const std::byte> bytes) {
  InspectOptions options;
  options.level = Level::kPages;
  return InspectBytes(bytes, options);
}

// A typed value as text the probe parses: what `colcheck meta` prints.
std::string CivilDate(int64_t days) {
  days += 719468;
  const int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  const int64_t doe = days - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int64_t d = doy - (153 * mp + 2) / 5 + 1;
  const int64_t m = mp < 10 ? mp + 3 : mp - 9;
  const int64_t y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  char out[96];
  std::snprintf(out, sizeof(out), "%04lld-%02lld-%02lld",
                static_cast<long long>(y), static_cast<long long>(m),
                static_cast<long long>(d));
  return out;
}

std::string ValueText(const Value& v) {
  switch (v.kind) {
    case ValueKind::kInt:
      return std::to_string(v.integer);
    case ValueKind::kUInt:
      return std::to_string(v.uinteger);
    case ValueKind::kBoolean:
      return v.boolean ? "true" : "false";
    case ValueKind::kFloat: {
      char buffer[64];
      const auto result =
          v.single ? std::to_chars(buffer, buffer + sizeof(buffer),
                                   static_cast<float>(v.number))
                   : std::to_chars(buffer, buffer + sizeof(buffer), v.number);
      return std::string(buffer, result.ptr);
    }
    case ValueKind::kDecimal:
    case ValueKind::kString:
      return v.text;
    case ValueKind::kBytes: {
      std::string out;
      for (const char c : v.text) {
        char hex[5];
        std::snprintf(hex, sizeof(hex), "\\x%02x", static_cast<uint8_t>(c));
        out += hex;
      }
      return out;
    }
    case ValueKind::kDate:
      return CivilDate(v.integer);
    case ValueKind::kTimestamp: {
      const int64_t per = v.unit == TimeUnit::kMillis   ? 1000
                          : v.unit == TimeUnit::kMicros ? 1000000
                                                        : 1000000000;
      int64_t seconds = v.integer / per;
      int64_t fraction = v.integer % per;
      if (fraction < 0) {
        fraction += per;
        --seconds;
      }
      int64_t days = seconds / 86400;
      int64_t second = seconds % 86400;
      if (second < 0) {
        second += 86400;
        --days;
      }
      char out[128];
      std::snprintf(out, sizeof(out), "T%02lld:%02lld:%02lld.%09lld",
                    static_cast<long long>(second / 3600),
                    static_cast<long long>(second / 60 % 60),
                    static_cast<long long>(second % 60),
                    static_cast<long long>(fraction * (1000000000 / per)));
      return CivilDate(days) + out + (v.utc ? "Z" : "");
    }
    default:
      return "";
  }
}

// Probes `values` of `column` in `bytes`, expecting no error.
BloomProbe Probe(std::span<const std::byte> bytes, const Inspection& in,
                 std::string_view column,
                 const std::vector<std::string>& values) {
  BloomProbe probe;
  const Status status = ProbeBloomFilters(bytes, in, column, values, &probe);
  EXPECT_TRUE(status.ok()) << column << ": " << status.message();
  return probe;
}

// Values no column of the test files holds, as text of `leaf`'s type.
std::vector<std::string> AbsentValues(std::string_view kind) {
  std::vector<std::string> out;
  for (int i = 0; i < 50; ++i) {
    if (kind == "int") {
      out.push_back(std::to_string(1000003 + 7919 * i));
    } else if (kind == "float") {
      out.push_back(std::to_string(0.125 * i + 12345.5));
    } else if (kind == "date") {
      out.push_back(CivilDate(-20000 - i));
    } else if (kind == "fixed5") {
      out.push_back("zz" + std::to_string(100 + i));
    } else {
      out.push_back("absent-" + std::to_string(i));
    }
  }
  return out;
}

// How many answers of `probe` are "definitely not".
size_t Negatives(const BloomProbe& probe) {
  size_t n = 0;
  for (const BloomProbeResult& r : probe.results) {
    for (const uint8_t may : r.may_contain) n += may == 0;
  }
  return n;
}

TEST(ProbeParquetTest, EveryDictionaryEntryMayBeContained) {
  const std::vector<std::byte> bytes =
      testing::ReadFileBytes(kSource / "corpus/valid/dictionary_pages.parquet");
  ASSERT_FALSE(bytes.empty());
  const Inspection in = Inspect(bytes);
  ASSERT_EQ(in.schema.leaves.size(), 8u);
  for (size_t column = 1; column < in.schema.leaves.size(); ++column) {
    const std::vector<Dictionary> dictionaries =
        ReadDictionaries(bytes, in, column, SIZE_MAX);
    ASSERT_EQ(dictionaries.size(), 1u) << column;
    std::vector<std::string> values;
    for (const Value& v : dictionaries[0].values)
      values.push_back(ValueText(v));
    ASSERT_FALSE(values.empty());
    const SchemaField& leaf = in.schema.fields[in.schema.leaves[column]];
    const BloomProbe probe = Probe(bytes, in, leaf.path, values);
    EXPECT_EQ(probe.column, static_cast<int32_t>(column));
    ASSERT_EQ(probe.results.size(), 1u);
    const BloomProbeResult& r = probe.results[0];
    EXPECT_EQ(r.row_group, 0);
    ASSERT_EQ(r.state, BloomFilterState::kPresent) << leaf.path << r.reason;
    EXPECT_EQ(r.offset, static_cast<uint64_t>(
                            in.layout.chunks[column].bloom_filter_offset));
    EXPECT_EQ(r.length, 47u);
    EXPECT_THAT(r.may_contain, ::testing::Each(1)) << leaf.path;

    // The same column by its index; absent values mostly test negative (a
    // one-block filter of a few values has a false-positive rate near
    // 10^-6).
    const std::string kind =
        leaf.physical == kInt32 || leaf.physical == kInt64    ? "int"
        : leaf.physical == kFloat || leaf.physical == kDouble ? "float"
        : leaf.physical == kFixed                             ? "fixed5"
                                                              : "string";
    const BloomProbe absent =
        Probe(bytes, in, std::to_string(column), AbsentValues(kind));
    EXPECT_EQ(absent.column_path, leaf.path);
    EXPECT_GE(Negatives(absent), 45u) << leaf.path;
  }
  // The booleans have no dictionary: both values are in the column.
  const BloomProbe booleans = Probe(bytes, in, "b", {"true", "false"});
  EXPECT_EQ(booleans.column_type, "BOOLEAN");
  ASSERT_EQ(booleans.results.size(), 1u);
  EXPECT_THAT(booleans.results[0].may_contain, ::testing::ElementsAre(1, 1));
  // Statistics bounds, typed as `colcheck meta` prints them.
  const BloomProbe strings =
      Probe(bytes, in, "g.str", {"alpha", "日本", "beta!"});
  EXPECT_EQ(strings.column_type, "BYTE_ARRAY STRING");
  EXPECT_THAT(strings.results[0].may_contain, ::testing::ElementsAre(1, 1, 0));
  const BloomProbe binary =
      Probe(bytes, in, "g.bin", {"k\\xcb\\x8f\\xae", "\\x95"});
  EXPECT_THAT(binary.results[0].may_contain, ::testing::ElementsAre(1, 1));
}

TEST(ProbeParquetTest, UnknownColumnsAndBadValuesAreErrors) {
  const std::vector<std::byte> bytes =
      testing::ReadFileBytes(kSource / "corpus/valid/dictionary_pages.parquet");
  const Inspection in = Inspect(bytes);
  BloomProbe probe;
  for (const std::string_view column : {"g", "nope", "8", "", "-1"}) {
    const Status status = ProbeBloomFilters(bytes, in, column, {}, &probe);
    EXPECT_FALSE(status.ok()) << column;
    EXPECT_THAT(status.message(), HasSubstr("no leaf column"));
  }
  const std::vector<std::string> values = {"12", "x12"};
  const Status status = ProbeBloomFilters(bytes, in, "g.i32", values, &probe);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(),
            "value 'x12' does not parse as INT32: expected an integer");
  const std::vector<std::string> wide = {"1234567"};
  EXPECT_THAT(
      ProbeBloomFilters(bytes, in, "g.fixed", wide, &probe).message(),
      HasSubstr("does not parse as FIXED_LEN_BYTE_ARRAY(5): it is 7 bytes"));
  const std::vector<std::string> huge(1, std::string(5000, '1'));
  EXPECT_THAT(ProbeBloomFilters(bytes, in, "g.i64", huge, &probe).message(),
              HasSubstr("too long"));
}

TEST(ProbeParquetTest, ChunksWithoutFiltersAndDamagedFilters) {
  // page_base.parquet has filters on two of its columns.
  const std::vector<std::byte> base =
      testing::ReadFileBytes(kSource / "corpus/valid/page_base.parquet");
  const Inspection in = Inspect(base);
  size_t absent = 0;
  for (size_t c = 0; c < in.schema.leaves.size(); ++c) {
    const BloomProbe probe = Probe(base, in, std::to_string(c), {});
    for (const BloomProbeResult& r : probe.results) {
      if (r.state == BloomFilterState::kAbsent) {
        ++absent;
        EXPECT_EQ(r.length, 0u);
        EXPECT_TRUE(r.may_contain.empty());
      }
    }
  }
  EXPECT_GT(absent, 0u);

  const struct {
    const char* file;
    const char* reason;
  } kDamaged[] = {
      {"bloom.num-bytes/num_bytes_33.parquet", "numBytes 33 is not"},
      {"bloom.unsupported/hash_member_2.parquet", "hash is not one"},
      {"bloom.out-of-bounds/bitset_runs_into_footer.parquet",
       "runs past the column data"},
  };
  for (const auto& damaged : kDamaged) {
    const std::vector<std::byte> bytes =
        testing::ReadFileBytes(kSource / "corpus/invalid" / damaged.file);
    ASSERT_FALSE(bytes.empty()) << damaged.file;
    const Inspection inspection = Inspect(bytes);
    std::vector<std::string> reasons;
    for (size_t c = 0; c < inspection.schema.leaves.size(); ++c) {
      const BloomProbe probe = Probe(bytes, inspection, std::to_string(c), {});
      for (const BloomProbeResult& r : probe.results) {
        if (r.state == BloomFilterState::kUnreadable) {
          reasons.push_back(r.reason);
        }
      }
    }
    EXPECT_THAT(reasons, ::testing::Contains(HasSubstr(damaged.reason)))
        << damaged.file;
  }
}

// Every result lies inside the file and answers once per value when
// present.
void ExpectSane(const BloomProbe& probe, size_t values, uint64_t size) {
  for (const BloomProbeResult& r : probe.results) {
    EXPECT_LE(r.offset, size);
    EXPECT_LE(r.length, size - std::min<uint64_t>(r.offset, size));
    if (r.state == BloomFilterState::kPresent) {
      EXPECT_EQ(r.may_contain.size(), values);
    } else {
      EXPECT_TRUE(r.may_contain.empty());
    }
    EXPECT_EQ(r.state == BloomFilterState::kUnreadable, !r.reason.empty());
  }
}

// Damages each byte of the bloom filters (and the bytes around them) of
// `name` in turn, and truncates the file at each of them: probing every
// column never crashes, and what it reports stays in the file.
void ProbeDamagedCopies(const std::filesystem::path& path,
                        const std::vector<std::string>& values) {
  const std::vector<std::byte> original = testing::ReadFileBytes(path);
  ASSERT_FALSE(original.empty()) << path;
  const Inspection clean = Inspect(original);
  std::vector<std::pair<uint64_t, uint64_t>> spans;
  for (const Region& r : clean.layout.regions) {
    const bool filter = r.kind == RegionKind::kBloomFilter ||
                        (r.kind == RegionKind::kOrcIndexStream &&
                         r.stream.kind >= 7 && r.stream.kind <= 8);
    if (filter) spans.emplace_back(r.offset, r.length);
  }
  ASSERT_FALSE(spans.empty()) << path;
  size_t probes = 0;
  for (const auto& [offset, length] : spans) {
    const uint64_t step = length > 64 ? length / 32 : 1;
    for (uint64_t at = offset; at < offset + length; at += step) {
      for (const int pattern : {0x00, 0xff, 0x80}) {
        std::vector<std::byte> bytes = original;
        bytes[at] = static_cast<std::byte>(pattern);
        const Inspection in = Inspect(bytes);
        const size_t columns = in.schema.kind == SchemaKind::kOrcTypes
                                   ? in.schema.orc_types.size()
                                   : in.schema.leaves.size();
        for (size_t c = 0; c < columns; ++c) {
          BloomProbe probe;
          if (ProbeBloomFilters(bytes, in, std::to_string(c), values, &probe)
                  .ok()) {
            ExpectSane(probe, values.size(), bytes.size());
            ++probes;
          }
        }
      }
      std::vector<std::byte> cut(original.begin(),
                                 original.begin() + static_cast<ptrdiff_t>(at));
      const Inspection in = Inspect(cut);
      BloomProbe probe;
      if (ProbeBloomFilters(cut, in, "1", values, &probe).ok()) {
        ExpectSane(probe, values.size(), cut.size());
      }
    }
  }
  EXPECT_GT(probes, 0u);
}

TEST(ProbeParquetTest, DamagedCopiesNeverCrash) {
  ProbeDamagedCopies(kSource / "corpus/valid/dictionary_pages.parquet", {"1"});
}

TEST(ProbeOrcTest, StripeBoundsMayBeContainedInOneOfTheirRowGroups) {
  const std::vector<std::byte> bytes = testing::ReadFileBytes(
      kSource / "corpus/orc/valid/stripes_index_bloom.orc");
  ASSERT_FALSE(bytes.empty());
  const Inspection in = Inspect(bytes);
  ASSERT_EQ(in.layout.stripes.size(), 3u);
  ASSERT_EQ(in.schema.orc_types.size(), 8u);
  size_t checked = 0;
  for (int32_t column = 1; column < 8; ++column) {
    const OrcType& type = in.schema.orc_types[column];
    for (const StripeExtent& stripe : in.layout.stripes) {
      ASSERT_LT(static_cast<size_t>(column), stripe.statistics.size());
      const ColumnStatistics& stats = stripe.statistics[column];
      std::vector<std::string> values;
      for (const Value* v : {&stats.min, &stats.max}) {
        if (v->kind != ValueKind::kNone) values.push_back(ValueText(*v));
      }
      if (values.empty()) continue;  // BINARY has no bounds.
      const BloomProbe probe = Probe(bytes, in, type.path, values);
      EXPECT_EQ(probe.containers, Containers::kStripes);
      // Rows of 6 per entry: 20 rows are 4 entries, 5 rows one.
      std::vector<uint8_t> any(values.size(), 0);
      size_t entries = 0;
      for (const BloomProbeResult& r : probe.results) {
        if (r.stripe != stripe.stripe) continue;
        ASSERT_EQ(r.state, BloomFilterState::kPresent) << r.reason;
        EXPECT_EQ(r.row_group, -1);
        EXPECT_EQ(r.entry, static_cast<int64_t>(entries));
        ++entries;
        for (size_t i = 0; i < values.size(); ++i) any[i] |= r.may_contain[i];
      }
      EXPECT_EQ(entries, stripe.num_rows == 5 ? 1u : 4u);
      EXPECT_THAT(any, ::testing::Each(1))
          << type.path << " stripe " << stripe.stripe << " " << values[0];
      ++checked;
    }
  }
  EXPECT_EQ(checked, 18u);  // 6 columns with bounds, 3 stripes.

  // Values the file does not hold test negative almost everywhere.
  const struct {
    const char* column;
    const char* kind;
  } kAbsent[] = {{"id", "int"},
                 {"word", "string"},
                 {"score", "float"},
                 {"day", "date"},
                 {"raw", "string"}};
  for (const auto& a : kAbsent) {
    const BloomProbe probe = Probe(bytes, in, a.column, AbsentValues(a.kind));
    size_t answers = 0;
    for (const BloomProbeResult& r : probe.results)
      answers += r.may_contain.size();
    EXPECT_EQ(answers, 50u * 9);
    EXPECT_GE(Negatives(probe), answers * 9 / 10) << a.column;
  }
  BloomProbe probe;
  const std::vector<std::string> bad = {"2022-02-30"};
  EXPECT_EQ(
      ProbeBloomFilters(bytes, in, "day", bad, &probe).message(),
      "value '2022-02-30' does not parse as DATE: day 30 is not in month 2");
  EXPECT_THAT(ProbeBloomFilters(bytes, in, "0", {}, &probe).message(),
              HasSubstr("primitive"));
  EXPECT_THAT(ProbeBloomFilters(bytes, in, "nope", {}, &probe).message(),
              HasSubstr("no column 'nope'"));
}

TEST(ProbeOrcTest, UnusableFiltersAreUnreadable) {
  const struct {
    const char* file;
    const char* reason;
  } kDamaged[] = {
      {"orc-bloom.hash-functions/num_hash_functions_0.orc",
       "no hash functions"},
      {"orc-bloom.empty-bitset/utf8bitset_empty.orc", "bitset is empty"},
      {"orc-bloom.utf8-length/utf8bitset_7_bytes_short.orc", "64-bit words"},
  };
  for (const auto& damaged : kDamaged) {
    const std::vector<std::byte> bytes =
        testing::ReadFileBytes(kSource / "corpus/orc/invalid" / damaged.file);
    ASSERT_FALSE(bytes.empty()) << damaged.file;
    const Inspection in = Inspect(bytes);
    std::vector<std::string> reasons;
    for (size_t c = 1; c < in.schema.orc_types.size(); ++c) {
      BloomProbe probe;
      if (!ProbeBloomFilters(bytes, in, std::to_string(c), {}, &probe).ok()) {
        continue;
      }
      for (const BloomProbeResult& r : probe.results) {
        if (r.state == BloomFilterState::kUnreadable) {
          reasons.push_back(r.reason);
          EXPECT_GE(r.entry, 0);
        }
      }
    }
    EXPECT_THAT(reasons, ::testing::Contains(HasSubstr(damaged.reason)))
        << damaged.file;
  }
}

TEST(ProbeOrcTest, DamagedCopiesNeverCrash) {
  ProbeDamagedCopies(kSource / "corpus/orc/valid/stripes_index_bloom.orc",
                     {"1", "2"});
}

// ---- external corpus
// ----------------------------------------------------------

std::filesystem::path External() {
  return testing::ExternalCorpusRoot(kSource / "../shared/corpus-external");
}

TEST(ProbeExternalTest, ParquetTestingBloomFilters) {
  for (const char* name : {"data_index_bloom_encoding_stats.parquet",
                           "data_index_bloom_encoding_with_length.parquet"}) {
    const std::filesystem::path path =
        External() / "parquet-testing/data" / name;
    if (!std::filesystem::exists(path)) {
      GTEST_SKIP() << path << " is absent (COLCHECK_EXTERNAL_CORPUS)";
    }
    const std::vector<std::byte> bytes = testing::ReadFileBytes(path);
    const Inspection in = Inspect(bytes);
    // arrow-rs tests these filters with "Hello" (present) and
    // "Hello_Not_Exists".
    const BloomProbe probe =
        Probe(bytes, in, "String", {"Hello", "today", "Hello_Not_Exists"});
    ASSERT_EQ(probe.results.size(), 1u) << name;
    ASSERT_EQ(probe.results[0].state, BloomFilterState::kPresent) << name;
    EXPECT_THAT(probe.results[0].may_contain, ::testing::ElementsAre(1, 1, 0));
    const BloomProbe absent = Probe(bytes, in, "0", AbsentValues("string"));
    EXPECT_GE(Negatives(absent), 45u) << name;
  }
}

TEST(ProbeExternalTest, HivePreReleaseOrcFiltersAreUnreadable) {
  const std::filesystem::path path = External() / "orc/over1k_bloom.orc";
  if (!std::filesystem::exists(path)) {
    GTEST_SKIP() << path << " is absent (COLCHECK_EXTERNAL_CORPUS)";
  }
  const std::vector<std::byte> bytes = testing::ReadFileBytes(path);
  const Inspection in = Inspect(bytes);
  const BloomProbe probe = Probe(bytes, in, "_col3", {"4294967296"});
  ASSERT_EQ(probe.results.size(), 2u);
  EXPECT_TRUE(probe.original_kind);
  for (const BloomProbeResult& r : probe.results) {
    EXPECT_EQ(r.state, BloomFilterState::kUnreadable);
    EXPECT_THAT(r.reason, HasSubstr("pre-release layout"));
    EXPECT_GT(r.length, 0u);
  }
}

}  // namespace
}  // namespace colcheck
