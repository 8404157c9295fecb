"""python3 -m colcheck_gen: write random valid and invalid Parquet files.

    cd generators
    /usr/bin/python3 -m colcheck_gen --seed 7 --count 50 --out /tmp/pq

writes /tmp/pq/valid-0000.parquet ... and /tmp/pq/invalid-0000.parquet ...
and /tmp/pq/manifest.jsonl, one JSON object per file:

    {"file": "valid-0000.parquet", "verdict": "valid", "expected": [],
     "seed": 7, "index": 0, "description": "message schema { ... }"}
    {"file": "invalid-0000.parquet", "verdict": "invalid",
     "expected": [{"code": "page.crc-mismatch", "offset": 812, "length": 4}],
     "mutation": "page_crc_flipped", "base": "valid-0000.parquet", ...}

A valid file must read without error and give the values its description
lists; an invalid file breaks exactly one rule that the specification
makes an error, and colcheck reports each `expected` code with a span
overlapping the one given (it may report consequences too). The same seed
writes the same files (with the same Hypothesis version).
"""

import argparse
import json
import os
import random
import sys

from colcheck_gen.common import codes
from colcheck_gen.parquet import generic, strategies, thrift_gen, writer


def _parse(argv):
    parser = argparse.ArgumentParser(
        prog="python3 -m colcheck_gen",
        description="Write random Parquet files and a manifest.jsonl of the "
                    "verdict and diagnostics colcheck must give each.")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the draw (default 0)")
    parser.add_argument("--count", type=int, default=10,
                        help="files of each kind to write (default 10)")
    parser.add_argument("--out", required=True,
                        help="directory to write into (created if needed)")
    kind = parser.add_mutually_exclusive_group()
    kind.add_argument("--valid", dest="kind", action="store_const",
                      const="valid", help="only valid files")
    kind.add_argument("--invalid", dest="kind", action="store_const",
                      const="invalid", help="only invalid files, each a "
                      "valid file broken in one place")
    kind.add_argument("--both", dest="kind", action="store_const",
                      const="both", help="COUNT of each (the default)")
    parser.add_argument("--max-bytes", type=int, default=1 << 20,
                        help="skip drawn files larger than this "
                             "(default 1048576)")
    parser.set_defaults(kind="both")
    args = parser.parse_args(argv)
    if args.count < 0:
        parser.error("--count must not be negative")
    if args.max_bytes < 12:
        parser.error("--max-bytes must be at least 12")
    return args


def _valid_files(seed, count, max_bytes, ttypes):
    """(spec, ParquetFile) pairs of at most max_bytes, `count` of them when
    the draw allows: each round draws more from a seed derived from the
    last."""
    files = []
    for attempt in range(8):
        if len(files) >= count:
            break
        for spec in strategies.draw(strategies.file_specs(),
                                    seed * 8 + attempt, 2 * count):
            pq = writer.write(spec, ttypes)
            if len(pq.data) <= max_bytes:
                files.append((spec, pq))
            if len(files) == count:
                break
    return files


def _break(pq, rng):
    """(operator, bytes, expected) of a generic mutation whose code is an
    error, so that the file is invalid; None when none applies."""
    severity = codes.severities()
    choices = [m for m in generic.applicable(pq)
               if severity.get(m.code) == "error"]
    if not choices:
        return None
    mutation = choices[rng.randrange(len(choices))]
    data, expected = mutation.apply(pq, rng)
    return mutation, data, expected


def _write(out, name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def main(argv=None):
    args = _parse(argv)
    os.makedirs(args.out, exist_ok=True)
    ttypes = thrift_gen.load()
    files = _valid_files(args.seed, args.count, args.max_bytes, ttypes)
    if len(files) < args.count:
        print(f"colcheck_gen: only {len(files)} drawn files fit in "
              f"--max-bytes {args.max_bytes}", file=sys.stderr)
    entries = []
    for i, (spec, pq) in enumerate(files):
        common = {"seed": args.seed, "index": i,
                  "description": strategies.describe(spec)}
        valid_name = f"valid-{i:04d}.parquet"
        if args.kind in ("valid", "both"):
            _write(args.out, valid_name, pq.data)
            entries.append({"file": valid_name, "verdict": "valid",
                            "expected": [], **common})
        if args.kind in ("invalid", "both"):
            mutated = _break(pq, random.Random(f"{args.seed}:{i}"))
            if mutated is None:
                continue
            mutation, data, expected = mutated
            name = f"invalid-{i:04d}.parquet"
            _write(args.out, name, data)
            entries.append({"file": name, "verdict": "invalid",
                            "expected": [expected], "mutation": mutation.name,
                            "mutation_description": mutation.description,
                            "base": valid_name, **common})
    with open(os.path.join(args.out, "manifest.jsonl"), "w") as f:
        for entry in entries:
            f.write(json.dumps(entry) + "\n")
    print(f"colcheck_gen: wrote {len(entries)} files and manifest.jsonl to "
          f"{args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
