// Run Length Encoding / Bit-Packing Hybrid (RLE = 3), and the deprecated
// Bit-packed encoding (BIT_PACKED = 4).
// https://github.com/apache/parquet-format/blob/master/Encodings.md#RLE
//
//   encoded-data   := <run>*
//   bit-packed-run := varint(groups << 1 | 1) <groups * bit_width bytes>
//   rle-run        := varint(count << 1) <value, ceil(bit_width / 8) bytes>
//
// Run lengths are in [1, 2^31 - 1]; headers are ULEB128 of at most 32 bits.
// RLE-encoded BOOLEAN values carry a 4-byte length prefix in data pages of
// both versions.

#include "parquet/rle.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <optional>
#include <vector>

#include "core/strings.h"
#include "core/varint.h"
#include "parquet/decoding.h"

namespace colcheck::parquet {

RleDecoder::RleDecoder(ByteReader data, int bit_width, PageScope& scope,
                       std::string_view field)
    : data_(data),
      bit_width_(bit_width),
      scope_(scope),
      field_(field),
      values_end_(data.position()) {
  // Widths come from levels (at most 7 bits) or a dictionary page's width
  // byte, which the caller checks against 32 first.
  if (bit_width_ < 0 || bit_width_ > 32) failed_ = true;
}

void RleDecoder::Fail(Code code, ByteSpan span, std::string message) {
  scope_.Report(code, span, field_, std::move(message));
  failed_ = true;
}

bool RleDecoder::StartRun() {
  run_begin_ = data_.position();
  const Varint64 header = ReadUleb128Bits(data_, 32);
  if (header.status == VarintStatus::kTruncated) {
    Fail(Code::kEncodingTruncated, header.span,
         StrCat("the data ends inside a run header, after ", header.span.length,
                " bytes"));
    return false;
  }
  if (header.status != VarintStatus::kOk) {
    Fail(Code::kEncodingMalformedVarint, header.span,
         StrCat("a run header must be a ULEB128 of at most 32 bits (5 bytes); "
                "this one has ",
                header.span.length, " bytes and does not fit"));
    return false;
  }
  const uint64_t count = header.value >> 1;
  const bool packed = (header.value & 1) != 0;
  if (count == 0) {
    Fail(Code::kEncodingRleZeroRun, header.span,
         StrCat(
             packed ? "a bit-packed run of 0 groups" : "an RLE run of 0 values",
             "; run lengths are in [1, 2^31 - 1]"));
    return false;
  }
  body_begin_ = data_.position();
  if (packed) {
    const uint64_t need = count * static_cast<uint64_t>(bit_width_);
    if (need > data_.remaining()) {
      // Cut short, as some writers did for the final group (Arrow GH-47981):
      // the values whose bits are all present still decode.
      const uint64_t have = data_.remaining();
      if (!data_.ReadBytes(have, &packed_)) return false;  // Cannot fail.
      scope_.Report(
          Code::kEncodingTruncated, {run_begin_, data_.position() - run_begin_},
          field_,
          StrCat("a bit-packed run of ", count, " groups (", count * 8,
                 " values of ", bit_width_, " bits) needs ", need,
                 " bytes after its header; ", have, " remain"));
      cut_short_ = true;
      run_left_ = have * 8 / static_cast<uint64_t>(bit_width_);
      if (run_left_ == 0) {
        failed_ = true;
        return false;
      }
    } else {
      if (!data_.ReadBytes(need, &packed_)) return false;  // Cannot fail.
      run_left_ = count * 8;
    }
    kind_ = RunKind::kPacked;
    packed_position_ = 0;
    return true;
  }
  const uint64_t value_bytes = (static_cast<uint64_t>(bit_width_) + 7) / 8;
  std::span<const std::byte> value;
  if (!data_.ReadBytes(value_bytes, &value)) {
    const uint64_t have = data_.remaining();
    if (!data_.Skip(have)) return false;  // Cannot fail.
    Fail(Code::kEncodingTruncated, {run_begin_, data_.position() - run_begin_},
         StrCat("an RLE run's value needs ", value_bytes,
                " bytes after its header; ", have, " remain"));
    return false;
  }
  uint32_t v = 0;
  for (size_t i = 0; i < value.size(); ++i) {
    v |= static_cast<uint32_t>(value[i]) << (8 * i);
  }
  if (bit_width_ < 32 && (v >> bit_width_) != 0) {
    scope_.Report(
        Code::kEncodingRleValueTooWide, {body_begin_, value_bytes}, field_,
        StrCat("RLE run value ", v, " does not fit in the bit width ",
               bit_width_, " (at most ", (uint64_t{1} << bit_width_) - 1, ")"));
  }
  rle_value_ = v;
  run_left_ = count;
  kind_ = RunKind::kRle;
  return true;
}

void RleDecoder::UnpackPacked(std::span<uint32_t> out) {
  const uint64_t bw = static_cast<uint64_t>(bit_width_);
  const auto unpack = decoding::kUnpack32[bit_width_];
  size_t n = 0;
  uint64_t pos = packed_position_;
  while (n < out.size()) {
    const uint64_t group = pos / 8;
    const size_t in_group = pos % 8;
    const uint64_t group_offset = group * bw;
    if (in_group == 0 && out.size() - n >= 8) {
      uint64_t groups = (out.size() - n) / 8;
      if (bw > 0) {
        const uint64_t whole = (packed_.size() - group_offset) / bw;
        groups = std::min(groups, whole);
      }
      if (groups > 0) {
        unpack(packed_.subspan(group_offset, groups * bw), groups,
               out.subspan(n, groups * 8));
        n += groups * 8;
        pos += groups * 8;
        continue;
      }
    }
    std::array<uint32_t, 8> tmp;
    const uint64_t available =
        group_offset < packed_.size() ? packed_.size() - group_offset : 0;
    if (available >= bw) {
      unpack(packed_.subspan(group_offset, bw), 1, tmp);
    } else {
      decoding::UnpackPartialGroup<uint32_t>(
          packed_.subspan(group_offset, available), bit_width_, tmp);
    }
    const size_t take = std::min<size_t>(8 - in_group, out.size() - n);
    std::copy_n(tmp.begin() + in_group, take, out.begin() + n);
    n += take;
    pos += take;
  }
  packed_position_ = pos;
}

bool RleDecoder::EnsureRun() {
  if (run_left_ > 0) return true;
  if (failed_) return false;
  if (cut_short_) {
    // The rest of the cut-off run was reported when it started.
    failed_ = true;
    return false;
  }
  return !data_.empty() && StartRun();
}

uint64_t RleDecoder::RepeatLeft(uint32_t* value) {
  if (!EnsureRun()) return 0;
  if (kind_ == RunKind::kRle) {
    *value = rle_value_;
    return run_left_;
  }
  if (bit_width_ == 0) {
    *value = 0;
    return run_left_;
  }
  return 0;
}

void RleDecoder::SkipRepeat(uint64_t n) {
  segments_.clear();
  run_left_ -= n;
  if (kind_ == RunKind::kPacked) packed_position_ += n;
  values_end_ = data_.position();
}

size_t RleDecoder::Next(std::span<uint32_t> out,
                        uint64_t stop_before_repeat) {
  segments_.clear();
  size_t n = 0;
  while (n < out.size()) {
    const bool starts = run_left_ == 0;
    if (!EnsureRun()) break;
    if (starts && n > 0 && run_left_ >= stop_before_repeat &&
        (kind_ == RunKind::kRle || bit_width_ == 0)) {
      break;
    }
    const size_t take =
        static_cast<size_t>(std::min<uint64_t>(run_left_, out.size() - n));
    segments_.push_back({n, kind_, run_begin_, body_begin_, data_.position(),
                         kind_ == RunKind::kPacked ? packed_position_ : 0});
    if (kind_ == RunKind::kRle) {
      std::fill_n(out.begin() + n, take, rle_value_);
    } else {
      UnpackPacked(out.subspan(n, take));
    }
    run_left_ -= take;
    n += take;
    values_end_ = data_.position();
  }
  return n;
}

bool RleDecoder::failed() const { return failed_; }

bool RleDecoder::exhausted() const {
  return !failed_ && !cut_short_ && run_left_ == 0 && data_.empty();
}

ByteSpan RleDecoder::rest() const {
  return {values_end_, data_.end_offset() - values_end_};
}

ByteSpan RleDecoder::consumed() const {
  return {data_.begin_offset(), values_end_ - data_.begin_offset()};
}

ByteSpan RleDecoder::ValueSpan(size_t k) const {
  auto it = std::upper_bound(
      segments_.begin(), segments_.end(), k,
      [](size_t value, const Segment& s) { return value < s.first; });
  if (it == segments_.begin()) return {data_.begin_offset(), 0};
  const Segment& s = *(it - 1);
  if (s.kind != RunKind::kPacked || bit_width_ == 0) {
    return {s.run_begin, s.run_end - s.run_begin};
  }
  const uint64_t bw = static_cast<uint64_t>(bit_width_);
  const uint64_t bit = (s.position + (k - s.first)) * bw;
  const uint64_t begin = s.body_begin + bit / 8;
  const uint64_t end =
      std::min(s.body_begin + (bit + bw - 1) / 8 + 1, s.run_end);
  return {begin, end > begin ? end - begin : 0};
}

// ---- BIT_PACKED (deprecated)
// -------------------------------------------------

BitPackedDecoder::BitPackedDecoder(ByteReader data, int bit_width)
    : data_(data), bit_width_(bit_width) {}

size_t BitPackedDecoder::Next(std::span<uint32_t> out) {
  if (bit_width_ < 0 || bit_width_ > 32) return 0;
  if (bit_width_ == 0) {
    std::fill(out.begin(), out.end(), 0u);
    return out.size();
  }
  const std::span<const std::byte> bytes = data_.data();
  const uint64_t bw = static_cast<uint64_t>(bit_width_);
  const uint64_t available = (bytes.size() * 8 - bit_position_) / bw;
  const size_t n =
      static_cast<size_t>(std::min<uint64_t>(out.size(), available));
  for (size_t i = 0; i < n; ++i) {
    const uint64_t byte = bit_position_ / 8;
    const unsigned off = bit_position_ % 8;
    // Eight bytes from `byte`, most significant first, zero past the end.
    uint64_t w = 0;
    if (bytes.size() - byte >= 8) {
      std::memcpy(&w, bytes.subspan(byte, 8).data(), 8);
      w = __builtin_bswap64(w);
    } else {
      for (uint64_t j = 0; byte + j < bytes.size(); ++j) {
        w |= static_cast<uint64_t>(bytes[byte + j]) << (56 - 8 * j);
      }
    }
    out[i] = static_cast<uint32_t>((w << off) >> (64 - bw));
    bit_position_ += bw;
  }
  return n;
}

uint64_t BitPackedDecoder::Left() const {
  if (bit_width_ == 0) return UINT64_MAX;
  if (bit_width_ < 0 || bit_width_ > 32) return 0;
  return (data_.data().size() * 8 - bit_position_) /
         static_cast<uint64_t>(bit_width_);
}

uint64_t BitPackedDecoder::BytesFor(uint64_t count, int bit_width) {
  if (bit_width <= 0) return 0;
  const uint64_t bw = static_cast<uint64_t>(bit_width);
  const uint64_t whole = count / 8;
  if (whole > UINT64_MAX / bw - 1) return UINT64_MAX;
  return whole * bw + ((count % 8) * bw + 7) / 8;
}

int BitWidth(uint64_t max_value) { return std::bit_width(max_value); }

// ---- RLE-encoded BOOLEAN values
// ------------------------------------------------
//
//   values := <length: 4 bytes LE> <hybrid data, bit width 1, length bytes>

namespace decoding {

std::optional<uint32_t> DecoderBase::TakeRepeatedRun(RleDecoder& rle,
                                                     uint64_t max,
                                                     ValueBatch* batch) {
  uint32_t value = 0;
  const uint64_t n =
      std::min({rle.RepeatLeft(&value), max, num_values_ - decoded_});
  if (n < kMinRepeatedBatch) return std::nullopt;
  rle.SkipRepeat(n);
  *batch = ValueBatch{};
  batch->count = static_cast<size_t>(n);
  batch->first = decoded_;
  batch->repeated = true;
  decoded_ += n;
  return value;
}

namespace {

class RleBooleanDecoder final : public DecoderBase {
 public:
  RleBooleanDecoder(uint64_t num_values, ByteReader section, PageScope& scope)
      : DecoderBase(section, num_values, scope) {
    if (section_.empty() && num_values_ == 0) return;
    const uint64_t start = section_.position();
    uint32_t length = 0;
    if (!section_.ReadU32LE(&length)) {
      Fail(Code::kEncodingTruncated, {start, section_.remaining()}, "values",
           StrCat("RLE boolean values start with a 4-byte length; the section "
                  "has ",
                  section_.remaining(), " bytes"));
      return;
    }
    ByteReader data;
    if (!section_.Sub(section_.position(), length, &data)) {
      Fail(Code::kEncodingRleLength, {start, 4}, "values",
           StrCat("the length prefix says ", length, " bytes of RLE data; ",
                  section_.remaining(), " follow it"));
      return;
    }
    if (!section_.Skip(length)) return;  // Cannot fail.
    rle_.emplace(data, 1, scope_, "values");
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    if (!rle_) {
      Fail(Code::kEncodingTruncated, {section_.end_offset(), 0}, "values",
           StrCat("the section is empty but holds ", num_values_, " values"));
      return false;
    }
    bits_.resize(want);
    const size_t got = rle_->Next(bits_, kMinRepeatedBatch);
    if (got < want && rle_->RunLeft() == 0) {
      if (rle_->failed()) {
        failed_ = true;
      } else {
        const ByteSpan data = rle_->consumed();
        Fail(Code::kEncodingTruncated, {data.end(), 0},
             ValueField(decoded_ + got),
             StrCat("the RLE data ends after ", decoded_ + got, " of ",
                    num_values_, " values"));
      }
    }
    if (got == 0) return false;
    values_.resize(got);
    for (size_t i = 0; i < got; ++i) {
      values_[i] = static_cast<std::byte>(bits_[i] & 1);
    }
    batch->count = got;
    batch->first = decoded_;
    batch->fixed = values_;
    decoded_ += got;
    return true;
  }

  bool NextRun(uint64_t max, ValueBatch* batch) override {
    if (Done(1) || !rle_) return false;
    const std::optional<uint32_t> bit = TakeRepeatedRun(*rle_, max, batch);
    if (!bit) return false;
    run_value_ = static_cast<std::byte>(*bit & 1);
    batch->fixed = {&run_value_, 1};
    return true;
  }

 private:
  void CheckEnd() override {
    // Bytes after the last run inside the length, and any after it.
    ReportTrailing(rle_ ? rle_->rest().offset : section_.position());
  }

  std::optional<RleDecoder> rle_;
  std::vector<uint32_t> bits_;
  std::vector<std::byte> values_;
  std::byte run_value_{0};  // The value of the last repeated batch.
};

}  // namespace

std::unique_ptr<ValueDecoder> MakeRleBooleanDecoder(uint64_t num_values,
                                                    ByteReader section,
                                                    PageScope& scope) {
  return std::make_unique<RleBooleanDecoder>(num_values, section, scope);
}

}  // namespace decoding
}  // namespace colcheck::parquet
