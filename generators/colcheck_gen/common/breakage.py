"""One record and one registry for every way the generators break a file.

Three families register here, each through `register`:

* PARQUET: parquet/mutations.py, one operator per code on a fixed base
  file (base: the specs.VALID file it starts from);
* GENERIC: parquet/generic.py, operators on any writer file, which pick
  one of their `targets` with an rng;
* ORC: orc/mutations.py, operators on a fixed ORC base (base: the BASES
  spec; plain: the base is written without compression; also: codes that
  follow necessarily from the one fault).

The code a breakage must make colcheck report is given once, to the
decorator:

    @register(PARQUET, "file.too-small", "eleven_bytes",
              "The first 11 bytes of a valid file.")
    def _too_small(pq):
        return pq.data[:11], Span(0, 11)

The function returns the broken bytes and the Span colcheck must point at,
or None when the file lacks what it needs; Breakage.apply adds the code:
(bytes, {"code", "offset", "length"}). When the one fault breaks the rule
in more places (an ORC statistic written in the stripe's and the file's
statistics alike), it returns those Spans too, as a third item: the
expectation lists them under "also", and colcheck must report the code at
exactly these spans.
"""

import importlib
from dataclasses import dataclass
from typing import Callable, Optional

from colcheck_gen.common import codes

PARQUET, GENERIC, ORC = "parquet", "generic", "orc"
# The module whose import registers each family.
_MODULES = {PARQUET: "colcheck_gen.parquet.mutations",
            GENERIC: "colcheck_gen.parquet.generic",
            ORC: "colcheck_gen.orc.mutations"}


@dataclass(frozen=True)
class Breakage:
    family: str  # PARQUET, GENERIC or ORC.
    name: str  # File stem in corpus/.../invalid/<code>/.
    code: str  # The diagnostic colcheck must report.
    description: str
    # (file) -> (bytes, Span) or None; for GENERIC (file, rng, target).
    fn: Callable
    base: Optional[str] = None  # The base file a fixed operator starts from.
    targets: Optional[Callable] = None  # GENERIC: (file) -> [target].
    plain: bool = True  # ORC: the base needs compression NONE.
    # ORC: error codes that follow necessarily from the one fault (the
    # description says why); tests allow them next to `code`.
    also: tuple = ()

    @property
    def severity(self):
        """"error", "warning" or "info", as codes.def registers the code."""
        return codes.severities().get(self.code)

    def apply(self, file, rng=None):
        """(bytes, expected) of the broken file, or None when `file` has
        nothing to break; a GENERIC operator breaks one of its targets in
        `file`, chosen with `rng`."""
        if self.targets is None:
            result = self.fn(file)
        else:
            found = self.targets(file)
            if not found:
                return None
            result = self.fn(file, rng, found[rng.randrange(len(found))])
        if result is None:
            return None
        data, span, *also = result
        return data, expected(self.code, span, *also)


REGISTRY = []


def register(family, code, name, description, targets=None, **fields):
    """Decorates a breakage function of `family` that makes colcheck
    report `code` (fields: base, plain, also)."""
    def add(fn):
        REGISTRY.append(Breakage(family, name, code, description, fn,
                                 targets=targets, **fields))
        return fn
    return add


def of(family):
    """The breakages of `family`, in registration order (importing the
    family's module first, so that the list is whole)."""
    importlib.import_module(_MODULES[family])
    return [b for b in REGISTRY if b.family == family]


def by_code(family):
    """code -> [Breakage] of `family`."""
    out = {}
    for b in of(family):
        out.setdefault(b.code, []).append(b)
    return out


def expected(code, span, also=()):
    """The sidecar and manifest form of an expected diagnostic, reported at
    `span` and, when given, at each Span of `also` too."""
    out = {"code": code, "offset": span.offset, "length": span.length}
    if also:
        out["also"] = [{"offset": s.offset, "length": s.length}
                       for s in also]
    return out
