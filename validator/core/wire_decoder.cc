#include "core/wire_decoder.h"

#include <algorithm>

#include "core/strings.h"
#include "core/varint.h"

namespace colcheck {

std::string WireDecoder::Path() const {
  std::string out;
  for (const Component& c : path_) {
    if (c.index >= 0) {
      internal::AppendField(&out, c.index);
    } else {
      internal::AppendField(&out, c.name);
    }
  }
  return out;
}

void WireDecoder::Report(Code code, ByteSpan logical, std::string message) {
  if (!sink_->KeepsDetails(code)) {
    sink_->Report(code, ToFile(logical), {}, {});
    return;
  }
  sink_->Report(code, ToFile(logical), Path(), std::move(message));
}

void WireDecoder::Fail(Code code, ByteSpan logical, std::string message) {
  if (failed_) return;
  Report(code, logical, std::move(message));
  failed_ = true;
}

bool WireDecoder::ReadVarint(int max_bytes, uint64_t max_value, uint64_t* out,
                             ByteSpan* span) {
  if (failed_) return false;
  const Varint64 v = ReadUleb128(reader_, max_bytes);
  switch (v.status) {
    case VarintStatus::kOk:
      break;
    case VarintStatus::kTruncated:
      Fail(format_->truncated, v.span,
           StrCat("varint truncated after ", v.span.length,
                  " bytes: at least 1 more byte is missing"));
      return false;
    case VarintStatus::kOverlong:
      Fail(format_->varint_overlong, v.span,
           StrCat("varint is longer than the ", max_bytes,
                  " bytes its type allows"));
      return false;
    case VarintStatus::kOverflow:
      Fail(format_->varint_overflow, v.span,
           "varint value does not fit in 64 bits");
      return false;
  }
  *span = v.span;
  if (v.value > max_value) {
    Fail(format_->varint_overflow, v.span,
         StrCat("varint value ", v.value, " exceeds the maximum ", max_value,
                " of its type"));
    return false;
  }
  if (v.non_canonical) {
    Report(format_->varint_non_canonical, v.span,
           StrCat("varint uses ", v.span.length,
                  " bytes where fewer encode the same value"));
  }
  *out = v.value;
  return true;
}

bool WireDecoder::ReadFixed(int width, std::string_view what, uint64_t* out,
                            ByteSpan* span) {
  if (failed_) return false;
  const uint64_t start = reader_.position();
  std::span<const std::byte> bytes;
  if (!reader_.ReadBytes(width, &bytes)) {
    Fail(format_->truncated, {start, reader_.remaining()},
         StrCat(what, " truncated: ", width - reader_.remaining(),
                " bytes missing"));
    return false;
  }
  uint64_t v = 0;
  for (int i = width - 1; i >= 0; --i) {
    v = (v << 8) | std::to_integer<uint8_t>(bytes[i]);
  }
  *out = v;
  *span = reader_.SpanFrom(start);
  return true;
}

bool WireDecoder::Charge(uint64_t bytes, ByteSpan at) {
  if (failed_) return false;
  if (bytes > model_budget_ - model_bytes_) {
    Fail(Code::kLimitsModelSize, at,
         StrCat("decoding this ", format_->charged,
                " would take the metadata model past ", model_budget_,
                " bytes of memory, the budget for ", input_size_,
                " input bytes"));
    return false;
  }
  model_bytes_ += bytes;
  return true;
}

bool WireDecoder::Enter(ByteSpan at) {
  if (failed_) return false;
  if (++depth_ > format_->max_depth) {
    --depth_;
    Fail(format_->depth_limit, at,
         StrCat(format_->nesting, " nest deeper than ", format_->max_depth));
    return false;
  }
  return true;
}

void WireDecoder::CloseTrace(uint64_t begin, const TracedValue& value) {
  const uint64_t end = std::max(reader_.position(), begin);
  trace_->Close(ToFile({begin, end - begin}), value);
}

bool WireDecoder::ValueBytes(uint64_t value_begin,
                             std::span<const std::byte>* bytes) const {
  const uint64_t end = reader_.position();
  ByteReader value;
  if (end < value_begin ||
      !reader_.Sub(value_begin, end - value_begin, &value)) {
    return false;
  }
  *bytes = value.data();
  return true;
}

}  // namespace colcheck
