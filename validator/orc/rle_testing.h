// Test helpers for the ORC stream decoders: a SpanMap that moves every span
// by a constant (so a test catches a span that was not mapped), a stream
// fixture, a diagnostic matcher, and tiny reference encoders written from
// ORCv1.md independently of the decoders.

#ifndef COLCHECK_ORC_RLE_TESTING_H_
#define COLCHECK_ORC_RLE_TESTING_H_

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span_map.h"
#include "orc/rle.h"
#include "testing/bytes.h"
#include "testing/diagnostics.h"

namespace colcheck::orc::testing {

// The shared helpers and the matchers every stream test uses, so that a
// test in this namespace needs no using-declarations of its own.
using namespace ::colcheck::testing;  // NOLINT
using ::testing::ElementsAre;
using ::testing::IsEmpty;

inline constexpr int64_t kMin = std::numeric_limits<int64_t>::min();
inline constexpr int64_t kMax = std::numeric_limits<int64_t>::max();

// Streams sit at logical offset 0; the map puts them at kBase in the file.
inline constexpr uint64_t kBase = 1000;

class OffsetSpanMap final : public SpanMap {
 public:
  explicit OffsetSpanMap(uint64_t delta) : delta_(delta) {}
  ByteSpan ToFile(ByteSpan logical) const override {
    return {logical.offset + delta_, logical.length};
  }

 private:
  uint64_t delta_;
};

// One stream's bytes, its map, its sink.
struct StreamFixture {
  explicit StreamFixture(Bytes b) : bytes(std::move(b)) {}
  Bytes bytes;
  OffsetSpanMap map{kBase};
  DiagnosticSink sink;
  StreamContext ctx() { return StreamContext(map, sink, "s"); }
  ByteReader reader() const { return ByteReader(bytes, 0); }
  std::vector<Diagnostic> Take() { return sink.Take(); }
};

// A diagnostic with `code` at the *logical* span [offset, offset + length),
// checked at its mapped file position.
MATCHER_P3(Diag, code, offset, length, "") {
  if (arg.code == code && arg.offset == kBase + offset &&
      arg.length == static_cast<uint64_t>(length) && arg.field == "s") {
    return true;
  }
  *result_listener << "is " << Info(arg.code).name << " at logical ["
                   << arg.offset - kBase << ", +" << arg.length << ") "
                   << arg.message;
  return false;
}

// ---- Reference encoders -------------------------------------------------

inline Bytes Varint(uint64_t v) {
  Bytes out;
  do {
    uint8_t b = v & 0x7f;
    v >>= 7;
    if (v != 0) b |= 0x80;
    out.push_back(static_cast<std::byte>(b));
  } while (v != 0);
  return out;
}

// Big-endian, most significant bit first, as RLEv2 packs.
class BitWriter {
 public:
  void Put(uint64_t value, int width) {
    for (int i = width - 1; i >= 0; --i) {
      acc_ = static_cast<uint8_t>(acc_ << 1 | ((value >> i) & 1));
      if (++bits_ == 8) Flush();
    }
  }
  Bytes Take() {
    if (bits_ > 0) {
      acc_ = static_cast<uint8_t>(acc_ << (8 - bits_));
      Flush();
    }
    return std::move(out_);
  }

 private:
  void Flush() {
    out_.push_back(static_cast<std::byte>(acc_));
    acc_ = 0;
    bits_ = 0;
  }
  Bytes out_;
  uint8_t acc_ = 0;
  int bits_ = 0;
};

// The 5-bit code of a width in the RLEv2 table.
inline int WidthCode(int width) {
  if (width <= 24) return width - 1;
  switch (width) {
    case 26:
      return 24;
    case 28:
      return 25;
    case 30:
      return 26;
    case 32:
      return 27;
    case 40:
      return 28;
    case 48:
      return 29;
    case 56:
      return 30;
    default:
      return 31;
  }
}

// An RLEv2 DIRECT run of raw (already zigzagged) values of `width` bits.
inline Bytes Direct(const std::vector<uint64_t>& raw, int width) {
  const int code = WidthCode(width);
  const size_t l = raw.size() - 1;
  Bytes out = B({0x40 | code << 1 | static_cast<int>(l >> 8),
                 static_cast<int>(l & 0xff)});
  BitWriter w;
  for (uint64_t v : raw) w.Put(v, width);
  Append(&out, w.Take());
  return out;
}

// Collects every value of a decoder in batches of `batch`.
template <typename Decoder, typename T = typename Decoder::value_type>
std::vector<T> DecodeAll(Decoder& d, size_t batch = 7) {
  std::vector<T> all;
  std::vector<T> buf(batch);
  size_t got = 0;
  for (;;) {
    const bool full = d.Next(std::span<T>(buf), &got);
    all.insert(all.end(), buf.begin(), buf.begin() + got);
    if (!full) break;
  }
  return all;
}

// The values of an integer stream of `Decoder` (RLE v1 or v2), then the
// exact-count check against `n`.
template <typename Decoder>
std::vector<int64_t> DecodeInts(StreamFixture& s, Signedness sign, uint64_t n,
                                size_t batch = 7) {
  Decoder d(s.reader(), sign, s.ctx());
  std::vector<int64_t> v = DecodeAll(d, batch);
  d.Finish(n);
  return v;
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_RLE_TESTING_H_
