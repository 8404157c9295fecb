"""`colcheck validate` over many files: -j N, JSON Lines, input order.

Runs colcheck over the project corpus with one and with several threads and
checks that every format comes out byte for byte the same, that each JSON
Lines line is the matching entry of the JSON document, that I/O errors keep
input order on stderr, and that the progress line never reaches a stderr
that is not a terminal.

  /usr/bin/python3 cli/tests/test_batch.py \
      --colcheck build/cli/colcheck --source .
"""

import argparse
import json
import os
import pathlib
import pty
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

ARGS = None


def run(*args, **kwargs):
    return subprocess.run([ARGS.colcheck, *args], capture_output=True,
                          **kwargs)


class BatchTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        source = pathlib.Path(ARGS.source)
        cls.invalid = str(source / "corpus" / "invalid")
        cls.valid = str(source / "corpus" / "valid")
        if not os.path.isdir(cls.invalid) or not os.path.isdir(cls.valid):
            raise unittest.SkipTest("corpus/valid or corpus/invalid missing")

    def test_jsonl_same_bytes_with_four_threads(self):
        one = run("validate", "-j", "1", "--format", "jsonl", self.invalid)
        four = run("validate", "-j", "4", "--format", "jsonl", self.invalid)
        self.assertEqual(one.returncode, 1)
        self.assertEqual(four.returncode, 1)
        self.assertGreater(len(one.stdout.splitlines()), 100)
        self.assertEqual(one.stdout, four.stdout)

    def test_every_format_same_bytes_with_threads(self):
        for fmt in ("text", "json", "sarif"):
            with self.subTest(fmt=fmt):
                one = run("validate", "--format", fmt, self.valid,
                          self.invalid)
                three = run("validate", "--format", fmt, "--jobs=3",
                            self.valid, self.invalid)
                self.assertEqual(one.returncode, 1)
                self.assertEqual(three.returncode, 1)
                self.assertEqual(one.stdout, three.stdout)
        one = run("validate", "--context", self.invalid)
        zero = run("validate", "--context", "-j", "0", self.invalid)
        self.assertEqual(one.stdout, zero.stdout)

    def test_jsonl_lines_are_the_json_entries(self):
        document = run("validate", "--format", "json", self.valid,
                       self.invalid)
        lines = run("validate", "--format", "jsonl", "-j", "2", self.valid,
                    self.invalid)
        files = json.loads(document.stdout)["files"]
        text = lines.stdout.decode("ascii")
        self.assertTrue(text.endswith("\n"))
        entries = [json.loads(line) for line in text.splitlines()]
        self.assertEqual(len(entries), len(files))
        for entry, expected in zip(entries, files):
            self.assertEqual(entry, expected)
        # The same bytes too, not only the same values: a line is the entry
        # exactly as the document writes it.
        self.assertIn(text.splitlines()[0].encode(), document.stdout)

    def test_io_errors_in_input_order(self):
        # Devices are not regular files: the validator refuses them with an
        # I/O error, after the files before them were reported.
        valid_file = sorted(pathlib.Path(self.valid).glob("*.parquet"))[0]
        result = run("validate", "-j", "4", "/dev/zero", str(valid_file),
                     "/dev/null", str(valid_file))
        self.assertEqual(result.returncode, 2)
        errors = result.stderr.decode().splitlines()
        self.assertEqual(len(errors), 2, errors)
        self.assertTrue(errors[0].startswith("colcheck: /dev/zero: "))
        self.assertTrue(errors[1].startswith("colcheck: /dev/null: "))
        # The path is said once.
        self.assertEqual(errors[0].count("/dev/zero"), 1)
        self.assertEqual(result.stdout.decode().count(": valid ("), 2)

    def test_named_pipe_is_refused_not_waited_on(self):
        # A FIFO named explicitly has no writer: opening it must not block.
        with tempfile.TemporaryDirectory() as tmp:
            fifo = os.path.join(tmp, "pipe.parquet")
            os.mkfifo(fifo)
            result = run("validate", fifo, timeout=60)
        self.assertEqual(result.returncode, 2)
        self.assertIn(b"not a regular file", result.stderr)

    def test_jsonl_without_files(self):
        with tempfile.TemporaryDirectory() as empty:
            result = run("validate", "--format", "jsonl", empty)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")
        self.assertIn(b"no Parquet or ORC files found", result.stderr)

    def test_gnu_parallel_recipe(self):
        # The README's cluster recipe, with the local machine (":") as the
        # only node: the concatenated batches equal one run's output.
        parallel = shutil.which("parallel")
        if parallel is None:
            self.skipTest("GNU parallel is not installed")
        files = sorted(os.path.abspath(p)
                       for p in pathlib.Path(self.invalid).rglob("*")
                       if p.suffix == ".parquet")
        with tempfile.TemporaryDirectory() as work:
            work = pathlib.Path(work)
            (work / "nodes.txt").write_text(":\n")
            (work / "files.txt").write_text("".join(f + "\n" for f in files))
            env = dict(os.environ, PATH=os.path.dirname(
                os.path.abspath(ARGS.colcheck)) + os.pathsep +
                os.environ.get("PATH", ""))
            result = subprocess.run(
                [parallel, "--will-cite", "--sshloginfile", "nodes.txt",
                 "-j", "1", "-N", "50", "--keep-order", "--joblog",
                 "jobs.tsv", "-a", "files.txt", "colcheck", "validate",
                 "--format", "jsonl", "-j", "0"],
                cwd=work, env=env, capture_output=True)
            jobs = (work / "jobs.tsv").read_text().splitlines()[1:]
        single = run("validate", "--format", "jsonl", *files)
        self.assertEqual(result.stdout, single.stdout)
        self.assertEqual(len(jobs), (len(files) + 49) // 50)
        # Every batch holds an invalid file: exit status 1, never 2.
        self.assertEqual({line.split("\t")[6] for line in jobs}, {"1"})

    def test_no_progress_line_on_a_pipe(self):
        result = run("validate", "-q", *[self.invalid] * 3)
        self.assertEqual(result.returncode, 1)
        # Only the count of the sidecar files the walks left out: no bar.
        self.assertRegex(result.stderr,
                         rb"\Acolcheck: \d+ files skipped: [^\r\n]*\n\Z")

    def test_progress_line_on_a_terminal(self):
        # stderr on a pseudo-terminal. The line shows after a second, or
        # after COLCHECK_PROGRESS_DELAY_MS: 0 here, so the test asserts the
        # same on a fast machine as on a loaded one.
        controller, terminal = pty.openpty()
        env = dict(os.environ, COLCHECK_PROGRESS_DELAY_MS="0")
        process = subprocess.Popen(
            [ARGS.colcheck, "validate", "-q", "-j", "1",
             *[self.invalid] * 40],
            stdout=subprocess.DEVNULL, stderr=terminal, env=env)
        os.close(terminal)
        seen = b""
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # EIO: the child closed the terminal.
                break
            if not chunk:
                break
            seen += chunk
        self.assertEqual(process.wait(), 1)
        os.close(controller)
        self.assertIn(b" invalid  ", seen)
        self.assertRegex(seen, rb"\r\[[#.]{20}\] \d+/\d+ files  \d+ invalid")
        # The line is erased at the end; only the count of the files the
        # walk skipped follows it.
        seen = re.sub(rb"colcheck: \d+ files? skipped: [^\r\n]*\r?\n\Z", b"",
                      seen)
        self.assertTrue(seen.endswith(b"\r\x1b[K"), seen[-80:])


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
