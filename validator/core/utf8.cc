#include "core/utf8.h"

#include <simdjson.h>

#include <bit>
#include <cstdint>
#include <cstring>

namespace colcheck {
namespace {

constexpr uint64_t kHighBits = 0x8080808080808080ull;
// From this many bytes on, simdjson validates.
constexpr size_t kSimdFrom = 64;

// Bytes of ASCII at the start of bytes[i, n) that the word loop can skip:
// most strings in real columns are ASCII, so eight bytes are tested at a
// time, and the scalar decoder only sees the multi-byte sequences.
size_t SkipAscii(const std::byte* p, size_t i, size_t n) {
  while (n - i >= 16) {
    uint64_t a, b;
    std::memcpy(&a, p + i, 8);
    std::memcpy(&b, p + i + 8, 8);
    if (((a | b) & kHighBits) != 0) break;
    i += 16;
  }
  while (n - i >= 8) {
    uint64_t w;
    std::memcpy(&w, p + i, 8);
    const uint64_t high = w & kHighBits;
    if (high != 0) {
      if constexpr (std::endian::native == std::endian::little) {
        return i + (std::countr_zero(high) >> 3);
      }
      break;
    }
    i += 8;
  }
  while (i < n && static_cast<uint8_t>(p[i]) < 0x80) ++i;
  return i;
}

}  // namespace

bool IsValidUtf8(std::span<const std::byte> bytes) {
  // Long inputs (an ORC string stream, a long value) go to simdjson's SIMD
  // validator, which accepts exactly RFC 3629's sequences as the scalar
  // loop does; short ones stay here, below the cost of its dispatch.
  if (bytes.size() >= kSimdFrom) {
    return simdjson::validate_utf8(reinterpret_cast<const char*>(bytes.data()),
                                   bytes.size());
  }
  const std::byte* p = bytes.data();
  const size_t n = bytes.size();
  size_t i = 0;
  while (true) {
    i = SkipAscii(p, i, n);
    if (i == n) return true;
    const uint8_t b0 = static_cast<uint8_t>(p[i]);
    // The well-formed byte sequences of RFC 3629 Table 3-7 (Unicode Table
    // 3-7): the bounds of the second byte exclude overlongs, surrogates and
    // code points above U+10FFFF.
    size_t len;
    uint8_t lo = 0x80, hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
      len = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
      len = 3;
      if (b0 == 0xE0) lo = 0xA0;
      if (b0 == 0xED) hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
      len = 4;
      if (b0 == 0xF0) lo = 0x90;
      if (b0 == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (n - i < len) return false;
    const uint8_t b1 = static_cast<uint8_t>(p[i + 1]);
    if (b1 < lo || b1 > hi) return false;
    for (size_t k = 2; k < len; ++k) {
      const uint8_t b = static_cast<uint8_t>(p[i + k]);
      if (b < 0x80 || b > 0xBF) return false;
    }
    i += len;
  }
}

}  // namespace colcheck
