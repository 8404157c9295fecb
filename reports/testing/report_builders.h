// Builders of what the renderers render: diagnostics, reports and layout
// regions with the fields a test names and every other field at its
// default, so that a reports test spells out only what it renders.
//
//   const FileReport file{
//       "a.parquet",
//       MakeReport(Format::kParquet, 0, Verdict::kInvalid,
//                  {MakeDiagnostic(Code::kFileTooSmall, Severity::kError, 0,
//                                  3, "", "only 3 bytes")})};

#ifndef COLCHECK_REPORTS_TESTING_REPORT_BUILDERS_H_
#define COLCHECK_REPORTS_TESTING_REPORT_BUILDERS_H_

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"

namespace colcheck::testing {

// A diagnostic of [offset, offset + length); "m" stands in for a message
// the test does not look at.
inline Diagnostic MakeDiagnostic(Code code, Severity severity, uint64_t offset,
                                 uint64_t length, std::string field = "",
                                 std::string message = "m") {
  return Diagnostic{code,   severity,         offset,
                    length, std::move(field), std::move(message)};
}

// The arguments are in the order of Report's fields.
inline Report MakeReport(Format format, uint64_t size, Verdict verdict,
                         std::vector<Diagnostic> diagnostics = {}) {
  return Report{.format = format,
                .size = size,
                .verdict = verdict,
                .diagnostics = std::move(diagnostics),
                .work = {},
                .fetched = {}};
}

// A region in no container unless `container` and `column` say which.
inline Region MakeRegion(RegionKind kind, uint64_t offset, uint64_t length,
                         std::string field = "", int32_t container = -1,
                         int32_t column = -1) {
  // No page or stream details; naming them keeps the initialiser complete,
  // as -Wmissing-field-initializers wants.
  return Region{.kind = kind,
                .offset = offset,
                .length = length,
                .field = std::move(field),
                .container = container,
                .column = column,
                .page = {},
                .stream = {}};
}

// A column chunk with only its place and codec; the rest stays unset.
inline ChunkExtent MakeChunk(int32_t row_group, int32_t column,
                             std::string path, uint64_t offset, uint64_t length,
                             int32_t codec) {
  ChunkExtent chunk;
  chunk.row_group = row_group;
  chunk.column = column;
  chunk.path = std::move(path);
  chunk.offset = offset;
  chunk.length = length;
  chunk.codec = codec;
  return chunk;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_REPORTS_TESTING_REPORT_BUILDERS_H_
