// The column stage: every column's values read through PRESENT and its
// parents (ORCv1.md "Column Encodings"; orc-rules.md E1-E12, V1-V4), a
// column at a time (its streams decoded just before, through a
// StreamLoader), and handed in batches to an observer that checks
// statistics, row indexes and bloom filters against them.
//
// Value slots follow the type tree: the root has stripe.number_of_rows
// slots; a STRUCT child has one slot per non-null parent value; a LIST's
// child has the sum of the non-null lists' lengths (a MAP's key and value
// likewise); a UNION's child k one per non-null value tagged k. A PRESENT
// stream holds one bit per slot (absent: every slot is non-null), and each
// value stream must hold exactly one value per non-null slot.

#ifndef COLCHECK_ORC_COLUMNS_H_
#define COLCHECK_ORC_COLUMNS_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "core/span.h"
#include "orc/compression.h"
#include "orc/metadata.h"
#include "orc/stripe.h"
#include "orc/types.h"

namespace colcheck::orc {

// The decoded bytes of every stream of one stripe, in the order of
// StripeLayout::streams. A stream whose framing failed has an incomplete
// region (DecodedRegion::complete() false); placeholders are empty.
struct StripeData {
  const StripeLayout* layout = nullptr;
  std::vector<DecodedRegion> streams;

  // The decoded stream of `column` and `kind`, or nullptr when the stripe
  // has none (or its framing failed).
  const DecodedRegion* Find(uint32_t column, int64_t kind) const {
    for (size_t i = 0; i < streams.size(); ++i) {
      const StreamRegion& s = layout->streams[i];
      if (s.column == column && s.kind == kind) {
        return streams[i].complete() ? &streams[i] : nullptr;
      }
    }
    return nullptr;
  }
};

// One decoded value. Which member holds it depends on the column's kind:
//   BOOLEAN, BYTE, SHORT, INT, LONG, DATE (days)      integer
//   FLOAT, DOUBLE                                      real
//   STRING, CHAR, VARCHAR, BINARY, GEOMETRY/GEOGRAPHY  bytes
//   DECIMAL                                            decimal, scale
//   TIMESTAMP, TIMESTAMP_INSTANT                       seconds (since the
//       epoch, as stored: 2015-01-01 plus DATA), nanos
//   LIST, MAP                                          integer = length
//   UNION                                              integer = tag
//   STRUCT                                             nothing
// BYTE is sign-extended; BOOLEAN is 0 or 1. DECIMAL is rescaled to the
// type's scale as readers do (more digits truncated), and `scale` is the
// type's; a Hive 0.11 decimal (precision 0) reads as decimal(38, 6), as in
// the C++ reader. TIMESTAMP seconds are stored DATA + 1420070400: the
// writer's time zone and the negative-seconds adjustment (E11) are left to
// whoever renders them.
struct Value {
  int64_t integer = 0;
  double real = 0;
  std::string_view bytes;
  __int128 decimal = 0;
  int32_t scale = 0;
  int64_t seconds = 0;
  int32_t nanos = 0;
};

// The file spans of a batch's values, computed on demand: a value's span
// (its run, or the bytes that hold it) is needed only when a diagnostic
// blames the value, and mapping it to the file costs more than checking it.
class ValueSpans {
 public:
  // The file span of value `i` of the batch; empty when nothing holds it.
  virtual ByteSpan Span(size_t i) const = 0;

 protected:
  ~ValueSpans() = default;
};

// Consecutive slots of one column, all in one row group (row_index_stride
// rows of the root; 0 when the file has no stride), in slot order:
// `present` has one 0/1 byte per slot, or is empty when every slot is
// non-null, and `values` holds the value of each non-null slot. `spans`
// gives the file span of each of `values` while the call lasts.
struct SlotBatch {
  uint32_t column = 0;
  uint64_t row_group = 0;
  uint64_t slots = 0;
  std::span<const uint8_t> present;
  std::span<const Value> values;
  const ValueSpans* spans = nullptr;

  uint64_t nulls() const { return slots - values.size(); }
};

// A stripe's dictionary of one column: entry i is blob[ends[i-1], ends[i])
// (from 0 for i = 0), views valid during the call.
struct DictionaryView {
  uint32_t column = 0;
  uint32_t declared = 0;  // ColumnEncoding.dictionary_size.
  std::span<const std::byte> blob;
  std::span<const uint64_t> ends;
  ByteSpan stream;  // The DICTIONARY_DATA stream in the file, or empty.
};

// Sees every slot of every column of a stripe, column by column in type-id
// order and batch by batch within a column.
class ColumnObserver {
 public:
  virtual ~ColumnObserver() = default;
  virtual void BeginStripe(size_t stripe, const StripeData& data) = 0;
  virtual void OnSlots(const SlotBatch& batch) = 0;
  // The slots of a column that holds no values (STRUCT) and has no PRESENT
  // stream: `row_groups` consecutive row groups from `first_group` on, each
  // of `slots_per_group` slots, every one non-null. Such slots cost the
  // file no bytes (a stripe of a few hundred bytes may declare 2^32 of
  // them), so an observer that only counts them should override this and
  // count them at once. The default hands them to OnSlots as the column
  // stage hands any slots: per row group, in batches of kValueBatch, each
  // non-null slot with a default Value and an empty span.
  virtual void OnUnstoredSlots(uint32_t column, uint64_t first_group,
                               uint64_t row_groups, uint64_t slots_per_group);
  // The dictionary of a dictionary-encoded STRING, CHAR or VARCHAR
  // column, once its lengths are read (E9), before the column's slots.
  virtual void OnDictionary(const DictionaryView& /*dictionary*/) {}
  // `complete` is false when a fault stopped reading some column early;
  // counts are then partial and must not be compared.
  virtual void EndStripe(size_t stripe, bool complete) = 0;
};

// Decodes a column's streams just before the stage reads the column and
// drops their bytes once it is read, so that a stripe's decoded data is held
// one column at a time rather than all at once.
class StreamLoader {
 public:
  virtual ~StreamLoader() = default;
  virtual void Load(uint32_t column) = 0;
  virtual void Unload(uint32_t column) = 0;
};

struct ColumnContext {
  const Footer& footer;
  const TypeTree& types;        // valid
  const StripeContext& stripe;  // decimal64 and the file's footer
};

// Reads every column of stripe `index` (whose layout is readable) from
// `data`, checking the encodings and the value counts, and feeds
// `observer` (which may be null). With a `loader`, each column's streams
// are loaded into `data` just before it is read (and unloaded after);
// without one, `data` holds them all already.
void ReadStripeColumns(const ColumnContext& context, size_t index,
                       const StripeInformation& stripe,
                       const StripeFooter& footer, const StripeData& data,
                       ColumnObserver* observer, DiagnosticSink& sink,
                       StreamLoader* loader = nullptr);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_COLUMNS_H_
