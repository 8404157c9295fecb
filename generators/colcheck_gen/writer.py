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

Layout (parquet-format README "File Format"):

    PAR1 | chunk 0,0 | chunk 0,1 | ... | FileMetaData | u32 LE length | PAR1

Each column chunk is one data page V1: PLAIN values, UNCOMPRESSED, and for
OPTIONAL paths RLE definition levels with a 4-byte length prefix. There are
no repeated fields, so there are no repetition levels. Statistics follow
TYPE_ORDER (FileMetaData.column_orders is written for every leaf).
"""

import copy
import struct
from dataclasses import dataclass, field
from typing import Optional

from colcheck_gen import encoding, recording, thrift_gen

REQUIRED = "REQUIRED"
OPTIONAL = "OPTIONAL"
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


@dataclass
class FileSpec:
    """What to write. `rows` are dicts keyed by field name; nested groups
    are dicts; None is a null (only under OPTIONAL fields)."""
    schema: list
    rows: list
    row_group_sizes: Optional[list] = None  # Default: one row group.
    level_style: str = "rle"  # "rle" or "bitpacked" (encoding.levels_v1)
    created_by: str = CREATED_BY
    key_value_metadata: Optional[dict] = None
    statistics: bool = True


# ---- the result -----------------------------------------------------------

@dataclass
class ParquetFile:
    """A written file. `spans` maps every Thrift field path of the footer
    to its FieldSpan, absolute in `data`."""
    data: bytes
    metadata: object
    footer_offset: int
    footer_length: int
    spans: recording.Spans
    ttypes: object = field(repr=False, default=None)

    @property
    def column_data(self):
        """Everything before the footer: the leading magic and the chunks."""
        return self.data[:self.footer_offset]

    @property
    def footer(self):
        return self.data[self.footer_offset:
                         self.footer_offset + self.footer_length]

    def with_metadata(self, metadata):
        """A file with the same column data and `metadata` as its footer."""
        return assemble(self.column_data, metadata, self.ttypes)


def assemble(column_data, metadata, ttypes=None):
    """column_data | serialized metadata | u32 LE length | PAR1."""
    footer, spans = recording.serialize(metadata)
    data = (bytes(column_data) + footer + struct.pack("<I", len(footer)) +
            MAGIC)
    return ParquetFile(data, metadata, len(column_data), len(footer),
                       spans.shifted(len(column_data)), ttypes)


# ---- writing --------------------------------------------------------------

@dataclass
class _LeafInfo:
    leaf: Leaf
    path: list  # Names from the root's child down to the leaf.
    nodes: list  # The Leaf/Group objects along the path.
    max_def: int


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
        max_def = sum(1 for n in nodes if n.repetition == OPTIONAL)
        leaves.append(_LeafInfo(node, path, nodes, max_def))

    for node in schema:
        visit(node, [], [])
    return elements, leaves


def _leaf_column(info, rows):
    """(definition levels, non-null physical values, non-null sort keys)."""
    defs, values, keys = [], [], []
    for r, row in enumerate(rows):
        value, level = row, 0
        for node in info.nodes:
            value = value.get(node.name) if isinstance(value, dict) else None
            if value is None:
                if node.repetition == REQUIRED:
                    raise ValueError(f"row {r}: REQUIRED field "
                                     f"{'.'.join(info.path)} is null")
                break
            if node.repetition == OPTIONAL:
                level += 1
        defs.append(level)
        if level == info.max_def and value is not None:
            values.append(info.leaf.to_physical(value))
            keys.append(info.leaf.sort_key(values[-1]))
    return defs, values, keys


def _statistics(t, info, values, keys, num_values):
    leaf = info.leaf
    stats = t.Statistics(null_count=num_values - len(values))
    if leaf.physical in ("FLOAT", "DOUBLE"):
        stats.nan_count = 0  # No NaNs are written.
    if not values:
        return stats
    lo = min(range(len(values)), key=lambda i: keys[i])
    hi = max(range(len(values)), key=lambda i: keys[i])
    lo_value, hi_value = values[lo], values[hi]
    if leaf.physical in ("FLOAT", "DOUBLE"):
        # T ColumnOrder: a zero min is written -0.0, a zero max +0.0.
        if lo_value == 0:
            lo_value = -0.0
        if hi_value == 0:
            hi_value = 0.0
    stats.min_value = encoding.stat_value(leaf.physical, lo_value)
    stats.max_value = encoding.stat_value(leaf.physical, hi_value)
    return stats


def _column_chunk(t, info, rows, offset, spec):
    """The bytes of one chunk written at `offset`, and its ColumnChunk."""
    defs, values, keys = _leaf_column(info, rows)
    width = encoding.bit_width(info.max_def)
    body = (encoding.levels_v1(defs, width, spec.level_style) +
            encoding.plain_values(info.leaf.physical, values))
    header = t.PageHeader(
        type=t.PageType.DATA_PAGE, uncompressed_page_size=len(body),
        compressed_page_size=len(body),
        data_page_header=t.DataPageHeader(
            num_values=len(rows), encoding=t.Encoding.PLAIN,
            definition_level_encoding=t.Encoding.RLE,
            repetition_level_encoding=t.Encoding.RLE))
    header_bytes, _ = recording.serialize(header)
    chunk = header_bytes + body
    meta = t.ColumnMetaData(
        type=getattr(t.Type, info.leaf.physical),
        encodings=[t.Encoding.PLAIN, t.Encoding.RLE],
        path_in_schema=list(info.path),
        codec=t.CompressionCodec.UNCOMPRESSED,
        num_values=len(rows),
        total_uncompressed_size=len(chunk),
        total_compressed_size=len(chunk),
        data_page_offset=offset,
        encoding_stats=[t.PageEncodingStats(
            page_type=t.PageType.DATA_PAGE, encoding=t.Encoding.PLAIN,
            count=1)])
    if spec.statistics:
        meta.statistics = _statistics(t, info, values, keys, len(rows))
    return chunk, t.ColumnChunk(file_offset=0, meta_data=meta)


def build_metadata(spec, ttypes=None):
    """Returns (column data bytes, FileMetaData) for `spec`."""
    t = ttypes or thrift_gen.load()
    elements, leaves = _flatten(t, spec.schema)
    sizes = spec.row_group_sizes or [len(spec.rows)]
    if sum(sizes) != len(spec.rows):
        raise ValueError("row_group_sizes must add up to the row count")
    data = bytearray(MAGIC)
    row_groups, start = [], 0
    for ordinal, size in enumerate(sizes):
        rows = spec.rows[start:start + size]
        start += size
        group_offset = len(data)
        chunks = []
        for info in leaves:
            chunk, column = _column_chunk(t, info, rows, len(data), spec)
            data += chunk
            chunks.append(column)
        total = sum(c.meta_data.total_compressed_size for c in chunks)
        row_groups.append(t.RowGroup(
            columns=chunks,
            total_byte_size=sum(c.meta_data.total_uncompressed_size
                                for c in chunks),
            num_rows=size, file_offset=group_offset,
            total_compressed_size=total, ordinal=ordinal))
    md = t.FileMetaData(
        version=1, schema=elements, num_rows=len(spec.rows),
        row_groups=row_groups, created_by=spec.created_by,
        column_orders=[t.ColumnOrder(TYPE_ORDER=t.TypeDefinedOrder())
                       for _ in leaves])
    if spec.key_value_metadata:
        md.key_value_metadata = [t.KeyValue(key=k, value=v) for k, v in
                                 sorted(spec.key_value_metadata.items())]
    return bytes(data), md


def write(spec, ttypes=None):
    """Writes `spec` and returns the ParquetFile."""
    t = ttypes or thrift_gen.load()
    column_data, md = build_metadata(spec, t)
    return assemble(column_data, md, t)


def copy_metadata(pq):
    """A deep copy of a file's FileMetaData, for mutation."""
    return copy.deepcopy(pq.metadata)
