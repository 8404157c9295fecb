#include "reports/hex_context.h"

#include <algorithm>
#include <string>
#include <utility>

#include "reports/text.h"

namespace colcheck {
namespace {

constexpr uint64_t kRowBytes = 16;
// A span of more rows than this is elided; at five rows the `...` line
// already stands for two of them.
constexpr uint64_t kMaxFullRows = 4;
constexpr std::string_view kIndent = "    ";

// Column positions within a row, after the indent, in the layout of
// `hexdump -C`. The offset is eight hex digits, more for files past 4 GiB,
// and every column moves with it.
struct Layout {
  size_t offset_width;

  size_t HexColumn(uint64_t index) const {
    return offset_width + 2 + 3 * index + (index >= 8 ? 1 : 0);
  }
  size_t AsciiBar() const { return offset_width + 2 + 3 * kRowBytes + 2; }
  size_t AsciiColumn(uint64_t index) const { return AsciiBar() + 1 + index; }
  size_t Width() const { return AsciiColumn(kRowBytes) + 1; }
};

// The bytes [begin, end) of the file that the excerpt underlines, after the
// span has been cut at the end of the file.
struct Visible {
  uint64_t begin;
  uint64_t end;
};

void AppendHex(uint64_t value, size_t width, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  for (size_t i = width; i > 0; --i) {
    out->push_back(kHex[(value >> (4 * (i - 1))) & 0xf]);
  }
}

size_t HexDigits(uint64_t value) {
  size_t digits = 1;
  while (value >>= 4) ++digits;
  return digits;
}

void WriteTrimmed(std::string line, std::ostream& out) {
  line.erase(line.find_last_not_of(' ') + 1);
  out << kIndent << line << '\n';
}

// Bytes that start at offset `base` of what they are part of (the file, or a
// decompressed section); `base` is a multiple of kRowBytes.
struct Excerpted {
  std::span<const std::byte> bytes;
  uint64_t base = 0;
  uint64_t end() const { return base + bytes.size(); }
};

// One row of up to 16 bytes. A row at or past the end of the bytes has only
// its offset, so a caret at the end of the file has a line to stand under.
void WriteRow(const Excerpted& file, uint64_t row, const Layout& layout,
              std::ostream& out) {
  const uint64_t start = row * kRowBytes;
  const uint64_t count = start >= file.base && start < file.end()
                             ? std::min<uint64_t>(kRowBytes, file.end() - start)
                             : 0;
  std::string line;
  AppendHex(start, layout.offset_width, &line);
  line.resize(layout.Width(), ' ');
  for (uint64_t i = 0; i < count; ++i) {
    const auto byte =
        static_cast<unsigned char>(file.bytes[start - file.base + i]);
    std::string hex;
    AppendHex(byte, 2, &hex);
    line.replace(layout.HexColumn(i), 2, hex);
    line[layout.AsciiColumn(i)] =
        byte >= 0x20 && byte < 0x7f ? static_cast<char>(byte) : '.';
  }
  if (count > 0) {
    line[layout.AsciiBar()] = '|';
    line[layout.AsciiColumn(count)] = '|';
  }
  WriteTrimmed(std::move(line), out);
}

// The carets under one row: "^^" under each underlined byte and '^' in the
// ASCII column, or a single '^' where an empty span sits.
void WriteUnderline(uint64_t row, const Visible& visible, const Layout& layout,
                    std::ostream& out) {
  const uint64_t start = row * kRowBytes;
  std::string line(layout.Width(), ' ');
  if (visible.begin == visible.end) {
    line[layout.HexColumn(visible.begin - start)] = '^';
  } else {
    const uint64_t from = std::max(visible.begin, start) - start;
    const uint64_t to = std::min(visible.end, start + kRowBytes) - start;
    for (uint64_t i = from; i < to; ++i) {
      line.replace(layout.HexColumn(i), 2, "^^");
      line[layout.AsciiColumn(i)] = '^';
    }
  }
  WriteTrimmed(std::move(line), out);
}

// Says how the span was cut, when it runs past the end of the file.
void WriteClampNote(uint64_t offset, uint64_t length, uint64_t size,
                    std::ostream& out) {
  if (offset > size || (offset == size && length > 0)) {
    out << kIndent << "(clamped: the span starts at " << offset
        << ", at or past the end of the file at " << size << ")\n";
  } else if (length > size - offset) {
    out << kIndent << "(clamped: " << length - (size - offset)
        << " bytes of the span lie past the end of the file at " << size
        << ")\n";
  }
}

// The rows of `file` around [offset, offset + length), cut at its end.
void WriteRows(const Excerpted& file, uint64_t offset, uint64_t length,
               std::ostream& out) {
  const uint64_t size = file.end();
  const uint64_t end =
      length > UINT64_MAX - offset ? UINT64_MAX : offset + length;
  const Visible visible{std::min(offset, size), std::min(end, size)};
  const uint64_t first = visible.begin / kRowBytes;
  const uint64_t last =
      visible.end > visible.begin ? (visible.end - 1) / kRowBytes : first;
  const bool has_before = first * kRowBytes > file.base;
  const bool has_after = (last + 1) * kRowBytes < size;
  const uint64_t last_printed = has_after ? last + 1 : last;
  const Layout layout{std::max<size_t>(8, HexDigits(last_printed * kRowBytes))};

  if (has_before) WriteRow(file, first - 1, layout, out);
  const bool elide = last - first + 1 > kMaxFullRows;
  for (uint64_t row = first; row <= last; ++row) {
    if (elide && row == first + 2) {
      out << kIndent << "...  (" << (last - first - 2) * kRowBytes
          << " bytes skipped)\n";
      row = last;
    }
    WriteRow(file, row, layout, out);
    WriteUnderline(row, visible, layout, out);
  }
  if (has_after) WriteRow(file, last + 1, layout, out);
}

// The decompressed bytes of a fault inside a compressed section, after a
// line that says which compressed span of the file holds them.
void WriteDecompressedExcerpt(const Diagnostic& d, std::ostream& out) {
  const DecompressedSpan& s = *d.decompressed;
  const uint64_t end = s.offset + s.length;
  out << kIndent << "compressed in " << d.offset << "+" << d.length
      << " of the file; decompressed bytes " << s.offset << ".." << end
      << ":\n";
  const Excerpted excerpt{
      std::as_bytes(std::span(s.excerpt.data(), s.excerpt.size())),
      s.excerpt_offset};
  WriteRows(excerpt, s.offset, s.length, out);
  if (end > excerpt.end()) {
    out << kIndent << "(" << end - std::max(s.offset, excerpt.end())
        << " more bytes of the span not shown)\n";
  }
}

}  // namespace

void WriteHexExcerpt(std::span<const std::byte> file, uint64_t offset,
                     uint64_t length, std::ostream& out) {
  WriteRows({file, 0}, offset, length, out);
  WriteClampNote(offset, length, file.size(), out);
}

void WriteTextWithContext(std::string_view path, const Report& report,
                          std::span<const std::byte> file, std::ostream& out) {
  for (const Diagnostic& diagnostic : report.diagnostics) {
    WriteTextDiagnostic(path, diagnostic, out);
    if (diagnostic.decompressed && !diagnostic.decompressed->excerpt.empty()) {
      WriteDecompressedExcerpt(diagnostic, out);
    } else {
      WriteHexExcerpt(file, diagnostic.offset, diagnostic.length, out);
    }
  }
  WriteTextSummary(path, report, out);
}

}  // namespace colcheck
