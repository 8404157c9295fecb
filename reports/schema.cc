// The schema renderers. Conventions follow parquet-mr (apache/parquet-java):
// MessageType, GroupType and PrimitiveType.writeToStringBuilder print
// `<repetition> <type> <name>[ (<annotation>)][ = <id>]`, lower-case
// repetition and primitive names, and LogicalTypeAnnotation.toString gives
// the annotation text (INTEGER(8,true), TIMESTAMP(MILLIS,true), ...).

#include "reports/schema.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reports/json.h"
#include "reports/utf8_decode.h"

namespace colcheck {
namespace {

constexpr char kHex[] = "0123456789abcdef";

bool IsGroup(const SchemaField& field) { return field.physical < 0; }

// Length of the valid UTF-8 sequence at `s[pos]` (lead byte >= 0x80), or 0;
// the same bytes count as invalid here as in the JSON output.
size_t Utf8Length(std::string_view s, size_t pos) {
  uint32_t code_point = 0;
  return DecodeUtf8Sequence(s, pos, &code_point);
}

bool NeedsQuotes(std::string_view name) {
  if (name.empty()) return true;
  for (size_t i = 0; i < name.size();) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (c >= 0x80) {
      const size_t n = Utf8Length(name, i);
      if (n == 0) return true;
      i += n;
      continue;
    }
    if (c <= 0x20 || c == 0x7f) return true;
    if (std::string_view(";{}()=\"\\").find(static_cast<char>(c)) !=
        std::string_view::npos) {
      return true;
    }
    ++i;
  }
  return false;
}

void AppendHexByte(unsigned char c, std::string* out) {
  out->append("\\x");
  out->push_back(kHex[c >> 4]);
  out->push_back(kHex[c & 0xf]);
}

std::string_view RepetitionWord(int32_t repetition) {
  switch (repetition) {
    case 0:
      return "required";
    case 1:
      return "optional";
    case 2:
      return "repeated";
    default:
      return "";
  }
}

// "required", or "repetition(7)" for a value the enum lacks; "" when unset.
std::string RepetitionText(int32_t repetition) {
  if (repetition < 0) return "";
  const std::string_view word = RepetitionWord(repetition);
  if (!word.empty()) return std::string(word);
  return "repetition(" + std::to_string(repetition) + ")";
}

std::string LogicalText(const LogicalTypeInfo& logical) {
  const std::string name(logical.name);
  if (name == "DECIMAL") {
    return "DECIMAL(" + std::to_string(logical.precision) + "," +
           std::to_string(logical.scale) + ")";
  }
  if (name == "INTEGER") {
    return "INTEGER(" + std::to_string(logical.bit_width) + "," +
           (logical.is_signed ? "true" : "false") + ")";
  }
  if (name == "TIME" || name == "TIMESTAMP") {
    const std::string unit =
        logical.unit.empty() ? "UNKNOWN" : std::string(logical.unit);
    return name + "(" + unit + "," +
           (logical.adjusted_to_utc ? "true" : "false") + ")";
  }
  return name;
}

std::string ConvertedText(const SchemaField& field) {
  const std::string_view name = ConvertedTypeName(field.converted);
  if (name.empty()) return "converted(" + std::to_string(field.converted) + ")";
  if (name == "DECIMAL") {
    return "DECIMAL(" + std::to_string(field.precision) + "," +
           std::to_string(field.scale) + ")";
  }
  return std::string(name);
}

// Fields in pre-order from the root, each with its depth and whether it
// closes a group (a `}` line) rather than opens one. Fields reached twice
// and child indices out of range are skipped.
struct Step {
  int32_t field;
  size_t depth;
  bool close;
};

std::vector<Step> WalkOrder(const Schema& schema) {
  std::vector<Step> order;
  if (schema.fields.empty()) return order;
  std::vector<bool> seen(schema.fields.size(), false);
  std::vector<Step> stack{{0, 0, false}};
  seen[0] = true;
  while (!stack.empty()) {
    const Step step = stack.back();
    stack.pop_back();
    order.push_back(step);
    if (step.close) continue;
    const SchemaField& field = schema.fields[step.field];
    if (!IsGroup(field)) continue;
    stack.push_back({step.field, step.depth, true});
    // Pushed in reverse so that they pop in order.
    for (auto it = field.children.rbegin(); it != field.children.rend(); ++it) {
      const int32_t child = *it;
      if (child <= 0 || static_cast<size_t>(child) >= schema.fields.size() ||
          seen[child]) {
        continue;
      }
      seen[child] = true;
      stack.push_back({child, step.depth + 1, false});
    }
  }
  return order;
}

void AppendFieldLine(const SchemaField& field, size_t depth, std::string* out) {
  out->append(2 * depth, ' ');
  const std::string repetition = RepetitionText(field.repetition);
  if (!repetition.empty()) out->append(repetition).push_back(' ');
  out->append(IsGroup(field) ? std::string("group")
                             : SchemaPhysicalName(field));
  out->push_back(' ');
  out->append(SchemaFieldName(field.name));
  const std::string annotation = SchemaAnnotation(field);
  if (!annotation.empty()) out->append(" (").append(annotation).append(")");
  if (field.has_field_id) {
    out->append(" = ").append(std::to_string(field.field_id));
  }
  if (IsGroup(field)) {
    out->append(" {\n");
    return;
  }
  out->append(";  # ");
  if (field.column >= 0) {
    out->append("column ").append(std::to_string(field.column)).append(", ");
  }
  out->append("def ")
      .append(std::to_string(field.max_definition_level))
      .append(", rep ")
      .append(std::to_string(field.max_repetition_level))
      .append("\n");
}

// ---- JSON
// ----------------------------------------------------------------------

void WriteLogicalJson(const LogicalTypeInfo& logical, JsonWriter* json) {
  if (logical.name.empty()) {
    json->Null();
    return;
  }
  json->BeginObject();
  json->Key("type").String(logical.name);
  if (logical.name == "DECIMAL") {
    json->Key("precision").Int(logical.precision);
    json->Key("scale").Int(logical.scale);
  } else if (logical.name == "INTEGER") {
    json->Key("bit_width").Int(logical.bit_width);
    json->Key("signed").Bool(logical.is_signed);
  } else if (logical.name == "TIME" || logical.name == "TIMESTAMP") {
    json->Key("unit").String(logical.unit);
    json->Key("adjusted_to_utc").Bool(logical.adjusted_to_utc);
  }
  json->EndObject();
}

// A node's members up to and including the opening of "children".
void WriteNodeOpen(const SchemaField& f, JsonWriter* json) {
  json->BeginObject();
  json->Key("name").String(f.name);
  json->Key("repetition").Enum(f.repetition, RepetitionName(f.repetition));
  json->Key("physical").Enum(f.physical, PhysicalTypeName(f.physical));
  json->Key("type_length").IntOrNull(f.type_length);
  json->Key("logical");
  WriteLogicalJson(f.logical, json);
  json->Key("converted").Enum(f.converted, ConvertedTypeName(f.converted));
  json->Key("scale").IntOrNull(f.scale);
  json->Key("precision").IntOrNull(f.precision);
  // Any i32 is a field id, a negative one too.
  json->Key("field_id");
  if (f.has_field_id) {
    json->Int(f.field_id);
  } else {
    json->Null();
  }
  json->Key("annotation").StringOrNull(SchemaAnnotation(f));
  json->Key("column").IntOrNull(f.column);
  json->Key("max_definition_level").Int(f.max_definition_level);
  json->Key("max_repetition_level").Int(f.max_repetition_level);
  json->Key("path").String(f.path);
  json->Key("children").BeginArray();
}

void WriteSchemaJson(const Schema& schema, JsonWriter* json) {
  const std::vector<Step> order = WalkOrder(schema);
  if (order.empty()) {
    json->Null();
    return;
  }
  // A node's children follow it in the walk, so its "children" array stays
  // open until its closing step; a leaf closes at once.
  for (const Step& step : order) {
    if (!step.close) WriteNodeOpen(schema.fields[step.field], json);
    if (step.close || !IsGroup(schema.fields[step.field])) {
      json->EndArray().EndObject();
    }
  }
}

}  // namespace

std::string SchemaFieldName(std::string_view name) {
  if (!NeedsQuotes(name)) return std::string(name);
  std::string out = "\"";
  for (size_t i = 0; i < name.size();) {
    const unsigned char c = static_cast<unsigned char>(name[i]);
    if (c >= 0x80) {
      const size_t n = Utf8Length(name, i);
      if (n == 0) {
        AppendHexByte(c, &out);
        ++i;
      } else {
        out.append(name.substr(i, n));
        i += n;
      }
      continue;
    }
    if (c < 0x20 || c == 0x7f) {
      AppendHexByte(c, &out);
    } else {
      if (c == '"' || c == '\\') out.push_back('\\');
      out.push_back(static_cast<char>(c));
    }
    ++i;
  }
  out.push_back('"');
  return out;
}

std::string SchemaPhysicalName(const SchemaField& field) {
  switch (field.physical) {
    case 0:
      return "boolean";
    case 1:
      return "int32";
    case 2:
      return "int64";
    case 3:
      return "int96";
    case 4:
      return "float";
    case 5:
      return "double";
    case 6:
      return "binary";
    case 7:
      return "fixed_len_byte_array(" +
             (field.type_length >= 0 ? std::to_string(field.type_length)
                                     : std::string("?")) +
             ")";
    default:
      if (field.physical < 0) return "";
      return "type(" + std::to_string(field.physical) + ")";
  }
}

std::string SchemaAnnotation(const SchemaField& field) {
  if (!field.logical.name.empty()) return LogicalText(field.logical);
  if (field.converted >= 0) return ConvertedText(field);
  return "";
}

std::string RenderSchemaText(const Schema& schema) {
  std::string out;
  for (const Step& step : WalkOrder(schema)) {
    const SchemaField& field = schema.fields[step.field];
    if (step.close) {
      out.append(2 * step.depth, ' ').append("}\n");
    } else if (step.depth == 0) {
      out.append("message ").append(SchemaFieldName(field.name));
      const std::string annotation = SchemaAnnotation(field);
      if (!annotation.empty()) out.append(" (").append(annotation).append(")");
      out.append(" {\n");
    } else {
      AppendFieldLine(field, step.depth, &out);
    }
  }
  if (!schema.ok) {
    out.append(
        "# broken schema: the elements do not rebuild into one tree; only "
        "what rebuilt is shown (colcheck validate says why)\n");
  }
  return out;
}

std::string RenderSchemaJson(std::string_view path,
                             const Inspection& inspection) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("schema_ok").Bool(inspection.schema.ok);
  if (inspection.schema.kind == SchemaKind::kOrcTypes) {
    WriteOrcSchemaJson(inspection.schema, &json);
  } else {
    json.Key("schema");
    WriteSchemaJson(inspection.schema, &json);
  }
  json.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
