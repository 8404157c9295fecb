// The footer tree of `colcheck explain --footer` (Inspection::footer): one
// FieldNode per field and element a metadata decoder reads, in pre-order,
// built from the decoder's FieldTrace (core/wire_decoder.h). Parquet's
// FileMetaData (Thrift) and ORC's PostScript and Footer (protobuf) are
// traced alike: a node is named by the decoder that reads it (the IDL's or
// .proto's name, "field 17" when unknown, "[3]" for an element), spans its
// bytes from header to value end, and shows its value when it has no
// children.

#ifndef COLCHECK_INSPECT_FIELD_TREE_H_
#define COLCHECK_INSPECT_FIELD_TREE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"
#include "core/span.h"
#include "core/wire_decoder.h"

namespace colcheck::inspect {

class FieldTree final : public FieldTrace {
 public:
  // Appends to `nodes` until it holds `max_nodes`; the outermost fields get
  // depth `depth`.
  FieldTree(uint32_t depth, size_t max_nodes, std::vector<FieldNode>* nodes)
      : depth_(depth), max_nodes_(max_nodes), nodes_(nodes) {}

  void OpenField(int32_t id, std::string_view type, ByteSpan header) override;
  void OpenElement(uint32_t index, std::string_view type,
                   uint64_t offset) override;
  void Name(std::string_view name) override;
  void Close(ByteSpan span, const TracedValue& value) override;

  // Whether `max_nodes` cut the tree short.
  bool capped() const { return capped_; }

 private:
  struct OpenNode {
    int64_t node;  // Index into nodes_, or -1 past the cap.
    bool has_children;
  };

  void Open(std::string name, int32_t id, std::string_view type);

  const uint32_t depth_;
  const size_t max_nodes_;
  std::vector<FieldNode>* nodes_;
  std::vector<OpenNode> open_;
  bool capped_ = false;
};

// A value as a node shows it: 42, true, 1.5, a byte string quoted when it
// is text and else in hex (at most limits::kFieldValuePreview bytes, then
// "..."), fixed bits as hex and number; "" for nothing.
std::string PreviewValue(const TracedValue& value);

// Sets FieldNode::enum_name and FieldNode::typed in a finished footer tree
// by each node's place: the names from the root down (row_groups, [0],
// columns, [2], meta_data, codec). Parquet: the schema's types,
// repetitions and converted types, each chunk's type, codec, encodings and
// encoding stats, and its statistics' min and max, typed as `chunks` (the
// inspection's, already typed) hold them. ORC: the PostScript's
// compression and the Footer's type kinds.
void AnnotateParquetFields(const std::vector<ChunkExtent>& chunks,
                           std::vector<FieldNode>* nodes);
void AnnotateOrcFields(std::vector<FieldNode>* nodes);

}  // namespace colcheck::inspect

#endif  // COLCHECK_INSPECT_FIELD_TREE_H_
