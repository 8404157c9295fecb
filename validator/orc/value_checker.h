// The full level of statistics and bloom filters (orc-rules.md ST3, ST4,
// RI5, BF3, BF4): every decoded value against the statistics of its row
// group, stripe and file, and against its row group's bloom filter.
//
// Values come in batches of one row group. A batch whose least and
// greatest values lie inside a scope's bounds has no value outside them,
// so values are compared one by one only in the batches (and scopes) where
// some value is out of range, and spans are mapped only for reports.
//
//   per value   min <= v <= max at each scope; a bloom filter test
//   per scope   number_of_values = non-null values, has_null, sums (int
//               sum, string/binary byte totals, true count, child total)
//
// Timestamps are not compared (their statistics and filters are in UTC or
// the writer's zone, which needs tzdata), nor decimal filters (Java hashes
// HiveDecimal's string form) and double sums (rounding).

#ifndef COLCHECK_ORC_VALUE_CHECKER_H_
#define COLCHECK_ORC_VALUE_CHECKER_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/diagnostics.h"
#include "orc/columns.h"
#include "orc/indexes.h"
#include "orc/row_index.h"

namespace colcheck::orc {

class ValueChecker final : public ColumnObserver {
 public:
  ValueChecker(const IndexContext& context, DiagnosticSink& sink);

  void BeginStripe(size_t stripe, const StripeData& data) override;
  void OnSlots(const SlotBatch& batch) override;
  void OnUnstoredSlots(uint32_t column, uint64_t first_group,
                       uint64_t row_groups, uint64_t slots_per_group) override;
  void EndStripe(size_t stripe, bool complete) override;

  // The row group tallies held for the stripe, over all columns: a count
  // of the checker's memory and of its per-group work, for tests.
  uint64_t group_tallies() const {
    uint64_t n = 0;
    for (const Column& c : columns_) n += c.groups.size();
    return n;
  }

  // What one scope (a file, stripe or row group of one column) held.
  struct Tally {
    uint64_t values = 0;
    uint64_t nulls = 0;
    __int128 sum = 0;      // integers, lengths (LIST/MAP), true count
    uint64_t bytes = 0;    // string and binary byte totals
  };

 private:
  struct Column {
    int64_t kind = 0;
    bool untrusted = false;
    Tally file;
    Tally stripe;
    // One per row group while the stripe's row index has one entry per
    // group (empty otherwise: nothing reads them), so that their number
    // follows the index's bytes rather than the rows the stripe claims.
    std::vector<Tally> groups;
    uint64_t value_reports = 0;
    uint64_t bloom_reports = 0;
    // The span of the last report of each kind: values of one run share
    // their run's span, and one report per run says it.
    ByteSpan last_value_report{UINT64_MAX, 0};
    ByteSpan last_bloom_report{UINT64_MAX, 0};
    // This stripe's filters (UTF8 preferred) and whether misses are a
    // known writer bug.
    const BloomFilterIndex* bloom = nullptr;
    bool bloom_known_bad = false;
    // This stripe's row group statistics, when one per group.
    const RowIndex* row_index = nullptr;
  };

  // One scope's statistics and its name in messages ("stripe").
  struct Scope {
    const ColumnStatistics* stats;
    const char* name;
  };
  // The scopes whose bounds value checks compare with (none for the
  // kinds and writers whose bounds are not checked).
  size_t RangeScopes(const Column& column, uint32_t c, uint64_t row_group,
                     std::array<Scope, 3>* scopes) const;
  void CheckRange(Column& column, uint32_t c, const SlotBatch& batch,
                  size_t i, const Scope& scope);
  void CheckBloom(Column& column, uint32_t c, const SlotBatch& batch,
                  size_t i, const BloomFilter& filter);
  void CheckTally(const Column& column, const Tally& tally,
                  const Spanned<ColumnStatistics>& stats,
                  const std::string& path, bool uncounted_scope);
  // Whether the stripe's root count is 0 (statistics not counted, ST3).
  bool StripeUncounted(size_t stripe) const;
  bool KnownBadCppWriter() const;

  const IndexContext& context_;
  DiagnosticSink& sink_;
  std::vector<Column> columns_;
  StripeIndexes indexes_;
  const StripeData* data_ = nullptr;
  size_t stripe_ = 0;
  size_t stripes_complete_ = 0;
};

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_VALUE_CHECKER_H_
