#include "inspect/field_tree.h"

#include <cstdio>
#include <span>
#include <utility>

#include "core/limits.h"
#include "core/utf8.h"

namespace colcheck::inspect {
namespace {

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

std::string BytesPreview(std::span<const std::byte> bytes) {
  const bool cut = bytes.size() > limits::kFieldValuePreview;
  const std::span<const std::byte> shown =
      bytes.first(cut ? limits::kFieldValuePreview : bytes.size());
  bool text = IsValidUtf8(bytes);
  for (std::byte b : shown) text &= std::to_integer<uint8_t>(b) >= 0x20;
  const std::string out =
      text ? "\"" + std::string(AsChars(shown)) + "\"" : Hex(shown);
  return cut ? out + "..." : out;
}

struct Previewer {
  std::string operator()(std::monostate) const { return ""; }
  std::string operator()(bool v) const { return v ? "true" : "false"; }
  std::string operator()(int64_t v) const { return std::to_string(v); }
  std::string operator()(uint64_t v) const { return std::to_string(v); }
  std::string operator()(double v) const {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%.17g", v);
    return buf;
  }
  std::string operator()(std::span<const std::byte> v) const {
    return BytesPreview(v);
  }
  std::string operator()(const FixedBits& v) const {
    return Hex(v.bytes) + " (" + std::to_string(v.value) + ")";
  }
};

}  // namespace

std::string PreviewValue(const TracedValue& value) {
  return std::visit(Previewer(), value);
}

void FieldTree::OpenField(int32_t id, std::string_view type,
                          ByteSpan /*header*/) {
  Open("field " + std::to_string(id), id, type);
}

void FieldTree::OpenElement(uint32_t index, std::string_view type,
                            uint64_t /*offset*/) {
  Open("[" + std::to_string(index) + "]", 0, type);
}

void FieldTree::Name(std::string_view name) {
  if (!open_.empty() && open_.back().node >= 0) {
    (*nodes_)[open_.back().node].name = std::string(name);
  }
}

void FieldTree::Open(std::string name, int32_t id, std::string_view type) {
  if (!open_.empty()) open_.back().has_children = true;
  int64_t index = -1;
  if (nodes_->size() < max_nodes_) {
    index = static_cast<int64_t>(nodes_->size());
    FieldNode n;
    n.name = std::move(name);
    n.id = id;
    n.type = type;
    n.depth = depth_ + static_cast<uint32_t>(open_.size());
    nodes_->push_back(std::move(n));
  } else {
    capped_ = true;
  }
  open_.push_back({index, false});
}

void FieldTree::Close(ByteSpan span, const TracedValue& value) {
  if (open_.empty()) return;
  const OpenNode o = open_.back();
  open_.pop_back();
  if (o.node < 0) return;
  FieldNode& n = (*nodes_)[o.node];
  n.offset = span.offset;
  n.length = span.length;
  if (!o.has_children) n.value = PreviewValue(value);
}

}  // namespace colcheck::inspect
