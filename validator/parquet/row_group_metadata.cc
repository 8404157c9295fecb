// RowGroup, ColumnChunk and ColumnMetaData: counts, types, paths, codecs,
// encodings, and where chunks, page indexes and bloom filters lie.
// https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift
// (structs RowGroup, ColumnChunk, ColumnMetaData; README "File format")
//
//   PAR1 | chunk | chunk | ... | page indexes, bloom filters | footer
//        ^ data_begin()                                      ^ data_end()
//
// Everything a footer points at must lie in [data_begin, data_end), and no
// two of those regions may share a byte.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

// Names one column chunk. Footers can hold ~10^5 chunks, so field paths are
// built only when a diagnostic needs one.
struct ChunkRef {
  size_t row_group = 0;
  size_t column = 0;
  // Whether the chunk's position names its leaf: false when the row group
  // has the wrong number of chunks, which is reported once for the group
  // rather than as a type and path mismatch for every later chunk.
  bool positional = true;

  std::string Path(std::string_view field) const {
    return FieldPath("row_groups", row_group, "columns", column, field);
  }
};

// A byte range of the data region claimed by a chunk, a page index or a
// bloom filter.
struct Region {
  uint64_t begin = 0;
  uint64_t end = 0;
  ByteSpan span;           // The offset field that places the region.
  std::string_view field;  // That field, relative to the chunk.
  ChunkRef ref;
  ByteSpan end_span;       // The size or length field that sets its end.
};

bool InDataRegion(const FileLayout& layout, int64_t offset) {
  if (offset < 0) return false;
  const uint64_t u = static_cast<uint64_t>(offset);
  return u >= layout.data_begin() && u < layout.data_end();
}

// Reports metadata.negative-value for a present negative field. Returns
// whether the field holds a usable value (present and not negative).
template <typename T, typename PathFn>
bool CheckNonNegative(const RuleContext& ctx, const Spanned<T>& field,
                      const PathFn& path) {
  if (!field.present) return false;
  if (field.value >= 0) return true;
  ctx.sink.Report(Code::kMetadataNegativeValue, field.span, path(),
                  StrCat("the value ", field.value, " is negative"));
  return false;
}

// Reports metadata.offset-out-of-bounds for an offset outside the data
// region. Returns whether the offset lies inside it.
bool CheckInDataRegion(const RuleContext& ctx, const Spanned<int64_t>& offset,
                       const ChunkRef& ref, std::string_view field) {
  if (InDataRegion(ctx.layout, offset.value)) return true;
  ctx.sink.Report(
      Code::kMetadataOffsetOutOfBounds, offset.span, ref.Path(field),
      StrCat("offset ", offset.value, " is outside the column data region [",
             ctx.layout.data_begin(), ", ", ctx.layout.data_end(), ")"));
  return false;
}

std::string_view StartFieldName(const ColumnMetaData& m) {
  return HasDictionaryPage(m) ? "meta_data.dictionary_page_offset"
                              : "meta_data.data_page_offset";
}

// Compares path_in_schema with the names on the way from the leaf up to the
// root, without materialising the leaf's path. Bounded by the path length,
// so a malformed parent chain cannot loop.
bool PathMatches(const RuleContext& ctx, int32_t leaf,
                 const ModelList<Spanned<std::string_view>>& path) {
  const auto& schema = ctx.md.schema.value;
  const auto& nodes = ctx.tree.nodes;
  size_t remaining = path.size();
  int32_t e = leaf;
  while (e >= 0 && static_cast<size_t>(e) < nodes.size() &&
         static_cast<size_t>(e) < schema.size() && nodes[e].parent >= 0) {
    if (remaining == 0) return false;
    --remaining;
    if (path[remaining].value != schema[e].value.name.value) return false;
    e = nodes[e].parent;
  }
  return remaining == 0 && e == 0;
}

void CheckTypeAndPath(const RuleContext& ctx, const ChunkRef& ref,
                      const ColumnMetaData& m) {
  const int32_t element = ref.positional ? ctx.LeafElement(ref.column) : -1;
  if (element < 0) return;
  const SchemaElement& leaf = ctx.md.schema.value[element].value;
  if (m.type.present && leaf.type.present && m.type.value != leaf.type.value) {
    ctx.sink.Report(
        Code::kMetadataTypeMismatch, m.type.span, ref.Path("meta_data.type"),
        StrCat("the chunk's type is ", m.type.value,
               " but the leaf's physical type is ", leaf.type.value));
  }
  if (m.path_in_schema.present &&
      !PathMatches(ctx, element, m.path_in_schema.value)) {
    ctx.sink.Report(
        Code::kMetadataPathMismatch, m.path_in_schema.span,
        ref.Path("meta_data.path_in_schema"),
        StrCat("path_in_schema is not the path of leaf column ", ref.column));
  }
}

bool IsKnownEncoding(int32_t encoding) {
  // 1 was GROUP_VAR_INT, never implemented and since removed.
  return encoding == kPlain ||
         (encoding >= kPlainDictionary && encoding <= kByteStreamSplit);
}

void CheckCodecAndEncodings(const RuleContext& ctx, const ChunkRef& ref,
                            const ColumnMetaData& m) {
  if (m.codec.present &&
      (m.codec.value < kUncompressed || m.codec.value > kLz4Raw)) {
    ctx.sink.Report(Code::kMetadataInvalidCodec, m.codec.span,
                    ref.Path("meta_data.codec"),
                    StrCat("codec ", m.codec.value, " is not defined"));
  } else if (m.codec.present && m.codec.value == kLz4) {
    ctx.sink.Report(Code::kMetadataDeprecatedCodec, m.codec.span,
                    ref.Path("meta_data.codec"),
                    "LZ4 (5) is deprecated: Hadoop's framing and raw blocks "
                    "both occur; use LZ4_RAW");
  }
  if (!m.encodings.present) return;
  const auto& encodings = m.encodings.value;
  if (encodings.empty()) {
    ctx.sink.Report(Code::kMetadataEncodingsEmpty, m.encodings.span,
                    ref.Path("meta_data.encodings"),
                    "encodings lists no encoding");
  }
  for (size_t i = 0; i < encodings.size(); ++i) {
    if (IsKnownEncoding(encodings[i].value)) continue;
    ctx.sink.Report(Code::kMetadataUnknownEncoding, encodings[i].span,
                    FieldPath("row_groups", ref.row_group, "columns",
                              ref.column, "meta_data.encodings", i),
                    StrCat("encoding ", encodings[i].value, " is not defined"));
  }
}

// encoding_stats summarises the pages; its enums and counts can be checked
// without reading a page.
void CheckEncodingStats(const RuleContext& ctx, const ChunkRef& ref,
                        const ColumnMetaData& m) {
  const auto& stats = m.encoding_stats.value;
  for (size_t i = 0; i < stats.size(); ++i) {
    const PageEncodingStats& s = stats[i].value;
    const auto path = [&](std::string_view field) {
      return FieldPath("row_groups", ref.row_group, "columns", ref.column,
                       "meta_data.encoding_stats", i, field);
    };
    if (s.page_type.present &&
        (s.page_type.value < kDataPage || s.page_type.value > kDataPageV2)) {
      ctx.sink.Report(Code::kMetadataInvalidPageType, s.page_type.span,
                      path("page_type"),
                      StrCat("page type ", s.page_type.value,
                             " is not defined"));
    }
    if (s.encoding.present && !IsKnownEncoding(s.encoding.value)) {
      ctx.sink.Report(Code::kMetadataUnknownEncoding, s.encoding.span,
                      path("encoding"),
                      StrCat("encoding ", s.encoding.value,
                             " is not defined"));
    }
    CheckNonNegative(ctx, s.count, [&] { return path("count"); });
  }
}

void CheckSizes(const RuleContext& ctx, const ChunkRef& ref,
                const ColumnMetaData& m) {
  CheckNonNegative(ctx, m.num_values,
                   [&] { return ref.Path("meta_data.num_values"); });
  CheckNonNegative(ctx, m.total_uncompressed_size, [&] {
    return ref.Path("meta_data.total_uncompressed_size");
  });
  CheckNonNegative(ctx, m.total_compressed_size,
                   [&] { return ref.Path("meta_data.total_compressed_size"); });
}

// A chunk without values has no data page for data_page_offset to point
// at: parquet-cpp leaves it 0 for a zero-row chunk that holds only a
// dictionary page (column_chunk_key_value_metadata.parquet), and other
// writers leave it wherever they stood.
bool HasNoValues(const ColumnMetaData& m) {
  return m.num_values.present && m.num_values.value == 0;
}

void CheckDataPageOffset(const RuleContext& ctx, const ChunkRef& ref,
                         const ColumnMetaData& m) {
  constexpr std::string_view kField = "meta_data.data_page_offset";
  const Spanned<int64_t>& data = m.data_page_offset;
  if (!CheckNonNegative(ctx, data, [&] { return ref.Path(kField); }) ||
      HasNoValues(m)) {
    return;
  }
  if (data.value == 0) {
    ctx.sink.Report(Code::kMetadataDataPageOffsetZero, data.span,
                    ref.Path(kField),
                    "data_page_offset is 0, though the chunk has values");
    return;
  }
  CheckInDataRegion(ctx, data, ref, kField);
}

void CheckDictionaryPageOffset(const RuleContext& ctx, const ChunkRef& ref,
                               const ColumnMetaData& m) {
  constexpr std::string_view kField = "meta_data.dictionary_page_offset";
  const Spanned<int64_t>& dict = m.dictionary_page_offset;
  if (!dict.present) return;
  if (dict.value == 0) {
    ctx.sink.Report(Code::kMetadataDictionaryOffsetZero, dict.span,
                    ref.Path(kField),
                    "dictionary_page_offset is 0; read as no dictionary");
    return;
  }
  if (!CheckNonNegative(ctx, dict, [&] { return ref.Path(kField); })) return;
  CheckInDataRegion(ctx, dict, ref, kField);
  // Without values, or with the 0 that means "unset", there is no data page
  // to come after.
  if (!m.data_page_offset.present || m.data_page_offset.value == 0 ||
      HasNoValues(m)) {
    return;
  }
  if (dict.value >= m.data_page_offset.value) {
    ctx.sink.Report(
        Code::kMetadataDictionaryAfterData, dict.span, ref.Path(kField),
        StrCat("dictionary_page_offset ", dict.value,
               " is not before data_page_offset ", m.data_page_offset.value));
  }
}

void CheckIndexPageOffset(const RuleContext& ctx, const ChunkRef& ref,
                          const ColumnMetaData& m) {
  constexpr std::string_view kField = "meta_data.index_page_offset";
  if (!m.index_page_offset.present) return;
  ctx.sink.Report(Code::kMetadataIndexPageOffset, m.index_page_offset.span,
                  ref.Path(kField),
                  "index_page_offset is set but index pages are not defined");
  // parquet-cpp 1.3 wrote index_page_offset = 0 (nan_in_stats.parquet): the
  // same "unset" as dictionary_page_offset = 0, not an offset to check.
  if (CheckNonNegative(ctx, m.index_page_offset,
                       [&] { return ref.Path(kField); }) &&
      m.index_page_offset.value != 0) {
    CheckInDataRegion(ctx, m.index_page_offset, ref, kField);
  }
}

// The chunk's pages run from its start for total_compressed_size bytes.
void CheckChunkExtent(const RuleContext& ctx, const ChunkRef& ref,
                      const ColumnMetaData& m, std::vector<Region>* regions) {
  const Spanned<int64_t>* start = ChunkStartField(m);
  const Spanned<int64_t>& size = m.total_compressed_size;
  if (start == nullptr || !InDataRegion(ctx.layout, start->value) ||
      !size.present || size.value < 0) {
    return;
  }
  const uint64_t begin = static_cast<uint64_t>(start->value);
  const uint64_t length = static_cast<uint64_t>(size.value);
  if (length > ctx.layout.data_end() - begin) {
    ctx.sink.Report(Code::kMetadataChunkOutOfBounds, size.span,
                    ref.Path("meta_data.total_compressed_size"),
                    StrCat("the chunk [", begin, ", +", length,
                           ") runs past the end of the column data at ",
                           ctx.layout.data_end()));
    return;
  }
  if (length > 0) {
    regions->push_back(
        Region{begin, begin + length, start->span, StartFieldName(m), ref,
               size.span});
  }
}

// An offset/length pair that places a page index or bloom filter.
struct IndexRef {
  const Spanned<int64_t>& offset;
  std::string_view offset_name;
  const Spanned<int32_t>& length;
  std::string_view length_name;
  bool length_required;
};

// Checks one page index or bloom filter reference. `owner` is the struct
// holding the pair, the span reported when one half is missing.
void CheckIndexRef(const RuleContext& ctx, const ChunkRef& ref, ByteSpan owner,
                   const IndexRef& index, bool check_place,
                   std::vector<Region>* regions) {
  const bool offset_ok = CheckNonNegative(
      ctx, index.offset, [&] { return ref.Path(index.offset_name); });
  const bool length_ok = CheckNonNegative(
      ctx, index.length, [&] { return ref.Path(index.length_name); });
  if (index.length.present && !index.offset.present) {
    ctx.sink.Report(
        Code::kMetadataIndexLengthMissing, owner, ref.Path(index.offset_name),
        StrCat(index.length_name, " is set without ", index.offset_name));
  } else if (index.offset.present && !index.length.present &&
             index.length_required) {
    ctx.sink.Report(
        Code::kMetadataIndexLengthMissing, owner, ref.Path(index.length_name),
        StrCat(index.offset_name, " is set without ", index.length_name));
  }
  if (!check_place || !offset_ok ||
      !CheckInDataRegion(ctx, index.offset, ref, index.offset_name) ||
      !length_ok) {
    return;
  }
  const uint64_t begin = static_cast<uint64_t>(index.offset.value);
  const uint64_t length = static_cast<uint64_t>(index.length.value);
  if (length > ctx.layout.data_end() - begin) {
    ctx.sink.Report(Code::kMetadataIndexOutOfBounds, index.length.span,
                    ref.Path(index.length_name),
                    StrCat("[", begin, ", +", length,
                           ") runs past the end of the column data at ",
                           ctx.layout.data_end()));
  } else if (length > 0) {
    regions->push_back(Region{begin, begin + length, index.offset.span,
                              index.offset_name, ref, index.length.span});
  }
}

void CheckPageIndexRefs(const RuleContext& ctx, const ChunkRef& ref,
                        const Spanned<ColumnChunk>& chunk, bool check_place,
                        std::vector<Region>* regions) {
  const ColumnChunk& cc = chunk.value;
  if (cc.column_index_offset.present && !cc.offset_index_offset.present) {
    ctx.sink.Report(Code::kMetadataColumnIndexWithoutOffsetIndex, chunk.span,
                    ref.Path("offset_index_offset"),
                    "the chunk has a column index but no offset index");
  }
  CheckIndexRef(ctx, ref, chunk.span,
                {cc.column_index_offset, "column_index_offset",
                 cc.column_index_length, "column_index_length", true},
                check_place, regions);
  CheckIndexRef(ctx, ref, chunk.span,
                {cc.offset_index_offset, "offset_index_offset",
                 cc.offset_index_length, "offset_index_length", true},
                check_place, regions);
}

// bloom_filter_length came later than bloom_filter_offset, so the offset
// alone is fine.
void CheckBloomFilterRef(const RuleContext& ctx, const ChunkRef& ref,
                         const Spanned<ColumnMetaData>& meta, bool check_place,
                         std::vector<Region>* regions) {
  const ColumnMetaData& m = meta.value;
  CheckIndexRef(ctx, ref, meta.span,
                {m.bloom_filter_offset, "meta_data.bloom_filter_offset",
                 m.bloom_filter_length, "meta_data.bloom_filter_length", false},
                check_place, regions);
}

// meta_data may only be left out when a column key encrypts it (EC 5.3).
void CheckMissingMetaData(const RuleContext& ctx, const ChunkRef& ref,
                          const Spanned<ColumnChunk>& chunk) {
  const ColumnChunk& cc = chunk.value;
  if (cc.encrypted_column_metadata.present) {
    ctx.sink.Report(Code::kEncryptionUnreadableColumn,
                    cc.encrypted_column_metadata.span,
                    ref.Path("encrypted_column_metadata"),
                    "the chunk's metadata is encrypted with a column key");
  } else if (cc.crypto_metadata.present && cc.crypto_metadata.value.id == 2) {
    ctx.sink.Report(Code::kEncryptionUnreadableColumn, cc.crypto_metadata.span,
                    ref.Path("crypto_metadata"),
                    "the chunk is encrypted with a column key");
  } else {
    ctx.sink.Report(Code::kMetadataMissingColumnMetadata, chunk.span,
                    ref.Path("meta_data"), "the chunk has no meta_data");
  }
}

void CheckChunk(const RuleContext& ctx, const ChunkRef& ref,
                const Spanned<ColumnChunk>& chunk,
                std::vector<Region>* regions) {
  const ColumnChunk& cc = chunk.value;
  CheckNonNegative(ctx, cc.file_offset,
                   [&] { return ref.Path("file_offset"); });
  // Offsets of a chunk stored in another file say nothing about this one.
  const bool local = !cc.file_path.present;
  if (!local) {
    ctx.sink.Report(Code::kMetadataExternalFilePath, cc.file_path.span,
                    ref.Path("file_path"),
                    StrCat("the chunk lives in \"", cc.file_path.value, "\""));
  }
  CheckPageIndexRefs(ctx, ref, chunk, local, regions);
  if (!cc.meta_data.present) {
    CheckMissingMetaData(ctx, ref, chunk);
    return;
  }
  const ColumnMetaData& m = cc.meta_data.value;
  CheckTypeAndPath(ctx, ref, m);
  CheckCodecAndEncodings(ctx, ref, m);
  CheckEncodingStats(ctx, ref, m);
  CheckSizes(ctx, ref, m);
  CheckBloomFilterRef(ctx, ref, cc.meta_data, local, regions);
  if (!local) return;
  CheckDataPageOffset(ctx, ref, m);
  CheckDictionaryPageOffset(ctx, ref, m);
  CheckIndexPageOffset(ctx, ref, m);
  CheckChunkExtent(ctx, ref, m, regions);
}

void CheckRowGroupCounts(const RuleContext& ctx, size_t r, const RowGroup& rg) {
  const auto path = [r](std::string_view field) {
    return [r, field] { return FieldPath("row_groups", r, field); };
  };
  CheckNonNegative(ctx, rg.num_rows, path("num_rows"));
  CheckNonNegative(ctx, rg.total_byte_size, path("total_byte_size"));
  CheckNonNegative(ctx, rg.total_compressed_size,
                   path("total_compressed_size"));
  CheckNonNegative(ctx, rg.file_offset, path("file_offset"));
  if (rg.ordinal.present && static_cast<size_t>(rg.ordinal.value) != r) {
    ctx.sink.Report(
        Code::kMetadataRowGroupOrdinal, rg.ordinal.span,
        FieldPath("row_groups", r, "ordinal"),
        StrCat("ordinal is ", rg.ordinal.value, " for row group ", r));
  }
}

void CheckColumnsAgainstSchema(const RuleContext& ctx, size_t r,
                               const RowGroup& rg) {
  if (!ctx.tree.ok) return;
  const size_t leaves = ctx.tree.leaves.size();
  if (rg.columns.present && rg.columns.value.size() != leaves) {
    ctx.sink.Report(Code::kMetadataColumnCount, rg.columns.span,
                    FieldPath("row_groups", r, "columns"),
                    StrCat("the row group has ", rg.columns.value.size(),
                           " column chunks for ", leaves, " leaf columns"));
  }
  const auto& sorting = rg.sorting_columns.value;
  for (size_t i = 0; i < sorting.size(); ++i) {
    const Spanned<int32_t>& idx = sorting[i].value.column_idx;
    if (!idx.present ||
        (idx.value >= 0 && static_cast<size_t>(idx.value) < leaves)) {
      continue;
    }
    ctx.sink.Report(
        Code::kMetadataSortingColumn, idx.span,
        FieldPath("row_groups", r, "sorting_columns", i, "column_idx"),
        StrCat("column_idx ", idx.value, " is not in [0, ", leaves, ")"));
  }
}

// PARQUET-2078: parquet-mr 1.12.0 wrote wrong file_offsets that readers
// learned to ignore, so a mismatch is only a warning.
void CheckRowGroupFileOffset(const RuleContext& ctx, size_t r,
                             const RowGroup& rg) {
  if (!rg.file_offset.present || rg.file_offset.value < 0 ||
      rg.columns.value.empty()) {
    return;
  }
  const ColumnChunk& first = rg.columns.value.front().value;
  if (!first.meta_data.present || first.file_path.present) return;
  const Spanned<int64_t>* start = ChunkStartField(first.meta_data.value);
  if (start == nullptr || start->value == rg.file_offset.value) return;
  ctx.sink.Report(
      Code::kMetadataRowGroupFileOffset, rg.file_offset.span,
      FieldPath("row_groups", r, "file_offset"),
      StrCat("file_offset is ", rg.file_offset.value,
             " but the first column chunk starts at ", start->value));
}

// Adds the chunks' total_compressed_size. Returns false when the sum means
// nothing because a size is missing or negative; `overflow` is set when it
// exceeds int64.
bool SumChunkSizes(const RowGroup& rg, int64_t* sum, bool* overflow) {
  *sum = 0;
  *overflow = false;
  for (const auto& chunk : rg.columns.value) {
    const Spanned<int64_t>& size =
        chunk.value.meta_data.value.total_compressed_size;
    if (!chunk.value.meta_data.present || !size.present || size.value < 0) {
      return false;
    }
    if (!*overflow && __builtin_add_overflow(*sum, size.value, sum)) {
      *overflow = true;
    }
  }
  return true;
}

void CheckRowGroupCompressedSize(const RuleContext& ctx, size_t r,
                                 const RowGroup& rg) {
  const Spanned<int64_t>& total = rg.total_compressed_size;
  if (!total.present || total.value < 0) return;
  int64_t sum = 0;
  bool overflow = false;
  if (!SumChunkSizes(rg, &sum, &overflow)) return;
  if (!overflow && sum == total.value) return;
  ctx.sink.Report(Code::kMetadataRowGroupCompressedSize, total.span,
                  FieldPath("row_groups", r, "total_compressed_size"),
                  overflow ? StrCat("total_compressed_size is ", total.value,
                                    " but the chunks add up to more than "
                                    "2^63-1 bytes")
                           : StrCat("total_compressed_size is ", total.value,
                                    " but the chunks add up to ", sum));
}

// Sorting by start makes every overlap visible as a region that starts
// before the furthest end seen so far: O(n log n) for any footer.
void ReportOverlaps(const RuleContext& ctx, std::vector<Region>* regions) {
  std::stable_sort(
      regions->begin(), regions->end(), [](const Region& a, const Region& b) {
        return a.begin != b.begin ? a.begin < b.begin : a.end < b.end;
      });
  const Region* furthest = nullptr;
  for (const Region& region : *regions) {
    if (furthest != nullptr && region.begin < furthest->end) {
      // Either the earlier region runs too far or the later one starts
      // too early, so the span covers both fields.
      ctx.sink.Report(
          Code::kMetadataRegionOverlap, Join(furthest->end_span, region.span),
          region.ref.Path(region.field),
          StrCat("[", region.begin, ", ", region.end, ") overlaps [",
                 furthest->begin, ", ", furthest->end, ") of ",
                 furthest->ref.Path(furthest->field)));
    }
    if (furthest == nullptr || region.end > furthest->end) furthest = &region;
  }
}

}  // namespace

// Some writers (a parquet-mr 1.12 fork) write dictionary_page_offset = 0 to
// mean "no dictionary"; offset 0 holds the magic, so like Arrow we read it
// as unset.
bool HasDictionaryPage(const ColumnMetaData& m) {
  return m.dictionary_page_offset.present &&
         m.dictionary_page_offset.value != 0;
}

const Spanned<int64_t>* ChunkStartField(const ColumnMetaData& m) {
  if (HasDictionaryPage(m)) return &m.dictionary_page_offset;
  if (m.data_page_offset.present) return &m.data_page_offset;
  return nullptr;
}

void CheckRowGroups(const RuleContext& ctx) {
  std::vector<Region> regions;
  const auto& row_groups = ctx.md.row_groups.value;
  for (size_t r = 0; r < row_groups.size(); ++r) {
    const RowGroup& rg = row_groups[r].value;
    CheckRowGroupCounts(ctx, r, rg);
    CheckColumnsAgainstSchema(ctx, r, rg);
    const bool positional = rg.columns.value.size() == ctx.tree.leaves.size();
    for (size_t c = 0; c < rg.columns.value.size(); ++c) {
      CheckChunk(ctx, ChunkRef{r, c, positional}, rg.columns.value[c],
                 &regions);
    }
    CheckRowGroupFileOffset(ctx, r, rg);
    CheckRowGroupCompressedSize(ctx, r, rg);
  }
  ReportOverlaps(ctx, &regions);
}

}  // namespace colcheck::parquet
