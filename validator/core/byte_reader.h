// ByteReader: the one way colcheck reads input bytes.
//
// A cursor over a span of the input that knows the absolute file offset of
// its first byte, so every position it reports is a file offset. Reads never
// go past the end: each returns false and leaves the cursor where it was
// when too few bytes remain. Sub() carves a child reader that keeps file
// coordinates, so a decoder of one region cannot read another.

#ifndef COLCHECK_CORE_BYTE_READER_H_
#define COLCHECK_CORE_BYTE_READER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "core/span.h"

namespace colcheck {

class ByteReader {
 public:
  ByteReader() = default;
  // `base` is the absolute file offset of data[0].
  explicit ByteReader(std::span<const std::byte> data, uint64_t base = 0)
      : data_(data), base_(base) {}

  // Absolute offsets of the first byte, the cursor, and one past the end.
  uint64_t begin_offset() const { return base_; }
  uint64_t position() const { return base_ + pos_; }
  uint64_t end_offset() const { return base_ + data_.size(); }

  uint64_t size() const { return data_.size(); }
  uint64_t remaining() const { return data_.size() - pos_; }
  bool empty() const { return pos_ == data_.size(); }

  // The span from absolute offset `start` to the cursor.
  ByteSpan SpanFrom(uint64_t start) const { return {start, position() - start}; }

  [[nodiscard]] bool ReadU8(uint8_t* out) {
    if (remaining() < 1) return false;
    *out = static_cast<uint8_t>(data_[pos_++]);
    return true;
  }

  [[nodiscard]] bool PeekU8(uint8_t* out) const {
    if (remaining() < 1) return false;
    *out = static_cast<uint8_t>(data_[pos_]);
    return true;
  }

  [[nodiscard]] bool ReadU32LE(uint32_t* out) {
    std::span<const std::byte> b;
    if (!ReadBytes(4, &b)) return false;
    uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[i]);
    *out = v;
    return true;
  }

  [[nodiscard]] bool ReadU64LE(uint64_t* out) {
    std::span<const std::byte> b;
    if (!ReadBytes(8, &b)) return false;
    uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<uint8_t>(b[i]);
    *out = v;
    return true;
  }

  // Returns the next `n` bytes without copying them.
  [[nodiscard]] bool ReadBytes(uint64_t n, std::span<const std::byte>* out) {
    if (n > remaining()) return false;
    *out = data_.subspan(pos_, n);
    pos_ += n;
    return true;
  }

  [[nodiscard]] bool Skip(uint64_t n) {
    if (n > remaining()) return false;
    pos_ += n;
    return true;
  }

  // Moves the cursor to absolute offset `offset` inside this reader.
  [[nodiscard]] bool Seek(uint64_t offset) {
    if (offset < base_ || offset - base_ > data_.size()) return false;
    pos_ = offset - base_;
    return true;
  }

  // A reader over the absolute range [offset, offset + length), which must
  // lie inside this reader. Written so that no sum can overflow.
  [[nodiscard]] bool Sub(uint64_t offset, uint64_t length,
                         ByteReader* out) const {
    if (offset < base_) return false;
    const uint64_t rel = offset - base_;
    if (rel > data_.size() || length > data_.size() - rel) return false;
    *out = ByteReader(data_.subspan(rel, length), offset);
    return true;
  }

  // The bytes of an absolute range inside this reader, or an empty span.
  std::span<const std::byte> Bytes(ByteSpan s) const {
    ByteReader sub;
    if (!Sub(s.offset, s.length, &sub)) return {};
    return sub.data_;
  }

  // All bytes of this reader.
  std::span<const std::byte> data() const { return data_; }

  // Whether `inner` lies within this reader's bytes; if so sets `*offset`
  // to the absolute offset of its first byte. Decoded values are views of
  // either the section or a decoder's buffer, and this is how a check tells
  // which: the one place that compares addresses, done as integers since
  // pointers into different objects do not compare.
  [[nodiscard]] bool OffsetOf(std::span<const std::byte> inner,
                              uint64_t* offset) const {
    const auto begin = reinterpret_cast<std::uintptr_t>(data_.data());
    const auto at = reinterpret_cast<std::uintptr_t>(inner.data());
    if (data_.empty() || at < begin || at - begin > data_.size() ||
        inner.size() > data_.size() - (at - begin)) {
      return false;
    }
    *offset = base_ + (at - begin);
    return true;
  }

 private:
  std::span<const std::byte> data_;
  uint64_t base_ = 0;
  uint64_t pos_ = 0;
};

// Views bytes as characters, for names and magics.
inline std::string_view AsChars(std::span<const std::byte> b) {
  return {reinterpret_cast<const char*>(b.data()), b.size()};
}

}  // namespace colcheck

#endif  // COLCHECK_CORE_BYTE_READER_H_
