// Decoded page values in one uniform shape, and the decoders that produce
// them from each Parquet encoding (apache/parquet-format Encodings.md).
//
// Decoders stream: a page can declare millions of values in a few bytes of
// RLE, so nothing is materialised per page. Each Next() call yields a batch
// of at most `max` values that stays valid until the following call.

#ifndef COLCHECK_PARQUET_VALUES_H_
#define COLCHECK_PARQUET_VALUES_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string_view>

#include "core/byte_reader.h"
#include "parquet/page_scope.h"

namespace colcheck::parquet {

// The physical type of a column, as the decoders need it.
struct ColumnType {
  int32_t physical = 0;     // PhysicalType
  int32_t type_length = 0;  // FIXED_LEN_BYTE_ARRAY width; unused otherwise.

  // Bytes per value in the batch's `fixed` form: BOOLEAN 1, INT32 4,
  // INT64 8, INT96 12, FLOAT 4, DOUBLE 8, FLBA type_length; 0 for
  // BYTE_ARRAY.
  uint32_t width() const;
};

// A run of decoded values. Fixed-width values arrive as their PLAIN bytes
// (little-endian; BOOLEAN as one byte 0 or 1), so statistics, which are
// PLAIN-encoded too, and bloom filters, which hash the PLAIN bytes, compare
// and hash them directly. BYTE_ARRAY values arrive as views of their bytes
// without the length prefix. Dictionary-encoded sections yield indices
// instead of values.
struct ValueBatch {
  size_t count = 0;
  // Index within the page's value section of the first value here.
  uint64_t first = 0;
  // The batch is `count` copies of one value, which `fixed` or `indices`
  // holds once: a run of at least kMinRepeatedBatch values of hybrid RLE
  // (dictionary indices, RLE booleans). Consumers count it `count` times
  // but check, hash and rank the value once, so a run costs one step
  // whatever its length (core/limits.h, "Work per input byte").
  bool repeated = false;
  std::span<const std::byte> fixed;                     // count * width
  std::span<const std::span<const std::byte>> binary;   // BYTE_ARRAY
  std::span<const uint32_t> indices;                    // *_DICTIONARY

  // The values `fixed`, `binary` or `indices` hold.
  size_t stored() const { return repeated ? 1 : count; }
};

// The shortest run of hybrid RLE that decoders give as a repeated batch.
// Shorter runs are expanded, each costing at least one byte per 64 values.
inline constexpr uint64_t kMinRepeatedBatch = 64;

class ValueDecoder {
 public:
  virtual ~ValueDecoder() = default;
  // Decodes up to `max` (> 0) further values into `*batch`. Returns false
  // when no value could be decoded: the section ended early or is
  // malformed. Faults are reported through the PageScope, at field
  // "values[i]" or "values" with the span of the offending bytes.
  virtual bool Next(size_t max, ValueBatch* batch) = 0;
  // When the next values are one run of at least kMinRepeatedBatch copies
  // of a value, decodes up to `max` of them into a repeated batch and
  // returns true. Otherwise decodes nothing and returns false: Next() then
  // takes the values, and stops before such a run. Callers try NextRun()
  // first.
  virtual bool NextRun(uint64_t /*max*/, ValueBatch* /*batch*/) {
    return false;
  }
  // After the page's last value: reports encoding.trailing-bytes when
  // bytes are left in the section (no padding is allowed), and
  // encoding.truncated when fewer values than expected were decoded.
  virtual void Finish() = 0;
};

// The decoder for a page value section of `encoding`. `num_values` is the
// number of values the section holds (non-null values; for a dictionary
// page its num_values). `dictionary_size` bounds the indices of
// *_DICTIONARY sections. Returns nullptr, having reported
// encoding.unknown or encoding.invalid-for-type at `encoding_span` (a file
// span, the page header's encoding field, named `encoding_field` below the
// page), when the encoding cannot apply.
std::unique_ptr<ValueDecoder> MakeValueDecoder(
    int32_t encoding, ByteSpan encoding_span, ColumnType type,
    uint64_t num_values, uint64_t dictionary_size, ByteReader section,
    PageScope& scope, std::string_view encoding_field = "encoding");

// Whether `encoding` is defined for values of `physical` type (the
// encoding x type matrix of Encodings.md; levels aside).
bool EncodingAppliesTo(int32_t encoding, int32_t physical);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_VALUES_H_
