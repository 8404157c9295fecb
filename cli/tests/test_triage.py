"""Acceptance test: triage groups a directory of mutated files correctly.

Builds a directory with the project's generators: several generic mutation
operators (generators/colcheck_gen/parquet/generic.py), each applied to several
drawn valid files of different sizes, plus a few valid files, under
shuffled names so that no group is contiguous in input order. Then runs
`colcheck triage DIR -o OUT` and checks triage.json against two independent
expectations:

* the partition by operator: the files of one operator form exactly one
  group, whose code is the operator's code;
* the grouping recomputed here from `colcheck validate --format json`: the
  first error of each file, its field with array indices stripped, groups
  sorted by count then signature, members in input order, and the smallest
  file (ties: the smaller path) as the representative, with its full
  diagnostics.

  PYTHONPATH=generators /usr/bin/python3 cli/tests/test_triage.py \
      --colcheck build/cli/colcheck
"""

import argparse
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import unittest

from colcheck_gen.common import breakage, codes
from colcheck_gen.parquet import generic, strategies, thrift_gen, writer

ARGS = None

# Operators whose code is an error and whose first error in the file is the
# broken rule itself, whatever the drawn file: footer faults that no page
# check precedes.
# Each with the number of drawn valid files it breaks; the counts differ so
# that the order of the groups is tested, not only their contents.
OPERATORS = {
    "trailing_magic_byte": 3,        # file.bad-trailing-magic
    "shorter_than_12_bytes": 5,      # file.too-small (no magic left at all)
    "footer_length_beyond_file": 2,  # file.footer-length-out-of-bounds
    "file_num_rows_off": 3,          # metadata.num-rows-mismatch
    "codec_undefined": 4,            # metadata.invalid-codec, in any column
    "chunk_type_differs": 5,         # metadata.type-mismatch, in any column
}
BASES = max(OPERATORS.values())
VALID = 2  # Unbroken files, for the no_error list.


def strip_indices(field):
    return re.sub(r"\[\d+\]", "[]", field)


def build_directory(root):
    """Writes the files; returns {path: operator name or None}."""
    ttypes = thrift_gen.load()
    bases = [writer.write(spec, ttypes)
             for spec in strategies.draw(strategies.file_specs(), 23, 12)]
    bases = bases[:BASES + VALID]
    operators = {m.name: m for m in breakage.of(breakage.GENERIC)}
    severity = codes.severities()
    cases = []
    for name, count in OPERATORS.items():
        operator = operators[name]
        assert severity[operator.code] == "error", name
        for i, pq in enumerate(bases[:count]):
            broken = operator.apply(pq, random.Random(f"{name}:{i}"))
            assert broken is not None, (name, i)
            cases.append((name, broken[0]))
    for pq in bases[BASES:]:
        cases.append((None, pq.data))
    random.Random(5).shuffle(cases)
    origin = {}
    os.makedirs(os.path.join(root, "sub"))
    for k, (name, data) in enumerate(cases):
        # Some in a subdirectory, none with a .parquet name: the walk must
        # take every regular file.
        path = os.path.join(root, "sub" if k % 3 == 0 else "",
                            f"finding-{k:03d}")
        with open(path, "wb") as f:
            f.write(data)
        origin[path] = name
    return origin


def walk_order(root):
    """The order of `colcheck triage`'s walk: entries sorted bytewise in
    each directory, depth first."""
    out = []
    for entry in sorted(os.listdir(root)):
        path = os.path.join(root, entry)
        if os.path.isdir(path):
            out.extend(walk_order(path))
        else:
            out.append(path)
    return out


def expected_groups(files):
    """Groups from the validate JSON entries, as triage must make them."""
    groups = {}
    no_error = []
    for entry in files:
        first = next((d for d in entry["diagnostics"]
                      if d["severity"] == "error"), None)
        if first is None:
            no_error.append({"path": entry["path"],
                             "verdict": entry["verdict"]})
            continue
        key = (first["code"], strip_indices(first["field"]))
        groups.setdefault(key, []).append(entry)
    out = []
    for (code, field), members in groups.items():
        smallest = min(members, key=lambda e: (e["size"],
                                               e["path"].encode()))
        out.append({
            "code": code, "field": field, "count": len(members),
            "representative": {
                "path": smallest["path"], "size": smallest["size"],
                "verdict": smallest["verdict"],
                "diagnostics": smallest["diagnostics"]},
            "files": [e["path"] for e in members]})
    out.sort(key=lambda g: (-g["count"], g["code"], g["field"]))
    return out, no_error


class TriageTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.TemporaryDirectory()
        cls.root = os.path.join(cls.tmp.name, "findings")
        cls.origin = build_directory(cls.root)
        cls.out = os.path.join(cls.tmp.name, "out", "deeper")
        cls.result = subprocess.run(
            [ARGS.colcheck, "triage", "-j", "2", cls.root, "-o", cls.out],
            capture_output=True)
        with open(os.path.join(cls.out, "triage.json"), "rb") as f:
            cls.raw = f.read()
        cls.triage = json.loads(cls.raw)
        with open(os.path.join(cls.out, "triage.md"), encoding="utf-8") as f:
            cls.markdown = f.read()

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_exit_status_and_summary(self):
        self.assertEqual(self.result.returncode, 0, self.result.stderr)
        self.assertEqual(self.result.stderr, b"")
        summary = self.result.stdout.decode()
        self.assertIn(f"{len(OPERATORS)} groups", summary)
        self.assertIn(os.path.join(self.out, "triage.md"), summary)

    def test_groups_follow_the_operators(self):
        self.assertEqual(self.triage["tool"], "colcheck")
        self.assertEqual(self.triage["files"], len(self.origin))
        operators = {m.name: m for m in breakage.of(breakage.GENERIC)}
        by_operator = {}
        for path, name in self.origin.items():
            if name is not None:
                by_operator.setdefault(name, set()).add(path)
        groups = self.triage["groups"]
        self.assertEqual(len(groups), len(OPERATORS))
        counts = [g["count"] for g in groups]
        self.assertEqual(counts, sorted(counts, reverse=True))
        for group in groups:
            members = set(group["files"])
            self.assertEqual(len(members), group["count"])
            # Exactly the files of one operator, with its code.
            names = {self.origin[path] for path in members}
            self.assertEqual(len(names), 1, group)
            name = names.pop()
            self.assertEqual(members, by_operator[name])
            self.assertEqual(group["code"], operators[name].code)
            self.assertNotRegex(group["field"], r"\[\d")
            sizes = {path: os.path.getsize(path) for path in members}
            smallest = min(members, key=lambda p: (sizes[p], p.encode()))
            self.assertEqual(group["representative"]["path"], smallest)
            self.assertEqual(group["representative"]["size"],
                             sizes[smallest])
        self.assertEqual(
            sorted(e["path"] for e in self.triage["no_error"]),
            sorted(p for p, n in self.origin.items() if n is None))
        self.assertEqual(self.triage["unreadable"], [])

    def test_groups_match_validate_json(self):
        order = walk_order(self.root)
        validate = subprocess.run(
            [ARGS.colcheck, "validate", "--format", "json", *order],
            capture_output=True)
        files = json.loads(validate.stdout)["files"]
        self.assertEqual([e["path"] for e in files], order)
        groups, no_error = expected_groups(files)
        self.assertEqual(self.triage["groups"], groups)
        self.assertEqual(self.triage["no_error"], no_error)
        # The codec and type faults lie in some column: their fields keep
        # the path with the indices gone.
        fields = {g["code"]: g["field"] for g in groups}
        self.assertEqual(fields["metadata.invalid-codec"],
                         "row_groups[].columns[].meta_data.codec")

    def test_markdown_names_every_group(self):
        self.assertIn("| Group | Code | Field | Files | Representative |",
                      self.markdown)
        for number, group in enumerate(self.triage["groups"], 1):
            escaped_field = re.sub(r"([\\`*_\[\]<>|~&])", r"\\\1",
                                   group["field"]) or "(the file)"
            row = (f"| {number} | `{group['code']}` | {escaped_field} | "
                   f"{group['count']} | ")
            self.assertIn(row, self.markdown)
            self.assertIn(f"\n## {number}. `{group['code']}`", self.markdown)
            self.assertIn("colcheck validate --context "
                          f"{group['representative']['path']}\n",
                          self.markdown)

    def test_same_bytes_with_one_thread(self):
        out = os.path.join(self.tmp.name, "one")
        result = subprocess.run(
            [ARGS.colcheck, "triage", "-j", "1", self.root, "--output", out],
            capture_output=True)
        self.assertEqual(result.returncode, 0)
        with open(os.path.join(out, "triage.json"), "rb") as f:
            self.assertEqual(f.read(), self.raw)

    def test_unreadable_files_are_listed_and_exit_2(self):
        out = os.path.join(self.tmp.name, "unreadable")
        result = subprocess.run(
            [ARGS.colcheck, "triage", "/dev/null",
             os.path.join(self.tmp.name, "missing"), "-o", out],
            capture_output=True)
        self.assertEqual(result.returncode, 2)
        with open(os.path.join(out, "triage.json"), encoding="ascii") as f:
            triage = json.load(f)
        self.assertEqual(
            sorted(e["path"] for e in triage["unreadable"]),
            sorted(["/dev/null", os.path.join(self.tmp.name, "missing")]))
        self.assertEqual(triage["groups"], [])
        self.assertEqual(triage["files"], 2)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
