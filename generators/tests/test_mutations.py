"""Every mutation breaks its rule where it says, and colcheck sees it.

The colcheck checks need $COLCHECK_BIN (ctest sets it); without it they
are skipped.
"""

import json
import os
import subprocess
import tempfile
import unittest

from colcheck_gen.common import breakage, colcheck
from colcheck_gen.parquet import mutations, specs, thrift_gen, writer
from colcheck_gen.parquet.make_corpus import overlaps

COLCHECK = os.environ.get("COLCHECK_BIN")


# The page-level codes every one of which needs an operator (the page walk,
# codecs, levels, encodings, values, statistics against the data, page
# index and bloom filters).
PAGE_CODES = {
    "page.out-of-chunk", "page.negative-size", "page.missing-type-header",
    "page.negative-count", "page.chunk-compressed-size",
    "page.chunk-uncompressed-size", "page.num-values-mismatch",
    "page.data-page-offset", "page.dictionary-page-offset",
    "page.duplicate-dictionary", "page.dictionary-not-first",
    "page.missing-dictionary", "page.dictionary-encoding",
    "page.v2-level-lengths", "page.v2-num-nulls", "page.v2-num-rows",
    "page.crc-mismatch", "compression.corrupt", "compression.size-mismatch",
    "levels.invalid-encoding", "levels.truncated", "levels.trailing-bytes",
    "levels.exceeds-max", "levels.first-rep-not-zero",
    "levels.row-count-mismatch", "encoding.unknown",
    "encoding.invalid-for-type", "encoding.truncated",
    "encoding.trailing-bytes", "encoding.dictionary-bit-width",
    "encoding.dictionary-index-out-of-range",
    "encoding.byte-stream-split-size", "encoding.delta-block-size",
    "encoding.delta-miniblocks", "encoding.delta-bit-width",
    "encoding.delta-value-range", "encoding.value-count-mismatch",
    "encoding.negative-length", "encoding.delta-prefix-too-long",
    "encoding.flba-length", "value.decimal-length", "value.invalid-utf8",
    "value.decimal-out-of-range", "value.integer-out-of-range",
    "value.time-out-of-range", "stats.value-below-min",
    "stats.value-above-max", "stats.null-count-mismatch",
    "stats.bounds-without-values", "stats.size-statistics-mismatch",
    "limits.page-size",
    "page-index.length-mismatch", "page-index.location-count",
    "page-index.location-offset", "page-index.location-size",
    "page-index.first-row-index", "page-index.list-length",
    "page-index.null-pages", "page-index.boundary-order",
    "page-index.bounds", "page-index.null-counts", "page-index.nan-counts",
    "page-index.histogram",
    "bloom.false-negative", "bloom.length-mismatch", "bloom.num-bytes",
    "bloom.out-of-bounds", "bloom.not-power-of-two", "bloom.unsupported",
}


# Issue 4: the share of the registry's error codes that must have an
# operator.
ERROR_COVERAGE = 0.8


class MutationsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.bases = {name: writer.write(specs.build(name), cls.t)
                     for name in sorted({m.base for m in
                                         breakage.of(breakage.PARQUET)})}
        cls.base = cls.bases["mutation_base"]

    def test_names_are_unique(self):
        names = [m.name for m in breakage.of(breakage.PARQUET)]
        self.assertEqual(len(names), len(set(names)))

    def test_pending_codes_have_mutations(self):
        codes = {m.code for m in breakage.of(breakage.PARQUET)}
        self.assertLessEqual(mutations.PENDING_CODES, codes)

    def test_page_codes_have_operators(self):
        codes = {m.code for m in breakage.of(breakage.PARQUET)
                 if m.base == "page_base"}
        self.assertEqual(PAGE_CODES - codes, set())

    def test_bases_are_valid_strategies(self):
        for m in breakage.of(breakage.PARQUET):
            self.assertIn(m.base, specs.VALID, m.name)

    def test_each_mutation_is_deterministic_and_in_bounds(self):
        for m in breakage.of(breakage.PARQUET):
            with self.subTest(mutation=m.name):
                base = self.bases[m.base]
                data, exp = m.apply(base)
                again, exp2 = m.apply(base)
                self.assertEqual(data, again)
                self.assertEqual(exp, exp2)
                self.assertNotEqual(data, base.data)
                self.assertGreaterEqual(exp["offset"], 0)
                self.assertLessEqual(exp["offset"] + exp["length"], len(data))

    def test_page_mutations_leave_the_model_alone(self):
        base = self.bases["page_base"]
        before = writer.layout(base.model, self.t).data
        for m in breakage.of(breakage.PARQUET):
            if m.base == "page_base":
                m.apply(base)
        self.assertEqual(writer.layout(base.model, self.t).data, before)
        self.assertEqual(before, base.data)

    def test_unbuildable_codes_have_no_operator(self):
        codes = {m.code for m in breakage.of(breakage.PARQUET)}
        self.assertEqual(set(mutations.UNBUILDABLE_CODES) & codes, set())

    @unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
    def test_error_codes_have_operators(self):
        result = subprocess.run([COLCHECK, "codes", "--format", "json"],
                                capture_output=True, text=True, check=True)
        # Parquet's codes; test_orc_mutations.py covers protobuf.* and orc-*.
        codes = json.loads(result.stdout)["codes"]
        errors = {c["code"] for c in codes
                  if c["severity"] == "error"
                  and not c["code"].startswith(("orc-", "protobuf."))}
        # Since limits.* became infos (colcheck's limits are not the
        # file's fault), the unbuildable codes need only exist.
        self.assertLessEqual(set(mutations.UNBUILDABLE_CODES),
                             {c["code"] for c in codes})
        uncovered = errors - {m.code for m in breakage.of(breakage.PARQUET)}
        share = 1 - len(uncovered) / len(errors)
        why = {c: mutations.UNBUILDABLE_CODES.get(c, "no operator yet")
               for c in sorted(uncovered)}
        print(f"\n{len(errors) - len(uncovered)} of {len(errors)} error codes "
              f"({share:.0%}) have an operator; uncovered: {why}")
        self.assertGreaterEqual(share, ERROR_COVERAGE, why)

    @unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
    def test_colcheck_reports_each_active_mutation(self):
        with tempfile.TemporaryDirectory() as tmp:
            paths, cases, base_paths = [], [], []
            for name, base in self.bases.items():
                base_paths.append(os.path.join(tmp, f"base_{name}.parquet"))
                with open(base_paths[-1], "wb") as f:
                    f.write(base.data)
            for m in mutations.active():
                data, exp = m.apply(self.bases[m.base])
                path = os.path.join(tmp, f"{m.name}.parquet")
                with open(path, "wb") as f:
                    f.write(data)
                paths.append(path)
                cases.append((m, exp))
            reports = {os.path.basename(f["path"]): f
                       for f in colcheck.validate(base_paths + paths)}
            for path in base_paths:
                base = reports[os.path.basename(path)]
                self.assertEqual(base["verdict"], "valid", base["diagnostics"])
            for m, exp in cases:
                with self.subTest(mutation=m.name, code=m.code):
                    report = reports[f"{m.name}.parquet"]
                    hits = [d for d in report["diagnostics"]
                            if d["code"] == exp["code"]]
                    self.assertTrue(
                        any(overlaps(exp["offset"], exp["length"],
                                      d["offset"], d["length"])
                            for d in hits),
                        f"expected {exp}, got {report['diagnostics']}")


if __name__ == "__main__":
    unittest.main()
