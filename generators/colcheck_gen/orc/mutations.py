"""ORC mutations: each breaks exactly one rule of a valid ORC file.

An operator takes an orc_writer.OrcFile and returns `(bytes, span)`: the
broken file and the Span colcheck must point at; or None when the file lacks
what the operator needs (no stripe, no dictionary column, ...). Rule ids
(T4, SF5, ...) are those of /work/shared/guides/orc-rules.md.

How: the file is taken apart into a Model (orc_wire messages for the
PostScript, Footer, Metadata and each StripeFooter; the bytes of each
stream), one thing is edited, and assemble() lays the file out again,
repairing every length and offset that is not the edited one (stream
lengths in the directory, stripe extents and content_length in the
Footer, footer_length and metadata_length in the PostScript, psLen). The
edited field carries a mark; assemble() says where it landed.

Operators about a message's content need its bytes plain: their base is
written with compression NONE (Breakage.plain). The orc-compression
operators use compressed bases and build the broken chunk by hand.

Add an operator with @operator (breakage.register for the ORC family,
which holds the code colcheck must report; Breakage.apply returns
`(bytes, {"code", "offset", "length"})`); make_corpus.py writes
corpus/orc/invalid/<code>/<name>.orc for each, tests/test_orc_mutations.py
checks each against colcheck.
"""

import dataclasses
import functools
from dataclasses import dataclass, field
from typing import Optional

from colcheck_gen.common import breakage
from colcheck_gen.common.span import Span
from colcheck_gen.orc import (compress as orc_compress, rle as orc_rle,
                              writer as orc_writer)
from colcheck_gen.orc.wire import (F, FIXED64, GROUP_START, LEN, Msg, VARINT,
                                   uvarint)
from colcheck_gen.orc.writer import Decimal, List, Map, OrcSpec, Struct, T
from colcheck_gen.orc.writer import Union

# StreamKinds of the index area (orc-rules.md SF4).
INDEX_KINDS = (4, 6, 7, 8, 9)

# PostScript, Footer, StripeInformation, Type, Stream, ColumnEncoding,
# StripeFooter field numbers (orc_metadata.proto).
PS_FOOTER_LENGTH, PS_COMPRESSION, PS_BLOCK_SIZE, PS_VERSION = 1, 2, 3, 4
PS_METADATA_LENGTH, PS_WRITER_VERSION, PS_MAGIC = 5, 6, 8000
FT_HEADER_LENGTH, FT_CONTENT_LENGTH, FT_STRIPES, FT_TYPES = 1, 2, 3, 4
FT_METADATA, FT_ROWS, FT_STATISTICS, FT_STRIDE, FT_WRITER = 5, 6, 7, 8, 9
FT_CALENDAR, FT_SOFTWARE = 11, 12
SI_OFFSET, SI_INDEX, SI_DATA, SI_FOOTER, SI_ROWS = 1, 2, 3, 4, 5
TY_KIND, TY_SUBTYPES, TY_NAMES, TY_MAXLEN, TY_PRECISION, TY_SCALE = (
    1, 2, 3, 4, 5, 6)
ST_KIND, ST_COLUMN, ST_LENGTH = 1, 2, 3
CE_KIND, CE_DICT_SIZE, CE_BLOOM = 1, 2, 3
SF_STREAMS, SF_COLUMNS, SF_TIMEZONE = 1, 2, 3
MD_STRIPE_STATS = 1

KIND_IDS = {k: i for i, k in enumerate(
    ("BOOLEAN", "BYTE", "SHORT", "INT", "LONG", "FLOAT", "DOUBLE", "STRING",
     "BINARY", "TIMESTAMP", "LIST", "MAP", "STRUCT", "UNION", "DECIMAL",
     "DATE", "VARCHAR", "CHAR", "TIMESTAMP_INSTANT"))}


# ---- the model -------------------------------------------------------------

@dataclass
class Stripe:
    streams: list  # [kind, column, region bytes], in file order
    footer: Msg    # The StripeFooter, uncompressed.
    footer_raw: Optional[bytes] = None  # Region bytes written instead.
    fix_directory: bool = True  # Stream lengths from the bytes.


@dataclass
class Model:
    codec: str
    block_size: int
    header: bytes
    stripes: list
    metadata: Msg
    footer: Msg
    ps: Msg
    metadata_raw: Optional[bytes] = None
    footer_raw: Optional[bytes] = None
    fix_stripes: bool = True  # Footer.stripes extents from the layout.
    fix_content_length: bool = True
    fix_ps: bool = True  # footer_length, metadata_length.

    @staticmethod
    def of(orc):
        data = orc.data
        stripes = []
        for st, sf in zip(orc.layout.stripes, orc.stripe_footers):
            streams = [[s.kind, s.column, data[s.offset:s.end]]
                       for s in st.streams]
            stripes.append(Stripe(streams, Msg.parse(sf.SerializeToString())))
        return Model(orc.spec.compression, orc.spec.block_size,
                     data[:3], stripes,
                     Msg.parse(orc.metadata.SerializeToString()),
                     Msg.parse(orc.footer.SerializeToString()),
                     Msg.parse(orc.postscript.SerializeToString()))

    def frame(self, raw):
        return orc_compress.frame(raw, self.codec, self.block_size)[0]


@dataclass
class Placed:
    """Where assemble() put things: absolute (offset, length) regions and,
    for plain (NONE) messages, the absolute FieldSpans of marked fields."""
    data: bytes
    stripes: list = field(default_factory=list)  # {offset, streams, footer}
    metadata: tuple = (0, 0)
    footer: tuple = (0, 0)
    postscript: tuple = (0, 0)
    marks: dict = field(default_factory=dict)
    # (region offset, uncompressed bytes, relative marks) of each message
    # written framed by assemble(), for map_span().
    messages: list = field(default_factory=list)


def assemble(m):
    out = bytearray(m.header)
    placed = Placed(b"")
    plain = m.codec == "NONE"

    def add_marks(marks, at, raw=None):
        if raw is not None:
            placed.messages.append((at, raw, marks))
        if plain:
            for k, s in marks.items():
                placed.marks[k] = s.shifted(at)

    infos = m.footer.all(FT_STRIPES)
    for i, st in enumerate(m.stripes):
        offset = len(out)
        entries = st.footer.all(SF_STREAMS)
        if st.fix_directory:
            for e, (_, _, b) in zip(entries, st.streams):
                e.msg().set(ST_LENGTH, len(b))
        index_length = data_length = 0
        regions = []
        for kind, _, b in st.streams:
            regions.append((len(out), len(b)))
            out += b
            if kind in INDEX_KINDS:
                index_length += len(b)
            else:
                data_length += len(b)
        raw, marks = st.footer.encode()
        body = st.footer_raw if st.footer_raw is not None else m.frame(raw)
        footer_at = len(out)
        add_marks(marks, footer_at, raw if st.footer_raw is None else None)
        out += body
        placed.stripes.append({"offset": offset, "streams": regions,
                               "footer": (footer_at, len(body))})
        if m.fix_stripes and i < len(infos):
            info = infos[i].msg()
            info.set(SI_OFFSET, offset)
            info.set(SI_INDEX, index_length)
            info.set(SI_DATA, data_length)
            info.set(SI_FOOTER, len(body))
    content_end = len(out)

    raw, marks = m.metadata.encode()
    body = m.metadata_raw if m.metadata_raw is not None else m.frame(raw)
    placed.metadata = (len(out), len(body))
    add_marks(marks, len(out), raw if m.metadata_raw is None else None)
    out += body

    if m.fix_content_length and m.footer.has(FT_CONTENT_LENGTH):
        m.footer.set(FT_CONTENT_LENGTH, content_end)
    raw, marks = m.footer.encode()
    body = m.footer_raw if m.footer_raw is not None else m.frame(raw)
    placed.footer = (len(out), len(body))
    add_marks(marks, len(out), raw if m.footer_raw is None else None)
    out += body

    if m.fix_ps:
        m.ps.set(PS_FOOTER_LENGTH, placed.footer[1])
        m.ps.set(PS_METADATA_LENGTH, placed.metadata[1])
    raw, marks = m.ps.encode()
    placed.postscript = (len(out), len(raw))
    # The PostScript is never compressed: its marks are always file spans.
    for k, s in marks.items():
        placed.marks[k] = s.shifted(len(out))
    out += raw
    out.append(len(raw) & 0xFF)
    placed.data = bytes(out)
    return placed


def map_span(m, placed, mark, part="value"):
    """The file span colcheck reports for bytes of a framed message: in a
    compressed file, the bytes themselves where they lie in an original
    chunk, the body of each compressed chunk that holds some of them
    (decompressed bytes have no finer file position), joined."""
    for at, raw, marks in placed.messages:
        if mark in marks:
            break
    else:
        raise KeyError(mark)
    s = marks[mark]
    start, length = value_span(s) if part == "value" else whole_span(s)
    if m.codec == "NONE":
        return at + start, length
    _, chunks = orc_compress.frame(raw, m.codec, m.block_size)
    pieces = []
    for k, c in enumerate(chunks):
        end = chunks[k + 1].uncompressed_offset if k + 1 < len(chunks) \
            else len(raw)
        lo, hi = max(start, c.uncompressed_offset), min(start + length, end)
        if lo >= hi:
            continue
        body = at + c.offset + 3
        if c.original:
            pieces.append((body + lo - c.uncompressed_offset, hi - lo))
        else:
            pieces.append((body, c.length))
    return join(pieces[0], pieces[-1])


# ---- expected spans ---------------------------------------------------------

def value_span(s):
    return s.value, s.end - s.value


def whole_span(s):
    return s.tag, s.end - s.tag


def join(a, b):
    """The span from the start of (offset, length) a to the end of b."""
    return a[0], b[0] + b[1] - a[0]


def list_span(first, last):
    """A repeated field's span: first element's value to the last's."""
    return join(value_span(first), value_span(last))


def _list_result(m, first, last):
    """Assembles `m`; returns the span of the repeated field from `first`
    to `last` (one element: first is last)."""
    first.mark = "a"
    if last is not first:
        last.mark = "b"
    p = assemble(m)
    b = p.marks["b"] if last is not first else p.marks["a"]
    return p.data, Span(*list_span(p.marks["a"], b))


def packed_span(s):
    return s.elements[0][0], s.elements[-1][1] - s.elements[0][0]


# ---- the registry -----------------------------------------------------------

# An operator takes an OrcFile and returns (bytes, Span) or None; base is
# the BASES spec its corpus file starts from (common/breakage.py).
operator = functools.partial(breakage.register, breakage.ORC)

# Codes colcheck does not report yet as the operator expects (the stage is
# being written): make_corpus.py leaves their operators out of
# corpus/orc/invalid and tests/test_orc_mutations.py skips them.
PENDING_CODES = frozenset()

# ORC error codes no operator reaches from a small file, and why.
UNBUILDABLE_CODES = {
    "protobuf.depth-limit":
        "no ORC message nests deeper than 5 known messages, and unknown "
        "fields are skipped undecoded, so kProtobufMaxDepth (100) cannot "
        "be reached",
    "limits.orc-region-size":
        "a region must decode to more than limits.h's bound, so the file "
        "is far larger than a corpus file",
}


# Operators whose span colcheck reports differently, where we believe
# colcheck is wrong (name -> why); left out like PENDING_CODES until fixed.
DISAGREEMENTS = {}


def active():
    return [o for o in breakage.of(breakage.ORC)
            if o.code not in PENDING_CODES and o.name not in DISAGREEMENTS]


# ---- bases ------------------------------------------------------------------

def _flat_schema():
    return Struct([
        ("b", T("BOOLEAN")), ("i", T("INT")), ("l", T("LONG")),
        ("s", T("STRING")), ("d", T("STRING", dictionary=True)),
        ("dec", Decimal(10, 2)), ("ts", T("TIMESTAMP")),
        ("c", T("CHAR", max_length=3)), ("v", T("VARCHAR", max_length=5)),
        ("m", Map(T("STRING"), T("INT"))),
        ("u", Union([T("INT"), T("STRING")])),
        ("lst", List(T("INT")))])


def _flat_rows(n):
    words = ["ab", "cd", "", "xyz"]
    rows = []
    for k in range(n):
        rows.append({
            "b": k % 3 == 0, "i": None if k % 5 == 4 else k * 7 - 20,
            "l": k * 1000003, "s": words[k % 4], "d": words[(k * 3) % 4],
            "dec": k * 125 - 999, "ts": (1_600_000_000 + k * 61, k * 1000),
            "c": "ab", "v": words[k % 4],
            "m": [("k", k)] if k % 2 else [],
            "u": (k % 2, k if k % 2 == 0 else str(k)),
            "lst": [k, k + 1] if k % 3 else None})
    return rows


def base_flat(codec="NONE", block_size=256 * 1024):
    return OrcSpec(_flat_schema(), _flat_rows(20), stripe_rows=[12, 8],
                   compression=codec, block_size=block_size)


def base_indexed():
    schema = Struct([("i", T("INT", bloom=True)), ("s", T("STRING")),
                     ("d", T("STRING", dictionary=True)),
                     ("b", T("BOOLEAN"))])
    rows = [{"i": k, "s": str(k), "d": "ab"[k % 2], "b": k % 3 == 0}
            for k in range(15)]
    return OrcSpec(schema, rows, row_index_stride=5, stripe_rows=[10, 5])


def base_tiny():
    return OrcSpec(Struct([("i", T("INT"))]), [{"i": 1}])


def base_empty():
    return OrcSpec(_flat_schema(), [])


BASES = {
    "flat": base_flat,
    "indexed": base_indexed,
    "empty": base_empty,
    "tiny": base_tiny,
    "flat_zlib": lambda: base_flat("ZLIB", 128),
    "flat_zstd": lambda: base_flat("ZSTD", 128),
    "flat_snappy": lambda: base_flat("SNAPPY", 128),
    "empty_zlib": lambda: dataclasses.replace(base_empty(),
                                              compression="ZLIB",
                                              block_size=4096),
}


def build_base(name):
    return orc_writer.write(BASES[name]())


def mutate(op, orc=None):
    """Applies `op` to `orc` (default: its base)."""
    return op.apply(orc if orc is not None else build_base(op.base))


# ---- helpers ----------------------------------------------------------------

def _types(m):
    return [f.msg() for f in m.footer.all(FT_TYPES)]


def _type_ids(m, kinds):
    return [i for i, t in enumerate(_types(m))
            if t.has(TY_KIND) and t.get(TY_KIND).value in
            [KIND_IDS[k] for k in kinds]]


def _data_stripe(m):
    """The index of the last stripe (edits there shift nothing after it
    but the tail), or None."""
    return len(m.stripes) - 1 if m.stripes else None


def _without(orc, message, number):
    """Removes field `number` of the PostScript ("ps") or the Footer
    ("footer"); the message's span."""
    m = Model.of(orc)
    getattr(m, message).remove(number)
    p = assemble(m)
    return p.data, Span(*(p.postscript if message == "ps" else p.footer))


def _ps_edit(orc, number, value, span="value"):
    m = Model.of(orc)
    f = m.ps.set(number, value)
    f.mark = "x"
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(*(value_span(s) if span == "value"
                          else whole_span(s)))


def _ps_raw_value(orc, number, raw):
    m = Model.of(orc)
    f = m.ps.get(number)
    f.raw_value = raw
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


# ---- orc-tail ---------------------------------------------------------------

@operator("orc-tail.too-small", "three_bytes",
          "The file is cut to its first 3 bytes (T1).", base="flat")
def tail_too_small(orc):
    return orc.data[:3], Span(0, 3)


@operator("orc-tail.postscript-length", "pslen_3",
          "psLen is 3, under the 4 bytes Java requires (T2).", base="flat")
def tail_pslen_small(orc):
    d = bytearray(orc.data)
    d[-1] = 3
    return bytes(d), Span(len(d) - 1, 1)


@operator("orc-tail.postscript-length", "pslen_past_start",
          "psLen reaches into the header: larger than the bytes before it "
          "minus 3 (T2).", base="tiny")
def tail_pslen_big(orc):
    if len(orc.data) > 256:
        return None
    d = bytearray(orc.data)
    d[-1] = len(d) - 3
    return bytes(d), Span(len(d) - 1, 1)


@operator("orc-tail.bad-header-magic", "header_orb",
          "The file starts with ORB instead of ORC (T4).", base="flat")
def tail_header_magic(orc):
    return b"ORB" + orc.data[3:], Span(0, 3)


@operator("orc-tail.bad-postscript-magic", "magic_orz",
          "PostScript.magic is ORZ (T4).", base="flat")
def tail_ps_magic(orc):
    return _ps_edit(orc, PS_MAGIC, b"ORZ")


@operator("orc-tail.bad-postscript-magic", "magic_not_last",
          "The magic field comes before writer_version, so the PostScript "
          "does not end in ORC (T4); the header still does.", base="flat")
def tail_ps_magic_order(orc):
    m = Model.of(orc)
    magic = m.ps.get(PS_MAGIC)
    m.ps.fields.remove(magic)
    m.ps.fields.insert(m.ps.index(m.ps.get(PS_WRITER_VERSION)), magic)
    magic.mark = "x"
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("orc-tail.version-length", "version_three",
          "PostScript.version is [0, 12, 1] (T5).", base="flat")
def tail_version_length(orc):
    m = Model.of(orc)
    f = m.ps.get(PS_VERSION)
    f.packed().append(1)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*packed_span(p.marks["x"]))


@operator("orc-tail.unknown-version", "version_0_13",
          "PostScript.version is [0, 13] (T5).", base="flat")
def tail_unknown_version(orc):
    m = Model.of(orc)
    f = m.ps.get(PS_VERSION)
    f.packed()[:] = [0, 13]
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*packed_span(p.marks["x"]))


@operator("orc-tail.unstable-version", "version_1_9999",
          "PostScript.version is [1, 9999], UNSTABLE-PRE-2.0 (T5; a "
          "warning), in a file without DECIMAL columns, whose encoding "
          "that version changes.", base="tiny")
def tail_unstable_version(orc):
    if any(c.type.kind == "DECIMAL" and c.type.precision <= 18
           for c in orc_writer.flatten(orc.spec.schema)):
        return None  # Those are DATA-only RLEv2 in this version.
    m = Model.of(orc)
    f = m.ps.get(PS_VERSION)
    f.packed()[:] = [1, 9999]
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*packed_span(p.marks["x"]))


@operator("orc-tail.version-absent", "no_version",
          "The PostScript has no version (T5; a warning).", base="flat")
def tail_no_version(orc):
    return _without(orc, "ps", PS_VERSION)


@operator("orc-tail.compression-absent", "no_compression",
          "The PostScript has no compression field (T6); the file is NONE, "
          "so Java still reads it.", base="flat")
def tail_no_compression(orc):
    return _without(orc, "ps", PS_COMPRESSION)


@operator("orc-tail.unknown-compression", "compression_7",
          "PostScript.compression is 7, which no format version defines "
          "(T6).", base="flat")
def tail_unknown_compression(orc):
    return _ps_edit(orc, PS_COMPRESSION, 7)


@operator("orc-tail.block-size", "block_size_2_23",
          "compression_block_size is 2^23, one past what a chunk header's "
          "23 length bits hold (T7).", base="flat")
def tail_block_size(orc):
    return _ps_edit(orc, PS_BLOCK_SIZE, 1 << 23)


@operator("orc-tail.block-size", "block_size_0",
          "compression_block_size is 0 (T7).", base="flat")
def tail_block_size_zero(orc):
    return _ps_edit(orc, PS_BLOCK_SIZE, 0)


@operator("orc-tail.block-size-absent", "no_block_size",
          "A ZLIB file without compression_block_size (T7; a warning).",
          plain=False, base="flat_zlib")
def tail_no_block_size(orc):
    if orc.spec.compression == "NONE":
        return None
    m = Model.of(orc)
    m.block_size = 256 * 1024
    m.ps.remove(PS_BLOCK_SIZE)
    if orc.spec.block_size != 256 * 1024:
        # Readers assume 256 KiB: reframe every region at that size. Row
        # index positions would point at the old chunks.
        if orc.spec.row_index_stride > 0:
            return None
        for st in m.stripes:
            for s in st.streams:
                s[2] = m.frame(orc_compress.unframe(
                    s[2], m.codec, orc.spec.block_size))
    p = assemble(m)
    return p.data, Span(*p.postscript)


@operator("orc-tail.section-lengths", "footer_length_too_big",
          "footer_length is the whole file's length: footer, metadata and "
          "header do not fit before the PostScript (T8).", base="flat")
def tail_section_lengths(orc):
    m = Model.of(orc)
    m.fix_ps = False
    f = m.ps.get(PS_FOOTER_LENGTH)
    f.value = len(orc.data)
    f.mark = "a"
    m.ps.get(PS_METADATA_LENGTH).mark = "b"
    p = assemble(m)
    # The span joins the lengths that do not fit (header and value each).
    return p.data, Span(*join(whole_span(p.marks["a"]),
                              whole_span(p.marks["b"])))


@operator("orc-tail.footer-length-zero", "footer_length_0",
          "footer_length is 0 (T9).", base="flat")
def tail_footer_length_zero(orc):
    m = Model.of(orc)
    m.fix_ps = False
    f = m.ps.get(PS_FOOTER_LENGTH)
    f.value = 0
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("orc-tail.writer-version", "cpp_writer_version_5",
          "Footer.writer is 1 (C++) but PostScript.writer_version is 5 "
          "(T10; a warning).", base="flat")
def tail_writer_version(orc):
    m = Model.of(orc)
    m.footer.set(FT_WRITER, 1)
    f = m.ps.set(PS_WRITER_VERSION, 5)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


# ---- protobuf, inside the PostScript, Footer and a StripeFooter -------------

@operator("protobuf.varint-overlong", "ps_footer_length_11_bytes",
          "PostScript.footer_length is a varint of 11 bytes (zero groups "
          "appended), longer than any 64-bit varint (T3).", base="flat")
def pb_overlong(orc):
    m = Model.of(orc)
    p0 = assemble(Model.of(orc))
    m.fix_ps = False
    f = m.ps.get(PS_FOOTER_LENGTH)
    v = uvarint(p0.footer[1])
    f.raw_value = bytes(b | 0x80 for b in v) + b"\x80" * (10 - len(v)) \
        + b"\x00"
    f.mark = "x"
    p = assemble(m)
    s = p.marks["x"]
    # The whole overlong varint.
    return p.data, Span(*value_span(s))


@operator("protobuf.varint-overflow", "footer_rows_overflow",
          "Footer.number_of_rows is a 10-byte varint whose last byte is 2: "
          "more than 64 bits (T3).", base="flat")
def pb_overflow(orc):
    m = Model.of(orc)
    f = m.footer.get(FT_ROWS)
    f.raw_value = b"\xff" * 9 + b"\x02"
    f.mark = "x"
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(s.value, 10)


@operator("protobuf.truncated", "footer_ends_in_varint",
          "The Footer ends in the middle of a varint: calendar's tag is "
          "followed by one byte with the continuation bit set (T3).",
          base="flat")
def pb_truncated(orc):
    m = Model.of(orc)
    m.footer.remove(FT_CALENDAR)
    f = F(FT_CALENDAR, VARINT, 0, raw_value=b"\x81", mark="x")
    m.footer.fields.append(f)
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(s.value, 1)


@operator("protobuf.group-wire-type", "footer_group",
          "The Footer ends with a start-group tag (wire type 3) for field "
          "13, which ORC never writes (T3).", base="flat")
def pb_group(orc):
    m = Model.of(orc)
    m.footer.fields.append(F(13, GROUP_START, 0, raw_value=b"",
                             mark="x"))
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("protobuf.invalid-wire-type", "ps_wire_type_6",
          "A PostScript tag before the magic has wire type 6 (T3).",
          base="flat")
def pb_invalid_wire_type(orc):
    m = Model.of(orc)
    m.ps.fields.insert(m.ps.index(m.ps.get(PS_MAGIC)),
                       F(9, 6, 0, raw_value=b"", mark="x"))
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("protobuf.invalid-field-number", "footer_field_0",
          "The Footer ends with a tag for field number 0.", base="flat")
def pb_field_zero(orc):
    m = Model.of(orc)
    m.footer.fields.append(F(0, VARINT, 1, mark="x"))
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(s.tag, s.value - s.tag)


@operator("protobuf.wrong-wire-type", "footer_header_length_fixed64",
          "Footer.header_length (a uint64 varint) arrives as a fixed64.",
          base="flat")
def pb_wrong_wire_type(orc):
    m = Model.of(orc)
    f = m.footer.get(FT_HEADER_LENGTH)
    f.wire_type = FIXED64
    f.mark = "x"
    p = assemble(m)
    s = p.marks["x"]
    # The tag, which carries the wrong wire type. The value is skipped, so
    # header-length-absent (a warning) follows.
    return p.data, Span(s.tag, s.value - s.tag)


@operator("protobuf.value-out-of-range", "footer_writer_2_32",
          "Footer.writer, a uint32, holds 2^32.", base="flat")
def pb_out_of_range(orc):
    m = Model.of(orc)
    f = m.footer.set(FT_WRITER, 1 << 32)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("protobuf.length-exceeds-data", "stripe_footer_timezone_length",
          "The last StripeFooter's writer_timezone declares 50 "
          "bytes where 3 remain; the stripe's footer_length covers the "
          "shortened message.", base="flat")
def pb_length_exceeds(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    sf = m.stripes[i].footer
    sf.remove(SF_TIMEZONE)
    sf.fields.append(F(SF_TIMEZONE, LEN, b"", raw_value=b"\x32UTC",
                       mark="x"))
    p = assemble(m)
    s = p.marks["x"]
    # The length varint, which promises more than the message holds.
    return p.data, Span(s.value, 1)


# ---- orc-compression --------------------------------------------------------

def _rechunk_footer(orc, make_chunks):
    """Rewrites the Footer region of a compressed file as the chunks
    `make_chunks(raw footer bytes)` returns: [(header bytes, body)]. Returns
    (data, [(chunk offset, body offset, body length)])."""
    m = Model.of(orc)
    raw, _ = m.footer.encode()
    chunks = make_chunks(raw)
    m.footer_raw = b"".join(h + b for h, b in chunks)
    p = assemble(m)
    at, out = p.footer[0], []
    for h, b in chunks:
        out.append((at, at + len(h), len(b)))
        at += len(h) + len(b)
    return p.data, out


def _zlib(data):
    return orc_compress.compress_block("ZLIB", data)


@operator("orc-compression.chunk-truncated", "footer_chunk_past_region",
          "The Footer's last chunk header declares 2 bytes "
          "more than the region holds (C2).", plain=False, base="flat_zlib")
def comp_truncated(orc):
    if orc.spec.compression == "NONE":
        return None
    bs = orc.spec.block_size

    def chunks(raw):
        pieces = [raw[i:i + bs] for i in range(0, len(raw), bs)]
        out = [(orc_compress.chunk_header(len(x), True), x) for x in pieces]
        h, b = out[-1]
        if len(b) + 2 > bs:
            b = b[:-2]
        out[-1] = (orc_compress.chunk_header(len(b) + 2, True), b)
        return out
    data, where = _rechunk_footer(orc, chunks)
    at = where[-1][0]
    return data, Span(at, 3)


@operator("orc-compression.chunk-too-large", "footer_chunk_over_block",
          "The Footer is one original chunk longer than the "
          "block size (C3).", plain=False, base="flat_zlib")
def comp_too_large(orc):
    if orc.spec.compression == "NONE":
        return None
    data, where = _rechunk_footer(
        orc, lambda raw: [(orc_compress.chunk_header(len(raw), True), raw)])
    if where[0][2] <= orc.spec.block_size:
        return None
    return data, Span(where[0][0], 3)


@operator("orc-compression.decompressed-too-large",
          "footer_chunk_expands_past_block",
          "The Footer is one ZLIB chunk that inflates to more than the "
          "block size, which the PostScript lowers to just above the "
          "chunk's compressed length (C4).", plain=False, base="empty_zlib")
def comp_expands(orc):
    if orc.spec.compression != "ZLIB" or orc.layout.stripes:
        return None
    m = Model.of(orc)
    raw, _ = m.footer.encode()
    body = _zlib(raw)
    if len(body) >= len(raw) or len(orc.data) < 0:
        return None
    m.footer_raw = orc_compress.chunk_header(len(body), False) + body
    m.ps.set(PS_BLOCK_SIZE, len(body))
    if orc.layout.metadata.length > len(body):
        return None
    p = assemble(m)
    return p.data, Span(p.footer[0] + 3, len(body))


def _corrupt_first_stream_chunk(orc, corrupt):
    """Replaces the body of the first compressed chunk of the last
    stripe's footer region with corrupt(body)."""
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    raw, _ = m.stripes[i].footer.encode()
    framed, chunks = orc_compress.frame(raw, m.codec, m.block_size)
    for c in chunks:
        if not c.original:
            break
    else:
        return None
    body = framed[c.offset + 3:c.offset + 3 + c.length]
    bad = corrupt(body)
    new = (framed[:c.offset] + orc_compress.chunk_header(len(bad), False)
           + bad + framed[c.offset + 3 + c.length:])
    m.stripes[i].footer_raw = new
    p = assemble(m)
    at = p.stripes[i]["footer"][0] + c.offset + 3
    return p.data, Span(at, len(bad))


@operator("orc-compression.codec-error", "zlib_bad_block_type",
          "The first compressed chunk of the last StripeFooter starts a "
          "DEFLATE block of the reserved type 3 (C6).", plain=False,
          base="flat_zlib")
def comp_codec_zlib(orc):
    if orc.spec.compression != "ZLIB":
        return None
    return _corrupt_first_stream_chunk(
        orc, lambda b: bytes([b[0] | 0x06]) + b[1:])


@operator("orc-compression.codec-error", "zstd_bad_magic",
          "The first compressed chunk of the last StripeFooter is a zstd "
          "frame with a wrong magic number (C6).", plain=False,
          base="flat_zstd")
def comp_codec_zstd(orc):
    if orc.spec.compression != "ZSTD":
        return None
    return _corrupt_first_stream_chunk(orc, lambda b: b"\x00" + b[1:])


@operator("orc-compression.codec-error", "snappy_copy_before_start",
          "The first compressed chunk of the last "
          "StripeFooter is a snappy block that copies from before its "
          "start (C6).", plain=False, base="flat_snappy")
def comp_codec_snappy(orc):
    if orc.spec.compression != "SNAPPY":
        return None
    # Keep the length varint; the first op copies 4 bytes from 9 back,
    # before anything was written.
    def corrupt(b):
        n = next(k for k, x in enumerate(b) if not x & 0x80) + 1
        return b[:n] + b"\x0e\x09\x00" + b[n + 3:]
    return _corrupt_first_stream_chunk(orc, corrupt)


@operator("orc-compression.empty-chunk", "footer_leading_empty_chunk",
          "The Footer region starts with a compressed chunk "
          "of length 0, on which ORC C++ fails (C5).", plain=False,
          base="flat_zlib")
def comp_empty_chunk(orc):
    if orc.spec.compression == "NONE":
        return None
    m = Model.of(orc)
    raw, _ = m.footer.encode()
    m.footer_raw = orc_compress.chunk_header(0, False) + m.frame(raw)
    p = assemble(m)
    return p.data, Span(p.footer[0], 3)


@operator("orc-compression.trailing-bytes", "footer_zlib_trailing",
          "The Footer's ZLIB chunk has 2 bytes after the "
          "end of its DEFLATE stream (C6; a warning).", plain=False,
          base="empty_zlib")
def comp_trailing(orc):
    if orc.spec.compression != "ZLIB":
        return None
    m = Model.of(orc)
    raw, _ = m.footer.encode()
    if len(raw) > m.block_size:
        return None
    body = _zlib(raw) + b"\x00\x00"
    m.footer_raw = orc_compress.chunk_header(len(body), False) + body
    p = assemble(m)
    return p.data, Span(p.footer[0] + 3 + len(body) - 2, 2)


# ---- orc-footer -------------------------------------------------------------

def _footer_edit(orc, number, value, fix_stripes=True):
    m = Model.of(orc)
    m.fix_stripes = fix_stripes
    f = m.footer.set(number, value)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.header-length", "header_length_4",
          "Footer.header_length is 4 (F2).", base="flat")
def footer_header_length(orc):
    return _footer_edit(orc, FT_HEADER_LENGTH, 4)


@operator("orc-footer.header-length-absent", "no_header_length",
          "The Footer has no header_length, as Presto writes (F2; a "
          "warning).", base="flat")
def footer_no_header_length(orc):
    return _without(orc, "footer", FT_HEADER_LENGTH)


@operator("orc-footer.row-count", "rows_plus_one",
          "Footer.number_of_rows is one more than the stripes hold (F5).",
          base="flat")
def footer_row_count(orc):
    return _footer_edit(orc, FT_ROWS, len(orc.spec.rows) + 1)


@operator("orc-footer.row-count-absent", "no_row_count",
          "The Footer of a file without rows has no number_of_rows (F5; a "
          "warning).", base="empty")
def footer_no_row_count(orc):
    return _without(orc, "footer", FT_ROWS)


@operator("orc-footer.content-length", "content_length_plus_5",
          "content_length is 5 past the end of the stripes (F3; a "
          "warning).", base="flat")
def footer_content_length(orc):
    m = Model.of(orc)
    m.fix_content_length = False
    end = assemble(Model.of(orc)).metadata[0]
    f = m.footer.set(FT_CONTENT_LENGTH, end + 5)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.stripe-out-of-bounds", "last_stripe_past_tail",
          "The last stripe's data_length reaches past the start of the "
          "tail (F4).", base="flat")
def footer_stripe_oob(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    assemble(m)  # Fills in the extents.
    m.fix_stripes = False
    info = m.footer.get(FT_STRIPES, i)
    info.msg().get(SI_DATA).value += 100000
    info.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.stripe-overlap", "second_stripe_overlaps",
          "The second stripe starts one byte after the first one does (F4).",
          base="flat")
def footer_stripe_overlap(orc):
    m = Model.of(orc)
    if len(m.stripes) < 2:
        return None
    assemble(m)
    m.fix_stripes = False
    first = m.footer.get(FT_STRIPES, 0).msg().get(SI_OFFSET).value
    f = m.footer.get(FT_STRIPES, 1).msg().get(SI_OFFSET)
    f.value = first + 1
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.stripe-footer-length", "stripe_footer_length_0",
          "The last stripe's footer_length is 0 (S1).", base="flat")
def footer_stripe_footer_length(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    assemble(m)
    m.fix_stripes = False
    f = m.footer.get(FT_STRIPES, i).msg().get(SI_FOOTER)
    f.value = 0
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.empty-stripe-before-rows", "empty_first_stripe",
          "A stripe of 0 rows, with no streams and the first "
          "stripe's encodings made direct, opens the file (S1; ORC C++ "
          "stops there).", base="flat")
def footer_empty_stripe_before_rows(orc):
    m = Model.of(orc)
    if not m.stripes or len(m.metadata.all(MD_STRIPE_STATS)) != len(m.stripes):
        return None
    # The first stripe's encodings, with DIRECT for DICTIONARY (and V2):
    # with no rows no stream is needed, but a dictionary needs its LENGTH.
    first = m.stripes[0].footer
    direct = {0: 0, 1: 0, 2: 2, 3: 2}
    footer = Msg([F(SF_COLUMNS, LEN, Msg([F(CE_KIND, VARINT, direct[
        e.msg().get(CE_KIND).value if e.msg().has(CE_KIND) else 0])]))
        for e in first.all(SF_COLUMNS)])
    if first.has(SF_TIMEZONE):
        footer.fields.append(F(SF_TIMEZONE, LEN,
                               first.get(SF_TIMEZONE).value))
    m.stripes.insert(0, Stripe([], footer))
    info = Msg([F(SI_OFFSET, VARINT, 0), F(SI_INDEX, VARINT, 0),
                F(SI_DATA, VARINT, 0), F(SI_FOOTER, VARINT, 0)])
    rows = F(SI_ROWS, VARINT, 0, mark="x")
    info.fields.append(rows)
    at = m.footer.index(m.footer.get(FT_STRIPES))
    m.footer.fields.insert(at, F(FT_STRIPES, LEN, info))
    # The Metadata has statistics per stripe; an empty stripe has no values.
    columns = len(m.footer.all(FT_TYPES))
    stats = Msg([F(1, LEN, Msg([F(1, VARINT, 0)])) for _ in range(columns)])
    m.metadata.fields.insert(m.metadata.index(m.metadata.get(MD_STRIPE_STATS)),
                             F(MD_STRIPE_STATS, LEN, stats))
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.no-types", "no_types",
          "A file without stripes whose Footer has neither types nor "
          "statistics (F6; statistics-absent, a warning, follows).",
          base="empty")
def footer_no_types(orc):
    m = Model.of(orc)
    if m.stripes:
        return None
    m.footer.remove(FT_TYPES)
    m.footer.remove(FT_STATISTICS)
    p = assemble(m)
    return p.data, Span(*p.footer)


@operator("orc-footer.statistics-count", "one_statistics_short",
          "The Footer has one ColumnStatistics fewer than types (F7).",
          base="flat")
def footer_statistics_count(orc):
    m = Model.of(orc)
    stats = m.footer.all(FT_STATISTICS)
    if len(stats) < 2:
        return None
    m.footer.remove(FT_STATISTICS, len(stats) - 1)
    return _list_result(m, stats[0], stats[-2])


@operator("orc-footer.statistics-absent", "no_statistics",
          "The Footer has no statistics (F7; a warning).", base="flat")
def footer_no_statistics(orc):
    return _without(orc, "footer", FT_STATISTICS)


@operator("orc-footer.calendar", "calendar_0",
          "Footer.calendar is UNKNOWN_CALENDAR (F11; a warning).", base="flat")
def footer_calendar(orc):
    return _footer_edit(orc, FT_CALENDAR, 0)


@operator("orc-footer.duplicate-metadata-name", "metadata_twice",
          "Two user metadata items are both named k (F10; a warning).",
          base="flat")
def footer_duplicate_metadata(orc):
    m = Model.of(orc)
    item = Msg([F(1, LEN, b"k"), F(2, LEN, b"v")])
    m.footer.fields.append(F(FT_METADATA, LEN, item))
    m.footer.fields.append(F(FT_METADATA, LEN,
                             Msg([F(1, LEN, b"k"), F(2, LEN, b"w")]),
                             mark="x"))
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-footer.unaccounted-bytes", "gap_before_tail",
          "Eight bytes lie between the last stripe and the Metadata (T11; "
          "a warning); content_length still says where the stripes end.",
          base="flat")
def footer_unaccounted(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    p0 = assemble(m)
    m.fix_content_length = False
    m.fix_stripes = False
    end = p0.metadata[0]
    sf, _ = m.stripes[i].footer.encode()
    m.stripes[i].footer_raw = m.frame(sf) + b"\x00" * 8
    p = assemble(m)
    return p.data, Span(end, 8)


@operator("orc-footer.metadata-count", "metadata_one_stripe_short",
          "The Metadata has statistics for one stripe fewer than the file "
          "has (ST1).", base="flat")
def footer_metadata_count(orc):
    m = Model.of(orc)
    ss = m.metadata.all(MD_STRIPE_STATS)
    if len(ss) < 2:
        return None
    m.metadata.remove(MD_STRIPE_STATS, len(ss) - 1)
    return _list_result(m, ss[0], ss[-2])


# ---- orc-type (on the file without stripes: no stripe rule depends on the
# broken type) ----------------------------------------------------------------

def _type_edit(orc, fn, span="value"):
    m = Model.of(orc)
    if m.stripes:
        return None
    r = fn(m)
    if r is None:
        return None
    p = assemble(m)
    s = p.marks["x"]
    if span == "value":
        return p.data, Span(*value_span(s))
    if span == "element":
        a, b = s.elements[r]
        return p.data, Span(a, b - a)
    if span == "packed":
        return p.data, Span(*packed_span(s))
    return p.data, Span(*span(p))


def _last_type_of(m, kinds):
    ids = _type_ids(m, kinds)
    return (ids[-1], _types(m)[ids[-1]]) if ids else (None, None)


@operator("orc-type.unknown-kind", "kind_21",
          "A type has kind 21, which the format does not define (Y1).",
          base="empty")
def type_unknown_kind(orc):
    def fn(m):
        i, t = _last_type_of(m, ("INT", "LONG", "STRING", "BOOLEAN"))
        if t is None:
            return None
        f = t.get(TY_KIND)
        f.value, f.mark = 21, "x"
        return 0
    return _type_edit(orc, fn)


@operator("orc-type.subtype-out-of-range", "subtype_99",
          "The root's last subtype is 99, past the types list (Y3).",
          base="empty")
def type_subtype_oob(orc):
    def fn(m):
        f = _types(m)[0].get(TY_SUBTYPES)
        ids = f.packed()
        ids[-1] = 99
        f.mark = "x"
        return len(ids) - 1
    return _type_edit(orc, fn,
                      span="element")


@operator("orc-type.not-preorder", "root_children_swapped",
          "The root lists its first two subtypes in swapped order (Y3).",
          base="empty")
def type_not_preorder(orc):
    def fn(m):
        f = _types(m)[0].get(TY_SUBTYPES)
        ids = f.packed()
        if len(ids) < 2:
            return None
        ids[0], ids[1] = ids[1], ids[0]
        f.mark = "x"
        return 0
    return _type_edit(orc, fn, span="element")


def _append_type(m, kind="INT"):
    """Appends a type and its (empty) statistics; returns its id."""
    m.footer.fields.append(F(FT_TYPES, LEN,
                             Msg([F(TY_KIND, VARINT, KIND_IDS[kind])])))
    stats = m.footer.all(FT_STATISTICS)
    if stats:
        new = F(FT_STATISTICS, LEN, Msg([F(1, VARINT, 0), F(10, VARINT, 0)]))
        m.footer.fields.insert(m.footer.index(stats[-1]) + 1, new)
    return len(m.footer.all(FT_TYPES)) - 1


@operator("orc-type.orphaned", "extra_type",
          "An INT type (with its statistics) follows the tree, reached by "
          "no parent (Y3).", base="empty")
def type_orphaned(orc):
    def fn(m):
        _append_type(m)
        m.footer.all(FT_TYPES)[-1].mark = "x"
        return 0
    # The orphaned types whole, tag and length included.
    return _type_edit(orc, fn,
                      span=lambda p: whole_span(p.marks["x"]))


@operator("orc-type.primitive-with-children", "int_with_child",
          "The last type, a primitive leaf, gets the next id (a new INT "
          "type) as subtype: pre-order still holds (Y4).", base="empty")
def type_primitive_children(orc):
    def fn(m):
        last = _types(m)[-1]
        if last.get(TY_KIND).value in (10, 11, 12, 13):
            return None
        new = _append_type(m)
        last.fields.insert(1, F(TY_SUBTYPES, LEN, [new], is_packed=True,
                                mark="x"))
        return 0
    return _type_edit(orc, fn,
                      span="packed")


@operator("orc-type.child-count", "list_two_children",
          "The last LIST, whose element is the last type, gets a second "
          "subtype (a new INT type): pre-order still holds (Y5).",
          base="empty")
def type_child_count(orc):
    def fn(m):
        types = _types(m)
        if len(types) < 2 or types[-2].get(TY_KIND).value != 10:
            return None
        new = _append_type(m)
        f = types[-2].get(TY_SUBTYPES)
        f.packed().append(new)
        f.mark = "x"
        return 0
    return _type_edit(orc, fn, span="packed")


@operator("orc-type.field-name-count", "root_missing_name",
          "The root STRUCT has one field name fewer than subtypes (Y6).",
          base="empty")
def type_field_name_count(orc):
    def fn(m):
        root = _types(m)[0]
        names = root.all(TY_NAMES)
        if len(names) < 2:
            return None
        root.remove(TY_NAMES, len(names) - 1)
        names[-2].mark = "y"
        names[0].mark = "x"  # The same field when one name is left.
        return 0
    return _type_edit(orc, fn,
                      span=lambda p: list_span(p.marks["x"], p.marks.get(
                          "y", p.marks["x"])))


@operator("orc-type.field-name", "root_duplicate_name",
          "The root STRUCT's second field name repeats its first (Y6; a "
          "warning).", base="empty")
def type_field_name(orc):
    def fn(m):
        names = _types(m)[0].all(TY_NAMES)
        if len(names) < 2:
            return None
        names[1].value = names[0].value
        names[1].mark = "x"
        return 0
    return _type_edit(orc, fn)


def _decimal_edit(orc, number, value):
    def fn(m):
        i, t = _last_type_of(m, ("DECIMAL",))
        if t is None:
            return None
        f = t.set(number, value)
        f.mark = "x"
        return 0
    return _type_edit(orc, fn)


@operator("orc-type.decimal-precision", "precision_39",
          "A DECIMAL has precision 39 (Y7).", base="empty")
def type_precision(orc):
    return _decimal_edit(orc, TY_PRECISION, 39)


@operator("orc-type.decimal-scale", "scale_over_precision",
          "A DECIMAL(10, 2) gets scale 11 (Y7).", base="empty")
def type_scale(orc):
    def fn(m):
        i, t = _last_type_of(m, ("DECIMAL",))
        if t is None:
            return None
        f = t.set(TY_SCALE, t.get(TY_PRECISION).value + 1)
        f.mark = "x"
        return 0
    return _type_edit(orc, fn)


@operator("orc-type.decimal-unbounded", "precision_0",
          "A DECIMAL has precision 0 and scale 0: Hive 0.11's unbounded "
          "decimal (Y7; a warning).", base="empty")
def type_unbounded(orc):
    def fn(m):
        i, t = _last_type_of(m, ("DECIMAL",))
        if t is None:
            return None
        t.set(TY_SCALE, 0)
        f = t.set(TY_PRECISION, 0)
        f.mark = "x"
        return 0
    return _type_edit(orc, fn)


@operator("orc-type.char-length", "char_length_0",
          "A CHAR has maximum_length 0 (Y8).", base="empty")
def type_char_length(orc):
    def fn(m):
        i, t = _last_type_of(m, ("CHAR", "VARCHAR"))
        if t is None:
            return None
        f = t.set(TY_MAXLEN, 0)
        f.mark = "x"
        return 0
    return _type_edit(orc, fn)


# ---- orc-stripe (on the last stripe) ----------------------------------------

def _stripe_model(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    return (m, i) if i is not None else (None, None)


def _column_of(m, kinds, stripe=None):
    ids = _type_ids(m, kinds)
    return ids[0] if ids else None


@operator("orc-stripe.encoding-count", "one_encoding_short",
          "The last StripeFooter has one ColumnEncoding fewer than types, "
          "the last column's (SF2).", base="flat")
def stripe_encoding_count(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    sf = m.stripes[i].footer
    cols = sf.all(SF_COLUMNS)
    sf.remove(SF_COLUMNS, len(cols) - 1)
    return _list_result(m, cols[0], cols[-2])


def _stream_edit(orc, pick, number, value, span="value"):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    entries = m.stripes[i].footer.all(SF_STREAMS)
    k = pick(m.stripes[i].streams)
    if k is None:
        return None
    f = entries[k].msg().set(number, value)
    f.mark = "x"
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(*(value_span(s) if span == "value"
                          else whole_span(s)))


def _last_data_stream(streams):
    ks = [k for k, s in enumerate(streams) if s[0] not in INDEX_KINDS]
    return ks[-1] if ks else None


@operator("orc-stripe.stream-kind", "stream_kind_11",
          "The last stream of the last stripe has kind 11, which is no "
          "stripe stream kind (SF3). Its column loses that stream: where "
          "the directory shows the column has values, "
          "orc-stripe.missing-stream follows.",
          also=("orc-stripe.missing-stream",), base="flat")
def stripe_stream_kind(orc):
    return _stream_edit(orc, _last_data_stream, ST_KIND, 11)


@operator("orc-stripe.stream-column", "stream_column_99",
          "The last stream of the last stripe names column 99 (SF3). Its "
          "column loses that stream: where the directory shows the column "
          "has values, orc-stripe.missing-stream follows.",
          also=("orc-stripe.missing-stream",), base="flat")
def stripe_stream_column(orc):
    return _stream_edit(orc, _last_data_stream, ST_COLUMN, 99)


@operator("orc-stripe.layout-ambiguous", "row_index_after_data",
          "The directory lists the last ROW_INDEX after the first data "
          "stream; the bytes stay in the index area, so Java reads them "
          "and C++ does not (SF4).", base="indexed")
def stripe_layout_ambiguous(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    st = m.stripes[i]
    st.fix_directory = False
    entries = st.footer.all(SF_STREAMS)
    idx = [k for k, s in enumerate(st.streams) if s[0] in INDEX_KINDS]
    data = [k for k, s in enumerate(st.streams) if s[0] not in INDEX_KINDS]
    if not idx or not data:
        return None
    moved = entries[idx[-1]]
    st.footer.fields.remove(moved)
    st.footer.fields.insert(st.footer.index(entries[data[0]]) + 1, moved)
    moved.mark = "x"
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("orc-stripe.area-length", "index_length_plus_one",
          "The last stripe's index_length is one more and data_length one "
          "less than its streams hold: the stripe's extent is unchanged "
          "(SF5).", base="flat")
def stripe_area_length(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    assemble(m)
    m.fix_stripes = False
    info = m.footer.get(FT_STRIPES, i).msg()
    if info.get(SI_DATA).value < 1:
        return None
    info.set(SI_INDEX, info.get(SI_INDEX).value + 1)
    info.set(SI_DATA, info.get(SI_DATA).value - 1)
    entries = m.stripes[i].footer.all(SF_STREAMS)
    return _list_result(m, entries[0], entries[-1])


@operator("orc-stripe.duplicate-stream", "data_stream_twice",
          "A second, empty stream of the last data stream's column and "
          "kind follows it (SF6).", base="flat")
def stripe_duplicate_stream(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    st = m.stripes[i]
    k = _last_data_stream(st.streams)
    if k is None:
        return None
    kind, col, _ = st.streams[k]
    st.streams.insert(k + 1, [kind, col, b""])
    e = F(SF_STREAMS, LEN, Msg([F(ST_KIND, VARINT, kind),
                                F(ST_COLUMN, VARINT, col),
                                F(ST_LENGTH, VARINT, 0)]), mark="x")
    entries = st.footer.all(SF_STREAMS)
    st.footer.fields.insert(st.footer.index(entries[k]) + 1, e)
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


@operator("orc-stripe.missing-stream", "string_without_length",
          "The LENGTH stream of a direct STRING column is dropped, bytes "
          "and directory entry (SF7). With a row index, its positions into "
          "the stream are left dangling: orc-index.position-out-of-range "
          "follows.", also=("orc-index.position-out-of-range",), base="flat")
def stripe_missing_stream(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    st = m.stripes[i]
    encodings = st.footer.all(SF_COLUMNS)
    # A column the directory alone shows to have values: a root field
    # without nulls (under a LIST or UNION only decoding can tell).
    fields = _types(m)[0].get(TY_SUBTYPES).packed() if \
        _types(m)[0].has(TY_SUBTYPES) else []
    nullable = {c for kind, c, _ in st.streams if kind == 0}
    for k, (kind, col, b) in enumerate(st.streams):
        if kind != 2 or not b or col not in fields or col in nullable:
            continue
        t = _types(m)[col].get(TY_KIND).value
        enc = encodings[col].msg().get(CE_KIND).value if \
            encodings[col].msg().has(CE_KIND) else 0
        if t in (7, 8) and enc in (0, 2):
            break
    else:
        return None
    entries = st.footer.all(SF_STREAMS)
    st.footer.fields.remove(entries[k])
    del st.streams[k]
    entries = st.footer.all(SF_STREAMS)
    return _list_result(m, entries[0], entries[-1])


@operator("orc-stripe.foreign-stream", "int_with_secondary",
          "An empty SECONDARY stream for an INT column follows the last "
          "data stream (SF7; a warning).", base="flat")
def stripe_foreign_stream(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    col = _column_of(m, ("INT", "LONG", "SHORT"))
    st = m.stripes[i]
    k = _last_data_stream(st.streams)
    if col is None or k is None:
        return None
    st.streams.insert(k + 1, [5, col, b""])
    e = F(SF_STREAMS, LEN, Msg([F(ST_KIND, VARINT, 5),
                                F(ST_COLUMN, VARINT, col),
                                F(ST_LENGTH, VARINT, 0)]), mark="x")
    entries = st.footer.all(SF_STREAMS)
    st.footer.fields.insert(st.footer.index(entries[k]) + 1, e)
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


def _encoding_edit(orc, kinds, fn, span="value"):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    col = _column_of(m, kinds)
    if col is None:
        return None
    enc = m.stripes[i].footer.all(SF_COLUMNS)[col]
    f = fn(enc)
    if f is None:
        return None
    p = assemble(m)
    s = p.marks["x"]
    return p.data, Span(*(value_span(s) if span == "value"
                          else span(s)))


@operator("orc-stripe.encoding", "encoding_kind_4",
          "An INT column's encoding kind is 4, which does not exist (SF8).",
          base="flat")
def stripe_encoding(orc):
    def fn(enc):
        f = enc.msg().set(CE_KIND, 4)
        f.mark = "x"
        return f
    return _encoding_edit(orc, ("INT", "LONG", "SHORT"), fn)


@operator("orc-stripe.encoding", "boolean_dictionary",
          "A BOOLEAN column is encoded DICTIONARY_V2 (SF8).", base="flat")
def stripe_encoding_boolean(orc):
    def fn(enc):
        msg = enc.msg()
        f = msg.set(CE_KIND, 3)
        msg.set(CE_DICT_SIZE, 1)
        f.mark = "x"
        return f
    return _encoding_edit(orc, ("BOOLEAN",), fn)


@operator("orc-stripe.dictionary-size-absent", "no_dictionary_size",
          "A DICTIONARY_V2 column's encoding has no dictionary_size (SF9).",
          base="flat")
def stripe_dictionary_size(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    for enc in m.stripes[i].footer.all(SF_COLUMNS):
        msg = enc.msg()
        if msg.has(CE_KIND) and msg.get(CE_KIND).value in (1, 3):
            break
    else:
        return None
    msg.remove(CE_DICT_SIZE)
    enc.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-stripe.bloom-encoding", "bloom_encoding_2",
          "A column's bloom_encoding is 2 (SF10; a warning).", base="indexed")
def stripe_bloom_encoding(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    for enc in m.stripes[i].footer.all(SF_COLUMNS):
        if enc.msg().has(CE_BLOOM):
            break
    else:
        return None
    f = enc.msg().get(CE_BLOOM)
    f.value, f.mark = 2, "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-stripe.timezone", "timezone_mars",
          "Every StripeFooter's writer_timezone is Mars/Olympus_Mons, in a "
          "file with a TIMESTAMP column (SF11; reported at the first).",
          base="flat")
def stripe_timezone(orc):
    m, i = _stripe_model(orc)
    if m is None or not _type_ids(m, ("TIMESTAMP",)):
        return None
    for st in m.stripes:
        st.footer.set(SF_TIMEZONE, b"Mars/Olympus_Mons", LEN)
    m.stripes[0].footer.get(SF_TIMEZONE).mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-stripe.timezone-changes", "timezone_changes",
          "The last stripe records Europe/Berlin (Asia/Tokyo when the "
          "others already do), the others their own zone (SF11; an "
          "info).", base="flat")
def stripe_timezone_changes(orc):
    m, i = _stripe_model(orc)
    if m is None or i == 0:
        return None
    # A file written in Europe/Berlin records it in every stripe already.
    others = {bytes(s.footer.get(SF_TIMEZONE).value) for s in m.stripes[:i]
              if s.footer.has(SF_TIMEZONE)}
    zone = b"Asia/Tokyo" if b"Europe/Berlin" in others else b"Europe/Berlin"
    f = m.stripes[i].footer.set(SF_TIMEZONE, zone, LEN)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-stripe.dictionary-count-stream", "dictionary_count",
          "An empty DICTIONARY_COUNT stream for the dictionary column "
          "opens the last stripe's index area (SF7; a warning).", base="flat")
def stripe_dictionary_count(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    st = m.stripes[i]
    for col, enc in enumerate(st.footer.all(SF_COLUMNS)):
        if enc.msg().has(CE_KIND) and enc.msg().get(CE_KIND).value in (1, 3):
            break
    else:
        return None
    st.streams.insert(0, [4, col, b""])
    st.footer.fields.insert(0, F(SF_STREAMS, LEN, Msg(
        [F(ST_KIND, VARINT, 4), F(ST_COLUMN, VARINT, col),
         F(ST_LENGTH, VARINT, 0)]), mark="x"))
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


# ---- orc-rle (streams of the uncompressed "rle" base, one stripe, no row
# index, so no position or bloom filter points into a rewritten stream) ----

def base_rle():
    schema = Struct([("u", Union([T("INT"), T("INT")])),
                     ("ts", T("TIMESTAMP")),
                     ("n", T("LONG", rle_version=1)), ("l", T("LONG")),
                     ("s", T("STRING")), ("f", T("FLOAT")),
                     ("dec", Decimal(38, 0))])
    rows = [{"u": (k % 2, k), "ts": (1_600_000_000 + k, k * 1000),
             "n": k * 10, "l": k + 1, "s": "ab", "f": k / 2,
             "dec": k * 7} for k in range(6)]
    return OrcSpec(schema, rows)


BASES["rle"] = base_rle


def _column_id(orc, name):
    for col in orc_writer.flatten(orc.spec.schema):
        if col.name == name:
            return col.id
    return None


def _stream_rewrite(orc, name, kind, rewrite, drop_stats=True):
    """Replaces the bytes of stream (`name`, `kind`) of the last stripe with
    rewrite(old bytes) -> (new bytes, (offset, length) within them) and
    returns (data, absolute Span). With `drop_stats` the file keeps no
    statistics (Footer.statistics and Metadata empty: statistics-absent,
    a warning), so changed values contradict no statistics."""
    if orc.spec.compression != "NONE":
        return None
    m = Model.of(orc)
    if drop_stats:
        m.footer.remove(FT_STATISTICS)
        m.metadata = Msg([])
    i = _data_stripe(m)
    col = _column_id(orc, name)
    if i is None or col is None:
        return None
    found = _stream_of(m.stripes[i], kind, col)
    if found is None:
        return None
    k, s = found
    r = rewrite(s[2])
    if r is None:
        return None
    s[2], (off, length) = r
    p = assemble(m)
    return p.data, Span(p.stripes[i]["streams"][k][0] + off, length)


def _is_rle_base(orc):
    """The rewrites below write the rle base's 6 values."""
    base = base_rle()
    return (orc.spec.schema == base.schema and orc.spec.rows == base.rows
            and len(orc.layout.stripes) == 1)


def _rle_op(name, kind, rewrite):
    def apply(orc):
        if not _is_rle_base(orc):
            return None
        return _stream_rewrite(orc, name, kind, rewrite)
    return apply


def _union_tag(old):
    # A byte-RLE literal of the 6 tags, the last 2 (the union has 2).
    tags = [k % 2 for k in range(6)]
    tags[-1] = 2
    return bytes([256 - len(tags)] + tags), (0, 1 + len(tags))


operator("orc-rle.union-tag", "union_tag_2",
         "The union's tags are rewritten as one byte-RLE literal whose last "
         "tag is 2 of 2 children (E12); the run is reported. Child 1 then "
         "has one value more than its tags ask for (a warning).", base="rle")(
    _rle_op("u", orc_writer.DATA, _union_tag))


def _nanos(old):
    vals = [orc_writer.format_nanos(k * 1000) for k in range(6)]
    vals[-1] = 1_000_000_000 << 3  # No trailing-zero code: 10^9 ns.
    data = orc_rle.encode_ints(vals, 2, False, "DIRECT")
    return data, (0, len(data))


operator("orc-rle.nanos-range", "nanos_10_9",
         "The last timestamp's SECONDARY value decodes to 10^9 ns (E11); "
         "the stream is one DIRECT run, which is reported.", base="rle")(
    _rle_op("ts", orc_writer.SECONDARY, _nanos))


def _truncated(old):
    data = orc_rle.encode_ints([k + 1 for k in range(6)], 2, True, "DIRECT")
    return data[:-1], (0, len(data) - 1)


operator("orc-rle.truncated", "direct_run_cut",
         "A LONG column's DATA is one RLEv2 DIRECT run missing its last "
         "byte (E5): from the run's first byte to the stream's end.",
         base="rle")(
    _rle_op("l", orc_writer.DATA, _truncated))


def _overlong(old):
    # RLEv1 literal of 6 signed values; the first varint has 11 bytes.
    vals = [orc_rle.zigzag(k * 10) for k in range(6)]
    first = bytes(b | 0x80 for b in uvarint(vals[0])) + b"\x80" * (
        10 - len(uvarint(vals[0]))) + b"\x00"
    body = first + b"".join(uvarint(v) for v in vals[1:])
    return bytes([256 - 6]) + body, (1, 10)


operator("orc-rle.varint-overlong", "v1_varint_11_bytes",
         "An RLEv1 literal's first varint has 11 bytes (E1); its first 10 "
         "are reported.", base="rle")(
    _rle_op("n", orc_writer.DATA, _overlong))


def _overflow(old):
    vals = [orc_rle.zigzag(k * 10) for k in range(6)]
    body = b"\xff" * 9 + b"\x02" + b"".join(uvarint(v) for v in vals[1:])
    return bytes([256 - 6]) + body, (1, 10)


operator("orc-rle.varint-overflow", "v1_varint_65_bits",
         "An RLEv1 literal's first varint has 10 bytes, the last 2: over "
         "64 bits (E1).", base="rle")(
    _rle_op("n", orc_writer.DATA, _overflow))


def _patch_list_empty(old):
    # PATCHED_BASE, width 8 (code 7), 6 values, base width 1, patch width
    # 1, gap width 1, patch list length 0.
    n = 6
    head = bytes([0b10 << 6 | 7 << 1 | (n - 1) >> 8, (n - 1) & 0xFF,
                  0 << 5 | 0, 0 << 5 | 0])
    body = head + b"\x01" + bytes(k for k in range(6))
    return body, (0, 4)


operator("orc-rle.patch-list-empty", "patched_base_pll_0",
         "A LONG column's DATA is a PATCHED_BASE run whose patch list "
         "length is 0 (E5); its 4-byte header is reported.", base="rle")(
    _rle_op("l", orc_writer.DATA,
            _patch_list_empty))


def _delta_length(old):
    # DELTA, width 8 (code 7), length field 0 (1 value), base 1, delta 1;
    # then the other 5 values as a DIRECT run.
    head = bytes([0b11 << 6 | 7 << 1, 0])
    rest = orc_rle.encode_ints([k + 1 for k in range(1, 6)], 2, True,
                               "DIRECT")
    return head + uvarint(orc_rle.zigzag(1)) + uvarint(2) + rest, (0, 2)


operator("orc-rle.delta-length", "delta_one_value_width_8",
         "A DELTA run with delta width 8 declares one value (E5); its "
         "2-byte header is reported.", base="rle")(
    _rle_op("l", orc_writer.DATA, _delta_length))


def _unsigned_overflow(old):
    # SHORT_REPEAT of 6 copies of 2^63 in 8 bytes.
    head = bytes([0 << 6 | 7 << 3 | (6 - 3)])
    return head + (1 << 63).to_bytes(8, "big"), (1, 8)


operator("orc-rle.unsigned-overflow", "length_2_63",
         "A STRING column's LENGTH is a SHORT_REPEAT of 2^63 (E6); the "
         "repeated value's 8 bytes are reported. Such lengths cannot add up "
         "to the DATA stream: orc-value.string-length-sum follows.",
         also=("orc-value.string-length-sum",), base="rle")(
    _rle_op("s", orc_writer.LENGTH,
            _unsigned_overflow))


def _decimal_range(old):
    vals = [k * 7 for k in range(6)]
    vals[-1] = 10 ** 38
    parts = [orc_rle.svarint(v) for v in vals]
    at = sum(len(x) for x in parts[:-1])
    return b"".join(parts), (at, len(parts[-1]))


operator("orc-rle.decimal-range", "decimal_10_38",
         "The last DECIMAL(38,0) value is 10^38, one digit too many "
         "(E10); its varint is reported.", base="rle")(
    _rle_op("dec", orc_writer.DATA, _decimal_range))


def _short_float(old):
    return old[:-4], (len(old) - 4, 0)


operator("orc-rle.short-stream", "float_one_value_short",
         "A FLOAT column's DATA lacks its last 4 bytes (E7); an empty span "
         "at the stream's end is reported.", base="rle")(
    _rle_op("f", orc_writer.DATA, _short_float))


def _value_overflow(old):
    # RLEv1 run of 3 values, delta 127, base 2^63 - 200: the third value
    # leaves int64.
    return (bytes([0, 127]) + uvarint(orc_rle.zigzag((1 << 63) - 200))
            + bytes([256 - 3]) + b"".join(
                uvarint(orc_rle.zigzag(k * 10)) for k in range(3, 6)),
            (0, 2 + len(uvarint(orc_rle.zigzag((1 << 63) - 200)))))


operator("orc-rle.value-overflow", "v1_run_past_int64",
         "An RLEv1 run of 3 values with delta 127 from 2^63 - 200 leaves "
         "int64 (E4); the run is reported.", base="rle")(
    _rle_op("n", orc_writer.DATA, _value_overflow))


def _patch_width(old):
    # PATCHED_BASE, width 8, 6 values, patch width 64 (code 31), patch gap
    # width 8: 72 bits per patch entry.
    n = 6
    head = bytes([0b10 << 6 | 7 << 1, n - 1, 0 << 5 | 31, 7 << 5 | 1])
    return head + b"\x01" + bytes(range(6)) + b"\x00" * 9, (2, 2)


operator("orc-rle.patch-width", "patched_base_gap_plus_patch_72",
         "A PATCHED_BASE run's patch gap width (8) plus patch width (64) is "
         "72 bits (E5); the bytes holding the two widths are reported.",
         base="rle")(
    _rle_op("l", orc_writer.DATA, _patch_width))


def _patch_gap(old):
    # PATCHED_BASE, width 8, 6 values, base 1, patch width 1, gap width 8,
    # one patch entry with gap 9: past the 6 values.
    n = 6
    head = bytes([0b10 << 6 | 7 << 1, n - 1, 0 << 5 | 0, 7 << 5 | 1])
    # A 9-bit entry (closest_fixed_bits(8 + 1)), MSB first, padded.
    entry = ((9 << 1 | 1) << 7).to_bytes(2, "big")
    return head + b"\x01" + bytes(range(6)) + entry, (4 + 1 + 6, 2)


operator("orc-rle.patch-gap", "patched_base_gap_past_run",
         "A PATCHED_BASE run's only patch entry has gap 9 in a run of 6 "
         "values (E5); the entry is reported.", base="rle")(
    _rle_op("l", orc_writer.DATA, _patch_gap))


def _delta_overflow(old):
    # DELTA with width 0 (fixed delta), 6 values from 2^63 - 3, delta 1:
    # the 4th value leaves int64.
    head = bytes([0b11 << 6 | 0 << 1, 5])
    body = head + uvarint(orc_rle.zigzag((1 << 63) - 3)) + uvarint(
        orc_rle.zigzag(1))
    return body, (0, len(body))


operator("orc-rle.delta-overflow", "delta_past_int64",
         "A fixed DELTA run of 6 values from 2^63 - 3 by 1 leaves int64 "
         "(E5); the run is reported.", base="rle")(
    _rle_op("l", orc_writer.DATA, _delta_overflow))


def _decimal_overflow(old):
    vals = [orc_rle.svarint(k * 7) for k in range(6)]
    vals[-1] = b"\xff" * 19 + b"\x01"  # 134 bits.
    at = sum(len(x) for x in vals[:-1])
    return b"".join(vals), (at, 19)


operator("orc-rle.decimal-overflow", "decimal_134_bits",
         "The last DECIMAL value's varint holds 134 bits (E10); its first "
         "19 bytes, where it passes 128 bits, are reported.", base="rle")(
    _rle_op("dec", orc_writer.DATA,
            _decimal_overflow))


# ---- orc-value (streams of the "flat" and "rle" bases) ----------------------

@operator("orc-value.dictionary-index", "index_99",
          "The last stripe's dictionary column indexes entry 99 of 4 "
          "(E9); the run holding it is reported.", base="flat")
def value_dictionary_index(orc):
    def rewrite(old):
        n = orc.layout.stripes[-1].rows
        vals = [0] * (n - 1) + [99]
        data = orc_rle.encode_ints(vals, 2, False, "DIRECT")
        return data, (0, len(data))
    return _stream_rewrite(orc, "d", orc_writer.DATA, rewrite)


@operator("orc-value.string-length-sum", "data_one_byte_long",
          "A direct STRING column's DATA has one byte more than its "
          "LENGTHs add up to (E8); the extra byte is reported.", base="rle")
def value_string_length_sum(orc):
    if not _is_rle_base(orc):
        return None
    return _stream_rewrite(orc, "s", orc_writer.DATA,
                           lambda old: (old + b"x", (len(old), 1)))


@operator("orc-value.integer-range", "int_2_31",
          "An INT union child's value is 2^31 (E4: outside INT); the run "
          "holding it is reported.", base="rle")
def value_integer_range(orc):
    if not _is_rle_base(orc):
        return None

    def rewrite(old):
        vals = [0, 2, 1 << 31]
        data = orc_rle.encode_ints(vals, 2, True, "DIRECT")
        return data, (0, len(data))
    return _stream_rewrite(orc, "u.0", orc_writer.DATA, rewrite)


@operator("orc-value.decimal-scale", "scale_39",
          "The last DECIMAL value's SECONDARY scale is 39 (E10); the run "
          "holding it is reported.", base="rle")
def value_decimal_scale(orc):
    if not _is_rle_base(orc):
        return None

    def rewrite(old):
        data = orc_rle.encode_ints([0] * 5 + [39], 2, True, "DIRECT")
        return data, (0, len(data))
    return _stream_rewrite(orc, "dec", orc_writer.SECONDARY, rewrite)


# ---- orc-stats --------------------------------------------------------------

def _stats_edit(orc, name, fn, where="footer"):
    """fn(ColumnStatistics Msg) edits and marks; the span is fn's."""
    m = Model.of(orc)
    col = _column_id(orc, name)
    if col is None:
        return None
    if where == "footer":
        stats = m.footer.all(FT_STATISTICS)
    else:
        if not m.metadata.has(MD_STRIPE_STATS):
            return None
        stats = m.metadata.all(MD_STRIPE_STATS)[-1].msg().all(1)
    if col >= len(stats):
        return None
    span = fn(stats[col].msg())
    if span is None:
        return None
    p = assemble(m)
    return p.data, Span(*span(p.marks))


@operator("orc-stats.has-null-false", "has_null_false",
          "The last stripe's statistics of a column with nulls say "
          "has_null false (V4).", base="flat")
def stats_has_null_false(orc):
    def fn(s):
        if not s.has(10) or not s.get(10).value:
            return None
        f = s.get(10)
        f.value, f.mark = 0, "x"
        return lambda mk: value_span(mk["x"])
    return _stats_edit(orc, "i", fn, "stripe")


@operator("orc-stats.nanos-range", "minimum_nanos_0",
          "The file statistics of the TIMESTAMP column store minimum_nanos "
          "0, below the stored range [1, 1000000] (ST4).", base="flat")
def stats_nanos(orc):
    def fn(s):
        if not s.has(9):
            return None
        f = s.get(9).msg().set(5, 0)
        f.mark = "x"
        return lambda mk: value_span(mk["x"])
    return _stats_edit(orc, "ts", fn)


# ---- orc-index and orc-bloom (the "indexed" base: row index every 5 rows,
# a bloom filter on i) --------------------------------------------------------

def _stream_of(stripe, kind, col):
    """(index, stream) of the stripe's `kind` stream of column `col`, or
    None."""
    return next(((k, s) for k, s in enumerate(stripe.streams)
                 if s[0] == kind and s[1] == col), None)


def _drop_last_entry(orc, name, kind):
    """Removes the last entry of the first stripe's `kind` index stream
    (row index or bloom filters) of column `name`; the stream's span."""
    m = Model.of(orc)
    col = _column_id(orc, name)
    if col is None or not m.stripes:
        return None
    found = _stream_of(m.stripes[0], kind, col)
    if found is None:
        return None
    k, s = found
    msg = Msg.parse(s[2])
    if len(msg.all(1)) < 2:
        return None
    msg.remove(1, len(msg.all(1)) - 1)
    s[2] = msg.encode()[0]
    p = assemble(m)
    return p.data, Span(*p.stripes[0]["streams"][k])


def _index_stream_edit(orc, name, kind, fn):
    """fn(the stream's message) edits and marks, returning a span
    function of the marks (offsets within the stream)."""
    if orc.spec.compression != "NONE":
        return None
    m = Model.of(orc)
    i = _data_stripe(m)
    col = _column_id(orc, name)
    if i is None or col is None:
        return None
    found = _stream_of(m.stripes[i], kind, col)
    if found is None:
        return None
    k, s = found
    msg = Msg.parse(s[2])
    span = fn(msg)
    if span is None:
        return None
    s[2], marks = msg.encode()
    p = assemble(m)
    at = p.stripes[i]["streams"][k][0]
    off, length = span({k2: v.shifted(at) for k2, v in marks.items()})
    return p.data, Span(off, length)


@operator("orc-index.entry-count", "row_index_one_entry_short",
          "The first stripe's ROW_INDEX of column s lacks its last entry "
          "(RI2); the stream is reported. The entries left no longer add "
          "up to the stripe's statistics: orc-index.statistics follows.",
          also=("orc-index.statistics",), base="indexed")
def index_entry_count(orc):
    return _drop_last_entry(orc, "s", orc_writer.ROW_INDEX)


@operator("orc-index.position-count", "extra_position",
          "The last ROW_INDEX entry of column s has one position too many "
          "(RI3).", base="indexed")
def index_position_count(orc):
    def fn(msg):
        f = msg.all(1)[-1].msg().get(1)
        f.packed().append(0)
        f.mark = "x"
        return lambda mk: packed_span(mk["x"])
    return _index_stream_edit(orc, "s", orc_writer.ROW_INDEX, fn)


@operator("orc-index.position-out-of-range", "position_past_stream",
          "The last ROW_INDEX entry of column i points 1000 "
          "bytes into a much shorter DATA stream (RI4).", base="indexed")
def index_position_oob(orc):
    def fn(msg):
        f = msg.all(1)[-1].msg().get(1)
        vals = f.packed()
        if not vals:
            return None
        vals[0] = 1000
        f.mark = "x"
        return lambda mk: (mk["x"].elements[0][0],
                           mk["x"].elements[0][1] - mk["x"].elements[0][0])
    return _index_stream_edit(orc, "i", orc_writer.ROW_INDEX, fn)


@operator("orc-bloom.hash-functions", "num_hash_functions_0",
          "The last bloom filter of column i has 0 hash functions (BF2).",
          base="indexed")
def bloom_hash_functions(orc):
    def fn(msg):
        f = msg.all(1)[-1].msg().get(1)
        f.value, f.mark = 0, "x"
        return lambda mk: value_span(mk["x"])
    return _index_stream_edit(orc, "i", orc_writer.BLOOM_FILTER_UTF8, fn)


@operator("orc-bloom.utf8-length", "utf8bitset_7_bytes_short",
          "The last bloom filter of column i lacks 7 bytes of its "
          "utf8bitset: not a multiple of 8 (BF2).", base="indexed")
def bloom_utf8_length(orc):
    def fn(msg):
        f = msg.all(1)[-1].msg().get(3)
        f.value = f.value[:-7]
        f.mark = "x"
        return lambda mk: value_span(mk["x"])
    return _index_stream_edit(orc, "i", orc_writer.BLOOM_FILTER_UTF8, fn)


@operator("orc-bloom.empty-bitset", "utf8bitset_empty",
          "The last bloom filter of column i has an empty utf8bitset "
          "(BF2); the filter is reported.", base="indexed")
def bloom_empty(orc):
    def fn(msg):
        last = msg.all(1)[-1]
        last.msg().get(3).value = b""
        last.mark = "x"
        return lambda mk: value_span(mk["x"])
    return _index_stream_edit(orc, "i", orc_writer.BLOOM_FILTER_UTF8, fn)


@operator("orc-bloom.entry-count", "one_filter_short",
          "The first stripe's bloom filter stream of column i lacks its "
          "last filter (BF1); the stream is reported.", base="indexed")
def bloom_entry_count(orc):
    return _drop_last_entry(orc, "i", orc_writer.BLOOM_FILTER_UTF8)


# ---- orc-encryption (structure only) ----------------------------------------

@operator("orc-encryption.stripe-statistics-length", "stats_length_1",
          "An unencrypted file's PostScript declares 1 byte of "
          "encrypted stripe statistics; the byte is there, between the "
          "last stripe and the Metadata (EN2).", base="flat")
def encryption_stats_length(orc):
    m = Model.of(orc)
    i = _data_stripe(m)
    if i is None:
        return None
    sf, _ = m.stripes[i].footer.encode()
    m.stripes[i].footer_raw = m.frame(sf) + b"\x00"
    assemble(m)
    m.fix_stripes = False
    m.fix_content_length = False
    # The byte belongs to the last stripe's region above; take it back.
    m.footer.get(FT_STRIPES, i).msg().get(SI_FOOTER).value -= 1
    if m.footer.has(FT_CONTENT_LENGTH):
        m.footer.get(FT_CONTENT_LENGTH).value -= 1
    f = F(7, VARINT, 1, mark="x")
    m.ps.fields.insert(m.ps.index(m.ps.get(PS_MAGIC)), f)
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-encryption.placeholder-unencrypted", "encrypted_data_stream",
          "An empty ENCRYPTED_DATA stream follows the last data "
          "stream of a file without encryption (EN3).", base="flat")
def encryption_placeholder(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    st = m.stripes[i]
    k = _last_data_stream(st.streams)
    if k is None:
        return None
    st.streams.insert(k + 1, [10, 0, b""])
    e = F(SF_STREAMS, LEN, Msg([F(ST_KIND, VARINT, 10),
                                F(ST_COLUMN, VARINT, 0),
                                F(ST_LENGTH, VARINT, 0)]), mark="x")
    entries = st.footer.all(SF_STREAMS)
    st.footer.fields.insert(st.footer.index(entries[k]) + 1, e)
    p = assemble(m)
    return p.data, Span(*whole_span(p.marks["x"]))


# ---- message faults in compressed files: the span maps through the chunks

@operator("orc-footer.row-count", "rows_plus_one_zlib",
          "As rows_plus_one in a ZLIB file with 128-byte blocks: the "
          "compressed chunk holding number_of_rows is reported (F5).",
          plain=False, base="flat_zlib")
def footer_row_count_zlib(orc):
    m = Model.of(orc)
    f = m.footer.set(FT_ROWS, len(orc.spec.rows) + 1)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*map_span(m, p, "x"))


operator("orc-footer.row-count", "rows_plus_one_zstd",
         "As rows_plus_one in a ZSTD file with 128-byte blocks, where the "
         "chunk holding number_of_rows is stored original: the field's "
         "own byte is reported (F5).", plain=False,
         base="flat_zstd")(footer_row_count_zlib)


@operator("orc-stripe.stream-column", "stream_column_99_zlib",
          "As stream_column_99 in a ZLIB file: the chunk of the last "
          "StripeFooter holding the column is reported (SF3); "
          "orc-stripe.missing-stream may follow, as there.", plain=False,
          also=("orc-stripe.missing-stream",), base="flat_zlib")
def stripe_stream_column_zlib(orc):
    m, i = _stripe_model(orc)
    if m is None:
        return None
    k = _last_data_stream(m.stripes[i].streams)
    if k is None:
        return None
    f = m.stripes[i].footer.all(SF_STREAMS)[k].msg().set(ST_COLUMN, 99)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*map_span(m, p, "x"))


@operator("orc-type.decimal-precision", "precision_39_zlib",
          "As precision_39 in a ZLIB file without stripes (Y7).",
          plain=False, base="empty_zlib")
def type_precision_zlib(orc):
    m = Model.of(orc)
    if m.stripes:
        return None
    i, t = _last_type_of(m, ("DECIMAL",))
    if t is None:
        return None
    f = t.set(TY_PRECISION, 39)
    f.mark = "x"
    p = assemble(m)
    return p.data, Span(*map_span(m, p, "x"))


@operator("orc-value.dictionary-length-sum", "dictionary_data_one_byte_long",
          "The last stripe's DICTIONARY_DATA of column d has one "
          "byte more than its entry lengths add up to (E9); the extra byte "
          "is reported.", base="flat")
def value_dictionary_length_sum(orc):
    return _stream_rewrite(orc, "d", orc_writer.DICTIONARY_DATA,
                           lambda old: (old + b"z", (len(old), 1)))


@operator("orc-value.decimal-precision", "decimal_10_digits",
          "The last value of a DECIMAL(10,2) column is 10^10 (unscaled), "
          "11 digits (E10); its varint is reported.", base="flat")
def value_decimal_precision(orc):
    col = _column_id(orc, "dec")
    if col is None:
        return None
    precision = orc_writer.flatten(orc.spec.schema)[col].type.precision
    if precision is None or precision >= 38:
        return None  # 10^38 is orc-rle.decimal-range instead.
    n = orc.layout.stripes[-1].rows if orc.layout.stripes else 0
    rows = orc.spec.rows[len(orc.spec.rows) - n:]
    vals = [r["dec"] for r in rows if r.get("dec") is not None]
    if not vals:
        return None

    def rewrite(old):
        parts = [orc_rle.svarint(v) for v in vals[:-1]]
        at = sum(len(x) for x in parts)
        last = orc_rle.svarint(10 ** precision)
        return b"".join(parts) + last, (at, len(last))
    return _stream_rewrite(orc, "dec", orc_writer.DATA, rewrite)



def _int_stats(stats_msg):
    if not stats_msg.has(2):
        return None
    return stats_msg.get(2).msg()


@operator("orc-stats.aggregate", "file_max_plus_one",
          "The file statistics' maximum of the LONG column is one above "
          "every stripe's maximum (ST4): still above every value, but not "
          "the stripes' merge.", base="flat")
def stats_aggregate(orc):
    def fn(s):
        i = _int_stats(s)
        if i is None or not i.has(2):
            return None
        f = i.get(2)
        f.value = orc_rle.zigzag(orc_wire_unzigzag(f.value) + 1)
        f.mark = "x"
        return lambda mk: value_span(mk["x"])
    return _stats_edit(orc, "l", fn)


def orc_wire_unzigzag(v):
    return (v >> 1) ^ -(v & 1)


@operator("orc-stats.value-out-of-range", "max_below_last_value",
          "The LONG column's maximum, in the last stripe's and the file's "
          "statistics alike, is one below its last (largest) value (ST4); "
          "the DATA run holding it is reported.", base="flat")
def stats_value_out_of_range(orc):
    m = Model.of(orc)
    col = _column_id(orc, "l")
    i = _data_stripe(m)
    if col is None or i is None or not m.metadata.has(MD_STRIPE_STATS):
        return None
    vals = [r["l"] for r in orc.spec.rows if r.get("l") is not None]
    if not vals or vals[-1] != max(vals) or vals.count(vals[-1]) > 1:
        return None
    for stats in (m.footer.all(FT_STATISTICS)[col].msg(),
                  m.metadata.all(MD_STRIPE_STATS)[i].msg().all(1)[col].msg()):
        ints = _int_stats(stats)
        if ints is None or not ints.has(2):
            return None
        ints.get(2).value = orc_rle.zigzag(vals[-1] - 1)
    st = m.stripes[i]
    k = next(k for k, s in enumerate(st.streams)
             if s[0] == orc_writer.DATA and s[1] == col)
    p = assemble(m)
    # The stream is one DELTA run in the flat base (an arithmetic series).
    return p.data, Span(*p.stripes[i]["streams"][k])


# ---- orc-encryption: Footer.encryption of a file without stripes

def _encryption(root=1, key=0, algorithm=1, provider=1):
    key_msg = Msg([F(1, LEN, b"pii"), F(2, VARINT, 0),
                   F(3, VARINT, algorithm)])
    variant = Msg([F(1, VARINT, root), F(2, VARINT, key),
                   F(3, LEN, b"\x00" * 16)])
    return Msg([F(2, LEN, key_msg), F(3, LEN, variant),
                F(4, VARINT, provider)])


def _encryption_edit(orc, mark, **kw):
    m = Model.of(orc)
    if m.stripes or len(m.footer.all(FT_TYPES)) < 2:
        return None
    enc = _encryption(**kw)
    key = enc.get(2).msg()
    variant = enc.get(3).msg()
    {"algorithm": key.get(3), "root": variant.get(1),
     "key": variant.get(2)}[mark].mark = "x"
    m.footer.fields.insert(m.footer.index(m.footer.get(FT_STATISTICS)),
                           F(10, LEN, enc))
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-encryption.algorithm", "algorithm_3",
          "A file without stripes encrypts column 1 with a key whose "
          "algorithm is 3, which does not exist (EN1).", base="empty")
def encryption_algorithm(orc):
    return _encryption_edit(orc, "algorithm",
                            algorithm=3)


@operator("orc-encryption.algorithm-unset", "algorithm_0",
          "A file without stripes encrypts column 1 with a key whose "
          "algorithm is UNKNOWN_ENCRYPTION (0), which readers refuse (EN1).",
          base="empty")
def encryption_algorithm_unset(orc):
    return _encryption_edit(orc,
                            "algorithm", algorithm=0)


@operator("orc-encryption.reference", "variant_root_99",
          "A file without stripes has an encryption variant whose root is "
          "type 99 (EN1).", base="empty")
def encryption_reference(orc):
    return _encryption_edit(orc, "root",
                            root=99)


@operator("orc-encryption.reference", "variant_key_5",
          "A file without stripes has an encryption variant naming key 5 "
          "of 1 (EN1).", base="empty")
def encryption_reference_key(orc):
    return _encryption_edit(orc, "key", key=5)


def _both_stats(m, orc, col, stripe):
    """(file statistics, statistics of `stripe`) Msgs of column `col`."""
    if not m.metadata.has(MD_STRIPE_STATS) or col is None:
        return None
    return (m.footer.all(FT_STATISTICS)[col].msg(),
            m.metadata.all(MD_STRIPE_STATS)[stripe].msg().all(1)[col].msg())


@operator("orc-stats.min-above-max", "int_min_above_max",
          "In a file without rows, the INT column's file statistics get "
          "minimum 5 and maximum 3 (ST4); the two fields are reported. No "
          "value contradicts them.", base="empty")
def stats_min_above_max(orc):
    m = Model.of(orc)
    col = _column_id(orc, "i")
    if m.stripes or col is None:
        return None
    stats = m.footer.all(FT_STATISTICS)[col].msg()
    ints = Msg([F(1, VARINT, orc_rle.zigzag(5), mark="a"),
                F(2, VARINT, orc_rle.zigzag(3), mark="b")])
    stats.remove(2)
    stats.fields.insert(1, F(2, LEN, ints))
    p = assemble(m)
    return p.data, Span(*join(value_span(p.marks["a"]),
                              value_span(p.marks["b"])))


def _last_stats(m, orc, col):
    """(stripe, (file statistics, its statistics)) of column `col` for the
    last stripe with rows, or None."""
    i = _data_stripe(m)
    both = _both_stats(m, orc, col, i) if i is not None else None
    return None if both is None else (i, both)


def _edit_both_stats(orc, col, field_of, edit, report_file=False):
    """Edits one field of column `col`'s statistics in the file's and the
    last data stripe's alike, so that the file's are still the stripes' sum.
    `field_of` picks the field from one statistics Msg, or None where the
    edit does not apply. The stripe's field is reported and the file's is
    "also" (the other way round with `report_file`)."""
    m = Model.of(orc)
    found = _last_stats(m, orc, col)
    if found is None:
        return None
    fields = [field_of(st) for st in found[1]]
    if None in fields:
        return None
    for f in fields:
        edit(f)
    reported, also = fields if report_file else reversed(fields)
    reported.mark, also.mark = "x", "y"
    p = assemble(m)
    return (p.data, Span(*value_span(p.marks["x"])),
            [Span(*value_span(p.marks["y"]))])


def _int_sum_field(stats_msg):
    ints = _int_stats(stats_msg)
    return ints.get(3) if ints is not None and ints.has(3) else None


def _nonzero_count_field(stats_msg):
    count = stats_msg.get(1)
    return count if count.value != 0 else None


def _plus(delta):
    def edit(f):
        f.value += delta
    return edit


def _zigzag_plus_one(f):
    f.value = orc_rle.zigzag(orc_wire_unzigzag(f.value) + 1)


@operator("orc-stats.count-above-rows", "root_count_rows_plus_one",
          "The root's number_of_values is one above the row count, in the "
          "file statistics and the last stripe's alike, so the file's are "
          "still the stripes' sum (ST3); the file's field is reported, the "
          "stripe's too. The root then counts more values than it has: "
          "orc-stats.count follows (and, with a row index, "
          "orc-index.statistics: the row groups sum to one less).",
          also=("orc-stats.count", "orc-index.statistics"), base="flat")
def stats_count_above_rows(orc):
    return _edit_both_stats(orc, 0, lambda st: st.get(1), _plus(1),
                            report_file=True)


@operator("orc-stats.sum", "int_sum_plus_one",
          "The LONG column's sum is one more than its values add up to, in "
          "the last stripe's statistics and the file's alike (ST4); the "
          "stripe's is reported (the file's too).", base="flat")
def stats_sum(orc):
    return _edit_both_stats(orc, _column_id(orc, "l"), _int_sum_field,
                            _zigzag_plus_one)


@operator("orc-stats.count", "count_minus_one",
          "The LONG column's number_of_values is one below its values, in "
          "the last stripe's statistics and the file's alike (ST3); the "
          "stripe's is reported (the file's too).", base="flat")
def stats_count(orc):
    return _edit_both_stats(orc, _column_id(orc, "l"), _nonzero_count_field,
                            _plus(-1))


@operator("orc-index.statistics", "stripe_max_above_row_groups",
          "The INT column's maximum is one above its largest value in the "
          "last stripe's statistics and the file's (which the last stripe "
          "holds): every value is still in range, but the row groups' "
          "maxima no longer merge to the stripe's (RI5).", base="indexed")
def index_statistics(orc):
    m = Model.of(orc)
    col = _column_id(orc, "i")
    found = _last_stats(m, orc, col)
    if found is None:
        return None
    i, both = found
    maxima = []
    for st in both:
        ints = _int_stats(st)
        if ints is None or not ints.has(2):
            return None
        maxima.append(ints.get(2))
    if maxima[0].value != maxima[1].value:
        return None  # The file's maximum lies in another stripe.
    if not any(s[0] == orc_writer.ROW_INDEX and s[1] == col
               for s in m.stripes[i].streams):
        return None
    for f in maxima:
        _zigzag_plus_one(f)
    maxima[1].mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-bloom.false-negative", "bitset_cleared",
          "The last bloom filter of column i, in the last stripe, has every "
          "bit cleared, so its values test negative (BF4); the DATA run "
          "holding them (one run in the indexed base) is reported.",
          base="indexed")
def bloom_false_negative(orc):
    if orc.spec.compression != "NONE":
        return None
    m = Model.of(orc)
    i = _data_stripe(m)
    col = _column_id(orc, "i")
    if i is None or col is None:
        return None
    st = m.stripes[i]
    ks = {s[0]: k for k, s in enumerate(st.streams) if s[1] == col}
    if orc_writer.BLOOM_FILTER_UTF8 not in ks or orc_writer.DATA not in ks:
        return None
    if len(st.footer.all(SF_STREAMS)) and orc_writer.PRESENT in ks:
        return None
    msg = Msg.parse(st.streams[ks[orc_writer.BLOOM_FILTER_UTF8]][2])
    filters = msg.all(1)
    if len(filters) != 1:
        return None  # One row group: the whole DATA stream is in it.
    f = filters[0].msg().get(3)
    f.value = bytes(len(f.value))
    st.streams[ks[orc_writer.BLOOM_FILTER_UTF8]][2] = msg.encode()[0]
    p = assemble(m)
    return p.data, Span(*p.stripes[i]["streams"][ks[orc_writer.DATA]])


@operator("orc-index.bit-count", "boolean_skips_9_bits",
          "The last ROW_INDEX entry of the BOOLEAN column b says to skip 9 "
          "bits of a byte (RI4); that position is reported.", base="indexed")
def index_bit_count(orc):
    def fn(msg):
        f = msg.all(1)[-1].msg().get(1)
        vals = f.packed()
        if len(vals) != 3:  # byte offset, run count, bits
            return None
        vals[2] = 9
        f.mark = "x"
        return lambda mk: (mk["x"].elements[2][0],
                           mk["x"].elements[2][1] - mk["x"].elements[2][0])
    return _index_stream_edit(orc, "b", orc_writer.ROW_INDEX, fn)


@operator("orc-value.dictionary-empty", "dictionary_size_0",
          "The last stripe's dictionary column d has dictionary_size 0 and "
          "empty LENGTH and DICTIONARY_DATA streams, but non-null values "
          "(E9); dictionary_size is reported.", base="flat")
def value_dictionary_empty(orc):
    if orc.spec.compression != "NONE":
        return None
    m = Model.of(orc)
    i = _data_stripe(m)
    col = _column_id(orc, "d")
    if i is None or col is None:
        return None
    st = m.stripes[i]
    enc = st.footer.all(SF_COLUMNS)[col].msg()
    if not enc.has(CE_DICT_SIZE):
        return None
    for s in st.streams:
        if s[1] == col and s[0] in (orc_writer.LENGTH,
                                     orc_writer.DICTIONARY_DATA):
            s[2] = b""
    f = enc.get(CE_DICT_SIZE)
    f.value, f.mark = 0, "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))



# ---- orc-encryption in stripes: a file whose last column is encrypted in
# structure only (Footer.encryption with one variant, one empty variant per
# StripeFooter, the first stripe's id and key); its bytes stay plain, which
# colcheck cannot tell without the key

def _encrypted_model(orc):
    m = Model.of(orc)
    types = m.footer.all(FT_TYPES)
    if not m.stripes or len(types) < 2:
        return None
    m.footer.fields.append(F(10, LEN, _encryption(root=len(types) - 1)))
    for st in m.stripes:
        st.footer.fields.append(F(4, LEN, Msg([])))
    first = m.footer.get(FT_STRIPES, 0).msg()
    first.fields.append(F(6, VARINT, 1))
    first.fields.append(F(7, LEN, b"\x00" * 16))
    return m


@operator("orc-encryption.stripe-keys", "no_encrypt_stripe_id",
          "An encrypted file's first stripe has its local key but no "
          "encrypt_stripe_id (EN4); the stripe's entry is reported.",
          base="flat")
def encryption_stripe_keys(orc):
    m = _encrypted_model(orc)
    if m is None:
        return None
    info = m.footer.get(FT_STRIPES, 0)
    info.msg().remove(6)
    info.mark = "x"
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))


@operator("orc-encryption.stripe-variants", "stripe_without_variant",
          "An encrypted file's last StripeFooter has no encryption variant "
          "for the file's one (EN3); its streams list is reported.",
          base="flat")
def encryption_stripe_variants(orc):
    m = _encrypted_model(orc)
    if m is None:
        return None
    sf = m.stripes[-1].footer
    sf.remove(4)
    entries = sf.all(SF_STREAMS)
    return _list_result(m, entries[0], entries[-1])


@operator("orc-encryption.placeholder-length", "placeholder_short",
          "In an encrypted file, the last stripe's variant lists a 5-byte "
          "DATA stream but its ENCRYPTED_DATA placeholder is empty (EN3); "
          "the placeholder's length is reported.", base="flat")
def encryption_placeholder_length(orc):
    m = _encrypted_model(orc)
    if m is None:
        return None
    st = m.stripes[-1]
    k = _last_data_stream(st.streams)
    if k is None:
        return None
    root = len(m.footer.all(FT_TYPES)) - 1
    st.footer.get(4).msg().fields.append(F(1, LEN, Msg(
        [F(ST_KIND, VARINT, 1), F(ST_COLUMN, VARINT, root),
         F(ST_LENGTH, VARINT, 5)])))
    st.streams.insert(k + 1, [10, root, b""])
    length = F(ST_LENGTH, VARINT, 0, mark="x")
    e = F(SF_STREAMS, LEN, Msg([F(ST_KIND, VARINT, 10),
                                F(ST_COLUMN, VARINT, root), length]))
    entries = st.footer.all(SF_STREAMS)
    st.footer.fields.insert(st.footer.index(entries[k]) + 1, e)
    p = assemble(m)
    return p.data, Span(*value_span(p.marks["x"]))
