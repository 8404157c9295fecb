// Page compression for the codec-swap mutation: every Parquet
// CompressionCodec the mutator can both read and write, through the real
// libraries, plus the page CRC.
//
// Codec values (parquet.thrift CompressionCodec): 0 UNCOMPRESSED, 1 SNAPPY,
// 2 GZIP, 3 LZO (not handled: no writer needs it here), 4 BROTLI, 5 LZ4
// (Hadoop framing, as parquet-mr writes it), 6 ZSTD, 7 LZ4_RAW.
//
// Hadoop framing for codec 5, integers u32 big-endian:
//
//   +---------+----------+=====================+
//   | raw_len | comp_len | one raw LZ4 block   |
//   +---------+----------+=====================+

#ifndef COLCHECK_FUZZ_MUTATOR_PAGE_CODECS_H_
#define COLCHECK_FUZZ_MUTATOR_PAGE_CODECS_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace colcheck::fuzz {

inline constexpr int kCodecLz4Hadoop = 5;

// Whether Compress and Decompress handle `codec`.
bool CodecSupported(int64_t codec);

// Decompresses `in` to exactly `size` bytes. False when the codec is not
// supported, the stream is corrupt, or it decodes to another size; `size`
// is also capped so a lying header cannot make it allocate much.
bool Decompress(int64_t codec, std::span<const uint8_t> in, size_t size,
                std::string* out);

// Compresses `in`. False only when the codec is not supported.
bool Compress(int64_t codec, std::span<const uint8_t> in, std::string* out);

// CRC-32 (the zlib/gzip polynomial) as PageHeader.crc stores it.
uint32_t PageCrc(std::span<const uint8_t> body);

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MUTATOR_PAGE_CODECS_H_
