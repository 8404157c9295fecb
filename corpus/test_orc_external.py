#!/usr/bin/env python3
"""colcheck's verdict on every Apache ORC example file, against the table in
corpus/orc/external_verdicts.json (the verdict table of the ORC checklist).

For each file: the verdict, and the exact sets of warning and info codes at
the full level. No error may appear. Files of the external corpus that the
table does not list fail the test too, so a new example gets a verdict.
Skips (exit 0 with a message) when the external corpus is absent.
"""

import json
import os
import pathlib
import subprocess
import sys


def main() -> int:
    colcheck = sys.argv[1]
    here = pathlib.Path(__file__).resolve().parent
    table = json.loads((here / "orc/external_verdicts.json").read_text())
    root = pathlib.Path(os.environ.get(
        "COLCHECK_EXTERNAL_CORPUS", here.parent.parent / "shared/corpus-external"))
    orc = root / "orc"
    if not orc.is_dir():
        print(f"skipped: no external ORC corpus at {orc}")
        return 0
    present = sorted(str(p.relative_to(orc)) for p in orc.rglob("*.orc"))
    failures = []
    for name in sorted(set(present) - set(table["files"])):
        failures.append(f"{name}: not in external_verdicts.json")
    for name, want in sorted(table["files"].items()):
        path = orc / name
        if not path.is_file():
            failures.append(f"{name}: listed but missing from {orc}")
            continue
        run = subprocess.run([colcheck, "validate", "--format", "json",
                              "--level", "full", str(path)],
                             capture_output=True, text=True, check=False)
        doc = json.loads(run.stdout)["files"][0]
        by_severity = {"error": set(), "warning": set(), "info": set()}
        for d in doc["diagnostics"]:
            by_severity[d["severity"]].add(d["code"])
        got = {"verdict": doc["verdict"],
               "errors": sorted(by_severity["error"]),
               "warnings": sorted(by_severity["warning"]),
               "infos": sorted(by_severity["info"])}
        expected = {"verdict": want["verdict"], "errors": [],
                    "warnings": sorted(want["warnings"]),
                    "infos": sorted(want["infos"])}
        if got != expected:
            failures.append(f"{name}: expected {expected}, got {got}")
    for failure in failures:
        print(failure)
    print(f"{len(table['files'])} ORC example files checked, "
          f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
