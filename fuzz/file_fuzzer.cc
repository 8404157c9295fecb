// Fuzz target: a whole file through the public API, colcheck::ValidateBytes,
// at each level: footer, pages and full. The oracles in fuzz_oracles.h go
// beyond "no crash": spans inside the input, determinism, a verdict that
// agrees with the errors, registered codes, JSON that parses, and a deeper
// level keeping every diagnostic of a shallower one.
//
// All three levels run on every input rather than a selector byte picking
// one: a file's own bytes cannot spare a byte for it, so a selector would
// make every corpus file (all start with "PAR1") replay at one level only,
// and running all three is what lets the levels be compared. The footer
// and pages levels cost little next to full. Determinism and the capped
// run are checked at full only: they cover the same code, and each extra
// validation of a whole file costs as much as the first.

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const auto bytes = std::as_bytes(std::span<const uint8_t>(data, size));
  using colcheck::Level;
  using colcheck::Report;
  const Report footer =
      colcheck::fuzz::ValidateAndCheckOnce(bytes, Level::kFooter);
  const Report pages =
      colcheck::fuzz::ValidateAndCheckOnce(bytes, Level::kPages);
  const Report full = colcheck::fuzz::ValidateAndCheck(bytes, Level::kFull);
  colcheck::fuzz::CheckDeeperLevel(footer, pages);
  colcheck::fuzz::CheckDeeperLevel(pages, full);
  return 0;
}
