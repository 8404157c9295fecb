// The ORC file tail (ORCv1.md "File Tail"), read from the end of the file:
//
//   0      3                        T0          M          F            P    L-1  L
//   +------+------------------------+-----------+----------+------------+----+
//   | ORC  | stripes ...            | encrypted | Metadata | Footer     | PS |psLen
//   |      |                        | stripe    | (stripe  | (types,    |    | (1 B)
//   |      |                        | stats     |  stats)  |  stripes)  |    |
//   +------+------------------------+-----------+----------+------------+----+
//                                    <-- ssl --><-- ml ---><--- fl ---><psLen>
//
// psLen is the last byte; the PostScript (never compressed, ending with
// field 8000 "ORC") gives the lengths fl = footer_length, ml =
// metadata_length and ssl = stripe_statistics_length, the compression kind
// and the chunk size for everything before it.

#ifndef COLCHECK_ORC_TAIL_H_
#define COLCHECK_ORC_TAIL_H_

#include <cstdint>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/wire_decoder.h"
#include "orc/compression.h"
#include "orc/metadata.h"

namespace colcheck::orc {

// The "ORC" magic that starts the file.
inline constexpr uint64_t kHeaderLength = 3;

struct Tail {
  PostScript postscript;
  ByteSpan ps_len;             // The file's last byte.
  ByteSpan postscript_bytes;   // The PostScript.
  ByteSpan footer;             // The regions the PostScript's lengths give.
  ByteSpan metadata;
  ByteSpan stripe_statistics;  // Starts at T0, where the stripes must end.
  int64_t compression = kNone;
  uint64_t block_size = kDefaultCompressionBlockSize;  // Effective.
};

// Reads psLen and the PostScript and checks them (T1-T9). Returns false when
// the sections cannot be located, so nothing before the PostScript can be
// read; `tail` is then partial. `trace`, when given, sees the PostScript's
// fields as they are decoded.
bool ReadTail(const ByteReader& file, DiagnosticSink& sink, Tail* tail,
              FieldTrace* trace = nullptr);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_TAIL_H_
