// Rules on the decoded Footer and Metadata (ORCv1.md "Footer", "Stripes",
// "Metadata"; orc-rules.md F2-F11, S1, T10, T11, ST1).

#ifndef COLCHECK_ORC_FOOTER_H_
#define COLCHECK_ORC_FOOTER_H_

#include <cstdint>

#include "core/diagnostics.h"
#include "orc/metadata.h"
#include "orc/tail.h"

namespace colcheck::orc {

// The byte extent of a stripe, or false when its lengths overflow.
bool StripeEnd(const StripeInformation& stripe, uint64_t* end);

// Checks the Footer against itself and the tail; absent fields are
// reported at the Footer's region. Returns whether every
// stripe lies inside the file, in order, so that stripes can be read.
bool CheckFooter(const Footer& footer, const Tail& tail, DiagnosticSink& sink);

// ST1: one StripeStatistics per stripe, one ColumnStatistics per type.
void CheckMetadataCounts(const Metadata& metadata, const Footer& footer,
                         const Tail& tail, DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_FOOTER_H_
