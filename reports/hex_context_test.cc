#include "reports/hex_context.h"

#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

// Bytes 0, 1, 2, ... so every byte's hex shows its own offset.
std::vector<std::byte> Counting(size_t size) {
  std::vector<std::byte> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = static_cast<std::byte>(i);
  return bytes;
}

std::string Excerpt(const std::vector<std::byte>& file, uint64_t offset,
                    uint64_t length) {
  std::ostringstream out;
  WriteHexExcerpt(file, offset, length, out);
  return out.str();
}

// The rows of Counting(100), as `hexdump -C` prints them, indented.
constexpr char kRow10[] =
    "    00000010  10 11 12 13 14 15 16 17  18 19 1a 1b 1c 1d 1e 1f  "
    "|................|\n";
constexpr char kRow20[] =
    "    00000020  20 21 22 23 24 25 26 27  28 29 2a 2b 2c 2d 2e 2f  "
    "| !\"#$%&'()*+,-./|\n";
constexpr char kRow30[] =
    "    00000030  30 31 32 33 34 35 36 37  38 39 3a 3b 3c 3d 3e 3f  "
    "|0123456789:;<=>?|\n";
constexpr char kRow40[] =
    "    00000040  40 41 42 43 44 45 46 47  48 49 4a 4b 4c 4d 4e 4f  "
    "|@ABCDEFGHIJKLMNO|\n";
constexpr char kRow50[] =
    "    00000050  50 51 52 53 54 55 56 57  58 59 5a 5b 5c 5d 5e 5f  "
    "|PQRSTUVWXYZ[\\]^_|\n";
constexpr char kRow60[] =
    "    00000060  60 61 62 63                                       "
    "|`abc|\n";

TEST(ReportsHexContext, SpanInsideOneRow) {
  EXPECT_EQ(Excerpt(Counting(100), 0x25, 3),
            std::string(kRow10) + kRow20 +
                "                             ^^ ^^ ^^                     "
                "            ^^^\n" +
                kRow30);
}

TEST(ReportsHexContext, SpanAcrossRows) {
  EXPECT_EQ(Excerpt(Counting(100), 0x2e, 4),
            std::string(kRow10) + kRow20 +
                "                                                         ^^ "
                "^^                 ^^\n" +
                kRow30 +
                "              ^^ ^^                                        "
                "      ^^\n" +
                kRow40);
}

TEST(ReportsHexContext, ZeroLengthSpanGetsOneCaret) {
  EXPECT_EQ(
      Excerpt(Counting(100), 0x33, 0),
      std::string(kRow20) + kRow30 + "                       ^\n" + kRow40);
}

TEST(ReportsHexContext, SpanAtOffsetZeroHasNoRowBefore) {
  EXPECT_EQ(Excerpt(Counting(100), 0, 2),
            "    00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  "
            "|................|\n"
            "              ^^ ^^                                            "
            "  ^^\n" +
                std::string(kRow10));
}

TEST(ReportsHexContext, SpanAtEndOfFileHasNoRowAfter) {
  EXPECT_EQ(Excerpt(Counting(100), 0x62, 2),
            std::string(kRow50) + kRow60 +
                "                    ^^ ^^                                 "
                "         ^^\n");
}

TEST(ReportsHexContext, EmptySpanAtEndOfFileMarksTheNextSlot) {
  EXPECT_EQ(Excerpt(Counting(100), 100, 0),
            std::string(kRow50) + kRow60 + "                          ^\n");
}

TEST(ReportsHexContext, EmptySpanAtEndOfFullRowGetsAnEmptyRow) {
  EXPECT_EQ(Excerpt(Counting(96), 96, 0),
            std::string(kRow50) + "    00000060\n" + "              ^\n");
}

TEST(ReportsHexContext, EmptyFile) {
  EXPECT_EQ(Excerpt({}, 0, 0), "    00000000\n              ^\n");
}

TEST(ReportsHexContext, SpanRunningPastTheEndIsClampedWithANote) {
  EXPECT_EQ(Excerpt(Counting(100), 0x62, 10),
            std::string(kRow50) + kRow60 +
                "                    ^^ ^^                                 "
                "         ^^\n"
                "    (clamped: 8 bytes of the span lie past the end of the "
                "file at 100)\n");
}

TEST(ReportsHexContext, SpanBeyondTheEndPointsAtTheEnd) {
  const std::string expected =
      std::string(kRow50) + kRow60 + "                          ^\n" +
      "    (clamped: the span starts at 200, at or past the end of the file "
      "at 100)\n";
  EXPECT_EQ(Excerpt(Counting(100), 200, 10), expected);
  // offset + length overflows: still clamped, never wrapped around.
  EXPECT_EQ(Excerpt(Counting(100), UINT64_MAX, UINT64_MAX),
            std::string(kRow50) + kRow60 + "                          ^\n" +
                "    (clamped: the span starts at 18446744073709551615, at "
                "or past the end of the file at 100)\n");
}

TEST(ReportsHexContext, LongSpanShowsTwoRowsThenTheLast) {
  const std::string full_row_carets =
      "              ^^ ^^ ^^ ^^ ^^ ^^ ^^ ^^  ^^ ^^ ^^ ^^ ^^ ^^ ^^ ^^   "
      "^^^^^^^^^^^^^^^^\n";
  EXPECT_EQ(
      Excerpt(Counting(300), 5, 250),
      "    00000000  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  "
      "|................|\n"
      "                             ^^ ^^ ^^  ^^ ^^ ^^ ^^ ^^ ^^ ^^ ^^        "
      "^^^^^^^^^^^\n" +
          std::string(kRow10) + full_row_carets +
          "    ...  (208 bytes skipped)\n"
          "    000000f0  f0 f1 f2 f3 f4 f5 f6 f7  f8 f9 fa fb fc fd fe ff  "
          "|................|\n"
          "              ^^ ^^ ^^ ^^ ^^ ^^ ^^ ^^  ^^ ^^ ^^ ^^ ^^ ^^ ^^      "
          "^^^^^^^^^^^^^^^\n"
          "    00000100  00 01 02 03 04 05 06 07  08 09 0a 0b 0c 0d 0e 0f  "
          "|................|\n");
}

TEST(ReportsHexContext, ElisionStartsAtFiveRows) {
  const std::string excerpt = Excerpt(Counting(100), 0x10, 64);
  EXPECT_EQ(excerpt.find("bytes skipped"), std::string::npos);
  EXPECT_NE(excerpt.find(kRow10), std::string::npos);
  EXPECT_NE(excerpt.find(kRow40), std::string::npos);
  // One more byte makes five rows, and the third and fourth are left out.
  const std::string elided = Excerpt(Counting(100), 0x10, 65);
  EXPECT_NE(elided.find("    ...  (32 bytes skipped)\n"), std::string::npos);
  EXPECT_EQ(elided.find(kRow30), std::string::npos);
  EXPECT_NE(elided.find(kRow50), std::string::npos);
}

TEST(ReportsHexContext, TextWithContextPutsAnExcerptUnderEachDiagnostic) {
  const Report report = testing::MakeReport(
      Format::kUnknown, 0, Verdict::kInvalid,
      {testing::MakeDiagnostic(Code::kFileTooSmall, Severity::kError, 0, 3, "",
                               "only 3 bytes")});
  const std::vector<std::byte> file = {std::byte{'P'}, std::byte{'A'},
                                       std::byte{0x01}};
  std::ostringstream out;
  WriteTextWithContext("x.parquet", report, file, out);
  EXPECT_EQ(out.str(),
            "x.parquet:0+3: error[file.too-small]: only 3 bytes\n"
            "    00000000  50 41 01                                          "
            "|PA.|\n"
            "              ^^ ^^ ^^                                          "
            " ^^^\n"
            "x.parquet: invalid (not Parquet or ORC, 1 error, 0 warnings, 0 "
            "infos)\n");
}

// A fault inside a compressed page shows the decompressed bytes it lies in,
// with their own offsets, not the compressed span of the file.
TEST(ReportsHexContext, DecompressedExcerptReplacesTheCompressedSpan) {
  Diagnostic d = testing::MakeDiagnostic(
      Code::kValueInvalidUtf8, Severity::kError, 1000, 300, "", "not UTF-8");
  std::string excerpt;
  for (int i = 0; i < 40; ++i)
    excerpt.push_back(static_cast<char>('a' + i % 26));
  d.decompressed = DecompressedSpan{
      .offset = 35, .length = 2, .excerpt_offset = 16, .excerpt = excerpt};
  const Report report =
      testing::MakeReport(Format::kParquet, 2000, Verdict::kInvalid, {d});
  const std::vector<std::byte> file(2000, std::byte{0});
  std::ostringstream out;
  WriteTextWithContext("x.parquet", report, file, out);
  const std::string text = out.str();
  EXPECT_NE(text.find("    compressed in 1000+300 of the file; decompressed "
                      "bytes 35..37:\n"),
            std::string::npos);
  // The rows are the excerpt's, numbered in the decompressed section: the
  // span's row (0x20) and the row before it; nothing of the file's zeros.
  EXPECT_NE(text.find("    00000010  61 62 63"), std::string::npos);
  EXPECT_NE(text.find("    00000020  71 72 73"), std::string::npos);
  EXPECT_EQ(text.find("000003e0"), std::string::npos);
  EXPECT_NE(text.find("                 ^^ ^^"), std::string::npos);
}

TEST(ReportsHexContext, DecompressedSpanPastTheExcerptSaysSo) {
  Diagnostic d = testing::MakeDiagnostic(Code::kValueInvalidUtf8,
                                         Severity::kError, 0, 10, "", "x");
  d.decompressed = DecompressedSpan{.offset = 4,
                                    .length = 100,
                                    .excerpt_offset = 0,
                                    .excerpt = std::string(20, 'z')};
  const Report report =
      testing::MakeReport(Format::kParquet, 10, Verdict::kInvalid, {d});
  std::ostringstream out;
  WriteTextWithContext("x.parquet", report,
                       std::vector<std::byte>(10, std::byte{0}), out);
  EXPECT_NE(out.str().find("(84 more bytes of the span not shown)"),
            std::string::npos);
}

}  // namespace
}  // namespace colcheck
