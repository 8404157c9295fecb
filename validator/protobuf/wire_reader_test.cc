// Tests for the strict protobuf wire reader: every protobuf.* code it emits,
// at its exact span, over inputs written byte by byte.
//
// The messages decoded here are local to this file, written the way the ORC
// decoders are (one switch over field numbers per message):
//
//   message Inner { optional uint64 a = 1; optional uint64 b = 2; }
//   message Everything {
//     optional uint64 u64 = 1;   repeated uint32 r32 = 2;
//     optional Inner inner = 3;  optional string s = 4;
//     optional uint32 u32 = 5;   optional Kind kind = 6;
//     optional bool flag = 7;    optional double real = 8;
//     optional sint32 s32 = 9;   repeated fixed64 f64 = 10;
//     optional int32 i32 = 11;   repeated Inner inners = 12;
//     repeated string names = 13; optional bytes data = 14;
//     optional sint64 s64 = 15;
//   }
//   message Node { repeated Node child = 1; }

#include "protobuf/wire_reader.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <initializer_list>
#include <limits>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/limits.h"

namespace colcheck::protobuf {
namespace {

struct Inner {
  Spanned<uint64_t> a;
  Spanned<uint64_t> b;
};

struct Everything {
  Spanned<uint64_t> u64;
  SpannedList<uint32_t> r32;
  Spanned<Inner> inner;
  Spanned<std::string_view> s;
  Spanned<uint32_t> u32;
  Spanned<int64_t> kind;
  Spanned<bool> flag;
  Spanned<double> real;
  Spanned<int32_t> s32;
  SpannedList<uint64_t> f64;
  Spanned<int32_t> i32;
  SpannedList<Inner> inners;
  SpannedList<std::string_view> names;
  Spanned<std::span<const std::byte>> data;
  Spanned<int64_t> s64;
};

bool DecodeInner(Decoder& d, Inner* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("a", &out->a); break;
      case 2: m.ReadUint64("b", &out->b); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

bool DecodeEverything(Decoder& d, Everything* out) {
  MessageReader m(d);
  while (m.Next()) {
    switch (m.number()) {
      case 1: m.ReadUint64("u64", &out->u64); break;
      case 2: m.ReadRepeated("r32", Scalar::kUint32, &out->r32); break;
      case 3: m.ReadMessage("inner", &out->inner, DecodeInner); break;
      case 4: m.ReadString("s", &out->s); break;
      case 5: m.ReadUint32("u32", &out->u32); break;
      case 6: m.ReadEnum("kind", &out->kind); break;
      case 7: m.ReadBool("flag", &out->flag); break;
      case 8: m.ReadDouble("real", &out->real); break;
      case 9: m.ReadSint32("s32", &out->s32); break;
      case 10: m.ReadRepeated("f64", Scalar::kFixed64, &out->f64); break;
      case 11: m.ReadInt32("i32", &out->i32); break;
      case 12: m.ReadRepeatedMessage("inners", &out->inners, DecodeInner);
        break;
      case 13: m.ReadRepeatedString("names", &out->names); break;
      case 14: m.ReadBytes("data", &out->data); break;
      case 15: m.ReadSint64("s64", &out->s64); break;
      default: m.SkipUnknown();
    }
  }
  return m.Finish();
}

struct Node {
  SpannedList<Node> child;
};

bool DecodeNode(Decoder& d, Node* out) {
  MessageReader m(d);
  while (m.Next()) {
    if (m.number() == 1) {
      m.ReadRepeatedMessage("child", &out->child, DecodeNode);
    } else {
      m.SkipUnknown();
    }
  }
  return m.Finish();
}

// Logical offset x lies at file offset x + 1000, as if the message had been
// decoded from a buffer copied out of the file there.
class ShiftedMap final : public SpanMap {
 public:
  ByteSpan ToFile(ByteSpan logical) const override {
    return {logical.offset + 1000, logical.length};
  }
};

std::vector<std::byte> Bytes(std::initializer_list<int> values) {
  std::vector<std::byte> out;
  for (int v : values) out.push_back(static_cast<std::byte>(v));
  return out;
}

struct Result {
  bool ok;
  Everything msg;
  std::vector<Diagnostic> diags;
};

Result Decode(const std::vector<std::byte>& bytes,
              const SpanMap& map = IdentitySpanMap()) {
  DiagnosticSink sink;
  Decoder d(ByteReader(bytes), map, &sink);
  Result r;
  r.ok = DecodeEverything(d, &r.msg);
  r.diags = sink.Take();
  return r;
}

// Asserts exactly one diagnostic, of `code` at [offset, offset + length).
void ExpectOnly(const Result& r, Code code, uint64_t offset, uint64_t length) {
  ASSERT_EQ(r.diags.size(), 1u) << r.diags[0].message;
  EXPECT_EQ(r.diags[0].code, code) << r.diags[0].message;
  EXPECT_EQ(r.diags[0].offset, offset);
  EXPECT_EQ(r.diags[0].length, length);
}

TEST(WireReader, DecodesScalarsWithSpans) {
  // u64 = 300, s = "hi", real = 1.5, s32 = -2, i32 = -1 (10 bytes).
  const auto bytes =
      Bytes({0x08, 0xAC, 0x02, 0x22, 0x02, 'h', 'i', 0x41, 0, 0, 0, 0, 0, 0,
             0xF8, 0x3F, 0x48, 0x03, 0x58, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
             0xFF, 0xFF, 0xFF, 0x01});
  const Result r = Decode(bytes);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diags.empty());
  EXPECT_EQ(r.msg.u64.value, 300u);
  EXPECT_EQ(r.msg.u64.header, (ByteSpan{0, 1}));
  EXPECT_EQ(r.msg.u64.span, (ByteSpan{1, 2}));
  EXPECT_EQ(r.msg.s.value, "hi");
  EXPECT_EQ(r.msg.s.header, (ByteSpan{3, 2}));
  EXPECT_EQ(r.msg.s.span, (ByteSpan{5, 2}));
  EXPECT_EQ(r.msg.real.value, 1.5);
  EXPECT_EQ(r.msg.s32.value, -2);
  EXPECT_EQ(r.msg.i32.value, -1);
  EXPECT_EQ(r.msg.i32.span, (ByteSpan{19, 10}));
  EXPECT_FALSE(r.msg.u32.present);
}

TEST(WireReader, SubmessageHeaderIsTagAndLength) {
  const Result r = Decode(Bytes({0x1A, 0x02, 0x08, 0x05}));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.msg.inner.present);
  EXPECT_EQ(r.msg.inner.header, (ByteSpan{0, 2}));
  EXPECT_EQ(r.msg.inner.span, (ByteSpan{2, 2}));
  EXPECT_EQ(r.msg.inner.value.a.value, 5u);
  EXPECT_EQ(r.msg.inner.value.a.span, (ByteSpan{3, 1}));
}

TEST(WireReader, RepeatedAcceptsPackedAndUnpacked) {
  // r32: 1 unpacked, then [2, 3] packed, then 4 unpacked after field 1.
  const Result r = Decode(
      Bytes({0x10, 0x01, 0x12, 0x02, 0x02, 0x03, 0x08, 0x00, 0x10, 0x04}));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diags.empty());
  ASSERT_EQ(r.msg.r32.value.size(), 4u);
  EXPECT_EQ(r.msg.r32.value[0].value, 1u);
  EXPECT_EQ(r.msg.r32.value[0].header, (ByteSpan{0, 1}));
  EXPECT_EQ(r.msg.r32.value[1].value, 2u);
  EXPECT_EQ(r.msg.r32.value[1].span, (ByteSpan{4, 1}));
  EXPECT_EQ(r.msg.r32.value[2].span, (ByteSpan{5, 1}));
  EXPECT_EQ(r.msg.r32.value[3].value, 4u);
  EXPECT_EQ(r.msg.r32.span, (ByteSpan{1, 9}));
}

TEST(WireReader, PackedFixed64) {
  const Result r = Decode(Bytes({0x52, 0x10, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0,
                                 0, 0, 0, 0, 0}));
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.msg.f64.value.size(), 2u);
  EXPECT_EQ(r.msg.f64.value[1].value, 2u);
  EXPECT_EQ(r.msg.f64.value[1].span, (ByteSpan{10, 8}));
}

TEST(WireReader, RepeatedMessagesAndStrings) {
  // Views in the model point into `bytes`, which must outlive it.
  const auto bytes = Bytes({0x62, 0x02, 0x08, 0x01, 0x6A, 0x01, 'x', 0x62,
                            0x00, 0x6A, 0x00});
  const Result r = Decode(bytes);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.msg.inners.value.size(), 2u);
  EXPECT_EQ(r.msg.inners.value[0].value.a.value, 1u);
  EXPECT_EQ(r.msg.inners.value[1].span, (ByteSpan{9, 0}));
  EXPECT_EQ(r.msg.inners.value[1].header, (ByteSpan{7, 2}));
  ASSERT_EQ(r.msg.names.value.size(), 2u);
  EXPECT_EQ(r.msg.names.value[0].value, "x");
  EXPECT_EQ(r.msg.names.value[1].value, "");
}

TEST(WireReader, SpansGoThroughTheSpanMap) {
  const ShiftedMap map;
  const Result r = Decode(Bytes({0x1A, 0x02, 0x08, 0x05, 0x22, 0x05, 'a'}),
                          map);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.msg.inner.header, (ByteSpan{1000, 2}));
  EXPECT_EQ(r.msg.inner.span, (ByteSpan{1002, 2}));
  EXPECT_EQ(r.msg.inner.value.a.span, (ByteSpan{1003, 1}));
  ExpectOnly(r, Code::kProtobufLengthExceedsData, 1005, 1);
  EXPECT_EQ(r.diags[0].field, "s");
}

TEST(WireReader, TruncatedVarint) {
  const Result r = Decode(Bytes({0x08, 0x80}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufTruncated, 1, 1);
}

TEST(WireReader, TruncatedFixed64) {
  const Result r = Decode(Bytes({0x41, 0x01, 0x02}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufTruncated, 1, 2);
}

TEST(WireReader, TruncatedInsidePackedRun) {
  // The run's length covers half a varint; the rest is outside it.
  const Result r = Decode(Bytes({0x12, 0x02, 0x80, 0x80, 0x01}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufTruncated, 2, 2);
  EXPECT_EQ(r.diags[0].field, "r32[0]");
}

TEST(WireReader, TruncatedInsideSubmessage) {
  const Result r = Decode(Bytes({0x1A, 0x01, 0x08, 0x05}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufTruncated, 3, 0);
  EXPECT_EQ(r.diags[0].field, "inner.a");
}

TEST(WireReader, VarintOverlong) {
  std::vector<std::byte> bytes = Bytes({0x08});
  for (int i = 0; i < 10; ++i) bytes.push_back(std::byte{0x80});
  bytes.push_back(std::byte{0x00});
  const Result r = Decode(bytes);
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufVarintOverlong, 1, 11);
}

TEST(WireReader, TagVarintOverlong) {
  // Tag 0x08 padded to 6 bytes: libprotobuf reads tags of 5 bytes at most.
  const Result r = Decode(Bytes({0x88, 0x80, 0x80, 0x80, 0x80, 0x00, 0x01}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufVarintOverlong, 0, 6);
}

TEST(WireReader, LengthVarintOverlong) {
  const Result r = Decode(Bytes({0x22, 0x81, 0x80, 0x80, 0x80, 0x80, 0x00}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufVarintOverlong, 1, 6);
}

TEST(WireReader, VarintOverflow) {
  std::vector<std::byte> bytes = Bytes({0x08});
  for (int i = 0; i < 9; ++i) bytes.push_back(std::byte{0xFF});
  bytes.push_back(std::byte{0x02});
  const Result r = Decode(bytes);
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufVarintOverflow, 1, 10);
}

TEST(WireReader, Uint64MaxIsTenBytes) {
  std::vector<std::byte> bytes = Bytes({0x08});
  for (int i = 0; i < 9; ++i) bytes.push_back(std::byte{0xFF});
  bytes.push_back(std::byte{0x01});
  const Result r = Decode(bytes);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diags.empty());
  EXPECT_EQ(r.msg.u64.value, std::numeric_limits<uint64_t>::max());
}

TEST(WireReader, VarintNonCanonical) {
  const Result r = Decode(Bytes({0x08, 0x81, 0x00}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufVarintNonCanonical, 1, 2);
  EXPECT_EQ(r.msg.u64.value, 1u);
}

TEST(WireReader, Uint32OutOfRange) {
  const Result r = Decode(Bytes({0x28, 0x80, 0x80, 0x80, 0x80, 0x10}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufValueOutOfRange, 1, 5);
  EXPECT_EQ(r.msg.u32.value, 0u);  // Truncated, as libprotobuf does.
}

TEST(WireReader, Uint32MaxFits) {
  const Result r = Decode(Bytes({0x28, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F}));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diags.empty());
  EXPECT_EQ(r.msg.u32.value, 0xFFFFFFFFu);
}

TEST(WireReader, EnumNotSignExtended) {
  // 2^31 as a 5-byte varint: a negative int32 must be sign-extended.
  const Result r = Decode(Bytes({0x30, 0x80, 0x80, 0x80, 0x80, 0x08}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufValueOutOfRange, 1, 5);
}

TEST(WireReader, NegativeEnumSignExtended) {
  const Result r = Decode(Bytes({0x30, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                 0xFF, 0xFF, 0xFF, 0x01}));
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diags.empty());
  EXPECT_EQ(r.msg.kind.value, -1);
}

TEST(WireReader, Int32OutOfRange) {
  // 2^40.
  const Result r = Decode(Bytes({0x58, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufValueOutOfRange, 1, 6);
}

TEST(WireReader, Sint32OutOfRange) {
  const Result r = Decode(Bytes({0x48, 0x80, 0x80, 0x80, 0x80, 0x10}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufValueOutOfRange, 1, 5);
}

TEST(WireReader, Sint64Extremes) {
  // zigzag(INT64_MIN) = 2^64 - 1.
  std::vector<std::byte> bytes = Bytes({0x78});
  for (int i = 0; i < 9; ++i) bytes.push_back(std::byte{0xFF});
  bytes.push_back(std::byte{0x01});
  const Result r = Decode(bytes);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(r.msg.s64.value, std::numeric_limits<int64_t>::min());
}

TEST(WireReader, BoolEncoding) {
  const Result r = Decode(Bytes({0x38, 0x02}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufBoolEncoding, 1, 1);
  EXPECT_TRUE(r.msg.flag.value);
}

TEST(WireReader, FieldNumberZero) {
  const Result r = Decode(Bytes({0x08, 0x01, 0x00, 0x01}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufInvalidFieldNumber, 2, 1);
}

TEST(WireReader, FieldNumberTooLarge) {
  // Field 2^29 with wire type 0: tag 2^32.
  const Result r = Decode(Bytes({0x80, 0x80, 0x80, 0x80, 0x10, 0x00}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufInvalidFieldNumber, 0, 5);
}

TEST(WireReader, LargestFieldNumberIsUnknown) {
  // Field 2^29 - 1, VARINT: tag 0xFFFFFFF8.
  const Result r = Decode(Bytes({0xF8, 0xFF, 0xFF, 0xFF, 0x0F, 0x00}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufUnknownField, 0, 5);
}

TEST(WireReader, GroupRejected) {
  const Result r = Decode(Bytes({0x08, 0x01, 0x7B, 0x7C}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufGroup, 2, 1);
}

TEST(WireReader, EndGroupRejected) {
  const Result r = Decode(Bytes({0x0C}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufGroup, 0, 1);
}

TEST(WireReader, InvalidWireType) {
  const Result r = Decode(Bytes({0x0E, 0x00}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufInvalidWireType, 0, 1);
  EXPECT_FALSE(Decode(Bytes({0x0F})).ok);
}

TEST(WireReader, WrongWireTypeSkipsTheValue) {
  // u64 as I64, then u32 = 7.
  const Result r =
      Decode(Bytes({0x09, 1, 2, 3, 4, 5, 6, 7, 8, 0x28, 0x07}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufWrongWireType, 0, 1);
  EXPECT_EQ(r.diags[0].field, "u64");
  EXPECT_FALSE(r.msg.u64.present);
  EXPECT_EQ(r.msg.u32.value, 7u);
}

TEST(WireReader, WrongWireTypeForMessage) {
  const Result r = Decode(Bytes({0x18, 0x01}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufWrongWireType, 0, 1);
  EXPECT_FALSE(r.msg.inner.present);
}

TEST(WireReader, LengthExceedsData) {
  const Result r = Decode(Bytes({0x08, 0x01, 0x22, 0x05, 'a', 'b'}));
  EXPECT_FALSE(r.ok);
  ExpectOnly(r, Code::kProtobufLengthExceedsData, 3, 1);
  EXPECT_EQ(r.msg.u64.value, 1u);  // What came before is kept.
}

TEST(WireReader, LengthExceedsEnclosingMessage) {
  // inner (3 bytes) holds an unknown LEN field claiming 2 bytes, but only 1
  // of the inner message's bytes is left; the outer bytes do not count.
  const Result r = Decode(Bytes({0x1A, 0x03, 0x7A, 0x02, 0x00, 0x00}));
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diags.size(), 2u);
  EXPECT_EQ(r.diags[0].code, Code::kProtobufUnknownField);
  EXPECT_EQ(r.diags[1].code, Code::kProtobufLengthExceedsData);
  EXPECT_EQ(r.diags[1].offset, 3u);
  EXPECT_EQ(r.diags[1].length, 1u);
  EXPECT_EQ(r.diags[1].field, "inner");
}

TEST(WireReader, DepthLimit) {
  // kProtobufMaxDepth messages nest fine; one more does not.
  const auto nest = [](int levels) {
    std::vector<std::byte> inner;
    for (int i = 0; i < levels; ++i) {
      std::vector<std::byte> outer = Bytes({0x0A});
      uint64_t n = inner.size();
      do {
        outer.push_back(static_cast<std::byte>((n & 0x7F) | (n > 0x7F ? 0x80 : 0)));
        n >>= 7;
      } while (n != 0);
      outer.insert(outer.end(), inner.begin(), inner.end());
      inner = outer;
    }
    return inner;
  };
  const auto decode = [](const std::vector<std::byte>& bytes,
                         std::vector<Diagnostic>* diags) {
    DiagnosticSink sink;
    const IdentitySpanMap map;
    Decoder d(ByteReader(bytes), map, &sink);
    Node node;
    const bool ok = DecodeNode(d, &node);
    *diags = sink.Take();
    return ok;
  };
  std::vector<Diagnostic> diags;
  EXPECT_TRUE(decode(nest(limits::kProtobufMaxDepth - 1), &diags));
  EXPECT_TRUE(diags.empty());
  const auto deep = nest(limits::kProtobufMaxDepth);
  EXPECT_FALSE(decode(deep, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufDepthLimit);
  // The innermost message is empty and starts at the end of the input.
  EXPECT_EQ(diags[0].offset, deep.size());
  EXPECT_EQ(diags[0].length, 0u);
}

TEST(WireReader, DuplicateScalarLastWins) {
  const Result r = Decode(Bytes({0x08, 0x01, 0x08, 0x02}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufDuplicateField, 2, 1);
  EXPECT_EQ(r.msg.u64.value, 2u);
  EXPECT_EQ(r.msg.u64.span, (ByteSpan{3, 1}));
}

TEST(WireReader, DuplicateMessageMerges) {
  // inner {a: 1}, u64 = 0, inner {b: 2}.
  const Result r = Decode(
      Bytes({0x1A, 0x02, 0x08, 0x01, 0x08, 0x00, 0x1A, 0x02, 0x10, 0x02}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufDuplicateField, 6, 1);
  EXPECT_EQ(r.msg.inner.value.a.value, 1u);
  EXPECT_EQ(r.msg.inner.value.b.value, 2u);
}

TEST(WireReader, UnknownFieldsSkipped) {
  // Field 16 of each wire type: VARINT, I64, LEN, I32; then u64 = 9.
  const Result r = Decode(Bytes({0x80, 0x01, 0x05, 0x81, 0x01, 1, 2, 3, 4, 5,
                                 6, 7, 8, 0x82, 0x01, 0x01, 0xFF, 0x85, 0x01,
                                 1, 2, 3, 4, 0x08, 0x09}));
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.diags.size(), 4u);
  EXPECT_EQ(r.diags[0].code, Code::kProtobufUnknownField);
  EXPECT_EQ(r.diags[0].offset, 0u);
  EXPECT_EQ(r.diags[0].length, 2u);
  EXPECT_EQ(r.diags[3].offset, 17u);
  EXPECT_EQ(r.msg.u64.value, 9u);
}

TEST(WireReader, InvalidUtf8) {
  const Result r = Decode(Bytes({0x22, 0x02, 0xC3, 0x28, 0x72, 0x01, 0xFF}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufInvalidUtf8, 2, 2);
  // bytes fields are not checked.
  const Result b = Decode(Bytes({0x72, 0x01, 0xFF}));
  EXPECT_TRUE(b.diags.empty());
}

TEST(WireReader, InvalidUtf8InRepeatedString) {
  const Result r = Decode(Bytes({0x6A, 0x00, 0x6A, 0x01, 0xFF}));
  ASSERT_TRUE(r.ok);
  ExpectOnly(r, Code::kProtobufInvalidUtf8, 4, 1);
  EXPECT_EQ(r.diags[0].field, "names[1]");
}

TEST(WireReader, ModelBudget) {
  // A decoder whose budget is exhausted stops at the next element.
  const auto bytes = Bytes({0x10, 0x01, 0x10, 0x02});
  DiagnosticSink sink;
  const IdentitySpanMap map;
  Decoder d(ByteReader(bytes), map, &sink);
  ASSERT_TRUE(d.Charge(limits::ModelBudget(bytes.size()) - 1, {0, 0}));
  Everything msg;
  EXPECT_FALSE(DecodeEverything(d, &msg));
  const auto diags = sink.Take();
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kLimitsModelSize);
  EXPECT_EQ(diags[0].offset, 0u);
  EXPECT_EQ(diags[0].length, 1u);
}

class RecordingTrace final : public FieldTrace {
 public:
  void OpenField(int32_t number, std::string_view, ByteSpan header) override {
    log += "(" + std::to_string(number) + "@" +
           std::to_string(header.offset) + "+" +
           std::to_string(header.length);
  }
  void OpenElement(uint32_t index, std::string_view,
                   uint64_t offset) override {
    log += "[" + std::to_string(index) + "@" + std::to_string(offset);
  }
  void Name(std::string_view name) override {
    log += " ";
    log += name;
  }
  void Close(ByteSpan span, const TracedValue&) override {
    log += " " + std::to_string(span.end()) + ")";
  }
  std::string log;
};

TEST(WireReader, TraceSeesEveryFieldInFileOffsets) {
  const ShiftedMap map;
  const auto bytes = Bytes({0x1A, 0x02, 0x08, 0x05, 0x12, 0x02, 0x01, 0x02,
                            0x78, 0x00});
  DiagnosticSink sink;
  Decoder d(ByteReader(bytes), map, &sink);
  RecordingTrace trace;
  d.set_trace(&trace);
  Everything msg;
  ASSERT_TRUE(DecodeEverything(d, &msg));
  EXPECT_EQ(trace.log,
            "(3@1000+2 inner(1@1002+1 a 1004) 1004)"
            "(2@1004+2 r32[0@1006 1007)[1@1007 1008) 1008)"
            "(15@1008+1 s64 1010)");
}

}  // namespace
}  // namespace colcheck::protobuf
