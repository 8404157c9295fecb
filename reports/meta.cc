#include "reports/meta.h"

#include <cstdint>
#include <string>

#include "core/strings.h"
#include "reports/json.h"
#include "reports/json_writer.h"
#include "reports/schema.h"
#include "reports/values.h"

namespace colcheck {
namespace {

// An enum value as its name, or its number when the enum lacks it.
std::string EnumText(std::string_view name, int64_t value) {
  return name.empty() ? std::to_string(value) : std::string(name);
}

std::string StringText(std::string_view text) { return EscapedText(text); }

// ", name value" when the count is known.
void AppendCount(std::string_view name, int64_t value, std::string* out) {
  if (value >= 0) *out += StrCat(", ", name, " ", value);
}

std::string EncodingsText(const std::vector<int32_t>& encodings) {
  std::string out;
  for (const int32_t e : encodings) {
    if (!out.empty()) out += " ";
    out += EnumText(EncodingName(e), e);
  }
  return out.empty() ? "no encodings" : out;
}

void WriteHead(std::string_view path, const Inspection& in, bool orc,
               std::string* out) {
  *out += "file: " + StringText(path) + "\n";
  if (orc) {
    std::string version;
    for (const uint32_t part : in.orc.version) {
      version += (version.empty() ? "" : ".") + std::to_string(part);
    }
    *out += "format: orc" + (version.empty() ? "" : " " + version);
    if (in.orc.compression >= 0) {
      *out += ", " + EnumText(OrcCompressionKindName(in.orc.compression),
                              in.orc.compression);
      if (in.orc.compression_block_size >= 0) {
        *out += StrCat(" (blocks of ", in.orc.compression_block_size, ")");
      }
    }
    if (in.orc.writer_version >= 0) {
      *out += StrCat(", writer version ", in.orc.writer_version);
    }
    *out += "\n";
  } else {
    *out += "format: parquet";
    if (in.version >= 0) *out += StrCat(", version ", in.version);
    *out += "\n";
  }
  if (!in.created_by.empty()) {
    *out += "created by: " + StringText(in.created_by) + "\n";
  }
  const size_t containers =
      orc ? in.layout.stripes.size() : in.layout.row_groups.size();
  const size_t columns =
      orc ? in.schema.orc_types.size() : in.schema.leaves.size();
  *out += StrCat(
      "rows: ",
      in.num_rows < 0 ? std::string("unknown") : std::to_string(in.num_rows),
      ", ", orc ? "stripes" : "row groups", ": ", containers,
      ", columns: ", columns);
  if (orc && in.orc.row_index_stride >= 0) {
    *out += StrCat(", row index stride ", in.orc.row_index_stride);
  }
  *out += "\n";
  const auto& kv = in.key_value_metadata;
  if (!kv.empty()) {
    *out += StrCat(orc ? "user metadata (" : "key-value metadata (", kv.size(),
                   "):\n");
    for (const auto& [key, value] : kv) {
      *out += "  " + StringText(key) + " = " + StringText(value) + "\n";
    }
  }
}

void Indented(std::string_view text, std::string* out) {
  while (!text.empty()) {
    const size_t newline = text.find('\n');
    *out += "  " + std::string(text.substr(0, newline)) + "\n";
    if (newline == std::string_view::npos) break;
    text.remove_prefix(newline + 1);
  }
}

void WriteChunkText(const ChunkExtent& c, std::string* out) {
  *out += StrCat("  column ", c.column, " ", StringText(c.path), ": ",
                 EnumText(PhysicalTypeName(c.physical), c.physical), ", ",
                 c.codec < 0 ? std::string("no codec")
                             : EnumText(CodecName(c.codec), c.codec),
                 ", ", EncodingsText(c.encodings));
  AppendCount("values", c.num_values, out);
  AppendCount("compressed bytes", c.compressed_size, out);
  AppendCount("uncompressed bytes", c.uncompressed_size, out);
  *out += "\n    offsets:";
  std::string offsets;
  AppendCount("dictionary page", c.dictionary_page_offset, &offsets);
  AppendCount("data page", c.data_page_offset, &offsets);
  AppendCount("column index", c.column_index_offset, &offsets);
  AppendCount("offset index", c.offset_index_offset, &offsets);
  AppendCount("bloom filter", c.bloom_filter_offset, &offsets);
  *out += offsets.empty() ? " none" : " " + offsets.substr(2);
  if (!c.file_path.empty()) *out += ", in file " + StringText(c.file_path);
  if (c.encrypted) *out += ", encrypted";
  *out += "\n";
  if (c.statistics.present) {
    *out += "    statistics: " + StatisticsText(c.statistics) + "\n";
  }
}

void WriteParquetText(const Inspection& in, std::string* out) {
  const auto& chunks = in.layout.chunks;
  size_t next = 0;
  for (const RowGroupExtent& rg : in.layout.row_groups) {
    *out += StrCat("row group ", rg.row_group, ":");
    std::string fields;
    AppendCount("rows", rg.num_rows, &fields);
    if (rg.length > 0) {
      fields += StrCat(", offset ", rg.offset, ", ", rg.length, " bytes");
    }
    AppendCount("total_byte_size", rg.total_byte_size, &fields);
    AppendCount("total_compressed_size", rg.total_compressed_size, &fields);
    *out += (fields.empty() ? "" : " " + fields.substr(2)) + "\n";
    for (; next < chunks.size() && chunks[next].row_group == rg.row_group;
         ++next) {
      WriteChunkText(chunks[next], out);
    }
  }
}

// "column 3 a.b (bigint)"
std::string OrcColumnText(const Inspection& in, size_t id) {
  std::string out = StrCat("column ", id);
  if (id < in.schema.orc_types.size()) {
    const OrcType& type = in.schema.orc_types[id];
    if (!type.path.empty()) out += " " + StringText(type.path);
    out += " (" + OrcTypeName(type) + ")";
  }
  return out;
}

void WriteOrcStatisticsText(const Inspection& in,
                            const std::vector<ColumnStatistics>& stats,
                            std::string_view indent, std::string* out) {
  for (size_t id = 0; id < stats.size(); ++id) {
    *out += StrCat(indent, OrcColumnText(in, id), ": ",
                   StatisticsText(stats[id]), "\n");
  }
}

void WriteOrcText(const Inspection& in, std::string* out) {
  if (!in.orc.statistics.empty()) {
    *out += "file statistics:\n";
    WriteOrcStatisticsText(in, in.orc.statistics, "  ", out);
  }
  for (const StripeExtent& s : in.layout.stripes) {
    *out += StrCat("stripe ", s.stripe, ":");
    std::string fields;
    AppendCount("rows", s.num_rows, &fields);
    fields += StrCat(", offset ", s.offset, ", ", s.length, " bytes (index ",
                     s.index_length, ", data ", s.data_length, ", footer ",
                     s.footer_length, ")");
    AppendCount("streams", s.streams, &fields);
    if (!s.writer_timezone.empty()) {
      fields += ", time zone " + StringText(s.writer_timezone);
    }
    *out += " " + fields.substr(2) + "\n";
    if (!s.encodings.empty()) {
      *out += "  encodings:";
      for (size_t id = 0; id < s.encodings.size(); ++id) {
        *out += StrCat(
            id == 0 ? " " : ", ", id, " ",
            EnumText(OrcEncodingKindName(s.encodings[id]), s.encodings[id]));
      }
      *out += "\n";
    }
    if (!s.statistics.empty()) {
      *out += "  statistics:\n";
      WriteOrcStatisticsText(in, s.statistics, "    ", out);
    }
  }
}

// ---- JSON -------------------------------------------------------------------

void WriteKeyValuesJson(const Inspection& in, JsonWriter* json) {
  json->Key("key_value_metadata").BeginArray();
  for (const auto& [key, value] : in.key_value_metadata) {
    json->BeginObject().Key("key").String(key).Key("value").String(value);
    json->EndObject();
  }
  json->EndArray();
}

void WriteChunkJson(const ChunkExtent& c, JsonWriter* json) {
  json->BeginObject();
  json->Key("column").Int(c.column).Key("path").String(c.path);
  json->Key("physical").Enum(c.physical, PhysicalTypeName(c.physical));
  json->Key("codec").Enum(c.codec, CodecName(c.codec));
  json->Key("encodings").BeginArray();
  for (const int32_t e : c.encodings) json->Enum(e, EncodingName(e));
  json->EndArray();
  json->Key("num_values").IntOrNull(c.num_values);
  json->Key("compressed_size").IntOrNull(c.compressed_size);
  json->Key("uncompressed_size").IntOrNull(c.uncompressed_size);
  json->Key("data_page_offset").IntOrNull(c.data_page_offset);
  json->Key("dictionary_page_offset").IntOrNull(c.dictionary_page_offset);
  json->Key("column_index_offset").IntOrNull(c.column_index_offset);
  json->Key("column_index_length").IntOrNull(c.column_index_length);
  json->Key("offset_index_offset").IntOrNull(c.offset_index_offset);
  json->Key("offset_index_length").IntOrNull(c.offset_index_length);
  json->Key("bloom_filter_offset").IntOrNull(c.bloom_filter_offset);
  json->Key("bloom_filter_length").IntOrNull(c.bloom_filter_length);
  json->Key("file_path").StringOrNull(c.file_path);
  json->Key("encrypted").Bool(c.encrypted);
  json->Key("statistics");
  WriteStatisticsJson(c.statistics, json);
  json->EndObject();
}

void WriteParquetJson(const Inspection& in, JsonWriter* json) {
  json->Key("version").IntOrNull(in.version);
  json->Key("columns").BeginArray();
  for (const int32_t leaf : in.schema.leaves) {
    if (leaf < 0 || static_cast<size_t>(leaf) >= in.schema.fields.size()) {
      continue;
    }
    const SchemaField& f = in.schema.fields[leaf];
    json->BeginObject().Key("column").Int(f.column).Key("path").String(f.path);
    json->Key("physical").Enum(f.physical, PhysicalTypeName(f.physical));
    json->Key("annotation").StringOrNull(SchemaAnnotation(f));
    json->EndObject();
  }
  json->EndArray();
  json->Key("row_groups").BeginArray();
  size_t next = 0;
  const auto& chunks = in.layout.chunks;
  for (const RowGroupExtent& rg : in.layout.row_groups) {
    json->BeginObject().Key("row_group").Int(rg.row_group);
    json->Key("num_rows").IntOrNull(rg.num_rows);
    json->Key("offset").Uint(rg.offset).Key("length").Uint(rg.length);
    json->Key("total_byte_size").IntOrNull(rg.total_byte_size);
    json->Key("total_compressed_size").IntOrNull(rg.total_compressed_size);
    json->Key("columns").BeginArray();
    for (; next < chunks.size() && chunks[next].row_group == rg.row_group;
         ++next) {
      WriteChunkJson(chunks[next], json);
    }
    json->EndArray().EndObject();
  }
  json->EndArray();
}

void WriteOrcStatisticsJson(const std::vector<ColumnStatistics>& stats,
                            JsonWriter* json) {
  json->BeginArray();
  for (const ColumnStatistics& s : stats) WriteStatisticsJson(s, json);
  json->EndArray();
}

void WriteOrcJson(const Inspection& in, JsonWriter* json) {
  const OrcFileInfo& orc = in.orc;
  std::string version;
  for (const uint32_t part : orc.version) {
    version += (version.empty() ? "" : ".") + std::to_string(part);
  }
  json->Key("orc").BeginObject();
  json->Key("version").StringOrNull(version);
  json->Key("compression")
      .Enum(orc.compression, OrcCompressionKindName(orc.compression));
  json->Key("compression_block_size").IntOrNull(orc.compression_block_size);
  json->Key("writer_version").IntOrNull(orc.writer_version);
  json->Key("writer").IntOrNull(orc.writer);
  json->Key("row_index_stride").IntOrNull(orc.row_index_stride);
  json->Key("calendar").IntOrNull(orc.calendar);
  json->EndObject();
  json->Key("types").BeginArray();
  for (size_t id = 0; id < in.schema.orc_types.size(); ++id) {
    const OrcType& t = in.schema.orc_types[id];
    json->BeginObject().Key("id").Uint(id).Key("path").String(t.path);
    json->Key("type").String(OrcTypeName(t)).EndObject();
  }
  json->EndArray();
  json->Key("statistics");
  WriteOrcStatisticsJson(orc.statistics, json);
  json->Key("stripes").BeginArray();
  for (const StripeExtent& s : in.layout.stripes) {
    json->BeginObject().Key("stripe").Int(s.stripe);
    json->Key("num_rows").IntOrNull(s.num_rows);
    json->Key("offset").Uint(s.offset).Key("length").Uint(s.length);
    json->Key("index_length").Uint(s.index_length);
    json->Key("data_length").Uint(s.data_length);
    json->Key("footer_length").Uint(s.footer_length);
    json->Key("writer_timezone").StringOrNull(s.writer_timezone);
    json->Key("encodings").BeginArray();
    for (const int64_t e : s.encodings) json->Enum(e, OrcEncodingKindName(e));
    json->EndArray();
    json->Key("statistics");
    WriteOrcStatisticsJson(s.statistics, json);
    json->EndObject();
  }
  json->EndArray();
}

}  // namespace

std::string RenderMetaText(std::string_view path,
                           const Inspection& inspection) {
  const bool orc = inspection.schema.kind == SchemaKind::kOrcTypes;
  std::string out;
  WriteHead(path, inspection, orc, &out);
  out += "schema:\n";
  Indented(orc ? RenderOrcSchemaText(inspection.schema)
               : RenderSchemaText(inspection.schema),
           &out);
  if (orc) {
    WriteOrcText(inspection, &out);
  } else {
    WriteParquetText(inspection, &out);
  }
  return out;
}

std::string RenderMetaJson(std::string_view path,
                           const Inspection& inspection) {
  const bool orc = inspection.schema.kind == SchemaKind::kOrcTypes;
  std::string out;
  JsonWriter json(&out);
  BeginJsonFileDocument(path, inspection.report, &json);
  json.Key("num_rows").IntOrNull(inspection.num_rows);
  json.Key("created_by").StringOrNull(inspection.created_by);
  WriteKeyValuesJson(inspection, &json);
  if (orc) {
    WriteOrcJson(inspection, &json);
  } else {
    WriteParquetJson(inspection, &json);
  }
  json.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace colcheck
