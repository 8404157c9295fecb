// Tests for the strict Thrift compact decoder: every thrift.* code it emits,
// at its exact span, over inputs built byte by byte with CompactWriter.
//
// The structs decoded here are local to this file, written the way the
// Parquet decoders are (one switch over field ids per struct):
//
//   struct Inner    { 1: required i32 a; 2: optional string s }
//   union  Choice   { 1: Inner a; 2: Empty b }
//   struct Node     { 1: optional Node child }
//   struct Everything {
//     1: bool flag  2: i8 byte  3: i16 small  4: i32 number  5: i64 big
//     6: double real  7: binary data  8: string text  9: list<i32> ints
//     10: list<i64> longs  11: list<bool> bools  12: list<binary> strings
//     13: Inner inner  14: list<Inner> inners  15: Choice choice
//     16: map<..> opaque (known, not modelled)  17: list<string> texts
//   }   // all optional

#include "thrift/compact_reader.h"

#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <new>
#include <ostream>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/limits.h"
#include "testing/compact_writer.h"

// The largest single allocation the test binary makes, to prove that
// declared sizes are checked before anything is reserved.
//
// GCC inlines these replacements into their callers and then sees free()
// take a pointer that "operator new" returned; it is malloc's, so the
// pairing is right and the warning is not.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
#endif
namespace {
std::atomic<size_t> g_largest_allocation{0};
}  // namespace

void* operator new(size_t n, const std::nothrow_t&) noexcept {
  size_t prev = g_largest_allocation.load(std::memory_order_relaxed);
  while (n > prev && !g_largest_allocation.compare_exchange_weak(prev, n)) {
  }
  return std::malloc(n == 0 ? 1 : n);
}
void* operator new(size_t n) {
  if (void* p = operator new(n, std::nothrow)) return p;
  throw std::bad_alloc();
}
void* operator new[](size_t n) { return operator new(n); }
void* operator new[](size_t n, const std::nothrow_t&) noexcept {
  return operator new(n, std::nothrow);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, size_t) noexcept { std::free(p); }
void operator delete[](void* p, size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  std::free(p);
}

namespace colcheck::thrift {
namespace {

using ::colcheck::testing::CompactWriter;
using ::colcheck::testing::FieldSpans;

// Every test places its bytes at this absolute offset, so a span that is
// relative instead of absolute fails.
constexpr uint64_t kBase = 1000;

// ---- the local IDL ----------------------------------------------------------

struct Inner {
  Spanned<int32_t> a;
  Spanned<std::string_view> s;
};

bool DecodeInner(Decoder& d, Inner* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.Read("a", &out->a);
        break;
      case 2:
        s.ReadString("s", &out->s);
        break;
      default:
        s.SkipUnknown();
    }
  }
  return s.Finish({{1, "a"}});
}

struct Empty {};

bool DecodeEmpty(Decoder& d, Empty*) {
  StructReader s(d);
  while (s.Next()) s.SkipUnknown();
  return s.Finish();
}

struct Choice {
  int16_t id = 0;
  Spanned<Inner> a;
  Spanned<Empty> b;
};

bool DecodeChoice(Decoder& d, Choice* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        out->id = 1;
        s.ReadStruct("a", &out->a, DecodeInner);
        break;
      case 2:
        out->id = 2;
        s.ReadStruct("b", &out->b, DecodeEmpty);
        break;
      default:
        s.SkipUnknown();
    }
  }
  return s.FinishUnion({1, 2});
}

struct Node {
  int levels = 0;  // Nested Node structs below this one.
};

bool DecodeNode(Decoder& d, Node* out) {
  StructReader s(d);
  while (s.Next()) {
    if (s.id() == 1) {
      Spanned<Node> child;
      s.ReadStruct("child", &child, DecodeNode);
      if (child.present) out->levels = child.value.levels + 1;
    } else {
      s.SkipUnknown();
    }
  }
  return s.Finish();
}

struct Everything {
  Spanned<bool> flag;
  Spanned<int8_t> byte;
  Spanned<int16_t> small;
  Spanned<int32_t> number;
  Spanned<int64_t> big;
  Spanned<double> real;
  Spanned<std::string_view> data;
  Spanned<std::string_view> text;
  SpannedList<int32_t> ints;
  SpannedList<int64_t> longs;
  SpannedList<bool> bools;
  SpannedList<std::string_view> strings;
  SpannedList<std::string_view> texts;
  Spanned<Inner> inner;
  SpannedList<Inner> inners;
  Spanned<Choice> choice;
};

bool DecodeEverything(Decoder& d, Everything* out) {
  StructReader s(d);
  while (s.Next()) {
    switch (s.id()) {
      case 1:
        s.Read("flag", &out->flag);
        break;
      case 2:
        s.Read("byte", &out->byte);
        break;
      case 3:
        s.Read("small", &out->small);
        break;
      case 4:
        s.Read("number", &out->number);
        break;
      case 5:
        s.Read("big", &out->big);
        break;
      case 6:
        s.Read("real", &out->real);
        break;
      case 7:
        s.Read("data", &out->data);
        break;
      case 8:
        s.ReadString("text", &out->text);
        break;
      case 9:
        s.ReadList("ints", WireType::kI32, &out->ints);
        break;
      case 10:
        s.ReadList("longs", WireType::kI64, &out->longs);
        break;
      case 11:
        s.ReadList("bools", WireType::kBoolTrue, &out->bools);
        break;
      case 12:
        s.ReadList("strings", WireType::kBinary, &out->strings);
        break;
      case 13:
        s.ReadStruct("inner", &out->inner, DecodeInner);
        break;
      case 14:
        s.ReadStructList("inners", &out->inners, DecodeInner);
        break;
      case 15:
        s.ReadStruct("choice", &out->choice, DecodeChoice);
        break;
      case 16:
        s.SkipKnown("opaque", WireType::kMap);
        break;
      case 17:
        s.ReadStringList("texts", &out->texts);
        break;
      default:
        s.SkipUnknown();
    }
  }
  return s.Finish();
}

// ---- helpers ----------------------------------------------------------------

// A diagnostic reduced to what tests assert: code and span.
struct Found {
  Code code;
  uint64_t offset;
  uint64_t length;
  bool operator==(const Found&) const = default;
};

void PrintTo(const Found& f, std::ostream* os) {
  *os << Info(f.code).name << "@" << f.offset << "+" << f.length;
}

Found At(Code code, ByteSpan span) { return {code, span.offset, span.length}; }

template <typename T>
struct Decoded {
  bool ok = false;
  bool failed = false;
  uint64_t end = 0;  // The cursor after decoding.
  T value;
  std::vector<Diagnostic> diagnostics;

  std::vector<Found> found() const {
    std::vector<Found> out;
    for (const Diagnostic& d : diagnostics) {
      out.push_back({d.code, d.offset, d.length});
    }
    return out;
  }
};

template <typename T = Everything>
Decoded<T> Decode(const CompactWriter& w,
                  bool (*decode)(Decoder&, T*) = nullptr) {
  if (decode == nullptr) {
    if constexpr (std::is_same_v<T, Everything>) decode = DecodeEverything;
  }
  DiagnosticSink sink;
  Decoder d(w.Reader(), &sink);
  Decoded<T> out;
  out.ok = decode(d, &out.value);
  out.failed = d.failed();
  out.end = d.reader().position();
  out.diagnostics = sink.Take();
  return out;
}

// The span of the next `n` bytes the writer will write.
ByteSpan Next(const CompactWriter& w, uint64_t n) { return {w.position(), n}; }

// ---- CompactWriter itself ---------------------------------------------------

TEST(CompactWriterTest, EncodesAsTheSpecSays) {
  CompactWriter w(kBase);
  EXPECT_EQ(w.I32Field(1, 2).header, (ByteSpan{kBase, 1}));
  EXPECT_EQ(w.FieldHeader(20, WireType::kI64), (ByteSpan{kBase + 2, 2}));
  EXPECT_EQ(w.Varint(300, 4), (ByteSpan{kBase + 4, 4}));
  EXPECT_EQ(w.I64(-1), (ByteSpan{kBase + 8, 1}));
  w.BeginStruct();
  EXPECT_EQ(w.BinaryField(1, "ab").value, (ByteSpan{kBase + 10, 3}));
  EXPECT_EQ(w.EndStruct(), (ByteSpan{kBase + 9, 5}));
  EXPECT_EQ(w.LongListHeader(WireType::kI32, 3), (ByteSpan{kBase + 14, 2}));
  const std::vector<uint8_t> expected = {
      0x15, 0x04,                    // field 1 i32 2
      0x06, 0x28,                    // field 20 i64, long form
      0xAC, 0x82, 0x80, 0x00,        // 300 padded to 4 bytes
      0x01,                          // zigzag(-1)
      0x18, 0x02, 'a',  'b',  0x00,  // { 1: "ab" }
      0xF5, 0x03};                   // list<i32> size 3, long
  ASSERT_EQ(w.size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(static_cast<uint8_t>(w.bytes()[i]), expected[i]) << i;
  }
  EXPECT_EQ(w.Reader().begin_offset(), kBase);
}

// ---- well-formed input ------------------------------------------------------

TEST(CompactReaderTest, DecodesEveryTypeWithSpans) {
  CompactWriter w(kBase);
  const FieldSpans flag = w.BoolField(1, true);
  const FieldSpans byte = w.I8Field(2, -7);
  const FieldSpans small = w.I16Field(3, std::numeric_limits<int16_t>::min());
  const FieldSpans number = w.I32Field(4, std::numeric_limits<int32_t>::max());
  const FieldSpans big = w.I64Field(5, std::numeric_limits<int64_t>::min());
  const FieldSpans real = w.DoubleField(6, -2.5);
  const FieldSpans data = w.BinaryField(7, std::string_view("\0\xFF", 2));
  const FieldSpans text = w.BinaryField(8, "h\xC3\xA9llo");
  const ByteSpan ints_header = w.FieldHeader(9, WireType::kList);
  const uint64_t ints_start = w.position();
  w.ListHeader(WireType::kI32, 20);  // Long form: size >= 15.
  std::vector<ByteSpan> int_spans;
  for (int i = 0; i < 20; ++i) int_spans.push_back(w.I32(i * 1000 - 5000));
  const ByteSpan ints_value{ints_start, w.position() - ints_start};
  w.FieldHeader(10, WireType::kList);
  w.ListHeader(WireType::kI64, 1);
  w.I64(int64_t{1} << 40);
  w.FieldHeader(11, WireType::kList);
  w.ListHeader(WireType::kBoolTrue, 3);
  w.BoolElement(true);
  w.BoolElement(false);
  const ByteSpan bool_zero = w.BoolElement(uint8_t{0});  // 0 is also false.
  w.FieldHeader(12, WireType::kList);
  w.ListHeader(WireType::kBinary, 2);
  const ByteSpan first_string = w.Binary("x");
  w.Binary("");
  const ByteSpan inner_header = w.FieldHeader(13, WireType::kStruct);
  w.BeginStruct();
  const FieldSpans inner_a = w.I32Field(1, -1);
  const ByteSpan inner_span = w.EndStruct();
  w.FieldHeader(14, WireType::kList);
  w.ListHeader(WireType::kStruct, 2);
  w.BeginStruct();
  w.I32Field(1, 10);
  const ByteSpan inners0 = w.EndStruct();
  w.BeginStruct();
  w.I32Field(1, 11);
  w.BinaryField(2, "s");
  const ByteSpan inners1 = w.EndStruct();
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  const ByteSpan choice_span = w.EndStruct();
  w.FieldHeader(16, WireType::kMap);
  w.MapHeader(WireType::kBinary, WireType::kI32, 1);
  w.Binary("k");
  w.I32(5);
  w.EndStruct();

  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_FALSE(r.failed);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.end, kBase + w.size());
  const Everything& e = r.value;

  EXPECT_TRUE(e.flag.present);
  EXPECT_TRUE(e.flag.value);
  EXPECT_EQ(e.flag.span, flag.header);
  EXPECT_EQ(e.flag.header, flag.header);
  EXPECT_EQ(e.byte.value, -7);
  EXPECT_EQ(e.byte.span, byte.value);
  EXPECT_EQ(e.small.value, std::numeric_limits<int16_t>::min());
  EXPECT_EQ(e.small.span, small.value);
  EXPECT_EQ(e.small.header, small.header);
  EXPECT_EQ(e.number.value, std::numeric_limits<int32_t>::max());
  EXPECT_EQ(e.number.span, number.value);
  EXPECT_EQ(e.number.span.length, 5u);
  EXPECT_EQ(e.big.value, std::numeric_limits<int64_t>::min());
  EXPECT_EQ(e.big.span, big.value);
  EXPECT_EQ(e.big.span.length, 10u);
  EXPECT_EQ(e.real.value, -2.5);
  EXPECT_EQ(e.real.span, real.value);
  EXPECT_EQ(e.data.value, std::string_view("\0\xFF", 2));
  EXPECT_EQ(e.data.span, data.value);
  EXPECT_EQ(e.text.value, "h\xC3\xA9llo");
  EXPECT_EQ(e.text.span, text.value);

  EXPECT_EQ(e.ints.header, ints_header);
  EXPECT_EQ(e.ints.span, ints_value);
  ASSERT_EQ(e.ints.value.size(), 20u);
  for (int i = 0; i < 20; ++i) {
    EXPECT_EQ(e.ints.value[i].value, i * 1000 - 5000);
    EXPECT_EQ(e.ints.value[i].span, int_spans[i]);
    EXPECT_TRUE(e.ints.value[i].present);
  }
  ASSERT_EQ(e.longs.value.size(), 1u);
  EXPECT_EQ(e.longs.value[0].value, int64_t{1} << 40);
  ASSERT_EQ(e.bools.value.size(), 3u);
  EXPECT_TRUE(e.bools.value[0].value);
  EXPECT_FALSE(e.bools.value[1].value);
  EXPECT_FALSE(e.bools.value[2].value);
  EXPECT_TRUE(e.bools.value[2].present);
  EXPECT_EQ(e.bools.value[2].span, bool_zero);
  ASSERT_EQ(e.strings.value.size(), 2u);
  EXPECT_EQ(e.strings.value[0].value, "x");
  EXPECT_EQ(e.strings.value[0].span, first_string);
  EXPECT_EQ(e.strings.value[1].value, "");

  EXPECT_EQ(e.inner.header, inner_header);
  EXPECT_EQ(e.inner.span, inner_span);
  EXPECT_EQ(e.inner.value.a.value, -1);
  EXPECT_EQ(e.inner.value.a.span, inner_a.value);
  ASSERT_EQ(e.inners.value.size(), 2u);
  EXPECT_EQ(e.inners.value[0].span, inners0);
  EXPECT_EQ(e.inners.value[1].span, inners1);
  EXPECT_EQ(e.inners.value[1].value.a.value, 11);
  EXPECT_EQ(e.inners.value[1].value.s.value, "s");
  EXPECT_EQ(e.choice.value.id, 2);
  EXPECT_EQ(e.choice.span, choice_span);
  EXPECT_TRUE(e.choice.value.b.present);
}

TEST(CompactReaderTest, AbsentFieldsStayAbsent) {
  CompactWriter w(kBase);
  w.I32Field(4, 0);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_TRUE(r.value.number.present);
  EXPECT_FALSE(r.value.flag.present);
  EXPECT_FALSE(r.value.big.present);
  EXPECT_FALSE(r.value.ints.present);
  EXPECT_FALSE(r.value.inner.present);
}

// ---- thrift.truncated -------------------------------------------------------

TEST(TruncatedTest, Varint) {
  CompactWriter w(kBase);
  w.FieldHeader(4, WireType::kI32);
  const ByteSpan value = w.Raw({0x80, 0x80});  // Continuation, then the end.
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_TRUE(r.failed);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftTruncated, value)});
  EXPECT_FALSE(r.value.number.present);
}

TEST(TruncatedTest, EmptyVarintAtEnd) {
  CompactWriter w(kBase);
  w.FieldHeader(5, WireType::kI64);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
}

TEST(TruncatedTest, LongFormFieldId) {
  CompactWriter w(kBase);
  w.Raw({0x05});  // Long form: the zigzag id must follow.
  const ByteSpan id = w.Raw({0xFF});
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftTruncated, id)});
}

TEST(TruncatedTest, BinaryLength) {
  CompactWriter w(kBase);
  w.FieldHeader(7, WireType::kBinary);
  const ByteSpan length = w.Raw({0x81});
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftTruncated, length)});
}

TEST(TruncatedTest, StructWithoutStop) {
  CompactWriter w(kBase);
  w.I32Field(4, 1);
  w.I64Field(5, 2);
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
  // What was read before the end is kept.
  EXPECT_EQ(r.value.number.value, 1);
  EXPECT_EQ(r.value.big.value, 2);
}

TEST(TruncatedTest, NestedStructWithoutStop) {
  CompactWriter w(kBase);
  w.FieldHeader(13, WireType::kStruct);
  w.BeginStruct();
  w.I32Field(1, 1);
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  // One diagnostic: no missing-required-field or other cascade.
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
  EXPECT_FALSE(r.value.inner.present);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "inner");
}

TEST(TruncatedTest, ListHeader) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
}

TEST(TruncatedTest, LongListSize) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  w.Raw({0xF5});
  const ByteSpan size = w.Raw({0x90});
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftTruncated, size)});
}

TEST(TruncatedTest, ListElement) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  w.ListHeader(WireType::kI32, 3);
  w.I32(1000);  // Two bytes each, so 3 elements pass the size check.
  w.I32(1000);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "ints[2]");
  EXPECT_FALSE(r.value.ints.present);
}

TEST(TruncatedTest, Double) {
  CompactWriter w(kBase);
  w.FieldHeader(6, WireType::kDouble);
  const ByteSpan partial = w.Raw({1, 2, 3});
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftTruncated, partial)});
}

TEST(TruncatedTest, I8) {
  CompactWriter w(kBase);
  w.FieldHeader(2, WireType::kI8);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
}

TEST(TruncatedTest, EmptyInput) {
  CompactWriter w(kBase);
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, ByteSpan{kBase, 0})});
}

// ---- varints ----------------------------------------------------------------

TEST(VarintTest, OverlongI64) {
  CompactWriter w(kBase);
  w.FieldHeader(5, WireType::kI64);
  const ByteSpan value = w.I64(1, /*pad_to=*/11);
  ASSERT_EQ(value.length, 11u);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverlong, value)});
}

TEST(VarintTest, OverlongI32) {
  CompactWriter w(kBase);
  w.FieldHeader(4, WireType::kI32);
  const ByteSpan value = w.I32(1, 6);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverlong, value)});
}

TEST(VarintTest, OverlongI16) {
  CompactWriter w(kBase);
  w.FieldHeader(3, WireType::kI16);
  const ByteSpan value = w.I16(1, 6);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverlong, value)});
}

TEST(VarintTest, OverlongBinaryLength) {
  CompactWriter w(kBase);
  w.FieldHeader(7, WireType::kBinary);
  const uint64_t start = w.position();
  w.BinaryDeclared(1, "a", /*length_pad_to=*/6);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftVarintOverlong,
                                             ByteSpan{start, 6})});
}

TEST(VarintTest, MaximalWidthsAreNotOverlong) {
  CompactWriter w(kBase);
  // Canonical 10-byte i64, 5-byte i32 and 3-byte i16 extremes.
  w.I16Field(3, std::numeric_limits<int16_t>::max());
  w.I32Field(4, std::numeric_limits<int32_t>::min());
  w.I64Field(5, std::numeric_limits<int64_t>::max());
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.small.value, std::numeric_limits<int16_t>::max());
  EXPECT_EQ(r.value.number.value, std::numeric_limits<int32_t>::min());
  EXPECT_EQ(r.value.big.value, std::numeric_limits<int64_t>::max());
}

TEST(VarintTest, OverflowI32FifthByte) {
  CompactWriter w(kBase);
  w.FieldHeader(4, WireType::kI32);
  const ByteSpan value = w.Raw({0xFF, 0xFF, 0xFF, 0xFF, 0x1F});  // 2^35 - 1
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverflow, value)});
}

TEST(VarintTest, I32FifthByteAtTheLimit) {
  CompactWriter w(kBase);
  w.FieldHeader(4, WireType::kI32);
  w.Raw({0xFF, 0xFF, 0xFF, 0xFF, 0x0F});  // 2^32 - 1: zigzag INT32_MIN
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.number.value, std::numeric_limits<int32_t>::min());
}

TEST(VarintTest, OverflowI16) {
  CompactWriter w(kBase);
  w.FieldHeader(3, WireType::kI16);
  const ByteSpan value = w.Varint(1 << 16);  // 17 bits
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverflow, value)});
}

TEST(VarintTest, I16AtTheLimit) {
  CompactWriter w(kBase);
  w.FieldHeader(3, WireType::kI16);
  w.Varint(0xFFFF);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.small.value, std::numeric_limits<int16_t>::min());
}

TEST(VarintTest, OverflowI64TenthByte) {
  CompactWriter w(kBase);
  w.FieldHeader(5, WireType::kI64);
  const ByteSpan value =
      w.Raw({0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02});
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverflow, value)});
}

TEST(VarintTest, I64TenthByteOne) {
  CompactWriter w(kBase);
  w.FieldHeader(5, WireType::kI64);
  w.Raw({0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01});
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.big.value, std::numeric_limits<int64_t>::max());
}

TEST(VarintTest, OverflowLongFormFieldId) {
  CompactWriter w(kBase);
  const ByteSpan header = w.Raw({0x05});
  const ByteSpan id = w.Varint(1 << 16);
  w.I32(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_NE(header.offset, id.offset);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftVarintOverflow, id)});
}

TEST(VarintTest, OverflowListSize) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  w.Raw({0xF5});
  const ByteSpan size = w.Varint(uint64_t{1} << 31);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverflow, size)});
}

TEST(VarintTest, NonCanonicalIsAWarningAndDecodingGoesOn) {
  CompactWriter w(kBase);
  const FieldSpans number = w.I32Field(4, 5, /*pad_to=*/3);
  const FieldSpans zero = w.I64Field(5, 0, /*pad_to=*/2);
  w.I8Field(2, 9);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), (std::vector<Found>{
                           At(Code::kThriftVarintNonCanonical, number.value),
                           At(Code::kThriftVarintNonCanonical, zero.value)}));
  EXPECT_EQ(r.value.number.value, 5);
  EXPECT_EQ(r.value.number.span, number.value);
  EXPECT_EQ(r.value.big.value, 0);
  EXPECT_EQ(r.value.byte.value, 9);
}

// ---- thrift.invalid-type ----------------------------------------------------

class InvalidFieldTypeTest : public ::testing::TestWithParam<uint8_t> {};

TEST_P(InvalidFieldTypeTest, ShortForm) {
  CompactWriter w(kBase);
  w.I32Field(4, 1);
  const ByteSpan header = w.ShortFieldHeader(1, GetParam());
  w.I32(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftInvalidType, header)});
}

TEST_P(InvalidFieldTypeTest, LongForm) {
  CompactWriter w(kBase);
  const ByteSpan header = w.LongFieldHeader(300, GetParam());
  ASSERT_EQ(header.length, 3u);
  w.I32(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftInvalidType, header)});
}

TEST_P(InvalidFieldTypeTest, ListElement) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.ListHeader(GetParam(), 2);
  w.Fill(4, 0);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftInvalidType, list)});
}

TEST_P(InvalidFieldTypeTest, SkippedListElement) {
  CompactWriter w(kBase);
  w.FieldHeader(40, WireType::kList);  // Unknown field: skipped.
  const ByteSpan list = w.LongListHeader(GetParam(), 20);
  w.Fill(30, 0);
  const auto r = Decode(w);
  ASSERT_EQ(r.found().size(), 2u);
  EXPECT_EQ(r.found()[1], At(Code::kThriftInvalidType, list));
}

INSTANTIATE_TEST_SUITE_P(Nibbles, InvalidFieldTypeTest,
                         ::testing::Values(uint8_t{14}, uint8_t{15}));

TEST(InvalidTypeTest, ZeroNibbleWithDeltaIsNotStop) {
  CompactWriter w(kBase);
  const ByteSpan header = w.Raw({0x10});  // Delta 1, type 0.
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftInvalidType, header)});
}

TEST(InvalidTypeTest, ZeroElementTypeInNonEmptyList) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.ShortListHeader(1, 0);  // 0x10
  w.I32(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftInvalidType, list)});
}

TEST(InvalidTypeTest, ZeroElementTypeInLongList) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.LongListHeader(uint8_t{0}, 16);
  w.Fill(16, 0);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftInvalidType, list)});
}

TEST(InvalidTypeTest, MapValueType) {
  CompactWriter w(kBase);
  const ByteSpan unknown = w.FieldHeader(41, WireType::kMap);
  const ByteSpan map = w.MapHeader(uint8_t{8}, uint8_t{15}, 1);
  w.Fill(4, 1);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnknownField, unknown),
                                At(Code::kThriftInvalidType, map)}));
}

// ---- thrift.wrong-type ------------------------------------------------------

// Writes field `id` with a wire type its IDL does not declare, then a good
// field 5, which must still be decoded.
struct WrongTypeCase {
  const char* name;
  // Writes the header and the value; returns the header's span.
  std::function<ByteSpan(CompactWriter&)> write;
};

void PrintTo(const WrongTypeCase& c, std::ostream* os) { *os << c.name; }

class WrongTypeTest : public ::testing::TestWithParam<WrongTypeCase> {};

TEST_P(WrongTypeTest, ReportsSkipsAndContinues) {
  const WrongTypeCase& c = GetParam();
  CompactWriter w(kBase);
  const ByteSpan header = c.write(w);
  const FieldSpans big = w.I64Field(5, 77);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftWrongType, header)});
  EXPECT_EQ(r.value.big.value, 77);
  EXPECT_EQ(r.value.big.span, big.value);
  EXPECT_EQ(r.end, kBase + w.size());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, WrongTypeTest,
    ::testing::Values(
        WrongTypeCase{
            "I32AsBinary",
            [](CompactWriter& w) { return w.BinaryField(4, "hello").header; }},
        WrongTypeCase{
            "I32AsI64",
            [](CompactWriter& w) { return w.I64Field(4, 1 << 20).header; }},
        WrongTypeCase{
            "I32AsBool",
            [](CompactWriter& w) { return w.BoolField(4, true).header; }},
        WrongTypeCase{"BoolAsI32",
                      [](CompactWriter& w) { return w.I32Field(1, 1).header; }},
        WrongTypeCase{
            "DoubleAsI64",
            [](CompactWriter& w) { return w.I64Field(6, -1).header; }},
        WrongTypeCase{"StringAsStruct",
                      [](CompactWriter& w) {
                        const ByteSpan h = w.FieldHeader(8, WireType::kStruct);
                        w.BeginStruct();
                        w.BinaryField(1, "x");
                        w.EndStruct();
                        return h;
                      }},
        WrongTypeCase{"ListAsSet",
                      [](CompactWriter& w) {
                        const ByteSpan h = w.FieldHeader(9, WireType::kSet);
                        w.ListHeader(WireType::kI32, 2);
                        w.I32(1);
                        w.I32(2);
                        return h;
                      }},
        WrongTypeCase{"StructAsList",
                      [](CompactWriter& w) {
                        const ByteSpan h = w.FieldHeader(13, WireType::kList);
                        w.ListHeader(WireType::kStruct, 1);
                        w.BeginStruct();
                        w.I32Field(1, 1);
                        w.EndStruct();
                        return h;
                      }},
        WrongTypeCase{"StructListAsMap",
                      [](CompactWriter& w) {
                        const ByteSpan h = w.FieldHeader(14, WireType::kMap);
                        w.MapHeader(WireType::kI32, WireType::kBinary, 1);
                        w.I32(1);
                        w.Binary("v");
                        return h;
                      }},
        WrongTypeCase{"KnownMapAsList",
                      [](CompactWriter& w) {
                        const ByteSpan h = w.FieldHeader(16, WireType::kList);
                        w.ListHeader(WireType::kI8, 1);
                        w.I8(1);
                        return h;
                      }}),
    [](const ::testing::TestParamInfo<WrongTypeCase>& info) {
      return std::string(info.param.name);
    });

TEST(WrongTypeTest, LeavesFieldUnset) {
  CompactWriter w(kBase);
  w.BinaryField(4, "x");
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.value.number.present);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "number");
}

TEST(WrongTypeTest, FaultInsideSkippedValueStopsDecoding) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(4, WireType::kBinary);
  const ByteSpan binary = w.BinaryDeclared(50, "abc");
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftWrongType, header),
                                At(Code::kThriftBinaryTooLong,
                                   ByteSpan{binary.offset, 1})}));
}

// ---- thrift.invalid-field-id and thrift.binary-extension-field --------------

TEST(FieldIdTest, LongFormZero) {
  CompactWriter w(kBase);
  const ByteSpan header = w.LongFieldHeader(0, WireType::kI32);
  w.I32(123456);
  const FieldSpans big = w.I64Field(5, 6);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftInvalidFieldId, header),
                                At(Code::kThriftUnknownField, header)}));
  EXPECT_EQ(r.value.big.value, 6);
  EXPECT_EQ(r.value.big.span, big.value);
}

TEST(FieldIdTest, LongFormNegative) {
  CompactWriter w(kBase);
  const ByteSpan header = w.LongFieldHeader(-5, WireType::kBinary);
  w.Binary("skip me");
  // Deltas continue from the negative id: -5 + 9 = 4.
  const ByteSpan number_header = w.ShortFieldHeader(9, WireType::kI32);
  w.I32(8);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftInvalidFieldId, header),
                                At(Code::kThriftUnknownField, header)}));
  EXPECT_EQ(r.value.number.value, 8);
  EXPECT_EQ(r.value.number.header, number_header);
}

TEST(FieldIdTest, DeltaOverflowPast32767) {
  CompactWriter w(kBase);
  const ByteSpan extension = w.LongFieldHeader(32767, WireType::kI32);
  w.I32(1);
  const ByteSpan overflow = w.ShortFieldHeader(1, WireType::kI32);
  w.I32(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftExtensionField, extension),
                                At(Code::kThriftUnknownField, extension),
                                At(Code::kThriftInvalidFieldId, overflow)}));
}

TEST(FieldIdTest, ExtensionFieldIsInfoAndSkipped) {
  CompactWriter w(kBase);
  w.I32Field(4, 3);
  const ByteSpan header = w.LongFieldHeader(32767, WireType::kStruct);
  ASSERT_EQ(header.length, 4u);  // 0x0C and zigzag(32767) in 3 bytes.
  w.BeginStruct();
  w.BinaryField(1, "extension payload");
  w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftExtensionField, header),
                                At(Code::kThriftUnknownField, header)}));
  EXPECT_EQ(r.value.number.value, 3);
  EXPECT_EQ(r.end, kBase + w.size());
  for (const Diagnostic& d : r.diagnostics) {
    EXPECT_NE(d.severity, Severity::kError);
  }
}

TEST(FieldIdTest, IdsMayDecrease) {
  CompactWriter w(kBase);
  w.I64Field(5, 50);
  w.I32Field(4, 40);  // Long form: ids need not increase.
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.big.value, 50);
  EXPECT_EQ(r.value.number.value, 40);
}

// ---- collection sizes -------------------------------------------------------

TEST(CollectionSizeTest, HugeListIsRejectedBeforeAllocation) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  const ByteSpan list = w.LongListHeader(WireType::kStruct, 0x7FFFFFFF);
  ASSERT_EQ(list.length, 6u);
  w.Fill(10, 0);
  g_largest_allocation = 0;
  const auto r = Decode(w);
  const size_t largest = g_largest_allocation;
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftCollectionTooLarge, list)});
  EXPECT_LT(largest, size_t{1} << 16);
}

TEST(CollectionSizeTest, EachElementNeedsOneByte) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.ListHeader(WireType::kI32, 5);
  w.Fill(4, 0);
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftCollectionTooLarge, list)});
}

TEST(CollectionSizeTest, ExactlyEnoughBytesIsFine) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  w.ListHeader(WireType::kI32, 4);
  w.Fill(4, 0);  // Four zeros, and no STOP: truncation, not size.
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftTruncated, Next(w, 0))});
  ASSERT_EQ(r.value.ints.value.size(), 4u);
}

TEST(CollectionSizeTest, DoublesNeedEightBytes) {
  CompactWriter w(kBase);
  w.FieldHeader(40, WireType::kList);  // Unknown list<double>.
  const ByteSpan list = w.ListHeader(WireType::kDouble, 2);
  w.Fill(10, 0);  // 10 bytes: enough for 2 of anything but doubles.
  const auto r = Decode(w);
  ASSERT_EQ(r.found().size(), 2u);
  EXPECT_EQ(r.found()[1], At(Code::kThriftCollectionTooLarge, list));
}

TEST(CollectionSizeTest, HugeMapIsRejected) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(16, WireType::kMap);
  const ByteSpan map = w.MapHeader(WireType::kI32, WireType::kI32, 0x7FFFFFFF);
  w.Fill(10, 0);
  const auto r = Decode(w);
  EXPECT_NE(header, map);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftCollectionTooLarge, map)});
}

TEST(CollectionSizeTest, LimitAppliesWhenBytesWouldSuffice) {
  const uint64_t n = limits::kMaxCollectionSize + 1;
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.LongListHeader(WireType::kI32, n);
  w.Fill(n, 0);
  g_largest_allocation = 0;
  const auto r = Decode(w);
  EXPECT_LT(g_largest_allocation.load(), size_t{1} << 16);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kLimitsCollectionSize, list)});
}

TEST(CollectionSizeTest, ModelBudgetIsChargedBeforeReserving) {
  // Each element costs its model size, far more than its one byte of STOP.
  const uint64_t n = limits::kMaxModelBytes / sizeof(Spanned<Inner>) + 1;
  ASSERT_LE(n, limits::kMaxCollectionSize);
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  const ByteSpan list = w.LongListHeader(WireType::kStruct, n);
  w.Fill(n, 0);
  g_largest_allocation = 0;
  const auto r = Decode(w);
  EXPECT_LT(g_largest_allocation.load(), size_t{1} << 16);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kLimitsModelSize, list)});
}

TEST(CollectionSizeTest, ModelBudgetAllowsOrdinaryLists) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  w.ListHeader(WireType::kStruct, 1000);
  for (int i = 0; i < 1000; ++i) {
    w.BeginStruct();
    w.I32Field(1, i);
    w.EndStruct();
  }
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  ASSERT_EQ(r.value.inners.value.size(), 1000u);
  EXPECT_EQ(r.value.inners.value[999].value.a.value, 999);
}

// ---- list element types -----------------------------------------------------

TEST(ElementTypeTest, WrongElementTypeIsSkipped) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.ListHeader(WireType::kBinary, 2);
  w.Binary("one");
  w.Binary("two");
  const FieldSpans after = w.I32Field(4, 4);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_NE(header, list);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftElementType, list)});
  EXPECT_FALSE(r.value.ints.present);
  EXPECT_EQ(r.value.number.value, 4);
  EXPECT_EQ(r.value.number.span, after.value);
}

TEST(ElementTypeTest, StructListWithI32Elements) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  const ByteSpan list = w.ListHeader(WireType::kI32, 3);
  w.I32(1);
  w.I32(-100);
  w.I32(1 << 30);
  const ByteSpan choice_header = w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftElementType, list)});
  EXPECT_EQ(r.value.choice.value.id, 2);
  EXPECT_EQ(r.value.choice.header, choice_header);
}

TEST(ElementTypeTest, BoolListAcceptsBothBoolNibbles) {
  for (WireType t : {WireType::kBoolTrue, WireType::kBoolFalse}) {
    CompactWriter w(kBase);
    w.FieldHeader(11, WireType::kList);
    w.ListHeader(t, 1);
    w.BoolElement(true);
    w.EndStruct();
    const auto r = Decode(w);
    EXPECT_EQ(r.found(), std::vector<Found>{});
    ASSERT_EQ(r.value.bools.value.size(), 1u);
    EXPECT_TRUE(r.value.bools.value[0].value);
  }
}

TEST(ElementTypeTest, EmptyListZeroTypeIsAWarning) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(9, WireType::kList);
  const ByteSpan list = w.Raw({0x00});
  w.FieldHeader(14, WireType::kList);
  const ByteSpan structs = w.Raw({0x00});
  w.I64Field(5, 1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftEmptyListHeader, list),
                                At(Code::kThriftEmptyListHeader, structs)}));
  EXPECT_TRUE(r.value.ints.present);
  EXPECT_TRUE(r.value.ints.value.empty());
  EXPECT_EQ(r.value.ints.header, header);
  EXPECT_TRUE(r.value.inners.present);
  EXPECT_EQ(r.value.big.value, 1);
}

TEST(ElementTypeTest, EmptyListWithTypeIsClean) {
  CompactWriter w(kBase);
  w.FieldHeader(9, WireType::kList);
  w.ListHeader(WireType::kI32, 0);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_TRUE(r.value.ints.present);
}

// ---- thrift.binary-length-exceeds-data --------------------------------------

TEST(BinaryTest, LengthExceedsData) {
  CompactWriter w(kBase);
  w.FieldHeader(7, WireType::kBinary);
  const ByteSpan binary = w.BinaryDeclared(100, "abc");
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  // Only the length prefix: the 3 bytes after it are not at fault.
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftBinaryTooLong,
                                             ByteSpan{binary.offset, 1})});
  EXPECT_EQ(binary.length, 4u);
}

TEST(BinaryTest, HugeLengthExceedsData) {
  CompactWriter w(kBase);
  w.FieldHeader(8, WireType::kBinary);
  const ByteSpan binary = w.BinaryDeclared(0xFFFFFFFF, "");
  w.Stop();
  g_largest_allocation = 0;
  const auto r = Decode(w);
  EXPECT_LT(g_largest_allocation.load(), size_t{1} << 16);
  // The 5-byte varint of 0xFFFFFFFF, not the stop byte after it.
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftBinaryTooLong,
                                             ByteSpan{binary.offset, 5})});
}

TEST(BinaryTest, ListElementLengthExceedsData) {
  CompactWriter w(kBase);
  w.FieldHeader(12, WireType::kList);
  w.ListHeader(WireType::kBinary, 2);
  w.Binary("ok");
  const ByteSpan bad = w.BinaryDeclared(9, "short");
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftBinaryTooLong,
                                             ByteSpan{bad.offset, 1})});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "strings[1]");
}

TEST(BinaryTest, InvalidUtf8InStringIsAWarning) {
  CompactWriter w(kBase);
  const FieldSpans data = w.BinaryField(7, "\xC0\xAF");  // binary: no check
  const FieldSpans text = w.BinaryField(8, "ok\xC0\xAF");
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftInvalidUtf8, text.value)});
  EXPECT_EQ(r.value.data.span, data.value);
  EXPECT_TRUE(r.value.text.present);
  EXPECT_EQ(r.value.text.value, "ok\xC0\xAF");
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "text");
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kWarning);
}

TEST(BinaryTest, InvalidUtf8InNestedString) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  w.ListHeader(WireType::kStruct, 2);
  w.BeginStruct();
  w.I32Field(1, 1);
  w.EndStruct();
  w.BeginStruct();
  w.I32Field(1, 2);
  const FieldSpans s = w.BinaryField(2, "\xED\xA0\x80");  // A surrogate.
  w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftInvalidUtf8, s.value)});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "inners[1].s");
}

TEST(BinaryTest, InvalidUtf8InStringListElement) {
  CompactWriter w(kBase);
  w.FieldHeader(12, WireType::kList);  // list<binary>: no check.
  w.ListHeader(WireType::kBinary, 1);
  w.Binary("\xC0\xAF");
  w.FieldHeader(17, WireType::kList);
  w.ListHeader(WireType::kBinary, 2);
  w.Binary("ok");
  const ByteSpan bad = w.Binary("x\xFF");
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftInvalidUtf8, bad)});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "texts[1]");
  ASSERT_EQ(r.value.texts.value.size(), 2u);
  EXPECT_EQ(r.value.texts.value[1].value, "x\xFF");
}

// ---- thrift.bool-encoding ---------------------------------------------------

TEST(BoolEncodingTest, ElementThreeIsReportedAndSkipped) {
  CompactWriter w(kBase);
  w.FieldHeader(11, WireType::kList);
  w.ListHeader(WireType::kBoolTrue, 4);
  w.BoolElement(true);
  w.BoolElement(false);
  const ByteSpan bad = w.BoolElement(uint8_t{3});
  w.BoolElement(true);
  w.I64Field(5, 1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftBoolEncoding, bad)});
  ASSERT_EQ(r.value.bools.value.size(), 4u);
  EXPECT_TRUE(r.value.bools.value[0].value);
  EXPECT_FALSE(r.value.bools.value[1].value);
  EXPECT_FALSE(r.value.bools.value[2].present);
  EXPECT_TRUE(r.value.bools.value[3].value);
  EXPECT_EQ(r.value.big.value, 1);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "bools[2]");
}

TEST(BoolEncodingTest, ReportedInSkippedLists) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(40, WireType::kList);
  w.ListHeader(WireType::kBoolFalse, 2);
  const ByteSpan bad = w.BoolElement(uint8_t{0xFF});
  w.BoolElement(true);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnknownField, header),
                                At(Code::kThriftBoolEncoding, bad)}));
}

// ---- thrift.depth-limit -----------------------------------------------------

// Nests `levels` Node structs, each as field 1 of its parent, and returns the
// start of each struct.
std::vector<uint64_t> WriteNodes(CompactWriter& w, int levels) {
  std::vector<uint64_t> starts;
  starts.push_back(w.position());
  for (int i = 1; i < levels; ++i) {
    w.FieldHeader(1, WireType::kStruct);
    w.BeginStruct();
    starts.push_back(w.position());
  }
  for (int i = 0; i < levels; ++i) w.EndStruct();
  return starts;
}

TEST(DepthTest, HundredNestedStructs) {
  CompactWriter w(kBase);
  const std::vector<uint64_t> starts = WriteNodes(w, 100);
  const auto r = Decode<Node>(w, DecodeNode);
  EXPECT_FALSE(r.ok);
  ASSERT_GT(starts.size(), size_t{limits::kThriftMaxDepth});
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftDepthLimit,
                                  {starts[limits::kThriftMaxDepth], 1})});
}

TEST(DepthTest, AtTheLimitIsFine) {
  CompactWriter w(kBase);
  (void)WriteNodes(w, limits::kThriftMaxDepth);
  const auto r = Decode<Node>(w, DecodeNode);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.levels, limits::kThriftMaxDepth - 1);
  EXPECT_EQ(r.end, kBase + w.size());
}

TEST(DepthTest, SkippedStructsCountToo) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(99, WireType::kStruct);
  w.BeginStruct();
  // The Everything struct is depth 1; the skipped ones start at depth 2.
  const std::vector<uint64_t> starts = WriteNodes(w, 100);
  w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnknownField, header),
                                At(Code::kThriftDepthLimit,
                                   {starts[limits::kThriftMaxDepth - 1], 1})}));
}

TEST(DepthTest, NestedListsCount) {
  CompactWriter w(kBase);
  w.FieldHeader(99, WireType::kList);
  std::vector<ByteSpan> lists;
  for (int i = 0; i < 100; ++i)
    lists.push_back(w.ListHeader(WireType::kList, 1));
  w.ListHeader(WireType::kI8, 0);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.found().size(), 2u);
  // Depth 1 is the struct, so the 64th list header is one too many.
  EXPECT_EQ(r.found()[1],
            At(Code::kThriftDepthLimit, lists[limits::kThriftMaxDepth - 1]));
}

// ---- thrift.missing-required-field ------------------------------------------

TEST(RequiredTest, MissingFieldIsReportedAtTheStruct) {
  CompactWriter w(kBase);
  w.FieldHeader(13, WireType::kStruct);
  w.BeginStruct();
  w.BinaryField(2, "no a");
  const ByteSpan inner = w.EndStruct();
  w.I64Field(5, 1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);  // Not structural: decoding went on.
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftMissingRequired, inner)});
  EXPECT_TRUE(r.value.inner.present);
  EXPECT_EQ(r.value.inner.value.s.value, "no a");
  EXPECT_EQ(r.value.big.value, 1);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "inner");
}

TEST(RequiredTest, EmptyStructInList) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  w.ListHeader(WireType::kStruct, 2);
  w.BeginStruct();
  w.I32Field(1, 1);
  w.EndStruct();
  w.BeginStruct();
  const ByteSpan empty = w.EndStruct();
  ASSERT_EQ(empty.length, 1u);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftMissingRequired, empty)});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "inners[1]");
}

TEST(RequiredTest, WrongTypeIsNotAlsoMissing) {
  CompactWriter w(kBase);
  w.FieldHeader(13, WireType::kStruct);
  w.BeginStruct();
  const ByteSpan header = w.FieldHeader(1, WireType::kI64);
  w.I64(1);
  const ByteSpan inner = w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  // Seen, so not reported missing: the wrong type is the one fault.
  EXPECT_EQ(r.found(), std::vector<Found>{At(Code::kThriftWrongType, header)});
  EXPECT_NE(inner.length, 0u);
  EXPECT_FALSE(r.value.inner.value.a.present);
}

// ---- unions -----------------------------------------------------------------

TEST(UnionTest, NoMember) {
  CompactWriter w(kBase);
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  const ByteSpan choice = w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftUnionMemberCount, choice)});
}

TEST(UnionTest, TwoMembers) {
  CompactWriter w(kBase);
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(1, WireType::kStruct);
  w.BeginStruct();
  w.I32Field(1, 1);
  w.EndStruct();
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  const ByteSpan choice = w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftUnionMemberCount, choice)});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "choice");
}

TEST(UnionTest, KnownAndUnknownMember) {
  CompactWriter w(kBase);
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  const ByteSpan unknown = w.FieldHeader(9, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  const ByteSpan choice = w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnionMemberCount, choice),
                                At(Code::kThriftUnknownField, unknown)}));
}

TEST(UnionTest, OnlyUnknownMember) {
  CompactWriter w(kBase);
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  const ByteSpan unknown = w.FieldHeader(7, WireType::kStruct);
  w.BeginStruct();
  w.BinaryField(1, "future");
  w.EndStruct();
  const ByteSpan choice = w.EndStruct();
  w.I64Field(5, 2);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnknownField, unknown),
                                At(Code::kThriftUnknownUnionMember, choice)}));
  EXPECT_EQ(r.value.choice.value.id, 0);
  EXPECT_EQ(r.value.big.value, 2);
}

TEST(UnionTest, OneKnownMemberIsClean) {
  CompactWriter w(kBase);
  w.FieldHeader(15, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(1, WireType::kStruct);
  w.BeginStruct();
  w.I32Field(1, 42);
  w.EndStruct();
  w.EndStruct();
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
  EXPECT_EQ(r.value.choice.value.id, 1);
  EXPECT_EQ(r.value.choice.value.a.value.a.value, 42);
}

// ---- thrift.duplicate-field -------------------------------------------------

TEST(DuplicateTest, LaterValueWins) {
  CompactWriter w(kBase);
  w.I32Field(4, 1);
  const FieldSpans second = w.I32Field(4, 2);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftDuplicateField, second.header)});
  EXPECT_EQ(r.value.number.value, 2);
  EXPECT_EQ(r.value.number.span, second.value);
}

TEST(DuplicateTest, HighIdsAreTracked) {
  CompactWriter w(kBase);
  w.I32Field(4, 1);
  const ByteSpan first = w.FieldHeader(1000, WireType::kI8);
  w.I8(1);
  w.I64Field(5, 1);
  const ByteSpan second = w.FieldHeader(1000, WireType::kI8);
  w.I8(1);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(),
            (std::vector<Found>{At(Code::kThriftUnknownField, first),
                                At(Code::kThriftDuplicateField, second),
                                At(Code::kThriftUnknownField, second)}));
}

TEST(DuplicateTest, SameIdInSiblingStructsIsFine) {
  CompactWriter w(kBase);
  w.FieldHeader(14, WireType::kList);
  w.ListHeader(WireType::kStruct, 2);
  for (int i = 0; i < 2; ++i) {
    w.BeginStruct();
    w.I32Field(1, i);
    w.EndStruct();
  }
  w.I32Field(4, 0);
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_EQ(r.found(), std::vector<Found>{});
}

// ---- thrift.unknown-field: every wire type is skipped exactly ---------------

struct UnknownCase {
  const char* name;
  std::function<void(CompactWriter&)> write;  // The value after the header.
  uint8_t type;
};

void PrintTo(const UnknownCase& c, std::ostream* os) { *os << c.name; }

class UnknownFieldTest : public ::testing::TestWithParam<UnknownCase> {};

TEST_P(UnknownFieldTest, SkipsValueAndContinues) {
  const UnknownCase& c = GetParam();
  CompactWriter w(kBase);
  w.I32Field(4, 11);
  const ByteSpan header = w.FieldHeader(200, c.type);
  c.write(w);
  const FieldSpans big = w.I64Field(5, -12345);
  w.BinaryField(8, "after");
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_TRUE(r.ok);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftUnknownField, header)});
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kInfo);
  EXPECT_EQ(r.value.number.value, 11);
  EXPECT_EQ(r.value.big.value, -12345);
  EXPECT_EQ(r.value.big.span, big.value);
  EXPECT_EQ(r.value.text.value, "after");
  EXPECT_EQ(r.end, kBase + w.size());
}

void WriteNested(CompactWriter& w) {
  // { 1: list<struct{1: map<binary, list<i64>>, 2: set<double>}>,
  //   3: true, 4: struct { 5: i16 } }
  w.FieldHeader(1, WireType::kList);
  w.ListHeader(WireType::kStruct, 2);
  for (int i = 0; i < 2; ++i) {
    w.BeginStruct();
    w.FieldHeader(1, WireType::kMap);
    w.MapHeader(WireType::kBinary, WireType::kList, 2);
    for (int k = 0; k < 2; ++k) {
      w.Binary("key");
      w.ListHeader(WireType::kI64, 3);
      for (int v = 0; v < 3; ++v) w.I64(int64_t{v} << 40);
    }
    w.FieldHeader(2, WireType::kSet);
    w.ListHeader(WireType::kDouble, 2);
    w.Double(1.5);
    w.Double(-0.0);
    w.EndStruct();
  }
  w.BoolField(3, true);
  w.FieldHeader(4, WireType::kStruct);
  w.BeginStruct();
  w.I16Field(5, -300);
  w.EndStruct();
  w.EndStruct();
}

INSTANTIATE_TEST_SUITE_P(
    WireTypes, UnknownFieldTest,
    ::testing::Values(
        UnknownCase{"BoolTrue", [](CompactWriter&) {}, 1},
        UnknownCase{"BoolFalse", [](CompactWriter&) {}, 2},
        UnknownCase{"I8", [](CompactWriter& w) { w.I8(-1); }, 3},
        UnknownCase{"I16", [](CompactWriter& w) { w.I16(-300); }, 4},
        UnknownCase{"I32", [](CompactWriter& w) { w.I32(1 << 30); }, 5},
        UnknownCase{"I64",
                    [](CompactWriter& w) {
                      w.I64(std::numeric_limits<int64_t>::min());
                    },
                    6},
        UnknownCase{"Double", [](CompactWriter& w) { w.Double(1e300); }, 7},
        UnknownCase{"Binary",
                    [](CompactWriter& w) { w.Binary(std::string(200, 'x')); },
                    8},
        UnknownCase{"ListOfI32",
                    [](CompactWriter& w) {
                      w.ListHeader(WireType::kI32, 17);
                      for (int i = 0; i < 17; ++i) w.I32(-i * 999);
                    },
                    9},
        UnknownCase{"ListOfBool",
                    [](CompactWriter& w) {
                      w.ListHeader(WireType::kBoolTrue, 3);
                      w.BoolElement(true);
                      w.BoolElement(false);
                      w.BoolElement(uint8_t{0});
                    },
                    9},
        UnknownCase{"ListOfList",
                    [](CompactWriter& w) {
                      w.ListHeader(WireType::kList, 2);
                      w.ListHeader(WireType::kBinary, 1);
                      w.Binary("a");
                      w.ListHeader(WireType::kStruct, 1);
                      w.BeginStruct();
                      w.I32Field(3, 3);
                      w.EndStruct();
                    },
                    9},
        UnknownCase{"SetOfDouble",
                    [](CompactWriter& w) {
                      w.ListHeader(WireType::kDouble, 2);
                      w.Double(1);
                      w.Double(2);
                    },
                    10},
        UnknownCase{"EmptyMap",
                    [](CompactWriter& w) {
                      w.MapHeader(WireType::kI32, WireType::kI32, 0);
                    },
                    11},
        UnknownCase{"MapOfStructs",
                    [](CompactWriter& w) {
                      w.MapHeader(WireType::kI16, WireType::kStruct, 2);
                      for (int i = 0; i < 2; ++i) {
                        w.I16(static_cast<int16_t>(i));
                        w.BeginStruct();
                        w.BinaryField(1, "v");
                        w.BoolField(2, false);
                        w.EndStruct();
                      }
                    },
                    11},
        UnknownCase{"MapOfBools",
                    [](CompactWriter& w) {
                      w.MapHeader(WireType::kBoolTrue, WireType::kBoolFalse, 2);
                      w.Raw({1, 2, 2, 1});
                    },
                    11},
        UnknownCase{"EmptyStruct",
                    [](CompactWriter& w) {
                      w.BeginStruct();
                      w.EndStruct();
                    },
                    12},
        UnknownCase{"NestedStruct",
                    [](CompactWriter& w) {
                      w.BeginStruct();
                      WriteNested(w);
                    },
                    12}),
    [](const ::testing::TestParamInfo<UnknownCase>& info) {
      return std::string(info.param.name);
    });

TEST(UnknownFieldTest2, SkipKnownChecksTheSkippedValue) {
  CompactWriter w(kBase);
  w.FieldHeader(16, WireType::kMap);
  w.MapHeader(WireType::kBinary, WireType::kI32, 1);
  const ByteSpan key = w.BinaryDeclared(1, "\xC0");
  const ByteSpan value = w.Raw({0x80, 0x80, 0x80, 0x80, 0x80, 0x01});
  w.EndStruct();
  const auto r = Decode(w);
  EXPECT_NE(key.length, 0u);
  EXPECT_EQ(r.found(),
            std::vector<Found>{At(Code::kThriftVarintOverlong, value)});
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].field, "opaque");
}

TEST(UnknownFieldTest2, UuidTypeIsInvalidInParquet) {
  CompactWriter w(kBase);
  const ByteSpan header = w.FieldHeader(30, uint8_t{13});
  w.Fill(16, 0);
  const auto r = Decode(w);
  ASSERT_EQ(r.found().size(), 1u);
  EXPECT_EQ(r.found()[0], At(Code::kThriftInvalidType, header));
}

// ---- decoding stops at the first structural fault ---------------------------

TEST(FaultTest, LaterReadsReturnFalseWithoutReporting) {
  CompactWriter w(kBase);
  w.FieldHeader(4, WireType::kI32);
  const ByteSpan bad = w.I32(1, 7);
  w.I64Field(5, 1);
  w.EndStruct();
  DiagnosticSink sink;
  Decoder d(w.Reader(), &sink);
  Everything e;
  EXPECT_FALSE(DecodeEverything(d, &e));
  EXPECT_TRUE(d.failed());
  int64_t v;
  ByteSpan span;
  EXPECT_FALSE(d.ReadI64(&v, &span));
  std::span<const std::byte> bytes;
  EXPECT_FALSE(d.ReadBinary(&bytes, &span));
  WireType t;
  uint32_t size;
  EXPECT_FALSE(d.ReadListHeader(&t, &size, &span));
  EXPECT_FALSE(d.Skip(WireType::kStruct));
  const auto found = sink.Take();
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].code, Code::kThriftVarintOverlong);
  EXPECT_EQ(found[0].offset, bad.offset);
  EXPECT_FALSE(e.big.present);
}

TEST(FaultTest, PrimitivesReportAbsoluteSpans) {
  CompactWriter w(kBase);
  const ByteSpan i16 = w.I16(-2);
  const ByteSpan dbl = w.Double(3.25);
  const ByteSpan bin = w.Binary("xyz");
  const ByteSpan list = w.LongListHeader(WireType::kI8, 3);
  w.Raw({1, 2, 3});
  DiagnosticSink sink;
  Decoder d(w.Reader(), &sink);
  int16_t a;
  double b;
  std::span<const std::byte> c;
  ByteSpan span;
  ASSERT_TRUE(d.ReadI16(&a, &span));
  EXPECT_EQ(a, -2);
  EXPECT_EQ(span, i16);
  ASSERT_TRUE(d.ReadDouble(&b, &span));
  EXPECT_EQ(b, 3.25);
  EXPECT_EQ(span, dbl);
  ASSERT_TRUE(d.ReadBinary(&c, &span));
  EXPECT_EQ(AsChars(c), "xyz");
  EXPECT_EQ(span, bin);
  WireType t;
  uint32_t size;
  ASSERT_TRUE(d.ReadListHeader(&t, &size, &span));
  EXPECT_EQ(t, WireType::kI8);
  EXPECT_EQ(size, 3u);
  EXPECT_EQ(span, list);
  EXPECT_TRUE(d.SkipElements(t, size));
  EXPECT_TRUE(d.reader().empty());
  EXPECT_FALSE(sink.has_errors());
}

TEST(FaultTest, WireTypeNames) {
  EXPECT_EQ(WireTypeName(WireType::kBoolTrue), "bool");
  EXPECT_EQ(WireTypeName(WireType::kBoolFalse), "bool");
  EXPECT_EQ(WireTypeName(WireType::kStruct), "struct");
  EXPECT_EQ(WireTypeName(static_cast<WireType>(13)), "invalid");
  EXPECT_EQ(WireTypeName(static_cast<WireType>(14)), "invalid");
}

}  // namespace
}  // namespace colcheck::thrift
