// DiagnosticSink: where decoders and rules report what they find.

#ifndef COLCHECK_CORE_DIAGNOSTICS_H_
#define COLCHECK_CORE_DIAGNOSTICS_H_

#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/span.h"

namespace colcheck {

// Collects diagnostics up to Options::max_diagnostics. Reporting never fails:
// past the cap one limits.too-many-diagnostics is recorded and the rest are
// counted and dropped, so a hostile file cannot exhaust memory through its
// diagnostics.
class DiagnosticSink {
 public:
  explicit DiagnosticSink(size_t max_diagnostics = 10000)
      : max_(max_diagnostics) {}

  // Reports `code` at its registry severity.
  void Report(Code code, ByteSpan span, std::string field,
              std::string message);

  // Moves everything `other` collected here, as if reported here; what
  // `other` dropped past its cap still counts, errors included.
  void Absorb(DiagnosticSink& other);

  size_t max_diagnostics() const { return max_; }
  bool has_errors() const { return errors_ > 0; }
  size_t error_count() const { return errors_; }
  bool Has(Code code) const;

  // What was collected so far, for the passes that run after the rules:
  // naming each diagnostic's column and the known writer bug behind it.
  std::span<Diagnostic> diagnostics() { return diagnostics_; }

  // Sorts by offset (stable) and hands the diagnostics over.
  std::vector<Diagnostic> Take();

 private:
  size_t max_;
  size_t errors_ = 0;
  size_t dropped_ = 0;
  size_t dropped_errors_ = 0;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_DIAGNOSTICS_H_
