// The format seam: which format a file's ends name, and which the
// validation pass then reads it as.

#include <cstddef>
#include <span>
#include <string_view>

#include "colcheck/colcheck.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

std::span<const std::byte> Bytes(std::string_view s) {
  return std::as_bytes(std::span(s.data(), s.size()));
}

Format Sniff(std::string_view head, std::string_view tail) {
  return SniffFormat(Bytes(head), Bytes(tail));
}

TEST(SniffFormat, ParquetMagicAtEitherEnd) {
  EXPECT_EQ(Sniff("PAR1", "xxxx"), Format::kParquet);
  EXPECT_EQ(Sniff("PARE", "xxxx"), Format::kParquet);
  EXPECT_EQ(Sniff("xxxx", "PAR1"), Format::kParquet);
  EXPECT_EQ(Sniff("xxxx", "PARE"), Format::kParquet);
  EXPECT_EQ(Sniff("PAR", "PAR"), Format::kUnknown);
  EXPECT_EQ(Sniff("par1", "par1"), Format::kUnknown);
}

TEST(SniffFormat, OrcHeaderOrPostScriptMagic) {
  EXPECT_EQ(Sniff("ORC\x0a", "xxxx"), Format::kOrc);
  EXPECT_EQ(Sniff("ORC", "ORC"), Format::kOrc);
  // A damaged header: the PostScript ends with "ORC" just before psLen.
  EXPECT_EQ(Sniff("XRC.", "ORC\x17"), Format::kOrc);
  // "ORC" as the last three bytes is no PostScript magic.
  EXPECT_EQ(Sniff("xxxx", "xORC"), Format::kUnknown);
  EXPECT_EQ(Sniff("", ""), Format::kUnknown);
}

TEST(SniffFormat, OrcWinsOverParquet) {
  EXPECT_EQ(Sniff("PAR1", "ORC\x03"), Format::kOrc);
}

TEST(FormatFromFileName, Extensions) {
  EXPECT_EQ(FormatFromFileName("a.parquet"), Format::kParquet);
  EXPECT_EQ(FormatFromFileName("dir.orc/part-0.PARQ"), Format::kParquet);
  EXPECT_EQ(FormatFromFileName("x.Pq"), Format::kParquet);
  EXPECT_EQ(FormatFromFileName("/data/x.ORC"), Format::kOrc);
  EXPECT_EQ(FormatFromFileName("x.orc.crc"), Format::kUnknown);
  EXPECT_EQ(FormatFromFileName("dir.parquet/part-0"), Format::kUnknown);
  EXPECT_EQ(FormatFromFileName(".parquet"), Format::kUnknown);
  EXPECT_EQ(FormatFromFileName("parquet"), Format::kUnknown);
}

// ValidateBytes chooses as SniffFormat does, and a name breaks only the
// tie of bytes with neither magic.
TEST(ValidateBytesFormat, ChosenBySniffThenName) {
  struct Case {
    std::string_view bytes;
    Format expected;
    Format reported;
  };
  const Case cases[] = {
      {"XRC....ORC\x03", Format::kUnknown, Format::kOrc},
      {"PAR1....PAR1", Format::kOrc, Format::kParquet},
      {"garbage bytes", Format::kOrc, Format::kOrc},
      {"garbage bytes", Format::kParquet, Format::kParquet},
      {"garbage bytes", Format::kUnknown, Format::kUnknown},
  };
  for (const Case& c : cases) {
    Options options;
    options.expected_format = c.expected;
    EXPECT_EQ(ValidateBytes(Bytes(c.bytes), options).format, c.reported)
        << c.bytes;
  }
}

}  // namespace
}  // namespace colcheck
