// Fuzz target: a whole file through the public API, colcheck::ValidateBytes.
// The oracles in fuzz_oracles.h go beyond "no crash": spans inside the
// input, determinism, a verdict that agrees with the errors, registered
// codes, JSON that parses, and a deeper level keeping every diagnostic of a
// shallower one.
//
// Most executions validate once, at the level the input's plan picks
// (fuzz_oracles.h: PlanFor), so a campaign spends its time on new inputs.
// A deep plan, and every replay, runs all three levels and compares them:
// the footer and pages levels cost little next to full, and determinism
// and the capped run are checked at full only, as they cover the same code.
// No selector byte picks the level: a file's own bytes cannot spare one, so
// the plan hashes the input's size and ends instead.

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_oracles.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  colcheck::fuzz::ValidateAtPlannedLevels(
      std::as_bytes(std::span<const uint8_t>(data, size)));
  return 0;
}
