#!/usr/bin/env python3
"""Validates the real-world corpus and reports how its files fare.

The corpus (../shared/corpus-real-world, or $COLCHECK_REAL_WORLD_CORPUS) is
files that other projects keep in their test suites, with a manifest.jsonl
that names each file's writer family and whether its source project reads
it (`expect`: good, bad, unknown). This prints, per writer family and
label, how many files get an error and how many a warning, and the codes
behind the errors and warnings on `good` files: the measure of false
alarms that the severity work (issue 15) drives to zero. It is a survey,
not a test: it exits 0 whatever it finds, 2 when it cannot run.

  scripts/real_world_survey.py [--colcheck build/cli/colcheck] [--json OUT]
"""

import argparse
import collections
import json
import os
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent


def corpus_dir() -> pathlib.Path:
    default = REPO.parent / "shared" / "corpus-real-world"
    return pathlib.Path(os.environ.get("COLCHECK_REAL_WORLD_CORPUS", default))


def validate(colcheck: pathlib.Path, root: pathlib.Path,
             files: list[str], jobs: int = 0) -> dict[str, dict]:
    """colcheck's JSON Lines report of each file, by manifest path.

    jobs is colcheck's -j: 0 uses every core; the ctest passes 2 so that it
    shares the machine with the tests that run beside it.
    """
    result = subprocess.run(
        [str(colcheck), "validate", "--format", "jsonl", "-j", str(jobs),
         "--fail-on", "never", *files],
        cwd=root, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(f"real_world_survey: colcheck exited {result.returncode}: "
                 f"{result.stderr.strip()}")
    reports = {}
    for line in result.stdout.splitlines():
        report = json.loads(line)
        reports[report["path"]] = report
    return reports


def severities(report: dict, severity: str) -> set[str]:
    return {d["code"] for d in report["diagnostics"]
            if d["severity"] == severity}


def survey(manifest: list[dict], reports: dict[str, dict]) -> dict:
    families = collections.defaultdict(lambda: collections.Counter())
    error_codes = collections.Counter()
    warning_codes = collections.Counter()
    for entry in manifest:
        report = reports[entry["file"]]
        errors = severities(report, "error")
        warnings = severities(report, "warning")
        row = families[(entry["writer_family"], entry["expect"])]
        row["files"] += 1
        row["with_error"] += bool(errors)
        row["with_warning"] += bool(warnings)
        row["clean"] += not errors and not warnings
        if entry["expect"] == "good":
            error_codes.update(errors)
            warning_codes.update(warnings)
    return {
        "families": [{"writer_family": family, "expect": expect, **row}
                     for (family, expect), row in sorted(families.items())],
        "good_files_by_error_code": dict(error_codes.most_common()),
        "good_files_by_warning_code": dict(warning_codes.most_common()),
    }


def print_survey(result: dict) -> None:
    print("| writer family | label | files | with an error | with a warning "
          "| neither |")
    print("|---|---|---:|---:|---:|---:|")
    for row in result["families"]:
        print(f"| {row['writer_family']} | {row['expect']} | {row['files']} "
              f"| {row['with_error']} | {row['with_warning']} "
              f"| {row['clean']} |")
    for kind in ("error", "warning"):
        print(f"\n`good` files by {kind} code:")
        for code, count in result[f"good_files_by_{kind}_code"].items():
            print(f"  {count:4d}  {code}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--colcheck", type=pathlib.Path,
                        default=REPO / "build" / "cli" / "colcheck")
    parser.add_argument("--json", type=pathlib.Path,
                        help="also write the survey as JSON here")
    args = parser.parse_args()
    root = corpus_dir()
    manifest_path = root / "manifest.jsonl"
    if not manifest_path.is_file():
        print(f"real_world_survey: no {manifest_path}; set "
              "COLCHECK_REAL_WORLD_CORPUS to the real-world corpus",
              file=sys.stderr)
        return 2
    if not args.colcheck.is_file():
        print(f"real_world_survey: no colcheck at {args.colcheck}; build it "
              "or pass --colcheck", file=sys.stderr)
        return 2
    manifest = [json.loads(line) for line in
                manifest_path.read_text().splitlines() if line.strip()]
    reports = validate(args.colcheck.resolve(), root,
                       [entry["file"] for entry in manifest])
    result = survey(manifest, reports)
    print_survey(result)
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
