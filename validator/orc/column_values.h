// The value readers of the column stage (columns.h): one per column of a
// stripe, pulling the column's values out of its streams one at a time.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#column-encoding-section
//
// The stage walks a column's slots, reads PRESENT itself and asks the
// column's ValueReader for one value per non-null slot. A reader knows how
// many values it must produce before it starts (PRESENT is counted first),
// so every stream is asked for exactly its share and the exact-count rule
// (V3) is checked when the reader finishes.

#ifndef COLCHECK_ORC_COLUMN_VALUES_H_
#define COLCHECK_ORC_COLUMN_VALUES_H_

#include <array>
#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "core/diagnostics.h"
#include "orc/columns.h"
#include "orc/rle.h"

namespace colcheck::orc {

// One column of one stripe: its type, encoding and streams, and where its
// diagnostics go.
struct ColumnSource {
  const ColumnContext* context = nullptr;
  const StripeData* data = nullptr;
  const StripeFooter* footer = nullptr;
  size_t stripe = 0;
  uint32_t column = 0;
  DiagnosticSink* sink = nullptr;
  // Where orc-stripe.missing-stream goes: StripeFooter.streams (or the
  // whole stripe footer when it lists none).
  ByteSpan missing_span;
  // Every slot of the column is certainly non-null (no PRESENT on it or an
  // ancestor, STRUCT ancestors only, rows in the stripe): the stripe stage
  // has already reported the streams such a column must have.
  bool certain = false;

  const Type& type() const;
  const ColumnEncoding& encoding() const;
  RleVersion rle_version() const;

  // The stream of `kind` and whether the directory lists it. nullptr when
  // it is not listed or its framing failed.
  const DecodedRegion* Stream(int64_t kind, bool* listed) const;
  // The stream of `kind` for `count` values: nullptr and false when it is
  // listed but undecodable, or absent though `count` > 0 (reported as
  // orc-stripe.missing-stream unless the stripe stage did: `required`
  // says whether it would have). With `count` == 0 an absent stream is
  // fine: nullptr and true.
  bool Require(int64_t kind, uint64_t count, bool required,
               const DecodedRegion** out) const;
  // "stripes[2].columns[5].DATA"
  std::string Field(int64_t kind) const;
  StreamContext Context(const DecodedRegion& region, int64_t kind) const;
};

// Hands out the values of one run-length decoder one at a time, asking it
// for at most `total` in batches, so a value's run is known (ValueSpan)
// while it is handed out.
template <typename Decoder, typename T>
class Puller {
 public:
  Puller() = default;
  Puller(std::unique_ptr<Decoder> decoder, uint64_t total)
      : decoder_(std::move(decoder)), total_(total) {}

  bool active() const { return decoder_ != nullptr; }
  const Decoder& decoder() const { return *decoder_; }

  // The next value and the file span of its run. False when the stream
  // ended (Finish reports it) or a fault stopped it (reported).
  bool Get(T* value, ByteSpan* span) {
    if (pos_ == size_ && !Fill()) return false;
    *value = buffer_[pos_];
    *span = decoder_->ValueSpan(first_ + pos_);
    ++pos_;
    return true;
  }
  // The values of the last batch and the index of its first, for checks
  // that run per batch (nanos, union tags).
  std::span<const T> batch() const {
    return std::span<const T>(buffer_).first(size_);
  }
  uint64_t batch_first() const { return first_; }
  bool fresh_batch() const { return pos_ == 1; }

  // V3: the stream holds exactly `total` values. Returns false when it
  // falls short or failed.
  bool Finish() {
    if (!decoder_) return true;
    decoder_->Finish(total_);
    return !decoder_->failed() && decoder_->values_read() >= total_;
  }

 private:
  bool Fill() {
    if (!decoder_ || requested_ >= total_) return false;
    const size_t want = static_cast<size_t>(
        std::min<uint64_t>(buffer_.size(), total_ - requested_));
    size_t got = 0;
    (void)decoder_->Next(std::span<T>(buffer_).first(want), &got);
    first_ = requested_;
    requested_ += got;
    size_ = got;
    pos_ = 0;
    return got > 0;
  }

  std::unique_ptr<Decoder> decoder_;
  uint64_t total_ = 0;
  uint64_t requested_ = 0;
  std::array<T, 1024> buffer_{};
  size_t size_ = 0;
  size_t pos_ = 0;
  uint64_t first_ = 0;
};

using IntPuller = Puller<IntegerRleDecoder, int64_t>;
using BytePuller = Puller<ByteRleDecoder, uint8_t>;
using BoolPuller = Puller<BooleanRleDecoder, uint8_t>;

// Reads one column's values.
class ValueReader {
 public:
  virtual ~ValueReader() = default;
  // Prepares to read `count` values. False after a fault (reported, or a
  // framing fault the compression stage reported).
  virtual bool Open(uint64_t count) = 0;
  // The next value and the span of the bytes that hold it. False after a
  // fault; the column then stops.
  virtual bool Next(Value* value, ByteSpan* span) = 0;
  // V3 and the whole-stream rules (sums of lengths): false when a stream
  // falls short.
  virtual bool Finish() = 0;

  // Next failed on a value fault the reader reported itself (not on a
  // stream that ended or failed): Finish must not add to it.
  bool faulted() const { return faulted_; }

 protected:
  // Marks a reported value fault; returns false for Next to return.
  bool Fault() {
    faulted_ = true;
    return false;
  }

 private:
  bool faulted_ = false;
};

// The reader for `source`'s type, or nullptr for a STRUCT (no streams).
std::unique_ptr<ValueReader> MakeValueReader(const ColumnSource& source);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_COLUMN_VALUES_H_
