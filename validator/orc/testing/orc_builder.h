// Test support: hand-built protobuf messages and ORC files, with the byte
// span of every field a test names, so tests can assert exact spans.
//
//   ProtoWriter type;
//   type.Varint(1, kStruct);
//   type.Packed(2, {1, 2}, "subtypes");  // marks the packed payload
//   ProtoWriter footer;
//   footer.Message(4, type, "types[0]");
//   OrcFile file;                         // "ORC" + stripes + footer + PS
//   file.footer = footer;
//   std::string bytes = file.Build();
//   ByteSpan at = file.FooterMark("types[0].subtypes");
//
// Everything is uncompressed (compression NONE) unless a test frames its
// own regions.

#ifndef COLCHECK_ORC_TESTING_ORC_BUILDER_H_
#define COLCHECK_ORC_TESTING_ORC_BUILDER_H_

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/span.h"
#include "core/strings.h"

namespace colcheck::orc::testing {

// Writes protobuf wire format field by field. Marks record the span of a
// field's value (the payload, for length-delimited fields) relative to the
// start of this writer's bytes; embedding a writer shifts its marks.
class ProtoWriter {
 public:
  static void PutVarint(std::string& out, uint64_t v) {
    while (v >= 0x80) {
      out.push_back(static_cast<char>((v & 0x7f) | 0x80));
      v >>= 7;
    }
    out.push_back(static_cast<char>(v));
  }
  static uint64_t Zigzag(int64_t v) {
    return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  }

  ProtoWriter& Varint(uint32_t field, uint64_t v, std::string_view mark = {}) {
    Tag(field, 0);
    const size_t at = bytes_.size();
    PutVarint(bytes_, v);
    Mark(mark, at);
    return *this;
  }
  ProtoWriter& Sint(uint32_t field, int64_t v, std::string_view mark = {}) {
    return Varint(field, Zigzag(v), mark);
  }
  ProtoWriter& Fixed64(uint32_t field, uint64_t v, std::string_view mark = {}) {
    Tag(field, 1);
    const size_t at = bytes_.size();
    for (int i = 0; i < 8; ++i) bytes_.push_back(static_cast<char>(v >> (8 * i)));
    Mark(mark, at);
    return *this;
  }
  ProtoWriter& Bytes(uint32_t field, std::string_view v,
                     std::string_view mark = {}) {
    Tag(field, 2);
    PutVarint(bytes_, v.size());
    const size_t at = bytes_.size();
    bytes_.append(v);
    Mark(mark, at);
    return *this;
  }
  ProtoWriter& Packed(uint32_t field, std::initializer_list<uint64_t> values,
                      std::string_view mark = {}) {
    std::string payload;
    for (uint64_t v : values) PutVarint(payload, v);
    return Bytes(field, payload, mark);
  }
  // An embedded message; its marks are kept under "<mark>.<its mark>".
  ProtoWriter& Message(uint32_t field, const ProtoWriter& m,
                       std::string_view mark = {}) {
    Tag(field, 2);
    PutVarint(bytes_, m.bytes_.size());
    const size_t at = bytes_.size();
    bytes_.append(m.bytes_);
    Mark(mark, at);
    for (const auto& [name, span] : m.marks_) {
      const std::string key =
          mark.empty() ? name : std::string(mark) + "." + name;
      marks_[key] = {span.offset + at, span.length};
    }
    return *this;
  }
  // Raw bytes, for malformed encodings.
  ProtoWriter& Raw(std::string_view raw, std::string_view mark = {}) {
    const size_t at = bytes_.size();
    bytes_.append(raw);
    Mark(mark, at);
    return *this;
  }

  const std::string& bytes() const { return bytes_; }
  ByteSpan mark(const std::string& name) const { return marks_.at(name); }
  const std::map<std::string, ByteSpan>& marks() const { return marks_; }

 private:
  void Tag(uint32_t field, int wire) {
    PutVarint(bytes_, (uint64_t{field} << 3) | static_cast<uint64_t>(wire));
  }
  void Mark(std::string_view name, size_t at) {
    if (!name.empty()) marks_[std::string(name)] = {at, bytes_.size() - at};
  }

  std::string bytes_;
  std::map<std::string, ByteSpan> marks_;
};

// An uncompressed ORC file: header, stripe bytes, Metadata, Footer,
// PostScript and psLen. The PostScript is built from the lengths unless a
// test supplies its own.
struct OrcFile {
  std::string stripes;  // Bytes after the header, before the tail.
  ProtoWriter metadata;
  ProtoWriter footer;
  bool has_metadata = false;
  bool custom_postscript = false;
  ProtoWriter postscript;  // Used as is when custom_postscript.

  // The default PostScript: lengths, NONE, version 0.12, magic last.
  ProtoWriter DefaultPostScript() const {
    ProtoWriter ps;
    ps.Varint(1, footer.bytes().size(), "footer_length")
        .Varint(2, 0, "compression")
        .Packed(4, {0, 12}, "version")
        .Varint(5, has_metadata ? metadata.bytes().size() : 0,
                "metadata_length")
        .Varint(6, 6, "writer_version")
        .Bytes(8000, "ORC", "magic");
    return ps;
  }

  std::string Build() {
    if (!custom_postscript) postscript = DefaultPostScript();
    std::string out = "ORC" + stripes;
    if (has_metadata) out += metadata.bytes();
    out += footer.bytes();
    out += postscript.bytes();
    out.push_back(static_cast<char>(postscript.bytes().size()));
    return out;
  }

  uint64_t MetadataOffset() const { return 3 + stripes.size(); }
  uint64_t FooterOffset() const {
    return MetadataOffset() + (has_metadata ? metadata.bytes().size() : 0);
  }
  uint64_t PostScriptOffset() const {
    return FooterOffset() + footer.bytes().size();
  }
  ByteSpan FooterMark(const std::string& name) const {
    return Shift(footer.mark(name), FooterOffset());
  }
  ByteSpan MetadataMark(const std::string& name) const {
    return Shift(metadata.mark(name), MetadataOffset());
  }
  ByteSpan PostScriptMark(const std::string& name) const {
    return Shift(postscript.mark(name), PostScriptOffset());
  }

 private:
  static ByteSpan Shift(ByteSpan s, uint64_t by) {
    return {s.offset + by, s.length};
  }
};

// One stripe: its streams (zero bytes of the given lengths), its
// StripeFooter and the StripeInformation that places it.
struct StreamSpec {
  int64_t kind;
  uint64_t column;
  uint64_t length;
};

struct StripeBuilder {
  std::vector<StreamSpec> streams;
  std::vector<ProtoWriter> encodings;  // StripeFooter.columns
  std::string timezone;                // Empty: none.
  uint64_t rows = 1;

  ProtoWriter Footer() const {
    ProtoWriter f;
    for (size_t i = 0; i < streams.size(); ++i) {
      ProtoWriter s;
      s.Varint(1, static_cast<uint64_t>(streams[i].kind), "kind")
          .Varint(2, streams[i].column, "column")
          .Varint(3, streams[i].length, "length");
      f.Message(1, s, StrCat("streams[", i, "]"));
    }
    for (size_t i = 0; i < encodings.size(); ++i) {
      f.Message(2, encodings[i], StrCat("columns[", i, "]"));
    }
    if (!timezone.empty()) f.Bytes(3, timezone, "writer_timezone");
    return f;
  }
  // Index-area kinds: ROW_INDEX, BLOOM_FILTER(_UTF8), DICTIONARY_COUNT,
  // ENCRYPTED_INDEX.
  static bool IndexArea(int64_t kind) {
    return kind == 4 || (kind >= 6 && kind <= 9);
  }
  uint64_t AreaLength(bool index) const {
    uint64_t sum = 0;
    for (const StreamSpec& s : streams) {
      if (IndexArea(s.kind) == index) sum += s.length;
    }
    return sum;
  }
  // The stripe's bytes: streams, then the footer.
  std::string Bytes() const {
    return std::string(AreaLength(true) + AreaLength(false), '\0') +
           Footer().bytes();
  }
  ProtoWriter Information(uint64_t offset) const {
    ProtoWriter info;
    info.Varint(1, offset, "offset")
        .Varint(2, AreaLength(true), "index_length")
        .Varint(3, AreaLength(false), "data_length")
        .Varint(4, Footer().bytes().size(), "footer_length")
        .Varint(5, rows, "number_of_rows");
    return info;
  }
  // Where the StripeFooter starts in a stripe at `offset`.
  uint64_t FooterOffset(uint64_t offset) const {
    return offset + AreaLength(true) + AreaLength(false);
  }
};

inline ProtoWriter Encoding(int64_t kind) {
  ProtoWriter e;
  e.Varint(1, static_cast<uint64_t>(kind), "kind");
  return e;
}

inline std::span<const std::byte> AsBytes(const std::string& s) {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_TESTING_ORC_BUILDER_H_
