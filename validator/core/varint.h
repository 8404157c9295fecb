// ULEB128 varints: the one reader of the base-128 integers that Thrift's
// compact protocol, protobuf and ORC's integer streams all write.
//
//   byte:  [c|v v v v v v v]   c = 1: another byte follows
//   value = v0 | v1 << 7 | v2 << 14 | ...   (little-endian groups)
//
//   a 32-bit value takes at most 5 bytes; a 64-bit one at most 10, and the
//   10th holds bit 63 only:
//
//   +--------+--------+...+--------+--------+
//   |1vvvvvvv|1vvvvvvv|...|1vvvvvvv|0000000v|   byte 10
//   +--------+--------+...+--------+--------+
//
// Signed values are zigzag-mapped onto it first: 0, -1, 1, -2 ... are
// written as 0, 1, 2, 3 ...

#ifndef COLCHECK_CORE_VARINT_H_
#define COLCHECK_CORE_VARINT_H_

#include <cstdint>

#include "core/byte_reader.h"
#include "core/span.h"

namespace colcheck {

enum class VarintStatus : uint8_t {
  kOk,
  kTruncated,  // The bytes ended with the continuation bit set.
  kOverlong,   // A byte follows the last of the `max_bytes` allowed.
  kOverflow,   // The 10th byte holds more than bit 63.
};

struct Varint64 {
  uint64_t value = 0;  // Meaningful only when status is kOk.
  ByteSpan span;       // Every byte read, also on a fault.
  VarintStatus status = VarintStatus::kOk;
  bool non_canonical = false;  // Ends in a zero group (0x80 0x00).
};

// Reads one varint of at most `max_bytes` (1..10) bytes. Never reports: the
// caller knows what to blame. Faults are found in the order the bytes
// arrive, so the span proves each: kOverlong holds the first byte past the
// limit (the byte that makes it too long), kOverflow ends at the 10th byte
// whether or not it continues, and kTruncated holds all there was.
inline Varint64 ReadUleb128(ByteReader& in, int max_bytes) {
  Varint64 out;
  const uint64_t start = in.position();
  for (int i = 0;; ++i) {
    uint8_t b;
    if (!in.ReadU8(&b)) {
      out.status = VarintStatus::kTruncated;
      break;
    }
    if (i == max_bytes) {
      out.status = VarintStatus::kOverlong;
      break;
    }
    const uint64_t bits = b & 0x7F;
    // Bits that would land at position 64 or beyond cannot be represented.
    if (i == 9 && bits > 1) {
      out.status = VarintStatus::kOverflow;
      break;
    }
    out.value |= bits << (7 * i);
    if ((b & 0x80) == 0) {
      // The last group is zero only when a shorter varint says the same.
      out.non_canonical = i > 0 && b == 0;
      break;
    }
  }
  out.span = in.SpanFrom(start);
  return out;
}

// Reads one varint bounded by bits, as Parquet's encodings bound theirs
// (the RLE hybrid's run headers, DELTA_BINARY_PACKED's header and values):
// at most ceil(max_bits / 7) bytes, and the last of them may carry no bit
// past `max_bits` (32 or 64). Non-canonical forms are accepted, as every
// reader does. kOverflow: the last byte carries such a bit (the span ends
// there). kOverlong: the varint continues past its last byte; the span then
// runs on to its end (at most 10 bytes in all), so that a diagnostic covers
// every byte of it.
inline Varint64 ReadUleb128Bits(ByteReader& in, int max_bits) {
  Varint64 out;
  const uint64_t start = in.position();
  const int max_bytes = (max_bits + 6) / 7;
  for (int i = 0; i < max_bytes; ++i) {
    uint8_t b;
    if (!in.ReadU8(&b)) {
      out.status = VarintStatus::kTruncated;
      out.span = in.SpanFrom(start);
      return out;
    }
    const int shift = 7 * i;
    const uint64_t bits = b & 0x7F;
    if (shift + 7 > max_bits && (bits >> (max_bits - shift)) != 0) {
      out.status = VarintStatus::kOverflow;
      out.span = in.SpanFrom(start);
      return out;
    }
    out.value |= bits << shift;
    if ((b & 0x80) == 0) {
      out.non_canonical = i > 0 && b == 0;
      out.span = in.SpanFrom(start);
      return out;
    }
  }
  out.status = VarintStatus::kOverlong;
  for (int i = max_bytes; i < 10; ++i) {
    uint8_t b;
    if (!in.ReadU8(&b) || (b & 0x80) == 0) break;
  }
  out.span = in.SpanFrom(start);
  return out;
}

constexpr int64_t ZigZagDecode(uint64_t v) {
  return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
}
constexpr uint64_t ZigZagEncode(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

}  // namespace colcheck

#endif  // COLCHECK_CORE_VARINT_H_
