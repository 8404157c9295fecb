// The column stage (columns.h). In progress: reads nothing yet.

#include "orc/columns.h"

namespace colcheck::orc {

void ReadStripeColumns(const ColumnContext&, size_t, const StripeInformation&,
                       const StripeFooter&, const StripeData&,
                       ColumnObserver*, DiagnosticSink&) {}

}  // namespace colcheck::orc
