#include "reports/rows.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "reports/json.h"
#include "reports/text.h"
#include "reports/values.h"

namespace colcheck {
namespace {

// The canonical text of a scalar (rows.h), before any JSON quoting.
std::string ScalarText(const Value& value) {
  switch (value.kind) {
    case ValueKind::kFloat: {
      std::string text = ValueText(value);
      // ValueText's "-0" would read back as the integer 0.
      return text == "-0" ? "-0.0" : text;
    }
    case ValueKind::kTime:
      return ZonedTimeText(value);
    case ValueKind::kString:
      return value.text;
    case ValueKind::kBytes:
      return Base64(value.text);
    default:
      return ValueText(value);
  }
}

// As WriteValueJson (reports/values.h), but with the canonical text where
// rows differ from statistics: -0.0, zoned times, base64 bytes.
void WriteScalarJson(const Value& value, JsonWriter* json) {
  switch (value.kind) {
    case ValueKind::kFloat:
      if (std::isfinite(value.number)) {
        json->Written(ScalarText(value));
        return;
      }
      break;
    case ValueKind::kTime:
    case ValueKind::kBytes:
      json->String(ScalarText(value));
      return;
    default:
      break;
  }
  WriteValueJson(value, json);
}

// Appends `text` as one CSV field, quoted when it must be (rows.h):
// `empty_quoted` for a value, whose empty text is not a null's.
void AppendCsvField(std::string_view text, bool empty_quoted,
                    std::string* out) {
  const bool quoted = (text.empty() && empty_quoted) ||
                      text.find_first_of(",\"\r\n") != std::string_view::npos;
  if (!quoted) {
    out->append(text);
    return;
  }
  out->push_back('"');
  for (const char c : text) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

std::vector<std::string_view> FieldNames(const Cell& row) {
  std::vector<std::string_view> names;
  names.reserve(row.items.size());
  for (const Cell& item : row.items) names.push_back(item.name);
  return names;
}

void WriteStopJson(const RowsStop& stop, JsonWriter* json) {
  if (!stop.stopped) {
    json->Null();
    return;
  }
  json->BeginObject();
  json->Key("group").IntOrNull(stop.group);
  json->Key("column").StringOrNull(stop.column);
  // An empty span is one RowsStop does not know.
  if (stop.length > 0) {
    json->Key("offset").Uint(stop.offset);
    json->Key("length").Uint(stop.length);
  } else {
    json->Key("offset").Null();
    json->Key("length").Null();
  }
  json->Key("reason").String(stop.reason);
  json->Key("cause");
  if (stop.cause) {
    WriteJsonDiagnostic(*stop.cause, json);
  } else {
    json->Null();
  }
  json->EndObject();
}

}  // namespace

void WriteCellJson(const Cell& cell, JsonWriter* json) {
  switch (cell.kind) {
    case Cell::Kind::kNull:
      json->Null();
      return;
    case Cell::Kind::kValue:
      WriteScalarJson(cell.value, json);
      return;
    case Cell::Kind::kList:
      json->BeginArray();
      for (const Cell& item : cell.items) WriteCellJson(item, json);
      json->EndArray();
      return;
    case Cell::Kind::kStruct:
      json->BeginObject();
      for (const Cell& item : cell.items) {
        json->Key(item.name);
        WriteCellJson(item, json);
      }
      json->EndObject();
      return;
  }
}

std::string CellJson(const Cell& cell) {
  std::string out;
  JsonWriter json(&out);
  WriteCellJson(cell, &json);
  return out;
}

std::string CellText(const Cell& cell) {
  switch (cell.kind) {
    case Cell::Kind::kNull:
      return "";
    case Cell::Kind::kValue:
      return ScalarText(cell.value);
    case Cell::Kind::kList:
    case Cell::Kind::kStruct:
      return CellJson(cell);
  }
  return "";
}

std::string Base64(std::string_view bytes) {
  static constexpr char kAlphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  for (size_t i = 0; i < bytes.size(); i += 3) {
    const size_t n = std::min<size_t>(3, bytes.size() - i);
    uint32_t group = 0;
    for (size_t j = 0; j < 3; ++j) {
      const auto byte = j < n ? static_cast<unsigned char>(bytes[i + j]) : 0;
      group = group << 8 | byte;
    }
    // n bytes give n + 1 characters; '=' pads the group to four.
    for (size_t j = 0; j < 4; ++j) {
      out.push_back(j <= n ? kAlphabet[(group >> (18 - 6 * j)) & 63] : '=');
    }
  }
  return out;
}

RowsRenderer::RowsRenderer(RowsFormat rows_format, std::string_view path,
                           Format format, std::string* out)
    : rows_format_(rows_format),
      path_(path),
      format_(format),
      out_(out),
      json_(out) {}

void RowsRenderer::Begin(std::span<const std::string_view> fields,
                         Format format) {
  begun_ = true;
  switch (rows_format_) {
    case RowsFormat::kJsonl:
      return;
    case RowsFormat::kCsv:
      // No header at all for no fields: an empty line would be a record.
      for (size_t i = 0; i < fields.size(); ++i) {
        if (i > 0) out_->push_back(',');
        AppendCsvField(fields[i], /*empty_quoted=*/true, out_);
      }
      if (!fields.empty()) out_->append("\r\n");
      return;
    case RowsFormat::kJson:
      BeginJsonDocument(&json_);
      json_.Key("file").String(path_);
      json_.Key("format").String(FormatName(format));
      json_.Key("fields").BeginArray();
      for (const std::string_view field : fields) json_.String(field);
      json_.EndArray();
      json_.Key("rows").BeginArray();
      return;
  }
}

void RowsRenderer::Row(const Cell& row) {
  if (!begun_) Begin(FieldNames(row), format_);
  switch (rows_format_) {
    case RowsFormat::kJsonl: {
      JsonWriter line(out_);
      WriteCellJson(row, &line);
      out_->push_back('\n');
      return;
    }
    case RowsFormat::kCsv:
      for (size_t i = 0; i < row.items.size(); ++i) {
        if (i > 0) out_->push_back(',');
        const Cell& item = row.items[i];
        AppendCsvField(CellText(item), item.kind != Cell::Kind::kNull, out_);
      }
      out_->append("\r\n");
      return;
    case RowsFormat::kJson:
      // A row a line, so that the document reads and diffs by row.
      json_.LineBreak();
      WriteCellJson(row, &json_);
      return;
  }
}

void RowsRenderer::Finish(const RowsResult& result) {
  if (!begun_) {
    const std::vector<std::string_view> fields(result.fields.begin(),
                                               result.fields.end());
    Begin(fields, result.format);
  }
  if (rows_format_ != RowsFormat::kJson) return;
  // The last row's line ends before the bracket, as the others do.
  if (result.rows > 0) json_.LineBreak();
  json_.EndArray().LineBreak();
  json_.Key("rows_read").Uint(result.rows);
  json_.Key("total_rows").IntOrNull(result.total_rows);
  json_.Key("complete").Bool(!result.stop.stopped);
  json_.Key("stop");
  WriteStopJson(result.stop, &json_);
  json_.EndObject();
  out_->push_back('\n');
}

std::string RowsStopLine(std::string_view path, const RowsResult& result) {
  const RowsStop& stop = result.stop;
  if (!stop.stopped) return "";
  std::string line = "colcheck: " + EscapedText(path) + ": read " +
                     Plural(result.rows, "row", "rows") + "; stopped";
  if (stop.group >= 0) {
    line += result.format == Format::kOrc ? " in stripe " : " in row group ";
    line += std::to_string(stop.group);
  }
  if (!stop.column.empty()) {
    line += " at column \"" + EscapedText(stop.column) + "\"";
  }
  if (stop.length > 0) {
    line += " (bytes " + std::to_string(stop.offset) + ".." +
            std::to_string(stop.offset + stop.length) + ")";
  }
  line += ": " + EscapedText(stop.reason);
  if (stop.cause) {
    line += " (" + std::string(Info(stop.cause->code).name) + ": " +
            EscapedText(stop.cause->message) + ")";
  }
  return line;
}

}  // namespace colcheck
