// `colcheck cat FILE`: the rows of FILE as the validator decodes them
// (colcheck/rows.h), written to stdout as they come, as JSON Lines, CSV or
// one JSON document (reports/rows.h).
//
// Exit status: 0 when every row asked for was read (whatever else the
// validation found: the rows are what the file holds), 1 when a fault
// stopped reading before that, 2 when the file cannot be read or the
// options do not fit it (a field it lacks, a group past its end).

#include <algorithm>
#include <cstddef>
#include <iostream>
#include <span>
#include <string>
#include <string_view>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "colcheck/colcheck.h"
#include "colcheck/rows.h"
#include "reports/rows.h"

namespace colcheck {
namespace {

RowsFormat RowsFormatOf(CliFormat format) {
  switch (format) {
    case CliFormat::kCsv:
      return RowsFormat::kCsv;
    case CliFormat::kJson:
      return RowsFormat::kJson;
    default:
      return RowsFormat::kJsonl;
  }
}

// The format the pass will read `path` as, which the JSON document names
// before the first row: ReadRows goes by the magics alone, as SniffFormat
// does. kUnknown when the file cannot be mapped; ReadRowsInFile says why.
Format SniffFileFormat(const std::string& path) {
  FileMapping mapping;
  std::string error;
  if (!mapping.Open(path, &error)) return Format::kUnknown;
  const std::span<const std::byte> bytes = mapping.bytes();
  const size_t n = std::min(kSniffBytes, bytes.size());
  return SniffFormat(bytes.first(n), bytes.last(n));
}

// Writes each row out as the reader hands it on, so that no row is kept.
class StdoutRows : public RowSink {
 public:
  StdoutRows(RowsFormat rows_format, std::string_view path, Format format)
      : renderer_(rows_format, path, format, &buffer_) {}

  void Row(const Cell& row) override {
    renderer_.Row(row);
    Flush();
  }
  void Finish(const RowsResult& result) {
    renderer_.Finish(result);
    Flush();
  }

 private:
  void Flush() {
    std::cout << buffer_;
    buffer_.clear();
  }

  std::string buffer_;
  RowsRenderer renderer_;
};

}  // namespace

int RunCat(const CliArgs& args) {
  const std::string& path = args.paths.front();
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  RowsOptions options;
  options.max_rows = args.head;
  options.columns = args.columns;
  options.group = args.group;
  options.keys = args.keys;
  StdoutRows sink(RowsFormatOf(args.format), path, SniffFileFormat(open_path));
  RowsResult result;
  const Status status = ReadRowsInFile(open_path, options, &sink, &result);
  if (!status.ok()) return FinishUnreadable(path, status);
  sink.Finish(result);
  if (result.stop.stopped && !args.quiet) {
    std::cerr << RowsStopLine(path, result) << "\n";
  }
  WriteDiagnosticsDigest(args, path, result.report);
  return FinishOutput(result.stop.stopped ? kExitInvalid : kExitOk);
}

}  // namespace colcheck
