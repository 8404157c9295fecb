#include "reports/pages.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "core/strings.h"
#include "reports/json.h"
#include "reports/json_writer.h"
#include "reports/values.h"

namespace colcheck {
namespace {

bool IsDataPage(RegionKind kind) {
  return kind == RegionKind::kDataPage || kind == RegionKind::kDataPageV2;
}

bool IsPage(RegionKind kind) {
  return IsDataPage(kind) || kind == RegionKind::kDictionaryPage ||
         kind == RegionKind::kIndexPage;
}

std::string Count(int64_t value) {
  return value < 0 ? "?" : std::to_string(value);
}

// "1 value", "3 values", "? values"; `many` for an irregular plural.
std::string Counted(int64_t value, std::string_view one,
                    std::string_view many = {}) {
  if (value == 1) return StrCat("1 ", one);
  return many.empty() ? StrCat(Count(value), " ", one, "s")
                      : StrCat(Count(value), " ", many);
}

std::string EnumText(std::string_view name, int64_t value) {
  if (value < 0) return "?";
  return name.empty() ? std::to_string(value) : std::string(name);
}

// The page regions of each chunk, in file order, by the chunk's index in
// Layout::chunks: one pass over the regions, however many chunks.
std::vector<std::vector<const Region*>> PagesByChunk(const Layout& layout) {
  std::vector<size_t> first;  // Per row group, into layout.chunks.
  for (size_t i = 0; i < layout.chunks.size(); ++i) {
    const auto rg = static_cast<size_t>(layout.chunks[i].row_group);
    while (first.size() <= rg) first.push_back(i);
  }
  std::vector<std::vector<const Region*>> pages(layout.chunks.size());
  for (const Region& r : layout.regions) {
    if (!IsPage(r.kind) || r.container < 0 || r.column < 0 ||
        static_cast<size_t>(r.container) >= first.size()) {
      continue;
    }
    const size_t i = first[r.container] + static_cast<size_t>(r.column);
    if (i < pages.size() && layout.chunks[i].row_group == r.container &&
        layout.chunks[i].column == r.column) {
      pages[i].push_back(&r);
    }
  }
  return pages;
}

// The index entry of each page: data pages take the entries in order.
std::vector<const PageIndexEntry*> EntriesOf(
    const std::vector<const Region*>& pages, const PageIndex& index) {
  std::vector<const PageIndexEntry*> entries(pages.size(), nullptr);
  size_t next = 0;
  for (size_t i = 0; i < pages.size(); ++i) {
    if (!IsDataPage(pages[i]->kind)) continue;
    if (next < index.pages.size()) entries[i] = &index.pages[next];
    ++next;
  }
  return entries;
}

size_t DataPages(const std::vector<const Region*>& pages) {
  size_t n = 0;
  for (const Region* p : pages) n += IsDataPage(p->kind) ? 1 : 0;
  return n;
}

// "!! offset index: offset 150, the page is at 151"
std::string DisagreementText(std::string_view field, const Region& page,
                             const PageIndexEntry& e) {
  if (field == "offset") {
    return StrCat("offset index: offset ", e.offset, ", the page is at ",
                  page.offset);
  }
  if (field == "compressed_page_size") {
    return StrCat("offset index: compressed_page_size ", e.compressed_size,
                  ", the page takes ",
                  Counted(static_cast<int64_t>(page.length), "byte"));
  }
  if (field == "first_row_index") {
    return StrCat("offset index: first_row_index ", e.first_row_index,
                  ", the page starts at row ", page.page.first_row);
  }
  if (field == "null_count") {
    return StrCat("column index: null_count ", e.null_count, ", the page has ",
                  Counted(page.page.num_nulls, "null"));
  }
  return StrCat("column index: null_pages says ",
                e.null_page == 1 ? "only nulls" : "not only nulls",
                ", the page has ", Counted(page.page.num_nulls, "null"), " in ",
                Counted(page.page.num_values, "value"));
}

void WritePageText(const Region& r, const PageIndexEntry* e, std::string* out) {
  const PageInfo& p = r.page;
  *out += StrCat("  page ", Count(p.ordinal), ": ",
                 EnumText(PageTypeName(p.type), p.type), " at ", r.offset, "+",
                 r.length, " (header ", p.header_length, "), ",
                 EnumText(EncodingName(p.encoding), p.encoding), ", ",
                 Counted(p.num_values, "value"));
  if (IsDataPage(r.kind)) {
    *out +=
        StrCat(", ", Counted(p.num_nulls, "null"), ", ",
               Counted(p.num_rows, "row"), " from row ", Count(p.first_row));
  }
  *out += "\n";
  if (e == nullptr) return;
  *out += StrCat("    index: at ", Count(e->offset), ", ",
                 Counted(e->compressed_size, "byte"), ", first row ",
                 Count(e->first_row_index));
  if (e->null_page == 1) *out += ", a null page";
  if (e->null_count >= 0) *out += ", " + Counted(e->null_count, "null");
  if (e->min.kind != ValueKind::kNone) {
    *out += ", min " + QuotedValueText(e->min);
  }
  if (e->max.kind != ValueKind::kNone) {
    *out += ", max " + QuotedValueText(e->max);
  }
  *out += "\n";
  for (const std::string_view field : PageIndexDisagreements(r, *e)) {
    *out += "    !! " + DisagreementText(field, r, *e) + "\n";
  }
}

void WriteParquetText(const Inspection& in, std::string* out) {
  const auto pages = PagesByChunk(in.layout);
  for (size_t i = 0; i < in.layout.chunks.size(); ++i) {
    const ChunkExtent& c = in.layout.chunks[i];
    const PageIndex& index = c.page_index;
    *out +=
        StrCat("row group ", c.row_group, ", column ", c.column, " ",
               EscapedText(c.path), ": ", EnumText(CodecName(c.codec), c.codec),
               ", ", Counted(static_cast<int64_t>(pages[i].size()), "page"));
    if (index.has_column_index) {
      *out +=
          ", column index " + EnumText(BoundaryOrderName(index.boundary_order),
                                       index.boundary_order);
    }
    if (index.has_offset_index) *out += ", offset index";
    *out += "\n";
    const size_t data_pages = DataPages(pages[i]);
    const auto count_line = [&](bool has, size_t listed,
                                std::string_view name) {
      if (!has || listed == data_pages) return;
      *out += StrCat(
          "  !! the ", name, " lists ",
          Counted(static_cast<int64_t>(listed), "page"), ", the chunk has ",
          Counted(static_cast<int64_t>(data_pages), "data page"), "\n");
    };
    count_line(index.has_column_index, index.column_index_pages,
               "column index");
    count_line(index.has_offset_index, index.offset_index_pages,
               "offset index");
    const auto entries = EntriesOf(pages[i], index);
    for (size_t p = 0; p < pages[i].size(); ++p) {
      WritePageText(*pages[i][p], entries[p], out);
    }
  }
}

// The stream regions of each stripe, by its number, in one pass.
std::vector<std::vector<const Region*>> StreamsByStripe(const Layout& layout) {
  size_t stripes = 0;
  for (const StripeExtent& s : layout.stripes) {
    stripes = std::max(stripes, static_cast<size_t>(s.stripe) + 1);
  }
  std::vector<std::vector<const Region*>> streams(stripes);
  for (const Region& r : layout.regions) {
    if ((r.kind == RegionKind::kOrcIndexStream ||
         r.kind == RegionKind::kOrcDataStream) &&
        r.container >= 0 && static_cast<size_t>(r.container) < streams.size()) {
      streams[r.container].push_back(&r);
    }
  }
  return streams;
}

// Streams of a stripe the stripe list does not number are not shown.
const std::vector<const Region*>& StreamsOf(
    const std::vector<std::vector<const Region*>>& streams, int32_t stripe) {
  static const std::vector<const Region*> kNone;
  return stripe >= 0 && static_cast<size_t>(stripe) < streams.size()
             ? streams[stripe]
             : kNone;
}

// "3, 0, 17": a row index entry's positions.
std::string PositionsText(const std::vector<uint64_t>& positions) {
  std::string out;
  for (const uint64_t p : positions) {
    out += (out.empty() ? "" : ", ") + std::to_string(p);
  }
  return out.empty() ? "none" : out;
}

// The first row of row group `entry` of a stripe, or -1 without a stride.
int64_t FirstRow(size_t entry, int64_t stride) {
  if (stride <= 0) return -1;
  int64_t row = 0;
  return __builtin_mul_overflow(static_cast<int64_t>(entry), stride, &row)
             ? -1
             : row;
}

void WriteRowIndexesText(const StripeExtent& s, int64_t stride,
                         std::string* out) {
  for (const OrcRowIndex& index : s.row_indexes) {
    *out += StrCat(
        "  row index of column ", index.column, ": ",
        Counted(static_cast<int64_t>(index.entries.size()), "entry", "entries"),
        "\n");
    for (size_t e = 0; e < index.entries.size(); ++e) {
      const OrcRowIndexEntry& entry = index.entries[e];
      *out += StrCat("    entry ", e, ": from row ", Count(FirstRow(e, stride)),
                     ", positions ", PositionsText(entry.positions), "; ",
                     StatisticsText(entry.statistics), "\n");
    }
  }
}

void WriteOrcText(const Inspection& in, std::string* out) {
  const auto streams = StreamsByStripe(in.layout);
  for (const StripeExtent& s : in.layout.stripes) {
    *out += StrCat("stripe ", s.stripe, ": at ", s.offset, "+", s.length, ", ",
                   Counted(s.num_rows, "row"), ", ",
                   Counted(s.streams, "stream"), "\n");
    for (const Region* stream : StreamsOf(streams, s.stripe)) {
      const Region& r = *stream;
      const StreamInfo& st = r.stream;
      *out +=
          StrCat("  stream ", Count(st.index), ": ",
                 EnumText(OrcStreamKindName(st.kind), st.kind), " of column ",
                 r.column, " at ", r.offset, "+", r.length, ", ",
                 EnumText(OrcEncodingKindName(st.encoding), st.encoding));
      if (st.chunks >= 0) *out += ", " + Counted(st.chunks, "chunk");
      *out += "\n";
    }
    WriteRowIndexesText(s, in.orc.row_index_stride, out);
  }
}

// ---- JSON
// ---------------------------------------------------------------------

void WriteEntryJson(const PageIndexEntry& e, JsonWriter* json) {
  json->BeginObject();
  json->Key("offset").IntOrNull(e.offset);
  json->Key("compressed_size").IntOrNull(e.compressed_size);
  json->Key("first_row_index").IntOrNull(e.first_row_index);
  json->Key("null_page");
  if (e.null_page < 0) {
    json->Null();
  } else {
    json->Bool(e.null_page == 1);
  }
  json->Key("null_count").IntOrNull(e.null_count);
  json->Key("min");
  WriteValueJson(e.min, json);
  json->Key("max");
  WriteValueJson(e.max, json);
  json->EndObject();
}

void WritePageJson(const Region& r, const PageIndexEntry* e, JsonWriter* json) {
  const PageInfo& p = r.page;
  json->BeginObject();
  json->Key("ordinal").IntOrNull(p.ordinal);
  json->Key("type").Enum(p.type, PageTypeName(p.type));
  json->Key("offset").Uint(r.offset).Key("length").Uint(r.length);
  json->Key("header_length").Uint(p.header_length);
  json->Key("compressed_size").IntOrNull(p.compressed_size);
  json->Key("uncompressed_size").IntOrNull(p.uncompressed_size);
  json->Key("encoding").Enum(p.encoding, EncodingName(p.encoding));
  json->Key("num_values").IntOrNull(p.num_values);
  json->Key("num_nulls").IntOrNull(p.num_nulls);
  json->Key("num_rows").IntOrNull(p.num_rows);
  json->Key("first_row").IntOrNull(p.first_row);
  json->Key("index");
  if (e == nullptr) {
    json->Null();
  } else {
    WriteEntryJson(*e, json);
  }
  json->Key("disagreements").BeginArray();
  if (e != nullptr) {
    for (const std::string_view field : PageIndexDisagreements(r, *e)) {
      json->String(field);
    }
  }
  json->EndArray().EndObject();
}

void WriteParquetJson(const Inspection& in, JsonWriter* json) {
  const auto pages = PagesByChunk(in.layout);
  json->Key("chunks").BeginArray();
  for (size_t i = 0; i < in.layout.chunks.size(); ++i) {
    const ChunkExtent& c = in.layout.chunks[i];
    const PageIndex& index = c.page_index;
    json->BeginObject().Key("row_group").Int(c.row_group);
    json->Key("column").Int(c.column).Key("path").String(c.path);
    json->Key("codec").Enum(c.codec, CodecName(c.codec));
    json->Key("column_index").Bool(index.has_column_index);
    json->Key("offset_index").Bool(index.has_offset_index);
    json->Key("boundary_order")
        .Enum(index.boundary_order, BoundaryOrderName(index.boundary_order));
    json->Key("column_index_pages");
    if (index.has_column_index) {
      json->Uint(index.column_index_pages);
    } else {
      json->Null();
    }
    json->Key("offset_index_pages");
    if (index.has_offset_index) {
      json->Uint(index.offset_index_pages);
    } else {
      json->Null();
    }
    json->Key("data_pages").Uint(DataPages(pages[i]));
    json->Key("pages").BeginArray();
    const auto entries = EntriesOf(pages[i], index);
    for (size_t p = 0; p < pages[i].size(); ++p) {
      WritePageJson(*pages[i][p], entries[p], json);
    }
    json->EndArray().EndObject();
  }
  json->EndArray();
}

void WriteOrcJson(const Inspection& in, JsonWriter* json) {
  const auto streams = StreamsByStripe(in.layout);
  json->Key("stripes").BeginArray();
  for (const StripeExtent& s : in.layout.stripes) {
    json->BeginObject().Key("stripe").Int(s.stripe);
    json->Key("offset").Uint(s.offset).Key("length").Uint(s.length);
    json->Key("num_rows").IntOrNull(s.num_rows);
    json->Key("streams").BeginArray();
    for (const Region* stream : StreamsOf(streams, s.stripe)) {
      const Region& r = *stream;
      const StreamInfo& st = r.stream;
      json->BeginObject().Key("index").IntOrNull(st.index);
      json->Key("kind").Enum(st.kind, OrcStreamKindName(st.kind));
      json->Key("column").Int(r.column);
      json->Key("offset").Uint(r.offset).Key("length").Uint(r.length);
      json->Key("encoding").Enum(st.encoding, OrcEncodingKindName(st.encoding));
      json->Key("chunks").IntOrNull(st.chunks);
      json->EndObject();
    }
    json->EndArray();
    json->Key("row_indexes").BeginArray();
    for (const OrcRowIndex& index : s.row_indexes) {
      json->BeginObject().Key("column").Int(index.column);
      json->Key("entries").BeginArray();
      for (size_t e = 0; e < index.entries.size(); ++e) {
        const OrcRowIndexEntry& entry = index.entries[e];
        json->BeginObject();
        json->Key("first_row").IntOrNull(FirstRow(e, in.orc.row_index_stride));
        json->Key("positions").BeginArray();
        for (const uint64_t p : entry.positions) json->Uint(p);
        json->EndArray().Key("statistics");
        WriteStatisticsJson(entry.statistics, json);
        json->EndObject();
      }
      json->EndArray().EndObject();
    }
    json->EndArray().EndObject();
  }
  json->EndArray();
}

}  // namespace

std::vector<std::string_view> PageIndexDisagreements(const Region& page,
                                                     const PageIndexEntry& e) {
  std::vector<std::string_view> fields;
  const PageInfo& p = page.page;
  if (e.offset >= 0 && static_cast<uint64_t>(e.offset) != page.offset) {
    fields.push_back("offset");
  }
  if (e.compressed_size >= 0 &&
      static_cast<uint64_t>(e.compressed_size) != page.length) {
    fields.push_back("compressed_page_size");
  }
  if (e.first_row_index >= 0 && p.first_row >= 0 &&
      e.first_row_index != p.first_row) {
    fields.push_back("first_row_index");
  }
  if (e.null_count >= 0 && p.num_nulls >= 0 && e.null_count != p.num_nulls) {
    fields.push_back("null_count");
  }
  if (e.null_page >= 0 && p.num_nulls >= 0 && p.num_values > 0 &&
      (e.null_page == 1) != (p.num_nulls == p.num_values)) {
    fields.push_back("null_pages");
  }
  return fields;
}

std::string RenderPagesText(std::string_view path,
                            const Inspection& inspection) {
  std::string out = "file: " + EscapedText(path) + "\n";
  if (inspection.layout.containers == Containers::kStripes) {
    WriteOrcText(inspection, &out);
  } else {
    WriteParquetText(inspection, &out);
  }
  return out;
}

std::string RenderPagesJson(std::string_view path,
                            const Inspection& inspection) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  if (inspection.layout.containers == Containers::kStripes) {
    WriteOrcJson(inspection, &json);
  } else {
    WriteParquetJson(inspection, &json);
  }
  json.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
