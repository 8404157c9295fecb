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
#include <array>
#include <bit>
#include <cstring>

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

namespace {

// The eight values of each byte as eight bytes of 0 or 1, most significant
// bit first (in memory order).
constexpr std::array<uint64_t, 256> kBitsOfByte = [] {
  std::array<uint64_t, 256> table{};
  for (unsigned b = 0; b < 256; ++b) {
    for (unsigned k = 0; k < 8; ++k) {
      table[b] |= uint64_t{(b >> (7 - k)) & 1u} << (8 * k);
    }
  }
  return table;
}();

}  // namespace

BooleanRleDecoder::BooleanRleDecoder(ByteReader data, StreamContext ctx)
    : bytes_(data, std::move(ctx)) {
  bytes_.unit_ = "bytes";
}

size_t BooleanRleDecoder::Fetch(uint64_t bits, bool note_runs) {
  const size_t want = static_cast<size_t>(
      std::min<uint64_t>(chunk_.size(), bits / 8 + (bits % 8 != 0)));
  size_t got = 0;
  bytes_.Next(std::span(chunk_).first(want), &got);
  if (note_runs) {
    for (const auto& run : bytes_.batch_runs_) {
      const uint64_t first = run.first_index * 8;
      if (batch_runs_.empty() || batch_runs_.back().first_index != first) {
        batch_runs_.push_back({first, run.span});
      }
    }
  }
  if (got > 0) {
    byte_run_span_ = bytes_.current_run_span();
    byte_run_first_ = bytes_.run_first_;
  }
  return got;
}

void BooleanRleDecoder::Hold(size_t i, int bits_left) {
  byte_ = chunk_[i];
  bits_left_ = bits_left;
}

bool BooleanRleDecoder::Next(std::span<uint8_t> out, size_t* produced) {
  batch_runs_.clear();
  size_t n = 0;
  if (bits_left_ > 0 && !out.empty()) {
    batch_runs_.push_back({byte_run_first_ * 8, byte_run_span_});
    while (bits_left_ > 0 && n < out.size()) {
      --bits_left_;
      out[n++] = (byte_ >> bits_left_) & 1;
    }
  }
  while (n < out.size()) {
    const size_t got = Fetch(out.size() - n, true);
    if (got == 0) break;
    for (size_t i = 0; i < got; ++i) {
      const size_t left = out.size() - n;
      if (left >= 8) {
        std::memcpy(&out[n], &kBitsOfByte[chunk_[i]], 8);
        n += 8;
        continue;
      }
      // The last byte a batch needs: part of it now, the rest later.
      Hold(i, 8);
      while (n < out.size()) {
        --bits_left_;
        out[n++] = (byte_ >> bits_left_) & 1;
      }
    }
  }
  read_ += n;
  *produced = n;
  return n == out.size();
}

bool BooleanRleDecoder::Count(uint64_t n, uint64_t* produced,
                              uint64_t* set) {
  batch_runs_.clear();
  uint64_t done = 0;
  while (bits_left_ > 0 && done < n) {
    --bits_left_;
    *set += (byte_ >> bits_left_) & 1;
    ++done;
  }
  while (done < n) {
    const size_t got = Fetch(n - done, false);
    if (got == 0) break;
    for (size_t i = 0; i < got; ++i) {
      const uint64_t left = n - done;
      if (left >= 8) {
        *set += static_cast<uint64_t>(std::popcount(chunk_[i]));
        done += 8;
        continue;
      }
      Hold(i, 8 - static_cast<int>(left));
      *set += static_cast<uint64_t>(std::popcount(
          static_cast<uint8_t>(byte_ >> bits_left_)));
      done += left;
    }
  }
  read_ += done;
  *produced = done;
  return done == n;
}

void BooleanRleDecoder::Finish(uint64_t expected) {
  if (finished_) return;
  finished_ = true;
  if (read_ < expected) {
    uint64_t got = 0;
    uint64_t set = 0;
    Count(expected - read_, &got, &set);
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
  // batch_runs_ is sorted by first_index.
  auto it = std::upper_bound(
      batch_runs_.begin(), batch_runs_.end(), index,
      [](uint64_t i, const BatchRun& r) { return i < r.first_index; });
  if (it == batch_runs_.begin() || index >= read_) return {};
  return bytes_.context().ToFile(std::prev(it)->span);
}

}  // namespace colcheck::orc
