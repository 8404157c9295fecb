"""ORC bloom filters (ORCv1.md §Bloom Filter Index; orc-rules.md BF3).

Integers, dates, timestamps (UTC millis) and floats (widened to double,
then their IEEE bits) go through Thomas Wang's 64-bit integer hash;
strings, binaries and decimals (their string form) through Murmur3 64
with seed 104729. Each hash sets k bits: h1 = low 32 bits, h2 = high 32
bits, c = h1 + i*h2 (int32 wrap, complemented when negative), bit
c % num_bits, bit p of the little-endian 64-bit word p >> 6.

Sizes follow the Java writer: bits = -n ln(fpp) / ln(2)^2, rounded up to
the next multiple of 64 (always adding a word when already a multiple),
k = max(1, round(bits/n * ln 2)) computed before the rounding up.
"""

import math
import struct

_M64 = (1 << 64) - 1
_C1 = 0x87C37B91114253D5
_C2 = 0x4CF5AD432745937F
SEED = 104729
DEFAULT_FPP = 0.01


def _s64(v):
    v &= _M64
    return v - (1 << 64) if v >> 63 else v


def _rotl(v, r):
    return ((v << r) | (v >> (64 - r))) & _M64


def _fmix(h):
    h ^= h >> 33
    h = (h * 0xFF51AFD7ED558CCD) & _M64
    h ^= h >> 33
    h = (h * 0xC4CEB9FE1A85EC53) & _M64
    h ^= h >> 33
    return h


def murmur3_64(data, seed=SEED):
    """Hive's Murmur3.hash64 (the 64-bit variant, not x64_128)."""
    h = seed & _M64
    n = len(data)
    for i in range(0, n - n % 8, 8):
        k = int.from_bytes(data[i:i + 8], "little")
        k = (k * _C1) & _M64
        k = _rotl(k, 31)
        k = (k * _C2) & _M64
        h ^= k
        h = (_rotl(h, 27) * 5 + 0x52DCE729) & _M64
    tail = data[n - n % 8:]
    if tail:
        k = int.from_bytes(tail, "little")
        k = (k * _C1) & _M64
        k = _rotl(k, 31)
        k = (k * _C2) & _M64
        h ^= k
    h ^= n
    return _s64(_fmix(h))


def wang_64(key):
    """Thomas Wang's integer hash with Java's arithmetic shifts."""
    key = _s64(key)

    def sh(v, r):  # Arithmetic shift right of a signed 64-bit value.
        return _s64(v) >> r
    key = _s64((~key) + (key << 21))
    key = _s64(key ^ sh(key, 24))
    key = _s64((key + (key << 3)) + (key << 8))
    key = _s64(key ^ sh(key, 14))
    key = _s64((key + (key << 2)) + (key << 4))
    key = _s64(key ^ sh(key, 28))
    key = _s64(key + (key << 31))
    return key


def double_bits(value):
    """Java doubleToLongBits: every NaN maps to the canonical one."""
    if value != value:
        return 0x7FF8000000000000
    return _s64(struct.unpack("<q", struct.pack("<d", value))[0])


class BloomFilter:
    def __init__(self, expected_entries, fpp=DEFAULT_FPP):
        n = max(1, expected_entries)
        nb = int(-n * math.log(fpp) / (math.log(2) ** 2))
        self.num_hash_functions = max(1, round(nb / n * math.log(2)))
        self.num_bits = nb + (64 - nb % 64)
        self.words = [0] * (self.num_bits // 64)

    def _positions(self, h64):
        """The bit of each hash function for the 64-bit hash `h64`."""
        h1 = _s32(h64)
        h2 = _s32(h64 >> 32 & 0xFFFFFFFF)
        for i in range(1, self.num_hash_functions + 1):
            c = _s32(h1 + i * h2)
            if c < 0:
                c = ~c
            yield c % self.num_bits

    def add_hash(self, h64):
        for pos in self._positions(h64):
            self.words[pos >> 6] |= 1 << (pos & 63)

    def test_hash(self, h64):
        return all(self.words[pos >> 6] >> (pos & 63) & 1
                   for pos in self._positions(h64))

    def add_long(self, v):
        self.add_hash(wang_64(v))

    def add_double(self, v):
        self.add_hash(wang_64(double_bits(v)))

    def add_bytes(self, b):
        self.add_hash(murmur3_64(b))

    def utf8bitset(self):
        return b"".join(w.to_bytes(8, "little") for w in self.words)


def _s32(v):
    v &= 0xFFFFFFFF
    return v - (1 << 32) if v >> 31 else v
