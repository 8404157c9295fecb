#!/usr/bin/python3
"""The command line's own manners: help, `codes CODE`, -q, counts, plurals.

Each command's --help lists its own options only and the global --help
offers none that some command rejects; `codes CODE|GROUP` prints entries
in every format and refuses an unknown code with a suggestion; the
inspecting commands print a short digest of an invalid file's diagnostics
on stderr, and -q silences every command's notes without moving its exit
status; -j, --threads and --max-diagnostics refuse values past their
maximum with a message of their own, and a large -j costs no memory; and
counts agree with their nouns. The tests assert exit statuses, presence
and structure, not prose.

  /usr/bin/python3 cli/tests/test_cli_hygiene.py \
      --colcheck build/cli/colcheck --source .
"""

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None
# Fifteen diagnostics (bloom.false-negative errors and infos): more than the
# digest shows.
MANY = "corpus/invalid/bloom.false-negative/bitset_cleared.parquet"
BROKEN_SCHEMA = ("corpus/invalid/schema.orphaned-elements/"
                 "root_num_children_minus_one.parquet")
VALID = "corpus/valid/flat_optional.parquet"
DIAGNOSTIC_LINE = re.compile(
    r"^.+:\d+(\+\d+)?: (error|warning|info)\[[a-z-]+\.[a-z0-9-]+\]: ")
DIGEST_SHOWN = 5


def run(*args, **kwargs):
    return subprocess.run([ARGS.colcheck, *args], cwd=ARGS.source,
                          capture_output=True, check=False, timeout=120,
                          **kwargs)


def source(path):
    return os.path.join(ARGS.source, path)


class HelpTest(unittest.TestCase):
    def test_global_help_offers_only_common_options(self):
        result = run("--help")
        self.assertEqual(result.returncode, 0)
        text = result.stdout.decode()
        options = text[text.index("Options of every command:"):
                       text.index("Exit status")]
        headings = [line.split()[0].rstrip(",")
                    for line in options.splitlines()
                    if line.startswith("  -")]
        self.assertEqual(sorted(headings), ["--version", "-h", "-q"])
        self.assertNotIn("--level LEVEL", text)

    def test_each_command_help_is_its_own(self):
        commands = {
            # command: (options it takes, options it rejects)
            "validate": (["--level", "--max-diagnostics", "-j", "--strict",
                          "--footer-key", "--column-key", "--key-id",
                          "--aad-prefix", "--keys"],
                         ["--footer", "--data", "--raw"]),
            "explain": (["--format", "--footer", "-q", "--keys"],
                        ["--level", "--strict", "-j", "--data"]),
            "schema": (["--format", "-q"], ["--level", "--footer"]),
            "plan": (["--format", "--data", "-q"], ["--level", "--footer"]),
            "report": (["--level", "-o", "-q"], ["--format", "--footer"]),
            "triage": (["-o", "-j", "--strict", "-q"],
                       ["--format", "--level", "--fail-on"]),
            "codes": (["--format", "-q"],
                      ["--level", "-j", "--strict", "--keys"]),
            "cat": (["--format", "--head", "--columns", "--row-group",
                     "--stripe", "-q", "--footer-key", "--keys"],
                    ["--level", "--footer", "-j"]),
        }
        for command, (takes, rejects) in commands.items():
            with self.subTest(command=command):
                result = run(command, "--help")
                self.assertEqual(result.returncode, 0)
                text = result.stdout.decode()
                self.assertTrue(text.startswith("Usage: colcheck " + command))
                # "  -q, --quiet" and "  --row-group, --stripe K" name
                # two options each.
                listed = set(re.findall(r"^  (-[-a-z]+)", text, re.M) +
                             re.findall(r"^  --?[-a-zA-Z]+, (--[a-z-]+)",
                                        text, re.M))
                for option in takes:
                    self.assertIn(option, listed)
                for option in rejects:
                    self.assertNotIn(option, listed)
                    # ... and the parser agrees.
                    bad = run(command, option)
                    self.assertEqual(bad.returncode, 2)
                    self.assertIn(b"takes no option", bad.stderr)
                self.assertNotIn("validate:", text)

    def test_format_lists_the_commands_own_formats(self):
        explain = run("explain", "--help").stdout.decode()
        entry = explain[explain.index("--format FORMAT"):]
        entry = entry[:entry.index("\n  -")]
        self.assertIn("json", entry)
        for other in ("jsonl", "sarif", "markdown"):
            self.assertNotIn(other, entry)

    def test_help_command_is_command_help(self):
        self.assertEqual(run("help", "explain").stdout,
                         run("explain", "--help").stdout)
        self.assertEqual(run("help", "nosuch").returncode, 2)

    def test_usage_error_points_at_the_command_help(self):
        result = run("explain", "--bogus", source(VALID))
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"colcheck explain --help", result.stderr)


class CodesTest(unittest.TestCase):
    def test_one_code_entry(self):
        result = run("codes", "stats.nan-bound")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.decode().splitlines()
        self.assertEqual(lines[0], "stats.nan-bound")
        labels = [line.split()[0] for line in lines[1:]
                  if not line.startswith("    ")]
        self.assertEqual(labels, ["severity", "group", "spec", "summary"])
        self.assertIn("  group     stats", lines)

    def test_one_code_in_json_and_markdown(self):
        result = run("codes", "--format", "json", "stats.nan-bound")
        self.assertEqual(result.returncode, 0, result.stderr)
        codes = json.loads(result.stdout)["codes"]
        self.assertEqual([c["code"] for c in codes], ["stats.nan-bound"])
        every = json.loads(run("codes", "--format", "json").stdout)["codes"]
        self.assertIn(codes[0], every)

        result = run("codes", "--format", "markdown", "stats.nan-bound")
        self.assertEqual(result.returncode, 0, result.stderr)
        text = result.stdout.decode()
        self.assertTrue(text.startswith("## stats\n"))
        rows = [line for line in text.splitlines() if line.startswith("| `")]
        self.assertEqual(len(rows), 1)
        self.assertIn("`stats.nan-bound`", rows[0])

    def test_group_lists_its_codes(self):
        result = run("codes", "stats")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.decode().splitlines()
        self.assertGreater(len(lines), 1)
        self.assertTrue(all(line.startswith("stats.") for line in lines))
        self.assertEqual(run("codes", "stats.*").stdout, result.stdout)
        every = run("codes").stdout.decode().splitlines()
        self.assertEqual(lines, [l for l in every if l.startswith("stats.")])

    def test_unknown_code_is_a_usage_error(self):
        result = run("codes", "stats.nan-bund")
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")
        self.assertIn(b"did you mean 'stats.nan-bound'", result.stderr)
        result = run("codes", "zzzzzzzzzzzz")
        self.assertEqual(result.returncode, 2)
        self.assertNotIn(b"did you mean", result.stderr)


class QuietTest(unittest.TestCase):
    def check_digest(self, *args):
        loud = run(*args)
        quiet = run(args[0], "-q", *args[1:])
        self.assertEqual(loud.returncode, 1, loud.stderr)
        self.assertEqual(quiet.returncode, loud.returncode)
        self.assertEqual(quiet.stdout, loud.stdout)
        self.assertEqual(quiet.stderr, b"")
        lines = loud.stderr.decode().splitlines()
        self.assertGreater(len(lines), 0)
        diagnostics = [l for l in lines if DIAGNOSTIC_LINE.match(l)]
        self.assertLessEqual(len(diagnostics), DIGEST_SHOWN)
        return lines, diagnostics

    def test_explain_prints_a_digest(self):
        lines, diagnostics = self.check_digest("explain", source(MANY))
        validate = run("validate", source(MANY)).stdout.decode()
        total = len([l for l in validate.splitlines()
                     if DIAGNOSTIC_LINE.match(l)])
        self.assertGreater(total, DIGEST_SHOWN)
        self.assertEqual(len(diagnostics), DIGEST_SHOWN)
        self.assertEqual(len(lines), DIGEST_SHOWN + 1)
        match = re.search(r"(\d+) further diagnostics? not shown",
                          lines[-1])
        self.assertIsNotNone(match, lines[-1])
        self.assertEqual(int(match.group(1)), total - DIGEST_SHOWN)
        self.assertIn("colcheck validate", lines[-1])

    def test_plan_data_prints_a_digest(self):
        self.check_digest("plan", "--data", source(MANY))

    def test_schema_prints_every_diagnostic_when_few(self):
        lines, diagnostics = self.check_digest("schema", source(BROKEN_SCHEMA))
        self.assertEqual(lines, diagnostics)

    def test_json_formats_print_nothing_on_stderr(self):
        result = run("explain", "--format", "json", source(MANY))
        self.assertEqual(result.returncode, 1)
        self.assertEqual(result.stderr, b"")

    def test_validate_quiet_silences_notes(self):
        with tempfile.TemporaryDirectory() as tmp:
            shutil.copy(source(VALID), os.path.join(tmp, "a.parquet"))
            with open(os.path.join(tmp, "junk.bin"), "wb") as f:
                f.write(b"not columnar")
            loud = run("validate", tmp)
            quiet = run("validate", "-q", tmp)
            baseline = os.path.join(tmp, "baseline.json")
            written = run("validate", "-q", "--write-baseline", baseline, tmp)
            self.assertTrue(os.path.exists(baseline))
        self.assertEqual(loud.returncode, 0)
        self.assertIn(b"1 file skipped", loud.stderr)
        self.assertEqual(quiet.returncode, 0)
        self.assertEqual(quiet.stdout, b"")
        # No skip passes silently, -q or not (the exit status cannot tell);
        # the note of the baseline written is gone.
        self.assertRegex(quiet.stderr,
                         rb"\Acolcheck: 1 file skipped: [^\n]*\n\Z")
        self.assertEqual(written.returncode, 0)
        self.assertEqual(written.stderr, quiet.stderr)

    def test_triage_quiet_prints_no_summary(self):
        with tempfile.TemporaryDirectory() as tmp:
            with open(os.path.join(tmp, "junk.parquet"), "wb") as f:
                f.write(b"not columnar")
            out = os.path.join(tmp, "out")
            loud = run("triage", "-o", out, os.path.join(tmp, "junk.parquet"))
            quiet = run("triage", "-q", "-o", out,
                        os.path.join(tmp, "junk.parquet"))
            self.assertTrue(os.path.exists(os.path.join(out, "triage.json")))
        self.assertEqual(loud.returncode, 0)
        # One file, one group: the nouns agree with the counts.
        self.assertRegex(loud.stdout.decode(),
                         r"^triage: 1 file: 1 with errors in 1 group, ")
        self.assertEqual(quiet.returncode, 0)
        self.assertEqual((quiet.stdout, quiet.stderr), (b"", b""))

    def test_every_command_takes_quiet(self):
        with tempfile.TemporaryDirectory() as tmp:
            page = os.path.join(tmp, "page.html")
            runs = [
                ("codes", "-q"),
                ("schema", "-q", source(VALID)),
                ("meta", "-q", source(VALID)),
                ("sizes", "-q", source(VALID)),
                ("pages", "-q", source(VALID)),
                ("explain", "-q", source(VALID)),
                ("plan", "-q", source(VALID)),
                ("validate", "-q", source(VALID)),
                ("report", "-q", "-o", page, source(VALID)),
                ("dictionary", "-q", source(VALID), "0"),
                ("cat", "-q", source(VALID)),
            ]
            for args in runs:
                with self.subTest(args=args[0]):
                    result = run(*args)
                    self.assertEqual(result.returncode, 0, result.stderr)
                    self.assertEqual(result.stderr, b"")

    def test_write_baseline_note_agrees_with_its_count(self):
        with tempfile.TemporaryDirectory() as tmp:
            junk = os.path.join(tmp, "junk.parquet")
            with open(junk, "wb") as f:
                f.write(b"not columnar")
            result = run("validate", "--write-baseline",
                         os.path.join(tmp, "b.json"), junk)
        self.assertEqual(result.returncode, 1)
        self.assertIn(b"wrote 1 finding to the baseline", result.stderr)


class CountsTest(unittest.TestCase):
    def test_too_large_is_its_own_message(self):
        for option, value, most in (("-j", "257", 256),
                                    ("-j", "99999999999999999999999", 256),
                                    ("--threads", "1000", 256),
                                    ("--max-diagnostics", "10000000",
                                     1000000)):
            with self.subTest(option=option, value=value):
                result = run("validate", option, value, source(VALID))
                self.assertEqual(result.returncode, 2)
                self.assertEqual(result.stdout, b"")
                self.assertIn(f"{option}: {value} is too large (at most "
                              f"{most})".encode(), result.stderr)
        result = run("validate", "-j", "lots", source(VALID))
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"non-negative integer", result.stderr)
        self.assertNotIn(b"too large", result.stderr)

    def test_largest_jobs_on_one_file_costs_no_memory(self):
        # -j is capped at the number of files, so the largest -j over one
        # file runs as -j 1 does; before, each job brought reorder slots
        # with it (-j 10000000 took 3.4 GB).
        def peak_kib(*args):
            probe = ("import resource, subprocess, sys\n"
                     "rc = subprocess.run(sys.argv[1:], capture_output=True"
                     ").returncode\n"
                     "print(rc, resource.getrusage("
                     "resource.RUSAGE_CHILDREN).ru_maxrss)\n")
            result = subprocess.run(
                [sys.executable, "-c", probe, ARGS.colcheck, *args],
                cwd=ARGS.source, capture_output=True, check=True, timeout=120)
            rc, kib = result.stdout.split()
            self.assertEqual(int(rc), 0)
            return int(kib)

        one = peak_kib("validate", "-j", "1", source(VALID))
        most = peak_kib("validate", "-j", "256", "--threads", "256",
                        source(VALID))
        self.assertLess(most, one + 64 * 1024)
        self.assertLess(most, 512 * 1024)

    def test_triage_takes_the_largest_jobs(self):
        with tempfile.TemporaryDirectory() as tmp:
            result = run("triage", "-q", "-j", "256", "-o", tmp,
                         source(VALID))
        self.assertEqual(result.returncode, 0, result.stderr)


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
