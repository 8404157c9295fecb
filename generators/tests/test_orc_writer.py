"""Whole ORC files from orc_writer, read back by the small reader below.

The reader follows ORCv1.md and the checklist (orc-rules.md), using only
the generated protobuf module and the decoders of test_orc_rle; it is
checked first against Apache ORC's example files (their expected JSON),
then used on generated files: every value reads back, the tail parses,
stripes are ascending and do not overlap, stream lengths add up to the
stripe's index and data lengths, chunks respect the block size, statistics
at row-group, stripe and file level agree with the data, every row-index
position seeks to its row group's first value, and bloom filters have no
false negatives.
"""

import datetime
import gzip
import json
import math
import os
import struct
import unittest
import zoneinfo

from colcheck_gen.orc import (bloom as orc_bloom, compress as orc_compress,
                              proto as orc_proto, writer as orc_writer)
from colcheck_gen.orc.writer import (Decimal, List, Map, OrcSpec, Struct, T,
                                     Union)
from tests.test_orc_rle import (Reader, decode_bool_rle, decode_byte_rle,
                                decode_ints, unzigzag)

pb = orc_proto.load()
EXTERNAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..",
                        "..", "..", "shared", "corpus-external", "orc")
_BASE_2015 = 1420070400


# ---- the reader ------------------------------------------------------------

class Stream:
    def __init__(self, column, kind, offset, length, framed, codec, bs):
        self.column, self.kind = column, kind
        self.offset, self.length = offset, length
        self.starts = {}  # chunk offset in stream -> uncompressed offset
        out = bytearray()
        pos = 0
        if codec == "NONE":
            out = bytearray(framed)
        while codec != "NONE" and pos < len(framed):
            v = framed[pos] | framed[pos + 1] << 8 | framed[pos + 2] << 16
            n = v >> 1
            self.starts[pos] = len(out)
            body = framed[pos + 3:pos + 3 + n]
            out += body if v & 1 else orc_compress.decompress_block(
                codec, body, bs)
            pos += 3 + n
        self.starts[pos] = len(out)
        self.data = bytes(out)


class ParsedOrc:
    pass


def parse(data):
    f = ParsedOrc()
    assert data[:3] == b"ORC", "header magic"
    ps_len = data[-1]
    f.ps = pb.PostScript.FromString(data[-1 - ps_len:-1])
    f.ps_offset = len(data) - 1 - ps_len
    assert f.ps.magic == "ORC"
    f.codec = orc_compress.CODECS[f.ps.compression]
    f.bs = f.ps.compression_block_size or 256 * 1024
    f.footer_offset = f.ps_offset - f.ps.footer_length
    f.metadata_offset = f.footer_offset - f.ps.metadata_length
    f.footer = pb.Footer.FromString(orc_compress.unframe(
        data[f.footer_offset:f.ps_offset], f.codec, f.bs))
    f.metadata = pb.Metadata.FromString(orc_compress.unframe(
        data[f.metadata_offset:f.footer_offset], f.codec, f.bs))
    f.stripes = []
    for info in f.footer.stripes:
        sf_off = info.offset + info.index_length + info.data_length
        sf = pb.StripeFooter.FromString(orc_compress.unframe(
            data[sf_off:sf_off + info.footer_length], f.codec, f.bs))
        # Offsets per area, as the Java reader computes them (SF4): the
        # index area's streams in list order, then the data area's.
        streams = {}
        pos = info.offset
        index_kinds = (orc_writer.ROW_INDEX, 7, orc_writer.BLOOM_FILTER_UTF8)
        for area in (True, False):
            for s in sf.streams:
                if (s.kind in index_kinds) != area:
                    continue
                streams[(s.column, s.kind)] = Stream(
                    s.column, s.kind, pos, s.length,
                    data[pos:pos + s.length], f.codec, f.bs)
                pos += s.length
        f.stripes.append((info, sf, streams))
    return f


class _ColumnReader:
    """Decodes one column of one stripe; records what the seek checks
    need (slot values, raw-stream value offsets)."""

    def __init__(self, orc, sf, streams):
        self.orc, self.sf, self.streams = orc, sf, streams
        self.types = orc.footer.types
        self.tz = sf.writer_timezone or "UTC"
        self.slots = {}
        self.raw_offsets = {}

    def version(self, col):
        k = self.sf.columns[col].kind
        return 1 if k in (pb.ColumnEncoding.DIRECT,
                          pb.ColumnEncoding.DICTIONARY) else 2

    def data(self, col, kind):
        s = self.streams.get((col, kind))
        return s.data if s else b""

    def ints(self, col, kind, count, signed):
        vals = decode_ints(self.data(col, kind), self.version(col), signed)
        assert len(vals) >= count, (col, kind, len(vals), count)
        return vals[:count]

    def read(self, col, n):
        t = self.types[col]
        K = pb.Type
        if (col, orc_writer.PRESENT) in self.streams:
            present = decode_bool_rle(self.data(col, orc_writer.PRESENT), n)
        else:
            present = [True] * n
        m = sum(present)
        k = t.kind
        D = orc_writer.DATA
        if k == K.BOOLEAN:
            vals = decode_bool_rle(self.data(col, D), m)
        elif k == K.BYTE:
            vals = [b - 256 if b > 127 else b
                    for b in decode_byte_rle(self.data(col, D), m)]
        elif k in (K.SHORT, K.INT, K.LONG, K.DATE):
            vals = self.ints(col, D, m, True)
        elif k in (K.FLOAT, K.DOUBLE):
            w, fmt = (4, "<f") if k == K.FLOAT else (8, "<d")
            raw = self.data(col, D)
            assert len(raw) == w * m
            vals = [struct.unpack_from(fmt, raw, i * w)[0] for i in range(m)]
            self.raw_offsets[col] = [i * w for i in range(m + 1)]
        elif k in (K.STRING, K.CHAR, K.VARCHAR, K.BINARY):
            enc = self.sf.columns[col].kind
            if enc in (pb.ColumnEncoding.DICTIONARY,
                       pb.ColumnEncoding.DICTIONARY_V2):
                size = self.sf.columns[col].dictionary_size
                lengths = self.ints(col, orc_writer.LENGTH, size, False)
                blob = self.data(col, orc_writer.DICTIONARY_DATA)
                assert sum(lengths) == len(blob)
                entries, pos = [], 0
                for ln in lengths:
                    entries.append(blob[pos:pos + ln])
                    pos += ln
                idx = self.ints(col, D, m, False)
                raw_vals = [entries[i] for i in idx]
            else:
                lengths = self.ints(col, orc_writer.LENGTH, m, False)
                blob = self.data(col, D)
                assert sum(lengths) == len(blob)
                raw_vals, pos, offs = [], 0, []
                for ln in lengths:
                    offs.append(pos)
                    raw_vals.append(blob[pos:pos + ln])
                    pos += ln
                self.raw_offsets[col] = offs + [pos]
            vals = raw_vals if k == K.BINARY else [v.decode()
                                                   for v in raw_vals]
        elif k == K.DECIMAL:
            r = Reader(self.data(col, D))
            unscaled, offs = [], []
            for _ in range(m):
                offs.append(r.pos)
                unscaled.append(unzigzag(r.uvarint()))
            self.raw_offsets[col] = offs + [r.pos]
            scales = self.ints(col, orc_writer.SECONDARY, m, True)
            vals = []
            for u, s in zip(unscaled, scales):
                diff = t.scale - s
                vals.append(u * 10 ** diff if diff >= 0
                            else u // 10 ** -diff)
        elif k in (K.TIMESTAMP, K.TIMESTAMP_INSTANT):
            secs = self.ints(col, D, m, True)
            nanos = self.ints(col, orc_writer.SECONDARY, m, False)
            vals = [self.timestamp(k, s, n) for s, n in zip(secs, nanos)]
        elif k == K.STRUCT:
            vals = [{} for _ in range(m)]
            for name, child in zip(t.field_names, t.subtypes):
                for d, v in zip(vals, self.read(child, m)):
                    d[name] = v
        elif k in (K.LIST, K.MAP):
            lengths = self.ints(col, orc_writer.LENGTH, m, False)
            total = sum(lengths)
            children = [self.read(c, total) for c in t.subtypes]
            vals, pos = [], 0
            for ln in lengths:
                if k == K.LIST:
                    vals.append(children[0][pos:pos + ln])
                else:
                    vals.append(list(zip(children[0][pos:pos + ln],
                                         children[1][pos:pos + ln])))
                pos += ln
        elif k == K.UNION:
            tags = decode_byte_rle(self.data(col, D), m)
            children = [iter(self.read(c, tags.count(i)))
                        for i, c in enumerate(t.subtypes)]
            vals = [(tag, next(children[tag])) for tag in tags]
        else:
            raise AssertionError(f"kind {k}")
        it = iter(vals)
        out = [next(it) if p else None for p in present]
        self.slots[col] = out
        return out

    def timestamp(self, kind, stored, encoded):
        zeros = encoded & 7
        nanos = encoded >> 3
        if zeros:
            nanos *= 10 ** (zeros + 1)
        local = kind == pb.Type.TIMESTAMP and self.tz not in ("UTC", "GMT")
        zone = zoneinfo.ZoneInfo(self.tz) if local else None
        if zone:
            base = int(datetime.datetime(2015, 1, 1, tzinfo=zone).timestamp())
        else:
            base = _BASE_2015
        secs = stored + base
        if secs < 0 and nanos > 999_999:
            secs -= 1
        if zone:  # Back to the writer's wall clock, read as if UTC.
            wall = datetime.datetime.fromtimestamp(secs, zone)
            secs = int(wall.replace(tzinfo=datetime.timezone.utc)
                       .timestamp())
        return (secs, nanos)


def read_rows(orc, f=None):
    """(rows, [per stripe _ColumnReader])."""
    rows, readers = [], []
    for info, sf, streams in orc.stripes:
        r = _ColumnReader(orc, sf, streams)
        rows += r.read(0, info.number_of_rows)
        readers.append(r)
    return rows, readers


# ---- an independent statistics check ----------------------------------------

def _expected_stats(t, values):
    """What ColumnStatistics must say about `values` (a dict of the fields
    this test checks)."""
    K = pb.Type
    nn = [v for v in values if v is not None]
    e = {"number_of_values": len(nn), "has_null": len(nn) < len(values)}
    k = t.kind
    if k == K.BOOLEAN:
        e["true"] = sum(1 for v in nn if v)
    elif k in (K.BYTE, K.SHORT, K.INT, K.LONG, K.DATE):
        if nn:
            e["min"], e["max"] = min(nn), max(nn)
    elif k in (K.FLOAT, K.DOUBLE):
        finite = [v for v in nn if v == v]
        if finite:
            e["min"], e["max"] = min(finite), max(finite)
    elif k in (K.STRING, K.CHAR, K.VARCHAR):
        bs = [v.encode() for v in nn]
        if bs:
            e["min"], e["max"] = min(bs).decode(), max(bs).decode()
            # Longer than 1024 bytes: a bound, which must bracket it.
            if len(e["min"].encode()) > 1024:
                e["min"] = ("lower", e["min"])
            if len(e["max"].encode()) > 1024:
                e["max"] = ("upper", e["max"])
        e["sum"] = sum(len(b) for b in bs)
    elif k == K.BINARY:
        e["sum"] = sum(len(b) for b in nn)
    elif k in (K.LIST, K.MAP):
        e["total"] = sum(len(v) for v in nn)
    elif k in (K.TIMESTAMP, K.TIMESTAMP_INSTANT):
        if nn:
            ms = [s * 1000 + n // 1_000_000 for s, n in nn]
            e["min"], e["max"] = min(ms), max(ms)
    return e


def _bounds_hold(expected, actual):
    """A ("lower"/"upper", value) expectation holds when the stored bound
    is at most 1024 bytes and brackets the value."""
    for key in ("min", "max"):
        e, a = expected.get(key), actual.get(key)
        if isinstance(e, tuple) and isinstance(a, tuple) and e[0] == a[0]:
            assert len(a[1].encode()) <= 1024
            if e[0] == "lower":
                assert a[1].encode() <= e[1].encode()
            else:
                assert a[1].encode() > e[1].encode()
            expected[key] = actual[key]
    return expected


def _actual_stats(t, s):
    K = pb.Type
    a = {"number_of_values": s.number_of_values, "has_null": s.has_null}
    k = t.kind
    if k == K.BOOLEAN:
        a["true"] = s.bucket_statistics.count[0]
    elif k in (K.BYTE, K.SHORT, K.INT, K.LONG):
        if s.int_statistics.HasField("minimum"):
            a["min"], a["max"] = (s.int_statistics.minimum,
                                  s.int_statistics.maximum)
    elif k == K.DATE:
        if s.date_statistics.HasField("minimum"):
            a["min"], a["max"] = (s.date_statistics.minimum,
                                  s.date_statistics.maximum)
    elif k in (K.FLOAT, K.DOUBLE):
        if s.double_statistics.HasField("minimum"):
            a["min"], a["max"] = (s.double_statistics.minimum,
                                  s.double_statistics.maximum)
    elif k in (K.STRING, K.CHAR, K.VARCHAR):
        ss = s.string_statistics
        if ss.HasField("minimum"):
            a["min"] = ss.minimum
        if ss.HasField("maximum"):
            a["max"] = ss.maximum
        if ss.HasField("lower_bound"):
            a["min"] = ("lower", ss.lower_bound)
        if ss.HasField("upper_bound"):
            a["max"] = ("upper", ss.upper_bound)
        a["sum"] = ss.sum
    elif k == K.BINARY:
        a["sum"] = s.binary_statistics.sum
    elif k in (K.LIST, K.MAP):
        a["total"] = s.collection_statistics.total_children
    elif k in (K.TIMESTAMP, K.TIMESTAMP_INSTANT):
        if s.timestamp_statistics.HasField("minimum_utc"):
            a["min"], a["max"] = (s.timestamp_statistics.minimum_utc,
                                  s.timestamp_statistics.maximum_utc)
    return a


def _child_starts(t, values, starts):
    """Row-group starts of each child column, from the parent's slots."""
    K = pb.Type
    out = [[] for _ in t.subtypes]
    for st in starts:
        before = [v for v in values[:st] if v is not None]
        for i in range(len(t.subtypes)):
            if t.kind == K.STRUCT:
                out[i].append(len(before))
            elif t.kind in (K.LIST, K.MAP):
                out[i].append(sum(len(v) for v in before))
            elif t.kind == K.UNION:
                out[i].append(sum(1 for v in before if v[0] == i))
    return out


# ---- checks shared by the tests --------------------------------------------

class OrcChecks(unittest.TestCase):
    def check_file(self, orc_file, rows=None):
        """Every structural check; returns the ParsedOrc."""
        data = orc_file.data
        layout = orc_file.layout
        orc = parse(data)
        f = orc.footer
        self.assertEqual(len(data), layout.file_length)
        self.assertEqual(orc.ps_offset, layout.postscript.offset)
        self.assertEqual(orc.footer_offset, layout.footer.offset)
        self.assertEqual(orc.metadata_offset, layout.metadata.offset)
        self.assertEqual(list(orc.ps.version), [0, 12])
        self.assertEqual(data[layout.postscript.end - 3:
                              layout.postscript.end], b"ORC")
        self.assertEqual(f.header_length, 3)
        # Stripes: ascending, non-overlapping, first at 3, inside the body.
        end = 3
        self.assertEqual(len(f.stripes), len(layout.stripes))
        for info, sl, (_, sf, streams) in zip(f.stripes, layout.stripes,
                                              orc.stripes):
            self.assertEqual(info.offset, end)
            self.assertEqual(info.offset, sl.offset)
            stripe_end = (info.offset + info.index_length + info.data_length
                          + info.footer_length)
            self.assertEqual(stripe_end, sl.end)
            end = stripe_end
            index_kinds = (orc_writer.ROW_INDEX,
                           orc_writer.BLOOM_FILTER_UTF8)
            kinds = [s.kind in index_kinds for s in sf.streams]
            self.assertEqual(kinds, sorted(kinds, reverse=True),
                             "index streams first")
            self.assertEqual(sum(s.length for s in sf.streams
                                 if s.kind in index_kinds),
                             info.index_length)
            self.assertEqual(sum(s.length for s in sf.streams
                                 if s.kind not in index_kinds),
                             info.data_length)
            self.assertEqual(len(sf.columns), len(f.types))
            for s, ls in zip(sorted(streams.values(),
                                    key=lambda s: s.offset), sl.streams):
                self.assertEqual((s.offset, s.length, s.column, s.kind),
                                 (ls.offset, ls.length, ls.column, ls.kind))
        self.assertLessEqual(end, orc.metadata_offset)
        self.assertEqual(f.content_length, end)
        self.assertEqual(f.number_of_rows,
                         sum(s.number_of_rows for s in f.stripes))
        self.assertEqual(len(f.statistics), len(f.types))
        self.assertEqual(len(orc.metadata.stripe_stats), len(f.stripes))
        self.check_chunks(orc, layout)
        # The layout's regions tile the file: every byte is named.
        regions = [layout.header]
        for st in layout.stripes:
            regions += st.streams + [st.footer]
        regions += [layout.metadata, layout.footer, layout.postscript]
        pos = 0
        for r in regions:
            self.assertEqual(r.offset, pos, r.name)
            pos = r.end
        self.assertEqual(pos, layout.ps_length_offset)
        self.assertEqual(pos + 1, len(data))
        got, readers = read_rows(orc)
        if rows is not None:
            self.assertEqual(got, rows)
        self.check_stats(orc, readers)
        self.check_row_index(orc, readers)
        return orc

    def check_chunks(self, orc, layout):
        regions = [layout.metadata, layout.footer]
        for st in layout.stripes:
            regions += [st.footer] + st.streams
        for r in regions:
            if orc.codec == "NONE":
                self.assertEqual(r.chunks, [])
                continue
            total = sum(3 + c.length for c in r.chunks)
            self.assertEqual(total, r.length, r.name)
            for c in r.chunks:
                self.assertLessEqual(c.length, orc.bs)
                self.assertGreater(c.length, 0)

    def check_stats(self, orc, readers):
        types = orc.footer.types
        n_types = len(types)
        all_slots = [[] for _ in types]
        stride = orc.footer.row_index_stride
        for (info, sf, streams), reader, ss in zip(
                orc.stripes, readers, orc.metadata.stripe_stats):
            self.assertEqual(len(ss.col_stats), n_types)
            starts = self.stripe_starts(orc, reader, info)
            for c, t in enumerate(types):
                slots = reader.slots[c]
                all_slots[c] += slots
                self.assertEqual(_actual_stats(t, ss.col_stats[c]),
                                 _bounds_hold(_expected_stats(t, slots),
                                              _actual_stats(
                                                  t, ss.col_stats[c])),
                                 f"column {c}")
                if stride:
                    ri = pb.RowIndex.FromString(
                        streams[(c, orc_writer.ROW_INDEX)].data)
                    bounds = starts[c] + [len(slots)]
                    self.assertEqual(len(ri.entry), len(starts[c]))
                    for g, e in enumerate(ri.entry):
                        part = slots[bounds[g]:bounds[g + 1]]
                        got = _actual_stats(t, e.statistics)
                        self.assertEqual(got, _bounds_hold(
                            _expected_stats(t, part), got),
                                         f"column {c} group {g}")
        for c, t in enumerate(types):
            got = _actual_stats(t, orc.footer.statistics[c])
            self.assertEqual(got, _bounds_hold(
                _expected_stats(t, all_slots[c]), got), f"column {c}")

    def stripe_starts(self, orc, reader, info):
        stride = orc.footer.row_index_stride
        starts = {0: list(range(0, info.number_of_rows, stride))
                  if stride else [0]}
        for c, t in enumerate(orc.footer.types):
            for child, cs in zip(t.subtypes, _child_starts(
                    t, reader.slots[c], starts[c])):
                starts[child] = cs
        return starts

    def check_row_index(self, orc, readers):
        """Every position seeks to the first value of its row group."""
        stride = orc.footer.row_index_stride
        if not stride:
            return
        K = pb.Type
        compressed = orc.codec != "NONE"
        for (info, sf, streams), reader in zip(orc.stripes, readers):
            starts = self.stripe_starts(orc, reader, info)
            self.assertEqual(len(starts[0]),
                             math.ceil(info.number_of_rows / stride))
            for c, t in enumerate(orc.footer.types):
                ri = pb.RowIndex.FromString(
                    streams[(c, orc_writer.ROW_INDEX)].data)
                slots = reader.slots[c]
                dictionary = sf.columns[c].kind in (
                    pb.ColumnEncoding.DICTIONARY,
                    pb.ColumnEncoding.DICTIONARY_V2)
                plan = []  # (stream kind, decoder kind)
                if (c, orc_writer.PRESENT) in streams:
                    plan.append((orc_writer.PRESENT, "bool"))
                k = t.kind
                if k == K.BOOLEAN:
                    plan.append((orc_writer.DATA, "bool"))
                elif k in (K.BYTE, K.UNION):
                    plan.append((orc_writer.DATA, "byte"))
                elif k in (K.SHORT, K.INT, K.LONG, K.DATE):
                    plan.append((orc_writer.DATA, "sint"))
                elif k in (K.FLOAT, K.DOUBLE):
                    plan.append((orc_writer.DATA, "raw"))
                elif k in (K.STRING, K.CHAR, K.VARCHAR, K.BINARY):
                    if dictionary:
                        plan.append((orc_writer.DATA, "uint"))
                    else:
                        plan += [(orc_writer.DATA, "raw"),
                                 (orc_writer.LENGTH, "uint")]
                elif k == K.DECIMAL:
                    plan += [(orc_writer.DATA, "raw"),
                             (orc_writer.SECONDARY, "sint")]
                elif k in (K.TIMESTAMP, K.TIMESTAMP_INSTANT):
                    plan += [(orc_writer.DATA, "sint"),
                             (orc_writer.SECONDARY, "uint")]
                elif k in (K.LIST, K.MAP):
                    plan.append((orc_writer.LENGTH, "uint"))
                extra = {"bool": 2, "byte": 1, "sint": 1, "uint": 1,
                         "raw": 0}
                width = sum((2 if compressed else 1) + extra[d]
                            for _, d in plan)
                for g, e in enumerate(ri.entry):
                    pos = list(e.positions)
                    self.assertEqual(len(pos), width, f"column {c}")
                    first_slot = starts[c][g]
                    nonnull_before = sum(1 for v in slots[:first_slot]
                                         if v is not None)
                    for kind, dec in plan:
                        s = streams[(c, kind)]
                        if compressed:
                            chunk, inner = pos[0], pos[1]
                            self.assertIn(chunk, s.starts)
                            off = s.starts[chunk] + inner
                            pos = pos[2:]
                        else:
                            off, pos = pos[0], pos[1:]
                        at = first_slot if kind == orc_writer.PRESENT \
                            else nonnull_before
                        self.check_seek(reader, c, s, dec, off,
                                        pos[:extra[dec]], at)
                        pos = pos[extra[dec]:]

    def check_seek(self, reader, c, s, dec, off, extra, at):
        if dec == "raw":
            self.assertEqual(off, reader.raw_offsets[c][at])
            return
        if dec == "bool":
            full = decode_bool_rle(s.data, 10 ** 6)
            got = decode_bool_rle(s.data, len(full) - at, off, extra[0],
                                  extra[1])
        elif dec == "byte":
            full = decode_byte_rle(s.data)
            got = decode_byte_rle(s.data, None, off)[extra[0]:]
        else:
            v = reader.version(c)
            full = decode_ints(s.data, v, dec == "sint")
            got = decode_ints(s.data, v, dec == "sint", pos=off)[extra[0]:]
        self.assertEqual(got[:20], full[at:at + 20])


# ---- the reader against Apache ORC's examples ------------------------------

@unittest.skipUnless(os.path.isdir(EXTERNAL), "no external ORC examples")
class ReaderOnExamplesTest(unittest.TestCase):
    def compare(self, name, columns, limit=3000):
        with open(os.path.join(EXTERNAL, name + ".orc"), "rb") as fh:
            orc = parse(fh.read())
        rows, _ = read_rows(orc)
        with gzip.open(os.path.join(EXTERNAL, "expected",
                                    name + ".jsn.gz"), "rt") as fh:
            for i, line in enumerate(fh):
                if i >= limit:
                    break
                want = json.loads(line)
                for col in columns:
                    self.assertEqual(rows[i][col], want[col], (name, i, col))

    def test_seek_zlib_rle_v2(self):
        self.compare("TestOrcFile.testSeek",
                     ["boolean1", "byte1", "short1", "int1", "long1",
                      "string1"])

    def test_lzo_lz4(self):
        self.compare("TestVectorOrcFile.testLzo", ["x", "y"])
        self.compare("TestVectorOrcFile.testLz4", ["x", "y"])

    def test_rle_v1_dictionary(self):
        self.compare("TestOrcFile.testMemoryManagementV11",
                     ["int1", "string1"])

    def test_snappy_tiny_blocks(self):
        self.compare("TestOrcFile.testSnappy", ["int1", "string1"])

    # Files from Java writers since ORC-135 (writer_version >= 6) and the
    # C++ writer; older Java writers (writer_version 1) chose differently.
    RLE_FILES = ("TestOrcFile.testSargSkipPickupGroupWithoutIndexJava",
                 "TestOrcFile.testSargSkipPickupGroupWithoutIndexCPlusPlus",
                 "TestStringDictionary.testRowIndex",
                 "TestVectorOrcFile.testZstd.0.12", "complextypes_iceberg",
                 "orc_split_elim_new", "orc_split_elim_cpp",
                 "TestVectorOrcFile.testLz4", "TestVectorOrcFile.testLzo",
                 "demo-11-zlib", "TestOrcFile.testMemoryManagementV11",
                 "orc-file-11-format", "TestOrcFile.test1")

    def test_rle_bytes_match_real_writers(self):
        """Re-encoding the values of every integer and byte RLE stream of
        these files gives back the writer's exact bytes: the runs are
        chosen as the Java (and C++) writers choose them."""
        K = pb.Type
        signed_data = (K.SHORT, K.INT, K.LONG, K.DATE, K.TIMESTAMP,
                       K.TIMESTAMP_INSTANT)
        compared = 0
        for name in self.RLE_FILES:
            with open(os.path.join(EXTERNAL, name + ".orc"), "rb") as fh:
                orc = parse(fh.read())
            for info, sf, streams in orc.stripes[:4]:
                for (c, k), s in streams.items():
                    t = orc.footer.types[c]
                    enc = sf.columns[c].kind
                    version = 2 if enc in (2, 3) else 1
                    dictionary = enc in (1, 3)
                    if k == orc_writer.PRESENT or (
                            k == orc_writer.DATA and t.kind in (
                                K.BOOLEAN, K.BYTE, K.UNION)):
                        again = orc_writer.orc_rle.encode_bytes(
                            decode_byte_rle(s.data))
                    else:
                        if k == orc_writer.DATA and t.kind in signed_data:
                            signed = True
                        elif k == orc_writer.DATA and dictionary:
                            signed = False
                        elif k == orc_writer.LENGTH:
                            signed = False
                        elif k == orc_writer.SECONDARY:
                            signed = t.kind == K.DECIMAL
                        else:
                            continue
                        again = orc_writer.orc_rle.encode_ints(
                            decode_ints(s.data, version, signed), version,
                            signed)
                    self.assertEqual(again, s.data, (name, c, k))
                    compared += 1
        self.assertGreater(compared, 100)


class BloomTest(unittest.TestCase):
    def test_murmur3_64_vector(self):
        # The vector Apache ORC's Java and C++ tests share (TestMurmur3).
        text = (b"It was the best of times, it was the worst of times,"
                b" it was the age of wisdom, it was the age of foolishness,"
                b" it was the epoch of belief, it was the epoch of "
                b"incredulity, it was the season of Light, it was the "
                b"season of Darkness, it was the spring of hope, it was the"
                b" winter of despair, we had everything before us, we had "
                b"nothing before us, we were all going direct to Heaven,"
                b" we were all going direct the other way.")
        self.assertEqual(orc_bloom.murmur3_64(text) % 2 ** 64,
                         305830725663368540)

    def test_sizes_follow_the_java_writer(self):
        f = orc_bloom.BloomFilter(10000, 0.01)
        self.assertEqual((f.num_bits, f.num_hash_functions), (95872, 7))
        self.assertEqual(len(f.utf8bitset()), 95872 // 8)

    def test_no_false_negatives(self):
        f = orc_bloom.BloomFilter(100)
        for i in range(-50, 50):
            f.add_long(i * 7919)
            f.add_bytes(str(i).encode())
            f.add_double(i / 3)
        for i in range(-50, 50):
            self.assertTrue(f.test_hash(orc_bloom.wang_64(i * 7919)))
            self.assertTrue(f.test_hash(orc_bloom.murmur3_64(
                str(i).encode())))
            self.assertTrue(f.test_hash(orc_bloom.wang_64(
                orc_bloom.double_bits(i / 3))))


# ---- generated files -------------------------------------------------------

def all_types_schema(bloom=True, dictionary=True):
    return Struct([
        ("b", T("BOOLEAN")), ("y", T("BYTE", bloom=bloom)),
        ("s", T("SHORT")), ("i", T("INT")), ("l", T("LONG", bloom=bloom)),
        ("f", T("FLOAT", bloom=bloom)), ("d", T("DOUBLE")),
        ("str", T("STRING", dictionary=dictionary, bloom=bloom)),
        ("c", T("CHAR", max_length=4)), ("vc", T("VARCHAR", max_length=5)),
        ("bin", T("BINARY", bloom=bloom)),
        ("dec", Decimal(10, 2, bloom=bloom)), ("dt", T("DATE")),
        ("ts", T("TIMESTAMP", bloom=bloom)), ("tsi", T("TIMESTAMP_INSTANT")),
        ("lst", List(T("INT"))), ("m", Map(T("STRING"), T("DOUBLE"))),
        ("u", Union([T("INT"), T("STRING")])),
        ("st", Struct([("x", T("INT")), ("z", T("STRING"))]))])


def all_types_rows(n):
    rows = []
    for r in range(n):
        rows.append({
            "b": r % 3 == 0, "y": r - 5, "s": r * 100,
            "i": None if r % 4 == 0 else r * r, "l": 2 ** 40 + r,
            "f": r / 4, "d": r * 1.5, "str": ["a", "bb", None][r % 3],
            "c": "ab  ", "vc": "xyz", "bin": bytes([r]),
            "dec": r * 1234 - 9999, "dt": 18000 + r - 4 * (r % 2),
            "ts": (1_600_000_000 + r * 7919, r * 1000),
            "tsi": (-1000 - r, 500_000_000),
            "lst": None if r == 5 else list(range(r % 4)),
            "m": [("k%d" % r, 0.5)] if r % 5 else [],
            "u": (r % 2, r if r % 2 == 0 else str(r)),
            "st": None if r == 7 else {"x": r, "z": None}})
    return rows


class WriterTest(OrcChecks):
    def test_every_codec_and_rle_version(self):
        rows = all_types_rows(23)
        for codec in orc_compress.CODECS:
            for version in (1, 2):
                with self.subTest(codec=codec, version=version):
                    orc = orc_writer.write(OrcSpec(
                        all_types_schema(), rows, stripe_rows=[10, 13],
                        compression=codec, block_size=64,
                        rle_version=version, row_index_stride=4,
                        writer_timezone="America/Los_Angeles"))
                    parsed = self.check_file(orc, rows)
                    self.check_blooms(parsed, orc)

    def test_forced_sub_encodings(self):
        rows = all_types_rows(30)
        for force in ("DIRECT", "DELTA", "PATCHED_BASE", "SHORT_REPEAT"):
            with self.subTest(force=force):
                orc = orc_writer.write(OrcSpec(
                    all_types_schema(bloom=False), rows, rle_force=force,
                    compression="ZSTD", block_size=100, row_index_stride=7))
                self.check_file(orc, rows)

    def test_per_column_rle_choices(self):
        schema = Struct([("a", T("INT", rle_version=1)),
                         ("b", T("LONG", rle_force="SHORT_REPEAT")),
                         ("c", T("STRING", dictionary=True, rle_version=1)),
                         ("d", T("SHORT"))])
        rows = [{"a": i, "b": i // 5, "c": str(i % 3), "d": -i}
                for i in range(40)]
        orc = orc_writer.write(OrcSpec(schema, rows, compression="LZO",
                                       block_size=50, row_index_stride=9))
        self.check_file(orc, rows)
        kinds = [c.kind for c in orc.stripe_footers[0].columns]
        self.assertEqual(kinds, [pb.ColumnEncoding.DIRECT,
                                 pb.ColumnEncoding.DIRECT,
                                 pb.ColumnEncoding.DIRECT_V2,
                                 pb.ColumnEncoding.DICTIONARY,
                                 pb.ColumnEncoding.DIRECT_V2])

    def test_char_is_padded_in_data_and_statistics(self):
        schema = Struct([("c", T("CHAR", max_length=3))])
        orc = orc_writer.write(OrcSpec(schema, [{"c": "a"}, {"c": "bcd"}]))
        self.check_file(orc, [{"c": "a  "}, {"c": "bcd"}])
        s = orc.footer.statistics[1].string_statistics
        self.assertEqual((s.minimum, s.maximum, s.sum), ("a  ", "bcd", 6))

    def test_long_strings_get_bounds(self):
        schema = Struct([("s", T("STRING"))])
        rows = [{"s": "é" * 700}, {"s": "z" * 1100}, {"s": "b"}]
        orc = orc_writer.write(OrcSpec(schema, rows, row_index_stride=1))
        self.check_file(orc, rows)
        s = orc.footer.statistics[1].string_statistics
        self.assertEqual(s.minimum, "b")  # UTF-8 order: "é" > "z".
        self.assertFalse(s.HasField("maximum"))
        self.assertEqual(s.upper_bound, "é" * 511 + "ê")
        entries = orc.row_indexes[0][1].entry
        one = entries[0].statistics.string_statistics
        self.assertEqual(one.lower_bound, "é" * 512)
        two = entries[1].statistics.string_statistics
        self.assertEqual((two.lower_bound, two.upper_bound),
                         ("z" * 1024, "z" * 1023 + "{"))

    def test_empty_file_has_no_stripes(self):
        orc = orc_writer.write(OrcSpec(all_types_schema(bloom=False), []))
        parsed = self.check_file(orc, [])
        self.assertEqual(len(parsed.footer.stripes), 0)
        self.assertEqual(parsed.footer.content_length, 3)
        self.assertEqual(orc.layout.metadata.offset, 3)

    def test_no_row_index(self):
        rows = all_types_rows(9)
        orc = orc_writer.write(OrcSpec(all_types_schema(bloom=False), rows,
                                       compression="SNAPPY"))
        parsed = self.check_file(orc, rows)
        self.assertNotIn("row_index_stride",
                         [d.name for d, _ in parsed.footer.ListFields()])

    def test_original_chunks_when_compression_does_not_help(self):
        rng = __import__("random").Random(3)
        rows = [{"bin": bytes(rng.randrange(256) for _ in range(50))}
                for _ in range(20)]
        orc = orc_writer.write(OrcSpec(Struct([("bin", T("BINARY"))]), rows,
                                       compression="ZLIB", block_size=128))
        self.check_file(orc, rows)
        data_stream = [s for s in orc.layout.stripes[0].streams
                       if s.column == 1 and s.kind == orc_writer.DATA][0]
        self.assertTrue(all(c.original for c in data_stream.chunks))
        self.assertEqual(len(data_stream.chunks), math.ceil(1000 / 128))

    def test_chunk_framing(self):
        data = bytes(range(256)) * 10
        for codec in orc_compress.CODECS[1:]:
            framed, chunks = orc_compress.frame(data, codec, 1000)
            self.assertEqual(orc_compress.unframe(framed, codec, 1000), data)
            self.assertEqual([c.uncompressed_offset for c in chunks],
                             [0, 1000, 2000])
            for c in chunks:
                v = framed[c.offset] | framed[c.offset + 1] << 8 | \
                    framed[c.offset + 2] << 16
                self.assertEqual((v >> 1, v & 1), (c.length, int(c.original)))
        # ORCv1.md's header examples: 100000 compressed bytes; 5 original.
        self.assertEqual(orc_compress.chunk_header(100000, False),
                         bytes([0x40, 0x0d, 0x03]))
        self.assertEqual(orc_compress.chunk_header(5, True),
                         bytes([0x0b, 0x00, 0x00]))
        self.assertEqual(orc_compress.frame(b"", "ZLIB", 10), (b"", []))

    def test_lzo_chunks_are_raw_lzo1x(self):
        import lzo
        data = b"abcabcabc" * 100
        body = orc_compress.compress_block("LZO", data)
        self.assertEqual(lzo.decompress(body, False, len(data)), data)
        self.assertNotEqual(body[:1], b"\xf0")  # No python-lzo header.

    def test_timestamps_around_1970_and_dst(self):
        schema = Struct([("ts", T("TIMESTAMP")),
                         ("tsi", T("TIMESTAMP_INSTANT"))])
        values = [(-2, 0), (-2, 999_999_999), (-5, 1_000_000), (0, 0),
                  (0, 1), (-1, 999_999), (1, 123_456_789),
                  (-86400 * 365 * 70, 5)]
        rows = [{"ts": v, "tsi": v} for v in values]
        orc = orc_writer.write(OrcSpec(schema, rows, rle_version=1,
                                       row_index_stride=3))
        self.check_file(orc, rows)
        # US DST switch, 2021-03-14 02:00 -> 03:00 and 2021-11-07 02:00.
        wall = [int(datetime.datetime(2021, 3, 14, h, m).replace(
            tzinfo=datetime.timezone.utc).timestamp())
            for h, m in ((1, 59), (3, 0), (3, 1))]
        wall += [int(datetime.datetime(2021, 11, 7, 3, 30).replace(
            tzinfo=datetime.timezone.utc).timestamp())]
        rows = [{"ts": (w, 0), "tsi": (w, 0)} for w in wall]
        orc = orc_writer.write(OrcSpec(schema, rows,
                                       writer_timezone="America/New_York"))
        self.check_file(orc, rows)
        with self.assertRaises(ValueError):  # ORC-645's ambiguous second.
            orc_writer.write(OrcSpec(schema, [{"ts": (-1, 5_000_000),
                                               "tsi": None}]))

    def test_nanos_encoding(self):
        self.assertEqual(orc_writer.format_nanos(1000), 0x0a)
        self.assertEqual(orc_writer.format_nanos(100000), 0x0c)
        self.assertEqual(orc_writer.format_nanos(7), 7 << 3)

    def test_decimal_strings(self):
        self.assertEqual(orc_writer.decimal_string(12340, 3), "12.34")
        self.assertEqual(orc_writer.decimal_string(-5, 2), "-0.05")
        self.assertEqual(orc_writer.decimal_string(0, 4), "0")
        self.assertEqual(orc_writer.decimal_string(10 ** 38 - 1, 0),
                         "9" * 38)

    def test_writer_options_reach_the_tail(self):
        orc = orc_writer.write(OrcSpec(
            Struct([("a", T("INT"))]), [{"a": 1}], writer=1,
            writer_version=6, compression="LZ4", block_size=4096,
            user_metadata=[("k", b"v")], content_length_style="cpp"))
        parsed = parse(orc.data)
        self.assertEqual(parsed.footer.writer, 1)
        self.assertEqual(parsed.ps.writer_version, 6)
        self.assertEqual(parsed.ps.compression_block_size, 4096)
        self.assertEqual(parsed.footer.metadata[0].value, b"v")
        self.assertEqual(parsed.footer.content_length,
                         orc.layout.stripes[-1].end - 3)
        self.assertEqual(parsed.stripes[0][1].writer_timezone, "UTC")

    def check_blooms(self, parsed, orc):
        stride = parsed.footer.row_index_stride
        rows, readers = read_rows(parsed)
        for (info, sf, streams), reader, bidx in zip(
                parsed.stripes, readers, orc.bloom_indexes):
            for col, bfi in bidx.items():
                self.assertEqual(sf.columns[col].bloom_encoding, 1)
                stored = pb.BloomFilterIndex.FromString(
                    streams[(col, orc_writer.BLOOM_FILTER_UTF8)].data)
                self.assertEqual(len(stored.bloom_filter),
                                 math.ceil(info.number_of_rows / stride))
                for m in stored.bloom_filter:
                    self.assertEqual(len(m.utf8bitset) % 8, 0)
                    self.assertGreaterEqual(m.num_hash_functions, 1)


if __name__ == "__main__":
    unittest.main()
