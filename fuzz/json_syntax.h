// A strict JSON syntax checker (RFC 8259) for the fuzz oracle "the JSON
// rendering parses". reports/json_test.cc has one, but inside a test's
// anonymous namespace, and fuzz/ may not reach into other directories'
// internals, so this is a second, smaller one: it only says yes or no.
//
// Stricter than RFC 8259 where the renderer promises more (reports/json.h):
// strings must be pure ASCII, and a \u escape of a surrogate must form a
// high-low pair. Nesting deeper than kMaxJsonDepth (or the depth given) is
// rejected, so a hostile document cannot exhaust the stack; the validate
// JSON nests 4 deep, the schema JSON two levels per level of the tree.

#ifndef COLCHECK_FUZZ_JSON_SYNTAX_H_
#define COLCHECK_FUZZ_JSON_SYNTAX_H_

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace colcheck::fuzz {

inline constexpr int kMaxJsonDepth = 64;

class JsonSyntax {
 public:
  // True when `text` is exactly one JSON value, with optional white space
  // around it, nested at most `max_depth` deep.
  static bool IsValid(std::string_view text, int max_depth = kMaxJsonDepth) {
    JsonSyntax checker(text, max_depth);
    checker.SkipSpace();
    if (!checker.Value(0)) return false;
    checker.SkipSpace();
    return checker.pos_ == text.size();
  }

 private:
  JsonSyntax(std::string_view text, int max_depth)
      : text_(text), max_depth_(max_depth) {}

  bool Value(int depth) {
    if (depth > max_depth_ || pos_ >= text_.size()) return false;
    switch (text_[pos_]) {
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

  // An object or an array: the two differ only in the "key:" before each
  // member.
  bool Container(int depth, char close, bool object) {
    ++pos_;
    SkipSpace();
    if (Take(close)) return true;
    while (true) {
      SkipSpace();
      if (object) {
        if (!String()) return false;
        SkipSpace();
        if (!Take(':')) return false;
        SkipSpace();
      }
      if (!Value(depth + 1)) return false;
      SkipSpace();
      if (Take(close)) return true;
      if (!Take(',')) return false;
    }
  }

  bool String() {
    if (!Take('"')) return false;
    while (pos_ < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') continue;
      if (pos_ >= text_.size()) return false;
      const char escape = text_[pos_++];
      if (escape != 'u') {
        if (std::string_view("\"\\/bfnrt").find(escape) ==
            std::string_view::npos) {
          return false;
        }
        continue;
      }
      uint32_t unit;
      if (!Hex4(&unit)) return false;
      if (unit >= 0xdc00 && unit <= 0xdfff) return false;  // A lone low half.
      if (unit >= 0xd800 && unit <= 0xdbff) {
        uint32_t low;
        if (!Take('\\') || !Take('u') || !Hex4(&low) || low < 0xdc00 ||
            low > 0xdfff) {
          return false;
        }
      }
    }
    return false;
  }

  bool Hex4(uint32_t* unit) {
    if (text_.size() - pos_ < 4) return false;
    *unit = 0;
    for (int i = 0; i < 4; ++i) {
      const char c = text_[pos_++];
      uint32_t digit;
      if (c >= '0' && c <= '9') {
        digit = c - '0';
      } else if (c >= 'a' && c <= 'f') {
        digit = c - 'a' + 10;
      } else if (c >= 'A' && c <= 'F') {
        digit = c - 'A' + 10;
      } else {
        return false;
      }
      *unit = *unit * 16 + digit;
    }
    return true;
  }

  bool Literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool Digits() {
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      ++pos_;
    }
    return pos_ > start;
  }

  // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
  bool Number() {
    Take('-');
    if (!Take('0') && !Digits()) return false;
    if (Take('.') && !Digits()) return false;
    if (Take('e') || Take('E')) {
      if (!Take('+')) Take('-');
      if (!Digits()) return false;
    }
    return true;
  }

  bool Take(char c) {
    if (pos_ >= text_.size() || text_[pos_] != c) return false;
    ++pos_;
    return true;
  }

  void SkipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' ||
            text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string_view text_;
  int max_depth_;
  size_t pos_ = 0;
};

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_JSON_SYNTAX_H_
