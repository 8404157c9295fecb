// Decoding the UTF-8 of file-supplied strings for the renderers that escape
// them (JSON, HTML, the schema's quoted names), so that every renderer
// replaces exactly the same bytes.

#ifndef COLCHECK_REPORTS_UTF8_DECODE_H_
#define COLCHECK_REPORTS_UTF8_DECODE_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace colcheck {

inline constexpr uint32_t kReplacementCharacter = 0xfffd;

// Decodes one strict UTF-8 sequence (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF) whose lead byte, value[pos], is >= 0x80.
// Returns its length and sets `*code_point`, or returns 0 when the bytes there
// are not UTF-8.
size_t DecodeUtf8Sequence(std::string_view value, size_t pos,
                          uint32_t* code_point);

// Calls `each(code_point)` for every character of `value` in order. Each byte
// that is not part of a valid sequence reads as one U+FFFD: the output stays
// proportional to the input, and resynchronising on the next byte never
// skips a valid sequence.
template <typename Each>
void ForEachCodePoint(std::string_view value, Each each) {
  size_t pos = 0;
  while (pos < value.size()) {
    const auto byte = static_cast<unsigned char>(value[pos]);
    uint32_t code_point = byte;
    size_t length = 1;
    if (byte >= 0x80) {
      length = DecodeUtf8Sequence(value, pos, &code_point);
      if (length == 0) {
        code_point = kReplacementCharacter;
        length = 1;
      }
    }
    each(code_point);
    pos += length;
  }
}

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_UTF8_DECODE_H_
