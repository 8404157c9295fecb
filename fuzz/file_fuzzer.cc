// Fuzz target: a whole file through the public API, colcheck::ValidateBytes.
// The oracles in fuzz_oracles.h go beyond "no crash": spans inside the
// input, determinism, a verdict that agrees with the errors, registered
// codes.

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  colcheck::fuzz::ValidateAndCheck(
      std::as_bytes(std::span<const uint8_t>(data, size)));
  return 0;
}
