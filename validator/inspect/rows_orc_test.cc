// ReadRows on ORC files: the rows of Apache ORC's examples against their
// expected dumps, whole files of the project's corpus, selections, where
// reading stops in a broken file, and stripes whose slots no byte backs.

#include <time.h>

#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "codec/codec.h"
#include "colcheck/inspect.h"
#include "colcheck/rows.h"
#include "core/strings.h"
#include "gtest/gtest.h"
#include "orc/metadata.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/stream_builder.h"
#include "testing/external_corpus.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;
using orc::testing::AsBytes;
using orc::testing::ByteRle;
using orc::testing::ColumnFile;
using orc::testing::Encoding;
using orc::testing::IntV1;
using orc::testing::ParentType;
using orc::testing::StructType;
using orc::testing::TypeMessage;

// ---- rows as orc-contents prints them (c++/src/ColumnPrinter.cc) --------

std::string Escape(std::string_view s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\t':
        out += "\\t";
        break;
      default:
        out.push_back(c);
    }
  }
  return out + "\"";
}

std::string CivilTime(int64_t seconds, const char* format) {
  const time_t t = static_cast<time_t>(seconds);
  struct tm tm {};
  gmtime_r(&t, &tm);
  char buffer[64];
  strftime(buffer, sizeof buffer, format, &tm);
  return buffer;
}

// "2015-01-01 00:00:00.5": the fraction's trailing zeros dropped, one kept.
std::string TimestampText(const Value& v) {
  const int64_t per_second = v.unit == TimeUnit::kNanos    ? 1000000000
                             : v.unit == TimeUnit::kMicros ? 1000000
                                                           : 1000;
  int64_t seconds = v.integer / per_second;
  int64_t fraction = v.integer % per_second;
  if (fraction < 0) {
    seconds -= 1;
    fraction += per_second;
  }
  char digits[32];
  snprintf(digits, sizeof digits, "%09lld",
           static_cast<long long>(fraction * (1000000000 / per_second)));
  std::string nanos = digits;
  while (nanos.size() > 1 && nanos.back() == '0') nanos.pop_back();
  return "\"" + CivilTime(seconds, "%Y-%m-%d %H:%M:%S") + "." + nanos + "\"";
}

std::string ValueText(const Value& v) {
  char buffer[64];
  switch (v.kind) {
    case ValueKind::kBoolean:
      return v.boolean ? "true" : "false";
    case ValueKind::kInt:
      return StrCat(v.integer);
    case ValueKind::kFloat:
      snprintf(buffer, sizeof buffer, v.single ? "%.7g" : "%.14g", v.number);
      return buffer;
    case ValueKind::kString:
      return Escape(v.text);
    case ValueKind::kBytes: {
      std::string out = "[";
      for (size_t i = 0; i < v.text.size(); ++i) {
        if (i > 0) out += ", ";
        out += StrCat(static_cast<uint8_t>(v.text[i]));
      }
      return out + "]";
    }
    case ValueKind::kDecimal:
      return v.text;
    case ValueKind::kDate:
      return "\"" + CivilTime(v.integer * 86400, "%Y-%m-%d") + "\"";
    case ValueKind::kTimestamp:
      return TimestampText(v);
    default:
      return StrCat("<kind ", static_cast<int>(v.kind), ">");
  }
}

std::string Json(const Cell& cell) {
  std::string out;
  switch (cell.kind) {
    case Cell::Kind::kNull:
      return "null";
    case Cell::Kind::kValue:
      return ValueText(cell.value);
    case Cell::Kind::kList:
      out = "[";
      for (size_t i = 0; i < cell.items.size(); ++i) {
        if (i > 0) out += ", ";
        out += Json(cell.items[i]);
      }
      return out + "]";
    case Cell::Kind::kStruct:
      out = "{";
      for (size_t i = 0; i < cell.items.size(); ++i) {
        if (i > 0) out += ", ";
        out += "\"" + cell.items[i].name + "\": " + Json(cell.items[i]);
      }
      return out + "}";
  }
  return out;
}

// A row as orc-contents prints it; a root of another kind than STRUCT is
// the one field of each row, named "", and printed bare.
std::string RowText(const Cell& row) {
  const bool bare = row.items.size() == 1 && row.items[0].name.empty();
  return Json(bare ? row.items[0] : row);
}

class Rows final : public RowSink {
 public:
  void Row(const Cell& row) override { rows.push_back(RowText(row)); }
  std::vector<std::string> rows;
};

// Counts rows without keeping them.
class Counter final : public RowSink {
 public:
  void Row(const Cell&) override { ++rows; }
  uint64_t rows = 0;
};

// The rows of the file at `path`, or of `bytes` when given; the read must
// succeed.
std::vector<std::string> Read(const std::string& path,
                              const RowsOptions& options, RowsResult* result,
                              std::span<const std::byte> bytes = {}) {
  Rows rows;
  const Status status = bytes.empty()
                            ? ReadRowsInFile(path, options, &rows, result)
                            : ReadRows(bytes, options, &rows, result);
  EXPECT_TRUE(status.ok()) << status.message();
  return rows.rows;
}

std::vector<std::string> ReadBytes(const std::string& bytes,
                                   const RowsOptions& options,
                                   RowsResult* result) {
  return Read("", options, result, AsBytes(bytes));
}

fs::path Orc(const std::string& name) {
  return fs::path(COLCHECK_INSPECT_SOURCE_DIR) / "corpus/orc/valid" / name;
}

std::string FileBytes(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// ---- the external corpus ------------------------------------------------

// The lines of a gzip file (its size from the gzip trailer, ISIZE).
std::vector<std::string> GzipLines(const fs::path& path) {
  const std::string packed = FileBytes(path);
  if (packed.size() < 4) return {};
  uint32_t size = 0;
  for (int i = 3; i >= 0; --i) {
    size = (size << 8) | static_cast<uint8_t>(packed[packed.size() - 4 + i]);
  }
  std::string text(size, '\0');
  codec::Decompressor decompressor;
  const codec::Result result = decompressor.Decompress(
      codec::kGzip, AsBytes(packed),
      std::as_writable_bytes(std::span(text.data(), text.size())));
  EXPECT_EQ(result.outcome, codec::Outcome::kOk) << path << result.detail;
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// The first five rows that differ, from their first differing byte, and
// the counts when they differ; "" when the rows are the lines.
std::string Differences(const std::vector<std::string>& got,
                        const std::vector<std::string>& want) {
  std::string why;
  size_t shown = 0;
  for (size_t r = 0; r < got.size() && r < want.size() && shown < 5; ++r) {
    if (got[r] == want[r]) continue;
    ++shown;
    size_t at = 0;
    while (at < got[r].size() && at < want[r].size() &&
           got[r][at] == want[r][at]) {
      ++at;
    }
    at = at > 40 ? at - 40 : 0;
    why += StrCat("row ", r, " from byte ", at, ":\n  got  ",
                  got[r].substr(at, 200), "\n  want ", want[r].substr(at, 200),
                  "\n");
  }
  if (got.size() != want.size()) {
    why += StrCat("read ", got.size(), " rows of ", want.size(), "\n");
  }
  return why;
}

// A writer zone of the file's stripes that the system's tz database lacks,
// or "": such a file's timestamps cannot match.
std::string MissingZone(const fs::path& file) {
  Inspection inspection;
  if (!InspectFile(file.string(), InspectOptions(), &inspection).ok()) {
    return "";
  }
  for (const StripeExtent& stripe : inspection.layout.stripes) {
    const std::string& zone = stripe.writer_timezone;
    if (zone.empty() || zone == "UTC" || zone == "GMT") continue;
    if (!fs::is_regular_file(fs::path("/usr/share/zoneinfo") / zone)) {
      return zone;
    }
  }
  return "";
}

TEST(RowsOrc, ExternalCorpusMatchesOrcContents) {
  const fs::path root = ::colcheck::testing::ExternalCorpusRoot();
  const fs::path dir = root / "orc";
  if (root.empty() || !fs::is_directory(dir)) {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set or has no orc/: "
                    "Apache ORC's examples are not compared";
  }
  size_t compared = 0;
  for (const fs::path& file :
       ::colcheck::testing::FilesWithExtension(dir, ".orc")) {
    // Apache ORC's TestMatch.cc pairs each example with its dump.
    const fs::path json = dir / "expected" / (file.stem().string() + ".jsn.gz");
    if (!fs::is_regular_file(json)) continue;
    ++compared;
    RowsResult result;
    const std::vector<std::string> rows = Read(file.string(), {}, &result);
    EXPECT_FALSE(result.stop.stopped)
        << file.filename() << ": " << result.stop.reason;
    const std::string why = Differences(rows, GzipLines(json));
    if (why.empty()) continue;
    const std::string zone = MissingZone(file);
    if (!zone.empty()) {
      std::printf("%s skipped: its writer zone %s is not installed\n",
                  file.filename().c_str(), zone.c_str());
      continue;
    }
    ADD_FAILURE() << file.filename() << " does not match " << json.filename()
                  << ":\n"
                  << why;
  }
  EXPECT_GT(compared, 20u);
}

// ---- the project's corpus -----------------------------------------------

TEST(RowsOrc, EveryValidCorpusFileReadsWhole) {
  size_t files = 0;
  for (const fs::path& file :
       ::colcheck::testing::FilesWithExtension(Orc(""), ".orc")) {
    RowsResult result;
    const std::vector<std::string> rows = Read(file.string(), {}, &result);
    EXPECT_FALSE(result.stop.stopped)
        << file.filename() << ": " << result.stop.reason;
    EXPECT_EQ(static_cast<int64_t>(rows.size()), result.total_rows)
        << file.filename();
    EXPECT_EQ(result.format, Format::kOrc);
    ++files;
  }
  EXPECT_GT(files, 10u);
}

TEST(RowsOrc, StripeAndHeadSelectRows) {
  const std::string path = Orc("stripes_index_bloom.orc").string();
  RowsResult whole;
  const std::vector<std::string> all = Read(path, {}, &whole);
  EXPECT_EQ(static_cast<int64_t>(all.size()), whole.total_rows);
  RowsOptions first;
  first.group = 0;
  RowsResult r0;
  const size_t in_first = Read(path, first, &r0).size();
  ASSERT_GT(in_first, 0u);
  ASSERT_LT(in_first + 3, all.size()) << "the file needs two stripes";
  EXPECT_FALSE(r0.stop.stopped);

  RowsOptions second;
  second.group = 1;
  second.max_rows = 3;
  RowsResult r1;
  EXPECT_EQ(Read(path, second, &r1),
            std::vector<std::string>(all.begin() + in_first,
                                     all.begin() + in_first + 3));
  EXPECT_EQ(r1.rows, 3u);
  EXPECT_FALSE(r1.stop.stopped);

  // Across the stripes' boundary.
  RowsOptions head;
  head.max_rows = in_first + 2;
  RowsResult r2;
  EXPECT_EQ(Read(path, head, &r2),
            std::vector<std::string>(all.begin(), all.begin() + in_first + 2));
  EXPECT_FALSE(r2.stop.stopped);
}

// The field `name` of `row`, or null.
const Cell* Field(const Cell& row, const std::string& name) {
  for (const Cell& item : row.items) {
    if (item.name == name) return &item;
  }
  return nullptr;
}

class CellRows final : public RowSink {
 public:
  void Row(const Cell& row) override { rows.push_back(row); }
  std::vector<Cell> rows;
};

TEST(RowsOrc, NestedColumnKeepsOnlyThatField) {
  RowsOptions options;
  options.columns = {"meta.origin.host"};
  CellRows rows;
  RowsResult result;
  ASSERT_TRUE(
      ReadRowsInFile(Orc("nested.orc").string(), options, &rows, &result).ok());
  EXPECT_EQ(result.fields, std::vector<std::string>{"meta"});
  ASSERT_FALSE(rows.rows.empty());
  EXPECT_EQ(static_cast<int64_t>(rows.rows.size()), result.total_rows);
  size_t hosts = 0;
  for (const Cell& row : rows.rows) {
    ASSERT_EQ(row.kind, Cell::Kind::kStruct);
    ASSERT_EQ(row.items.size(), 1u);
    const Cell& meta = row.items[0];
    EXPECT_EQ(meta.name, "meta");
    if (meta.kind == Cell::Kind::kNull) continue;
    ASSERT_EQ(meta.kind, Cell::Kind::kStruct);
    ASSERT_EQ(meta.items.size(), 1u);
    const Cell* origin = Field(meta, "origin");
    ASSERT_NE(origin, nullptr);
    if (origin->kind == Cell::Kind::kNull) continue;
    ASSERT_EQ(origin->items.size(), 1u);
    const Cell* host = Field(*origin, "host");
    ASSERT_NE(host, nullptr);
    if (host->kind == Cell::Kind::kValue) {
      EXPECT_EQ(host->value.kind, ValueKind::kString);
      ++hosts;
    }
  }
  EXPECT_GT(hosts, 0u);
}

TEST(RowsOrc, FailsOnUnknownColumnAndStripePastTheEnd) {
  const std::string path = Orc("stripes_index_bloom.orc").string();
  Inspection inspection;
  ASSERT_TRUE(InspectFile(path, InspectOptions(), &inspection).ok());
  const size_t stripes = inspection.layout.stripes.size();
  Rows rows;
  RowsResult result;
  RowsOptions unknown;
  unknown.columns = {"nope"};
  EXPECT_FALSE(ReadRowsInFile(path, unknown, &rows, &result).ok());
  RowsOptions past;
  past.group = static_cast<int64_t>(stripes);
  EXPECT_FALSE(ReadRowsInFile(path, past, &rows, &result).ok());
  EXPECT_TRUE(rows.rows.empty());
  past.group = static_cast<int64_t>(stripes) - 1;
  EXPECT_TRUE(ReadRowsInFile(path, past, &rows, &result).ok());
}

// ---- broken files -------------------------------------------------------

// stripes_index_bloom.orc with `edit` applied to its bytes and its
// second stripe, read whole; the rows of the intact file in `*all` and its
// stripes in `*stripes`.
std::vector<std::string> ReadEdited(
    const std::function<void(const StripeExtent&, std::string*)>& edit,
    std::vector<std::string>* all, std::vector<StripeExtent>* stripes,
    RowsResult* result) {
  const fs::path path = Orc("stripes_index_bloom.orc");
  RowsResult whole;
  *all = Read(path.string(), {}, &whole);
  Inspection inspection;
  EXPECT_TRUE(InspectFile(path.string(), InspectOptions(), &inspection).ok());
  *stripes = inspection.layout.stripes;
  if (stripes->size() < 2) {
    ADD_FAILURE() << "the file needs two stripes";
    return {};
  }
  std::string bytes = FileBytes(path);
  edit((*stripes)[1], &bytes);
  return ReadBytes(bytes, {}, result);
}

// The second stripe's data overwritten: the first stripe's rows come out,
// then a stop in stripe 1 at the column that broke, with an error inside
// its streams.
TEST(RowsOrc, BrokenStripeStopsAfterTheRowsBefore) {
  std::vector<std::string> all;
  std::vector<StripeExtent> stripes;
  RowsResult result;
  const std::vector<std::string> rows = ReadEdited(
      [](const StripeExtent& s, std::string* bytes) {
        const uint64_t data = s.offset + s.index_length;
        for (uint64_t i = data; i < data + s.data_length; ++i) {
          (*bytes)[i] = '\xff';
        }
      },
      &all, &stripes, &result);
  ASSERT_GE(stripes.size(), 2u);
  const StripeExtent& stripe = stripes[1];
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 1);
  EXPECT_FALSE(result.stop.column.empty());
  // The broken column's streams, inside the stripe's data.
  EXPECT_GE(result.stop.offset, stripe.offset + stripe.index_length);
  EXPECT_GT(result.stop.length, 0u);
  EXPECT_LE(result.stop.offset + result.stop.length,
            stripe.offset + stripe.index_length + stripe.data_length);
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_EQ(result.stop.cause->severity, Severity::kError);
  EXPECT_GE(result.stop.cause->offset, stripe.offset);
  EXPECT_LT(result.stop.cause->offset, stripe.offset + stripe.length);
  ASSERT_LT(rows.size(), all.size());
  EXPECT_GE(rows.size(), static_cast<size_t>(stripes[0].num_rows));
  EXPECT_EQ(rows,
            std::vector<std::string>(all.begin(), all.begin() + rows.size()));
}

// The second stripe's footer overwritten: the column stage never reads
// the stripe, and reading stops there, after every row of the first.
TEST(RowsOrc, StripeWhoseFooterDoesNotDecodeStops) {
  std::vector<std::string> all;
  std::vector<StripeExtent> stripes;
  RowsResult result;
  const std::vector<std::string> rows = ReadEdited(
      [](const StripeExtent& s, std::string* bytes) {
        const uint64_t footer = s.offset + s.index_length + s.data_length;
        for (uint64_t i = footer; i < footer + s.footer_length; ++i) {
          (*bytes)[i] = '\xff';
        }
      },
      &all, &stripes, &result);
  ASSERT_GE(stripes.size(), 2u);
  const StripeExtent& stripe = stripes[1];
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 1);
  EXPECT_EQ(result.stop.column, "");
  EXPECT_EQ(result.stop.offset, stripe.offset);
  EXPECT_EQ(result.stop.length, stripe.length);
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_GE(result.stop.cause->offset, stripe.offset);
  ASSERT_EQ(rows.size(), static_cast<size_t>(stripes[0].num_rows));
  EXPECT_EQ(rows,
            std::vector<std::string>(all.begin(), all.begin() + rows.size()));
}

TEST(RowsOrc, FooterThatDoesNotDecodeStopsAtTheTail) {
  orc::testing::OrcFile file = orc::testing::EmptyFile();
  file.footer = orc::testing::ProtoWriter();
  file.footer.Raw("\xff\xff\xff\xff");
  const std::string bytes = file.Build();
  RowsResult result;
  EXPECT_TRUE(ReadBytes(bytes, {}, &result).empty());
  EXPECT_EQ(result.format, Format::kOrc);
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, -1);
  EXPECT_EQ(result.stop.offset, file.FooterOffset());
  EXPECT_EQ(result.stop.offset + result.stop.length, bytes.size());
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_GE(result.stop.cause->offset, file.FooterOffset());
}

// struct<a:int,b:int> in row groups of 2; b's DATA holds 3 of its 6
// values: rows 0-2 come out, then a stop at b's stream.
TEST(RowsOrc, ShortColumnStopsAtItsStream) {
  ColumnFile f(
      {StructType({"a", "b"}), TypeMessage(orc::kInt), TypeMessage(orc::kInt)},
      6, /*stride=*/2);
  f.Add(orc::kData, 1, IntV1({1, 2, 3, 4, 5, 6}, true));
  const size_t b = f.Add(orc::kData, 2, IntV1({10, 20, 30}, true));
  f.Encode(
      {Encoding(orc::kDirect), Encoding(orc::kDirect), Encoding(orc::kDirect)});
  const std::string bytes = f.Build();
  RowsResult result;
  EXPECT_EQ(
      ReadBytes(bytes, {}, &result),
      (std::vector<std::string>{R"({"a": 1, "b": 10})", R"({"a": 2, "b": 20})",
                                R"({"a": 3, "b": 30})"}));
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 0);
  EXPECT_EQ(result.stop.column, "b");
  EXPECT_EQ(result.stop.offset, f.StreamSpan(b).offset);
  EXPECT_EQ(result.stop.length, f.StreamSpan(b).length);
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_EQ(result.stop.cause->severity, Severity::kError);
  EXPECT_GE(result.stop.cause->offset, f.StreamSpan(b).offset);
  EXPECT_LT(result.stop.cause->offset, f.StreamSpan(b).end());

  // Rows wanted before the break: no stop.
  RowsOptions head;
  head.max_rows = 3;
  RowsResult three;
  EXPECT_EQ(ReadBytes(bytes, head, &three).size(), 3u);
  EXPECT_FALSE(three.stop.stopped);
}

// list<int> whose second list claims 1000 elements of the 3 there are.
TEST(RowsOrc, ListLongerThanItsElementsStops) {
  ColumnFile f(
      {StructType({"l"}), ParentType(orc::kList, {2}), TypeMessage(orc::kInt)},
      2);
  f.Add(orc::kLength, 1, IntV1({1, 1000}, false));
  f.Add(orc::kData, 2, IntV1({7, 8, 9}, true));
  f.Encode(
      {Encoding(orc::kDirect), Encoding(orc::kDirect), Encoding(orc::kDirect)});
  RowsResult result;
  EXPECT_EQ(ReadBytes(f.Build(), {}, &result),
            std::vector<std::string>{R"({"l": [7]})"});
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 0);
  EXPECT_EQ(result.stop.column, "l");
  EXPECT_TRUE(result.stop.cause.has_value());
}

// ---- selections within maps and unions ----------------------------------

// struct<m:map<int,struct<x:int,y:int>>>, one row of two entries.
std::string MapFile() {
  ColumnFile f({StructType({"m"}), ParentType(orc::kMap, {2, 3}),
                TypeMessage(orc::kInt), StructType({"x", "y"}, 4),
                TypeMessage(orc::kInt), TypeMessage(orc::kInt)},
               1);
  f.Add(orc::kLength, 1, IntV1({2}, false));
  f.Add(orc::kData, 2, IntV1({1, 2}, true));
  f.Add(orc::kData, 4, IntV1({10, 20}, true));
  f.Add(orc::kData, 5, IntV1({30, 40}, true));
  f.Encode(std::vector<orc::testing::ProtoWriter>(6, Encoding(orc::kDirect)));
  return f.Build();
}

// struct<u:uniontype<int,struct<x:int>>>, rows tagged 0 and 1.
std::string UnionFile() {
  ColumnFile f(
      {StructType({"u"}), ParentType(orc::kUnion, {2, 3}),
       TypeMessage(orc::kInt), StructType({"x"}, 4), TypeMessage(orc::kInt)},
      2);
  f.Add(orc::kData, 1, ByteRle({0, 1}));
  f.Add(orc::kData, 2, IntV1({5}, true));
  f.Add(orc::kData, 4, IntV1({7}, true));
  f.Encode(std::vector<orc::testing::ProtoWriter>(5, Encoding(orc::kDirect)));
  return f.Build();
}

std::vector<std::string> ReadColumns(const std::string& bytes,
                                     std::vector<std::string> columns) {
  RowsOptions options;
  options.columns = std::move(columns);
  RowsResult result;
  std::vector<std::string> rows = ReadBytes(bytes, options, &result);
  EXPECT_FALSE(result.stop.stopped) << result.stop.reason;
  return rows;
}

TEST(RowsOrc, MapsAndUnionsKeepWhatIsSelected) {
  const std::string map = MapFile();
  EXPECT_EQ(ReadColumns(map, {}),
            std::vector<std::string>{
                R"({"m": [{"key": 1, "value": {"x": 10, "y": 30}}, )"
                R"({"key": 2, "value": {"x": 20, "y": 40}}]})"});
  EXPECT_EQ(ReadColumns(map, {"m.x"}),
            std::vector<std::string>{
                R"({"m": [{"value": {"x": 10}}, {"value": {"x": 20}}]})"});
  const std::string union_file = UnionFile();
  EXPECT_EQ(
      ReadColumns(union_file, {}),
      (std::vector<std::string>{R"({"u": {"tag": 0, "value": 5}})",
                                R"({"u": {"tag": 1, "value": {"x": 7}}})"}));
  EXPECT_EQ(
      ReadColumns(union_file, {"u.x"}),
      (std::vector<std::string>{R"({"u": {"tag": 0}})",
                                R"({"u": {"tag": 1, "value": {"x": 7}}})"}));
}

// ---- timestamps ---------------------------------------------------------

// One TIMESTAMP of `seconds` after 2015-01-01 (DATA) in the writer zone
// `zone`.
std::vector<Cell> ReadTimestamp(int64_t seconds, const std::string& zone,
                                RowsResult* result) {
  ColumnFile f({StructType({"t"}), TypeMessage(orc::kTimestamp)}, 1);
  f.stripe().timezone = zone;
  f.Add(orc::kData, 1, IntV1({seconds}, true));
  f.Add(orc::kSecondary, 1, IntV1({0}, false));
  f.Encode({Encoding(orc::kDirect), Encoding(orc::kDirect)});
  const std::string bytes = f.Build();
  CellRows rows;
  EXPECT_TRUE(ReadRows(AsBytes(bytes), {}, &rows, result).ok());
  return rows.rows;
}

TEST(RowsOrc, UnknownWriterZoneReadsAsUtc) {
  RowsResult result;
  const std::vector<Cell> rows = ReadTimestamp(0, "Mars/Olympus_Mons", &result);
  EXPECT_FALSE(result.stop.stopped) << result.stop.reason;
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].items.size(), 1u);
  const Value& v = rows[0].items[0].value;
  EXPECT_EQ(v.kind, ValueKind::kTimestamp);
  EXPECT_EQ(v.unit, TimeUnit::kNanos);
  EXPECT_FALSE(v.utc);
  EXPECT_EQ(v.integer, int64_t{1420070400} * 1000000000);
}

TEST(RowsOrc, TimestampIsTheWritersWallClock) {
  if (!fs::is_regular_file("/usr/share/zoneinfo/America/Los_Angeles")) {
    GTEST_SKIP() << "the tz database has no America/Los_Angeles";
  }
  // 2015-07-01 00:00 PDT is 181 days less an hour after 2015-01-01 00:00
  // PST: the writer stores that, and the wall clock reads back.
  RowsResult result;
  const std::vector<Cell> rows =
      ReadTimestamp(181 * 86400 - 3600, "America/Los_Angeles", &result);
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].items.size(), 1u);
  EXPECT_EQ(rows[0].items[0].value.integer, int64_t{1435708800} * 1000000000);
  EXPECT_EQ(TimestampText(rows[0].items[0].value), "\"2015-07-01 00:00:00.0\"");
}

// struct<a:struct<a:...>> 200 deep: past colcheck's limit on nesting,
// reading stops before any row rather than recursing that deep.
TEST(RowsOrc, TypesNestedTooDeepStop) {
  std::vector<orc::testing::ProtoWriter> types;
  for (uint32_t i = 0; i < 200; ++i) types.push_back(StructType({"a"}, i + 1));
  types.push_back(StructType({}));
  ColumnFile f(types, 1);
  f.Encode(std::vector<orc::testing::ProtoWriter>(types.size(),
                                                  Encoding(orc::kDirect)));
  RowsResult result;
  EXPECT_TRUE(ReadBytes(f.Build(), {}, &result).empty());
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, -1);
  EXPECT_GT(result.stop.length, 0u);  // The Footer's types.
}

// 9999-12-31 23:59:59 is past int64 nanoseconds: microseconds hold it.
TEST(RowsOrc, TimestampPast2262IsInMicroseconds) {
  const int64_t seconds = 253402300799;
  RowsResult result;
  const std::vector<Cell> rows =
      ReadTimestamp(seconds - 1420070400, "UTC", &result);
  ASSERT_EQ(rows.size(), 1u);
  ASSERT_EQ(rows[0].items.size(), 1u);
  const Value& v = rows[0].items[0].value;
  EXPECT_EQ(v.kind, ValueKind::kTimestamp);
  EXPECT_EQ(v.unit, TimeUnit::kMicros);
  EXPECT_EQ(v.integer, seconds * 1000000);
}

// ---- slots no byte backs ------------------------------------------------

// struct<a:struct<>> of 2^31 rows and no stream: the rows cost the file
// nothing, and reading some of them costs no memory per row either.
TEST(RowsOrc, UnstoredStructSlotsAreCountedNotKept) {
  const uint64_t declared = uint64_t{1} << 31;
  ColumnFile f({StructType({"a"}), StructType({}, 2)}, declared);
  f.Encode({Encoding(orc::kDirect), Encoding(orc::kDirect)});
  const std::string bytes = f.Build();
  RowsOptions head;
  head.max_rows = 3;
  RowsResult result;
  EXPECT_EQ(ReadBytes(bytes, head, &result),
            std::vector<std::string>(3, R"({"a": {}})"));
  EXPECT_FALSE(result.stop.stopped) << result.stop.reason;
  EXPECT_EQ(result.total_rows, static_cast<int64_t>(declared));

  // Millions of rows, each slot counted rather than held.
  Counter counter;
  head.max_rows = uint64_t{3} << 20;
  ASSERT_TRUE(ReadRows(AsBytes(bytes), head, &counter, &result).ok());
  EXPECT_FALSE(result.stop.stopped) << result.stop.reason;
  EXPECT_EQ(counter.rows, head.max_rows);
}

}  // namespace
}  // namespace colcheck
