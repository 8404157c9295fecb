// Where the decoded model's lists live.
//
// A wide table's footer decodes into a few very large lists: the column
// chunks of a row group of 10,000 columns take about 20 MB. Written once
// from end to end, such a list costs one page fault per 4 KiB page, and
// half of a whole process's time on a 10,000 x 10 footer went to faults.
// A list of limits::kModelMapFrom (8 MiB) or more therefore gets a
// mapping of its own on huge pages (core/huge_pages.h). Smaller lists use
// operator new (core/limits.h says why), as do all lists under
// AddressSanitizer, so that it sees every byte of the model.

#ifndef COLCHECK_CORE_MODEL_ALLOCATOR_H_
#define COLCHECK_CORE_MODEL_ALLOCATOR_H_

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

namespace colcheck {

// Maps `bytes` for the model, or returns nullptr when the system refuses.
void* MapModelBytes(size_t bytes);
// Unmaps what MapModelBytes(bytes) returned.
void UnmapModelBytes(void* p, size_t bytes);
// Whether a list of `bytes` is mapped rather than allocated.
bool MapsModelBytes(size_t bytes);

template <typename T>
struct ModelAllocator {
  using value_type = T;

  ModelAllocator() = default;
  template <typename U>
  ModelAllocator(const ModelAllocator<U>&) {}  // NOLINT: rebinding.

  // std::vector has checked `n` against max_size(). A refused mapping
  // fails as std::allocator does.
  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (!MapsModelBytes(bytes)) return std::allocator<T>().allocate(n);
    if (void* p = MapModelBytes(bytes)) return static_cast<T*>(p);
    throw std::bad_alloc();
  }
  void deallocate(T* p, size_t n) {
    const size_t bytes = n * sizeof(T);
    if (MapsModelBytes(bytes)) {
      UnmapModelBytes(p, bytes);
    } else {
      std::allocator<T>().deallocate(p, n);
    }
  }

  friend bool operator==(const ModelAllocator&, const ModelAllocator&) {
    return true;
  }
};

// A list of the decoded model.
template <typename T>
using ModelList = std::vector<T, ModelAllocator<T>>;

}  // namespace colcheck

#endif  // COLCHECK_CORE_MODEL_ALLOCATOR_H_
