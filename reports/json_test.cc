#include "reports/json.h"

#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <string_view>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

// A strict RFC 8259 checker, small enough to trust by reading. It decodes
// strings to UTF-8 so tests can check that escaping round-trips.
class JsonChecker {
 public:
  explicit JsonChecker(std::string_view text) : text_(text) {}

  // True when the whole text is exactly one JSON value.
  bool Valid() {
    SkipSpace();
    if (!Value(0)) return false;
    SkipSpace();
    return pos_ == text_.size();
  }

  // Parses the whole text as one JSON string into `decoded`.
  bool String(std::string* decoded) {
    return StringValue(decoded) && pos_ == text_.size();
  }

 private:
  bool Value(int depth) {
    if (depth > 64 || pos_ >= text_.size()) return false;
    switch (text_[pos_]) {
      case '{':
        return Object(depth);
      case '[':
        return Array(depth);
      case '"': {
        std::string ignored;
        return StringValue(&ignored);
      }
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

  bool Object(int depth) {
    ++pos_;
    SkipSpace();
    if (Peek('}')) return ++pos_, true;
    while (true) {
      SkipSpace();
      std::string key;
      if (!StringValue(&key)) return false;
      SkipSpace();
      if (!Peek(':')) return false;
      ++pos_;
      SkipSpace();
      if (!Value(depth + 1)) return false;
      SkipSpace();
      if (Peek('}')) return ++pos_, true;
      if (!Peek(',')) return false;
      ++pos_;
    }
  }

  bool Array(int depth) {
    ++pos_;
    SkipSpace();
    if (Peek(']')) return ++pos_, true;
    while (true) {
      SkipSpace();
      if (!Value(depth + 1)) return false;
      SkipSpace();
      if (Peek(']')) return ++pos_, true;
      if (!Peek(',')) return false;
      ++pos_;
    }
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

  // Accepts only ASCII inside strings: the renderer promises pure ASCII.
  bool StringValue(std::string* decoded) {
    if (!Peek('"')) return false;
    ++pos_;
    while (pos_ < text_.size()) {
      const auto c = static_cast<unsigned char>(text_[pos_++]);
      if (c == '"') return true;
      if (c < 0x20 || c >= 0x80) return false;
      if (c != '\\') {
        decoded->push_back(static_cast<char>(c));
        continue;
      }
      if (pos_ >= text_.size()) return false;
      const char escape = text_[pos_++];
      switch (escape) {
        case '"':
        case '\\':
        case '/':
          decoded->push_back(escape);
          break;
        case 'b':
          decoded->push_back('\b');
          break;
        case 'f':
          decoded->push_back('\f');
          break;
        case 'n':
          decoded->push_back('\n');
          break;
        case 'r':
          decoded->push_back('\r');
          break;
        case 't':
          decoded->push_back('\t');
          break;
        case 'u': {
          uint32_t unit;
          if (!Hex4(&unit)) return false;
          if (unit >= 0xdc00 && unit <= 0xdfff) return false;  // Lone low.
          if (unit >= 0xd800 && unit <= 0xdbff) {
            uint32_t low;
            if (text_.substr(pos_, 2) != "\\u") return false;
            pos_ += 2;
            if (!Hex4(&low) || low < 0xdc00 || low > 0xdfff) return false;
            unit = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
          }
          AppendUtf8(unit, decoded);
          break;
        }
        default:
          return false;
      }
    }
    return false;
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

  bool Number() {
    if (Peek('-')) ++pos_;
    if (Peek('0')) {
      ++pos_;
    } else if (!Digits()) {
      return false;
    }
    if (Peek('.')) {
      ++pos_;
      if (!Digits()) return false;
    }
    if (Peek('e') || Peek('E')) {
      ++pos_;
      if (Peek('+') || Peek('-')) ++pos_;
      if (!Digits()) return false;
    }
    return true;
  }

  bool Peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }

  void SkipSpace() {
    while (pos_ < text_.size() &&
           (text_[pos_] == ' ' || text_[pos_] == '\n' || text_[pos_] == '\t' ||
            text_[pos_] == '\r')) {
      ++pos_;
    }
  }

  std::string_view text_;
  size_t pos_ = 0;
};

std::string Escape(std::string_view value) {
  std::string out;
  AppendJsonString(value, &out);
  return out;
}

std::string Decode(const std::string& json) {
  std::string decoded;
  EXPECT_TRUE(JsonChecker(json).String(&decoded)) << json;
  return decoded;
}

TEST(ReportsJson, CheckerRejectsInvalidJson) {
  for (const char* bad : {"", "{", "{\"a\":}", "[1,]", "\"\x01\"", "\"\\x\"",
                          "01", "{\"a\" 1}", "\"\\ud800\"", "[1] 2", "tru"}) {
    EXPECT_FALSE(JsonChecker(bad).Valid()) << bad;
  }
  EXPECT_TRUE(JsonChecker(" {\"a\":[1,-2.5e3,true,null,\"x\"]} ").Valid());
}

TEST(ReportsJson, EscapesQuotesBackslashesAndControls) {
  EXPECT_EQ(Escape("plain"), "\"plain\"");
  EXPECT_EQ(Escape("a\"b\\c"), "\"a\\\"b\\\\c\"");
  EXPECT_EQ(Escape("\n\r\t"), "\"\\n\\r\\t\"");
  EXPECT_EQ(Escape(std::string_view("\0\x01\x1f\x7f", 4)),
            "\"\\u0000\\u0001\\u001f\\u007f\"");
}

TEST(ReportsJson, NonAsciiBecomesUnicodeEscapes) {
  EXPECT_EQ(Escape("\xc3\xa9"), "\"\\u00e9\"");                 // é
  EXPECT_EQ(Escape("\xe2\x82\xac"), "\"\\u20ac\"");             // €
  EXPECT_EQ(Escape("\xf0\x9f\x98\x80"), "\"\\ud83d\\ude00\"");  // U+1F600
  EXPECT_EQ(Decode(Escape("caf\xc3\xa9 \xf0\x9f\x98\x80")),
            "caf\xc3\xa9 \xf0\x9f\x98\x80");
}

TEST(ReportsJson, InvalidUtf8BecomesReplacementCharacters) {
  EXPECT_EQ(Escape("\xff"), "\"\\ufffd\"");
  EXPECT_EQ(Escape("a\x80z"), "\"a\\ufffdz\"");
  // Overlong '/', a UTF-16 surrogate, a value past U+10FFFF, a truncated
  // sequence: each invalid byte is replaced, valid bytes after it survive.
  EXPECT_EQ(Escape("\xc0\xaf"), "\"\\ufffd\\ufffd\"");
  EXPECT_EQ(Escape("\xed\xa0\x80"), "\"\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(Escape("\xf4\x90\x80\x80"), "\"\\ufffd\\ufffd\\ufffd\\ufffd\"");
  EXPECT_EQ(Escape("\xe2\x82"), "\"\\ufffd\\ufffd\"");
  EXPECT_EQ(Escape("\xe2\x82x"), "\"\\ufffd\\ufffdx\"");
}

TEST(ReportsJson, ArbitraryBytesAlwaysGiveValidAsciiJson) {
  std::mt19937 random(12345);
  for (int round = 0; round < 2000; ++round) {
    std::string bytes(random() % 24, '\0');
    for (char& c : bytes) c = static_cast<char>(random() & 0xff);
    const std::string json = Escape(bytes);
    std::string decoded;
    ASSERT_TRUE(JsonChecker(json).String(&decoded)) << json;
  }
  for (int byte = 0; byte < 256; ++byte) {
    const std::string one(1, static_cast<char>(byte));
    EXPECT_TRUE(JsonChecker(Escape(one)).Valid()) << byte;
  }
}

TEST(ReportsJson, DocumentHasContractKeysInOrder) {
  FileReport file{"a.parquet", {}};
  file.report.format = Format::kParquet;
  file.report.size = 1234;
  file.report.verdict = Verdict::kInvalid;
  Diagnostic diagnostic;
  diagnostic.code = Code::kSchemaOrphanedElements;
  diagnostic.severity = Severity::kError;
  diagnostic.offset = 674;
  diagnostic.length = 1;
  diagnostic.field = "schema[0].num_children";
  diagnostic.message = "2 elements \"left\" over";
  file.report.diagnostics.push_back(diagnostic);

  const FileReport files[] = {file};
  const std::string json = RenderJson(files);
  EXPECT_EQ(json,
            "{\"tool\":\"colcheck\",\"version\":\"0.1.0\",\"files\":[{"
            "\"path\":\"a.parquet\",\"format\":\"parquet\",\"size\":1234,"
            "\"verdict\":\"invalid\",\"diagnostics\":[{"
            "\"code\":\"schema.orphaned-elements\",\"severity\":\"error\","
            "\"offset\":674,\"length\":1,\"field\":\"schema[0].num_children\","
            "\"message\":\"2 elements \\\"left\\\" over\"}]}]}\n");
  EXPECT_TRUE(JsonChecker(json).Valid());
}

TEST(ReportsJson, EmptyAndMultiFileDocumentsAreValid) {
  EXPECT_EQ(RenderJson({}),
            "{\"tool\":\"colcheck\",\"version\":\"0.1.0\",\"files\":[]}\n");

  FileReport hostile{std::string("\xff\n\"dir\"/x.parquet"), {}};
  hostile.report.verdict = Verdict::kEncrypted;
  Diagnostic diagnostic;
  diagnostic.code = Code::kEncryptionEncryptedFooter;
  diagnostic.severity = Severity::kInfo;
  diagnostic.field = std::string("\x00\x01", 2);
  diagnostic.message = "\xc3\x28 bad utf-8 \\ in message";
  hostile.report.diagnostics.push_back(diagnostic);
  const FileReport files[] = {hostile, FileReport{"ok.parquet", {}}};
  const std::string json = RenderJson(files);
  EXPECT_TRUE(JsonChecker(json).Valid()) << json;
  EXPECT_NE(json.find("\"verdict\":\"encrypted\""), std::string::npos);
  EXPECT_NE(json.find("},{\"path\":\"ok.parquet\""), std::string::npos);
}

TEST(ReportsJson, StreamingWriterMatchesRenderJson) {
  const FileReport files[] = {FileReport{"a", {}}, FileReport{"b", {}}};
  std::ostringstream out;
  JsonReportWriter writer(&out);
  for (const FileReport& file : files) writer.AddFile(file.path, file.report);
  writer.Finish();
  EXPECT_EQ(out.str(), RenderJson(files));
}

TEST(ReportsJson, JsonLinesObjectIsTheDocumentEntry) {
  FileReport file{"a\n.parquet", {}};
  file.report.size = 9;
  Diagnostic diagnostic;
  diagnostic.code = Code::kSchemaOrphanedElements;
  diagnostic.severity = Severity::kWarning;
  diagnostic.field = "schema[1]";
  file.report.diagnostics.push_back(diagnostic);
  std::string line;
  AppendJsonFile(file.path, file.report, &line);
  EXPECT_TRUE(JsonChecker(line).Valid()) << line;
  // One line: the newline of the path is escaped.
  EXPECT_EQ(line.find('\n'), std::string::npos);
  const FileReport files[] = {file};
  const std::string document = RenderJson(files);
  const std::string head = R"({"tool":"colcheck","version":"0.1.0","files":[)";
  EXPECT_EQ(document, head + line + "]}\n");
}

TEST(ReportsJson, CodesDocumentListsEveryCode) {
  const std::string json = RenderCodesJson();
  EXPECT_TRUE(JsonChecker(json).Valid());
  size_t codes = 0;
  for (size_t pos = 0;
       (pos = json.find("{\"code\":", pos)) != std::string::npos; ++pos) {
    ++codes;
  }
  EXPECT_EQ(codes, AllCodes().size());
}

}  // namespace
}  // namespace colcheck
