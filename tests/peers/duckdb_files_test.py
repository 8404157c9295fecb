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

import collections
import os
import re
import sys

import peer_files

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


def known_reason(file_name, diagnostic):
    for file_regex, code, field, why in KNOWN_DUCKDB_ERRORS:
        if (re.search(file_regex, file_name) and diagnostic['code'] == code and
                re.search(field, diagnostic.get('field', ''))):
            return why
    return None


def main():
    parser = peer_files.arguments(__doc__)
    args = parser.parse_args()

    node = peer_files.require(args.node, args.peers, ['@duckdb/node-api'],
                              args.colcheck)
    if not node:
        return 1
    doc = peer_files.write_files(
        node, os.path.join(args.peers, 'duckdb_write.mjs'), [], args.out)
    if doc is None:
        return 1
    manifest = doc['files']
    failures = []
    expected = peer_files.check_files(args.out, manifest, MIN_FILES, failures)
    results = peer_files.validate(args.colcheck, args.out, manifest, failures)

    known_all = {}
    print(f'{"file":<32} {"verdict":<8} {"err":>3} {"warn":>4} {"info":>4}  codes')
    for name, result in results:
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

    for (code, why), where in known_all.items():
        print(f'known DuckDB error {code}, not a failure: {why}; in '
              f'{", ".join(where)}')
    return peer_files.finish(
        failures, f'{len(expected)} DuckDB files, no unexpected errors')


if __name__ == '__main__':
    sys.exit(main())
