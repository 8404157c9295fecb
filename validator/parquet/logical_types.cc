// Logical types: LogicalType and ConvertedType against the physical type,
// and against each other. LogicalTypes.md:
// https://github.com/apache/parquet-format/blob/master/LogicalTypes.md
//
// parquet-rules.md §2.6 rules 47-51. An annotation colcheck does not know
// (an unknown union member, an unknown time unit, VECTOR) is an unsupported
// feature, never corruption.

#include <cstdint>
#include <string>
#include <vector>

#include "core/strings.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

// What an annotation may sit on: a physical type, or a group.
constexpr int32_t kGroup = -1;

// The physical type of an element, or kGroup. An element that declares
// children is a group even if it also carries a type (schema.cc reports
// that), and a typeless element is one too.
int32_t PhysicalOf(const SchemaElement& e) {
  if (e.num_children.present && e.num_children.value > 0) return kGroup;
  return e.type.present ? e.type.value : kGroup;
}

std::string_view PhysicalName(int32_t physical) {
  if (physical == kGroup) return "a group";
  const std::string_view name = PhysicalTypeName(physical);
  return name.empty() ? "an undefined physical type" : name;
}

// ---------------------------------------------------------------------------
// DECIMAL precision limits.

// floor(log10(2^(8n-1) - 1)) for n = 1..32 (parquet-rules.md rule 50),
// the digits a signed n-byte two's complement integer always holds.
constexpr int32_t kFlbaMaxPrecision[32] = {
    2,  4,  6,  9,  11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38,
    40, 43, 45, 47, 50, 52, 55, 57, 59, 62, 64, 67, 69, 71, 74, 76};

// GCC and Clang provide 128-bit integers; __extension__ keeps -Wpedantic
// quiet about it.
__extension__ typedef unsigned __int128 Uint128;

// Precisions up to this are decided with an exact big integer; beyond it a
// precision is a hostile or absurd value and a bracket on log10(2) decides.
constexpr int32_t kExactPrecisionLimit = 4096;

// The bit length of 10^p, by repeated multiplication on 32-bit limbs.
int64_t BitLengthOfPowerOfTen(int32_t p) {
  std::vector<uint32_t> limbs = {1};
  for (int32_t i = 0; i < p; ++i) {
    uint64_t carry = 0;
    for (uint32_t& limb : limbs) {
      const uint64_t v = uint64_t{limb} * 10 + carry;
      limb = static_cast<uint32_t>(v);
      carry = v >> 32;
    }
    if (carry != 0) limbs.push_back(static_cast<uint32_t>(carry));
  }
  int64_t bits = static_cast<int64_t>(limbs.size() - 1) * 32;
  for (uint32_t top = limbs.back(); top != 0; top >>= 1) ++bits;
  return bits;
}

// True when every p-digit number fits a signed n-byte integer:
// 10^p - 1 <= 2^(8n-1) - 1, that is 10^p < 2^(8n-1) (a power of ten is
// never a power of two). Floating-point log10, as Arrow uses, can round
// the wrong way at the boundary; this never does for realistic inputs.
bool PrecisionFitsFlba(int64_t n, int32_t p) {
  if (n <= 32) return p <= kFlbaMaxPrecision[n - 1];
  if (p <= kFlbaMaxPrecision[31]) return true;
  const int64_t bits = 8 * n - 1;
  if (p <= kExactPrecisionLimit) return BitLengthOfPowerOfTen(p) <= bits;
  // 10^p < 2^bits  <=>  p < bits * log10(2). log10(2) lies strictly between
  // kLog2Low and kLog2Low + 1 (in units of 1e-18); with bits < 2^35 and
  // p < 2^31 the products fit 128 bits.
  constexpr Uint128 kScale = 1000000000000000000ULL;
  constexpr Uint128 kLog2Low = 301029995663981195ULL;
  const Uint128 lhs = static_cast<Uint128>(p) * kScale;
  const Uint128 low = static_cast<Uint128>(bits) * kLog2Low;
  if (lhs < low) return true;
  const Uint128 high = low + static_cast<Uint128>(bits);
  if (lhs > high) return false;
  return true;  // Inside the bracket: give the file the benefit of doubt.
}

// ---------------------------------------------------------------------------
// The checker for one element.

class ElementChecker {
 public:
  ElementChecker(const Spanned<SchemaElement>& element, int32_t index,
                 DiagnosticSink& sink)
      : element_(element),
        e_(element.value),
        index_(index),
        physical_(PhysicalOf(element.value)),
        sink_(sink) {}

  void Check() {
    if (physical_ == kInt96) {
      sink_.Report(
          Code::kMetadataInt96Deprecated, e_.type.span,
          FieldPath("schema", index_, "type"),
          "INT96 is deprecated; it is only used for legacy timestamps");
    }
    // Without a type or children the element is neither group nor leaf
    // (schema.leaf-without-type); judging its annotations would only echo
    // that error.
    if (!e_.type.present && !e_.num_children.present) return;
    const bool logical_known = e_.logical_type.present &&
                               e_.logical_type.value.id != kLogicalNone &&
                               e_.logical_type.value.id != kLogicalVector;
    if (e_.logical_type.present) CheckLogical();
    if (!ConvertedKnown()) return;
    if (logical_known) {
      CheckAgreement();
    } else {
      // The ConvertedType is the only annotation readers can use.
      CheckConverted();
    }
  }

 private:
  bool ConvertedKnown() const {
    return e_.converted_type.present && e_.converted_type.value >= kUtf8 &&
           e_.converted_type.value <= kInterval;
  }

  std::string Field(std::string_view name) const {
    return FieldPath("schema", index_, name);
  }

  // ---- LogicalType -------------------------------------------------------

  void CheckLogical() {
    const LogicalType& lt = e_.logical_type.value;
    switch (lt.id) {
      case kLogicalString:
      case kLogicalEnum:
      case kLogicalJson:
      case kLogicalBson:
      case kLogicalGeometry:
      case kLogicalGeography:
        RequireLogical(physical_ == kByteArray, "BYTE_ARRAY");
        return;
      case kLogicalMap:
      case kLogicalList:
      case kLogicalVariant:
        RequireLogical(physical_ == kGroup, "a group");
        return;
      case kLogicalDecimal:
        if (RequireLogical(IsDecimalPhysical(),
                           "INT32, INT64, BYTE_ARRAY or "
                           "FIXED_LEN_BYTE_ARRAY")) {
          CheckDecimal();
        }
        return;
      case kLogicalDate:
        RequireLogical(physical_ == kInt32, "INT32");
        return;
      case kLogicalTime:
        CheckTime();
        return;
      case kLogicalTimestamp:
        if (!KnownUnit()) ReportUnsupportedUnit("TIMESTAMP");
        RequireLogical(physical_ == kInt64, "INT64");
        return;
      case kLogicalInteger:
        CheckInteger();
        return;
      case kLogicalUnknown:
        RequireLogical(physical_ != kGroup, "a primitive type");
        return;
      case kLogicalUuid:
        if (RequireLogical(physical_ == kFixedLenByteArray,
                           "FIXED_LEN_BYTE_ARRAY(16)")) {
          RequireLength(16, "UUID", e_.logical_type.span);
        }
        return;
      case kLogicalFloat16:
        if (RequireLogical(physical_ == kFixedLenByteArray,
                           "FIXED_LEN_BYTE_ARRAY(2)")) {
          RequireLength(2, "FLOAT16", e_.logical_type.span);
        }
        return;
      default:
        // kLogicalNone (a member colcheck does not know), VECTOR, or an id
        // the decoder passed through.
        sink_.Report(Code::kLogicalUnsupported, e_.logical_type.span,
                     Field("logicalType"),
                     lt.id == kLogicalNone
                         ? std::string("LogicalType holds no member colcheck "
                                       "knows (thrift.unknown-field names "
                                       "its id)")
                         : StrCat("LogicalType member ", lt.id,
                                  " is not supported by colcheck"));
        return;
    }
  }

  // Reports the LogicalType when `ok` is false; returns `ok`.
  bool RequireLogical(bool ok, std::string_view allowed) {
    if (!ok) {
      sink_.Report(Code::kLogicalIncompatibleType, e_.logical_type.span,
                   Field("logicalType"),
                   StrCat("this logical type annotates ", allowed, ", not ",
                          PhysicalName(physical_)));
    }
    return ok;
  }

  // An absent or non-positive type_length is schema.flba-type-length.
  // Either the length or the annotation may be the broken part, so the
  // span covers both.
  void RequireLength(int32_t length, std::string_view what,
                     ByteSpan annotation) {
    const Spanned<int32_t>& tl = e_.type_length;
    if (!tl.present || tl.value <= 0 || tl.value == length) return;
    sink_.Report(Code::kLogicalInvalidLength, Join(tl.span, annotation),
                 Field("type_length"),
                 StrCat(what, " needs FIXED_LEN_BYTE_ARRAY(", length,
                        "), not (", tl.value, ")"));
  }

  bool KnownUnit() const {
    const int16_t unit = e_.logical_type.value.time.unit.value;
    return unit == kMillis || unit == kMicros || unit == kNanos;
  }

  void ReportUnsupportedUnit(std::string_view what) {
    sink_.Report(Code::kLogicalUnsupported, e_.logical_type.span,
                 Field("logicalType"),
                 StrCat(what, " has a time unit colcheck does not know"));
  }

  void CheckTime() {
    if (!KnownUnit()) {
      ReportUnsupportedUnit("TIME");
      RequireLogical(physical_ == kInt32 || physical_ == kInt64,
                     "INT32 or INT64");
      return;
    }
    if (e_.logical_type.value.time.unit.value == kMillis) {
      RequireLogical(physical_ == kInt32, "INT32 with unit MILLIS");
    } else {
      RequireLogical(physical_ == kInt64, "INT64 with unit MICROS or NANOS");
    }
  }

  bool ValidBitWidth() const {
    const Spanned<int8_t>& bw = e_.logical_type.value.integer.bit_width;
    return bw.present && (bw.value == 8 || bw.value == 16 || bw.value == 32 ||
                          bw.value == 64);
  }

  void CheckInteger() {
    const Spanned<int8_t>& bw = e_.logical_type.value.integer.bit_width;
    if (!bw.present) return;  // The decoder's missing-required-field.
    if (!ValidBitWidth()) {
      sink_.Report(
          Code::kIntegerBitWidth, bw.span,
          Field("logicalType.INTEGER.bitWidth"),
          StrCat("bitWidth ", int{bw.value}, " is not 8, 16, 32 or 64"));
      return;
    }
    if (bw.value == 64) {
      RequireLogical(physical_ == kInt64, "INT64 with bitWidth 64");
    } else {
      RequireLogical(physical_ == kInt32, "INT32 with bitWidth 8, 16 or 32");
    }
  }

  // ---- DECIMAL -----------------------------------------------------------

  bool IsDecimalPhysical() const {
    return physical_ == kInt32 || physical_ == kInt64 ||
           physical_ == kByteArray || physical_ == kFixedLenByteArray;
  }

  // The DecimalType's values win; the SchemaElement copies must agree with
  // them when they are written (T DecimalType).
  void CheckDecimal() {
    const DecimalType& dt = e_.logical_type.value.decimal;
    CheckDecimalCopy(e_.precision, dt.precision, "precision");
    CheckDecimalCopy(e_.scale, dt.scale, "scale");
    const Spanned<int32_t>& precision =
        dt.precision.present ? dt.precision : e_.precision;
    const Spanned<int32_t>& scale = dt.scale.present ? dt.scale : e_.scale;
    const bool from_logical = dt.precision.present;
    CheckDecimalParameters(
        precision, scale,
        from_logical ? "logicalType.DECIMAL.precision" : "precision",
        dt.scale.present ? "logicalType.DECIMAL.scale" : "scale");
  }

  void CheckDecimalCopy(const Spanned<int32_t>& copy,
                        const Spanned<int32_t>& logical,
                        std::string_view name) {
    if (!copy.present || !logical.present || copy.value == logical.value) {
      return;
    }
    // Either copy may be the wrong one, so the span covers both.
    sink_.Report(Code::kDecimalSchemaMismatch,
                 Join(copy.span, e_.logical_type.span), Field(name),
                 StrCat("SchemaElement.", name, " is ", copy.value,
                        " but the DecimalType says ", logical.value));
  }

  // `scale` absent means 0 (LT DECIMAL).
  void CheckDecimalParameters(const Spanned<int32_t>& precision,
                              const Spanned<int32_t>& scale,
                              std::string_view precision_field,
                              std::string_view scale_field) {
    if (!precision.present || precision.value <= 0) {
      sink_.Report(Code::kDecimalPrecisionNotPositive,
                   precision.present ? precision.span : element_.span,
                   Field(precision_field),
                   precision.present
                       ? StrCat("DECIMAL precision is ", precision.value)
                       : std::string("DECIMAL has no precision"));
      return;
    }
    const int32_t p = precision.value;
    if (scale.present && (scale.value < 0 || scale.value > p)) {
      sink_.Report(Code::kDecimalScaleOutOfRange, scale.span,
                   Field(scale_field),
                   StrCat("DECIMAL scale ", scale.value,
                          " is outside [0, precision ", p, "]"));
    }
    CheckPrecisionFits(precision, precision_field);
  }

  void CheckPrecisionFits(const Spanned<int32_t>& precision,
                          std::string_view field) {
    const int32_t p = precision.value;
    int64_t max = -1;  // -1: no limit, or none colcheck can state.
    bool fits = true;
    if (physical_ == kInt32) {
      max = 9;
      fits = p <= max;
    } else if (physical_ == kInt64) {
      max = 18;
      fits = p <= max;
      if (fits && p < 10) {
        sink_.Report(
            Code::kDecimalLowPrecisionInt64, precision.span, Field(field),
            StrCat("an INT64 DECIMAL with precision ", p, " would fit INT32"));
      }
    } else if (physical_ == kFixedLenByteArray && e_.type_length.present &&
               e_.type_length.value > 0) {
      fits = PrecisionFitsFlba(e_.type_length.value, p);
    }
    if (fits) return;
    sink_.Report(
        Code::kDecimalPrecisionExceedsPhysical, precision.span, Field(field),
        physical_ == kFixedLenByteArray
            ? StrCat("precision ", p, " does not fit FIXED_LEN_BYTE_ARRAY(",
                     e_.type_length.value, ")")
            : StrCat("precision ", p, " exceeds ", max, ", the most ",
                     PhysicalName(physical_), " holds"));
  }

  // ---- ConvertedType -----------------------------------------------------

  void CheckConverted() {
    switch (e_.converted_type.value) {
      case kUtf8:
      case kEnum:
      case kJson:
      case kBson:
        RequireConverted(physical_ == kByteArray, "BYTE_ARRAY");
        return;
      case kMap:
      case kMapKeyValue:
      case kList:
        RequireConverted(physical_ == kGroup, "a group");
        return;
      case kDecimal:
        if (RequireConverted(IsDecimalPhysical(),
                             "INT32, INT64, BYTE_ARRAY or "
                             "FIXED_LEN_BYTE_ARRAY")) {
          CheckDecimalParameters(e_.precision, e_.scale, "precision", "scale");
        }
        return;
      case kDate:
      case kTimeMillis:
      case kUint8:
      case kUint16:
      case kUint32:
      case kInt8:
      case kInt16:
      case kInt32Converted:
        RequireConverted(physical_ == kInt32, "INT32");
        return;
      case kTimeMicros:
      case kTimestampMillis:
      case kTimestampMicros:
      case kUint64:
      case kInt64Converted:
        RequireConverted(physical_ == kInt64, "INT64");
        return;
      case kInterval:
        if (RequireConverted(physical_ == kFixedLenByteArray,
                             "FIXED_LEN_BYTE_ARRAY(12)")) {
          RequireLength(12, "INTERVAL", e_.converted_type.span);
        }
        return;
      default:
        return;  // Out of range: schema.unknown-converted-type.
    }
  }

  bool RequireConverted(bool ok, std::string_view allowed) {
    if (!ok) {
      sink_.Report(Code::kConvertedIncompatibleType, e_.converted_type.span,
                   Field("converted_type"),
                   StrCat("this converted type annotates ", allowed, ", not ",
                          PhysicalName(physical_)));
    }
    return ok;
  }

  // ---- Agreement (LT "Compatibility") ------------------------------------

  void CheckAgreement() {
    const LogicalType& lt = e_.logical_type.value;
    const int32_t ct = e_.converted_type.value;
    bool agrees = false;
    switch (lt.id) {
      case kLogicalString:
        agrees = ct == kUtf8;
        break;
      case kLogicalMap:
        agrees = ct == kMap || ct == kMapKeyValue;
        break;
      case kLogicalList:
        agrees = ct == kList;
        break;
      case kLogicalEnum:
        agrees = ct == kEnum;
        break;
      case kLogicalDecimal:
        agrees = ct == kDecimal;
        break;
      case kLogicalDate:
        agrees = ct == kDate;
        break;
      case kLogicalJson:
        agrees = ct == kJson;
        break;
      case kLogicalBson:
        agrees = ct == kBson;
        break;
      case kLogicalTime:
        if (!KnownUnit()) return;
        agrees = (lt.time.unit.value == kMillis && ct == kTimeMillis) ||
                 (lt.time.unit.value == kMicros && ct == kTimeMicros);
        break;
      case kLogicalTimestamp:
        // LT: local timestamps carry the UTC ConvertedTypes too.
        if (!KnownUnit()) return;
        agrees = (lt.time.unit.value == kMillis && ct == kTimestampMillis) ||
                 (lt.time.unit.value == kMicros && ct == kTimestampMicros);
        break;
      case kLogicalInteger:
        if (!ValidBitWidth() || !lt.integer.is_signed.present) return;
        agrees = ct == IntegerConverted(lt.integer.bit_width.value,
                                        lt.integer.is_signed.value);
        break;
      default:
        // UNKNOWN, UUID, FLOAT16, VARIANT, GEOMETRY, GEOGRAPHY have no
        // ConvertedType counterpart.
        agrees = false;
        break;
    }
    if (agrees) return;
    sink_.Report(Code::kLogicalConvertedMismatch,
                 Join(e_.converted_type.span, e_.logical_type.span),
                 Field("converted_type"),
                 StrCat("converted_type ", ct,
                        " does not correspond to LogicalType member ", lt.id));
  }

  static int32_t IntegerConverted(int8_t bit_width, bool is_signed) {
    switch (bit_width) {
      case 8:
        return is_signed ? kInt8 : kUint8;
      case 16:
        return is_signed ? kInt16 : kUint16;
      case 32:
        return is_signed ? kInt32Converted : kUint32;
      default:
        return is_signed ? kInt64Converted : kUint64;
    }
  }

  const Spanned<SchemaElement>& element_;
  const SchemaElement& e_;
  const int32_t index_;
  const int32_t physical_;
  DiagnosticSink& sink_;
};

}  // namespace

void CheckLogicalTypes(const RuleContext& ctx) {
  const ModelList<Spanned<SchemaElement>>& schema = ctx.md.schema.value;
  for (size_t i = 0; i < schema.size(); ++i) {
    ElementChecker(schema[i], static_cast<int32_t>(i), ctx.sink).Check();
  }
}

}  // namespace colcheck::parquet
