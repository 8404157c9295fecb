#!/usr/bin/env python3
"""`colcheck explain`, `schema`, `report` and `plan` on ORC files.

Golden text outputs for files of corpus/orc/valid (written by
generators/colcheck_gen/orc/corpus.py, so stable), the JSON documents' shape
and byte accounting, the HTML report, the Parquet-only note of `plan`, and a
damaged copy that is still laid out. Rewrite the goldens after a deliberate
change with --update.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import unittest

ARGS = None
GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "golden")


def run(*args):
    return subprocess.run([ARGS.colcheck, *args], cwd=ARGS.source,
                          capture_output=True, check=False)


def orc(name):
    return "corpus/orc/valid/" + name


class OrcInspectTest(unittest.TestCase):
    def golden(self, name, args):
        result = run(*args)
        self.assertEqual(result.returncode, 0, result.stderr)
        path = os.path.join(GOLDEN, name)
        if ARGS.update:
            with open(path, "wb") as f:
                f.write(result.stdout)
        with open(path, "rb") as f:
            self.assertEqual(result.stdout.decode(), f.read().decode())

    def test_explain_text_golden(self):
        self.golden("explain_dictionary_orc.txt",
                    ["explain", orc("dictionary.orc")])

    def test_explain_footer_golden(self):
        self.golden("explain_footer_empty_orc.txt",
                    ["explain", "--footer", orc("empty.orc")])

    def test_schema_text_golden(self):
        self.golden("schema_nested_orc.txt", ["schema", orc("nested.orc")])

    def test_explain_json_accounts_for_every_byte(self):
        for name in sorted(os.listdir(os.path.join(ARGS.source,
                                                   "corpus/orc/valid"))):
            if not name.endswith(".orc"):
                continue
            result = run("explain", "--format", "json", "--footer", orc(name))
            self.assertEqual(result.returncode, 0, name)
            doc = json.loads(result.stdout)
            size = os.path.getsize(os.path.join(ARGS.source, orc(name)))
            self.assertEqual(doc["format"], "orc")
            self.assertEqual(doc["accounting"]["accounted"], size, name)
            self.assertEqual(doc["accounting"]["gap_bytes"], 0, name)
            kinds = [r["kind"] for r in doc["regions"]]
            self.assertEqual(kinds[0], "orc-magic")
            self.assertEqual(kinds[-2:], ["postscript", "pslen"])
            self.assertIn("stripes", doc)
            for r in doc["regions"]:
                if r["kind"] in ("index-stream", "data-stream"):
                    self.assertIsNotNone(r["stream"])
                    self.assertIn(r["stream"]["kind"], (
                        "PRESENT", "DATA", "LENGTH", "DICTIONARY_DATA",
                        "SECONDARY", "ROW_INDEX", "BLOOM_FILTER",
                        "BLOOM_FILTER_UTF8"))
            self.assertEqual(doc["footer"][0]["name"], "postscript")

    def test_schema_json(self):
        result = run("schema", "--format", "json", orc("nested.orc"))
        self.assertEqual(result.returncode, 0)
        doc = json.loads(result.stdout)
        self.assertTrue(doc["schema_ok"])
        self.assertIsNone(doc["schema"])
        self.assertEqual(len(doc["types"]), 26)
        self.assertEqual(doc["types"][1]["name"], "id")
        self.assertEqual(doc["types"][1]["kind"], "LONG")
        self.assertEqual(doc["types"][22]["path"], "meta.origin.host")

    def test_report(self):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "r.html")
            result = run("report", "-o", out, orc("stripes_index_bloom.orc"))
            self.assertEqual(result.returncode, 0, result.stderr)
            with open(out, encoding="utf-8") as f:
                page = f.read()
        self.assertIn('<table id="stripes">', page)
        self.assertIn('<pre id="schema" class="mono">struct  # column 0',
                      page)
        self.assertIn("k-index-stream", page)
        self.assertIn('data-kind="orc-footer"', page)

    def test_plan_is_parquet_only(self):
        result = run("plan", orc("nested.orc"))
        self.assertEqual(result.returncode, 0)
        self.assertEqual(result.stdout.decode(),
                         orc("nested.orc") + ": the read plan is "
                         "Parquet-only; `colcheck schema` shows the ORC "
                         "type tree\n")

    def test_damaged_copy_is_still_laid_out(self):
        with open(os.path.join(ARGS.source, orc("nested.orc")), "rb") as f:
            data = f.read()
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "cut.orc")
            # The Footer's last bytes lost: the tail no longer adds up.
            with open(path, "wb") as f:
                f.write(data[:len(data) - 200] + data[-26:])
            result = run("explain", "--format", "json", path)
            self.assertEqual(result.returncode, 1)
            doc = json.loads(result.stdout)
            self.assertEqual(doc["verdict"], "invalid")
            self.assertEqual(doc["accounting"]["accounted"],
                             len(data) - 174)
            text = run("explain", path)
            self.assertEqual(text.returncode, 1)
            self.assertIn(b"!! gap", text.stdout)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--update", action="store_true")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
