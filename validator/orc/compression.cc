// ORC compression framing (ORCv1.md "Compression"): chunk headers, block
// size bounds, and the codecs behind them; see compression.h.

#include "orc/compression.h"

#include <algorithm>
#include <string>
#include <utility>

#include "core/decode_counts.h"
#include "core/strings.h"
#include "orc/metadata.h"

namespace colcheck::orc {
namespace {

constexpr uint64_t kHeaderBytes = 3;

// The payload format of each CompressionKind but NONE.
codec::RawFormat FormatOf(int64_t kind) {
  switch (kind) {
    case kSnappy:
      return codec::RawFormat::kSnappy;
    case kLzo:
      return codec::RawFormat::kLzo1x;
    case kLz4:
      return codec::RawFormat::kLz4;
    case kZstd:
      return codec::RawFormat::kZstd;
    case kBrotli:
      return codec::RawFormat::kBrotli;
    default:
      return codec::RawFormat::kDeflate;
  }
}

const char* KindName(int64_t kind) {
  static constexpr const char* kNames[] = {"NONE", "ZLIB", "SNAPPY", "LZO",
                                           "LZ4",  "ZSTD", "BROTLI"};
  return IsKnownCompressionKind(kind) ? kNames[kind] : "unknown";
}

}  // namespace

bool IsKnownCompressionKind(int64_t kind) {
  return kind >= kNone && kind <= kBrotli;
}

// ---------------------------------------------------------------- ChunkMap

ChunkMap::ChunkMap(ByteSpan region, std::vector<Chunk> chunks)
    : region_(region), chunks_(std::move(chunks)) {}

uint64_t ChunkMap::decoded_size() const {
  if (chunks_.empty()) return 0;
  return chunks_.back().decoded_offset + chunks_.back().decoded_length;
}

uint64_t ChunkMap::FileOffset(const Chunk& c, uint64_t at, bool end) {
  if (c.original) return c.body.offset + (at - c.decoded_offset);
  // Which bytes of a compressed body produced a given output byte is not
  // knowable, so a span inside it widens to the whole body.
  return end ? c.body.end() : c.body.offset;
}

ByteSpan ChunkMap::ToFile(ByteSpan logical) const {
  if (chunks_.empty()) return {region_.offset, 0};
  const uint64_t size = decoded_size();
  const uint64_t begin = std::min(logical.offset, size);
  const uint64_t end = begin + std::min(logical.length, size - begin);
  // The chunk holding logical byte `at`: the first whose decoded bytes end
  // after it, or the last one for the end of the buffer.
  const auto holding = [this](uint64_t at) -> const Chunk& {
    auto it = std::upper_bound(chunks_.begin(), chunks_.end(), at,
                               [](uint64_t v, const Chunk& c) {
                                 return v < c.decoded_offset + c.decoded_length;
                               });
    if (it == chunks_.end()) --it;
    return *it;
  };
  if (begin == end) {
    const Chunk& c = holding(begin);
    const bool at_end = begin == c.decoded_offset + c.decoded_length;
    return {FileOffset(c, begin, at_end), 0};
  }
  const uint64_t file_begin = FileOffset(holding(begin), begin, false);
  const uint64_t file_end = FileOffset(holding(end - 1), end, true);
  return {file_begin, file_end - file_begin};
}

bool ChunkMap::Exact(ByteSpan logical) const {
  for (const Chunk& c : chunks_) {
    const uint64_t end = c.decoded_offset + c.decoded_length;
    const bool overlaps =
        c.decoded_offset <
            logical.offset + std::max<uint64_t>(logical.length, 1) &&
        logical.offset < end;
    if (overlaps && !c.original) return false;
  }
  return true;
}

// ---------------------------------------------------------------- regions

ByteBuffer BufferPool::Take(uint64_t compressed) {
  auto best = free_.end();
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    const uint64_t capacity = it->capacity();
    if (capacity / 4 >= compressed &&
        capacity / limits::kMaxOrcPoolExpansion <= compressed &&
        (best == free_.end() || capacity < best->capacity())) {
      best = it;
    }
  }
  if (best == free_.end()) return ByteBuffer();
  ByteBuffer buffer = std::move(*best);
  free_.erase(best);
  bytes_ -= buffer.capacity();
  buffer.Rewind();
  return buffer;
}

void BufferPool::Give(ByteBuffer buffer) {
  if (buffer.capacity() >= kMinBytes && free_.size() < kMaxBuffers &&
      buffer.capacity() <= limits::kMaxOrcPooledBytes - bytes_) {
    bytes_ += buffer.capacity();
    free_.push_back(std::move(buffer));
  }
}

DecodedRegion::DecodedRegion(DecodedRegion&& other) noexcept
    : owned_(std::move(other.owned_)),
      pool_(std::move(other.pool_)),
      budget_(std::move(other.budget_)),
      charged_(std::exchange(other.charged_, 0)),
      view_(other.view_),
      map_(std::move(other.map_)),
      complete_(other.complete_),
      chunk_count_(other.chunk_count_),
      empty_chunks_(std::move(other.empty_chunks_)) {}

DecodedRegion& DecodedRegion::operator=(DecodedRegion&& other) noexcept {
  if (this == &other) return *this;
  Release();
  Recycle();
  owned_ = std::move(other.owned_);
  pool_ = std::move(other.pool_);
  view_ = other.view_;
  map_ = std::move(other.map_);
  complete_ = other.complete_;
  chunk_count_ = other.chunk_count_;
  empty_chunks_ = std::move(other.empty_chunks_);
  budget_ = std::move(other.budget_);
  charged_ = std::exchange(other.charged_, 0);
  return *this;
}

DecodedRegion::~DecodedRegion() {
  Release();
  Recycle();
}

void DecodedRegion::Charge(const std::shared_ptr<uint64_t>& budget,
                           uint64_t n) {
  if (budget_ == nullptr) budget_ = budget;
  *budget_ += n;
  charged_ += n;
}

void DecodedRegion::DropBytes() {
  Release();
  Recycle();
}

void DecodedRegion::Recycle() {
  if (pool_ != nullptr) pool_->Give(std::move(owned_));
  owned_.Clear();
  pool_.reset();
}

void DecodedRegion::Release() {
  if (budget_ != nullptr) *budget_ -= charged_;
  charged_ = 0;
  budget_.reset();
}

// ---------------------------------------------------------------- decoding

RegionDecoder::ChunkOutcome RegionDecoder::DecodeChunk(
    int64_t kind, ByteSpan body, std::span<const std::byte> input,
    uint64_t block_size, uint64_t room, DiagnosticSink& sink,
    std::string_view field, ByteBuffer* out, uint64_t* produced) {
  // A block size of 2^23 or more is illegal (T7, reported with the
  // PostScript, and both readers refuse the file); bounding the chunk by
  // the largest legal one keeps the room reserved small whatever the file
  // claims.
  const uint64_t chunk_cap = std::min(block_size, kBlockSizeBound - 1);
  const uint64_t cap = std::min(chunk_cap, room);
  const std::span<std::byte> into = out->Reserve(cap);
  if (into.size() < cap) return ChunkOutcome::kLimit;  // No memory.
  const codec::BoundedResult r =
      codecs_.DecompressBounded(FormatOf(kind), input, into.first(cap));
  ThreadDecodeCounts().decompressed_bytes +=
      std::min<uint64_t>(r.produced, cap);
  switch (r.outcome) {
    case codec::BoundedOutcome::kOk:
      if (r.consumed < input.size()) {
        sink.Report(Code::kOrcCompressionTrailingBytes,
                    {body.offset + r.consumed, body.length - r.consumed},
                    std::string(field),
                    StrCat("the compressed chunk's payload ends after ",
                           r.consumed, " of its ", body.length, " bytes"));
      }
      *produced = r.produced;
      out->Commit(r.produced);
      return ChunkOutcome::kDecoded;
    case codec::BoundedOutcome::kTooLarge:
      // Within the block size but past the region's budget, the chunk is
      // not at fault; the size is exact where the format states it, and
      // "cap + 1" otherwise, which is within chunk_cap only when the
      // budget, not the block size, bounded the output.
      if (r.produced <= chunk_cap) return ChunkOutcome::kLimit;
      sink.Report(Code::kOrcCompressionDecompressedTooLarge, body,
                  std::string(field),
                  StrCat("the compressed chunk decodes to more than the ",
                         "compression block size of ", block_size,
                         " bytes: ", r.detail));
      return ChunkOutcome::kFailed;
    case codec::BoundedOutcome::kCorrupt:
      break;
  }
  sink.Report(Code::kOrcCompressionCodecError, body, std::string(field),
              StrCat("the compressed chunk is not a valid ", KindName(kind),
                     " payload: ", r.detail));
  return ChunkOutcome::kFailed;
}

// ORC C++ (DecompressionStream) fails on a compressed chunk of length 0, for
// no codec decompresses empty input, and returns 0 bytes for an original
// one, past which RleDecoderV2::readByte reads the next chunk's header as
// data; protobuf skips empty buffers. ORC Java copes with both. So an empty
// chunk harms a stream when data follows it, and a message when it is
// compressed. Old Hive and Spark write an empty stream as one empty chunk,
// which nothing reads.
void RegionDecoder::ReportEmptyChunks(
    const std::vector<std::pair<ByteSpan, bool>>& empty,
    uint64_t last_data_chunk, RegionUse use, DiagnosticSink& sink,
    std::string_view field) {
  for (const auto& [header, original] : empty) {
    const bool before_data = header.offset < last_data_chunk;
    const bool harmful = use == RegionUse::kStream ? before_data : !original;
    if (!harmful) {
      sink.Report(Code::kOrcCompressionEmptyChunkSkipped, header,
                  std::string(field),
                  use == RegionUse::kStream
                      ? "a chunk of length 0 after the stream's data"
                      : "an original chunk of length 0 in a message");
    } else if (use == RegionUse::kStream) {
      sink.Report(Code::kOrcCompressionEmptyChunk, header, std::string(field),
                  StrCat(original ? "an original" : "a compressed",
                         " chunk of length 0 before the stream's data"));
    } else {
      sink.Report(Code::kOrcCompressionEmptyChunk, header, std::string(field),
                  "a compressed chunk of length 0 in a message");
    }
  }
}

bool RegionDecoder::DecodeRegion(const ByteReader& region, int64_t kind,
                                 uint64_t block_size, RegionUse use,
                                 DiagnosticSink& sink, std::string_view field,
                                 DecodedRegion* out) {
  *out = DecodedRegion();
  const ByteSpan span{region.begin_offset(), region.size()};
  if (!IsKnownCompressionKind(kind)) {
    out->map_ = ChunkMap(span, {});
    return false;
  }
  if (kind == kNone) {
    // C1: no headers; the region is its own decoded bytes, not copied.
    std::vector<Chunk> chunks;
    if (span.length > 0) {
      chunks.push_back(Chunk{{span.offset, 0}, span, true, 0, span.length});
    }
    out->view_ = region.data();
    out->map_ = ChunkMap(span, std::move(chunks));
    out->complete_ = true;
    return true;
  }

  ByteReader r(region.data(), region.begin_offset());
  std::vector<Chunk> chunks;
  out->owned_ = pool_->Take(region.size());
  out->pool_ = pool_;
  ByteBuffer& bytes = out->owned_;
  // Cleared at the first chunk that cannot be decoded; the headers after
  // it are still walked, since their framing is independent of it.
  bool decoding = true;
  bool framed = true;
  std::vector<std::pair<ByteSpan, bool>> empty;  // headers, original
  uint64_t last_data_chunk = 0;  // header offset of the last non-empty chunk
  const auto over_limit = [&](ByteSpan chunk) {
    sink.Report(
        Code::kLimitsOrcRegionSize, span, std::string(field),
        StrCat("the region decodes to more than colcheck's limit (",
               max_region_bytes_, " bytes per region, ", max_live_bytes_,
               " for the regions held at once) at the chunk at "
               "offset ",
               chunk.offset, "; its contents were not checked"));
    decoding = false;
  };
  while (!r.empty()) {
    const uint64_t at = r.position();
    std::span<const std::byte> header;
    if (!r.ReadBytes(kHeaderBytes, &header)) {
      sink.Report(Code::kOrcCompressionChunkTruncated, {at, r.remaining()},
                  std::string(field),
                  StrCat("a chunk header needs 3 bytes but the region has ",
                         r.remaining(), " left"));
      framed = false;
      break;
    }
    const uint32_t v = static_cast<uint32_t>(header[0]) |
                       static_cast<uint32_t>(header[1]) << 8 |
                       static_cast<uint32_t>(header[2]) << 16;
    const bool original = (v & 1) != 0;
    const uint64_t len = v >> 1;
    const ByteSpan header_span{at, kHeaderBytes};
    if (len == 0) {
      empty.emplace_back(header_span, original);
      ++out->chunk_count_;
      out->empty_chunks_.push_back(header_span);
      continue;
    }
    last_data_chunk = at;
    if (len > block_size) {
      sink.Report(
          Code::kOrcCompressionChunkTooLarge, header_span, std::string(field),
          StrCat(original ? "an original" : "a compressed", " chunk of ", len,
                 " bytes exceeds the compression block size of ", block_size));
    }
    std::span<const std::byte> body;
    if (!r.ReadBytes(len, &body)) {
      // The header's length is the fault; the bytes after it are only
      // what it fails to cover.
      sink.Report(
          Code::kOrcCompressionChunkTruncated, header_span, std::string(field),
          StrCat("a chunk of ", len, " bytes runs ", len - r.remaining(),
                 " bytes past the end of its region"));
      framed = false;
      break;
    }
    ++out->chunk_count_;
    if (!decoding) continue;
    const ByteSpan body_span{at + kHeaderBytes, len};
    const uint64_t live = std::min(*live_, max_live_bytes_);
    const uint64_t room =
        std::min(max_region_bytes_ - bytes.size(), max_live_bytes_ - live);
    uint64_t produced = 0;
    if (original) {
      if (len > room || !bytes.Append(body)) {
        over_limit(header_span);
        continue;
      }
      produced = len;
    } else {
      switch (DecodeChunk(kind, body_span, body, block_size, room, sink, field,
                          &bytes, &produced)) {
        case ChunkOutcome::kDecoded:
          break;
        case ChunkOutcome::kLimit:
          over_limit(header_span);
          continue;
        case ChunkOutcome::kFailed:
          decoding = false;
          continue;
      }
    }
    out->Charge(live_, produced);
    if (produced > 0) {
      chunks.push_back(Chunk{header_span, body_span, original,
                             bytes.size() - produced, produced});
    }
  }
  ReportEmptyChunks(empty, last_data_chunk, use, sink, field);
  out->map_ = ChunkMap(span, std::move(chunks));
  out->complete_ = decoding && framed;
  return out->complete_;
}

}  // namespace colcheck::orc
