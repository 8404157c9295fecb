#include "reports/html.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
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
  const size_t data = html.find("id=\"map-data\"");
  const size_t data_end = html.find("</script>", data);
  const size_t segments = Count(html.substr(data, data_end - data), "\n[") + 1;
  EXPECT_LE(segments, kHtmlMaxMapSegments);
  EXPECT_GT(segments, kHtmlMaxMapSegments / 4);
}

}  // namespace
}  // namespace colcheck
