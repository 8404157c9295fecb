"""Writes valid ORC files from a small description (ORCv1.md; the checklist
/work/shared/guides/orc-rules.md names the rules cited below).

    schema = Struct([("id", T("LONG")), ("name", T("STRING", dictionary=True)),
                     ("tags", List(T("INT")))])
    rows = [{"id": 1, "name": "a", "tags": [1, 2]},
            {"id": 2, "name": None, "tags": None}]
    orc = write(OrcSpec(schema, rows, compression="ZLIB", block_size=64,
                        row_index_stride=1, stripe_rows=[1, 1]))
    orc.data        # the file's bytes
    orc.layout      # OrcLayout: the byte span of every region (below)
    orc.footer, orc.postscript, orc.metadata, orc.stripe_footers  # protos

Layout (orc-rules.md §0):

    "ORC" | stripe 0 | ... | stripe n-1 | Metadata | Footer | PostScript
          | psLen (1 byte)
    stripe = ROW_INDEX/BLOOM_FILTER_UTF8 streams (index area, column order)
           | data streams (column order, then stream kind order)
           | StripeFooter

Values, one per row of the root type (None is null):
    BOOLEAN bool; BYTE/SHORT/INT/LONG int; FLOAT/DOUBLE float;
    STRING/CHAR/VARCHAR str (CHAR is space-padded to maximum_length);
    BINARY bytes; DECIMAL the unscaled int (scale from the type);
    DATE days since 1970-01-01; TIMESTAMP (secs, nanos): wall-clock floor
    seconds read as if UTC, and 0..999999999 nanos, written in the file's
    writer_timezone; TIMESTAMP_INSTANT (secs, nanos) in UTC;
    STRUCT dict field -> value; LIST list; MAP list of (key, value);
    UNION (tag, value).

Choices follow the Java writer: RLEv1 or v2 for the whole file
(OrcSpec.rle_version; DIRECT/DICTIONARY vs *_V2), RLEv2 runs chosen as
RunLengthIntegerWriterV2 does (orc_rle), PRESENT only in stripes where the
column has a null, streams of the index area before the data area,
row-index positions per RI3 (+1 position per compressed stream), statistics
per row group merged into stripes and stripes into the file, bloom filters
per BF3 (orc_bloom). Chunks hold at most block_size bytes and are stored
original when compressing does not shrink them.
"""

import datetime
import struct
import zoneinfo
from dataclasses import dataclass, field
from typing import Optional

from colcheck_gen.orc import (bloom as orc_bloom, compress as orc_compress,
                              proto as orc_proto, rle as orc_rle)

MAGIC = b"ORC"
SOFTWARE_VERSION = "colcheck-gen 0.1.0"

PRIMITIVES = ("BOOLEAN", "BYTE", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE",
              "STRING", "BINARY", "TIMESTAMP", "DECIMAL", "DATE", "VARCHAR",
              "CHAR", "TIMESTAMP_INSTANT")
COMPOUND = ("LIST", "MAP", "STRUCT", "UNION")
STRING_KINDS = ("STRING", "CHAR", "VARCHAR")
INT_KINDS = ("SHORT", "INT", "LONG")
INT_RANGE = {"BYTE": 8, "SHORT": 16, "INT": 32, "LONG": 64, "DATE": 32}

# Stream.Kind and ColumnEncoding.Kind numbers (orc_metadata.proto).
PRESENT, DATA, LENGTH, DICTIONARY_DATA, SECONDARY = 0, 1, 2, 3, 5
ROW_INDEX, BLOOM_FILTER_UTF8 = 6, 8
STREAM_NAMES = {0: "PRESENT", 1: "DATA", 2: "LENGTH", 3: "DICTIONARY_DATA",
                5: "SECONDARY", 6: "ROW_INDEX", 8: "BLOOM_FILTER_UTF8"}
INDEX_KINDS = (ROW_INDEX, BLOOM_FILTER_UTF8)

# 2015-01-01 00:00:00 UTC, the TIMESTAMP base (ORCv1.md §Timestamp).
TIMESTAMP_BASE_UTC = 1420070400
MAX_DECIMAL = 10 ** 38
MAX_STAT_BYTES = 1024  # Longer string min/max become bounds (ORC-203).


# ---- schema ----------------------------------------------------------------

@dataclass(frozen=True)
class OrcType:
    """A type tree node. `dictionary` asks for DICTIONARY(_V2) on string
    kinds; `bloom` for a BLOOM_FILTER_UTF8 stream (needs a row index);
    `rle_version` and `rle_force` override OrcSpec's for this column (ORC
    chooses the encoding per column and stripe)."""
    kind: str
    children: tuple = ()
    field_names: tuple = ()
    max_length: Optional[int] = None
    precision: Optional[int] = None
    scale: Optional[int] = None
    dictionary: bool = False
    bloom: bool = False
    rle_version: Optional[int] = None
    rle_force: Optional[str] = None


def T(kind, **options):
    """A primitive type: T("INT"), T("STRING", dictionary=True)."""
    if kind not in PRIMITIVES:
        raise ValueError(f"{kind} is not a primitive ORC type")
    if kind == "DECIMAL":
        options.setdefault("precision", 38)
        options.setdefault("scale", 10)
    if kind in ("CHAR", "VARCHAR"):
        options.setdefault("max_length", 10)
    return OrcType(kind, **options)


def Decimal(precision, scale, **options):
    return OrcType("DECIMAL", precision=precision, scale=scale, **options)


def Struct(fields, **options):
    return OrcType("STRUCT", tuple(t for _, t in fields),
                   tuple(n for n, _ in fields), **options)


def List(element, **options):
    return OrcType("LIST", (element,), **options)


def Map(key, value, **options):
    return OrcType("MAP", (key, value), **options)


def Union(variants, **options):
    return OrcType("UNION", tuple(variants), **options)


@dataclass
class Column:
    id: int
    type: OrcType
    children: list
    name: str  # Dotted path, for messages.


def flatten(schema):
    """Columns in pre-order: ids as the Footer's types list numbers them."""
    columns = []

    def visit(t, name):
        col = Column(len(columns), t, [], name)
        columns.append(col)
        if t.kind == "STRUCT":
            names = t.field_names
        elif t.kind == "MAP":
            names = ("key", "value")
        else:
            names = [str(i) for i in range(len(t.children))]
        for child, n in zip(t.children, names):
            col.children.append(visit(child, f"{name}.{n}" if name else n))
        return col
    visit(schema, "")
    return columns


# ---- the description and the result ---------------------------------------

@dataclass
class OrcSpec:
    schema: OrcType
    rows: list
    stripe_rows: Optional[list] = None  # Rows per stripe; None: one.
    compression: str = "NONE"
    block_size: int = 256 * 1024
    rle_version: int = 2
    rle_force: Optional[str] = None  # One RLEv2 sub-encoding everywhere.
    row_index_stride: int = 0  # 0: no ROW_INDEX streams.
    bloom_fpp: float = orc_bloom.DEFAULT_FPP
    writer: int = 0  # Footer.writer: 0 Java, 1 C++.
    writer_version: int = 9
    writer_timezone: Optional[str] = "UTC"
    version: tuple = (0, 12)
    software_version: Optional[str] = SOFTWARE_VERSION
    user_metadata: list = field(default_factory=list)  # (name, bytes)
    content_length_style: str = "java"  # "cpp": end of last stripe - 3.
    write_block_size: bool = True  # PostScript.compression_block_size.


@dataclass
class Region:
    """A byte span of the file; `chunks` are its compression chunks with
    offsets relative to the region (none when NONE or empty)."""
    name: str
    offset: int
    length: int
    chunks: list = field(default_factory=list)

    @property
    def end(self):
        return self.offset + self.length


@dataclass
class StreamLayout(Region):
    column: int = 0
    kind: int = 0
    uncompressed_length: int = 0


@dataclass
class StripeLayout:
    index: int
    offset: int
    index_length: int
    data_length: int
    footer: Region
    rows: int
    streams: list  # StreamLayout, in file order.

    @property
    def end(self):
        return self.footer.end


@dataclass
class OrcLayout:
    """Every byte offset of the file: mutations say which bytes they
    broke by naming these."""
    file_length: int
    header: Region
    stripes: list
    metadata: Region
    footer: Region
    postscript: Region
    ps_length_offset: int


@dataclass
class OrcFile:
    data: bytes
    layout: OrcLayout
    postscript: object
    footer: object
    metadata: object
    stripe_footers: list
    row_indexes: list  # Per stripe: {column: RowIndex}.
    bloom_indexes: list  # Per stripe: {column: BloomFilterIndex}.
    spec: OrcSpec = None


# ---- value helpers ---------------------------------------------------------

def format_nanos(nanos):
    """Trailing decimal zeros moved into the low 3 bits (E11)."""
    if nanos == 0:
        return 0
    if nanos % 100:
        return nanos << 3
    nanos //= 100
    zeros = 1
    while nanos % 10 == 0 and zeros < 7:
        nanos //= 10
        zeros += 1
    return (nanos << 3) | zeros


def decimal_string(unscaled, scale):
    """The normalized string form (trailing fraction zeros removed), as
    Java's HiveDecimal prints it for statistics and bloom filters."""
    sign = "-" if unscaled < 0 else ""
    digits = str(abs(unscaled))
    if scale > 0:
        digits = digits.rjust(scale + 1, "0")
        whole, frac = digits[:-scale], digits[-scale:].rstrip("0")
        digits = whole + ("." + frac if frac else "")
    if digits == "0":
        sign = ""
    return sign + digits


def timestamp_seconds(value, kind, tz):
    """(stored DATA seconds, encoded nanos) of a TIMESTAMP value (E11):
    seconds since 2015-01-01 in the writer time zone (UTC for INSTANT),
    truncated toward zero as the writers do, which the readers undo for
    negative seconds with nanos > 999999."""
    secs, nanos = value
    if not 0 <= nanos <= 999_999_999:
        raise ValueError(f"timestamp nanos {nanos} out of range")
    if kind == "TIMESTAMP" and tz not in (None, "UTC", "GMT"):
        zone = zoneinfo.ZoneInfo(tz)
        utc = _local_to_utc(secs, zone)
        base = _local_to_utc(TIMESTAMP_BASE_UTC, zone)
    else:
        utc, base = secs, TIMESTAMP_BASE_UTC
    if utc == -1 and nanos > 999_999:
        raise ValueError("timestamps in (-1 s, 0) are ambiguous (ORC-645)")
    stored = utc + 1 if utc < 0 and nanos > 999_999 else utc
    return stored - base, format_nanos(nanos)


def _local_to_utc(wall_secs, zone):
    wall = datetime.datetime(1970, 1, 1) + datetime.timedelta(
        seconds=wall_secs)
    return int(wall.replace(tzinfo=zone).timestamp())


def timestamp_millis(value):
    secs, nanos = value
    return secs * 1000 + nanos // 1_000_000


def _check_value(t, v):
    k = t.kind
    if k in INT_RANGE or k == "BYTE":
        bits = INT_RANGE[k]
        if not -(1 << (bits - 1)) <= v < (1 << (bits - 1)):
            raise ValueError(f"{v} out of range for {k}")
    elif k == "DECIMAL":
        if abs(v) >= 10 ** t.precision:
            raise ValueError(f"{v} exceeds DECIMAL({t.precision})")
    elif k == "VARCHAR" and len(v) > t.max_length:
        raise ValueError(f"{v!r} longer than VARCHAR({t.max_length})")
    elif k == "CHAR" and len(v) > t.max_length:
        raise ValueError(f"{v!r} longer than CHAR({t.max_length})")


def _float32(v):
    return struct.unpack("<f", struct.pack("<f", v))[0]


# ---- statistics ------------------------------------------------------------

class Stats:
    """A column's statistics over some values; merge() adds another scope,
    so stripes are the merge of their row groups and the file the merge of
    its stripes, as in the Java writer."""

    def __init__(self, t):
        self.t = t
        self.count = 0
        self.has_null = False
        self.min = self.max = None
        self.sum = 0
        self.sum_ok = True
        self.extra = 0  # Booleans: trues; collections: total children.

    def add(self, v):
        if v is None:
            self.has_null = True
            return
        k = self.t.kind
        self.count += 1
        if k == "BOOLEAN":
            self.extra += 1 if v else 0
            return
        if k in ("BYTE",) + INT_KINDS:
            self._minmax(v)
            self._add_sum(v, 63)
        elif k in ("FLOAT", "DOUBLE"):
            if v == v:
                self._minmax(v)
            self.sum += v
        elif k in STRING_KINDS:
            b = v.encode()
            self._minmax(b)
            self.sum += len(b)
        elif k == "BINARY":
            self.sum += len(v)
        elif k == "DECIMAL":
            self._minmax(v)
            self._add_sum(v, None)
        elif k == "DATE":
            self._minmax(v)
        elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
            key = (timestamp_millis(v), v[1] % 1_000_000)
            self._minmax(key)
        elif k in ("LIST", "MAP"):
            self._minmax(len(v))
            self.extra += len(v)

    def _minmax(self, v):
        if self.min is None or v < self.min:
            self.min = v
        if self.max is None or v > self.max:
            self.max = v

    def _add_sum(self, v, bits):
        if not self.sum_ok:
            return
        self.sum += v
        if bits is not None and not -(1 << bits) <= self.sum < (1 << bits):
            self.sum_ok = False
        if bits is None and abs(self.sum) >= MAX_DECIMAL:
            self.sum_ok = False

    def merge(self, other):
        self.count += other.count
        self.has_null |= other.has_null
        if other.min is not None:
            self._minmax(other.min)
            self._minmax(other.max)
        self.extra += other.extra
        k = self.t.kind
        if k in ("BYTE", "DECIMAL") + INT_KINDS:
            if other.sum_ok:
                self._add_sum(other.sum, None if k == "DECIMAL" else 63)
            else:
                self.sum_ok = False
        else:
            self.sum += other.sum

    def to_proto(self, pb):
        s = pb.ColumnStatistics(number_of_values=self.count,
                                has_null=self.has_null)
        k = self.t.kind
        if k == "BOOLEAN":
            s.bucket_statistics.count.append(self.extra)
        elif k in ("BYTE",) + INT_KINDS:
            i = s.int_statistics
            if self.min is not None:
                i.minimum, i.maximum = self.min, self.max
            if self.sum_ok:
                i.sum = self.sum
        elif k in ("FLOAT", "DOUBLE"):
            d = s.double_statistics
            if self.min is not None:
                d.minimum, d.maximum = self.min, self.max
            d.sum = self.sum
        elif k in STRING_KINDS:
            st = s.string_statistics
            if self.min is not None:
                # Over 1024 bytes only a bound is kept (ORC-203, ST4).
                if len(self.min) > MAX_STAT_BYTES:
                    st.lower_bound = _truncate_utf8(self.min).decode()
                else:
                    st.minimum = self.min.decode()
                if len(self.max) > MAX_STAT_BYTES:
                    st.upper_bound = _increment_last(
                        _truncate_utf8(self.max).decode())
                else:
                    st.maximum = self.max.decode()
            st.sum = self.sum
        elif k == "BINARY":
            s.binary_statistics.sum = self.sum
        elif k == "DECIMAL":
            d = s.decimal_statistics
            if self.min is not None:
                d.minimum = decimal_string(self.min, self.t.scale)
                d.maximum = decimal_string(self.max, self.t.scale)
            if self.sum_ok:
                d.sum = decimal_string(self.sum, self.t.scale)
        elif k == "DATE":
            d = s.date_statistics
            if self.min is not None:
                d.minimum, d.maximum = self.min, self.max
        elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
            ts = s.timestamp_statistics
            if self.min is not None:
                ts.minimum_utc, ts.maximum_utc = self.min[0], self.max[0]
                # Sub-millisecond nanos, stored +1 unless at their default.
                if self.min[1] != 0:
                    ts.minimum_nanos = self.min[1] + 1
                if self.max[1] != 999_999:
                    ts.maximum_nanos = self.max[1] + 1
        elif k in ("LIST", "MAP"):
            c = s.collection_statistics
            if self.min is not None:
                c.min_children, c.max_children = self.min, self.max
            c.total_children = self.extra
        return s


def _truncate_utf8(b):
    """The longest prefix of at most MAX_STAT_BYTES ending on a character
    boundary."""
    end = MAX_STAT_BYTES
    while end > 0 and (b[end] & 0xC0) == 0x80:
        end -= 1
    return b[:end]


def _increment_last(text):
    """A string greater than every string with `text` as prefix: the last
    code point plus one (skipping surrogates; 0x10FFFF carries left)."""
    chars = list(text)
    while chars:
        cp = ord(chars[-1]) + 1
        if cp == 0xD800:
            cp = 0xE000
        if cp <= 0x10FFFF:
            chars[-1] = chr(cp)
            return "".join(chars)
        chars.pop()
    raise ValueError("no upper bound for a string of U+10FFFF only")


# ---- column encoding -------------------------------------------------------

class _Raw:
    """A stream of raw bytes (floats, string contents, decimal varints)."""

    def __init__(self):
        self.out = bytearray()

    def write(self, b):
        self.out += b

    def position(self):
        return [len(self.out)]

    def finish(self):
        return bytes(self.out)


@dataclass
class _EncodedColumn:
    streams: dict  # kind -> uncompressed bytes
    positions: list  # per row group: [(kind, raw position)]
    encoding: object  # ColumnEncoding
    group_stats: list  # Stats per row group


def _child_slots(col, slots, starts):
    """The slot values and row-group starts of each child of `col`."""
    k = col.type.kind
    n_children = len(col.children)
    values = [[] for _ in range(n_children)]
    child_starts = [[] for _ in range(n_children)]
    g = 0
    for i in range(len(slots) + 1):
        while g < len(starts) and starts[g] == i:
            for c in range(n_children):
                child_starts[c].append(len(values[c]))
            g += 1
        if i == len(slots):
            break
        v = slots[i]
        if v is None:
            continue
        if k == "STRUCT":
            if not isinstance(v, dict):
                raise ValueError(f"{col.name}: a STRUCT value is a dict")
            for c, name in enumerate(col.type.field_names):
                values[c].append(v.get(name))
        elif k == "LIST":
            values[0].extend(v)
        elif k == "MAP":
            for key, val in v:
                values[0].append(key)
                values[1].append(val)
        elif k == "UNION":
            tag, val = v
            values[tag].append(val)
    return values, child_starts


def _encode_column(col, slots, starts, spec, pb):
    t = col.type
    k = t.kind
    version = t.rle_version or spec.rle_version
    force = t.rle_force or spec.rle_force
    v2 = version == 2
    has_null = any(v is None for v in slots)

    def ints(signed):
        return orc_rle.int_encoder(version, signed, force if v2 else None)

    present = orc_rle.BoolRle() if has_null else None
    positioned = []  # (kind, encoder) in RI3 order
    extra = {}
    dictionary = None
    if k == "BOOLEAN":
        positioned = [(DATA, orc_rle.BoolRle())]
    elif k in ("BYTE",):
        positioned = [(DATA, orc_rle.ByteRle())]
    elif k in INT_KINDS or k == "DATE":
        positioned = [(DATA, ints(True))]
    elif k in ("FLOAT", "DOUBLE"):
        positioned = [(DATA, _Raw())]
    elif k in STRING_KINDS and t.dictionary:
        positioned = [(DATA, ints(False))]
        entries = sorted({_string_bytes(t, v) for v in slots
                          if v is not None})
        dictionary = {e: i for i, e in enumerate(entries)}
        lengths = ints(False)
        for e in entries:
            lengths.write(len(e))
        extra = {LENGTH: lengths.finish(), DICTIONARY_DATA: b"".join(entries)}
    elif k in STRING_KINDS or k == "BINARY":
        positioned = [(DATA, _Raw()), (LENGTH, ints(False))]
    elif k == "DECIMAL":
        positioned = [(DATA, _Raw()), (SECONDARY, ints(True))]
    elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
        positioned = [(DATA, ints(True)), (SECONDARY, ints(False))]
    elif k in ("LIST", "MAP"):
        positioned = [(LENGTH, ints(False))]
    elif k == "UNION":
        positioned = [(DATA, orc_rle.ByteRle())]

    positions = []
    group_stats = []
    g = 0

    def record():
        entry = []
        if present is not None:
            entry.append((PRESENT, present.position()))
        for kind, enc in positioned:
            entry.append((kind, enc.position()))
        positions.append(entry)
        group_stats.append(Stats(t))

    encoders = dict(positioned)
    for i, v in enumerate(slots):
        while g < len(starts) and starts[g] == i:
            record()
            g += 1
        if k == "CHAR" and v is not None:
            _check_value(t, v)
            v = v.ljust(t.max_length)  # Statistics see the stored value.
        group_stats[-1].add(v)
        if present is not None:
            present.write(v is not None)
        if v is None:
            continue
        _check_value(t, v)
        if k in ("BOOLEAN", "BYTE") or k in INT_KINDS or k == "DATE":
            encoders[DATA].write(int(v))
        elif k == "FLOAT":
            encoders[DATA].write(struct.pack("<f", v))
        elif k == "DOUBLE":
            encoders[DATA].write(struct.pack("<d", v))
        elif dictionary is not None:
            encoders[DATA].write(dictionary[_string_bytes(t, v)])
        elif k in STRING_KINDS or k == "BINARY":
            b = _string_bytes(t, v)
            encoders[DATA].write(b)
            encoders[LENGTH].write(len(b))
        elif k == "DECIMAL":
            encoders[DATA].write(orc_rle.svarint(v))
            encoders[SECONDARY].write(t.scale)
        elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
            secs, nanos = timestamp_seconds(v, k, spec.writer_timezone)
            encoders[DATA].write(secs)
            encoders[SECONDARY].write(nanos)
        elif k in ("LIST", "MAP"):
            encoders[LENGTH].write(len(v))
        elif k == "UNION":
            if not 0 <= v[0] < len(col.children):
                raise ValueError(f"{col.name}: union tag {v[0]}")
            encoders[DATA].write(v[0])
    while g < len(starts):
        record()
        g += 1

    streams = {}
    if present is not None:
        streams[PRESENT] = present.finish()
    for kind, enc in positioned:
        streams[kind] = enc.finish()
    streams.update(extra)
    enc = pb.ColumnEncoding()
    if k in ("BOOLEAN", "BYTE", "FLOAT", "DOUBLE", "STRUCT", "UNION"):
        enc.kind = pb.ColumnEncoding.DIRECT
    elif dictionary is not None:
        enc.kind = pb.ColumnEncoding.DICTIONARY_V2 if v2 \
            else pb.ColumnEncoding.DICTIONARY
        enc.dictionary_size = len(dictionary)
    else:
        enc.kind = pb.ColumnEncoding.DIRECT_V2 if v2 \
            else pb.ColumnEncoding.DIRECT
    if t.bloom:
        enc.bloom_encoding = 1
    return _EncodedColumn(streams, positions, enc, group_stats)


def _string_bytes(t, v):
    if t.kind == "BINARY":
        return bytes(v)
    if t.kind == "CHAR":
        v = v.ljust(t.max_length)
    return v.encode()


def _bloom_add(bf, t, v):
    k = t.kind
    if k in ("BYTE", "DATE") or k in INT_KINDS:
        bf.add_long(v)
    elif k in ("FLOAT", "DOUBLE"):
        bf.add_double(float(v))
    elif k in STRING_KINDS or k == "BINARY":
        bf.add_bytes(_string_bytes(t, v))
    elif k == "DECIMAL":
        bf.add_bytes(decimal_string(v, t.scale).encode())
    elif k in ("TIMESTAMP", "TIMESTAMP_INSTANT"):
        bf.add_long(timestamp_millis(v))
    else:
        raise ValueError(f"no bloom filter for {k}")


# ---- the file --------------------------------------------------------------

def _types(columns, pb):
    types = []
    for col in columns:
        t = col.type
        m = pb.Type(kind=getattr(pb.Type, t.kind))
        m.subtypes.extend(c.id for c in col.children)
        if t.kind == "STRUCT":
            m.field_names.extend(t.field_names)
        if t.kind in ("CHAR", "VARCHAR"):
            m.maximum_length = t.max_length
        if t.kind == "DECIMAL":
            m.precision, m.scale = t.precision, t.scale
        types.append(m)
    return types


class _Out:
    def __init__(self):
        self.buf = bytearray(MAGIC)

    def region(self, name, data, chunks=()):
        r = Region(name, len(self.buf), len(data), list(chunks))
        self.buf += data
        return r


def write(spec):
    """Writes `spec`; returns an OrcFile."""
    pb = orc_proto.load()
    columns = flatten(spec.schema)
    for col in columns:
        if col.type.bloom and spec.row_index_stride <= 0:
            raise ValueError(f"{col.name}: bloom filters need a row index")
    codec = spec.compression
    bs = spec.block_size

    def framed(data):
        return orc_compress.frame(data, codec, bs)

    stripe_rows = spec.stripe_rows
    if stripe_rows is None:
        stripe_rows = [len(spec.rows)] if spec.rows else []
    if sum(stripe_rows) != len(spec.rows) or any(n <= 0 for n in stripe_rows):
        raise ValueError("stripe_rows must be positive and sum to the rows")

    out = _Out()
    stripes, stripe_footers, row_indexes, bloom_indexes = [], [], [], []
    file_stats = [Stats(c.type) for c in columns]
    stripe_stats = []
    first = 0
    for s, n_rows in enumerate(stripe_rows):
        rows = spec.rows[first:first + n_rows]
        first += n_rows
        stride = spec.row_index_stride
        starts = list(range(0, n_rows, stride)) if stride > 0 else [0]
        slots = {0: (rows, starts)}
        encoded = {}
        for col in columns:  # Pre-order: parents before children.
            values, col_starts = slots[col.id]
            encoded[col.id] = _encode_column(col, values, col_starts, spec,
                                             pb)
            if col.children:
                cv, cs = _child_slots(col, values, col_starts)
                for child, v, st in zip(col.children, cv, cs):
                    slots[child.id] = (v, st)

        # Data area first (index positions point into it), column order,
        # then stream kind order.
        data_parts = []
        for col in columns:
            for kind in sorted(encoded[col.id].streams):
                raw = encoded[col.id].streams[kind]
                body, chunks = framed(raw)
                data_parts.append((col.id, kind, raw, body, chunks))
        chunk_map = {(c, k): (raw, chunks)
                     for c, k, raw, _, chunks in data_parts}

        index_parts = []
        ri_by_col, bf_by_col = {}, {}
        sstats = []
        for col in columns:
            ec = encoded[col.id]
            merged = Stats(col.type)
            for gs in ec.group_stats:
                merged.merge(gs)
            sstats.append(merged)
            if stride > 0:
                ri = pb.RowIndex()
                for entry, gs in zip(ec.positions, ec.group_stats):
                    e = ri.entry.add()
                    for kind, raw_pos in entry:
                        raw, chunks = chunk_map[(col.id, kind)]
                        e.positions.extend(orc_compress.position(
                            chunks, raw_pos[0], len(raw), codec))
                        e.positions.extend(raw_pos[1:])
                    e.statistics.CopyFrom(gs.to_proto(pb))
                ri_by_col[col.id] = ri
                raw = ri.SerializeToString()
                index_parts.append((col.id, ROW_INDEX, raw) + framed(raw))
            if col.type.bloom:
                bfi = pb.BloomFilterIndex()
                values, col_starts = slots[col.id]
                bounds = col_starts + [len(values)]
                for g in range(len(col_starts)):
                    bf = orc_bloom.BloomFilter(stride, spec.bloom_fpp)
                    for v in values[bounds[g]:bounds[g + 1]]:
                        if v is not None:
                            _bloom_add(bf, col.type, v)
                    m = bfi.bloom_filter.add()
                    m.num_hash_functions = bf.num_hash_functions
                    m.utf8bitset = bf.utf8bitset()
                bf_by_col[col.id] = bfi
                raw = bfi.SerializeToString()
                index_parts.append((col.id, BLOOM_FILTER_UTF8, raw)
                                   + framed(raw))
        for st, fs in zip(sstats, file_stats):
            fs.merge(st)
        stripe_stats.append(sstats)

        stripe_offset = len(out.buf)
        sf = pb.StripeFooter()
        layouts = []
        for c, kind, raw, body, chunks in index_parts + data_parts:
            r = out.region(f"stripe[{s}].column[{c}].{STREAM_NAMES[kind]}",
                           body, chunks)
            layouts.append(StreamLayout(r.name, r.offset, r.length, r.chunks,
                                        column=c, kind=kind,
                                        uncompressed_length=len(raw)))
            sf.streams.add(kind=kind, column=c, length=len(body))
        index_length = sum(len(p[3]) for p in index_parts)
        data_length = sum(len(p[3]) for p in data_parts)
        for col in columns:
            sf.columns.add().CopyFrom(encoded[col.id].encoding)
        if spec.writer_timezone is not None:
            sf.writer_timezone = spec.writer_timezone
        footer_body, footer_chunks = framed(sf.SerializeToString())
        footer_region = out.region(f"stripe[{s}].footer", footer_body,
                                   footer_chunks)
        stripes.append(StripeLayout(s, stripe_offset, index_length,
                                    data_length, footer_region, n_rows,
                                    layouts))
        stripe_footers.append(sf)
        row_indexes.append(ri_by_col)
        bloom_indexes.append(bf_by_col)

    content_end = len(out.buf)
    metadata = pb.Metadata()
    for sstats in stripe_stats:
        ss = metadata.stripe_stats.add()
        for st in sstats:
            ss.col_stats.add().CopyFrom(st.to_proto(pb))
    meta_region = out.region("metadata",
                             *framed(metadata.SerializeToString()))

    footer = pb.Footer(header_length=len(MAGIC),
                       number_of_rows=len(spec.rows), writer=spec.writer)
    if spec.content_length_style == "cpp":
        footer.content_length = content_end - len(MAGIC)
    else:
        footer.content_length = content_end
    for st in stripes:
        footer.stripes.add(offset=st.offset, index_length=st.index_length,
                           data_length=st.data_length,
                           footer_length=st.footer.length,
                           number_of_rows=st.rows)
    footer.types.extend(_types(columns, pb))
    for name, value in spec.user_metadata:
        footer.metadata.add(name=name, value=value)
    for fs in file_stats:
        footer.statistics.add().CopyFrom(fs.to_proto(pb))
    if spec.row_index_stride > 0:
        footer.row_index_stride = spec.row_index_stride
    if spec.software_version is not None:
        footer.software_version = spec.software_version
    footer_region = out.region("footer", *framed(footer.SerializeToString()))

    ps = pb.PostScript(footer_length=footer_region.length,
                       compression=orc_compress.CODEC_IDS[codec],
                       metadata_length=meta_region.length,
                       writer_version=spec.writer_version, magic="ORC")
    if spec.write_block_size:
        ps.compression_block_size = bs
    ps.version.extend(spec.version)
    ps_bytes = ps.SerializeToString()
    if len(ps_bytes) > 255:
        raise ValueError("PostScript longer than 255 bytes")
    ps_region = out.region("postscript", ps_bytes)
    ps_len_offset = len(out.buf)
    out.buf.append(len(ps_bytes))

    layout = OrcLayout(len(out.buf), Region("header", 0, len(MAGIC)),
                       stripes, meta_region, footer_region, ps_region,
                       ps_len_offset)
    return OrcFile(bytes(out.buf), layout, ps, footer, metadata,
                   stripe_footers, row_indexes, bloom_indexes, spec)
