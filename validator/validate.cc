// The public entry points: format sniffing, reading files, verdicts.

#include "validate_internal.h"

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/mapped_file.h"
#include "orc/orc_validator.h"
#include "parquet/footer.h"
#include "parquet/parquet_validator.h"

namespace colcheck {

namespace {

// The magics decide; the expected format only breaks the tie of a file
// that carries neither.
bool ReadAsOrc(const ByteReader& file, Format expected) {
  if (orc::LooksLikeOrc(file)) return true;
  return expected == Format::kOrc && !parquet::HasParquetMagic(file);
}

Report Finish(Report report, DiagnosticSink& sink) {
  report.diagnostics = sink.Take();
  report.suppressed = sink.suppressed();
  report.complete = !sink.hit_limit();
  return report;
}

}  // namespace

Report ValidateWithHooks(std::span<const std::byte> data,
                         const Options& options,
                         const parquet::WalkHooks& hooks) {
  const ByteReader file(data);
  DiagnosticSink sink(options);
  Report report;
  report.size = data.size();
  if (ReadAsOrc(file, options.expected_format)) {
    report.format = Format::kOrc;
    orc::ValidateOrc(file, options.level, sink);
    report.verdict = sink.has_errors() ? Verdict::kInvalid : Verdict::kValid;
    return Finish(std::move(report), sink);
  }
  const parquet::ParquetOutcome outcome =
      parquet::ValidateParquet(file, options.level, sink, hooks);
  // Bytes with neither magic are file.unrecognized-format either way (a
  // truncated Parquet file keeps its leading magic); a Parquet name makes
  // them a Parquet file that is not one.
  const bool unrecognized = sink.Has(Code::kFileUnrecognized) &&
                            options.expected_format != Format::kParquet;
  report.format = unrecognized ? Format::kUnknown : Format::kParquet;
  if (sink.has_errors()) {
    report.verdict = Verdict::kInvalid;
  } else if (outcome.encrypted) {
    report.verdict = Verdict::kEncrypted;
  } else {
    report.verdict = Verdict::kValid;
  }
  return Finish(std::move(report), sink);
}

Report ValidateBytes(std::span<const std::byte> data, const Options& options) {
  return ValidateWithHooks(data, options, {});
}

Status WalkMappedFile(
    const std::string& path,
    const std::function<void(std::span<const std::byte> data,
                             const parquet::WalkHooks& hooks)>& run) {
  MappedFile file;
  Status status = file.Open(path);
  if (!status.ok()) return status;
  parquet::WalkHooks hooks;
  hooks.release = [&file](ByteSpan span) { file.Release(span); };
  run(file.bytes(), hooks);
  return Status::Ok();
}

Status ValidateFile(const std::string& path, const Options& options,
                    Report* report) {
  return WalkMappedFile(path, [&](std::span<const std::byte> data,
                                  const parquet::WalkHooks& hooks) {
    *report = ValidateWithHooks(data, options, hooks);
  });
}

}  // namespace colcheck
