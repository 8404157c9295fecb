#!/usr/bin/python3
"""How fast colcheck validates a large DuckDB file, next to DuckDB reading it.

Run from the repository root, after building colcheck and installing the
npm packages of peers/:

    cmake --build build --target colcheck
    bash scripts/install-peers.sh
    /usr/bin/python3 bench/pages_bench.py [--mb 256] [--repeat 3]
        [--colcheck build/cli/colcheck] [--cache-dir DIR]

It writes, once, a file of about --mb MiB (ZSTD, format V1, order-like
rows of int, bigint, double, decimal, date, timestamp, string, boolean and
list-of-string columns with nulls; see peers/duckdb_bench.mjs) into
--cache-dir (default: bench-data/ in colcheck's build directory) and reuses
it while the size and the generator stay the same. Then it times, --repeat
times each:

  - `colcheck validate --format json --level L FILE` for L in footer, pages
    and full (when colcheck does not know --level yet, it says so and times
    plain `colcheck validate`): wall time of the process, MiB/s of the file,
    and peak RSS (GNU time's, /usr/bin/time: see run_measured);
  - DuckDB, one thread (SET threads = 1), running one query with count, min
    and max of every column of the same file, so every value is decoded:
    the query time inside node (no process start), and the peak RSS of the
    node process, which includes node itself (about 50 MiB).

Each is reported as wall and as CPU (user + system) time, best of the runs;
the ratio columns are colcheck's best over DuckDB's best, wall and CPU. On
a shared machine the CPU figures are the steadier ones. The
file stays in the page cache between runs, so this measures CPU, not the
disk. Not a ctest: it takes minutes at 256 MiB.
"""

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(REPO, 'peers')
GENERATOR = os.path.join(PEERS, 'duckdb_bench.mjs')
MIB = 1024 * 1024
GNU_TIME = '/usr/bin/time'


def run_measured(argv):
    """Runs argv; returns (wall s, CPU s, peak RSS MiB, rc, stdout, stderr).

    The peak RSS is GNU time's %M of argv, not the ru_maxrss os.wait4 gives
    for our own child: Linux counts in that the peak of the process the child
    was forked (or vforked) from, so every child of this Python would look at
    least as large as it. CPU time is os.wait4's: argv's and GNU time's own,
    which is negligible."""
    if not os.access(GNU_TIME, os.X_OK):
        sys.exit(f'{GNU_TIME} is missing: install the Debian package time '
                 '(scripts/install-deps.sh)')
    # Output goes to files rather than pipes, so nothing needs reading while
    # the child runs and os.wait4 can reap it and get its own rusage.
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode='r') as rss:
        start = time.monotonic()
        proc = subprocess.Popen([GNU_TIME, '--format=%M', f'--output={rss.name}'] + argv,
                                stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        # %M (KiB) is the last line: a failing command's status comes before it.
        peak_kib = int(rss.read().split()[-1])
        return (wall, usage.ru_utime + usage.ru_stime, peak_kib / 1024,
                proc.returncode,
                out.read().decode('utf-8', 'replace'),
                err.read().decode('utf-8', 'replace'))


def generator_key(mb):
    with open(GENERATOR, 'rb') as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    return {'mb': mb, 'generator_sha256': digest}


def cached(path, key, make):
    """Returns (path, info) for the generated file `path`, calling
    make(path) -> info to write it unless its sidecar PATH.json holds `key`
    and the file's size."""
    sidecar = path + '.json'
    if os.path.exists(path) and os.path.exists(sidecar):
        with open(sidecar, encoding='utf-8') as f:
            info = json.load(f)
        if info.get('key') == key and info.get('bytes') == os.path.getsize(path):
            print(f'using cached {path}')
            return path, info
    info = make(path)
    info['key'] = key
    info['bytes'] = os.path.getsize(path)
    with open(sidecar, 'w', encoding='utf-8') as f:
        json.dump(info, f)
    return path, info


def cached_file(node, mb, cache_dir):
    os.makedirs(cache_dir, exist_ok=True)
    path = os.path.join(cache_dir, f'duckdb_zstd_{mb:g}mb.parquet')
    return cached(path, generator_key(mb), lambda out: write_file(node, mb, out))


def write_file(node, mb, path):
    print(f'writing {path} (about {mb:g} MiB) with DuckDB ...', flush=True)
    out = subprocess.run([node, GENERATOR, 'generate', '--mb', str(mb), '--out', path],
                         capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f'pages_bench: generating failed:\n{out.stdout}{out.stderr}')
    info = json.loads(out.stdout.strip().splitlines()[-1])
    print(f'  {info["rows"]:,} rows, {info["bytes"] / MIB:.1f} MiB in '
          f'{info["seconds"]:.1f} s')
    return info


def summarize_report(stdout):
    try:
        files = json.loads(stdout)['files']
    except (ValueError, KeyError):
        return 'no JSON report'
    f = files[0]
    counts = {}
    for d in f['diagnostics']:
        counts[d['severity']] = counts.get(d['severity'], 0) + 1
    return (f'{f["verdict"]}, {counts.get("error", 0)} errors, '
            f'{counts.get("warning", 0)} warnings, {counts.get("info", 0)} infos')


def bench_arguments(doc, mb, what):
    """The options both whole-file benchmarks take: --mb (default `mb`, the
    size of `what`), --repeat, --colcheck, --cache-dir and --levels."""
    parser = argparse.ArgumentParser(
        description=doc.splitlines()[0],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--mb', type=float, default=mb,
                        help=f'size of {what} in MiB (default {mb:g})')
    parser.add_argument('--repeat', type=int, default=3,
                        help='runs of each measurement (default 3)')
    parser.add_argument('--colcheck', default=os.path.join(REPO, 'build', 'cli', 'colcheck'),
                        help='colcheck binary (default build/cli/colcheck)')
    parser.add_argument('--cache-dir', default=None,
                        help='where the files are kept (default: bench-data/ '
                             "in colcheck's build directory)")
    parser.add_argument('--levels', default='footer,pages,full',
                        help='colcheck --level values to time (default footer,pages,full)')
    return parser


def colcheck_binary(path, script):
    """`path` made absolute, or an exit when no binary is there."""
    colcheck = os.path.abspath(path)
    if not os.access(colcheck, os.X_OK):
        sys.exit(f'{script}: no colcheck binary at {colcheck}; build the '
                 'colcheck target or pass --colcheck')
    return colcheck


def main():
    args = bench_arguments(__doc__, 256, 'the file').parse_args()
    colcheck = colcheck_binary(args.colcheck, 'pages_bench')
    node = shutil.which('node')
    if not node:
        sys.exit('pages_bench: node is not on PATH; run scripts/install-deps.sh')
    if not os.path.isdir(os.path.join(PEERS, 'node_modules', '@duckdb', 'node-api')):
        sys.exit('pages_bench: npm packages missing; run scripts/install-peers.sh')
    cache_dir = args.cache_dir or os.path.join(
        os.path.dirname(os.path.dirname(colcheck)), 'bench-data')

    path, info = cached_file(node, args.mb, cache_dir)
    size = os.path.getsize(path)

    levels = [level for level in args.levels.split(',') if level]
    probe = run_measured([colcheck, 'validate', '--quiet', '--level', levels[0], path])
    if probe[3] == 2 and '--level' in probe[5]:
        print(f'note: colcheck does not accept --level yet ({probe[5].strip().splitlines()[0]}); '
              'timing plain `colcheck validate` instead')
        runs = [('colcheck validate', [colcheck, 'validate', '--format', 'json', path])]
    else:
        runs = [(f'colcheck --level {level}',
                 [colcheck, 'validate', '--format', 'json', '--level', level, path])
                for level in levels]

    results = []
    for name, argv in runs:
        walls, cpus, rss, summary = [], [], [], ''
        for _ in range(args.repeat):
            wall, cpu, peak, rc, stdout, stderr = run_measured(argv)
            if rc not in (0, 1):
                sys.exit(f'pages_bench: {" ".join(argv)} exited with {rc}:\n{stderr}')
            walls.append(wall)
            cpus.append(cpu)
            rss.append(peak)
            summary = summarize_report(stdout)
        results.append((name, walls, cpus, max(rss), summary))
        print(f'  {name}: {summary}; runs {", ".join(f"{w:.3f}" for w in walls)} s',
              flush=True)

    wall, _, peak, rc, stdout, stderr = run_measured(
        [node, GENERATOR, 'read', path, '--repeat', str(args.repeat)])
    if rc != 0:
        sys.exit(f'pages_bench: DuckDB read failed:\n{stdout}{stderr}')
    duck = json.loads(stdout.strip().splitlines()[-1])
    duck_best = min(duck['seconds'])
    duck_cpu = min(duck['cpu_seconds'])
    scanned = duck.get('scanned_rows')
    print(f'  duckdb: {duck["rows"]:,} rows, {duck["columns"]} columns; runs '
          f'{", ".join(f"{s:.3f}" for s in duck["seconds"])} s; profiler: scan '
          f'produced {scanned if scanned is not None else "?"} rows'
          f'{"" if scanned in (None, duck["rows"]) else " (NOT every row!)"}; '
          f'node process {wall:.1f} s in all')

    print()
    print(f'file: {path}')
    print(f'      {size / MIB:.1f} MiB, {info["rows"]:,} rows, {duck["columns"]} '
          f'top-level columns, written by DuckDB with ZSTD')
    print(f'{"measurement":<30} {"best s":>7} {"median s":>8} {"MiB/s":>8} '
          f'{"CPU s":>7} {"peak RSS MiB":>12} {"vs DuckDB":>9} {"(CPU)":>7}')
    for name, walls, cpus, peak_rss, _ in results:
        best = min(walls)
        print(f'{name:<30} {best:>7.3f} {statistics.median(walls):>8.3f} '
              f'{size / MIB / best:>8.1f} {min(cpus):>7.3f} {peak_rss:>12.1f} '
              f'{best / duck_best:>8.2f}x {min(cpus) / duck_cpu:>6.2f}x')
    print(f'{"duckdb 1 thread, all columns":<30} {duck_best:>7.3f} '
          f'{statistics.median(duck["seconds"]):>8.3f} {size / MIB / duck_best:>8.1f} '
          f'{duck_cpu:>7.3f} {peak:>12.1f} {1:>8.2f}x {1:>6.2f}x')
    print('Times are best of the runs. colcheck: wall and CPU time of the '
          'process. duckdb: wall and CPU time of the query inside node (count, '
          'min, max of every column, one thread); its RSS includes node. On a '
          'busy machine compare the CPU columns.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
