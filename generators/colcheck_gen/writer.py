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
per leaf, asks for DATA_PAGE_V2, a dictionary page with RLE_DICTIONARY
data pages, BYTE_STREAM_SPLIT, GZIP, PageHeader.crc, page statistics,
several pages per chunk (split at row boundaries), a ColumnIndex and
OffsetIndex, and a split block bloom filter. Statistics follow TYPE_ORDER
(FileMetaData.column_orders is written for every leaf).

Writing goes through a model (FileModel: row groups of ChunkModels of
PageModels, each page holding its header and its sections) that layout()
turns into bytes: it places every page, derives the chunk's sizes, offsets,
num_values and encoding_stats from the headers and bodies, writes the page
indexes and bloom filters, and records the span of every page header field
(pq.pages) and index (pq.regions). Mutations edit a copy of the model, then
lay it out again, so everything they did not break stays consistent.
"""

import copy
import gzip
import struct
import zlib
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, Optional

from colcheck_gen import bloom, encoding, recording, thrift_gen

REQUIRED = "REQUIRED"
OPTIONAL = "OPTIONAL"
REPEATED = "REPEATED"
CREATED_BY = "colcheck-gen version 0.1.0"
MAGIC = b"PAR1"

# Max decimal precision for FIXED_LEN_BYTE_ARRAY(n), n = 1..32
# (parquet-rules.md rule 50; floor(log10(2^(8n-1) - 1))).
FLBA_MAX_PRECISION = [len(str(2 ** (8 * n - 1) - 1)) - 1 for n in range(1, 33)]


# ---- logical type annotations ---------------------------------------------

class Logical:
    """A LogicalType annotation plus the ConvertedType LT says to write
    with it. Subclasses also say how Python values map to stored values and
    how stored values sort under TYPE_ORDER."""

    def apply(self, t, element):
        raise NotImplementedError

    def to_physical(self, leaf, value):
        return value

    def sort_key(self, leaf, value):
        return value


@dataclass
class String(Logical):
    def apply(self, t, element):
        element.logicalType = t.LogicalType(STRING=t.StringType())
        element.converted_type = t.ConvertedType.UTF8

    def to_physical(self, leaf, value):
        return value.encode("utf-8") if isinstance(value, str) else value


@dataclass
class Date(Logical):
    def apply(self, t, element):
        element.logicalType = t.LogicalType(DATE=t.DateType())
        element.converted_type = t.ConvertedType.DATE


@dataclass
class Timestamp(Logical):
    unit: str = "MICROS"  # MILLIS, MICROS or NANOS
    utc: bool = True

    def apply(self, t, element):
        unit = {"MILLIS": t.TimeUnit(MILLIS=t.MilliSeconds()),
                "MICROS": t.TimeUnit(MICROS=t.MicroSeconds()),
                "NANOS": t.TimeUnit(NANOS=t.NanoSeconds())}[self.unit]
        element.logicalType = t.LogicalType(
            TIMESTAMP=t.TimestampType(isAdjustedToUTC=self.utc, unit=unit))
        # LT: TIMESTAMP_MILLIS/MICROS mean isAdjustedToUTC=true; NANOS and
        # local timestamps have no ConvertedType.
        if self.utc and self.unit != "NANOS":
            element.converted_type = getattr(t.ConvertedType,
                                             f"TIMESTAMP_{self.unit}")


@dataclass
class Time(Logical):
    unit: str = "MILLIS"  # MILLIS (on INT32), MICROS or NANOS (on INT64)
    utc: bool = True

    def apply(self, t, element):
        unit = {"MILLIS": t.TimeUnit(MILLIS=t.MilliSeconds()),
                "MICROS": t.TimeUnit(MICROS=t.MicroSeconds()),
                "NANOS": t.TimeUnit(NANOS=t.NanoSeconds())}[self.unit]
        element.logicalType = t.LogicalType(
            TIME=t.TimeType(isAdjustedToUTC=self.utc, unit=unit))
        # LT: TIME_MILLIS/MICROS mean isAdjustedToUTC=true.
        if self.utc and self.unit != "NANOS":
            element.converted_type = getattr(t.ConvertedType,
                                             f"TIME_{self.unit}")


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


# ---- schema description ---------------------------------------------------

@dataclass
class Leaf:
    name: str
    physical: str  # BOOLEAN, INT32, INT64, FLOAT, DOUBLE, BYTE_ARRAY,
                   # FIXED_LEN_BYTE_ARRAY
    repetition: str = REQUIRED
    logical: Optional[Logical] = None
    type_length: Optional[int] = None  # FIXED_LEN_BYTE_ARRAY only.

    def to_physical(self, value):
        if self.logical:
            value = self.logical.to_physical(self, value)
        if self.physical == "FLOAT":
            # Round to float32 so statistics compare what is stored.
            value = struct.unpack("<f", struct.pack("<f", value))[0]
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


@dataclass(frozen=True)
class PageStyle:
    """How a column's chunk is written. The default is one DATA_PAGE,
    PLAIN, UNCOMPRESSED, without CRC, page statistics or indexes."""
    version: int = 1  # 1: DATA_PAGE, 2: DATA_PAGE_V2.
    encoding: str = "PLAIN"  # PLAIN, DICTIONARY or BYTE_STREAM_SPLIT.
    codec: str = "UNCOMPRESSED"  # UNCOMPRESSED or GZIP.
    crc: bool = False  # PageHeader.crc on every page.
    statistics: bool = False  # Statistics in every data page header.
    page_rows: Optional[int] = None  # Rows per data page; None: all.
    page_index: bool = False  # A ColumnIndex and an OffsetIndex.
    bloom_filter: bool = False  # A split block bloom filter.


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
    nodes: list  # The Leaf/Group objects along the path.
    max_def: int
    max_rep: int = 0


def _flatten(t, schema):
    """DFS pre-order SchemaElements and the leaves in column order."""
    elements = [t.SchemaElement(name="schema", num_children=len(schema))]
    leaves = []

    def visit(node, path, nodes):
        path, nodes = path + [node.name], nodes + [node]
        rep = getattr(t.FieldRepetitionType, node.repetition)
        if isinstance(node, Group):
            elements.append(t.SchemaElement(
                name=node.name, repetition_type=rep,
                num_children=len(node.children)))
            for child in node.children:
                visit(child, path, nodes)
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
        leaves.append(_LeafInfo(node, path, nodes, max_def, max_rep))

    for node in schema:
        visit(node, [], [])
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
    visit(0, row.get(first.name) if isinstance(row, dict) else None, 0, 0, 0)
    return out


def _split(entries, info):
    """(repetition levels, definition levels, non-null values, sort keys)."""
    reps = [e[0] for e in entries]
    defs = [e[1] for e in entries]
    values = [e[2] for e in entries if e[1] == info.max_def]
    keys = [info.leaf.sort_key(v) for v in values]
    return reps, defs, values, keys


def _leaf_column(info, rows):
    """(definition levels, non-null physical values, non-null sort keys)."""
    entries = [e for r, row in enumerate(rows)
               for e in _shred_row(info, row, r)]
    _, defs, values, keys = _split(entries, info)
    return defs, values, keys


def _bounds(info, values, keys):
    """The TYPE_ORDER min and max of `values` as statistics bytes, or
    None."""
    leaf = info.leaf
    if not values:
        return None
    lo = min(range(len(values)), key=lambda i: keys[i])
    hi = max(range(len(values)), key=lambda i: keys[i])
    lo_value, hi_value = values[lo], values[hi]
    if leaf.physical in ("FLOAT", "DOUBLE"):
        # T ColumnOrder: a zero min is written -0.0, a zero max +0.0.
        if lo_value == 0:
            lo_value = -0.0
        if hi_value == 0:
            hi_value = 0.0
    return (encoding.stat_value(leaf.physical, lo_value),
            encoding.stat_value(leaf.physical, hi_value))


def _statistics(t, info, values, keys, num_values):
    leaf = info.leaf
    stats = t.Statistics(null_count=num_values - len(values))
    if leaf.physical in ("FLOAT", "DOUBLE"):
        stats.nan_count = 0  # No NaNs are written.
    bounds = _bounds(info, values, keys)
    if bounds:
        stats.min_value, stats.max_value = bounds
    return stats


def compress(codec, raw, ttypes):
    """`raw` compressed with `codec` (UNCOMPRESSED or GZIP). GZIP is a
    gzip member (RFC 1952) with mtime 0, so output is deterministic."""
    if codec == ttypes.CompressionCodec.UNCOMPRESSED:
        return bytes(raw)
    if codec == ttypes.CompressionCodec.GZIP:
        return gzip.compress(bytes(raw), compresslevel=9, mtime=0)
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
    header = t.PageHeader(
        type=t.PageType.DICTIONARY_PAGE, uncompressed_page_size=0,
        compressed_page_size=0,
        dictionary_page_header=t.DictionaryPageHeader(
            num_values=len(dictionary), encoding=t.Encoding.PLAIN))
    page = PageModel(header,
                     values=encoding.plain_values(info.leaf.physical,
                                                  dictionary),
                     codec=codec, checksum=style.crc)
    return finish_page(page, t)


def _dictionary_key(physical, value):
    # Plain bytes, so that -0.0 and 0.0 stay distinct entries.
    return encoding.plain_values(physical, [value])


def _values_section(t, info, style, values, dictionary):
    """(encoding, bytes) of a data page's non-null values."""
    leaf = info.leaf
    if style.encoding == "PLAIN":
        return t.Encoding.PLAIN, encoding.plain_values(leaf.physical, values)
    if style.encoding == "DICTIONARY":
        indices = [dictionary[_dictionary_key(leaf.physical, v)]
                   for v in values]
        return (t.Encoding.RLE_DICTIONARY,
                encoding.dictionary_indices(indices, len(dictionary)))
    if style.encoding == "BYTE_STREAM_SPLIT":
        return (t.Encoding.BYTE_STREAM_SPLIT,
                encoding.byte_stream_split(leaf.physical, values,
                                           leaf.type_length))
    raise ValueError(f"unknown encoding {style.encoding!r}")


def _data_page(t, info, style, spec, entries, first_row, dictionary, codec):
    reps, defs, values, keys = _split(entries, info)
    value_encoding, section = _values_section(t, info, style, values,
                                              dictionary)
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


def _index_entry(info, entries):
    """(null page, min, max, null count, rep histogram, def histogram) of
    one data page for the ColumnIndex."""
    reps, defs, values, keys = _split(entries, info)
    bounds = _bounds(info, values, keys) or (b"", b"")
    rep_hist = [reps.count(level) for level in range(info.max_rep + 1)]
    def_hist = [defs.count(level) for level in range(info.max_def + 1)]
    return (not values, bounds[0], bounds[1], len(defs) - len(values),
            rep_hist, def_hist, keys)


def _column_index(t, info, page_entries):
    """The ColumnIndex of a chunk's data pages (PageIndex.md): empty bounds
    for null pages, the boundary order the bounds have, null counts and,
    for levels above 0, the level histograms."""
    rows = [_index_entry(info, e) for e in page_entries]
    keyed = [(min(r[6]), max(r[6])) for r in rows if not r[0]]
    pairs = list(zip(keyed, keyed[1:]))
    if all(a[0] <= b[0] and a[1] <= b[1] for a, b in pairs):
        order = t.BoundaryOrder.ASCENDING
    elif all(a[0] >= b[0] and a[1] >= b[1] for a, b in pairs):
        order = t.BoundaryOrder.DESCENDING
    else:
        order = t.BoundaryOrder.UNORDERED
    ci = t.ColumnIndex(
        null_pages=[r[0] for r in rows], min_values=[r[1] for r in rows],
        max_values=[r[2] for r in rows], boundary_order=order,
        null_counts=[r[3] for r in rows])
    if info.max_rep:
        ci.repetition_level_histograms = [n for r in rows for n in r[4]]
    if info.max_def:
        ci.definition_level_histograms = [n for r in rows for n in r[5]]
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


def _chunk_model(t, info, rows, spec):
    """The ChunkModel of one leaf over `rows`."""
    style = spec.style(info.path)
    codec = getattr(t.CompressionCodec, style.codec)
    per_row = [_shred_row(info, row, r) for r, row in enumerate(rows)]
    entries = [e for row in per_row for e in row]
    _, defs, values, keys = _split(entries, info)
    pages, dictionary = [], None
    encodings = {t.Encoding.PLAIN, t.Encoding.RLE}
    if style.encoding == "DICTIONARY":
        dictionary, ordered = {}, []
        for v in values:
            key = _dictionary_key(info.leaf.physical, v)
            if key not in dictionary:
                dictionary[key] = len(ordered)
                ordered.append(v)
        pages.append(_dictionary_page(t, info, style, ordered, codec))
        encodings.add(t.Encoding.RLE_DICTIONARY)
    elif style.encoding == "BYTE_STREAM_SPLIT":
        encodings = {t.Encoding.RLE, t.Encoding.BYTE_STREAM_SPLIT}
    step = style.page_rows or max(1, len(rows))
    page_entries = []
    # A chunk of no rows still has one (empty) data page.
    for first in range(0, len(rows), step) or [0]:
        chunk_rows = per_row[first:first + step]
        page_entries.append([e for row in chunk_rows for e in row])
        pages.append(_data_page(t, info, style, spec, page_entries[-1],
                                first, dictionary, codec))
    meta = t.ColumnMetaData(
        type=getattr(t.Type, info.leaf.physical),
        encodings=sorted(encodings), path_in_schema=list(info.path),
        codec=codec)
    if spec.statistics:
        meta.statistics = _statistics(t, info, values, keys, len(defs))
    chunk = ChunkModel(meta, pages, offset_index=style.page_index)
    if style.page_index:
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
    meta = copy.deepcopy(chunk.meta)
    start = len(data)
    num_values = uncompressed = 0
    data_offset = dictionary_offset = None
    stats = Counter()
    for page in chunk.pages:
        header, spans = recording.serialize(page.header)
        offset = len(data)
        data += header + page.body
        placements.append(PagePlacement(
            recording.Span(offset, len(header)), spans.shifted(offset),
            recording.Span(offset + len(header), len(page.body))))
        h = page.header
        uncompressed += len(header) + h.uncompressed_page_size
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
    data += chunk.trailing
    meta.num_values = num_values
    meta.total_uncompressed_size = uncompressed
    meta.total_compressed_size = len(data) - start
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
