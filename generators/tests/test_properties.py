"""Property tests over generated files (issue 4, deliverable 4).

(a) every generated valid file has no error from `colcheck validate`;
(b) it reads back, in DuckDB and in hyparquet, to the values it was
    written with;
(c) every generic mutation of a generated file is reported with its code
    and a span that overlaps the mutated bytes.

Bounded for CI: $COLCHECK_PROPERTY_EXAMPLES examples per property (default
150). The seed is $COLCHECK_PROPERTY_SEED, else a fresh one; a failure
prints it with the shrunk description (strategies.describe) and keeps the
failing file in $COLCHECK_PROPERTY_OUT (default: a temporary directory,
named in the message). Needs $COLCHECK_BIN (ctest sets it); (b) also
needs node and peers/node_modules (scripts/install-peers.sh), and is
skipped with the reason when they are missing.
"""

import collections
import os
import random
import sys
import tempfile
import unittest

from hypothesis import HealthCheck, given, note, seed, settings
from hypothesis import strategies as st

from colcheck_gen.common import colcheck
from colcheck_gen.parquet import (generic, readback, strategies, thrift_gen,
                                  writer)
from colcheck_gen.parquet.make_corpus import overlaps

COLCHECK = os.environ.get("COLCHECK_BIN")
EXAMPLES = int(os.environ.get("COLCHECK_PROPERTY_EXAMPLES", "150"))
SEED = int(os.environ.get("COLCHECK_PROPERTY_SEED",
                          str(random.SystemRandom().randrange(2**32))))
SETTINGS = settings(
    max_examples=EXAMPLES, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                           HealthCheck.filter_too_much])


def validate(path):
    """colcheck's diagnostics for one file."""
    return colcheck.validate([path])[0]["diagnostics"]


def _brief(diagnostics):
    return "\n".join(f"  {d['code']} {d['severity']} {d['offset']}+"
                     f"{d['length']} {d['field']}: {d['message']}"
                     for d in diagnostics)


@unittest.skipUnless(COLCHECK, "needs $COLCHECK_BIN (run under ctest)")
class PropertiesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.out = os.environ.get("COLCHECK_PROPERTY_OUT") or tempfile.mkdtemp(
            prefix="colcheck-properties-")
        os.makedirs(cls.out, exist_ok=True)

    def _run(self, prop):
        """Runs a Hypothesis property with SEED, naming it on failure."""
        try:
            seed(SEED)(prop)()
        except Exception as e:
            raise AssertionError(
                f"{e}\nreproduce with COLCHECK_PROPERTY_SEED={SEED} "
                f"COLCHECK_PROPERTY_EXAMPLES={EXAMPLES}; failing file in "
                f"{self.out}") from e

    def _write(self, spec, name):
        pq = writer.write(spec, self.t)
        path = os.path.join(self.out, name)
        with open(path, "wb") as f:
            f.write(pq.data)
        return pq, path

    def test_a_valid_files_have_no_errors(self):
        @SETTINGS
        @given(strategies.file_specs())
        def prop(spec):
            note(strategies.describe(spec))
            _, path = self._write(spec, "valid.parquet")
            errors = [d for d in validate(path) if d["severity"] == "error"]
            self.assertEqual(errors, [], "colcheck reports errors on a "
                             f"valid file:\n{_brief(errors)}")
        self._run(prop)

    def test_b_valid_files_read_back(self):
        try:
            readers = readback.Readers()
        except readback.ReadersUnavailable as e:
            self.skipTest(str(e))
        self.addCleanup(readers.close)

        compared = collections.Counter()  # (reader, "files"|"columns")
        skipped = collections.Counter()  # (reader, why)

        @SETTINGS
        @given(strategies.file_specs())
        def prop(spec):
            note(strategies.describe(spec))
            _, path = self._write(spec, "readback.parquet")
            for reader, problems, left_out in readers.compare(spec, path):
                self.assertEqual(
                    problems, [], f"{reader} reads other values:\n" +
                    "\n".join(f"  {where}: wrote {e!r}, read {a!r}"
                              for where, e, a in problems[:10]))
                read = len(spec.schema) - len(left_out)
                compared[reader, "files"] += read > 0
                compared[reader, "columns"] += read
                skipped.update((reader, why) for why in left_out.values())
        self._run(prop)
        # The evidence, in the test log: how much each reader compared and
        # what it could not read.
        for reader in readback.READERS:
            print(f"\n{reader}: {compared[reader, 'files']} files, "
                  f"{compared[reader, 'columns']} top-level columns read "
                  "back equal", file=sys.stderr)
        for (reader, why), n in skipped.most_common():
            print(f"  {reader} skipped {n} columns: {why}", file=sys.stderr)

    def test_c_mutations_are_reported(self):
        @SETTINGS
        @given(strategies.file_specs(), st.integers(0, 2**32 - 1))
        def prop(spec, mutation_seed):
            note(strategies.describe(spec))
            pq = writer.write(spec, self.t)
            mutation, data, expected = generic.mutate(
                pq, random.Random(mutation_seed))
            note(f"mutation {mutation.name}: {mutation.description}; "
                 f"expects {expected}")
            path = os.path.join(self.out, "mutated.parquet")
            with open(path, "wb") as f:
                f.write(data)
            diagnostics = validate(path)
            hits = [d for d in diagnostics if d["code"] == expected["code"]
                    and overlaps(d["offset"], d["length"],
                                  expected["offset"], expected["length"])]
            self.assertTrue(hits, f"{mutation.name}: no {expected['code']} "
                            f"overlapping {expected['offset']}+"
                            f"{expected['length']}; colcheck says:\n"
                            f"{_brief(diagnostics)}")
        self._run(prop)


if __name__ == "__main__":
    unittest.main()
