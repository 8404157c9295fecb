// Test helpers that build FileMetaData.schema directly in the model, with a
// distinct, predictable span for every field, and run the schema rules.
//
//   testing::SchemaBuilder b;
//   b.Root(1).Group("m", kOptional, 1).Converted(kMap)
//       .Group("key_value", kRepeated, 1)
//       .Leaf("key", kRequired, kInt32);
//   std::vector<Diagnostic> d = testing::RunSchemaRules(b.md());
//   EXPECT_TRUE(testing::HasDiagnostic(d, Code::kX, b.el(3).num_children.span,
//                                      "schema[3].num_children"));

#ifndef COLCHECK_TESTING_SCHEMA_BUILDER_H_
#define COLCHECK_TESTING_SCHEMA_BUILDER_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "core/strings.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
#include "testing/diagnostics.h"

namespace colcheck::testing {

// Element i occupies [kSchemaBase + i * kElementStride, + kElementStride);
// each field sits at its own offset inside, so a test that expects one
// field's span cannot pass with another's.
inline constexpr uint64_t kSchemaBase = 1000;
inline constexpr uint64_t kElementStride = 100;

// Builds a schema list element by element, in pre-order. Modifiers apply to
// the element added last. The model's names point into the builder, so the
// builder must outlive md().
class SchemaBuilder {
 public:
  SchemaBuilder() { md_.schema.present = true; }
  SchemaBuilder(const SchemaBuilder&) = delete;
  SchemaBuilder& operator=(const SchemaBuilder&) = delete;

  // The root group, named "schema", without a repetition_type.
  SchemaBuilder& Root(int32_t num_children) {
    Add("schema");
    return NumChildren(num_children);
  }
  SchemaBuilder& Group(std::string_view name, int32_t repetition,
                       int32_t num_children) {
    Add(name);
    Repetition(repetition);
    return NumChildren(num_children);
  }
  SchemaBuilder& Leaf(std::string_view name, int32_t repetition,
                      int32_t physical) {
    Add(name);
    Repetition(repetition);
    return Type(physical);
  }
  SchemaBuilder& Flba(std::string_view name, int32_t repetition,
                      int32_t length) {
    Leaf(name, repetition, parquet::kFixedLenByteArray);
    return TypeLength(length);
  }

  SchemaBuilder& Type(int32_t v) { return Set(&E::type, v, 2, 1); }
  SchemaBuilder& TypeLength(int32_t v) { return Set(&E::type_length, v, 6, 2); }
  SchemaBuilder& Repetition(int32_t v) {
    return Set(&E::repetition_type, v, 10, 1);
  }
  SchemaBuilder& NumChildren(int32_t v) {
    return Set(&E::num_children, v, 40, 2);
  }
  SchemaBuilder& Converted(int32_t v) {
    return Set(&E::converted_type, v, 44, 1);
  }
  // SchemaElement.precision and .scale, the copies of a DecimalType.
  SchemaBuilder& Decimal(int32_t precision, int32_t scale) {
    Set(&E::precision, precision, 52, 1);
    return Set(&E::scale, scale, 48, 1);
  }
  SchemaBuilder& Precision(int32_t v) { return Set(&E::precision, v, 52, 1); }
  SchemaBuilder& Scale(int32_t v) { return Set(&E::scale, v, 48, 1); }
  SchemaBuilder& FieldId(int32_t v) { return Set(&E::field_id, v, 56, 2); }

  // A LogicalType union holding member `id` with no payload.
  SchemaBuilder& Logical(int16_t id) {
    StartLogical(id);
    return *this;
  }
  SchemaBuilder& LogicalDecimal(int32_t precision, int32_t scale) {
    parquet::LogicalType& lt = StartLogical(parquet::kLogicalDecimal);
    lt.decimal.scale = Field(scale, 64, 1);
    lt.decimal.precision = Field(precision, 67, 1);
    return *this;
  }
  // TIME or TIMESTAMP (`id`), with a TimeUnit member id (0: none known).
  SchemaBuilder& LogicalTime(int16_t id, int16_t unit, bool utc) {
    parquet::LogicalType& lt = StartLogical(id);
    lt.time.is_adjusted_to_utc = Field(utc, 64, 1);
    lt.time.unit = Field(unit, 67, 4);
    return *this;
  }
  SchemaBuilder& LogicalInt(int8_t bit_width, bool is_signed) {
    parquet::LogicalType& lt = StartLogical(parquet::kLogicalInteger);
    lt.integer.bit_width = Field(bit_width, 64, 1);
    lt.integer.is_signed = Field(is_signed, 67, 1);
    return *this;
  }

  // Avoids regrowing the list in tests that build huge schemas.
  SchemaBuilder& Reserve(size_t elements) {
    md_.schema.value.reserve(elements);
    return *this;
  }

  // The element added last, for changes the modifiers do not cover.
  parquet::SchemaElement& Last() { return md_.schema.value.back().value; }

  const parquet::FileMetaData& md() const { return md_; }
  parquet::FileMetaData& mutable_md() { return md_; }
  // Element i as built.
  const parquet::SchemaElement& el(size_t i) const {
    return md_.schema.value.at(i).value;
  }
  ByteSpan span(size_t i) const { return md_.schema.value.at(i).span; }

 private:
  using E = parquet::SchemaElement;

  uint64_t Base() const {
    return kSchemaBase + (md_.schema.value.size() - 1) * kElementStride;
  }

  template <typename T>
  Spanned<T> Field(T value, uint64_t offset, uint64_t length) const {
    Spanned<T> s;
    s.value = value;
    s.span = {Base() + offset, length};
    s.header = {Base() + offset - 1, 1};
    s.present = true;
    return s;
  }

  void Add(std::string_view name) {
    names_.emplace_back(name);
    md_.schema.value.emplace_back();
    md_.schema.value.back().present = true;
    md_.schema.value.back().span = {Base(), kElementStride};
    Last().name =
        Field<std::string_view>(names_.back(), 14, names_.back().size());
    md_.schema.span = Join({kSchemaBase, 0}, md_.schema.value.back().span);
  }

  SchemaBuilder& Set(Spanned<int32_t> E::*field, int32_t value, uint64_t offset,
                     uint64_t length) {
    Last().*field = Field(value, offset, length);
    return *this;
  }

  parquet::LogicalType& StartLogical(int16_t id) {
    Spanned<parquet::LogicalType>& lt = Last().logical_type;
    lt = Field(parquet::LogicalType{}, 60, 20);
    lt.value.id = id;
    lt.value.member_span = {Base() + 61, 10};
    return lt.value;
  }

  parquet::FileMetaData md_;
  std::deque<std::string> names_;  // Stable addresses for the views.
};

// Rebuilds the tree and runs CheckSchema and CheckLogicalTypes, as the
// validator does; returns the diagnostics sorted by offset.
inline std::vector<Diagnostic> RunSchemaRules(const parquet::FileMetaData& md) {
  DiagnosticSink sink;
  const parquet::SchemaTree tree = parquet::BuildSchemaTree(md, sink);
  const parquet::FileLayout layout;
  const parquet::RuleContext ctx{md, tree, layout, sink};
  parquet::CheckSchema(ctx);
  parquet::CheckLogicalTypes(ctx);
  return sink.Take();
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_SCHEMA_BUILDER_H_
