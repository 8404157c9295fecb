// Fuzz target: the Thrift compact reader on the structures other than
// FileMetaData (footer_fuzzer has that one). The first byte selects where
// the rest of the input goes in a minimal file
// (validator/testing/one_chunk_file.h) of one REQUIRED INT32 column whose
// footer points at it:
//
//   byte 0 (selector)     input[1..]
//   +-----------+-+-+     +-------------------------------+
//   | ignored   |r r|     | the bytes of the region r     |
//   +-----------+-+-+     +-------------------------------+
//    7         2 1 0
//
//   r = 0  PageHeader   "PAR1" | input[1..] | footer | len | "PAR1"
//                       the chunk is exactly input[1..], so its first page
//                       header is decoded from it; level pages.
//   r = 1  ColumnIndex  "PAR1" | page | input[1..] | footer | len | "PAR1"
//   r = 2  OffsetIndex  where `page` is a fixed valid page (one value) and
//   r = 3  BloomFilter  the footer's column_index, offset_index or
//                       bloom_filter offset and length name input[1..];
//                       level pages for the indexes, full for the bloom
//                       filter, which only the full level reads.
//
// Offsets and sizes in the footer are computed from the input length, so
// the fuzzer spends no time finding them. The oracles are fuzz_oracles.h's.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz_oracles.h"
#include "testing/one_chunk_file.h"

namespace colcheck::fuzz {
namespace {

using namespace ::colcheck::testing;  // NOLINT: the file specs and enums.

enum RegionSelector : uint8_t {
  kPageHeaderRegion = 0,
  kColumnIndexRegion = 1,
  kOffsetIndexRegion = 2,
  kBloomFilterRegion = 3,
};

// One PLAIN DATA_PAGE holding the INT32 value 7: a chunk the page index and
// bloom filter regions can describe.
std::vector<uint8_t> FixedPage() {
  const std::vector<uint8_t> body = {7, 0, 0, 0};
  PageHeaderSpec h;
  h.uncompressed_page_size = static_cast<int32_t>(body.size());
  h.compressed_page_size = static_cast<int32_t>(body.size());
  h.num_values = 1;
  std::vector<uint8_t> page = PageHeaderBytes(h);
  Append(body, &page);
  return page;
}

void Run(RegionSelector region, std::span<const uint8_t> input) {
  ChunkSpec chunk;
  chunk.num_rows = 1;
  chunk.num_values = 1;
  std::vector<uint8_t> file = BeginFile();
  const auto input_length = static_cast<int32_t>(input.size());
  if (region == kPageHeaderRegion) {
    chunk.total_compressed_size = input_length;
    chunk.total_uncompressed_size = input_length;
  } else {
    const std::vector<uint8_t> page = FixedPage();
    Append(page, &file);
    chunk.total_compressed_size = static_cast<int64_t>(page.size());
    chunk.total_uncompressed_size = static_cast<int64_t>(page.size());
    const Region named{true, static_cast<int64_t>(file.size()), input_length};
    if (region == kColumnIndexRegion) chunk.column_index = named;
    if (region == kOffsetIndexRegion) chunk.offset_index = named;
    if (region == kBloomFilterRegion) chunk.bloom_filter = named;
  }
  Append(input, &file);
  FinishFile(chunk, &file);
  ValidateAndCheck(std::as_bytes(std::span<const uint8_t>(file)),
                   region == kBloomFilterRegion ? Level::kFull : Level::kPages);
}

}  // namespace
}  // namespace colcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Regions past 2 GiB cannot be described by an i32 length.
  if (size == 0 || size > INT32_MAX) return 0;
  const auto region =
      static_cast<colcheck::fuzz::RegionSelector>(data[0] & 0x03);
  colcheck::fuzz::Run(region, std::span<const uint8_t>(data + 1, size - 1));
  return 0;
}
