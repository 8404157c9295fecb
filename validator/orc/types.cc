// Type tree rules (orc-rules.md Y1-Y9): the pre-order walk, then each type
// on its own.

#include "orc/types.h"

#include <string>
#include <unordered_set>
#include <utility>

#include "core/strings.h"

namespace colcheck::orc {
namespace {

// Field paths name the list the way the .proto does.
std::string TypePath(size_t id) { return StrCat("footer.types[", id, "]"); }

template <typename T>
ByteSpan FieldOr(const Spanned<T>& field, const Spanned<Type>& type) {
  return field.present ? field.span : type.span;
}

bool KnownKind(int64_t kind) { return kind >= kBoolean && kind <= kGeography; }

// Y3: walks the tree from the root, requiring each child id to be the next
// id in pre-order. Returns whether every id was reached.
bool WalkPreorder(const ModelList<Spanned<Type>>& types, DiagnosticSink& sink,
                  std::vector<uint32_t>* parent) {
  struct Frame {
    uint32_t id;
    size_t next_child;
  };
  const uint64_t n = types.size();
  parent->assign(n, 0);
  uint64_t next_id = 1;
  std::vector<Frame> stack = {{0, 0}};
  while (!stack.empty()) {
    Frame& frame = stack.back();
    const auto& subtypes = types[frame.id].value.subtypes.value;
    if (frame.next_child == subtypes.size()) {
      stack.pop_back();
      continue;
    }
    const size_t k = frame.next_child++;
    const Spanned<uint32_t>& child = subtypes[k];
    const std::string path = StrCat(TypePath(frame.id), ".subtypes[", k, "]");
    if (child.value >= n) {
      sink.Report(Code::kOrcTypeSubtypeOutOfRange, child.span, path,
                  StrCat("subtype ", child.value, " of type ", frame.id,
                         " names no type; there are ", n));
      return false;
    }
    if (child.value != next_id) {
      sink.Report(Code::kOrcTypeNotPreorder, child.span, path,
                  StrCat("type ", frame.id, " names subtype ", child.value,
                         " where pre-order needs ", next_id));
      return false;
    }
    (*parent)[child.value] = frame.id;
    ++next_id;
    stack.push_back({child.value, 0});
  }
  if (next_id < n) {
    const ByteSpan first = types[next_id].whole();
    const ByteSpan last = types[n - 1].whole();
    sink.Report(Code::kOrcTypeOrphaned, Join(first, last), TypePath(next_id),
                StrCat("types ", next_id, " to ", n - 1,
                       " are not reachable from the root"));
    return false;
  }
  return true;
}

// Y5: the child counts a kind requires. Returns whether they are right.
bool CheckChildCount(const Spanned<Type>& type, size_t id,
                     DiagnosticSink& sink) {
  const size_t count = type.value.subtypes.value.size();
  const int64_t kind = type.value.kind.value;
  const char* need = nullptr;
  if (kind == kList && count != 1) need = "exactly 1";
  if (kind == kMap && count != 2) need = "exactly 2";
  if (kind == kUnion && (count < 1 || count > 256)) need = "1 to 256";
  if (need == nullptr) return true;
  sink.Report(
      Code::kOrcTypeChildCount, FieldOr(type.value.subtypes, type),
      TypePath(id) + ".subtypes",
      StrCat(TypeKindName(kind), " has ", count, " subtypes; it needs ", need));
  return false;
}

// Y6: one name per STRUCT child, non-empty and unique.
void CheckFieldNames(const Spanned<Type>& type, size_t id,
                     DiagnosticSink& sink) {
  const Type& t = type.value;
  const auto& names = t.field_names.value;
  if (t.kind.value != kStruct) {
    if (!names.empty()) {
      sink.Report(Code::kOrcTypeFieldName, t.field_names.span,
                  TypePath(id) + ".field_names",
                  std::string(TypeKindName(t.kind.value)) +
                      " has field_names; only a STRUCT names its fields");
    }
    return;
  }
  if (names.size() != t.subtypes.value.size()) {
    sink.Report(Code::kOrcTypeFieldNameCount, FieldOr(t.field_names, type),
                TypePath(id) + ".field_names",
                StrCat("STRUCT has ", t.subtypes.value.size(), " subtypes but ",
                       names.size(), " field_names"));
  }
  std::unordered_set<std::string_view> seen;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::string path = StrCat(TypePath(id), ".field_names[", i, "]");
    if (names[i].value.empty()) {
      sink.Report(Code::kOrcTypeFieldName, names[i].span, path,
                  "field name is empty");
    } else if (!seen.insert(names[i].value).second) {
      sink.Report(Code::kOrcTypeFieldName, names[i].span, path,
                  "field name '" + std::string(names[i].value) +
                      "' repeats an earlier one");
    }
  }
}

// Y7 and Y8: the parameters of DECIMAL, CHAR and VARCHAR.
void CheckParameters(const Spanned<Type>& type, size_t id,
                     DiagnosticSink& sink) {
  const Type& t = type.value;
  if (t.kind.value == kDecimal) {
    if (!t.precision.present || t.precision.value == 0) {
      sink.Report(Code::kOrcTypeDecimalUnbounded, FieldOr(t.precision, type),
                  TypePath(id) + ".precision",
                  "DECIMAL without a precision is a Hive 0.11 unbounded "
                  "decimal");
      return;
    }
    if (t.precision.value > 38) {
      sink.Report(
          Code::kOrcTypeDecimalPrecision, t.precision.span,
          TypePath(id) + ".precision",
          StrCat("DECIMAL precision ", t.precision.value, " is above 38"));
    }
    if (t.scale.value > t.precision.value) {
      sink.Report(Code::kOrcTypeDecimalScale, t.scale.span,
                  TypePath(id) + ".scale",
                  StrCat("DECIMAL scale ", t.scale.value,
                         " exceeds its precision ", t.precision.value));
    }
  }
  if (t.kind.value == kChar || t.kind.value == kVarchar) {
    if (!t.maximum_length.present) {
      sink.Report(Code::kOrcTypeCharLengthAbsent, type.span,
                  TypePath(id) + ".maximum_length",
                  std::string(TypeKindName(t.kind.value)) +
                      " has no maximum_length; Java assumes 256");
    } else if (t.maximum_length.value == 0) {
      sink.Report(Code::kOrcTypeCharLength, t.maximum_length.span,
                  TypePath(id) + ".maximum_length",
                  std::string(TypeKindName(t.kind.value)) +
                      " has maximum_length 0");
    }
  }
}

// Y9: attribute keys are unique.
void CheckAttributes(const Spanned<Type>& type, size_t id,
                     DiagnosticSink& sink) {
  std::unordered_set<std::string_view> seen;
  const auto& attributes = type.value.attributes.value;
  for (size_t i = 0; i < attributes.size(); ++i) {
    const Spanned<std::string_view>& key = attributes[i].value.key;
    if (seen.insert(key.value).second) continue;
    sink.Report(
        Code::kOrcTypeDuplicateAttribute, attributes[i].span,
        StrCat(TypePath(id), ".attributes[", i, "].key"),
        "attribute '" + std::string(key.value) + "' repeats an earlier key");
  }
}

// Y1, Y4 and the per-kind rules. Returns whether the kind is known and the
// children fit it, so that later stages can read the column.
bool CheckType(const Spanned<Type>& type, size_t id, DiagnosticSink& sink) {
  const Type& t = type.value;
  if (!t.kind.present || !KnownKind(t.kind.value)) {
    sink.Report(Code::kOrcTypeUnknownKind, FieldOr(t.kind, type),
                TypePath(id) + ".kind",
                t.kind.present ? StrCat("kind ", t.kind.value, " is unknown")
                               : std::string("type has no kind"));
    return false;
  }
  if (t.kind.value == kGeometry || t.kind.value == kGeography) {
    sink.Report(Code::kOrcTypeGeoKind, t.kind.span, TypePath(id) + ".kind",
                std::string(TypeKindName(t.kind.value)) +
                    " is read only by ORC 2.2 and later");
  }
  bool shape_ok = true;
  if (IsPrimitive(t.kind.value) && !t.subtypes.value.empty()) {
    sink.Report(Code::kOrcTypePrimitiveChildren, t.subtypes.span,
                TypePath(id) + ".subtypes",
                StrCat(TypeKindName(t.kind.value), " has ",
                       t.subtypes.value.size(), " subtypes"));
    shape_ok = false;
  }
  shape_ok &= CheckChildCount(type, id, sink);
  CheckFieldNames(type, id, sink);
  CheckParameters(type, id, sink);
  CheckAttributes(type, id, sink);
  return shape_ok;
}

}  // namespace

std::string_view TypeKindName(int64_t kind) {
  switch (kind) {
    case kBoolean: return "BOOLEAN";
    case kByte: return "BYTE";
    case kShort: return "SHORT";
    case kInt: return "INT";
    case kLong: return "LONG";
    case kFloat: return "FLOAT";
    case kDouble: return "DOUBLE";
    case kString: return "STRING";
    case kBinary: return "BINARY";
    case kTimestamp: return "TIMESTAMP";
    case kList: return "LIST";
    case kMap: return "MAP";
    case kStruct: return "STRUCT";
    case kUnion: return "UNION";
    case kDecimal: return "DECIMAL";
    case kDate: return "DATE";
    case kVarchar: return "VARCHAR";
    case kChar: return "CHAR";
    case kTimestampInstant: return "TIMESTAMP_INSTANT";
    case kGeometry: return "GEOMETRY";
    case kGeography: return "GEOGRAPHY";
    default: return "";
  }
}

bool IsPrimitive(int64_t kind) {
  return KnownKind(kind) && kind != kList && kind != kMap &&
         kind != kStruct && kind != kUnion;
}

TypeTree CheckTypes(const Footer& footer, DiagnosticSink& sink) {
  TypeTree tree;
  const auto& types = footer.types.value;
  if (types.empty()) return tree;  // orc-footer.no-types, reported there.
  bool shapes_ok = true;
  for (size_t id = 0; id < types.size(); ++id) {
    shapes_ok &= CheckType(types[id], id, sink);
  }
  const Spanned<int64_t>& root = types[0].value.kind;
  if (root.present && KnownKind(root.value) && root.value != kStruct) {
    sink.Report(Code::kOrcTypeNonStructRoot, types[0].value.kind.span,
                TypePath(0) + ".kind",
                "the root type is " +
                    std::string(TypeKindName(types[0].value.kind.value)) +
                    ", not STRUCT");
  }
  const bool preorder = WalkPreorder(types, sink, &tree.parent);
  tree.valid = preorder && shapes_ok;
  return tree;
}

}  // namespace colcheck::orc
