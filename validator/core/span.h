// Absolute byte spans, and values that remember where they were decoded.

#ifndef COLCHECK_CORE_SPAN_H_
#define COLCHECK_CORE_SPAN_H_

#include <cstdint>

#include "core/model_allocator.h"

namespace colcheck {

// The half-open byte range [offset, offset + length) of the input file.
struct ByteSpan {
  uint64_t offset = 0;
  uint64_t length = 0;

  uint64_t end() const { return offset + length; }
  bool operator==(const ByteSpan&) const = default;
};

// Covers both spans and everything between them.
inline ByteSpan Join(ByteSpan a, ByteSpan b) {
  const uint64_t begin = a.offset < b.offset ? a.offset : b.offset;
  const uint64_t end = a.end() > b.end() ? a.end() : b.end();
  return {begin, end - begin};
}

// A decoded field: its value, the bytes of its value, and the bytes of the
// Thrift field header that introduced it. `present` is false when the field
// was absent from the input; `value` is then value-initialised.
template <typename T>
struct Spanned {
  T value{};
  ByteSpan span;    // The value's bytes.
  ByteSpan header;  // The field header's bytes (empty for list elements).
  bool present = false;

  // The header and the value together.
  ByteSpan whole() const { return header.length ? Join(header, span) : span; }
};

// A decoded list: the span runs from its first element to its last.
template <typename T>
using SpannedList = Spanned<ModelList<Spanned<T>>>;

}  // namespace colcheck

#endif  // COLCHECK_CORE_SPAN_H_
