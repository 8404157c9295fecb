#!/usr/bin/env python3
"""Races the structure-aware mutator against plain libFuzzer mutation on
the planted bug of planted_fuzzer.cc.

Both binaries start from the same seeds (two corpus/valid files, neither of
which has the bug), once per libFuzzer seed in --fuzz-seeds. The structured
binary gets --structured-runs executions per seed, the plain one
--plain-runs (five times as many by default: the plain binary does less
work per execution, so this is more than fair to it).

The rule, decided per run and printed with its margin:
  * the structured binary finds the bug for at least --min-found of the
    libFuzzer seeds, and
  * the plain binary finds it for none.
One more run checks that a run is reproducible: the first structured seed
that found the bug runs again, alongside the others, and must find it
after the same number of executions.

Why these numbers: with -reload=0 a run is a function of the binary, the
seeds and -seed alone, so the verdict does not move with load. It moves
when the mutator or libFuzzer changes, and the margin says how far it can
move. Measured on 40 libFuzzer seeds (fuzz/README.md, "Planted bug"), the
structured binary found the bug in 39 within 20,000 executions (median
812), and the plain one in none of 20 within 100,000. If the true
chance per seed were 0.975 (as measured), 20 seeds would fall short of 14
with probability 4e-7; even at 0.9 it is 0.002.
"""

import argparse
import concurrent.futures
import pathlib
import re
import shutil
import statistics
import subprocess
import sys

# The pieces the bug needs, apart (see planted_fuzzer.cc). Files whose
# groups already sit two deep (lists, maps, page_base's 3-level list) are
# left out: there a single bit flip (a num_children, a type) completes the
# schema half, which is no test of structure.
SEED_FILES = ('dictionary_pages.parquet', 'v2_gzip_crc.parquet')

EXECS = re.compile(r'stat::number_of_executed_units:\s*(\d+)')
CRASH = re.compile(r'ERROR: libFuzzer: deadly signal')

# libFuzzer flags that keep a run a function of -seed. -reload=0: by
# default libFuzzer rereads its corpus directory once a second, and a seed
# file whose unit -reduce_inputs replaced is then run again as if new, so
# how many reloads happen before the crash (that is, the machine's speed
# and load) shifted every later run; it made seed 2 find the bug after
# 10,155 executions on an idle machine and not at all on a loaded one.
DETERMINISTIC = ('-reload=0',)


def race(binary, seeds, work, runs, seed):
    """Runs `binary` once; returns (found, executions). Raises on any other
    failure."""
    corpus = work / 'corpus'
    shutil.rmtree(work, ignore_errors=True)
    corpus.mkdir(parents=True)
    for path in seeds:
        shutil.copy(path, corpus)
    result = subprocess.run(
        [binary, str(corpus), f'-runs={runs}', f'-seed={seed}',
         '-max_len=16384', '-print_final_stats=1', *DETERMINISTIC,
         f'-artifact_prefix={work}/', '-close_fd_mask=1'],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        errors='replace', check=False)
    execs = EXECS.search(result.stderr)
    found = CRASH.search(result.stderr) is not None
    if (result.returncode != 0 and not found) or execs is None:
        # A sanitizer report or a leak is a fault of the mutator or the
        # target, not a result of the race.
        raise RuntimeError(f'{binary} -seed={seed} failed:\n'
                           f'{result.stderr[-3000:]}')
    return found, int(execs.group(1))


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument('--structured', required=True)
    parser.add_argument('--plain', required=True)
    parser.add_argument('--seeds', required=True, type=pathlib.Path,
                        help='corpus/valid')
    parser.add_argument('--work', required=True, type=pathlib.Path)
    parser.add_argument('--fuzz-seeds', type=int, nargs='+',
                        default=list(range(1, 21)))
    parser.add_argument('--structured-runs', type=int, default=20000)
    parser.add_argument('--plain-runs', type=int, default=100000)
    parser.add_argument('--min-found', type=int, default=14,
                        help='structured finds needed (default 14 of 20)')
    parser.add_argument('--jobs', type=int, default=2,
                        help='runs at once (they do not depend on load)')
    args = parser.parse_args()
    if not 0 < args.min_found <= len(args.fuzz_seeds):
        parser.error('--min-found must be in [1, number of --fuzz-seeds]')

    seeds = [args.seeds / name for name in SEED_FILES]
    variants = (('structured', args.structured, args.structured_runs),
                ('plain', args.plain, args.plain_runs))
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        futures = {
            (name, seed): pool.submit(race, binary, seeds,
                                      args.work / f'{name}-{seed}', runs, seed)
            for name, binary, runs in variants for seed in args.fuzz_seeds}
        try:
            results = {key: f.result() for key, f in futures.items()}
            again = next((seed for seed in args.fuzz_seeds
                          if results[('structured', seed)][0]), None)
            repeat = None
            if again is not None:
                repeat = race(args.structured, seeds,
                              args.work / f'structured-{again}-again',
                              args.structured_runs, again)
        except RuntimeError as e:
            print(e, file=sys.stderr)
            return 1

    found = {}
    for name, _, runs in variants:
        found[name] = []
        for seed in args.fuzz_seeds:
            hit, execs = results[(name, seed)]
            if hit:
                found[name].append(execs)
                print(f'{name} seed {seed}: found after {execs} runs')
            else:
                print(f'{name} seed {seed}: not found in {runs} runs')

    n = len(args.fuzz_seeds)
    s, p = len(found['structured']), len(found['plain'])
    median = (f', median {statistics.median(found["structured"]):.0f} runs'
              if found['structured'] else '')
    print(f'structured: found for {s} of {n} seeds{median}; the rule needs '
          f'{args.min_found}, margin {s - args.min_found}')
    print(f'plain: found for {p} of {n} seeds with {args.plain_runs} runs '
          f'each; the rule allows none, margin {-p}')
    ok = s >= args.min_found and p == 0
    if again is not None:
        first = results[('structured', again)][1]
        same = repeat == (True, first)
        print(f'structured seed {again} again: '
              + (f'found after {repeat[1]} runs' if repeat[0] else
                 f'not found in {args.structured_runs} runs')
              + ('' if same else f', not the {first} of the first run'))
        ok &= same
    print('PASS' if ok else 'FAIL')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main())
