#!/usr/bin/env bash
# Command 1: installs the dependencies, builds colcheck (Release) and its
# Python package (build/python) into build/, and validates the bundled
# corpus of valid files with it.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "${repo}"

bash scripts/install-deps.sh

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release
cmake --build build -j2 --target colcheck colcheck_python

corpora=(corpus/valid corpus/orc/valid)
for corpus in "${corpora[@]}"; do
  if [[ ! -d "${corpus}" ]] || [[ -z "$(find "${corpus}" -type f -print -quit)" ]]; then
    echo "run-main: ${corpus}/ is missing or empty; nothing to validate" >&2
    exit 1
  fi
done

echo "run-main: build/cli/colcheck validate ${corpora[*]}"
build/cli/colcheck validate "${corpora[@]}"
