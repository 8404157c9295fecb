#!/usr/bin/env bash
# Command 2: installs the dependencies, then builds and runs the whole test
# suite twice: a normal build in build/, and an ASan+UBSan build in
# build-asan/; then fuzzes every target for a few minutes in a libFuzzer
# build (build-fuzz-ci/). Exits nonzero on any failure or new fuzz finding.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${repo}"

export COLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS:-${repo}/../shared/corpus-external}"
jobs=2

bash scripts/install-deps.sh
bash scripts/install-peers.sh

echo "run-tests: normal build (build/)"
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS}"
cmake --build build -j"${jobs}"
ctest --test-dir build --output-on-failure -j"${jobs}"

echo "run-tests: sanitizer build (build-asan/, address;undefined)"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOLCHECK_SANITIZE="address;undefined" \
  -DCOLCHECK_EXTERNAL_CORPUS="${COLCHECK_EXTERNAL_CORPUS}"
cmake --build build-asan -j"${jobs}"
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 \
UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan --output-on-failure -j"${jobs}"

# Only the fuzz targets: the tests above already ran in both builds.
# fuzz/campaign --smoke keeps the fuzzing itself under 3 minutes and exits
# 1 on a finding not in fuzz/known_findings.txt; the report (and each
# finding's reproducer) stays in build-fuzz-ci/campaign/.
echo "run-tests: fuzz smoke campaign (build-fuzz-ci/, libFuzzer)"
cmake -S . -B build-fuzz-ci -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++ \
  -DCOLCHECK_FUZZ_ENGINE=libfuzzer -DCOLCHECK_SANITIZE="address;undefined" \
  -DCOLCHECK_BUILD_TESTS=OFF
cmake --build build-fuzz-ci -j"${jobs}" --target colcheck_fuzzers \
  planted_fuzzers
fuzz/campaign --smoke --engine libfuzzer --target all --build build-fuzz-ci \
  --out build-fuzz-ci/campaign --colcheck build/cli/colcheck

# The evidence that the structure-aware mutator earns its keep: it must
# reach the bug planted in fuzz/planted/ that plain libFuzzer misses.
echo "run-tests: planted bug, structured vs plain libFuzzer"
/usr/bin/python3 fuzz/planted/planted_test.py \
  --structured build-fuzz-ci/fuzz/planted/planted_fuzzer_structured \
  --plain build-fuzz-ci/fuzz/planted/planted_fuzzer_plain \
  --seeds corpus/valid --work build-fuzz-ci/planted

echo "run-tests: all tests passed, no new fuzz findings"
