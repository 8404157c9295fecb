#!/usr/bin/python3
"""Files that Polars or arrow-rs write must validate and read back right.

Writes the files of peers/arrow_write.mjs --writer WRITER into --out, runs
`colcheck validate --format json` over them, then reads every file back
with every peer reader (peers/readback.mjs: DuckDB, hyparquet, Polars,
parquet-wasm) and compares every value with what was written.

Fails on any error or warning that colcheck reports, on any file a reader
cannot read and on any value a reader reads wrong, unless --expectations
(tests/peers/expectations.json) lists it for this writer with a reason;
also fails on an expectation of this writer that matched nothing, so the
list stays true to the pinned versions. Prints one summary line per file,
the expected findings with their reasons and the time taken.

Exits 77 (ctest's SKIP_RETURN_CODE) with a SKIPPED message when node or the
npm packages of peers/ are missing; scripts/install-peers.sh installs them.
Runs on Debian 12's /usr/bin/python3 with the standard library only.
"""

import collections
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

import peer_files

READERS = ('duckdb', 'hyparquet', 'polars', 'parquet-wasm')
PACKAGES = {
    'polars': ('nodejs-polars', 'nodejs-polars-linux-x64-gnu', 'apache-arrow'),
    'arrow-rs': ('parquet-wasm', 'apache-arrow'),
}
# Fewer files than this means the writer lost a whole group of files.
MIN_FILES = {'polars': 12, 'arrow-rs': 24}


class Expectations:
    """The entries of expectations.json for one writer, each counting the
    findings it covers."""

    def __init__(self, path, writer):
        with open(path, encoding='utf-8') as f:
            doc = json.load(f)
        self.diagnostics = [e for e in doc['diagnostics'] if e['writer'] == writer]
        self.readers = [e for e in doc['readers'] if e['writer'] == writer]
        for entry in self.diagnostics + self.readers:
            if not entry.get('reason'):
                raise ValueError(f'expectation without a reason: {entry}')
            entry['hits'] = collections.Counter()

    def diagnostic(self, file_name, d):
        for e in self.diagnostics:
            if (re.search(e['file'], file_name) and e['code'] == d['code'] and
                    e['severity'] == d['severity'] and
                    re.search(e['field'], d.get('field', ''))):
                e['hits'][file_name] += 1
                return e
        return None

    def reader(self, file_name, reader, column):
        for e in self.readers:
            if (re.search(e['file'], file_name) and e['reader'] == reader and
                    re.search(e['column'], column)):
                e['hits'][file_name] += 1
                return e
        return None

    def unused(self):
        return [e for e in self.diagnostics + self.readers if not e['hits']]


def validate(args, manifest, expect, failures):
    results = peer_files.validate(args.colcheck, args.out, manifest, failures)
    print(f'{"file":<28} {"verdict":<8} {"err":>3} {"warn":>4}  codes (errors and warnings)')
    for name, result in results:
        found = [d for d in result['diagnostics']
                 if d['severity'] in ('error', 'warning')]
        for d in found:
            if not expect.diagnostic(name, d):
                failures.append(f'{name}:{d["offset"]}+{d.get("length", 0)}: '
                                f'{d["severity"]}[{d["code"]}] {d.get("field", "")}: '
                                f'{d["message"]}')
        severities = collections.Counter(d['severity'] for d in found)
        codes = collections.Counter(d['code'] for d in found)
        code_list = ', '.join(f'{c} x{n}' for c, n in sorted(codes.items()))
        print(f'{name:<28} {result["verdict"]:<8} {severities["error"]:>3} '
              f'{severities["warning"]:>4}  {code_list}')


def read_back(args, node, manifest, expect, failures):
    def run(reader):
        return reader, subprocess.run(
            [node, os.path.join(args.peers, 'readback.mjs'), reader, args.out],
            capture_output=True, text=True, check=False)

    # Two at a time: the machine the tests run on has two cores.
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(run, READERS))
    table = collections.defaultdict(dict)
    for reader, proc in results:
        if proc.returncode != 0:
            failures.append(f'readback.mjs {reader} exited with {proc.returncode}: '
                            f'{proc.stderr.strip()[-500:]}')
            continue
        lines = [json.loads(line) for line in proc.stdout.splitlines() if line]
        if len(lines) != len(manifest):
            failures.append(f'{reader}: read {len(lines)} of {len(manifest)} files')
        for line in lines:
            name = line['file']
            if 'error' in line:
                table[name][reader] = 'ERROR'
                if not expect.reader(name, reader, '(error)'):
                    failures.append(f'{name}: {reader} cannot read it: {line["error"]}')
                continue
            bad = line['columns']
            table[name][reader] = f'{len(bad)} bad' if bad else 'ok'
            for column, m in bad.items():
                if not expect.reader(name, reader, column):
                    failures.append(
                        f'{name}: {reader} reads column {column} wrong on '
                        f'{m["mismatches"]} rows; row {m["row"]}: expected '
                        f'{json.dumps(m["expected"])[:200]}, got '
                        f'{json.dumps(m["actual"])[:200]}')
    print(f'{"read back":<28} ' + ' '.join(f'{r:<12}' for r in READERS))
    for entry in manifest:
        cells = table.get(entry['file'], {})
        print(f'{entry["file"]:<28} ' +
              ' '.join(f'{cells.get(r, "-"):<12}' for r in READERS))


def main():
    parser = peer_files.arguments(__doc__)
    parser.add_argument('--writer', required=True, choices=sorted(PACKAGES))
    parser.add_argument('--expectations', required=True, help='expectations.json')
    args = parser.parse_args()
    start = time.monotonic()

    needed = PACKAGES[args.writer] + ('@duckdb/node-api', 'hyparquet',
                                      'hyparquet-compressors', 'nodejs-polars',
                                      'parquet-wasm')
    node = peer_files.require(args.node, args.peers, needed, args.colcheck)
    if not node:
        return 1
    expect = Expectations(args.expectations, args.writer)
    doc = peer_files.write_files(
        node, os.path.join(args.peers, 'arrow_write.mjs'),
        ['--writer', args.writer], args.out)
    if doc is None:
        return 1
    manifest = doc['files']
    print(f'writer: {doc["writer"]}, {doc["version"]}')

    failures = []
    expected = peer_files.check_files(args.out, manifest,
                                      MIN_FILES[args.writer], failures)
    validate(args, manifest, expect, failures)
    read_back(args, node, manifest, expect, failures)

    for e in expect.diagnostics + expect.readers:
        if e['hits']:
            what = e.get('code') or f'{e["reader"]} {e["column"]}'
            files = sorted(e['hits'])
            print(f'expected {what} in {len(files)} files ({files[0]}, ...), '
                  f'x{sum(e["hits"].values())}: {e["reason"]}')
    for e in expect.unused():
        failures.append(f'expectation matched nothing (stale?): '
                        f'{ {k: v for k, v in e.items() if k != "hits"} }')
    print(f'time: {time.monotonic() - start:.1f} s')
    return peer_files.finish(
        failures, f'{len(expected)} {args.writer} files ({doc["version"]}), '
        'no unexpected diagnostic, every reader reads them back right')


if __name__ == '__main__':
    sys.exit(main())
