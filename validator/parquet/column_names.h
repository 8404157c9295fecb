// Names the column of each Parquet diagnostic (Diagnostic::column) from its
// field path and the rebuilt schema tree.
//
//   row_groups[r].columns[c]...  column c: the path of schema leaf c
//   column_orders[c]...          column c, likewise
//   schema[e]...                 element e, a leaf or a group
//
// Other fields concern no single column. The path is the schema's names
// from the root's child down, as `colcheck schema` prints them, quoted as
// core/column_path.h says; an element the tree did not reach, the root and
// a column past the schema's leaves get none.

#ifndef COLCHECK_PARQUET_COLUMN_NAMES_H_
#define COLCHECK_PARQUET_COLUMN_NAMES_H_

#include <span>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "parquet/metadata.h"
#include "parquet/schema.h"

namespace colcheck::parquet {

// The column path `field` concerns, or "" when it concerns no single one.
std::string ColumnOfField(const FileMetaData& md, const SchemaTree& tree,
                          std::string_view field);

// Sets the column of each of `diagnostics` that has none yet.
void NameColumns(const FileMetaData& md, const SchemaTree& tree,
                 std::span<Diagnostic> diagnostics);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_COLUMN_NAMES_H_
