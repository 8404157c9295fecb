// The value encodings of ORC streams, as strict decoders that report every
// fault with the file span of the bytes at fault.
// https://github.com/apache/orc-format/blob/main/specification/ORCv1.md
// ("Run Length Encoding" and "Column Encodings").
//
// Every decoder reads one stream's *decoded* bytes through a ByteReader whose
// offsets are logical positions in the stream, and maps each span it reports
// through the stream's SpanMap. Decoders are pull-style and hold at most one
// run (512 values), so a 10^8-value stream decodes in constant memory:
//
//   IntegerRleDecoder data = ...;           // MakeIntegerRleDecoder(...)
//   std::array<int64_t, 1024> batch;
//   size_t got;
//   while (need > 0 && data.Next(std::span(batch).first(min(need, 1024)),
//   &got))
//     { check(batch, got); ... data.ValueSpan(i) blames value i's run ... }
//   data.Finish(total_needed);              // short stream / leftovers
//
// Structural faults (truncation, a bad varint, an ambiguous run) stop a
// decoder after one diagnostic; value faults (overflow, a bad patch) are
// reported once per run and decoding goes on with the values the reference
// readers would produce (two's-complement wrap-around).
//
// Performance: RLEv2 bit-packed values up to 56 bits wide are unpacked from
// one 8-byte word each, DELTA runs are range-checked at their ends, and a
// Next() call hands out up to a batch of values: about 1-3 ns per value on
// one core (bench/orc_bench.py), below the cost of decompressing them.

#ifndef COLCHECK_ORC_RLE_H_
#define COLCHECK_ORC_RLE_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/span.h"
#include "core/span_map.h"
#include "core/varint.h"
#include "orc/compression.h"

namespace colcheck::orc {

using Int128 = __int128;

// Where a stream's diagnostics go: the map from the stream's logical offsets
// to the file, the sink and the field path ("stripes[2].columns[5].DATA").
// Copyable; the map and the sink must outlive every copy.
class StreamContext {
 public:
  StreamContext(const SpanMap& map, DiagnosticSink& sink, std::string field)
      : map_(&map), sink_(&sink), field_(std::move(field)) {}
  // A stream whose chunks may be compressed: a fault in a decompressed
  // chunk also says where it lies in the decompressed stream (and shows
  // its bytes, when the sink wants excerpts), as the file span is the
  // chunk's whole compressed body.
  StreamContext(const DecodedRegion& region, DiagnosticSink& sink,
                std::string field)
      : map_(&region.map()),
        chunks_(&region.map()),
        decoded_(region.bytes()),
        sink_(&sink),
        field_(std::move(field)) {}

  ByteSpan ToFile(ByteSpan logical) const { return map_->ToFile(logical); }
  // Reports `code` at the file span of the logical span `logical`.
  void Report(Code code, ByteSpan logical, std::string message) const;
  // Reports `code` at a span that is already a file span.
  void ReportFile(Code code, ByteSpan file, std::string message) const {
    sink_->Report(code, file, field_, std::move(message));
  }
  const std::string& field() const { return field_; }

 private:
  const SpanMap* map_;
  const ChunkMap* chunks_ = nullptr;
  std::span<const std::byte> decoded_;
  DiagnosticSink* sink_;
  std::string field_;
};

// ---- Base 128 varints (varint.cc) -----------------------------------------
//
// The encoding, Varint64, VarintStatus and zigzag are core/varint.h's.

// Reads one 64-bit varint of at most 10 bytes. Never reports: the caller
// knows what to blame. A varint whose 10th byte still continues is
// kOverlong with those 10 bytes as its span, whatever that byte holds.
Varint64 ReadVarint64(ByteReader& in);

// One unbounded zigzag varint of a DECIMAL DATA stream (E10), into 128 bits.
// Reports orc-rle.truncated (span: the varint to the stream's end) or
// orc-rle.decimal-overflow (span: the varint, or its first 19 bytes when it
// runs on) and returns false; `*span` is the logical span read.
bool ReadDecimalVarint(ByteReader& in, const StreamContext& ctx, Int128* value,
                       ByteSpan* span);

// Whether |unscaled| < 10^38, the 38-digit bound of E10.
bool DecimalInRange(Int128 unscaled);

// ---- The shared pull machinery (rle_stream.cc) ------------------------------

// One run as a decoder hands it out.
template <typename T>
struct RunView {
  std::span<const T> values;  // Valid until the decoder's next call.
  uint64_t first_index = 0;   // Stream index of values[0].
  ByteSpan span;              // Logical span of the whole run's bytes.
};

// What every run-length decoder shares: the stream, the current run, the
// count of values handed out, the exact-count check at the end, and the run
// spans of the last batch (so a later rule can blame the run of a value).
class RunDecoderBase {
 public:
  RunDecoderBase(ByteReader data, StreamContext ctx)
      : data_(data), ctx_(std::move(ctx)) {}
  virtual ~RunDecoderBase() = default;
  RunDecoderBase(const RunDecoderBase&) = delete;
  RunDecoderBase& operator=(const RunDecoderBase&) = delete;

  // Values handed to the caller so far (Next, NextRun, Skip).
  uint64_t values_read() const { return read_; }
  // A fault stopped decoding; it has been reported.
  bool failed() const { return failed_; }
  const StreamContext& context() const { return ctx_; }

  // Decodes and discards `n` values. Returns false if the stream ended or
  // failed first (a clean end is not reported; Finish does that).
  bool Skip(uint64_t n);

  // Decodes up to `expected` values in all (checking those the caller did
  // not ask for), then reports what does not match: orc-rle.short-stream
  // (error) when the stream ends first, with the last run's span or an
  // empty span at the stream's end; orc-rle.run-past-count (warning) when
  // the run holding value `expected - 1` holds more; orc-rle.trailing-bytes
  // (warning) for the bytes after that run. Nothing is added after a fault.
  // The caller must not have read more than `expected` values. Idempotent.
  void Finish(uint64_t expected);

  // The file span of the run holding value `index`, which must be one of
  // the values the last Next()/NextRun() returned; otherwise empty.
  ByteSpan ValueSpan(uint64_t index) const;

  // The logical span of the run holding the value last handed out.
  ByteSpan current_run_span() const { return run_span_; }

 protected:
  // Decodes the next run into the derived class's buffer and sets
  // run_size_ (> 0) and run_span_. The stream is not empty when called.
  // Returns false after reporting a fault (then set failed_).
  virtual bool DecodeRun() = 0;
  // What Finish calls the values in its messages ("values", "bytes").
  virtual const char* unit() const { return "values"; }

  // Starts the next run; false at the clean end of the stream or on a
  // fault.
  bool Advance();
  // Records the current run for ValueSpan (once per batch).
  void NoteRun();

  // Reports orc-rle.truncated from `run_start` to the stream's end, moves
  // to the end and fails. Returns false.
  bool Truncated(uint64_t run_start, const std::string& what);
  // Reads a varint of the run that starts at `run_start`, reporting
  // truncation (blaming the run), overlong and overflow (blaming the
  // varint), and the first non-canonical varint of the stream.
  bool ReadVarint(uint64_t run_start, const char* what, Varint64* out);
  // Reports `code` once per run at `logical`.
  void ReportValueOnce(Code code, ByteSpan logical, std::string message);

  ByteReader data_;
  StreamContext ctx_;
  uint64_t read_ = 0;       // Values handed out.
  uint64_t decoded_ = 0;    // Values in the runs decoded so far.
  size_t run_size_ = 0;     // Values in the current run.
  size_t run_pos_ = 0;      // Values of it handed out.
  uint64_t run_first_ = 0;  // Stream index of its first value.
  ByteSpan run_span_;       // Its logical bytes.
  bool have_run_ = false;   // Any run decoded yet.
  bool failed_ = false;
  bool finished_ = false;
  bool warned_non_canonical_ = false;
  bool run_reported_ = false;  // A value fault of this run is reported.
  struct BatchRun {
    uint64_t first_index;
    ByteSpan span;  // Logical.
  };
  std::vector<BatchRun> batch_runs_;  // At most one per value of a batch.
};

// A decoder of runs of T holding at most `kCapacity` values each.
template <typename T, size_t kCapacity>
class RunDecoder : public RunDecoderBase {
 public:
  using RunDecoderBase::RunDecoderBase;
  using value_type = T;

  // Fills `out` with the next values. Returns true when all out.size()
  // values were produced; false when the stream ended (cleanly: reported by
  // Finish) or a fault stopped it (reported). `*produced` is set either way.
  bool Next(std::span<T> out, size_t* produced) {
    batch_runs_.clear();
    size_t n = 0;
    while (n < out.size()) {
      if (run_pos_ == run_size_ && !Advance()) break;
      NoteRun();
      const size_t take = std::min(run_size_ - run_pos_, out.size() - n);
      for (size_t i = 0; i < take; ++i) out[n + i] = values_[run_pos_ + i];
      run_pos_ += take;
      read_ += take;
      n += take;
    }
    *produced = n;
    return n == out.size();
  }

  // The rest of the current run, or the next run. False at the end of the
  // stream or on a fault.
  bool NextRun(RunView<T>* run) {
    batch_runs_.clear();
    if (run_pos_ == run_size_ && !Advance()) return false;
    NoteRun();
    run->values =
        std::span<const T>(values_).subspan(run_pos_, run_size_ - run_pos_);
    run->first_index = run_first_ + run_pos_;
    run->span = run_span_;
    read_ += run_size_ - run_pos_;
    run_pos_ = run_size_;
    return true;
  }

 protected:
  std::array<T, kCapacity> values_{};
};

// ---- Byte Run Length Encoding (rle_byte.cc) ---------------------------------
//
//   run:     [c = 0..127]   [byte]          c + 3 copies (3..130)
//   literal: [c = 128..255] [256 - c bytes]  (1..128)
//
// BYTE DATA and UNION tags (E2).
class ByteRleDecoder final : public RunDecoder<uint8_t, 130> {
 public:
  ByteRleDecoder(ByteReader data, StreamContext ctx)
      : RunDecoder(data, std::move(ctx)) {}

 protected:
  bool DecodeRun() override;
  const char* unit() const override { return unit_; }

 private:
  friend class BooleanRleDecoder;
  const char* unit_ = "values";
};

// E12: reports orc-rle.union-tag (once per run) for each of `tags` not below
// `num_children`; `tags` are the values the last Next() of `decoder`
// returned, the first being stream value `first_index`.
void CheckUnionTags(std::span<const uint8_t> tags, uint64_t first_index,
                    uint64_t num_children, const ByteRleDecoder& decoder);

// ---- Boolean Run Length Encoding (rle_byte.cc) ------------------------------
//
// Bits MSB first into bytes, the bytes byte-RLE coded: [0xff, 0x80] is one
// true, then seven false. PRESENT streams and BOOLEAN DATA (E3).
class BooleanRleDecoder {
 public:
  BooleanRleDecoder(ByteReader data, StreamContext ctx);

  // Fills `out` with 0 or 1 per value; as RunDecoder::Next.
  bool Next(std::span<uint8_t> out, size_t* produced);
  // Reads the next `n` values without handing them out, adding the true
  // ones to `*set`; as Next otherwise, except that ValueSpan then blames
  // nothing. For PRESENT streams, whose bits are first only counted.
  bool Count(uint64_t n, uint64_t* produced, uint64_t* set);
  uint64_t values_read() const { return read_; }
  bool failed() const { return bytes_.failed(); }

  // `expected` booleans need exactly ceil(expected / 8) bytes: fewer is
  // orc-rle.short-stream (error), more is orc-rle.run-past-count or
  // orc-rle.trailing-bytes (warnings), and non-zero bits after the last
  // value are orc-rle.bool-pad-bits (warning, span: the run of that byte).
  void Finish(uint64_t expected);

  // The file span of the byte run holding value `index`, which must be one
  // of the values the last Next() returned; otherwise empty.
  ByteSpan ValueSpan(uint64_t index) const;

 private:
  // Fetches the bytes of up to `bits` more values (at most a chunk) into
  // chunk_, the byte being read holding no bits. Returns how many bytes.
  // A byte is fetched only when a value needs it, so Finish can tell the
  // byte decoder exactly how many bytes the values used.
  size_t Fetch(uint64_t bits, bool note_runs);
  // Makes chunk_[i], the last byte fetched, the byte being read with
  // `bits_left` of its bits unread.
  void Hold(size_t i, int bits_left);

  ByteRleDecoder bytes_;
  std::array<uint8_t, 128> chunk_{};
  uint8_t byte_ = 0;  // The byte being read, and its run.
  ByteSpan byte_run_span_;
  uint64_t byte_run_first_ = 0;  // Byte index of that run's first byte.
  int bits_left_ = 0;
  uint64_t read_ = 0;
  bool finished_ = false;
  struct BatchRun {
    uint64_t first_index;  // In values (bits).
    ByteSpan span;         // Logical.
  };
  std::vector<BatchRun> batch_runs_;
};

// ---- Integer Run Length Encoding, versions 1 and 2 (rle_v1.cc, rle_v2.cc) ---

enum class Signedness : uint8_t { kSigned, kUnsigned };
enum class RleVersion : uint8_t { kV1, kV2 };

// Integer streams: signed values are zigzag coded; unsigned values (LENGTH,
// dictionary DATA, timestamp SECONDARY) must stay below 2^63 (E6). Values
// come out as int64, as the readers hold them.
using IntegerRleDecoder = RunDecoder<int64_t, 512>;

// RLEv1 (E4):
//   run:     [c = 0..127] [delta: int8] [base: varint]   c + 3 values
//   literal: [c = 128..255] [256 - c varints]
class IntRleV1Decoder final : public IntegerRleDecoder {
 public:
  IntRleV1Decoder(ByteReader data, Signedness signedness, StreamContext ctx)
      : IntegerRleDecoder(data, std::move(ctx)), signedness_(signedness) {}

 protected:
  bool DecodeRun() override;

 private:
  bool DecodeRepeat(uint64_t start, uint8_t control);
  bool DecodeLiterals(uint64_t start, uint8_t control);
  Signedness signedness_;
};

// RLEv2 (E5). The first byte's top two bits pick the sub-encoding:
//
//   SHORT_REPEAT [00 www ccc] [w+1 bytes, big-endian]         c+3 values
//   DIRECT       [01 wwwww l] [llllllll] [L values of W bits, MSB first,
//                                         padded to a byte]
//   PATCHED_BASE [10 wwwww l] [llllllll] [bbb ppppp] [ggg nnnnn]
//                [base: b+1 bytes, sign-magnitude] [L values of W bits]
//                [n patch entries of closest_fixed(G+P) bits: gap<<P|patch]
//   DELTA        [11 wwwww l] [llllllll] [base: varint] [delta base:
//                zigzag varint] [L-2 deltas of W bits]  (W code 0: W = 0)
//
// W = WidthFromCode(wwwww); L = l + 1 (1..512).
class IntRleV2Decoder final : public IntegerRleDecoder {
 public:
  IntRleV2Decoder(ByteReader data, Signedness signedness, StreamContext ctx)
      : IntegerRleDecoder(data, std::move(ctx)), signedness_(signedness) {}

 protected:
  bool DecodeRun() override;

 private:
  bool DecodeShortRepeat(uint64_t start, uint8_t first);
  bool DecodeDirect(uint64_t start, uint8_t first);
  bool DecodePatchedBase(uint64_t start, uint8_t first);
  bool DecodeDelta(uint64_t start, uint8_t first);
  // Checks `v` (already decoded, maybe wide) against the stream's range.
  bool InRange(Int128 v) const;
  // DELTA runs: the first value, exact; whether the first and last values
  // are in range (so all are); and the values, when they are.
  Int128 DeltaFirst(uint64_t base) const;
  bool DeltaEndsInRange(uint64_t base, int64_t delta_base, int width,
                        size_t count,
                        const std::array<uint64_t, 512>& deltas) const;
  void FillDelta(uint64_t base, int64_t delta_base, int width, size_t count,
                 const std::array<uint64_t, 512>& deltas);
  Signedness signedness_;
};

// The 5-bit width code of RLEv2: 0..23 -> 1..24, then 26, 28, 30, 32, 40,
// 48, 56, 64 (DELTA reads code 0 as width 0 itself).
int WidthFromCode(uint32_t code);
// The smallest width of that table that holds `bits` bits (1 for 0).
int ClosestFixedBits(int bits);

// The decoder for a stream of ColumnEncoding's RLE version.
std::unique_ptr<IntegerRleDecoder> MakeIntegerRleDecoder(RleVersion version,
                                                         Signedness signedness,
                                                         ByteReader data,
                                                         StreamContext ctx);

// ---- Column encodings (column_encodings.cc) ---------------------------------

// DECIMAL DATA: one unbounded zigzag varint per value, each its own "run" so
// ValueSpan blames the varint. Values past 127 bits stop the decoder.
class DecimalDataDecoder final : public RunDecoder<Int128, 1> {
 public:
  DecimalDataDecoder(ByteReader data, StreamContext ctx)
      : RunDecoder(data, std::move(ctx)) {}

 protected:
  bool DecodeRun() override;
};

// E10: reports orc-rle.decimal-range at `file_span` unless |unscaled| <
// 10^38. Returns whether it is in range.
bool CheckDecimalRange(Int128 unscaled, ByteSpan file_span,
                       const StreamContext& ctx);

// E7: a FLOAT (width 4) or DOUBLE (width 8) DATA stream holds exactly
// width * n bytes. Fewer is orc-rle.short-stream (span: the incomplete last
// value, or empty at the end); more is orc-rle.trailing-bytes. Returns
// whether the stream holds at least n values.
bool CheckFixedWidthStream(const ByteReader& data, uint32_t width, uint64_t n,
                           const StreamContext& ctx);

// E11: timestamp nanoseconds. The low 3 bits z give the trailing zeros that
// were stripped (z + 1 of them when z > 0); the rest is the mantissa.
struct DecodedNanos {
  uint64_t nanos = 0;      // Saturated at 2^63 when it overflows.
  bool in_range = false;   // nanos <= 999'999'999.
  bool canonical = false;  // As the Java and C++ writers encode it.
};
DecodedNanos DecodeNanos(uint64_t encoded);
// The writers' encoding of `nanos` (< 10^9).
uint64_t EncodeNanos(uint32_t nanos);

// Decodes and checks the timestamp SECONDARY values of one batch into
// `nanos` (as long as `values`; 0 for a value out of range or negative):
// orc-rle.nanos-range (error) for each value out of range,
// orc-rle.nanos-non-canonical (warning) for the first non-canonical one of
// the stream (`*warned` remembers it). `decoder` produced `values` in its
// last Next(), the first being value `first_index`; spans are its runs.
void CheckNanos(std::span<const int64_t> values, uint64_t first_index,
                const IntegerRleDecoder& decoder, bool* warned,
                std::span<int32_t> nanos);

}  // namespace colcheck::orc

#endif  // COLCHECK_ORC_RLE_H_
