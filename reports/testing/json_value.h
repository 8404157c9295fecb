// A strict RFC 8259 parser, the one JSON checker of the reports tests and
// of the fuzz oracles ("every JSON rendering parses", fuzz/fuzz_oracles.h),
// small enough to trust by reading. It builds a tree the tests walk.
//
//   std::optional<JsonValue> log = ParseJson(RenderSarif({}));
//   EXPECT_EQ((*log)["runs"][0]["results"].type, JsonValue::Type::kArray);
//
// Stricter than RFC 8259 where the renderers promise more (reports/json.h):
// strings must be pure ASCII, and a \u escape of a surrogate must form a
// high-low pair. Nesting deeper than kMaxJsonDepth (or the depth given) is
// rejected, so a hostile document cannot exhaust the stack; the validate
// JSON nests 4 deep, the schema JSON two levels per level of the tree.
// Header-only so each test binary and fuzz target takes it without a
// library.

#ifndef COLCHECK_TESTING_JSON_VALUE_H_
#define COLCHECK_TESTING_JSON_VALUE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace colcheck::testing {

inline constexpr int kMaxJsonDepth = 64;

struct JsonMember;

// One parsed value. Object members keep their order, so tests can check the
// order of keys the contracts promise.
struct JsonValue {
  enum class Type { kNull, kBool, kNumber, kString, kArray, kObject };
  Type type = Type::kNull;
  bool boolean = false;
  std::string text;  // A string's decoded UTF-8, or a number as written.
  std::vector<JsonValue> items;
  // A named struct, not a std::pair: clang checks a pair's traits while
  // JsonValue is still incomplete.
  std::vector<JsonMember> members;

  const JsonValue* Find(std::string_view key) const;
  // A missing member or item reads as null, so a chain of lookups never
  // crashes a test; the failed expectation names the first missing step.
  const JsonValue& operator[](std::string_view key) const;
  const JsonValue& operator[](size_t index) const;
  bool IsString(std::string_view value) const {
    return type == Type::kString && text == value;
  }
  // The value of a non-negative integer, or nullopt for anything else.
  std::optional<uint64_t> Unsigned() const {
    if (type != Type::kNumber || text.empty() || text[0] == '-' ||
        text.find_first_of(".eE") != std::string::npos) {
      return std::nullopt;
    }
    return std::stoull(text);
  }
};

struct JsonMember {
  std::string name;
  JsonValue value;
};

inline const JsonValue* JsonValue::Find(std::string_view key) const {
  for (const JsonMember& member : members) {
    if (member.name == key) return &member.value;
  }
  return nullptr;
}

inline const JsonValue& JsonValue::operator[](std::string_view key) const {
  static const JsonValue kMissing;
  const JsonValue* value = Find(key);
  return value != nullptr ? *value : kMissing;
}

inline const JsonValue& JsonValue::operator[](size_t index) const {
  static const JsonValue kMissing;
  return index < items.size() ? items[index] : kMissing;
}

namespace json_value_internal {

class Parser {
 public:
  Parser(std::string_view text, int max_depth)
      : text_(text), max_depth_(max_depth) {}

  std::optional<JsonValue> Document() {
    JsonValue value;
    SkipSpace();
    if (!Value(0, &value)) return std::nullopt;
    SkipSpace();
    if (pos_ != text_.size()) return std::nullopt;
    return value;
  }

 private:
  bool Value(int depth, JsonValue* out) {
    if (depth > max_depth_ || pos_ >= text_.size()) return false;
    switch (text_[pos_]) {
      case '{':
        return Object(depth, out);
      case '[':
        return Array(depth, out);
      case '"':
        out->type = JsonValue::Type::kString;
        return String(&out->text);
      case 't':
        out->type = JsonValue::Type::kBool;
        out->boolean = true;
        return Literal("true");
      case 'f':
        out->type = JsonValue::Type::kBool;
        return Literal("false");
      case 'n':
        return Literal("null");
      default:
        return Number(out);
    }
  }

  bool Object(int depth, JsonValue* out) {
    out->type = JsonValue::Type::kObject;
    ++pos_;
    SkipSpace();
    if (Consume('}')) return true;
    do {
      SkipSpace();
      std::string key;
      if (!String(&key)) return false;
      SkipSpace();
      if (!Consume(':')) return false;
      SkipSpace();
      JsonValue value;
      if (!Value(depth + 1, &value)) return false;
      out->members.push_back({std::move(key), std::move(value)});
      SkipSpace();
    } while (Consume(','));
    return Consume('}');
  }

  bool Array(int depth, JsonValue* out) {
    out->type = JsonValue::Type::kArray;
    ++pos_;
    SkipSpace();
    if (Consume(']')) return true;
    do {
      SkipSpace();
      JsonValue value;
      if (!Value(depth + 1, &value)) return false;
      out->items.push_back(std::move(value));
      SkipSpace();
    } while (Consume(','));
    return Consume(']');
  }

  bool String(std::string* decoded) {
    if (!Consume('"')) return false;
    while (pos_ < text_.size()) {
      // Unescaped ASCII stands for itself: a run of it at a time.
      size_t run = pos_;
      while (run < text_.size() && IsPlain(text_[run])) ++run;
      decoded->append(text_.data() + pos_, run - pos_);
      pos_ = run;
      if (pos_ >= text_.size()) break;
      const auto c = static_cast<unsigned char>(text_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') {
        decoded->push_back(static_cast<char>(c));
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char escape = text_[pos_++];
      if (escape == 'u') {
        if (!UnicodeEscape(decoded)) return false;
        continue;
      }
      const std::string_view from = "\"\\/bfnrt";
      const std::string_view to = "\"\\/\b\f\n\r\t";
      const size_t at = from.find(escape);
      if (at == std::string_view::npos) return false;
      decoded->push_back(to[at]);
    }
    return false;
  }

  static bool IsPlain(char c) {
    const auto u = static_cast<unsigned char>(c);
    return u >= 0x20 && u < 0x80 && c != '"' && c != '\\';
  }

  // The part after `\u`; a surrogate must come as a high-low pair.
  bool UnicodeEscape(std::string* decoded) {
    uint32_t unit = 0;
    if (!Hex4(&unit)) return false;
    if (unit >= 0xdc00 && unit <= 0xdfff) return false;
    if (unit >= 0xd800 && unit <= 0xdbff) {
      uint32_t low = 0;
      if (!Consume('\\') || !Consume('u') || !Hex4(&low)) return false;
      if (low < 0xdc00 || low > 0xdfff) return false;
      unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
    }
    AppendUtf8(unit, decoded);
    return true;
  }

  bool Hex4(uint32_t* unit) {
    *unit = 0;
    for (int i = 0; i < 4; ++i) {
      if (pos_ >= text_.size()) return false;
      const char c = text_[pos_++];
      const size_t digit =
          std::string_view("0123456789abcdef")
              .find(c >= 'A' && c <= 'F' ? static_cast<char>(c - 'A' + 'a')
                                         : c);
      if (digit == std::string_view::npos) return false;
      *unit = *unit * 16 + static_cast<uint32_t>(digit);
    }
    return true;
  }

  static void AppendUtf8(uint32_t cp, std::string* out) {
    if (cp < 0x80) {
      out->push_back(static_cast<char>(cp));
    } else if (cp < 0x800) {
      out->push_back(static_cast<char>(0xc0 | (cp >> 6)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else if (cp < 0x10000) {
      out->push_back(static_cast<char>(0xe0 | (cp >> 12)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    } else {
      out->push_back(static_cast<char>(0xf0 | (cp >> 18)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
      out->push_back(static_cast<char>(0x80 | (cp & 0x3f)));
    }
  }

  bool Number(JsonValue* out) {
    const size_t start = pos_;
    Consume('-');
    if (!Consume('0') && !Digits()) return false;
    if (Consume('.') && !Digits()) return false;
    if (Consume('e') || Consume('E')) {
      if (!Consume('+')) Consume('-');
      if (!Digits()) return false;
    }
    out->type = JsonValue::Type::kNumber;
    out->text = std::string(text_.substr(start, pos_ - start));
    return true;
  }

  bool Digits() {
    const size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') {
      ++pos_;
    }
    return pos_ > start;
  }

  bool Literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool Consume(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) return ++pos_, true;
    return false;
  }

  void SkipSpace() {
    while (pos_ < text_.size() && std::string_view(" \t\r\n").find(
                                      text_[pos_]) != std::string_view::npos) {
      ++pos_;
    }
  }

  std::string_view text_;
  int max_depth_;
  size_t pos_ = 0;
};

}  // namespace json_value_internal

// The whole of `text` as one JSON value, or nullopt when it is not exactly
// one strict, ASCII-only JSON value (with optional white space around it)
// nested at most `max_depth` deep.
inline std::optional<JsonValue> ParseJson(std::string_view text,
                                          int max_depth = kMaxJsonDepth) {
  return json_value_internal::Parser(text, max_depth).Document();
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_JSON_VALUE_H_
