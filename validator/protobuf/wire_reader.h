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
#include <type_traits>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/span.h"
#include "core/span_map.h"

namespace colcheck::protobuf {

enum class WireType : uint8_t {
  kVarint = 0,
  kI64 = 1,
  kLen = 2,
  kStartGroup = 3,
  kEndGroup = 4,
  kI32 = 5,
};

std::string_view WireTypeName(WireType type);

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

WireType WireTypeOf(Scalar kind);

// Sees every field and packed element a decoder reads, in wire order, for
// tools that show a message's encoding (`colcheck explain --footer`). All
// spans and offsets are file positions. A field opens at its tag and closes
// where its value ends; the fields nested in it open and close in between.
class Trace {
 public:
  virtual ~Trace() = default;
  // A field: number, wire type, and the bytes of its tag (plus the length,
  // for LEN); unnamed until Name().
  virtual void OpenField(uint32_t number, WireType type, ByteSpan header) = 0;
  // Element `index` of a packed repeated field, starting at `offset`.
  virtual void OpenElement(uint32_t index, WireType type, uint64_t offset) = 0;
  // The .proto's name of the innermost open field, once its decoder reads
  // it. Unknown fields stay unnamed.
  virtual void Name(std::string_view name) = 0;
  // The innermost open field or element ends before `end`.
  virtual void Close(uint64_t end) = 0;
};

// Shared state of one decode: the bytes (logical offsets), the map to file
// spans, the sink, the field path and nesting depth, and whether a
// structural fault has stopped decoding. The reader is narrowed to each
// nested message while it is decoded, so reads cannot cross its end.
class Decoder {
 public:
  // `map` must outlive the Decoder; the model's views point into `reader`'s
  // bytes.
  Decoder(ByteReader reader, const SpanMap& map, DiagnosticSink* sink)
      : reader_(reader),
        map_(&map),
        sink_(sink),
        input_size_(reader.size()),
        model_budget_(limits::ModelBudget(reader.size())) {}

  ByteReader& reader() { return reader_; }
  DiagnosticSink& sink() { return *sink_; }
  const SpanMap& span_map() const { return *map_; }
  // The file span of logical bytes.
  ByteSpan ToFile(ByteSpan logical) const { return map_->ToFile(logical); }

  // Attaches a trace (or detaches it with nullptr); it must outlive the
  // decode.
  void set_trace(Trace* trace) { trace_ = trace; }
  Trace* trace() const { return trace_; }
  bool failed() const { return failed_; }

  // The field path: "types[3].subtypes[0]". A caller may push a prefix
  // ("footer") before decoding.
  void PushName(std::string_view name) { path_.push_back({name, -1}); }
  void PushIndex(int64_t index) { path_.push_back({{}, index}); }
  void Pop() { path_.pop_back(); }
  std::string Path() const;

  // Reports at the current path; `logical` is mapped to the file.
  void Report(Code code, ByteSpan logical, std::string message);
  // Reports and stops decoding.
  void Fail(Code code, ByteSpan logical, std::string message);

  // Primitive reads at the cursor. On a structural fault each reports,
  // marks the decoder failed and returns false. `span` receives the
  // logical bytes read.
  //
  // A varint: truncation, more than `max_bytes` bytes, or a 10th byte above
  // 1 is a fault; a redundant trailing zero group is a warning. Tags and
  // lengths are 32-bit varints of at most 5 bytes: libprotobuf fails to
  // parse longer ones.
  [[nodiscard]] bool ReadVarint(uint64_t* out, ByteSpan* span,
                                int max_bytes = 10);
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

  // Charges `bytes` of model memory against limits::ModelBudget of the
  // input before an element is added; past the budget, reports
  // limits.model-size at `at` (logical) and stops decoding.
  [[nodiscard]] bool Charge(uint64_t bytes, ByteSpan at);

  // Depth accounting for nested messages (limits::kProtobufMaxDepth).
  [[nodiscard]] bool Enter(ByteSpan at);
  void Leave() { --depth_; }

 private:
  struct Component {
    std::string_view name;
    int64_t index;
  };

  ByteReader reader_;
  const SpanMap* map_;
  DiagnosticSink* sink_;
  std::vector<Component> path_;
  int depth_ = 0;
  uint64_t input_size_;  // Of the whole message; the reader narrows.
  uint64_t model_budget_;
  uint64_t model_bytes_ = 0;
  bool failed_ = false;
  Trace* trace_ = nullptr;
};

// Converts the raw bits ReadScalar returns to the model's value type, as
// libprotobuf does (a too-wide value is truncated to the declared width;
// sint32 is zigzag-decoded from the low 32 bits).
template <typename T>
T ScalarValue(Scalar kind, uint64_t raw) {
  const auto unzigzag = [](uint64_t v) {
    return static_cast<int64_t>(v >> 1) ^ -static_cast<int64_t>(v & 1);
  };
  int64_t v;
  switch (kind) {
    case Scalar::kSint64:
      v = unzigzag(raw);
      break;
    case Scalar::kSint32:
      v = unzigzag(static_cast<uint32_t>(raw));
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
class MessageReader {
 public:
  explicit MessageReader(Decoder& d);
  ~MessageReader();
  MessageReader(const MessageReader&) = delete;
  MessageReader& operator=(const MessageReader&) = delete;

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
  // Named shorthands for the decoders.
  void ReadUint64(std::string_view n, Spanned<uint64_t>* o) {
    Read(n, Scalar::kUint64, o);
  }
  void ReadUint32(std::string_view n, Spanned<uint32_t>* o) {
    Read(n, Scalar::kUint32, o);
  }
  void ReadInt32(std::string_view n, Spanned<int32_t>* o) {
    Read(n, Scalar::kInt32, o);
  }
  void ReadSint32(std::string_view n, Spanned<int32_t>* o) {
    Read(n, Scalar::kSint32, o);
  }
  void ReadSint64(std::string_view n, Spanned<int64_t>* o) {
    Read(n, Scalar::kSint64, o);
  }
  void ReadEnum(std::string_view n, Spanned<int64_t>* o) {
    Read(n, Scalar::kEnum, o);
  }
  void ReadBool(std::string_view n, Spanned<bool>* o) {
    Read(n, Scalar::kBool, o);
  }
  void ReadDouble(std::string_view n, Spanned<double>* o) {
    Read(n, Scalar::kDouble, o);
  }

  // A `string` field (protobuf.invalid-utf8 warning if it is not UTF-8)
  // and a `bytes` field. The views point into the decoder's bytes.
  void ReadString(std::string_view name, Spanned<std::string_view>* out);
  void ReadBytes(std::string_view name, Spanned<std::span<const std::byte>>* out);

  // One occurrence of a repeated scalar field: an element, or a packed run
  // of elements (both encodings are accepted whatever the .proto says).
  template <typename T>
  void ReadRepeated(std::string_view name, Scalar kind,
                    Spanned<std::vector<Spanned<T>>>* out) {
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
      Spanned<std::vector<Spanned<std::string_view>>>* out);
  void ReadRepeatedBytes(
      std::string_view name,
      Spanned<std::vector<Spanned<std::span<const std::byte>>>>* out);

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
                           Spanned<std::vector<Spanned<T>>>* out, F decode) {
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
  bool Finish() const { return entered_ && !d_.failed(); }

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
  bool Seen(uint32_t number) const;
  void MarkSeen(uint32_t number);
  void CloseTraced();

  Decoder& d_;
  uint64_t start_;
  bool entered_ = false;
  bool traced_ = false;
  bool duplicate_ = false;
  bool utf8_check_ = false;  // The LEN being read is a `string`.
  uint32_t number_ = 0;
  WireType type_ = WireType::kVarint;
  ByteSpan tag_;
  uint64_t seen_low_ = 0;  // Field numbers 1..63.
  std::vector<uint32_t> seen_high_;
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
