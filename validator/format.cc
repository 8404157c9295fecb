#include "format.h"

#include <algorithm>
#include <array>
#include <string>
#include <string_view>

#include "orc/orc_validator.h"
#include "parquet/parquet_validator.h"
#include "parquet/tail.h"

namespace colcheck {
namespace {

// In sniffing order.
constexpr std::array<FormatDriver, 2> kDrivers = {{
    {Format::kOrc, orc::HasOrcMagic, orc::ValidateOrc},
    {Format::kParquet, parquet::HasParquetMagic, parquet::ValidateParquet},
}};

const FormatDriver& DriverOf(Format format) {
  for (const FormatDriver& d : kDrivers) {
    if (d.format == format) return d;
  }
  return kDrivers[1];  // Parquet's reports what is neither.
}

// The lower-case extension of `path`'s last component, without the dot;
// empty for a name that is only an extension (".parquet").
std::string LowerExtension(std::string_view path) {
  const size_t slash = path.rfind('/');
  const std::string_view name =
      slash == std::string_view::npos ? path : path.substr(slash + 1);
  const size_t dot = name.rfind('.');
  if (dot == std::string_view::npos || dot == 0) return "";
  std::string extension(name.substr(dot + 1));
  for (char& c : extension) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return extension;
}

}  // namespace

Format SniffFormat(std::span<const std::byte> head,
                   std::span<const std::byte> tail) {
  for (const FormatDriver& d : kDrivers) {
    if (d.sniff(head, tail)) return d.format;
  }
  return Format::kUnknown;
}

Format FormatFromFileName(std::string_view path) {
  const std::string extension = LowerExtension(path);
  if (extension == "parquet" || extension == "parq" || extension == "pq") {
    return Format::kParquet;
  }
  return extension == "orc" ? Format::kOrc : Format::kUnknown;
}

const FormatDriver& ChooseDriver(const ByteReader& file, Format expected) {
  const uint64_t ends = std::min<uint64_t>(file.size(), kSniffBytes);
  const Format sniffed = SniffFormat(file.Bytes({0, ends}),
                                     file.Bytes({file.size() - ends, ends}));
  return DriverOf(sniffed != Format::kUnknown ? sniffed : expected);
}

}  // namespace colcheck
