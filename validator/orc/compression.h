// ORC compression framing (ORCv1.md "Compression"; rules C1-C7 of
// ../shared/guides/orc-rules.md).
//
// With a CompressionKind other than NONE, every region of the file that
// holds one thing (a stream, a stripe footer, the Footer, the Metadata, a
// row index, a bloom filter stream) is a sequence of chunks, each a 3-byte
// little-endian header and a body; chunks never span regions.
//
//   region = chunk*                       exactly up to the region's end
//
//     byte 0      byte 1      byte 2
//   +-----------+-----------+-----------+======================+
//   | v & 0xff  | v>>8 & ff | v>>16     | body: len bytes      |
//   +-----------+-----------+-----------+======================+
//   v = b0 | b1 << 8 | b2 << 16;   isOriginal = v & 1;   len = v >> 1
//
// An original chunk's body is stored as is; any other body is one payload
// of the codec (raw DEFLATE, raw snappy, LZO1X, LZ4 block, zstd frame,
// brotli) that decodes to at most the compression block size. With NONE
// the region is raw bytes, with no headers at all (C1).
//
// DecodeRegion checks the framing, decodes the chunks into one buffer and
// returns it with a ChunkMap, so the protobuf and RLE decoders can read the
// decoded bytes at logical offsets (0 = its first byte) and report spans of
// the file.

#ifndef COLCHECK_ORC_COMPRESSION_H_
#define COLCHECK_ORC_COMPRESSION_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "codec/codec.h"
#include "core/byte_buffer.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/span.h"
#include "core/span_map.h"

namespace colcheck::orc {

// The block size readers assume when the PostScript has none (ORC-1357).
inline constexpr uint64_t kDefaultCompressionBlockSize = uint64_t{256} << 10;

// The chunk header's 23 length bits: a legal block size is below this.
inline constexpr uint64_t kBlockSizeBound = uint64_t{1} << 23;

// Whether `block_size` is legal (T7): 0 < block_size < 2^23.
constexpr bool IsValidBlockSize(uint64_t block_size) {
  return block_size > 0 && block_size < kBlockSizeBound;
}

// The block size a reader uses: the PostScript's compression_block_size
// when the writer wrote one, else the default.
constexpr uint64_t EffectiveBlockSize(bool present, uint64_t value) {
  return present ? value : kDefaultCompressionBlockSize;
}

// Whether DecodeRegion knows CompressionKind `kind` (NONE..BROTLI).
bool IsKnownCompressionKind(int64_t kind);

// One chunk of a region that decoded into the region's buffer.
struct Chunk {
  ByteSpan header;        // Its 3 header bytes; empty (at the body) under NONE.
  ByteSpan body;          // The bytes after the header.
  bool original = false;  // Stored as is (always under NONE).
  uint64_t decoded_offset = 0;  // Logical offset of its first decoded byte.
  uint64_t decoded_length = 0;  // The bytes it decoded to.
};

// Maps offsets of a region's decoded bytes to the file. Bytes of original
// chunks (and of a NONE region) map exactly; bytes of a compressed chunk
// map to that chunk's whole body; a span across chunks maps to everything
// from its first file byte to its last, headers between included.
class ChunkMap final : public SpanMap {
 public:
  // `region` is the region's file span; `chunks` are in decoded order, each
  // starting where the previous one's decoded bytes end.
  ChunkMap(ByteSpan region, std::vector<Chunk> chunks);
  ChunkMap() = default;

  // A span reaching past the decoded bytes is clamped to them first.
  ByteSpan ToFile(ByteSpan logical) const override;
  // Whether every byte of `logical` was stored as is (an original chunk),
  // so that ToFile maps it exactly; false when one was decompressed.
  bool Exact(ByteSpan logical) const;

  ByteSpan region() const { return region_; }
  // The chunks holding decoded bytes (empty ones are left out).
  const std::vector<Chunk>& chunks() const { return chunks_; }
  uint64_t decoded_size() const;

 private:
  // The file offset of logical offset `at` in `c`, where `at` is the
  // start (`end` false) or the end (`end` true) of a span.
  static uint64_t FileOffset(const Chunk& c, uint64_t at, bool end);

  ByteSpan region_;
  std::vector<Chunk> chunks_;
};

// The buffers that the regions of one decoder have given back, for its
// next regions to decode into. Bytes decoded into memory already touched
// cost no page faults and no zeroing by the kernel, which were a quarter of
// the time of a full validation; as a stripe's streams take the buffers of
// the stripe before, resident memory stays what one stripe needs. Holds at
// most kMaxBuffers buffers of limits::kMaxOrcPooledBytes in all.
class BufferPool {
 public:
  // A rewound buffer for a region of `compressed` bytes: the smallest
  // pooled one of at least 4 times that (a guess at what it decodes to)
  // and at most limits::kMaxOrcPoolExpansion times; else an empty one.
  ByteBuffer Take(uint64_t compressed);
  // Keeps `buffer` if it is of kMinBytes or more and there is room, else
  // frees it.
  void Give(ByteBuffer buffer);

 private:
  static constexpr size_t kMaxBuffers = 16;
  static constexpr size_t kMinBytes = size_t{64} << 10;
  std::vector<ByteBuffer> free_;
  uint64_t bytes_ = 0;  // The capacity of free_, in all.
};

// A decoded region: its bytes, and where they came from.
class DecodedRegion {
 public:
  DecodedRegion() = default;
  // Moving hands the bytes and their share of the decoder's budget over;
  // destroying (or overwriting) a region gives the share back.
  DecodedRegion(DecodedRegion&& other) noexcept;
  DecodedRegion& operator=(DecodedRegion&& other) noexcept;
  ~DecodedRegion();

  // The decoded bytes: a view of the file under NONE, else owned here.
  // After a fault they are the bytes decoded before it.
  std::span<const std::byte> bytes() const {
    return owned_.empty() ? view_ : owned_.bytes();
  }
  // A reader over bytes() at logical offsets (0 = the first decoded byte).
  ByteReader reader() const { return ByteReader(bytes(), 0); }
  const ChunkMap& map() const { return map_; }
  // False when a fault stopped decoding short of the region's end.
  bool complete() const { return complete_; }
  // Chunks whose framing was well formed, decoded or not (0 under NONE).
  uint64_t chunk_count() const { return chunk_count_; }
  // The 3-byte headers of the chunks of length 0, which map() leaves out
  // (they decode to nothing) but which are chunk starts all the same: a
  // row index may point at one (ORCv1.md, "Row Group Index").
  const std::vector<ByteSpan>& empty_chunks() const { return empty_chunks_; }

  // Frees the decoded bytes (a view of the file under NONE stays) and
  // gives their share of the budget back, keeping the map and the framing
  // facts above: what the index checks need of a stream whose values are
  // read.
  void DropBytes();

 private:
  friend class RegionDecoder;

  // Counts `n` more owned bytes against `budget`.
  void Charge(const std::shared_ptr<uint64_t>& budget, uint64_t n);
  void Release();
  // Gives the owned bytes back to the pool they came from, or frees them.
  void Recycle();

  ByteBuffer owned_;
  std::shared_ptr<BufferPool> pool_;  // Where owned_ goes when done.
  // The decoder's count of bytes held by live regions, and this region's
  // part of it. Shared, so a region may outlive its decoder.
  std::shared_ptr<uint64_t> budget_;
  uint64_t charged_ = 0;
  std::span<const std::byte> view_;
  ChunkMap map_;
  bool complete_ = false;
  uint64_t chunk_count_ = 0;
  std::vector<ByteSpan> empty_chunks_;
};

// How readers read a region, which decides what an empty chunk does to
// them (C5): a protobuf message is parsed to the region's end, a stream only
// as far as the values the column needs.
enum class RegionUse { kMessage, kStream };

// Decodes the regions of one file. Holds the codec contexts, reused across
// regions: make one per validation. Not thread-safe.
//
// Memory: chunks decompress straight onto the end of their region's bytes
// (a ByteBuffer, grown without copies), which hold at most
// `max_region_bytes`; all regions this decoder made that are still alive
// (a stripe's index streams and the streams of the column being read) hold
// at most `max_live_bytes`. Each is checked before a buffer grows, so no
// allocation follows a size the file merely claims.
class RegionDecoder {
 public:
  explicit RegionDecoder(uint64_t max_region_bytes = limits::kMaxOrcRegionBytes,
                         uint64_t max_live_bytes = limits::kMaxOrcLiveBytes)
      : max_region_bytes_(max_region_bytes), max_live_bytes_(max_live_bytes) {}

  // Decodes `region`, the file bytes of one region, compressed with
  // CompressionKind `kind` in chunks of at most `block_size` (the effective
  // one: EffectiveBlockSize). Reports framing and codec faults into `sink`
  // under `field` (e.g. "stripes[2].streams[5]"). Returns false, with
  // out->complete() false, when the bytes are not all decoded: a chunk runs
  // past the region's end, a chunk fails to decode or decodes to more than
  // the block size, or a limit is reached (limits.orc-region-size: the
  // region exceeds `max_region_bytes`, or the live regions
  // `max_live_bytes`). Faults that do not stop decoding (C3 chunk-too-large,
  // C5 empty chunks, trailing bytes) are reported and decoding goes on.
  // After a codec fault the remaining chunk headers are still checked, but
  // not decoded. An unknown `kind` returns false and reports nothing: the
  // PostScript's rules report the kind. `*out` is replaced, releasing what
  // it held first.
  bool DecodeRegion(const ByteReader& region, int64_t kind, uint64_t block_size,
                    RegionUse use, DiagnosticSink& sink, std::string_view field,
                    DecodedRegion* out);

 private:
  enum class ChunkOutcome { kDecoded, kFailed, kLimit };

  // C5: whether readers reach each empty chunk of a region, once its
  // chunks are known.
  static void ReportEmptyChunks(
      const std::vector<std::pair<ByteSpan, bool>>& empty,
      uint64_t last_data_chunk, RegionUse use, DiagnosticSink& sink,
      std::string_view field);

  // Decodes the body of one compressed chunk onto the end of `out`, at
  // most `room` bytes (what the region's budget has left). kDecoded adds
  // `*produced` bytes to `out`; kFailed has been reported; kLimit is the
  // caller's to report.
  ChunkOutcome DecodeChunk(int64_t kind, ByteSpan body,
                           std::span<const std::byte> input,
                           uint64_t block_size, uint64_t room,
                           DiagnosticSink& sink, std::string_view field,
                           ByteBuffer* out, uint64_t* produced);

  uint64_t max_region_bytes_;
  uint64_t max_live_bytes_;
  std::shared_ptr<uint64_t> live_ = std::make_shared<uint64_t>(0);
  // Shared with the regions, which may outlive the decoder.
  std::shared_ptr<BufferPool> pool_ = std::make_shared<BufferPool>();
  codec::Decompressor codecs_;
};

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_COMPRESSION_H_
