// The inspection of an ORC file: where its parts lie, its type tree and the
// fields of its PostScript and Footer, for `colcheck explain`, `schema` and
// `report`.
//
//   0      3                                           T0                  L
//   +------+-------------------------------------------+-----+----+----+---+-+
//   | ORC  | stripe 0: index streams | data streams |  | enc | Me | Fo | PS |l|
//   |      |           stripe footer | stripe 1 ...    | ss  | ta | ot |    | |
//   +------+-------------------------------------------+-----+----+----+---+-+
//
// The collector is an observer (orc/orc_validator.h) of ValidateBytes' one
// pass: it sees the tail, the Footer and the stripe footers as the
// validation decodes them, so a hostile file is as safe to inspect as to
// validate, and every region is clamped to the file before it is recorded.

#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/byte_reader.h"
#include "core/limits.h"
#include "core/strings.h"
#include "inspect/field_tree.h"
#include "inspect/inspect_internal.h"
#include "orc/footer.h"
#include "orc/metadata.h"
#include "orc/tail.h"
#include "orc/types.h"

namespace colcheck::inspect {
namespace {

// [offset, offset + length) cut to the file; nullopt when it starts past
// the end.
std::optional<ByteSpan> ClampToFile(uint64_t offset, uint64_t length,
                                    uint64_t size) {
  if (offset >= size) return std::nullopt;
  return ByteSpan{offset, std::min(length, size - offset)};
}

bool IsIndexStream(int64_t kind) {
  return kind == orc::kRowIndex || kind == orc::kBloomFilter ||
         kind == orc::kBloomFilterUtf8 || kind == orc::kEncryptedIndex;
}

// Chunks of a compressed stream, from their 3-byte headers alone; -1 when a
// header or body runs past the stream (the validation says why).
int64_t CountChunks(const ByteReader& stream) {
  ByteReader r = stream;
  int64_t chunks = 0;
  while (r.remaining() > 0) {
    std::span<const std::byte> header;
    if (!r.ReadBytes(3, &header)) return -1;
    const uint32_t v = std::to_integer<uint32_t>(header[0]) |
                       std::to_integer<uint32_t>(header[1]) << 8 |
                       std::to_integer<uint32_t>(header[2]) << 16;
    if (!r.Skip(v >> 1)) return -1;
    ++chunks;
  }
  return chunks;
}

// ---- the collector -----------------------------------------------------

// "stripes[2].streams[5]"
std::string StreamField(size_t stripe, size_t stream) {
  return StrCat("stripes[", stripe, "].streams[", stream, "]");
}

std::string StripeField(size_t stripe, std::string_view part) {
  std::string out = StrCat("stripes[", stripe, "]");
  if (!part.empty()) {
    out.push_back('.');
    out.append(part);
  }
  return out;
}

class OrcCollector : public OrcInspector {
 public:
  OrcCollector(const ByteReader& file, const InspectOptions& options,
               const InspectLimits& limits, Inspection* out)
      : file_(file), options_(options), limits_(limits), out_(out) {}

  FieldTrace* MessageTrace(std::string_view message) override;
  void Tail(const orc::Tail& tail, bool read) override;
  void Footer(const orc::Footer& footer, const orc::TypeTree& types) override;
  void StripeStatistics(const orc::Metadata& metadata) override;
  bool WantsRowIndexes() const override { return options_.page_index; }
  void RowIndexes(size_t index,
                  std::span<const orc::RowIndex* const> columns) override;
  void Stripe(size_t index, const orc::StripeInformation& info,
              const orc::StripeFooter* footer) override;
  void Finish() override;
  std::string RegionCapMessage(size_t regions) const override {
    return StrCat("inspection recorded ", regions,
                  " streams; the rest of each stripe is one stripe-rest "
                  "region");
  }

 private:
  void AddRegion(RegionKind kind, ByteSpan span, std::string field,
                 int32_t stripe = -1, int32_t column = -1);
  void CopyFileFields(const orc::Footer& footer);
  void CopyPostScript(const orc::PostScript& ps);
  void BuildTypes(const orc::Footer& footer, const orc::TypeTree& tree);
  // Places the streams of a decoded stripe footer from `begin`; returns
  // where the placed ones end.
  uint64_t AddStreams(size_t index, const orc::StripeFooter& footer,
                      uint64_t begin, uint64_t area_end);

  const ByteReader& file_;
  const InspectOptions& options_;
  const InspectLimits limits_;
  Inspection* out_;
  orc::Tail tail_;
  bool footer_ok_ = false;
  // The footer tree (options.footer_fields), built as the pass decodes
  // each message: a "message" node, then the message's fields.
  struct TracedMessage {
    size_t node = 0;  // Index into Inspection::footer.
    std::optional<FieldTree> tree;
  };
  TracedMessage postscript_;
  TracedMessage footer_;
  bool footer_cut_ = false;  // No room was left for the Footer's node.
  size_t streams_ = 0;
  std::vector<Region> regions_;
  // Metadata.stripeStats, until the stripes are listed.
  std::vector<std::vector<ColumnStatistics>> stripe_statistics_;
};

void OrcCollector::AddRegion(RegionKind kind, ByteSpan span, std::string field,
                             int32_t stripe, int32_t column) {
  const std::optional<ByteSpan> clamped =
      ClampToFile(span.offset, span.length, file_.size());
  if (!clamped || clamped->length == 0) return;
  Region r;
  r.kind = kind;
  r.offset = clamped->offset;
  r.length = clamped->length;
  r.field = std::move(field);
  r.container = stripe;
  r.column = column;
  regions_.push_back(std::move(r));
}

FieldTrace* OrcCollector::MessageTrace(std::string_view message) {
  std::vector<FieldNode>& nodes = out_->footer;
  const size_t max = limits_.field_nodes;
  if (!options_.footer_fields) return nullptr;
  if (nodes.size() >= max) {
    footer_cut_ = true;
    return nullptr;
  }
  const bool footer = message == "footer";
  TracedMessage& traced = footer ? footer_ : postscript_;
  traced.node = nodes.size();
  FieldNode n;
  n.name = std::string(message);
  n.type = "message";
  if (footer) {
    n.offset = tail_.footer.offset;
    n.length = tail_.footer.length;
  }
  nodes.push_back(std::move(n));
  return &traced.tree.emplace(/*depth=*/1, max, &nodes);
}

void OrcCollector::Tail(const orc::Tail& tail, bool read) {
  tail_ = tail;
  CopyPostScript(tail.postscript);
  if (postscript_.tree) {
    // Asked for before the PostScript was found; when it was not, nothing
    // was traced.
    std::vector<FieldNode>& nodes = out_->footer;
    if (tail.postscript_bytes.length == 0) {
      nodes.resize(postscript_.node);
      postscript_.tree.reset();
    } else {
      nodes[postscript_.node].offset = tail.postscript_bytes.offset;
      nodes[postscript_.node].length = tail.postscript_bytes.length;
    }
  }
  if (AsChars(file_.Bytes({0, 3})) == "ORC") {
    AddRegion(RegionKind::kOrcMagic, {0, 3}, "magic");
  }
  AddRegion(RegionKind::kOrcPsLen, tail_.ps_len, "psLen");
  AddRegion(RegionKind::kOrcPostScript, tail_.postscript_bytes, "postscript");
  if (!read) return;
  AddRegion(RegionKind::kOrcFooter, tail_.footer, "footer");
  AddRegion(RegionKind::kOrcMetadata, tail_.metadata, "metadata");
  AddRegion(RegionKind::kOrcEncryptedStripeStatistics, tail_.stripe_statistics,
            "stripe_statistics");
}

void OrcCollector::Footer(const orc::Footer& footer,
                          const orc::TypeTree& types) {
  footer_ok_ = true;
  CopyFileFields(footer);
  BuildTypes(footer, types);
}

template <typename T>
int64_t OrUnset(const Spanned<T>& field) {
  if (!field.present) return -1;
  return static_cast<uint64_t>(field.value) > INT64_MAX
             ? INT64_MAX
             : static_cast<int64_t>(field.value);
}

void OrcCollector::CopyPostScript(const orc::PostScript& ps) {
  OrcFileInfo& info = out_->orc;
  info.compression = OrUnset(ps.compression);
  info.compression_block_size = OrUnset(ps.compression_block_size);
  for (const auto& v : ps.version.value) info.version.push_back(v.value);
  info.writer_version = OrUnset(ps.writer_version);
  info.metadata_length = OrUnset(ps.metadata_length);
  info.footer_length = OrUnset(ps.footer_length);
}

void OrcCollector::StripeStatistics(const orc::Metadata& metadata) {
  for (const auto& stripe : metadata.stripe_stats.value) {
    std::vector<ColumnStatistics>& columns = stripe_statistics_.emplace_back();
    for (const auto& column : stripe.value.col_stats.value) {
      columns.push_back(OrcStatistics(column));
    }
  }
}

void OrcCollector::RowIndexes(size_t index,
                              std::span<const orc::RowIndex* const> columns) {
  // Stripe() listed the stripe just before.
  if (out_->layout.stripes.empty() ||
      out_->layout.stripes.back().stripe != static_cast<int32_t>(index)) {
    return;
  }
  std::vector<OrcRowIndex>& out = out_->layout.stripes.back().row_indexes;
  for (size_t c = 0; c < columns.size(); ++c) {
    if (columns[c] == nullptr) continue;
    OrcRowIndex& index_of = out.emplace_back();
    index_of.column = static_cast<int64_t>(c);
    for (const auto& entry : columns[c]->entry.value) {
      OrcRowIndexEntry& e = index_of.entries.emplace_back();
      for (const auto& p : entry.value.positions.value) {
        e.positions.push_back(p.value);
      }
      e.statistics = OrcStatistics(entry.value.statistics);
    }
  }
}

void OrcCollector::CopyFileFields(const orc::Footer& footer) {
  OrcFileInfo& info = out_->orc;
  info.writer = OrUnset(footer.writer);
  info.row_index_stride = OrUnset(footer.row_index_stride);
  info.calendar = OrUnset(footer.calendar);
  info.content_length = OrUnset(footer.content_length);
  for (const auto& column : footer.statistics.value) {
    info.statistics.push_back(OrcStatistics(column));
  }
  if (footer.number_of_rows.present) {
    out_->num_rows = footer.number_of_rows.value > INT64_MAX
                         ? INT64_MAX
                         : static_cast<int64_t>(footer.number_of_rows.value);
  }
  if (footer.software_version.present) {
    out_->created_by = std::string(footer.software_version.value);
  } else if (footer.writer.present) {
    out_->created_by = StrCat("writer ", footer.writer.value);
  }
  for (const auto& item : footer.metadata.value) {
    out_->key_value_metadata.emplace_back(
        std::string(item.value.name.value),
        std::string(AsChars(item.value.value.value)));
  }
}

void OrcCollector::BuildTypes(const orc::Footer& footer,
                              const orc::TypeTree& tree) {
  Schema& schema = out_->schema;
  const auto& types = footer.types.value;
  schema.ok = tree.valid;
  schema.orc_types.reserve(types.size());
  for (const auto& spanned : types) {
    const orc::Type& t = spanned.value;
    OrcType o;
    o.kind = t.kind.present ? t.kind.value : -1;
    for (const auto& child : t.subtypes.value) {
      o.children.push_back(child.value > INT32_MAX
                               ? INT32_MAX
                               : static_cast<int32_t>(child.value));
    }
    if (t.maximum_length.present) o.maximum_length = t.maximum_length.value;
    if (t.precision.present) o.precision = t.precision.value;
    if (t.scale.present) o.scale = t.scale.value;
    for (const auto& a : t.attributes.value) {
      o.attributes.emplace_back(std::string(a.value.key.value),
                                std::string(a.value.value.value));
    }
    o.offset = spanned.span.offset;
    o.length = spanned.span.length;
    schema.orc_types.push_back(std::move(o));
  }
  if (!tree.valid) return;
  // A valid tree numbers its types in pre-order: every child id is
  // greater than its parent's, so one pass in id order sees each parent's
  // path before its children.
  for (size_t id = 0; id < schema.orc_types.size(); ++id) {
    OrcType& parent = schema.orc_types[id];
    const auto& names = types[id].value.field_names.value;
    for (size_t j = 0; j < parent.children.size(); ++j) {
      const auto child = static_cast<size_t>(parent.children[j]);
      if (child >= schema.orc_types.size() || child <= id) continue;
      OrcType& c = schema.orc_types[child];
      c.parent = static_cast<int32_t>(id);
      if (parent.kind == orc::kStruct && j < names.size()) {
        c.name = std::string(names[j].value);
      }
      c.path = parent.path;
      if (!c.name.empty()) {
        if (!c.path.empty()) c.path.push_back('.');
        c.path.append(c.name);
      }
    }
  }
}

uint64_t OrcCollector::AddStreams(size_t index, const orc::StripeFooter& footer,
                                  uint64_t begin, uint64_t area_end) {
  const auto& streams = footer.streams.value;
  const auto& encodings = footer.columns.value;
  const auto stripe = static_cast<int32_t>(index);
  uint64_t cursor = begin;
  for (size_t i = 0; i < streams.size(); ++i) {
    if (streams_ >= limits_.regions) {
      out_->layout.capped = true;
      break;
    }
    const orc::Stream& s = streams[i].value;
    // Streams carry no offsets: each starts where the one before ends.
    if (s.length.value > UINT64_MAX - cursor) break;
    const ByteSpan span{cursor, s.length.value};
    cursor += s.length.value;
    const auto column =
        static_cast<int32_t>(std::min<uint64_t>(s.column.value, INT32_MAX));
    const size_t before = regions_.size();
    AddRegion(IsIndexStream(s.kind.value) ? RegionKind::kOrcIndexStream
                                          : RegionKind::kOrcDataStream,
              span, StreamField(index, i), stripe, column);
    if (regions_.size() == before) continue;
    ++streams_;
    StreamInfo& info = regions_.back().stream;
    info.kind = s.kind.present ? s.kind.value : -1;
    info.index = static_cast<int64_t>(i);
    if (s.column.value < encodings.size() &&
        encodings[s.column.value].value.kind.present) {
      info.encoding = encodings[s.column.value].value.kind.value;
    }
    ByteReader bytes;
    if (tail_.compression != orc::kNone &&
        file_.Sub(regions_.back().offset, regions_.back().length, &bytes) &&
        regions_.back().length == span.length) {
      info.chunks = CountChunks(bytes);
    }
  }
  return std::min(cursor, area_end);
}

void OrcCollector::Stripe(size_t index, const orc::StripeInformation& info,
                          const orc::StripeFooter* footer) {
  uint64_t end = 0;
  if (!orc::StripeEnd(info, &end)) return;
  const auto stripe = static_cast<int32_t>(index);
  const uint64_t begin = info.offset.value;
  StripeExtent extent;
  extent.stripe = stripe;
  extent.index_length = info.index_length.value;
  extent.data_length = info.data_length.value;
  extent.footer_length = info.footer_length.value;
  if (info.number_of_rows.present) {
    extent.num_rows = info.number_of_rows.value > INT64_MAX
                          ? INT64_MAX
                          : static_cast<int64_t>(info.number_of_rows.value);
  }
  if (const std::optional<ByteSpan> clamped =
          ClampToFile(begin, end - begin, file_.size())) {
    extent.offset = clamped->offset;
    extent.length = clamped->length;
  }
  const ByteSpan footer_span{end - info.footer_length.value,
                             info.footer_length.value};
  AddRegion(RegionKind::kOrcStripeFooter, footer_span,
            StripeField(index, "footer"), stripe);
  const uint64_t area_end = footer_span.offset;
  uint64_t walked = begin;
  if (footer != nullptr) {
    extent.streams = static_cast<int64_t>(footer->streams.value.size());
    extent.writer_timezone = std::string(footer->writer_timezone.value);
    for (const auto& encoding : footer->columns.value) {
      extent.encodings.push_back(encoding.value.kind.value);
    }
    walked = AddStreams(index, *footer, begin, area_end);
  }
  if (index < stripe_statistics_.size()) {
    extent.statistics = std::move(stripe_statistics_[index]);
  }
  if (walked < area_end) {
    AddRegion(RegionKind::kOrcStripeRest, {walked, area_end - walked},
              StripeField(index, ""), stripe);
  }
  out_->layout.stripes.push_back(std::move(extent));
}

void OrcCollector::Finish() {
  out_->layout.containers = Containers::kStripes;
  out_->schema.kind = SchemaKind::kOrcTypes;
  if (postscript_.tree) out_->footer_capped |= postscript_.tree->capped();
  if (footer_.tree) {
    // A Footer that did not decode shows no fields.
    if (footer_ok_) {
      out_->footer_capped |= footer_.tree->capped();
    } else {
      out_->footer.resize(footer_.node);
    }
  }
  out_->footer_capped |= footer_cut_ && footer_ok_;
  AnnotateOrcFields(&out_->footer);
  FinishLayout(std::move(regions_), &out_->layout);
}

}  // namespace

std::unique_ptr<OrcInspector> MakeOrcInspector(const ByteReader& file,
                                               const InspectOptions& options,
                                               const InspectLimits& limits,
                                               Inspection* out) {
  return std::make_unique<OrcCollector>(file, options, limits, out);
}

}  // namespace colcheck::inspect
