// The schema tree, rebuilt from FileMetaData.schema.
//
// Parquet flattens the schema into a depth-first pre-order list: each group
// says how many children follow it (num_children), and leaves have none.
//
//   schema[0] root (num_children=2)
//   schema[1]   a (group, num_children=1)
//   schema[2]     b (leaf: column 0)
//   schema[3]   c (leaf: column 1)
//
// BuildSchemaTree walks that list once, iteratively, and reports the faults
// that stop a tree from being rebuilt (schema.*). Rules that need a sound
// tree run only when `ok` is true.

#ifndef COLCHECK_PARQUET_SCHEMA_H_
#define COLCHECK_PARQUET_SCHEMA_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "parquet/metadata.h"

namespace colcheck::parquet {

struct SchemaNode {
  int32_t parent = -1;            // Element index of the parent; -1 at root.
  std::vector<int32_t> children;  // Element indices.
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  int32_t depth = 0;   // The root is 0.
  int32_t column = -1;  // Leaf column index; -1 for groups.
  bool is_leaf() const { return column >= 0; }
};

struct SchemaTree {
  // Indexed like FileMetaData.schema. Elements the rebuild did not reach
  // (orphans, or everything after a fault) keep default nodes.
  std::vector<SchemaNode> nodes;
  // The element index of each leaf, in column order.
  std::vector<int32_t> leaves;
  // True when the whole list rebuilt into one tree without a fault.
  bool ok = false;

  // The names from the root's child down to `element`: the column path.
  std::vector<std::string_view> Path(const FileMetaData& md,
                                     int32_t element) const;
};

// Rebuilds the tree and computes levels, reporting schema.empty,
// schema.root-not-group, schema.negative-num-children,
// schema.num-children-exceeds-elements, schema.orphaned-elements and
// limits.schema-depth.
SchemaTree BuildSchemaTree(const FileMetaData& md, DiagnosticSink& sink);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_SCHEMA_H_
