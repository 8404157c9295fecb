// Hostile inputs, validated at level full in-process: the files under
// fuzz/regressions/, and files whose pages each claim 2^31 - 1 values in
// 80 bytes (the shape of num_values_int32_max_required.parquet), 1 to 1000
// pages. Their time must follow their bytes, not what they claim; each
// benchmark prints the steps Report::work counted per input byte (Parquet's
// levels and values, ORC's runs and batches).
//
//   build-bench/bench/hostile_benchmark [--benchmark_filter=...]

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <limits>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "testing/external_corpus.h"
#include "testing/page_file.h"

namespace colcheck {
namespace {

void Validate(benchmark::State& state, std::span<const std::byte> bytes) {
  Options options;
  options.level = Level::kFull;
  Report report;
  for (auto _ : state) {
    report = ValidateBytes(bytes, options);
    benchmark::DoNotOptimize(report);
  }
  const Work& w = report.work;
  state.counters["bytes"] = static_cast<double>(bytes.size());
  // At least 1: the empty file reads no byte and takes no step.
  const double read = static_cast<double>(
      std::max<uint64_t>(bytes.size() + w.decompressed_bytes, 1));
  state.counters["steps_per_byte"] =
      static_cast<double>(w.level_steps + w.value_batches) / read;
  state.counters["orc_steps_per_byte"] = static_cast<double>(w.orc_steps) / read;
  state.counters["diagnostics"] =
      static_cast<double>(report.diagnostics.size());
}

// A REQUIRED INT32 column of `pages` pages, each claiming 2^31 - 1 values
// and holding 80 bytes.
testing::Bytes ClaimingPages(int pages) {
  testing::PageFileBuilder b;
  testing::PageOptions o;
  o.num_values = std::numeric_limits<int32_t>::max();
  for (int i = 0; i < pages; ++i) b.AddPage(o, testing::Bytes(80));
  b.set_num_rows(10);
  return b.Finish().bytes;
}

void BM_ClaimingPages(benchmark::State& state) {
  const testing::Bytes file = ClaimingPages(static_cast<int>(state.range(0)));
  Validate(state, file);
}
BENCHMARK(BM_ClaimingPages)
    ->ArgName("pages")
    ->Arg(1)
    ->Arg(1000)
    ->Unit(benchmark::kMicrosecond);

void RegisterRegressions() {
  const std::filesystem::path dir = COLCHECK_REGRESSIONS_DIR;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (!entry.is_regular_file()) continue;
    auto bytes = std::make_shared<std::vector<std::byte>>(
        testing::ReadFileBytes(entry.path()));
    benchmark::RegisterBenchmark(
        ("BM_Regression/" + entry.path().filename().string()).c_str(),
        [bytes](benchmark::State& state) { Validate(state, *bytes); })
        ->Unit(benchmark::kMicrosecond);
  }
}

}  // namespace
}  // namespace colcheck

int main(int argc, char** argv) {
  colcheck::RegisterRegressions();
  benchmark::Initialize(&argc, argv);
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
