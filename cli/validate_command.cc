// `colcheck validate` and `colcheck codes`.

#include <unistd.h>

#include <iostream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "reports/codes_markdown.h"
#include "reports/file_report.h"
#include "reports/hex_context.h"
#include "reports/json.h"
#include "reports/sarif.h"
#include "reports/text.h"

namespace colcheck {
namespace {

// Where the reports go, one format each. Files arrive in input order.
class ReportOutput {
 public:
  virtual ~ReportOutput() = default;
  virtual void Add(const std::string& path, const Report& report) = 0;
  virtual void Finish() {}
};

class TextOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    WriteText(path, report, std::cout);
  }
};

// Text with a hex excerpt under each diagnostic. The file is mapped again
// here, after validation, because keeping every mapping of the reorder
// window alive would cost address space for nothing in the other formats.
class ContextOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    FileMapping file;
    std::string error;
    if (report.diagnostics.empty() || !file.Open(path, &error)) {
      // A file replaced or removed since it was validated still gets its
      // report, only without excerpts.
      WriteText(path, report, std::cout);
      return;
    }
    WriteTextWithContext(path, report, file.bytes(), std::cout);
  }
};

class JsonOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    writer_.AddFile(path, report);
  }
  void Finish() override { writer_.Finish(); }

 private:
  JsonReportWriter writer_{&std::cout};
};

class JsonLinesOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    line_.clear();
    AppendJsonFile(path, report, &line_);
    line_.push_back('\n');
    // Flushed per line so that a consumer (or a cluster job's log) sees
    // each file as soon as it is done, and a killed run leaves whole lines.
    std::cout << line_ << std::flush;
  }

 private:
  std::string line_;
};

class SarifOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    writer_.AddFile(path, report);
  }
  void Finish() override { writer_.Finish(); }

 private:
  SarifWriter writer_{&std::cout};
};

std::unique_ptr<ReportOutput> MakeOutput(const CliArgs& args) {
  if (args.quiet) return nullptr;
  switch (args.format) {
    case CliFormat::kJson:
      return std::make_unique<JsonOutput>();
    case CliFormat::kJsonl:
      return std::make_unique<JsonLinesOutput>();
    case CliFormat::kSarif:
      return std::make_unique<SarifOutput>();
    default:
      if (args.context) return std::make_unique<ContextOutput>();
      return std::make_unique<TextOutput>();
  }
}

// Whether `report` makes the exit status 1 under --fail-on. An invalid
// verdict always has an error, so kError is the default behaviour.
bool Fails(const Report& report, FailOn fail_on) {
  const SeverityCounts counts = CountSeverities(report);
  switch (fail_on) {
    case FailOn::kError:
      return report.verdict == Verdict::kInvalid;
    case FailOn::kWarning:
      return report.verdict == Verdict::kInvalid || counts.warnings > 0;
    case FailOn::kInfo:
      return !report.diagnostics.empty();
    case FailOn::kNever:
      return false;
  }
  return true;
}

// "3 files skipped: no Parquet or ORC magic or name (--all-files validates
// them)", so that a directory of broken files never passes unnoticed.
void ReportSkipped(size_t skipped) {
  if (skipped == 0) return;
  std::cerr << "colcheck: " << skipped << (skipped == 1 ? " file" : " files")
            << " skipped: no Parquet or ORC magic or name (--all-files "
               "validates them)\n";
}

}  // namespace

int RunValidate(const CliArgs& args) {
  std::vector<std::string> errors;
  size_t skipped = 0;
  const std::vector<std::string> files = CollectInputs(
      args.paths, &errors,
      args.all_files ? WalkFilter::kAllFiles : WalkFilter::kColumnarMagic,
      &skipped);
  bool io_error = !errors.empty();
  for (const std::string& error : errors) {
    std::cerr << "colcheck: " << error << "\n";
  }

  Options options;
  options.max_diagnostics = args.max_diagnostics;
  options.level = args.level;
  const std::unique_ptr<ReportOutput> output = MakeOutput(args);
  // --quiet silences the reports, not the sign of life on a terminal.
  ProgressLine progress = ProgressLine::OnStderr(files.size());
  // When stdout is the same terminal, each report must first erase the bar.
  const bool stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
  bool any_fails = false;
  size_t validated = 0;
  const auto emit = [&](size_t i, FileOutcome outcome) {
    const std::string& path = files[i];
    if (!outcome.status.ok()) {
      // I/O errors are not verdicts: the file gets no entry in the report,
      // only a line on stderr and exit status 2.
      progress.Clear();
      std::cerr << IoErrorLine(path, IoErrorMessage(path, outcome.status))
                << "\n";
      io_error = true;
      progress.FileDone(false);
      return;
    }
    ++validated;
    const bool invalid = outcome.report.verdict == Verdict::kInvalid;
    any_fails = any_fails || Fails(outcome.report, args.fail_on);
    if (output != nullptr) {
      if (stdout_is_terminal) progress.Clear();
      output->Add(path, outcome.report);
    }
    progress.FileDone(invalid);
  };
  ValidateBatch(files, options, ResolveJobs(args.jobs), emit,
                [&] { progress.Tick(); });
  progress.Clear();
  if (output != nullptr) output->Finish();
  ReportSkipped(skipped);

  if (validated == 0 && !io_error) {
    // An empty directory is far more often a wrong path than a clean bill of
    // health.
    std::cerr << "colcheck: no Parquet or ORC files found\n";
    return FinishOutput(kExitError);
  }
  if (io_error) return FinishOutput(kExitError);
  return FinishOutput(any_fails ? kExitInvalid : kExitOk);
}

int RunCodes(const CliArgs& args) {
  switch (args.format) {
    case CliFormat::kJson:
      std::cout << RenderCodesJson();
      break;
    case CliFormat::kMarkdown:
      std::cout << RenderCodesMarkdown();
      break;
    default:
      std::cout << RenderCodesText();
      break;
  }
  return FinishOutput(kExitOk);
}

}  // namespace colcheck
