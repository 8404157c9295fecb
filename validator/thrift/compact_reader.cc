#include "thrift/compact_reader.h"

#include <bit>
#include <cstring>

#include "core/strings.h"
#include "core/utf8.h"
#include "core/varint.h"

namespace colcheck::thrift {
namespace {

// Parquet's metadata uses types 1..12. Thrift's newer UUID (13) never
// appears in it, so a 13 is as invalid as a 14 (parquet-rules.md rule 9).
bool IsValidType(uint8_t nibble) { return nibble >= 1 && nibble <= 12; }

// The fewest bytes one collection element of `type` can take, so a declared
// size can be checked against the remaining bytes before anything is
// allocated.
uint64_t MinElementBytes(WireType type) {
  switch (type) {
    case WireType::kDouble:
      return 8;
    default:
      return 1;
  }
}

bool SameWireType(WireType expected, WireType actual) {
  const auto is_bool = [](WireType t) {
    return t == WireType::kBoolTrue || t == WireType::kBoolFalse;
  };
  if (is_bool(expected)) return is_bool(actual);
  // Sets and lists share one encoding; the IDL decides which it is.
  return expected == actual;
}

// What a traced value of `type` holds, from its bytes after the field
// header; nothing for containers and undecodable bytes.
TracedValue TracedValueOf(WireType type, bool element,
                          std::span<const std::byte> bytes) {
  ByteReader r(bytes);
  uint8_t b;
  switch (type) {
    case WireType::kBoolTrue:
    case WireType::kBoolFalse:
      // A field's bool is its header's type; an element's is a byte.
      if (!element) return type == WireType::kBoolTrue;
      if (!r.ReadU8(&b)) return {};
      return b == 1;
    case WireType::kI8:
      if (!r.ReadU8(&b)) return {};
      return int64_t{static_cast<int8_t>(b)};
    case WireType::kI16:
    case WireType::kI32:
    case WireType::kI64: {
      const Varint64 v = ReadUleb128(r, 10);
      if (v.status != VarintStatus::kOk) return {};
      return ZigZagDecode(v.value);
    }
    case WireType::kDouble: {
      uint64_t bits;
      if (!r.ReadU64LE(&bits)) return {};
      return std::bit_cast<double>(bits);
    }
    case WireType::kBinary: {
      const Varint64 length = ReadUleb128(r, 5);
      std::span<const std::byte> value;
      if (length.status != VarintStatus::kOk || length.value > 0xFFFFFFFF ||
          !r.ReadBytes(length.value, &value)) {
        return {};
      }
      return value;
    }
    default:
      return {};
  }
}

}  // namespace

std::string_view WireTypeName(WireType type) {
  switch (type) {
    case WireType::kStop:
      return "stop";
    case WireType::kBoolTrue:
    case WireType::kBoolFalse:
      return "bool";
    case WireType::kI8:
      return "i8";
    case WireType::kI16:
      return "i16";
    case WireType::kI32:
      return "i32";
    case WireType::kI64:
      return "i64";
    case WireType::kDouble:
      return "double";
    case WireType::kBinary:
      return "binary";
    case WireType::kList:
      return "list";
    case WireType::kSet:
      return "set";
    case WireType::kMap:
      return "map";
    case WireType::kStruct:
      return "struct";
  }
  return "invalid";
}

void Decoder::EndTrace(WireType type, bool element, uint64_t begin,
                       uint64_t value_begin) {
  TraceClose(begin, value_begin, [&](std::span<const std::byte> bytes) {
    return TracedValueOf(type, element, bytes);
  });
}

bool Decoder::ReadZigzag(int max_bytes, int bits, int64_t* out,
                         ByteSpan* span) {
  const uint64_t max_value =
      bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  uint64_t raw;
  if (!ReadVarint(max_bytes, max_value, &raw, span)) return false;
  *out = ZigZagDecode(raw);
  return true;
}

bool Decoder::ReadI8(int8_t* out, ByteSpan* span) {
  if (failed()) return false;
  const uint64_t start = reader().position();
  uint8_t b;
  if (!reader().ReadU8(&b)) {
    Fail(Code::kThriftTruncated, {start, 0}, "i8 truncated: 1 byte missing");
    return false;
  }
  *out = static_cast<int8_t>(b);
  *span = reader().SpanFrom(start);
  return true;
}

bool Decoder::ReadI16(int16_t* out, ByteSpan* span) {
  int64_t v;
  if (!ReadZigzag(5, 16, &v, span)) return false;
  *out = static_cast<int16_t>(v);
  return true;
}

bool Decoder::ReadI32(int32_t* out, ByteSpan* span) {
  int64_t v;
  if (!ReadZigzag(5, 32, &v, span)) return false;
  *out = static_cast<int32_t>(v);
  return true;
}

bool Decoder::ReadI64(int64_t* out, ByteSpan* span) {
  return ReadZigzag(10, 64, out, span);
}

bool Decoder::ReadDouble(double* out, ByteSpan* span) {
  uint64_t bits;
  if (!ReadFixed(8, "double", &bits, span)) return false;
  *out = std::bit_cast<double>(bits);
  return true;
}

bool Decoder::ReadBinary(std::span<const std::byte>* out, ByteSpan* span) {
  const uint64_t start = reader().position();
  uint64_t length;
  ByteSpan length_span;
  if (!ReadVarint(5, 0xFFFFFFFF, &length, &length_span)) return false;
  if (length > reader().remaining()) {
    // The length prefix is the fault: the bytes after it are whatever
    // follows in the struct, not a broken value.
    Fail(Code::kThriftBinaryTooLong, length_span,
         StrCat("binary length ", length, " exceeds the ",
                reader().remaining(), " bytes that remain: ",
                length - reader().remaining(), " bytes missing"));
    return false;
  }
  (void)reader().ReadBytes(length, out);
  *span = reader().SpanFrom(start);
  return true;
}

bool Decoder::ReadListHeader(WireType* element, uint32_t* size,
                             ByteSpan* span) {
  if (failed()) return false;
  const uint64_t start = reader().position();
  uint8_t b;
  if (!reader().ReadU8(&b)) {
    Fail(Code::kThriftTruncated, {start, 0},
         "list header truncated: 1 byte missing");
    return false;
  }
  uint64_t n = b >> 4;
  const uint8_t type = b & 0x0F;
  if (n == 15) {
    ByteSpan ignored;
    if (!ReadVarint(5, 0x7FFFFFFF, &n, &ignored)) return false;
  }
  *span = reader().SpanFrom(start);
  if (b == 0) {
    // 0x00: an empty list without an element type (arrow-rs writes this).
    Report(Code::kThriftEmptyListHeader, *span,
           "empty list written as 0x00, without an element type");
    *element = WireType::kStop;
    *size = 0;
    return true;
  }
  if (!IsValidType(type)) {
    Fail(Code::kThriftInvalidType, *span,
         StrCat("list element type ", static_cast<int>(type),
                " is not a compact protocol type"));
    return false;
  }
  *element = static_cast<WireType>(type);
  if (n > reader().remaining() / MinElementBytes(*element)) {
    Fail(Code::kThriftCollectionTooLarge, *span,
         StrCat("list declares ", n, " elements but only ",
                reader().remaining(), " bytes remain"));
    return false;
  }
  if (n > limits::kMaxCollectionSize) {
    Fail(Code::kLimitsCollectionSize, *span,
         StrCat("list declares ", n, " elements, above the limit of ",
                limits::kMaxCollectionSize));
    return false;
  }
  *size = static_cast<uint32_t>(n);
  return true;
}

Decoder::HeaderResult Decoder::ReadFieldHeader(int16_t last_id, int16_t* id,
                                               WireType* type,
                                               ByteSpan* span) {
  if (failed()) return HeaderResult::kFault;
  const uint64_t start = reader().position();
  uint8_t b;
  if (!reader().ReadU8(&b)) {
    Fail(Code::kThriftTruncated, {start, 0},
         "struct truncated: field header or STOP missing");
    return HeaderResult::kFault;
  }
  if (b == 0) {
    *span = reader().SpanFrom(start);
    return HeaderResult::kStop;
  }
  const uint8_t nibble = b & 0x0F;
  const int delta = b >> 4;
  int32_t next_id;
  if (delta != 0) {
    next_id = int32_t{last_id} + delta;
  } else {
    int16_t long_id;
    ByteSpan ignored;
    if (!ReadI16(&long_id, &ignored)) return HeaderResult::kFault;
    next_id = long_id;
  }
  *span = reader().SpanFrom(start);
  if (!IsValidType(nibble)) {
    Fail(Code::kThriftInvalidType, *span,
         StrCat("field type ", static_cast<int>(nibble),
                " is not a compact protocol type"));
    return HeaderResult::kFault;
  }
  if (next_id > 32767) {
    Fail(Code::kThriftInvalidFieldId, *span,
         StrCat("field id delta overflows: ", next_id, " is above 32767"));
    return HeaderResult::kFault;
  }
  *id = static_cast<int16_t>(next_id);
  *type = static_cast<WireType>(nibble);
  return HeaderResult::kField;
}

bool Decoder::Skip(WireType type) {
  if (failed()) return false;
  ByteSpan span;
  switch (type) {
    case WireType::kBoolTrue:
    case WireType::kBoolFalse:
      return true;
    case WireType::kList:
    case WireType::kSet: {
      WireType element;
      uint32_t size;
      if (!ReadListHeader(&element, &size, &span)) return false;
      if (!Enter(span)) return false;
      const bool ok = SkipElements(element, size);
      Leave();
      return ok;
    }
    case WireType::kMap:
      return SkipMap();
    case WireType::kStruct:
      return SkipStruct();
    default:
      return SkipElements(type, 1);
  }
}

bool Decoder::SkipElements(WireType type, uint64_t count) {
  for (uint64_t i = 0; i < count; ++i) {
    if (failed()) return false;
    ByteSpan span;
    switch (type) {
      case WireType::kStop:
        return count == 0;
      case WireType::kBoolTrue:
      case WireType::kBoolFalse: {
        Spanned<bool> ignored;
        if (!ReadElement(*this, &ignored) && failed()) return false;
        break;
      }
      case WireType::kI8: {
        int8_t v;
        if (!ReadI8(&v, &span)) return false;
        break;
      }
      case WireType::kI16: {
        int16_t v;
        if (!ReadI16(&v, &span)) return false;
        break;
      }
      case WireType::kI32: {
        int32_t v;
        if (!ReadI32(&v, &span)) return false;
        break;
      }
      case WireType::kI64: {
        int64_t v;
        if (!ReadI64(&v, &span)) return false;
        break;
      }
      case WireType::kDouble: {
        double v;
        if (!ReadDouble(&v, &span)) return false;
        break;
      }
      case WireType::kBinary: {
        std::span<const std::byte> v;
        if (!ReadBinary(&v, &span)) return false;
        break;
      }
      case WireType::kList:
      case WireType::kSet:
      case WireType::kMap:
      case WireType::kStruct:
        if (!Skip(type)) return false;
        break;
      default:
        return false;  // Unreachable: headers are checked first.
    }
  }
  return !failed();
}

Decoder::HeaderResult Decoder::SkipField(int16_t last_id, int16_t* id) {
  WireType type;
  ByteSpan span;
  const HeaderResult r = ReadFieldHeader(last_id, id, &type, &span);
  if (r != HeaderResult::kField) return r;
  return Skip(type) ? HeaderResult::kField : HeaderResult::kFault;
}

bool Decoder::SkipStruct() {
  const uint64_t start = reader().position();
  if (!Enter({start, 1})) return false;
  int16_t last = 0;
  HeaderResult r;
  do {
    r = SkipField(last, &last);
  } while (r == HeaderResult::kField);
  Leave();
  return r == HeaderResult::kStop;
}

bool Decoder::SkipMap() {
  const uint64_t start = reader().position();
  uint64_t n;
  ByteSpan span;
  if (!ReadVarint(5, 0x7FFFFFFF, &n, &span)) return false;
  if (n == 0) return true;
  uint8_t types;
  if (!reader().ReadU8(&types)) {
    Fail(Code::kThriftTruncated, reader().SpanFrom(start),
         "map header truncated: key/value types missing");
    return false;
  }
  const ByteSpan header = reader().SpanFrom(start);
  const uint8_t k = types >> 4, v = types & 0x0F;
  if (!IsValidType(k) || !IsValidType(v)) {
    Fail(Code::kThriftInvalidType, header,
         "map key or value type is not a compact protocol type");
    return false;
  }
  const WireType key = static_cast<WireType>(k);
  const WireType value = static_cast<WireType>(v);
  if (n > reader().remaining() / (MinElementBytes(key) + MinElementBytes(value))) {
    Fail(Code::kThriftCollectionTooLarge, header,
         StrCat("map declares ", n, " entries but only ",
                reader().remaining(), " bytes remain"));
    return false;
  }
  if (!Enter(header)) return false;
  bool ok = true;
  for (uint64_t i = 0; ok && i < n; ++i) {
    ok = SkipElements(key, 1) && SkipElements(value, 1);
  }
  Leave();
  return ok;
}

bool RanOutOfBytes(const DiagnosticSink& sink) {
  return sink.Has(Code::kThriftTruncated) ||
         sink.Has(Code::kThriftCollectionTooLarge) ||
         sink.Has(Code::kThriftBinaryTooLong);
}

bool ReadElement(Decoder& d, Spanned<int32_t>* out) {
  if (!d.ReadI32(&out->value, &out->span)) return false;
  out->present = true;
  return true;
}

bool ReadElement(Decoder& d, Spanned<int64_t>* out) {
  if (!d.ReadI64(&out->value, &out->span)) return false;
  out->present = true;
  return true;
}

bool ReadElement(Decoder& d, Spanned<bool>* out) {
  int8_t b;
  if (!d.ReadI8(&b, &out->span)) return false;
  // The spec says 1 and 0; Apache Thrift's C++ and Java write 1 and 2.
  if (b != 0 && b != 1 && b != 2) {
    d.Report(Code::kThriftBoolEncoding, out->span,
             StrCat("boolean element is ", static_cast<int>(b),
                    "; only 0, 1 and 2 are boolean encodings"));
    return true;  // The byte is consumed; decoding can go on.
  }
  out->value = b == 1;
  out->present = true;
  return true;
}

bool ReadElement(Decoder& d, Spanned<std::string_view>* out) {
  std::span<const std::byte> bytes;
  if (!d.ReadBinary(&bytes, &out->span)) return false;
  out->value = AsChars(bytes);
  out->present = true;
  return true;
}

void StructReader::CloseTraced() {
  if (!traced_) return;
  d_.EndTrace(type_, /*element=*/false, header_.offset, header_.end());
  traced_ = false;
}

bool StructReader::Next() {
  CloseTraced();
  if (!Open()) return false;
  const Decoder::HeaderResult r =
      d_.ReadFieldHeader(last_id_, &id_, &type_, &header_);
  if (r != Decoder::HeaderResult::kField) return false;
  if (d_.trace() != nullptr) {
    d_.TraceField(id_, WireTypeName(type_), header_);
    traced_ = true;
  }
  last_id_ = id_;
  if (Seen(id_)) {
    d_.Report(Code::kThriftDuplicateField, header_,
              StrCat("field id ", id_, " appears twice in one struct"));
  }
  seen_.Insert(id_);
  if (id_ <= 0) {
    d_.Report(Code::kThriftInvalidFieldId, header_,
              StrCat("field id ", id_, " is not positive"));
  } else if (id_ == 32767) {
    d_.Report(Code::kThriftExtensionField, header_,
              "field id 32767, the binary protocol extension slot");
  }
  return true;
}

bool StructReader::Expect(std::string_view name, WireType expected) {
  if (traced_) d_.trace()->Name(name);
  if (SameWireType(expected, type_)) return true;
  d_.PushName(name);
  d_.Report(Code::kThriftWrongType, header_,
            StrCat("field ", id_, " '", name, "' is ", WireTypeName(type_),
                   " on the wire; the IDL declares ",
                   WireTypeName(expected)));
  (void)d_.Skip(type_);
  d_.Pop();
  return false;
}

void StructReader::Read(std::string_view name, Spanned<bool>* out) {
  if (!Expect(name, WireType::kBoolTrue)) return;
  Store(out, type_ == WireType::kBoolTrue, header_);
}

template <typename T>
void StructReader::ReadScalar(std::string_view name, WireType type,
                              bool (Decoder::*read)(T*, ByteSpan*),
                              Spanned<T>* out) {
  if (!Expect(name, type)) return;
  d_.PushName(name);
  T v;
  ByteSpan span;
  if ((d_.*read)(&v, &span)) Store(out, v, span);
  d_.Pop();
}

void StructReader::Read(std::string_view name, Spanned<int8_t>* out) {
  ReadScalar(name, WireType::kI8, &Decoder::ReadI8, out);
}

void StructReader::Read(std::string_view name, Spanned<int16_t>* out) {
  ReadScalar(name, WireType::kI16, &Decoder::ReadI16, out);
}

void StructReader::Read(std::string_view name, Spanned<int32_t>* out) {
  ReadScalar(name, WireType::kI32, &Decoder::ReadI32, out);
}

void StructReader::Read(std::string_view name, Spanned<int64_t>* out) {
  ReadScalar(name, WireType::kI64, &Decoder::ReadI64, out);
}

void StructReader::Read(std::string_view name, Spanned<double>* out) {
  ReadScalar(name, WireType::kDouble, &Decoder::ReadDouble, out);
}

void StructReader::Read(std::string_view name,
                        Spanned<std::string_view>* out) {
  if (!Expect(name, WireType::kBinary)) return;
  d_.PushName(name);
  std::span<const std::byte> bytes;
  ByteSpan span;
  if (d_.ReadBinary(&bytes, &span)) Store(out, AsChars(bytes), span);
  d_.Pop();
}

void StructReader::ReadString(std::string_view name,
                              Spanned<std::string_view>* out) {
  Read(name, out);
  if (!out->present) return;
  const auto* data = reinterpret_cast<const std::byte*>(out->value.data());
  if (!IsValidUtf8({data, out->value.size()})) {
    d_.PushName(name);
    d_.Report(Code::kThriftInvalidUtf8, out->span,
              StrCat("string field '", name, "' is not valid UTF-8"));
    d_.Pop();
  }
}

void StructReader::ReadStringList(
    std::string_view name,
    SpannedList<std::string_view>* out) {
  ReadListImpl(name, WireType::kBinary, out,
               [name](Decoder& d, Spanned<std::string_view>* e) {
                 if (!ReadElement(d, e)) return false;
                 const auto* data =
                     reinterpret_cast<const std::byte*>(e->value.data());
                 if (!IsValidUtf8({data, e->value.size()})) {
                   d.Report(Code::kThriftInvalidUtf8, e->span,
                            StrCat("an element of string list '", name,
                                   "' is not valid UTF-8"));
                 }
                 return true;
               });
}

bool StructReader::SkipIfForeign(std::string_view name, WireType expected) {
  if (traced_) d_.trace()->Name(name);
  // Only the shape older forks wrote (a collection where the IDL now has a
  // scalar or struct) is foreign; any other mismatch stays an error.
  const bool collection = type_ == WireType::kList ||
                          type_ == WireType::kSet || type_ == WireType::kMap;
  if (SameWireType(expected, type_) || !collection) return false;
  d_.PushName(name);
  d_.Report(Code::kThriftForeignField, header_,
            StrCat("field ", id_, " '", name, "' is ", WireTypeName(type_),
                   " on the wire, not ", WireTypeName(expected),
                   "; skipped as a field of an older fork"));
  (void)d_.Skip(type_);
  d_.Pop();
  return true;
}

void StructReader::SkipUnknown() {
  ++members_unknown_;
  d_.Report(Code::kThriftUnknownField, header_,
            StrCat("unknown field id ", id_, " of type ",
                   WireTypeName(type_), " skipped"));
  (void)d_.Skip(type_);
}

void StructReader::SkipKnown(std::string_view name, WireType expected) {
  if (!Expect(name, expected)) return;
  d_.PushName(name);
  (void)d_.Skip(type_);
  d_.Pop();
}

bool StructReader::CheckElementType(WireType expected, WireType actual,
                                    uint32_t size, ByteSpan header) {
  if (size == 0 && actual == WireType::kStop) return true;
  if (SameWireType(expected, actual)) return true;
  d_.Report(Code::kThriftElementType, header,
            StrCat("list elements are ", WireTypeName(actual),
                   "; the IDL declares ", WireTypeName(expected)));
  return false;
}

bool StructReader::Finish(
    std::initializer_list<std::pair<int16_t, std::string_view>> required) {
  if (!Open()) return false;
  for (const auto& [id, name] : required) {
    if (Seen(id)) continue;
    d_.Report(Code::kThriftMissingRequired, span(),
              StrCat("required field ", id, " '", name, "' is missing"));
  }
  return true;
}

bool StructReader::FinishUnion(std::initializer_list<int16_t> known_ids) {
  if (!Finish()) return false;
  int known = 0;
  for (int16_t id : known_ids) known += Seen(id) ? 1 : 0;
  if (known == 0 && members_unknown_ > 0) {
    d_.Report(Code::kThriftUnknownUnionMember, span(),
              "union holds only members unknown to colcheck");
  } else if (known + members_unknown_ != 1) {
    d_.Report(Code::kThriftUnionMemberCount, span(),
              StrCat("union has ", known + members_unknown_,
                     " members set; exactly one is required"));
  }
  return true;
}

}  // namespace colcheck::thrift
