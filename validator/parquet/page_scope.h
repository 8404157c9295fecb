// PageScope: where the decoders of one page section report.
//
// Decoders see a page section through a ByteReader. When the page is stored
// uncompressed the reader is over the file itself, so its positions are file
// offsets and every span is exact. When the page was decompressed, the
// reader is over a buffer whose positions name no file bytes: every span
// then maps to the whole compressed body (a WholeSpanMap; ORC's chunks map
// through the same SpanMap interface, core/span_map.h), and the message
// says where in the decompressed section the fault lies (issue 3, "for
// compressed pages, point at the page body, and put the value index in the
// message").

#ifndef COLCHECK_PARQUET_PAGE_SCOPE_H_
#define COLCHECK_PARQUET_PAGE_SCOPE_H_

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/span.h"
#include "core/span_map.h"
#include "core/strings.h"

namespace colcheck::parquet {

class PageScope {
 public:
  // `field` names the page: "row_groups[0].columns[2].pages[5]". `body` is
  // the page body in the file. `exact` says whether section positions are
  // file offsets.
  PageScope(DiagnosticSink& sink, std::string field, ByteSpan body, bool exact)
      : sink_(sink),
        field_(std::move(field)),
        body_(body),
        exact_(exact),
        compressed_(body) {}

  // Reports `code` at section span `span`; `sub_field` is appended to the
  // page's field ("values[12]", "definition_levels").
  void Report(Code code, ByteSpan span, std::string_view sub_field,
              std::string message) {
    if (Info(code).severity == Severity::kError) ++errors_;
    if (!sink_.KeepsDetails(code)) {
      sink_.Report(code, map().ToFile(span), {}, {});
      return;
    }
    std::optional<DecompressedSpan> decompressed;
    if (!exact_) {
      message += StrCat(" (decompressed bytes ", span.offset, "..", span.end(),
                        " of the page)");
      decompressed = Decompressed(span);
    }
    sink_.Report(code, map().ToFile(span), StrCat(field_, ".", sub_field),
                 std::move(message), std::move(decompressed));
  }

  // Reports at a span of the file (the page header, say), not of a section.
  void ReportAt(Code code, ByteSpan file_span, std::string_view sub_field,
                std::string message) {
    if (Info(code).severity == Severity::kError) ++errors_;
    if (!sink_.KeepsDetails(code)) {
      sink_.Report(code, file_span, {}, {});
      return;
    }
    sink_.Report(code, file_span, StrCat(field_, ".", sub_field),
                 std::move(message));
  }

  // The decompressed section that section positions index, when not
  // exact; a report then carries the bytes around its span.
  void set_decompressed(std::span<const std::byte> section) {
    section_ = section;
  }

  DiagnosticSink& sink() const { return sink_; }
  const std::string& field() const { return field_; }
  ByteSpan body() const { return body_; }
  bool exact() const { return exact_; }
  // From section positions to the file.
  const SpanMap& map() const {
    return exact_ ? static_cast<const SpanMap&>(identity_) : compressed_;
  }
  // Errors reported through this scope so far.
  uint64_t errors() const { return errors_; }

 private:
  // `span` in the decompressed section, with the bytes around it when the
  // sink wants them.
  DecompressedSpan Decompressed(ByteSpan span) const {
    return DecompressedAt(span, section_, sink_.wants_excerpts());
  }

  DiagnosticSink& sink_;
  std::string field_;
  ByteSpan body_;
  bool exact_;
  IdentitySpanMap identity_;
  WholeSpanMap compressed_;
  std::span<const std::byte> section_;
  uint64_t errors_ = 0;
};

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_PAGE_SCOPE_H_
