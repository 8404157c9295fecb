// Fuzz target: the input is a raw ORC PostScript. It is wrapped as
//
//   "ORC" | input | psLen = len(input)
//
// (inputs over 255 bytes are cut to 255, the most psLen can say) and
// validated through the public API, so the fuzzer spends its time in the
// protobuf wire reader and the tail rules: versions, compression kinds,
// block sizes and the overflow-safe section lengths. The oracles are those
// of file_fuzzer.cc.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const size_t ps_len = size > 255 ? 255 : size;
  std::vector<uint8_t> file = {'O', 'R', 'C'};
  if (ps_len > 0) file.insert(file.end(), data, data + ps_len);
  file.push_back(static_cast<uint8_t>(ps_len));
  colcheck::fuzz::ValidateAndCheck(
      std::as_bytes(std::span<const uint8_t>(file.data(), file.size())));
  return 0;
}
