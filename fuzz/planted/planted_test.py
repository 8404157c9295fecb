#!/usr/bin/env python3
"""Races the structure-aware mutator against plain libFuzzer mutation on
the planted bug of planted_fuzzer.cc.

Both binaries start from the same seeds (corpus/valid files, none of which
has the bug) with the same libFuzzer seeds and run budget. The test passes
when the structured binary finds the bug in every run and the plain one in
none. Prints one line per run: the executions until the crash, or "not
found in N runs".
"""

import argparse
import pathlib
import re
import shutil
import subprocess
import sys

# The pieces the bug needs, apart (see planted_fuzzer.cc). Files whose
# groups already sit two deep (lists, maps, page_base's 3-level list) are
# left out: there a single bit flip (a num_children, a type) completes the
# schema half, which is no test of structure.
SEED_FILES = ('dictionary_pages.parquet', 'v2_gzip_crc.parquet')

EXECS = re.compile(r'stat::number_of_executed_units:\s*(\d+)')
CRASH = re.compile(r'ERROR: libFuzzer: deadly signal')


def race(binary, seeds, work, runs, seed):
    """Runs `binary` once; returns (found, executions). Exits the script
    on any other failure."""
    corpus = work / 'corpus'
    shutil.rmtree(work, ignore_errors=True)
    corpus.mkdir(parents=True)
    for path in seeds:
        shutil.copy(path, corpus)
    result = subprocess.run(
        [binary, str(corpus), f'-runs={runs}', f'-seed={seed}',
         '-max_len=16384', '-print_final_stats=1',
         f'-artifact_prefix={work}/', '-close_fd_mask=1'],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        errors='replace', check=False)
    execs = EXECS.search(result.stderr)
    found = CRASH.search(result.stderr) is not None
    if result.returncode != 0 and not found:
        # A sanitizer report or a leak is a fault of the mutator or the
        # target, not a result of the race.
        sys.exit(f'{binary} failed:\n{result.stderr[-3000:]}')
    return found, int(execs.group(1)) if execs else -1


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument('--structured', required=True)
    parser.add_argument('--plain', required=True)
    parser.add_argument('--seeds', required=True, type=pathlib.Path,
                        help='corpus/valid')
    parser.add_argument('--work', required=True, type=pathlib.Path)
    parser.add_argument('--runs', type=int, default=100000)
    parser.add_argument('--fuzz-seeds', type=int, nargs='+',
                        default=[1, 2, 3])
    args = parser.parse_args()

    seeds = [args.seeds / name for name in SEED_FILES]
    ok = True
    for name, binary, want in (('structured', args.structured, True),
                               ('plain', args.plain, False)):
        for seed in args.fuzz_seeds:
            found, execs = race(binary, seeds, args.work / name, args.runs,
                                seed)
            if found:
                print(f'{name} seed {seed}: found after {execs} runs')
            else:
                print(f'{name} seed {seed}: not found in {args.runs} runs')
            ok &= found == want
    print('PASS' if ok else 'FAIL')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
