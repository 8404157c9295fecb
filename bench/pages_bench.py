#!/usr/bin/python3
"""How fast colcheck validates large DuckDB and Polars files, next to
DuckDB and Polars reading them.

Run from the repository root, after building colcheck and installing the
npm packages of peers/:

    cmake --build build --target colcheck
    bash scripts/install-peers.sh
    /usr/bin/python3 bench/pages_bench.py [--mb 256] [--repeat 3]
        [--colcheck build/cli/colcheck] [--cache-dir DIR] [--threads N]

It writes, once, a file of about --mb MiB with DuckDB (ZSTD, format V1,
order-like rows of int, bigint, double, decimal, date, timestamp, string,
boolean and list-of-string columns with nulls; see peers/duckdb_bench.mjs)
and the same rows again with Polars (ZSTD, peers/polars_bench.mjs) into
--cache-dir (default: bench-data/ in colcheck's build directory), and
reuses them while the size and the generators stay the same. Then, for
each file, it times, --repeat times each:

  - `colcheck validate --format json --threads 1 --level L FILE` for L in
    footer, pages and full, and full again on --threads N (default: one per
    processor): wall time of the process, MiB/s of the file, and peak RSS
    (GNU time's, /usr/bin/time: see run_measured); the speed-up of N
    threads is one thread's best wall time over theirs;
  - bench/parquet_benchmark, when built (-DCOLCHECK_BUILD_BENCHMARKS=ON):
    full validation in memory on 1 and 2 threads against decompressing
    every page alone, the floor any reader of the file pays;
  - DuckDB, one thread (SET threads = 1), running one query with count, min
    and max of every column of the file, so every value is decoded: the
    query time inside node (no process start);
  - Polars, one thread (POLARS_MAX_THREADS=1), reading the file into a
    DataFrame, which decodes every value: the read time inside node.

The readers' peak RSS is that of the node process, which includes node
itself (about 50 MiB). Each is reported as wall and as CPU (user + system)
time, best of the runs; the ratio columns are colcheck's best CPU time over
each reader's. On a shared machine the CPU figures are the steadier ones.
The files stay in the page cache between runs, so this measures CPU, not
the disk. Not a ctest: it takes minutes at 256 MiB.
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
POLARS = os.path.join(PEERS, 'polars_bench.mjs')
MIB = 1024 * 1024
GNU_TIME = '/usr/bin/time'


def run_measured(argv, env=None):
    """Runs argv (with `env`, else ours); returns (wall s, CPU s, peak RSS
    MiB, rc, stdout, stderr).

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
                                stdout=out, stderr=err, env=env)
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


def script_digest(path):
    with open(path, 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()[:16]


def generator_key(mb):
    return {'mb': mb, 'generator_sha256': script_digest(GENERATOR)}


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


def polars_file(node, source, source_info, cache_dir):
    """The rows of the DuckDB file `source`, written again by Polars."""
    path = os.path.join(cache_dir, 'polars_' + os.path.basename(source))
    key = {'source': source_info['key'], 'rewriter_sha256': script_digest(POLARS)}
    return cached(path, key, lambda out: rewrite_with_polars(node, source, out))


def run_writer(argv, what):
    """Runs a peer's writer command; returns its JSON line, after printing
    what it wrote."""
    out = subprocess.run(argv, capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f'pages_bench: {what} failed:\n{out.stdout}{out.stderr}')
    info = json.loads(out.stdout.strip().splitlines()[-1])
    print(f'  {info["rows"]:,} rows, {info["bytes"] / MIB:.1f} MiB in '
          f'{info["seconds"]:.1f} s')
    return info


def rewrite_with_polars(node, source, path):
    print(f'writing {path} with Polars ...', flush=True)
    return run_writer([node, POLARS, 'rewrite', source, '--out', path],
                      'rewriting with Polars')


def write_file(node, mb, path):
    print(f'writing {path} (about {mb:g} MiB) with DuckDB ...', flush=True)
    return run_writer([node, GENERATOR, 'generate', '--mb', str(mb), '--out', path],
                      'generating')


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


def time_colcheck(colcheck, levels, path, repeat, threads):
    """[(name, walls, cpus, peak RSS, summary)] for each level on one
    thread, then for full on `threads` threads."""
    runs = [(f'colcheck --level {level}',
             [colcheck, 'validate', '--format', 'json', '--threads', '1',
              '--level', level, path])
            for level in levels]
    if threads > 1 and 'full' in levels:
        runs.append((f'colcheck full, {threads} threads',
                     [colcheck, 'validate', '--format', 'json', '--threads',
                      str(threads), '--level', 'full', path]))
    results = []
    for name, argv in runs:
        walls, cpus, rss, summary = [], [], [], ''
        for _ in range(repeat):
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
    return results


SECONDS = {'ns': 1e-9, 'us': 1e-6, 'ms': 1e-3, 's': 1.0}  # Google Benchmark time_unit.


def default_benchmark(build, name):
    """bench/`name` in colcheck's build directory, else in build-bench/, or
    None when neither was built (-DCOLCHECK_BUILD_BENCHMARKS=ON)."""
    for candidate in (os.path.join(build, 'bench', name),
                      os.path.join(REPO, 'build-bench', 'bench', name)):
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def time_in_memory(program, path, repeat, counters):
    """The Google Benchmark `program`'s benchmarks over `path`, each the best
    of `repeat` repetitions (by CPU time, by wall time for the ones timed in
    real time), with the named counters."""
    # --benchmark_out rather than --benchmark_format=json on stdout: the
    # programs print a line about the file before the report.
    with tempfile.NamedTemporaryFile(mode='r', suffix='.json') as out:
        argv = [program, f'--benchmark_repetitions={repeat}',
                f'--benchmark_out={out.name}', '--benchmark_out_format=json', path]
        run = subprocess.run(argv, capture_output=True, text=True, check=False)
        if run.returncode != 0:
            sys.exit(f'{" ".join(argv)} exited with '
                     f'{run.returncode}:\n{run.stdout}{run.stderr}')
        benchmarks = json.load(out)['benchmarks']
    best = {}
    for b in benchmarks:
        if b.get('run_type', 'iteration') != 'iteration':
            continue  # mean, median, stddev, cv of the repetitions.
        unit = SECONDS[b['time_unit']]
        name = b['run_name'].removesuffix('/real_time')
        key = 'real_time' if b['run_name'].endswith('/real_time') else 'cpu_time'
        if name not in best or b[key] * unit < best[name]['best_s']:
            best[name] = {
                'name': f'{name} (in memory)',
                'level': name.partition('/')[2] if name.startswith('Validate/') else None,
                'wall_s': b['real_time'] * unit, 'cpu_s': b['cpu_time'] * unit,
                'best_s': b[key] * unit,
                'peak_rss_mib': None,  # The file is in memory: not comparable.
                'counters': {k: b[k] for k in counters if k in b}}
    for m in best.values():
        shown = ', '.join(f'{k} {v:,.0f}' for k, v in m['counters'].items())
        print(f'  {m["name"]}: {m["best_s"]:.3f} s; {shown}', flush=True)
    return list(best.values())


def time_reader(name, argv, repeat, env=None):
    """A reader's JSON line, with its process's peak RSS as "peak"."""
    wall, _, peak, rc, stdout, stderr = run_measured(argv + ['--repeat', str(repeat)], env)
    if rc != 0:
        sys.exit(f'pages_bench: {name} read failed:\n{stdout}{stderr}')
    result = json.loads(stdout.strip().splitlines()[-1])
    result['peak'] = peak
    print(f'  {name}: {result["rows"]:,} rows, {result["columns"]} columns; runs '
          f'{", ".join(f"{s:.3f}" for s in result["seconds"])} s (CPU '
          f'{", ".join(f"{s:.3f}" for s in result["cpu_seconds"])} s); node '
          f'process {wall:.1f} s in all', flush=True)
    return result


def print_floor(size, in_memory):
    """The in-memory figures of bench/parquet_benchmark: full validation on
    one and more threads against decompressing every page alone."""
    by_name = {m['name'].removesuffix(' (in memory)'): m for m in in_memory}
    floor = by_name.get('Decompress/all')
    if not floor:
        return
    print(f'in memory (bench/parquet_benchmark): decompressing every page '
          f'{floor["best_s"]:.3f} s ({size / MIB / floor["best_s"]:.0f} MiB/s)')
    for name, m in by_name.items():
        if name.startswith('Validate/'):
            print(f'  {name}: {m["best_s"]:.3f} s ({size / MIB / m["best_s"]:.0f} MiB/s), '
                  f'{m["best_s"] / floor["best_s"]:.2f}x the decompression time')


def print_table(path, writer, rows, colcheck_results, readers, in_memory):
    size = os.path.getsize(path)
    print()
    print(f'file: {path}')
    print(f'      {size / MIB:.1f} MiB, {rows:,} rows, written by {writer} with ZSTD')
    header = (f'{"measurement":<30} {"best s":>7} {"median s":>8} {"MiB/s":>8} '
              f'{"CPU s":>7} {"peak RSS MiB":>12}')
    for name, _ in readers:
        header += f' {"CPU vs " + name:>16}'
    print(header)
    rows_out = [(name, walls, cpus, peak) for name, walls, cpus, peak, _ in colcheck_results]
    rows_out += [(f'{name} 1 thread, all columns', r['seconds'], r['cpu_seconds'], r['peak'])
                 for name, r in readers]
    for name, walls, cpus, peak in rows_out:
        best = min(walls)
        line = (f'{name:<30} {best:>7.3f} {statistics.median(walls):>8.3f} '
                f'{size / MIB / best:>8.1f} {min(cpus):>7.3f} {peak:>12.1f}')
        for _, r in readers:
            line += f' {min(cpus) / min(r["cpu_seconds"]):>15.2f}x'
        print(line)
    walls = {name: min(w) for name, w, _, _, _ in colcheck_results}
    threaded = [name for name in walls if name.startswith('colcheck full, ')]
    if threaded and 'colcheck --level full' in walls:
        print(f'{threaded[0]}: {walls["colcheck --level full"] / walls[threaded[0]]:.2f}x '
              'the wall-time speed of one thread')
    print_floor(size, in_memory)


def main():
    parser = bench_arguments(__doc__, 256, 'the file')
    parser.add_argument('--threads', type=int, default=os.cpu_count() or 1,
                        help='threads of the last colcheck full run '
                             '(default: one per processor)')
    parser.add_argument('--parquet-benchmark', default=None,
                        help="bench/parquet_benchmark (default: in colcheck's build "
                             'directory, else in build-bench/)')
    args = parser.parse_args()
    colcheck = colcheck_binary(args.colcheck, 'pages_bench')
    node = shutil.which('node')
    if not node:
        sys.exit('pages_bench: node is not on PATH; run scripts/install-deps.sh')
    for package in (('@duckdb', 'node-api'), ('nodejs-polars',)):
        if not os.path.isdir(os.path.join(PEERS, 'node_modules', *package)):
            sys.exit('pages_bench: npm packages missing; run scripts/install-peers.sh')
    build = os.path.dirname(os.path.dirname(colcheck))
    cache_dir = args.cache_dir or os.path.join(build, 'bench-data')
    parquet_benchmark = args.parquet_benchmark or default_benchmark(build, 'parquet_benchmark')
    if not parquet_benchmark:
        print('note: no bench/parquet_benchmark (configure with '
              '-DCOLCHECK_BUILD_BENCHMARKS=ON), so no decompression floor')

    duck_path, duck_info = cached_file(node, args.mb, cache_dir)
    polars_path, _ = polars_file(node, duck_path, duck_info, cache_dir)
    levels = [level for level in args.levels.split(',') if level]
    one_thread = dict(os.environ, POLARS_MAX_THREADS='1')
    tables = []
    for path, writer in ((duck_path, 'DuckDB'), (polars_path, 'Polars')):
        print(f'{writer} file:', flush=True)
        results = time_colcheck(colcheck, levels, path, args.repeat, args.threads)
        in_memory = (time_in_memory(parquet_benchmark, path, args.repeat,
                                    ('diagnostics', 'decompressed_bytes', 'pages'))
                     if parquet_benchmark else [])
        duck = time_reader('duckdb', [node, GENERATOR, 'read', path], args.repeat)
        scanned = duck.get('scanned_rows')
        if scanned not in (None, duck['rows']):
            print(f'  duckdb: the scan produced {scanned} rows, NOT every row!')
        polars = time_reader('polars', [node, POLARS, 'read', path], args.repeat,
                             one_thread)
        tables.append((path, writer, duck['rows'], results,
                       [('duckdb', duck), ('polars', polars)], in_memory))
    for table in tables:
        print_table(*table)
    print('Times are best of the runs. colcheck: wall and CPU time of the '
          'process. duckdb: the query inside node (count, min, max of every '
          'column, one thread); polars: readParquet inside node (every column, '
          'POLARS_MAX_THREADS=1). Readers\' RSS includes node. On a busy '
          'machine compare the CPU columns.')
    return 0


if __name__ == '__main__':
    sys.exit(main())
