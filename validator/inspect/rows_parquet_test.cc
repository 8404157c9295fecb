// ReadRows on Parquet files: record assembly of flat, optional, nested,
// list and map columns, selections, and where reading stops in a broken
// file. Values are checked through a compact rendering of the cells
// (Render below), so that a row reads as one line.

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "colcheck/rows.h"
#include "core/strings.h"
#include "gtest/gtest.h"
#include "testing/external_corpus.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

// Scalars as their number or text; lists [a,b]; structs {name:v}.
std::string Render(const Cell& cell) {
  switch (cell.kind) {
    case Cell::Kind::kNull:
      return "null";
    case Cell::Kind::kValue: {
      const Value& v = cell.value;
      switch (v.kind) {
        case ValueKind::kBoolean:
          return v.boolean ? "true" : "false";
        case ValueKind::kInt:
        case ValueKind::kDate:
        case ValueKind::kTime:
        case ValueKind::kTimestamp:
          return StrCat(v.integer);
        case ValueKind::kUInt:
          return StrCat(v.uinteger);
        case ValueKind::kFloat:
          return std::to_string(v.number);
        default:
          return "'" + v.text + "'";
      }
    }
    case Cell::Kind::kList: {
      std::string out = "[";
      for (size_t i = 0; i < cell.items.size(); ++i) {
        out += (i > 0 ? "," : "") + Render(cell.items[i]);
      }
      return out + "]";
    }
    case Cell::Kind::kStruct: {
      std::string out = "{";
      for (size_t i = 0; i < cell.items.size(); ++i) {
        out += (i > 0 ? "," : "") + cell.items[i].name + ":" +
               Render(cell.items[i]);
      }
      return out + "}";
    }
  }
  return "";
}

class Lines final : public RowSink {
 public:
  void Row(const Cell& row) override { lines.push_back(Render(row)); }
  std::vector<std::string> lines;
};

fs::path Corpus(const std::string& name) {
  return fs::path(COLCHECK_INSPECT_SOURCE_DIR) / "corpus/valid" / name;
}

std::vector<std::string> Read(const fs::path& path,
                              const RowsOptions& options = {},
                              RowsResult* out = nullptr) {
  Lines lines;
  RowsResult result;
  const Status status = ReadRowsInFile(path.string(), options, &lines, &result);
  EXPECT_TRUE(status.ok()) << status.message();
  if (std::getenv("COLCHECK_ROWS_DUMP") != nullptr) {
    for (const std::string& l : lines.lines) std::printf("%s\n", l.c_str());
  }
  if (out != nullptr) *out = result;
  return lines.lines;
}

std::string Slurp(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> ReadBytes(const std::string& bytes,
                                   const RowsOptions& options,
                                   RowsResult* result) {
  Lines lines;
  const Status status =
      ReadRows(std::as_bytes(std::span(bytes)), options, &lines, result);
  EXPECT_TRUE(status.ok()) << status.message();
  return lines.lines;
}

// The item named `name` of a struct cell's rendering is what Render gives
// for it: rows render as {a:...,b:...}, so a selection is checked by
// rendering the full row's field alone.
std::string Field(const fs::path& path, size_t row, size_t field) {
  RowsOptions options;
  options.max_rows = row + 1;
  struct One final : RowSink {
    void Row(const Cell& r) override { last = r; }
    Cell last;
  } one;
  RowsResult result;
  EXPECT_TRUE(ReadRowsInFile(path.string(), options, &one, &result).ok());
  const Cell& f = one.last.items.at(field);
  return f.name + ":" + Render(f);
}

// Nested shapes checked against DuckDB 1.x (peers/read_values.mjs) on the
// generated file, where DuckDB follows LogicalTypes.md; "array" and
// "<name>_tuple" groups stay structs here, as its backward-compatibility
// rules say (DuckDB unwraps them).
TEST(RowsParquet, ListShapes) {
  const std::vector<std::string> rows = Read(Corpus("lists.parquet"));
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows[0],
            "{nullable:[75,30],required:['zzz'],two_level:null,"
            "two_level_group:[{k:72,v:'x'}],array_shape:null,"
            "tuple_shape:[{s:'x'},{s:null}],structs:[{x:40,y:null},null],"
            "nested:[[null,null]],old_nested:[[-5],[]]}");
  EXPECT_EQ(rows[1],
            "{nullable:[],required:[],two_level:null,two_level_group:[{k:38,"
            "v:null},{k:22,v:'zzz'},{k:16,v:''}],array_shape:[{n:11}],"
            "tuple_shape:[{s:'zzz'},{s:null}],structs:null,nested:[[78]],"
            "old_nested:[[50]]}");
}

// Rule 3: `repeated group bag { repeated int32 v }` under a LIST cannot be
// the middle of a three-level list, as its one field is repeated, so each
// element is a struct holding the list v. DuckDB, Polars, arrow-rs,
// hyparquet and parquet.js all read it as a list of lists
// (conformance/RESULTS.md).
TEST(RowsParquet, RepeatedGroupWithOneRepeatedFieldIsTheElement) {
  const std::vector<std::string> rows =
      Read(fs::path(COLCHECK_INSPECT_SOURCE_DIR) /
           "conformance/suite/cases/y_list.two-level_repeated-child.parquet");
  EXPECT_EQ(rows, (std::vector<std::string>{"{my_list:[{v:[1,2]},{v:[]}]}",
                                            "{my_list:null}",
                                            "{my_list:[{v:[3]}]}"}));
}

TEST(RowsParquet, MapShapes) {
  const std::vector<std::string> rows = Read(Corpus("maps.parquet"));
  ASSERT_GE(rows.size(), 3u);
  EXPECT_EQ(rows[2],
            "{modern:[{key:'c',value:8},{key:'d',value:5},{key:'',value:0}],"
            "legacy:[{key:'',value:0.500000}],key_value_only:[],of_lists:[],"
            "of_structs:null,of_maps:[{key:'a',value:[]},{key:'',value:[{key:"
            "1,value:4}]},{key:'d',value:[{key:7,value:2},{key:8,value:4}]}]}");
}

// Every generated valid file reads whole: as many rows as the footer
// declares, with no stop.
TEST(RowsParquet, EveryValidCorpusFileReadsWhole) {
  const fs::path dir = Corpus("");
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir)) {
    if (entry.path().extension() != ".parquet") continue;
    // An encrypted file reads with the keys beside it: generators_encryption
    // compares its rows with its plaintext twin's.
    fs::path keys = entry.path();
    if (fs::exists(keys.replace_extension(".keys.yaml"))) continue;
    RowsResult result;
    const std::vector<std::string> rows = Read(entry.path(), {}, &result);
    EXPECT_FALSE(result.stop.stopped)
        << entry.path().filename() << ": " << result.stop.reason;
    EXPECT_EQ(static_cast<int64_t>(rows.size()), result.total_rows)
        << entry.path().filename();
    ++files;
  }
  EXPECT_GT(files, 20u);
}

TEST(RowsParquet, ColumnsKeepOnlyTheFieldsAskedFor) {
  const fs::path file = Corpus("nested_struct.parquet");
  RowsOptions options;
  options.columns = {"meta.origin.host", "id"};
  RowsResult result;
  const std::vector<std::string> rows = Read(file, options, &result);
  ASSERT_FALSE(rows.empty());
  EXPECT_EQ(result.fields, (std::vector<std::string>{"id", "meta"}));
  // Row 1 of the file: meta.origin is {host:'delta',port:1046}.
  EXPECT_EQ(rows[1],
            "{" + Field(file, 1, 0) + ",meta:{origin:{host:'delta'}}}");
  options.columns = {"point"};
  EXPECT_EQ(Read(file, options)[3], "{" + Field(file, 3, 1) + "}");
}

TEST(RowsParquet, UnknownColumnIsAnError) {
  RowsOptions options;
  options.columns = {"point.nope"};
  Lines lines;
  RowsResult result;
  const Status status = ReadRowsInFile(Corpus("nested_struct.parquet").string(),
                                       options, &lines, &result);
  EXPECT_FALSE(status.ok());
  EXPECT_TRUE(lines.lines.empty());
}

TEST(RowsParquet, GroupAndHeadSelectRows) {
  // The file has three row groups; the rows of group 1 follow those of
  // group 0 in a whole read.
  const fs::path file = Corpus("nested_struct.parquet");
  RowsResult all_result;
  const std::vector<std::string> all = Read(file, {}, &all_result);
  RowsOptions first;
  first.group = 0;
  RowsResult first_result;
  const size_t in_first = Read(file, first, &first_result).size();
  ASSERT_LT(in_first, all.size()) << "the file needs two row groups";
  RowsOptions second;
  second.group = 1;
  second.max_rows = 2;
  const std::vector<std::string> rows = Read(file, second);
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], all[in_first]);
  EXPECT_EQ(rows[1], all[in_first + 1]);
  RowsOptions head;
  head.max_rows = 3;
  EXPECT_EQ(Read(file, head),
            std::vector<std::string>(all.begin(), all.begin() + 3));

  second.group = 1000;
  Lines lines;
  RowsResult result;
  EXPECT_FALSE(ReadRowsInFile(file.string(), second, &lines, &result).ok());
}

// A page broken in the middle of the file: the rows before it come out
// as the whole file gives them, and the stop names the row group, the
// column, the page and an error inside it.
TEST(RowsParquet, BrokenPageStopsWithTheRowsBefore) {
  const fs::path file = Corpus("mutation_base.parquet");
  const std::vector<std::string> all = Read(file);
  InspectOptions inspect;
  Inspection inspection;
  ASSERT_TRUE(InspectFile(file.string(), inspect, &inspection).ok());
  // The last data page of the second row group's column 6, an optional
  // string: 0xFF makes its lengths run past the page.
  const Region* page = nullptr;
  for (const Region& r : inspection.layout.regions) {
    if (r.kind == RegionKind::kDataPage && r.container == 1 && r.column == 6) {
      page = &r;
    }
  }
  ASSERT_NE(page, nullptr);
  std::string bytes = Slurp(file);
  // Overwrite the page's body end with 0xFF: its values no longer decode
  // or its levels run past their maximum.
  for (uint64_t i = page->offset + page->length / 2;
       i < page->offset + page->length; ++i) {
    bytes[i] = '\xff';
  }
  RowsResult result;
  const std::vector<std::string> rows = ReadBytes(bytes, {}, &result);
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 1);
  EXPECT_EQ(result.stop.column,
            inspection.schema.fields[inspection.schema.leaves[6]].path);
  EXPECT_LE(result.stop.offset, page->offset);
  EXPECT_GE(result.stop.offset + result.stop.length,
            page->offset + page->length);
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_EQ(result.stop.cause->severity, Severity::kError);
  EXPECT_GE(result.stop.cause->offset, result.stop.offset);
  ASSERT_LT(rows.size(), all.size());
  EXPECT_EQ(rows,
            std::vector<std::string>(all.begin(), all.begin() + rows.size()));
  EXPECT_EQ(result.rows, rows.size());
}

TEST(RowsParquet, TruncatedFileStopsAtTheFooter) {
  std::string bytes = Slurp(Corpus("flat_required.parquet"));
  bytes.resize(bytes.size() - 3);
  RowsResult result;
  EXPECT_TRUE(ReadBytes(bytes, {}, &result).empty());
  EXPECT_TRUE(result.stop.stopped);
  ASSERT_TRUE(result.stop.cause.has_value());
}

// The parquet-testing files whose values the suite gives as CSV
// (*_expect.csv) read to as many rows; the values themselves are compared
// by cli/tests/test_cat.py through `colcheck cat --format csv`.
TEST(RowsParquet, ExternalFilesReadWhole) {
  const fs::path root = ::colcheck::testing::ExternalCorpusRoot();
  if (root.empty()) GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set";
  const fs::path dir = root / "parquet-testing" / "data";
  for (const char* name :
       {"delta_binary_packed.parquet", "delta_byte_array.parquet",
        "delta_encoding_optional_column.parquet",
        "delta_encoding_required_column.parquet", "nested_lists.snappy.parquet",
        "nested_maps.snappy.parquet", "old_list_structure.parquet",
        "nonnullable.impala.parquet", "nullable.impala.parquet"}) {
    if (!fs::exists(dir / name)) continue;
    RowsResult result;
    const std::vector<std::string> rows = Read(dir / name, {}, &result);
    EXPECT_FALSE(result.stop.stopped) << name << ": " << result.stop.reason;
    EXPECT_EQ(static_cast<int64_t>(rows.size()), result.total_rows) << name;
  }
}

}  // namespace
}  // namespace colcheck
