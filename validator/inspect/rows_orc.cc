// ORC rows: each stripe's column slots (orc/columns.h), as the column
// stage decodes them, put back into rows by the type tree (ORCv1.md "Type
// Tree", "Column Encodings").
//
// The column stage reads a stripe a column at a time, in column-id order,
// so a parent's slots are all known before its children's: each column
// keeps only the slots that the rows still wanted need, which its parent
// says (a STRUCT child one per non-null parent slot, a LIST child or a MAP
// key and value the non-null lengths' sum, a UNION child those tagged with
// its index). Slots that no byte backs (a STRUCT without PRESENT, which a
// stripe may declare 2^32 of) are only counted. At the stripe's end the
// rows are rendered, each consuming its columns' slots in order; a row
// that runs out of a column's slots is where a broken stripe stops.

#include <date/tz.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"
#include "inspect/rows_internal.h"
#include "orc/columns.h"
#include "orc/metadata.h"
#include "orc/orc_validator.h"
#include "orc/statistics.h"
#include "orc/tail.h"
#include "orc/types.h"

namespace colcheck::rows {
namespace {

// Stored TIMESTAMP seconds count from 2015-01-01 (ORCv1.md, "Timestamp").
constexpr int64_t kOrcEpoch = 1420070400;

// A UNION tag is one byte (ORCv1.md "Union Columns"): no more variants
// can be tagged.
constexpr size_t kMaxUnionTags = 256;

// Why a stripe the column stage did not read stops: the validation found
// its layout, or the Footer's stripe list, unusable.
constexpr std::string_view kNotRead = "the stripe's columns could not be read";

uint64_t SaturatingAdd(uint64_t a, uint64_t b) {
  uint64_t sum = 0;
  return __builtin_add_overflow(a, b, &sum) ? UINT64_MAX : sum;
}

// a + b, wrapping as the readers' int64 arithmetic on timestamps does
// (orc/columns.h: stored seconds may be any int64).
int64_t WrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) +
                              static_cast<uint64_t>(b));
}

// What one column keeps of the current stripe: its first `needed` slots.
struct ColumnSlots {
  bool started = false;
  uint64_t needed = 0;
  uint64_t slots = 0;  // Kept so far.
  uint64_t non_null = 0;
  // One per kept slot (1: null) once a slot was null; empty while none
  // was, so that slots no byte backs cost nothing.
  std::vector<uint8_t> null;
  std::vector<Value> values;     // One per non-null slot: primitives.
  std::vector<int64_t> counts;   // One per non-null slot: LIST and MAP
                                 // lengths, UNION tags.
  uint64_t elements = 0;         // LIST, MAP: the positive lengths' sum.
  std::vector<uint64_t> tagged;  // UNION: the non-null slots per tag.
  uint64_t next_slot = 0;        // Render cursors.
  size_t next_value = 0;
};

// The writer's zone of a stripe (StripeFooter.writer_timezone) in the
// system's tz database; null for UTC or a zone it lacks, whose values are
// then read as UTC.
const date::time_zone* LocateZone(const std::string& name) {
  if (name.empty() || name == "UTC" || name == "GMT") return nullptr;
  // An exception is date's only way to say that it does not know a zone;
  // a zone the system lacks is no fault of the file, so it reads as UTC.
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

// `seconds` plus `fraction` in units of which a second holds `per_second`,
// into `*out`; false when int64 does not hold it.
bool Scaled(int64_t seconds, int64_t per_second, int64_t fraction,
            int64_t* out) {
  return !__builtin_mul_overflow(seconds, per_second, out) &&
         !__builtin_add_overflow(*out, fraction, out);
}

// A negative time with nanoseconds above 999999 is one second early as
// stored, as the C++ reader reads it (E11).
int64_t EarlySecond(int64_t seconds, int32_t nanos) {
  return seconds < 0 && nanos > 999999 ? WrappingAdd(seconds, -1) : seconds;
}

// A timestamp of `seconds` and `nanos` since 1970-01-01: in nanoseconds,
// which int64 holds from 1677 to 2262; else in microseconds when no digit
// is lost (such as 9999-12-31 23:59:59); else, as no unit holds it
// exactly, the stored numbers as text.
Value Timestamp(int64_t seconds, int32_t nanos, bool utc) {
  Value out;
  out.kind = ValueKind::kTimestamp;
  out.utc = utc;
  out.unit = TimeUnit::kNanos;
  if (Scaled(seconds, 1000000000, nanos, &out.integer)) return out;
  out.unit = TimeUnit::kMicros;
  if (nanos % 1000 == 0 &&
      Scaled(seconds, 1000000, nanos / 1000, &out.integer)) {
    return out;
  }
  out = Value();
  out.kind = ValueKind::kString;
  out.text = StrCat(seconds, "s+", nanos, "ns");
  return out;
}

class OrcRowReader final : public FormatRows,
                           public orc::Observer,
                           public orc::ColumnObserver {
 public:
  OrcRowReader(const ByteReader& file, RowEmitter& emitter)
      : file_(file), emitter_(emitter) {
    const uint64_t tail = std::min<uint64_t>(file_.size(), 256);
    tail_ = {file_.size() - tail, tail};
  }

  // ---- orc::Observer ----
  void Tail(const orc::Tail& tail, bool read) override;
  void Footer(const orc::Footer& footer, const orc::TypeTree& types) override;
  void Stripe(size_t index, const orc::StripeInformation& info,
              const orc::StripeFooter* footer) override;
  orc::ColumnObserver* Columns() override { return this; }

  // ---- orc::ColumnObserver ----
  void BeginStripe(size_t stripe, const orc::StripeData& data) override;
  void OnSlots(const orc::SlotBatch& batch) override;
  void OnUnstoredSlots(uint32_t column, uint64_t first_group,
                       uint64_t row_groups, uint64_t slots_per_group) override;
  void EndStripe(size_t stripe, bool complete) override;

  void Finish() override;

 private:
  // ---- the footer
  void PlaceStripes(const orc::Footer& footer);
  void ReadTypes(const orc::Footer& footer, const orc::TypeTree& types);
  bool TooDeep();
  bool Select();
  std::string PathOf(uint32_t c, size_t limit) const;

  // ---- stripes
  void SetZone(const orc::StripeFooter& footer);
  void Missed(size_t end);
  void StopIn(size_t stripe, uint32_t column, ByteSpan span,
              std::string reason);
  ByteSpan StripeSpan(size_t stripe) const;

  // ---- slots
  bool Collecting(uint32_t c) const {
    return c < columns_.size() && keep_[c] && emitter_.RowsLeft() > 0;
  }
  ColumnSlots& Start(uint32_t c);
  uint64_t Need(uint32_t c) const;
  bool AddSlot(uint32_t c, const orc::Value* value);
  uint64_t AddValue(uint32_t c, const orc::Value& value);
  bool Hold(uint64_t bytes);
  Value Typed(uint32_t c, const orc::Value& v) const;

  // ---- rows
  void EmitRows(size_t stripe, bool complete);
  bool Row(Cell* row);
  bool Render(uint32_t c, Cell* out);
  bool RenderStruct(uint32_t c, Cell* out);
  bool RenderList(uint32_t c, int64_t length, Cell* out);
  bool RenderUnion(uint32_t c, int64_t tag, Cell* out);
  bool RenderField(uint32_t c, std::string name, Cell* parent);

  const ByteReader& file_;
  RowEmitter& emitter_;
  ByteSpan tail_;   // Where the footer's absence is blamed.
  ByteSpan types_;  // Footer.types.
  bool footer_ = false;
  bool read_ = false;  // The type tree is valid and the options fit.
  // The type tree, by column id.
  std::vector<int64_t> kinds_;
  std::vector<uint32_t> parent_;
  std::vector<uint32_t> position_;  // Among the parent's subtypes.
  std::vector<std::vector<uint32_t>> children_;
  std::vector<std::string> names_;  // A STRUCT field's name, else "".
  std::vector<bool> keep_;
  std::vector<std::vector<uint32_t>> kept_children_;
  // Per stripe.
  std::vector<ByteSpan> extents_;  // Cut to the file.
  std::vector<uint64_t> rows_;
  size_t next_ = 0;  // The first stripe not accounted for.
  // The stripe being read.
  size_t stripe_ = 0;
  bool in_stripe_ = false;  // Stripe() came, EndStripe() not yet.
  std::string zone_name_;
  const date::time_zone* zone_ = nullptr;
  int64_t zone_epoch_ = kOrcEpoch;  // 2015-01-01 in the writer's zone.
  std::vector<ByteSpan> streams_;   // Each column's data streams.
  std::vector<ColumnSlots> columns_;
  uint64_t cells_ = 0;         // Of the row being rendered.
  uint32_t short_column_ = 0;  // The column a render ran out of.
};

// ---- the footer ---------------------------------------------------------

void OrcRowReader::Tail(const orc::Tail& tail, bool read) {
  if (!read || tail.footer.offset >= file_.size()) return;
  tail_ = {tail.footer.offset, file_.size() - tail.footer.offset};
}

void OrcRowReader::Footer(const orc::Footer& footer,
                          const orc::TypeTree& types) {
  footer_ = true;
  RowsResult& result = emitter_.result();
  if (footer.number_of_rows.present) {
    result.total_rows = static_cast<int64_t>(
        std::min<uint64_t>(footer.number_of_rows.value, INT64_MAX));
  }
  PlaceStripes(footer);
  const size_t stripes = rows_.size();
  const int64_t group = emitter_.options().group;
  if (group >= 0 && static_cast<uint64_t>(group) >= stripes) {
    emitter_.Fail(StrCat("the file has ", stripes,
                         stripes == 1 ? " stripe" : " stripes"));
    return;
  }
  types_ = footer.types.span;
  if (!types.valid) return;  // Finish stops.
  ReadTypes(footer, types);
  if (TooDeep() || !Select()) return;
  for (uint32_t child : kept_children_[0]) {
    result.fields.push_back(names_[child]);
  }
  // A root of another kind than STRUCT is the one field of each row.
  if (kinds_[0] != orc::kStruct) result.fields.push_back("");
  read_ = true;
}

void OrcRowReader::PlaceStripes(const orc::Footer& footer) {
  const uint64_t size = file_.size();
  for (const auto& spanned : footer.stripes.value) {
    const orc::StripeInformation& info = spanned.value;
    const uint64_t offset = std::min(info.offset.value, size);
    const uint64_t length = SaturatingAdd(
        SaturatingAdd(info.index_length.value, info.data_length.value),
        info.footer_length.value);
    extents_.push_back({offset, std::min(length, size - offset)});
    rows_.push_back(info.number_of_rows.value);
  }
}

void OrcRowReader::ReadTypes(const orc::Footer& footer,
                             const orc::TypeTree& types) {
  const auto& list = footer.types.value;
  const size_t n = list.size();
  kinds_.resize(n);
  parent_ = types.parent;
  position_.assign(n, 0);
  children_.resize(n);
  names_.resize(n);
  for (size_t c = 0; c < n; ++c) {
    const orc::Type& type = list[c].value;
    kinds_[c] = type.kind.value;
    const auto& subtypes = type.subtypes.value;
    const auto& field_names = type.field_names.value;
    // A valid tree's subtypes are ids in range, each named once.
    for (size_t i = 0; i < subtypes.size(); ++i) {
      const uint32_t child = subtypes[i].value;
      children_[c].push_back(child);
      position_[child] = static_cast<uint32_t>(i);
      if (type.kind.value == orc::kStruct && i < field_names.size()) {
        names_[child] = std::string(field_names[i].value);
      }
    }
  }
}

// Rows are rendered by recursion over the type tree, which a valid tree
// does not bound: past the depth colcheck allows a Parquet schema, reading
// stops before it starts.
bool OrcRowReader::TooDeep() {
  std::vector<int32_t> depth(kinds_.size(), 0);
  for (size_t c = 1; c < kinds_.size(); ++c) {
    depth[c] = depth[parent_[c]] + 1;
    if (depth[c] <= limits::kMaxSchemaDepth) continue;
    emitter_.Stop(-1, "", types_,
                  StrCat("the types nest deeper than colcheck's limit of ",
                         limits::kMaxSchemaDepth, " levels"));
    return true;
  }
  return false;
}

// RowsOptions::columns, on the fields' dotted paths.
bool OrcRowReader::Select() {
  const std::vector<std::string>& columns = emitter_.options().columns;
  // Only a path's first bytes are compared, so each is cut there: the
  // paths of a deep, wide tree would take the footer's size many times.
  size_t limit = 0;
  for (const std::string& column : columns) {
    limit = std::max(limit, column.size() + 1);
  }
  std::vector<FieldNode> nodes(kinds_.size());
  for (uint32_t c = 1; c < nodes.size() && !columns.empty(); ++c) {
    nodes[c] = {PathOf(c, limit), static_cast<int32_t>(parent_[c])};
  }
  std::string error;
  std::vector<bool> keep;
  if (!SelectFields(columns, nodes, &keep, &error)) {
    emitter_.Fail(std::move(error));
    return false;
  }
  keep_ = std::move(keep);
  kept_children_.resize(kinds_.size());
  for (uint32_t c = 0; c < kinds_.size(); ++c) {
    for (uint32_t child : children_[c]) {
      if (keep_[child]) kept_children_[c].push_back(child);
    }
  }
  return true;
}

// The dotted field names from the root's child down to `c`, cut to
// `limit` bytes. A LIST element, a MAP key or value and a UNION variant
// have no name of their own and go by their parent's path, so that they
// are kept with it.
std::string OrcRowReader::PathOf(uint32_t c, size_t limit) const {
  std::vector<std::string_view> names;
  for (uint32_t at = c; at != 0; at = parent_[at]) {
    if (!names_[at].empty()) names.push_back(names_[at]);
  }
  std::string path;
  for (auto it = names.rbegin(); it != names.rend() && path.size() < limit;
       ++it) {
    if (!path.empty()) path.push_back('.');
    path.append(it->substr(0, limit - std::min(limit, path.size())));
  }
  if (path.size() > limit) path.resize(limit);
  return path;
}

// ---- stripes ------------------------------------------------------------

void OrcRowReader::Stripe(size_t index, const orc::StripeInformation&,
                          const orc::StripeFooter* footer) {
  if (in_stripe_) {
    StopIn(stripe_, 0, StripeSpan(stripe_), std::string(kNotRead));
  }
  Missed(index);
  stripe_ = index;
  next_ = index + 1;
  in_stripe_ = footer != nullptr;
  if (footer == nullptr) {
    StopIn(index, 0, StripeSpan(index), "the stripe's footer does not decode");
    return;
  }
  SetZone(*footer);
}

// Zones may differ per stripe: each stripe's is looked up when it changes.
void OrcRowReader::SetZone(const orc::StripeFooter& footer) {
  const std::string name = footer.writer_timezone.present
                               ? std::string(footer.writer_timezone.value)
                               : "";
  if (name == zone_name_) return;
  zone_name_ = name;
  zone_ = LocateZone(name);
  zone_epoch_ = kOrcEpoch - OffsetAt(zone_, kOrcEpoch);
}

// Stripes the pass skipped, from `next_` up to `end`: the Footer places
// them past any offset (their extent overflows).
void OrcRowReader::Missed(size_t end) {
  for (; next_ < end; ++next_) {
    StopIn(next_, 0, StripeSpan(next_),
           "the stripe is not where the footer places it");
  }
}

ByteSpan OrcRowReader::StripeSpan(size_t stripe) const {
  return stripe < extents_.size() ? extents_[stripe] : ByteSpan{};
}

// Stops in `stripe` if its rows were wanted.
void OrcRowReader::StopIn(size_t stripe, uint32_t column, ByteSpan span,
                          std::string reason) {
  if (!read_ || !emitter_.WantsGroup(static_cast<int64_t>(stripe)) ||
      emitter_.RowsLeft() == 0 || stripe >= rows_.size() ||
      rows_[stripe] == 0) {
    return;
  }
  emitter_.Stop(static_cast<int64_t>(stripe), PathOf(column, SIZE_MAX), span,
                std::move(reason));
}

void OrcRowReader::BeginStripe(size_t stripe, const orc::StripeData& data) {
  stripe_ = stripe;
  columns_.clear();
  streams_.clear();
  emitter_.ReleaseHeld();
  if (!read_ || !emitter_.WantsGroup(static_cast<int64_t>(stripe)) ||
      emitter_.RowsLeft() == 0) {
    return;
  }
  columns_.resize(kinds_.size());
  streams_.resize(kinds_.size());
  // The streams rows are read from (not the indexes), to blame a column
  // that breaks.
  for (const orc::StreamRegion& s : data.layout->streams) {
    if (s.column >= streams_.size() || s.kind > orc::kSecondary) continue;
    const uint64_t offset = std::min(s.bytes.offset, file_.size());
    const ByteSpan span{offset,
                        std::min(s.bytes.length, file_.size() - offset)};
    ByteSpan& joined = streams_[s.column];
    joined = joined.length == 0 ? span : Join(joined, span);
  }
}

// ---- slots --------------------------------------------------------------

bool OrcRowReader::Hold(uint64_t bytes) {
  return emitter_.Hold(bytes, file_.size(), static_cast<int64_t>(stripe_),
                       "stripe");
}

ColumnSlots& OrcRowReader::Start(uint32_t c) {
  ColumnSlots& column = columns_[c];
  if (!column.started) {
    column.started = true;
    column.needed = Need(c);
    if (kinds_[c] == orc::kUnion) {
      column.tagged.assign(std::min(children_[c].size(), kMaxUnionTags), 0);
    }
  }
  return column;
}

// The slots of `c` the wanted rows take, from its parent's kept slots
// (parents are read first).
uint64_t OrcRowReader::Need(uint32_t c) const {
  if (c == 0) {
    return std::min(rows_[stripe_], emitter_.RowsLeft());
  }
  const uint32_t p = parent_[c];
  const ColumnSlots& parent = columns_[p];
  switch (kinds_[p]) {
    case orc::kStruct:
      return parent.non_null;
    case orc::kList:
    case orc::kMap:
      return parent.elements;
    case orc::kUnion:
      return position_[c] < parent.tagged.size() ? parent.tagged[position_[c]]
                                                 : 0;
    default:
      return 0;
  }
}

void OrcRowReader::OnSlots(const orc::SlotBatch& batch) {
  const uint32_t c = batch.column;
  if (!Collecting(c)) return;
  ColumnSlots& column = Start(c);
  // One value per non-null slot, in order (orc/columns.h).
  size_t v = 0;
  for (uint64_t i = 0; i < batch.slots && column.slots < column.needed; ++i) {
    const bool null = !batch.present.empty() && batch.present[i] == 0;
    if (!AddSlot(c, null ? nullptr : &batch.values[v++])) return;
  }
}

// Keeps the next slot of `c`: null, or holding `*value`. False past the
// stripe's limit of held bytes.
bool OrcRowReader::AddSlot(uint32_t c, const orc::Value* value) {
  ColumnSlots& column = columns_[c];
  uint64_t bytes = 0;
  if (value == nullptr && column.null.empty()) {
    column.null.assign(column.slots, 0);  // The slots before the first null.
    bytes = column.slots;
  }
  if (value == nullptr || !column.null.empty()) {
    column.null.push_back(value == nullptr ? 1 : 0);
    ++bytes;
  }
  ++column.slots;
  if (value != nullptr) bytes += AddValue(c, *value);
  return Hold(bytes);
}

// Keeps the value of a non-null slot of `c`; returns the bytes it takes.
uint64_t OrcRowReader::AddValue(uint32_t c, const orc::Value& value) {
  ColumnSlots& column = columns_[c];
  ++column.non_null;
  const int64_t kind = kinds_[c];
  if (kind == orc::kStruct) return 0;
  if (kind != orc::kList && kind != orc::kMap && kind != orc::kUnion) {
    column.values.push_back(Typed(c, value));
    return sizeof(Value) + column.values.back().text.size();
  }
  const int64_t n = value.integer;
  column.counts.push_back(n);
  if (kind != orc::kUnion && n > 0) {
    column.elements = SaturatingAdd(column.elements, static_cast<uint64_t>(n));
  } else if (kind == orc::kUnion && n >= 0 &&
             static_cast<uint64_t>(n) < column.tagged.size()) {
    ++column.tagged[static_cast<size_t>(n)];
  }
  return sizeof(int64_t);
}

// Slots of a STRUCT without PRESENT: all non-null, and counted, never
// kept one by one.
void OrcRowReader::OnUnstoredSlots(uint32_t column, uint64_t,
                                   uint64_t row_groups,
                                   uint64_t slots_per_group) {
  if (!Collecting(column)) return;
  ColumnSlots& slots = Start(column);
  uint64_t count = 0;
  if (__builtin_mul_overflow(row_groups, slots_per_group, &count)) {
    count = UINT64_MAX;
  }
  const uint64_t take = std::min(count, slots.needed - slots.slots);
  slots.slots += take;
  slots.non_null += take;
}

Value OrcRowReader::Typed(uint32_t c, const orc::Value& v) const {
  Value out;
  switch (kinds_[c]) {
    case orc::kBoolean:
      out.kind = ValueKind::kBoolean;
      out.boolean = v.integer != 0;
      return out;
    case orc::kFloat:
    case orc::kDouble:
      out.kind = ValueKind::kFloat;
      out.single = kinds_[c] == orc::kFloat;
      out.number = v.real;
      return out;
    case orc::kString:
    case orc::kChar:
    case orc::kVarchar:
      out.kind = ValueKind::kString;
      out.text = std::string(v.bytes);
      return out;
    case orc::kBinary:
    case orc::kGeometry:
    case orc::kGeography:
      out.kind = ValueKind::kBytes;
      out.text = std::string(v.bytes);
      return out;
    case orc::kDecimal:
      out.kind = ValueKind::kDecimal;
      out.text = orc::DecimalString(v.decimal, v.scale);
      return out;
    case orc::kDate:
      out.kind = ValueKind::kDate;
      out.integer = v.integer;
      return out;
    case orc::kTimestamp: {
      // The writer's wall clock: the stored seconds count from 2015-01-01
      // in the writer's zone, as the C++ reader reads them.
      const int64_t at = WrappingAdd(v.seconds, zone_epoch_ - kOrcEpoch);
      const int64_t wall = WrappingAdd(at, OffsetAt(zone_, at));
      return Timestamp(EarlySecond(wall, v.nanos), v.nanos, /*utc=*/false);
    }
    case orc::kTimestampInstant:
      return Timestamp(EarlySecond(v.seconds, v.nanos), v.nanos,
                       /*utc=*/true);
    default:  // BYTE, SHORT, INT, LONG.
      out.kind = ValueKind::kInt;
      out.integer = v.integer;
      return out;
  }
}

// ---- rows ---------------------------------------------------------------

void OrcRowReader::EndStripe(size_t stripe, bool complete) {
  in_stripe_ = false;
  if (!columns_.empty() && emitter_.RowsLeft() > 0) EmitRows(stripe, complete);
  columns_.clear();
  streams_.clear();
}

// The wanted rows of the stripe, up to the first that a column cannot
// complete.
void OrcRowReader::EmitRows(size_t stripe, bool complete) {
  const uint64_t rows = Start(0).needed;
  for (uint64_t r = 0; r < rows; ++r) {
    Cell row;
    cells_ = 0;
    if (Row(&row)) {
      emitter_.Emit(row);
      continue;
    }
    const ByteSpan streams = streams_[short_column_];
    StopIn(stripe, short_column_,
           streams.length > 0 ? streams : StripeSpan(stripe),
           cells_ > limits::kMaxRowCells
               ? StrCat("a row holds more than colcheck's limit of ",
                        limits::kMaxRowCells, " values, lists and structs")
           : complete ? "the column's values end before the stripe's rows"
                      : "a fault stopped reading the column");
    return;
  }
}

// The next row: a kStruct of the kept top-level fields.
bool OrcRowReader::Row(Cell* row) {
  if (kinds_[0] != orc::kStruct) {
    row->kind = Cell::Kind::kStruct;
    return RenderField(0, "", row);
  }
  if (!Render(0, row)) return false;
  if (row->kind == Cell::Kind::kNull) {
    // A null root (a PRESENT stream on column 0): its fields are null.
    row->kind = Cell::Kind::kStruct;
    for (uint32_t child : kept_children_[0]) {
      Cell field;
      field.name = names_[child];
      row->items.push_back(std::move(field));
    }
  }
  return true;
}

// Renders the next slot of column `c` into `*out`; false when `c` has no
// slot left (the stripe broke) or the row grew past the cells limit.
bool OrcRowReader::Render(uint32_t c, Cell* out) {
  ColumnSlots& column = columns_[c];
  if (column.next_slot >= column.slots || ++cells_ > limits::kMaxRowCells) {
    short_column_ = c;
    return false;
  }
  const uint64_t slot = column.next_slot++;
  if (!column.null.empty() && column.null[slot] != 0) return true;  // kNull.
  // Each non-null slot has its value or count, kept in order.
  switch (kinds_[c]) {
    case orc::kStruct:
      return RenderStruct(c, out);
    case orc::kList:
    case orc::kMap:
      return RenderList(c, column.counts[column.next_value++], out);
    case orc::kUnion:
      return RenderUnion(c, column.counts[column.next_value++], out);
    default:
      out->kind = Cell::Kind::kValue;
      out->value = std::move(column.values[column.next_value++]);
      return true;
  }
}

// Renders the next slot of `c` as a field `name` of `*parent`.
bool OrcRowReader::RenderField(uint32_t c, std::string name, Cell* parent) {
  Cell field;
  field.name = std::move(name);
  if (!Render(c, &field)) return false;
  parent->items.push_back(std::move(field));
  return true;
}

bool OrcRowReader::RenderStruct(uint32_t c, Cell* out) {
  out->kind = Cell::Kind::kStruct;
  for (uint32_t child : kept_children_[c]) {
    if (!RenderField(child, names_[child], out)) return false;
  }
  return true;
}

// A LIST of `length` elements, or a MAP of `length` entries with what is
// kept of "key" and "value" (a nested selection may keep one of them).
bool OrcRowReader::RenderList(uint32_t c, int64_t length, Cell* out) {
  out->kind = Cell::Kind::kList;
  const std::vector<uint32_t>& sub = children_[c];
  for (int64_t i = 0; i < length; ++i) {
    Cell item;
    if (kinds_[c] == orc::kList) {
      if (!Render(sub[0], &item)) return false;
    } else {
      item.kind = Cell::Kind::kStruct;
      if ((keep_[sub[0]] && !RenderField(sub[0], "key", &item)) ||
          (keep_[sub[1]] && !RenderField(sub[1], "value", &item))) {
        return false;
      }
    }
    out->items.push_back(std::move(item));
  }
  return true;
}

// {"tag", "value"}; without "value" when a nested selection dropped the
// variant tagged.
bool OrcRowReader::RenderUnion(uint32_t c, int64_t tag, Cell* out) {
  out->kind = Cell::Kind::kStruct;
  Cell cell;
  cell.name = "tag";
  cell.kind = Cell::Kind::kValue;
  cell.value.kind = ValueKind::kInt;
  cell.value.integer = tag;
  out->items.push_back(std::move(cell));
  const std::vector<uint32_t>& sub = children_[c];
  if (tag < 0 || static_cast<uint64_t>(tag) >= sub.size()) {
    short_column_ = c;  // A tag past the variants: the column is broken.
    return false;
  }
  const uint32_t variant = sub[static_cast<size_t>(tag)];
  return !keep_[variant] || RenderField(variant, "value", out);
}

void OrcRowReader::Finish() {
  if (!footer_) {
    emitter_.Stop(-1, "", tail_, "the file's footer does not decode");
    return;
  }
  if (!read_) {
    if (emitter_.error().empty()) {
      emitter_.Stop(-1, "", types_, "the type tree is not valid");
    }
    return;
  }
  if (in_stripe_) {
    StopIn(stripe_, 0, StripeSpan(stripe_), std::string(kNotRead));
  }
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
