#!/usr/bin/python3
"""Writes corpus/plan/: small files whose values hit each hazard of
`colcheck plan` (validator/include/colcheck/read_plan.h) a known number of
times, deterministically.

    export PYTHONPATH=generators
    /usr/bin/python3 -m colcheck_gen.parquet.plan_corpus [--out corpus/plan]
    /usr/bin/python3 -m colcheck_gen.parquet.plan_corpus --check corpus/plan

EXPECTED maps each file to {column path: {hazard id: affected count}}; a
column listed with {} must have no hazard. corpus/test_plan_corpus.py runs
`colcheck plan --format json --data` on every file and compares. Each
column is written once PLAIN and, where it says "_dict", with a dictionary
page, so both value paths of the counting tap are exercised.
"""

import argparse
import filecmp
import os
import sys
import tempfile

from colcheck_gen.common.paths import REPO
from colcheck_gen.parquet.writer import (OPTIONAL, REQUIRED, Date, Decimal,
                                         FileSpec, Float16, Integer, Interval,
                                         Leaf, PageStyle, String, Time,
                                         Timestamp, write)

DICT = PageStyle(encoding="DICTIONARY")
P53 = 2 ** 53


def _columns(rows_by_name):
    """Rows from {name: [values]} (all lists the same length)."""
    names = list(rows_by_name)
    n = len(rows_by_name[names[0]])
    return [{name: rows_by_name[name][i] for name in names} for i in range(n)]


def _int64():
    big = [P53 + 1, -(P53 + 1), 2 ** 62, P53, -P53, 5, None]
    # Repeated entries: the dictionary holds each once, indices many times.
    dup = [P53 + 1, P53 + 1, 5, 5, -(2 ** 63), 0, None]
    schema = [Leaf("big", "INT64", OPTIONAL), Leaf("big_dict", "INT64",
                                                   OPTIONAL)]
    spec = FileSpec(schema, _columns({"big": big, "big_dict": dup}),
                    column_pages={"big_dict": DICT})
    return spec, {"big": {"int64-beyond-2^53": 3},
                  "big_dict": {"int64-beyond-2^53": 3}}


def _decimals():
    e15 = 10 ** 15
    flba = [e15, -e15, 10 ** 17 + 3, e15 - 1, -(e15 - 1), 12345, None]
    i64 = [e15, 10 ** 14, -(10 ** 16), 7, None, 1, 2]
    ba = [10 ** 20, 7, -(10 ** 16), 10 ** 20, 0, None, 1]
    i32 = [999999999, -999999999, 0, 1, 2, 3, None]
    schema = [
        Leaf("flba", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, Decimal(20, 2), 9),
        Leaf("i64", "INT64", OPTIONAL, Decimal(18, 3)),
        Leaf("ba_dict", "BYTE_ARRAY", OPTIONAL, Decimal(25, 0)),
        Leaf("i32", "INT32", OPTIONAL, Decimal(9, 2)),
    ]
    spec = FileSpec(schema, _columns({"flba": flba, "i64": i64,
                                      "ba_dict": ba, "i32": i32}),
                    column_pages={"ba_dict": DICT})
    return spec, {"flba": {"decimal-over-15-digits": 3},
                  "i64": {"decimal-over-15-digits": 2},
                  "ba_dict": {"decimal-over-15-digits": 3},
                  "i32": {}}


def _integers():
    i32 = [-(2 ** 31), 0, 2 ** 31 - 1, -5, -(2 ** 31)]
    u32 = [2 ** 31, 2 ** 32 - 1, 5, 2 ** 31 - 1, 0]
    u64 = [2 ** 63, 2 ** 64 - 1, P53 + 1, 1, P53]
    schema = [
        Leaf("i32", "INT32", REQUIRED),
        Leaf("u32", "INT32", REQUIRED, Integer(32, False)),
        Leaf("u64_dict", "INT64", REQUIRED, Integer(64, False)),
        Leaf("i8", "INT32", REQUIRED, Integer(8, True)),
    ]
    spec = FileSpec(schema, _columns({"i32": i32, "u32": u32,
                                      "u64_dict": u64,
                                      "i8": [1, 2, 3, -128, 127]}),
                    column_pages={"u64_dict": DICT})
    return spec, {"i32": {"int32-min-is-na-in-r": 2},
                  "u32": {"uint32-read-as-signed": 2},
                  "u64_dict": {"int64-beyond-2^53": 3,
                               "uint64-read-as-signed": 2},
                  "i8": {}}


def _timestamps():
    nanos = [10 ** 9, 10 ** 9 + 1, 1500, 2 * 10 ** 6, 7, 1_000_500_000, None]
    local = [10 ** 9, 1, None, 3 * 10 ** 6, 4 * 10 ** 6, 1000, 2000]
    micros = [1000, 1001, 5, None, 2000, 3000, 4000]
    millis = [1, 2, None, 3, 4, 5, 6]
    schema = [
        Leaf("nanos_utc", "INT64", OPTIONAL, Timestamp("NANOS", True)),
        Leaf("nanos_local_dict", "INT64", OPTIONAL,
             Timestamp("NANOS", False)),
        Leaf("micros_utc", "INT64", OPTIONAL, Timestamp("MICROS", True)),
        Leaf("millis_local", "INT64", OPTIONAL, Timestamp("MILLIS", False)),
        Leaf("legacy", "INT96", OPTIONAL),
    ]
    legacy = [1_700_000_000 * 10 ** 9, None, 0, 1, 2, 3, None]
    spec = FileSpec(schema, _columns({"nanos_utc": nanos,
                                      "nanos_local_dict": local,
                                      "micros_utc": micros,
                                      "millis_local": millis,
                                      "legacy": legacy}),
                    column_pages={"nanos_local_dict": DICT})
    return spec, {
        "nanos_utc": {"timestamp-nanos": 3,
                      "timestamp-sub-millis-in-js": 4},
        "nanos_local_dict": {"timestamp-nanos": 1,
                             "timestamp-sub-millis-in-js": 3,
                             "timestamp-local-vs-utc": 6},
        "micros_utc": {"timestamp-sub-millis-in-js": 2},
        "millis_local": {"timestamp-local-vs-utc": 6},
        "legacy": {"int96": 5},
    }


def _others():
    schema = [
        Leaf("raw", "BYTE_ARRAY", OPTIONAL),
        Leaf("raw_dict", "BYTE_ARRAY", OPTIONAL),
        Leaf("text", "BYTE_ARRAY", OPTIONAL, String()),
        Leaf("time_nanos", "INT64", OPTIONAL, Time("NANOS", True)),
        Leaf("day", "INT32", OPTIONAL, Date()),
        Leaf("half", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, Float16(), 2),
        Leaf("span", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, Interval(), 12),
    ]
    rows = _columns({
        "raw": [b"a", b"\xff\xfe", None, b"", b"ccc"],
        "raw_dict": [b"x", b"x", b"y", None, b"x"],
        "text": ["a", "b", None, "c", "d"],
        "time_nanos": [1000, 1001, 5, None, 2000],
        "day": [0, 100_000_001, -100_000_001, 100_000_000, None],
        "half": [1.5, None, -2.0, 0.25, 65504.0],
        "span": [(1, 2, 3), None, None, (0, 0, 0), (4, 5, 6)],
    })
    spec = FileSpec(schema, rows, column_pages={"raw_dict": DICT})
    return spec, {"raw": {"unannotated-byte-array": 4},
                  "raw_dict": {"unannotated-byte-array": 4},
                  "text": {},
                  "time_nanos": {"time-nanos": 2},
                  "day": {"date-beyond-js-range": 2},
                  "half": {"float16": 4},
                  "span": {"interval": 3}}


FILES = {
    "int64_beyond_2_53": _int64,
    "decimals": _decimals,
    "integers": _integers,
    "timestamps": _timestamps,
    "others": _others,
}

# {file name: {column path: {hazard id: count}}}
EXPECTED = {name: make()[1] for name, make in FILES.items()}


def rows(name):
    """The rows file `name` holds (flat schemas: path == field name)."""
    return FILES[name]()[0].rows


def generate(out):
    os.makedirs(out, exist_ok=True)
    for name, make in FILES.items():
        spec, _ = make()
        with open(os.path.join(out, name + ".parquet"), "wb") as f:
            f.write(write(spec).data)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO, "corpus", "plan"))
    parser.add_argument("--check", metavar="DIR")
    args = parser.parse_args(argv)
    if not args.check:
        generate(args.out)
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        generate(tmp)
        names = [n + ".parquet" for n in FILES]
        _, mismatch, errors = filecmp.cmpfiles(tmp, args.check, names,
                                               shallow=False)
        for n in mismatch + errors:
            print(f"{n}: differs from a fresh generation", file=sys.stderr)
        return 1 if mismatch or errors else 0


if __name__ == "__main__":
    sys.exit(main())
