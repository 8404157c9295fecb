#include "conformance/runner/runner.h"

#include <signal.h>
#include <string.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "core/limits.h"

namespace colcheck::conformance {
namespace {

constexpr std::string_view kOutcomeNames[kOutcomeCount] = {
    "pass",  "rejected-valid", "accepted-invalid", "wrong-values",
    "crash", "hang",           "unsupported"};

// The end of a reader's stderr that a report shows: its last lines, up to
// this many bytes.
constexpr size_t kMessageBytes = 2000;

std::string MessageOf(const std::string& err) {
  std::string_view text(err);
  while (!text.empty() &&
         (text.back() == '\n' || text.back() == '\r' || text.back() == ' ')) {
    text.remove_suffix(1);
  }
  if (text.size() > kMessageBytes)
    text = text.substr(text.size() - kMessageBytes);
  return std::string(text);
}

size_t CountLines(std::string_view text) {
  size_t lines = 0;
  bool content = false;
  for (const char c : text) {
    if (c == '\n') {
      lines += content ? 1 : 0;
      content = false;
    } else if (c != '\r') {
      content = true;
    }
  }
  return lines + (content ? 1 : 0);
}

std::string SignalText(int signal) {
  const char* name = sigabbrev_np(signal);
  return "signal " + std::to_string(signal) +
         (name != nullptr ? " (SIG" + std::string(name) + ")" : "");
}

bool NeedsBundle(const CaseResult& r) {
  return r.outcome == Outcome::kCrash || r.outcome == Outcome::kHang ||
         r.outcome == Outcome::kWrongValues || r.misread;
}

void WriteText(const std::filesystem::path& path, std::string_view text) {
  std::ofstream out(path, std::ios::binary);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
}

// OUT/bundles/READER/CASE/: everything an upstream issue needs.
std::string WriteBundle(const RunOptions& options, const Suite& suite,
                        const Reader& reader, const Case& c,
                        std::string_view rows, const ChildResult& child,
                        const CaseResult& r) {
  namespace fs = std::filesystem;
  const fs::path relative = fs::path("bundles") / reader.name / c.id;
  const fs::path dir = fs::path(options.out_dir) / relative;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) return "";
  const std::string file_name = fs::path(c.file).filename().string();
  fs::copy_file(suite.PathOf(c.file), dir / file_name,
                fs::copy_options::overwrite_existing, ec);
  WriteText(dir / "command.sh", "#!/bin/sh\n" + reader.command + " " +
                                    ShellQuote(file_name) + "\n");
  fs::permissions(dir / "command.sh", fs::perms::owner_exec,
                  fs::perm_options::add, ec);
  if (!rows.empty()) WriteText(dir / "expected.jsonl", rows);
  WriteText(dir / "actual.jsonl", child.out);
  WriteText(dir / "stderr.txt", child.err);
  std::string readme = "# " + reader.name + ": " +
                       std::string(OutcomeName(r.outcome)) + " on " + c.id +
                       "\n\n" + "Reader: `" + reader.command + "`";
  if (!reader.profile.version.empty()) {
    readme += " (" + reader.profile.reader + " " + reader.profile.version + ")";
  }
  readme += "\n\nFile: `" + file_name + "` (colcheck conformance suite v" +
            std::to_string(suite.version) + ", case `" + c.id + "`)\n\n" +
            "Rule: `" + c.rule + "`. " + c.spec + "\n\n";
  if (!c.description.empty()) readme += "Schema: `" + c.description + "`\n\n";
  readme += "What happened: " + r.detail + "\n\n";
  if (!r.difference.equal) {
    readme +=
        "First difference: row " + std::to_string(r.difference.row) +
        (r.difference.path.empty() ? "" : ", `" + r.difference.path + "`") +
        " (" + r.difference.reason +
        ")\n\n    expected: " + r.difference.expected +
        "\n    actual:   " + r.difference.actual + "\n\n";
  }
  readme +=
      "Reproduce: `sh command.sh` in this directory; expected.jsonl "
      "holds the rows the file holds, actual.jsonl what the reader "
      "printed, stderr.txt its messages.\n";
  WriteText(dir / "README.md", readme);
  return relative.string();
}

// Rows a reader printed for a case, kept for AttributeMisreads when the
// case is a baseline or has one (and they are small enough), else unset.
using KeptRows = std::vector<std::optional<std::string>>;

// Cases whose rows AttributeMisreads compares: baselines and the n_ cases
// that name them.
std::vector<bool> RowsToKeep(const Suite& suite) {
  std::set<std::string_view> baselines;
  for (const Case& c : suite.cases) {
    if (!c.baseline.empty()) baselines.insert(c.baseline);
  }
  std::vector<bool> keep(suite.cases.size());
  for (size_t i = 0; i < suite.cases.size(); ++i) {
    keep[i] = !suite.cases[i].baseline.empty() ||
              baselines.contains(suite.cases[i].id);
  }
  return keep;
}

// A misread is the fault's doing. When the reader reads the baseline (the
// file before the fault) right, its rows were compared with the expected
// ones already. When it reads the baseline to wrong rows, the n_ case is
// compared with those instead: rows that differ are what the fault did.
// When it does not read the baseline at all, nothing tells, and the n_
// case is an acceptance like any other; its bundle goes.
void AttributeMisreads(const Suite& suite, const RunOptions& options,
                       const KeptRows& kept, ReaderResults* rr) {
  std::map<std::string_view, size_t> index;
  for (size_t i = 0; i < suite.cases.size(); ++i) {
    index.emplace(suite.cases[i].id, i);
  }
  for (size_t i = 0; i < suite.cases.size(); ++i) {
    CaseResult& r = rr->cases[i];
    const std::string& baseline = suite.cases[i].baseline;
    const auto base = index.find(baseline);
    if (!r.misread || base == index.end()) continue;
    const Outcome outcome = rr->cases[base->second].outcome;
    if (outcome == Outcome::kPass) continue;
    if (outcome == Outcome::kWrongValues && kept[base->second] && kept[i]) {
      r.difference = CompareRows(*kept[base->second], *kept[i]);
      r.misread = !r.difference.equal;
      r.detail += r.misread ? "; its baseline " + baseline +
                                  " reads wrong too, and the difference is "
                                  "from the reader's own rows of it"
                            : "; no misread, as the rows are the reader's "
                              "own (wrong) rows of its baseline " +
                                  baseline;
    } else {
      r.misread = false;
      r.detail += "; no misread, as the reader's outcome on its baseline " +
                  baseline + " is " + std::string(OutcomeName(outcome));
    }
    if (r.misread || r.bundle.empty()) continue;
    if (!options.out_dir.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(
          std::filesystem::path(options.out_dir) / r.bundle, ec);
    }
    r.bundle.clear();
  }
}

}  // namespace

std::string_view OutcomeName(Outcome outcome) {
  return kOutcomeNames[static_cast<size_t>(outcome)];
}

bool ParseOutcome(std::string_view name, Outcome* outcome) {
  for (size_t i = 0; i < kOutcomeCount; ++i) {
    if (kOutcomeNames[i] == name) {
      *outcome = static_cast<Outcome>(i);
      return true;
    }
  }
  return false;
}

std::string ShellQuote(std::string_view text) {
  std::string quoted = "'";
  for (const char c : text) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

bool ParseReader(std::string_view text, Reader* reader, std::string* error) {
  const size_t eq = text.find('=');
  const std::string_view name = text.substr(0, eq);
  const bool name_ok =
      !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
               (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
      });
  if (eq == std::string_view::npos || !name_ok || eq + 1 == text.size()) {
    *error = "--reader needs NAME=COMMAND (NAME of [A-Za-z0-9._-]), got '" +
             std::string(text) + "'";
    return false;
  }
  reader->name = std::string(name);
  reader->command = std::string(text.substr(eq + 1));
  return true;
}

std::vector<Case> SelectCases(const Suite& suite,
                              const std::vector<std::string>& patterns) {
  std::set<std::string_view> wanted;
  for (const Case& c : suite.cases) {
    const bool matched =
        patterns.empty() || std::any_of(patterns.begin(), patterns.end(),
                                        [&](const std::string& p) {
                                          return MatchesPattern(p, c.id);
                                        });
    if (!matched) continue;
    wanted.insert(c.id);
    if (!c.baseline.empty()) wanted.insert(c.baseline);
  }
  std::vector<Case> selected;
  for (const Case& c : suite.cases) {
    if (wanted.contains(c.id)) selected.push_back(c);
  }
  return selected;
}

CaseResult Classify(const Case& c, std::string_view rows,
                    const ChildResult& child) {
  CaseResult r;
  r.id = c.id;
  r.seconds = child.seconds;
  r.peak_rss_bytes = child.peak_rss_bytes;
  r.message = MessageOf(child.err);
  using Ending = ChildResult::Ending;
  switch (child.ending) {
    case Ending::kNotStarted:
      r.outcome = Outcome::kCrash;
      r.detail = "did not start: " + child.error;
      return r;
    case Ending::kTimedOut:
      r.outcome = Outcome::kHang;
      r.detail = "killed after " +
                 std::to_string(static_cast<int>(child.seconds)) + " s";
      return r;
    case Ending::kOutOfMemory:
      r.outcome = Outcome::kCrash;
      r.detail = "killed past the memory limit, at " +
                 std::to_string(child.peak_rss_bytes >> 20) + " MiB resident";
      return r;
    case Ending::kSignaled:
      r.outcome = Outcome::kCrash;
      r.detail = "killed by " + SignalText(child.signal);
      return r;
    case Ending::kOutputLimit:
      r.detail = "stopped after printing more than the output limit";
      r.outcome = c.expect == Expect::kAccept   ? Outcome::kWrongValues
                  : c.expect == Expect::kReject ? Outcome::kAcceptedInvalid
                                                : Outcome::kPass;
      return r;
    case Ending::kExited:
      break;
  }
  if (child.status == kAdapterCrashStatus) {
    r.outcome = Outcome::kCrash;
    r.detail = "the reader failed (exit 3: a panic, trap or assertion)";
    return r;
  }
  if (child.status != 0) {
    r.detail = "rejected (exit " + std::to_string(child.status) + ")";
    r.outcome =
        c.expect == Expect::kAccept ? Outcome::kRejectedValid : Outcome::kPass;
    return r;
  }
  const size_t rows_read = CountLines(child.out);
  r.detail =
      "read " + std::to_string(rows_read) + (rows_read == 1 ? " row" : " rows");
  switch (c.expect) {
    case Expect::kAccept:
      r.difference = CompareRows(rows, child.out);
      r.outcome = r.difference.equal ? Outcome::kPass : Outcome::kWrongValues;
      break;
    case Expect::kReject:
      r.outcome = Outcome::kAcceptedInvalid;
      if (!rows.empty()) {
        r.difference = CompareRows(rows, child.out);
        r.misread = !r.difference.equal;
      }
      break;
    case Expect::kEither:
      r.outcome = Outcome::kPass;
      break;
  }
  return r;
}

bool RunSuite(
    const std::vector<Reader>& readers, const RunOptions& options,
    RunResults* results, std::string* error,
    const std::function<void(const Reader&, const CaseResult&)>& progress) {
  const Suite& suite = results->suite;
  std::vector<std::string> rows(suite.cases.size());
  for (size_t i = 0; i < suite.cases.size(); ++i) {
    const Case& c = suite.cases[i];
    if (!c.rows.empty() &&
        !ReadWholeFile(suite.PathOf(c.rows), &rows[i], error)) {
      return false;
    }
  }
  results->readers.clear();
  for (const Reader& reader : readers) {
    ReaderResults rr;
    rr.reader = reader;
    rr.cases.resize(suite.cases.size());
    results->readers.push_back(std::move(rr));
  }
  const std::vector<bool> keep = RowsToKeep(suite);
  std::vector<KeptRows> kept(readers.size(), KeptRows(suite.cases.size()));
  const size_t tasks = readers.size() * suite.cases.size();
  std::atomic<size_t> next{0};
  std::mutex progress_mutex;
  auto work = [&] {
    for (size_t t = next++; t < tasks; t = next++) {
      const size_t reader_index = t / suite.cases.size();
      const size_t case_index = t % suite.cases.size();
      const Reader& reader = readers[reader_index];
      const Case& c = suite.cases[case_index];
      CaseResult r;
      if (const Exclusion* e = reader.profile.Excluding(c)) {
        r.id = c.id;
        r.outcome = Outcome::kUnsupported;
        r.detail = e->key + ": " + e->evidence;
      } else {
        const ChildResult child =
            RunChild(reader.command, suite.PathOf(c.file), options.limits);
        r = Classify(c, rows[case_index], child);
        if (keep[case_index] && child.ending == ChildResult::Ending::kExited &&
            child.status == 0 &&
            child.out.size() <= limits::kMaxKeptReaderOutputBytes) {
          kept[reader_index][case_index] = child.out;
        }
        if (NeedsBundle(r) && !options.out_dir.empty()) {
          r.bundle = WriteBundle(options, suite, reader, c, rows[case_index],
                                 child, r);
        }
      }
      if (progress) {
        std::lock_guard<std::mutex> lock(progress_mutex);
        progress(reader, r);
      }
      results->readers[reader_index].cases[case_index] = std::move(r);
    }
  };
  std::vector<std::thread> threads;
  const size_t jobs = std::max<size_t>(1, std::min(options.jobs, tasks));
  for (size_t i = 1; i < jobs; ++i) threads.emplace_back(work);
  work();
  for (std::thread& thread : threads) thread.join();
  for (size_t i = 0; i < results->readers.size(); ++i) {
    ReaderResults& rr = results->readers[i];
    AttributeMisreads(suite, options, kept[i], &rr);
    for (const CaseResult& r : rr.cases)
      ++rr.counts[static_cast<size_t>(r.outcome)];
  }
  return true;
}

}  // namespace colcheck::conformance
