"""Writes the suite: manifest.json and cases/, from the seed."""

import filecmp
import json
import os
import random
import shutil
import tempfile

from colcheck_gen.conformance import (invalid, orc_valid, parquet_nested,
                                      parquet_valid)

SEED = 20261205
VERSION = 1

# y_ cases whose expected rows (computed here from the spec) colcheck's
# `cat` does not print yet, and why. tests/test_conformance.py checks that
# colcheck still disagrees, so an entry goes once colcheck is fixed.
COLCHECK_DISAGREEMENTS = {}


def all_cases(seed=SEED):
    rng = random.Random(seed)
    cases = (parquet_valid.types() + parquet_valid.floats() +
             parquet_valid.encodings(random.Random(rng.randrange(1 << 30))) +
             parquet_valid.codecs() + parquet_nested.pages() +
             parquet_nested.structs() + parquet_nested.lists() +
             parquet_nested.maps() + parquet_valid.implementation_defined() +
             orc_valid.cases(seed) + invalid.parquet_cases() +
             invalid.orc_cases() + invalid.baselines())
    ids = [c.id for c in cases]
    dupes = {i for i in ids if ids.count(i) > 1}
    if dupes:
        raise SystemExit(f"duplicate case ids: {sorted(dupes)}")
    order = {"y": 0, "i": 1, "n": 2}
    return sorted(cases, key=lambda c: (order[c.outcome], c.id))


def manifest(cases, seed=SEED):
    doc = {"suite": "colcheck-conformance", "version": VERSION,
           "seed": seed, "cases": [c.manifest_entry() for c in cases]}
    return json.dumps(doc, indent=1, ensure_ascii=True) + "\n"


def generate(out, seed=SEED):
    """Writes the suite under `out` (cases/ and manifest.json rewritten
    whole). Returns the cases."""
    cases = all_cases(seed)
    case_dir = os.path.join(out, "cases")
    shutil.rmtree(case_dir, ignore_errors=True)
    os.makedirs(case_dir)
    for c in cases:
        with open(os.path.join(case_dir, f"{c.id}.{c.extension}"),
                  "wb") as f:
            f.write(c.data)
        if c.rows is not None:
            with open(os.path.join(case_dir, f"{c.id}.jsonl"), "w",
                      newline="\n") as f:
                f.write("".join(line + "\n" for line in c.rows))
    with open(os.path.join(out, "manifest.json"), "w", newline="\n") as f:
        f.write(manifest(cases, seed))
    return cases


def _files(root):
    out = set()
    if os.path.exists(os.path.join(root, "manifest.json")):
        out.add("manifest.json")
    case_dir = os.path.join(root, "cases")
    if os.path.isdir(case_dir):
        out.update(f"cases/{n}" for n in os.listdir(case_dir))
    return out


def check(committed, seed=SEED):
    """Problems between `committed` and a fresh generation ([] if none)."""
    problems = []
    with tempfile.TemporaryDirectory(prefix="colcheck-conformance-") as tmp:
        generate(tmp, seed)
        fresh, old = _files(tmp), _files(committed)
        problems += [f"missing from {committed}: {r}"
                     for r in sorted(fresh - old)]
        problems += [f"not produced by the generator: {r}"
                     for r in sorted(old - fresh)]
        for rel in sorted(fresh & old):
            if not filecmp.cmp(os.path.join(tmp, rel),
                               os.path.join(committed, rel), shallow=False):
                problems.append(f"{rel}: differs from a fresh generation")
    return problems
