"""conformance/suite/: the case generator (colcheck_gen.conformance) is
deterministic, its manifest follows conformance/README.md, and, with
$COLCHECK_BIN, colcheck reads every y_ case to its expected rows without
an error and reports every n_ case's code at its span."""

import json
import os
import random
import subprocess
import tempfile
import unittest

from colcheck_gen.common import colcheck
from colcheck_gen.common.paths import REPO
from colcheck_gen.conformance import cases, features, suite

SUITE = os.path.join(REPO, "conformance", "suite")


def _overlaps(a_off, a_len, b_off, b_len):
    if a_len == 0 or b_len == 0:
        return (a_off <= b_off <= a_off + a_len or
                b_off <= a_off <= b_off + b_len)
    return max(a_off, b_off) < min(a_off + a_len, b_off + b_len)


class ConformanceSuiteTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="conformance-test-")
        cls.dir = cls.tmp.name
        suite.generate(cls.dir)
        with open(os.path.join(cls.dir, "manifest.json")) as f:
            cls.manifest = json.load(f)
        cls.cases = cls.manifest["cases"]

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_generation_is_deterministic(self):
        self.assertEqual(suite.check(self.dir), [])

    def test_committed_suite_is_a_fresh_generation(self):
        if not os.path.isdir(SUITE):
            self.skipTest("conformance/suite/ is not generated")
        self.assertEqual(suite.check(SUITE), [])

    def test_manifest_head(self):
        self.assertEqual(self.manifest["suite"], "colcheck-conformance")
        self.assertEqual(self.manifest["version"], suite.VERSION)
        self.assertEqual(self.manifest["seed"], suite.SEED)

    def test_ids_are_well_formed_and_unique(self):
        ids = [c["id"] for c in self.cases]
        self.assertEqual(len(ids), len(set(ids)))
        for c in self.cases:
            with self.subTest(id=c["id"]):
                self.assertRegex(c["id"], cases.ID_RE)
                outcome, rule = c["id"].split("_")[:2]
                self.assertEqual(outcome, c["outcome"])
                self.assertEqual(rule, c["rule"])
                ext = "orc" if c["format"] == "orc" else "parquet"
                self.assertEqual(c["file"], f"cases/{c['id']}.{ext}")
                self.assertTrue(os.path.isfile(os.path.join(self.dir,
                                                            c["file"])))
                for key in ("spec", "description"):
                    self.assertTrue(c[key], key)

    def test_rows_have_row_count_lines(self):
        for c in self.cases:
            with self.subTest(id=c["id"]):
                if c["outcome"] == "y":
                    self.assertIn("rows", c)
                if "rows" not in c:
                    self.assertNotIn("row_count", c)
                    continue
                with open(os.path.join(self.dir, c["rows"])) as f:
                    lines = f.read().split("\n")
                self.assertEqual(lines[-1], "")
                self.assertEqual(len(lines) - 1, c["row_count"])
                for line in lines[:-1]:
                    self.assertIsInstance(json.loads(line), dict)
                    self.assertTrue(line.isascii())

    def test_invalid_cases_have_expectations(self):
        for c in self.cases:
            with self.subTest(id=c["id"]):
                if c["outcome"] != "n":
                    self.assertNotIn("expected", c)
                    continue
                self.assertTrue(c["expected"])
                self.assertIsInstance(c["silent_misread_risk"], bool)
                self.assertEqual(c["silent_misread_risk"], "rows" in c)
                for e in c["expected"]:
                    self.assertEqual(e["code"], c["rule"])

    def test_features_are_in_the_vocabulary(self):
        for c in self.cases:
            with self.subTest(id=c["id"]):
                self.assertTrue(set(c["features"]) <= features.VOCABULARY,
                                set(c["features"]) - features.VOCABULARY)
                self.assertIn(f"format:{c['format']}", c["features"])
                self.assertNotIn("codec:UNCOMPRESSED", c["features"])

    def test_suite_is_small(self):
        total = sum(os.path.getsize(os.path.join(self.dir, "cases", n))
                    for n in os.listdir(os.path.join(self.dir, "cases")))
        self.assertLess(total, 3 * 1024 * 1024)
        self.assertLess(len(self.cases), 500)

    @unittest.skipUnless(colcheck.BIN, "COLCHECK_BIN is not set")
    def test_colcheck_reads_every_valid_case(self):
        for c in self.cases:
            if c["outcome"] != "y":
                continue
            with self.subTest(id=c["id"]):
                path = os.path.join(self.dir, c["file"])
                run = subprocess.run([colcheck.BIN, "cat", "--format",
                                      "jsonl", path], capture_output=True,
                                     text=True, check=False)
                with open(os.path.join(self.dir, c["rows"])) as f:
                    expected = f.read()
                if c["id"] in suite.COLCHECK_DISAGREEMENTS:
                    self.assertNotEqual(
                        run.stdout, expected, "colcheck agrees now: remove "
                        "the case from suite.COLCHECK_DISAGREEMENTS")
                    continue
                self.assertEqual(run.returncode, 0, run.stderr)
                self.assertEqual(run.stdout, expected)

    @unittest.skipUnless(colcheck.BIN, "COLCHECK_BIN is not set")
    def test_colcheck_validates(self):
        paths = [os.path.join(self.dir, c["file"]) for c in self.cases]
        reports = colcheck.validate(paths)
        for c, report in zip(self.cases, reports):
            with self.subTest(id=c["id"]):
                errors = [d for d in report["diagnostics"]
                          if d["severity"] == "error"]
                if c["outcome"] == "y":
                    self.assertEqual(errors, [])
                elif c["outcome"] == "n":
                    for e in c["expected"]:
                        self.assertTrue(any(
                            d["code"] == e["code"] and _overlaps(
                                e["offset"], e["length"], d["offset"],
                                d["length"])
                            for d in report["diagnostics"]),
                            (e, [(d["code"], d["offset"], d["length"])
                                 for d in errors]))

    def test_pre_fault_rows_are_the_baselines_rows(self):
        """An n_ case with rows names its baseline, the y_ case of its
        unbroken file, whose rows are the same (colcheck reading that y_
        case is test_colcheck_reads_every_valid_case)."""
        by_id = {c["id"]: c for c in self.cases}
        for c in self.cases:
            with self.subTest(id=c["id"]):
                if c["outcome"] != "n" or "rows" not in c:
                    self.assertNotIn("baseline", c)
                    continue
                base = by_id[c["baseline"]]
                self.assertEqual(base["outcome"], "y")
                self.assertEqual(base["format"], c["format"])
                with open(os.path.join(self.dir, c["rows"])) as f, \
                        open(os.path.join(self.dir, base["rows"])) as g:
                    self.assertEqual(f.read(), g.read())


class CanonicalTextTest(unittest.TestCase):
    def test_floats(self):
        from colcheck_gen.conformance.canonical import float_text
        for value, single, text in [
                (0.1, False, "0.1"), (3.0, False, "3"), (-0.0, False, "-0.0"),
                (1e300, False, "1e+300"), (100000.0, False, "1e+05"),
                (123456.0, False, "123456"), (0.001, False, "0.001"),
                (0.0001, False, "1e-04"), (float("nan"), False, "NaN"),
                (float("-inf"), True, "-Infinity"), (0.1, True, "0.1"),
                (3.4028234663852886e38, True, "3.4028235e+38"),
                (1.401298464324817e-45, True, "1e-45")]:
            with self.subTest(value=value, single=single):
                self.assertEqual(float_text(value, single), text)

    def test_strings_and_dates(self):
        from colcheck_gen.conformance.canonical import date_text, json_string
        self.assertEqual(json_string('a"\\\n\b\x7f\u00e9\U0001F600'),
                         '"a\\"\\\\\\n\\u0008\\u007f\\u00e9\\ud83d\\ude00"')
        self.assertEqual(date_text(-1), "1969-12-31")
        self.assertEqual(date_text(2932896), "9999-12-31")
        rng = random.Random(1)
        import datetime
        for _ in range(50):
            days = rng.randrange(-719162, 2932897)
            self.assertEqual(date_text(days), (
                datetime.date(1970, 1, 1) +
                datetime.timedelta(days=days)).isoformat())


if __name__ == "__main__":
    unittest.main()
