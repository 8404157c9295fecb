// Oracles shared by the fuzz targets: properties every Report must have for
// any input, checked with COLCHECK_FUZZ_CHECK, which stays on in release
// builds (as zstd's FUZZ_ASSERT does) so a replay of the corpus in a normal
// build catches the same faults a sanitizer build does.
//
// Only the public API is used here, as for everything under fuzz/, plus the
// JSON renderer of reports/, whose output is one of the properties checked.
//
// A campaign wants executions per second and a replay wants every oracle,
// so how much runs is planned per input (PlanFor):
//
//   campaign, most inputs   one validation at a level the input's bytes
//                           pick, and the report's own properties;
//   campaign, 1 in 16       also the JSON rendering, determinism, the capped
//                           run and, in file_fuzzer, the three levels
//                           compared;
//   replay, minimization    all of it on every input: replay_main.cc, and
//                           fuzz_campaign.py when it reproduces or
//                           minimizes, set COLCHECK_FUZZ_ORACLES=all.
//
// The plan is a function of the input alone, so a crash found in a
// campaign reproduces with the same checks.

#ifndef COLCHECK_FUZZ_FUZZ_ORACLES_H_
#define COLCHECK_FUZZ_FUZZ_ORACLES_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "reports/file_report.h"
#include "reports/json.h"
#include "reports/testing/json_value.h"

// Prints the failed condition and where, then aborts, so every engine (and
// the replay driver) records the input as a crash.
#define COLCHECK_FUZZ_CHECK(cond)                                       \
  do {                                                                  \
    if (!(cond)) {                                                      \
      std::fprintf(stderr, "%s:%d: fuzz oracle failed: %s\n", __FILE__, \
                   __LINE__, #cond);                                    \
      std::fflush(stderr);                                              \
      std::abort();                                                     \
    }                                                                   \
  } while (0)

namespace colcheck::fuzz {

// A cap small enough that hostile inputs overflow it, to check that dropping
// diagnostics never changes the verdict.
inline constexpr size_t kSmallDiagnosticCap = 4;

// One input in kDeepEvery gets the expensive oracles during a campaign.
inline constexpr uint64_t kDeepEvery = 16;
// How many bytes of each end of the input PlanFor hashes.
inline constexpr size_t kPlanEndBytes = 16;

// Whether COLCHECK_FUZZ_ORACLES=all asks for every oracle on every input.
inline bool AllOracles() {
  static const bool all = [] {
    const char* value = std::getenv("COLCHECK_FUZZ_ORACLES");
    return value != nullptr && std::strcmp(value, "all") == 0;
  }();
  return all;
}

// What one execution checks: a validation at `level`, and with `deep` the
// expensive oracles too.
struct OraclePlan {
  Level level = Level::kFull;
  bool deep = true;
};

// FNV-1a over the input's size and its first and last kPlanEndBytes bytes:
// cheap next to any validation, and changed by most mutations of a file's
// length or tail (where a Parquet footer and an ORC PostScript are).
inline uint64_t PlanHash(std::span<const std::byte> data) {
  uint64_t h = 0xcbf29ce484222325u;
  const auto mix = [&h](uint64_t byte) { h = (h ^ byte) * 0x100000001b3u; };
  for (int shift = 0; shift < 64; shift += 8) mix((data.size() >> shift) & 0xff);
  const size_t n = std::min(data.size(), kPlanEndBytes);
  for (size_t i = 0; i < n; ++i) mix(static_cast<uint64_t>(data[i]));
  for (size_t i = data.size() - n; i < data.size(); ++i) {
    mix(static_cast<uint64_t>(data[i]));
  }
  return h;
}

// The plan for `data`: full in half the inputs, footer and pages in a
// quarter each, and deep in one in kDeepEvery (every one under
// AllOracles).
inline OraclePlan PlanFor(std::span<const std::byte> data) {
  const uint64_t h = PlanHash(data);
  static constexpr Level kLevels[] = {Level::kFooter, Level::kPages,
                                      Level::kFull, Level::kFull};
  return {kLevels[(h >> 8) % 4], AllOracles() || h % kDeepEvery == 0};
}

// The same finding: code, severity, span, field and column. Messages may
// differ between levels, as a deeper one knows more (levels.row-count-mismatch
// names the column whose levels it counted).
inline bool SameFinding(const Diagnostic& a, const Diagnostic& b) {
  return a.code == b.code && a.severity == b.severity && a.offset == b.offset &&
         a.length == b.length && a.field == b.field && a.column == b.column;
}

inline bool SameDiagnostic(const Diagnostic& a, const Diagnostic& b) {
  return SameFinding(a, b) && a.message == b.message;
}

// Prints one diagnostic, to explain an oracle failure.
inline void PrintDiagnostic(const char* label, const Diagnostic& d) {
  const auto code = static_cast<size_t>(d.code);
  const bool known = code < AllCodes().size();
  std::fprintf(stderr, "%s: %s [%llu, +%llu) %s: %s\n", label,
               known ? std::string(Info(d.code).name).c_str() : "<unknown>",
               static_cast<unsigned long long>(d.offset),
               static_cast<unsigned long long>(d.length), d.field.c_str(),
               d.message.c_str());
}

// Work follows the bytes, not the counts a file declares: the steps of the
// loops whose length a file states (Report::work) stay within this many per
// byte read, the input's and the codecs' output, plus the floor. A
// super-linear path shows as a finding with its input, whatever the
// machine's speed, where a timeout would depend on it.
// ORC's bound is looser, by its densest encoding: a 2-byte boolean run
// holds 1,040 PRESENT bits, each of which may be a row group of one row
// and so a batch of its own (limits.h, "ORC work bounds").
inline constexpr uint64_t kStepsPerByte = 8;
inline constexpr uint64_t kOrcStepsPerByte = 1024;
inline constexpr uint64_t kStepsFloor = 1024;

inline void CheckWork(const Report& report) {
  const Work& w = report.work;
  const uint64_t bytes = report.size + w.decompressed_bytes;
  const uint64_t steps = w.level_steps + w.value_batches;
  const bool bounded = steps <= kStepsPerByte * bytes + kStepsFloor &&
                       w.orc_steps <= kOrcStepsPerByte * bytes + kStepsFloor;
  if (!bounded) {
    std::fprintf(stderr,
                 "work: %llu level steps, %llu value batches and %llu ORC "
                 "steps for %llu input and %llu decompressed bytes\n",
                 static_cast<unsigned long long>(w.level_steps),
                 static_cast<unsigned long long>(w.value_batches),
                 static_cast<unsigned long long>(w.orc_steps),
                 static_cast<unsigned long long>(report.size),
                 static_cast<unsigned long long>(w.decompressed_bytes));
  }
  COLCHECK_FUZZ_CHECK(bounded);
}

// The properties of one report on its own: codes from the registry, spans
// inside the input, diagnostics sorted by offset, a verdict that agrees with
// the errors, work within the bytes.
inline void CheckReport(const Report& report, uint64_t size,
                        size_t max_diagnostics) {
  COLCHECK_FUZZ_CHECK(report.size == size);
  CheckWork(report);
  const std::span<const CodeInfo> codes = AllCodes();
  bool has_error = false;
  bool truncated = false;
  for (size_t i = 0; i < report.diagnostics.size(); ++i) {
    const Diagnostic& d = report.diagnostics[i];
    const auto index = static_cast<size_t>(d.code);
    if (index >= codes.size() || codes[index].code != d.code) {
      PrintDiagnostic("unregistered code", d);
    }
    COLCHECK_FUZZ_CHECK(index < codes.size());
    COLCHECK_FUZZ_CHECK(codes[index].code == d.code);
    COLCHECK_FUZZ_CHECK(d.severity == Severity::kInfo ||
                        d.severity == Severity::kWarning ||
                        d.severity == Severity::kError);
    // Written so that offset + length cannot overflow.
    if (d.offset > size || d.length > size - d.offset) {
      PrintDiagnostic("span outside the input", d);
    }
    COLCHECK_FUZZ_CHECK(d.offset <= size);
    COLCHECK_FUZZ_CHECK(d.length <= size - d.offset);
    if (d.severity == Severity::kError) has_error = true;
    if (d.code == Code::kLimitsTooManyDiagnostics) {
      truncated = true;
      // The sink appends it after sorting, so it is exempt from the order.
      continue;
    }
    if (i > 0 &&
        report.diagnostics[i - 1].code != Code::kLimitsTooManyDiagnostics) {
      COLCHECK_FUZZ_CHECK(report.diagnostics[i - 1].offset <= d.offset);
    }
  }
  // The cap, plus the one limits.too-many-diagnostics note.
  COLCHECK_FUZZ_CHECK(report.diagnostics.size() <= max_diagnostics + 1);
  if (has_error) {
    COLCHECK_FUZZ_CHECK(report.verdict == Verdict::kInvalid);
  } else if (!truncated) {
    // Errors may hide among dropped diagnostics only when some were dropped.
    COLCHECK_FUZZ_CHECK(report.verdict == Verdict::kValid ||
                        report.verdict == Verdict::kEncrypted ||
                        report.verdict == Verdict::kUnsupported);
  }
  if (report.verdict == Verdict::kUnsupported) {
    COLCHECK_FUZZ_CHECK(!has_error);
  }
}

// True when `json` is one strict, ASCII-only JSON value nested at most
// `max_depth` deep: the reports tests' parser, so the oracle and the tests
// hold the renderers to the same rules.
inline bool ParsesAsJson(std::string_view json,
                         int max_depth = testing::kMaxJsonDepth) {
  return testing::ParseJson(json, max_depth).has_value();
}

// The JSON renderer promises a valid document for every report, whatever
// bytes the messages and fields quote from the input.
inline void CheckJson(const Report& report) {
  const std::vector<FileReport> files = {{"input.parquet", report}};
  const std::string json = RenderJson(files);
  const bool ok = ParsesAsJson(json);
  if (!ok) {
    std::fprintf(stderr, "invalid JSON rendering:\n%s\n", json.c_str());
  }
  COLCHECK_FUZZ_CHECK(ok);
}

// Validates `data` once at `level`, decrypting with `keys`, and checks the
// report on its own, and with `json` its JSON rendering.
inline Report ValidateAndCheckOnce(std::span<const std::byte> data,
                                   Level level, bool json,
                                   const DecryptionKeys& keys = {}) {
  Options options;
  options.level = level;
  options.keys = keys;
  Report report = ValidateBytes(data, options);
  CheckReport(report, data.size(), options.max_diagnostics);
  if (json) CheckJson(report);
  return report;
}

// ValidateAndCheckOnce with the JSON rendering, then two more validations
// on several threads (Options::threads): one must give the identical
// report, work included (determinism, and the same report whatever the
// threads), and one with a small cap the same verdict. Returns the first
// report, for oracles across runs.
inline Report ValidateAndCheckDeep(std::span<const std::byte> data,
                                   Level level,
                                   const DecryptionKeys& keys = {}) {
  Options options;
  options.level = level;
  options.keys = keys;
  Report first = ValidateAndCheckOnce(data, level, /*json=*/true, keys);

  Options threaded = options;
  threaded.threads = 3;
  const Report second = ValidateBytes(data, threaded);
  CheckReport(second, data.size(), options.max_diagnostics);
  COLCHECK_FUZZ_CHECK(first.format == second.format);
  COLCHECK_FUZZ_CHECK(first.verdict == second.verdict);
  COLCHECK_FUZZ_CHECK(first.complete == second.complete);
  COLCHECK_FUZZ_CHECK(first.work.decompressed_bytes ==
                      second.work.decompressed_bytes);
  COLCHECK_FUZZ_CHECK(first.work.level_steps == second.work.level_steps);
  COLCHECK_FUZZ_CHECK(first.work.value_batches == second.work.value_batches);
  COLCHECK_FUZZ_CHECK(first.work.orc_steps == second.work.orc_steps);
  COLCHECK_FUZZ_CHECK(first.diagnostics.size() == second.diagnostics.size());
  for (size_t i = 0; i < first.diagnostics.size(); ++i) {
    if (!SameDiagnostic(first.diagnostics[i], second.diagnostics[i])) {
      PrintDiagnostic("first run", first.diagnostics[i]);
      PrintDiagnostic("second run", second.diagnostics[i]);
    }
    COLCHECK_FUZZ_CHECK(
        SameDiagnostic(first.diagnostics[i], second.diagnostics[i]));
  }

  Options capped = threaded;
  capped.max_diagnostics = kSmallDiagnosticCap;
  const Report small = ValidateBytes(data, capped);
  CheckReport(small, data.size(), capped.max_diagnostics);
  COLCHECK_FUZZ_CHECK(small.verdict == first.verdict);
  COLCHECK_FUZZ_CHECK(small.format == first.format);
  return first;
}

// Validates `data` at `level` as its plan says: deep, or once.
inline Report ValidateAndCheck(std::span<const std::byte> data,
                               Level level = Level::kFull) {
  return PlanFor(data).deep ? ValidateAndCheckDeep(data, level)
                            : ValidateAndCheckOnce(data, level, false);
}

// A deeper level adds checks and never removes one: every diagnostic of the
// `shallow` report is in the `deep` one, and an invalid file stays invalid.
// Neither may have dropped diagnostics past the cap, which would make the
// kept sets incomparable.
inline void CheckDeeperLevel(const Report& shallow, const Report& deep) {
  COLCHECK_FUZZ_CHECK(shallow.format == deep.format);
  const auto truncated = [](const Report& r) {
    return !r.diagnostics.empty() &&
           r.diagnostics.back().code == Code::kLimitsTooManyDiagnostics;
  };
  if (truncated(shallow) || truncated(deep)) return;
  if (shallow.verdict == Verdict::kInvalid) {
    COLCHECK_FUZZ_CHECK(deep.verdict == Verdict::kInvalid);
  }
  // Both are sorted by offset (CheckReport), so only the diagnostics at the
  // same offset need comparing.
  const auto by_offset = [](const Diagnostic& a, const Diagnostic& b) {
    return a.offset < b.offset;
  };
  for (const Diagnostic& d : shallow.diagnostics) {
    const auto [begin, end] = std::equal_range(
        deep.diagnostics.begin(), deep.diagnostics.end(), d, by_offset);
    const bool found = std::any_of(
        begin, end, [&](const Diagnostic& e) { return SameFinding(d, e); });
    if (!found) PrintDiagnostic("missing at the deeper level", d);
    COLCHECK_FUZZ_CHECK(found);
  }
}

// What file_fuzzer and encrypted_fuzzer do with one input: validate at the
// level the input's plan picks, or, for a deep plan, at all three levels
// and compare them (file_fuzzer.cc says why).
inline void ValidateAtPlannedLevels(std::span<const std::byte> data,
                                    const DecryptionKeys& keys = {}) {
  const OraclePlan plan = PlanFor(data);
  if (!plan.deep) {
    ValidateAndCheckOnce(data, plan.level, /*json=*/false, keys);
    return;
  }
  const Report footer = ValidateAndCheckOnce(data, Level::kFooter, true, keys);
  const Report pages = ValidateAndCheckOnce(data, Level::kPages, true, keys);
  const Report full = ValidateAndCheckDeep(data, Level::kFull, keys);
  CheckDeeperLevel(footer, pages);
  CheckDeeperLevel(pages, full);
}

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_FUZZ_ORACLES_H_
