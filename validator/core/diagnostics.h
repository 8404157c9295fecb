// DiagnosticSink: where decoders and rules report what they find.

#ifndef COLCHECK_CORE_DIAGNOSTICS_H_
#define COLCHECK_CORE_DIAGNOSTICS_H_

#include <bitset>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/span.h"

namespace colcheck {

// Where `span` of a decompressed `section` (a Parquet page, an ORC stream)
// lies, for a diagnostic whose file span is the whole compressed block:
// with `excerpt`, also the section's bytes from the 16-byte row before the
// span's row on, at most limits::kDecompressedExcerpt of them.
DecompressedSpan DecompressedAt(ByteSpan span,
                                std::span<const std::byte> section,
                                bool excerpt);

// Collects diagnostics up to Options::max_diagnostics. Reporting never fails:
// past the cap one limits.too-many-diagnostics is recorded and the rest are
// counted and dropped, so a hostile file cannot exhaust memory through its
// diagnostics. The marker is appended by Take(), but counts toward
// has_errors() from the cut on, so a policy that makes it an error makes
// the verdict invalid.
//
// A sink made from Options applies its findings policy and suppress hook as
// each code is reported; one made from a count alone (the scratch sinks that
// decoders use to try something) keeps every code at its registry severity,
// so what a decoder decides never depends on the caller's policy.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(size_t max_diagnostics = 10000)
      : max_(max_diagnostics) {}
  // Keeps `options` by reference: it must outlive the sink.
  explicit DiagnosticSink(const Options& options)
      : max_(options.max_diagnostics), options_(&options) {}

  // Reports `code` at the severity the policy gives it, or drops it when
  // the policy turns it off or the suppress hook claims it.
  void Report(Code code, ByteSpan span, std::string field, std::string message,
              std::optional<DecompressedSpan> decompressed = std::nullopt);

  // Moves everything `other` collected here with the severities it gave
  // them; what `other` dropped past its cap still counts, errors included.
  // `other` should be a Sibling(), so the policy is applied once.
  void Absorb(DiagnosticSink& other);

  // A sink for trial decodes, which ask only has_errors(), Has() and
  // hit_limit(): it keeps no diagnostic, so no reporter builds a field or
  // message for it (KeepsDetails).
  static DiagnosticSink Counting() { return DiagnosticSink(0); }

  // Whether a diagnostic of `code` reported now would be kept with its
  // field and message: false when the policy turns the code off, and past
  // the cap unless a suppress hook needs the field. A reporter whose field
  // or message costs work asks first and, when not, reports with empty
  // ones, which keeps the verdict and every count exact.
  bool KeepsDetails(Code code) const;

  // An empty sink with the same cap, policy and suppress hook.
  DiagnosticSink Sibling() const {
    DiagnosticSink sibling(max_);
    sibling.options_ = options_;
    return sibling;
  }

  size_t max_diagnostics() const { return max_; }
  // Whether reporters should attach decompressed excerpts
  // (Options::decompressed_excerpts).
  bool wants_excerpts() const {
    return options_ != nullptr && options_->decompressed_excerpts;
  }
  bool has_errors() const { return errors_ > 0; }
  size_t error_count() const { return errors_; }
  size_t suppressed() const { return suppressed_; }
  // Whether `code` was reported, even if the policy then dropped it, so
  // that decoders which look at what they found decide alike under any
  // policy.
  bool Has(Code code) const { return seen_[static_cast<size_t>(code)]; }
  // Whether one of colcheck's own limits (a limits.* code, reported even if
  // the policy then dropped it, or the cut past max_diagnostics) left part
  // of the file unchecked: the report is then not complete.
  bool hit_limit() const { return hit_limit_; }

  // What was collected so far, for the passes that run after the rules:
  // naming each diagnostic's column and the known writer bug behind it.
  std::span<Diagnostic> diagnostics() { return diagnostics_; }

  // Sorts by offset (stable) and hands the diagnostics over.
  std::vector<Diagnostic> Take();

 private:
  void Keep(Diagnostic diagnostic);
  // Counts `count` more dropped diagnostics; the first one is the cut.
  void Drop(size_t count);
  // The severity of limits.too-many-diagnostics, or none when the policy
  // turns it off.
  std::optional<Severity> MarkerSeverity() const;

  size_t max_;
  const Options* options_ = nullptr;
  std::bitset<kCodeCount> seen_;
  bool hit_limit_ = false;
  size_t suppressed_ = 0;
  size_t errors_ = 0;
  size_t dropped_ = 0;
  size_t dropped_errors_ = 0;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_DIAGNOSTICS_H_
