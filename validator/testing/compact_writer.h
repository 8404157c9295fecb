// CompactWriter: builds Thrift compact protocol bytes for tests, well-formed
// or deliberately broken, and returns the absolute span of everything it
// writes so a test can expect a diagnostic at exactly those bytes.
//
// Spec: apache/thrift doc/specs/thrift-compact-protocol.md (the layout is
// drawn in thrift/compact_reader.h). Nothing here validates: a type nibble,
// a declared length or a list size can be any value, and a varint can be
// padded to any width.
//
//   testing::CompactWriter w(/*base=*/100);     // bytes start at offset 100
//   const auto version = w.I32Field(1, 2);      // header 0x15, value 0x04
//   w.FieldHeader(2, thrift::WireType::kList);
//   const ByteSpan list = w.ListHeader(thrift::WireType::kStruct, 1);
//   w.BeginStruct();
//   w.BinaryField(4, "root");
//   const ByteSpan element = w.EndStruct();     // fields and STOP
//   w.Stop();
//   thrift::Decoder d(w.Reader(), &sink);       // reads at offset 100

#ifndef COLCHECK_TESTING_COMPACT_WRITER_H_
#define COLCHECK_TESTING_COMPACT_WRITER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/span.h"
#include "thrift/compact_reader.h"

namespace colcheck::testing {

// The spans of one field: its header and its value. A bool field's value
// lives in its header, so both spans are the header byte.
struct FieldSpans {
  ByteSpan header;
  ByteSpan value;

  ByteSpan whole() const { return Join(header, value); }
};

class CompactWriter {
 public:
  // `base` is the absolute file offset the first written byte will have.
  explicit CompactWriter(uint64_t base = 0) : base_(base) {
    structs_.push_back({base, 0});
  }

  // ---- the buffer -------------------------------------------------------

  uint64_t base() const { return base_; }
  // The absolute offset of the next byte to be written.
  uint64_t position() const { return base_ + bytes_.size(); }
  uint64_t size() const { return bytes_.size(); }
  const std::vector<std::byte>& bytes() const { return bytes_; }
  // A reader over everything written, in the same absolute coordinates.
  ByteReader Reader() const { return ByteReader(bytes_, base_); }

  // Overwrites the byte at absolute offset `offset`.
  void SetByte(uint64_t offset, uint8_t value) {
    bytes_.at(offset - base_) = std::byte{value};
  }
  // Drops everything from absolute offset `offset` on, to cut a value short.
  void TruncateAt(uint64_t offset) { bytes_.resize(offset - base_); }

  // ---- raw bytes --------------------------------------------------------

  ByteSpan Raw(std::initializer_list<uint8_t> bytes) {
    const uint64_t start = position();
    for (uint8_t b : bytes) bytes_.push_back(std::byte{b});
    return Since(start);
  }
  ByteSpan Raw(std::span<const std::byte> bytes) {
    const uint64_t start = position();
    bytes_.insert(bytes_.end(), bytes.begin(), bytes.end());
    return Since(start);
  }
  ByteSpan Raw(std::string_view chars) {
    const uint64_t start = position();
    for (char c : chars) bytes_.push_back(static_cast<std::byte>(c));
    return Since(start);
  }
  // `count` copies of `value`.
  ByteSpan Fill(uint64_t count, uint8_t value) {
    const uint64_t start = position();
    bytes_.insert(bytes_.end(), count, std::byte{value});
    return Since(start);
  }

  // ---- integers ---------------------------------------------------------

  // An unsigned LEB128 varint. With `pad_to` larger than the minimal
  // length, redundant groups are appended (the last byte is then 0x00),
  // which is a non-canonical or, past the type's width, overlong varint.
  ByteSpan Varint(uint64_t value, int pad_to = 0) {
    const uint64_t start = position();
    int written = 0;
    do {
      uint8_t b = value & 0x7F;
      value >>= 7;
      ++written;
      if (value != 0 || written < pad_to) b |= 0x80;
      bytes_.push_back(std::byte{b});
    } while (value != 0);
    while (written < pad_to) {
      ++written;
      bytes_.push_back(
          std::byte{written < pad_to ? uint8_t{0x80} : uint8_t{0}});
    }
    return Since(start);
  }

  static uint64_t Zigzag(int64_t v) {
    return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
  }

  ByteSpan I8(int8_t v) { return Raw({static_cast<uint8_t>(v)}); }
  ByteSpan I16(int16_t v, int pad_to = 0) { return Varint(Zigzag(v), pad_to); }
  ByteSpan I32(int32_t v, int pad_to = 0) { return Varint(Zigzag(v), pad_to); }
  ByteSpan I64(int64_t v, int pad_to = 0) { return Varint(Zigzag(v), pad_to); }

  // 8 bytes, little-endian IEEE 754.
  ByteSpan Double(double v) {
    const uint64_t start = position();
    uint64_t bits = std::bit_cast<uint64_t>(v);
    for (int i = 0; i < 8; ++i, bits >>= 8) {
      bytes_.push_back(std::byte{static_cast<uint8_t>(bits & 0xFF)});
    }
    return Since(start);
  }

  // ---- binary and string ------------------------------------------------

  // A varint length and the bytes. The span covers both, as the decoder's
  // span of a binary value does.
  ByteSpan Binary(std::string_view data) {
    return BinaryDeclared(data.size(), data);
  }
  // A length that need not match the bytes that follow.
  ByteSpan BinaryDeclared(uint64_t declared_length, std::string_view data,
                          int length_pad_to = 0) {
    const uint64_t start = position();
    (void)Varint(declared_length, length_pad_to);
    (void)Raw(data);
    return Since(start);
  }

  // ---- field headers and structs ----------------------------------------

  // A field header for `id` after the previous field of the current struct:
  // the short form when the delta is 1..15, the long form otherwise.
  ByteSpan FieldHeader(int16_t id, uint8_t type) {
    const int32_t delta = int32_t{id} - structs_.back().last_id;
    if (delta >= 1 && delta <= 15) return ShortFieldHeader(delta, type);
    return LongFieldHeader(id, type);
  }
  ByteSpan FieldHeader(int16_t id, thrift::WireType type) {
    return FieldHeader(id, static_cast<uint8_t>(type));
  }

  // |ddddtttt| with an explicit delta (1..15) and any type nibble.
  ByteSpan ShortFieldHeader(int delta, uint8_t type) {
    structs_.back().last_id =
        static_cast<int16_t>(structs_.back().last_id + delta);
    return Raw({static_cast<uint8_t>((delta << 4) | (type & 0x0F))});
  }
  ByteSpan ShortFieldHeader(int delta, thrift::WireType type) {
    return ShortFieldHeader(delta, static_cast<uint8_t>(type));
  }

  // |0000tttt| then the id as a zigzag i16 varint (padded to `pad_to`).
  ByteSpan LongFieldHeader(int16_t id, uint8_t type, int pad_to = 0) {
    const uint64_t start = position();
    (void)Raw({static_cast<uint8_t>(type & 0x0F)});
    (void)I16(id, pad_to);
    structs_.back().last_id = id;
    return Since(start);
  }
  ByteSpan LongFieldHeader(int16_t id, thrift::WireType type, int pad_to = 0) {
    return LongFieldHeader(id, static_cast<uint8_t>(type), pad_to);
  }

  // A STOP byte. It does not end the current struct; EndStruct does.
  ByteSpan Stop() { return Raw({0x00}); }

  // Starts a nested struct (after its field header or list header): field
  // ids restart from 0.
  void BeginStruct() { structs_.push_back({position(), 0}); }
  // Writes STOP and ends the struct begun last. Returns the struct's span
  // from its first field header through STOP, as the decoder records it.
  // Called without BeginStruct, it ends the top-level struct.
  ByteSpan EndStruct() {
    (void)Stop();
    const StructState s = structs_.back();
    if (structs_.size() > 1) {
      structs_.pop_back();
    } else {
      structs_.back() = {position(), 0};
    }
    return Since(s.start);
  }

  // ---- whole fields -----------------------------------------------------

  FieldSpans BoolField(int16_t id, bool v) {
    const ByteSpan h = FieldHeader(
        id, v ? thrift::WireType::kBoolTrue : thrift::WireType::kBoolFalse);
    return {h, h};
  }
  FieldSpans I8Field(int16_t id, int8_t v) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kI8);
    return {h, I8(v)};
  }
  FieldSpans I16Field(int16_t id, int16_t v, int pad_to = 0) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kI16);
    return {h, I16(v, pad_to)};
  }
  FieldSpans I32Field(int16_t id, int32_t v, int pad_to = 0) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kI32);
    return {h, I32(v, pad_to)};
  }
  FieldSpans I64Field(int16_t id, int64_t v, int pad_to = 0) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kI64);
    return {h, I64(v, pad_to)};
  }
  FieldSpans DoubleField(int16_t id, double v) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kDouble);
    return {h, Double(v)};
  }
  FieldSpans BinaryField(int16_t id, std::string_view v) {
    const ByteSpan h = FieldHeader(id, thrift::WireType::kBinary);
    return {h, Binary(v)};
  }

  // ---- collections ------------------------------------------------------

  // A list (or set) header: |sssstttt| for sizes 0..14, else |1111tttt|
  // and a varint size. Any type nibble and size can be written.
  ByteSpan ListHeader(uint8_t element_type, uint64_t size) {
    if (size < 15)
      return ShortListHeader(static_cast<uint8_t>(size), element_type);
    return LongListHeader(element_type, size);
  }
  ByteSpan ListHeader(thrift::WireType element_type, uint64_t size) {
    return ListHeader(static_cast<uint8_t>(element_type), size);
  }
  // |sssstttt| with any size nibble (15 announces a varint size that the
  // caller then writes itself).
  ByteSpan ShortListHeader(uint8_t size_nibble, uint8_t element_type) {
    return Raw({static_cast<uint8_t>(((size_nibble & 0x0F) << 4) |
                                     (element_type & 0x0F))});
  }
  // |1111tttt| and a varint size, even for sizes below 15.
  ByteSpan LongListHeader(uint8_t element_type, uint64_t size, int pad_to = 0) {
    const uint64_t start = position();
    (void)Raw({static_cast<uint8_t>(0xF0 | (element_type & 0x0F))});
    (void)Varint(size, pad_to);
    return Since(start);
  }
  ByteSpan LongListHeader(thrift::WireType element_type, uint64_t size,
                          int pad_to = 0) {
    return LongListHeader(static_cast<uint8_t>(element_type), size, pad_to);
  }

  // One bool list element: 1 true, 2 false as Apache Thrift writes them;
  // any other byte is malformed.
  ByteSpan BoolElement(uint8_t encoded) { return Raw({encoded}); }
  ByteSpan BoolElement(bool v) { return Raw({v ? uint8_t{1} : uint8_t{2}}); }

  // A map header: 0x00 when `size` is 0, else a varint size and
  // |kkkkvvvv|.
  ByteSpan MapHeader(uint8_t key_type, uint8_t value_type, uint64_t size) {
    const uint64_t start = position();
    (void)Varint(size);
    if (size != 0) {
      (void)Raw({static_cast<uint8_t>(((key_type & 0x0F) << 4) |
                                      (value_type & 0x0F))});
    }
    return Since(start);
  }
  ByteSpan MapHeader(thrift::WireType key_type, thrift::WireType value_type,
                     uint64_t size) {
    return MapHeader(static_cast<uint8_t>(key_type),
                     static_cast<uint8_t>(value_type), size);
  }

 private:
  struct StructState {
    uint64_t start;
    int16_t last_id;
  };

  ByteSpan Since(uint64_t start) const { return {start, position() - start}; }

  uint64_t base_;
  std::vector<std::byte> bytes_;
  std::vector<StructState> structs_;
};

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_COMPACT_WRITER_H_
