// How many times this thread has decoded each message of a file's tail
// (Parquet's FileMetaData; ORC's PostScript and Footer) and of ORC's
// stripes, and how many steps its decoders took. Tests read it, to show
// that inspection decodes each message once, in the validation pass
// (inspect/inspect_test.cc); each validation hands its steps to the caller
// as Report::work, to show that work follows the bytes read rather than
// the counts a file declares (core/limits.h, "Work per input byte").
// The cost is one increment per message, and one addition per page. A pass
// that spreads a file over threads adds their steps to its own thread's.

#ifndef COLCHECK_CORE_DECODE_COUNTS_H_
#define COLCHECK_CORE_DECODE_COUNTS_H_

#include <cstdint>

namespace colcheck {

struct DecodeCounts {
  uint64_t file_metadata = 0;
  uint64_t postscripts = 0;
  uint64_t footers = 0;
  uint64_t stripe_footers = 0;
  // Parquet level decoding: one step per stretch of repeated levels and
  // one per literal level (parquet/data_page.cc, LevelCounter).
  uint64_t level_steps = 0;
  // Batches of data page values, each of at most kValueBatch values or one
  // repeated run (parquet/data_page.cc, DecodeValues).
  uint64_t value_batches = 0;
  // ORC columns: one step per run of a value stream (orc/rle_stream.cc),
  // per batch of slots and per run of unstored slots (orc/columns.cc).
  uint64_t orc_steps = 0;
  // Bytes the codecs produced (Parquet pages, ORC chunks).
  uint64_t decompressed_bytes = 0;
};

inline DecodeCounts& ThreadDecodeCounts() {
  thread_local DecodeCounts counts;
  return counts;
}

// The decoders' steps this thread took since `before` (the message counts
// are left 0).
inline DecodeCounts StepsSince(const DecodeCounts& before) {
  const DecodeCounts& now = ThreadDecodeCounts();
  DecodeCounts steps;
  steps.level_steps = now.level_steps - before.level_steps;
  steps.value_batches = now.value_batches - before.value_batches;
  steps.orc_steps = now.orc_steps - before.orc_steps;
  steps.decompressed_bytes = now.decompressed_bytes - before.decompressed_bytes;
  return steps;
}

// Adds steps another thread took for this one's pass.
inline void AddSteps(const DecodeCounts& steps) {
  DecodeCounts& counts = ThreadDecodeCounts();
  counts.level_steps += steps.level_steps;
  counts.value_batches += steps.value_batches;
  counts.orc_steps += steps.orc_steps;
  counts.decompressed_bytes += steps.decompressed_bytes;
}

}  // namespace colcheck

#endif  // COLCHECK_CORE_DECODE_COUNTS_H_
