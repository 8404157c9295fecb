#include "core/diagnostics.h"

#include <algorithm>

#include "core/strings.h"

namespace colcheck {

void DiagnosticSink::Report(Code code, ByteSpan span, std::string field,
                            std::string message) {
  const Severity severity = Info(code).severity;
  if (severity == Severity::kError) ++errors_;
  if (diagnostics_.size() >= max_) {
    ++dropped_;
    if (severity == Severity::kError) ++dropped_errors_;
    return;
  }
  diagnostics_.push_back(Diagnostic{code, severity, span.offset, span.length,
                                    std::move(field), std::move(message)});
}

void DiagnosticSink::Absorb(DiagnosticSink& other) {
  for (Diagnostic& d : other.diagnostics_) {
    const size_t kept = diagnostics_.size();
    Report(d.code, {d.offset, d.length}, std::move(d.field),
           std::move(d.message));
    if (diagnostics_.size() > kept) {
      diagnostics_.back().column = std::move(d.column);
    }
  }
  errors_ += other.dropped_errors_;
  dropped_errors_ += other.dropped_errors_;
  dropped_ += other.dropped_;
  other.diagnostics_.clear();
  other.errors_ = other.dropped_ = other.dropped_errors_ = 0;
}

bool DiagnosticSink::Has(Code code) const {
  return std::any_of(diagnostics_.begin(), diagnostics_.end(),
                     [code](const Diagnostic& d) { return d.code == code; });
}

std::vector<Diagnostic> DiagnosticSink::Take() {
  std::stable_sort(diagnostics_.begin(), diagnostics_.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return a.offset < b.offset;
                   });
  if (dropped_ > 0) {
    diagnostics_.push_back(Diagnostic{
        Code::kLimitsTooManyDiagnostics, Severity::kWarning, 0, 0, "",
        StrCat(dropped_, " further diagnostics were dropped after the first ",
               max_)});
    dropped_ = 0;
  }
  return std::move(diagnostics_);
}

}  // namespace colcheck
