// A structure-aware Parquet mutator for libFuzzer, AFL++ and campaigns
// against readers without coverage feedback.
//
// Each call parses the input into the lenient model of parquet_model.h
// (input that does not parse is replaced by SeedParquet()), applies one
// mutation picked by a seeded RNG, serializes, and repairs the invariants
// the mutation broke (footer length, magics, page CRCs, sizes, offsets)
// in all but about one run in eight, so broken inputs are explored too.
// The same seed always gives the same output.
//
// Typical use, from a libFuzzer custom mutator:
//
//   extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,
//                                             size_t max_size,
//                                             unsigned seed) {
//     return colcheck::fuzz::MutateParquet(data, size, max_size, seed);
//   }

#ifndef COLCHECK_FUZZ_MUTATOR_PARQUET_MUTATOR_H_
#define COLCHECK_FUZZ_MUTATOR_PARQUET_MUTATOR_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace colcheck::fuzz {

// The mutation kinds. Thrift-level kinds act on the footer or, one time in
// three when the file has pages, on a page header, and one time in eight
// of the rest on an OffsetIndex.
enum class Mutation : uint8_t {
  kFieldValue,           // An integer, binary, double or bool value: boundary
                         // values (0, -1, INT32/INT64 min and max), +-1,
                         // small steps, bit flips; bytes cut, flipped, grown.
  kDropField,            // A struct loses a field.
  kDuplicateField,       // A field is repeated at a random place in its struct.
  kListInsert,           // A list/set gains a copy of one of its elements.
  kListRemove,           // A list/set loses an element.
  kSchemaInsert,         // FileMetaData.schema gains a copy of an element.
  kSchemaRemove,         // FileMetaData.schema loses an element.
  kSchemaReorder,        // Schema elements are swapped or a range rotated.
  kNumChildren,          // SchemaElement.num_children is changed, added or
                         // dropped.
  kOverlongVarint,       // A varint gets padding bytes, a field header its long
                         // form, a list header its long form.
  kTypeNibble,           // A field header's or list header's type nibble lies.
  kShiftOffset,          // A ColumnMetaData / ColumnChunk / RowGroup offset or
                         // page index offset/length moves.
  kPageHeaderField,      // An integer in a page header gets a boundary value.
  kPageBody,             // Page body bytes: bit flips, byte runs written or
                         // inserted, truncation, a range erased.
  kPageDuplicateOrDrop,  // A page is repeated or removed.
  kCodecSwap,            // A chunk is recompressed with another codec.
  kEncodingSwap,         // A page header's encoding field changes.
};
inline constexpr int kMutationCount = 17;

std::string_view MutationName(Mutation kind);

// Applies `kind` to `input` (or to SeedParquet() when `input` does not
// parse) with the RNG seeded by `seed`, and serializes with or without
// repair. `*applied` says whether the model offered a target for `kind`
// (a file without pages has nothing to recompress); when it is false the
// output is the input re-serialized.
std::string MutateWith(std::span<const uint8_t> input, Mutation kind,
                       bool repair, uint64_t seed, bool* applied);

// Parses `input` and writes it back repaired. Empty when it does not
// parse. AFL++'s post-process step.
std::string RepairParquet(std::span<const uint8_t> input);

// Mutates `data[0, size)` in place into at most `max_size` bytes (the
// buffer holds `max_size`) and returns the new size. The kind and the
// repair flag come from the seed.
size_t MutateParquet(uint8_t* data, size_t size, size_t max_size,
                     unsigned seed);

// Writes a child of `a` and `b` to `out` (at most `max_out` bytes) and
// returns its size: `a` with one of `b`'s row groups (its pages
// appended to the data region), one of `b`'s schema subtrees, or one of
// `b`'s pages in place of one of its own.
size_t CrossOverParquet(const uint8_t* a, size_t na, const uint8_t* b,
                        size_t nb, uint8_t* out, size_t max_out, unsigned seed);

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MUTATOR_PARQUET_MUTATOR_H_
