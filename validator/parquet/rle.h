// The RLE / bit-packed hybrid encoding (Encodings.md "Run Length Encoding /
// Bit-Packing Hybrid"), used for levels, dictionary indices and BOOLEAN
// values.
//
//   rle-bit-packed-hybrid: <length> <encoded-data>   (length: 4 bytes LE,
//                                                     only where it applies)
//   encoded-data := <run>*
//   run := <bit-packed-run> | <rle-run>
//   bit-packed-run := <varint (groups << 1 | 1)> <groups * 8 values, LSB
//                     first, bit_width bits each = groups * bit_width bytes>
//   rle-run := <varint (count << 1)> <value, ceil(bit_width / 8) bytes LE>
//
// Also the deprecated BIT_PACKED level encoding: values packed MSB first,
// with no header and no length.

#ifndef COLCHECK_PARQUET_RLE_H_
#define COLCHECK_PARQUET_RLE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "parquet/page_scope.h"

namespace colcheck::parquet {

// Streams the values of hybrid-encoded data (after any length prefix).
class RleDecoder {
 public:
  // `bit_width` is 0..32. `field` names the section in reports
  // ("definition_levels", "repetition_levels", "values").
  RleDecoder(ByteReader data, int bit_width, PageScope& scope,
             std::string_view field);

  // Decodes up to out.size() values. Returns how many were decoded; fewer
  // than asked only when the data ended (exhausted()) or was malformed
  // (failed(); reported as encoding.malformed-varint or, for a run cut off
  // by the end of the data, encoding.truncated; or encoding.rle-zero-run).
  // A bit-packed run cut off by the end of the data still yields the values
  // whose bits are all present. An RLE value wider than bit_width is
  // reported as encoding.rle-value-too-wide (a warning) and decoded as
  // written.
  //
  // With `stop_before_repeat`, it returns early (not a fault: RunLeft() is
  // then nonzero) rather than start a run that repeats one value at least
  // that many times, so the caller can take that run through RepeatLeft().
  size_t Next(std::span<uint32_t> out,
              uint64_t stop_before_repeat = UINT64_MAX);

  // The values left in the current run when it repeats one value (an RLE
  // run, or a bit-packed run of bit width 0, whose values are all 0), in
  // *value. Starts the next run when none is in progress, as Next() would.
  // 0 when the run is bit-packed with a nonzero width, or when no run
  // starts (the data ended or was malformed). Counting a repeated run
  // through this and SkipRepeat() costs one step, whatever its length.
  uint64_t RepeatLeft(uint32_t* value);
  // The values left in the current run, whatever its kind.
  uint64_t RunLeft() const { return run_left_; }
  // Consumes `n` values (at most RepeatLeft()) of a repeated run.
  void SkipRepeat(uint64_t n);
  // The bytes of the current run: its header and its value.
  ByteSpan RunSpan() const {
    return {run_begin_, data_.position() - run_begin_};
  }

  bool failed() const;
  // No bytes remain and no run is in progress.
  bool exhausted() const;
  // The bytes after the run that holds the last decoded value: trailing
  // bytes when the caller needed no more values. A bit-packed run's last
  // group may hold unused padding values; they are not trailing bytes.
  ByteSpan rest() const;
  // Where the values so far ended, for spans of the whole section.
  ByteSpan consumed() const;
  // The bytes that hold value `k` (0-based) of the last Next() call: its
  // bits in a bit-packed run, or the whole RLE run (header and value).
  ByteSpan ValueSpan(size_t k) const;

 private:
  enum class RunKind : uint8_t { kNone, kRle, kPacked };
  // Where the values of one Next() call came from, one entry per run.
  struct Segment {
    size_t first;  // Index in the Next() output.
    RunKind kind;
    uint64_t run_begin;   // Offset of the run header.
    uint64_t body_begin;  // Offset of the run's value bytes.
    uint64_t run_end;
    uint64_t position;  // Index within the run of the first value.
  };

  // Starts the next run when the current one is used up. Returns whether
  // a run with values left is in progress.
  bool EnsureRun();
  bool StartRun();
  void Fail(Code code, ByteSpan span, std::string message);
  void UnpackPacked(std::span<uint32_t> out);

  ByteReader data_;
  int bit_width_;
  PageScope& scope_;
  std::string field_;
  RunKind kind_ = RunKind::kNone;
  uint64_t run_left_ = 0;  // Values left in the current run.
  uint32_t rle_value_ = 0;
  std::span<const std::byte> packed_;  // A bit-packed run's value bytes.
  uint64_t packed_position_ = 0;       // Next value's index in the run.
  uint64_t run_begin_ = 0;
  uint64_t body_begin_ = 0;
  bool cut_short_ = false;  // The run is cut off by the end (reported).
  bool failed_ = false;
  uint64_t values_end_;  // End of the run holding the last value.
  std::vector<Segment> segments_;
};

// Streams BIT_PACKED (deprecated) levels: MSB-first, no header.
class BitPackedDecoder {
 public:
  BitPackedDecoder(ByteReader data, int bit_width);
  // Decodes up to out.size() values; fewer only when the data ends (a
  // value needs all its bits). With bit_width 0 every request is met.
  size_t Next(std::span<uint32_t> out);
  // The values that remain: unbounded (all 0) at bit width 0.
  uint64_t Left() const;
  // Bytes of `count` values: ceil(count * bit_width / 8).
  static uint64_t BytesFor(uint64_t count, int bit_width);

 private:
  ByteReader data_;
  int bit_width_;
  uint64_t bit_position_ = 0;  // Bits consumed from the start of data_.
};

// The number of bits for values 0..max_value: ceil(log2(max_value + 1)).
int BitWidth(uint64_t max_value);

}  // namespace colcheck::parquet

#endif  // COLCHECK_PARQUET_RLE_H_
