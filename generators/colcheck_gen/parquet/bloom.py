"""Split block Bloom filters (parquet-format BloomFilter.md) and XXH64.

A filter is a BloomFilterHeader followed by a bitset of numBytes bytes:
blocks of eight little-endian 32-bit words. A value is hashed with XXH64
(seed 0) over its plain encoding without a length prefix (the bytes
encoding.stat_value gives); the upper 32 bits of the hash pick the block
and the lower 32 bits, multiplied by eight salts, pick one bit per word.
"""

_P1 = 0x9E3779B185EBCA87
_P2 = 0xC2B2AE3D27D4EB4F
_P3 = 0x165667B19E3779F9
_P4 = 0x85EBCA77C2B2AE63
_P5 = 0x27D4EB2F165667C5
_M64 = (1 << 64) - 1

SALT = (0x47b6137b, 0x44974d91, 0x8824ad5b, 0xa2b7289d,
        0x705495c7, 0x2df1424b, 0x9efc4947, 0x5c6bfb31)
BLOCK_BYTES = 32


def _rotl(x, r):
    return ((x << r) | (x >> (64 - r))) & _M64


def _round(acc, lane):
    acc = (acc + lane * _P2) & _M64
    return (_rotl(acc, 31) * _P1) & _M64


def _merge(acc, value):
    acc ^= _round(0, value)
    return (acc * _P1 + _P4) & _M64


def xxh64(data, seed=0):
    """XXH64 of `data` (the reference algorithm, xxhash.h)."""
    data = bytes(data)
    n, i = len(data), 0

    def u64(at):
        return int.from_bytes(data[at:at + 8], "little")

    if n >= 32:
        v = [(seed + _P1 + _P2) & _M64, (seed + _P2) & _M64, seed & _M64,
             (seed - _P1) & _M64]
        while i + 32 <= n:
            v = [_round(v[k], u64(i + 8 * k)) for k in range(4)]
            i += 32
        h = (_rotl(v[0], 1) + _rotl(v[1], 7) + _rotl(v[2], 12) +
             _rotl(v[3], 18)) & _M64
        for lane in v:
            h = _merge(h, lane)
    else:
        h = (seed + _P5) & _M64
    h = (h + n) & _M64
    while i + 8 <= n:
        h ^= _round(0, u64(i))
        h = (_rotl(h, 27) * _P1 + _P4) & _M64
        i += 8
    if i + 4 <= n:
        h ^= (int.from_bytes(data[i:i + 4], "little") * _P1) & _M64
        h = (_rotl(h, 23) * _P2 + _P3) & _M64
        i += 4
    while i < n:
        h ^= (data[i] * _P5) & _M64
        h = (_rotl(h, 11) * _P1) & _M64
        i += 1
    h ^= h >> 33
    h = (h * _P2) & _M64
    h ^= h >> 29
    h = (h * _P3) & _M64
    return h ^ (h >> 32)


def num_bytes_for(distinct):
    """A power-of-two bitset of at least one block and about 16 bits per
    distinct value."""
    size = BLOCK_BYTES
    while size * 8 < 16 * distinct:
        size *= 2
    return size


def _bit_positions(bitset_len, h):
    blocks = bitset_len // BLOCK_BYTES
    block = ((h >> 32) * blocks) >> 32
    key = h & 0xFFFFFFFF
    for i, salt in enumerate(SALT):
        yield block * BLOCK_BYTES + 4 * i, ((key * salt) & 0xFFFFFFFF) >> 27


def insert(bitset, h):
    """Sets the eight bits of hash `h` in `bitset` (a bytearray)."""
    for offset, bit in _bit_positions(len(bitset), h):
        word = int.from_bytes(bitset[offset:offset + 4], "little")
        bitset[offset:offset + 4] = (word | 1 << bit).to_bytes(4, "little")


def might_contain(bitset, h):
    return all(int.from_bytes(bitset[o:o + 4], "little") >> bit & 1
               for o, bit in _bit_positions(len(bitset), h))


def bitset(plain_values, num_bytes):
    """The bitset of `num_bytes` bytes holding every value of
    `plain_values` (each its hashed bytes)."""
    out = bytearray(num_bytes)
    for v in plain_values:
        insert(out, xxh64(v))
    return bytes(out)
