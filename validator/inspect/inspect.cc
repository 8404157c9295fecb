// InspectBytes and InspectFile: one validation pass with an observer on the
// page walk (parquet::Observer), which records where the footer, the
// chunks, the pages, the page indexes and the bloom filters lie. Sizes and
// offsets come from a hostile file, so every region is clamped to the
// bytes that exist before it is recorded.

#include "colcheck/inspect.h"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/strings.h"
#include "inspect/field_tree.h"
#include "inspect/inspect_internal.h"
#include "parquet/metadata_decoder.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "parquet/tail.h"
#include "thrift/compact_reader.h"
#include "validate_internal.h"

namespace colcheck {
namespace {

// [offset, offset + length) cut to the file; nullopt when the offset is
// negative or past the end.
std::optional<ByteSpan> Clamp(int64_t offset, int64_t length, uint64_t size) {
  if (offset < 0 || static_cast<uint64_t>(offset) >= size || length < 0) {
    return std::nullopt;
  }
  const uint64_t begin = static_cast<uint64_t>(offset);
  return ByteSpan{begin,
                  std::min(static_cast<uint64_t>(length), size - begin)};
}

// The bytes a Thrift struct takes when decoded at `offset`, for the page
// indexes and bloom filter headers whose length the footer omits. Faults
// are the validation's to report; only the length matters here.
template <typename T>
uint64_t DecodedLength(const ByteReader& file, uint64_t offset,
                       bool (*decode)(thrift::Decoder&, T*)) {
  ByteReader bytes;
  if (!file.Sub(offset, file.size() - offset, &bytes)) return 0;
  DiagnosticSink scratch = DiagnosticSink::Counting();
  thrift::Decoder d(bytes, &scratch);
  T value;
  decode(d, &value);
  return d.reader().position() - offset;
}

RegionKind PageKind(int32_t type) {
  switch (type) {
    case parquet::kDictionaryPage: return RegionKind::kDictionaryPage;
    case parquet::kDataPage: return RegionKind::kDataPage;
    case parquet::kDataPageV2: return RegionKind::kDataPageV2;
    default: return RegionKind::kIndexPage;
  }
}

// What the page header says about the values.
void FillFromHeader(const parquet::PageHeader& h, PageInfo* p) {
  if (h.dictionary_page_header.present) {
    const auto& d = h.dictionary_page_header.value;
    p->encoding = d.encoding.value;
    p->num_values = d.num_values.value;
  } else if (h.data_page_header.present) {
    const auto& d = h.data_page_header.value;
    p->encoding = d.encoding.value;
    p->num_values = d.num_values.value;
  } else if (h.data_page_header_v2.present) {
    const auto& d = h.data_page_header_v2.value;
    p->encoding = d.encoding.value;
    p->num_values = d.num_values.value;
    p->num_nulls = d.num_nulls.value;
    p->num_rows = d.num_rows.value;
  }
}

template <typename T>
int64_t OrUnset(const Spanned<T>& field) {
  return field.present ? static_cast<int64_t>(field.value) : -1;
}

// ColumnChunk and ColumnMetaData as written, for the metadata view.
void CopyChunkFields(const parquet::ColumnChunk& chunk, ChunkExtent* out) {
  const parquet::ColumnMetaData& m = chunk.meta_data.value;
  out->physical = static_cast<int32_t>(OrUnset(m.type));
  for (const auto& e : m.encodings.value) out->encodings.push_back(e.value);
  out->num_values = OrUnset(m.num_values);
  out->compressed_size = OrUnset(m.total_compressed_size);
  out->uncompressed_size = OrUnset(m.total_uncompressed_size);
  out->data_page_offset = OrUnset(m.data_page_offset);
  out->dictionary_page_offset = OrUnset(m.dictionary_page_offset);
  out->column_index_offset = OrUnset(chunk.column_index_offset);
  out->column_index_length = OrUnset(chunk.column_index_length);
  out->offset_index_offset = OrUnset(chunk.offset_index_offset);
  out->offset_index_length = OrUnset(chunk.offset_index_length);
  out->bloom_filter_offset = OrUnset(m.bloom_filter_offset);
  out->bloom_filter_length = OrUnset(m.bloom_filter_length);
  out->file_path = std::string(chunk.file_path.value);
  out->encrypted = chunk.crypto_metadata.present;
}

// Records the layout while the validation runs, then finishes it.
class Collector : public parquet::Observer, public inspect::PassCollector {
 public:
  Collector(const ByteReader& file, const InspectOptions& options,
            const inspect::InspectLimits& limits, Inspection* out)
      : file_(file), options_(options), limits_(limits), out_(out) {}

  FieldTrace* FooterTrace() override;

  void Footer(const parquet::FileMetaData& md, const parquet::SchemaTree& tree,
              const parquet::FileLayout& layout) override;
  void Page(size_t row_group, size_t column, size_t ordinal,
            const parquet::PageHeader& header, ByteSpan header_span,
            ByteSpan body, const parquet::DataPageSummary* summary) override;

  // After the pass: chunk rests, the tail, gaps and overlaps.
  void Finish() override;
  std::string RegionCapMessage(size_t regions) const override {
    return StrCat("inspection recorded ", regions,
                  " pages; the rest of each chunk is one chunk-rest region");
  }

 private:
  // A column chunk whose bytes are in this file.
  struct Chunk {
    bool placed = false;  // Its extent is known.
    ByteSpan extent;
    uint64_t walked_end = 0;  // Where the recorded pages end.
    bool flat = false;        // No repetition: one row per value.
    bool rows_known = true;   // Every earlier data page's rows are known.
  };

  void AddRegion(RegionKind kind, ByteSpan span, std::string field,
                 int32_t row_group, int32_t column);
  void AddChunk(const parquet::ColumnChunk& chunk, int32_t rg, int32_t c);
  void AddIndexes(const parquet::ColumnChunk& chunk, int32_t rg, int32_t c);
  void AddBloomFilter(const parquet::ColumnMetaData& m, int32_t rg,
                      int32_t c);
  PageIndex DecodePageIndex(const parquet::ColumnChunk& chunk,
                            const SchemaField* leaf) const;
  void AddRowGroups(const parquet::FileMetaData& md);
  void CopyFileFields(const parquet::FileMetaData& md);
  Chunk* FindChunk(size_t row_group, size_t column);
  PageInfo MakePageInfo(const parquet::PageHeader& h, ByteSpan header,
                        size_t ordinal, const parquet::DataPageSummary* s,
                        Chunk* chunk, int32_t codec) const;

  const ByteReader& file_;
  const InspectOptions& options_;
  const inspect::InspectLimits limits_;
  Inspection* out_;
  bool footer_seen_ = false;
  // The footer tree (options.footer_fields), built as the pass decodes
  // FileMetaData.
  std::optional<inspect::FieldTree> footer_tree_;
  size_t pages_ = 0;
  std::vector<size_t> first_chunk_;  // Per row group, into chunks_.
  std::vector<Chunk> chunks_;
  std::vector<Region> regions_;
};

void Collector::AddRegion(RegionKind kind, ByteSpan span, std::string field,
                          int32_t row_group, int32_t column) {
  Region r;
  r.kind = kind;
  r.offset = span.offset;
  r.length = span.length;
  r.field = std::move(field);
  r.container = row_group;
  r.column = column;
  regions_.push_back(std::move(r));
}

void Collector::CopyFileFields(const parquet::FileMetaData& md) {
  if (md.num_rows.present) out_->num_rows = md.num_rows.value;
  if (md.version.present) out_->version = md.version.value;
  out_->created_by = std::string(md.created_by.value);
  for (const auto& kv : md.key_value_metadata.value) {
    out_->key_value_metadata.emplace_back(std::string(kv.value.key.value),
                                          std::string(kv.value.value.value));
  }
}

void Collector::Footer(const parquet::FileMetaData& md,
                       const parquet::SchemaTree& tree,
                       const parquet::FileLayout& layout) {
  footer_seen_ = true;
  AddRegion(RegionKind::kFooter, layout.metadata, "footer", -1, -1);
  if (layout.encrypted) {
    // The signature follows FileMetaData inside the footer, before the
    // footer length; the tail rules reported it if it is short.
    const uint64_t limit = file_.size() - 8;
    const uint64_t begin = std::min(layout.metadata.end(), limit);
    AddRegion(RegionKind::kFooterSignature,
              {begin, std::min(parquet::kFooterSignatureSize, limit - begin)},
              "footer_signature", -1, -1);
  }
  CopyFileFields(md);
  out_->schema = inspect::BuildSchema(md, tree);
  out_->columns = inspect::SummarizeColumns(md, out_->schema);
  const auto& row_groups = md.row_groups.value;
  for (size_t rg = 0; rg < row_groups.size(); ++rg) {
    first_chunk_.push_back(chunks_.size());
    const auto& columns = row_groups[rg].value.columns.value;
    for (size_t c = 0; c < columns.size(); ++c) {
      AddChunk(columns[c].value, static_cast<int32_t>(rg),
               static_cast<int32_t>(c));
    }
  }
  AddRowGroups(md);
  inspect::SummarizeBounds(out_->layout.chunks, &out_->columns);
}

void Collector::AddChunk(const parquet::ColumnChunk& chunk, int32_t rg,
                         int32_t c) {
  const parquet::ColumnMetaData& m = chunk.meta_data.value;
  ChunkExtent extent;
  extent.row_group = rg;
  extent.column = c;
  for (const auto& name : m.path_in_schema.value) {
    if (!extent.path.empty()) extent.path.push_back('.');
    extent.path.append(name.value);
  }
  extent.codec = m.codec.present ? m.codec.value : -1;
  CopyChunkFields(chunk, &extent);
  Chunk state;
  const Spanned<int64_t>* start = parquet::ChunkStartField(m);
  const std::optional<ByteSpan> span =
      start == nullptr || !m.total_compressed_size.present
          ? std::nullopt
          : Clamp(start->value, m.total_compressed_size.value, file_.size());
  // Bytes in another file, or behind column keys, are not this file's.
  if (chunk.meta_data.present && !chunk.file_path.present && span) {
    extent.offset = span->offset;
    extent.length = span->length;
    state.placed = true;
    state.extent = *span;
    state.walked_end = span->offset;
  }
  const SchemaField* leaf = nullptr;
  if (c < static_cast<int32_t>(out_->schema.leaves.size())) {
    leaf = &out_->schema.fields[out_->schema.leaves[c]];
    state.flat = leaf->max_repetition_level == 0;
  }
  extent.statistics = inspect::ParquetStatistics(m.statistics, leaf);
  if (options_.page_index) {
    extent.page_index = DecodePageIndex(chunk, leaf);
  }
  out_->layout.chunks.push_back(std::move(extent));
  chunks_.push_back(state);
  AddIndexes(chunk, rg, c);
  if (chunk.meta_data.present && !chunk.file_path.present) {
    AddBloomFilter(m, rg, c);
  }
}

void Collector::AddIndexes(const parquet::ColumnChunk& chunk, int32_t rg,
                           int32_t c) {
  struct Index {
    const Spanned<int64_t>& offset;
    const Spanned<int32_t>& length;
    RegionKind kind;
    std::string_view name;
    uint64_t (*decoded_length)(const ByteReader&, uint64_t);
  };
  const Index indexes[] = {
      {chunk.column_index_offset, chunk.column_index_length,
       RegionKind::kColumnIndex, "column_index",
       [](const ByteReader& f, uint64_t at) {
         return DecodedLength(f, at, &parquet::DecodeColumnIndex);
       }},
      {chunk.offset_index_offset, chunk.offset_index_length,
       RegionKind::kOffsetIndex, "offset_index",
       [](const ByteReader& f, uint64_t at) {
         return DecodedLength(f, at, &parquet::DecodeOffsetIndex);
       }},
  };
  for (const Index& index : indexes) {
    if (!index.offset.present) continue;
    std::optional<ByteSpan> span =
        Clamp(index.offset.value, index.length.value, file_.size());
    if (span && !index.length.present) {
      span->length = index.decoded_length(file_, span->offset);
    }
    if (!span) continue;
    AddRegion(index.kind, *span, FieldPath("row_groups", rg, "columns", c,
                                           index.name),
              rg, c);
  }
}

void Collector::AddBloomFilter(const parquet::ColumnMetaData& m, int32_t rg,
                               int32_t c) {
  if (!m.bloom_filter_offset.present) return;
  const int64_t offset = m.bloom_filter_offset.value;
  std::optional<ByteSpan> span =
      Clamp(offset, m.bloom_filter_length.value, file_.size());
  if (!span) return;
  if (!m.bloom_filter_length.present) {
    // Without a length, the header says how many bitset bytes follow it.
    ByteReader bytes;
    if (!file_.Sub(span->offset, file_.size() - span->offset, &bytes)) return;
    DiagnosticSink scratch = DiagnosticSink::Counting();
    thrift::Decoder d(bytes, &scratch);
    parquet::BloomFilterHeader h;
    parquet::DecodeBloomFilterHeader(d, &h);
    const uint64_t header = d.reader().position() - span->offset;
    const uint64_t bitset =
        h.num_bytes.value < 0 ? 0 : static_cast<uint64_t>(h.num_bytes.value);
    span->length = std::min(header + bitset, file_.size() - span->offset);
  }
  AddRegion(RegionKind::kBloomFilter, *span,
            FieldPath("row_groups", rg, "columns", c, "bloom_filter"), rg, c);
}

// Decodes the Thrift struct at `offset` (of `length` bytes when set) into
// `out`; false when it lies outside the file or does not decode.
template <typename T>
bool DecodeAt(const ByteReader& file, const Spanned<int64_t>& offset,
              const Spanned<int32_t>& length,
              bool (*decode)(thrift::Decoder&, T*), T* out) {
  if (!offset.present) return false;
  const std::optional<ByteSpan> span = Clamp(
      offset.value, length.present ? length.value : INT64_MAX, file.size());
  ByteReader bytes;
  if (!span || !file.Sub(span->offset, span->length, &bytes)) return false;
  DiagnosticSink scratch = DiagnosticSink::Counting();
  thrift::Decoder d(bytes, &scratch);
  return decode(d, out) && scratch.error_count() == 0;
}

PageIndex Collector::DecodePageIndex(const parquet::ColumnChunk& chunk,
                                     const SchemaField* leaf) const {
  PageIndex index;
  parquet::ColumnIndex ci;
  parquet::OffsetIndex oi;
  index.has_column_index =
      DecodeAt(file_, chunk.column_index_offset, chunk.column_index_length,
               &parquet::DecodeColumnIndex, &ci);
  index.has_offset_index =
      DecodeAt(file_, chunk.offset_index_offset, chunk.offset_index_length,
               &parquet::DecodeOffsetIndex, &oi);
  const auto& locations = oi.page_locations.value;
  if (index.has_offset_index) index.offset_index_pages = locations.size();
  if (index.has_column_index) {
    index.column_index_pages = ci.null_pages.value.size();
  }
  const size_t pages =
      std::max(index.offset_index_pages, index.column_index_pages);
  index.pages.resize(pages);
  if (index.has_offset_index) {
    for (size_t i = 0; i < locations.size(); ++i) {
      const parquet::PageLocation& l = locations[i].value;
      PageIndexEntry& e = index.pages[i];
      e.offset = l.offset.present ? l.offset.value : -1;
      e.compressed_size =
          l.compressed_page_size.present ? l.compressed_page_size.value : -1;
      e.first_row_index =
          l.first_row_index.present ? l.first_row_index.value : -1;
    }
  }
  if (!index.has_column_index) return index;
  if (ci.boundary_order.present) index.boundary_order = ci.boundary_order.value;
  const auto typed = [&](std::string_view bytes) {
    const auto plain = std::as_bytes(std::span(bytes.data(), bytes.size()));
    return leaf != nullptr ? ParquetValue(*leaf, plain) : Value();
  };
  for (size_t i = 0; i < pages; ++i) {
    PageIndexEntry& e = index.pages[i];
    if (i < ci.null_pages.value.size()) {
      e.null_page = ci.null_pages.value[i].value ? 1 : 0;
    }
    if (i < ci.null_counts.value.size()) {
      e.null_count = ci.null_counts.value[i].value;
    }
    // A null page's bounds are empty placeholders, not values.
    if (e.null_page == 1) continue;
    if (i < ci.min_values.value.size())
      e.min = typed(ci.min_values.value[i].value);
    if (i < ci.max_values.value.size())
      e.max = typed(ci.max_values.value[i].value);
  }
  return index;
}

// A row group spans its chunks, from the first byte of any to the last.
void Collector::AddRowGroups(const parquet::FileMetaData& md) {
  const auto& row_groups = md.row_groups.value;
  for (size_t rg = 0; rg < row_groups.size(); ++rg) {
    RowGroupExtent extent;
    extent.row_group = static_cast<int32_t>(rg);
    const parquet::RowGroup& group = row_groups[rg].value;
    extent.num_rows = OrUnset(group.num_rows);
    extent.total_byte_size = OrUnset(group.total_byte_size);
    extent.total_compressed_size = OrUnset(group.total_compressed_size);
    const size_t end = rg + 1 < first_chunk_.size() ? first_chunk_[rg + 1]
                                                    : chunks_.size();
    uint64_t begin = UINT64_MAX;
    uint64_t last = 0;
    for (size_t i = first_chunk_[rg]; i < end; ++i) {
      if (!chunks_[i].placed || chunks_[i].extent.length == 0) continue;
      begin = std::min(begin, chunks_[i].extent.offset);
      last = std::max(last, chunks_[i].extent.end());
    }
    if (begin != UINT64_MAX) {
      extent.offset = begin;
      extent.length = last - begin;
    }
    out_->layout.row_groups.push_back(extent);
  }
}

Collector::Chunk* Collector::FindChunk(size_t row_group, size_t column) {
  if (row_group >= first_chunk_.size()) return nullptr;
  const size_t i = first_chunk_[row_group] + column;
  const size_t end = row_group + 1 < first_chunk_.size()
                         ? first_chunk_[row_group + 1]
                         : chunks_.size();
  return i < end ? &chunks_[i] : nullptr;
}

PageInfo Collector::MakePageInfo(const parquet::PageHeader& h,
                                 ByteSpan header, size_t ordinal,
                                 const parquet::DataPageSummary* s,
                                 Chunk* chunk, int32_t codec) const {
  PageInfo p;
  p.type = h.type.value;
  p.header_length = header.length;
  p.compressed_size = h.compressed_page_size.value;
  p.uncompressed_size = h.uncompressed_page_size.value;
  p.codec = codec;
  p.ordinal = static_cast<int64_t>(ordinal);
  FillFromHeader(h, &p);
  if (s == nullptr) return p;
  // A summary's row counts are true once its levels were decoded, or when
  // the column has no repetition (a row per value).
  const bool rows = s->decoded || chunk->flat;
  if (s->decoded && p.num_nulls < 0) {
    p.num_nulls = static_cast<int64_t>(s->num_nulls);
  }
  if (rows && p.num_rows < 0) p.num_rows = static_cast<int64_t>(s->num_rows);
  if (chunk->rows_known) p.first_row = static_cast<int64_t>(s->first_row);
  chunk->rows_known = chunk->rows_known && rows;
  return p;
}

void Collector::Page(size_t row_group, size_t column, size_t ordinal,
                     const parquet::PageHeader& header, ByteSpan header_span,
                     ByteSpan body, const parquet::DataPageSummary* summary) {
  Chunk* chunk = FindChunk(row_group, column);
  if (chunk == nullptr) return;
  if (pages_ >= limits_.regions) {
    out_->layout.capped = true;
    return;
  }
  ++pages_;
  const int32_t rg = static_cast<int32_t>(row_group);
  const int32_t c = static_cast<int32_t>(column);
  const int32_t codec = out_->layout.chunks[first_chunk_[row_group] + column]
                            .codec;
  AddRegion(PageKind(header.type.value), Join(header_span, body),
            FieldPath("row_groups", rg, "columns", c, "pages", ordinal), rg,
            c);
  regions_.back().page =
      MakePageInfo(header, header_span, ordinal, summary, chunk, codec);
  chunk->walked_end = std::max(chunk->walked_end, body.end());
  if (column < out_->columns.size()) {
    ColumnSummary& s = out_->columns[column];
    if (header.type.value == parquet::kDictionaryPage) ++s.dictionary_pages;
    if (summary != nullptr) ++s.data_pages;
  }
}

FieldTrace* Collector::FooterTrace() {
  if (!options_.footer_fields) return nullptr;
  out_->footer.clear();
  return &footer_tree_.emplace(/*depth=*/0, limits_.field_nodes, &out_->footer);
}

void Collector::Finish() {
  for (size_t rg = 0; rg < first_chunk_.size(); ++rg) {
    const size_t end = rg + 1 < first_chunk_.size() ? first_chunk_[rg + 1]
                                                    : chunks_.size();
    for (size_t i = first_chunk_[rg]; i < end; ++i) {
      const Chunk& chunk = chunks_[i];
      if (!chunk.placed || chunk.walked_end >= chunk.extent.end()) continue;
      const int32_t c = static_cast<int32_t>(i - first_chunk_[rg]);
      AddRegion(RegionKind::kChunkRest,
                {chunk.walked_end, chunk.extent.end() - chunk.walked_end},
                FieldPath("row_groups", rg, "columns", c),
                static_cast<int32_t>(rg), c);
    }
  }
  inspect::AddTailRegions(file_, footer_seen_, &regions_);
  if (footer_tree_) {
    // A FileMetaData that did not decode shows no fields.
    if (footer_seen_) {
      out_->footer_capped = footer_tree_->capped();
      inspect::AnnotateParquetFields(out_->layout.chunks, &out_->footer);
    } else {
      out_->footer.clear();
    }
  }
  inspect::FinishLayout(std::move(regions_), &out_->layout);
}

Options ValidationOptions(const InspectOptions& options) {
  Options o;
  o.level = options.level;
  o.max_diagnostics = options.max_diagnostics;
  o.keys = options.keys;
  return o;
}

Inspection Inspect(std::span<const std::byte> data,
                   const InspectOptions& options, PassHooks hooks,
                   const inspect::InspectLimits& limits) {
  Inspection out;
  out.layout.file_size = data.size();
  const ByteReader file(data);
  // One observer per format; the pass calls its own format's.
  Collector collector(file, options, limits, &out);
  const std::unique_ptr<inspect::OrcInspector> orc_collector =
      inspect::MakeOrcInspector(file, options, limits, &out);
  hooks.parquet_observer = &collector;
  hooks.orc_observer = orc_collector.get();
  out.report = ValidateWithHooks(data, ValidationOptions(options), hooks);
  inspect::PassCollector& finisher =
      out.report.format == Format::kOrc
          ? static_cast<inspect::PassCollector&>(*orc_collector)
          : collector;
  finisher.Finish();
  if (out.layout.capped) {
    // Validation checked everything, but the layout does not show it all.
    out.report.complete = false;
    out.report.diagnostics.push_back(
        {Code::kLimitsInspectRegions,
         Info(Code::kLimitsInspectRegions).severity, 0, 0, "",
         finisher.RegionCapMessage(limits.regions)});
  }
  return out;
}

}  // namespace

namespace inspect {

Inspection InspectWithLimits(std::span<const std::byte> data,
                             const InspectOptions& options,
                             const InspectLimits& limits) {
  return Inspect(data, options, {}, limits);
}

}  // namespace inspect

Inspection InspectBytes(std::span<const std::byte> data,
                        const InspectOptions& options) {
  return Inspect(data, options, {}, {});
}

Status InspectFile(const std::string& path, const InspectOptions& options,
                   Inspection* inspection) {
  return WalkMappedFile(
      path, [&](std::span<const std::byte> data, const PassHooks& hooks) {
        *inspection = Inspect(data, options, hooks, {});
      });
}

}  // namespace colcheck
