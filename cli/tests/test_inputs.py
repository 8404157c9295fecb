"""`colcheck validate -` (standard input) and `--files-from FILE`.

Standard input, piped or redirected from a file, must give the report the
file's own path gives, under the path "-"; the copy of a pipe must leave
nothing behind in $TMPDIR. A list of paths, from a file or from standard
input, must give what the same paths on the command line give.

  /usr/bin/python3 cli/tests/test_inputs.py \
      --colcheck build/cli/colcheck --source .
"""

import argparse
import json
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest

ARGS = None


def run(*args, **kwargs):
    return subprocess.run([ARGS.colcheck, *args], capture_output=True,
                          **kwargs)


def files_of(stdout):
    return json.loads(stdout)["files"]


class InputsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        source = pathlib.Path(ARGS.source)
        valid = sorted((source / "corpus" / "valid").glob("*.parquet"))
        invalid = sorted((source / "corpus" / "invalid").glob("*/*.parquet"))
        orc = sorted((source / "corpus" / "orc" / "valid").glob("*.orc"))
        if not valid or not invalid or not orc:
            raise unittest.SkipTest("corpus/ missing")
        cls.files = [str(valid[0]), str(invalid[0]), str(orc[0])]

    def expect_same_as_path(self, path, stdin_result):
        by_path = run("validate", "--format", "json", path)
        self.assertEqual(stdin_result.returncode, by_path.returncode)
        expected = files_of(by_path.stdout)
        self.assertEqual(len(expected), 1)
        expected[0]["path"] = "-"
        self.assertEqual(files_of(stdin_result.stdout), expected)

    def test_piped_standard_input(self):
        for path in self.files:
            with self.subTest(path=path), tempfile.TemporaryDirectory() as tmp:
                data = pathlib.Path(path).read_bytes()
                result = run("validate", "--format", "json", "-", input=data,
                             env={**os.environ, "TMPDIR": tmp})
                self.expect_same_as_path(path, result)
                # The copy was unlinked as soon as it was made.
                self.assertEqual(os.listdir(tmp), [])

    def test_standard_input_redirected_from_a_file(self):
        for path in self.files:
            with self.subTest(path=path), open(path, "rb") as stdin:
                result = run("validate", "--format", "json", "-", stdin=stdin)
                self.expect_same_as_path(path, result)

    def test_context_excerpts_from_standard_input(self):
        path = self.files[1]
        piped = run("validate", "--context", "-",
                    input=pathlib.Path(path).read_bytes())
        by_path = run("validate", "--context", path)
        self.assertEqual(piped.returncode, 1)
        self.assertEqual(piped.stdout, by_path.stdout.replace(
            path.encode(), b"-"))
        self.assertRegex(piped.stdout, rb"\n    [0-9a-f]{8}  ")

    def test_standard_input_among_files_with_jobs(self):
        data = pathlib.Path(self.files[1]).read_bytes()
        args = ["validate", "--format", "json", self.files[0], "-",
                self.files[2]]
        one = run(*args, input=data)
        three = run(*args[:1], "-j", "3", *args[1:], input=data)
        self.assertEqual(one.returncode, 1)
        self.assertEqual(one.stdout, three.stdout)
        self.assertEqual([f["path"] for f in files_of(one.stdout)],
                         [self.files[0], "-", self.files[2]])

    def test_standard_input_read_once(self):
        twice = run("validate", "-", "-", input=b"")
        self.assertEqual(twice.returncode, 2)
        self.assertEqual(twice.stdout, b"")
        self.assertIn(b"standard input (-) can be read only once",
                      twice.stderr)
        listed = run("validate", "--files-from", "-", input=b"-\n")
        self.assertEqual(listed.returncode, 2)
        self.assertEqual(listed.stdout, b"")

    def test_no_temporary_directory_is_a_tool_error(self):
        result = run("validate", "-", input=b"PAR1",
                     env={**os.environ, "TMPDIR": "/nonexistent/colcheck"})
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stdout, b"")
        self.assertIn(b"cannot create a temporary file", result.stderr)

    def test_files_from_a_list(self):
        expected = run("validate", "--format", "json", *self.files)
        with tempfile.TemporaryDirectory() as tmp:
            # Windows line ends and blank lines are tolerated.
            listing = pathlib.Path(tmp) / "list.txt"
            listing.write_bytes(b"\r\n".join(
                [self.files[0].encode(), b"", *[f.encode() for f in
                                                self.files[1:]]]) + b"\r\n")
            from_file = run("validate", "--format", "json", "--files-from",
                            str(listing))
        self.assertEqual(from_file.returncode, expected.returncode)
        self.assertEqual(from_file.stdout, expected.stdout)
        from_stdin = run("validate", "--format", "json", "--files-from", "-",
                         input="\n".join(self.files).encode())
        self.assertEqual(from_stdin.stdout, expected.stdout)
        # Paths on the command line come first.
        mixed = run("validate", "--format", "json", self.files[0],
                    "--files-from", "-",
                    input="\n".join(self.files[1:]).encode())
        self.assertEqual(mixed.stdout, expected.stdout)

    def test_files_from_errors(self):
        missing = run("validate", "--files-from", "/nonexistent/list")
        self.assertEqual(missing.returncode, 2)
        self.assertIn(b"/nonexistent/list", missing.stderr)
        empty = run("validate", "--files-from", "-", input=b"\n\n")
        self.assertEqual(empty.returncode, 2)
        self.assertIn(b"no Parquet or ORC files found", empty.stderr)
        nothing = run("validate")
        self.assertEqual(nothing.returncode, 2)

    def test_inspecting_commands_read_standard_input(self):
        for path in self.files:
            data = pathlib.Path(path).read_bytes()
            for command in (["explain", "--footer"], ["schema"], ["plan"]):
                with self.subTest(path=path, command=command[0]):
                    by_path = run(*command, "--format", "json", path)
                    piped = run(*command, "--format", "json", "-",
                                input=data)
                    self.assertEqual(piped.returncode, by_path.returncode)
                    self.assertEqual(
                        json.loads(piped.stdout),
                        json.loads(by_path.stdout.decode().replace(
                            json.dumps(path)[1:-1], "-")))


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--source", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
