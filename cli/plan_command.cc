// `colcheck plan FILE [--format text|json] [--data]`: what each leaf
// column becomes in common readers and where values change on the way
// (colcheck/read_plan.h); --data also decodes every page and counts the
// values each hazard affects.
//
// Exit status: 0 when the validation finds no error, 1 when it does (the
// plan is still printed), 2 when the file cannot be read. ORC files exit 0
// with the verdict unsupported and no columns.

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>
#include <vector>

#include "cli/commands.h"
#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"
#include "reports/plan.h"
#include "reports/text.h"

namespace colcheck {
namespace {

bool ReadWholeFile(const std::string& path, std::vector<std::byte>* out,
                   std::string* error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    *error = std::strerror(errno);
    return false;
  }
  std::vector<char> chars((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  if (in.bad()) {
    *error = std::strerror(errno);
    return false;
  }
  out->resize(chars.size());
  for (size_t i = 0; i < chars.size(); ++i) {
    (*out)[i] = static_cast<std::byte>(chars[i]);
  }
  return true;
}

}  // namespace

int RunPlan(const CliArgs& args) {
  const std::string& path = args.paths.front();
  InspectOptions options;
  options.max_diagnostics = args.max_diagnostics;
  Inspection inspection;
  std::vector<std::byte> bytes;
  if (args.data) {
    // The counts need the bytes a second time, so they are read once here.
    std::string error;
    if (!ReadWholeFile(path, &bytes, &error)) {
      std::cerr << IoErrorLine(path, error) << "\n";
      return FinishOutput(kExitError);
    }
    inspection = InspectBytes(bytes, options);
  } else {
    options.level = Level::kFooter;  // Types come from the footer alone.
    const Status status = InspectFile(path, options, &inspection);
    if (!status.ok()) {
      std::cerr << IoErrorLine(path, status.message()) << "\n";
      return FinishOutput(kExitError);
    }
  }
  ReadPlan plan = PlanColumns(inspection);
  if (args.data) CountHazards(bytes, inspection, &plan);
  const bool orc = inspection.report.format == Format::kOrc;
  if (args.format == CliFormat::kJson) {
    std::cout << RenderPlanJson(path, inspection, plan, args.data);
  } else if (orc) {
    std::cout << path
              << ": ORC read plans come with the ORC validator (issue 7); "
                 "verdict unsupported\n";
  } else {
    std::cout << RenderPlanText(inspection, plan, args.data);
    if (inspection.report.verdict == Verdict::kInvalid) {
      WriteTextDiagnostics(path, inspection.report, std::cerr);
    }
  }
  if (orc) return FinishOutput(kExitOk);
  return FinishOutput(inspection.report.verdict == Verdict::kInvalid
                          ? kExitInvalid
                          : kExitOk);
}

}  // namespace colcheck
