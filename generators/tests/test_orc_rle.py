"""The ORC run-length encoders against the worked examples of ORCv1.md
(§Run Length Encoding), and round trips through the independent decoders
below, which follow the spec text (not orc_rle) and are shared with
test_orc_writer."""

import random
import unittest

from hypothesis import given, settings, strategies as st

from colcheck_gen.orc import rle as orc_rle


# ---- independent decoders (ORCv1.md §Run Length Encoding) ------------------

class Reader:
    def __init__(self, data, pos=0):
        self.data = bytes(data)
        self.pos = pos

    def at_end(self):
        return self.pos >= len(self.data)

    def byte(self):
        if self.pos >= len(self.data):
            raise ValueError("read past the end")
        b = self.data[self.pos]
        self.pos += 1
        return b

    def take(self, n):
        if self.pos + n > len(self.data):
            raise ValueError("read past the end")
        b = self.data[self.pos:self.pos + n]
        self.pos += n
        return b

    def uvarint(self):
        result = shift = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                return result

    def svarint(self):
        return unzigzag(self.uvarint())


def unzigzag(v):
    return (v >> 1) ^ -(v & 1)


def to_s64(v):
    v &= (1 << 64) - 1
    return v - (1 << 64) if v >> 63 else v


def decode_byte_rle(data, count=None, pos=0):
    r = Reader(data, pos)
    out = []
    while not r.at_end() and (count is None or len(out) < count):
        c = r.byte()
        if c < 128:
            out += [r.byte()] * (c + 3)
        else:
            out += list(r.take(256 - c))
    return out if count is None else out[:count]


def decode_bool_rle(data, count, pos=0, skip_bytes=0, skip_bits=0):
    nbytes = skip_bytes + (skip_bits + count + 7) // 8
    raw = decode_byte_rle(data, nbytes, pos)[skip_bytes:]
    bits = [(b >> (7 - i)) & 1 == 1 for b in raw for i in range(8)]
    return bits[skip_bits:skip_bits + count]


def decode_int_rle_v1(data, signed, count=None, pos=0):
    r = Reader(data, pos)
    out = []
    while not r.at_end() and (count is None or len(out) < count):
        c = r.byte()
        if c < 128:
            delta = c2 if (c2 := r.byte()) < 128 else c2 - 256
            base = r.svarint() if signed else r.uvarint()
            out += [base + i * delta for i in range(c + 3)]
        else:
            out += [r.svarint() if signed else r.uvarint()
                    for _ in range(256 - c)]
    return out


_WIDTHS = list(range(1, 25)) + [26, 28, 30, 32, 40, 48, 56, 64]


def _unpack(r, n, width):
    total = n * width
    raw = int.from_bytes(r.take((total + 7) // 8), "big")
    raw >>= (8 - total % 8) % 8
    return [(raw >> (width * (n - 1 - i))) & ((1 << width) - 1)
            for i in range(n)]


def decode_int_rle_v2(data, signed, count=None, pos=0, kinds=None):
    """Decodes RLEv2 runs; `kinds` collects each run's sub-encoding."""
    r = Reader(data, pos)
    out = []
    while not r.at_end() and (count is None or len(out) < count):
        b0 = r.byte()
        enc = b0 >> 6
        if kinds is not None:
            kinds.append(enc)
        if enc == 0:  # SHORT_REPEAT
            width = ((b0 >> 3) & 7) + 1
            v = int.from_bytes(r.take(width), "big")
            out += [unzigzag(v) if signed else v] * ((b0 & 7) + 3)
            continue
        b1 = r.byte()
        width = _WIDTHS[(b0 >> 1) & 31]
        n = ((b0 & 1) << 8 | b1) + 1
        if enc == 1:  # DIRECT
            vals = _unpack(r, n, width)
            out += [unzigzag(v) if signed else v for v in vals]
        elif enc == 2:  # PATCHED_BASE
            b2, b3 = r.byte(), r.byte()
            bw = (b2 >> 5) + 1
            pw = _WIDTHS[b2 & 31]
            pgw = (b3 >> 5) + 1
            pll = b3 & 31
            base = int.from_bytes(r.take(bw), "big")
            sign_bit = 1 << (bw * 8 - 1)
            if base & sign_bit:
                base = -(base & ~sign_bit)
            vals = _unpack(r, n, width)
            entry_width = _WIDTHS[_WIDTHS.index(
                next(w for w in _WIDTHS if w >= pgw + pw))]
            entries = _unpack(r, pll, entry_width)
            idx = 0
            for e in entries:
                idx += e >> pw
                patch = e & ((1 << pw) - 1)
                if patch:
                    vals[idx] |= patch << width
            out += [to_s64(base + v) for v in vals]
        else:  # DELTA
            width = 0 if (b0 >> 1) & 31 == 0 else width
            base = r.svarint() if signed else r.uvarint()
            delta = r.svarint()
            vals = [base]
            if n > 1:
                vals.append(base + delta)
            if width == 0:
                vals += [base + delta * i for i in range(2, n)]
            else:
                for d in _unpack(r, n - 2, width):
                    vals.append(vals[-1] + (d if delta >= 0 else -d))
            out += vals
    return out


def decode_ints(data, version, signed, count=None, pos=0):
    if version == 1:
        return decode_int_rle_v1(data, signed, count, pos)
    return decode_int_rle_v2(data, signed, count, pos)


# ---- tests -----------------------------------------------------------------

_I64 = st.integers(-2 ** 63, 2 ** 63 - 1)
_U63 = st.integers(0, 2 ** 63 - 1)


class SpecExamplesTest(unittest.TestCase):
    """Every worked example of ORCv1.md's RLE sections."""

    def test_varints(self):
        for value, hexed in [(0, "00"), (1, "01"), (127, "7f"),
                             (128, "8001"), (129, "8101"), (16383, "ff7f"),
                             (16384, "808001"), (16385, "818001")]:
            self.assertEqual(orc_rle.uvarint(value).hex(), hexed)
        self.assertEqual([orc_rle.zigzag(v) for v in (0, -1, 1, -2, 2)],
                         [0, 1, 2, 3, 4])

    def test_byte_rle(self):
        self.assertEqual(orc_rle.encode_bytes([0] * 100), b"\x61\x00")
        self.assertEqual(orc_rle.encode_bytes([0x44, 0x45]),
                         b"\xfe\x44\x45")

    def test_boolean_rle(self):
        # [0xff, 0x80] holds one true then seven false after eight trues.
        bits = [True] * 8 + [True] + [False] * 7
        self.assertEqual(orc_rle.encode_bools(bits), b"\xfe\xff\x80")

    def test_rle_v1(self):
        self.assertEqual(orc_rle.encode_ints([7] * 100, 1, False),
                         b"\x61\x00\x07")
        self.assertEqual(orc_rle.encode_ints(list(range(100, 0, -1)), 1,
                                             False), b"\x61\xff\x64")
        self.assertEqual(orc_rle.encode_ints([2, 3, 6, 7, 11], 1, False),
                         bytes([0xfb, 0x02, 0x03, 0x06, 0x07, 0x0b]))

    def test_rle_v2_short_repeat(self):
        enc = orc_rle.IntRleV2(False)
        for v in [10000] * 5:
            enc.write(v)
        self.assertEqual(enc.finish(), b"\x0a\x27\x10")
        self.assertEqual(enc.runs, [orc_rle.SHORT_REPEAT])

    def test_rle_v2_direct(self):
        self.assertEqual(
            orc_rle.encode_ints([23713, 43806, 57005, 48879], 2, False),
            bytes([0x5e, 0x03, 0x5c, 0xa1, 0xab, 0x1e, 0xde, 0xad, 0xbe,
                   0xef]))

    def test_rle_v2_patched_base(self):
        values = [2030, 2000, 2020, 1000000] + list(range(2040, 2200, 10))
        enc = orc_rle.IntRleV2(False)
        for v in values:
            enc.write(v)
        self.assertEqual(enc.finish(), bytes([
            0x8e, 0x13, 0x2b, 0x21, 0x07, 0xd0, 0x1e, 0x00, 0x14, 0x70, 0x28,
            0x32, 0x3c, 0x46, 0x50, 0x5a, 0x64, 0x6e, 0x78, 0x82, 0x8c, 0x96,
            0xa0, 0xaa, 0xb4, 0xbe, 0xfc, 0xe8]))
        self.assertEqual(enc.runs, [orc_rle.PATCHED_BASE])

    def test_rle_v2_delta(self):
        self.assertEqual(
            orc_rle.encode_ints([2, 3, 5, 7, 11, 13, 17, 19, 23, 29], 2,
                                False),
            bytes([0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46]))

    def test_decoders_read_the_examples(self):
        self.assertEqual(decode_int_rle_v2(bytes(
            [0xc6, 0x09, 0x02, 0x02, 0x22, 0x42, 0x42, 0x46]), False),
            [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
        self.assertEqual(decode_int_rle_v1(b"\x61\xff\x64", False),
                         list(range(100, 0, -1)))


class JavaChoicesTest(unittest.TestCase):
    """Which sub-encoding the Java writer picks for typical sequences."""

    def runs(self, values, signed=True):
        enc = orc_rle.IntRleV2(signed)
        for v in values:
            enc.write(v)
        data = enc.finish()
        self.assertEqual(decode_int_rle_v2(data, signed), values)
        return enc.runs

    def test_choices(self):
        d, s, p, dl = (orc_rle.DIRECT, orc_rle.SHORT_REPEAT,
                       orc_rle.PATCHED_BASE, orc_rle.DELTA)
        self.assertEqual(self.runs([5] * 7), [s])
        self.assertEqual(self.runs([5] * 11), [dl])  # Too long to repeat.
        self.assertEqual(self.runs(list(range(600))), [dl, dl])
        self.assertEqual(self.runs([1, 9]), [d])
        self.assertEqual(self.runs([3, 1, 4, 1, 5, 9, 2, 6]), [d])
        self.assertEqual(self.runs([3, 1, 4, 7, 7, 7, 7]), [d, s])
        self.assertEqual(self.runs([1, 1, 1, 5, 9]), [s, d])
        self.assertEqual(self.runs([5, 900, 3, 8] * 5 + [1 << 30]), [p])


class RoundTripTest(unittest.TestCase):
    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.integers(0, 255), max_size=400))
    def test_bytes(self, values):
        self.assertEqual(decode_byte_rle(orc_rle.encode_bytes(values)),
                         values)

    @settings(max_examples=150, deadline=None)
    @given(st.lists(st.booleans(), max_size=300))
    def test_bools(self, values):
        data = orc_rle.encode_bools(values)
        self.assertEqual(decode_bool_rle(data, len(values)), values)

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.one_of(_I64, st.integers(-40, 40)), max_size=300),
           st.sampled_from([1, 2]))
    def test_signed(self, values, version):
        data = orc_rle.encode_ints(values, version, True)
        self.assertEqual(decode_ints(data, version, True), values)

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.one_of(_U63, st.integers(0, 40)), max_size=300),
           st.sampled_from([1, 2]))
    def test_unsigned(self, values, version):
        data = orc_rle.encode_ints(values, version, False)
        self.assertEqual(decode_ints(data, version, False), values)

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.one_of(_I64, st.integers(-3, 3),
                              st.integers(0, 1 << 20)), max_size=120),
           st.sampled_from(sorted(orc_rle.SUB_ENCODINGS)), st.booleans())
    def test_forced(self, values, force, signed):
        if not signed:
            values = [abs(v) if v != -2 ** 63 else 0 for v in values]
        enc = orc_rle.IntRleV2(signed, force=force)
        for v in values:
            enc.write(v)
        data = enc.finish()
        self.assertEqual(decode_int_rle_v2(data, signed), values)

    def test_forced_runs_are_the_forced_kind(self):
        for force, values in [("DELTA", list(range(0, 50, 3))),
                              ("PATCHED_BASE", [random.Random(i).randrange(
                                  1000) for i in range(40)]),
                              ("SHORT_REPEAT", [4] * 30),
                              ("DIRECT", list(range(30)))]:
            enc = orc_rle.IntRleV2(True, force=force)
            for v in values:
                enc.write(v)
            kinds = []
            decoded = decode_int_rle_v2(enc.finish(), True, kinds=kinds)
            self.assertEqual(decoded, values)
            self.assertEqual(set(kinds), {orc_rle.SUB_ENCODINGS[force]},
                             force)

    def test_patched_base_with_long_gaps(self):
        # A patch 300 values after the previous one needs a 255-gap filler.
        values = [1] * 10 + list(range(2, 400)) + [1 << 40] + [5, 3] * 40
        values = [v % 7 for v in values[:300]] + [1 << 40] + \
            [v % 7 for v in values[300:]]
        enc = orc_rle.IntRleV2(True, force=None)
        for v in values:
            enc.write(v)
        self.assertEqual(decode_int_rle_v2(enc.finish(), True), values)

    def test_positions_seek(self):
        """position() names a run start and a count of values to skip."""
        rng = random.Random(7)
        values = [rng.choice([rng.randrange(-5, 5), rng.randrange(1 << 30)])
                  for _ in range(2000)]
        for version in (1, 2):
            enc = orc_rle.int_encoder(version, True)
            marks = []
            for i, v in enumerate(values):
                if i % 97 == 0:
                    marks.append((i, enc.position()))
                enc.write(v)
            data = enc.finish()
            for i, (offset, skip) in marks:
                got = decode_ints(data, version, True, pos=offset)
                self.assertEqual(got[skip:skip + 50], values[i:i + 50])


if __name__ == "__main__":
    unittest.main()
