// Every resource bound colcheck applies to its input, in one place.
//
// A hostile file can declare any count or size. The decoders check each
// declared size against the bytes that exist and against these limits
// *before* allocating; hitting a limit is a `limits.*` or `thrift.depth-limit`
// diagnostic, never a crash or an out-of-memory.

#ifndef COLCHECK_CORE_LIMITS_H_
#define COLCHECK_CORE_LIMITS_H_

#include <cstddef>
#include <cstdint>

namespace colcheck::limits {

// Nesting of Thrift structs and collections. Apache Thrift C++ uses 64.
inline constexpr int kThriftMaxDepth = 64;

// The largest footer colcheck decodes. Real footers with 10^5 column chunks
// stay well below this.
inline constexpr uint64_t kMaxFooterBytes = uint64_t{1} << 30;

// Elements in any single Thrift list, set or map. Each element takes at
// least one byte, which the decoder checks first; this bounds the rest.
inline constexpr uint64_t kMaxCollectionSize = uint64_t{1} << 26;

// A budget that grows with the bytes it is spent on: `floor`, plus
// `per_byte` for each of `input_bytes`, up to `cap`. Overflow cannot
// happen: an input that would pass the cap gets the cap.
constexpr uint64_t ScaledBudget(uint64_t input_bytes, uint64_t floor,
                                uint64_t per_byte, uint64_t cap) {
  return input_bytes > (cap - floor) / per_byte
             ? cap
             : floor + input_bytes * per_byte;
}

// Memory the decoded metadata model may take. A struct list element costs
// far more in the model than its one-byte minimum on the wire, so declared
// list sizes are charged against a budget before anything is reserved.
// Real metadata takes at most ~80 model bytes per input byte (a 6 MiB
// footer of 10,000 columns x 10 row groups takes ~200 MiB), so the budget
// grows with the input at 128 bytes per byte, on top of a floor, up to an
// absolute cap. A hostile footer of empty structs thus cannot turn 500 KB
// into a gigabyte.
inline constexpr uint64_t kMaxModelBytes = uint64_t{1} << 30;
inline constexpr uint64_t kModelBytesFloor = uint64_t{64} << 20;
inline constexpr uint64_t kModelBytesPerInputByte = 128;

constexpr uint64_t ModelBudget(uint64_t input_bytes) {
  return ScaledBudget(input_bytes, kModelBytesFloor, kModelBytesPerInputByte,
                      kMaxModelBytes);
}

// Depth of the schema tree (Arrow C++ uses 100 as well). Keeps definition
// and repetition levels far inside int16.
inline constexpr int kMaxSchemaDepth = 100;
inline constexpr int kMaxJsonDepth = 256;  // JSON values: deeper is unchecked.

// The longest column path a diagnostic carries (Diagnostic::column, built
// by core/column_path.h). Names come from the file and may each be as long
// as the footer, so past this the names nearest the root are left out: a
// capped report of hostile diagnostics holds at most this much per entry.
inline constexpr size_t kMaxColumnPathBytes = 1024;

// The largest page body colcheck decompresses and decodes, uncompressed.
// Memory stays bounded by the largest page, not the file: a page's declared
// uncompressed size is checked against this before its buffer is
// allocated, so a 100-byte body claiming 2 GiB costs nothing. Writers keep
// pages near 1 MiB (parquet-mr and Arrow default to 1 MiB, DuckDB to its
// row-group-sized vectors); a page above this is reported
// (limits.page-size) and its contents are skipped.
inline constexpr uint64_t kMaxPageBytes = uint64_t{256} << 20;

// DECIMAL precisions above this are not range-checked against values: 10^p
// is built as a byte string, and no real writer goes past 76 (Arrow's
// decimal256), so a hostile precision costs at most a few kilobytes.
inline constexpr int32_t kMaxCheckedDecimalPrecision = 4096;

// Bloom filter false negatives reported per column chunk; one filter gone
// wrong would otherwise report every value.
inline constexpr uint64_t kMaxBloomReportsPerChunk = 16;

// The bytes a DELTA_BYTE_ARRAY section may rebuild. Each value repeats a
// prefix of the one before it, which costs nothing in the input, so a
// small hostile page could otherwise demand hours of copying, and every
// rebuilt byte is then validated, compared and hashed. Real pages rebuild
// at most a few times their uncompressed size (long sorted keys that
// differ in their last byte, about 100 times), so the budget is a floor
// plus 256 bytes per byte of the section, up to an absolute cap.
inline constexpr uint64_t kMaxRebuiltBytes = uint64_t{1} << 30;
inline constexpr uint64_t kRebuiltBytesFloor = uint64_t{16} << 20;
inline constexpr uint64_t kRebuiltBytesPerByte = 256;

constexpr uint64_t RebuiltBudget(uint64_t section_bytes) {
  return ScaledBudget(section_bytes, kRebuiltBytesFloor, kRebuiltBytesPerByte,
                      kMaxRebuiltBytes);
}

// The largest DELTA_BINARY_PACKED block colcheck decodes, in values. A
// block costs one byte per miniblock and its min delta, yet its miniblocks
// of bit width 0 hold block size values without a byte each, so the block
// size bounds the values decoded per byte (half of it). Encodings.md sets
// no maximum; writers use 128 (parquet-mr, Arrow, arrow-rs), 256 and 2048
// (DuckDB), the only sizes among the 1,667 DELTA sequences of the corpora.
// A larger block is reported (limits.delta-block-size) and the page's
// values are not checked.
inline constexpr uint64_t kMaxDeltaBlockSize = uint64_t{1} << 13;

// Page regions an inspection (colcheck/inspect.h) records, about 200 bytes
// each. Past it, the rest of each chunk is one chunk-rest region and
// limits.inspect-regions says so. Files with 10^5 pages stay well below.
inline constexpr size_t kMaxInspectPages = size_t{1} << 20;

// Thrift values an inspection records for the footer tree
// (InspectOptions::footer_fields), and the bytes of a value it shows.
inline constexpr size_t kMaxFieldNodes = size_t{1} << 20;
inline constexpr size_t kFieldValuePreview = 32;
// Text values of the footer's fields (created_by, key-value metadata,
// names) are shown whole up to this many bytes, then cut with "...".
inline constexpr size_t kFieldValueText = 1 << 20;

// The decompressed bytes kept around a fault inside a compressed page for
// `validate --context` (Diagnostic::decompressed): a row of 16 before the
// span, then the span and a row after, up to this many.
inline constexpr size_t kDecompressedExcerpt = 128;

// Levels and values ReadRows (colcheck/rows.h) holds for one row group or
// stripe, which it assembles into rows only once every column of it is
// read: a floor, then a share per byte of the file (runs of RLE decode to
// far more than their bytes), up to a ceiling. Past it reading stops, with
// a reason naming this limit rather than the file; --columns, --head or
// --row-group read less.
inline constexpr uint64_t kMaxRowsHeldBytes = uint64_t{2} << 30;
inline constexpr uint64_t kRowsHeldBytesFloor = uint64_t{64} << 20;
inline constexpr uint64_t kRowsHeldBytesPerInputByte = 256;
constexpr uint64_t RowsHeldBytesFor(uint64_t input_bytes) {
  return ScaledBudget(input_bytes, kRowsHeldBytesFloor,
                      kRowsHeldBytesPerInputByte, kMaxRowsHeldBytes);
}
// Values, lists and structs in one row that ReadRows assembles, each about
// 150 bytes: a row past it stops reading, as above.
inline constexpr uint64_t kMaxRowCells = uint64_t{1} << 22;

// Values decoded per batch by the page walk: bounds the working memory of
// level and value decoding whatever a page declares.
inline constexpr size_t kValueBatch = 4096;

// Threads for one file's column chunks (Options::threads): more are not
// started, whatever the caller asks, nor more than there are chunks.
inline constexpr size_t kMaxThreads = 256;

// ---- The conformance runner (conformance/runner/) ----
// A reader under test is as hostile as any input: what it prints is kept up
// to kMaxReaderOutputBytes (stdout) and kMaxReaderErrorBytes (stderr, of
// which reports show the end); past the first the reader is stopped and
// its output counts as wrong. A suite's manifest, expected rows and
// profiles are read whole up to kMaxConformanceFileBytes. A reader's rows
// of a baseline and of the n_ cases made from it are kept, to compare them
// after the run, up to kMaxKeptReaderOutputBytes each.
inline constexpr size_t kMaxReaderOutputBytes = size_t{256} << 20;
inline constexpr size_t kMaxReaderErrorBytes = size_t{1} << 20;
inline constexpr size_t kMaxConformanceFileBytes = size_t{256} << 20;
inline constexpr size_t kMaxKeptReaderOutputBytes = size_t{4} << 20;

// ---- Work per input byte (Parquet) ----
// No loop runs longer than the bytes it reads allow. A count a page
// declares (num_values, levels, values, runs, blocks) is checked against
// what its section can hold before a loop over it, or what costs no byte is
// counted arithmetically. "Bytes" are the input's and those its codecs
// produce, each page at most kMaxPageBytes; the codec's ratio (about 1000
// for DEFLATE, far more for zstd's RLE blocks) is the one factor the input
// cannot bound. Report::work counts the steps, and the fuzz targets hold
// every input to at most 8 steps per byte plus 1,024 (fuzz_oracles.h,
// CheckWork). Per decoder:
//   levels (data_page.cc, LevelCounter)  one step per run in which both
//       streams repeat a level (a run header is a byte), one per literal
//       level (a bit): <= 8 steps per byte. A column whose maximum levels
//       are 0 decodes none, whatever num_values says.
//   hybrid RLE values (dictionary indices, RLE booleans)  a run of at
//       least kMinRepeatedBatch (parquet/values.h) copies is one repeated
//       batch, checked, hashed and ranked once; shorter runs are expanded,
//       <= 64 values per byte.
//   PLAIN, BYTE_STREAM_SPLIT  each value takes its width in bytes (BOOLEAN
//       a bit; a FIXED_LEN_BYTE_ARRAY without a positive type_length is
//       not decoded), and decoding stops where the bytes end.
//   DELTA_BINARY_PACKED (and the lengths of the DELTA byte arrays)  the
//       total count is checked against one byte per miniblock and min
//       delta per block before decoding; blocks of up to kMaxDeltaBlockSize
//       values make <= 4096 values per byte.
//   DELTA_BYTE_ARRAY  rebuilt bytes, each then checked once, are bounded
//       by RebuiltBudget: 16 MiB plus 256 per byte of the section.

// ---- protobuf (ORC metadata) ----
// Nesting depth of protobuf messages, libprotobuf's default recursion
// limit. ORC's own messages nest at most 6 deep; only a hostile input
// comes near it.
inline constexpr int kProtobufMaxDepth = 100;

// ---- orc-compression ----
// The decoded bytes of one ORC region (a stream, a stripe footer, the
// Footer, the Metadata) colcheck holds at once. A chunk decodes to at most
// the block size (< 8 MiB), but a region may hold any number of chunks and
// DEFLATE or zstd expand about a thousandfold, so a small hostile file
// could otherwise demand gigabytes. The check runs before every growth of
// the buffer; past it the region is reported (limits.orc-region-size) and
// its contents are not checked. Writers keep stripes near 64 MiB, so no
// real stream comes near this; the same bound as a Parquet page.
inline constexpr uint64_t kMaxOrcRegionBytes = uint64_t{256} << 20;
// The decoded bytes of all ORC regions held at once (the validator keeps a
// stripe's index streams and the streams of the column it reads), so a
// column of many streams each just under kMaxOrcRegionBytes cannot add up
// to gigabytes.
// Past it, the region being decoded is reported (limits.orc-region-size).
inline constexpr uint64_t kMaxOrcLiveBytes = uint64_t{1} << 30;
// The memory of finished ORC regions kept for the next ones to decode into
// (orc/compression.h, BufferPool). A region is handed a kept buffer only
// if it holds at most kMaxOrcPoolExpansion times the region's compressed
// bytes, so regions alive hold at most that many times their own bytes in
// the file beyond what kMaxOrcLiveBytes counts, and this on top.
inline constexpr uint64_t kMaxOrcPooledBytes = uint64_t{64} << 20;
inline constexpr uint64_t kMaxOrcPoolExpansion = 64;

// ---- Byte sources (core/source_image.h) ----
// The largest file a ByteSource may declare. ValidateSource reserves the
// file's size in address space (64-bit Linux gives a process 128 TiB), and
// an HTTP server's Content-Range can claim any size; a larger one is a
// tool error, not a fault of the file.
inline constexpr uint64_t kMaxSourceBytes = uint64_t{1} << 45;

// ---- The command line (cli/) ----
// `colcheck validate -` copies standard input to a temporary file first
// (cli/inputs.h, SpooledInput); a copy larger than this is refused, so a
// runaway pipe cannot fill the temporary directory.
inline constexpr uint64_t kMaxSpooledInputBytes = uint64_t{64} << 30;

// ---- The decoded model (core/model_allocator.h) ----
// A list of the model of at least this many bytes gets a mapping of its
// own on huge pages. malloc reuses the memory of freed lists of a few MiB
// for the next validation in the process, which a mapping of their own
// would lose (each mapping is faulted in and zeroed anew); from here on
// the list alone is larger than what malloc keeps between validations by
// default, and zeroing a fresh huge page costs less than decoding what
// fills it.
inline constexpr size_t kModelMapFrom = size_t{8} << 20;

// ---- orc-stats, orc-index, orc-bloom (full level) ----
// Bloom filter false negatives, and values outside their statistics,
// reported per column of a file; one filter or statistic gone wrong would
// otherwise report every value. Past it one limits.orc-bloom-reports
// warning says so and the rest are counted only.
inline constexpr uint64_t kMaxOrcBloomReportsPerColumn = 16;
inline constexpr uint64_t kMaxOrcValueReportsPerColumn = 16;

// ---- orc-value (the column stage) ----
// Row groups of one stripe whose slot counts the column stage keeps (16
// bytes per group and column being read). Real strides are 1000 or more,
// so this is a stripe of 10^9 rows; past it the stripe's values are not
// read (limits.orc-row-groups).
inline constexpr uint64_t kMaxOrcRowGroups = uint64_t{1} << 20;

// Value slots (over all columns) the column stage visits per stripe. A
// STRUCT column without PRESENT costs no bytes per row, so a tiny file can
// declare 2^63 rows; real stripes hold about 10^9 slots at most. Such
// slots are counted a run of row groups at a time, not visited one by one
// (see "ORC work bounds" below), so this bounds counts, not time.
inline constexpr uint64_t kMaxOrcStripeSlots = uint64_t{1} << 32;

// Dictionary entries held for one string column of one stripe (8 bytes
// each). Java writers stop dictionary encoding far below this. The memory
// grows with the entries the LENGTH stream holds, not with the declared
// dictionary_size.
inline constexpr uint64_t kMaxOrcDictionaryEntries = uint64_t{1} << 24;

// Hash functions of a bloom filter that a value is tested with. k is a
// varint (up to 2^32 - 1) and the test loops over it per value until a bit
// is clear, so a filter of every bit set costs 2^32 steps per value. Java
// and C++ writers take k = log2(1 / fpp) (4 at the default fpp of 0.05;
// 64 is an fpp of 5e-20). Past it only the first 64 are tested: every
// false negative reported is one, but one that only a later function
// would show goes unreported.
inline constexpr uint32_t kMaxOrcBloomHashFunctions = 64;

// ---- ORC work bounds ----
// Work per byte of the file, for every count an ORC file declares. A
// count no byte backs is checked before any loop over it, or counted
// arithmetically; every other loop ends with the bytes it reads.
//
// Value streams (rle.h), each run decoded into a buffer of at most 512
// values, every value then O(1) for each consumer (Skip and Finish take a
// run at a time):
//   byte RLE (E2)     a 2-byte run of 130 values: <= 65 values per byte.
//   boolean RLE (E3)  a 2-byte run of 130 bytes is 1040 bits: <= 520
//                     values (PRESENT slots) per byte.
//   RLEv1 (E4)        a 3-byte run of 130 values: <= 44 per byte.
//   RLEv2 (E5)        SHORT_REPEAT 10 values in 2 bytes; DELTA of width 0
//                     (a fixed delta) 512 values in 4: <= 128 per byte;
//                     DIRECT and PATCHED_BASE take >= 1 bit per value.
//   DECIMAL DATA      >= 1 byte per value; FLOAT, DOUBLE 4 and 8.
//   strings           one LENGTH value (<= 128 per byte) and its bytes.
//   dictionary        entries are LENGTH values; the declared size is
//                     checked against kMaxOrcDictionaryEntries first.
// Slots (columns.cc): the root's row groups are two runs (full groups and
// the last), whatever the rows; a STRUCT without PRESENT passes its runs
// on; PRESENT, LENGTH and UNION tags add a run per value or group they
// hold; each group of a run read through a stream takes >= 1 bit of it.
// So a column costs O(runs + bits + values), never O(rows). Report::work
// counts it as orc_steps: a run decoded (>= 2 bytes), a batch of slots
// (>= 1 bit or value), a run of unstored slots. The densest input is a
// 2-byte boolean run of 1,040 PRESENT bits under a row index stride of 1,
// a batch per bit: the fuzz targets allow 1,024 steps per byte (plus
// 1,024), where Parquet's levels and values allow 8.
// Row groups: per-group tallies are kept only for a row index of one entry
// per group (>= 2 bytes each); the groups are still limited by
// kMaxOrcRowGroups before the column stage reads a stripe.
// Row index entries, bloom filters, statistics: decoded protobuf lists,
// >= 1 byte per element; each element's checks are O(its fields), and a
// bloom test is at most kMaxOrcBloomHashFunctions bits per value.

// Parquet Modular Encryption. A module whose GCM tag fails is tried under
// the AADs of other places and other keys, to tell a moved module from a
// modified one (parquet/encryption.h). Each try reads the whole module
// again, so the tries per module and the bytes all tries of a pass read
// are bounded (a try also counts 256 bytes for the cipher's setup); past
// either, the module is reported as modified.
inline constexpr uint64_t kMaxModulePlaceTries = 4096;
inline constexpr uint64_t kMaxModuleSearchBytes = uint64_t{256} << 20;

}  // namespace colcheck::limits

#endif  // COLCHECK_CORE_LIMITS_H_
