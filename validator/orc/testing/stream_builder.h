// Test support for the column stage: real stream bytes (byte RLE, boolean
// RLE, integer RLE v1 literals, varints, floats) and one-stripe files built
// from them, uncompressed, with the file offset of every stream.
//
//   ColumnFile f({Struct({"a"}), TypeMessage(kInt)}, /*rows=*/3);
//   f.Add(kData, 1, IntV1({1, 2, 3}, true));
//   f.Encode({Encoding(kDirect), Encoding(kDirect)});
//   std::string bytes = f.Build();
//   ByteSpan data = f.StreamSpan(0);   // the DATA stream in the file

#ifndef COLCHECK_ORC_TESTING_STREAM_BUILDER_H_
#define COLCHECK_ORC_TESTING_STREAM_BUILDER_H_

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "orc/columns.h"
#include "orc/compression.h"
#include "orc/stripe.h"
#include "orc/tail.h"
#include "orc/testing/file_reader.h"
#include "orc/testing/orc_builder.h"
#include "orc/testing/orc_test_support.h"
#include "orc/types.h"

namespace colcheck::orc::testing {

// Byte RLE as literal groups of up to 128 bytes.
inline std::string ByteRle(const std::vector<uint8_t>& bytes) {
  std::string out;
  for (size_t i = 0; i < bytes.size(); i += 128) {
    const size_t n = std::min<size_t>(128, bytes.size() - i);
    out.push_back(static_cast<char>(256 - n));
    for (size_t k = 0; k < n; ++k) out.push_back(static_cast<char>(bytes[i + k]));
  }
  return out;
}

// Byte RLE run: `count` (3..130) copies of `b`.
inline std::string ByteRun(uint8_t b, size_t count) {
  return std::string{static_cast<char>(count - 3), static_cast<char>(b)};
}

// Boolean RLE: bits MSB first, zero padded, as byte RLE literals.
inline std::string BoolRle(const std::vector<bool>& bits) {
  std::vector<uint8_t> bytes((bits.size() + 7) / 8, 0);
  for (size_t i = 0; i < bits.size(); ++i) {
    if (bits[i]) bytes[i / 8] |= static_cast<uint8_t>(0x80 >> (i % 8));
  }
  return ByteRle(bytes);
}

// Integer RLE v1 literal groups of up to 128 varints.
inline std::string IntV1(const std::vector<int64_t>& values, bool is_signed) {
  std::string out;
  for (size_t i = 0; i < values.size(); i += 128) {
    const size_t n = std::min<size_t>(128, values.size() - i);
    out.push_back(static_cast<char>(256 - n));
    for (size_t k = 0; k < n; ++k) {
      const int64_t v = values[i + k];
      ProtoWriter::PutVarint(out, is_signed ? ProtoWriter::Zigzag(v)
                                            : static_cast<uint64_t>(v));
    }
  }
  return out;
}

// Decimal DATA: one zigzag varint per value (64-bit values suffice here).
inline std::string DecimalVarints(const std::vector<int64_t>& values) {
  std::string out;
  for (int64_t v : values) ProtoWriter::PutVarint(out, ProtoWriter::Zigzag(v));
  return out;
}

inline std::string Doubles(const std::vector<double>& values) {
  std::string out;
  for (double d : values) {
    uint64_t bits;
    std::memcpy(&bits, &d, sizeof bits);
    for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>(bits >> (8 * i)));
  }
  return out;
}

inline ProtoWriter StructType(const std::vector<std::string>& names,
                              uint32_t first_child = 1) {
  ProtoWriter t = TypeMessage(12);  // STRUCT
  std::string packed;
  for (size_t i = 0; i < names.size(); ++i) {
    ProtoWriter::PutVarint(packed, first_child + i);
  }
  if (!names.empty()) t.Bytes(2, packed);
  for (const std::string& n : names) t.Bytes(3, n);
  return t;
}

inline ProtoWriter ParentType(int64_t kind, std::vector<uint32_t> children) {
  ProtoWriter t = TypeMessage(kind);
  std::string packed;
  for (uint32_t c : children) ProtoWriter::PutVarint(packed, c);
  t.Bytes(2, packed);
  return t;
}

inline ProtoWriter DictionaryEncoding(int64_t kind, uint32_t size) {
  ProtoWriter e = Encoding(kind);
  e.Varint(2, size, "dictionary_size");
  return e;
}

// A file of one stripe whose streams hold the given bytes (all in the data
// area, in the order added), after the 3-byte header.
class ColumnFile {
 public:
  ColumnFile(std::vector<ProtoWriter> types, uint64_t rows,
             uint64_t stride = 0)
      : types_(std::move(types)), stride_(stride) {
    stripe_.rows = rows;
    stripe_.timezone = "UTC";
  }

  // Adds a stream; returns its index.
  size_t Add(int64_t kind, uint64_t column, std::string bytes) {
    stripe_.streams.push_back({kind, column, bytes.size()});
    bytes_.push_back(std::move(bytes));
    return bytes_.size() - 1;
  }
  void Encode(std::vector<ProtoWriter> encodings) {
    stripe_.encodings = std::move(encodings);
  }
  StripeBuilder& stripe() { return stripe_; }
  // PostScript.version (default 0.12); 1.9999 is UNSTABLE-PRE-2.0.
  void SetVersion(uint64_t major, uint64_t minor) {
    version_ = {major, minor};
  }

  std::string Build() {
    std::string body;
    for (const std::string& b : bytes_) body += b;
    file_.stripes = body + stripe_.Footer().bytes();
    ProtoWriter& f = file_.footer;
    f = ProtoWriter();
    f.Varint(1, 3).Varint(2, 3 + file_.stripes.size());
    f.Message(3, stripe_.Information(3), "stripes[0]");
    for (size_t i = 0; i < types_.size(); ++i) {
      f.Message(4, types_[i], StrCat("types[", i, "]"));
    }
    f.Varint(6, stripe_.rows);
    f.Varint(8, stride_).Varint(9, 1);
    file_.custom_postscript = true;
    file_.postscript = ProtoWriter();
    file_.postscript.Varint(1, f.bytes().size())
        .Varint(2, 0)
        .Packed(4, {version_[0], version_[1]})
        .Varint(5, 0)
        .Varint(6, 6)
        .Bytes(8000, "ORC");
    return file_.Build();
  }

  // The file span of stream `i`, or of `length` bytes at `offset` in it.
  ByteSpan StreamSpan(size_t i) const { return {StreamOffset(i), bytes_[i].size()}; }
  ByteSpan StreamSpan(size_t i, uint64_t offset, uint64_t length) const {
    return {StreamOffset(i) + offset, length};
  }
  uint64_t StreamOffset(size_t i) const {
    uint64_t at = 3;
    for (size_t k = 0; k < i; ++k) at += bytes_[k].size();
    return at;
  }
  // A field of the stripe footer ("streams", "columns[1].dictionary_size").
  ByteSpan FooterMark(const std::string& name) const {
    const ByteSpan m = stripe_.Footer().mark(name);
    return {stripe_.FooterOffset(3) + m.offset, m.length};
  }
  // A field of the file's Footer ("stripes[0].number_of_rows"), once
  // Build has run.
  ByteSpan FileFooterMark(const std::string& name) const {
    return file_.FooterMark(name);
  }
  ByteSpan StripeFooterSpan() const {
    return {stripe_.FooterOffset(3), stripe_.Footer().bytes().size()};
  }

 private:
  std::vector<ProtoWriter> types_;
  uint64_t stride_;
  std::array<uint64_t, 2> version_ = {0, 12};
  StripeBuilder stripe_;
  std::vector<std::string> bytes_;
  OrcFile file_;
};

// Runs the column stage alone over an uncompressed file built here, with
// `observer`: the driver's steps up to ReadStripeColumns. Returns false when
// the file does not get that far.
inline bool ReadColumnsWith(const std::string& bytes, ColumnObserver* observer,
                            DiagnosticSink& sink) {
  const ByteReader file(AsBytes(bytes));
  Tail tail;
  if (!ReadTail(file, sink, &tail)) return false;
  RegionDecoder regions;
  DecodedRegion footer_bytes;
  Footer footer;
  if (!ReadFooter(file, tail, regions, sink, &footer_bytes, &footer)) {
    return false;
  }
  const TypeTree types = CheckTypes(footer, sink);
  if (!types.valid) return false;
  const StripeContext context{footer, types, false};
  const ColumnContext columns{footer, types, context};
  for (size_t i = 0; i < footer.stripes.value.size(); ++i) {
    const StripeInformation& info = footer.stripes.value[i].value;
    const ByteSpan footer_span{info.offset.value + info.index_length.value +
                                   info.data_length.value,
                               info.footer_length.value};
    DecodedRegion stripe_bytes;
    StripeFooter stripe_footer;
    if (!ReadStripeFooter(file, tail, footer_span, regions, sink, &stripe_bytes,
                          &stripe_footer)) {
      return false;
    }
    const StripeLayout layout =
        CheckStripeFooter(context, i, info, stripe_footer, footer_span, sink);
    if (!layout.readable) return false;
    StripeData data;
    data.layout = &layout;
    data.streams.resize(layout.streams.size());
    for (size_t s = 0; s < layout.streams.size(); ++s) {
      const ByteSpan at = layout.streams[s].bytes;
      ByteReader region;
      if (file.Sub(at.offset, at.length, &region)) {
        (void)regions.DecodeRegion(region, tail.compression, tail.block_size,
                                   RegionUse::kStream, sink, "stream",
                                   &data.streams[s]);
      }
    }
    ReadStripeColumns(columns, i, info, stripe_footer, data, observer, sink);
  }
  return true;
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_TESTING_STREAM_BUILDER_H_
