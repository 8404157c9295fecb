"""Hypothesis strategies for descriptions of valid ORC files.

    from hypothesis import given
    from colcheck_gen.orc import (strategies as orc_strategies,
                                  writer as orc_writer)

    @given(orc_strategies.orc_specs())
    def test_reads_back(spec):
        orc = orc_writer.write(spec)
        ...

orc_specs() draws an orc_writer.OrcSpec: a STRUCT root whose fields are
every primitive kind (CHAR/VARCHAR lengths, DECIMAL precisions 1..38,
dictionary or direct strings, bloom filters) and nested STRUCT, LIST, MAP
and UNION; rows whose values reach the edges of each type (nulls, integer
extremes, ±0.0, infinities, empty strings, the largest decimal of each
precision, timestamps around 1970 and across DST in the writer time zone),
stripes, a codec and block size (down to 16 bytes, so chunking is
stressed), RLE v1 or v2 (or one forced RLEv2 sub-encoding), a row-index
stride and the writer id.

Shrinking: every choice lists its simplest option first (NONE, RLEv2 as
the Java writer picks, no row index, one stripe), and counts shrink toward
zero. Sizes are bounded (MAX_ROWS, MAX_FIELDS, MAX_DEPTH) so CI stays fast.
Determinism: use strategies.draw(orc_specs(), seed, n).
"""

import datetime
import zoneinfo

from hypothesis import strategies as st

from colcheck_gen.orc import compress as orc_compress, writer as orc_writer
from colcheck_gen.orc.writer import (OrcSpec, OrcType, Struct, List, Map,
                                     Union)

MAX_ROWS = 30
MAX_FIELDS = 4
MAX_DEPTH = 3
TIME_ZONES = ("UTC", "America/Los_Angeles", "Europe/Berlin",
              "Australia/Lord_Howe", "Asia/Kolkata")
BLOOMABLE = ("BYTE", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE", "STRING",
             "CHAR", "VARCHAR", "BINARY", "DECIMAL", "DATE", "TIMESTAMP",
             "TIMESTAMP_INSTANT")
_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=6)
_TS_LIMIT = 1 << 34  # About years 1425..2514: inside every tz database.


def _signed(bits):
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return st.one_of(st.integers(-3, 3), st.sampled_from([lo, hi, lo + 1]),
                     st.integers(lo, hi))


@st.composite
def primitive_types(draw, bloom_ok):
    kind = draw(st.sampled_from(orc_writer.PRIMITIVES))
    options = {}
    if kind in ("CHAR", "VARCHAR"):
        options["max_length"] = draw(st.integers(1, 6))
    if kind == "DECIMAL":
        p = draw(st.integers(1, 38))
        options["precision"] = p
        options["scale"] = draw(st.integers(0, p))
    if kind in orc_writer.STRING_KINDS:
        options["dictionary"] = draw(st.booleans())
    if bloom_ok and kind in BLOOMABLE:
        options["bloom"] = draw(st.booleans())
    if draw(st.integers(0, 9)) == 0:  # Now and then a column of its own.
        options["rle_version"] = draw(st.sampled_from([1, 2]))
    return OrcType(kind, **options)


def orc_types(bloom_ok=False, depth=MAX_DEPTH):
    """A type tree of at most `depth` compound levels."""
    leaf = primitive_types(bloom_ok)
    if depth <= 0:
        return leaf
    inner = orc_types(bloom_ok, depth - 1)
    return st.one_of(
        leaf,
        st.lists(inner, min_size=1, max_size=MAX_FIELDS).map(
            lambda ts: Struct([(f"f{i}", t) for i, t in enumerate(ts)])),
        inner.map(List),
        st.tuples(leaf, inner).map(lambda kv: Map(*kv)),
        st.lists(inner, min_size=1, max_size=3).map(Union))


def _timestamps(kind, tz):
    secs = st.one_of(st.integers(-3, 3),
                     st.integers(-86_400 * 400, 86_400 * 400),
                     st.integers(-_TS_LIMIT, _TS_LIMIT))
    nanos = st.one_of(st.sampled_from([0, 1, 999_999, 1_000_000,
                                       999_999_999]),
                      st.integers(0, 999_999_999))
    return st.tuples(secs, nanos).filter(
        lambda v: timestamp_ok(v, kind, tz))


def timestamp_ok(value, kind, tz):
    """Values the writer stores and readers give back unchanged: not in
    ORC-645's ambiguous second before 1970, and (TIMESTAMP in a zone with
    DST) a wall-clock time that exists in the writer's zone."""
    try:
        orc_writer.timestamp_seconds(value, kind, tz)
    except ValueError:
        return False
    if kind != "TIMESTAMP" or tz in (None, "UTC", "GMT"):
        return True
    zone = zoneinfo.ZoneInfo(tz)
    wall = datetime.datetime(1970, 1, 1) + datetime.timedelta(
        seconds=value[0])
    back = datetime.datetime.fromtimestamp(
        wall.replace(tzinfo=zone).timestamp(), zone).replace(tzinfo=None)
    return back == wall


def values_of(t, tz, nullable=True):
    """A strategy of values of type `t` (None for null when nullable)."""
    k = t.kind
    if k == "BOOLEAN":
        s = st.booleans()
    elif k in ("BYTE", "SHORT", "INT", "LONG"):
        s = _signed(orc_writer.INT_RANGE[k])
    elif k == "DATE":
        s = st.one_of(st.integers(-800, 800),
                      st.integers(-(1 << 31), (1 << 31) - 1))
    elif k == "FLOAT":
        s = st.floats(width=32, allow_nan=False)
    elif k == "DOUBLE":
        s = st.floats(allow_nan=False)
    elif k == "STRING":  # Now and then over 1024 bytes: bounds (ST4).
        s = st.one_of(_TEXT, st.just("ü" * 520), st.just("~" * 1030))
    elif k == "VARCHAR":
        s = st.text(st.characters(blacklist_categories=("Cs",)),
                    max_size=t.max_length)
    elif k == "CHAR":  # Stored padded, so drawn padded.
        s = st.text(st.characters(blacklist_categories=("Cs",)),
                    max_size=t.max_length).map(
                        lambda v: v.ljust(t.max_length))
    elif k == "BINARY":
        s = st.binary(max_size=6)
    elif k == "DECIMAL":
        top = 10 ** t.precision - 1
        s = st.one_of(st.integers(-3, 3), st.sampled_from([top, -top]),
                      st.integers(-top, top))
    elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
        s = _timestamps(k, tz)
    elif k == "STRUCT":
        s = st.fixed_dictionaries({
            name: values_of(c, tz)
            for name, c in zip(t.field_names, t.children)})
    elif k == "LIST":
        s = st.lists(values_of(t.children[0], tz), max_size=3)
    elif k == "MAP":
        s = st.lists(st.tuples(values_of(t.children[0], tz, False),
                               values_of(t.children[1], tz)), max_size=3)
    elif k == "UNION":
        s = st.one_of(*[values_of(c, tz).map(lambda v, i=i: (i, v))
                        for i, c in enumerate(t.children)])
    else:
        raise ValueError(k)
    return st.one_of(st.none(), s) if nullable else s


@st.composite
def _stripe_rows(draw, n):
    if n == 0:
        return None
    cuts = sorted(set(draw(st.lists(st.integers(1, max(1, n - 1)),
                                    max_size=2)))) if n > 1 else []
    bounds = [0] + cuts + [n]
    return [b - a for a, b in zip(bounds, bounds[1:])]


@st.composite
def orc_specs(draw, max_rows=MAX_ROWS):
    """An OrcSpec of a STRUCT root, rows and file options."""
    stride = draw(st.sampled_from([0, 1, 3, 10]))
    fields = draw(st.lists(orc_types(bloom_ok=stride > 0), min_size=1,
                           max_size=MAX_FIELDS))
    schema = Struct([(f"c{i}", t) for i, t in enumerate(fields)])
    tz = draw(st.sampled_from(TIME_ZONES))
    rows = draw(st.lists(values_of(schema, tz, nullable=False),
                         max_size=max_rows))
    codec = draw(st.sampled_from(orc_compress.CODECS))
    block_size = draw(st.sampled_from([256 * 1024, 16, 100, 1000]))
    rle_version = draw(st.sampled_from([2, 1]))
    force = None
    if rle_version == 2:
        force = draw(st.sampled_from([None, "DIRECT", "DELTA",
                                      "PATCHED_BASE", "SHORT_REPEAT"]))
    return OrcSpec(schema, rows, stripe_rows=draw(_stripe_rows(len(rows))),
                   compression=codec, block_size=block_size,
                   rle_version=rle_version, rle_force=force,
                   row_index_stride=stride,
                   writer=draw(st.sampled_from([0, 1])),
                   writer_timezone=tz)


def describe(spec):
    """One line per option and column type: for failure messages."""
    def type_text(t):
        if t.kind == "STRUCT":
            return "struct<" + ",".join(
                f"{n}:{type_text(c)}"
                for n, c in zip(t.field_names, t.children)) + ">"
        if t.children:
            return t.kind.lower() + "<" + ",".join(
                type_text(c) for c in t.children) + ">"
        extra = ""
        if t.kind == "DECIMAL":
            extra = f"({t.precision},{t.scale})"
        elif t.max_length is not None:
            extra = f"({t.max_length})"
        flags = ("+dict" if t.dictionary else "") + \
            ("+bloom" if t.bloom else "")
        return t.kind.lower() + extra + flags
    return (f"{type_text(spec.schema)} rows={len(spec.rows)} "
            f"stripes={spec.stripe_rows} {spec.compression}/"
            f"{spec.block_size} rle={spec.rle_version}"
            f"{'/' + spec.rle_force if spec.rle_force else ''} "
            f"stride={spec.row_index_stride} tz={spec.writer_timezone}")
