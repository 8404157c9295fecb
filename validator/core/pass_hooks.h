// What a caller attaches to one validation pass, whatever the format: a
// release function for the bytes the pass is done with, and observers that
// see what the pass decodes (for inspection) or the values it reads. Each
// format's driver (validator/format.h) takes the same hooks and calls the
// ones for its format; all are optional, so validation alone pays nothing.

#ifndef COLCHECK_CORE_PASS_HOOKS_H_
#define COLCHECK_CORE_PASS_HOOKS_H_

#include <functional>

#include "core/span.h"

namespace colcheck {

namespace parquet {
class Observer;
class ValueTap;
}  // namespace parquet

namespace orc {
class Observer;
}  // namespace orc

// Called with file ranges the pass has finished with, so that a
// memory-mapped input can drop them from memory: peak memory then follows
// the largest page or stripe rather than the file. Reading a range again
// stays correct; it is only slower.
using ReleaseFn = std::function<void(ByteSpan)>;

struct PassHooks {
  ReleaseFn release;
  parquet::ValueTap* tap = nullptr;               // parquet/page_walk.h
  parquet::Observer* parquet_observer = nullptr;  // parquet/page_walk.h
  orc::Observer* orc_observer = nullptr;          // orc/orc_validator.h
};

// What a pass learnt that the diagnostics do not say.
struct PassOutcome {
  // The file is encrypted; parts that need keys were not checked.
  bool encrypted = false;
  // The bytes carry neither format's magic (file.unrecognized-format).
  bool unrecognized = false;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_PASS_HOOKS_H_
