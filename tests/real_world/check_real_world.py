#!/usr/bin/python3
"""colcheck's errors on the real-world corpus, against expectations.json.

The corpus (../shared/corpus-real-world; README.md there) is files that
other projects keep in their test suites, with a manifest.jsonl naming each
file's writer family and whether its project reads it (`expect`: good, bad
or unknown). The files never enter this repository. expectations.json here
lists every file on which colcheck reports an error: its sorted error codes
and a one-line reason. For a `good` file the reason cites the sentence of
the specification the file breaks and says which readers fail on it or
misread it; for a `bad` or `unknown` file it may repeat the manifest's note.

The test fails when a file gets an error code that its entry does not list
(or has no entry), when a listed code is no longer reported, when an entry
names a file the corpus does not hold, or when a reason is still the TODO
that --update writes. It prints a diff of the codes, the time colcheck took,
and per writer family the share of good files with no warning (and no
error) and of good files with no error.

  check_real_world.py --colcheck build/cli/colcheck [--corpus DIR] [--update]

--update rewrites expectations.json from this run: entries keep their
reasons, new entries get a TODO reason that fails the test until a person
writes the real one. Exits 77 (ctest's SKIP_RETURN_CODE) with a SKIPPED
message when the corpus is absent. Runs on Debian's /usr/bin/python3 with
the standard library only.
"""

import argparse
import collections
import json
import pathlib
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent / "scripts"))
import real_world_survey  # noqa: E402  (the shared validate and corpus_dir)

SKIP = 77
TODO = "TODO: the spec sentence this breaks and what it does to readers"
EXPECTATIONS = HERE / "expectations.json"


def load_manifest(root: pathlib.Path) -> list[dict]:
    return [json.loads(line) for line in
            (root / "manifest.jsonl").read_text().splitlines()
            if line.strip()]


def errors_by_file(manifest: list[dict],
                   reports: dict[str, dict]) -> dict[str, list[str]]:
    result = {}
    for entry in manifest:
        codes = real_world_survey.severities(reports[entry["file"]], "error")
        if codes:
            result[entry["file"]] = sorted(codes)
    return result


def compare(expected: dict[str, dict], actual: dict[str, list[str]],
            present: set[str]) -> list[str]:
    """The differences, one line each; none when the run matches."""
    lines = []
    for path in sorted(set(expected) | set(actual)):
        want = set(expected.get(path, {}).get("errors", []))
        got = set(actual.get(path, []))
        if path in expected and path not in present:
            lines.append(f"  {path}: listed, but not in the corpus")
            continue
        for code in sorted(got - want):
            lines.append(f"+ {path}: {code} (new error)")
        for code in sorted(want - got):
            lines.append(f"- {path}: {code} (expected, not reported)")
    for path, entry in sorted(expected.items()):
        if entry.get("reason", TODO).startswith("TODO"):
            lines.append(f"  {path}: the reason is still TODO; write it")
    return lines


def updated(expected: dict[str, dict], actual: dict[str, list[str]],
            labels: dict[str, str]) -> dict[str, dict]:
    result = {}
    for path, codes in sorted(actual.items()):
        reason = expected.get(path, {}).get("reason", TODO)
        result[path] = {"expect": labels[path], "errors": codes,
                        "reason": reason}
    return result


def write_expectations(path: pathlib.Path, files: dict[str, dict]) -> None:
    text = json.dumps({"files": files}, indent=2, sort_keys=True,
                      ensure_ascii=False)
    path.write_text(text + "\n")


def print_shares(manifest: list[dict], reports: dict[str, dict]) -> None:
    rows = collections.defaultdict(collections.Counter)
    for entry in manifest:
        if entry["expect"] != "good":
            continue
        report = reports[entry["file"]]
        errors = real_world_survey.severities(report, "error")
        warnings = real_world_survey.severities(report, "warning")
        row = rows[entry["writer_family"]]
        row["files"] += 1
        row["no_error"] += not errors
        row["clean"] += not errors and not warnings
        # The goal: a warning is fine when it names a writer bug.
        unnamed = any(d["severity"] == "warning" and not d.get("known_bug")
                      for d in report["diagnostics"])
        row["named"] += not errors and not unnamed
    total = sum(rows.values(), collections.Counter())
    print("\ngood files per writer family: with no error and no warning; "
          "with no error and no warning that names no known writer bug; "
          "with no error")
    print(f"  {'writer family':44} {'files':>5} {'no warning':>16} "
          f"{'no unnamed w.':>16} {'no error':>16}")
    for family, row in sorted(rows.items()) + [("(all)", total)]:
        n = row["files"]
        print(f"  {family:44} {n:5d} "
              f"{row['clean']:5d} ({100 * row['clean'] / n:5.1f}%) "
              f"{row['named']:5d} ({100 * row['named'] / n:5.1f}%) "
              f"{row['no_error']:5d} ({100 * row['no_error'] / n:5.1f}%)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--colcheck", type=pathlib.Path, required=True)
    parser.add_argument("--corpus", type=pathlib.Path,
                        default=real_world_survey.corpus_dir())
    parser.add_argument("--expectations", type=pathlib.Path,
                        default=EXPECTATIONS)
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("--update", action="store_true",
                        help="rewrite the expectations from this run")
    args = parser.parse_args()
    manifest_path = args.corpus / "manifest.jsonl"
    if not manifest_path.is_file():
        print(f"SKIPPED: no real-world corpus at {args.corpus} (no "
              "manifest.jsonl); set COLCHECK_REAL_WORLD_CORPUS, or the CMake "
              "variable of that name, to its folder")
        return SKIP
    if not args.colcheck.is_file():
        print(f"FAIL: no colcheck binary at {args.colcheck}")
        return 1
    manifest = load_manifest(args.corpus)
    files = [entry["file"] for entry in manifest]
    start = time.monotonic()
    reports = real_world_survey.validate(args.colcheck.resolve(), args.corpus,
                                         files, args.jobs)
    seconds = time.monotonic() - start
    print(f"colcheck validated {len(files)} files in {seconds:.1f} s "
          f"(-j {args.jobs})")
    actual = errors_by_file(manifest, reports)
    expected = {}
    if args.expectations.is_file():
        expected = json.loads(args.expectations.read_text())["files"]
    print_shares(manifest, reports)
    if args.update:
        labels = {entry["file"]: entry["expect"] for entry in manifest}
        files_out = updated(expected, actual, labels)
        write_expectations(args.expectations, files_out)
        todo = sum(e["reason"] == TODO for e in files_out.values())
        print(f"\nwrote {args.expectations}: {len(files_out)} files with an "
              f"error, {todo} with a TODO reason")
        return 0
    diff = compare(expected, actual, set(files))
    print(f"\n{len(actual)} files with an error "
          f"({len(expected)} expected), {len(diff)} differences")
    for line in diff:
        print(line)
    if diff:
        print("\nFAIL: fix colcheck, or run with --update and give every new "
              "entry its reason (the spec sentence broken, the readers that "
              "fail)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
