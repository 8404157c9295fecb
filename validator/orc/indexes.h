// Statistics, row indexes and bloom filters (ORCv1.md "Column Statistics",
// "Row Group Index", "Bloom Filter Index"; orc-rules.md ST2-ST5, RI1-RI5,
// BF1-BF4) and column encryption's structure (EN1-EN4).
//
// The checks come in three stages, as deep as the level goes:
//   footer  CheckFileStatistics: the Footer's and Metadata's statistics
//           against the types and each other (file = sum of stripes), and
//           the encryption description.
//   pages   CheckStripeIndexes: each stripe's ROW_INDEX and BLOOM_FILTER*
//           streams, decoded, against the stripe (entry counts, positions,
//           filter shapes) and the stripe's statistics.
//   full    The ColumnObserver from MakeValueChecker, fed every decoded
//           value, a batch of one row group at a time, by
//           ReadStripeColumns: values against min/max/sum/counts at file,
//           stripe and row-group level, and bloom filters for false
//           negatives.

#ifndef COLCHECK_ORC_INDEXES_H_
#define COLCHECK_ORC_INDEXES_H_

#include <cstddef>
#include <memory>

#include "core/diagnostics.h"
#include "orc/columns.h"
#include "orc/metadata.h"
#include "orc/stripe.h"
#include "orc/tail.h"
#include "orc/types.h"

namespace colcheck::orc {

// The file-level facts the index checks need.
struct IndexContext {
  const Tail& tail;
  const Footer& footer;
  const Metadata* metadata;  // nullptr when the file has none
  const TypeTree& types;
};

void CheckFileStatistics(const IndexContext& context, DiagnosticSink& sink);

void CheckStripeIndexes(const IndexContext& context, size_t index,
                        const StripeInformation& stripe,
                        const StripeFooter& footer, const StripeData& data,
                        DiagnosticSink& sink);

// A ColumnObserver that checks values against the statistics and bloom
// filters; it reports into `sink` as stripes end. It keeps its own copy of
// what it needs of each stripe's indexes (BeginStripe decodes them again
// from the StripeData).
std::unique_ptr<ColumnObserver> MakeValueChecker(const IndexContext& context,
                                                 DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_INDEXES_H_
