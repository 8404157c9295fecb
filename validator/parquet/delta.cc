// Delta Encoding (DELTA_BINARY_PACKED = 5), Delta-length byte array
// (DELTA_LENGTH_BYTE_ARRAY = 6) and Delta Strings (DELTA_BYTE_ARRAY = 7).
// https://github.com/apache/parquet-format/blob/master/Encodings.md#DELTAENC
//
//   delta-binary-packed := <header> <block>*
//   header := <block size: ULEB128, a positive multiple of 128>
//             <miniblocks per block: ULEB128, block size / it a multiple of 32>
//             <total value count: ULEB128> <first value: zigzag ULEB128>
//   block  := <min delta: zigzag ULEB128> <one bit-width byte per miniblock>
//             <miniblock>*   (each values-per-miniblock * width / 8 bytes)
//
// Blocks hold the deltas after the first value. In the last block only the
// miniblocks that hold values are present; the last of them is padded to
// full length. Every bit-width byte is present, but those of absent
// miniblocks, like the padding bits, are arbitrary. Arithmetic wraps (two's
// complement), so all of it is done on unsigned integers here.
//
//   delta-length-byte-array := <lengths: delta-binary-packed> <bytes>*
//   delta-byte-array        := <prefix lengths: delta-binary-packed>
//                              <suffixes: delta-length-byte-array>

#include <algorithm>
#include <array>
#include <memory>
#include <string_view>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"
#include "core/varint.h"
#include "parquet/decoding.h"
#include "parquet/metadata.h"

namespace colcheck::parquet::decoding {
namespace {

// Streams one DELTA_BINARY_PACKED sequence from a reader it shares with its
// owner: when the last value is decoded the reader stands just after the
// sequence. Work and memory are bounded by the values asked for and the
// bytes present, never by the counts the header claims.
class DeltaBitPackReader {
 public:
  // `what` names the sequence in messages: "values", "lengths", ...
  // `is64`: INT64 values (deltas and bit widths up to 64 bits), else INT32.
  DeltaBitPackReader(ByteReader* r, bool is64, PageScope& scope,
                     std::string_view what)
      : r_(r),
        is64_(is64),
        max_width_(is64 ? 64 : 32),
        scope_(scope),
        what_(what) {}

  // Reads the header and checks it, and its total value count against
  // `expected`. Reports and returns false on a fault.
  bool Init(uint64_t expected) {
    Varint64 v;
    if (!ReadVarint(32, "block size", &v)) return false;
    if (v.value == 0 || v.value % 128 != 0) {
      return Fail(Code::kEncodingDeltaBlockSize, v.span,
                  StrCat("the ", what_, "' block size is ", v.value,
                         " values; it must be a positive multiple of 128"));
    }
    if (v.value > limits::kMaxDeltaBlockSize) {
      return Fail(Code::kLimitsDeltaBlockSize, v.span,
                  StrCat("the ", what_, "' blocks of ", v.value,
                         " values are larger than colcheck decodes (",
                         limits::kMaxDeltaBlockSize,
                         "); the page's values were not checked"));
    }
    block_size_ = v.value;
    if (!ReadVarint(32, "miniblock count", &v)) return false;
    if (v.value == 0 || block_size_ % v.value != 0 ||
        (block_size_ / v.value) % 32 != 0) {
      return Fail(Code::kEncodingDeltaMiniblocks, v.span,
                  StrCat("the ", what_, "' blocks of ", block_size_,
                         " values have ", v.value,
                         " miniblocks; the count must divide the block size "
                         "into miniblocks of a multiple of 32 values"));
    }
    miniblocks_ = v.value;
    per_miniblock_ = block_size_ / miniblocks_;
    if (!ReadVarint(32, "total value count", &v)) return false;
    if (v.value != expected) {
      return Fail(Code::kEncodingValueCount, v.span,
                  StrCat("the ", what_, "' header counts ", v.value,
                         " values; the page holds ", expected));
    }
    total_ = v.value;
    if (!ReadValue("first value", &v, &last_)) return false;
    first_span_ = v.span;
    // Each block costs at least its min delta and its bit widths, even when
    // every miniblock has width 0: a header claiming many values in few
    // bytes fails here, before any loop.
    if (total_ > 1) {
      const uint64_t blocks = (total_ - 1 + block_size_ - 1) / block_size_;
      const uint64_t least = blocks * (1 + miniblocks_);
      if (least > r_->remaining()) {
        return Fail(
            Code::kEncodingTruncated, {r_->position(), r_->remaining()},
            StrCat(total_, " ", what_, " take ", blocks, " blocks of at least ",
                   1 + miniblocks_, " bytes (min delta and bit widths), ",
                   least, " bytes; ", r_->remaining(), " remain"));
      }
    }
    return true;
  }

  // Decodes up to out.size() values. Fewer only when all are decoded or on
  // a fault (failed()).
  template <typename T>
  size_t Next(std::span<T> out) {
    segments_.clear();
    if (failed_) return 0;
    size_t n = 0;
    if (decoded_ == 0 && total_ > 0 && !out.empty()) {
      segments_.push_back({0, 0, 0, 0, first_span_});
      out[0] = static_cast<T>(last_);
      n = 1;
      decoded_ = 1;
    }
    while (n < out.size() && decoded_ < total_) {
      if (miniblock_left_ == 0 && !Advance()) break;
      const size_t take = static_cast<size_t>(
          std::min<uint64_t>(miniblock_left_, out.size() - n));
      segments_.push_back(
          {n, body_offset_, width_, miniblock_position_, width_span_});
      Decode(out.subspan(n, take));
      miniblock_left_ -= take;
      decoded_ += take;
      n += take;
    }
    return n;
  }

  // Walks to the end of the sequence without unpacking: the structure is
  // checked and the reader left after the last miniblock. The cost is one
  // step per block and per miniblock that holds values, each of which
  // takes at least a byte.
  bool Skip() {
    if (failed_) return false;
    if (decoded_ == 0 && total_ > 0) decoded_ = 1;
    while (decoded_ < total_) {
      if (miniblock_left_ == 0 && !Advance()) return false;
      decoded_ += miniblock_left_;
      miniblock_left_ = 0;
    }
    return true;
  }

  // The bytes behind value `k` of the last Next() call: the first value's
  // varint, or the delta's bits in its miniblock (the bit-width byte when
  // the width is 0).
  ByteSpan ValueSpan(size_t k) const {
    auto it = std::upper_bound(
        segments_.begin(), segments_.end(), k,
        [](size_t value, const Segment& s) { return value < s.first; });
    if (it == segments_.begin()) return first_span_;
    const Segment& s = *(it - 1);
    if (s.width == 0) return s.fallback;
    const uint64_t bit = (s.position + (k - s.first)) * s.width;
    return {s.body_offset + bit / 8, (bit + s.width - 1) / 8 - bit / 8 + 1};
  }

  bool failed() const { return failed_; }

 private:
  struct Segment {
    size_t first;          // Index in the Next() output.
    uint64_t body_offset;  // The miniblock's bytes.
    int width;
    uint64_t position;  // Index in the miniblock of the first delta.
    ByteSpan fallback;  // The first value's varint, or the width byte.
  };

  bool Fail(Code code, ByteSpan span, std::string message) {
    scope_.Report(code, span, "values", std::move(message));
    failed_ = true;
    return false;
  }

  bool ReadVarint(int bits, std::string_view name, Varint64* v) {
    *v = ReadUleb128Bits(*r_, bits);
    if (v->status == VarintStatus::kTruncated) {
      return Fail(Code::kEncodingTruncated, v->span,
                  StrCat("the data ends inside the ", what_, "' ", name,
                         " after ", v->span.length, " bytes"));
    }
    if (v->status != VarintStatus::kOk) {
      return Fail(
          Code::kEncodingMalformedVarint, v->span,
          StrCat("the ", what_, "' ", name, " must be a ULEB128 of at most ",
                 bits, " bits; this one has ", v->span.length,
                 " bytes and does not fit"));
    }
    return true;
  }

  // A zigzag value of the column's type: any well-formed 64-bit varint,
  // which for INT32 must then fit in 32 bits. (DuckDB 1.5 computes INT32
  // deltas in 64 bits and writes min deltas of 33 bits, which Arrow
  // rejects.)
  bool ReadValue(std::string_view name, Varint64* v, uint64_t* out) {
    if (!ReadVarint(64, name, v)) return false;
    const auto value = static_cast<uint64_t>(ZigZagDecode(v->value));
    const auto as_signed = static_cast<int64_t>(value);
    if (!is64_ && (as_signed < INT32_MIN || as_signed > INT32_MAX)) {
      return Fail(Code::kEncodingDeltaValueRange, v->span,
                  StrCat("the ", what_, "' ", name, " is ", as_signed,
                         ", outside the 32-bit range of an INT32 column"));
    }
    // In range, so its low 32 bits are the INT32's.
    *out = is64_ ? value : static_cast<uint32_t>(value);
    return true;
  }

  bool StartBlock() {
    Varint64 v;
    if (!ReadValue(StrCat("min delta of block ", block_index_), &v,
                   &min_delta_)) {
      return false;
    }
    widths_offset_ = r_->position();
    if (!r_->ReadBytes(miniblocks_, &widths_)) {
      return Fail(Code::kEncodingTruncated, {widths_offset_, r_->remaining()},
                  StrCat("block ", block_index_, " of the ", what_, " needs ",
                         miniblocks_, " bit-width bytes; ", r_->remaining(),
                         " remain"));
    }
    block_left_ = std::min(block_size_, total_ - decoded_);
    next_miniblock_ = 0;
    ++block_index_;
    return true;
  }

  // Starts the next miniblock that holds values, and its block if needed.
  bool Advance() {
    if (block_left_ == 0 && !StartBlock()) return false;
    const uint64_t j = next_miniblock_++;
    const int width = static_cast<uint8_t>(widths_[j]);
    const ByteSpan width_span = {widths_offset_ + j, 1};
    if (width > max_width_) {
      return Fail(
          Code::kEncodingDeltaBitWidth, width_span,
          StrCat("miniblock ", j, " of block ", block_index_ - 1, " of the ",
                 what_, " holds values with bit width ", width, "; ",
                 is64_ ? "INT64" : "INT32", " allows at most ", max_width_));
    }
    const uint64_t bytes = per_miniblock_ / 8 * width;
    body_offset_ = r_->position();
    if (!r_->ReadBytes(bytes, &body_)) {
      return Fail(Code::kEncodingTruncated, {body_offset_, r_->remaining()},
                  StrCat("miniblock ", j, " of block ", block_index_ - 1,
                         " of the ", what_, " needs ", bytes, " bytes (",
                         per_miniblock_, " values of ", width,
                         " bits, padded); ", r_->remaining(), " remain"));
    }
    width_ = width;
    width_span_ = width_span;
    miniblock_left_ = std::min(per_miniblock_, block_left_);
    block_left_ -= miniblock_left_;
    miniblock_position_ = 0;
    return true;
  }

  // Adds the next out.size() deltas of the current miniblock to the running
  // value, writing each value. Whole groups are unpacked several at a time.
  template <typename T>
  void Decode(std::span<T> out) {
    const auto unpack = kUnpack64[width_];
    const uint64_t min_delta = min_delta_;
    const uint64_t width = static_cast<uint64_t>(width_);
    uint64_t value = last_;
    size_t k = 0;
    while (k < out.size()) {
      const size_t in_group = miniblock_position_ % 8;
      const uint64_t group = miniblock_position_ / 8;
      if (in_group == 0 && out.size() - k >= 8) {
        std::array<uint64_t, 64> deltas;
        const size_t groups = std::min<size_t>((out.size() - k) / 8, 8);
        unpack(body_.subspan(group * width, groups * width), groups,
               std::span(deltas).first(groups * 8));
        for (size_t i = 0; i < groups * 8; ++i) {
          value += min_delta + deltas[i];
          out[k + i] = static_cast<T>(value);
        }
        k += groups * 8;
        miniblock_position_ += groups * 8;
        continue;
      }
      if (in_group == 0) unpack(body_.subspan(group * width, width), 1, group_);
      const size_t m = std::min<size_t>(8 - in_group, out.size() - k);
      for (size_t i = 0; i < m; ++i) {
        value += min_delta + group_[in_group + i];
        out[k + i] = static_cast<T>(value);
      }
      k += m;
      miniblock_position_ += m;
    }
    last_ = value;
  }

  ByteReader* r_;
  const bool is64_;
  const int max_width_;
  PageScope& scope_;
  const std::string_view what_;

  uint64_t block_size_ = 0;
  uint64_t miniblocks_ = 0;
  uint64_t per_miniblock_ = 0;
  uint64_t total_ = 0;
  ByteSpan first_span_;
  uint64_t last_ = 0;     // The last value decoded (low 32 bits for INT32).
  uint64_t decoded_ = 0;  // Values decoded, or skipped by Skip().
  bool failed_ = false;

  uint64_t block_index_ = 0;  // Blocks started.
  uint64_t min_delta_ = 0;
  std::span<const std::byte> widths_;
  uint64_t widths_offset_ = 0;
  uint64_t block_left_ = 0;  // Deltas of the block not yet in a miniblock.
  uint64_t next_miniblock_ = 0;

  std::span<const std::byte> body_;  // The current miniblock.
  uint64_t body_offset_ = 0;
  int width_ = 0;
  ByteSpan width_span_;
  uint64_t miniblock_left_ = 0;      // Its deltas still to decode.
  uint64_t miniblock_position_ = 0;  // Its next delta.
  std::array<uint64_t, 8> group_{};  // The group being decoded.

  std::vector<Segment> segments_;
};

// ---- DELTA_BINARY_PACKED values
// ------------------------------------------------

class DeltaBinaryPackedDecoder final : public DecoderBase {
 public:
  DeltaBinaryPackedDecoder(bool is64, uint64_t num_values, ByteReader section,
                           PageScope& scope)
      : DecoderBase(section, num_values, scope),
        is64_(is64),
        reader_(&section_, is64, scope_, "values") {
    // No header at all is accepted only for a page without values.
    if (section_.empty() && num_values_ == 0) return;
    if (!reader_.Init(num_values_)) failed_ = true;
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    size_t got;
    if (is64_) {
      values64_.resize(want);
      got = reader_.Next<uint64_t>(values64_);
      batch->fixed = std::as_bytes(std::span(values64_).first(got));
    } else {
      values32_.resize(want);
      got = reader_.Next<uint32_t>(values32_);
      batch->fixed = std::as_bytes(std::span(values32_).first(got));
    }
    if (got < want) failed_ = true;  // The reader reported why.
    if (got == 0) return false;
    batch->count = got;
    batch->first = decoded_;
    decoded_ += got;
    return true;
  }

 private:
  const bool is64_;
  DeltaBitPackReader reader_;
  std::vector<uint32_t> values32_;
  std::vector<uint64_t> values64_;
};

// ---- DELTA_LENGTH_BYTE_ARRAY
// ---------------------------------------------------
//
// The data starts where the lengths end, which only walking every block
// tells: a first pass skips through the lengths' structure (checking it),
// then a second reader decodes them in step with the data.

class DeltaLengthByteArrayDecoder final : public DecoderBase {
 public:
  DeltaLengthByteArrayDecoder(uint64_t num_values, ByteReader section,
                              PageScope& scope)
      : DecoderBase(section, num_values, scope),
        lengths_reader_(section),
        lengths_(&lengths_reader_, false, scope_, "lengths") {
    if (section_.empty() && num_values_ == 0) return;
    ByteReader probe_reader = section_;
    DeltaBitPackReader probe(&probe_reader, false, scope_, "lengths");
    if (!probe.Init(num_values_) || !probe.Skip() ||
        !section_.Seek(probe_reader.position()) ||
        !lengths_.Init(num_values_)) {
      failed_ = true;
    }
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    lengths_buffer_.resize(want);
    const size_t got = lengths_.Next<uint32_t>(lengths_buffer_);
    values_.resize(got);
    size_t n = 0;
    for (; n < got; ++n) {
      const auto length = static_cast<int32_t>(lengths_buffer_[n]);
      if (length < 0) {
        Fail(Code::kEncodingNegativeLength, lengths_.ValueSpan(n),
             ValueField(decoded_ + n),
             StrCat("value ", decoded_ + n, " has length ", length));
        break;
      }
      if (!section_.ReadBytes(static_cast<uint64_t>(length), &values_[n])) {
        Fail(Code::kEncodingTruncated,
             {section_.position(), section_.remaining()},
             ValueField(decoded_ + n),
             StrCat("value ", decoded_ + n, " of ", num_values_, " has length ",
                    length, "; ", section_.remaining(),
                    " bytes of the concatenated values remain"));
        break;
      }
    }
    if (n < want) failed_ = true;
    if (n == 0) return false;
    batch->count = n;
    batch->first = decoded_;
    batch->binary = std::span(values_).first(n);
    decoded_ += n;
    return true;
  }

 private:
  ByteReader lengths_reader_;
  DeltaBitPackReader lengths_;
  std::vector<uint32_t> lengths_buffer_;
  std::vector<std::span<const std::byte>> values_;
};

// ---- DELTA_BYTE_ARRAY
// ----------------------------------------------------------
//
// Value i is the first prefix[i] bytes of value i - 1 followed by suffix i.
// Values are rebuilt in an arena owned by the decoder; a batch stops early
// once the arena passes kArenaBytes, so memory stays bounded even when long
// prefixes repeat.

class DeltaByteArrayDecoder final : public DecoderBase {
 public:
  DeltaByteArrayDecoder(ColumnType type, uint64_t num_values,
                        ByteReader section, PageScope& scope)
      : DecoderBase(section, num_values, scope),
        flba_(type.physical == kFixedLenByteArray),
        type_length_(type.width()),
        prefix_reader_(section),
        suffix_reader_(section),
        prefixes_(&prefix_reader_, false, scope_, "prefix lengths"),
        suffixes_(&suffix_reader_, false, scope_, "suffix lengths") {
    if (section_.empty() && num_values_ == 0) return;
    ByteReader probe_reader = section_;
    DeltaBitPackReader prefixes(&probe_reader, false, scope_, "prefix lengths");
    if (!prefixes.Init(num_values_) || !prefixes.Skip()) {
      failed_ = true;
      return;
    }
    const uint64_t suffixes_start = probe_reader.position();
    DeltaBitPackReader suffixes(&probe_reader, false, scope_, "suffix lengths");
    if (!suffixes.Init(num_values_) || !suffixes.Skip() ||
        !section_.Seek(probe_reader.position()) ||
        !suffix_reader_.Seek(suffixes_start) || !prefixes_.Init(num_values_) ||
        !suffixes_.Init(num_values_)) {
      failed_ = true;
    }
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    arena_.clear();
    ends_.clear();
    size_t n = 0;
    while (n < want && !failed_) {
      if (pending_ == pending_end_ && !Refill(want - n)) break;
      const uint64_t index = decoded_ + n;
      const auto prefix = static_cast<int32_t>(prefix_buffer_[pending_]);
      const auto suffix = static_cast<int32_t>(suffix_buffer_[pending_]);
      if (!CheckLengths(index, prefix, suffix)) break;
      const uint64_t length = uint64_t{static_cast<uint32_t>(prefix)} +
                              static_cast<uint32_t>(suffix);
      if (n > 0 && arena_.size() + length > kArenaBytes) break;
      // Prefixes can repeat a long value at no cost in the input, so the
      // work of rebuilding is bounded here, by the section's size.
      rebuilt_ += length;
      if (rebuilt_ > rebuilt_budget_) {
        scope_.Report(Code::kLimitsRebuiltSize, section_.SpanFrom(
                                                    section_.begin_offset()),
                      "values",
                      StrCat("the DELTA_BYTE_ARRAY values rebuild to more "
                             "than ", rebuilt_budget_,
                             " bytes by value ", index,
                             "; the rest of the page was not checked"));
        failed_ = true;
        break;
      }
      std::span<const std::byte> suffix_bytes;
      if (!section_.ReadBytes(static_cast<uint32_t>(suffix), &suffix_bytes)) {
        Fail(Code::kEncodingTruncated,
             {section_.position(), section_.remaining()}, ValueField(index),
             StrCat("value ", index, " of ", num_values_, " has a suffix of ",
                    suffix, " bytes; ", section_.remaining(),
                    " bytes of the concatenated suffixes remain"));
        break;
      }
      const size_t at = arena_.size();
      arena_.resize(at + length);
      const std::span<std::byte> value = std::span(arena_).subspan(at);
      const std::span<const std::byte> previous =
          n == 0 ? std::span<const std::byte>(previous_)
                 : std::span<const std::byte>(arena_).subspan(
                       at - previous_length_, previous_length_);
      std::copy_n(previous.begin(), prefix, value.begin());
      std::copy(suffix_bytes.begin(), suffix_bytes.end(),
                value.begin() + prefix);
      previous_length_ = length;
      ends_.push_back(arena_.size());
      ++pending_;
      ++n;
    }
    if (n == 0) return false;
    const std::span<const std::byte> arena(arena_);
    previous_.assign(arena.end() - previous_length_, arena.end());
    batch->count = n;
    batch->first = decoded_;
    if (flba_) {
      batch->fixed = arena;
    } else {
      values_.resize(n);
      size_t begin = 0;
      for (size_t i = 0; i < n; ++i) {
        values_[i] = arena.subspan(begin, ends_[i] - begin);
        begin = ends_[i];
      }
      batch->binary = values_;
    }
    decoded_ += n;
    return true;
  }

 private:
  static constexpr size_t kArenaBytes = size_t{4} << 20;

  // Decodes the next lengths of both sequences.
  bool Refill(size_t count) {
    prefix_buffer_.resize(count);
    suffix_buffer_.resize(count);
    const size_t p = prefixes_.Next<uint32_t>(prefix_buffer_);
    const size_t s = suffixes_.Next<uint32_t>(suffix_buffer_);
    pending_ = 0;
    pending_end_ = std::min(p, s);
    if (pending_end_ == 0) failed_ = true;  // Reported by a reader.
    return pending_end_ > 0;
  }

  bool CheckLengths(uint64_t index, int32_t prefix, int32_t suffix) {
    if (prefix < 0) {
      Fail(Code::kEncodingNegativeLength, prefixes_.ValueSpan(pending_),
           ValueField(index),
           StrCat("value ", index, " has prefix length ", prefix));
      return false;
    }
    if (suffix < 0) {
      Fail(Code::kEncodingNegativeLength, suffixes_.ValueSpan(pending_),
           ValueField(index),
           StrCat("value ", index, " has suffix length ", suffix));
      return false;
    }
    if (index == 0 && prefix != 0) {
      Fail(Code::kEncodingDeltaPrefix, prefixes_.ValueSpan(pending_),
           ValueField(index),
           StrCat("the first value has prefix length ", prefix,
                  "; there is no previous value, so it must be 0"));
      return false;
    }
    if (static_cast<uint64_t>(prefix) > previous_length_) {
      Fail(
          Code::kEncodingDeltaPrefix, prefixes_.ValueSpan(pending_),
          ValueField(index),
          StrCat("value ", index, " has prefix length ", prefix,
                 "; the previous value has only ", previous_length_, " bytes"));
      return false;
    }
    if (flba_ && uint64_t{static_cast<uint32_t>(prefix)} +
                         static_cast<uint32_t>(suffix) !=
                     type_length_) {
      Fail(Code::kEncodingFlbaLength, suffixes_.ValueSpan(pending_),
           ValueField(index),
           StrCat("value ", index, " has prefix length ", prefix,
                  " and suffix length ", suffix,
                  "; FIXED_LEN_BYTE_ARRAY values have ", type_length_,
                  " bytes"));
      return false;
    }
    return true;
  }

  const bool flba_;
  const uint64_t type_length_;
  ByteReader prefix_reader_;
  ByteReader suffix_reader_;
  DeltaBitPackReader prefixes_;
  DeltaBitPackReader suffixes_;
  std::vector<uint32_t> prefix_buffer_;
  std::vector<uint32_t> suffix_buffer_;
  size_t pending_ = 0;               // Next entry of the buffers to use.
  size_t pending_end_ = 0;           // Entries decoded into the buffers.
  std::vector<std::byte> previous_;  // The last value of the last batch.
  uint64_t previous_length_ = 0;
  uint64_t rebuilt_ = 0;  // Bytes of all values rebuilt so far.
  const uint64_t rebuilt_budget_ = limits::RebuiltBudget(section_.size());
  std::vector<std::byte> arena_;
  std::vector<size_t> ends_;
  std::vector<std::span<const std::byte>> values_;
};

}  // namespace

std::unique_ptr<ValueDecoder> MakeDeltaBinaryPackedDecoder(ColumnType type,
                                                           uint64_t num_values,
                                                           ByteReader section,
                                                           PageScope& scope) {
  return std::make_unique<DeltaBinaryPackedDecoder>(type.physical == kInt64,
                                                    num_values, section, scope);
}

std::unique_ptr<ValueDecoder> MakeDeltaLengthByteArrayDecoder(
    uint64_t num_values, ByteReader section, PageScope& scope) {
  return std::make_unique<DeltaLengthByteArrayDecoder>(num_values, section,
                                                       scope);
}

std::unique_ptr<ValueDecoder> MakeDeltaByteArrayDecoder(ColumnType type,
                                                        uint64_t num_values,
                                                        ByteReader section,
                                                        PageScope& scope) {
  return std::make_unique<DeltaByteArrayDecoder>(type, num_values, section,
                                                 scope);
}

}  // namespace colcheck::parquet::decoding
