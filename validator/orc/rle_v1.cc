// Integer Run Length Encoding, version 1.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#integer-run-length-encoding-version-1
//
//   run:     [c = 0x00..0x7f] [delta: int8] [base: varint]   c + 3 values,
//            base + i * delta
//   literal: [c = 0x80..0xff] [256 - c varints]
//
// Varints are zigzag coded in signed streams. 100 sevens are
// [0x61, 0x00, 0x07]; 100 down to 1 is [0x61, 0xff, 0x64]; the unsigned
// [2, 3, 6, 7, 11] is [0xfb, 0x02, 0x03, 0x06, 0x07, 0x0b].

#include <cstdint>
#include <limits>

#include "core/strings.h"
#include "orc/rle.h"

namespace colcheck::orc {

namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;

}  // namespace

bool IntRleV1Decoder::DecodeRun() {
  const uint64_t start = data_.position();
  uint8_t control;
  if (!data_.ReadU8(&control)) return Truncated(start, "a run");
  return control < 0x80 ? DecodeRepeat(start, control)
                        : DecodeLiterals(start, control);
}

bool IntRleV1Decoder::DecodeRepeat(uint64_t start, uint8_t control) {
  const size_t count = control + 3u;
  uint8_t delta_byte;
  if (!data_.ReadU8(&delta_byte)) {
    return Truncated(start, StrCat("a run of ", count, " values"));
  }
  const int64_t delta = static_cast<int8_t>(delta_byte);
  Varint64 base;
  if (!ReadVarint(start, "base", &base)) return false;
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);

  const bool is_signed = signedness_ == Signedness::kSigned;
  if (!is_signed && base.value >= kSignBit) {
    ReportValueOnce(Code::kOrcRleUnsignedOverflow, base.span,
                    StrCat("the run's base ", base.value,
                           " is 2^63 or more in an unsigned stream"));
  }
  const Int128 exact_base =
      is_signed ? Int128{ZigZagDecode(base.value)} : Int128{base.value};
  const uint64_t wrapped_base =
      is_signed ? static_cast<uint64_t>(ZigZagDecode(base.value)) : base.value;
  // The values are linear in i, so the last one is the extreme.
  const Int128 last = exact_base + Int128{delta} * Int128(count - 1);
  const Int128 lo = is_signed ? std::numeric_limits<int64_t>::min() : 0;
  const Int128 hi = std::numeric_limits<int64_t>::max();
  if (last < lo || last > hi) {
    ReportValueOnce(
        Code::kOrcRleValueOverflow, run_span_,
        StrCat(
            "a run of ", count, " values from ",
            is_signed ? StrCat(ZigZagDecode(base.value)) : StrCat(base.value),
            " by ", delta, " leaves ", is_signed ? "int64" : "[0, 2^63)"));
  }
  for (size_t i = 0; i < count; ++i) {
    // Readers add in int64 and wrap; so do we, after reporting.
    values_[i] =
        static_cast<int64_t>(wrapped_base + static_cast<uint64_t>(delta) * i);
  }
  return true;
}

bool IntRleV1Decoder::DecodeLiterals(uint64_t start, uint8_t control) {
  const size_t count = 256u - control;
  const bool is_signed = signedness_ == Signedness::kSigned;
  for (size_t i = 0; i < count; ++i) {
    Varint64 v;
    if (!ReadVarint(start, "literal", &v)) return false;
    if (!is_signed && v.value >= kSignBit) {
      ReportValueOnce(Code::kOrcRleUnsignedOverflow, v.span,
                      StrCat("literal ", v.value,
                             " is 2^63 or more in an unsigned stream"));
    }
    values_[i] =
        is_signed ? ZigZagDecode(v.value) : static_cast<int64_t>(v.value);
  }
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);
  return true;
}

}  // namespace colcheck::orc
