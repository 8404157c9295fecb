// Hex excerpts of the bytes a diagnostic points at, underlined the way a
// compiler underlines source. `colcheck validate --context` prints one under
// each diagnostic line:
//
// clang-format off
//   a.parquet:20+4: error[file.footer-length-out-of-bounds]: ...
//       00000000  50 41 52 31 15 04 15 f0  01 15 f0 01 4c 15 02 15  |PAR1........L...|
//       00000010  00 15 06 15 78 78 78 78  50 41 52 31              |....xxxxPAR1|
//                             ^^ ^^ ^^ ^^                                ^^^^
// clang-format on
//
// Rows are 16 bytes in the layout of `hexdump -C`; bytes outside 0x20..0x7e
// show as '.' in the ASCII column. The excerpt holds the rows of the span
// and one row of context on either side; a span of more than four rows shows
// its first two rows, a `...` line with the number of bytes left out, and its
// last row. A zero-length span gets a single '^' at its position (the end of
// the file included). A span that runs past the end of the file is cut at the
// end, and a note line says so.
//
// A fault inside a compressed page (Diagnostic::decompressed, with its
// excerpt) shows the decompressed bytes instead, offsets counted in the
// decompressed section, after a line that gives the compressed span:
//
//   compressed in 1234+9825 of the file; decompressed bytes 358..363:
//       00000150  ...

#ifndef COLCHECK_REPORTS_HEX_CONTEXT_H_
#define COLCHECK_REPORTS_HEX_CONTEXT_H_

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string_view>

#include "colcheck/colcheck.h"

namespace colcheck {

// Writes the excerpt of `file` for the span [offset, offset + length), each
// line indented by four spaces and ending with a newline.
void WriteHexExcerpt(std::span<const std::byte> file, uint64_t offset,
                     uint64_t length, std::ostream& out);

// As WriteText, with a hex excerpt of `file` (the whole file's bytes) under
// each diagnostic.
void WriteTextWithContext(std::string_view path, const Report& report,
                          std::span<const std::byte> file, std::ostream& out);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_HEX_CONTEXT_H_
