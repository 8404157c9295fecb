// Checks over the decoded values of one column chunk: each value against its
// logical type (LogicalTypes.md), and the statistics of the chunk and of its
// data pages against the values (parquet.thrift Statistics, ColumnOrder).
//
// The page walk drives one checker per chunk:
//
//   ColumnValueChecker values(ctx, column);
//   values.Dictionary(batch, scope, &section);      // dictionary page, if any
//   for each data page:
//     values.BeginPage();
//     values.Values(batch, scope, &section);        // every batch, in order
//     PageValueSummary summary = values.EndPage();
//     values.CheckPageStatistics(header_stats, summary, page_nulls, scope,
//                                "header.data_page_header.statistics");
//   values.CheckChunkStatistics(md, "row_groups[0].columns[2].meta_data",
//                               chunk_nulls, sink);
//
// Work per value is a typed loop without allocation or virtual calls;
// dictionary-encoded pages cost one table lookup per index, because each
// dictionary entry is checked and ranked once.

#ifndef COLCHECK_PARQUET_COLUMN_VALUES_H_
#define COLCHECK_PARQUET_COLUMN_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "parquet/metadata.h"
#include "parquet/page_scope.h"
#include "parquet/page_walk.h"
#include "parquet/rules.h"
#include "parquet/sort_order.h"
#include "parquet/values.h"

namespace colcheck::parquet {

class ColumnValueChecker {
 public:
  // Checks the chunks of leaf column `column`: its schema element, its
  // ColumnOrder and FileMetaData.created_by come from `ctx`, which must
  // outlive the checker. Without a leaf (unsound tree) only values are
  // counted.
  ColumnValueChecker(const RuleContext& ctx, size_t column);

  // The dictionary page's entries, PLAIN-decoded, in order; their bytes
  // must stay valid until the chunk ends. Each entry is checked as a value
  // (value.* at "values[i]") and kept, so that data pages' indices resolve
  // to it. `section` is the reader the values were decoded from: a value
  // that lies in it is reported at its own bytes, any other at the whole
  // section (or the page body when `section` is null).
  void Dictionary(const ValueBatch& batch, PageScope& scope,
                  const ByteReader* section = nullptr);

  // Starts a data page.
  void BeginPage();
  // A data page's values (or indices into the dictionary), in order. Values
  // are checked as in Dictionary(); indices are only counted and ranked.
  void Values(const ValueBatch& batch, PageScope& scope,
              const ByteReader* section = nullptr);
  // Ends the data page and returns what it held. has_bounds, min and max
  // are set only when the column's order is defined (ValueOrder).
  PageValueSummary EndPage();

  // Checks a data page header's statistics against that page's values
  // (`page`, from EndPage()) and its nulls (from the definition levels).
  // Call only for a page whose levels and values all decoded.
  // `stats_field` is the statistics' field below the page's field
  // ("header.data_page_header.statistics"); spans are the header's.
  //
  // null_count of a column inside a list has two readings in the wild:
  // every level below the maximum definition level (parquet-mr), or only
  // null elements of lists that exist (Arrow C++). `page_nulls` is the
  // first; with the page's definition level histogram (max level + 1
  // entries) either is accepted, and without it a nested column's
  // null_count is judged only when it matches.
  void CheckPageStatistics(const Spanned<Statistics>& stats,
                           const PageValueSummary& page, uint64_t page_nulls,
                           PageScope& scope, std::string_view stats_field,
                           std::span<const uint64_t> definition_histogram = {});

  // At the chunk's end: ColumnMetaData.statistics against every value of
  // the chunk and its `chunk_nulls` (and the chunk's definition level
  // histogram, as for pages). Call only when every data page of the chunk
  // decoded. `field` is the chunk's metadata field
  // ("row_groups[0].columns[2].meta_data").
  void CheckChunkStatistics(
      const ColumnMetaData& md, std::string_view field, uint64_t chunk_nulls,
      DiagnosticSink& sink,
      std::span<const uint64_t> definition_histogram = {});

  const ValueOrder& order() const { return order_; }

 private:
  // The per-value check the column's logical type asks for.
  enum class ValueCheck : uint8_t {
    kNone,
    kUtf8,             // STRING, ENUM: BYTE_ARRAY.
    kJson,             // JSON: BYTE_ARRAY, UTF-8 and RFC 8259.
    kDecimalInt32,     // |v| < 10^p, p <= 9.
    kDecimalInt64,     // |v| < 10^p, p <= 18.
    kDecimalBytes,     // BYTE_ARRAY or FLBA, big-endian two's complement.
    kIntegerSigned,    // INT32/INT64 in [int_min_, int_max_].
    kIntegerUnsigned,  // The INT32/INT64 bit pattern <= uint_max_.
    kTime,             // 0 <= v < int_max_.
  };
  // How values are scanned for min, max and NaN; one typed loop each.
  enum class Scan : uint8_t {
    kNone,  // No usable order: values are only counted.
    kInt32,
    kUint32,
    kInt64,
    kUint64,
    // FLOAT, DOUBLE and FLOAT16 under TYPE_ORDER (NaN and -0 == +0 aside),
    // then under IEEE_754_TOTAL_ORDER.
    kFloat,
    kDouble,
    kHalf,
    kFloatTotal,
    kDoubleTotal,
    kHalfTotal,
    kBoolean,
    kInt96,  // INT96_TIMESTAMP_ORDER.
    kBytes,
    kFixedBytes,
    kDecimal,
    kFixedDecimal,
  };
  struct Extremes;
  struct Observed;
  class Reporter;

  void SetUpValueCheck(const SchemaElement& leaf);
  void SetUpScan();
  void CheckValues(const ValueBatch& batch, PageScope& scope,
                   const ByteReader* section);
  void ReportValue(Code code, std::span<const std::byte> value, uint64_t index,
                   PageScope& scope, const ByteReader* section,
                   std::string message) const;
  void CheckDecimalBytes(std::span<const std::byte> v, uint64_t index,
                         PageScope& scope, const ByteReader* section);
  void ScanBatch(const ValueBatch& batch, Extremes* e) const;
  void ScanIndices(std::span<const uint32_t> indices);
  void RankDictionary();
  void Merge(std::string_view min, std::string_view max);
  void CheckAgainst(const Statistics& s, const Observed& data, Reporter& report,
                    bool footer_checked) const;
  bool WriterBugCovers(const Statistics& s) const;
  void CountNulls(uint64_t nulls, std::span<const uint64_t> histogram,
                  Observed* data) const;
  std::string Describe(std::string_view value) const;

  bool active_ = false;  // The column has a leaf with a type.
  // The column lies inside a repeated field (or is one); an element of the
  // innermost list exists from definition level `element_level_` on.
  bool nested_ = false;
  int16_t element_level_ = 0;
  int16_t max_definition_level_ = 0;
  ValueOrder order_;
  ValueCheck check_ = ValueCheck::kNone;
  Scan scan_ = Scan::kNone;
  int32_t physical_ = 0;
  uint32_t width_ = 0;  // PLAIN width; 0 for BYTE_ARRAY.
  int64_t int_min_ = 0;
  int64_t int_max_ = 0;
  uint64_t uint_max_ = 0;
  int32_t precision_ = 0;
  // DECIMAL bounds as big-endian two's complement: 10^p and -10^p, built
  // on first use.
  std::string decimal_high_;
  std::string decimal_low_;
  // created_by names a writer known to get statistics wrong.
  bool writer_bug_all_ = false;       // PARQUET-251: parquet-mr < 1.8.0.
  bool writer_bug_unsigned_ = false;  // PARQUET-686: signed order for all.
  std::string writer_;

  // The dictionary, and each entry's rank under the column order
  // (kNaNRank for NaN), with the entry of each rank.
  static constexpr uint32_t kNaNRank = 0xffffffffu;
  std::vector<std::string_view> dictionary_;
  std::vector<uint32_t> rank_;
  std::vector<uint32_t> by_rank_;
  bool ranked_ = false;

  // The current page.
  uint64_t page_non_null_ = 0;
  uint64_t page_nan_ = 0;
  bool page_has_ = false;
  std::string page_min_;
  std::string page_max_;
  uint32_t page_min_rank_ = 0;
  uint32_t page_max_rank_ = 0;
  bool page_has_rank_ = false;

  // The chunk so far.
  uint64_t chunk_non_null_ = 0;
  uint64_t chunk_nan_ = 0;
  bool chunk_has_ = false;
  std::string chunk_min_;
  std::string chunk_max_;
  // Some value could not be scanned (an index past the dictionary, a batch
  // of the wrong width): bounds and NaN counts are then unknown.
  bool unresolved_ = false;
};

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_COLUMN_VALUES_H_
