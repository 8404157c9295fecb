"""What the tests of peer-written files share: finding node and the npm
packages, running a peers/*.mjs writer, checking its manifest against the
files on disk, the loop over colcheck's JSON report, and the verdict.

The tests import it from their own directory, which Python puts first on
sys.path when it runs a script. Standard library only.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys

SKIP = 77  # ctest's SKIP_RETURN_CODE for these tests.


def skip(message):
    print(f'SKIPPED: {message}')
    sys.exit(SKIP)


def arguments(doc):
    """A parser with the flags every peer test takes (--colcheck, --peers,
    --out, --node), described by the first line of `doc`."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument('--colcheck', required=True, help='colcheck binary')
    parser.add_argument('--peers', required=True, help='the peers/ directory')
    parser.add_argument('--out', required=True, help='directory for the files')
    parser.add_argument('--node', default='node', help='node binary')
    return parser


def require(node_arg, peers, packages, colcheck):
    """Returns the node binary. Skips when node or one of the npm
    `packages` under peers/node_modules is missing; returns None (a failure,
    already printed) when the colcheck binary is."""
    node = shutil.which(node_arg) if node_arg else None
    if not node:
        skip(f'node not found ({node_arg or "none"}); '
             'run scripts/install-deps.sh and scripts/install-peers.sh')
    for package in packages:
        path = os.path.join(peers, 'node_modules', package)
        if not os.path.isdir(path):
            skip(f'npm package {package} is not installed ({path} is missing); '
                 'run scripts/install-peers.sh')
    if not os.access(colcheck, os.X_OK):
        print(f'FAIL: colcheck binary {colcheck} not found; '
              'build the colcheck target first')
        return None
    return node


def write_files(node, script, args, out):
    """Runs peers/`script` with `args` and `out`, and returns the document
    of the manifest.json it writes there, or None (a failure, already
    printed) when the writer fails."""
    writer = subprocess.run([node, script, *args, out],
                            capture_output=True, text=True, check=False)
    sys.stdout.write(writer.stdout)
    if writer.returncode != 0:
        sys.stdout.write(writer.stderr)
        print(f'FAIL: {os.path.basename(script)} exited with '
              f'{writer.returncode}')
        return None
    with open(os.path.join(out, 'manifest.json'), encoding='utf-8') as f:
        return json.load(f)


def check_files(out, manifest, min_files, failures):
    """Adds a failure when the .parquet files in `out` are not the
    manifest's, or fewer than `min_files` (the writer lost a whole group of
    files). Returns the manifest's file names, sorted."""
    expected = sorted(entry['file'] for entry in manifest)
    on_disk = sorted(f for f in os.listdir(out) if f.endswith('.parquet'))
    if on_disk != expected:
        failures.append(f'files on disk {on_disk} differ from the manifest '
                        f'{expected}')
    if len(expected) < min_files:
        failures.append(f'only {len(expected)} files written, expected at '
                        f'least {min_files}')
    return expected


def validate(colcheck, out, manifest, failures):
    """Runs `colcheck validate --format json` over the manifest's files and
    returns (name, result) for each manifest entry, in manifest order, where
    result is the file's object in the JSON report. A colcheck failure, a
    file missing from the report and a verdict other than valid or invalid
    are added to `failures` (and such a file left out)."""
    paths = [os.path.join(out, entry['file']) for entry in manifest]
    run = subprocess.run([colcheck, 'validate', '--format', 'json', *paths],
                         capture_output=True, text=True, check=False)
    # 0: all valid, 1: some file invalid; anything else is a tool failure.
    if run.returncode not in (0, 1):
        sys.stdout.write(run.stdout + run.stderr)
        failures.append(f'colcheck exited with {run.returncode}')
        return []
    by_name = {os.path.basename(f['path']): f
               for f in json.loads(run.stdout)['files']}
    results = []
    for entry in manifest:
        name = entry['file']
        result = by_name.get(name)
        if result is None:
            failures.append(f'{name}: missing from the colcheck report')
            continue
        if result['verdict'] not in ('valid', 'invalid'):
            failures.append(f'{name}: unexpected verdict {result["verdict"]}')
        results.append((name, result))
    return results


def finish(failures, pass_message):
    """Prints the failures, or `pass_message` when there are none, and
    returns the test's exit status."""
    if failures:
        print('FAIL:')
        for line in failures:
            print(f'  {line}')
        return 1
    print(f'PASS: {pass_message}')
    return 0
