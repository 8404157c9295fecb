"""`pip install --no-build-isolation .` and `pip wheel`, offline.

Installs the package into a fresh venv made with --system-site-packages
from Debian's Python, as the README says, and imports it from elsewhere;
then builds a wheel and checks what it holds. The extension is built in
the ctest build tree (COLCHECK_CMAKE_BUILD_DIR), so nothing compiles twice.

  /usr/bin/python3 python/tests/pip_install_test.py --source . \
      --build-tree build
"""

import argparse
import os
import pathlib
import subprocess
import sys
import tempfile
import unittest
import zipfile

ARGS = None


def run(*args, **kwargs):
    env = {**os.environ, "COLCHECK_CMAKE_BUILD_DIR": ARGS.build_tree,
           "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    env.pop("PYTHONPATH", None)
    result = subprocess.run(args, capture_output=True, text=True, env=env,
                            **kwargs)
    if result.returncode != 0:
        raise AssertionError(f"{args} failed:\n{result.stdout}\n"
                             f"{result.stderr}")
    return result


class PipInstallTest(unittest.TestCase):
    def test_install_into_a_venv(self):
        with tempfile.TemporaryDirectory() as tmp:
            venv = pathlib.Path(tmp) / "venv"
            run(sys.executable, "-m", "venv", "--system-site-packages",
                str(venv))
            python = str(venv / "bin" / "python")
            run(python, "-m", "pip", "install", "--no-build-isolation",
                ARGS.source)
            sample = pathlib.Path(ARGS.source) / "corpus" / "valid"
            sample = sorted(sample.glob("*.parquet"))[0]
            out = run(python, "-c",
                      "import colcheck, sys\n"
                      "r = colcheck.validate(sys.argv[1])\n"
                      "print(colcheck.__file__)\n"
                      "print(r.verdict, r.format, len(r.diagnostics))",
                      str(sample), cwd=tmp).stdout.splitlines()
            self.assertTrue(out[0].startswith(str(venv)), out[0])
            self.assertEqual(out[1], "valid parquet 0")

    def test_install_into_debians_python(self):
        # Debian's own Python (PEP 668: pip needs --break-system-packages
        # there) installs into /usr/local/lib/python3.X/dist-packages;
        # --root puts that tree in a scratch directory instead of /.
        with tempfile.TemporaryDirectory() as tmp:
            run("/usr/bin/python3", "-m", "pip", "install",
                "--no-build-isolation", "--no-deps",
                "--break-system-packages", "--root", tmp, ARGS.source)
            found = list(pathlib.Path(tmp).glob(
                "usr/local/lib/python3*/dist-packages/colcheck/__init__.py"))
            self.assertEqual(len(found), 1, list(pathlib.Path(tmp).rglob("*")))
            site = found[0].parent.parent
            env = {**os.environ, "PYTHONPATH": str(site)}
            out = subprocess.run(
                ["/usr/bin/python3", "-c",
                 "import colcheck, colcheck.dask\n"
                 "print(colcheck.__file__)\n"
                 "print(len(colcheck.codes()) > 100)"],
                capture_output=True, text=True, env=env, cwd=tmp, check=True)
            lines = out.stdout.splitlines()
            self.assertTrue(lines[0].startswith(str(site)), lines[0])
            self.assertEqual(lines[1], "True")

    def test_wheel(self):
        with tempfile.TemporaryDirectory() as tmp:
            run(sys.executable, "-m", "pip", "wheel", "--no-build-isolation",
                "--no-deps", "-w", tmp, ARGS.source)
            wheels = list(pathlib.Path(tmp).glob("colcheck-*.whl"))
            self.assertEqual(len(wheels), 1)
            names = set(zipfile.ZipFile(wheels[0]).namelist())
            for name in ("colcheck/__init__.py", "colcheck/dask.py",
                     "colcheck/py.typed",
                         "colcheck/_colcheck.pyi"):
                self.assertIn(name, names)
            self.assertTrue(any(n.startswith("colcheck/_colcheck.")
                                and n.endswith(".so") for n in names))


def main():
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", required=True)
    parser.add_argument("--build-tree", required=True)
    ARGS, rest = parser.parse_known_args()
    unittest.main(argv=[sys.argv[0], *rest])


if __name__ == "__main__":
    main()
