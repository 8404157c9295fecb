#!/bin/bash -eu
# Builds colcheck's fuzz targets the OSS-Fuzz way: $CC $CXX $CFLAGS
# $CXXFLAGS instrument everything, $LIB_FUZZING_ENGINE supplies main
# (COLCHECK_FUZZ_ENGINE=oss-fuzz in fuzz/CMakeLists.txt). For each target
# it writes to $OUT the binary, <target>_seed_corpus.zip (corpus/seeds/
# <target>/ and corpus/valid/), <target>.dict (fuzz/parquet.dict) and
# <target>.options (the -max_len of fuzz/README.md's "Limits").
#
# The codec libraries are shared objects from the build image, which the
# runner image lacks: they are copied to $OUT/lib and found through an
# RPATH of $ORIGIN/lib (DT_RPATH, which unlike RUNPATH also serves their
# own dependencies).
#
# Local check (fuzz/README.md):
#   CC=clang CXX=clang++ CFLAGS="-fsanitize=address,fuzzer-no-link" \
#   CXXFLAGS="-fsanitize=address,fuzzer-no-link" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer OUT=/tmp/oss-out SRC=/tmp \
#   WORK=/tmp/oss-work bash .clusterfuzzlite/build.sh

repo="${SRC}/colcheck"
if [[ ! -f "${repo}/CMakeLists.txt" ]]; then
  repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fi
build="${WORK}/build"

cmake -S "${repo}" -B "${build}" -G Ninja \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCOLCHECK_FUZZ_ENGINE=oss-fuzz \
  -DCOLCHECK_LIB_FUZZING_ENGINE="${LIB_FUZZING_ENGINE}" \
  -DCOLCHECK_BUILD_TESTS=OFF \
  -DCMAKE_BUILD_RPATH='$ORIGIN/lib' \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,--disable-new-dtags"
cmake --build "${build}" --target colcheck_fuzzers

# libc, libm, libstdc++ and the loader are in every runner image.
system_libs='/(libc|libm|libdl|libpthread|librt|libgcc_s|libstdc\+\+)\.so'
system_libs+='|/ld-linux[^/]*\.so'
mkdir -p "${OUT}/lib"
for binary in "${build}"/fuzz/*_fuzzer; do
  name="$(basename "${binary}")"
  cp "${binary}" "${OUT}/"
  ldd "${binary}" | awk '$3 ~ /^\// {print $3}' | grep -Ev "${system_libs}" |
    xargs -r cp -L -t "${OUT}/lib/"

  seeds=("${repo}/corpus/valid")
  if [[ -d "${repo}/corpus/seeds/${name}" ]]; then
    seeds+=("${repo}/corpus/seeds/${name}")
  fi
  python3 - "${OUT}/${name}_seed_corpus.zip" "${seeds[@]}" <<'PY'
"""Zips the seed directories, each file under its directory's name."""
import sys
import zipfile
from pathlib import Path

with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as archive:
  for directory in map(Path, sys.argv[2:]):
    for path in sorted(p for p in directory.rglob("*") if p.is_file()):
      archive.write(path, f"{directory.name}/{path.relative_to(directory)}")
PY
  cp "${repo}/fuzz/parquet.dict" "${OUT}/${name}.dict"
  max_len=4096
  if [[ "${name}" == file_fuzzer || "${name}" == inspect_fuzzer ]]; then
    max_len=65536
  fi
  printf '[libfuzzer]\nmax_len = %s\n' "${max_len}" > "${OUT}/${name}.options"
done
