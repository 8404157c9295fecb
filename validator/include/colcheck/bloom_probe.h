// colcheck bloom probes: whether a column's bloom filters may contain given
// values, per Parquet row group or per ORC row group (row-index entry) of
// each stripe, as DuckDB's parquet_bloom_probe and arrow-rs's
// parquet-show-bloom-filter answer it (`colcheck bloom`).
//
// A bloom filter answers "definitely not" or "may contain": a value the
// writer added always tests positive, and an absent one tests positive
// with the filter's false-positive probability. Each value is given as
// text and parsed by the column's type into what the format hashes:
//
//   Parquet (BloomFilter.md)  XXH64 of the value's PLAIN bytes: INT32 and
//       INT64 little-endian (DATE as days, TIME and TIMESTAMP in the
//       column's unit, DECIMAL unscaled), INT96 as nanoseconds of the day
//       and Julian day, FLOAT and DOUBLE as their bits, BOOLEAN as one
//       byte, BYTE_ARRAY without its length, FIXED_LEN_BYTE_ARRAY as its
//       type_length bytes (DECIMAL big-endian two's complement, UUID the
//       16 bytes, FLOAT16 the half's bits).
//   ORC (ORCv1.md "Bloom Filter Index")  integers, BOOLEAN, DATE (days)
//       and TIMESTAMP (milliseconds since the epoch, UTC) as longs; FLOAT
//       and DOUBLE as doubles; STRING, VARCHAR, CHAR (padded to its
//       length) and BINARY as their bytes; DECIMAL as the bytes of its
//       normalized text ("12.3" for 12.300), as the Java and C++ writers
//       add them.
//
// The text of a value:
//   integers      "-12", in the range of the column's type
//   BOOLEAN       "true", "false", "1" or "0"
//   FLOAT, DOUBLE "1.5", "-0", "NaN", "inf"
//   DECIMAL       "12.34": at most the column's scale of fraction digits
//                 (more are allowed when they are zeros), at most its
//                 precision of digits
//   DATE          "2024-01-01" (a year of more than four digits takes a
//                 sign: "+10000-01-01")
//   TIME          "12:30:00" or "12:30:00.123456"
//   TIMESTAMP     "2024-01-01T12:30:00.123", with ' ' for 'T' allowed, an
//                 optional "Z" or "+hh:mm" offset, or a date alone
//                 (midnight); digits finer than the column's unit must be
//                 zeros (Parquet); ORC drops those below a millisecond, as
//                 its writers do. A TIMESTAMP column's wall clock is taken
//                 as UTC, whatever the writer's time zone.
//   UUID          "123e4567-e89b-12d3-a456-426614174000" (or 32 hex digits)
//   strings       the UTF-8 bytes as given
//   binary        the bytes as given, with \xHH for any byte (as `colcheck
//                 meta` prints them)
// A value that does not parse for the column's type is an error, never a
// "definitely not".
//
//   colcheck::Inspection inspection;  // InspectFile at Level::kPages
//   colcheck::BloomProbe probe;
//   colcheck::Status status = colcheck::ProbeBloomFilters(
//       bytes, inspection, "g.str", values, &probe);
//   for (const colcheck::BloomProbeResult& r : probe.results) { ... }

#ifndef COLCHECK_BLOOM_PROBE_H_
#define COLCHECK_BLOOM_PROBE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "colcheck/inspect.h"

namespace colcheck {

// What a row group (or stripe) holds for the probed column.
enum class BloomFilterState : uint8_t {
  kAbsent,      // No bloom filter: a reader must read the row group.
  kPresent,     // A usable filter; BloomProbeResult::may_contain answers.
  kUnreadable,  // A filter is declared but cannot be used (a damaged or
                // unknown header, bytes past the file, a stream that does
                // not decompress, no hash functions); `reason` says why.
};

// The answer of one filter. Parquet: one per row group. ORC: one per
// row-index entry of each stripe that has a filter stream, or one per
// stripe (entry -1) when the stripe has none or its stream cannot be read.
struct BloomProbeResult {
  int32_t row_group = -1;  // Parquet: the row group; ORC: -1.
  int32_t stripe = -1;     // ORC: the stripe; Parquet: -1.
  int64_t entry = -1;      // ORC: the row group within the stripe (its
                           // row-index entry), or -1 for the whole stripe.
  BloomFilterState state = BloomFilterState::kAbsent;
  std::string reason;  // kUnreadable only.
  // The filter's bytes in the file: Parquet the header and bitset (the
  // header alone when the bitset cannot be placed); ORC the whole
  // BLOOM_FILTER(_UTF8) stream. 0 and 0 when absent.
  uint64_t offset = 0;
  uint64_t length = 0;
  // kPresent: one answer per value, in the order given: 1 "may contain",
  // 0 "definitely not".
  std::vector<uint8_t> may_contain;
};

struct BloomProbe {
  Containers containers = Containers::kRowGroups;
  // Parquet: the leaf column index; ORC: the column (type) id.
  int32_t column = -1;
  std::string column_path;
  // The column's type as the values were parsed: "INT32 DATE",
  // "BYTE_ARRAY STRING", "FIXED_LEN_BYTE_ARRAY(16) UUID", ORC
  // "DECIMAL(9,3)", "STRING".
  std::string column_type;
  std::vector<std::string> values;  // As given.
  // Parquet row group by row group; ORC stripe by stripe, entries in
  // order.
  std::vector<BloomProbeResult> results;
  // ORC: the stripes used the original BLOOM_FILTER kind (no
  // BLOOM_FILTER_UTF8 stream), which the C++ reader ignores.
  bool original_kind = false;
  // The inspection's layout was capped (Layout::capped): streams past the
  // cap are not listed, so some stripes may show no filter they have.
  bool capped = false;
};

// Probes the bloom filters of `column` in `file`, the bytes `inspection`
// was made from (InspectFile or InspectBytes at Level::kPages or deeper,
// which lists ORC streams), for each of `values`. `column` is a dotted path
// (a Parquet leaf's path as `colcheck schema` prints it, an ORC type's
// path) or an index (the Parquet leaf column index, the ORC column id).
//
// Returns an error (nothing in `out`) when `column` names no column that
// holds values, or when a value does not parse for its type; the message
// names the column or value and the type. Faults of the file are never
// errors: a filter that cannot be used is a kUnreadable result. Reads only
// the bytes that exist, within core/limits.h's bounds on decompression.
Status ProbeBloomFilters(std::span<const std::byte> file,
                         const Inspection& inspection, std::string_view column,
                         std::span<const std::string> values, BloomProbe* out);

// The bytes a Parquet bloom filter hashes for `text` in the leaf `leaf`
// (its PLAIN encoding, without a BYTE_ARRAY's length prefix). Returns
// false with the reason in `error` when `text` does not parse for the
// leaf's type.
bool ParquetBloomKey(const SchemaField& leaf, std::string_view text,
                     std::string* plain, std::string* error);

// The 64-bit hash an ORC bloom filter takes for `text` in a column of
// `type`. Returns false with the reason in `error` when `text` does not
// parse for the type, or the type holds no values a filter can take
// (STRUCT, LIST, MAP, UNION).
bool OrcBloomHash(const OrcType& type, std::string_view text, uint64_t* hash,
                  std::string* error);

}  // namespace colcheck

#endif  // COLCHECK_BLOOM_PROBE_H_
