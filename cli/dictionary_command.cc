// `colcheck dictionary FILE COLUMN`: a Parquet column's dictionary pages
// (reports/dictionary.h). COLUMN is a leaf's dotted path, as `colcheck
// schema` prints it, or its column index.
//
// Exit status: 0 when the full validation finds no error, 1 when it does
// (the entries read are still printed), 2 when the file cannot be read,
// COLUMN names no leaf, or the file is ORC, whose dictionaries this
// command does not read yet.

#include <iostream>
#include <optional>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "reports/dictionary.h"

namespace colcheck {

int RunDictionary(const CliArgs& args) {
  const std::string& path = args.paths[0];
  const std::string& column_name = args.paths[1];
  InspectOptions options;
  options.level = Level::kFull;
  options.max_diagnostics = args.max_diagnostics;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  if (inspection.schema.kind == SchemaKind::kOrcTypes) {
    std::cerr << "colcheck: " << path
              << ": dictionary reads Parquet files only; `colcheck pages` "
                 "lists an ORC file's DICTIONARY_DATA streams\n";
    return FinishOutput(kExitError);
  }
  const std::optional<size_t> column =
      FindLeafColumn(inspection.schema, column_name);
  if (!column) {
    std::cerr << "colcheck: " << path << ": no leaf column '" << column_name
              << "'; `colcheck schema` lists them\n";
    return FinishOutput(kExitError);
  }
  std::vector<Dictionary> dictionaries;
  status = ReadDictionariesInFile(open_path, inspection, *column, SIZE_MAX,
                                  &dictionaries);
  if (!status.ok()) return FinishUnreadable(path, status);
  if (args.format == CliFormat::kJson) {
    std::cout << RenderDictionaryJson(path, inspection, *column, dictionaries);
  } else {
    std::cout << RenderDictionaryText(inspection, *column, dictionaries);
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  return FinishInspection(inspection.report);
}

}  // namespace colcheck
