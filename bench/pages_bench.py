#!/usr/bin/python3
"""How fast colcheck validates large DuckDB and Polars files, next to
DuckDB and Polars reading them.

Run from the repository root, after building colcheck and installing the
npm packages of peers/:

    cmake --build build --target colcheck
    bash scripts/install-peers.sh
    /usr/bin/python3 bench/pages_bench.py [--mb 256] [--repeat 3]
        [--colcheck build/cli/colcheck] [--cache-dir DIR]

It writes, once, a file of about --mb MiB with DuckDB (ZSTD, format V1,
order-like rows of int, bigint, double, decimal, date, timestamp, string,
boolean and list-of-string columns with nulls; see peers/duckdb_bench.mjs)
and the same rows again with Polars (ZSTD, peers/polars_bench.mjs) into
--cache-dir (default: bench-data/ in colcheck's build directory), and
reuses them while the size and the generators stay the same. Then, for
each file, it times, --repeat times each:

  - `colcheck validate --format json --level L FILE` for L in footer, pages
    and full (when colcheck does not know --level yet, it says so and times
    plain `colcheck validate`): wall time of the process, MiB/s of the file,
    and peak RSS (GNU time's, /usr/bin/time: see run_measured);
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


def time_colcheck(colcheck, levels, path, repeat):
    """[(name, walls, cpus, peak RSS, summary)] for each level."""
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


def print_table(path, writer, rows, colcheck_results, readers):
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


def main():
    args = bench_arguments(__doc__, 256, 'the file').parse_args()
    colcheck = colcheck_binary(args.colcheck, 'pages_bench')
    node = shutil.which('node')
    if not node:
        sys.exit('pages_bench: node is not on PATH; run scripts/install-deps.sh')
    for package in (('@duckdb', 'node-api'), ('nodejs-polars',)):
        if not os.path.isdir(os.path.join(PEERS, 'node_modules', *package)):
            sys.exit('pages_bench: npm packages missing; run scripts/install-peers.sh')
    cache_dir = args.cache_dir or os.path.join(
        os.path.dirname(os.path.dirname(colcheck)), 'bench-data')

    duck_path, duck_info = cached_file(node, args.mb, cache_dir)
    polars_path, _ = polars_file(node, duck_path, duck_info, cache_dir)
    levels = [level for level in args.levels.split(',') if level]
    one_thread = dict(os.environ, POLARS_MAX_THREADS='1')
    tables = []
    for path, writer in ((duck_path, 'DuckDB'), (polars_path, 'Polars')):
        print(f'{writer} file:', flush=True)
        results = time_colcheck(colcheck, levels, path, args.repeat)
        duck = time_reader('duckdb', [node, GENERATOR, 'read', path], args.repeat)
        scanned = duck.get('scanned_rows')
        if scanned not in (None, duck['rows']):
            print(f'  duckdb: the scan produced {scanned} rows, NOT every row!')
        polars = time_reader('polars', [node, POLARS, 'read', path], args.repeat,
                             one_thread)
        tables.append((path, writer, duck['rows'], results,
                       [('duckdb', duck), ('polars', polars)]))
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
