// How the values of one leaf column compare, for min/max statistics, the
// page index and the checks of those against the data.
// https://github.com/apache/parquet-format/blob/master/LogicalTypes.md (sort
// orders of each type) and parquet.thrift (union ColumnOrder).
//
// Values are PLAIN-encoded bytes without a length prefix: fixed-width types
// little-endian (BOOLEAN one byte 0/1), byte arrays as stored.

#ifndef COLCHECK_PARQUET_SORT_ORDER_H_
#define COLCHECK_PARQUET_SORT_ORDER_H_

#include <cstdint>
#include <string_view>

#include "parquet/metadata.h"

namespace colcheck::parquet {

// The type-defined order of a column (TYPE_ORDER), from its physical and
// logical types.
enum class SortOrder : uint8_t {
  kSigned,          // INT32/INT64, little-endian two's complement.
  kUnsigned,        // INT32/INT64 annotated as unsigned.
  kFloat,           // FLOAT/DOUBLE, by represented value.
  kFloat16,         // FLBA(2) FLOAT16, by represented value.
  kDecimalBytes,    // BYTE_ARRAY/FLBA DECIMAL: big-endian two's complement.
  kBytes,           // Unsigned byte-wise.
  kBoolean,         // false < true.
  kInt96Timestamp,  // INT96 under INT96_TIMESTAMP_ORDER: Julian day, then
                    // nanoseconds of the day. Never a type-defined order.
  kUndefined,       // INT96, INTERVAL, LIST, MAP, VARIANT, GEO*: readers
                    // must ignore min/max.
  kUnsupported,     // A logical type colcheck does not know: no judgement.
};

// The type-defined order of a leaf column.
SortOrder TypeDefinedOrder(const SchemaElement& leaf);

// The PLAIN width of one value of `leaf`, or 0 for BYTE_ARRAY and for an
// FLBA without a usable type_length.
uint64_t PlainWidth(const SchemaElement& leaf);

// How values of one leaf column compare: the type-defined order of
// LogicalTypes.md combined with the file's ColumnOrder for the column.
//
//   const ValueOrder order = ValueOrder::For(*leaf, &column_orders[c]);
//   if (order.defined() && order.Compare(value, max) > 0) ...
class ValueOrder {
 public:
  // `column_order` is nullptr when the file has no column_orders (or none
  // for this column); min/max are then read as under TYPE_ORDER, as
  // readers do.
  static ValueOrder For(const SchemaElement& leaf,
                        const ColumnOrder* column_order);

  // The order Compare() applies. Under IEEE_754_TOTAL_ORDER it stays
  // kFloat/kFloat16 and total_order() is true.
  SortOrder order() const { return order_; }
  // The ColumnOrder member id (kOrderNone when absent).
  int16_t column_order_id() const { return column_order_id_; }
  int32_t physical() const { return physical_; }
  // Whether min/max are meaningful for this column: a known order that
  // applies to the column's type. When false, Compare() must not be used.
  bool defined() const { return defined_; }
  // FLOAT, DOUBLE or FLOAT16.
  bool floating() const { return floating_; }
  // IEEE_754_TOTAL_ORDER on a floating column.
  bool total_order() const { return total_order_; }
  // PlainWidth() of the leaf.
  uint64_t fixed_width() const { return fixed_width_; }

  // Whether `v` (of the column's width) is NaN; false for columns that are
  // not floating().
  bool IsNaN(std::string_view v) const;
  // -1, 0 or 1 as a < b, a == b, a > b. Both values have a valid width;
  // for floating columns outside total order the caller has ruled out NaN
  // (-0 and +0 then compare equal).
  int Compare(std::string_view a, std::string_view b) const;

 private:
  int32_t physical_ = 0;
  int16_t column_order_id_ = kOrderNone;
  SortOrder order_ = SortOrder::kUnsupported;
  bool defined_ = false;
  bool floating_ = false;
  bool total_order_ = false;
  uint64_t fixed_width_ = 0;
};

// How the deprecated Statistics.min/max compare: signed, whatever the
// annotation (parquet.thrift). For INT32, INT64, FLOAT, DOUBLE and BOOLEAN
// values of a valid width, NaN ruled out; 0 for other types.
int CompareSigned(int32_t physical, std::string_view a, std::string_view b);

// The value of an IEEE 754 half-precision number (little-endian bytes).
double HalfToDouble(std::string_view bytes);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_SORT_ORDER_H_
