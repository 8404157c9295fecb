// Base 128 Varint, and the unbounded varints of decimal columns.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#base-128-varint
//
//   [1vvvvvvv] [1vvvvvvv] ... [0vvvvvvv]    low groups first
//
// Integer streams use it for 64-bit values: at most 10 bytes, the 10th
// holding bit 63 only. DECIMAL DATA uses it unbounded; colcheck holds 127
// bits and a sign (38 digits need 127).

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/strings.h"
#include "core/varint.h"
#include "orc/rle.h"

namespace colcheck::orc {

namespace {

constexpr int kMaxVarint64Bytes = 10;
// 19 groups of 7 bits cover 133 bits; the 19th may hold bits 126 and 127.
constexpr int kMaxDecimalBytes = 19;

using UInt128 = unsigned __int128;

}  // namespace

Varint64 ReadVarint64(ByteReader& in) {
  const uint64_t start = in.position();
  Varint64 out = ReadUleb128(in, kMaxVarint64Bytes);
  // The core reads a byte past the limit to prove a varint overlong, and
  // finds overflow at the 10th byte before it looks at its continuation
  // bit. A run's varint blames only the 10 bytes it may have: once the 10th
  // continues, it is overlong whatever that byte holds.
  if (out.status == VarintStatus::kOk ||
      out.span.length < kMaxVarint64Bytes) {
    return out;
  }
  const std::span<const std::byte> tenth =
      in.Bytes({start + kMaxVarint64Bytes - 1, 1});
  if (!tenth.empty() && (std::to_integer<uint8_t>(tenth[0]) & 0x80) != 0) {
    (void)in.Seek(start + kMaxVarint64Bytes);
    out.status = VarintStatus::kOverlong;
    out.span = in.SpanFrom(start);
  }
  return out;
}

bool ReadDecimalVarint(ByteReader& in, const StreamContext& ctx, Int128* value,
                       ByteSpan* span) {
  const uint64_t start = in.position();
  // Most decimals take at most 9 bytes, 63 bits: read as a 64-bit varint.
  ByteReader narrow_in = in;
  const Varint64 narrow = ReadUleb128(narrow_in, 9);
  if (narrow.status == VarintStatus::kOk) {
    in = narrow_in;
    *span = narrow.span;
    *value = static_cast<Int128>(narrow.value >> 1) ^
             -static_cast<Int128>(narrow.value & 1);
    return true;
  }
  UInt128 zigzag = 0;
  for (int i = 0; i < kMaxDecimalBytes; ++i) {
    uint8_t b;
    if (!in.ReadU8(&b)) {
      *span = in.SpanFrom(start);
      ctx.Report(Code::kOrcRleTruncated, *span,
                 StrCat("a decimal varint runs past the end of the stream "
                        "after ",
                        span->length, " bytes"));
      return false;
    }
    const bool last = (b & 0x80) == 0;
    if (i == kMaxDecimalBytes - 1 && (!last || (b & 0x7f) > 3)) {
      *span = in.SpanFrom(start);
      ctx.Report(Code::kOrcRleDecimalOverflow, *span,
                 last ? "a 19-byte decimal varint holds more than 128 bits"
                      : "a decimal varint runs on past 19 bytes (128 bits)");
      return false;
    }
    zigzag |= static_cast<UInt128>(b & 0x7f) << (7 * i);
    if (last) break;
  }
  *span = in.SpanFrom(start);
  *value = static_cast<Int128>(zigzag >> 1) ^ -static_cast<Int128>(zigzag & 1);
  return true;
}

bool DecimalInRange(Int128 unscaled) {
  static constexpr Int128 kTen38 = [] {
    Int128 v = 1;
    for (int i = 0; i < 38; ++i) v *= 10;
    return v;
  }();
  // -2^127 has no positive counterpart; it is below -10^38 anyway.
  return unscaled > -kTen38 && unscaled < kTen38;
}

}  // namespace colcheck::orc
