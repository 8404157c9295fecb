// Test helpers for building model values with known spans.

#ifndef COLCHECK_TESTING_SPANNED_H_
#define COLCHECK_TESTING_SPANNED_H_

#include <cstdint>

#include "core/span.h"

namespace colcheck::testing {

// A present field whose value occupies [offset, offset + length) and whose
// one-byte header sits just before it.
template <typename T>
Spanned<T> At(T value, uint64_t offset, uint64_t length = 1) {
  Spanned<T> s;
  s.value = value;
  s.span = {offset, length};
  s.header = {offset - 1, 1};
  s.present = true;
  return s;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_SPANNED_H_
