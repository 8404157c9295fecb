// Test helpers that build a footer model, its schema tree and the file
// layout directly in C++, so rule tests need no bytes and no decoder.
//
//   MetadataBuilder b;
//   b.AddLeaf("id", parquet::kInt64);
//   b.AddRowGroup(10);
//   b.Finish();
//   b.meta(0, 0).codec = b.Field<int32_t>(42);
//   EXPECT_THAT(b.Run(parquet::CheckRowGroups),
//               ElementsAre(IsDiagnostic(Code::kMetadataInvalidCodec,
//                                        b.meta(0, 0).codec.span,
//                                        "row_groups[0].columns[0]"
//                                        ".meta_data.codec")));
//
// The builder gives every field it writes a span of its own, in increasing
// order, so a test that compares a diagnostic's span with a field's span
// fails when the diagnostic points at any other field.

#ifndef COLCHECK_TESTING_METADATA_BUILDER_H_
#define COLCHECK_TESTING_METADATA_BUILDER_H_

#include <gmock/gmock.h>

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "parquet/metadata.h"
#include "parquet/rules.h"
#include "parquet/schema.h"
#include "testing/diagnostics.h"

namespace colcheck::testing {

// validator/inspect's tests still call Describe by this name.
inline std::string Dump(const std::vector<Diagnostic>& diagnostics) {
  return Describe(diagnostics);
}

// A LogicalType union holding member `id` (kLogicalFloat16, ...).
inline parquet::LogicalType Logical(int16_t id) {
  parquet::LogicalType t;
  t.id = id;
  return t;
}

// Builds a FileMetaData whose schema is a root group with leaves (and
// optionally groups) below it, a SchemaTree that matches it, and row groups
// whose chunks lie back to back in the data region. After Finish() the model
// passes every metadata rule; tests then break one field at a time.
class MetadataBuilder {
 public:
  // Field spans start here, far above any data offset the builder uses, so
  // a field span is never mistaken for a data offset.
  static constexpr uint64_t kFieldSpanBase = 1'000'000;
  static constexpr uint64_t kDataBegin = 4;

  MetadataBuilder() {
    parquet::SchemaElement root;
    root.name = Field<std::string_view>("schema");
    root.num_children = Field<int32_t>(0);
    md_.schema = Field(std::vector{Field(root, 10)}, 40);
    tree_.nodes.push_back(parquet::SchemaNode{});
    tree_.ok = true;
  }

  // A present field with a fresh span of `length` bytes.
  template <typename T>
  Spanned<T> Field(T value, uint64_t length = 1) {
    Spanned<T> s;
    s.value = std::move(value);
    s.header = {next_span_, 1};
    s.span = {next_span_ + 1, length};
    s.present = true;
    next_span_ += length + 1;
    return s;
  }
  // A present list, from the elements' Field()s.
  template <typename T>
  SpannedList<T> Field(std::vector<Spanned<T>> items, uint64_t length = 1) {
    return Field(ModelList<Spanned<T>>(items.begin(), items.end()), length);
  }

  // Adds a group under `parent` (an element index, 0 for the root) and
  // returns its element index. Add its children right after it: the schema
  // list is depth-first.
  int32_t AddGroup(std::string_view name, int32_t parent = 0) {
    parquet::SchemaElement e;
    e.name = Field(name);
    e.repetition_type = Field<int32_t>(parquet::kRequired);
    e.num_children = Field<int32_t>(0);
    return AddElement(e, parent, /*leaf=*/false);
  }

  // Adds a leaf under `parent` and returns its column index.
  int32_t AddLeaf(std::string_view name, int32_t type, int32_t type_length = 0,
                  int32_t parent = 0) {
    parquet::SchemaElement e;
    e.name = Field(name);
    e.type = Field(type);
    if (type == parquet::kFixedLenByteArray) {
      e.type_length = Field(type_length);
    }
    e.repetition_type = Field<int32_t>(parquet::kOptional);
    AddElement(e, parent, /*leaf=*/true);
    return static_cast<int32_t>(tree_.leaves.size()) - 1;
  }

  // The schema element of leaf column `column`.
  parquet::SchemaElement& leaf(int32_t column) {
    return md_.schema.value[tree_.leaves[column]].value;
  }

  // Adds a row group of `num_rows` rows with one chunk per leaf, each chunk
  // `chunk_size` bytes long and holding `num_rows` values, placed right after
  // the previous chunk.
  parquet::RowGroup& AddRowGroup(int64_t num_rows, int64_t chunk_size = 100) {
    parquet::RowGroup rg;
    ModelList<Spanned<parquet::ColumnChunk>> columns;
    const int64_t first = static_cast<int64_t>(next_data_);
    for (size_t c = 0; c < tree_.leaves.size(); ++c) {
      columns.push_back(Field(MakeChunk(c, num_rows, chunk_size), 20));
    }
    rg.columns = Field(std::move(columns), 30);
    rg.num_rows = Field(num_rows);
    rg.total_byte_size =
        Field(chunk_size * static_cast<int64_t>(tree_.leaves.size()));
    rg.total_compressed_size =
        Field(chunk_size * static_cast<int64_t>(tree_.leaves.size()));
    rg.file_offset = Field(first);
    rg.ordinal = Field(static_cast<int16_t>(md_.row_groups.value.size()));
    md_.row_groups.value.push_back(Field(std::move(rg), 50));
    return md_.row_groups.value.back().value;
  }

  // Fills the file-level fields from what was added: num_rows, version,
  // created_by, column_orders (TYPE_ORDER for every leaf) and the layout,
  // with the footer right after the last chunk.
  void Finish() {
    md_.version = Field<int32_t>(1);
    int64_t rows = 0;
    for (const auto& rg : md_.row_groups.value) rows += rg.value.num_rows.value;
    md_.num_rows = Field(rows);
    md_.row_groups = Field(std::move(md_.row_groups.value), 10);
    md_.created_by =
        Field<std::string_view>("parquet-cpp-arrow version 15.0.0", 32);
    ModelList<Spanned<parquet::ColumnOrder>> orders;
    for (size_t c = 0; c < tree_.leaves.size(); ++c) {
      orders.push_back(
          Field(parquet::ColumnOrder{parquet::kTypeDefinedOrder}, 2));
    }
    md_.column_orders = Field(std::move(orders), 5);
    layout_.metadata = {next_data_, 5000};
    layout_.file_size = next_data_ + 5000 + 8;
  }

  // Runs one rule function over the model and returns what it reported.
  std::vector<Diagnostic> Run(void (*check)(const parquet::RuleContext&)) {
    DiagnosticSink sink;
    const parquet::RuleContext ctx{md_, tree_, layout_, sink};
    check(ctx);
    return sink.Take();
  }

  parquet::FileMetaData& md() { return md_; }
  parquet::SchemaTree& tree() { return tree_; }
  parquet::FileLayout& layout() { return layout_; }
  parquet::RowGroup& row_group(size_t rg) {
    return md_.row_groups.value[rg].value;
  }
  parquet::ColumnChunk& chunk(size_t rg, size_t c) {
    return row_group(rg).columns.value[c].value;
  }
  parquet::ColumnMetaData& meta(size_t rg, size_t c) {
    return chunk(rg, c).meta_data.value;
  }
  parquet::Statistics& stats(size_t rg, size_t c) {
    Spanned<parquet::Statistics>& s = chunk(rg, c).meta_data.value.statistics;
    if (!s.present) s = Field(parquet::Statistics{}, 40);
    return s.value;
  }
  // The first byte after the last chunk: where the footer starts.
  uint64_t data_end() const { return next_data_; }

 private:
  int32_t AddElement(const parquet::SchemaElement& e, int32_t parent,
                     bool leaf) {
    const int32_t index = static_cast<int32_t>(md_.schema.value.size());
    md_.schema.value.push_back(Field(e, 10));
    parquet::SchemaNode node;
    node.parent = parent;
    node.depth = tree_.nodes[parent].depth + 1;
    node.max_definition_level =
        static_cast<int16_t>(tree_.nodes[parent].max_definition_level + 1);
    if (leaf) {
      node.column = static_cast<int32_t>(tree_.leaves.size());
      tree_.leaves.push_back(index);
    }
    tree_.nodes.push_back(node);
    tree_.nodes[parent].children.push_back(index);
    Spanned<int32_t>& num_children =
        md_.schema.value[parent].value.num_children;
    num_children.value += 1;
    return index;
  }

  ModelList<Spanned<std::string_view>> PathOf(int32_t element) {
    ModelList<Spanned<std::string_view>> path;
    for (int32_t e = element; e > 0; e = tree_.nodes[e].parent) {
      path.insert(path.begin(), Field(md_.schema.value[e].value.name.value, 4));
    }
    return path;
  }

  parquet::ColumnChunk MakeChunk(size_t column, int64_t num_rows,
                                 int64_t chunk_size) {
    const int32_t element = tree_.leaves[column];
    parquet::ColumnMetaData m;
    m.type = Field(md_.schema.value[element].value.type.value);
    m.encodings = Field(std::vector{Field<int32_t>(parquet::kPlain),
                                    Field<int32_t>(parquet::kRle)},
                        3);
    m.path_in_schema = Field(PathOf(element), 8);
    m.codec = Field<int32_t>(parquet::kUncompressed);
    m.num_values = Field(num_rows);
    m.total_uncompressed_size = Field(chunk_size);
    m.total_compressed_size = Field(chunk_size);
    m.data_page_offset = Field(static_cast<int64_t>(next_data_));
    next_data_ += static_cast<uint64_t>(chunk_size);
    parquet::ColumnChunk chunk;
    chunk.file_offset = Field<int64_t>(0);
    chunk.meta_data = Field(std::move(m), 60);
    return chunk;
  }

  parquet::FileMetaData md_;
  parquet::SchemaTree tree_;
  parquet::FileLayout layout_;
  uint64_t next_span_ = kFieldSpanBase;
  uint64_t next_data_ = kDataBegin;
};

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_METADATA_BUILDER_H_
