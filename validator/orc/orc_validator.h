// Validates one ORC file: the tail, the Footer and Metadata, then each
// stripe's footer and streams, as deep as the level asks.

#ifndef COLCHECK_ORC_ORC_VALIDATOR_H_
#define COLCHECK_ORC_ORC_VALIDATOR_H_

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"

namespace colcheck::orc {

// Whether the file looks like ORC: the header, or the PostScript magic
// just before psLen (so a file with a damaged header is still read as ORC).
bool LooksLikeOrc(const ByteReader& file);

// Levels: kFooter reads the tail, Footer, Metadata and type tree; kPages
// adds every stripe footer, its stream directory and the compression
// framing of every stream; kFull decodes the streams' values.
void ValidateOrc(const ByteReader& file, Level level, DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_ORC_VALIDATOR_H_
