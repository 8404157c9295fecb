// Tests for IsValidUtf8 against RFC 3629 Table 3-7.

#include "core/utf8.h"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace colcheck
