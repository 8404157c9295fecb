// Bloom filter indexes (ORCv1.md "Bloom Filter Index"; orc-rules.md
// BF1-BF4; Java util/BloomFilter.java, C++ BloomFilter.cc).
//
// One filter per row group, in a BLOOM_FILTER_UTF8 stream (ORC-101:
// utf8bitset, little-endian 64-bit words) or the original BLOOM_FILTER
// (repeated fixed64 bitset):
//
//   BloomFilter { num_hash_functions: k, bitset: [w0, w1, ...] |
//                 utf8bitset: w0 (8 bytes LE) w1 ... }
//
// A value's 64-bit hash h (Thomas Wang's for longs and doubles' bits,
// Murmur3-64 seed 104729 for bytes) sets k bits: with h1 = (int32) h and
// h2 = (int32)(h >>> 32), for i = 1..k: c = h1 + i*h2 (int32 wrap),
// c = ~c when negative, bit c % numBits, i.e. bit (c & 63) of word c >> 6.

#ifndef COLCHECK_ORC_BLOOM_FILTER_H_
#define COLCHECK_ORC_BLOOM_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <span>

#include "core/diagnostics.h"
#include "orc/columns.h"
#include "orc/indexes.h"
#include "orc/metadata.h"
#include "orc/row_index.h"

namespace colcheck::orc {

// Java's BloomFilter.getLongHash (Thomas Wang, arithmetic shifts).
uint64_t BloomLongHash(int64_t value);
// Double.doubleToLongBits, then the long hash.
uint64_t BloomDoubleHash(double value);
// Hive's Murmur3.hash64 with seed 104729.
uint64_t BloomBytesHash(std::span<const std::byte> bytes);

// Whether the filter's bits are usable: k >= 1 and a non-empty bitset (a
// utf8bitset of whole words).
bool BloomUsable(const BloomFilter& filter);
// Whether every bit `hash` selects is set, among the bits of the first
// BloomProbes(filter) hash functions. `filter` must be usable.
bool BloomMightContain(const BloomFilter& filter, uint64_t hash);
// The bits BloomMightContain tests at most per value: k, but no more than
// limits::kMaxOrcBloomHashFunctions. A negative test there is one in the
// whole filter, so no false negative is made up; only one that needs a
// later function goes unreported, in a filter no writer makes.
uint32_t BloomProbes(const BloomFilter& filter);

// BF1 and BF2 on every decoded bloom filter stream of stripe `index`, and
// one note for the original BLOOM_FILTER kind (reported for stripe 0).
void CheckBloomFilters(const IndexContext& context, size_t index,
                       const StripeData& data, const StripeIndexes& indexes,
                       DiagnosticSink& sink);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_BLOOM_FILTER_H_
