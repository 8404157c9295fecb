"""The ORC Hypothesis strategies: deterministic from a seed, and every
description they draw writes a file that passes every whole-file check of
test_orc_writer (values read back, tail, stripes, stream sums, chunks,
statistics, row-index seeks).

Bounded for CI: $COLCHECK_ORC_EXAMPLES descriptions (default 60) from
$COLCHECK_PROPERTY_SEED (default 20261130)."""

import os
import unittest

from colcheck_gen.orc import strategies as orc_strategies, writer as orc_writer
from colcheck_gen.parquet import strategies
from tests.test_orc_writer import OrcChecks

EXAMPLES = int(os.environ.get("COLCHECK_ORC_EXAMPLES", "60"))
SEED = int(os.environ.get("COLCHECK_PROPERTY_SEED", "20261130"))


class OrcStrategiesTest(OrcChecks):
    @classmethod
    def setUpClass(cls):
        cls.specs = strategies.draw(orc_strategies.orc_specs(), SEED,
                                    EXAMPLES)

    def test_same_seed_same_files(self):
        again = strategies.draw(orc_strategies.orc_specs(), SEED, 10)
        self.assertEqual([orc_writer.write(s).data for s in again],
                         [orc_writer.write(s).data for s in self.specs[:10]])

    def test_every_description_writes_a_valid_file(self):
        for spec in self.specs:
            with self.subTest(spec=orc_strategies.describe(spec)):
                orc = orc_writer.write(spec)
                self.check_file(orc, spec.rows)

    def test_the_draws_cover_the_options(self):
        seen = set()
        for spec in self.specs:
            seen.add(spec.compression)
            seen.add(f"rle{spec.rle_version}")
            seen.add(f"stride{bool(spec.row_index_stride)}")
            seen.add(f"stripes{len(spec.stripe_rows or [])}")
            for col in orc_writer.flatten(spec.schema):
                seen.add(col.type.kind)
        for want in ("NONE", "ZLIB", "ZSTD", "rle1", "rle2", "strideTrue",
                     "stripes2", "STRUCT", "LIST", "DECIMAL", "TIMESTAMP"):
            self.assertIn(want, seen)


if __name__ == "__main__":
    unittest.main()
