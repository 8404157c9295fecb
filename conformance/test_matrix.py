#!/usr/bin/python3
"""The conformance matrix of the five readers that npm brings (peers/), and
the check of the suite itself.

Runs `colcheck conformance run` with colcheck as a strict reader (validate,
then cat) and DuckDB, Polars, arrow-rs, hyparquet and parquet.js through
their adapters and profiles (conformance/profiles/), then renders the
matrix as JSON and HTML into --out (a CI artifact). It checks the suite,
not the readers:

  - colcheck passes every case: it reads every y_ case to the expected rows
    and rejects every n_ case;
  - every y_ case reads back equal in at least two peers, or in every peer
    whose profile does not exclude it when fewer than two remain, unless
    UNCONFIRMED lists it with the reason no peer can confirm it.

What the peers make of the cases is the finding, printed and kept in
--out; no outcome of theirs fails the test.

In CI (ctest conformance_matrix, the normal build only) the suite is
sampled: the first case of each outcome and rule family and every
SAMPLE_STEP-th after it, so every family is run, with the baselines of the
n_ cases chosen. --full (or COLCHECK_CONFORMANCE_FULL=1) runs every case,
as RESULTS.md was made.

  test_matrix.py --colcheck build/cli/colcheck --out build/conformance/matrix

Exits 77 (skipped) when node or the peers' node_modules are missing.
"""

import argparse
import collections
import json
import os
import shlex
import shutil
import subprocess
import sys
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = ["duckdb", "polars", "arrow-rs", "hyparquet", "parquetjs"]
SAMPLE_STEP = 10
ARGS = None

# y_ cases no peer can confirm, each with why. The generator and colcheck
# agree on them; test_every_valid_case_reads_back_in_two_peers fails once
# two peers do, so an entry goes when a reader is fixed.
UNCONFIRMED = {
    "y_levels.bit-packed-deprecated":
        "DuckDB, Polars, hyparquet and parquet.js reject BIT_PACKED "
        "definition levels (their profiles give the errors) and arrow-rs "
        "reads them to wrong values (the null struct g as {\"x\":null}). "
        "Encodings.md, BIT_PACKED: \"this implementation packs values from "
        "the most significant bit to the least significant bit\"; "
        "colcheck's decoder reads the spec's own example "
        "(validator/parquet/rle_test.cc, SpecExampleMsbFirst)",
    "y_list.two-level_repeated-child":
        "all five peers read `repeated group bag { repeated int32 v }` "
        "under a LIST as a list of lists ([[1,2],[]]), by rule 5, where "
        "LogicalTypes.md's backward-compatibility rule 3 makes the "
        "repeated group the element: \"If the repeated field is a group "
        "with one field with repeated repetition, then its type is the "
        "element type and elements are required.\" colcheck follows rule 3 "
        "(validator/inspect/rows_parquet_test.cc, "
        "RepeatedGroupWithOneRepeatedFieldIsTheElement)",
}


def colcheck(*args, check=True):
    result = subprocess.run([ARGS.colcheck, *args], capture_output=True,
                            text=True, check=False)
    if check and result.returncode not in (0, 1):
        raise AssertionError(f"colcheck {' '.join(args)}: exit "
                             f"{result.returncode}\n{result.stderr}")
    return result


def sample(cases):
    """The ids to run: all with --full, else a sample of every family."""
    if ARGS.full or os.environ.get("COLCHECK_CONFORMANCE_FULL") == "1":
        return [c["id"] for c in cases]
    seen = collections.Counter()
    chosen = []
    for c in cases:
        family = (c["outcome"], c["rule"].split(".")[0])
        if seen[family] % SAMPLE_STEP == 0:
            chosen.append(c["id"])
        seen[family] += 1
    return chosen


class MatrixTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        listing = colcheck("conformance", "list", "--format", "json")
        cls.cases = json.loads(listing.stdout)["suite"]["cases"]
        cls.ids = sample(cls.cases)
        os.makedirs(ARGS.out, exist_ok=True)
        strict = ("sh -c '{0} validate -q \"$1\" && {0} cat -q \"$1\"' sh"
                  .format(shlex.quote(os.path.abspath(ARGS.colcheck))))
        args = ["conformance", "run", "-o", ARGS.out, "-j", str(ARGS.jobs),
                "--timeout", "120", "--case", ",".join(cls.ids),
                "--reader", f"colcheck={strict}"]
        for peer in PEERS:
            args += ["--reader", peer]
        run = colcheck(*args)
        print(run.stdout, file=sys.stderr)
        with open(os.path.join(ARGS.out, "results.json")) as f:
            cls.results = json.load(f)
        page = os.path.join(ARGS.out, "matrix.html")
        colcheck("conformance", "report", "--format", "html", "-o", page,
                 os.path.join(ARGS.out, "results.json"))
        print(f"conformance matrix: {page} ({len(cls.ids)} of "
              f"{len(cls.cases)} cases)", file=sys.stderr)

    def by_reader(self):
        return {r["name"]: {x["case"]: x for x in r["results"]}
                for r in self.results["readers"]}

    def test_colcheck_passes_every_case(self):
        # Cases where colcheck is known wrong, each with its reason; the
        # generators' test_conformance.py fails once one is fixed.
        sys.path.insert(0, os.path.join(ROOT, "generators"))
        from colcheck_gen.conformance.suite import COLCHECK_DISAGREEMENTS
        results = self.by_reader()["colcheck"]
        failed = {case: (r["outcome"], r["detail"], r["difference"])
                  for case, r in results.items() if r["outcome"] != "pass"
                  and case not in COLCHECK_DISAGREEMENTS}
        self.assertEqual(failed, {})

    def test_every_valid_case_reads_back_in_two_peers(self):
        readers = self.by_reader()
        lacking = {}
        for case in self.results["suite"]["cases"]:
            if case["outcome"] != "y":
                continue
            outcomes = {p: readers[p][case["id"]]["outcome"] for p in PEERS}
            eligible = [p for p in PEERS if outcomes[p] != "unsupported"]
            passed = [p for p in eligible if outcomes[p] == "pass"]
            confirmed = len(passed) >= min(2, len(eligible))
            if confirmed == (case["id"] in UNCONFIRMED):
                lacking[case["id"]] = outcomes
        self.assertEqual(lacking, {}, "valid cases that fewer than two "
                         "peers read back equal (the case may be wrong), or "
                         "that UNCONFIRMED lists but two peers now confirm")

    def test_the_matrix_is_written(self):
        run = {c["id"] for c in self.results["suite"]["cases"]}
        baselines = {c["baseline"] for c in self.cases
                     if c["id"] in self.ids and c.get("baseline")}
        self.assertEqual(run, set(self.ids) | baselines)
        self.assertEqual([r["name"] for r in self.results["readers"]],
                         ["colcheck", *PEERS])
        self.assertTrue(os.path.getsize(os.path.join(ARGS.out, "matrix.html")))


def main():
    global ARGS
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--full", action="store_true")
    ARGS, rest = parser.parse_known_args()
    if shutil.which("node") is None or not os.path.isdir(
            os.path.join(ROOT, "peers", "node_modules")):
        print("conformance matrix skipped: node or peers/node_modules is "
              "missing (scripts/install-peers.sh installs them)",
              file=sys.stderr)
        sys.exit(77)
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
