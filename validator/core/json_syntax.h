// JSON syntax validation (RFC 8259), for values of JSON-annotated columns.

#ifndef COLCHECK_CORE_JSON_SYNTAX_H_
#define COLCHECK_CORE_JSON_SYNTAX_H_

#include <cstdint>
#include <string_view>

namespace colcheck {

enum class JsonCheck : uint8_t {
  kValid,    // Exactly one JSON value, with optional whitespace around it.
  kInvalid,  // Not JSON text.
  kTooDeep,  // Nested deeper than limits::kMaxJsonDepth: not checked.
};

// Checks that `text` is JSON text under the strict RFC 8259 grammar: one
// value of any type, no trailing commas, comments, single quotes, NaN or
// leading zeros, no unescaped control characters in strings. The bytes are
// taken to be valid UTF-8 already (core/utf8.h); escapes are checked for
// form only, so "\ud800" passes as the grammar allows.
JsonCheck CheckJson(std::string_view text);

}  // namespace colcheck

#endif  // COLCHECK_CORE_JSON_SYNTAX_H_
