"""The writer's files, read back by an independent minimal reader.

The reader follows the spec, not the writer: it walks each chunk page by
page from its first page, decodes every page header with TCompactProtocol,
checks CRCs with zlib, inflates GZIP, decodes the RLE/bit-packed hybrid
levels (V1 with their length, V2 without), PLAIN, RLE_DICTIONARY and
BYTE_STREAM_SPLIT values, and compares the result with the rows that were
written (shredded into levels), and every size, count, page index entry
and bloom filter bit with what it found.
"""

import copy
import gzip
import struct
import unittest
import zlib

from thrift.protocol.TCompactProtocol import TCompactProtocol
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen import bloom, recording, specs, thrift_gen, writer


def read_uleb(buf, pos):
    value = shift = 0
    while True:
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def decode_hybrid(buf, width, count):
    out, pos = [], 0
    while len(out) < count:
        header, pos = read_uleb(buf, pos)
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
        if physical == t.Type.FIXED_LEN_BYTE_ARRAY:
            values.append(bytes(buf[pos:pos + element.type_length]))
            pos += element.type_length
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


def decompress(t, codec, body):
    if codec == t.CompressionCodec.UNCOMPRESSED:
        return body
    if codec == t.CompressionCodec.GZIP:
        return gzip.decompress(body)
    raise AssertionError(f"codec {codec}")


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
        self.assertEqual(encoding, t.Encoding.RLE_DICTIONARY)
        self.assertIsNotNone(dictionary, "a dictionary page comes first")
        if count == 0:
            return [], len(buf)
        indices, used = decode_hybrid(buf[1:], buf[0], count)
        return [dictionary[i] for i in indices], 1 + used

    def check_page_statistics(self, element, stats, values, nulls):
        """A page's statistics: its null count, and bounds that are page
        values (zero bounds may be -0.0 / +0.0)."""
        if stats is None:
            return
        self.assertEqual(stats.null_count, nulls)
        if not values:
            self.assertIsNone(stats.min_value)
            return
        physical = self.t.Type._VALUES_TO_NAMES[element.type]
        plain = {writer.encoding.stat_value(physical, v) for v in values}
        if physical in ("FLOAT", "DOUBLE"):
            fmt = "<f" if physical == "FLOAT" else "<d"
            plain |= {struct.pack(fmt, -0.0), struct.pack(fmt, 0.0)}
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
                raw = decompress(t, meta.codec, body)
                self.assertEqual(len(raw), header.uncompressed_page_size)
                dph = header.dictionary_page_header
                self.assertEqual(dph.encoding, t.Encoding.PLAIN)
                dictionary, used = decode_plain(t, element, raw,
                                                dph.num_values)
                self.assertEqual(used, len(raw))
                pos += header_len + len(body)
                continue
            if not pages:
                self.assertEqual(meta.data_page_offset, pos)
            if header.type == t.PageType.DATA_PAGE:
                dph = header.data_page_header
                raw = decompress(t, meta.codec, body)
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
                    section = decompress(t, meta.codec, section)
                self.assertEqual(rl + dl + len(section),
                                 header.uncompressed_page_size)
                self.assertEqual(dph.num_nulls,
                                 sum(1 for x in d if x < max_def))
                self.assertEqual(dph.num_rows, r.count(0))
            present = sum(1 for x in d if x == max_def)
            page_values, used = self.read_values(element, dph.encoding,
                                                 section, present,
                                                 dictionary)
            self.assertEqual(used, len(section), "no padding in the page")
            self.assertEqual(r[:1], [0] * min(1, count),
                             "pages start at row boundaries")
            self.check_page_statistics(element, dph.statistics, page_values,
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
        stats = meta.statistics
        self.assertEqual(stats.null_count, num_values - len(values))
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
            for k, p in enumerate(pages):
                if not p[3]:
                    self.assertEqual((ci.min_values[k], ci.max_values[k]),
                                     (b"", b""))
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
                self.assertEqual(values, [e[2] for e in entries
                                          if e[1] == info.max_def])
                self.check_indexes(data, column, element, info, pages)
        self.assertEqual(expected_end,
                         self.regions_start(md, len(data) - 8 - length),
                         "chunks are contiguous up to the indexes or footer")

    def test_every_valid_strategy_reads_back(self):
        for name in specs.VALID:
            with self.subTest(name=name):
                self.check_file(name)

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
