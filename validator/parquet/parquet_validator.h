// Validates one Parquet file: the tail, the footer's Thrift encoding, then
// the rules over the decoded model.

#ifndef COLCHECK_PARQUET_PARQUET_VALIDATOR_H_
#define COLCHECK_PARQUET_PARQUET_VALIDATOR_H_

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "parquet/page_walk.h"

namespace colcheck::parquet {

struct ParquetOutcome {
  // The file is encrypted; parts that need keys were not checked.
  bool encrypted = false;
};

// Checks as deep as `level` goes (colcheck::Level). `hooks` reach the page
// walk (page_walk.h).
ParquetOutcome ValidateParquet(const ByteReader& file, Level level,
                               DiagnosticSink& sink,
                               const WalkHooks& hooks = {});

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_PARQUET_VALIDATOR_H_
