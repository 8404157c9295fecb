#include "reports/utf8_decode.h"

namespace colcheck {
namespace {

bool InRange(unsigned char byte, unsigned char low, unsigned char high) {
  return byte >= low && byte <= high;
}

}  // namespace

size_t DecodeUtf8Sequence(std::string_view value, size_t pos,
                          uint32_t* code_point) {
  const auto at = [&](size_t i) {
    return static_cast<unsigned char>(value[pos + i]);
  };
  const unsigned char lead = at(0);
  size_t length = 0;
  // The range of the second byte is narrower than 80..BF for some leads;
  // that is what rules out overlong forms, surrogates and values past
  // U+10FFFF (RFC 3629, section 4).
  unsigned char second_low = 0x80;
  unsigned char second_high = 0xbf;
  if (InRange(lead, 0xc2, 0xdf)) {
    length = 2;
  } else if (InRange(lead, 0xe0, 0xef)) {
    length = 3;
    if (lead == 0xe0) second_low = 0xa0;
    if (lead == 0xed) second_high = 0x9f;
  } else if (InRange(lead, 0xf0, 0xf4)) {
    length = 4;
    if (lead == 0xf0) second_low = 0x90;
    if (lead == 0xf4) second_high = 0x8f;
  } else {
    return 0;
  }
  if (value.size() - pos < length) return 0;
  if (!InRange(at(1), second_low, second_high)) return 0;
  for (size_t i = 2; i < length; ++i) {
    if (!InRange(at(i), 0x80, 0xbf)) return 0;
  }
  uint32_t result = lead & (0x7f >> length);
  for (size_t i = 1; i < length; ++i) result = (result << 6) | (at(i) & 0x3f);
  *code_point = result;
  return length;
}

}  // namespace colcheck
