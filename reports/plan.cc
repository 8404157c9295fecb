#include "reports/plan.h"

#include <string>

#include "reports/json.h"
#include "reports/schema.h"

namespace colcheck {
namespace {

const SchemaField* FieldOf(const Inspection& inspection,
                           const ColumnPlan& column) {
  const auto& fields = inspection.schema.fields;
  if (column.field < 0 || static_cast<size_t>(column.field) >= fields.size()) {
    return nullptr;
  }
  return &fields[column.field];
}

void AppendColumnText(const SchemaField* f, const ColumnPlan& c, bool data,
                      std::string* out) {
  out->append("column ").append(std::to_string(c.column)).append(": ");
  out->append(SchemaFieldName(c.path));
  if (f != nullptr) {
    out->append("  ").append(SchemaPhysicalName(*f));
    const std::string annotation = SchemaAnnotation(*f);
    if (!annotation.empty()) out->append(" ").append(annotation);
    out->append("  def ")
        .append(std::to_string(f->max_definition_level))
        .append(", rep ")
        .append(std::to_string(f->max_repetition_level));
  }
  out->push_back('\n');
  const std::pair<std::string_view, const std::string*> readers[] = {
      {"arrow ", &c.readers.arrow},
      {"pandas", &c.readers.pandas},
      {"r     ", &c.readers.r},
      {"js    ", &c.readers.js}};
  for (const auto& [name, type] : readers) {
    out->append("  ").append(name).append("  ").append(*type).push_back('\n');
  }
  for (const Hazard& h : c.hazards) {
    out->append("  ! ").append(HazardName(h.kind)).append(": ");
    if (data && h.affected >= 0) {
      out->append(std::to_string(h.affected))
          .append(" of ")
          .append(std::to_string(c.values))
          .append(c.values == 1 ? " value" : " values")
          .append(c.counted ? "" : " (at least)")
          .append(": ");
    }
    out->append(HazardSummary(h.kind)).push_back('\n');
  }
}

void WriteHazardJson(const Hazard& h, bool data, JsonWriter* json) {
  json->BeginObject();
  json->Key("id").String(HazardName(h.kind));
  json->Key("summary").String(HazardSummary(h.kind));
  json->Key("count_rule").String(HazardCountRule(h.kind));
  // Counts come from the data walk: null when it did not run.
  json->Key("affected").IntOrNull(data ? h.affected : -1);
  json->EndObject();
}

void WriteColumnJson(const SchemaField* f, const ColumnPlan& c, bool data,
                     JsonWriter* json) {
  json->BeginObject();
  json->Key("column").Int(c.column);
  json->Key("path").String(c.path);
  // Without its schema field, a column's types read as unset.
  const int32_t physical = f != nullptr ? f->physical : -1;
  json->Key("physical").Enum(physical, PhysicalTypeName(physical));
  json->Key("type_length").IntOrNull(f != nullptr ? f->type_length : -1);
  json->Key("annotation")
      .StringOrNull(f != nullptr ? SchemaAnnotation(*f) : "");
  json->Key("max_definition_level")
      .Int(f != nullptr ? f->max_definition_level : 0);
  json->Key("max_repetition_level")
      .Int(f != nullptr ? f->max_repetition_level : 0);
  json->Key("readers").BeginObject();
  json->Key("arrow").String(c.readers.arrow);
  json->Key("pandas").String(c.readers.pandas);
  json->Key("r").String(c.readers.r);
  json->Key("js").String(c.readers.js);
  json->EndObject();
  json->Key("values").IntOrNull(data ? c.values : -1);
  json->Key("counted");
  if (data) {
    json->Bool(c.counted);
  } else {
    json->Null();
  }
  json->Key("hazards").BeginArray();
  for (const Hazard& h : c.hazards) WriteHazardJson(h, data, json);
  json->EndArray();
  json->EndObject();
}

}  // namespace

std::string RenderPlanText(const Inspection& inspection, const ReadPlan& plan,
                           bool data) {
  std::string out;
  for (size_t i = 0; i < plan.columns.size(); ++i) {
    if (i > 0) out.push_back('\n');
    AppendColumnText(FieldOf(inspection, plan.columns[i]), plan.columns[i],
                     data, &out);
  }
  return out;
}

std::string RenderPlanJson(std::string_view path, const Inspection& inspection,
                           const ReadPlan& plan, bool data) {
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("data").Bool(data);
  json.Key("columns").BeginArray();
  for (const ColumnPlan& column : plan.columns) {
    WriteColumnJson(FieldOf(inspection, column), column, data, &json);
  }
  json.EndArray().EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
