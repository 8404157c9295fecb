// The footer tree (InspectOptions::footer_fields): the FileMetaData decoded
// once more with a FieldTree attached (inspect/field_tree.h), so every field
// carries the name the generated-code-shaped decoders give it (the IDL's),
// unknown and skipped fields included, with the span from its header to its
// value's end.

#include <cstddef>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "inspect/field_tree.h"
#include "inspect/inspect_internal.h"
#include "parquet/metadata_decoder.h"
#include "thrift/compact_reader.h"

namespace colcheck::inspect {

bool TraceFooter(const ByteReader& file, ByteSpan metadata, size_t max_nodes,
                 std::vector<FieldNode>* nodes) {
  ByteReader bytes;
  if (!file.Sub(metadata.offset, metadata.length, &bytes)) return false;
  // The validation already reported every fault of these bytes.
  DiagnosticSink scratch(1);
  thrift::Decoder d(bytes, &scratch);
  return BuildFieldTree(d, &parquet::DecodeFileMetaData, /*depth=*/0,
                        max_nodes, nodes);
}

}  // namespace colcheck::inspect
