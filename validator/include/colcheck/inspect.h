// colcheck inspection: what a file holds and where, for the tools that show
// it (`colcheck explain`, `schema`, `report`, `plan`).
//
// Validation (colcheck.h) says what is wrong; inspection also says what is
// there. Inspecting a file validates it in the same pass, with the same
// decoders, so every region and field below carries the same absolute byte
// spans as the diagnostics, and a hostile file is as safe to inspect as to
// validate: everything here is bounded by the bytes that exist.
//
//   colcheck::InspectOptions options;
//   colcheck::Inspection inspection;
//   colcheck::Status status =
//       colcheck::InspectFile("a.parquet", options, &inspection);
//   for (const colcheck::Region& r : inspection.layout.regions) { ... }

#ifndef COLCHECK_INSPECT_H_
#define COLCHECK_INSPECT_H_

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// ---- names of Parquet enum values -------------------------------------------
// Each returns the IDL's name (parquet.thrift), or "" for a value the enum
// lacks; renderers then print the number.
std::string_view PhysicalTypeName(int32_t type);      // "INT32"
std::string_view ConvertedTypeName(int32_t type);     // "UTF8"
std::string_view RepetitionName(int32_t repetition);  // "OPTIONAL"
std::string_view EncodingName(int32_t encoding);      // "RLE_DICTIONARY"
std::string_view CodecName(int32_t codec);            // "ZSTD"
std::string_view PageTypeName(int32_t type);          // "DATA_PAGE_V2"

// ---- layout -------------------------------------------------------------------

// What a region of the file is. Leaf regions only: row groups and column
// chunks are containers, listed in Layout::row_groups and Layout::chunks.
enum class RegionKind : uint8_t {
  kMagic,           // The leading "PAR1" or "PARE".
  kDictionaryPage,  // PageHeader and body.
  kDataPage,        // DATA_PAGE (V1): PageHeader and body.
  kDataPageV2,      // DATA_PAGE_V2: PageHeader and body.
  kIndexPage,       // INDEX_PAGE, or a page of a type the enum lacks.
  kChunkRest,       // Bytes of a column chunk the page walk could not
                    // reach (after a damaged page header, or at the
                    // footer level, which walks no page).
  kColumnIndex,
  kOffsetIndex,
  kBloomFilter,     // BloomFilterHeader and bitset.
  kFooter,          // The serialized FileMetaData (or, PARE, the
                    // FileCryptoMetaData and encrypted footer module).
  kFooterSignature, // The 28-byte signature of a signed plaintext footer.
  kFooterLength,    // The 4-byte little-endian footer length.
  kTailMagic,       // The trailing magic.
  kGap,             // Bytes no structure of the file accounts for.
  // ORC (after kGap, so the Parquet kinds keep their numbers). Stripes are
  // containers, listed in Layout::stripes.
  kOrcMagic,        // The leading "ORC".
  kOrcIndexStream,  // A stream of a stripe's index area (ROW_INDEX,
                    // BLOOM_FILTER, BLOOM_FILTER_UTF8, ENCRYPTED_INDEX).
  kOrcDataStream,   // A stream of a stripe's data area.
  kOrcStripeRest,   // Bytes of a stripe its stream directory does not
                    // place (a damaged stripe footer, or the footer level,
                    // which reads no stripe footer).
  kOrcStripeFooter, // The StripeFooter.
  kOrcEncryptedStripeStatistics,  // stripe_statistics_length bytes.
  kOrcMetadata,     // The Metadata (stripe statistics).
  kOrcFooter,       // The Footer.
  kOrcPostScript,   // The PostScript, never compressed.
  kOrcPsLen,        // The last byte: the PostScript's length.
};
// "magic", "dictionary-page", "data-page", "data-page-v2", "index-page",
// "chunk-rest", "column-index", "offset-index", "bloom-filter", "footer",
// "footer-signature", "footer-length", "tail-magic", "gap"; ORC:
// "orc-magic", "index-stream", "data-stream", "stripe-rest",
// "stripe-footer", "encrypted-stripe-statistics", "metadata",
// "orc-footer", "postscript", "pslen".
std::string_view RegionKindName(RegionKind kind);
// Whether `kind` is one of the ORC kinds.
bool IsOrcRegionKind(RegionKind kind);

// ---- names of ORC enum values -----------------------------------------------
// Each returns the .proto's name (orc_proto.proto), or "" for a value the
// enum lacks; renderers then print the number.
std::string_view OrcTypeKindName(int64_t kind);         // "STRUCT"
std::string_view OrcStreamKindName(int64_t kind);       // "ROW_INDEX"
std::string_view OrcEncodingKindName(int64_t kind);     // "DIRECT_V2"
std::string_view OrcCompressionKindName(int64_t kind);  // "ZSTD"

// What a page header says, and what the page walk learnt from the body.
// -1 marks a value the file does not give (or the walk could not learn).
struct PageInfo {
  int32_t type = -1;                // PageType, as written.
  uint64_t header_length = 0;       // The PageHeader's bytes.
  int64_t compressed_size = -1;     // compressed_page_size (the body).
  int64_t uncompressed_size = -1;   // uncompressed_page_size.
  int32_t encoding = -1;            // The values' encoding.
  int32_t codec = -1;               // The chunk's codec.
  int64_t num_values = -1;          // Levels, nulls included.
  int64_t num_nulls = -1;           // V2 header, or counted by the walk.
  int64_t num_rows = -1;            // V2 header, or counted by the walk.
  int64_t first_row = -1;           // Rows of the chunk before this page.
  int64_t ordinal = -1;             // Index among the chunk's pages.
};

// An ORC stream, from its stripe's footer. -1 marks what is not known.
struct StreamInfo {
  int64_t kind = -1;      // Stream.Kind, as written.
  int64_t index = -1;     // Its position in StripeFooter.streams.
  int64_t encoding = -1;  // ColumnEncoding.Kind of its column.
  // Compression chunks, from their 3-byte headers alone (no body is
  // decoded); -1 without compression or when a header runs past the
  // stream.
  int64_t chunks = -1;
};

struct Region {
  RegionKind kind = RegionKind::kGap;
  uint64_t offset = 0;
  uint64_t length = 0;
  // The place in the footer's terms: "row_groups[0].columns[1].pages[2]",
  // "row_groups[0].columns[1].column_index", "footer"; empty for gaps.
  std::string field;
  // The container holding the region (Layout::containers says which:
  // a row group or a stripe), or -1 when it belongs to none (the magic,
  // the footer, a gap).
  int32_t container = -1;
  // Parquet: the column chunk's column; ORC: the column id of a stream.
  int32_t column = -1;
  PageInfo page;      // Pages only.
  StreamInfo stream;  // ORC streams only.
};

// Two regions that claim the same bytes.
struct Overlap {
  size_t first = 0;   // Indices into Layout::regions.
  size_t second = 0;
  uint64_t offset = 0;
  uint64_t length = 0;
};

// ---- values
// ---------------------------------------------------------------------

// A value of a column decoded by its type, as statistics, indexes and
// dictionaries hold it, for the renderers to print (reports/values.h).
// Only the members its kind names are set.
enum class ValueKind : uint8_t {
  kNone,       // Absent: the file does not give it.
  kBoolean,    // boolean
  kInt,        // integer: signed integers
  kUInt,       // uinteger: INTEGER(bit_width, false), UINT_* converted
  kFloat,      // number; single: FLOAT and FLOAT16
  kDecimal,    // text: the decimal number ("-12.340"), scale applied
  kDate,       // integer: days since 1970-01-01
  kTime,       // integer in `unit` since midnight
  kTimestamp,  // integer in `unit` since 1970-01-01T00:00:00 (UTC when
               // utc, local time otherwise)
  kString,     // text: UTF-8 as written (it may be invalid)
  kBytes,      // text: raw bytes
  kUuid,       // text: the 16 bytes
};

enum class TimeUnit : uint8_t { kMillis, kMicros, kNanos };

struct Value {
  ValueKind kind = ValueKind::kNone;
  bool boolean = false;
  bool single = false;  // kFloat: a 32- or 16-bit float.
  bool utc = false;     // kTime, kTimestamp: adjusted to UTC.
  TimeUnit unit = TimeUnit::kMillis;
  int64_t integer = 0;
  uint64_t uinteger = 0;
  double number = 0;
  std::string text;
};

// ---- statistics -------------------------------------------------------------

// Statistics of a column chunk (Parquet) or of a column in a file, stripe
// or row group (ORC), typed by the column's type. -1 marks a count the
// file does not give.
struct ColumnStatistics {
  bool present = false;
  Value min;
  Value max;
  // Parquet: min and max come from the deprecated min/max fields, whose
  // order is signed and undefined for some types (parquet.thrift).
  bool legacy = false;
  // Parquet is_min_value_exact/is_max_value_exact: -1 unset, else 0 or 1.
  int8_t min_exact = -1;
  int8_t max_exact = -1;
  int64_t null_count = -1;
  int64_t distinct_count = -1;
  int64_t nan_count = -1;
  // ORC.
  int64_t number_of_values = -1;
  int8_t has_null = -1;  // -1 unset, else 0 or 1.
  int64_t bytes_on_disk = -1;
  Value sum;                // Integer, double, decimal and string (length)
                            // sums; binary: total length.
  int64_t true_count = -1;  // BOOLEAN: bucketStatistics.count[0].
  // The byte span of the statistics in the file.
  uint64_t offset = 0;
  uint64_t length = 0;
};

// One data page as the page index gives it: its OffsetIndex location and
// its ColumnIndex entry (parquet.thrift). -1 marks what the index leaves
// out.
struct PageIndexEntry {
  int64_t offset = -1;           // PageLocation.offset
  int64_t compressed_size = -1;  // PageLocation.compressed_page_size,
                                 // the header included.
  int64_t first_row_index = -1;
  int8_t null_page = -1;  // ColumnIndex.null_pages: -1, 0 or 1.
  Value min;              // Typed by the column; kNone for a null
  Value max;              // page or an index without them.
  int64_t null_count = -1;
};

// A column chunk's page index, decoded when InspectOptions::page_index asks
// for it. An index that does not decode is left out (has_* false); the
// validation reports why.
struct PageIndex {
  bool has_column_index = false;
  bool has_offset_index = false;
  int32_t boundary_order = -1;  // BoundaryOrder: 0 UNORDERED, 1 ASCENDING,
                                // 2 DESCENDING.
  // One per page of either index, in page order; the longer index sets
  // the count.
  std::vector<PageIndexEntry> pages;
  // The pages each index lists: ColumnIndex.null_pages and
  // OffsetIndex.page_locations.
  size_t column_index_pages = 0;
  size_t offset_index_pages = 0;
};

// "UNORDERED", "ASCENDING", "DESCENDING", or "" for another value.
std::string_view BoundaryOrderName(int32_t order);

struct ChunkExtent {
  int32_t row_group = 0;
  int32_t column = 0;
  std::string path;  // path_in_schema joined with '.'.
  uint64_t offset = 0;  // From the dictionary or first data page.
  uint64_t length = 0;  // total_compressed_size, clamped to the file.
  int32_t codec = -1;
  // ColumnMetaData, as written; -1 marks an absent field.
  int32_t physical = -1;
  std::vector<int32_t> encodings;
  int64_t num_values = -1;
  int64_t compressed_size = -1;
  int64_t uncompressed_size = -1;
  int64_t data_page_offset = -1;
  int64_t dictionary_page_offset = -1;
  int64_t column_index_offset = -1;
  int64_t column_index_length = -1;
  int64_t offset_index_offset = -1;
  int64_t offset_index_length = -1;
  int64_t bloom_filter_offset = -1;
  int64_t bloom_filter_length = -1;
  std::string file_path;   // ColumnChunk.file_path: the chunk is elsewhere.
  // crypto_metadata: its modules are encrypted. With its key (Options::
  // keys) its pages, indexes and filter are laid out as decrypted.
  bool encrypted = false;
  ColumnStatistics statistics;
  PageIndex page_index;  // Only with InspectOptions::page_index.
};

struct RowGroupExtent {
  int32_t row_group = 0;
  uint64_t offset = 0;  // From its first chunk to the end of its last.
  uint64_t length = 0;
  int64_t num_rows = -1;
  int64_t total_byte_size = -1;        // As written.
  int64_t total_compressed_size = -1;  // As written; optional.
};

// One entry of an ORC ROW_INDEX stream: a row group of row_index_stride
// rows (ORCv1 "Row Group Index").
struct OrcRowIndexEntry {
  std::vector<uint64_t> positions;  // Where each stream of the column
                                    // resumes for the group.
  ColumnStatistics statistics;      // Of the group.
};

// A column's ROW_INDEX stream in one stripe, decoded when
// InspectOptions::page_index asks for it.
struct OrcRowIndex {
  int64_t column = -1;
  std::vector<OrcRowIndexEntry> entries;
};

// An ORC stripe, from the Footer's StripeInformation.
struct StripeExtent {
  int32_t stripe = 0;
  uint64_t offset = 0;  // The stripe's bytes, clamped to the file.
  uint64_t length = 0;
  uint64_t index_length = 0;  // As written.
  uint64_t data_length = 0;
  uint64_t footer_length = 0;
  int64_t num_rows = -1;
  int64_t streams = -1;  // Streams in its footer; -1 when not read.
  std::string writer_timezone;
  // ColumnEncoding.Kind of each column, from the stripe footer.
  std::vector<int64_t> encodings;
  // Metadata.stripeStats[stripe], one per column id; empty without it.
  std::vector<ColumnStatistics> statistics;
  // Only with InspectOptions::page_index: the ROW_INDEX streams that
  // decoded, in column id order.
  std::vector<OrcRowIndex> row_indexes;
};

// What holds a file's rows, and so which lists of Layout are filled:
// Parquet's row groups (row_groups, and chunks within them) or ORC's
// stripes (stripes, and streams within them). Renderers ask this, not the
// format.
enum class Containers : uint8_t {
  kRowGroups,
  kStripes,
};

struct Layout {
  Containers containers = Containers::kRowGroups;
  uint64_t file_size = 0;
  // Every byte of the file lies in at least one region: sorted by offset,
  // with the bytes no structure accounts for as kGap regions. The lengths
  // sum to file_size plus the bytes of the overlaps.
  std::vector<Region> regions;
  std::vector<Overlap> overlaps;
  std::vector<RowGroupExtent> row_groups;
  std::vector<ChunkExtent> chunks;  // Row group by row group.
  std::vector<StripeExtent> stripes;  // ORC.
  // The page limit (limits::kMaxInspectPages) was reached: later pages are
  // inside kChunkRest regions (ORC: later streams inside kOrcStripeRest),
  // and the report has limits.inspect-regions.
  bool capped = false;
};

// ---- schema -------------------------------------------------------------------

// The LogicalType union of a schema element. `name` is empty when the
// element has none (or one colcheck does not know).
struct LogicalTypeInfo {
  std::string_view name;         // "STRING", "INTEGER", "TIMESTAMP", ...
  int32_t bit_width = 0;         // INTEGER
  bool is_signed = true;         // INTEGER
  int32_t precision = 0;         // DECIMAL
  int32_t scale = 0;             // DECIMAL
  std::string_view unit;         // TIME, TIMESTAMP: "MILLIS", "MICROS",
                                 // "NANOS".
  bool adjusted_to_utc = false;  // TIME, TIMESTAMP
};

// One element of FileMetaData.schema, placed in the tree. -1 marks a field
// the element does not set.
struct SchemaField {
  std::string name;
  int32_t repetition = -1;   // FieldRepetitionType; -1 at a root without.
  int32_t physical = -1;     // Type; -1 for groups.
  int32_t type_length = -1;
  int32_t converted = -1;    // ConvertedType
  int32_t scale = -1;
  int32_t precision = -1;
  int32_t field_id = -1;
  bool has_field_id = false;
  LogicalTypeInfo logical;
  int32_t parent = -1;             // Index into Schema::fields.
  std::vector<int32_t> children;   // Indices into Schema::fields.
  int32_t column = -1;             // Leaf column index; -1 for groups.
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  std::string path;  // Names from the root's child down, joined with '.'.
  // The element's bytes in the footer: schema[i].
  uint64_t offset = 0;
  uint64_t length = 0;
};

// One ORC type of Footer.types. Its id is its index, which is also its
// column id. -1 marks a field the type does not set.
struct OrcType {
  int64_t kind = -1;          // Type.Kind, as written.
  std::string name;           // Its field name in its parent struct, or
                              // "" (root, list element, map key, ...).
  int32_t parent = -1;        // Only when Schema::ok.
  std::vector<int32_t> children;  // Type.subtypes, as written.
  int64_t maximum_length = -1;    // CHAR, VARCHAR.
  int64_t precision = -1;         // DECIMAL.
  int64_t scale = -1;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::string path;  // Field names from the root's child down, joined
                     // with '.'; only when Schema::ok.
  // The type's bytes in the Footer: types[i].
  uint64_t offset = 0;
  uint64_t length = 0;
};

// Which list of Schema holds the types: Parquet's flattened
// SchemaElements (fields, placed in a tree) or ORC's Footer.types
// (orc_types). Renderers ask this, not the format.
enum class SchemaKind : uint8_t {
  kElements,
  kOrcTypes,
};

struct Schema {
  SchemaKind kind = SchemaKind::kElements;
  // False when the flattened list does not rebuild into one tree (the
  // diagnostics say why); `fields` then holds what could be placed.
  // ORC: whether the types form one tree in strict pre-order.
  bool ok = false;
  std::vector<SchemaField> fields;  // fields[0] is the root.
  std::vector<int32_t> leaves;      // Field index of each leaf column.
  std::vector<OrcType> orc_types;   // ORC: Footer.types; [0] is the root.
};

// ---- footer fields -------------------------------------------------------------

// One field of the footer's encoding, in pre-order, alike for Thrift and
// protobuf: a struct (message) field or a list (packed) element. Children
// follow their parent with depth + 1. Parquet lists the FileMetaData's
// Thrift fields; ORC lists the protobuf fields under two depth-0 nodes
// "postscript" and "footer" (type "message"), typed by wire type
// ("varint", "i64", "len", "i32"), and a len field whose bytes decoded as a
// message has no value.
struct FieldNode {
  std::string name;        // The IDL's field name, "[3]" for a list
                           // element, or "field 17" when unknown.
  int32_t id = 0;          // Field id (protobuf: field number); 0 for list
                           // elements.
  std::string_view type;   // "i32", "i64", "binary", "struct", "list", ...
  uint64_t offset = 0;     // From the field header to the value's end.
  uint64_t length = 0;
  std::string value;  // Scalars only: 42, true, "text" (whole, with
                      // control characters as \xHH, at most
                      // limits::kFieldValueText bytes), or hex bytes (at
                      // most limits::kFieldValuePreview shown).
  uint32_t depth = 0;
  // The IDL's name of an enum value (codec, type, encodings, ...), or "".
  std::string_view enum_name;
  // A statistics value typed by its column (Parquet min/max), else kNone.
  Value typed;
};

// ---- columns -------------------------------------------------------------------

// One leaf column over all row groups, from the footer and the page walk.
struct ColumnSummary {
  int32_t column = 0;
  std::string path;
  int32_t physical = -1;
  int64_t num_values = 0;         // Sum of the chunks' num_values.
  int64_t null_count = -1;        // Sum of statistics.null_count; -1 when
                                  // a chunk lacks it.
  uint64_t compressed_size = 0;   // Sum of total_compressed_size.
  uint64_t uncompressed_size = 0; // Sum of total_uncompressed_size.
  std::vector<int32_t> codecs;    // Distinct, in order of appearance.
  std::vector<int32_t> encodings; // Distinct, from the chunks' lists.
  int64_t data_pages = 0;         // Counted by the page walk.
  int64_t dictionary_pages = 0;
  // The least min and the greatest max of the chunks' statistics, typed;
  // kNone when a chunk has none or two cannot be ordered (decimals of
  // several chunks, NaN, values of different kinds).
  Value min;
  Value max;
};

// ---- ORC file
// ---------------------------------------------------------------------

struct OrcFileInfo {
  int64_t compression = -1;             // CompressionKind.
  int64_t compression_block_size = -1;  // As written.
  std::vector<uint32_t> version;        // [0, 12]
  int64_t writer_version = -1;
  int64_t writer = -1;  // Footer.writer.
  int64_t row_index_stride = -1;
  int64_t calendar = -1;
  int64_t content_length = -1;
  int64_t metadata_length = -1;
  int64_t footer_length = -1;
  // Footer.statistics, one per column id.
  std::vector<ColumnStatistics> statistics;
};

// ---- inspection -----------------------------------------------------------------

struct InspectOptions {
  // How deep to go. kFooter gives no pages (the chunks are kChunkRest),
  // kPages gives every page header, kFull also the rows of each page.
  Level level = Level::kFull;
  // Also record every Thrift field of the footer (Inspection::footer).
  bool footer_fields = false;
  // Also decode each chunk's column and offset index (ChunkExtent::
  // page_index), whatever the level; ORC: each stripe's ROW_INDEX streams
  // (StripeExtent::row_indexes), at the pages and full levels.
  bool page_index = false;
  size_t max_diagnostics = Options().max_diagnostics;
  // An encrypted Parquet file's keys (Options::keys): its encrypted
  // chunks are then laid out and read like plaintext ones.
  DecryptionKeys keys;
};

struct Inspection {
  Report report;  // The validation of the same pass.
  Layout layout;
  Schema schema;
  // Only with InspectOptions::footer_fields. ORC: the PostScript's and
  // the Footer's protobuf fields.
  std::vector<FieldNode> footer;
  // limits::kMaxFieldNodes values were listed; the footer has more.
  bool footer_capped = false;
  std::vector<ColumnSummary> columns;
  int64_t num_rows = -1;
  int32_t version = -1;
  std::string created_by;  // ORC: Footer.software_version, else "writer N".
  std::vector<std::pair<std::string, std::string>> key_value_metadata;
  // ORC: the PostScript's and Footer's file-wide fields.
  OrcFileInfo orc;
};

// The index into Schema::leaves of the leaf `column` names: its dotted
// path first (SchemaField::path), else its column index; nullopt for
// neither. For the commands that take a COLUMN.
std::optional<size_t> FindLeafColumn(const Schema& schema,
                                     std::string_view column);

// The ORC column id (an index into Schema::orc_types) that `column` names:
// its dotted path (OrcType::path) first, else the id itself; nullopt for
// neither.
std::optional<size_t> FindOrcColumn(const Schema& schema,
                                    std::string_view column);

// ---- dictionaries -----------------------------------------------------------

// One column chunk's dictionary page, its entries typed by the column; ORC:
// one stripe's dictionary of a string column.
struct Dictionary {
  int32_t row_group = 0;  // ORC: the stripe.
  uint64_t offset = 0;    // The dictionary page (its header); ORC: the
  uint64_t length = 0;    // DICTIONARY_DATA stream.
  int64_t declared = -1;  // DictionaryPageHeader.num_values; ORC: the
                          // column encoding's dictionary_size.
  int64_t entries = 0;    // Entries decoded, all of them counted.
  // The first entries, in order: at most the `max_entries` asked for.
  std::vector<Value> values;
};

// Reads the dictionary pages of Parquet leaf column `column` (an index into
// Schema::leaves) from `data`, the file `inspection` describes, in row
// group order; a chunk without one is left out. ORC: the dictionaries of
// column id `column` (FindOrcColumn), stripe by stripe; a stripe that
// encodes it directly, or holds no value of it, is left out. Decoding is the
// full validation's (its findings are in `inspection`'s report when it was made
// at the full level); a page that does not decode gives the entries read
// before the fault.
// `keys` decrypt an encrypted Parquet file's pages (Options::keys).
std::vector<Dictionary> ReadDictionaries(std::span<const std::byte> data,
                                         const Inspection& inspection,
                                         size_t column, size_t max_entries,
                                         const DecryptionKeys& keys = {});
// The same for the file at `path`, mapped; an IoError when it cannot be
// read.
Status ReadDictionariesInFile(const std::string& path,
                              const Inspection& inspection, size_t column,
                              size_t max_entries, std::vector<Dictionary>* out,
                              const DecryptionKeys& keys = {});

// The value PLAIN-encoded in `plain` (statistics, page index, dictionary),
// typed by the leaf `field`: its physical type, then its logical type or,
// without one, its converted type. Bytes that do not fit the type come
// back as kBytes.
Value ParquetValue(const SchemaField& field, std::span<const std::byte> plain);

Inspection InspectBytes(std::span<const std::byte> data,
                        const InspectOptions& options);

// Reads `path` and inspects it. Returns an IoError when the file cannot be
// read; `inspection` is then left untouched.
Status InspectFile(const std::string& path, const InspectOptions& options,
                   Inspection* inspection);

}  // namespace colcheck

#endif  // COLCHECK_INSPECT_H_
