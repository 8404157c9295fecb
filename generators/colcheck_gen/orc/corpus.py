#!/usr/bin/python3
"""Writes colcheck's ORC corpus, deterministically.

    export PYTHONPATH=generators
    /usr/bin/python3 -m colcheck_gen.orc.corpus [--out corpus/orc]
    /usr/bin/python3 -m colcheck_gen.orc.corpus --check corpus/orc

Writes valid/<name>.orc (VALID below: each a fixed description with data
from a fixed seed) and README.md with the table of what each file covers;
valid/ is rewritten whole. --check DIR regenerates into a temporary
directory and fails unless every file is byte-identical to DIR's.

Bytes depend on the codec libraries (zlib, snappy, lzo, lz4, zstandard)
as well; a library upgrade that changes its output shows up in --check.
"""

import argparse
import os
import random
import shutil
import sys
import tempfile

from colcheck_gen.common import tree
from colcheck_gen.common.paths import REPO
from colcheck_gen.orc import writer as orc_writer
from colcheck_gen.orc.writer import (Decimal, List, Map, OrcSpec, Struct, T,
                                     Union)

MAX_BYTES = 20 * 1024


# ---- the descriptions ------------------------------------------------------

def _flat_schema(dictionary=False):
    return Struct([
        ("flag", T("BOOLEAN")), ("tiny", T("BYTE")), ("small", T("SHORT")),
        ("id", T("INT")), ("big", T("LONG")), ("ratio", T("FLOAT")),
        ("score", T("DOUBLE")), ("name", T("STRING", dictionary=dictionary)),
        ("code", T("CHAR", max_length=3, dictionary=dictionary)),
        ("label", T("VARCHAR", max_length=8, dictionary=dictionary)),
        ("blob", T("BINARY")), ("price", Decimal(12, 2)),
        ("wide", Decimal(38, 10)), ("day", T("DATE")),
        ("at", T("TIMESTAMP")), ("instant", T("TIMESTAMP_INSTANT"))])


_WORDS = ["alpha", "beta", "gamma", "delta", "", "épsilon", "zeta"]


def _flat_rows(rng, n, null_rate=0.15):
    def maybe(v):
        return None if rng.random() < null_rate else v
    rows = []
    for i in range(n):
        rows.append({
            "flag": maybe(rng.random() < 0.5),
            "tiny": maybe(rng.randrange(-128, 128)),
            "small": maybe(rng.choice([-32768, 32767,
                                       rng.randrange(-99, 99)])),
            "id": maybe(i * 3 + 1),
            "big": maybe(rng.choice([-(1 << 63), (1 << 63) - 1,
                                     rng.randrange(-(1 << 40), 1 << 40)])),
            "ratio": maybe(rng.choice([0.5, -2.25, 1024.0, 0.0])),
            "score": maybe(rng.choice([rng.uniform(-1e6, 1e6), -0.0,
                                       float("inf")])),
            "name": maybe(rng.choice(_WORDS)),
            "code": maybe(rng.choice(["ab ", "xyz", "   "])),
            "label": maybe(rng.choice(_WORDS)[:8]),
            "blob": maybe(bytes(rng.randrange(256)
                                for _ in range(rng.randrange(5)))),
            "price": maybe(rng.randrange(-10 ** 12 + 1, 10 ** 12)),
            "wide": maybe(rng.choice([10 ** 38 - 1, -(10 ** 38 - 1),
                                      rng.randrange(-10 ** 20, 10 ** 20)])),
            "day": maybe(rng.randrange(-30000, 30000)),
            "at": maybe((rng.randrange(-10 ** 9, 2 * 10 ** 9),
                         rng.choice([0, 1000, 123456789]))),
            "instant": maybe((rng.randrange(10 ** 9, 2 * 10 ** 9),
                              rng.randrange(10 ** 9))),
        })
    return rows


def codec_file(codec):
    def make(rng):
        return OrcSpec(_flat_schema(), _flat_rows(rng, 40),
                       compression=codec, block_size=256,
                       stripe_rows=[25, 15], row_index_stride=10)
    make.__name__ = f"codec_file({codec!r})"
    return make


def rle_v1(rng):
    return OrcSpec(_flat_schema(dictionary=True), _flat_rows(rng, 40),
                   compression="ZLIB", block_size=1024, rle_version=1,
                   row_index_stride=16, version=(0, 12))


def dictionary(rng):
    rows = [{"name": rng.choice(_WORDS), "code": rng.choice(["a", "bb"]),
             "label": rng.choice([None, "x", "yy", "zzz"]),
             "direct": rng.choice(_WORDS)} for _ in range(60)]
    for r in rows:
        r["code"] = r["code"].ljust(2)
    schema = Struct([("name", T("STRING", dictionary=True)),
                     ("code", T("CHAR", max_length=2, dictionary=True)),
                     ("label", T("VARCHAR", max_length=3, dictionary=True)),
                     ("direct", T("STRING"))])
    return OrcSpec(schema, rows, compression="SNAPPY", block_size=512,
                   stripe_rows=[30, 30], row_index_stride=8)


def nested(rng):
    point = Struct([("x", T("DOUBLE")), ("y", T("DOUBLE"))])
    schema = Struct([
        ("id", T("LONG")),
        ("tags", List(T("STRING"))),
        ("attrs", Map(T("STRING"), T("INT"))),
        ("path", List(point)),
        ("matrix", List(List(T("SHORT")))),
        ("choice", Union([T("INT"), T("STRING"), point])),
        ("meta", Struct([("origin", Struct([("host", T("STRING")),
                                            ("port", T("INT"))])),
                         ("seen", List(T("DATE")))]))])
    rows = []
    for i in range(24):
        rows.append({
            "id": i,
            "tags": None if i % 7 == 3 else
            [rng.choice(_WORDS) for _ in range(rng.randrange(4))],
            "attrs": None if i % 5 == 4 else
            [(f"k{j}", rng.choice([None, j * i])) for j in
             range(rng.randrange(3))],
            "path": [{"x": float(j), "y": None if j == 1 else -float(i)}
                     for j in range(i % 3)],
            "matrix": [[rng.randrange(-5, 5) for _ in range(k)]
                       for k in range(i % 4)],
            "choice": None if i % 6 == 5 else
            [(0, i), (1, str(i)), (2, {"x": 1.5, "y": None}),
             (1, None)][i % 4],
            "meta": None if i % 8 == 7 else {
                "origin": None if i % 3 == 0 else
                {"host": f"h{i}", "port": 8000 + i},
                "seen": [18000 + i, None]}})
    return OrcSpec(schema, rows, compression="ZSTD", block_size=300,
                   stripe_rows=[10, 14], row_index_stride=4)


def nulls(rng):
    schema = Struct([("always", T("INT")), ("never", T("STRING")),
                     ("sparse", T("DOUBLE")), ("list", List(T("INT"))),
                     ("first_stripe_only", T("BOOLEAN"))])
    rows = []
    for i in range(30):
        rows.append({"always": None, "never": f"v{i}",
                     "sparse": None if i % 9 else i / 2,
                     "list": None if i % 2 else [None, i],
                     "first_stripe_only": None if i < 10 else i % 2 == 0})
    return OrcSpec(schema, rows, compression="NONE", stripe_rows=[10, 20],
                   row_index_stride=7)


def stripes_index_bloom(rng):
    schema = Struct([("id", T("LONG", bloom=True)),
                     ("word", T("STRING", bloom=True, dictionary=True)),
                     ("amount", Decimal(9, 3, bloom=True)),
                     ("score", T("DOUBLE", bloom=True)),
                     ("day", T("DATE", bloom=True)),
                     ("at", T("TIMESTAMP", bloom=True)),
                     ("raw", T("BINARY", bloom=True))])
    rows = [{"id": i * 1000 + rng.randrange(100),
             "word": rng.choice(_WORDS),
             "amount": rng.randrange(-10 ** 9 + 1, 10 ** 9),
             "score": None if i % 5 == 2 else rng.uniform(-5, 5),
             "day": 19000 + i,
             "at": (1_700_000_000 + i * 3600, 0),
             "raw": bytes([i % 256, 7])} for i in range(45)]
    return OrcSpec(schema, rows, compression="ZLIB", block_size=512,
                   stripe_rows=[20, 20, 5], row_index_stride=6)


def empty(rng):
    return OrcSpec(_flat_schema(), [], compression="ZLIB", block_size=4096)


def timestamps(rng):
    """Around 1970 (truncated seconds, E11) and the US DST switches of
    2021 in the writer's zone."""
    schema = Struct([("local", T("TIMESTAMP")),
                     ("instant", T("TIMESTAMP_INSTANT")),
                     ("day", T("DATE"))])
    wall = [(-2, 0), (-2, 999_999_999), (-5, 1_000_000), (-1, 0),
            (-1, 999_999), (0, 0), (0, 1), (1, 500_000_000),
            (-86_400 * 365 * 80, 123_456_789), (2 ** 31, 999_999_999)]
    # 2021-03-14 01:59, 03:00 and 03:01 (02:xx does not exist), and
    # 2021-11-07 01:30 (happens twice: the first is meant) in Los Angeles.
    for secs in (1615687140, 1615690800, 1615690860, 1636248600):
        wall.append((secs, 0))
    rows = [{"local": v, "instant": v, "day": v[0] // 86400} for v in wall]
    rows = [r for r in rows if r["local"][0] != -1 or
            r["local"][1] <= 999_999]
    # In Los Angeles the pre-1970 seconds are 8 hours later in UTC, so no
    # local value lands in the ambiguous second before the epoch.
    return OrcSpec(schema, rows, compression="LZ4", block_size=128,
                   row_index_stride=5, writer_timezone="America/Los_Angeles")


def rle_v2_runs(rng):
    """Data for which the Java writer's choice yields each RLEv2
    sub-encoding: short repeats, long constant and arithmetic runs
    (DELTA), monotonic runs with varying steps (DELTA with widths), random
    values (DIRECT), and outliers among small values (PATCHED_BASE)."""
    # A repeat of 3+ equal values ends the variable run before it, so each
    # segment is decided on its own.
    values = [7] * 5 + [9] * 40 + list(range(100, 160, 3)) + [0] * 3
    values += [rng.randrange(1 << 20, 1 << 21) for _ in range(30)] + [0] * 3
    acc = 0
    for _ in range(30):
        acc += rng.randrange(1, 50)
        values.append(acc)
    values += [0] * 3
    values += [rng.randrange(100) if k % 25 else 1 << 40 for k in range(60)]
    rows = [{"v": v, "u": abs(v) % 1000} for v in values]
    schema = Struct([("v", T("LONG")), ("u", T("INT"))])
    return OrcSpec(schema, rows, compression="NONE", row_index_stride=50)


def forced_patched_base(rng):
    rows = [{"v": rng.randrange(-300, 300)} for _ in range(50)]
    return OrcSpec(Struct([("v", T("INT"))]), rows, rle_force="PATCHED_BASE",
                   compression="NONE", row_index_stride=20)


def cpp_writer(rng):
    return OrcSpec(_flat_schema(), _flat_rows(rng, 12), compression="ZSTD",
                   block_size=65536, writer=1, writer_version=6,
                   user_metadata=[("origin", b"colcheck"), ("n", b"\x00\x01")])


# name -> (function, seed, what it covers)
VALID = {
    "codec_none": (codec_file("NONE"), 1,
                   "Every primitive type, ~15% nulls (PRESENT), RLEv2, 2 "
                   "stripes, row index every 10 rows; NONE"),
    "codec_zlib": (codec_file("ZLIB"), 2, "As codec_none; ZLIB, 256-byte "
                   "blocks (several chunks per stream, some original)"),
    "codec_snappy": (codec_file("SNAPPY"), 3, "As codec_zlib; SNAPPY"),
    "codec_lzo": (codec_file("LZO"), 4, "As codec_zlib; LZO (raw LZO1X)"),
    "codec_lz4": (codec_file("LZ4"), 5, "As codec_zlib; LZ4 (raw block)"),
    "codec_zstd": (codec_file("ZSTD"), 6, "As codec_zlib; ZSTD"),
    "rle_v1": (rle_v1, 7, "Every primitive type in RLEv1 (DIRECT, "
               "DICTIONARY), ZLIB"),
    "rle_v2_runs": (rle_v2_runs, 8, "RLEv2 data the Java writer codes as "
                    "SHORT_REPEAT, DIRECT, PATCHED_BASE and DELTA"),
    "rle_v2_forced_patched_base": (forced_patched_base, 9, "Every RLEv2 "
                                   "run PATCHED_BASE"),
    "dictionary": (dictionary, 10, "DICTIONARY_V2 STRING, CHAR, VARCHAR "
                   "next to a direct STRING; SNAPPY; 2 stripes"),
    "nested": (nested, 11, "STRUCT, LIST, MAP, UNION nested 3 deep, nulls "
               "at every level; ZSTD; 2 stripes, row index"),
    "nulls": (nulls, 12, "An all-null column, a never-null one, sparse "
              "nulls, a column null in the first stripe only"),
    "stripes_index_bloom": (stripes_index_bloom, 13, "3 stripes, row index "
                            "every 6 rows, BLOOM_FILTER_UTF8 on 7 types; "
                            "ZLIB"),
    "empty": (empty, 14, "0 stripes, 0 rows, statistics for 17 types"),
    "timestamps": (timestamps, 15, "TIMESTAMP and TIMESTAMP_INSTANT around "
                   "1970 and the 2021 US DST switches, writer zone "
                   "America/Los_Angeles; LZ4"),
    "cpp_writer": (cpp_writer, 16, "Footer.writer 1 (C++), writer_version "
                   "6, user metadata; ZSTD"),
}


def build(name):
    fn, seed, _ = VALID[name]
    return orc_writer.write(fn(random.Random(seed)))


def write_all(out):
    valid = os.path.join(out, "valid")
    if os.path.isdir(valid):
        shutil.rmtree(valid)
    os.makedirs(valid)
    lines = []
    for name, (fn, seed, what) in VALID.items():
        data = build(name).data
        if len(data) > MAX_BYTES:
            raise SystemExit(f"{name}.orc is {len(data)} bytes")
        with open(os.path.join(valid, name + ".orc"), "wb") as f:
            f.write(data)
        lines.append(f"| `{name}.orc` | {len(data)} | "
                     f"`orc_corpus.{fn.__name__}`, seed {seed} | {what}. |")
    with open(os.path.join(out, "README.md"), "w") as f:
        f.write(README_HEAD + "\n".join(lines) + "\n" + README_TAIL)


README_HEAD = """\
# corpus/orc/

Valid ORC files for colcheck's ORC validator. Everything here is written by

    PYTHONPATH=generators /usr/bin/python3 -m colcheck_gen.orc.corpus

from fixed descriptions and seeds (orc_writer.py, a writer that decides as
the Java writer does), so the same generator always writes the same bytes;
`orc_corpus.py --check corpus/orc` (ctest `generators_orc_roundtrip`, and
generators/tests/test_orc_corpus.py) checks that the committed files are
what it writes now. Do not edit them by hand: change the generator and run
it again.

## valid/

| File | Bytes | Made by | Covers |
|---|---|---|---|
"""


README_TAIL = """
## invalid/

`invalid/<code>/<name>.orc` breaks exactly one rule of
../shared/guides/orc-rules.md, and `<name>.expected.json` says which code
colcheck must report and at exactly which span (`{"code", "offset",
"length"}`, as in corpus/invalid/). They are written by

    PYTHONPATH=generators /usr/bin/python3 -m colcheck_gen.orc.make_corpus

from the operators of generators/colcheck_gen/orc/mutations.py (one file
per operator, each applied to a small base file of orc_writer, most with
compression NONE so the broken bytes are plain); the operator's
description says what it broke (and, in `also`, which other error
follows from the same fault of necessity). Operators whose code colcheck
does not report yet (orc_mutations.PENDING_CODES), or reports at a span
we believe wrong (orc_mutations.DISAGREEMENTS), are left out until it
does.
ctest `corpus_expectations` (corpus/check_corpus.py) checks every file at
its exact spans (the sidecar's, and its `"also"` list where one fault
breaks a statistic in the stripe's and the file's statistics alike) and
nowhere else, `generators_orc_invalid_roundtrip` that a fresh
generation is byte-identical, and generators/tests/test_orc_mutations.py
each operator (no other error may be reported) and random files drawn by
Hypothesis with an operator each.

## ../seeds/orc_tail_fuzzer/ and ../seeds/orc_footer_fuzzer/

`<name>.bin` is the PostScript (the input of fuzz/orc_tail_fuzzer.cc) and
the decompressed Footer (the input of fuzz/orc_footer_fuzzer.cc) of
`valid/<name>.orc`, cut out by orc_make_corpus.py as well.
"""


def check(target):
    """Files of valid/ and README.md that differ from a fresh
    generation."""
    with tempfile.TemporaryDirectory() as tmp:
        write_all(tmp)
        return tree.differences(tmp, target, ("valid", "README.md"))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO, "corpus", "orc"))
    parser.add_argument("--check", metavar="DIR")
    args = parser.parse_args(argv)
    if args.check:
        return tree.report(check(args.check), "colcheck_gen.orc.corpus",
                           f"{len(VALID)} ORC files byte-identical")
    write_all(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
