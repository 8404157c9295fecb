// Sort orders of Parquet values.
// https://github.com/apache/parquet-format/blob/master/LogicalTypes.md (sort
// orders); parquet.thrift (union ColumnOrder)

#include "parquet/sort_order.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <type_traits>

namespace colcheck::parquet {
namespace {

bool IsUnsignedAnnotation(const SchemaElement& e) {
  if (e.logical_type.present) {
    const LogicalType& lt = e.logical_type.value;
    return lt.id == kLogicalInteger && lt.integer.is_signed.present &&
           !lt.integer.is_signed.value;
  }
  const int32_t ct = e.converted_type.value;
  return e.converted_type.present && ct >= kUint8 && ct <= kUint64;
}

// The order of a byte array column, from its logical type if written, else
// from its converted type (LogicalTypes.md keeps both in step).
SortOrder ByteArrayOrder(const SchemaElement& e) {
  if (e.logical_type.present) {
    switch (e.logical_type.value.id) {
      case kLogicalDecimal:
        return SortOrder::kDecimalBytes;
      case kLogicalFloat16:
        return IsFloat16(e) ? SortOrder::kFloat16 : SortOrder::kUnsupported;
      case kLogicalList:
      case kLogicalMap:
      case kLogicalVariant:
      case kLogicalGeometry:
      case kLogicalGeography:
        return SortOrder::kUndefined;
      case kLogicalNone:
        return SortOrder::kUnsupported;
      default:
        return SortOrder::kBytes;
    }
  }
  if (!e.converted_type.present) return SortOrder::kBytes;
  switch (e.converted_type.value) {
    case kDecimal:
      return SortOrder::kDecimalBytes;
    case kInterval:
    case kMap:
    case kMapKeyValue:
    case kList:
      return SortOrder::kUndefined;
    default:
      return SortOrder::kBytes;
  }
}

template <typename T>
T Load(std::string_view bytes) {
  T value;
  std::memcpy(&value, bytes.data(), sizeof(T));
  return value;
}

template <typename T>
int Compare3(T a, T b) {
  return a < b ? -1 : (b < a ? 1 : 0);
}

double FloatValue(int32_t type, std::string_view bytes) {
  if (type == kFloat) return Load<float>(bytes);
  if (type == kDouble) return Load<double>(bytes);
  return HalfToDouble(bytes);
}

int CompareUnsignedBytes(std::string_view a, std::string_view b) {
  const size_t n = std::min(a.size(), b.size());
  const int c = n == 0 ? 0 : std::memcmp(a.data(), b.data(), n);
  if (c != 0) return c < 0 ? -1 : 1;
  return Compare3(a.size(), b.size());
}

// Big-endian two's complement integers of any lengths: the shorter one is
// sign-extended, after which equal signs compare as unsigned bytes.
int CompareDecimalBytes(std::string_view a, std::string_view b) {
  const bool a_negative = !a.empty() && (static_cast<uint8_t>(a[0]) & 0x80);
  const bool b_negative = !b.empty() && (static_cast<uint8_t>(b[0]) & 0x80);
  if (a_negative != b_negative) return a_negative ? -1 : 1;
  const uint8_t pad = a_negative ? 0xff : 0x00;
  const size_t n = std::max(a.size(), b.size());
  for (size_t i = 0; i < n; ++i) {
    const uint8_t x =
        i < n - a.size() ? pad : static_cast<uint8_t>(a[i - (n - a.size())]);
    const uint8_t y =
        i < n - b.size() ? pad : static_cast<uint8_t>(b[i - (n - b.size())]);
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

int CompareIntegers(int32_t type, bool is_signed, std::string_view a,
                    std::string_view b) {
  if (type == kInt32) {
    return is_signed ? Compare3(Load<int32_t>(a), Load<int32_t>(b))
                     : Compare3(Load<uint32_t>(a), Load<uint32_t>(b));
  }
  return is_signed ? Compare3(Load<int64_t>(a), Load<int64_t>(b))
                   : Compare3(Load<uint64_t>(a), Load<uint64_t>(b));
}

// IEEE 754 totalOrder: flipping the magnitude bits of negative numbers
// makes the signed integer order match -NaN < -Inf < ... < -0 < +0 < ... <
// +Inf < +NaN.
template <typename Signed>
Signed TotalOrderKey(Signed bits) {
  using Unsigned = std::make_unsigned_t<Signed>;
  if (bits >= 0) return bits;
  const Unsigned magnitude_mask = static_cast<Unsigned>(~Unsigned{0}) >> 1;
  return static_cast<Signed>(static_cast<Unsigned>(bits) ^ magnitude_mask);
}

int CompareTotalOrder(int32_t type, std::string_view a, std::string_view b) {
  if (type == kFloat) {
    return Compare3(TotalOrderKey(Load<int32_t>(a)),
                    TotalOrderKey(Load<int32_t>(b)));
  }
  if (type == kDouble) {
    return Compare3(TotalOrderKey(Load<int64_t>(a)),
                    TotalOrderKey(Load<int64_t>(b)));
  }
  return Compare3(TotalOrderKey(Load<int16_t>(a)),
                  TotalOrderKey(Load<int16_t>(b)));
}

// INT96 timestamps: 8 bytes of nanoseconds within the day, then 4 bytes of
// Julian day, both little-endian; the day decides first.
int CompareInt96Timestamps(std::string_view a, std::string_view b) {
  const int by_day =
      Compare3(Load<int32_t>(a.substr(8)), Load<int32_t>(b.substr(8)));
  if (by_day != 0) return by_day;
  return Compare3(Load<int64_t>(a), Load<int64_t>(b));
}

}  // namespace

double HalfToDouble(std::string_view bytes) {
  const uint16_t h = static_cast<uint16_t>(
      static_cast<uint8_t>(bytes[0]) | (static_cast<uint8_t>(bytes[1]) << 8));
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  double magnitude;
  if (exponent == 0) {
    magnitude = std::ldexp(mantissa, -24);
  } else if (exponent == 0x1f) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else {
    magnitude = std::ldexp(mantissa + 1024, exponent - 25);
  }
  return (h & 0x8000) ? -magnitude : magnitude;
}

SortOrder TypeDefinedOrder(const SchemaElement& e) {
  switch (e.type.value) {
    case kBoolean:
      return SortOrder::kBoolean;
    case kInt32:
    case kInt64:
      return IsUnsignedAnnotation(e) ? SortOrder::kUnsigned
                                     : SortOrder::kSigned;
    case kInt96:
      return SortOrder::kUndefined;
    case kFloat:
    case kDouble:
      return SortOrder::kFloat;
    case kByteArray:
    case kFixedLenByteArray:
      return ByteArrayOrder(e);
    default:
      return SortOrder::kUnsupported;
  }
}

uint64_t PlainWidth(const SchemaElement& e) {
  return PlainWidth(e.type.value,
                    e.type_length.present ? e.type_length.value : 0);
}

ValueOrder ValueOrder::For(const SchemaElement& leaf,
                           const ColumnOrder* column_order) {
  ValueOrder v;
  v.physical_ = leaf.type.value;
  v.column_order_id_ = column_order != nullptr
                           ? column_order->id
                           : static_cast<int16_t>(kOrderNone);
  v.order_ = TypeDefinedOrder(leaf);
  v.floating_ = IsFloatingPoint(leaf);
  v.fixed_width_ = PlainWidth(leaf);
  switch (v.column_order_id_) {
    case kOrderNone:
    case kTypeDefinedOrder:
      v.defined_ = v.order_ != SortOrder::kUndefined &&
                   v.order_ != SortOrder::kUnsupported;
      break;
    case kIeee754TotalOrder:
      // On other types the order is itself a fault (file_metadata.cc).
      v.defined_ = v.floating_;
      v.total_order_ = v.floating_;
      break;
    case kInt96TimestampOrder:
      if (v.physical_ == kInt96) {
        v.order_ = SortOrder::kInt96Timestamp;
        v.defined_ = true;
      }
      break;
    default:
      // parquet.thrift: a reader that does not know the order must ignore
      // min/max.
      break;
  }
  return v;
}

bool ValueOrder::IsNaN(std::string_view v) const {
  if (!floating_) return false;
  if (physical_ == kFloat) return std::isnan(Load<float>(v));
  if (physical_ == kDouble) return std::isnan(Load<double>(v));
  // FLOAT16: all exponent bits set and a non-zero mantissa.
  return (Load<uint16_t>(v) & 0x7fff) > 0x7c00;
}

int ValueOrder::Compare(std::string_view a, std::string_view b) const {
  if (total_order_) return CompareTotalOrder(physical_, a, b);
  switch (order_) {
    case SortOrder::kSigned:
    case SortOrder::kUnsigned:
      return CompareIntegers(physical_, order_ == SortOrder::kSigned, a, b);
    case SortOrder::kFloat:
    case SortOrder::kFloat16:
      return Compare3(FloatValue(physical_, a), FloatValue(physical_, b));
    case SortOrder::kDecimalBytes:
      return CompareDecimalBytes(a, b);
    case SortOrder::kBytes:
      return CompareUnsignedBytes(a, b);
    case SortOrder::kBoolean:
      return Compare3(a[0] != 0, b[0] != 0);
    case SortOrder::kInt96Timestamp:
      return CompareInt96Timestamps(a, b);
    default:
      return 0;
  }
}

int CompareSigned(int32_t physical, std::string_view a, std::string_view b) {
  switch (physical) {
    case kInt32:
    case kInt64:
      return CompareIntegers(physical, /*is_signed=*/true, a, b);
    case kFloat:
    case kDouble:
      return Compare3(FloatValue(physical, a), FloatValue(physical, b));
    case kBoolean:
      return Compare3(a[0] != 0, b[0] != 0);
    default:
      return 0;
  }
}

}  // namespace colcheck::parquet
