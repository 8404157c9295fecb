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

void AppendKey(std::string_view key, std::string* out) {
  AppendJsonString(key, out);
  out->push_back(':');
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
  AppendKey("column", out);
  out->append(std::to_string(c.column)).push_back(',');
  AppendKey("path", out);
  AppendJsonString(c.path, out);
  out->push_back(',');
  AppendKey("physical", out);
  if (f == nullptr || f->physical < 0) {
    out->append("null");
  } else if (PhysicalTypeName(f->physical).empty()) {
    out->append(std::to_string(f->physical));
  } else {
    AppendJsonString(PhysicalTypeName(f->physical), out);
  }
  out->push_back(',');
  AppendKey("type_length", out);
  out->append(f != nullptr && f->type_length >= 0
                  ? std::to_string(f->type_length)
                  : "null");
  out->push_back(',');
  AppendKey("annotation", out);
  AppendStringOrNull(f != nullptr ? SchemaAnnotation(*f) : "", out);
  out->push_back(',');
  AppendKey("max_definition_level", out);
  out->append(std::to_string(f != nullptr ? f->max_definition_level : 0));
  out->push_back(',');
  AppendKey("max_repetition_level", out);
  out->append(std::to_string(f != nullptr ? f->max_repetition_level : 0));
  out->push_back(',');
  AppendKey("readers", out);
  out->push_back('{');
  AppendKey("arrow", out);
  AppendJsonString(c.readers.arrow, out);
  out->push_back(',');
  AppendKey("pandas", out);
  AppendJsonString(c.readers.pandas, out);
  out->push_back(',');
  AppendKey("r", out);
  AppendJsonString(c.readers.r, out);
  out->push_back(',');
  AppendKey("js", out);
  AppendJsonString(c.readers.js, out);
  out->append("},");
  AppendKey("values", out);
  AppendCountOrNull(data, c.values, out);
  out->push_back(',');
  AppendKey("counted", out);
  out->append(data ? (c.counted ? "true" : "false") : "null");
  out->push_back(',');
  AppendKey("hazards", out);
  out->push_back('[');
  for (size_t i = 0; i < c.hazards.size(); ++i) {
    const Hazard& h = c.hazards[i];
    if (i > 0) out->push_back(',');
    out->push_back('{');
    AppendKey("id", out);
    AppendJsonString(HazardName(h.kind), out);
    out->push_back(',');
    AppendKey("summary", out);
    AppendJsonString(HazardSummary(h.kind), out);
    out->push_back(',');
    AppendKey("count_rule", out);
    AppendJsonString(HazardCountRule(h.kind), out);
    out->push_back(',');
    AppendKey("affected", out);
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
  std::string out = "{";
  AppendKey("tool", &out);
  AppendJsonString("colcheck", &out);
  out.push_back(',');
  AppendKey("version", &out);
  AppendJsonString(kVersion, &out);
  out.push_back(',');
  AppendKey("path", &out);
  AppendJsonString(path, &out);
  out.push_back(',');
  AppendKey("format", &out);
  AppendJsonString(FormatName(inspection.report.format), &out);
  out.push_back(',');
  AppendKey("verdict", &out);
  AppendJsonString(VerdictName(inspection.report.verdict), &out);
  out.push_back(',');
  AppendKey("data", &out);
  out.append(data ? "true" : "false");
  out.push_back(',');
  AppendKey("columns", &out);
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
