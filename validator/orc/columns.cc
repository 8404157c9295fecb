// The column stage (columns.h): the slots of every column, derived from its
// parent (V1, V2), read through PRESENT (E3, V4) and the column's value
// reader (column_values.h; V3, E4-E12).
//
// Columns are read one at a time in type-id order, which is pre-order, so
// a parent is read before its children. A column's slots are kept as
// counts per row group, in row order:
//
//   root      rows of the stripe, row_index_stride to a group
//   STRUCT    each child: the parent's non-null slots
//   LIST      the child: the lengths of the non-null lists, by group
//   MAP       key and value: likewise
//   UNION     child k: the non-null slots tagged k
//
// so every slot (and the value in it) keeps the row group of its top-level
// row. Counts are kept as runs of groups of equal count: the root's groups
// all hold row_index_stride rows but the last, so a stripe is two runs
// whatever it declares, and a STRUCT column without PRESENT passes its
// runs on as they are. Work per column thus follows the runs, and a run is
// added only for bytes read (PRESENT bits, lengths, tags), never for the
// rows or groups a stripe claims (limits.h, "ORC work bounds").

#include "orc/columns.h"

#include <algorithm>
#include <array>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/decode_counts.h"
#include "core/limits.h"
#include "core/strings.h"
#include "orc/column_values.h"
#include "orc/rle.h"

namespace colcheck::orc {
namespace {

// `groups` consecutive row groups from `group` on, `count` slots each.
struct GroupRun {
  uint64_t group = 0;
  uint64_t groups = 1;
  uint64_t count = 0;
};
using Slots = std::vector<GroupRun>;

// Adds `count` slots to row group `group`, which is the last group of
// `slots` or after it.
void AddSlots(Slots& slots, uint64_t group, uint64_t count) {
  if (count == 0) return;
  if (!slots.empty()) {
    GroupRun& last = slots.back();
    const uint64_t last_group = last.group + last.groups - 1;
    if (last_group == group) {
      if (last.groups == 1) {
        last.count += count;
      } else {
        --last.groups;
        slots.push_back({group, 1, last.count + count});
      }
      return;
    }
    if (last_group + 1 == group && last.count == count) {
      ++last.groups;
      return;
    }
  }
  slots.push_back({group, 1, count});
}

uint64_t Total(const Slots& slots) {
  uint64_t n = 0;
  for (const GroupRun& r : slots) n += r.groups * r.count;
  return n;
}

// The spans of a column without a reader (STRUCT): nothing holds them.
class NoSpans final : public ValueSpans {
 public:
  ByteSpan Span(size_t) const override { return {}; }
};
const NoSpans kNoSpans;

class StripeColumnReader {
 public:
  StripeColumnReader(const ColumnContext& context, size_t index,
                     const StripeInformation& stripe,
                     const StripeFooter& footer, const StripeData& data,
                     ColumnObserver* observer, DiagnosticSink& sink,
                     StreamLoader* loader)
      : context_(context),
        index_(index),
        stripe_(stripe),
        footer_(footer),
        data_(data),
        observer_(observer),
        sink_(sink),
        loader_(loader),
        types_(context.footer.types.value) {}

  void Run() {
    if (observer_) observer_->BeginStripe(index_, data_);
    if (RootSlots()) {
      certain_.assign(types_.size(), false);
      for (uint32_t c = 0; c < types_.size(); ++c) {
        if (loader_ != nullptr) loader_->Load(c);
        ReadColumn(c);
        if (loader_ != nullptr) loader_->Unload(c);
      }
    } else {
      complete_ = false;
    }
    if (observer_) observer_->EndStripe(index_, complete_);
  }

 private:
  // V1: the root's slots, rows by row group.
  bool RootSlots() {
    const uint64_t rows = stripe_.number_of_rows.value;
    const uint64_t stride = context_.footer.row_index_stride.value;
    slots_.assign(types_.size(), nullptr);
    stopped_.assign(types_.size(), false);
    auto root = std::make_shared<Slots>();
    if (stride == 0) {
      AddSlots(*root, 0, rows);
    } else {
      const uint64_t groups = rows / stride + (rows % stride != 0);
      if (groups > limits::kMaxOrcRowGroups) {
        sink_.Report(Code::kLimitsOrcRowGroups,
                     stripe_.number_of_rows.span,
                     StrCat("stripes[", index_, "].number_of_rows"),
                     StrCat(rows, " rows make ", groups,
                            " row groups of ", stride, "; the limit is ",
                            limits::kMaxOrcRowGroups));
        return false;
      }
      // Counted, not looped: the groups cost the file no bytes.
      if (rows / stride > 0) root->push_back({0, rows / stride, stride});
      AddSlots(*root, rows / stride, rows % stride);
    }
    slots_[0] = std::move(root);
    return true;
  }

  // Where SF7 faults are reported: the stripe footer's stream list, else
  // the whole stripe footer.
  ByteSpan MissingSpan() const {
    if (footer_.streams.present) return footer_.streams.span;
    return {stripe_.offset.value + stripe_.index_length.value +
                stripe_.data_length.value,
            stripe_.footer_length.value};
  }

  void Stop(uint32_t c) {
    complete_ = false;
    stopped_[c] = true;
  }

  bool HasPresent(uint32_t c) const {
    for (const StreamRegion& s : data_.layout->streams) {
      if (s.column == c && s.kind == kPresent) return true;
    }
    return false;
  }

  void ReadColumn(uint32_t c) {
    const uint32_t parent = context_.types.parent[c];
    if (c > 0 && stopped_[parent]) {
      stopped_[c] = true;
      return;
    }
    std::shared_ptr<const Slots> in = std::move(slots_[c]);
    if (in == nullptr) in = std::make_shared<Slots>();
    const uint64_t total = Total(*in);
    if (total > limits::kMaxOrcStripeSlots - visited_) {
      sink_.Report(Code::kLimitsOrcStripeSlots, stripe_.number_of_rows.span,
                   StrCat("stripes[", index_, "].columns[", c, "]"),
                   StrCat("column ", c, " has ", total,
                          " slots; the stripe's limit of ",
                          limits::kMaxOrcStripeSlots, " is reached"));
      Stop(c);
      return;
    }
    visited_ += total;
    const bool has_present = HasPresent(c);
    certain_[c] = stripe_.number_of_rows.value > 0 && !has_present &&
                  (c == 0 || (certain_[parent] &&
                              types_[parent].value.kind.value == kStruct));

    ColumnSource source;
    source.context = &context_;
    source.data = &data_;
    source.footer = &footer_;
    source.stripe = index_;
    source.column = c;
    source.sink = &sink_;
    source.missing_span = MissingSpan();
    source.certain = certain_[c];
    source.observer = observer_;

    // PRESENT, counted first so every value stream is asked for exactly
    // its values.
    auto non_null = std::make_shared<Slots>();
    if (!CountPresent(source, *in, non_null.get())) {
      Stop(c);
      return;
    }
    const uint64_t values = Total(*non_null);
    std::unique_ptr<ValueReader> reader = MakeValueReader(source);
    if (reader != nullptr && !reader->Open(values)) {
      Stop(c);
      return;
    }
    if (!ReadSlots(source, *in, reader.get(), non_null)) {
      // A stream that ended early is reported by Finish; a value fault
      // already is, and the column's remaining bytes mean nothing after it.
      if (reader != nullptr && !reader->faulted()) reader->Finish();
      Stop(c);
      return;
    }
    if (reader != nullptr && !reader->Finish()) Stop(c);
  }

  // E3, V4: the PRESENT stream holds one bit per slot. Fills `non_null`
  // with the non-null slots per group (all of them without PRESENT).
  bool CountPresent(const ColumnSource& source, const Slots& in,
                    Slots* non_null) {
    bool listed = false;
    const DecodedRegion* present = source.Stream(kPresent, &listed);
    if (!listed) {
      *non_null = in;
      return true;
    }
    if (present == nullptr) return false;  // Framing fault, reported.
    BooleanRleDecoder bits(present->reader(),
                           source.Context(*present, kPresent));
    uint64_t total = 0;
    uint64_t nulls = 0;
    bool ok = true;
    // Every group of every run takes at least one bit, so the loop ends
    // with the stream, whatever the groups claim.
    for (const GroupRun& run : in) {
      for (uint64_t k = 0; ok && k < run.groups; ++k) {
        uint64_t got = 0;
        uint64_t set = 0;
        ok = bits.Count(run.count, &got, &set);
        total += got;
        nulls += got - set;
        AddSlots(*non_null, run.group + k, set);
      }
      if (!ok) break;
    }
    bits.Finish(Total(in));
    if (!ok || bits.failed()) return false;
    if (total > 0 && nulls == 0 && !all_true_reported_) {
      all_true_reported_ = true;
      sink_.Report(Code::kOrcValuePresentAllTrue, present->map().region(),
                   source.Field(kPresent),
                   StrCat("the PRESENT stream of column ", source.column,
                          " marks all ", total, " slots non-null"));
    }
    return true;
  }

  // The slots of one column in order, a batch at a time: nulls and values
  // to the observer, and the children's slots from the values.
  bool ReadSlots(const ColumnSource& source, const Slots& in,
                 ValueReader* reader,
                 const std::shared_ptr<Slots>& non_null) {
    const uint32_t c = source.column;
    const Type& type = types_[c].value;
    const int64_t kind = type.kind.value;
    // STRUCT children share the non-null slots; LIST, MAP and UNION
    // children count what the values say.
    child_slots_.clear();
    if (kind == kStruct) {
      for (const auto& child : type.subtypes.value) {
        slots_[child.value] = non_null;
      }
    } else if (kind == kMap && type.subtypes.value.size() == 2) {
      auto shared = std::make_shared<Slots>();
      slots_[type.subtypes.value[0].value] = shared;
      slots_[type.subtypes.value[1].value] = shared;
      child_slots_.push_back(shared);
    } else {
      for (const auto& child : type.subtypes.value) {
        auto s = std::make_shared<Slots>();
        slots_[child.value] = s;
        child_slots_.push_back(s);
      }
    }
    if (observer_ == nullptr && reader == nullptr) return true;

    // A second pass over PRESENT, whose faults the first one reported.
    DiagnosticSink quiet(0);
    bool listed = false;
    const DecodedRegion* present = source.Stream(kPresent, &listed);
    BoolStream bits;
    if (present != nullptr) {
      bits = BoolStream(
          std::make_unique<BooleanRleDecoder>(
              present->reader(),
              StreamContext(present->map(), quiet, std::string())),
          Total(in));
    }
    if (reader == nullptr && !bits.active()) {
      // No values and no PRESENT: nothing in the file backs these slots,
      // so they are handed out a run at a time rather than a batch at a
      // time (a run may be 2^32 slots).
      ThreadDecodeCounts().orc_steps += in.size();
      for (const GroupRun& run : in) {
        observer_->OnUnstoredSlots(c, run.group, run.groups, run.count);
      }
      return true;
    }
    std::fill(values_.begin(), values_.end(), Value());
    child_total_ = 0;
    // Every slot here is a PRESENT bit or a value, so the batches follow
    // the stream bytes: the first batch a stream cannot fill stops the
    // column.
    for (const GroupRun& run : in) {
      for (uint64_t k = 0; k < run.groups; ++k) {
        for (uint64_t done = 0; done < run.count;) {
          const size_t n = static_cast<size_t>(
              std::min<uint64_t>(kValueBatch, run.count - done));
          if (!ReadBatch(source, run.group + k, n, bits, reader)) {
            return false;
          }
          done += n;
        }
      }
    }
    return true;
  }

  // `n` slots of row group `group`. False when a fault stopped the column.
  bool ReadBatch(const ColumnSource& source, uint64_t group, size_t n,
                 BoolStream& bits, ValueReader* reader) {
    ++ThreadDecodeCounts().orc_steps;
    SlotBatch batch;
    batch.column = source.column;
    batch.row_group = group;
    batch.slots = n;
    size_t wanted = n;
    if (bits.active()) {
      size_t got = 0;
      if (!bits.Read(std::span(present_).first(n), &got)) return false;
      batch.present = std::span(present_).first(n);
      wanted = static_cast<size_t>(
          std::count(present_.begin(), present_.begin() + n, 1));
    }
    const std::span<Value> values = std::span(values_).first(wanted);
    size_t read = reader != nullptr ? reader->Read(values) : wanted;
    bool ok = read == wanted;
    const int64_t kind = types_[source.column].value.kind.value;
    if (kind == kList || kind == kMap) {
      ok = AddLengths(source, group, values.first(read), reader, &read) && ok;
    } else if (kind == kUnion) {
      for (size_t i = 0; i < read; ++i) {
        AddSlots(*child_slots_[static_cast<size_t>(values[i].integer)], group,
                 1);
      }
    }
    if (observer_ != nullptr) {
      // A batch cut short ends before its first value not handed out.
      if (read < wanted) batch.slots = SlotsBefore(batch.present, read);
      batch.values = values.first(read);
      batch.spans = reader != nullptr ? static_cast<const ValueSpans*>(reader)
                                      : &kNoSpans;
      observer_->OnSlots(batch);
    }
    return ok;
  }

  // The children's slots of LIST and MAP lengths. At the first length past
  // the stripe's limit of slots, reports it, cuts `*read` after that value
  // (the observer still sees it) and returns false.
  bool AddLengths(const ColumnSource& source, uint64_t group,
                  std::span<const Value> lengths, const ValueReader* reader,
                  size_t* read) {
    for (size_t i = 0; i < lengths.size(); ++i) {
      const uint64_t length = static_cast<uint64_t>(lengths[i].integer);
      if (length > limits::kMaxOrcStripeSlots - child_total_) {
        sink_.Report(Code::kLimitsOrcStripeSlots, reader->Span(i),
                     source.Field(kLength),
                     StrCat("the lengths of column ", source.column,
                            " exceed ", limits::kMaxOrcStripeSlots,
                            " slots"));
        *read = i + 1;
        return false;
      }
      child_total_ += length;
      if (!child_slots_.empty()) AddSlots(*child_slots_[0], group, length);
    }
    return true;
  }

  // The slots before non-null slot `values` of a batch (all of them
  // non-null when `present` is empty).
  static uint64_t SlotsBefore(std::span<const uint8_t> present,
                              size_t values) {
    if (present.empty()) return values;
    size_t seen = 0;
    for (size_t i = 0; i < present.size(); ++i) {
      if (present[i] != 0 && seen++ == values) return i;
    }
    return present.size();
  }

  const ColumnContext& context_;
  const size_t index_;
  const StripeInformation& stripe_;
  const StripeFooter& footer_;
  const StripeData& data_;
  ColumnObserver* observer_;
  DiagnosticSink& sink_;
  StreamLoader* loader_;
  const ModelList<Spanned<Type>>& types_;

  std::vector<std::shared_ptr<Slots>> slots_;  // Until the column is read.
  std::vector<bool> stopped_;                  // And its subtree.
  std::vector<bool> certain_;                  // Every slot non-null.
  uint64_t visited_ = 0;
  bool complete_ = true;
  // The column being read: its children's slots, the sum of its lengths
  // (LIST, MAP), and one batch's PRESENT bits and values.
  std::vector<std::shared_ptr<Slots>> child_slots_;
  uint64_t child_total_ = 0;
  std::array<uint8_t, kValueBatch> present_{};
  std::vector<Value> values_ = std::vector<Value>(kValueBatch);
  bool all_true_reported_ = false;
};

}  // namespace

void ColumnObserver::OnUnstoredSlots(uint32_t column, uint64_t first_group,
                                     uint64_t row_groups,
                                     uint64_t slots_per_group) {
  static const std::vector<Value>* const kDefaults =
      new std::vector<Value>(kValueBatch);
  SlotBatch batch;
  batch.column = column;
  batch.spans = &kNoSpans;
  for (uint64_t k = 0; k < row_groups; ++k) {
    batch.row_group = first_group + k;
    for (uint64_t done = 0; done < slots_per_group;) {
      const size_t n = static_cast<size_t>(
          std::min<uint64_t>(kValueBatch, slots_per_group - done));
      batch.slots = n;
      batch.values = std::span<const Value>(*kDefaults).first(n);
      OnSlots(batch);
      done += n;
    }
  }
}

void ReadStripeColumns(const ColumnContext& context, size_t index,
                       const StripeInformation& stripe,
                       const StripeFooter& footer, const StripeData& data,
                       ColumnObserver* observer, DiagnosticSink& sink,
                       StreamLoader* loader) {
  if (!context.types.valid || data.layout == nullptr ||
      footer.columns.value.size() != context.footer.types.value.size()) {
    return;
  }
  StripeColumnReader(context, index, stripe, footer, data, observer, sink,
                     loader)
      .Run();
}

}  // namespace colcheck::orc
