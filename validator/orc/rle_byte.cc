// Byte Run Length Encoding and Boolean Run Length Encoding.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#byte-run-length-encoding
//
//   run:     [c = 0x00..0x7f] [b]             c + 3 copies of b
//   literal: [c = 0x80..0xff] [b1 .. b(256-c)]
//
// A hundred zeros are [0x61, 0x00]; 0x44, 0x45 is [0xfe, 0x44, 0x45].
// Booleans fill bytes from the most significant bit down, and the bytes are
// byte-RLE coded: [0xff, 0x80] is one true followed by seven false.

#include <algorithm>

#include "core/strings.h"
#include "orc/rle.h"

namespace colcheck::orc {

bool ByteRleDecoder::DecodeRun() {
  const uint64_t start = data_.position();
  uint8_t control;
  if (!data_.ReadU8(&control)) return Truncated(start, "a byte run");
  if (control < 0x80) {
    uint8_t value;
    if (!data_.ReadU8(&value)) {
      return Truncated(start, StrCat("a run of ", control + 3, " bytes"));
    }
    run_size_ = control + 3u;
    std::fill_n(values_.begin(), run_size_, value);
  } else {
    const size_t n = 256u - control;
    std::span<const std::byte> bytes;
    if (!data_.ReadBytes(n, &bytes)) {
      return Truncated(start, StrCat("a literal list of ", n, " bytes"));
    }
    for (size_t i = 0; i < n; ++i) values_[i] = static_cast<uint8_t>(bytes[i]);
    run_size_ = n;
  }
  run_span_ = data_.SpanFrom(start);
  return true;
}

void CheckUnionTags(std::span<const uint8_t> tags, uint64_t first_index,
                    uint64_t num_children, const ByteRleDecoder& decoder) {
  ByteSpan reported{~uint64_t{0}, 0};
  for (size_t i = 0; i < tags.size(); ++i) {
    if (tags[i] < num_children) continue;
    const ByteSpan at = decoder.ValueSpan(first_index + i);
    if (at == reported) continue;  // Once per run.
    reported = at;
    decoder.context().ReportFile(
        Code::kOrcRleUnionTag, at,
        StrCat("union tag ", tags[i], " of value ", first_index + i,
               " is not below the union's ", num_children, " children"));
  }
}

BooleanRleDecoder::BooleanRleDecoder(ByteReader data, StreamContext ctx)
    : bytes_(data, std::move(ctx)) {
  bytes_.unit_ = "bytes";
}

bool BooleanRleDecoder::NextByte() {
  size_t got = 0;
  if (!bytes_.Next(std::span<uint8_t>(&byte_, 1), &got)) return false;
  byte_run_span_ = bytes_.current_run_span();
  bits_left_ = 8;
  return true;
}

bool BooleanRleDecoder::Next(std::span<uint8_t> out, size_t* produced) {
  batch_runs_.clear();
  size_t n = 0;
  while (n < out.size()) {
    if (bits_left_ == 0 && !NextByte()) break;
    if (batch_runs_.empty() || !(batch_runs_.back().span == byte_run_span_)) {
      batch_runs_.push_back({read_, byte_run_span_});
    }
    if (bits_left_ == 8 && out.size() - n >= 8) {
      // A whole byte: its eight bits at once.
      for (int k = 0; k < 8; ++k) out[n + k] = (byte_ >> (7 - k)) & 1;
      n += 8;
      read_ += 8;
      bits_left_ = 0;
      continue;
    }
    while (bits_left_ > 0 && n < out.size()) {
      --bits_left_;
      out[n++] = (byte_ >> bits_left_) & 1;
      ++read_;
    }
  }
  *produced = n;
  return n == out.size();
}

void BooleanRleDecoder::Finish(uint64_t expected) {
  if (finished_) return;
  finished_ = true;
  while (read_ < expected) {
    if (bits_left_ == 0 && !NextByte()) break;
    const uint64_t take = std::min<uint64_t>(bits_left_, expected - read_);
    bits_left_ -= static_cast<int>(take);
    read_ += take;
  }
  // A byte is fetched only when a value needs it, so the byte decoder has
  // handed out exactly the bytes the values used.
  bytes_.Finish(expected / 8 + (expected % 8 != 0));
  if (bytes_.failed() || read_ != expected || bits_left_ == 0) return;
  const uint8_t pad = byte_ & ((1u << bits_left_) - 1);
  if (pad != 0) {
    bytes_.context().Report(
        Code::kOrcRleBoolPadBits, byte_run_span_,
        StrCat("the last byte of ", expected, " booleans has ", bits_left_,
               " pad bits, and they hold ", pad, ", not 0"));
  }
}

ByteSpan BooleanRleDecoder::ValueSpan(uint64_t index) const {
  auto it = std::upper_bound(
      batch_runs_.begin(), batch_runs_.end(), index,
      [](uint64_t i, const BatchRun& r) { return i < r.first_index; });
  if (it == batch_runs_.begin() || index >= read_) return {};
  return bytes_.context().ToFile(std::prev(it)->span);
}

}  // namespace colcheck::orc
