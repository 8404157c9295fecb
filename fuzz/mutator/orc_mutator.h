// A structure-aware ORC mutator: it changes one field of one of a file's
// protobuf messages and writes the file back with the lengths that locate
// the messages repaired, so the fuzzer reaches the stripes and columns
// behind a tail that still adds up.
//
// Spec: apache/orc-format specification/ORCv1.md ("File Tail",
// "Compression", "Stripes"). A file reads from its end:
//
//   +-----+=================================+==========+========+============+---+
//   | ORC | stripes: index, data, footer ... | Metadata | Footer | PostScript | n |
//   +-----+=================================+==========+========+============+---+
//                                                                            n = |PostScript|
//
// PostScript.footerLength and .metadataLength locate the two messages
// before it; Footer.stripes[i] gives each stripe's offset, index, data
// and footer lengths. Everything but the PostScript is compressed with
// PostScript.compression in chunks of a 3-byte header, little-endian
// (length << 1) | isOriginal, then the bytes (stored when isOriginal).
//
// A mutation picks a message (the Footer, a StripeFooter, the Metadata or
// the PostScript), walks into nested messages (StripeInformation, Type,
// Stream, ColumnEncoding, ...) and changes one field: a varint gets a
// boundary value (0, 2^31 - 1, 2^64 - 1, ...) or a step, a field is
// dropped or repeated, a length-delimited value is cut or grown. The
// protobuf wire format is read and written by libprotobuf's
// UnknownFieldSet, untyped, so any field number and wire type goes. The
// changed message is stored uncompressed (isOriginal chunks, which every
// codec allows). Then, in seven runs of eight, the lengths that locate it
// are repaired: PostScript.footerLength or .metadataLength, a stripe's
// footerLength and the offsets of the stripes after it. A field the
// mutation changed on purpose is never repaired back.
//
// Typical use, from a libFuzzer custom mutator:
//
//   if (colcheck::fuzz::LooksLikeOrc({data, size})) {
//     const size_t n = colcheck::fuzz::MutateOrc(data, size, max_size, seed);
//     if (n > 0) return n;  // 0: the model cannot read it; mutate bytes.
//   }

#ifndef COLCHECK_FUZZ_MUTATOR_ORC_MUTATOR_H_
#define COLCHECK_FUZZ_MUTATOR_ORC_MUTATOR_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace colcheck::fuzz {

// Whether `input` starts with ORC's magic, "ORC".
bool LooksLikeOrc(std::span<const uint8_t> input);

// The message a mutation changed.
enum class OrcMessage : uint8_t {
  kFooter,
  kStripeFooter,
  kMetadata,
  kPostScript,
};

// One mutation of `input` with the RNG seeded by `seed`; `*changed` (when
// not null) says which message it changed. Empty when the model cannot
// read the file's tail (no PostScript, a region outside the file, an
// unknown codec, a chunk that does not decompress) or the mutation found
// nothing to change.
std::string MutateOrcWith(std::span<const uint8_t> input, uint64_t seed,
                          bool repair, OrcMessage* changed = nullptr);

// Mutates `data[0, size)` in place into at most `max_size` bytes and
// returns the new size, or 0 when four draws of MutateOrcWith gave nothing
// within `max_size` bytes (`data` is then unchanged). One draw in eight
// goes without repair.
size_t MutateOrc(uint8_t* data, size_t size, size_t max_size, unsigned seed);

}  // namespace colcheck::fuzz

#endif  // COLCHECK_FUZZ_MUTATOR_ORC_MUTATOR_H_
