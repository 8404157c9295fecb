"""ORC compression framing (ORCv1.md §Compression; orc-rules.md C1-C6).

A compressed region (a stream, a stripe footer, the footer, the metadata)
is cut into chunks of at most `block_size` uncompressed bytes. Each chunk
gets a 3-byte little-endian header `len << 1 | is_original`; a chunk whose
compressed form is not smaller than its input is stored as is (original).
NONE writes regions raw, with no headers.

    framed, chunks = frame(data, "ZLIB", 1024)
    chunks[i] == Chunk(offset, length, uncompressed_offset, original)
"""

import dataclasses
import zlib

import lz4.block
import lzo
import snappy
import zstandard

CODECS = ("NONE", "ZLIB", "SNAPPY", "LZO", "LZ4", "ZSTD")
CODEC_IDS = {name: i for i, name in enumerate(CODECS)}
MAX_BLOCK_SIZE = (1 << 23) - 1  # The header has 23 length bits (T7).


@dataclasses.dataclass(frozen=True)
class Chunk:
    offset: int              # Of the 3-byte header, within the region.
    length: int              # Body bytes after the header.
    uncompressed_offset: int  # Of the chunk's first byte, decompressed.
    original: bool


def compress_block(codec, data):
    """One chunk body in `codec`'s raw form (deterministic)."""
    if codec == "ZLIB":
        c = zlib.compressobj(6, zlib.DEFLATED, -15)
        return c.compress(data) + c.flush()
    if codec == "SNAPPY":
        return snappy.compress(data)
    if codec == "LZO":
        return lzo.compress(data, 1, False)  # Raw LZO1X-1: no header.
    if codec == "LZ4":
        return lz4.block.compress(data, store_size=False)
    if codec == "ZSTD":
        return zstandard.ZstdCompressor(level=3, write_content_size=True,
                                        write_checksum=False).compress(data)
    raise ValueError(f"no compression for {codec}")


def decompress_block(codec, body, limit):
    """Inverse of compress_block; `limit` bounds the output (block size)."""
    if codec == "ZLIB":
        d = zlib.decompressobj(-15)
        out = d.decompress(body, limit)
        if not d.eof or d.unused_data:
            raise ValueError("zlib chunk does not end at the chunk end")
        return out
    if codec == "SNAPPY":
        return snappy.decompress(body)
    if codec == "LZO":
        return lzo.decompress(body, False, limit)
    if codec == "LZ4":
        return lz4.block.decompress(body, uncompressed_size=limit)
    if codec == "ZSTD":
        return zstandard.ZstdDecompressor().decompress(body,
                                                       max_output_size=limit)
    raise ValueError(f"no compression for {codec}")


def chunk_header(length, original):
    v = (length << 1) | (1 if original else 0)
    return bytes([v & 0xFF, (v >> 8) & 0xFF, (v >> 16) & 0xFF])


def frame(data, codec, block_size, force_original=False):
    """Returns (region bytes, [Chunk]). An empty input has no chunks."""
    if codec == "NONE":
        return bytes(data), []
    if not 0 < block_size <= MAX_BLOCK_SIZE:
        raise ValueError(f"block size {block_size} out of range")
    out = bytearray()
    chunks = []
    for start in range(0, len(data), block_size):
        piece = bytes(data[start:start + block_size])
        body = None if force_original else compress_block(codec, piece)
        original = body is None or len(body) >= len(piece)
        if original:
            body = piece
        chunks.append(Chunk(len(out), len(body), start, original))
        out += chunk_header(len(body), original) + body
    return bytes(out), chunks


def unframe(region, codec, block_size):
    """Decompresses a whole region (for tests and readback)."""
    if codec == "NONE":
        return bytes(region)
    out = bytearray()
    pos = 0
    while pos < len(region):
        if pos + 3 > len(region):
            raise ValueError("truncated chunk header")
        v = region[pos] | region[pos + 1] << 8 | region[pos + 2] << 16
        length, original = v >> 1, v & 1
        body = bytes(region[pos + 3:pos + 3 + length])
        if len(body) != length:
            raise ValueError("truncated chunk body")
        if length > block_size:
            raise ValueError("chunk longer than the block size")
        piece = body if original else decompress_block(codec, body,
                                                       block_size)
        if len(piece) > block_size:
            raise ValueError("chunk expands beyond the block size")
        out += piece
        pos += 3 + length
    return bytes(out)


def position(chunks, uncompressed_offset, total, codec):
    """Row-index positions of an uncompressed offset into a framed region
    of `total` uncompressed bytes: [offset] for NONE, else [chunk header
    offset, offset in its chunk]. The end of the region is [region end,
    0] (orc-rules.md RI4)."""
    if codec == "NONE":
        return [uncompressed_offset]
    for i, c in enumerate(chunks):
        end = chunks[i + 1].uncompressed_offset if i + 1 < len(chunks) \
            else total
        if c.uncompressed_offset <= uncompressed_offset < end:
            return [c.offset, uncompressed_offset - c.uncompressed_offset]
    region_end = chunks[-1].offset + 3 + chunks[-1].length if chunks else 0
    return [region_end, 0]
