// Column statistics (ORCv1.md "Column Statistics"; orc_proto.proto
// ColumnStatistics; orc-rules.md ST2-ST5).
//
// A ColumnStatistics describes one column over one scope: the file
// (Footer.statistics), a stripe (Metadata.stripe_stats) or a row group (a
// ROW_INDEX entry). At most one typed sub-message, the one of the column's
// type, carries min/max/sum:
//
//   ColumnStatistics { number_of_values, has_null, bytes_on_disk,
//                      one of int | double | string | bucket | decimal |
//                             date | binary | timestamp | collection |
//                             geometry }
//
// A scope's statistics are the aggregate of its parts' (file = stripes,
// stripe = row groups): counts and sums add up, minimum and maximum are the
// smallest and largest of the parts'. An absent integer sum means the sum
// overflowed int64.

#ifndef COLCHECK_ORC_STATISTICS_H_
#define COLCHECK_ORC_STATISTICS_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/diagnostics.h"
#include "orc/metadata.h"

namespace colcheck::orc {

// What a statistics rule needs to know about the column and the writer.
struct StatsColumn {
  int64_t kind = kStruct;  // TypeKind
  // writerVersion 0 (before HIVE-8732): readers ignore the statistics of
  // this type, so inconsistencies are notes (ST5), not errors.
  bool untrusted = false;
};

// Whether statistics of `kind` written at `writer_version` are ignored by
// readers (C++ StatContext.correctStats): string, decimal, date,
// timestamp, boolean and binary statistics of writerVersion 0 files.
bool UntrustedStatistics(int64_t kind, uint32_t writer_version);

// `code` unless the column is untrusted, when it is orc-stats.old-writer.
Code StatsCode(const StatsColumn& column, Code code);

// ST2 and the rules within one ColumnStatistics: one typed sub-message
// matching the type, minimum <= maximum, timestamp nanos in [1, 1000000],
// string bounds at most 1024 bytes (when `truncates_strings`, writerVersion
// >= 8). `path` names `stats` ("footer.statistics[3]").
void CheckColumnStatistics(const StatsColumn& column,
                           const Spanned<ColumnStatistics>& stats,
                           bool truncates_strings, const std::string& path,
                           DiagnosticSink& sink);

// ST4/RI5: whether `whole` is the aggregate of `parts`. Reports the first
// field that differs, with `code` (or orc-stats.old-writer), at that field
// of `whole`. `parts_name` says what the parts are in the message
// ("stripes", "row groups").
void CheckAggregate(const StatsColumn& column,
                    std::span<const ColumnStatistics* const> parts,
                    const Spanned<ColumnStatistics>& whole, Code code,
                    const std::string& path, std::string_view parts_name,
                    DiagnosticSink& sink);

// Compares decimal strings ("-12.340") by value: <0, 0, >0, or nullopt
// when either is not a decimal number.
std::optional<int> CompareDecimalStrings(std::string_view a,
                                         std::string_view b);

// An unscaled decimal as a string ("-12.340" for -12340 at scale 3).
std::string DecimalString(__int128 unscaled, int32_t scale);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_STATISTICS_H_
