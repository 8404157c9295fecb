#include "reports/html.h"

#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>

#include "reports/file_report.h"
#include "reports/html_internal.h"
#include "reports/schema.h"
#include "reports/utf8_decode.h"
#include "reports/values.h"

namespace colcheck {
namespace {

constexpr char kHex[] = "0123456789abcdef";

void AppendHexByte(unsigned value, std::string* out) {
  out->push_back(kHex[(value >> 4) & 0xf]);
  out->push_back(kHex[value & 0xf]);
}

}  // namespace

namespace html_internal {

// ---- text -------------------------------------------------------------------

void AppendText(std::string_view value, std::string* out) {
  const std::string_view cut = CutText(value, kHtmlMaxTextBytes);
  AppendHtmlEscaped(cut, out);
  if (cut.size() < value.size()) {
    *out += "<span class=\"cut\">... (" + std::to_string(value.size()) +
            " bytes)</span>";
  }
}

std::string Counted(size_t count, std::string_view noun) {
  std::string text = std::to_string(count) + " ";
  text += noun;
  if (count != 1) text += "s";
  return text;
}

void AppendOptional(int64_t value, std::string* out) {
  if (value < 0) {
    *out += "<span class=\"na\">-</span>";
  } else {
    *out += std::to_string(value);
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

// JsonWriter writes ASCII; escaping every '<' (which can only occur inside
// strings) means no "</script>" or "<!--" in the data can end or confuse
// the block.
void AppendScriptJson(std::string_view json, std::string* out) {
  for (const char c : json) {
    if (c == '<') {
      *out += "\\u003c";
    } else {
      out->push_back(c);
    }
  }
}

std::string_view CutText(std::string_view value, size_t max) {
  if (value.size() <= max) return value;
  size_t cut = max;
  // Back off to a character boundary, so the cut itself adds no U+FFFD.
  for (int i = 0; i < 3 && cut > 0 &&
                  (static_cast<unsigned char>(value[cut]) & 0xc0) == 0x80;
       ++i) {
    --cut;
  }
  return value.substr(0, cut);
}

}  // namespace html_internal

namespace {

using html_internal::AppendCapNote;
using html_internal::AppendOptional;
using html_internal::AppendText;
using html_internal::Counted;
using html_internal::HumanSize;

void AppendNumber(uint64_t value, std::string* out) {
  *out += std::to_string(value);
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
  // ORC counts every column id (the root and the structs too), as its
  // schema and column table list them.
  const bool orc = inspection.schema.kind == SchemaKind::kOrcTypes;
  const size_t columns =
      orc ? inspection.schema.orc_types.size() : inspection.columns.size();
  std::string columns_text = std::to_string(columns);
  if (orc) {
    size_t leaves = 0;
    for (const OrcType& type : inspection.schema.orc_types) {
      if (type.children.empty()) ++leaves;
    }
    columns_text += " column ids (" + std::to_string(leaves) +
                    (leaves == 1 ? " leaf)" : " leaves)");
  }
  *out += "<dt>columns</dt><dd id=\"summary-columns\" data-columns=\"" +
          std::to_string(columns) + "\">" + columns_text + "</dd>\n";
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
// The excerpts of the first kHtmlMaxHexExcerpts diagnostics of `rows`.
void AppendExcerpts(const Report& report, const std::vector<size_t>& rows,
                    std::span<const std::byte> file, std::string* out) {
  const size_t total = report.diagnostics.size();
  const size_t shown = std::min(rows.size(), kHtmlMaxHexExcerpts);
  *out +=
      "<section id=\"bytes-section\"><h2>Bytes around each "
      "diagnostic</h2>\n<p class=\"na\">Offsets in decimal; the span is "
      "highlighted, " +
      std::to_string(kHtmlHexContext) + " bytes of context either side.</p>\n";
  if (total == 0) *out += "<p class=\"na\">Nothing to show.</p>\n";
  AppendCapNote(shown, total, "diagnostics' bytes", out);
  for (size_t k = 0; k < shown; ++k) {
    AppendExcerpt(rows[k], report.diagnostics[rows[k]], file, out);
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
      "<th class=\"num\">dictionary pages</th><th>min</th><th>max</th>"
      "</tr></thead><tbody>\n";
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
            "</td><td class=\"mono stat\">";
    // Typed as meta prints them (reports/values.h), whole up to a cell.
    AppendText(QuotedValueText(c.min).substr(0, kHtmlMaxStatText), out);
    *out += "</td><td class=\"mono stat\">";
    AppendText(QuotedValueText(c.max).substr(0, kHtmlMaxStatText), out);
    *out += "</td></tr>\n";
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
  using html_internal::kOrcStyle;
  using html_internal::kScript;
  using html_internal::kStyle;
  const bool orc = inspection.schema.kind == SchemaKind::kOrcTypes;
  const std::vector<size_t> rows =
      SelectDiagnosticRows(inspection.report.diagnostics, kHtmlMaxDiagnostics);
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
      "</style>\n</head>\n<body>\n<nav id=\"top\"><a href=\"#summary\">"
      "Summary</a><a href=\"#map-section\">Byte map</a>"
      "<a href=\"#diagnostics-section\">Diagnostics</a>"
      "<a href=\"#bytes-section\">Bytes</a>"
      "<a href=\"#schema-section\">Schema</a>"
      "<a href=\"#columns-section\">Columns</a>"
      "<a href=\"#layout-section\">Layout</a></nav>\n";
  AppendSummary(path, inspection, &html);
  html_internal::AppendByteMap(inspection, &html);
  html_internal::AppendDiagnostics(inspection, rows, &html);
  out << html;
  html.clear();
  AppendExcerpts(inspection.report, rows, file, &html);
  if (orc) {
    html_internal::AppendOrcSchema(inspection.schema, &html);
    html_internal::AppendOrcColumns(inspection, &html);
  } else {
    AppendSchema(inspection.schema, &html);
    AppendColumns(inspection.columns, &html);
  }
  AppendLayout(inspection.layout, &html);
  html += "<footer class=\"na\"><p>Written by colcheck ";
  html += kVersion;
  html += ".</p></footer>\n<script>";
  html += kScript;
  html += "</script>\n</body>\n</html>\n";
  out << html;
}

}  // namespace colcheck
