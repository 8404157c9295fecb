// The lenient Parquet model: page walk, layout and repairs.

#include "parquet_model.h"

#include <algorithm>
#include <limits>
#include <utility>

#include "page_codecs.h"

namespace colcheck::fuzz {
namespace {

constexpr char kMagic[] = "PAR1";
// Bounds the walk of a chunk whose sizes were mutated into thousands of
// zero-length pages.
constexpr size_t kMaxPages = 1 << 16;

uint32_t LittleEndian32(const uint8_t* p) {
  return p[0] | p[1] << 8 | p[2] << 16 | static_cast<uint32_t>(p[3]) << 24;
}

// Sizes and offsets in a mutant can be anything, so their sums wrap the
// way the serialized varints do instead of overflowing.
int64_t WrapAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) +
                              static_cast<uint64_t>(b));
}

int64_t WrapSub(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) -
                              static_cast<uint64_t>(b));
}

void PutLittleEndian32(uint32_t v, std::string* out) {
  for (int shift = 0; shift < 32; shift += 8) {
    out->push_back(static_cast<char>(v >> shift));
  }
}

// A page, or an OffsetIndex (then `body_size` counts the bytes after its
// STOP that offset_index_length still claims).
struct FoundPage {
  uint64_t offset;
  size_t header_size;
  uint64_t body_size;
  ThriftValue header;
  int chunk;
  bool offset_index = false;
};

// Walks one chunk's pages; stops at the first header that does not parse
// or a body that would run into the footer.
void WalkChunk(std::span<const uint8_t> file, uint64_t footer_offset,
               const ThriftValue& meta, int tag,
               std::vector<FoundPage>* pages) {
  int64_t data = 0;
  int64_t dictionary = 0;
  int64_t total = 0;
  if (!GetInt(meta, field::kMetaDataPageOffset, &data)) return;
  // Some writers store dictionary_page_offset = 0 for "none".
  const bool has_dictionary =
      GetInt(meta, field::kMetaDictionaryPageOffset, &dictionary) &&
      dictionary >= 4 && dictionary < data;
  const int64_t start = has_dictionary ? dictionary : data;
  if (start < 4 || static_cast<uint64_t>(start) >= footer_offset) return;
  uint64_t end = footer_offset;
  if (GetInt(meta, field::kMetaTotalCompressedSize, &total) && total >= 0 &&
      static_cast<uint64_t>(total) < footer_offset - start) {
    end = start + total;
  }
  uint64_t pos = start;
  while (pos < end && pages->size() < kMaxPages) {
    FoundPage page;
    size_t header_size;
    if (!ParseStruct(file.subspan(pos, footer_offset - pos), &page.header,
                     &header_size)) {
      return;
    }
    int64_t body = 0;
    if (!GetInt(page.header, field::kPageCompressedSize, &body) || body < 0 ||
        static_cast<uint64_t>(body) > footer_offset - pos - header_size) {
      return;
    }
    page.offset = pos;
    page.header_size = header_size;
    page.body_size = body;
    page.chunk = tag;
    pos += header_size + body;
    pages->push_back(std::move(page));
  }
}

// Adds the chunk's OffsetIndex when its offset and length frame a struct
// that parses whole inside the data region; any other one stays in a gap,
// as raw bytes.
void FindOffsetIndex(std::span<const uint8_t> file, uint64_t footer_offset,
                     const ThriftValue& chunk, std::vector<FoundPage>* found) {
  int64_t offset = 0;
  int64_t length = 0;
  if (!GetInt(chunk, field::kChunkOffsetIndexOffset, &offset) ||
      !GetInt(chunk, field::kChunkOffsetIndexLength, &length) || offset < 4 ||
      length <= 0 || static_cast<uint64_t>(offset) >= footer_offset ||
      static_cast<uint64_t>(length) > footer_offset - offset) {
    return;
  }
  FoundPage index;
  if (!ParseStruct(file.subspan(offset, length), &index.header,
                   &index.header_size)) {
    return;
  }
  ThriftField* locations =
      FindField(&index.header, field::kOffsetIndexPageLocations);
  if (locations == nullptr || locations->value.type != kWireList) return;
  for (ThriftValue& location : locations->value.elems) {
    int64_t v = 0;
    if (location.type == kWireStruct &&
        GetInt(location, field::kLocationOffset, &v) && v >= 0 &&
        v < std::numeric_limits<int>::max()) {
      location.tag = static_cast<int>(v) + 1;
    }
  }
  index.offset = offset;
  index.body_size = length - index.header_size;
  index.chunk = chunk.tag;
  index.offset_index = true;
  found->push_back(std::move(index));
}

Segment Gap(std::span<const uint8_t> file, uint64_t from, uint64_t to) {
  Segment s;
  s.bytes.assign(reinterpret_cast<const char*>(file.data() + from), to - from);
  s.source_offset = from;
  s.source_size = to - from;
  return s;
}

// Where the chunk's pages went, and how much they grew.
struct ChunkLayout {
  int64_t first_data = -1;
  int64_t first_dictionary = -1;
  int64_t compressed_delta = 0;
  int64_t uncompressed_delta = 0;
};

class Layout {
 public:
  Layout(const ParquetModel& model, std::vector<std::string>* headers)
      : model_(&model), chunks_(model.next_tag) {
    uint64_t pos = model.head_magic.size();
    for (size_t k = 0; k < model.segments.size(); ++k) {
      const Segment& s = model.segments[k];
      starts_.push_back(pos);
      std::string& h = (*headers)[k];
      h.clear();
      if (s.is_page || s.is_offset_index) SerializeStruct(s.header, &h);
      const uint64_t size = h.size() + s.bytes.size();
      sizes_.push_back(size);
      pos += size;
      if (!s.is_page || s.chunk <= 0 || s.chunk >= model.next_tag) continue;
      ChunkLayout& c = chunks_[s.chunk];
      int64_t type = 0;
      int64_t uncompressed = 0;
      GetInt(s.header, field::kPageType, &type);
      GetInt(s.header, field::kPageUncompressedSize, &uncompressed);
      int64_t& first =
          type == kDictionaryPage ? c.first_dictionary : c.first_data;
      if (first < 0) first = static_cast<int64_t>(starts_.back());
      c.compressed_delta =
          WrapAdd(c.compressed_delta,
                  WrapSub(static_cast<int64_t>(size), s.source_compressed));
      c.uncompressed_delta =
          WrapAdd(c.uncompressed_delta,
                  WrapSub(WrapAdd(static_cast<int64_t>(h.size()), uncompressed),
                          s.source_uncompressed));
    }
    footer_start_ = pos;
  }

  // Where segment `k` starts now, and its size with its header.
  int64_t start(size_t k) const { return static_cast<int64_t>(starts_[k]); }
  int64_t size(size_t k) const { return static_cast<int64_t>(sizes_[k]); }

  const ChunkLayout& chunk(int tag) const {
    static const ChunkLayout kNone;
    return tag > 0 && tag < static_cast<int>(chunks_.size()) ? chunks_[tag]
                                                             : kNone;
  }

  // The new position of the source byte `offset`: the same distance into
  // its segment (clamped to the segment's new size), or unchanged when it
  // pointed at no segment of this file.
  int64_t Remap(int64_t offset) const {
    if (offset < 0) return offset;
    const uint64_t v = offset;
    if (v == model_->footer_offset) return footer_start_;
    for (size_t k = 0; k < model_->segments.size(); ++k) {
      const Segment& s = model_->segments[k];
      if (v >= s.source_offset && v - s.source_offset < s.source_size) {
        return starts_[k] + std::min(v - s.source_offset, sizes_[k]);
      }
    }
    return offset;
  }

 private:
  const ParquetModel* model_;
  std::vector<ChunkLayout> chunks_;
  std::vector<uint64_t> starts_;
  std::vector<uint64_t> sizes_;
  uint64_t footer_start_ = 0;
};

void RemapField(const Layout& layout, ThriftValue* value, int16_t id) {
  int64_t v;
  if (GetInt(*value, id, &v)) SetIntIfPresent(value, id, layout.Remap(v));
}

void AddToField(ThriftValue* value, int16_t id, int64_t delta) {
  int64_t v;
  if (delta != 0 && GetInt(*value, id, &v)) {
    SetIntIfPresent(value, id, WrapAdd(v, delta));
  }
}

void RepairPages(ParquetModel* model) {
  for (Segment& s : model->segments) {
    if (!s.is_page) continue;
    SetIntIfPresent(&s.header, field::kPageCompressedSize,
                    static_cast<int64_t>(s.bytes.size()));
    const uint32_t crc = PageCrc(std::span<const uint8_t>(
        reinterpret_cast<const uint8_t*>(s.bytes.data()), s.bytes.size()));
    SetIntIfPresent(&s.header, field::kPageCrc, static_cast<int32_t>(crc));
  }
}

bool IsDataPage(const Segment& s) {
  int64_t type = -1;
  GetInt(s.header, field::kPageType, &type);
  return s.is_page && (type == kDataPage || type == kDataPageV2);
}

// The rows a data page holds, as far as its header says.
int64_t PageRows(const ThriftValue& header) {
  int64_t rows = 0;
  const ThriftField* v2 = FindField(header, field::kPageDataHeaderV2);
  const ThriftField* v1 = FindField(header, field::kPageDataHeader);
  if (v2 != nullptr && v2->value.type == kWireStruct) {
    GetInt(v2->value, field::kV2NumRows, &rows);
  } else if (v1 != nullptr && v1->value.type == kWireStruct) {
    GetInt(v1->value, field::kDataNumValues, &rows);
  }
  return rows;
}

// Rebuilds every OffsetIndex's page_locations from the layout (see the
// file comment). Returns whether an OffsetIndex changed size, which moves
// whatever follows it.
bool RepairOffsetIndexes(const Layout& layout, ParquetModel* model) {
  bool resized = false;
  std::vector<Segment>& segments = model->segments;
  for (Segment& index : segments) {
    if (!index.is_offset_index) continue;
    ThriftField* list =
        FindField(&index.header, field::kOffsetIndexPageLocations);
    if (list == nullptr || list->value.type != kWireList ||
        list->value.elem_type != kWireStruct) {
      continue;
    }
    std::vector<ThriftValue>& old = list->value.elems;
    std::vector<ThriftValue> rebuilt;
    const Segment* previous_page = nullptr;
    for (size_t k = 0; k < segments.size(); ++k) {
      const Segment& page = segments[k];
      if (page.chunk != index.chunk || !IsDataPage(page)) continue;
      const int source_tag =
          page.source_size > 0 &&
                  page.source_offset <
                      static_cast<uint64_t>(std::numeric_limits<int>::max())
              ? static_cast<int>(page.source_offset) + 1
              : 0;
      auto match = std::find_if(old.begin(), old.end(), [&](const auto& l) {
        return source_tag != 0 && l.tag == source_tag;
      });
      ThriftValue location;
      if (match != old.end()) {
        location = *match;
      } else {
        if (!rebuilt.empty()) {
          location = rebuilt.back();
        } else if (!old.empty()) {
          location = old.front();
        } else {
          location = MakeStruct({
              MakeField(field::kLocationOffset, MakeInt(kWireI64, 0)),
              MakeField(field::kLocationCompressedSize, MakeInt(kWireI32, 0)),
              MakeField(field::kLocationFirstRowIndex, MakeInt(kWireI64, 0)),
          });
        }
        location.tag = 0;
        int64_t first = 0;
        if (!rebuilt.empty() &&
            GetInt(rebuilt.back(), field::kLocationFirstRowIndex, &first)) {
          first = WrapAdd(first, PageRows(previous_page->header));
        }
        SetIntIfPresent(&location, field::kLocationFirstRowIndex, first);
      }
      SetIntIfPresent(&location, field::kLocationOffset, layout.start(k));
      SetIntIfPresent(&location, field::kLocationCompressedSize,
                      layout.size(k));
      rebuilt.push_back(std::move(location));
      previous_page = &page;
    }
    // A chunk whose pages the walk could not find keeps its locations.
    if (rebuilt.empty()) continue;
    const size_t before = SerializedStructSize(index.header);
    old = std::move(rebuilt);
    resized |= SerializedStructSize(index.header) != before;
  }
  return resized;
}

// The OffsetIndex segment of the chunk tagged `tag`, or nullptr.
const Segment* OffsetIndexOf(const ParquetModel& model, int tag) {
  for (const Segment& s : model.segments) {
    if (s.is_offset_index && s.chunk == tag) return &s;
  }
  return nullptr;
}

void RepairFooter(const Layout& layout, const ParquetModel& model,
                  ThriftValue* footer) {
  ThriftField* groups = FindField(footer, field::kFileRowGroups);
  if (groups == nullptr) return;
  for (ThriftValue& group : groups->value.elems) {
    if (group.type != kWireStruct) continue;
    int64_t compressed = 0;
    int64_t uncompressed = 0;
    ThriftField* columns = FindField(&group, field::kRowGroupColumns);
    if (columns == nullptr) continue;
    for (ThriftValue& chunk : columns->value.elems) {
      if (chunk.type != kWireStruct) continue;
      RemapField(layout, &chunk, field::kChunkFileOffset);
      RemapField(layout, &chunk, field::kChunkOffsetIndexOffset);
      RemapField(layout, &chunk, field::kChunkColumnIndexOffset);
      if (const Segment* index = OffsetIndexOf(model, chunk.tag)) {
        SetIntIfPresent(
            &chunk, field::kChunkOffsetIndexLength,
            static_cast<int64_t>(SerializedStructSize(index->header) +
                                 index->bytes.size()));
      }
      ThriftValue* meta = ChunkMetaData(&chunk);
      if (meta == nullptr) continue;
      const ChunkLayout& c = layout.chunk(chunk.tag);
      if (c.first_data >= 0) {
        SetIntIfPresent(meta, field::kMetaDataPageOffset, c.first_data);
      } else {
        RemapField(layout, meta, field::kMetaDataPageOffset);
      }
      if (c.first_dictionary >= 0) {
        SetIntIfPresent(meta, field::kMetaDictionaryPageOffset,
                        c.first_dictionary);
      } else {
        RemapField(layout, meta, field::kMetaDictionaryPageOffset);
      }
      RemapField(layout, meta, field::kMetaIndexPageOffset);
      RemapField(layout, meta, field::kMetaBloomFilterOffset);
      AddToField(meta, field::kMetaTotalCompressedSize, c.compressed_delta);
      AddToField(meta, field::kMetaTotalUncompressedSize, c.uncompressed_delta);
      compressed = WrapAdd(compressed, c.compressed_delta);
      uncompressed = WrapAdd(uncompressed, c.uncompressed_delta);
    }
    RemapField(layout, &group, field::kRowGroupFileOffset);
    AddToField(&group, field::kRowGroupTotalCompressedSize, compressed);
    AddToField(&group, field::kRowGroupTotalByteSize, uncompressed);
  }
}

ParquetModel BuildSeed() {
  ParquetModel m;
  m.head_magic = m.tail_magic = kMagic;
  Segment page;
  page.is_page = true;
  page.chunk = 1;
  // PLAIN INT32 values 1, 2, 3; a required column has no level bytes.
  page.bytes = std::string("\1\0\0\0\2\0\0\0\3\0\0\0", 12);
  page.header = MakeStruct({
      MakeField(1, MakeInt(kWireI32, 0)),   // type DATA_PAGE
      MakeField(2, MakeInt(kWireI32, 12)),  // uncompressed_page_size
      MakeField(3, MakeInt(kWireI32, 0)),   // compressed_page_size
      MakeField(4, MakeInt(kWireI32, 0)),   // crc
      MakeField(5, MakeStruct({
                       MakeField(1, MakeInt(kWireI32, 3)),  // num_values
                       MakeField(2, MakeInt(kWireI32, 0)),  // PLAIN
                       MakeField(3, MakeInt(kWireI32, 3)),  // RLE
                       MakeField(4, MakeInt(kWireI32, 3)),  // RLE
                   })),
  });
  m.segments.push_back(std::move(page));
  ThriftValue meta = MakeStruct({
      MakeField(1, MakeInt(kWireI32, 1)),  // INT32
      MakeField(
          2, MakeList(kWireI32, {MakeInt(kWireI32, 0), MakeInt(kWireI32, 3)})),
      MakeField(3, MakeList(kWireBinary, {MakeBinary("a")})),
      MakeField(4, MakeInt(kWireI32, 0)),  // UNCOMPRESSED
      MakeField(5, MakeInt(kWireI64, 3)),  // num_values
      MakeField(6, MakeInt(kWireI64, 0)),  // total_uncompressed_size
      MakeField(7, MakeInt(kWireI64, 0)),  // total_compressed_size
      MakeField(9, MakeInt(kWireI64, 0)),  // data_page_offset
  });
  ThriftValue chunk = MakeStruct({
      MakeField(2, MakeInt(kWireI64, 4)),  // file_offset
      MakeField(3, std::move(meta)),
  });
  chunk.tag = 1;
  m.next_tag = 2;
  ThriftValue group = MakeStruct({
      MakeField(1, MakeList(kWireStruct, {std::move(chunk)})),
      MakeField(2, MakeInt(kWireI64, 0)),  // total_byte_size
      MakeField(3, MakeInt(kWireI64, 3)),  // num_rows
  });
  ThriftValue root = MakeStruct({
      MakeField(4, MakeBinary("schema")),
      MakeField(5, MakeInt(kWireI32, 1)),  // num_children
  });
  ThriftValue leaf = MakeStruct({
      MakeField(1, MakeInt(kWireI32, 1)),  // INT32
      MakeField(3, MakeInt(kWireI32, 0)),  // REQUIRED
      MakeField(4, MakeBinary("a")),
  });
  m.footer = MakeStruct({
      MakeField(1, MakeInt(kWireI32, 1)),  // version
      MakeField(2, MakeList(kWireStruct, {std::move(root), std::move(leaf)})),
      MakeField(3, MakeInt(kWireI64, 3)),  // num_rows
      MakeField(4, MakeList(kWireStruct, {std::move(group)})),
      MakeField(6, MakeBinary("colcheck parquet mutator seed")),
  });
  m.footer_complete = true;
  return m;
}

}  // namespace

std::vector<ThriftValue*> ColumnChunks(ThriftValue* footer) {
  std::vector<ThriftValue*> out;
  ThriftField* groups = FindField(footer, field::kFileRowGroups);
  if (groups == nullptr) return out;
  for (ThriftValue& group : groups->value.elems) {
    if (group.type != kWireStruct) continue;
    ThriftField* columns = FindField(&group, field::kRowGroupColumns);
    if (columns == nullptr) continue;
    for (ThriftValue& chunk : columns->value.elems) {
      if (chunk.type == kWireStruct) out.push_back(&chunk);
    }
  }
  return out;
}

ThriftValue* ChunkMetaData(ThriftValue* chunk) {
  ThriftField* f = FindField(chunk, field::kChunkMetaData);
  return f != nullptr && f->value.type == kWireStruct ? &f->value : nullptr;
}

bool ParseParquet(std::span<const uint8_t> file, ParquetModel* model) {
  *model = ParquetModel();
  if (file.size() < 12) return false;
  const size_t n = file.size();
  const uint32_t length = LittleEndian32(file.data() + n - 8);
  if (length > n - 12) return false;
  ParquetModel& m = *model;
  m.head_magic.assign(reinterpret_cast<const char*>(file.data()), 4);
  m.tail_magic.assign(reinterpret_cast<const char*>(file.data() + n - 4), 4);
  m.footer_length = length;
  m.footer_offset = n - 8 - length;
  size_t consumed;
  const auto footer_bytes = file.subspan(m.footer_offset, length);
  m.footer_complete = ParseStruct(footer_bytes, &m.footer, &consumed);
  if (m.footer.fields.empty()) return false;
  if (m.footer_complete) {
    m.footer_trailing.assign(
        reinterpret_cast<const char*>(footer_bytes.data() + consumed),
        length - consumed);
  }

  std::vector<FoundPage> pages;
  for (ThriftValue* chunk : ColumnChunks(&m.footer)) {
    chunk->tag = m.next_tag++;
    const ThriftValue* meta = ChunkMetaData(chunk);
    if (meta != nullptr && pages.size() < kMaxPages) {
      WalkChunk(file, m.footer_offset, *meta, chunk->tag, &pages);
    }
    FindOffsetIndex(file, m.footer_offset, *chunk, &pages);
  }
  std::stable_sort(pages.begin(), pages.end(),
                   [](const FoundPage& a, const FoundPage& b) {
                     return a.offset < b.offset;
                   });
  uint64_t cursor = 4;
  for (FoundPage& p : pages) {
    // Chunks whose offsets were mutated to overlap: the first page (or
    // OffsetIndex) to claim the bytes keeps them.
    if (p.offset < cursor) continue;
    if (p.offset > cursor) m.segments.push_back(Gap(file, cursor, p.offset));
    Segment s;
    s.is_page = !p.offset_index;
    s.is_offset_index = p.offset_index;
    s.chunk = p.chunk;
    s.source_offset = p.offset;
    s.source_size = p.header_size + p.body_size;
    s.bytes.assign(
        reinterpret_cast<const char*>(file.data() + p.offset + p.header_size),
        p.body_size);
    if (s.is_page) {
      int64_t uncompressed = 0;
      GetInt(p.header, field::kPageUncompressedSize, &uncompressed);
      s.source_compressed = static_cast<int64_t>(s.source_size);
      s.source_uncompressed =
          WrapAdd(static_cast<int64_t>(p.header_size), uncompressed);
    }
    s.header = std::move(p.header);
    m.segments.push_back(std::move(s));
    cursor = p.offset + p.header_size + p.body_size;
  }
  if (cursor < m.footer_offset) {
    m.segments.push_back(Gap(file, cursor, m.footer_offset));
  }
  return true;
}

std::string SerializeParquet(ParquetModel model, bool repair) {
  if (repair) {
    model.head_magic = model.tail_magic = kMagic;
    RepairPages(&model);
  }
  std::vector<std::string> headers(model.segments.size());
  Layout layout(model, &headers);
  if (repair) {
    // An OffsetIndex that changed size moves what follows it, maybe pages
    // it or another one locates; the varints settle within a few rounds.
    // The layout is rebuilt after each round so `headers` holds the
    // repaired OffsetIndexes.
    for (int round = 0; round < 4; ++round) {
      const bool resized = RepairOffsetIndexes(layout, &model);
      layout = Layout(model, &headers);
      if (!resized) break;
    }
    RepairFooter(layout, model, &model.footer);
  }

  std::string out = model.head_magic;
  for (size_t k = 0; k < model.segments.size(); ++k) {
    out += headers[k];
    out += model.segments[k].bytes;
  }
  const size_t footer_start = out.size();
  SerializeStruct(model.footer, &out);
  out += model.footer_trailing;
  const uint32_t length = repair
                              ? static_cast<uint32_t>(out.size() - footer_start)
                              : model.footer_length;
  PutLittleEndian32(length, &out);
  out += model.tail_magic;
  return out;
}

const std::string& SeedParquet() {
  static const std::string* const kSeed =
      new std::string(SerializeParquet(BuildSeed(), /*repair=*/true));
  return *kSeed;
}

}  // namespace colcheck::fuzz
