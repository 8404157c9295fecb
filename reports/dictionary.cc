#include "reports/dictionary.h"

#include <string>

#include "core/strings.h"
#include "reports/json.h"
#include "reports/json_writer.h"
#include "reports/values.h"

namespace colcheck {
namespace {

bool IsOrc(const Inspection& in) {
  return in.schema.kind == SchemaKind::kOrcTypes;
}

std::string ColumnPath(const Inspection& in, size_t column) {
  if (IsOrc(in)) {
    return column < in.schema.orc_types.size()
               ? in.schema.orc_types[column].path
               : "";
  }
  if (column >= in.schema.leaves.size()) return "";
  const int32_t leaf = in.schema.leaves[column];
  return leaf >= 0 && static_cast<size_t>(leaf) < in.schema.fields.size()
             ? in.schema.fields[leaf].path
             : "";
}

}  // namespace

std::string RenderDictionaryText(const Inspection& inspection, size_t column,
                                 const std::vector<Dictionary>& dictionaries) {
  const std::string path = EscapedText(ColumnPath(inspection, column));
  const bool orc = IsOrc(inspection);
  if (dictionaries.empty()) {
    return StrCat("column ", column, " ", path,
                  orc ? ": no dictionary\n" : ": no dictionary page\n");
  }
  std::string out;
  for (const Dictionary& d : dictionaries) {
    out += StrCat(
        orc ? "stripe " : "row group ", d.row_group, ", column ", column, " ",
        path, orc ? ": DICTIONARY_DATA at " : ": dictionary page at ", d.offset,
        "+", d.length, ", ", d.entries, d.entries == 1 ? " entry" : " entries");
    if (d.declared >= 0 && d.declared != d.entries) {
      out +=
          StrCat(orc ? " (dictionary_size declares " : " (the header declares ",
                 d.declared, ")");
    }
    out += "\n";
    for (size_t i = 0; i < d.values.size(); ++i) {
      out += StrCat("  ", i, "  ", QuotedValueText(d.values[i]), "\n");
    }
  }
  return out;
}

std::string RenderDictionaryJson(std::string_view path,
                                 const Inspection& inspection, size_t column,
                                 const std::vector<Dictionary>& dictionaries) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("column").Uint(column);
  json.Key("column_path").String(ColumnPath(inspection, column));
  json.Key("dictionaries").BeginArray();
  for (const Dictionary& d : dictionaries) {
    json.BeginObject()
        .Key(IsOrc(inspection) ? "stripe" : "row_group")
        .Int(d.row_group);
    json.Key("offset").Uint(d.offset).Key("length").Uint(d.length);
    json.Key("declared").IntOrNull(d.declared);
    json.Key("entries").Int(d.entries);
    json.Key("values").BeginArray();
    for (const Value& v : d.values) WriteValueJson(v, &json);
    json.EndArray().EndObject();
  }
  json.EndArray().EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
