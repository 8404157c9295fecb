#include "core/model_allocator.h"

#include <sys/mman.h>

#include <cstdint>

namespace colcheck {
namespace {

constexpr size_t kHugePage = size_t{2} << 20;
// Below this a list is allocated. malloc reuses the memory of freed lists
// of a few MiB for the next validation in the process, which a mapping of
// their own would lose (each mapping is faulted in and zeroed anew); from
// here on the list alone is larger than what malloc keeps between
// validations by default, and zeroing a fresh huge page costs less than
// decoding what fills it.
constexpr size_t kModelMapFrom = size_t{8} << 20;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kMapping = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kMapping = false;
#else
constexpr bool kMapping = true;
#endif
#else
constexpr bool kMapping = true;
#endif

size_t RoundUp(size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

}  // namespace

bool MapsModelBytes(size_t bytes) { return kMapping && bytes >= kModelMapFrom; }

void* MapModelBytes(size_t bytes) {
  // Mapped one huge page larger, then trimmed to start on a huge page, so
  // that the whole list can be backed by huge pages.
  const size_t length = RoundUp(bytes);
  void* raw = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (begin + kHugePage - 1) & ~(kHugePage - 1);
  if (aligned > begin) munmap(raw, aligned - begin);
  const uintptr_t tail = aligned + length;
  const uintptr_t end = begin + length + kHugePage;
  if (end > tail) munmap(reinterpret_cast<void*>(tail), end - tail);
  // Only a hint; nothing depends on it.
  (void)madvise(reinterpret_cast<void*>(aligned), length, MADV_HUGEPAGE);
  return reinterpret_cast<void*>(aligned);
}

void UnmapModelBytes(void* p, size_t bytes) { munmap(p, RoundUp(bytes)); }

}  // namespace colcheck
