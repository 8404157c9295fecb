"""colcheck's diagnostic codes and their severities, read from the registry
itself (validator/include/colcheck/codes.def), so the generators need no
colcheck binary to know whether a mutation makes a file invalid."""

import functools
import os
import re

from colcheck_gen.common.paths import REPO

CODES_DEF = os.path.join(REPO, "validator", "include", "colcheck",
                         "codes.def")

_ENTRY = re.compile(r'COLCHECK_CODE\(\s*\w+,\s*"([^"]+)",\s*k(\w+),')


@functools.cache
def severities():
    """{code: "error" | "warning" | "info"} of every registered code."""
    with open(CODES_DEF, encoding="utf-8") as f:
        found = {code: severity.lower()
                 for code, severity in _ENTRY.findall(f.read())}
    if not found:
        raise RuntimeError(f"no COLCHECK_CODE entries in {CODES_DEF}")
    return found
