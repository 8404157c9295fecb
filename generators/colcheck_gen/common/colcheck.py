"""Running the colcheck binary ($COLCHECK_BIN) on generated files, for the
generators' tests."""

import json
import os
import subprocess

BIN = os.environ.get("COLCHECK_BIN")


def validate(paths):
    """The JSON report of each file of `paths` (in order) from `colcheck
    validate --format json`; AssertionError when colcheck fails (exits
    above 1)."""
    run = subprocess.run([BIN, "validate", "--format", "json", *paths],
                         capture_output=True, text=True, check=False)
    if run.returncode not in (0, 1):
        raise AssertionError(f"colcheck exited {run.returncode}: "
                             f"{run.stderr[:300]}")
    return json.loads(run.stdout)["files"]
