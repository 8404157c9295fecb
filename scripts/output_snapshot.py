#!/usr/bin/python3
"""Records every output colcheck gives on a set of files, to show that a
refactoring changes none of them.

  scripts/output_snapshot.py record --colcheck build/cli/colcheck \\
      --out /tmp/before corpus ../shared/corpus-external
  ... change, rebuild ...
  scripts/output_snapshot.py record --colcheck build/cli/colcheck \\
      --out /tmp/after corpus ../shared/corpus-external
  scripts/output_snapshot.py compare /tmp/before /tmp/after

`record` runs each command below on each regular file under the given
paths and stores its exit status, standard output and standard error, one
file per (input, command), named by the input's path. `compare` lists the
entries that differ or exist on one side only, and exits 1 if any does.
Outputs that name the binary's version or a temporary path are recorded
as they are: run both snapshots with binaries of one version and the same
input paths.
"""

import argparse
import concurrent.futures
import hashlib
import os
import subprocess
import sys
import tempfile

# (name, arguments before the file). "report" writes HTML to a file.
COMMANDS = [
    ("validate-text", ["validate", "--no-config"]),
    ("validate-footer", ["validate", "--no-config", "--level", "footer",
                         "--format", "json"]),
    ("validate-json", ["validate", "--no-config", "--format", "json"]),
    ("validate-jsonl", ["validate", "--no-config", "--format", "jsonl"]),
    ("validate-sarif", ["validate", "--no-config", "--format", "sarif"]),
    ("validate-context", ["validate", "--no-config", "--context"]),
    ("validate-strict", ["validate", "--no-config", "--strict",
                         "--format", "json"]),
    ("explain-text", ["explain"]),
    ("explain-json", ["explain", "--format", "json"]),
    ("explain-footer", ["explain", "--footer", "--format", "json"]),
    ("schema-text", ["schema"]),
    ("schema-json", ["schema", "--format", "json"]),
    ("plan-json", ["plan", "--format", "json", "--data"]),
    ("report-html", ["report"]),
]


def inputs(paths):
    for root in paths:
        if os.path.isfile(root):
            yield root
            continue
        for d, dirs, files in os.walk(root):
            dirs.sort()
            for f in sorted(files):
                p = os.path.join(d, f)
                if os.path.isfile(p) and not f.endswith((".json", ".md")):
                    yield p


def entry_name(path, command):
    digest = hashlib.sha256(path.encode()).hexdigest()[:16]
    return f"{digest}.{command}"


def run_one(colcheck, path, command, args, out):
    with tempfile.TemporaryDirectory() as tmp:
        argv = [colcheck] + args
        html = os.path.join(tmp, "report.html")
        if command == "report-html":
            argv += ["-o", html]
        r = subprocess.run(argv + [path], capture_output=True, timeout=600)
        body = r.stdout
        # The report's temporary path is the one thing that changes per run.
        stderr = r.stderr.replace(tmp.encode(), b"TMP")
        if command == "report-html" and os.path.exists(html):
            with open(html, "rb") as f:
                body = f.read()
    with open(os.path.join(out, entry_name(path, command)), "wb") as f:
        f.write(b"path: " + path.encode() + b"\n")
        f.write(b"status: " + str(r.returncode).encode() + b"\n")
        f.write(b"stderr:\n" + stderr + b"\nstdout:\n" + body)


def record(args):
    os.makedirs(args.out, exist_ok=True)
    jobs = []
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for path in inputs(args.paths):
            for command, cargs in COMMANDS:
                jobs.append(pool.submit(run_one, args.colcheck, path,
                                        command, cargs, args.out))
        for j in jobs:
            j.result()
    print(f"{len(jobs)} outputs recorded in {args.out}")
    return 0


def compare(args):
    a, b = set(os.listdir(args.before)), set(os.listdir(args.after))
    differ = []
    for name in sorted(a | b):
        if name not in a or name not in b:
            differ.append((name, "on one side only"))
            continue
        with open(os.path.join(args.before, name), "rb") as f:
            x = f.read()
        with open(os.path.join(args.after, name), "rb") as f:
            y = f.read()
        if x != y:
            differ.append((name, x.split(b"\n", 1)[0].decode(
                errors="replace")))
    for name, why in differ[:50]:
        print(f"differs: {name} ({why})")
    print(f"{len(a | b)} outputs compared, {len(differ)} differ")
    return 1 if differ else 0


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="action", required=True)
    r = sub.add_parser("record")
    r.add_argument("--colcheck", required=True)
    r.add_argument("--out", required=True)
    r.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    r.add_argument("paths", nargs="+")
    c = sub.add_parser("compare")
    c.add_argument("before")
    c.add_argument("after")
    args = p.parse_args()
    return record(args) if args.action == "record" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
