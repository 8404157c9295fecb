#include "core/byte_buffer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

namespace colcheck {
namespace {

std::vector<std::byte> Pattern(size_t n, size_t seed) {
  std::vector<std::byte> out(n);
  for (size_t i = 0; i < n; ++i) {
    out[i] = static_cast<std::byte>((i * 131 + seed) & 0xff);
  }
  return out;
}

TEST(ByteBufferTest, KeepsEveryByteAcrossGrowth) {
  // From malloc'd sizes past the 1 MiB where the buffer becomes a mapping
  // of its own, and on through mremap growth.
  ByteBuffer buffer;
  std::vector<std::byte> want;
  for (size_t step = 0; step < 40; ++step) {
    const std::vector<std::byte> part = Pattern(97 * 1024 + step, step);
    ASSERT_TRUE(buffer.Append(part));
    want.insert(want.end(), part.begin(), part.end());
  }
  ASSERT_EQ(buffer.size(), want.size());
  EXPECT_TRUE(std::equal(want.begin(), want.end(), buffer.bytes().begin()));
}

// A mapping rewound (as BufferPool hands it out) is written anew from its
// start, and grows on with its bytes kept.
TEST(ByteBufferTest, RewoundMappingIsWrittenAnew) {
  ByteBuffer buffer;
  ASSERT_TRUE(buffer.Append(Pattern(3 << 20, 1)));
  ASSERT_TRUE(buffer.mapped());
  const size_t capacity = buffer.capacity();
  const std::byte* memory = buffer.bytes().data();
  buffer.Rewind();
  EXPECT_EQ(buffer.size(), 0u);
  EXPECT_EQ(buffer.capacity(), capacity);
  std::vector<std::byte> want;
  for (size_t step = 0; step < 12; ++step) {
    const std::vector<std::byte> part = Pattern(300 * 1024, step);
    ASSERT_TRUE(buffer.Append(part));
    want.insert(want.end(), part.begin(), part.end());
    if (want.size() <= capacity) {
      EXPECT_EQ(buffer.bytes().data(), memory);
    }
  }
  ASSERT_EQ(buffer.size(), want.size());
  EXPECT_TRUE(std::equal(want.begin(), want.end(), buffer.bytes().begin()));
}

TEST(ByteBufferTest, ReserveThenCommitWritesInPlace) {
  ByteBuffer buffer;
  const std::span<std::byte> room = buffer.Reserve(3);
  ASSERT_GE(room.size(), 3u);
  room[0] = std::byte{1};
  room[1] = std::byte{2};
  room[2] = std::byte{3};
  buffer.Commit(2);
  ASSERT_EQ(buffer.size(), 2u);
  EXPECT_EQ(buffer.bytes()[1], std::byte{2});
}

TEST(ByteBufferTest, MovesAndClears) {
  ByteBuffer a;
  ASSERT_TRUE(a.Append(Pattern(2 << 20, 7)));
  ByteBuffer b = std::move(a);
  EXPECT_TRUE(a.empty());
  EXPECT_EQ(b.size(), size_t{2} << 20);
  EXPECT_EQ(b.bytes()[5], Pattern(6, 7)[5]);
  b.Clear();
  EXPECT_TRUE(b.empty());
  EXPECT_TRUE(b.Append(Pattern(10, 1)));
  EXPECT_EQ(b.size(), 10u);
}

TEST(ByteBufferTest, RefusesSizesPastMemory) {
  ByteBuffer buffer;
  EXPECT_TRUE(buffer.Reserve(SIZE_MAX - 8).empty());
  EXPECT_TRUE(buffer.empty());
}

}  // namespace
}  // namespace colcheck
