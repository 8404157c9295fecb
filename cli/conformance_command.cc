// `colcheck conformance run|report|export|list`: the reader conformance
// suite (conformance/README.md). The runner is conformance/runner/, the
// renderings reports/conformance.h; this file finds the suite and the
// profiles, and writes what the runner and renderers make.
//
// Exit status: run 1 when any reader failed a case (any outcome but pass
// and unsupported), else 0; report, export and list 0; 2 for usage and
// I/O errors.

#include <filesystem>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

#include "cli/command_support.h"
#include "cli/commands.h"
#include "conformance/runner/results.h"
#include "conformance/runner/runner.h"
#include "reports/conformance.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;
using conformance::Outcome;

// The conformance directory: the environment's COLCHECK_CONFORMANCE_DIR
// (an exported copy), else the copy installed beside the binary
// (../share/colcheck/conformance), so an installed colcheck runs the suite
// of its own version, else the source tree colcheck was built from.
fs::path ConformanceDir() {
  if (const char* dir = std::getenv("COLCHECK_CONFORMANCE_DIR");
      dir != nullptr && *dir != '\0') {
    return dir;
  }
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path installed =
      exe.parent_path().parent_path() / "share/colcheck/conformance";
  if (!ec && fs::is_directory(installed / "suite", ec)) return installed;
  return COLCHECK_CONFORMANCE_DIR;
}

fs::path SuiteDir(const CliArgs& args) {
  return fs::absolute(args.suite.empty() ? ConformanceDir() / "suite"
                                         : fs::path(args.suite));
}

int Fail(const std::string& message) {
  std::cerr << "colcheck: " << message << "\n";
  return FinishOutput(kExitError);
}

bool LoadSelected(const CliArgs& args, conformance::Suite* suite,
                  std::string* error) {
  conformance::Suite all;
  if (!conformance::LoadSuite(SuiteDir(args).lexically_normal().string(), &all,
                              error)) {
    return false;
  }
  *suite = all;
  suite->cases = conformance::SelectCases(all, args.cases);
  if (suite->cases.empty()) {
    *error = "no case of the suite matches --case";
    return false;
  }
  return true;
}

// A --reader: NAME=COMMAND, or NAME alone for the command of its profile,
// run from the directory above the suite's conformance/ (the repository's
// root, where peers/ is). Either way the profile NAME.json, when there is
// one, says what the reader does not support.
bool ResolveReader(const std::string& text, const fs::path& profiles,
                   conformance::Reader* reader, std::string* error) {
  const bool has_command = text.find('=') != std::string::npos;
  if (has_command && !conformance::ParseReader(text, reader, error)) {
    return false;
  }
  // The name alone is checked as ParseReader checks it; the command
  // comes from the profile below.
  if (!has_command &&
      !conformance::ParseReader(text + "=profile", reader, error)) {
    return false;
  }
  const fs::path profile = profiles / (reader->name + ".json");
  if (fs::exists(profile)) {
    if (!conformance::LoadProfile(profile.string(), &reader->profile, error)) {
      return false;
    }
    reader->has_profile = true;
  }
  if (has_command) return true;
  if (!reader->has_profile || reader->profile.command.empty()) {
    *error = "--reader " + text + ": no profile " + profile.string() +
             " with a command; give --reader " + text + "=COMMAND";
    return false;
  }
  reader->command =
      "cd " +
      conformance::ShellQuote(profiles.parent_path().parent_path().string()) +
      " && " + reader->profile.command;
  return true;
}

bool AnyFailure(const conformance::RunResults& results) {
  for (const conformance::ReaderResults& rr : results.readers) {
    for (size_t i = 0; i < conformance::kOutcomeCount; ++i) {
      const auto outcome = static_cast<Outcome>(i);
      if (outcome != Outcome::kPass && outcome != Outcome::kUnsupported &&
          rr.counts[i] > 0) {
        return true;
      }
    }
  }
  return false;
}

int RunReaders(const CliArgs& args) {
  conformance::RunResults results;
  std::string error;
  if (!LoadSelected(args, &results.suite, &error)) return Fail(error);
  const fs::path profiles =
      fs::path(results.suite.dir).parent_path() / "profiles";
  std::vector<conformance::Reader> readers;
  for (const std::string& text : args.readers) {
    conformance::Reader reader;
    if (!ResolveReader(text, profiles, &reader, &error)) return Fail(error);
    readers.push_back(std::move(reader));
  }
  conformance::RunOptions options;
  if (args.timeout_seconds > 0) {
    options.limits.seconds = static_cast<double>(args.timeout_seconds);
  }
  if (args.memory_mib > 0) {
    options.limits.memory_bytes = static_cast<uint64_t>(args.memory_mib) << 20;
  }
  options.jobs = args.jobs > 0
                     ? args.jobs
                     : std::max(1u, std::thread::hardware_concurrency());
  const fs::path out =
      args.output.empty() ? "conformance-results" : args.output;
  options.out_dir = out.string();
  std::error_code ec;
  fs::create_directories(out, ec);
  if (ec) return Fail(out.string() + ": " + ec.message());
  auto progress = [&](const conformance::Reader& reader,
                      const conformance::CaseResult& r) {
    if (args.quiet) return;
    if (r.outcome == Outcome::kCrash || r.outcome == Outcome::kHang ||
        r.outcome == Outcome::kWrongValues) {
      std::cerr << reader.name << ": " << conformance::OutcomeName(r.outcome)
                << " on " << r.id << ": " << r.detail << "\n";
    }
  };
  if (!conformance::RunSuite(readers, options, &results, &error, progress)) {
    return Fail(error);
  }
  const std::string json = RenderConformanceJson(results);
  const fs::path results_path = out / "results.json";
  if (!WriteFileAtomically(results_path.string(), json, &error)) {
    return Fail(results_path.string() + ": " + error);
  }
  std::cout << (args.format == CliFormat::kJson
                    ? json
                    : RenderConformanceText(results));
  if (!args.quiet)
    std::cerr << "colcheck: results in " << results_path.string() << "\n";
  return FinishOutput(AnyFailure(results) ? kExitInvalid : kExitOk);
}

int RenderReport(const CliArgs& args) {
  conformance::RunResults merged;
  std::string error;
  for (size_t i = 1; i < args.paths.size(); ++i) {
    conformance::RunResults one;
    if (!conformance::ReadResults(args.paths[i], &one, &error) ||
        !conformance::MergeResults(std::move(one), &merged, &error)) {
      return Fail(args.paths[i] + ": " + error);
    }
  }
  const std::string text =
      args.format == CliFormat::kHtml   ? RenderConformanceHtml(merged)
      : args.format == CliFormat::kJson ? RenderConformanceJson(merged)
                                        : RenderConformanceText(merged);
  if (args.output.empty()) {
    std::cout << text;
    return FinishOutput(kExitOk);
  }
  if (!WriteFileAtomically(args.output, text, &error)) {
    return Fail(args.output + ": " + error);
  }
  return FinishOutput(kExitOk);
}

// Copies the suite, the profiles and the README, so DIR is a conformance/
// directory of its own (COLCHECK_CONFORMANCE_DIR=DIR finds it).
int Export(const CliArgs& args) {
  const fs::path suite = SuiteDir(args);
  const fs::path to = args.paths[1];
  conformance::Suite check;
  std::string error;
  if (!conformance::LoadSuite(suite.string(), &check, &error))
    return Fail(error);
  std::error_code ec;
  if (fs::exists(to, ec) && !fs::is_empty(to, ec)) {
    return Fail(to.string() + ": exists and is not empty");
  }
  fs::create_directories(to, ec);
  const auto options = fs::copy_options::recursive;
  fs::copy(suite, to / "suite", options, ec);
  const fs::path root = suite.parent_path();
  if (!ec && fs::exists(root / "profiles")) {
    fs::copy(root / "profiles", to / "profiles", options, ec);
  }
  if (!ec && fs::exists(root / "README.md")) {
    fs::copy_file(root / "README.md", to / "README.md", ec);
  }
  if (ec) return Fail(to.string() + ": " + ec.message());
  if (!args.quiet) {
    std::cerr << "colcheck: " << check.cases.size() << " cases in "
              << (to / "suite").string() << "\n";
  }
  return FinishOutput(kExitOk);
}

int List(const CliArgs& args) {
  conformance::Suite suite;
  std::string error;
  if (!LoadSelected(args, &suite, &error)) return Fail(error);
  if (args.format == CliFormat::kJson) {
    conformance::RunResults results;
    results.suite = suite;
    std::cout << RenderConformanceJson(results);
  } else {
    std::cout << RenderConformanceCases(suite.cases);
  }
  return FinishOutput(kExitOk);
}

}  // namespace

int RunConformance(const CliArgs& args) {
  const std::string& sub = args.paths.front();
  if (sub == "run") return RunReaders(args);
  if (sub == "report") return RenderReport(args);
  if (sub == "export") return Export(args);
  return List(args);
}

}  // namespace colcheck
