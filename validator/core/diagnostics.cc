#include "core/diagnostics.h"

#include <algorithm>
#include <iterator>
#include <string_view>

#include "core/limits.h"
#include "core/strings.h"

namespace colcheck {
namespace {

// Whether each code is in the limits group, colcheck's own bounds.
constexpr bool kIsLimit[] = {
#define COLCHECK_CODE(id, name, severity, spec, summary) \
  std::string_view(name).starts_with("limits."),
#include "colcheck/codes.def"
#undef COLCHECK_CODE
};
static_assert(std::size(kIsLimit) == kCodeCount);

}  // namespace

DecompressedSpan DecompressedAt(ByteSpan span,
                                std::span<const std::byte> section,
                                bool excerpt) {
  DecompressedSpan d{span.offset, span.length, 0, {}};
  if (!excerpt || span.offset > section.size()) return d;
  const uint64_t row = span.offset - span.offset % 16;
  d.excerpt_offset = row >= 16 ? row - 16 : 0;
  const uint64_t end = std::min<uint64_t>(
      section.size(), d.excerpt_offset + limits::kDecompressedExcerpt);
  const auto bytes = section.subspan(d.excerpt_offset, end - d.excerpt_offset);
  d.excerpt.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return d;
}

void DiagnosticSink::Report(Code code, ByteSpan span, std::string field,
                            std::string message,
                            std::optional<DecompressedSpan> decompressed) {
  seen_[static_cast<size_t>(code)] = true;
  hit_limit_ |= kIsLimit[static_cast<size_t>(code)];
  Severity severity = Info(code).severity;
  if (options_ != nullptr) {
    const std::optional<Severity> effective =
        options_->findings.Effective(code);
    if (!effective) return;
    if (options_->suppress && options_->suppress(code, field)) {
      ++suppressed_;
      return;
    }
    severity = *effective;
  }
  Keep(Diagnostic{.code = code,
                  .severity = severity,
                  .offset = span.offset,
                  .length = span.length,
                  .field = std::move(field),
                  .message = std::move(message),
                  .column = {},
                  .known_bug = {},
                  .decompressed = std::move(decompressed)});
}

bool DiagnosticSink::KeepsDetails(Code code) const {
  if (options_ != nullptr) {
    if (!options_->findings.enabled(code)) return false;
    if (options_->suppress) return true;
  }
  return diagnostics_.size() < max_;
}

void DiagnosticSink::Keep(Diagnostic diagnostic) {
  const bool error = diagnostic.severity == Severity::kError;
  if (error) ++errors_;
  if (diagnostics_.size() >= max_) {
    if (error) ++dropped_errors_;
    Drop(1);
    return;
  }
  diagnostics_.push_back(std::move(diagnostic));
}

void DiagnosticSink::Drop(size_t count) {
  if (count == 0) return;
  if (dropped_ == 0) {
    hit_limit_ = true;
    // The marker Take() will append: an error if the policy makes it one.
    if (MarkerSeverity() == Severity::kError) ++errors_;
  }
  dropped_ += count;
}

std::optional<Severity> DiagnosticSink::MarkerSeverity() const {
  return options_ != nullptr
             ? options_->findings.Effective(Code::kLimitsTooManyDiagnostics)
             : Info(Code::kLimitsTooManyDiagnostics).severity;
}

void DiagnosticSink::Absorb(DiagnosticSink& other) {
  for (Diagnostic& d : other.diagnostics_) Keep(std::move(d));
  errors_ += other.dropped_errors_;
  dropped_errors_ += other.dropped_errors_;
  Drop(other.dropped_);
  seen_ |= other.seen_;
  hit_limit_ |= other.hit_limit_;
  suppressed_ += other.suppressed_;
  other.diagnostics_.clear();
  other.seen_.reset();
  other.hit_limit_ = false;
  other.errors_ = other.dropped_ = other.dropped_errors_ = 0;
  other.suppressed_ = 0;
}

std::vector<Diagnostic> DiagnosticSink::Take() {
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.offset < b.offset;
                   });
  // The cut is marked at the severity the policy gives the marker's code,
  // and not at all when the policy turns it off.
  const std::optional<Severity> marker = MarkerSeverity();
  if (dropped_ > 0 && marker) {
    diagnostics_.push_back(Diagnostic{
        Code::kLimitsTooManyDiagnostics, *marker, 0, 0, "",
        StrCat(dropped_, " further diagnostics were dropped after the first ",
               max_)});
  }
  dropped_ = 0;
  return std::move(diagnostics_);
}

}  // namespace colcheck
