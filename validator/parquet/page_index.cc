// The page index and SizeStatistics against the page walk.
// https://github.com/apache/parquet-format/blob/master/PageIndex.md;
// parquet.thrift (ColumnIndex, OffsetIndex, PageLocation, SizeStatistics)
//
//   ColumnChunk.offset_index_offset -> OffsetIndex  (offset_index_length)
//   ColumnChunk.column_index_offset -> ColumnIndex  (column_index_length)
//
// Each index is decoded from its offset on to the end of the column data,
// not just its declared length, so that a struct longer than its length is
// measured rather than cut off, and its length then compared.

#include "parquet/page_index.h"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/encryption.h"
#include "parquet/metadata_decoder.h"
#include "parquet/sort_order.h"
#include "thrift/compact_reader.h"

namespace colcheck::parquet {
namespace {

// One column chunk and what the checks need to know about its column.
struct Chunk {
  const RuleContext* ctx = nullptr;
  size_t row_group = 0;
  size_t column = 0;
  const RowGroup* rg = nullptr;
  const ColumnChunk* cc = nullptr;
  const ColumnMetaData* meta = nullptr;
  const SchemaElement* leaf = nullptr;  // Null when the tree is unsound.
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  int32_t physical = 0;
  // An encrypted chunk's key, which opens its indexes; else null.
  const ModuleKey* key = nullptr;

  // "row_groups[r].columns[c]." followed by `args` as FieldPath joins them.
  template <typename... Args>
  std::string Path(const Args&... args) const {
    return FieldPath("row_groups", row_group, "columns", column, args...);
  }
  void Report(Code code, ByteSpan span, std::string field,
              std::string message) const {
    ctx->sink.Report(code, span, std::move(field), std::move(message));
  }
};

// Chunks without readable metadata were reported by the footer rules.
bool FindChunk(const RuleContext& ctx, size_t row_group, size_t column,
               Chunk* out) {
  const auto& groups = ctx.md.row_groups.value;
  if (row_group >= groups.size()) return false;
  const RowGroup& rg = groups[row_group].value;
  if (column >= rg.columns.value.size()) return false;
  const ColumnChunk& cc = rg.columns.value[column].value;
  if (!cc.meta_data.present) return false;
  out->ctx = &ctx;
  out->row_group = row_group;
  out->column = column;
  out->rg = &rg;
  out->cc = &cc;
  out->meta = &cc.meta_data.value;
  out->physical = cc.meta_data.value.type.value;
  const int32_t element = ctx.LeafElement(column);
  if (element >= 0 && static_cast<size_t>(element) < ctx.tree.nodes.size()) {
    out->leaf = &ctx.md.schema.value[element].value;
    out->physical = out->leaf->type.value;
    out->max_definition_level = ctx.tree.nodes[element].max_definition_level;
    out->max_repetition_level = ctx.tree.nodes[element].max_repetition_level;
  }
  return true;
}

const ColumnOrder* ColumnOrderOf(const RuleContext& ctx, size_t column) {
  const auto& orders = ctx.md.column_orders;
  if (!orders.present || column >= orders.value.size()) return nullptr;
  return &orders.value[column].value;
}

// The bytes from a page index's offset to the end of the column data, when
// row_group_metadata.cc found the offset and length sound; it reported every
// other case.
bool IndexBytes(const RuleContext& ctx, const ByteReader& file,
                const Spanned<int64_t>& offset, const Spanned<int32_t>& length,
                ByteReader* out) {
  if (!offset.present || !length.present || offset.value < 0 ||
      length.value < 0) {
    return false;
  }
  const uint64_t begin = static_cast<uint64_t>(offset.value);
  const uint64_t end = ctx.layout.data_end();
  if (begin < ctx.layout.data_begin() || begin >= end ||
      static_cast<uint64_t>(length.value) > end - begin) {
    return false;
  }
  return file.Sub(begin, end - begin, out);
}

// Decodes one index with `decode` and checks that it takes exactly `length`
// bytes. Returns whether the model is whole enough to check.
// An encrypted chunk's index is a GCM module of `type` (Encryption.md
// 4.4.2) that fills its declared length and holds the serialized index;
// it is decrypted into `plaintext`, which the model's values then view.
template <typename T>
bool DecodeIndex(const Chunk& c, const ByteReader& file, const PassHooks& hooks,
                 const Spanned<int64_t>& offset, const Spanned<int32_t>& length,
                 std::string_view name, std::string_view length_name,
                 ModuleType type, bool (*decode)(thrift::Decoder&, T*),
                 std::vector<std::byte>* plaintext, T* out) {
  ByteReader bytes;
  if (!IndexBytes(*c.ctx, file, offset, length, &bytes)) return false;
  FetchDecodable(hooks, file, bytes.begin_offset(), bytes.end_offset(),
                 static_cast<uint64_t>(length.value), bytes.end_offset(),
                 [decode](const ByteReader& window) {
                   return thrift::RunsOutOfBytes(window, decode);
                 });
  // The decoder keeps a view of the prefix, so it must outlive decoding.
  const std::string prefix = c.Path(name);
  if (c.key != nullptr) {
    const uint64_t begin = bytes.begin_offset();
    const uint64_t declared = static_cast<uint64_t>(length.value);
    Module module;
    if (!c.ctx->crypto->Open(file, {begin, begin + declared, true}, *c.key,
                             {type, static_cast<uint32_t>(c.row_group),
                              static_cast<uint32_t>(c.column)},
                             prefix, c.ctx->sink, plaintext, &module)) {
      return false;
    }
    bytes = module.plaintext;
  }
  thrift::Decoder d(bytes, &c.ctx->sink);
  d.PushName(prefix);
  const bool ok = decode(d, out);
  d.Pop();
  if (!ok) return false;
  const uint64_t consumed = d.reader().position() - bytes.begin_offset();
  if (c.key != nullptr) {
    if (!d.reader().empty()) {
      c.ctx->crypto->NotePadding(
          type, {d.reader().position(), d.reader().remaining()}, prefix);
    }
    return true;
  }
  const uint64_t declared = static_cast<uint64_t>(length.value);
  if (consumed != declared) {
    c.Report(Code::kPageIndexLengthMismatch, length.span, c.Path(length_name),
             StrCat("the ", name, " at offset ", offset.value, " is ", consumed,
                    " bytes long, but ", length_name, " is ", declared));
  }
  return true;
}

std::string PageName(size_t k) { return StrCat("data page ", k); }

// ---- OffsetIndex ------------------------------------------------------------
// first_row_index: 0 for the first page, strictly increasing, inside the
// row group, and where every earlier page was decoded, the row the walk
// counted. `pages` is null when the locations cannot be paired with pages.
void CheckFirstRows(const Chunk& c,
                    const ModelList<Spanned<PageLocation>>& locations,
                    const std::vector<DataPageSummary>* pages) {
  bool earlier_decoded = true;
  for (size_t k = 0; k < locations.size(); ++k) {
    const Spanned<int64_t>& first = locations[k].value.first_row_index;
    const auto report = [&](const std::string& why) {
      c.Report(Code::kPageIndexFirstRowIndex, first.span,
               c.Path("offset_index.page_locations", k, "first_row_index"),
               StrCat("first_row_index of ", PageName(k), " is ", first.value,
                      ", ", why));
    };
    const int64_t previous =
        k == 0 ? 0 : locations[k - 1].value.first_row_index.value;
    if (k == 0 && first.value != 0) {
      report("but the first page starts at row 0");
    } else if (k > 0 && first.value <= previous) {
      report(StrCat("not above the previous page's ", previous));
    } else if (c.rg->num_rows.present && first.value >= c.rg->num_rows.value) {
      report(StrCat("but the row group has ", c.rg->num_rows.value, " rows"));
    } else if (pages != nullptr && earlier_decoded &&
               static_cast<uint64_t>(first.value) != (*pages)[k].first_row) {
      report(StrCat("but the page starts at row ", (*pages)[k].first_row));
    }
    if (pages != nullptr) earlier_decoded &= (*pages)[k].decoded;
  }
}

// offset and compressed_page_size against the page headers the walk read.
void CheckLocations(const Chunk& c,
                    const ModelList<Spanned<PageLocation>>& locations,
                    const std::vector<DataPageSummary>& pages) {
  for (size_t k = 0; k < locations.size(); ++k) {
    const PageLocation& loc = locations[k].value;
    const DataPageSummary& page = pages[k];
    if (loc.offset.value < 0 ||
        static_cast<uint64_t>(loc.offset.value) != page.header.offset) {
      c.Report(Code::kPageIndexLocationOffset, loc.offset.span,
               c.Path("offset_index.page_locations", k, "offset"),
               StrCat("offset is ", loc.offset.value, ", but ", PageName(k),
                      "'s header starts at ", page.header.offset));
    }
    if (page.compressed_page_size < 0) continue;  // The walk reported it.
    const uint64_t expected =
        page.header.length + static_cast<uint64_t>(page.compressed_page_size);
    if (loc.compressed_page_size.value < 0 ||
        static_cast<uint64_t>(loc.compressed_page_size.value) != expected) {
      c.Report(
          Code::kPageIndexLocationSize, loc.compressed_page_size.span,
          c.Path("offset_index.page_locations", k, "compressed_page_size"),
          StrCat("compressed_page_size is ", loc.compressed_page_size.value,
                 ", but ", PageName(k), " takes ", expected,
                 " bytes: a header of ", page.header.length, " and a body of ",
                 page.compressed_page_size));
    }
  }
}

// Without pages to pair them with, the locations must at least be in order
// (PageIndex.md: "PageLocations, ordered by increasing PageLocation.offset").
void CheckLocationOrder(const Chunk& c,
                        const ModelList<Spanned<PageLocation>>& locations) {
  for (size_t k = 1; k < locations.size(); ++k) {
    const Spanned<int64_t>& offset = locations[k].value.offset;
    const int64_t previous = locations[k - 1].value.offset.value;
    if (offset.value <= previous) {
      c.Report(Code::kPageIndexLocationOffset, offset.span,
               c.Path("offset_index.page_locations", k, "offset"),
               StrCat("offset ", offset.value,
                      " is not after the previous location's ", previous));
    }
  }
}

// OffsetIndex.unencoded_byte_array_data_bytes: one entry per page, only for
// BYTE_ARRAY, each the page's value bytes without length prefixes.
void CheckUnencodedBytes(const Chunk& c, const OffsetIndex& oi,
                         size_t expected_pages, const ChunkWalk& walk) {
  const auto& list = oi.unencoded_byte_array_data_bytes;
  if (!list.present) return;
  const std::string name = "offset_index.unencoded_byte_array_data_bytes";
  if (c.physical != kByteArray) {
    c.Report(Code::kStatsSizeStatisticsMismatch, list.span, c.Path(name),
             "unencoded_byte_array_data_bytes is set for a column that is "
             "not BYTE_ARRAY");
    return;
  }
  if (list.value.size() != expected_pages) {
    c.Report(Code::kPageIndexListLength, list.span, c.Path(name),
             StrCat("unencoded_byte_array_data_bytes has ", list.value.size(),
                    " entries for ", expected_pages, " data pages"));
    return;
  }
  for (size_t k = 0; k < list.value.size(); ++k) {
    const Spanned<int64_t>& bytes = list.value[k];
    const bool compare = walk.complete && walk.data_pages[k].decoded;
    if (bytes.value >= 0 &&
        (!compare || static_cast<uint64_t>(bytes.value) ==
                         walk.data_pages[k].unencoded_byte_array_bytes)) {
      continue;
    }
    c.Report(Code::kStatsSizeStatisticsMismatch, bytes.span, c.Path(name, k),
             bytes.value < 0
                 ? StrCat("the byte count ", bytes.value, " is negative")
                 : StrCat(PageName(k), " holds ",
                          walk.data_pages[k].unencoded_byte_array_bytes,
                          " bytes of byte-array values, not ", bytes.value));
  }
}

void CheckOffsetIndex(const Chunk& c, const OffsetIndex& oi,
                      const ChunkWalk& walk) {
  const auto& locations = oi.page_locations.value;
  const auto& pages = walk.data_pages;
  const bool paired = walk.complete && locations.size() == pages.size();
  if (walk.complete && !paired && oi.page_locations.present) {
    c.Report(Code::kPageIndexLocationCount, oi.page_locations.span,
             c.Path("offset_index.page_locations"),
             StrCat("the offset index has ", locations.size(),
                    " page locations, but the chunk has ", pages.size(),
                    " data pages"));
  }
  CheckFirstRows(c, locations, paired ? &pages : nullptr);
  if (paired) {
    CheckLocations(c, locations, pages);
  } else {
    CheckLocationOrder(c, locations);
  }
  CheckUnencodedBytes(c, oi, walk.complete ? pages.size() : locations.size(),
                      walk);
}

// With an offset index a reader may start reading at any page it names, so
// every page must start a row (PageIndex.md). The walk reports the chunk's
// first page itself.
void CheckRowBoundaries(const Chunk& c, const ChunkWalk& walk) {
  for (size_t k = 1; k < walk.data_pages.size(); ++k) {
    const DataPageSummary& page = walk.data_pages[k];
    if (page.starts_row) continue;
    c.Report(Code::kLevelsFirstRepNotZero, page.repetition_levels,
             c.Path("pages", page.ordinal, "repetition_levels[0]"),
             StrCat(PageName(k),
                    " starts with a repetition level other than 0, inside a "
                    "row, but the chunk has an offset index, whose pages "
                    "must start at row boundaries"));
  }
}

// ---- ColumnIndex ------------------------------------------------------------
// Whether `v` can go to ValueOrder::Compare: the order applies, `v` has the
// type's width, and it is not a NaN that only total order ranks.
bool Comparable(const ValueOrder& order, std::string_view v) {
  if (!order.defined()) return false;
  if (order.fixed_width() != 0) {
    if (v.size() != order.fixed_width()) return false;
  } else if (order.physical() != kByteArray) {
    return false;  // An FLBA without a usable type_length.
  }
  return order.total_order() || !order.IsNaN(v);
}

// What the ColumnIndex checks share.
struct IndexView {
  const Chunk& c;
  const ColumnIndex& ci;
  const ValueOrder& order;
  // Entry k of null_pages, min_values and max_values describes page k:
  // all three have `pages` entries.
  bool per_page = false;
  size_t pages = 0;
  // null_counts has one entry per page.
  bool null_counts_ok = false;
  // created_by names parquet-mr (parquet-java).
  bool parquet_mr = false;

  // parquet-mr builds the index from each page's statistics; a page written
  // without them (statistics disabled, or the old writeDataPage API) gets
  // null_pages true and null_counts -1, the null count of its no-op
  // statistics (apache/parquet-java#3585). parquet-java has discarded such
  // an index on read since apache/parquet-java#3458, so, as with statistics
  // of known-buggy writers, it is reported as stats.known-writer-bug.
  bool NoStatisticsPage(size_t k) const {
    return parquet_mr && null_counts_ok && k < ci.null_pages.value.size() &&
           ci.null_pages.value[k].value && ci.null_counts.value[k].value < 0;
  }
};

// Reports a list whose length is not one entry per page. Returns whether
// the list is present with one entry per page.
template <typename T>
bool ListMatches(const IndexView& v, const SpannedList<T>& list,
                 std::string_view name) {
  if (!list.present) return false;
  if (list.value.size() == v.pages) return true;
  v.c.Report(Code::kPageIndexListLength, list.span,
             v.c.Path("column_index", name),
             StrCat(name, " has ", list.value.size(), " entries for ", v.pages,
                    " data pages"));
  return false;
}

// What holds without looking at the data: null pages have empty bounds,
// other pages bounds of the type's width with min <= max, and counts are
// not negative.
void CheckEntries(const IndexView& v) {
  const ColumnIndex& ci = v.ci;
  const uint64_t width = v.order.fixed_width();
  for (size_t k = 0; v.per_page && k < v.pages; ++k) {
    const Spanned<Binary>& min = ci.min_values.value[k];
    const Spanned<Binary>& max = ci.max_values.value[k];
    const std::pair<const Spanned<Binary>*, std::string_view> bounds[] = {
        {&min, "min_values"}, {&max, "max_values"}};
    if (ci.null_pages.value[k].value) {
      for (const auto& [bound, name] : bounds) {
        if (bound->value.empty()) continue;
        // Readers take no bounds from a null page (Arrow C++ decodes those
        // of non-null pages only; parquet-go returns none), so a stray one
        // misleads nobody.
        v.c.Report(Code::kPageIndexNullPageBounds, bound->span,
                   v.c.Path("column_index", name, k),
                   StrCat(PageName(k), " is a null page, so its ", name,
                          " entry should be empty, not ", bound->value.size(),
                          " bytes"));
      }
      continue;
    }
    bool widths_ok = true;
    if (width != 0) {
      for (const auto& [bound, name] : bounds) {
        if (bound->value.size() == width) continue;
        widths_ok = false;
        v.c.Report(
            Code::kPageIndexBounds, bound->span,
            v.c.Path("column_index", name, k),
            StrCat(name, " of ", PageName(k), " is ", bound->value.size(),
                   " bytes; values of the type are ", width));
      }
    }
    if (widths_ok && Comparable(v.order, min.value) &&
        Comparable(v.order, max.value) &&
        v.order.Compare(min.value, max.value) > 0) {
      v.c.Report(
          Code::kPageIndexBounds, max.span,
          v.c.Path("column_index.max_values", k),
          StrCat("max_values of ", PageName(k), " is below its min_values"));
    }
  }
  for (const auto& [list, name] : {std::pair{&ci.null_counts, "null_counts"},
                                   std::pair{&ci.nan_counts, "nan_counts"}}) {
    for (size_t k = 0; k < list->value.size(); ++k) {
      const Spanned<int64_t>& count = list->value[k];
      if (count.value >= 0) continue;
      const bool null_counts = list == &ci.null_counts;
      if (null_counts && v.NoStatisticsPage(k)) {
        v.c.Report(Code::kPageIndexWithoutStatistics, count.span,
                   v.c.Path("column_index", name, k),
                   StrCat(PageName(k), " has null_counts ", count.value,
                          " and is marked a null page: parquet-mr writes "
                          "this for pages without statistics, and readers "
                          "discard such a column index"));
        continue;
      }
      v.c.Report(null_counts ? Code::kPageIndexNullCounts
                             : Code::kPageIndexNanCounts,
                 count.span, v.c.Path("column_index", name, k),
                 StrCat("the count ", count.value, " is negative"));
    }
  }
}

// ASCENDING (DESCENDING): the min and the max of each non-null page are at
// least (at most) those of the non-null page before it.
void CheckBoundaryOrder(const IndexView& v) {
  const Spanned<int32_t>& boundary = v.ci.boundary_order;
  if (!boundary.present) return;
  const std::string field = v.c.Path("column_index.boundary_order");
  if (boundary.value < kUnordered || boundary.value > kDescending) {
    v.c.Report(Code::kPageIndexBoundaryOrder, boundary.span, field,
               StrCat(boundary.value, " is not a BoundaryOrder"));
    return;
  }
  if (boundary.value == kUnordered || !v.per_page || !v.order.defined()) return;
  const int sign = boundary.value == kAscending ? 1 : -1;
  const auto& mins = v.ci.min_values.value;
  const auto& maxs = v.ci.max_values.value;
  std::optional<size_t> previous;
  for (size_t k = 0; k < v.pages; ++k) {
    if (v.ci.null_pages.value[k].value || !Comparable(v.order, mins[k].value) ||
        !Comparable(v.order, maxs[k].value)) {
      continue;
    }
    if (previous.has_value()) {
      const size_t p = *previous;
      const bool min_wrong =
          sign * v.order.Compare(mins[p].value, mins[k].value) > 0;
      const bool max_wrong =
          sign * v.order.Compare(maxs[p].value, maxs[k].value) > 0;
      if (min_wrong || max_wrong) {
        v.c.Report(
            Code::kPageIndexBoundaryOrder, boundary.span, field,
            StrCat("boundary_order is ", sign > 0 ? "ASCENDING" : "DESCENDING",
                   ", but the ", min_wrong ? "min" : "max", " of ", PageName(k),
                   " is ", sign > 0 ? "below" : "above", " that of ",
                   PageName(p)));
        return;
      }
    }
    previous = k;
  }
}

// The level histogram a page should have in the index: the walk's, or when
// the column's maximum level is 0 (the walk keeps none), all levels at 0.
std::vector<uint64_t> ExpectedHistogram(const std::vector<uint64_t>& walked,
                                        int16_t max_level,
                                        uint64_t num_values) {
  if (max_level == 0) return {num_values};
  return walked;
}

// repetition_level_histograms / definition_level_histograms: the per-page
// histograms concatenated, max_level + 1 entries each.
void CheckIndexHistogram(const IndexView& v, const SpannedList<int64_t>& list,
                         std::string_view name, int16_t max_level,
                         bool repetition, const ChunkWalk& walk) {
  // Arrow C++ writes an empty list for a maximum level of 0, which the
  // field's comment allows to be left out.
  if (!list.present || v.c.leaf == nullptr ||
      (max_level == 0 && list.value.empty())) {
    return;
  }
  const std::string field = v.c.Path("column_index", name);
  const uint64_t width = static_cast<uint64_t>(max_level) + 1;
  if (list.value.size() != v.pages * width) {
    v.c.Report(Code::kPageIndexHistogram, list.span, field,
               StrCat(name, " has ", list.value.size(), " entries; ", v.pages,
                      " pages of ", width, " levels need ", v.pages * width));
    return;
  }
  for (size_t i = 0; i < list.value.size(); ++i) {
    if (list.value[i].value >= 0) continue;
    v.c.Report(Code::kPageIndexHistogram, list.value[i].span,
               v.c.Path("column_index", name, i),
               StrCat("the count ", list.value[i].value, " is negative"));
    return;
  }
  if (!walk.complete) return;
  for (size_t k = 0; k < v.pages; ++k) {
    const DataPageSummary& page = walk.data_pages[k];
    if (!page.decoded) continue;
    const std::vector<uint64_t> expected = ExpectedHistogram(
        repetition ? page.repetition_histogram : page.definition_histogram,
        max_level, page.num_values);
    if (expected.size() != width) continue;
    for (uint64_t level = 0; level < width; ++level) {
      const Spanned<int64_t>& entry = list.value[k * width + level];
      if (static_cast<uint64_t>(entry.value) == expected[level]) continue;
      v.c.Report(Code::kPageIndexHistogram, entry.span,
                 v.c.Path("column_index", name, k * width + level),
                 StrCat(PageName(k), " has ", expected[level],
                        repetition ? " repetition" : " definition",
                        " levels of ", level, ", not ", entry.value));
      break;
    }
  }
}

// The index against what each decoded page held.
void CheckAgainstPages(const IndexView& v, const ChunkWalk& walk,
                       bool null_counts_ok, bool nan_counts_ok) {
  const ColumnIndex& ci = v.ci;
  // TYPE_ORDER has no place for NaN in min/max, so a page of only NaN
  // cannot be described (PageIndex.md; parquet-mr drops such indexes).
  const bool type_order_float = v.order.floating() && !v.order.total_order();
  std::optional<size_t> first_nan_only;
  size_t nan_only = 0;
  for (size_t k = 0; k < v.pages; ++k) {
    const DataPageSummary& page = walk.data_pages[k];
    if (!page.decoded) continue;
    const PageValueSummary& values = page.values;
    const bool null_page = ci.null_pages.value[k].value;
    if (null_page != (values.non_null == 0) && !v.NoStatisticsPage(k)) {
      v.c.Report(Code::kPageIndexNullPages, ci.null_pages.value[k].span,
                 v.c.Path("column_index.null_pages", k),
                 null_page ? StrCat(PageName(k),
                                    " is marked a null page but "
                                    "holds ",
                                    values.non_null, " non-null values")
                           : StrCat(PageName(k),
                                    " holds only nulls but is "
                                    "not marked a null page"));
    }
    if (null_counts_ok) {
      const Spanned<int64_t>& count = ci.null_counts.value[k];
      if (count.value >= 0 &&
          static_cast<uint64_t>(count.value) != page.num_nulls) {
        v.c.Report(Code::kPageIndexNullCounts, count.span,
                   v.c.Path("column_index.null_counts", k),
                   StrCat(PageName(k), " has ", page.num_nulls, " nulls, not ",
                          count.value));
      }
    }
    if (nan_counts_ok) {
      const Spanned<int64_t>& count = ci.nan_counts.value[k];
      if (count.value >= 0 &&
          static_cast<uint64_t>(count.value) != values.nan_count) {
        v.c.Report(Code::kPageIndexNanCounts, count.span,
                   v.c.Path("column_index.nan_counts", k),
                   StrCat(PageName(k), " has ", values.nan_count,
                          " NaN values, not ", count.value));
      }
    }
    if (type_order_float && values.non_null > 0 &&
        values.nan_count == values.non_null) {
      if (!first_nan_only.has_value()) first_nan_only = k;
      ++nan_only;
    }
    if (!v.per_page || null_page || !values.has_bounds) continue;
    const Spanned<Binary>& min = ci.min_values.value[k];
    const Spanned<Binary>& max = ci.max_values.value[k];
    if (Comparable(v.order, min.value) && Comparable(v.order, values.min) &&
        v.order.Compare(min.value, values.min) > 0) {
      v.c.Report(Code::kPageIndexBounds, min.span,
                 v.c.Path("column_index.min_values", k),
                 StrCat("min_values of ", PageName(k),
                        " is above the page's smallest value"));
    }
    if (Comparable(v.order, max.value) && Comparable(v.order, values.max) &&
        v.order.Compare(max.value, values.max) < 0) {
      v.c.Report(Code::kPageIndexBounds, max.span,
                 v.c.Path("column_index.max_values", k),
                 StrCat("max_values of ", PageName(k),
                        " is below the page's largest value"));
    }
  }
  if (first_nan_only.has_value() && v.per_page) {
    const size_t k = *first_nan_only;
    v.c.Report(
        Code::kPageIndexNanOnlyPage, ci.min_values.value[k].span,
        v.c.Path("column_index.min_values", k),
        StrCat(PageName(k),
               nan_only > 1 ? StrCat(" and ", nan_only - 1, " more pages hold")
                            : std::string(" holds"),
               " only NaN values, which TYPE_ORDER min/max cannot "
               "describe; no column index should be written"));
  }
}

void CheckColumnIndex(const Chunk& c, const ColumnIndex& ci,
                      const ChunkWalk& walk) {
  const ValueOrder order =
      c.leaf != nullptr
          ? ValueOrder::For(*c.leaf, ColumnOrderOf(*c.ctx, c.column))
          : ValueOrder();
  IndexView v{c, ci, order};
  // Without the page list, the lists must at least agree with null_pages.
  v.pages = walk.complete ? walk.data_pages.size() : ci.null_pages.value.size();
  const bool null_pages_ok = ListMatches(v, ci.null_pages, "null_pages");
  const bool min_ok = ListMatches(v, ci.min_values, "min_values");
  const bool max_ok = ListMatches(v, ci.max_values, "max_values");
  const bool null_counts_ok = ListMatches(v, ci.null_counts, "null_counts");
  const bool nan_counts_ok = ListMatches(v, ci.nan_counts, "nan_counts");
  v.per_page = null_pages_ok && min_ok && max_ok;
  v.null_counts_ok = null_counts_ok;
  v.parquet_mr = c.ctx->md.created_by.value.starts_with("parquet-mr");
  CheckEntries(v);
  CheckBoundaryOrder(v);
  CheckIndexHistogram(v, ci.repetition_level_histograms,
                      "repetition_level_histograms", c.max_repetition_level,
                      /*repetition=*/true, walk);
  CheckIndexHistogram(v, ci.definition_level_histograms,
                      "definition_level_histograms", c.max_definition_level,
                      /*repetition=*/false, walk);
  if (walk.complete && null_pages_ok) {
    CheckAgainstPages(v, walk, null_counts_ok, nan_counts_ok);
  }
}

// ---- SizeStatistics ---------------------------------------------------------
// A chunk-level level histogram: max_level + 1 entries summing to
// num_values, and equal to the walk's.
void CheckChunkHistogram(const Chunk& c, const SpannedList<int64_t>& list,
                         std::string_view name, int16_t max_level,
                         const std::vector<uint64_t>& walked,
                         const ChunkWalk& walk) {
  // Arrow C++ writes an empty list for a maximum level of 0, which the
  // field's comment allows to be left out.
  if (!list.present || (max_level == 0 && list.value.empty())) return;
  const std::string field = c.Path("meta_data.size_statistics", name);
  const uint64_t width = static_cast<uint64_t>(max_level) + 1;
  if (list.value.size() != width) {
    c.Report(Code::kStatsSizeStatisticsMismatch, list.span, field,
             StrCat(name, " has ", list.value.size(),
                    " entries; the column's maximum level ", max_level,
                    " needs ", width));
    return;
  }
  uint64_t sum = 0;
  for (size_t i = 0; i < list.value.size(); ++i) {
    const int64_t count = list.value[i].value;
    if (count < 0) {
      c.Report(Code::kStatsSizeStatisticsMismatch, list.value[i].span,
               c.Path("meta_data.size_statistics", name, i),
               StrCat("the count ", count, " is negative"));
      return;
    }
    // Saturates: a sum past 2^64 cannot equal num_values anyway.
    const uint64_t u = static_cast<uint64_t>(count);
    sum = sum > std::numeric_limits<uint64_t>::max() - u
              ? std::numeric_limits<uint64_t>::max()
              : sum + u;
  }
  const Spanned<int64_t>& num_values = c.meta->num_values;
  if (num_values.present && num_values.value >= 0 &&
      sum != static_cast<uint64_t>(num_values.value)) {
    c.Report(Code::kStatsSizeStatisticsMismatch, list.span, field,
             StrCat(name, " counts ", sum, " levels, but num_values is ",
                    num_values.value));
    return;
  }
  // With a maximum of 0 the one entry is num_values, checked above; the
  // walk compares num_values with the pages itself.
  if (max_level == 0 || !walk.complete || !walk.decoded ||
      walked.size() != width) {
    return;
  }
  for (size_t i = 0; i < width; ++i) {
    const Spanned<int64_t>& entry = list.value[i];
    if (static_cast<uint64_t>(entry.value) == walked[i]) continue;
    c.Report(Code::kStatsSizeStatisticsMismatch, entry.span,
             c.Path("meta_data.size_statistics", name, i),
             StrCat("the chunk has ", walked[i], " levels of ", i, ", not ",
                    entry.value));
    return;
  }
}

}  // namespace

void CheckPageIndex(const RuleContext& ctx, const ByteReader& file,
                    size_t row_group, size_t column, const ChunkWalk& walk,
                    const PassHooks& hooks) {
  Chunk c;
  if (!FindChunk(ctx, row_group, column, &c)) return;
  const ColumnChunk& cc = *c.cc;
  // Another file's offsets say nothing about this one, and encrypted
  // columns encrypt their indexes (Encryption.md 5.3) with their key.
  if (cc.crypto_metadata.present) {
    c.key = ctx.crypto != nullptr ? ctx.crypto->chunk_key(row_group, column)
                                  : nullptr;
    if (c.key == nullptr) return;
  }
  if (cc.file_path.present) return;
  if (cc.offset_index_offset.present) CheckRowBoundaries(c, walk);
  // What the decoded indexes' values view, for an encrypted chunk.
  std::vector<std::byte> offset_plaintext;
  std::vector<std::byte> column_plaintext;
  OffsetIndex oi;
  if (DecodeIndex(c, file, hooks, cc.offset_index_offset,
                  cc.offset_index_length, "offset_index", "offset_index_length",
                  ModuleType::kOffsetIndex, DecodeOffsetIndex,
                  &offset_plaintext,
                  &oi)) {
    CheckOffsetIndex(c, oi, walk);
  }
  ColumnIndex ci;
  if (DecodeIndex(c, file, hooks, cc.column_index_offset,
                  cc.column_index_length, "column_index", "column_index_length",
                  ModuleType::kColumnIndex, DecodeColumnIndex,
                  &column_plaintext,
                  &ci)) {
    CheckColumnIndex(c, ci, walk);
  }
}

void CheckSizeStatistics(const RuleContext& ctx, size_t row_group,
                         size_t column, const ChunkWalk& walk) {
  Chunk c;
  if (!FindChunk(ctx, row_group, column, &c) || c.leaf == nullptr) return;
  const Spanned<SizeStatistics>& stats = c.meta->size_statistics;
  if (!stats.present) return;
  const SizeStatistics& s = stats.value;
  CheckChunkHistogram(c, s.repetition_level_histogram,
                      "repetition_level_histogram", c.max_repetition_level,
                      walk.repetition_histogram, walk);
  CheckChunkHistogram(c, s.definition_level_histogram,
                      "definition_level_histogram", c.max_definition_level,
                      walk.definition_histogram, walk);
  const Spanned<int64_t>& bytes = s.unencoded_byte_array_data_bytes;
  if (!bytes.present) return;
  const std::string field =
      c.Path("meta_data.size_statistics.unencoded_byte_array_data_bytes");
  if (c.physical != kByteArray) {
    c.Report(Code::kStatsSizeStatisticsMismatch, bytes.span, field,
             "unencoded_byte_array_data_bytes is set for a column that is "
             "not BYTE_ARRAY");
    return;
  }
  if (bytes.value < 0) {
    c.Report(Code::kStatsSizeStatisticsMismatch, bytes.span, field,
             StrCat("the byte count ", bytes.value, " is negative"));
    return;
  }
  if (!walk.complete || !walk.decoded) return;
  uint64_t sum = 0;
  for (const DataPageSummary& page : walk.data_pages) {
    sum += page.unencoded_byte_array_bytes;
  }
  if (sum != static_cast<uint64_t>(bytes.value)) {
    c.Report(Code::kStatsSizeStatisticsMismatch, bytes.span, field,
             StrCat("the chunk holds ", sum,
                    " bytes of byte-array values, not ", bytes.value));
  }
}

}  // namespace colcheck::parquet
