#include "protobuf/wire_reader.h"

#include <algorithm>
#include <bit>
#include <limits>

#include "core/strings.h"
#include "core/utf8.h"

namespace colcheck::protobuf {
namespace {

// Tags are uint32 varints: a field number in the top 29 bits.
constexpr uint64_t kMaxFieldNumber = (uint64_t{1} << 29) - 1;
// Tags and lengths are 32-bit values: 5 varint bytes at most.
constexpr int kMaxTagOrLengthBytes = 5;
constexpr int kMaxVarintBytes = 10;
// Protobuf bounds a varint by its bytes alone.
constexpr uint64_t kAnyValue = ~uint64_t{0};

std::string_view ScalarName(Scalar kind) {
  switch (kind) {
    case Scalar::kUint64:
      return "uint64";
    case Scalar::kUint32:
      return "uint32";
    case Scalar::kInt64:
      return "int64";
    case Scalar::kInt32:
      return "int32";
    case Scalar::kSint64:
      return "sint64";
    case Scalar::kSint32:
      return "sint32";
    case Scalar::kEnum:
      return "enum";
    case Scalar::kBool:
      return "bool";
    case Scalar::kFixed64:
      return "fixed64";
    case Scalar::kDouble:
      return "double";
  }
  return "invalid";
}

// What a traced value of `type` holds, from its bytes after the tag (and
// the length of a LEN): a scalar as the raw number of its own wire form
// (the varint's groups, or the little-endian fixed bits), a LEN as its
// bytes.
TracedValue TracedValueOf(WireType type, std::span<const std::byte> bytes) {
  uint64_t v = 0;
  switch (type) {
    case WireType::kVarint:
      for (size_t i = 0; i < bytes.size() && i < 10; ++i) {
        v |= static_cast<uint64_t>(std::to_integer<uint8_t>(bytes[i]) & 0x7f)
             << (7 * i);
      }
      return v;
    case WireType::kI64:
    case WireType::kI32: {
      const std::span<const std::byte> bits =
          bytes.first(std::min<size_t>(bytes.size(), 8));
      for (size_t i = 0; i < bits.size(); ++i) {
        v |= static_cast<uint64_t>(std::to_integer<uint8_t>(bits[i]))
             << (8 * i);
      }
      return FixedBits{v, bits};
    }
    case WireType::kLen:
      return bytes;
    default:
      return {};
  }
}

}  // namespace

std::string_view WireTypeName(WireType type) {
  switch (type) {
    case WireType::kVarint:
      return "VARINT";
    case WireType::kI64:
      return "I64";
    case WireType::kLen:
      return "LEN";
    case WireType::kStartGroup:
      return "SGROUP";
    case WireType::kEndGroup:
      return "EGROUP";
    case WireType::kI32:
      return "I32";
  }
  return "invalid";
}

std::string_view TraceTypeName(WireType type) {
  switch (type) {
    case WireType::kVarint:
      return "varint";
    case WireType::kI64:
      return "i64";
    case WireType::kLen:
      return "len";
    case WireType::kI32:
      return "i32";
    default:
      return "group";
  }
}

WireType WireTypeOf(Scalar kind) {
  switch (kind) {
    case Scalar::kFixed64:
    case Scalar::kDouble:
      return WireType::kI64;
    default:
      return WireType::kVarint;
  }
}

void Decoder::EndTrace(WireType type, uint64_t begin, uint64_t value_begin) {
  TraceClose(begin, value_begin, [type](std::span<const std::byte> bytes) {
    return TracedValueOf(type, bytes);
  });
}

bool Decoder::ReadFixed64(uint64_t* out, ByteSpan* span) {
  return ReadFixed(8, "8-byte value", out, span);
}

bool Decoder::ReadFixed32(uint32_t* out, ByteSpan* span) {
  uint64_t v;
  if (!ReadFixed(4, "4-byte value", &v, span)) return false;
  *out = static_cast<uint32_t>(v);
  return true;
}

bool Decoder::ReadLength(ByteSpan* body, ByteSpan* length_span) {
  uint64_t length;
  if (!ReadVarint(kMaxTagOrLengthBytes, kAnyValue, &length, length_span)) {
    return false;
  }
  if (length > reader().remaining()) {
    Fail(Code::kProtobufLengthExceedsData, *length_span,
         StrCat("length ", length, " exceeds the ", reader().remaining(),
                " bytes left in the enclosing message"));
    return false;
  }
  *body = {reader().position(), length};
  return true;
}

bool Decoder::ReadScalar(Scalar kind, uint64_t* raw, ByteSpan* span) {
  if (WireTypeOf(kind) == WireType::kI64) return ReadFixed64(raw, span);
  if (!ReadVarint(kMaxVarintBytes, kAnyValue, raw, span)) return false;
  const uint64_t v = *raw;
  bool fits = true;
  switch (kind) {
    case Scalar::kUint32:
    case Scalar::kSint32:
      fits = v <= std::numeric_limits<uint32_t>::max();
      break;
    case Scalar::kInt32:
    case Scalar::kEnum: {
      // Negative int32s are written sign-extended to 10 bytes.
      const auto s = static_cast<int64_t>(v);
      fits = s >= std::numeric_limits<int32_t>::min() &&
             s <= std::numeric_limits<int32_t>::max();
      break;
    }
    case Scalar::kBool:
      if (v > 1) {
        Report(Code::kProtobufBoolEncoding, *span,
               StrCat("bool value is ", v, "; only 0 and 1 are bools"));
      }
      break;
    default:
      break;
  }
  if (!fits) {
    Report(Code::kProtobufValueOutOfRange, *span,
           StrCat("varint ", v, " does not fit the declared type ",
                  ScalarName(kind)));
  }
  return true;
}

Decoder::TagResult Decoder::ReadTag(uint32_t* number, WireType* type,
                                    ByteSpan* span) {
  if (failed()) return TagResult::kFault;
  if (reader().empty()) return TagResult::kEnd;
  uint64_t tag;
  if (!ReadVarint(kMaxTagOrLengthBytes, kAnyValue, &tag, span)) {
    return TagResult::kFault;
  }
  const uint64_t field = tag >> 3;
  const auto wire = static_cast<uint8_t>(tag & 7);
  if (field == 0 || field > kMaxFieldNumber) {
    Fail(Code::kProtobufInvalidFieldNumber, *span,
         StrCat("field number ", field, " is outside 1..", kMaxFieldNumber));
    return TagResult::kFault;
  }
  if (wire == 3 || wire == 4) {
    Fail(Code::kProtobufGroup, *span,
         StrCat("field ", field, " has wire type ", wire,
                " (a group), which ORC metadata never uses"));
    return TagResult::kFault;
  }
  if (wire > 5) {
    Fail(Code::kProtobufInvalidWireType, *span,
         StrCat("field ", field, " has wire type ", wire,
                ", which does not exist"));
    return TagResult::kFault;
  }
  *number = static_cast<uint32_t>(field);
  *type = static_cast<WireType>(wire);
  return TagResult::kField;
}

bool Decoder::SkipValue(WireType type) {
  uint64_t v;
  uint32_t v32;
  ByteSpan span;
  switch (type) {
    case WireType::kVarint:
      return ReadVarint(kMaxVarintBytes, kAnyValue, &v, &span);
    case WireType::kI64:
      return ReadFixed64(&v, &span);
    case WireType::kI32:
      return ReadFixed32(&v32, &span);
    case WireType::kLen: {
      ByteSpan body;
      if (!ReadLength(&body, &span)) return false;
      return reader().Skip(body.length);
    }
    default:
      // ReadTag rejects the others before any value is read.
      return false;
  }
}

bool Decoder::Narrow(ByteSpan body, ByteReader* saved) {
  if (failed()) return false;
  ByteReader sub;
  if (!reader().Sub(body.offset, body.length, &sub)) return false;
  *saved = reader();
  reader() = sub;
  return true;
}

void Decoder::Widen(const ByteReader& saved, ByteSpan body) {
  reader() = saved;
  (void)reader().Seek(body.end());
}

void MessageReader::CloseTraced() {
  if (!traced_) return;
  d_.EndTrace(type_, tag_.offset, traced_value_);
  traced_ = false;
}

bool MessageReader::Next() {
  CloseTraced();
  if (!Open()) return false;
  if (d_.ReadTag(&number_, &type_, &tag_) != Decoder::TagResult::kField) {
    return false;
  }
  if (d_.trace() != nullptr) {
    // A LEN field's header runs through its length.
    ByteSpan header = tag_;
    if (type_ == WireType::kLen) {
      ByteReader peek = d_.reader();
      uint8_t b;
      while (peek.ReadU8(&b) && (b & 0x80) != 0) {
      }
      header = {tag_.offset, peek.position() - tag_.offset};
    }
    d_.TraceField(static_cast<int32_t>(number_), TraceTypeName(type_),
                  header);
    traced_ = true;
    traced_value_ = header.end();
  }
  duplicate_ = seen_.Contains(number_);
  return true;
}

bool MessageReader::Expect(std::string_view name, WireType expected,
                           bool packable) {
  if (traced_) d_.trace()->Name(name);
  seen_.Insert(number_);
  if (type_ == expected || (packable && type_ == WireType::kLen)) return true;
  d_.PushName(name);
  d_.Report(Code::kProtobufWrongWireType, tag_,
            StrCat("field ", number_, " '", name, "' has wire type ",
                   WireTypeName(type_), "; its declared type needs ",
                   WireTypeName(expected)));
  (void)d_.SkipValue(type_);
  d_.Pop();
  return false;
}

void MessageReader::WarnIfDuplicate(std::string_view name) {
  if (!duplicate_) return;
  d_.PushName(name);
  d_.Report(Code::kProtobufDuplicateField, tag_,
            StrCat("non-repeated field ", number_, " '", name,
                   "' appears more than once"));
  d_.Pop();
}

bool MessageReader::ReadSingular(std::string_view name, Scalar kind,
                                 uint64_t* raw, ByteSpan* span) {
  if (!Expect(name, WireTypeOf(kind), /*packable=*/false)) return false;
  WarnIfDuplicate(name);
  d_.PushName(name);
  const bool ok = d_.ReadScalar(kind, raw, span);
  d_.Pop();
  return ok;
}

bool MessageReader::ReadPackedOne(Scalar kind, uint64_t element_bytes,
                                  size_t index, uint64_t* raw,
                                  ByteSpan* span) {
  const bool traced = d_.trace() != nullptr;
  const uint64_t at = d_.reader().position();
  if (traced) {
    d_.TraceElement(static_cast<uint32_t>(index),
                    TraceTypeName(WireTypeOf(kind)), at);
  }
  d_.PushIndex(static_cast<int64_t>(index));
  const bool ok = d_.Charge(element_bytes, {at, 0}) &&
                  d_.ReadScalar(kind, raw, span);
  d_.Pop();
  if (traced) d_.EndTrace(WireTypeOf(kind), at, at);
  return ok;
}

bool MessageReader::ReadLenBytes(std::span<const std::byte>* bytes,
                                 ByteSpan* body) {
  ByteSpan length_span;
  if (!d_.ReadLength(body, &length_span)) return false;
  // ReadLength checked the length against the remaining bytes.
  return d_.reader().ReadBytes(body->length, bytes);
}

void MessageReader::ReadString(std::string_view name,
                               Spanned<std::string_view>* out) {
  Spanned<std::span<const std::byte>> bytes;
  utf8_check_ = true;
  ReadBytes(name, &bytes);
  utf8_check_ = false;
  if (!bytes.present) return;
  *out = {AsChars(bytes.value), bytes.span, bytes.header, true};
}

void MessageReader::ReadBytes(std::string_view name,
                              Spanned<std::span<const std::byte>>* out) {
  if (!Expect(name, WireType::kLen, /*packable=*/false)) return;
  WarnIfDuplicate(name);
  d_.PushName(name);
  std::span<const std::byte> bytes;
  ByteSpan body;
  if (ReadLenBytes(&bytes, &body)) {
    Store(out, bytes, body, MessageHeader(body));
    if (utf8_check_ && !IsValidUtf8(bytes)) {
      d_.Report(Code::kProtobufInvalidUtf8, body,
                StrCat("string field '", name, "' is not valid UTF-8"));
    }
  }
  d_.Pop();
}

bool MessageReader::ReadBytesElement(
    std::string_view name, size_t index,
    Spanned<std::span<const std::byte>>* e) {
  if (!Expect(name, WireType::kLen, /*packable=*/false)) return false;
  d_.PushName(name);
  d_.PushIndex(static_cast<int64_t>(index));
  std::span<const std::byte> bytes;
  ByteSpan body;
  const bool ok =
      d_.Charge(sizeof(Spanned<std::span<const std::byte>>), tag_) &&
      ReadLenBytes(&bytes, &body);
  if (ok) Store(e, bytes, body, MessageHeader(body));
  if (ok && utf8_check_ && !IsValidUtf8(bytes)) {
    d_.Report(Code::kProtobufInvalidUtf8, body,
              StrCat("an element of string field '", name,
                     "' is not valid UTF-8"));
  }
  d_.Pop();
  d_.Pop();
  return ok;
}

void MessageReader::ReadRepeatedString(
    std::string_view name,
    SpannedList<std::string_view>* out) {
  Spanned<std::span<const std::byte>> e;
  utf8_check_ = true;
  const bool ok = ReadBytesElement(name, out->value.size(), &e);
  utf8_check_ = false;
  if (!ok) return;
  out->value.push_back({AsChars(e.value), e.span, e.header, true});
  ExtendList(out, e.span, e.header);
}

void MessageReader::ReadRepeatedBytes(
    std::string_view name,
    SpannedList<std::span<const std::byte>>* out) {
  Spanned<std::span<const std::byte>> e;
  if (!ReadBytesElement(name, out->value.size(), &e)) return;
  out->value.push_back(e);
  ExtendList(out, e.span, e.header);
}

bool MessageReader::BeginMessage(std::string_view name, bool repeated,
                                 uint64_t element_bytes, size_t index,
                                 ByteSpan* body, ByteReader* saved) {
  if (!Expect(name, WireType::kLen, /*packable=*/false)) return false;
  if (!repeated) WarnIfDuplicate(name);
  d_.PushName(name);
  if (repeated) d_.PushIndex(static_cast<int64_t>(index));
  ByteSpan length_span;
  if ((repeated && !d_.Charge(element_bytes, tag_)) ||
      !d_.ReadLength(body, &length_span) || !d_.Narrow(*body, saved)) {
    if (repeated) d_.Pop();
    d_.Pop();
    return false;
  }
  return true;
}

bool MessageReader::EndMessage(const ByteReader& saved, ByteSpan body,
                               bool ok, bool repeated) {
  d_.Widen(saved, body);
  if (repeated) d_.Pop();
  d_.Pop();
  return ok && !d_.failed();
}

void MessageReader::SkipUnknown() {
  d_.Report(Code::kProtobufUnknownField, tag_,
            StrCat("unknown field number ", number_, " of wire type ",
                   WireTypeName(type_), " skipped"));
  (void)d_.SkipValue(type_);
}

}  // namespace colcheck::protobuf
