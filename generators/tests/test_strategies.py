"""The Hypothesis strategies: deterministic, shrinking, and covering every
kind of leaf, shape and page style the writer knows."""

import math
import random
import unittest

from hypothesis import HealthCheck, find, settings

from colcheck_gen.parquet import strategies, thrift_gen, writer


def leaves(spec):
    return [(path, leaf) for path, leaf in writer.leaf_paths(spec.schema)]


def nodes(schema):
    for node in schema:
        yield node
        yield from nodes(writer.child_nodes(node))


class StrategiesTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()
        cls.specs = strategies.draw(strategies.file_specs(), 1, 400)

    def test_same_seed_same_descriptions(self):
        again = strategies.draw(strategies.file_specs(), 1, 400)
        self.assertEqual([strategies.describe(s) for s in again],
                         [strategies.describe(s) for s in self.specs])
        other = strategies.draw(strategies.file_specs(), 2, 50)
        self.assertNotEqual([strategies.describe(s) for s in other],
                            [strategies.describe(s) for s in self.specs[:50]])

    def test_every_description_writes(self):
        for spec in self.specs[:100]:
            with self.subTest(spec=strategies.describe(spec)):
                self.assertGreater(len(writer.write(spec, self.t).data), 12)

    def test_covers_every_physical_encoding_and_codec(self):
        seen = set()
        for spec in self.specs:
            for path, leaf in leaves(spec):
                style = spec.style(path.split("."))
                seen.add(("encoding", leaf.physical, style.encoding))
                seen.add(("codec", style.codec))
                seen.add(("version", style.version))
        wanted = {("encoding", p, e)
                  for p, encodings in writer.ENCODINGS_BY_PHYSICAL.items()
                  for e in encodings}
        wanted |= {("codec", c) for c in writer.CODECS}
        wanted |= {("version", 1), ("version", 2)}
        self.assertEqual(wanted - seen, set())

    def test_covers_every_shape_and_logical_type(self):
        seen = set()
        for spec in self.specs:
            for node in nodes(spec.schema):
                if isinstance(node, (writer.ListOf, writer.MapOf)):
                    seen.add((type(node).__name__, node.shape))
                elif isinstance(node, writer.Leaf) and node.logical:
                    seen.add(type(node.logical).__name__)
        wanted = {("ListOf", s) for s in writer.LIST_SHAPES}
        wanted |= {("MapOf", s) for s in writer.MAP_SHAPES}
        wanted |= {"String", "Enum", "Json", "Bson", "Uuid", "Float16",
                   "Interval", "Unknown", "Date", "Time", "Timestamp",
                   "Integer", "Decimal"}
        self.assertEqual(wanted - seen, set())

    def test_values_reach_the_edges(self):
        seen = set()
        for spec in self.specs:
            for row in spec.rows:
                for value in row.values():
                    if value is None:
                        seen.add("null")
                    elif isinstance(value, float):
                        if math.isnan(value):
                            seen.add("nan")
                        elif value == 0 and math.copysign(1, value) < 0:
                            seen.add("-0")
                        elif math.isinf(value):
                            seen.add("inf")
                    elif value in ("", b""):
                        seen.add("empty")
                    elif value in (2**31 - 1, -2**31, 2**63 - 1, -2**63):
                        seen.add("extreme")
        self.assertEqual({"null", "nan", "-0", "inf", "empty", "extreme"} -
                         seen, set())

    def test_failures_shrink_to_a_small_case(self):
        # A property that fails on any DOUBLE NaN inside a V2 page: the
        # shrunk case is one column and one row.
        def has_v2_nan(spec):
            for path, leaf in leaves(spec):
                style = spec.style(path.split("."))
                if leaf.physical != "DOUBLE" or style.version != 2:
                    continue
                name = path.split(".")[0]
                if any(isinstance(r.get(name), float) and
                       math.isnan(r[name]) for r in spec.rows):
                    return True
            return False

        smallest = find(strategies.file_specs(), has_v2_nan,
                        settings=settings(
                            max_examples=5000, database=None,
                            suppress_health_check=list(HealthCheck)),
                        random=random.Random(0))
        self.assertEqual(len(smallest.schema), 1, strategies.describe(smallest))
        self.assertEqual(len(smallest.rows), 1, strategies.describe(smallest))
        self.assertIsInstance(smallest.schema[0], writer.Leaf)


if __name__ == "__main__":
    unittest.main()
