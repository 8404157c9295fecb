// Parquet validation throughput against plain decompression of the same
// pages: how far `full` is from the floor any reader of the file pays.
//
//   parquet_benchmark [--benchmark_...] FILE.parquet
//
// Measurements over the file held in memory:
//
//   Validate/full      colcheck::ValidateBytes at Level::kFull on one thread.
//   Validate/full/N    the same on N threads (Options::threads), N = 2 and
//                      the number of processors when that is more.
//   Decompress/all     only the decompression of every page body (a V2
//                      page's values section; its levels are stored
//                      uncompressed) into one reused buffer, through the
//                      same codec contexts, with the page list built once
//                      outside the loop from the footer and page headers.
//
// Bytes per second are of the file; Validate/Decompress is what validation
// costs on top of reading the data at all. bench/pages_bench.py runs it on
// the DuckDB and Polars files it times the CLI on.

#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <span>
#include <string>
#include <thread>
#include <vector>

#include "codec/codec.h"
#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "parquet/metadata.h"
#include "parquet/metadata_decoder.h"
#include "parquet/rules.h"
#include "parquet/tail.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

// A page body to decompress: where its compressed bytes are, the codec,
// and the size it decompresses to.
struct CompressedPage {
  int32_t codec = 0;
  ByteSpan input;
  uint64_t output_size = 0;
};

std::vector<std::byte>& File() {
  static std::vector<std::byte> bytes;
  return bytes;
}

std::vector<CompressedPage>& Pages() {
  static std::vector<CompressedPage> pages;
  return pages;
}

// The page at `pos` as a CompressedPage; returns where the next page
// starts, or 0 when the header does not decode.
uint64_t AddPage(const ByteReader& file, uint64_t pos, uint64_t end,
                 int32_t codec) {
  ByteReader bytes;
  if (!file.Sub(pos, end - pos, &bytes)) return 0;
  DiagnosticSink sink;
  thrift::Decoder d(bytes, &sink);
  PageHeader h;
  if (!DecodePageHeader(d, &h) || d.failed() ||
      h.compressed_page_size.value < 0 || h.uncompressed_page_size.value < 0) {
    return 0;
  }
  const uint64_t body = d.reader().position();
  uint64_t skip = 0;  // V2 levels, stored uncompressed before the values.
  bool compressed = true;
  if (h.data_page_header_v2.present) {
    const DataPageHeaderV2& v2 = h.data_page_header_v2.value;
    skip = static_cast<uint64_t>(
        std::max(0, v2.definition_levels_byte_length.value) +
        std::max(0, v2.repetition_levels_byte_length.value));
    compressed = !v2.is_compressed.present || v2.is_compressed.value;
  }
  const uint64_t in = static_cast<uint64_t>(h.compressed_page_size.value);
  const uint64_t out = static_cast<uint64_t>(h.uncompressed_page_size.value);
  if (compressed && skip <= in && skip <= out) {
    Pages().push_back({codec, {body + skip, in - skip}, out - skip});
  }
  return body + in;
}

bool FindPages() {
  const ByteReader file(File());
  DiagnosticSink sink;
  Tail tail;
  if (!ReadTail(file, sink, &tail) || tail.encrypted_footer) return false;
  ByteReader footer;
  if (!file.Sub(tail.footer.offset, tail.footer.length, &footer)) return false;
  thrift::Decoder d(footer, &sink);
  FileMetaData md;  // Pages() keeps spans only, not the model.
  if (!DecodeFileMetaData(d, &md) || d.failed()) return false;
  for (const auto& rg : md.row_groups.value) {
    for (const auto& chunk : rg.value.columns.value) {
      const ColumnMetaData& m = chunk.value.meta_data.value;
      const Spanned<int64_t>* start = ChunkStartField(m);
      if (start == nullptr || start->value < 0 ||
          m.total_compressed_size.value < 0) {
        return false;
      }
      uint64_t pos = static_cast<uint64_t>(start->value);
      const uint64_t end =
          pos + static_cast<uint64_t>(m.total_compressed_size.value);
      if (end > File().size()) return false;
      while (pos < end) {
        pos = AddPage(file, pos, end, m.codec.value);
        if (pos == 0) return false;
      }
    }
  }
  return true;
}

void ValidateFull(benchmark::State& state, size_t threads) {
  Options options;
  options.level = Level::kFull;
  options.threads = threads;
  size_t diagnostics = 0;
  for (auto _ : state) {
    const Report report = ValidateBytes(File(), options);
    diagnostics = report.diagnostics.size();
    benchmark::DoNotOptimize(report);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(File().size()));
  state.counters["diagnostics"] = static_cast<double>(diagnostics);
}

void BM_DecompressAll(benchmark::State& state) {
  const ByteReader file(File());
  codec::Decompressor codecs;
  uint64_t largest = 0;
  for (const CompressedPage& p : Pages()) {
    largest = std::max(largest, p.output_size);
  }
  std::vector<std::byte> buffer(largest);
  uint64_t decompressed = 0;
  size_t failures = 0;
  for (auto _ : state) {
    decompressed = 0;
    failures = 0;
    for (const CompressedPage& p : Pages()) {
      const std::span<const std::byte> in = file.Bytes(p.input);
      const codec::Result r = codecs.Decompress(
          p.codec, in, std::span<std::byte>(buffer.data(), p.output_size));
      failures += r.outcome != codec::Outcome::kOk;
      decompressed += p.output_size;
    }
    benchmark::DoNotOptimize(buffer.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(File().size()));
  state.counters["decompressed_bytes"] = static_cast<double>(decompressed);
  state.counters["pages"] = static_cast<double>(Pages().size());
  state.counters["failures"] = static_cast<double>(failures);
}

void Register() {
  benchmark::RegisterBenchmark("Validate/full", ValidateFull, size_t{1})
      ->Unit(benchmark::kMillisecond);
  const size_t processors = std::max(1u, std::thread::hardware_concurrency());
  std::vector<size_t> thread_counts = {2};
  if (processors > 2) thread_counts.push_back(processors);
  for (const size_t threads : thread_counts) {
    // Wall time: the process's CPU time is the sum over its threads.
    benchmark::RegisterBenchmark(
        ("Validate/full/" + std::to_string(threads)).c_str(), ValidateFull,
        threads)
        ->Unit(benchmark::kMillisecond)
        ->UseRealTime();
  }
  benchmark::RegisterBenchmark("Decompress/all", BM_DecompressAll)
      ->Unit(benchmark::kMillisecond);
}

}  // namespace
}  // namespace colcheck::parquet

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (argc != 2) {
    std::fprintf(stderr,
                 "usage: parquet_benchmark [--benchmark_...] FILE.parquet\n");
    return 2;
  }
  const std::string path = argv[1];
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "parquet_benchmark: cannot read %s\n", path.c_str());
    return 2;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  auto& file = colcheck::parquet::File();
  file.resize(bytes.size());
  std::transform(bytes.begin(), bytes.end(), file.begin(),
                 [](char c) { return static_cast<std::byte>(c); });
  if (!colcheck::parquet::FindPages()) {
    std::fprintf(stderr,
                 "parquet_benchmark: %s has no plaintext footer whose chunks "
                 "and page headers all decode\n",
                 path.c_str());
    return 2;
  }
  std::printf("file: %s (%zu bytes, %zu compressed pages)\n", path.c_str(),
              file.size(), colcheck::parquet::Pages().size());
  colcheck::parquet::Register();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
