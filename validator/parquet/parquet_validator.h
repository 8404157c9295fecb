// Validates one Parquet file: the tail, the footer's Thrift encoding, then
// the rules over the decoded model.

#ifndef COLCHECK_PARQUET_PARQUET_VALIDATOR_H_
#define COLCHECK_PARQUET_PARQUET_VALIDATOR_H_

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/pass_hooks.h"
#include "parquet/page_walk.h"

namespace colcheck::parquet {

// Checks as deep as `level` goes (colcheck::Level). `hooks` reach the page
// walk (page_walk.h).
PassOutcome ValidateParquet(const ByteReader& file, Level level,
                            DiagnosticSink& sink, const PassHooks& hooks = {});

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_PARQUET_VALIDATOR_H_
