// The explain renderers: see explain.h for both formats. The text walks the
// sorted regions once, opening a row group or chunk heading whenever a
// region belongs to a different one than the line before, so a file whose
// chunks interleave or overlap still reads in offset order.

#include "reports/explain.h"

#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "reports/json.h"

namespace colcheck {
namespace {

void AppendUint(uint64_t v, std::string* out) { out->append(std::to_string(v)); }

// Control characters of file-supplied strings as \xNN, so one region stays
// one line and no escape sequence reaches the terminal.
void AppendSanitized(std::string_view value, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (const char c : value) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out->append("\\x");
      out->push_back(kHex[byte >> 4]);
      out->push_back(kHex[byte & 0xf]);
    } else {
      out->push_back(c);
    }
  }
}

// An enum value's IDL name, or its number when the enum lacks it.
std::string EnumText(std::string_view (*name)(int32_t), int32_t value) {
  const std::string_view n = name(value);
  return n.empty() ? std::to_string(value) : std::string(n);
}

// ---- text ---------------------------------------------------------------------

// The width of the offset and length columns.
constexpr size_t kColumns = 23;

void AppendOffsetLength(uint64_t offset, uint64_t length, std::string* out) {
  char buf[48];
  std::snprintf(buf, sizeof(buf), "%12" PRIu64 " %10" PRIu64, offset, length);
  out->append(buf);
}

void AppendPageDetails(const PageInfo& p, std::string* out) {
  out->append("  header ");
  AppendUint(p.header_length, out);
  out->append(", body ");
  out->append(p.compressed_size >= 0 ? std::to_string(p.compressed_size)
                                     : "?");
  out->append(" (");
  out->append(p.uncompressed_size >= 0 ? std::to_string(p.uncompressed_size)
                                       : "?");
  out->append(" uncompressed), ");
  out->append(EnumText(PageTypeName, p.type));
  if (p.encoding >= 0) out->append(" " + EnumText(EncodingName, p.encoding));
  if (p.codec >= 0) out->append(" " + EnumText(CodecName, p.codec));
  const struct {
    int64_t value;
    const char* label;
  } counts[] = {{p.num_values, " values"},
                {p.num_nulls, " nulls"},
                {p.num_rows, " rows"}};
  for (const auto& c : counts) {
    if (c.value < 0) continue;
    out->append(", " + std::to_string(c.value) + c.label);
  }
  if (p.first_row >= 0) out->append(", first row " + std::to_string(p.first_row));
}

// An ORC stream: its kind, column, encoding and compression chunks.
void AppendStreamDetails(const StreamInfo& st, int32_t column,
                         std::string* out) {
  out->append("  ");
  out->append(st.kind < 0 ? std::string("?")
              : OrcStreamKindName(st.kind).empty()
                  ? "kind " + std::to_string(st.kind)
                  : std::string(OrcStreamKindName(st.kind)));
  out->append(" column " + std::to_string(column));
  if (st.encoding >= 0) {
    const std::string_view e = OrcEncodingKindName(st.encoding);
    out->append(", ");
    out->append(e.empty() ? "encoding " + std::to_string(st.encoding)
                          : std::string(e));
  }
  if (st.chunks >= 0) {
    out->append(", " + std::to_string(st.chunks) +
                (st.chunks == 1 ? " chunk" : " chunks"));
  }
}

class TextWriter {
 public:
  TextWriter(const Inspection& in, std::string* out)
      : in_(in), out_(out), orc_(in.report.format == Format::kOrc) {
    // Layout::chunks is row group by row group; a heading finds its chunk
    // from the row group's first, so 10^5 chunks cost no quadratic search.
    const std::vector<ChunkExtent>& chunks = in.layout.chunks;
    for (size_t i = 0; i < chunks.size(); ++i) {
      const auto rg = static_cast<size_t>(chunks[i].row_group);
      if (rg >= first_chunk_.size()) first_chunk_.resize(rg + 1, i);
    }
  }

  void Regions() {
    const Layout& layout = in_.layout;
    size_t next_overlap = 0;
    for (size_t i = 0; i < layout.regions.size(); ++i) {
      const Region& r = layout.regions[i];
      Headings(r);
      AppendOffsetLength(r.offset, r.length, out_);
      out_->append(Indent());
      if (r.kind == RegionKind::kGap) out_->append("!! ");
      out_->append(RegionKindName(r.kind));
      // The file's own parts (magic, footer, ...) are named by their kind.
      if (!r.field.empty() && r.row_group >= 0) {
        out_->append("  ");
        AppendSanitized(r.field, out_);
      }
      if (r.page.type >= 0) AppendPageDetails(r.page, out_);
      if (r.stream.index >= 0) AppendStreamDetails(r.stream, r.column, out_);
      // Overlaps are listed in the order of their second region.
      while (next_overlap < layout.overlaps.size() &&
             layout.overlaps[next_overlap].second <= i) {
        Overlap(layout.overlaps[next_overlap++]);
      }
      out_->push_back('\n');
    }
  }

 private:
  // Headings and regions start after the offset and length columns.
  std::string Indent() const {
    return std::string(2 + (rg_ < 0 ? 0 : (column_ < 0 ? 2 : 4)), ' ');
  }

  void Overlap(const colcheck::Overlap& o) {
    const Region& first = in_.layout.regions[o.first];
    out_->append("  !! overlap with ");
    out_->append(RegionKindName(first.kind));
    if (!first.field.empty()) {
      out_->push_back(' ');
      AppendSanitized(first.field, out_);
    }
    out_->append(" at ");
    AppendUint(o.offset, out_);
    out_->push_back('+');
    AppendUint(o.length, out_);
  }

  void Headings(const Region& r) {
    if (orc_) {
      // A stripe's streams are listed flat under it, each naming its
      // column: a column's index and data streams are apart.
      if (r.row_group != rg_) {
        rg_ = r.row_group;
        if (rg_ >= 0) StripeHeading();
      }
      return;
    }
    if (r.row_group != rg_) {
      rg_ = r.row_group;
      column_ = -1;
      if (rg_ >= 0) RowGroupHeading();
    }
    if (r.column != column_) {
      column_ = r.column;
      if (column_ >= 0) ChunkHeading();
    }
  }

  void RowGroupHeading() {
    out_->append(std::string(kColumns, ' ') + "  row group " +
                 std::to_string(rg_));
    if (static_cast<size_t>(rg_) < in_.layout.row_groups.size()) {
      const RowGroupExtent& e = in_.layout.row_groups[rg_];
      out_->append(": " + std::to_string(e.offset) + "+" +
                   std::to_string(e.length));
      if (e.num_rows >= 0) {
        out_->append(", " + std::to_string(e.num_rows) + " rows");
      }
    }
    out_->push_back('\n');
  }

  void StripeHeading() {
    out_->append(std::string(kColumns, ' ') + "  stripe " +
                 std::to_string(rg_));
    const StripeExtent* e = FindStripe();
    if (e != nullptr) {
      out_->append(": " + std::to_string(e->offset) + "+" +
                   std::to_string(e->length) + ", index " +
                   std::to_string(e->index_length) + ", data " +
                   std::to_string(e->data_length) + ", footer " +
                   std::to_string(e->footer_length));
      if (e->num_rows >= 0) {
        out_->append(", " + std::to_string(e->num_rows) + " rows");
      }
      if (e->streams >= 0) {
        out_->append(", " + std::to_string(e->streams) + " streams");
      }
      if (!e->writer_timezone.empty()) {
        out_->append(", time zone ");
        AppendSanitized(e->writer_timezone, out_);
      }
    }
    out_->push_back('\n');
  }

  // Layout::stripes is in stripe order, but a stripe whose lengths
  // overflow has no extent.
  const StripeExtent* FindStripe() const {
    const std::vector<StripeExtent>& stripes = in_.layout.stripes;
    const auto i = static_cast<size_t>(rg_);
    if (i < stripes.size() && stripes[i].stripe == rg_) return &stripes[i];
    for (const StripeExtent& e : stripes) {
      if (e.stripe == rg_) return &e;
    }
    return nullptr;
  }

  void ChunkHeading() {
    out_->append(std::string(kColumns, ' ') + "    column " +
                 std::to_string(column_));
    if (const ChunkExtent* c = FindChunk()) {
      out_->append(" \"");
      AppendSanitized(c->path, out_);
      out_->append("\": " + std::to_string(c->offset) + "+" +
                   std::to_string(c->length));
      if (c->codec >= 0) out_->append(", " + EnumText(CodecName, c->codec));
    }
    out_->push_back('\n');
  }

  const ChunkExtent* FindChunk() const {
    const auto rg = static_cast<size_t>(rg_);
    if (rg >= first_chunk_.size()) return nullptr;
    const size_t i = first_chunk_[rg] + static_cast<size_t>(column_);
    const std::vector<ChunkExtent>& chunks = in_.layout.chunks;
    if (i >= chunks.size() || chunks[i].row_group != rg_ ||
        chunks[i].column != column_) {
      return nullptr;
    }
    return &chunks[i];
  }

  const Inspection& in_;
  std::string* out_;
  std::vector<size_t> first_chunk_;  // Per row group, into Layout::chunks.
  const bool orc_;
  int32_t rg_ = -1;
  int32_t column_ = -1;
};

void AppendFooterText(const std::vector<ThriftNode>& nodes, std::string* out) {
  out->append("footer fields:\n");
  for (const ThriftNode& n : nodes) {
    out->append(2 + 2 * static_cast<size_t>(n.depth), ' ');
    AppendSanitized(n.name, out);
    out->append(" (" + std::to_string(n.id) + ", ");
    out->append(n.type);
    out->append(") " + std::to_string(n.offset) + "+" +
                std::to_string(n.length));
    if (!n.value.empty()) {
      out->append(" = ");
      AppendSanitized(n.value, out);
    }
    out->push_back('\n');
  }
}

// ---- JSON ---------------------------------------------------------------------

void JsonInt(std::string_view key, int64_t v, std::string* out) {
  AppendJsonKey(key, out);
  out->append(v < 0 ? "null" : std::to_string(v));
}

void JsonUint(std::string_view key, uint64_t v, std::string* out) {
  AppendJsonKey(key, out);
  AppendUint(v, out);
}

void JsonEnum(std::string_view key, std::string_view (*name)(int32_t),
              int32_t v, std::string* out) {
  AppendJsonKey(key, out);
  if (v < 0) {
    out->append("null");
  } else if (name(v).empty()) {
    out->append(std::to_string(v));
  } else {
    AppendJsonString(name(v), out);
  }
}

void JsonPage(const PageInfo& p, std::string* out) {
  out->push_back('{');
  JsonEnum("type", PageTypeName, p.type, out);
  out->push_back(',');
  JsonUint("header_length", p.header_length, out);
  out->push_back(',');
  JsonInt("compressed_size", p.compressed_size, out);
  out->push_back(',');
  JsonInt("uncompressed_size", p.uncompressed_size, out);
  out->push_back(',');
  JsonEnum("encoding", EncodingName, p.encoding, out);
  out->push_back(',');
  JsonEnum("codec", CodecName, p.codec, out);
  out->push_back(',');
  JsonInt("num_values", p.num_values, out);
  out->push_back(',');
  JsonInt("num_nulls", p.num_nulls, out);
  out->push_back(',');
  JsonInt("num_rows", p.num_rows, out);
  out->push_back(',');
  JsonInt("first_row", p.first_row, out);
  out->push_back(',');
  JsonInt("ordinal", p.ordinal, out);
  out->push_back('}');
}

void JsonStream(const StreamInfo& st, std::string* out) {
  out->push_back('{');
  AppendJsonKey("kind", out);
  if (st.kind < 0) {
    out->append("null");
  } else if (OrcStreamKindName(st.kind).empty()) {
    out->append(std::to_string(st.kind));
  } else {
    AppendJsonString(OrcStreamKindName(st.kind), out);
  }
  out->push_back(',');
  JsonInt("index", st.index, out);
  out->push_back(',');
  AppendJsonKey("encoding", out);
  if (st.encoding < 0) {
    out->append("null");
  } else if (OrcEncodingKindName(st.encoding).empty()) {
    out->append(std::to_string(st.encoding));
  } else {
    AppendJsonString(OrcEncodingKindName(st.encoding), out);
  }
  out->push_back(',');
  JsonInt("chunks", st.chunks, out);
  out->push_back('}');
}

// ORC regions also carry "stream" (Parquet documents keep their shape).
void JsonOrcRegion(const Region& r, std::string* out);

void JsonRegion(const Region& r, std::string* out) {
  out->append("{\"kind\":\"");
  out->append(RegionKindName(r.kind));
  out->append("\",");
  JsonUint("offset", r.offset, out);
  out->push_back(',');
  JsonUint("length", r.length, out);
  out->append(",\"field\":");
  AppendJsonString(r.field, out);
  out->push_back(',');
  JsonInt("row_group", r.row_group, out);
  out->push_back(',');
  JsonInt("column", r.column, out);
  out->append(",\"page\":");
  if (r.page.type >= 0) {
    JsonPage(r.page, out);
  } else {
    out->append("null");
  }
  out->push_back('}');
}

// Appends `[item, item, ...]` with `each` writing one item.
template <typename T, typename F>
void JsonArray(std::string_view key, const std::vector<T>& items, F each,
               std::string* out) {
  out->append(",\"");
  out->append(key);
  out->append("\":[");
  for (size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out->push_back(',');
    each(items[i], out);
  }
  out->push_back(']');
}

void JsonOrcRegion(const Region& r, std::string* out) {
  JsonRegion(r, out);
  out->pop_back();
  out->append(",\"stream\":");
  if (r.stream.index >= 0) {
    JsonStream(r.stream, out);
  } else {
    out->append("null");
  }
  out->push_back('}');
}

void JsonStripes(const std::vector<StripeExtent>& stripes, std::string* out) {
  JsonArray("stripes", stripes,
            [](const StripeExtent& e, std::string* s) {
              s->push_back('{');
              JsonInt("stripe", e.stripe, s);
              s->push_back(',');
              JsonUint("offset", e.offset, s);
              s->push_back(',');
              JsonUint("length", e.length, s);
              s->push_back(',');
              JsonUint("index_length", e.index_length, s);
              s->push_back(',');
              JsonUint("data_length", e.data_length, s);
              s->push_back(',');
              JsonUint("footer_length", e.footer_length, s);
              s->push_back(',');
              JsonInt("num_rows", e.num_rows, s);
              s->push_back(',');
              JsonInt("streams", e.streams, s);
              s->append(",\"writer_timezone\":");
              AppendJsonString(e.writer_timezone, s);
              s->push_back('}');
            },
            out);
}

void JsonLayout(const Layout& layout, bool orc, std::string* out) {
  if (orc) {
    JsonArray("regions", layout.regions, JsonOrcRegion, out);
  } else {
    JsonArray("regions", layout.regions, JsonRegion, out);
  }
  JsonArray("overlaps", layout.overlaps,
            [](const Overlap& o, std::string* s) {
              s->push_back('{');
              JsonUint("first", o.first, s);
              s->push_back(',');
              JsonUint("second", o.second, s);
              s->push_back(',');
              JsonUint("offset", o.offset, s);
              s->push_back(',');
              JsonUint("length", o.length, s);
              s->push_back('}');
            },
            out);
  JsonArray("row_groups", layout.row_groups,
            [](const RowGroupExtent& e, std::string* s) {
              s->push_back('{');
              JsonInt("row_group", e.row_group, s);
              s->push_back(',');
              JsonUint("offset", e.offset, s);
              s->push_back(',');
              JsonUint("length", e.length, s);
              s->push_back(',');
              JsonInt("num_rows", e.num_rows, s);
              s->push_back('}');
            },
            out);
  JsonArray("chunks", layout.chunks,
            [](const ChunkExtent& c, std::string* s) {
              s->push_back('{');
              JsonInt("row_group", c.row_group, s);
              s->push_back(',');
              JsonInt("column", c.column, s);
              s->append(",\"path\":");
              AppendJsonString(c.path, s);
              s->push_back(',');
              JsonUint("offset", c.offset, s);
              s->push_back(',');
              JsonUint("length", c.length, s);
              s->push_back(',');
              JsonEnum("codec", CodecName, c.codec, s);
              s->push_back('}');
            },
            out);
}

void JsonAccounting(const LayoutAccounting& a, std::string* out) {
  out->append(",\"accounting\":{");
  JsonUint("regions", a.regions, out);
  out->push_back(',');
  JsonUint("region_bytes", a.region_bytes, out);
  out->push_back(',');
  JsonUint("gap_bytes", a.gap_bytes, out);
  out->push_back(',');
  JsonUint("overlap_bytes", a.overlap_bytes, out);
  out->push_back(',');
  JsonUint("accounted", a.accounted, out);
  out->push_back('}');
}

void JsonNode(const ThriftNode& n, std::string* out) {
  out->append("{\"name\":");
  AppendJsonString(n.name, out);
  out->push_back(',');
  // A Thrift id is an i16, written as its 16 bits; protobuf numbers are
  // positive.
  JsonUint("id",
           n.id < 0 ? static_cast<uint64_t>(static_cast<uint16_t>(n.id))
                    : static_cast<uint64_t>(n.id),
           out);
  out->append(",\"type\":");
  AppendJsonString(n.type, out);
  out->push_back(',');
  JsonUint("offset", n.offset, out);
  out->push_back(',');
  JsonUint("length", n.length, out);
  out->push_back(',');
  JsonUint("depth", n.depth, out);
  out->append(",\"value\":");
  AppendJsonString(n.value, out);
  out->push_back('}');
}

}  // namespace

LayoutAccounting AccountLayout(const Layout& layout) {
  LayoutAccounting a;
  a.regions = layout.regions.size();
  for (const Region& r : layout.regions) {
    (r.kind == RegionKind::kGap ? a.gap_bytes : a.region_bytes) += r.length;
  }
  for (const Overlap& o : layout.overlaps) a.overlap_bytes += o.length;
  a.accounted = a.region_bytes + a.gap_bytes - a.overlap_bytes;
  return a;
}

std::string RenderExplainText(std::string_view path,
                              const Inspection& inspection, bool footer) {
  std::string out;
  AppendSanitized(path, &out);
  out.append(": " + std::to_string(inspection.layout.file_size) + " bytes, ");
  out.append(FormatName(inspection.report.format));
  out.append(", ");
  out.append(VerdictName(inspection.report.verdict));
  out.push_back('\n');
  out.append("      offset     length\n");
  TextWriter(inspection, &out).Regions();
  const LayoutAccounting a = AccountLayout(inspection.layout);
  out.append(std::to_string(a.regions) + " regions, " +
             std::to_string(a.region_bytes) + " bytes in regions, " +
             std::to_string(a.gap_bytes) + " bytes in gaps, " +
             std::to_string(a.overlap_bytes) +
             " bytes overlapping: accounts for " +
             std::to_string(a.accounted) + " of " +
             std::to_string(inspection.layout.file_size) + " bytes\n");
  if (inspection.layout.capped) {
    out.append(inspection.report.format == Format::kOrc
                   ? "!! stream limit reached: later streams are within "
                     "stripe-rest\n"
                   : "!! page limit reached: later pages are within "
                     "chunk-rest\n");
  }
  if (footer) AppendFooterText(inspection.footer, &out);
  return out;
}

std::string RenderExplainJson(std::string_view path,
                              const Inspection& inspection, bool footer) {
  std::string out;
  AppendJsonDocumentStart(&out);
  out.append("\"file\":");
  AppendJsonString(path, &out);
  out.append(",\"format\":");
  AppendJsonString(FormatName(inspection.report.format), &out);
  out.push_back(',');
  JsonUint("size", inspection.layout.file_size, &out);
  out.append(",\"verdict\":");
  AppendJsonString(VerdictName(inspection.report.verdict), &out);
  out.append(",\"capped\":");
  out.append(inspection.layout.capped ? "true" : "false");
  const bool orc = inspection.report.format == Format::kOrc;
  JsonLayout(inspection.layout, orc, &out);
  JsonAccounting(AccountLayout(inspection.layout), &out);
  JsonArray("diagnostics", inspection.report.diagnostics,
            AppendJsonDiagnostic, &out);
  if (footer) JsonArray("footer", inspection.footer, JsonNode, &out);
  if (orc) JsonStripes(inspection.layout.stripes, &out);
  out.append("}\n");
  return out;
}

}  // namespace colcheck
