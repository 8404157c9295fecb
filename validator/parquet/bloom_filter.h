// Split block bloom filters: the header and bitset a column chunk's
// bloom_filter_offset points at, and the check that every value of the
// chunk tests positive in them.
// https://github.com/apache/parquet-format/blob/master/BloomFilter.md;
// parquet.thrift (BloomFilterHeader, ColumnMetaData.bloom_filter_offset)
//
//   bloom_filter_offset
//   v
//   | BloomFilterHeader (Thrift compact) | bitset: numBytes bytes       |
//                                        | block 0 | block 1 | ...      |
//                                        block = 8 little-endian u32 words
//   <--------------------- bloom_filter_length (when set) ------------->
//
// A value's hash is XXH64 (seed 0) of its PLAIN bytes, without the length
// prefix of a BYTE_ARRAY. Its upper 32 bits pick block
// ((hash >> 32) * blocks) >> 32; its lower 32 bits times eight salts, each
// shifted right by 27, name one bit in each of the block's words. A value
// is "maybe present" when all eight bits are set.

#ifndef COLCHECK_PARQUET_BLOOM_FILTER_H_
#define COLCHECK_PARQUET_BLOOM_FILTER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/byte_reader.h"
#include "core/limits.h"
#include "core/pass_hooks.h"
#include "core/span.h"
#include "parquet/page_scope.h"
#include "parquet/rules.h"
#include "parquet/values.h"

namespace colcheck::parquet {

// XXH64 with seed 0 of a value's PLAIN bytes, as Parquet bloom filters
// hash values.
uint64_t BloomHash(std::span<const std::byte> plain);

// Whether the split block bitset `bitset` (a multiple of 32 bytes, not
// empty) has all eight bits of `hash` set.
bool BloomMightContain(std::span<const std::byte> bitset, uint64_t hash);

// Checks one column chunk's bloom filter against the chunk's values. The
// page walk loads it per chunk and feeds it the decoded values:
//
//   std::optional<BloomFilterCheck> bloom =
//       BloomFilterCheck::Load(ctx, file, r, c);
//   ... bloom->Dictionary(batch) for each batch of the dictionary page,
//   ... bloom->Values(batch, scope) for each batch of each data page.
//
// The checker keeps views of `file`'s bytes, which must outlive it.
class BloomFilterCheck {
 public:
  // At most this many bloom.false-negative reports per chunk: a filter
  // that misses one value usually misses thousands.
  static constexpr uint64_t kMaxReports = limits::kMaxBloomReportsPerChunk;

  // Decodes and checks the chunk's bloom filter header and bitset
  // (bloom.num-bytes, bloom.not-power-of-two, bloom.length-mismatch,
  // bloom.out-of-bounds, bloom.unsupported). Returns a checker, or
  // std::nullopt when the chunk has no filter that can be checked: none,
  // one whose offset or length the footer rules reported, one in another
  // file or encrypted without a key (ctx.crypto), or one with a structural fault or an unknown
  // algorithm, hash or compression.
  static std::optional<BloomFilterCheck> Load(
      const RuleContext& ctx, const ByteReader& file, size_t row_group,
      size_t column, const PassHooks& hooks = PassHooks());
  // Where the bitset lies in the file.
  ByteSpan bitset_span() const;

  // Takes the dictionary page's entries, in order, in batches. A batch
  // with `first` == 0 starts a new dictionary.
  void Dictionary(const ValueBatch& batch);

  // Tests a data page's values (or, for a dictionary-encoded page, the
  // dictionary entries its indices name, each entry once per chunk).
  // Reports bloom.false-negative through `scope` once per distinct value
  // that tests negative, up to kMaxReports per chunk; at the value's bytes
  // when the page is stored uncompressed, else at the page body.
  void Values(const ValueBatch& batch, PageScope& scope);

  // Values (for dictionary-encoded pages, dictionary entries) that tested
  // negative so far, every occurrence counted, reported or not.
  uint64_t negatives() const { return negatives_; }
  // The bitset, for tests.
  std::span<const std::byte> bitset() const { return bitset_; }

 private:
  // One dictionary entry: its hash, its bytes in the file when the
  // dictionary page is stored uncompressed, and whether it was tested.
  struct Entry {
    uint64_t hash = 0;
    ByteSpan span;
    bool in_file = false;
    bool tested = false;
  };

  BloomFilterCheck() = default;

  // The file span of `value` when its bytes lie in the file itself.
  std::optional<ByteSpan> FileSpan(std::span<const std::byte> value) const;
  // Counts a value that tested negative and reports it, once per distinct
  // hash up to kMaxReports. `span` is the value's file span if known;
  // `index` its position in the page; `what` names it for the message.
  void Miss(uint64_t hash, std::optional<ByteSpan> span, uint64_t index,
            const std::string& what, PageScope& scope);

  std::span<const std::byte> bitset_;
  ByteSpan bitset_span_;  // Where the bitset (or its ciphertext) lies.
  // An encrypted filter's decrypted bitset, which bitset_ views.
  std::shared_ptr<const std::vector<std::byte>> plaintext_;
  std::span<const std::byte> file_;
  uint64_t file_base_ = 0;
  uint64_t width_ = 0;  // PLAIN width of fixed-width values.
  std::string where_;   // The bloom_filter_offset field, for messages.
  std::string blocks_field_;  // "row_groups[r].columns[c].bloom_filter.blocks"
  std::vector<Entry> dictionary_;
  std::unordered_set<uint64_t> reported_;
  uint64_t negatives_ = 0;
};

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_BLOOM_FILTER_H_
