// Names the column of each ORC diagnostic (Diagnostic::column) from its
// field path and the type tree. In ORC a column is a type id:
//
//   footer.types[N]...                      column N
//   footer.statistics[N]...                 column N
//   metadata.stripe_stats[S].col_stats[N]   column N
//   stripes[S].columns[N], .column[N], .footer.columns[N], .row_index[N],
//   .bloom_filter[N], .bloom_filter_utf8[N] column N
//
// The path names each type below the root as ORC's
// TypeDescription.getFullFieldName does: a struct field by its name, a
// list's element "_elem", a map's "_key" and "_value", a union's variants
// by their number ("a._elem.c"); names are quoted as core/column_path.h
// says. The root, column 0, has the empty path, like every diagnostic
// about no single column, and so does every column of a type tree that
// is not valid.

#ifndef COLCHECK_ORC_COLUMN_NAMES_H_
#define COLCHECK_ORC_COLUMN_NAMES_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "orc/metadata.h"
#include "orc/types.h"

namespace colcheck::orc {

class ColumnNamer {
 public:
  // `footer` and `types` must outlive the namer.
  ColumnNamer(const Footer& footer, const TypeTree& types);

  // The column path `field` concerns, or "" when it concerns no single one.
  std::string ColumnOfField(std::string_view field);

  // Sets the column of each of `diagnostics` that has none yet.
  void NameColumns(std::span<Diagnostic> diagnostics);

 private:
  std::string TypePath(size_t id);
  std::string_view ChildName(uint32_t parent, uint32_t child,
                             std::string* number);

  const Footer& footer_;
  const TypeTree& types_;
  // Each type's position among its parent's subtypes, built on first use:
  // a struct may have a million fields, so a search per step would not do.
  std::vector<uint32_t> position_;
};

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_COLUMN_NAMES_H_
