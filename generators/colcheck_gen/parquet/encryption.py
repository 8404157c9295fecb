"""Writes Parquet files encrypted with Parquet Modular Encryption
(Encryption.md) under known keys, and breaks them one rule at a time.

    config = EncryptionConfig(algorithm="AES_GCM_V1", footer="encrypted",
                              column_keys={"label": "kc1"}, seed=7)
    ef = write_encrypted(spec, config)
    ef.data        # the file's bytes
    ef.keys_yaml   # the `colcheck validate --keys FILE` file that opens it
    ef.modules     # Place(type, rg, col, page) -> Span of the whole module

Layout: the model writer.build_model makes is laid out as writer.layout
does (the same pages, indexes and bloom filters in the same order), and
every module is sealed as colcheck reads it (validator/parquet/
encryption.h):

    GCM module  u32 LE length | nonce (12) | ciphertext | tag (16)
    CTR module  u32 LE length | nonce (12) | ciphertext
                (length counts the bytes after it; IV = nonce | 00000001)
    AAD         aad_prefix | aad_file_unique | type (1) | row group (i16 LE)
                | column (i16 LE) [| page ordinal (i16 LE), data pages and
                data page headers only]; the footer's stops after the type.

A chunk's page is its header module (the serialized PageHeader, GCM) then
its body module (GCM, or CTR for data and dictionary pages under
AES_GCM_CTR_V1); compressed_page_size is the body module's whole size and
the CRC, when the page has one, is of the body module as stored. The
ColumnMetaData sizes and offsets are those of the modules in the file;
total_uncompressed_size adds each header module's size to the pages'
uncompressed sizes. Page indexes are one GCM module each, the offset index
pointing at header modules; a bloom filter is its header module followed by
its bitset module. A column with a column key carries its ColumnMetaData as
encrypted_column_metadata (the whole module), with meta_data unset
(encrypted footer) or stripped of statistics (plaintext footer); a column
with the footer key keeps its meta_data; plaintext_columns are not
encrypted at all.

Encrypted footer: PARE | column data | FileCryptoMetaData | footer module
(GCM, type 0) | u32 length | PARE. Plaintext footer: PAR1 | column data |
FileMetaData (with encryption_algorithm and footer_signing_key_metadata) |
nonce | tag | u32 length | PAR1, the tag being AES-GCM's over FileMetaData
with the footer AAD.

Keys, nonces and aad_file_unique follow from EncryptionConfig.seed (a
SHA-256 of the seed and what they are for), so a seed always writes the
same bytes. The ciphers are `cryptography`'s AESGCM and AES-CTR.

Mutations (MUTATIONS, registered with @_mutation) each break one rule of a
written file and return (bytes, keys YAML, expected): the code colcheck
must report and the absolute span it must report it at.
"""

import base64
import copy
import dataclasses
import hashlib
import json
import random
import re
import struct
from dataclasses import dataclass, field
from typing import Callable, NamedTuple, Optional

from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from colcheck_gen.common import breakage
from colcheck_gen.common.span import Span
from colcheck_gen.parquet import recording, thrift_gen, writer
from colcheck_gen.parquet.writer import (OPTIONAL, REPEATED, FileSpec,
                                         Group, Leaf, PageStyle, String)

ALGORITHMS = ("AES_GCM_V1", "AES_GCM_CTR_V1")
FOOTERS = ("encrypted", "plaintext")
KEY_LENGTHS = (16, 24, 32)
FOOTER_KEY_ID = "kf"
ENCRYPTED_MAGIC = b"PARE"

NONCE, TAG, LENGTH = 12, 16, 4
GCM_OVERHEAD = LENGTH + NONCE + TAG
CTR_OVERHEAD = LENGTH + NONCE
SIGNATURE = NONCE + TAG

# Module types of the AAD (Encryption.md 4.4.2).
FOOTER = 0
COLUMN_META_DATA = 1
DATA_PAGE = 2
DICTIONARY_PAGE = 3
DATA_PAGE_HEADER = 4
DICTIONARY_PAGE_HEADER = 5
COLUMN_INDEX = 6
OFFSET_INDEX = 7
BLOOM_FILTER_HEADER = 8
BLOOM_FILTER_BITSET = 9
TYPE_NAMES = ("footer", "column metadata", "data page", "dictionary page",
              "data page header", "dictionary page header", "column index",
              "offset index", "bloom filter header", "bloom filter bitset")
_PAGE_ORDINAL_TYPES = (DATA_PAGE, DATA_PAGE_HEADER)


class Place(NamedTuple):
    """Where a module belongs: what its AAD names, (type, rg, col, page).
    The footer has no row group or column; only data pages and their
    headers have a page. A plain tuple of the four compares equal."""
    type: int
    rg: Optional[int] = None
    col: Optional[int] = None
    page: Optional[int] = None

    def __str__(self):
        text = TYPE_NAMES[self.type]
        if self.rg is not None:
            text += f" rg{self.rg} col{self.col}"
        if self.page is not None:
            text += f" page{self.page}"
        return text


@dataclass
class EncryptionConfig:
    """How to encrypt a file.

    column_keys maps a dotted leaf path ("geo.alt", writer.leaf_paths) to
    the key id of its column key ("kc1"); the columns it does not name are
    encrypted with the footer key, but for plaintext_columns, which are not
    encrypted. Keys are `key_length` bytes derived from `seed` unless
    given: footer_key, and keys (key id -> bytes) for column keys.
    aad_prefix, when set, is stored in the file (store_aad_prefix) or left
    for the reader to supply (supply_aad_prefix; the keys YAML names it)."""
    algorithm: str = "AES_GCM_V1"
    footer: str = "encrypted"
    footer_key: Optional[bytes] = None
    column_keys: dict = field(default_factory=dict)
    keys: dict = field(default_factory=dict)
    plaintext_columns: tuple = ()
    aad_prefix: Optional[str] = None
    store_aad_prefix: bool = True
    key_length: int = 16
    seed: int = 0
    # PageHeader.crc (where the page has one) of the body module as stored
    # (False), or of its plaintext, as parquet-mr computes it (True).
    crc_plaintext: bool = False

    def __post_init__(self):
        if self.algorithm not in ALGORITHMS:
            raise ValueError(f"unknown algorithm {self.algorithm!r}")
        if self.footer not in FOOTERS:
            raise ValueError(f"unknown footer mode {self.footer!r}")
        if self.key_length not in KEY_LENGTHS:
            raise ValueError(f"AES keys are 16, 24 or 32 bytes, not "
                             f"{self.key_length}")
        if FOOTER_KEY_ID in self.column_keys.values():
            raise ValueError(f"key id {FOOTER_KEY_ID!r} is the footer key's")

    def derive(self, purpose, length):
        """`length` bytes for `purpose`, fixed by the seed."""
        digest = hashlib.sha256(
            f"colcheck-encryption/{self.seed}/{purpose}".encode()).digest()
        return digest[:length]

    def key(self, key_id):
        """The key of `key_id` (FOOTER_KEY_ID: the footer key)."""
        if key_id == FOOTER_KEY_ID:
            given = self.footer_key
        else:
            given = self.keys.get(key_id)
        key = given or self.derive(f"key/{key_id}", self.key_length)
        if len(key) not in KEY_LENGTHS:
            raise ValueError(f"key {key_id!r} has {len(key)} bytes")
        return key

    @property
    def footer_key_bytes(self):
        return self.key(FOOTER_KEY_ID)

    @property
    def aad_file_unique(self):
        return self.derive("aad_file_unique", 8)

    @property
    def aad_file(self):
        """aad_prefix | aad_file_unique: the start of every AAD."""
        prefix = (self.aad_prefix or "").encode()
        return prefix + self.aad_file_unique

    def nonce(self, place):
        return self.derive(f"nonce/{place.type}/{place.rg}/{place.col}/"
                           f"{place.page}", NONCE)

    def keys_yaml(self, aad_prefix=True, key_ids=None):
        """The --keys file: footer_key, the column keys by key id (those of
        `key_ids`, default all) and, for a prefix the file does not store,
        aad_prefix (unless `aad_prefix` is False)."""
        lines = [f"footer_key: {self.footer_key_bytes.hex()}"]
        ids = sorted(set(self.column_keys.values()) if key_ids is None
                     else key_ids)
        if ids:
            lines.append("key_ids:")
            lines += [f"  {i}: {self.key(i).hex()}" for i in ids]
        if aad_prefix and self.aad_prefix and not self.store_aad_prefix:
            lines.append(f"aad_prefix: {_yaml_text(self.aad_prefix)}")
        return "\n".join(lines) + "\n"

    def all_keys(self):
        """key id -> key bytes of every key the file uses."""
        out = {FOOTER_KEY_ID: self.footer_key_bytes}
        for key_id in set(self.column_keys.values()):
            out[key_id] = self.key(key_id)
        return out


_YAML_WORDS = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}


def _yaml_text(text):
    """`text` as a YAML scalar: plain when YAML reads it as that string,
    else double-quoted (a JSON string is one)."""
    if (re.fullmatch(r"[A-Za-z][A-Za-z0-9_-]*", text) and
            text.lower() not in _YAML_WORDS):
        return text
    return json.dumps(text)


@dataclass
class _Tweaks:
    """What a mutation changes while the file is written (everything else
    is laid out as usual, so offsets and sizes stay consistent):
    seal_keys  (rg, col) -> the key that chunk's modules are sealed with
               instead of the one its crypto_metadata names;
    aad        Place -> the Place whose AAD the module is sealed with;
    nonces     Place -> the Place whose nonce the module takes;
    pad        Place -> bytes added to the module's plaintext."""
    seal_keys: dict = field(default_factory=dict)
    aad: dict = field(default_factory=dict)
    nonces: dict = field(default_factory=dict)
    pad: dict = field(default_factory=dict)


@dataclass
class EncryptedFile:
    """A written encrypted file. `modules` maps every module's Place to
    the Span of the whole module (length through tag), absolute in `data`;
    a module inside the encrypted footer (encrypted_column_metadata) has
    the offsets of the ciphertext bytes that hold it. `footer_spans` are
    the FileMetaData's field spans at the same offsets, `crypto_spans` the
    FileCryptoMetaData's (encrypted footer only), `signature` the plaintext
    footer's 28-byte signature."""
    data: bytes
    keys_yaml: str
    modules: dict
    config: EncryptionConfig
    model: object = field(repr=False)
    metadata: object = field(repr=False)
    ttypes: object = field(repr=False)
    footer_spans: recording.Spans = field(repr=False)
    crypto_spans: Optional[recording.Spans] = field(repr=False, default=None)
    signature: Optional[Span] = None
    # (rg, col) -> key id ("kf": the footer key; None: not encrypted).
    chunk_keys: dict = field(default_factory=dict)

    @property
    def keys(self):
        return self.config.all_keys()

    def pages(self, rg, col, kind=DATA_PAGE_HEADER):
        """The Places of `kind` modules of a chunk, in file order."""
        return sorted((p for p in self.modules
                       if p.type == kind and p.rg == rg and p.col == col),
                      key=lambda p: self.modules[p].offset)

    def encrypted_chunks(self):
        """(rg, col) of every encrypted chunk, in file order."""
        return [k for k, v in sorted(self.chunk_keys.items()) if v]

    def plaintext(self):
        """The same model written without encryption (writer.layout)."""
        return writer.layout(self.model, self.ttypes)


# ---- sealing ---------------------------------------------------------------

def aad(config, place):
    """The AAD of a module at `place`."""
    out = config.aad_file + bytes([place.type])
    if place.type == FOOTER:
        return out
    out += struct.pack("<hh", place.rg, place.col)
    if place.type in _PAGE_ORDINAL_TYPES:
        out += struct.pack("<h", place.page)
    return out


def gcm_module(key, nonce, plaintext, associated):
    sealed = AESGCM(key).encrypt(nonce, bytes(plaintext), associated)
    return struct.pack("<I", NONCE + len(sealed)) + nonce + sealed


def ctr_module(key, nonce, plaintext):
    encryptor = Cipher(algorithms.AES(key),
                       modes.CTR(nonce + b"\x00\x00\x00\x01")).encryptor()
    sealed = encryptor.update(bytes(plaintext)) + encryptor.finalize()
    return struct.pack("<I", NONCE + len(sealed)) + nonce + sealed


def open_module(config, key, place, module):
    """The plaintext of a whole module (for tests); raises on a bad tag."""
    (length,) = struct.unpack_from("<I", module)
    body = module[LENGTH:LENGTH + length]
    nonce, rest = body[:NONCE], body[NONCE:]
    if uses_ctr(config, place.type):
        decryptor = Cipher(algorithms.AES(key),
                           modes.CTR(nonce + b"\x00\x00\x00\x01")).decryptor()
        return decryptor.update(rest) + decryptor.finalize()
    return AESGCM(key).decrypt(nonce, rest, aad(config, place))


def uses_ctr(config, module_type):
    return (config.algorithm == "AES_GCM_CTR_V1" and
            module_type in (DATA_PAGE, DICTIONARY_PAGE))


class _Sealer:
    def __init__(self, config, tweaks):
        self.config, self.tweaks = config, tweaks

    def seal(self, plaintext, place, key):
        """The whole module of `plaintext` at `place` under `key`."""
        c, tw = self.config, self.tweaks
        plaintext = bytes(plaintext) + tw.pad.get(place, b"")
        nonce = c.nonce(tw.nonces.get(place, place))
        if uses_ctr(c, place.type):
            return ctr_module(key, nonce, plaintext)
        return gcm_module(key, nonce, plaintext,
                          aad(c, tw.aad.get(place, place)))


# ---- writing ---------------------------------------------------------------

def _chunk_keys(model, config):
    """(rg, col) -> the key id of the chunk (None: not encrypted)."""
    known = set()
    if model.row_groups:
        known = {".".join(ch.meta.path_in_schema)
                 for ch in model.row_groups[0].chunks}
    for path in list(config.column_keys) + list(config.plaintext_columns):
        if model.row_groups and path not in known:
            raise ValueError(f"no leaf {path!r} (leaves: {sorted(known)})")
    out = {}
    for g, rg in enumerate(model.row_groups):
        for c, chunk in enumerate(rg.chunks):
            path = ".".join(chunk.meta.path_in_schema)
            if path in config.plaintext_columns:
                out[(g, c)] = None
            else:
                out[(g, c)] = config.column_keys.get(path, FOOTER_KEY_ID)
    return out


def _layout_chunk(t, sealer, g, c, chunk, key, data, modules, placements):
    """Appends the chunk's pages, sealed with `key` (None: in plaintext),
    to `data`; returns its ColumnMetaData (as writer._layout_chunk)."""
    start = len(data)
    laid = []
    ordinal = 0
    for page in chunk.pages:
        h = copy.deepcopy(page.header)
        dictionary = h.type == t.PageType.DICTIONARY_PAGE
        is_data = h.type in (t.PageType.DATA_PAGE, t.PageType.DATA_PAGE_V2)
        if not (dictionary or is_data):
            raise ValueError(f"page type {h.type} is not written encrypted")
        if key is None:
            body = page.body
            header, _ = recording.serialize(h)
        else:
            if dictionary:
                body_place = Place(DICTIONARY_PAGE, g, c)
                header_place = Place(DICTIONARY_PAGE_HEADER, g, c)
            else:
                body_place = Place(DATA_PAGE, g, c, ordinal)
                header_place = Place(DATA_PAGE_HEADER, g, c, ordinal)
            body = sealer.seal(page.body, body_place, key)
            h.compressed_page_size = len(body)
            if page.checksum and not sealer.config.crc_plaintext:
                h.crc = writer.signed_crc(body)
            header = sealer.seal(recording.serialize(h)[0], header_place, key)
        offset = len(data)
        data += header + body
        header_span = Span(offset, len(header))
        body_span = Span(offset + len(header), len(body))
        if key is not None:
            modules[header_place] = header_span
            modules[body_place] = body_span
        placements.append(writer.PagePlacement(header_span,
                                               recording.Spans(), body_span))
        laid.append((h, offset, len(header)))
        if is_data:
            ordinal += 1
    data += chunk.trailing
    return writer.chunk_metadata(t, chunk, start, len(data), laid)


def _algorithm(t, config):
    fields = {"aad_file_unique": config.aad_file_unique}
    if config.aad_prefix:
        if config.store_aad_prefix:
            fields["aad_prefix"] = config.aad_prefix.encode()
        else:
            fields["supply_aad_prefix"] = True
    if config.algorithm == "AES_GCM_V1":
        return t.EncryptionAlgorithm(AES_GCM_V1=t.AesGcmV1(**fields))
    return t.EncryptionAlgorithm(AES_GCM_CTR_V1=t.AesGcmCtrV1(**fields))


def write_encrypted(spec_or_model, config, ttypes=None, _tweaks=None):
    """Writes a writer.FileSpec (or writer.FileModel) encrypted as
    `config` says. Returns the EncryptedFile."""
    t = ttypes or thrift_gen.load()
    model = (spec_or_model if isinstance(spec_or_model, writer.FileModel)
             else writer.build_model(spec_or_model, t))
    tweaks = _tweaks or _Tweaks()
    sealer = _Sealer(config, tweaks)
    chunk_keys = _chunk_keys(model, config)

    def key_of(g, c):
        key_id = chunk_keys[(g, c)]
        if key_id is None:
            return None
        return tweaks.seal_keys.get((g, c), config.key(key_id))

    encrypted_footer = config.footer == "encrypted"
    data = bytearray(ENCRYPTED_MAGIC if encrypted_footer else writer.MAGIC)
    modules, pages, row_groups = {}, {}, []
    for g, rg in enumerate(model.row_groups):
        group_offset = len(data)
        columns = []
        for c, chunk in enumerate(rg.chunks):
            placements = pages.setdefault((g, c), [])
            meta = _layout_chunk(t, sealer, g, c, chunk, key_of(g, c), data,
                                 modules, placements)
            columns.append(t.ColumnChunk(file_offset=0, meta_data=meta))
        row_groups.append(t.RowGroup(
            columns=columns,
            total_byte_size=sum(cc.meta_data.total_uncompressed_size
                                for cc in columns),
            num_rows=rg.num_rows, file_offset=group_offset,
            total_compressed_size=sum(cc.meta_data.total_compressed_size
                                      for cc in columns),
            ordinal=g))

    def place(obj, g, c, module_type, extra=b""):
        blob = recording.serialize(obj)[0] + extra
        key = key_of(g, c)
        if key is not None:
            where = Place(module_type, g, c)
            blob = sealer.seal(blob, where, key)
            modules[where] = Span(len(data), len(blob))
        offset = len(data)
        data.extend(blob)
        return offset, len(blob)

    chunks = [(g, c, chunk, row_groups[g].columns[c])
              for g, rg in enumerate(model.row_groups)
              for c, chunk in enumerate(rg.chunks)]
    for g, c, chunk, cc in chunks:
        if chunk.column_index is not None:
            cc.column_index_offset, cc.column_index_length = place(
                chunk.column_index, g, c, COLUMN_INDEX)
    for g, c, chunk, cc in chunks:
        if chunk.offset_index:
            cc.offset_index_offset, cc.offset_index_length = place(
                writer._offset_index(t, chunk, pages[(g, c)]), g, c,
                OFFSET_INDEX)
    for g, c, chunk, cc in chunks:
        if chunk.bloom is None:
            continue
        meta = cc.meta_data
        key = key_of(g, c)
        if key is None:
            meta.bloom_filter_offset, meta.bloom_filter_length = place(
                chunk.bloom.header, g, c, BLOOM_FILTER_HEADER,
                chunk.bloom.bitset)
            continue
        offset, header_length = place(chunk.bloom.header, g, c,
                                      BLOOM_FILTER_HEADER)
        where = Place(BLOOM_FILTER_BITSET, g, c)
        bitset = sealer.seal(chunk.bloom.bitset, where, key)
        modules[where] = Span(len(data), len(bitset))
        data.extend(bitset)
        meta.bloom_filter_offset = offset
        meta.bloom_filter_length = header_length + len(bitset)

    # Column keys seal their chunk's ColumnMetaData.
    sealed_meta = {}
    for g, c, chunk, cc in chunks:
        key_id = chunk_keys[(g, c)]
        if key_id is None:
            continue
        if key_id == FOOTER_KEY_ID:
            cc.crypto_metadata = t.ColumnCryptoMetaData(
                ENCRYPTION_WITH_FOOTER_KEY=t.EncryptionWithFooterKey())
            continue
        meta = cc.meta_data
        cc.crypto_metadata = t.ColumnCryptoMetaData(
            ENCRYPTION_WITH_COLUMN_KEY=t.EncryptionWithColumnKey(
                path_in_schema=list(meta.path_in_schema),
                key_metadata=key_id.encode()))
        module = sealer.seal(recording.serialize(meta)[0],
                             Place(COLUMN_META_DATA, g, c), key_of(g, c))
        cc.encrypted_column_metadata = module
        sealed_meta[(g, c)] = module
        if encrypted_footer:
            cc.meta_data = None
        else:
            cc.meta_data = copy.deepcopy(meta)
            cc.meta_data.statistics = None

    md = t.FileMetaData(
        version=1, schema=copy.deepcopy(model.schema),
        num_rows=sum(rg.num_rows for rg in model.row_groups),
        row_groups=row_groups, created_by=model.created_by,
        column_orders=copy.deepcopy(model.column_orders))
    if model.key_value_metadata:
        md.key_value_metadata = copy.deepcopy(model.key_value_metadata)
    algorithm = _algorithm(t, config)
    footer_key = config.footer_key_bytes
    footer_offset = len(data)
    crypto_spans = signature = None
    if encrypted_footer:
        crypto = t.FileCryptoMetaData(encryption_algorithm=algorithm,
                                      key_metadata=FOOTER_KEY_ID.encode())
        crypto_bytes, crypto_spans = recording.serialize(crypto)
        crypto_spans = crypto_spans.shifted(footer_offset)
        md_bytes, md_spans = recording.serialize(md)
        module = sealer.seal(md_bytes, Place(FOOTER), footer_key)
        modules[Place(FOOTER)] = Span(footer_offset + len(crypto_bytes),
                                      len(module))
        md_offset = footer_offset + len(crypto_bytes) + LENGTH + NONCE
        footer = crypto_bytes + module
    else:
        md.encryption_algorithm = algorithm
        md.footer_signing_key_metadata = FOOTER_KEY_ID.encode()
        md_bytes, md_spans = recording.serialize(md)
        nonce = config.nonce(tweaks.nonces.get(Place(FOOTER), Place(FOOTER)))
        tag = AESGCM(footer_key).encrypt(
            nonce, md_bytes, aad(config, Place(FOOTER)))[-TAG:]
        md_offset = footer_offset
        signature = Span(footer_offset + len(md_bytes), SIGNATURE)
        footer = md_bytes + nonce + tag
    data += footer + struct.pack("<I", len(footer))
    data += ENCRYPTED_MAGIC if encrypted_footer else writer.MAGIC
    footer_spans = md_spans.shifted(md_offset)
    for (g, c), module in sealed_meta.items():
        value = footer_spans[
            f"row_groups[{g}].columns[{c}].encrypted_column_metadata"].value
        modules[Place(COLUMN_META_DATA, g, c)] = Span(value.end - len(module),
                                                      len(module))
    return EncryptedFile(bytes(data), config.keys_yaml(), modules, config,
                         model, md, t, footer_spans, crypto_spans, signature,
                         chunk_keys)


# ---- the corpus's valid files ----------------------------------------------

def encrypted_base(rng):
    """Six leaves in 2 row groups of 6 rows: `id` INT64 PLAIN V1 pages of 3
    rows with CRC, page statistics, page index and bloom filter; `seq`
    INT64 like it without CRC and bloom filter (the pages of both have
    modules of equal sizes, and so have their column indexes);
    `label` STRING dictionary V1 with CRC, page index and bloom filter;
    `score` DOUBLE V2 GZIP CRC with page statistics; `geo.alt` nested
    OPTIONAL INT32; `tags` REPEATED INT32 dictionary V2 SNAPPY."""
    words = ["red", "green", "blue", "amber", "teal", None]
    schema = [
        Leaf("id", "INT64"),
        Leaf("seq", "INT64"),
        Leaf("label", "BYTE_ARRAY", OPTIONAL, logical=String()),
        Leaf("score", "DOUBLE", OPTIONAL),
        Group("geo", [Leaf("alt", "INT32", OPTIONAL)], OPTIONAL),
        Leaf("tags", "INT32", REPEATED),
    ]
    rows = []
    for i in range(12):
        alt = rng.choice([None, rng.randint(-100, 3000)])
        rows.append({
            "id": 1000 + 7 * i,
            "seq": rng.randint(-2**62, 2**62),
            "label": rng.choice(words),
            "score": rng.choice([None, round(rng.uniform(-50, 50), 2)]),
            "geo": rng.choice([None, {"alt": alt}]),
            "tags": [rng.randint(0, 5) for _ in range(rng.randint(0, 3))],
        })
    indexed = PageStyle(page_rows=3, crc=True, statistics=True,
                        page_index=True, bloom_filter=True)
    return FileSpec(schema, rows, row_group_sizes=[6, 6], column_pages={
        "id": indexed,
        "seq": PageStyle(page_rows=3, statistics=True, page_index=True),
        "label": PageStyle(encoding="DICTIONARY", page_rows=3, crc=True,
                           page_index=True, bloom_filter=True),
        "score": PageStyle(version=2, codec="GZIP", crc=True,
                           statistics=True, page_rows=4),
        "geo.alt": PageStyle(page_rows=3),
        "tags": PageStyle(version=2, encoding="DICTIONARY", codec="SNAPPY",
                          page_rows=2),
    })


_BASE_SEED = 200
# name -> (EncryptionConfig, what it covers). Each is encrypted_base with
# _BASE_SEED, written to valid/<name>.parquet with <name>.keys.yaml.
VALID = {
    "encrypted_gcm": (
        EncryptionConfig(column_keys={"label": "kc1", "score": "kc2"},
                         key_length=16, seed=201),
        "AES_GCM_V1 with an encrypted footer (PARE), 16-byte keys: `label` "
        "and `score` under column keys kc1 and kc2 (their ColumnMetaData "
        "only in encrypted_column_metadata), the rest under the footer "
        "key; pages, dictionary pages, page indexes and bloom filters are "
        "modules."),
    "encrypted_ctr": (
        EncryptionConfig(algorithm="AES_GCM_CTR_V1",
                         column_keys={"label": "kc1", "score": "kc2"},
                         key_length=32, seed=202),
        "AES_GCM_CTR_V1 with an encrypted footer, 32-byte keys: data and "
        "dictionary page bodies in AES-CTR modules (no tag), everything "
        "else GCM; keys as in encrypted_gcm."),
    "encrypted_plaintext_footer": (
        EncryptionConfig(footer="plaintext", column_keys={"label": "kc1"},
                         plaintext_columns=("geo.alt",),
                         aad_prefix="colcheck-corpus", key_length=24,
                         seed=203),
        "AES_GCM_V1 with a signed plaintext footer (PAR1, FileMetaData "
        "then nonce and tag), 24-byte keys, AAD prefix stored in the file: "
        "`label` under kc1 (meta_data kept without statistics), `geo.alt` "
        "not encrypted, the rest under the footer key."),
    "encrypted_aad_prefix_supplied": (
        EncryptionConfig(column_keys={"seq": "kc1"}, aad_prefix="tester",
                         store_aad_prefix=False, key_length=16, seed=204),
        "AES_GCM_V1 with an encrypted footer whose AAD prefix `tester` is "
        "not stored (supply_aad_prefix; the keys file gives it): `seq` "
        "under kc1, the rest under the footer key."),
}


def build_valid(name, ttypes=None):
    """The EncryptedFile of VALID[name]."""
    config, _ = VALID[name]
    return write_encrypted(encrypted_base(random.Random(_BASE_SEED)), config,
                           ttypes)


# The keys fuzz/encrypted_fuzzer.cc decrypts with: parquet-testing's
# (data/README.md, "Encrypted Files"), so the external corpus decrypts too.
FUZZ_FOOTER_KEY = b"0123456789012345"
FUZZ_KEYS = {"kc1": b"1234567890123450", "kc2": b"1234567890123451"}
FUZZ_AAD_PREFIX = "tester"


def fuzz_seeds(ttypes=None):
    """{name: bytes}: each VALID file under the fuzzer's keys (an AAD
    prefix left to the reader is FUZZ_AAD_PREFIX), and of encrypted_gcm
    one module modified and one moved, for encrypted_fuzzer's corpus."""
    seeds = {}
    for name, (config, _) in VALID.items():
        config = dataclasses.replace(
            config, footer_key=FUZZ_FOOTER_KEY, keys=dict(FUZZ_KEYS),
            key_length=16,
            aad_prefix=(FUZZ_AAD_PREFIX if not config.store_aad_prefix
                        else config.aad_prefix))
        ef = write_encrypted(encrypted_base(random.Random(_BASE_SEED)),
                             config, ttypes)
        seeds[name] = ef
    out = {f"{name}.parquet": ef.data for name, ef in seeds.items()}
    for m in MUTATIONS:
        if m.name in ("data_page_body_bit_flipped", "data_pages_swapped"):
            out[f"{m.name}.parquet"] = m.apply(seeds[m.base])[0]
    return out


# ---- mutations -------------------------------------------------------------

@dataclass(frozen=True)
class EncryptionMutation:
    """A way to break one encryption rule. `fn(ef)` returns (bytes, keys
    YAML, Span) or (bytes, keys YAML, Span, [Span]) for a code reported at
    several places, or None when `ef` has nothing to break; `base` is the
    VALID file the corpus starts from; `generic`: it applies to any
    written file (tests run those on random files)."""
    code: str
    name: str
    description: str
    fn: Callable
    base: str = "encrypted_gcm"
    generic: bool = True

    def apply(self, ef):
        """(bytes, keys YAML, {"code", "offset", "length"[, "also"]}) or
        None."""
        result = self.fn(ef)
        if result is None:
            return None
        data, keys_yaml, span, *also = result
        return data, keys_yaml, breakage.expected(self.code, span, *also)


MUTATIONS = []

# Codes no mutation here reaches, and why.
UNBUILT_CODES = {
    "encryption.ordinal-overflow":
        "32769 data pages in one encrypted chunk, each at least a 49-byte "
        "GCM header module and a 17-byte CTR body module of one BOOLEAN "
        "(about 2.1 MB; 32769 row groups or columns take more), past the "
        "~1 MB a corpus file may take. validator/parquet/encryption_test.cc "
        "covers the row group and column ordinals, not the page's",
}


def _mutation(code, name, description, base="encrypted_gcm", generic=True):
    def add(fn):
        MUTATIONS.append(EncryptionMutation(code, name, description, fn,
                                            base, generic))
        return fn
    return add


def _rewrite(ef, config=None, tweaks=None):
    return write_encrypted(ef.model, config or ef.config, ef.ttypes, tweaks)


def _first_chunk(ef, key_ids=None):
    """The first encrypted (rg, col) (with a key of `key_ids`), or None."""
    for where in ef.encrypted_chunks():
        if key_ids is None or ef.chunk_keys[where] in key_ids:
            return where
    return None


def _with_column_key(ef):
    """`ef`, or `ef` rewritten so that one leaf has a column key: the
    first leaf under the footer key, or, with none, the first leaf."""
    if any(k not in (None, FOOTER_KEY_ID) for k in ef.chunk_keys.values()):
        return ef
    if not ef.model.row_groups:
        return None
    chunks = ef.model.row_groups[0].chunks
    paths = [".".join(ch.meta.path_in_schema) for ch in chunks]
    path = next((p for c, p in enumerate(paths)
                 if ef.chunk_keys[(0, c)] == FOOTER_KEY_ID), paths[0])
    config = dataclasses.replace(
        ef.config, column_keys={**ef.config.column_keys, path: "kc9"},
        plaintext_columns=tuple(p for p in ef.config.plaintext_columns
                                if p != path))
    return _rewrite(ef, config)


def _flip(data, offset):
    out = bytearray(data)
    out[offset] ^= 0x01
    return bytes(out)


@_mutation("encryption.tag-mismatch", "data_page_body_bit_flipped",
           "One ciphertext bit of the body module of the first data page "
           "of `id` (row group 0) is flipped: its GCM tag fails under its "
           "key and every place's AAD.")
def _tag_mismatch(ef):
    where = _first_chunk(ef)
    if where is None:
        return None
    kind = (DATA_PAGE_HEADER if ef.config.algorithm == "AES_GCM_CTR_V1"
            else DATA_PAGE)
    span = ef.modules[Place(kind, *where, 0)]
    # The first ciphertext byte; a module of no plaintext, a tag byte.
    at = (span.offset + LENGTH + NONCE if span.length > GCM_OVERHEAD
          else span.end - 1)
    return _flip(ef.data, at), ef.keys_yaml, span


@_mutation("encryption.tag-mismatch", "ctr_data_page_header_bit_flipped",
           "AES_GCM_CTR_V1: one ciphertext bit of the (GCM) header module "
           "of the first data page of `id` is flipped (the body modules are "
           "CTR and have no tag).", base="encrypted_ctr", generic=False)
def _tag_mismatch_ctr(ef):
    return _tag_mismatch(ef)


@_mutation("encryption.module-misplaced", "data_pages_swapped",
           "The header and body modules of data pages 0 and 1 of `id` "
           "(row group 0; the first chunk whose two pages have modules of "
           "equal sizes) trade places: each verifies only with the other "
           "page's AAD. colcheck reads page 0's place first and stops "
           "there.",
           generic=False)
def _pages_swapped(ef):
    for g, c in ef.encrypted_chunks():
        headers = ef.pages(g, c)
        for a, b in zip(headers, headers[1:]):
            body_a = ef.modules[Place(DATA_PAGE, g, c, a.page)]
            body_b = ef.modules[Place(DATA_PAGE, g, c, b.page)]
            head_a, head_b = ef.modules[a], ef.modules[b]
            if (head_a.length, body_a.length) != (head_b.length,
                                                  body_b.length):
                continue
            page_a = ef.data[head_a.offset:body_a.end]
            page_b = ef.data[head_b.offset:body_b.end]
            data = (ef.data[:head_a.offset] + page_b +
                    ef.data[body_a.end:head_b.offset] + page_a +
                    ef.data[body_b.end:])
            return data, ef.keys_yaml, head_a
    return None


@_mutation("encryption.module-misplaced", "column_index_copied",
           "The column index module of `id` is copied over that of `seq` "
           "(same size, same footer key, row group 0): it verifies only "
           "with column 0's AAD.", generic=False)
def _column_index_copied(ef):
    by_rg = {}
    for p, span in ef.modules.items():
        if p.type == COLUMN_INDEX:
            by_rg.setdefault(p.rg, []).append((p.col, span))
    for g in sorted(by_rg):
        cols = sorted(by_rg[g])
        for i, (c1, s1) in enumerate(cols):
            for c2, s2 in cols[i + 1:]:
                if (s1.length == s2.length and
                        ef.chunk_keys[(g, c1)] == ef.chunk_keys[(g, c2)]):
                    data = (ef.data[:s2.offset] + ef.data[s1.offset:s1.end] +
                            ef.data[s2.end:])
                    return data, ef.keys_yaml, s2
    return None


@_mutation("encryption.module-misplaced", "header_sealed_for_next_page",
           "The header module of the first data page of `id` is sealed with "
           "the AAD of page ordinal 1 instead of 0.")
def _sealed_for_next_page(ef):
    where = _first_chunk(ef)
    if where is None:
        return None
    place = Place(DATA_PAGE_HEADER, *where, 0)
    new = _rewrite(ef, tweaks=_Tweaks(aad={place: Place(DATA_PAGE_HEADER,
                                                         *where, 1)}))
    return new.data, new.keys_yaml, new.modules[place]


@_mutation("encryption.column-key-mismatch",
           "column_metadata_sealed_with_footer_key",
           "The chunk of `label` in row group 0, whose crypto_metadata names "
           "column key kc1, is sealed with the footer key: its "
           "encrypted_column_metadata verifies only with that key.")
def _column_key_mismatch(ef):
    ef = _with_column_key(ef)
    if ef is None:
        return None
    where = next(k for k, v in sorted(ef.chunk_keys.items())
                 if v not in (None, FOOTER_KEY_ID))
    new = _rewrite(ef, tweaks=_Tweaks(
        seal_keys={where: ef.config.footer_key_bytes}))
    return new.data, new.keys_yaml, new.modules[Place(COLUMN_META_DATA,
                                                      *where)]


def _with_footer_key_chunk(ef):
    """`ef`, or `ef` rewritten so that its first leaf is under the footer
    key, when no chunk is."""
    if FOOTER_KEY_ID in ef.chunk_keys.values() or not ef.model.row_groups:
        return ef if FOOTER_KEY_ID in ef.chunk_keys.values() else None
    path = ".".join(ef.model.row_groups[0].chunks[0].meta.path_in_schema)
    config = dataclasses.replace(
        ef.config,
        column_keys={p: k for p, k in ef.config.column_keys.items()
                     if p != path},
        plaintext_columns=tuple(p for p in ef.config.plaintext_columns
                                if p != path))
    return _rewrite(ef, config)


@_mutation("encryption.column-key-mismatch", "chunk_sealed_with_column_key",
           "The chunk of `id` in row group 0, whose crypto_metadata names "
           "the footer key, is sealed with column key kc1, which the keys "
           "file gives: the first page header, the column index, the offset "
           "index and the bloom filter header verify only with kc1 (the "
           "walk stops at the page header).")
def _chunk_sealed_with_column_key(ef):
    ef = _with_footer_key_chunk(ef)
    if ef is None:
        return None
    where = ef.encrypted_chunks()[
        [ef.chunk_keys[k] for k in ef.encrypted_chunks()].index(
            FOOTER_KEY_ID)]
    key_ids = set(ef.config.column_keys.values())
    other = min(key_ids) if key_ids else "kc9"
    new = _rewrite(ef, tweaks=_Tweaks(
        seal_keys={where: ef.config.key(other)}))
    first = min((s for p, s in new.modules.items()
                 if (p.rg, p.col) == where and
                 p.type in (DATA_PAGE_HEADER, DICTIONARY_PAGE_HEADER)),
                key=lambda s: s.offset)
    others = [new.modules[Place(t, *where)]
              for t in (COLUMN_INDEX, OFFSET_INDEX, BLOOM_FILTER_HEADER)
              if Place(t, *where) in new.modules]
    keys_yaml = new.config.keys_yaml(key_ids=key_ids | {other})
    return new.data, keys_yaml, first, others


@_mutation("encryption.footer-signature-mismatch",
           "created_by_changed_after_signing",
           "The last byte of created_by in a signed plaintext footer is "
           "changed after the footer was signed.",
           base="encrypted_plaintext_footer")
def _signature_mismatch(ef):
    if ef.config.footer != "plaintext":
        ef = _rewrite(ef, dataclasses.replace(ef.config, footer="plaintext"))
    created_by = ef.footer_spans.get("created_by")
    if created_by is None or not ef.metadata.created_by:
        return None
    at = created_by.value.end - 1
    data = bytearray(ef.data)
    data[at] = ord("1") if data[at] == ord("0") else ord("0")
    return bytes(data), ef.keys_yaml, ef.signature


@_mutation("encryption.module-length", "data_page_body_length_plus_one",
           "The length prefix of the body module of the first data page of "
           "`id` is one more than the bytes compressed_page_size gives it.")
def _body_length_plus_one(ef):
    where = _first_chunk(ef)
    if where is None:
        return None
    span = ef.modules[Place(DATA_PAGE, *where, 0)]
    data = bytearray(ef.data)
    struct.pack_into("<I", data, span.offset, span.length - LENGTH + 1)
    return bytes(data), ef.keys_yaml, Span(span.offset, LENGTH)


@_mutation("encryption.module-length", "column_index_length_27",
           "The length prefix of the column index module of `id` is 27, "
           "less than a GCM module's nonce and tag.", generic=False)
def _column_index_length_27(ef):
    spans = sorted((s for p, s in ef.modules.items()
                    if p.type == COLUMN_INDEX), key=lambda s: s.offset)
    if not spans:
        return None
    data = bytearray(ef.data)
    struct.pack_into("<I", data, spans[0].offset, NONCE + TAG - 1)
    return bytes(data), ef.keys_yaml, Span(spans[0].offset, LENGTH)


@_mutation("encryption.nonce-reused", "data_page_body_reuses_header_nonce",
           "The body module of the first data page of `id` is sealed with "
           "the nonce of that page's header module (both verify).")
def _nonce_reused(ef):
    where = _first_chunk(ef)
    if where is None:
        return None
    body = Place(DATA_PAGE, *where, 0)
    new = _rewrite(ef, tweaks=_Tweaks(nonces={
        body: Place(DATA_PAGE_HEADER, *where, 0)}))
    span = new.modules[body]
    return new.data, new.keys_yaml, Span(span.offset + LENGTH, NONCE)


@_mutation("encryption.module-padding", "data_page_header_padded",
           "Four zero bytes follow the PageHeader inside the header module "
           "of the first data page of `id` (the module and the chunk grow "
           "with them).")
def _padding(ef):
    where = _first_chunk(ef)
    if where is None:
        return None
    place = Place(DATA_PAGE_HEADER, *where, 0)
    new = _rewrite(ef, tweaks=_Tweaks(pad={place: bytes(4)}))
    span = new.modules[place]
    return new.data, new.keys_yaml, Span(span.end - TAG - 4, 4)


@_mutation("encryption.key-missing", "column_key_not_given",
           "The keys file gives the footer key but not kc1, the key of "
           "`label`: its chunks' crypto_metadata are reported, one per row "
           "group.")
def _key_missing(ef):
    ef = _with_column_key(ef)
    if ef is None:
        return None
    key_id = next(v for k, v in sorted(ef.chunk_keys.items())
                  if v not in (None, FOOTER_KEY_ID))
    spans = [ef.footer_spans[f"row_groups[{g}].columns[{c}]."
                             f"crypto_metadata"].value
             for (g, c), v in sorted(ef.chunk_keys.items()) if v == key_id]
    others = set(ef.config.column_keys.values()) - {key_id}
    return (ef.data, ef.config.keys_yaml(key_ids=others), spans[0],
            spans[1:])


@_mutation("encryption.aad-prefix-missing", "aad_prefix_not_given",
           "The file does not store its AAD prefix (supply_aad_prefix) and "
           "the keys file does not give it.",
           base="encrypted_aad_prefix_supplied")
def _aad_prefix_missing(ef):
    c = ef.config
    if not c.aad_prefix or c.store_aad_prefix:
        ef = _rewrite(ef, dataclasses.replace(
            c, aad_prefix=c.aad_prefix or "tester", store_aad_prefix=False))
    member = ("AES_GCM_V1" if ef.config.algorithm == "AES_GCM_V1"
              else "AES_GCM_CTR_V1")
    path = f"encryption_algorithm.{member}.supply_aad_prefix"
    spans = ef.crypto_spans if ef.crypto_spans is not None else \
        ef.footer_spans
    return ef.data, ef.config.keys_yaml(aad_prefix=False), spans[path].whole


# ---- secrets in output -----------------------------------------------------

def key_renderings(key):
    """The texts a key could leak as: hex in both cases and base64."""
    b64 = base64.b64encode(key).decode()
    return {key.hex(), key.hex().upper(), b64, b64.rstrip("="),
            base64.urlsafe_b64encode(key).decode().rstrip("=")}
