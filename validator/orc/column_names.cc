#include "orc/column_names.h"

#include "core/column_path.h"

namespace colcheck::orc {
namespace {

// The column id a stripe's field names, after "stripes[S].".
bool TakeStripeColumn(std::string_view rest, size_t* column) {
  if (rest.starts_with("footer.")) rest.remove_prefix(7);
  for (const std::string_view name :
       {"columns", "column", "row_index", "bloom_filter", "bloom_filter_utf8"}) {
    std::string_view field = rest;
    if (TakeIndexed(&field, name, column)) return true;
  }
  return false;
}

// The column id `field` names, if any.
bool TakeColumn(std::string_view field, size_t* column) {
  size_t index = 0;
  std::string_view rest = field;
  if (TakeIndexed(&rest, "stripes", &index)) {
    return TakeStripeColumn(rest, column);
  }
  if (rest.starts_with("footer.")) {
    rest.remove_prefix(7);
    return TakeIndexed(&rest, "types", column) ||
           TakeIndexed(&rest, "statistics", column);
  }
  if (rest.starts_with("metadata.")) {
    rest.remove_prefix(9);
    return TakeIndexed(&rest, "stripe_stats", &index) &&
           TakeIndexed(&rest, "col_stats", column);
  }
  return false;
}

}  // namespace

ColumnNamer::ColumnNamer(const Footer& footer, const TypeTree& types)
    : footer_(footer), types_(types) {}

std::string_view ColumnNamer::ChildName(uint32_t parent, uint32_t child,
                                        std::string* number) {
  const Type& type = footer_.types.value[parent].value;
  const uint32_t position = position_[child];
  switch (type.kind.value) {
    case kList:
      return "_elem";
    case kMap:
      return position == 0 ? "_key" : "_value";
    case kUnion:
      *number = std::to_string(position);
      return *number;
    default: {
      // A struct; a missing name was reported by the type rules.
      const auto& names = type.field_names.value;
      return position < names.size() ? names[position].value : "";
    }
  }
}

std::string ColumnNamer::TypePath(size_t id) {
  const auto& types = footer_.types.value;
  if (!types_.valid || id == 0 || id >= types.size() ||
      types_.parent.size() != types.size()) {
    return "";
  }
  if (position_.empty()) {
    position_.assign(types.size(), 0);
    for (const auto& type : types) {
      const auto& subtypes = type.value.subtypes.value;
      for (size_t j = 0; j < subtypes.size(); ++j) {
        // A valid tree names each id once and only ids that exist.
        const uint32_t child = subtypes[j].value;
        if (child < position_.size()) {
          position_[child] = static_cast<uint32_t>(j);
        }
      }
    }
  }
  // A valid tree numbers types in pre-order, so each parent id is below
  // its child's and the walk ends at the root.
  ColumnPath path;
  std::string number;
  for (auto i = static_cast<uint32_t>(id); i != 0; i = types_.parent[i]) {
    if (!path.AddParent(ChildName(types_.parent[i], i, &number))) break;
  }
  return path.Take();
}

std::string ColumnNamer::ColumnOfField(std::string_view field) {
  size_t column = 0;
  return TakeColumn(field, &column) ? TypePath(column) : "";
}

void ColumnNamer::NameColumns(std::span<Diagnostic> diagnostics) {
  for (Diagnostic& d : diagnostics) {
    if (d.column.empty()) d.column = ColumnOfField(d.field);
  }
}

}  // namespace colcheck::orc
