// The Parquet file tail: leading magic, footer, footer length, trailing
// magic (parquet-format README "File Format"; Encryption.md 5.4, 5.5).
//
//   0        4                                   size-8     size-4   size
//   +--------+------ ... ------+----------------+----------+--------+
//   | "PAR1" | column chunks   | footer         | len (LE) | "PAR1" |
//   +--------+------ ... ------+----------------+----------+--------+
//                              <---- len ------>
//
// With an encrypted footer both magics are "PARE" and the footer is a
// plaintext FileCryptoMetaData followed by the encrypted FileMetaData. With
// a plaintext footer in an encrypted file the magics stay "PAR1" and the
// FileMetaData is followed by a 28-byte signature (12-byte nonce, 16-byte
// GCM tag).

#ifndef COLCHECK_PARQUET_TAIL_H_
#define COLCHECK_PARQUET_TAIL_H_

#include <cstddef>
#include <span>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"

namespace colcheck::parquet {

inline constexpr uint64_t kMagicSize = 4;
inline constexpr uint64_t kFooterSignatureSize = 28;

struct Tail {
  bool encrypted_footer = false;  // The trailing magic is "PARE".
  // One magic is PAR1 and the other PARE. Which one is wrong depends on
  // the footer, so ReadTail leaves it to the caller to report.
  bool magic_mismatch = false;
  ByteSpan footer;  // The `len` bytes before the length.
};

// Checks the magics and the footer length. Returns false when no footer can
// be located, after reporting why (file.* or limits.footer-size).
bool ReadTail(const ByteReader& file, DiagnosticSink& sink, Tail* out);

// Whether the file's first bytes (`head`) or last bytes (`tail`) are PAR1
// or PARE: either end suffices, so a file with one damaged magic is still
// read, and reported, as Parquet.
bool HasParquetMagic(std::span<const std::byte> head,
                     std::span<const std::byte> tail);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_TAIL_H_
