// The compressors tests use to make the inputs the validator's codecs
// decode: one function per format a writer emits, each the raw stream
// (no Parquet or ORC framing; tests add that). The libraries are the
// ones the codecs link, plus brotlienc (ColcheckCodecs::test_libs).

#ifndef COLCHECK_TESTING_COMPRESSORS_H_
#define COLCHECK_TESTING_COMPRESSORS_H_

#include <brotli/encode.h>
#include <gtest/gtest.h>
#include <libdeflate.h>
#include <lz4.h>
#include <lzo/lzo1x.h>
#include <snappy.h>
#include <zstd.h>

#include <cstddef>
#include <cstdint>
#include <vector>

#include "testing/bytes.h"

namespace colcheck::testing {

inline Bytes SnappyCompress(const Bytes& in) {
  Bytes out(snappy::MaxCompressedLength(in.size()));
  size_t n = 0;
  snappy::RawCompress(reinterpret_cast<const char*>(in.data()), in.size(),
                      reinterpret_cast<char*>(out.data()), &n);
  out.resize(n);
  return out;
}

enum class DeflateFormat { kRaw, kZlib, kGzip };

// DEFLATE (RFC 1951) raw, or in a zlib (RFC 1950) or gzip (RFC 1952)
// wrapper.
inline Bytes DeflateCompress(const Bytes& in,
                             DeflateFormat format = DeflateFormat::kRaw) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(6);
  Bytes out(libdeflate_gzip_compress_bound(c, in.size()) + 16);
  size_t n = 0;
  switch (format) {
    case DeflateFormat::kRaw:
      n = libdeflate_deflate_compress(c, in.data(), in.size(), out.data(),
                                      out.size());
      break;
    case DeflateFormat::kZlib:
      n = libdeflate_zlib_compress(c, in.data(), in.size(), out.data(),
                                   out.size());
      break;
    case DeflateFormat::kGzip:
      n = libdeflate_gzip_compress(c, in.data(), in.size(), out.data(),
                                   out.size());
      break;
  }
  libdeflate_free_compressor(c);
  EXPECT_NE(n, 0u);
  out.resize(n);
  return out;
}

inline Bytes GzipCompress(const Bytes& in) {
  return DeflateCompress(in, DeflateFormat::kGzip);
}

// LZO1X-1, the block format both Hadoop's codec and ORC use.
inline Bytes LzoCompress(const Bytes& in) {
  static std::vector<unsigned char> work(LZO1X_1_MEM_COMPRESS);
  EXPECT_EQ(lzo_init(), LZO_E_OK);
  Bytes out(in.size() + in.size() / 16 + 64 + 3);
  lzo_uint n = out.size();
  EXPECT_EQ(lzo1x_1_compress(
                reinterpret_cast<const unsigned char*>(in.data()), in.size(),
                reinterpret_cast<unsigned char*>(out.data()), &n, work.data()),
            LZO_E_OK);
  out.resize(n);
  return out;
}

// One LZ4 block (no frame).
inline Bytes Lz4Compress(const Bytes& in) {
  Bytes out(LZ4_compressBound(static_cast<int>(in.size())) + 1);
  const int n = LZ4_compress_default(reinterpret_cast<const char*>(in.data()),
                                     reinterpret_cast<char*>(out.data()),
                                     static_cast<int>(in.size()),
                                     static_cast<int>(out.size()));
  EXPECT_GT(n, 0);
  out.resize(n);
  return out;
}

// A raw Brotli stream.
inline Bytes BrotliCompress(const Bytes& in, int quality = 5) {
  Bytes out(BrotliEncoderMaxCompressedSize(in.size()) + 16);
  size_t n = out.size();
  EXPECT_TRUE(BrotliEncoderCompress(
      quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, in.size(),
      reinterpret_cast<const uint8_t*>(in.data()), &n,
      reinterpret_cast<uint8_t*>(out.data())));
  out.resize(n);
  return out;
}

// One Zstandard frame, with or without the content size and a checksum.
inline Bytes ZstdCompress(const Bytes& in, bool content_size = true,
                          bool checksum = false) {
  ZSTD_CCtx* c = ZSTD_createCCtx();
  ZSTD_CCtx_setParameter(c, ZSTD_c_compressionLevel, 3);
  ZSTD_CCtx_setParameter(c, ZSTD_c_checksumFlag, checksum ? 1 : 0);
  Bytes out(ZSTD_compressBound(in.size()));
  size_t n = 0;
  if (content_size) {
    n = ZSTD_compress2(c, out.data(), out.size(), in.data(), in.size());
  } else {
    // Streaming with no pledged size leaves the content size out.
    ZSTD_CCtx_setParameter(c, ZSTD_c_contentSizeFlag, 0);
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    ZSTD_outBuffer output{out.data(), out.size(), 0};
    n = ZSTD_compressStream2(c, &output, &input, ZSTD_e_end);
    EXPECT_EQ(n, 0u);
    n = output.pos;
  }
  ZSTD_freeCCtx(c);
  EXPECT_FALSE(ZSTD_isError(n));
  out.resize(n);
  return out;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_COMPRESSORS_H_
