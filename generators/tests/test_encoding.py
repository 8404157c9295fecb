"""Known vectors for the level and value encodings (Encodings.md)."""

import unittest

from colcheck_gen import encoding


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


if __name__ == "__main__":
    unittest.main()
