#!/usr/bin/python3
"""Files that DuckDB writes must validate without errors.

Writes the files of peers/duckdb_write.mjs into --out, runs
`colcheck validate --format json` over them and fails when a file is
invalid or has a diagnostic of severity error, unless the error is listed
in KNOWN_DUCKDB_ERRORS below. Prints one summary line per file.

Exits 77 (ctest's SKIP_RETURN_CODE) with a SKIPPED message when node or the
npm packages of peers/ are missing; scripts/install-peers.sh installs them.
Runs on Debian 12's /usr/bin/python3 with the standard library only.
"""

import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys

SKIP = 77

# Errors that DuckDB really writes, each checked against DuckDB's source.
# They are printed on every run but do not fail the test. An entry is
# (file name regex, code, field regex, why). Column indexes are leaf
# indexes of the table in peers/duckdb_write.mjs: 5 is i32, 9 is u32, 35 is
# en; column 3 of variant_v2.parquet is the VARIANT's shredded INT32 value.
_DBP_WHY = ('DuckDB\'s DELTA_BINARY_PACKED encoder (parquet_dbp_encoder.hpp) '
            'works in int64 for INT32 columns too, so a first value or min '
            'delta may need more than 32 bits (and miniblock bit widths reach '
            '33); readers that decode INT32 in 32 bits reject or wrap it')
KNOWN_DUCKDB_ERRORS = [
    (r'^single_row\.parquet$', 'stats.distinct-count-exceeds-values',
     r'^row_groups\[0\]\.columns\[35\]\.meta_data\.statistics\.distinct_count$',
     'DuckDB\'s ENUM writer (enum_column_writer.cpp, DictionarySize) sets '
     'distinct_count to the number of members of the ENUM type (3), not to '
     'the distinct values of the chunk (1 row here)'),
    (r'_v2\.parquet$|^mixed_v2_|^zstd_level_22\.parquet$', 'encoding.delta-value-range',
     r'^row_groups\[\d+\]\.columns\[(5|9)\]\.pages\[\d+\]\.values$', _DBP_WHY),
    (r'^variant_v2\.parquet$', 'encoding.delta-value-range',
     r'^row_groups\[\d+\]\.columns\[3\]\.pages\[\d+\]\.values$', _DBP_WHY),
]

# Fewer files than this means the writer lost a whole group of files.
MIN_FILES = 20


def skip(message):
    print(f'SKIPPED: {message}')
    sys.exit(SKIP)


def known_reason(file_name, diagnostic):
    for file_regex, code, field, why in KNOWN_DUCKDB_ERRORS:
        if (re.search(file_regex, file_name) and diagnostic['code'] == code and
                re.search(field, diagnostic.get('field', ''))):
            return why
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--colcheck', required=True, help='colcheck binary')
    parser.add_argument('--peers', required=True, help='the peers/ directory')
    parser.add_argument('--out', required=True, help='directory for the files')
    parser.add_argument('--node', default='node', help='node binary')
    args = parser.parse_args()

    node = shutil.which(args.node) if args.node else None
    if not node:
        skip(f'node not found ({args.node or "none"}); '
             'run scripts/install-deps.sh and scripts/install-peers.sh')
    api = os.path.join(args.peers, 'node_modules', '@duckdb', 'node-api')
    if not os.path.isdir(api):
        skip(f'npm packages not installed ({api} is missing); '
             'run scripts/install-peers.sh')
    if not os.access(args.colcheck, os.X_OK):
        print(f'FAIL: colcheck binary {args.colcheck} not found; '
              'build the colcheck target first')
        return 1

    writer = subprocess.run(
        [node, os.path.join(args.peers, 'duckdb_write.mjs'), args.out],
        capture_output=True, text=True, check=False)
    sys.stdout.write(writer.stdout)
    if writer.returncode != 0:
        sys.stdout.write(writer.stderr)
        print(f'FAIL: duckdb_write.mjs exited with {writer.returncode}')
        return 1

    with open(os.path.join(args.out, 'manifest.json'), encoding='utf-8') as f:
        manifest = json.load(f)['files']
    expected = sorted(entry['file'] for entry in manifest)
    on_disk = sorted(f for f in os.listdir(args.out) if f.endswith('.parquet'))
    failures = []
    if on_disk != expected:
        failures.append(f'files on disk {on_disk} differ from the manifest '
                        f'{expected}')
    if len(expected) < MIN_FILES:
        failures.append(f'only {len(expected)} files written, expected at '
                        f'least {MIN_FILES}')

    paths = [os.path.join(args.out, f) for f in expected]
    run = subprocess.run([args.colcheck, 'validate', '--format', 'json', *paths],
                         capture_output=True, text=True, check=False)
    # 0: all valid, 1: some file invalid; anything else is a tool failure.
    if run.returncode not in (0, 1):
        sys.stdout.write(run.stdout + run.stderr)
        print(f'FAIL: colcheck exited with {run.returncode}')
        return 1
    report = json.loads(run.stdout)
    by_name = {os.path.basename(f['path']): f for f in report['files']}

    known_all = {}
    print(f'{"file":<32} {"verdict":<8} {"err":>3} {"warn":>4} {"info":>4}  codes')
    for entry in manifest:
        name = entry['file']
        result = by_name.get(name)
        if result is None:
            failures.append(f'{name}: missing from the colcheck report')
            continue
        severities = collections.Counter(
            d['severity'] for d in result['diagnostics'])
        codes = collections.Counter(d['code'] for d in result['diagnostics'])
        unexpected = []
        known = collections.Counter()
        for d in result['diagnostics']:
            if d['severity'] != 'error':
                continue
            why = known_reason(name, d)
            if why:
                known[(d['code'], why)] += 1
            else:
                unexpected.append(d)
        for (code, why), n in known.items():
            known_all.setdefault((code, why), []).append(f'{name} x{n}')
        if unexpected or (result['verdict'] == 'invalid' and
                          not severities['error']):
            failures.append(f'{name}: verdict {result["verdict"]}')
            for d in unexpected:
                failures.append(f'  {name}:{d["offset"]}+{d.get("length", 0)}: '
                                f'error[{d["code"]}]: {d["message"]} '
                                f'({d.get("field", "")})')
        code_list = ', '.join(f'{c} x{n}' for c, n in sorted(codes.items()))
        print(f'{name:<32} {result["verdict"]:<8} {severities["error"]:>3} '
              f'{severities["warning"]:>4} {severities["info"]:>4}  {code_list}')
        if result['verdict'] not in ('valid', 'invalid'):
            failures.append(f'{name}: unexpected verdict {result["verdict"]}')

    for (code, why), where in known_all.items():
        print(f'known DuckDB error {code}, not a failure: {why}; in '
              f'{", ".join(where)}')
    if failures:
        print('FAIL:')
        for line in failures:
            print(f'  {line}')
        return 1
    print(f'PASS: {len(expected)} DuckDB files, no unexpected errors')
    return 0


if __name__ == '__main__':
    sys.exit(main())
