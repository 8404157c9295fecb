#include "core/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>

namespace colcheck {

void* MapHugePages(size_t length) {
  // Mapped one huge page larger, then trimmed to start on a huge page, so
  // that all of it can be backed by huge pages.
  void* raw = mmap(nullptr, length + kHugePage, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED) return nullptr;
  const auto begin = reinterpret_cast<uintptr_t>(raw);
  const uintptr_t aligned = (begin + kHugePage - 1) & ~(kHugePage - 1);
  if (aligned > begin) munmap(raw, aligned - begin);
  const uintptr_t tail = aligned + length;
  const uintptr_t end = begin + length + kHugePage;
  if (end > tail) munmap(reinterpret_cast<void*>(tail), end - tail);
  AdviseHugePages(reinterpret_cast<void*>(aligned), length);
  return reinterpret_cast<void*>(aligned);
}

void AdviseHugePages(void* p, size_t length) {
  (void)madvise(p, length, MADV_HUGEPAGE);
}

}  // namespace colcheck
