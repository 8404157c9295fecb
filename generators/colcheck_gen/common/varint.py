"""Base-128 varints: groups of 7 bits, least significant first, the high
bit set on every byte but the last. Parquet's ULEB128 (the RLE/bit-packed
hybrid and DELTA headers, Thrift compact integers), protobuf's varints
(ORC's metadata) and ORC RLE's base-128 values are this one encoding."""


def uvarint(value):
    """The varint of a non-negative int (unbounded: ORC decimals use it)."""
    if value < 0:
        raise ValueError(f"uvarint of negative {value}")
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def read_uvarint(buf, pos, end=None):
    """(value, offset after it) of the varint at buf[pos]; ValueError when
    it runs past `end` (default: the end of buf)."""
    end = len(buf) if end is None else end
    value = shift = 0
    while True:
        if pos >= end:
            raise ValueError("truncated varint")
        b = buf[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def zigzag(value):
    """Zigzag for any Python int: 0,-1,1,-2 -> 0,1,2,3."""
    return value * 2 if value >= 0 else -value * 2 - 1


def unzigzag(n):
    """The inverse of zigzag: 0,1,2,3 -> 0,-1,1,-2."""
    return (n >> 1) ^ -(n & 1)
