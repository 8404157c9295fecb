#include "core/model_allocator.h"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cerrno>
#include <cstdint>
#include <vector>

#include "core/huge_pages.h"
#include "core/limits.h"

namespace colcheck {
namespace {

TEST(ModelAllocatorTest, SmallListsAreAllocated) {
  EXPECT_FALSE(MapsModelBytes(0));
  EXPECT_FALSE(MapsModelBytes(limits::kModelMapFrom - 1));
}

// Whether any page of [p, p + bytes) is mapped: mincore fails with ENOMEM
// on a range with an unmapped page.
bool Unmapped(const void* p, size_t bytes) {
  std::vector<unsigned char> pages(bytes / 4096 + 1);
  return mincore(const_cast<void*>(p), bytes, pages.data()) != 0 &&
         errno == ENOMEM;
}

TEST(ModelAllocatorTest, LargeListsGetAnAlignedMappingGivenBackWhole) {
  if constexpr (kAddressSanitizer) {
    GTEST_SKIP() << "an AddressSanitizer build allocates every list";
  }
  constexpr size_t kLarge = limits::kModelMapFrom;
  ASSERT_TRUE(MapsModelBytes(kLarge));
  ModelList<uint64_t> list;
  // Grows through allocated sizes into mapped ones; the elements move.
  constexpr uint64_t kCount = (kLarge + 3 * kHugePage) / sizeof(uint64_t) + 5;
  for (uint64_t i = 0; i < kCount; ++i) list.push_back(i * 7919);
  for (uint64_t i = 0; i < kCount; ++i) ASSERT_EQ(list[i], i * 7919) << i;
  const void* data = list.data();
  const size_t bytes = list.capacity() * sizeof(uint64_t);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(data) % kHugePage, 0u);
  EXPECT_FALSE(Unmapped(data, bytes));
  // Mapped in whole huge pages, and all of them given back.
  const size_t mapped = (bytes + kHugePage - 1) / kHugePage * kHugePage;
  list = ModelList<uint64_t>();
  EXPECT_TRUE(Unmapped(data, mapped));
}

}  // namespace
}  // namespace colcheck
