// Page compression through snappy, libdeflate, brotli, lz4 and zstd.

#include "page_codecs.h"

#include <brotli/decode.h>
#include <brotli/encode.h>
#include <libdeflate.h>
#include <lz4.h>
#include <snappy-c.h>
#include <zstd.h>

#include <memory>

namespace colcheck::fuzz {
namespace {

// Pages in fuzz inputs are small; a header claiming more is mutated, and
// decoding it would only waste memory.
constexpr size_t kMaxPageSize = 64 << 20;

char* Chars(std::string* s) { return s->data(); }
const char* Chars(std::span<const uint8_t> s) {
  return reinterpret_cast<const char*>(s.data());
}

uint32_t BigEndian32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) << 24 | p[1] << 16 | p[2] << 8 | p[3];
}

void PutBigEndian32(uint32_t v, std::string* out) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out->push_back(static_cast<char>(v >> shift));
  }
}

bool Lz4Block(std::span<const uint8_t> in, size_t size, std::string* out) {
  out->resize(size);
  const int n =
      LZ4_decompress_safe(Chars(in), Chars(out), static_cast<int>(in.size()),
                          static_cast<int>(size));
  return n >= 0 && static_cast<size_t>(n) == size;
}

struct DeflateFree {
  void operator()(libdeflate_decompressor* d) const {
    libdeflate_free_decompressor(d);
  }
  void operator()(libdeflate_compressor* c) const {
    libdeflate_free_compressor(c);
  }
};

}  // namespace

bool CodecSupported(int64_t codec) {
  return codec >= 0 && codec <= 7 && codec != 3;
}

bool Decompress(int64_t codec, std::span<const uint8_t> in, size_t size,
                std::string* out) {
  if (size > kMaxPageSize || in.size() > kMaxPageSize) return false;
  out->clear();
  switch (codec) {
    case 0:
      if (in.size() != size) return false;
      out->assign(Chars(in), in.size());
      return true;
    case 1: {
      size_t n;
      if (snappy_uncompressed_length(Chars(in), in.size(), &n) != SNAPPY_OK ||
          n != size) {
        return false;
      }
      out->resize(n);
      return snappy_uncompress(Chars(in), in.size(), Chars(out), &n) ==
                 SNAPPY_OK &&
             n == size;
    }
    case 2: {
      std::unique_ptr<libdeflate_decompressor, DeflateFree> d(
          libdeflate_alloc_decompressor());
      out->resize(size);
      return d != nullptr && libdeflate_gzip_decompress(
                                 d.get(), in.data(), in.size(), Chars(out),
                                 size, nullptr) == LIBDEFLATE_SUCCESS;
    }
    case 4: {
      out->resize(size);
      size_t n = size;
      return BrotliDecoderDecompress(in.size(), in.data(), &n,
                                     reinterpret_cast<uint8_t*>(Chars(out))) ==
                 BROTLI_DECODER_RESULT_SUCCESS &&
             n == size;
    }
    case kCodecLz4Hadoop:
      // One chunk of one block is what parquet-mr writes; anything else
      // is decoded as the bare block older parquet-cpp wrote.
      if (in.size() >= 8 && BigEndian32(in.data()) == size &&
          BigEndian32(in.data() + 4) == in.size() - 8) {
        return Lz4Block(in.subspan(8), size, out);
      }
      return Lz4Block(in, size, out);
    case 6: {
      out->resize(size);
      const size_t n = ZSTD_decompress(Chars(out), size, in.data(), in.size());
      return !ZSTD_isError(n) && n == size;
    }
    case 7:
      return Lz4Block(in, size, out);
    default:
      return false;
  }
}

bool Compress(int64_t codec, std::span<const uint8_t> in, std::string* out) {
  out->clear();
  switch (codec) {
    case 0:
      out->assign(Chars(in), in.size());
      return true;
    case 1: {
      size_t n = snappy_max_compressed_length(in.size());
      out->resize(n);
      if (snappy_compress(Chars(in), in.size(), Chars(out), &n) != SNAPPY_OK) {
        return false;
      }
      out->resize(n);
      return true;
    }
    case 2: {
      std::unique_ptr<libdeflate_compressor, DeflateFree> c(
          libdeflate_alloc_compressor(6));
      if (c == nullptr) return false;
      out->resize(libdeflate_gzip_compress_bound(c.get(), in.size()));
      const size_t n = libdeflate_gzip_compress(c.get(), in.data(), in.size(),
                                                Chars(out), out->size());
      out->resize(n);
      return n != 0;
    }
    case 4: {
      size_t n = BrotliEncoderMaxCompressedSize(in.size());
      if (n == 0) n = in.size() + 1024;
      out->resize(n);
      if (!BrotliEncoderCompress(5, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC,
                                 in.size(), in.data(), &n,
                                 reinterpret_cast<uint8_t*>(Chars(out)))) {
        return false;
      }
      out->resize(n);
      return true;
    }
    case kCodecLz4Hadoop:
    case 7: {
      std::string block(LZ4_compressBound(static_cast<int>(in.size())), '\0');
      const int n = LZ4_compress_default(Chars(in), block.data(),
                                         static_cast<int>(in.size()),
                                         static_cast<int>(block.size()));
      if (n <= 0 && !in.empty()) return false;
      block.resize(n);
      if (codec == kCodecLz4Hadoop) {
        PutBigEndian32(static_cast<uint32_t>(in.size()), out);
        PutBigEndian32(static_cast<uint32_t>(block.size()), out);
      }
      out->append(block);
      return true;
    }
    case 6: {
      out->resize(ZSTD_compressBound(in.size()));
      const size_t n =
          ZSTD_compress(Chars(out), out->size(), in.data(), in.size(), 3);
      if (ZSTD_isError(n)) return false;
      out->resize(n);
      return true;
    }
    default:
      return false;
  }
}

uint32_t PageCrc(std::span<const uint8_t> body) {
  return libdeflate_crc32(0, body.data(), body.size());
}

}  // namespace colcheck::fuzz
