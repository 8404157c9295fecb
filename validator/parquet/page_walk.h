// The page walk: every column chunk from its first page to its end. Each
// page header is decoded with spans, each body decompressed and decoded,
// levels and values checked, and what the page held is summarised for the
// checks that compare footer structures with the data (statistics, page
// index, bloom filters).
//
//   column chunk := [dictionary page] data page*      (R "Column chunks")
//   page         := PageHeader (Thrift compact) | body (compressed_page_size)
//   V1 body      := compress([rep levels][def levels] values)
//   V2 body      := rep levels | def levels | [compress](values)

#ifndef COLCHECK_PARQUET_PAGE_WALK_H_
#define COLCHECK_PARQUET_PAGE_WALK_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "core/byte_reader.h"
#include "core/pass_hooks.h"
#include "core/span.h"
#include "core/wire_decoder.h"
#include "parquet/rules.h"
#include "parquet/values.h"

namespace colcheck::parquet {

// How deep a validation goes (Options::level).
enum class WalkDepth : uint8_t {
  kHeaders,  // Page headers only: no decompression, no decoding.
  kFull,     // Everything.
};

// The values of one data page, as the value checks saw them.
struct PageValueSummary {
  uint64_t non_null = 0;   // Values decoded (definition level == max).
  uint64_t nan_count = 0;  // FLOAT, DOUBLE and FLOAT16 only.
  // Whether a non-null value other than NaN exists; min and max are then
  // the PLAIN bytes of the smallest and largest such value under the
  // column's sort order.
  bool has_bounds = false;
  std::string min;
  std::string max;
};

// One data page (V1 or V2) of a chunk.
struct DataPageSummary {
  size_t ordinal = 0;        // Index among all pages of the chunk: pages[i].
  ByteSpan header;           // The PageHeader's bytes.
  // Where the first repetition level is: the V2 level section, else the
  // body, whose decompressed bytes hold the V1 levels.
  ByteSpan repetition_levels;
  int32_t compressed_page_size = 0;
  uint64_t num_values = 0;   // Levels, nulls included.
  uint64_t num_nulls = 0;    // Definition level below the maximum.
  uint64_t first_row = 0;    // Rows of the chunk before this page.
  uint64_t num_rows = 0;     // Repetition levels of 0 in this page.
  bool starts_row = true;    // The first repetition level is 0.
  // Level histograms, max_level + 1 entries each; empty when the max is 0.
  std::vector<uint64_t> repetition_histogram;
  std::vector<uint64_t> definition_histogram;
  uint64_t unencoded_byte_array_bytes = 0;  // BYTE_ARRAY: sum of lengths.
  PageValueSummary values;
  // Levels and values decoded without fault, so the counts above are the
  // page's true contents; when false, checks comparing with them skip it.
  bool decoded = false;
};

struct ChunkWalk {
  std::vector<DataPageSummary> data_pages;
  // Every page header decoded and the walk ended exactly at the chunk end.
  bool complete = false;
  // Every data page decoded (WalkDepth::kFull and no fault).
  bool decoded = false;
  uint64_t num_values = 0;
  uint64_t num_nulls = 0;
  uint64_t num_rows = 0;
  std::vector<uint64_t> repetition_histogram;
  std::vector<uint64_t> definition_histogram;
};

// A run of one data page's levels, in order: `count` (repetition,
// definition) pairs, all equal to (repetition, definition) when
// `repeated`, else the i-th of `repetitions` and `definitions`. A column
// whose maximum level is 0 has level 0 throughout.
struct LevelBatch {
  uint64_t count = 0;
  bool repeated = false;
  uint32_t repetition = 0;
  uint32_t definition = 0;
  std::span<const uint32_t> repetitions;
  std::span<const uint32_t> definitions;

  static LevelBatch Run(uint64_t n, uint32_t r, uint32_t d) {
    LevelBatch b;
    b.count = n;
    b.repeated = true;
    b.repetition = r;
    b.definition = d;
    return b;
  }
  static LevelBatch Literal(std::span<const uint32_t> rs,
                            std::span<const uint32_t> ds) {
    LevelBatch b;
    b.count = rs.size();
    b.repetitions = rs;
    b.definitions = ds;
    return b;
  }
};

// Sees every batch of data-page values the walk decodes, as decoded (a
// dictionary-encoded page gives indices), in file order; a run of hybrid
// RLE comes as one repeated batch (ValueBatch::repeated). For tests that
// compare decoded values with known data, and for tools that read them.
class ValueTap {
 public:
  virtual ~ValueTap() = default;
  virtual void Values(size_t row_group, size_t column,
                      const ValueBatch& batch) = 0;
  // The chunk's dictionary page values, before the data pages whose
  // indices point into them; batch.first is the first entry's index.
  virtual void Dictionary(size_t /*row_group*/, size_t /*column*/,
                          const ValueBatch& /*batch*/) {}
  // A data page's levels, each checked against its maximum, before its
  // values; with Values(), for tools that assemble rows.
  virtual void Levels(size_t /*row_group*/, size_t /*column*/,
                      const LevelBatch& /*batch*/) {}
  // After each data page at `page` (its header and body): `decoded` when
  // all its levels and values were read without fault. When not, the
  // levels and values given for it are a part of them, or none.
  virtual void PageEnd(size_t /*row_group*/, size_t /*column*/,
                       ByteSpan /*page*/, bool /*decoded*/) {}
};

// Sees where things are, for inspection (colcheck/inspect.h): the decoded
// footer before any rule runs, then every page the walk places, in file
// order per chunk. Called only when set, so validation alone pays nothing.
// References are valid only during the call; the footer model and its
// string views stay valid until ValidateParquet returns.
class Observer {
 public:
  virtual ~Observer() = default;
  // A trace to attach to the decode of FileMetaData that follows, or null
  // (the default). Asked again when the pass decodes it once more, from
  // the start it found after a wrong footer length: what the first trace
  // saw is then void.
  virtual FieldTrace* FooterTrace() { return nullptr; }
  // A plaintext FileMetaData decoded at `layout.metadata`.
  virtual void Footer(const FileMetaData& md, const SchemaTree& tree,
                      const FileLayout& layout) = 0;
  // One page of chunk (row_group, column) whose header decoded and whose
  // body lies inside the chunk. `summary` is the data page's summary when
  // the walk made one, else null.
  virtual void Page(size_t row_group, size_t column, size_t ordinal,
                    const PageHeader& header, ByteSpan header_span,
                    ByteSpan body, const DataPageSummary* summary) = 0;
};

// Walks every column chunk of every row group, then checks rows per row
// group and, through the walk's summaries, the page index and bloom
// filters. Chunks whose metadata is unusable (missing, encrypted, out of
// bounds) are skipped: the footer rules reported them.
void CheckPages(const RuleContext& ctx, const ByteReader& file, WalkDepth depth,
                const PassHooks& hooks = {});

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_PAGE_WALK_H_
