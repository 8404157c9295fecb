// The ORC schema renderers: see schema.h. Type names follow Hive's
// TypeDescription.toString, as orc-metadata prints them.

#include <string>
#include <vector>

#include "reports/json.h"
#include "reports/schema.h"

namespace colcheck {
namespace {

// Hive's names, indexed by Type.Kind.
constexpr std::string_view kHiveNames[] = {"boolean",
                                           "tinyint",
                                           "smallint",
                                           "int",
                                           "bigint",
                                           "float",
                                           "double",
                                           "string",
                                           "binary",
                                           "timestamp",
                                           "array",
                                           "map",
                                           "struct",
                                           "uniontype",
                                           "decimal",
                                           "date",
                                           "varchar",
                                           "char",
                                           "timestamp with local time zone",
                                           "geometry",
                                           "geography"};

constexpr int64_t kList = 10;
constexpr int64_t kMap = 11;
constexpr int64_t kStruct = 12;
constexpr int64_t kUnion = 13;
constexpr int64_t kDecimal = 14;
constexpr int64_t kVarchar = 16;
constexpr int64_t kChar = 17;

// What a child is called under its parent.
std::string ChildLabel(const OrcType& parent, size_t index,
                       const OrcType& child) {
  switch (parent.kind) {
    case kStruct:
      return SchemaFieldName(child.name);
    case kList:
      return "element";
    case kMap:
      return index == 0 ? "key" : "value";
    case kUnion:
      return "tag " + std::to_string(index);
    default:
      return "";
  }
}

void AppendAttributes(const OrcType& type, std::string* out) {
  if (type.attributes.empty()) return;
  out->append(", attributes: ");
  for (size_t i = 0; i < type.attributes.size(); ++i) {
    if (i > 0) out->append(", ");
    out->append(SchemaFieldName(type.attributes[i].first));
    out->push_back('=');
    out->append(SchemaFieldName(type.attributes[i].second));
  }
}

void AppendTypeLine(const Schema& schema, size_t id, size_t depth,
                    std::string_view label, std::string* out) {
  const OrcType& type = schema.orc_types[id];
  out->append(2 * depth, ' ');
  if (!label.empty()) out->append(label).append(": ");
  out->append(OrcTypeName(type));
  out->append("  # column " + std::to_string(id));
  AppendAttributes(type, out);
  out->push_back('\n');
}

// A valid tree is numbered in pre-order, so the walk visits ids in order;
// the explicit stack keeps deep trees off the native stack.
void AppendTree(const Schema& schema, std::string* out) {
  struct Step {
    size_t id;
    size_t depth;
    std::string label;
  };
  std::vector<Step> stack = {{0, 0, ""}};
  std::vector<bool> seen(schema.orc_types.size(), false);
  while (!stack.empty()) {
    Step step = std::move(stack.back());
    stack.pop_back();
    if (step.id >= schema.orc_types.size() || seen[step.id]) continue;
    seen[step.id] = true;
    AppendTypeLine(schema, step.id, step.depth, step.label, out);
    const OrcType& type = schema.orc_types[step.id];
    for (size_t j = type.children.size(); j-- > 0;) {
      const auto child = static_cast<size_t>(type.children[j]);
      if (child >= schema.orc_types.size()) continue;
      stack.push_back({child, step.depth + 1,
                       ChildLabel(type, j, schema.orc_types[child])});
    }
  }
}

void AppendFlat(const Schema& schema, std::string* out) {
  for (size_t id = 0; id < schema.orc_types.size(); ++id) {
    const OrcType& type = schema.orc_types[id];
    out->append("types[" + std::to_string(id) + "]: " + OrcTypeName(type));
    if (!type.children.empty()) {
      out->append(" subtypes [");
      for (size_t j = 0; j < type.children.size(); ++j) {
        if (j > 0) out->append(", ");
        out->append(std::to_string(type.children[j]));
      }
      out->push_back(']');
    }
    AppendAttributes(type, out);
    out->push_back('\n');
  }
}

void WriteTypeJson(const OrcType& t, size_t id, JsonWriter* json) {
  json->BeginObject();
  json->Key("id").Uint(id);
  json->Key("kind").Enum(t.kind, OrcTypeKindName(t.kind));
  json->Key("name").String(t.name);
  json->Key("parent").IntOrNull(t.parent);
  json->Key("children").BeginArray();
  for (const int32_t child : t.children) json->Int(child);
  json->EndArray();
  json->Key("maximum_length").IntOrNull(t.maximum_length);
  json->Key("precision").IntOrNull(t.precision);
  json->Key("scale").IntOrNull(t.scale);
  json->Key("attributes").BeginArray();
  for (const auto& [key, value] : t.attributes) {
    json->BeginObject().Key("key").String(key).Key("value").String(value);
    json->EndObject();
  }
  json->EndArray();
  json->Key("path").String(t.path);
  json->Key("offset").Uint(t.offset);
  json->Key("length").Uint(t.length);
  json->EndObject();
}

}  // namespace

std::string OrcTypeName(const OrcType& type) {
  if (type.kind < 0 ||
      static_cast<uint64_t>(type.kind) >= std::size(kHiveNames)) {
    return "kind(" + std::to_string(type.kind) + ")";
  }
  std::string name(kHiveNames[type.kind]);
  if (type.kind == kDecimal) {
    // Readers default a missing precision and scale to 38 and 10.
    name += "(" +
            (type.precision < 0 ? std::string("?")
                                : std::to_string(type.precision)) +
            "," +
            (type.scale < 0 ? std::string("?") : std::to_string(type.scale)) +
            ")";
  } else if (type.kind == kChar || type.kind == kVarchar) {
    name += "(" +
            (type.maximum_length < 0 ? std::string("?")
                                     : std::to_string(type.maximum_length)) +
            ")";
  }
  return name;
}

std::string RenderOrcSchemaText(const Schema& schema) {
  std::string out;
  if (schema.ok && !schema.orc_types.empty()) {
    AppendTree(schema, &out);
    return out;
  }
  AppendFlat(schema, &out);
  out.append(
      "# broken type tree: the types do not form one tree in pre-order; "
      "they are listed flat (colcheck validate says why)\n");
  return out;
}

void WriteOrcSchemaJson(const Schema& schema, JsonWriter* json) {
  json->Key("schema").Null();
  json->Key("types").BeginArray();
  for (size_t id = 0; id < schema.orc_types.size(); ++id) {
    WriteTypeJson(schema.orc_types[id], id, json);
  }
  json->EndArray();
}

}  // namespace colcheck
