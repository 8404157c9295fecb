// ReadDictionaries: a second full pass with a ValueTap that keeps the
// dictionary entries of one column, typed by its leaf.

#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/mapped_file.h"
#include "core/pass_hooks.h"
#include "parquet/page_walk.h"
#include "parquet/parquet_validator.h"
#include "parquet/values.h"

namespace colcheck {
namespace {

class DictionaryTap : public parquet::ValueTap {
 public:
  DictionaryTap(const Inspection& inspection, size_t column, size_t max_entries,
                std::vector<colcheck::Dictionary>* out)
      : inspection_(inspection),
        column_(column),
        max_entries_(max_entries),
        out_(out) {
    const Schema& schema = inspection.schema;
    if (column < schema.leaves.size()) {
      const int32_t leaf = schema.leaves[column];
      if (leaf >= 0 && static_cast<size_t>(leaf) < schema.fields.size()) {
        leaf_ = &schema.fields[leaf];
      }
    }
  }

  void Values(size_t, size_t, const parquet::ValueBatch&) override {}

  void Dictionary(size_t row_group, size_t column,
                  const parquet::ValueBatch& batch) override {
    if (column != column_ || leaf_ == nullptr) return;
    if (batch.first == 0 || out_->empty() ||
        out_->back().row_group != static_cast<int32_t>(row_group)) {
      out_->push_back(Start(row_group));
    }
    colcheck::Dictionary& d = out_->back();
    d.entries += static_cast<int64_t>(batch.count);
    const size_t width =
        parquet::ColumnType{leaf_->physical, leaf_->type_length}.width();
    for (size_t i = 0; i < batch.stored() && d.values.size() < max_entries_;
         ++i) {
      if (!batch.binary.empty()) {
        d.values.push_back(ParquetValue(*leaf_, batch.binary[i]));
      } else if (width > 0 && batch.fixed.size() >= (i + 1) * width) {
        d.values.push_back(
            ParquetValue(*leaf_, batch.fixed.subspan(i * width, width)));
      }
    }
  }

 private:
  // The chunk's dictionary page, placed by the inspection's layout.
  colcheck::Dictionary Start(size_t row_group) const {
    colcheck::Dictionary d;
    d.row_group = static_cast<int32_t>(row_group);
    for (const Region& r : inspection_.layout.regions) {
      if (r.kind == RegionKind::kDictionaryPage && r.container == d.row_group &&
          r.column == static_cast<int32_t>(column_)) {
        d.offset = r.offset;
        d.length = r.length;
        d.declared = r.page.num_values;
        break;
      }
    }
    return d;
  }

  const Inspection& inspection_;
  const size_t column_;
  const size_t max_entries_;
  const SchemaField* leaf_ = nullptr;
  std::vector<colcheck::Dictionary>* out_;
};

void Read(std::span<const std::byte> data, const Inspection& inspection,
          size_t column, size_t max_entries, const ReleaseFn& release,
          std::vector<Dictionary>* out) {
  DictionaryTap tap(inspection, column, max_entries, out);
  DiagnosticSink sink = DiagnosticSink::Counting();
  PassHooks hooks;
  hooks.release = release;
  hooks.tap = &tap;
  parquet::ValidateParquet(ByteReader(data), Level::kFull, sink, hooks);
}

}  // namespace

std::vector<Dictionary> ReadDictionaries(std::span<const std::byte> data,
                                         const Inspection& inspection,
                                         size_t column, size_t max_entries) {
  std::vector<Dictionary> out;
  Read(data, inspection, column, max_entries, {}, &out);
  return out;
}

Status ReadDictionariesInFile(const std::string& path,
                              const Inspection& inspection, size_t column,
                              size_t max_entries,
                              std::vector<Dictionary>* out) {
  MappedFile file;
  Status status = file.Open(path);
  if (!status.ok()) return status;
  out->clear();
  Read(
      file.bytes(), inspection, column, max_entries,
      [&file](ByteSpan span) { file.Release(span); }, out);
  return Status::Ok();
}

}  // namespace colcheck
