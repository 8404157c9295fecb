// Schema tree: the rebuild of FileMetaData.schema and the rules on it.
// parquet.thrift SchemaElement, LogicalTypes.md "Nested Types":
// https://github.com/apache/parquet-format/blob/master/LogicalTypes.md#nested-types
//
// Rebuild and per-element rules (parquet-rules.md §2.5) work on any list;
// the LIST, MAP and VARIANT shape rules (§2.6 rule 54, §2.7) need parents
// and children, so they run only on a tree that rebuilt without a fault.

#include "parquet/schema.h"

#include <algorithm>
#include <compare>
#include <string>
#include <utility>

#include "core/limits.h"
#include "core/strings.h"
#include "parquet/rules.h"

namespace colcheck::parquet {
namespace {

using Schema = ModelList<Spanned<SchemaElement>>;

// True when the element declares children; such an element is a group
// whatever else it says.
bool DeclaresChildren(const SchemaElement& e) {
  return e.num_children.present && e.num_children.value > 0;
}

// A span to report an absent field at: the element that should hold it.
ByteSpan FieldOrElement(const Spanned<int32_t>& field,
                        const Spanned<SchemaElement>& element) {
  return field.present ? field.span : element.span;
}

// ---------------------------------------------------------------------------
// Tree rebuild.

struct OpenGroup {
  int32_t element;
  int32_t remaining;  // Children still to be read.
};

// Fills in the node of a freshly reached element from its parent.
void PlaceNode(const Schema& schema, int32_t parent, int32_t element,
               SchemaTree& tree) {
  SchemaNode& node = tree.nodes[element];
  const SchemaNode& up = tree.nodes[parent];
  node.parent = parent;
  node.depth = up.depth + 1;
  node.max_definition_level = up.max_definition_level;
  node.max_repetition_level = up.max_repetition_level;
  const Spanned<int32_t>& rep = schema[element].value.repetition_type;
  // An absent or unknown repetition is reported by CheckSchema; counting it
  // as REQUIRED keeps the levels of the rest of the tree meaningful.
  if (rep.present && (rep.value == kOptional || rep.value == kRepeated)) {
    ++node.max_definition_level;
  }
  if (rep.present && rep.value == kRepeated) ++node.max_repetition_level;
  tree.nodes[parent].children.push_back(element);
}

// Checks a group's declared child count before it is trusted, so a hostile
// count cannot drive the walk past the list. Returns false on a fault.
bool CheckChildCount(const Schema& schema, int32_t element,
                     DiagnosticSink& sink) {
  const Spanned<int32_t>& count = schema[element].value.num_children;
  if (!count.present) return true;
  if (count.value < 0) {
    sink.Report(Code::kSchemaNegativeChildren, count.span,
                FieldPath("schema", element, "num_children"),
                StrCat("num_children is ", count.value));
    return false;
  }
  const int64_t following = static_cast<int64_t>(schema.size()) - 1 - element;
  if (count.value > following) {
    sink.Report(Code::kSchemaChildrenExceedElements, count.span,
                FieldPath("schema", element, "num_children"),
                StrCat("num_children is ", count.value, " but only ", following,
                       " elements follow"));
    return false;
  }
  return true;
}

// The leftover elements after the root's subtree: reported once, spanning
// the root's count (which is what is wrong, or what the writer forgot to
// bump) and every orphan.
void ReportOrphans(const Schema& schema, int32_t first_orphan,
                   DiagnosticSink& sink) {
  const Spanned<SchemaElement>& root = schema.front();
  const ByteSpan anchor = root.value.num_children.present
                              ? root.value.num_children.span
                              : root.span;
  const int64_t orphans = static_cast<int64_t>(schema.size()) - first_orphan;
  sink.Report(Code::kSchemaOrphanedElements, Join(anchor, schema.back().span),
              FieldPath("schema", 0, "num_children"),
              StrCat(orphans, " elements from schema[", first_orphan,
                     "] on are not reached from the root"));
}

}  // namespace

std::vector<std::string_view> SchemaTree::Path(const FileMetaData& md,
                                               int32_t element) const {
  std::vector<std::string_view> path;
  const Schema& schema = md.schema.value;
  if (element <= 0 || static_cast<size_t>(element) >= nodes.size() ||
      static_cast<size_t>(element) >= schema.size()) {
    return path;
  }
  // Parents always precede their children, so this walk terminates even on
  // a partially rebuilt tree.
  for (int32_t i = element; i > 0; i = nodes[i].parent) {
    path.push_back(schema[i].value.name.value);
  }
  std::reverse(path.begin(), path.end());
  return path;
}

SchemaTree BuildSchemaTree(const FileMetaData& md, DiagnosticSink& sink) {
  SchemaTree tree;
  const Schema& schema = md.schema.value;
  if (schema.empty()) {
    // An absent schema is already thrift.missing-required-field.
    if (md.schema.present) {
      sink.Report(Code::kSchemaEmpty, md.schema.span, "schema",
                  "the schema has no elements, not even the root");
    }
    return tree;
  }
  const int32_t n = static_cast<int32_t>(schema.size());
  tree.nodes.resize(schema.size());

  const SchemaElement& root = schema[0].value;
  if (root.type.present && !DeclaresChildren(root)) {
    sink.Report(Code::kSchemaRootIsLeaf, root.type.span,
                FieldPath("schema", 0, "type"),
                "the root has a physical type and no children");
    return tree;
  }
  if (!CheckChildCount(schema, 0, sink)) return tree;

  // An explicit stack of groups still waiting for children: schemas come
  // from untrusted files, so recursion depth must not follow the input.
  std::vector<OpenGroup> open;
  if (DeclaresChildren(root)) open.push_back({0, root.num_children.value});
  int32_t next = 1;
  while (!open.empty()) {
    if (open.back().remaining == 0) {
      open.pop_back();
      continue;
    }
    const int32_t parent = open.back().element;
    if (next >= n) {
      // Each count fit the elements after it, but nested counts together
      // claim more; the innermost unfinished group is the one left short.
      const Spanned<int32_t>& count = schema[parent].value.num_children;
      sink.Report(Code::kSchemaChildrenExceedElements, count.span,
                  FieldPath("schema", parent, "num_children"),
                  StrCat("the list ends with ", open.back().remaining,
                         " children of schema[", parent, "] still missing"));
      return tree;
    }
    --open.back().remaining;
    const int32_t element = next++;
    PlaceNode(schema, parent, element, tree);
    if (tree.nodes[element].depth > limits::kMaxSchemaDepth) {
      sink.Report(Code::kLimitsSchemaDepth, schema[element].span,
                  FieldPath("schema", element),
                  StrCat("the schema nests deeper than ",
                         limits::kMaxSchemaDepth, " levels"));
      return tree;
    }
    if (!CheckChildCount(schema, element, sink)) return tree;
    const SchemaElement& e = schema[element].value;
    if (DeclaresChildren(e)) {
      open.push_back({element, e.num_children.value});
    } else if (e.type.present || !e.num_children.present) {
      // A typeless element without num_children is still counted as a
      // column (CheckSchema reports it) so later column indices stay aligned
      // with the row groups' chunks.
      tree.nodes[element].column = static_cast<int32_t>(tree.leaves.size());
      tree.leaves.push_back(element);
    }
    // Else: an empty group, which has no column.
  }
  if (next < n) {
    ReportOrphans(schema, next, sink);
    return tree;
  }
  tree.ok = true;
  return tree;
}

namespace {

// ---------------------------------------------------------------------------
// Per-element rules.

void CheckShape(const Schema& schema, int32_t i, DiagnosticSink& sink) {
  const Spanned<SchemaElement>& element = schema[i];
  const SchemaElement& e = element.value;
  if (DeclaresChildren(e)) {
    if (e.type.present) {
      sink.Report(Code::kSchemaGroupWithType, e.type.span,
                  FieldPath("schema", i, "type"),
                  StrCat("the element has ", e.num_children.value,
                         " children and also a physical type"));
    }
    return;
  }
  // The root with no children is the valid empty schema.
  if (i == 0 || e.type.present) return;
  if (!e.num_children.present) {
    sink.Report(Code::kSchemaLeafWithoutType, element.span,
                FieldPath("schema", i, "type"),
                "the element has neither children nor a physical type");
  } else if (e.num_children.value == 0) {
    sink.Report(Code::kSchemaEmptyGroup, e.num_children.span,
                FieldPath("schema", i, "num_children"),
                "a group other than the root has no children");
  }
}

void CheckRepetition(const Schema& schema, int32_t i, DiagnosticSink& sink) {
  const Spanned<SchemaElement>& element = schema[i];
  const Spanned<int32_t>& rep = element.value.repetition_type;
  const std::string field = FieldPath("schema", i, "repetition_type");
  if (i == 0) {
    // REQUIRED, as Arrow C++ and most C++ writers set it, says what every
    // reader assumes of the root anyway (docs/severity.md).
    if (rep.present && rep.value == kRequired) {
      sink.Report(Code::kSchemaRootRequired, rep.span, field,
                  "the root is REQUIRED; readers ignore a root's "
                  "repetition_type");
    } else if (rep.present) {
      sink.Report(Code::kSchemaRootRepetition, rep.span, field,
                  StrCat("the root has repetition_type ", rep.value));
    }
    return;
  }
  if (!rep.present) {
    sink.Report(Code::kSchemaMissingRepetition, element.span, field,
                "a non-root element has no repetition_type");
  } else if (rep.value == kVector) {
    // A proposed extension, not corruption.
    sink.Report(Code::kLogicalUnsupported, rep.span, field,
                "repetition_type VECTOR (3) is a proposed extension");
  } else if (rep.value < kRequired || rep.value > kRepeated) {
    sink.Report(Code::kSchemaInvalidRepetition, rep.span, field,
                StrCat("repetition_type ", rep.value, " is not defined"));
  }
}

void CheckElementFields(const Schema& schema, int32_t i, DiagnosticSink& sink) {
  const Spanned<SchemaElement>& element = schema[i];
  const SchemaElement& e = element.value;
  if (e.type.present &&
      (e.type.value < kBoolean || e.type.value > kFixedLenByteArray)) {
    sink.Report(Code::kSchemaInvalidType, e.type.span,
                FieldPath("schema", i, "type"),
                StrCat("physical type ", e.type.value, " is not defined"));
  }
  // An absent name is the decoder's missing-required-field.
  if (i > 0 && e.name.present && e.name.value.empty()) {
    sink.Report(Code::kSchemaEmptyName, e.name.span,
                FieldPath("schema", i, "name"), "the name is empty");
  }
  if (e.type.present && e.type.value == kFixedLenByteArray &&
      (!e.type_length.present || e.type_length.value <= 0)) {
    sink.Report(Code::kSchemaFlbaLength, FieldOrElement(e.type_length, element),
                FieldPath("schema", i, "type_length"),
                e.type_length.present
                    ? StrCat("FIXED_LEN_BYTE_ARRAY has type_length ",
                             e.type_length.value)
                    : std::string("FIXED_LEN_BYTE_ARRAY has no type_length"));
  }
  if (e.converted_type.present &&
      (e.converted_type.value < kUtf8 || e.converted_type.value > kInterval)) {
    sink.Report(
        Code::kSchemaInvalidConvertedType, e.converted_type.span,
        FieldPath("schema", i, "converted_type"),
        StrCat("converted_type ", e.converted_type.value, " is not defined"));
  }
}

// parquet.thrift's field_id keeps "the original field id", and the
// original schemas number the fields of each record on their own
// (protobuf field numbers, which parquet-protobuf writes, repeat across
// nested messages), so only siblings must not share one. Sorting
// (parent, id, index) triples finds every repeat in O(n log n), and the
// index order makes the later element the one reported.
void CheckDuplicateFieldIds(const Schema& schema, const SchemaTree& tree,
                            DiagnosticSink& sink) {
  struct Entry {
    int32_t parent;
    int32_t id;
    int32_t index;
    auto operator<=>(const Entry&) const = default;
  };
  std::vector<Entry> ids;
  for (size_t i = 0; i < schema.size(); ++i) {
    const Spanned<int32_t>& id = schema[i].value.field_id;
    if (id.present) {
      ids.push_back({tree.nodes[i].parent, id.value, static_cast<int32_t>(i)});
    }
  }
  std::sort(ids.begin(), ids.end());
  for (size_t k = 1; k < ids.size(); ++k) {
    if (ids[k].parent != ids[k - 1].parent || ids[k].id != ids[k - 1].id) {
      continue;
    }
    const int32_t i = ids[k].index;
    sink.Report(Code::kSchemaDuplicateFieldId, schema[i].value.field_id.span,
                FieldPath("schema", i, "field_id"),
                StrCat("field_id ", ids[k].id, " is also used by its sibling "
                       "schema[", ids[k - 1].index, "]"));
  }
}

void CheckDuplicateSiblingNames(const Schema& schema, const SchemaTree& tree,
                                int32_t group, DiagnosticSink& sink) {
  const std::vector<int32_t>& children = tree.nodes[group].children;
  if (children.size() < 2) return;
  std::vector<std::pair<std::string_view, int32_t>> names;
  names.reserve(children.size());
  for (const int32_t c : children) {
    names.emplace_back(schema[c].value.name.value, c);
  }
  std::sort(names.begin(), names.end());
  for (size_t k = 1; k < names.size(); ++k) {
    if (names[k].first != names[k - 1].first) continue;
    const int32_t c = names[k].second;
    sink.Report(Code::kSchemaDuplicateName, schema[c].value.name.span,
                FieldPath("schema", c, "name"),
                StrCat("schema[", names[k - 1].second,
                       "] has the same name under the same parent"));
  }
}

// ---------------------------------------------------------------------------
// Nested types: LIST, MAP, VARIANT.

enum class Nested { kNone, kList, kMap, kMapKeyValue, kVariant };

// The LogicalType wins when it is one colcheck knows; the ConvertedType
// speaks for files that predate LogicalType or carry an unknown one.
Nested Annotation(const SchemaElement& e) {
  const Spanned<LogicalType>& lt = e.logical_type;
  if (lt.present && lt.value.id != kLogicalNone) {
    switch (lt.value.id) {
      case kLogicalList:
        return Nested::kList;
      case kLogicalMap:
        return Nested::kMap;
      case kLogicalVariant:
        return Nested::kVariant;
      default:
        return Nested::kNone;
    }
  }
  if (!e.converted_type.present) return Nested::kNone;
  switch (e.converted_type.value) {
    case kList:
      return Nested::kList;
    case kMap:
      return Nested::kMap;
    case kMapKeyValue:
      return Nested::kMapKeyValue;
    default:
      return Nested::kNone;
  }
}

bool IsRepeated(const SchemaElement& e) {
  return e.repetition_type.present && e.repetition_type.value == kRepeated;
}

bool IsRequired(const SchemaElement& e) {
  return e.repetition_type.present && e.repetition_type.value == kRequired;
}

bool IsGroupNode(const SchemaTree& tree, int32_t i) {
  return !tree.nodes[i].children.empty();
}

class NestedChecker {
 public:
  NestedChecker(const Schema& schema, const SchemaTree& tree,
                DiagnosticSink& sink)
      : schema_(schema), tree_(tree), sink_(sink) {}

  void Check(int32_t i) {
    const Nested kind = Annotation(schema_[i].value);
    // Annotations on leaves are logical_types.cc's to report.
    if (kind != Nested::kNone && IsGroupNode(tree_, i)) {
      switch (kind) {
        case Nested::kList:
          CheckList(i);
          break;
        case Nested::kMap:
          CheckMap(i);
          break;
        case Nested::kMapKeyValue:
          CheckMapKeyValue(i);
          break;
        case Nested::kVariant:
          CheckVariant(i);
          break;
        case Nested::kNone:
          break;
      }
    }
    CheckUnannotatedRepeated(i, kind);
  }

 private:
  const SchemaElement& At(int32_t i) const { return schema_[i].value; }
  Nested ParentAnnotation(int32_t i) const {
    const int32_t parent = tree_.nodes[i].parent;
    return parent < 0 ? Nested::kNone : Annotation(At(parent));
  }

  void CheckList(int32_t i) {
    const SchemaElement& e = At(i);
    // LT: a repeated LIST-annotated 2-level structure may only be the
    // element of another LIST (old_list_structure.parquet does this).
    if (IsRepeated(e) && !IsOnlyChildOfList(i)) {
      sink_.Report(Code::kListRepetition, e.repetition_type.span,
                   FieldPath("schema", i, "repetition_type"),
                   "a LIST group is REPEATED outside another LIST");
    }
    const std::vector<int32_t>& children = tree_.nodes[i].children;
    if (children.size() != 1) {
      sink_.Report(Code::kListMalformed, e.num_children.span,
                   FieldPath("schema", i, "num_children"),
                   StrCat("a LIST group has ", children.size(),
                          " children; it needs exactly one repeated child"));
      return;
    }
    const int32_t middle = children[0];
    const SchemaElement& m = At(middle);
    if (!IsRepeated(m)) {
      sink_.Report(Code::kListMalformed,
                   FieldOrElement(m.repetition_type, schema_[middle]),
                   FieldPath("schema", middle, "repetition_type"),
                   "the only child of a LIST group is not REPEATED");
      return;
    }
    if (!IsModernListMiddle(middle)) {
      sink_.Report(Code::kListLegacy, schema_[middle].span,
                   FieldPath("schema", middle),
                   StrCat("LIST `", e.name.value,
                          "` is not the 3-level list/element shape; readers "
                          "resolve it by the backward-compatibility rules"));
    }
  }

  bool IsOnlyChildOfList(int32_t i) const {
    const int32_t parent = tree_.nodes[i].parent;
    return parent >= 0 && Annotation(At(parent)) == Nested::kList &&
           tree_.nodes[parent].children.size() == 1;
  }

  // `repeated group list { <required|optional> ... element; }`. Every
  // other shape is legal only through the backward-compatibility rules.
  bool IsModernListMiddle(int32_t middle) const {
    const std::vector<int32_t>& children = tree_.nodes[middle].children;
    if (At(middle).name.value != "list" || children.size() != 1) return false;
    const SchemaElement& element = At(children[0]);
    return element.name.value == "element" && element.repetition_type.present &&
           (element.repetition_type.value == kRequired ||
            element.repetition_type.value == kOptional);
  }

  void CheckMap(int32_t i) {
    const SchemaElement& e = At(i);
    if (IsRepeated(e)) {
      sink_.Report(Code::kListRepetition, e.repetition_type.span,
                   FieldPath("schema", i, "repetition_type"),
                   "a MAP group is REPEATED");
    }
    const std::vector<int32_t>& children = tree_.nodes[i].children;
    if (children.size() != 1) {
      sink_.Report(Code::kMapMalformed, e.num_children.span,
                   FieldPath("schema", i, "num_children"),
                   StrCat("a MAP group has ", children.size(),
                          " children; it needs one repeated key_value group"));
      return;
    }
    const int32_t key_value = children[0];
    const SchemaElement& kv = At(key_value);
    if (!IsRepeated(kv)) {
      sink_.Report(Code::kMapMalformed,
                   FieldOrElement(kv.repetition_type, schema_[key_value]),
                   FieldPath("schema", key_value, "repetition_type"),
                   "the key_value child of a MAP group is not REPEATED");
      return;
    }
    if (!IsGroupNode(tree_, key_value)) {
      sink_.Report(Code::kMapMalformed, schema_[key_value].span,
                   FieldPath("schema", key_value),
                   "the key_value child of a MAP group is not a group");
      return;
    }
    CheckKeyValue(key_value);
  }

  // MAP_KEY_VALUE is the legacy name of the middle level inside a MAP;
  // outside one, LT says to read the group as a MAP.
  void CheckMapKeyValue(int32_t i) {
    if (ParentAnnotation(i) == Nested::kMap) return;
    const SchemaElement& e = At(i);
    sink_.Report(
        Code::kMapLegacy, e.converted_type.span,
        FieldPath("schema", i, "converted_type"),
        "MAP_KEY_VALUE is used outside a MAP group; it is read as MAP");
    // Some writers put it on the repeated group itself, which then is the
    // key_value level.
    if (IsRepeated(e)) {
      CheckKeyValue(i);
    } else {
      CheckMap(i);
    }
  }

  // The repeated key_value group: a required key first, then an optional
  // value; names are positional (LT backward-compatibility rules).
  void CheckKeyValue(int32_t key_value) {
    const std::vector<int32_t>& fields = tree_.nodes[key_value].children;
    if (fields.size() > 2) {
      sink_.Report(Code::kMapMalformed, At(key_value).num_children.span,
                   FieldPath("schema", key_value, "num_children"),
                   StrCat("key_value has ", fields.size(),
                          " fields; only key and value are allowed"));
      return;
    }
    const int32_t key = fields[0];
    const SchemaElement& k = At(key);
    if (fields.size() == 2 && k.name.value == "value" &&
        At(fields[1]).name.value == "key") {
      sink_.Report(Code::kMapMalformed, k.name.span,
                   FieldPath("schema", key, "name"),
                   "the key field must be the first field of key_value");
      return;
    }
    if (k.repetition_type.present && k.repetition_type.value != kRequired) {
      sink_.Report(Code::kMapKeyNotRequired, k.repetition_type.span,
                   FieldPath("schema", key, "repetition_type"),
                   "the MAP key is not REQUIRED");
    }
  }

  // VARIANT: a required binary `metadata`, and a binary `value` that may
  // be optional only when a shredded `typed_value` sits beside it.
  void CheckVariant(int32_t i) {
    int32_t metadata = -1;
    int32_t value = -1;
    int32_t typed_value = -1;
    for (const int32_t c : tree_.nodes[i].children) {
      const std::string_view name = At(c).name.value;
      if (name == "metadata") metadata = c;
      if (name == "value") value = c;
      if (name == "typed_value") typed_value = c;
    }
    const SchemaElement& e = At(i);
    if (metadata < 0) {
      ReportVariant(e.logical_type.span, FieldPath("schema", i, "logicalType"),
                    "a VARIANT group has no `metadata` field");
    } else {
      CheckVariantBinary(metadata, /*must_be_required=*/true);
    }
    if (value < 0 && typed_value < 0) {
      ReportVariant(e.logical_type.span, FieldPath("schema", i, "logicalType"),
                    "a VARIANT group has neither `value` nor `typed_value`");
    } else if (value >= 0) {
      CheckVariantBinary(value, /*must_be_required=*/typed_value < 0);
    }
  }

  void CheckVariantBinary(int32_t field, bool must_be_required) {
    const SchemaElement& f = At(field);
    if (IsGroupNode(tree_, field) || !f.type.present ||
        f.type.value != kByteArray) {
      ReportVariant(
          FieldOrElement(f.type, schema_[field]),
          FieldPath("schema", field, "type"),
          StrCat("VARIANT field `", f.name.value, "` is not BYTE_ARRAY"));
    } else if (must_be_required && f.repetition_type.present &&
               !IsRequired(f)) {
      // A warning: the field's type and place are right, and DuckDB and
      // hyparquet read OPTIONAL ones as they read REQUIRED (Arrow C++ 21
      // and 23 files; docs/severity.md).
      sink_.Report(
          Code::kVariantOptionalField, f.repetition_type.span,
          FieldPath("schema", field, "repetition_type"),
          StrCat("VARIANT field `", f.name.value, "` should be REQUIRED"));
    }
  }

  void ReportVariant(ByteSpan span, std::string field, std::string message) {
    sink_.Report(Code::kVariantMalformed, span, std::move(field),
                 std::move(message));
  }

  // LT: a repeated field that no LIST or MAP encloses is a required list of
  // required elements. Legal, but worth knowing.
  void CheckUnannotatedRepeated(int32_t i, Nested kind) {
    const SchemaElement& e = At(i);
    if (i == 0 || !IsRepeated(e)) return;
    if (kind == Nested::kList || kind == Nested::kMap ||
        kind == Nested::kMapKeyValue) {
      return;  // Reported, if at all, by the annotation's own rule.
    }
    const Nested parent = ParentAnnotation(i);
    if (parent == Nested::kList || parent == Nested::kMap ||
        parent == Nested::kMapKeyValue) {
      return;
    }
    sink_.Report(Code::kListUnannotatedRepeated, e.repetition_type.span,
                 FieldPath("schema", i, "repetition_type"),
                 StrCat("`", e.name.value,
                        "` is repeated outside a LIST or MAP: a required list "
                        "of required elements"));
  }

  const Schema& schema_;
  const SchemaTree& tree_;
  DiagnosticSink& sink_;
};

}  // namespace

void CheckSchema(const RuleContext& ctx) {
  const Schema& schema = ctx.md.schema.value;
  const int32_t n = static_cast<int32_t>(schema.size());
  for (int32_t i = 0; i < n; ++i) {
    CheckShape(schema, i, ctx.sink);
    CheckRepetition(schema, i, ctx.sink);
    CheckElementFields(schema, i, ctx.sink);
  }

  // Sibling and nesting rules would chase wrong parents on a broken tree.
  if (!ctx.tree.ok || ctx.tree.nodes.size() != schema.size()) return;
  CheckDuplicateFieldIds(schema, ctx.tree, ctx.sink);
  NestedChecker nested(schema, ctx.tree, ctx.sink);
  for (int32_t i = 0; i < n; ++i) {
    CheckDuplicateSiblingNames(schema, ctx.tree, i, ctx.sink);
    nested.Check(i);
  }
}

}  // namespace colcheck::parquet
