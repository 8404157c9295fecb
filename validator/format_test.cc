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

// Each case: the file's first and last bytes, and the format they name.
struct SniffCase {
  std::string_view head;
  std::string_view tail;
  Format format;
};

TEST(SniffFormat, MagicAtEitherEnd) {
  const SniffCase cases[] = {
      {"PAR1", "xxxx", Format::kParquet},
      {"PARE", "xxxx", Format::kParquet},
      {"xxxx", "PAR1", Format::kParquet},
      {"xxxx", "PARE", Format::kParquet},
      {"PAR", "PAR", Format::kUnknown},
      {"par1", "par1", Format::kUnknown},
      {"ORC\x0a", "xxxx", Format::kOrc},
      {"ORC", "ORC", Format::kOrc},
      // A damaged header: the PostScript ends with "ORC" just before psLen.
      {"XRC.", "ORC\x17", Format::kOrc},
      // "ORC" as the last three bytes is no PostScript magic.
      {"xxxx", "xORC", Format::kUnknown},
      {"", "", Format::kUnknown},
      // A PostScript magic is the stronger sign.
      {"PAR1", "ORC\x03", Format::kOrc},
  };
  for (const SniffCase& c : cases) {
    EXPECT_EQ(SniffFormat(Bytes(c.head), Bytes(c.tail)), c.format)
        << c.head << " ... " << c.tail;
  }
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
