// Renders the code registry as docs/diagnostics.md, so the document can never
// drift from codes.def: a ctest compares the checked-in file with this output.

#ifndef COLCHECK_REPORTS_CODES_MARKDOWN_H_
#define COLCHECK_REPORTS_CODES_MARKDOWN_H_

#include <string>

namespace colcheck {

// The whole Markdown document: a title, an introduction, then one section per
// group (the part of the code name before the first '.'), in registry order,
// each with a table | Code | Severity | Spec | Meaning |. Deterministic.
std::string RenderCodesMarkdown();

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_CODES_MARKDOWN_H_
