"""XXH64 and the split block bloom filter (BloomFilter.md)."""

import unittest

from colcheck_gen.parquet import bloom


class BloomTest(unittest.TestCase):
    def test_xxh64_check_values(self):
        # xxhash's published values (seed 0), also colcheck's codec_test.
        self.assertEqual(bloom.xxh64(b""), 0xEF46DB3751D8E999)
        self.assertEqual(bloom.xxh64(b"a"), 0xD24EC4F1A98C6E5B)
        self.assertEqual(bloom.xxh64(b"abc"), 0x44BC2CF5AD770999)
        # Over 32 bytes: the four-lane loop.
        self.assertEqual(
            bloom.xxh64(b"The quick brown fox jumps over the lazy dog"),
            0x0B242D361FDA71BC)

    def test_insert_sets_one_bit_per_word_of_one_block(self):
        bits = bytearray(64)
        h = bloom.xxh64(b"colcheck")
        bloom.insert(bits, h)
        block = ((h >> 32) * 2) >> 32
        words = [int.from_bytes(bits[o:o + 4], "little")
                 for o in range(0, 64, 4)]
        used = words[8 * block:8 * block + 8]
        self.assertTrue(all(bin(w).count("1") == 1 for w in used))
        self.assertFalse(any(words[8 * (1 - block):8 * (2 - block)]))
        self.assertTrue(bloom.might_contain(bits, h))
        self.assertFalse(bloom.might_contain(bytes(64), h))

    def test_bitset_holds_every_value(self):
        values = [str(i).encode() for i in range(50)]
        bits = bloom.bitset(values, bloom.num_bytes_for(len(values)))
        self.assertEqual(len(bits) & (len(bits) - 1), 0)
        for v in values:
            self.assertTrue(bloom.might_contain(bits, bloom.xxh64(v)))


if __name__ == "__main__":
    unittest.main()
