#include "orc/compression.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <sys/mman.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "core/strings.h"
#include "orc/metadata.h"
#include "orc/rle.h"
#include "testing/bytes.h"
#include "testing/compressors.h"
#include "testing/diagnostics.h"
#include "testing/external_corpus.h"

namespace colcheck::orc {
namespace {

using testing::BrotliCompress;
using testing::Bytes;
using testing::Concat;
using testing::DeflateCompress;
using testing::Describe;
using ::testing::ElementsAre;
using testing::FromString;
using testing::IsDiagnostic;
using testing::Lz4Compress;
using testing::LzoCompress;
using testing::Repetitive;
using testing::SnappyCompress;
using testing::ZstdCompress;

// Regions start here, so a span that forgot the file offset shows.
constexpr uint64_t kBase = 1000;

Bytes Slice(const Bytes& b, size_t offset, size_t length) {
  return Bytes(b.begin() + static_cast<ptrdiff_t>(offset),
               b.begin() + static_cast<ptrdiff_t>(offset + length));
}

Bytes Payload(int64_t kind, const Bytes& in) {
  switch (kind) {
    case kZlib:
      return DeflateCompress(in);
    case kSnappy:
      return SnappyCompress(in);
    case kLzo:
      return LzoCompress(in);
    case kLz4:
      return Lz4Compress(in);
    case kZstd:
      return ZstdCompress(in);
    case kBrotli:
      return BrotliCompress(in);
  }
  ADD_FAILURE() << "no compressor for kind " << kind;
  return {};
}

// ---------------------------------------------------------------- chunks

Bytes Header(uint64_t len, bool original) {
  const uint64_t v = len << 1 | (original ? 1 : 0);
  return {static_cast<std::byte>(v), static_cast<std::byte>(v >> 8),
          static_cast<std::byte>(v >> 16)};
}

Bytes OriginalChunk(const Bytes& body) {
  return Concat({Header(body.size(), true), body});
}

Bytes CompressedBody(const Bytes& payload) {
  return Concat({Header(payload.size(), false), payload});
}

Bytes CompressedChunk(int64_t kind, const Bytes& data) {
  return CompressedBody(Payload(kind, data));
}

// `data` cut into chunks of `block_size`, each compressed: as writers do.
Bytes CompressedRegion(int64_t kind, const Bytes& data, size_t block_size) {
  Bytes out;
  for (size_t at = 0; at < data.size(); at += block_size) {
    const Bytes c = CompressedChunk(
        kind, Slice(data, at, std::min(block_size, data.size() - at)));
    out.insert(out.end(), c.begin(), c.end());
  }
  return out;
}

struct Decoded {
  bool ok = false;
  DecodedRegion region;
  std::vector<Diagnostic> diagnostics;
  Bytes bytes() const {
    return Bytes(region.bytes().begin(), region.bytes().end());
  }
};

Decoded Decode(RegionDecoder& decoder, const Bytes& file, int64_t kind,
               uint64_t block_size, RegionUse use = RegionUse::kMessage) {
  Decoded d;
  DiagnosticSink sink;
  d.ok = decoder.DecodeRegion(ByteReader(file, kBase), kind, block_size, use,
                              sink, "footer", &d.region);
  d.diagnostics = sink.Take();
  return d;
}

Decoded Decode(const Bytes& file, int64_t kind, uint64_t block_size,
               RegionUse use = RegionUse::kMessage) {
  RegionDecoder decoder;
  return Decode(decoder, file, kind, block_size, use);
}

// Asserts exactly one diagnostic of `code`, at `span`, under "footer".
void ExpectOnly(const Decoded& d, Code code, ByteSpan span) {
  EXPECT_THAT(d.diagnostics, ElementsAre(IsDiagnostic(code, span, "footer")));
}

// ---------------------------------------------------------------- helpers

TEST(BlockSize, ValidRangeAndDefault) {
  EXPECT_FALSE(IsValidBlockSize(0));
  EXPECT_TRUE(IsValidBlockSize(1));
  EXPECT_TRUE(IsValidBlockSize((1 << 23) - 1));
  EXPECT_FALSE(IsValidBlockSize(1 << 23));
  EXPECT_EQ(EffectiveBlockSize(false, 0), 262144u);
  EXPECT_EQ(EffectiveBlockSize(true, 1000), 1000u);
}

TEST(CompressionKind, KnownKinds) {
  for (int64_t k = kNone; k <= kBrotli; ++k) {
    EXPECT_TRUE(IsKnownCompressionKind(k));
  }
  EXPECT_FALSE(IsKnownCompressionKind(7));
  EXPECT_FALSE(IsKnownCompressionKind(-1));
}

// ---------------------------------------------------------------- NONE

TEST(NoneRegion, ViewsTheFileBytesWithAnExactMap) {
  const Bytes file = FromString("raw bytes, no chunk headers");
  const Decoded d = Decode(file, kNone, 4);
  ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_TRUE(d.region.complete());
  EXPECT_EQ(d.region.bytes().data(), file.data());  // Not copied.
  EXPECT_EQ(d.region.bytes().size(), file.size());
  EXPECT_EQ(d.region.chunk_count(), 0u);
  EXPECT_EQ(d.region.map().ToFile({3, 5}), (ByteSpan{kBase + 3, 5}));
  EXPECT_EQ(d.region.map().ToFile({0, 0}), (ByteSpan{kBase, 0}));
  EXPECT_EQ(d.region.map().ToFile({file.size(), 0}),
            (ByteSpan{kBase + file.size(), 0}));
  EXPECT_EQ(d.region.reader().begin_offset(), 0u);
  EXPECT_EQ(d.region.reader().size(), file.size());
}

TEST(NoneRegion, EmptyRegion) {
  const Decoded d = Decode({}, kNone, 4);
  EXPECT_TRUE(d.ok);
  EXPECT_TRUE(d.region.bytes().empty());
  EXPECT_EQ(d.region.map().ToFile({0, 0}), (ByteSpan{kBase, 0}));
}

TEST(UnknownKind, IsRefusedWithoutADiagnostic) {
  const Decoded d = Decode(FromString("abc"), 7, 100);
  EXPECT_FALSE(d.ok);
  EXPECT_FALSE(d.region.complete());
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_TRUE(d.region.bytes().empty());
}

// ---------------------------------------------------------------- codecs

class CodecRegionTest : public ::testing::TestWithParam<int64_t> {};

TEST_P(CodecRegionTest, DecodesChunksOfTheBlockSize) {
  const int64_t kind = GetParam();
  constexpr size_t kBlock = 10'000;
  const Bytes data = Repetitive(45'000, 1);
  const Bytes file = CompressedRegion(kind, data, kBlock);
  const Decoded d = Decode(file, kind, kBlock);
  ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
  EXPECT_TRUE(d.diagnostics.empty()) << Describe(d.diagnostics);
  EXPECT_TRUE(d.bytes() == data);
  EXPECT_EQ(d.region.chunk_count(), 5u);
  ASSERT_EQ(d.region.map().chunks().size(), 5u);
  EXPECT_EQ(d.region.map().decoded_size(), data.size());
  // Byte 25 000 is in the third chunk; a compressed chunk maps to its body.
  const Chunk& third = d.region.map().chunks()[2];
  EXPECT_FALSE(third.original);
  EXPECT_EQ(third.decoded_offset, 20'000u);
  EXPECT_EQ(third.decoded_length, 10'000u);
  EXPECT_EQ(third.header.length, 3u);
  EXPECT_EQ(third.body.offset, third.header.offset + 3);
  EXPECT_EQ(d.region.map().ToFile({25'000, 10}), third.body);
}

TEST_P(CodecRegionTest, ReusedAcrossRegionsAndKinds) {
  const int64_t kind = GetParam();
  RegionDecoder decoder;
  for (int round = 0; round < 3; ++round) {
    const Bytes data = Repetitive(3'000 + round * 1'000, 2 + round);
    const Decoded d =
        Decode(decoder, CompressedRegion(kind, data, 1'500), kind, 1'500);
    ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
    EXPECT_TRUE(d.bytes() == data);
    // Another codec in between, on the same contexts.
    const Decoded z =
        Decode(decoder, CompressedRegion(kZstd, data, 2'000), kZstd, 2'000);
    ASSERT_TRUE(z.ok) << Describe(z.diagnostics);
    EXPECT_TRUE(z.bytes() == data);
  }
}

// A region decodes into the memory of one the decoder has finished with,
// which stays mapped meanwhile, and a region alive still keeps its own
// bytes whatever is decoded next.
TEST(BufferPool, RegionsDecodeIntoMemoryGivenBack) {
  RegionDecoder decoder;
  // Over 1 MiB, so the bytes are a mapping of their own (ByteBuffer).
  const Bytes first = Repetitive(3'000'000, 1);
  const Bytes second = Repetitive(2'000'000, 2);
  const std::byte* memory = nullptr;
  {
    const Decoded d = Decode(decoder, CompressedRegion(kZstd, first, 262'144),
                             kZstd, 262'144, RegionUse::kStream);
    ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
    memory = d.region.bytes().data();
  }
  // Had the memory gone back to the system, this would map it anew (and
  // keep the decoder from getting it again).
  void* probe = mmap(const_cast<std::byte*>(memory), 4096, PROT_READ,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
  EXPECT_NE(probe, static_cast<const void*>(memory));
  if (probe != MAP_FAILED) munmap(probe, 4096);

  const Decoded again =
      Decode(decoder, CompressedRegion(kZstd, second, 262'144), kZstd, 262'144,
             RegionUse::kStream);
  ASSERT_TRUE(again.ok) << Describe(again.diagnostics);
  EXPECT_EQ(again.region.bytes().data(), memory);
  EXPECT_TRUE(again.bytes() == second);

  const Decoded alive = Decode(decoder, CompressedRegion(kZstd, first, 262'144),
                               kZstd, 262'144, RegionUse::kStream);
  ASSERT_TRUE(alive.ok);
  EXPECT_NE(alive.region.bytes().data(), again.region.bytes().data());
  EXPECT_TRUE(again.bytes() == second);
  EXPECT_TRUE(alive.bytes() == first);
}

// Regions of very different sizes take turns on the pool's buffers, each
// cut to its bytes and grown again, and keep their bytes.
TEST(BufferPool, SmallRegionThenLargeOnTheSameMemory) {
  RegionDecoder decoder;
  const Bytes large = Repetitive(3'000'000, 3);
  const Bytes small = Repetitive(20'000, 4);
  for (int round = 0; round < 3; ++round) {
    const Decoded l = Decode(decoder, CompressedRegion(kZstd, large, 262'144),
                             kZstd, 262'144, RegionUse::kStream);
    ASSERT_TRUE(l.ok) << Describe(l.diagnostics);
    EXPECT_TRUE(l.bytes() == large);
    const Decoded s = Decode(decoder, CompressedRegion(kZstd, small, 262'144),
                             kZstd, 262'144, RegionUse::kStream);
    ASSERT_TRUE(s.ok) << Describe(s.diagnostics);
    EXPECT_TRUE(s.bytes() == small);
  }
}

ByteBuffer BufferOf(size_t capacity) {
  ByteBuffer b;
  (void)b.Reserve(capacity);
  b.Commit(1);
  return b;
}

TEST(BufferPool, TakesTheSmallestLargeEnoughWithinTheExpansion) {
  BufferPool pool;
  EXPECT_EQ(pool.Take(100'000).capacity(), 0u);  // Nothing pooled.
  pool.Give(BufferOf(size_t{4} << 20));
  pool.Give(BufferOf(size_t{1} << 20));
  pool.Give(BufferOf(size_t{16} << 20));
  pool.Give(BufferOf(1'000));  // Too small to keep.
  // 1 MiB is more than 64 times 10,000 bytes, and 16 MiB less than 4
  // times 8 MiB: no buffer fits either.
  EXPECT_EQ(pool.Take(10'000).capacity(), 0u);
  EXPECT_EQ(pool.Take(size_t{8} << 20).capacity(), 0u);
  const ByteBuffer small = pool.Take(100'000);  // 400 KB to 6.4 MB.
  EXPECT_EQ(small.capacity(), size_t{1} << 20);
  EXPECT_EQ(small.size(), 0u);  // Rewound.
  EXPECT_EQ(pool.Take(size_t{1} << 20).capacity(), size_t{4} << 20);
  EXPECT_EQ(pool.Take(size_t{1} << 20).capacity(), size_t{16} << 20);
  EXPECT_EQ(pool.Take(size_t{1} << 20).capacity(), 0u);
}

// What the pool keeps is bounded: limits::kMaxOrcPooledBytes in all.
TEST(BufferPool, KeepsAtMostItsBytes) {
  BufferPool pool;
  for (int i = 0; i < 5; ++i) pool.Give(BufferOf(size_t{16} << 20));
  size_t kept = 0;
  while (pool.Take(size_t{1} << 20).capacity() > 0) ++kept;
  EXPECT_EQ(kept * (size_t{16} << 20), limits::kMaxOrcPooledBytes);
}

TEST_P(CodecRegionTest, CorruptPayloadIsACodecError) {
  const int64_t kind = GetParam();
  const Bytes good = CompressedChunk(kind, Repetitive(1'000, 4));
  // Garbage no codec decodes as a whole: a snappy prefix of 1000 over
  // literal tags that run out, a DEFLATE block type 3, and so on.
  const Bytes garbage = CompressedBody(FromString("\xe8\x07\xff\xff\xff\xff"));
  const Bytes file = Concat({good, garbage, good});
  const Decoded d = Decode(file, kind, 2'000);
  EXPECT_FALSE(d.ok);
  EXPECT_FALSE(d.region.complete());
  ExpectOnly(d, Code::kOrcCompressionCodecError, {kBase + good.size() + 3, 6});
  // The bytes are those decoded before the fault; every header was walked.
  EXPECT_TRUE(d.bytes() == Repetitive(1'000, 4));
  EXPECT_EQ(d.region.chunk_count(), 3u);
}

TEST_P(CodecRegionTest, ChunkThatExpandsPastTheBlockSize) {
  const int64_t kind = GetParam();
  // 5 000 zeros compress to far fewer than the block size of 1 000, so the
  // header is within bounds but the output is not (C4).
  const Bytes file = CompressedChunk(kind, Bytes(5'000));
  ASSERT_LE(file.size() - 3, 1'000u);
  const Decoded d = Decode(file, kind, 1'000);
  EXPECT_FALSE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionDecompressedTooLarge,
             {kBase + 3, file.size() - 3});
  EXPECT_TRUE(d.bytes().empty());
}

std::string KindName(const ::testing::TestParamInfo<int64_t>& info) {
  static constexpr const char* kNames[] = {"None", "Zlib", "Snappy", "Lzo",
                                           "Lz4",  "Zstd", "Brotli"};
  return kNames[info.param];
}

INSTANTIATE_TEST_SUITE_P(AllCodecs, CodecRegionTest,
                         ::testing::Values(kZlib, kSnappy, kLzo, kLz4, kZstd,
                                           kBrotli),
                         KindName);

// ---------------------------------------------------------------- framing

TEST(Framing, OriginalChunksMapExactly) {
  const Bytes a = FromString("first original chunk");
  const Bytes b = FromString("second");
  const Bytes file = Concat({OriginalChunk(a), OriginalChunk(b)});
  const Decoded d = Decode(file, kSnappy, 100);
  ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_TRUE(d.bytes() == Concat({a, b}));
  const ChunkMap& m = d.region.map();
  // Byte 2 of `a` is file byte 3 + 2.
  EXPECT_EQ(m.ToFile({2, 4}), (ByteSpan{kBase + 5, 4}));
  // The first byte of `b` sits after a's header, body and b's header.
  EXPECT_EQ(m.ToFile({a.size(), 1}), (ByteSpan{kBase + 3 + a.size() + 3, 1}));
  // A span across the two chunks takes b's header with it.
  EXPECT_EQ(m.ToFile({a.size() - 1, 2}),
            (ByteSpan{kBase + 3 + a.size() - 1, 5}));
}

TEST(Framing, MixedChunksAndTheirMap) {
  const Bytes a = FromString("stored as is");
  const Bytes b = Repetitive(3'000, 5);
  const Bytes c = FromString("stored again");
  const Bytes zb = CompressedChunk(kZlib, b);
  const Bytes file = Concat({OriginalChunk(a), zb, OriginalChunk(c)});
  const Decoded d = Decode(file, kZlib, 4'000);
  ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_TRUE(d.bytes() == Concat({a, b, c}));
  const ChunkMap& m = d.region.map();
  ASSERT_EQ(m.chunks().size(), 3u);
  const uint64_t zb_at = kBase + 3 + a.size();
  const ByteSpan zb_body{zb_at + 3, zb.size() - 3};
  const uint64_t c_at = zb_at + zb.size() + 3;
  EXPECT_TRUE(m.chunks()[0].original);
  EXPECT_FALSE(m.chunks()[1].original);
  EXPECT_EQ(m.chunks()[1].body, zb_body);
  // Inside the compressed chunk: its body.
  EXPECT_EQ(m.ToFile({a.size() + 100, 50}), zb_body);
  // From the original chunk into the compressed one: from the exact byte
  // to the end of the body.
  EXPECT_EQ(m.ToFile({a.size() - 2, 10}),
            (ByteSpan{kBase + 3 + a.size() - 2, 2 + 3 + zb_body.length}));
  // From the compressed chunk into the last original one.
  const uint64_t into_c = a.size() + b.size() + 4;
  EXPECT_EQ(m.ToFile({a.size() + 10, into_c - a.size() - 10}),
            (ByteSpan{zb_body.offset, c_at + 4 - zb_body.offset}));
  // All of it: from the first body byte to the last.
  EXPECT_EQ(m.ToFile({0, d.bytes().size()}),
            (ByteSpan{kBase + 3, file.size() - 3}));
  // Empty spans: at a chunk boundary the next chunk's start, inside a
  // compressed chunk its body's start, at the end the region's end.
  EXPECT_EQ(m.ToFile({a.size(), 0}), (ByteSpan{zb_body.offset, 0}));
  EXPECT_EQ(m.ToFile({a.size() + 7, 0}), (ByteSpan{zb_body.offset, 0}));
  EXPECT_EQ(m.ToFile({d.bytes().size(), 0}),
            (ByteSpan{kBase + file.size(), 0}));
  // Past the end: clamped.
  EXPECT_EQ(m.ToFile({into_c, 1'000}), (ByteSpan{c_at + 4, c.size() - 4}));
  EXPECT_EQ(m.ToFile({1'000'000, 5}), (ByteSpan{kBase + file.size(), 0}));
}

// A fault in a decompressed chunk says where it lies in the stream and
// carries the bytes around it; one in an original chunk maps exactly and
// needs neither.
TEST(Framing, StreamFaultsInCompressedChunksSayWhereInTheStream) {
  const Bytes a = FromString("stored as is");
  const Bytes b = Repetitive(3'000, 5);
  const Bytes zb = CompressedChunk(kZlib, b);
  const Bytes file = Concat({OriginalChunk(a), zb});
  const Decoded d = Decode(file, kZlib, 4'000);
  ASSERT_TRUE(d.ok) << Describe(d.diagnostics);
  const ChunkMap& m = d.region.map();
  EXPECT_TRUE(m.Exact({2, 5}));
  EXPECT_FALSE(m.Exact({a.size() + 100, 2}));
  EXPECT_FALSE(m.Exact({a.size() - 1, 2}));  // Across both.

  Options options;
  options.decompressed_excerpts = true;
  DiagnosticSink sink(options);
  const StreamContext ctx(d.region, sink, "stripes[0].columns[1].DATA");
  ctx.Report(Code::kOrcRleTruncated, {a.size() + 100, 3}, "cut");
  ctx.Report(Code::kOrcRleTruncated, {2, 3}, "cut");
  // Take() orders by offset: the exact one first.
  const std::vector<Diagnostic> got = sink.Take();
  ASSERT_EQ(got.size(), 2u);
  const ByteSpan zb_body{kBase + 3 + a.size() + 3, zb.size() - 3};
  EXPECT_EQ((ByteSpan{got[1].offset, got[1].length}), zb_body);
  ASSERT_TRUE(got[1].decompressed.has_value());
  EXPECT_EQ(got[1].decompressed->offset, a.size() + 100);
  EXPECT_EQ(got[1].decompressed->length, 3u);
  const uint64_t from = got[1].decompressed->excerpt_offset;
  EXPECT_LE(from, a.size() + 100);
  const Bytes whole = d.bytes();
  EXPECT_EQ(got[1].decompressed->excerpt,
            std::string(reinterpret_cast<const char*>(whole.data()) + from,
                        got[1].decompressed->excerpt.size()));
  EXPECT_EQ((ByteSpan{got[0].offset, got[0].length}),
            (ByteSpan{kBase + 3 + 2, 3}));
  EXPECT_FALSE(got[0].decompressed.has_value());
}

TEST(Framing, EmptyCompressedRegionHasNoChunks) {
  const Decoded d = Decode({}, kZlib, 100);
  EXPECT_TRUE(d.ok);
  EXPECT_TRUE(d.diagnostics.empty());
  EXPECT_EQ(d.region.chunk_count(), 0u);
  EXPECT_EQ(d.region.map().ToFile({0, 0}), (ByteSpan{kBase, 0}));
}

TEST(Framing, ChunkBodyCrossingTheRegionEnd) {
  const Bytes a = OriginalChunk(FromString("complete"));
  // Declares 50 body bytes; the region holds 10.
  const Bytes file = Concat({a, Header(50, true), Bytes(10)});
  const Decoded d = Decode(file, kZlib, 100);
  EXPECT_FALSE(d.ok);
  EXPECT_FALSE(d.region.complete());
  // The 3-byte header that declares the length, not the 10 bytes after it.
  ExpectOnly(d, Code::kOrcCompressionChunkTruncated, {kBase + a.size(), 3});
  EXPECT_TRUE(d.bytes() == FromString("complete"));
  EXPECT_EQ(d.region.chunk_count(), 1u);
}

TEST(Framing, CompressedChunkCrossingTheRegionEnd) {
  const Bytes chunk = CompressedChunk(kZstd, Repetitive(500, 6));
  const Bytes file = Slice(chunk, 0, chunk.size() - 1);
  const Decoded d = Decode(file, kZstd, 1'000);
  EXPECT_FALSE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionChunkTruncated, {kBase, 3});
}

TEST(Framing, TruncatedHeader) {
  const Bytes a = OriginalChunk(FromString("x"));
  for (size_t tail : {1, 2}) {
    SCOPED_TRACE(tail);
    const Bytes file = Concat({a, Bytes(tail, std::byte{0x41})});
    const Decoded d = Decode(file, kLz4, 100);
    EXPECT_FALSE(d.ok);
    ExpectOnly(d, Code::kOrcCompressionChunkTruncated,
               {kBase + a.size(), tail});
  }
}

TEST(Framing, OriginalChunkLongerThanTheBlockSize) {
  // Java rejects it, C++ reads it: reported, and decoded all the same.
  const Bytes body = Repetitive(150, 7);
  const Bytes file =
      Concat({OriginalChunk(FromString("ok")), OriginalChunk(body)});
  const Decoded d = Decode(file, kSnappy, 100);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionChunkTooLarge, {kBase + 5, 3});
  EXPECT_TRUE(d.bytes() == Concat({FromString("ok"), body}));
}

TEST(Framing, CompressedChunkLongerThanTheBlockSize) {
  // Random bytes do not compress, so the payload outgrows a block of its
  // own decoded size.
  std::mt19937 rng(8);
  Bytes data(300);
  for (std::byte& b : data) b = static_cast<std::byte>(rng());
  const Bytes file = CompressedChunk(kLz4, data);
  ASSERT_GT(file.size() - 3, 300u);
  const Decoded d = Decode(file, kLz4, 300);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionChunkTooLarge, {kBase, 3});
  EXPECT_TRUE(d.bytes() == data);
}

TEST(Framing, ChunkLengthUsesAll23Bits) {
  // v = 0xffffff: original, len 2^23 - 1; with a legal block size that
  // large and only 4 body bytes, the chunk runs past the region.
  const Bytes file = {std::byte{0xff}, std::byte{0xff}, std::byte{0xff},
                      std::byte{1},    std::byte{2},    std::byte{3},
                      std::byte{4}};
  const Decoded d = Decode(file, kZlib, (1 << 23) - 1);
  ExpectOnly(d, Code::kOrcCompressionChunkTruncated, {kBase, 3});
}

// C5: an empty chunk is an error where readers reach it (in a stream before
// data, compressed in a message) and an info where they never do.
struct EmptyChunkCase {
  const char* name;
  RegionUse use;
  bool original;
  bool data_after;
  Code code;
};

class EmptyChunk : public ::testing::TestWithParam<EmptyChunkCase> {};

TEST_P(EmptyChunk, IsReportedByWhetherReadersReachIt) {
  const EmptyChunkCase& c = GetParam();
  const Bytes a = OriginalChunk(FromString("abc"));
  const Bytes file = c.data_after ? Concat({a, Header(0, c.original), a})
                                  : Concat({a, Header(0, c.original)});
  const Decoded d = Decode(file, kZstd, 100, c.use);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, c.code, {kBase + a.size(), 3});
  EXPECT_TRUE(d.bytes() == FromString(c.data_after ? "abcabc" : "abc"));
  EXPECT_EQ(d.region.chunk_count(), c.data_after ? 3u : 2u);
  EXPECT_EQ(d.region.empty_chunks().size(), 1u);
}

INSTANTIATE_TEST_SUITE_P(
    Framing, EmptyChunk,
    ::testing::Values(
        EmptyChunkCase{"StreamOriginalBeforeData", RegionUse::kStream, true,
                       true, Code::kOrcCompressionEmptyChunk},
        EmptyChunkCase{"StreamCompressedBeforeData", RegionUse::kStream, false,
                       true, Code::kOrcCompressionEmptyChunk},
        EmptyChunkCase{"StreamAfterData", RegionUse::kStream, false, false,
                       Code::kOrcCompressionEmptyChunkSkipped},
        EmptyChunkCase{"MessageCompressed", RegionUse::kMessage, false, false,
                       Code::kOrcCompressionEmptyChunk},
        EmptyChunkCase{"MessageOriginal", RegionUse::kMessage, true, true,
                       Code::kOrcCompressionEmptyChunkSkipped}),
    [](const ::testing::TestParamInfo<EmptyChunkCase>& info) {
      return std::string(info.param.name);
    });

// Old Hive and Spark write an empty stream as one empty chunk.
TEST(Framing, StreamOfOneEmptyChunkIsSkipped) {
  const Decoded d = Decode(Header(0, false), kZlib, 100, RegionUse::kStream);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionEmptyChunkSkipped, {kBase, 3});
  EXPECT_TRUE(d.bytes().empty());
}

TEST(Framing, SnappyPrefixClaimingMoreThanTheBlockSize) {
  // The prefix says 5 000 over a body that is not checked: a reader stops
  // at the prefix ("Snappy length exceeds block size").
  const Bytes payload = Concat({FromString("\x88\x27"), Bytes(20)});
  const Bytes file = CompressedBody(payload);
  const Decoded d = Decode(file, kSnappy, 1'000);
  EXPECT_FALSE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionDecompressedTooLarge,
             {kBase + 3, payload.size()});
}

TEST(Framing, DecompressedTooLargeStopsDecodingButNotTheWalk) {
  const Bytes big = CompressedChunk(kZlib, Bytes(5'000));
  const Bytes small = CompressedChunk(kZlib, Repetitive(500, 9));
  const Bytes file = Concat({small, big, small, Header(40, false)});
  const Decoded d = Decode(file, kZlib, 1'000);
  EXPECT_FALSE(d.ok);
  ASSERT_EQ(d.diagnostics.size(), 2u) << Describe(d.diagnostics);
  EXPECT_EQ(d.diagnostics[0].code, Code::kOrcCompressionDecompressedTooLarge);
  EXPECT_EQ(d.diagnostics[0].offset, kBase + small.size() + 3);
  EXPECT_EQ(d.diagnostics[0].length, big.size() - 3);
  EXPECT_EQ(d.diagnostics[1].code, Code::kOrcCompressionChunkTruncated);
  EXPECT_EQ(d.diagnostics[1].offset, kBase + file.size() - 3);
  EXPECT_EQ(d.diagnostics[1].length, 3u);
  EXPECT_TRUE(d.bytes() == Repetitive(500, 9));
  EXPECT_EQ(d.region.chunk_count(), 3u);
}

TEST(Framing, TrailingBytesAfterTheDeflateStream) {
  const Bytes data = Repetitive(800, 10);
  const Bytes payload = DeflateCompress(data);
  const Bytes file = CompressedBody(Concat({payload, FromString("junk")}));
  const Decoded d = Decode(file, kZlib, 1'000);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionTrailingBytes,
             {kBase + 3 + payload.size(), 4});
  EXPECT_TRUE(d.bytes() == data);
}

TEST(Framing, TrailingBytesAfterTheLzoStream) {
  const Bytes data = Repetitive(800, 11);
  const Bytes payload = LzoCompress(data);
  const Bytes file = CompressedBody(Concat({payload, Bytes(7)}));
  const Decoded d = Decode(file, kLzo, 1'000);
  EXPECT_TRUE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionTrailingBytes,
             {kBase + 3 + payload.size(), 7});
  EXPECT_TRUE(d.bytes() == data);
}

TEST(Framing, DeflateStreamNotEndingInItsChunkIsACodecError) {
  // The stream is cut between two chunks, as if the writer had flushed
  // mid-stream: each chunk must hold a whole one.
  const Bytes payload = DeflateCompress(Repetitive(900, 12));
  const size_t half = payload.size() / 2;
  const Bytes file =
      Concat({CompressedBody(Slice(payload, 0, half)),
              CompressedBody(Slice(payload, half, payload.size() - half))});
  const Decoded d = Decode(file, kZlib, 1'000);
  EXPECT_FALSE(d.ok);
  ExpectOnly(d, Code::kOrcCompressionCodecError, {kBase + 3, half});
}

// ---------------------------------------------------------------- limits

TEST(Limits, OriginalChunksPastTheRegionLimit) {
  RegionDecoder decoder(/*max_region_bytes=*/100);
  const Bytes a = OriginalChunk(Bytes(60));
  const Bytes file = Concat({a, a, a});
  const Decoded d = Decode(decoder, file, kZlib, 100);
  EXPECT_FALSE(d.ok);
  ExpectOnly(d, Code::kLimitsOrcRegionSize, {kBase, file.size()});
  EXPECT_EQ(d.bytes().size(), 60u);
  EXPECT_EQ(d.region.chunk_count(), 3u);
}

TEST(Limits, CompressedChunkPastTheRegionLimit) {
  RegionDecoder decoder(/*max_region_bytes=*/1'500);
  const Bytes data = Repetitive(1'000, 13);
  for (const int64_t kind : {kZlib, kSnappy, kZstd, kLz4}) {
    SCOPED_TRACE(kind);
    const Bytes file = CompressedRegion(kind, Concat({data, data}), 1'000);
    const Decoded d = Decode(decoder, file, kind, 1'000);
    EXPECT_FALSE(d.ok);
    ExpectOnly(d, Code::kLimitsOrcRegionSize, {kBase, file.size()});
    EXPECT_TRUE(d.bytes() == data);
  }
  // Past the block size is still the chunk's fault, where the format says
  // its size up front.
  const Bytes first = CompressedChunk(kSnappy, data);
  const Bytes second = CompressedChunk(kSnappy, Bytes(3'000));
  const Decoded d = Decode(decoder, Concat({first, second}), kSnappy, 1'000);
  ExpectOnly(d, Code::kOrcCompressionDecompressedTooLarge,
             {kBase + first.size() + 3, second.size() - 3});
}

TEST(Limits, RegionsHeldAtOnceShareABudget) {
  RegionDecoder decoder(/*max_region_bytes=*/1'000, /*max_live_bytes=*/1'500);
  const Bytes file = OriginalChunk(Bytes(800));
  std::vector<Decoded> held;
  held.push_back(Decode(decoder, file, kZlib, 1'000));
  ASSERT_TRUE(held[0].ok);
  // 800 + 800 > 1 500 while the first is alive.
  const Decoded second = Decode(decoder, file, kZlib, 1'000);
  EXPECT_FALSE(second.ok);
  ExpectOnly(second, Code::kLimitsOrcRegionSize, {kBase, file.size()});
  // A region overwritten or destroyed gives its share back.
  held[0].region = DecodedRegion();
  held.push_back(Decode(decoder, file, kZlib, 1'000));
  EXPECT_TRUE(held[1].ok) << Describe(held[1].diagnostics);
  held.clear();
  const Decoded third = Decode(decoder, file, kZlib, 1'000);
  EXPECT_TRUE(third.ok) << Describe(third.diagnostics);
  // NONE regions view the file and cost nothing.
  const Decoded none = Decode(decoder, Bytes(1'400), kNone, 1'000);
  EXPECT_TRUE(none.ok);
}

TEST(Limits, HugeBlockSizeKeepsTheScratchBounded) {
  // An illegal block size (T7) does not make a small chunk allocate it.
  const Bytes data = Repetitive(2'000, 14);
  const Decoded d =
      Decode(CompressedChunk(kZlib, data), kZlib, uint64_t{1} << 40);
  EXPECT_TRUE(d.ok) << Describe(d.diagnostics);
  EXPECT_TRUE(d.bytes() == data);
}

TEST(Limits, RegionLimitIsOneQuarterGiB) {
  EXPECT_EQ(limits::kMaxOrcRegionBytes, uint64_t{256} << 20);
}

// ---------------------------------------------------------------- fuzz-ish

TEST(Robustness, FlippedRegionBytesNeverCrash) {
  const Bytes data = Repetitive(6'000, 15);
  RegionDecoder decoder;
  std::mt19937 rng(16);
  for (const int64_t kind : {kZlib, kSnappy, kLzo, kLz4, kZstd, kBrotli}) {
    const Bytes file = CompressedRegion(kind, data, 1'000);
    for (int i = 0; i < 100; ++i) {
      Bytes mutated = file;
      mutated[rng() % mutated.size()] ^=
          static_cast<std::byte>(1 + rng() % 255);
      const Decoded d = Decode(decoder, mutated, kind, 1'000);
      for (const Diagnostic& diag : d.diagnostics) {
        EXPECT_GE(diag.offset, kBase);
        EXPECT_LE(diag.offset + diag.length, kBase + mutated.size());
      }
      for (const Chunk& c : d.region.map().chunks()) {
        if (!c.original) {
          EXPECT_LE(c.decoded_length, 1'000u);
        }
      }
      if (!d.ok) {
        EXPECT_FALSE(d.region.complete());
      }
    }
  }
}

// ---------------------------------------------------------------- corpus

// The ORC files of the external corpus (apache/orc examples): every Footer,
// Metadata, stripe footer and stream decodes without an error. The tail is
// parsed here by hand, independently of validator/orc/tail.cc.

struct Field {
  uint64_t number = 0;
  int wire = 0;
  uint64_t value = 0;                // Varint and fixed values.
  std::span<const std::byte> bytes;  // Length-delimited values.
};

bool ReadVarint(std::span<const std::byte> in, size_t* pos, uint64_t* out) {
  uint64_t v = 0;
  for (int shift = 0; shift < 64 && *pos < in.size(); shift += 7) {
    const uint8_t b = static_cast<uint8_t>(in[(*pos)++]);
    v |= uint64_t{b & 0x7fu} << shift;
    if ((b & 0x80) == 0) {
      *out = v;
      return true;
    }
  }
  return false;
}

// The fields of one message; false if it does not parse to its end.
bool Fields(std::span<const std::byte> msg, std::vector<Field>* out) {
  size_t pos = 0;
  while (pos < msg.size()) {
    uint64_t tag = 0;
    if (!ReadVarint(msg, &pos, &tag)) return false;
    Field f;
    f.number = tag >> 3;
    f.wire = static_cast<int>(tag & 7);
    switch (f.wire) {
      case 0:
        if (!ReadVarint(msg, &pos, &f.value)) return false;
        break;
      case 1:
      case 5: {
        const size_t n = f.wire == 1 ? 8 : 4;
        if (msg.size() - pos < n) return false;
        pos += n;
        break;
      }
      case 2: {
        uint64_t n = 0;
        if (!ReadVarint(msg, &pos, &n) || n > msg.size() - pos) return false;
        f.bytes = msg.subspan(pos, n);
        pos += n;
        break;
      }
      default:
        return false;
    }
    out->push_back(f);
  }
  return true;
}

struct CorpusStats {
  uint64_t regions = 0;
  uint64_t chunks = 0;
};

// Decodes one region and checks it decoded without errors and parses as
// protobuf when `message` is set.
DecodedRegion CheckRegion(RegionDecoder& decoder, const Bytes& file,
                          ByteSpan span, int64_t kind, uint64_t block_size,
                          const std::string& field, bool message,
                          CorpusStats* stats) {
  SCOPED_TRACE(field);
  DecodedRegion region;
  ByteReader whole(file);
  ByteReader sub;
  EXPECT_TRUE(whole.Sub(span.offset, span.length, &sub))
      << "region " << span.offset << "+" << span.length << " outside file";
  DiagnosticSink sink;
  EXPECT_TRUE(decoder.DecodeRegion(sub, kind, block_size, RegionUse::kMessage,
                                   sink, field, &region));
  EXPECT_FALSE(sink.has_errors()) << Describe(sink.Take());
  EXPECT_TRUE(region.complete());
  if (message) {
    std::vector<Field> fields;
    EXPECT_TRUE(Fields(region.bytes(), &fields)) << "not a protobuf message";
  }
  ++stats->regions;
  stats->chunks += region.chunk_count();
  return region;
}

void CheckOrcFile(const std::filesystem::path& path, CorpusStats* stats) {
  SCOPED_TRACE(path.filename().string());
  std::ifstream in(path, std::ios::binary);
  const std::string contents((std::istreambuf_iterator<char>(in)),
                             std::istreambuf_iterator<char>());
  const Bytes file = FromString(contents);
  ASSERT_GT(file.size(), 4u);
  const uint64_t ps_len = static_cast<uint8_t>(file.back());
  ASSERT_LT(ps_len + 1, file.size());
  const uint64_t ps_at = file.size() - 1 - ps_len;
  std::vector<Field> ps;
  ASSERT_TRUE(Fields(std::span(file).subspan(ps_at, ps_len), &ps));
  uint64_t footer_length = 0;
  uint64_t metadata_length = 0;
  int64_t kind = kNone;
  bool has_block_size = false;
  uint64_t block_size = 0;
  for (const Field& f : ps) {
    if (f.wire != 0) continue;
    switch (f.number) {
      case 1:
        footer_length = f.value;
        break;
      case 2:
        kind = static_cast<int64_t>(f.value);
        break;
      case 3:
        has_block_size = true;
        block_size = f.value;
        break;
      case 5:
        metadata_length = f.value;
        break;
    }
  }
  block_size = EffectiveBlockSize(has_block_size, block_size);
  ASSERT_TRUE(IsKnownCompressionKind(kind));
  ASSERT_LE(footer_length + metadata_length, ps_at);
  const uint64_t footer_at = ps_at - footer_length;
  RegionDecoder decoder;
  const DecodedRegion footer =
      CheckRegion(decoder, file, {footer_at, footer_length}, kind, block_size,
                  "footer", true, stats);
  CheckRegion(decoder, file, {footer_at - metadata_length, metadata_length},
              kind, block_size, "metadata", true, stats);

  std::vector<Field> footer_fields;
  ASSERT_TRUE(Fields(footer.bytes(), &footer_fields));
  int stripe_index = 0;
  for (const Field& f : footer_fields) {
    if (f.number != 3 || f.wire != 2) continue;
    const std::string stripe = StrCat("stripes[", stripe_index++, "]");
    std::vector<Field> info;
    ASSERT_TRUE(Fields(f.bytes, &info));
    uint64_t v[5] = {};  // offset, index, data, footer lengths by number.
    for (const Field& g : info) {
      if (g.wire == 0 && g.number >= 1 && g.number <= 4) v[g.number] = g.value;
    }
    const uint64_t offset = v[1];
    const uint64_t index_length = v[2];
    const uint64_t data_length = v[3];
    const uint64_t stripe_footer_length = v[4];
    const DecodedRegion stripe_footer =
        CheckRegion(decoder, file,
                    {offset + index_length + data_length, stripe_footer_length},
                    kind, block_size, stripe + ".footer", true, stats);
    std::vector<Field> sf;
    ASSERT_TRUE(Fields(stripe_footer.bytes(), &sf));
    // Streams lie back to back from the stripe's start; an encrypted
    // stripe lists some elsewhere, so only plain stripes are walked.
    if (std::any_of(sf.begin(), sf.end(),
                    [](const Field& g) { return g.number == 4; })) {
      continue;
    }
    uint64_t at = offset;
    int stream_index = 0;
    for (const Field& g : sf) {
      if (g.number != 1 || g.wire != 2) continue;
      std::vector<Field> stream;
      ASSERT_TRUE(Fields(g.bytes, &stream));
      uint64_t stream_kind = 0;
      uint64_t length = 0;
      for (const Field& h : stream) {
        if (h.number == 1) stream_kind = h.value;
        if (h.number == 3) length = h.value;
      }
      // Row index and bloom filter streams are messages too.
      const bool message =
          stream_kind == static_cast<uint64_t>(kRowIndex) ||
          stream_kind == static_cast<uint64_t>(kBloomFilter) ||
          stream_kind == static_cast<uint64_t>(kBloomFilterUtf8);
      CheckRegion(decoder, file, {at, length}, kind, block_size,
                  StrCat(stripe, ".streams[", stream_index++, "]"), message,
                  stats);
      at += length;
    }
    EXPECT_EQ(at, offset + index_length + data_length) << stripe;
  }
}

TEST(ExternalCorpus, EveryRegionOfEveryOrcFileDecodes) {
  const std::filesystem::path root = testing::ExternalCorpusRoot();
  if (root.empty()) {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set; the ORC corpus "
                    "test needs <corpus>/orc/*.orc";
  }
  const std::filesystem::path dir = root / "orc";
  if (!std::filesystem::is_directory(dir)) {
    GTEST_SKIP() << dir << " not found; set COLCHECK_EXTERNAL_CORPUS";
  }
  const std::vector<std::filesystem::path> files =
      testing::FilesWithExtension(dir, ".orc");
  ASSERT_FALSE(files.empty());
  std::map<std::string, CorpusStats> by_file;
  for (const auto& path : files) {
    CheckOrcFile(path, &by_file[path.filename().string()]);
  }
  for (const auto& [name, stats] : by_file) {
    std::printf("%-60s %6llu regions %7llu chunks\n", name.c_str(),
                static_cast<unsigned long long>(stats.regions),
                static_cast<unsigned long long>(stats.chunks));
  }
  // The framing stress (C7): block size 100.
  const auto snappy = by_file.find("TestOrcFile.testSnappy.orc");
  if (snappy != by_file.end()) {
    EXPECT_GT(snappy->second.chunks, 1000u);
  }
}

}  // namespace
}  // namespace colcheck::orc
