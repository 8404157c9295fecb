// The Parquet metadata model: FileMetaData and everything inside it, as
// decoded from the footer, with the byte span of every field.
//
// The structs mirror parquet.thrift (apache/parquet-format) field for field,
// with the same names, so a diagnostic's field path reads like the IDL.
// Enums stay raw int32 values: an out-of-range value is a rule violation to
// report, not something the decoder may silently map. `present` on each
// Spanned field says whether the writer wrote it.

#ifndef COLCHECK_PARQUET_METADATA_H_
#define COLCHECK_PARQUET_METADATA_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/span.h"

namespace colcheck::parquet {

using Binary = std::string_view;  // Points into the input bytes.

// enum Type
enum PhysicalType : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};

// The IDL's name of a physical type, or "" for a value the enum lacks.
inline std::string_view PhysicalTypeName(int32_t type) {
  switch (type) {
    case kBoolean: return "BOOLEAN";
    case kInt32: return "INT32";
    case kInt64: return "INT64";
    case kInt96: return "INT96";
    case kFloat: return "FLOAT";
    case kDouble: return "DOUBLE";
    case kByteArray: return "BYTE_ARRAY";
    case kFixedLenByteArray: return "FIXED_LEN_BYTE_ARRAY";
    default: return "";
  }
}

// Bytes of one PLAIN value of a fixed-width type (BOOLEAN as the one byte
// statistics use; FIXED_LEN_BYTE_ARRAY its type_length), or 0 for
// BYTE_ARRAY, unknown types and an FLBA without a positive length.
inline uint32_t PlainWidth(int32_t type, int32_t type_length) {
  switch (type) {
    case kBoolean: return 1;
    case kInt32:
    case kFloat: return 4;
    case kInt64:
    case kDouble: return 8;
    case kInt96: return 12;
    case kFixedLenByteArray:
      return type_length > 0 ? static_cast<uint32_t>(type_length) : 0;
    default: return 0;
  }
}

// enum ConvertedType
enum ConvertedType : int32_t {
  kUtf8 = 0,
  kMap = 1,
  kMapKeyValue = 2,
  kList = 3,
  kEnum = 4,
  kDecimal = 5,
  kDate = 6,
  kTimeMillis = 7,
  kTimeMicros = 8,
  kTimestampMillis = 9,
  kTimestampMicros = 10,
  kUint8 = 11,
  kUint16 = 12,
  kUint32 = 13,
  kUint64 = 14,
  kInt8 = 15,
  kInt16 = 16,
  kInt32Converted = 17,
  kInt64Converted = 18,
  kJson = 19,
  kBson = 20,
  kInterval = 21,
};

// enum FieldRepetitionType
enum Repetition : int32_t {
  kRequired = 0,
  kOptional = 1,
  kRepeated = 2,
  kVector = 3,  // Proposed in parquet-format; colcheck reports it unsupported.
};

// enum Encoding
enum Encoding : int32_t {
  kPlain = 0,
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
};

// PLAIN_DICTIONARY or RLE_DICTIONARY: values are indices into the chunk's
// dictionary page.
inline bool IsDictionaryEncoding(int32_t e) {
  return e == kPlainDictionary || e == kRleDictionary;
}

// enum CompressionCodec
enum Codec : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,
  kZstd = 6,
  kLz4Raw = 7,
};

// enum PageType
enum PageType : int32_t {
  kDataPage = 0,
  kIndexPage = 1,
  kDictionaryPage = 2,
  kDataPageV2 = 3,
};

// LogicalType union member ids.
enum LogicalTypeId : int16_t {
  kLogicalNone = 0,
  kLogicalString = 1,
  kLogicalMap = 2,
  kLogicalList = 3,
  kLogicalEnum = 4,
  kLogicalDecimal = 5,
  kLogicalDate = 6,
  kLogicalTime = 7,
  kLogicalTimestamp = 8,
  kLogicalInteger = 10,
  kLogicalUnknown = 11,  // The "Null" type: only nulls are stored.
  kLogicalJson = 12,
  kLogicalBson = 13,
  kLogicalUuid = 14,
  kLogicalFloat16 = 15,
  kLogicalVariant = 16,
  kLogicalGeometry = 17,
  kLogicalGeography = 18,
  kLogicalVector = 19,
};

// TimeUnit union member ids; 0 when absent or unknown.
enum TimeUnit : int16_t {
  kUnitNone = 0,
  kMillis = 1,
  kMicros = 2,
  kNanos = 3,
};

struct DecimalType {
  Spanned<int32_t> scale;
  Spanned<int32_t> precision;
};

struct TimeOrTimestampType {
  Spanned<bool> is_adjusted_to_utc;
  Spanned<int16_t> unit;  // TimeUnit member id; span covers the union.
};

struct IntType {
  Spanned<int8_t> bit_width;
  Spanned<bool> is_signed;
};

// union LogicalType. `id` is the member that was set (kLogicalNone if the
// union held no member colcheck knows); the member payloads are filled for
// the members that carry fields.
struct LogicalType {
  int16_t id = kLogicalNone;
  ByteSpan member_span;  // The member's field header and value.
  DecimalType decimal;
  TimeOrTimestampType time;  // TIME and TIMESTAMP.
  IntType integer;
};

struct SchemaElement {
  Spanned<int32_t> type;  // PhysicalType
  Spanned<int32_t> type_length;
  Spanned<int32_t> repetition_type;  // Repetition
  Spanned<std::string_view> name;
  Spanned<int32_t> num_children;
  Spanned<int32_t> converted_type;  // ConvertedType
  Spanned<int32_t> scale;
  Spanned<int32_t> precision;
  Spanned<int32_t> field_id;
  Spanned<LogicalType> logical_type;
};

// A FIXED_LEN_BYTE_ARRAY(2) annotated FLOAT16.
inline bool IsFloat16(const SchemaElement& e) {
  return e.type.value == kFixedLenByteArray && e.type_length.value == 2 &&
         e.logical_type.present && e.logical_type.value.id == kLogicalFloat16;
}

// FLOAT, DOUBLE or FLOAT16: the columns that hold NaN.
inline bool IsFloatingPoint(const SchemaElement& e) {
  return e.type.value == kFloat || e.type.value == kDouble || IsFloat16(e);
}

struct KeyValue {
  Spanned<std::string_view> key;
  Spanned<std::string_view> value;
};

struct Statistics {
  Spanned<Binary> max;  // Deprecated: signed order.
  Spanned<Binary> min;  // Deprecated: signed order.
  Spanned<int64_t> null_count;
  Spanned<int64_t> distinct_count;
  Spanned<Binary> max_value;
  Spanned<Binary> min_value;
  Spanned<bool> is_max_value_exact;
  Spanned<bool> is_min_value_exact;
  Spanned<int64_t> nan_count;
};

struct PageEncodingStats {
  Spanned<int32_t> page_type;
  Spanned<int32_t> encoding;
  Spanned<int32_t> count;
};

struct SizeStatistics {
  Spanned<int64_t> unencoded_byte_array_data_bytes;
  SpannedList<int64_t> repetition_level_histogram;
  SpannedList<int64_t> definition_level_histogram;
};

struct ColumnMetaData {
  Spanned<int32_t> type;  // PhysicalType
  SpannedList<int32_t> encodings;
  SpannedList<std::string_view> path_in_schema;
  Spanned<int32_t> codec;  // Codec
  Spanned<int64_t> num_values;
  Spanned<int64_t> total_uncompressed_size;
  Spanned<int64_t> total_compressed_size;
  SpannedList<KeyValue> key_value_metadata;
  Spanned<int64_t> data_page_offset;
  Spanned<int64_t> index_page_offset;
  Spanned<int64_t> dictionary_page_offset;
  Spanned<Statistics> statistics;
  SpannedList<PageEncodingStats> encoding_stats;
  Spanned<int64_t> bloom_filter_offset;
  Spanned<int32_t> bloom_filter_length;
  Spanned<SizeStatistics> size_statistics;
};

// union ColumnCryptoMetaData: 1 = footer key, 2 = column key.
struct ColumnCryptoMetaData {
  int16_t id = 0;
  SpannedList<std::string_view> path_in_schema;  // Column key only.
  Spanned<Binary> key_metadata;                   // Column key only.
};

struct ColumnChunk {
  Spanned<std::string_view> file_path;
  Spanned<int64_t> file_offset;
  Spanned<ColumnMetaData> meta_data;
  Spanned<int64_t> offset_index_offset;
  Spanned<int32_t> offset_index_length;
  Spanned<int64_t> column_index_offset;
  Spanned<int32_t> column_index_length;
  Spanned<ColumnCryptoMetaData> crypto_metadata;
  Spanned<Binary> encrypted_column_metadata;
};

struct SortingColumn {
  Spanned<int32_t> column_idx;
  Spanned<bool> descending;
  Spanned<bool> nulls_first;
};

struct RowGroup {
  SpannedList<ColumnChunk> columns;
  Spanned<int64_t> total_byte_size;
  Spanned<int64_t> num_rows;
  SpannedList<SortingColumn> sorting_columns;
  Spanned<int64_t> file_offset;
  Spanned<int64_t> total_compressed_size;
  Spanned<int16_t> ordinal;
};

// union ColumnOrder: 1 = TYPE_ORDER, 2 = IEEE_754_TOTAL_ORDER,
// 3 = INT96_TIMESTAMP_ORDER.
enum ColumnOrderId : int16_t {
  kOrderNone = 0,
  kTypeDefinedOrder = 1,
  kIeee754TotalOrder = 2,
  kInt96TimestampOrder = 3,
};
struct ColumnOrder {
  int16_t id = kOrderNone;
};

// union EncryptionAlgorithm: 1 = AES_GCM_V1, 2 = AES_GCM_CTR_V1.
struct EncryptionAlgorithm {
  int16_t id = 0;
  Spanned<Binary> aad_prefix;
  Spanned<Binary> aad_file_unique;
  Spanned<bool> supply_aad_prefix;
};

struct FileMetaData {
  Spanned<int32_t> version;
  SpannedList<SchemaElement> schema;
  Spanned<int64_t> num_rows;
  SpannedList<RowGroup> row_groups;
  SpannedList<KeyValue> key_value_metadata;
  Spanned<std::string_view> created_by;
  SpannedList<ColumnOrder> column_orders;
  Spanned<EncryptionAlgorithm> encryption_algorithm;
  Spanned<Binary> footer_signing_key_metadata;
};

// FileCryptoMetaData, the plaintext prefix of an encrypted (PARE) footer.
struct FileCryptoMetaData {
  Spanned<EncryptionAlgorithm> encryption_algorithm;
  Spanned<Binary> key_metadata;
};

// ---- pages ------------------------------------------------------------------
// A PageHeader precedes every page body inside a column chunk. Exactly one
// of the four type headers should be set, the one matching `type`.

struct DataPageHeader {
  Spanned<int32_t> num_values;
  Spanned<int32_t> encoding;  // Encoding
  Spanned<int32_t> definition_level_encoding;
  Spanned<int32_t> repetition_level_encoding;
  Spanned<Statistics> statistics;
};

struct DictionaryPageHeader {
  Spanned<int32_t> num_values;
  Spanned<int32_t> encoding;
  Spanned<bool> is_sorted;
};

struct DataPageHeaderV2 {
  Spanned<int32_t> num_values;
  Spanned<int32_t> num_nulls;
  Spanned<int32_t> num_rows;
  Spanned<int32_t> encoding;
  Spanned<int32_t> definition_levels_byte_length;
  Spanned<int32_t> repetition_levels_byte_length;
  Spanned<bool> is_compressed;  // Absent means true.
  Spanned<Statistics> statistics;
};

struct PageHeader {
  Spanned<int32_t> type;  // PageType
  Spanned<int32_t> uncompressed_page_size;
  Spanned<int32_t> compressed_page_size;
  Spanned<int32_t> crc;
  Spanned<DataPageHeader> data_page_header;
  Spanned<bool> index_page_header;  // An empty struct: only presence.
  Spanned<DictionaryPageHeader> dictionary_page_header;
  Spanned<DataPageHeaderV2> data_page_header_v2;
};

// ---- page index ---------------------------------------------------------------

struct PageLocation {
  Spanned<int64_t> offset;
  Spanned<int32_t> compressed_page_size;  // Including the page header.
  Spanned<int64_t> first_row_index;
};

struct OffsetIndex {
  SpannedList<PageLocation> page_locations;
  SpannedList<int64_t> unencoded_byte_array_data_bytes;
};

enum BoundaryOrder : int32_t {
  kUnordered = 0,
  kAscending = 1,
  kDescending = 2,
};

// Entry i of every list describes data page i of the chunk.
struct ColumnIndex {
  SpannedList<bool> null_pages;
  SpannedList<Binary> min_values;
  SpannedList<Binary> max_values;
  Spanned<int32_t> boundary_order;  // BoundaryOrder
  SpannedList<int64_t> null_counts;
  SpannedList<int64_t> repetition_level_histograms;
  SpannedList<int64_t> definition_level_histograms;
  SpannedList<int64_t> nan_counts;
};

// ---- bloom filter ---------------------------------------------------------------
// The header precedes numBytes of split-block bitset. Each union holds one
// member id (0 when none colcheck knows): algorithm 1 = BLOCK, hash
// 1 = XXHASH, compression 1 = UNCOMPRESSED.
struct BloomFilterHeader {
  Spanned<int32_t> num_bytes;
  Spanned<int16_t> algorithm;
  Spanned<int16_t> hash;
  Spanned<int16_t> compression;
};

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_METADATA_H_
