// Renders the code registry as docs/diagnostics.md, so the document can never
// drift from codes.def: a ctest compares the checked-in file with this output.

#ifndef COLCHECK_REPORTS_CODES_MARKDOWN_H_
#define COLCHECK_REPORTS_CODES_MARKDOWN_H_

#include <span>
#include <string>

#include "colcheck/colcheck.h"

namespace colcheck {

// The whole Markdown document: a title, an introduction, then one section per
// group (the part of the code name before the first '.'), in registry order,
// each with a table | Code | Severity | Spec | Meaning |. Deterministic.
std::string RenderCodesMarkdown();

// The sections of RenderCodesMarkdown for `codes` only: one per group that
// has one of them, each table holding just those, without the title and
// introduction.
std::string RenderCodeSelectionMarkdown(std::span<const Code> codes);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_CODES_MARKDOWN_H_
