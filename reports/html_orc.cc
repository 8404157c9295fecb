// The ORC parts of the HTML page: the type tree as `colcheck schema` prints
// it, and one row per column id with what the stripes hold of it.
//
// An ORC column is a type id, structs and the root included, so the page
// counts columns as the Footer's types: the summary's count, the schema's
// lines and the column table's rows agree.

#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "core/column_path.h"
#include "core/limits.h"
#include "reports/html.h"
#include "reports/html_internal.h"
#include "reports/schema.h"

namespace colcheck {
namespace {

using html_internal::AppendCapNote;
using html_internal::AppendOptional;
using html_internal::AppendText;

// The name a type has in its parent's path, by its parent's kind and its
// place among the parent's subtypes (docs/columns.md).
std::string PathName(const OrcType& parent, size_t position,
                     const OrcType& type) {
  const std::string_view kind = OrcTypeKindName(parent.kind);
  if (kind == "LIST") return "_elem";
  if (kind == "MAP") return position == 0 ? "_key" : "_value";
  if (kind == "UNION") return std::to_string(position);
  std::string name;
  AppendColumnName(type.name, &name);
  return name;
}

// Appends `value` once to `values`.
void AddDistinct(int64_t value, std::vector<int64_t>* values) {
  if (std::find(values->begin(), values->end(), value) == values->end()) {
    values->push_back(value);
  }
}

// An ORC enum's name, or its number when the enum lacks it.
std::string EnumText(std::string_view (*name_of)(int64_t), int64_t value) {
  const std::string_view name = name_of(value);
  return name.empty() ? std::to_string(value) : std::string(name);
}

// What the stripes hold of one column id.
struct OrcColumnBytes {
  uint64_t streams = 0;
  uint64_t index_bytes = 0;
  uint64_t data_bytes = 0;
  std::vector<int64_t> stream_kinds;  // Distinct, in order of appearance.
  std::vector<int64_t> encodings;     // Distinct, from the stripe footers.
};

// At most this many distinct stream kinds or encodings per column: a
// hostile file could list a new one in every stripe.
constexpr size_t kMaxKindsPerColumn = 16;

std::vector<OrcColumnBytes> CollectColumnBytes(const Inspection& inspection,
                                               size_t columns) {
  std::vector<OrcColumnBytes> out(columns);
  for (const Region& region : inspection.layout.regions) {
    if (region.stream.index < 0 || region.column < 0 ||
        static_cast<size_t>(region.column) >= columns) {
      continue;
    }
    OrcColumnBytes& c = out[region.column];
    ++c.streams;
    if (region.kind == RegionKind::kOrcIndexStream) {
      c.index_bytes += region.length;
    } else {
      c.data_bytes += region.length;
    }
    if (c.stream_kinds.size() < kMaxKindsPerColumn) {
      AddDistinct(region.stream.kind, &c.stream_kinds);
    }
  }
  for (const StripeExtent& stripe : inspection.layout.stripes) {
    const size_t n = std::min(stripe.encodings.size(), columns);
    for (size_t id = 0; id < n; ++id) {
      if (out[id].encodings.size() < kMaxKindsPerColumn) {
        AddDistinct(stripe.encodings[id], &out[id].encodings);
      }
    }
  }
  return out;
}

void AppendList(const std::vector<int64_t>& values,
                std::string_view (*name_of)(int64_t), std::string* out) {
  for (size_t i = 0; i < values.size(); ++i) {
    if (i > 0) *out += ", ";
    AppendText(EnumText(name_of, values[i]), out);
  }
}

}  // namespace

std::vector<std::string> OrcColumnPaths(const Schema& schema) {
  const std::vector<OrcType>& types = schema.orc_types;
  std::vector<std::string> paths(types.size());
  if (!schema.ok) return paths;
  for (size_t id = 1; id < types.size(); ++id) {
    const int32_t parent = types[id].parent;
    // A valid tree is in pre-order: each parent comes before its children.
    if (parent < 0 || static_cast<size_t>(parent) >= id) continue;
    const OrcType& p = types[parent];
    const auto it = std::find(p.children.begin(), p.children.end(),
                              static_cast<int32_t>(id));
    if (it == p.children.end()) continue;
    const std::string name =
        PathName(p, static_cast<size_t>(it - p.children.begin()), types[id]);
    const std::string& above = paths[parent];
    if (above.empty()) {
      paths[id] = name;
    } else if (above.size() + 1 + name.size() <= limits::kMaxColumnPathBytes) {
      paths[id] = above + "." + name;
    } else {
      // As docs/columns.md cuts a long path: its names nearest the root
      // give way to "...", so a deep tree costs no more than its ids.
      paths[id] = "\xe2\x80\xa6." + name;
    }
  }
  return paths;
}

namespace html_internal {

void AppendOrcSchema(const Schema& schema, std::string* out) {
  *out += "<section id=\"schema-section\"><h2>Schema (" +
          std::to_string(schema.orc_types.size()) + " types)</h2>\n";
  const std::string text = RenderOrcSchemaText(schema);
  *out += "<pre id=\"schema\" class=\"mono\">";
  // Line by line: the escaping shows a newline as the text \x0a, and the
  // names in a line cannot hold one (RenderOrcSchemaText quotes them).
  size_t lines = 0;
  size_t at = 0;
  while (at < text.size() && lines < kHtmlMaxSchemaFields) {
    const size_t next = text.find('\n', at);
    const size_t end = next == std::string::npos ? text.size() : next;
    AppendHtmlEscaped(std::string_view(text).substr(at, end - at), out);
    out->push_back('\n');
    at = end + 1;
    ++lines;
  }
  *out += "</pre>\n";
  AppendCapNote(lines, schema.orc_types.size() + (schema.ok ? 0 : 1), "types",
                out);
  *out += "</section>\n";
}

void AppendOrcColumns(const Inspection& inspection, std::string* out) {
  const std::vector<OrcType>& types = inspection.schema.orc_types;
  const size_t shown = std::min(types.size(), kHtmlMaxColumnRows);
  const std::vector<std::string> paths = OrcColumnPaths(inspection.schema);
  const std::vector<OrcColumnBytes> bytes =
      CollectColumnBytes(inspection, shown);
  const std::vector<ColumnStatistics>& statistics = inspection.orc.statistics;
  *out += "<section id=\"columns-section\"><h2>Columns (" +
          std::to_string(types.size()) +
          " column ids)</h2>\n<p class=\"na\">One row per type of the "
          "Footer, the root struct being column 0; bytes and encodings "
          "from the stripes' stream directories, values from the file's "
          "column statistics.</p>\n";
  AppendCapNote(shown, types.size(), "columns", out);
  *out +=
      "<table id=\"columns\" class=\"orc\"><thead><tr>"
      "<th class=\"num\">column id</th><th>path</th><th>type</th>"
      "<th class=\"num\">streams</th><th>stream kinds</th>"
      "<th class=\"num\">index bytes</th><th class=\"num\">data bytes</th>"
      "<th>encodings</th><th class=\"num\">values</th><th>has nulls</th>"
      "<th class=\"num\">bytes on disk</th></tr></thead><tbody>\n";
  for (size_t id = 0; id < shown; ++id) {
    const OrcColumnBytes& b = bytes[id];
    const std::string number = std::to_string(id);
    *out += "<tr class=\"column\" data-column=\"" + number +
            "\"><td class=\"num\">" + number + "</td><td class=\"fld mono\">";
    if (id == 0) {
      *out += "<span class=\"na\">(root)</span>";
    } else {
      AppendText(paths[id], out);
    }
    *out += "</td><td class=\"mono\">";
    AppendText(OrcTypeName(types[id]), out);
    *out += "</td><td class=\"num\">" + std::to_string(b.streams) + "</td><td>";
    AppendList(b.stream_kinds, OrcStreamKindName, out);
    *out += "</td><td class=\"num\">" + std::to_string(b.index_bytes) +
            "</td><td class=\"num\">" + std::to_string(b.data_bytes) +
            "</td><td>";
    AppendList(b.encodings, OrcEncodingKindName, out);
    *out += "</td><td class=\"num\">";
    const ColumnStatistics* const s =
        id < statistics.size() && statistics[id].present ? &statistics[id]
                                                         : nullptr;
    AppendOptional(s == nullptr ? -1 : s->number_of_values, out);
    *out += "</td><td>";
    if (s != nullptr && s->has_null >= 0) {
      *out += s->has_null != 0 ? "yes" : "no";
    }
    *out += "</td><td class=\"num\">";
    AppendOptional(s == nullptr ? -1 : s->bytes_on_disk, out);
    *out += "</td></tr>\n";
  }
  *out += "</tbody></table>\n";
  if (types.empty()) {
    *out += "<p class=\"na\">The Footer gives no types.</p>\n";
  }
  *out += "</section>\n";
}

}  // namespace html_internal
}  // namespace colcheck
