#include "cli/batch.h"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iostream>

#include "cli/args.h"
#include "cli/inputs.h"

namespace colcheck {
namespace {

constexpr size_t kBarWidth = 20;

// "0:07", "12:34", "1:02:03".
std::string FormatDuration(uint64_t seconds) {
  char buffer[32];
  const uint64_t hours = seconds / 3600;
  const uint64_t minutes = seconds / 60 % 60;
  const uint64_t secs = seconds % 60;
  if (hours > 0) {
    std::snprintf(buffer, sizeof(buffer), "%llu:%02llu:%02llu",
                  static_cast<unsigned long long>(hours),
                  static_cast<unsigned long long>(minutes),
                  static_cast<unsigned long long>(secs));
  } else {
    std::snprintf(buffer, sizeof(buffer), "%llu:%02llu",
                  static_cast<unsigned long long>(minutes),
                  static_cast<unsigned long long>(secs));
  }
  return buffer;
}

// Whole files per second once that is meaningful, one decimal below 10 so
// slow runs of big files do not read "0 files/s".
std::string FormatRate(double rate) {
  char buffer[32];
  if (rate >= 10) {
    std::snprintf(buffer, sizeof(buffer), "%.0f", rate);
  } else {
    std::snprintf(buffer, sizeof(buffer), "%.1f", rate);
  }
  return buffer;
}

}  // namespace

size_t ResolveJobs(size_t requested, size_t inputs) {
  const size_t jobs = requested > 0 ? requested : Processors();
  return std::max<size_t>(1, std::min({jobs, inputs, kMaxJobs}));
}

void ValidateBatch(const std::vector<std::string>& files,
                   const Options& options, size_t jobs,
                   const std::function<void(size_t, FileOutcome)>& emit,
                   const std::function<void()>& idle) {
  ValidateBatch(
      files, [&options](size_t) { return options; }, jobs, emit, idle);
}

void ValidateBatch(const std::vector<std::string>& files,
                   const std::function<Options(size_t)>& options_for,
                   size_t jobs,
                   const std::function<void(size_t, FileOutcome)>& emit,
                   const std::function<void()>& idle) {
  const std::function<FileOutcome(size_t)> work = [&](size_t i) {
    FileOutcome outcome;
    outcome.status = ValidateInput(files[i], files[i], options_for(i),
                                   HttpOptions(), &outcome.report);
    return outcome;
  };
  RunOrdered<FileOutcome>(files.size(), jobs, WindowFor(jobs), work, emit,
                          idle);
}

std::string_view IoErrorMessage(std::string_view path, const Status& status) {
  const std::string_view message = status.message();
  if (message.starts_with(path) &&
      message.substr(path.size()).starts_with(": ")) {
    return message.substr(path.size() + 2);
  }
  return message;
}

std::string FormatProgress(const ProgressState& state) {
  const size_t filled = state.total == 0 ? kBarWidth
                                         : std::min(state.done, state.total) *
                                               kBarWidth / state.total;
  std::string line = "[";
  line.append(filled, '#');
  line.append(kBarWidth - filled, '.');
  line += "] " + std::to_string(state.done) + "/" +
          std::to_string(state.total) + " files  " +
          std::to_string(state.invalid) + " invalid";
  if (state.done == 0 || state.elapsed_seconds <= 0) return line;
  const double rate = static_cast<double>(state.done) / state.elapsed_seconds;
  line += "  " + FormatRate(rate) + " files/s";
  const size_t remaining =
      state.total > state.done ? state.total - state.done : 0;
  const auto eta =
      static_cast<uint64_t>(std::ceil(static_cast<double>(remaining) / rate));
  line += "  ETA " + FormatDuration(eta);
  return line;
}

ProgressLine::ProgressLine(bool enabled,
                           std::function<void(std::string_view)> write,
                           size_t total, Clock::time_point start,
                           Clock::duration delay, Clock::duration period)
    : enabled_(enabled),
      write_(std::move(write)),
      start_(start),
      delay_(delay),
      period_(period) {
  state_.total = total;
}

ProgressLine ProgressLine::OnStderr(size_t total) {
  const auto write = [](std::string_view text) {
    std::cout.flush();
    std::cerr << text << std::flush;
  };
  // COLCHECK_PROGRESS_DELAY_MS (milliseconds before the line shows) lets a
  // test see the line on a run of any length, not only on a slow machine.
  Clock::duration delay = std::chrono::seconds(1);
  if (const char* ms = std::getenv("COLCHECK_PROGRESS_DELAY_MS")) {
    delay = std::chrono::milliseconds(std::strtoul(ms, nullptr, 10));
  }
  return ProgressLine(isatty(STDERR_FILENO) == 1, write, total, Clock::now(),
                      delay);
}

void ProgressLine::FileDone(bool invalid, Clock::time_point now) {
  ++state_.done;
  if (invalid) ++state_.invalid;
  MaybeDraw(now);
}

void ProgressLine::Tick(Clock::time_point now) { MaybeDraw(now); }

void ProgressLine::Clear() {
  if (!shown_) return;
  // \x1b[K erases to the end of the line: the cursor is back at column 0.
  write_("\r\x1b[K");
  shown_ = false;
}

void ProgressLine::MaybeDraw(Clock::time_point now) {
  if (!enabled_ || state_.done >= state_.total) return;
  if (now - start_ < delay_) return;
  if (last_draw_ && now - *last_draw_ < period_) return;
  last_draw_ = now;
  state_.elapsed_seconds = std::chrono::duration<double>(now - start_).count();
  write_("\r" + FormatProgress(state_) + "\x1b[K");
  shown_ = true;
}

}  // namespace colcheck
