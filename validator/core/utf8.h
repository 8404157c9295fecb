// UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing
// above U+10FFFF.

#ifndef COLCHECK_CORE_UTF8_H_
#define COLCHECK_CORE_UTF8_H_

#include <cstddef>
#include <span>

namespace colcheck {

// Returns true if `bytes` is well-formed UTF-8.
bool IsValidUtf8(std::span<const std::byte> bytes);

}  // namespace colcheck

#endif  // COLCHECK_CORE_UTF8_H_
