"""python3 -m colcheck_gen writes what its manifest says, the same for the
same seed, and colcheck agrees with every verdict."""

import contextlib
import io
import json
import os
import tempfile
import unittest

from colcheck_gen.common import colcheck
from colcheck_gen import __main__ as cli
from colcheck_gen.parquet.make_corpus import overlaps

COLCHECK = os.environ.get("COLCHECK_BIN")


def run(*args):
    with contextlib.redirect_stdout(io.StringIO()):
        return cli.main(list(args))


def manifest(out):
    with open(os.path.join(out, "manifest.jsonl")) as f:
        return [json.loads(line) for line in f]


class CliTest(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def out(self, name):
        return os.path.join(self.tmp.name, name)

    def test_manifest_lists_every_file_written(self):
        out = self.out("both")
        self.assertEqual(run("--seed", "3", "--count", "6", "--out", out), 0)
        entries = manifest(out)
        self.assertEqual(sorted(e["file"] for e in entries),
                         sorted(f for f in os.listdir(out)
                                if f.endswith(".parquet")))
        verdicts = [e["verdict"] for e in entries]
        self.assertEqual(verdicts.count("valid"), 6)
        self.assertEqual(verdicts.count("invalid"), 6)
        for e in entries:
            self.assertEqual(e["expected"] == [], e["verdict"] == "valid")

    def test_same_seed_same_files(self):
        for name in ("a", "b"):
            run("--seed", "11", "--count", "4", "--out", self.out(name))
        for f in os.listdir(self.out("a")):
            with open(os.path.join(self.out("a"), f), "rb") as x, \
                    open(os.path.join(self.out("b"), f), "rb") as y:
                self.assertEqual(x.read(), y.read(), f)
        run("--seed", "12", "--count", "4", "--out", self.out("c"))
        self.assertNotEqual(manifest(self.out("a")), manifest(self.out("c")))

    def test_kind_and_size_limits(self):
        out = self.out("valid")
        run("--seed", "5", "--count", "5", "--valid", "--max-bytes", "4000",
            "--out", out)
        entries = manifest(out)
        self.assertEqual({e["verdict"] for e in entries}, {"valid"})
        for e in entries:
            self.assertLessEqual(os.path.getsize(os.path.join(out, e["file"])),
                                 4000)
        run("--seed", "5", "--count", "3", "--invalid", "--out",
            self.out("invalid"))
        self.assertEqual({e["verdict"] for e in manifest(self.out("invalid"))},
                         {"invalid"})

    def test_bad_arguments_are_usage_errors(self):
        for args in (["--count", "-1", "--out", self.out("x")],
                     ["--count", "1"],
                     ["--valid", "--invalid", "--out", self.out("x")]):
            with self.subTest(args=args), \
                    contextlib.redirect_stderr(io.StringIO()), \
                    self.assertRaises(SystemExit) as e:
                run(*args)
            self.assertEqual(e.exception.code, 2)

    @unittest.skipUnless(COLCHECK, "needs $COLCHECK_BIN (run under ctest)")
    def test_colcheck_agrees_with_the_manifest(self):
        out = self.out("check")
        run("--seed", "21", "--count", "15", "--out", out)
        entries = manifest(out)
        reports = {os.path.basename(r["path"]): r
                   for r in colcheck.validate(
                       [os.path.join(out, e["file"]) for e in entries])}
        for e in entries:
            report = reports[e["file"]]
            diagnostics = report["diagnostics"]
            with self.subTest(file=e["file"], mutation=e.get("mutation")):
                self.assertEqual(report["verdict"], e["verdict"], diagnostics)
                for x in e["expected"]:
                    self.assertTrue(any(
                        d["code"] == x["code"] and overlaps(
                            d["offset"], d["length"], x["offset"],
                            x["length"]) for d in diagnostics), diagnostics)


if __name__ == "__main__":
    unittest.main()
