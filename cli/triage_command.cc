// `colcheck triage`: validates many files (typically a fuzzer's findings)
// and groups them by the signature of their first error; see
// reports/triage.h for the grouping and the two files it writes.

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "cli/batch.h"
#include "cli/commands.h"
#include "cli/inputs.h"
#include "colcheck/colcheck.h"
#include "reports/text.h"
#include "reports/triage.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

// The walk's messages read "PATH: MESSAGE", with a system error text that
// has no ": " of its own, so the last one separates the two.
void AddWalkError(std::string_view error, TriageBuilder* builder) {
  const size_t colon = error.rfind(": ");
  if (colon == std::string_view::npos) {
    builder->AddUnreadable(error, "");
  } else {
    builder->AddUnreadable(error.substr(0, colon), error.substr(colon + 2));
  }
}

// Writes `text` to `path` through a temporary file renamed into place, so a
// reader never sees half a triage. Returns false with a message on stderr.
bool WriteFileAtomically(const fs::path& path, const std::string& text) {
  fs::path temporary = path;
  temporary += ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << text;
    out.close();
    if (!out) {
      std::cerr << "colcheck: " << temporary.string() << ": cannot write\n";
      std::error_code ignored;
      fs::remove(temporary, ignored);
      return false;
    }
  }
  std::error_code error;
  fs::rename(temporary, path, error);
  if (error) {
    std::cerr << "colcheck: " << path.string() << ": " << error.message()
              << "\n";
    return false;
  }
  return true;
}

}  // namespace

int RunTriage(const CliArgs& args) {
  std::optional<FindingsResolver> resolver;
  std::string config_error;
  if (!MakeFindingsResolver(args.config, args.no_config, args.findings,
                            &resolver, &config_error)) {
    std::cerr << "colcheck: " << config_error << "\n";
    return kExitError;
  }
  std::vector<std::string> errors;
  const std::vector<std::string> files =
      CollectInputs(args.paths, &errors, WalkFilter::kAllFiles);
  TriageBuilder builder;
  for (const std::string& error : errors) {
    std::cerr << "colcheck: " << error << "\n";
    AddWalkError(error, &builder);
  }
  if (files.empty() && errors.empty()) {
    std::cerr << "colcheck: no files found\n";
    return kExitError;
  }

  ProgressLine progress = ProgressLine::OnStderr(files.size());
  const auto emit = [&](size_t i, FileOutcome outcome) {
    const std::string& path = files[i];
    if (!outcome.status.ok()) {
      const std::string_view message = IoErrorMessage(path, outcome.status);
      progress.Clear();
      std::cerr << IoErrorLine(path, message) << "\n";
      builder.AddUnreadable(path, message);
      progress.FileDone(false);
      return;
    }
    const bool invalid = outcome.report.verdict == Verdict::kInvalid;
    builder.AddFile(path, std::move(outcome.report));
    progress.FileDone(invalid);
  };
  // Triage looks at everything a file has to say, with the library's
  // default limits, under the findings rules of the config and the command
  // line, so a group's signature is an error under those rules.
  const size_t jobs = ResolveJobs(args.jobs, files.size());
  const auto options_for = [&](size_t i) {
    Options options;
    options.findings = resolver->For(files[i]).findings;
    options.threads = ThreadsPerFile(args, jobs);
    options.keys = args.keys;
    return options;
  };
  ValidateBatch(files, options_for, jobs, emit, [&] { progress.Tick(); });
  progress.Clear();
  const Triage triage = builder.Finish();

  const fs::path directory = args.output.empty() ? "." : args.output;
  std::error_code error;
  fs::create_directories(directory, error);
  if (error) {
    std::cerr << "colcheck: " << directory.string() << ": " << error.message()
              << "\n";
    return kExitError;
  }
  const fs::path json = directory / "triage.json";
  const fs::path markdown = directory / "triage.md";
  if (!WriteFileAtomically(json, RenderTriageJson(triage)) ||
      !WriteFileAtomically(markdown, RenderTriageMarkdown(triage))) {
    return kExitError;
  }

  size_t grouped = 0;
  for (const TriageGroup& group : triage.groups) grouped += group.files.size();
  if (!args.quiet) {
    std::cout << "triage: " << Plural(triage.files, "file", "files") << ": "
              << grouped << " with errors in "
              << Plural(triage.groups.size(), "group", "groups") << ", "
              << triage.no_error.size() << " without errors, "
              << triage.unreadable.size() << " unreadable\n"
              << "wrote " << markdown.string() << " and " << json.string()
              << "\n";
  }
  // Invalid files are what triage expects to see, so they do not change the
  // status; files that could not be read do, as they do for validate.
  return FinishOutput(triage.unreadable.empty() ? kExitOk : kExitError);
}

}  // namespace colcheck
