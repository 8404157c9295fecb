// The ORC type tree (ORCv1.md "Type Information"): Footer.types is the tree
// flattened in pre-order, each type naming its children by id.
//
//   struct<a:int,b:list<string>>      id 0 STRUCT  subtypes [1, 2]
//                                     id 1 INT
//                                     id 2 LIST    subtypes [3]
//                                     id 3 STRING
//
// The readers recurse over subtypes, so a child id that is not the next id
// in pre-order (a cycle, a shared child, a skipped id) sent them into
// infinite recursion (CVE-2018-8015). CheckTypes accepts only the strict
// pre-order numbering, walking iteratively.

#ifndef COLCHECK_ORC_TYPES_H_
#define COLCHECK_ORC_TYPES_H_

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "orc/metadata.h"

namespace colcheck::orc {

struct TypeTree {
  // Every id is reached exactly once in pre-order and every kind is known,
  // so later stages may walk the tree and trust the child counts.
  bool valid = false;
  std::vector<uint32_t> parent;  // parent[0] == 0.
};

// The format's name of a type kind ("STRUCT"), or "" for an unknown value.
std::string_view TypeKindName(int64_t kind);

// Whether a known kind holds values itself rather than children.
bool IsPrimitive(int64_t kind);

// Checks the tree shape (Y3) and every type (Y1, Y2, Y4-Y9).
TypeTree CheckTypes(const Footer& footer, DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_TYPES_H_
