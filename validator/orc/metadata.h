// The ORC metadata model: the messages of the file tail and of the stripes
// (validator/orc/orc_metadata.proto), as decoded with the span of every
// field.
//
// The structs mirror the .proto message for message, with the same field
// names, so a diagnostic's field path reads like the schema
// ("footer.types[3].subtypes[0]"). Enums stay raw values: an unknown kind is
// a rule violation to report, not something the decoder may map. Every
// span is a span of the file, already mapped through the SpanMap of the
// region the message was decoded from (a compressed message's fields map to
// the chunks that hold them). `present` says whether the writer wrote the
// field. Strings and bytes are views of the decoded buffer, which the
// caller keeps alive as long as the model.

#ifndef COLCHECK_ORC_METADATA_H_
#define COLCHECK_ORC_METADATA_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/span.h"

namespace colcheck::orc {

using Bytes = std::span<const std::byte>;

// enum CompressionKind
enum CompressionKind : int64_t {
  kNone = 0,
  kZlib = 1,
  kSnappy = 2,
  kLzo = 3,
  kLz4 = 4,
  kZstd = 5,
  kBrotli = 6,
};

// Type.Kind
enum TypeKind : int64_t {
  kBoolean = 0,
  kByte = 1,
  kShort = 2,
  kInt = 3,
  kLong = 4,
  kFloat = 5,
  kDouble = 6,
  kString = 7,
  kBinary = 8,
  kTimestamp = 9,
  kList = 10,
  kMap = 11,
  kStruct = 12,
  kUnion = 13,
  kDecimal = 14,
  kDate = 15,
  kVarchar = 16,
  kChar = 17,
  kTimestampInstant = 18,
  kGeometry = 19,
  kGeography = 20,
};

// Stream.Kind
enum StreamKind : int64_t {
  kPresent = 0,
  kData = 1,
  kLength = 2,
  kDictionaryData = 3,
  kDictionaryCount = 4,
  kSecondary = 5,
  kRowIndex = 6,
  kBloomFilter = 7,
  kBloomFilterUtf8 = 8,
  kEncryptedIndex = 9,
  kEncryptedData = 10,
  kStripeStatistics = 100,
  kFileStatistics = 101,
};

// ColumnEncoding.Kind
enum EncodingKind : int64_t {
  kDirect = 0,
  kDictionary = 1,
  kDirectV2 = 2,
  kDictionaryV2 = 3,
};

struct IntegerStatistics {
  Spanned<int64_t> minimum;
  Spanned<int64_t> maximum;
  Spanned<int64_t> sum;
};

struct DoubleStatistics {
  Spanned<double> minimum;
  Spanned<double> maximum;
  Spanned<double> sum;
};

struct StringStatistics {
  Spanned<std::string_view> minimum;
  Spanned<std::string_view> maximum;
  Spanned<int64_t> sum;
  Spanned<std::string_view> lower_bound;
  Spanned<std::string_view> upper_bound;
};

struct BucketStatistics {
  SpannedList<uint64_t> count;
};

struct DecimalStatistics {
  Spanned<std::string_view> minimum;
  Spanned<std::string_view> maximum;
  Spanned<std::string_view> sum;
};

struct DateStatistics {
  Spanned<int32_t> minimum;
  Spanned<int32_t> maximum;
};

struct TimestampStatistics {
  Spanned<int64_t> minimum;
  Spanned<int64_t> maximum;
  Spanned<int64_t> minimum_utc;
  Spanned<int64_t> maximum_utc;
  Spanned<int32_t> minimum_nanos;
  Spanned<int32_t> maximum_nanos;
};

struct BinaryStatistics {
  Spanned<int64_t> sum;
};

struct CollectionStatistics {
  Spanned<uint64_t> min_children;
  Spanned<uint64_t> max_children;
  Spanned<uint64_t> total_children;
};

struct ColumnStatistics {
  Spanned<uint64_t> number_of_values;
  Spanned<IntegerStatistics> int_statistics;
  Spanned<DoubleStatistics> double_statistics;
  Spanned<StringStatistics> string_statistics;
  Spanned<BucketStatistics> bucket_statistics;
  Spanned<DecimalStatistics> decimal_statistics;
  Spanned<DateStatistics> date_statistics;
  Spanned<BinaryStatistics> binary_statistics;
  Spanned<TimestampStatistics> timestamp_statistics;
  Spanned<bool> has_null;
  Spanned<uint64_t> bytes_on_disk;
  Spanned<CollectionStatistics> collection_statistics;
  Spanned<Bytes> geometry_statistics;  // Kept undecoded.
};

struct RowIndexEntry {
  SpannedList<uint64_t> positions;
  Spanned<ColumnStatistics> statistics;
};

struct RowIndex {
  SpannedList<RowIndexEntry> entry;
};

struct BloomFilter {
  Spanned<uint32_t> num_hash_functions;
  SpannedList<uint64_t> bitset;
  Spanned<Bytes> utf8bitset;
};

struct BloomFilterIndex {
  SpannedList<BloomFilter> bloom_filter;
};

struct Stream {
  Spanned<int64_t> kind;  // StreamKind
  Spanned<uint32_t> column;
  Spanned<uint64_t> length;
};

struct ColumnEncoding {
  Spanned<int64_t> kind;  // EncodingKind
  Spanned<uint32_t> dictionary_size;
  Spanned<uint32_t> bloom_encoding;
};

struct StripeEncryptionVariant {
  SpannedList<Stream> streams;
  SpannedList<ColumnEncoding> encoding;
};

struct StripeFooter {
  SpannedList<Stream> streams;
  SpannedList<ColumnEncoding> columns;
  Spanned<std::string_view> writer_timezone;
  SpannedList<StripeEncryptionVariant> encryption;
};

struct StringPair {
  Spanned<std::string_view> key;
  Spanned<std::string_view> value;
};

struct Type {
  Spanned<int64_t> kind;  // TypeKind
  SpannedList<uint32_t> subtypes;
  SpannedList<std::string_view> field_names;
  Spanned<uint32_t> maximum_length;
  Spanned<uint32_t> precision;
  Spanned<uint32_t> scale;
  SpannedList<StringPair> attributes;
  Spanned<Bytes> geometry;  // GeometryType, kept undecoded.
};

struct StripeInformation {
  Spanned<uint64_t> offset;
  Spanned<uint64_t> index_length;
  Spanned<uint64_t> data_length;
  Spanned<uint64_t> footer_length;
  Spanned<uint64_t> number_of_rows;
  Spanned<uint64_t> encrypt_stripe_id;
  SpannedList<Bytes> encrypted_local_keys;
};

struct UserMetadataItem {
  Spanned<std::string_view> name;
  Spanned<Bytes> value;
};

struct StripeStatistics {
  SpannedList<ColumnStatistics> col_stats;
};

struct Metadata {
  SpannedList<StripeStatistics> stripe_stats;
};

struct ColumnarStripeStatistics {
  SpannedList<ColumnStatistics> col_stats;
};

struct DataMask {
  Spanned<std::string_view> name;
  SpannedList<std::string_view> mask_parameters;
  SpannedList<uint32_t> columns;
};

struct EncryptionKey {
  Spanned<std::string_view> key_name;
  Spanned<uint32_t> key_version;
  Spanned<int64_t> algorithm;  // EncryptionAlgorithm
};

struct EncryptionVariant {
  Spanned<uint32_t> root;
  Spanned<uint32_t> key;
  Spanned<Bytes> encrypted_key;
  SpannedList<Stream> stripe_statistics;
  Spanned<Bytes> file_statistics;
};

struct Encryption {
  SpannedList<DataMask> mask;
  SpannedList<EncryptionKey> key;
  SpannedList<EncryptionVariant> variants;
  Spanned<int64_t> key_provider;  // KeyProviderKind
};

struct Footer {
  Spanned<uint64_t> header_length;
  Spanned<uint64_t> content_length;
  SpannedList<StripeInformation> stripes;
  SpannedList<Type> types;
  SpannedList<UserMetadataItem> metadata;
  Spanned<uint64_t> number_of_rows;
  SpannedList<ColumnStatistics> statistics;
  Spanned<uint32_t> row_index_stride;
  Spanned<uint32_t> writer;
  Spanned<Encryption> encryption;
  Spanned<int64_t> calendar;  // CalendarKind
  Spanned<std::string_view> software_version;
};

struct PostScript {
  Spanned<uint64_t> footer_length;
  Spanned<int64_t> compression;  // CompressionKind
  Spanned<uint64_t> compression_block_size;
  SpannedList<uint32_t> version;
  Spanned<uint64_t> metadata_length;
  Spanned<uint32_t> writer_version;
  Spanned<uint64_t> stripe_statistics_length;
  Spanned<std::string_view> magic;
};

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_METADATA_H_
