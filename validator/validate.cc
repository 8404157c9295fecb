// The public entry points: reading files, verdicts. The format is chosen
// in format.cc.

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/decode_counts.h"
#include "core/diagnostics.h"
#include "core/mapped_file.h"
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
  const DecodeCounts& now = ThreadDecodeCounts();
  Work work;
  work.decompressed_bytes = now.decompressed_bytes - before.decompressed_bytes;
  work.level_steps = now.level_steps - before.level_steps;
  work.value_batches = now.value_batches - before.value_batches;
  work.orc_steps = now.orc_steps - before.orc_steps;
  return work;
}

}  // namespace

Report ValidateWithHooks(std::span<const std::byte> data,
                         const Options& options, const PassHooks& hooks) {
  const DecodeCounts before = ThreadDecodeCounts();
  const ByteReader file(data);
  DiagnosticSink sink(options);
  const FormatDriver& driver = ChooseDriver(file, options.expected_format);
  const PassOutcome outcome = driver.validate(file, options.level, sink, hooks);
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

Status ValidateFile(const std::string& path, const Options& options,
                    Report* report) {
  return WalkMappedFile(
      path, [&](std::span<const std::byte> data, const PassHooks& hooks) {
        *report = ValidateWithHooks(data, options, hooks);
      });
}

}  // namespace colcheck
