"""Known vectors for the level and value encodings (Encodings.md), and
round trips through the independent decoders of test_writer."""

import random
import struct
import unittest

from colcheck_gen.parquet import encoding
from tests.test_writer import (decode_delta_binary_packed,
                               decode_delta_byte_array, decode_delta_length,
                               decode_hybrid)

_I32 = (-2 ** 31, 2 ** 31 - 1)
_I64 = (-2 ** 63, 2 ** 63 - 1)


class EncodingTest(unittest.TestCase):
    def test_uleb128(self):
        self.assertEqual(encoding.uleb128(0), b"\x00")
        self.assertEqual(encoding.uleb128(127), b"\x7f")
        self.assertEqual(encoding.uleb128(128), b"\x80\x01")
        self.assertEqual(encoding.uleb128(300), b"\xac\x02")

    def test_bit_width(self):
        self.assertEqual([encoding.bit_width(m) for m in (0, 1, 2, 3, 4)],
                         [0, 1, 2, 2, 3])

    def test_rle_runs(self):
        # Three 1s then two 0s, width 1: (3<<1, 1), (2<<1, 0).
        self.assertEqual(encoding.rle_runs([1, 1, 1, 0, 0], 1),
                         b"\x06\x01\x04\x00")

    def test_bit_packed_example_from_encodings_md(self):
        # Encodings.md: 0..7 with bit width 3 packs to 88 c6 fa.
        self.assertEqual(encoding.bit_packed_run(list(range(8)), 3),
                         b"\x03\x88\xc6\xfa")

    def test_hybrid_of_no_values_has_no_runs(self):
        # A run of length 0 is not allowed, in either style.
        self.assertEqual(encoding.hybrid([], 2, "bitpacked"), b"")
        self.assertEqual(encoding.levels_v1([], 1, "bitpacked"), bytes(4))

    def test_levels_v1_has_length_prefix(self):
        self.assertEqual(encoding.levels_v1([1, 0], 1, "rle"),
                         b"\x04\x00\x00\x00\x02\x01\x02\x00")
        self.assertEqual(encoding.levels_v1([0, 0], 0), b"")

    def test_plain(self):
        self.assertEqual(encoding.plain_booleans([True, False, True]),
                         b"\x05")
        self.assertEqual(encoding.plain_values("BYTE_ARRAY", [b"ab"]),
                         b"\x02\x00\x00\x00ab")
        self.assertEqual(encoding.stat_value("BYTE_ARRAY", b"ab"), b"ab")
        self.assertEqual(encoding.plain_values("INT32", [-1]),
                         b"\xff\xff\xff\xff")


    def test_levels_v2_has_no_length_prefix(self):
        self.assertEqual(encoding.levels_v2([1, 0], 1, "rle"),
                         b"\x02\x01\x02\x00")
        self.assertEqual(encoding.levels_v2([0, 0], 0), b"")

    def test_dictionary_indices(self):
        # Width byte, then one bit-packed group: 0, 1, 2 at width 2.
        self.assertEqual(encoding.dictionary_indices([0, 1, 2], 3),
                         b"\x02\x03\x24\x00")
        # A one-entry dictionary still gets width 1.
        self.assertEqual(encoding.dictionary_indices([0, 0], 1)[0], 1)
        # A page of only nulls keeps the width byte.
        self.assertEqual(encoding.dictionary_indices([], 4), b"\x02")

    def test_byte_stream_split(self):
        # Encodings.md: byte k of every value, then byte k + 1.
        self.assertEqual(
            encoding.byte_stream_split("INT32", [0x04030201, 0x08070605]),
            bytes([1, 5, 2, 6, 3, 7, 4, 8]))
        self.assertEqual(encoding.byte_stream_split(
            "FIXED_LEN_BYTE_ARRAY", [b"ab", b"cd"], 2), b"acbd")

    def test_bit_packed_deprecated_example_from_encodings_md(self):
        # Encodings.md BIT_PACKED: 0..7 with bit width 3, MSB first.
        self.assertEqual(encoding.bit_packed_deprecated(list(range(8)), 3),
                         b"\x05\x39\x77")
        self.assertEqual(encoding.bit_packed_deprecated([1, 1, 0], 1),
                         b"\xc0")

    def test_rle_booleans_have_length_prefix(self):
        # Three trues then two falses: runs (3<<1, 1), (2<<1, 0).
        self.assertEqual(encoding.rle_booleans([True] * 3 + [False] * 2),
                         b"\x04\x00\x00\x00\x06\x01\x04\x00")
        values = [bool(i % 3) for i in range(21)]
        for style in ("rle", "bitpacked"):
            data = encoding.rle_booleans(values, style)
            length = struct.unpack_from("<I", data)[0]
            self.assertEqual(length, len(data) - 4)
            self.assertEqual(decode_hybrid(data[4:], 1, 21)[0],
                             [int(v) for v in values])
        self.assertEqual(encoding.rle_booleans([]), bytes(4))

    def test_delta_binary_packed_example_from_encodings_md(self):
        # Encodings.md example 2: 7, 5, 3, 1, 2, 3, 4, 5: deltas -2 -2 -2
        # 1 1 1 1, min delta -2, relative 0 0 0 3 3 3 3 at bit width 2, one
        # miniblock of 32 values used, three widths of 0.
        data = encoding.delta_binary_packed([7, 5, 3, 1, 2, 3, 4, 5], 32)
        self.assertEqual(data, bytes([0x80, 0x01, 0x04, 0x08, 0x0E, 0x03,
                                      2, 0, 0, 0, 0xC0, 0x3F]) + bytes(6))
        # Example 1: 1..5 has constant deltas, bit width 0.
        self.assertEqual(encoding.delta_binary_packed([1, 2, 3, 4, 5], 32),
                         bytes([0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0, 0, 0,
                                0]))

    def test_delta_binary_packed_round_trips(self):
        rng = random.Random(7)
        cases = [
            (32, []), (32, [5]), (64, [-1]),
            (32, [_I32[i % 2] for i in range(300)]),
            (64, [_I64[i % 3 != 0] for i in range(129)]),
            (64, [rng.randint(*_I64) for _ in range(200)]),
            (32, [rng.randint(-3, 3) for _ in range(257)]),
            (32, [9] * 130),
        ]
        for bits, values in cases:
            for block, minis in ((128, 4), (256, 8), (128, 1)):
                with self.subTest(bits=bits, n=len(values), block=block):
                    data = encoding.delta_binary_packed(values, bits, block,
                                                        minis)
                    decoded, used = decode_delta_binary_packed(data, 0, bits)
                    self.assertEqual(decoded, values)
                    self.assertEqual(used, len(data))

    def test_delta_binary_packed_int32_deltas_fit_32_bits(self):
        # From 2^31 - 1 to -2^31 is a delta of 1 in 32-bit arithmetic, so
        # the min delta (zigzag) fits in 32 bits, as INT32 readers need.
        data = encoding.delta_binary_packed([2 ** 31 - 1, -2 ** 31], 32)
        # Header: 128, 4, 2, then zigzag(2^31 - 1) in 5 bytes.
        self.assertEqual(data[9], 0x02)  # zigzag(1)
        self.assertEqual(data[10:], bytes(4))  # bit widths 0, no bodies

    def test_delta_byte_arrays_round_trip(self):
        values = [b"", b"abc", b"abd", b"abd", b"", b"x" * 40, b"xy", b"\xff"]
        data = encoding.delta_length_byte_array(values)
        self.assertEqual(decode_delta_length(data, 0), (values, len(data)))
        data = encoding.delta_byte_array(values)
        self.assertEqual(decode_delta_byte_array(data, 0),
                         (values, len(data)))
        # Prefixes 0, 2, 2: "ab" shared with "abc", then "ab" with "abd".
        prefixes, _ = decode_delta_binary_packed(
            encoding.delta_byte_array([b"abc", b"abd", b"abx"]), 0, 32)
        self.assertEqual(prefixes, [0, 2, 2])
        self.assertEqual(decode_delta_byte_array(
            encoding.delta_byte_array([]), 0)[0], [])

    def test_int96_timestamps(self):
        # Julian day 2440588 is 1970-01-01.
        self.assertEqual(encoding.int96_timestamp(0),
                         struct.pack("<qi", 0, 2440588))
        self.assertEqual(encoding.int96_timestamp(-1),
                         struct.pack("<qi", 86400 * 10 ** 9 - 1, 2440587))

    def test_float16(self):
        self.assertEqual(encoding.float16(1.0), b"\x00\x3c")
        self.assertEqual(encoding.float16(-0.0), b"\x00\x80")
        self.assertEqual(encoding.float16(65504.0), b"\xff\x7b")

    def test_byte_stream_split_int64(self):
        data = encoding.byte_stream_split("INT64", [1, -1])
        self.assertEqual(data, bytes([1, 0xFF] + [0, 0xFF] * 7))


if __name__ == "__main__":
    unittest.main()
