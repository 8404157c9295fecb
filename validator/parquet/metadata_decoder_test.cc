#include "parquet/metadata_decoder.h"

#include <gtest/gtest.h>

#include <vector>

#include "core/diagnostics.h"
#include "core/limits.h"
#include "testing/compact_writer.h"
#include "testing/minimal_file.h"

namespace colcheck::parquet {
namespace {

using testing::CompactWriter;
using thrift::WireType;

struct Decoded {
  bool ok;
  std::vector<Diagnostic> diagnostics;
};

template <typename T, typename F>
Decoded DecodeWith(const CompactWriter& w, F decode, T* out) {
  DiagnosticSink sink;
  thrift::Decoder d(w.Reader(), &sink);
  Decoded r;
  r.ok = decode(d, out);
  r.diagnostics = sink.Take();
  return r;
}

TEST(MetadataDecoderTest, FileMetaDataKeepsFieldSpans) {
  const testing::MinimalFile f = testing::BuildMinimalFile();
  DiagnosticSink sink;
  ByteReader footer(std::span(f.bytes).subspan(f.footer.offset,
                                               f.footer.length),
                    f.footer.offset);
  thrift::Decoder d(footer, &sink);
  FileMetaData md;
  ASSERT_TRUE(DecodeFileMetaData(d, &md));
  EXPECT_FALSE(sink.has_errors());
  EXPECT_TRUE(d.reader().empty());
  EXPECT_EQ(md.version.value, 2);
  EXPECT_EQ(md.version.span, f.version.value);
  EXPECT_EQ(md.version.header, f.version.header);
  ASSERT_EQ(md.schema.value.size(), 2u);
  EXPECT_EQ(md.schema.value[0].value.num_children.span,
            f.root_num_children.value);
  EXPECT_EQ(md.schema.value[1].value.name.value, "a");
  EXPECT_EQ(md.num_rows.span, f.file_num_rows.value);
  ASSERT_EQ(md.row_groups.value.size(), 1u);
  const ColumnChunk& chunk = md.row_groups.value[0].value.columns.value[0].value;
  ASSERT_TRUE(chunk.meta_data.present);
  EXPECT_EQ(chunk.meta_data.value.data_page_offset.span,
            f.data_page_offset.value);
  EXPECT_EQ(chunk.meta_data.value.path_in_schema.value[0].value, "a");
}

TEST(MetadataDecoderTest, LogicalTypeMembers) {
  CompactWriter w(10);
  w.FieldHeader(8, WireType::kStruct);  // TIMESTAMP
  w.BeginStruct();
  const auto utc = w.BoolField(1, true);
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.FieldHeader(2, WireType::kStruct);  // MICROS
  w.BeginStruct();
  w.EndStruct();
  w.EndStruct();
  w.EndStruct();
  w.EndStruct();
  LogicalType t;
  const Decoded r = DecodeWith(w, DecodeLogicalType, &t);
  ASSERT_TRUE(r.ok);
  EXPECT_TRUE(r.diagnostics.empty());
  EXPECT_EQ(t.id, kLogicalTimestamp);
  EXPECT_EQ(t.time.unit.value, kMicros);
  EXPECT_TRUE(t.time.is_adjusted_to_utc.value);
  EXPECT_EQ(t.time.is_adjusted_to_utc.span, utc.header);
  EXPECT_EQ(t.member_span.offset, 10u);
  EXPECT_EQ(t.member_span.length, w.size() - 1);  // All but the union STOP.
}

TEST(MetadataDecoderTest, UnknownLogicalTypeMemberIsUnsupported) {
  CompactWriter w(0);
  const ByteSpan header = w.FieldHeader(42, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  w.EndStruct();
  LogicalType t;
  const Decoded r = DecodeWith(w, DecodeLogicalType, &t);
  ASSERT_TRUE(r.ok);
  EXPECT_EQ(t.id, kLogicalNone);
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kThriftUnknownField);
  EXPECT_EQ(r.diagnostics[0].offset, header.offset);
  EXPECT_EQ(r.diagnostics[1].code, Code::kThriftUnknownUnionMember);
  EXPECT_EQ(r.diagnostics[1].offset, 0u);
  EXPECT_EQ(r.diagnostics[1].length, w.size());
}

TEST(MetadataDecoderTest, DecimalTypeRequiresBothFields) {
  CompactWriter w(0);
  w.FieldHeader(5, WireType::kStruct);  // DECIMAL
  w.BeginStruct();
  w.I32Field(1, 2);  // scale only
  const ByteSpan decimal = w.EndStruct();
  w.EndStruct();
  LogicalType t;
  const Decoded r = DecodeWith(w, DecodeLogicalType, &t);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kThriftMissingRequired);
  EXPECT_EQ(r.diagnostics[0].offset, decimal.offset);
  EXPECT_EQ(r.diagnostics[0].length, decimal.length);
  EXPECT_EQ(r.diagnostics[0].field, "DECIMAL");
}

TEST(MetadataDecoderTest, ForeignCollectionOnNewerFieldIsAWarning) {
  // Dremio's parquet-mr fork wrote a list at ColumnMetaData id 15.
  CompactWriter w(0);
  w.I32Field(1, 1);
  w.FieldHeader(2, WireType::kList);
  w.ListHeader(WireType::kI32, 0);
  w.FieldHeader(3, WireType::kList);
  w.ListHeader(WireType::kBinary, 1);
  w.Binary("a");
  w.I32Field(4, 0);
  w.I64Field(5, 1);
  w.I64Field(6, 1);
  w.I64Field(7, 1);
  w.I64Field(9, 4);
  const ByteSpan foreign = w.FieldHeader(15, WireType::kList);
  w.ListHeader(WireType::kI32, 2);
  w.I32(7);
  w.I32(8);
  // A scalar where the struct SizeStatistics belongs is no fork's shape.
  const auto after = w.I64Field(16, 0);
  w.EndStruct();
  ColumnMetaData cmd;
  const Decoded r = DecodeWith(w, DecodeColumnMetaData, &cmd);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 2u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kThriftForeignField);
  EXPECT_EQ(r.diagnostics[0].offset, foreign.offset);
  EXPECT_EQ(r.diagnostics[0].severity, Severity::kWarning);
  EXPECT_EQ(r.diagnostics[1].code, Code::kThriftWrongType);
  EXPECT_EQ(r.diagnostics[1].offset, after.header.offset);
  EXPECT_EQ(r.diagnostics[1].severity, Severity::kError);
  EXPECT_FALSE(cmd.bloom_filter_length.present);
  EXPECT_EQ(cmd.data_page_offset.value, 4);
}

TEST(MetadataDecoderTest, WrongTypeOnOlderFieldIsAnError) {
  CompactWriter w(0);
  w.BinaryField(4, "x");
  const auto children = w.I64Field(5, 3);  // num_children is an i32.
  w.EndStruct();
  SchemaElement e;
  const Decoded r = DecodeWith(w, DecodeSchemaElement, &e);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kThriftWrongType);
  EXPECT_EQ(r.diagnostics[0].offset, children.header.offset);
  EXPECT_EQ(r.diagnostics[0].length, children.header.length);
  EXPECT_EQ(r.diagnostics[0].field, "num_children");
  EXPECT_FALSE(e.num_children.present);
}

TEST(MetadataDecoderTest, SchemaElementNeedsAName) {
  CompactWriter w(0);
  w.I32Field(5, 1);
  const ByteSpan element = w.EndStruct();
  SchemaElement e;
  const Decoded r = DecodeWith(w, DecodeSchemaElement, &e);
  ASSERT_TRUE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kThriftMissingRequired);
  EXPECT_EQ(r.diagnostics[0].offset, element.offset);
  EXPECT_EQ(r.diagnostics[0].length, element.length);
}

TEST(MetadataDecoderTest, ColumnOrderUnionWithTwoMembers) {
  CompactWriter w(0);
  w.FieldHeader(7, WireType::kList);
  w.ListHeader(WireType::kStruct, 1);
  w.BeginStruct();
  w.FieldHeader(1, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  w.FieldHeader(2, WireType::kStruct);
  w.BeginStruct();
  w.EndStruct();
  const ByteSpan order = w.EndStruct();
  w.EndStruct();
  FileMetaData md;
  const Decoded r = DecodeWith(w, DecodeFileMetaData, &md);
  ASSERT_TRUE(r.ok);
  bool found = false;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code == Code::kThriftUnionMemberCount) {
      found = true;
      EXPECT_EQ(d.offset, order.offset);
      EXPECT_EQ(d.length, order.length);
      EXPECT_EQ(d.field, "column_orders[0]");
    }
  }
  EXPECT_TRUE(found);
}

// Decodes a RowGroup whose columns list holds `n` one-byte empty structs
// and expects the budget to stop it at the list header.
void ExpectModelSizeLimit(uint64_t n) {
  CompactWriter w(0);
  w.FieldHeader(1, WireType::kList);
  const ByteSpan header = w.ListHeader(WireType::kStruct, n);
  w.Fill(n, 0x00);
  w.EndStruct();
  RowGroup rg;
  const Decoded r = DecodeWith(w, DecodeRowGroup, &rg);
  EXPECT_FALSE(r.ok);
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].code, Code::kLimitsModelSize);
  EXPECT_EQ(r.diagnostics[0].offset, header.offset);
  EXPECT_EQ(r.diagnostics[0].length, header.length);
  EXPECT_EQ(r.diagnostics[0].field, "columns");
}

TEST(MetadataDecoderTest, ModelMemoryIsChargedBeforeReserving) {
  // Enough empty structs that their model would pass the absolute cap.
  ExpectModelSizeLimit(limits::kMaxModelBytes / sizeof(Spanned<ColumnChunk>) +
                       1);
}

TEST(MetadataDecoderTest, ModelBudgetScalesWithTheInput) {
  // 100,000 empty column chunks in 100 KB would need ~200 MB of model,
  // far more per input byte than real metadata ever takes.
  const uint64_t n = 100000;
  ASSERT_GT(n * sizeof(Spanned<ColumnChunk>), limits::ModelBudget(n + 8));
  ExpectModelSizeLimit(n);
}

TEST(MetadataDecoderTest, ModelBudgetBounds) {
  EXPECT_EQ(limits::ModelBudget(0), limits::kModelBytesFloor);
  EXPECT_EQ(limits::ModelBudget(1 << 20),
            limits::kModelBytesFloor + (uint64_t{128} << 20));
  EXPECT_EQ(limits::ModelBudget(uint64_t{1} << 40), limits::kMaxModelBytes);
  EXPECT_EQ(limits::ModelBudget(~uint64_t{0}), limits::kMaxModelBytes);
}

}  // namespace
}  // namespace colcheck::parquet
