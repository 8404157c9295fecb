"""Byte-level encodings of column data (parquet-format Encodings.md).

Only what the writer needs: PLAIN values, the RLE/bit-packed hybrid for
levels and dictionary indices, and BYTE_STREAM_SPLIT. Thrift structures
are never encoded here (see recording.py).
"""

import struct


def uleb128(n):
    """ULEB-128 varint, as used by the RLE/bit-packed hybrid headers."""
    if n < 0:
        raise ValueError("uleb128 of a negative number")
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


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
    ("bitpacked")."""
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
    is not written with width 0. No values: an empty section."""
    if not indices:
        return b""
    width = max(1, bit_width(dictionary_size - 1))
    return bytes([width]) + bit_packed_run(indices, width)


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


def plain_value(physical, value):
    """One PLAIN value of a non-BOOLEAN physical type. BYTE_ARRAY carries
    its 4-byte length prefix; FIXED_LEN_BYTE_ARRAY is the raw bytes."""
    if physical in _FIXED:
        return struct.pack(_FIXED[physical], value)
    if physical == "BYTE_ARRAY":
        return struct.pack("<I", len(value)) + value
    if physical == "FIXED_LEN_BYTE_ARRAY":
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
