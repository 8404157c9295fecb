#!/usr/bin/env bash
# Installs every Debian 12 package colcheck needs to build, test and fuzz.
# Idempotent. It always runs apt-get update first, so a fresh machine gets
# current package lists; set COLCHECK_SKIP_APT=1 to skip apt-get entirely
# on a machine that already has everything.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libthrift-dev thrift-compiler libboost-dev
  libzstd-dev libsnappy-dev zlib1g-dev libbrotli-dev liblz4-dev liblzo2-dev
  libdeflate-dev libxxhash-dev
  libsimdjson-dev  # core/utf8.cc: SIMD UTF-8 validation of long strings.
  libprotobuf-dev protobuf-compiler
  libgtest-dev libgmock-dev libbenchmark-dev
  libyaml-cpp-dev  # cli/: the .colcheck.yaml config and baselines.
  libhowardhinnant-date-dev  # inspect/rows_orc.cc: ORC writer time zones.
  libssl-dev  # parquet/encryption.cc: AES-GCM and AES-CTR (OpenSSL 3).
  afl++ clang
  python3 python3-hypothesis python3-thrift
  python3-snappy python3-zstandard python3-lz4 python3-brotli
  python3-jsonschema
  python3-protobuf python3-lzo  # generators/ write ORC metadata and LZO chunks.
  python3-cryptography  # generators/ write encrypted Parquet files.
  # python/: the colcheck package (pybind11), its tests and what its API
  # converts to (pandas) or reads from (fsspec); pip and venv install it.
  python3-dev pybind11-dev python3-pybind11 python3-pytest python3-pandas
  python3-fsspec python3-pip python3-venv
  # validator/http/: files over HTTP(S) with Range requests; cli/tests and
  # bench/ serve files from a private nginx.
  libcurl4-openssl-dev ca-certificates nginx-light
  python3-dask python3-distributed  # python/colcheck/dask.py
  chromium
  parallel  # cli/tests/test_batch.py runs the README's GNU parallel recipe.
  time  # bench/*.py: GNU time reports a child's own peak RSS.
)
# Node.js for the peer writers in peers/ (scripts/install-peers.sh):
# @duckdb/node-api needs node 18 or later, and Debian 12 has 18.20. A node
# already on PATH (from NodeSource, say) is left alone: Debian's npm would
# conflict with it.
if ! command -v node >/dev/null 2>&1; then
  packages+=(nodejs npm)
fi

if [[ "${COLCHECK_SKIP_APT:-0}" == 1 ]]; then
  echo "install-deps: COLCHECK_SKIP_APT=1, not running apt-get"
  exit 0
fi

sudo=()
if [[ "$(id -u)" -ne 0 ]]; then
  sudo=(sudo)
fi

echo "install-deps: apt-get install ${#packages[@]} packages"
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
  apt-get install -y --no-install-recommends "${packages[@]}"
