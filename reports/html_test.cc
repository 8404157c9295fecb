#include "reports/html.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"
#include "reports/testing/report_builders.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

using ::testing::HasSubstr;
using ::testing::Not;

using testing::MakeRegion;

size_t Count(const std::string& haystack, std::string_view needle) {
  size_t count = 0;
  for (size_t pos = haystack.find(needle); pos != std::string::npos;
       pos = haystack.find(needle, pos + needle.size())) {
    ++count;
  }
  return count;
}

// ASCII white space, what \s matches in the C locale.
bool IsSpace(char c) { return c == ' ' || (c >= '\t' && c <= '\r'); }

// The value of each src, href, action or srcset attribute, named in any
// case after white space, then '=' and an optional quote, up to the next
// quote, space or '>'. The attributes are scanned from the left and each
// scan goes on after the value it took, as a regex search for
//   \s(src|href|action|srcset)\s*=\s*["']?([^"' >]*)
// would (without <regex>, whose GCC 12 headers draw -Wmaybe-uninitialized
// false positives in the ASan build).
std::vector<std::string> ReferenceValues(const std::string& html) {
  std::string lower = html;
  for (char& c : lower) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  auto skip_spaces = [&lower](size_t at) {
    while (at < lower.size() && IsSpace(lower[at])) ++at;
    return at;
  };
  std::vector<std::string> values;
  size_t at = 0;
  while (at < lower.size()) {
    if (!IsSpace(lower[at++])) continue;
    std::optional<size_t> equals;
    for (const std::string_view name : {"src", "href", "action", "srcset"}) {
      if (lower.compare(at, name.size(), name) != 0) continue;
      const size_t after = skip_spaces(at + name.size());
      if (after < lower.size() && lower[after] == '=') {
        equals = after;
        break;
      }
    }
    if (!equals) continue;
    size_t value = skip_spaces(*equals + 1);
    if (value < lower.size() && (lower[value] == '"' || lower[value] == '\'')) {
      ++value;
    }
    at = std::min(lower.find_first_of("\"' >", value), lower.size());
    values.push_back(html.substr(value, at - value));
  }
  return values;
}

std::string Escaped(std::string_view value) {
  std::string out;
  AppendHtmlEscaped(value, &out);
  return out;
}

std::string Render(const Inspection& inspection,
                   std::span<const std::byte> file = {},
                   std::string_view path = "a.parquet") {
  std::ostringstream out;
  WriteHtmlReport(path, inspection, file, out);
  return out.str();
}

// The JSON of the page's #map-data block.
std::string MapDataOf(const std::string& html) {
  const std::string open = "<script type=\"application/json\" id=\"map-data\">";
  const size_t begin = html.find(open);
  if (begin == std::string::npos) return "";
  const size_t end = html.find("</script>", begin);
  return html.substr(begin + open.size(), end - begin - open.size());
}

// The tests tell diagnostics apart by span and text; one code serves.
Diagnostic MakeDiagnostic(uint64_t offset, uint64_t length,
                          std::string field = "", std::string message = "m") {
  return testing::MakeDiagnostic(Code::kThriftTruncated, Severity::kError,
                                 offset, length, std::move(field),
                                 std::move(message));
}

// A small, well-formed inspection: magic, two pages, footer, length, magic.
Inspection SmallInspection() {
  Inspection inspection;
  inspection.report.format = Format::kParquet;
  inspection.report.size = 1000;
  inspection.layout.file_size = 1000;
  auto& regions = inspection.layout.regions;
  regions.push_back(MakeRegion(RegionKind::kMagic, 0, 4));
  regions.push_back(MakeRegion(RegionKind::kDataPage, 4, 400));
  regions.back().field = "row_groups[0].columns[0].pages[0]";
  regions.push_back(MakeRegion(RegionKind::kDataPage, 404, 400));
  regions.push_back(MakeRegion(RegionKind::kFooter, 804, 188));
  regions.push_back(MakeRegion(RegionKind::kFooterLength, 992, 4));
  regions.push_back(MakeRegion(RegionKind::kTailMagic, 996, 4));
  SchemaField root;
  root.name = "schema";
  root.children = {1};
  SchemaField leaf;
  leaf.name = "id";
  leaf.repetition = 1;
  leaf.physical = 2;
  leaf.column = 0;
  leaf.parent = 0;
  leaf.max_definition_level = 1;
  inspection.schema.ok = true;
  inspection.schema.fields = {root, leaf};
  inspection.schema.leaves = {1};
  ColumnSummary column;
  column.path = "id";
  column.physical = 2;
  column.compressed_size = 800;
  column.uncompressed_size = 1600;
  inspection.columns.push_back(column);
  return inspection;
}

std::vector<std::byte> CountingBytes(size_t size) {
  std::vector<std::byte> bytes(size);
  for (size_t i = 0; i < size; ++i) bytes[i] = std::byte(i & 0xff);
  return bytes;
}

// ---- escaping ---------------------------------------------------------------

TEST(ReportsHtml, EscapesMarkupQuotesAndControls) {
  testing::ExpectEach(
      Escaped,
      {
          {"</script><b x='1' y=\"2\">&",
           "&lt;/script&gt;&lt;b x=&#39;1&#39; y=&quot;2&quot;&gt;&amp;"},
          {std::string_view("a\0b\x1b[31m\x7f\n", 10),
           "a\\x00b\\x1b[31m\\x7f\\x0a"},
      });
}

TEST(ReportsHtml, EscapesNonAsciiAndInvalidUtf8) {
  testing::ExpectEach(Escaped,
                      {
                          {"caf\xc3\xa9", "caf&#xe9;"},
                          {"\xf0\x9f\x98\x80", "&#x1f600;"},
                          {"\xc2\x85", "\\u0085"},  // NEL, a C1 control.
                          // Each bad byte becomes one replacement: a lone
                          // continuation, an overlong form, a surrogate and a
                          // cut sequence.
                          {"\x80", "&#xfffd;"},
                          {"\xc0\xaf", "&#xfffd;&#xfffd;"},
                          {"\xed\xa0\x80", "&#xfffd;&#xfffd;&#xfffd;"},
                          {"\xe2\x82", "&#xfffd;&#xfffd;"},
                      });
}

TEST(ReportsHtml, HostileStringsStayText) {
  Inspection inspection = SmallInspection();
  const std::string hostile =
      "</script><script>alert(1)</script><!--\"'\x01\xff\xfe";
  inspection.created_by = hostile;
  inspection.key_value_metadata.emplace_back(hostile, hostile);
  inspection.schema.fields[1].name = hostile;
  inspection.columns[0].path = hostile;
  inspection.layout.regions[1].field = hostile;
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(10, 2, hostile, hostile));
  inspection.report.diagnostics.back().column = hostile;
  const std::vector<std::byte> bytes = CountingBytes(1000);
  const std::string html = Render(inspection, bytes, hostile);

  // The page's own two scripts (the map's data and its code), no more.
  EXPECT_EQ(Count(html, "<script"), 2u);
  EXPECT_EQ(Count(html, "</script>"), 2u);
  EXPECT_THAT(html, Not(HasSubstr("alert(1)</")));
  EXPECT_THAT(html, Not(HasSubstr("<!--")));
  EXPECT_THAT(html, HasSubstr("&lt;/script&gt;&lt;script&gt;alert(1)"));
  EXPECT_THAT(html, HasSubstr("\\x01&#xfffd;&#xfffd;"));
  // In the JSON data, '<' is escaped, so the field cannot close the block.
  EXPECT_THAT(html, HasSubstr("\\u003c/script>\\u003cscript>alert(1)"));
  for (const char c : html) {
    const auto byte = static_cast<unsigned char>(c);
    ASSERT_TRUE(byte == '\n' || (byte >= 0x20 && byte < 0x7f))
        << "byte " << static_cast<int>(byte);
  }
}

TEST(ReportsHtml, LongStringsAreCut) {
  Inspection inspection = SmallInspection();
  inspection.key_value_metadata.emplace_back("ARROW:schema",
                                             std::string(1 << 20, 'x'));
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("... (1048576 bytes)"));
  EXPECT_THAT(html, Not(HasSubstr(std::string(kHtmlMaxTextBytes + 1, 'x'))));
  EXPECT_LT(html.size(), 100u * 1024);
}

TEST(ReportsHtml, RefersToNoUrl) {
  Inspection inspection = SmallInspection();
  inspection.report.diagnostics.push_back(MakeDiagnostic(10, 2));
  const std::vector<std::byte> bytes = CountingBytes(1000);
  const std::string html = Render(inspection, bytes);
  EXPECT_THAT(html, Not(HasSubstr("//")));
  EXPECT_THAT(html, Not(HasSubstr("url(")));
  EXPECT_THAT(html, Not(HasSubstr("@import")));
  // Attributes of the markup; the script only ever builds "#..." links.
  const std::vector<std::string> references = ReferenceValues(html);
  for (const std::string& value : references) {
    EXPECT_EQ(value.substr(0, 1), "#") << value;
  }
  EXPECT_FALSE(references.empty());
}

// ---- diagnostics and hex excerpts -------------------------------------------

TEST(ReportsHtml, DiagnosticRowsLinkToTheirBytes) {
  Inspection inspection = SmallInspection();
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(300, 4, "row_groups[0].columns[0].pages[0]"));
  inspection.report.diagnostics.push_back(MakeDiagnostic(996, 0));
  const std::vector<std::byte> bytes = CountingBytes(1000);
  const std::string html = Render(inspection, bytes);

  EXPECT_THAT(html, HasSubstr("id=\"diag-0\" data-index=\"0\" "
                              "data-code=\"thrift.truncated\" "
                              "data-severity=\"error\" data-offset=\"300\" "
                              "data-length=\"4\""));
  EXPECT_THAT(html, HasSubstr("<a href=\"#hex-0\">300+4</a>"));
  EXPECT_THAT(html, HasSubstr("id=\"hex-0\" data-span-offset=\"300\" "
                              "data-span-length=\"4\""));
  // 300 = 0x12c: the line of 288 shows 0x20..0x2f with 2c..2f marked, in
  // the hex and in the ASCII column.
  EXPECT_THAT(html, HasSubstr("         288  20 21 22 23 24 25 26 27 28 29 "
                              "2a 2b <mark>2c 2d 2e 2f</mark>  | !\"#$%&amp;'"
                              "()*+<mark>,-./</mark>|"));
  // 64 bytes of context either side, in whole lines.
  EXPECT_THAT(html, HasSubstr("         224  e0"));
  EXPECT_THAT(html, HasSubstr("         352  60"));
  EXPECT_THAT(html, Not(HasSubstr("         208  d0")));
  EXPECT_THAT(html, Not(HasSubstr("         368  70")));
  // An empty span marks the byte at its offset.
  EXPECT_THAT(html, HasSubstr("<mark class=\"point\">e4</mark>"));
}

TEST(ReportsHtml, DiagnosticRowsShowTheColumnBesideTheField) {
  Inspection inspection = SmallInspection();
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(300, 4, "row_groups[0].columns[0].pages[0]", "msg"));
  inspection.report.diagnostics.back().column = "order.<items>";
  inspection.report.diagnostics.push_back(MakeDiagnostic(996, 0, "", "msg"));
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("<th>field</th><th>column</th><th>message</th>"));
  EXPECT_THAT(html, HasSubstr("<td class=\"fld mono\">row_groups[0].columns[0]."
                              "pages[0]</td><td class=\"fld mono\">"
                              "order.&lt;items&gt;</td><td class=\"msg\">msg"));
  EXPECT_THAT(html, HasSubstr("<td class=\"fld mono\"></td><td class=\"fld "
                              "mono\"></td><td class=\"msg\">msg"));
}

TEST(ReportsHtml, LongSpanShowsHeadAndTail) {
  Inspection inspection = SmallInspection();
  inspection.report.diagnostics.push_back(MakeDiagnostic(16, 900));
  const std::vector<std::byte> bytes = CountingBytes(1000);
  const std::string html = Render(inspection, bytes);
  EXPECT_THAT(html, HasSubstr("           0  00"));
  EXPECT_THAT(html, HasSubstr("          64  <mark>40"));
  EXPECT_THAT(html, Not(HasSubstr("          80  ")));
  EXPECT_THAT(html, Not(HasSubstr("         400  ")));
  EXPECT_THAT(html, HasSubstr("bytes of the span not shown"));
  EXPECT_THAT(html, HasSubstr("         912  <mark>90 91 92 93</mark> 94"));
  EXPECT_THAT(html, HasSubstr("         976  d0"));
}

TEST(ReportsHtml, SpanPastTheBytesIsCut) {
  Inspection inspection = SmallInspection();
  inspection.report.diagnostics.push_back(MakeDiagnostic(990, 50));
  inspection.report.diagnostics.push_back(MakeDiagnostic(5000, 8));
  inspection.report.diagnostics.push_back(MakeDiagnostic(1000, 0));
  const std::vector<std::byte> bytes = CountingBytes(1000);
  const std::string html = Render(inspection, bytes);
  EXPECT_THAT(html, HasSubstr("40 bytes of the span lie past the end"));
  // Only the second: an empty span at the end marks where bytes are missing.
  EXPECT_EQ(Count(html, "The span starts past the end of the file"), 1u);
  EXPECT_THAT(html, HasSubstr("id=\"hex-2\""));
  // Without bytes, excerpts say so rather than read anything.
  const std::string without = Render(inspection);
  EXPECT_EQ(Count(without, "No bytes of the file are available"), 3u);
}

// ---- schema, columns, layout ------------------------------------------------

TEST(ReportsHtml, SchemaTreeAndColumns) {
  const std::string html = Render(SmallInspection());
  EXPECT_THAT(html, HasSubstr("<span class=\"field\" data-field=\"1\" "
                              "data-column=\"0\"><span class=\"name\">id"
                              "</span> <span class=\"rep\">OPTIONAL</span> "
                              "<span class=\"type\">INT64</span>"));
  EXPECT_THAT(html, HasSubstr("def 1 rep 0"));
  EXPECT_EQ(Count(html, "<tr class=\"column\""), 1u);
  EXPECT_THAT(html, HasSubstr("<td class=\"num\">2.00</td>"));
  EXPECT_EQ(Count(html, "<tr class=\"region\""), 6u);
  EXPECT_THAT(html, HasSubstr("No diagnostics."));
}

TEST(ReportsHtml, SchemaWithCyclesAndBadIndicesEnds) {
  Inspection inspection = SmallInspection();
  auto& fields = inspection.schema.fields;
  fields[0].children = {1, 1, 0, 99, -3};
  fields[1].children = {0, 1};
  SchemaField stray;
  stray.name = "stray";
  fields.push_back(stray);
  inspection.schema.ok = false;
  const std::string html = Render(inspection);
  EXPECT_EQ(Count(html, "data-field=\"1\""), 1u);
  EXPECT_THAT(html, HasSubstr("Elements outside the tree (1)"));
  EXPECT_THAT(html, HasSubstr(">stray<"));
}

TEST(ReportsHtml, DeepSchemaIsCut) {
  Inspection inspection;
  auto& fields = inspection.schema.fields;
  for (int32_t i = 0; i < 1000; ++i) {
    SchemaField field;
    field.name = "n";
    field.parent = i - 1;
    if (i + 1 < 1000) field.children = {i + 1};
    fields.push_back(field);
  }
  const std::string html = Render(inspection);
  EXPECT_EQ(Count(html, "class=\"field\""), kHtmlMaxSchemaDepth + 1);
  EXPECT_THAT(html, HasSubstr("The tree is cut at"));
}

// ---- the byte map -----------------------------------------------------------

TEST(ReportsHtml, ByteMapHasOneSegmentPerRegionWhenTheyFit) {
  Layout layout = SmallInspection().layout;
  // An overlap: only the part past the previous region is drawn.
  layout.regions[2].offset = 300;
  layout.regions[2].length = 504;
  const std::vector<MapSegment> segments = SummarizeByteMap(layout, 100);
  ASSERT_EQ(segments.size(), 6u);
  EXPECT_EQ(segments[2].offset, 404u);
  EXPECT_EQ(segments[2].length, 400u);
  EXPECT_EQ(segments[2].first_region, 2u);
  EXPECT_EQ(segments[5].kind, RegionKind::kTailMagic);
}

TEST(ReportsHtml, ByteMapFillsHolesAsGaps) {
  Layout layout;
  layout.file_size = 100;
  layout.regions.push_back(MakeRegion(RegionKind::kMagic, 10, 4));
  const std::vector<MapSegment> segments = SummarizeByteMap(layout, 100);
  ASSERT_EQ(segments.size(), 3u);
  EXPECT_EQ(segments[0].kind, RegionKind::kGap);
  EXPECT_EQ(segments[0].regions, 0u);
  EXPECT_EQ(segments[2].offset, 14u);
  EXPECT_EQ(segments[2].length, 86u);
}

TEST(ReportsHtml, ByteMapSummarisesManyRegions) {
  Layout layout;
  // 100 000 pages of 100 bytes, a 3-byte gap after every tenth, and one page
  // of half the file in the middle.
  uint64_t offset = 0;
  for (int i = 0; i < 100000; ++i) {
    layout.regions.push_back(
        MakeRegion(i % 2 ? RegionKind::kDataPage : RegionKind::kDictionaryPage,
                   offset, 100));
    offset += 100;
    if (i == 50000) {
      layout.regions.push_back(
          MakeRegion(RegionKind::kChunkRest, offset, 10000000));
      offset += 10000000;
    }
    if (i % 10 == 0) {
      layout.regions.push_back(MakeRegion(RegionKind::kGap, offset, 3));
      offset += 3;
    }
  }
  layout.file_size = offset;
  const std::vector<MapSegment> segments = SummarizeByteMap(layout, 2000);
  ASSERT_LE(segments.size(), 2000u);
  EXPECT_GT(segments.size(), 500u);
  uint64_t next = 0;
  size_t regions = 0;
  bool has_big = false;
  for (const MapSegment& s : segments) {
    ASSERT_EQ(s.offset, next);
    next += s.length;
    regions += s.regions;
    uint64_t bytes = 0;
    for (const uint64_t b : s.kind_bytes) bytes += b;
    EXPECT_EQ(bytes, s.length);
    has_big = has_big || (s.kind == RegionKind::kChunkRest && s.regions == 1 &&
                          s.length == 10000000);
  }
  EXPECT_EQ(next, layout.file_size);
  EXPECT_EQ(regions, layout.regions.size());
  EXPECT_TRUE(has_big);
  // Mixed segments are drawn in the kind with the most bytes.
  const MapSegment& first = segments.front();
  EXPECT_GT(first.regions, 1u);
  EXPECT_GT(first.kind_regions[static_cast<size_t>(RegionKind::kGap)], 0u);
  EXPECT_NE(first.kind, RegionKind::kGap);
}

TEST(ReportsHtml, GapsOverlapsAndCapsAreMarked) {
  Inspection inspection = SmallInspection();
  inspection.layout.regions[2].kind = RegionKind::kGap;
  inspection.layout.overlaps.push_back({1, 3, 800, 4});
  inspection.layout.capped = true;
  const std::string html = Render(inspection);
  EXPECT_THAT(html,
              HasSubstr("\"overlaps\":[[800,4,1,3]],\"gaps\":[[404,400,2]]"));
  EXPECT_EQ(Count(html, "<tr class=\"overlap-row\""), 1u);
  EXPECT_THAT(html, HasSubstr("reached its page limit"));
}

// A 10 GB file with 300 000 pages and 20 000 diagnostics still gives a page
// of a few MB.
TEST(ReportsHtml, OutputIsBoundedWhateverTheFile) {
  Inspection inspection;
  const uint64_t file_size = uint64_t{10} << 30;
  inspection.report.size = file_size;
  inspection.layout.file_size = file_size;
  const size_t pages = 300000;
  const uint64_t page = file_size / pages;
  inspection.layout.regions.reserve(pages);
  for (size_t i = 0; i < pages; ++i) {
    inspection.layout.regions.push_back(
        MakeRegion(i % 3 ? RegionKind::kDataPage : RegionKind::kDictionaryPage,
                   i * page, i + 1 == pages ? file_size - i * page : page));
  }
  for (size_t i = 0; i < 20000; ++i) {
    inspection.report.diagnostics.push_back(
        MakeDiagnostic(i * 4096, 300, "row_groups[0].columns[0].pages[0]",
                       std::string(kHtmlMaxTextBytes * 2, '<')));
  }
  for (int32_t i = 0; i < 20000; ++i) {
    SchemaField field;
    field.name = "column";
    field.column = i;
    inspection.schema.fields.push_back(field);
    if (i > 0) inspection.schema.fields[0].children.push_back(i);
    ColumnSummary column;
    column.path = "column";
    inspection.columns.push_back(column);
  }
  // Only the sampled windows are read; a few MB stand in for the file.
  const std::vector<std::byte> bytes = CountingBytes(size_t{4} << 20);
  const std::string html = Render(inspection, bytes);

  EXPECT_LT(html.size(), size_t{8} << 20);
  EXPECT_EQ(Count(html, "<tr class=\"diag "), kHtmlMaxDiagnostics);
  EXPECT_EQ(Count(html, "<div class=\"excerpt\""), kHtmlMaxHexExcerpts);
  EXPECT_EQ(Count(html, "<tr class=\"region\""), kHtmlMaxLayoutRows);
  EXPECT_EQ(Count(html, "<tr class=\"column\""), kHtmlMaxColumnRows);
  EXPECT_LE(Count(html, "class=\"field\""), kHtmlMaxSchemaFields);
  EXPECT_GE(Count(html, "class=\"cap-note\""), 5u);
  const size_t data = html.find("\"segments\":[", html.find("id=\"map-data\""));
  const size_t data_end = html.find("],\"overlaps\"", data);
  const size_t segments = Count(html.substr(data, data_end - data), "\n[") + 1;
  EXPECT_LE(segments, kHtmlMaxMapSegments);
  EXPECT_GT(segments, kHtmlMaxMapSegments / 4);
}

// The same with 1000 row groups of 100 chunks each: the lanes' data is
// capped too.
TEST(ReportsHtml, LanesAreBoundedWhateverTheFile) {
  Inspection inspection;
  const uint64_t file_size = uint64_t{10} << 30;
  inspection.report.size = file_size;
  inspection.layout.file_size = file_size;
  const size_t groups = 3000;
  const uint64_t group = file_size / groups;
  const size_t pages_per_group = 100;
  inspection.layout.regions.reserve(groups * pages_per_group);
  for (size_t g = 0; g < groups; ++g) {
    RowGroupExtent extent;
    extent.row_group = static_cast<int32_t>(g);
    extent.offset = g * group;
    extent.length = group;
    inspection.layout.row_groups.push_back(extent);
    for (size_t c = 0; c < pages_per_group; ++c) {
      const uint64_t offset = g * group + c * (group / pages_per_group);
      inspection.layout.regions.push_back(
          MakeRegion(RegionKind::kDataPage, offset, group / pages_per_group,
                     "row_groups[" + std::to_string(g) + "].columns[" +
                         std::to_string(c) + "].pages[0]",
                     static_cast<int32_t>(g), static_cast<int32_t>(c)));
      inspection.layout.chunks.push_back(testing::MakeChunk(
          static_cast<int32_t>(g), static_cast<int32_t>(c),
          std::string(1000, '<'), offset, group / pages_per_group, 0));
    }
  }
  const std::string html = Render(inspection);
  EXPECT_LT(html.size(), size_t{8} << 20);
  const std::string data = MapDataOf(html);
  EXPECT_EQ(Count(data, "[false,"), kHtmlMaxLanes);
  EXPECT_THAT(html, HasSubstr("Showing the first 1000 of 3000 row groups as "
                              "lanes"));
  const size_t lane_segments = data.find("\"laneSegments\":[");
  const size_t bands = data.find("\"bands\":[");
  EXPECT_LE(Count(data.substr(lane_segments, bands - lane_segments), "\n["),
            kHtmlMaxLaneSegments + 16 * 1000);
  EXPECT_LE(Count(data.substr(bands), "["), kHtmlMaxLaneBands + 2);
}

// ---- lanes of the byte map --------------------------------------------------

// Two row groups of two chunks, then page indexes and the footer.
Inspection TwoRowGroups() {
  Inspection inspection;
  inspection.report.format = Format::kParquet;
  inspection.report.size = 1000;
  Layout& layout = inspection.layout;
  layout.file_size = 1000;
  layout.regions = {MakeRegion(RegionKind::kMagic, 0, 4),
                    MakeRegion(RegionKind::kDataPage, 4, 196,
                               "row_groups[0].columns[0].pages[0]", 0, 0),
                    MakeRegion(RegionKind::kDataPage, 200, 200,
                               "row_groups[0].columns[1].pages[0]", 0, 1),
                    MakeRegion(RegionKind::kDataPage, 400, 100,
                               "row_groups[1].columns[0].pages[0]", 1, 0),
                    MakeRegion(RegionKind::kDataPage, 500, 300,
                               "row_groups[1].columns[1].pages[0]", 1, 1),
                    MakeRegion(RegionKind::kColumnIndex, 800, 50,
                               "row_groups[0].columns[0].column_index", 0, 0),
                    MakeRegion(RegionKind::kFooter, 850, 142, "footer"),
                    MakeRegion(RegionKind::kFooterLength, 992, 4),
                    MakeRegion(RegionKind::kTailMagic, 996, 4)};
  for (int32_t g = 0; g < 2; ++g) {
    RowGroupExtent extent;
    extent.row_group = g;
    extent.offset = g == 0 ? 4 : 400;
    extent.length = g == 0 ? 396 : 400;
    extent.num_rows = 10 + g;
    layout.row_groups.push_back(extent);
  }
  layout.chunks = {testing::MakeChunk(0, 0, "a", 4, 196, 0),
                   testing::MakeChunk(0, 1, "b.<c>", 200, 200, 0),
                   testing::MakeChunk(1, 0, "a", 400, 100, 0),
                   testing::MakeChunk(1, 1, "b.<c>", 500, 300, 0)};
  return inspection;
}

TEST(ReportsHtml, OneLanePerRowGroupAndOneForTheTail) {
  const Layout layout = TwoRowGroups().layout;
  const std::vector<MapLane> lanes = MapLanes(layout, 100, 1000);
  ASSERT_EQ(lanes.size(), 3u);
  EXPECT_FALSE(lanes[0].tail);
  EXPECT_EQ(lanes[1].container, 1);
  EXPECT_EQ(lanes[1].offset, 400u);
  EXPECT_EQ(lanes[1].length, 400u);
  EXPECT_EQ(lanes[1].rows, 11);
  // The lane holds its pages, cut at its bounds.
  ASSERT_EQ(lanes[1].segments.size(), 2u);
  EXPECT_EQ(lanes[1].segments[0].first_region, 3u);
  EXPECT_EQ(lanes[1].segments[1].offset, 500u);
  EXPECT_EQ(lanes[1].segments[1].length, 300u);
  // The tail: from the last row group's end to the end of the file.
  EXPECT_TRUE(lanes[2].tail);
  EXPECT_EQ(lanes[2].offset, 800u);
  EXPECT_EQ(lanes[2].length, 200u);
  ASSERT_EQ(lanes[2].segments.size(), 4u);
  EXPECT_EQ(lanes[2].segments[0].kind, RegionKind::kColumnIndex);

  // A cap on lanes keeps the tail after the last row group of all.
  const std::vector<MapLane> capped = MapLanes(layout, 1, 1000);
  ASSERT_EQ(capped.size(), 2u);
  EXPECT_TRUE(capped[1].tail);
  EXPECT_EQ(capped[1].offset, 800u);
}

TEST(ReportsHtml, WithoutContainersTheTailIsTheWholeFile) {
  const std::vector<MapLane> lanes =
      MapLanes(SmallInspection().layout, 100, 1000);
  ASSERT_EQ(lanes.size(), 1u);
  EXPECT_TRUE(lanes[0].tail);
  EXPECT_EQ(lanes[0].offset, 0u);
  EXPECT_EQ(lanes[0].length, 1000u);
  EXPECT_EQ(lanes[0].segments.size(), 6u);
}

TEST(ReportsHtml, ByteRangeCutsRegionsAtItsBounds) {
  const Layout layout = TwoRowGroups().layout;
  const std::vector<MapSegment> segments =
      SummarizeByteRange(layout, 300, 450, 100);
  ASSERT_EQ(segments.size(), 2u);
  EXPECT_EQ(segments[0].offset, 300u);
  EXPECT_EQ(segments[0].length, 100u);
  EXPECT_EQ(segments[0].first_region, 2u);
  EXPECT_EQ(segments[1].offset, 400u);
  EXPECT_EQ(segments[1].length, 50u);
  // Past the file: cut to it; a hole is a gap.
  Layout holey = layout;
  holey.regions.erase(holey.regions.begin() + 3);
  const std::vector<MapSegment> tail =
      SummarizeByteRange(holey, 390, 5000, 100);
  ASSERT_GE(tail.size(), 2u);
  EXPECT_EQ(tail[1].kind, RegionKind::kGap);
  EXPECT_EQ(tail[1].offset, 400u);
  EXPECT_EQ(tail[1].length, 100u);
  EXPECT_EQ(tail.back().offset + tail.back().length, 1000u);
}

// A hostile footer: every row group claims the whole file. Summarising the
// lanes stays bounded by the layout, not by lanes times regions.
TEST(ReportsHtml, OverlappingLanesStayBounded) {
  Layout layout;
  layout.file_size = 1000000;
  for (uint64_t i = 0; i < 100000; ++i) {
    layout.regions.push_back(MakeRegion(RegionKind::kDataPage, i * 10, 10));
  }
  for (int32_t g = 0; g < 1000; ++g) {
    RowGroupExtent extent;
    extent.row_group = g;
    extent.offset = 0;
    extent.length = layout.file_size;
    layout.row_groups.push_back(extent);
  }
  const std::vector<MapLane> lanes = MapLanes(layout, 1000, 20000);
  ASSERT_EQ(lanes.size(), 1000u);
  EXPECT_FALSE(lanes[0].coarse);
  EXPECT_TRUE(lanes.back().coarse);
  ASSERT_EQ(lanes.back().segments.size(), 1u);
  EXPECT_EQ(lanes.back().segments[0].length, layout.file_size);
}

TEST(ReportsHtml, LanesReachTheScriptWithTheirChunks) {
  const std::string html = Render(TwoRowGroups());
  const std::string data = MapDataOf(html);
  EXPECT_THAT(data, HasSubstr("\"containers\":\"row group\","
                              "\"containerCount\":2,\"lanes\":["));
  // [tail, container, offset, length, rows, first segment, segments,
  //  first band, bands, coarse]
  EXPECT_THAT(data, HasSubstr("[false,0,4,396,10,0,2,0,2,false]"));
  EXPECT_THAT(data, HasSubstr("[false,1,400,400,11,2,2,2,2,false]"));
  EXPECT_THAT(data, HasSubstr("[true,-1,800,200,-1,4,4,4,0,false]"));
  // A lane's segment names its page and column; a band its chunk.
  EXPECT_THAT(data, HasSubstr("[500,300,2,1,4,\"row_groups[1].columns[1]."
                              "pages[0]\",0,1]"));
  EXPECT_THAT(data, HasSubstr("\"bands\":[[4,196,0,\"\"]"));
  // Column paths reach the script as JSON, '<' escaped.
  EXPECT_THAT(html, Not(HasSubstr("b.<c>")));
  EXPECT_THAT(html, HasSubstr("<div id=\"map-lanes\" data-lanes=\"3\">"));
  EXPECT_THAT(html, HasSubstr("<div id=\"map-zoom\" hidden>"));
}

// ---- diagnostics: groups, filters, columns ----------------------------------

Diagnostic Coded(Code code, Severity severity, uint64_t offset,
                 std::string field = "") {
  return testing::MakeDiagnostic(code, severity, offset, 1, std::move(field));
}

TEST(ReportsHtml, DiagnosticsAreGroupedByCodeMostSevereFirst) {
  Inspection inspection = SmallInspection();
  auto& diagnostics = inspection.report.diagnostics;
  diagnostics.push_back(Coded(Code::kThriftTruncated, Severity::kWarning, 1));
  diagnostics.push_back(Coded(Code::kFileTooSmall, Severity::kError, 2));
  diagnostics.push_back(Coded(Code::kThriftTruncated, Severity::kWarning, 3));
  diagnostics.push_back(Coded(Code::kThriftTruncated, Severity::kError, 4));
  const std::string html = Render(inspection);
  EXPECT_EQ(Count(html, "<tbody class=\"diag-group\""), 2u);
  const size_t truncated = html.find(
      "<tbody class=\"diag-group\" id=\"group-thrift.truncated\" "
      "data-code=\"thrift.truncated\" data-count=\"3\" data-rows=\"3\" "
      "data-severity=\"error\" data-open=\"yes\">");
  const size_t small = html.find(
      "<tbody class=\"diag-group\" id=\"group-file.too-small\" "
      "data-code=\"file.too-small\" data-count=\"1\" data-rows=\"1\" "
      "data-severity=\"error\" data-open=\"yes\">");
  ASSERT_NE(truncated, std::string::npos);
  ASSERT_NE(small, std::string::npos);
  // Both hold an error: the first seen comes first. Rows keep their index.
  EXPECT_LT(truncated, small);
  const size_t row0 = html.find("id=\"diag-0\"");
  const size_t row3 = html.find("id=\"diag-3\"");
  const size_t row1 = html.find("id=\"diag-1\"");
  EXPECT_LT(truncated, row0);
  EXPECT_LT(row0, row3);
  EXPECT_LT(row3, small);
  EXPECT_LT(small, row1);
  EXPECT_THAT(html, HasSubstr("(1 error, 2 warnings)"));
  // The filters: severities with their counts, codes with theirs, search.
  EXPECT_THAT(html, HasSubstr("<input type=\"checkbox\" class=\"sev-filter\" "
                              "value=\"error\" checked> errors (2)"));
  EXPECT_THAT(html, HasSubstr("value=\"warning\" checked> warnings (2)"));
  EXPECT_THAT(html, HasSubstr("<option value=\"\">all codes (2)</option>"
                              "<option value=\"thrift.truncated\">"
                              "thrift.truncated (3)</option>"));
  EXPECT_THAT(html, HasSubstr("<input type=\"search\" id=\"diag-search\""));
}

TEST(ReportsHtml, ManyDiagnosticsStartFolded) {
  Inspection inspection = SmallInspection();
  for (uint64_t i = 0; i < 101; ++i) {
    inspection.report.diagnostics.push_back(MakeDiagnostic(i, 1));
  }
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("data-rows=\"101\" data-severity=\"error\" "
                              "data-open=\"no\">"));
  EXPECT_THAT(html, HasSubstr("aria-expanded=\"false\""));
}

TEST(ReportsHtml, EveryCodeKeepsAShareOfTheRows) {
  std::vector<Diagnostic> diagnostics;
  for (uint64_t i = 0; i < 5000; ++i) {
    diagnostics.push_back(Coded(Code::kThriftTruncated, Severity::kError, i));
    if (i % 50 == 0) {
      diagnostics.push_back(Coded(Code::kFileTooSmall, Severity::kError, i));
    }
    if (i > 4000 && i % 100 == 0) {
      diagnostics.push_back(
          Coded(Code::kPageUnknownType, Severity::kWarning, i));
    }
  }
  // 5000, 100 and 9: the last two are listed whole.
  const std::vector<size_t> rows = SelectDiagnosticRows(diagnostics, 2000);
  ASSERT_EQ(rows.size(), 2000u);
  EXPECT_TRUE(std::is_sorted(rows.begin(), rows.end()));
  std::map<Code, size_t> listed;
  for (const size_t i : rows) ++listed[diagnostics[i].code];
  EXPECT_EQ(listed[Code::kFileTooSmall], 100u);
  EXPECT_EQ(listed[Code::kPageUnknownType], 9u);
  EXPECT_EQ(listed[Code::kThriftTruncated], 1891u);
  // Each code's first ones.
  EXPECT_EQ(rows[0], 0u);
  // Three codes of 1000 each share 2000: 667, 667 and 666.
  std::vector<Diagnostic> even;
  for (uint64_t i = 0; i < 3000; ++i) {
    even.push_back(Coded(i % 3 == 0   ? Code::kThriftTruncated
                         : i % 3 == 1 ? Code::kFileTooSmall
                                      : Code::kPageUnknownType,
                         Severity::kError, i));
  }
  std::map<Code, size_t> shares;
  for (const size_t i : SelectDiagnosticRows(even, 2000)) {
    ++shares[even[i].code];
  }
  EXPECT_EQ(shares[Code::kThriftTruncated], 667u);
  EXPECT_EQ(shares[Code::kFileTooSmall], 667u);
  EXPECT_EQ(shares[Code::kPageUnknownType], 666u);
  // Few enough: all of them.
  EXPECT_EQ(SelectDiagnosticRows(even, 3000).size(), 3000u);

  Inspection inspection = SmallInspection();
  inspection.report.diagnostics = diagnostics;
  const std::string html = Render(inspection);
  EXPECT_EQ(Count(html, "<tr class=\"diag "), 2000u);
  EXPECT_EQ(Count(html, "<tbody class=\"diag-group\""), 3u);
  EXPECT_THAT(html, HasSubstr("data-count=\"5000\" data-rows=\"1891\""));
  EXPECT_THAT(html, HasSubstr("Listing 2000 of 5109 diagnostics"));
  // Excerpts go to the first 500 listed, and only those rows link to one.
  EXPECT_EQ(Count(html, "<div class=\"excerpt\""), kHtmlMaxHexExcerpts);
  EXPECT_EQ(Count(html, "<a href=\"#hex-"), kHtmlMaxHexExcerpts);
}

TEST(ReportsHtml, DiagnosticRowsNameTheirColumnFromTheLayout) {
  Inspection inspection = TwoRowGroups();
  auto& diagnostics = inspection.report.diagnostics;
  diagnostics.push_back(
      MakeDiagnostic(510, 2, "row_groups[1].columns[1].pages[0].header"));
  diagnostics.push_back(MakeDiagnostic(510, 2, "row_groups[1].columns[7]"));
  diagnostics.push_back(MakeDiagnostic(0, 4, "magic"));
  // The validator's own column wins.
  diagnostics.push_back(MakeDiagnostic(510, 2, "row_groups[1].columns[1]"));
  diagnostics.back().column = "own";
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("pages[0].header</td><td class=\"fld mono\">"
                              "b.&lt;c&gt;</td>"));
  EXPECT_THAT(html, HasSubstr("row_groups[1].columns[7]</td>"
                              "<td class=\"fld mono\"></td>"));
  EXPECT_THAT(html, HasSubstr("magic</td><td class=\"fld mono\"></td>"));
  EXPECT_THAT(html, HasSubstr("row_groups[1].columns[1]</td>"
                              "<td class=\"fld mono\">own</td>"));
}

// ---- ORC --------------------------------------------------------------------

// An ORC file: struct<id:bigint,tags:array<string>,"a.b":map<string,int>>
// in one stripe.
Inspection OrcInspection() {
  Inspection inspection;
  inspection.report.format = Format::kOrc;
  inspection.report.size = 600;
  Schema& schema = inspection.schema;
  schema.kind = SchemaKind::kOrcTypes;
  schema.ok = true;
  const auto type = [&schema](int64_t kind, std::string name, int32_t parent,
                              std::vector<int32_t> children) {
    OrcType& t = schema.orc_types.emplace_back();
    t.kind = kind;
    t.name = std::move(name);
    t.parent = parent;
    t.children = std::move(children);
  };
  type(12, "", -1, {1, 2, 4});  // STRUCT
  type(4, "id", 0, {});         // LONG
  type(10, "tags", 0, {3});     // LIST
  type(7, "", 2, {});           // STRING
  type(11, "a.b", 0, {5, 6});   // MAP
  type(7, "", 4, {});
  type(3, "", 4, {});  // INT
  Layout& layout = inspection.layout;
  layout.containers = Containers::kStripes;
  layout.file_size = 600;
  const auto stream = [&layout](RegionKind kind, uint64_t offset,
                                uint64_t length, int32_t column,
                                int64_t stream_kind, int64_t index) {
    Region& r = layout.regions.emplace_back(MakeRegion(
        kind, offset, length,
        "stripes[0].streams[" + std::to_string(index) + "]", 0, column));
    r.stream.kind = stream_kind;
    r.stream.index = index;
    r.stream.encoding = 2;
  };
  layout.regions.push_back(MakeRegion(RegionKind::kOrcMagic, 0, 3, "magic"));
  stream(RegionKind::kOrcIndexStream, 3, 20, 1, 6, 0);  // ROW_INDEX
  stream(RegionKind::kOrcIndexStream, 23, 27, 3, 6, 1);
  stream(RegionKind::kOrcDataStream, 50, 100, 1, 1, 2);  // DATA
  stream(RegionKind::kOrcDataStream, 150, 30, 2, 2, 3);  // LENGTH
  stream(RegionKind::kOrcDataStream, 180, 120, 3, 1, 4);
  stream(RegionKind::kOrcDataStream, 300, 40, 3, 2, 5);
  layout.regions.push_back(MakeRegion(RegionKind::kOrcStripeFooter, 340, 60,
                                      "stripes[0].footer", 0));
  layout.regions.push_back(
      MakeRegion(RegionKind::kOrcFooter, 400, 180, "footer"));
  layout.regions.push_back(
      MakeRegion(RegionKind::kOrcPostScript, 580, 19, "postscript"));
  layout.regions.push_back(MakeRegion(RegionKind::kOrcPsLen, 599, 1, "pslen"));
  StripeExtent& stripe = layout.stripes.emplace_back();
  stripe.offset = 3;
  stripe.length = 397;
  stripe.index_length = 47;
  stripe.data_length = 290;
  stripe.footer_length = 60;
  stripe.num_rows = 7;
  stripe.encodings = {0, 2, 0, 3, 0, 2, 2};
  inspection.orc.statistics.resize(7);
  inspection.orc.statistics[1].present = true;
  inspection.orc.statistics[1].number_of_values = 7;
  inspection.orc.statistics[1].has_null = 0;
  return inspection;
}

TEST(ReportsHtml, OrcColumnPathsFollowTheDiagnostics) {
  const std::vector<std::string> paths = OrcColumnPaths(OrcInspection().schema);
  EXPECT_EQ(paths,
            (std::vector<std::string>{"", "id", "tags", "tags._elem", "`a.b`",
                                      "`a.b`._key", "`a.b`._value"}));
  Schema broken = OrcInspection().schema;
  broken.ok = false;
  EXPECT_EQ(OrcColumnPaths(broken), std::vector<std::string>(7));
}

TEST(ReportsHtml, OrcSchemaIsTextOfManyLines) {
  Inspection inspection = OrcInspection();
  inspection.schema.orc_types[1].name = "i<d>";
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("<pre id=\"schema\" class=\"mono\">struct  # "
                              "column 0\n  i&lt;d&gt;: bigint  # column 1\n"
                              "  tags: array  # column 2\n"));
  EXPECT_THAT(html, Not(HasSubstr("\\x0a")));
}

TEST(ReportsHtml, OrcSummaryCountsColumnIds) {
  const std::string html = Render(OrcInspection());
  EXPECT_THAT(html, HasSubstr("<dd id=\"summary-columns\" data-columns=\"7\">"
                              "7 column ids (4 leaves)</dd>"));
  // Parquet counts its leaf columns.
  EXPECT_THAT(Render(SmallInspection()),
              HasSubstr("<dd id=\"summary-columns\" data-columns=\"1\">"));
}

TEST(ReportsHtml, OrcColumnsTableHasOneRowPerColumnId) {
  const std::string html = Render(OrcInspection());
  EXPECT_THAT(html, HasSubstr("<table id=\"columns\" class=\"orc\"><thead><tr>"
                              "<th class=\"num\">column id</th><th>path</th>"
                              "<th>type</th>"));
  EXPECT_THAT(html, Not(HasSubstr("<th>physical</th>")));
  EXPECT_EQ(Count(html, "<tr class=\"column\""), 7u);
  // Column 3 (tags._elem): an index stream of 27 bytes, two data streams
  // of 160, DATA and LENGTH kinds, and the stripe's encoding.
  EXPECT_THAT(html,
              HasSubstr("<tr class=\"column\" data-column=\"3\"><td class=\""
                        "num\">3</td><td class=\"fld mono\">tags._elem</td>"
                        "<td class=\"mono\">string</td><td class=\"num\">3"
                        "</td><td>ROW_INDEX, DATA, LENGTH</td><td class=\""
                        "num\">27</td><td class=\"num\">160</td><td>"
                        "DICTIONARY_V2</td>"));
  EXPECT_THAT(html, HasSubstr("<td>DIRECT_V2</td><td class=\"num\">7</td>"
                              "<td>no</td>"));
  // The lanes: the stripe (its three areas) and the tail.
  const std::string data = MapDataOf(html);
  EXPECT_THAT(data, HasSubstr("\"containers\":\"stripe\""));
  EXPECT_THAT(data, HasSubstr("[3,47,-1,\"index streams\"],[50,290,-1,"
                              "\"data streams\"],[340,60,-1,"
                              "\"stripe footer\"]"));
  EXPECT_THAT(data, HasSubstr("[true,-1,400,200,"));
  EXPECT_THAT(data, HasSubstr("\"paths\":[\"\",\"id\",\"tags\""));
  // A stream's segment names its column and stream kind.
  EXPECT_THAT(data, HasSubstr("\"stripes[0].streams[1]\",0,3,\"ROW_INDEX\"]"));
}

TEST(ReportsHtml, OrcStreamDiagnosticsNameTheirColumn) {
  Inspection inspection = OrcInspection();
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(180, 3, "stripes[0].streams[4]"));
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(180, 3, "stripes[0].footer.streams[5].length"));
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(180, 3, "footer.types[4].subtypes"));
  inspection.report.diagnostics.push_back(
      MakeDiagnostic(180, 3, "stripes[0].streams[9]"));
  const std::string html = Render(inspection);
  EXPECT_THAT(html, HasSubstr("stripes[0].streams[4]</td><td class=\"fld "
                              "mono\">tags._elem</td>"));
  EXPECT_THAT(html, HasSubstr("streams[5].length</td><td class=\"fld mono\">"
                              "tags._elem</td>"));
  EXPECT_THAT(html, HasSubstr("subtypes</td><td class=\"fld mono\">`a.b`"
                              "</td>"));
  EXPECT_THAT(html, HasSubstr("stripes[0].streams[9]</td><td class=\"fld "
                              "mono\"></td>"));
}

TEST(ReportsHtml, ColumnsTableHasTypedBounds) {
  Inspection inspection = SmallInspection();
  inspection.columns[0].min.kind = ValueKind::kDate;
  inspection.columns[0].min.integer = 19723;
  inspection.columns[0].max.kind = ValueKind::kString;
  inspection.columns[0].max.text = "<b>";
  const std::string html = Render(inspection);
  EXPECT_NE(html.find("<th>min</th><th>max</th>"), std::string::npos);
  EXPECT_NE(html.find("<td class=\"mono stat\">2024-01-01</td>"),
            std::string::npos);
  EXPECT_NE(html.find("<td class=\"mono stat\">&quot;&lt;b&gt;&quot;</td>"),
            std::string::npos);
}

}  // namespace
}  // namespace colcheck
