"""Tests of fuzz/campaign --reader-cmd (reader_campaign.py).

A fake reader (a Python one-liner) crashes, hangs, rejects or accepts an
input by a marker in its bytes, so every matrix cell is reached on
purpose. The end-to-end test runs fuzz/campaign with the real
parquet_mutate and colcheck named by $PARQUET_MUTATE and $COLCHECK_BIN
(ctest sets both) and is skipped without them.
"""

import json
import os
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.dont_write_bytecode = True
import reader_campaign as rc  # pylint: disable=wrong-import-position

# Exit by the input's content: SIGSEGV on CRASH, sleep on HANG, status 1 on
# BAD, status 0 otherwise.
FAKE_READER = (
    f"{sys.executable} -c \"import os,signal,sys,time; d=open(sys.argv[1],"
    "'rb').read(); (b'CRASH' in d and os.kill(os.getpid(),signal.SIGSEGV)); "
    "(b'HANG' in d and time.sleep(30)); sys.exit(1 if b'BAD' in d else 0)\" "
    "{}")

# A stand-in for colcheck: an input holding INVALID is invalid.
FAKE_COLCHECK = "#!" + sys.executable + """
import json, sys
files = []
for path in sys.argv[4:]:  # validate --format json FILE...
    bad = b"INVALID" in open(path, "rb").read()
    files.append({"path": path, "verdict": "invalid" if bad else "valid",
                  "diagnostics": [{"code": "file.too-small",
                                   "severity": "error"}] if bad else []})
print(json.dumps({"files": files}))
"""


class ClassifyTest(unittest.TestCase):
    def test_exit_statuses(self):
        self.assertEqual(rc.classify(0), "accepts")
        self.assertEqual(rc.classify(1), "rejects")
        self.assertEqual(rc.classify(-11), "crashes")
        self.assertEqual(rc.classify(139), "crashes")
        self.assertEqual(rc.classify(None), "hangs")
        self.assertEqual(rc.signal_name(-11), "SIGSEGV")
        self.assertEqual(rc.signal_name(134), "SIGABRT")
        self.assertIsNone(rc.signal_name(1))

    def test_reader_argv_places_the_input(self):
        self.assertEqual(rc.reader_argv("r --in={} -q", Path("/x y")),
                         ["r", "--in=/x y", "-q"])
        self.assertEqual(rc.reader_argv("r -q", Path("/x")), ["r", "-q", "/x"])


class CampaignTest(unittest.TestCase):
    def setUp(self):
        self.tmp = Path(tempfile.mkdtemp(prefix="reader-campaign-"))
        self.addCleanup(subprocess.run, ["rm", "-rf", str(self.tmp)])
        self.colcheck = self.tmp / "colcheck"
        self.colcheck.write_text(FAKE_COLCHECK)
        self.colcheck.chmod(0o755)

    def inputs(self, contents):
        paths = []
        for i, data in enumerate(contents):
            path = self.tmp / f"in{i}.parquet"
            path.write_bytes(data)
            paths.append(path)
        return paths

    def test_every_cell_of_the_matrix(self):
        paths = self.inputs([b"ok", b"INVALID", b"BAD", b"BAD INVALID",
                             b"CRASH", b"HANG INVALID"])
        report = rc.run_campaign(FAKE_READER, paths, self.colcheck, 2, 60,
                                 None)
        self.assertEqual(report["matrix"], {
            "accepts": {"valid": 1, "invalid": 1},
            "rejects": {"valid": 1, "invalid": 1},
            "crashes": {"valid": 1},
            "hangs": {"invalid": 1}})
        self.assertEqual(report["findings"], 2)
        self.assertEqual(sorted(report["examples"]), [
            "accepts/invalid", "crashes/valid", "hangs/invalid",
            "rejects/valid"])
        crash = report["examples"]["crashes/valid"][0]
        self.assertEqual(crash["signal"], "SIGSEGV")
        self.assertEqual(crash["input"], str(paths[4]))
        self.assertEqual(report["examples"]["accepts/invalid"][0][
            "colcheck_error"], "file.too-small")
        markdown = rc.render_markdown(report)
        self.assertIn("| crashes | 0 | 1 |", markdown)
        self.assertIn("## Reader hangs, colcheck says invalid", markdown)

    def test_time_budget_leaves_inputs(self):
        paths = self.inputs([b"HANG", b"ok", b"ok"])
        report = rc.run_campaign(FAKE_READER, paths, self.colcheck, 1, 0.5,
                                 None)
        self.assertEqual(report["inputs"], 1)
        self.assertEqual(report["skipped"], 2)


@unittest.skipUnless(os.environ.get("COLCHECK_BIN") and
                     os.environ.get("PARQUET_MUTATE"),
                     "needs $COLCHECK_BIN and $PARQUET_MUTATE (ctest)")
class EndToEndTest(unittest.TestCase):
    def test_campaign_against_a_reader(self):
        with tempfile.TemporaryDirectory() as tmp:
            seeds = Path(tmp) / "seeds"
            seeds.mkdir()
            valid = HERE.parent / "corpus" / "valid"
            for name in ("flat_required", "page_base"):
                (seeds / f"{name}.parquet").write_bytes(
                    (valid / f"{name}.parquet").read_bytes())
            out = Path(tmp) / "out"
            # A reader that accepts everything: colcheck's verdicts alone
            # fill the matrix.
            run = subprocess.run(
                [str(HERE / "campaign"), "--reader-cmd", "true {}",
                 "--count", "20", "--corpus", str(seeds),
                 "--colcheck", os.environ["COLCHECK_BIN"],
                 "--mutate", os.environ["PARQUET_MUTATE"], "--out", str(out)],
                capture_output=True, text=True, check=False)
            self.assertEqual(run.returncode, 0, run.stderr)
            report = json.loads((out / "report.json").read_text())
            self.assertEqual(report["inputs"], 22)
            self.assertEqual(report["findings"], 0)
            self.assertEqual(report["matrix"]["accepts"].get("valid", 0) +
                             report["matrix"]["accepts"].get("invalid", 0),
                             22)
            # The seeds are valid and most mutants are not.
            self.assertGreaterEqual(report["matrix"]["accepts"]["valid"], 2)
            self.assertGreater(report["matrix"]["accepts"]["invalid"], 0)
            self.assertTrue(report["examples"]["accepts/invalid"][0][
                "reproduce"].startswith("true "))
            self.assertTrue((out / "report.md").is_file())


if __name__ == "__main__":
    unittest.main()
