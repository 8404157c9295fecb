// How many times this thread has decoded each message of an ORC file's
// tail and stripes. Only tests read it, to show that inspection decodes
// each message once, in the validation pass (inspect_test.cc); the cost is
// one increment per message.

#ifndef COLCHECK_ORC_DECODE_COUNTS_H_
#define COLCHECK_ORC_DECODE_COUNTS_H_

#include <cstdint>

namespace colcheck::orc {

struct DecodeCounts {
  uint64_t postscripts = 0;
  uint64_t footers = 0;
  uint64_t stripe_footers = 0;
};

inline DecodeCounts& ThreadDecodeCounts() {
  thread_local DecodeCounts counts;
  return counts;
}

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_DECODE_COUNTS_H_
