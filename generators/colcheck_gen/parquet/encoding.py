"""Byte-level encodings of column data (parquet-format Encodings.md).

What the writer needs: PLAIN values (INT96 and FLOAT16 included), the
RLE/bit-packed hybrid for levels, dictionary indices and BOOLEAN values,
DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY and
BYTE_STREAM_SPLIT. Thrift structures are never encoded here (see
recording.py).
"""

import struct

from colcheck_gen.common import varint


# ULEB-128, as the RLE/bit-packed hybrid and DELTA headers use it.
uleb128 = varint.uvarint


def bit_width(max_value):
    """Bits needed for values 0..max_value: ceil(log2(max_value + 1))."""
    return max_value.bit_length()


def rle_runs(values, width):
    """The hybrid encoding as RLE runs only: one run per stretch of equal
    values. Header = run length << 1, then the value in ceil(width/8)
    little-endian bytes."""
    out = bytearray()
    value_bytes = (width + 7) // 8
    i = 0
    while i < len(values):
        j = i
        while j < len(values) and values[j] == values[i]:
            j += 1
        out += uleb128((j - i) << 1)
        out += values[i].to_bytes(value_bytes, "little")
        i = j
    return bytes(out)


def bit_packed_run(values, width):
    """The hybrid encoding as one bit-packed run: header = groups << 1 | 1,
    then the values packed LSB first, padded with zeros to a multiple of 8
    values."""
    groups = (len(values) + 7) // 8
    padded = list(values) + [0] * (groups * 8 - len(values))
    acc = 0
    for i, v in enumerate(padded):
        acc |= v << (i * width)
    return uleb128(groups << 1 | 1) + acc.to_bytes(groups * width, "little")


def hybrid(values, width, style="rle"):
    """The RLE/bit-packed hybrid as RLE runs ("rle") or one bit-packed run
    ("bitpacked"). No values take no runs: a run of length 0 is not
    allowed."""
    if not values:
        return b""
    if style == "rle":
        return rle_runs(values, width)
    if style == "bitpacked":
        return bit_packed_run(values, width)
    raise ValueError(f"unknown level style {style!r}")


def levels_v1(values, width, style="rle"):
    """Data page V1 levels: 4-byte little-endian length, then the hybrid
    encoding. Empty when width is 0 (the column has no such levels)."""
    if width == 0:
        return b""
    body = hybrid(values, width, style)
    return struct.pack("<I", len(body)) + body


def levels_v2(values, width, style="rle"):
    """Data page V2 levels: the hybrid encoding without a length prefix
    (DataPageHeaderV2 holds the byte length). Empty when width is 0."""
    if width == 0:
        return b""
    return hybrid(values, width, style)


def dictionary_indices(indices, dictionary_size):
    """RLE_DICTIONARY values: one byte of bit width, then the indices as
    one bit-packed run. The width is at least 1, so a one-entry dictionary
    is not written with width 0. A page of only nulls still gets its width
    byte, as parquet-mr and Arrow write it: hyparquet 1.33 reads the byte
    unconditionally and fails on an empty section."""
    width = max(1, bit_width(dictionary_size - 1))
    if not indices:
        return bytes([width])
    return bytes([width]) + bit_packed_run(indices, width)


def rle_booleans(values, style="rle"):
    """RLE BOOLEAN values: the 4-byte little-endian length, then the hybrid
    encoding at bit width 1, in both page versions (Encodings.md RLE)."""
    body = hybrid([int(bool(v)) for v in values], 1, style)
    return struct.pack("<I", len(body)) + body


def zigzag(n):
    """Zigzag of a signed integer (any width), for ULEB-128."""
    return n << 1 if n >= 0 else (-n << 1) - 1


def _wrap(n, bits):
    """`n` as a signed two's complement integer of `bits` bits."""
    n &= (1 << bits) - 1
    return n - (1 << bits) if n >> (bits - 1) else n


def delta_binary_packed(values, bits, block_size=128, miniblocks=4):
    """DELTA_BINARY_PACKED of signed integers of `bits` (32 or 64) bits.

    Header: block size, miniblocks per block, value count, zigzag first
    value. Then per block of deltas: the zigzag min delta, one bit width
    byte per miniblock, and the miniblocks (delta - min delta) packed LSB
    first, each padded to its full length with zeros. Deltas wrap in
    `bits`-bit two's complement, so INT32 deltas and min deltas fit in 32
    bits as readers require; the last block still lists every miniblock's
    width (0 for the unused ones) but has no bodies for the unused ones.
    """
    per_miniblock = block_size // miniblocks
    if block_size % 128 or per_miniblock % 32:
        raise ValueError("block size must be a multiple of 128 and "
                         "miniblocks multiples of 32 values")
    values = [_wrap(v, bits) for v in values]
    out = bytearray(uleb128(block_size) + uleb128(miniblocks) +
                    uleb128(len(values)) +
                    uleb128(zigzag(values[0] if values else 0)))
    deltas = [_wrap(b - a, bits) for a, b in zip(values, values[1:])]
    mask = (1 << bits) - 1
    for start in range(0, len(deltas), block_size):
        block = deltas[start:start + block_size]
        min_delta = min(block)
        out += uleb128(zigzag(min_delta))
        parts = [[(d - min_delta) & mask
                  for d in block[k:k + per_miniblock]]
                 for k in range(0, len(block), per_miniblock)]
        widths = [max(v.bit_length() for v in part) for part in parts]
        out += bytes(widths + [0] * (miniblocks - len(parts)))
        for part, width in zip(parts, widths):
            acc = 0
            for i, v in enumerate(part):
                acc |= v << (i * width)
            out += acc.to_bytes(per_miniblock * width // 8, "little")
    return bytes(out)


def delta_length_byte_array(values, block_size=128, miniblocks=4):
    """DELTA_LENGTH_BYTE_ARRAY: the lengths as DELTA_BINARY_PACKED, then
    the bytes of every value back to back."""
    return (delta_binary_packed([len(v) for v in values], 32, block_size,
                                miniblocks) +
            b"".join(bytes(v) for v in values))


def _common_prefix(a, b):
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def delta_byte_array(values, block_size=128, miniblocks=4):
    """DELTA_BYTE_ARRAY (incremental encoding): the lengths of the prefix
    each value shares with the previous one as DELTA_BINARY_PACKED, then
    the remaining suffixes as DELTA_LENGTH_BYTE_ARRAY."""
    values = [bytes(v) for v in values]
    prefixes = [0] * min(1, len(values)) + [
        _common_prefix(a, b) for a, b in zip(values, values[1:])]
    return (delta_binary_packed(prefixes, 32, block_size, miniblocks) +
            delta_length_byte_array([v[p:] for v, p in
                                     zip(values, prefixes)], block_size,
                                    miniblocks))


def byte_stream_split(physical, values, type_length=None):
    """BYTE_STREAM_SPLIT: byte k of every value, then byte k + 1 of every
    value, ... for fixed-width types."""
    if physical == "FIXED_LEN_BYTE_ARRAY":
        plain = [bytes(v) for v in values]
        width = type_length
    else:
        plain = [plain_value(physical, v) for v in values]
        width = {"INT32": 4, "FLOAT": 4, "INT64": 8, "DOUBLE": 8}[physical]
    return bytes(p[k] for k in range(width) for p in plain)


def plain_booleans(values):
    """PLAIN BOOLEAN: one bit per value, LSB first."""
    out = bytearray((len(values) + 7) // 8)
    for i, v in enumerate(values):
        if v:
            out[i // 8] |= 1 << (i % 8)
    return bytes(out)


_FIXED = {"INT32": "<i", "INT64": "<q", "FLOAT": "<f", "DOUBLE": "<d"}
_NANOS_PER_DAY = 86400 * 10 ** 9
_UNIX_EPOCH_JULIAN_DAY = 2440588


def int96_timestamp(nanos):
    """The 12 INT96 bytes of a timestamp in nanoseconds since the Unix
    epoch, as Impala and Spark store it: nanoseconds within the day (i64
    LE), then the Julian day (i32 LE)."""
    day, within = divmod(nanos, _NANOS_PER_DAY)
    return struct.pack("<qi", within, day + _UNIX_EPOCH_JULIAN_DAY)


def float16(value):
    """The 2 little-endian bytes of `value` rounded to IEEE half
    precision (LogicalTypes.md FLOAT16)."""
    return struct.pack("<e", value)


def plain_value(physical, value):
    """One PLAIN value of a non-BOOLEAN physical type. BYTE_ARRAY carries
    its 4-byte length prefix; FIXED_LEN_BYTE_ARRAY and INT96 (already 12
    bytes) are the raw bytes."""
    if physical in _FIXED:
        return struct.pack(_FIXED[physical], value)
    if physical == "BYTE_ARRAY":
        return struct.pack("<I", len(value)) + value
    if physical in ("FIXED_LEN_BYTE_ARRAY", "INT96"):
        return bytes(value)
    raise ValueError(f"no PLAIN encoding for {physical}")


def plain_values(physical, values):
    if physical == "BOOLEAN":
        return plain_booleans(values)
    return b"".join(plain_value(physical, v) for v in values)


def stat_value(physical, value):
    """A statistics min/max: PLAIN without the BYTE_ARRAY length prefix."""
    if physical == "BOOLEAN":
        return b"\x01" if value else b"\x00"
    if physical == "BYTE_ARRAY":
        return bytes(value)
    return plain_value(physical, value)


def bit_packed_deprecated(values, width):
    """The deprecated BIT_PACKED level encoding: values packed MSB first,
    no header and no length prefix, ceil(n * width / 8) bytes."""
    acc, bits = 0, 0
    for v in values:
        acc = acc << width | v
        bits += width
    pad = -bits % 8
    return (acc << pad).to_bytes((bits + pad) // 8, "big") if bits else b""
