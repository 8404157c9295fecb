#!/usr/bin/env python3
"""Fails when an error code of the registry has no test.

A code counts as tested when a GoogleTest source (*_test.cc) names its enum
id (Code::kFoo) or when corpus/invalid/<code>/ holds a file with a sidecar.
Both kinds of test assert the code together with its span.
"""

import pathlib
import re
import sys


def main() -> int:
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ".")
    registry = (root / "validator/include/colcheck/codes.def").read_text()
    codes = re.findall(
        r'COLCHECK_CODE\((k\w+),\s*"([^"]+)",\s*kError', registry)
    sources = "\n".join(
        p.read_text(errors="replace")
        for p in root.glob("**/*_test.cc")
        if "build" not in p.parts[len(root.parts):][:1][0])
    corpus = root / "corpus/invalid"
    untested = []
    for enum_id, name in codes:
        in_unit = re.search(r"\bCode::" + enum_id + r"\b", sources)
        in_corpus = corpus.is_dir() and any(
            (corpus / name).glob("*.expected.json"))
        if not in_unit and not in_corpus:
            untested.append(name)
    print(f"{len(codes) - len(untested)} of {len(codes)} error codes have a "
          "test asserting them")
    for name in untested:
        print(f"untested error code: {name}")
    return 1 if untested else 0


if __name__ == "__main__":
    sys.exit(main())
