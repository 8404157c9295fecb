// How many times this thread has decoded each message of a file's tail
// (Parquet's FileMetaData; ORC's PostScript and Footer) and of ORC's
// stripes. Only tests read it, to show that inspection decodes each message
// once, in the validation pass (inspect/inspect_test.cc); the cost is one
// increment per message.

#ifndef COLCHECK_CORE_DECODE_COUNTS_H_
#define COLCHECK_CORE_DECODE_COUNTS_H_

#include <cstdint>

namespace colcheck {

struct DecodeCounts {
  uint64_t file_metadata = 0;
  uint64_t postscripts = 0;
  uint64_t footers = 0;
  uint64_t stripe_footers = 0;
};

inline DecodeCounts& ThreadDecodeCounts() {
  thread_local DecodeCounts counts;
  return counts;
}

}  // namespace colcheck

#endif  // COLCHECK_CORE_DECODE_COUNTS_H_
