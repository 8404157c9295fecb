// What the decoded footer says, in the public inspection model: the names
// of parquet.thrift's enum values, the schema placed in its tree, and one
// summary per leaf column over all row groups.

#include <algorithm>
#include <charconv>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "inspect/inspect_internal.h"
#include "orc/metadata.h"
#include "orc/types.h"

namespace colcheck {
namespace {

// The IDL's names, indexed by value; "" marks a value the enum lacks.
template <size_t N>
std::string_view Lookup(const std::string_view (&names)[N], int32_t value) {
  if (value < 0 || static_cast<size_t>(value) >= N) return "";
  return names[value];
}

constexpr std::string_view kConvertedTypes[] = {"UTF8",
                                                "MAP",
                                                "MAP_KEY_VALUE",
                                                "LIST",
                                                "ENUM",
                                                "DECIMAL",
                                                "DATE",
                                                "TIME_MILLIS",
                                                "TIME_MICROS",
                                                "TIMESTAMP_MILLIS",
                                                "TIMESTAMP_MICROS",
                                                "UINT_8",
                                                "UINT_16",
                                                "UINT_32",
                                                "UINT_64",
                                                "INT_8",
                                                "INT_16",
                                                "INT_32",
                                                "INT_64",
                                                "JSON",
                                                "BSON",
                                                "INTERVAL"};
constexpr std::string_view kRepetitions[] = {"REQUIRED", "OPTIONAL",
                                             "REPEATED"};
constexpr std::string_view kEncodings[] = {"PLAIN",
                                           "",
                                           "PLAIN_DICTIONARY",
                                           "RLE",
                                           "BIT_PACKED",
                                           "DELTA_BINARY_PACKED",
                                           "DELTA_LENGTH_BYTE_ARRAY",
                                           "DELTA_BYTE_ARRAY",
                                           "RLE_DICTIONARY",
                                           "BYTE_STREAM_SPLIT"};
constexpr std::string_view kCodecs[] = {"UNCOMPRESSED", "SNAPPY", "GZIP",
                                        "LZO",          "BROTLI", "LZ4",
                                        "ZSTD",         "LZ4_RAW"};
template <size_t N>
std::string_view Lookup64(const std::string_view (&names)[N], int64_t value) {
  if (value < 0 || static_cast<uint64_t>(value) >= N) return "";
  return names[value];
}

constexpr std::string_view kPageTypes[] = {"DATA_PAGE", "INDEX_PAGE",
                                           "DICTIONARY_PAGE", "DATA_PAGE_V2"};
constexpr std::string_view kRegionKinds[] = {"magic",
                                             "dictionary-page",
                                             "data-page",
                                             "data-page-v2",
                                             "index-page",
                                             "chunk-rest",
                                             "column-index",
                                             "offset-index",
                                             "bloom-filter",
                                             "footer",
                                             "footer-signature",
                                             "footer-length",
                                             "tail-magic",
                                             "gap",
                                             "orc-magic",
                                             "index-stream",
                                             "data-stream",
                                             "stripe-rest",
                                             "stripe-footer",
                                             "encrypted-stripe-statistics",
                                             "metadata",
                                             "orc-footer",
                                             "postscript",
                                             "pslen"};
// orc_proto.proto's enums; the ORC values are int64 in the model.
constexpr std::string_view kOrcStreamKinds[] = {"PRESENT",
                                                "DATA",
                                                "LENGTH",
                                                "DICTIONARY_DATA",
                                                "DICTIONARY_COUNT",
                                                "SECONDARY",
                                                "ROW_INDEX",
                                                "BLOOM_FILTER",
                                                "BLOOM_FILTER_UTF8",
                                                "ENCRYPTED_INDEX",
                                                "ENCRYPTED_DATA"};
constexpr std::string_view kOrcEncodingKinds[] = {"DIRECT", "DICTIONARY",
                                                  "DIRECT_V2", "DICTIONARY_V2"};
constexpr std::string_view kOrcCompressionKinds[] = {
    "NONE", "ZLIB", "SNAPPY", "LZO", "LZ4", "ZSTD", "BROTLI"};
// LogicalType union member ids (parquet/metadata.h LogicalTypeId).
constexpr std::string_view kLogicalTypes[] = {
    "",     "STRING",    "MAP",     "LIST",     "ENUM",      "DECIMAL", "DATE",
    "TIME", "TIMESTAMP", "",        "INTEGER",  "UNKNOWN",   "JSON",    "BSON",
    "UUID", "FLOAT16",   "VARIANT", "GEOMETRY", "GEOGRAPHY", "VECTOR"};
constexpr std::string_view kTimeUnits[] = {"", "MILLIS", "MICROS", "NANOS"};

template <typename T>
int32_t OrUnset(const Spanned<T>& field) {
  return field.present ? static_cast<int32_t>(field.value) : -1;
}

LogicalTypeInfo MakeLogical(const Spanned<parquet::LogicalType>& field) {
  LogicalTypeInfo info;
  if (!field.present) return info;
  const parquet::LogicalType& t = field.value;
  info.name = Lookup(kLogicalTypes, t.id);
  switch (t.id) {
    case parquet::kLogicalInteger:
      info.bit_width = t.integer.bit_width.value;
      info.is_signed = t.integer.is_signed.value;
      break;
    case parquet::kLogicalDecimal:
      info.precision = t.decimal.precision.value;
      info.scale = t.decimal.scale.value;
      break;
    case parquet::kLogicalTime:
    case parquet::kLogicalTimestamp:
      info.unit = Lookup(kTimeUnits, t.time.unit.value);
      info.adjusted_to_utc = t.time.is_adjusted_to_utc.value;
      break;
    default:
      break;
  }
  return info;
}

std::string Joined(const std::vector<std::string_view>& names) {
  std::string out;
  for (std::string_view n : names) {
    if (!out.empty()) out.push_back('.');
    out.append(n);
  }
  return out;
}

// Footer counts are hostile: sums saturate rather than overflow.
template <typename T>
void AddClamped(int64_t value, T* sum) {
  const T v = value < 0 ? T{0} : static_cast<T>(value);
  *sum = *sum > std::numeric_limits<T>::max() - v
             ? std::numeric_limits<T>::max()
             : *sum + v;
}

void AddDistinct(int32_t value, std::vector<int32_t>* out) {
  if (std::find(out->begin(), out->end(), value) == out->end()) {
    out->push_back(value);
  }
}

}  // namespace

std::string_view PhysicalTypeName(int32_t type) {
  return parquet::PhysicalTypeName(type);
}
std::string_view ConvertedTypeName(int32_t type) {
  return Lookup(kConvertedTypes, type);
}
std::string_view RepetitionName(int32_t repetition) {
  return Lookup(kRepetitions, repetition);
}
std::string_view EncodingName(int32_t encoding) {
  return Lookup(kEncodings, encoding);
}
std::string_view CodecName(int32_t codec) { return Lookup(kCodecs, codec); }
std::string_view BoundaryOrderName(int32_t order) {
  static constexpr std::string_view kOrders[] = {"UNORDERED", "ASCENDING",
                                                 "DESCENDING"};
  return Lookup(kOrders, order);
}
std::string_view PageTypeName(int32_t type) { return Lookup(kPageTypes, type); }
std::string_view RegionKindName(RegionKind kind) {
  return Lookup(kRegionKinds, static_cast<int32_t>(kind));
}
bool IsOrcRegionKind(RegionKind kind) { return kind > RegionKind::kGap; }
std::string_view OrcTypeKindName(int64_t kind) {
  return orc::TypeKindName(kind);
}
std::string_view OrcStreamKindName(int64_t kind) {
  if (kind == orc::kStripeStatistics) return "STRIPE_STATISTICS";
  if (kind == orc::kFileStatistics) return "FILE_STATISTICS";
  return Lookup64(kOrcStreamKinds, kind);
}
std::string_view OrcEncodingKindName(int64_t kind) {
  return Lookup64(kOrcEncodingKinds, kind);
}
std::string_view OrcCompressionKindName(int64_t kind) {
  return Lookup64(kOrcCompressionKinds, kind);
}

std::optional<size_t> FindLeafColumn(const Schema& schema,
                                     std::string_view column) {
  for (size_t c = 0; c < schema.leaves.size(); ++c) {
    const int32_t leaf = schema.leaves[c];
    if (leaf >= 0 && static_cast<size_t>(leaf) < schema.fields.size() &&
        schema.fields[leaf].path == column) {
      return c;
    }
  }
  size_t index = 0;
  const char* end = column.data() + column.size();
  const auto [ptr, ec] = std::from_chars(column.data(), end, index);
  if (!column.empty() && ec == std::errc() && ptr == end &&
      index < schema.leaves.size()) {
    const int32_t leaf = schema.leaves[index];
    if (leaf >= 0 && static_cast<size_t>(leaf) < schema.fields.size()) {
      return index;
    }
  }
  return std::nullopt;
}

std::optional<size_t> FindOrcColumn(const Schema& schema,
                                    std::string_view column) {
  for (size_t id = 1; id < schema.orc_types.size(); ++id) {
    if (!schema.orc_types[id].path.empty() &&
        schema.orc_types[id].path == column) {
      return id;
    }
  }
  size_t index = 0;
  const char* end = column.data() + column.size();
  const auto [ptr, ec] = std::from_chars(column.data(), end, index);
  if (!column.empty() && ec == std::errc() && ptr == end &&
      index < schema.orc_types.size()) {
    return index;
  }
  return std::nullopt;
}

namespace inspect {

Schema BuildSchema(const parquet::FileMetaData& md,
                   const parquet::SchemaTree& tree) {
  Schema schema;
  schema.ok = tree.ok;
  const auto& elements = md.schema.value;
  schema.fields.reserve(elements.size());
  for (size_t i = 0; i < elements.size(); ++i) {
    const parquet::SchemaElement& e = elements[i].value;
    SchemaField f;
    f.name = std::string(e.name.value);
    f.repetition = OrUnset(e.repetition_type);
    f.physical = OrUnset(e.type);
    f.type_length = OrUnset(e.type_length);
    f.converted = OrUnset(e.converted_type);
    f.scale = OrUnset(e.scale);
    f.precision = OrUnset(e.precision);
    f.field_id = OrUnset(e.field_id);
    f.has_field_id = e.field_id.present;
    f.logical = MakeLogical(e.logical_type);
    if (i < tree.nodes.size()) {
      const parquet::SchemaNode& node = tree.nodes[i];
      f.parent = node.parent;
      f.children = node.children;
      f.column = node.column;
      f.max_definition_level = node.max_definition_level;
      f.max_repetition_level = node.max_repetition_level;
      f.path = Joined(tree.Path(md, static_cast<int32_t>(i)));
    }
    f.offset = elements[i].span.offset;
    f.length = elements[i].span.length;
    schema.fields.push_back(std::move(f));
  }
  schema.leaves = tree.leaves;
  return schema;
}

std::vector<ColumnSummary> SummarizeColumns(const parquet::FileMetaData& md,
                                            const Schema& schema) {
  std::vector<ColumnSummary> columns(schema.leaves.size());
  for (size_t c = 0; c < columns.size(); ++c) {
    const int32_t leaf = schema.leaves[c];
    columns[c].column = static_cast<int32_t>(c);
    if (leaf >= 0 && static_cast<size_t>(leaf) < schema.fields.size()) {
      columns[c].path = schema.fields[leaf].path;
      columns[c].physical = schema.fields[leaf].physical;
    }
    columns[c].null_count = md.row_groups.value.empty() ? -1 : 0;
  }
  for (const auto& rg : md.row_groups.value) {
    const auto& chunks = rg.value.columns.value;
    for (size_t c = 0; c < chunks.size() && c < columns.size(); ++c) {
      ColumnSummary& s = columns[c];
      const parquet::ColumnMetaData& m = chunks[c].value.meta_data.value;
      if (!chunks[c].value.meta_data.present) {
        s.null_count = -1;
        continue;
      }
      AddClamped(m.num_values.value, &s.num_values);
      AddClamped(m.total_compressed_size.value, &s.compressed_size);
      AddClamped(m.total_uncompressed_size.value, &s.uncompressed_size);
      const auto& nulls = m.statistics.value.null_count;
      if (s.null_count >= 0 && m.statistics.present && nulls.present &&
          nulls.value >= 0) {
        AddClamped(nulls.value, &s.null_count);
      } else {
        s.null_count = -1;
      }
      if (m.codec.present) AddDistinct(m.codec.value, &s.codecs);
      for (const auto& e : m.encodings.value)
        AddDistinct(e.value, &s.encodings);
    }
  }
  return columns;
}

}  // namespace inspect
}  // namespace colcheck
