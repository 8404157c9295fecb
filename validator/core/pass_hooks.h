// What a caller attaches to one validation pass, whatever the format: a
// release function for the bytes the pass is done with, and observers that
// see what the pass decodes (for inspection) or the values it reads. Each
// format's driver (validator/format.h) takes the same hooks and calls the
// ones for its format; all are optional, so validation alone pays nothing.

#ifndef COLCHECK_CORE_PASS_HOOKS_H_
#define COLCHECK_CORE_PASS_HOOKS_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <utility>

#include "core/byte_reader.h"
#include "core/span.h"

namespace colcheck {

struct DecryptionKeys;  // colcheck/colcheck.h

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

// Called with a file range before the pass reads it, when the file's bytes
// come from a ByteSource rather than memory (core/source_image.h): the
// range `need` must be there on return, and the source may read on up to
// `limit`, the end of the region the pass is about to walk (a column
// chunk, a stripe), so that neighbouring reads become one. A range that
// cannot be read reads as zeros and fails the validation as a tool error,
// so callers carry on as if it had been read.
using FetchFn = std::function<void(ByteSpan need, uint64_t limit)>;

// How much released range is gathered before it is handed on.
inline constexpr uint64_t kReleaseBatchBytes = uint64_t{8} << 20;

// Gathers contiguous released ranges and hands them on `batch` bytes at a
// time (and whatever is left at Flush or destruction), so that a walk that
// releases page by page makes few calls to the costly release underneath.
class ReleaseBatch {
 public:
  ReleaseBatch(ReleaseFn release, uint64_t batch)
      : release_(std::move(release)), batch_(batch) {}
  ~ReleaseBatch() { Flush(); }
  ReleaseBatch(const ReleaseBatch&) = delete;
  ReleaseBatch& operator=(const ReleaseBatch&) = delete;

  void Add(ByteSpan span) {
    if (span.offset != pending_.end() || span.offset < pending_.offset) {
      Flush();
      pending_ = span;
    } else {
      pending_.length += span.length;
    }
    if (pending_.length >= batch_) Flush();
  }
  void Flush() {
    if (pending_.length > 0) release_(pending_);
    pending_ = {};
  }

 private:
  ReleaseFn release_;
  uint64_t batch_;
  ByteSpan pending_;
};

struct PassHooks {
  ReleaseFn release;
  FetchFn fetch;
  // The threads the pass may use for the parts of one file, at least 1
  // (Options::threads, resolved). Used only while no observer or tap is
  // set and no suppress hook (Options::suppress) is, as those see findings
  // and values in file order.
  size_t threads = 1;
  parquet::ValueTap* tap = nullptr;               // parquet/page_walk.h
  parquet::Observer* parquet_observer = nullptr;  // parquet/page_walk.h
  orc::Observer* orc_observer = nullptr;          // orc/orc_validator.h
  // Options::keys, when any were given: a Parquet pass decrypts with them.
  const DecryptionKeys* keys = nullptr;

  // fetch(need, limit), where there is a fetch.
  void Fetch(ByteSpan need, uint64_t limit) const {
    if (fetch) fetch(need, limit);
  }
  void Fetch(ByteSpan need) const { Fetch(need, need.end()); }
};

// Fetches as much of [begin, end) as a decoder reading from `begin` needs,
// when the pass has a fetch: `guess` bytes first, then eight times more
// while `ran_out(window)`, a trial decode of only the bytes fetched so far,
// says it ran out of them. A decode of all of [begin, end) then reads only
// fetched bytes, and finds what it would find in memory. The source may
// read ahead to `limit`.
template <typename RanOut>
void FetchDecodable(const PassHooks& hooks, const ByteReader& file,
                    uint64_t begin, uint64_t end, uint64_t guess,
                    uint64_t limit, RanOut ran_out) {
  if (!hooks.fetch || begin >= end) return;
  const uint64_t all = end - begin;
  uint64_t length = guess == 0 ? 1 : (guess < all ? guess : all);
  for (;;) {
    hooks.fetch({begin, length}, limit);
    ByteReader window;
    if (length == all || !file.Sub(begin, length, &window) ||
        !ran_out(window)) {
      return;
    }
    length = all / 8 <= length ? all : length * 8;
  }
}

// What a pass learnt that the diagnostics do not say.
struct PassOutcome {
  // The file is encrypted; parts that need keys were not checked.
  bool encrypted = false;
  // The bytes carry neither format's magic (file.unrecognized-format).
  bool unrecognized = false;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_PASS_HOOKS_H_
