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

void AppendStringOrNull(std::string_view value, std::string* out) {
  if (value.empty()) {
    out->append("null");
  } else {
    AppendJsonString(value, out);
  }
}

void AppendCountOrNull(bool data, int64_t value, std::string* out) {
  out->append(data && value >= 0 ? std::to_string(value) : "null");
}

void AppendColumnJson(const SchemaField* f, const ColumnPlan& c, bool data,
                      std::string* out) {
  out->push_back('{');
  AppendJsonKey("column", out);
  out->append(std::to_string(c.column)).push_back(',');
  AppendJsonKey("path", out);
  AppendJsonString(c.path, out);
  out->push_back(',');
  AppendJsonKey("physical", out);
  if (f == nullptr || f->physical < 0) {
    out->append("null");
  } else if (PhysicalTypeName(f->physical).empty()) {
    out->append(std::to_string(f->physical));
  } else {
    AppendJsonString(PhysicalTypeName(f->physical), out);
  }
  out->push_back(',');
  AppendJsonKey("type_length", out);
  out->append(f != nullptr && f->type_length >= 0
                  ? std::to_string(f->type_length)
                  : "null");
  out->push_back(',');
  AppendJsonKey("annotation", out);
  AppendStringOrNull(f != nullptr ? SchemaAnnotation(*f) : "", out);
  out->push_back(',');
  AppendJsonKey("max_definition_level", out);
  out->append(std::to_string(f != nullptr ? f->max_definition_level : 0));
  out->push_back(',');
  AppendJsonKey("max_repetition_level", out);
  out->append(std::to_string(f != nullptr ? f->max_repetition_level : 0));
  out->push_back(',');
  AppendJsonKey("readers", out);
  out->push_back('{');
  AppendJsonKey("arrow", out);
  AppendJsonString(c.readers.arrow, out);
  out->push_back(',');
  AppendJsonKey("pandas", out);
  AppendJsonString(c.readers.pandas, out);
  out->push_back(',');
  AppendJsonKey("r", out);
  AppendJsonString(c.readers.r, out);
  out->push_back(',');
  AppendJsonKey("js", out);
  AppendJsonString(c.readers.js, out);
  out->append("},");
  AppendJsonKey("values", out);
  AppendCountOrNull(data, c.values, out);
  out->push_back(',');
  AppendJsonKey("counted", out);
  out->append(data ? (c.counted ? "true" : "false") : "null");
  out->push_back(',');
  AppendJsonKey("hazards", out);
  out->push_back('[');
  for (size_t i = 0; i < c.hazards.size(); ++i) {
    const Hazard& h = c.hazards[i];
    if (i > 0) out->push_back(',');
    out->push_back('{');
    AppendJsonKey("id", out);
    AppendJsonString(HazardName(h.kind), out);
    out->push_back(',');
    AppendJsonKey("summary", out);
    AppendJsonString(HazardSummary(h.kind), out);
    out->push_back(',');
    AppendJsonKey("count_rule", out);
    AppendJsonString(HazardCountRule(h.kind), out);
    out->push_back(',');
    AppendJsonKey("affected", out);
    AppendCountOrNull(data, h.affected, out);
    out->push_back('}');
  }
  out->append("]}");
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
  AppendJsonFileDocumentStart(path, inspection.report, &out);
  AppendJsonKey("data", &out);
  out.append(data ? "true" : "false");
  out.push_back(',');
  AppendJsonKey("columns", &out);
  out.push_back('[');
  for (size_t i = 0; i < plan.columns.size(); ++i) {
    if (i > 0) out.push_back(',');
    AppendColumnJson(FieldOf(inspection, plan.columns[i]), plan.columns[i],
                     data, &out);
  }
  out.append("]}\n");
  return out;
}

}  // namespace colcheck
