#!/usr/bin/python3
"""`colcheck bloom FILE COLUMN VALUE...` on both formats.

Golden text outputs for generated corpus files (stable: the generators
write them byte for byte); the JSON document; every statistics bound
`colcheck meta` prints, fed back as text, "may contain" in its row group
(Parquet: dictionary_pages.parquet and, when the generators import, every
logical type with a bloom filter; ORC: each stripe's bounds in one of the
stripe's row groups); absent values "definitely not"; usage errors and
values that do not parse (exit 2); damaged copies, which never crash.
Rewrite the goldens after a deliberate change with --update.
"""

import argparse
import dataclasses
import json
import os
import random
import subprocess
import sys
import tempfile
import unittest

ARGS = None
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")
PARQUET = "corpus/valid/dictionary_pages.parquet"
ORC = "corpus/orc/valid/stripes_index_bloom.orc"


def run(*args):
    return subprocess.run([ARGS.colcheck, *args], cwd=ARGS.source,
                          capture_output=True, check=False, timeout=120)


def bloom_json(path, column, *values):
    result = run("bloom", "--format", "json", path, column, *values)
    if result.returncode != 0:
        raise AssertionError(f"{path} {column} {values}: exit "
                             f"{result.returncode}: {result.stderr.decode()}")
    return json.loads(result.stdout)


def answers(doc):
    """[(container, value, may_contain)] of every usable filter."""
    out = []
    for r in doc["results"]:
        where = r.get("row_group", r.get("stripe"))
        for a in r["answers"]:
            out.append((where, a["value"], a["may_contain"]))
    return out


def as_text(value):
    """A statistics bound of `meta --format json` as a VALUE argument."""
    return value if isinstance(value, str) else json.dumps(value)


class GoldenTest(unittest.TestCase):
    def golden(self, name, args):
        result = run(*args)
        self.assertEqual(result.returncode, 0, result.stderr)
        path = os.path.join(GOLDEN, name)
        if ARGS.update:
            with open(path, "wb") as f:
                f.write(result.stdout)
        with open(path, "rb") as f:
            self.assertEqual(result.stdout.decode(), f.read().decode())

    def test_parquet(self):
        self.golden("bloom_dictionary_pages.txt",
                    ["bloom", PARQUET, "g.str", "alpha", "日本", "nope"])

    def test_orc(self):
        self.golden("bloom_stripes_index_bloom_orc.txt",
                    ["bloom", ORC, "day", "2022-01-08", "2022-02-21",
                     "1999-12-31"])


class JsonTest(unittest.TestCase):
    def test_parquet_document(self):
        doc = bloom_json(PARQUET, "g.i32", "-2119845296", "-5")
        self.assertEqual(doc["tool"], "colcheck")
        self.assertEqual(doc["format"], "parquet")
        self.assertEqual(doc["verdict"], "valid")
        self.assertEqual(doc["column"], 1)
        self.assertEqual(doc["column_path"], "g.i32")
        self.assertEqual(doc["type"], "INT32")
        self.assertEqual(doc["values"], ["-2119845296", "-5"])
        self.assertEqual(len(doc["results"]), 1)
        result = doc["results"][0]
        self.assertEqual(list(result), ["row_group", "filter", "unreadable",
                                        "offset", "length", "answers"])
        self.assertTrue(result["filter"])
        self.assertIsNone(result["unreadable"])
        explain = json.loads(run("explain", "--format", "json",
                                 PARQUET).stdout)
        regions = [(r["offset"], r["length"]) for r in explain["regions"]
                   if r["kind"] == "bloom-filter"]
        self.assertIn((result["offset"], result["length"]), regions)
        self.assertEqual(answers(doc), [(0, "-2119845296", True),
                                        (0, "-5", False)])

    def test_orc_document(self):
        doc = bloom_json(ORC, "2", "alpha")
        self.assertEqual(doc["format"], "orc")
        self.assertEqual(doc["column_path"], "word")
        self.assertEqual(doc["type"], "STRING")
        entries = [(r["stripe"], r["entry"]) for r in doc["results"]]
        self.assertEqual(entries, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0),
                                   (1, 1), (1, 2), (1, 3), (2, 0)])
        for r in doc["results"]:
            self.assertEqual(list(r)[:2], ["stripe", "entry"])
            self.assertTrue(r["filter"])
            self.assertEqual(len(r["answers"]), 1)
        self.assertTrue(any(a[2] for a in answers(doc)))


class BoundsMayBeContainedTest(unittest.TestCase):
    """Every min and max of the statistics is a value of the row group."""

    def check_parquet(self, path):
        meta = json.loads(run("meta", "--format", "json", path).stdout)
        checked = 0
        for group in meta["row_groups"]:
            for chunk in group["columns"]:
                stats = chunk["statistics"] or {}
                values = [as_text(v) for v in (stats.get("min"),
                                               stats.get("max"))
                          if v is not None]
                if not values or chunk["bloom_filter_offset"] is None:
                    continue
                doc = bloom_json(path, chunk["path"], *values)
                mine = [a for a in answers(doc) if a[0] == group["row_group"]]
                self.assertEqual([a[2] for a in mine], [True] * len(values),
                                 f"{chunk['path']} ({doc['type']}): {values}")
                checked += 1
        return checked

    def test_dictionary_pages(self):
        self.assertEqual(self.check_parquet(PARQUET), 8)

    def test_every_logical_type(self):
        try:
            sys.path.insert(0, os.path.join(ARGS.source, "generators"))
            from colcheck_gen.parquet import coverage, writer
            from colcheck_gen.parquet.specs import PageStyle
        except ImportError as e:
            self.skipTest(f"the generators do not import: {e}")
        spec = coverage.logical_types_all(random.Random(7))
        spec = dataclasses.replace(spec, pages=PageStyle(
            statistics=True, page_rows=3, page_index=True, bloom_filter=True))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "typed.parquet")
            with open(path, "wb") as f:
                f.write(writer.write(spec).data)
            # Strings, enums, JSON, BSON, UUID, FLOAT16, DATE, TIME and
            # TIMESTAMP in every unit, INTEGER 8..64 both signs, DECIMAL on
            # four physical types.
            self.assertEqual(self.check_parquet(path), 31)
            absent = {"date": "1999-01-01", "int32": "1234567",
                      "uint64": "98765", "dec_int32": "4321.05",
                      "dec_binary": "-2.5", "uuid": "0" * 31 + "7",
                      "ts_micros_utc": "2020-01-01T00:00:00.123Z",
                      "time_ns": "12:34:56.789", "string": "absent string"}
            for column, value in absent.items():
                doc = bloom_json(path, column, value)
                self.assertEqual([a[2] for a in answers(doc)], [False],
                                 column)

    def test_orc_stripes(self):
        meta = json.loads(run("meta", "--format", "json", ORC).stdout)
        checked = 0
        for stripe in meta["stripes"]:
            for column, stats in enumerate(stripe["statistics"]):
                values = [as_text(v) for v in (stats["min"], stats["max"])
                          if v is not None]
                if column == 0 or not values:
                    continue
                doc = bloom_json(ORC, str(column), *values)
                for i, value in enumerate(values):
                    found = [r["answers"][i]["may_contain"]
                             for r in doc["results"]
                             if r["stripe"] == stripe["stripe"]]
                    self.assertIn(True, found, f"column {column} {value}")
                checked += 1
        self.assertEqual(checked, 18)

    def test_absent_values_are_definitely_not(self):
        values = [f"absent-{i}" for i in range(50)]
        for path, column in ((PARQUET, "g.str"), (ORC, "word")):
            doc = bloom_json(path, column, *values)
            negatives = [a for a in answers(doc) if not a[2]]
            self.assertGreaterEqual(len(negatives), 0.9 * len(answers(doc)))


class ErrorTest(unittest.TestCase):
    def usage(self, *args):
        result = run("bloom", *args)
        self.assertEqual(result.returncode, 2, result.stdout)
        self.assertEqual(result.stdout, b"")
        return result.stderr.decode()

    def test_values_that_do_not_parse(self):
        self.assertIn("value 'x12' does not parse as INT32: expected an "
                      "integer", self.usage(PARQUET, "g.i32", "12", "x12"))
        self.assertIn("value '2022-02-30' does not parse as DATE: day 30",
                      self.usage(ORC, "day", "2022-02-30"))
        self.assertIn("does not parse as DECIMAL(9,3): it has more than the "
                      "column's 3 fraction digits",
                      self.usage(ORC, "amount", "1.2345"))
        self.assertIn("FIXED_LEN_BYTE_ARRAY(5): it is 3 bytes, not 5",
                      self.usage(PARQUET, "g.fixed", "abc"))

    def test_unknown_columns(self):
        self.assertIn("no leaf column 'nope'",
                      self.usage(PARQUET, "nope", "1"))
        self.assertIn("no leaf column 'g'", self.usage(PARQUET, "g", "1"))
        self.assertIn("no column '99'", self.usage(ORC, "99", "1"))
        self.assertIn("is a STRUCT", self.usage(ORC, "0", "1"))

    def test_arguments(self):
        self.assertIn("bloom needs FILE, COLUMN and at least one VALUE, got 2",
                      self.usage(PARQUET, "g.i32"))
        self.assertIn("No such file", self.usage("nope.parquet", "a", "1"))
        self.assertIn("unknown format", self.usage("--format", "sarif",
                                                   PARQUET, "1", "2"))

    def test_negative_values_need_no_dashes(self):
        doc = bloom_json(PARQUET, "g.i64", "-7732604867389322547")
        self.assertEqual(answers(doc), [(0, "-7732604867389322547", True)])
        doc = bloom_json(PARQUET, "g.f64", "-.5e1", "-232670.31")
        self.assertEqual(answers(doc), [(0, "-.5e1", False),
                                        (0, "-232670.31", True)])
        with_dashes = bloom_json(PARQUET, "g.f64", "--", "-232670.31")
        self.assertEqual(answers(with_dashes), [(0, "-232670.31", True)])

    def test_column_by_index_equals_by_path(self):
        self.assertEqual(run("bloom", PARQUET, "6", "alpha").stdout,
                         run("bloom", PARQUET, "g.str", "alpha").stdout)


class DamageTest(unittest.TestCase):
    def test_damaged_copies_never_crash(self):
        for path, column, value in ((PARQUET, "g.str", "alpha"),
                                    (ORC, "word", "alpha")):
            with open(os.path.join(ARGS.source, path), "rb") as f:
                data = f.read()
            explain = json.loads(run("explain", "--format", "json",
                                     path).stdout)
            spans = [(r["offset"], r["length"]) for r in explain["regions"]
                     if r["kind"] == "bloom-filter" or
                     (r.get("stream") or {}).get("kind", "")
                     .startswith("BLOOM")]
            self.assertTrue(spans)
            rng = random.Random(1)
            copies = []
            for offset, length in spans[:4]:
                for at in rng.sample(range(offset, offset + length),
                                     min(8, length)):
                    damaged = bytearray(data)
                    damaged[at] ^= rng.choice([0x01, 0x80, 0xff])
                    copies.append(bytes(damaged))
                copies.append(data[:offset + length // 2])
            with tempfile.TemporaryDirectory() as tmp:
                name = os.path.join(tmp, "damaged" + os.path.splitext(path)[1])
                for copy in copies:
                    with open(name, "wb") as f:
                        f.write(copy)
                    for fmt in ("text", "json"):
                        result = run("bloom", "--format", fmt, name, column,
                                     value)
                        self.assertIn(result.returncode, (0, 1, 2),
                                      result.stderr)
                        if result.returncode == 2:
                            self.assertEqual(result.stdout, b"")
                        elif result.stdout == b"":
                            # A footer that no longer decodes leaves no
                            # column to probe.
                            self.assertEqual(result.returncode, 1)
                            self.assertIn(b"no column can be read",
                                          result.stderr)
                        elif fmt == "json":
                            doc = json.loads(result.stdout)
                            for r in doc["results"]:
                                if r["offset"] is not None:
                                    self.assertLessEqual(
                                        r["offset"] + r["length"], len(copy))
                        else:
                            self.assertTrue(result.stdout.startswith(
                                b"column "))


class QuietTest(unittest.TestCase):
    def test_quiet_silences_the_diagnostics(self):
        with open(os.path.join(ARGS.source, PARQUET), "rb") as f:
            data = bytearray(f.read())
        explain = json.loads(run("explain", "--format", "json",
                                 PARQUET).stdout)
        page = [r["offset"] for r in explain["regions"]
                if r["kind"] == "data-page" and r["column"] == 6][0]
        data[page:page + 4] = b"\xff" * 4  # A page header that fails.
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "damaged.parquet")
            with open(path, "wb") as f:
                f.write(data)
            loud = run("bloom", path, "g.str", "alpha")
            quiet = run("bloom", "-q", path, "g.str", "alpha")
        self.assertEqual(loud.returncode, 1)
        self.assertNotEqual(loud.stderr, b"")
        self.assertTrue(loud.stdout.startswith(b"column 6 g.str"))
        self.assertEqual(quiet.returncode, 1)
        self.assertEqual(quiet.stderr, b"")
        self.assertEqual(quiet.stdout, loud.stdout)


class ExternalTest(unittest.TestCase):
    def test_parquet_testing(self):
        path = os.path.join(ARGS.external, "parquet-testing", "data",
                            "data_index_bloom_encoding_stats.parquet")
        if not os.path.exists(path):
            self.skipTest(f"{path} is absent")
        doc = bloom_json(path, "String", "Hello", "today", "Hello_Not_Exists")
        self.assertEqual(answers(doc), [(0, "Hello", True), (0, "today", True),
                                        (0, "Hello_Not_Exists", False)])

    def test_hive_pre_release_orc_filters(self):
        path = os.path.join(ARGS.external, "orc", "over1k_bloom.orc")
        if not os.path.exists(path):
            self.skipTest(f"{path} is absent")
        doc = bloom_json(path, "_col3", "4294967296")
        self.assertTrue(doc["original_kind"])
        for r in doc["results"]:
            self.assertFalse(r["filter"])
            self.assertIn("pre-release", r["unreadable"])


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--external", default=os.environ.get(
        "COLCHECK_EXTERNAL_CORPUS", "/work/shared/corpus-external"))
    parser.add_argument("--update", action="store_true")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
