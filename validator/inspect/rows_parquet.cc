// Parquet rows: record assembly from the levels and values the page walk
// decodes ("Nested Encoding" of the format's README; Dremel's record
// assembly).
//
// The walk reads a row group a column chunk at a time, so rows can be put
// together only once the group's last chunk is read. Until then each
// selected leaf holds its levels and values, as many as the rows still
// wanted need:
//
//   leaf  := levels (r, d) in order, a value for each d == max_definition
//   row   := the levels from one r == 0 to the next
//
// A level's repetition says at which repeated ancestor it starts a new
// element (0: a new row), its definition how deep the path is defined.
// Each leaf is applied to the row's cell tree in turn; leaves that share
// a repeated ancestor meet in the same elements because they repeat
// alike, so each keeps its own element index per repeated ancestor.
//
// Then LIST and MAP groups become lists of their elements and of
// key/value entries, under the backward-compatibility rules of
// LogicalTypes.md ("Lists", "Maps").

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"
#include "inspect/inspect_internal.h"
#include "inspect/rows_internal.h"
#include "parquet/metadata.h"
#include "parquet/page_walk.h"
#include "parquet/schema.h"
#include "parquet/values.h"

namespace colcheck::rows {
namespace {

using parquet::LevelBatch;
using parquet::ValueBatch;

// What one selected leaf holds of the current row group: the levels and
// values of the rows still wanted.
struct LeafData {
  // Levels, only for a maximum above 0 (else every level is 0).
  std::vector<uint16_t> repetition;
  std::vector<uint16_t> definition;
  uint64_t levels = 0;
  uint64_t rows = 0;    // Levels with repetition 0 held.
  uint64_t wanted = 0;  // Values the held levels define.
  bool full = false;    // A level of a row past the wanted ones came.
  // Values as PLAIN bytes; BYTE_ARRAY values end at `ends`.
  std::string bytes;
  std::vector<uint64_t> ends;
  uint64_t values = 0;
  // The chunk's dictionary entries, as PLAIN bytes likewise.
  std::string dictionary;
  std::vector<uint64_t> dictionary_ends;
  uint64_t entries = 0;
  // Sizes when the current page started, to drop a page that failed.
  uint64_t page_levels = 0;
  uint64_t page_rows = 0;
  uint64_t page_wanted = 0;
  uint64_t page_values = 0;
  bool page_full = false;
  // A page failed: nothing of the chunk from it on is used.
  bool broken = false;
  uint64_t complete_rows = 0;  // Rows whole before the failed page.
  ByteSpan broken_span;
  std::string reason;
};

// The schema as the assembly walks it: the kept fields, with what each
// level means on the way to each leaf.
struct Node {
  int32_t element = -1;
  int32_t repetition = parquet::kRequired;
  std::vector<int32_t> kept;  // Kept children (schema element indices).
  int32_t slot = 0;           // Index among the parent's kept children.
  int16_t definition = 0;     // Definition level at which it is defined.
  int16_t repeat = 0;         // Its repetition level, when repeated.
};

struct RowGroupInfo {
  int64_t num_rows = 0;
  std::vector<ByteSpan> chunks;  // Per leaf column; empty when unknown.
};

// Value `i` of `bytes`, whose values end at `ends`.
std::span<const std::byte> Slice(const std::string& bytes,
                                 const std::vector<uint64_t>& ends,
                                 uint64_t i) {
  const uint64_t begin = i == 0 ? 0 : ends[i - 1];
  return std::as_bytes(std::span(bytes)).subspan(begin, ends[i] - begin);
}

class ParquetRowReader final : public FormatRows,
                               public parquet::Observer,
                               public parquet::ValueTap {
 public:
  ParquetRowReader(const ByteReader& file, RowEmitter& emitter)
      : file_(file), emitter_(emitter) {}

  // ---- parquet::Observer ----
  void Footer(const parquet::FileMetaData& md, const parquet::SchemaTree& tree,
              const parquet::FileLayout&) override;
  void Page(size_t, size_t, size_t, const parquet::PageHeader&, ByteSpan,
            ByteSpan, const parquet::DataPageSummary*) override {}

  // ---- parquet::ValueTap ----
  void Dictionary(size_t row_group, size_t column,
                  const ValueBatch& batch) override;
  void Levels(size_t row_group, size_t column,
              const LevelBatch& batch) override;
  void Values(size_t row_group, size_t column,
              const ValueBatch& batch) override;
  void PageEnd(size_t row_group, size_t column, ByteSpan page,
               bool decoded) override;

  void Finish() override;

 private:
  // The leaf of `column` in `row_group` when it is read, else null.
  LeafData* Leaf(size_t row_group, size_t column);
  void FinishGroupsBefore(size_t row_group);
  void FinishGroup(size_t group);
  void Assemble(size_t group, uint64_t rows);
  bool HoldMore(uint64_t bytes);

  void AddLevels(LeafData& leaf, size_t column, uint32_t r, uint32_t d,
                 uint64_t n);
  void AddValue(LeafData& leaf, std::span<const std::byte> plain);
  // The i-th value of a batch of leaf `column`; empty when the batch
  // holds none there.
  std::span<const std::byte> BatchValue(size_t column, const ValueBatch& batch,
                                        size_t i) const;
  void Break(LeafData& leaf, ByteSpan span, std::string reason);

  void ApplyRow(size_t column, uint64_t* level, uint64_t* value, Cell* row);
  void Apply(size_t column, uint32_t r, uint32_t d, const Value* value,
             Cell* row);
  Cell NewCell(int32_t element) const;
  Cell Shape(int32_t element, Cell cell) const;
  Cell ShapeList(int32_t element, Cell cell) const;
  Cell ShapeMap(int32_t element, Cell cell) const;

  const ByteReader& file_;
  RowEmitter& emitter_;
  bool footer_ = false;
  Schema schema_;
  std::vector<Node> nodes_;                  // By schema element.
  std::vector<std::vector<int32_t>> paths_;  // Per leaf: elements, root's
                                             // child first.
  std::vector<bool> read_;                   // Per leaf column.
  std::vector<uint32_t> widths_;             // Per leaf column.
  std::vector<RowGroupInfo> groups_;
  std::vector<LeafData> leaves_;  // Per leaf column.
  size_t group_ = 0;              // The group being read.
  uint64_t limit_ = 0;            // Rows it may give.
  // Per leaf, the element index of each repeated ancestor during Apply.
  std::vector<std::vector<uint64_t>> index_;
  uint64_t cells_ = 0;  // Cells made for the row being assembled.
};

// ---- footer -----------------------------------------------------------------

// The chunk's bytes as its metadata places them, cut to the file's
// `size`; empty when it gives no start.
ByteSpan ChunkSpan(const parquet::ColumnChunk& chunk, uint64_t size) {
  if (!chunk.meta_data.present) return {};
  const parquet::ColumnMetaData& m = chunk.meta_data.value;
  int64_t start = m.data_page_offset.value;
  if (m.dictionary_page_offset.present && m.dictionary_page_offset.value > 0 &&
      m.dictionary_page_offset.value < start) {
    start = m.dictionary_page_offset.value;
  }
  if (start < 0 || static_cast<uint64_t>(start) > size ||
      m.total_compressed_size.value < 0) {
    return {};
  }
  const uint64_t offset = static_cast<uint64_t>(start);
  return {offset, std::min(static_cast<uint64_t>(m.total_compressed_size.value),
                           size - offset)};
}

void ParquetRowReader::Footer(const parquet::FileMetaData& md,
                              const parquet::SchemaTree& tree,
                              const parquet::FileLayout&) {
  footer_ = true;
  schema_ = inspect::BuildSchema(md, tree);
  nodes_.clear();
  RowsResult& result = emitter_.result();
  result.fields.clear();
  result.total_rows = md.num_rows.present ? md.num_rows.value : -1;
  const size_t n_groups = md.row_groups.value.size();
  if (emitter_.options().group >= 0 &&
      static_cast<uint64_t>(emitter_.options().group) >= n_groups) {
    emitter_.Fail(StrCat("the file has ", n_groups,
                         n_groups == 1 ? " row group" : " row groups"));
    return;
  }
  // Finish stops: no rows without a schema tree.
  if (!tree.ok || schema_.fields.empty() || schema_.fields[0].column >= 0) {
    return;
  }
  std::vector<FieldNode> fields(schema_.fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    fields[i] = {schema_.fields[i].path, schema_.fields[i].parent};
  }
  std::vector<bool> keep;
  std::string error;
  if (!SelectFields(emitter_.options().columns, fields, &keep, &error)) {
    emitter_.Fail(std::move(error));
    return;
  }
  nodes_.assign(schema_.fields.size(), Node());
  for (size_t i = 0; i < schema_.fields.size(); ++i) {
    const SchemaField& f = schema_.fields[i];
    Node& node = nodes_[i];
    node.element = static_cast<int32_t>(i);
    node.repetition = f.parent < 0 ? parquet::kRequired : f.repetition;
    node.definition = f.max_definition_level;
    node.repeat = f.max_repetition_level;
    for (int32_t child : f.children) {
      if (!keep[child]) continue;
      nodes_[child].slot = static_cast<int32_t>(node.kept.size());
      node.kept.push_back(child);
    }
  }
  for (int32_t child : nodes_[0].kept) {
    result.fields.push_back(schema_.fields[child].name);
  }
  const size_t n_leaves = schema_.leaves.size();
  read_.assign(n_leaves, false);
  widths_.assign(n_leaves, 0);
  paths_.assign(n_leaves, {});
  for (size_t c = 0; c < n_leaves; ++c) {
    const int32_t leaf = schema_.leaves[c];
    read_[c] = keep[leaf];
    const SchemaField& f = schema_.fields[leaf];
    widths_[c] = parquet::ColumnType{f.physical, f.type_length}.width();
    for (int32_t at = leaf; at > 0; at = schema_.fields[at].parent) {
      paths_[c].insert(paths_[c].begin(), at);
    }
  }
  groups_.assign(n_groups, RowGroupInfo());
  for (size_t g = 0; g < n_groups; ++g) {
    const parquet::RowGroup& rg = md.row_groups.value[g].value;
    groups_[g].num_rows = rg.num_rows.value;
    for (const auto& chunk : rg.columns.value) {
      groups_[g].chunks.push_back(ChunkSpan(chunk.value, file_.size()));
    }
  }
  leaves_.assign(n_leaves, LeafData());
  limit_ = emitter_.RowsLeft();
}

// ---- the tap ----------------------------------------------------------------

LeafData* ParquetRowReader::Leaf(size_t row_group, size_t column) {
  if (nodes_.empty() || row_group >= groups_.size() ||
      column >= leaves_.size() || !read_[column]) {
    return nullptr;
  }
  FinishGroupsBefore(row_group);
  if (!emitter_.WantsGroup(static_cast<int64_t>(row_group)) ||
      emitter_.RowsLeft() == 0) {
    return nullptr;
  }
  LeafData& leaf = leaves_[column];
  return leaf.broken || emitter_.over_limit() ? nullptr : &leaf;
}

bool ParquetRowReader::HoldMore(uint64_t bytes) {
  return emitter_.Hold(bytes, file_.size(), static_cast<int64_t>(group_),
                       "row group");
}

void ParquetRowReader::Dictionary(size_t row_group, size_t column,
                                  const ValueBatch& batch) {
  LeafData* leaf = Leaf(row_group, column);
  if (leaf == nullptr) return;
  for (size_t i = 0; i < batch.stored(); ++i) {
    const std::span<const std::byte> v = BatchValue(column, batch, i);
    if (!HoldMore(v.size() + 8)) return;
    leaf->dictionary.append(reinterpret_cast<const char*>(v.data()), v.size());
    leaf->dictionary_ends.push_back(leaf->dictionary.size());
    ++leaf->entries;
  }
}

void ParquetRowReader::Levels(size_t row_group, size_t column,
                              const LevelBatch& batch) {
  LeafData* leaf = Leaf(row_group, column);
  if (leaf == nullptr) return;
  if (batch.repeated) {
    AddLevels(*leaf, column, batch.repetition, batch.definition, batch.count);
    return;
  }
  for (size_t i = 0; i < batch.count && !leaf->full; ++i) {
    AddLevels(*leaf, column, batch.repetitions[i], batch.definitions[i], 1);
  }
}

// `n` levels (r, d), as many as the rows wanted take.
void ParquetRowReader::AddLevels(LeafData& leaf, size_t column, uint32_t r,
                                 uint32_t d, uint64_t n) {
  if (leaf.full || n == 0) return;
  uint64_t take = n;
  if (r == 0) {
    take = std::min(n, limit_ - leaf.rows);
    if (take < n) leaf.full = true;
    leaf.rows += take;
  }
  const SchemaField& f = schema_.fields[schema_.leaves[column]];
  const bool store_r = f.max_repetition_level > 0;
  const bool store_d = f.max_definition_level > 0;
  const uint64_t bytes = take * 2 * (store_r + store_d);
  if (!HoldMore(bytes)) return;
  if (store_r) leaf.repetition.insert(leaf.repetition.end(), take, r);
  if (store_d) leaf.definition.insert(leaf.definition.end(), take, d);
  leaf.levels += take;
  if (d == static_cast<uint32_t>(f.max_definition_level)) leaf.wanted += take;
}

void ParquetRowReader::Values(size_t row_group, size_t column,
                              const ValueBatch& batch) {
  LeafData* leaf = Leaf(row_group, column);
  if (leaf == nullptr) return;
  const uint64_t take =
      std::min<uint64_t>(batch.count, leaf->wanted - leaf->values);
  for (uint64_t i = 0; i < take && !leaf->broken; ++i) {
    const size_t at = batch.repeated ? 0 : static_cast<size_t>(i);
    if (!batch.indices.empty()) {
      const uint32_t index = batch.indices[at];
      if (index >= leaf->entries) {
        Break(*leaf, {},
              StrCat("dictionary index ", index, " is past the dictionary's ",
                     leaf->entries, " entries"));
        return;
      }
      AddValue(*leaf, Slice(leaf->dictionary, leaf->dictionary_ends, index));
    } else {
      AddValue(*leaf, BatchValue(column, batch, at));
    }
  }
}

std::span<const std::byte> ParquetRowReader::BatchValue(size_t column,
                                                        const ValueBatch& batch,
                                                        size_t i) const {
  if (!batch.binary.empty()) {
    return i < batch.binary.size() ? batch.binary[i]
                                   : std::span<const std::byte>();
  }
  const size_t width = widths_[column];
  if (width == 0 || batch.fixed.size() / width <= i) return {};
  return batch.fixed.subspan(i * width, width);
}

void ParquetRowReader::AddValue(LeafData& leaf,
                                std::span<const std::byte> plain) {
  if (!HoldMore(plain.size() + 8)) {
    leaf.broken = true;
    return;
  }
  leaf.bytes.append(reinterpret_cast<const char*>(plain.data()), plain.size());
  leaf.ends.push_back(leaf.bytes.size());
  ++leaf.values;
}

void ParquetRowReader::PageEnd(size_t row_group, size_t column, ByteSpan page,
                               bool decoded) {
  LeafData* leaf = Leaf(row_group, column);
  if (leaf == nullptr) return;
  if (decoded && leaf->values == leaf->wanted) {
    leaf->page_levels = leaf->levels;
    leaf->page_rows = leaf->rows;
    leaf->page_wanted = leaf->wanted;
    leaf->page_values = leaf->values;
    leaf->page_full = leaf->full;
    return;
  }
  if (leaf->page_full) return;  // Its rows were all read before.
  Break(*leaf, page,
        decoded ? "the page's values do not match its levels"
                : "the page's levels or values do not decode");
}

// Drops what the current page gave and keeps the rows whole before it:
// the last row begun may go on in the page, unless the column does not
// repeat or the page's first level starts a row.
void ParquetRowReader::Break(LeafData& leaf, ByteSpan span,
                             std::string reason) {
  const bool whole =
      leaf.repetition.empty() || (leaf.levels > leaf.page_levels &&
                                  leaf.repetition[leaf.page_levels] == 0);
  leaf.broken = true;
  leaf.complete_rows =
      whole || leaf.page_rows == 0 ? leaf.page_rows : leaf.page_rows - 1;
  leaf.levels = leaf.page_levels;
  leaf.rows = leaf.page_rows;
  leaf.wanted = leaf.page_wanted;
  leaf.values = leaf.page_values;
  if (!leaf.repetition.empty()) leaf.repetition.resize(leaf.levels);
  if (!leaf.definition.empty()) leaf.definition.resize(leaf.levels);
  leaf.ends.resize(leaf.values);
  leaf.bytes.resize(leaf.values == 0 ? 0 : leaf.ends.back());
  leaf.broken_span = span;
  leaf.reason = std::move(reason);
}

// ---- row groups
// ---------------------------------------------------------------

void ParquetRowReader::FinishGroupsBefore(size_t row_group) {
  while (group_ < row_group && group_ < groups_.size()) {
    FinishGroup(group_++);
    for (LeafData& leaf : leaves_) leaf = LeafData();
    emitter_.ReleaseHeld();
    limit_ = emitter_.RowsLeft();
  }
}

void ParquetRowReader::FinishGroup(size_t group) {
  if (!emitter_.WantsGroup(static_cast<int64_t>(group)) ||
      emitter_.RowsLeft() == 0) {
    return;
  }
  const RowGroupInfo& info = groups_[group];
  const uint64_t declared =
      info.num_rows < 0 ? 0 : static_cast<uint64_t>(info.num_rows);
  const uint64_t want = std::min(declared, limit_);
  uint64_t rows = want;
  const LeafData* first_broken = nullptr;
  size_t broken_column = 0;
  for (size_t c = 0; c < leaves_.size(); ++c) {
    if (!read_[c]) continue;
    LeafData& leaf = leaves_[c];
    if (!leaf.broken && leaf.rows < want) {
      // The chunk ended, or was never walked, before its rows did.
      leaf.broken = true;
      leaf.complete_rows = leaf.rows > 0 ? leaf.rows - 1 : 0;
      if (leaf.full ||
          schema_.fields[schema_.leaves[c]].max_repetition_level == 0) {
        leaf.complete_rows = leaf.rows;
      }
      leaf.broken_span = c < info.chunks.size() ? info.chunks[c] : ByteSpan{};
      leaf.reason = StrCat("the column chunk gives ", leaf.rows, " of ",
                           declared, declared == 1 ? " row" : " rows");
    }
    if (leaf.broken && leaf.complete_rows < rows) {
      rows = leaf.complete_rows;
      if (first_broken == nullptr) {
        first_broken = &leaf;
        broken_column = c;
      }
    }
  }
  Assemble(group, rows);
  if (first_broken != nullptr && !emitter_.over_limit()) {
    emitter_.Stop(static_cast<int64_t>(group),
                  schema_.fields[schema_.leaves[broken_column]].path,
                  first_broken->broken_span, first_broken->reason);
  }
}

void ParquetRowReader::Finish() {
  if (!footer_) {
    const uint64_t tail = std::min<uint64_t>(file_.size(), 8);
    emitter_.Stop(-1, "", {file_.size() - tail, tail},
                  "no footer decodes (it is damaged, or encrypted)");
    return;
  }
  if (nodes_.empty()) {
    if (emitter_.error().empty()) {
      emitter_.Stop(-1, "", {}, "the schema does not make a tree");
    }
    return;
  }
  FinishGroupsBefore(groups_.size());
}

// ---- assembly
// -----------------------------------------------------------------

Cell ParquetRowReader::NewCell(int32_t element) const {
  Cell cell;
  const Node& node = nodes_[element];
  if (schema_.fields[element].column >= 0) return cell;  // A leaf.
  cell.kind = Cell::Kind::kStruct;
  for (int32_t child : node.kept) {
    Cell item;
    if (nodes_[child].repetition == parquet::kRepeated) {
      item.kind = Cell::Kind::kList;
    }
    item.name = schema_.fields[child].name;
    cell.items.push_back(std::move(item));
  }
  return cell;
}

void ParquetRowReader::Assemble(size_t group, uint64_t rows) {
  std::vector<uint64_t> level(leaves_.size(), 0);
  std::vector<uint64_t> value(leaves_.size(), 0);
  index_.assign(leaves_.size(), {});
  for (size_t c = 0; c < leaves_.size(); ++c) {
    index_[c].assign(paths_[c].size(), 0);
  }
  for (uint64_t r = 0; r < rows && emitter_.RowsLeft() > 0; ++r) {
    Cell row = NewCell(0);
    cells_ = 0;
    for (size_t c = 0; c < leaves_.size(); ++c) {
      if (read_[c]) ApplyRow(c, &level[c], &value[c], &row);
    }
    if (cells_ > limits::kMaxRowCells) {
      emitter_.Stop(static_cast<int64_t>(group), "", {},
                    StrCat("row ", r,
                           " of the row group holds more than "
                           "colcheck's limit of ",
                           limits::kMaxRowCells, " values, lists and structs"));
      return;
    }
    emitter_.Emit(Shape(0, std::move(row)));
  }
}

// The levels of one row of leaf `column`, from `*level` on.
void ParquetRowReader::ApplyRow(size_t column, uint64_t* level, uint64_t* value,
                                Cell* row) {
  const LeafData& leaf = leaves_[column];
  const SchemaField& f = schema_.fields[schema_.leaves[column]];
  const uint32_t max_d = static_cast<uint32_t>(f.max_definition_level);
  const uint64_t first = *level;
  for (uint64_t i = first; i < leaf.levels && cells_ <= limits::kMaxRowCells;
       ++i) {
    const uint32_t r = leaf.repetition.empty() ? 0 : leaf.repetition[i];
    if (i > first && r == 0) break;
    const uint32_t d = leaf.definition.empty() ? 0 : leaf.definition[i];
    Value typed;
    const Value* v = nullptr;
    if (d == max_d && *value < leaf.values) {
      typed = ParquetValue(f, Slice(leaf.bytes, leaf.ends, (*value)++));
      v = &typed;
    }
    Apply(column, r, d, v, row);
    *level = i + 1;
  }
}

// One level of leaf `column`: the path defined down to `d`, a new element
// at the repeated ancestor whose level is `r`, and the value at the end.
void ParquetRowReader::Apply(size_t column, uint32_t r, uint32_t d,
                             const Value* value, Cell* row) {
  Cell* at = row;
  const std::vector<int32_t>& path = paths_[column];
  for (size_t i = 0; i < path.size(); ++i) {
    const Node& node = nodes_[path[i]];
    // Kept ancestors hold their kept children, so the slot is there; a
    // struct that lost its shape is left alone rather than overrun.
    if (static_cast<size_t>(node.slot) >= at->items.size()) return;
    Cell& slot = at->items[node.slot];
    const bool defined = d >= static_cast<uint32_t>(node.definition);
    if (node.repetition == parquet::kRepeated) {
      if (!defined) return;  // An empty list.
      uint64_t& element = index_[column][i];
      if (static_cast<uint32_t>(node.repeat) >= r) {
        element = static_cast<uint32_t>(node.repeat) == r ? element + 1 : 0;
      }
      while (slot.items.size() <= element) {
        slot.items.push_back(NewCell(path[i]));
        ++cells_;
      }
      at = &slot.items[element];
    } else {
      if (!defined) return;  // Null here, and below.
      if (slot.kind == Cell::Kind::kNull) {
        std::string name = std::move(slot.name);
        slot = NewCell(path[i]);
        slot.name = std::move(name);
        ++cells_;
      }
      at = &slot;
    }
  }
  if (value != nullptr) {
    at->kind = Cell::Kind::kValue;
    at->value = *value;
  }
}

bool IsList(const SchemaField& f) {
  return f.logical.name == "LIST" || f.converted == parquet::kList;
}

bool IsMap(const SchemaField& f) {
  return f.logical.name == "MAP" || f.converted == parquet::kMap ||
         f.converted == parquet::kMapKeyValue;
}

// The cell of `element` with LIST and MAP groups below it made lists.
Cell ParquetRowReader::Shape(int32_t element, Cell cell) const {
  const Node& node = nodes_[element];
  if (cell.kind == Cell::Kind::kList) {
    for (Cell& item : cell.items) item = Shape(element, std::move(item));
    return cell;
  }
  if (cell.kind != Cell::Kind::kStruct) return cell;
  for (size_t i = 0; i < cell.items.size(); ++i) {
    std::string name = std::move(cell.items[i].name);
    cell.items[i] = Shape(node.kept[i], std::move(cell.items[i]));
    cell.items[i].name = std::move(name);
  }
  if (element == 0 || node.kept.size() != 1 ||
      nodes_[node.kept[0]].repetition != parquet::kRepeated) {
    return cell;
  }
  const SchemaField& f = schema_.fields[element];
  if (IsList(f)) return ShapeList(element, std::move(cell));
  if (IsMap(f)) return ShapeMap(element, std::move(cell));
  return cell;
}

// A LIST group whose one child is repeated: the child's elements, or its
// only field's value in each (LogicalTypes.md, "Lists", the
// backward-compatibility rules for which level is the element).
Cell ParquetRowReader::ShapeList(int32_t element, Cell cell) const {
  const int32_t repeated = nodes_[element].kept[0];
  const SchemaField& r = schema_.fields[repeated];
  const std::string& list_name = schema_.fields[element].name;
  // Rules 1 to 4: a primitive, a group of several fields, a group whose
  // one field is itself repeated, or a group named "array" or
  // "<list>_tuple" is the element. Otherwise (rule 5) its one field is.
  const bool element_is_repeated =
      r.column >= 0 || r.children.size() != 1 ||
      schema_.fields[r.children[0]].repetition == parquet::kRepeated ||
      r.name == "array" || r.name == list_name + "_tuple";
  Cell list = std::move(cell.items[0]);
  list.kind = Cell::Kind::kList;
  if (!element_is_repeated && nodes_[repeated].kept.size() == 1) {
    for (Cell& item : list.items) {
      Cell inner = std::move(item.items[0]);
      item = std::move(inner);
      item.name.clear();
    }
  }
  return list;
}

// A MAP group: its repeated key_value group's entries, as "key" and
// "value" fields.
Cell ParquetRowReader::ShapeMap(int32_t element, Cell cell) const {
  const int32_t repeated = nodes_[element].kept[0];
  Cell list = std::move(cell.items[0]);
  list.kind = Cell::Kind::kList;
  if (schema_.fields[repeated].column >= 0) return list;
  for (Cell& entry : list.items) {
    for (size_t i = 0; i < entry.items.size() && i < 2; ++i) {
      entry.items[i].name = i == 0 ? "key" : "value";
    }
  }
  return list;
}

}  // namespace

ParquetRows MakeParquetRows(const ByteReader& file, RowEmitter& emitter) {
  auto reader = std::make_unique<ParquetRowReader>(file, emitter);
  ParquetRows rows;
  rows.observer = reader.get();
  rows.tap = reader.get();
  rows.reader = std::move(reader);
  return rows;
}

}  // namespace colcheck::rows
