#include "reports/rows.h"

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gtest/gtest.h"
#include "reports/testing/json_value.h"

namespace colcheck {
namespace {

using testing::JsonValue;
using testing::ParseJson;

Cell Scalar(Value value, std::string name = "") {
  Cell cell;
  cell.kind = Cell::Kind::kValue;
  cell.value = std::move(value);
  cell.name = std::move(name);
  return cell;
}

Cell Null(std::string name = "") {
  Cell cell;
  cell.name = std::move(name);
  return cell;
}

Value Int(int64_t integer) {
  Value v;
  v.kind = ValueKind::kInt;
  v.integer = integer;
  return v;
}

Value Float(double number, bool single = false) {
  Value v;
  v.kind = ValueKind::kFloat;
  v.number = number;
  v.single = single;
  return v;
}

Value Text(ValueKind kind, std::string text) {
  Value v;
  v.kind = kind;
  v.text = std::move(text);
  return v;
}

Value Temporal(ValueKind kind, int64_t integer, TimeUnit unit, bool utc) {
  Value v = Int(integer);
  v.kind = kind;
  v.unit = unit;
  v.utc = utc;
  return v;
}

Cell Nested(Cell::Kind kind, std::vector<Cell> items, std::string name = "") {
  Cell cell;
  cell.kind = kind;
  cell.items = std::move(items);
  cell.name = std::move(name);
  return cell;
}

std::string Json(const Value& value) { return CellJson(Scalar(value)); }
std::string Csv(const Value& value) { return CellText(Scalar(value)); }

TEST(RowsTest, ScalarsAreExactJson) {
  EXPECT_EQ(CellJson(Null()), "null");
  EXPECT_EQ(Json(Value()), "null");
  Value b;
  b.kind = ValueKind::kBoolean;
  b.boolean = true;
  EXPECT_EQ(Json(b), "true");
  EXPECT_EQ(Json(Int(std::numeric_limits<int64_t>::min())),
            "-9223372036854775808");
  Value u;
  u.kind = ValueKind::kUInt;
  u.uinteger = std::numeric_limits<uint64_t>::max();
  EXPECT_EQ(Json(u), "18446744073709551615");
  EXPECT_EQ(Json(Text(ValueKind::kDecimal, "12.340")), "\"12.340\"");
  EXPECT_EQ(Csv(Text(ValueKind::kDecimal, "-0.001")), "-0.001");
  Value date = Int(19723);
  date.kind = ValueKind::kDate;
  EXPECT_EQ(Json(date), "\"2024-01-01\"");
  EXPECT_EQ(Json(Text(ValueKind::kUuid, std::string("\x12\x3e\x45\x67\xe8\x9b"
                                                    "\x12\xd3\xa4\x56\x42\x66"
                                                    "\x14\x17\x40\x00",
                                                    16))),
            "\"123e4567-e89b-12d3-a456-426614174000\"");
}

TEST(RowsTest, FloatsAreShortestRoundTripsWithSpecialsAsStrings) {
  EXPECT_EQ(Json(Float(0.1)), "0.1");
  EXPECT_EQ(Json(Float(3)), "3");
  EXPECT_EQ(Json(Float(1e300)), "1e+300");
  // A single as a float: 0.1f is 0.10000000149011612 as a double.
  EXPECT_EQ(Json(Float(static_cast<double>(0.1f), true)), "0.1");
  EXPECT_EQ(Json(Float(static_cast<double>(0.1f))), "0.10000000149011612");
  EXPECT_EQ(Json(Float(static_cast<double>(3.4028235e38f), true)),
            "3.4028235e+38");
  // The sign of zero survives a JSON parser that reads -0 as an integer.
  EXPECT_EQ(Json(Float(-0.0)), "-0.0");
  EXPECT_EQ(Json(Float(-0.0, true)), "-0.0");
  EXPECT_EQ(Json(Float(0.0)), "0");
  EXPECT_EQ(Json(Float(std::nan(""))), "\"NaN\"");
  EXPECT_EQ(Json(Float(-std::numeric_limits<double>::quiet_NaN())), "\"NaN\"");
  EXPECT_EQ(Json(Float(std::numeric_limits<double>::infinity())),
            "\"Infinity\"");
  EXPECT_EQ(Json(Float(-std::numeric_limits<float>::infinity(), true)),
            "\"-Infinity\"");
  // CSV: the same text, unquoted.
  EXPECT_EQ(Csv(Float(-0.0)), "-0.0");
  EXPECT_EQ(Csv(Float(std::nan(""))), "NaN");
  EXPECT_EQ(Csv(Float(2.5)), "2.5");
}

TEST(RowsTest, TimesHaveTheUnitsDigitsAndZOnlyWhenUtc) {
  EXPECT_EQ(
      Json(Temporal(ValueKind::kTime, 45'296'789, TimeUnit::kMillis, false)),
      "\"12:34:56.789\"");
  EXPECT_EQ(
      Json(Temporal(ValueKind::kTime, 45'296'789'000, TimeUnit::kMicros, true)),
      "\"12:34:56.789000Z\"");
  EXPECT_EQ(Csv(Temporal(ValueKind::kTime, 1, TimeUnit::kNanos, true)),
            "00:00:00.000000001Z");
  // Outside the day: the number, without a zone.
  EXPECT_EQ(Csv(Temporal(ValueKind::kTime, -1, TimeUnit::kMillis, true)), "-1");
  EXPECT_EQ(Json(Temporal(ValueKind::kTimestamp, 1, TimeUnit::kNanos, true)),
            "\"1970-01-01T00:00:00.000000001Z\"");
  EXPECT_EQ(Json(Temporal(ValueKind::kTimestamp, -1, TimeUnit::kMicros, false)),
            "\"1969-12-31T23:59:59.999999\"");
}

TEST(RowsTest, StringsAreValidJsonAndRawInCsv) {
  EXPECT_EQ(Json(Text(ValueKind::kString, "a\"b\\c\n")), R"("a\"b\\c\n")");
  EXPECT_EQ(Json(Text(ValueKind::kString, "caf\xc3\xa9")), R"("caf\u00e9")");
  // A byte that is not UTF-8 cannot be JSON: it reads as U+FFFD.
  const std::string invalid = Json(Text(ValueKind::kString,
                                        "a\xff"
                                        "b"));
  EXPECT_EQ(invalid, R"("a\ufffdb")");
  EXPECT_TRUE(ParseJson(invalid).has_value());
  EXPECT_EQ(Csv(Text(ValueKind::kString,
                     "a\xff"
                     "b")),
            "a\xff"
            "b");
  EXPECT_EQ(Csv(Text(ValueKind::kString, "")), "");
}

TEST(RowsTest, BytesAreBase64Padded) {
  EXPECT_EQ(Base64(""), "");
  EXPECT_EQ(Base64("f"), "Zg==");
  EXPECT_EQ(Base64("fo"), "Zm8=");
  EXPECT_EQ(Base64("foo"), "Zm9v");
  EXPECT_EQ(Base64("foob"), "Zm9vYg==");
  EXPECT_EQ(Base64("fooba"), "Zm9vYmE=");
  EXPECT_EQ(Base64("foobar"), "Zm9vYmFy");
  EXPECT_EQ(Base64(std::string("\x00\x01\x02\xff\xfe", 5)), "AAEC//4=");
  EXPECT_EQ(Json(Text(ValueKind::kBytes, std::string("\x00\x01\x02\xff", 4))),
            "\"AAEC/w==\"");
  EXPECT_EQ(Csv(Text(ValueKind::kBytes, "foob")), "Zm9vYg==");
}

TEST(RowsTest, ListsAndStructsNest) {
  const Cell map = Nested(
      Cell::Kind::kList,
      {Nested(Cell::Kind::kStruct,
              {Scalar(Text(ValueKind::kString, "a"), "key"),
               Scalar(Int(1), "value")}),
       Nested(Cell::Kind::kStruct,
              {Scalar(Text(ValueKind::kString, "b"), "key"), Null("value")})});
  EXPECT_EQ(CellJson(map),
            R"([{"key":"a","value":1},{"key":"b","value":null}])");
  EXPECT_EQ(CellJson(Nested(Cell::Kind::kList, {})), "[]");
  EXPECT_EQ(CellJson(Nested(Cell::Kind::kStruct, {})), "{}");
  // CSV prints a nested value as its JSON.
  EXPECT_EQ(CellText(map), CellJson(map));
}

// A row of top-level fields.
Cell Row(std::vector<Cell> items) {
  return Nested(Cell::Kind::kStruct, std::move(items));
}

RowsResult Result(std::vector<std::string> fields, uint64_t rows) {
  RowsResult result;
  result.format = Format::kParquet;
  result.fields = std::move(fields);
  result.rows = rows;
  result.total_rows = static_cast<int64_t>(rows);
  return result;
}

std::string Render(RowsFormat format, const std::vector<Cell>& rows,
                   const RowsResult& result) {
  std::string out;
  RowsRenderer renderer(format, "a.parquet", result.format, &out);
  for (const Cell& row : rows) renderer.Row(row);
  renderer.Finish(result);
  return out;
}

TEST(RowsTest, CsvQuotesWhatItMustAndTellsEmptyFromNull) {
  const std::vector<Cell> rows = {
      Row({Scalar(Text(ValueKind::kString, ""), "s"), Null("n"),
           Scalar(Int(7), "i")}),
      Row({Scalar(Text(ValueKind::kString, "a,b"), "s"),
           Scalar(Text(ValueKind::kString, "say \"hi\""), "n"),
           Scalar(Text(ValueKind::kString, "x\ny\r"), "i")}),
      Row({Scalar(Text(ValueKind::kString, "plain"), "s"),
           Nested(Cell::Kind::kList, {Scalar(Int(1)), Scalar(Int(2))}, "n"),
           Scalar(Text(ValueKind::kBytes, ""), "i")}),
  };
  EXPECT_EQ(Render(RowsFormat::kCsv, rows, Result({"s", "n", "i"}, 3)),
            "s,n,i\r\n"
            "\"\",,7\r\n"
            "\"a,b\",\"say \"\"hi\"\"\",\"x\ny\r\"\r\n"
            "plain,\"[1,2]\",\"\"\r\n");
}

TEST(RowsTest, CsvHeaderComesFromTheResultWithoutRows) {
  EXPECT_EQ(Render(RowsFormat::kCsv, {}, Result({"a", "b,c", ""}, 0)),
            "a,\"b,c\",\"\"\r\n");
  EXPECT_EQ(Render(RowsFormat::kCsv, {}, Result({}, 0)), "");
}

TEST(RowsTest, JsonLinesAreAnObjectPerRow) {
  const std::vector<Cell> rows = {
      Row({Scalar(Int(1), "a"), Null("b")}),
      Row({Scalar(Int(2), "a"),
           Nested(Cell::Kind::kStruct, {Scalar(Float(-0.0), "x")}, "b")}),
  };
  EXPECT_EQ(Render(RowsFormat::kJsonl, rows, Result({"a", "b"}, 2)),
            "{\"a\":1,\"b\":null}\n{\"a\":2,\"b\":{\"x\":-0.0}}\n");
  EXPECT_EQ(Render(RowsFormat::kJsonl, {}, Result({"a"}, 0)), "");
}

TEST(RowsTest, JsonDocumentOfACompleteRead) {
  const std::vector<Cell> rows = {Row({Scalar(Int(1), "a")}), Row({Null("a")})};
  const std::string out =
      Render(RowsFormat::kJson, rows, Result({"a"}, rows.size()));
  ASSERT_TRUE(out.ends_with("}\n"));
  const std::optional<JsonValue> doc = ParseJson(out);
  ASSERT_TRUE(doc.has_value()) << out;
  std::vector<std::string> keys;
  for (const auto& member : doc->members) keys.push_back(member.name);
  EXPECT_EQ(keys, (std::vector<std::string>{"tool", "version", "file", "format",
                                            "fields", "rows", "rows_read",
                                            "total_rows", "complete", "stop"}));
  EXPECT_TRUE((*doc)["file"].IsString("a.parquet"));
  EXPECT_TRUE((*doc)["format"].IsString("parquet"));
  EXPECT_TRUE((*doc)["fields"][0].IsString("a"));
  ASSERT_EQ((*doc)["rows"].items.size(), 2u);
  EXPECT_EQ((*doc)["rows"][0]["a"].text, "1");
  EXPECT_EQ((*doc)["rows"][1]["a"].type, JsonValue::Type::kNull);
  EXPECT_EQ((*doc)["rows_read"].Unsigned(), 2u);
  EXPECT_EQ((*doc)["total_rows"].Unsigned(), 2u);
  EXPECT_TRUE((*doc)["complete"].boolean);
  EXPECT_EQ((*doc)["stop"].type, JsonValue::Type::kNull);
  // A row a line.
  EXPECT_NE(out.find("[\n{\"a\":1},\n{\"a\":null}\n],\n\"rows_read\""),
            std::string::npos)
      << out;
}

RowsResult Stopped() {
  RowsResult result = Result({"a", "b"}, 812);
  result.total_rows = 1000;
  result.stop.stopped = true;
  result.stop.group = 1;
  result.stop.column = "b";
  result.stop.offset = 4096;
  result.stop.length = 904;
  result.stop.reason = "the page does not decode";
  result.stop.cause =
      Diagnostic{Code::kPageCrcMismatch, Severity::kError, 4100, 4, "crc",
                 "the CRC differs"};
  return result;
}

TEST(RowsTest, JsonDocumentSaysWhereReadingStopped) {
  const std::optional<JsonValue> doc =
      ParseJson(Render(RowsFormat::kJson, {}, Stopped()));
  ASSERT_TRUE(doc.has_value());
  EXPECT_TRUE((*doc)["fields"][1].IsString("b"));
  EXPECT_TRUE((*doc)["rows"].items.empty());
  EXPECT_EQ((*doc)["rows_read"].Unsigned(), 812u);
  EXPECT_FALSE((*doc)["complete"].boolean);
  const JsonValue& stop = (*doc)["stop"];
  EXPECT_EQ(stop["group"].Unsigned(), 1u);
  EXPECT_TRUE(stop["column"].IsString("b"));
  EXPECT_EQ(stop["offset"].Unsigned(), 4096u);
  EXPECT_EQ(stop["length"].Unsigned(), 904u);
  EXPECT_TRUE(stop["reason"].IsString("the page does not decode"));
  EXPECT_TRUE(stop["cause"]["code"].IsString("page.crc-mismatch"));
  EXPECT_TRUE(stop["cause"]["severity"].IsString("error"));
  EXPECT_EQ(stop["cause"]["offset"].Unsigned(), 4100u);
  EXPECT_TRUE(stop["cause"]["message"].IsString("the CRC differs"));

  // Unknown: no group, column, span, total or cause.
  RowsResult unknown = Stopped();
  unknown.total_rows = -1;
  unknown.stop.group = -1;
  unknown.stop.column.clear();
  unknown.stop.length = 0;
  unknown.stop.cause.reset();
  const std::optional<JsonValue> bare =
      ParseJson(Render(RowsFormat::kJson, {}, unknown));
  ASSERT_TRUE(bare.has_value());
  EXPECT_EQ((*bare)["total_rows"].type, JsonValue::Type::kNull);
  for (const std::string_view key :
       {"group", "column", "offset", "length", "cause"}) {
    EXPECT_EQ((*bare)["stop"][key].type, JsonValue::Type::kNull) << key;
  }
}

TEST(RowsTest, StopLineSaysWhereAndWhy) {
  EXPECT_EQ(RowsStopLine("a.parquet", Result({"a"}, 3)), "");
  EXPECT_EQ(RowsStopLine("a.parquet", Stopped()),
            "colcheck: a.parquet: read 812 rows; stopped in row group 1 at "
            "column \"b\" (bytes 4096..5000): the page does not decode "
            "(page.crc-mismatch: the CRC differs)");
  RowsResult orc = Stopped();
  orc.format = Format::kOrc;
  orc.rows = 1;
  orc.stop.column.clear();
  orc.stop.length = 0;
  orc.stop.cause.reset();
  orc.stop.reason = "bad\nstream";
  EXPECT_EQ(RowsStopLine("b.orc", orc),
            "colcheck: b.orc: read 1 row; stopped in stripe 1: bad\\x0astream");
}

}  // namespace
}  // namespace colcheck
