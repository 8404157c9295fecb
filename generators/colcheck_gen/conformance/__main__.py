#!/usr/bin/python3
"""Writes colcheck's reader conformance suite, deterministically.

    export PYTHONPATH=generators
    /usr/bin/python3 -m colcheck_gen.conformance --out conformance/suite
    /usr/bin/python3 -m colcheck_gen.conformance --check conformance/suite

--out writes manifest.json and cases/ (rewritten whole); --check
regenerates into a temporary directory and fails unless every file is
byte-identical.
"""

import argparse
import os
import sys

from colcheck_gen.common.paths import REPO
from colcheck_gen.conformance import suite


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=os.path.join(REPO, "conformance",
                                                      "suite"))
    parser.add_argument("--check", metavar="DIR",
                        help="compare a fresh generation with DIR")
    args = parser.parse_args(argv)
    if args.check:
        problems = suite.check(args.check)
        for p in problems:
            print(f"FAIL: {p}")
        n = len(suite._files(args.check))
        print(f"{n - len(problems)} files identical, {len(problems)} "
              f"problems")
        return 1 if problems else 0
    cases = suite.generate(args.out)
    counts = {}
    for c in cases:
        counts[c.outcome] = counts.get(c.outcome, 0) + 1
    print(f"wrote {len(cases)} cases under {args.out}: " +
          ", ".join(f"{counts.get(k, 0)} {k}_" for k in "yni"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
