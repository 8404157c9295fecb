#!/usr/bin/python3
"""`colcheck conformance`: run, report, export and list, end to end.

RunTest builds a small suite in a temporary directory and runs fake readers
over it, each behaving one way: reading right, crashing, hanging, printing
a wrong value, accepting everything, rejecting everything, reporting a
panic (exit 3), and one that a profile excuses. It checks each outcome in
results.json, the exit status, and the reproducer bundles.

ReportTest merges two runs and renders the matrix as JSON and HTML, and
loads the HTML in headless Chromium (--dump-dom): one cell per reader and
case, the silent misreads and crashes before the matrix. Without Chromium
that test fails unless COLCHECK_SKIP_BROWSER=1.

  test_conformance_cli.py --colcheck build/cli/colcheck \
      [--artifacts build/conformance/artifacts]
"""

import argparse
import html.parser
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None

# Two rows for the y_ case; the n_ case held one before its fault.
CASES = [
    {"id": "y_type.int32", "outcome": "y", "format": "parquet",
     "file": "cases/y_type.int32.parquet", "rows": "cases/y_type.int32.jsonl",
     "row_count": 2, "rule": "type.int32", "spec": "README.md",
     "features": ["format:parquet", "physical:INT32"]},
    {"id": "y_codec.lzo", "outcome": "y", "format": "parquet",
     "file": "cases/y_codec.lzo.parquet", "rows": "cases/y_codec.lzo.jsonl",
     "row_count": 1, "rule": "codec.lzo", "spec": "Compression.md",
     "features": ["format:parquet", "codec:LZO"]},
    {"id": "n_page.crc-mismatch", "outcome": "n", "format": "parquet",
     "file": "cases/n_page.crc-mismatch.parquet",
     "rows": "cases/n_page.crc-mismatch.jsonl", "row_count": 1,
     "rule": "page.crc-mismatch", "spec": "README.md, Checksumming",
     "features": ["format:parquet"], "silent_misread_risk": True,
     "expected": [{"code": "page.crc-mismatch", "offset": 4, "length": 4}]},
    {"id": "i_list.two-level", "outcome": "i", "format": "parquet",
     "file": "cases/i_list.two-level.parquet", "rule": "list.two-level",
     "spec": "LogicalTypes.md", "features": ["format:parquet"]},
]
ROWS = {
    "y_type.int32": '{"v":1}\n{"v":2}\n',
    "y_codec.lzo": '{"v":7}\n',
    "n_page.crc-mismatch": '{"v":1}\n',
}

# Prints the rows beside the file, as a reader that reads right would.
RIGHT = ("sh -c 'f=\"${1%.parquet}.jsonl\"; if [ -f \"$f\" ]; then "
         "cat \"$f\"; else echo \"{}\"; fi' sh")


def colcheck(*args, env=None, check_rc=None):
    result = subprocess.run([ARGS.colcheck, *args], capture_output=True,
                            text=True, timeout=300, env=env, check=False)
    if check_rc is not None and result.returncode != check_rc:
        raise AssertionError(f"colcheck {' '.join(args)}: exit "
                             f"{result.returncode}, not {check_rc}\n"
                             f"{result.stdout}\n{result.stderr}")
    return result


def make_suite(root):
    suite = os.path.join(root, "conformance", "suite")
    os.makedirs(os.path.join(suite, "cases"))
    for case in CASES:
        with open(os.path.join(suite, case["file"]), "wb") as f:
            f.write(b"PAR1 fake PAR1")
        if case["id"] in ROWS:
            with open(os.path.join(suite, case["rows"]), "w") as f:
                f.write(ROWS[case["id"]])
    with open(os.path.join(suite, "manifest.json"), "w") as f:
        json.dump({"suite": "colcheck-conformance", "version": 1,
                   "seed": 5, "cases": CASES}, f)
    profiles = os.path.join(root, "conformance", "profiles")
    os.makedirs(profiles)
    # "excused" reads right but documents no LZO; its command is relative
    # to the root, as the real profiles' are.
    with open(os.path.join(root, "reader.sh"), "w") as f:
        f.write(RIGHT.replace("sh -c '", "").replace("' sh", "") + "\n")
    with open(os.path.join(profiles, "excused.json"), "w") as f:
        json.dump({"reader": "excused", "version": "1.0",
                   "command": "sh reader.sh",
                   "unsupported": [{"feature": "codec:LZO",
                                    "evidence": "its README: no LZO"}]}, f)
    return suite


class ConformanceTestCase(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="colcheck-conformance-")
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.suite = make_suite(self.dir)

    def run_readers(self, readers, out, expect_rc, *more):
        args = ["conformance", "run", "--suite", self.suite, "-o", out,
                "-j", "2", *more]
        for reader in readers:
            args += ["--reader", reader]
        colcheck(*args, check_rc=expect_rc)
        with open(os.path.join(out, "results.json")) as f:
            return json.load(f)

    @staticmethod
    def outcomes(results, reader):
        for r in results["readers"]:
            if r["name"] == reader:
                return {x["case"]: x["outcome"] for x in r["results"]}
        raise KeyError(reader)


class RunTest(ConformanceTestCase):
    def test_a_reader_that_reads_right(self):
        out = os.path.join(self.dir, "out")
        results = self.run_readers([f"right={RIGHT}"], out, 1)
        self.assertEqual(self.outcomes(results, "right"), {
            "y_type.int32": "pass", "y_codec.lzo": "pass",
            "n_page.crc-mismatch": "accepted-invalid",
            "i_list.two-level": "pass"})
        n_case = results["readers"][0]["results"][2]
        self.assertFalse(n_case["misread"])
        self.assertIsNone(n_case["bundle"])

    def test_only_passing_readers_exit_0(self):
        out = os.path.join(self.dir, "out")
        results = self.run_readers(["excused"], out, 0, "--case", "y_*")
        self.assertEqual(self.outcomes(results, "excused"), {
            "y_type.int32": "pass", "y_codec.lzo": "unsupported"})
        self.assertEqual(results["readers"][0]["profile"],
                         {"reader": "excused", "version": "1.0"})
        unsupported = results["readers"][0]["results"][1]
        self.assertIn("codec:LZO", unsupported["detail"])
        self.assertEqual(results["readers"][0]["counts"]["pass"], 1)

    def test_each_failure_class(self):
        out = os.path.join(self.dir, "out")
        readers = [
            "crash=sh -c 'kill -SEGV $$' sh",
            "panic=sh -c 'echo panicked at src/lib.rs >&2; exit 3' sh",
            "hang=sleep 60; true",
            "wrong=sh -c 'printf \"{\\\"v\\\":1}\\n{\\\"v\\\":3}\\n\"' sh",
            "lenient=sh -c 'echo \"{\\\"v\\\":9}\"' sh",
            "strict=sh -c 'echo cannot read >&2; exit 1' sh",
        ]
        results = self.run_readers(readers, out, 1, "--timeout", "2")
        every = lambda o: {c["id"]: o for c in CASES}
        self.assertEqual(self.outcomes(results, "crash"), every("crash"))
        self.assertEqual(self.outcomes(results, "panic"), every("crash"))
        self.assertEqual(self.outcomes(results, "hang"), every("hang"))
        self.assertEqual(self.outcomes(results, "wrong"), {
            "y_type.int32": "wrong-values", "y_codec.lzo": "wrong-values",
            "n_page.crc-mismatch": "accepted-invalid",
            "i_list.two-level": "pass"})
        self.assertEqual(self.outcomes(results, "lenient")["n_page.crc-mismatch"],
                         "accepted-invalid")
        self.assertEqual(self.outcomes(results, "strict"), {
            "y_type.int32": "rejected-valid", "y_codec.lzo": "rejected-valid",
            "n_page.crc-mismatch": "pass", "i_list.two-level": "pass"})
        by_reader = {r["name"]: r["results"] for r in results["readers"]}
        wrong = by_reader["wrong"][0]
        self.assertEqual(wrong["difference"]["row"], 1)
        self.assertEqual(wrong["difference"]["path"], "v")
        self.assertEqual((wrong["difference"]["expected"],
                          wrong["difference"]["actual"]), ("2", "3"))
        # The lenient reader read the invalid file to other rows than it
        # held: the silent misread the case warns of.
        self.assertTrue(by_reader["lenient"][2]["misread"])
        for reader, index in (("crash", 0), ("hang", 1), ("wrong", 0),
                              ("lenient", 2)):
            bundle = by_reader[reader][index]["bundle"]
            self.assertIsNotNone(bundle, reader)
            listing = set(os.listdir(os.path.join(out, bundle)))
            self.assertTrue({"command.sh", "actual.jsonl", "stderr.txt",
                             "README.md"} <= listing, (reader, listing))
        # A bundle's command reproduces the outcome on its own.
        bundle = os.path.join(out, by_reader["wrong"][0]["bundle"])
        replay = subprocess.run(["sh", "command.sh"], cwd=bundle,
                                capture_output=True, text=True, check=False)
        with open(os.path.join(bundle, "actual.jsonl")) as f:
            self.assertEqual(replay.stdout, f.read())
        self.assertEqual(by_reader["panic"][0]["message"],
                         "panicked at src/lib.rs")

    def test_memory_limit(self):
        out = os.path.join(self.dir, "out")
        hog = ("hog=/usr/bin/python3 -c 'import time; b = bytearray(300 << 20);"
               " time.sleep(30)'")
        results = self.run_readers([hog], out, 1, "--memory", "64",
                                   "--case", "y_type.int32")
        result = results["readers"][0]["results"][0]
        self.assertEqual(result["outcome"], "crash")
        self.assertGreater(result["peak_rss_bytes"], 64 << 20)

    def test_usage_errors(self):
        for args in (["conformance"], ["conformance", "walk"],
                     ["conformance", "run"],
                     ["conformance", "run", "--reader", "=x"],
                     ["conformance", "run", "--reader", "nosuchprofile",
                      "--suite", self.suite],
                     ["conformance", "run", "--reader", "a=b", "--suite",
                      self.suite, "--case", "zzz*"],
                     ["conformance", "report"],
                     ["conformance", "list", "--reader", "a=b"],
                     ["conformance", "export"],
                     ["conformance", "run", "--reader", "a=b",
                      "--format", "html"],
                     ["conformance", "run", "--reader", "a=b",
                      "--timeout", "0"]):
            result = colcheck(*args)
            self.assertEqual(result.returncode, 2, (args, result.stderr))
            self.assertTrue(result.stderr.startswith("colcheck: "), args)

    def test_list_and_export(self):
        listing = colcheck("conformance", "list", "--suite", self.suite,
                           "--case", "y_*", check_rc=0).stdout
        self.assertEqual([line.split()[1] for line in listing.splitlines()],
                         ["y_type.int32", "y_codec.lzo"])
        exported = os.path.join(self.dir, "exported")
        colcheck("conformance", "export", "--suite", self.suite, exported,
                 check_rc=0)
        self.assertTrue(os.path.isfile(
            os.path.join(exported, "suite", "manifest.json")))
        self.assertTrue(os.path.isfile(
            os.path.join(exported, "profiles", "excused.json")))
        env = dict(os.environ, COLCHECK_CONFORMANCE_DIR=exported)
        again = colcheck("conformance", "list", "--format", "json", env=env,
                         check_rc=0)
        ids = [c["id"] for c in json.loads(again.stdout)["suite"]["cases"]]
        self.assertEqual(ids, [c["id"] for c in CASES])
        # Not into a directory that holds something.
        self.assertEqual(colcheck("conformance", "export", "--suite",
                                  self.suite, exported).returncode, 2)


class DomCells(html.parser.HTMLParser):
    """The classes of the matrix's cells, and the order of the sections."""

    def __init__(self):
        super().__init__()
        self.cells = []
        self.ids = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if attrs.get("id"):
            self.ids.append(attrs["id"])
        if tag == "td" and "o" in (attrs.get("class") or "").split():
            self.cells.append(attrs["class"].split()[1])


class ReportTest(ConformanceTestCase):
    def test_merged_matrix(self):
        first = os.path.join(self.dir, "first")
        second = os.path.join(self.dir, "second")
        self.run_readers([f"right={RIGHT}"], first, 1)
        self.run_readers(["crash=sh -c 'kill -SEGV $$' sh"], second, 1)
        merged = colcheck("conformance", "report", "--format", "json",
                          os.path.join(first, "results.json"),
                          os.path.join(second, "results.json"), check_rc=0)
        document = json.loads(merged.stdout)
        self.assertEqual([r["name"] for r in document["readers"]],
                         ["right", "crash"])
        # The bundles stay reachable from where the report was read.
        bundle = document["readers"][1]["results"][0]["bundle"]
        self.assertTrue(os.path.isdir(bundle), bundle)
        # The same reader twice is an error.
        self.assertEqual(colcheck("conformance", "report",
                                  os.path.join(first, "results.json"),
                                  os.path.join(first, "results.json"))
                         .returncode, 2)
        page = os.path.join(self.dir, "matrix.html")
        colcheck("conformance", "report", "--format", "html", "-o", page,
                 os.path.join(first, "results.json"),
                 os.path.join(second, "results.json"), check_rc=0)
        self.check_in_browser(page)

    def check_in_browser(self, page):
        if os.environ.get("COLCHECK_SKIP_BROWSER") == "1":
            self.skipTest("browser check skipped: COLCHECK_SKIP_BROWSER=1")
        chromium = next((shutil.which(n) for n in
                         ("chromium", "chromium-browser", "google-chrome")
                         if shutil.which(n)), None)
        self.assertIsNotNone(chromium, "chromium not found: install it "
                             "(scripts/install-deps.sh) or set "
                             "COLCHECK_SKIP_BROWSER=1")
        profile = tempfile.mkdtemp(prefix="profile-", dir=self.dir)
        result = subprocess.run(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
             "--no-first-run", "--disable-extensions",
             "--disable-dev-shm-usage", f"--user-data-dir={profile}",
             "--dump-dom", "file://" + os.path.abspath(page)],
            capture_output=True, timeout=120, check=False)
        self.assertEqual(result.returncode, 0, result.stderr[-2000:])
        dom = DomCells()
        dom.feed(result.stdout.decode())
        # Two readers x four cases, each family's table in turn.
        self.assertEqual(len(dom.cells), 8)
        self.assertEqual(dom.cells.count("crash"), 4)
        self.assertLess(dom.ids.index("worst"), dom.ids.index("matrix"))
        if ARGS.artifacts:
            os.makedirs(ARGS.artifacts, exist_ok=True)
            shot = os.path.join(ARGS.artifacts, "conformance_matrix.png")
            subprocess.run(
                [chromium, "--headless=new", "--no-sandbox", "--disable-gpu",
                 "--no-first-run", f"--user-data-dir={profile}",
                 "--window-size=1280,900", f"--screenshot={shot}",
                 "file://" + os.path.abspath(page)],
                capture_output=True, timeout=120, check=False)
            print(f"screenshot: {shot}", file=sys.stderr)


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--artifacts", default="")
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
