// The value readers of the column stage (columns.h): one per column of a
// stripe, pulling the column's values out of its streams a batch at a time.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#column-encoding-section
//
// The stage walks a column's slots a batch at a time, reads PRESENT itself
// and asks the column's ValueReader for the values of the batch's non-null
// slots. A reader knows how many values it must produce before it starts
// (PRESENT is counted first), so every stream is asked for exactly its
// share and the exact-count rule (V3) is checked when the reader finishes.

#ifndef COLCHECK_ORC_COLUMN_VALUES_H_
#define COLCHECK_ORC_COLUMN_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>

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
  // Sees the column's dictionary, when it has one (OnDictionary); may be
  // null.
  ColumnObserver* observer = nullptr;

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

// One run-length stream read batch by batch: each Read is one call of the
// decoder's Next, so the decoder still knows the run of every value of the
// last batch and Span can blame it when a rule asks.
template <typename Decoder, typename T>
class RunStream {
 public:
  RunStream() = default;
  RunStream(std::unique_ptr<Decoder> decoder, uint64_t total)
      : decoder_(std::move(decoder)), total_(total) {}

  bool active() const { return decoder_ != nullptr; }
  const Decoder& decoder() const { return *decoder_; }

  // Fills `out` with the next values; `*got` says how many. False when the
  // stream ended (Finish reports it) or a fault stopped it (reported). The
  // caller asks for at most `total` values in all.
  bool Read(std::span<T> out, size_t* got) {
    *got = 0;
    if (out.empty()) return true;
    if (!decoder_) return false;
    first_ = decoder_->values_read();
    return decoder_->Next(out, got);
  }
  // The file span of the run of value `i` of the last Read.
  ByteSpan Span(size_t i) const { return decoder_->ValueSpan(first_ + i); }
  // The stream index of the last Read's first value.
  uint64_t batch_first() const { return first_; }

  // V3: the stream holds exactly `total` values. Returns false when it
  // falls short or failed.
  bool Finish() {
    if (!decoder_) return true;
    decoder_->Finish(total_);
    return !decoder_->failed() && decoder_->values_read() >= total_;
  }

 private:
  std::unique_ptr<Decoder> decoder_;
  uint64_t total_ = 0;
  uint64_t first_ = 0;
};

using IntStream = RunStream<IntegerRleDecoder, int64_t>;
using ByteStream = RunStream<ByteRleDecoder, uint8_t>;
using BoolStream = RunStream<BooleanRleDecoder, uint8_t>;

// The most values a reader is asked for at once.
inline constexpr size_t kValueBatch = 1024;

// Reads one column's values, a batch at a time.
class ValueReader : public ValueSpans {
 public:
  virtual ~ValueReader() = default;
  // Prepares to read `count` values. False after a fault (reported, or a
  // framing fault the compression stage reported).
  virtual bool Open(uint64_t count) = 0;
  // Reads the next out.size() (at most kValueBatch) values into `out`,
  // writing only the members of the column's kind. Returns how many it
  // read: fewer after a fault, and the column then stops. Span(i) is the
  // file span of the bytes that hold value i of the last Read.
  virtual size_t Read(std::span<Value> out) = 0;
  // V3 and the whole-stream rules (sums of lengths): false when a stream
  // falls short.
  virtual bool Finish() = 0;

  // Read stopped on a value fault the reader reported itself (not on a
  // stream that ended or failed): Finish must not add to it.
  bool faulted() const { return faulted_; }

 protected:
  // Marks a reported value fault.
  void Fault() { faulted_ = true; }

 private:
  bool faulted_ = false;
};

// The reader for `source`'s type, or nullptr for a STRUCT (no streams).
std::unique_ptr<ValueReader> MakeValueReader(const ColumnSource& source);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_COLUMN_VALUES_H_
