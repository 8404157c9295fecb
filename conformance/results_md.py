#!/usr/bin/python3
"""Writes conformance/RESULTS.md from a `colcheck conformance run`'s
results.json: the counts per reader, then every crash, hang, wrong value
and silent misread with its case id, what the reader did and, for a wrong
value, the first difference.

  /usr/bin/python3 conformance/test_matrix.py --colcheck build/cli/colcheck \\
      --out /tmp/matrix --full
  /usr/bin/python3 conformance/results_md.py /tmp/matrix/results.json \\
      --date 2026-12-05 > conformance/RESULTS.md
"""

import argparse
import json

from test_matrix import UNCONFIRMED

OUTCOMES = ["pass", "rejected-valid", "accepted-invalid", "wrong-values",
            "crash", "hang", "unsupported"]
WORST = ("crash", "hang", "wrong-values")


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results")
    parser.add_argument("--date", required=True)
    args = parser.parse_args()
    with open(args.results) as f:
        results = json.load(f)
    cases = {c["id"]: c for c in results["suite"]["cases"]}
    out = []
    out.append("# Conformance results\n")
    out.append(f"The whole suite (v{results['suite']['version']}, seed "
               f"{results['suite']['seed']}, {len(cases)} cases: "
               f"{sum(c['outcome'] == 'y' for c in cases.values())} y, "
               f"{sum(c['outcome'] == 'n' for c in cases.values())} n, "
               f"{sum(c['outcome'] == 'i' for c in cases.values())} i) "
               f"through each reader, measured on {args.date} with "
               f"colcheck {results['version']}: `conformance/test_matrix.py "
               "--full`, then `conformance/results_md.py` (this file). "
               "`colcheck` is colcheck itself as a strict reader (validate, "
               "then cat). Nothing here has been filed upstream; each crash "
               "and misread has a reproducer bundle in the run's output "
               "directory.\n")
    out.append("| reader | version | " + " | ".join(OUTCOMES) +
               " | misreads of n cases |")
    out.append("|---|---|" + "---:|" * (len(OUTCOMES) + 1))
    for reader in results["readers"]:
        version = (reader["profile"] or {}).get("version", "")
        misreads = sum(r["misread"] for r in reader["results"])
        out.append(f"| {reader['name']} | {version} | " +
                   " | ".join(str(reader["counts"][o]) for o in OUTCOMES) +
                   f" | {misreads} |")
    out.append("")
    out.append("A y case is a valid file that must read to its expected "
               "rows, an n case an invalid one that must be rejected "
               "(`accepted-invalid` counts the ones read anyway; a "
               "*misread* is one read to values other than the file held "
               "before its fault; when the reader misreads that file too, "
               "the case's `y_base` baseline, to values other than its own "
               "reading of it), an i case may go either way. "
               "`unsupported` cases are those a reader's profile excuses "
               "(conformance/profiles/).\n")
    unconfirmed = [c for c in UNCONFIRMED if c in cases]
    if unconfirmed:
        out.append("Valid cases that fewer than two peers read back equal, "
                   "as the suite's own check asks, and why "
                   "(`test_matrix.py` UNCONFIRMED):\n")
        out += [f"- `{c}`: {UNCONFIRMED[c]}." for c in unconfirmed]
        out.append("")
    for reader in results["readers"]:
        worst = [r for r in reader["results"]
                 if r["outcome"] in WORST or r["misread"]]
        out.append(f"## {reader['name']}\n")
        if not worst:
            out.append("No crash, hang, wrong value or misread.\n")
            continue
        out.append("| case | outcome | what happened | first difference |")
        out.append("|---|---|---|---|")
        for r in worst:
            diff = r["difference"]
            where = ""
            if diff:
                where = (f"row {diff['row']}"
                         f"{', `' + diff['path'] + '`' if diff['path'] else ''}: "
                         f"expected `{cell(diff['expected'])[:120]}`, got "
                         f"`{cell(diff['actual'])[:120]}`")
            outcome = r["outcome"] + (" (misread)" if r["misread"] else "")
            risk = " (silent-misread risk)" if cases[r["case"]].get(
                "silent_misread_risk") else ""
            out.append(f"| `{r['case']}`{risk} | {outcome} | "
                       f"{cell(r['detail'])}"
                       f"{': ' + cell(r['message'])[-200:] if r['message'] and r['outcome'] != 'wrong-values' else ''}"
                       f" | {where} |")
        out.append("")
    print("\n".join(out))


if __name__ == "__main__":
    main()
