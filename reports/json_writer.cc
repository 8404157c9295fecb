#include "reports/json_writer.h"

#include <cassert>

#include "reports/utf8_decode.h"

namespace colcheck {
namespace {

void AppendUnicodeEscape(uint32_t unit, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->append("\\u");
  for (int shift = 12; shift >= 0; shift -= 4) {
    out->push_back(kHex[(unit >> shift) & 0xf]);
  }
}

void AppendEscaped(uint32_t code_point, std::string* out) {
  // The characters with a two-character escape, and the letter after the
  // backslash of each.
  static constexpr std::string_view kShort = "\"\\\n\r\t";
  static constexpr std::string_view kLetter = "\"\\nrt";
  const size_t at = code_point < 0x80
                        ? kShort.find(static_cast<char>(code_point))
                        : std::string_view::npos;
  if (at != std::string_view::npos) {
    out->push_back('\\');
    out->push_back(kLetter[at]);
  } else if (code_point >= 0x20 && code_point < 0x7f) {
    out->push_back(static_cast<char>(code_point));
  } else if (code_point > 0xffff) {
    const uint32_t offset = code_point - 0x10000;
    AppendUnicodeEscape(0xd800 + (offset >> 10), out);
    AppendUnicodeEscape(0xdc00 + (offset & 0x3ff), out);
  } else {
    // DEL is legal in JSON but escaped anyway, like the C0 controls, so the
    // output stays printable; escaping all non-ASCII keeps it valid
    // whatever encoding the consumer's stdin assumes.
    AppendUnicodeEscape(code_point, out);
  }
}

// Printable ASCII that needs no escape: it stands for itself.
bool IsPlain(char c) {
  return c >= 0x20 && c < 0x7f && c != '"' && c != '\\';
}

}  // namespace

void AppendJsonString(std::string_view value, std::string* out) {
  out->push_back('"');
  // Plain runs are copied whole, and the rest is escaped code point by
  // code point. No UTF-8 sequence holds an ASCII byte, so cutting the value
  // at plain bytes decodes every other byte as the whole value would.
  size_t pos = 0;
  while (pos < value.size()) {
    size_t end = pos;
    while (end < value.size() && IsPlain(value[end])) ++end;
    out->append(value.data() + pos, end - pos);
    pos = end;
    while (end < value.size() && !IsPlain(value[end])) ++end;
    ForEachCodePoint(value.substr(pos, end - pos), [out](uint32_t code_point) {
      AppendEscaped(code_point, out);
    });
    pos = end;
  }
  out->push_back('"');
}

JsonWriter& JsonWriter::BeginObject() { return Open('{', /*object=*/true); }
JsonWriter& JsonWriter::EndObject() { return Close('}', /*object=*/true); }
JsonWriter& JsonWriter::BeginArray() { return Open('[', /*object=*/false); }
JsonWriter& JsonWriter::EndArray() { return Close(']', /*object=*/false); }

JsonWriter& JsonWriter::Key(std::string_view key) {
  Expect(InObject() && !after_key_);
  Separate();
  AppendJsonString(key, out_);
  out_->push_back(':');
  after_key_ = true;
  return *this;
}

JsonWriter& JsonWriter::String(std::string_view value) {
  BeforeValue();
  AppendJsonString(value, out_);
  return *this;
}

JsonWriter& JsonWriter::Int(int64_t value) {
  BeforeValue();
  out_->append(std::to_string(value));
  return *this;
}

JsonWriter& JsonWriter::Uint(uint64_t value) {
  BeforeValue();
  out_->append(std::to_string(value));
  return *this;
}

JsonWriter& JsonWriter::Bool(bool value) {
  BeforeValue();
  out_->append(value ? "true" : "false");
  return *this;
}

JsonWriter& JsonWriter::Null() {
  BeforeValue();
  out_->append("null");
  return *this;
}

JsonWriter& JsonWriter::Written(std::string_view json) {
  BeforeValue();
  out_->append(json);
  return *this;
}

JsonWriter& JsonWriter::IntOrNull(int64_t value) {
  return value < 0 ? Null() : Int(value);
}

JsonWriter& JsonWriter::StringOrNull(std::string_view value) {
  return value.empty() ? Null() : String(value);
}

JsonWriter& JsonWriter::Enum(int64_t value, std::string_view name) {
  if (value < 0) return Null();
  return name.empty() ? Int(value) : String(name);
}

JsonWriter& JsonWriter::LineBreak() {
  line_break_ = true;
  return *this;
}

void JsonWriter::Expect(bool ok) {
  assert(ok && "JsonWriter misused: see reports/json_writer.h");
  if (!ok) misused_ = true;
}

void JsonWriter::Separate() {
  if (!open_.empty()) {
    if (!open_.back().empty) out_->push_back(',');
    open_.back().empty = false;
  }
  StartToken();
}

void JsonWriter::BeforeValue() {
  if (!after_key_) {
    Expect(!InObject());
    Separate();
    return;
  }
  after_key_ = false;
  StartToken();
}

void JsonWriter::StartToken() {
  if (line_break_) out_->push_back('\n');
  line_break_ = false;
}

JsonWriter& JsonWriter::Open(char bracket, bool object) {
  BeforeValue();
  out_->push_back(bracket);
  open_.push_back({.object = object});
  return *this;
}

JsonWriter& JsonWriter::Close(char bracket, bool object) {
  Expect(!open_.empty() && open_.back().object == object && !after_key_);
  StartToken();
  out_->push_back(bracket);
  if (!open_.empty()) open_.pop_back();
  after_key_ = false;
  return *this;
}

}  // namespace colcheck
