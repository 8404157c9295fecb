// Row group indexes (ORCv1.md "Row Group Index"; orc-rules.md RI2-RI5).
//
// With row_index_stride > 0 each column's ROW_INDEX stream holds one entry
// per stride rows of the stripe. An entry's positions let a reader seek
// every stream of the column to the group's start, concatenated in a
// fixed order (PRESENT first, when the stripe has one):
//
//   RowIndexEntry { positions: [ PRESENT: chunk?, byte, runs, bits |
//                                DATA: chunk?, byte, ... | ... ],
//                   statistics (of the group) }
//
// In a compressed stream each stream's positions start with the chunk
// start (a chunk header's offset in the stream) and the offset inside the
// decompressed chunk; uncompressed, with the byte offset alone.

#ifndef COLCHECK_ORC_ROW_INDEX_H_
#define COLCHECK_ORC_ROW_INDEX_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/diagnostics.h"
#include "orc/columns.h"
#include "orc/indexes.h"
#include "orc/metadata.h"

namespace colcheck::orc {

// One column's index streams of a stripe, decoded. The models point into
// the StripeData's buffers.
struct ColumnIndexes {
  const RowIndex* row_index = nullptr;  // Decoded completely, or null.
  ByteSpan row_index_span;              // The stream in the file.
  // BLOOM_FILTER_UTF8 ([1]) and the original BLOOM_FILTER ([0]).
  const BloomFilterIndex* bloom[2] = {nullptr, nullptr};
  ByteSpan bloom_span[2];
  // The BLOOM_FILTER stream is in a pre-release layout (Hive's first
  // filters: expected entries, fpp as a double, bits as varints; field 3
  // is not utf8bitset), which readers cannot use: it is left unchecked.
  bool legacy_bloom = false;
  // The column is under an encryption variant: its unencrypted streams
  // hold the masked data, whose index Java writes for the unmasked rows.
  bool encrypted = false;
};

struct StripeIndexes {
  std::vector<ColumnIndexes> columns;  // One per type.
  std::vector<RowIndex> row_indexes;   // Storage for the models.
  std::vector<BloomFilterIndex> blooms;
};

// Decodes every ROW_INDEX and BLOOM_FILTER(_UTF8) stream of stripe `index`
// that framed completely. Wire faults go to `sink` (null: dropped).
StripeIndexes DecodeStripeIndexes(const IndexContext& context, size_t index,
                                  const StripeData& data, DiagnosticSink* sink);

// The number of row groups of a stripe of `rows` rows: ceil(rows/stride).
uint64_t RowGroupCount(uint64_t rows, uint64_t stride);

// RI2-RI5 on every decoded ROW_INDEX of the stripe.
void CheckRowIndexes(const IndexContext& context, size_t index,
                     const StripeInformation& stripe,
                     const StripeFooter& footer, const StripeData& data,
                     const StripeIndexes& indexes, DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_ROW_INDEX_H_
