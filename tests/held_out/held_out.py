#!/usr/bin/python3
"""Held-out files: colcheck's verdicts on files it was never tuned on.

Issue 15's acceptance asks that the severity policy be measured on real
files from writers and repositories outside the shared corpus, and that
detection be measured on malformed files the project has never seen. This
campaign makes both kinds of files fresh on every run, from a seed:

1. Good files. peers/held_out_write.mjs writes --files files with each of
   five writers (DuckDB, Polars, arrow-rs, hyparquet-writer, parquetjs),
   each file with a table and writer options drawn from the seed. Every
   peer reader (DuckDB, hyparquet, Polars, parquet-wasm) reads every file
   back; a file that all of them read, with the number of rows written, is
   one that readers accept. On such a file an error fails the campaign
   unless it names a known writer bug (validator/data/known_writer_bugs.json
   says why the bug makes readers return wrong results). Warnings are
   counted: per writer, the share of files with no warning, and with no
   warning that does not name a known bug. For the mainstream writers
   (DuckDB, Polars, arrow-rs), an unnamed warning also fails, since issue
   15's goal is that their current versions get none.
2. Broken files. Each good file, and a sample of the `good` files of the
   real-world corpus (Parquet and ORC, when --real-world is given), is
   broken --corruptions times in each of these ways:
   - truncate: cut at a random length, 1 byte or more;
   - tail: one random bit of the last 8 bytes flipped (the footer length
     or the trailing magic; ORC: the PostScript length or its end);
   - cut: a random run of 1 to 64 bytes deleted from the middle;
   - insert: 1 to 64 random bytes inserted in the middle.
   Every truncated file must get an error: readers fail on it. Every
   tail-flipped file must get an error or a warning: a Parquet footer
   length or magic that is wrong fails readers, but a flipped bit in the
   tag of ORC's PostScript magic only hides the magic, which ORC readers
   survive by checking the file's header instead (a warning). A file that
   loses or gains bytes in the middle is broken too but may, rarely, still
   decode to something that follows every rule, so those shares are
   reported, not asserted. colcheck must also exit 0 or 1 on every file: a
   crash or a tool error fails the campaign.

Prints the seed, the per-writer table and the detection table. Reproduce
a run with --seed; --keep leaves the files in --out.

Exits 77 (ctest's SKIP_RETURN_CODE) with a SKIPPED message when node or
the npm packages of peers/ are missing; scripts/install-peers.sh installs
them. Runs on Debian 12's /usr/bin/python3 with the standard library only.
"""

import collections
import concurrent.futures
import json
import os
import random
import shutil
import subprocess
import sys
import time

# The peer tests' shared checks: node, the npm packages, the binary.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                '..', 'peers'))
import peer_files  # noqa: E402

WRITERS = ('duckdb', 'polars', 'arrow-rs', 'hyparquet-writer', 'parquetjs')
MAINSTREAM = ('duckdb', 'polars', 'arrow-rs')
READERS = ('duckdb', 'hyparquet', 'polars', 'parquet-wasm')
PACKAGES = ('@duckdb/node-api', 'nodejs-polars', 'parquet-wasm', 'apache-arrow',
            'hyparquet', 'hyparquet-compressors', 'hyparquet-writer',
            '@dsnp/parquetjs')
KINDS = ('truncate', 'tail', 'cut', 'insert')


def colcheck_json(colcheck, paths):
    """colcheck's file objects by path; raises on a tool failure."""
    by_path = {}
    # Batches keep the command line short.
    for k in range(0, len(paths), 200):
        batch = paths[k:k + 200]
        run = subprocess.run([colcheck, 'validate', '--format', 'json', '--no-config',
                              *batch], capture_output=True, text=True, check=False)
        if run.returncode not in (0, 1):
            raise RuntimeError(f'colcheck exited {run.returncode} on a batch '
                               f'starting with {batch[0]}: {run.stderr[-500:]}')
        for f in json.loads(run.stdout)['files']:
            by_path[f['path']] = f
    return by_path


# ---- good files -------------------------------------------------------------

def write_files(args, node, seed):
    """Writes every writer's files; returns [(writer, version, entry, path)]."""
    def run(k_writer):
        k, writer = k_writer
        out = os.path.join(args.out, 'good', writer)
        proc = subprocess.run([node, os.path.join(args.peers, 'held_out_write.mjs'),
                               '--writer', writer, '--seed', str(seed + k),
                               '--files', str(args.files), out],
                              capture_output=True, text=True, check=False)
        return writer, out, proc

    files = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for writer, out, proc in pool.map(run, enumerate(WRITERS)):
            if proc.returncode != 0:
                raise RuntimeError(f'held_out_write.mjs --writer {writer} exited '
                                   f'{proc.returncode}: {proc.stderr[-1000:]}')
            with open(os.path.join(out, 'manifest.json'), encoding='utf-8') as f:
                doc = json.load(f)
            for entry in doc['files']:
                files.append((writer, doc['version'], entry,
                              os.path.join(out, entry['file'])))
    return files


def read_back(args, node, files):
    """{path: {reader: None (read right) or what went wrong}}."""
    rows = {path: entry['rows'] for _, _, entry, path in files}

    def run(reader):
        proc = subprocess.Popen([node, os.path.join(args.peers, 'read_values.mjs'),
                                 reader, *rows], stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        # One JSON line per file; the rows themselves are not kept.
        results = {}
        for line in proc.stdout:
            result = json.loads(line)
            if 'error' in result:
                results[result['file']] = result['error'][:200]
            elif len(result['rows']) != rows[result['file']]:
                results[result['file']] = (f'{len(result["rows"])} rows, '
                                           f'{rows[result["file"]]} written')
            else:
                results[result['file']] = None
        proc.wait()
        return reader, results

    table = collections.defaultdict(dict)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for reader, results in pool.map(run, READERS):
            for path in rows:
                table[path][reader] = results.get(path, 'no answer')
    return table


def judge_good(args, files, reads, reports, failures):
    stats = collections.defaultdict(collections.Counter)
    for writer, version, entry, path in files:
        s = stats[writer]
        s['files'] += 1
        failed = {r: why for r, why in reads[path].items() if why}
        report = reports[path]
        found = [d for d in report['diagnostics'] if d['severity'] in ('error', 'warning')]
        errors = [d for d in found if d['severity'] == 'error']
        unnamed = [d for d in found if not d.get('known_bug')]
        s['read by all'] += not failed
        s['no error'] += not errors
        s['no warning'] += not found
        s['no unnamed'] += not unnamed
        if failed:
            s['reader failures'] += 1
            continue
        # One line per code: the count and the first finding.
        first = {}
        count = collections.Counter()
        for d in unnamed:
            if d['severity'] == 'error' or writer in MAINSTREAM:
                key = (d['severity'], d['code'])
                first.setdefault(key, d)
                count[key] += 1
        for key, d in first.items():
            failures.append(f'{os.path.basename(path)} ({version}): {count[key]} x '
                            f'{key[0]}[{key[1]}], first at {d["offset"]}+{d["length"]} '
                            f'{d["field"]}: {d["message"]}\n    options '
                            f'{json.dumps(entry["options"])}')
    print(f'\n{"writer":<18} {"files":>5} {"read by all":>11} {"no error":>8} '
          f'{"no warning":>10} {"no unnamed warning":>18}')
    for writer in WRITERS:
        s = stats[writer]
        print(f'{writer:<18} {s["files"]:>5} {s["read by all"]:>11} {s["no error"]:>8} '
              f'{s["no warning"]:>10} {s["no unnamed"]:>18}')
    for path, cells in sorted(reads.items()):
        for reader, why in sorted(cells.items()):
            if why:
                print(f'  {os.path.basename(path)}: {reader} fails: {why}')
    return stats


# ---- broken files -----------------------------------------------------------

def real_world_bases(root, rng, sample):
    """A sample of the real-world corpus's `good` files, Parquet and ORC."""
    manifest = os.path.join(root, 'manifest.jsonl')
    if not os.path.isfile(manifest):
        return []
    good = collections.defaultdict(list)
    with open(manifest, encoding='utf-8') as f:
        for line in f:
            entry = json.loads(line)
            if entry['expect'] == 'good' and entry['bytes'] >= 16:
                good[entry['format']].append(os.path.join(root, entry['file']))
    bases = []
    for fmt, paths in sorted(good.items()):
        paths.sort()
        bases += rng.sample(paths, min(sample, len(paths)))
    return bases


def corrupt(data, kind, rng):
    size = len(data)
    if kind == 'truncate':
        # Not to 0 bytes: an empty .orc file is an empty table to ORC Java
        # (an info), and an empty .parquet file is tested on its own.
        return data[:rng.randrange(1, size)]
    if kind == 'tail':
        at = size - 1 - rng.randrange(min(8, size))
        out = bytearray(data)
        out[at] ^= 1 << rng.randrange(8)
        return bytes(out)
    # The middle: past the leading magic, before the last 8 bytes.
    at = rng.randrange(4, size - 8)
    n = rng.randint(1, 64)
    if kind == 'cut':
        return data[:at] + data[at + min(n, size - 8 - at):]
    return data[:at] + rng.randbytes(n) + data[at:]


def break_files(args, bases, rng):
    """Writes the broken files; returns [(kind, family, path, base)]."""
    out = os.path.join(args.out, 'broken')
    os.makedirs(out, exist_ok=True)
    broken = []
    for b, (family, base) in enumerate(bases):
        with open(base, 'rb') as f:
            data = f.read()
        if len(data) < 16:
            continue
        ext = os.path.splitext(base)[1].lower() or '.bin'
        for kind in KINDS:
            for k in range(args.corruptions):
                path = os.path.join(out, f'{b}_{kind}_{k}{ext}')
                with open(path, 'wb') as f:
                    f.write(corrupt(data, kind, rng))
                broken.append((kind, family, path, base))
    return broken


def judge_broken(broken, reports, failures):
    table = collections.defaultdict(collections.Counter)
    for kind, family, path, base in broken:
        report = reports[path]
        severities = {d['severity'] for d in report['diagnostics']}
        error = 'error' in severities
        flagged = error or 'warning' in severities
        c = table[(kind, family)]
        c['files'] += 1
        c['error'] += error
        c['flagged'] += flagged
        if (kind == 'truncate' and not error) or (kind == 'tail' and not flagged):
            failures.append(f'{path} ({kind} of {base}): verdict {report["verdict"]}, '
                            f'{"no error" if kind == "truncate" else "no error or warning"}')
    print(f'\n{"broken":<9} {"from":<20} {"files":>6} {"error":>6} {"error or warning":>17}')
    for (kind, family), c in sorted(table.items(), key=lambda kv: (KINDS.index(kv[0][0]),
                                                                     kv[0][1])):
        print(f'{kind:<9} {family:<20} {c["files"]:>6} {share(c["error"], c["files"]):>6} '
              f'{share(c["flagged"], c["files"]):>17}')
    return table


def share(n, total):
    return f'{100 * n / total:.1f}%' if total else '-'


def main():
    parser = peer_files.arguments(__doc__)
    parser.add_argument('--seed', type=int,
                        default=random.SystemRandom().randrange(2**31),
                        help='the seed (default: a fresh one, printed)')
    parser.add_argument('--files', type=int, default=4, help='files per writer')
    parser.add_argument('--corruptions', type=int, default=2,
                        help='broken files per base file and kind')
    parser.add_argument('--real-world', help='the real-world corpus folder '
                        '(optional: its good files are broken too)')
    parser.add_argument('--real-world-sample', type=int, default=10,
                        help='real-world good files to break, per format')
    parser.add_argument('--keep', action='store_true', help='keep the files')
    args = parser.parse_args()
    start = time.monotonic()

    node = peer_files.require(args.node, args.peers, PACKAGES, args.colcheck)
    if not node:
        return 1
    print(f'held-out campaign: seed {args.seed} (reproduce with --seed {args.seed}), '
          f'{args.files} files per writer, {args.corruptions} per base and kind')
    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(args.out)
    rng = random.Random(args.seed)
    failures = []

    files = write_files(args, node, args.seed)
    reads = read_back(args, node, files)
    reports = colcheck_json(args.colcheck, [path for *_, path in files])
    judge_good(args, files, reads, reports, failures)

    bases = [(writer, path) for writer, _, _, path in files]
    if args.real_world:
        if os.path.isdir(args.real_world):
            for path in real_world_bases(args.real_world, rng, args.real_world_sample):
                family = 'real-world ' + ('ORC' if path.lower().endswith('.orc') else 'Parquet')
                bases.append((family, path))
        else:
            print(f'note: no real-world corpus at {args.real_world}; breaking only '
                  'the held-out files')
    broken = break_files(args, bases, rng)
    reports = colcheck_json(args.colcheck, [path for *_, path, _ in broken])
    judge_broken(broken, reports, failures)

    if not args.keep:
        shutil.rmtree(args.out, ignore_errors=True)
    print(f'\n{len(files)} good files, {len(broken)} broken files, '
          f'{time.monotonic() - start:.1f} s')
    if failures:
        print(f'\nFAIL: {len(failures)} findings (seed {args.seed}):')
        for f in failures[:50]:
            print(f'  {f}')
        return 1
    print('PASS')
    return 0


if __name__ == '__main__':
    try:
        sys.exit(main())
    except RuntimeError as e:
        print(f'FAIL: {e}')
        sys.exit(1)
