// colcheck rows: a file's rows as the validator decodes them (`colcheck
// cat`), for both formats, so colcheck can serve as the reference reader
// that other readers are compared with.
//
// The rows come from the full validation pass, through the same decoders,
// so what is read here is exactly what the diagnostics speak of. A file
// with faults gives the rows before the first one that breaks a column,
// and RowsResult::stop says where reading ended and why.
//
//   colcheck::RowsOptions options;
//   options.max_rows = 10;
//   MySink sink;  // a colcheck::RowSink
//   colcheck::RowsResult result;
//   colcheck::Status status =
//       colcheck::ReadRowsInFile("a.parquet", options, &sink, &result);
//
// Nested values follow the file's schema: a Parquet group or ORC STRUCT is
// a kStruct cell; a LIST (and Parquet's legacy two-level lists, and a bare
// repeated field) is a kList of its elements; a MAP is a kList of kStruct
// entries named "key" and "value"; an ORC UNION is a kStruct of "tag" and
// "value".

#ifndef COLCHECK_ROWS_H_
#define COLCHECK_ROWS_H_

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"

namespace colcheck {

// One value of a row: a scalar typed by its column, a list, or a struct.
struct Cell {
  enum class Kind : uint8_t { kNull, kValue, kList, kStruct };
  Kind kind = Kind::kNull;
  Value value;              // kValue.
  std::vector<Cell> items;  // kList: the elements; kStruct: the fields,
                            // in schema order.
  std::string name;         // A kStruct field's name; "" elsewhere.
};

struct RowsOptions {
  // At most this many rows are read (cat --head).
  uint64_t max_rows = std::numeric_limits<uint64_t>::max();
  // The fields to keep, by dotted path (a top-level field, or a nested
  // one such as "a.b"); empty keeps every field. A nested path keeps its
  // ancestors' structs with only the fields asked for.
  std::vector<std::string> columns;
  // Only this row group (Parquet) or stripe (ORC), counted from 0; -1 for
  // all of them.
  int64_t group = -1;
  size_t max_diagnostics = Options().max_diagnostics;
  // An encrypted Parquet file's keys (Options::keys).
  DecryptionKeys keys;
};

// Where reading stopped before the end of the rows asked for.
struct RowsStop {
  bool stopped = false;
  int64_t group = -1;   // The row group or stripe it stopped in.
  std::string column;   // The path of the column that broke, or "".
  uint64_t offset = 0;  // The file span that broke it (a page, a stream,
  uint64_t length = 0;  // a footer), when known.
  // The first error diagnostic in that span (or of the file, when the
  // span is unknown), if any; `reason` says what happened either way.
  std::optional<Diagnostic> cause;
  std::string reason;
};

struct RowsResult {
  Format format = Format::kUnknown;
  uint64_t rows = 0;        // Rows handed to the sink.
  int64_t total_rows = -1;  // What the footer declares, or -1.
  // The top-level fields of every row, in order, after RowsOptions::columns.
  std::vector<std::string> fields;
  RowsStop stop;
  Report report;  // The validation of the same pass.
};

class RowSink {
 public:
  virtual ~RowSink() = default;
  // One row: a kStruct cell whose items are the top-level fields.
  virtual void Row(const Cell& row) = 0;
};

// Reads the rows of `data` into `sink`. Returns an error (and reads
// nothing) when options.columns names a field the schema lacks or
// options.group is past the file's groups; a file that does not decode is
// not an error: its faults are in result->report, and result->stop says
// where reading stopped.
Status ReadRows(std::span<const std::byte> data, const RowsOptions& options,
                RowSink* sink, RowsResult* result);
// The same for the file at `path`, mapped; an IoError when it cannot be
// read.
Status ReadRowsInFile(const std::string& path, const RowsOptions& options,
                      RowSink* sink, RowsResult* result);

}  // namespace colcheck

#endif  // COLCHECK_ROWS_H_
