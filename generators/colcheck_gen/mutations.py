"""Footer-level mutations: each breaks exactly one rule of a valid file.

A mutation takes a writer.ParquetFile and returns `(bytes, expected)` with
expected = {"code", "offset", "length"}: the diagnostic colcheck must
report and the absolute span it must point at (for a broken field, the
bytes of its value).

Three kinds of operators, from cleanest to rawest:

* model mutations edit a copy of the FileMetaData Thrift object, serialize
  it again with TCompactProtocol, and take the span of the edited field
  from the recording protocol (recording.py);
* splices replace the bytes of one recorded span of the valid footer
  (a field header's type nibble, a varint re-encoded longer) and fix the
  footer length, for faults the Thrift library cannot write;
* tail mutations change the magics, the footer length or the file size.

Add a mutation with the @mutation decorator; make_corpus.py writes one
corpus/invalid/<code>/<name>.parquet per registered mutation, and
tests/test_mutations.py checks each against colcheck.
"""

import copy
import math
import struct
from dataclasses import dataclass
from typing import Callable

from thrift.protocol.TCompactProtocol import TCompactProtocol, makeZigZag
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen import encoding, writer
from colcheck_gen.recording import Span


@dataclass(frozen=True)
class Mutation:
    name: str  # File stem in corpus/invalid/<code>/.
    code: str  # The diagnostic code colcheck must report.
    description: str
    apply: Callable  # (ParquetFile) -> (bytes, expected dict)


REGISTRY = []

# Codes colcheck does not report as the mutation expects (rule not
# implemented yet, or a span under discussion): make_corpus.py leaves their
# mutations out of corpus/invalid and tests/test_mutations.py skips them.
# Remove a code here once colcheck agrees, then regenerate the corpus.
PENDING_CODES = frozenset()


def mutation(code, name, description):
    def register(fn):
        REGISTRY.append(Mutation(name, code, description, fn))
        return fn
    return register


def active():
    """The mutations whose code colcheck reports today."""
    return [m for m in REGISTRY if m.code not in PENDING_CODES]


def by_code():
    """code -> [Mutation]."""
    out = {}
    for m in REGISTRY:
        out.setdefault(m.code, []).append(m)
    return out


def expected(code, span):
    return {"code": code, "offset": span.offset, "length": span.length}


# ---- helpers --------------------------------------------------------------

def _leaf_index(pq, dotted):
    """The column index of the leaf whose path is `dotted` ("location.lat")."""
    columns = pq.metadata.row_groups[0].columns
    for i, c in enumerate(columns):
        if ".".join(c.meta_data.path_in_schema) == dotted:
            return i
    raise KeyError(dotted)


def _element_index(pq, name):
    """The schema index of the first element named `name`."""
    for i, e in enumerate(pq.metadata.schema):
        if e.name == name:
            return i
    raise KeyError(name)


def _edit(pq, code, edit, path, part="value"):
    """Applies `edit(md, ttypes)` to a copy of the metadata, rebuilds the
    file and expects `code` at `path`'s value (or its whole field, or for
    a callable path, the Span it returns from the new file)."""
    md = copy.deepcopy(pq.metadata)
    edit(md, pq.ttypes)
    new = pq.with_metadata(md)
    if callable(path):
        span = path(new)
    else:
        field = new.spans[path]
        span = field.whole if part == "whole" else field.value
    return new.data, expected(code, span)


def _column(md, rg, col):
    return md.row_groups[rg].columns[col]


def _meta_path(rg, col, name):
    return f"row_groups[{rg}].columns[{col}].meta_data.{name}"


def _retail(column_data, footer):
    return (bytes(column_data) + footer + struct.pack("<I", len(footer)) +
            writer.MAGIC)


def _splice(pq, span, replacement, code, expect=None):
    """Replaces the footer bytes at absolute `span` and fixes the length.
    Expects `code` at the replacement (or at `expect(new_offset)`)."""
    footer = bytearray(pq.footer)
    begin = span.offset - pq.footer_offset
    footer[begin:begin + span.length] = replacement
    data = _retail(pq.column_data, bytes(footer))
    where = Span(span.offset, len(replacement))
    return data, expected(code, expect(where) if expect else where)


def _compact(write):
    """Bytes written by TCompactProtocol calls in `write(proto)`."""
    buf = TMemoryBuffer()
    write(TCompactProtocol(buf))
    return buf.getvalue()


def _long_header(ttype_compact, fid):
    """A long-form field header (delta 0, then the zigzag i16 id), the form
    a writer must use when an id does not follow the previous one."""
    return bytes([ttype_compact]) + encoding.uleb128(makeZigZag(fid, 16))


def _varint_padded(value_bytes, total):
    """The same varint value in `total` bytes: continuation bits set and
    zero groups appended (an overlong, non-canonical encoding)."""
    groups = [b & 0x7F for b in value_bytes]
    groups += [0] * (total - len(groups))
    return bytes([g | 0x80 for g in groups[:-1]] + [groups[-1]])


# ---- file: the tail -------------------------------------------------------

@mutation("file.too-small", "eleven_bytes",
          "The first 11 bytes of a valid file.")
def _too_small(pq):
    return pq.data[:11], expected("file.too-small", Span(0, 11))


@mutation("file.bad-leading-magic", "leading_magic_par0",
          "The leading magic PAR1 is replaced by PAR0.")
def _bad_leading(pq):
    return b"PAR0" + pq.data[4:], expected("file.bad-leading-magic",
                                           Span(0, 4))


@mutation("file.bad-trailing-magic", "trailing_magic_par2",
          "The trailing magic PAR1 is replaced by PAR2.")
def _bad_trailing(pq):
    n = len(pq.data)
    return pq.data[:-4] + b"PAR2", expected("file.bad-trailing-magic",
                                            Span(n - 4, 4))


@mutation("file.footer-length-out-of-bounds", "footer_length_too_large",
          "The footer length is one more than the bytes between the magics.")
def _footer_too_large(pq):
    n = len(pq.data)
    data = pq.data[:-8] + struct.pack("<I", n - 11) + writer.MAGIC
    return data, expected("file.footer-length-out-of-bounds",
                          Span(n - 8, 4))


@mutation("file.footer-length-out-of-bounds", "footer_length_zero",
          "The footer length is 0.")
def _footer_zero(pq):
    n = len(pq.data)
    data = pq.data[:-8] + struct.pack("<I", 0) + writer.MAGIC
    return data, expected("file.footer-length-out-of-bounds",
                          Span(n - 8, 4))


@mutation("file.metadata-trailing-bytes", "three_bytes_after_metadata",
          "Three zero bytes follow FileMetaData inside the footer length.")
def _trailing_bytes(pq):
    data = _retail(pq.column_data, pq.footer + b"\0\0\0")
    return data, expected("file.metadata-trailing-bytes",
                          Span(pq.footer_offset + pq.footer_length, 3))


# ---- thrift: the compact protocol -----------------------------------------

@mutation("thrift.truncated", "footer_cut_inside_varint",
          "The footer ends after the first byte of the last column's "
          "two-byte data_page_offset varint.")
def _truncated(pq):
    rg = len(pq.metadata.row_groups) - 1
    col = len(pq.metadata.row_groups[rg].columns) - 1
    value = pq.spans[_meta_path(rg, col, "data_page_offset")].value
    assert value.length >= 2, "the base file's offsets need 2-byte varints"
    cut = value.offset + 1 - pq.footer_offset
    data = _retail(pq.column_data, pq.footer[:cut])
    return data, expected("thrift.truncated", Span(value.offset, 1))


@mutation("thrift.varint-overlong", "num_rows_11_byte_varint",
          "FileMetaData.num_rows is re-encoded as an 11-byte varint.")
def _overlong(pq):
    value = pq.spans["num_rows"].value
    old = pq.data[value.offset:value.end]
    return _splice(pq, value, _varint_padded(old, 11),
                   "thrift.varint-overlong")


@mutation("thrift.varint-overflow", "version_exceeds_i32",
          "FileMetaData.version (i32) is a 5-byte varint of 2^35 - 1.")
def _overflow(pq):
    return _splice(pq, pq.spans["version"].value, b"\xff\xff\xff\xff\x7f",
                   "thrift.varint-overflow")


@mutation("thrift.varint-non-canonical", "version_two_byte_varint",
          "FileMetaData.version 1 is written 0x82 0x00 instead of 0x02.")
def _non_canonical(pq):
    value = pq.spans["version"].value
    old = pq.data[value.offset:value.end]
    return _splice(pq, value, _varint_padded(old, len(old) + 1),
                   "thrift.varint-non-canonical")


def _retype_header(pq, path, new_type, code):
    """Replaces the type nibble of a short-form field header."""
    header = pq.spans[path].header
    old = pq.data[header.offset]
    assert old >> 4, "expects a short-form header"
    return _splice(pq, Span(header.offset, 1),
                   bytes([(old & 0xF0) | new_type]), code)


@mutation("thrift.invalid-type", "num_rows_type_14",
          "The field header of FileMetaData.num_rows has type nibble 14 "
          "(13 is UUID in recent Thrift; 14 and 15 are undefined).")
def _invalid_type(pq):
    return _retype_header(pq, "num_rows", 14, "thrift.invalid-type")


@mutation("thrift.wrong-type", "ordinal_as_i32",
          "RowGroup.ordinal (i16) arrives with wire type i32.")
def _wrong_type(pq):
    return _retype_header(pq, "row_groups[0].ordinal", 5, "thrift.wrong-type")


@mutation("thrift.missing-required-field", "row_group_without_total_byte_size",
          "RowGroup.total_byte_size (required) is left out of row_groups[0].")
def _missing_required(pq):
    def edit(md, t):
        md.row_groups[0].total_byte_size = None
    return _edit(pq, "thrift.missing-required-field", edit, "row_groups[0]")


@mutation("thrift.duplicate-field", "created_by_twice",
          "FileMetaData.created_by appears a second time, right after the "
          "first, with a long-form header (id delta 0).")
def _duplicate(pq):
    field = pq.spans["created_by"]
    copy_bytes = (_long_header(8, 6) +
                  pq.data[field.value.offset:field.value.end])
    return _splice(pq, Span(field.value.end, 0), copy_bytes,
                   "thrift.duplicate-field")


@mutation("thrift.invalid-field-id", "field_id_zero",
          "A field with id 0 (long-form header) is added at the end of "
          "FileMetaData.")
def _invalid_field_id(pq):
    stop = pq.footer_offset + pq.footer_length - 1
    extra = _long_header(5, 0) + b"\x02"
    return _splice(pq, Span(stop, 0), extra, "thrift.invalid-field-id",
                   expect=lambda s: Span(s.offset, 2))


@mutation("thrift.collection-size-exceeds-data", "column_orders_million",
          "The column_orders list header declares 1,000,000 elements.")
def _collection_size(pq):
    value = pq.spans["column_orders"].value
    first = pq.spans["column_orders[0]"].value
    old = pq.data[value.offset]
    header = bytes([0xF0 | (old & 0x0F)]) + encoding.uleb128(1_000_000)
    return _splice(pq, Span(value.offset, first.offset - value.offset),
                   header, "thrift.collection-size-exceeds-data")


@mutation("thrift.wrong-element-type", "encodings_as_i64",
          "ColumnMetaData.encodings (list<i32>) declares i64 elements.")
def _element_type(pq):
    value = pq.spans[_meta_path(0, 0, "encodings")].value
    old = pq.data[value.offset]
    return _splice(pq, Span(value.offset, 1), bytes([(old & 0xF0) | 6]),
                   "thrift.wrong-element-type")


@mutation("thrift.binary-length-exceeds-data", "created_by_length_huge",
          "The length of created_by is 100,000, past the footer's end.")
def _binary_length(pq):
    value = pq.spans["created_by"].value
    text = pq.metadata.created_by.encode("utf-8")
    old_len = len(encoding.uleb128(len(text)))
    return _splice(pq, Span(value.offset, old_len), encoding.uleb128(100_000),
                   "thrift.binary-length-exceeds-data",
                   expect=lambda s: Span(s.offset, value.end - value.offset
                                         - old_len + s.length))


@mutation("thrift.union-member-count", "column_order_empty",
          "column_orders[0] is a ColumnOrder union with no member set.")
def _union_empty(pq):
    def edit(md, t):
        md.column_orders[0] = t.ColumnOrder()
    return _edit(pq, "thrift.union-member-count", edit, "column_orders[0]")


@mutation("thrift.empty-list-zero-type", "key_value_metadata_0x00",
          "An empty key_value_metadata list is written as the byte 0x00.")
def _empty_list(pq):
    md = copy.deepcopy(pq.metadata)
    md.key_value_metadata = []
    new = pq.with_metadata(md)
    value = new.spans["key_value_metadata"].value
    return _splice(new, value, b"\x00", "thrift.empty-list-zero-type")


@mutation("thrift.invalid-utf8", "created_by_not_utf8",
          "The first byte of created_by is 0xFF.")
def _invalid_utf8(pq):
    value = pq.spans["created_by"].value
    text = pq.metadata.created_by.encode("utf-8")
    prefix = len(encoding.uleb128(len(text)))
    return _splice(pq, Span(value.offset + prefix, 1), b"\xff",
                   "thrift.invalid-utf8", expect=lambda s: value)


# ---- schema ---------------------------------------------------------------

def _schema_path(i, name=None):
    return f"schema[{i}].{name}" if name else f"schema[{i}]"


@mutation("schema.orphaned-elements", "root_num_children_minus_one",
          "The root's num_children is one less, so its last child (a group "
          "and its three leaves) is never reached.")
def _orphans(pq):
    def edit(md, t):
        md.schema[0].num_children -= 1

    def span(new):
        last = len(new.metadata.schema) - 1
        return new.spans["schema[0].num_children"].value.join(
            new.spans[_schema_path(last)].value)
    return _edit(pq, "schema.orphaned-elements", edit, span)


@mutation("schema.num-children-exceeds-elements", "root_num_children_too_large",
          "The root's num_children equals the number of schema elements.")
def _children_exceed(pq):
    def edit(md, t):
        md.schema[0].num_children = len(md.schema)
    return _edit(pq, "schema.num-children-exceeds-elements", edit,
                 "schema[0].num_children")


@mutation("schema.negative-num-children", "group_num_children_negative",
          "The group `location` has num_children -1.")
def _negative_children(pq):
    i = _element_index(pq, "location")

    def edit(md, t):
        md.schema[i].num_children = -1
    return _edit(pq, "schema.negative-num-children", edit,
                 _schema_path(i, "num_children"))


@mutation("schema.missing-repetition", "leaf_without_repetition",
          "The leaf `score` has no repetition_type.")
def _missing_repetition(pq):
    i = _element_index(pq, "score")

    def edit(md, t):
        md.schema[i].repetition_type = None
    return _edit(pq, "schema.missing-repetition", edit, _schema_path(i))


@mutation("schema.invalid-repetition", "repetition_seven",
          "The leaf `score` has repetition_type 7.")
def _invalid_repetition(pq):
    i = _element_index(pq, "score")

    def edit(md, t):
        md.schema[i].repetition_type = 7
    return _edit(pq, "schema.invalid-repetition", edit,
                 _schema_path(i, "repetition_type"))


@mutation("schema.root-repetition", "root_required",
          "The root has repetition_type REQUIRED.")
def _root_repetition(pq):
    def edit(md, t):
        md.schema[0].repetition_type = t.FieldRepetitionType.REQUIRED
    return _edit(pq, "schema.root-repetition", edit,
                 "schema[0].repetition_type")


@mutation("schema.flba-type-length", "flba_type_length_zero",
          "The FIXED_LEN_BYTE_ARRAY leaf `raw` has type_length 0.")
def _flba_length(pq):
    i = _element_index(pq, "raw")

    def edit(md, t):
        md.schema[i].type_length = 0
    return _edit(pq, "schema.flba-type-length", edit,
                 _schema_path(i, "type_length"))


@mutation("schema.empty-name", "leaf_name_empty",
          "The leaf `score` is renamed to \"\" (path_in_schema too).")
def _empty_name(pq):
    i = _element_index(pq, "score")
    col = _leaf_index(pq, "score")

    def edit(md, t):
        md.schema[i].name = ""
        for rg in md.row_groups:
            rg.columns[col].meta_data.path_in_schema = [""]
    return _edit(pq, "schema.empty-name", edit, _schema_path(i, "name"))


@mutation("schema.duplicate-sibling-name", "lon_renamed_lat",
          "location.lon is renamed to `lat`, its sibling's name "
          "(path_in_schema too).")
def _duplicate_name(pq):
    i = _element_index(pq, "lon")
    col = _leaf_index(pq, "location.lon")

    def edit(md, t):
        md.schema[i].name = "lat"
        for rg in md.row_groups:
            rg.columns[col].meta_data.path_in_schema = ["location", "lat"]
    return _edit(pq, "schema.duplicate-sibling-name", edit,
                 _schema_path(i, "name"))


@mutation("schema.group-with-type", "group_with_int32",
          "The group `location` also has physical type INT32.")
def _group_with_type(pq):
    i = _element_index(pq, "location")

    def edit(md, t):
        md.schema[i].type = t.Type.INT32
    return _edit(pq, "schema.group-with-type", edit, _schema_path(i, "type"))


@mutation("schema.empty-group", "group_without_children",
          "A group `empty` with num_children 0 is added as the root's last "
          "child.")
def _empty_group(pq):
    def edit(md, t):
        md.schema[0].num_children += 1
        md.schema.append(t.SchemaElement(
            name="empty", repetition_type=t.FieldRepetitionType.OPTIONAL,
            num_children=0))
    return _edit(pq, "schema.empty-group", edit,
                 lambda new: new.spans[_schema_path(
                     len(new.metadata.schema) - 1, "num_children")].value)


@mutation("schema.duplicate-field-id", "field_id_reused",
          "The leaves `id` and `score` both have field_id 1.")
def _duplicate_field_id(pq):
    a, b = _element_index(pq, "id"), _element_index(pq, "score")

    def edit(md, t):
        md.schema[a].field_id = 1
        md.schema[b].field_id = 1
    return _edit(pq, "schema.duplicate-field-id", edit,
                 _schema_path(b, "field_id"))


@mutation("schema.unknown-converted-type", "converted_type_42",
          "The plain INT32 leaf `count` has converted_type 42.")
def _unknown_converted(pq):
    i = _element_index(pq, "count")

    def edit(md, t):
        md.schema[i].converted_type = 42
    return _edit(pq, "schema.unknown-converted-type", edit,
                 _schema_path(i, "converted_type"))


# ---- logical and converted types ------------------------------------------

@mutation("logical.incompatible-physical-type", "string_on_int32",
          "The plain INT32 leaf `count` gets LogicalType STRING.")
def _logical_incompatible(pq):
    i = _element_index(pq, "count")

    def edit(md, t):
        md.schema[i].logicalType = t.LogicalType(STRING=t.StringType())
    return _edit(pq, "logical.incompatible-physical-type", edit,
                 _schema_path(i, "logicalType"))


@mutation("converted.incompatible-physical-type", "utf8_on_int32",
          "The plain INT32 leaf `count` gets ConvertedType UTF8.")
def _converted_incompatible(pq):
    i = _element_index(pq, "count")

    def edit(md, t):
        md.schema[i].converted_type = t.ConvertedType.UTF8
    return _edit(pq, "converted.incompatible-physical-type", edit,
                 _schema_path(i, "converted_type"))


@mutation("logical.converted-type-mismatch", "string_with_enum",
          "The STRING leaf `name` has ConvertedType ENUM instead of UTF8.")
def _logical_converted(pq):
    i = _element_index(pq, "name")

    def edit(md, t):
        md.schema[i].converted_type = t.ConvertedType.ENUM
    return _edit(pq, "logical.converted-type-mismatch", edit,
                 _schema_path(i, "converted_type"))


@mutation("logical.invalid-length", "uuid_on_flba4",
          "The FIXED_LEN_BYTE_ARRAY(4) leaf `raw` gets LogicalType UUID.")
def _invalid_length(pq):
    i = _element_index(pq, "raw")

    def edit(md, t):
        md.schema[i].logicalType = t.LogicalType(UUID=t.UUIDType())
    return _edit(pq, "logical.invalid-length", edit,
                 _schema_path(i, "logicalType"))


@mutation("integer.invalid-bit-width", "int_bit_width_12",
          "The INT(16) leaf `small` has bitWidth 12.")
def _bit_width(pq):
    i = _element_index(pq, "small")

    def edit(md, t):
        md.schema[i].logicalType.INTEGER.bitWidth = 12
    return _edit(pq, "integer.invalid-bit-width", edit,
                 _schema_path(i, "logicalType.INTEGER.bitWidth"))


def _set_decimal(pq, name, code, precision=None, scale=None,
                 element_too=True, path="logicalType.DECIMAL.precision"):
    i = _element_index(pq, name)

    def edit(md, t):
        e = md.schema[i]
        if precision is not None:
            e.logicalType.DECIMAL.precision = precision
            if element_too:
                e.precision = precision
        if scale is not None:
            e.logicalType.DECIMAL.scale = scale
            if element_too:
                e.scale = scale
    return _edit(pq, code, edit, _schema_path(i, path))


@mutation("decimal.precision-not-positive", "precision_zero",
          "DECIMAL(9,2) leaf `price` gets precision 0 and scale 0, in the "
          "DecimalType and the SchemaElement.")
def _precision_zero(pq):
    return _set_decimal(pq, "price", "decimal.precision-not-positive",
                        precision=0, scale=0)


@mutation("decimal.scale-out-of-range", "scale_above_precision",
          "DECIMAL(9,2) leaf `price` gets scale 10 (both places).")
def _scale_range(pq):
    return _set_decimal(pq, "price", "decimal.scale-out-of-range", scale=10,
                        path="logicalType.DECIMAL.scale")


@mutation("decimal.precision-exceeds-physical", "int32_precision_10",
          "DECIMAL(9,2) INT32 leaf `price` gets precision 10 (both places).")
def _precision_physical(pq):
    return _set_decimal(pq, "price", "decimal.precision-exceeds-physical",
                        precision=10)


@mutation("decimal.precision-exceeds-physical", "flba16_precision_39",
          "DECIMAL(38,6) FIXED_LEN_BYTE_ARRAY(16) leaf `big` gets precision "
          "39 (both places).")
def _precision_flba(pq):
    return _set_decimal(pq, "big", "decimal.precision-exceeds-physical",
                        precision=39)


@mutation("decimal.schema-mismatch", "element_precision_differs",
          "SchemaElement.precision of `price` is 8, its DecimalType says 9.")
def _decimal_schema(pq):
    i = _element_index(pq, "price")

    def edit(md, t):
        md.schema[i].precision = 8
    return _edit(pq, "decimal.schema-mismatch", edit,
                 _schema_path(i, "precision"))


@mutation("decimal.int64-low-precision", "int64_precision_9",
          "DECIMAL(18,4) INT64 leaf `amount` gets precision 9 (both places).")
def _int64_low(pq):
    return _set_decimal(pq, "amount", "decimal.int64-low-precision",
                        precision=9)


# ---- metadata: FileMetaData, RowGroup, ColumnChunk -------------------------

@mutation("metadata.num-rows-mismatch", "num_rows_plus_one",
          "FileMetaData.num_rows is one more than the row groups hold.")
def _num_rows(pq):
    def edit(md, t):
        md.num_rows += 1
    return _edit(pq, "metadata.num-rows-mismatch", edit, "num_rows")


@mutation("metadata.unknown-version", "version_3",
          "FileMetaData.version is 3.")
def _version(pq):
    def edit(md, t):
        md.version = 3
    return _edit(pq, "metadata.unknown-version", edit, "version")


@mutation("metadata.negative-value", "total_byte_size_negative",
          "RowGroup.total_byte_size of row_groups[0] is -1.")
def _negative(pq):
    def edit(md, t):
        md.row_groups[0].total_byte_size = -1
    return _edit(pq, "metadata.negative-value", edit,
                 "row_groups[0].total_byte_size")


@mutation("metadata.column-count-mismatch", "row_group_missing_last_column",
          "row_groups[0] lacks the chunk of the last leaf.")
def _column_count(pq):
    def edit(md, t):
        rg = md.row_groups[0]
        removed = rg.columns.pop()
        rg.total_byte_size -= removed.meta_data.total_uncompressed_size
        rg.total_compressed_size -= removed.meta_data.total_compressed_size
    return _edit(pq, "metadata.column-count-mismatch", edit,
                 "row_groups[0].columns")


@mutation("metadata.type-mismatch", "int32_chunk_says_int64",
          "The chunk of INT32 leaf `count` says type INT64.")
def _type_mismatch(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        _column(md, 0, col).meta_data.type = t.Type.INT64
    return _edit(pq, "metadata.type-mismatch", edit,
                 _meta_path(0, col, "type"))


@mutation("metadata.path-mismatch", "path_renamed",
          "The chunk of leaf `score` has path_in_schema [\"scores\"].")
def _path_mismatch(pq):
    col = _leaf_index(pq, "score")

    def edit(md, t):
        _column(md, 0, col).meta_data.path_in_schema = ["scores"]
    return _edit(pq, "metadata.path-mismatch", edit,
                 _meta_path(0, col, "path_in_schema"))


@mutation("metadata.offset-out-of-bounds", "data_page_offset_past_eof",
          "The last chunk's data_page_offset points 100 bytes past the end "
          "of the file.")
def _offset_oob(pq):
    rg = len(pq.metadata.row_groups) - 1
    col = len(pq.metadata.row_groups[rg].columns) - 1

    def edit(md, t):
        _column(md, rg, col).meta_data.data_page_offset = len(pq.data) + 100
    return _edit(pq, "metadata.offset-out-of-bounds", edit,
                 _meta_path(rg, col, "data_page_offset"))


@mutation("metadata.chunk-out-of-bounds", "chunk_runs_into_footer",
          "The last chunk's total_compressed_size is 100 bytes larger, so "
          "it runs into the footer.")
def _chunk_oob(pq):
    rg = len(pq.metadata.row_groups) - 1
    col = len(pq.metadata.row_groups[rg].columns) - 1

    def edit(md, t):
        _column(md, rg, col).meta_data.total_compressed_size += 100
        md.row_groups[rg].total_compressed_size += 100
    return _edit(pq, "metadata.chunk-out-of-bounds", edit,
                 _meta_path(rg, col, "total_compressed_size"))


@mutation("metadata.invalid-codec", "codec_42",
          "The first chunk's codec is 42.")
def _codec(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.codec = 42
    return _edit(pq, "metadata.invalid-codec", edit, _meta_path(0, 0, "codec"))


@mutation("metadata.dictionary-after-data", "dictionary_offset_equals_data",
          "The first chunk's dictionary_page_offset equals its "
          "data_page_offset (it must come before it).")
def _dict_after(pq):
    def edit(md, t):
        meta = _column(md, 0, 0).meta_data
        meta.dictionary_page_offset = meta.data_page_offset
    return _edit(pq, "metadata.dictionary-after-data", edit,
                 _meta_path(0, 0, "dictionary_page_offset"))


@mutation("metadata.dictionary-offset-zero", "dictionary_offset_zero",
          "The first chunk's dictionary_page_offset is 0.")
def _dict_zero(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.dictionary_page_offset = 0
    return _edit(pq, "metadata.dictionary-offset-zero", edit,
                 _meta_path(0, 0, "dictionary_page_offset"))


@mutation("metadata.missing-column-metadata", "chunk_without_meta_data",
          "row_groups[0].columns[1] has no meta_data.")
def _missing_meta(pq):
    def edit(md, t):
        _column(md, 0, 1).meta_data = None
    return _edit(pq, "metadata.missing-column-metadata", edit,
                 "row_groups[0].columns[1]")


@mutation("metadata.external-file-path", "file_path_set",
          "row_groups[0].columns[0].file_path is \"other.parquet\".")
def _file_path(pq):
    def edit(md, t):
        _column(md, 0, 0).file_path = "other.parquet"
    return _edit(pq, "metadata.external-file-path", edit,
                 "row_groups[0].columns[0].file_path")


@mutation("metadata.unknown-encoding", "encoding_99",
          "The first chunk's encodings list gains the value 99.")
def _unknown_encoding(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.encodings.append(99)
    return _edit(pq, "metadata.unknown-encoding", edit,
                 _meta_path(0, 0, "encodings[2]"))


@mutation("metadata.encodings-empty", "encodings_empty",
          "The first chunk's encodings list is empty.")
def _encodings_empty(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.encodings = []
    return _edit(pq, "metadata.encodings-empty", edit,
                 _meta_path(0, 0, "encodings"))


@mutation("metadata.column-orders-count", "column_orders_one_short",
          "column_orders has one entry fewer than there are leaves.")
def _orders_count(pq):
    def edit(md, t):
        md.column_orders.pop()
    return _edit(pq, "metadata.column-orders-count", edit, "column_orders")


@mutation("metadata.column-order-type", "ieee754_order_on_int32",
          "The INT32 leaf `count` has column order IEEE_754_TOTAL_ORDER.")
def _order_type(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        md.column_orders[col] = t.ColumnOrder(
            IEEE_754_TOTAL_ORDER=t.IEEE754TotalOrder())
    return _edit(pq, "metadata.column-order-type", edit,
                 f"column_orders[{col}]")


@mutation("metadata.column-orders-missing", "no_column_orders",
          "FileMetaData has no column_orders although statistics use "
          "min_value/max_value.")
def _orders_missing(pq):
    def edit(md, t):
        md.column_orders = None
    # The absent field has no bytes: the span is the whole FileMetaData.
    return _edit(pq, "metadata.column-orders-missing", edit,
                 lambda new: Span(new.footer_offset, new.footer_length))


@mutation("metadata.row-group-ordinal", "ordinal_5",
          "row_groups[1].ordinal is 5.")
def _ordinal(pq):
    def edit(md, t):
        md.row_groups[1].ordinal = 5
    return _edit(pq, "metadata.row-group-ordinal", edit,
                 "row_groups[1].ordinal")


@mutation("metadata.sorting-column-out-of-range", "sorting_column_99",
          "row_groups[0] declares sorting column 99.")
def _sorting(pq):
    def edit(md, t):
        md.row_groups[0].sorting_columns = [t.SortingColumn(
            column_idx=99, descending=False, nulls_first=True)]
    return _edit(pq, "metadata.sorting-column-out-of-range", edit,
                 "row_groups[0].sorting_columns[0].column_idx")


@mutation("metadata.row-group-file-offset", "file_offset_plus_one",
          "row_groups[1].file_offset is one past its first chunk.")
def _rg_file_offset(pq):
    def edit(md, t):
        md.row_groups[1].file_offset += 1
    return _edit(pq, "metadata.row-group-file-offset", edit,
                 "row_groups[1].file_offset")


@mutation("metadata.row-group-compressed-size", "compressed_size_plus_one",
          "row_groups[0].total_compressed_size is one more than its chunks'.")
def _rg_size(pq):
    def edit(md, t):
        md.row_groups[0].total_compressed_size += 1
    return _edit(pq, "metadata.row-group-compressed-size", edit,
                 "row_groups[0].total_compressed_size")


@mutation("metadata.index-page-offset", "index_page_offset_set",
          "The first chunk has an index_page_offset.")
def _index_page(pq):
    def edit(md, t):
        meta = _column(md, 0, 0).meta_data
        meta.index_page_offset = meta.data_page_offset
    return _edit(pq, "metadata.index-page-offset", edit,
                 _meta_path(0, 0, "index_page_offset"))


@mutation("metadata.index-offset-without-length", "offset_index_no_length",
          "The first chunk has an offset_index_offset but no length.")
def _index_no_length(pq):
    def edit(md, t):
        col = _column(md, 0, 0)
        col.offset_index_offset = col.meta_data.data_page_offset
    return _edit(pq, "metadata.index-offset-without-length", edit,
                 "row_groups[0].columns[0].offset_index_offset")


# ---- stats: chunk statistics -----------------------------------------------

def _stats_path(col, name):
    return _meta_path(0, col, f"statistics.{name}")


@mutation("stats.min-greater-than-max", "min_max_swapped",
          "min_value and max_value of INT32 leaf `count` are swapped.")
def _min_gt_max(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min_value, s.max_value = s.max_value, s.min_value
    return _edit(pq, "stats.min-greater-than-max", edit,
                 _stats_path(col, "min_value"))


@mutation("stats.value-length", "int32_min_three_bytes",
          "min_value of INT32 leaf `count` is 3 bytes long.")
def _value_length(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min_value = s.min_value[:3]
    return _edit(pq, "stats.value-length", edit, _stats_path(col, "min_value"))


@mutation("stats.null-count-exceeds-values", "null_count_above_num_values",
          "null_count of leaf `count` is num_values + 1.")
def _null_count(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        meta = _column(md, 0, col).meta_data
        meta.statistics.null_count = meta.num_values + 1
    return _edit(pq, "stats.null-count-exceeds-values", edit,
                 _stats_path(col, "null_count"))


@mutation("stats.distinct-count-exceeds-values", "distinct_count_too_large",
          "distinct_count of leaf `count` is num_values + 1.")
def _distinct_count(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        meta = _column(md, 0, col).meta_data
        meta.statistics.distinct_count = meta.num_values + 1
    return _edit(pq, "stats.distinct-count-exceeds-values", edit,
                 _stats_path(col, "distinct_count"))


@mutation("stats.deprecated-min-greater-than-max", "deprecated_min_above_max",
          "The deprecated min/max of leaf `count` are set with min > max.")
def _deprecated(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min, s.max = s.max_value, s.min_value
    return _edit(pq, "stats.deprecated-min-greater-than-max", edit,
                 _stats_path(col, "min"))


@mutation("stats.nan-bound", "double_max_nan",
          "max_value of DOUBLE leaf `score` is NaN.")
def _nan_bound(pq):
    col = _leaf_index(pq, "score")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.max_value = struct.pack("<d", math.nan)
    return _edit(pq, "stats.nan-bound", edit, _stats_path(col, "max_value"))


@mutation("stats.nan-count-on-non-float", "nan_count_on_int32",
          "The INT32 leaf `count` has nan_count 0.")
def _nan_count(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        _column(md, 0, col).meta_data.statistics.nan_count = 0
    return _edit(pq, "stats.nan-count-on-non-float", edit,
                 _stats_path(col, "nan_count"))
