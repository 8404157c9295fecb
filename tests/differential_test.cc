// Differential test: colcheck's hand-written footer decoder against the code
// Apache Thrift generates from validator/parquet/parquet.thrift.
//
// Two sources of footers:
//  * every *.parquet file under $COLCHECK_EXTERNAL_CORPUS/parquet-testing;
//  * FileMetaData built with the generated classes from a fixed seed and
//    serialized with TCompactProtocol.
// Whenever colcheck decodes a footer without errors, Apache Thrift must
// decode it too, and every field value must agree. Every span colcheck
// records must lie inside the footer, in absolute file offsets.

#include <gtest/gtest-spi.h>
#include <gtest/gtest.h>
#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <limits>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "parquet/metadata.h"
#include "parquet/metadata_decoder.h"
#include "parquet_types.h"  // Generated into the build tree.
#include "thrift/compact_reader.h"

namespace colcheck {
namespace {

namespace idl = ::colcheck_idl;
namespace pq = ::colcheck::parquet;
using ::apache::thrift::protocol::TCompactProtocolT;
using ::apache::thrift::transport::TMemoryBuffer;

// ---- decoding both ways -----------------------------------------------------

struct Footer {
  ByteSpan span;  // Absolute offsets of the FileMetaData bytes.
  pq::FileMetaData ours;
  bool ours_ok = false;
  std::vector<Diagnostic> diagnostics;
};

// Decodes the footer at `span` of `file` with colcheck.
void DecodeOurs(std::span<const std::byte> file, ByteSpan span, Footer* out) {
  out->span = span;
  const ByteReader whole(file, 0);
  ByteReader sub;
  ASSERT_TRUE(whole.Sub(span.offset, span.length, &sub));
  DiagnosticSink sink;
  thrift::Decoder d(sub, &sink);
  out->ours_ok = pq::DecodeFileMetaData(d, &out->ours) && !sink.has_errors();
  out->diagnostics = sink.Take();
}

// Decodes the same bytes with Apache Thrift. Returns false and sets `error`
// if it throws.
bool DecodeTheirs(std::span<const std::byte> bytes, idl::FileMetaData* out,
                  std::string* error) {
  try {
    auto buffer = std::make_shared<TMemoryBuffer>(
        const_cast<uint8_t*>(reinterpret_cast<const uint8_t*>(bytes.data())),
        static_cast<uint32_t>(bytes.size()), TMemoryBuffer::OBSERVE);
    TCompactProtocolT<TMemoryBuffer> protocol(buffer);
    out->read(&protocol);
    return true;
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
}

std::string Serialize(const idl::FileMetaData& md) {
  auto buffer = std::make_shared<TMemoryBuffer>();
  TCompactProtocolT<TMemoryBuffer> protocol(buffer);
  md.write(&protocol);
  return buffer->getBufferAsString();
}

// ---- comparison -------------------------------------------------------------

// Compares colcheck's view of the model with Apache Thrift's. `footer` is
// the span every decoded value must lie in.
class Comparer {
 public:
  explicit Comparer(ByteSpan footer) : footer_(footer) {}

  void FileMetaData(const pq::FileMetaData& a, const idl::FileMetaData& b) {
    Required("version", a.version, b.version);
    Required("num_rows", a.num_rows, b.num_rows);
    ExpectInside("schema", a.schema);
    ASSERT_EQ(a.schema.value.size(), b.schema.size());
    for (size_t i = 0; i < b.schema.size(); ++i) {
      SCOPED_TRACE("schema[" + std::to_string(i) + "]");
      SchemaElement(a.schema.value[i].value, b.schema[i]);
    }
    ExpectInside("row_groups", a.row_groups);
    ASSERT_EQ(a.row_groups.value.size(), b.row_groups.size());
    for (size_t i = 0; i < b.row_groups.size(); ++i) {
      SCOPED_TRACE("row_groups[" + std::to_string(i) + "]");
      RowGroup(a.row_groups.value[i].value, b.row_groups[i]);
    }
    KeyValues(a.key_value_metadata, b.__isset.key_value_metadata,
              b.key_value_metadata);
    Optional("created_by", a.created_by, b.__isset.created_by, b.created_by);
    EXPECT_EQ(a.column_orders.present, b.__isset.column_orders);
    ASSERT_EQ(a.column_orders.value.size(), b.column_orders.size());
    for (size_t i = 0; i < b.column_orders.size(); ++i) {
      const idl::ColumnOrder& o = b.column_orders[i];
      // colcheck models all three orders by member id.
      const int16_t expected = o.__isset.TYPE_ORDER              ? 1
                               : o.__isset.IEEE_754_TOTAL_ORDER  ? 2
                               : o.__isset.INT96_TIMESTAMP_ORDER ? 3
                                                                 : 0;
      EXPECT_EQ(a.column_orders.value[i].value.id, expected)
          << "column_orders[" << i << "]";
    }
    EXPECT_EQ(a.encryption_algorithm.present, b.__isset.encryption_algorithm);
    if (a.encryption_algorithm.present && b.__isset.encryption_algorithm) {
      const auto& ea = a.encryption_algorithm.value;
      const auto& eb = b.encryption_algorithm;
      EXPECT_EQ(ea.id, eb.__isset.AES_GCM_V1       ? 1
                       : eb.__isset.AES_GCM_CTR_V1 ? 2
                                                   : 0);
      const idl::AesGcmV1* v1 =
          eb.__isset.AES_GCM_V1 ? &eb.AES_GCM_V1 : nullptr;
      if (v1 != nullptr) {
        Optional("aad_prefix", ea.aad_prefix, v1->__isset.aad_prefix,
                 v1->aad_prefix);
        Optional("aad_file_unique", ea.aad_file_unique,
                 v1->__isset.aad_file_unique, v1->aad_file_unique);
        Optional("supply_aad_prefix", ea.supply_aad_prefix,
                 v1->__isset.supply_aad_prefix, v1->supply_aad_prefix);
      }
    }
    Optional("footer_signing_key_metadata", a.footer_signing_key_metadata,
             b.__isset.footer_signing_key_metadata,
             b.footer_signing_key_metadata);
  }

 private:
  void SchemaElement(const pq::SchemaElement& a, const idl::SchemaElement& b) {
    Optional("type", a.type, b.__isset.type, b.type);
    Optional("type_length", a.type_length, b.__isset.type_length,
             b.type_length);
    Optional("repetition_type", a.repetition_type, b.__isset.repetition_type,
             b.repetition_type);
    Required("name", a.name, b.name);
    Optional("num_children", a.num_children, b.__isset.num_children,
             b.num_children);
    Optional("converted_type", a.converted_type, b.__isset.converted_type,
             b.converted_type);
    Optional("scale", a.scale, b.__isset.scale, b.scale);
    Optional("precision", a.precision, b.__isset.precision, b.precision);
    Optional("field_id", a.field_id, b.__isset.field_id, b.field_id);
    EXPECT_EQ(a.logical_type.present, b.__isset.logicalType);
    if (a.logical_type.present && b.__isset.logicalType) {
      ExpectInside("logicalType", a.logical_type);
      LogicalType(a.logical_type.value, b.logicalType);
    }
  }

  static int16_t LogicalId(const idl::LogicalType& t) {
    const auto& s = t.__isset;
    const std::pair<bool, int16_t> members[] = {
        {s.STRING, 1},     {s.MAP, 2},      {s.LIST, 3},     {s.ENUM, 4},
        {s.DECIMAL, 5},    {s.DATE, 6},     {s.TIME, 7},     {s.TIMESTAMP, 8},
        {s.INTEGER, 10},   {s.UNKNOWN, 11}, {s.JSON, 12},    {s.BSON, 13},
        {s.UUID, 14},      {s.FLOAT16, 15}, {s.VARIANT, 16}, {s.GEOMETRY, 17},
        {s.GEOGRAPHY, 18}, {s.VECTOR, 19}};
    for (const auto& [set, id] : members) {
      if (set) return id;
    }
    return 0;
  }

  static int16_t UnitId(const idl::TimeUnit& u) {
    return u.__isset.MILLIS   ? 1
           : u.__isset.MICROS ? 2
           : u.__isset.NANOS  ? 3
                              : 0;
  }

  void LogicalType(const pq::LogicalType& a, const idl::LogicalType& b) {
    EXPECT_EQ(a.id, LogicalId(b)) << "logicalType member";
    if (b.__isset.DECIMAL) {
      Required("DECIMAL.scale", a.decimal.scale, b.DECIMAL.scale);
      Required("DECIMAL.precision", a.decimal.precision, b.DECIMAL.precision);
    }
    if (b.__isset.TIME || b.__isset.TIMESTAMP) {
      const bool adjusted =
          b.__isset.TIME ? b.TIME.isAdjustedToUTC : b.TIMESTAMP.isAdjustedToUTC;
      const idl::TimeUnit& unit =
          b.__isset.TIME ? b.TIME.unit : b.TIMESTAMP.unit;
      Required("isAdjustedToUTC", a.time.is_adjusted_to_utc, adjusted);
      EXPECT_TRUE(a.time.unit.present);
      EXPECT_EQ(a.time.unit.value, UnitId(unit)) << "unit";
    }
    if (b.__isset.INTEGER) {
      Required("bitWidth", a.integer.bit_width, b.INTEGER.bitWidth);
      Required("isSigned", a.integer.is_signed, b.INTEGER.isSigned);
    }
  }

  void RowGroup(const pq::RowGroup& a, const idl::RowGroup& b) {
    Required("num_rows", a.num_rows, b.num_rows);
    Required("total_byte_size", a.total_byte_size, b.total_byte_size);
    Optional("file_offset", a.file_offset, b.__isset.file_offset,
             b.file_offset);
    Optional("total_compressed_size", a.total_compressed_size,
             b.__isset.total_compressed_size, b.total_compressed_size);
    Optional("ordinal", a.ordinal, b.__isset.ordinal, b.ordinal);
    EXPECT_EQ(a.sorting_columns.present, b.__isset.sorting_columns);
    ASSERT_EQ(a.sorting_columns.value.size(), b.sorting_columns.size());
    for (size_t i = 0; i < b.sorting_columns.size(); ++i) {
      const auto& sa = a.sorting_columns.value[i].value;
      const auto& sb = b.sorting_columns[i];
      Required("column_idx", sa.column_idx, sb.column_idx);
      Required("descending", sa.descending, sb.descending);
      Required("nulls_first", sa.nulls_first, sb.nulls_first);
    }
    ExpectInside("columns", a.columns);
    ASSERT_EQ(a.columns.value.size(), b.columns.size());
    for (size_t i = 0; i < b.columns.size(); ++i) {
      SCOPED_TRACE("columns[" + std::to_string(i) + "]");
      ColumnChunk(a.columns.value[i].value, b.columns[i]);
    }
  }

  void ColumnChunk(const pq::ColumnChunk& a, const idl::ColumnChunk& b) {
    Optional("file_path", a.file_path, b.__isset.file_path, b.file_path);
    Required("file_offset", a.file_offset, b.file_offset);
    Optional("offset_index_offset", a.offset_index_offset,
             b.__isset.offset_index_offset, b.offset_index_offset);
    Optional("offset_index_length", a.offset_index_length,
             b.__isset.offset_index_length, b.offset_index_length);
    Optional("column_index_offset", a.column_index_offset,
             b.__isset.column_index_offset, b.column_index_offset);
    Optional("column_index_length", a.column_index_length,
             b.__isset.column_index_length, b.column_index_length);
    EXPECT_EQ(a.crypto_metadata.present, b.__isset.crypto_metadata);
    if (a.crypto_metadata.present && b.__isset.crypto_metadata) {
      const auto& cb = b.crypto_metadata;
      EXPECT_EQ(a.crypto_metadata.value.id,
                cb.__isset.ENCRYPTION_WITH_FOOTER_KEY   ? 1
                : cb.__isset.ENCRYPTION_WITH_COLUMN_KEY ? 2
                                                        : 0);
      if (cb.__isset.ENCRYPTION_WITH_COLUMN_KEY) {
        Strings("crypto_metadata.path_in_schema",
                a.crypto_metadata.value.path_in_schema,
                cb.ENCRYPTION_WITH_COLUMN_KEY.path_in_schema);
      }
    }
    Optional("encrypted_column_metadata", a.encrypted_column_metadata,
             b.__isset.encrypted_column_metadata, b.encrypted_column_metadata);
    EXPECT_EQ(a.meta_data.present, b.__isset.meta_data);
    if (a.meta_data.present && b.__isset.meta_data) {
      ExpectInside("meta_data", a.meta_data);
      ColumnMetaData(a.meta_data.value, b.meta_data);
    }
  }

  void ColumnMetaData(const pq::ColumnMetaData& a,
                      const idl::ColumnMetaData& b) {
    Required("type", a.type, b.type);
    EXPECT_TRUE(a.encodings.present);
    ASSERT_EQ(a.encodings.value.size(), b.encodings.size());
    for (size_t i = 0; i < b.encodings.size(); ++i) {
      EXPECT_EQ(a.encodings.value[i].value,
                static_cast<int32_t>(b.encodings[i]))
          << "encodings[" << i << "]";
      ExpectInside("encodings[]", a.encodings.value[i]);
    }
    Strings("path_in_schema", a.path_in_schema, b.path_in_schema);
    Required("codec", a.codec, b.codec);
    Required("num_values", a.num_values, b.num_values);
    Required("total_uncompressed_size", a.total_uncompressed_size,
             b.total_uncompressed_size);
    Required("total_compressed_size", a.total_compressed_size,
             b.total_compressed_size);
    KeyValues(a.key_value_metadata, b.__isset.key_value_metadata,
              b.key_value_metadata);
    Required("data_page_offset", a.data_page_offset, b.data_page_offset);
    Optional("index_page_offset", a.index_page_offset,
             b.__isset.index_page_offset, b.index_page_offset);
    Optional("dictionary_page_offset", a.dictionary_page_offset,
             b.__isset.dictionary_page_offset, b.dictionary_page_offset);
    EXPECT_EQ(a.statistics.present, b.__isset.statistics);
    if (a.statistics.present && b.__isset.statistics) {
      Statistics(a.statistics.value, b.statistics);
    }
    EXPECT_EQ(a.encoding_stats.present, b.__isset.encoding_stats);
    ASSERT_EQ(a.encoding_stats.value.size(), b.encoding_stats.size());
    for (size_t i = 0; i < b.encoding_stats.size(); ++i) {
      const auto& ea = a.encoding_stats.value[i].value;
      const auto& eb = b.encoding_stats[i];
      Required("page_type", ea.page_type, eb.page_type);
      Required("encoding", ea.encoding, eb.encoding);
      Required("count", ea.count, eb.count);
    }
    Optional("bloom_filter_offset", a.bloom_filter_offset,
             b.__isset.bloom_filter_offset, b.bloom_filter_offset);
    Optional("bloom_filter_length", a.bloom_filter_length,
             b.__isset.bloom_filter_length, b.bloom_filter_length);
    EXPECT_EQ(a.size_statistics.present, b.__isset.size_statistics);
    if (a.size_statistics.present && b.__isset.size_statistics) {
      const auto& sa = a.size_statistics.value;
      const auto& sb = b.size_statistics;
      Optional("unencoded_byte_array_data_bytes",
               sa.unencoded_byte_array_data_bytes,
               sb.__isset.unencoded_byte_array_data_bytes,
               sb.unencoded_byte_array_data_bytes);
      Int64s("repetition_level_histogram", sa.repetition_level_histogram,
             sb.__isset.repetition_level_histogram,
             sb.repetition_level_histogram);
      Int64s("definition_level_histogram", sa.definition_level_histogram,
             sb.__isset.definition_level_histogram,
             sb.definition_level_histogram);
    }
  }

  void Statistics(const pq::Statistics& a, const idl::Statistics& b) {
    Optional("max", a.max, b.__isset.max, b.max);
    Optional("min", a.min, b.__isset.min, b.min);
    Optional("null_count", a.null_count, b.__isset.null_count, b.null_count);
    Optional("distinct_count", a.distinct_count, b.__isset.distinct_count,
             b.distinct_count);
    Optional("max_value", a.max_value, b.__isset.max_value, b.max_value);
    Optional("min_value", a.min_value, b.__isset.min_value, b.min_value);
    Optional("is_max_value_exact", a.is_max_value_exact,
             b.__isset.is_max_value_exact, b.is_max_value_exact);
    Optional("is_min_value_exact", a.is_min_value_exact,
             b.__isset.is_min_value_exact, b.is_min_value_exact);
    Optional("nan_count", a.nan_count, b.__isset.nan_count, b.nan_count);
  }

  void KeyValues(const SpannedList<pq::KeyValue>& a, bool isset,
                 const std::vector<idl::KeyValue>& b) {
    EXPECT_EQ(a.present, isset) << "key_value_metadata";
    ASSERT_EQ(a.value.size(), b.size());
    for (size_t i = 0; i < b.size(); ++i) {
      Required("key", a.value[i].value.key, b[i].key);
      Optional("value", a.value[i].value.value, b[i].__isset.value, b[i].value);
    }
  }

  void Strings(const char* name, const SpannedList<std::string_view>& a,
               const std::vector<std::string>& b) {
    EXPECT_TRUE(a.present) << name;
    ASSERT_EQ(a.value.size(), b.size()) << name;
    for (size_t i = 0; i < b.size(); ++i) {
      EXPECT_EQ(a.value[i].value, b[i]) << name << "[" << i << "]";
      ExpectInside(name, a.value[i]);
    }
  }

  void Int64s(const char* name, const SpannedList<int64_t>& a, bool isset,
              const std::vector<int64_t>& b) {
    EXPECT_EQ(a.present, isset) << name;
    ASSERT_EQ(a.value.size(), b.size()) << name;
    for (size_t i = 0; i < b.size(); ++i) {
      EXPECT_EQ(a.value[i].value, b[i]) << name << "[" << i << "]";
    }
  }

  // Values compare as colcheck stores them: enums as int32, binary and
  // strings as bytes.
  template <typename T, typename U>
  static bool Same(const T& a, const U& b) {
    if constexpr (std::is_same_v<T, std::string_view>) {
      return a == std::string_view(b);
    } else {
      return a == static_cast<T>(b);
    }
  }

  template <typename T>
  void ExpectInside(const char* name, const Spanned<T>& v) {
    if (!v.present) return;
    EXPECT_GE(v.span.offset, footer_.offset) << name;
    EXPECT_LE(v.span.end(), footer_.end()) << name;
    if (v.header.length > 0) {
      EXPECT_GE(v.header.offset, footer_.offset) << name;
      EXPECT_LE(v.header.end(), v.span.end()) << name;
    }
  }

  template <typename T, typename U>
  void Required(const char* name, const Spanned<T>& a, const U& b) {
    EXPECT_TRUE(a.present) << name;
    EXPECT_TRUE(Same(a.value, b)) << name << ": colcheck " << Show(a.value)
                                  << ", Apache Thrift " << Show(b);
    ExpectInside(name, a);
  }

  template <typename T, typename U>
  void Optional(const char* name, const Spanned<T>& a, bool isset, const U& b) {
    EXPECT_EQ(a.present, isset) << name;
    if (a.present && isset) {
      EXPECT_TRUE(Same(a.value, b)) << name << ": colcheck " << Show(a.value)
                                    << ", Apache Thrift " << Show(b);
    }
    ExpectInside(name, a);
  }

  template <typename T>
  static std::string Show(const T& v) {
    if constexpr (std::is_same_v<T, std::string_view> ||
                  std::is_same_v<T, std::string>) {
      return "\"" + std::string(v) + "\"";
    } else if constexpr (std::is_enum_v<T>) {
      return std::to_string(static_cast<int64_t>(v));
    } else {
      return std::to_string(v);
    }
  }

  ByteSpan footer_;
};

// ---- the external corpus ----------------------------------------------------

std::vector<std::byte> ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  const std::vector<char> chars((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  std::vector<std::byte> out(chars.size());
  for (size_t i = 0; i < chars.size(); ++i) out[i] = std::byte(chars[i]);
  return out;
}

// Locates the plaintext footer from the 8-byte tail: a 4-byte little-endian
// length and "PAR1". Returns false for encrypted footers (PARE) and for
// tails that are malformed, which other tests cover.
bool LocateFooter(std::span<const std::byte> file, ByteSpan* footer) {
  if (file.size() < 12) return false;
  ByteReader tail(file.subspan(file.size() - 8), file.size() - 8);
  uint32_t length;
  std::span<const std::byte> magic;
  if (!tail.ReadU32LE(&length) || !tail.ReadBytes(4, &magic)) return false;
  if (AsChars(magic) != "PAR1") return false;
  if (length == 0 || length > file.size() - 12) return false;
  *footer = {file.size() - 8 - length, length};
  return true;
}

TEST(DifferentialTest, ExternalCorpusMatchesApacheThrift) {
  const char* root_env = std::getenv("COLCHECK_EXTERNAL_CORPUS");
  if (root_env == nullptr || *root_env == '\0') {
    GTEST_SKIP() << "COLCHECK_EXTERNAL_CORPUS is not set; configure with "
                    "-DCOLCHECK_EXTERNAL_CORPUS=<dir holding parquet-testing>";
  }
  const std::filesystem::path root =
      std::filesystem::path(root_env) / "parquet-testing";
  if (!std::filesystem::is_directory(root)) {
    GTEST_SKIP() << root << " does not exist";
  }
  std::vector<std::filesystem::path> files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root)) {
    if (entry.is_regular_file() && entry.path().extension() == ".parquet") {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());

  int compared = 0, rejected_by_colcheck = 0, skipped = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const std::vector<std::byte> file = ReadFile(path);
    ByteSpan span;
    if (!LocateFooter(file, &span)) {
      ++skipped;
      continue;
    }
    Footer footer;
    DecodeOurs(file, span, &footer);
    if (!footer.ours_ok) {
      ++rejected_by_colcheck;
      continue;
    }
    idl::FileMetaData theirs;
    std::string error;
    const auto bytes = std::span(file).subspan(span.offset, span.length);
    if (!DecodeTheirs(bytes, &theirs, &error)) {
      ADD_FAILURE() << "colcheck accepted a footer that Apache Thrift "
                       "rejects: "
                    << error;
      continue;
    }
    Comparer(span).FileMetaData(footer.ours, theirs);
    ++compared;
  }
  std::cout << "[ differential ] " << files.size() << " files: " << compared
            << " compared, " << rejected_by_colcheck
            << " with colcheck errors, " << skipped
            << " without a plaintext footer\n";
  EXPECT_GT(compared, 0) << "no footer of the corpus was compared";
}

// ---- generated footers ------------------------------------------------------

// Builds FileMetaData from a seed with the generated classes. Every value is
// valid for the Thrift encoding (strings are UTF-8, required fields set);
// Parquet-level rules are not the point and are not respected.
class MetadataGenerator {
 public:
  explicit MetadataGenerator(uint64_t seed) : rng_(seed) {}

  idl::FileMetaData File() {
    idl::FileMetaData md;
    md.version = Pick({1, 2, 0, -1, std::numeric_limits<int32_t>::max()});
    md.num_rows = Int64();
    const int leaves = Uniform(1, 6);
    md.schema.push_back(Root(leaves));
    for (int i = 0; i < leaves; ++i) md.schema.push_back(Leaf(i));
    const int groups = Uniform(0, 4);
    for (int g = 0; g < groups; ++g) md.row_groups.push_back(Group(leaves));
    if (Chance()) md.__set_key_value_metadata(KeyValues());
    if (Chance()) md.__set_created_by(Text());
    if (Chance()) {
      std::vector<idl::ColumnOrder> orders;
      for (int i = 0; i < leaves; ++i) {
        idl::ColumnOrder o;
        switch (Uniform(0, 2)) {
          case 0:
            o.__set_TYPE_ORDER({});
            break;
          case 1:
            o.__set_IEEE_754_TOTAL_ORDER({});
            break;
          default:
            o.__set_INT96_TIMESTAMP_ORDER({});
            break;
        }
        orders.push_back(o);
      }
      md.__set_column_orders(orders);
    }
    if (Uniform(0, 5) == 0) {
      idl::AesGcmV1 v1;
      if (Chance()) v1.__set_aad_prefix(Bytes());
      if (Chance()) v1.__set_aad_file_unique(Bytes());
      if (Chance()) v1.__set_supply_aad_prefix(Chance());
      idl::EncryptionAlgorithm ea;
      ea.__set_AES_GCM_V1(v1);
      md.__set_encryption_algorithm(ea);
      if (Chance()) md.__set_footer_signing_key_metadata(Bytes());
    }
    return md;
  }

 private:
  int Uniform(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng_);
  }
  bool Chance() { return Uniform(0, 1) == 1; }
  template <typename T>
  T Pick(std::initializer_list<T> options) {
    return options.begin()[Uniform(0, static_cast<int>(options.size()) - 1)];
  }
  int64_t Int64() {
    switch (Uniform(0, 3)) {
      case 0:
        return Pick<int64_t>({0, -1, std::numeric_limits<int64_t>::min(),
                              std::numeric_limits<int64_t>::max()});
      case 1:
        return Uniform(0, 1000);
      default:
        return static_cast<int64_t>(rng_());
    }
  }
  int32_t Int32() {
    return Chance() ? Uniform(-5, 1000)
                    : static_cast<int32_t>(static_cast<uint32_t>(rng_()));
  }
  std::string Text() {
    static const char* const kPieces[] = {
        "a", "col", "_", "é", "日本", "😀", " ", "version 1.2 (build x)"};
    std::string out;
    const int n = Uniform(0, 6);
    for (int i = 0; i < n; ++i) out += kPieces[Uniform(0, 7)];
    return out;
  }
  std::string Bytes() {
    std::string out(Uniform(0, 20), '\0');
    for (char& c : out) c = static_cast<char>(rng_());
    return out;
  }
  std::vector<idl::KeyValue> KeyValues() {
    std::vector<idl::KeyValue> out(Uniform(0, 3));
    for (auto& kv : out) {
      kv.key = Text();
      if (Chance()) kv.__set_value(Text());
    }
    return out;
  }

  idl::SchemaElement Root(int children) {
    idl::SchemaElement e;
    e.name = Chance() ? "schema" : Text();
    e.__set_num_children(children);
    return e;
  }

  idl::SchemaElement Leaf(int i) {
    idl::SchemaElement e;
    e.name = "c" + std::to_string(i) + Text();
    e.__set_type(static_cast<idl::Type::type>(Uniform(0, 7)));
    e.__set_repetition_type(
        static_cast<idl::FieldRepetitionType::type>(Uniform(0, 2)));
    if (Chance()) e.__set_type_length(Int32());
    if (Chance()) {
      e.__set_converted_type(
          static_cast<idl::ConvertedType::type>(Uniform(0, 21)));
    }
    if (Chance()) e.__set_scale(Uniform(0, 38));
    if (Chance()) e.__set_precision(Uniform(1, 38));
    if (Chance()) e.__set_field_id(Int32());
    if (Chance()) e.__set_logicalType(Logical());
    return e;
  }

  idl::LogicalType Logical() {
    idl::LogicalType t;
    idl::TimeUnit unit;
    switch (Uniform(0, 2)) {
      case 0:
        unit.__set_MILLIS({});
        break;
      case 1:
        unit.__set_MICROS({});
        break;
      default:
        unit.__set_NANOS({});
        break;
    }
    switch (Uniform(0, 17)) {
      case 0:
        t.__set_STRING({});
        break;
      case 1:
        t.__set_MAP({});
        break;
      case 2:
        t.__set_LIST({});
        break;
      case 3:
        t.__set_ENUM({});
        break;
      case 4: {
        idl::DecimalType d;
        d.scale = Uniform(0, 10);
        d.precision = Uniform(1, 38);
        t.__set_DECIMAL(d);
        break;
      }
      case 5:
        t.__set_DATE({});
        break;
      case 6: {
        idl::TimeType v;
        v.isAdjustedToUTC = Chance();
        v.unit = unit;
        t.__set_TIME(v);
        break;
      }
      case 7: {
        idl::TimestampType v;
        v.isAdjustedToUTC = Chance();
        v.unit = unit;
        t.__set_TIMESTAMP(v);
        break;
      }
      case 8: {
        idl::IntType v;
        v.bitWidth = Pick<int8_t>({8, 16, 32, 64, -1});
        v.isSigned = Chance();
        t.__set_INTEGER(v);
        break;
      }
      case 9:
        t.__set_UNKNOWN({});
        break;
      case 10:
        t.__set_JSON({});
        break;
      case 11:
        t.__set_BSON({});
        break;
      case 12:
        t.__set_UUID({});
        break;
      case 13:
        t.__set_FLOAT16({});
        break;
      case 14: {
        idl::VariantType v;
        if (Chance()) v.__set_specification_version(1);
        t.__set_VARIANT(v);
        break;
      }
      case 15: {
        idl::GeometryType v;
        if (Chance()) v.__set_crs("OGC:CRS84");
        t.__set_GEOMETRY(v);
        break;
      }
      case 16: {
        idl::GeographyType v;
        if (Chance()) v.__set_crs(Text());
        if (Chance()) {
          v.__set_algorithm(idl::EdgeInterpolationAlgorithm::KARNEY);
        }
        t.__set_GEOGRAPHY(v);
        break;
      }
      default:
        t.__set_VECTOR({});
        break;
    }
    return t;
  }

  idl::Statistics Stats() {
    idl::Statistics s;
    if (Chance()) s.__set_max(Bytes());
    if (Chance()) s.__set_min(Bytes());
    if (Chance()) s.__set_null_count(Int64());
    if (Chance()) s.__set_distinct_count(Int64());
    if (Chance()) s.__set_max_value(Bytes());
    if (Chance()) s.__set_min_value(Bytes());
    if (Chance()) s.__set_is_max_value_exact(Chance());
    if (Chance()) s.__set_is_min_value_exact(Chance());
    if (Chance()) s.__set_nan_count(Int64());
    return s;
  }

  idl::ColumnMetaData ColumnMeta(int leaf) {
    idl::ColumnMetaData m;
    m.type = static_cast<idl::Type::type>(Uniform(0, 7));
    const int encodings = Uniform(0, 20);  // Past 14: long list form.
    for (int i = 0; i < encodings; ++i) {
      m.encodings.push_back(static_cast<idl::Encoding::type>(Uniform(0, 9)));
    }
    m.path_in_schema = {"c" + std::to_string(leaf)};
    if (Chance()) m.path_in_schema.push_back(Text());
    m.codec = static_cast<idl::CompressionCodec::type>(Uniform(0, 7));
    m.num_values = Int64();
    m.total_uncompressed_size = Int64();
    m.total_compressed_size = Int64();
    m.data_page_offset = Int64();
    if (Chance()) m.__set_key_value_metadata(KeyValues());
    if (Chance()) m.__set_index_page_offset(Int64());
    if (Chance()) m.__set_dictionary_page_offset(Int64());
    if (Chance()) m.__set_statistics(Stats());
    if (Chance()) {
      std::vector<idl::PageEncodingStats> stats(Uniform(0, 3));
      for (auto& s : stats) {
        s.page_type = static_cast<idl::PageType::type>(Uniform(0, 3));
        s.encoding = static_cast<idl::Encoding::type>(Uniform(0, 9));
        s.count = Int32();
      }
      m.__set_encoding_stats(stats);
    }
    if (Chance()) m.__set_bloom_filter_offset(Int64());
    if (Chance()) m.__set_bloom_filter_length(Int32());
    if (Chance()) {
      idl::SizeStatistics s;
      if (Chance()) s.__set_unencoded_byte_array_data_bytes(Int64());
      if (Chance()) s.__set_repetition_level_histogram({1, 2, Int64()});
      if (Chance()) {
        s.__set_definition_level_histogram(
            std::vector<int64_t>(Uniform(0, 17), Int64()));
      }
      m.__set_size_statistics(s);
    }
    return m;
  }

  idl::RowGroup Group(int leaves) {
    idl::RowGroup g;
    for (int i = 0; i < leaves; ++i) {
      idl::ColumnChunk c;
      c.file_offset = Chance() ? 0 : Int64();
      if (Uniform(0, 9) != 0) c.__set_meta_data(ColumnMeta(i));
      if (Uniform(0, 4) == 0) c.__set_file_path(Text());
      if (Chance()) {
        c.__set_offset_index_offset(Int64());
        c.__set_offset_index_length(Int32());
      }
      if (Chance()) {
        c.__set_column_index_offset(Int64());
        c.__set_column_index_length(Int32());
      }
      if (Uniform(0, 5) == 0) {
        idl::ColumnCryptoMetaData crypto;
        if (Chance()) {
          crypto.__set_ENCRYPTION_WITH_FOOTER_KEY({});
        } else {
          idl::EncryptionWithColumnKey key;
          key.path_in_schema = {"c" + std::to_string(i)};
          if (Chance()) key.__set_key_metadata(Bytes());
          crypto.__set_ENCRYPTION_WITH_COLUMN_KEY(key);
          if (Chance()) c.__set_encrypted_column_metadata(Bytes());
        }
        c.__set_crypto_metadata(crypto);
      }
      g.columns.push_back(c);
    }
    g.total_byte_size = Int64();
    g.num_rows = Int64();
    if (Chance()) {
      std::vector<idl::SortingColumn> sorting(Uniform(0, 2));
      for (auto& s : sorting) {
        s.column_idx = Uniform(0, leaves);
        s.descending = Chance();
        s.nulls_first = Chance();
      }
      g.__set_sorting_columns(sorting);
    }
    if (Chance()) g.__set_file_offset(Int64());
    if (Chance()) g.__set_total_compressed_size(Int64());
    if (Chance()) g.__set_ordinal(static_cast<int16_t>(Uniform(-1, 32767)));
    return g;
  }

  std::mt19937_64 rng_;
};

TEST(DifferentialTest, GeneratedFootersMatchApacheThrift) {
  constexpr int kFiles = 300;
  for (int seed = 0; seed < kFiles; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    const idl::FileMetaData expected = MetadataGenerator(seed).File();
    const std::string serialized = Serialize(expected);
    // Embed the footer at a seed-dependent offset behind a magic, as in a
    // file, so that relative offsets would not pass for absolute ones.
    std::vector<std::byte> file;
    const std::string_view magic = "PAR1";
    for (char c : magic) file.push_back(std::byte(c));
    file.resize(4 + static_cast<size_t>(seed) * 7, std::byte{0});
    const ByteSpan span{file.size(), serialized.size()};
    for (char c : serialized) file.push_back(std::byte(c));

    Footer footer;
    DecodeOurs(file, span, &footer);
    ASSERT_TRUE(footer.ours_ok);
    for (const Diagnostic& d : footer.diagnostics) {
      // Only what colcheck does not model may be noted.
      EXPECT_TRUE(d.code == Code::kThriftUnknownUnionMember ||
                  d.code == Code::kThriftUnknownField)
          << Info(d.code).name << " at " << d.offset << " " << d.field;
      EXPECT_GE(d.offset, span.offset);
      EXPECT_LE(d.offset + d.length, span.end());
    }
    // The generated reader must agree with itself, and colcheck with it.
    idl::FileMetaData theirs;
    std::string error;
    ASSERT_TRUE(
        DecodeTheirs(std::span(file).subspan(span.offset), &theirs, &error))
        << error;
    EXPECT_TRUE(theirs == expected);
    Comparer(span).FileMetaData(footer.ours, expected);
    if (HasFatalFailure() || HasNonfatalFailure()) break;
  }
}

// The comparison itself must be able to fail: a footer that differs in one
// value is caught.
TEST(DifferentialTest, ComparerDetectsADifference) {
  idl::FileMetaData md = MetadataGenerator(7).File();
  const std::string serialized = Serialize(md);
  std::vector<std::byte> file;
  for (char c : serialized) file.push_back(std::byte(c));
  Footer footer;
  DecodeOurs(file, {0, file.size()}, &footer);
  ASSERT_TRUE(footer.ours_ok);
  md.num_rows ^= 1;
  ::testing::TestPartResultArray failures;
  {
    ::testing::ScopedFakeTestPartResultReporter reporter(
        ::testing::ScopedFakeTestPartResultReporter::
            INTERCEPT_ONLY_CURRENT_THREAD,
        &failures);
    Comparer({0, file.size()}).FileMetaData(footer.ours, md);
  }
  EXPECT_EQ(failures.size(), 1);
}

}  // namespace
}  // namespace colcheck
