// `colcheck bloom FILE COLUMN VALUE...`: whether a column's bloom filters
// may contain each VALUE, per Parquet row group or per row group of each ORC
// stripe (colcheck/bloom_probe.h, reports/bloom.h).
//
// Exit status: 0 when probed and the validation (at the pages level) finds
// no error, 1 when it does (the answers are still printed), 2 when the file
// cannot be read, COLUMN names no column that holds values, or a VALUE does
// not parse for the column's type.

#include <iostream>
#include <span>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "colcheck/bloom_probe.h"
#include "colcheck/inspect.h"
#include "reports/bloom.h"
#include "reports/text.h"

namespace colcheck {

int RunBloom(const CliArgs& args) {
  const std::string& path = args.paths[0];
  const std::string& column = args.paths[1];
  const std::span<const std::string> values =
      std::span<const std::string>(args.paths).subspan(2);
  // The pages level reads every ORC stripe footer, which places the
  // streams; the filters themselves are read below.
  InspectOptions options;
  options.level = Level::kPages;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  if (inspection.report.verdict == Verdict::kEncrypted &&
      inspection.schema.fields.empty()) {
    std::cerr << "colcheck: " << path
              << ": the footer is encrypted; its columns and bloom filters "
                 "need the keys, which colcheck does not take\n";
    return FinishOutput(kExitError);
  }
  const Schema& schema = inspection.schema;
  const bool no_columns = schema.kind == SchemaKind::kOrcTypes
                              ? schema.orc_types.empty()
                              : schema.leaves.empty();
  if (no_columns && inspection.report.verdict == Verdict::kInvalid) {
    // The file's fault, not the command line's: its columns cannot be read.
    std::cerr << "colcheck: " << path
              << ": no column can be read; the file is invalid\n";
    WriteDiagnosticsDigest(args, path, inspection.report);
    return FinishInspection(inspection.report);
  }
  FileMapping mapping;
  std::string error;
  if (!mapping.Open(open_path, &error)) {
    std::cerr << IoErrorLine(path, error) << "\n";
    return FinishOutput(kExitError);
  }
  BloomProbe probe;
  status =
      ProbeBloomFilters(mapping.bytes(), inspection, column, values, &probe);
  if (!status.ok()) {
    std::cerr << "colcheck: " << path << ": " << status.message()
              << "; `colcheck schema` lists the columns and their types\n";
    return FinishOutput(kExitError);
  }
  if (args.format == CliFormat::kJson) {
    std::cout << RenderBloomJson(path, inspection.report, probe);
  } else {
    std::cout << RenderBloomText(probe);
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  return FinishInspection(inspection.report);
}

}  // namespace colcheck
