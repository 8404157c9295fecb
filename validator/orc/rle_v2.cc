// Integer Run Length Encoding, version 2.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#integer-run-length-encoding-version-2
//
//   SHORT_REPEAT [00 www ccc] [w+1 bytes BE]                  c + 3 values
//   DIRECT       [01 wwwww l] [l x8] [L x W bits, padded]
//   PATCHED_BASE [10 wwwww l] [l x8] [bbb ppppp] [ggg nnnnn] [base: b+1
//                bytes, sign-magnitude] [L x W bits, padded]
//                [n x ClosestFixedBits(G+P) bits: gap << P | patch, padded]
//   DELTA        [11 wwwww l] [l x8] [base: varint] [delta base: signed
//                varint] [(L-2) x W bits, padded]
//
// L = l + 1. Bits are big-endian, most significant first. SHORT_REPEAT and
// DIRECT values (and the DELTA base) are zigzag coded in signed streams;
// PATCHED_BASE values are base + value whatever the stream's sign.
//
// Performance: UnpackBits loads one 8-byte word per value of up to 56 bits
// (byte steps for wider ones and the last few of a run), and a DELTA run,
// being monotone, is range-checked at its ends, so its values are summed
// in 64 bits.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <limits>

#include "core/strings.h"
#include "orc/rle.h"

namespace colcheck::orc {

namespace {

constexpr uint64_t kSignBit = uint64_t{1} << 63;
constexpr Int128 kInt64Min = std::numeric_limits<int64_t>::min();
constexpr Int128 kInt64Max = std::numeric_limits<int64_t>::max();

static_assert(std::endian::native == std::endian::little,
              "UnpackBits loads little-endian words and swaps them");

// Reads `count` values of `width` (1..64) bits from `bytes`, starting at bit
// `first_bit`, most significant bit first.
void UnpackBits(std::span<const std::byte> bytes, uint64_t first_bit, int width,
                size_t count, uint64_t* out) {
  uint64_t bit = first_bit;
  size_t i = 0;
  if (width <= 56) {
    // Eight bytes from the value's first byte hold all of it (at most 7 +
    // 56 bits): one load, a swap and two shifts, while eight bytes remain.
    const int drop = 64 - width;
    for (; i < count && bytes.size() - (bit >> 3) >= 8; ++i) {
      uint64_t w;
      std::memcpy(&w, bytes.data() + (bit >> 3), sizeof w);
      out[i] = (__builtin_bswap64(w) << (bit & 7)) >> drop;
      bit += static_cast<uint64_t>(width);
    }
  }
  // Wide values, and the last ones before the end: byte by byte.
  for (; i < count; ++i) {
    uint64_t v = 0;
    int need = width;
    while (need > 0) {
      const uint8_t b = static_cast<uint8_t>(bytes[bit >> 3]);
      const int avail = 8 - static_cast<int>(bit & 7);
      const int take = need < avail ? need : avail;
      const uint64_t part = (b >> (avail - take)) & ((1u << take) - 1);
      v = (v << take) | part;
      need -= take;
      bit += static_cast<uint64_t>(take);
    }
    out[i] = v;
  }
}

// The bytes that hold bits [first_bit, first_bit + bits) of a bit field
// starting at logical offset `start`.
ByteSpan BitsSpan(uint64_t start, uint64_t first_bit, uint64_t bits) {
  const uint64_t first = first_bit / 8;
  const uint64_t end = (first_bit + bits + 7) / 8;
  return {start + first, end - first};
}

uint64_t ReadBigEndian(std::span<const std::byte> bytes) {
  uint64_t v = 0;
  for (std::byte b : bytes) v = (v << 8) | static_cast<uint8_t>(b);
  return v;
}

std::string Int128String(Int128 v) {
  if (v >= kInt64Min && v <= kInt64Max) {
    return std::to_string(static_cast<int64_t>(v));
  }
  const bool negative = v < 0;
  unsigned __int128 m = negative ? -static_cast<unsigned __int128>(v)
                                 : static_cast<unsigned __int128>(v);
  std::string digits;
  while (m > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(m % 10)));
    m /= 10;
  }
  if (negative) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

}  // namespace

int WidthFromCode(uint32_t code) {
  static constexpr int kWide[] = {26, 28, 30, 32, 40, 48, 56, 64};
  code &= 31;
  return code <= 23 ? static_cast<int>(code) + 1 : kWide[code - 24];
}

int ClosestFixedBits(int bits) {
  if (bits <= 0) return 1;
  if (bits <= 24) return bits;
  static constexpr int kWide[] = {26, 28, 30, 32, 40, 48, 56, 64};
  for (int w : kWide) {
    if (bits <= w) return w;
  }
  return 64;
}

bool IntRleV2Decoder::InRange(Int128 v) const {
  const Int128 lo = signedness_ == Signedness::kSigned ? kInt64Min : 0;
  return v >= lo && v <= kInt64Max;
}

bool IntRleV2Decoder::DecodeRun() {
  const uint64_t start = data_.position();
  uint8_t first;
  if (!data_.ReadU8(&first)) return Truncated(start, "a run");
  switch (first >> 6) {
    case 0:
      return DecodeShortRepeat(start, first);
    case 1:
      return DecodeDirect(start, first);
    case 2:
      return DecodePatchedBase(start, first);
    default:
      return DecodeDelta(start, first);
  }
}

bool IntRleV2Decoder::DecodeShortRepeat(uint64_t start, uint8_t first) {
  const size_t width = ((first >> 3) & 7) + 1u;
  const size_t count = (first & 7) + 3u;
  std::span<const std::byte> bytes;
  if (!data_.ReadBytes(width, &bytes)) {
    return Truncated(start,
                     StrCat("a SHORT_REPEAT value of ", width, " bytes"));
  }
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);
  const uint64_t raw = ReadBigEndian(bytes);
  if (signedness_ == Signedness::kUnsigned && raw >= kSignBit) {
    ReportValueOnce(Code::kOrcRleUnsignedOverflow, {start + 1, width},
                    StrCat("the repeated value ", raw,
                           " is 2^63 or more in an unsigned stream"));
  }
  const int64_t value = signedness_ == Signedness::kSigned
                            ? ZigZagDecode(raw)
                            : static_cast<int64_t>(raw);
  std::fill_n(values_.begin(), count, value);
  return true;
}

bool IntRleV2Decoder::DecodeDirect(uint64_t start, uint8_t first) {
  uint8_t second;
  if (!data_.ReadU8(&second)) return Truncated(start, "a DIRECT header");
  const int width = WidthFromCode((first >> 1) & 31);
  const size_t count = ((first & 1u) << 8 | second) + 1u;
  const uint64_t bits = uint64_t{count} * static_cast<uint64_t>(width);
  const uint64_t data_start = data_.position();
  std::span<const std::byte> bytes;
  if (!data_.ReadBytes((bits + 7) / 8, &bytes)) {
    return Truncated(start, StrCat("a DIRECT run of ", count, " values of ",
                                   width, " bits"));
  }
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);
  std::array<uint64_t, 512> raw;
  UnpackBits(bytes, 0, width, count, raw.data());
  for (size_t i = 0; i < count; ++i) {
    if (signedness_ == Signedness::kSigned) {
      values_[i] = ZigZagDecode(raw[i]);
      continue;
    }
    if (raw[i] >= kSignBit) {
      ReportValueOnce(Code::kOrcRleUnsignedOverflow,
                      BitsSpan(data_start, uint64_t{i} * width, width),
                      StrCat("value ", i, " of the run (", raw[i],
                             ") is 2^63 or more in an unsigned stream"));
    }
    values_[i] = static_cast<int64_t>(raw[i]);
  }
  return true;
}

bool IntRleV2Decoder::DecodePatchedBase(uint64_t start, uint8_t first) {
  std::span<const std::byte> header;
  if (!data_.ReadBytes(3, &header)) {
    return Truncated(start, "a PATCHED_BASE header");
  }
  const uint8_t b1 = static_cast<uint8_t>(header[0]);
  const uint8_t b2 = static_cast<uint8_t>(header[1]);
  const uint8_t b3 = static_cast<uint8_t>(header[2]);
  const int width = WidthFromCode((first >> 1) & 31);
  const size_t count = ((first & 1u) << 8 | b1) + 1u;
  const size_t base_bytes = (b2 >> 5) + 1u;
  const int patch_width = WidthFromCode(b2 & 31);
  const int gap_width = (b3 >> 5) + 1;
  const size_t patches = b3 & 31u;
  const int entry_width = ClosestFixedBits(gap_width + patch_width);

  std::span<const std::byte> base_raw;
  std::span<const std::byte> packed;
  std::span<const std::byte> entries;
  if (!data_.ReadBytes(base_bytes, &base_raw) ||
      !data_.ReadBytes((uint64_t{count} * width + 7) / 8, &packed)) {
    return Truncated(start, StrCat("a PATCHED_BASE run of ", count,
                                   " values of ", width, " bits"));
  }
  const uint64_t entries_start = data_.position();
  if (!data_.ReadBytes((uint64_t{patches} * entry_width + 7) / 8, &entries)) {
    return Truncated(start, StrCat("a PATCHED_BASE run's ", patches,
                                   " patches of ", entry_width, " bits"));
  }
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);

  // Sign-magnitude: the top bit of the base's bytes is its sign.
  const uint64_t magnitude_bits = base_bytes * 8 - 1;
  const uint64_t base_word = ReadBigEndian(base_raw);
  const uint64_t magnitude = base_word & ((uint64_t{1} << magnitude_bits) - 1);
  const Int128 base = (base_word >> magnitude_bits) != 0 ? -Int128(magnitude)
                                                         : Int128(magnitude);

  std::array<uint64_t, 512> raw;
  UnpackBits(packed, 0, width, count, raw.data());
  std::array<Int128, 512> wide;
  for (size_t i = 0; i < count; ++i) wide[i] = raw[i];

  bool apply = true;
  if (patches == 0) {
    ctx_.Report(Code::kOrcRlePatchListEmpty, {start, 4},
                "a PATCHED_BASE run has no patches");
    apply = false;
  } else if (gap_width + patch_width > 64) {
    ctx_.Report(Code::kOrcRlePatchWidth, {start + 2, 2},
                StrCat("patch gap width ", gap_width, " plus patch width ",
                       patch_width, " exceeds 64 bits"));
    apply = false;
  } else if (width + patch_width > 64) {
    ctx_.Report(Code::kOrcRlePatchWidth, {start, 3},
                StrCat("value width ", width, " plus patch width ", patch_width,
                       " exceeds 64 bits"));
    apply = false;
  }
  if (apply) {
    std::array<uint64_t, 31> entry;
    UnpackBits(entries, 0, entry_width, patches, entry.data());
    const uint64_t patch_mask =
        patch_width == 64 ? ~uint64_t{0} : (uint64_t{1} << patch_width) - 1;
    uint64_t index = 0;
    uint64_t pending = 0;  // Gaps of fillers before the next patch.
    bool any = false;
    for (size_t k = 0; k < patches; ++k) {
      const uint64_t gap = entry[k] >> patch_width;
      const uint64_t patch = entry[k] & patch_mask;
      const ByteSpan at =
          BitsSpan(entries_start, uint64_t{k} * entry_width, entry_width);
      if (gap == 255 && patch == 0) {
        pending += 255;
        if (k + 1 == patches) {
          ctx_.Report(Code::kOrcRlePatchGap, at,
                      "the patch list ends with a gap-only filler entry; "
                      "readers read past the list");
        }
        continue;
      }
      const uint64_t step = pending + gap;
      pending = 0;
      if (any && step == 0) {
        ctx_.Report(Code::kOrcRlePatchGap, at,
                    StrCat("patch ", k, " has gap 0: it patches value ", index,
                           " again, and readers drop it"));
        break;
      }
      index = any ? index + step : step;
      any = true;
      if (index >= count) {
        ctx_.Report(Code::kOrcRlePatchGap, at,
                    StrCat("patch ", k, " points at value ", index,
                           " of a run of ", count));
        break;
      }
      wide[index] |= Int128(patch) << width;
    }
  }
  for (size_t i = 0; i < count; ++i) {
    const Int128 v = base + wide[i];
    if (!InRange(v)) {
      ReportValueOnce(
          Code::kOrcRleValueOverflow, run_span_,
          StrCat("value ", i, " of the run, base ", Int128String(base), " + ",
                 Int128String(wide[i]), ", leaves ",
                 signedness_ == Signedness::kSigned ? "int64" : "[0, 2^63)"));
    }
    values_[i] = static_cast<int64_t>(static_cast<uint64_t>(v));
  }
  return true;
}

bool IntRleV2Decoder::DecodeDelta(uint64_t start, uint8_t first) {
  uint8_t second;
  if (!data_.ReadU8(&second)) return Truncated(start, "a DELTA header");
  const uint32_t code = (first >> 1) & 31;
  const int width = code == 0 ? 0 : WidthFromCode(code);
  const size_t count = ((first & 1u) << 8 | second) + 1u;
  const bool is_signed = signedness_ == Signedness::kSigned;

  Varint64 base;
  if (!ReadVarint(start, "base", &base)) return false;
  Varint64 delta_varint;
  if (!ReadVarint(start, "delta base", &delta_varint)) return false;
  const int64_t delta_base = ZigZagDecode(delta_varint.value);
  if (width > 0 && count < 2) {
    ctx_.Report(Code::kOrcRleDeltaLength, {start, 2},
                StrCat("a DELTA run with deltas of ", width,
                       " bits declares 1 value; it needs at least 2"));
    (void)data_.Skip(data_.remaining());
    failed_ = true;
    return false;
  }
  std::span<const std::byte> packed;
  const uint64_t delta_count = width > 0 ? count - 2 : 0;
  if (!data_.ReadBytes((delta_count * width + 7) / 8, &packed)) {
    return Truncated(start, StrCat("a DELTA run of ", count, " values with ",
                                   width, "-bit deltas"));
  }
  run_size_ = count;
  run_span_ = data_.SpanFrom(start);

  if (!is_signed && base.value >= kSignBit) {
    ReportValueOnce(Code::kOrcRleUnsignedOverflow, base.span,
                    StrCat("the run's base ", base.value,
                           " is 2^63 or more in an unsigned stream"));
  }
  if (width > 0 && delta_base == 0) {
    ctx_.Report(Code::kOrcRleDeltaZeroBase, delta_varint.span,
                "the delta base is 0, so the run has no direction; readers "
                "take it as increasing");
  }
  std::array<uint64_t, 512> deltas;
  if (width > 0) UnpackBits(packed, 0, width, delta_count, deltas.data());
  if (DeltaEndsInRange(base.value, delta_base, width, count, deltas)) {
    FillDelta(base.value, delta_base, width, count, deltas);
    return true;
  }
  // Some value leaves the range: exact values find the first, and wrapped
  // int64 values go to the caller, as the readers compute them.
  Int128 exact =
      is_signed ? Int128{ZigZagDecode(base.value)} : Int128{base.value};
  uint64_t wrapped = static_cast<uint64_t>(exact);
  auto emit = [&](size_t i) {
    if (!InRange(exact)) {
      ReportValueOnce(Code::kOrcRleDeltaOverflow, run_span_,
                      StrCat("value ", i, " of the run (", Int128String(exact),
                             ") leaves ", is_signed ? "int64" : "[0, 2^63)"));
    }
    values_[i] = static_cast<int64_t>(wrapped);
  };
  emit(0);
  if (width == 0) {
    for (size_t i = 1; i < count; ++i) {
      exact += delta_base;
      wrapped += static_cast<uint64_t>(delta_base);
      emit(i);
    }
    return true;
  }
  exact += delta_base;
  wrapped += static_cast<uint64_t>(delta_base);
  emit(1);
  for (size_t i = 2; i < count; ++i) {
    const uint64_t d = deltas[i - 2];
    if (delta_base < 0) {
      exact -= d;
      wrapped -= d;
    } else {
      exact += d;
      wrapped += d;
    }
    emit(i);
  }
  return true;
}

Int128 IntRleV2Decoder::DeltaFirst(uint64_t base) const {
  return signedness_ == Signedness::kSigned ? Int128{ZigZagDecode(base)}
                                            : Int128{base};
}

bool IntRleV2Decoder::DeltaEndsInRange(
    uint64_t base, int64_t delta_base, int width, size_t count,
    const std::array<uint64_t, 512>& deltas) const {
  // Every delta has the delta base's sign, so the run is monotone and its
  // values lie between the first and the last. 511 steps of 64 bits stay
  // far inside 128.
  const Int128 first = DeltaFirst(base);
  Int128 last = first + (width == 0 ? Int128{delta_base} * (count - 1)
                                    : Int128{delta_base});
  if (width > 0) {
    Int128 sum = 0;
    for (size_t i = 0; i + 2 < count; ++i) sum += deltas[i];
    last += delta_base < 0 ? -sum : sum;
  }
  return InRange(first) && InRange(last);
}

void IntRleV2Decoder::FillDelta(uint64_t base, int64_t delta_base, int width,
                                size_t count,
                                const std::array<uint64_t, 512>& deltas) {
  uint64_t v = static_cast<uint64_t>(DeltaFirst(base));
  values_[0] = static_cast<int64_t>(v);
  const uint64_t step = static_cast<uint64_t>(delta_base);
  for (size_t i = 1; i < count; ++i) {
    if (width == 0 || i == 1) {
      v += step;
    } else {
      v = delta_base < 0 ? v - deltas[i - 2] : v + deltas[i - 2];
    }
    values_[i] = static_cast<int64_t>(v);
  }
}

std::unique_ptr<IntegerRleDecoder> MakeIntegerRleDecoder(RleVersion version,
                                                         Signedness signedness,
                                                         ByteReader data,
                                                         StreamContext ctx) {
  if (version == RleVersion::kV1) {
    return std::make_unique<IntRleV1Decoder>(data, signedness, std::move(ctx));
  }
  return std::make_unique<IntRleV2Decoder>(data, signedness, std::move(ctx));
}

}  // namespace colcheck::orc
