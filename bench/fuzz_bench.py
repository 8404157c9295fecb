#!/usr/bin/python3
"""Executions per second of each fuzz target, from its seeds and from a
1 MB file.

Run from the repository root, after building the targets with libFuzzer
(the CI's fuzz build, or the same without sanitizers):

    cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \\
      -DCMAKE_CXX_COMPILER=clang++ -DCOLCHECK_FUZZ_ENGINE=libfuzzer \\
      -DCOLCHECK_SANITIZE="address;undefined" -DCOLCHECK_BUILD_TESTS=OFF
    cmake --build build-fuzz --target colcheck_fuzzers
    /usr/bin/python3 bench/fuzz_bench.py --build build-fuzz [--seconds 60]
        [--target file_fuzzer ...] [--large-mb 1] [--no-large]

For every target it runs one libFuzzer process for --seconds, with
-seed=1, on a copy of corpus/seeds/<target>/ (file_fuzzer's for
inspect_fuzzer and file_fuzzer_structured; a copy, so the seeds stay as
they are) and the campaign's -max_len, and prints libFuzzer's own count of
executions and its average executions per second
(-print_final_stats=1). The whole-file targets (file_fuzzer,
inspect_fuzzer) then run again from one DuckDB-written Parquet file of
about --large-mb MiB (peers/duckdb_bench.mjs, cached in
<build>/bench-data/ as bench/pages_bench.py does; needs
scripts/install-peers.sh), with -max_len raised to hold it.

The figures depend on the machine and its load: run it on an idle one
and compare builds on the same one. Not a ctest.
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, 'fuzz'))
import fuzz_campaign  # noqa: E402  (the campaign's targets and limits)
import pages_bench  # noqa: E402  (its cached DuckDB file)

TARGETS = ['file_fuzzer', 'file_fuzzer_structured', 'footer_fuzzer',
           'inspect_fuzzer', 'thrift_fuzzer', 'page_fuzzer',
           'orc_footer_fuzzer', 'orc_tail_fuzzer']
# Where a target's binary is under <build>/fuzz/, when not at its top.
BINARIES = {'file_fuzzer_structured': 'mutator/file_fuzzer_structured'}
WHOLE_FILE_TARGETS = ['file_fuzzer', 'inspect_fuzzer']
# inspect_fuzzer takes whole files, as file_fuzzer does, and has no seeds of
# its own.
SEEDS = {'inspect_fuzzer': 'file_fuzzer',
         'file_fuzzer_structured': 'file_fuzzer'}


def run_target(binary, corpus, seconds, max_len):
    """(executions, executions per second) of one libFuzzer run."""
    cmd = [binary, '-seed=1', f'-max_total_time={seconds}',
           f'-max_len={max_len}', '-print_final_stats=1',
           f'-timeout={fuzz_campaign.TIMEOUT_S}',
           f'-malloc_limit_mb={fuzz_campaign.MALLOC_LIMIT_MB}', corpus]
    env = dict(os.environ)
    env['ASAN_OPTIONS'] = 'detect_leaks=0'
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                         text=True, errors='replace', env=env,
                         timeout=seconds * 4 + 120).stdout
    units = re.search(r'stat::number_of_executed_units:\s*(\d+)', out)
    rate = re.search(r'stat::average_exec_per_sec:\s*(\d+)', out)
    if not units or not rate:
        tail = '\n'.join(out.splitlines()[-15:])
        sys.exit(f'fuzz_bench: {os.path.basename(binary)} gave no final '
                 f'stats:\n{tail}')
    return int(units.group(1)), int(rate.group(1))


def large_file(mb, cache_dir):
    """A DuckDB-written Parquet file of about `mb` MiB, cached in
    `cache_dir` as bench/pages_bench.py caches its own."""
    node = shutil.which('node')
    if node is None or not os.path.isdir(
            os.path.join(ROOT, 'peers', 'node_modules', '@duckdb')):
        sys.exit('fuzz_bench: the 1 MB input needs node and peers/; run '
                 'scripts/install-peers.sh, or pass --no-large')
    path, _ = pages_bench.cached_file(node, mb, cache_dir)
    return path


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--build', required=True,
                        help='a libFuzzer build directory')
    parser.add_argument('--seconds', type=int, default=60)
    parser.add_argument('--target', action='append', choices=TARGETS,
                        help='one target (repeatable); default: all')
    parser.add_argument('--large-mb', type=float, default=1.0)
    parser.add_argument('--no-large', action='store_true',
                        help='skip the runs from a large file')
    args = parser.parse_args()
    targets = args.target or TARGETS
    rows = []
    with tempfile.TemporaryDirectory(prefix='fuzz_bench.') as tmp:
        large = None
        if not args.no_large and set(targets) & set(WHOLE_FILE_TARGETS):
            large = large_file(args.large_mb,
                               os.path.join(args.build, 'bench-data'))
        for name in targets:
            binary = os.path.join(args.build, 'fuzz', BINARIES.get(name, name))
            if not os.access(binary, os.X_OK):
                sys.exit(f'fuzz_bench: no {binary}; build colcheck_fuzzers')
            seeds = os.path.join(tmp, name, 'seeds')
            shutil.copytree(
                os.path.join(ROOT, 'corpus', 'seeds', SEEDS.get(name, name)),
                seeds)
            max_len = fuzz_campaign.MAX_LEN.get(name,
                                                fuzz_campaign.DEFAULT_MAX_LEN)
            runs, rate = run_target(binary, seeds, args.seconds, max_len)
            rows.append((name, 'seeds', runs, rate))
            print(f'{name:18} seeds  {runs:>9} execs  {rate:>7} exec/s',
                  flush=True)
            if large and name in WHOLE_FILE_TARGETS:
                one = os.path.join(tmp, name, 'large')
                os.makedirs(one)
                shutil.copy(large, one)
                size = os.path.getsize(large)
                runs, rate = run_target(binary, one, args.seconds, size + 1024)
                rows.append((name, f'{size / 2**20:.1f} MiB', runs, rate))
                print(f'{name:18} large  {runs:>9} execs  {rate:>7} exec/s',
                      flush=True)
    print()
    print('| target | inputs | execs | exec/s |')
    print('|---|---|---:|---:|')
    for name, inputs, runs, rate in rows:
        print(f'| {name} | {inputs} | {runs:,} | {rate:,} |')


if __name__ == '__main__':
    main()
