// ReadRows: one full validation pass with each format's row reader
// attached; the reader of the format the pass chose finishes the rows.

#include "colcheck/rows.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "core/pass_hooks.h"
#include "core/strings.h"
#include "inspect/rows_internal.h"
#include "validate_internal.h"

namespace colcheck {
namespace rows {

bool SelectFields(std::span<const std::string> columns,
                  std::span<const FieldNode> nodes, std::vector<bool>* keep,
                  std::string* error) {
  keep->assign(nodes.size(), columns.empty());
  for (const std::string& column : columns) {
    bool found = false;
    for (size_t i = 0; i < nodes.size(); ++i) {
      const std::string& path = nodes[i].path;
      if (path.empty()) continue;
      const bool inside = path.size() > column.size() &&
                          path.starts_with(column) &&
                          path[column.size()] == '.';
      if (path != column && !inside) continue;
      found = true;
      // The node, and its ancestors up to the root (parents come first,
      // so each is already placed).
      for (int32_t at = static_cast<int32_t>(i); at >= 0 && !(*keep)[at];
           at = nodes[at].parent) {
        (*keep)[at] = true;
      }
    }
    if (!found) {
      *error = StrCat("the file has no field \"", column, "\"");
      return false;
    }
  }
  return true;
}

void RowEmitter::Stop(int64_t group, std::string_view column, ByteSpan span,
                      std::string reason) {
  RowsStop& stop = result_->stop;
  if (stop.stopped) return;
  stop.stopped = true;
  stop.group = group;
  stop.column = std::string(column);
  stop.offset = span.offset;
  stop.length = span.length;
  stop.reason = std::move(reason);
}

bool RowEmitter::Hold(uint64_t bytes, uint64_t file_size, int64_t group,
                      std::string_view what) {
  const uint64_t limit = limits::RowsHeldBytesFor(file_size);
  if (held_ + bytes <= limit) {
    held_ += bytes;
    return true;
  }
  if (!over_limit_) {
    over_limit_ = true;
    Stop(group, "", {},
         StrCat("the ", what, " holds more than colcheck's limit of ",
                limit >> 20,
                " MiB of decoded values (read fewer columns or "
                "rows, or one ",
                what, ")"));
  }
  return false;
}

}  // namespace rows

namespace {

bool Overlaps(const Diagnostic& d, const RowsStop& stop) {
  const uint64_t end = d.offset + std::max<uint64_t>(d.length, 1);
  return d.offset < stop.offset + stop.length && stop.offset < end;
}

// The first error in the bytes that stopped reading, else the file's first.
std::optional<Diagnostic> Cause(const Report& report, const RowsStop& stop) {
  const Diagnostic* first = nullptr;
  for (const Diagnostic& d : report.diagnostics) {
    if (d.severity != Severity::kError) continue;
    if (stop.length > 0 && Overlaps(d, stop)) return d;
    if (first == nullptr) first = &d;
  }
  if (first == nullptr) return std::nullopt;
  return *first;
}

Status Read(std::span<const std::byte> data, const RowsOptions& options,
            PassHooks hooks, RowSink* sink, RowsResult* result) {
  *result = RowsResult();
  const ByteReader file(data);
  rows::RowEmitter emitter(options, sink, result);
  rows::ParquetRows parquet = rows::MakeParquetRows(file, emitter);
  rows::OrcRows orc = rows::MakeOrcRows(file, emitter);
  hooks.parquet_observer = parquet.observer;
  hooks.tap = parquet.tap;
  hooks.orc_observer = orc.observer;
  Options validation;
  validation.level = Level::kFull;
  validation.max_diagnostics = options.max_diagnostics;
  validation.keys = options.keys;
  result->report = ValidateWithHooks(data, validation, hooks);
  result->format = result->report.format;
  if (result->format == Format::kOrc) {
    orc.reader->Finish();
  } else if (result->format == Format::kParquet) {
    parquet.reader->Finish();
  } else {
    emitter.Stop(-1, "", {}, "the file is neither Parquet nor ORC");
  }
  if (!emitter.error().empty()) return Status::InvalidArgument(emitter.error());
  if (result->stop.stopped) {
    result->stop.cause = Cause(result->report, result->stop);
  }
  return Status::Ok();
}

}  // namespace

Status ReadRows(std::span<const std::byte> data, const RowsOptions& options,
                RowSink* sink, RowsResult* result) {
  return Read(data, options, {}, sink, result);
}

Status ReadRowsInFile(const std::string& path, const RowsOptions& options,
                      RowSink* sink, RowsResult* result) {
  Status read = Status::Ok();
  const Status opened = WalkMappedFile(
      path, [&](std::span<const std::byte> data, const PassHooks& hooks) {
        read = Read(data, options, hooks, sink, result);
      });
  return opened.ok() ? read : opened;
}

}  // namespace colcheck
