// The HTML renderer: one self-contained page about one inspected file, for a
// person to open in a browser (`colcheck report -o report.html FILE`).
//
//   +-------------------------------------------------------------+
//   | summary: path, size, format, verdict, counts, created_by ... |
//   | byte map: [magic|dict|data|data|...|footer|len|magic]        |
//   |           ^ one marker per diagnostic, gaps hatched          |
//   | diagnostics: code, severity, offset+length, field, message   |
//   | bytes: a hex excerpt around each diagnostic's span           |
//   | schema tree | column summaries | layout (regions, overlaps)  |
//   +-------------------------------------------------------------+
//
// The page needs nothing but itself: CSS and JavaScript are inline, and it
// refers to no URL, so it opens offline and leaks nothing. Its size is bounded
// whatever the file: every list has a cap (below) and the page says when one
// was reached; the hex excerpts sample the file, never copy it. Everything
// the file supplies (names, messages, metadata, the path) is hostile: it is
// escaped for HTML, cut to kHtmlMaxTextBytes, and reaches the script only as
// JSON with every '<' escaped. The output is pure ASCII.
//
// Stable hooks for tests and tools: #summary (data-verdict); drawn by the
// script from #map-data: .seg in #byte-map, .marker in #map-markers (one per
// diagnostic row), .gap-mark and .overlap in #map-flags; #diagnostics
// tr.diag#diag-N (data-code, data-offset, data-length) linking to
// .excerpt#hex-N (data-span-offset, data-span-length); #schema .field
// (data-column on leaves); #columns tr.column; #layout tr.region#region-N.
// body[data-rendered=yes] once the script has run to its end.

#ifndef COLCHECK_REPORTS_HTML_H_
#define COLCHECK_REPORTS_HTML_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck {

// The caps that bound the page. With all of them reached and every string
// cut, a page stays under about 8 MB, whatever the size of the file.
inline constexpr size_t kHtmlMaxMapSegments = 2000;
inline constexpr size_t kHtmlMaxDiagnostics = 2000;  // Rows and markers.
inline constexpr size_t kHtmlMaxHexExcerpts = 500;   // The first ones.
inline constexpr uint64_t kHtmlHexContext = 64;      // Bytes either side.
inline constexpr uint64_t kHtmlMaxHexSpan = 128;     // Longer: head + tail.
inline constexpr size_t kHtmlMaxLayoutRows = 5000;
inline constexpr size_t kHtmlMaxOverlapRows = 1000;  // Also gap marks.
inline constexpr size_t kHtmlMaxRowGroupRows = 1000;
inline constexpr size_t kHtmlMaxSchemaFields = 5000;
inline constexpr size_t kHtmlMaxSchemaDepth = 64;
inline constexpr size_t kHtmlMaxColumnRows = 2000;
inline constexpr size_t kHtmlMaxKeyValues = 100;
inline constexpr size_t kHtmlMaxTextBytes = 256;  // Per string of the file.

inline constexpr size_t kRegionKindCount =
    static_cast<size_t>(RegionKind::kOrcPsLen) + 1;
// The Parquet kinds come first: a Parquet page lists only these.
inline constexpr size_t kParquetRegionKindCount =
    static_cast<size_t>(RegionKind::kGap) + 1;

// One stretch of the byte map. Segments are sorted, never overlap and cover
// every byte of the file once: where regions overlap, the one that starts
// first is drawn (the overlaps are marked separately). A segment made of
// several regions is drawn in the kind that holds most of its bytes.
struct MapSegment {
  uint64_t offset = 0;
  uint64_t length = 0;
  RegionKind kind = RegionKind::kGap;  // The dominant kind.
  size_t first_region = 0;             // Index into Layout::regions.
  size_t regions = 0;                  // How many regions it summarises.
  // Bytes and regions of each kind in the segment, indexed by RegionKind.
  std::array<uint64_t, kRegionKindCount> kind_bytes{};
  std::array<uint32_t, kRegionKindCount> kind_regions{};
};

// Projects `layout.regions` onto the file and merges neighbours until at
// most `max_segments` remain (one per region when they already fit). Bytes
// past layout.file_size are ignored.
std::vector<MapSegment> SummarizeByteMap(const Layout& layout,
                                         size_t max_segments);

// Appends `value` as HTML text, safe in element content and in quoted
// attribute values: & < > " ' become entities, other ASCII controls become
// the visible text \xNN, valid UTF-8 above U+009F becomes a numeric
// character reference (C1 controls become \u0080..\u009f), and each byte
// that is not part of valid UTF-8 becomes &#xfffd;. The output is ASCII.
void AppendHtmlEscaped(std::string_view value, std::string* out);

// Writes the page. `path` is shown as given. `file` holds the file's bytes
// for the hex excerpts (a memory map suffices: only the sampled windows are
// read); bytes past its end are shown as unavailable.
void WriteHtmlReport(std::string_view path, const Inspection& inspection,
                     std::span<const std::byte> file, std::ostream& out);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_HTML_H_
