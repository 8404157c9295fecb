"""Mutations: each breaks exactly one rule of a valid file.

A mutation takes a writer.ParquetFile and returns `(bytes, span)`: the
broken file and the absolute span colcheck must point at (for a broken
field, the bytes of its value; for two fields that disagree, from one
value to the other; for a missing field, the struct that lacks it). The
code it must report is given once, to @mutation; Breakage.apply
(common/breakage.py) returns `(bytes, {"code", "offset", "length"})`.

Footer operators start from valid/mutation_base.parquet; page operators
(@page_mutation) from valid/page_base.parquet (Breakage.base). Four kinds,
from cleanest to rawest:

* model mutations edit a copy of the FileMetaData Thrift object, serialize
  it again with TCompactProtocol, and take the span of the edited field
  from the recording protocol (recording.py);
* page mutations edit a copy of the writer's FileModel (a page header
  field, a page's level or value section, the pages of a chunk, a page
  index or bloom filter) and lay the file out again: writer.finish_page
  repairs the page's sizes and crc, and writer.layout() every offset,
  chunk size and count, so only the edited rule breaks; the span comes
  from the recorded page placements (ParquetFile.pages, .regions);
* splices replace the bytes of one recorded span of the valid file
  (a field header's type nibble, a varint re-encoded longer) and fix the
  footer length, for faults the Thrift library cannot write;
* tail mutations change the magics, the footer length or the file size.

Add a mutation with the @mutation (or @page_mutation) decorator, both
breakage.register for the PARQUET family; make_corpus.py writes one
corpus/invalid/<code>/<name>.parquet per registered mutation, and
tests/test_mutations.py checks each against colcheck.
"""

import copy
import functools
import math
import struct

from thrift.protocol.TCompactProtocol import TCompactProtocol, makeZigZag
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen.common import breakage
from colcheck_gen.common.span import Span
from colcheck_gen.parquet import encoding, recording, writer


# A mutation takes a ParquetFile and returns (bytes, Span); base is the
# specs.VALID file it starts from (common/breakage.py).
mutation = functools.partial(breakage.register, breakage.PARQUET,
                             base="mutation_base")
# A mutation of valid/page_base.parquet.
page_mutation = functools.partial(breakage.register, breakage.PARQUET,
                                  base="page_base")

# Codes colcheck does not report as the mutation expects (rule not
# implemented yet, or a span under discussion): make_corpus.py leaves their
# mutations out of corpus/invalid and tests/test_mutations.py skips them.
# Remove a code here once colcheck agrees, then regenerate the corpus.
PENDING_CODES = frozenset()

# Registry codes no operator can reach from a file of corpus size, and why.
# Both limits are only reached through bytes that must exist: the decoder
# checks a declared size against the bytes present before the limit.
UNBUILDABLE_CODES = {
    "limits.footer-size":
        "the footer length must exceed 1 GiB (limits.h kMaxFooterBytes) and "
        "still fit in the file, so the file is over 1 GiB",
    "limits.collection-size":
        "a list must declare more than 2^26 elements (kMaxCollectionSize), "
        "and each must have at least one byte present, so the footer is "
        "over 64 MiB",
}


def active():
    """The mutations whose code colcheck reports today."""
    return [m for m in breakage.of(breakage.PARQUET)
            if m.code not in PENDING_CODES]


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


def _edit(pq, edit, path, part="value"):
    """Applies `edit(md, ttypes)` to a copy of the metadata, rebuilds the
    file and returns the span of `path`'s value (or its whole field, or for
    a callable path, what it returns from the new file: a Span, or a Span
    and the list of the code's other Spans)."""
    md = copy.deepcopy(pq.metadata)
    edit(md, pq.ttypes)
    new = pq.with_metadata(md)
    if callable(path):
        return _with_data(new, path(new))
    else:
        field = new.spans[path]
        span = field.whole if part == "whole" else field.value
    return new.data, span


def _with_data(new, spans):
    """(bytes, Span) or (bytes, Span, [Span]) from a span function's
    result."""
    return (new.data, *spans) if isinstance(spans, tuple) else (new.data,
                                                                 spans)


def _column(md, rg, col):
    return md.row_groups[rg].columns[col]


def _meta_path(rg, col, name):
    return f"row_groups[{rg}].columns[{col}].meta_data.{name}"


def _retail(column_data, footer):
    return (bytes(column_data) + footer + struct.pack("<I", len(footer)) +
            writer.MAGIC)


def _splice(pq, span, replacement, expect=None):
    """Replaces the footer bytes at absolute `span` and fixes the length.
    Returns the span of the replacement (or `expect(new_span)`)."""
    footer = bytearray(pq.footer)
    begin = span.offset - pq.footer_offset
    footer[begin:begin + span.length] = replacement
    data = _retail(pq.column_data, bytes(footer))
    where = Span(span.offset, len(replacement))
    return data, expect(where) if expect else where


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
    return pq.data[:11], Span(0, 11)


@mutation("file.bad-leading-magic", "leading_magic_par0",
          "The leading magic PAR1 is replaced by PAR0.")
def _bad_leading(pq):
    return b"PAR0" + pq.data[4:], Span(0, 4)


@mutation("file.bad-trailing-magic", "trailing_magic_par2",
          "The trailing magic PAR1 is replaced by PAR2.")
def _bad_trailing(pq):
    n = len(pq.data)
    return pq.data[:-4] + b"PAR2", Span(n - 4, 4)


@mutation("file.footer-length-out-of-bounds", "footer_length_too_large",
          "The footer length is one more than the bytes between the magics.")
def _footer_too_large(pq):
    n = len(pq.data)
    data = pq.data[:-8] + struct.pack("<I", n - 11) + writer.MAGIC
    return data, Span(n - 8, 4)


@mutation("file.footer-length-out-of-bounds", "footer_length_zero",
          "The footer length is 0.")
def _footer_zero(pq):
    n = len(pq.data)
    data = pq.data[:-8] + struct.pack("<I", 0) + writer.MAGIC
    return data, Span(n - 8, 4)


@mutation("file.metadata-trailing-bytes", "three_bytes_after_metadata",
          "Three zero bytes follow FileMetaData inside the footer length.")
def _trailing_bytes(pq):
    data = _retail(pq.column_data, pq.footer + b"\0\0\0")
    # The junk and the footer length after it: the length is as likely the
    # wrong part as the bytes.
    return data, Span(pq.footer_offset + pq.footer_length, 3 + 4)


@mutation("file.magic-mismatch", "leading_magic_pare",
          "The leading magic is PARE (encrypted footer) while the trailing "
          "one is PAR1 and the footer is plaintext FileMetaData.")
def _magic_mismatch(pq):
    return b"PARE" + pq.data[4:], Span(0, 4)


@mutation("file.unrecognized-format", "no_magic_at_either_end",
          "Both magics are four zero bytes.")
def _unrecognized(pq):
    data = bytes(4) + pq.data[4:-4] + bytes(4)
    return data, Span(0, 4)


@mutation("file.footer-length-mismatch", "footer_length_minus_one",
          "The footer length is one less than FileMetaData, which still "
          "decodes exactly from its real start.")
def _footer_length_mismatch(pq):
    n = len(pq.data)
    data = pq.data[:-8] + struct.pack("<I", pq.footer_length - 1) + \
        writer.MAGIC
    return data, Span(n - 8, 4)


# ---- encryption: the footer of an encrypted file ----------------------------

# Encryption.md 5.4: an AES-GCM module is a 4-byte length, a 12-byte nonce,
# the ciphertext and a 16-byte tag; 5.5: a signed plaintext footer ends with
# the nonce and tag of its signature.
_GCM_NONCE, _GCM_TAG = 12, 16


def _aes_gcm(t):
    return t.EncryptionAlgorithm(AES_GCM_V1=t.AesGcmV1())


@mutation("encryption.footer-signature-missing", "signature_one_byte_short",
          "FileMetaData declares AES_GCM_V1 encryption (a signed plaintext "
          "footer) and is followed by 27 bytes of signature instead of 28.")
def _signature_missing(pq):
    md = copy.deepcopy(pq.metadata)
    md.encryption_algorithm = _aes_gcm(pq.ttypes)
    new = pq.with_metadata(md)
    signature = bytes(range(_GCM_NONCE + _GCM_TAG - 1))
    data = _retail(new.column_data, new.footer + signature)
    return data, Span(new.footer_offset + new.footer_length,
                      len(signature))


@mutation("encryption.footer-module-length", "footer_module_length_plus_one",
          "An encrypted-footer file (PARE at both ends): FileCryptoMetaData, "
          "then a module of nonce, ciphertext and tag whose length prefix "
          "is one more than the bytes that follow it.")
def _footer_module_length(pq):
    crypto, _ = recording.serialize(pq.ttypes.FileCryptoMetaData(
        encryption_algorithm=_aes_gcm(pq.ttypes)))
    # colcheck cannot decrypt, so the plaintext stands in for ciphertext.
    sealed = (bytes(_GCM_NONCE) + pq.footer +
              bytes(range(_GCM_TAG)))
    footer = crypto + struct.pack("<I", len(sealed) + 1) + sealed
    data = (b"PARE" + pq.column_data[4:] + footer +
            struct.pack("<I", len(footer)) + b"PARE")
    return data, Span(pq.footer_offset + len(crypto), 4)


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
    return data, Span(value.offset, 1)


@mutation("thrift.varint-overlong", "num_rows_11_byte_varint",
          "FileMetaData.num_rows is re-encoded as an 11-byte varint.")
def _overlong(pq):
    value = pq.spans["num_rows"].value
    old = pq.data[value.offset:value.end]
    return _splice(pq, value, _varint_padded(old, 11))


@mutation("thrift.varint-overflow", "version_exceeds_i32",
          "FileMetaData.version (i32) is a 5-byte varint of 2^35 - 1.")
def _overflow(pq):
    return _splice(pq, pq.spans["version"].value, b"\xff\xff\xff\xff\x7f")


@mutation("thrift.varint-non-canonical", "version_two_byte_varint",
          "FileMetaData.version 1 is written 0x82 0x00 instead of 0x02.")
def _non_canonical(pq):
    value = pq.spans["version"].value
    old = pq.data[value.offset:value.end]
    return _splice(pq, value, _varint_padded(old, len(old) + 1))


def _retype_header(pq, path, new_type):
    """Replaces the type nibble of a short-form field header."""
    header = pq.spans[path].header
    old = pq.data[header.offset]
    assert old >> 4, "expects a short-form header"
    return _splice(pq, Span(header.offset, 1),
                   bytes([(old & 0xF0) | new_type]))


@mutation("thrift.invalid-type", "num_rows_type_14",
          "The field header of FileMetaData.num_rows has type nibble 14 "
          "(13 is UUID in recent Thrift; 14 and 15 are undefined).")
def _invalid_type(pq):
    return _retype_header(pq, "num_rows", 14)


@mutation("thrift.wrong-type", "ordinal_as_i32",
          "RowGroup.ordinal (i16) arrives with wire type i32.")
def _wrong_type(pq):
    return _retype_header(pq, "row_groups[0].ordinal", 5)


@mutation("thrift.missing-required-field", "row_group_without_total_byte_size",
          "RowGroup.total_byte_size (required) is left out of row_groups[0].")
def _missing_required(pq):
    def edit(md, t):
        md.row_groups[0].total_byte_size = None
    return _edit(pq, edit, "row_groups[0]")


@mutation("thrift.duplicate-field", "created_by_twice",
          "FileMetaData.created_by appears a second time, right after the "
          "first, with a long-form header (id delta 0).")
def _duplicate(pq):
    field = pq.spans["created_by"]
    header = _long_header(8, 6)
    copy_bytes = header + pq.data[field.value.offset:field.value.end]
    # The second field's header, where its id repeats.
    return _splice(pq, Span(field.value.end, 0), copy_bytes,
                   expect=lambda s: Span(s.offset, len(header)))


@mutation("thrift.invalid-field-id", "field_id_zero",
          "A field with id 0 (long-form header) is added at the end of "
          "FileMetaData.")
def _invalid_field_id(pq):
    stop = pq.footer_offset + pq.footer_length - 1
    extra = _long_header(5, 0) + b"\x02"
    return _splice(pq, Span(stop, 0), extra,
                   expect=lambda s: Span(s.offset, 2))


@mutation("thrift.collection-size-exceeds-data", "column_orders_million",
          "The column_orders list header declares 1,000,000 elements.")
def _collection_size(pq):
    value = pq.spans["column_orders"].value
    first = pq.spans["column_orders[0]"].value
    old = pq.data[value.offset]
    header = bytes([0xF0 | (old & 0x0F)]) + encoding.uleb128(1_000_000)
    return _splice(pq, Span(value.offset, first.offset - value.offset),
                   header)


@mutation("thrift.wrong-element-type", "encodings_as_i64",
          "ColumnMetaData.encodings (list<i32>) declares i64 elements.")
def _element_type(pq):
    value = pq.spans[_meta_path(0, 0, "encodings")].value
    old = pq.data[value.offset]
    return _splice(pq, Span(value.offset, 1), bytes([(old & 0xF0) | 6]))


@mutation("thrift.binary-length-exceeds-data", "created_by_length_huge",
          "The length of created_by is 100,000, past the footer's end.")
def _binary_length(pq):
    value = pq.spans["created_by"].value
    text = pq.metadata.created_by.encode("utf-8")
    old_len = len(encoding.uleb128(len(text)))
    return _splice(pq, Span(value.offset, old_len), encoding.uleb128(100_000))


@mutation("thrift.union-member-count", "column_order_empty",
          "column_orders[0] is a ColumnOrder union with no member set.")
def _union_empty(pq):
    def edit(md, t):
        md.column_orders[0] = t.ColumnOrder()
    return _edit(pq, edit, "column_orders[0]")


@mutation("thrift.empty-list-zero-type", "key_value_metadata_0x00",
          "An empty key_value_metadata list is written as the byte 0x00.")
def _empty_list(pq):
    md = copy.deepcopy(pq.metadata)
    md.key_value_metadata = []
    new = pq.with_metadata(md)
    value = new.spans["key_value_metadata"].value
    return _splice(new, value, b"\x00")


@mutation("thrift.invalid-utf8", "created_by_not_utf8",
          "The first byte of created_by is 0xFF.")
def _invalid_utf8(pq):
    value = pq.spans["created_by"].value
    text = pq.metadata.created_by.encode("utf-8")
    prefix = len(encoding.uleb128(len(text)))
    return _splice(pq, Span(value.offset + prefix, 1), b"\xff",
                   expect=lambda s: value)


# Apache Thrift C++ (and colcheck, validator/core/limits.h kThriftMaxDepth)
# stop at 64 nested structs and collections; FileMetaData is the first.
_THRIFT_MAX_DEPTH = 64


@mutation("thrift.depth-limit", "unknown_field_nested_65_deep",
          "An unknown FileMetaData field (id 100) holds structs nested 64 "
          "deep, each the field 1 of the one around it: with FileMetaData "
          "that is 65 levels.")
def _depth_limit(pq):
    stop = pq.footer_offset + pq.footer_length - 1
    header = _long_header(12, 100)
    # Struct k of the field starts at header end + k, at depth 2 + k.
    innermost = _THRIFT_MAX_DEPTH - 1
    extra = header + b"\x1c" * innermost + b"\x00" * (innermost + 1)
    return _splice(pq, Span(stop, 0), extra,
                   expect=lambda s: Span(s.offset + len(header) + innermost,
                                         1))


# The model budget is 64 MiB plus 128 bytes per footer byte, and an empty
# struct in a list is one byte on the wire but a whole ColumnChunk in the
# model: validator/parquet/metadata_decoder_test.cc shows 100,000 of them
# pass the budget of their own 100 KB.
_EMPTY_CHUNKS = 100_000


@mutation("limits.model-size", "columns_100000_empty_structs",
          "row_groups[0].columns is a list of 100,000 empty ColumnChunk "
          "structs (one 0x00 byte each).")
def _model_size(pq):
    value = pq.spans["row_groups[0].columns"].value
    header = bytes([0xFC]) + encoding.uleb128(_EMPTY_CHUNKS)
    return _splice(pq, value, header + bytes(_EMPTY_CHUNKS),
                   expect=lambda s: Span(s.offset, len(header)))


@page_mutation("thrift.bool-encoding", "null_pages_element_3",
               "The first null_pages element of the ColumnIndex of `id` is "
               "the byte 3 (booleans in a list are 0, 1 or 2).")
def _bool_encoding(pq):
    col = _leaf_index(pq, "id")
    element = pq.regions[(0, col, "column_index")][1]["null_pages[0]"].value
    data = bytearray(pq.data)
    assert data[element.offset] in (1, 2), "a one-byte boolean element"
    data[element.offset] = 3
    return bytes(data), element


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
    return _edit(pq, edit, span)


@mutation("schema.num-children-exceeds-elements", "root_num_children_too_large",
          "The root's num_children equals the number of schema elements.")
def _children_exceed(pq):
    def edit(md, t):
        md.schema[0].num_children = len(md.schema)
    return _edit(pq, edit,
                 "schema[0].num_children")


@mutation("schema.negative-num-children", "group_num_children_negative",
          "The group `location` has num_children -1.")
def _negative_children(pq):
    return _set_element(pq, "location", "num_children", lambda t: -1)


@mutation("schema.missing-repetition", "leaf_without_repetition",
          "The leaf `score` has no repetition_type.")
def _missing_repetition(pq):
    i = _element_index(pq, "score")

    def edit(md, t):
        md.schema[i].repetition_type = None
    return _edit(pq, edit, _schema_path(i))


@mutation("schema.invalid-repetition", "repetition_seven",
          "The leaf `score` has repetition_type 7.")
def _invalid_repetition(pq):
    return _set_element(pq, "score", "repetition_type", lambda t: 7)


@mutation("schema.root-repetition", "root_optional",
          "The root has repetition_type OPTIONAL (REQUIRED is "
          "schema.root-required, an info).")
def _root_repetition(pq):
    def edit(md, t):
        md.schema[0].repetition_type = t.FieldRepetitionType.OPTIONAL
    return _edit(pq, edit,
                 "schema[0].repetition_type")


@mutation("schema.flba-type-length", "flba_type_length_zero",
          "The FIXED_LEN_BYTE_ARRAY leaf `raw` has type_length 0.")
def _flba_length(pq):
    return _set_element(pq, "raw", "type_length", lambda t: 0)


@mutation("schema.empty-name", "leaf_name_empty",
          "The leaf `score` is renamed to \"\" (path_in_schema too).")
def _empty_name(pq):
    i = _element_index(pq, "score")
    col = _leaf_index(pq, "score")

    def edit(md, t):
        md.schema[i].name = ""
        for rg in md.row_groups:
            rg.columns[col].meta_data.path_in_schema = [""]
    return _edit(pq, edit, _schema_path(i, "name"))


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
    return _edit(pq, edit,
                 _schema_path(i, "name"))


@mutation("schema.group-with-type", "group_with_int32",
          "The group `location` also has physical type INT32.")
def _group_with_type(pq):
    return _set_element(pq, "location", "type", lambda t: t.Type.INT32)


@mutation("schema.empty-group", "group_without_children",
          "A group `empty` with num_children 0 is added as the root's last "
          "child.")
def _empty_group(pq):
    def edit(md, t):
        md.schema[0].num_children += 1
        md.schema.append(t.SchemaElement(
            name="empty", repetition_type=t.FieldRepetitionType.OPTIONAL,
            num_children=0))
    return _edit(pq, edit,
                 lambda new: new.spans[_schema_path(
                     len(new.metadata.schema) - 1, "num_children")].value)


@mutation("schema.duplicate-field-id", "field_id_reused",
          "The leaves `id` and `score` both have field_id 1.")
def _duplicate_field_id(pq):
    a, b = _element_index(pq, "id"), _element_index(pq, "score")

    def edit(md, t):
        md.schema[a].field_id = 1
        md.schema[b].field_id = 1
    return _edit(pq, edit,
                 _schema_path(b, "field_id"))


@mutation("schema.unknown-converted-type", "converted_type_42",
          "The plain INT32 leaf `count` has converted_type 42.")
def _unknown_converted(pq):
    return _set_element(pq, "count", "converted_type", lambda t: 42)


@mutation("schema.empty", "schema_list_empty",
          "FileMetaData.schema is an empty list, without even the root.")
def _schema_empty(pq):
    def edit(md, t):
        md.schema = []
    return _edit(pq, edit, "schema")


@mutation("schema.root-not-group", "schema_without_root",
          "The schema list lacks its root: schema[0] is the leaf `id`.")
def _root_not_group(pq):
    def edit(md, t):
        md.schema = md.schema[1:]
    return _edit(pq, edit, _schema_path(0, "type"))


@mutation("schema.leaf-without-type", "leaf_type_removed",
          "The leaf `score` has no physical type.")
def _leaf_without_type(pq):
    i = _element_index(pq, "score")

    def edit(md, t):
        md.schema[i].type = None
    return _edit(pq, edit, _schema_path(i))


@mutation("schema.invalid-physical-type", "physical_type_8",
          "The leaf `score` has physical type 8 (FIXED_LEN_BYTE_ARRAY, 7, is "
          "the last defined).")
def _invalid_physical_type(pq):
    return _set_element(pq, "score", "type", lambda t: 8)


# validator/core/limits.h kMaxSchemaDepth (Arrow C++ uses 100 too).
_MAX_SCHEMA_DEPTH = 100


@mutation("limits.schema-depth", "score_under_100_groups",
          "The leaf `score` is wrapped in 100 nested REQUIRED groups, so it "
          "sits at depth 101 (path_in_schema follows; REQUIRED groups leave "
          "its levels as they were).")
def _schema_depth(pq):
    i = _element_index(pq, "score")
    col = _leaf_index(pq, "score")
    names = [f"g{k}" for k in range(_MAX_SCHEMA_DEPTH)]

    def edit(md, t):
        groups = [t.SchemaElement(
            name=name, repetition_type=t.FieldRepetitionType.REQUIRED,
            num_children=1) for name in names]
        md.schema[i:i] = groups
        for rg in md.row_groups:
            rg.columns[col].meta_data.path_in_schema = names + ["score"]
    return _edit(pq, edit,
                 _schema_path(i + _MAX_SCHEMA_DEPTH))


# ---- nested types: LIST, MAP, VARIANT ---------------------------------------

def _set_element(pq, name, field, value, joined_with=None):
    """Sets `field` of the first schema element named `name` to
    value(ttypes) in a copy; returns the span of the new value, or, with
    `joined_with` (another field of the element), the span from one value
    to the other: colcheck points at both when a pair disagrees, since
    either may be the wrong one."""
    i = _element_index(pq, name)

    def edit(md, t):
        setattr(md.schema[i], field, value(t))
    if joined_with is None:
        return _edit(pq, edit, _schema_path(i, field))
    return _edit(pq, edit, lambda new: new.spans[_schema_path(i, field)]
                 .value.join(new.spans[_schema_path(i, joined_with)].value))


def _annotate_group(pq, name, logical, converted, span_field):
    """Annotates the group `name` with LogicalType member `logical` (and
    ConvertedType `converted`, if any) and returns the span of its field
    `span_field`."""
    i = _element_index(pq, name)

    def edit(md, t):
        lt_class = {"LIST": t.ListType, "MAP": t.MapType,
                    "VARIANT": t.VariantType}[logical]
        md.schema[i].logicalType = t.LogicalType(**{logical: lt_class()})
        if converted:
            md.schema[i].converted_type = getattr(t.ConvertedType, converted)
    return _edit(pq, edit, _schema_path(i, span_field))


@mutation("list.malformed", "three_field_group_as_list",
          "The group `location` (lat, lon, label) is annotated LIST; a LIST "
          "has one repeated child.")
def _list_malformed(pq):
    return _annotate_group(pq, "location", "LIST", "LIST",
                           "num_children")


@page_mutation("list.repetition", "repeated_group_as_list",
               "The REPEATED group `matrix`, of the 3-level list shape, is "
               "annotated LIST; a LIST is OPTIONAL or REQUIRED.")
def _list_repetition(pq):
    return _annotate_group(pq, "matrix", "LIST", "LIST",
                           "repetition_type")


@mutation("map.malformed", "three_field_group_as_map",
          "The group `location` (lat, lon, label) is annotated MAP; a MAP "
          "has one repeated key_value group.")
def _map_malformed(pq):
    return _annotate_group(pq, "location", "MAP", "MAP",
                           "num_children")


@mutation("variant.malformed", "group_without_metadata_as_variant",
          "The group `location` (lat, lon, label) is annotated VARIANT; it "
          "has no `metadata` field.")
def _variant_malformed(pq):
    return _annotate_group(pq, "location", "VARIANT",
                           None, "logicalType")


# ---- logical and converted types ------------------------------------------

@mutation("logical.incompatible-physical-type", "string_on_int32",
          "The plain INT32 leaf `count` gets LogicalType STRING.")
def _logical_incompatible(pq):
    return _set_element(pq, "count", "logicalType",
                        lambda t: t.LogicalType(STRING=t.StringType()))


@mutation("converted.incompatible-physical-type", "utf8_on_int32",
          "The plain INT32 leaf `count` gets ConvertedType UTF8.")
def _converted_incompatible(pq):
    return _set_element(pq, "count", "converted_type",
                        lambda t: t.ConvertedType.UTF8)


@mutation("logical.converted-type-mismatch", "string_with_enum",
          "The STRING leaf `name` has ConvertedType ENUM instead of UTF8.")
def _logical_converted(pq):
    return _set_element(pq, "name", "converted_type",
                        lambda t: t.ConvertedType.ENUM,
                        joined_with="logicalType")


@mutation("logical.invalid-length", "uuid_on_flba4",
          "The FIXED_LEN_BYTE_ARRAY(4) leaf `raw` gets LogicalType UUID.")
def _invalid_length(pq):
    return _set_element(pq, "raw", "logicalType",
                        lambda t: t.LogicalType(UUID=t.UUIDType()),
                        joined_with="type_length")


@mutation("integer.invalid-bit-width", "int_bit_width_12",
          "The INT(16) leaf `small` has bitWidth 12.")
def _bit_width(pq):
    i = _element_index(pq, "small")

    def edit(md, t):
        md.schema[i].logicalType.INTEGER.bitWidth = 12
    return _edit(pq, edit,
                 _schema_path(i, "logicalType.INTEGER.bitWidth"))


def _set_decimal(pq, name, precision=None, scale=None,
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
    return _edit(pq, edit, _schema_path(i, path))


@mutation("decimal.precision-not-positive", "precision_zero",
          "DECIMAL(9,2) leaf `price` gets precision 0 and scale 0, in the "
          "DecimalType and the SchemaElement.")
def _precision_zero(pq):
    return _set_decimal(pq, "price",
                        precision=0, scale=0)


@mutation("decimal.scale-out-of-range", "scale_above_precision",
          "DECIMAL(9,2) leaf `price` gets scale 10 (both places).")
def _scale_range(pq):
    return _set_decimal(pq, "price", scale=10,
                        path="logicalType.DECIMAL.scale")


@mutation("decimal.precision-exceeds-physical", "int32_precision_10",
          "DECIMAL(9,2) INT32 leaf `price` gets precision 10 (both places).")
def _precision_physical(pq):
    return _set_decimal(pq, "price",
                        precision=10)


@mutation("decimal.precision-exceeds-physical", "flba16_precision_39",
          "DECIMAL(38,6) FIXED_LEN_BYTE_ARRAY(16) leaf `big` gets precision "
          "39 (both places).")
def _precision_flba(pq):
    return _set_decimal(pq, "big",
                        precision=39)


@mutation("decimal.schema-mismatch", "element_precision_differs",
          "SchemaElement.precision of `price` is 8, its DecimalType says 9.")
def _decimal_schema(pq):
    return _set_element(pq, "price", "precision", lambda t: 8,
                        joined_with="logicalType")


@mutation("decimal.int64-low-precision", "int64_precision_9",
          "DECIMAL(18,4) INT64 leaf `amount` gets precision 9 (both places).")
def _int64_low(pq):
    return _set_decimal(pq, "amount",
                        precision=9)


# ---- metadata: FileMetaData, RowGroup, ColumnChunk -------------------------

@mutation("metadata.num-rows-mismatch", "num_rows_plus_one",
          "FileMetaData.num_rows is one more than the row groups hold.")
def _num_rows(pq):
    def edit(md, t):
        md.num_rows += 1
    return _edit(pq, edit, "num_rows")


@mutation("metadata.unknown-version", "version_3",
          "FileMetaData.version is 3.")
def _version(pq):
    def edit(md, t):
        md.version = 3
    return _edit(pq, edit, "version")


@mutation("metadata.negative-value", "total_byte_size_negative",
          "RowGroup.total_byte_size of row_groups[0] is -1.")
def _negative(pq):
    def edit(md, t):
        md.row_groups[0].total_byte_size = -1
    return _edit(pq, edit,
                 "row_groups[0].total_byte_size")


@mutation("metadata.column-count-mismatch", "row_group_missing_last_column",
          "row_groups[0] lacks the chunk of the last leaf.")
def _column_count(pq):
    def edit(md, t):
        rg = md.row_groups[0]
        removed = rg.columns.pop()
        rg.total_byte_size -= removed.meta_data.total_uncompressed_size
        rg.total_compressed_size -= removed.meta_data.total_compressed_size
    return _edit(pq, edit,
                 "row_groups[0].columns")


@mutation("metadata.type-mismatch", "int32_chunk_says_int64",
          "The chunk of INT32 leaf `count` says type INT64.")
def _type_mismatch(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        _column(md, 0, col).meta_data.type = t.Type.INT64
    return _edit(pq, edit,
                 _meta_path(0, col, "type"))


@mutation("metadata.path-mismatch", "path_renamed",
          "The chunk of leaf `score` has path_in_schema [\"scores\"].")
def _path_mismatch(pq):
    col = _leaf_index(pq, "score")

    def edit(md, t):
        _column(md, 0, col).meta_data.path_in_schema = ["scores"]
    return _edit(pq, edit,
                 _meta_path(0, col, "path_in_schema"))


@mutation("metadata.offset-out-of-bounds", "data_page_offset_past_eof",
          "The last chunk's data_page_offset points 100 bytes past the end "
          "of the file.")
def _offset_oob(pq):
    rg = len(pq.metadata.row_groups) - 1
    col = len(pq.metadata.row_groups[rg].columns) - 1

    def edit(md, t):
        _column(md, rg, col).meta_data.data_page_offset = len(pq.data) + 100
    return _edit(pq, edit,
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
    return _edit(pq, edit,
                 _meta_path(rg, col, "total_compressed_size"))


@mutation("metadata.invalid-codec", "codec_42",
          "The first chunk's codec is 42.")
def _codec(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.codec = 42
    return _edit(pq, edit, _meta_path(0, 0, "codec"))


@mutation("metadata.dictionary-after-data", "dictionary_offset_equals_data",
          "The first chunk's dictionary_page_offset equals its "
          "data_page_offset (it must come before it).")
def _dict_after(pq):
    def edit(md, t):
        meta = _column(md, 0, 0).meta_data
        meta.dictionary_page_offset = meta.data_page_offset
    return _edit(pq, edit,
                 _meta_path(0, 0, "dictionary_page_offset"))


@mutation("metadata.dictionary-offset-zero", "dictionary_offset_zero",
          "The first chunk's dictionary_page_offset is 0.")
def _dict_zero(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.dictionary_page_offset = 0
    return _edit(pq, edit,
                 _meta_path(0, 0, "dictionary_page_offset"))


@mutation("metadata.missing-column-metadata", "chunk_without_meta_data",
          "row_groups[0].columns[1] has no meta_data.")
def _missing_meta(pq):
    def edit(md, t):
        _column(md, 0, 1).meta_data = None
    return _edit(pq, edit,
                 "row_groups[0].columns[1]")


@mutation("metadata.external-file-path", "file_path_set",
          "row_groups[0].columns[0].file_path is \"other.parquet\".")
def _file_path(pq):
    def edit(md, t):
        _column(md, 0, 0).file_path = "other.parquet"
    return _edit(pq, edit,
                 "row_groups[0].columns[0].file_path")


@mutation("metadata.unknown-encoding", "encoding_99",
          "The first chunk's encodings list gains the value 99.")
def _unknown_encoding(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.encodings.append(99)
    return _edit(pq, edit,
                 _meta_path(0, 0, "encodings[2]"))


@mutation("metadata.encodings-empty", "encodings_empty",
          "The first chunk's encodings list is empty.")
def _encodings_empty(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.encodings = []
    return _edit(pq, edit,
                 _meta_path(0, 0, "encodings"))


@mutation("metadata.column-orders-count", "column_orders_one_short",
          "column_orders has one entry fewer than there are leaves.")
def _orders_count(pq):
    def edit(md, t):
        md.column_orders.pop()
    return _edit(pq, edit, "column_orders")


@mutation("metadata.column-order-type", "ieee754_order_on_int32",
          "The INT32 leaf `count` has column order IEEE_754_TOTAL_ORDER.")
def _order_type(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        md.column_orders[col] = t.ColumnOrder(
            IEEE_754_TOTAL_ORDER=t.IEEE754TotalOrder())
    return _edit(pq, edit,
                 f"column_orders[{col}]")


@mutation("metadata.column-orders-missing", "no_column_orders",
          "FileMetaData has no column_orders although statistics use "
          "min_value/max_value.")
def _orders_missing(pq):
    def edit(md, t):
        md.column_orders = None
    # The absent field has no bytes: the span is the whole FileMetaData.
    return _edit(pq, edit,
                 lambda new: Span(new.footer_offset, new.footer_length))


@mutation("metadata.row-group-ordinal", "ordinal_5",
          "row_groups[1].ordinal is 5.")
def _ordinal(pq):
    def edit(md, t):
        md.row_groups[1].ordinal = 5
    return _edit(pq, edit,
                 "row_groups[1].ordinal")


@mutation("metadata.sorting-column-out-of-range", "sorting_column_99",
          "row_groups[0] declares sorting column 99.")
def _sorting(pq):
    def edit(md, t):
        md.row_groups[0].sorting_columns = [t.SortingColumn(
            column_idx=99, descending=False, nulls_first=True)]
    return _edit(pq, edit,
                 "row_groups[0].sorting_columns[0].column_idx")


@mutation("metadata.row-group-file-offset", "file_offset_plus_one",
          "row_groups[1].file_offset is one past its first chunk.")
def _rg_file_offset(pq):
    def edit(md, t):
        md.row_groups[1].file_offset += 1
    return _edit(pq, edit,
                 "row_groups[1].file_offset")


@mutation("metadata.row-group-compressed-size", "compressed_size_plus_one",
          "row_groups[0].total_compressed_size is one more than its chunks'.")
def _rg_size(pq):
    def edit(md, t):
        md.row_groups[0].total_compressed_size += 1
    return _edit(pq, edit,
                 "row_groups[0].total_compressed_size")


@mutation("metadata.index-page-offset", "index_page_offset_set",
          "The first chunk has an index_page_offset.")
def _index_page(pq):
    def edit(md, t):
        meta = _column(md, 0, 0).meta_data
        meta.index_page_offset = meta.data_page_offset
    return _edit(pq, edit,
                 _meta_path(0, 0, "index_page_offset"))


@mutation("metadata.index-offset-without-length", "offset_index_no_length",
          "The first chunk has an offset_index_offset but no length.")
def _index_no_length(pq):
    def edit(md, t):
        col = _column(md, 0, 0)
        col.offset_index_offset = col.meta_data.data_page_offset
    # The ColumnChunk: the missing length has no bytes to point at.
    return _edit(pq, edit, "row_groups[0].columns[0]")


@mutation("metadata.invalid-page-type", "encoding_stats_page_type_9",
          "The first encoding_stats entry of the first chunk has page_type "
          "9.")
def _invalid_page_type(pq):
    def edit(md, t):
        _column(md, 0, 0).meta_data.encoding_stats[0].page_type = 9
    return _edit(pq, edit,
                 _meta_path(0, 0, "encoding_stats[0].page_type"))


@page_mutation("metadata.data-page-offset-missing", "data_page_offset_zero",
               "data_page_offset of the dictionary-encoded `label` is 0; "
               "dictionary_page_offset still places the chunk.")
def _data_page_offset_zero(pq):
    col = _leaf_index(pq, "label")

    def edit(md, t):
        _column(md, 0, col).meta_data.data_page_offset = 0
    return _edit(pq, edit,
                 _meta_path(0, col, "data_page_offset"))


@page_mutation("metadata.column-index-without-offset-index",
               "offset_index_reference_dropped",
               "The `id` chunk keeps its column_index_offset and length but "
               "loses offset_index_offset and offset_index_length.")
def _column_index_without_offset_index(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        cc = _column(md, 0, col)
        cc.offset_index_offset = cc.offset_index_length = None
    return _edit(pq, edit,
                 f"row_groups[0].columns[{col}]")


@page_mutation("metadata.index-out-of-bounds", "column_index_into_footer",
               "column_index_length of `id` reaches one byte past the column "
               "data, into FileMetaData.")
def _index_out_of_bounds(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        cc = _column(md, 0, col)
        cc.column_index_length = pq.footer_offset - cc.column_index_offset + 1
    return _edit(pq, edit,
                 f"row_groups[0].columns[{col}].column_index_length")


@page_mutation("metadata.region-overlap", "bloom_filter_shared",
               "INT64 `id` and `price` share one bloom filter: it is built "
               "from the values of both (so it is right for each) and both "
               "chunks point at it.")
def _region_overlap(pq):
    owner, sharer = _leaf_index(pq, "id"), _leaf_index(pq, "price")

    def values(model, col):
        return [v for page in _chunk(model, col).pages
                for (v,) in struct.iter_unpack("<q", page.values)]

    def edit(model, t):
        _chunk(model, owner).bloom = writer.bloom_filter(
            t, "INT64", values(model, owner) + values(model, sharer))

    def footer(md, t):
        source = _column(md, 0, owner).meta_data
        meta = _column(md, 0, sharer).meta_data
        meta.bloom_filter_offset = source.bloom_filter_offset
        meta.bloom_filter_length = source.bloom_filter_length

    def span(new):
        # colcheck joins the earlier region's length with the later one's
        # offset: either may be the wrong one.
        return new.spans[_meta_path(0, owner, "bloom_filter_length")].value \
            .join(new.spans[_meta_path(0, sharer,
                                       "bloom_filter_offset")].value)
    return _page_edit(pq, edit, span, footer)


# ---- stats: chunk statistics -----------------------------------------------

def _stats_path(col, name):
    return _meta_path(0, col, f"statistics.{name}")


def _set_stat(pq, leaf, name, value):
    """Sets statistics field `name` of leaf `leaf`'s chunk to
    value(ColumnMetaData) in a copy; returns the span of the new value."""
    col = _leaf_index(pq, leaf)

    def edit(md, t):
        meta = _column(md, 0, col).meta_data
        setattr(meta.statistics, name, value(meta))
    return _edit(pq, edit, _stats_path(col, name))


@mutation("stats.min-greater-than-max", "min_max_swapped",
          "min_value and max_value of INT32 leaf `count` are swapped.")
def _min_gt_max(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min_value, s.max_value = s.max_value, s.min_value
    return _edit(pq, edit,
                 _stats_path(col, "min_value"))


@mutation("stats.value-length", "int32_min_three_bytes",
          "min_value of INT32 leaf `count` is 3 bytes long.")
def _value_length(pq):
    return _set_stat(pq, "count", "min_value",
                     lambda meta: meta.statistics.min_value[:3])


@mutation("stats.null-count-exceeds-values", "null_count_above_num_values",
          "null_count of leaf `count` is num_values + 1.")
def _null_count(pq):
    return _set_stat(pq, "count", "null_count",
                     lambda meta: meta.num_values + 1)


@mutation("stats.distinct-count-exceeds-values", "distinct_count_too_large",
          "distinct_count of leaf `count` is num_values + 1.")
def _distinct_count(pq):
    return _set_stat(pq, "count", "distinct_count",
                     lambda meta: meta.num_values + 1)


@mutation("stats.deprecated-min-greater-than-max", "deprecated_min_above_max",
          "The deprecated min/max of leaf `count` are set with min > max.")
def _deprecated(pq):
    col = _leaf_index(pq, "count")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min, s.max = s.max_value, s.min_value
    return _edit(pq, edit,
                 _stats_path(col, "min"))


@mutation("stats.nan-bound", "double_max_nan",
          "max_value of DOUBLE leaf `score` is NaN.")
def _nan_bound(pq):
    return _set_stat(pq, "score", "max_value",
                     lambda meta: struct.pack("<d", math.nan))


@mutation("stats.nan-count-on-non-float", "nan_count_on_int32",
          "The INT32 leaf `count` has nan_count 0.")
def _nan_count(pq):
    return _set_stat(pq, "count", "nan_count", lambda meta: 0)


@mutation("stats.nan-count-exceeds-values", "nan_count_above_num_values",
          "nan_count of DOUBLE leaf `score` is num_values + 1.")
def _nan_count_exceeds(pq):
    return _set_stat(pq, "score", "nan_count",
                     lambda meta: meta.num_values + 1)


@mutation("stats.nan-count-missing", "total_order_without_nan_count",
          "DOUBLE leaf `score` is ordered by IEEE_754_TOTAL_ORDER, and its "
          "chunks' statistics have min and max but no nan_count.")
def _nan_count_missing(pq):
    col = _leaf_index(pq, "score")

    def edit(md, t):
        md.column_orders[col] = t.ColumnOrder(
            IEEE_754_TOTAL_ORDER=t.IEEE754TotalOrder())
        for rg in md.row_groups:
            rg.columns[col].meta_data.statistics.nan_count = None
    def spans(new):
        # Every row group's chunk lacks it: the first is the span, the
        # others are also reported.
        each = [new.spans[_meta_path(rg, col, "statistics")].value
                for rg in range(len(new.metadata.row_groups))]
        return each[0], each[1:]
    return _edit(pq, edit, spans)


# ---- pages: helpers ---------------------------------------------------------
#
# Page mutations address page_base's leaves by name and its pages by their
# ordinal in the chunk (a dictionary page is page 0 of its chunk). All of
# page_base is one row group.

def _rebuild(pq, edit=None, footer=None):
    """Lays out a copy of the file's model after `edit(model, ttypes)`,
    then applies `footer(md, ttypes)` to a copy of the new FileMetaData."""
    t = pq.ttypes
    model = copy.deepcopy(pq.model)
    if edit:
        edit(model, t)
    new = writer.layout(model, t)
    if footer:
        md = copy.deepcopy(new.metadata)
        footer(md, t)
        new = new.with_metadata(md)
    return new


def _page_edit(pq, edit, span, footer=None):
    """Rebuilds with `edit` (and `footer`) and returns what `span(new file)`
    does: a Span, or a Span and the list of the code's other Spans."""
    new = _rebuild(pq, edit, footer)
    return _with_data(new, span(new))


def _chunk(model, col):
    return model.row_groups[0].chunks[col]


def _page(model, col, k):
    return model.row_groups[0].chunks[col].pages[k]


def _placed(pq, col, k):
    """The PagePlacement of page k of column `col`."""
    return pq.pages[(0, col)][k]


def _header_value(col, k, path):
    """A span function: the value of header field `path` of page k."""
    return lambda new: _placed(new, col, k).fields[path].value


def _header_whole(col, k, path):
    return lambda new: _placed(new, col, k).fields[path].whole


def _values_start(pq, col, k):
    """The absolute offset of the value section of an uncompressed page."""
    page = _page(pq.model, col, k)
    return _placed(pq, col, k).body.offset + len(page.rep) + len(page.defs)


def _region_field(col, kind, path, part="value"):
    """A span function: a field of the column's page index or bloom
    filter."""
    def span(new):
        field = new.regions[(0, col, kind)][1][path]
        return field.whole if part == "whole" else field.value
    return span


def _set_header(col, k, path, value):
    """An edit that sets header field `path` ("data_page_header.encoding")
    of page k to `value`, or to value(old) if callable. Sizes and crc are
    left as set: layout() places pages by their bodies."""
    *parents, name = path.split(".")

    def edit(model, t):
        page = _page(model, col, k)
        obj = page.header
        for p in parents:
            obj = getattr(obj, p)
        setattr(obj, name, value(getattr(obj, name)) if callable(value)
                else value)
    return edit


def _int64(b):
    return struct.unpack("<q", b)[0]


# ---- pages: the page walk (page.*) ------------------------------------------

@page_mutation("page.out-of-chunk", "compressed_size_past_chunk_end",
               "The last page of `id` declares a compressed_page_size one "
               "byte larger than its body, so the body runs past the chunk.")
def _out_of_chunk(pq):
    col = _leaf_index(pq, "id")
    last = len(_chunk(pq.model, col).pages) - 1
    return _page_edit(pq,
                      _set_header(col, last, "compressed_page_size",
                                  lambda n: n + 1),
                      _header_value(col, last, "compressed_page_size"))


@page_mutation("page.negative-size", "uncompressed_size_negative",
               "The first page of `id` declares uncompressed_page_size -1.")
def _negative_size(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _set_header(col, 0, "uncompressed_page_size", -1),
                      _header_value(col, 0, "uncompressed_page_size"))


@page_mutation("page.missing-type-header", "data_page_header_missing",
               "The second DATA_PAGE of `price` has no data_page_header "
               "(the chunk's num_values counts only the other pages).")
def _missing_type_header(pq):
    col = _leaf_index(pq, "price")
    return _page_edit(pq,
                      _set_header(col, 1, "data_page_header", None),
                      _header_whole(col, 1, "type"))


@page_mutation("page.negative-count", "v2_num_nulls_negative",
               "The first DATA_PAGE_V2 of `score` has num_nulls -1.")
def _negative_count(pq):
    col = _leaf_index(pq, "score")
    return _page_edit(pq,
                      _set_header(col, 0, "data_page_header_v2.num_nulls", -1),
                      _header_value(col, 0, "data_page_header_v2.num_nulls"))


@page_mutation("page.chunk-compressed-size", "bytes_after_last_page",
               "Six zero bytes follow the last page of `id` inside its "
               "chunk (total_compressed_size counts them).")
def _bytes_after_pages(pq):
    col = _leaf_index(pq, "id")

    def edit(model, t):
        _chunk(model, col).trailing = bytes(6)
    return _page_edit(pq, edit,
                      lambda new: new.spans[_meta_path(
                          0, col, "total_compressed_size")].value)


@page_mutation("page.chunk-uncompressed-size",
               "total_uncompressed_size_plus_one",
               "total_uncompressed_size of `id` (and the row group's "
               "total_byte_size) is one more than its pages add up to.")
def _chunk_uncompressed(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        _column(md, 0, col).meta_data.total_uncompressed_size += 1
        md.row_groups[0].total_byte_size += 1
    return _edit(pq, edit,
                 _meta_path(0, col, "total_uncompressed_size"))


@page_mutation("page.num-values-mismatch", "chunk_num_values_plus_one",
               "num_values of the `id` chunk is one more than its data "
               "pages hold.")
def _num_values(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        _column(md, 0, col).meta_data.num_values += 1
    return _edit(pq, edit,
                 _meta_path(0, col, "num_values"))


@page_mutation("page.data-page-offset", "data_page_offset_inside_page",
               "data_page_offset of the dictionary-encoded `label` points "
               "one byte into its first data page.")
def _data_page_offset(pq):
    col = _leaf_index(pq, "label")

    def edit(md, t):
        _column(md, 0, col).meta_data.data_page_offset += 1
    return _edit(pq, edit,
                 _meta_path(0, col, "data_page_offset"))


@page_mutation("page.dictionary-page-offset",
               "dictionary_offset_at_index_page",
               "An empty INDEX_PAGE is inserted before the dictionary page "
               "of `label`, and dictionary_page_offset points at it (the "
               "chunk's start), not at the dictionary page. The INDEX_PAGE "
               "also draws a page.index-page warning.")
def _dictionary_page_offset(pq):
    col = _leaf_index(pq, "label")
    new = _rebuild(pq, _insert_page(col, 0, lambda t: t.PageHeader(
        type=t.PageType.INDEX_PAGE, uncompressed_page_size=0,
        compressed_page_size=0, index_page_header=t.IndexPageHeader())))

    def edit(md, t):
        _column(md, 0, col).meta_data.dictionary_page_offset = \
            _placed(new, col, 0).header.offset
    return _edit(new, edit,
                 _meta_path(0, col, "dictionary_page_offset"))


@page_mutation("page.duplicate-dictionary", "second_dictionary_page",
               "The dictionary page of `label` appears twice in a row.")
def _duplicate_dictionary(pq):
    col = _leaf_index(pq, "label")

    def edit(model, t):
        pages = _chunk(model, col).pages
        pages.insert(1, copy.deepcopy(pages[0]))
    return _page_edit(pq, edit,
                      lambda new: _placed(new, col, 1).header)


@page_mutation("page.dictionary-not-first", "dictionary_after_data_page",
               "A PLAIN dictionary page of two values is inserted after the "
               "first data page of the PLAIN column `price` (the chunk has "
               "no dictionary_page_offset).")
def _dictionary_not_first(pq):
    col = _leaf_index(pq, "price")

    def edit(model, t):
        page = writer.PageModel(
            t.PageHeader(type=t.PageType.DICTIONARY_PAGE,
                         uncompressed_page_size=0, compressed_page_size=0,
                         dictionary_page_header=t.DictionaryPageHeader(
                             num_values=2, encoding=t.Encoding.PLAIN)),
            values=encoding.plain_values("INT64", [1999, 250]))
        _chunk(model, col).pages.insert(1, writer.finish_page(page, t))

    def footer(md, t):
        _column(md, 0, col).meta_data.dictionary_page_offset = None
    return _page_edit(pq, edit,
                      lambda new: _placed(new, col, 1).header, footer)


@page_mutation("page.missing-dictionary", "dictionary_page_removed",
               "The dictionary page of `label` is left out; its "
               "RLE_DICTIONARY data pages remain.")
def _missing_dictionary(pq):
    col = _leaf_index(pq, "label")

    def edit(model, t):
        del _chunk(model, col).pages[0]

    def spans(new):
        # Each data page names the dictionary it lacks.
        each = [p.fields["data_page_header.encoding"].value
                for p in new.pages[(0, col)]]
        return each[0], each[1:]
    return _page_edit(pq, edit, spans)


@page_mutation("page.dictionary-encoding", "dictionary_page_rle",
               "The dictionary page of `label` says encoding RLE instead of "
               "PLAIN.")
def _dictionary_encoding(pq):
    col = _leaf_index(pq, "label")
    path = "dictionary_page_header.encoding"
    return _page_edit(pq,
                      _set_header(col, 0, path, 3),
                      _header_value(col, 0, path))


@page_mutation("page.v2-level-lengths", "v2_definition_length_past_page",
               "definition_levels_byte_length of the first DATA_PAGE_V2 of "
               "`score` is one more than the page's compressed size.")
def _v2_level_lengths(pq):
    col = _leaf_index(pq, "score")

    def edit(model, t):
        h = _page(model, col, 0).header
        h.data_page_header_v2.definition_levels_byte_length = (
            h.compressed_page_size + 1)

    def span(new):
        p = _placed(new, col, 0)
        return p.fields["data_page_header_v2.definition_levels_byte_length"] \
            .value.join(p.fields[
                "data_page_header_v2.repetition_levels_byte_length"].value)
    return _page_edit(pq, edit, span)


@page_mutation("page.v2-num-nulls", "v2_num_nulls_plus_one",
               "num_nulls of the first DATA_PAGE_V2 of `score` is one more "
               "than its definition levels hold.")
def _v2_num_nulls(pq):
    col = _leaf_index(pq, "score")
    path = "data_page_header_v2.num_nulls"
    return _page_edit(pq,
                      _set_header(col, 0, path, lambda n: n + 1),
                      _header_value(col, 0, path))


@page_mutation("page.v2-num-rows", "v2_num_rows_plus_one",
               "num_rows of the first DATA_PAGE_V2 of the REPEATED `tags` is "
               "one more than its repetition levels start.")
def _v2_num_rows(pq):
    col = _leaf_index(pq, "tags")
    path = "data_page_header_v2.num_rows"
    return _page_edit(pq,
                      _set_header(col, 0, path, lambda n: n + 1),
                      _header_value(col, 0, path))


@page_mutation("page.crc-mismatch", "crc_bit_flipped",
               "The crc of the first page of `id` has its lowest bit "
               "flipped.")
def _crc_mismatch(pq):
    col = _leaf_index(pq, "id")

    def span(new):
        p = _placed(new, col, 0)
        return p.fields["crc"].value.join(p.body)
    return _page_edit(pq,
                      _set_header(col, 0, "crc", lambda c: c ^ 1), span)


# ---- pages: compression -----------------------------------------------------

def _v2_stored_values(new, col, k):
    """The compressed value section of a V2 page (after its levels)."""
    p = _placed(new, col, k)
    page = _page(new.model, col, k)
    levels = len(page.rep) + len(page.defs)
    return Span(p.body.offset + levels, p.body.length - levels)


@page_mutation("compression.corrupt", "gzip_values_garbage",
               "The GZIP value section of the first DATA_PAGE_V2 of `score` "
               "is replaced by as many 0xFF bytes (its crc is updated).")
def _compression_corrupt(pq):
    col = _leaf_index(pq, "score")

    def edit(model, t):
        page = _page(model, col, 0)
        levels = page.rep + page.defs
        writer.set_body(page, levels + b"\xff" * (len(page.body) -
                                                  len(levels)))
    return _page_edit(pq, edit,
                      lambda new: _v2_stored_values(new, col, 0))


@page_mutation("compression.size-mismatch", "gzip_uncompressed_size_plus_one",
               "uncompressed_page_size of the first (GZIP) DATA_PAGE_V2 of "
               "`score` is one more than its sections decompress to.")
def _compression_size(pq):
    col = _leaf_index(pq, "score")
    return _page_edit(pq,
                      _set_header(col, 0, "uncompressed_page_size",
                                  lambda n: n + 1),
                      _header_value(col, 0, "uncompressed_page_size"))


@page_mutation("limits.page-size", "gzip_page_declares_1gib",
               "The first (GZIP) DATA_PAGE_V2 of `score` declares an "
               "uncompressed_page_size of 2^30 bytes.")
def _page_size_limit(pq):
    col = _leaf_index(pq, "score")
    return _page_edit(pq,
                      _set_header(col, 0, "uncompressed_page_size", 1 << 30),
                      _header_value(col, 0, "uncompressed_page_size"))


# ---- pages: levels ----------------------------------------------------------

def _qty_defs(pq, edit_defs):
    """An edit that replaces the definition level section of the first page
    of `qty` (max level 1) with edit_defs(levels) bytes (with the 4-byte
    length)."""
    col = _leaf_index(pq, "qty")

    def edit(model, t):
        page = _page(model, col, 0)
        page.defs = edit_defs(page.def_levels)
        writer.finish_page(page, t)
    return col, edit


@page_mutation("levels.invalid-encoding", "definition_level_encoding_plain",
               "The first page of `qty` says definition_level_encoding "
               "PLAIN.")
def _levels_invalid(pq):
    col = _leaf_index(pq, "qty")
    path = "data_page_header.definition_level_encoding"
    return _page_edit(pq,
                      _set_header(col, 0, path, 0),
                      _header_value(col, 0, path))


@page_mutation("levels.truncated", "definition_levels_one_short",
               "The definition levels of the first page of `qty` hold one "
               "level fewer than num_values.")
def _levels_truncated(pq):
    col, edit = _qty_defs(pq, lambda defs: encoding.levels_v1(defs[:-1], 1))
    return _page_edit(pq, edit,
                      lambda new: _placed(new, col, 0).body)


@page_mutation("levels.trailing-bytes", "definition_levels_extra_run",
               "The definition levels of the first page of `qty` end with "
               "an extra RLE run of one 0 after num_values levels.")
def _levels_trailing(pq):
    runs = []

    def defs(levels):
        runs.append(encoding.rle_runs(levels, 1))
        body = runs[0] + encoding.rle_runs([0], 1)
        return struct.pack("<I", len(body)) + body
    col, edit = _qty_defs(pq, defs)

    def span(new):
        return Span(_placed(new, col, 0).body.offset + 4 + len(runs[0]), 2)
    return _page_edit(pq, edit, span)


@page_mutation("levels.exceeds-max", "definition_level_3_of_2",
               "The last definition level of the first page of `geo.alt` "
               "(maximum 2, bit width 2) is 3.")
def _levels_exceed(pq):
    col = _leaf_index(pq, "geo.alt")

    def edit(model, t):
        page = _page(model, col, 0)
        defs = list(page.def_levels)
        assert defs[-1] == 2, defs
        defs[-1] = 3
        writer.set_levels(page, t, defs=defs)
    return _page_edit(pq, edit,
                      lambda new: _placed(new, col, 0).body)


@page_mutation("levels.first-rep-not-zero", "chunk_starts_mid_row",
               "The first two repetition levels of the REPEATED `tags` "
               "chunk, 0 and 1, are swapped: the chunk starts inside a row "
               "and the row count stays the same.")
def _first_rep(pq):
    col = _leaf_index(pq, "tags")

    def edit(model, t):
        page = _page(model, col, 0)
        reps = list(page.rep_levels)
        assert reps[:2] == [0, 1], reps
        reps[0], reps[1] = 1, 0
        writer.set_levels(page, t, reps=reps)
    # The repetition level section (uncompressed V1: its length and runs).
    return _page_edit(pq, edit, lambda new: Span(
        _placed(new, col, 0).body.offset, len(_page(new.model, col, 0).rep)))


@page_mutation("levels.row-count-mismatch", "row_group_num_rows_plus_one",
               "RowGroup.num_rows (and FileMetaData.num_rows) is one more "
               "than every chunk's levels hold.")
def _row_count(pq):
    def edit(md, t):
        md.row_groups[0].num_rows += 1
        md.num_rows += 1
    return _edit(pq, edit,
                 "row_groups[0].num_rows")


@page_mutation("levels.bit-packed-deprecated", "definition_levels_bit_packed",
               "The first page of `qty` has its definition levels in the "
               "deprecated BIT_PACKED encoding.")
def _levels_bit_packed(pq):
    col, edit = _qty_defs(pq, lambda d: encoding.bit_packed_deprecated(d, 1))
    path = "data_page_header.definition_level_encoding"

    def both(model, t):
        edit(model, t)
        _set_header(col, 0, path, 4)(model, t)
    return _page_edit(pq, both,
                      _header_value(col, 0, path))


# ---- pages: encodings -------------------------------------------------------

def _set_values(col, k, fn):
    """An edit that replaces the value section of page k with
    fn(old section) and finishes the page."""
    def edit(model, t):
        page = _page(model, col, k)
        page.values = fn(page.values)
        writer.finish_page(page, t)
    return edit


@page_mutation("encoding.unknown", "data_page_encoding_99",
               "The first page of `price` says encoding 99, as does the "
               "chunk's encoding_stats (warnings page.encoding-not-listed "
               "and metadata.unknown-encoding).")
def _encoding_unknown(pq):
    col = _leaf_index(pq, "price")
    path = "data_page_header.encoding"
    return _page_edit(pq, _set_header(col, 0, path, 99),
                      _header_value(col, 0, path))


@page_mutation("encoding.invalid-for-type", "int64_page_rle",
               "The first page of INT64 `price` says encoding RLE, which "
               "only BOOLEAN values may use.")
def _encoding_invalid(pq):
    col = _leaf_index(pq, "price")
    path = "data_page_header.encoding"
    return _page_edit(pq,
                      _set_header(col, 0, path, 3),
                      _header_value(col, 0, path))


@page_mutation("encoding.truncated", "plain_int64_cut_short",
               "The second page of `id` loses the last byte of its last "
               "PLAIN INT64 value (sizes and crc follow).")
def _encoding_truncated(pq):
    col = _leaf_index(pq, "id")

    def span(new):
        body = _placed(new, col, 1).body
        return Span(body.end - 7, 7)
    return _page_edit(pq,
                      _set_values(col, 1, lambda v: v[:-1]), span)


@page_mutation("encoding.trailing-bytes", "plain_int64_extra_byte",
               "The last page of `id` has one byte after its last PLAIN "
               "value (sizes and crc follow).")
def _encoding_trailing(pq):
    col = _leaf_index(pq, "id")
    last = len(_chunk(pq.model, col).pages) - 1

    def span(new):
        return Span(_placed(new, col, last).body.end - 1, 1)
    return _page_edit(pq,
                      _set_values(col, last, lambda v: v + b"\x00"), span)


@page_mutation("encoding.dictionary-bit-width", "dictionary_bit_width_33",
               "The first data page of `label` gives its dictionary indices "
               "bit width 33.")
def _dictionary_bit_width(pq):
    col = _leaf_index(pq, "label")
    return _page_edit(pq,
                      _set_values(col, 1, lambda v: b"\x21" + v[1:]),
                      lambda new: Span(_values_start(new, col, 1), 1))


@page_mutation("encoding.dictionary-index-out-of-range",
               "dictionary_index_past_end",
               "The second index of the first data page of `label` is the "
               "dictionary's size (one past its last entry).")
def _dictionary_index(pq):
    col = _leaf_index(pq, "label")
    size = _page(pq.model, col, 0).header.dictionary_page_header.num_values
    width = max(1, encoding.bit_width(size))
    page = _page(pq.model, col, 1)
    count = sum(1 for d in page.def_levels if d == 1)
    original = page.values
    assert original[0] == width, "the index width must hold `size`"
    indices = _unpack_indices(original, count)
    indices[1] = size

    def section(old):
        return encoding.dictionary_indices(indices, size + 1)

    def span(new):
        # Bit-packed: the width byte, the run header, then index 1's bits.
        begin = _values_start(new, col, 1) + 2 + width // 8
        end = _values_start(new, col, 1) + 2 + (2 * width - 1) // 8
        return Span(begin, end - begin + 1)
    return _page_edit(pq,
                      _set_values(col, 1, section), span)


def _unpack_indices(section, count):
    """The indices of an encoding.dictionary_indices section (one
    bit-packed run)."""
    width = section[0]
    header_len = len(encoding.uleb128(((count + 7) // 8) << 1 | 1))
    acc = int.from_bytes(section[1 + header_len:], "little")
    return [(acc >> (i * width)) & ((1 << width) - 1) for i in range(count)]


@page_mutation("encoding.byte-stream-split-size", "bss_extra_byte",
               "The BYTE_STREAM_SPLIT section of the first page of FLOAT "
               "`ratio` has one byte more than 4 x num_values.")
def _bss_size(pq):
    col = _leaf_index(pq, "ratio")
    return _page_edit(pq,
                      _set_values(col, 0, lambda v: v + b"\x00"),
                      lambda new: _placed(new, col, 0).body)


@page_mutation("encoding.rle-zero-run", "definition_run_of_zero",
               "The definition levels of the first page of `qty` start "
               "with an RLE run of length 0.")
def _rle_zero_run(pq):
    def defs(levels):
        body = b"\x00\x00" + encoding.rle_runs(levels, 1)
        return struct.pack("<I", len(body)) + body
    col, edit = _qty_defs(pq, defs)
    return _page_edit(pq, edit,
                      lambda new: Span(_placed(new, col, 0).body.offset + 4,
                                       1))


@page_mutation("encoding.malformed-varint", "definition_run_header_6_bytes",
               "The first run header of the definition levels of the first "
               "page of `qty` is a 6-byte ULEB128 (32-bit headers take at "
               "most 5).")
def _malformed_varint(pq):
    def defs(levels):
        runs = encoding.rle_runs(levels, 1)
        assert runs[0] < 0x80, "a one-byte first run header"
        body = _varint_padded(runs[:1], 6) + runs[1:]
        return struct.pack("<I", len(body)) + body
    col, edit = _qty_defs(pq, defs)
    return _page_edit(pq, edit,
                      lambda new: Span(_placed(new, col, 0).body.offset + 4,
                                       6))


@page_mutation("encoding.rle-length", "definition_length_past_page",
               "The 4-byte length of the definition levels of the first page "
               "of `qty` is one more than the bytes left in the page.")
def _rle_length(pq):
    col = _leaf_index(pq, "qty")

    def edit(model, t):
        page = _page(model, col, 0)
        rest = len(page.defs) - 4 + len(page.values)
        page.defs = struct.pack("<I", rest + 1) + page.defs[4:]
        writer.finish_page(page, t)
    return _page_edit(pq, edit,
                      lambda new: Span(_placed(new, col, 0).body.offset, 4))


# ---- pages: DELTA encodings -------------------------------------------------
#
# Each operator re-encodes the first page of a PLAIN V1 column with a DELTA
# encoding (encoding.py writes the valid sections), lists the encoding in
# the chunk, and breaks one field of the section.

def _varints(section, count):
    """The Spans, relative to `section`, of its first `count` ULEB128s: for
    DELTA_BINARY_PACKED the block size, the miniblock count, the value
    count, the first value, then the first block's min delta."""
    out, at = [], 0
    for _ in range(count):
        end = at
        while section[end] & 0x80:
            end += 1
        out.append(Span(at, end + 1 - at))
        at = end + 1
    return out


def _replace(section, span, new):
    """(section with `span` replaced by `new`, the Span of `new`)."""
    return (section[:span.offset] + new + section[span.end:],
            Span(span.offset, len(new)))


def _plain_fixed(section, fmt):
    return [v for (v,) in struct.iter_unpack(fmt, section)]


def _plain_byte_arrays(section):
    """[(offset of the 4-byte length, value)] of a PLAIN BYTE_ARRAY
    section."""
    out, at = [], 0
    while at < len(section):
        (n,) = struct.unpack_from("<I", section, at)
        out.append((at, section[at + 4:at + 4 + n]))
        at += 4 + n
    return out


def _prefix_lengths(values):
    """DELTA_BYTE_ARRAY prefix lengths: what each value shares with the one
    before it."""
    out = [0]
    for a, b in zip(values, values[1:]):
        n = 0
        while n < min(len(a), len(b)) and a[n] == b[n]:
            n += 1
        out.append(n)
    return out


def _delta_page(pq, name, encoding_name, build):
    """Replaces the values of the first page of leaf `name` with the
    section of build(PLAIN section) -> (section, Span in it) in encoding
    `encoding_name`, and returns that Span."""
    col = _leaf_index(pq, name)
    section, where = build(_page(pq.model, col, 0).values)

    def edit(model, t):
        value = getattr(t.Encoding, encoding_name)
        _set_values(col, 0, lambda old: section)(model, t)
        _set_header(col, 0, "data_page_header.encoding", value)(model, t)
        meta = _chunk(model, col).meta
        meta.encodings = sorted(set(meta.encodings) | {value})
    return _page_edit(pq, edit, lambda new: where.shifted(
        _values_start(new, col, 0)))


def _dbp_price(fn):
    """A build function: the INT64 values of `price` as
    DELTA_BINARY_PACKED, passed through fn(section) -> (section, Span)."""
    return lambda plain: fn(encoding.delta_binary_packed(
        _plain_fixed(plain, "<q"), 64))


@page_mutation("encoding.delta-block-size", "delta_block_size_192",
               "The first page of INT64 `price` is DELTA_BINARY_PACKED with "
               "block size 192, not a multiple of 128.")
def _delta_block_size(pq):
    return _delta_page(pq, "price",
                       "DELTA_BINARY_PACKED", _dbp_price(lambda s: _replace(
                           s, _varints(s, 1)[0], encoding.uleb128(192))))


@page_mutation("encoding.delta-miniblocks", "delta_three_miniblocks",
               "The first page of INT64 `price` is DELTA_BINARY_PACKED with 3 "
               "miniblocks per block of 128 values.")
def _delta_miniblocks(pq):
    return _delta_page(pq, "price",
                       "DELTA_BINARY_PACKED", _dbp_price(lambda s: _replace(
                           s, _varints(s, 2)[1], encoding.uleb128(3))))


@page_mutation("encoding.delta-bit-width", "delta_bit_width_65",
               "The first page of INT64 `price` is DELTA_BINARY_PACKED, and "
               "the first miniblock, which holds its deltas, says bit width "
               "65.")
def _delta_bit_width(pq):
    def fn(s):
        widths = _varints(s, 5)[4].end
        return _replace(s, Span(widths, 1), bytes([65]))
    return _delta_page(pq, "price",
                       "DELTA_BINARY_PACKED", _dbp_price(fn))


@page_mutation("encoding.value-count-mismatch", "delta_count_plus_one",
               "The first page of INT64 `price` is DELTA_BINARY_PACKED, and "
               "its header counts one value more than the page holds.")
def _delta_value_count(pq):
    def build(plain):
        values = _plain_fixed(plain, "<q")
        section = encoding.delta_binary_packed(values, 64)
        return _replace(section, _varints(section, 3)[2],
                        encoding.uleb128(len(values) + 1))
    return _delta_page(pq, "price",
                       "DELTA_BINARY_PACKED", build)


@page_mutation("encoding.delta-value-range", "delta_int32_first_value_2_32",
               "The first page of INT32 `at` is DELTA_BINARY_PACKED, and its "
               "first value 0 is written as 2^32, the same low 32 bits but "
               "outside INT32 (DuckDB 1.5 wrote such values).")
def _delta_value_range(pq):
    def build(plain):
        values = _plain_fixed(plain, "<i")
        section = encoding.delta_binary_packed(values, 32)
        return _replace(section, _varints(section, 4)[3], encoding.uleb128(
            encoding.zigzag(values[0] + 2 ** 32)))
    return _delta_page(pq, "at",
                       "DELTA_BINARY_PACKED", build)


@page_mutation("encoding.negative-length", "delta_length_minus_one",
               "The first page of STRING `word` is DELTA_LENGTH_BYTE_ARRAY, "
               "and the length of its first value is -1 (its bytes stay).")
def _negative_length(pq):
    def build(plain):
        values = [v for _, v in _plain_byte_arrays(plain)]
        lengths = encoding.delta_binary_packed(
            [-1] + [len(v) for v in values[1:]], 32)
        return lengths + b"".join(values), _varints(lengths, 4)[3]
    return _delta_page(pq, "word",
                       "DELTA_LENGTH_BYTE_ARRAY", build)


@page_mutation("encoding.delta-prefix-too-long", "delta_first_prefix_one",
               "The first page of STRING `word` is DELTA_BYTE_ARRAY, and its "
               "first value claims a 1-byte prefix (of no previous value) "
               "and keeps only the rest as its suffix.")
def _delta_prefix(pq):
    def build(plain):
        values = [v for _, v in _plain_byte_arrays(plain)]
        prefixes = _prefix_lengths(values)
        prefixes[0] = 1
        suffixes = [v[p:] for v, p in zip(values, prefixes)]
        section = encoding.delta_binary_packed(prefixes, 32)
        return (section + encoding.delta_length_byte_array(suffixes),
                _varints(section, 4)[3])
    return _delta_page(pq, "word",
                       "DELTA_BYTE_ARRAY", build)


@page_mutation("encoding.flba-length", "delta_flba_suffix_short",
               "The first page of FIXED_LEN_BYTE_ARRAY(4) `hash` is "
               "DELTA_BYTE_ARRAY, and its first value's suffix has 3 bytes.")
def _delta_flba_suffix_short(pq):
    width = pq.metadata.schema[_element_index(pq, "hash")].type_length

    def build(plain):
        values = [plain[k:k + width] for k in range(0, len(plain), width)]
        prefixes = _prefix_lengths(values)
        suffixes = [v[p:] for v, p in zip(values, prefixes)]
        suffixes[0] = suffixes[0][:-1]
        head = encoding.delta_binary_packed(prefixes, 32)
        tail = encoding.delta_length_byte_array(suffixes)
        return head + tail, _varints(tail, 4)[3].shifted(len(head))
    return _delta_page(pq, "hash", "DELTA_BYTE_ARRAY",
                       build)


# ---- pages: values against the logical type ---------------------------------

@page_mutation("value.invalid-utf8", "string_value_not_utf8",
               "The STRING value \"kiwi\" in the first page of `word` "
               "becomes b\"k\\xffwi\" (still between the chunk's min and "
               "max).")
def _invalid_utf8_value(pq):
    col = _leaf_index(pq, "word")
    at = _page(pq.model, col, 0).values.index(b"kiwi")

    def section(v):
        return v[:at + 1] + b"\xff" + v[at + 2:]
    return _page_edit(pq, _set_values(col, 0, section),
                      lambda new: Span(_values_start(new, col, 0) + at, 4))


def _replace_fixed(col, k, index, width, new_bytes):
    """An edit replacing PLAIN value `index` (of `width` bytes) of page k."""
    def section(v):
        at = index * width
        return v[:at] + new_bytes + v[at + width:]
    return _set_values(col, k, section)


def _then(*edits):
    def edit(model, t):
        for e in edits:
            e(model, t)
    return edit


def _model_stats(col, name, value):
    """An edit setting the chunk statistics field `name` in the model."""
    def edit(model, t):
        setattr(_chunk(model, col).meta.statistics, name, value)
    return edit


@page_mutation("value.decimal-out-of-range", "decimal_13_digits",
               "The second value of DECIMAL(12,2) INT64 `price` is 10^12, "
               "13 digits; the chunk's max_value follows it.")
def _decimal_range(pq):
    col = _leaf_index(pq, "price")
    value = struct.pack("<q", 10 ** 12)
    return _page_edit(
        pq,
        _then(_replace_fixed(col, 0, 1, 8, value),
              _model_stats(col, "max_value", value)),
        lambda new: Span(_values_start(new, col, 0) + 8, 8))


@page_mutation("value.integer-out-of-range", "int16_value_40000",
               "The third value of INT(16) `qty` is 40000; the page "
               "statistics, column index and chunk max_value follow it.")
def _integer_range(pq):
    col = _leaf_index(pq, "qty")
    value = struct.pack("<i", 40000)

    def bounds(model, t):
        _page(model, col, 0).header.data_page_header.statistics.max_value = \
            value
        _chunk(model, col).column_index.max_values[0] = value
    return _page_edit(
        pq,
        _then(_replace_fixed(col, 0, 2, 4, value), bounds,
              _model_stats(col, "max_value", value)),
        lambda new: Span(_values_start(new, col, 0) + 8, 4))


@page_mutation("value.time-out-of-range", "time_millis_one_day",
               "The third value of TIME(MILLIS) `at` is 86,400,000 ms, one "
               "full day; the chunk's max_value follows it.")
def _time_range(pq):
    col = _leaf_index(pq, "at")
    value = struct.pack("<i", 86_400_000)
    return _page_edit(
        pq,
        _then(_replace_fixed(col, 0, 2, 4, value),
              _model_stats(col, "max_value", value)),
        lambda new: Span(_values_start(new, col, 0) + 8, 4))


@page_mutation("value.invalid-utf8", "gzip_dictionary_entry_not_utf8",
               "The dictionary entry \"off\" of `note` becomes b\"of\\xff\" "
               "in its GZIP dictionary page, so the diagnostic spans the "
               "compressed body (the entry stays within min/max).")
def _invalid_utf8_dictionary(pq):
    col = _leaf_index(pq, "note")
    assert b"\x03\x00\x00\x00off" in _page(pq.model, col, 0).values
    return _page_edit(pq,
                      _set_values(col, 0, lambda v: v.replace(
                          b"\x03\x00\x00\x00off", b"\x03\x00\x00\x00of\xff")),
                      lambda new: _placed(new, col, 0).body)


@page_mutation("value.boolean-padding", "boolean_padding_bit_set",
               "The unused top bit of the PLAIN BOOLEAN byte of the first "
               "(GZIP V1) page of `flag` is set, so the diagnostic spans the "
               "compressed body.")
def _boolean_padding(pq):
    col = _leaf_index(pq, "flag")
    return _page_edit(pq,
                      _set_values(col, 0, lambda v: bytes([v[0] | 0x80])),
                      lambda new: _placed(new, col, 0).body)


@page_mutation("value.decimal-length", "byte_array_decimal_empty",
               "The value 0 (one byte, 0x00) of BYTE_ARRAY DECIMAL(6,2) "
               "`cost` in its first page is written with length 0.")
def _decimal_length(pq):
    col = _leaf_index(pq, "cost")
    values = _plain_byte_arrays(_page(pq.model, col, 0).values)
    at, zero = next((at, v) for at, v in values if v == b"\x00")

    def section(v):
        return v[:at] + struct.pack("<I", 0) + v[at + 4 + len(zero):]
    # The value's bytes, which are none, after its 4-byte length.
    return _page_edit(pq, _set_values(col, 0, section),
                      lambda new: Span(_values_start(new, col, 0) + at + 4, 0))


# ---- pages: statistics against the data -------------------------------------

@page_mutation("stats.value-below-min", "chunk_min_above_data",
               "min_value of `id` is one more than its smallest value.")
def _below_min(pq):
    return _set_stat(pq, "id", "min_value", lambda meta: struct.pack(
        "<q", _int64(meta.statistics.min_value) + 1))


@page_mutation("stats.value-above-max", "chunk_max_below_data",
               "max_value of `id` is one less than its largest value.")
def _above_max(pq):
    return _set_stat(pq, "id", "max_value", lambda meta: struct.pack(
        "<q", _int64(meta.statistics.max_value) - 1))


@page_mutation("stats.null-count-mismatch", "chunk_null_count_plus_one",
               "null_count of `qty` is one more than its definition levels "
               "hold.")
def _null_count_mismatch(pq):
    return _set_stat(pq, "qty", "null_count",
                     lambda meta: meta.statistics.null_count + 1)


@page_mutation("stats.bounds-without-values", "all_null_chunk_with_bounds",
               "The all-null INT32 `empty` gets min_value = max_value = 0.")
def _bounds_without_values(pq):
    col = _leaf_index(pq, "empty")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min_value = s.max_value = struct.pack("<i", 0)
    return _edit(pq, edit,
                 _stats_path(col, "min_value"))


@page_mutation("stats.nan-count-mismatch", "nan_count_plus_one",
               "nan_count of DOUBLE `score` is 1; it holds no NaN.")
def _nan_count_mismatch(pq):
    return _set_stat(pq, "score", "nan_count",
                     lambda meta: meta.statistics.nan_count + 1)


@page_mutation("stats.bound-not-attained", "exact_min_not_attained",
               "min_value of `id` is one less than its smallest value and "
               "marked exact (is_min_value_exact).")
def _bound_not_attained(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        s = _column(md, 0, col).meta_data.statistics
        s.min_value = struct.pack("<q", _int64(s.min_value) - 1)
        s.is_min_value_exact = True
    return _edit(pq, edit,
                 _stats_path(col, "min_value"))


@page_mutation("stats.size-statistics-mismatch",
               "size_statistics_histogram_shifted",
               "The chunk of `qty` gets SizeStatistics whose definition level "
               "histogram counts one null too many and one value too few "
               "(the sum still equals num_values).")
def _size_statistics(pq):
    col = _leaf_index(pq, "qty")
    levels = [d for page in _chunk(pq.model, col).pages
              for d in page.def_levels]
    histogram = [levels.count(0) + 1, levels.count(1) - 1]

    def footer(md, t):
        _column(md, 0, col).meta_data.size_statistics = t.SizeStatistics(
            definition_level_histogram=histogram)
    return _edit(pq, footer,
                 _meta_path(0, col, "size_statistics."
                            "definition_level_histogram[0]"))


# ---- pages: page kinds and encodings the walk only warns about --------------

def _insert_page(col, k, header_fn, body=b""):
    def edit(model, t):
        page = writer.PageModel(header_fn(t), values=body)
        _chunk(model, col).pages.insert(k, writer.finish_page(page, t))
    return edit


@page_mutation("page.unknown-type", "page_type_9",
               "A page of type 9 with a 5-byte body follows the first page "
               "of `price`.")
def _unknown_page(pq):
    col = _leaf_index(pq, "price")
    return _page_edit(pq, _insert_page(
        col, 1, lambda t: t.PageHeader(type=9, uncompressed_page_size=0,
                                       compressed_page_size=0), b"\xee" * 5),
        _header_whole(col, 1, "type"))


@page_mutation("page.index-page", "index_page_inserted",
               "An empty INDEX_PAGE follows the first page of `price`.")
def _index_page_inserted(pq):
    col = _leaf_index(pq, "price")
    return _page_edit(pq, _insert_page(
        col, 1, lambda t: t.PageHeader(
            type=t.PageType.INDEX_PAGE, uncompressed_page_size=0,
            compressed_page_size=0, index_page_header=t.IndexPageHeader())),
        _header_whole(col, 1, "type"))


@page_mutation("page.extra-type-header", "data_page_with_dictionary_header",
               "The first DATA_PAGE of `price` also carries a "
               "dictionary_page_header.")
def _extra_type_header(pq):
    col = _leaf_index(pq, "price")

    def edit(model, t):
        _page(model, col, 0).header.dictionary_page_header = \
            t.DictionaryPageHeader(num_values=0, encoding=t.Encoding.PLAIN)
    return _page_edit(pq, edit,
                      _header_whole(col, 0, "dictionary_page_header"))


@page_mutation("page.dictionary-at-data-page-offset",
               "dictionary_offset_unset",
               "The `label` chunk has no dictionary_page_offset, and its "
               "data_page_offset points at the dictionary page, as older "
               "writers did.")
def _dictionary_at_data(pq):
    col = _leaf_index(pq, "label")

    def edit(md, t):
        meta = _column(md, 0, col).meta_data
        meta.data_page_offset = meta.dictionary_page_offset
        meta.dictionary_page_offset = None
    return _edit(pq, edit,
                 _meta_path(0, col, "data_page_offset"))


@page_mutation("page.encoding-not-listed", "encodings_without_rle_dictionary",
               "The `label` chunk's encodings list PLAIN and RLE but not the "
               "RLE_DICTIONARY its data pages use.")
def _encoding_not_listed(pq):
    col = _leaf_index(pq, "label")

    def footer(md, t):
        meta = _column(md, 0, col).meta_data
        meta.encodings = [e for e in meta.encodings
                          if e != t.Encoding.RLE_DICTIONARY]
    return _page_edit(pq, None,
                      _header_value(col, 1, "data_page_header.encoding"),
                      footer)


# ---- pages: page index ------------------------------------------------------

def _oi_edit(col, fn):
    """An edit that breaks the OffsetIndex of `col` with fn(oi) after
    layout() built it."""
    def edit(model, t):
        _chunk(model, col).offset_index_edit = fn
    return edit


def _ci_edit(col, fn):
    def edit(model, t):
        fn(_chunk(model, col).column_index, t)
    return edit


@page_mutation("page-index.length-mismatch", "offset_index_length_minus_one",
               "offset_index_length of `id` is one less than its "
               "OffsetIndex.")
def _index_length(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        _column(md, 0, col).offset_index_length -= 1
    return _edit(pq, edit,
                 f"row_groups[0].columns[{col}].offset_index_length")


def _pop_location(oi, t):
    oi.page_locations.pop()


@page_mutation("page-index.location-count", "offset_index_missing_location",
               "The OffsetIndex of `id` lacks the location of its last data "
               "page.")
def _location_count(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _oi_edit(col, _pop_location),
                      _region_field(col, "offset_index", "page_locations"))


def _location_plus_one(name):
    def fn(oi, t):
        loc = oi.page_locations[1]
        setattr(loc, name, getattr(loc, name) + 1)
    return fn


@page_mutation("page-index.location-offset", "location_offset_plus_one",
               "The second PageLocation of `id` has an offset one past its "
               "page's header.")
def _location_offset(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _oi_edit(col, _location_plus_one("offset")),
                      _region_field(col, "offset_index",
                                    "page_locations[1].offset"))


@page_mutation("page-index.location-size", "location_size_plus_one",
               "The second PageLocation of `id` has a compressed_page_size "
               "one more than its page's header and body.")
def _location_size(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _oi_edit(col, _location_plus_one(
                          "compressed_page_size")),
                      _region_field(col, "offset_index",
                                    "page_locations[1].compressed_page_size"))


@page_mutation("page-index.first-row-index", "first_row_index_plus_one",
               "The second PageLocation of `id` has first_row_index 5; its "
               "page starts at row 4.")
def _first_row_index(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _oi_edit(col, _location_plus_one("first_row_index")),
                      _region_field(col, "offset_index",
                                    "page_locations[1].first_row_index"))


@page_mutation("page-index.list-length", "null_counts_one_short",
               "The ColumnIndex of `id` has one null_counts entry fewer than "
               "data pages.")
def _list_length(pq):
    col = _leaf_index(pq, "id")
    return _page_edit(pq,
                      _ci_edit(col, lambda ci, t: ci.null_counts.pop()),
                      _region_field(col, "column_index", "null_counts"))


@page_mutation("page-index.null-pages", "null_page_with_values",
               "The ColumnIndex of `qty` marks its second page, which holds "
               "values, a null page (with empty bounds).")
def _null_pages(pq):
    col = _leaf_index(pq, "qty")

    def fn(ci, t):
        ci.null_pages[1] = True
        ci.min_values[1] = ci.max_values[1] = b""
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index", "null_pages[1]"))


@page_mutation("page-index.boundary-order", "ascending_claimed_descending",
               "The ColumnIndex of the ascending `id` says boundary_order "
               "DESCENDING.")
def _boundary_order(pq):
    col = _leaf_index(pq, "id")

    def fn(ci, t):
        assert ci.boundary_order == t.BoundaryOrder.ASCENDING
        ci.boundary_order = t.BoundaryOrder.DESCENDING
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index", "boundary_order"))


@page_mutation("page-index.bounds", "page_min_above_values",
               "min_values of the second page of `id` in its ColumnIndex is "
               "one more than the page's smallest value.")
def _index_bounds(pq):
    col = _leaf_index(pq, "id")

    def fn(ci, t):
        ci.min_values[1] = struct.pack("<q", _int64(ci.min_values[1]) + 1)
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index", "min_values[1]"))


@page_mutation("page-index.null-counts", "page_null_count_plus_one",
               "null_counts of the first page of `qty` in its ColumnIndex "
               "is one more than the page's nulls.")
def _index_null_counts(pq):
    col = _leaf_index(pq, "qty")

    def fn(ci, t):
        ci.null_counts[0] += 1
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index", "null_counts[0]"))


@page_mutation("page-index.histogram", "definition_histogram_shifted",
               "The definition level histogram of the first page of `qty` "
               "in its ColumnIndex counts one null too many and one value "
               "too few.")
def _index_histogram(pq):
    col = _leaf_index(pq, "qty")

    def fn(ci, t):
        ci.definition_level_histograms[0] += 1
        ci.definition_level_histograms[1] -= 1
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index",
                                    "definition_level_histograms[0]"))


@page_mutation("page-index.nan-counts", "nan_counts_one_without_nan",
               "The ColumnIndex of DOUBLE `temp` counts one NaN in its second "
               "page, which holds none.")
def _index_nan_counts(pq):
    col = _leaf_index(pq, "temp")

    def fn(ci, t):
        ci.nan_counts = list(ci.nan_counts or [0] * len(ci.null_pages))
        ci.nan_counts[1] += 1
    return _page_edit(pq, _ci_edit(col, fn),
                      _region_field(col, "column_index", "nan_counts[1]"))


# ---- pages: bloom filters ---------------------------------------------------

def _bloom_edit(col, fn):
    def edit(model, t):
        fn(_chunk(model, col).bloom, t)
    return edit


@page_mutation("bloom.false-negative", "bitset_cleared",
               "Every bit of the bloom filter of `id` is 0, so every value "
               "tests negative.")
def _bloom_false_negative(pq):
    col = _leaf_index(pq, "id")

    def fn(b, t):
        b.bitset = bytes(len(b.bitset))

    def bitset(new):
        # colcheck reports at the bitset block that lacks the value's bits;
        # the whole cleared bitset covers every block.
        region = new.regions[(0, col, "bloom_filter")][0]
        size = len(new.model.row_groups[0].chunks[col].bloom.bitset)
        return Span(region.offset + region.length - size, size)
    return _page_edit(pq, _bloom_edit(col, fn),
                      bitset)


@page_mutation("bloom.num-bytes", "num_bytes_33",
               "The bloom filter header of `id` says numBytes 33, not a "
               "multiple of 32 (bloom_filter_length follows it).")
def _bloom_num_bytes(pq):
    col = _leaf_index(pq, "id")

    def fn(b, t):
        b.header.numBytes = 33
    return _page_edit(pq, _bloom_edit(col, fn),
                      _region_field(col, "bloom_filter", "numBytes"))


@page_mutation("bloom.length-mismatch", "bloom_length_minus_one",
               "bloom_filter_length of `id` is one less than its header and "
               "bitset.")
def _bloom_length(pq):
    col = _leaf_index(pq, "id")

    def edit(md, t):
        _column(md, 0, col).meta_data.bloom_filter_length -= 1
    return _edit(pq, edit,
                 _meta_path(0, col, "bloom_filter_length"))


@page_mutation("bloom.out-of-bounds", "bitset_runs_into_footer",
               "The bloom filter of `label`, the last thing before the "
               "footer, declares numBytes twice its bitset and has no "
               "bloom_filter_length, so it runs into the footer.")
def _bloom_out_of_bounds(pq):
    col = _leaf_index(pq, "label")
    last = max(k for k in pq.regions if k[2] == "bloom_filter")
    assert last[:2] == (0, col), "label's filter must be the last region"

    def fn(b, t):
        b.header.numBytes = 2 * len(b.bitset)

    def footer(md, t):
        _column(md, 0, col).meta_data.bloom_filter_length = None
    return _page_edit(pq, _bloom_edit(col, fn),
                      _region_field(col, "bloom_filter", "numBytes"), footer)


@page_mutation("bloom.not-power-of-two", "num_bytes_96",
               "The bloom filter of `id` is rebuilt with a 96-byte bitset "
               "(three blocks), valid but not a power of two.")
def _bloom_power(pq):
    col = _leaf_index(pq, "id")
    values = [v for page in _chunk(pq.model, col).pages
              for (v,) in struct.iter_unpack("<q", page.values)]

    def edit(model, t):
        _chunk(model, col).bloom = writer.bloom_filter(t, "INT64", values,
                                                       num_bytes=96)
    return _page_edit(pq, edit,
                      _region_field(col, "bloom_filter", "numBytes"))


@page_mutation("bloom.unsupported", "hash_member_2",
               "The BloomFilterHash union of `id`'s filter holds member 2, "
               "which no specification defines, instead of XXHASH (1).")
def _bloom_unsupported(pq):
    col = _leaf_index(pq, "id")
    fields = pq.regions[(0, col, "bloom_filter")][1]
    member = fields["hash.XXHASH"].header
    data = bytearray(pq.data)
    assert data[member.offset] == 0x1C, "short-form header, delta 1, struct"
    data[member.offset] = 0x2C
    return bytes(data), fields["hash"].whole
