// Internals shared by the page-value decoders (Encodings.md): the common
// ValueDecoder base, the per-encoding factories that MakeValueDecoder picks
// from, and bit unpacking (varints are core/varint.h's).
//
// Not part of any public interface: only values.cc, rle.cc, plain.cc,
// delta.cc, byte_stream_split.cc, dictionary.cc and their tests include it.

#ifndef COLCHECK_PARQUET_DECODING_H_
#define COLCHECK_PARQUET_DECODING_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "core/byte_reader.h"
#include "core/span.h"
#include "core/strings.h"
#include "parquet/page_scope.h"
#include "parquet/values.h"

namespace colcheck::parquet {
class RleDecoder;
}  // namespace colcheck::parquet

namespace colcheck::parquet::decoding {

static_assert(std::endian::native == std::endian::little,
              "the decoders load little-endian words directly");

// "values[i]", the field of value `i` of a section.
inline std::string ValueField(uint64_t i) { return StrCat("values[", i, "]"); }

// What every value decoder shares: the section, the count it must yield,
// the scope it reports to, and Finish(), which decodes whatever the caller
// did not ask for (so every value is checked) before looking for leftover
// bytes. A decoder reports at most one fault that stops it (failed_), so
// Finish never adds a second diagnostic for the same cause.
class DecoderBase : public ValueDecoder {
 public:
  DecoderBase(ByteReader section, uint64_t num_values, PageScope& scope)
      : section_(section), num_values_(num_values), scope_(scope) {}

  void Finish() final {
    if (finished_) return;
    finished_ = true;
    ValueBatch drain;
    while (!failed_ && decoded_ < num_values_) {
      if (!NextRun(num_values_ - decoded_, &drain) &&
          !Next(kDrainBatch, &drain)) {
        break;
      }
    }
    if (!failed_ && decoded_ < num_values_) {
      // Every Next() that stops early reports why; this only guards the
      // contract.
      Fail(Code::kEncodingTruncated,
           {section_.position(), section_.remaining()}, ValueField(decoded_),
           StrCat("the section ended after ", decoded_, " of ", num_values_,
                  " values"));
    } else if (!failed_) {
      CheckEnd();
    }
    Summarize();
  }

 protected:
  static constexpr size_t kDrainBatch = 4096;

  // After the last value, without fault: the bytes left are padding, which
  // the format does not allow. Decoders with more to check override this.
  virtual void CheckEnd() { ReportTrailing(section_.position()); }

  // Last in Finish(), fault or not: reports what was only counted.
  virtual void Summarize() {}

  // Reports encoding.trailing-bytes for [from, end of section) if nonempty.
  void ReportTrailing(uint64_t from) {
    const uint64_t end = section_.end_offset();
    if (from >= end) return;
    scope_.Report(Code::kEncodingTrailingBytes, {from, end - from}, "values",
                  StrCat(end - from, " bytes follow the last of ", num_values_,
                         " values; readers ignore them"));
  }

  // Reports a fault that stops decoding.
  void Fail(Code code, ByteSpan span, std::string_view field,
            std::string message) {
    scope_.Report(code, span, field, std::move(message));
    failed_ = true;
  }

  // For NextRun(): when the run `rle` is in repeats one value at least
  // kMinRepeatedBatch times, takes up to `max` copies of it as a repeated
  // batch and returns the value (the caller points the batch at it);
  // otherwise takes nothing. Defined in rle.cc.
  std::optional<uint32_t> TakeRepeatedRun(RleDecoder& rle, uint64_t max,
                                          ValueBatch* batch);

  // Values still to decode, capped by a Next() request.
  size_t Wanted(size_t max) const {
    const uint64_t left = num_values_ - decoded_;
    return left < max ? static_cast<size_t>(left) : max;
  }

  // Whether Next() has nothing to do.
  bool Done(size_t max) const {
    return failed_ || decoded_ >= num_values_ || max == 0;
  }

  ByteReader section_;
  const uint64_t num_values_;
  PageScope& scope_;
  uint64_t decoded_ = 0;
  bool failed_ = false;
  bool finished_ = false;
};

// ---- Bit unpacking (LSB first, the RLE hybrid's and DELTA's order) ---------
//
// A group of 8 values of BW bits takes exactly BW bytes. Each group is copied
// into a few zeroed 64-bit words (one memcpy of a constant size) and the
// values are shifted out; with BW a constant everything folds.

template <typename T, int BW, size_t I>
inline T ExtractValue(const std::array<uint64_t, BW / 8 + 2>& w) {
  constexpr int kBit = static_cast<int>(I) * BW;
  constexpr int kWord = kBit >> 6;
  constexpr int kOff = kBit & 63;
  uint64_t v = w[kWord] >> kOff;
  if constexpr (kOff != 0 && kOff + BW > 64) v |= w[kWord + 1] << (64 - kOff);
  if constexpr (BW < 64) v &= (uint64_t{1} << BW) - 1;
  return static_cast<T>(v);
}

template <typename T, int BW, size_t... I>
inline void UnpackGroup(std::span<const std::byte> in, std::span<T> out,
                        std::index_sequence<I...>) {
  std::array<uint64_t, BW / 8 + 2> w{};
  if constexpr (BW > 0) std::memcpy(w.data(), in.data(), BW);
  ((out[I] = ExtractValue<T, BW, I>(w)), ...);
}

// Unpacks `groups` groups of 8 values from `in` (groups * BW bytes) into
// `out` (groups * 8 values).
template <typename T, int BW>
void UnpackGroups(std::span<const std::byte> in, size_t groups,
                  std::span<T> out) {
  for (size_t g = 0; g < groups; ++g) {
    UnpackGroup<T, BW>(in.subspan(g * BW, BW), out.subspan(g * 8, 8),
                       std::make_index_sequence<8>());
  }
}

template <typename T>
using UnpackFn = void (*)(std::span<const std::byte>, size_t, std::span<T>);

template <typename T, size_t... BW>
constexpr std::array<UnpackFn<T>, sizeof...(BW)> MakeUnpackTable(
    std::index_sequence<BW...>) {
  return {&UnpackGroups<T, static_cast<int>(BW)>...};
}

// Unpackers by bit width: 0..32 into uint32_t, 0..64 into uint64_t.
inline constexpr auto kUnpack32 =
    MakeUnpackTable<uint32_t>(std::make_index_sequence<33>());
inline constexpr auto kUnpack64 =
    MakeUnpackTable<uint64_t>(std::make_index_sequence<65>());

// Unpacks one group whose bytes may be cut short (`in` holds fewer than
// bit_width bytes): the missing bits read as zero.
template <typename T>
void UnpackPartialGroup(std::span<const std::byte> in, int bit_width,
                        std::span<T> out) {
  std::array<std::byte, 64> padded{};
  const size_t n = in.size() < static_cast<size_t>(bit_width)
                       ? in.size()
                       : static_cast<size_t>(bit_width);
  if (n > 0) std::memcpy(padded.data(), in.data(), n);
  if constexpr (sizeof(T) == 4) {
    kUnpack32[bit_width](padded, 1, out);
  } else {
    kUnpack64[bit_width](padded, 1, out);
  }
}

// ---- Factories, one per encoding section of Encodings.md -------------------

// PLAIN (plain.cc).
std::unique_ptr<ValueDecoder> MakePlainDecoder(ColumnType type,
                                               uint64_t num_values,
                                               ByteReader section,
                                               PageScope& scope);
// RLE for BOOLEAN values (rle.cc).
std::unique_ptr<ValueDecoder> MakeRleBooleanDecoder(uint64_t num_values,
                                                    ByteReader section,
                                                    PageScope& scope);
// PLAIN_DICTIONARY / RLE_DICTIONARY data pages (dictionary.cc).
std::unique_ptr<ValueDecoder> MakeDictionaryIndexDecoder(
    uint64_t num_values, uint64_t dictionary_size, ByteReader section,
    PageScope& scope);
// DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY (delta.cc).
std::unique_ptr<ValueDecoder> MakeDeltaBinaryPackedDecoder(ColumnType type,
                                                           uint64_t num_values,
                                                           ByteReader section,
                                                           PageScope& scope);
std::unique_ptr<ValueDecoder> MakeDeltaLengthByteArrayDecoder(
    uint64_t num_values, ByteReader section, PageScope& scope);
std::unique_ptr<ValueDecoder> MakeDeltaByteArrayDecoder(ColumnType type,
                                                        uint64_t num_values,
                                                        ByteReader section,
                                                        PageScope& scope);
// BYTE_STREAM_SPLIT (byte_stream_split.cc).
std::unique_ptr<ValueDecoder> MakeByteStreamSplitDecoder(ColumnType type,
                                                         uint64_t num_values,
                                                         ByteReader section,
                                                         PageScope& scope);

}  // namespace colcheck::parquet::decoding

#endif  // COLCHECK_PARQUET_DECODING_H_
