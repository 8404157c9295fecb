#include "reports/html.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "reports/file_report.h"
#include "reports/json_writer.h"
#include "reports/schema.h"
#include "reports/utf8_decode.h"

namespace colcheck {
namespace {

constexpr char kHex[] = "0123456789abcdef";

// ---- text -------------------------------------------------------------------

void AppendHexByte(unsigned value, std::string* out) {
  out->push_back(kHex[(value >> 4) & 0xf]);
  out->push_back(kHex[value & 0xf]);
}

// A string of the file, escaped and cut to kHtmlMaxTextBytes so that no
// single name or message can inflate the page.
void AppendText(std::string_view value, std::string* out) {
  if (value.size() <= kHtmlMaxTextBytes) {
    AppendHtmlEscaped(value, out);
    return;
  }
  size_t cut = kHtmlMaxTextBytes;
  // Back off to a character boundary, so the cut itself adds no U+FFFD.
  for (int i = 0; i < 3 && cut > 0 &&
                  (static_cast<unsigned char>(value[cut]) & 0xc0) == 0x80;
       ++i) {
    --cut;
  }
  AppendHtmlEscaped(value.substr(0, cut), out);
  *out += "<span class=\"cut\">... (" + std::to_string(value.size()) +
          " bytes)</span>";
}

void AppendNumber(uint64_t value, std::string* out) {
  *out += std::to_string(value);
}

// A signed count where -1 means "not given".
void AppendOptional(int64_t value, std::string* out) {
  if (value < 0) {
    *out += "<span class=\"na\">-</span>";
  } else {
    *out += std::to_string(value);
  }
}

// The IDL's name of an enum value, its number when the enum lacks it, or
// nothing when the file does not give it.
void AppendEnum(std::string_view (*name_of)(int32_t), int32_t value,
                std::string* out) {
  if (value < 0) return;
  const std::string_view name = name_of(value);
  if (name.empty()) {
    *out += std::to_string(value);
  } else {
    AppendHtmlEscaped(name, out);
  }
}

std::string HumanSize(uint64_t bytes) {
  static constexpr const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  double value = static_cast<double>(bytes);
  size_t unit = 0;
  value /= 1024;
  while (value >= 1024 && unit + 1 < std::size(kUnits)) {
    value /= 1024;
    ++unit;
  }
  char buffer[32];
  std::snprintf(buffer, sizeof(buffer), "%.1f %s", value, kUnits[unit]);
  return buffer;
}

void AppendCapNote(size_t shown, size_t total, std::string_view what,
                   std::string* out) {
  if (shown >= total) return;
  *out += "<p class=\"cap-note\">Showing the first " + std::to_string(shown) +
          " of " + std::to_string(total) + " ";
  *out += what;
  *out +=
      "; the page is capped so that its size does not grow with the "
      "file.</p>\n";
}

// JSON for a <script type="application/json"> block. JsonWriter writes
// ASCII; escaping every '<' (which can only occur inside strings) means no
// "</script>" or "<!--" in the data can end or confuse the block.
void AppendScriptJson(std::string_view json, std::string* out) {
  for (const char c : json) {
    if (c == '<') {
      *out += "\\u003c";
    } else {
      out->push_back(c);
    }
  }
}

// ---- byte map ---------------------------------------------------------------

// Calls `piece(offset, length, kind, region, regions)` for each stretch of
// [0, layout.file_size) in order: a region's bytes not already drawn by an
// earlier region, or a hole no region covers (regions = 0, drawn as a gap).
template <typename Piece>
void ForEachPiece(const Layout& layout, Piece piece) {
  const uint64_t size = layout.file_size;
  uint64_t cursor = 0;
  for (size_t i = 0; i < layout.regions.size() && cursor < size; ++i) {
    const Region& region = layout.regions[i];
    const uint64_t begin = std::max(region.offset, cursor);
    const uint64_t end = region.length > size - std::min(region.offset, size)
                             ? size
                             : region.offset + region.length;
    if (end <= begin) continue;
    if (begin > cursor) piece(cursor, begin - cursor, RegionKind::kGap, i, 0);
    piece(begin, end - begin, region.kind, i, 1);
    cursor = end;
  }
  if (cursor < size) {
    piece(cursor, size - cursor, RegionKind::kGap, layout.regions.size(), 0);
  }
}

void AddToSegment(uint64_t length, RegionKind kind, size_t regions,
                  MapSegment* segment) {
  const size_t k = static_cast<size_t>(kind);
  segment->length += length;
  segment->regions += regions;
  segment->kind_bytes[k] += length;
  segment->kind_regions[k] += static_cast<uint32_t>(regions);
}

void SetDominantKind(MapSegment* segment) {
  size_t best = 0;
  for (size_t k = 1; k < kRegionKindCount; ++k) {
    if (segment->kind_bytes[k] > segment->kind_bytes[best]) best = k;
  }
  segment->kind = static_cast<RegionKind>(best);
}

// ---- hex excerpts -----------------------------------------------------------

uint64_t FloorLine(uint64_t offset) { return offset / 16 * 16; }

uint64_t SaturatingAdd(uint64_t a, uint64_t b) {
  return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

// One line of 16 bytes from `line`, showing the bytes in [begin, end) and
// marking those in [span_begin, span_end) (or the one at span_begin when the
// span is empty).
void AppendHexLine(std::span<const std::byte> file, uint64_t line,
                   uint64_t begin, uint64_t end, uint64_t span_begin,
                   uint64_t span_end, std::string* out) {
  const bool point = span_end == span_begin;
  const auto shown = [&](uint64_t i) { return i >= begin && i < end; };
  const auto marked = [&](uint64_t i) {
    return point ? i == span_begin : i >= span_begin && i < span_end;
  };
  const char* const open = point ? "<mark class=\"point\">" : "<mark>";
  char offset[24];
  std::snprintf(offset, sizeof(offset), "%12llu",
                static_cast<unsigned long long>(line));
  *out += offset;
  *out += "  ";
  bool in_mark = false;
  for (uint64_t i = line; i < line + 16; ++i) {
    const bool mark = shown(i) && marked(i);
    if (mark != in_mark) {
      *out += mark ? open : "</mark>";
      in_mark = mark;
    }
    if (shown(i)) {
      AppendHexByte(static_cast<unsigned>(file[i]), out);
    } else {
      *out += "  ";
    }
    if (i + 1 < line + 16) {
      // The mark stays open over the space between two marked bytes.
      if (in_mark && !(shown(i + 1) && marked(i + 1))) {
        *out += "</mark>";
        in_mark = false;
      }
      out->push_back(' ');
    }
  }
  if (in_mark) *out += "</mark>";
  in_mark = false;
  *out += "  |";
  for (uint64_t i = line; i < line + 16; ++i) {
    const bool mark = shown(i) && marked(i);
    if (mark != in_mark) {
      *out += mark ? open : "</mark>";
      in_mark = mark;
    }
    if (!shown(i)) {
      out->push_back(' ');
      continue;
    }
    const auto byte = static_cast<unsigned char>(file[i]);
    if (byte == '<') {
      *out += "&lt;";
    } else if (byte == '>') {
      *out += "&gt;";
    } else if (byte == '&') {
      *out += "&amp;";
    } else if (byte >= 0x20 && byte < 0x7f) {
      out->push_back(static_cast<char>(byte));
    } else {
      out->push_back('.');
    }
  }
  if (in_mark) *out += "</mark>";
  *out += "|\n";
}

void AppendHexRange(std::span<const std::byte> file, uint64_t begin,
                    uint64_t end, uint64_t span_begin, uint64_t span_end,
                    std::string* out) {
  for (uint64_t line = FloorLine(begin); line < end; line += 16) {
    AppendHexLine(file, line, begin, end, span_begin, span_end, out);
  }
}

// The bytes around one diagnostic: kHtmlHexContext either side of its span,
// and of a span longer than kHtmlMaxHexSpan only its head and tail.
void AppendExcerpt(size_t index, const Diagnostic& diagnostic,
                   std::span<const std::byte> file, std::string* out) {
  const uint64_t available = file.size();
  const uint64_t span_end = SaturatingAdd(diagnostic.offset, diagnostic.length);
  const uint64_t begin = std::min(diagnostic.offset, available);
  const uint64_t end = std::min(span_end, available);
  *out += "<div class=\"excerpt\" id=\"hex-" + std::to_string(index) +
          "\" data-span-offset=\"" + std::to_string(diagnostic.offset) +
          "\" data-span-length=\"" + std::to_string(diagnostic.length) +
          "\"><h3><a href=\"#diag-" + std::to_string(index) + "\">#" +
          std::to_string(index) + "</a> <code>";
  AppendHtmlEscaped(Info(diagnostic.code).name, out);
  *out += "</code> " + std::to_string(diagnostic.offset) + "+" +
          std::to_string(diagnostic.length) + "</h3>\n";
  if (available == 0) {
    *out += "<p class=\"na\">No bytes of the file are available.</p></div>\n";
    return;
  }
  const uint64_t window_begin =
      FloorLine(begin > kHtmlHexContext ? begin - kHtmlHexContext : 0);
  const uint64_t window_end =
      std::min(available, SaturatingAdd(end, kHtmlHexContext));
  *out += "<pre class=\"hex\">";
  // A long span shows its first and last lines; rounding to whole lines
  // can join them again.
  const uint64_t head_end =
      std::min(available, FloorLine(begin + kHtmlMaxHexSpan / 2 + 15));
  const uint64_t tail_begin =
      FloorLine(end - std::min<uint64_t>(end, kHtmlMaxHexSpan / 2));
  if (end - begin <= kHtmlMaxHexSpan || tail_begin <= head_end) {
    AppendHexRange(file, window_begin, window_end, diagnostic.offset, span_end,
                   out);
  } else {
    AppendHexRange(file, window_begin, head_end, diagnostic.offset, span_end,
                   out);
    *out += "             ... " + std::to_string(tail_begin - head_end) +
            " bytes of the span not shown ...\n";
    AppendHexRange(file, tail_begin, window_end, diagnostic.offset, span_end,
                   out);
  }
  *out += "</pre>";
  // A zero-length span at the very end (bytes that are missing) is not
  // past the file; any other span from there on is.
  if (diagnostic.offset > available ||
      (diagnostic.offset == available && diagnostic.length > 0)) {
    *out += "<p class=\"na\">The span starts past the end of the file (" +
            std::to_string(available) + " bytes).</p>";
  } else if (span_end > available) {
    *out += "<p class=\"na\">" + std::to_string(span_end - available) +
            " bytes of the span lie past the end of the file (" +
            std::to_string(available) + " bytes).</p>";
  }
  *out += "</div>\n";
}

// ---- sections ---------------------------------------------------------------

// The ORC kinds' colours, only in ORC pages (Parquet pages stay as they
// were).
constexpr std::string_view kOrcStyle = R"(
.k-orc-magic{background:#6c757d}.k-index-stream{background:#9b5de5}.k-data-stream{background:#2a9d8f}
.k-stripe-rest{background:#e9c46a}.k-stripe-footer{background:#f4a261}
.k-encrypted-stripe-statistics{background:#8338ec}.k-metadata{background:#00a6d6}
.k-orc-footer{background:#3a6fd8}.k-postscript{background:#ff006e}.k-pslen{background:#495057}
)";

constexpr std::string_view kStyle = R"(
:root{--fg:#1d2125;--muted:#5c6670;--line:#d8dde2;--bg:#fff;--panel:#f5f7f9}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;padding:0 24px 48px;max-width:1400px}
h1{font-size:22px;margin:18px 0 6px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:14px;margin:12px 0 4px}
code,pre,.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
nav a{margin-right:14px}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}
dl.summary dt{color:var(--muted)}dl.summary dd{margin:0;word-break:break-all}
.verdict{font-weight:600;padding:1px 8px;border-radius:10px}
.verdict-valid{background:#d3f3dc;color:#12602a}.verdict-invalid{background:#fbd5d5;color:#8f1d1d}
.verdict-encrypted,.verdict-unsupported{background:#fdf0c4;color:#765a00}
table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{border-bottom:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
th{background:var(--panel);position:sticky;top:0}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.msg{word-break:break-word}td.fld{word-break:break-all}
.na{color:var(--muted)}.cut{color:var(--muted);font-style:italic}
.cap-note{background:#fff4d6;border-left:4px solid #e0a800;padding:4px 8px}
.sev-error td:nth-child(3){color:#b3261e;font-weight:600}
.sev-warning td:nth-child(3){color:#946200;font-weight:600}
.sev-info td:nth-child(3){color:#3b6ea8}
tr.diag{cursor:pointer}tr.selected{background:#e4efff}
.map-wrap{position:relative;margin:10px 0 4px}
#map-markers,#map-flags{position:relative;height:10px}
#byte-map{position:relative;height:44px;background:#eee;border:1px solid #999}
#map-axis{position:relative;height:16px;font-size:11px;color:var(--muted)}
#map-axis span{position:absolute;transform:translateX(-50%);white-space:nowrap}
.seg{position:absolute;top:0;bottom:0;min-width:1px;cursor:pointer}
.seg:hover,.seg.selected{outline:2px solid #000;z-index:2}
.seg.has-gap{box-shadow:inset 0 -6px 0 #d62828}
.marker{position:absolute;top:0;height:10px;min-width:3px;cursor:pointer;background:#b3261e}
.marker.sev-warning{background:#e0a800}.marker.sev-info{background:#3b6ea8}
.marker.selected{outline:2px solid #000;z-index:2}
.gap-mark{position:absolute;top:0;height:4px;min-width:3px;background:#d62828}
.overlap{position:absolute;top:2px;height:6px;min-width:2px;background:repeating-linear-gradient(45deg,#d62828 0 3px,#fff 3px 6px)}
#map-details{background:var(--panel);border:1px solid var(--line);padding:6px 10px;min-height:48px;margin:6px 0;font-size:13px}
#map-details div{word-break:break-all}
.legend{display:flex;flex-wrap:wrap;gap:4px 14px;font-size:12px;margin:4px 0}
.legend span.sw{display:inline-block;width:12px;height:12px;border:1px solid #0004;vertical-align:-2px;margin-right:4px}
.k-magic{background:#6c757d}.k-dictionary-page{background:#f4a261}.k-data-page{background:#2a9d8f}
.k-data-page-v2{background:#1d5c63}.k-index-page{background:#8ab17d}.k-chunk-rest{background:#e9c46a}
.k-column-index{background:#9b5de5}.k-offset-index{background:#c77dff}.k-bloom-filter{background:#00a6d6}
.k-footer{background:#3a6fd8}.k-footer-signature{background:#8338ec}.k-footer-length{background:#ff006e}
.k-tail-magic{background:#495057}
.k-gap{background:repeating-linear-gradient(45deg,#d62828 0 4px,#fde2e2 4px 8px)}
pre.hex{background:var(--panel);border:1px solid var(--line);padding:6px 8px;overflow-x:auto;margin:0}
pre.hex mark{background:#ffd54f;color:#000}pre.hex mark.point{background:#ff8a65}
.excerpt{margin-bottom:10px}.excerpt:target h3{background:#e4efff}
ul.tree{list-style:none;padding-left:18px;margin:0}ul.tree li{margin:1px 0}
ul.tree summary{cursor:pointer}
.field .name{font-weight:600}.field .rep{color:#6a4c93}.field .type{color:#1d5c63}
.field .logical{color:#a4161a}.field .levels,.field .col{color:var(--muted)}
tr.region:target{background:#e4efff}
)";

// Runs after the page is parsed. It draws the byte map from #map-data and
// the diagnostics' rows, and wires the clicks. Data reaches the DOM only
// through textContent and dataset, never as markup. No "//" appears in it, so
// a test can tell that the page refers to no URL.
constexpr std::string_view kScript = R"(
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('map-data').textContent);
  var map = document.getElementById('byte-map');
  var markers = document.getElementById('map-markers');
  var flags = document.getElementById('map-flags');
  var axis = document.getElementById('map-axis');
  var details = document.getElementById('map-details');
  var size = data.size;
  var selected = [];
  function pct(x) { return size > 0 ? Math.min(100, x / size * 100) : 0; }
  function place(el, offset, length) {
    el.style.left = pct(offset) + '%';
    el.style.width = pct(length) + '%';
  }
  function select(els) {
    selected.forEach(function (el) { el.classList.remove('selected'); });
    selected = els.filter(function (el) { return el; });
    selected.forEach(function (el) { el.classList.add('selected'); });
  }
  function show(lines, link, linkText) {
    details.textContent = '';
    lines.forEach(function (line) {
      var div = document.createElement('div');
      div.textContent = line;
      details.appendChild(div);
    });
    if (link) {
      var a = document.createElement('a');
      a.href = link;
      a.textContent = linkText;
      details.appendChild(a);
    }
  }
  function span(offset, length) {
    return 'offset ' + offset + ' + ' + length + ' bytes (to ' + (offset + length) + ')';
  }
  function segmentLines(s) {
    var lines = [data.kinds[s[2]] + ': ' + span(s[0], s[1])];
    if (s[3] === 1 && s[5]) lines.push(s[5]);
    if (s[3] === 0) lines.push('bytes no region accounts for');
    if (s[6]) {
      lines.push(s[3] + ' regions, by kind:');
      s[6].forEach(function (m) {
        lines.push('  ' + data.kinds[m[0]] + ': ' + m[1] + ' regions, ' + m[2] + ' bytes');
      });
    }
    return lines;
  }
  data.segments.forEach(function (s, i) {
    var el = document.createElement('div');
    var gap = s[2] === data.gap || (s[6] || []).some(function (m) { return m[0] === data.gap; });
    el.className = 'seg k-' + data.kinds[s[2]] + (gap ? ' has-gap' : '');
    el.dataset.segment = i;
    el.dataset.kind = data.kinds[s[2]];
    place(el, s[0], s[1]);
    el.title = segmentLines(s).join('\n');
    map.appendChild(el);
  });
  map.addEventListener('click', function (e) {
    var el = e.target.closest('.seg');
    if (!el) return;
    var s = data.segments[el.dataset.segment];
    select([el]);
    var link = s[3] === 1 && s[4] < data.layoutRows ? '#region-' + s[4] : null;
    show(segmentLines(s), link, 'show in the layout table');
  });
  data.overlaps.forEach(function (o) {
    var el = document.createElement('div');
    el.className = 'overlap';
    place(el, o[0], o[1]);
    el.title = 'overlap: regions ' + o[2] + ' and ' + o[3] + ', ' + span(o[0], o[1]);
    flags.appendChild(el);
  });
  data.gaps.forEach(function (g) {
    var el = document.createElement('div');
    el.className = 'gap-mark';
    place(el, g[0], g[1]);
    el.title = 'gap (region ' + g[2] + '): ' + span(g[0], g[1]);
    flags.appendChild(el);
  });
  [0, 0.25, 0.5, 0.75, 1].forEach(function (f) {
    var t = document.createElement('span');
    t.style.left = (f * 100) + '%';
    t.textContent = String(Math.round(size * f));
    axis.appendChild(t);
  });

  var rows = Array.prototype.slice.call(document.querySelectorAll('#diagnostics tr.diag'));
  var markerOf = {};
  rows.forEach(function (row) {
    var el = document.createElement('div');
    var i = row.dataset.index;
    el.className = 'marker sev-' + row.dataset.severity;
    el.dataset.index = i;
    place(el, Number(row.dataset.offset), Number(row.dataset.length));
    el.title = row.dataset.code + ' at ' + row.dataset.offset + '+' + row.dataset.length;
    markers.appendChild(el);
    markerOf[i] = el;
  });
  function selectDiagnostic(i) {
    var row = document.getElementById('diag-' + i);
    if (!row) return;
    select([row, markerOf[i]]);
    var cells = row.querySelectorAll('td');
    var lines = ['#' + i + ' ' + row.dataset.severity + ' ' + row.dataset.code + ': ' +
                 span(Number(row.dataset.offset), Number(row.dataset.length))];
    if (cells[4].textContent) lines.push(cells[4].textContent);
    if (cells[5].textContent) lines.push('column ' + cells[5].textContent);
    lines.push(cells[6].textContent);
    var hex = document.getElementById('hex-' + i);
    show(lines, hex ? '#hex-' + i : null, 'show the bytes');
  }
  markers.addEventListener('click', function (e) {
    var el = e.target.closest('.marker');
    if (el) selectDiagnostic(el.dataset.index);
  });
  document.getElementById('diagnostics').addEventListener('click', function (e) {
    var row = e.target.closest('tr.diag');
    if (row) selectDiagnostic(row.dataset.index);
  });
  /* A link to page.html#diag-N opens with that diagnostic selected. */
  function selectFromHash() {
    if (location.hash.indexOf('#diag-') === 0) selectDiagnostic(location.hash.slice(6));
  }
  window.addEventListener('hashchange', selectFromHash);
  selectFromHash();
  document.body.dataset.rendered = 'yes';
})();
)";

std::string Counted(size_t count, std::string_view noun) {
  std::string text = std::to_string(count) + " ";
  text += noun;
  if (count != 1) text += "s";
  return text;
}

void AppendSummaryItem(std::string_view term, std::string_view html,
                       std::string* out) {
  *out += "<dt>";
  *out += term;
  *out += "</dt><dd>";
  *out += html;
  *out += "</dd>\n";
}

void AppendSummary(std::string_view path, const Inspection& inspection,
                   std::string* out) {
  const Report& report = inspection.report;
  const SeverityCounts counts = CountSeverities(report);
  const std::string verdict(VerdictName(report.verdict));
  *out += "<header id=\"summary\" data-verdict=\"" + verdict +
          "\" data-diagnostics=\"" + std::to_string(report.diagnostics.size()) +
          "\">\n<h1>";
  AppendText(path, out);
  *out += "</h1>\n<dl class=\"summary\">\n";
  std::string item;
  AppendText(path, &item);
  AppendSummaryItem("path", item, out);
  AppendSummaryItem(
      "size",
      std::to_string(report.size) + " bytes (" + HumanSize(report.size) + ")",
      out);
  AppendSummaryItem("format", std::string(FormatName(report.format)), out);
  AppendSummaryItem(
      "verdict",
      "<span class=\"verdict verdict-" + verdict + "\">" + verdict + "</span>" +
          (report.complete ? "" : " (not fully checked: a colcheck limit)"),
      out);
  AppendSummaryItem("diagnostics",
                    Counted(counts.errors, "error") + ", " +
                        Counted(counts.warnings, "warning") + ", " +
                        Counted(counts.infos, "info"),
                    out);
  item.clear();
  AppendText(inspection.created_by, &item);
  AppendSummaryItem("created_by", item, out);
  item.clear();
  AppendOptional(inspection.version, &item);
  AppendSummaryItem("version", item, out);
  item.clear();
  AppendOptional(inspection.num_rows, &item);
  AppendSummaryItem("rows", item, out);
  if (inspection.layout.containers == Containers::kStripes) {
    AppendSummaryItem("stripes",
                      std::to_string(inspection.layout.stripes.size()), out);
  } else {
    AppendSummaryItem("row groups",
                      std::to_string(inspection.layout.row_groups.size()), out);
  }
  AppendSummaryItem("columns", std::to_string(inspection.columns.size()), out);
  AppendSummaryItem("regions",
                    std::to_string(inspection.layout.regions.size()) + " (" +
                        std::to_string(inspection.layout.overlaps.size()) +
                        " overlaps)",
                    out);
  *out += "</dl>\n";
  const auto& metadata = inspection.key_value_metadata;
  if (!metadata.empty()) {
    *out += "<details id=\"key-value-metadata\"><summary>key_value_metadata (" +
            std::to_string(metadata.size()) +
            " entries)</summary>\n<table><tr><th>key</th><th>value</th></tr>\n";
    const size_t shown = std::min(metadata.size(), kHtmlMaxKeyValues);
    for (size_t i = 0; i < shown; ++i) {
      *out += "<tr><td class=\"fld\">";
      AppendText(metadata[i].first, out);
      *out += "</td><td class=\"fld mono\">";
      AppendText(metadata[i].second, out);
      *out += "</td></tr>\n";
    }
    *out += "</table>\n";
    AppendCapNote(shown, metadata.size(), "entries", out);
    *out += "</details>\n";
  }
  *out += "</header>\n";
}

// A segment: [offset, length, kind, regions, first region, field] and,
// when it summarises several regions, [[kind, regions, bytes], ...].
void JsonSegment(const Layout& layout, const MapSegment& s, JsonWriter* json) {
  json->BeginArray().Uint(s.offset).Uint(s.length);
  json->Int(static_cast<int>(s.kind)).Uint(s.regions).Uint(s.first_region);
  json->String(s.regions == 1 && s.first_region < layout.regions.size()
                   ? std::string_view(layout.regions[s.first_region].field)
                         .substr(0, kHtmlMaxTextBytes)
                   : std::string_view());
  if (s.regions > 1) {
    json->BeginArray();
    for (size_t k = 0; k < kRegionKindCount; ++k) {
      if (s.kind_bytes[k] == 0 && s.kind_regions[k] == 0) continue;
      json->BeginArray().Uint(k).Uint(s.kind_regions[k]);
      json->Uint(s.kind_bytes[k]).EndArray();
    }
    json->EndArray();
  }
  json->EndArray();
}

// The page script's data (kScript reads it): the segments, the overlaps and
// the gaps, each capped, and the names of the first `kinds` region kinds.
std::string MapData(const Layout& layout,
                    const std::vector<MapSegment>& segments, size_t kinds) {
  std::string out;
  JsonWriter json(&out);
  json.BeginObject().Key("size").Uint(layout.file_size);
  json.Key("gap").Int(static_cast<int>(RegionKind::kGap));
  json.Key("layoutRows").Uint(kHtmlMaxLayoutRows);
  json.Key("kinds").BeginArray();
  for (size_t k = 0; k < kinds; ++k) {
    json.String(RegionKindName(static_cast<RegionKind>(k)));
  }
  json.EndArray().Key("segments").BeginArray();
  for (size_t i = 0; i < segments.size(); ++i) {
    if (i > 0) json.LineBreak();
    JsonSegment(layout, segments[i], &json);
  }
  json.EndArray().Key("overlaps").BeginArray();
  const size_t overlaps = std::min(layout.overlaps.size(), kHtmlMaxOverlapRows);
  for (size_t i = 0; i < overlaps; ++i) {
    const Overlap& o = layout.overlaps[i];
    json.BeginArray().Uint(o.offset).Uint(o.length);
    json.Uint(o.first).Uint(o.second).EndArray();
  }
  // Gaps get a mark of their own: in a large file a few stray bytes would
  // vanish inside a segment.
  json.EndArray().Key("gaps").BeginArray();
  size_t gaps = 0;
  for (size_t i = 0; i < layout.regions.size() && gaps < kHtmlMaxOverlapRows;
       ++i) {
    const Region& r = layout.regions[i];
    if (r.kind != RegionKind::kGap) continue;
    ++gaps;
    json.BeginArray().Uint(r.offset).Uint(r.length).Uint(i).EndArray();
  }
  json.EndArray().EndObject();
  return out;
}

void AppendByteMap(const Inspection& inspection, std::string* out) {
  const Layout& layout = inspection.layout;
  const std::vector<MapSegment> segments =
      SummarizeByteMap(layout, kHtmlMaxMapSegments);
  std::array<size_t, kRegionKindCount> kind_counts{};
  for (const Region& region : layout.regions) {
    ++kind_counts[static_cast<size_t>(region.kind)];
  }
  *out += "<section id=\"map-section\"><h2>Byte map</h2>\n";
  *out += "<p class=\"na\">" + std::to_string(layout.file_size) + " bytes in " +
          std::to_string(segments.size()) + " segments";
  if (segments.size() < layout.regions.size()) {
    *out += ", summarised from " + std::to_string(layout.regions.size()) +
            " regions (a segment shows the kind holding most of its bytes)";
  }
  *out +=
      ". Markers above the bar are diagnostics; below it, red marks "
      "are gaps and hatched ones overlaps. Click for details.</p>\n";
  if (layout.capped) {
    *out +=
        "<p class=\"cap-note\">The inspection reached its page limit: "
        "later pages lie inside chunk-rest regions.</p>\n";
  }
  *out += "<div class=\"legend\" id=\"map-legend\">";
  const bool orc = layout.containers == Containers::kStripes;
  const size_t kinds = orc ? kRegionKindCount : kParquetRegionKindCount;
  for (size_t k = 0; k < kinds; ++k) {
    // An ORC page's legend shows the ORC kinds and gaps.
    if (orc && !IsOrcRegionKind(static_cast<RegionKind>(k)) &&
        static_cast<RegionKind>(k) != RegionKind::kGap) {
      continue;
    }
    const std::string name(RegionKindName(static_cast<RegionKind>(k)));
    *out += "<span data-kind=\"" + name + "\"><span class=\"sw k-" + name +
            "\"></span>" + name + " (" + std::to_string(kind_counts[k]) +
            ")</span>";
  }
  *out +=
      "</div>\n<div class=\"map-wrap\"><div id=\"map-markers\"></div>"
      "<div id=\"byte-map\"></div><div id=\"map-flags\"></div>"
      "<div id=\"map-axis\"></div></div>\n"
      "<div id=\"map-details\">Click a segment, a marker or a "
      "diagnostic.</div>\n"
      "<noscript><p class=\"cap-note\">The byte map is drawn by the "
      "page's script; the tables below need none.</p></noscript>\n";

  *out += "<script type=\"application/json\" id=\"map-data\">";
  AppendScriptJson(MapData(layout, segments, kinds), out);
  *out += "</script>\n</section>\n";
}

void AppendDiagnostics(const Report& report, std::string* out) {
  const size_t total = report.diagnostics.size();
  const size_t shown = std::min(total, kHtmlMaxDiagnostics);
  *out += "<section id=\"diagnostics-section\"><h2>Diagnostics (" +
          std::to_string(total) + ")</h2>\n";
  AppendCapNote(shown, total, "diagnostics", out);
  *out +=
      "<table id=\"diagnostics\"><thead><tr><th class=\"num\">#</th>"
      "<th>code</th><th>severity</th><th class=\"num\">offset+length</th>"
      "<th>field</th><th>column</th><th>message</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < shown; ++i) {
    const Diagnostic& d = report.diagnostics[i];
    const std::string index = std::to_string(i);
    const std::string severity(SeverityName(d.severity));
    const std::string span =
        std::to_string(d.offset) + "+" + std::to_string(d.length);
    std::string code;
    AppendHtmlEscaped(Info(d.code).name, &code);
    *out += "<tr class=\"diag sev-" + severity + "\" id=\"diag-" + index +
            "\" data-index=\"" + index + "\" data-code=\"" + code +
            "\" data-severity=\"" + severity + "\" data-offset=\"" +
            std::to_string(d.offset) + "\" data-length=\"" +
            std::to_string(d.length) + "\"><td class=\"num\">" + index +
            "</td><td><code>" + code + "</code></td><td>" + severity +
            "</td><td class=\"num mono\">";
    if (i < kHtmlMaxHexExcerpts) {
      *out += "<a href=\"#hex-" + index + "\">" + span + "</a>";
    } else {
      *out += span;
    }
    *out += "</td><td class=\"fld mono\">";
    AppendText(d.field, out);
    *out += "</td><td class=\"fld mono\">";
    AppendText(d.column, out);
    *out += "</td><td class=\"msg\">";
    AppendText(d.message, out);
    if (!d.known_bug.empty()) {
      *out += " <span class=\"bug\">known bug <code>";
      AppendText(d.known_bug, out);
      *out += "</code></span>";
    }
    *out += "</td></tr>\n";
  }
  *out += "</tbody></table>\n";
  if (total == 0) *out += "<p class=\"na\">No diagnostics.</p>\n";
  *out += "</section>\n";
}

void AppendExcerpts(const Report& report, std::span<const std::byte> file,
                    std::string* out) {
  const size_t total = report.diagnostics.size();
  const size_t shown = std::min(total, kHtmlMaxHexExcerpts);
  *out +=
      "<section id=\"bytes-section\"><h2>Bytes around each "
      "diagnostic</h2>\n<p class=\"na\">Offsets in decimal; the span is "
      "highlighted, " +
      std::to_string(kHtmlHexContext) + " bytes of context either side.</p>\n";
  if (total == 0) *out += "<p class=\"na\">Nothing to show.</p>\n";
  AppendCapNote(shown, total, "diagnostics' bytes", out);
  for (size_t i = 0; i < shown; ++i) {
    AppendExcerpt(i, report.diagnostics[i], file, out);
  }
  *out += "</section>\n";
}

void AppendLogical(const LogicalTypeInfo& logical, std::string* out) {
  if (logical.name.empty()) return;
  *out += " <span class=\"logical\">";
  AppendHtmlEscaped(logical.name, out);
  if (logical.name == "INTEGER") {
    *out += "(" + std::to_string(logical.bit_width) +
            (logical.is_signed ? ", signed)" : ", unsigned)");
  } else if (logical.name == "DECIMAL") {
    *out += "(" + std::to_string(logical.precision) + ", " +
            std::to_string(logical.scale) + ")";
  } else if (!logical.unit.empty()) {
    *out += "(";
    AppendHtmlEscaped(logical.unit, out);
    *out += logical.adjusted_to_utc ? ", UTC)" : ")";
  }
  *out += "</span>";
}

void AppendFieldLine(const SchemaField& field, size_t index, std::string* out) {
  *out += "<span class=\"field\" data-field=\"" + std::to_string(index) + "\"";
  if (field.column >= 0) {
    *out += " data-column=\"" + std::to_string(field.column) + "\"";
  }
  *out += "><span class=\"name\">";
  AppendText(field.name, out);
  *out += "</span> <span class=\"rep\">";
  AppendEnum(RepetitionName, field.repetition, out);
  *out += "</span>";
  if (field.physical >= 0) {
    *out += " <span class=\"type\">";
    AppendEnum(PhysicalTypeName, field.physical, out);
    if (field.type_length >= 0) {
      *out += "(" + std::to_string(field.type_length) + ")";
    }
    *out += "</span>";
  }
  if (field.converted >= 0) {
    *out += " <span class=\"converted\">";
    AppendEnum(ConvertedTypeName, field.converted, out);
    *out += "</span>";
  }
  AppendLogical(field.logical, out);
  if (field.has_field_id) {
    *out +=
        " <span class=\"na\">id " + std::to_string(field.field_id) + "</span>";
  }
  if (field.column >= 0) {
    *out += " <span class=\"col\">column " + std::to_string(field.column) +
            "</span>";
  }
  *out += " <span class=\"levels\">def " +
          std::to_string(field.max_definition_level) + " rep " +
          std::to_string(field.max_repetition_level) + "</span></span>";
}

// Renders the tree below the root. The child lists come from the file, so
// the walk guards against cycles, bad indices and depth, and stops at
// kHtmlMaxSchemaFields.
class SchemaTreeWriter {
 public:
  SchemaTreeWriter(const Schema& schema, std::string* out)
      : schema_(schema), placed_(schema.fields.size(), false), out_(out) {}

  // Returns how many elements it wrote.
  size_t Write() {
    if (schema_.fields.empty()) return 0;
    placed_[0] = true;
    written_ = 1;
    *out_ += "<ul class=\"tree\"><li>";
    AppendFieldLine(schema_.fields[0], 0, out_);
    WriteChildren(schema_.fields[0], 1);
    *out_ += "</li></ul>\n";
    return written_;
  }

  // Whether a cap stopped the walk.
  bool cut() const { return cut_; }

  // The fields the tree did not reach, for a flat list.
  std::vector<size_t> Unplaced() const {
    std::vector<size_t> result;
    for (size_t i = 0; i < placed_.size(); ++i) {
      if (!placed_[i]) result.push_back(i);
    }
    return result;
  }

 private:
  void WriteChildren(const SchemaField& parent, size_t depth) {
    if (parent.children.empty()) return;
    *out_ += "<ul class=\"tree\">";
    for (const int32_t child : parent.children) {
      if (child < 0 || static_cast<size_t>(child) >= placed_.size() ||
          placed_[child]) {
        continue;
      }
      if (written_ >= kHtmlMaxSchemaFields || depth > kHtmlMaxSchemaDepth) {
        cut_ = true;
        continue;
      }
      placed_[child] = true;
      ++written_;
      const SchemaField& field = schema_.fields[child];
      *out_ += "<li>";
      if (field.children.empty()) {
        AppendFieldLine(field, child, out_);
      } else {
        *out_ += depth < 3 ? "<details open><summary>" : "<details><summary>";
        AppendFieldLine(field, child, out_);
        *out_ += "</summary>";
        WriteChildren(field, depth + 1);
        *out_ += "</details>";
      }
      *out_ += "</li>";
    }
    *out_ += "</ul>\n";
  }

  const Schema& schema_;
  std::vector<bool> placed_;
  std::string* out_;
  size_t written_ = 0;
  bool cut_ = false;
};

// An ORC type tree, as `colcheck schema` prints it, at most
// kHtmlMaxSchemaFields lines.
void AppendOrcSchema(const Schema& schema, std::string* out) {
  *out += "<section id=\"schema-section\"><h2>Schema (" +
          std::to_string(schema.orc_types.size()) + " types)</h2>\n";
  const std::string text = RenderOrcSchemaText(schema);
  size_t end = 0;
  size_t lines = 0;
  while (end < text.size() && lines < kHtmlMaxSchemaFields) {
    const size_t next = text.find('\n', end);
    end = next == std::string::npos ? text.size() : next + 1;
    ++lines;
  }
  *out += "<pre id=\"schema\" class=\"mono\">";
  AppendHtmlEscaped(std::string_view(text).substr(0, end), out);
  *out += "</pre>\n";
  AppendCapNote(lines, schema.orc_types.size() + (schema.ok ? 0 : 1), "types",
                out);
  *out += "</section>\n";
}

void AppendSchema(const Schema& schema, std::string* out) {
  *out += "<section id=\"schema-section\"><h2>Schema (" +
          std::to_string(schema.fields.size()) + " elements, " +
          std::to_string(schema.leaves.size()) + " columns)</h2>\n";
  if (!schema.ok) {
    *out +=
        "<p class=\"cap-note\">The schema does not rebuild into one tree "
        "(the diagnostics say why); this is what could be placed.</p>\n";
  }
  *out += "<div id=\"schema\">";
  SchemaTreeWriter writer(schema, out);
  const size_t written = writer.Write();
  if (writer.cut()) {
    *out += "<p class=\"cap-note\">The tree is cut at " +
            std::to_string(kHtmlMaxSchemaFields) + " elements or " +
            std::to_string(kHtmlMaxSchemaDepth) +
            " levels, so that the page's size does not grow with the "
            "file.</p>\n";
  } else if (const std::vector<size_t> unplaced = writer.Unplaced();
             !unplaced.empty()) {
    const size_t shown =
        std::min(unplaced.size(), kHtmlMaxSchemaFields - written);
    *out += "<h3>Elements outside the tree (" +
            std::to_string(unplaced.size()) + ")</h3><ul class=\"tree\">";
    for (size_t i = 0; i < shown; ++i) {
      *out += "<li>";
      AppendFieldLine(schema.fields[unplaced[i]], unplaced[i], out);
      *out += "</li>";
    }
    *out += "</ul>\n";
    AppendCapNote(shown, unplaced.size(), "elements outside the tree", out);
  }
  *out += "</div>\n</section>\n";
}

void AppendColumns(const std::vector<ColumnSummary>& columns,
                   std::string* out) {
  const size_t shown = std::min(columns.size(), kHtmlMaxColumnRows);
  *out += "<section id=\"columns-section\"><h2>Columns (" +
          std::to_string(columns.size()) + ")</h2>\n";
  AppendCapNote(shown, columns.size(), "columns", out);
  *out +=
      "<table id=\"columns\"><thead><tr><th class=\"num\">#</th>"
      "<th>path</th><th>physical</th><th>codecs</th><th>encodings</th>"
      "<th class=\"num\">values</th><th class=\"num\">nulls</th>"
      "<th class=\"num\">compressed</th><th class=\"num\">uncompressed"
      "</th><th class=\"num\">ratio</th><th class=\"num\">data pages</th>"
      "<th class=\"num\">dictionary pages</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < shown; ++i) {
    const ColumnSummary& c = columns[i];
    *out += "<tr class=\"column\" data-column=\"" + std::to_string(c.column) +
            "\"><td class=\"num\">" + std::to_string(c.column) +
            "</td><td class=\"fld mono\">";
    AppendText(c.path, out);
    *out += "</td><td>";
    AppendEnum(PhysicalTypeName, c.physical, out);
    *out += "</td><td>";
    for (size_t j = 0; j < c.codecs.size() && j < 16; ++j) {
      if (j > 0) *out += ", ";
      AppendEnum(CodecName, c.codecs[j], out);
    }
    *out += "</td><td>";
    for (size_t j = 0; j < c.encodings.size() && j < 16; ++j) {
      if (j > 0) *out += ", ";
      AppendEnum(EncodingName, c.encodings[j], out);
    }
    *out += "</td><td class=\"num\">";
    AppendOptional(c.num_values, out);
    *out += "</td><td class=\"num\">";
    AppendOptional(c.null_count, out);
    *out += "</td><td class=\"num\">" + std::to_string(c.compressed_size) +
            "</td><td class=\"num\">" + std::to_string(c.uncompressed_size) +
            "</td><td class=\"num\">";
    if (c.compressed_size > 0) {
      char ratio[32];
      std::snprintf(ratio, sizeof(ratio), "%.2f",
                    static_cast<double>(c.uncompressed_size) /
                        static_cast<double>(c.compressed_size));
      *out += ratio;
    }
    *out += "</td><td class=\"num\">" + std::to_string(c.data_pages) +
            "</td><td class=\"num\">" + std::to_string(c.dictionary_pages) +
            "</td></tr>\n";
  }
  *out += "</tbody></table>\n</section>\n";
}

void AppendRegionRow(const Region& region, size_t index, std::string* out) {
  const std::string kind(RegionKindName(region.kind));
  const PageInfo& page = region.page;
  *out += "<tr class=\"region\" id=\"region-" + std::to_string(index) +
          "\" data-kind=\"" + kind + "\"><td class=\"num\">" +
          std::to_string(index) + "</td><td><span class=\"sw k-" + kind +
          "\"></span>" + kind + "</td><td class=\"num\">" +
          std::to_string(region.offset) + "</td><td class=\"num\">" +
          std::to_string(region.length) + "</td><td class=\"fld mono\">";
  AppendText(region.field, out);
  *out += "</td><td>";
  if (region.stream.index >= 0) {
    // ORC: the stream's kind and column, and its column's encoding.
    const std::string_view kind = OrcStreamKindName(region.stream.kind);
    *out +=
        kind.empty() ? std::to_string(region.stream.kind) : std::string(kind);
    *out += " column " + std::to_string(region.column);
    *out += "</td><td>";
    const std::string_view encoding =
        OrcEncodingKindName(region.stream.encoding);
    if (region.stream.encoding >= 0) {
      *out += encoding.empty() ? std::to_string(region.stream.encoding)
                               : std::string(encoding);
    }
  } else {
    AppendEnum(PageTypeName, page.type, out);
    *out += "</td><td>";
    AppendEnum(EncodingName, page.encoding, out);
  }
  *out += "</td><td class=\"num\">";
  AppendOptional(page.num_values, out);
  *out += "</td><td class=\"num\">";
  AppendOptional(page.num_nulls, out);
  *out += "</td><td class=\"num\">";
  AppendOptional(page.num_rows, out);
  *out += "</td><td class=\"num\">";
  if (page.type >= 0) AppendNumber(page.header_length, out);
  *out += "</td><td class=\"num\">";
  AppendOptional(page.compressed_size, out);
  *out += "</td><td class=\"num\">";
  AppendOptional(page.uncompressed_size, out);
  *out += "</td></tr>\n";
}

void AppendStripes(const Layout& layout, std::string* out) {
  const size_t shown = std::min(layout.stripes.size(), kHtmlMaxRowGroupRows);
  *out += "<h3>Stripes (" + std::to_string(layout.stripes.size()) + ")</h3>\n";
  AppendCapNote(shown, layout.stripes.size(), "stripes", out);
  *out +=
      "<table id=\"stripes\"><thead><tr><th class=\"num\">#</th>"
      "<th class=\"num\">offset</th><th class=\"num\">length</th>"
      "<th class=\"num\">index</th><th class=\"num\">data</th>"
      "<th class=\"num\">footer</th><th class=\"num\">rows</th>"
      "<th class=\"num\">streams</th><th>time zone</th></tr></thead>"
      "<tbody>\n";
  for (size_t i = 0; i < shown; ++i) {
    const StripeExtent& e = layout.stripes[i];
    *out += "<tr class=\"stripe\"><td class=\"num\">" +
            std::to_string(e.stripe) + "</td><td class=\"num\">" +
            std::to_string(e.offset) + "</td><td class=\"num\">" +
            std::to_string(e.length) + "</td><td class=\"num\">" +
            std::to_string(e.index_length) + "</td><td class=\"num\">" +
            std::to_string(e.data_length) + "</td><td class=\"num\">" +
            std::to_string(e.footer_length) + "</td><td class=\"num\">";
    AppendOptional(e.num_rows, out);
    *out += "</td><td class=\"num\">";
    AppendOptional(e.streams, out);
    *out += "</td><td class=\"fld\">";
    AppendText(e.writer_timezone, out);
    *out += "</td></tr>\n";
  }
  *out += "</tbody></table>\n";
}

void AppendLayout(const Layout& layout, std::string* out) {
  const bool orc = layout.containers == Containers::kStripes;
  *out += "<section id=\"layout-section\"><h2>Layout</h2>\n";
  if (orc) AppendStripes(layout, out);
  const size_t groups =
      std::min(layout.row_groups.size(), kHtmlMaxRowGroupRows);
  if (!orc) {
    *out += "<h3>Row groups (" + std::to_string(layout.row_groups.size()) +
            ")</h3>\n";
    AppendCapNote(groups, layout.row_groups.size(), "row groups", out);
    *out +=
        "<table id=\"row-groups\"><thead><tr><th class=\"num\">#</th>"
        "<th class=\"num\">offset</th><th class=\"num\">length</th>"
        "<th class=\"num\">rows</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < groups; ++i) {
      const RowGroupExtent& g = layout.row_groups[i];
      *out += "<tr class=\"row-group\"><td class=\"num\">" +
              std::to_string(g.row_group) + "</td><td class=\"num\">" +
              std::to_string(g.offset) + "</td><td class=\"num\">" +
              std::to_string(g.length) + "</td><td class=\"num\">";
      AppendOptional(g.num_rows, out);
      *out += "</td></tr>\n";
    }
    *out += "</tbody></table>\n";
  }

  const size_t rows = std::min(layout.regions.size(), kHtmlMaxLayoutRows);
  *out += "<h3>Regions (" + std::to_string(layout.regions.size()) + ")</h3>\n";
  AppendCapNote(rows, layout.regions.size(), "regions", out);
  *out +=
      "<table id=\"layout\"><thead><tr><th class=\"num\">#</th>"
      "<th>kind</th><th class=\"num\">offset</th><th class=\"num\">length"
      "</th><th>field</th><th>" +
      std::string(orc ? "stream" : "page type") +
      "</th><th>encoding</th>"
      "<th class=\"num\">values</th><th class=\"num\">nulls</th>"
      "<th class=\"num\">rows</th><th class=\"num\">header</th>"
      "<th class=\"num\">compressed</th><th class=\"num\">uncompressed"
      "</th></tr></thead><tbody>\n";
  for (size_t i = 0; i < rows; ++i) AppendRegionRow(layout.regions[i], i, out);
  *out += "</tbody></table>\n";

  if (!layout.overlaps.empty()) {
    const size_t shown = std::min(layout.overlaps.size(), kHtmlMaxOverlapRows);
    *out +=
        "<h3>Overlaps (" + std::to_string(layout.overlaps.size()) + ")</h3>\n";
    AppendCapNote(shown, layout.overlaps.size(), "overlaps", out);
    *out +=
        "<table id=\"overlaps\"><thead><tr><th class=\"num\">first</th>"
        "<th class=\"num\">second</th><th class=\"num\">offset</th>"
        "<th class=\"num\">length</th></tr></thead><tbody>\n";
    for (size_t i = 0; i < shown; ++i) {
      const Overlap& o = layout.overlaps[i];
      *out += "<tr class=\"overlap-row\"><td class=\"num\">" +
              std::to_string(o.first) + "</td><td class=\"num\">" +
              std::to_string(o.second) + "</td><td class=\"num\">" +
              std::to_string(o.offset) + "</td><td class=\"num\">" +
              std::to_string(o.length) + "</td></tr>\n";
    }
    *out += "</tbody></table>\n";
  }
  *out += "</section>\n";
}

}  // namespace

std::vector<MapSegment> SummarizeByteMap(const Layout& layout,
                                         size_t max_segments) {
  max_segments = std::max<size_t>(max_segments, 3);
  size_t pieces = 0;
  ForEachPiece(layout, [&](uint64_t, uint64_t, RegionKind, size_t, size_t) {
    ++pieces;
  });
  std::vector<MapSegment> segments;
  if (pieces <= max_segments) {
    segments.reserve(pieces);
    ForEachPiece(layout, [&](uint64_t offset, uint64_t length, RegionKind kind,
                             size_t region, size_t regions) {
      MapSegment& s = segments.emplace_back();
      s.offset = offset;
      s.first_region = region;
      AddToSegment(length, kind, regions, &s);
      s.kind = kind;
    });
    return segments;
  }
  // A segment closes once it holds `width` bytes, and a piece of `width` or
  // more stands alone (closing the open one first). Each closed segment then
  // either holds `width` bytes or precedes one that does, so there are at
  // most 2 * size / width + 1 <= max_segments of them.
  const uint64_t width = (layout.file_size / (max_segments - 1) + 1) * 2;
  MapSegment open;
  const auto close = [&]() {
    if (open.length == 0) return;
    SetDominantKind(&open);
    segments.push_back(open);
    open = MapSegment();
  };
  ForEachPiece(layout, [&](uint64_t offset, uint64_t length, RegionKind kind,
                           size_t region, size_t regions) {
    if (length >= width) close();
    if (open.length == 0) {
      open.offset = offset;
      open.first_region = region;
    }
    AddToSegment(length, kind, regions, &open);
    if (open.length >= width) close();
  });
  close();
  return segments;
}

void AppendHtmlEscaped(std::string_view value, std::string* out) {
  ForEachCodePoint(value, [out](uint32_t code_point) {
    if (code_point >= 0x80) {
      char buffer[16];
      if (code_point < 0xa0) {
        std::snprintf(buffer, sizeof(buffer), "\\u%04x", code_point);
      } else {
        std::snprintf(buffer, sizeof(buffer), "&#x%x;", code_point);
      }
      *out += buffer;
      return;
    }
    switch (code_point) {
      case '&':
        *out += "&amp;";
        break;
      case '<':
        *out += "&lt;";
        break;
      case '>':
        *out += "&gt;";
        break;
      case '"':
        *out += "&quot;";
        break;
      case '\'':
        *out += "&#39;";
        break;
      default:
        if (code_point < 0x20 || code_point == 0x7f) {
          // Visible, so a NUL or an escape sequence in a name shows up
          // as what it is.
          *out += "\\x";
          AppendHexByte(code_point, out);
        } else {
          out->push_back(static_cast<char>(code_point));
        }
    }
  });
}

void WriteHtmlReport(std::string_view path, const Inspection& inspection,
                     std::span<const std::byte> file, std::ostream& out) {
  std::string html;
  html.reserve(64 * 1024);
  html +=
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
      "charset=\"utf-8\">\n<meta name=\"viewport\" "
      "content=\"width=device-width, initial-scale=1\">\n"
      "<meta name=\"generator\" content=\"colcheck ";
  html += kVersion;
  html += "\">\n<title>colcheck: ";
  AppendText(path, &html);
  html += "</title>\n<style>";
  html += kStyle;
  if (inspection.layout.containers == Containers::kStripes) {
    html += "</style>\n<style>";
    html += kOrcStyle;
  }
  html +=
      "</style>\n</head>\n<body>\n<nav><a href=\"#summary\">Summary</a>"
      "<a href=\"#map-section\">Byte map</a>"
      "<a href=\"#diagnostics-section\">Diagnostics</a>"
      "<a href=\"#bytes-section\">Bytes</a>"
      "<a href=\"#schema-section\">Schema</a>"
      "<a href=\"#columns-section\">Columns</a>"
      "<a href=\"#layout-section\">Layout</a></nav>\n";
  AppendSummary(path, inspection, &html);
  AppendByteMap(inspection, &html);
  AppendDiagnostics(inspection.report, &html);
  out << html;
  html.clear();
  AppendExcerpts(inspection.report, file, &html);
  if (inspection.schema.kind == SchemaKind::kOrcTypes) {
    AppendOrcSchema(inspection.schema, &html);
  } else {
    AppendSchema(inspection.schema, &html);
  }
  AppendColumns(inspection.columns, &html);
  AppendLayout(inspection.layout, &html);
  html += "<footer class=\"na\"><p>Written by colcheck ";
  html += kVersion;
  html += ".</p></footer>\n<script>";
  html += kScript;
  html += "</script>\n</body>\n</html>\n";
  out << html;
}

}  // namespace colcheck
