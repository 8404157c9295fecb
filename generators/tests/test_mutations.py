"""Every mutation breaks its rule where it says, and colcheck sees it.

The colcheck checks need $COLCHECK_BIN (ctest sets it); without it they
are skipped.
"""

import json
import os
import subprocess
import tempfile
import unittest

from colcheck_gen import mutations, specs, thrift_gen, writer
from colcheck_gen.make_corpus import _overlaps

COLCHECK = os.environ.get("COLCHECK_BIN")


class MutationsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.base = writer.write(specs.build("mutation_base"), cls.t)

    def test_names_are_unique(self):
        names = [m.name for m in mutations.REGISTRY]
        self.assertEqual(len(names), len(set(names)))

    def test_pending_codes_have_mutations(self):
        codes = {m.code for m in mutations.REGISTRY}
        self.assertLessEqual(mutations.PENDING_CODES, codes)

    def test_each_mutation_is_deterministic_and_in_bounds(self):
        for m in mutations.REGISTRY:
            with self.subTest(mutation=m.name):
                data, exp = m.apply(self.base)
                again, exp2 = m.apply(self.base)
                self.assertEqual(data, again)
                self.assertEqual(exp, exp2)
                self.assertEqual(exp["code"], m.code)
                self.assertNotEqual(data, self.base.data)
                self.assertGreaterEqual(exp["offset"], 0)
                self.assertLessEqual(exp["offset"] + exp["length"], len(data))

    @unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
    def test_colcheck_reports_each_active_mutation(self):
        with tempfile.TemporaryDirectory() as tmp:
            paths, cases = [], []
            base_path = os.path.join(tmp, "base.parquet")
            with open(base_path, "wb") as f:
                f.write(self.base.data)
            for m in mutations.active():
                data, exp = m.apply(self.base)
                path = os.path.join(tmp, f"{m.name}.parquet")
                with open(path, "wb") as f:
                    f.write(data)
                paths.append(path)
                cases.append((m, exp))
            result = subprocess.run(
                [COLCHECK, "validate", "--format", "json", base_path] + paths,
                capture_output=True, text=True)
            self.assertIn(result.returncode, (0, 1), result.stderr)
            reports = {os.path.basename(f["path"]): f
                       for f in json.loads(result.stdout)["files"]}
            base = reports["base.parquet"]
            self.assertEqual(base["verdict"], "valid", base["diagnostics"])
            for m, exp in cases:
                with self.subTest(mutation=m.name, code=m.code):
                    report = reports[f"{m.name}.parquet"]
                    hits = [d for d in report["diagnostics"]
                            if d["code"] == exp["code"]]
                    self.assertTrue(
                        any(_overlaps(exp["offset"], exp["length"],
                                      d["offset"], d["length"])
                            for d in hits),
                        f"expected {exp}, got {report['diagnostics']}")


if __name__ == "__main__":
    unittest.main()
