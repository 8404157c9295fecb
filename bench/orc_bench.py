#!/usr/bin/python3
"""How fast colcheck validates large ORC files, next to only decompressing them.

Run from the repository root, after building colcheck and, for the
decompression floor, bench/orc_benchmark (a Release build):

    cmake --build build --target colcheck
    cmake -S . -B build-bench -G Ninja -DCMAKE_BUILD_TYPE=Release \\
      -DCOLCHECK_BUILD_BENCHMARKS=ON -DCOLCHECK_BUILD_TESTS=OFF
    cmake --build build-bench --target orc_benchmark
    /usr/bin/python3 bench/orc_bench.py [--mb 150] [--repeat 3]
        [--colcheck build/cli/colcheck] [--orc-benchmark PATH]
        [--cache-dir DIR] [--levels footer,pages,full] [--json OUT]

It writes, once, two ORC files of at least --mb MiB each with the project's
own writer (generators/colcheck_gen/orc/writer.py), one ZLIB and one ZSTD,
holding the same order-like rows: bigint, int, smallint, double,
decimal(12,2), date, timestamp, a string written DIRECT, a string of six
values written as a DICTIONARY, boolean, and a list of strings (DICTIONARY),
with nulls in the int, DIRECT string and boolean columns; stripes of 500,000
rows, a row index every 10,000 rows, 256 KiB compression blocks. They go
into --cache-dir (default: bench-data/ in colcheck's build directory) and
are reused while --mb and the generator (the writer's modules, the ORC
.proto and this script's rows and spec) stay the same. The writer is pure
Python, about 40 us a row on the 2-core development VM, so at 150 MiB (6.6
million rows) each file takes about 4 minutes; a 100,000-row sample of
each, written first, tells how many rows make --mb MiB.

Then, for each file, it times, --repeat times each:

  - `colcheck validate --format json --level L FILE` for L in --levels, as
    a child process: wall and CPU (user + system) time, and peak RSS (GNU
    time's, /usr/bin/time: see pages_bench.run_measured);
  - when bench/orc_benchmark is there (--orc-benchmark, default
    bench/orc_benchmark in colcheck's build directory, else in build-bench/),
    its Decompress/all (only decompressing every region: the floor any
    reader pays) and Validate/full (colcheck::ValidateBytes at the full
    level), over the file held in memory, --repeat repetitions each.

Figures are best of the runs. MB/s (10^6 bytes of the file) and ns per value
are of CPU time, the steadier figure on a shared machine. Values are the
sum, over every column but the root struct, of the Footer's number_of_values:
each non-null value, a list counting once for its length and its strings
once each. The ratio column is CPU time over Decompress/all's. The files stay
in the page cache between runs, so this measures CPU, not the disk. Not a
ctest: it takes about 2 minutes once the files exist.
"""

import collections.abc
import functools
import hashlib
import inspect
import json
import math
import os
import sys
import time

import pages_bench

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, 'generators'))
from colcheck_gen.orc import proto as orc_proto  # noqa: E402
from colcheck_gen.orc import writer as orc_writer  # noqa: E402

MIB = 1024 * 1024
MB = 1000 * 1000
CODECS = ('ZLIB', 'ZSTD')
SAMPLE_ROWS = 100_000
FLOOR = 'Decompress/all (in memory)'  # The row the ratios divide by.


# ---- the files -------------------------------------------------------------

class Rows(collections.abc.Sequence):
    """The files' rows, made on demand: the writer slices one stripe at a
    time, so only that stripe's rows are ever held (all of them as dicts
    would take gigabytes). Every field is arithmetic on a 64-bit hash of the
    row number (splitmix64's finalizer): deterministic, cheap, and varied
    enough that the streams compress about as real data does, where a
    counter would compress to nothing."""

    WORDS = tuple(
        'the quick brown fox jumps over lazy dog carefully final deposits '
        'among regular requests pending accounts boldly silent ideas sleep '
        'furiously against express packages haggle blithely ironic '
        'theodolites nag slyly even platelets wake special pinto beans use '
        'fluffy asymptotes detect daring foxes thinly unusual courts along '
        'quiet dependencies grow busy instructions cajole about above across '
        'after bold dolphins frets ruthless sauternes warhorses wakes '
        'waters'.split())  # 64: six bits pick one.
    STATUSES = ('open', 'shipped', 'delivered', 'returned', 'cancelled',
                'pending')
    TAGS = tuple(f'tag-{k:02d}' for k in range(32))
    MASK = (1 << 64) - 1

    def __init__(self, count):
        self.count = count

    def __len__(self):
        return self.count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self.row(i) for i in range(*index.indices(self.count))]
        if not -self.count <= index < self.count:
            raise IndexError(index)
        return self.row(index % self.count)

    @classmethod
    def mix(cls, z):
        z = (z * 0x9E3779B97F4A7C15) & cls.MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & cls.MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & cls.MASK
        return z ^ (z >> 31)

    @classmethod
    def row(cls, i):
        h = cls.mix(i + 1)
        g = cls.mix(h)  # A second word of bits for the strings.
        cents = (h >> 30) % 100_000
        quantity = 1 + (h >> 25) % 50
        words = 3 + g % 6
        return {
            'id': i,
            'customer': None if (h >> 20) % 20 == 0 else h & 0xFFFFF,
            'quantity': quantity,
            'price': cents / 100,
            'amount': cents * quantity,
            'ship_date': 19_000 + (h >> 40) % 1500,
            'created': (1_700_000_000 + 5 * i + (h >> 12) % 5,
                        (h >> 8) % 1000 * 1_000_000),
            'comment': None if (g >> 3) % 16 == 0 else ' '.join(
                cls.WORDS[(g >> (7 + 6 * k)) & 63] for k in range(words)),
            'status': cls.STATUSES[(h >> 50) % 6],
            'urgent': None if (h >> 57) % 10 == 0 else bool(h >> 56 & 1),
            'tags': [cls.TAGS[(g >> (55 - 5 * k)) & 31] for k in range(g >> 62)],
        }


def orc_spec(codec, rows):
    """What the writer writes: `rows` (a Rows) in stripes of 500,000."""
    w = orc_writer
    schema = w.Struct([
        ('id', w.T('LONG')), ('customer', w.T('INT')),
        ('quantity', w.T('SHORT')), ('price', w.T('DOUBLE')),
        ('amount', w.Decimal(12, 2)), ('ship_date', w.T('DATE')),
        ('created', w.T('TIMESTAMP')), ('comment', w.T('STRING')),
        ('status', w.T('STRING', dictionary=True)),
        ('urgent', w.T('BOOLEAN')),
        ('tags', w.List(w.T('STRING', dictionary=True)))])
    stripe = 500_000
    stripes = [stripe] * (len(rows) // stripe)
    if len(rows) % stripe:
        stripes.append(len(rows) % stripe)
    return w.OrcSpec(schema, rows, stripe_rows=stripes, compression=codec,
                     block_size=256 * 1024, row_index_stride=10_000)


@functools.cache
def rows_for(mb):
    """How many rows make both files at least `mb` MiB, scaled from a
    SAMPLE_ROWS file of each codec (the rows are uniform, so bytes grow
    with rows), 1 % over and rounded up to a row group."""
    rows = 0
    for codec in CODECS:
        start = time.monotonic()
        sample = orc_writer.write(orc_spec(codec, Rows(SAMPLE_ROWS)))
        seconds = time.monotonic() - start
        per_row = len(sample.data) / SAMPLE_ROWS
        need = math.ceil(mb * MIB * 1.01 / per_row / 10_000) * 10_000
        print(f'  sample: {SAMPLE_ROWS:,} rows of {codec} in {seconds:.1f} s, '
              f'{per_row:.1f} bytes a row; {need:,} rows would take about '
              f'{seconds * need / SAMPLE_ROWS:.0f} s', flush=True)
        rows = max(rows, need)
    return rows


# What decides the files' bytes besides the writer's own modules.
DATA_SOURCES = (Rows, orc_spec, rows_for)


def generator_key(mb):
    """The cache key: the size, and a hash of the writer's modules (every
    colcheck_gen module loaded), the ORC .proto it compiles, and
    DATA_SOURCES."""
    digest = hashlib.sha256()
    paths = [sys.modules[name].__file__ for name in sorted(sys.modules)
             if name.startswith('colcheck_gen')]
    for path in paths + [orc_proto.DEFAULT_PROTO]:
        with open(path, 'rb') as f:
            digest.update(os.path.relpath(path, REPO).encode() + b'\0' + f.read())
    for source in DATA_SOURCES:
        digest.update(inspect.getsource(source).encode())
    return {'mb': mb, 'generator_sha256': digest.hexdigest()[:16]}


def describe_columns(orc):
    """[{name, type, encoding}] of every column but the root, encodings as
    stripe 0 has them."""
    kinds = orc_proto.load().ColumnEncoding.Kind
    encodings = orc.stripe_footers[0].columns
    return [{'name': col.name, 'type': col.type.kind,
             'encoding': kinds.Name(encodings[col.id].kind)}
            for col in orc_writer.flatten(orc.spec.schema)[1:]]


def write_orc(codec, mb, path):
    rows = rows_for(mb)
    print(f'writing {path} ({rows:,} rows, {codec}) with '
          'colcheck_gen.orc.writer ...', flush=True)
    start = time.monotonic()
    orc = orc_writer.write(orc_spec(codec, Rows(rows)))
    seconds = time.monotonic() - start
    with open(path, 'wb') as f:
        f.write(orc.data)
    print(f'  {len(orc.data) / MIB:.1f} MiB, {len(orc.footer.stripes)} '
          f'stripes in {seconds:.0f} s', flush=True)
    if len(orc.data) < mb * MIB:
        print(f'  note: smaller than --mb {mb:g}: the sample did not scale')
    return {'codec': codec, 'rows': rows, 'seconds': seconds,
            'stripes': len(orc.footer.stripes),
            'values': sum(s.number_of_values for s in orc.footer.statistics[1:]),
            'columns': describe_columns(orc)}


def cached_orc(codec, key, cache_dir):
    os.makedirs(cache_dir, exist_ok=True)
    mb = key['mb']
    path = os.path.join(cache_dir, f'colcheck_gen_{codec.lower()}_{mb:g}mb.orc')
    return pages_bench.cached(path, key, lambda out: write_orc(codec, mb, out))


# ---- the measurements ------------------------------------------------------

def time_colcheck(colcheck, level, path, repeat):
    argv = [colcheck, 'validate', '--format', 'json', '--level', level, path]
    walls, cpus, peaks = [], [], []
    for _ in range(repeat):
        wall, cpu, peak, rc, stdout, stderr = pages_bench.run_measured(argv)
        if rc not in (0, 1):
            sys.exit(f'orc_bench: {" ".join(argv)} exited with {rc}:\n{stderr}')
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    report = pages_bench.summarize_report(stdout)
    print(f'  --level {level}: {report}; CPU {", ".join(f"{c:.3f}" for c in cpus)} s',
          flush=True)
    return {'name': level, 'level': level, 'wall_s': min(walls),
            'cpu_s': min(cpus), 'peak_rss_mib': max(peaks), 'report': report}


# ---- the output ------------------------------------------------------------

def add_ratios(measured):
    """Sets vs_decompression on the full validations: their CPU time over
    Decompress/all's, when orc_benchmark ran."""
    floor = next((m['cpu_s'] for m in measured if m['name'] == FLOOR), None)
    for m in measured:
        if floor and m['level'] == 'full':
            m['vs_decompression'] = m['cpu_s'] / floor


def print_table(path, info, measured):
    size = info['bytes']
    print()
    print(f'{info["codec"]}: {path}')
    print(f'  {size:,} bytes ({size / MIB:.1f} MiB), {info["rows"]:,} rows, '
          f'{info["values"]:,} values, {info["stripes"]} stripes '
          f'(written in {info["seconds"]:.0f} s)')
    print(f'{"level":<28} {"wall s":>7} {"CPU s":>7} {"MB/s":>7} {"ns/value":>8} '
          f'{"peak RSS MiB":>12} {"vs decompression":>16}')
    for r in measured:
        ratio = f'{r["vs_decompression"]:.2f}x' if 'vs_decompression' in r else ''
        rss = '-' if r['peak_rss_mib'] is None else f'{r["peak_rss_mib"]:.1f}'
        print(f'{r["name"]:<28} {r["wall_s"]:>7.3f} {r["cpu_s"]:>7.3f} '
              f'{size / MB / r["cpu_s"]:>7.1f} {r["cpu_s"] * 1e9 / info["values"]:>8.1f} '
              f'{rss:>12} {ratio:>16}')


def main():
    parser = pages_bench.bench_arguments(__doc__, 150, 'each file (at least)')
    parser.add_argument('--orc-benchmark', default=None,
                        help="bench/orc_benchmark (default: in colcheck's build "
                             'directory, else in build-bench/)')
    parser.add_argument('--json', metavar='OUT', help='also write the figures to OUT')
    args = parser.parse_args()
    colcheck = pages_bench.colcheck_binary(args.colcheck, 'orc_bench')
    build = os.path.dirname(os.path.dirname(colcheck))
    orc_benchmark = args.orc_benchmark or pages_bench.default_benchmark(build, 'orc_benchmark')
    if orc_benchmark is None:
        print('note: no bench/orc_benchmark built (-DCOLCHECK_BUILD_BENCHMARKS=ON); '
              'skipping the decompression floor')
    elif not os.access(orc_benchmark, os.X_OK):
        sys.exit(f'orc_bench: no orc_benchmark binary at {orc_benchmark}')
    cache_dir = args.cache_dir or os.path.join(build, 'bench-data')
    levels = [level for level in args.levels.split(',') if level]

    # One key for both files, taken before writing can import more modules.
    key = generator_key(args.mb)
    files = [cached_orc(codec, key, cache_dir) for codec in CODECS]
    results = []
    for path, info in files:
        print(f'{info["codec"]}: {path}')
        measured = [time_colcheck(colcheck, level, path, args.repeat) for level in levels]
        if orc_benchmark:
            measured += pages_bench.time_in_memory(
                orc_benchmark, path, args.repeat, ('errors', 'decoded_bytes', 'regions'))
        add_ratios(measured)
        results.append((path, info, measured))

    columns = files[0][1]['columns']
    print('\ncolumns: ' + ', '.join(f'{c["name"]} {c["type"]} {c["encoding"]}' for c in columns))
    for path, info, measured in results:
        print_table(path, info, measured)
    print('Best of the runs. MB/s (10^6 bytes of the file) and ns/value are of '
          'CPU time; values are the non-null values of every column (a list '
          'counts once, and each element once). "vs decompression" is CPU '
          'time over Decompress/all\'s, the in-memory floor of reading the '
          'file at all.')
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump({'colcheck': colcheck, 'orc_benchmark': orc_benchmark,
                       'repeat': args.repeat,
                       'files': [dict(info, path=path, measurements=measured)
                                 for path, info, measured in results]},
                      f, indent=2)
    return 0


if __name__ == '__main__':
    sys.exit(main())
