#!/usr/bin/python3
"""`colcheck plan --format json --data` on corpus/plan/: every hazard id and
count per column is what generators/colcheck_gen/parquet/plan_corpus.py wrote
the file to contain, and the files regenerate byte for byte.

    COLCHECK_BIN=build/cli/colcheck /usr/bin/python3 corpus/test_plan_corpus.py
"""

import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(REPO, "generators"))

from colcheck_gen.parquet import plan_corpus  # noqa: E402

PLAN_DIR = os.path.join(HERE, "plan")


def run_plan(path, *extra):
    colcheck = os.environ["COLCHECK_BIN"]
    r = subprocess.run([colcheck, "plan", "--format", "json", *extra, path],
                       capture_output=True, text=True)
    return r.returncode, r.stdout, r.stderr


class PlanCorpusTest(unittest.TestCase):
    def test_every_file_is_generated(self):
        on_disk = sorted(n[:-len(".parquet")] for n in os.listdir(PLAN_DIR)
                         if n.endswith(".parquet"))
        self.assertEqual(on_disk, sorted(plan_corpus.FILES))

    def test_regenerates_byte_identical(self):
        self.assertEqual(plan_corpus.main(["--check", PLAN_DIR]), 0)

    def test_hazard_counts(self):
        for name, expected in plan_corpus.EXPECTED.items():
            with self.subTest(file=name):
                rc, out, err = run_plan(
                    os.path.join(PLAN_DIR, name + ".parquet"), "--data")
                self.assertEqual(rc, 0, err)
                doc = json.loads(out)
                self.assertEqual(doc["verdict"], "valid")
                self.assertTrue(doc["data"])
                actual = {c["path"]: {h["id"]: h["affected"]
                                      for h in c["hazards"]}
                          for c in doc["columns"]}
                self.assertEqual(actual, expected)
                rows = plan_corpus.rows(name)
                for c in doc["columns"]:
                    self.assertTrue(c["counted"])
                    non_null = sum(r[c["path"]] is not None for r in rows)
                    self.assertEqual(c["values"], non_null, c["path"])

    def test_without_data_counts_are_null(self):
        rc, out, err = run_plan(os.path.join(PLAN_DIR, "integers.parquet"))
        self.assertEqual(rc, 0, err)
        doc = json.loads(out)
        self.assertFalse(doc["data"])
        ids = {c["path"]: [h["id"] for h in c["hazards"]]
               for c in doc["columns"]}
        self.assertEqual(ids["u64_dict"], ["int64-beyond-2^53",
                                           "uint64-read-as-signed"])
        for c in doc["columns"]:
            self.assertIsNone(c["values"])
            for h in c["hazards"]:
                self.assertIsNone(h["affected"])


if __name__ == "__main__":
    unittest.main()
