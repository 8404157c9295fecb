// ORC validation throughput against plain decompression of the same bytes.
//
//   orc_benchmark [--benchmark_...] [FILE.orc]
//
// FILE defaults to the largest Apache ORC example,
// $COLCHECK_EXTERNAL_CORPUS/orc/TestOrcFile.testSeek.orc (1.9 MB, ZLIB,
// 7 stripes). Two measurements over the file held in memory:
//
//   Validate/full     colcheck::ValidateBytes at Level::kFull: the tail, the
//                     footer, every stripe footer, every stream decompressed
//                     and decoded, statistics, indexes, bloom filters.
//   Decompress/all    only the decompression of every region the file has
//                     (Footer, Metadata, stripe footers and every stream),
//                     through the same chunk decoder and codec contexts,
//                     with the region list built once outside the loop.
//
// Bytes per second are of the file; the ratio Validate/Decompress is what
// validation costs on top of reading the data at all.

#include <benchmark/benchmark.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "orc/compression.h"
#include "orc/footer.h"
#include "orc/stripe.h"
#include "orc/tail.h"
#include "orc/testing/file_reader.h"
#include "orc/types.h"

namespace colcheck::orc {
namespace {

std::vector<std::byte>& File() {
  static std::vector<std::byte> bytes;
  return bytes;
}

// Every region of the file, found by reading the tail and stripe footers.
std::vector<ByteSpan>& Regions() {
  static std::vector<ByteSpan> regions;
  return regions;
}

Tail& FileTail() {
  static Tail tail;
  return tail;
}

bool FindRegions() {
  const ByteReader file(File());
  DiagnosticSink sink;
  Tail& tail = FileTail();
  if (!ReadTail(file, sink, &tail)) return false;
  RegionDecoder regions;
  DecodedRegion footer_region;
  Footer footer;
  if (!testing::ReadFooter(file, tail, regions, sink, &footer_region,
                           &footer)) {
    return false;
  }
  Regions() = {tail.footer};
  if (tail.metadata.length > 0) Regions().push_back(tail.metadata);
  const TypeTree types = CheckTypes(footer, sink);
  const StripeContext context{footer, types, false};
  for (size_t i = 0; i < footer.stripes.value.size(); ++i) {
    const StripeInformation& info = footer.stripes.value[i].value;
    uint64_t end = 0;
    if (!StripeEnd(info, &end)) return false;
    const ByteSpan span = {end - info.footer_length.value,
                           info.footer_length.value};
    DecodedRegion region;
    StripeFooter stripe_footer;
    if (!testing::ReadStripeFooter(file, tail, span, regions, sink, &region,
                                   &stripe_footer)) {
      return false;
    }
    Regions().push_back(span);
    const StripeLayout layout =
        CheckStripeFooter(context, i, info, stripe_footer, span, sink);
    for (const StreamRegion& s : layout.streams) Regions().push_back(s.bytes);
  }
  return true;
}

void BM_ValidateFull(benchmark::State& state) {
  Options options;
  options.level = Level::kFull;
  size_t errors = 0;
  for (auto _ : state) {
    const Report report = ValidateBytes(File(), options);
    errors = 0;
    for (const Diagnostic& d : report.diagnostics) {
      errors += d.severity == Severity::kError;
    }
    benchmark::DoNotOptimize(report);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(File().size()));
  state.counters["errors"] = static_cast<double>(errors);
}

void BM_DecompressAll(benchmark::State& state) {
  const ByteReader file(File());
  RegionDecoder regions;
  uint64_t decoded = 0;
  for (auto _ : state) {
    DiagnosticSink sink;
    decoded = 0;
    for (const ByteSpan& span : Regions()) {
      ByteReader bytes;
      DecodedRegion region;
      if (!file.Sub(span.offset, span.length, &bytes)) continue;
      (void)regions.DecodeRegion(bytes, FileTail().compression,
                                 FileTail().block_size, RegionUse::kStream,
                                 sink, "", &region);
      decoded += region.bytes().size();
    }
    benchmark::DoNotOptimize(decoded);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) *
                          static_cast<int64_t>(File().size()));
  state.counters["decoded_bytes"] = static_cast<double>(decoded);
  state.counters["regions"] = static_cast<double>(Regions().size());
}

BENCHMARK(BM_ValidateFull)->Name("Validate/full")->Unit(benchmark::kMillisecond);
BENCHMARK(BM_DecompressAll)
    ->Name("Decompress/all")
    ->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace colcheck::orc

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  std::string path;
  if (argc > 1) {
    path = argv[1];
  } else {
    const char* corpus = std::getenv("COLCHECK_EXTERNAL_CORPUS");
    path = std::string(corpus ? corpus : "../shared/corpus-external") +
           "/orc/TestOrcFile.testSeek.orc";
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "orc_benchmark: cannot read %s\n", path.c_str());
    return 2;
  }
  const std::string bytes((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  auto& file = colcheck::orc::File();
  file.resize(bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) {
    file[i] = static_cast<std::byte>(bytes[i]);
  }
  if (!colcheck::orc::FindRegions()) {
    std::fprintf(stderr, "orc_benchmark: %s does not read as ORC\n",
                 path.c_str());
    return 2;
  }
  std::printf("file: %s (%zu bytes, %zu regions)\n", path.c_str(), file.size(),
              colcheck::orc::Regions().size());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
