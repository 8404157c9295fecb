// A lenient, generic Thrift compact protocol tree that serializes back to
// the bytes it was parsed from.
//
// Spec: apache/thrift doc/specs/thrift-compact-protocol.md. The mutator
// needs every field of a Parquet footer or page header, known or not, and
// the freedom to write values the IDL forbids, so the tree is untyped: it
// knows wire types, not Parquet structs.
//
// Field header, short form (delta 1..15) and long form (delta 0):
//
//   +--------+------...          +--------+-------------+------...
//   |ddddtttt| value             |0000tttt| zigzag i16  | value
//   +--------+------...          +--------+-------------+------...
//
//   tttt: 1 true, 2 false (the value is the nibble), 3 i8 (one byte),
//         4 i16, 5 i32, 6 i64 (zigzag ULEB128 varints), 7 double (8 bytes
//         LE), 8 binary (varint length, bytes), 9 list, 10 set, 11 map,
//         12 struct (fields, then a 0x00 STOP byte).
//
//   list/set:  |sssstttt| (size 0..14)  or  |1111tttt| varint size
//   map:       0x00 (empty)  or  varint size |kkkkvvvv| key value key ...
//
// Encoding choices a writer may make (an overlong varint, a long field
// header, a long list header) are kept per node, so a parse followed by
// Serialize reproduces canonical and non-canonical input alike, and the
// mutator can produce them on purpose.

#ifndef COLCHECK_FUZZ_MUTATOR_THRIFT_TREE_H_
#define COLCHECK_FUZZ_MUTATOR_THRIFT_TREE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace colcheck::fuzz {

// Compact protocol type nibbles.
enum WireType : uint8_t {
  kWireStop = 0,
  kWireTrue = 1,
  kWireFalse = 2,
  kWireI8 = 3,
  kWireI16 = 4,
  kWireI32 = 5,
  kWireI64 = 6,
  kWireDouble = 7,
  kWireBinary = 8,
  kWireList = 9,
  kWireSet = 10,
  kWireMap = 11,
  kWireStruct = 12,
};

// True for the types written as a zigzag varint (i16, i32, i64).
bool IsVarintType(uint8_t type);

struct ThriftField;

// One value. `type` says how it is encoded; which members hold it:
//   bool (1, 2)        `i`: 1 or 0 in a field; in a collection, the raw
//                      element byte (writers disagree on false: 0 or 2).
//   i8, i16, i32, i64  `i`, sign-extended / zigzag-decoded.
//   double             `i`, the IEEE-754 bits.
//   binary             `bin`.
//   struct             `fields`, in wire order (duplicates allowed).
//   list, set          `elem_type`, `elems`.
//   map                `elem_type` (keys), `value_type`, `elems` holding
//                      key, value, key, value, ...
struct ThriftValue {
  uint8_t type = kWireStruct;
  int64_t i = 0;
  std::string bin;
  std::vector<ThriftField> fields;
  uint8_t elem_type = 0;
  uint8_t value_type = 0;
  std::vector<ThriftValue> elems;

  // Extra varint bytes beyond the shortest encoding of the integer, the
  // binary length or the collection size (0x80 ... 0x00 padding).
  uint8_t overlong = 0;
  // A list/set whose size below 15 is written as a varint after 0xFt.
  bool long_list_header = false;

  // Source bytes [begin, end), relative to the start of the parse.
  uint64_t begin = 0;
  uint64_t end = 0;
  // Set by the Parquet model on ColumnChunk structs (which pages belong to
  // the chunk) and on PageLocation structs (which page the location
  // pointed at, see parquet_model.h). 0 means untagged.
  int tag = 0;
  // Set by a mutation that chose this value on purpose, so repairs leave
  // it alone.
  bool pinned = false;
};

struct ThriftField {
  int16_t id = 0;
  // The type nibble written in the header. Equal to value.type except for
  // bools (where it is the value) and after a type-nibble mutation, which
  // makes the header lie about the bytes that follow.
  uint8_t header_type = kWireStruct;
  // The id is written as a zigzag i16 after a 0x0t header byte even when
  // the delta would fit in the nibble.
  bool long_header = false;
  ThriftValue value;
};

// Reads one struct from `bytes`. Never fails hard: on a fault it keeps the
// fields read so far (dropping the one that failed) and returns false, and
// `*consumed` is where the fault was. On success `*consumed` is the offset
// just past the STOP byte. Nesting, collection sizes and the total node
// count are bounded, so garbage cannot make it allocate much.
bool ParseStruct(std::span<const uint8_t> bytes, ThriftValue* out,
                 size_t* consumed);

// Appends the encoding of a struct value (its fields and a STOP byte).
void SerializeStruct(const ThriftValue& value, std::string* out);

// Appends the encoding of any value as a collection element or field body
// (bools in fields write nothing: their value is in the header nibble).
void SerializeValue(const ThriftValue& value, bool in_field, std::string* out);

// The number of bytes SerializeStruct would append.
size_t SerializedStructSize(const ThriftValue& value);

// Field access by id: the first field with `id`, or nullptr.
ThriftField* FindField(ThriftValue* value, int16_t id);
const ThriftField* FindField(const ThriftValue& value, int16_t id);

// The integer value of field `id` when it is present and an integer type.
bool GetInt(const ThriftValue& value, int16_t id, int64_t* out);

// Sets the integer value of field `id` when present and not pinned.
// Returns whether it changed anything.
bool SetIntIfPresent(ThriftValue* value, int16_t id, int64_t v);

// Builders for seeds and new fields.
ThriftValue MakeInt(uint8_t type, int64_t v);
ThriftValue MakeBinary(std::string bytes);
ThriftValue MakeStruct(std::vector<ThriftField> fields);
ThriftValue MakeList(uint8_t elem_type, std::vector<ThriftValue> elems);
ThriftField MakeField(int16_t id, ThriftValue value);

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MUTATOR_THRIFT_TREE_H_
