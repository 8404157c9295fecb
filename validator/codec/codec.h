// Page decompression for every Parquet CompressionCodec, plus the two
// checksums Parquet uses (parquet-format Compression.md, parquet.thrift
// PageHeader.crc, BloomFilter.md).
//
// The real libraries do the decoding (snappy, libdeflate, liblzo2, brotli,
// liblz4, zstd), so "valid" means what the reference implementations accept.
// This module only adds the framing the spec leaves to Hadoop and the exact
// size check: a page must decode to precisely the uncompressed size its
// header declares.
//
// Hadoop block framing (LZ4 = 5, and LZO = 3 as parquet-mr writes it through
// hadoop-lzo), all integers unsigned 32-bit big-endian:
//
//   page   = chunk+                     until the input is used up
//   chunk  = raw_len block+             until raw_len bytes are decoded
//   block  = comp_len payload           one raw LZ4 block / LZO1X stream
//
//   0         4          8                  8+c1       12+c1
//   +---------+----------+==================+----------+==========+---------+
//   | raw_len | comp_len | payload          | comp_len | payload  | raw_len |
//   |         |   = c1   | (c1 bytes)       |   = c2   | (c2)     | (next   |
//   +---------+----------+==================+----------+==========+ chunk)..+
//             <------------ blocks decode to raw_len bytes ------->
//
// Almost every writer puts one block in a chunk, and Arrow reads only that
// shape; Hadoop's BlockCompressorStream splits an input larger than its
// buffer into several blocks under one raw_len, so those are accepted too.
// A page that does not parse this way is decoded as one unframed block
// (older parquet-cpp wrote raw LZ4 under codec 5; fastparquet and others
// write raw LZO1X).

#ifndef COLCHECK_CODEC_CODEC_H_
#define COLCHECK_CODEC_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace colcheck::codec {

// Parquet CompressionCodec values (parquet.thrift).
inline constexpr int32_t kUncompressed = 0;
inline constexpr int32_t kSnappy = 1;
inline constexpr int32_t kGzip = 2;
inline constexpr int32_t kLzo = 3;
inline constexpr int32_t kBrotli = 4;
inline constexpr int32_t kLz4Hadoop = 5;
inline constexpr int32_t kZstd = 6;
inline constexpr int32_t kLz4Raw = 7;

enum class Outcome : uint8_t {
  kOk,            // Decoded to exactly output.size() bytes.
  kCorrupt,       // The library rejected the stream (detail says why).
  kSizeMismatch,  // Well formed, but decodes to more or fewer bytes than
                  // output.size().
  kUnsupported,   // The codec value is unknown.
};

struct Result {
  Outcome outcome = Outcome::kOk;
  // What the stream decodes to. kOk: output.size(). kSizeMismatch: the real
  // size when it is cheaply known (snappy, zstd, LZ4 blocks, Hadoop
  // framing, fewer bytes for every codec); when the stream is merely known
  // to go on past the buffer (gzip, brotli, LZO, unsized zstd) it is
  // output.size() + 1, read as "more". kCorrupt: bytes decoded before the
  // fault where the library tells, else 0.
  uint64_t produced = 0;
  // Codec 5 input that is not Hadoop-framed and so was decoded (or failed
  // to decode) as one raw LZ4 block; the outcome is that attempt's.
  bool lz4_raw_fallback = false;
  // The same for codec 3 and one bare LZO1X stream.
  bool lzo_raw_fallback = false;
  // GZIP input that is a zlib (RFC 1950) stream: the spec excludes it, but
  // zlib-based readers (Arrow, parquet-mr) accept it, so it decodes.
  bool zlib_wrapped = false;
  std::string detail;  // Library error text, for the diagnostic message.
};

// Payload formats with no framing of their own, as one ORC compression
// chunk holds them (ORCv1.md "Compression"; the ORC CompressionKind in
// parentheses).
enum class RawFormat : uint8_t {
  kDeflate,  // (ZLIB) raw DEFLATE, RFC 1951: no zlib or gzip wrapper.
  kSnappy,   // (SNAPPY) one snappy block: a varint length, then elements.
  kLzo1x,    // (LZO) one LZO1X stream, up to its end-of-stream marker.
  kLz4,      // (LZ4) one LZ4 block, no frame.
  kZstd,     // (ZSTD) one zstd frame; concatenated frames decode as well,
             // since both ORC readers call ZSTD_decompressDCtx.
  kBrotli,   // (BROTLI, Java only) one brotli stream.
};

enum class BoundedOutcome : uint8_t {
  kOk,        // Decoded into the first `produced` bytes of the output.
  kTooLarge,  // Decodes to more than the output holds; nothing is usable.
  kCorrupt,   // The library rejected the stream (detail says why).
};

struct BoundedResult {
  BoundedOutcome outcome = BoundedOutcome::kOk;
  // kOk: the bytes written. kTooLarge: the size the stream declares when
  // it says so before decoding (the snappy prefix, zstd frame headers, a
  // scan of the LZ4 block); otherwise output.size() + 1, read as "more".
  // kCorrupt: 0.
  uint64_t produced = 0;
  // kOk: the input bytes the stream took. Fewer than input.size() means
  // bytes after the end of the stream, which the library ignored (DEFLATE,
  // LZO, brotli; the other formats reject them as kCorrupt).
  uint64_t consumed = 0;
  std::string detail;
};

// Holds the reusable library contexts (zstd DCtx, libdeflate decompressor),
// so validating thousands of pages does not allocate per page. Not
// thread-safe: use one per validation.
//
// Memory: nothing is allocated in proportion to the input or to what a
// stream claims; the caller bounds output.size(). The libraries keep
// constant state, except that brotli (which has no reset, so gets a fresh
// decoder per page) may grow its ring buffer up to its window, at most
// 16 MiB since large windows stay disabled.
class Decompressor {
 public:
  Decompressor();
  ~Decompressor();
  Decompressor(const Decompressor&) = delete;
  Decompressor& operator=(const Decompressor&) = delete;

  // Decompresses `input`, compressed with CompressionCodec `codec`, into
  // `output`, whose size is the page's declared uncompressed size. Never
  // writes past `output`; its contents are unspecified unless kOk.
  // UNCOMPRESSED requires input.size() == output.size(). GZIP accepts
  // several concatenated members, and also a zlib (RFC 1950) stream as
  // zlib-based readers do. ZSTD accepts concatenated frames. Bytes after
  // the end of a gzip, zlib, brotli or LZO stream are kCorrupt.
  Result Decompress(int32_t codec, std::span<const std::byte> input,
                    std::span<std::byte> output);

  // Decompresses one unframed `input` of `format` into at most
  // output.size() bytes and says how many it produced; the caller sizes
  // `output` by its bound (an ORC chunk: the compression block size).
  // Never writes past `output`; its contents are unspecified unless kOk.
  // Where the format states its size up front (snappy, zstd) that is
  // checked before any decoding, so a small input claiming a huge output
  // costs nothing.
  BoundedResult DecompressBounded(RawFormat format,
                                  std::span<const std::byte> input,
                                  std::span<std::byte> output);

 private:
  struct Contexts;
  std::unique_ptr<Contexts> contexts_;
};

// CRC-32 with the zlib polynomial, as PageHeader.crc.
uint32_t Crc32(std::span<const std::byte> data);

// XXH64 with seed 0, as Parquet bloom filters hash values.
uint64_t XxHash64(std::span<const std::byte> data);

}  // namespace colcheck::codec

#endif  // COLCHECK_CODEC_CODEC_H_
