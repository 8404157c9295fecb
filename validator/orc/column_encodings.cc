// The value streams of the column encodings that are not integer RLE:
// decimal varints, IEEE 754 floats, timestamp nanoseconds and union tags.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#column-encoding-section
//
//   DECIMAL DATA       unbounded zigzag base-128 varints (E10)
//   FLOAT/DOUBLE DATA  4 / 8 bytes per value, little-endian (E7)
//   TIMESTAMP SECONDARY  unsigned RLE of (mantissa << 3 | z): z > 0 means
//                      z + 1 trailing decimal zeros were stripped (E11)

#include <limits>

#include "core/strings.h"
#include "orc/rle.h"

namespace colcheck::orc {

namespace {

constexpr uint64_t kMaxNanos = 999'999'999;

}  // namespace

bool DecimalDataDecoder::DecodeRun() {
  const uint64_t start = data_.position();
  Int128 value = 0;
  ByteSpan span;
  if (!ReadDecimalVarint(data_, ctx_, &value, &span)) {
    // A varint that runs on leaves no place to resume from.
    (void)data_.Skip(data_.remaining());
    return false;
  }
  values_[0] = value;
  run_size_ = 1;
  run_span_ = data_.SpanFrom(start);
  return true;
}

bool CheckDecimalRange(Int128 unscaled, ByteSpan file_span,
                       const StreamContext& ctx) {
  if (DecimalInRange(unscaled)) return true;
  ctx.ReportFile(Code::kOrcRleDecimalRange, file_span,
                 "the unscaled decimal value has more than 38 digits");
  return false;
}

bool CheckFixedWidthStream(const ByteReader& data, uint32_t width, uint64_t n,
                           const StreamContext& ctx) {
  const uint64_t size = data.size();
  if (width == 0) return true;
  if (n > size / width) {
    const uint64_t whole = size / width;
    const uint64_t partial = size % width;
    const ByteSpan at{data.begin_offset() + whole * width, partial};
    ctx.Report(Code::kOrcRleShortStream, at,
               StrCat("the stream of ", size, " bytes holds ", whole,
                      " values of ", width, " bytes; ", n, " are needed"));
    return false;
  }
  const uint64_t used = n * width;
  if (size > used) {
    ctx.Report(Code::kOrcRleTrailingBytes,
               {data.begin_offset() + used, size - used},
               StrCat(size - used, " bytes follow the last of ", n,
                      " values of ", width, " bytes"));
  }
  return true;
}

DecodedNanos DecodeNanos(uint64_t encoded) {
  static constexpr uint64_t kScale[] = {1,       100,      1000,
                                        10000,   100000,   1000000,
                                        10000000, 100000000};
  DecodedNanos out;
  const uint64_t zeros = encoded & 7;
  const uint64_t mantissa = encoded >> 3;
  if (mantissa <= kMaxNanos / kScale[zeros]) {
    // In range. Canonical as EncodeNanos writes it: trailing zeros are
    // stripped (two or more, up to 8) while the mantissa ends in one, and
    // 0 is 0.
    out.nanos = mantissa * kScale[zeros];
    out.in_range = true;
    out.canonical = zeros == 0
                        ? mantissa == 0 || mantissa % 100 != 0
                        : mantissa != 0 && (mantissa % 10 != 0 || zeros == 7);
    return out;
  }
  uint64_t nanos = mantissa;
  for (uint64_t i = 0; i <= zeros && zeros != 0; ++i) {
    // Past 10^9 the value is out of range whatever follows; stop before
    // uint64 could wrap.
    if (nanos > kMaxNanos) break;
    nanos *= 10;
  }
  out.nanos = nanos;
  out.in_range = nanos <= kMaxNanos;
  out.canonical =
      out.in_range && EncodeNanos(static_cast<uint32_t>(nanos)) == encoded;
  return out;
}

uint64_t EncodeNanos(uint32_t nanos) {
  if (nanos == 0) return 0;
  if (nanos % 100 != 0) return uint64_t{nanos} << 3;
  nanos /= 100;
  uint64_t zeros = 1;
  while (nanos % 10 == 0 && zeros < 7) {
    nanos /= 10;
    ++zeros;
  }
  return uint64_t{nanos} << 3 | zeros;
}

void CheckNanos(std::span<const int64_t> values, uint64_t first_index,
                const IntegerRleDecoder& decoder, bool* warned,
                std::span<int32_t> nanos) {
  ByteSpan reported{~uint64_t{0}, 0};
  for (size_t i = 0; i < values.size(); ++i) {
    nanos[i] = 0;
    // Negative values are unsigned values of 2^63 or more, which the
    // decoder has reported already.
    if (values[i] < 0) continue;
    const DecodedNanos d = DecodeNanos(static_cast<uint64_t>(values[i]));
    if (d.in_range) nanos[i] = static_cast<int32_t>(d.nanos);
    if (d.canonical) continue;
    const ByteSpan at = decoder.ValueSpan(first_index + i);
    if (!d.in_range) {
      if (at == reported) continue;  // Once per run.
      reported = at;
      decoder.context().ReportFile(
          Code::kOrcRleNanosRange, at,
          StrCat("value ", first_index + i, " (", values[i],
                 ") decodes to more than 999999999 nanoseconds"));
    } else if (!*warned) {
      *warned = true;
      decoder.context().ReportFile(
          Code::kOrcRleNanosNonCanonical, at,
          StrCat("value ", first_index + i, " encodes ", d.nanos,
                 " nanoseconds as ", values[i], "; writers store ",
                 EncodeNanos(static_cast<uint32_t>(d.nanos))));
    }
  }
}

}  // namespace colcheck::orc
