// Decoded values of real delta-encoded files against the values their
// writers published (parquet-testing's *_expect.csv), through the page
// walk's ValueTap. Skips when the external corpus is absent.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "parquet/page_walk.h"
#include "parquet/parquet_validator.h"
#include "testing/external_corpus.h"

namespace colcheck::parquet {
namespace {

std::filesystem::path DataDir() {
  return ::colcheck::testing::ExternalCorpusRoot("../shared/corpus-external") /
         "parquet-testing" / "data";
}

// One CSV cell: a quoted or unquoted value, or null (an empty unquoted
// cell), as the expect files write them.
using Cell = std::optional<std::string>;

std::vector<Cell> ParseCsvLine(const std::string& line) {
  std::vector<Cell> cells;
  size_t i = 0;
  while (i <= line.size()) {
    if (i < line.size() && line[i] == '"') {
      std::string value;
      for (++i; i < line.size(); ++i) {
        if (line[i] == '"') {
          if (i + 1 < line.size() && line[i + 1] == '"') {
            value.push_back('"');
            ++i;
          } else {
            ++i;
            break;
          }
        } else {
          value.push_back(line[i]);
        }
      }
      cells.emplace_back(value);
    } else {
      const size_t comma = line.find(',', i);
      const std::string raw = line.substr(
          i, comma == std::string::npos ? std::string::npos : comma - i);
      cells.push_back(raw.empty() ? Cell() : Cell(raw));
      i = comma == std::string::npos ? line.size() : comma;
    }
    if (i >= line.size()) break;
    ++i;  // The comma.
  }
  return cells;
}

// Expected non-null values per column, in row order.
std::vector<std::vector<std::string>> ExpectedColumns(
    const std::filesystem::path& csv) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);  // The header.
  std::vector<std::vector<std::string>> columns(ParseCsvLine(line).size());
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    const std::vector<Cell> cells = ParseCsvLine(line);
    for (size_t c = 0; c < cells.size() && c < columns.size(); ++c) {
      if (cells[c]) columns[c].push_back(*cells[c]);
    }
  }
  return columns;
}

// Collects every decoded value as text: integers in decimal, byte arrays
// as their bytes.
class Collector : public ValueTap {
 public:
  void Values(size_t /*row_group*/, size_t column,
              const ValueBatch& batch) override {
    if (columns.size() <= column) columns.resize(column + 1);
    std::vector<std::string>& out = columns[column];
    for (const auto& v : batch.binary) {
      out.emplace_back(reinterpret_cast<const char*>(v.data()), v.size());
    }
    if (batch.binary.empty() && batch.count > 0) {
      const size_t width = batch.fixed.size() / batch.stored();
      for (size_t i = 0; i < batch.count; ++i) {
        const size_t k = batch.repeated ? 0 : i;
        const auto bytes = batch.fixed.subspan(k * width, width);
        if (width == 4) {
          int32_t v;
          std::memcpy(&v, bytes.data(), 4);
          out.push_back(std::to_string(v));
        } else {
          int64_t v;
          std::memcpy(&v, bytes.data(), 8);
          out.push_back(std::to_string(v));
        }
      }
    }
  }
  std::vector<std::vector<std::string>> columns;
};

class DeltaExpectTest : public ::testing::TestWithParam<const char*> {};

TEST_P(DeltaExpectTest, DecodedValuesMatchTheWritersCsv) {
  const std::filesystem::path data = DataDir();
  const std::string name = GetParam();
  const auto parquet = data / (name + ".parquet");
  const auto csv = data / (name + "_expect.csv");
  if (!std::filesystem::exists(parquet) || !std::filesystem::exists(csv)) {
    GTEST_SKIP() << parquet << " not found; set COLCHECK_EXTERNAL_CORPUS";
  }
  const std::vector<std::byte> bytes =
      ::colcheck::testing::ReadFileBytes(parquet);
  DiagnosticSink sink;
  Collector collector;
  PassHooks hooks;
  hooks.tap = &collector;
  ValidateParquet(ByteReader(bytes), Level::kFull, sink, hooks);
  EXPECT_FALSE(sink.has_errors());
  const auto expected = ExpectedColumns(csv);
  collector.columns.resize(std::max(collector.columns.size(), expected.size()));
  ASSERT_EQ(collector.columns.size(), expected.size());
  size_t values = 0;
  for (size_t c = 0; c < expected.size(); ++c) {
    values += expected[c].size();
    EXPECT_EQ(collector.columns[c], expected[c]) << "column " << c;
  }
  EXPECT_GT(values, 0u);
}

INSTANTIATE_TEST_SUITE_P(ParquetTesting, DeltaExpectTest,
                         ::testing::Values("delta_binary_packed",
                                           "delta_byte_array",
                                           "delta_encoding_optional_column",
                                           "delta_encoding_required_column"));

}  // namespace
}  // namespace colcheck::parquet
