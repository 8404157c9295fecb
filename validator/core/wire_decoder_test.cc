// Tests for the wire decoder core: the one varint reader (status and span
// of every fault), and the shared bookkeeping of the Thrift and protobuf
// decoders (path, span map, failure latch, depth, model budget, field set,
// field trace), with both formats' codes.

#include "core/wire_decoder.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/limits.h"
#include "core/varint.h"

namespace colcheck {
namespace {

template <typename... B>
std::vector<std::byte> Bytes(B... bytes) {
  return {std::byte{static_cast<uint8_t>(bytes)}...};
}

// Nine bytes that continue, then `tail`.
template <typename... B>
std::vector<std::byte> TenBytes(B... tail) {
  std::vector<std::byte> out(9, std::byte{0xFF});
  for (std::byte b : Bytes(tail...)) out.push_back(b);
  return out;
}

// Moves every logical span 1000 bytes on, as a decoded region's map does.
class ShiftedMap final : public SpanMap {
 public:
  ByteSpan ToFile(ByteSpan logical) const override {
    return {logical.offset + 1000, logical.length};
  }
};

// ---- ReadUleb128 -------------------------------------------------------------

Varint64 Read(const std::vector<std::byte>& bytes, int max_bytes,
              uint64_t base = 0) {
  ByteReader in(bytes, base);
  return ReadUleb128(in, max_bytes);
}

TEST(Uleb128Test, ValuesAndSpans) {
  const struct {
    uint64_t value;
    std::vector<std::byte> bytes;
  } cases[] = {
      {0, Bytes(0x00)},
      {127, Bytes(0x7F)},
      {128, Bytes(0x80, 0x01)},
      {300, Bytes(0xAC, 0x02)},
      {16384, Bytes(0x80, 0x80, 0x01)},
      {~uint64_t{0}, TenBytes(0x01)},
  };
  for (const auto& c : cases) {
    const Varint64 v = Read(c.bytes, 10, 50);
    EXPECT_EQ(v.status, VarintStatus::kOk);
    EXPECT_EQ(v.value, c.value);
    EXPECT_EQ(v.span, (ByteSpan{50, c.bytes.size()}));
    EXPECT_FALSE(v.non_canonical);
  }
}

TEST(Uleb128Test, TrailingZeroGroupIsNonCanonical) {
  const Varint64 v = Read(Bytes(0x81, 0x80, 0x00), 10);
  EXPECT_EQ(v.status, VarintStatus::kOk);
  EXPECT_EQ(v.value, 1u);
  EXPECT_EQ(v.span, (ByteSpan{0, 3}));
  EXPECT_TRUE(v.non_canonical);
  EXPECT_FALSE(Read(Bytes(0x00), 10).non_canonical);
}

TEST(Uleb128Test, TruncatedHoldsWhatThereWas) {
  const Varint64 v = Read(Bytes(0x80, 0x80), 10, 7);
  EXPECT_EQ(v.status, VarintStatus::kTruncated);
  EXPECT_EQ(v.span, (ByteSpan{7, 2}));
  EXPECT_EQ(Read({}, 10).status, VarintStatus::kTruncated);
  // Five continuing bytes of a 5-byte varint: nothing proves it overlong.
  const Varint64 five = Read(Bytes(0x80, 0x80, 0x80, 0x80, 0x80), 5);
  EXPECT_EQ(five.status, VarintStatus::kTruncated);
  EXPECT_EQ(five.span, (ByteSpan{0, 5}));
}

TEST(Uleb128Test, OverlongHoldsTheFirstByteTooMany) {
  const Varint64 v =
      Read(Bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x42), 5, 3);
  EXPECT_EQ(v.status, VarintStatus::kOverlong);
  EXPECT_EQ(v.span, (ByteSpan{3, 6}));
  const Varint64 eleven = Read(TenBytes(0x81, 0x00), 10);
  EXPECT_EQ(eleven.status, VarintStatus::kOverlong);
  EXPECT_EQ(eleven.span, (ByteSpan{0, 11}));
}

TEST(Uleb128Test, OverflowEndsAtTheTenthByte) {
  for (uint8_t tenth : {0x02, 0x7F, 0x82}) {
    const Varint64 v = Read(TenBytes(tenth, 0x00), 10);
    EXPECT_EQ(v.status, VarintStatus::kOverflow) << int{tenth};
    EXPECT_EQ(v.span, (ByteSpan{0, 10})) << int{tenth};
  }
}

// ---- ReadUleb128Bits
// ---------------------------------------------------------

Varint64 ReadBits(const std::vector<std::byte>& bytes, int max_bits,
                  uint64_t base = 0) {
  ByteReader in(bytes, base);
  return ReadUleb128Bits(in, max_bits);
}

TEST(Uleb128BitsTest, ThirtyTwoBitsFillFiveBytes) {
  const Varint64 max = ReadBits(Bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x0F), 32, 9);
  EXPECT_EQ(max.status, VarintStatus::kOk);
  EXPECT_EQ(max.value, 0xFFFFFFFFu);
  EXPECT_EQ(max.span, (ByteSpan{9, 5}));
  // Bit 32 lands in the 5th byte's fifth bit.
  const Varint64 wide = ReadBits(Bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x1F), 32);
  EXPECT_EQ(wide.status, VarintStatus::kOverflow);
  EXPECT_EQ(wide.span, (ByteSpan{0, 5}));
}

TEST(Uleb128BitsTest, OverlongRunsToTheVarintsEnd) {
  const Varint64 v =
      ReadBits(Bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00, 0x42), 32, 4);
  EXPECT_EQ(v.status, VarintStatus::kOverlong);
  EXPECT_EQ(v.span, (ByteSpan{4, 7}));
  // Never past 10 bytes, however long the run of continuation bits.
  const Varint64 run =
      ReadBits(std::vector<std::byte>(16, std::byte{0x80}), 32);
  EXPECT_EQ(run.status, VarintStatus::kOverlong);
  EXPECT_EQ(run.span, (ByteSpan{0, 10}));
}

TEST(Uleb128BitsTest, SixtyFourBitsAndTruncation) {
  const Varint64 max = ReadBits(TenBytes(0x01), 64);
  EXPECT_EQ(max.status, VarintStatus::kOk);
  EXPECT_EQ(max.value, ~uint64_t{0});
  EXPECT_EQ(ReadBits(TenBytes(0x02), 64).status, VarintStatus::kOverflow);
  const Varint64 cut = ReadBits(Bytes(0x80, 0x80), 64, 3);
  EXPECT_EQ(cut.status, VarintStatus::kTruncated);
  EXPECT_EQ(cut.span, (ByteSpan{3, 2}));
}

TEST(Uleb128Test, ZigZag) {
  EXPECT_EQ(ZigZagDecode(0), 0);
  EXPECT_EQ(ZigZagDecode(1), -1);
  EXPECT_EQ(ZigZagDecode(2), 1);
  EXPECT_EQ(ZigZagDecode(~uint64_t{0}), INT64_MIN);
  EXPECT_EQ(ZigZagEncode(INT64_MAX), ~uint64_t{0} - 1);
  for (int64_t v : {int64_t{-3}, int64_t{0}, int64_t{12345}, INT64_MIN}) {
    EXPECT_EQ(ZigZagDecode(ZigZagEncode(v)), v);
  }
}

// ---- WireDecoder -------------------------------------------------------------

// The sink holds exactly one diagnostic, `code` at `span`.
void ExpectOne(DiagnosticSink& sink, Code code, ByteSpan span) {
  const auto diags = sink.Take();
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, code);
  EXPECT_EQ((ByteSpan{diags[0].offset, diags[0].length}), span);
}

struct Fixture {
  explicit Fixture(std::vector<std::byte> b,
                   const WireFormat& format = kThriftCompactFormat,
                   const SpanMap* map = nullptr)
      : bytes(std::move(b)), d(format, ByteReader(bytes, 100), map, &sink) {}

  std::vector<std::byte> bytes;
  DiagnosticSink sink;
  WireDecoder d;
};

TEST(WireDecoderTest, VarintFaultsUseTheFormatsCodes) {
  const struct {
    std::vector<std::byte> bytes;
    int max_bytes;
    Code thrift;
    Code protobuf;
    ByteSpan span;
  } cases[] = {
      {Bytes(0x80), 10, Code::kThriftTruncated, Code::kProtobufTruncated,
       {100, 1}},
      {Bytes(0x80, 0x80, 0x80, 0x80, 0x80, 0x01), 5,
       Code::kThriftVarintOverlong, Code::kProtobufVarintOverlong, {100, 6}},
      {TenBytes(0x03), 10, Code::kThriftVarintOverflow,
       Code::kProtobufVarintOverflow, {100, 10}},
  };
  for (const auto& c : cases) {
    for (const WireFormat* format :
         {&kThriftCompactFormat, &kProtobufWireFormat}) {
      Fixture f(c.bytes, *format);
      uint64_t v;
      ByteSpan span;
      EXPECT_FALSE(f.d.ReadVarint(c.max_bytes, ~uint64_t{0}, &v, &span));
      EXPECT_TRUE(f.d.failed());
      ExpectOne(f.sink,
                format == &kThriftCompactFormat ? c.thrift : c.protobuf,
                c.span);
    }
  }
}

TEST(WireDecoderTest, VarintAboveItsTypesMaximumOverflows) {
  Fixture f(Bytes(0x80, 0x80, 0x04));  // 65536
  uint64_t v;
  ByteSpan span;
  EXPECT_FALSE(f.d.ReadVarint(5, 0xFFFF, &v, &span));
  EXPECT_EQ(span, (ByteSpan{100, 3}));
  ExpectOne(f.sink, Code::kThriftVarintOverflow, {100, 3});
}

TEST(WireDecoderTest, NonCanonicalVarintWarnsAndReads) {
  Fixture f(Bytes(0x85, 0x00), kProtobufWireFormat);
  uint64_t v = 0;
  ByteSpan span;
  ASSERT_TRUE(f.d.ReadVarint(10, ~uint64_t{0}, &v, &span));
  EXPECT_EQ(v, 5u);
  EXPECT_EQ(span, (ByteSpan{100, 2}));
  EXPECT_FALSE(f.d.failed());
  ExpectOne(f.sink, Code::kProtobufVarintNonCanonical, {100, 2});
}

TEST(WireDecoderTest, FailureLatches) {
  Fixture f(Bytes(0x01, 0x02));
  f.d.Fail(Code::kThriftInvalidType, {100, 1}, "first");
  f.d.Fail(Code::kThriftInvalidType, {101, 1}, "second");
  uint64_t v;
  ByteSpan span;
  EXPECT_FALSE(f.d.ReadVarint(10, ~uint64_t{0}, &v, &span));
  EXPECT_FALSE(f.d.ReadFixed(1, "byte", &v, &span));
  EXPECT_FALSE(f.d.Charge(1, {100, 0}));
  EXPECT_FALSE(f.d.Enter({100, 0}));
  EXPECT_EQ(f.d.reader().position(), 100u);  // Nothing more was read.
  ExpectOne(f.sink, Code::kThriftInvalidType, {100, 1});
}

TEST(WireDecoderTest, FixedWidthReadsLittleEndian) {
  Fixture f(Bytes(0x01, 0x02, 0x03, 0x04, 0x05), kProtobufWireFormat);
  uint64_t v = 0;
  ByteSpan span;
  ASSERT_TRUE(f.d.ReadFixed(4, "4-byte value", &v, &span));
  EXPECT_EQ(v, 0x04030201u);
  EXPECT_EQ(span, (ByteSpan{100, 4}));
  EXPECT_FALSE(f.d.ReadFixed(8, "8-byte value", &v, &span));
  // The span is the one byte that remains.
  ExpectOne(f.sink, Code::kProtobufTruncated, {104, 1});
}

TEST(WireDecoderTest, DepthLimitIsTheFormats) {
  for (const WireFormat* format :
       {&kThriftCompactFormat, &kProtobufWireFormat}) {
    Fixture f({}, *format);
    for (int i = 0; i < format->max_depth; ++i) {
      ASSERT_TRUE(f.d.Enter({100, 0})) << i;
    }
    EXPECT_FALSE(f.d.Enter({100, 1}));
    EXPECT_TRUE(f.d.failed());
    ExpectOne(f.sink, format->depth_limit, {100, 1});
  }
  EXPECT_EQ(kThriftCompactFormat.max_depth, limits::kThriftMaxDepth);
  EXPECT_EQ(kProtobufWireFormat.max_depth, limits::kProtobufMaxDepth);
}

TEST(WireDecoderTest, LeaveGivesDepthBack) {
  Fixture f({});
  for (int i = 0; i < 2 * limits::kThriftMaxDepth; ++i) {
    ASSERT_TRUE(f.d.Enter({100, 0})) << i;
    f.d.Leave();
  }
  EXPECT_TRUE(f.sink.Take().empty());
}

TEST(WireDecoderTest, ModelBudgetIsExhaustedOnce) {
  Fixture f(Bytes(0x00, 0x00));
  const uint64_t budget = limits::ModelBudget(2);
  ASSERT_TRUE(f.d.Charge(budget - 10, {100, 0}));
  ASSERT_TRUE(f.d.Charge(10, {100, 0}));
  EXPECT_FALSE(f.d.Charge(1, {101, 1}));
  EXPECT_TRUE(f.d.failed());
  ExpectOne(f.sink, Code::kLimitsModelSize, {101, 1});
}

TEST(WireDecoderTest, ReportsCarryThePathAndMappedSpan) {
  const ShiftedMap map;
  Fixture f(Bytes(0x00), kProtobufWireFormat, &map);
  EXPECT_EQ(f.d.Path(), "");
  f.d.PushName("row_groups");
  f.d.PushIndex(0);
  f.d.PushName("columns");
  f.d.PushIndex(3);
  f.d.PushName("meta_data");
  EXPECT_EQ(f.d.Path(), "row_groups[0].columns[3].meta_data");
  f.d.Report(Code::kProtobufUnknownField, {2, 3}, "x");
  f.d.Pop();
  f.d.Pop();
  EXPECT_EQ(f.d.Path(), "row_groups[0].columns");
  const auto diags = f.sink.Take();
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].field, "row_groups[0].columns[3].meta_data");
  EXPECT_EQ(diags[0].offset, 1002u);
  EXPECT_EQ(diags[0].length, 3u);
  EXPECT_FALSE(f.d.failed());  // A report does not stop decoding.
}

TEST(WireDecoderTest, FieldSet) {
  FieldSet seen;
  for (int64_t id : {1, 0, 63, 64, 32767, -1, 1 << 28}) {
    EXPECT_FALSE(seen.Contains(id)) << id;
    seen.Insert(id);
    EXPECT_TRUE(seen.Contains(id)) << id;
  }
  EXPECT_FALSE(seen.Contains(2));
  EXPECT_FALSE(seen.Contains(65));
  EXPECT_FALSE(seen.Contains(-2));
}

class RecordingTrace final : public FieldTrace {
 public:
  void OpenField(int32_t id, std::string_view type, ByteSpan header) override {
    log += "(" + std::to_string(id) + " " + std::string(type) + "@" +
           std::to_string(header.offset) + "+" +
           std::to_string(header.length);
  }
  void OpenElement(uint32_t index, std::string_view type,
                   uint64_t offset) override {
    log += "[" + std::to_string(index) + " " + std::string(type) + "@" +
           std::to_string(offset);
  }
  void Name(std::string_view name) override { log += " " + std::string(name); }
  void Close(ByteSpan span, const TracedValue& value) override {
    log += " " + std::to_string(span.offset) + "+" +
           std::to_string(span.length);
    if (const auto* bytes = std::get_if<std::span<const std::byte>>(&value)) {
      log += " =" + std::to_string(bytes->size()) + "B";
    } else if (std::holds_alternative<std::monostate>(value)) {
      log += " =none";
    }
    log += ")";
  }
  std::string log;
};

TEST(WireDecoderTest, TraceSeesFileSpansAndValueBytes) {
  const ShiftedMap map;
  Fixture f(Bytes(0x0A, 0x02, 0x41, 0x42, 0x07), kProtobufWireFormat, &map);
  RecordingTrace trace;
  f.d.set_trace(&trace);
  const auto bytes_of = [](std::span<const std::byte> b) -> TracedValue {
    return b;
  };
  // A field whose value (two bytes) follows a two-byte header.
  f.d.TraceField(1, "len", {100, 2});
  f.d.trace()->Name("key");
  ASSERT_TRUE(f.d.reader().Skip(4));
  f.d.TraceClose(100, 102, bytes_of);
  // An element the cursor has not passed: no value.
  f.d.TraceElement(0, "varint", 104);
  f.d.TraceClose(104, 105, bytes_of);
  EXPECT_EQ(trace.log,
            "(1 len@1100+2 key 1100+4 =2B)[0 varint@1104 1104+0 =none)");
}

}  // namespace
}  // namespace colcheck
