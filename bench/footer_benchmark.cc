// Footer validation throughput: ValidateBytes over synthetic, valid Parquet
// files whose footers describe 1,000 to 10,000 leaf columns in 10 row
// groups, the shape of wide tables from feature stores and denormalized
// exports. The complexity is reported against the footer size in bytes and
// should come out linear (O(N)).
//
// The file:
//
//   "PAR1" | data region (zeros) | FileMetaData | u32 LE length | "PAR1"
//
// The schema is a root group and `columns` optional INT64 leaves c0, c1, ...
// Each of the 10 row groups has one chunk per leaf with full ColumnMetaData
// (type, encodings [PLAIN, RLE], path_in_schema, codec, num_values, sizes,
// a data_page_offset inside the data region, Statistics with 8-byte
// min_value/max_value and null_count); chunks lie back to back and never
// overlap. Only the footer is meaningful: the data region is zeros.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "testing/compact_writer.h"
#include "thrift/compact_reader.h"

namespace colcheck {
namespace {

using testing::CompactWriter;
using thrift::WireType;

constexpr int kRowGroups = 10;
constexpr int64_t kRowsPerGroup = 1000;
constexpr int64_t kChunkBytes = 64;  // Per column chunk, in the data region.
constexpr uint64_t kDataBegin = 4;   // After the leading magic.

// parquet.thrift enum values.
constexpr int32_t kInt64 = 2;
constexpr int32_t kOptional = 1;
constexpr int32_t kPlain = 0;
constexpr int32_t kRle = 3;
constexpr int32_t kUncompressed = 0;

// "c<index>", built by appending: `"c" + std::to_string(i)` trips GCC 12's
// -Wrestrict false positive.
std::string ColumnName(int column) {
  std::string name = "c";
  name += std::to_string(column);
  return name;
}

std::string Int64Le(int64_t v) {
  std::string out(8, '\0');
  for (int i = 0; i < 8; ++i) {
    out[i] = static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xFF);
  }
  return out;
}

struct SyntheticFile {
  std::vector<std::byte> bytes;
  uint64_t footer_bytes = 0;
};

void WriteSchema(CompactWriter& w, int columns) {
  w.FieldHeader(2, WireType::kList);
  w.ListHeader(WireType::kStruct, static_cast<uint64_t>(columns) + 1);
  w.BeginStruct();  // The root.
  w.BinaryField(4, "schema");
  w.I32Field(5, columns);
  w.EndStruct();
  for (int c = 0; c < columns; ++c) {
    w.BeginStruct();
    w.I32Field(1, kInt64);
    w.I32Field(3, kOptional);
    w.BinaryField(4, ColumnName(c));
    w.EndStruct();
  }
}

void WriteColumnChunk(CompactWriter& w, int column, int64_t offset) {
  w.BeginStruct();        // ColumnChunk
  w.I64Field(2, offset);  // file_offset: required by the IDL.
  w.FieldHeader(3, WireType::kStruct);
  w.BeginStruct();  // ColumnMetaData
  w.I32Field(1, kInt64);
  w.FieldHeader(2, WireType::kList);
  w.ListHeader(WireType::kI32, 2);
  w.I32(kPlain);
  w.I32(kRle);
  w.FieldHeader(3, WireType::kList);
  w.ListHeader(WireType::kBinary, 1);
  w.Binary(ColumnName(column));
  w.I32Field(4, kUncompressed);
  w.I64Field(5, kRowsPerGroup);
  w.I64Field(6, kChunkBytes);
  w.I64Field(7, kChunkBytes);
  w.I64Field(9, offset);
  w.FieldHeader(12, WireType::kStruct);
  w.BeginStruct();                                          // Statistics
  w.I64Field(3, 0);                                         // null_count
  w.BinaryField(5, Int64Le(int64_t{column} * 1000 + 999));  // max_value
  w.BinaryField(6, Int64Le(int64_t{column} * -1000));       // min_value
  w.EndStruct();
  w.EndStruct();  // ColumnMetaData
  w.EndStruct();  // ColumnChunk
}

void WriteRowGroups(CompactWriter& w, int columns) {
  w.FieldHeader(4, WireType::kList);
  w.ListHeader(WireType::kStruct, kRowGroups);
  int64_t offset = kDataBegin;
  for (int g = 0; g < kRowGroups; ++g) {
    const int64_t first = offset;
    w.BeginStruct();  // RowGroup
    w.FieldHeader(1, WireType::kList);
    w.ListHeader(WireType::kStruct, static_cast<uint64_t>(columns));
    for (int c = 0; c < columns; ++c) {
      WriteColumnChunk(w, c, offset);
      offset += kChunkBytes;
    }
    const int64_t size = offset - first;
    w.I64Field(2, size);  // total_byte_size
    w.I64Field(3, kRowsPerGroup);
    w.I64Field(5, first);  // file_offset
    w.I64Field(6, size);   // total_compressed_size
    w.I16Field(7, static_cast<int16_t>(g));
    w.EndStruct();
  }
}

SyntheticFile MakeFile(int columns) {
  const uint64_t data_bytes =
      static_cast<uint64_t>(columns) * kRowGroups * kChunkBytes;
  CompactWriter w(kDataBegin + data_bytes);
  w.I32Field(1, 2);  // version
  WriteSchema(w, columns);
  w.I64Field(3, kRowsPerGroup * kRowGroups);
  WriteRowGroups(w, columns);
  w.BinaryField(6, "colcheck-bench version 0.1.0 (build 0)");
  w.FieldHeader(7, WireType::kList);
  w.ListHeader(WireType::kStruct, static_cast<uint64_t>(columns));
  for (int c = 0; c < columns; ++c) {
    w.BeginStruct();  // union ColumnOrder
    w.FieldHeader(1, WireType::kStruct);
    w.BeginStruct();  // TypeDefinedOrder
    w.EndStruct();
    w.EndStruct();
  }
  w.EndStruct();  // FileMetaData

  SyntheticFile file;
  file.footer_bytes = w.size();
  auto append = [&file](std::string_view s) {
    for (char c : s) file.bytes.push_back(static_cast<std::byte>(c));
  };
  file.bytes.reserve(kDataBegin + data_bytes + w.size() + 8);
  append("PAR1");
  file.bytes.resize(kDataBegin + data_bytes);
  file.bytes.insert(file.bytes.end(), w.bytes().begin(), w.bytes().end());
  const auto length = static_cast<uint32_t>(w.size());
  for (int shift = 0; shift < 32; shift += 8) {
    file.bytes.push_back(static_cast<std::byte>((length >> shift) & 0xFF));
  }
  append("PAR1");
  return file;
}

// The synthetic file's data region is zeros: only its footer is measured.
Options FooterOnly() {
  Options options;
  options.level = Level::kFooter;
  return options;
}

// Builds each size once and checks, outside any timing, that it validates
// without errors: a benchmark of a file that stops at its first error would
// measure nothing.
const SyntheticFile& FileWithColumns(int columns) {
  static std::map<int, SyntheticFile>* const files =
      new std::map<int, SyntheticFile>();
  auto it = files->find(columns);
  if (it != files->end()) return it->second;
  SyntheticFile file = MakeFile(columns);
  const Report report = ValidateBytes(file.bytes, FooterOnly());
  size_t errors = 0;
  for (const Diagnostic& d : report.diagnostics) {
    if (d.severity == Severity::kError) ++errors;
  }
  if (errors > 0 || report.verdict != Verdict::kValid) {
    std::fprintf(stderr,
                 "footer_benchmark: the synthetic file with %d columns is "
                 "%s with %zu errors:\n",
                 columns, std::string(VerdictName(report.verdict)).c_str(),
                 errors);
    size_t shown = 0;
    for (const Diagnostic& d : report.diagnostics) {
      if (++shown > 50) break;
      std::fprintf(stderr, "  %s %s [%llu, +%llu) %s: %s\n",
                   std::string(SeverityName(d.severity)).c_str(),
                   std::string(Info(d.code).name).c_str(),
                   static_cast<unsigned long long>(d.offset),
                   static_cast<unsigned long long>(d.length), d.field.c_str(),
                   d.message.c_str());
    }
    std::abort();
  }
  if (!report.diagnostics.empty()) {
    std::fprintf(stderr,
                 "footer_benchmark: %d columns: %zu warnings and infos, "
                 "first: %s\n",
                 columns, report.diagnostics.size(),
                 std::string(Info(report.diagnostics[0].code).name).c_str());
  }
  return files->emplace(columns, std::move(file)).first->second;
}

void BM_ValidateFooter(benchmark::State& state) {
  const int columns = static_cast<int>(state.range(0));
  const SyntheticFile& file = FileWithColumns(columns);
  const Options options = FooterOnly();
  for (auto _ : state) {
    Report report = ValidateBytes(file.bytes, options);
    benchmark::DoNotOptimize(report);
  }
  state.SetComplexityN(static_cast<int64_t>(file.footer_bytes));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(file.footer_bytes));
  state.counters["footer_MB"] =
      static_cast<double>(file.footer_bytes) / (1024.0 * 1024.0);
  state.counters["row_groups"] = kRowGroups;
}
BENCHMARK(BM_ValidateFooter)
    ->ArgName("columns")
    ->Arg(1000)
    ->Arg(2500)
    ->Arg(5000)
    ->Arg(10000)
    ->Unit(benchmark::kMillisecond)
    ->Complexity(benchmark::oN);

// `footer_benchmark --write COLUMNS PATH` writes the synthetic file with
// COLUMNS leaves to PATH instead of benchmarking, so that a whole process
// (`colcheck validate --level footer PATH`) can be timed on it.
int WriteFile(const char* columns_arg, const char* path) {
  const int columns = std::atoi(columns_arg);
  if (columns <= 0) {
    std::fprintf(stderr, "footer_benchmark: bad column count %s\n",
                 columns_arg);
    return 2;
  }
  const SyntheticFile& file = FileWithColumns(columns);
  std::FILE* out = std::fopen(path, "wb");
  if (out == nullptr ||
      std::fwrite(file.bytes.data(), 1, file.bytes.size(), out) !=
          file.bytes.size() ||
      std::fclose(out) != 0) {
    std::fprintf(stderr, "footer_benchmark: cannot write %s\n", path);
    return 2;
  }
  return 0;
}

}  // namespace
}  // namespace colcheck

int main(int argc, char** argv) {
  if (argc == 4 && std::string_view(argv[1]) == "--write") {
    return colcheck::WriteFile(argv[2], argv[3]);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
