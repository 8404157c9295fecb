"""Hypothesis strategies for descriptions of valid Parquet files.

    from hypothesis import given
    from colcheck_gen.parquet import strategies, writer

    @given(strategies.file_specs())
    def test_reads_back(spec):
        pq = writer.write(spec)
        ...

file_specs() draws a writer.FileSpec: a schema tree (leaves of every
physical type and logical annotation the writer knows, optional and
repeated fields, nested groups, LIST and MAP in their modern and legacy
shapes), rows whose values reach the edges of each type (nulls, NaN, ±0,
infinities, integer extremes, empty strings and byte arrays, the largest
decimal of each precision), row groups, and a PageStyle per leaf (page
version, an encoding the leaf's type allows, codec, pages per chunk,
dictionary fallback, CRCs, page statistics, page index, bloom filter).

Shrinking: every choice lists its simplest option first (REQUIRED, PLAIN,
UNCOMPRESSED, V1, no extras) and counts shrink toward zero, so a failing
case shrinks to a few flat columns, few rows and the default page style.

Determinism: Hypothesis draws from its own seeded random source; a test
(or generate()) that fixes the seed gets the same descriptions every run
of the same Hypothesis version.
"""

import dataclasses
import json as json_module
import math
import struct
import sys

import hypothesis
from hypothesis import strategies as st

from colcheck_gen.parquet import writer
from colcheck_gen.parquet.writer import (FileSpec, Group, Leaf, ListOf, MapOf,
                                         PageStyle, OPTIONAL, REPEATED,
                                         REQUIRED)

MAX_ROWS = 40
# Values drawn per column; rows repeat them in turn. Hypothesis draws from
# a buffer of 8 KiB, and a draw that overruns it is thrown away, so fewer
# distinct values mean more files of every kind, not fewer rows.
MAX_VALUES = 8
MAX_FIELDS = 4
MAX_DEPTH = 3

# DuckDB keeps INT32 ±(2^31 - 1) for the infinite dates and INT64
# ±(2^63 - 1) for the infinite timestamps, and converts every timestamp to
# microseconds: values stay inside what it reads as plain instants.
_DATE_LIMIT = 2**31 - 2
_TIMESTAMP_MICROS_LIMIT = 2**62
_UNIT_MICROS = {"MILLIS": 1000, "MICROS": 1, "NANOS": 1 / 1000}
_DAY = {"MILLIS": 86_400_000, "MICROS": 86_400_000_000,
        "NANOS": 86_400_000_000_000}


# ---- leaf types --------------------------------------------------------------

def _decimals(physical):
    """(precision, type_length) of legal decimals on `physical` (rule 50).
    INT64 starts at 10 digits: below that LT says to use INT32, and
    colcheck warns (decimal.int64-low-precision). BYTE_ARRAY decimals stay
    within 38 digits, the widest DECIMAL that DuckDB reads exactly (it
    reads wider ones as DOUBLE)."""
    if physical == "INT32":
        return st.tuples(st.integers(1, 9), st.none())
    if physical == "INT64":
        return st.tuples(st.integers(10, 18), st.none())
    if physical == "BYTE_ARRAY":
        return st.tuples(st.integers(1, 38), st.none())
    return st.integers(1, 16).flatmap(
        lambda n: st.tuples(st.integers(1, writer.FLBA_MAX_PRECISION[n - 1]),
                            st.just(n)))


@st.composite
def _decimal_leaf(draw, physical):
    precision, length = draw(_decimals(physical))
    scale = draw(st.integers(0, precision))
    return ("FIXED_LEN_BYTE_ARRAY" if length else physical,
            writer.Decimal(precision, scale), length)


def _integer_logicals(physical):
    bits = (8, 16, 32) if physical == "INT32" else (64,)
    return st.builds(writer.Integer, st.sampled_from(bits), st.booleans())


def _leaf_types():
    """(physical, logical, type_length) of every kind of leaf. One flat
    choice among kinds, each as likely as the next: Hypothesis flattens
    nested one_of, so grouping kinds would skew the odds. The unannotated
    INT32 comes first, the simplest leaf a failing case shrinks to."""
    unit = st.sampled_from(["MILLIS", "MICROS", "NANOS"])
    kinds = [st.just((physical, None, None)) for physical in (
        "INT32", "INT64", "BOOLEAN", "DOUBLE", "FLOAT", "BYTE_ARRAY",
        "INT96")]
    kinds += [
        st.just(("FIXED_LEN_BYTE_ARRAY", None, 1)),
        st.integers(2, 24).map(lambda n: ("FIXED_LEN_BYTE_ARRAY", None, n)),
        st.just(("BYTE_ARRAY", writer.String(), None)),
        _integer_logicals("INT32").map(lambda lt: ("INT32", lt, None)),
        _integer_logicals("INT64").map(lambda lt: ("INT64", lt, None)),
        st.just(("INT32", writer.Date(), None)),
        st.builds(writer.Timestamp, unit, st.booleans()).map(
            lambda lt: ("INT64", lt, None)),
        st.builds(writer.Time, st.just("MILLIS"), st.booleans()).map(
            lambda lt: ("INT32", lt, None)),
        st.builds(writer.Time, st.sampled_from(["MICROS", "NANOS"]),
                  st.booleans()).map(lambda lt: ("INT64", lt, None)),
        st.sampled_from(["INT32", "INT64", "BYTE_ARRAY",
                         "FIXED_LEN_BYTE_ARRAY"]).flatmap(_decimal_leaf),
        st.just(("BYTE_ARRAY", writer.Enum(), None)),
        st.just(("BYTE_ARRAY", writer.Json(), None)),
        st.just(("BYTE_ARRAY", writer.Bson(), None)),
        st.just(("FIXED_LEN_BYTE_ARRAY", writer.Uuid(), 16)),
        st.just(("FIXED_LEN_BYTE_ARRAY", writer.Float16(), 2)),
        st.just(("FIXED_LEN_BYTE_ARRAY", writer.Interval(), 12)),
        st.sampled_from(["INT32", "BYTE_ARRAY"]).map(
            lambda p: (p, writer.Unknown(), None))]
    return st.one_of(kinds)


# ---- values ----------------------------------------------------------------------

def _signed(bits):
    return st.integers(-2**(bits - 1), 2**(bits - 1) - 1)


def _json_texts():
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                        st.text(max_size=5))
    values = st.recursive(
        scalars, lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.text(max_size=3), inner, max_size=3)),
        max_leaves=5)
    return values.map(json_module.dumps)


def _float_edges(width):
    """The values statistics rules single out (NaN, ±0, ±inf) and the
    extremes of the width, drawn as often as any other float."""
    big = struct.unpack("<f", b"\xff\xff\x7f\x7f")[0] if width == 32 \
        else sys.float_info.max
    tiny = struct.unpack("<f", b"\x01\x00\x00\x00")[0] if width == 32 \
        else 5e-324
    return st.sampled_from([0.0, -0.0, math.nan, math.inf, -math.inf, big,
                            -big, tiny, -tiny])


def _half_floats():
    """Floats representable in IEEE half precision, NaN and ±0 included."""
    return st.integers(0, 0xFFFF).map(
        lambda bits: struct.unpack("<e", struct.pack("<H", bits))[0])


def _values(leaf):
    """A strategy of the non-null Python values of `leaf` (the writer's
    value conventions)."""
    logical = leaf.logical
    if isinstance(logical, writer.Decimal):
        bound = 10**logical.precision - 1
        return st.one_of(st.integers(-bound, bound), st.sampled_from(
            [bound, -bound]))
    if isinstance(logical, writer.Integer):
        if logical.signed:
            return _signed(logical.bits)
        return st.integers(0, 2**logical.bits - 1)
    if isinstance(logical, writer.Date):
        return st.integers(-_DATE_LIMIT, _DATE_LIMIT)
    if isinstance(logical, writer.Timestamp):
        limit = min(int(_TIMESTAMP_MICROS_LIMIT / _UNIT_MICROS[logical.unit]),
                    2**63 - 2)
        return st.integers(-limit, limit)
    if isinstance(logical, writer.Time):
        return st.integers(0, _DAY[logical.unit] - 1)
    if isinstance(logical, (writer.String, writer.Enum)):
        return st.text(max_size=12)
    if isinstance(logical, writer.Json):
        return _json_texts()
    if isinstance(logical, writer.Uuid):
        return st.binary(min_size=16, max_size=16)
    if isinstance(logical, writer.Float16):
        return _half_floats()
    if isinstance(logical, writer.Interval):
        # DuckDB reads each u32 into a signed 32-bit field.
        part = st.integers(0, 2**31 - 1)
        return st.tuples(part, part, part)
    physical = leaf.physical
    if physical == "BOOLEAN":
        return st.booleans()
    if physical == "INT32":
        return _signed(32)
    if physical == "INT64":
        return _signed(64)
    if physical == "INT96":
        # Nanoseconds; DuckDB 1.5 misreads INT96 instants beyond the
        # 64-bit nanosecond range (years 1677 to 2262), which real writers
        # (Impala, Spark) stay within.
        return _signed(64)
    if physical == "FLOAT":
        return st.one_of(_float_edges(width=32), st.floats(width=32))
    if physical == "DOUBLE":
        return st.one_of(_float_edges(width=64), st.floats())
    if physical == "FIXED_LEN_BYTE_ARRAY":
        return st.binary(min_size=leaf.type_length,
                         max_size=leaf.type_length)
    return st.binary(max_size=12)


def _node_values(node):
    """A strategy of the row values of `node`, nulls and repetition
    included."""
    if isinstance(node, Leaf):
        inner = (st.none() if isinstance(node.logical, writer.Unknown)
                 else _values(node))
    elif isinstance(node, ListOf):
        inner = st.lists(_node_values(node.element), max_size=4)
    elif isinstance(node, MapOf):
        inner = st.lists(
            st.tuples(_values(node.key), _node_values(node.value)),
            max_size=4, unique_by=lambda kv: kv[0])
    else:
        inner = st.fixed_dictionaries(
            {child.name: _node_values(child) for child in node.children})
    if node.repetition == OPTIONAL:
        return st.one_of(st.none(), inner)
    if node.repetition == REPEATED:
        return st.lists(inner, max_size=3)
    return inner


# ---- schema ------------------------------------------------------------------------

_REPETITIONS = [REQUIRED, OPTIONAL, REPEATED]
_KEY_TYPES = [("INT32", None, None), ("BYTE_ARRAY", writer.String(), None),
              ("INT64", None, None)]


def _leaf(name, repetition, kind):
    physical, logical, length = kind
    if isinstance(logical, writer.Unknown):
        repetition = OPTIONAL  # An UNKNOWN column holds only nulls.
    return Leaf(name, physical, repetition, logical=logical,
                type_length=length)


_NOT_REPEATED = [REQUIRED, OPTIONAL]
# Mostly the modern shape: the legacy ones exist in old files only, and
# DuckDB 1.5 cannot open a file with a MAP_KEY_VALUE outer group at all.
_MAP_SHAPES = st.sampled_from(["modern"] * 4 + [
    shape for shape in writer.MAP_SHAPES if shape != "modern"])


@st.composite
def _node(draw, name, depth, repetitions=tuple(_REPETITIONS)):
    """A schema node with one of `repetitions`; at MAX_DEPTH only leaves."""
    kinds = ["leaf", "group", "list", "map"] if depth < MAX_DEPTH else ["leaf"]
    kind = draw(st.sampled_from(kinds))
    repetition = draw(st.sampled_from(repetitions))
    if kind == "leaf":
        return _leaf(name, repetition, draw(_leaf_types()))
    if kind == "group":
        count = draw(st.integers(1, 3))
        children = [draw(_node(f"f{i}", depth + 1)) for i in range(count)]
        return Group(name, children, repetition)
    if repetition == REPEATED:
        repetition = OPTIONAL  # A LIST or MAP is itself the repetition.
    if kind == "list":
        # Draw the element, then a shape that holds it unambiguously.
        element = draw(_node("element", depth + 1, _NOT_REPEATED))
        shape = draw(st.sampled_from(writer.list_shapes(element)))
        return ListOf(name, element, repetition, shape=shape)
    key = _leaf("key", REQUIRED, draw(st.sampled_from(_KEY_TYPES)))
    value = draw(_node("value", depth + 1, _NOT_REPEATED))
    shape = draw(_MAP_SHAPES)
    return MapOf(name, key, value, repetition, shape=shape)


# ---- page styles ---------------------------------------------------------------------

@st.composite
def page_styles(draw, physical):
    """A PageStyle for a leaf of `physical`, simplest first."""
    return PageStyle(
        version=draw(st.sampled_from([1, 2])),
        encoding=draw(st.sampled_from(writer.ENCODINGS_BY_PHYSICAL[physical])),
        codec=draw(st.sampled_from(writer.CODECS)),
        crc=draw(st.booleans()),
        statistics=draw(st.booleans()),
        page_rows=draw(st.one_of(st.none(), st.integers(1, 8))),
        page_index=draw(st.booleans()),
        bloom_filter=draw(st.booleans()),
        dictionary_fallback=draw(st.one_of(st.none(), st.integers(1, 4))))


@st.composite
def _row_group_sizes(draw, rows):
    """1..3 non-empty row groups that hold `rows` rows."""
    if rows == 0:
        return None
    cuts = draw(st.lists(st.integers(1, rows - 1), max_size=2, unique=True)
                if rows > 1 else st.just([]))
    bounds = [0] + sorted(cuts) + [rows]
    return [b - a for a, b in zip(bounds, bounds[1:])]


@st.composite
def _column(draw):
    """(top-level node, 1..MAX_VALUES values, the PageStyle of each of its
    leaves in column order), drawn together so that the shrinker deletes
    a column with everything that belongs to it."""
    node = draw(_node("c", 1))
    values = draw(st.lists(_node_values(node), min_size=1,
                           max_size=MAX_VALUES))
    styles = [draw(page_styles(leaf.physical))
              for _, leaf in writer.leaf_paths([node])]
    return node, values, styles


@st.composite
def file_specs(draw, max_rows=MAX_ROWS):
    """A writer.FileSpec of a valid file.

    The row count is drawn first and each column is one list element that
    holds its own values, repeated in turn to fill the rows. So no draw
    depends on another's size: the shrinker lowers the row count, deletes
    columns and values, and everything else stays as it was."""
    rows = draw(st.integers(0, max_rows))
    columns = draw(st.lists(_column(), min_size=1, max_size=MAX_FIELDS))
    schema, styles = [], {}
    for i, (node, _, leaf_styles) in enumerate(columns):
        node = dataclasses.replace(node, name=f"c{i}")
        schema.append(node)
        for (path, _), style in zip(writer.leaf_paths([node]), leaf_styles):
            styles[path] = style
    table = [{f"c{i}": values[r % len(values)]
              for i, (_, values, _) in enumerate(columns)}
             for r in range(rows)]
    return FileSpec(
        schema, table,
        row_group_sizes=draw(_row_group_sizes(rows)),
        level_style=draw(st.sampled_from(["rle", "bitpacked"])),
        statistics=draw(st.booleans()),
        column_pages=styles)


# ---- descriptions ----------------------------------------------------------------------

def _type_text(leaf):
    text = leaf.physical.lower()
    if leaf.type_length:
        text = f"fixed_len_byte_array({leaf.type_length})"
    if leaf.logical is not None:
        text += f" ({leaf.logical!r})"
    return text


def _style_text(style):
    default = PageStyle()
    changed = [f"{name}={getattr(style, name)!r}"
               for name in style.__dataclass_fields__
               if getattr(style, name) != getattr(default, name)]
    return ", ".join(changed) or "default"


def _describe_node(node, path, styles, indent, out):
    pad = "  " * indent
    rep = node.repetition.lower()
    if isinstance(node, Leaf):
        style = styles.get(".".join(path), PageStyle())
        out.append(f"{pad}{rep} {_type_text(node)} {node.name};"
                   f"  # {_style_text(style)}")
        return
    if isinstance(node, ListOf):
        out.append(f"{pad}{rep} list<{node.shape}> {node.name} {{")
    elif isinstance(node, MapOf):
        out.append(f"{pad}{rep} map<{node.shape}> {node.name} {{")
    else:
        out.append(f"{pad}{rep} group {node.name} {{")
    for child_path, child in writer.child_paths(node, path):
        _describe_node(child, child_path, styles, indent + 1, out)
    out.append(f"{pad}}}")


def describe(spec, max_rows=8):
    """A short text of a FileSpec: its schema with each leaf's page style,
    its row groups and its first rows. Hypothesis prints it with a shrunk
    failing example."""
    out = ["message schema {"]
    for node in spec.schema:
        _describe_node(node, [node.name], spec.column_pages, 1, out)
    out.append("}")
    out.append(f"{len(spec.rows)} rows, row groups {spec.row_group_sizes}, "
               f"levels {spec.level_style}, statistics {spec.statistics}")
    for i, row in enumerate(spec.rows[:max_rows]):
        out.append(f"  row {i}: {_row_text(row)}")
    if len(spec.rows) > max_rows:
        out.append(f"  ... {len(spec.rows) - max_rows} more rows")
    return "\n".join(out)


def _row_text(row):
    return "{" + ", ".join(f"{k}: {v!r}" for k, v in row.items()) + "}"


# ---- drawing outside a test -----------------------------------------------------------

def draw(strategy, seed_value, count):
    """`count` examples of `strategy`, the same ones for the same seed and
    Hypothesis version. Hypothesis starts small and grows, as it does in a
    test, so the first examples of every seed are the simplest."""
    drawn = []

    @hypothesis.seed(seed_value)
    @hypothesis.settings(max_examples=count, database=None, deadline=None,
                         phases=[hypothesis.Phase.generate],
                         suppress_health_check=list(hypothesis.HealthCheck))
    @hypothesis.given(strategy)
    def collect(example):
        drawn.append(example)

    collect()
    return drawn[:count]
