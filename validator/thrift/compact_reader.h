// A strict Thrift compact protocol decoder that records byte spans.
//
// Spec: apache/thrift doc/specs/thrift-compact-protocol.md. Parquet writes all
// of its metadata (FileMetaData, PageHeader, ColumnIndex, ...) this way.
//
// Field header, short form (delta 1..15) and long form (delta 0):
//
//   +--------+--------...+          +--------+--------+...+--------+
//   |ddddtttt| value      |         |0000tttt| zigzag i16 id  | value
//   +--------+--------...+          +--------+--------+...+--------+
//
//   tttt: 1 true, 2 false (the value is in the header), 3 i8, 4 i16, 5 i32,
//         6 i64, 7 double (8 bytes LE), 8 binary (varint length + bytes),
//         9 list, 10 set, 11 map, 12 struct.  A 0x00 byte is STOP.
//
// List/set header: |sssstttt| with size 0..14, or |1111tttt| varint size.
// Map header: 0x00 when empty, else varint size then |kkkkvvvv|.
// Integers are ULEB128 varints, zigzag-encoded for i16/i32/i64.
//
// Decoders built on this file are generated-code shaped: one function per
// IDL struct, a switch over field ids, one StructReader::Read per field. The
// reader checks wire types, widths, lengths against the remaining bytes,
// duplicates, depth, and required fields, and reports into a DiagnosticSink
// with the field's path. A structural fault (truncation, a bad varint, an
// invalid type nibble) makes the rest of the byte stream meaningless, so it
// marks the Decoder failed and every later read returns false at once.

#ifndef COLCHECK_THRIFT_COMPACT_READER_H_
#define COLCHECK_THRIFT_COMPACT_READER_H_

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <utility>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "core/wire_decoder.h"

namespace colcheck::thrift {

enum class WireType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,
  kBoolFalse = 2,
  kI8 = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
};

std::string_view WireTypeName(WireType type);

// The shared state of one decode (core/wire_decoder.h: the bytes, the sink,
// the field path, depth, model budget and failure latch) with the compact
// protocol's reads. Offsets are file offsets: Parquet's Thrift is read
// straight from the file.
class Decoder : public WireDecoder {
 public:
  Decoder(ByteReader reader, DiagnosticSink* sink)
      : WireDecoder(kThriftCompactFormat, reader, /*map=*/nullptr, sink) {}

  // Primitive reads. On a fault each reports, marks the decoder failed and
  // returns false. `span` receives the bytes read. (ReadVarint is the
  // core's: at most `max_bytes` bytes, a value of at most `max_value`.)
  [[nodiscard]] bool ReadI8(int8_t* out, ByteSpan* span);
  [[nodiscard]] bool ReadI16(int16_t* out, ByteSpan* span);
  [[nodiscard]] bool ReadI32(int32_t* out, ByteSpan* span);
  [[nodiscard]] bool ReadI64(int64_t* out, ByteSpan* span);
  [[nodiscard]] bool ReadDouble(double* out, ByteSpan* span);
  // A varint length then that many bytes, checked against what remains.
  [[nodiscard]] bool ReadBinary(std::span<const std::byte>* out,
                                ByteSpan* span);

  // A list or set header. Checks the element type nibble and that `size`
  // elements of at least one byte each fit in the remaining bytes, so the
  // caller can reserve `size` safely.
  [[nodiscard]] bool ReadListHeader(WireType* element, uint32_t* size,
                                    ByteSpan* span);

  // Reads a field header after the field `last_id`. Returns kField with the
  // id, type and header bytes, kStop at a STOP byte, or kFault.
  enum class HeaderResult { kField, kStop, kFault };
  HeaderResult ReadFieldHeader(int16_t last_id, int16_t* id, WireType* type,
                               ByteSpan* span);

  // Skips one field value of `type` (a bool field's value is in its
  // header, so it takes no bytes), checking it as strictly as a known value.
  [[nodiscard]] bool Skip(WireType type);
  // Skips `count` collection elements of `type` (a bool element is a byte).
  [[nodiscard]] bool SkipElements(WireType type, uint64_t count);
  // Reads a field header after the field `last_id` and skips its value:
  // one step of skipping a struct. Returns kField with the id, kStop at a
  // STOP byte, or kFault.
  HeaderResult SkipField(int16_t last_id, int16_t* id);

  // Closes the traced field (or list element) of `type` that began at
  // `begin`, with the value that starts at `value_begin`.
  void EndTrace(WireType type, bool element, uint64_t begin,
                uint64_t value_begin);

 private:
  [[nodiscard]] bool ReadZigzag(int max_bytes, int bits, int64_t* out,
                                ByteSpan* span);
  [[nodiscard]] bool SkipStruct();
  [[nodiscard]] bool SkipMap();
};

// Whether a decode reporting into `sink` ran out of bytes: a value cut off
// at the end, or a length or count larger than what follows. Given more
// bytes, the decoder might have gone on; a source-backed pass then fetches
// more (FetchDecodable in core/pass_hooks.h).
bool RanOutOfBytes(const DiagnosticSink& sink);

// Whether decoding a T with `decode` from only `window` runs out of bytes:
// the trial FetchDecodable (core/pass_hooks.h) makes of a Thrift struct.
template <typename T>
bool RunsOutOfBytes(const ByteReader& window, bool (*decode)(Decoder&, T*)) {
  DiagnosticSink scratch = DiagnosticSink::Counting();
  Decoder d(window, &scratch);
  T value;
  (void)decode(d, &value);
  return RanOutOfBytes(scratch);
}

// Element readers for StructReader::ReadList. Each reads one element of a
// list whose header has been checked, and records its span.
bool ReadElement(Decoder& d, Spanned<int32_t>* out);
bool ReadElement(Decoder& d, Spanned<int64_t>* out);
bool ReadElement(Decoder& d, Spanned<bool>* out);
bool ReadElement(Decoder& d, Spanned<std::string_view>* out);

// The field loop of one struct. Typical use, for an IDL struct
// `struct KeyValue { 1: required string key; 2: optional string value }`:
//
//   bool DecodeKeyValue(thrift::Decoder& d, KeyValue* kv) {
//     thrift::StructReader s(d);
//     while (s.Next()) {
//       switch (s.id()) {
//         case 1: s.ReadString("key", &kv->key); break;
//         case 2: s.ReadString("value", &kv->value); break;
//         default: s.SkipUnknown();
//       }
//     }
//     return s.Finish({{1, "key"}});
//   }
class StructReader : public FieldLoop<Decoder> {
 public:
  // Enters a struct at the decoder's cursor.
  explicit StructReader(Decoder& d) : FieldLoop(d, 1) {}
  ~StructReader() { CloseTraced(); }

  // Reads the next field header. Returns false at STOP or after a fault.
  // A repeated field id is reported here as thrift.duplicate-field; the
  // field is still read, and the later value wins, as Apache Thrift does.
  bool Next();

  int16_t id() const { return id_; }
  WireType type() const { return type_; }
  ByteSpan header() const { return header_; }

  // Typed reads of the current field. A wire type other than the IDL's is
  // reported as thrift.wrong-type and the value skipped (left unset).
  void Read(std::string_view name, Spanned<bool>* out);
  void Read(std::string_view name, Spanned<int8_t>* out);
  void Read(std::string_view name, Spanned<int16_t>* out);
  void Read(std::string_view name, Spanned<int32_t>* out);  // also enums
  void Read(std::string_view name, Spanned<int64_t>* out);
  void Read(std::string_view name, Spanned<double>* out);
  // `binary` fields; the view points into the input.
  void Read(std::string_view name, Spanned<std::string_view>* out);
  // `string` fields: as binary, plus a thrift.invalid-utf8 warning.
  void ReadString(std::string_view name, Spanned<std::string_view>* out);

  // A nested struct, decoded by `decode(Decoder&, T*) -> bool`.
  template <typename T, typename F>
  void ReadStruct(std::string_view name, Spanned<T>* out, F decode) {
    if (!Expect(name, WireType::kStruct)) return;
    d_.PushName(name);
    const uint64_t start = d_.reader().position();
    T value{};
    const bool ok = decode(d_, &value);
    d_.Pop();
    if (!ok) return;
    Store(out, std::move(value), d_.reader().SpanFrom(start));
  }

  // A list<T> of primitives (T one of the ReadElement types), or of structs
  // when `decode` is given. `element` is the IDL's element type.
  template <typename T>
  void ReadList(std::string_view name, WireType element,
                SpannedList<T>* out) {
    ReadListImpl(name, element, out,
                 [](Decoder& d, Spanned<T>* e) { return ReadElement(d, e); });
  }
  // A list<string>: a list of binaries whose every element must be UTF-8
  // (thrift.invalid-utf8 at the element otherwise; the element is kept).
  void ReadStringList(std::string_view name,
                      SpannedList<std::string_view>* out);
  template <typename T, typename F>
  void ReadStructList(std::string_view name,
                      SpannedList<T>* out, F decode) {
    ReadListImpl(name, WireType::kStruct, out,
                 [&decode](Decoder& d, Spanned<T>* e) {
                   const uint64_t start = d.reader().position();
                   if (!decode(d, &e->value)) return false;
                   e->span = d.reader().SpanFrom(start);
                   e->present = true;
                   return true;
                 });
  }

  // For a field id that parquet-format added late and that older forks
  // used for a collection: when a list, set or map arrives there, reports
  // thrift.foreign-field-type (a warning, since readers skip such a field),
  // skips the value and returns true. Otherwise returns false.
  bool SkipIfForeign(std::string_view name, WireType expected);

  // Skips a field colcheck's IDL does not know, with thrift.unknown-field.
  void SkipUnknown();
  // Skips a field that the IDL knows but colcheck does not model, checking
  // its wire type.
  void SkipKnown(std::string_view name, WireType expected);

  // Reports each absent required field (thrift.missing-required-field) at
  // the struct's span. Returns false if decoding failed.
  bool Finish(std::initializer_list<std::pair<int16_t, std::string_view>>
                  required = {});
  // For unions: as Finish, then checks that exactly one member was read.
  // `known_ids` lists the members colcheck knows; a union holding only
  // unknown members is thrift.unknown-union-member, not an error.
  bool FinishUnion(std::initializer_list<int16_t> known_ids);

  // Whether field `id` was seen.
  bool Seen(int16_t id) const { return seen_.Contains(id); }
  // The struct's bytes so far (from its first field header).
  ByteSpan span() const { return d_.reader().SpanFrom(start_); }

 private:
  // Reads the current field as a scalar of wire type `type` with `read`.
  template <typename T>
  void ReadScalar(std::string_view name, WireType type,
                  bool (Decoder::*read)(T*, ByteSpan*), Spanned<T>* out);

  // Checks the current field's wire type; on mismatch reports, skips the
  // value and returns false.
  bool Expect(std::string_view name, WireType expected);
  template <typename T>
  void Store(Spanned<T>* out, T value, ByteSpan span) {
    out->value = std::move(value);
    out->span = span;
    out->header = header_;
    out->present = true;
  }
  template <typename T, typename F>
  void ReadListImpl(std::string_view name, WireType element,
                    SpannedList<T>* out, F read) {
    if (!Expect(name, WireType::kList)) return;
    d_.PushName(name);
    const uint64_t start = d_.reader().position();
    ModelList<Spanned<T>> items;
    if (ReadListBody(element,
                     [&](uint32_t size, ByteSpan header) {
                       if (!d_.Charge(uint64_t{size} * sizeof(Spanned<T>),
                                      header)) {
                         return false;
                       }
                       items.reserve(size);
                       return true;
                     },
                     [&](int64_t i) {
                       items.emplace_back();
                       d_.PushIndex(i);
                       const bool ok = read(d_, &items.back());
                       d_.Pop();
                       return ok;
                     })) {
      Store(out, std::move(items), d_.reader().SpanFrom(start));
    }
    d_.Pop();
  }
  // Reads a list header (checking the element type against `element`),
  // calls `reserve(size, header)`, then `read(i)` for each element.
  template <typename R, typename E>
  bool ReadListBody(WireType element, R reserve, E read) {
    WireType actual;
    uint32_t size;
    ByteSpan header;
    if (!d_.ReadListHeader(&actual, &size, &header)) return false;
    if (!CheckElementType(element, actual, size, header)) {
      (void)d_.SkipElements(actual, size);
      return false;
    }
    if (!d_.Enter(header)) return false;
    if (!reserve(size, header)) {
      d_.Leave();
      return false;
    }
    bool ok = true;
    const bool traced = d_.trace() != nullptr;
    for (uint32_t i = 0; ok && i < size; ++i) {
      const uint64_t at = d_.reader().position();
      if (traced) d_.TraceElement(i, WireTypeName(actual), at);
      ok = read(i);
      if (traced) d_.EndTrace(actual, /*element=*/true, at, at);
    }
    d_.Leave();
    return ok;
  }
  bool CheckElementType(WireType expected, WireType actual, uint32_t size,
                        ByteSpan header);
  // Closes the traced field, if one is open, where the cursor is.
  void CloseTraced();

  int16_t id_ = 0;
  int16_t last_id_ = 0;
  WireType type_ = WireType::kStop;
  ByteSpan header_;
  int members_unknown_ = 0;
};

}  // namespace colcheck::thrift

#endif  // COLCHECK_THRIFT_COMPACT_READER_H_
