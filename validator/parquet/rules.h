// The semantic rules over a decoded footer. Decoders (metadata_decoder.h)
// report structural faults; these functions report what the specification
// forbids in a well-formed model. Each reads the model, never the bytes.

#ifndef COLCHECK_PARQUET_RULES_H_
#define COLCHECK_PARQUET_RULES_H_

#include <cstddef>
#include <cstdint>

#include "core/diagnostics.h"
#include "core/span.h"
#include "parquet/metadata.h"
#include "parquet/schema.h"

namespace colcheck::parquet {

class FileDecryption;  // parquet/encryption.h

// Where things lie in the file, as the footer structure says.
struct FileLayout {
  uint64_t file_size = 0;
  // The serialized FileMetaData. Column data must lie in
  // [4, metadata.offset).
  ByteSpan metadata;
  // Plaintext-footer encrypted file: some chunks carry encrypted metadata.
  bool encrypted = false;

  uint64_t data_begin() const { return 4; }
  uint64_t data_end() const { return metadata.offset; }
};

struct RuleContext {
  const FileMetaData& md;
  const SchemaTree& tree;
  const FileLayout& layout;
  DiagnosticSink& sink;
  // The keys' view of an encrypted file, when keys were given; the page
  // walk then decrypts the chunks it has keys for.
  const FileDecryption* crypto = nullptr;

  // The schema element index of leaf column `column`, or -1 when the tree
  // is not sound or has no such column.
  int32_t LeafElement(size_t column) const {
    if (!tree.ok || column >= tree.leaves.size()) return -1;
    const int32_t element = tree.leaves[column];
    if (element < 0 || static_cast<size_t>(element) >= md.schema.value.size()) {
      return -1;
    }
    return element;
  }
  // The schema element of leaf column `column`, or nullptr likewise.
  const SchemaElement* Leaf(size_t column) const {
    const int32_t element = LeafElement(column);
    return element < 0 ? nullptr : &md.schema.value[element].value;
  }
};

// row_group_metadata.cc: whether the chunk names a dictionary page (0 means
// unset, as Arrow reads it), and the field holding the chunk's first byte:
// the dictionary page when there is one, else the first data page; null
// when neither is known.
bool HasDictionaryPage(const ColumnMetaData& m);
const Spanned<int64_t>* ChunkStartField(const ColumnMetaData& m);

// file_metadata.cc: version, num_rows, created_by, column_orders.
void CheckFileMetaData(const RuleContext& ctx);
// schema.cc: per-element shape, repetition, names, field ids, LIST and MAP.
void CheckSchema(const RuleContext& ctx);
// logical_types.cc: LogicalType and ConvertedType against physical types.
void CheckLogicalTypes(const RuleContext& ctx);
// row_group_metadata.cc: row groups and column chunks: counts, paths, types,
// offsets, extents, overlaps, codecs, encodings, sorting columns.
void CheckRowGroups(const RuleContext& ctx);
// statistics.cc: chunk-level Statistics against type and sort order.
void CheckStatistics(const RuleContext& ctx);
// known_bugs_parquet.cc: names the known writer bug behind each diagnostic
// reported so far (run last, after every rule).
void ExplainParquetBugs(const RuleContext& ctx);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_RULES_H_
