// `colcheck dictionary FILE COLUMN`: a Parquet column's dictionary pages,
// or an ORC string column's stripe dictionaries (reports/dictionary.h).
// COLUMN is a leaf's dotted path, as `colcheck schema` prints it, or its
// column index (ORC: its column id).
//
// Exit status: 0 when the full validation finds no error, 1 when it does
// (the entries read are still printed), 2 when the file cannot be read or
// COLUMN names no column.

#include <iostream>
#include <optional>
#include <string>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "reports/dictionary.h"

namespace colcheck {
namespace {

// Whether the footer stayed encrypted: no schema, and an encryption.*
// finding about the file as a whole (no field), the footer module's.
bool FooterLeftEncrypted(const Inspection& inspection) {
  if (!inspection.schema.fields.empty()) return false;
  for (const Diagnostic& d : inspection.report.diagnostics) {
    if (Info(d.code).name.starts_with("encryption.") && d.field.empty()) {
      return true;
    }
  }
  return false;
}

}  // namespace

int RunDictionary(const CliArgs& args) {
  const std::string& path = args.paths[0];
  const std::string& column_name = args.paths[1];
  InspectOptions options;
  options.level = Level::kFull;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  const bool orc = inspection.schema.kind == SchemaKind::kOrcTypes;
  const std::optional<size_t> column =
      orc ? FindOrcColumn(inspection.schema, column_name)
          : FindLeafColumn(inspection.schema, column_name);
  if (!column && FooterLeftEncrypted(inspection)) {
    std::cerr << "colcheck: " << path << ": the footer is encrypted and was "
              << "not decrypted, so no column is known; give its key "
              << "(--footer-key, --key-id or --keys)\n";
    return FinishOutput(kExitError);
  }
  if (!column) {
    std::cerr << "colcheck: " << path << ": no " << (orc ? "" : "leaf ")
              << "column '" << column_name
              << "'; `colcheck schema` lists them\n";
    return FinishOutput(kExitError);
  }
  std::vector<Dictionary> dictionaries;
  status = ReadDictionariesInFile(open_path, inspection, *column, SIZE_MAX,
                                  &dictionaries, args.keys);
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
