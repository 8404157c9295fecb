// The stream-level rules every run-length decoder shares: one value count
// per stream (V3), and where a value's run is.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md#column-encoding-section
//
// A stream holds the values of the column's non-null slots and nothing
// else. Readers stop after the count they need, so a short stream fails
// them ("Read past EOF", "bad read in RleDecoderV2::readByte") while bytes
// left over are ignored.

#include <algorithm>
#include <utility>

#include "core/decode_counts.h"
#include "core/strings.h"
#include "orc/rle.h"

namespace colcheck::orc {

void StreamContext::Report(Code code, ByteSpan logical,
                           std::string message) const {
  if (chunks_ == nullptr || chunks_->Exact(logical) ||
      !sink_->KeepsDetails(code)) {
    sink_->Report(code, ToFile(logical), field_, std::move(message));
    return;
  }
  message += StrCat(" (decompressed bytes ", logical.offset, "..",
                    logical.end(), " of the stream)");
  sink_->Report(code, ToFile(logical), field_, std::move(message),
                DecompressedAt(logical, decoded_, sink_->wants_excerpts()));
}

bool RunDecoderBase::Advance() {
  if (failed_ || data_.empty()) return false;
  run_pos_ = 0;
  run_size_ = 0;
  run_first_ = decoded_;
  run_reported_ = false;
  if (!DecodeRun()) {
    failed_ = true;
    run_size_ = 0;
    return false;
  }
  have_run_ = true;
  decoded_ += run_size_;
  ++ThreadDecodeCounts().orc_steps;
  return true;
}

void RunDecoderBase::NoteRun() {
  if (batch_runs_.empty() || batch_runs_.back().first_index != run_first_) {
    batch_runs_.push_back({run_first_, run_span_});
  }
}

bool RunDecoderBase::Skip(uint64_t n) {
  while (n > 0) {
    if (run_pos_ == run_size_ && !Advance()) return false;
    const uint64_t take = std::min<uint64_t>(run_size_ - run_pos_, n);
    run_pos_ += take;
    read_ += take;
    n -= take;
  }
  return true;
}

void RunDecoderBase::Finish(uint64_t expected) {
  if (finished_) return;
  finished_ = true;
  if (read_ < expected) Skip(expected - read_);
  if (failed_) return;
  if (read_ < expected) {
    const ByteSpan at = have_run_ ? run_span_ : ByteSpan{data_.end_offset(), 0};
    ctx_.Report(Code::kOrcRleShortStream, at,
                StrCat("the stream ends after ", read_, " ", unit(), "; ",
                       expected, " are needed"));
    return;
  }
  if (read_ > expected) return;  // The caller broke the contract.
  if (run_pos_ < run_size_) {
    ctx_.Report(
        Code::kOrcRleRunPastCount, run_span_,
        StrCat("the run holding the last needed ", unit(), " (", expected,
               " in all) declares ", run_size_ - run_pos_, " more"));
  }
  if (!data_.empty()) {
    ctx_.Report(Code::kOrcRleTrailingBytes,
                {data_.position(), data_.remaining()},
                StrCat(data_.remaining(),
                       " bytes follow the run holding the "
                       "last of ",
                       expected, " ", unit()));
  }
}

ByteSpan RunDecoderBase::ValueSpan(uint64_t index) const {
  // batch_runs_ is sorted by first_index.
  auto it = std::upper_bound(
      batch_runs_.begin(), batch_runs_.end(), index,
      [](uint64_t i, const BatchRun& r) { return i < r.first_index; });
  if (it == batch_runs_.begin()) return {};
  --it;
  if (index >= read_) return {};
  return ctx_.ToFile(it->span);
}

bool RunDecoderBase::Truncated(uint64_t run_start, const std::string& what) {
  const ByteSpan span{run_start, data_.end_offset() - run_start};
  ctx_.Report(Code::kOrcRleTruncated, span,
              StrCat(what, " runs past the end of the stream (", span.length,
                     " bytes from the run's first byte)"));
  (void)data_.Skip(data_.remaining());
  failed_ = true;
  return false;
}

bool RunDecoderBase::ReadVarint(uint64_t run_start, const char* what,
                                Varint64* out) {
  *out = ReadVarint64(data_);
  switch (out->status) {
    case VarintStatus::kOk:
      break;
    case VarintStatus::kTruncated:
      return Truncated(run_start, StrCat("the run's ", what));
    case VarintStatus::kOverlong:
      ctx_.Report(
          Code::kOrcRleVarintOverlong, out->span,
          StrCat("the run's ", what, " is a varint of more than 10 bytes"));
      failed_ = true;
      return false;
    case VarintStatus::kOverflow:
      ctx_.Report(
          Code::kOrcRleVarintOverflow, out->span,
          StrCat("the run's ", what, " is a 10-byte varint above 2^64 - 1"));
      failed_ = true;
      return false;
  }
  if (out->non_canonical && !warned_non_canonical_) {
    warned_non_canonical_ = true;
    ctx_.Report(Code::kOrcRleVarintNonCanonical, out->span,
                StrCat("the run's ", what, " is a ", out->span.length,
                       "-byte varint ending in a zero group"));
  }
  return true;
}

void RunDecoderBase::ReportValueOnce(Code code, ByteSpan logical,
                                     std::string message) {
  if (run_reported_) return;
  run_reported_ = true;
  ctx_.Report(code, logical, std::move(message));
}

}  // namespace colcheck::orc
