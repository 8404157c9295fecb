// SourceImage: a file served by a ByteSource (an HTTP server, a Python file
// object), laid out at its own offsets in memory and filled only where the
// validation asks.
//
//   0                                                            size
//   |..........|#### chunk ####|.........................|# footer #|
//    not fetched: zero pages     (or PROT_NONE, strict)   fetched
//
// The image is one anonymous mapping the size of the file, reserved but not
// committed (MAP_NORESERVE), so the validator keeps reading one contiguous
// span with file offsets, as it reads a mapped local file. Before the pass
// reads a region it calls Fetch (PassHooks::fetch); the image reads the
// pages of it that are missing from the source, reading ahead up to the
// end of the region the pass is walking, so a walk of a column chunk makes
// one request per kReadAhead bytes rather than one per page. Release
// (PassHooks::release) gives pages back to the kernel and forgets them, so
// a pass over a large file holds little more than its current page.
//
// A source that fails leaves the pages it should have filled as zeros: the
// pass runs on (the validator takes any bytes), and ValidateSource reports
// the error instead of the findings. In strict mode, for tests, pages not
// fetched are not even readable, so a read without a Fetch before it faults
// instead of reading zeros.

#ifndef COLCHECK_CORE_SOURCE_IMAGE_H_
#define COLCHECK_CORE_SOURCE_IMAGE_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <span>

#include "colcheck/colcheck.h"
#include "core/pass_hooks.h"
#include "core/span.h"

namespace colcheck {

class SourceImage {
 public:
  // How far a Fetch reads past what it needs, within its limit.
  static constexpr uint64_t kReadAhead = uint64_t{8} << 20;

  explicit SourceImage(ByteSource& source) : source_(source) {}
  ~SourceImage();
  SourceImage(const SourceImage&) = delete;
  SourceImage& operator=(const SourceImage&) = delete;

  // Maps the image. `strict`: pages not fetched are PROT_NONE.
  Status Open(bool strict);

  std::span<const std::byte> bytes() const {
    return {static_cast<const std::byte*>(data_), size_};
  }

  // Makes [need) readable, reading what is missing (and up to kReadAhead
  // more, but not past `limit`) from the source. Thread-safe.
  void Fetch(ByteSpan need, uint64_t limit);
  // Gives back the whole pages inside `span`; a later Fetch reads them
  // again. Thread-safe.
  void Release(ByteSpan span);

  // The first error the source gave, or Ok.
  Status status() const;
  Fetched fetched() const;

 private:
  // Reads [begin, end), page-aligned and missing, from the source.
  void ReadRun(uint64_t begin, uint64_t end);
  void MarkPresent(uint64_t begin, uint64_t end);
  void MarkAbsent(uint64_t begin, uint64_t end);

  ByteSource& source_;
  void* data_ = nullptr;
  uint64_t size_ = 0;
  uint64_t mapped_ = 0;  // size_ rounded up to whole pages.
  uint64_t page_ = 4096;
  bool strict_ = false;

  mutable std::mutex mutex_;
  // Present ranges, page-aligned and disjoint: begin -> end.
  std::map<uint64_t, uint64_t> present_;
  Status status_ = Status::Ok();
  Fetched fetched_;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_SOURCE_IMAGE_H_
