// Parquet page decompression over the reference libraries; see codec.h for
// the contract and the Hadoop framing.

#include "codec/codec.h"

#include <brotli/decode.h>
#include <libdeflate.h>
#include <lz4.h>
#include <lzo/lzo1x.h>
#include <snappy.h>
#include <xxhash.h>
#include <zstd.h>
#include <zstd_errors.h>

#include <climits>
#include <cstring>
#include <memory>
#include <string>
#include <utility>

namespace colcheck::codec {
namespace {

const uint8_t* Bytes(std::span<const std::byte> s) {
  return reinterpret_cast<const uint8_t*>(s.data());
}
uint8_t* Bytes(std::span<std::byte> s) {
  return reinterpret_cast<uint8_t*>(s.data());
}
const char* Chars(std::span<const std::byte> s) {
  return reinterpret_cast<const char*>(s.data());
}
char* Chars(std::span<std::byte> s) {
  return reinterpret_cast<char*>(s.data());
}

uint32_t LoadU32BE(std::span<const std::byte> s, size_t pos) {
  const uint8_t* p = Bytes(s) + pos;
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 |
         uint32_t{p[3]};
}

std::string Num(uint64_t v) { return std::to_string(v); }

Result Make(Outcome outcome, uint64_t produced, std::string detail) {
  Result r;
  r.outcome = outcome;
  r.produced = produced;
  r.detail = std::move(detail);
  return r;
}

Result Ok(uint64_t produced) { return Make(Outcome::kOk, produced, ""); }

Result Corrupt(std::string detail, uint64_t produced = 0) {
  return Make(Outcome::kCorrupt, produced, std::move(detail));
}

Result Mismatch(uint64_t produced, std::string detail) {
  return Make(Outcome::kSizeMismatch, produced, std::move(detail));
}

// Several libraries report "the output buffer is full and the stream goes
// on" without saying how far; codec.h documents this value as "more".
Result TooLarge(std::span<std::byte> out, const char* what) {
  return Mismatch(uint64_t{out.size()} + 1,
                  std::string(what) + " decodes to more than the declared " +
                      Num(out.size()) + " bytes");
}

Result Fewer(uint64_t produced, std::span<std::byte> out, const char* what) {
  return Mismatch(produced, std::string(what) + " decodes to " + Num(produced) +
                                " bytes, not the declared " + Num(out.size()));
}

// ---------------------------------------------------------------- snappy

Result DecodeSnappy(std::span<const std::byte> in, std::span<std::byte> out) {
  size_t length = 0;
  if (!snappy::GetUncompressedLength(Chars(in), in.size(), &length)) {
    return Corrupt(
        "snappy: the leading uncompressed-length varint is missing "
        "or malformed");
  }
  if (length != out.size()) {
    // The length prefix alone proves nothing about the rest; validating
    // walks the stream without writing, so a bad stream is not reported as
    // a mere size mismatch.
    if (!snappy::IsValidCompressedBuffer(Chars(in), in.size())) {
      return Corrupt("snappy: malformed stream (declaring " + Num(length) +
                     " bytes)");
    }
    return Fewer(length, out, "snappy stream");
  }
  // The prefix equals out.size() and the library writes no more than the
  // prefix, so the buffer cannot overflow.
  if (!snappy::RawUncompress(Chars(in), in.size(), Chars(out))) {
    return Corrupt("snappy: malformed stream");
  }
  return Ok(out.size());
}

// ---------------------------------------------------------------- gzip

bool IsGzipMagic(std::span<const std::byte> in) {
  return in.size() >= 2 && Bytes(in)[0] == 0x1f && Bytes(in)[1] == 0x8b;
}

// RFC 1950 header: deflate method, window at most 32 KiB, check bits.
bool IsZlibHeader(std::span<const std::byte> in) {
  if (in.size() < 2) return false;
  const unsigned cmf = Bytes(in)[0];
  const unsigned flg = Bytes(in)[1];
  return (cmf & 0x0f) == 8 && (cmf >> 4) <= 7 && (cmf * 256 + flg) % 31 == 0;
}

const char* DeflateError(libdeflate_result r) {
  switch (r) {
    case LIBDEFLATE_BAD_DATA:
      return "bad header, deflate data or checksum";
    case LIBDEFLATE_SHORT_OUTPUT:
      return "short output";
    case LIBDEFLATE_INSUFFICIENT_SPACE:
      return "insufficient output space";
    default:
      return "unknown error";
  }
}

Result DecodeZlib(libdeflate_decompressor* d, std::span<const std::byte> in,
                  std::span<std::byte> out) {
  size_t in_used = 0;
  size_t out_used = 0;
  const libdeflate_result r = libdeflate_zlib_decompress_ex(
      d, in.data(), in.size(), out.data(), out.size(), &in_used, &out_used);
  if (r == LIBDEFLATE_INSUFFICIENT_SPACE) return TooLarge(out, "zlib stream");
  if (r != LIBDEFLATE_SUCCESS) {
    return Corrupt(std::string("zlib: ") + DeflateError(r));
  }
  if (in_used != in.size()) {
    return Corrupt("zlib: " + Num(in.size() - in_used) +
                       " bytes after the end of the stream",
                   out_used);
  }
  if (out_used != out.size()) return Fewer(out_used, out, "zlib stream");
  return Ok(out_used);
}

Result DecodeGzip(libdeflate_decompressor* d, std::span<const std::byte> in,
                  std::span<std::byte> out) {
  // Readers built on zlib inflate with windowBits|32 and so take either
  // wrapper; rejecting zlib here would fail pages every such reader reads.
  if (!IsGzipMagic(in) && IsZlibHeader(in)) {
    Result r = DecodeZlib(d, in, out);
    r.zlib_wrapped = true;
    return r;
  }
  size_t in_pos = 0;
  size_t out_pos = 0;
  uint64_t members = 0;
  // The spec asks readers to accept several members; each is checked
  // (CRC-32, ISIZE) by libdeflate on its own.
  do {
    size_t in_used = 0;
    size_t out_used = 0;
    const libdeflate_result r = libdeflate_gzip_decompress_ex(
        d, in.data() + in_pos, in.size() - in_pos, out.data() + out_pos,
        out.size() - out_pos, &in_used, &out_used);
    if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {
      return TooLarge(out, "gzip stream");
    }
    if (r != LIBDEFLATE_SUCCESS) {
      if (members == 0) return Corrupt(std::string("gzip: ") + DeflateError(r));
      return Corrupt("gzip: the " + Num(in.size() - in_pos) +
                         " bytes at offset " + Num(in_pos) + ", after " +
                         Num(members) + " member(s), are not a gzip member (" +
                         DeflateError(r) + ")",
                     out_pos);
    }
    in_pos += in_used;
    out_pos += out_used;
    ++members;
  } while (in_pos < in.size());
  if (out_pos != out.size()) return Fewer(out_pos, out, "gzip stream");
  return Ok(out_pos);
}

// ---------------------------------------------------------------- LZ4

// Walks an LZ4 block's sequences (lz4_Block_format.md) without writing
// anything, to learn the size it decodes to. liblz4 answers only "failed"
// when a block would overflow the buffer, and this is what tells a block
// that is merely larger than declared from a corrupt one, in constant
// memory.
struct Lz4Scan {
  bool well_formed = false;
  uint64_t size = 0;
  std::string why;  // When not well formed.
};

Lz4Scan ScanLz4Block(std::span<const std::byte> in) {
  const uint8_t* p = Bytes(in);
  const size_t n = in.size();
  size_t pos = 0;
  Lz4Scan scan;
  // A nibble of 15 continues in bytes of 255 until a smaller one.
  auto length = [&](uint64_t nibble, uint64_t* out) {
    uint64_t len = nibble;
    if (nibble == 15) {
      uint8_t b = 0;
      do {
        if (pos >= n) return false;
        b = p[pos++];
        len += b;
      } while (b == 255);
    }
    *out = len;
    return true;
  };
  if (n == 0) {
    scan.why = "empty input (an empty LZ4 block is the single byte 0x00)";
    return scan;
  }
  while (true) {
    if (pos >= n) {
      scan.why = "ends after a match; the last sequence must be literals";
      return scan;
    }
    const size_t token_at = pos;
    const uint8_t token = p[pos++];
    uint64_t literals = 0;
    if (!length(token >> 4, &literals) || literals > n - pos) {
      scan.why = "literals of the sequence at byte " + Num(token_at) +
                 " run past the end of the input";
      return scan;
    }
    pos += literals;
    scan.size += literals;
    if (pos == n) {
      scan.well_formed = true;
      return scan;
    }
    if (n - pos < 2) {
      scan.why = "match offset at byte " + Num(pos) + " is truncated";
      return scan;
    }
    const uint64_t offset = uint64_t{p[pos]} | uint64_t{p[pos + 1]} << 8;
    pos += 2;
    if (offset == 0 || offset > scan.size) {
      scan.why = "match offset " + Num(offset) + " at byte " + Num(pos - 2) +
                 " points before the start of the output";
      return scan;
    }
    uint64_t match = 0;
    if (!length(token & 15, &match)) {
      scan.why = "match length at byte " + Num(token_at) + " is truncated";
      return scan;
    }
    scan.size += match + 4;  // LZ4's minimum match is 4 bytes.
  }
}

bool FitsLz4(std::span<const std::byte> in, std::span<std::byte> out) {
  return in.size() <= LZ4_MAX_INPUT_SIZE && out.size() <= INT_MAX;
}

// Codec 7, and codec 5 without Hadoop framing.
Result DecodeLz4Block(std::span<const std::byte> in, std::span<std::byte> out) {
  if (!FitsLz4(in, out)) {
    return Corrupt("LZ4: " + Num(in.size()) + " -> " + Num(out.size()) +
                   " bytes exceeds what liblz4 decodes in one block");
  }
  const int n =
      LZ4_decompress_safe(Chars(in), Chars(out), static_cast<int>(in.size()),
                          static_cast<int>(out.size()));
  if (n >= 0) {
    if (static_cast<uint64_t>(n) == out.size()) return Ok(out.size());
    return Fewer(static_cast<uint64_t>(n), out, "LZ4 block");
  }
  const Lz4Scan scan = ScanLz4Block(in);
  if (scan.well_formed && scan.size > out.size()) {
    return Mismatch(scan.size, "LZ4 block decodes to " + Num(scan.size) +
                                   " bytes, not the declared " +
                                   Num(out.size()));
  }
  return Corrupt("LZ4: liblz4 rejects the block at input byte " +
                 Num(static_cast<uint64_t>(-(n + 1))) +
                 (scan.well_formed ? std::string(" (its end is malformed)")
                                   : " (" + scan.why + ")"));
}

// ---------------------------------------------------------------- Hadoop

// Decodes one Hadoop block payload into `out`, the room left in its chunk.
// Returns the bytes produced, or -1 with `why` set.
using BlockDecoder = int64_t (*)(std::span<const std::byte> in,
                                 std::span<std::byte> out, std::string* why);

int64_t DecodeLz4HadoopBlock(std::span<const std::byte> in,
                             std::span<std::byte> out, std::string* why) {
  if (!FitsLz4(in, out)) {
    *why = "block too large for liblz4";
    return -1;
  }
  const int n =
      LZ4_decompress_safe(Chars(in), Chars(out), static_cast<int>(in.size()),
                          static_cast<int>(out.size()));
  if (n < 0) {
    *why = "liblz4 rejects it, or it overflows its chunk";
    return -1;
  }
  return n;
}

enum class Framing { kDecoded, kSizeMismatch, kNotFramed };

struct FramingResult {
  Framing framing = Framing::kNotFramed;
  uint64_t produced = 0;
  std::string why;
};

FramingResult NotFramed(std::string why) {
  return {Framing::kNotFramed, 0, std::move(why)};
}

// A chunk declares more than the buffer holds, so it cannot be decoded.
// Whether the remaining headers chain exactly to the end of the input (one
// block per chunk, the shape every known writer uses) tells a framed page
// of the wrong size from input in some other format.
FramingResult ScanOversizedChunks(std::span<const std::byte> in, size_t pos,
                                  uint64_t produced) {
  const size_t start = pos;
  while (pos < in.size()) {
    if (in.size() - pos < 8) break;
    const uint64_t raw_len = LoadU32BE(in, pos);
    const uint64_t comp_len = LoadU32BE(in, pos + 4);
    if (comp_len > in.size() - pos - 8) break;
    pos += 8 + comp_len;
    produced += raw_len;
  }
  if (pos == in.size()) return {Framing::kSizeMismatch, produced, ""};
  return NotFramed("chunk at offset " + Num(start) +
                   " declares more bytes than the page holds");
}

FramingResult DecodeHadoopFramed(std::span<const std::byte> in,
                                 std::span<std::byte> out,
                                 BlockDecoder decode) {
  size_t pos = 0;
  uint64_t total = 0;
  while (pos < in.size()) {
    const size_t chunk_at = pos;
    if (in.size() - pos < 4) {
      return NotFramed("truncated chunk header at offset " + Num(pos));
    }
    const uint64_t raw_len = LoadU32BE(in, pos);
    pos += 4;
    if (raw_len > out.size() - total) {
      return ScanOversizedChunks(in, chunk_at, total);
    }
    uint64_t chunk_done = 0;
    // Every chunk has at least one block, even with raw_len 0, as Hadoop's
    // compressor writes it; each block costs 4 input bytes, so this ends.
    do {
      if (in.size() - pos < 4) {
        return NotFramed("truncated block header at offset " + Num(pos));
      }
      const uint64_t comp_len = LoadU32BE(in, pos);
      pos += 4;
      if (comp_len > in.size() - pos) {
        return NotFramed("block at offset " + Num(pos - 4) + " declares " +
                         Num(comp_len) + " bytes, past the end of the page");
      }
      std::string why;
      const int64_t n =
          decode(in.subspan(pos, comp_len),
                 out.subspan(total + chunk_done, raw_len - chunk_done), &why);
      if (n < 0) {
        return NotFramed("block at offset " + Num(pos - 4) + ": " + why);
      }
      chunk_done += static_cast<uint64_t>(n);
      pos += comp_len;
    } while (chunk_done < raw_len);
    total += raw_len;
  }
  if (total != out.size()) return {Framing::kSizeMismatch, total, ""};
  return {Framing::kDecoded, total, ""};
}

// Codec 5: Hadoop framing first, as parquet-mr writes it and Arrow reads
// it, then the raw block older parquet-cpp wrote.
Result DecodeLz4Hadoop(std::span<const std::byte> in,
                       std::span<std::byte> out) {
  const FramingResult framed =
      DecodeHadoopFramed(in, out, &DecodeLz4HadoopBlock);
  if (framed.framing == Framing::kDecoded) return Ok(framed.produced);
  Result raw = DecodeLz4Block(in, out);
  if (raw.outcome != Outcome::kOk && framed.framing == Framing::kSizeMismatch) {
    return Mismatch(framed.produced,
                    "Hadoop-framed LZ4 decodes to " + Num(framed.produced) +
                        " bytes, not the declared " + Num(out.size()));
  }
  raw.lz4_raw_fallback = true;
  if (raw.outcome != Outcome::kOk) {
    raw.detail = "not Hadoop-framed (" + framed.why +
                 "); as one raw block: " + raw.detail;
  }
  return raw;
}

// ---------------------------------------------------------------- LZO

bool LzoReady() {
  static const bool ready = lzo_init() == LZO_E_OK;
  return ready;
}

const char* LzoError(int r) {
  switch (r) {
    case LZO_E_INPUT_OVERRUN:
      return "input overrun (truncated stream)";
    case LZO_E_OUTPUT_OVERRUN:
      return "output overrun";
    case LZO_E_LOOKBEHIND_OVERRUN:
      return "lookbehind overrun (match before the start of the output)";
    case LZO_E_EOF_NOT_FOUND:
      return "no end-of-stream marker";
    case LZO_E_INPUT_NOT_CONSUMED:
      return "bytes after the end-of-stream marker";
    default:
      return "malformed stream";
  }
}

int64_t DecodeLzoHadoopBlock(std::span<const std::byte> in,
                             std::span<std::byte> out, std::string* why) {
  // liblzo reads the first byte before checking the length.
  if (in.empty()) {
    *why = "empty LZO1X block";
    return -1;
  }
  lzo_uint out_len = out.size();
  const int r = lzo1x_decompress_safe(Bytes(in), in.size(), Bytes(out),
                                      &out_len, nullptr);
  if (r != LZO_E_OK) {
    *why = std::string("liblzo2: ") + LzoError(r);
    return -1;
  }
  return static_cast<int64_t>(out_len);
}

Result DecodeLzoRaw(std::span<const std::byte> in, std::span<std::byte> out) {
  if (in.empty()) return Corrupt("LZO: empty input");
  lzo_uint out_len = out.size();
  const int r = lzo1x_decompress_safe(Bytes(in), in.size(), Bytes(out),
                                      &out_len, nullptr);
  switch (r) {
    case LZO_E_OK:
      if (out_len != out.size()) return Fewer(out_len, out, "LZO1X stream");
      return Ok(out_len);
    case LZO_E_OUTPUT_OVERRUN:
      return TooLarge(out, "LZO1X stream");
    default:
      return Corrupt(std::string("liblzo2: ") + LzoError(r));
  }
}

// Codec 3. parquet-mr compresses through hadoop-lzo's LzoCodec, whose
// BlockCompressorStream writes the same framing as Hadoop LZ4; Arrow has no
// LZO, and other writers (fastparquet, Velox's reader fallback) use a bare
// LZO1X stream. So: framing first, bare stream second.
Result DecodeLzo(std::span<const std::byte> in, std::span<std::byte> out) {
  if (!LzoReady()) return Corrupt("liblzo2 failed to initialise");
  const FramingResult framed =
      DecodeHadoopFramed(in, out, &DecodeLzoHadoopBlock);
  if (framed.framing == Framing::kDecoded) return Ok(framed.produced);
  Result raw = DecodeLzoRaw(in, out);
  if (raw.outcome != Outcome::kOk && framed.framing == Framing::kSizeMismatch) {
    return Mismatch(framed.produced,
                    "Hadoop-framed LZO decodes to " + Num(framed.produced) +
                        " bytes, not the declared " + Num(out.size()));
  }
  raw.lzo_raw_fallback = true;
  if (raw.outcome != Outcome::kOk) {
    raw.detail = "not Hadoop-framed (" + framed.why +
                 "); as one LZO1X stream: " + raw.detail;
  }
  return raw;
}

// ---------------------------------------------------------------- brotli

Result DecodeBrotli(std::span<const std::byte> in, std::span<std::byte> out) {
  // Brotli has no reset, so a state cannot be reused across pages.
  std::unique_ptr<BrotliDecoderState, decltype(&BrotliDecoderDestroyInstance)>
      state(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr),
            &BrotliDecoderDestroyInstance);
  if (state == nullptr) return Corrupt("brotli: cannot allocate a decoder");
  // The library rejects null pointers even for zero lengths.
  uint8_t empty = 0;
  size_t avail_in = in.size();
  const uint8_t* next_in = in.empty() ? &empty : Bytes(in);
  size_t avail_out = out.size();
  uint8_t* next_out = out.empty() ? &empty : Bytes(out);
  const BrotliDecoderResult r = BrotliDecoderDecompressStream(
      state.get(), &avail_in, &next_in, &avail_out, &next_out, nullptr);
  const uint64_t produced = out.size() - avail_out;
  switch (r) {
    case BROTLI_DECODER_RESULT_SUCCESS:
      if (avail_in != 0) {
        return Corrupt(
            "brotli: " + Num(avail_in) + " bytes after the end of the stream",
            produced);
      }
      if (produced != out.size()) return Fewer(produced, out, "brotli stream");
      return Ok(produced);
    case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
      return Corrupt("brotli: the stream is truncated", produced);
    case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
      return TooLarge(out, "brotli stream");
    default:
      return Corrupt(
          std::string("brotli: ") +
              BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state.get())),
          produced);
  }
}

// ---------------------------------------------------------------- zstd

Result DecodeZstd(ZSTD_DCtx* dctx, std::span<const std::byte> in,
                  std::span<std::byte> out) {
  // Frame headers usually state their content size. Walking them (frame
  // and block headers only) rejects an oversized page before any work;
  // frames without a size, or broken ones, are left to the decoder.
  uint64_t declared = 0;
  for (size_t pos = 0; pos < in.size();) {
    const std::span<const std::byte> rest = in.subspan(pos);
    const unsigned long long frame_size =
        ZSTD_getFrameContentSize(rest.data(), rest.size());
    if (frame_size == ZSTD_CONTENTSIZE_UNKNOWN ||
        frame_size == ZSTD_CONTENTSIZE_ERROR) {
      break;
    }
    declared += frame_size;
    if (declared > out.size()) {
      return Mismatch(declared,
                      "zstd frames declare at least " + Num(declared) +
                          " bytes, not the declared " + Num(out.size()));
    }
    const size_t frame_bytes =
        ZSTD_findFrameCompressedSize(rest.data(), rest.size());
    if (ZSTD_isError(frame_bytes)) break;
    pos += frame_bytes;
  }
  const size_t r =
      ZSTD_decompressDCtx(dctx, out.data(), out.size(), in.data(), in.size());
  if (ZSTD_isError(r)) {
    if (ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall) {
      return TooLarge(out, "zstd stream");
    }
    return Corrupt(std::string("zstd: ") + ZSTD_getErrorName(r));
  }
  if (r != out.size()) return Fewer(r, out, "zstd stream");
  return Ok(r);
}

// ---------------------------------------------------------------- bounded
// Unframed payloads decoded into at most output.size() bytes (ORC chunks).

BoundedResult BoundedOk(uint64_t produced, uint64_t consumed) {
  BoundedResult r;
  r.produced = produced;
  r.consumed = consumed;
  return r;
}

BoundedResult BoundedTooLarge(uint64_t produced, std::string detail) {
  BoundedResult r;
  r.outcome = BoundedOutcome::kTooLarge;
  r.produced = produced;
  r.detail = std::move(detail);
  return r;
}

// The stream goes on past the buffer, and the library does not say how far.
BoundedResult BoundedMore(std::span<std::byte> out, const char* what) {
  return BoundedTooLarge(uint64_t{out.size()} + 1,
                         std::string(what) + " decodes to more than " +
                             Num(out.size()) + " bytes");
}

BoundedResult BoundedCorrupt(std::string detail) {
  BoundedResult r;
  r.outcome = BoundedOutcome::kCorrupt;
  r.detail = std::move(detail);
  return r;
}

BoundedResult BoundedDeflate(libdeflate_decompressor* d,
                             std::span<const std::byte> in,
                             std::span<std::byte> out) {
  size_t in_used = 0;
  size_t out_used = 0;
  // With both counts requested libdeflate accepts a stream that ends early
  // in either buffer and says where it ended (byte-aligned).
  const libdeflate_result r = libdeflate_deflate_decompress_ex(
      d, in.data(), in.size(), out.data(), out.size(), &in_used, &out_used);
  if (r == LIBDEFLATE_INSUFFICIENT_SPACE) {
    return BoundedMore(out, "DEFLATE stream");
  }
  if (r != LIBDEFLATE_SUCCESS) {
    return BoundedCorrupt(std::string("DEFLATE: ") + DeflateError(r));
  }
  return BoundedOk(out_used, in_used);
}

BoundedResult BoundedSnappy(std::span<const std::byte> in,
                            std::span<std::byte> out) {
  size_t length = 0;
  if (!snappy::GetUncompressedLength(Chars(in), in.size(), &length)) {
    return BoundedCorrupt(
        "snappy: the leading uncompressed-length varint is missing or "
        "malformed");
  }
  // The prefix is what readers check against the block size (C++:
  // "Snappy length exceeds block size"), before decoding anything.
  if (length > out.size()) {
    return BoundedTooLarge(length, "snappy block declares " + Num(length) +
                                       " bytes, more than " + Num(out.size()));
  }
  // snappy writes exactly the prefix's length, which fits.
  if (!snappy::RawUncompress(Chars(in), in.size(), Chars(out))) {
    return BoundedCorrupt("snappy: malformed block (declaring " + Num(length) +
                          " bytes)");
  }
  return BoundedOk(length, in.size());
}

int LzoDecode(std::span<const std::byte> in, std::span<std::byte> out,
              lzo_uint* out_len) {
  *out_len = out.size();
  return lzo1x_decompress_safe(Bytes(in), in.size(), Bytes(out), out_len,
                               nullptr);
}

// liblzo2 says there are bytes after the end-of-stream marker but not where
// the marker ends. The safe decoder reads its input strictly in order and
// fails with an input overrun on any prefix shorter than the stream, while
// every longer prefix decodes, so the shortest prefix that decodes is the
// stream: a binary search of at most 23 decodes for an ORC chunk.
uint64_t LzoStreamLength(std::span<const std::byte> in,
                         std::span<std::byte> out) {
  uint64_t lo = 1;
  uint64_t hi = in.size();
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    lzo_uint n = 0;
    const int r = LzoDecode(in.first(mid), out, &n);
    if (r == LZO_E_OK || r == LZO_E_INPUT_NOT_CONSUMED) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return hi;
}

BoundedResult BoundedLzo(std::span<const std::byte> in,
                         std::span<std::byte> out) {
  if (!LzoReady()) return BoundedCorrupt("liblzo2 failed to initialise");
  lzo_uint n = 0;
  const int r = LzoDecode(in, out, &n);
  switch (r) {
    case LZO_E_OK:
      return BoundedOk(n, in.size());
    case LZO_E_OUTPUT_OVERRUN:
      return BoundedMore(out, "LZO1X stream");
    case LZO_E_INPUT_NOT_CONSUMED: {
      const uint64_t consumed = LzoStreamLength(in, out);
      // The search decoded shorter prefixes into `out`; decode the stream
      // once more so the output is certainly its own.
      if (LzoDecode(in.first(consumed), out, &n) != LZO_E_OK) {
        return BoundedCorrupt("liblzo2: the stream's end cannot be located");
      }
      return BoundedOk(n, consumed);
    }
    default:
      return BoundedCorrupt(std::string("liblzo2: ") + LzoError(r));
  }
}

BoundedResult BoundedLz4(std::span<const std::byte> in,
                         std::span<std::byte> out) {
  if (!FitsLz4(in, out)) {
    return BoundedCorrupt("LZ4: " + Num(in.size()) + " -> " + Num(out.size()) +
                          " bytes exceeds what liblz4 decodes in one block");
  }
  const int n =
      LZ4_decompress_safe(Chars(in), Chars(out), static_cast<int>(in.size()),
                          static_cast<int>(out.size()));
  if (n >= 0) return BoundedOk(static_cast<uint64_t>(n), in.size());
  // liblz4 answers only "failed"; the scan tells a block that is merely
  // too large from a corrupt one.
  const Lz4Scan scan = ScanLz4Block(in);
  if (scan.well_formed && scan.size > out.size()) {
    return BoundedTooLarge(scan.size, "LZ4 block decodes to " + Num(scan.size) +
                                          " bytes, more than " +
                                          Num(out.size()));
  }
  return BoundedCorrupt("LZ4: liblz4 rejects the block at input byte " +
                        Num(static_cast<uint64_t>(-(n + 1))) +
                        (scan.well_formed
                             ? std::string(" (its end is malformed)")
                             : " (" + scan.why + ")"));
}

BoundedResult BoundedZstd(ZSTD_DCtx* dctx, std::span<const std::byte> in,
                          std::span<std::byte> out) {
  // Frame headers state their content size when the writer knew it (ORC
  // writers do): rejecting an oversized chunk from the headers costs
  // nothing. A header that does not parse is the decoder's to report.
  uint64_t declared = 0;
  for (size_t pos = 0; pos < in.size();) {
    const std::span<const std::byte> rest = in.subspan(pos);
    const unsigned long long frame_size =
        ZSTD_getFrameContentSize(rest.data(), rest.size());
    if (frame_size == ZSTD_CONTENTSIZE_UNKNOWN ||
        frame_size == ZSTD_CONTENTSIZE_ERROR) {
      break;
    }
    if (frame_size > out.size() - declared) {
      return BoundedTooLarge(declared + frame_size,
                             "zstd frame header declares " +
                                 Num(declared + frame_size) +
                                 " bytes, more than " + Num(out.size()));
    }
    declared += frame_size;
    const size_t frame_bytes =
        ZSTD_findFrameCompressedSize(rest.data(), rest.size());
    if (ZSTD_isError(frame_bytes)) break;
    pos += frame_bytes;
  }
  const size_t r =
      ZSTD_decompressDCtx(dctx, out.data(), out.size(), in.data(), in.size());
  if (ZSTD_isError(r)) {
    if (ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall) {
      return BoundedMore(out, "zstd frame");
    }
    return BoundedCorrupt(std::string("zstd: ") + ZSTD_getErrorName(r));
  }
  return BoundedOk(r, in.size());
}

BoundedResult BoundedBrotli(std::span<const std::byte> in,
                            std::span<std::byte> out) {
  std::unique_ptr<BrotliDecoderState, decltype(&BrotliDecoderDestroyInstance)>
      state(BrotliDecoderCreateInstance(nullptr, nullptr, nullptr),
            &BrotliDecoderDestroyInstance);
  if (state == nullptr) {
    return BoundedCorrupt("brotli: cannot allocate a decoder");
  }
  uint8_t empty = 0;
  size_t avail_in = in.size();
  const uint8_t* next_in = Bytes(in);
  size_t avail_out = out.size();
  uint8_t* next_out = out.empty() ? &empty : Bytes(out);
  const BrotliDecoderResult r = BrotliDecoderDecompressStream(
      state.get(), &avail_in, &next_in, &avail_out, &next_out, nullptr);
  switch (r) {
    case BROTLI_DECODER_RESULT_SUCCESS:
      return BoundedOk(out.size() - avail_out, in.size() - avail_in);
    case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
      return BoundedCorrupt("brotli: the stream is truncated");
    case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
      return BoundedMore(out, "brotli stream");
    default:
      return BoundedCorrupt(
          std::string("brotli: ") +
          BrotliDecoderErrorString(BrotliDecoderGetErrorCode(state.get())));
  }
}

}  // namespace

struct Decompressor::Contexts {
  // Created on first use, so files without these codecs allocate nothing.
  ZSTD_DCtx* zstd = nullptr;
  libdeflate_decompressor* deflate = nullptr;

  ~Contexts() {
    ZSTD_freeDCtx(zstd);
    if (deflate != nullptr) libdeflate_free_decompressor(deflate);
  }
};

Decompressor::Decompressor() : contexts_(std::make_unique<Contexts>()) {}
Decompressor::~Decompressor() = default;

Result Decompressor::Decompress(int32_t codec, std::span<const std::byte> input,
                                std::span<std::byte> output) {
  switch (codec) {
    case kUncompressed:
      if (input.size() != output.size()) {
        return Mismatch(input.size(),
                        "uncompressed page has " + Num(input.size()) +
                            " bytes, not the declared " + Num(output.size()));
      }
      if (!input.empty())
        std::memcpy(output.data(), input.data(), input.size());
      return Ok(output.size());
    case kSnappy:
      return DecodeSnappy(input, output);
    case kGzip:
      if (contexts_->deflate == nullptr) {
        contexts_->deflate = libdeflate_alloc_decompressor();
        if (contexts_->deflate == nullptr) {
          return Corrupt("libdeflate: cannot allocate a decompressor");
        }
      }
      return DecodeGzip(contexts_->deflate, input, output);
    case kLzo:
      return DecodeLzo(input, output);
    case kBrotli:
      return DecodeBrotli(input, output);
    case kLz4Hadoop:
      return DecodeLz4Hadoop(input, output);
    case kZstd:
      if (contexts_->zstd == nullptr) {
        contexts_->zstd = ZSTD_createDCtx();
        if (contexts_->zstd == nullptr) {
          return Corrupt("zstd: cannot allocate a context");
        }
      }
      return DecodeZstd(contexts_->zstd, input, output);
    case kLz4Raw:
      return DecodeLz4Block(input, output);
    default: {
      Result r;
      r.outcome = Outcome::kUnsupported;
      r.detail = "unknown compression codec " + std::to_string(codec);
      return r;
    }
  }
}

BoundedResult Decompressor::DecompressBounded(RawFormat format,
                                              std::span<const std::byte> input,
                                              std::span<std::byte> output) {
  // No format encodes a stream in zero bytes, and several libraries read
  // their first byte before looking at the length.
  if (input.empty()) return BoundedCorrupt("empty input");
  // Some libraries reject a null output pointer even for no room.
  std::byte no_room{0};
  if (output.empty()) output = std::span<std::byte>(&no_room, 0);
  switch (format) {
    case RawFormat::kDeflate:
      if (contexts_->deflate == nullptr) {
        contexts_->deflate = libdeflate_alloc_decompressor();
        if (contexts_->deflate == nullptr) {
          return BoundedCorrupt("libdeflate: cannot allocate a decompressor");
        }
      }
      return BoundedDeflate(contexts_->deflate, input, output);
    case RawFormat::kSnappy:
      return BoundedSnappy(input, output);
    case RawFormat::kLzo1x:
      return BoundedLzo(input, output);
    case RawFormat::kLz4:
      return BoundedLz4(input, output);
    case RawFormat::kZstd:
      if (contexts_->zstd == nullptr) {
        contexts_->zstd = ZSTD_createDCtx();
        if (contexts_->zstd == nullptr) {
          return BoundedCorrupt("zstd: cannot allocate a context");
        }
      }
      return BoundedZstd(contexts_->zstd, input, output);
    case RawFormat::kBrotli:
      return BoundedBrotli(input, output);
  }
  return BoundedCorrupt("unknown raw format");
}

uint32_t Crc32(std::span<const std::byte> data) {
  return libdeflate_crc32(0, data.data(), data.size());
}

uint64_t XxHash64(std::span<const std::byte> data) {
  return XXH64(data.data(), data.size(), 0);
}

}  // namespace colcheck::codec
