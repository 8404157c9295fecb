#include "parquet/tail.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"

namespace colcheck::parquet {
namespace {

std::vector<std::byte> Bytes(const std::string& s) {
  std::vector<std::byte> out;
  for (char c : s) out.push_back(static_cast<std::byte>(c));
  return out;
}

// "PAR1" + `middle` + u32 LE `length` + `trail`.
std::vector<std::byte> Tailed(const std::string& lead, size_t middle,
                              uint32_t length, const std::string& trail) {
  std::string s = lead + std::string(middle, '\0');
  for (int i = 0; i < 4; ++i) s.push_back(static_cast<char>(length >> (8 * i)));
  return Bytes(s + trail);
}

struct TailResult {
  bool ok;
  Tail tail;
  std::vector<Diagnostic> diagnostics;
};

TailResult Read(const std::vector<std::byte>& bytes) {
  DiagnosticSink sink;
  TailResult r;
  r.ok = ReadTail(ByteReader(bytes), sink, &r.tail);
  r.diagnostics = sink.Take();
  return r;
}

void ExpectOnly(const TailResult& r, Code code, uint64_t offset,
                uint64_t length) {
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, code);
  EXPECT_EQ(r.diagnostics[0].offset, offset);
  EXPECT_EQ(r.diagnostics[0].length, length);
}

TEST(ReadTailTest, LocatesTheFooter) {
  const TailResult r = Read(Tailed("PAR1", 10, 6, "PAR1"));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_FALSE(r.tail.encrypted_footer);
  EXPECT_EQ(r.tail.footer, (ByteSpan{8, 6}));
}

TEST(ReadTailTest, FooterMayFillEverythingBetweenTheMagics) {
  const TailResult r = Read(Tailed("PAR1", 10, 10, "PAR1"));
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.tail.footer, (ByteSpan{4, 10}));
}

TEST(ReadTailTest, TooSmall) {
  const TailResult r = Read(Bytes("PAR1PAR1PAR"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileTooSmall, 0, 11);
}

TEST(ReadTailTest, EmptyFileIsTooSmall) {
  const TailResult r = Read({});
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileTooSmall, 0, 0);
}

TEST(ReadTailTest, BadLeadingMagicStillLocatesTheFooter) {
  const TailResult r = Read(Tailed("PAR0", 10, 6, "PAR1"));
  EXPECT_TRUE(r.ok);
  ExpectOnly(r, Code::kFileBadLeadingMagic, 0, 4);
}

TEST(ReadTailTest, BadTrailingMagic) {
  const TailResult r = Read(Tailed("PAR1", 10, 6, "PAR2"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileBadTrailingMagic, 18, 4);
}

TEST(ReadTailTest, NoMagicAtAll) {
  const TailResult r = Read(Tailed("GIF8", 10, 6, "9a;;"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileUnrecognized, 0, 4);
}

TEST(ReadTailTest, MagicMismatch) {
  const TailResult r = Read(Tailed("PAR1", 10, 6, "PARE"));
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(r.tail.encrypted_footer);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_TRUE(r.tail.magic_mismatch);
}

TEST(ReadTailTest, EncryptedFooterMagic) {
  const TailResult r = Read(Tailed("PARE", 10, 6, "PARE"));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_TRUE(r.tail.encrypted_footer);
}

TEST(ReadTailTest, FooterLengthZero) {
  const TailResult r = Read(Tailed("PAR1", 10, 0, "PAR1"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileFooterLengthOutOfBounds, 14, 4);
}

TEST(ReadTailTest, FooterLengthReachesIntoLeadingMagic) {
  const TailResult r = Read(Tailed("PAR1", 10, 11, "PAR1"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileFooterLengthOutOfBounds, 14, 4);
}

TEST(ReadTailTest, FooterLengthHuge) {
  const TailResult r = Read(Tailed("PAR1", 10, 0xFFFFFFFF, "PAR1"));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kFileFooterLengthOutOfBounds, 14, 4);
}

}  // namespace
}  // namespace colcheck::parquet
