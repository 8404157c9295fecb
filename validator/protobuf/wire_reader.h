// A strict proto2 wire-format decoder that records byte spans.
//
// Spec: https://protobuf.dev/programming-guides/encoding/. ORC writes all of
// its metadata this way (validator/orc/orc_metadata.proto).
//
// A message is a sequence of fields, each a tag then a value:
//
//   +--------...+--------...+        tag = field_number << 3 | wire_type
//   | tag varint | value      |
//   +--------...+--------...+
//
//   wire type 0 VARINT  base-128 little-endian groups, at most 10 bytes
//             1 I64     8 bytes little-endian (fixed64, double)
//             2 LEN     varint length, then that many bytes (string, bytes,
//                       a nested message, or a packed repeated scalar)
//             3/4       start/end group (deprecated; ORC never writes them)
//             5 I32     4 bytes little-endian (fixed32, float)
//
//   a packed repeated scalar:  | tag (LEN) | length | v0 | v1 | ... |
//
// There is no end marker: a message ends where its bytes end, so a nested
// message's length bounds it. Field numbers may come in any order, and a
// repeated field's elements may be spread out and mixed packed/unpacked.
//
// Decoders built on this file are generated-code shaped: one function per
// message, a switch over field numbers, one MessageReader read per field.
// The reader's offsets are LOGICAL (positions in the decoded buffer the
// message was read from); every span it records in the model or reports is
// mapped to the file through the Decoder's SpanMap. A structural fault
// (truncation, a bad varint or tag, a length past the data, a limit) makes
// the rest of the bytes meaningless, so it marks the Decoder failed and
// every later read returns false at once.

#ifndef COLCHECK_PROTOBUF_WIRE_READER_H_
#define COLCHECK_PROTOBUF_WIRE_READER_H_

#include <bit>
#include <cstdint>
#include <span>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "core/span_map.h"
#include "core/varint.h"
#include "core/wire_decoder.h"

namespace colcheck::protobuf {

// The .proto scalar types a field can declare (those ORC uses), which fix
// its wire type and the range of its values.
enum class Scalar : uint8_t {
  kUint64,
  kUint32,
  kInt64,
  kInt32,
  kSint64,
  kSint32,
  kEnum,  // An int32 on the wire; kept as int64 in the model.
  kBool,
  kFixed64,
  kDouble,
};

// The low 3 bits of a tag.
enum class WireType : uint8_t {
  kVarint = 0,
  kI64 = 1,
  kLen = 2,
  kStartGroup = 3,
  kEndGroup = 4,
  kI32 = 5,
};

std::string_view WireTypeName(WireType type);

WireType WireTypeOf(Scalar kind);

// The name `colcheck explain --footer` gives a wire type: "varint", "i64",
// "len", "i32" (and "group").
std::string_view TraceTypeName(WireType type);

// The shared state of one decode (core/wire_decoder.h: the bytes at
// logical offsets, the map to file spans, the sink, the field path, depth,
// model budget and failure latch) with the protobuf wire reads. The reader
// is narrowed to each nested message while it is decoded, so reads cannot
// cross its end.
class Decoder : public WireDecoder {
 public:
  // `map` must outlive the Decoder; the model's views point into `reader`'s
  // bytes.
  Decoder(ByteReader reader, const SpanMap& map, DiagnosticSink* sink)
      : WireDecoder(kProtobufWireFormat, reader, &map, sink) {}

  // Primitive reads at the cursor. On a structural fault each reports,
  // marks the decoder failed and returns false. `span` receives the
  // logical bytes read.
  //
  // A varint (the core's ReadVarint) is at most 10 bytes. Tags and lengths
  // are 32-bit varints of at most 5 bytes: libprotobuf fails to parse
  // longer ones.
  [[nodiscard]] bool ReadFixed64(uint64_t* out, ByteSpan* span);
  [[nodiscard]] bool ReadFixed32(uint32_t* out, ByteSpan* span);
  // A LEN value's length varint, checked against the bytes that remain.
  // `body` receives the logical span of the value's bytes, which are not
  // consumed.
  [[nodiscard]] bool ReadLength(ByteSpan* body, ByteSpan* length_span);
  // One value of `kind` in its own wire form, as raw 64 bits (the varint,
  // or the fixed bits). A value outside the declared type's range is
  // reported (protobuf.value-out-of-range) but is not a fault.
  [[nodiscard]] bool ReadScalar(Scalar kind, uint64_t* raw, ByteSpan* span);

  // Reads a tag. Returns kField with the number, wire type and tag bytes,
  // kEnd when the message's bytes are used up, or kFault. Field number 0,
  // a number above 2^29-1, and wire types 3, 4, 6 and 7 are faults.
  enum class TagResult { kField, kEnd, kFault };
  TagResult ReadTag(uint32_t* number, WireType* type, ByteSpan* span);

  // Skips one value of `type`, checking it as strictly as a known value.
  [[nodiscard]] bool SkipValue(WireType type);

  // Narrows the reader to the logical span `body` (inside the current
  // reader) for a nested message; `saved` receives the reader to give back
  // to Widen, which moves its cursor past `body`.
  [[nodiscard]] bool Narrow(ByteSpan body, ByteReader* saved);
  void Widen(const ByteReader& saved, ByteSpan body);

  // Closes the traced field (or packed element) of wire type `type` that
  // began at logical `begin`, with the value that starts at `value_begin`.
  void EndTrace(WireType type, uint64_t begin, uint64_t value_begin);
};

// Converts the raw bits ReadScalar returns to the model's value type, as
// libprotobuf does (a too-wide value is truncated to the declared width;
// sint32 is zigzag-decoded from the low 32 bits).
template <typename T>
T ScalarValue(Scalar kind, uint64_t raw) {
  int64_t v;
  switch (kind) {
    case Scalar::kSint64:
      v = ZigZagDecode(raw);
      break;
    case Scalar::kSint32:
      v = ZigZagDecode(static_cast<uint32_t>(raw));
      break;
    case Scalar::kInt32:
    case Scalar::kEnum:
    case Scalar::kUint32:
      v = kind == Scalar::kUint32
              ? static_cast<int64_t>(static_cast<uint32_t>(raw))
              : static_cast<int32_t>(static_cast<uint32_t>(raw));
      break;
    default:
      v = static_cast<int64_t>(raw);
  }
  if constexpr (std::is_same_v<T, bool>) {
    return raw != 0;
  } else if constexpr (std::is_same_v<T, double>) {
    return std::bit_cast<double>(raw);
  } else {
    return static_cast<T>(v);
  }
}

// The field loop of one message, over all of the decoder's current bytes.
// Typical use, for `message StringPair { optional string key = 1;
// optional string value = 2; }`:
//
//   bool DecodeStringPair(protobuf::Decoder& d, StringPair* p) {
//     protobuf::MessageReader m(d);
//     while (m.Next()) {
//       switch (m.number()) {
//         case 1: m.ReadString("key", &p->key); break;
//         case 2: m.ReadString("value", &p->value); break;
//         default: m.SkipUnknown();
//       }
//     }
//     return m.Finish();
//   }
//
// Decoding into a model that already holds values merges, as proto2 does:
// a second occurrence of a singular scalar replaces the first, of a
// message merges into it, and repeated fields append.
class MessageReader : public FieldLoop<Decoder> {
 public:
  // Enters a message: all of the decoder's current bytes.
  explicit MessageReader(Decoder& d) : FieldLoop(d, 0) {}
  ~MessageReader() { CloseTraced(); }

  // Reads the next tag. Returns false at the end of the message's bytes or
  // after a fault.
  bool Next();

  uint32_t number() const { return number_; }
  WireType wire_type() const { return type_; }
  // The current tag's logical bytes.
  ByteSpan tag() const { return tag_; }

  // A singular scalar field of `kind` (T: the model type, see ScalarValue).
  // A wire type other than the kind's is protobuf.wrong-wire-type and the
  // value is skipped; a second occurrence is protobuf.duplicate-field (the
  // later value wins).
  template <typename T>
  void Read(std::string_view name, Scalar kind, Spanned<T>* out) {
    uint64_t raw;
    ByteSpan span;
    if (!ReadSingular(name, kind, &raw, &span)) return;
    Store(out, ScalarValue<T>(kind, raw), span, tag_);
  }
  // Named shorthands for the decoders, one per .proto type.
  using Name = std::string_view;
  void ReadUint64(Name n, Spanned<uint64_t>* o) { Read(n, Scalar::kUint64, o); }
  void ReadUint32(Name n, Spanned<uint32_t>* o) { Read(n, Scalar::kUint32, o); }
  void ReadInt32(Name n, Spanned<int32_t>* o) { Read(n, Scalar::kInt32, o); }
  void ReadSint32(Name n, Spanned<int32_t>* o) { Read(n, Scalar::kSint32, o); }
  void ReadSint64(Name n, Spanned<int64_t>* o) { Read(n, Scalar::kSint64, o); }
  void ReadEnum(Name n, Spanned<int64_t>* o) { Read(n, Scalar::kEnum, o); }
  void ReadBool(Name n, Spanned<bool>* o) { Read(n, Scalar::kBool, o); }
  void ReadDouble(Name n, Spanned<double>* o) { Read(n, Scalar::kDouble, o); }

  // A `string` field (protobuf.invalid-utf8 warning if it is not UTF-8)
  // and a `bytes` field. The views point into the decoder's bytes.
  void ReadString(std::string_view name, Spanned<std::string_view>* out);
  void ReadBytes(std::string_view name, Spanned<std::span<const std::byte>>* out);

  // One occurrence of a repeated scalar field: an element, or a packed run
  // of elements (both encodings are accepted whatever the .proto says).
  template <typename T>
  void ReadRepeated(std::string_view name, Scalar kind,
                    SpannedList<T>* out) {
    const bool ok = ReadRepeatedImpl(
        name, kind, sizeof(Spanned<T>), out->value.size(),
        [&](uint64_t raw, ByteSpan span, ByteSpan header) {
          Spanned<T>& e = out->value.emplace_back();
          Store(&e, ScalarValue<T>(kind, raw), span, header);
          ExtendList(out, e.span, e.header);
        });
    (void)ok;
  }
  // One element of a `repeated string` / `repeated bytes` field.
  void ReadRepeatedString(
      std::string_view name,
      SpannedList<std::string_view>* out);
  void ReadRepeatedBytes(
      std::string_view name,
      SpannedList<std::span<const std::byte>>* out);

  // A singular message field, decoded by `decode(Decoder&, T*) -> bool`
  // into out->value (merging with an earlier occurrence).
  template <typename T, typename F>
  void ReadMessage(std::string_view name, Spanned<T>* out, F decode) {
    ByteSpan body;
    ByteReader saved;
    if (!BeginMessage(name, /*repeated=*/false, 0, 0, &body, &saved)) return;
    const bool ok = decode(d_, &out->value);
    if (EndMessage(saved, body, ok, /*repeated=*/false)) {
      Store(out, body, MessageHeader(body));
    }
  }
  // One element of a repeated message field.
  template <typename T, typename F>
  void ReadRepeatedMessage(std::string_view name,
                           SpannedList<T>* out, F decode) {
    ByteSpan body;
    ByteReader saved;
    if (!BeginMessage(name, /*repeated=*/true, sizeof(Spanned<T>),
                      out->value.size(), &body, &saved)) {
      return;
    }
    Spanned<T>& e = out->value.emplace_back();
    const bool ok = decode(d_, &e.value);
    if (EndMessage(saved, body, ok, /*repeated=*/true)) {
      Store(&e, body, MessageHeader(body));
      ExtendList(out, e.span, e.header);
    }
  }

  // Skips a field the .proto does not declare, with protobuf.unknown-field.
  void SkipUnknown();

  // Returns false if decoding failed.
  bool Finish() const { return Open(); }

  // The message's logical bytes so far.
  ByteSpan span() const { return d_.reader().SpanFrom(start_); }

 private:
  // Checks the wire type (LEN also when `packable`); on mismatch reports,
  // skips the value and returns false. Names the traced field.
  bool Expect(std::string_view name, WireType expected, bool packable);
  void WarnIfDuplicate(std::string_view name);
  bool ReadSingular(std::string_view name, Scalar kind, uint64_t* raw,
                    ByteSpan* span);
  // Reads an element or a packed run; `add(raw, span, header)` per element
  // after charging `element_bytes` for it.
  template <typename F>
  bool ReadRepeatedImpl(std::string_view name, Scalar kind,
                        uint64_t element_bytes, size_t first_index, F add);
  bool ReadPackedOne(Scalar kind, uint64_t element_bytes, size_t index,
                     uint64_t* raw, ByteSpan* span);
  // Reads a LEN value's bytes (for strings and bytes).
  bool ReadLenBytes(std::span<const std::byte>* bytes, ByteSpan* body);
  bool BeginMessage(std::string_view name, bool repeated,
                    uint64_t element_bytes, size_t index, ByteSpan* body,
                    ByteReader* saved);
  bool EndMessage(const ByteReader& saved, ByteSpan body, bool ok,
                  bool repeated);
  // One element of a repeated bytes/string field, at path index `index`.
  bool ReadBytesElement(std::string_view name, size_t index,
                        Spanned<std::span<const std::byte>>* e);
  // The logical span from the tag to the start of `body`.
  ByteSpan MessageHeader(ByteSpan body) const {
    return {tag_.offset, body.offset - tag_.offset};
  }
  template <typename T>
  void Store(Spanned<T>* out, T value, ByteSpan span, ByteSpan header) {
    out->value = std::move(value);
    Store(out, span, header);
  }
  template <typename T>
  void Store(Spanned<T>* out, ByteSpan span, ByteSpan header) {
    out->span = d_.ToFile(span);
    out->header = d_.ToFile(header);
    out->present = true;
  }
  // A list's span runs from its first element to its last; its header is
  // the first element's.
  template <typename L>
  static void ExtendList(L* list, ByteSpan span, ByteSpan header) {
    if (!list->present) {
      list->span = span;
      list->header = header;
      list->present = true;
    } else {
      list->span = Join(list->span, span);
    }
  }
  void CloseTraced();

  uint64_t traced_value_ = 0;  // Where the traced field's value starts.
  bool duplicate_ = false;
  bool utf8_check_ = false;  // The LEN being read is a `string`.
  uint32_t number_ = 0;
  WireType type_ = WireType::kVarint;
  ByteSpan tag_;
};

template <typename F>
bool MessageReader::ReadRepeatedImpl(std::string_view name, Scalar kind,
                                     uint64_t element_bytes,
                                     size_t first_index, F add) {
  if (!Expect(name, WireTypeOf(kind), /*packable=*/true)) return false;
  d_.PushName(name);
  bool ok = true;
  if (type_ != WireType::kLen) {
    d_.PushIndex(static_cast<int64_t>(first_index));
    uint64_t raw;
    ByteSpan span;
    ok = d_.Charge(element_bytes, tag_) && d_.ReadScalar(kind, &raw, &span);
    if (ok) add(raw, span, tag_);
    d_.Pop();
  } else {
    ByteSpan body;
    ByteSpan length_span;
    ByteReader saved;
    ok = d_.ReadLength(&body, &length_span) && d_.Narrow(body, &saved);
    if (ok) {
      for (size_t i = first_index; ok && !d_.reader().empty(); ++i) {
        uint64_t raw;
        ByteSpan span;
        ok = ReadPackedOne(kind, element_bytes, i, &raw, &span);
        if (ok) add(raw, span, ByteSpan{span.offset, 0});
      }
      d_.Widen(saved, body);
    }
  }
  d_.Pop();
  return ok;
}

}  // namespace colcheck::protobuf

#endif  // COLCHECK_PROTOBUF_WIRE_READER_H_
