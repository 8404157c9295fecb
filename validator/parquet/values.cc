// The encoding x type matrix and the choice of value decoder.
// https://github.com/apache/parquet-format/blob/master/Encodings.md
// ("Supported Encodings"; BIT_PACKED is for levels only, and RLE for values
// only for BOOLEAN).

#include "parquet/values.h"

#include <memory>

#include "core/strings.h"
#include "parquet/decoding.h"
#include "parquet/metadata.h"

namespace colcheck::parquet {

uint32_t ColumnType::width() const {
  return PlainWidth(physical, type_length);
}

namespace {

bool KnownPhysical(int32_t physical) {
  return physical >= kBoolean && physical <= kFixedLenByteArray;
}

bool KnownEncoding(int32_t encoding) {
  switch (encoding) {
    case 1:  // GROUP_VAR_INT: reserved, never specified for any type.
    case kPlain:
    case kPlainDictionary:
    case kRle:
    case kBitPacked:
    case kDeltaBinaryPacked:
    case kDeltaLengthByteArray:
    case kDeltaByteArray:
    case kRleDictionary:
    case kByteStreamSplit:
      return true;
    default:
      return false;
  }
}

std::string_view EncodingName(int32_t encoding) {
  switch (encoding) {
    case 1:
      return "GROUP_VAR_INT";
    case kPlain:
      return "PLAIN";
    case kPlainDictionary:
      return "PLAIN_DICTIONARY";
    case kRle:
      return "RLE";
    case kBitPacked:
      return "BIT_PACKED";
    case kDeltaBinaryPacked:
      return "DELTA_BINARY_PACKED";
    case kDeltaLengthByteArray:
      return "DELTA_LENGTH_BYTE_ARRAY";
    case kDeltaByteArray:
      return "DELTA_BYTE_ARRAY";
    case kRleDictionary:
      return "RLE_DICTIONARY";
    case kByteStreamSplit:
      return "BYTE_STREAM_SPLIT";
    default:
      return "?";
  }
}


}  // namespace

bool EncodingAppliesTo(int32_t encoding, int32_t physical) {
  if (!KnownPhysical(physical)) return false;
  switch (encoding) {
    case kPlain:
    case kPlainDictionary:
    case kRleDictionary:
      return true;
    case kRle:
      return physical == kBoolean;
    case kDeltaBinaryPacked:
      return physical == kInt32 || physical == kInt64;
    case kDeltaLengthByteArray:
      return physical == kByteArray;
    case kDeltaByteArray:
      return physical == kByteArray || physical == kFixedLenByteArray;
    case kByteStreamSplit:
      return physical == kFloat || physical == kDouble || physical == kInt32 ||
             physical == kInt64 || physical == kFixedLenByteArray;
    default:  // GROUP_VAR_INT, BIT_PACKED (levels only), unknown values.
      return false;
  }
}

std::unique_ptr<ValueDecoder> MakeValueDecoder(
    int32_t encoding, ByteSpan encoding_span, ColumnType type,
    uint64_t num_values, uint64_t dictionary_size, ByteReader section,
    PageScope& scope, std::string_view encoding_field) {
  if (!KnownEncoding(encoding)) {
    scope.ReportAt(
        Code::kEncodingUnknown, encoding_span, encoding_field,
        StrCat("encoding ", encoding, " is not a value of the Encoding enum"));
    return nullptr;
  }
  // An unknown physical type is the schema's fault, reported there.
  if (!KnownPhysical(type.physical)) return nullptr;
  if (!EncodingAppliesTo(encoding, type.physical)) {
    scope.ReportAt(
        Code::kEncodingInvalidForType, encoding_span, encoding_field,
        StrCat(EncodingName(encoding), " (", encoding,
               encoding == kBitPacked ? ") encodes only levels, not values"
               : encoding == 1        ? ") is not defined for any type"
                                      : ") is not defined for ",
               encoding == kBitPacked || encoding == 1
                   ? std::string_view()
                   : PhysicalTypeName(type.physical)));
    return nullptr;
  }
  switch (encoding) {
    case kPlain:
      return decoding::MakePlainDecoder(type, num_values, section, scope);
    case kPlainDictionary:
    case kRleDictionary:
      return decoding::MakeDictionaryIndexDecoder(num_values, dictionary_size,
                                                  section, scope);
    case kRle:
      return decoding::MakeRleBooleanDecoder(num_values, section, scope);
    case kDeltaBinaryPacked:
      return decoding::MakeDeltaBinaryPackedDecoder(type, num_values, section,
                                                    scope);
    case kDeltaLengthByteArray:
      return decoding::MakeDeltaLengthByteArrayDecoder(num_values, section,
                                                       scope);
    case kDeltaByteArray:
      return decoding::MakeDeltaByteArrayDecoder(type, num_values, section,
                                                 scope);
    case kByteStreamSplit:
      return decoding::MakeByteStreamSplitDecoder(type, num_values, section,
                                                  scope);
    default:
      return nullptr;
  }
}

}  // namespace colcheck::parquet
