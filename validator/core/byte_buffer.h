// A growable buffer of bytes for decoded regions, whose memory follows what
// it holds.
//
// std::vector grows by copying into a second allocation, so a 20 MiB stream
// briefly needs 16 + 32 MiB, and the freed blocks stay in malloc's heap. A
// ByteBuffer of 1 MiB or more lives in its own anonymous mapping instead:
// growing moves its pages (mremap) without copying them, pages it never
// touches cost nothing, and freeing returns them to the system at once.
// Smaller buffers use malloc and realloc.

#ifndef COLCHECK_CORE_BYTE_BUFFER_H_
#define COLCHECK_CORE_BYTE_BUFFER_H_

#include <cstddef>
#include <span>

namespace colcheck {

class ByteBuffer {
 public:
  ByteBuffer() = default;
  ByteBuffer(ByteBuffer&& other) noexcept;
  ByteBuffer& operator=(ByteBuffer&& other) noexcept;
  ~ByteBuffer();

  std::span<const std::byte> bytes() const { return {data_, size_}; }
  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  size_t capacity() const { return capacity_; }
  // Whether the bytes are a mapping of their own (1 MiB and more).
  bool mapped() const { return mapped_; }

  // Room for at least `n` bytes past size(), to write into before Commit.
  // Empty when memory cannot be had.
  std::span<std::byte> Reserve(size_t n);
  // Adds `n` bytes written into the last Reserve (n at most its size).
  void Commit(size_t n) { size_ += n; }
  // Appends `bytes`. False when memory cannot be had.
  bool Append(std::span<const std::byte> bytes);
  // Frees everything.
  void Clear();
  // Empties the buffer but keeps its memory, for bytes written anew.
  void Rewind() { size_ = 0; }

 private:
  bool Grow(size_t capacity);

  std::byte* data_ = nullptr;
  size_t size_ = 0;
  size_t capacity_ = 0;
  bool mapped_ = false;  // data_ is a mapping of capacity_ bytes.
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_BYTE_BUFFER_H_
