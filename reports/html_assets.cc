// The page's CSS and script (reports/html_internal.h).

#include <string_view>

#include "reports/html_internal.h"

namespace colcheck::html_internal {

const std::string_view kOrcStyle = R"(
.k-orc-magic{background:#6c757d}.k-index-stream{background:#9b5de5}.k-data-stream{background:#2a9d8f}
.k-stripe-rest{background:#e9c46a}.k-stripe-footer{background:#f4a261}
.k-encrypted-stripe-statistics{background:#8338ec}.k-metadata{background:#00a6d6}
.k-orc-footer{background:#3a6fd8}.k-postscript{background:#ff006e}.k-pslen{background:#495057}
)";

const std::string_view kStyle = R"(
:root{--fg:#1d2125;--muted:#5c6670;--line:#d8dde2;--bg:#fff;--panel:#f5f7f9;--nav:34px}
*{box-sizing:border-box}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;padding:0 24px 48px;max-width:1400px}
h1{font-size:22px;margin:18px 0 6px}h2{font-size:18px;margin:28px 0 8px;border-bottom:1px solid var(--line);padding-bottom:4px}
h3{font-size:14px;margin:12px 0 4px}
code,pre,.mono{font-family:ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:12.5px}
nav{position:sticky;top:0;z-index:20;height:var(--nav);line-height:calc(var(--nav) - 1px);background:var(--bg);border-bottom:1px solid var(--line)}
nav a{margin-right:14px}
[id]{scroll-margin-top:calc(var(--nav) + 8px)}
/* A row lands below the nav and the table's sticky head. */
tr.diag,tr.region{scroll-margin-top:calc(var(--nav) + 40px)}
dl.summary{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:8px 0}
dl.summary dt{color:var(--muted)}dl.summary dd{margin:0;word-break:break-all}
.verdict{font-weight:600;padding:1px 8px;border-radius:10px}
.verdict-valid{background:#d3f3dc;color:#12602a}.verdict-invalid{background:#fbd5d5;color:#8f1d1d}
.verdict-encrypted,.verdict-unsupported{background:#fdf0c4;color:#765a00}
table{border-collapse:collapse;width:100%;margin:6px 0}
th,td{border-bottom:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top}
th{background:var(--panel);position:sticky;top:var(--nav);z-index:1}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
td.msg{word-break:break-word}td.fld{word-break:break-all}td.stat{max-width:12em;word-break:break-all}
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
span.sw{display:inline-block;width:12px;height:12px;border:1px solid #0004;vertical-align:-2px;margin-right:4px}
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
.controls{display:flex;flex-wrap:wrap;gap:6px 14px;align-items:center;margin:6px 0;padding:6px 8px;background:var(--panel);border:1px solid var(--line)}
.controls input[type=search]{flex:1;min-width:220px;padding:2px 6px}
.controls label{white-space:nowrap}
tr.group-head td{background:#eceff3;border-top:2px solid #c5ccd4;padding:4px 6px}
.group-toggle{border:0;background:none;cursor:pointer;padding:0;font:inherit;font-weight:600;color:inherit}
.twisty::before{content:"\25be";display:inline-block;width:14px}
.diag-group[data-open=no] .twisty::before{content:"\25b8"}
.js .diag-group[data-open=no] tr.diag{display:none}
.group-count{font-weight:600}.group-head .summary{margin-left:8px;font-size:12.5px}
.group-head.sev-error .group-count{color:#b3261e}.group-head.sev-warning .group-count{color:#946200}
.group-head.sev-info .group-count{color:#3b6ea8}
tr.diag.filtered,tbody.diag-group.filtered,.marker.filtered,.zmarker.filtered{display:none}
#map-lanes{max-height:440px;overflow-y:auto;border:1px solid var(--line);padding:3px 0;margin:6px 0}
.lane{display:grid;grid-template-columns:110px 220px 1fr 64px;gap:10px;align-items:center;padding:2px 8px;cursor:pointer;font-size:12.5px}
.lane:hover,.lane:focus{background:#eef4ff;outline:none}.lane.current{background:#e4efff}
.lane-name{font-weight:600;white-space:nowrap}.lane.tail .lane-name{font-style:italic}
.lane-info{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.lane-bar{position:relative;height:18px}
.lane-fill{position:relative;height:100%;min-width:3px;background:#eee;border:1px solid #aaa}
.lseg{position:absolute;top:0;bottom:0;min-width:1px}
.lband{position:absolute;top:0;bottom:0;width:1px;background:#fff}
.lane-diags{text-align:right;color:#b3261e;font-size:12px;white-space:nowrap}
#map-zoom{border:1px solid #9fb3c8;background:#fbfcfe;padding:8px 10px;margin:6px 0}
.zoom-head{display:flex;gap:12px;align-items:center;flex-wrap:wrap}
#zoom-crumbs button{border:0;background:none;padding:0;color:#1a55b0;cursor:pointer;font:inherit;text-decoration:underline}
#zoom-crumbs span.sep{color:var(--muted);margin:0 6px}
#zoom-info{margin:4px 0}
#zoom-band{position:relative;height:22px;margin-top:2px}
.band{position:absolute;top:0;bottom:0;background:#d5dde7;border-right:1px solid #fff;font-size:11px;line-height:20px;overflow:hidden;white-space:nowrap;padding:0 3px;cursor:pointer}
.band:nth-child(even){background:#bccadb}.band:hover{outline:2px solid #000;z-index:2}
#zoom-map{position:relative;height:44px;background:#eee;border:1px solid #999}
.zseg{position:absolute;top:0;bottom:0;min-width:1px;cursor:pointer;box-shadow:inset -1px 0 0 #fff9}
.zseg:hover,.zseg.current{outline:2px solid #000;z-index:2}
#zoom-markers{position:relative;height:10px}
.zmarker{position:absolute;top:0;height:10px;min-width:3px;cursor:pointer;background:#b3261e}
.zmarker.sev-warning{background:#e0a800}.zmarker.sev-info{background:#3b6ea8}
#zoom-axis{position:relative;height:16px;font-size:11px;color:var(--muted)}
#zoom-axis span{position:absolute;transform:translateX(-50%);white-space:nowrap}
#zoom-details{background:var(--panel);border:1px solid var(--line);padding:6px 10px;min-height:40px;margin:6px 0;font-size:13px}
#zoom-details div,#map-details div{word-break:break-all}
#map-details a,#map-details button,#zoom-details a,#zoom-details button{margin-right:14px}
.zoom-list{max-height:380px;overflow-y:auto;border:1px solid var(--line)}
.zoom-list th{top:0}
)";

// Runs after the page is parsed. It draws the byte map, its lanes and their
// zoomed views from #map-data, and the diagnostics' markers from their rows,
// wires the clicks and the filters, and reveals the row a #diag-N link names.
// Data reaches the DOM only through textContent and dataset, never as
// markup. No "//" appears in it, so a test can tell that the page refers to
// no URL.
const std::string_view kScript = R"(
(function () {
  'use strict';
  document.documentElement.classList.add('js');
  var data = JSON.parse(document.getElementById('map-data').textContent);
  function $(id) { return document.getElementById(id); }
  function list(nodes) { return Array.prototype.slice.call(nodes); }
  function make(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) el.className = cls;
    if (text !== undefined) el.textContent = text;
    return el;
  }
  var map = $('byte-map');
  var markers = $('map-markers');
  var flags = $('map-flags');
  var details = $('map-details');
  var size = data.size;
  var selected = [];
  var total = Number($('summary').dataset.diagnostics);
  function kindName(k) { return data.kinds[k] || 'kind ' + k; }
  function pct(x, base, len) {
    return len > 0 ? Math.max(0, Math.min(100, (x - base) / len * 100)) : 0;
  }
  function place(el, offset, length, base, len) {
    if (base === undefined) { base = 0; len = size; }
    var a = pct(offset, base, len);
    el.style.left = a + '%';
    el.style.width = (pct(offset + length, base, len) - a) + '%';
  }
  function human(n) {
    if (n < 1024) return n + ' B';
    var units = ['KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
    var v = n / 1024, k = 0;
    while (v >= 1024 && k + 1 < units.length) { v /= 1024; k++; }
    return v.toFixed(1) + ' ' + units[k];
  }
  function span(offset, length) {
    return 'offset ' + offset + ' + ' + length + ' bytes (to ' + (offset + length) + ')';
  }
  function pathOf(c) { return c >= 0 && c < data.paths.length ? data.paths[c] : ''; }
  function columnText(c) {
    if (c < 0) return '';
    var p = pathOf(c);
    return p ? p + ' (column ' + c + ')' : 'column ' + c;
  }
  function select(els) {
    selected.forEach(function (el) { el.classList.remove('selected'); });
    selected = els.filter(function (el) { return el; });
    selected.forEach(function (el) { el.classList.add('selected'); });
  }
  /* Writes `lines` into `panel`, then links ({href, text}) and buttons
     ({text, run}). */
  function show(panel, lines, links) {
    panel.textContent = '';
    lines.forEach(function (line) { panel.appendChild(make('div', '', line)); });
    (links || []).forEach(function (l) {
      if (!l) return;
      var el;
      if (l.run) {
        el = make('button', 'detail-link', l.text);
        el.type = 'button';
        el.addEventListener('click', l.run);
      } else {
        el = make('a', 'detail-link', l.text);
        el.href = l.href;
      }
      panel.appendChild(el);
    });
  }
  function axisTicks(el, base, len) {
    el.textContent = '';
    [0, 0.25, 0.5, 0.75, 1].forEach(function (f) {
      var t = make('span', '', String(Math.round(base + len * f)));
      t.style.left = (f * 100) + '%';
      /* The end labels stay inside the bar. */
      if (f === 0) t.style.transform = 'none';
      if (f === 1) t.style.transform = 'translateX(-100%)';
      el.appendChild(t);
    });
  }
  function segmentLines(s) {
    var lines = [kindName(s[2]) + ': ' + span(s[0], s[1])];
    if (s[3] === 1 && s[5]) lines.push(s[5]);
    if (s[3] === 1 && s[7] >= 0) lines.push(columnText(s[7]));
    if (s[8]) lines.push('stream ' + s[8]);
    if (s[3] === 0) lines.push('bytes no region accounts for');
    if (s[6]) {
      lines.push(s[3] + ' regions, by kind:');
      s[6].forEach(function (m) {
        lines.push('  ' + kindName(m[0]) + ': ' + m[1] + ' regions, ' + m[2] + ' bytes');
      });
    }
    return lines;
  }
  function regionLink(s) {
    return s[3] === 1 && s[4] < data.layoutRows ?
        {href: '#region-' + s[4], text: 'show in the layout table'} : null;
  }

  /* ---- the whole file ---- */
  var mapFrag = document.createDocumentFragment();
  data.segments.forEach(function (s, i) {
    var el = make('div');
    var gap = s[2] === data.gap || (s[6] || []).some(function (m) { return m[0] === data.gap; });
    el.className = 'seg k-' + kindName(s[2]) + (gap ? ' has-gap' : '');
    el.dataset.segment = i;
    el.dataset.kind = kindName(s[2]);
    place(el, s[0], s[1]);
    el.title = segmentLines(s).join('\n');
    mapFrag.appendChild(el);
  });
  map.appendChild(mapFrag);
  map.addEventListener('click', function (e) {
    var el = e.target.closest('.seg');
    if (!el) return;
    var s = data.segments[el.dataset.segment];
    select([el]);
    var lane = laneAt(s[0]);
    show(details, segmentLines(s), [regionLink(s), lane < 0 ? null :
        {text: 'open ' + laneName(lanes[lane]), run: function () { openLane(lane); }}]);
  });
  data.overlaps.forEach(function (o) {
    var el = make('div', 'overlap');
    place(el, o[0], o[1]);
    el.title = 'overlap: regions ' + o[2] + ' and ' + o[3] + ', ' + span(o[0], o[1]);
    flags.appendChild(el);
  });
  data.gaps.forEach(function (g) {
    var el = make('div', 'gap-mark');
    place(el, g[0], g[1]);
    el.title = 'gap (region ' + g[2] + '): ' + span(g[0], g[1]);
    flags.appendChild(el);
  });
  axisTicks($('map-axis'), 0, size);

  /* ---- lanes: one per row group or stripe, and the tail ---- */
  var lanes = data.lanes;
  var lanesEl = $('map-lanes');
  var zoomEl = $('map-zoom');
  var zoomMap = $('zoom-map');
  var zoomBand = $('zoom-band');
  var zoomMarkers = $('zoom-markers');
  var zoomDetails = $('zoom-details');
  var zoomBody = document.querySelector('#zoom-table tbody');
  var LIST_ROWS = 500;
  var view = null;
  function laneName(l) {
    if (l[0]) return lanes.length === 1 ? 'whole file' : 'metadata';
    return data.containers + ' ' + l[1];
  }
  function bandName(b) { return b[3] || columnText(b[2]); }
  function laneAt(offset) {
    for (var i = 0; i < lanes.length; i++) {
      if (offset >= lanes[i][2] && offset < lanes[i][2] + lanes[i][3]) return i;
    }
    return -1;
  }
  function laneSegments(l, base, len, each) {
    for (var k = l[5]; k < l[5] + l[6]; k++) {
      var s = data.laneSegments[k];
      if (s[0] + s[1] > base && s[0] < base + len) each(s, k);
    }
  }
  var widest = 1;
  lanes.forEach(function (l) { widest = Math.max(widest, l[3]); });
  var laneRows = [];
  var laneFrag = document.createDocumentFragment();
  lanes.forEach(function (l, i) {
    var row = make('div', 'lane' + (l[0] ? ' tail' : ''));
    row.id = 'lane-' + i;
    row.dataset.lane = i;
    row.dataset.laneKind = l[0] ? 'tail' : 'container';
    row.tabIndex = 0;
    row.setAttribute('role', 'button');
    var info = human(l[3]);
    if (l[4] >= 0) info += ', ' + l[4] + ' rows';
    if (l[8] > 0) info += ', ' + l[8] + (data.containers === 'stripe' ? ' areas' : ' chunks');
    var bar = make('div', 'lane-bar');
    var fill = make('div', 'lane-fill');
    fill.style.width = Math.max(0.3, l[3] / widest * 100) + '%';
    laneSegments(l, l[2], l[3], function (s) {
      var el = make('div', 'lseg k-' + kindName(s[2]));
      place(el, s[0], s[1], l[2], l[3]);
      fill.appendChild(el);
    });
    for (var b = l[7] + 1; b < l[7] + l[8]; b++) {
      var tick = make('div', 'lband');
      tick.style.left = pct(data.bands[b][0], l[2], l[3]) + '%';
      fill.appendChild(tick);
    }
    bar.appendChild(fill);
    var count = make('span', 'lane-diags');
    row.appendChild(make('span', 'lane-name', laneName(l)));
    row.appendChild(make('span', 'lane-info na', info));
    row.appendChild(bar);
    row.appendChild(count);
    row.title = laneName(l) + ': ' + span(l[2], l[3]) + (l[9] ? ' (summary only)' : '');
    laneFrag.appendChild(row);
    laneRows.push({row: row, count: count, n: 0});
  });
  lanesEl.appendChild(laneFrag);
  lanesEl.addEventListener('click', function (e) {
    var row = e.target.closest('.lane');
    if (row) openLane(Number(row.dataset.lane));
  });
  lanesEl.addEventListener('keydown', function (e) {
    var row = e.target.closest('.lane');
    if (row && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      openLane(Number(row.dataset.lane));
    }
  });

  function crumb(text, run) {
    var el = make('button', '', text);
    el.type = 'button';
    el.addEventListener('click', run);
    return el;
  }
  /* Opens lane i, or its band b (a column chunk, a stripe's area). */
  function zoom(i, b) {
    var l = lanes[i];
    if (!l) return;
    var band = b === undefined || b === null ? null : data.bands[b];
    var base = band ? band[0] : l[2];
    var len = band ? band[1] : l[3];
    view = {lane: i, band: band ? b : null, base: base, len: len};
    laneRows.forEach(function (r, k) { r.row.classList.toggle('current', k === i); });
    zoomEl.dataset.lane = i;
    zoomEl.dataset.begin = base;
    zoomEl.dataset.end = base + len;
    var crumbs = $('zoom-crumbs');
    crumbs.textContent = '';
    crumbs.appendChild(crumb('all lanes', unzoom));
    crumbs.appendChild(make('span', 'sep', '\u203a'));
    if (band) {
      crumbs.appendChild(crumb(laneName(l), function () { zoom(i); }));
      crumbs.appendChild(make('span', 'sep', '\u203a'));
      crumbs.appendChild(make('strong', '', bandName(band)));
    } else {
      crumbs.appendChild(make('strong', '', laneName(l)));
    }
    var info = span(base, len) + ', ' + human(len);
    if (!band && l[4] >= 0) info += ', ' + l[4] + ' rows';
    if (l[9]) info += '; its regions overlap too much to summarise here: see the layout table';
    $('zoom-info').textContent = info;

    zoomBand.textContent = '';
    for (var k = l[7]; k < l[7] + l[8]; k++) {
      var d = data.bands[k];
      if (d[0] + d[1] <= base || d[0] >= base + len) continue;
      /* The label says what fits; the title says all. */
      var el = make('div', 'band', d[3] || pathOf(d[2]) || 'column ' + d[2]);
      el.dataset.band = k;
      place(el, d[0], d[1], base, len);
      el.title = bandName(d) + ': ' + span(d[0], d[1]);
      zoomBand.appendChild(el);
    }
    zoomBand.hidden = !zoomBand.firstChild;

    zoomMap.textContent = '';
    zoomBody.textContent = '';
    var frag = document.createDocumentFragment();
    var rowsFrag = document.createDocumentFragment();
    var listed = 0, count = 0;
    laneSegments(l, base, len, function (s, n) {
      var el = make('div', 'zseg k-' + kindName(s[2]));
      el.dataset.segment = n;
      el.dataset.kind = kindName(s[2]);
      place(el, s[0], s[1], base, len);
      el.title = segmentLines(s).join('\n');
      frag.appendChild(el);
      count++;
      if (listed >= LIST_ROWS) return;
      listed++;
      var tr = make('tr', 'zrow');
      tr.dataset.segment = n;
      tr.appendChild(make('td', 'num', String(n - l[5])));
      var kind = make('td');
      kind.appendChild(make('span', 'sw k-' + kindName(s[2])));
      kind.appendChild(document.createTextNode(' ' + kindName(s[2]) +
          (s[8] ? ' ' + s[8] : '') + (s[3] > 1 ? ' (' + s[3] + ' regions)' : '')));
      tr.appendChild(kind);
      tr.appendChild(make('td', 'num', String(s[0])));
      tr.appendChild(make('td', 'num', String(s[1])));
      tr.appendChild(make('td', 'fld mono', s[3] === 1 ? columnText(s[7]) : ''));
      var field = make('td', 'fld mono');
      var link = regionLink(s);
      if (link && s[5]) {
        var a = make('a', '', s[5]);
        a.href = link.href;
        field.appendChild(a);
      } else {
        field.textContent = s[5];
      }
      tr.appendChild(field);
      rowsFrag.appendChild(tr);
    });
    zoomMap.appendChild(frag);
    zoomBody.appendChild(rowsFrag);
    $('zoom-more').textContent = count > listed ?
        'The table lists the first ' + listed + ' of ' + count + ' segments.' : '';
    axisTicks($('zoom-axis'), base, len);
    drawZoomMarkers();
    show(zoomDetails, ['Click a segment, a band or a marker.' +
        (l[8] && !band ? ' A band opens its bytes alone.' : '')]);
    lanesEl.hidden = true;
    zoomEl.hidden = false;
  }
  function openLane(i) {
    zoom(i);
    zoomEl.scrollIntoView({block: 'nearest'});
  }
  function unzoom() {
    if (!view) return;
    var i = view.lane;
    view = null;
    zoomEl.hidden = true;
    lanesEl.hidden = false;
    if (laneRows[i]) laneRows[i].row.focus({preventScroll: true});
  }
  $('zoom-back').addEventListener('click', unzoom);
  zoomEl.addEventListener('keydown', function (e) {
    if (e.key !== 'Escape' || !view) return;
    if (view.band !== null) zoom(view.lane); else unzoom();
  });
  zoomBand.addEventListener('click', function (e) {
    var el = e.target.closest('.band');
    if (el && view) zoom(view.lane, Number(el.dataset.band));
  });
  zoomMap.addEventListener('click', function (e) {
    var el = e.target.closest('.zseg');
    if (!el) return;
    list(zoomMap.querySelectorAll('.current')).forEach(function (c) { c.classList.remove('current'); });
    el.classList.add('current');
    var s = data.laneSegments[el.dataset.segment];
    show(zoomDetails, segmentLines(s), [regionLink(s)]);
  });

  /* ---- diagnostics: markers, groups, filters ---- */
  var table = $('diagnostics');
  var rows = table ? list(table.querySelectorAll('tr.diag')) : [];
  var markerOf = {};
  var markerFrag = document.createDocumentFragment();
  rows.forEach(function (row) {
    var el = make('div', 'marker sev-' + row.dataset.severity);
    var i = row.dataset.index;
    var offset = Number(row.dataset.offset);
    el.dataset.index = i;
    place(el, offset, Number(row.dataset.length));
    el.title = row.dataset.code + ' at ' + row.dataset.offset + '+' + row.dataset.length;
    markerFrag.appendChild(el);
    markerOf[i] = el;
    var lane = laneAt(offset);
    if (lane >= 0) laneRows[lane].n++;
  });
  markers.appendChild(markerFrag);
  laneRows.forEach(function (r) {
    if (r.n) {
      r.count.textContent = r.n + ' diag.';
      r.count.title = r.n + ' listed diagnostics start in this lane';
    }
  });
  function drawZoomMarkers() {
    zoomMarkers.textContent = '';
    if (!view) return;
    var frag = document.createDocumentFragment();
    rows.forEach(function (row) {
      if (row.classList.contains('filtered')) return;
      var offset = Number(row.dataset.offset), length = Number(row.dataset.length);
      if (offset + Math.max(length, 1) <= view.base || offset >= view.base + view.len) return;
      var el = make('div', 'zmarker sev-' + row.dataset.severity);
      el.dataset.index = row.dataset.index;
      place(el, offset, length, view.base, view.len);
      el.title = row.dataset.code + ' at ' + offset + '+' + length;
      frag.appendChild(el);
    });
    zoomMarkers.appendChild(frag);
  }
  function diagnosticLines(row) {
    var i = row.dataset.index;
    var cells = row.querySelectorAll('td');
    var lines = ['#' + i + ' ' + row.dataset.severity + ' ' + row.dataset.code + ': ' +
                 span(Number(row.dataset.offset), Number(row.dataset.length))];
    if (cells[4].textContent) lines.push(cells[4].textContent);
    if (cells[5].textContent) lines.push('column ' + cells[5].textContent);
    lines.push(cells[6].textContent);
    return lines;
  }
  function selectDiagnostic(i, panel) {
    var row = $('diag-' + i);
    if (!row) return null;
    select([row, markerOf[i]]);
    var hex = $('hex-' + i);
    var lane = laneAt(Number(row.dataset.offset));
    show(panel || details, diagnosticLines(row), [
      hex ? {href: '#hex-' + i, text: 'show the bytes'} : null,
      {href: '#diag-' + i, text: 'show the row'},
      lane >= 0 && !(view && view.lane === lane) ?
          {text: 'open ' + laneName(lanes[lane]), run: function () { openLane(lane); }} : null]);
    return row;
  }
  markers.addEventListener('click', function (e) {
    var el = e.target.closest('.marker');
    if (el) selectDiagnostic(el.dataset.index);
  });
  zoomMarkers.addEventListener('click', function (e) {
    var el = e.target.closest('.zmarker');
    if (el) selectDiagnostic(el.dataset.index, zoomDetails);
  });

  var groups = table ? list(table.querySelectorAll('tbody.diag-group')) : [];
  var groupRows = groups.map(function (g) { return list(g.querySelectorAll('tr.diag')); });
  var sevBoxes = list(document.querySelectorAll('#diag-controls input.sev-filter'));
  var codeSel = $('code-filter');
  var search = $('diag-search');
  var statusEl = $('diag-status');
  var texts = null;
  function textOf(k) {
    if (!texts) texts = rows.map(function (r) { return r.textContent.toLowerCase(); });
    return texts[k];
  }
  function setOpen(g, open) {
    g.dataset.open = open ? 'yes' : 'no';
    g.querySelector('.group-toggle').setAttribute('aria-expanded', open ? 'true' : 'false');
  }
  function applyFilters() {
    var sev = {};
    sevBoxes.forEach(function (b) { sev[b.value] = b.checked; });
    var code = codeSel ? codeSel.value : '';
    var q = search ? search.value.trim().toLowerCase() : '';
    var active = !!(code || q) || sevBoxes.some(function (b) { return !b.checked; });
    var shown = 0;
    rows.forEach(function (row, k) {
      var ok = sev[row.dataset.severity] !== false &&
          (!code || row.dataset.code === code) && (!q || textOf(k).indexOf(q) >= 0);
      row.classList.toggle('filtered', !ok);
      var m = markerOf[row.dataset.index];
      if (m) m.classList.toggle('filtered', !ok);
      if (ok) shown++;
    });
    groups.forEach(function (g, j) {
      var n = 0;
      groupRows[j].forEach(function (r) { if (!r.classList.contains('filtered')) n++; });
      g.classList.toggle('filtered', active && n === 0);
      g.querySelector('.group-match').textContent =
          active ? n + ' match' : '';
      /* A code or a text asked for: its matches show without a click. */
      if ((code || q) && n > 0) setOpen(g, true);
    });
    if (statusEl) {
      statusEl.textContent = active ?
          shown + ' of ' + rows.length + ' listed diagnostics match' :
          rows.length + ' of ' + total + ' diagnostics listed';
    }
    drawZoomMarkers();
  }
  function resetFilters() {
    sevBoxes.forEach(function (b) { b.checked = true; });
    if (codeSel) codeSel.value = '';
    if (search) search.value = '';
    applyFilters();
  }
  var timer = 0;
  if (search) {
    search.addEventListener('input', function () {
      clearTimeout(timer);
      timer = setTimeout(applyFilters, 150);
    });
  }
  sevBoxes.forEach(function (b) { b.addEventListener('change', applyFilters); });
  if (codeSel) codeSel.addEventListener('change', applyFilters);
  if ($('diag-reset')) {
    $('diag-reset').addEventListener('click', resetFilters);
    $('groups-open').addEventListener('click', function () {
      groups.forEach(function (g) { setOpen(g, true); });
    });
    $('groups-close').addEventListener('click', function () {
      groups.forEach(function (g) { setOpen(g, false); });
    });
  }
  if (table) {
    table.addEventListener('click', function (e) {
      var toggle = e.target.closest('.group-toggle');
      if (toggle) {
        var g = toggle.closest('tbody.diag-group');
        setOpen(g, g.dataset.open !== 'yes');
        return;
      }
      var row = e.target.closest('tr.diag');
      if (row && !e.target.closest('a')) selectDiagnostic(row.dataset.index);
    });
  }
  if (statusEl) statusEl.textContent = rows.length + ' of ' + total + ' diagnostics listed';

  /* A link to page.html#diag-N opens with that diagnostic selected and its
     row in view: its group opens, and the filters give way if they hide
     it. #lane-N opens a lane. */
  function fromHash() {
    var hash = location.hash;
    if (hash.indexOf('#diag-') === 0) {
      var i = hash.slice(6);
      var row = $('diag-' + i);
      if (!row) {
        show(details, ['Diagnostic #' + i + ' is not listed: the page lists ' +
                       rows.length + ' of the ' + total + ' diagnostics.']);
        return;
      }
      if (row.classList.contains('filtered')) resetFilters();
      var g = row.closest('tbody.diag-group');
      if (g && g.dataset.open !== 'yes') setOpen(g, true);
      selectDiagnostic(i);
      row.scrollIntoView({block: 'start'});
      var head = table.querySelector('thead th');
      var covered = Math.max($('top').getBoundingClientRect().bottom,
                             head ? head.getBoundingClientRect().bottom : 0);
      document.body.dataset.landed = Math.round(row.getBoundingClientRect().top);
      document.body.dataset.covered = Math.round(covered);
    } else if (hash.indexOf('#lane-') === 0 && lanes[Number(hash.slice(6))]) {
      openLane(Number(hash.slice(6)));
    }
  }
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.body.dataset.rendered = 'yes';
})();
)";

}  // namespace colcheck::html_internal
