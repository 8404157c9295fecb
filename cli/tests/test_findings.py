"""`colcheck validate` findings control: flags, .colcheck.yaml, baselines.

Covers --select, --ignore, --severity and --strict on real files, the config
file (found upward from the working directory, --config, --no-config, a
per-path rule, errors that name the file and line), the baseline round trip
(write, suppress, a new finding still fails, a moved file still matches) and
the per-code summary in text and JSON.

  /usr/bin/python3 cli/tests/test_findings.py \\
      --colcheck build/cli/colcheck --source .
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None
JUNK = b"this is not a columnar file \x01\x02 at all, only junk\n"


def run(*args, cwd=None):
    return subprocess.run([ARGS.colcheck, *args], capture_output=True,
                          cwd=cwd)


def codes(result):
    """(path name, code, severity) of every diagnostic of a JSON run."""
    document = json.loads(result.stdout)
    return sorted((pathlib.Path(f["path"]).name, d["code"], d["severity"])
                  for f in document["files"] for d in f["diagnostics"])


class FindingsTest(unittest.TestCase):
    def setUp(self):
        source = pathlib.Path(ARGS.source)
        # One warning (map.legacy-structure) and nothing else.
        self.warning_file = source / "corpus" / "valid" / "maps.parquet"
        if not self.warning_file.is_file():
            self.skipTest("corpus/valid/maps.parquet missing")
        self.tmp = pathlib.Path(tempfile.mkdtemp(prefix="colcheck_findings_"))
        self.addCleanup(shutil.rmtree, self.tmp)
        self.data = self.tmp / "data"
        (self.data / "legacy").mkdir(parents=True)
        shutil.copy(self.warning_file, self.data / "maps.parquet")
        # Junk named .parquet: file.unrecognized-format, an error.
        (self.data / "junk.parquet").write_bytes(JUNK)
        (self.data / "legacy" / "old.parquet").write_bytes(JUNK)

    def validate(self, *args, cwd=None):
        return run("validate", "--format", "json", *args, cwd=cwd or self.tmp)

    # --- flags -------------------------------------------------------------

    def test_default(self):
        result = self.validate("data")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(codes(result), [
            ("junk.parquet", "file.unrecognized-format", "error"),
            ("maps.parquet", "map.legacy-structure", "warning"),
            ("old.parquet", "file.unrecognized-format", "error"),
        ])

    def test_ignore_drops_and_passes(self):
        result = self.validate("--ignore", "file.unrecognized-format", "data")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(codes(result), [
            ("maps.parquet", "map.legacy-structure", "warning")])
        verdicts = {pathlib.Path(f["path"]).name: f["verdict"]
                    for f in json.loads(result.stdout)["files"]}
        self.assertEqual(verdicts["junk.parquet"], "valid")
        # Comma-separated, and groups.
        both = self.validate("--ignore=file.*,map", "data")
        self.assertEqual(both.returncode, 0)
        self.assertEqual(codes(both), [])

    def test_select_reports_only_those(self):
        result = self.validate("--select", "map.legacy-structure", "data")
        self.assertEqual(result.returncode, 0)
        self.assertEqual(codes(result), [
            ("maps.parquet", "map.legacy-structure", "warning")])
        union = self.validate("--select", "map", "--select", "file.*", "data")
        self.assertEqual(len(codes(union)), 3)

    def test_severity_override(self):
        result = self.validate("--severity", "map.legacy-structure=error",
                               "--severity=file=info", "data")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(codes(result), [
            ("junk.parquet", "file.unrecognized-format", "info"),
            ("maps.parquet", "map.legacy-structure", "error"),
            ("old.parquet", "file.unrecognized-format", "info"),
        ])

    def test_strict(self):
        plain = self.validate(str(self.warning_file))
        self.assertEqual(plain.returncode, 0)
        strict = self.validate("--strict", str(self.warning_file))
        self.assertEqual(strict.returncode, 1)
        self.assertEqual(codes(strict), [
            ("maps.parquet", "map.legacy-structure", "error")])
        self.assertEqual(json.loads(strict.stdout)["files"][0]["verdict"],
                         "invalid")
        # An explicit severity wins over --strict.
        kept = self.validate("--strict", "--severity",
                             "map.legacy-structure=warning",
                             str(self.warning_file))
        self.assertEqual(kept.returncode, 0)

    def test_unknown_codes_are_usage_errors(self):
        for flag in (["--ignore", "map.nope"], ["--select", "nogroup.*"],
                     ["--severity", "nogroup=error"],
                     ["--severity", "map=fatal"]):
            with self.subTest(flag=flag):
                result = run("validate", *flag, "data", cwd=self.tmp)
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, b"")
                self.assertIn(flag[1].split("=")[0].encode(), result.stderr)

    def test_triage_takes_the_policy(self):
        out = self.tmp / "triage"
        result = run("triage", "--ignore", "file.unrecognized-format",
                     "-o", str(out), "data", cwd=self.tmp)
        self.assertEqual(result.returncode, 0, result.stderr)
        triage = json.loads((out / "triage.json").read_text())
        self.assertEqual(triage["groups"], [])

    # --- summary -----------------------------------------------------------

    def test_summary_json_and_text(self):
        result = self.validate("data")
        document = json.loads(result.stdout)
        self.assertEqual(list(document)[:3], ["tool", "version", "files"])
        summary = document["summary"]
        self.assertEqual(summary["files"], 3)
        self.assertEqual(summary["findings"], 3)
        self.assertEqual(summary["suppressed"], 0)
        self.assertEqual(summary["codes"], [
            {"code": "file.unrecognized-format", "severity": "error",
             "findings": 2, "files": 2},
            {"code": "map.legacy-structure", "severity": "warning",
             "findings": 1, "files": 1},
        ])
        text = run("validate", "data", cwd=self.tmp).stdout.decode()
        table = text[text.index("findings by code"):].splitlines()
        self.assertEqual(table[0], "findings by code (3 findings in 3 of "
                                   "3 files):")
        self.assertEqual(table[2].split(),
                         ["file.unrecognized-format", "error", "2", "2"])
        self.assertEqual(table[3].split(),
                         ["map.legacy-structure", "warning", "1", "1"])
        # One file: its findings are the whole story, no table.
        single = run("validate", str(self.warning_file)).stdout.decode()
        self.assertNotIn("findings by code", single)

    # --- config file -------------------------------------------------------

    def write_config(self, directory, text):
        path = pathlib.Path(directory) / ".colcheck.yaml"
        path.write_text(text)
        return path

    def test_config_found_upward(self):
        self.write_config(self.tmp, "ignore: [file.unrecognized-format]\n"
                                    "fail-on: warning\n")
        result = self.validate(".", cwd=self.data / "legacy")
        # fail-on: warning from the config; legacy/ holds only junk, ignored.
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertEqual(codes(result), [])
        result = self.validate("..", cwd=self.data / "legacy")
        self.assertEqual(result.returncode, 1)  # The warning fails now.
        # Flags win over the config.
        result = self.validate("--fail-on", "error", "..",
                               cwd=self.data / "legacy")
        self.assertEqual(result.returncode, 0)
        # --no-config reads none.
        result = self.validate("--no-config", "..", cwd=self.data / "legacy")
        self.assertEqual(len(codes(result)), 3)

    def test_explicit_config_and_per_path_rule(self):
        config = self.tmp / "elsewhere" / "rules.yaml"
        config.parent.mkdir()
        config.write_text(
            "strict: true\n"
            "rules:\n"
            "  - paths: ['../data/legacy/**']\n"  # Outside: never matches.
            "    ignore: file\n")
        # Globs are relative to the config's directory, so the rule above
        # matches nothing, and strict applies.
        result = self.validate("--config", str(config), "data")
        self.assertIn(("maps.parquet", "map.legacy-structure", "error"),
                      codes(result))
        self.assertEqual(len(codes(result)), 3)
        self.write_config(self.tmp, (
            "rules:\n"
            "  - paths: ['data/legacy/**']\n"
            "    ignore: file.unrecognized-format\n"
            "  - paths: '*.parquet'\n"
            "    severity: {map.legacy-structure: info}\n"
            "  - paths: maps.parquet\n"
            "    severity: {map: error}\n"))
        result = self.validate("data")
        self.assertEqual(codes(result), [
            ("junk.parquet", "file.unrecognized-format", "error"),
            ("maps.parquet", "map.legacy-structure", "error"),  # Later wins.
        ])

    def test_bad_config_names_file_and_line(self):
        cases = {
            "strict: true\nignores: [stats]\n": ":2: unknown key 'ignores'",
            "ignore:\n  - stats.nope\n": ":2: unknown code 'stats.nope'",
            "severity:\n  map: loud\n": ":2: ",
            "rules:\n  - ignore: map\n": ":2: a rule needs 'paths'",
            "select: [unclosed\n": ":",
        }
        for text, expected in cases.items():
            with self.subTest(text=text):
                path = self.write_config(self.tmp, text)
                result = self.validate("data")
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, b"")
                self.assertIn((str(path.name) + expected).encode(),
                              result.stderr)
        missing = self.validate("--config", "nope.yaml", "data")
        self.assertEqual(missing.returncode, 2)
        self.assertIn(b"nope.yaml", missing.stderr)

    # --- baselines ---------------------------------------------------------

    def test_baseline_round_trip(self):
        baseline = self.tmp / "baseline.json"
        written = self.validate("--write-baseline", str(baseline), "data")
        self.assertEqual(written.returncode, 1)
        self.assertIn(b"wrote 3 findings", written.stderr)
        document = json.loads(baseline.read_text())
        self.assertEqual(sorted(f["path"] for f in document["files"]), [
            "data/junk.parquet", "data/legacy/old.parquet",
            "data/maps.parquet"])

        again = self.validate("--baseline", str(baseline), "data")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual(codes(again), [])
        self.assertEqual(json.loads(again.stdout)["summary"]["suppressed"], 3)
        text = run("validate", "--baseline", str(baseline), "data",
                   cwd=self.tmp).stdout.decode()
        self.assertIn("3 suppressed by the baseline", text)

        # A new broken file fails; a moved one keeps its baseline.
        (self.data / "new.parquet").write_bytes(JUNK + b"new")
        os.rename(self.data / "maps.parquet", self.data / "renamed.parquet")
        result = self.validate("--baseline", str(baseline), "data")
        self.assertEqual(result.returncode, 1)
        self.assertEqual(codes(result), [
            ("new.parquet", "file.unrecognized-format", "error")])
        # Run from elsewhere, the paths are still relative to the baseline.
        elsewhere = self.validate("--baseline", str(baseline),
                                  str(self.data / "junk.parquet"),
                                  cwd=self.data / "legacy")
        self.assertEqual(codes(elsewhere), [])

    def test_baseline_errors(self):
        bad = self.tmp / "bad.json"
        bad.write_text("{not json")
        result = self.validate("--baseline", str(bad), "data")
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"bad.json:", result.stderr)
        both = self.validate("--baseline", "a", "--write-baseline", "b",
                             "data")
        self.assertEqual(both.returncode, 2)

    # --- help --------------------------------------------------------------

    def test_command_help(self):
        result = run("validate", "--help")
        self.assertEqual(result.returncode, 0)
        text = result.stdout.decode()
        self.assertTrue(text.startswith("Usage: colcheck validate"))
        for option in ("--select", "--ignore", "--severity", "--strict",
                       "--config", "--no-config", "--baseline",
                       "--write-baseline", "--fail-on"):
            self.assertIn(option, text)
        # explain's --footer; --footer-key is every reading command's.
        self.assertNotRegex(text, r"--footer(?!-key)")
        explain = run("explain", "-h").stdout.decode()
        self.assertRegex(explain, r"--footer(?!-key)")
        self.assertNotIn("--strict", explain)


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    ARGS, rest = parser.parse_known_args()
    ARGS.colcheck = os.path.abspath(ARGS.colcheck)
    ARGS.source = os.path.abspath(ARGS.source)
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
