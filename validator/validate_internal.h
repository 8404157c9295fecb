// The validation pass with hooks into the page walk, for InspectBytes and
// InspectFile, which observe the same pass that ValidateBytes runs.

#ifndef COLCHECK_VALIDATE_INTERNAL_H_
#define COLCHECK_VALIDATE_INTERNAL_H_

#include <cstddef>
#include <span>

#include "colcheck/colcheck.h"
#include "parquet/page_walk.h"

namespace colcheck {

// ValidateBytes with `hooks` (page_walk.h) attached: a file release
// function, a value tap, an observer.
Report ValidateWithHooks(std::span<const std::byte> data,
                         const Options& options,
                         const parquet::WalkHooks& hooks);

}  // namespace colcheck

#endif  // COLCHECK_VALIDATE_INTERNAL_H_
