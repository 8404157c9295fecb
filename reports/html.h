// The HTML renderer: one self-contained page about one inspected file, for a
// person to open in a browser (`colcheck report -o report.html FILE`).
//
//   +-------------------------------------------------------------+
//   | summary: path, size, format, verdict, counts, created_by ... |
//   | byte map: [magic|dict|data|data|...|footer|len|magic]        |
//   |           ^ one marker per diagnostic, gaps hatched          |
//   |   lanes:  row group 0 [chunk|chunk|chunk]     (or stripes)   |
//   |           row group 1 [chunk|chunk|chunk]                    |
//   |           tail        [index|footer]                         |
//   |   a lane opens a zoomed map of its pages (streams), a chunk  |
//   |   (stripe area) of it a closer one; "back" returns           |
//   | diagnostics: grouped by code; severity, code, text filters   |
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
// Stable hooks for tests and tools: #summary (data-verdict), its
// #summary-columns (data-columns: Parquet leaf columns, ORC column ids);
// drawn by the script from #map-data: .seg in #byte-map, .marker in
// #map-markers (one per diagnostic row), .gap-mark and .overlap in
// #map-flags, .lane#lane-N in #map-lanes (data-lane-kind "container" for
// each row group or stripe, "tail" for the bytes after the last), and, once
// a lane is opened, #map-zoom (data-lane, data-begin, data-end) with .zseg
// in #zoom-map and .band in #zoom-band; #diagnostics tbody.diag-group
// (data-code, data-count, data-rows, data-open) holding tr.diag#diag-N
// (data-code, data-offset, data-length; class "filtered" when a filter of
// #diag-controls hides it) linking to .excerpt#hex-N (data-span-offset,
// data-span-length); #schema .field (data-column on leaves), or for ORC
// #schema as text, one type per line; #columns tr.column (ORC: one per
// column id, #columns.orc); #layout tr.region#region-N.
// body[data-rendered=yes] once the script has run to its end; after it
// revealed a #diag-N link, body[data-landed] is the row's top and
// body[data-covered] the bottom of the sticky bars above it, in pixels.

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
// A statistics value in the Columns table is cut to this many bytes.
inline constexpr size_t kHtmlMaxStatText = 200;
inline constexpr size_t kHtmlMaxKeyValues = 100;
inline constexpr size_t kHtmlMaxTextBytes = 256;  // Per string of the file.
// The lanes of the byte map: row groups or stripes, then the file's tail.
inline constexpr size_t kHtmlMaxLanes = 1000;
inline constexpr size_t kHtmlMaxLaneSegments = 20000;  // Over all lanes.
inline constexpr size_t kHtmlMaxLaneBands = 20000;     // Chunks, areas.
inline constexpr size_t kHtmlMaxPathBytes = 128;       // Paths in the map.

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

// Like SummarizeByteMap, for the bytes [begin, end) of the file only
// (end is cut to layout.file_size): the stretches of regions that reach
// into it, cut at its bounds, with the holes as gaps.
std::vector<MapSegment> SummarizeByteRange(const Layout& layout, uint64_t begin,
                                           uint64_t end, size_t max_segments);

// One lane of the byte map: a row group or a stripe, or the file's tail
// (the bytes after the last container's end; the whole file when there is
// no container).
struct MapLane {
  bool tail = false;
  int32_t container = -1;  // Its index in Layout::row_groups or ::stripes.
  uint64_t offset = 0;     // Cut to the file.
  uint64_t length = 0;
  int64_t rows = -1;
  // Its bytes, summarised as SummarizeByteRange does. A lane whose regions
  // overlap others' so much that summarising it would cost more than the
  // whole layout (only a hostile file does that) gets one segment and
  // `coarse`.
  std::vector<MapSegment> segments;
  bool coarse = false;
};

// The lanes of `layout`: its first `max_lanes` containers in order, then
// its tail when it has bytes. The segments of all lanes number about
// `max_segments` at most (each lane gets an equal share, at least 16).
std::vector<MapLane> MapLanes(const Layout& layout, size_t max_lanes,
                              size_t max_segments);

// The indices of the diagnostics the page lists, ascending: all of them
// when they number at most `max_rows`, else `max_rows` of them shared out
// among the codes so that every code keeps as many of its first ones as
// the others do, or all it has (a flood of one code does not crowd the
// others out).
std::vector<size_t> SelectDiagnosticRows(
    std::span<const Diagnostic> diagnostics, size_t max_rows);

// The dotted path of each ORC column id, as diagnostics name columns
// (docs/columns.md: "_elem", "_key", "_value", union variants by number,
// the root ""); all empty when the type tree is not valid.
std::vector<std::string> OrcColumnPaths(const Schema& schema);

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
