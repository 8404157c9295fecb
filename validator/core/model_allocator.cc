#include "core/model_allocator.h"

#include <sys/mman.h>

#include "core/huge_pages.h"
#include "core/limits.h"

namespace colcheck {
namespace {

size_t RoundToHugePage(size_t bytes) {
  return (bytes + kHugePage - 1) & ~(kHugePage - 1);
}

}  // namespace

bool MapsModelBytes(size_t bytes) {
  return !kAddressSanitizer && bytes >= limits::kModelMapFrom;
}

void* MapModelBytes(size_t bytes) {
  return MapHugePages(RoundToHugePage(bytes));
}

void UnmapModelBytes(void* p, size_t bytes) {
  munmap(p, RoundToHugePage(bytes));
}

}  // namespace colcheck
