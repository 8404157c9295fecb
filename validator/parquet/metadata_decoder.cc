#include "parquet/metadata_decoder.h"

#include <iterator>
#include <string_view>

#include "core/decode_counts.h"

namespace colcheck::parquet {

using thrift::Decoder;
using thrift::StructReader;
using thrift::WireType;

namespace {

// Decodes an empty struct (the payload of most union members), checking
// that it is well formed and skipping any fields a newer IDL added.
bool DecodeEmpty(Decoder& d, bool* /*unused*/) {
  StructReader s(d);
  while (s.Next()) s.SkipUnknown();
  return s.Finish();
}

// Decodes a union whose members are all empty structs, named `members`
// (the IDL's names of ids 1, 2, ...); `*id` receives the member that was
// set, or 0 when none colcheck knows was.
bool DecodeEmptyUnion(Decoder& d, int16_t* id,
                      std::initializer_list<std::string_view> members,
                      std::initializer_list<int16_t> known) {
  StructReader s(d);
  while (s.Next()) {
    if (s.id() >= 1 && static_cast<size_t>(s.id()) <= members.size()) {
      Spanned<bool> member;
      s.ReadStruct(members.begin()[s.id() - 1], &member, DecodeEmpty);
      if (member.present) *id = s.id();
    } else {
      s.SkipUnknown();
    }
  }
  return s.FinishUnion(known);
}

bool DecodeDecimalType(Decoder& d, DecimalType* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("scale", &out->scale); break;
      case 2: s.Read("precision", &out->precision); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "scale"}, {2, "precision"}});
}

bool DecodeTimeUnit(Decoder& d, int16_t* out) {
  return DecodeEmptyUnion(d, out, {"MILLIS", "MICROS", "NANOS"}, {1, 2, 3});
}

bool DecodeTimeType(Decoder& d, TimeOrTimestampType* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("isAdjustedToUTC", &out->is_adjusted_to_utc); break;
      case 2: s.ReadStruct("unit", &out->unit, DecodeTimeUnit); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "isAdjustedToUTC"}, {2, "unit"}});
}

bool DecodeIntType(Decoder& d, IntType* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("bitWidth", &out->bit_width); break;
      case 2: s.Read("isSigned", &out->is_signed); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "bitWidth"}, {2, "isSigned"}});
}

// GeometryType and GeographyType carry optional settings colcheck does not
// check yet; their fields are read for wire-type strictness only.
bool DecodeGeoType(Decoder& d, bool* /*unused*/) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.SkipKnown("crs", WireType::kBinary); break;
      case 2: s.SkipKnown("algorithm", WireType::kI32); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish();
}

bool DecodeVariantType(Decoder& d, bool* /*unused*/) {
  StructReader s(d);
  while (s.Next()) {
    if (s.id() == 1) {
      s.SkipKnown("specification_version", WireType::kI8);
    } else {
      s.SkipUnknown();
    }
  }
  return s.Finish();
}

// The IDL's name of a LogicalType member without fields.
std::string_view LogicalMemberName(int16_t id) {
  static constexpr std::string_view kNames[] = {
      "",     "STRING", "MAP",     "LIST", "ENUM", "DECIMAL", "DATE",
      "TIME", "TIMESTAMP", "",     "INTEGER", "UNKNOWN", "JSON", "BSON",
      "UUID", "FLOAT16", "VARIANT", "GEOMETRY", "GEOGRAPHY", "VECTOR"};
  return id > 0 && static_cast<size_t>(id) < std::size(kNames) &&
                 !kNames[id].empty()
             ? kNames[id]
             : "member";
}

// Reads the payload of the current LogicalType member into `out`.
void ReadLogicalMember(StructReader& s, LogicalType* out) {
  Spanned<bool> empty;
  switch (s.id()) {
    case kLogicalDecimal: {
      Spanned<DecimalType> v;
      s.ReadStruct("DECIMAL", &v, DecodeDecimalType);
      if (v.present) out->decimal = v.value;
      empty.present = v.present;
      break;
    }
    case kLogicalTime:
    case kLogicalTimestamp: {
      Spanned<TimeOrTimestampType> v;
      s.ReadStruct(s.id() == kLogicalTime ? "TIME" : "TIMESTAMP", &v,
                   DecodeTimeType);
      if (v.present) out->time = v.value;
      empty.present = v.present;
      break;
    }
    case kLogicalInteger: {
      Spanned<IntType> v;
      s.ReadStruct("INTEGER", &v, DecodeIntType);
      if (v.present) out->integer = v.value;
      empty.present = v.present;
      break;
    }
    case kLogicalVariant:
      s.ReadStruct("VARIANT", &empty, DecodeVariantType);
      break;
    case kLogicalGeometry:
    case kLogicalGeography:
      s.ReadStruct(s.id() == kLogicalGeometry ? "GEOMETRY" : "GEOGRAPHY",
                   &empty, DecodeGeoType);
      break;
    default:
      s.ReadStruct(LogicalMemberName(s.id()), &empty, DecodeEmpty);
  }
  if (empty.present) {
    out->id = s.id();
    // From the member's header to the end of its value.
    out->member_span = {s.header().offset,
                        s.span().end() - s.header().offset};
  }
}

bool IsKnownLogicalMember(int16_t id) {
  return id >= kLogicalString && id <= kLogicalVector && id != 9;
}

}  // namespace

bool DecodeLogicalType(Decoder& d, LogicalType* out) {
  StructReader s(d);
  while (s.Next()) {
    if (IsKnownLogicalMember(s.id())) {
      ReadLogicalMember(s, out);
    } else {
      s.SkipUnknown();
    }
  }
  return s.FinishUnion({1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14, 15, 16,
                        17, 18, 19});
}

bool DecodeSchemaElement(Decoder& d, SchemaElement* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("type", &out->type); break;
      case 2: s.Read("type_length", &out->type_length); break;
      case 3: s.Read("repetition_type", &out->repetition_type); break;
      case 4: s.ReadString("name", &out->name); break;
      case 5: s.Read("num_children", &out->num_children); break;
      case 6: s.Read("converted_type", &out->converted_type); break;
      case 7: s.Read("scale", &out->scale); break;
      case 8: s.Read("precision", &out->precision); break;
      case 9: s.Read("field_id", &out->field_id); break;
      case 10:
        s.ReadStruct("logicalType", &out->logical_type, DecodeLogicalType);
        break;
      case 11: s.SkipKnown("vector_length", WireType::kI32); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{4, "name"}});
}

namespace {

bool DecodeKeyValue(Decoder& d, KeyValue* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.ReadString("key", &out->key); break;
      case 2: s.ReadString("value", &out->value); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "key"}});
}

bool DecodePageEncodingStats(Decoder& d, PageEncodingStats* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("page_type", &out->page_type); break;
      case 2: s.Read("encoding", &out->encoding); break;
      case 3: s.Read("count", &out->count); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "page_type"}, {2, "encoding"}, {3, "count"}});
}

bool DecodeSizeStatistics(Decoder& d, SizeStatistics* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.Read("unencoded_byte_array_data_bytes",
               &out->unencoded_byte_array_data_bytes);
        break;
      case 2:
        s.ReadList("repetition_level_histogram", WireType::kI64,
                   &out->repetition_level_histogram);
        break;
      case 3:
        s.ReadList("definition_level_histogram", WireType::kI64,
                   &out->definition_level_histogram);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish();
}

bool DecodeBoundingBox(Decoder& d, bool* /*unused*/) {
  StructReader s(d);
  static constexpr std::string_view kNames[] = {
      "xmin", "xmax", "ymin", "ymax", "zmin", "zmax", "mmin", "mmax"};
  while (s.Next()) {
    if (s.id() >= 1 && s.id() <= 8) {
      s.SkipKnown(kNames[s.id() - 1], WireType::kDouble);
    } else {
      s.SkipUnknown();
    }
  }
  return s.Finish({{1, "xmin"}, {2, "xmax"}, {3, "ymin"}, {4, "ymax"}});
}

bool DecodeGeospatialStatistics(Decoder& d, bool* /*unused*/) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: {
        Spanned<bool> bbox;
        s.ReadStruct("bbox", &bbox, DecodeBoundingBox);
        break;
      }
      case 2: {
        SpannedList<int32_t> types;
        s.ReadList("geospatial_types", WireType::kI32, &types);
        break;
      }
      default: s.SkipUnknown();
    }
  }
  return s.Finish();
}

}  // namespace

bool DecodeStatistics(Decoder& d, Statistics* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("max", &out->max); break;
      case 2: s.Read("min", &out->min); break;
      case 3: s.Read("null_count", &out->null_count); break;
      case 4: s.Read("distinct_count", &out->distinct_count); break;
      case 5: s.Read("max_value", &out->max_value); break;
      case 6: s.Read("min_value", &out->min_value); break;
      case 7: s.Read("is_max_value_exact", &out->is_max_value_exact); break;
      case 8: s.Read("is_min_value_exact", &out->is_min_value_exact); break;
      case 9: s.Read("nan_count", &out->nan_count); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish();
}

bool DecodeColumnMetaData(Decoder& d, ColumnMetaData* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("type", &out->type); break;
      case 2: s.ReadList("encodings", WireType::kI32, &out->encodings); break;
      case 3:
        s.ReadStringList("path_in_schema", &out->path_in_schema);
        break;
      case 4: s.Read("codec", &out->codec); break;
      case 5: s.Read("num_values", &out->num_values); break;
      case 6:
        s.Read("total_uncompressed_size", &out->total_uncompressed_size);
        break;
      case 7:
        s.Read("total_compressed_size", &out->total_compressed_size);
        break;
      case 8:
        s.ReadStructList("key_value_metadata", &out->key_value_metadata,
                         DecodeKeyValue);
        break;
      case 9: s.Read("data_page_offset", &out->data_page_offset); break;
      case 10: s.Read("index_page_offset", &out->index_page_offset); break;
      case 11:
        s.Read("dictionary_page_offset", &out->dictionary_page_offset);
        break;
      case 12:
        s.ReadStruct("statistics", &out->statistics, DecodeStatistics);
        break;
      case 13:
        s.ReadStructList("encoding_stats", &out->encoding_stats,
                         DecodePageEncodingStats);
        break;
      // Ids 14 and up were added in format 2.10 and later; files written by
      // forks (Dremio's parquet-mr, for one) use some of them differently.
      case 14:
        if (s.SkipIfForeign("bloom_filter_offset", WireType::kI64)) break;
        s.Read("bloom_filter_offset", &out->bloom_filter_offset);
        break;
      case 15:
        if (s.SkipIfForeign("bloom_filter_length", WireType::kI32)) break;
        s.Read("bloom_filter_length", &out->bloom_filter_length);
        break;
      case 16:
        if (s.SkipIfForeign("size_statistics", WireType::kStruct)) break;
        s.ReadStruct("size_statistics", &out->size_statistics,
                     DecodeSizeStatistics);
        break;
      case 17: {
        if (s.SkipIfForeign("geospatial_statistics", WireType::kStruct)) break;
        Spanned<bool> geo;
        s.ReadStruct("geospatial_statistics", &geo,
                     DecodeGeospatialStatistics);
        break;
      }
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "type"},
                   {2, "encodings"},
                   {3, "path_in_schema"},
                   {4, "codec"},
                   {5, "num_values"},
                   {6, "total_uncompressed_size"},
                   {7, "total_compressed_size"},
                   {9, "data_page_offset"}});
}

namespace {

bool DecodeColumnKey(Decoder& d, ColumnCryptoMetaData* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.ReadStringList("path_in_schema", &out->path_in_schema);
        break;
      case 2: s.Read("key_metadata", &out->key_metadata); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "path_in_schema"}});
}

bool DecodeColumnCryptoMetaData(Decoder& d, ColumnCryptoMetaData* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: {
        Spanned<bool> v;
        s.ReadStruct("ENCRYPTION_WITH_FOOTER_KEY", &v, DecodeEmpty);
        if (v.present) out->id = 1;
        break;
      }
      case 2: {
        Spanned<ColumnCryptoMetaData> v;
        s.ReadStruct("ENCRYPTION_WITH_COLUMN_KEY", &v, DecodeColumnKey);
        if (v.present) {
          out->path_in_schema = std::move(v.value.path_in_schema);
          out->key_metadata = v.value.key_metadata;
          out->id = 2;
        }
        break;
      }
      default: s.SkipUnknown();
    }
  }
  return s.FinishUnion({1, 2});
}

}  // namespace

bool DecodeColumnChunk(Decoder& d, ColumnChunk* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.ReadString("file_path", &out->file_path); break;
      case 2: s.Read("file_offset", &out->file_offset); break;
      case 3: s.ReadStruct("meta_data", &out->meta_data, DecodeColumnMetaData); break;
      case 4: s.Read("offset_index_offset", &out->offset_index_offset); break;
      case 5: s.Read("offset_index_length", &out->offset_index_length); break;
      case 6: s.Read("column_index_offset", &out->column_index_offset); break;
      case 7: s.Read("column_index_length", &out->column_index_length); break;
      case 8:
        s.ReadStruct("crypto_metadata", &out->crypto_metadata,
                     DecodeColumnCryptoMetaData);
        break;
      case 9:
        s.Read("encrypted_column_metadata", &out->encrypted_column_metadata);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{2, "file_offset"}});
}

namespace {

bool DecodeSortingColumn(Decoder& d, SortingColumn* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("column_idx", &out->column_idx); break;
      case 2: s.Read("descending", &out->descending); break;
      case 3: s.Read("nulls_first", &out->nulls_first); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "column_idx"}, {2, "descending"}, {3, "nulls_first"}});
}

bool DecodeColumnOrder(Decoder& d, ColumnOrder* out) {
  return DecodeEmptyUnion(
      d, &out->id,
      {"TYPE_ORDER", "IEEE_754_TOTAL_ORDER", "INT96_TIMESTAMP_ORDER"},
      {1, 2, 3});
}

bool DecodeAesGcm(Decoder& d, EncryptionAlgorithm* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("aad_prefix", &out->aad_prefix); break;
      case 2: s.Read("aad_file_unique", &out->aad_file_unique); break;
      case 3: s.Read("supply_aad_prefix", &out->supply_aad_prefix); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish();
}

bool DecodeEncryptionAlgorithm(Decoder& d, EncryptionAlgorithm* out) {
  StructReader s(d);
  while (s.Next()) {
    if (s.id() == 1 || s.id() == 2) {
      Spanned<EncryptionAlgorithm> v;
      s.ReadStruct(s.id() == 1 ? "AES_GCM_V1" : "AES_GCM_CTR_V1", &v,
                   DecodeAesGcm);
      if (v.present) {
        *out = std::move(v.value);
        out->id = s.id();
      }
    } else {
      s.SkipUnknown();
    }
  }
  return s.FinishUnion({1, 2});
}

}  // namespace

bool DecodeRowGroup(Decoder& d, RowGroup* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.ReadStructList("columns", &out->columns, DecodeColumnChunk); break;
      case 2: s.Read("total_byte_size", &out->total_byte_size); break;
      case 3: s.Read("num_rows", &out->num_rows); break;
      case 4:
        s.ReadStructList("sorting_columns", &out->sorting_columns,
                         DecodeSortingColumn);
        break;
      case 5: s.Read("file_offset", &out->file_offset); break;
      case 6: s.Read("total_compressed_size", &out->total_compressed_size); break;
      case 7: s.Read("ordinal", &out->ordinal); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "columns"}, {2, "total_byte_size"}, {3, "num_rows"}});
}

bool DecodeFileMetaData(Decoder& d, FileMetaData* out) {
  ++ThreadDecodeCounts().file_metadata;
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("version", &out->version); break;
      case 2: s.ReadStructList("schema", &out->schema, DecodeSchemaElement); break;
      case 3: s.Read("num_rows", &out->num_rows); break;
      case 4: s.ReadStructList("row_groups", &out->row_groups, DecodeRowGroup); break;
      case 5:
        s.ReadStructList("key_value_metadata", &out->key_value_metadata,
                         DecodeKeyValue);
        break;
      case 6: s.ReadString("created_by", &out->created_by); break;
      case 7:
        s.ReadStructList("column_orders", &out->column_orders,
                         DecodeColumnOrder);
        break;
      case 8:
        s.ReadStruct("encryption_algorithm", &out->encryption_algorithm,
                     DecodeEncryptionAlgorithm);
        break;
      case 9:
        s.Read("footer_signing_key_metadata",
               &out->footer_signing_key_metadata);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish(
      {{1, "version"}, {2, "schema"}, {3, "num_rows"}, {4, "row_groups"}});
}

bool DecodeFileCryptoMetaData(Decoder& d, FileCryptoMetaData* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.ReadStruct("encryption_algorithm", &out->encryption_algorithm,
                     DecodeEncryptionAlgorithm);
        break;
      case 2: s.Read("key_metadata", &out->key_metadata); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "encryption_algorithm"}});
}

namespace {

bool DecodeDataPageHeader(Decoder& d, DataPageHeader* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("num_values", &out->num_values); break;
      case 2: s.Read("encoding", &out->encoding); break;
      case 3:
        s.Read("definition_level_encoding", &out->definition_level_encoding);
        break;
      case 4:
        s.Read("repetition_level_encoding", &out->repetition_level_encoding);
        break;
      case 5:
        s.ReadStruct("statistics", &out->statistics, DecodeStatistics);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "num_values"},
                   {2, "encoding"},
                   {3, "definition_level_encoding"},
                   {4, "repetition_level_encoding"}});
}

bool DecodeDictionaryPageHeader(Decoder& d, DictionaryPageHeader* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("num_values", &out->num_values); break;
      case 2: s.Read("encoding", &out->encoding); break;
      case 3: s.Read("is_sorted", &out->is_sorted); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "num_values"}, {2, "encoding"}});
}

bool DecodeDataPageHeaderV2(Decoder& d, DataPageHeaderV2* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("num_values", &out->num_values); break;
      case 2: s.Read("num_nulls", &out->num_nulls); break;
      case 3: s.Read("num_rows", &out->num_rows); break;
      case 4: s.Read("encoding", &out->encoding); break;
      case 5:
        s.Read("definition_levels_byte_length",
               &out->definition_levels_byte_length);
        break;
      case 6:
        s.Read("repetition_levels_byte_length",
               &out->repetition_levels_byte_length);
        break;
      case 7: s.Read("is_compressed", &out->is_compressed); break;
      case 8:
        s.ReadStruct("statistics", &out->statistics, DecodeStatistics);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "num_values"},
                   {2, "num_nulls"},
                   {3, "num_rows"},
                   {4, "encoding"},
                   {5, "definition_levels_byte_length"},
                   {6, "repetition_levels_byte_length"}});
}

bool DecodePageLocation(Decoder& d, PageLocation* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("offset", &out->offset); break;
      case 2: s.Read("compressed_page_size", &out->compressed_page_size); break;
      case 3: s.Read("first_row_index", &out->first_row_index); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish(
      {{1, "offset"}, {2, "compressed_page_size"}, {3, "first_row_index"}});
}

// The three BloomFilterHeader unions each have one member, an empty struct.
bool DecodeOneMemberUnion(Decoder& d, int16_t* id) {
  return DecodeEmptyUnion(d, id, {"member"}, {1});
}

}  // namespace

bool DecodePageHeader(Decoder& d, PageHeader* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("type", &out->type); break;
      case 2:
        s.Read("uncompressed_page_size", &out->uncompressed_page_size);
        break;
      case 3: s.Read("compressed_page_size", &out->compressed_page_size); break;
      case 4: s.Read("crc", &out->crc); break;
      case 5:
        s.ReadStruct("data_page_header", &out->data_page_header,
                     DecodeDataPageHeader);
        break;
      case 6:
        s.ReadStruct("index_page_header", &out->index_page_header,
                     DecodeEmpty);
        break;
      case 7:
        s.ReadStruct("dictionary_page_header", &out->dictionary_page_header,
                     DecodeDictionaryPageHeader);
        break;
      case 8:
        s.ReadStruct("data_page_header_v2", &out->data_page_header_v2,
                     DecodeDataPageHeaderV2);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "type"},
                   {2, "uncompressed_page_size"},
                   {3, "compressed_page_size"}});
}

bool DecodeOffsetIndex(Decoder& d, OffsetIndex* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.ReadStructList("page_locations", &out->page_locations,
                         DecodePageLocation);
        break;
      case 2:
        s.ReadList("unencoded_byte_array_data_bytes", WireType::kI64,
                   &out->unencoded_byte_array_data_bytes);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "page_locations"}});
}

bool DecodeColumnIndex(Decoder& d, ColumnIndex* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.ReadList("null_pages", WireType::kBoolTrue, &out->null_pages);
        break;
      case 2:
        s.ReadList("min_values", WireType::kBinary, &out->min_values);
        break;
      case 3:
        s.ReadList("max_values", WireType::kBinary, &out->max_values);
        break;
      case 4: s.Read("boundary_order", &out->boundary_order); break;
      case 5:
        s.ReadList("null_counts", WireType::kI64, &out->null_counts);
        break;
      case 6:
        s.ReadList("repetition_level_histograms", WireType::kI64,
                   &out->repetition_level_histograms);
        break;
      case 7:
        s.ReadList("definition_level_histograms", WireType::kI64,
                   &out->definition_level_histograms);
        break;
      case 8: s.ReadList("nan_counts", WireType::kI64, &out->nan_counts); break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish({{1, "null_pages"},
                   {2, "min_values"},
                   {3, "max_values"},
                   {4, "boundary_order"}});
}

bool DecodeBloomFilterHeader(Decoder& d, BloomFilterHeader* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1: s.Read("numBytes", &out->num_bytes); break;
      case 2:
        s.ReadStruct("algorithm", &out->algorithm, DecodeOneMemberUnion);
        break;
      case 3: s.ReadStruct("hash", &out->hash, DecodeOneMemberUnion); break;
      case 4:
        s.ReadStruct("compression", &out->compression, DecodeOneMemberUnion);
        break;
      default: s.SkipUnknown();
    }
  }
  return s.Finish(
      {{1, "numBytes"}, {2, "algorithm"}, {3, "hash"}, {4, "compression"}});
}

}  // namespace colcheck::parquet
