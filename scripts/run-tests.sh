#!/usr/bin/env bash
# Command 2: installs the dependencies, then builds and runs the whole test
# suite twice: a normal build in build/, and an ASan+UBSan build in
# build-asan/. Exits nonzero on any failure.
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

echo "run-tests: all tests passed in build/ and build-asan/"
