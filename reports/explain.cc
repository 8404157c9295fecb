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
#include "reports/values.h"

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
      : in_(in),
        out_(out),
        stripes_(in.layout.containers == Containers::kStripes) {
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
      if (!r.field.empty() && r.container >= 0) {
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
    if (stripes_) {
      // A stripe's streams are listed flat under it, each naming its
      // column: a column's index and data streams are apart.
      if (r.container != rg_) {
        rg_ = r.container;
        if (rg_ >= 0) StripeHeading();
      }
      return;
    }
    if (r.container != rg_) {
      rg_ = r.container;
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
      // With its key, the pages under it are the decrypted structure.
      if (c->encrypted) out_->append(", encrypted");
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
  const bool stripes_;
  int32_t rg_ = -1;
  int32_t column_ = -1;
};

void AppendFooterText(const std::vector<FieldNode>& nodes, std::string* out) {
  out->append("footer fields:\n");
  for (const FieldNode& n : nodes) {
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
    if (!n.enum_name.empty())
      out->append(" (" + std::string(n.enum_name) + ")");
    // Strings and bytes already read as the value does.
    if (n.typed.kind != ValueKind::kNone &&
        n.typed.kind != ValueKind::kString &&
        n.typed.kind != ValueKind::kBytes) {
      out->append(" (");
      AppendSanitized(QuotedValueText(n.typed), out);
      out->push_back(')');
    }
    out->push_back('\n');
  }
}

// ---- JSON ---------------------------------------------------------------------

void JsonPage(const PageInfo& p, JsonWriter* json) {
  json->BeginObject();
  json->Key("type").Enum(p.type, PageTypeName(p.type));
  json->Key("header_length").Uint(p.header_length);
  json->Key("compressed_size").IntOrNull(p.compressed_size);
  json->Key("uncompressed_size").IntOrNull(p.uncompressed_size);
  json->Key("encoding").Enum(p.encoding, EncodingName(p.encoding));
  json->Key("codec").Enum(p.codec, CodecName(p.codec));
  json->Key("num_values").IntOrNull(p.num_values);
  json->Key("num_nulls").IntOrNull(p.num_nulls);
  json->Key("num_rows").IntOrNull(p.num_rows);
  json->Key("first_row").IntOrNull(p.first_row);
  json->Key("ordinal").IntOrNull(p.ordinal);
  json->EndObject();
}

void JsonStream(const StreamInfo& st, JsonWriter* json) {
  json->BeginObject();
  json->Key("kind").Enum(st.kind, OrcStreamKindName(st.kind));
  json->Key("index").IntOrNull(st.index);
  json->Key("encoding").Enum(st.encoding, OrcEncodingKindName(st.encoding));
  json->Key("chunks").IntOrNull(st.chunks);
  json->EndObject();
}

// The members every region has.
void JsonRegionMembers(const Region& r, JsonWriter* json) {
  json->Key("kind").String(RegionKindName(r.kind));
  json->Key("offset").Uint(r.offset);
  json->Key("length").Uint(r.length);
  json->Key("field").String(r.field);
  json->Key("row_group").IntOrNull(r.container);
  json->Key("column").IntOrNull(r.column);
  json->Key("page");
  if (r.page.type >= 0) {
    JsonPage(r.page, json);
  } else {
    json->Null();
  }
}

void JsonRegion(const Region& r, JsonWriter* json) {
  json->BeginObject();
  JsonRegionMembers(r, json);
  json->EndObject();
}

// ORC regions also carry "stream" (Parquet documents keep their shape).
void JsonOrcRegion(const Region& r, JsonWriter* json) {
  json->BeginObject();
  JsonRegionMembers(r, json);
  json->Key("stream");
  if (r.stream.index >= 0) {
    JsonStream(r.stream, json);
  } else {
    json->Null();
  }
  json->EndObject();
}

// Writes `"key":[item, item, ...]` with `each` writing one item.
template <typename T, typename F>
void JsonArray(std::string_view key, const std::vector<T>& items, F each,
               JsonWriter* json) {
  json->Key(key).BeginArray();
  for (const T& item : items) each(item, json);
  json->EndArray();
}

void JsonStripe(const StripeExtent& e, JsonWriter* json) {
  json->BeginObject();
  json->Key("stripe").IntOrNull(e.stripe);
  json->Key("offset").Uint(e.offset);
  json->Key("length").Uint(e.length);
  json->Key("index_length").Uint(e.index_length);
  json->Key("data_length").Uint(e.data_length);
  json->Key("footer_length").Uint(e.footer_length);
  json->Key("num_rows").IntOrNull(e.num_rows);
  json->Key("streams").IntOrNull(e.streams);
  json->Key("writer_timezone").String(e.writer_timezone);
  json->EndObject();
}

void JsonOverlap(const Overlap& o, JsonWriter* json) {
  json->BeginObject();
  json->Key("first").Uint(o.first);
  json->Key("second").Uint(o.second);
  json->Key("offset").Uint(o.offset);
  json->Key("length").Uint(o.length);
  json->EndObject();
}

void JsonRowGroup(const RowGroupExtent& e, JsonWriter* json) {
  json->BeginObject();
  json->Key("row_group").IntOrNull(e.row_group);
  json->Key("offset").Uint(e.offset);
  json->Key("length").Uint(e.length);
  json->Key("num_rows").IntOrNull(e.num_rows);
  json->EndObject();
}

void JsonChunk(const ChunkExtent& c, JsonWriter* json) {
  json->BeginObject();
  json->Key("row_group").IntOrNull(c.row_group);
  json->Key("column").IntOrNull(c.column);
  json->Key("path").String(c.path);
  json->Key("offset").Uint(c.offset);
  json->Key("length").Uint(c.length);
  json->Key("codec").Enum(c.codec, CodecName(c.codec));
  json->Key("encrypted").Bool(c.encrypted);
  json->EndObject();
}

void JsonLayout(const Layout& layout, JsonWriter* json) {
  if (layout.containers == Containers::kStripes) {
    JsonArray("regions", layout.regions, JsonOrcRegion, json);
  } else {
    JsonArray("regions", layout.regions, JsonRegion, json);
  }
  JsonArray("overlaps", layout.overlaps, JsonOverlap, json);
  JsonArray("row_groups", layout.row_groups, JsonRowGroup, json);
  JsonArray("chunks", layout.chunks, JsonChunk, json);
}

void JsonAccounting(const LayoutAccounting& a, JsonWriter* json) {
  json->Key("accounting").BeginObject();
  json->Key("regions").Uint(a.regions);
  json->Key("region_bytes").Uint(a.region_bytes);
  json->Key("gap_bytes").Uint(a.gap_bytes);
  json->Key("overlap_bytes").Uint(a.overlap_bytes);
  json->Key("accounted").Uint(a.accounted);
  json->EndObject();
}

void JsonNode(const FieldNode& n, JsonWriter* json) {
  json->BeginObject();
  json->Key("name").String(n.name);
  // A Thrift id is an i16, written as its 16 bits; protobuf numbers are
  // positive.
  json->Key("id").Uint(n.id < 0
                           ? static_cast<uint64_t>(static_cast<uint16_t>(n.id))
                           : static_cast<uint64_t>(n.id));
  json->Key("type").String(n.type);
  json->Key("offset").Uint(n.offset);
  json->Key("length").Uint(n.length);
  json->Key("depth").Uint(n.depth);
  json->Key("value").String(n.value);
  json->Key("enum").StringOrNull(n.enum_name);
  json->Key("decoded");
  WriteValueJson(n.typed, json);
  json->EndObject();
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
    out.append(inspection.layout.containers == Containers::kStripes
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
  JsonWriter json(&out);
  BeginJsonDocument(&json);
  json.Key("file").String(path);
  json.Key("format").String(FormatName(inspection.report.format));
  json.Key("size").Uint(inspection.layout.file_size);
  json.Key("verdict").String(VerdictName(inspection.report.verdict));
  json.Key("capped").Bool(inspection.layout.capped);
  JsonLayout(inspection.layout, &json);
  JsonAccounting(AccountLayout(inspection.layout), &json);
  JsonArray("diagnostics", inspection.report.diagnostics, WriteJsonDiagnostic,
            &json);
  if (footer) JsonArray("footer", inspection.footer, JsonNode, &json);
  if (inspection.layout.containers == Containers::kStripes) {
    JsonArray("stripes", inspection.layout.stripes, JsonStripe, &json);
  }
  json.EndObject();
  out.push_back('\n');
  return out;
}

std::string RenderFooterFieldsText(std::string_view path,
                                   const Inspection& inspection) {
  std::string out = "file: ";
  AppendSanitized(path, &out);
  out.push_back('\n');
  AppendFooterText(inspection.footer, &out);
  if (inspection.footer_capped) {
    out.append("!! field limit reached: later fields are not listed\n");
  }
  return out;
}

std::string RenderFooterFieldsJson(std::string_view path,
                                   const Inspection& inspection) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("footer_capped").Bool(inspection.footer_capped);
  JsonArray("footer", inspection.footer, JsonNode, &json);
  json.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
