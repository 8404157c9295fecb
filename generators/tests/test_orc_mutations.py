"""orc_mutations: each operator breaks one rule and colcheck reports it.

The colcheck checks need $COLCHECK_BIN (ctest sets it); without it they
are skipped. The Hypothesis property draws $COLCHECK_ORC_MUTATION_EXAMPLES
(default 25) random valid specs, each with an operator, from a fixed seed.
COLCHECK_ORC_MUTATION_ALL=1 also applies every operator to every spec of
corpus/orc/valid and of orc_mutations.BASES (about 2000 runs, 1.5 min).
"""

import dataclasses
import os
import subprocess
import tempfile
import unittest

from hypothesis import HealthCheck, assume, given, seed, settings
from hypothesis import strategies as st

from colcheck_gen.common import breakage, colcheck
from colcheck_gen.orc import (corpus as orc_corpus,
                              make_corpus as orc_make_corpus, mutations as om)
from colcheck_gen.orc import strategies as orc_strategies, writer as orc_writer
from colcheck_gen.orc.wire import Msg

COLCHECK = os.environ.get("COLCHECK_BIN")
EXAMPLES = int(os.environ.get("COLCHECK_ORC_MUTATION_EXAMPLES", "25"))
# Every ORC error code has an operator (or is in UNBUILDABLE_CODES).
COVERED_SECTIONS = ("protobuf.", "orc-")


def validate(data):
    with tempfile.NamedTemporaryFile(suffix=".orc") as f:
        f.write(data)
        f.flush()
        return colcheck.validate([f.name])[0]["diagnostics"]


def fmt(diags):
    return "; ".join(f"{d['code']}({d['offset']},{d['length']})"
                     for d in diags) or "none"


class WireModelTest(unittest.TestCase):
    def test_parse_encode_round_trips(self):
        for name in om.BASES:
            orc = om.build_base(name)
            for msg in (orc.postscript, orc.footer, orc.metadata):
                raw = msg.SerializeToString()
                self.assertEqual(Msg.parse(raw).encode()[0], raw)

    def test_assemble_rebuilds_every_file(self):
        files = [om.build_base(n) for n in om.BASES]
        files += [orc_corpus.build(n) for n in orc_corpus.VALID]
        for orc in files:
            self.assertEqual(om.assemble(om.Model.of(orc)).data, orc.data)

    def test_every_operator_applies_to_its_base(self):
        for op in breakage.of(breakage.ORC):
            with self.subTest(op=op.name):
                r = om.mutate(op)
                self.assertIsNotNone(r)
                data, exp = r
                self.assertLessEqual(exp["offset"] + exp["length"],
                                     len(data))

    def test_names_are_unique_per_code(self):
        seen = set()
        for op in breakage.of(breakage.ORC):
            self.assertNotIn((op.code, op.name), seen)
            seen.add((op.code, op.name))

    def test_committed_corpus_is_a_fresh_generation(self):
        self.assertEqual(orc_make_corpus.check(orc_make_corpus.CORPUS), [])


@unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
class ColcheckTest(unittest.TestCase):
    def test_each_operator_is_reported_at_its_exact_span(self):
        """The expected code at exactly the expected spans (the sidecar's
        span and its "also" list) and nowhere else, and no other
        error-severity code."""
        bases = {}
        for op in om.active():
            with self.subTest(code=op.code, op=op.name):
                if op.base not in bases:
                    bases[op.base] = om.build_base(op.base)
                data, exp = op.apply(bases[op.base])
                diags = validate(data)
                hits = {(d["offset"], d["length"]) for d in diags
                        if d["code"] == exp["code"]}
                want = {(exp["offset"], exp["length"])} | {
                    (s["offset"], s["length"]) for s in exp.get("also", [])}
                self.assertEqual(hits, want,
                                 f"expected {exp}, got {fmt(diags)}")
                others = [d for d in diags if d["severity"] == "error" and
                          d["code"] != exp["code"] and
                          d["code"] not in op.also]
                self.assertEqual(others, [], fmt(others))

    def test_every_error_code_of_the_covered_sections_has_an_operator(self):
        r = subprocess.run([COLCHECK, "codes"], capture_output=True,
                           text=True, check=True)
        missing = []
        for line in r.stdout.splitlines():
            parts = line.split()
            if len(parts) < 2 or parts[1] != "error":
                continue
            code = parts[0]
            if not code.startswith(COVERED_SECTIONS):
                continue
            if (code not in breakage.by_code(breakage.ORC) and
                    code not in om.UNBUILDABLE_CODES):
                missing.append(code)
        self.assertEqual(missing, [])


@unittest.skipUnless(COLCHECK and os.environ.get("COLCHECK_ORC_MUTATION_ALL"),
                     "set COLCHECK_ORC_MUTATION_ALL=1 (about 2000 runs)")
class EverySpecTest(unittest.TestCase):
    def test_every_operator_on_every_corpus_and_base_spec(self):
        """Each operator that applies to a spec of corpus/orc/valid or of
        BASES is reported at its exact span, with no unlisted error."""
        import random
        specs = {n: f(random.Random(seed_))
                 for n, (f, seed_, _) in orc_corpus.VALID.items()}
        specs.update({"base_" + n: f() for n, f in om.BASES.items()})
        for op in om.active():
            for name, spec in specs.items():
                orc = orc_writer.write(_adapt(op, spec))
                r = op.apply(orc)
                if r is None:
                    continue
                data, exp = r
                with self.subTest(op=op.name, spec=name):
                    diags = validate(data)
                    self.assertTrue(any(
                        d["code"] == exp["code"] and
                        d["offset"] == exp["offset"] and
                        d["length"] == exp["length"] for d in diags),
                        f"expected {exp}, got {fmt(diags)}")
                    others = [d for d in diags if d["severity"] == "error"
                              and d["code"] != exp["code"] and
                              d["code"] not in op.also]
                    self.assertEqual(others, [], fmt(others))


def _adapt(op, spec):
    """The random spec, changed only as far as the operator needs."""
    if op.plain:
        spec = dataclasses.replace(spec, compression="NONE")
    else:
        base = om.BASES[op.base]()
        spec = dataclasses.replace(spec, compression=base.compression,
                                   block_size=base.block_size)
    if op.base in ("empty", "empty_zlib"):
        spec = dataclasses.replace(spec, rows=[], stripe_rows=None)
    return spec


@unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
class PropertyTest(unittest.TestCase):
    @seed(20261130)
    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.sampled_from(om.active()), orc_strategies.orc_specs(
        max_rows=12))
    def test_random_file_and_operator(self, op, spec):
        orc = orc_writer.write(_adapt(op, spec))
        r = op.apply(orc)
        assume(r is not None)
        data, exp = r
        diags = validate(data)
        lo, hi = exp["offset"], exp["offset"] + exp["length"]
        self.assertTrue(
            any(d["code"] == exp["code"] and d["offset"] <= lo and
                d["offset"] + d["length"] >= hi for d in diags),
            f"{op.code}/{op.name} on {orc_strategies.describe(spec)}: "
            f"expected {exp}, got {fmt(diags)}")


if __name__ == "__main__":
    unittest.main()
