// A test-only fuzz target with a planted deep bug, the evidence that the
// structure-aware mutator (fuzz/mutator/) reaches states plain byte
// mutation does not (fuzz/README.md, "Planted bug"). It is not part of
// the validator and tests nothing in it.
//
// The target reads the input with the mutator's lenient model and aborts
// only when all of these hold at once:
//   1. the footer is sound: both magics, and FileMetaData parses as one
//      struct that ends exactly where the footer length says;
//   2. the schema has a FIXED_LEN_BYTE_ARRAY leaf nested under two groups
//      below the root;
//   3. a page the footer leads to is a DATA_PAGE_V2 with num_nulls 3.
// The seeds (planted_test.py) have the pieces apart: dictionary_pages has
// an FLBA leaf under one group and only v1 pages, v2_gzip_crc has a v2
// page with 3 nulls and no groups. Joining them takes a schema change
// that inserts bytes (a leaf becoming a group) and pages from another
// file, with the footer length, offsets and sizes kept right: what the
// structure-aware mutator does and byte mutation almost never does.
// Each stage is its own branch, so both engines get the same coverage
// signal for reaching it; only the mutations differ. It is built twice
// (fuzz/planted/CMakeLists.txt): planted_fuzzer_structured with the custom
// mutator hooks, planted_fuzzer_plain without.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "parquet_model.h"
#include "thrift_tree.h"

namespace colcheck::fuzz {
namespace {

constexpr int64_t kFixedLenByteArray = 7;  // Type.FIXED_LEN_BYTE_ARRAY
constexpr int16_t kSchemaType = 1;
constexpr int16_t kV2NumNulls = 2;  // DataPageHeaderV2
// Bounds the schema walk of a mutated num_children.
constexpr int kMaxDepth = 64;

bool FooterSound(const ParquetModel& m) {
  return m.footer_complete && m.footer_trailing.empty() &&
         m.head_magic == "PAR1" && m.tail_magic == "PAR1";
}

// The depth of the deepest FIXED_LEN_BYTE_ARRAY leaf (the root's children
// are at 1), or 0. Walks the schema's depth-first list; `open` holds, for
// each open group, how many children it still expects.
int DeepestFlba(ThriftValue* footer) {
  ThriftField* schema = FindField(footer, field::kFileSchema);
  if (schema == nullptr || schema->value.type != kWireList) return 0;
  std::vector<int64_t> open;
  int deepest = 0;
  for (const ThriftValue& e : schema->value.elems) {
    if (e.type != kWireStruct) return deepest;
    const int depth = static_cast<int>(open.size());
    if (!open.empty()) --open.back();
    int64_t children = 0;
    int64_t type = 0;
    if (GetInt(e, field::kSchemaNumChildren, &children) && children > 0) {
      if (depth >= kMaxDepth) return deepest;
      open.push_back(children);
    } else if (GetInt(e, kSchemaType, &type) && type == kFixedLenByteArray) {
      deepest = std::max(deepest, depth);
    }
    while (!open.empty() && open.back() <= 0) open.pop_back();
  }
  return deepest;
}

bool HasV2PageWithThreeNulls(const ParquetModel& m) {
  for (const Segment& s : m.segments) {
    int64_t type = -1;
    int64_t nulls = -1;
    if (!s.is_page || !GetInt(s.header, field::kPageType, &type) ||
        type != kDataPageV2) {
      continue;
    }
    const ThriftField* v2 = FindField(s.header, field::kPageDataHeaderV2);
    if (v2 != nullptr && v2->value.type == kWireStruct &&
        GetInt(v2->value, kV2NumNulls, &nulls) && nulls == 3) {
      return true;
    }
  }
  return false;
}

}  // namespace
}  // namespace colcheck::fuzz

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  colcheck::fuzz::ParquetModel m;
  if (!colcheck::fuzz::ParseParquet({data, size}, &m) ||
      !colcheck::fuzz::FooterSound(m)) {
    return 0;
  }
  // Separate branches, so each half of the bug is coverage of its own.
  const int depth = colcheck::fuzz::DeepestFlba(&m.footer);
  const bool nulls = colcheck::fuzz::HasV2PageWithThreeNulls(m);
  if (depth >= 2) {
    if (depth >= 3 && nulls) {
      // The planted bug.
      abort();
    }
  }
  return 0;
}
