// The byte map of the HTML page: the whole file in one bar, then one lane
// per row group (stripe) and one for the file's tail, each of which the
// page's script opens into a zoomed map of its pages (streams).
//
// Everything here is data for the script (#map-data); the script draws it.
// Its size is bounded: kHtmlMaxMapSegments for the whole-file bar,
// kHtmlMaxLaneSegments and kHtmlMaxLaneBands over all lanes,
// kHtmlMaxLanes lanes, and paths cut to kHtmlMaxPathBytes.

#include <algorithm>
#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reports/html.h"
#include "reports/html_internal.h"
#include "reports/json_writer.h"

namespace colcheck {
namespace {

using html_internal::AppendScriptJson;
using html_internal::CutText;

uint64_t RegionEnd(const Region& region) {
  return region.length > UINT64_MAX - region.offset
             ? UINT64_MAX
             : region.offset + region.length;
}

// Calls `piece(offset, length, kind, region, regions)` for each stretch of
// [begin, end) in order, from region `first` on: a region's bytes not
// already drawn by an earlier region, or a hole no region covers (regions =
// 0, drawn as a gap). Each region looked at costs one of `*budget`;
// returns false, having stopped, when it runs out.
template <typename Piece>
bool ForEachPiece(const Layout& layout, uint64_t begin, uint64_t end,
                  size_t first, size_t* budget, Piece piece) {
  uint64_t cursor = begin;
  for (size_t i = first; i < layout.regions.size() && cursor < end; ++i) {
    const Region& region = layout.regions[i];
    // Sorted by offset: no later region reaches back into the range.
    if (region.offset >= end) break;
    if (*budget == 0) return false;
    --*budget;
    const uint64_t piece_begin = std::max(region.offset, cursor);
    const uint64_t piece_end = std::min(RegionEnd(region), end);
    if (piece_end <= piece_begin) continue;
    if (piece_begin > cursor) {
      piece(cursor, piece_begin - cursor, RegionKind::kGap, i, 0);
    }
    piece(piece_begin, piece_end - piece_begin, region.kind, i, 1);
    cursor = piece_end;
  }
  if (cursor < end) {
    piece(cursor, end - cursor, RegionKind::kGap, layout.regions.size(), 0);
  }
  return true;
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

// SummarizeByteRange from region `first` on, within `*budget`; false when
// the budget ran out (`segments` is then incomplete).
bool Summarize(const Layout& layout, uint64_t begin, uint64_t end, size_t first,
               size_t max_segments, size_t* budget,
               std::vector<MapSegment>* segments) {
  segments->clear();
  if (end <= begin) return true;
  max_segments = std::max<size_t>(max_segments, 3);
  size_t pieces = 0;
  if (!ForEachPiece(
          layout, begin, end, first, budget,
          [&](uint64_t, uint64_t, RegionKind, size_t, size_t) { ++pieces; })) {
    return false;
  }
  if (pieces <= max_segments) {
    segments->reserve(pieces);
    return ForEachPiece(layout, begin, end, first, budget,
                        [&](uint64_t offset, uint64_t length, RegionKind kind,
                            size_t region, size_t regions) {
                          MapSegment& s = segments->emplace_back();
                          s.offset = offset;
                          s.first_region = region;
                          AddToSegment(length, kind, regions, &s);
                          s.kind = kind;
                        });
  }
  // A segment closes once it holds `width` bytes, and a piece of `width` or
  // more stands alone (closing the open one first). Each closed segment then
  // either holds `width` bytes or precedes one that does, so there are at
  // most 2 * size / width + 1 <= max_segments of them.
  const uint64_t width = ((end - begin) / (max_segments - 1) + 1) * 2;
  MapSegment open;
  const auto close = [&]() {
    if (open.length == 0) return;
    SetDominantKind(&open);
    segments->push_back(open);
    open = MapSegment();
  };
  const bool done =
      ForEachPiece(layout, begin, end, first, budget,
                   [&](uint64_t offset, uint64_t length, RegionKind kind,
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
  return done;
}

// ---- the page's data --------------------------------------------------------

// A segment: [offset, length, kind, regions, first region, field,
// breakdown, column] and, for one ORC stream, its kind ("ROW_INDEX"), where
// the breakdown is 0 or, when it summarises several regions, [[kind,
// regions, bytes], ...], and the column is the one region's column (-1 for
// none or several).
void JsonSegment(const Layout& layout, const MapSegment& s, JsonWriter* json) {
  const Region* const region =
      s.regions == 1 && s.first_region < layout.regions.size()
          ? &layout.regions[s.first_region]
          : nullptr;
  json->BeginArray().Uint(s.offset).Uint(s.length);
  json->Int(static_cast<int>(s.kind)).Uint(s.regions).Uint(s.first_region);
  json->String(region == nullptr ? std::string_view()
                                 : CutText(region->field, kHtmlMaxTextBytes));
  if (s.regions > 1) {
    json->BeginArray();
    for (size_t k = 0; k < kRegionKindCount; ++k) {
      if (s.kind_bytes[k] == 0 && s.kind_regions[k] == 0) continue;
      json->BeginArray().Uint(k).Uint(s.kind_regions[k]);
      json->Uint(s.kind_bytes[k]).EndArray();
    }
    json->EndArray();
  } else {
    json->Int(0);
  }
  json->Int(region == nullptr ? -1 : region->column);
  if (region != nullptr && region->stream.index >= 0) {
    const std::string_view kind = OrcStreamKindName(region->stream.kind);
    json->String(kind.empty() ? std::to_string(region->stream.kind)
                              : std::string(kind));
  }
  json->EndArray();
}

// [offset, length) cut to [begin, end); false when nothing is left.
bool Clip(uint64_t begin, uint64_t end, uint64_t* offset, uint64_t* length) {
  const uint64_t from = std::max(*offset, begin);
  const uint64_t to = std::min(
      *length > UINT64_MAX - *offset ? UINT64_MAX : *offset + *length, end);
  if (to <= from) return false;
  *offset = from;
  *length = to - from;
  return true;
}

// The bands of a lane: its column chunks (Parquet: [offset, length, column,
// ""]) or its stripe's index, data and footer areas (ORC: [offset, length,
// -1, name]), cut to the lane; at most `*left` of them.
void JsonBands(const Layout& layout, const MapLane& lane,
               const std::vector<size_t>& chunks, size_t* left,
               JsonWriter* json) {
  const uint64_t lane_end = lane.offset + lane.length;
  const auto band = [&](uint64_t offset, uint64_t length, int32_t column,
                        std::string_view name) {
    if (*left == 0 || !Clip(lane.offset, lane_end, &offset, &length)) return;
    --*left;
    json->BeginArray().Uint(offset).Uint(length).Int(column).String(name);
    json->EndArray();
  };
  if (lane.tail) return;
  if (layout.containers == Containers::kStripes) {
    const StripeExtent& stripe = layout.stripes[lane.container];
    uint64_t at = stripe.offset;
    for (const auto& [length, name] :
         {std::pair{stripe.index_length, "index streams"},
          std::pair{stripe.data_length, "data streams"},
          std::pair{stripe.footer_length, "stripe footer"}}) {
      band(at, length, -1, name);
      at = length > UINT64_MAX - at ? UINT64_MAX : at + length;
    }
    return;
  }
  for (const size_t i : chunks) {
    const ChunkExtent& chunk = layout.chunks[i];
    band(chunk.offset, chunk.length, chunk.column, "");
  }
}

// The script's data (kScript reads it): the whole-file segments, the
// overlaps and the gaps, each capped, the names of the first `kinds`
// region kinds, the lanes with their segments and bands, and the column
// paths they name.
std::string MapData(const Inspection& inspection,
                    const std::vector<MapSegment>& segments,
                    const std::vector<MapLane>& lanes, size_t kinds) {
  const Layout& layout = inspection.layout;
  const bool orc = layout.containers == Containers::kStripes;
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
  json.EndArray();

  // Lanes: [tail, container, offset, length, rows, first segment, segments,
  // first band, bands, coarse], indexing laneSegments and bands.
  std::vector<std::vector<size_t>> chunks_of(lanes.size());
  if (!orc) {
    for (size_t i = 0; i < layout.chunks.size(); ++i) {
      const auto row_group = static_cast<size_t>(layout.chunks[i].row_group);
      if (row_group < lanes.size() && !lanes[row_group].tail) {
        chunks_of[row_group].push_back(i);
      }
    }
  }
  json.Key("containers").String(orc ? "stripe" : "row group");
  json.Key("containerCount")
      .Uint(orc ? layout.stripes.size() : layout.row_groups.size());
  json.Key("lanes").BeginArray();
  size_t first_segment = 0;
  size_t first_band = 0;
  size_t bands_left = kHtmlMaxLaneBands;
  std::string bands;
  JsonWriter bands_json(&bands);
  bands_json.BeginArray();
  for (size_t i = 0; i < lanes.size(); ++i) {
    const MapLane& lane = lanes[i];
    const size_t before = bands_left;
    JsonBands(layout, lane, chunks_of[i], &bands_left, &bands_json);
    if (before != bands_left) bands_json.LineBreak();
    const size_t band_count = before - bands_left;
    json.LineBreak().BeginArray().Bool(lane.tail).Int(lane.container);
    json.Uint(lane.offset).Uint(lane.length).Int(lane.rows);
    json.Uint(first_segment).Uint(lane.segments.size());
    json.Uint(first_band).Uint(band_count).Bool(lane.coarse).EndArray();
    first_segment += lane.segments.size();
    first_band += band_count;
  }
  bands_json.EndArray();
  json.EndArray().Key("laneSegments").BeginArray();
  for (const MapLane& lane : lanes) {
    for (const MapSegment& s : lane.segments) {
      json.LineBreak();
      JsonSegment(layout, s, &json);
    }
  }
  json.EndArray().Key("bands").Written(bands);

  // The paths of the columns the segments and bands name.
  const std::vector<std::string> paths =
      orc ? OrcColumnPaths(inspection.schema)
          : html_internal::ParquetColumnPaths(inspection);
  json.Key("paths").BeginArray();
  for (size_t i = 0; i < paths.size() && i < kHtmlMaxColumnRows; ++i) {
    json.String(CutText(paths[i], kHtmlMaxPathBytes));
  }
  json.EndArray().EndObject();
  return out;
}

}  // namespace

std::vector<MapSegment> SummarizeByteRange(const Layout& layout, uint64_t begin,
                                           uint64_t end, size_t max_segments) {
  end = std::min(end, layout.file_size);
  size_t budget = SIZE_MAX;
  std::vector<MapSegment> segments;
  Summarize(layout, begin, end, 0, max_segments, &budget, &segments);
  return segments;
}

std::vector<MapSegment> SummarizeByteMap(const Layout& layout,
                                         size_t max_segments) {
  return SummarizeByteRange(layout, 0, layout.file_size, max_segments);
}

std::vector<MapLane> MapLanes(const Layout& layout, size_t max_lanes,
                              size_t max_segments) {
  const uint64_t size = layout.file_size;
  std::vector<MapLane> lanes;
  uint64_t tail = 0;
  const auto add = [&](int32_t container, uint64_t offset, uint64_t length,
                       int64_t rows) {
    const uint64_t begin = std::min(offset, size);
    const uint64_t end = std::min(
        length > UINT64_MAX - offset ? UINT64_MAX : offset + length, size);
    tail = std::max(tail, end);
    if (lanes.size() >= max_lanes) return;
    MapLane& lane = lanes.emplace_back();
    lane.container = container;
    lane.offset = begin;
    lane.length = end > begin ? end - begin : 0;
    lane.rows = rows;
  };
  if (layout.containers == Containers::kStripes) {
    for (size_t i = 0; i < layout.stripes.size(); ++i) {
      const StripeExtent& s = layout.stripes[i];
      add(static_cast<int32_t>(i), s.offset, s.length, s.num_rows);
    }
  } else {
    for (size_t i = 0; i < layout.row_groups.size(); ++i) {
      const RowGroupExtent& g = layout.row_groups[i];
      add(static_cast<int32_t>(i), g.offset, g.length, g.num_rows);
    }
  }
  if (tail < size) {
    MapLane& lane = lanes.emplace_back();
    lane.tail = true;
    lane.offset = tail;
    lane.length = size - tail;
  }
  if (lanes.empty()) return lanes;

  // The first region that can reach a lane: regions are sorted by offset,
  // so the running maximum of their ends is too.
  std::vector<uint64_t> reach(layout.regions.size());
  uint64_t far = 0;
  for (size_t i = 0; i < layout.regions.size(); ++i) {
    far = std::max(far, RegionEnd(layout.regions[i]));
    reach[i] = far;
  }
  const size_t share =
      std::clamp<size_t>(max_segments / lanes.size(), 16, kHtmlMaxMapSegments);
  // Lanes of a valid file do not overlap, so together they look at each
  // region about once; this much allows for every region twice over.
  size_t budget = 4 * layout.regions.size() + (size_t{1} << 16);
  for (MapLane& lane : lanes) {
    const size_t first = static_cast<size_t>(
        std::upper_bound(reach.begin(), reach.end(), lane.offset) -
        reach.begin());
    if (Summarize(layout, lane.offset, lane.offset + lane.length, first, share,
                  &budget, &lane.segments)) {
      continue;
    }
    lane.coarse = true;
    lane.segments.clear();
    MapSegment& s = lane.segments.emplace_back();
    s.offset = lane.offset;
    s.first_region = first;
    AddToSegment(lane.length, RegionKind::kGap, 0, &s);
  }
  return lanes;
}

namespace html_internal {

std::vector<std::string> ParquetColumnPaths(const Inspection& inspection) {
  const Schema& schema = inspection.schema;
  std::vector<std::string> paths;
  for (const int32_t leaf : schema.leaves) {
    paths.push_back(leaf >= 0 &&
                            static_cast<size_t>(leaf) < schema.fields.size()
                        ? schema.fields[leaf].path
                        : "");
  }
  for (const ColumnSummary& column : inspection.columns) {
    const auto c = static_cast<size_t>(column.column);
    if (column.column < 0 || c > kHtmlMaxColumnRows) continue;
    if (c >= paths.size()) paths.resize(c + 1);
    if (paths[c].empty()) paths[c] = column.path;
  }
  return paths;
}

void AppendByteMap(const Inspection& inspection, std::string* out) {
  const Layout& layout = inspection.layout;
  const bool orc = layout.containers == Containers::kStripes;
  const std::vector<MapSegment> segments =
      SummarizeByteMap(layout, kHtmlMaxMapSegments);
  const std::vector<MapLane> lanes =
      MapLanes(layout, kHtmlMaxLanes, kHtmlMaxLaneSegments);
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
    *out += orc ? "<p class=\"cap-note\">The inspection reached its stream "
                  "limit: later streams lie inside stripe-rest regions.</p>\n"
                : "<p class=\"cap-note\">The inspection reached its page "
                  "limit: later pages lie inside chunk-rest regions.</p>\n";
  }
  *out += "<div class=\"legend\" id=\"map-legend\">";
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

  const std::string_view noun = orc ? "stripe" : "row group";
  const size_t containers =
      orc ? layout.stripes.size() : layout.row_groups.size();
  *out += "<h3 id=\"lanes-title\">By ";
  *out += noun;
  *out += " (" + std::to_string(containers) +
          ")</h3>\n<p class=\"na\">One lane per ";
  *out += noun;
  *out += orc ? " (its index streams, data streams and footer)"
              : " (its column chunks)";
  *out += ", and one for the metadata after the last (";
  *out += orc ? "stripe statistics, footer, postscript"
              : "page indexes, bloom filters, footer";
  *out +=
      "), each as wide as its share of the largest. Click a lane to open "
      "it.</p>\n";
  const size_t shown =
      lanes.empty() || !lanes.back().tail ? lanes.size() : lanes.size() - 1;
  html_internal::AppendCapNote(
      shown, containers, orc ? "stripes as lanes" : "row groups as lanes", out);
  *out +=
      "<div id=\"map-lanes\" data-lanes=\"" + std::to_string(lanes.size()) +
      "\"></div>\n"
      "<div id=\"map-zoom\" hidden><div class=\"zoom-head\">"
      "<button type=\"button\" id=\"zoom-back\">&larr; all lanes</button> "
      "<span id=\"zoom-crumbs\"></span></div>\n"
      "<div id=\"zoom-info\" class=\"na\"></div>\n"
      "<div class=\"map-wrap\"><div id=\"zoom-markers\"></div>"
      "<div id=\"zoom-band\"></div><div id=\"zoom-map\"></div>"
      "<div id=\"zoom-axis\"></div></div>\n"
      "<div id=\"zoom-details\">Click a segment, a band or a marker.</div>\n"
      "<div class=\"zoom-list\"><table id=\"zoom-table\"><thead><tr>"
      "<th class=\"num\">#</th><th>kind</th><th class=\"num\">offset</th>"
      "<th class=\"num\">length</th><th>column</th><th>field</th></tr>"
      "</thead><tbody></tbody></table></div>\n"
      "<p id=\"zoom-more\" class=\"na\"></p></div>\n";

  *out += "<script type=\"application/json\" id=\"map-data\">";
  AppendScriptJson(MapData(inspection, segments, lanes, kinds), out);
  *out += "</script>\n</section>\n";
}

}  // namespace html_internal
}  // namespace colcheck
