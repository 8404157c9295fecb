// The footer tree (InspectOptions::footer_fields): the FileMetaData decoded
// once more with a thrift::Trace attached, so every field carries the name
// the generated-code-shaped decoders give it (the IDL's), unknown and
// skipped fields included, with the span from its header to its value's
// end. Scalar values are previewed from their own bytes.

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/limits.h"
#include "core/utf8.h"
#include "inspect/inspect_internal.h"
#include "parquet/metadata_decoder.h"
#include "thrift/compact_reader.h"

namespace colcheck::inspect {
namespace {

using thrift::WireType;

std::string_view TypeName(WireType type) {
  switch (type) {
    case WireType::kBoolTrue:
    case WireType::kBoolFalse: return "bool";
    case WireType::kI8: return "i8";
    case WireType::kI16: return "i16";
    case WireType::kI32: return "i32";
    case WireType::kI64: return "i64";
    case WireType::kDouble: return "double";
    case WireType::kBinary: return "binary";
    case WireType::kList: return "list";
    case WireType::kSet: return "set";
    case WireType::kMap: return "map";
    case WireType::kStruct: return "struct";
    default: return "stop";
  }
}

std::string Hex(std::span<const std::byte> bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "0x";
  for (std::byte b : bytes) {
    const auto v = std::to_integer<uint8_t>(b);
    out.push_back(kHex[v >> 4]);
    out.push_back(kHex[v & 0xf]);
  }
  return out;
}

// A binary value: quoted when it is text, else hex; at most
// limits::kThriftValuePreview bytes, then "...".
std::string BinaryPreview(ByteReader value) {
  DiagnosticSink scratch(1);
  thrift::Decoder d(value, &scratch);
  std::span<const std::byte> bytes;
  ByteSpan span;
  if (!d.ReadBinary(&bytes, &span)) return "";
  const bool cut = bytes.size() > limits::kThriftValuePreview;
  const std::span<const std::byte> shown =
      bytes.first(cut ? limits::kThriftValuePreview : bytes.size());
  bool text = IsValidUtf8(bytes);
  for (std::byte b : shown) text &= std::to_integer<uint8_t>(b) >= 0x20;
  std::string out = text ? "\"" + std::string(AsChars(shown)) + "\""
                         : Hex(shown);
  return cut ? out + "..." : out;
}

// The value of a scalar of `type` in `value` (its bytes after the field
// header), as text; "" for containers and undecodable bytes.
std::string Preview(WireType type, ByteReader value, bool element) {
  DiagnosticSink scratch(1);
  thrift::Decoder d(value, &scratch);
  ByteSpan span;
  switch (type) {
    case WireType::kBoolTrue:
    case WireType::kBoolFalse: {
      // A field's bool is its header's type; an element's is a byte.
      uint8_t b = 0;
      if (!element) return type == WireType::kBoolTrue ? "true" : "false";
      return value.ReadU8(&b) ? (b == 1 ? "true" : "false") : "";
    }
    case WireType::kI8: {
      int8_t v = 0;
      return d.ReadI8(&v, &span) ? std::to_string(v) : "";
    }
    case WireType::kI16:
    case WireType::kI32:
    case WireType::kI64: {
      int64_t v = 0;
      return d.ReadI64(&v, &span) ? std::to_string(v) : "";
    }
    case WireType::kDouble: {
      double v = 0;
      if (!d.ReadDouble(&v, &span)) return "";
      char buf[32];
      std::snprintf(buf, sizeof(buf), "%.17g", v);
      return buf;
    }
    case WireType::kBinary:
      return BinaryPreview(value);
    default:
      return "";
  }
}

// Builds the pre-order node list from the trace's open/close calls.
class FooterTrace : public thrift::Trace {
 public:
  FooterTrace(const ByteReader& file, size_t max_nodes,
              std::vector<ThriftNode>* nodes)
      : file_(file), max_nodes_(max_nodes), nodes_(nodes) {}

  void OpenField(int16_t id, WireType type, ByteSpan header) override {
    Open("field " + std::to_string(id), id, type, header.offset,
         header.end());
  }
  void OpenElement(uint32_t index, WireType type, uint64_t offset) override {
    Open("[" + std::to_string(index) + "]", 0, type, offset, offset);
  }
  void Name(std::string_view name) override {
    if (!open_.empty() && open_.back().node >= 0) {
      (*nodes_)[open_.back().node].name = std::string(name);
    }
  }
  void Close(uint64_t end) override;

  bool capped() const { return capped_; }

 private:
  struct Open_ {
    int64_t node;  // Index into nodes_, or -1 past the cap.
    WireType type;
    uint64_t value_begin;
    bool element;
  };

  void Open(std::string name, int16_t id, WireType type, uint64_t begin,
            uint64_t value_begin) {
    int64_t index = -1;
    if (nodes_->size() < max_nodes_) {
      index = static_cast<int64_t>(nodes_->size());
      ThriftNode n;
      n.name = std::move(name);
      n.id = id;
      n.type = TypeName(type);
      n.offset = begin;
      n.depth = static_cast<uint32_t>(open_.size());
      nodes_->push_back(std::move(n));
    } else {
      capped_ = true;
    }
    open_.push_back({index, type, value_begin, id == 0});
  }

  const ByteReader& file_;
  const size_t max_nodes_;
  std::vector<ThriftNode>* nodes_;
  std::vector<Open_> open_;
  bool capped_ = false;
};

void FooterTrace::Close(uint64_t end) {
  if (open_.empty()) return;
  const Open_ o = open_.back();
  open_.pop_back();
  if (o.node < 0) return;
  ThriftNode& n = (*nodes_)[o.node];
  n.length = end > n.offset ? end - n.offset : 0;
  ByteReader value;
  if (end >= o.value_begin &&
      file_.Sub(o.value_begin, end - o.value_begin, &value)) {
    n.value = Preview(o.type, value, o.element);
  }
}

}  // namespace

bool TraceFooter(const ByteReader& file, ByteSpan metadata, size_t max_nodes,
                 std::vector<ThriftNode>* nodes) {
  ByteReader bytes;
  if (!file.Sub(metadata.offset, metadata.length, &bytes)) return false;
  // The validation already reported every fault of these bytes.
  DiagnosticSink scratch(1);
  thrift::Decoder d(bytes, &scratch);
  FooterTrace trace(file, max_nodes, nodes);
  d.set_trace(&trace);
  parquet::FileMetaData md;
  parquet::DecodeFileMetaData(d, &md);
  return trace.capped();
}

}  // namespace colcheck::inspect
