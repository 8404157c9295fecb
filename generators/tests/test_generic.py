"""Every generic operator breaks its rule in every file it applies to, and
colcheck sees it.

The colcheck checks need $COLCHECK_BIN (ctest sets it); without it they
are skipped.
"""

import json
import math
import os
import random
import subprocess
import sys
import tempfile
import unittest

# Also run as `python3 -m unittest generators.tests.test_generic` from the
# repository root, where colcheck_gen is not on the path.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))

from colcheck_gen.common import breakage  # noqa: E402
from colcheck_gen.parquet import generic, thrift_gen, writer  # noqa: E402
from colcheck_gen.parquet.make_corpus import overlaps  # noqa: E402
from colcheck_gen.parquet.writer import (OPTIONAL, REPEATED,  # noqa: E402
                                         Date, Decimal, Enum, FileSpec,
                                         Float16, Group, Integer, Interval,
                                         Json, Leaf, ListOf, MapOf, PageStyle,
                                         String, Time, Timestamp, Uuid)

COLCHECK = os.environ.get("COLCHECK_BIN")
SEEDS = (1, 2, 3)


def _flat(rng):
    """Every physical type but INT96, most logical types, REQUIRED and
    OPTIONAL, two row groups of several V1 pages with crc, page
    statistics, page indexes and bloom filters."""
    schema = [
        Leaf("id", "INT64"),
        Leaf("flag", "BOOLEAN", OPTIONAL),
        Leaf("small", "INT32", OPTIONAL, logical=Integer(8)),
        Leaf("u16", "INT32", logical=Integer(16, signed=False)),
        Leaf("day", "INT32", OPTIONAL, logical=Date()),
        Leaf("at", "INT32", logical=Time("MILLIS")),
        Leaf("at_us", "INT64", OPTIONAL, logical=Time("MICROS")),
        Leaf("ts", "INT64", logical=Timestamp("MILLIS")),
        Leaf("price", "INT32", OPTIONAL, logical=Decimal(9, 2)),
        Leaf("amount", "INT64", logical=Decimal(18, 4)),
        Leaf("big", "FIXED_LEN_BYTE_ARRAY", OPTIONAL,
             logical=Decimal(20, 3), type_length=9),
        Leaf("raw", "FIXED_LEN_BYTE_ARRAY", type_length=3),
        Leaf("score", "DOUBLE", OPTIONAL),
        Leaf("ratio", "FLOAT"),
        Leaf("name", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("blob", "BYTE_ARRAY"),
    ]
    rows = []
    for i in range(13):
        rows.append({
            "id": i * 7 - 20, "flag": None if i % 4 == 0 else i % 3 == 0,
            "small": None if i % 5 == 1 else rng.randint(-128, 127),
            "u16": rng.randint(0, 65535),
            "day": None if i % 3 == 2 else rng.randint(-100, 20000),
            "at": rng.randint(0, 86_399_999),
            "at_us": None if i % 6 == 5 else rng.randint(0, 86_399_999_999),
            "ts": rng.randint(0, 2 ** 40),
            "price": None if i % 4 == 3 else rng.randint(-999999999,
                                                         999999999),
            "amount": rng.randint(-10 ** 18 + 1, 10 ** 18 - 1),
            "big": None if i % 5 == 2 else rng.randint(-10 ** 20 + 1,
                                                       10 ** 20 - 1),
            "raw": bytes([i, 2 * i, 3 * i]),
            "score": None if i % 3 == 0 else rng.uniform(-1e3, 1e3),
            "ratio": rng.uniform(-10, 10),
            "name": None if i % 7 == 3 else rng.choice(
                ["kiwi", "äpfel", "", "日本", "plum"]),
            "blob": bytes(rng.randrange(256) for _ in range(i % 4)),
        })
    style = PageStyle(page_rows=3, crc=True, statistics=True,
                      page_index=True, bloom_filter=True)
    return FileSpec(schema, rows, row_group_sizes=[6, 7], pages=style,
                    key_value_metadata={"origin": "test_generic"})


def _nested(rng):
    """Optional groups inside optional groups, repeated leaves and groups,
    V2 pages with GZIP and crc, a dictionary column and an all-null
    column."""
    schema = [
        Leaf("id", "INT32"),
        Group("geo", [
            Leaf("lat", "DOUBLE"),
            Group("alt", [Leaf("m", "INT32", OPTIONAL)], OPTIONAL),
        ], OPTIONAL),
        Leaf("tags", "BYTE_ARRAY", REPEATED, logical=String()),
        Group("points", [Leaf("x", "INT64", OPTIONAL),
                         Leaf("y", "FLOAT")], REPEATED),
        Leaf("empty", "INT32", OPTIONAL),
    ]
    rows = []
    for i in range(11):
        geo = None if i % 4 == 1 else {
            "lat": rng.uniform(-90, 90),
            "alt": None if i % 3 == 0 else {
                "m": None if i % 2 else rng.randint(-5, 900)}}
        rows.append({
            "id": i, "geo": geo,
            "tags": [rng.choice(["a", "bb", "ccc", "δ"])
                     for _ in range(rng.randrange(4))],
            "points": [{"x": None if j % 2 else rng.randint(-9, 9),
                        "y": rng.uniform(0, 1)}
                       for j in range(rng.randrange(3))],
            "empty": None,
        })
    v2 = PageStyle(version=2, codec="GZIP", crc=True, statistics=True,
                   page_rows=4)
    return FileSpec(schema, rows, pages=v2, column_pages={
        "tags": PageStyle(version=2, encoding="DICTIONARY", codec="GZIP",
                          page_rows=4, page_index=True),
        "geo.alt.m": PageStyle(page_rows=4, page_index=True, statistics=True,
                               bloom_filter=True),
    })


def _dictionary(rng):
    """V1 GZIP dictionary pages with bit-packed levels, BYTE_STREAM_SPLIT,
    uncompressed V2 pages and page indexes."""
    schema = [
        Leaf("word", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("n", "INT64", OPTIONAL),
        Leaf("f", "FLOAT", OPTIONAL),
        Leaf("d", "DOUBLE"),
        Leaf("b", "BOOLEAN"),
        Leaf("k", "INT32", OPTIONAL, logical=Integer(16)),
    ]
    rows = [{"word": None if i % 5 == 4 else rng.choice(["x", "yy", "zzz"]),
             "n": None if i % 3 == 1 else rng.randrange(4),
             "f": None if i % 4 == 2 else rng.uniform(-1, 1),
             "d": float(i), "b": i % 2 == 0,
             "k": rng.randint(-300, 300)}
            for i in range(17)]
    dictionary = PageStyle(encoding="DICTIONARY", codec="GZIP", page_rows=6,
                           statistics=True, page_index=True,
                           bloom_filter=True)
    return FileSpec(schema, rows, level_style="bitpacked",
                    row_group_sizes=[9, 8], pages=dictionary, column_pages={
                        "f": PageStyle(encoding="BYTE_STREAM_SPLIT",
                                       page_rows=5, crc=True),
                        "d": PageStyle(version=2, page_rows=5,
                                       page_index=True, statistics=True),
                        "b": PageStyle(version=2, codec="GZIP"),
                    })


def _modern(rng):
    """LIST and MAP columns, INT96, FLOAT16, UUID, ENUM, JSON, INTERVAL,
    NaN, the DELTA encodings, RLE booleans, PLAIN_DICTIONARY with fallback,
    and every codec but GZIP and LZO."""
    schema = [
        ListOf("tags", Leaf("element", "BYTE_ARRAY", OPTIONAL,
                            logical=String())),
        MapOf("attrs", Leaf("key", "BYTE_ARRAY", logical=String()),
              Leaf("value", "INT64", OPTIONAL)),
        Leaf("legacy", "INT96", OPTIONAL),
        Leaf("half", "FIXED_LEN_BYTE_ARRAY", OPTIONAL, logical=Float16(),
             type_length=2),
        Leaf("uuid", "FIXED_LEN_BYTE_ARRAY", logical=Uuid(), type_length=16),
        Leaf("kind", "BYTE_ARRAY", logical=Enum()),
        Leaf("doc", "BYTE_ARRAY", OPTIONAL, logical=Json()),
        Leaf("span", "FIXED_LEN_BYTE_ARRAY", logical=Interval(),
             type_length=12),
        Leaf("x", "DOUBLE", OPTIONAL),
        Leaf("delta", "INT64"),
        Leaf("delta32", "INT32", OPTIONAL),
        Leaf("text", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("prefixed", "BYTE_ARRAY", logical=String()),
        Leaf("on", "BOOLEAN", OPTIONAL),
        Leaf("code", "INT32", logical=Integer(8, signed=False)),
        Leaf("money", "BYTE_ARRAY", OPTIONAL, logical=Decimal(12, 2)),
    ]
    rows = []
    for i in range(14):
        rows.append({
            "tags": None if i % 5 == 0 else [
                None if j == 1 else rng.choice(["a", "b", "cd"])
                for j in range(rng.randrange(4))],
            "attrs": None if i % 4 == 3 else [
                (f"k{j}", None if j % 2 else rng.randint(-50, 50))
                for j in range(rng.randrange(3))],
            "legacy": None if i % 3 == 0 else rng.randint(0, 10 ** 18),
            "half": None if i % 4 == 1 else (
                math.nan if i == 6 else rng.uniform(-4, 4)),
            "uuid": bytes(rng.randrange(256) for _ in range(16)),
            "kind": rng.choice(["RED", "GREEN", "BLUE"]),
            "doc": None if i % 3 == 2 else '{"n": %d}' % i,
            "span": (i, 2 * i, 1000 * i),
            "x": None if i % 6 == 4 else (
                math.nan if i == 5 else rng.uniform(-1, 1)),
            "delta": 1000 + 37 * i + rng.randrange(9),
            "delta32": None if i % 4 == 0 else rng.randint(-1000, 1000),
            "text": None if i % 5 == 2 else rng.choice(
                ["lorem", "ipsum", "", "dolor", "lorem ipsum"]),
            "prefixed": "prefix-" + "x" * (i % 4),
            "on": None if i % 7 == 0 else i % 3 == 0,
            "code": rng.randint(0, 255),
            "money": None if i % 5 == 1 else rng.randint(-10 ** 12 + 1,
                                                         10 ** 12 - 1),
        })

    def style(**kw):
        return PageStyle(page_rows=5, statistics=True, **kw)
    return FileSpec(schema, rows, row_group_sizes=[8, 6], pages=style(
        codec="SNAPPY", page_index=True), column_pages={
        "tags.list.element": style(version=2, codec="ZSTD",
                                   encoding="DICTIONARY", crc=True),
        "attrs.key_value.value": style(codec="BROTLI", bloom_filter=True),
        "half": style(codec="LZ4_RAW", page_index=True),
        "kind": style(encoding="PLAIN_DICTIONARY", dictionary_fallback=2,
                      codec="LZ4"),
        "delta": style(encoding="DELTA_BINARY_PACKED"),
        "delta32": style(version=2, encoding="DELTA_BINARY_PACKED",
                         codec="ZSTD"),
        "text": style(encoding="DELTA_LENGTH_BYTE_ARRAY", page_index=True),
        "prefixed": style(version=2, encoding="DELTA_BYTE_ARRAY"),
        "on": style(encoding="RLE"),
        "x": style(encoding="BYTE_STREAM_SPLIT", codec="BROTLI",
                   page_index=True, bloom_filter=True),
    })


SPECS = {"flat": _flat, "nested": _nested, "dictionary": _dictionary,
         "modern": _modern}


class GenericTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.files = {name: writer.write(build(random.Random(7)), cls.t)
                     for name, build in SPECS.items()}
        # Every applicable operator on every file with every seed, applied
        # once: (file name, operator, seed, bytes, expected).
        cls.cases = [(name, m, seed) + m.apply(pq, random.Random(seed))
                     for name, pq in cls.files.items()
                     for m in generic.applicable(pq, pending=True)
                     for seed in SEEDS]

    def test_names_are_unique(self):
        names = [m.name for m in breakage.of(breakage.GENERIC)]
        self.assertEqual(len(names), len(set(names)))

    def test_pending_are_registered(self):
        self.assertLessEqual(generic.PENDING,
                             {m.name for m in breakage.of(breakage.GENERIC)})

    def test_every_operator_applies_somewhere(self):
        used = {m.name for pq in self.files.values()
                for m in generic.applicable(pq, pending=True)}
        self.assertEqual(
            {m.name for m in breakage.of(breakage.GENERIC)} - used, set())

    def test_cases_are_in_bounds(self):
        for name, m, seed, data, exp in self.cases:
            with self.subTest(file=name, mutation=m.name, seed=seed):
                self.assertNotEqual(data, self.files[name].data)
                self.assertGreaterEqual(exp["offset"], 0)
                self.assertLessEqual(exp["offset"] + exp["length"],
                                     len(data))

    def test_deterministic_and_model_untouched(self):
        for name, m, seed, data, exp in self.cases:
            if seed == SEEDS[0]:
                with self.subTest(file=name, mutation=m.name):
                    self.assertEqual(
                        (data, exp),
                        m.apply(self.files[name], random.Random(seed)))
        # The operators copied what they changed: the models still lay out
        # to the files they came from.
        for pq in self.files.values():
            self.assertEqual(writer.layout(pq.model, self.t).data, pq.data)

    def test_mutate_picks_an_active_operator(self):
        pq = self.files["flat"]
        names = {generic.mutate(pq, random.Random(s))[0].name
                 for s in range(40)}
        self.assertGreater(len(names), 10)
        self.assertEqual(names & generic.PENDING, set())

    def _validate(self, paths):
        """File name -> colcheck's JSON report, from a few colcheck
        processes run side by side over slices of `paths`."""
        n = max(1, min(8, os.cpu_count() or 1))
        runs = [subprocess.Popen(
            [COLCHECK, "validate", "--format", "json"] + paths[i::n],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for i in range(n)]
        reports = {}
        for run in runs:
            out, err = run.communicate()
            self.assertIn(run.returncode, (0, 1), err)
            reports.update((os.path.basename(f["path"]), f)
                           for f in json.loads(out)["files"])
        return reports

    @unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
    def test_colcheck_reports_each_mutation(self):
        with tempfile.TemporaryDirectory() as tmp:
            cases, paths = [], []
            for name, pq in self.files.items():
                paths.append(os.path.join(tmp, f"base_{name}.parquet"))
                with open(paths[-1], "wb") as f:
                    f.write(pq.data)
            for name, m, seed, data, exp in self.cases:
                if m.name in generic.PENDING:
                    continue
                stem = f"{name}-{m.name}-{seed}"
                paths.append(os.path.join(tmp, stem + ".parquet"))
                with open(paths[-1], "wb") as f:
                    f.write(data)
                cases.append((stem, m, exp))
            reports = self._validate(paths)
            for name in self.files:
                base = reports[f"base_{name}.parquet"]
                self.assertEqual(base["verdict"], "valid",
                                 base["diagnostics"])
            for stem, m, exp in cases:
                with self.subTest(case=stem, code=m.code):
                    diagnostics = reports[stem + ".parquet"]["diagnostics"]
                    self.assertTrue(
                        any(d["code"] == exp["code"] and
                            overlaps(exp["offset"], exp["length"],
                                      d["offset"], d["length"])
                            for d in diagnostics),
                        f"expected {exp}, got {diagnostics}")


if __name__ == "__main__":
    unittest.main()
