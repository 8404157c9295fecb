// Tests for the ORC metadata decoders: each message decodes field for field
// with its spans, and faults carry the .proto's field path. The wire-level
// codes themselves are tested in protobuf/wire_reader_test.cc.

#include "orc/metadata_decoder.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck::orc {
namespace {

// Writes protobuf fields byte by byte.
class Writer {
 public:
  Writer& Varint(uint32_t field, uint64_t v) {
    Raw(uint64_t{field} << 3);
    return Raw(v);
  }
  Writer& Zigzag(uint32_t field, int64_t v) {
    return Varint(field, (static_cast<uint64_t>(v) << 1) ^
                             static_cast<uint64_t>(v >> 63));
  }
  Writer& Fixed64(uint32_t field, uint64_t v) {
    Raw(uint64_t{field} << 3 | 1);
    for (int i = 0; i < 8; ++i) Byte((v >> (8 * i)) & 0xFF);
    return *this;
  }
  Writer& Len(uint32_t field, std::string_view body) {
    Raw(uint64_t{field} << 3 | 2);
    Raw(body.size());
    for (char c : body) Byte(static_cast<uint8_t>(c));
    return *this;
  }
  Writer& Len(uint32_t field, const Writer& body) {
    return Len(field, body.str());
  }
  Writer& Raw(uint64_t v) {
    do {
      Byte((v & 0x7F) | (v > 0x7F ? 0x80 : 0));
      v >>= 7;
    } while (v != 0);
    return *this;
  }
  Writer& Byte(uint8_t b) {
    bytes_.push_back(static_cast<char>(b));
    return *this;
  }
  const std::string& str() const { return bytes_; }
  size_t size() const { return bytes_.size(); }

 private:
  std::string bytes_;
};

// Logical offset x is file offset x + 500.
class ShiftedMap final : public SpanMap {
 public:
  ByteSpan ToFile(ByteSpan logical) const override {
    return {logical.offset + 500, logical.length};
  }
};

template <typename T, typename F>
bool Decode(const std::string& bytes, F decode, T* out,
            std::vector<Diagnostic>* diags,
            const SpanMap& map = IdentitySpanMap()) {
  DiagnosticSink sink;
  protobuf::Decoder d(
      ByteReader({reinterpret_cast<const std::byte*>(bytes.data()),
                  bytes.size()}),
      map, &sink);
  const bool ok = decode(d, out);
  *diags = sink.Take();
  return ok;
}

TEST(OrcMetadataDecoder, PostScript) {
  Writer w;
  w.Varint(1, 1234).Varint(2, 1).Varint(3, 262144);
  w.Len(4, Writer().Raw(0).Raw(12));  // version [0, 12], packed
  w.Varint(5, 77).Varint(6, 9).Len(8000, "ORC");
  PostScript ps;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodePostScript, &ps, &diags));
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(ps.footer_length.value, 1234u);
  EXPECT_EQ(ps.footer_length.header, (ByteSpan{0, 1}));
  EXPECT_EQ(ps.footer_length.span, (ByteSpan{1, 2}));
  EXPECT_EQ(ps.compression.value, kZlib);
  EXPECT_EQ(ps.compression_block_size.value, 262144u);
  ASSERT_EQ(ps.version.value.size(), 2u);
  EXPECT_EQ(ps.version.value[1].value, 12u);
  EXPECT_EQ(ps.metadata_length.value, 77u);
  EXPECT_EQ(ps.writer_version.value, 9u);
  EXPECT_FALSE(ps.stripe_statistics_length.present);
  EXPECT_EQ(ps.magic.value, "ORC");
  // Field 8000's tag takes 3 bytes, its length 1.
  EXPECT_EQ(ps.magic.header, (ByteSpan{w.size() - 7, 4}));
  EXPECT_EQ(ps.magic.span, (ByteSpan{w.size() - 3, 3}));
}

TEST(OrcMetadataDecoder, PostScriptSpansThroughTheMap) {
  Writer w;
  w.Varint(1, 5).Len(8000, "ORC");
  PostScript ps;
  std::vector<Diagnostic> diags;
  const ShiftedMap map;
  ASSERT_TRUE(Decode(w.str(), DecodePostScript, &ps, &diags, map));
  EXPECT_EQ(ps.footer_length.span, (ByteSpan{501, 1}));
  EXPECT_EQ(ps.magic.span, (ByteSpan{506, 3}));
}

TEST(OrcMetadataDecoder, PostScriptTruncated) {
  Writer w;
  w.Varint(1, 5).Byte(0x10).Byte(0x80);  // compression: truncated varint
  PostScript ps;
  std::vector<Diagnostic> diags;
  const ShiftedMap map;
  EXPECT_FALSE(Decode(w.str(), DecodePostScript, &ps, &diags, map));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufTruncated);
  EXPECT_EQ(diags[0].offset, 503u);
  EXPECT_EQ(diags[0].length, 1u);
  EXPECT_EQ(diags[0].field, "compression");
  EXPECT_EQ(ps.footer_length.value, 5u);  // The model keeps what came first.
}

Writer ColumnStats() {
  Writer s;
  s.Varint(1, 10);
  s.Len(2, Writer().Zigzag(1, -5).Zigzag(2, 7).Zigzag(3, 2));
  s.Len(3, Writer().Fixed64(1, 0x3FF0000000000000));  // min 1.0
  s.Len(4, Writer().Len(1, "a").Len(2, "z").Zigzag(3, 20).Len(4, "a")
               .Len(5, "zz"));
  s.Len(5, Writer().Len(1, Writer().Raw(3).Raw(4)));
  s.Len(6, Writer().Len(1, "-1.5").Len(2, "2").Len(3, "0.5"));
  s.Len(7, Writer().Zigzag(1, -3).Zigzag(2, 3));
  s.Len(8, Writer().Zigzag(1, 99));
  s.Len(9, Writer().Zigzag(1, -1).Zigzag(2, 1).Zigzag(3, -2).Zigzag(4, 2)
               .Varint(5, 1).Varint(6, 999999));
  s.Varint(10, 1).Varint(11, 4096);
  s.Len(12, Writer().Varint(1, 0).Varint(2, 3).Varint(3, 9));
  s.Len(13, Writer().Len(1, Writer().Fixed64(1, 0)));
  return s;
}

TEST(OrcMetadataDecoder, ColumnStatisticsEveryKind) {
  const Writer w = ColumnStats();
  ColumnStatistics cs;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeColumnStatistics, &cs, &diags));
  EXPECT_TRUE(diags.empty());
  EXPECT_EQ(cs.number_of_values.value, 10u);
  EXPECT_EQ(cs.int_statistics.value.minimum.value, -5);
  EXPECT_EQ(cs.int_statistics.value.sum.value, 2);
  EXPECT_EQ(cs.double_statistics.value.minimum.value, 1.0);
  EXPECT_EQ(cs.string_statistics.value.maximum.value, "z");
  EXPECT_EQ(cs.string_statistics.value.sum.value, 20);
  EXPECT_EQ(cs.string_statistics.value.upper_bound.value, "zz");
  ASSERT_EQ(cs.bucket_statistics.value.count.value.size(), 2u);
  EXPECT_EQ(cs.bucket_statistics.value.count.value[1].value, 4u);
  EXPECT_EQ(cs.decimal_statistics.value.sum.value, "0.5");
  EXPECT_EQ(cs.date_statistics.value.minimum.value, -3);
  EXPECT_EQ(cs.binary_statistics.value.sum.value, 99);
  EXPECT_EQ(cs.timestamp_statistics.value.maximum_utc.value, 2);
  EXPECT_EQ(cs.timestamp_statistics.value.maximum_nanos.value, 999999);
  EXPECT_TRUE(cs.has_null.value);
  EXPECT_EQ(cs.bytes_on_disk.value, 4096u);
  EXPECT_EQ(cs.collection_statistics.value.total_children.value, 9u);
  EXPECT_EQ(cs.geometry_statistics.value.size(), 11u);
}

TEST(OrcMetadataDecoder, FooterWithFieldPaths) {
  Writer types;
  Writer root;
  root.Varint(1, kStruct).Len(2, Writer().Raw(1).Raw(2)).Len(3, "a")
      .Len(3, "b");
  root.Len(7, Writer().Len(1, "k").Len(2, "v"));
  Writer col1;
  col1.Varint(1, kDecimal).Varint(5, 10).Varint(6, 2);
  Writer col2;
  // maximum_length 2^32: out of range for uint32.
  col2.Varint(1, kVarchar).Byte(0x20).Raw(uint64_t{1} << 32);
  Writer w;
  w.Varint(1, 3).Varint(2, 1000);
  w.Len(3, Writer().Varint(1, 3).Varint(2, 10).Varint(3, 900).Varint(4, 87)
               .Varint(5, 100).Varint(6, 1).Len(7, "key"));
  w.Len(4, root).Len(4, col1).Len(4, col2);
  w.Len(5, Writer().Len(1, "user").Len(2, "\x01\x02"));
  w.Varint(6, 100).Len(7, ColumnStats()).Varint(8, 10000).Varint(9, 1);
  w.Len(10, Writer()
                .Len(1, Writer().Len(1, "nullify").Len(2, "p").Len(
                            3, Writer().Raw(1)))
                .Len(2, Writer().Len(1, "pii").Varint(2, 1).Varint(3, 1))
                .Len(3, Writer().Varint(1, 1).Varint(2, 0).Len(3, "K")
                            .Len(4, Writer().Varint(1, 100).Varint(3, 5))
                            .Len(5, "S"))
                .Varint(4, 1));
  w.Varint(11, 2).Len(12, "1.9.0");
  Footer f;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeFooter, &f, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufValueOutOfRange);
  EXPECT_EQ(diags[0].field, "types[2].maximum_length");
  EXPECT_EQ(diags[0].length, 5u);
  EXPECT_EQ(f.header_length.value, 3u);
  ASSERT_EQ(f.stripes.value.size(), 1u);
  EXPECT_EQ(f.stripes.value[0].value.footer_length.value, 87u);
  EXPECT_EQ(f.stripes.value[0].value.encrypted_local_keys.value.size(), 1u);
  ASSERT_EQ(f.types.value.size(), 3u);
  EXPECT_EQ(f.types.value[0].value.kind.value, kStruct);
  EXPECT_EQ(f.types.value[0].value.subtypes.value[1].value, 2u);
  EXPECT_EQ(f.types.value[0].value.field_names.value[1].value, "b");
  EXPECT_EQ(f.types.value[0].value.attributes.value[0].value.value.value, "v");
  EXPECT_EQ(f.types.value[1].value.scale.value, 2u);
  EXPECT_EQ(f.metadata.value[0].value.name.value, "user");
  EXPECT_EQ(f.number_of_rows.value, 100u);
  EXPECT_EQ(f.statistics.value.size(), 1u);
  EXPECT_EQ(f.row_index_stride.value, 10000u);
  EXPECT_EQ(f.writer.value, 1u);
  const Encryption& e = f.encryption.value;
  EXPECT_EQ(e.mask.value[0].value.columns.value[0].value, 1u);
  EXPECT_EQ(e.key.value[0].value.key_name.value, "pii");
  EXPECT_EQ(e.variants.value[0].value.stripe_statistics.value[0].value.length
                .value,
            5u);
  EXPECT_EQ(e.key_provider.value, 1);
  EXPECT_EQ(f.calendar.value, 2);
  EXPECT_EQ(f.software_version.value, "1.9.0");
  // The list of types runs from the first type's body to the last's.
  EXPECT_EQ(f.types.header, f.types.value[0].header);
  EXPECT_EQ(f.types.span.end(), f.types.value[2].span.end());
}

TEST(OrcMetadataDecoder, FooterFaultInNestedList) {
  // types[1].subtypes packed run holding a truncated varint.
  Writer w;
  w.Len(4, Writer().Varint(1, kInt));
  w.Len(4, Writer().Varint(1, kList).Len(2, Writer().Byte(0x80)));
  Footer f;
  std::vector<Diagnostic> diags;
  EXPECT_FALSE(Decode(w.str(), DecodeFooter, &f, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufTruncated);
  EXPECT_EQ(diags[0].field, "types[1].subtypes[0]");
  EXPECT_EQ(diags[0].offset, w.size() - 1);
  EXPECT_EQ(diags[0].length, 1u);
}

TEST(OrcMetadataDecoder, StripeFooter) {
  Writer w;
  w.Len(1, Writer().Varint(1, kRowIndex).Varint(2, 1).Varint(3, 30));
  w.Len(1, Writer().Varint(1, kData).Varint(2, 1).Varint(3, 300));
  w.Len(2, Writer().Varint(1, kDirect));
  w.Len(2, Writer().Varint(1, kDictionaryV2).Varint(2, 17).Varint(3, 1));
  w.Len(3, "UTC");
  w.Len(4, Writer().Len(1, Writer().Varint(1, kEncryptedData))
               .Len(2, Writer().Varint(1, kDirectV2)));
  StripeFooter sf;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeStripeFooter, &sf, &diags));
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(sf.streams.value.size(), 2u);
  EXPECT_EQ(sf.streams.value[1].value.length.value, 300u);
  EXPECT_EQ(sf.columns.value[1].value.dictionary_size.value, 17u);
  EXPECT_EQ(sf.writer_timezone.value, "UTC");
  EXPECT_EQ(sf.encryption.value[0].value.encoding.value[0].value.kind.value,
            kDirectV2);
}

TEST(OrcMetadataDecoder, RowIndexAndBloomFilters) {
  Writer w;
  w.Len(1, Writer().Len(1, Writer().Raw(0).Raw(0).Raw(5))
               .Len(2, Writer().Varint(1, 3)));
  w.Len(1, Writer().Varint(1, 7).Varint(1, 8));  // unpacked positions
  RowIndex ri;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeRowIndex, &ri, &diags));
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(ri.entry.value.size(), 2u);
  EXPECT_EQ(ri.entry.value[0].value.positions.value[2].value, 5u);
  EXPECT_EQ(ri.entry.value[0].value.statistics.value.number_of_values.value,
            3u);
  EXPECT_EQ(ri.entry.value[1].value.positions.value[1].value, 8u);

  Writer b;
  b.Len(1, Writer().Varint(1, 3).Fixed64(2, 0xAB).Fixed64(2, 0xCD));
  b.Len(1, Writer().Varint(1, 3).Len(3, std::string(8, '\xFF')));
  BloomFilterIndex bfi;
  ASSERT_TRUE(Decode(b.str(), DecodeBloomFilterIndex, &bfi, &diags));
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(bfi.bloom_filter.value.size(), 2u);
  EXPECT_EQ(bfi.bloom_filter.value[0].value.bitset.value[1].value, 0xCDu);
  EXPECT_EQ(bfi.bloom_filter.value[1].value.utf8bitset.value.size(), 8u);
}

TEST(OrcMetadataDecoder, MetadataAndColumnarStatistics) {
  Writer w;
  w.Len(1, Writer().Len(1, ColumnStats()).Len(1, Writer().Varint(1, 2)));
  w.Len(1, Writer());
  Metadata md;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeMetadata, &md, &diags));
  EXPECT_TRUE(diags.empty());
  ASSERT_EQ(md.stripe_stats.value.size(), 2u);
  EXPECT_EQ(md.stripe_stats.value[0].value.col_stats.value.size(), 2u);
  EXPECT_TRUE(md.stripe_stats.value[1].present);
  EXPECT_TRUE(md.stripe_stats.value[1].value.col_stats.value.empty());

  Writer c;
  c.Len(1, Writer().Varint(1, 4)).Len(1, Writer().Varint(10, 0));
  ColumnarStripeStatistics css;
  ASSERT_TRUE(Decode(c.str(), DecodeColumnarStripeStatistics, &css, &diags));
  ASSERT_EQ(css.col_stats.value.size(), 2u);
  EXPECT_FALSE(css.col_stats.value[1].value.has_null.value);
  EXPECT_TRUE(css.col_stats.value[1].value.has_null.present);
}

TEST(OrcMetadataDecoder, UnknownFieldIsNamedByItsMessage) {
  Writer w;
  w.Len(3, Writer().Varint(1, 3).Varint(99, 1));
  Footer f;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeFooter, &f, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufUnknownField);
  EXPECT_EQ(diags[0].field, "stripes[0]");
  EXPECT_EQ(diags[0].offset, 4u);
  EXPECT_EQ(diags[0].length, 2u);
}

TEST(OrcMetadataDecoder, WrongWireTypeInStream) {
  Writer w;
  w.Len(1, Writer().Len(1, "x").Varint(3, 8));  // kind as LEN
  StripeFooter sf;
  std::vector<Diagnostic> diags;
  ASSERT_TRUE(Decode(w.str(), DecodeStripeFooter, &sf, &diags));
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].code, Code::kProtobufWrongWireType);
  EXPECT_EQ(diags[0].field, "streams[0].kind");
  EXPECT_EQ(diags[0].offset, 2u);
  EXPECT_EQ(diags[0].length, 1u);
  EXPECT_FALSE(sf.streams.value[0].value.kind.present);
  EXPECT_EQ(sf.streams.value[0].value.length.value, 8u);
}

}  // namespace
}  // namespace colcheck::orc
