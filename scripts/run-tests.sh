#!/usr/bin/env bash
# Command 2: installs the dependencies, then builds and runs the whole test
# suite twice: a normal build with GCC in build/, and an ASan+UBSan build
# with clang in build-asan/. The second also builds the fuzz targets for
# libFuzzer, so its ctest races the structure-aware mutator against plain
# libFuzzer (fuzz_planted_bug), and then fuzzes every target for a fixed
# number of runs. Exits nonzero on any failure or new fuzz finding.
#
# Nothing here that decides the exit status depends on the machine's speed
# or load: the fuzz steps are bounded by executions, not seconds
# (fuzz/README.md, "Run-bounded campaigns"). Each stage's time and the
# slowest tests of each ctest run are printed, so the budget (60 minutes
# on 2 cores; CI allows 90) stays visible.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${repo}"

export COLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS:-${repo}/../shared/corpus-external}"
jobs=2

timings=()
stage_name=""
stage_started=${SECONDS}

# Ends the running stage, if any, and starts the one named $1.
stage() {
  if [[ -n "${stage_name}" ]]; then
    timings+=("$(printf '%6d s  %s' $((SECONDS - stage_started)) "${stage_name}")")
  fi
  stage_name="$1"
  stage_started=${SECONDS}
  [[ -n "${stage_name}" ]] && echo "run-tests: ${stage_name}"
  return 0
}

print_timings() {
  local status=$?
  stage ""
  echo "run-tests: stage times"
  printf '%s\n' "${timings[@]}"
  printf '%6d s  total\n' "${SECONDS}"
  return "${status}"
}
trap print_timings EXIT

# The ten slowest tests of the last ctest run in build dir $1, from the
# cost data ctest keeps for scheduling.
slowest_tests() {
  local costs="$1/Testing/Temporary/CTestCostData.txt"
  [[ -f "${costs}" ]] || return 0
  echo "run-tests: slowest tests in $1"
  # awk reads all its input: `head` would close the pipe early, and
  # pipefail would turn sort's SIGPIPE into a failure.
  sed '/^---$/,$d' "${costs}" | sort -k3 -g -r |
    awk 'NR <= 10 { printf "%8.1f s  %s\n", $3, $1 }'
}

stage "install dependencies (apt, npm)"
bash scripts/install-deps.sh
bash scripts/install-peers.sh

# Line tables only (-g1): stack traces keep their files and lines, and the
# builds take about half the time that full debug info costs them.
line_tables="-O2 -g1 -DNDEBUG"

stage "normal build (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCOLCHECK_WERROR=ON \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="${line_tables}" \
  -DCMAKE_C_FLAGS_RELWITHDEBINFO="${line_tables}" \
  -DCOLCHECK_BUILD_BENCHMARKS=ON \
  -DCOLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS}"
cmake --build build -j"${jobs}"
stage "normal tests (build/)"
ctest --test-dir build --output-on-failure -j"${jobs}"
slowest_tests build

# clang for the sanitizer build: it compiles this code under ASan in under
# half GCC's time, and its libFuzzer lets the same tree build the fuzz
# targets (a second copy of the validator with coverage, for them only),
# which a third build used to do. GCC keeps the normal build, as the
# first README command uses it.
stage "sanitizer build (build-asan/, clang, address;undefined, libFuzzer)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O2 -gline-tables-only -DNDEBUG" \
  -DCOLCHECK_SANITIZE="address;undefined" -DCOLCHECK_WERROR=ON \
  -DCOLCHECK_FUZZ_ENGINE=libfuzzer \
  -DCOLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS}"
cmake --build build-asan -j"${jobs}" --target all planted_fuzzers
stage "sanitizer tests (build-asan/)"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"${jobs}"
slowest_tests build-asan

# fuzz/campaign --smoke gives each target a fixed number of runs with a
# fixed -seed and exits 1 on a finding not in fuzz/known_findings.txt
# (timeouts and RSS limits, which depend on load, are reported only); the
# report (and each finding's reproducer) stays in build-asan/campaign/.
stage "fuzz smoke campaign"
fuzz/campaign --smoke --engine libfuzzer --target all --build build-asan \
  --out build-asan/campaign --colcheck build/cli/colcheck

stage ""
echo "run-tests: all tests passed, no new fuzz findings"
# The artifacts a CI run keeps: the reader conformance matrix of a sample of
# the suite (ctest conformance_matrix) and the smoke campaign's report.
echo "run-tests: artifacts: build/conformance/matrix/ (matrix.html," \
  "results.json, bundles/), build-asan/campaign/"
