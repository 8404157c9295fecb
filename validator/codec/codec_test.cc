#include "codec/codec.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "testing/bytes.h"
#include "testing/compressors.h"

namespace colcheck::codec {
namespace {

using testing::BrotliCompress;
using testing::Bytes;
using testing::Concat;
using testing::DeflateCompress;
using testing::DeflateFormat;
using testing::FromString;
using testing::GzipCompress;
using testing::Lz4Compress;
using testing::LzoCompress;
using testing::Random;
using testing::Repetitive;
using testing::SnappyCompress;
using testing::ZstdCompress;

void AppendU32BE(Bytes* out, uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) {
    out->push_back(static_cast<std::byte>(v >> shift));
  }
}

// One Hadoop chunk per element of `chunks`, each one block.
Bytes HadoopFrame(const std::vector<Bytes>& chunks,
                  Bytes (*block)(const Bytes&)) {
  Bytes out;
  for (const Bytes& c : chunks) {
    const Bytes b = block(c);
    AppendU32BE(&out, static_cast<uint32_t>(c.size()));
    AppendU32BE(&out, static_cast<uint32_t>(b.size()));
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

// One Hadoop chunk holding several blocks, as BlockCompressorStream writes
// an input larger than its buffer.
Bytes HadoopMultiBlockChunk(const std::vector<Bytes>& pieces,
                            Bytes (*block)(const Bytes&)) {
  Bytes out;
  uint32_t total = 0;
  for (const Bytes& p : pieces) total += static_cast<uint32_t>(p.size());
  AppendU32BE(&out, total);
  for (const Bytes& p : pieces) {
    const Bytes b = block(p);
    AppendU32BE(&out, static_cast<uint32_t>(b.size()));
    out.insert(out.end(), b.begin(), b.end());
  }
  return out;
}

Bytes Compress(int32_t codec, const Bytes& in) {
  switch (codec) {
    case kUncompressed:
      return in;
    case kSnappy:
      return SnappyCompress(in);
    case kGzip:
      return GzipCompress(in);
    case kLzo:
      return HadoopFrame({in}, &LzoCompress);
    case kBrotli:
      return BrotliCompress(in);
    case kLz4Hadoop:
      return HadoopFrame({in}, &Lz4Compress);
    case kZstd:
      return ZstdCompress(in);
    case kLz4Raw:
      return Lz4Compress(in);
  }
  ADD_FAILURE() << "no compressor for codec " << codec;
  return {};
}

constexpr int32_t kAllCodecs[] = {kUncompressed, kSnappy,    kGzip, kLzo,
                                  kBrotli,       kLz4Hadoop, kZstd, kLz4Raw};

// ---------------------------------------------------------------- harness

constexpr size_t kGuard = 64;
constexpr std::byte kCanary{0xA5};

struct Decoded {
  Result result;
  Bytes output;
};

// Decodes into a buffer of exactly `declared` bytes, followed by canary
// bytes that must survive: the module promises never to write past output.
Decoded Decode(Decompressor& d, int32_t codec, const Bytes& input,
               size_t declared) {
  Bytes buffer(declared + kGuard, kCanary);
  const std::span<std::byte> out(buffer.data(), declared);
  Decoded r{d.Decompress(codec, input, out), {}};
  for (size_t i = declared; i < buffer.size(); ++i) {
    if (buffer[i] != kCanary) {
      ADD_FAILURE() << "codec " << codec << " wrote past the output at +"
                    << (i - declared);
      break;
    }
  }
  buffer.resize(declared);
  r.output = std::move(buffer);
  return r;
}

Decoded Decode(int32_t codec, const Bytes& input, size_t declared) {
  Decompressor d;
  return Decode(d, codec, input, declared);
}

std::string Describe(const Result& r) {
  static constexpr const char* kNames[] = {"kOk", "kCorrupt", "kSizeMismatch",
                                           "kUnsupported"};
  return std::string(kNames[static_cast<int>(r.outcome)]) +
         " produced=" + std::to_string(r.produced) + " detail=" + r.detail;
}

// ---------------------------------------------------------------- round trips

struct Payload {
  const char* name;
  Bytes data;
};

std::vector<Payload> Payloads() {
  return {{"empty", {}},
          {"one_byte", FromString("x")},
          {"random_100k", Random(100'000, 1)},
          {"repetitive_1m", Repetitive(1 << 20, 2)},
          {"zeros_300k", Bytes(300'000)}};
}

class CodecTest : public ::testing::TestWithParam<int32_t> {};

TEST_P(CodecTest, RoundTrips) {
  const int32_t codec = GetParam();
  Decompressor d;  // One for all payloads: contexts are reused.
  for (const Payload& p : Payloads()) {
    SCOPED_TRACE(p.name);
    const Bytes compressed = Compress(codec, p.data);
    const Decoded r = Decode(d, codec, compressed, p.data.size());
    ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
    EXPECT_EQ(r.result.produced, p.data.size());
    EXPECT_FALSE(r.result.lz4_raw_fallback);
    EXPECT_FALSE(r.result.lzo_raw_fallback);
    EXPECT_FALSE(r.result.zlib_wrapped);
    EXPECT_TRUE(r.output == p.data);
  }
}

TEST_P(CodecTest, DeclaredTooLargeIsSizeMismatchWithTheRealSize) {
  const int32_t codec = GetParam();
  const Bytes data = Repetitive(50'000, 3);
  const Decoded r = Decode(codec, Compress(codec, data), data.size() + 1);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, data.size());
  EXPECT_FALSE(r.result.lz4_raw_fallback);
}

TEST_P(CodecTest, DeclaredTooSmallIsSizeMismatchReportingMore) {
  const int32_t codec = GetParam();
  const Bytes data = Repetitive(50'000, 4);
  for (const size_t declared : {data.size() - 1, data.size() / 2, size_t{0}}) {
    SCOPED_TRACE(declared);
    const Decoded r = Decode(codec, Compress(codec, data), declared);
    EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
    EXPECT_GT(r.result.produced, declared);
    EXPECT_FALSE(r.result.lz4_raw_fallback);
  }
}

TEST_P(CodecTest, TruncatedInputIsRejected) {
  const int32_t codec = GetParam();
  const Bytes data = Repetitive(20'000, 5);
  const Bytes compressed = Compress(codec, data);
  for (const size_t keep :
       {compressed.size() - 1, compressed.size() / 2, size_t{1}, size_t{0}}) {
    SCOPED_TRACE(keep);
    const Bytes cut(compressed.begin(), compressed.begin() + keep);
    const Decoded r = Decode(codec, cut, data.size());
    EXPECT_TRUE(r.result.outcome == Outcome::kCorrupt ||
                r.result.outcome == Outcome::kSizeMismatch)
        << Describe(r.result);
    EXPECT_FALSE(r.result.detail.empty());
  }
}

// Not every flip is detectable (snappy and LZ4 carry no checksum), so this
// asserts that no flip crashes, writes out of bounds (the canaries, and
// ASan in the sanitizer build) or is reported as unsupported.
TEST_P(CodecTest, FlippedBytesNeverCrash) {
  const int32_t codec = GetParam();
  const Bytes data = Concat({Repetitive(30'000, 6), Random(2'000, 7)});
  const Bytes compressed = Compress(codec, data);
  Decompressor d;
  std::mt19937 rng(8);
  int rejected = 0;
  for (int i = 0; i < 300; ++i) {
    Bytes mutated = compressed;
    const size_t at = rng() % mutated.size();
    mutated[at] ^= static_cast<std::byte>(1 + rng() % 255);
    const Decoded r = Decode(d, codec, mutated, data.size());
    ASSERT_NE(r.result.outcome, Outcome::kUnsupported);
    if (r.result.outcome == Outcome::kSizeMismatch) {
      EXPECT_NE(r.result.produced, data.size()) << Describe(r.result);
    }
    if (r.result.outcome != Outcome::kOk) {
      ++rejected;
      EXPECT_FALSE(r.result.detail.empty());
    }
  }
  if (codec != kUncompressed) {
    EXPECT_GT(rejected, 0);
  }
}

std::string CodecName(const ::testing::TestParamInfo<int32_t>& info) {
  static constexpr const char* kNames[] = {"Uncompressed", "Snappy", "Gzip",
                                           "Lzo",          "Brotli", "Lz4",
                                           "Zstd",         "Lz4Raw"};
  return kNames[info.param];
}

INSTANTIATE_TEST_SUITE_P(AllCodecs, CodecTest, ::testing::ValuesIn(kAllCodecs),
                         CodecName);

// With a checksum in the stream, a flip that still decodes must decode to
// the original bytes.
TEST(ChecksummedCodecs, FlipsAreCaughtOrHarmless) {
  const Bytes data = Repetitive(40'000, 9);
  struct Case {
    int32_t codec;
    Bytes compressed;
  };
  const Case cases[] = {{kGzip, GzipCompress(data)},
                        {kGzip, DeflateCompress(data, DeflateFormat::kZlib)},
                        {kZstd, ZstdCompress(data, true, /*checksum=*/true)}};
  Decompressor d;
  for (const Case& c : cases) {
    for (size_t at = 0; at < c.compressed.size(); at += 7) {
      Bytes mutated = c.compressed;
      mutated[at] ^= std::byte{0x10};
      const Decoded r = Decode(d, c.codec, mutated, data.size());
      if (r.result.outcome == Outcome::kOk) {
        EXPECT_TRUE(r.output == data) << "codec " << c.codec << " at " << at;
      }
    }
  }
}

TEST(Uncompressed, CopiesAndChecksTheSize) {
  const Bytes data = FromString("plain bytes");
  EXPECT_TRUE(Decode(kUncompressed, data, data.size()).output == data);
  const Decoded longer = Decode(kUncompressed, data, data.size() - 1);
  EXPECT_EQ(longer.result.outcome, Outcome::kSizeMismatch);
  EXPECT_EQ(longer.result.produced, data.size());
  EXPECT_EQ(Decode(kUncompressed, {}, 0).result.outcome, Outcome::kOk);
  EXPECT_EQ(Decode(kUncompressed, {}, 1).result.outcome,
            Outcome::kSizeMismatch);
}

// ---------------------------------------------------------------- snappy

TEST(Snappy, EmptyInputIsCorrupt) {
  EXPECT_EQ(Decode(kSnappy, {}, 0).result.outcome, Outcome::kCorrupt);
  // The valid empty stream is the single length byte 0.
  EXPECT_EQ(Decode(kSnappy, Bytes{std::byte{0}}, 0).result.outcome,
            Outcome::kOk);
}

TEST(Snappy, BadLengthPrefixIsCorruptNotMismatch) {
  // A varint that never ends.
  const Bytes bad(6, std::byte{0xff});
  EXPECT_EQ(Decode(kSnappy, bad, 10).result.outcome, Outcome::kCorrupt);
  // A plausible prefix over garbage: the body is checked before the size
  // is blamed.
  Bytes lying = SnappyCompress(Repetitive(1000, 10));
  lying[0] = std::byte{0x05};  // claims 5 bytes
  lying.resize(40);
  const Decoded r = Decode(kSnappy, lying, 1000);
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
}

// ---------------------------------------------------------------- gzip

TEST(Gzip, ConcatenatedMembersDecode) {
  const Bytes a = Repetitive(10'000, 11);
  const Bytes b = Random(3'000, 12);
  const Bytes c = FromString("third member");
  const Bytes two = Concat({GzipCompress(a), GzipCompress(b)});
  Decoded r = Decode(kGzip, two, a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == Concat({a, b}));

  const Bytes three =
      Concat({GzipCompress(a), GzipCompress(b), GzipCompress(c)});
  r = Decode(kGzip, three, a.size() + b.size() + c.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == Concat({a, b, c}));

  // An empty member in the middle is still a member.
  const Bytes with_empty =
      Concat({GzipCompress(a), GzipCompress({}), GzipCompress(c)});
  r = Decode(kGzip, with_empty, a.size() + c.size());
  EXPECT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);

  // Each member's size counts: declaring only the first is too small.
  r = Decode(kGzip, two, a.size());
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch);
  // The members decode to fewer bytes than declared.
  r = Decode(kGzip, two, a.size() + b.size() + 5);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch);
  EXPECT_EQ(r.result.produced, a.size() + b.size());
}

TEST(Gzip, TrailingGarbageIsCorrupt) {
  const Bytes a = Repetitive(5'000, 13);
  for (const Bytes& tail :
       {Bytes(1), Bytes(8), FromString("not a gzip member at all")}) {
    const Decoded r = Decode(kGzip, Concat({GzipCompress(a), tail}), a.size());
    EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
  }
}

TEST(Gzip, ZlibWrappedStreamIsAcceptedAndFlagged) {
  const Bytes a = Repetitive(7'000, 14);
  const Bytes z = DeflateCompress(a, DeflateFormat::kZlib);
  Decoded r = Decode(kGzip, z, a.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.result.zlib_wrapped);
  EXPECT_TRUE(r.output == a);
  r = Decode(kGzip, z, a.size() + 1);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch);
  EXPECT_EQ(r.result.produced, a.size());
  EXPECT_EQ(Decode(kGzip, Concat({z, Bytes(2)}), a.size()).result.outcome,
            Outcome::kCorrupt);
  // Raw deflate, with neither wrapper, is not GZIP.
  EXPECT_EQ(Decode(kGzip, DeflateCompress(a), a.size()).result.outcome,
            Outcome::kCorrupt);
}

// ---------------------------------------------------------------- LZ4

TEST(Lz4Hadoop, OneAndTwoChunksAndMultiBlockChunks) {
  const Bytes a = Repetitive(70'000, 15);
  const Bytes b = Random(5'000, 16);
  Decoded r = Decode(kLz4Hadoop, HadoopFrame({a}, &Lz4Compress), a.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_FALSE(r.result.lz4_raw_fallback);
  EXPECT_TRUE(r.output == a);

  r = Decode(kLz4Hadoop, HadoopFrame({a, b}, &Lz4Compress),
             a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_FALSE(r.result.lz4_raw_fallback);
  EXPECT_TRUE(r.output == Concat({a, b}));

  r = Decode(kLz4Hadoop, HadoopMultiBlockChunk({a, b, a}, &Lz4Compress),
             2 * a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_FALSE(r.result.lz4_raw_fallback);
  EXPECT_TRUE(r.output == Concat({a, b, a}));
}

TEST(Lz4Hadoop, RawBlockFallsBack) {
  const Bytes a = Repetitive(40'000, 17);
  Decoded r = Decode(kLz4Hadoop, Lz4Compress(a), a.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.result.lz4_raw_fallback);
  EXPECT_TRUE(r.output == a);
  // A raw block of the wrong size is the raw attempt's mismatch.
  r = Decode(kLz4Hadoop, Lz4Compress(a), a.size() + 3);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_TRUE(r.result.lz4_raw_fallback);
  EXPECT_EQ(r.result.produced, a.size());
}

TEST(Lz4Hadoop, FramedPageOfTheWrongSizeIsAMismatchNotAFallback) {
  const Bytes a = Repetitive(30'000, 18);
  const Bytes b = Repetitive(20'000, 19);
  const Bytes framed = HadoopFrame({a, b}, &Lz4Compress);
  // The second chunk does not fit: its header still gives the size.
  Decoded r = Decode(kLz4Hadoop, framed, a.size() + 10);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_FALSE(r.result.lz4_raw_fallback);
  EXPECT_EQ(r.result.produced, a.size() + b.size());
  // Every chunk decodes and the page ends early.
  r = Decode(kLz4Hadoop, framed, a.size() + b.size() + 10);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, a.size() + b.size());
}

TEST(Lz4Hadoop, BrokenFramingThatIsNoRawBlockIsCorrupt) {
  const Bytes a = Repetitive(30'000, 20);
  Bytes framed = HadoopFrame({a}, &Lz4Compress);
  framed[7] = std::byte{0x01};  // comp_len now disagrees with the block
  const Decoded r = Decode(kLz4Hadoop, framed, a.size());
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
  EXPECT_TRUE(r.result.lz4_raw_fallback);
  EXPECT_NE(r.result.detail.find("not Hadoop-framed"), std::string::npos)
      << r.result.detail;
}

TEST(Lz4Hadoop, HeaderWithoutItsBlockIsNotASizeMismatch) {
  // raw_len 4096, comp_len 5, and then nothing: no framing, no raw block.
  Bytes header;
  AppendU32BE(&header, 4096);
  AppendU32BE(&header, 5);
  const Decoded r = Decode(kLz4Hadoop, header, 0);
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
  EXPECT_TRUE(r.result.lz4_raw_fallback);
}

TEST(Lz4Raw, CorruptBlocksAreCorrupt) {
  // Token: no literals, then a match at offset 1 with nothing before it.
  const Bytes bad_offset = {std::byte{0x00}, std::byte{0x01}, std::byte{0x00}};
  Decoded r = Decode(kLz4Raw, bad_offset, 100);
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
  // Literal run longer than the input.
  const Bytes short_literals = {std::byte{0x50}, std::byte{'a'}};
  r = Decode(kLz4Raw, short_literals, 5);
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
  EXPECT_EQ(Decode(kLz4Raw, {}, 0).result.outcome, Outcome::kCorrupt);
  // Larger than declared is told apart from corrupt, with the real size.
  const Bytes a = Repetitive(10'000, 21);
  r = Decode(kLz4Raw, Lz4Compress(a), 100);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, a.size());
}

// ---------------------------------------------------------------- LZO

TEST(Lzo, HadoopFramedAndBareStreams) {
  const Bytes a = Repetitive(60'000, 22);
  const Bytes b = Random(4'000, 23);
  Decoded r =
      Decode(kLzo, HadoopFrame({a, b}, &LzoCompress), a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_FALSE(r.result.lzo_raw_fallback);
  EXPECT_TRUE(r.output == Concat({a, b}));

  r = Decode(kLzo, HadoopMultiBlockChunk({a, b}, &LzoCompress),
             a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == Concat({a, b}));

  r = Decode(kLzo, LzoCompress(a), a.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.result.lzo_raw_fallback);
  EXPECT_TRUE(r.output == a);

  r = Decode(kLzo, LzoCompress(a), a.size() - 1);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  r = Decode(kLzo, LzoCompress(a), a.size() + 1);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, a.size());
  r = Decode(kLzo, Concat({LzoCompress(a), Bytes(3)}), a.size());
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
}

// ---------------------------------------------------------------- brotli

TEST(Brotli, TrailingBytesAndTruncationAreCorrupt) {
  const Bytes a = Repetitive(25'000, 24);
  const Bytes c = BrotliCompress(a);
  EXPECT_EQ(Decode(kBrotli, Concat({c, Bytes(1)}), a.size()).result.outcome,
            Outcome::kCorrupt);
  const Bytes cut(c.begin(), c.end() - 1);
  EXPECT_EQ(Decode(kBrotli, cut, a.size()).result.outcome, Outcome::kCorrupt);
  const Decoded r = Decode(kBrotli, c, a.size() - 1);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, a.size());  // "more": declared + 1
}

// ---------------------------------------------------------------- zstd

TEST(Zstd, ConcatenatedFramesAndUnsizedFrames) {
  const Bytes a = Repetitive(30'000, 25);
  const Bytes b = Random(2'000, 26);
  Decoded r = Decode(kZstd, Concat({ZstdCompress(a), ZstdCompress(b, false)}),
                     a.size() + b.size());
  ASSERT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == Concat({a, b}));

  // Without a content size, overflow is found while decoding.
  const Bytes unsized = ZstdCompress(a, /*content_size=*/false);
  r = Decode(kZstd, unsized, a.size() - 10);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_GT(r.result.produced, a.size() - 10);
  r = Decode(kZstd, unsized, a.size() + 10);
  EXPECT_EQ(r.result.outcome, Outcome::kSizeMismatch) << Describe(r.result);
  EXPECT_EQ(r.result.produced, a.size());

  // Garbage after the last frame.
  r = Decode(kZstd, Concat({ZstdCompress(a), FromString("junk")}), a.size());
  EXPECT_EQ(r.result.outcome, Outcome::kCorrupt) << Describe(r.result);
}

TEST(Zstd, ContextSurvivesAnError) {
  const Bytes a = Repetitive(30'000, 27);
  const Bytes good = ZstdCompress(a);
  Bytes bad = good;
  bad.resize(bad.size() / 2);
  Decompressor d;
  EXPECT_EQ(Decode(d, kZstd, bad, a.size()).result.outcome, Outcome::kCorrupt);
  const Decoded r = Decode(d, kZstd, good, a.size());
  EXPECT_EQ(r.result.outcome, Outcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == a);
}

// ---------------------------------------------------------------- bounded
// DecompressBounded: the unframed payloads of ORC chunks.

Bytes DeflateRaw(const Bytes& in) {
  libdeflate_compressor* c = libdeflate_alloc_compressor(6);
  Bytes out(libdeflate_deflate_compress_bound(c, in.size()) + 16);
  const size_t n = libdeflate_deflate_compress(c, in.data(), in.size(),
                                               out.data(), out.size());
  libdeflate_free_compressor(c);
  EXPECT_NE(n, 0u);
  out.resize(n);
  return out;
}

Bytes CompressRaw(RawFormat f, const Bytes& in) {
  switch (f) {
    case RawFormat::kDeflate:
      return DeflateRaw(in);
    case RawFormat::kSnappy:
      return SnappyCompress(in);
    case RawFormat::kLzo1x:
      return LzoCompress(in);
    case RawFormat::kLz4:
      return Lz4Compress(in);
    case RawFormat::kZstd:
      return ZstdCompress(in);
    case RawFormat::kBrotli:
      return BrotliCompress(in);
  }
  return {};
}

constexpr RawFormat kRawFormats[] = {RawFormat::kDeflate, RawFormat::kSnappy,
                                     RawFormat::kLzo1x,   RawFormat::kLz4,
                                     RawFormat::kZstd,    RawFormat::kBrotli};

struct BoundedDecoded {
  BoundedResult result;
  Bytes output;  // The first result.produced bytes when kOk.
};

// Decodes into `capacity` bytes followed by canaries that must survive.
BoundedDecoded DecodeBounded(Decompressor& d, RawFormat f, const Bytes& input,
                             size_t capacity) {
  Bytes buffer(capacity + kGuard, kCanary);
  BoundedDecoded r{
      d.DecompressBounded(f, input, std::span(buffer.data(), capacity)), {}};
  for (size_t i = capacity; i < buffer.size(); ++i) {
    if (buffer[i] != kCanary) {
      ADD_FAILURE() << "format " << static_cast<int>(f)
                    << " wrote past the output at +" << (i - capacity);
      break;
    }
  }
  if (r.result.outcome == BoundedOutcome::kOk) {
    EXPECT_LE(r.result.produced, capacity);
    buffer.resize(r.result.produced);
    r.output = std::move(buffer);
  }
  return r;
}

std::string Describe(const BoundedResult& r) {
  static constexpr const char* kNames[] = {"kOk", "kTooLarge", "kCorrupt"};
  return std::string(kNames[static_cast<int>(r.outcome)]) +
         " produced=" + std::to_string(r.produced) +
         " consumed=" + std::to_string(r.consumed) + " detail=" + r.detail;
}

class BoundedTest : public ::testing::TestWithParam<RawFormat> {};

TEST_P(BoundedTest, DecodesIntoAnyLargeEnoughBuffer) {
  const RawFormat f = GetParam();
  Decompressor d;
  for (const Payload& p : Payloads()) {
    SCOPED_TRACE(p.name);
    const Bytes compressed = CompressRaw(f, p.data);
    for (const size_t capacity : {p.data.size(), p.data.size() + 1000}) {
      const BoundedDecoded r = DecodeBounded(d, f, compressed, capacity);
      ASSERT_EQ(r.result.outcome, BoundedOutcome::kOk) << Describe(r.result);
      EXPECT_EQ(r.result.produced, p.data.size());
      EXPECT_EQ(r.result.consumed, compressed.size());
      EXPECT_TRUE(r.output == p.data);
    }
  }
}

TEST_P(BoundedTest, TooSmallABufferIsTooLarge) {
  const RawFormat f = GetParam();
  const Bytes data = Repetitive(50'000, 30);
  const Bytes compressed = CompressRaw(f, data);
  Decompressor d;
  for (const size_t capacity : {data.size() - 1, size_t{100}, size_t{0}}) {
    SCOPED_TRACE(capacity);
    const BoundedDecoded r = DecodeBounded(d, f, compressed, capacity);
    EXPECT_EQ(r.result.outcome, BoundedOutcome::kTooLarge)
        << Describe(r.result);
    EXPECT_GT(r.result.produced, capacity);
    // Formats that state or reveal their size report it exactly.
    if (f == RawFormat::kSnappy || f == RawFormat::kZstd ||
        f == RawFormat::kLz4) {
      EXPECT_EQ(r.result.produced, data.size());
    }
  }
}

TEST_P(BoundedTest, EmptyAndTruncatedInputIsCorrupt) {
  const RawFormat f = GetParam();
  Decompressor d;
  EXPECT_EQ(DecodeBounded(d, f, {}, 100).result.outcome,
            BoundedOutcome::kCorrupt);
  const Bytes data = Repetitive(20'000, 31);
  const Bytes compressed = CompressRaw(f, data);
  for (const size_t keep : {compressed.size() - 1, compressed.size() / 2}) {
    SCOPED_TRACE(keep);
    const Bytes cut(compressed.begin(), compressed.begin() + keep);
    const BoundedDecoded r = DecodeBounded(d, f, cut, data.size());
    // LZ4 and snappy cannot always tell a cut from a shorter stream, but
    // never yield the original.
    if (r.result.outcome == BoundedOutcome::kOk) {
      EXPECT_FALSE(r.output == data);
    }
  }
}

TEST_P(BoundedTest, FlippedBytesNeverWritePastTheBuffer) {
  const RawFormat f = GetParam();
  const Bytes data = Concat({Repetitive(30'000, 32), Random(2'000, 33)});
  const Bytes compressed = CompressRaw(f, data);
  Decompressor d;
  std::mt19937 rng(34);
  for (int i = 0; i < 200; ++i) {
    Bytes mutated = compressed;
    mutated[rng() % mutated.size()] ^= static_cast<std::byte>(1 + rng() % 255);
    const size_t capacity = rng() % 2 ? data.size() : data.size() / 2;
    const BoundedDecoded r = DecodeBounded(d, f, mutated, capacity);
    if (r.result.outcome == BoundedOutcome::kCorrupt) {
      EXPECT_FALSE(r.result.detail.empty());
    }
  }
}

std::string RawFormatName(const ::testing::TestParamInfo<RawFormat>& info) {
  static constexpr const char* kNames[] = {"Deflate", "Snappy", "Lzo1x",
                                           "Lz4",     "Zstd",   "Brotli"};
  return kNames[static_cast<int>(info.param)];
}

INSTANTIATE_TEST_SUITE_P(AllRawFormats, BoundedTest,
                         ::testing::ValuesIn(kRawFormats), RawFormatName);

TEST(Bounded, TrailingBytesAreConsumedExactlyWhereTheLibrarySays) {
  const Bytes data = Repetitive(40'000, 35);
  Decompressor d;
  for (const RawFormat f :
       {RawFormat::kDeflate, RawFormat::kLzo1x, RawFormat::kBrotli}) {
    SCOPED_TRACE(static_cast<int>(f));
    const Bytes compressed = CompressRaw(f, data);
    const BoundedDecoded r = DecodeBounded(
        d, f, Concat({compressed, FromString("trailing!")}), data.size());
    ASSERT_EQ(r.result.outcome, BoundedOutcome::kOk) << Describe(r.result);
    EXPECT_EQ(r.result.consumed, compressed.size());
    EXPECT_TRUE(r.output == data);
  }
  // The other formats reject them, as their readers do. (Bytes after an
  // LZ4 block may well extend it into a longer block: then it is too
  // large.)
  for (const RawFormat f :
       {RawFormat::kSnappy, RawFormat::kLz4, RawFormat::kZstd}) {
    SCOPED_TRACE(static_cast<int>(f));
    const BoundedDecoded r = DecodeBounded(
        d, f, Concat({CompressRaw(f, data), FromString("trailing!")}),
        data.size());
    EXPECT_NE(r.result.outcome, BoundedOutcome::kOk) << Describe(r.result);
  }
}

TEST(Bounded, SnappyPrefixIsCheckedBeforeDecoding) {
  // A prefix of 2^22 over a body that is not snappy: too large, not
  // corrupt, because the prefix is all a reader looks at first.
  Bytes lying = {std::byte{0x80}, std::byte{0x80}, std::byte{0x80},
                 std::byte{0x02}};
  lying.insert(lying.end(), 20, std::byte{0xff});
  Decompressor d;
  const BoundedDecoded r = DecodeBounded(d, RawFormat::kSnappy, lying, 1000);
  EXPECT_EQ(r.result.outcome, BoundedOutcome::kTooLarge) << Describe(r.result);
  EXPECT_EQ(r.result.produced, uint64_t{1} << 22);
}

TEST(Bounded, ZstdHeaderIsCheckedBeforeDecodingAndUnsizedFramesAreBounded) {
  const Bytes data = Repetitive(30'000, 36);
  Decompressor d;
  Bytes sized = ZstdCompress(data);
  // Break the body: the header alone decides.
  for (size_t i = sized.size() / 2; i < sized.size(); ++i) {
    sized[i] = std::byte{0};
  }
  BoundedDecoded r = DecodeBounded(d, RawFormat::kZstd, sized, 100);
  EXPECT_EQ(r.result.outcome, BoundedOutcome::kTooLarge) << Describe(r.result);
  EXPECT_EQ(r.result.produced, data.size());

  const Bytes unsized = ZstdCompress(data, /*content_size=*/false);
  r = DecodeBounded(d, RawFormat::kZstd, unsized, 100);
  EXPECT_EQ(r.result.outcome, BoundedOutcome::kTooLarge) << Describe(r.result);
  EXPECT_EQ(r.result.produced, 101u);
  r = DecodeBounded(d, RawFormat::kZstd, unsized, data.size());
  ASSERT_EQ(r.result.outcome, BoundedOutcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == data);
}

TEST(Bounded, DeflateNeedsItsFinalBlock) {
  // A stored block without BFINAL, then nothing: the stream never ends.
  const Bytes open_ended = {std::byte{0x00}, std::byte{0x01}, std::byte{0x00},
                            std::byte{0xfe}, std::byte{0xff}, std::byte{'a'}};
  Decompressor d;
  EXPECT_EQ(
      DecodeBounded(d, RawFormat::kDeflate, open_ended, 10).result.outcome,
      BoundedOutcome::kCorrupt);
  // The same block with BFINAL decodes.
  Bytes final_block = open_ended;
  final_block[0] = std::byte{0x01};
  const BoundedDecoded r =
      DecodeBounded(d, RawFormat::kDeflate, final_block, 10);
  ASSERT_EQ(r.result.outcome, BoundedOutcome::kOk) << Describe(r.result);
  EXPECT_TRUE(r.output == FromString("a"));
}

// ---------------------------------------------------------------- other

TEST(Decompressor, UnknownCodecIsUnsupported) {
  for (const int32_t codec : {8, 99, -1}) {
    const Decoded r = Decode(codec, FromString("abc"), 3);
    EXPECT_EQ(r.result.outcome, Outcome::kUnsupported);
    EXPECT_FALSE(r.result.detail.empty());
  }
}

TEST(Checksums, Crc32CheckValues) {
  EXPECT_EQ(Crc32(FromString("123456789")), 0xCBF43926u);
  EXPECT_EQ(Crc32({}), 0u);
  EXPECT_EQ(Crc32(FromString("The quick brown fox jumps over the lazy dog")),
            0x414FA339u);
}

TEST(Checksums, XxHash64CheckValues) {
  EXPECT_EQ(XxHash64({}), 0xEF46DB3751D8E999ull);
  EXPECT_EQ(XxHash64(FromString("a")), 0xD24EC4F1A98C6E5Bull);
  EXPECT_EQ(XxHash64(FromString("abc")), 0x44BC2CF5AD770999ull);
}

}  // namespace
}  // namespace colcheck::codec
