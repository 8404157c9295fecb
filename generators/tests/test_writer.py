"""The writer's files, read back by an independent minimal reader.

The reader follows the spec, not the writer: it walks each chunk page by
page from its first page, decodes every page header with TCompactProtocol,
checks CRCs with zlib, decompresses every codec (the Hadoop LZ4 framing
parsed here, the blocks by the codec modules), decodes the RLE/bit-packed
hybrid levels (V1 with their length, V2 without), PLAIN, RLE_DICTIONARY,
PLAIN_DICTIONARY, RLE booleans, DELTA_BINARY_PACKED,
DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and BYTE_STREAM_SPLIT values,
and compares the result with the rows that were written (shredded into
levels), and every size, count, statistic, page index entry and bloom
filter bit with what it found. With $COLCHECK_BIN set, colcheck must find
no errors in any valid file.
"""

import copy
import gzip
import math
import os
import struct
import tempfile
import unittest
import zlib
from collections import Counter

import brotli
import lz4.block
import snappy
import zstandard
from thrift.protocol.TCompactProtocol import TCompactProtocol
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen.common import colcheck
from colcheck_gen.common.varint import read_uvarint
from colcheck_gen.parquet import (bloom, coverage, recording, specs,
                                  thrift_gen, writer)

COLCHECK = os.environ.get("COLCHECK_BIN")


def decode_hybrid(buf, width, count):
    out, pos = [], 0
    while len(out) < count:
        header, pos = read_uvarint(buf, pos)
        if header & 1:
            groups = header >> 1
            raw = int.from_bytes(buf[pos:pos + groups * width], "little")
            pos += groups * width
            out += [(raw >> (i * width)) & ((1 << width) - 1)
                    for i in range(groups * 8)]
        else:
            n = (width + 7) // 8
            out += [int.from_bytes(buf[pos:pos + n], "little")] * (header >> 1)
            pos += n
    return out[:count], pos


def unzigzag(n):
    return (n >> 1) ^ -(n & 1)


def decode_delta_binary_packed(buf, pos, bits):
    """DELTA_BINARY_PACKED values of `bits`-bit signed integers from
    `pos`: (values, position after them). Miniblocks after the last value
    have no bodies; arithmetic wraps."""
    block_size, pos = read_uvarint(buf, pos)
    miniblocks, pos = read_uvarint(buf, pos)
    total, pos = read_uvarint(buf, pos)
    first, pos = read_uvarint(buf, pos)
    per_miniblock = block_size // miniblocks
    mask = (1 << bits) - 1

    def signed(v):
        v &= mask
        return v - (1 << bits) if v >> (bits - 1) else v

    values = [signed(unzigzag(first))] if total else []
    while len(values) < total:
        min_delta, pos = read_uvarint(buf, pos)
        min_delta = unzigzag(min_delta)
        widths = buf[pos:pos + miniblocks]
        pos += miniblocks
        for width in widths:
            if len(values) == total:
                break
            size = per_miniblock * width // 8
            raw = int.from_bytes(buf[pos:pos + size], "little")
            pos += size
            for i in range(per_miniblock):
                if len(values) == total:
                    break
                delta = raw >> (i * width) & ((1 << width) - 1)
                values.append(signed(values[-1] + min_delta + delta))
    return values, pos


def decode_delta_length(buf, pos):
    """DELTA_LENGTH_BYTE_ARRAY: (values, position after them)."""
    lengths, pos = decode_delta_binary_packed(buf, pos, 32)
    values = []
    for n in lengths:
        values.append(bytes(buf[pos:pos + n]))
        pos += n
    return values, pos


def decode_delta_byte_array(buf, pos):
    """DELTA_BYTE_ARRAY: each value is the previous one's prefix plus its
    suffix."""
    prefixes, pos = decode_delta_binary_packed(buf, pos, 32)
    suffixes, pos = decode_delta_length(buf, pos)
    values, previous = [], b""
    for n, suffix in zip(prefixes, suffixes):
        previous = previous[:n] + suffix
        values.append(previous)
    return values, pos


def decode_plain(t, element, buf, count):
    physical = element.type
    values, pos = [], 0
    for i in range(count):
        if physical == t.Type.BOOLEAN:
            values.append(bool(buf[i // 8] >> (i % 8) & 1))
            continue
        if physical == t.Type.BYTE_ARRAY:
            n = struct.unpack_from("<I", buf, pos)[0]
            values.append(bytes(buf[pos + 4:pos + 4 + n]))
            pos += 4 + n
            continue
        if physical in (t.Type.FIXED_LEN_BYTE_ARRAY, t.Type.INT96):
            width = element.type_length if physical != t.Type.INT96 else 12
            values.append(bytes(buf[pos:pos + width]))
            pos += width
            continue
        fmt = {t.Type.INT32: "<i", t.Type.INT64: "<q", t.Type.FLOAT: "<f",
               t.Type.DOUBLE: "<d"}[physical]
        values.append(struct.unpack_from(fmt, buf, pos)[0])
        pos += struct.calcsize(fmt)
    if physical == t.Type.BOOLEAN:
        pos = (count + 7) // 8
    return values, pos


def decode_bss(t, element, buf, count):
    """BYTE_STREAM_SPLIT: byte k of value i is at k * count + i."""
    width = {t.Type.INT32: 4, t.Type.FLOAT: 4, t.Type.INT64: 8,
             t.Type.DOUBLE: 8}.get(element.type, element.type_length)
    plain = bytes(buf[k * count + i] for i in range(count)
                  for k in range(width))
    values, _ = decode_plain(t, element, plain, count)
    return values, width * count


def decompress(t, codec, body, size):
    """`body` decompressed with `codec` to its `size` bytes."""
    c = t.CompressionCodec
    if codec == c.UNCOMPRESSED:
        return body
    if codec == c.GZIP:
        return gzip.decompress(body)
    if codec == c.SNAPPY:
        return snappy.decompress(body)
    if codec == c.BROTLI:
        return brotli.decompress(body)
    if codec == c.ZSTD:
        return zstandard.ZstdDecompressor().decompress(
            body, max_output_size=size)
    if codec == c.LZ4_RAW:
        return lz4.block.decompress(body, uncompressed_size=size)
    if codec == c.LZ4:
        # Hadoop frames: big-endian decompressed and compressed sizes.
        out, pos = b"", 0
        while pos < len(body):
            raw_size, block_size = struct.unpack_from(">II", body, pos)
            out += lz4.block.decompress(body[pos + 8:pos + 8 + block_size],
                                        uncompressed_size=raw_size)
            pos += 8 + block_size
        return out
    raise AssertionError(f"codec {codec}")


def plain_bytes(t, element, values):
    """Values as their PLAIN bytes, so that NaN compares equal to NaN."""
    physical = t.Type._VALUES_TO_NAMES[element.type]
    return [writer.encoding.stat_value(physical, v) for v in values]


def read_struct(cls, data, offset):
    """A Thrift struct at `offset` and its length."""
    trans = TMemoryBuffer(data[offset:])
    obj = cls()
    obj.read(TCompactProtocol(trans))
    return obj, trans._buffer.tell()


class WriterTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()

    def read_levels_v1(self, body, pos, width, count):
        if not width:
            return [0] * count, pos
        length = struct.unpack_from("<I", body, pos)[0]
        levels, used = decode_hybrid(body[pos + 4:pos + 4 + length], width,
                                     count)
        self.assertEqual(used, length, "levels fully consumed")
        return levels, pos + 4 + length

    def read_values(self, element, encoding, buf, count, dictionary):
        t = self.t
        if encoding == t.Encoding.PLAIN:
            return decode_plain(t, element, buf, count)
        if encoding == t.Encoding.BYTE_STREAM_SPLIT:
            return decode_bss(t, element, buf, count)
        if encoding == t.Encoding.RLE:
            self.assertEqual(element.type, t.Type.BOOLEAN)
            length = struct.unpack_from("<I", buf)[0]
            bits, used = decode_hybrid(buf[4:4 + length], 1, count)
            self.assertEqual(used, length, "the length covers the runs")
            return [bool(b) for b in bits], 4 + length
        if encoding == t.Encoding.DELTA_BINARY_PACKED:
            values, used = decode_delta_binary_packed(
                buf, 0, 32 if element.type == t.Type.INT32 else 64)
        elif encoding == t.Encoding.DELTA_LENGTH_BYTE_ARRAY:
            values, used = decode_delta_length(buf, 0)
        elif encoding == t.Encoding.DELTA_BYTE_ARRAY:
            values, used = decode_delta_byte_array(buf, 0)
        else:
            self.assertIn(encoding, (t.Encoding.RLE_DICTIONARY,
                                     t.Encoding.PLAIN_DICTIONARY))
            self.assertIsNotNone(dictionary, "a dictionary page comes first")
            if count == 0:
                return [], len(buf)
            indices, used = decode_hybrid(buf[1:], buf[0], count)
            return [dictionary[i] for i in indices], 1 + used
        self.assertEqual(len(values), count, "the encoding's own count")
        return values, used

    def float_format(self, element):
        """The struct format of a FLOAT, DOUBLE or FLOAT16 value, else
        None."""
        t = self.t
        if element.type == t.Type.FLOAT:
            return "<f"
        if element.type == t.Type.DOUBLE:
            return "<d"
        if element.logicalType and element.logicalType.FLOAT16:
            return "<e"
        return None

    def check_statistics(self, element, stats, values, nulls):
        """Statistics of a page or chunk: the null count; for floats the
        NaN count and the least and greatest non-NaN values as bounds, a
        zero min -0.0 and a zero max +0.0; no bounds for INT96, INTERVAL or
        only NaN; otherwise bounds that are values."""
        if stats is None:
            return
        t = self.t
        self.assertEqual(stats.null_count, nulls)
        plain = plain_bytes(t, element, values)
        unordered = (element.type == t.Type.INT96 or
                     element.converted_type == t.ConvertedType.INTERVAL)
        fmt = self.float_format(element)
        if fmt:
            numbers = [struct.unpack(fmt, v)[0] for v in plain]
            ordered = [x for x in numbers if not math.isnan(x)]
            self.assertEqual(stats.nan_count, len(numbers) - len(ordered))
            if not ordered:
                self.assertIsNone(stats.min_value)
                return
            lo = struct.unpack(fmt, stats.min_value)[0]
            hi = struct.unpack(fmt, stats.max_value)[0]
            self.assertEqual((lo, hi), (min(ordered), max(ordered)))
            self.assertFalse(lo == 0 and math.copysign(1, lo) > 0)
            self.assertFalse(hi == 0 and math.copysign(1, hi) < 0)
            return
        if not values or unordered:
            self.assertIsNone(stats.min_value)
            self.assertIsNone(stats.max_value)
            return
        self.assertIn(stats.min_value, plain)
        self.assertIn(stats.max_value, plain)

    def read_chunk(self, data, column, element, max_rep, max_def, num_rows):
        """Walks the chunk page by page. Returns (repetition levels,
        definition levels, values, [(page header offset, header + body
        size, first row, values, nulls, rep levels, def levels)])."""
        t = self.t
        meta = column.meta_data
        start = meta.dictionary_page_offset or meta.data_page_offset
        end = start + meta.total_compressed_size
        pos, uncompressed, num_values = start, 0, 0
        reps, defs, values, pages, dictionary = [], [], [], [], None
        rows_before = 0
        used_encodings = Counter()
        while pos < end:
            header, header_len = read_struct(t.PageHeader, data, pos)
            body = data[pos + header_len:
                        pos + header_len + header.compressed_page_size]
            self.assertEqual(len(body), header.compressed_page_size)
            if header.crc is not None:
                self.assertEqual(header.crc & 0xFFFFFFFF, zlib.crc32(body))
            uncompressed += header_len + header.uncompressed_page_size
            if header.type == t.PageType.DICTIONARY_PAGE:
                self.assertIsNone(dictionary, "one dictionary page")
                self.assertEqual(pos, start, "the dictionary page is first")
                self.assertEqual(meta.dictionary_page_offset, pos)
                raw = decompress(t, meta.codec, body,
                                 header.uncompressed_page_size)
                self.assertEqual(len(raw), header.uncompressed_page_size)
                dph = header.dictionary_page_header
                self.assertIn(dph.encoding, (t.Encoding.PLAIN,
                                             t.Encoding.PLAIN_DICTIONARY))
                dictionary_encoding = dph.encoding
                used_encodings[header.type, dph.encoding] += 1
                dictionary, used = decode_plain(t, element, raw,
                                                dph.num_values)
                self.assertEqual(used, len(raw))
                pos += header_len + len(body)
                continue
            if not pages:
                self.assertEqual(meta.data_page_offset, pos)
            if header.type == t.PageType.DATA_PAGE:
                dph = header.data_page_header
                raw = decompress(t, meta.codec, body,
                                 header.uncompressed_page_size)
                self.assertEqual(len(raw), header.uncompressed_page_size)
                self.assertEqual(dph.definition_level_encoding,
                                 t.Encoding.RLE)
                count = dph.num_values
                r, at = self.read_levels_v1(raw, 0, max_rep.bit_length(),
                                            count)
                d, at = self.read_levels_v1(raw, at, max_def.bit_length(),
                                            count)
                section = raw[at:]
            else:
                self.assertEqual(header.type, t.PageType.DATA_PAGE_V2)
                dph = header.data_page_header_v2
                count = dph.num_values
                rl = dph.repetition_levels_byte_length
                dl = dph.definition_levels_byte_length
                r = (decode_hybrid(body[:rl], max_rep.bit_length(), count)[0]
                     if max_rep else [0] * count)
                d = (decode_hybrid(body[rl:rl + dl], max_def.bit_length(),
                                   count)[0] if max_def else [0] * count)
                section = body[rl + dl:]
                if dph.is_compressed:
                    section = decompress(
                        t, meta.codec, section,
                        header.uncompressed_page_size - rl - dl)
                self.assertEqual(rl + dl + len(section),
                                 header.uncompressed_page_size)
                self.assertEqual(dph.num_nulls,
                                 sum(1 for x in d if x < max_def))
                self.assertEqual(dph.num_rows, r.count(0))
            present = sum(1 for x in d if x == max_def)
            used_encodings[header.type, dph.encoding] += 1
            if dph.encoding == t.Encoding.PLAIN_DICTIONARY:
                # The deprecated pair: PLAIN_DICTIONARY on both pages.
                self.assertEqual(dictionary_encoding,
                                 t.Encoding.PLAIN_DICTIONARY)
            page_values, used = self.read_values(element, dph.encoding,
                                                 section, present,
                                                 dictionary)
            self.assertEqual(used, len(section), "no padding in the page")
            self.assertEqual(r[:1], [0] * min(1, count),
                             "pages start at row boundaries")
            self.check_statistics(element, dph.statistics, page_values,
                                  count - present)
            pages.append((pos, header_len + len(body), rows_before,
                          page_values, count - present, r, d))
            rows_before += r.count(0)
            num_values += count
            reps += r
            defs += d
            values += page_values
            pos += header_len + len(body)
        self.assertEqual(pos, end, "the pages fill the chunk")
        self.assertEqual(meta.total_uncompressed_size, uncompressed)
        self.assertEqual(meta.num_values, num_values)
        self.assertEqual(rows_before, num_rows)
        self.check_statistics(element, meta.statistics, values,
                              num_values - len(values))
        # Every encoding used is listed (levels are RLE), and the page
        # counts per encoding are the encoding_stats.
        self.assertLessEqual({e for _, e in used_encodings} |
                             {t.Encoding.RLE}, set(meta.encodings))
        self.assertEqual({(s.page_type, s.encoding): s.count
                          for s in meta.encoding_stats},
                         dict(used_encodings))
        return reps, defs, values, pages

    def check_indexes(self, data, column, element, info, pages):
        t = self.t
        if column.offset_index_offset is not None:
            oi, n = read_struct(t.OffsetIndex, data,
                                column.offset_index_offset)
            self.assertEqual(n, column.offset_index_length)
            self.assertEqual([(l.offset, l.compressed_page_size,
                               l.first_row_index) for l in oi.page_locations],
                             [p[:3] for p in pages])
        if column.column_index_offset is not None:
            ci, n = read_struct(t.ColumnIndex, data,
                                column.column_index_offset)
            self.assertEqual(n, column.column_index_length)
            self.assertEqual(ci.null_pages, [not p[3] for p in pages])
            self.assertEqual(ci.null_counts, [p[4] for p in pages])
            self.assertNotEqual(element.type, t.Type.INT96)
            self.assertNotEqual(element.converted_type,
                                t.ConvertedType.INTERVAL)
            for k, p in enumerate(pages):
                if not p[3]:
                    self.assertEqual((ci.min_values[k], ci.max_values[k]),
                                     (b"", b""))
                    continue
                # A page's entry holds what its statistics would.
                self.check_statistics(element, t.Statistics(
                    null_count=ci.null_counts[k],
                    min_value=ci.min_values[k],
                    max_value=ci.max_values[k],
                    nan_count=ci.nan_counts[k] if ci.nan_counts else None),
                    p[3], p[4])
            if info.max_def:
                self.assertEqual(ci.definition_level_histograms, [
                    p[6].count(level) for p in pages
                    for level in range(info.max_def + 1)])
        meta = column.meta_data
        if meta.bloom_filter_offset is not None:
            header, n = read_struct(t.BloomFilterHeader, data,
                                    meta.bloom_filter_offset)
            self.assertEqual(n + header.numBytes, meta.bloom_filter_length)
            bits = data[meta.bloom_filter_offset + n:
                        meta.bloom_filter_offset + n + header.numBytes]
            physical = t.Type._VALUES_TO_NAMES[element.type]
            for p in pages:
                for v in p[3]:
                    self.assertTrue(bloom.might_contain(
                        bits, bloom.xxh64(writer.encoding.stat_value(
                            physical, v))), v)

    def regions_start(self, md, footer_start):
        """Where page indexes and bloom filters begin (or the footer)."""
        starts = [footer_start]
        for rg in md.row_groups:
            for c in rg.columns:
                starts += [x for x in (c.column_index_offset,
                                       c.offset_index_offset,
                                       c.meta_data.bloom_filter_offset)
                           if x is not None]
        return min(starts)

    def check_file(self, name):
        t = self.t
        spec = specs.build(name)
        pq = writer.write(spec, t)
        data = pq.data
        self.assertEqual(data[:4], b"PAR1")
        self.assertEqual(data[-4:], b"PAR1")
        length = struct.unpack_from("<I", data, len(data) - 8)[0]
        md = recording.deserialize(t.FileMetaData,
                                   data[len(data) - 8 - length:-8])
        self.assertEqual(md, pq.metadata)
        self.assertEqual(md.num_rows, len(spec.rows))
        self.assertEqual(md.num_rows, sum(rg.num_rows for rg in md.row_groups))
        self.assertEqual(md.created_by, "colcheck-gen version 0.1.0")
        leaves = [(i, e) for i, e in enumerate(md.schema)
                  if e.num_children is None]
        self.assertEqual(len(md.column_orders), len(leaves))
        _, infos = writer._flatten(t, spec.schema)
        expected_end = 4
        start = 0
        for rg in md.row_groups:
            rows = spec.rows[start:start + rg.num_rows]
            start += rg.num_rows
            self.assertEqual(len(rg.columns), len(leaves))
            first = rg.columns[0].meta_data
            self.assertEqual(rg.file_offset, first.dictionary_page_offset or
                             first.data_page_offset)
            for column, (_, element), info in zip(rg.columns, leaves, infos):
                meta = column.meta_data
                self.assertEqual(meta.path_in_schema, info.path)
                self.assertEqual(meta.type, element.type)
                self.assertEqual(meta.dictionary_page_offset or
                                 meta.data_page_offset, expected_end)
                expected_end += meta.total_compressed_size
                reps, defs, values, pages = self.read_chunk(
                    data, column, element, info.max_rep, info.max_def,
                    rg.num_rows)
                entries = [e for r, row in enumerate(rows)
                           for e in writer._shred_row(info, row, r)]
                self.assertEqual(reps, [e[0] for e in entries])
                self.assertEqual(defs, [e[1] for e in entries])
                self.assertEqual(
                    plain_bytes(t, element, values),
                    plain_bytes(t, element, [e[2] for e in entries
                                             if e[1] == info.max_def]))
                self.check_indexes(data, column, element, info, pages)
        self.assertEqual(expected_end,
                         self.regions_start(md, len(data) - 8 - length),
                         "chunks are contiguous up to the indexes or footer")

    def test_every_valid_strategy_reads_back(self):
        for name in specs.VALID:
            with self.subTest(name=name):
                self.check_file(name)

    @unittest.skipUnless(COLCHECK, "set COLCHECK_BIN to the colcheck binary")
    def test_colcheck_finds_no_faults(self):
        """colcheck reports no error in any valid file, and no warning but
        the deprecated LZ4 codec and the legacy LIST and MAP shapes."""
        allowed = {"metadata.deprecated-codec", "list.legacy-structure",
                   "map.legacy-structure"}
        with tempfile.TemporaryDirectory() as tmp:
            for name in specs.VALID:
                with open(os.path.join(tmp, f"{name}.parquet"), "wb") as f:
                    f.write(writer.write(specs.build(name), self.t).data)
            reports = colcheck.validate(
                [os.path.join(tmp, f"{name}.parquet") for name in specs.VALID])
        for report in reports:
            name = os.path.basename(report["path"])[:-len(".parquet")]
            with self.subTest(name=name):
                faults = [d for d in report["diagnostics"]
                          if d["severity"] == "error" or
                          (d["severity"] == "warning" and
                           d["code"] not in allowed)]
                self.assertEqual(faults, [])

    def test_coverage_is_in_the_corpus(self):
        """The coverage files are valid strategies and hold every physical
        type with every encoding it allows under every codec in V1 and V2
        pages (BOOLEAN dictionaries once, uncompressed)."""
        seen = set()
        for name in coverage.COVERAGE:
            self.assertIn(name, specs.VALID)
            spec = specs.build(name)
            for path, leaf in writer.leaf_paths(spec.schema):
                style = spec.style(path.split("."))
                seen.add((leaf.physical, style.encoding, style.codec,
                          style.version))
        for physical, encodings in writer.ENCODINGS_BY_PHYSICAL.items():
            for name in encodings:
                every = not (physical == "BOOLEAN" and "DICTIONARY" in name)
                for codec in writer.CODECS if every else ["UNCOMPRESSED"]:
                    for version in (1, 2) if every else (1,):
                        self.assertIn((physical, name, codec, version), seen)

    def test_deterministic(self):
        for name in specs.VALID:
            a = writer.write(specs.build(name), self.t).data
            b = writer.write(specs.build(name), self.t).data
            self.assertEqual(a, b, name)

    def test_spans_point_at_values(self):
        pq = writer.write(specs.build("mutation_base"), self.t)
        span = pq.spans["num_rows"].value
        self.assertEqual(pq.data[span.offset:span.end],
                         bytes([pq.metadata.num_rows * 2]))
        span = pq.spans["created_by"].value
        text = pq.metadata.created_by.encode()
        self.assertEqual(pq.data[span.offset:span.end],
                         bytes([len(text)]) + text)
        span = pq.spans["schema[3].name"].value
        self.assertEqual(pq.data[span.end - 5:span.end], b"count")
        whole = pq.spans["row_groups[1]"].value
        self.assertTrue(pq.footer_offset <= whole.offset < whole.end <=
                        pq.footer_offset + pq.footer_length)

    def test_float_zero_statistics(self):
        spec = writer.FileSpec([writer.Leaf("x", "DOUBLE")],
                               [{"x": 0.0}, {"x": 0.0}])
        stats = writer.write(spec, self.t).metadata.row_groups[0] \
            .columns[0].meta_data.statistics
        self.assertEqual(stats.min_value, struct.pack("<d", -0.0))
        self.assertEqual(stats.max_value, struct.pack("<d", 0.0))

    def test_decimal_flba_statistics_are_signed(self):
        leaf = writer.Leaf("d", "FIXED_LEN_BYTE_ARRAY",
                           logical=writer.Decimal(4, 0), type_length=2)
        spec = writer.FileSpec([leaf], [{"d": -5}, {"d": 3}])
        stats = writer.write(spec, self.t).metadata.row_groups[0] \
            .columns[0].meta_data.statistics
        self.assertEqual(stats.min_value, (-5).to_bytes(2, "big",
                                                         signed=True))
        self.assertEqual(stats.max_value, (3).to_bytes(2, "big"))


    def test_shredding_repeated_and_nested(self):
        # Dremel: a repeated leaf starts each row at repetition level 0;
        # an empty list is one entry at definition level 0.
        tags = writer.Leaf("tags", "INT32", writer.REPEATED)
        _, [info] = writer._flatten(self.t, [tags])
        entries = [e for r, row in enumerate(
            [{"tags": [1, 2]}, {"tags": []}, {"tags": [3]}])
            for e in writer._shred_row(info, row, r)]
        self.assertEqual(entries, [(0, 1, 1), (1, 1, 2), (0, 0, None),
                                   (0, 1, 3)])
        geo = writer.Group("g", [writer.Leaf("x", "INT32", writer.OPTIONAL)],
                           writer.OPTIONAL)
        _, [info] = writer._flatten(self.t, [geo])
        self.assertEqual((info.max_def, info.max_rep), (2, 0))
        self.assertEqual([writer._shred_row(info, row, 0) for row in
                          ({"g": None}, {"g": {"x": None}}, {"g": {"x": 4}})],
                         [[(0, 0, None)], [(0, 1, None)], [(0, 2, 4)]])

    def schema_text(self, schema):
        """name:repetition:annotation of each non-root element."""
        t = self.t
        md = writer.write(writer.FileSpec(schema, []), t).metadata
        out = []
        for e in md.schema[1:]:
            kind = ""
            if e.converted_type is not None:
                kind = t.ConvertedType._VALUES_TO_NAMES[e.converted_type]
            if e.logicalType and e.logicalType.LIST:
                kind += "+LT"
            if e.logicalType and e.logicalType.MAP:
                kind += "+MT"
            rep = t.FieldRepetitionType._VALUES_TO_NAMES[e.repetition_type]
            out.append(f"{e.name}:{rep[0]}:{kind}")
        return " ".join(out)

    def test_list_and_map_shapes(self):
        W = writer
        cases = [
            (W.ListOf("a", W.Leaf("element", "INT32", W.OPTIONAL)),
             "a:O:LIST+LT list:R: element:O:"),
            (W.ListOf("a", W.Leaf("item", "INT32"), shape="two-level"),
             "a:O:LIST+LT item:R:"),
            (W.ListOf("a", W.Group("g", [W.Leaf("x", "INT32")]),
                      shape="array"),
             "a:O:LIST+LT array:R: x:R:"),
            (W.ListOf("a", W.Group("g", [W.Leaf("x", "INT32")]),
                      W.REQUIRED, shape="tuple"),
             "a:R:LIST+LT a_tuple:R: x:R:"),
            (W.MapOf("m", W.Leaf("key", "INT32"), W.Leaf("value", "INT64")),
             "m:O:MAP+MT key_value:R: key:R: value:R:"),
            (W.MapOf("m", W.Leaf("key", "INT32"), W.Leaf("value", "INT64"),
                     shape="legacy"),
             "m:O:MAP+MT map:R:MAP_KEY_VALUE key:R: value:R:"),
            (W.MapOf("m", W.Leaf("key", "INT32"), W.Leaf("value", "INT64"),
                     shape="map-key-value"),
             "m:O:MAP_KEY_VALUE key_value:R: key:R: value:R:"),
        ]
        for node, text in cases:
            with self.subTest(text=text):
                self.assertEqual(self.schema_text([node]), text)
                _, infos = writer._flatten(self.t, [node])
                self.assertEqual([p for p, _ in writer.leaf_paths([node])],
                                 [".".join(i.path) for i in infos])

    def test_list_shapes_refuse_ambiguous_elements(self):
        W = writer
        single = W.Group("g", [W.Leaf("x", "INT32")])
        self.assertEqual(W.list_shapes(single),
                         ("three-level", "array", "tuple"))
        self.assertEqual(W.list_shapes(W.Leaf("e", "INT32", W.OPTIONAL)),
                         ("three-level",))
        self.assertEqual(W.list_shapes(W.Leaf("e", "INT32", W.REPEATED)), ())
        for node in (W.ListOf("a", single, shape="two-level"),
                     W.ListOf("a", W.Leaf("e", "INT32", W.OPTIONAL),
                              shape="array"),
                     W.MapOf("m", W.Leaf("key", "INT32", W.OPTIONAL),
                             W.Leaf("value", "INT32"))):
            with self.assertRaises(ValueError):
                writer.write(writer.FileSpec([node], []), self.t)

    def test_nested_values_shred(self):
        # A map of lists: Dremel levels through MAP > key_value > value
        # (LIST) > list > element.
        node = writer.MapOf("m", writer.Leaf("key", "INT32"), writer.ListOf(
            "value", writer.Leaf("element", "INT32", writer.OPTIONAL)))
        _, infos = writer._flatten(self.t, [node])
        element = infos[1]
        self.assertEqual((element.max_def, element.max_rep), (5, 2))
        rows = [{"m": None}, {"m": []}, {"m": [(1, None), (2, [])]},
                {"m": [(3, [7, None])]}]
        self.assertEqual(
            [writer._shred_row(element, row, 0) for row in rows],
            [[(0, 0, None)], [(0, 1, None)],
             [(0, 2, None), (1, 3, None)],
             [(0, 5, 7), (2, 4, None)]])

    def test_dictionary_fallback(self):
        t = self.t
        leaf = writer.Leaf("v", "INT64")
        style = writer.PageStyle(encoding="PLAIN_DICTIONARY", page_rows=2,
                                 dictionary_fallback=3)
        rows = [{"v": v} for v in (1, 2, 1, 3, 4, 5, 1, 1)]
        pq = writer.write(writer.FileSpec([leaf], rows, pages=style), t)
        meta = pq.metadata.row_groups[0].columns[0].meta_data
        pages = pq.model.row_groups[0].chunks[0].pages
        self.assertEqual(pages[0].header.dictionary_page_header.num_values, 3)
        self.assertEqual([p.header.data_page_header.encoding
                          for p in pages[1:]],
                         [t.Encoding.PLAIN_DICTIONARY] * 2 +
                         [t.Encoding.PLAIN] * 2)
        self.assertEqual(meta.encodings, sorted([
            t.Encoding.PLAIN, t.Encoding.PLAIN_DICTIONARY, t.Encoding.RLE]))
        self.assertEqual(
            sorted((s.page_type, s.encoding, s.count)
                   for s in meta.encoding_stats),
            sorted([(t.PageType.DICTIONARY_PAGE,
                     t.Encoding.PLAIN_DICTIONARY, 1),
                    (t.PageType.DATA_PAGE, t.Encoding.PLAIN_DICTIONARY, 2),
                    (t.PageType.DATA_PAGE, t.Encoding.PLAIN, 2)]))

    def test_unsigned_and_int96_statistics(self):
        t = self.t
        schema = [writer.Leaf("u", "INT32", logical=writer.Integer(32, False)),
                  writer.Leaf("ts", "INT96")]
        rows = [{"u": 2 ** 32 - 1, "ts": 0}, {"u": 1, "ts": 10}]
        pq = writer.write(writer.FileSpec(
            schema, rows, pages=writer.PageStyle(page_index=True)), t)
        u, ts = pq.metadata.row_groups[0].columns
        # 2^32 - 1 is stored as -1 and is the unsigned maximum.
        self.assertEqual(u.meta_data.statistics.min_value,
                         struct.pack("<i", 1))
        self.assertEqual(u.meta_data.statistics.max_value,
                         struct.pack("<i", -1))
        self.assertIsNone(ts.meta_data.statistics.min_value)
        self.assertIsNone(ts.column_index_offset)
        self.assertIsNotNone(ts.offset_index_offset)

    def test_nan_only_page_has_no_column_index(self):
        nan = float("nan")
        style = writer.PageStyle(page_rows=2, page_index=True)
        for values, indexed in (([nan, nan, 1.0, -0.0], False),
                                ([nan, 2.0, 1.0, -0.0], True)):
            pq = writer.write(writer.FileSpec(
                [writer.Leaf("x", "DOUBLE")], [{"x": v} for v in values],
                pages=style), self.t)
            column = pq.metadata.row_groups[0].columns[0]
            self.assertEqual(column.column_index_offset is not None, indexed)
            stats = column.meta_data.statistics
            self.assertEqual(stats.nan_count,
                             sum(1 for v in values if math.isnan(v)))
            self.assertEqual(stats.min_value, struct.pack("<d", -0.0))

    def test_page_styles(self):
        t = self.t
        leaf = writer.Leaf("v", "INT64", writer.OPTIONAL)
        rows = [{"v": None if i % 3 == 0 else i % 4} for i in range(10)]
        style = writer.PageStyle(version=2, encoding="DICTIONARY",
                                 codec="GZIP", crc=True, statistics=True,
                                 page_rows=4, page_index=True,
                                 bloom_filter=True)
        pq = writer.write(writer.FileSpec([leaf], rows, pages=style), t)
        meta = pq.metadata.row_groups[0].columns[0].meta_data
        self.assertEqual(meta.codec, t.CompressionCodec.GZIP)
        self.assertIn(t.Encoding.RLE_DICTIONARY, meta.encodings)
        self.assertEqual(
            [(s.page_type, s.encoding, s.count) for s in meta.encoding_stats],
            [(t.PageType.DICTIONARY_PAGE, t.Encoding.PLAIN, 1),
             (t.PageType.DATA_PAGE_V2, t.Encoding.RLE_DICTIONARY, 3)])
        pages = pq.model.row_groups[0].chunks[0].pages
        self.assertEqual([p.header.type for p in pages],
                         [t.PageType.DICTIONARY_PAGE] +
                         [t.PageType.DATA_PAGE_V2] * 3)
        self.assertEqual([p.first_row for p in pages[1:]], [0, 4, 8])
        placed = pq.pages[(0, 0)]
        for page, where in zip(pages, placed):
            body = pq.data[where.body.offset:where.body.end]
            self.assertEqual(body, page.body)
            self.assertEqual(page.header.crc & 0xFFFFFFFF, zlib.crc32(body))
            span = where.fields["compressed_page_size"].value
            self.assertEqual(pq.data[span.offset:span.end][0] >> 1,
                             len(body))
        for kind in ("column_index", "offset_index", "bloom_filter"):
            self.assertIn((0, 0, kind), pq.regions)

    def test_layout_repairs_sizes_after_an_edit(self):
        t = self.t
        pq = writer.write(specs.build("page_base"), t)
        model = copy.deepcopy(pq.model)
        page = model.row_groups[0].chunks[0].pages[0]
        page.values += b"\0" * 8
        writer.finish_page(page, t)
        new = writer.layout(model, t)
        old_meta = pq.metadata.row_groups[0].columns[0].meta_data
        meta = new.metadata.row_groups[0].columns[0].meta_data
        self.assertEqual(meta.total_compressed_size,
                         old_meta.total_compressed_size + 8)
        self.assertEqual(new.metadata.row_groups[0].columns[1].meta_data
                         .dictionary_page_offset,
                         pq.metadata.row_groups[0].columns[1].meta_data
                         .dictionary_page_offset + 8)
        self.assertEqual(page.header.crc & 0xFFFFFFFF,
                         zlib.crc32(page.body))

    def test_default_style_is_one_plain_page(self):
        pq = writer.write(specs.build("flat_optional"), self.t)
        for rg in pq.model.row_groups:
            for chunk in rg.chunks:
                self.assertEqual(len(chunk.pages), 1)
                h = chunk.pages[0].header
                self.assertEqual(h.type, self.t.PageType.DATA_PAGE)
                self.assertIsNone(h.crc)
                self.assertEqual(h.compressed_page_size,
                                 h.uncompressed_page_size)


if __name__ == "__main__":
    unittest.main()
