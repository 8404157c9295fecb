"""The breakage registry: one record per operator of the three families,
whose code is given once, at registration, and added by apply()."""

import random
import unittest

from colcheck_gen.common import breakage, codes
from colcheck_gen.common.span import Span


class BreakageTest(unittest.TestCase):
    def test_apply_adds_the_registered_code_to_the_span(self):
        b = breakage.Breakage(breakage.PARQUET, "cut", "file.too-small",
                              "", lambda data: (data[:3], Span(0, 3)))
        self.assertEqual(b.apply(b"PAR1xxxx"),
                         (b"PAR", {"code": "file.too-small", "offset": 0,
                                   "length": 3}))

    def test_apply_passes_none_through(self):
        b = breakage.Breakage(breakage.ORC, "n", "orc-tail.too-small", "",
                              lambda data: None)
        self.assertIsNone(b.apply(b"ORC"))

    def test_generic_apply_breaks_a_target_chosen_by_the_rng(self):
        seen = []
        b = breakage.Breakage(
            breakage.GENERIC, "g", "file.too-small", "",
            lambda data, rng, t: (seen.append(t) or data[:t], Span(0, t)),
            targets=lambda data: [1, 2, 3])
        data, exp = b.apply(b"PAR1PAR1", random.Random(5))
        self.assertEqual(len(data), seen[0])
        self.assertEqual(exp["length"], seen[0])
        none = breakage.Breakage(
            breakage.GENERIC, "g", "file.too-small", "",
            lambda data, rng, t: self.fail("no target to break"),
            targets=lambda data: [])
        self.assertIsNone(none.apply(b"", random.Random(5)))

    def test_every_family_registers_and_names_are_unique_per_code(self):
        for family in (breakage.PARQUET, breakage.GENERIC, breakage.ORC):
            with self.subTest(family=family):
                found = breakage.of(family)
                self.assertTrue(found)
                keys = [(b.code, b.name) for b in found]
                self.assertEqual(len(keys), len(set(keys)))

    def test_every_code_is_registered_in_codes_def(self):
        severities = codes.severities()
        for b in breakage.REGISTRY:
            with self.subTest(family=b.family, name=b.name):
                self.assertIn(b.code, severities)
                self.assertEqual(b.severity, severities[b.code])

    def test_by_code_groups_a_family(self):
        groups = breakage.by_code(breakage.ORC)
        self.assertEqual(sum(len(v) for v in groups.values()),
                         len(breakage.of(breakage.ORC)))
        for code, members in groups.items():
            self.assertTrue(all(b.code == code for b in members))


if __name__ == "__main__":
    unittest.main()
