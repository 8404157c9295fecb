// ReadRows on ORC files: whole files, selections, and where reading stops
// in a broken stripe. The values themselves are compared with Apache ORC's
// expected dumps by cli/tests/test_cat.py; here the rows are compared with
// those of the same file read whole.

#include <filesystem>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "colcheck/rows.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

// Rows as the number of cells of each kind and the values' integers and
// texts, in order: enough to tell two readings apart.
void Flatten(const Cell& cell, std::string* out) {
  *out += std::to_string(static_cast<int>(cell.kind)) + cell.name + "(";
  if (cell.kind == Cell::Kind::kValue) {
    *out += std::to_string(cell.value.integer) + cell.value.text +
            std::to_string(cell.value.number);
  }
  for (const Cell& item : cell.items) Flatten(item, out);
  *out += ")";
}

class Rows final : public RowSink {
 public:
  void Row(const Cell& row) override {
    std::string flat;
    Flatten(row, &flat);
    rows.push_back(flat);
  }
  std::vector<std::string> rows;
};

fs::path Orc(const std::string& name) {
  return fs::path(COLCHECK_INSPECT_SOURCE_DIR) / "corpus/orc/valid" / name;
}

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

TEST(RowsOrc, EveryValidCorpusFileReadsWhole) {
  size_t files = 0;
  for (const auto& entry : fs::directory_iterator(Orc(""))) {
    if (entry.path().extension() != ".orc") continue;
    RowsResult result;
    const std::vector<std::string> rows =
        Read(entry.path().string(), {}, &result);
    EXPECT_FALSE(result.stop.stopped)
        << entry.path().filename() << ": " << result.stop.reason;
    EXPECT_EQ(static_cast<int64_t>(rows.size()), result.total_rows)
        << entry.path().filename();
    EXPECT_EQ(result.format, Format::kOrc);
    ++files;
  }
  EXPECT_GT(files, 10u);
}

TEST(RowsOrc, StripeHeadAndColumns) {
  const std::string path = Orc("stripes_index_bloom.orc").string();
  RowsResult whole;
  const std::vector<std::string> all = Read(path, {}, &whole);
  RowsOptions first;
  first.group = 0;
  RowsResult r0;
  const size_t in_first = Read(path, first, &r0).size();
  ASSERT_LT(in_first, all.size()) << "the file needs two stripes";
  RowsOptions second;
  second.group = 1;
  second.max_rows = 3;
  RowsResult r1;
  EXPECT_EQ(Read(path, second, &r1),
            std::vector<std::string>(all.begin() + in_first,
                                     all.begin() + in_first + 3));
  RowsOptions head;
  head.max_rows = 5;
  RowsResult r2;
  EXPECT_EQ(Read(path, head, &r2),
            std::vector<std::string>(all.begin(), all.begin() + 5));

  RowsOptions columns;
  columns.columns = {"meta.origin.host"};
  RowsResult r3;
  const std::vector<std::string> nested =
      Read(Orc("nested.orc").string(), columns, &r3);
  EXPECT_EQ(r3.fields, std::vector<std::string>{"meta"});
  ASSERT_FALSE(nested.empty());
  EXPECT_EQ(nested[0].find("seen"), std::string::npos);

  RowsOptions bad;
  bad.columns = {"nope"};
  Rows rows;
  RowsResult r4;
  EXPECT_FALSE(ReadRowsInFile(path, bad, &rows, &r4).ok());
  bad.columns.clear();
  bad.group = 99;
  EXPECT_FALSE(ReadRowsInFile(path, bad, &rows, &r4).ok());
  EXPECT_TRUE(rows.rows.empty());
}

// The second stripe's data overwritten: the first stripe's rows come out,
// then a stop in stripe 1 with an error inside it.
TEST(RowsOrc, BrokenStripeStopsAfterTheRowsBefore) {
  const std::string path = Orc("stripes_index_bloom.orc").string();
  RowsResult whole;
  const std::vector<std::string> all = Read(path, {}, &whole);
  InspectOptions options;
  Inspection inspection;
  ASSERT_TRUE(InspectFile(path, options, &inspection).ok());
  ASSERT_GE(inspection.layout.stripes.size(), 2u);
  const StripeExtent& stripe = inspection.layout.stripes[1];
  std::ifstream in(path, std::ios::binary);
  std::string bytes{std::istreambuf_iterator<char>(in),
                    std::istreambuf_iterator<char>()};
  const uint64_t data = stripe.offset + stripe.index_length;
  for (uint64_t i = data; i < data + stripe.data_length; ++i) bytes[i] = '\xff';
  RowsResult result;
  const std::vector<std::string> rows =
      Read(path, {}, &result, std::as_bytes(std::span(bytes)));
  ASSERT_TRUE(result.stop.stopped);
  EXPECT_EQ(result.stop.group, 1);
  EXPECT_EQ(result.stop.offset, stripe.offset);
  ASSERT_TRUE(result.stop.cause.has_value());
  EXPECT_EQ(result.stop.cause->severity, Severity::kError);
  EXPECT_GE(result.stop.cause->offset, stripe.offset);
  EXPECT_LT(result.stop.cause->offset, stripe.offset + stripe.length);
  ASSERT_LT(rows.size(), all.size());
  EXPECT_GE(rows.size(), static_cast<size_t>(stripe.num_rows > 0 ? 1 : 0));
  EXPECT_EQ(rows,
            std::vector<std::string>(all.begin(), all.begin() + rows.size()));
}

}  // namespace
}  // namespace colcheck
