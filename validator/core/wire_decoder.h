// The bookkeeping of a metadata wire decoder, shared by the Thrift compact
// reader (thrift/compact_reader.h, Parquet's metadata) and the protobuf
// wire reader (protobuf/wire_reader.h, ORC's metadata).
//
// Both formats are a stream of tagged fields whose integers are ULEB128
// varints (core/varint.h):
//
//   +--------...+--------...+--------...+--------...+
//   | header     | value      | header     | value      | ...
//   +--------...+--------...+--------...+--------...+
//     field id + wire type; a value may nest more fields
//
// What they share, and what lives here once: the field path a report names
// ("row_groups[0].columns[3]"), reporting through the SpanMap from the
// decoded bytes to the file, the failure latch (after a structural fault
// the rest of the bytes mean nothing, so every later read returns false),
// the nesting depth limit, the model budget (limits::ModelBudget of the
// input), the set of fields a struct or message has seen, varint and
// fixed-width reads, and the field trace for `colcheck explain --footer`.
// What a format decides -- the codes of its faults, its words for them and
// its depth limit -- is one WireFormat constant below, next to the other.

#ifndef COLCHECK_CORE_WIRE_DECODER_H_
#define COLCHECK_CORE_WIRE_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/span.h"
#include "core/span_map.h"

namespace colcheck {

// The faults and words of one wire format in the shared bookkeeping.
struct WireFormat {
  Code truncated;
  Code varint_overlong;
  Code varint_overflow;
  Code varint_non_canonical;
  Code depth_limit;
  int max_depth;
  std::string_view nesting;   // "<nesting> nest deeper than <max_depth>"
  std::string_view charged;   // "decoding this <charged> would take ..."
};

inline constexpr WireFormat kThriftCompactFormat = {
    Code::kThriftTruncated,      Code::kThriftVarintOverlong,
    Code::kThriftVarintOverflow, Code::kThriftVarintNonCanonical,
    Code::kThriftDepthLimit,     limits::kThriftMaxDepth,
    "structs and collections",   "list",
};

inline constexpr WireFormat kProtobufWireFormat = {
    Code::kProtobufTruncated,      Code::kProtobufVarintOverlong,
    Code::kProtobufVarintOverflow, Code::kProtobufVarintNonCanonical,
    Code::kProtobufDepthLimit,     limits::kProtobufMaxDepth,
    "messages",                    "field",
};

// ---- the field trace ------------------------------------------------------

// A fixed-width value: its little-endian bits and the bytes they came from.
struct FixedBits {
  uint64_t value = 0;
  std::span<const std::byte> bytes;
};

// A traced field's value as its format decodes it, for a tool to show:
// nothing (containers, undecodable bytes), a bool, a signed or unsigned
// integer, a double, a byte string, or fixed-width bits.
using TracedValue = std::variant<std::monostate, bool, int64_t, uint64_t,
                                 double, std::span<const std::byte>,
                                 FixedBits>;

// Sees every field and element a decoder reads, in wire order, for tools
// that show a footer's encoding (`colcheck explain --footer`). A field opens
// at its header and closes where its value ends; the fields and elements
// nested in it open and close in between. Spans and offsets are file
// positions. A decoder without a trace pays one null check per field.
class FieldTrace {
 public:
  virtual ~FieldTrace() = default;
  // A field: its id (protobuf: number), the format's name of its wire type
  // and its header's bytes (protobuf: the tag, and the length of a LEN);
  // unnamed until Name().
  virtual void OpenField(int32_t id, std::string_view type,
                         ByteSpan header) = 0;
  // Element `index` of a list (protobuf: of a packed field), at `offset`.
  virtual void OpenElement(uint32_t index, std::string_view type,
                           uint64_t offset) = 0;
  // The IDL's name of the innermost open field, once its decoder reads it.
  // Unknown fields stay unnamed.
  virtual void Name(std::string_view name) = 0;
  // The innermost open field or element closes: `span` runs from its header
  // to its value's end, and `value` is what the value's bytes hold.
  virtual void Close(ByteSpan span, const TracedValue& value) = 0;
};

// ---- the shared state -------------------------------------------------------

// The field ids a struct or message has seen. Ids 0..63, the common case,
// take no allocation.
class FieldSet {
 public:
  bool Contains(int64_t id) const {
    if (id >= 0 && id < 64) return (low_ >> id) & 1;
    return !high_.empty() && high_.count(id) > 0;
  }
  void Insert(int64_t id) {
    if (id >= 0 && id < 64) {
      low_ |= uint64_t{1} << id;
    } else {
      high_.insert(id);
    }
  }

 private:
  uint64_t low_ = 0;
  std::unordered_set<int64_t> high_;
};

// The state of one decode: the bytes (at logical offsets), the map to file
// spans, the sink, the field path and nesting depth, the model memory
// charged so far, and whether a structural fault has stopped decoding.
// thrift::Decoder and protobuf::Decoder extend it with their wire reads;
// nothing here is virtual, so the decode loop calls it directly.
class WireDecoder {
 public:
  // `map` (nullptr: logical offsets are file offsets) and `sink` must
  // outlive the decoder.
  WireDecoder(const WireFormat& format, ByteReader reader, const SpanMap* map,
              DiagnosticSink* sink)
      : reader_(reader),
        format_(&format),
        map_(map),
        sink_(sink),
        input_size_(reader.size()),
        model_budget_(limits::ModelBudget(reader.size())) {}

  ByteReader& reader() { return reader_; }
  const ByteReader& reader() const { return reader_; }
  DiagnosticSink& sink() { return *sink_; }
  // The file span of logical bytes.
  ByteSpan ToFile(ByteSpan logical) const {
    return map_ == nullptr ? logical : map_->ToFile(logical);
  }

  // Attaches a trace (or detaches it with nullptr); it must outlive the
  // decode.
  void set_trace(FieldTrace* trace) { trace_ = trace; }
  FieldTrace* trace() const { return trace_; }
  bool failed() const { return failed_; }

  // The field path: "row_groups[0].columns[3].meta_data". Decoders push a
  // component while they read a field so nested reports name it; a caller
  // may push a prefix ("footer") before decoding.
  void PushName(std::string_view name) { path_.push_back({name, -1}); }
  void PushIndex(int64_t index) { path_.push_back({{}, index}); }
  void Pop() { path_.pop_back(); }
  std::string Path() const;

  // Reports at the current path; `logical` is mapped to the file.
  void Report(Code code, ByteSpan logical, std::string message);
  // Reports and stops decoding; later faults are not reported.
  void Fail(Code code, ByteSpan logical, std::string message);

  // A varint of at most `max_bytes` bytes whose value must not exceed
  // `max_value`. Truncation, an overlong or overflowing varint and a value
  // above `max_value` are faults; a redundant trailing zero group is a
  // warning. `span` receives the bytes read.
  [[nodiscard]] bool ReadVarint(int max_bytes, uint64_t max_value,
                                uint64_t* out, ByteSpan* span);
  // `width` (at most 8) bytes, little-endian; when fewer remain, reports
  // "<what> truncated" over the rest and fails.
  [[nodiscard]] bool ReadFixed(int width, std::string_view what,
                               uint64_t* out, ByteSpan* span);

  // Charges `bytes` of model memory against limits::ModelBudget of the
  // input before the model grows; past the budget, reports limits.model-size
  // at `at` and stops decoding.
  [[nodiscard]] bool Charge(uint64_t bytes, ByteSpan at);

  // Depth accounting for nested structs, messages and collections, up to
  // the format's max_depth.
  [[nodiscard]] bool Enter(ByteSpan at);
  void Leave() { --depth_; }

  // The trace calls, for the readers; each needs trace() != nullptr.
  // `header` and `at` are logical.
  void TraceField(int32_t id, std::string_view type, ByteSpan header) {
    trace_->OpenField(id, type, ToFile(header));
  }
  void TraceElement(uint32_t index, std::string_view type, uint64_t at) {
    trace_->OpenElement(index, type, ToFile({at, 0}).offset);
  }
  // Closes the innermost traced field or element, which began at logical
  // `begin`, at the cursor. Its value began at `value_begin`; `value_of`
  // reads it from its bytes (std::span<const std::byte> -> TracedValue).
  template <typename F>
  void TraceClose(uint64_t begin, uint64_t value_begin, F value_of) {
    std::span<const std::byte> bytes;
    CloseTrace(begin, ValueBytes(value_begin, &bytes) ? value_of(bytes)
                                                      : TracedValue());
  }

 private:
  struct Component {
    std::string_view name;
    int64_t index;
  };

  void CloseTrace(uint64_t begin, const TracedValue& value);
  // The bytes from logical `value_begin` to the cursor; false when the
  // cursor is not past it.
  bool ValueBytes(uint64_t value_begin,
                  std::span<const std::byte>* bytes) const;

  ByteReader reader_;  // Protobuf narrows it to each nested message.
  const WireFormat* format_;
  const SpanMap* map_;
  DiagnosticSink* sink_;
  std::vector<Component> path_;
  int depth_ = 0;
  uint64_t input_size_;  // Of the whole input; the reader may narrow.
  uint64_t model_budget_;
  uint64_t model_bytes_ = 0;
  bool failed_ = false;
  FieldTrace* trace_ = nullptr;
};

// What the two field loops (thrift::StructReader, protobuf::MessageReader)
// share: one level of the decoder's depth, entered at the cursor for the
// loop's lifetime, and the loop's bookkeeping of the field being read. A
// loop owns its level, so it is not copied. A derived loop's destructor
// closes its traced field first; this one then leaves the level.
template <typename Decoder>
class FieldLoop {
 public:
  FieldLoop(const FieldLoop&) = delete;
  FieldLoop& operator=(const FieldLoop&) = delete;

 protected:
  // `header_length`: the bytes a depth fault names at the cursor.
  FieldLoop(Decoder& d, uint64_t header_length)
      : d_(d),
        start_(d.reader().position()),
        entered_(d.Enter({start_, header_length})) {}
  ~FieldLoop() {
    if (entered_) d_.Leave();
  }

  // Whether another field may be read: the level was entered and nothing
  // has stopped the decoder.
  bool Open() const { return entered_ && !d_.failed(); }

  Decoder& d_;
  const uint64_t start_;  // Where the struct or message begins.
  bool traced_ = false;   // The current field is open in d_.trace().
  FieldSet seen_;         // Ids read so far (protobuf: known ones only).

 private:
  const bool entered_;
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_WIRE_DECODER_H_
