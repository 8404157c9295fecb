// ReadDictionaries: a second full pass with a ValueTap that keeps the
// dictionary entries of one Parquet column, typed by its leaf, and an ORC
// column observer that keeps one ORC column's stripe dictionaries.

#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/pass_hooks.h"
#include "orc/columns.h"
#include "orc/orc_validator.h"
#include "parquet/page_walk.h"
#include "parquet/values.h"
#include "validate_internal.h"

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

// ORC string columns keep a dictionary per stripe (E9); the column stage
// shows each one as it reads it.
class OrcDictionaries final : public orc::Observer, public orc::ColumnObserver {
 public:
  OrcDictionaries(size_t column, size_t max_entries,
                  std::vector<colcheck::Dictionary>* out)
      : column_(column), max_entries_(max_entries), out_(out) {}

  void Tail(const orc::Tail&, bool) override {}
  void Footer(const orc::Footer&, const orc::TypeTree&) override {}
  void Stripe(size_t, const orc::StripeInformation&,
              const orc::StripeFooter*) override {}
  orc::ColumnObserver* Columns() override { return this; }

  void BeginStripe(size_t stripe, const orc::StripeData&) override {
    stripe_ = stripe;
  }
  void OnSlots(const orc::SlotBatch&) override {}
  void OnUnstoredSlots(uint32_t, uint64_t, uint64_t, uint64_t) override {}
  void EndStripe(size_t, bool) override {}

  void OnDictionary(const orc::DictionaryView& view) override {
    if (view.column != column_) return;
    colcheck::Dictionary d;
    d.row_group = static_cast<int32_t>(stripe_);
    d.offset = view.stream.offset;
    d.length = view.stream.length;
    d.declared = view.declared;
    d.entries = static_cast<int64_t>(view.ends.size());
    for (size_t i = 0; i < view.ends.size() && i < max_entries_; ++i) {
      const uint64_t begin = i == 0 ? 0 : view.ends[i - 1];
      const std::span<const std::byte> entry =
          view.blob.subspan(begin, view.ends[i] - begin);
      Value v;
      v.kind = ValueKind::kString;
      v.text.assign(reinterpret_cast<const char*>(entry.data()), entry.size());
      d.values.push_back(std::move(v));
    }
    out_->push_back(std::move(d));
  }

 private:
  const size_t column_;
  const size_t max_entries_;
  std::vector<colcheck::Dictionary>* out_;
  size_t stripe_ = 0;
};

void Read(std::span<const std::byte> data, const Inspection& inspection,
          size_t column, size_t max_entries, const DecryptionKeys& keys,
          PassHooks hooks, std::vector<Dictionary>* out) {
  DictionaryTap tap(inspection, column, max_entries, out);
  OrcDictionaries orc(column, max_entries, out);
  hooks.tap = &tap;
  hooks.orc_observer = &orc;
  Options options;
  options.level = Level::kFull;
  options.max_diagnostics = 0;
  options.keys = keys;
  (void)ValidateWithHooks(data, options, hooks);
}

}  // namespace

std::vector<Dictionary> ReadDictionaries(std::span<const std::byte> data,
                                         const Inspection& inspection,
                                         size_t column, size_t max_entries,
                                         const DecryptionKeys& keys) {
  std::vector<Dictionary> out;
  Read(data, inspection, column, max_entries, keys, PassHooks(), &out);
  return out;
}

Status ReadDictionariesInFile(const std::string& path,
                              const Inspection& inspection, size_t column,
                              size_t max_entries,
                              std::vector<Dictionary>* out,
                              const DecryptionKeys& keys) {
  out->clear();
  return WalkMappedFile(
      path, [&](std::span<const std::byte> data, const PassHooks& hooks) {
        Read(data, inspection, column, max_entries, keys, hooks, out);
      });
}

}  // namespace colcheck
