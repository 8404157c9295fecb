"""The writer's files, read back by an independent minimal reader.

The reader follows the spec, not the writer: it walks each chunk from
data_page_offset, decodes the page header with TCompactProtocol, the
RLE/bit-packed hybrid levels and PLAIN values, and compares the result
with the rows that were written, and every size and count in the footer
with what it found.
"""

import struct
import unittest

from thrift.protocol.TCompactProtocol import TCompactProtocol
from thrift.transport.TTransport import TMemoryBuffer

from colcheck_gen import recording, specs, thrift_gen, writer


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


class WriterTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.t = thrift_gen.load()

    def read_chunk(self, data, column, element, max_def, num_rows):
        t = self.t
        meta = column.meta_data
        trans = TMemoryBuffer(data[meta.data_page_offset:])
        header = t.PageHeader()
        header.read(TCompactProtocol(trans))
        header_len = trans._buffer.tell()
        self.assertEqual(header.type, t.PageType.DATA_PAGE)
        self.assertEqual(header.compressed_page_size,
                         header.uncompressed_page_size)
        self.assertEqual(meta.total_compressed_size,
                         header_len + header.compressed_page_size)
        self.assertEqual(meta.total_uncompressed_size,
                         header_len + header.uncompressed_page_size)
        dph = header.data_page_header
        self.assertEqual(dph.num_values, meta.num_values)
        self.assertEqual(dph.num_values, num_rows)
        start = meta.data_page_offset + header_len
        body = data[start:start + header.compressed_page_size]
        pos = 0
        if max_def:
            length = struct.unpack_from("<I", body, 0)[0]
            defs, used = decode_hybrid(body[4:4 + length],
                                       max_def.bit_length(), dph.num_values)
            self.assertEqual(used, length, "levels fully consumed")
            pos = 4 + length
        else:
            defs = [0] * dph.num_values
        present = sum(1 for d in defs if d == max_def)
        values, used = decode_plain(t, element, body[pos:], present)
        self.assertEqual(pos + used, len(body), "no padding in the page")
        stats = meta.statistics
        self.assertEqual(stats.null_count, dph.num_values - present)
        return defs, values

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
            self.assertEqual(rg.file_offset,
                             rg.columns[0].meta_data.data_page_offset)
            for column, (_, element), info in zip(rg.columns, leaves, infos):
                meta = column.meta_data
                self.assertEqual(meta.path_in_schema, info.path)
                self.assertEqual(meta.type, element.type)
                self.assertEqual(meta.data_page_offset, expected_end)
                expected_end += meta.total_compressed_size
                defs, values = self.read_chunk(data, column, element,
                                               info.max_def, rg.num_rows)
                want_defs, want_values, _ = writer._leaf_column(info, rows)
                self.assertEqual(defs, want_defs)
                self.assertEqual(values, want_values)
        self.assertEqual(expected_end, len(data) - 8 - length,
                         "chunks are contiguous up to the footer")

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


if __name__ == "__main__":
    unittest.main()
