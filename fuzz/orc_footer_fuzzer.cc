// Fuzz target: the input is a raw, uncompressed ORC Footer message. It is
// wrapped as
//
//   "ORC" | input | PostScript | psLen
//
// with a PostScript that gives footer_length = len(input), compression
// NONE, version 0.12 and the magic, so every input reaches the Footer
// decoder, the type tree walk and the stripe rules (stripe offsets point
// into the header and the footer itself, which the bounds checks must
// catch). The oracles are those of file_fuzzer.cc.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fuzz_oracles.h"

namespace {

void PutVarint(std::vector<uint8_t>& out, uint64_t v) {
  while (v >= 0x80) {
    out.push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out.push_back(static_cast<uint8_t>(v));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint8_t> file = {'O', 'R', 'C'};
  if (size > 0) file.insert(file.end(), data, data + size);
  std::vector<uint8_t> ps = {0x08};  // footer_length
  PutVarint(ps, size);
  // compression NONE, version [0, 12], writer_version 6, magic "ORC".
  ps.insert(ps.end(), {0x10, 0x00, 0x22, 0x02, 0x00, 0x0c, 0x30, 0x06, 0x82,
                       0xf4, 0x03, 0x03, 'O', 'R', 'C'});
  file.insert(file.end(), ps.begin(), ps.end());
  file.push_back(static_cast<uint8_t>(ps.size()));
  colcheck::fuzz::ValidateAndCheck(
      std::as_bytes(std::span<const uint8_t>(file.data(), file.size())));
  return 0;
}
