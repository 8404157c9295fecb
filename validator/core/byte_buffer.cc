#include "core/byte_buffer.h"

#include <sys/mman.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <utility>

#include "core/huge_pages.h"

namespace colcheck {
namespace {

// From here on a buffer is a mapping of its own.
constexpr size_t kMapFrom = size_t{1} << 20;
constexpr size_t kPage = 4096;

size_t RoundToPage(size_t n) { return (n + kPage - 1) / kPage * kPage; }

}  // namespace

ByteBuffer::ByteBuffer(ByteBuffer&& other) noexcept
    : data_(std::exchange(other.data_, nullptr)),
      size_(std::exchange(other.size_, 0)),
      capacity_(std::exchange(other.capacity_, 0)),
      mapped_(std::exchange(other.mapped_, false)) {}

ByteBuffer& ByteBuffer::operator=(ByteBuffer&& other) noexcept {
  if (this == &other) return *this;
  Clear();
  data_ = std::exchange(other.data_, nullptr);
  size_ = std::exchange(other.size_, 0);
  capacity_ = std::exchange(other.capacity_, 0);
  mapped_ = std::exchange(other.mapped_, false);
  return *this;
}

ByteBuffer::~ByteBuffer() { Clear(); }

void ByteBuffer::Clear() {
  if (mapped_) {
    munmap(data_, capacity_);
  } else {
    std::free(data_);
  }
  data_ = nullptr;
  size_ = capacity_ = 0;
  mapped_ = false;
}

std::span<std::byte> ByteBuffer::Reserve(size_t n) {
  if (capacity_ - size_ < n) {
    if (n > SIZE_MAX / 2 - size_) return {};
    const size_t want = std::max(size_ + n, capacity_ * 2);
    if (!Grow(want)) return {};
  }
  return {data_ + size_, capacity_ - size_};
}

bool ByteBuffer::Append(std::span<const std::byte> bytes) {
  if (bytes.empty()) return true;
  const std::span<std::byte> room = Reserve(bytes.size());
  if (room.empty()) return false;
  std::memcpy(room.data(), bytes.data(), bytes.size());
  Commit(bytes.size());
  return true;
}

bool ByteBuffer::Grow(size_t capacity) {
  if (capacity < kMapFrom) {
    void* p = std::realloc(data_, capacity);
    if (p == nullptr) return false;
    data_ = static_cast<std::byte*>(p);
    capacity_ = capacity;
    return true;
  }
  capacity = RoundToPage(capacity);
  void* p;
  if (mapped_) {
    p = mremap(data_, capacity_, capacity, MREMAP_MAYMOVE);
    if (p == MAP_FAILED) return false;
    AdviseHugePages(p, capacity);
  } else {
    // Crossing into a mapping copies the (small) malloc'd bytes once.
    p = MapHugePages(capacity);
    if (p == nullptr) return false;
    if (size_ > 0) std::memcpy(p, data_, size_);
  }
  if (!mapped_) std::free(data_);
  data_ = static_cast<std::byte*>(p);
  capacity_ = capacity;
  mapped_ = true;
  return true;
}

}  // namespace colcheck
