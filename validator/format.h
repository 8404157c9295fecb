// The one place that decides a file's format: a table of format drivers,
// each with its sniff (does the file carry this format's magic?) and its
// validation pass. ValidateBytes, InspectBytes, SniffFormat and, through
// SniffFormat, the CLI's directory walk all choose through it.

#ifndef COLCHECK_FORMAT_H_
#define COLCHECK_FORMAT_H_

#include <cstddef>
#include <span>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/pass_hooks.h"

namespace colcheck {

struct FormatDriver {
  Format format;
  // Whether the file's first bytes (`head`) or last bytes (`tail`), at
  // least kSniffBytes of each where the file has them, carry the magic.
  bool (*sniff)(std::span<const std::byte> head,
                std::span<const std::byte> tail);
  PassOutcome (*validate)(const ByteReader& file, Level level,
                          DiagnosticSink& sink, const PassHooks& hooks);
};

// The driver that reads `file`: the format whose magic it carries (ORC
// first, as a PostScript magic is the stronger sign), else the `expected`
// one, else Parquet's, which reports bytes with neither magic as
// file.unrecognized-format.
const FormatDriver& ChooseDriver(const ByteReader& file, Format expected);

}  // namespace colcheck

#endif  // COLCHECK_FORMAT_H_
