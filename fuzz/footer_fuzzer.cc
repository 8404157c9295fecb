// Fuzz target: the input is a raw FileMetaData footer. It is wrapped as
//
//   "PAR1" | input | u32 LE len(input) | "PAR1"
//
// and validated through the public API, so the fuzzer spends its time in
// the Thrift compact reader, the metadata decoder and the rules instead of
// rediscovering the magics and the footer length. The oracles are those of
// file_fuzzer.cc.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "fuzz_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // Inputs past 4 GiB cannot be described by the footer length.
  if (size > UINT32_MAX) return 0;
  std::vector<uint8_t> file;
  file.reserve(size + 12);
  file.insert(file.end(), {'P', 'A', 'R', '1'});
  if (size > 0) file.insert(file.end(), data, data + size);
  const auto length = static_cast<uint32_t>(size);
  for (int shift = 0; shift < 32; shift += 8) {
    file.push_back(static_cast<uint8_t>(length >> shift));
  }
  file.insert(file.end(), {'P', 'A', 'R', '1'});
  colcheck::fuzz::ValidateAndCheck(
      std::as_bytes(std::span<const uint8_t>(file.data(), file.size())));
  return 0;
}
