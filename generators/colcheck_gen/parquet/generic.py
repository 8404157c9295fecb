"""Generic mutations: operators that break one rule of any writer file.

mutations.py breaks fixed places of two fixed base files. The operators
here take any writer.ParquetFile (any schema, page style, codec, row
groups) and a random.Random, choose a target in it (a row group, column,
page, footer field) and break one rule there:

    pq = writer.write(spec)
    m, data, expected = generic.mutate(pq, random.Random(seed))
    expected  # {"code", "offset", "length"}: colcheck must report `code`
              # with a span that overlaps this one

An operator lists its targets in the file (`targets(pq)`, empty when the
file has none, e.g. no page has a crc) and breaks one of them chosen with
the rng, so different seeds break different places and a (file, seed)
pair always gives the same bytes. It works like the mutations it reuses:
footer edits re-serialize a copy of FileMetaData (mutations._edit), page
edits change a copy of the FileModel and lay it out again
(mutations._page_edit), so sizes, offsets and crcs other than the broken
one stay consistent; splices rewrite raw Thrift bytes the library cannot
write. Spans come from the recorded placements of the new file, never
from fixed offsets.

colcheck may report other codes as consequences (a renamed schema element
also mismatches path_in_schema); the expected one must be among them.
PENDING names the operators whose files are broken as described but that
colcheck does not report yet; applicable() and mutate() leave them out
unless asked.
"""

import copy
import functools
import math
import re
import struct
from dataclasses import dataclass

from thrift.protocol.TCompactProtocol import makeZigZag
from thrift.protocol.TProtocol import TProtocolException
from thrift.Thrift import TType

from colcheck_gen.common import breakage
from colcheck_gen.common.span import Span
from colcheck_gen.common.varint import read_uvarint, unzigzag
from colcheck_gen.parquet import encoding, thrift_gen, writer
from colcheck_gen.parquet.mutations import (_edit, _long_header, _meta_path,
                                            _page_edit, _rebuild, _retail,
                                            _splice, _unpack_indices,
                                            _varint_padded)


# Registers `fn(pq, rng, target)`, which returns (bytes, Span) or None, as
# an operator over `targets(pq)`, a list in a fixed order
# (common/breakage.py).
operator = functools.partial(breakage.register, breakage.GENERIC)

# Operators colcheck does not yet report as expected; the tests skip them.
# Each entry says why.
PENDING = frozenset()


def applicable(pq, pending=False):
    """The operators that have a target in `pq`; those in PENDING only if
    `pending`."""
    return [m for m in breakage.of(breakage.GENERIC) if m.targets(pq) and
            (pending or m.name not in PENDING)]


def mutate(pq, rng, pending=False):
    """Breaks `pq` with one applicable operator chosen by `rng` (PENDING
    ones only if `pending`). Returns (Breakage, bytes, expected)."""
    choices = applicable(pq, pending)
    if not choices:
        raise ValueError("no operator applies to this file")
    m = choices[rng.randrange(len(choices))]
    data, exp = m.apply(pq, rng)
    return m, data, exp


# ---- the file's shape -------------------------------------------------------

@dataclass(frozen=True)
class _Leaf:
    column: int
    element: int  # Index in FileMetaData.schema.
    path: tuple
    physical: str  # "INT32", ...
    max_def: int
    max_rep: int


def _schema(pq):
    """(leaves, elements): the _Leafs in column order, and for every schema
    index (the root is 0) its (depth, child indices, columns under it)."""
    schema = pq.metadata.schema
    t = pq.ttypes
    leaves, elements = [], {}
    pos = [1]

    def visit(path, d, r):
        i = pos[0]
        pos[0] += 1
        e = schema[i]
        d += e.repetition_type != t.FieldRepetitionType.REQUIRED
        r += e.repetition_type == t.FieldRepetitionType.REPEATED
        first, children = len(leaves), []
        if e.num_children:
            for _ in range(e.num_children):
                children.append(pos[0])
                visit(path + (e.name,), d, r)
        else:
            leaves.append(_Leaf(len(leaves), i, path + (e.name,),
                                t.Type._VALUES_TO_NAMES[e.type], d, r))
        elements[i] = (len(path), children, list(range(first, len(leaves))))

    root = []
    for _ in range(schema[0].num_children or 0):
        root.append(pos[0])
        visit((), 0, 0)
    elements[0] = (-1, root, list(range(len(leaves))))
    return leaves, elements


def _groups(pq):
    """Non-root group indices."""
    return sorted(i for i, (_, children, _) in _schema(pq)[1].items()
                  if children and i)


def _chunks(pq):
    return [(g, c) for g, rg in enumerate(pq.model.row_groups)
            for c in range(len(rg.chunks))]


def _chunk(model, g, c):
    return model.row_groups[g].chunks[c]


def _page(model, g, c, k):
    return model.row_groups[g].chunks[c].pages[k]


def _meta(md, g, c):
    return md.row_groups[g].columns[c].meta_data


def _set_meta(pq, target, name, value):
    """Sets ColumnMetaData field `name` of the target chunk (g, c) to
    value(meta, ttypes) in a copy; returns the span of the new value."""
    g, c = target

    def edit(md, t):
        meta = _meta(md, g, c)
        setattr(meta, name, value(meta, t))
    return _edit(pq, edit, _meta_path(g, c, name))


def _pages(pq, pred):
    """(g, c, k) of every page for which pred(pq, leaf, page) holds."""
    leaves, _ = _schema(pq)
    return [(g, c, k) for g, c in _chunks(pq)
            for k, page in enumerate(_chunk(pq.model, g, c).pages)
            if pred(pq, leaves[c], page)]


def _is_data(pq, page):
    return writer._data_header(pq.ttypes, page.header) is not None


def _is_dictionary(pq, page):
    return (page.header.type == pq.ttypes.PageType.DICTIONARY_PAGE and
            page.header.dictionary_page_header is not None)


def _is_v1(pq, page):
    return page.header.type == pq.ttypes.PageType.DATA_PAGE and \
        page.header.data_page_header is not None


def _is_v2(pq, page):
    return page.header.type == pq.ttypes.PageType.DATA_PAGE_V2 and \
        page.header.data_page_header_v2 is not None


def _value_encoding(pq, page):
    if _is_dictionary(pq, page):
        return page.header.dictionary_page_header.encoding
    return writer._data_header(pq.ttypes, page.header).encoding


def _compressed(pq, page):
    """Whether the page's values are stored compressed."""
    if page.codec == pq.ttypes.CompressionCodec.UNCOMPRESSED:
        return False
    if _is_v2(pq, page):
        flag = page.header.data_page_header_v2.is_compressed
        return flag is None or flag
    return True


def _value_count(pq, leaf, page):
    """The number of values in the page's value section."""
    if _is_dictionary(pq, page):
        return page.header.dictionary_page_header.num_values
    if leaf.max_def == 0:
        return writer._data_header(pq.ttypes, page.header).num_values
    return sum(1 for d in page.def_levels if d == leaf.max_def)


def _values_at(new, g, c, k, begin, length):
    """The span of bytes [begin, begin + length) of page k's value section:
    exact when the values are stored raw, else the stored (compressed)
    bytes that hold them."""
    page = _page(new.model, g, c, k)
    body = new.pages[(g, c)][k].body
    if not _compressed(new, page):
        return Span(body.offset + len(page.rep) + len(page.defs) + begin,
                    length)
    if _is_v2(new, page):
        levels = len(page.rep) + len(page.defs)
        return Span(body.offset + levels, body.length - levels)
    return body


def _levels_at(new, g, c, k, kind, begin, length):
    """The span of bytes [begin, begin + length) of page k's `kind`
    ("rep" or "defs") level section, or the body when it is compressed."""
    page = _page(new.model, g, c, k)
    body = new.pages[(g, c)][k].body
    if _is_v1(new, page) and _compressed(new, page):
        return body
    before = 0 if kind == "rep" else len(page.rep)
    return Span(body.offset + before + begin, length)


def _field(g, c, k, path, part="value"):
    """A span function: header field `path` of page k."""
    def span(new):
        f = new.pages[(g, c)][k].fields[path]
        return f.whole if part == "whole" else f.value
    return span


def _region(g, c, kind, path, part="value"):
    """A span function: a field of a chunk's page index or bloom filter."""
    def span(new):
        f = new.regions[(g, c, kind)][1][path]
        return f.whole if part == "whole" else f.value
    return span


def _body(g, c, k):
    return lambda new: new.pages[(g, c)][k].body


def _set(obj, path, fn):
    """Sets dotted attribute `path` of obj to fn(old value)."""
    *parents, name = path.split(".")
    for p in parents:
        obj = getattr(obj, p)
    setattr(obj, name, fn(getattr(obj, name)))


def _header_edit(g, c, k, path, fn):
    def edit(model, t):
        _set(_page(model, g, c, k).header, path, fn)
    return edit


def _other(rng, old, choices):
    """A choice other than `old`."""
    rest = [x for x in choices if x != old]
    return rest[rng.randrange(len(rest))]


def _delta(rng, low=1, high=3):
    return rng.choice((-1, 1)) * rng.randint(low, high)


_WIDTH = {"BOOLEAN": 1, "INT32": 4, "INT64": 8, "INT96": 12, "FLOAT": 4,
          "DOUBLE": 8}


def _width(pq, leaf):
    """The PLAIN byte width of a fixed-width leaf's values, else None."""
    if leaf.physical == "FIXED_LEN_BYTE_ARRAY":
        return pq.metadata.schema[leaf.element].type_length
    return _WIDTH.get(leaf.physical)


def _plain_items(pq, leaf, section, count):
    """[(start, end)] of each PLAIN value (BYTE_ARRAY: with its length
    prefix) in a value section; None for BOOLEAN or a malformed section."""
    if leaf.physical == "BOOLEAN":
        return None
    items, at = [], 0
    width = _width(pq, leaf)
    for _ in range(count):
        if width is None:
            if at + 4 > len(section):
                return None
            n = struct.unpack_from("<I", section, at)[0]
            items.append((at, at + 4 + n))
        else:
            items.append((at, at + width))
        at = items[-1][1]
    return items if at == len(section) else None


def _plain_sections(pq, leaf_pred=lambda pq, leaf: True, min_values=1):
    """Pages with a PLAIN value section of at least `min_values` values
    (data pages and dictionary pages) of leaves that satisfy leaf_pred."""
    t = pq.ttypes

    def pred(pq, leaf, page):
        if _is_dictionary(pq, page):
            # A dictionary page's PLAIN_DICTIONARY is PLAIN too.
            plain = (t.Encoding.PLAIN, t.Encoding.PLAIN_DICTIONARY)
        elif _is_data(pq, page):
            plain = (t.Encoding.PLAIN,)
        else:
            return False
        return (_value_encoding(pq, page) in plain and leaf_pred(pq, leaf)
                and _value_count(pq, leaf, page) >= min_values)
    return _pages(pq, pred)


def _set_values(g, c, k, fn):
    """An edit that replaces page k's value section with fn(old)."""
    def edit(model, t):
        page = _page(model, g, c, k)
        page.values = fn(page.values)
        writer.finish_page(page, t)
    return edit


def _replace_value(pq, rng, target, new_value):
    """Replaces one PLAIN value of page `target` (chosen by rng) by
    new_value(old stored bytes) and returns its span."""
    g, c, k = target
    leaves, _ = _schema(pq)
    leaf = leaves[c]
    page = _page(pq.model, g, c, k)
    items = _plain_items(pq, leaf, page.values, _value_count(pq, leaf, page))
    start, end = items[rng.randrange(len(items))]
    prefix = 4 if _width(pq, leaf) is None else 0
    stored = new_value(page.values[start + prefix:end])
    if prefix:
        stored = struct.pack("<I", len(stored)) + stored

    def section(v):
        return v[:start] + stored + v[end:]
    return _page_edit(pq, _set_values(g, c, k, section),
                      lambda new: _values_at(new, g, c, k, start + prefix,
                                             len(stored) - prefix))


def _element(pq, leaf):
    return pq.metadata.schema[leaf.element]


def _logical(pq, leaf, name):
    lt = _element(pq, leaf).logicalType
    return getattr(lt, name, None) if lt else None


# ---- Thrift structure of the footer -----------------------------------------

@dataclass(frozen=True)
class _Field:
    path: str
    fid: int  # None for a list element.
    ttype: int  # TType of the field or element.
    args: object  # The thrift_spec type arguments.
    value: object


def _walk(obj, prefix=""):
    """Every set field and list element under a Thrift struct."""
    for spec in obj.thrift_spec:
        if spec is None:
            continue
        fid, ttype, name, args, _ = spec
        value = getattr(obj, name)
        if value is None:
            continue
        path = f"{prefix}.{name}" if prefix else name
        yield _Field(path, fid, ttype, args, value)
        if ttype == TType.STRUCT:
            yield from _walk(value, path)
        elif ttype == TType.LIST:
            etype, eargs = args[0], args[1]
            for i, v in enumerate(value):
                yield _Field(f"{path}[{i}]", None, etype, eargs, v)
                if etype == TType.STRUCT:
                    yield from _walk(v, f"{path}[{i}]")


def _footer_fields(pq, pred):
    return [f for f in _walk(pq.metadata) if pred(f)]


_INTEGERS = (TType.I16, TType.I32, TType.I64)
# Compact protocol type nibbles (thrift-compact-protocol.md).
_COMPACT = {TType.BYTE: 3, TType.I16: 4, TType.I32: 5, TType.I64: 6,
            TType.DOUBLE: 7, TType.STRING: 8, TType.LIST: 9, TType.STRUCT: 12}


def _unions():
    """The names of the IDL's unions."""
    with open(thrift_gen.DEFAULT_IDL, encoding="utf-8") as f:
        return frozenset(re.findall(r"^union (\w+)", f.read(), re.M))


_UNIONS = _unions()


def _resolve(obj, path):
    """The object at `path` ("row_groups[0].columns[1].meta_data")."""
    for name, index in re.findall(r"(\w+)|\[(\d+)\]", path):
        obj = getattr(obj, name) if name else obj[int(index)]
    return obj


def _parent(path):
    head, _, name = path.rpartition(".")
    return head, name


def _varint_end(data, at):
    while data[at] & 0x80:
        at += 1
    return at + 1


# ---- file: the tail ---------------------------------------------------------

def _always(pq):
    return [None]


@operator("file.too-small", "shorter_than_12_bytes",
          "The file is cut to its first 1 to 11 bytes.", _always)
def _too_small(pq, rng, _):
    n = rng.randint(1, 11)
    return pq.data[:n], Span(0, n)


def _bad_magic(rng, old):
    while True:
        magic = bytearray(old)
        i = rng.randrange(4)
        magic[i] = (magic[i] + rng.randint(1, 255)) % 256
        # PARE is the encrypted-footer magic, a different rule.
        if bytes(magic) not in (b"PAR1", b"PARE"):
            return bytes(magic)


@operator("file.bad-leading-magic", "leading_magic_byte",
          "One byte of the leading magic changes.", _always)
def _leading_magic(pq, rng, _):
    return (_bad_magic(rng, pq.data[:4]) + pq.data[4:],
            Span(0, 4))


@operator("file.bad-trailing-magic", "trailing_magic_byte",
          "One byte of the trailing magic changes.", _always)
def _trailing_magic(pq, rng, _):
    n = len(pq.data)
    return (pq.data[:-4] + _bad_magic(rng, pq.data[-4:]),
            Span(n - 4, 4))


@operator("file.footer-length-out-of-bounds", "footer_length_beyond_file",
          "The footer length is 0, or reaches into the leading magic or "
          "past the file's start.", _always)
def _footer_length(pq, rng, _):
    n = len(pq.data)
    length = rng.choice((0, n - 11 + rng.randrange(16),
                         rng.randint(n, 0xFFFFFFFF)))
    return (pq.data[:-8] + struct.pack("<I", length) + writer.MAGIC,
            Span(n - 8, 4))


@operator("file.metadata-trailing-bytes", "bytes_after_metadata",
          "1 to 8 random bytes follow FileMetaData inside the footer "
          "length.", _always)
def _metadata_trailing(pq, rng, _):
    extra = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return (_retail(pq.column_data, pq.footer + extra),
            Span(pq.footer_offset + pq.footer_length, len(extra)))


# ---- thrift: the compact protocol of the footer -----------------------------

def _varints(pq):
    return _footer_fields(pq, lambda f: f.ttype in _INTEGERS)


def _max_varint(f):
    return 10 if f.ttype == TType.I64 else 5


@operator("thrift.varint-overlong", "varint_too_long",
          "An integer field or list element is re-encoded with one more "
          "byte than its type allows (zero groups appended).", _varints)
def _varint_overlong(pq, rng, f):
    value = pq.spans[f.path].value
    old = pq.data[value.offset:value.end]
    return _splice(pq, value, _varint_padded(old, _max_varint(f) + 1))


def _short_varints(pq):
    return [f for f in _varints(pq)
            if pq.spans[f.path].value.length < _max_varint(f)]


@operator("thrift.varint-non-canonical", "varint_zero_group",
          "An integer field or list element gets redundant zero groups, "
          "still within its type's length.", _short_varints)
def _varint_non_canonical(pq, rng, f):
    value = pq.spans[f.path].value
    old = pq.data[value.offset:value.end]
    total = rng.randint(len(old) + 1, _max_varint(f))
    return _splice(pq, value, _varint_padded(old, total))


@operator("thrift.varint-overflow", "varint_exceeds_type",
          "An integer field or list element holds a varint whose value "
          "does not fit its type (i16/i32: above 32 bits; i64: a tenth "
          "byte above 1).", _varints)
def _varint_overflow(pq, rng, f):
    if f.ttype == TType.I64:
        raw = b"\xff" * 9 + bytes([rng.randint(2, 0x7F)])
    else:
        raw = encoding.uleb128(rng.randint(1 << 32, (1 << 35) - 1))
    return _splice(pq, pq.spans[f.path].value, raw)


def _headed(pq):
    """Fields with a field header (list elements have none)."""
    return _footer_fields(pq, lambda f: f.fid is not None)


@operator("thrift.invalid-type", "field_type_nibble_undefined",
          "A field header's type nibble becomes 14 or 15, which the "
          "compact protocol does not define.", _headed)
def _invalid_type(pq, rng, f):
    at = pq.spans[f.path].header.offset
    old = pq.data[at]
    return _splice(pq, Span(at, 1), bytes([(old & 0xF0) | rng.choice((14,
                                                                      15))]))


@operator("thrift.wrong-type", "field_wire_type_changed",
          "A field header names another scalar or struct wire type than "
          "the IDL declares (a collection would be a foreign field).",
          _headed)
def _wrong_type(pq, rng, f):
    at = pq.spans[f.path].header.offset
    old = pq.data[at]
    own = old & 0x0F
    new = _other(rng, own, (3, 4, 5, 6, 7, 8, 12) if own > 2 else
                 (5, 6, 8, 12))
    return _splice(pq, Span(at, 1), bytes([(old & 0xF0) | new]))


def _multibyte(pq):
    return [f for f in _varints(pq) if pq.spans[f.path].value.length >= 2]


@operator("thrift.truncated", "footer_cut_inside_varint",
          "The footer ends inside a multi-byte varint (the footer length "
          "says so). A cut string is binary-length-exceeds-data.",
          _multibyte)
def _truncated(pq, rng, f):
    value = pq.spans[f.path].value
    keep = rng.randint(1, value.length - 1)
    cut = value.offset + keep - pq.footer_offset
    return (_retail(pq.column_data, pq.footer[:cut]),
            Span(value.offset, keep))


def _required(pq):
    """(struct path, field name) of every required field that is set:
    generated validate() raises for exactly the required ones."""
    out = []
    structs = [("", pq.metadata)] + [
        (f.path, f.value) for f in _walk(pq.metadata)
        if f.ttype == TType.STRUCT]
    for path, obj in structs:
        for spec in obj.thrift_spec:
            if spec is None or getattr(obj, spec[2]) is None:
                continue
            probe = copy.copy(obj)
            setattr(probe, spec[2], None)
            try:
                probe.validate()
            except TProtocolException:
                out.append((path, spec[2]))
    return out


@operator("thrift.missing-required-field", "required_field_left_out",
          "A required field of a footer struct is left out.", _required)
def _missing_required(pq, rng, target):
    path, name = target

    def edit(md, t):
        setattr(_resolve(md, path) if path else md, name, None)

    def span(new):
        if not path:
            return Span(new.footer_offset, new.footer_length)
        return new.spans[path].value
    return _edit(pq, edit, span)


def _scalars(pq):
    return _footer_fields(pq, lambda f: f.fid is not None and
                          f.ttype not in (TType.BOOL, TType.STRUCT,
                                          TType.LIST))


@operator("thrift.duplicate-field", "field_repeated",
          "A scalar field appears a second time right after itself, with "
          "a long-form header.", _scalars)
def _duplicate_field(pq, rng, f):
    field = pq.spans[f.path]
    copy_bytes = (_long_header(pq.data[field.header.offset] & 0x0F, f.fid) +
                  pq.data[field.value.offset:field.value.end])
    return _splice(pq, Span(field.value.end, 0), copy_bytes)


def _structs(pq):
    return [None] + [f for f in _walk(pq.metadata)
                     if f.ttype == TType.STRUCT]


@operator("thrift.invalid-field-id", "field_id_not_positive",
          "A field with id 0 or a negative id (long-form header, an i32 "
          "value) is added at the end of a footer struct.", _structs)
def _invalid_field_id(pq, rng, f):
    if f is None:
        stop = pq.footer_offset + pq.footer_length - 1
    else:
        stop = pq.spans[f.path].value.end - 1
    header = _long_header(5, rng.randint(-20, 0))
    return _splice(pq, Span(stop, 0), header + b"\x02",
                   expect=lambda s: Span(s.offset, len(header)))


def _lists(pq):
    return _footer_fields(pq, lambda f: f.ttype == TType.LIST)


def _list_header(pq, f):
    value = pq.spans[f.path].value
    if f.value:
        return Span(value.offset,
                    pq.spans[f.path + "[0]"].value.offset - value.offset)
    return value


@operator("thrift.collection-size-exceeds-data", "list_size_huge",
          "A list header declares more elements than the footer has bytes "
          "left.", _lists)
def _collection_size(pq, rng, f):
    header = _list_header(pq, f)
    old = pq.data[header.offset]
    size = rng.randint(pq.footer_length + 1, 1_000_000)
    return _splice(pq, header,
                   bytes([0xF0 | (old & 0x0F)]) + encoding.uleb128(size))


@operator("thrift.wrong-element-type", "list_element_type_changed",
          "A list header names another element type than the IDL "
          "declares.", _lists)
def _element_type(pq, rng, f):
    header = _list_header(pq, f)
    old = pq.data[header.offset]
    new = _other(rng, old & 0x0F, (5, 6, 8, 12))
    return _splice(pq, Span(header.offset, 1), bytes([(old & 0xF0) | new]))


def _strings(pq):
    return _footer_fields(pq, lambda f: f.ttype == TType.STRING)


@operator("thrift.binary-length-exceeds-data", "string_length_huge",
          "A string or binary value's length exceeds the footer's "
          "remaining bytes.", _strings)
def _binary_length(pq, rng, f):
    value = pq.spans[f.path].value
    prefix = _varint_end(pq.data, value.offset) - value.offset
    size = rng.randint(pq.footer_length + 1, 1 << 24)
    return _splice(pq, Span(value.offset, prefix), encoding.uleb128(size))


def _utf8_strings(elements):
    """Non-empty string fields, or string list elements."""
    def targets(pq):
        return [f for f in _strings(pq) if f.args == "UTF8" and f.value and
                (f.fid is None) == elements]
    return targets


def _break_utf8(pq, rng, f):
    value = pq.spans[f.path].value
    prefix = _varint_end(pq.data, value.offset) - value.offset
    at = value.offset + prefix + rng.randrange(value.length - prefix)
    data = bytearray(pq.data)
    data[at] = rng.choice((0xC0, 0xC1, 0xF8, 0xFE, 0xFF))
    return bytes(data), value


@operator("thrift.invalid-utf8", "string_not_utf8",
          "One byte of a non-empty string field (a name, key, value or "
          "created_by) becomes a byte that never occurs in UTF-8.",
          _utf8_strings(False))
def _thrift_utf8(pq, rng, f):
    return _break_utf8(pq, rng, f)


@operator("thrift.invalid-utf8", "list_string_not_utf8",
          "One byte of a path_in_schema element becomes a byte that never "
          "occurs in UTF-8.", _utf8_strings(True))
def _thrift_list_utf8(pq, rng, f):
    return _break_utf8(pq, rng, f)


def _union_fields(pq):
    return _footer_fields(pq, lambda f: f.ttype == TType.STRUCT and
                          type(f.value).__name__ in _UNIONS)


@operator("thrift.union-member-count", "union_without_member",
          "A union (ColumnOrder, LogicalType, TimeUnit) has no member "
          "set.", _union_fields)
def _union_empty(pq, rng, f):
    def edit(md, t):
        head, name = _parent(f.path)
        owner = _resolve(md, head) if head else md
        if name.endswith("]"):
            name, index = name[:-1].split("[")
            getattr(owner, name)[int(index)] = type(f.value)()
        else:
            setattr(owner, name, type(f.value)())
    return _edit(pq, edit, f.path)


def _optional_lists(pq):
    """(struct path, field) of optional list fields that may be empty."""
    out = [("", "key_value_metadata")]
    for g, rg in enumerate(pq.metadata.row_groups):
        out.append((f"row_groups[{g}]", "sorting_columns"))
        for c, cc in enumerate(rg.columns):
            if cc.meta_data:
                out.append((f"row_groups[{g}].columns[{c}].meta_data",
                            "key_value_metadata"))
    return out


@operator("thrift.empty-list-zero-type", "empty_list_0x00",
          "An optional list is written empty as the single byte 0x00.",
          _optional_lists)
def _empty_list(pq, rng, target):
    path, name = target
    md = copy.deepcopy(pq.metadata)
    setattr(_resolve(md, path) if path else md, name, [])
    new = pq.with_metadata(md)
    full = f"{path}.{name}" if path else name
    return _splice(new, new.spans[full].value, b"\x00")


# ---- metadata: FileMetaData, RowGroup, ColumnChunk --------------------------

def _with_meta(pq):
    """(g, c) of every chunk with meta_data."""
    return [(g, c) for g, rg in enumerate(pq.metadata.row_groups)
            for c, cc in enumerate(rg.columns) if cc.meta_data]


def _row_groups(pq):
    return [g for g, rg in enumerate(pq.metadata.row_groups) if rg.columns]


@operator("metadata.num-rows-mismatch", "file_num_rows_off",
          "FileMetaData.num_rows differs from the row groups' sum by 1 to "
          "3.", _always)
def _num_rows(pq, rng, _):
    delta = _delta(rng) if pq.metadata.num_rows >= 3 else rng.randint(1, 3)

    def edit(md, t):
        md.num_rows += delta
    return _edit(pq, edit, "num_rows")


@operator("metadata.unknown-version", "version_unknown",
          "FileMetaData.version is 3 or above.", _always)
def _version(pq, rng, _):
    def edit(md, t):
        md.version = rng.randint(3, 1000)
    return _edit(pq, edit, "version")


def _counts(pq):
    """Paths of the footer's sizes and counts that must not be negative."""
    out = []
    for g, rg in enumerate(pq.metadata.row_groups):
        out += [f"row_groups[{g}].total_byte_size"]
        if rg.total_compressed_size is not None:
            out.append(f"row_groups[{g}].total_compressed_size")
    return out


@operator("metadata.negative-value", "size_negative",
          "A row group's total_byte_size or total_compressed_size is "
          "negative.", _counts)
def _negative(pq, rng, path):
    value = -rng.randint(1, 1 << 20)

    def edit(md, t):
        head, name = _parent(path)
        setattr(_resolve(md, head), name, value)
    return _edit(pq, edit, path)


@operator("metadata.column-count-mismatch", "row_group_chunk_removed",
          "One chunk is removed from a row group (the group's sizes "
          "follow).", _row_groups)
def _column_count(pq, rng, g):
    c = rng.randrange(len(pq.metadata.row_groups[g].columns))

    def edit(md, t):
        rg = md.row_groups[g]
        removed = rg.columns.pop(c).meta_data
        if removed:
            rg.total_byte_size -= removed.total_uncompressed_size
            if rg.total_compressed_size is not None:
                rg.total_compressed_size -= removed.total_compressed_size
    return _edit(pq, edit,
                 f"row_groups[{g}].columns")


_PHYSICAL = ("BOOLEAN", "INT32", "INT64", "INT96", "FLOAT", "DOUBLE",
             "BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY")


@operator("metadata.type-mismatch", "chunk_type_differs",
          "A chunk's ColumnMetaData.type is another physical type than its "
          "leaf's.", _with_meta)
def _type_mismatch(pq, rng, target):
    return _set_meta(pq, target, "type", lambda meta, t: getattr(
        t.Type, _other(rng, t.Type._VALUES_TO_NAMES[meta.type], _PHYSICAL)))


@operator("metadata.path-mismatch", "chunk_path_differs",
          "A chunk's path_in_schema has one name changed, a name added or "
          "its last name dropped.", _with_meta)
def _path_mismatch(pq, rng, target):
    g, c = target

    def edit(md, t):
        meta = _meta(md, g, c)
        path = list(meta.path_in_schema)
        how = rng.randrange(3 if len(path) > 1 else 2)
        if how == 0:
            i = rng.randrange(len(path))
            path[i] += "_x"
        elif how == 1:
            path.append("extra")
        else:
            path.pop()
        meta.path_in_schema = path
    return _edit(pq, edit,
                 _meta_path(g, c, "path_in_schema"))


def _with_values(pq):
    """Chunks with values: colcheck does not check data_page_offset of a
    chunk without any (writers leave it anywhere)."""
    return [(g, c) for g, c in _with_meta(pq)
            if _meta(pq.metadata, g, c).num_values]


@operator("metadata.offset-out-of-bounds", "data_page_offset_past_eof",
          "A chunk's data_page_offset points past the end of the file.",
          _with_values)
def _offset_oob(pq, rng, target):
    where = len(pq.data) + rng.randrange(1000)
    return _set_meta(pq, target, "data_page_offset", lambda meta, t: where)


def _chunk_start(meta):
    if meta.dictionary_page_offset is not None:
        return meta.dictionary_page_offset
    return meta.data_page_offset


@operator("metadata.chunk-out-of-bounds", "chunk_runs_into_footer",
          "A chunk's total_compressed_size reaches 1 to 64 bytes into the "
          "footer (the row group's size follows).", _with_meta)
def _chunk_oob(pq, rng, target):
    g, c = target
    meta = _meta(pq.metadata, g, c)
    size = pq.footer_offset - _chunk_start(meta) + rng.randint(1, 64)

    def edit(md, t):
        rg = md.row_groups[g]
        if rg.total_compressed_size is not None:
            rg.total_compressed_size += size - meta.total_compressed_size
        _meta(md, g, c).total_compressed_size = size
    return _edit(pq, edit,
                 _meta_path(g, c, "total_compressed_size"))


@operator("metadata.invalid-codec", "codec_undefined",
          "A chunk's codec is a value CompressionCodec does not define.",
          _with_meta)
def _codec(pq, rng, target):
    return _set_meta(pq, target, "codec",
                     lambda meta, t: rng.randint(8, 1000))


@operator("metadata.dictionary-after-data", "dictionary_offset_at_data",
          "A chunk's dictionary_page_offset equals its data_page_offset "
          "(later would also move the chunk's end past its pages).",
          _with_values)
def _dict_after(pq, rng, target):
    return _set_meta(pq, target, "dictionary_page_offset",
                     lambda meta, t: meta.data_page_offset)


def _without_dictionary(pq):
    return [(g, c) for g, c in _with_meta(pq)
            if _meta(pq.metadata, g, c).dictionary_page_offset is None]


@operator("metadata.dictionary-offset-zero", "dictionary_offset_zero",
          "A chunk without a dictionary page has dictionary_page_offset 0.",
          _without_dictionary)
def _dict_zero(pq, rng, target):
    return _set_meta(pq, target, "dictionary_page_offset", lambda meta, t: 0)


@operator("metadata.missing-column-metadata", "chunk_without_meta_data",
          "A ColumnChunk has no meta_data.", _with_meta)
def _missing_meta(pq, rng, target):
    g, c = target

    def edit(md, t):
        md.row_groups[g].columns[c].meta_data = None
    return _edit(pq, edit,
                 f"row_groups[{g}].columns[{c}]")


@operator("metadata.external-file-path", "file_path_set",
          "A ColumnChunk names another file in file_path.", _with_meta)
def _file_path(pq, rng, target):
    g, c = target

    def edit(md, t):
        md.row_groups[g].columns[c].file_path = f"part-{rng.randrange(99)}" \
            ".parquet"
    return _edit(pq, edit,
                 f"row_groups[{g}].columns[{c}].file_path")


@operator("metadata.unknown-encoding", "encodings_list_undefined",
          "A chunk's encodings list gains a value Encoding does not "
          "define.", _with_meta)
def _unknown_encoding(pq, rng, target):
    g, c = target
    n = len(_meta(pq.metadata, g, c).encodings)
    at = rng.randint(0, n)

    def edit(md, t):
        _meta(md, g, c).encodings.insert(at, rng.randint(10, 1000))
    return _edit(pq, edit,
                 _meta_path(g, c, f"encodings[{at}]"))


@operator("metadata.encodings-empty", "encodings_empty",
          "A chunk's encodings list is empty.", _with_meta)
def _encodings_empty(pq, rng, target):
    return _set_meta(pq, target, "encodings", lambda meta, t: [])


def _column_orders(pq):
    return [None] if pq.metadata.column_orders else []


@operator("metadata.column-orders-count", "column_orders_count_off",
          "column_orders loses one entry or gains a TYPE_ORDER entry.",
          _column_orders)
def _orders_count(pq, rng, _):
    def edit(md, t):
        if rng.randrange(2):
            md.column_orders.pop(rng.randrange(len(md.column_orders)))
        else:
            md.column_orders.append(
                t.ColumnOrder(TYPE_ORDER=t.TypeDefinedOrder()))
    return _edit(pq, edit, "column_orders")


def _non_float_orders(pq):
    leaves, _ = _schema(pq)
    if not pq.metadata.column_orders:
        return []
    return [l.column for l in leaves
            if l.physical not in ("FLOAT", "DOUBLE") and
            not _logical(pq, l, "FLOAT16")]


@operator("metadata.column-order-type", "ieee754_order_on_non_float",
          "A leaf that is not FLOAT, DOUBLE or FLOAT16 gets the column "
          "order IEEE_754_TOTAL_ORDER.", _non_float_orders)
def _order_type(pq, rng, col):
    def edit(md, t):
        md.column_orders[col] = t.ColumnOrder(
            IEEE_754_TOTAL_ORDER=t.IEEE754TotalOrder())
    return _edit(pq, edit,
                 f"column_orders[{col}]")


def _has_bounds(pq):
    bounded = any(m.statistics and m.statistics.min_value is not None
                  for m in (_meta(pq.metadata, g, c)
                            for g, c in _with_meta(pq)))
    return [None] if bounded and pq.metadata.column_orders else []


@operator("metadata.column-orders-missing", "column_orders_dropped",
          "FileMetaData has no column_orders although statistics have "
          "min_value/max_value.", _has_bounds)
def _orders_missing(pq, rng, _):
    def edit(md, t):
        md.column_orders = None
    # The absent field has no bytes: the span is the whole FileMetaData.
    return _edit(pq, edit,
                 lambda new: Span(new.footer_offset, new.footer_length))


def _ordinals(pq):
    return [g for g, rg in enumerate(pq.metadata.row_groups)
            if rg.ordinal is not None]


@operator("metadata.row-group-ordinal", "ordinal_not_index",
          "A row group's ordinal is not its index.", _ordinals)
def _ordinal(pq, rng, g):
    def edit(md, t):
        md.row_groups[g].ordinal = _other(rng, g, range(max(g + 5, 8)))
    return _edit(pq, edit,
                 f"row_groups[{g}].ordinal")


@operator("metadata.sorting-column-out-of-range", "sorting_column_past_leaves",
          "A row group declares a sorting column past the last leaf, or "
          "negative.", _row_groups)
def _sorting(pq, rng, g):
    leaves = len(_schema(pq)[0])
    idx = rng.choice((rng.randint(leaves, leaves + 99), -rng.randint(1, 9)))

    def edit(md, t):
        md.row_groups[g].sorting_columns = [t.SortingColumn(
            column_idx=idx, descending=False, nulls_first=True)]
    return _edit(pq, edit,
                 f"row_groups[{g}].sorting_columns[0].column_idx")


def _file_offsets(pq):
    return [g for g, rg in enumerate(pq.metadata.row_groups)
            if rg.file_offset is not None and rg.columns]


@operator("metadata.row-group-file-offset", "row_group_file_offset_off",
          "A row group's file_offset is 1 to 3 bytes off its first chunk.",
          _file_offsets)
def _rg_file_offset(pq, rng, g):
    def edit(md, t):
        md.row_groups[g].file_offset += _delta(rng)
    return _edit(pq, edit,
                 f"row_groups[{g}].file_offset")


def _compressed_sizes(pq):
    return [g for g, rg in enumerate(pq.metadata.row_groups)
            if rg.total_compressed_size is not None]


@operator("metadata.row-group-compressed-size", "row_group_size_off",
          "A row group's total_compressed_size is 1 to 3 off its chunks'.",
          _compressed_sizes)
def _rg_size(pq, rng, g):
    def edit(md, t):
        rg = md.row_groups[g]
        rg.total_compressed_size = max(0, rg.total_compressed_size +
                                       _delta(rng)) or 1
    return _edit(pq, edit,
                 f"row_groups[{g}].total_compressed_size")


@operator("metadata.index-page-offset", "index_page_offset_set",
          "A chunk has an index_page_offset (at its data page).", _with_meta)
def _index_page(pq, rng, target):
    return _set_meta(pq, target, "index_page_offset",
                     lambda meta, t: meta.data_page_offset)


def _index_fields(pq, kinds=("column_index", "offset_index")):
    """(g, c, kind) of the page indexes and bloom filters present."""
    out = []
    for g, c in _chunks(pq):
        for kind in kinds:
            if (g, c, kind) in pq.regions:
                out.append((g, c, kind))
    return out


def _index_path(g, c, kind, what):
    if kind == "bloom_filter":
        return _meta_path(g, c, f"bloom_filter_{what}")
    return f"row_groups[{g}].columns[{c}].{kind}_{what}"


@operator("metadata.index-offset-without-length", "index_length_dropped",
          "A chunk's column_index_length or offset_index_length is left "
          "out while its offset stays.", _index_fields)
def _index_no_length(pq, rng, target):
    g, c, kind = target

    def edit(md, t):
        setattr(md.row_groups[g].columns[c], f"{kind}_length", None)
    return _edit(pq, edit,
                 _index_path(g, c, kind, "offset"))


@operator("metadata.index-out-of-bounds", "index_runs_into_footer",
          "A chunk's column index, offset index or bloom filter length "
          "reaches 1 to 64 bytes into the footer.",
          lambda pq: _index_fields(pq, ("column_index", "offset_index",
                                        "bloom_filter")))
def _index_oob(pq, rng, target):
    g, c, kind = target
    region = pq.regions[target][0]
    length = pq.footer_offset - region.offset + rng.randint(1, 64)

    def edit(md, t):
        path = _index_path(g, c, kind, "length")
        head, name = _parent(path)
        setattr(_resolve(md, head), name, length)

    def span(new):
        return new.spans[_index_path(g, c, kind, "offset")].value.join(
            new.spans[_index_path(g, c, kind, "length")].value)
    return _edit(pq, edit, span)


def _both_indexes(pq):
    return [(g, c) for g, c in _chunks(pq)
            if (g, c, "column_index") in pq.regions and
            (g, c, "offset_index") in pq.regions]


@operator("metadata.column-index-without-offset-index",
          "offset_index_dropped",
          "A chunk keeps its ColumnIndex but loses offset_index_offset and "
          "offset_index_length.", _both_indexes)
def _column_without_offset(pq, rng, target):
    g, c = target

    def edit(md, t):
        cc = md.row_groups[g].columns[c]
        cc.offset_index_offset = cc.offset_index_length = None
    return _edit(pq, edit,
                 f"row_groups[{g}].columns[{c}].column_index_offset")


# ---- schema -----------------------------------------------------------------

def _schema_path(i, name=None):
    return f"schema[{i}].{name}" if name else f"schema[{i}]"


def _groups_with(pq, n):
    """Groups (the root as 0) with at least n children."""
    return sorted(i for i, (_, children, _) in _schema(pq)[1].items()
                  if len(children) >= n)


@operator("schema.orphaned-elements", "num_children_short",
          "A group (the root included) with two or more children declares "
          "1 to 3 fewer, so elements at the end are never reached.",
          lambda pq: _groups_with(pq, 2))
def _orphans(pq, rng, i):
    # The subtrees a group no longer claims fall to its ancestors, so the
    # root's last subtrees are never reached.
    less = rng.randint(1, min(3, pq.metadata.schema[i].num_children - 1))

    def edit(md, t):
        md.schema[i].num_children -= less

    def span(new):
        last = len(new.metadata.schema) - 1
        return new.spans[_schema_path(i, "num_children")].value.join(
            new.spans[_schema_path(last)].value)
    return _edit(pq, edit, span)


@operator("schema.num-children-exceeds-elements", "num_children_too_many",
          "A group's num_children exceeds the elements that follow it.",
          lambda pq: _groups_with(pq, 1))
def _children_exceed(pq, rng, i):
    def edit(md, t):
        md.schema[i].num_children = len(md.schema) + rng.randrange(1000)
    return _edit(pq, edit,
                 _schema_path(i, "num_children"))


@operator("schema.negative-num-children", "num_children_negative",
          "A group's num_children is negative.",
          lambda pq: _groups_with(pq, 1))
def _negative_children(pq, rng, i):
    def edit(md, t):
        md.schema[i].num_children = -rng.randint(1, 100)
    return _edit(pq, edit,
                 _schema_path(i, "num_children"))


def _elements(pq):
    return list(range(1, len(pq.metadata.schema)))


@operator("schema.missing-repetition", "repetition_left_out",
          "A non-root element has no repetition_type.", _elements)
def _missing_repetition(pq, rng, i):
    def edit(md, t):
        md.schema[i].repetition_type = None
    return _edit(pq, edit, _schema_path(i))


@operator("schema.invalid-repetition", "repetition_undefined",
          "A non-root element's repetition_type is a value "
          "FieldRepetitionType does not define.", _elements)
def _invalid_repetition(pq, rng, i):
    def edit(md, t):
        md.schema[i].repetition_type = rng.choice((rng.randint(3, 1000),
                                                   -rng.randint(1, 9)))
    return _edit(pq, edit,
                 _schema_path(i, "repetition_type"))


@operator("schema.root-repetition", "root_with_repetition",
          "The root is OPTIONAL or REPEATED (REQUIRED is "
          "schema.root-required, an info).", _always)
def _root_repetition(pq, rng, _):
    def edit(md, t):
        md.schema[0].repetition_type = 1 + rng.randrange(2)
    return _edit(pq, edit,
                 "schema[0].repetition_type")


def _leaves_where(pred):
    def targets(pq):
        return [l for l in _schema(pq)[0] if pred(pq, l)]
    return targets


@operator("schema.flba-type-length", "flba_type_length_not_positive",
          "A FIXED_LEN_BYTE_ARRAY leaf's type_length is 0 or negative.",
          _leaves_where(lambda pq, l: l.physical == "FIXED_LEN_BYTE_ARRAY"))
def _flba_length(pq, rng, leaf):
    def edit(md, t):
        md.schema[leaf.element].type_length = -rng.randrange(5)
    return _edit(pq, edit,
                 _schema_path(leaf.element, "type_length"))


def _rename(i, name, depth, columns):
    """An edit renaming schema element i, and name `depth` of the
    path_in_schema of its columns."""
    def edit(md, t):
        md.schema[i].name = name
        for rg in md.row_groups:
            for c in columns:
                meta = rg.columns[c].meta_data
                if meta:
                    meta.path_in_schema[depth] = name
    return edit


@operator("schema.empty-name", "element_name_empty",
          "A non-root element is renamed \"\" (path_in_schema follows).",
          _elements)
def _empty_name(pq, rng, i):
    depth, _, columns = _schema(pq)[1][i]
    return _edit(pq, _rename(i, "", depth, columns),
                 _schema_path(i, "name"))


def _sibling_pairs(pq):
    elements = _schema(pq)[1]
    return [(a, b) for g in _groups_with(pq, 2)
            for a in elements[g][1] for b in elements[g][1]
            if a < b and pq.metadata.schema[a].name !=
            pq.metadata.schema[b].name]


@operator("schema.duplicate-sibling-name", "sibling_renamed_alike",
          "An element takes the name of an earlier sibling (path_in_schema "
          "follows); colcheck reports the later one.", _sibling_pairs)
def _duplicate_name(pq, rng, pair):
    keep, renamed = pair
    depth, _, columns = _schema(pq)[1][renamed]
    name = pq.metadata.schema[keep].name
    return _edit(pq,
                 _rename(renamed, name, depth, columns),
                 _schema_path(renamed, "name"))


@operator("schema.group-with-type", "group_with_physical_type",
          "A group, the root included, also has a physical type.",
          lambda pq: [0] + _groups(pq))
def _group_with_type(pq, rng, i):
    def edit(md, t):
        md.schema[i].type = getattr(t.Type, rng.choice(_PHYSICAL))
    return _edit(pq, edit, _schema_path(i, "type"))


@operator("schema.empty-group", "group_without_children_added",
          "An OPTIONAL group with num_children 0 is added as the root's "
          "last child.", _always)
def _empty_group(pq, rng, _):
    def edit(md, t):
        md.schema[0].num_children += 1
        md.schema.append(t.SchemaElement(
            name=f"empty{rng.randrange(100)}",
            repetition_type=t.FieldRepetitionType.OPTIONAL, num_children=0))
    return _edit(pq, edit,
                 lambda new: new.spans[_schema_path(
                     len(new.metadata.schema) - 1, "num_children")].value)


def _sibling_pairs(pq):
    _, elements = _schema(pq)
    # Children are listed in schema order, so a < b.
    return [(a, b) for _, children, _ in elements.values()
            for k, a in enumerate(children) for b in children[k + 1:]]


# Only siblings: field ids repeat legally across parents (protobuf numbers
# each message's fields on its own).
@operator("schema.duplicate-field-id", "field_id_shared",
          "Two sibling elements get the same field_id.", _sibling_pairs)
def _duplicate_field_id(pq, rng, pair):
    a, b = pair
    fid = rng.randint(0, 1000)

    def edit(md, t):
        md.schema[a].field_id = md.schema[b].field_id = fid
    return _edit(pq, edit,
                 _schema_path(b, "field_id"))


def _all_leaves(pq):
    return _schema(pq)[0]


@operator("schema.unknown-converted-type", "converted_type_undefined",
          "A leaf's converted_type is a value ConvertedType does not "
          "define.", _all_leaves)
def _unknown_converted(pq, rng, leaf):
    def edit(md, t):
        md.schema[leaf.element].converted_type = rng.randint(50, 1000)
    return _edit(pq, edit,
                 _schema_path(leaf.element, "converted_type"))


@operator("schema.leaf-without-type", "leaf_type_left_out",
          "A leaf has no physical type.", _all_leaves)
def _leaf_without_type(pq, rng, leaf):
    def edit(md, t):
        md.schema[leaf.element].type = None
    return _edit(pq, edit,
                 _schema_path(leaf.element))


# ---- logical and converted types --------------------------------------------

# A LogicalType each physical type cannot carry (LogicalTypes.md).
_INCOMPATIBLE = {
    "BOOLEAN": ("STRING", "DATE", "DECIMAL_INT", "UUID"),
    "INT32": ("STRING", "TIMESTAMP", "UUID", "JSON"),
    "INT64": ("STRING", "DATE", "UUID", "ENUM"),
    "INT96": ("STRING", "DATE", "UUID"),
    "FLOAT": ("STRING", "DATE", "TIMESTAMP", "DECIMAL_INT"),
    "DOUBLE": ("STRING", "DATE", "TIMESTAMP", "DECIMAL_INT"),
    "BYTE_ARRAY": ("DATE", "TIMESTAMP", "UUID", "DECIMAL_INT"),
    "FIXED_LEN_BYTE_ARRAY": ("STRING", "DATE", "TIMESTAMP", "JSON"),
}


def _logical_type(t, name):
    if name == "DECIMAL_INT":
        return t.LogicalType(INTEGER=t.IntType(bitWidth=32, isSigned=True))
    if name == "TIMESTAMP":
        return t.LogicalType(TIMESTAMP=t.TimestampType(
            isAdjustedToUTC=True, unit=t.TimeUnit(MILLIS=t.MilliSeconds())))
    member = {"STRING": "StringType", "DATE": "DateType", "UUID": "UUIDType",
              "JSON": "JsonType", "ENUM": "EnumType"}[name]
    return t.LogicalType(**{name: getattr(t, member)()})


@operator("logical.incompatible-physical-type", "logical_on_wrong_physical",
          "A leaf gets a LogicalType its physical type cannot carry (its "
          "ConvertedType is dropped).", _all_leaves)
def _logical_incompatible(pq, rng, leaf):
    name = rng.choice(_INCOMPATIBLE[leaf.physical])

    def edit(md, t):
        e = md.schema[leaf.element]
        e.logicalType = _logical_type(t, name)
        e.converted_type = e.scale = e.precision = None
    return _edit(pq, edit,
                 _schema_path(leaf.element, "logicalType"))


# A ConvertedType each physical type cannot carry.
_CONVERTED_INCOMPATIBLE = {
    "BOOLEAN": ("UTF8", "DATE", "INT_64", "JSON"),
    "INT32": ("UTF8", "INT_64", "TIMESTAMP_MILLIS", "JSON", "INTERVAL"),
    "INT64": ("UTF8", "DATE", "INT_8", "TIME_MILLIS", "ENUM"),
    "INT96": ("UTF8", "DATE", "INT_32"),
    "FLOAT": ("UTF8", "DATE", "INT_32", "TIMESTAMP_MICROS"),
    "DOUBLE": ("UTF8", "DATE", "INT_64", "TIME_MICROS"),
    "BYTE_ARRAY": ("DATE", "INT_32", "TIMESTAMP_MILLIS", "UINT_8"),
    "FIXED_LEN_BYTE_ARRAY": ("UTF8", "DATE", "INT_64", "BSON"),
}


@operator("converted.incompatible-physical-type",
          "converted_on_wrong_physical",
          "A leaf gets a ConvertedType its physical type cannot carry (its "
          "LogicalType is dropped).", _all_leaves)
def _converted_incompatible(pq, rng, leaf):
    name = rng.choice(_CONVERTED_INCOMPATIBLE[leaf.physical])

    def edit(md, t):
        e = md.schema[leaf.element]
        e.converted_type = getattr(t.ConvertedType, name)
        e.logicalType = e.scale = e.precision = None
    return _edit(pq, edit,
                 _schema_path(leaf.element, "converted_type"))


# ConvertedTypes by the physical type they fit and the LogicalType member
# they correspond to (LogicalTypes.md "Compatibility").
_CONVERTED_FITS = {
    "INT32": {"DATE": "DATE", "TIME_MILLIS": "TIME", "INT_8": "INTEGER",
              "UINT_16": "INTEGER", "INT_32": "INTEGER"},
    "INT64": {"TIMESTAMP_MILLIS": "TIMESTAMP", "TIME_MICROS": "TIME",
              "INT_64": "INTEGER", "UINT_64": "INTEGER"},
    "BYTE_ARRAY": {"UTF8": "STRING", "ENUM": "ENUM", "JSON": "JSON",
                   "BSON": "BSON"},
}


def _annotated(pq):
    return [l for l in _schema(pq)[0]
            if _element(pq, l).logicalType and l.physical in _CONVERTED_FITS]


def _member(lt):
    return next(spec[2] for spec in lt.thrift_spec
                if spec and getattr(lt, spec[2]) is not None)


@operator("logical.converted-type-mismatch", "converted_disagrees",
          "A leaf with a LogicalType gets a ConvertedType that fits its "
          "physical type but corresponds to another LogicalType.",
          _annotated)
def _logical_converted(pq, rng, leaf):
    own = _member(_element(pq, leaf).logicalType)
    choices = sorted(name for name, member in
                     _CONVERTED_FITS[leaf.physical].items() if member != own)
    name = rng.choice(choices)

    def edit(md, t):
        md.schema[leaf.element].converted_type = getattr(t.ConvertedType,
                                                         name)
    return _edit(pq, edit,
                 _schema_path(leaf.element, "converted_type"))


@operator("logical.invalid-length", "fixed_logical_wrong_length",
          "A FIXED_LEN_BYTE_ARRAY leaf whose length is not 16 gets UUID, or "
          "one whose length is not 2 gets FLOAT16.",
          _leaves_where(lambda pq, l: l.physical == "FIXED_LEN_BYTE_ARRAY"))
def _invalid_length(pq, rng, leaf):
    n = _element(pq, leaf).type_length
    choices = [x for x, size in (("UUID", 16), ("FLOAT16", 2)) if n != size]

    def edit(md, t):
        e = md.schema[leaf.element]
        name = rng.choice(choices)
        e.logicalType = t.LogicalType(**{name: getattr(
            t, "UUIDType" if name == "UUID" else "Float16Type")()})
        e.converted_type = e.scale = e.precision = None
    return _edit(pq, edit,
                 _schema_path(leaf.element, "logicalType"))


@operator("integer.invalid-bit-width", "int_bit_width_undefined",
          "An INTEGER leaf's bitWidth is not 8, 16, 32 or 64.",
          _leaves_where(lambda pq, l: _logical(pq, l, "INTEGER")))
def _bit_width(pq, rng, leaf):
    width = _other(rng, 8, [w for w in range(0, 128)
                            if w not in (8, 16, 32, 64)])

    def edit(md, t):
        md.schema[leaf.element].logicalType.INTEGER.bitWidth = width
    return _edit(pq, edit,
                 _schema_path(leaf.element, "logicalType.INTEGER.bitWidth"))


def _decimals(pq):
    return [l for l in _schema(pq)[0] if _logical(pq, l, "DECIMAL")]


def _set_decimal(pq, leaf, path, precision=None, scale=None):
    """Sets precision and/or scale in the DecimalType and the
    SchemaElement."""
    def edit(md, t):
        e = md.schema[leaf.element]
        if precision is not None:
            e.logicalType.DECIMAL.precision = e.precision = precision
        if scale is not None:
            e.logicalType.DECIMAL.scale = e.scale = scale
    return _edit(pq, edit, _schema_path(leaf.element, path))


@operator("decimal.precision-not-positive", "decimal_precision_not_positive",
          "A DECIMAL leaf gets precision 0 or negative, and scale 0, in the "
          "DecimalType and the SchemaElement.", _decimals)
def _precision_zero(pq, rng, leaf):
    return _set_decimal(pq, leaf,
                        "logicalType.DECIMAL.precision",
                        precision=-rng.randrange(4), scale=0)


@operator("decimal.scale-out-of-range", "decimal_scale_out_of_range",
          "A DECIMAL leaf's scale is above its precision or negative (both "
          "places).", _decimals)
def _scale_range(pq, rng, leaf):
    precision = _logical(pq, leaf, "DECIMAL").precision
    scale = rng.choice((precision + rng.randint(1, 5), -rng.randint(1, 5)))
    return _set_decimal(pq, leaf,
                        "logicalType.DECIMAL.scale", scale=scale)


def _max_precision(pq, leaf):
    """The largest precision the leaf's physical type holds, or None."""
    if leaf.physical == "INT32":
        return 9
    if leaf.physical == "INT64":
        return 18
    if leaf.physical == "FIXED_LEN_BYTE_ARRAY":
        return writer.FLBA_MAX_PRECISION[_element(pq, leaf).type_length - 1]
    return None


@operator("decimal.precision-exceeds-physical", "decimal_precision_too_large",
          "An INT32, INT64 or FIXED_LEN_BYTE_ARRAY DECIMAL leaf's precision "
          "is 1 to 10 above what its type holds (both places).",
          _leaves_where(lambda pq, l: _logical(pq, l, "DECIMAL") and
                        _max_precision(pq, l)))
def _precision_physical(pq, rng, leaf):
    return _set_decimal(pq, leaf,
                        "logicalType.DECIMAL.precision",
                        precision=_max_precision(pq, leaf) +
                        rng.randint(1, 10))


@operator("decimal.schema-mismatch", "decimal_element_differs",
          "SchemaElement.precision or .scale of a DECIMAL leaf differs from "
          "its DecimalType.",
          _leaves_where(lambda pq, l: _logical(pq, l, "DECIMAL") and
                        _element(pq, l).precision is not None))
def _decimal_schema(pq, rng, leaf):
    name = rng.choice(("precision", "scale"))
    old = getattr(_element(pq, leaf), name)
    new = old - 1 if old > 1 else old + 1

    def edit(md, t):
        setattr(md.schema[leaf.element], name, new)
    return _edit(pq, edit,
                 _schema_path(leaf.element, name))


@operator("decimal.int64-low-precision", "int64_decimal_precision_below_10",
          "An INT64 DECIMAL leaf's precision is 1 to 9, which INT32 would "
          "hold (both places; the scale stays within it).",
          _leaves_where(lambda pq, l: l.physical == "INT64" and
                        _logical(pq, l, "DECIMAL")))
def _int64_low(pq, rng, leaf):
    precision = rng.randint(1, 9)
    scale = min(_logical(pq, leaf, "DECIMAL").scale, precision)
    return _set_decimal(pq, leaf,
                        "logicalType.DECIMAL.precision", precision=precision,
                        scale=scale)


# ---- stats: chunk statistics ------------------------------------------------

def _stats_path(g, c, name):
    return _meta_path(g, c, f"statistics.{name}")


def _stats(md, g, c):
    return _meta(md, g, c).statistics


def _with_stats(pred=lambda pq, leaf, s, meta: True):
    def targets(pq):
        leaves, _ = _schema(pq)
        return [(g, c) for g, c in _with_meta(pq)
                if _stats(pq.metadata, g, c) and
                pred(pq, leaves[c], _stats(pq.metadata, g, c),
                     _meta(pq.metadata, g, c))]
    return targets


def _distinct(leaf, a, b):
    """Whether two PLAIN statistics values differ under the leaf's order
    (-0.0 and +0.0 do not)."""
    fmt = {"FLOAT": "<f", "DOUBLE": "<d"}.get(leaf.physical)
    if leaf.physical == "FIXED_LEN_BYTE_ARRAY" and len(a) == len(b) == 2:
        fmt = "<e"  # FLOAT16 (the only 2-byte order that is not bytes).
    if fmt:
        return struct.unpack(fmt, a)[0] != struct.unpack(fmt, b)[0]
    return a != b


def _spread(pq, leaf, s, meta):
    return (s.min_value is not None and s.max_value is not None and
            _distinct(leaf, s.min_value, s.max_value))


def _data_spread(pq):
    """Chunks whose bounds differ."""
    return _with_stats(_spread)(pq)


def _stats_edit(pq, target, name, fn, path=None):
    g, c = target

    def edit(md, t):
        s = _stats(md, g, c)
        setattr(s, name, fn(s, _meta(md, g, c)))
    return _edit(pq, edit, _stats_path(g, c, path or name))


@operator("stats.min-greater-than-max", "chunk_min_max_swapped",
          "A chunk's min_value and max_value (which differ) are swapped.",
          _with_stats(_spread))
def _min_gt_max(pq, rng, target):
    g, c = target

    def edit(md, t):
        s = _stats(md, g, c)
        s.min_value, s.max_value = s.max_value, s.min_value
    return _edit(pq, edit,
                 _stats_path(g, c, "min_value"))


def _fixed_bounds(pq, leaf, s, meta):
    return s.min_value is not None and _width(pq, leaf) is not None


@operator("stats.value-length", "chunk_bound_wrong_width",
          "A fixed-width chunk's min_value or max_value is one byte short "
          "or long.", _with_stats(_fixed_bounds))
def _value_length(pq, rng, target):
    name = rng.choice(("min_value", "max_value"))

    def fn(s, meta):
        v = getattr(s, name)
        return v[:-1] if len(v) > 1 and rng.randrange(2) else v + b"\x00"
    return _stats_edit(pq, target, name, fn)


def _has(name):
    return _with_stats(lambda pq, leaf, s, meta: getattr(s, name) is not None)


@operator("stats.null-count-exceeds-values", "chunk_null_count_too_large",
          "A chunk's null_count is above its num_values.", _has("null_count"))
def _null_count(pq, rng, target):
    return _stats_edit(pq, target,
                       "null_count",
                       lambda s, meta: meta.num_values + rng.randint(1, 5))


@operator("stats.distinct-count-exceeds-values",
          "chunk_distinct_count_too_large",
          "A chunk's distinct_count is above its num_values.",
          _with_stats())
def _distinct_count(pq, rng, target):
    return _stats_edit(pq, target,
                       "distinct_count",
                       lambda s, meta: meta.num_values + rng.randint(1, 5))


_INT_FORMAT = {"INT32": "<i", "INT64": "<q"}


def _int_spread(pq, leaf, s, meta):
    return leaf.physical in ("INT32", "INT64") and _spread(pq, leaf, s, meta)


@operator("stats.deprecated-min-greater-than-max", "deprecated_min_above_max",
          "The deprecated min and max of an INT32 or INT64 chunk are its "
          "two bounds, the larger as signed integers in min.",
          _with_stats(_int_spread))
def _deprecated(pq, rng, target):
    g, c = target
    fmt = _INT_FORMAT[_schema(pq)[0][c].physical]

    def edit(md, t):
        s = _stats(md, g, c)
        # The deprecated fields compare signed, whatever the column's order.
        s.max, s.min = sorted((s.min_value, s.max_value),
                              key=lambda v: struct.unpack(fmt, v)[0])
    return _edit(pq, edit,
                 _stats_path(g, c, "min"))


def _is_float(pq, leaf):
    return leaf.physical in ("FLOAT", "DOUBLE")


@operator("stats.nan-bound", "chunk_bound_nan",
          "A FLOAT or DOUBLE chunk's min_value or max_value is NaN.",
          _with_stats(lambda pq, l, s, m: _is_float(pq, l) and
                      s.min_value is not None))
def _nan_bound(pq, rng, target):
    leaves, _ = _schema(pq)
    fmt = "<f" if leaves[target[1]].physical == "FLOAT" else "<d"
    return _stats_edit(pq, target,
                       rng.choice(("min_value", "max_value")),
                       lambda s, meta: struct.pack(fmt, math.nan))


@operator("stats.nan-count-on-non-float", "nan_count_on_non_float",
          "A chunk that is not FLOAT or DOUBLE has a nan_count.",
          _with_stats(lambda pq, l, s, m: not _is_float(pq, l) and
                      not _logical(pq, l, "FLOAT16")))
def _nan_count(pq, rng, target):
    return _stats_edit(pq, target,
                       "nan_count",
                       lambda s, meta: rng.randint(0, meta.num_values))


@operator("stats.nan-count-exceeds-values", "nan_count_too_large",
          "A FLOAT or DOUBLE chunk's nan_count is above its num_values.",
          _with_stats(lambda pq, l, s, m: _is_float(pq, l)))
def _nan_exceeds(pq, rng, target):
    return _stats_edit(pq, target,
                       "nan_count",
                       lambda s, meta: meta.num_values + rng.randint(1, 5))


def _nan_room(pq, leaf, s, meta):
    return (_is_float(pq, leaf) and s.nan_count is not None and
            s.null_count is not None and
            s.nan_count < meta.num_values - s.null_count)


@operator("stats.nan-count-mismatch", "nan_count_above_nans",
          "A FLOAT or DOUBLE chunk's nan_count counts NaNs it does not "
          "hold (still within its non-null values).", _with_stats(_nan_room))
def _nan_mismatch(pq, rng, target):
    def fn(s, meta):
        return s.nan_count + rng.randint(
            1, meta.num_values - s.null_count - s.nan_count)
    return _stats_edit(pq, target, "nan_count",
                       fn)


@operator("stats.value-below-min", "chunk_min_raised_to_max",
          "A chunk's min_value is raised to its max_value, above its "
          "smallest value.", _data_spread)
def _below_min(pq, rng, target):
    return _stats_edit(pq, target, "min_value",
                       lambda s, meta: s.max_value)


@operator("stats.value-above-max", "chunk_max_lowered_to_min",
          "A chunk's max_value is lowered to its min_value, below its "
          "largest value.", _data_spread)
def _above_max(pq, rng, target):
    return _stats_edit(pq, target, "max_value",
                       lambda s, meta: s.min_value)


# Under a REPEATED field writers disagree on whether an empty or null list
# counts as a null, and colcheck accepts both counts, so the operators that
# move a null count by one keep to columns without repetition.
@operator("stats.null-count-mismatch", "chunk_null_count_off",
          "A chunk's null_count is 1 off the nulls its definition levels "
          "hold (within num_values; columns without repetition).",
          _with_stats(lambda pq, leaf, s, meta: s.null_count is not None and
                      meta.num_values > 0 and not leaf.max_rep))
def _null_count_mismatch(pq, rng, target):
    def fn(s, meta):
        choices = [n for n in (s.null_count - 1, s.null_count + 1)
                   if 0 <= n <= meta.num_values]
        return rng.choice(choices)
    return _stats_edit(pq, target, "null_count",
                       fn)


def _all_null(pq, leaf, s, meta):
    # Bounds on a type without an order are reported first:
    # stats.int96-bounds (INT96) or stats.undefined-order (INTERVAL).
    return (s.min_value is None and s.null_count == meta.num_values and
            leaf.physical not in ("BOOLEAN", "INT96") and
            _element(pq, leaf).converted_type !=
            pq.ttypes.ConvertedType.INTERVAL)


@operator("stats.bounds-without-values", "all_null_chunk_with_bounds",
          "An all-null chunk gets min_value = max_value (zero bytes of its "
          "width).", _with_stats(_all_null))
def _bounds_without_values(pq, rng, target):
    g, c = target
    leaves, _ = _schema(pq)
    zero = bytes(_width(pq, leaves[c]) or 0)

    def edit(md, t):
        s = _stats(md, g, c)
        s.min_value = s.max_value = zero
    return _edit(pq, edit,
                 _stats_path(g, c, "min_value"))


def _order_format(pq, leaf):
    """The struct format that orders an INT32 or INT64 leaf's values:
    unsigned for unsigned INTEGER annotations."""
    fmt = _INT_FORMAT[leaf.physical]
    lt = _logical(pq, leaf, "INTEGER")
    unsigned = (lt is not None and not lt.isSigned) or \
        _element(pq, leaf).converted_type in (
            pq.ttypes.ConvertedType.UINT_8, pq.ttypes.ConvertedType.UINT_16,
            pq.ttypes.ConvertedType.UINT_32, pq.ttypes.ConvertedType.UINT_64)
    return fmt.upper() if unsigned else fmt


def _bottom(fmt):
    return 0 if fmt.isupper() else -(1 << (8 * struct.calcsize(fmt) - 1))


def _lowerable(pq, leaf, s, meta):
    if leaf.physical not in _INT_FORMAT or s.min_value is None:
        return False
    fmt = _order_format(pq, leaf)
    return struct.unpack(fmt, s.min_value)[0] > _bottom(fmt)


@operator("stats.bound-not-attained", "exact_min_not_attained",
          "An INT32 or INT64 chunk's min_value is lowered by 1 to 3 and "
          "marked exact.", _with_stats(_lowerable))
def _bound_not_attained(pq, rng, target):
    g, c = target
    fmt = _order_format(pq, _schema(pq)[0][c])

    def edit(md, t):
        s = _stats(md, g, c)
        low = struct.unpack(fmt, s.min_value)[0]
        s.min_value = struct.pack(fmt, max(_bottom(fmt),
                                           low - rng.randint(1, 3)))
        s.is_min_value_exact = True
    return _edit(pq, edit,
                 _stats_path(g, c, "min_value"))


# ---- pages: headers and the page walk ---------------------------------------

def _where(pred):
    """Page targets (g, c, k) for which pred(pq, leaf, page) holds."""
    return lambda pq: _pages(pq, pred)


def _last_pages(pq):
    return [(g, c, len(_chunk(pq.model, g, c).pages) - 1)
            for g, c in _chunks(pq)]


@operator("page.out-of-chunk", "last_page_past_chunk_end",
          "The last page of a chunk declares a compressed_page_size 1 to 16 "
          "bytes larger than its body.", _last_pages)
def _out_of_chunk(pq, rng, target):
    g, c, k = target
    return _page_edit(pq,
                      _header_edit(g, c, k, "compressed_page_size",
                                   lambda n: n + rng.randint(1, 16)),
                      _field(g, c, k, "compressed_page_size"))


@operator("page.negative-size", "page_size_negative",
          "A page declares a negative uncompressed_page_size.",
          _where(lambda pq, leaf, page: True))
def _negative_size(pq, rng, target):
    g, c, k = target
    return _page_edit(pq,
                      _header_edit(g, c, k, "uncompressed_page_size",
                                   lambda n: -rng.randint(1, 1 << 20)),
                      _field(g, c, k, "uncompressed_page_size"))


_TYPE_HEADERS = ("data_page_header", "index_page_header",
                 "dictionary_page_header", "data_page_header_v2")


def _own_header(pq, page):
    return {pq.ttypes.PageType.DATA_PAGE: "data_page_header",
            pq.ttypes.PageType.INDEX_PAGE: "index_page_header",
            pq.ttypes.PageType.DICTIONARY_PAGE: "dictionary_page_header",
            pq.ttypes.PageType.DATA_PAGE_V2: "data_page_header_v2"}.get(
                page.header.type)


def _typed(pq, leaf, page):
    name = _own_header(pq, page)
    return name is not None and getattr(page.header, name) is not None


@operator("page.missing-type-header", "page_type_header_left_out",
          "A data or dictionary page has no header for its type (the chunk "
          "follows: a data page without it counts no values).",
          _where(_typed))
def _missing_type_header(pq, rng, target):
    g, c, k = target
    name = _own_header(pq, _page(pq.model, g, c, k))
    return _page_edit(pq,
                      _header_edit(g, c, k, name, lambda h: None),
                      _field(g, c, k, "type", "whole"))


@operator("page.extra-type-header", "page_second_type_header",
          "A page also carries the header of another page type.",
          _where(_typed))
def _extra_type_header(pq, rng, target):
    g, c, k = target
    own = _own_header(pq, _page(pq.model, g, c, k))
    name = _other(rng, own, _TYPE_HEADERS)

    def make(t):
        return {"data_page_header": lambda: t.DataPageHeader(
                    num_values=0, encoding=0, definition_level_encoding=3,
                    repetition_level_encoding=3),
                "index_page_header": t.IndexPageHeader,
                "dictionary_page_header": lambda: t.DictionaryPageHeader(
                    num_values=0, encoding=t.Encoding.PLAIN),
                "data_page_header_v2": lambda: t.DataPageHeaderV2(
                    num_values=0, num_nulls=0, num_rows=0, encoding=0,
                    definition_levels_byte_length=0,
                    repetition_levels_byte_length=0)}[name]()

    def edit(model, t):
        setattr(_page(model, g, c, k).header, name, make(t))
    return _page_edit(pq, edit,
                      _field(g, c, k, name, "whole"))


def _counts_of(pq, page):
    """The header paths of a page's counts."""
    if _is_v1(pq, page):
        return ["data_page_header.num_values"]
    if _is_v2(pq, page):
        return [f"data_page_header_v2.{n}"
                for n in ("num_values", "num_nulls", "num_rows")]
    if _is_dictionary(pq, page):
        return ["dictionary_page_header.num_values"]
    return []


@operator("page.negative-count", "page_count_negative",
          "num_values, num_nulls or num_rows of a page header is negative.",
          _where(lambda pq, leaf, page: _counts_of(pq, page)))
def _negative_count(pq, rng, target):
    g, c, k = target
    path = rng.choice(_counts_of(pq, _page(pq.model, g, c, k)))
    return _page_edit(pq,
                      _header_edit(g, c, k, path,
                                   lambda n: -rng.randint(1, 1000)),
                      _field(g, c, k, path))


@operator("page.chunk-compressed-size", "bytes_after_last_page",
          "1 to 16 bytes follow the last page of a chunk inside it "
          "(total_compressed_size counts them).",
          lambda pq: _chunks(pq))
def _bytes_after_pages(pq, rng, target):
    g, c = target
    extra = bytes(rng.randint(1, 16))

    def edit(model, t):
        _chunk(model, g, c).trailing = extra
    return _page_edit(pq, edit,
                      lambda new: new.spans[_meta_path(
                          g, c, "total_compressed_size")].value)


@operator("page.chunk-uncompressed-size", "chunk_uncompressed_size_off",
          "A chunk's total_uncompressed_size (and the row group's "
          "total_byte_size) is 1 to 3 off its pages'.", _with_meta)
def _chunk_uncompressed(pq, rng, target):
    g, c = target
    delta = _delta(rng)

    def edit(md, t):
        _meta(md, g, c).total_uncompressed_size += delta
        md.row_groups[g].total_byte_size += delta
    return _edit(pq, edit,
                 _meta_path(g, c, "total_uncompressed_size"))


@operator("page.num-values-mismatch", "chunk_num_values_off",
          "A chunk's num_values is 1 to 3 off its data pages' sum (not "
          "negative).", _with_meta)
def _num_values(pq, rng, target):
    g, c = target
    old = _meta(pq.metadata, g, c).num_values
    delta = _delta(rng) if old >= 3 else rng.randint(1, 3)

    def edit(md, t):
        _meta(md, g, c).num_values += delta
    return _edit(pq, edit,
                 _meta_path(g, c, "num_values"))


def _dictionary_chunks(pq):
    return [(g, c) for g, c in _with_meta(pq)
            if _meta(pq.metadata, g, c).dictionary_page_offset is not None]


@operator("page.data-page-offset", "data_page_offset_inside_page",
          "The data_page_offset of a chunk with a dictionary page points "
          "into its first data page's header.", _dictionary_chunks)
def _data_page_offset(pq, rng, target):
    g, c = target
    first = next(p for p, page in zip(pq.pages[(g, c)],
                                      _chunk(pq.model, g, c).pages)
                 if _is_data(pq, page))
    where = first.header.offset + rng.randint(1, first.header.length - 1)
    return _set_meta(pq, target, "data_page_offset", lambda meta, t: where)


@operator("page.dictionary-at-data-page-offset", "dictionary_offset_unset",
          "A chunk has no dictionary_page_offset and its data_page_offset "
          "points at the dictionary page, as older writers did.",
          _dictionary_chunks)
def _dictionary_at_data(pq, rng, target):
    g, c = target

    def edit(md, t):
        meta = _meta(md, g, c)
        meta.data_page_offset = meta.dictionary_page_offset
        meta.dictionary_page_offset = None
    return _edit(pq, edit,
                 _meta_path(g, c, "data_page_offset"))


def _dictionary_pages(pq):
    return _pages(pq, lambda pq, leaf, page: _is_dictionary(pq, page))


@operator("page.duplicate-dictionary", "dictionary_page_twice",
          "A chunk's dictionary page appears twice in a row.",
          _dictionary_pages)
def _duplicate_dictionary(pq, rng, target):
    g, c, k = target

    def edit(model, t):
        pages = _chunk(model, g, c).pages
        pages.insert(k + 1, copy.deepcopy(pages[k]))
    return _page_edit(pq, edit,
                      lambda new: new.pages[(g, c)][k + 1].header)


def _uses_dictionary(pq, page):
    t = pq.ttypes
    return _is_data(pq, page) and _value_encoding(pq, page) in (
        t.Encoding.PLAIN_DICTIONARY, t.Encoding.RLE_DICTIONARY)


def _dictionary_users(pq):
    return [(g, c, k) for g, c, k in _dictionary_pages(pq)
            if any(_uses_dictionary(pq, p)
                   for p in _chunk(pq.model, g, c).pages)]


@operator("page.missing-dictionary", "dictionary_page_removed",
          "A chunk's dictionary page is left out; its dictionary-encoded "
          "data pages remain.", _dictionary_users)
def _missing_dictionary(pq, rng, target):
    g, c, k = target
    pages = _chunk(pq.model, g, c).pages
    user = next(i for i, p in enumerate(pages) if _uses_dictionary(pq, p))

    def edit(model, t):
        del _chunk(model, g, c).pages[k]
    path = ("data_page_header_v2.encoding" if _is_v2(pq, pages[user])
            else "data_page_header.encoding")
    return _page_edit(pq, edit,
                      _field(g, c, user - (k < user), path))


@operator("page.dictionary-encoding", "dictionary_page_not_plain",
          "A dictionary page says an encoding other than PLAIN or "
          "PLAIN_DICTIONARY.", _dictionary_pages)
def _dictionary_encoding(pq, rng, target):
    g, c, k = target
    path = "dictionary_page_header.encoding"
    return _page_edit(pq,
                      _header_edit(g, c, k, path,
                                   lambda e: rng.choice((3, 4, 5, 6, 7, 8,
                                                         9))),
                      _field(g, c, k, path))


def _first_data(pq, g, c):
    return next(k for k, page in enumerate(_chunk(pq.model, g, c).pages)
                if _is_data(pq, page))


def _plain_dictionary(t):
    return writer.PageModel(t.PageHeader(
        type=t.PageType.DICTIONARY_PAGE, uncompressed_page_size=0,
        compressed_page_size=0,
        dictionary_page_header=t.DictionaryPageHeader(
            num_values=0, encoding=t.Encoding.PLAIN)))


@operator("page.dictionary-not-first", "dictionary_after_data_page",
          "An empty PLAIN dictionary page is inserted after a data page of "
          "a chunk without one (dictionary_page_offset stays unset).",
          _without_dictionary)
def _dictionary_not_first(pq, rng, target):
    g, c = target
    pages = _chunk(pq.model, g, c).pages
    at = rng.randint(_first_data(pq, g, c) + 1, len(pages))

    def edit(model, t):
        _chunk(model, g, c).pages.insert(
            at, writer.finish_page(_plain_dictionary(t), t))

    def footer(md, t):
        _meta(md, g, c).dictionary_page_offset = None
    return _page_edit(pq, edit,
                      lambda new: new.pages[(g, c)][at].header, footer)


def _insert_after_data(pq, rng, target, make):
    """Inserts the page make(t) somewhere after the chunk's first data page
    and returns the span of its type field."""
    g, c = target
    at = rng.randint(_first_data(pq, g, c) + 1,
                     len(_chunk(pq.model, g, c).pages))

    def edit(model, t):
        _chunk(model, g, c).pages.insert(at, writer.finish_page(make(t), t))
    return _page_edit(pq, edit, _field(g, c, at, "type", "whole"))


@operator("page.unknown-type", "page_type_undefined",
          "A page of a type PageType does not define, with a few body "
          "bytes, is inserted after a data page.", lambda pq: _chunks(pq))
def _unknown_page(pq, rng, target):
    kind, body = rng.randint(4, 1000), bytes(rng.randint(0, 8))
    return _insert_after_data(
        pq, rng, target,
        lambda t: writer.PageModel(
            t.PageHeader(type=kind, uncompressed_page_size=0,
                         compressed_page_size=0), values=body))


@operator("page.index-page", "index_page_inserted",
          "An empty INDEX_PAGE is inserted after a data page.",
          lambda pq: _chunks(pq))
def _index_page_inserted(pq, rng, target):
    return _insert_after_data(
        pq, rng, target,
        lambda t: writer.PageModel(t.PageHeader(
            type=t.PageType.INDEX_PAGE, uncompressed_page_size=0,
            compressed_page_size=0, index_page_header=t.IndexPageHeader())))


def _listed_encodings(pq):
    """(g, c, encoding) of data page encodings a chunk's encodings list
    could drop without becoming empty."""
    out = []
    for g, c in _with_meta(pq):
        listed = _meta(pq.metadata, g, c).encodings
        used = sorted({_value_encoding(pq, p)
                       for p in _chunk(pq.model, g, c).pages
                       if _is_data(pq, p)})
        out += [(g, c, e) for e in used if e in listed and len(listed) > 1]
    return out


@operator("page.encoding-not-listed", "used_encoding_unlisted",
          "A chunk's encodings list drops an encoding its data pages use.",
          _listed_encodings)
def _encoding_not_listed(pq, rng, target):
    g, c, e = target
    pages = _chunk(pq.model, g, c).pages
    # colcheck reports the first page that says e, a dictionary page too.
    k = next(i for i, p in enumerate(pages)
             if (_is_data(pq, p) or _is_dictionary(pq, p)) and
             _value_encoding(pq, p) == e)
    path = (_encoding_path(pq, pages[k]) if _is_data(pq, pages[k])
            else "dictionary_page_header.encoding")

    def footer(md, t):
        meta = _meta(md, g, c)
        meta.encodings = [x for x in meta.encodings if x != e]
    return _page_edit(pq, None,
                      _field(g, c, k, path), footer)


def _v2(pred=lambda pq, leaf, page: True):
    return _where(lambda pq, leaf, page: _is_v2(pq, page) and
                  pred(pq, leaf, page))


@operator("page.v2-level-lengths", "v2_level_length_past_page",
          "A DATA_PAGE_V2's definition or repetition level byte length "
          "runs past its compressed size.", _v2())
def _v2_level_lengths(pq, rng, target):
    g, c, k = target
    name = "data_page_header_v2." + rng.choice((
        "definition_levels_byte_length", "repetition_levels_byte_length"))

    def edit(model, t):
        h = _page(model, g, c, k).header
        _set(h, name, lambda n: h.compressed_page_size + rng.randint(1, 64))

    def span(new):
        f = new.pages[(g, c)][k].fields
        return f["data_page_header_v2.definition_levels_byte_length"] \
            .value.join(f["data_page_header_v2."
                          "repetition_levels_byte_length"].value)
    return _page_edit(pq, edit, span)


@operator("page.v2-num-nulls", "v2_num_nulls_off",
          "A DATA_PAGE_V2's num_nulls is 1 off its definition levels' "
          "nulls (within num_values; columns without repetition).",
          _v2(lambda pq, leaf, page: not leaf.max_rep and
              page.header.data_page_header_v2.num_values > 0))
def _v2_num_nulls(pq, rng, target):
    g, c, k = target
    h = _page(pq.model, g, c, k).header.data_page_header_v2
    new = rng.choice([n for n in (h.num_nulls - 1, h.num_nulls + 1)
                      if 0 <= n <= h.num_values])
    path = "data_page_header_v2.num_nulls"
    return _page_edit(pq,
                      _header_edit(g, c, k, path, lambda n: new),
                      _field(g, c, k, path))


@operator("page.v2-num-rows", "v2_num_rows_off",
          "A DATA_PAGE_V2's num_rows is 1 to 3 off the rows its repetition "
          "levels start (not negative).", _v2())
def _v2_num_rows(pq, rng, target):
    g, c, k = target
    old = _page(pq.model, g, c, k).header.data_page_header_v2.num_rows
    new = old + (_delta(rng) if old >= 3 else rng.randint(1, 3))
    path = "data_page_header_v2.num_rows"
    return _page_edit(pq,
                      _header_edit(g, c, k, path, lambda n: new),
                      _field(g, c, k, path))


@operator("page.crc-mismatch", "page_crc_bit_flipped",
          "One bit of a page's crc is flipped.",
          _where(lambda pq, leaf, page: page.header.crc is not None))
def _crc_mismatch(pq, rng, target):
    g, c, k = target
    bit = 1 << rng.randrange(31)

    def span(new):
        p = new.pages[(g, c)][k]
        return p.fields["crc"].value.join(p.body)
    return _page_edit(pq,
                      _header_edit(g, c, k, "crc", lambda v: v ^ bit), span)


# ---- pages: compression -----------------------------------------------------

def _stored_values(new, g, c, k):
    """The stored bytes of page k that the codec decompresses."""
    page = _page(new.model, g, c, k)
    body = new.pages[(g, c)][k].body
    if _is_v2(new, page):
        levels = len(page.rep) + len(page.defs)
        return Span(body.offset + levels, body.length - levels)
    return body


def _decompressed(pq, leaf, page):
    """Pages whose codec has a non-empty section to decompress (an empty
    V2 value section is never decompressed)."""
    if not (_is_data(pq, page) or _is_dictionary(pq, page)):
        return False
    if not _compressed(pq, page):
        return False
    raw = page.values if _is_v2(pq, page) else (page.rep + page.defs +
                                                 page.values)
    return len(raw) > 0


@operator("compression.corrupt", "compressed_bytes_garbage",
          "The compressed section of a page becomes as many 0xFF bytes "
          "(no codec decodes them; sizes and crc follow).",
          _where(_decompressed))
def _compression_corrupt(pq, rng, target):
    g, c, k = target

    def edit(model, t):
        page = _page(model, g, c, k)
        levels = (page.rep + page.defs) if _is_v2(pq, page) else b""
        writer.set_body(page, levels + b"\xff" * (len(page.body) -
                                                  len(levels)))
    return _page_edit(pq, edit,
                      lambda new: _stored_values(new, g, c, k))


@operator("compression.size-mismatch", "uncompressed_size_off",
          "A compressed page's uncompressed_page_size is 1 to 3 off what "
          "its sections decompress to.", _where(_decompressed))
def _compression_size(pq, rng, target):
    g, c, k = target
    page = _page(pq.model, g, c, k)
    levels = len(page.rep) + len(page.defs) if _is_v2(pq, page) else 0
    old = page.header.uncompressed_page_size
    choices = [old + d for d in (-3, -2, -1, 1, 2, 3) if old + d >= levels]
    return _page_edit(pq,
                      _header_edit(g, c, k, "uncompressed_page_size",
                                   lambda n: rng.choice(choices)),
                      _field(g, c, k, "uncompressed_page_size"))


@operator("limits.page-size", "page_declares_over_1gib",
          "A compressed page declares an uncompressed_page_size of 1 GiB "
          "or more.", _where(_decompressed))
def _page_size_limit(pq, rng, target):
    g, c, k = target
    return _page_edit(pq,
                      _header_edit(g, c, k, "uncompressed_page_size",
                                   lambda n: rng.randint(1 << 30,
                                                         (1 << 31) - 1)),
                      _field(g, c, k, "uncompressed_page_size"))


# ---- pages: levels ----------------------------------------------------------

def _level_kinds(pq, leaf, page):
    """[(kind, max level, width, levels)] of a data page's level sections:
    kind is "rep" or "defs", the PageModel attribute."""
    if not _is_data(pq, page):
        return []
    rep_width, def_width = page.level_widths
    out = []
    if leaf.max_rep:
        out.append(("rep", leaf.max_rep, rep_width, page.rep_levels))
    if leaf.max_def:
        out.append(("defs", leaf.max_def, def_width, page.def_levels))
    return [k for k in out if k[3]]


def _kind_targets(pred=lambda pq, page, kind: True):
    """(g, c, k, kind) of level sections for which pred holds."""
    def targets(pq):
        leaves, _ = _schema(pq)
        return [(g, c, k, kind[0]) for g, c in _chunks(pq)
                for k, page in enumerate(_chunk(pq.model, g, c).pages)
                for kind in _level_kinds(pq, leaves[c], page)
                if pred(pq, page, kind)]
    return targets


def _kind(pq, target):
    g, c, k, name = target
    page = _page(pq.model, g, c, k)
    leaf = _schema(pq)[0][c]
    return next(x for x in _level_kinds(pq, leaf, page) if x[0] == name)


def _section(pq, page, levels, width):
    """A level section holding `levels` as RLE runs (V1: with the 4-byte
    length)."""
    if _is_v2(pq, page):
        return encoding.levels_v2(levels, width, "rle")
    return encoding.levels_v1(levels, width, "rle")


def _set_section(target, fn):
    """An edit that replaces a level section with fn(page) bytes."""
    g, c, k, name = target

    def edit(model, t):
        page = _page(model, g, c, k)
        setattr(page, name, fn(page))
        writer.finish_page(page, t)
    return edit


def _level_path(name):
    return ("data_page_header." +
            ("repetition" if name == "rep" else "definition") +
            "_level_encoding")


@operator("levels.exceeds-max", "level_above_max",
          "A repetition or definition level becomes a value above the "
          "column's maximum that its bit width still holds.",
          _kind_targets(lambda pq, page, kind:
                        kind[1] < (1 << kind[2]) - 1))
def _levels_exceed(pq, rng, target):
    g, c, k, name = target
    _, top, width, levels = _kind(pq, target)
    levels = list(levels)
    levels[rng.randrange(len(levels))] = rng.randint(top + 1,
                                                     (1 << width) - 1)

    def edit(model, t):
        page = _page(model, g, c, k)
        writer.set_levels(page, t, **{"reps" if name == "rep" else "defs":
                                      levels})
    return _page_edit(pq, edit, _body(g, c, k))


@operator("levels.truncated", "levels_one_short",
          "A level section holds 1 to 3 levels fewer than num_values "
          "(re-encoded as RLE runs).", _kind_targets())
def _levels_truncated(pq, rng, target):
    g, c, k, _ = target
    _, _, width, levels = _kind(pq, target)
    keep = levels[:-rng.randint(1, min(3, len(levels)))]
    return _page_edit(pq, _set_section(
        target, lambda page: _section(pq, page, keep, width)),
        _body(g, c, k))


@operator("levels.trailing-bytes", "levels_extra_run",
          "A level section ends with an extra RLE run of level 0 after its "
          "num_values levels.", _kind_targets())
def _levels_trailing(pq, rng, target):
    g, c, k, name = target
    _, _, width, _ = _kind(pq, target)
    old = getattr(_page(pq.model, g, c, k), name)
    run = encoding.rle_runs([0] * rng.randint(1, 9), width)

    def grow(page):
        if _is_v2(pq, page):
            return old + run
        return struct.pack("<I", len(old) - 4 + len(run)) + old[4:] + run
    return _page_edit(pq, _set_section(target, grow),
                      lambda new: _levels_at(new, g, c, k, name, len(old),
                                             len(run)))


def _first_data_pages(pq):
    leaves, _ = _schema(pq)
    return [(g, c, _first_data(pq, g, c)) for g, c in _chunks(pq)
            if leaves[c].max_rep and
            _page(pq.model, g, c, _first_data(pq, g, c)).rep_levels]


@operator("levels.first-rep-not-zero", "chunk_starts_mid_row",
          "The first repetition level of a repeated column's chunk is not "
          "0: swapped with a non-zero second level, or set to 1.",
          _first_data_pages)
def _first_rep(pq, rng, target):
    g, c, k = target
    reps = list(_page(pq.model, g, c, k).rep_levels)
    if len(reps) > 1 and reps[1]:
        reps[0], reps[1] = reps[1], reps[0]
    else:
        reps[0] = 1

    def edit(model, t):
        writer.set_levels(_page(model, g, c, k), t, reps=reps)
    return _page_edit(pq, edit, _body(g, c, k))


@operator("levels.row-count-mismatch", "row_group_num_rows_off",
          "A row group's num_rows (and FileMetaData.num_rows) is 1 to 3 off "
          "the rows its chunks' levels hold.", _row_groups)
def _row_count(pq, rng, g):
    old = pq.metadata.row_groups[g].num_rows
    delta = _delta(rng) if old >= 3 else rng.randint(1, 3)

    def edit(md, t):
        md.row_groups[g].num_rows += delta
        md.num_rows += delta
    return _edit(pq, edit,
                 f"row_groups[{g}].num_rows")


def _v1_kinds(pq, page, kind):
    return _is_v1(pq, page)


@operator("levels.invalid-encoding", "level_encoding_not_rle",
          "A DATA_PAGE's repetition or definition level encoding is one "
          "levels cannot use (PLAIN, a dictionary or DELTA encoding).",
          _kind_targets(_v1_kinds))
def _levels_invalid(pq, rng, target):
    g, c, k, _ = target
    path = _level_path(target[3])
    return _page_edit(pq,
                      _header_edit(g, c, k, path,
                                   lambda e: rng.choice((0, 2, 5, 6, 7, 8,
                                                         9))),
                      _field(g, c, k, path))


@operator("levels.bit-packed-deprecated", "levels_bit_packed",
          "A DATA_PAGE's repetition or definition levels are in the "
          "deprecated BIT_PACKED encoding.", _kind_targets(_v1_kinds))
def _levels_bit_packed(pq, rng, target):
    g, c, k, _ = target
    _, _, width, levels = _kind(pq, target)
    path = _level_path(target[3])
    packed = _set_section(target, lambda page: encoding.bit_packed_deprecated(
        levels, width))

    def edit(model, t):
        packed(model, t)
        _header_edit(g, c, k, path, lambda e: t.Encoding.BIT_PACKED)(model, t)
    return _page_edit(pq, edit,
                      _field(g, c, k, path))


def _prefix_len(pq, page):
    return 0 if _is_v2(pq, page) else 4


@operator("encoding.rle-zero-run", "level_run_of_zero",
          "A level section starts with an RLE run of length 0.",
          _kind_targets())
def _rle_zero_run(pq, rng, target):
    g, c, k, name = target
    _, _, width, levels = _kind(pq, target)
    zero = b"\x00" + bytes((width + 7) // 8)

    def section(page):
        body = zero + encoding.rle_runs(levels, width)
        if _is_v2(pq, page):
            return body
        return struct.pack("<I", len(body)) + body
    at = _prefix_len(pq, _page(pq.model, g, c, k))
    return _page_edit(pq,
                      _set_section(target, section),
                      lambda new: _levels_at(new, g, c, k, name, at, 1))


@operator("encoding.malformed-varint", "level_run_header_6_bytes",
          "The first run header of a level section is a 6-byte ULEB128 "
          "(32-bit headers take at most 5).", _kind_targets())
def _malformed_varint(pq, rng, target):
    g, c, k, name = target
    _, _, width, levels = _kind(pq, target)
    runs = encoding.rle_runs(levels, width)
    end = _varint_end(runs, 0)

    def section(page):
        body = _varint_padded(runs[:end], 6) + runs[end:]
        if _is_v2(pq, page):
            return body
        return struct.pack("<I", len(body)) + body
    at = _prefix_len(pq, _page(pq.model, g, c, k))
    return _page_edit(pq,
                      _set_section(target, section),
                      lambda new: _levels_at(new, g, c, k, name, at, 6))


@operator("encoding.rle-length", "level_length_past_page",
          "The 4-byte length of a DATA_PAGE level section exceeds the bytes "
          "left in the page.", _kind_targets(_v1_kinds))
def _rle_length(pq, rng, target):
    g, c, k, name = target
    page = _page(pq.model, g, c, k)
    old = getattr(page, name)
    after = len(page.defs) + len(page.values) if name == "rep" else \
        len(page.values)
    length = len(old) - 4 + after + rng.randint(1, 64)
    return _page_edit(pq, _set_section(
        target, lambda p: struct.pack("<I", length) + old[4:]),
        lambda new: _levels_at(new, g, c, k, name, 0, 4))


# ---- pages: encodings -------------------------------------------------------

def _data_pages(pred=lambda pq, leaf, page: True):
    return _where(lambda pq, leaf, page: _is_data(pq, page) and
                  pred(pq, leaf, page))


def _encoding_path(pq, page):
    return ("data_page_header_v2.encoding" if _is_v2(pq, page)
            else "data_page_header.encoding")


@operator("encoding.unknown", "data_page_encoding_undefined",
          "A data page's encoding is a value Encoding does not define.",
          _data_pages())
def _encoding_unknown(pq, rng, target):
    g, c, k = target
    path = _encoding_path(pq, _page(pq.model, g, c, k))
    return _page_edit(pq,
                      _header_edit(g, c, k, path,
                                   lambda e: rng.randint(10, 1000)),
                      _field(g, c, k, path))


def _invalid_encodings(leaf):
    """Encodings the leaf's physical type cannot use (Encodings.md)."""
    p = leaf.physical
    out = []
    if p != "BOOLEAN":
        out.append(3)  # RLE
    if p not in ("INT32", "INT64"):
        out.append(5)  # DELTA_BINARY_PACKED
    if p != "BYTE_ARRAY":
        out.append(6)  # DELTA_LENGTH_BYTE_ARRAY
    if p not in ("BYTE_ARRAY", "FIXED_LEN_BYTE_ARRAY"):
        out.append(7)  # DELTA_BYTE_ARRAY
    if p in ("BOOLEAN", "BYTE_ARRAY", "INT96"):
        out.append(9)  # BYTE_STREAM_SPLIT
    return out


@operator("encoding.invalid-for-type", "data_page_encoding_wrong_type",
          "A data page's encoding is one its physical type cannot use.",
          _data_pages())
def _encoding_invalid(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    path = _encoding_path(pq, _page(pq.model, g, c, k))
    return _page_edit(pq,
                      _header_edit(g, c, k, path, lambda e: rng.choice(
                          _invalid_encodings(leaf))),
                      _field(g, c, k, path))


@operator("encoding.truncated", "plain_values_cut_short",
          "The last byte of a PLAIN value section (a data or dictionary "
          "page) is cut off; sizes and crc follow.",
          lambda pq: _plain_sections(pq))
def _encoding_truncated(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    page = _page(pq.model, g, c, k)
    items = _plain_items(pq, leaf, page.values,
                         _value_count(pq, leaf, page))
    # The bytes left of the value that lost its end (BOOLEAN: none).
    start = items[-1][0] if items else len(page.values) - 1
    left = len(page.values) - 1 - start
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v[:-1]),
                      lambda new: _values_at(new, g, c, k, start, left))


@operator("encoding.trailing-bytes", "plain_values_extra_bytes",
          "1 to 3 bytes follow the last value of a PLAIN value section (a "
          "data or dictionary page); sizes and crc follow.",
          lambda pq: _plain_sections(pq, min_values=0))
def _encoding_trailing(pq, rng, target):
    g, c, k = target
    old = len(_page(pq.model, g, c, k).values)
    extra = bytes(rng.randrange(256) for _ in range(rng.randint(1, 3)))
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v + extra),
                      lambda new: _values_at(new, g, c, k, old, len(extra)))


def _index_sections(pq, leaf, page):
    return _uses_dictionary(pq, page) and _value_count(pq, leaf, page) > 0


def _dictionary_size(pq, g, c):
    return next(p.header.dictionary_page_header.num_values
                for p in _chunk(pq.model, g, c).pages
                if _is_dictionary(pq, p))


@operator("encoding.dictionary-bit-width", "index_bit_width_above_32",
          "The bit width byte of a dictionary-encoded data page is above "
          "32.", _data_pages(_index_sections))
def _dictionary_bit_width(pq, rng, target):
    g, c, k = target
    width = rng.randint(33, 255)
    return _page_edit(pq,
                      _set_values(g, c, k,
                                  lambda v: bytes([width]) + v[1:]),
                      lambda new: _values_at(new, g, c, k, 0, 1))


def _decodable_indices(pq):
    """Dictionary-encoded pages whose indices are one bit-packed run as
    encoding.dictionary_indices writes them, with their indices."""
    out = []
    leaves, _ = _schema(pq)
    for g, c, k in _pages(pq, lambda pq, leaf, page:
                          _index_sections(pq, leaf, page)):
        page = _page(pq.model, g, c, k)
        if not any(_is_dictionary(pq, p)
                   for p in _chunk(pq.model, g, c).pages):
            continue
        size = _dictionary_size(pq, g, c)
        count = _value_count(pq, leaves[c], page)
        indices = _unpack_indices(page.values, count)
        if encoding.dictionary_indices(indices, size) == page.values:
            out.append((g, c, k))
    return out


@operator("encoding.dictionary-index-out-of-range", "index_past_dictionary",
          "One index of a dictionary-encoded data page is at or past the "
          "dictionary's size (the bit width grows if it must).",
          _decodable_indices)
def _dictionary_index(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    page = _page(pq.model, g, c, k)
    size = _dictionary_size(pq, g, c)
    indices = _unpack_indices(page.values, _value_count(pq, leaf, page))
    i = rng.randrange(len(indices))
    indices[i] = size + rng.randrange(4)
    section = encoding.dictionary_indices(indices, max(indices) + 1)
    width = section[0]
    header = _varint_end(section, 1) - 1
    begin = 1 + header + (i * width) // 8
    end = 1 + header + ((i + 1) * width - 1) // 8 + 1
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: section),
                      lambda new: _values_at(new, g, c, k, begin,
                                             end - begin))


def _split_pages(pq, leaf, page):
    return (_value_encoding(pq, page) == pq.ttypes.Encoding.BYTE_STREAM_SPLIT
            and (_width(pq, leaf) or 0) > 1)


@operator("encoding.byte-stream-split-size", "split_section_not_multiple",
          "A BYTE_STREAM_SPLIT value section gains 1 to width - 1 bytes, "
          "so its size is not a multiple of the value width.",
          _data_pages(_split_pages))
def _bss_size(pq, rng, target):
    g, c, k = target
    width = _width(pq, _schema(pq)[0][c])
    extra = bytes(rng.randint(1, width - 1))
    size = len(_page(pq.model, g, c, k).values) + len(extra)
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v + extra),
                      lambda new: _values_at(new, g, c, k, 0, size))


# ---- pages: values against the logical type ---------------------------------

def _text(pq, leaf):
    e = _element(pq, leaf)
    lt = e.logicalType
    t = pq.ttypes
    return leaf.physical == "BYTE_ARRAY" and (
        (lt is not None and (lt.STRING or lt.ENUM or lt.JSON)) or
        e.converted_type in (t.ConvertedType.UTF8, t.ConvertedType.ENUM,
                             t.ConvertedType.JSON))


def _nonempty_text(pq):
    out = []
    leaves, _ = _schema(pq)
    for g, c, k in _plain_sections(pq, _text):
        page = _page(pq.model, g, c, k)
        items = _plain_items(pq, leaves[c], page.values,
                             _value_count(pq, leaves[c], page))
        if any(e - s > 4 for s, e in items):
            out.append((g, c, k))
    return out


@operator("value.invalid-utf8", "text_value_not_utf8",
          "One byte of a non-empty STRING, ENUM or JSON value (in a data or "
          "dictionary page) becomes a byte that never occurs in UTF-8.",
          _nonempty_text)
def _invalid_utf8_value(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    page = _page(pq.model, g, c, k)
    items = [(s, e) for s, e in _plain_items(
        pq, leaf, page.values, _value_count(pq, leaf, page)) if e - s > 4]
    s, e = items[rng.randrange(len(items))]
    at = rng.randint(s + 4, e - 1)
    bad = rng.choice((0xC0, 0xC1, 0xF8, 0xFE, 0xFF))
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v[:at] + bytes([bad]) +
                                  v[at + 1:]),
                      lambda new: _values_at(new, g, c, k, s + 4, e - s - 4))


def _decimal_bytes(pq, leaf, value):
    """The stored bytes of an unscaled decimal, or None if it does not
    fit."""
    if leaf.physical in _INT_FORMAT:
        try:
            return struct.pack(_INT_FORMAT[leaf.physical], value)
        except struct.error:
            return None
    if leaf.physical == "FIXED_LEN_BYTE_ARRAY":
        try:
            return value.to_bytes(_width(pq, leaf), "big", signed=True)
        except OverflowError:
            return None
    return value.to_bytes((value.bit_length() + 8) // 8, "big", signed=True)


@operator("value.decimal-out-of-range", "decimal_value_too_many_digits",
          "One value of a DECIMAL(p) leaf becomes +-10^p (p + 1 digits); "
          "statistics and bloom filters may no longer cover it.",
          lambda pq: _plain_sections(pq, lambda pq, l: _logical(
              pq, l, "DECIMAL") and _decimal_bytes(
                  pq, l, 10 ** _logical(pq, l, "DECIMAL").precision)))
def _decimal_range(pq, rng, target):
    leaf = _schema(pq)[0][target[1]]
    value = rng.choice((1, -1)) * 10 ** _logical(pq, leaf, "DECIMAL").precision
    return _replace_value(pq, rng, target,
                          lambda old: _decimal_bytes(pq, leaf, value))


def _narrow_int(pq, leaf):
    lt = _logical(pq, leaf, "INTEGER")
    return leaf.physical == "INT32" and lt is not None and lt.bitWidth < 32


@operator("value.integer-out-of-range", "integer_value_too_wide",
          "One value of an INT(8) or INT(16) leaf, signed or not, falls "
          "outside its width.", lambda pq: _plain_sections(pq, _narrow_int))
def _integer_range(pq, rng, target):
    leaf = _schema(pq)[0][target[1]]
    lt = _logical(pq, leaf, "INTEGER")
    bits = lt.bitWidth
    if lt.isSigned:
        value = rng.choice(((1 << (bits - 1)) + rng.randrange(100),
                            -(1 << (bits - 1)) - 1 - rng.randrange(100)))
    else:
        value = rng.choice(((1 << bits) + rng.randrange(100),
                            -1 - rng.randrange(100)))
    return _replace_value(pq, rng, target,
                          lambda old: struct.pack("<i", value))


_DAY = {"MILLIS": 86_400_000, "MICROS": 86_400_000_000,
        "NANOS": 86_400_000_000_000}


def _time_unit(pq, leaf):
    lt = _logical(pq, leaf, "TIME")
    return _member(lt.unit) if lt is not None else None


@operator("value.time-out-of-range", "time_value_outside_day",
          "One value of a TIME leaf is a full day or more, or negative.",
          lambda pq: _plain_sections(pq, _time_unit))
def _time_range(pq, rng, target):
    leaf = _schema(pq)[0][target[1]]
    day = _DAY[_time_unit(pq, leaf)]
    value = rng.choice((day + rng.randrange(1000), -1 - rng.randrange(1000)))
    fmt = _INT_FORMAT[leaf.physical]
    return _replace_value(pq, rng, target,
                          lambda old: struct.pack(fmt, value))


def _padded_booleans(pq):
    leaves, _ = _schema(pq)
    return [(g, c, k) for g, c, k in _plain_sections(
        pq, lambda pq, l: l.physical == "BOOLEAN")
        if _value_count(pq, leaves[c], _page(pq.model, g, c, k)) % 8]


@operator("value.boolean-padding", "boolean_padding_bit_set",
          "An unused padding bit of a PLAIN BOOLEAN section's last byte is "
          "set.", _padded_booleans)
def _boolean_padding(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    page = _page(pq.model, g, c, k)
    bit = rng.randint(_value_count(pq, leaf, page) % 8, 7)
    last = len(page.values) - 1
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v[:-1] + bytes(
                          [v[-1] | 1 << bit])),
                      lambda new: _values_at(new, g, c, k, last, 1))


# ---- pages: page index ------------------------------------------------------

def _with_region(kind, pred=lambda pq, g, c, obj: True):
    """(g, c) of chunks with a `kind` region whose model object (the
    ColumnIndex, or the OffsetIndex's page count) satisfies pred."""
    def targets(pq):
        out = []
        for g, c in _chunks(pq):
            if (g, c, kind) not in pq.regions:
                continue
            chunk = _chunk(pq.model, g, c)
            obj = chunk.column_index if kind == "column_index" else \
                sum(1 for p in chunk.pages if _is_data(pq, p))
            if pred(pq, g, c, obj):
                out.append((g, c))
        return out
    return targets


def _oi_edit(g, c, fn):
    """An edit that breaks the chunk's OffsetIndex with fn(oi) after
    layout() built it."""
    def edit(model, t):
        _chunk(model, g, c).offset_index_edit = fn
    return edit


def _ci_edit(g, c, fn):
    def edit(model, t):
        fn(_chunk(model, g, c).column_index, t)
    return edit


@operator("page-index.length-mismatch", "index_length_short",
          "A chunk's column_index_length or offset_index_length is 1 to 3 "
          "less than its structure.", _index_fields)
def _index_length(pq, rng, target):
    g, c, kind = target
    less = rng.randint(1, min(3, pq.regions[target][0].length - 1))

    def edit(md, t):
        cc = md.row_groups[g].columns[c]
        setattr(cc, f"{kind}_length", getattr(cc, f"{kind}_length") - less)
    return _edit(pq, edit,
                 _index_path(g, c, kind, "length"))


@operator("page-index.location-count", "offset_index_location_dropped",
          "A chunk's OffsetIndex lacks the location of one data page.",
          _with_region("offset_index"))
def _location_count(pq, rng, target):
    g, c = target
    n = sum(1 for p in _chunk(pq.model, g, c).pages if _is_data(pq, p))
    i = rng.randrange(n)
    return _page_edit(pq,
                      _oi_edit(g, c, lambda oi, t: oi.page_locations.pop(i)),
                      _region(g, c, "offset_index", "page_locations"))


def _location_edit(pq, rng, target, name, fn):
    g, c = target
    n = sum(1 for p in _chunk(pq.model, g, c).pages if _is_data(pq, p))
    i = rng.randrange(n)

    def edit(oi, t):
        loc = oi.page_locations[i]
        setattr(loc, name, fn(getattr(loc, name), i))
    return _page_edit(pq, _oi_edit(g, c, edit),
                      _region(g, c, "offset_index",
                              f"page_locations[{i}].{name}"))


@operator("page-index.location-offset", "location_offset_off",
          "A PageLocation's offset is 1 to 3 bytes off its page's header.",
          _with_region("offset_index"))
def _location_offset(pq, rng, target):
    return _location_edit(pq, rng, target,
                          "offset", lambda v, i: v + _delta(rng))


@operator("page-index.location-size", "location_size_off",
          "A PageLocation's compressed_page_size is 1 to 3 off its page's "
          "header and body.", _with_region("offset_index"))
def _location_size(pq, rng, target):
    return _location_edit(pq, rng, target,
                          "compressed_page_size",
                          lambda v, i: max(0, v + _delta(rng)) or v + 1)


@operator("page-index.first-row-index", "location_first_row_off",
          "A PageLocation's first_row_index is 1 to 3 off its page's first "
          "row (not negative).", _with_region("offset_index"))
def _first_row_index(pq, rng, target):
    return _location_edit(pq, rng, target,
                          "first_row_index",
                          lambda v, i: v + (_delta(rng) if v >= 3
                                            else rng.randint(1, 3)))


_CI_LISTS = ("null_pages", "min_values", "max_values", "null_counts")


@operator("page-index.list-length", "column_index_list_short",
          "One of a ColumnIndex's per-page lists loses an entry.",
          _with_region("column_index"))
def _list_length(pq, rng, target):
    g, c = target
    ci = _chunk(pq.model, g, c).column_index
    name = rng.choice([n for n in _CI_LISTS if getattr(ci, n)])
    i = rng.randrange(len(getattr(ci, name)))
    return _page_edit(pq,
                      _ci_edit(g, c, lambda ci, t: getattr(ci, name).pop(i)),
                      _region(g, c, "column_index", name))


def _valued_pages(ci):
    return [i for i, null in enumerate(ci.null_pages) if not null]


@operator("page-index.null-pages", "page_with_values_marked_null",
          "A ColumnIndex marks a page that holds values a null page (with "
          "empty bounds).",
          _with_region("column_index",
                       lambda pq, g, c, ci: _valued_pages(ci)))
def _null_pages(pq, rng, target):
    g, c = target
    i = rng.choice(_valued_pages(_chunk(pq.model, g, c).column_index))

    def fn(ci, t):
        ci.null_pages[i] = True
        ci.min_values[i] = ci.max_values[i] = b""
    return _page_edit(pq, _ci_edit(g, c, fn),
                      _region(g, c, "column_index", f"null_pages[{i}]"))


def _ordered(pq, g, c, ci):
    """Whether some boundary order would misdescribe the index: its valued
    pages' bounds are not all equal (UNORDERED fits any index, and any
    order fits equal bounds)."""
    leaf = _schema(pq)[0][c]
    pages = _valued_pages(ci)
    return any(_distinct(leaf, ci.min_values[a], ci.min_values[b]) or
               _distinct(leaf, ci.max_values[a], ci.max_values[b])
               for a, b in zip(pages, pages[1:]))


@operator("page-index.boundary-order", "boundary_order_wrong",
          "A ColumnIndex whose page bounds differ claims an order they do "
          "not have (ASCENDING and DESCENDING swap; UNORDERED becomes "
          "either).", _with_region("column_index", _ordered))
def _boundary_order(pq, rng, target):
    g, c = target
    t = pq.ttypes
    old = _chunk(pq.model, g, c).column_index.boundary_order
    new = {t.BoundaryOrder.ASCENDING: t.BoundaryOrder.DESCENDING,
           t.BoundaryOrder.DESCENDING: t.BoundaryOrder.ASCENDING}.get(
               old, rng.choice((t.BoundaryOrder.ASCENDING,
                                t.BoundaryOrder.DESCENDING)))

    def fn(ci, t):
        ci.boundary_order = new
    return _page_edit(pq, _ci_edit(g, c, fn),
                      _region(g, c, "column_index", "boundary_order"))


def _spread_pages(pq, g, c, ci):
    leaf = _schema(pq)[0][c]
    return [i for i in _valued_pages(ci)
            if _distinct(leaf, ci.min_values[i], ci.max_values[i])]


@operator("page-index.bounds", "page_bound_collapsed",
          "In a ColumnIndex, a page's min_values entry is raised to its max "
          "or its max_values entry lowered to its min.",
          _with_region("column_index", _spread_pages))
def _index_bounds(pq, rng, target):
    g, c = target
    i = rng.choice(_spread_pages(pq, g, c,
                                 _chunk(pq.model, g, c).column_index))
    raise_min = rng.randrange(2)

    def fn(ci, t):
        if raise_min:
            ci.min_values[i] = ci.max_values[i]
        else:
            ci.max_values[i] = ci.min_values[i]
    name = "min_values" if raise_min else "max_values"
    return _page_edit(pq, _ci_edit(g, c, fn),
                      _region(g, c, "column_index", f"{name}[{i}]"))


@operator("page-index.null-counts", "page_null_count_off",
          "In a ColumnIndex, a page's null_counts entry is 1 to 3 off its "
          "nulls (not negative; columns without repetition).",
          _with_region("column_index",
                       lambda pq, g, c, ci: ci.null_counts and
                       not _schema(pq)[0][c].max_rep))
def _index_null_counts(pq, rng, target):
    g, c = target
    ci = _chunk(pq.model, g, c).column_index
    i = rng.randrange(len(ci.null_counts))
    old = ci.null_counts[i]
    new = old + (_delta(rng) if old >= 3 else rng.randint(1, 3))

    def fn(ci, t):
        ci.null_counts[i] = new
    return _page_edit(pq, _ci_edit(g, c, fn),
                      _region(g, c, "column_index", f"null_counts[{i}]"))


def _histograms(ci):
    return [n for n in ("repetition_level_histograms",
                        "definition_level_histograms") if getattr(ci, n)]


@operator("page-index.histogram", "level_histogram_shifted",
          "In a ColumnIndex level histogram, one level of one page counts "
          "one more and another one less.",
          _with_region("column_index",
                       lambda pq, g, c, ci: _histograms(ci)))
def _index_histogram(pq, rng, target):
    g, c = target
    leaf = _schema(pq)[0][c]
    ci = _chunk(pq.model, g, c).column_index
    name = rng.choice(_histograms(ci))
    levels = (leaf.max_rep if name.startswith("rep") else leaf.max_def) + 1
    hist = getattr(ci, name)
    donors = [i for i, n in enumerate(hist) if n]
    giver = rng.choice(donors)
    page = giver // levels
    taker = page * levels + _other(rng, giver % levels, range(levels))

    def fn(ci, t):
        h = getattr(ci, name)
        h[giver] -= 1
        h[taker] += 1
    # colcheck reports the page's first level that disagrees.
    return _page_edit(pq, _ci_edit(g, c, fn),
                      lambda new: _region(g, c, "column_index",
                                          f"{name}[{giver}]")(new).join(
                          _region(g, c, "column_index",
                                  f"{name}[{taker}]")(new)))


# ---- pages: bloom filters ---------------------------------------------------

def _blooms(pred=lambda pq, g, c: True):
    return lambda pq: [(g, c) for g, c in _chunks(pq)
                       if (g, c, "bloom_filter") in pq.regions and
                       pred(pq, g, c)]


def _bloom_edit(g, c, fn):
    def edit(model, t):
        fn(_chunk(model, g, c).bloom, t)
    return edit


def _has_values(pq, g, c):
    leaf = _schema(pq)[0][c]
    return any(_value_count(pq, leaf, p) for p in _chunk(pq.model, g, c).pages
               if _is_data(pq, p))


@operator("bloom.false-negative", "bloom_bitset_cleared",
          "Every bit of a bloom filter whose chunk holds values is 0, so "
          "every value tests negative.", _blooms(_has_values))
def _bloom_false_negative(pq, rng, target):
    g, c = target

    def fn(b, t):
        b.bitset = bytes(len(b.bitset))

    def bitset(new):
        # colcheck reports at the block that lacks a value's bits; the
        # whole cleared bitset covers every block.
        region = new.regions[(g, c, "bloom_filter")][0]
        size = len(_chunk(new.model, g, c).bloom.bitset)
        return Span(region.end - size, size)
    return _page_edit(pq, _bloom_edit(g, c, fn),
                      bitset)


@operator("bloom.num-bytes", "bloom_num_bytes_not_multiple_of_32",
          "A bloom filter header's numBytes is 1 to 31 less than its "
          "bitset, not a multiple of 32 (bloom_filter_length follows the "
          "bytes).", _blooms())
def _bloom_num_bytes(pq, rng, target):
    g, c = target

    def fn(b, t):
        b.header.numBytes = len(b.bitset) - rng.randint(1, 31)
    return _page_edit(pq, _bloom_edit(g, c, fn),
                      _region(g, c, "bloom_filter", "numBytes"))


@operator("bloom.length-mismatch", "bloom_length_short",
          "A chunk's bloom_filter_length is 1 to 3 less than its header and "
          "bitset (more could run into the footer: "
          "metadata.index-out-of-bounds).", _blooms())
def _bloom_length(pq, rng, target):
    g, c = target

    def edit(md, t):
        _meta(md, g, c).bloom_filter_length -= rng.randint(1, 3)
    return _edit(pq, edit,
                 _meta_path(g, c, "bloom_filter_length"))


def _bloom_unions(pq):
    """(g, c, union field) of the bloom filter header unions (algorithm,
    hash, compression) that hold member 1 under a short-form header."""
    out = []
    for g, c in _blooms()(pq):
        fields = pq.regions[(g, c, "bloom_filter")][1]
        for union in ("algorithm", "hash", "compression"):
            member = _union_member(fields, union)
            if member and pq.data[member.header.offset] == 0x1C:
                out.append((g, c, union))
    return out


def _union_member(fields, union):
    return next((f for path, f in fields.items()
                 if path.startswith(union + ".") and path.count(".") == 1),
                None)


@operator("bloom.unsupported", "bloom_union_member_unknown",
          "The algorithm, hash or compression union of a bloom filter "
          "header holds member 2, which no specification defines, instead "
          "of member 1.", _bloom_unions)
def _bloom_unsupported(pq, rng, target):
    g, c, union = target
    fields = pq.regions[(g, c, "bloom_filter")][1]
    member = _union_member(fields, union)
    data = bytearray(pq.data)
    # A short-form struct header with id delta 1; delta 2 names member 2.
    data[member.header.offset] = 0x2C
    return bytes(data), fields[union].whole


def _last_bloom(pq):
    blooms = [k for k in pq.regions if k[2] == "bloom_filter"]
    if not blooms:
        return []
    last = max(blooms, key=lambda k: pq.regions[k][0].offset)
    # The filter must end where the footer starts, to run into it.
    return [last[:2]] if pq.regions[last][0].end == pq.footer_offset else []


@operator("bloom.out-of-bounds", "bloom_runs_into_footer",
          "The bloom filter just before the footer declares numBytes 2 to "
          "4 times its bitset and has no bloom_filter_length, so it runs "
          "into the footer.", _last_bloom)
def _bloom_out_of_bounds(pq, rng, target):
    g, c = target

    def fn(b, t):
        b.header.numBytes = len(b.bitset) * rng.randint(2, 4)

    def footer(md, t):
        _meta(md, g, c).bloom_filter_length = None
    return _page_edit(pq, _bloom_edit(g, c, fn),
                      _region(g, c, "bloom_filter", "numBytes"), footer)


# ---- pages: DELTA encodings -------------------------------------------------

def _wrap(v, bits):
    v &= (1 << bits) - 1
    return v - (1 << bits) if v >> (bits - 1) else v


def _dbp_header(section, at=0):
    """[(start, end)] of the four header varints of a DELTA_BINARY_PACKED
    run at `at`: block size, miniblocks, value count, first value."""
    out = []
    for _ in range(4):
        end = _varint_end(section, at)
        out.append((at, end))
        at = end
    return out


def _dbp_decode(section, at, bits):
    """(values, end offset) of the DELTA_BINARY_PACKED run at `at`, as
    encoding.delta_binary_packed writes it (no bodies for the unused
    miniblocks of the last block)."""
    block, at = read_uvarint(section, at)
    miniblocks, at = read_uvarint(section, at)
    count, at = read_uvarint(section, at)
    first, at = read_uvarint(section, at)
    per = block // miniblocks
    values = [unzigzag(first)] if count else []
    while len(values) < count:
        min_delta, at = read_uvarint(section, at)
        widths = section[at:at + miniblocks]
        at += miniblocks
        for w in widths:
            if len(values) >= count:
                break
            size = per * w // 8
            acc = int.from_bytes(section[at:at + size], "little")
            at += size
            for i in range(per):
                if len(values) >= count:
                    break
                delta = unzigzag(min_delta) + ((acc >> (i * w)) &
                                                 ((1 << w) - 1))
                values.append(_wrap(values[-1] + delta, bits))
    return values, at


_DELTAS = {"DELTA_BINARY_PACKED", "DELTA_LENGTH_BYTE_ARRAY",
           "DELTA_BYTE_ARRAY"}


def _delta_pages(names=_DELTAS, pred=lambda pq, leaf, page: True):
    def check(pq, leaf, page):
        return (_is_data(pq, page) and page.values and
                pq.ttypes.Encoding._VALUES_TO_NAMES.get(
                    _value_encoding(pq, page)) in names and
                pred(pq, leaf, page))
    return _where(check)


def _dbp_bits(leaf, page, pq):
    """The integer width of a page's first DELTA_BINARY_PACKED run (the
    lengths of the byte-array encodings are INT32)."""
    name = pq.ttypes.Encoding._VALUES_TO_NAMES[_value_encoding(pq, page)]
    return 64 if name == "DELTA_BINARY_PACKED" and \
        leaf.physical == "INT64" else 32


def _header_varint(pq, rng, target, which, fn):
    """Replaces header varint `which` (0: block size, 1: miniblocks, 2:
    value count, 3: first value) of a page's first DELTA_BINARY_PACKED run
    by fn(header values) and returns its span."""
    g, c, k = target
    section = _page(pq.model, g, c, k).values
    spans = _dbp_header(section)
    header = [read_uvarint(section, s)[0] for s, _ in spans]
    start, end = spans[which]
    raw = encoding.uleb128(fn(header))
    return _page_edit(pq, _set_values(
        g, c, k, lambda v: v[:start] + raw + v[end:]),
        lambda new: _values_at(new, g, c, k, start, len(raw)))


@operator("encoding.delta-block-size", "delta_block_size_not_128k",
          "The block size of a page's DELTA_BINARY_PACKED header is 0 or "
          "not a multiple of 128.", _delta_pages())
def _delta_block_size(pq, rng, target):
    return _header_varint(pq, rng, target, 0,
                          lambda h: rng.choice((0, 128 * rng.randint(0, 4) +
                                                rng.randint(1, 127))))


@operator("encoding.delta-miniblocks", "delta_miniblocks_bad",
          "The miniblock count of a page's DELTA_BINARY_PACKED header is 0 "
          "or leaves miniblocks that are not a multiple of 32 values.",
          _delta_pages())
def _delta_miniblocks(pq, rng, target):
    def bad(h):
        block = h[0]
        return rng.choice([m for m in range(0, 65)
                           if m == 0 or block % m or (block // m) % 32])
    return _header_varint(pq, rng, target, 1,
                          bad)


@operator("encoding.value-count-mismatch", "delta_value_count_off",
          "The value count of a page's DELTA_BINARY_PACKED header (or of "
          "the lengths of a DELTA byte-array encoding) is 1 off.",
          _delta_pages())
def _delta_count(pq, rng, target):
    return _header_varint(pq, rng, target,
                          2, lambda h: h[2] + (rng.choice((-1, 1)) if h[2]
                                               else 1))


def _int32_deltas(pq, leaf, page):
    return leaf.physical == "INT32"


@operator("encoding.delta-value-range", "int32_delta_first_value_wide",
          "The first value of an INT32 page's DELTA_BINARY_PACKED header "
          "does not fit in 32 bits.",
          _delta_pages({"DELTA_BINARY_PACKED"}, _int32_deltas))
def _delta_value_range(pq, rng, target):
    value = rng.choice(((1 << 31) + rng.randrange(1000),
                        -(1 << 31) - 1 - rng.randrange(1000)))
    return _header_varint(pq, rng, target, 3,
                          lambda h: makeZigZag(value, 64))


def _two_values(pq, leaf, page):
    section = page.values
    return read_uvarint(section, _dbp_header(section)[2][0])[0] >= 2


@operator("encoding.delta-bit-width", "delta_miniblock_width_too_wide",
          "The bit width of the first (used) miniblock of a page's "
          "DELTA_BINARY_PACKED run is above the type's width.",
          _delta_pages(pred=_two_values))
def _delta_bit_width(pq, rng, target):
    g, c, k = target
    leaf = _schema(pq)[0][c]
    page = _page(pq.model, g, c, k)
    bits = _dbp_bits(leaf, page, pq)
    # After the header: the min delta varint, then the widths.
    at = _varint_end(page.values, _dbp_header(page.values)[3][1])
    width = rng.randint(bits + 1, 255)
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: v[:at] +
                                  bytes([width]) + v[at + 1:]),
                      lambda new: _values_at(new, g, c, k, at, 1))


def _lengths_edit(pq, rng, target, fn):
    """Re-encodes the first DELTA_BINARY_PACKED run of a DELTA byte-array
    page (its lengths or prefix lengths) as fn(values), with the same block
    shape, and returns the span of the run."""
    g, c, k = target
    section = _page(pq.model, g, c, k).values
    block = read_uvarint(section, 0)[0]
    miniblocks = read_uvarint(section, _dbp_header(section)[1][0])[0]
    values, end = _dbp_decode(section, 0, 32)
    run = encoding.delta_binary_packed(fn(list(values)), 32, block,
                                       miniblocks)
    return _page_edit(pq, _set_values(g, c, k, lambda v: run + v[end:]),
                      lambda new: _values_at(new, g, c, k, 0, len(run)))


def _counted(pq, leaf, page):
    """Whether the page's first DELTA_BINARY_PACKED run holds a value."""
    return read_uvarint(page.values, _dbp_header(page.values)[2][0])[0] > 0


@operator("encoding.negative-length", "delta_length_negative",
          "One length of a DELTA_LENGTH_BYTE_ARRAY page (or prefix length "
          "of a DELTA_BYTE_ARRAY page) is negative.", _delta_pages(
              {"DELTA_LENGTH_BYTE_ARRAY", "DELTA_BYTE_ARRAY"}, _counted))
def _negative_length(pq, rng, target):
    def fn(values):
        values[rng.randrange(len(values))] = -rng.randint(1, 100)
        return values
    return _lengths_edit(pq, rng, target, fn)


@operator("encoding.delta-prefix-too-long", "delta_first_prefix_nonzero",
          "The first prefix length of a DELTA_BYTE_ARRAY page is not 0.",
          _delta_pages({"DELTA_BYTE_ARRAY"}, _counted))
def _prefix_too_long(pq, rng, target):
    def fn(values):
        values[0] = rng.randint(1, 8)
        return values
    return _lengths_edit(pq, rng, target,
                         fn)


# ---- pages: RLE runs and dictionary widths ----------------------------------

def _narrow_levels(pq, page, kind):
    return kind[2] < 8


@operator("encoding.rle-value-too-wide", "level_run_value_too_wide",
          "The first level of a section with a bit width below 8 is "
          "written as an RLE run whose value does not fit the width.",
          _kind_targets(_narrow_levels))
def _rle_value_too_wide(pq, rng, target):
    g, c, k, name = target
    _, _, width, levels = _kind(pq, target)
    value = rng.randint(1 << width, 255)
    runs = encoding.rle_runs([value], width) + encoding.rle_runs(
        levels[1:], width)

    def section(page):
        if _is_v2(pq, page):
            return runs
        return struct.pack("<I", len(runs)) + runs
    at = _prefix_len(pq, _page(pq.model, g, c, k)) + _varint_end(runs, 0)
    return _page_edit(pq,
                      _set_section(target, section),
                      lambda new: _levels_at(new, g, c, k, name, at, 1))


def _zero_width_targets(pq):
    return [(g, c, k) for g, c, k in _pages(pq, _index_sections)
            if _dictionary_size(pq, g, c) > 1]


@operator("encoding.dictionary-zero-bit-width", "index_bit_width_zero",
          "The bit width byte of a dictionary-encoded data page is 0 "
          "although its dictionary has more than one entry.",
          _zero_width_targets)
def _dictionary_zero_width(pq, rng, target):
    g, c, k = target
    return _page_edit(pq,
                      _set_values(g, c, k, lambda v: b"\x00" + v[1:]),
                      lambda new: _values_at(new, g, c, k, 0, 1))


# ---- more schema, LIST and MAP shapes, orders -------------------------------

@operator("schema.root-not-group", "root_is_leaf",
          "The root, schema[0], has a physical type and no num_children, "
          "so every other element is an orphan.", _always)
def _root_not_group(pq, rng, _):
    def edit(md, t):
        md.schema[0].type = getattr(t.Type, rng.choice(_PHYSICAL))
        md.schema[0].num_children = None
    return _edit(pq, edit, "schema[0].type")


@operator("schema.invalid-physical-type", "leaf_type_undefined",
          "A leaf's physical type is a value Type does not define.",
          _all_leaves)
def _invalid_physical(pq, rng, leaf):
    def edit(md, t):
        md.schema[leaf.element].type = rng.choice((rng.randint(8, 1000),
                                                   -rng.randint(1, 9)))
    return _edit(pq, edit,
                 _schema_path(leaf.element, "type"))


def _plain_groups(pq):
    """Unannotated non-root groups that are not REPEATED and are not
    already shaped like a LIST (one REPEATED child)."""
    t = pq.ttypes
    schema = pq.metadata.schema
    out = []
    for i in _groups(pq):
        e = schema[i]
        children = _schema(pq)[1][i][1]
        if (e.logicalType or e.converted_type is not None or
                e.repetition_type == t.FieldRepetitionType.REPEATED):
            continue
        if len(children) == 1 and schema[children[0]].repetition_type == \
                t.FieldRepetitionType.REPEATED:
            continue
        out.append(i)
    return out


def _subtree(i):
    """A span function: schema element i and all its descendants (colcheck
    may point at a child that breaks the shape)."""
    def span(new):
        elements = _schema(new)[1]
        last = i
        while elements[last][1]:
            last = elements[last][1][-1]
        return new.spans[_schema_path(i)].value.join(
            new.spans[_schema_path(last)].value)
    return span


@operator("list.malformed", "group_annotated_list",
          "A plain group that has no single REPEATED child is annotated "
          "LIST (LogicalType and ConvertedType).", _plain_groups)
def _list_malformed(pq, rng, i):
    def edit(md, t):
        e = md.schema[i]
        e.logicalType = t.LogicalType(LIST=t.ListType())
        e.converted_type = t.ConvertedType.LIST
    return _edit(pq, edit, _subtree(i))


@operator("map.malformed", "group_annotated_map",
          "A plain group that has no single REPEATED child is annotated "
          "MAP (LogicalType and ConvertedType).", _plain_groups)
def _map_malformed(pq, rng, i):
    def edit(md, t):
        e = md.schema[i]
        e.logicalType = t.LogicalType(MAP=t.MapType())
        e.converted_type = t.ConvertedType.MAP
    return _edit(pq, edit, _subtree(i))


def _float_nan_counts(pq):
    if not pq.metadata.column_orders:
        return []
    return _with_stats(lambda pq, l, s, m: _is_float(pq, l) and
                       s.min_value is not None and
                       s.nan_count is not None)(pq)


@operator("stats.nan-count-missing", "ieee754_without_nan_count",
          "A FLOAT or DOUBLE leaf gets IEEE_754_TOTAL_ORDER and one of its "
          "chunks with min/max loses nan_count.", _float_nan_counts)
def _nan_count_missing(pq, rng, target):
    g, c = target

    def edit(md, t):
        md.column_orders[c] = t.ColumnOrder(
            IEEE_754_TOTAL_ORDER=t.IEEE754TotalOrder())
        _stats(md, g, c).nan_count = None
    return _edit(pq, edit,
                 _meta_path(g, c, "statistics"))


def _unordered(pq, leaf, s, meta):
    return (_element(pq, leaf).converted_type ==
            pq.ttypes.ConvertedType.INTERVAL and s.min_value is None)


@operator("stats.undefined-order", "interval_with_bounds",
          "A chunk of an INTERVAL leaf, whose order is undefined, gets "
          "min_value and max_value.", _with_stats(_unordered))
def _undefined_order(pq, rng, target):
    g, c = target
    low = bytes(12)
    high = bytes(rng.randrange(256) for _ in range(12))

    def edit(md, t):
        s = _stats(md, g, c)
        s.min_value, s.max_value = low, high
    return _edit(pq, edit,
                 _stats_path(g, c, "min_value"))


@operator("page.dictionary-page-offset", "dictionary_offset_at_index_page",
          "An empty INDEX_PAGE is inserted before a chunk's dictionary page "
          "and dictionary_page_offset names it (the chunk's start). The "
          "INDEX_PAGE also draws page.index-page.", _dictionary_chunks)
def _dictionary_page_offset(pq, rng, target):
    g, c = target
    k = next(i for i, p in enumerate(_chunk(pq.model, g, c).pages)
             if _is_dictionary(pq, p))

    def insert(model, t):
        _chunk(model, g, c).pages.insert(k, writer.finish_page(
            writer.PageModel(t.PageHeader(
                type=t.PageType.INDEX_PAGE, uncompressed_page_size=0,
                compressed_page_size=0,
                index_page_header=t.IndexPageHeader())), t))
    new = _rebuild(pq, insert)

    def edit(md, t):
        _meta(md, g, c).dictionary_page_offset = \
            new.pages[(g, c)][k].header.offset
    return _edit(new, edit,
                 _meta_path(g, c, "dictionary_page_offset"))


# ---- more values: JSON, byte-array decimals, page index NaN counts ----------

@operator("value.invalid-json", "json_value_not_json",
          "One value of a JSON leaf becomes UTF-8 text that does not parse "
          "as JSON.",
          lambda pq: _plain_sections(pq, lambda pq, l: _logical(pq, l,
                                                                "JSON")))
def _invalid_json(pq, rng, target):
    text = rng.choice((b"{", b"[1,", b"nope", b"{\"a\" 1}", b"'x'"))
    return _replace_value(pq, rng, target,
                          lambda old: text)


@operator("value.decimal-length", "byte_array_decimal_empty",
          "One value of a BYTE_ARRAY DECIMAL leaf becomes empty (colcheck "
          "allows sign-extension bytes, so a long value is judged by its "
          "magnitude).",
          lambda pq: _plain_sections(pq, lambda pq, l: l.physical ==
                                     "BYTE_ARRAY" and _logical(
                                         pq, l, "DECIMAL")))
def _decimal_length(pq, rng, target):
    return _replace_value(pq, rng, target,
                          lambda old: b"")


@operator("page-index.nan-counts", "page_nan_count_off",
          "In a ColumnIndex, a page's nan_counts entry is 1 to 3 off its "
          "NaN values (not negative).",
          _with_region("column_index",
                       lambda pq, g, c, ci: ci.nan_counts))
def _index_nan_counts(pq, rng, target):
    g, c = target
    ci = _chunk(pq.model, g, c).column_index
    i = rng.randrange(len(ci.nan_counts))
    old = ci.nan_counts[i]
    new = old + (_delta(rng) if old >= 3 else rng.randint(1, 3))

    def fn(ci, t):
        ci.nan_counts[i] = new
    return _page_edit(pq, _ci_edit(g, c, fn),
                      _region(g, c, "column_index", f"nan_counts[{i}]"))
