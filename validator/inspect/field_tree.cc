#include "inspect/field_tree.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <optional>
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

// Text whole (to kFieldValueText), with its tabs and line breaks as \xHH
// so that a value never breaks its line; anything else as hex (to
// kFieldValuePreview).
std::string BytesPreview(std::span<const std::byte> bytes) {
  // Text but for tabs and line breaks, which are escaped; binary values
  // (statistics of numbers, say) stay hex even when their bytes happen to
  // be UTF-8, so a field's values do not switch between the two.
  bool text = IsValidUtf8(bytes);
  for (std::byte b : bytes) {
    const auto v = std::to_integer<uint8_t>(b);
    text &= v >= 0x20 || v == '\t' || v == '\n' || v == '\r';
  }
  if (!text) {
    const bool cut = bytes.size() > limits::kFieldValuePreview;
    const std::string hex =
        Hex(bytes.first(cut ? limits::kFieldValuePreview : bytes.size()));
    return cut ? hex + "..." : hex;
  }
  static constexpr char kHex[] = "0123456789abcdef";
  const bool cut = bytes.size() > limits::kFieldValueText;
  std::string out = "\"";
  for (std::byte b :
       bytes.first(cut ? limits::kFieldValueText : bytes.size())) {
    const auto v = std::to_integer<uint8_t>(b);
    if (v < 0x20 || v == 0x7f || v == '"' || v == '\\') {
      out += "\\x";
      out.push_back(kHex[v >> 4]);
      out.push_back(kHex[v & 0xf]);
    } else {
      out.push_back(static_cast<char>(v));
    }
  }
  out += "\"";
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

// "[12]" as 12; nullopt for a field's name.
std::optional<size_t> ElementIndex(std::string_view name) {
  size_t index = 0;
  if (name.size() < 3 || name.front() != '[' || name.back() != ']') {
    return std::nullopt;
  }
  const char* end = name.data() + name.size() - 1;
  const auto [ptr, ec] = std::from_chars(name.data() + 1, end, index);
  if (ec != std::errc() || ptr != end) return std::nullopt;
  return index;
}

std::optional<int64_t> IntegerValue(std::string_view value) {
  int64_t v = 0;
  const char* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, v);
  if (value.empty() || ec != std::errc() || ptr != end) return std::nullopt;
  return v;
}

// Calls `each(node, path)` for every node with the names from its root.
template <typename Each>
void ForEachPath(std::vector<FieldNode>* nodes, Each each) {
  std::vector<std::string_view> path;
  for (FieldNode& n : *nodes) {
    path.resize(std::min<size_t>(path.size(), n.depth));
    // A depth past the path (a capped tree) cannot be placed.
    if (path.size() != n.depth) continue;
    path.push_back(n.name);
    each(n, std::span<const std::string_view>(path));
  }
}

using EnumNamer = std::string_view (*)(int64_t);

void NameEnum(FieldNode& n, EnumNamer namer) {
  if (const std::optional<int64_t> v = IntegerValue(n.value)) {
    n.enum_name = namer(*v);
  }
}

std::string_view Physical(int64_t v) {
  return PhysicalTypeName(static_cast<int32_t>(v));
}
std::string_view Repetition(int64_t v) {
  return RepetitionName(static_cast<int32_t>(v));
}
std::string_view Converted(int64_t v) {
  return ConvertedTypeName(static_cast<int32_t>(v));
}
std::string_view Codec(int64_t v) { return CodecName(static_cast<int32_t>(v)); }
std::string_view Encoding(int64_t v) {
  return EncodingName(static_cast<int32_t>(v));
}
std::string_view PageType(int64_t v) {
  return PageTypeName(static_cast<int32_t>(v));
}

// The chunk of row group `rg`, column `c`, in the inspection's list (row
// group by row group, columns in order).
const ChunkExtent* FindChunk(const std::vector<ChunkExtent>& chunks, size_t rg,
                             size_t c) {
  const auto it = std::lower_bound(
      chunks.begin(), chunks.end(), std::make_pair(rg, c),
      [](const ChunkExtent& e, const std::pair<size_t, size_t>& key) {
        return std::make_pair(static_cast<size_t>(e.row_group),
                              static_cast<size_t>(e.column)) < key;
      });
  if (it == chunks.end() || static_cast<size_t>(it->row_group) != rg ||
      static_cast<size_t>(it->column) != c) {
    return nullptr;
  }
  return &*it;
}

void TypeStatistic(const std::vector<ChunkExtent>& chunks,
                   std::span<const std::string_view> p, FieldNode& n) {
  const auto rg = ElementIndex(p[1]);
  const auto c = ElementIndex(p[3]);
  if (!rg || !c) return;
  const ChunkExtent* chunk = FindChunk(chunks, *rg, *c);
  if (chunk == nullptr) return;
  const ColumnStatistics& s = chunk->statistics;
  // The model keeps min_value and max_value, or, without them, the
  // deprecated min and max.
  const std::string_view min = s.legacy ? "min" : "min_value";
  const std::string_view max = s.legacy ? "max" : "max_value";
  if (p[6] == min) n.typed = s.min;
  if (p[6] == max) n.typed = s.max;
}

}  // namespace

void AnnotateParquetFields(const std::vector<ChunkExtent>& chunks,
                           std::vector<FieldNode>* nodes) {
  ForEachPath(nodes, [&](FieldNode& n, std::span<const std::string_view> p) {
    if (p.size() == 3 && p[0] == "schema") {
      if (p[2] == "type") NameEnum(n, Physical);
      if (p[2] == "repetition_type") NameEnum(n, Repetition);
      if (p[2] == "converted_type") NameEnum(n, Converted);
      return;
    }
    if (p.size() < 6 || p[0] != "row_groups" || p[2] != "columns" ||
        p[4] != "meta_data") {
      return;
    }
    if (p.size() == 6 && p[5] == "type") NameEnum(n, Physical);
    if (p.size() == 6 && p[5] == "codec") NameEnum(n, Codec);
    if (p.size() == 7 && p[5] == "encodings") NameEnum(n, Encoding);
    if (p.size() == 8 && p[5] == "encoding_stats") {
      if (p[7] == "page_type") NameEnum(n, PageType);
      if (p[7] == "encoding") NameEnum(n, Encoding);
    }
    if (p.size() == 7 && p[5] == "statistics") TypeStatistic(chunks, p, n);
  });
}

void AnnotateOrcFields(std::vector<FieldNode>* nodes) {
  ForEachPath(nodes, [&](FieldNode& n, std::span<const std::string_view> p) {
    if (p.size() == 2 && p[0] == "postscript" && p[1] == "compression") {
      NameEnum(n, OrcCompressionKindName);
    }
    // A repeated message is one node per element, named by its field.
    if (p.size() == 3 && p[0] == "footer" && p[1] == "types" &&
        p[2] == "kind") {
      NameEnum(n, OrcTypeKindName);
    }
  });
}

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
