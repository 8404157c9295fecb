// `colcheck validate` and `colcheck codes`.

#include <unistd.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/baseline.h"
#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/file_mapping.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "core/limits.h"
#include "reports/codes_markdown.h"
#include "reports/file_report.h"
#include "reports/hex_context.h"
#include "reports/json.h"
#include "reports/sarif.h"
#include "reports/summary.h"
#include "reports/text.h"

namespace colcheck {
namespace {

// Where the reports go, one format each. Files arrive in input order.
class ReportOutput {
 public:
  virtual ~ReportOutput() = default;
  virtual void Add(const std::string& path, const Report& report) = 0;
  // Ends the output; `summary` tallies the whole run.
  virtual void Finish(const RunSummary& /*summary*/) {}
};

// The per-code table closes a run of several files, and any run that a
// baseline thinned; one file's findings are right above it already.
void WriteTextSummaryIfUseful(const RunSummary& summary) {
  if (summary.files() > 1 || summary.suppressed() > 0) {
    WriteTextRunSummary(summary, std::cout);
  }
}

class TextOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    WriteText(path, report, std::cout);
  }
  void Finish(const RunSummary& summary) override {
    WriteTextSummaryIfUseful(summary);
  }
};

// Text with a hex excerpt under each diagnostic. The file is mapped again
// here, after validation, because keeping every mapping of the reorder
// window alive would cost address space for nothing in the other formats.
class ContextOutput : public ReportOutput {
 public:
  // `stdin_path` opens the copy of standard input, if any.
  explicit ContextOutput(std::string stdin_path)
      : stdin_path_(std::move(stdin_path)) {}

  void Add(const std::string& path, const Report& report) override {
    FileMapping file;
    std::string error;
    const std::string& open_path = path == kStandardInput ? stdin_path_ : path;
    if (report.diagnostics.empty() || !file.Open(open_path, &error)) {
      // A file replaced or removed since it was validated still gets its
      // report, only without excerpts.
      WriteText(path, report, std::cout);
      return;
    }
    WriteTextWithContext(path, report, file.bytes(), std::cout);
  }
  void Finish(const RunSummary& summary) override {
    WriteTextSummaryIfUseful(summary);
  }

 private:
  std::string stdin_path_;
};

class JsonOutput : public ReportOutput {
 public:
  void Add(const std::string& path, const Report& report) override {
    writer_.AddFile(path, report);
  }
  void Finish(const RunSummary& summary) override { writer_.Finish(summary); }

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
  void Finish(const RunSummary&) override { writer_.Finish(); }

 private:
  SarifWriter writer_{&std::cout};
};

std::unique_ptr<ReportOutput> MakeOutput(const CliArgs& args,
                                         const std::string& stdin_path) {
  if (args.quiet) return nullptr;
  switch (args.format) {
    case CliFormat::kJson:
      return std::make_unique<JsonOutput>();
    case CliFormat::kJsonl:
      return std::make_unique<JsonLinesOutput>();
    case CliFormat::kSarif:
      return std::make_unique<SarifOutput>();
    default:
      if (args.context) return std::make_unique<ContextOutput>(stdin_path);
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
  std::cerr << "colcheck: " << Plural(skipped, "file", "files")
            << " skipped: no Parquet or ORC magic or name (--all-files "
               "validates them)\n";
}

// Copies standard input when `paths` names it (once at most, and not when
// --files-from read its list from there). False after printing why not.
bool SpoolStandardInputIfNamed(const CliArgs& args,
                               const std::vector<std::string>& paths,
                               SpooledInput* copy) {
  const auto named = std::count(paths.begin(), paths.end(), kStandardInput);
  if (named == 0) return true;
  if (named > 1 || args.files_from == kStandardInput) {
    std::cerr << "colcheck: standard input (-) can be read only once\n";
    return false;
  }
  std::string error;
  if (!copy->Spool(STDIN_FILENO, limits::kMaxSpooledInputBytes, &error)) {
    std::cerr << "colcheck: -: " << error << "\n";
    return false;
  }
  return true;
}

}  // namespace

// What a worker hands over for one file.
struct ValidateOutcome {
  FileOutcome file;
  FailOn fail_on = FailOn::kError;
  std::string hash;  // With --write-baseline.
};

int RunValidate(const CliArgs& args) {
  std::optional<FindingsResolver> resolver;
  std::string error;
  if (!MakeFindingsResolver(args.config, args.no_config, args.findings,
                            &resolver, &error)) {
    std::cerr << "colcheck: " << error << "\n";
    return kExitError;
  }
  Baseline baseline;
  if (!args.baseline.empty() &&
      !Baseline::Load(args.baseline, &baseline, &error)) {
    std::cerr << "colcheck: " << error << "\n";
    return kExitError;
  }
  std::optional<BaselineWriter> baseline_out;
  if (!args.write_baseline.empty()) baseline_out.emplace(args.write_baseline);

  std::vector<std::string> paths = args.paths;
  if (!args.files_from.empty() &&
      !ReadPathList(args.files_from, &paths, &error)) {
    std::cerr << "colcheck: --files-from " << error << "\n";
    return kExitError;
  }
  SpooledInput stdin_copy;
  if (!SpoolStandardInputIfNamed(args, paths, &stdin_copy)) {
    return kExitError;
  }
  std::vector<std::string> errors;
  size_t skipped = 0;
  const std::vector<std::string> files = CollectInputs(
      paths, &errors,
      args.all_files ? WalkFilter::kAllFiles : WalkFilter::kColumnarMagic,
      &skipped);
  bool io_error = !errors.empty();
  for (const std::string& error : errors) {
    std::cerr << "colcheck: " << error << "\n";
  }

  HttpOptions http;
  http.headers = args.headers;
  const size_t jobs = ResolveJobs(args.jobs, files.size());
  Options options;
  options.max_diagnostics = args.max_diagnostics;
  options.keys = args.keys;
  options.level = args.level;
  options.threads = ThreadsPerFile(args, jobs);
  options.decompressed_excerpts = args.context;
  const std::unique_ptr<ReportOutput> output =
      MakeOutput(args, stdin_copy.path());
  // --quiet silences the reports, not the sign of life on a terminal.
  ProgressLine progress = ProgressLine::OnStderr(files.size());
  // When stdout is the same terminal, each report must first erase the bar.
  const bool stdout_is_terminal = isatty(STDOUT_FILENO) == 1;
  bool any_fails = false;
  size_t validated = 0;
  RunSummary summary;
  const std::function<ValidateOutcome(size_t)> work = [&](size_t i) {
    const std::string& path = files[i];
    const std::string& open_path =
        path == kStandardInput ? stdin_copy.path() : path;
    const FilePolicy policy = resolver->For(path);
    Options file_options = options;
    file_options.findings = policy.findings;
    if (!args.baseline.empty()) {
      file_options.suppress = baseline.SuppressorFor(path);
    }
    ValidateOutcome outcome;
    outcome.fail_on = policy.fail_on;
    outcome.file.status = ValidateInput(path, open_path, file_options, http,
                                        &outcome.file.report);
    if (baseline_out && outcome.file.status.ok() &&
        !outcome.file.report.diagnostics.empty()) {
      outcome.hash = HashFileContent(open_path).value_or("");
    }
    return outcome;
  };
  const std::function<void(size_t, ValidateOutcome)> emit =
      [&](size_t i, ValidateOutcome outcome) {
        const std::string& path = files[i];
        const FileOutcome& file = outcome.file;
        if (!file.status.ok()) {
          // I/O errors are not verdicts: the file gets no entry in the
          // report, only a line on stderr and exit status 2.
          progress.Clear();
          std::cerr << IoErrorLine(path, IoErrorMessage(path, file.status))
                    << "\n";
          io_error = true;
          progress.FileDone(false);
          return;
        }
        ++validated;
        summary.Add(file.report);
        if (baseline_out) baseline_out->Add(path, file.report, outcome.hash);
        const bool invalid = file.report.verdict == Verdict::kInvalid;
        any_fails = any_fails || Fails(file.report, outcome.fail_on);
        if (output != nullptr) {
          if (stdout_is_terminal) progress.Clear();
          output->Add(path, file.report);
        }
        progress.FileDone(invalid);
      };
  RunOrdered<ValidateOutcome>(files.size(), jobs, WindowFor(jobs), work, emit,
                              [&] { progress.Tick(); });
  progress.Clear();
  if (output != nullptr) output->Finish(summary);
  // Even under -q: the exit status cannot tell that files went unchecked,
  // and no skip may pass silently.
  ReportSkipped(skipped);

  if (validated == 0 && !io_error) {
    // An empty directory is far more often a wrong path than a clean bill of
    // health.
    std::cerr << "colcheck: no Parquet or ORC files found\n";
    return FinishOutput(kExitError);
  }
  if (baseline_out) {
    if (!baseline_out->Write(&error)) {
      std::cerr << "colcheck: " << error << "\n";
      return FinishOutput(kExitError);
    }
    if (!args.quiet) {
      std::cerr << "colcheck: wrote "
                << Plural(baseline_out->findings(), "finding", "findings")
                << " to the baseline " << args.write_baseline << "\n";
    }
  }
  if (io_error) return FinishOutput(kExitError);
  return FinishOutput(any_fails ? kExitInvalid : kExitOk);
}

int RunCodes(const CliArgs& args) {
  if (args.paths.empty()) {
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
  // Named codes are looked up, to read what they mean; a group is a list to
  // scan, as the whole registry is.
  const bool only_codes = std::all_of(
      args.paths.begin(), args.paths.end(), [](const std::string& pattern) {
        return pattern.find('.') != std::string::npos &&
               !pattern.ends_with(".*");
      });
  switch (args.format) {
    case CliFormat::kJson:
      std::cout << RenderCodeSelectionJson(args.codes);
      break;
    case CliFormat::kMarkdown:
      std::cout << RenderCodeSelectionMarkdown(args.codes);
      break;
    default:
      std::cout << (only_codes ? RenderCodeEntriesText(args.codes)
                               : RenderCodeSelectionText(args.codes));
      break;
  }
  return FinishOutput(kExitOk);
}

}  // namespace colcheck
