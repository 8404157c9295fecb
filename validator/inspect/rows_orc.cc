// ORC rows: each stripe's column slots (orc/columns.h), as the column
// stage decodes them, put back into rows by the type tree (ORCv1.md "Type
// Tree", "Column Encodings").
//
// The column stage reads a stripe a column at a time, in column-id order,
// so a parent's slots are all known before its children's: each column
// keeps only the slots that the rows still wanted need, which its parent
// says (a STRUCT child one per non-null parent slot, a LIST child or a MAP
// key and value the non-null lengths' sum, a UNION child those tagged with
// its index). At the stripe's end the rows are rendered, each consuming
// its columns' slots in order; a row that runs out of a column's slots is
// where a broken stripe stops.

#include <date/tz.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"
#include "inspect/rows_internal.h"
#include "orc/columns.h"
#include "orc/metadata.h"
#include "orc/orc_validator.h"
#include "orc/types.h"

namespace colcheck::rows {
namespace {

// Stored TIMESTAMP seconds count from 2015-01-01 (ORCv1.md, "Timestamp").
constexpr int64_t kOrcEpoch = 1420070400;

// What one column keeps of the current stripe.
struct ColumnSlots {
  bool started = false;
  uint64_t needed = 0;          // Slots the wanted rows take.
  std::vector<uint8_t> null;    // Per kept slot.
  std::vector<Value> values;    // Per kept non-null slot (primitives).
  std::vector<int64_t> counts;  // Per kept non-null slot: LIST and MAP
                                // lengths, UNION tags.
  size_t slot = 0;              // Render cursors.
  size_t value = 0;
};

// The writer's zone of a stripe (StripeFooter.writer_timezone), found once
// per name in the system's tz database; null for UTC or a zone it lacks,
// whose values are then read as UTC.
const date::time_zone* LocateZone(const std::string& name) {
  if (name.empty() || name == "UTC" || name == "GMT") return nullptr;
  // date's only error channel is an exception: an unknown name is not a
  // fault of the validator, so it becomes UTC here.
  try {
    return date::locate_zone(name);
  } catch (const std::exception&) {
    return nullptr;
  }
}

// The zone's UTC offset at `seconds`. Past 2038-01-19 zone files give no
// transitions, only a rule (the POSIX string at their end) that date's
// reader of the system database does not apply; the rule repeats with
// the calendar every 28 years up to 2100, so such an instant takes the
// offset of the same moment 28 years earlier.
int64_t OffsetAt(const date::time_zone* zone, int64_t seconds) {
  if (zone == nullptr) return 0;
  constexpr int64_t kLastTransition = INT32_MAX;
  constexpr int64_t kTwentyEightYears = int64_t{10227} * 86400;
  if (seconds > kLastTransition) {
    seconds -= ((seconds - kLastTransition) / kTwentyEightYears + 1) *
               kTwentyEightYears;
  }
  const date::sys_seconds at{std::chrono::seconds{seconds}};
  return zone->get_info(at).offset.count();
}

std::string DecimalText(__int128 v, int32_t scale) {
  const bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v)
                                 : static_cast<unsigned __int128>(v);
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + u % 10));
    u /= 10;
  } while (u > 0);
  if (scale > 0) {
    if (digits.size() <= static_cast<size_t>(scale)) {
      digits.insert(0, static_cast<size_t>(scale) + 1 - digits.size(), '0');
    }
    digits.insert(digits.size() - static_cast<size_t>(scale), ".");
  }
  return (negative ? "-" : "") + digits;
}

class OrcRowReader final : public FormatRows,
                           public orc::Observer,
                           public orc::ColumnObserver {
 public:
  OrcRowReader(const ByteReader& file, RowEmitter& emitter)
      : file_(file), emitter_(emitter) {}

  // ---- orc::Observer ----
  void Tail(const orc::Tail&, bool) override {}
  void Footer(const orc::Footer& footer, const orc::TypeTree& types) override;
  void Stripe(size_t index, const orc::StripeInformation& info,
              const orc::StripeFooter* footer) override;
  orc::ColumnObserver* Columns() override { return this; }

  // ---- orc::ColumnObserver ----
  void BeginStripe(size_t stripe, const orc::StripeData&) override;
  void OnSlots(const orc::SlotBatch& batch) override;
  void OnUnstoredSlots(uint32_t column, uint64_t first_group,
                       uint64_t row_groups, uint64_t slots_per_group) override;
  void EndStripe(size_t stripe, bool complete) override;

  void Finish() override;

 private:
  int64_t Kind(uint32_t c) const { return kinds_[c]; }
  bool Reading() const {
    return read_ && emitter_.WantsGroup(static_cast<int64_t>(stripe_)) &&
           emitter_.RowsLeft() > 0;
  }
  void Start(uint32_t c);
  uint64_t Need(uint32_t c) const;
  bool Hold(uint64_t bytes);
  Value Typed(uint32_t c, const orc::Value& v) const;
  // Stripes the column stage did not read, from `next_` up to `end`.
  void Missed(size_t end);
  void StopIn(size_t stripe, uint32_t column, std::string reason);
  bool Render(uint32_t c, Cell* out);

  const ByteReader& file_;
  RowEmitter& emitter_;
  bool footer_ = false;
  bool read_ = false;  // The type tree is valid and the options fit.
  std::vector<int64_t> kinds_;
  std::vector<std::vector<uint32_t>> children_;
  std::vector<std::string> names_;  // A STRUCT field's name, else "".
  std::vector<std::string> paths_;
  std::vector<uint32_t> parent_;
  std::vector<int32_t> scales_;
  std::vector<bool> keep_;
  std::vector<ByteSpan> extents_;  // Per stripe, cut to the file.
  std::vector<uint64_t> rows_;     // Per stripe.
  size_t next_ = 0;                // The first stripe not accounted for.
  size_t stripe_ = 0;              // The stripe being read.
  bool in_stripe_ = false;
  std::string zone_name_;
  const date::time_zone* zone_ = nullptr;
  int64_t zone_epoch_ = kOrcEpoch;
  std::vector<ColumnSlots> columns_;
  uint64_t cells_ = 0;
  uint32_t short_column_ = 0;  // The column a render ran out of.
};

// ---- footer and stripes
// ---------------------------------------------------------

void OrcRowReader::Footer(const orc::Footer& footer,
                          const orc::TypeTree& types) {
  footer_ = true;
  RowsResult& result = emitter_.result();
  result.total_rows =
      footer.number_of_rows.present
          ? static_cast<int64_t>(std::min<uint64_t>(footer.number_of_rows.value,
                                                    uint64_t{INT64_MAX}))
          : -1;
  const size_t n_stripes = footer.stripes.value.size();
  for (const auto& s : footer.stripes.value) {
    const orc::StripeInformation& info = s.value;
    const uint64_t size = file_.size();
    const uint64_t offset = std::min(info.offset.value, size);
    uint64_t declared = 0;
    bool overflow =
        __builtin_add_overflow(info.index_length.value, info.data_length.value,
                               &declared) ||
        __builtin_add_overflow(declared, info.footer_length.value, &declared);
    const uint64_t length =
        overflow ? size - offset : std::min(declared, size - offset);
    extents_.push_back({offset, length});
    rows_.push_back(info.number_of_rows.value);
  }
  if (emitter_.options().group >= 0 &&
      static_cast<uint64_t>(emitter_.options().group) >= n_stripes) {
    emitter_.Fail(StrCat("the file has ", n_stripes,
                         n_stripes == 1 ? " stripe" : " stripes"));
    return;
  }
  if (!types.valid) return;
  const auto& list = footer.types.value;
  const size_t n = list.size();
  kinds_.resize(n);
  children_.resize(n);
  names_.assign(n, "");
  paths_.assign(n, "");
  parent_ = types.parent;
  scales_.assign(n, 0);
  std::vector<FieldNode> nodes(n);
  for (size_t c = 0; c < n; ++c) {
    const orc::Type& t = list[c].value;
    kinds_[c] = t.kind.value;
    scales_[c] = static_cast<int32_t>(t.scale.value);
    // A Hive 0.11 decimal (precision 0) reads as decimal(38, 6).
    if (t.kind.value == orc::kDecimal && t.precision.value == 0) {
      scales_[c] = 6;
    }
    for (size_t i = 0; i < t.subtypes.value.size(); ++i) {
      const uint32_t child = t.subtypes.value[i].value;
      children_[c].push_back(child);
      if (t.kind.value != orc::kStruct || child >= n) continue;
      if (i < t.field_names.value.size()) {
        names_[child] = std::string(t.field_names.value[i].value);
      }
    }
  }
  for (size_t c = 1; c < n; ++c) {
    const uint32_t p = parent_[c];
    const std::string& base = paths_[p];
    // A LIST element, MAP key or value, UNION member has no name of its
    // own: it goes with its parent.
    paths_[c] = kinds_[p] != orc::kStruct ? base
                : base.empty()            ? names_[c]
                                          : base + "." + names_[c];
    nodes[c] = {paths_[c], static_cast<int32_t>(p)};
  }
  std::string error;
  std::vector<bool> keep;
  if (!SelectFields(emitter_.options().columns, nodes, &keep, &error)) {
    emitter_.Fail(std::move(error));
    return;
  }
  keep_ = keep;
  if (kinds_[0] == orc::kStruct) {
    for (uint32_t child : children_[0]) {
      if (keep_[child]) result.fields.push_back(names_[child]);
    }
  } else {
    result.fields.push_back("");  // A root of another kind: one field.
  }
  read_ = true;
}

void OrcRowReader::Stripe(size_t index, const orc::StripeInformation&,
                          const orc::StripeFooter* footer) {
  if (in_stripe_) {
    StopIn(stripe_, 0, "the stripe's columns were not read");
  }
  Missed(index);
  stripe_ = index;
  next_ = index + 1;
  in_stripe_ = true;
  if (footer == nullptr) {
    in_stripe_ = false;
    StopIn(index, 0, "the stripe's footer does not decode");
    return;
  }
  const std::string name = footer->writer_timezone.present
                               ? std::string(footer->writer_timezone.value)
                               : "";
  if (name != zone_name_) {
    zone_name_ = name;
    zone_ = LocateZone(name);
    // 2015-01-01 00:00:00 in the writer's zone.
    zone_epoch_ = kOrcEpoch - OffsetAt(zone_, kOrcEpoch);
  }
}

void OrcRowReader::Missed(size_t end) {
  for (; next_ < end; ++next_) {
    StopIn(next_, 0, "the stripe is not where the footer places it");
  }
}

void OrcRowReader::StopIn(size_t stripe, uint32_t column, std::string reason) {
  in_stripe_ = false;
  if (!read_ || !emitter_.WantsGroup(static_cast<int64_t>(stripe)) ||
      emitter_.RowsLeft() == 0 || stripe >= rows_.size() ||
      rows_[stripe] == 0) {
    return;
  }
  const ByteSpan span =
      stripe < extents_.size() ? extents_[stripe] : ByteSpan{};
  emitter_.Stop(static_cast<int64_t>(stripe),
                column < paths_.size() ? paths_[column] : "", span,
                std::move(reason));
}

void OrcRowReader::BeginStripe(size_t stripe, const orc::StripeData&) {
  stripe_ = stripe;
  columns_.assign(kinds_.size(), ColumnSlots());
  emitter_.ReleaseHeld();
}

// ---- slots
// ---------------------------------------------------------------------

bool OrcRowReader::Hold(uint64_t bytes) {
  return emitter_.Hold(bytes, file_.size(), static_cast<int64_t>(stripe_),
                       "stripe");
}

// The slots of `c` the wanted rows take, from its parent's kept slots.
uint64_t OrcRowReader::Need(uint32_t c) const {
  if (c == 0) {
    const uint64_t rows = stripe_ < rows_.size() ? rows_[stripe_] : 0;
    return std::min(rows, emitter_.RowsLeft());
  }
  const uint32_t p = parent_[c];
  const ColumnSlots& parent = columns_[p];
  const int64_t kind = kinds_[p];
  uint64_t need = 0;
  size_t k = 0;
  for (size_t i = 0; i < parent.null.size(); ++i) {
    if (parent.null[i]) continue;
    if (kind == orc::kStruct) {
      ++need;
    } else if (k < parent.counts.size()) {
      const int64_t n = parent.counts[k];
      if (kind == orc::kUnion) {
        const auto& sub = children_[p];
        need += n >= 0 && static_cast<size_t>(n) < sub.size() &&
                sub[static_cast<size_t>(n)] == c;
      } else if (n > 0) {
        need += static_cast<uint64_t>(n);
      }
    }
    ++k;
  }
  return need;
}

void OrcRowReader::Start(uint32_t c) {
  ColumnSlots& column = columns_[c];
  if (column.started) return;
  column.started = true;
  column.needed = Need(c);
}

Value OrcRowReader::Typed(uint32_t c, const orc::Value& v) const {
  Value out;
  switch (kinds_[c]) {
    case orc::kBoolean:
      out.kind = ValueKind::kBoolean;
      out.boolean = v.integer != 0;
      break;
    case orc::kFloat:
    case orc::kDouble:
      out.kind = ValueKind::kFloat;
      out.single = kinds_[c] == orc::kFloat;
      out.number = v.real;
      break;
    case orc::kString:
    case orc::kChar:
    case orc::kVarchar:
      out.kind = ValueKind::kString;
      out.text = std::string(v.bytes);
      break;
    case orc::kBinary:
    case orc::kGeometry:
    case orc::kGeography:
      out.kind = ValueKind::kBytes;
      out.text = std::string(v.bytes);
      break;
    case orc::kDecimal:
      out.kind = ValueKind::kDecimal;
      out.text = DecimalText(v.decimal, v.scale);
      break;
    case orc::kDate:
      out.kind = ValueKind::kDate;
      out.integer = v.integer;
      break;
    case orc::kTimestamp:
    case orc::kTimestampInstant: {
      // TIMESTAMP: the writer's wall clock; TIMESTAMP_INSTANT: UTC. A
      // negative time with nanoseconds above 999999 is one second early
      // as stored, as the C++ reader reads it (E11).
      const bool instant = kinds_[c] == orc::kTimestampInstant;
      int64_t wall = v.seconds;
      if (!instant) {
        const int64_t at = v.seconds - kOrcEpoch + zone_epoch_;
        wall = at + OffsetAt(zone_, at);
      }
      if (wall < 0 && v.nanos > 999999) wall -= 1;
      out.kind = ValueKind::kTimestamp;
      out.unit = TimeUnit::kNanos;
      out.utc = instant;
      if (__builtin_mul_overflow(wall, int64_t{1000000000}, &out.integer) ||
          __builtin_add_overflow(out.integer, int64_t{v.nanos}, &out.integer)) {
        out.kind = ValueKind::kString;  // Past int64 nanoseconds.
        out.text = StrCat(wall, "s+", v.nanos, "ns");
      }
      break;
    }
    default:
      out.kind = ValueKind::kInt;
      out.integer = v.integer;
  }
  return out;
}

void OrcRowReader::OnSlots(const orc::SlotBatch& batch) {
  const uint32_t c = batch.column;
  if (!Reading() || c >= columns_.size() || !keep_[c] || emitter_.over_limit())
    return;
  Start(c);
  ColumnSlots& column = columns_[c];
  const int64_t kind = kinds_[c];
  const bool counted =
      kind == orc::kList || kind == orc::kMap || kind == orc::kUnion;
  size_t v = 0;
  for (uint64_t i = 0; i < batch.slots && column.null.size() < column.needed;
       ++i) {
    const bool null = !batch.present.empty() && batch.present[i] == 0;
    if (!Hold(16)) return;
    column.null.push_back(null ? 1 : 0);
    if (null || v >= batch.values.size()) continue;
    const orc::Value& value = batch.values[v++];
    if (counted) {
      column.counts.push_back(value.integer);
    } else if (kind != orc::kStruct) {
      column.values.push_back(Typed(c, value));
      if (!Hold(column.values.back().text.size() + sizeof(Value))) return;
    }
  }
}

void OrcRowReader::OnUnstoredSlots(uint32_t column, uint64_t,
                                   uint64_t row_groups,
                                   uint64_t slots_per_group) {
  if (!Reading() || column >= columns_.size() || !keep_[column]) return;
  Start(column);
  ColumnSlots& slots = columns_[column];
  uint64_t count = 0;
  if (__builtin_mul_overflow(row_groups, slots_per_group, &count)) {
    count = UINT64_MAX;
  }
  const uint64_t take =
      std::min<uint64_t>(count, slots.needed - slots.null.size());
  if (!Hold(take)) return;
  slots.null.insert(slots.null.end(), take, 0);
}

// ---- rows
// ----------------------------------------------------------------------

// Renders the next slot of column `c` into `*out`; false when `c` has no
// slot left (the stripe broke) or the row grew past the cells limit.
bool OrcRowReader::Render(uint32_t c, Cell* out) {
  ColumnSlots& column = columns_[c];
  if (column.slot >= column.null.size() || ++cells_ > limits::kMaxRowCells) {
    short_column_ = c;
    return false;
  }
  if (column.null[column.slot++]) return true;  // kNull.
  const int64_t kind = kinds_[c];
  const std::vector<uint32_t>& sub = children_[c];
  if (kind == orc::kStruct) {
    out->kind = Cell::Kind::kStruct;
    for (uint32_t child : sub) {
      if (child >= columns_.size() || !keep_[child]) continue;
      Cell field;
      field.name = names_[child];
      if (!Render(child, &field)) return false;
      out->items.push_back(std::move(field));
    }
    return true;
  }
  if (kind != orc::kList && kind != orc::kMap && kind != orc::kUnion) {
    if (column.value >= column.values.size()) {
      short_column_ = c;
      return false;
    }
    out->kind = Cell::Kind::kValue;
    out->value = column.values[column.value++];
    return true;
  }
  if (column.value >= column.counts.size()) {
    short_column_ = c;
    return false;
  }
  const int64_t n = column.counts[column.value++];
  if (kind == orc::kUnion) {
    out->kind = Cell::Kind::kStruct;
    Cell tag;
    tag.name = "tag";
    tag.kind = Cell::Kind::kValue;
    tag.value.kind = ValueKind::kInt;
    tag.value.integer = n;
    out->items.push_back(std::move(tag));
    Cell value;
    value.name = "value";
    if (n < 0 || static_cast<size_t>(n) >= sub.size() ||
        !Render(sub[static_cast<size_t>(n)], &value)) {
      return false;
    }
    out->items.push_back(std::move(value));
    return true;
  }
  out->kind = Cell::Kind::kList;
  for (int64_t i = 0; i < n; ++i) {
    Cell item;
    if (kind == orc::kList) {
      if (sub.empty() || !Render(sub[0], &item)) return false;
    } else {
      item.kind = Cell::Kind::kStruct;
      for (size_t k = 0; k < 2 && k < sub.size(); ++k) {
        Cell part;
        part.name = k == 0 ? "key" : "value";
        if (!Render(sub[k], &part)) return false;
        item.items.push_back(std::move(part));
      }
    }
    out->items.push_back(std::move(item));
  }
  return true;
}

void OrcRowReader::EndStripe(size_t stripe, bool complete) {
  in_stripe_ = false;
  if (!Reading() || emitter_.over_limit()) return;
  for (uint32_t c = 0; c < columns_.size(); ++c) {
    if (keep_[c]) Start(c);  // Columns that gave no slot at all.
  }
  const uint64_t rows = columns_.empty() ? 0 : columns_[0].needed;
  for (uint64_t r = 0; r < rows; ++r) {
    Cell row;
    cells_ = 0;
    if (!Render(0, &row)) {
      StopIn(stripe, short_column_,
             cells_ > limits::kMaxRowCells
                 ? StrCat("a row holds more than colcheck's limit of ",
                          limits::kMaxRowCells, " values, lists and structs")
             : complete ? "the column's values end before the stripe's rows"
                        : "a fault stopped reading the column");
      return;
    }
    if (kinds_[0] != orc::kStruct) {
      Cell wrapped;
      wrapped.kind = Cell::Kind::kStruct;
      row.name = "";
      wrapped.items.push_back(std::move(row));
      row = std::move(wrapped);
    }
    emitter_.Emit(row);
  }
  columns_.clear();
}

void OrcRowReader::Finish() {
  if (!footer_) {
    const uint64_t tail = std::min<uint64_t>(file_.size(), 16);
    emitter_.Stop(-1, "", {file_.size() - tail, tail},
                  "no footer decodes (it is damaged, or encrypted)");
    return;
  }
  if (!read_) {
    if (emitter_.error().empty()) {
      emitter_.Stop(-1, "", {}, "the type tree is not valid");
    }
    return;
  }
  if (in_stripe_) StopIn(stripe_, 0, "the stripe's columns were not read");
  Missed(rows_.size());
}

}  // namespace

OrcRows MakeOrcRows(const ByteReader& file, RowEmitter& emitter) {
  auto reader = std::make_unique<OrcRowReader>(file, emitter);
  OrcRows rows;
  rows.observer = reader.get();
  rows.reader = std::move(reader);
  return rows;
}

}  // namespace colcheck::rows
