// A recursive-descent recognizer for the grammar of RFC 8259 section 2-7.
// https://www.rfc-editor.org/rfc/rfc8259

#include "core/json_syntax.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

#include "core/limits.h"

namespace colcheck {
namespace {

class Recognizer {
 public:
  explicit Recognizer(std::string_view text)
      : p_(text.data()), end_(text.data() + text.size()) {}

  JsonCheck Run() {
    SkipSpace();
    const bool ok = Value(0);
    if (too_deep_) return JsonCheck::kTooDeep;
    if (!ok) return JsonCheck::kInvalid;
    SkipSpace();
    return p_ == end_ ? JsonCheck::kValid : JsonCheck::kInvalid;
  }

 private:
  static bool IsDigit(char c) { return c >= '0' && c <= '9'; }
  static bool IsHex(char c) {
    return IsDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  }

  void SkipSpace() {
    while (p_ != end_ &&
           (*p_ == ' ' || *p_ == '\t' || *p_ == '\n' || *p_ == '\r')) {
      ++p_;
    }
  }

  bool Consume(char c) {
    if (p_ == end_ || *p_ != c) return false;
    ++p_;
    return true;
  }

  bool Literal(std::string_view word) {
    if (static_cast<size_t>(end_ - p_) < word.size() ||
        std::string_view(p_, word.size()) != word) {
      return false;
    }
    p_ += word.size();
    return true;
  }

  // `depth` counts the arrays and objects around the value.
  bool Value(int depth) {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{':
        return Container(depth, '}', /*object=*/true);
      case '[':
        return Container(depth, ']', /*object=*/false);
      case '"':
        return String();
      case 't':
        return Literal("true");
      case 'f':
        return Literal("false");
      case 'n':
        return Literal("null");
      default:
        return Number();
    }
  }

  // object = { [ member *( , member ) ] }; array = [ [ value *( , value ) ] ]
  bool Container(int depth, char close, bool object) {
    if (depth >= limits::kMaxJsonDepth) {
      too_deep_ = true;
      return false;
    }
    ++p_;
    SkipSpace();
    if (Consume(close)) return true;
    while (true) {
      if (object) {
        if (!String()) return false;
        SkipSpace();
        if (!Consume(':')) return false;
        SkipSpace();
      }
      if (!Value(depth + 1)) return false;
      SkipSpace();
      if (Consume(close)) return true;
      if (!Consume(',')) return false;
      SkipSpace();
    }
  }

  bool String() {
    if (!Consume('"')) return false;
    while (p_ != end_) {
      const unsigned char c = static_cast<unsigned char>(*p_++);
      if (c == '"') return true;
      if (c < 0x20) return false;
      if (c != '\\') continue;
      if (p_ == end_) return false;
      switch (*p_++) {
        case '"':
        case '\\':
        case '/':
        case 'b':
        case 'f':
        case 'n':
        case 'r':
        case 't':
          break;
        case 'u':
          for (int k = 0; k < 4; ++k) {
            if (p_ == end_ || !IsHex(*p_)) return false;
            ++p_;
          }
          break;
        default:
          return false;
      }
    }
    return false;
  }

  // number = [ minus ] int [ frac ] [ exp ]; int = zero / ( digit1-9 *DIGIT )
  bool Number() {
    Consume('-');
    if (p_ == end_ || !IsDigit(*p_)) return false;
    if (*p_++ != '0') {
      while (p_ != end_ && IsDigit(*p_)) ++p_;
    }
    if (Consume('.')) {
      if (!Digits()) return false;
    }
    if (p_ != end_ && (*p_ == 'e' || *p_ == 'E')) {
      ++p_;
      if (!Consume('+')) Consume('-');
      if (!Digits()) return false;
    }
    return true;
  }

  // 1*DIGIT
  bool Digits() {
    const char* start = p_;
    while (p_ != end_ && IsDigit(*p_)) ++p_;
    return p_ != start;
  }

  const char* p_;
  const char* end_;
  bool too_deep_ = false;
};

}  // namespace

JsonCheck CheckJson(std::string_view text) { return Recognizer(text).Run(); }

}  // namespace colcheck
