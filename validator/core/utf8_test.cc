// Tests for IsValidUtf8 against RFC 3629 Table 3-7.

#include "core/utf8.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck {
namespace {

bool Valid(std::string_view s) {
  return IsValidUtf8({reinterpret_cast<const std::byte*>(s.data()), s.size()});
}

TEST(Utf8Test, AcceptsWellFormed) {
  EXPECT_TRUE(Valid(""));
  EXPECT_TRUE(Valid("plain ascii"));
  EXPECT_TRUE(Valid(std::string_view("\0", 1)));
  EXPECT_TRUE(Valid("\x7F"));
  EXPECT_TRUE(Valid("\xC2\x80"));          // U+0080, smallest 2-byte
  EXPECT_TRUE(Valid("\xDF\xBF"));          // U+07FF
  EXPECT_TRUE(Valid("\xE0\xA0\x80"));      // U+0800, smallest 3-byte
  EXPECT_TRUE(Valid("\xED\x9F\xBF"));      // U+D7FF, below surrogates
  EXPECT_TRUE(Valid("\xEE\x80\x80"));      // U+E000, above surrogates
  EXPECT_TRUE(Valid("\xEF\xBF\xBF"));      // U+FFFF
  EXPECT_TRUE(Valid("\xF0\x90\x80\x80"));  // U+10000, smallest 4-byte
  EXPECT_TRUE(Valid("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the largest
  EXPECT_TRUE(Valid("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
}

TEST(Utf8Test, RejectsOverlongForms) {
  EXPECT_FALSE(Valid("\xC0\x80"));  // U+0000 in 2 bytes
  EXPECT_FALSE(Valid("\xC1\xBF"));
  EXPECT_FALSE(Valid("\xE0\x80\x80"));
  EXPECT_FALSE(Valid("\xE0\x9F\xBF"));  // U+07FF in 3 bytes
  EXPECT_FALSE(Valid("\xF0\x80\x80\x80"));
  EXPECT_FALSE(Valid("\xF0\x8F\xBF\xBF"));  // U+FFFF in 4 bytes
}

TEST(Utf8Test, RejectsSurrogates) {
  EXPECT_FALSE(Valid("\xED\xA0\x80"));              // U+D800
  EXPECT_FALSE(Valid("\xED\xBF\xBF"));              // U+DFFF
  EXPECT_FALSE(Valid("\xED\xA0\xBD\xED\xB8\x80"));  // CESU-8 pair
}

TEST(Utf8Test, RejectsAboveMaximum) {
  EXPECT_FALSE(Valid("\xF4\x90\x80\x80"));  // U+110000
  EXPECT_FALSE(Valid("\xF5\x80\x80\x80"));
  EXPECT_FALSE(Valid("\xF8\x88\x80\x80\x80"));  // Old 5-byte form
  EXPECT_FALSE(Valid("\xFE"));
  EXPECT_FALSE(Valid("\xFF"));
}

TEST(Utf8Test, RejectsStrayAndMissingContinuations) {
  EXPECT_FALSE(Valid("\x80"));
  EXPECT_FALSE(Valid("a\xBF"));
  EXPECT_FALSE(Valid("\xC3"));  // Truncated at the end
  EXPECT_FALSE(Valid("\xE2\x82"));
  EXPECT_FALSE(Valid("\xF0\x9F\x98"));
  EXPECT_FALSE(Valid("\xC3\x41"));          // Second byte not 80..BF
  EXPECT_FALSE(Valid("\xE2\x82\x41"));      // Third byte not 80..BF
  EXPECT_FALSE(Valid("\xF0\x9F\x98\xC0"));  // Fourth byte not 80..BF
  EXPECT_FALSE(Valid("\xE2\xC2\xAC"));
}

TEST(Utf8Test, FindsFaultAfterValidPrefix) {
  std::string long_valid(1000, 'x');
  EXPECT_TRUE(Valid(long_valid));
  long_valid += "\xC0\xAF";
  EXPECT_FALSE(Valid(long_valid));
}

// Every position of a multi-byte sequence or fault relative to the 8- and
// 16-byte words of the ASCII fast path.
TEST(Utf8Test, FaultsAndSequencesAtEveryWordOffset) {
  // Up to 150 bytes: the scalar loop below 64, simdjson from there.
  for (size_t prefix = 0; prefix < 75; ++prefix) {
    const std::string ascii(prefix, 'a');
    EXPECT_TRUE(Valid(ascii + "\xE2\x82\xAC" + ascii)) << prefix;
    EXPECT_TRUE(Valid(ascii + "\xF0\x9F\x98\x80")) << prefix;
    EXPECT_FALSE(Valid(ascii + "\xC0\xAF" + ascii)) << prefix;
    EXPECT_FALSE(Valid(ascii + "\xED\xA0\x80" + ascii)) << prefix;
    EXPECT_FALSE(Valid(ascii + "\xE2\x82")) << prefix;  // Truncated
    EXPECT_FALSE(Valid(ascii + "\x80" + ascii)) << prefix;
    EXPECT_FALSE(Valid(ascii + "\xFF")) << prefix;
  }
}

// The scalar definition of Table 3-7, by decoding code points.
bool ReferenceValid(const std::string& s) {
  size_t i = 0;
  while (i < s.size()) {
    const uint8_t b0 = static_cast<uint8_t>(s[i]);
    uint32_t cp;
    size_t len;
    if (b0 < 0x80) {
      cp = b0;
      len = 1;
    } else if ((b0 & 0xE0) == 0xC0) {
      cp = b0 & 0x1F;
      len = 2;
    } else if ((b0 & 0xF0) == 0xE0) {
      cp = b0 & 0x0F;
      len = 3;
    } else if ((b0 & 0xF8) == 0xF0) {
      cp = b0 & 0x07;
      len = 4;
    } else {
      return false;
    }
    if (s.size() - i < len) return false;
    for (size_t k = 1; k < len; ++k) {
      const uint8_t b = static_cast<uint8_t>(s[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[len] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
      return false;
    }
    i += len;
  }
  return true;
}

TEST(Utf8Test, AgreesWithReferenceOnRandomStrings) {
  uint64_t state = 0x9E3779B97F4A7C15ull;
  const auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  // Mostly ASCII with sprinkled lead and continuation bytes, so both the
  // word loop and every branch of the sequence decoder are exercised, at
  // lengths on both sides of the 64 bytes where simdjson takes over.
  static constexpr uint8_t kSpecial[] = {0x80, 0xBF, 0xC2, 0xDF, 0xE0, 0xED,
                                         0xEF, 0xF0, 0xF4, 0xF5, 0xA0, 0x9F,
                                         0x90, 0x8F, 0xC0, 0xFF};
  for (int round = 0; round < 20000; ++round) {
    std::string s(next() % 160, 'x');
    for (char& c : s) {
      const uint64_t r = next();
      if (r % 4 == 0) c = static_cast<char>(kSpecial[(r >> 8) % 16]);
    }
    EXPECT_EQ(Valid(s), ReferenceValid(s)) << ::testing::PrintToString(s);
  }
}

}  // namespace
}  // namespace colcheck
