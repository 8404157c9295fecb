// Test support shared by the ORC rule tests: running the validator on
// built bytes, and the files they start from. Diagnostics are matched
// with testing/diagnostics.h.

#ifndef COLCHECK_ORC_TESTING_ORC_TEST_SUPPORT_H_
#define COLCHECK_ORC_TESTING_ORC_TEST_SUPPORT_H_

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "orc/metadata.h"
#include "orc/orc_validator.h"
#include "orc/testing/orc_builder.h"
#include "testing/diagnostics.h"

namespace colcheck::orc::testing {

inline std::vector<Diagnostic> Check(const std::string& bytes,
                            Level level = Level::kFull) {
  DiagnosticSink sink;
  ValidateOrc(ByteReader(AsBytes(bytes)), level, sink);
  return sink.Take();
}

// The shared helpers and the matchers the ORC rule tests use.
using namespace ::colcheck::testing;  // NOLINT
using ::testing::ElementsAre;
using ::testing::IsEmpty;
using ::testing::UnorderedElementsAre;

inline ProtoWriter TypeMessage(int64_t kind) {
  ProtoWriter t;
  t.Varint(1, static_cast<uint64_t>(kind), "kind");
  return t;
}

inline ProtoWriter EmptyStats() {
  ProtoWriter s;
  s.Varint(1, 0).Varint(10, 0);
  return s;
}

// A type of `kind` with these subtypes and, for a struct, field names;
// each name is marked "field_names[i]".
inline ProtoWriter CompoundType(int64_t kind,
                                std::initializer_list<uint64_t> subtypes,
                                const std::vector<std::string>& names = {}) {
  ProtoWriter t = TypeMessage(kind);
  t.Packed(2, subtypes, "subtypes");
  for (size_t i = 0; i < names.size(); ++i) {
    t.Bytes(3, names[i], StrCat("field_names[", i, "]"));
  }
  return t;
}

// A file with these types, no stripes and one statistics entry per type;
// each type is marked "types[i]".
inline OrcFile FileWithTypes(const std::vector<ProtoWriter>& types) {
  OrcFile f;
  f.footer.Varint(1, 3).Varint(2, 3);
  for (size_t i = 0; i < types.size(); ++i) {
    f.footer.Message(4, types[i], StrCat("types[", i, "]"));
  }
  f.footer.Varint(6, 0);
  for (size_t i = 0; i < types.size(); ++i) {
    f.footer.Message(7, EmptyStats());
  }
  return f;
}

// A file with no stripes and a struct<a:int> schema: valid.
inline OrcFile EmptyFile() {
  OrcFile f;
  ProtoWriter root = TypeMessage(kStruct);
  root.Packed(2, {1}, "subtypes").Bytes(3, "a", "field_names");
  f.footer.Varint(1, 3, "header_length")
      .Varint(2, 3, "content_length")
      .Message(4, root, "types[0]")
      .Message(4, TypeMessage(kInt), "types[1]")
      .Varint(6, 0, "number_of_rows")
      .Message(7, EmptyStats())
      .Message(7, EmptyStats())
      .Varint(8, 10000)
      .Varint(9, 1, "writer");
  return f;
}

}  // namespace colcheck::orc::testing

#endif  // COLCHECK_ORC_TESTING_ORC_TEST_SUPPORT_H_
