// Anonymous mappings for large buffers that are written once from end to
// end: decoded regions (ByteBuffer) and the model's largest lists
// (ModelAllocator).
//
// On a virtual machine a page fault costs microseconds, and such a buffer
// takes one per 4 KiB page it touches. Where the system offers transparent
// huge pages on request (transparent_hugepage=madvise), a mapping that
// starts on a 2 MiB boundary and asks for them takes a 512th of the faults.

#ifndef COLCHECK_CORE_HUGE_PAGES_H_
#define COLCHECK_CORE_HUGE_PAGES_H_

#include <cstddef>

namespace colcheck {

inline constexpr size_t kHugePage = size_t{2} << 20;

// Whether AddressSanitizer instruments this build. It sees only the bytes
// of operator new and malloc, so buffers it should check are not mapped.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// Maps `length` bytes (a multiple of 4 KiB) starting on a 2 MiB boundary,
// with huge pages requested, or returns nullptr when the system refuses.
// munmap(p, length) gives all of it back.
void* MapHugePages(size_t length);

// Asks for huge pages over [p, p + length), a mapping that has moved or
// grown. Only a hint: nothing depends on it.
void AdviseHugePages(void* p, size_t length);

}  // namespace colcheck

#endif  // COLCHECK_CORE_HUGE_PAGES_H_
