// The pieces of ReadRows (rows.cc): the bookkeeping both formats share
// (which fields a selection keeps, handing rows on, where reading stopped)
// and each format's reader, an observer of the validation pass that
// assembles rows from the values it decodes (rows_parquet.cc, rows_orc.cc).

#ifndef COLCHECK_INSPECT_ROWS_INTERNAL_H_
#define COLCHECK_INSPECT_ROWS_INTERNAL_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/rows.h"
#include "core/byte_reader.h"
#include "core/pass_hooks.h"
#include "core/span.h"

namespace colcheck::rows {

// One node of a schema, as the selection sees it.
struct FieldNode {
  std::string path;     // Dotted, from the root's child down; "" at the root.
  int32_t parent = -1;  // Index of the parent node; -1 at the root.
};

// Which nodes of `nodes` (parents before children) RowsOptions::columns
// keeps: a node whose path is asked for, its descendants and its
// ancestors. Every node when `columns` is empty. Returns false, with
// `*error` naming the path, when a path matches no node.
bool SelectFields(std::span<const std::string> columns,
                  std::span<const FieldNode> nodes, std::vector<bool>* keep,
                  std::string* error);

// Hands rows to the sink and keeps the result's counts, for both formats.
class RowEmitter {
 public:
  RowEmitter(const RowsOptions& options, RowSink* sink, RowsResult* result)
      : options_(options), sink_(sink), result_(result) {}

  const RowsOptions& options() const { return options_; }
  RowsResult& result() { return *result_; }

  // Whether group `group` is read: RowsOptions::group is unset or names it.
  bool WantsGroup(int64_t group) const {
    return options_.group < 0 || options_.group == group;
  }
  // Rows still wanted: 0 once max_rows are out or reading stopped.
  uint64_t RowsLeft() const {
    if (result_->stop.stopped || error_.size() > 0) return 0;
    return options_.max_rows - result_->rows;
  }
  void Emit(const Cell& row) {
    if (RowsLeft() == 0) return;
    sink_->Row(row);
    ++result_->rows;
  }
  // Reading stops in `group`, at the column `column` (its path, or ""),
  // broken by the bytes of `span` (empty when unknown), because `reason`.
  // Only the first stop counts.
  void Stop(int64_t group, std::string_view column, ByteSpan span,
            std::string reason);

  // Counts `bytes` more held for the group being read (`group`, a "row
  // group" or "stripe"), against limits::RowsHeldBytesFor the file's
  // `file_size`. Past it, stops reading once, naming colcheck's limit, and
  // returns false.
  bool Hold(uint64_t bytes, uint64_t file_size, int64_t group,
            std::string_view what);
  // A new group starts: nothing is held.
  void ReleaseHeld() { held_ = 0; }
  bool over_limit() const { return over_limit_; }

  // The options do not fit the file (a field it lacks, a group past its
  // end): ReadRows returns this, and no row is handed on.
  void Fail(std::string error) {
    if (error_.empty()) error_ = std::move(error);
  }
  const std::string& error() const { return error_; }

 private:
  const RowsOptions& options_;
  RowSink* sink_;
  RowsResult* result_;
  std::string error_;
  uint64_t held_ = 0;
  bool over_limit_ = false;
};

// Each format's reader observes the pass through its hooks, and finishes
// once the pass is over: rows it still holds are assembled and handed on.
class FormatRows {
 public:
  virtual ~FormatRows() = default;
  virtual void Finish() = 0;
};

struct ParquetRows {
  std::unique_ptr<FormatRows> reader;
  parquet::Observer* observer = nullptr;
  parquet::ValueTap* tap = nullptr;
};
ParquetRows MakeParquetRows(const ByteReader& file, RowEmitter& emitter);

struct OrcRows {
  std::unique_ptr<FormatRows> reader;
  orc::Observer* observer = nullptr;
};
OrcRows MakeOrcRows(const ByteReader& file, RowEmitter& emitter);

}  // namespace colcheck::rows

#endif  // COLCHECK_INSPECT_ROWS_INTERNAL_H_
