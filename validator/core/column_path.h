// Column paths: the dotted names a diagnostic's `column` carries
// (docs/columns.md).
//
// Both formats link each node to its parent, so a path is built leaf
// first, walking up:
//
//   ColumnPath path;
//   for (int i = leaf; i != root; i = parent[i]) {
//     if (!path.AddParent(name[i])) break;  // Full: stop walking.
//   }
//   diagnostic.column = path.Take();

#ifndef COLCHECK_CORE_COLUMN_PATH_H_
#define COLCHECK_CORE_COLUMN_PATH_H_

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck {

// Appends `name` to `out` as one name of a column path: as it is, or
// between backticks with its backticks doubled when it is empty or holds a
// '.' or a '`', so that the dots of a path always separate names (ORC's
// TypeDescription quotes field names with backticks the same way).
void AppendColumnName(std::string_view name, std::string* out);

// Names from a column up to the root's child, joined root first. At most
// limits::kMaxColumnPathBytes: past that, the names nearest the root are
// left out and the path starts with "…" as a name of its own
// ("….c.d"); a single name longer than that is cut and ends with "…".
class ColumnPath {
 public:
  // Adds the name of the node above the ones added so far (the first call
  // adds the column's own name). Returns false once the path is full; the
  // walk may stop there.
  bool AddParent(std::string_view name);

  // The path, root first. The builder is spent.
  std::string Take();

 private:
  std::vector<std::string> names_;  // Leaf first, each already quoted.
  size_t bytes_ = 0;                // Of names_ and the dots between.
  bool full_ = false;     // Names added from now on are dropped.
  bool dropped_ = false;  // An ancestor's name was: the path starts with "…".
};

// Reads `name[N]` off the front of a diagnostic field path, with the '.'
// after it, so that "row_groups[2].columns[5].meta_data" gives 2 and then
// 5. Returns false, leaving `path` alone, when it does not start so or the
// index is not a plain decimal that fits.
bool TakeIndexed(std::string_view* path, std::string_view name,
                 size_t* index);

}  // namespace colcheck

#endif  // COLCHECK_CORE_COLUMN_PATH_H_
