// The validation pass with hooks into the page walk, for InspectBytes and
// InspectFile, which observe the same pass that ValidateBytes runs.

#ifndef COLCHECK_VALIDATE_INTERNAL_H_
#define COLCHECK_VALIDATE_INTERNAL_H_

#include <cstddef>
#include <functional>
#include <span>
#include <string>

#include "colcheck/colcheck.h"
#include "core/pass_hooks.h"

namespace colcheck {

// ValidateBytes with `hooks` (core/pass_hooks.h) attached: a file release
// function, a value tap, the formats' observers.
Report ValidateWithHooks(std::span<const std::byte> data,
                         const Options& options, const PassHooks& hooks);

// ValidateSource, reading `tail_bytes` of the file's end (and its first
// bytes) before the pass starts. With `strict`, pages of the file the pass
// did not fetch before reading them fault (core/source_image.h), so a test
// that serves files through it with a small tail finds every read the
// drivers fail to name.
Status ValidateSourceImage(ByteSource& source, const Options& options,
                           bool strict, uint64_t tail_bytes, Report* report);

// Maps the file at `path` and calls `run` with its bytes and hooks whose
// release function lets the page walk give back pages it is done with, so a
// large file never stays resident as a whole. Returns the status of opening
// the file; `run` is not called when that fails.
Status WalkMappedFile(const std::string& path,
                      const std::function<void(std::span<const std::byte> data,
                                               const PassHooks& hooks)>& run);

}  // namespace colcheck

#endif  // COLCHECK_VALIDATE_INTERNAL_H_
