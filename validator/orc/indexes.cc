// Statistics, row indexes and bloom filters (indexes.h). In progress:
// checks nothing yet.

#include "orc/indexes.h"

namespace colcheck::orc {

void CheckFileStatistics(const IndexContext&, DiagnosticSink&) {}

void CheckStripeIndexes(const IndexContext&, size_t, const StripeInformation&,
                        const StripeFooter&, const StripeData&,
                        DiagnosticSink&) {}

std::unique_ptr<ColumnObserver> MakeValueChecker(const IndexContext&,
                                                 DiagnosticSink&) {
  return nullptr;
}

}  // namespace colcheck::orc
