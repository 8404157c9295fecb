// Plain (PLAIN = 0).
// https://github.com/apache/parquet-format/blob/master/Encodings.md#PLAIN
//
//   BOOLEAN               bit-packed, LSB first, ceil(N / 8) bytes
//   INT32 / FLOAT         4 bytes LE        INT64 / DOUBLE   8 bytes LE
//   INT96                 12 bytes LE       FIXED_LEN_BYTE_ARRAY  n bytes
//   BYTE_ARRAY            <length: 4 bytes LE> <length bytes>
//
// Values are back to back and the section ends with the last one: "No
// padding is allowed in the data page" (README Data Pages).

#include <algorithm>
#include <memory>
#include <vector>

#include "core/strings.h"
#include "parquet/decoding.h"
#include "parquet/metadata.h"

namespace colcheck::parquet::decoding {
namespace {

// Fixed-width types: the batch points at the input bytes.
class PlainFixedDecoder final : public DecoderBase {
 public:
  PlainFixedDecoder(uint32_t width, uint64_t num_values, ByteReader section,
                    PageScope& scope)
      : DecoderBase(section, num_values, scope), width_(width) {}

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    size_t take = Wanted(max);
    if (width_ > 0) {
      take = static_cast<size_t>(
          std::min<uint64_t>(take, section_.remaining() / width_));
    }
    if (take == 0) {
      Fail(Code::kEncodingTruncated,
           {section_.position(), section_.remaining()}, ValueField(decoded_),
           StrCat("value ", decoded_, " of ", num_values_, " needs ", width_,
                  " bytes; ", section_.remaining(), " remain (the section has ",
                  section_.size(), " bytes)"));
      return false;
    }
    std::span<const std::byte> bytes;
    if (!section_.ReadBytes(uint64_t{take} * width_, &bytes)) return false;
    batch->count = take;
    batch->first = decoded_;
    batch->fixed = bytes;
    decoded_ += take;
    return true;
  }

 private:
  const uint32_t width_;
};

// BOOLEAN: one bit per value, LSB first; the final byte's unused high bits
// should be zero.
class PlainBooleanDecoder final : public DecoderBase {
 public:
  PlainBooleanDecoder(uint64_t num_values, ByteReader section, PageScope& scope)
      : DecoderBase(section, num_values, scope) {}

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const std::span<const std::byte> bytes = section_.data();
    const uint64_t available = bytes.size() * 8 - decoded_;
    const size_t take =
        static_cast<size_t>(std::min<uint64_t>(Wanted(max), available));
    if (take == 0) {
      Fail(Code::kEncodingTruncated, {section_.end_offset(), 0},
           ValueField(decoded_),
           StrCat(num_values_, " BOOLEAN values need ", (num_values_ + 7) / 8,
                  " bytes; the section has ", bytes.size()));
      return false;
    }
    values_.resize(take);
    uint64_t bit = decoded_;
    for (size_t i = 0; i < take; ++i, ++bit) {
      values_[i] = static_cast<std::byte>(
          (static_cast<uint8_t>(bytes[bit / 8]) >> (bit % 8)) & 1);
    }
    batch->count = take;
    batch->first = decoded_;
    batch->fixed = values_;
    decoded_ += take;
    return true;
  }

 private:
  void CheckEnd() override {
    const uint64_t used = (num_values_ + 7) / 8;
    const unsigned tail = num_values_ % 8;
    if (tail != 0) {
      const auto last = static_cast<uint8_t>(section_.data()[used - 1]);
      const uint8_t padding = static_cast<uint8_t>(last >> tail);
      if (padding != 0) {
        scope_.Report(
            Code::kValueBooleanPadding, {section_.begin_offset() + used - 1, 1},
            "values",
            StrCat("the last byte 0x", Hex(last), " holds ", tail,
                   " values; its ", 8 - tail, " padding bits should be zero"));
      }
    }
    ReportTrailing(section_.begin_offset() + used);
  }

  static std::string Hex(uint8_t b) {
    constexpr char kDigits[] = "0123456789abcdef";
    return {kDigits[b >> 4], kDigits[b & 15]};
  }

  std::vector<std::byte> values_;
};

// BYTE_ARRAY: views of the input, without the length prefixes.
class PlainByteArrayDecoder final : public DecoderBase {
 public:
  PlainByteArrayDecoder(uint64_t num_values, ByteReader section,
                        PageScope& scope)
      : DecoderBase(section, num_values, scope) {}

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    values_.resize(want);
    size_t n = 0;
    for (; n < want; ++n) {
      const uint64_t start = section_.position();
      uint32_t length;
      if (!section_.ReadU32LE(&length)) {
        Fail(Code::kEncodingTruncated, {start, section_.remaining()},
             ValueField(decoded_ + n),
             StrCat("value ", decoded_ + n, " of ", num_values_,
                    " needs a 4-byte length; ", section_.remaining(),
                    " bytes remain"));
        break;
      }
      if (!section_.ReadBytes(length, &values_[n])) {
        Fail(Code::kEncodingTruncated, {start, 4 + section_.remaining()},
             ValueField(decoded_ + n),
             StrCat("value ", decoded_ + n, " of ", num_values_, " declares ",
                    length, " bytes; ", section_.remaining(),
                    " remain after its length"));
        break;
      }
    }
    if (n == 0) return false;
    batch->count = n;
    batch->first = decoded_;
    batch->binary = std::span(values_).first(n);
    decoded_ += n;
    return true;
  }

 private:
  std::vector<std::span<const std::byte>> values_;
};

}  // namespace

std::unique_ptr<ValueDecoder> MakePlainDecoder(ColumnType type,
                                               uint64_t num_values,
                                               ByteReader section,
                                               PageScope& scope) {
  switch (type.physical) {
    case kBoolean:
      return std::make_unique<PlainBooleanDecoder>(num_values, section, scope);
    case kByteArray:
      return std::make_unique<PlainByteArrayDecoder>(num_values, section,
                                                     scope);
    default:
      return std::make_unique<PlainFixedDecoder>(type.width(), num_values,
                                                 section, scope);
  }
}

}  // namespace colcheck::parquet::decoding
