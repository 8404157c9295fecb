#!/usr/bin/env bash
# Installs the npm packages of peers/ (DuckDB's Node API, Polars, parquet-wasm,
# apache-arrow, hyparquet, hyparquet-writer, @dsnp/parquetjs), the
# other Parquet writers and readers that colcheck's tests run against, with
# `npm ci` from the committed peers/package-lock.json.
#
# Idempotent: does nothing when peers/node_modules already matches the lock
# file. Needs node >= 18 and npm on PATH (scripts/install-deps.sh installs
# Debian's when there is no node) and the npm registry. Set
# COLCHECK_SKIP_PEERS=1 to skip it; the tests that need the packages then
# report themselves as skipped.
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
peers="${repo}/peers"
modules="${peers}/node_modules"
stamp="${modules}/.colcheck-installed-lock.json"

if [[ "${COLCHECK_SKIP_PEERS:-0}" == 1 ]]; then
  echo "install-peers: COLCHECK_SKIP_PEERS=1, not installing npm packages"
  exit 0
fi

fail() {
  echo "install-peers: error: $*" >&2
  exit 1
}

command -v node >/dev/null 2>&1 ||
  fail "node is not on PATH; run scripts/install-deps.sh (or set COLCHECK_SKIP_PEERS=1)"
command -v npm >/dev/null 2>&1 ||
  fail "npm is not on PATH; install npm for $(node --version) (or set COLCHECK_SKIP_PEERS=1)"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if (( node_major < 18 )); then
  fail "node $(node --version) is too old; @duckdb/node-api needs node 18 or later"
fi

if [[ -f "${stamp}" ]] && cmp -s "${stamp}" "${peers}/package-lock.json"; then
  echo "install-peers: peers/node_modules is up to date"
  exit 0
fi

echo "install-peers: npm ci --prefix peers (node $(node --version), npm $(npm --version))"
log="$(mktemp)"
trap 'rm -f "${log}"' EXIT
if ! npm ci --prefix "${peers}" --no-audit --no-fund --loglevel=error \
    >"${log}" 2>&1; then
  cat "${log}" >&2
  registry="$(npm config get registry 2>/dev/null || echo 'the npm registry')"
  if grep -qE 'ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network' "${log}"; then
    fail "npm ci could not reach ${registry}; the peer tests need it once to download @duckdb/node-api (or set COLCHECK_SKIP_PEERS=1)"
  fi
  fail "npm ci --prefix peers failed (see above)"
fi
cp "${peers}/package-lock.json" "${stamp}"
echo "install-peers: installed $(node -p "require('${peers}/node_modules/@duckdb/node-api/package.json').version" 2>/dev/null || echo '?') of @duckdb/node-api"
