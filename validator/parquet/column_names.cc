#include "parquet/column_names.h"

#include "core/column_path.h"

namespace colcheck::parquet {
namespace {

std::string ElementPath(const FileMetaData& md, const SchemaTree& tree,
                        size_t element) {
  const auto& schema = md.schema.value;
  if (element == 0 || element >= tree.nodes.size() ||
      element >= schema.size()) {
    return "";
  }
  // Parents precede their children, so the walk ends, within the depth
  // the rebuild allowed; -1 is an element the rebuild never placed.
  ColumnPath path;
  bool adding = true;
  auto i = static_cast<int32_t>(element);
  for (; i > 0; i = tree.nodes[i].parent) {
    adding = adding && path.AddParent(schema[i].value.name.value);
  }
  return i == 0 ? path.Take() : "";
}

std::string LeafPath(const FileMetaData& md, const SchemaTree& tree,
                     size_t column) {
  if (column >= tree.leaves.size()) return "";
  return ElementPath(md, tree, static_cast<size_t>(tree.leaves[column]));
}

}  // namespace

std::string ColumnOfField(const FileMetaData& md, const SchemaTree& tree,
                          std::string_view field) {
  size_t index = 0;
  std::string_view rest = field;
  if (TakeIndexed(&rest, "row_groups", &index)) {
    return TakeIndexed(&rest, "columns", &index) ? LeafPath(md, tree, index)
                                                 : "";
  }
  if (TakeIndexed(&rest, "column_orders", &index)) {
    return LeafPath(md, tree, index);
  }
  if (TakeIndexed(&rest, "schema", &index)) {
    return ElementPath(md, tree, index);
  }
  return "";
}

void NameColumns(const FileMetaData& md, const SchemaTree& tree,
                 std::span<Diagnostic> diagnostics) {
  for (Diagnostic& d : diagnostics) {
    if (d.column.empty()) d.column = ColumnOfField(md, tree, d.field);
  }
}

}  // namespace colcheck::parquet
