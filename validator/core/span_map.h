// SpanMap: from the bytes a decoder sees to the bytes of the file.
//
// ORC compresses its metadata and streams in chunks, and Parquet its pages,
// so a protobuf message, an RLE run or a page's values are decoded from a
// buffer, not from the file. Decoders read
// that buffer through a ByteReader whose offsets are positions in the
// decoded stream ("logical" offsets), and pass every span they report or
// record through a SpanMap. For bytes stored as they are (no compression,
// or an original chunk) the map is exact; for bytes inside a compressed
// chunk it widens to the chunk(s) that hold them, the smallest span of the
// file that certainly contains the fault: ORC's ChunkMap
// (orc/compression.h) for chunked regions, WholeSpanMap below for a
// compressed Parquet page.

#ifndef COLCHECK_CORE_SPAN_MAP_H_
#define COLCHECK_CORE_SPAN_MAP_H_

#include "core/span.h"

namespace colcheck {

class SpanMap {
 public:
  virtual ~SpanMap() = default;
  // The file span holding the logical span `logical`. An empty logical span
  // maps to an empty span at the corresponding file position.
  virtual ByteSpan ToFile(ByteSpan logical) const = 0;
};

// The map of bytes read straight from the file: logical offsets are file
// offsets.
class IdentitySpanMap final : public SpanMap {
 public:
  ByteSpan ToFile(ByteSpan logical) const override { return logical; }
};

// The map of bytes decompressed from one unit the format cuts no finer: a
// Parquet page body is compressed whole, so every span maps to all of it.
class WholeSpanMap final : public SpanMap {
 public:
  explicit WholeSpanMap(ByteSpan whole) : whole_(whole) {}
  ByteSpan ToFile(ByteSpan /*logical*/) const override { return whole_; }

 private:
  ByteSpan whole_;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_SPAN_MAP_H_
