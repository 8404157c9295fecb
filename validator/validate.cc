// The public entry points: reading files, verdicts. The format is chosen
// in format.cc.

#include <algorithm>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/decode_counts.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/mapped_file.h"
#include "core/ordered_runner.h"
#include "core/source_image.h"
#include "format.h"
#include "validate_internal.h"

namespace colcheck {

namespace {

Report Finish(Report report, DiagnosticSink& sink) {
  report.diagnostics = sink.Take();
  report.suppressed = sink.suppressed();
  report.complete = !sink.hit_limit();
  return report;
}

Verdict VerdictOf(const DiagnosticSink& sink, const PassOutcome& outcome) {
  if (sink.has_errors()) return Verdict::kInvalid;
  return outcome.encrypted ? Verdict::kEncrypted : Verdict::kValid;
}

// The steps this thread's decoders took since `before`.
Work WorkSince(const DecodeCounts& before) {
  const DecodeCounts steps = StepsSince(before);
  Work work;
  work.decompressed_bytes = steps.decompressed_bytes;
  work.level_steps = steps.level_steps;
  work.value_batches = steps.value_batches;
  work.orc_steps = steps.orc_steps;
  return work;
}

// Below this size, starting threads costs more than they save.
constexpr uint64_t kAutoThreadsMinBytes = uint64_t{4} << 20;

// Options::threads for a file of `size` bytes.
size_t ThreadsFor(const Options& options, uint64_t size) {
  if (options.suppress) return 1;
  const size_t threads =
      options.threads != 0
          ? options.threads
          : (size >= kAutoThreadsMinBytes ? Processors() : 1);
  return std::min(threads, limits::kMaxThreads);
}

}  // namespace

Report ValidateWithHooks(std::span<const std::byte> data,
                         const Options& options, const PassHooks& hooks) {
  const DecodeCounts before = ThreadDecodeCounts();
  const ByteReader file(data);
  DiagnosticSink sink(options);
  const FormatDriver& driver = ChooseDriver(file, options.expected_format);
  PassHooks pass = hooks;
  pass.threads = ThreadsFor(options, data.size());
  if (!options.keys.empty()) pass.keys = &options.keys;
  const PassOutcome outcome = driver.validate(file, options.level, sink, pass);
  Report report;
  report.size = data.size();
  // Bytes with neither magic are of no format, unless the caller names
  // the format whose driver read them: a Parquet name makes them a
  // Parquet file that is not one.
  report.format =
      outcome.unrecognized && options.expected_format != driver.format
          ? Format::kUnknown
          : driver.format;
  report.verdict = VerdictOf(sink, outcome);
  report.work = WorkSince(before);
  return Finish(std::move(report), sink);
}

Report ValidateBytes(std::span<const std::byte> data, const Options& options) {
  return ValidateWithHooks(data, options, {});
}

Status WalkMappedFile(const std::string& path,
                      const std::function<void(std::span<const std::byte> data,
                                               const PassHooks& hooks)>& run) {
  MappedFile file;
  Status status = file.Open(path);
  if (!status.ok()) return status;
  PassHooks hooks;
  hooks.release = [&file](ByteSpan span) { file.Release(span); };
  run(file.bytes(), hooks);
  return Status::Ok();
}

Status ValidateSourceImage(ByteSource& source, const Options& options,
                           bool strict, uint64_t tail_bytes, Report* report) {
  SourceImage image(source);
  Status status = image.Open(strict);
  if (!status.ok()) return status;
  const uint64_t size = image.bytes().size();
  // What the sniff reads, and what the drivers will read first.
  const uint64_t tail = std::min(size, std::max(tail_bytes, kSniffBytes));
  image.Fetch({size - tail, tail}, size);
  image.Fetch({0, kSniffBytes}, kSniffBytes);
  Report result;
  {
    ReleaseBatch released([&image](ByteSpan span) { image.Release(span); },
                          kReleaseBatchBytes);
    PassHooks hooks;
    hooks.release = [&released](ByteSpan span) { released.Add(span); };
    hooks.fetch = [&image](ByteSpan need, uint64_t limit) {
      image.Fetch(need, limit);
    };
    result = ValidateWithHooks(image.bytes(), options, hooks);
  }
  status = image.status();
  if (!status.ok()) return status;
  result.fetched = image.fetched();
  *report = std::move(result);
  return Status::Ok();
}

Status ValidateSource(ByteSource& source, const Options& options,
                      Report* report) {
  // The footer of most files, and the whole of small ones, in one read.
  return ValidateSourceImage(source, options, /*strict=*/false,
                             kSourceTailBytes, report);
}

Status ValidateFile(const std::string& path, const Options& options,
                    Report* report) {
  return WalkMappedFile(
      path, [&](std::span<const std::byte> data, const PassHooks& hooks) {
        *report = ValidateWithHooks(data, options, hooks);
      });
}

}  // namespace colcheck
