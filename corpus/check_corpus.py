#!/usr/bin/python3
"""Checks colcheck against the golden corpus (style guide habit 11).

    /usr/bin/python3 corpus/check_corpus.py --colcheck build/cli/colcheck \\
        --corpus corpus

* valid/*.parquet: verdict "valid" and no error.
* <stem>.keys.yaml beside a file (valid or invalid): the keys of an
  encrypted file; colcheck validates that file alone, with --keys.
* invalid/<code>/<name>.parquet: a sidecar <name>.expected.json must exist
  (a file without one fails) and name <code>; the spans at which colcheck
  reports that code must be exactly the sidecar's: its {offset, length}
  and, where the one fault breaks several places (three data pages that
  lost their dictionary, say), those of its "also" list. A code reported
  twice at one span counts once: one span can break two ways.
* seeds/<target>/*: replayed one by one; colcheck must exit 0 or 1 (no
  crash, no internal error).
* orc/valid/*.orc: verdict "valid" and no error.
* orc/invalid/<code>/<name>.orc (generators/colcheck_gen/orc/make_corpus.py):
  a sidecar as above, checked alike. The generator writes the "also" list
  of the mutations that break the stripe's statistics and the file's
  alike.

Prints one line per failure with the expected and actual spans, then
"N passed, N failed".
"""

import argparse
import json
import os
import subprocess
import sys


def keys_file(path):
    """The `<stem>.keys.yaml` beside `path`, or None."""
    keys = os.path.splitext(path)[0] + ".keys.yaml"
    return keys if os.path.exists(keys) else None


def keys_args(path):
    """`--keys <stem>.keys.yaml` when `path` has keys beside it."""
    keys = keys_file(path)
    return ["--keys", keys] if keys else []


def run(colcheck, paths):
    """colcheck's JSON reports for `paths`, keyed by absolute path. Files
    with keys beside them run one by one with their keys, the rest in one
    batch; a crash of the batch is retried file by file so the culprit is
    named."""
    keyed = [p for p in paths if keys_file(p)]
    paths = [p for p in paths if not keys_file(p)]
    reports, crashes = {}, []
    for p in keyed:
        r = subprocess.run([colcheck, "validate", "--format", "json",
                            *keys_args(p), p], capture_output=True, text=True)
        if r.returncode in (0, 1):
            reports[os.path.abspath(p)] = json.loads(r.stdout)["files"][0]
        else:
            crashes.append(f"{p}: colcheck exited {r.returncode}: "
                           f"{r.stderr.strip()[:300]}")
    if not paths:
        return reports, crashes
    result = subprocess.run([colcheck, "validate", "--format", "json"] +
                            paths, capture_output=True, text=True)
    if result.returncode in (0, 1):
        reports.update({os.path.abspath(f["path"]): f
                        for f in json.loads(result.stdout)["files"]})
        return reports, crashes
    for p in paths:
        r = subprocess.run([colcheck, "validate", "--format", "json", p],
                           capture_output=True, text=True)
        if r.returncode in (0, 1):
            reports[os.path.abspath(p)] = json.loads(r.stdout)["files"][0]
        else:
            crashes.append(f"{p}: colcheck exited {r.returncode}: "
                           f"{r.stderr.strip()[:300]}")
    return reports, crashes


def files_under(root, suffix=""):
    out = []
    for base, _, names in os.walk(root):
        out += [os.path.join(base, n) for n in names if n.endswith(suffix)]
    return sorted(out)


def fmt(d):
    return (f"{d['code']} ({d['offset']},{d['length']}) "
            f"{d.get('field', '')}").rstrip()


def expected_spans(sidecar):
    """The set of (offset, length) a sidecar names for its code."""
    return {(sidecar["offset"], sidecar["length"])} | {
        (s["offset"], s["length"]) for s in sidecar.get("also", [])}


def fmt_spans(spans):
    return " ".join(f"({o},{n})" for o, n in sorted(spans)) or "none"


def check_files(colcheck, corpus, valid_dir, invalid_dir, suffix):
    """(passed, failures) over one format's valid and invalid files: valid
    files get no error; each invalid file reports its sidecar's code at
    exactly the sidecar's spans, and nowhere else."""
    passed = 0
    valid = files_under(valid_dir, suffix)
    invalid = files_under(invalid_dir, suffix)
    reports, failures = run(colcheck, valid + invalid)
    for path in valid:
        report = reports.get(os.path.abspath(path))
        if report is None:
            continue  # Reported as a crash.
        errors = [d for d in report["diagnostics"]
                  if d["severity"] == "error"]
        if report["verdict"] != "valid" or errors:
            failures.append(
                f"{os.path.relpath(path, corpus)}: verdict "
                f"{report['verdict']}, expected valid; errors: " +
                "; ".join(fmt(d) for d in errors))
        else:
            passed += 1
    for path in invalid:
        rel = os.path.relpath(path, corpus)
        sidecar = path[:-len(suffix)] + ".expected.json"
        if not os.path.exists(sidecar):
            failures.append(f"{rel}: no sidecar {os.path.basename(sidecar)}")
            continue
        with open(sidecar) as f:
            exp = json.load(f)
        directory = os.path.basename(os.path.dirname(path))
        if exp.get("code") != directory:
            failures.append(f"{rel}: sidecar code {exp.get('code')} differs "
                            f"from its directory {directory}")
            continue
        report = reports.get(os.path.abspath(path))
        if report is None:
            continue
        want = expected_spans(exp)
        got = {(d["offset"], d["length"]) for d in report["diagnostics"]
               if d["code"] == exp["code"]}
        if got == want:
            passed += 1
            continue
        actual = "; ".join(fmt(d) for d in report["diagnostics"]) or "none"
        failures.append(f"{rel}: {exp['code']} at {fmt_spans(got)}, expected "
                        f"at {fmt_spans(want)}; all diagnostics: {actual}")
    for sidecar in files_under(invalid_dir, ".expected.json"):
        if not os.path.exists(sidecar[:-len(".expected.json")] + suffix):
            failures.append(f"{os.path.relpath(sidecar, corpus)}: sidecar "
                            f"without a {suffix} file")
    return passed, failures


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--colcheck", required=True)
    parser.add_argument("--corpus", required=True)
    args = parser.parse_args(argv)
    corpus = os.path.abspath(args.corpus)
    passed, failures = 0, []

    if not files_under(os.path.join(corpus, "valid"), ".parquet"):
        failures.append(f"no valid files under {corpus}/valid")
    for valid_dir, invalid_dir, suffix in (
            ("valid", "invalid", ".parquet"),
            (os.path.join("orc", "valid"), os.path.join("orc", "invalid"),
             ".orc")):
        n, found = check_files(args.colcheck, corpus,
                               os.path.join(corpus, valid_dir),
                               os.path.join(corpus, invalid_dir), suffix)
        passed += n
        failures += found

    for path in files_under(os.path.join(corpus, "seeds")):
        r = subprocess.run([args.colcheck, "validate", "--format", "json",
                            path], capture_output=True, text=True)
        if r.returncode in (0, 1):
            passed += 1
        else:
            failures.append(f"{os.path.relpath(path, corpus)}: colcheck "
                            f"exited {r.returncode}: {r.stderr.strip()[:300]}")

    for f in failures:
        print(f"FAIL: {f}")
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
