// Decompression, levels and values of one page. See data_page.h.
// https://github.com/apache/parquet-format/blob/master/README.md (Data
// Pages, Nested Encoding); Encodings.md; Compression.md

#include "parquet/data_page.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

#include "core/decode_counts.h"
#include "core/limits.h"
#include "core/strings.h"
#include "parquet/bloom_filter.h"
#include "parquet/column_values.h"
#include "parquet/rle.h"

namespace colcheck::parquet {
namespace {

// All the bytes of a decompressed section's reader, which starts at 0.
std::span<const std::byte> WholeSection(const ByteReader& section) {
  return section.Bytes(
      {section.begin_offset(), section.end_offset() - section.begin_offset()});
}

// Makes a stored section readable: the file's own bytes when stored raw
// (then spans are exact), else decompressed into `buffer`. `declared` is
// the uncompressed size the header promises; `size_field` is the header
// field that declares it. Returns false, having reported why, when the
// section cannot be read.
bool OpenSection(const ByteReader& file, codec::Decompressor& codecs,
                 int32_t codec, bool compressed, ByteSpan stored,
                 uint64_t declared, const Spanned<int32_t>& size_field,
                 PageScope& scope, PageBuffer* buffer, ByteReader* out,
                 bool* exact) {
  if (!compressed || codec == kUncompressed) {
    // The declared size is the fault; the stored bytes are whatever the
    // writer wrote, and the message gives their count.
    if (stored.length != declared) {
      scope.ReportAt(Code::kCompressionSizeMismatch, size_field.span,
                     "header.uncompressed_page_size",
                     StrCat("the section is stored uncompressed in ",
                            stored.length, " bytes, but its uncompressed "
                            "size is declared as ", declared));
      return false;
    }
    *exact = true;
    return file.Sub(stored.offset, stored.length, out);
  }
  *exact = false;
  if (declared > limits::kMaxPageBytes) {
    scope.ReportAt(Code::kLimitsPageSize, size_field.span,
                   "header.uncompressed_page_size",
                   StrCat("the page declares ", declared,
                          " uncompressed bytes, above the limit of ",
                          limits::kMaxPageBytes, "; its contents were not "
                          "checked"));
    return false;
  }
  const std::span<std::byte> dest = buffer->Get(declared);
  const codec::Result r =
      codecs.Decompress(codec, file.Bytes(stored), dest);
  ThreadDecodeCounts().decompressed_bytes += std::min<uint64_t>(r.produced, dest.size());
  switch (r.outcome) {
    case codec::Outcome::kOk:
      break;
    case codec::Outcome::kCorrupt:
      scope.ReportAt(Code::kCompressionCorrupt, stored, "body",
                     StrCat("the ", stored.length, "-byte body does not "
                            "decompress with codec ", codec, ": ", r.detail));
      return false;
    case codec::Outcome::kSizeMismatch:
      // The body decoded as a whole stream (else kCorrupt): the size that
      // disagrees with it is the header's.
      scope.ReportAt(
          Code::kCompressionSizeMismatch, size_field.span,
          "header.uncompressed_page_size",
          StrCat("the body decompresses to ",
                 r.produced > declared ? "more than " : "",
                 r.produced > declared ? declared : r.produced,
                 " bytes, but the declared uncompressed size is ", declared,
                 r.detail.empty() ? "" : ": ", r.detail));
      return false;
    case codec::Outcome::kUnsupported:
      return false;  // metadata.invalid-codec said so.
  }
  if (r.lz4_raw_fallback) {
    scope.ReportAt(Code::kCompressionLz4RawFallback, stored, "body",
                   "the LZ4 body is not Hadoop-framed; it decodes as one raw "
                   "LZ4 block");
  }
  if (r.lzo_raw_fallback) {
    scope.ReportAt(Code::kCompressionLzoRawFallback, stored, "body",
                   "the LZO body is not Hadoop-framed; it decodes as one "
                   "bare LZO1X stream");
  }
  if (r.zlib_wrapped) {
    scope.ReportAt(Code::kCompressionZlibStream, stored, "body",
                   "the GZIP body is a zlib (RFC 1950) stream, not gzip "
                   "(RFC 1952); Arrow reads it, parquet-mr does not");
  }
  *out = ByteReader(std::span<const std::byte>(dest.data(), dest.size()));
  return true;
}

// One level section being decoded: hybrid RLE, or deprecated BIT_PACKED.
class LevelStream {
 public:
  void Rle(ByteReader data, int bit_width, PageScope& scope,
           std::string_view field) {
    rle_.emplace(data, bit_width, scope, field);
  }
  void BitPacked(ByteReader data, int bit_width) {
    bit_packed_.emplace(data, bit_width);
  }
  bool active() const { return rle_ || bit_packed_; }
  size_t Next(std::span<uint32_t> out) {
    if (rle_) return rle_->Next(out);
    if (bit_packed_) return bit_packed_->Next(out);
    std::fill(out.begin(), out.end(), 0);
    return out.size();
  }
  // The levels left that repeat one level, in *value: unbounded (all 0)
  // for a section the page does not have (its maximum level is 0).
  uint64_t RepeatLeft(uint32_t* value) {
    *value = 0;
    if (rle_) return rle_->RepeatLeft(value);
    if (bit_packed_) return bit_packed_->Left() == UINT64_MAX ? UINT64_MAX : 0;
    return UINT64_MAX;
  }
  void SkipRepeat(uint64_t n) {
    if (rle_) rle_->SkipRepeat(n);
  }
  // The levels Next() gives before the current run ends.
  uint64_t RunLeft() const {
    if (rle_) return rle_->RunLeft();
    return bit_packed_ ? bit_packed_->Left() : UINT64_MAX;
  }
  // The decoder reported a malformed run itself.
  bool failed() const { return rle_ && rle_->failed(); }
  // Bytes after the last level, which the section must not have.
  ByteSpan rest() const { return rle_ ? rle_->rest() : ByteSpan{}; }

 private:
  std::optional<RleDecoder> rle_;
  std::optional<BitPackedDecoder> bit_packed_;
};

struct LevelField {
  const char* name;            // "repetition_levels"
  const char* encoding_field;  // "header.data_page_header.…_encoding"
};

// Carves one V1 level section off the front of `r`: an RLE section with
// its 4-byte length, or BIT_PACKED bytes for `count` levels.
bool OpenV1Levels(const Spanned<int32_t>& encoding, const LevelField& f,
                  int bit_width, uint64_t count, PageScope& scope,
                  ByteReader& r, LevelStream* stream) {
  const uint64_t start = r.position();
  if (encoding.value == kRle) {
    uint32_t length = 0;
    if (!r.ReadU32LE(&length)) {
      scope.Report(Code::kLevelsTruncated, {start, r.remaining()}, f.name,
                   StrCat("the page ends before the 4-byte length of its ",
                          f.name));
      return false;
    }
    ByteReader section;
    if (!r.Sub(r.position(), length, &section)) {
      scope.Report(Code::kEncodingRleLength, {start, 4}, f.name,
                   StrCat("the ", f.name, " length is ", length, " but only ",
                          r.remaining(), " bytes follow it"));
      return false;
    }
    (void)r.Skip(length);
    stream->Rle(section, bit_width, scope, f.name);
    return true;
  }
  if (encoding.value == kBitPacked) {
    scope.ReportAt(Code::kLevelsBitPacked, encoding.span, f.encoding_field,
                   "levels use the deprecated BIT_PACKED encoding");
    const uint64_t bytes = BitPackedDecoder::BytesFor(count, bit_width);
    ByteReader section;
    if (!r.Sub(r.position(), bytes, &section)) {
      scope.Report(Code::kLevelsTruncated, {start, r.remaining()}, f.name,
                   StrCat(count, " BIT_PACKED levels need ", bytes,
                          " bytes; ", r.remaining(), " remain"));
      return false;
    }
    (void)r.Skip(bytes);
    stream->BitPacked(section, bit_width);
    return true;
  }
  scope.ReportAt(Code::kLevelsInvalidEncoding, encoding.span,
                 f.encoding_field,
                 StrCat("level encoding ", encoding.value,
                        " is neither RLE (3) nor BIT_PACKED (4)"));
  return false;
}

// Counts from one pass over a page's levels.
struct LevelCounts {
  bool complete = false;
  uint64_t nulls = 0;
  uint64_t rows = 0;
  bool starts_row = true;
};

// Decodes a page's two level streams in lockstep, checks each level against
// its maximum and counts nulls, rows and histograms.
//
// The work follows the bytes, not num_values (core/limits.h, "Work per
// input byte"): where both streams repeat one level (an RLE run, a run of
// bit width 0, or a section the page does not have because the column's
// maximum is 0) the stretch is counted in one step, and literal levels are
// decoded up to the end of their run, whose bits they take.
//
// Faults come out as from a pass over batches of kValueBatch levels that
// decodes both streams to the batch's end before checking it: a stream that
// ends or breaks inside a batch hides a level above the maximum earlier in
// that batch, and no run past the batch of the first fault is started.
class LevelCounter {
 public:
  LevelCounter(LevelStream& rep, LevelStream& def, const ColumnShape& shape,
               uint64_t num_values, PageScope& scope, DataPageSummary* page,
               const DataPageInput& in)
      : in_(in),
        rep_(rep),
        def_(def),
        max_rep_(static_cast<uint32_t>(shape.max_repetition_level)),
        max_def_(static_cast<uint32_t>(shape.max_definition_level)),
        num_values_(num_values),
        scope_(scope),
        page_(page) {
    if (max_rep_ > 0) page_->repetition_histogram.assign(max_rep_ + 1, 0);
    if (max_def_ > 0) page_->definition_histogram.assign(max_def_ + 1, 0);
  }

  LevelCounts Count() {
    if (!rep_.active() && !def_.active()) {
      // Maximum levels 0 and no sections: every level is 0, a row and
      // not null. Nothing to decode.
      counts_.rows = num_values_;
      counts_.complete = true;
      Tap(LevelBatch::Run(num_values_, 0, 0));
      return counts_;
    }
    while (done_ < num_values_) {
      uint32_t r = 0;
      uint32_t d = 0;
      const uint64_t repeat_r = rep_.RepeatLeft(&r);
      const uint64_t repeat_d = def_.RepeatLeft(&d);
      const uint64_t repeat =
          std::min({repeat_r, repeat_d, num_values_ - done_});
      if (repeat > 0) {
        if (!CountRepeat(r, d, repeat)) return counts_;
        continue;
      }
      const size_t n = LiteralStep(repeat_r, repeat_d);
      if (n == 0) {
        // A stream has no level left: it ended, or broke (reported).
        (void)ReachBatchEnd(done_);
        return counts_;
      }
      if (!CountLiteral(n)) return counts_;
    }
    ReportTrailingBytes();
    counts_.complete = true;
    return counts_;
  }

  // Steps taken: repeated stretches plus literal levels decoded.
  uint64_t work() const { return work_; }

 private:
  // `n` levels that all are (r, d).
  bool CountRepeat(uint32_t r, uint32_t d, uint64_t n) {
    ++work_;
    if (r > max_rep_ || d > max_def_) {
      Above(done_, r, d);
      return false;
    }
    if (done_ == 0) counts_.starts_row = r == 0;
    counts_.rows += r == 0 ? n : 0;
    counts_.nulls += d < max_def_ ? n : 0;
    if (max_rep_ > 0) page_->repetition_histogram[r] += n;
    if (max_def_ > 0) page_->definition_histogram[d] += n;
    Tap(LevelBatch::Run(n, r, d));
    rep_.SkipRepeat(n);
    def_.SkipRepeat(n);
    rep_at_ += n;
    def_at_ += n;
    done_ += n;
    return true;
  }

  // How many literal levels to decode next: up to the end of the current
  // runs and of the batch, so no run past the batch is started. 0 when a
  // stream has none left.
  size_t LiteralStep(uint64_t repeat_r, uint64_t repeat_d) const {
    uint64_t n = BatchEnd(done_) - done_;
    for (const uint64_t left :
         {repeat_r > 0 ? repeat_r : rep_.RunLeft(),
          repeat_d > 0 ? repeat_d : def_.RunLeft()}) {
      n = std::min(n, left);
    }
    return static_cast<size_t>(n);
  }

  bool CountLiteral(size_t n) {
    const std::span<uint32_t> rs(r_.data(), n);
    const std::span<uint32_t> ds(d_.data(), n);
    const size_t got_r = rep_.Next(rs);
    const size_t got_d = def_.Next(ds);
    rep_at_ += got_r;
    def_at_ += got_d;
    work_ += n;
    if (got_r < n || got_d < n) {
      (void)ReachBatchEnd(done_);
      return false;
    }
    if (done_ == 0) counts_.starts_row = rs[0] == 0;
    for (size_t i = 0; i < n; ++i) {
      if (rs[i] > max_rep_ || ds[i] > max_def_) {
        Above(done_ + i, rs[i], ds[i]);
        return false;
      }
      counts_.rows += rs[i] == 0;
      counts_.nulls += ds[i] < max_def_;
      if (max_rep_ > 0) ++page_->repetition_histogram[rs[i]];
      if (max_def_ > 0) ++page_->definition_histogram[ds[i]];
    }
    Tap(LevelBatch::Literal(rs, ds));
    done_ += n;
    return true;
  }

  void Tap(const LevelBatch& batch) const {
    if (in_.tap != nullptr) in_.tap->Levels(in_.row_group, in_.column, batch);
  }

  uint64_t BatchEnd(uint64_t at) const {
    const uint64_t batch = limits::kValueBatch;
    return std::min(num_values_, (at / batch + 1) * batch);
  }

  // Level `at` is (r, d), and one of them is above its maximum. It is
  // reported when both streams hold the rest of its batch.
  void Above(uint64_t at, uint32_t r, uint32_t d) {
    if (!ReachBatchEnd(at)) return;
    const bool is_rep = r > max_rep_;
    scope_.ReportAt(Code::kLevelsExceedsMax, scope_.body(),
                    StrCat(is_rep ? "repetition_levels[" : "definition_levels[",
                           at, "]"),
                    StrCat("level ", is_rep ? r : d,
                           " is above the column's maximum ",
                           is_rep ? max_rep_ : max_def_));
  }

  // Decodes both streams to the end of the batch that holds level `at`.
  // When one ends first, reports it (unless a stream reported a malformed
  // run itself) and returns false.
  bool ReachBatchEnd(uint64_t at) {
    const uint64_t end = BatchEnd(at);
    Reach(rep_, end, r_, &rep_at_);
    Reach(def_, end, d_, &def_at_);
    if (rep_at_ >= end && def_at_ >= end) return true;
    if (rep_.failed() || def_.failed()) return false;
    scope_.ReportAt(Code::kLevelsTruncated, scope_.body(),
                    rep_at_ < end ? "repetition_levels" : "definition_levels",
                    StrCat("the levels end after ", std::min(rep_at_, def_at_),
                           " of num_values ", num_values_, " levels"));
    return false;
  }

  // Takes levels from `stream` until `end` or its last level: repeated
  // runs in a step each, literal levels one by one.
  void Reach(LevelStream& stream, uint64_t end, std::span<uint32_t> scratch,
             uint64_t* at) {
    while (*at < end) {
      uint32_t level = 0;
      const uint64_t repeat = stream.RepeatLeft(&level);
      if (repeat > 0) {
        const uint64_t n = std::min(repeat, end - *at);
        stream.SkipRepeat(n);
        *at += n;
        ++work_;
        continue;
      }
      const size_t want = static_cast<size_t>(
          std::min({uint64_t{scratch.size()}, end - *at, stream.RunLeft()}));
      if (want == 0) return;
      const size_t got = stream.Next(scratch.first(want));
      *at += got;
      work_ += got;
      if (got < want) return;
    }
  }

  void ReportTrailingBytes() {
    for (const auto& [stream, name] :
         {std::pair{&rep_, "repetition_levels"},
          {&def_, "definition_levels"}}) {
      const ByteSpan rest = stream->rest();
      if (rest.length > 0) {
        scope_.Report(Code::kLevelsTrailingBytes, rest, name,
                      StrCat(rest.length, " bytes follow the last of ",
                             num_values_, " levels; readers ignore them"));
      }
    }
  }

  const DataPageInput& in_;
  LevelStream& rep_;
  LevelStream& def_;
  const uint32_t max_rep_;
  const uint32_t max_def_;
  const uint64_t num_values_;
  PageScope& scope_;
  DataPageSummary* page_;
  LevelCounts counts_;
  uint64_t done_ = 0;    // Levels counted.
  uint64_t rep_at_ = 0;  // Levels taken from each stream.
  uint64_t def_at_ = 0;
  uint64_t work_ = 0;
  std::array<uint32_t, limits::kValueBatch> r_;
  std::array<uint32_t, limits::kValueBatch> d_;
};

// Decodes `count` values of `encoding` from `section`, feeding the value
// checks and the bloom filter. Returns whether all were decoded.
bool DecodeValues(const DataPageInput& in, int32_t encoding,
                  ByteSpan encoding_span, uint64_t count, ByteReader section,
                  PageScope& scope, DataPageSummary* page) {
  const std::string_view field =
      in.header.type.value == kDataPageV2 ? "header.data_page_header_v2.encoding"
                                          : "header.data_page_header.encoding";
  const Dictionary& dict = *in.dictionary;
  if (IsDictionaryEncoding(encoding) && !dict.decoded) return false;
  std::unique_ptr<ValueDecoder> decoder =
      MakeValueDecoder(encoding, encoding_span, in.shape.type, count,
                       dict.size, section, scope, field);
  if (!decoder) return false;
  const bool byte_array = in.shape.type.physical == kByteArray;
  uint64_t done = 0;
  ValueBatch batch;
  while (done < count) {
    const size_t want = static_cast<size_t>(
        std::min<uint64_t>(limits::kValueBatch, count - done));
    if (!decoder->NextRun(count - done, &batch) &&
        (!decoder->Next(want, &batch) || batch.count == 0)) {
      break;
    }
    ++ThreadDecodeCounts().value_batches;
    in.values->Values(batch, scope, &section);
    if (in.bloom != nullptr) in.bloom->Values(batch, scope);
    if (in.tap != nullptr) in.tap->Values(in.row_group, in.column, batch);
    if (byte_array) {
      for (const auto& v : batch.binary) {
        page->unencoded_byte_array_bytes += v.size();
      }
      const uint64_t copies = batch.repeated ? batch.count : 1;
      for (uint32_t index : batch.indices) {
        if (index < dict.lengths.size()) {
          page->unencoded_byte_array_bytes += dict.lengths[index] * copies;
        }
      }
    }
    done += batch.count;
  }
  decoder->Finish();
  return done == count;
}

}  // namespace

std::span<std::byte> PageBuffer::Get(size_t size) {
  if (size > capacity_) {
    data_.reset(new std::byte[size]);
    capacity_ = size;
  }
  return {data_.get(), size};
}

void AddHistogram(const std::vector<uint64_t>& page,
                  std::vector<uint64_t>* chunk) {
  if (chunk->size() < page.size()) chunk->resize(page.size(), 0);
  for (size_t i = 0; i < page.size(); ++i) (*chunk)[i] += page[i];
}

bool CheckV2Header(const PageHeader& h, PageScope& scope) {
  if (h.type.value != kDataPageV2 || !h.data_page_header_v2.present) {
    return true;
  }
  const DataPageHeaderV2& v2 = h.data_page_header_v2.value;
  bool ok = true;
  for (const auto& [count, name] :
       {std::pair{&v2.num_nulls, "num_nulls"}, {&v2.num_rows, "num_rows"}}) {
    if (count->value < 0) {
      scope.ReportAt(Code::kPageNegativeCount, count->span,
                     StrCat("header.data_page_header_v2.", name),
                     StrCat(name, " ", count->value, " is negative"));
      ok = false;
    }
  }
  if (v2.num_nulls.value > v2.num_values.value) {
    scope.ReportAt(Code::kPageV2NumNulls, v2.num_nulls.span,
                   "header.data_page_header_v2.num_nulls",
                   StrCat("num_nulls ", v2.num_nulls.value,
                          " exceeds num_values ", v2.num_values.value));
    ok = false;
  }
  const int64_t rep = v2.repetition_levels_byte_length.value;
  const int64_t def = v2.definition_levels_byte_length.value;
  if (rep < 0 || def < 0 || rep + def > h.compressed_page_size.value ||
      rep + def > h.uncompressed_page_size.value) {
    scope.ReportAt(Code::kPageV2LevelLengths,
                   Join(v2.definition_levels_byte_length.span,
                        v2.repetition_levels_byte_length.span),
                   "header.data_page_header_v2.repetition_levels_byte_length",
                   StrCat("level byte lengths ", rep, " + ", def,
                          " do not fit in the page's sizes ",
                          h.compressed_page_size.value, " / ",
                          h.uncompressed_page_size.value));
    ok = false;
  }
  return ok;
}

void DecodeDataPage(const DataPageInput& in, DataPageSummary* page) {
  const PageHeader& h = in.header;
  PageScope& scope = in.scope;
  const ColumnShape& shape = in.shape;
  const bool v2 = h.type.value == kDataPageV2;
  const int rep_width = BitWidth(shape.max_repetition_level);
  const int def_width = BitWidth(shape.max_definition_level);
  LevelStream rep;
  LevelStream def;
  ByteReader values;
  bool exact = true;
  // The decompressed section when not exact, for excerpts in reports.
  std::span<const std::byte> decompressed;
  Spanned<int32_t> encoding;
  // V1 levels are inside the (possibly decompressed) body; V2 levels are
  // file bytes.
  std::optional<PageScope> v1_levels;
  if (!v2) {
    const DataPageHeader& v1 = h.data_page_header.value;
    encoding = v1.encoding;
    ByteReader body;
    if (!OpenSection(in.file, in.codecs, shape.codec, true, scope.body(),
                     static_cast<uint64_t>(h.uncompressed_page_size.value),
                     h.uncompressed_page_size, scope, in.buffer, &body,
                     &exact)) {
      return;
    }
    if (!exact) decompressed = WholeSection(body);
    PageScope& levels_scope =
        v1_levels.emplace(scope.sink(), scope.field(), scope.body(), exact);
    levels_scope.set_decompressed(decompressed);
    if (shape.max_repetition_level > 0 &&
        !OpenV1Levels(v1.repetition_level_encoding,
                      {"repetition_levels",
                       "header.data_page_header.repetition_level_encoding"},
                      rep_width, page->num_values, levels_scope, body,
                      &rep)) {
      return;
    }
    if (shape.max_definition_level > 0 &&
        !OpenV1Levels(v1.definition_level_encoding,
                      {"definition_levels",
                       "header.data_page_header.definition_level_encoding"},
                      def_width, page->num_values, levels_scope, body,
                      &def)) {
      return;
    }
    // The values: what the levels left, as a reader of their own.
    if (!body.Sub(body.position(), body.remaining(), &values)) return;
  } else {
    const DataPageHeaderV2& hv2 = h.data_page_header_v2.value;
    encoding = hv2.encoding;
    const uint64_t rep_len =
        static_cast<uint64_t>(hv2.repetition_levels_byte_length.value);
    const uint64_t def_len =
        static_cast<uint64_t>(hv2.definition_levels_byte_length.value);
    const ByteSpan body = scope.body();
    ByteReader rep_bytes;
    ByteReader def_bytes;
    if (!in.file.Sub(body.offset, rep_len, &rep_bytes) ||
        !in.file.Sub(body.offset + rep_len, def_len, &def_bytes)) {
      return;  // CheckV2Header bounds them; unreachable.
    }
    // Some writers (rle_boolean_encoding.parquet) store a level section
    // even when the maximum level is 0: a run of zeros at bit width 0.
    // It is decoded like any other, so only a malformed one is reported.
    if (shape.max_repetition_level > 0 || rep_len > 0) {
      rep.Rle(rep_bytes, rep_width, scope, "repetition_levels");
      page->repetition_levels = {body.offset, rep_len};
    }
    if (shape.max_definition_level > 0 || def_len > 0) {
      def.Rle(def_bytes, def_width, scope, "definition_levels");
    }
    const ByteSpan stored{body.offset + rep_len + def_len,
                          body.length - rep_len - def_len};
    const uint64_t declared =
        static_cast<uint64_t>(h.uncompressed_page_size.value) - rep_len -
        def_len;
    const bool compressed =
        !hv2.is_compressed.present || hv2.is_compressed.value;
    // An empty value section (all nulls) is not decompressed: a 0-byte
    // Snappy stream is invalid, yet writers store it so (rule 75).
    if (stored.length == 0 && declared == 0) {
      (void)in.file.Sub(stored.offset, 0, &values);
    } else if (!OpenSection(in.file, in.codecs, shape.codec, compressed,
                            stored, declared, h.uncompressed_page_size, scope,
                            in.buffer, &values, &exact)) {
      return;
    }
    if (!exact) decompressed = WholeSection(values);
  }
  LevelCounter counter(rep, def, shape, page->num_values,
                       v1_levels ? *v1_levels : scope, page, in);
  const LevelCounts counts = counter.Count();
  ThreadDecodeCounts().level_steps += counter.work();
  if (!counts.complete) return;
  page->num_nulls = counts.nulls;
  page->num_rows = counts.rows;
  page->starts_row = counts.starts_row;
  if (!counts.starts_row && (in.first_page || v2)) {
    scope.ReportAt(Code::kLevelsFirstRepNotZero, page->repetition_levels,
                   "repetition_levels[0]",
                   in.first_page
                       ? "the column chunk starts in the middle of a row"
                       : "a V2 data page starts in the middle of a row");
  }
  if (v2) {
    const DataPageHeaderV2& hv2 = h.data_page_header_v2.value;
    if (static_cast<uint64_t>(hv2.num_nulls.value) != counts.nulls) {
      scope.ReportAt(Code::kPageV2NumNulls, hv2.num_nulls.span,
                     "header.data_page_header_v2.num_nulls",
                     StrCat("num_nulls is ", hv2.num_nulls.value,
                            " but the definition levels hold ", counts.nulls,
                            " nulls"));
    }
    if (shape.max_repetition_level > 0 &&
        static_cast<uint64_t>(hv2.num_rows.value) != counts.rows) {
      scope.ReportAt(Code::kPageV2NumRows, hv2.num_rows.span,
                     "header.data_page_header_v2.num_rows",
                     StrCat("num_rows is ", hv2.num_rows.value,
                            " but the repetition levels start ", counts.rows,
                            " rows"));
    }
  }
  PageScope values_scope(scope.sink(), scope.field(), scope.body(), exact);
  values_scope.set_decompressed(decompressed);
  in.values->BeginPage();
  const uint64_t non_null = page->num_values - counts.nulls;
  const bool ok = DecodeValues(in, encoding.value, encoding.span, non_null,
                               values, values_scope, page);
  page->values = in.values->EndPage();
  page->decoded = ok;
  if (!ok) return;
  const Spanned<Statistics>& stats = v2 ? h.data_page_header_v2.value.statistics
                                        : h.data_page_header.value.statistics;
  if (stats.present) {
    in.values->CheckPageStatistics(
        stats, page->values, counts.nulls, scope,
        v2 ? "header.data_page_header_v2.statistics"
           : "header.data_page_header.statistics",
        page->definition_histogram);
  }
}

void DecodeDictionaryPage(const PageHeader& h, const ColumnShape& shape,
                          const ByteReader& file, codec::Decompressor& codecs,
                          PageScope& scope, ColumnValueChecker* values,
                          BloomFilterCheck* bloom, Dictionary* dictionary,
                          ValueTap* tap, size_t row_group, size_t column) {
  const DictionaryPageHeader& d = h.dictionary_page_header.value;
  ByteReader section;
  bool exact = true;
  if (!OpenSection(file, codecs, shape.codec, true, scope.body(),
                   static_cast<uint64_t>(h.uncompressed_page_size.value),
                   h.uncompressed_page_size, scope, &dictionary->buffer,
                   &section, &exact)) {
    return;
  }
  PageScope values_scope(scope.sink(), scope.field(), scope.body(), exact);
  if (!exact) values_scope.set_decompressed(WholeSection(section));
  const uint64_t count = static_cast<uint64_t>(d.num_values.value);
  std::unique_ptr<ValueDecoder> decoder = MakeValueDecoder(
      kPlain, d.encoding.span, shape.type, count, 0, section, values_scope,
      "header.dictionary_page_header.encoding");
  if (!decoder) return;
  const bool byte_array = shape.type.physical == kByteArray;
  uint64_t done = 0;
  ValueBatch batch;
  while (done < count) {
    const size_t want = static_cast<size_t>(
        std::min<uint64_t>(limits::kValueBatch, count - done));
    if (!decoder->Next(want, &batch) || batch.count == 0) break;
    values->Dictionary(batch, values_scope, &section);
    if (bloom != nullptr) bloom->Dictionary(batch);
    if (tap != nullptr) tap->Dictionary(row_group, column, batch);
    if (byte_array) {
      for (const auto& v : batch.binary) {
        dictionary->lengths.push_back(static_cast<uint32_t>(v.size()));
      }
    }
    done += batch.count;
  }
  decoder->Finish();
  dictionary->decoded = done == count;
  dictionary->size = count;
}

}  // namespace colcheck::parquet
