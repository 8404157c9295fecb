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
  const auto bytes = std::as_bytes(std::span<const uint8_t>(data, size));
  using colcheck::Level;
  using colcheck::Report;
  namespace fuzz = colcheck::fuzz;
  const fuzz::OraclePlan plan = fuzz::PlanFor(bytes);
  if (!plan.deep) {
    fuzz::ValidateAndCheckOnce(bytes, plan.level, /*json=*/false);
    return 0;
  }
  const Report footer = fuzz::ValidateAndCheckOnce(bytes, Level::kFooter, true);
  const Report pages = fuzz::ValidateAndCheckOnce(bytes, Level::kPages, true);
  const Report full = fuzz::ValidateAndCheckDeep(bytes, Level::kFull);
  fuzz::CheckDeeperLevel(footer, pages);
  fuzz::CheckDeeperLevel(pages, full);
  return 0;
}
