// Row group indexes (row_index.h): entry counts, the positions of each
// entry against the streams they seek in, and the groups' statistics
// against the stripe's.

#include "orc/row_index.h"

#include <string>

#include "core/strings.h"
#include "orc/encryption.h"
#include "orc/metadata_decoder.h"
#include "orc/statistics.h"
#include "protobuf/wire_reader.h"

namespace colcheck::orc {
namespace {

// How a stream's position after the chunk/byte offset goes on.
enum class Positions : uint8_t {
  kRaw,      // byte offset only (float, double, string blobs, decimal DATA)
  kRuns,     // + values to skip (byte RLE, integer RLE)
  kBits,     // + byte-RLE run count + bits (booleans, PRESENT)
};

int Count(Positions p) {
  return p == Positions::kRaw ? 1 : (p == Positions::kRuns ? 2 : 3);
}

struct SeekStream {
  int64_t kind;
  Positions positions;
};

bool IsDictionary(int64_t encoding) {
  return encoding == kDictionary || encoding == kDictionaryV2;
}

// RI3's table: the streams an entry seeks, in order, after PRESENT.
std::vector<SeekStream> SeekStreams(const Type& type, int64_t encoding,
                                    bool decimal64) {
  switch (type.kind.value) {
    case kBoolean:
      return {{kData, Positions::kBits}};
    case kByte:
    case kShort:
    case kInt:
    case kLong:
    case kDate:
    case kUnion:
      return {{kData, Positions::kRuns}};
    case kFloat:
    case kDouble:
      return {{kData, Positions::kRaw}};
    case kString:
    case kChar:
    case kVarchar:
      if (IsDictionary(encoding)) return {{kData, Positions::kRuns}};
      return {{kData, Positions::kRaw}, {kLength, Positions::kRuns}};
    case kBinary:
    case kGeometry:
    case kGeography:
      return {{kData, Positions::kRaw}, {kLength, Positions::kRuns}};
    case kDecimal:
      if (decimal64 && type.precision.value > 0 && type.precision.value <= 18) {
        return {{kData, Positions::kRuns}};
      }
      return {{kData, Positions::kRaw}, {kSecondary, Positions::kRuns}};
    case kTimestamp:
    case kTimestampInstant:
      return {{kData, Positions::kRuns}, {kSecondary, Positions::kRuns}};
    case kList:
    case kMap:
      return {{kLength, Positions::kRuns}};
    default:  // STRUCT
      return {};
  }
}

bool IsDecimal64File(const Tail& tail) {
  const auto& v = tail.postscript.version.value;
  return v.size() == 2 && v[0].value == 1 && v[1].value == 9999;
}

std::string EntryPath(size_t stripe, size_t column, size_t entry) {
  return StrCat("stripes[", stripe, "].row_index[", column, "].entry[", entry,
                "]");
}

// RI4: one stream's positions of one entry, starting at positions[at].
class PositionCheck {
 public:
  PositionCheck(const DecodedRegion* stream, bool compressed,
                const std::string& path, DiagnosticSink& sink)
      : stream_(stream), compressed_(compressed), path_(path), sink_(sink) {}

  // Returns false after a report (one per entry).
  bool Check(const SpannedList<uint64_t>& positions, size_t at,
             SeekStream s) {
    const auto& p = positions.value;
    const uint64_t first = p[at].value;
    if (compressed_) {
      const uint64_t offset = p[at + 1].value;
      if (!ChunkPosition(first, offset, p[at], p[at + 1])) return false;
      ++at;
    } else {
      const uint64_t size = stream_ == nullptr ? 0 : stream_->bytes().size();
      if (first > size) {
        return Fault(p[at], StrCat("byte offset ", first,
                                   " is past the stream's ", size, " bytes"));
      }
    }
    if (s.positions == Positions::kBits) {
      const auto& bits = p[at + 2];
      if (bits.value > 8) {
        sink_.Report(Code::kOrcIndexBitCount, bits.span, path_ + ".positions",
                     StrCat("skips ", bits.value, " bits of a byte"));
        return false;
      }
    }
    return true;
  }

 private:
  bool Fault(const Spanned<uint64_t>& at, const std::string& message) {
    sink_.Report(Code::kOrcIndexPositionOutOfRange, at.span,
                 path_ + ".positions", message);
    return false;
  }

  bool ChunkPosition(uint64_t chunk_start, uint64_t offset,
                     const Spanned<uint64_t>& chunk_at,
                     const Spanned<uint64_t>& offset_at) {
    if (stream_ == nullptr) {
      if (chunk_start == 0 && offset == 0) return true;
      return Fault(chunk_at, "position in a stream the stripe does not have");
    }
    const ChunkMap& map = stream_->map();
    const uint64_t base = map.region().offset;
    if (chunk_start == map.region().length) {
      if (offset == 0) return true;  // The stream's end (Trino #31210).
      return Fault(offset_at,
                   StrCat("offset ", offset, " past the end of the stream"));
    }
    for (const Chunk& c : map.chunks()) {
      if (c.header.offset - base != chunk_start) continue;
      return ChunkOffset(offset, c.decoded_length, offset_at);
    }
    // An empty chunk starts a chunk too (its position is the start of the
    // next one's decoded bytes), as Hive writes for a column of nulls.
    for (const ByteSpan& header : stream_->empty_chunks()) {
      if (header.offset - base == chunk_start) {
        return ChunkOffset(offset, 0, offset_at);
      }
    }
    return Fault(chunk_at, StrCat("chunk start ", chunk_start,
                                  " is not a chunk boundary of the stream"));
  }

  bool ChunkOffset(uint64_t offset, uint64_t decoded_length,
                   const Spanned<uint64_t>& offset_at) {
    if (offset <= decoded_length) return true;
    return Fault(offset_at, StrCat("offset ", offset, " is past the chunk's ",
                                   decoded_length, " decompressed bytes"));
  }

  const DecodedRegion* stream_;
  bool compressed_;
  const std::string& path_;
  DiagnosticSink& sink_;
};

class RowIndexCheck {
 public:
  RowIndexCheck(const IndexContext& context, size_t stripe_index,
                const StripeInformation& stripe, const StripeFooter& footer,
                const StripeData& data, DiagnosticSink& sink)
      : context_(context), stripe_index_(stripe_index), stripe_(stripe),
        footer_(footer), data_(data), sink_(sink),
        compressed_(context.tail.compression != kNone) {}

  void Column(uint32_t c, const ColumnIndexes& indexes) {
    const RowIndex& index = *indexes.row_index;
    const auto& entries = index.entry.value;
    const uint64_t stride = context_.footer.row_index_stride.value;
    const uint64_t want =
        RowGroupCount(stripe_.number_of_rows.value, stride);
    if (stride > 0 && entries.size() != want) {
      sink_.Report(
          Code::kOrcIndexEntryCount, indexes.row_index_span,
          StrCat("stripes[", stripe_index_, "].row_index[", c, "]"),
          StrCat(entries.size(), " entries for ", stripe_.number_of_rows.value,
                 " rows at stride ", stride, " (want ", want, ")"));
    }
    Positions(c, entries);
    Statistics(c, entries);
  }

 private:
  void Positions(uint32_t c,
                 const ModelList<Spanned<RowIndexEntry>>& entries) {
    if (c >= footer_.columns.value.size()) return;
    const Type& type = context_.footer.types.value[c].value;
    const int64_t encoding = footer_.columns.value[c].value.kind.value;
    std::vector<SeekStream> streams;
    if (data_.Find(c, kPresent) != nullptr || HasStream(c, kPresent)) {
      streams.push_back({kPresent, Positions::kBits});
    }
    for (const SeekStream& s :
         SeekStreams(type, encoding, IsDecimal64File(context_.tail))) {
      streams.push_back(s);
    }
    size_t want = 0;
    for (const SeekStream& s : streams) {
      want += Count(s.positions) + (compressed_ ? 1 : 0);
    }
    for (size_t e = 0; e < entries.size(); ++e) {
      const RowIndexEntry& entry = entries[e].value;
      const auto& positions = entry.positions;
      const std::string path = EntryPath(stripe_index_, c, e);
      if (e == 0 && positions.value.empty() && want > 0) {
        sink_.Report(Code::kOrcIndexFirstEntryEmpty, entries[e].span, path,
                     "the first entry has no positions (ORC-621)");
        continue;
      }
      if (positions.value.size() != want) {
        sink_.Report(
            Code::kOrcIndexPositionCount,
            positions.present ? positions.span : entries[e].span,
            path + ".positions",
            StrCat(positions.value.size(),
                   " positions where the column's streams need ", want));
        continue;
      }
      size_t at = 0;
      for (const SeekStream& s : streams) {
        PositionCheck check(data_.Find(c, s.kind), compressed_, path, sink_);
        if (!check.Check(positions, at, s)) break;
        at += Count(s.positions) + (compressed_ ? 1 : 0);
      }
    }
  }

  bool HasStream(uint32_t c, int64_t kind) const {
    for (const StreamRegion& s : data_.layout->streams) {
      if (s.column == c && s.kind == kind) return true;
    }
    return false;
  }

  // RI5: the groups' statistics add up to the stripe's.
  void Statistics(uint32_t c,
                  const ModelList<Spanned<RowIndexEntry>>& entries) {
    const Metadata* metadata = context_.metadata;
    if (metadata == nullptr || entries.empty()) return;
    const auto& stripes = metadata->stripe_stats.value;
    if (stripe_index_ >= stripes.size()) return;
    const auto& cols = stripes[stripe_index_].value.col_stats.value;
    if (c >= cols.size()) return;
    std::vector<const ColumnStatistics*> parts;
    for (const auto& e : entries) {
      if (!e.value.statistics.present) return;
      parts.push_back(&e.value.statistics.value);
    }
    const int64_t kind = context_.footer.types.value[c].value.kind.value;
    const StatsColumn column{
        kind, UntrustedStatistics(
                  kind, context_.tail.postscript.writer_version.value)};
    CheckAggregate(
        column, parts, cols[c], Code::kOrcIndexStatistics,
        StrCat("metadata.stripe_stats[", stripe_index_, "].col_stats[", c, "]"),
        "row groups", sink_);
  }

  const IndexContext& context_;
  const size_t stripe_index_;
  const StripeInformation& stripe_;
  const StripeFooter& footer_;
  const StripeData& data_;
  DiagnosticSink& sink_;
  const bool compressed_;
};

}  // namespace

uint64_t RowGroupCount(uint64_t rows, uint64_t stride) {
  if (stride == 0) return rows > 0 ? 1 : 0;
  return rows / stride + (rows % stride != 0 ? 1 : 0);
}

StripeIndexes DecodeStripeIndexes(const IndexContext& context, size_t index,
                                  const StripeData& data,
                                  DiagnosticSink* sink) {
  StripeIndexes out;
  const size_t types = context.footer.types.value.size();
  out.columns.resize(types);
  const std::vector<bool> encrypted = EncryptedColumns(context);
  for (size_t c = 0; c < types && c < encrypted.size(); ++c) {
    out.columns[c].encrypted = encrypted[c];
  }
  if (data.layout == nullptr) return out;
  const auto& streams = data.layout->streams;
  // Reserved up front: the columns point into these vectors.
  out.row_indexes.reserve(streams.size());
  out.blooms.reserve(streams.size());
  DiagnosticSink dropped;
  DiagnosticSink& report = sink != nullptr ? *sink : dropped;
  for (size_t i = 0; i < streams.size() && i < data.streams.size(); ++i) {
    const StreamRegion& s = streams[i];
    if (s.column >= types) continue;
    const bool row_index = s.kind == kRowIndex;
    const bool bloom = s.kind == kBloomFilter || s.kind == kBloomFilterUtf8;
    if (!row_index && !bloom) continue;
    const DecodedRegion& region = data.streams[i];
    if (!region.complete()) continue;
    // The original kind is decoded on the side first: a stream in Hive's
    // pre-release layout fails only with wrong wire types, and is noted
    // rather than reported as corrupt.
    DiagnosticSink side;
    const bool original = s.kind == kBloomFilter;
    protobuf::Decoder d(region.reader(), region.map(),
                        original ? &side : &report);
    d.PushName("stripes");
    d.PushIndex(static_cast<int64_t>(index));
    d.PushName("streams");
    d.PushIndex(static_cast<int64_t>(s.index));
    ColumnIndexes& column = out.columns[s.column];
    if (row_index) {
      RowIndex model;
      if (!DecodeRowIndex(d, &model)) continue;
      out.row_indexes.push_back(std::move(model));
      column.row_index = &out.row_indexes.back();
      column.row_index_span = s.bytes;
    } else {
      BloomFilterIndex model;
      const bool decoded = DecodeBloomFilterIndex(d, &model);
      if (original) {
        std::vector<Diagnostic> found = side.Take();
        bool legacy = !found.empty();
        for (const Diagnostic& f : found) {
          legacy &= f.code == Code::kProtobufWrongWireType;
        }
        if (legacy) {
          column.legacy_bloom = true;
          column.bloom_span[0] = s.bytes;
          continue;
        }
        for (Diagnostic& f : found) {
          report.Report(f.code, {f.offset, f.length}, std::move(f.field),
                        std::move(f.message));
        }
      }
      if (!decoded) continue;
      out.blooms.push_back(std::move(model));
      const int utf8 = s.kind == kBloomFilterUtf8 ? 1 : 0;
      column.bloom[utf8] = &out.blooms.back();
      column.bloom_span[utf8] = s.bytes;
    }
  }
  return out;
}

void CheckRowIndexes(const IndexContext& context, size_t index,
                     const StripeInformation& stripe,
                     const StripeFooter& footer, const StripeData& data,
                     const StripeIndexes& indexes, DiagnosticSink& sink) {
  if (data.layout == nullptr) return;
  RowIndexCheck check(context, index, stripe, footer, data, sink);
  for (size_t c = 0; c < indexes.columns.size(); ++c) {
    if (indexes.columns[c].row_index == nullptr) continue;
    if (indexes.columns[c].encrypted) continue;
    check.Column(static_cast<uint32_t>(c), indexes.columns[c]);
  }
}

}  // namespace colcheck::orc
