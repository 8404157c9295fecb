// `colcheck meta`, `sizes` and `pages FILE`: views of one inspection that
// differ only in their renderers (reports/meta.h, sizes.h, pages.h).
//
// Exit status: 0 when the validation at the level read finds no error, 1
// when it does (the view is still printed, as far as the file decoded), 2
// when the file cannot be read.

#include <iostream>
#include <string>
#include <string_view>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "reports/explain.h"
#include "reports/meta.h"
#include "reports/pages.h"
#include "reports/sizes.h"

namespace colcheck {
namespace {

using Renderer = std::string (*)(std::string_view path,
                                 const Inspection& inspection);

// What a view needs of the inspection besides the layout.
struct ViewNeeds {
  // The page indexes, and the full level so that each page's nulls and
  // rows are counted.
  bool page_index = false;
  bool footer_fields = false;
};

int RunView(const CliArgs& args, Renderer text, Renderer json,
            ViewNeeds needs = {}) {
  const std::string& path = args.paths.front();
  InspectOptions options;
  // Page headers place dictionaries and data apart, and give ORC's
  // stripe footers; values are not needed.
  options.level = needs.page_index ? Level::kFull : Level::kPages;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  options.page_index = needs.page_index;
  options.footer_fields = needs.footer_fields;
  SpooledInput copy;
  std::string open_path;
  if (!OpenInspected(args, &copy, &open_path)) return FinishOutput(kExitError);
  Inspection inspection;
  const Status status = InspectFile(open_path, options, &inspection);
  if (!status.ok()) return FinishUnreadable(path, status);
  std::cout << (args.format == CliFormat::kJson ? json : text)(path,
                                                               inspection);
  if (args.format != CliFormat::kJson) {
    WriteDiagnosticsDigest(args, path, inspection.report);
  }
  return FinishInspection(inspection.report);
}

}  // namespace

int RunMeta(const CliArgs& args) {
  if (args.raw) {
    return RunView(args, RenderFooterFieldsText, RenderFooterFieldsJson,
                   {.page_index = false, .footer_fields = true});
  }
  return RunView(args, RenderMetaText, RenderMetaJson);
}

int RunSizes(const CliArgs& args) {
  return RunView(args, RenderSizesText, RenderSizesJson);
}

int RunPages(const CliArgs& args) {
  return RunView(args, RenderPagesText, RenderPagesJson,
                 {.page_index = true, .footer_fields = false});
}

}  // namespace colcheck
