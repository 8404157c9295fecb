"""Writes valid Parquet files from a small description.

    schema = [
        Leaf("id", "INT64"),
        Leaf("name", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Group("point", [Leaf("x", "DOUBLE"), Leaf("y", "DOUBLE")], OPTIONAL),
    ]
    rows = [{"id": 1, "name": "a", "point": {"x": 0.5, "y": 1.0}},
            {"id": 2, "name": None, "point": None}]
    pq = write(FileSpec(schema, rows, row_group_sizes=[1, 1]))
    pq.data        # the file's bytes
    pq.metadata    # the FileMetaData Thrift object that was serialized
    pq.spans       # field path -> FieldSpan, absolute in pq.data

Layout (parquet-format README "File Format"; PageIndex.md; BloomFilter.md):

    PAR1 | chunk 0,0 | chunk 0,1 | ... | column indexes | offset indexes
         | bloom filters | FileMetaData | u32 LE length | PAR1

By default (PageStyle()) each column chunk is one data page V1: PLAIN
values, UNCOMPRESSED, and RLE levels with a 4-byte length prefix where the
path has OPTIONAL or REPEATED fields. A PageStyle, for the whole file or
per leaf, asks for DATA_PAGE_V2, any value encoding the leaf's physical
type allows (ENCODINGS_BY_PHYSICAL), dictionary fallback to PLAIN, any
codec of CODECS, PageHeader.crc, page statistics, several pages per chunk
(split at row boundaries), a ColumnIndex and OffsetIndex, and a split
block bloom filter. Statistics follow TYPE_ORDER (FileMetaData.column_orders
is written for every leaf): NaN is left out of min/max and counted in
nan_count, a zero min is -0.0 and a zero max +0.0, and types without an
order (INT96, INTERVAL) get null counts only and no ColumnIndex.

ListOf and MapOf describe LIST and MAP columns in the modern and the
legacy shapes; they are lowered to Groups before writing, so column paths
(FileSpec.column_pages keys, path_in_schema) are the lowered ones, e.g.
"tags.list.element" or "attrs.key_value.key".

Writing goes through a model (FileModel: row groups of ChunkModels of
PageModels, each page holding its header and its sections) that layout()
turns into bytes: it places every page, derives the chunk's sizes, offsets,
num_values and encoding_stats from the headers and bodies, writes the page
indexes and bloom filters, and records the span of every page header field
(pq.pages) and index (pq.regions). Mutations edit a copy of the model, then
lay it out again, so everything they did not break stays consistent.
"""

import copy
import dataclasses
import gzip
import math
import struct
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional

import brotli
import lz4.block
import snappy
import zstandard

from colcheck_gen.parquet import bloom, encoding, recording, thrift_gen

REQUIRED = "REQUIRED"
OPTIONAL = "OPTIONAL"
REPEATED = "REPEATED"
CREATED_BY = "colcheck-gen version 0.1.0"
MAGIC = b"PAR1"

# Max decimal precision for FIXED_LEN_BYTE_ARRAY(n), n = 1..32
# (parquet-rules.md rule 50; floor(log10(2^(8n-1) - 1))).
FLBA_MAX_PRECISION = [len(str(2 ** (8 * n - 1) - 1)) - 1 for n in range(1, 33)]

# PageStyle.encoding values each physical type allows (Encodings.md).
# "DICTIONARY" is a PLAIN dictionary page with RLE_DICTIONARY data pages;
# "PLAIN_DICTIONARY" the deprecated form V1 writers used, PLAIN_DICTIONARY
# on both; "RLE" is BOOLEAN values in the hybrid encoding.
ENCODINGS_BY_PHYSICAL = {
    "BOOLEAN": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY", "RLE"),
    "INT32": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
              "DELTA_BINARY_PACKED", "BYTE_STREAM_SPLIT"),
    "INT64": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
              "DELTA_BINARY_PACKED", "BYTE_STREAM_SPLIT"),
    "INT96": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY"),
    "FLOAT": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
              "BYTE_STREAM_SPLIT"),
    "DOUBLE": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
               "BYTE_STREAM_SPLIT"),
    "BYTE_ARRAY": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
                   "DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"),
    "FIXED_LEN_BYTE_ARRAY": ("PLAIN", "DICTIONARY", "PLAIN_DICTIONARY",
                             "DELTA_BYTE_ARRAY", "BYTE_STREAM_SPLIT"),
}
_DICTIONARY_STYLES = ("DICTIONARY", "PLAIN_DICTIONARY")

# PageStyle.codec values. LZO is left out: Debian packages no Python LZO
# module to write it with.
CODECS = ("UNCOMPRESSED", "SNAPPY", "GZIP", "BROTLI", "ZSTD", "LZ4_RAW",
          "LZ4")


# ---- logical type annotations ---------------------------------------------

class Logical:
    """A LogicalType annotation plus the ConvertedType LT says to write
    with it. Subclasses also say how Python values map to stored values and
    how stored values sort under TYPE_ORDER."""

    ordered = True  # False: the sort order is undefined (no min/max).
    floating = False  # True: NaN and zero rules of floats apply.

    def apply(self, t, element):
        raise NotImplementedError

    def to_physical(self, leaf, value):
        return value

    def sort_key(self, leaf, value):
        return value


class _Plain(Logical):
    """A LogicalType without parameters: LOGICAL is its union member and
    Thrift struct, CONVERTED the ConvertedType written with it (None: LT
    names none)."""

    LOGICAL = ("", "")
    CONVERTED = None

    def apply(self, t, element):
        member, struct_name = self.LOGICAL
        element.logicalType = t.LogicalType(
            **{member: getattr(t, struct_name)()})
        if self.CONVERTED:
            element.converted_type = getattr(t.ConvertedType, self.CONVERTED)


class _Utf8(_Plain):
    """On BYTE_ARRAY; values are str (or UTF-8 bytes)."""

    def to_physical(self, leaf, value):
        return value.encode("utf-8") if isinstance(value, str) else value


@dataclass
class String(_Utf8):
    LOGICAL, CONVERTED = ("STRING", "StringType"), "UTF8"


@dataclass
class Date(_Plain):
    LOGICAL, CONVERTED = ("DATE", "DateType"), "DATE"


class _Clock(Logical):
    """TIMESTAMP or TIME (LOGICAL: the union member and its struct) with a
    unit and isAdjustedToUTC. LT: <LOGICAL>_MILLIS/MICROS mean
    isAdjustedToUTC=true; NANOS and local values have no ConvertedType."""

    LOGICAL = ("", "")

    def apply(self, t, element):
        unit = {"MILLIS": t.TimeUnit(MILLIS=t.MilliSeconds()),
                "MICROS": t.TimeUnit(MICROS=t.MicroSeconds()),
                "NANOS": t.TimeUnit(NANOS=t.NanoSeconds())}[self.unit]
        member, struct_name = self.LOGICAL
        element.logicalType = t.LogicalType(**{member: getattr(
            t, struct_name)(isAdjustedToUTC=self.utc, unit=unit)})
        if self.utc and self.unit != "NANOS":
            element.converted_type = getattr(t.ConvertedType,
                                             f"{member}_{self.unit}")


@dataclass
class Timestamp(_Clock):
    unit: str = "MICROS"  # MILLIS, MICROS or NANOS
    utc: bool = True

    LOGICAL = ("TIMESTAMP", "TimestampType")


@dataclass
class Time(_Clock):
    unit: str = "MILLIS"  # MILLIS (on INT32), MICROS or NANOS (on INT64)
    utc: bool = True

    LOGICAL = ("TIME", "TimeType")


@dataclass
class Integer(Logical):
    bits: int = 32
    signed: bool = True

    def apply(self, t, element):
        element.logicalType = t.LogicalType(
            INTEGER=t.IntType(bitWidth=self.bits, isSigned=self.signed))
        prefix = "INT" if self.signed else "UINT"
        element.converted_type = getattr(t.ConvertedType,
                                         f"{prefix}_{self.bits}")

    def _width(self, leaf):
        return 32 if leaf.physical == "INT32" else 64

    def to_physical(self, leaf, value):
        # Unsigned values are stored as the two's complement integer of the
        # same bits (LT INTEGER).
        if self.signed or value >> (self._width(leaf) - 1) == 0:
            return value
        return value - (1 << self._width(leaf))

    def sort_key(self, leaf, value):
        if self.signed:
            return value
        return value % (1 << self._width(leaf))


@dataclass
class Decimal(Logical):
    precision: int
    scale: int = 0

    def apply(self, t, element):
        element.logicalType = t.LogicalType(
            DECIMAL=t.DecimalType(scale=self.scale, precision=self.precision))
        element.converted_type = t.ConvertedType.DECIMAL
        element.scale = self.scale
        element.precision = self.precision

    def to_physical(self, leaf, value):
        # Python values are the unscaled integers.
        if leaf.physical == "FIXED_LEN_BYTE_ARRAY":
            return value.to_bytes(leaf.type_length, "big", signed=True)
        if leaf.physical == "BYTE_ARRAY":
            n = max(1, (value.bit_length() + 8) // 8)
            return value.to_bytes(n, "big", signed=True)
        return value

    def sort_key(self, leaf, value):
        # Signed comparison of the represented value.
        if isinstance(value, bytes):
            return int.from_bytes(value, "big", signed=True)
        return value


@dataclass
class Enum(_Utf8):
    """ENUM on BYTE_ARRAY; values are str (or UTF-8 bytes)."""

    LOGICAL, CONVERTED = ("ENUM", "EnumType"), "ENUM"


@dataclass
class Json(_Utf8):
    """JSON on BYTE_ARRAY; values are JSON text as str (or UTF-8 bytes)."""

    LOGICAL, CONVERTED = ("JSON", "JsonType"), "JSON"


@dataclass
class Bson(_Plain):
    """BSON on BYTE_ARRAY; values are the document bytes."""

    LOGICAL, CONVERTED = ("BSON", "BsonType"), "BSON"


@dataclass
class Uuid(_Plain):
    """UUID on FIXED_LEN_BYTE_ARRAY(16); values are the 16 bytes. LT names
    no ConvertedType for it."""

    LOGICAL = ("UUID", "UUIDType")


@dataclass
class Float16(_Plain):
    """FLOAT16 on FIXED_LEN_BYTE_ARRAY(2); values are floats, stored
    rounded to half precision, little-endian. No ConvertedType."""

    floating = True
    LOGICAL = ("FLOAT16", "Float16Type")

    def to_physical(self, leaf, value):
        return encoding.float16(value)

    def sort_key(self, leaf, value):
        return struct.unpack("<e", value)[0]


@dataclass
class Interval(Logical):
    """The INTERVAL ConvertedType (no LogicalType exists for it) on
    FIXED_LEN_BYTE_ARRAY(12); values are (months, days, milliseconds),
    stored as three little-endian u32. Its sort order is undefined."""

    ordered = False

    def apply(self, t, element):
        element.converted_type = t.ConvertedType.INTERVAL

    def to_physical(self, leaf, value):
        return struct.pack("<III", *value)


@dataclass
class Unknown(_Plain):
    """UNKNOWN (the Null type) on any physical type: every value is
    null, so the leaf must not be REQUIRED. No ConvertedType."""

    LOGICAL = ("UNKNOWN", "NullType")

    def to_physical(self, leaf, value):
        raise ValueError(f"{leaf.name}: an UNKNOWN column holds only nulls")


# ---- schema description ---------------------------------------------------

@dataclass
class Leaf:
    """A column. Values are bool, int, float, bytes (BYTE_ARRAY and
    FIXED_LEN_BYTE_ARRAY), int nanoseconds since the Unix epoch (INT96), or
    what the logical type takes."""
    name: str
    physical: str  # BOOLEAN, INT32, INT64, INT96, FLOAT, DOUBLE,
                   # BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY
    repetition: str = REQUIRED
    logical: Optional[Logical] = None
    type_length: Optional[int] = None  # FIXED_LEN_BYTE_ARRAY only.

    @property
    def floating(self):
        """Whether NaN and signed zeros follow the float rules."""
        return (self.physical in ("FLOAT", "DOUBLE") or
                bool(self.logical and self.logical.floating))

    @property
    def ordered(self):
        """Whether TYPE_ORDER defines min/max: not for INT96, whose order
        is undefined without INT96_TIMESTAMP_ORDER, nor INTERVAL."""
        return (self.physical != "INT96" and
                not (self.logical and not self.logical.ordered))

    def to_physical(self, value):
        if self.logical:
            value = self.logical.to_physical(self, value)
        if self.physical == "FLOAT":
            # Round to float32 so statistics compare what is stored.
            value = struct.unpack("<f", struct.pack("<f", value))[0]
        elif self.physical == "INT96":
            value = encoding.int96_timestamp(value)
        return value

    def sort_key(self, value):
        """The TYPE_ORDER key of a stored (physical) value."""
        if self.logical:
            return self.logical.sort_key(self, value)
        return value


@dataclass
class Group:
    name: str
    children: list
    repetition: str = REQUIRED


# ListOf shapes (LogicalTypes.md "Lists" and its backward-compatibility
# rules), for `optional group name (LIST)`:
#   three-level  { repeated group list { <element> } }
#   two-level    { repeated <element> }  (rules 1-3: a primitive, a group
#                of several fields, or a 2-level list of lists)
#   array        { repeated group array { <element's fields> } }  (rule 4)
#   tuple        { repeated group name_tuple { <element's fields> } }
LIST_SHAPES = ("three-level", "two-level", "array", "tuple")
# MapOf shapes (LogicalTypes.md "Maps"), for `optional group name`:
#   modern         (MAP) { repeated group key_value { key; value } }
#   legacy         (MAP) { repeated group map (MAP_KEY_VALUE) { ... } }
#   map-key-value  (MAP_KEY_VALUE) { repeated group key_value { ... } },
#                  MAP_KEY_VALUE in place of MAP, read as a MAP.
MAP_SHAPES = ("modern", "legacy", "map-key-value")


@dataclass
class ListOf:
    """A LIST column. `element` is a Leaf, Group, ListOf or MapOf whose
    repetition says whether elements may be null (OPTIONAL) or not
    (REQUIRED; the only choice in the legacy shapes). A row's value is a
    Python list of element values, or None."""
    name: str
    element: object
    repetition: str = OPTIONAL
    shape: str = "three-level"


@dataclass
class MapOf:
    """A MAP column with a REQUIRED `key` and a REQUIRED or OPTIONAL
    `value` (Leaf, Group, ListOf or MapOf; LT names them key and value). A
    row's value is a list of (key, value) pairs, or None."""
    name: str
    key: object
    value: object
    repetition: str = OPTIONAL
    shape: str = "modern"


@dataclass
class _AnnotatedGroup(Group):
    """A lowered LIST or MAP group: `kind` is LIST, MAP or MAP_KEY_VALUE,
    the annotation _flatten writes."""
    kind: str = "LIST"


def _lower(node):
    """(node as a tree of Leaf and Group, converter of its row value to the
    lowered tree's value; None where nothing changes)."""
    if isinstance(node, Leaf):
        return node, None
    if isinstance(node, Group):
        lowered = [_lower(c) for c in node.children]
        if all(conv is None for _, conv in lowered):
            return node, None
        convs = [(c.name, conv) for c, (_, conv) in
                 zip(node.children, lowered)]

        def one(v):
            if not isinstance(v, dict):
                return v
            return {name: conv(v.get(name)) if conv else v.get(name)
                    for name, conv in convs}
        return (dataclasses.replace(node, children=[n for n, _ in lowered]),
                _repeat(node.repetition, one))
    if isinstance(node, ListOf):
        return _lower_list(node)
    if isinstance(node, MapOf):
        return _lower_map(node)
    raise TypeError(f"not a schema node: {node!r}")


def _repeat(repetition, one):
    """A converter applying `one` to a value, or to each item of a REPEATED
    field's list; None (a null, or no items) stays None."""
    if repetition == REPEATED:
        return lambda v: None if v is None else [
            None if x is None else one(x) for x in v]
    return lambda v: None if v is None else one(v)


def list_shapes(element):
    """The ListOf shapes that can hold `element` unambiguously under the
    LT backward-compatibility rules: legacy shapes only for REQUIRED
    elements; two-level for a primitive (rule 1), a group of several
    fields or of one repeated field (rules 2, 3) or a two-level list; array
    and tuple (rule 4) for groups. A REPEATED element fits none."""
    if element.repetition == REPEATED:
        return ()
    if element.repetition == OPTIONAL:
        return ("three-level",)
    shapes = ["three-level"]
    if (isinstance(element, Leaf) or
            (isinstance(element, Group) and
             (len(element.children) > 1 or
              element.children[0].repetition == REPEATED)) or
            (isinstance(element, ListOf) and element.shape == "two-level")):
        shapes.append("two-level")
    if isinstance(element, Group):
        shapes += ["array", "tuple"]
    return tuple(shapes)


def _repeated_name(node):
    """The name of the repeated field right under a ListOf or MapOf."""
    if isinstance(node, MapOf):
        return "map" if node.shape == "legacy" else "key_value"
    return {"three-level": "list", "two-level": node.element.name,
            "array": "array", "tuple": f"{node.name}_tuple"}[node.shape]


def _lower_list(node):
    element = node.element
    if node.shape not in LIST_SHAPES:
        raise ValueError(f"{node.name}: unknown list shape {node.shape!r}")
    if node.shape not in list_shapes(element):
        raise ValueError(f"{node.name}: a {node.shape} list cannot hold "
                         f"{element.repetition} {element!r}")
    low, conv = _lower(element)
    conv = conv or (lambda v: v)
    name = _repeated_name(node)
    if node.shape == "three-level":
        inner = Group(name, [low], REPEATED)
        one = lambda v: {name: [{element.name: conv(x)} for x in v]}
    else:
        # The element itself is the repeated field.
        inner = dataclasses.replace(low, name=name, repetition=REPEATED)
        one = lambda v: {name: [conv(x) for x in v]}
    return (_AnnotatedGroup(node.name, [inner], node.repetition, "LIST"),
            _repeat(node.repetition, one))


def _lower_map(node):
    key, value = node.key, node.value
    if node.shape not in MAP_SHAPES:
        raise ValueError(f"{node.name}: unknown map shape {node.shape!r}")
    if key.repetition != REQUIRED:
        raise ValueError(f"{node.name}: a MAP key is REQUIRED")
    if value.repetition == REPEATED:
        raise ValueError(f"{node.name}: a MAP value is REQUIRED or OPTIONAL")
    key_low, key_conv = _lower(key)
    value_low, value_conv = _lower(value)
    key_conv = key_conv or (lambda v: v)
    value_conv = value_conv or (lambda v: v)
    name = _repeated_name(node)
    if node.shape == "legacy":
        inner = _AnnotatedGroup(name, [key_low, value_low], REPEATED,
                                "MAP_KEY_VALUE")
    else:
        inner = Group(name, [key_low, value_low], REPEATED)
    outer = "MAP_KEY_VALUE" if node.shape == "map-key-value" else "MAP"
    return (_AnnotatedGroup(node.name, [inner], node.repetition, outer),
            _repeat(node.repetition, lambda v: {name: [
                {key.name: key_conv(k), value.name: value_conv(x)}
                for k, x in v]}))


def child_nodes(node):
    """The described children of a node: a Group's children, a ListOf's
    element, a MapOf's key and value; none for a Leaf."""
    if isinstance(node, Group):
        return list(node.children)
    if isinstance(node, ListOf):
        return [node.element]
    if isinstance(node, MapOf):
        return [node.key, node.value]
    return []


def child_paths(node, path):
    """(path, child) of each of child_nodes(node), where `path` is the
    node's column path (a list of names) and each child's is the path
    written to the file, with the fields ListOf and MapOf add."""
    if isinstance(node, Group):
        return [(path + [c.name], c) for c in node.children]
    if isinstance(node, ListOf):
        inner = path + [_repeated_name(node)]
        if node.shape == "three-level":
            inner.append(node.element.name)
        return [(inner, node.element)]
    if isinstance(node, MapOf):
        inner = path + [_repeated_name(node)]
        return [(inner + [node.key.name], node.key),
                (inner + [node.value.name], node.value)]
    return []


def leaf_paths(schema):
    """(dotted column path, Leaf) of every leaf of `schema` in column
    order: the keys FileSpec.column_pages takes."""
    def visit(node, path):
        if isinstance(node, Leaf):
            yield ".".join(path), node
        for child_path, child in child_paths(node, path):
            yield from visit(child, child_path)
    for node in schema:
        yield from visit(node, [node.name])


def list_element(node):
    """The element of a list-valued node: a ListOf's element, or a
    REPEATED field itself as one (REQUIRED) element."""
    if isinstance(node, ListOf):
        return node.element
    return dataclasses.replace(node, repetition=REQUIRED)


@dataclass(frozen=True)
class PageStyle:
    """How a column's chunk is written. The default is one DATA_PAGE,
    PLAIN, UNCOMPRESSED, without CRC, page statistics or indexes."""
    version: int = 1  # 1: DATA_PAGE, 2: DATA_PAGE_V2.
    # One of ENCODINGS_BY_PHYSICAL[the leaf's physical type].
    encoding: str = "PLAIN"
    codec: str = "UNCOMPRESSED"  # One of CODECS.
    crc: bool = False  # PageHeader.crc on every page.
    statistics: bool = False  # Statistics in every data page header.
    page_rows: Optional[int] = None  # Rows per data page; None: all.
    page_index: bool = False  # A ColumnIndex and an OffsetIndex.
    bloom_filter: bool = False  # A split block bloom filter.
    # With a dictionary encoding: the most dictionary entries. Once a data
    # page would need more, it and the rest of the chunk are PLAIN.
    dictionary_fallback: Optional[int] = None
    # DELTA_BINARY_PACKED (also the lengths inside the DELTA_*_BYTE_ARRAY
    # encodings): values per block (a multiple of 128) and miniblocks per
    # block (each a multiple of 32 values).
    delta_block_size: int = 128
    delta_miniblocks: int = 4


@dataclass
class FileSpec:
    """What to write. `rows` are dicts keyed by field name; nested groups
    are dicts; None is a null (only under OPTIONAL fields); a REPEATED
    field's value is a list (None or [] for none)."""
    schema: list
    rows: list
    row_group_sizes: Optional[list] = None  # Default: one row group.
    level_style: str = "rle"  # "rle" or "bitpacked" (encoding.hybrid)
    created_by: str = CREATED_BY
    key_value_metadata: Optional[dict] = None
    statistics: bool = True
    pages: PageStyle = field(default_factory=PageStyle)
    # Dotted leaf path ("location.lat") -> PageStyle, overriding `pages`.
    column_pages: dict = field(default_factory=dict)

    def style(self, path):
        return self.column_pages.get(".".join(path), self.pages)


# ---- the model --------------------------------------------------------------

@dataclass
class PageModel:
    """One page: its PageHeader and its uncompressed sections. finish_page
    derives the stored body, the sizes, the V2 level lengths and the crc
    from them; everything else in the header is the writer's (or a
    mutation's) to set."""
    header: object
    rep: bytes = b""  # Repetition levels (V1: with the 4-byte length).
    defs: bytes = b""  # Definition levels (V1: with the 4-byte length).
    values: bytes = b""  # Values; the dictionary for a dictionary page.
    codec: int = 0
    checksum: bool = False
    body: bytes = b""  # As stored: set by finish_page.
    first_row: int = 0  # Row index of the page's first row in its group.
    # Decoded levels, kept so that mutations can re-encode them.
    rep_levels: list = field(default_factory=list)
    def_levels: list = field(default_factory=list)
    level_widths: tuple = (0, 0)
    level_style: str = "rle"


@dataclass
class BloomModel:
    header: object  # BloomFilterHeader
    bitset: bytes


@dataclass
class ChunkModel:
    """A column chunk. `meta` holds what layout() does not derive (type,
    encodings, path, codec, statistics); `trailing` is raw bytes after the
    last page, inside the chunk."""
    meta: object
    pages: list
    trailing: bytes = b""
    column_index: Optional[object] = None  # ColumnIndex
    offset_index: bool = False
    # Called with the OffsetIndex layout() built, to break it.
    offset_index_edit: Optional[Callable] = None
    bloom: Optional[BloomModel] = None


@dataclass
class RowGroupModel:
    num_rows: int
    chunks: list


@dataclass
class FileModel:
    schema: list  # SchemaElements
    row_groups: list
    created_by: str
    column_orders: list
    key_value_metadata: Optional[list] = None


@dataclass(frozen=True)
class PagePlacement:
    """Where layout() put a page: its header, the header's fields (paths
    as in the PageHeader: "data_page_header.num_values") and its body,
    absolute in the file."""
    header: recording.Span
    fields: recording.Spans
    body: recording.Span

    def field(self, path):
        return self.fields[path]


# ---- the result -----------------------------------------------------------

@dataclass
class ParquetFile:
    """A written file. `spans` maps every Thrift field path of the footer
    to its FieldSpan, absolute in `data`. `pages` maps (row group, column)
    to the PagePlacements of its pages and `regions` maps (row group,
    column, "column_index" | "offset_index" | "bloom_filter") to
    (Span of the whole structure, its field Spans), all absolute."""
    data: bytes
    metadata: object
    footer_offset: int
    footer_length: int
    spans: recording.Spans
    ttypes: object = field(repr=False, default=None)
    model: Optional[FileModel] = field(repr=False, default=None)
    pages: dict = field(repr=False, default_factory=dict)
    regions: dict = field(repr=False, default_factory=dict)

    @property
    def column_data(self):
        """Everything before the footer: the leading magic, the chunks,
        page indexes and bloom filters."""
        return self.data[:self.footer_offset]

    @property
    def footer(self):
        return self.data[self.footer_offset:
                         self.footer_offset + self.footer_length]

    def with_metadata(self, metadata):
        """A file with the same column data and `metadata` as its footer."""
        return assemble(self.column_data, metadata, self.ttypes, self.model,
                        self.pages, self.regions)


def assemble(column_data, metadata, ttypes=None, model=None, pages=None,
             regions=None):
    """column_data | serialized metadata | u32 LE length | PAR1."""
    footer, spans = recording.serialize(metadata)
    data = (bytes(column_data) + footer + struct.pack("<I", len(footer)) +
            MAGIC)
    return ParquetFile(data, metadata, len(column_data), len(footer),
                       spans.shifted(len(column_data)), ttypes, model,
                       dict(pages or {}), dict(regions or {}))


# ---- writing --------------------------------------------------------------

@dataclass
class _LeafInfo:
    leaf: Leaf
    path: list  # Names from the root's child down to the leaf.
    nodes: list  # The (lowered) Leaf/Group objects along the path.
    max_def: int
    max_rep: int = 0
    # Converts the row value of the leaf's top-level field to the lowered
    # tree's value (ListOf/MapOf inside); None: no conversion.
    convert: Optional[Callable] = None


def _annotate(t, group, element):
    """The LIST/MAP annotation of a lowered group. MAP_KEY_VALUE exists
    only as a ConvertedType."""
    if group.kind == "LIST":
        element.logicalType = t.LogicalType(LIST=t.ListType())
    elif group.kind == "MAP":
        element.logicalType = t.LogicalType(MAP=t.MapType())
    element.converted_type = getattr(t.ConvertedType, group.kind)


def _flatten(t, schema):
    """DFS pre-order SchemaElements and the leaves in column order."""
    elements = [t.SchemaElement(name="schema", num_children=len(schema))]
    leaves = []

    def visit(node, path, nodes, convert):
        path, nodes = path + [node.name], nodes + [node]
        rep = getattr(t.FieldRepetitionType, node.repetition)
        if isinstance(node, Group):
            elements.append(t.SchemaElement(
                name=node.name, repetition_type=rep,
                num_children=len(node.children)))
            if isinstance(node, _AnnotatedGroup):
                _annotate(t, node, elements[-1])
            for child in node.children:
                visit(child, path, nodes, convert)
            return
        element = t.SchemaElement(name=node.name, repetition_type=rep,
                                  type=getattr(t.Type, node.physical))
        if node.physical == "FIXED_LEN_BYTE_ARRAY":
            if not node.type_length or node.type_length <= 0:
                raise ValueError(f"{node.name}: FLBA needs type_length > 0")
            element.type_length = node.type_length
        if node.logical:
            node.logical.apply(t, element)
        elements.append(element)
        max_def = sum(1 for n in nodes if n.repetition != REQUIRED)
        max_rep = sum(1 for n in nodes if n.repetition == REPEATED)
        leaves.append(_LeafInfo(node, path, nodes, max_def, max_rep,
                                convert))

    for node in schema:
        lowered, convert = _lower(node)
        visit(lowered, [], [], convert)
    return elements, leaves


def _shred_row(info, row, r):
    """The (repetition level, definition level, value) entries of one row
    for one leaf (Dremel record shredding); value is None unless the
    definition level is the maximum."""
    nodes, out = info.nodes, []

    def visit(i, value, rep, dfn, depth):
        node = nodes[i]
        if node.repetition == REPEATED:
            items = value if value is not None else []
            if not items:
                out.append((rep, dfn, None))
                return
            for j, item in enumerate(items):
                if item is None:
                    raise ValueError(f"row {r}: an element of REPEATED "
                                     f"{'.'.join(info.path)} is null")
                descend(i, item, rep if j == 0 else depth + 1, dfn + 1,
                        depth + 1)
            return
        if value is None:
            if node.repetition == REQUIRED:
                raise ValueError(f"row {r}: REQUIRED field "
                                 f"{'.'.join(info.path)} is null")
            out.append((rep, dfn, None))
            return
        descend(i, value, rep, dfn + (node.repetition == OPTIONAL), depth)

    def descend(i, value, rep, dfn, depth):
        if i + 1 == len(nodes):
            out.append((rep, dfn, info.leaf.to_physical(value)))
            return
        child = nodes[i + 1]
        visit(i + 1, value.get(child.name) if isinstance(value, dict)
              else None, rep, dfn, depth)

    first = nodes[0]
    value = row.get(first.name) if isinstance(row, dict) else None
    if info.convert:
        value = info.convert(value)
    visit(0, value, 0, 0, 0)
    return out


def _split(entries, info):
    """(repetition levels, definition levels, non-null values, sort keys)."""
    reps = [e[0] for e in entries]
    defs = [e[1] for e in entries]
    values = [e[2] for e in entries if e[1] == info.max_def]
    keys = [info.leaf.sort_key(v) for v in values]
    return reps, defs, values, keys


def _is_nan(key):
    return isinstance(key, float) and math.isnan(key)


def _bounds(info, values, keys):
    """The TYPE_ORDER min and max of `values` as statistics bytes, or None
    (no values but NaN, or a type without an order)."""
    leaf = info.leaf
    pairs = [(k, v) for k, v in zip(keys, values) if not _is_nan(k)]
    if not pairs or not leaf.ordered:
        return None
    lo_key, lo_value = min(pairs, key=lambda p: p[0])
    hi_key, hi_value = max(pairs, key=lambda p: p[0])
    if leaf.floating:
        # T ColumnOrder: a zero min is written -0.0, a zero max +0.0.
        if lo_key == 0:
            lo_value = leaf.to_physical(-0.0)
        if hi_key == 0:
            hi_value = leaf.to_physical(0.0)
    return (encoding.stat_value(leaf.physical, lo_value),
            encoding.stat_value(leaf.physical, hi_value))


def _statistics(t, info, values, keys, num_values):
    stats = t.Statistics(null_count=num_values - len(values))
    if info.leaf.floating:
        stats.nan_count = sum(1 for k in keys if _is_nan(k))
    bounds = _bounds(info, values, keys)
    if bounds:
        stats.min_value, stats.max_value = bounds
    return stats


def compress(codec, raw, ttypes):
    """`raw` compressed with `codec` (Compression.md). GZIP is a gzip
    member (RFC 1952) with mtime 0, so output is deterministic; SNAPPY the
    raw block format; LZ4_RAW one LZ4 block; LZ4 the deprecated Hadoop
    framing: big-endian u32 decompressed and compressed sizes, then one
    LZ4 block."""
    c, raw = ttypes.CompressionCodec, bytes(raw)
    if codec == c.UNCOMPRESSED:
        return raw
    if codec == c.SNAPPY:
        return snappy.compress(raw)
    if codec == c.GZIP:
        return gzip.compress(raw, compresslevel=9, mtime=0)
    if codec == c.BROTLI:
        return brotli.compress(raw)
    if codec == c.ZSTD:
        return zstandard.ZstdCompressor().compress(raw)
    if codec == c.LZ4_RAW:
        return lz4.block.compress(raw, store_size=False)
    if codec == c.LZ4:
        block = lz4.block.compress(raw, store_size=False)
        return struct.pack(">II", len(raw), len(block)) + block
    raise ValueError(f"codec {codec} is not supported by the writer")


def signed_crc(body):
    """PageHeader.crc (an i32) of `body`: CRC-32 as zlib computes it."""
    crc = zlib.crc32(body)
    return crc - (1 << 32) if crc >= 1 << 31 else crc


def set_body(page, body):
    """Stores `body` as the page's body: compressed_page_size and crc follow
    it, nothing else changes."""
    page.body = bytes(body)
    page.header.compressed_page_size = len(page.body)
    if page.checksum:
        page.header.crc = signed_crc(page.body)


def finish_page(page, ttypes):
    """Derives the stored body, the sizes, the V2 level lengths and the crc
    from the page's sections."""
    t = ttypes
    h = page.header
    if h.type == t.PageType.DATA_PAGE_V2:
        v2 = h.data_page_header_v2
        levels = page.rep + page.defs
        compressed = v2.is_compressed is None or v2.is_compressed
        stored = (compress(page.codec, page.values, t) if compressed
                  else page.values)
        v2.repetition_levels_byte_length = len(page.rep)
        v2.definition_levels_byte_length = len(page.defs)
        h.uncompressed_page_size = len(levels) + len(page.values)
        set_body(page, levels + stored)
    else:
        raw = page.rep + page.defs + page.values
        h.uncompressed_page_size = len(raw)
        set_body(page, compress(page.codec, raw, t))
    return page


def set_levels(page, ttypes, reps=None, defs=None):
    """Re-encodes the page's levels (the decoded lists if not given) and
    finishes the page."""
    if reps is not None:
        page.rep_levels = list(reps)
    if defs is not None:
        page.def_levels = list(defs)
    rep_width, def_width = page.level_widths
    v2 = page.header.type == ttypes.PageType.DATA_PAGE_V2
    levels = encoding.levels_v2 if v2 else encoding.levels_v1
    page.rep = levels(page.rep_levels, rep_width, page.level_style)
    page.defs = levels(page.def_levels, def_width, page.level_style)
    return finish_page(page, ttypes)


def _dictionary_page(t, info, style, dictionary, codec):
    # The deprecated PLAIN_DICTIONARY names the dictionary page too (V1
    # writers); RLE_DICTIONARY goes with a PLAIN dictionary page.
    page_encoding = (t.Encoding.PLAIN_DICTIONARY
                     if style.encoding == "PLAIN_DICTIONARY"
                     else t.Encoding.PLAIN)
    header = t.PageHeader(
        type=t.PageType.DICTIONARY_PAGE, uncompressed_page_size=0,
        compressed_page_size=0,
        dictionary_page_header=t.DictionaryPageHeader(
            num_values=len(dictionary), encoding=page_encoding))
    page = PageModel(header,
                     values=encoding.plain_values(info.leaf.physical,
                                                  dictionary),
                     codec=codec, checksum=style.crc)
    return finish_page(page, t)


def _dictionary_key(physical, value):
    # Plain bytes, so that -0.0 and 0.0 stay distinct entries.
    return encoding.plain_values(physical, [value])


def _values_section(t, info, name, values, dictionary, style, level_style):
    """(encoding, bytes) of a data page's non-null values in the
    PageStyle.encoding `name`."""
    physical = info.leaf.physical
    block = (style.delta_block_size, style.delta_miniblocks)
    if name in _DICTIONARY_STYLES:
        indices = [dictionary[_dictionary_key(physical, v)] for v in values]
        return (t.Encoding.RLE_DICTIONARY if name == "DICTIONARY"
                else t.Encoding.PLAIN_DICTIONARY,
                encoding.dictionary_indices(indices, len(dictionary)))
    if name == "PLAIN":
        section = encoding.plain_values(physical, values)
    elif name == "BYTE_STREAM_SPLIT":
        section = encoding.byte_stream_split(physical, values,
                                             info.leaf.type_length)
    elif name == "RLE":
        section = encoding.rle_booleans(values, level_style)
    elif name == "DELTA_BINARY_PACKED":
        section = encoding.delta_binary_packed(
            values, 32 if physical == "INT32" else 64, *block)
    elif name == "DELTA_LENGTH_BYTE_ARRAY":
        section = encoding.delta_length_byte_array(values, *block)
    elif name == "DELTA_BYTE_ARRAY":
        section = encoding.delta_byte_array(values, *block)
    else:
        raise ValueError(f"unknown encoding {name!r}")
    return getattr(t.Encoding, name), section


def _data_page(t, info, style, spec, entries, first_row, dictionary, codec,
               value_encoding):
    reps, defs, values, keys = _split(entries, info)
    value_encoding, section = _values_section(
        t, info, value_encoding, values, dictionary, style,
        spec.level_style)
    stats = (_statistics(t, info, values, keys, len(defs))
             if style.statistics else None)
    widths = (encoding.bit_width(info.max_rep),
              encoding.bit_width(info.max_def))
    if style.version == 2:
        header = t.PageHeader(
            type=t.PageType.DATA_PAGE_V2, uncompressed_page_size=0,
            compressed_page_size=0,
            data_page_header_v2=t.DataPageHeaderV2(
                num_values=len(defs), num_nulls=len(defs) - len(values),
                num_rows=sum(1 for r in reps if r == 0),
                encoding=value_encoding, definition_levels_byte_length=0,
                repetition_levels_byte_length=0,
                is_compressed=codec != t.CompressionCodec.UNCOMPRESSED,
                statistics=stats))
    else:
        header = t.PageHeader(
            type=t.PageType.DATA_PAGE, uncompressed_page_size=0,
            compressed_page_size=0,
            data_page_header=t.DataPageHeader(
                num_values=len(defs), encoding=value_encoding,
                definition_level_encoding=t.Encoding.RLE,
                repetition_level_encoding=t.Encoding.RLE,
                statistics=stats))
    page = PageModel(header, values=section, codec=codec,
                     checksum=style.crc, first_row=first_row,
                     rep_levels=reps, def_levels=defs, level_widths=widths,
                     level_style=spec.level_style)
    return set_levels(page, t)


def _column_index(t, info, page_entries):
    """The ColumnIndex of a chunk's data pages (PageIndex.md): empty bounds
    for null pages, the boundary order the bounds have, null counts, NaN
    counts for floats and, for levels above 0, the level histograms. None
    where TYPE_ORDER has no bounds for a page: a type without an order, or
    a float page of only NaN (parquet.thrift ColumnIndex)."""
    if not info.leaf.ordered:
        return None
    pages = []
    for entries in page_entries:
        reps, defs, values, keys = _split(entries, info)
        ordered = [k for k in keys if not _is_nan(k)]
        if values and not ordered:
            return None
        pages.append((reps, defs, values, keys, ordered))
    keyed = [(min(p[4]), max(p[4])) for p in pages if p[2]]
    pairs = list(zip(keyed, keyed[1:]))
    if all(a[0] <= b[0] and a[1] <= b[1] for a, b in pairs):
        order = t.BoundaryOrder.ASCENDING
    elif all(a[0] >= b[0] and a[1] >= b[1] for a, b in pairs):
        order = t.BoundaryOrder.DESCENDING
    else:
        order = t.BoundaryOrder.UNORDERED
    bounds = [_bounds(info, p[2], p[3]) or (b"", b"") for p in pages]
    ci = t.ColumnIndex(
        null_pages=[not p[2] for p in pages],
        min_values=[b[0] for b in bounds], max_values=[b[1] for b in bounds],
        boundary_order=order,
        null_counts=[len(p[1]) - len(p[2]) for p in pages])
    if info.leaf.floating:
        ci.nan_counts = [len(p[3]) - len(p[4]) for p in pages]
    if info.max_rep:
        ci.repetition_level_histograms = [
            p[0].count(level) for p in pages
            for level in range(info.max_rep + 1)]
    if info.max_def:
        ci.definition_level_histograms = [
            p[1].count(level) for p in pages
            for level in range(info.max_def + 1)]
    return ci


def bloom_filter(t, physical, values, num_bytes=None):
    """A BloomModel holding every value of `values` (physical values)."""
    plain = {encoding.stat_value(physical, v) for v in values}
    num_bytes = num_bytes or bloom.num_bytes_for(len(plain))
    header = t.BloomFilterHeader(
        numBytes=num_bytes,
        algorithm=t.BloomFilterAlgorithm(BLOCK=t.SplitBlockAlgorithm()),
        hash=t.BloomFilterHash(XXHASH=t.XxHash()),
        compression=t.BloomFilterCompression(UNCOMPRESSED=t.Uncompressed()))
    return BloomModel(header, bloom.bitset(sorted(plain), num_bytes))


def _dictionary(info, page_entries, limit):
    """(dictionary: plain bytes -> index, its values in order, the number
    of leading pages it encodes). With a `limit`, the pages stop at the
    first one whose values would take the dictionary past `limit` entries:
    it and the rest of the chunk fall back to PLAIN."""
    dictionary, ordered = {}, []
    for n, entries in enumerate(page_entries):
        _, _, values, _ = _split(entries, info)
        new = {}
        for v in values:
            key = _dictionary_key(info.leaf.physical, v)
            if key not in dictionary and key not in new:
                new[key] = v
        if limit is not None and len(ordered) + len(new) > limit:
            return dictionary, ordered, n
        for key, v in new.items():
            dictionary[key] = len(ordered)
            ordered.append(v)
    return dictionary, ordered, len(page_entries)


def _chunk_model(t, info, rows, spec):
    """The ChunkModel of one leaf over `rows`."""
    style = spec.style(info.path)
    if style.encoding not in ENCODINGS_BY_PHYSICAL[info.leaf.physical]:
        raise ValueError(f"{'.'.join(info.path)}: {style.encoding} does not "
                         f"apply to {info.leaf.physical}")
    codec = getattr(t.CompressionCodec, style.codec)
    per_row = [_shred_row(info, row, r) for r, row in enumerate(rows)]
    entries = [e for row in per_row for e in row]
    _, defs, values, keys = _split(entries, info)
    step = style.page_rows or max(1, len(rows))
    # A chunk of no rows still has one (empty) data page.
    firsts = range(0, len(rows), step) or [0]
    page_entries = [[e for row in per_row[first:first + step] for e in row]
                    for first in firsts]
    pages, dictionary, encoded = [], None, 0
    if style.encoding in _DICTIONARY_STYLES:
        dictionary, ordered, encoded = _dictionary(
            info, page_entries, style.dictionary_fallback)
        if encoded:
            pages.append(_dictionary_page(t, info, style, ordered, codec))
    for n, (first, page) in enumerate(zip(firsts, page_entries)):
        name = style.encoding
        if name in _DICTIONARY_STYLES and n >= encoded:
            name = "PLAIN"
        pages.append(_data_page(t, info, style, spec, page, first,
                                dictionary, codec, name))
    # Levels are RLE in every data page; the rest is what the pages use.
    encodings = {t.Encoding.RLE}
    for page in pages:
        encodings.add((_data_header(t, page.header) or
                       page.header.dictionary_page_header).encoding)
    meta = t.ColumnMetaData(
        type=getattr(t.Type, info.leaf.physical),
        encodings=sorted(encodings), path_in_schema=list(info.path),
        codec=codec)
    if spec.statistics:
        meta.statistics = _statistics(t, info, values, keys, len(defs))
    # A row group of no rows gets no page index: its one (empty) data page
    # would start at row 0, which is not a row of the group (PageIndex.md).
    indexed = style.page_index and bool(rows)
    chunk = ChunkModel(meta, pages, offset_index=indexed)
    if indexed:
        chunk.column_index = _column_index(t, info, page_entries)
    if style.bloom_filter:
        chunk.bloom = bloom_filter(t, info.leaf.physical, values)
    return chunk


def build_model(spec, ttypes=None):
    """The FileModel of `spec`."""
    t = ttypes or thrift_gen.load()
    elements, leaves = _flatten(t, spec.schema)
    sizes = spec.row_group_sizes or [len(spec.rows)]
    if sum(sizes) != len(spec.rows):
        raise ValueError("row_group_sizes must add up to the row count")
    row_groups, start = [], 0
    for size in sizes:
        rows = spec.rows[start:start + size]
        start += size
        row_groups.append(RowGroupModel(
            size, [_chunk_model(t, info, rows, spec) for info in leaves]))
    kv = None
    if spec.key_value_metadata:
        kv = [t.KeyValue(key=k, value=v) for k, v in
              sorted(spec.key_value_metadata.items())]
    return FileModel(elements, row_groups, spec.created_by,
                     [t.ColumnOrder(TYPE_ORDER=t.TypeDefinedOrder())
                      for _ in leaves], kv)


def _data_header(t, h):
    """The DataPageHeader or DataPageHeaderV2 of a data page, or None."""
    if h.type == t.PageType.DATA_PAGE:
        return h.data_page_header
    if h.type == t.PageType.DATA_PAGE_V2:
        return h.data_page_header_v2
    return None


def _layout_chunk(t, chunk, data, placements):
    """Appends the chunk's pages to `data`; returns its ColumnMetaData."""
    start = len(data)
    laid = []
    for page in chunk.pages:
        header, spans = recording.serialize(page.header)
        offset = len(data)
        data += header + page.body
        placements.append(PagePlacement(
            recording.Span(offset, len(header)), spans.shifted(offset),
            recording.Span(offset + len(header), len(page.body))))
        laid.append((page.header, offset, len(header)))
    data += chunk.trailing
    return chunk_metadata(t, chunk, start, len(data), laid)


def chunk_metadata(t, chunk, start, end, laid):
    """chunk.meta completed for the chunk laid out in [start, end): `laid`
    lists each page's (PageHeader, file offset, header bytes as stored)."""
    meta = copy.deepcopy(chunk.meta)
    num_values = uncompressed = 0
    data_offset = dictionary_offset = None
    stats = Counter()
    for h, offset, header_size in laid:
        uncompressed += header_size + h.uncompressed_page_size
        if h.type == t.PageType.DICTIONARY_PAGE:
            if dictionary_offset is None:
                dictionary_offset = offset
            if h.dictionary_page_header:
                stats[(h.type, h.dictionary_page_header.encoding)] += 1
            continue
        dph = _data_header(t, h)
        if dph is None and h.type not in (t.PageType.DATA_PAGE,
                                          t.PageType.DATA_PAGE_V2):
            continue
        if data_offset is None:
            data_offset = offset
        if dph is not None:
            num_values += dph.num_values
            stats[(h.type, dph.encoding)] += 1
    meta.num_values = num_values
    meta.total_uncompressed_size = uncompressed
    meta.total_compressed_size = end - start
    meta.data_page_offset = data_offset if data_offset is not None else start
    meta.dictionary_page_offset = dictionary_offset
    meta.encoding_stats = [
        t.PageEncodingStats(page_type=k[0], encoding=k[1], count=n)
        for k, n in stats.items()]
    return meta


def _offset_index(t, chunk, placements):
    locations = []
    for page, where in zip(chunk.pages, placements):
        if _data_header(t, page.header) is None:
            continue
        locations.append(t.PageLocation(
            offset=where.header.offset,
            compressed_page_size=where.header.length + where.body.length,
            first_row_index=page.first_row))
    oi = t.OffsetIndex(page_locations=locations)
    if chunk.offset_index_edit:
        chunk.offset_index_edit(oi, t)
    return oi


def layout(model, ttypes=None):
    """Serializes `model` and returns the ParquetFile."""
    t = ttypes or thrift_gen.load()
    data = bytearray(MAGIC)
    row_groups, pages = [], {}
    for ordinal, rg in enumerate(model.row_groups):
        group_offset = len(data)
        columns = []
        for c, chunk in enumerate(rg.chunks):
            placements = pages.setdefault((ordinal, c), [])
            meta = _layout_chunk(t, chunk, data, placements)
            columns.append(t.ColumnChunk(file_offset=0, meta_data=meta))
        row_groups.append(t.RowGroup(
            columns=columns,
            total_byte_size=sum(c.meta_data.total_uncompressed_size
                                for c in columns),
            num_rows=rg.num_rows, file_offset=group_offset,
            total_compressed_size=sum(c.meta_data.total_compressed_size
                                      for c in columns),
            ordinal=ordinal))
    regions = {}

    def place(key, obj, extra=b""):
        blob, spans = recording.serialize(obj)
        offset = len(data)
        data.extend(blob + extra)
        regions[key] = (recording.Span(offset, len(blob) + len(extra)),
                        spans.shifted(offset))
        return offset, len(blob) + len(extra)

    chunks = [(g, c, chunk, row_groups[g].columns[c])
              for g, rg in enumerate(model.row_groups)
              for c, chunk in enumerate(rg.chunks)]
    for g, c, chunk, cc in chunks:
        if chunk.column_index is not None:
            cc.column_index_offset, cc.column_index_length = place(
                (g, c, "column_index"), chunk.column_index)
    for g, c, chunk, cc in chunks:
        if chunk.offset_index:
            cc.offset_index_offset, cc.offset_index_length = place(
                (g, c, "offset_index"),
                _offset_index(t, chunk, pages[(g, c)]))
    for g, c, chunk, cc in chunks:
        if chunk.bloom is not None:
            meta = cc.meta_data
            meta.bloom_filter_offset, meta.bloom_filter_length = place(
                (g, c, "bloom_filter"), chunk.bloom.header,
                chunk.bloom.bitset)
    md = t.FileMetaData(
        version=1, schema=copy.deepcopy(model.schema),
        num_rows=sum(rg.num_rows for rg in model.row_groups),
        row_groups=row_groups, created_by=model.created_by,
        column_orders=copy.deepcopy(model.column_orders))
    if model.key_value_metadata:
        md.key_value_metadata = copy.deepcopy(model.key_value_metadata)
    return assemble(bytes(data), md, t, model, pages, regions)


def build_metadata(spec, ttypes=None):
    """Returns (column data bytes, FileMetaData) for `spec`."""
    pq = write(spec, ttypes)
    return pq.column_data, pq.metadata


def write(spec, ttypes=None):
    """Writes `spec` and returns the ParquetFile."""
    t = ttypes or thrift_gen.load()
    return layout(build_model(spec, t), t)


def copy_metadata(pq):
    """A deep copy of a file's FileMetaData, for mutation."""
    return copy.deepcopy(pq.metadata)
