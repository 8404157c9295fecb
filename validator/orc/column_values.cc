// The value readers of the column stage, one per kind of column
// (column_values.h; orc-rules.md E3-E12 and the type table under SF).
//
//   BOOLEAN              DATA: boolean RLE
//   BYTE                 DATA: byte RLE
//   SHORT/INT/LONG/DATE  DATA: signed integer RLE, in the type's range
//   FLOAT/DOUBLE         DATA: 4 / 8 bytes little-endian per value
//   STRING/CHAR/VARCHAR/BINARY/GEO*, direct
//                        LENGTH: unsigned RLE; DATA: the bytes, end to end
//   STRING/CHAR/VARCHAR, dictionary
//                        LENGTH: dictionary_size entry lengths;
//                        DICTIONARY_DATA: the entries; DATA: unsigned RLE
//                        indexes into them
//   DECIMAL              DATA: zigzag varints; SECONDARY: signed RLE scales
//                        (UNSTABLE-PRE-2.0, p <= 18: DATA only, RLEv2)
//   TIMESTAMP(_INSTANT)  DATA: signed RLE seconds since 2015-01-01;
//                        SECONDARY: unsigned RLE encoded nanos
//   LIST/MAP             LENGTH: unsigned RLE child counts
//   UNION                DATA: byte RLE tags

#include "orc/column_values.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <vector>

#include "core/limits.h"
#include "core/strings.h"
#include "core/utf8.h"

namespace colcheck::orc {
namespace {

// 2015-01-01 00:00:00 UTC, the origin of timestamp DATA.
constexpr int64_t kTimestampBase = 1420070400;
constexpr int32_t kMaxDecimalScale = 38;
constexpr int32_t kHive11Scale = 6;

std::string_view StreamName(int64_t kind) {
  switch (kind) {
    case kPresent:
      return "PRESENT";
    case kData:
      return "DATA";
    case kLength:
      return "LENGTH";
    case kDictionaryData:
      return "DICTIONARY_DATA";
    case kSecondary:
      return "SECONDARY";
    default:
      return "STREAM";
  }
}

// 10^n for 0 <= n <= 38: 10^38 < 2^127 < 10^39.
Int128 Pow10(int n) {
  Int128 p = 1;
  for (int i = 0; i < n; ++i) p *= 10;
  return p;
}

std::span<const std::byte> AsByteSpan(std::string_view s) {
  return {reinterpret_cast<const std::byte*>(s.data()), s.size()};
}

// Characters of UTF-8 text: bytes that do not continue a sequence.
uint64_t CountChars(std::string_view s) {
  uint64_t n = 0;
  for (char c : s) n += (static_cast<uint8_t>(c) & 0xc0) != 0x80;
  return n;
}

std::string_view AsText(std::span<const std::byte> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

std::unique_ptr<IntegerRleDecoder> IntDecoder(const ColumnSource& source,
                                              const DecodedRegion& region,
                                              int64_t kind, RleVersion version,
                                              Signedness signedness) {
  return MakeIntegerRleDecoder(version, signedness, region.reader(),
                               source.Context(region, kind));
}

// An integer stream of `count` values, or an inactive stream when `count`
// is 0 and the stream is absent. False on a missing or broken stream.
bool OpenInts(const ColumnSource& source, int64_t kind, uint64_t count,
              bool required, RleVersion version, Signedness signedness,
              IntStream* out) {
  const DecodedRegion* region = nullptr;
  if (!source.Require(kind, count, required, &region)) return false;
  if (region == nullptr) return true;
  *out =
      IntStream(IntDecoder(source, *region, kind, version, signedness), count);
  return true;
}

// ---- BOOLEAN, BYTE
// -----------------------------------------------------------

template <typename Decoder>
class SmallIntReader final : public ValueReader {
 public:
  explicit SmallIntReader(const ColumnSource& source) : source_(source) {}

  bool Open(uint64_t count) override {
    const DecodedRegion* region = nullptr;
    if (!source_.Require(kData, count, true, &region)) return false;
    if (region == nullptr) return true;
    data_ = RunStream<Decoder, uint8_t>(
        std::make_unique<Decoder>(region->reader(),
                                  source_.Context(*region, kData)),
        count);
    return true;
  }
  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)data_.Read(std::span(buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      out[i].integer = std::is_same_v<Decoder, ByteRleDecoder>
                           ? static_cast<int8_t>(buffer_[i])
                           : buffer_[i];
    }
    return got;
  }
  ByteSpan Span(size_t i) const override { return data_.Span(i); }
  bool Finish() override { return data_.Finish(); }

 private:
  const ColumnSource& source_;
  RunStream<Decoder, uint8_t> data_;
  std::array<uint8_t, kValueBatch> buffer_{};
};

// ---- SHORT, INT, LONG, DATE
// --------------------------------------------------

class IntegerReader final : public ValueReader {
 public:
  explicit IntegerReader(const ColumnSource& source) : source_(source) {
    switch (source.type().kind.value) {
      case kShort:
        min_ = std::numeric_limits<int16_t>::min();
        max_ = std::numeric_limits<int16_t>::max();
        break;
      case kInt:
        min_ = std::numeric_limits<int32_t>::min();
        max_ = std::numeric_limits<int32_t>::max();
        break;
      default:
        break;
    }
  }

  bool Open(uint64_t count) override {
    return OpenInts(source_, kData, count, true, source_.rle_version(),
                    Signedness::kSigned, &data_);
  }
  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)data_.Read(std::span(buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      const int64_t v = buffer_[i];
      out[i].integer = v;
      if (v < min_ || v > max_) ReportRange(v, i);
    }
    return got;
  }
  ByteSpan Span(size_t i) const override { return data_.Span(i); }
  bool Finish() override { return data_.Finish(); }

 private:
  // E4: a value the column's type cannot hold, once per run.
  void ReportRange(int64_t v, size_t i) {
    const ByteSpan span = data_.Span(i);
    if (span == reported_) return;
    reported_ = span;
    source_.sink->Report(Code::kOrcValueIntegerRange, span,
                         source_.Field(kData),
                         StrCat(v, " is outside the range of ",
                                TypeKindName(source_.type().kind.value), " [",
                                min_, ", ", max_, "]"));
  }

  const ColumnSource& source_;
  IntStream data_;
  std::array<int64_t, kValueBatch> buffer_{};
  int64_t min_ = std::numeric_limits<int64_t>::min();
  int64_t max_ = std::numeric_limits<int64_t>::max();
  ByteSpan reported_{~uint64_t{0}, 0};
};

// ---- FLOAT, DOUBLE
// -----------------------------------------------------------

class FloatReader final : public ValueReader {
 public:
  explicit FloatReader(const ColumnSource& source)
      : source_(source), width_(source.type().kind.value == kFloat ? 4 : 8) {}

  bool Open(uint64_t count) override {
    if (!source_.Require(kData, count, true, &region_)) return false;
    if (region_ == nullptr) return true;
    data_ = region_->reader();
    // E7: the stream holds exactly width * count bytes.
    return CheckFixedWidthStream(data_, width_, count,
                                 source_.Context(*region_, kData));
  }
  size_t Read(std::span<Value> out) override {
    first_ = data_.position();
    std::span<const std::byte> bytes;
    if (out.empty() || region_ == nullptr) return 0;
    if (!data_.ReadBytes(width_ * out.size(), &bytes)) return 0;
    const std::byte* p = bytes.data();
    if (width_ == 4) {
      for (size_t i = 0; i < out.size(); ++i, p += 4) {
        float f;
        std::memcpy(&f, p, sizeof f);
        out[i].real = f;
      }
    } else {
      for (size_t i = 0; i < out.size(); ++i, p += 8) {
        std::memcpy(&out[i].real, p, sizeof out[i].real);
      }
    }
    return out.size();
  }
  ByteSpan Span(size_t i) const override {
    return region_->map().ToFile({first_ + i * width_, width_});
  }
  bool Finish() override { return true; }  // Checked by Open.

 private:
  const ColumnSource& source_;
  uint32_t width_;
  const DecodedRegion* region_ = nullptr;
  ByteReader data_;
  uint64_t first_ = 0;
};

// ---- Text rules shared by direct and dictionary strings (E8)
// -----------------

class TextChecks {
 public:
  explicit TextChecks(const ColumnSource& source) : source_(source) {
    const Type& type = source.type();
    kind_ = type.kind.value;
    max_length_ = type.maximum_length.value;
    text_ = kind_ == kString || kind_ == kChar || kind_ == kVarchar;
  }

  // The stream every value checked next lies in. When all of it is valid
  // UTF-8, a value is valid exactly when it starts and ends on character
  // boundaries, which takes two bytes to see rather than the whole value.
  void SetStream(std::span<const std::byte> stream) {
    stream_ = AsText(stream);
    stream_valid_ = text_ && IsValidUtf8(stream);
  }

  // `span_of()` gives the file span of `text`, for a report.
  template <typename SpanOf>
  void Check(std::string_view text, SpanOf span_of) {
    if (!text_) return;
    if (!utf8_reported_ && !IsValidText(text)) {
      utf8_reported_ = true;
      source_.sink->Report(Code::kOrcValueUtf8, span_of(), source_.Field(kData),
                           "the value is not valid UTF-8");
    }
    if (max_length_ == 0 || length_reported_) return;  // 0: absent, or C++.
    const uint64_t chars = CountChars(text);
    if (kind_ == kChar && chars != max_length_) {
      length_reported_ = true;
      source_.sink->Report(
          Code::kOrcValueCharLength, span_of(), source_.Field(kData),
          StrCat("a CHAR(", max_length_, ") value holds ", chars,
                 " characters; writers pad to exactly ", max_length_));
    } else if (kind_ == kVarchar && chars > max_length_) {
      length_reported_ = true;
      source_.sink->Report(Code::kOrcValueVarcharLength, span_of(),
                           source_.Field(kData),
                           StrCat("a VARCHAR(", max_length_, ") value holds ",
                                  chars, " characters"));
    }
  }

 private:
  static bool Continues(char c) {
    return (static_cast<uint8_t>(c) & 0xc0) == 0x80;
  }

  bool IsValidText(std::string_view text) const {
    if (text.empty()) return true;
    const auto base = reinterpret_cast<uintptr_t>(stream_.data());
    const auto at = reinterpret_cast<uintptr_t>(text.data());
    if (!stream_valid_ || at < base || text.size() > stream_.size() ||
        at - base > stream_.size() - text.size()) {
      return IsValidUtf8(AsByteSpan(text));
    }
    const size_t end = static_cast<size_t>(at - base) + text.size();
    return !Continues(text.front()) &&
           (end == stream_.size() || !Continues(stream_[end]));
  }

  const ColumnSource& source_;
  int64_t kind_;
  uint64_t max_length_;
  std::string_view stream_;
  bool stream_valid_ = false;
  bool text_ = false;
  bool utf8_reported_ = false;
  bool length_reported_ = false;
};

// ---- Direct STRING, CHAR, VARCHAR, BINARY, GEOMETRY, GEOGRAPHY
// ----------------

class DirectBytesReader final : public ValueReader {
 public:
  explicit DirectBytesReader(const ColumnSource& source)
      : source_(source), text_(source) {}

  bool Open(uint64_t count) override {
    if (!OpenInts(source_, kLength, count, true, source_.rle_version(),
                  Signedness::kUnsigned, &lengths_)) {
      return false;
    }
    bool listed = false;
    data_region_ = source_.Stream(kData, &listed);
    if (listed && data_region_ == nullptr) return false;  // Framing fault.
    if (data_region_ != nullptr) {
      data_ = data_region_->reader();
      text_.SetStream(data_region_->bytes());
    }
    return true;
  }

  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)lengths_.Read(std::span(lengths_buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      if (!ReadOne(i, &out[i])) {
        Fault();
        return i;
      }
    }
    return got;
  }

  ByteSpan Span(size_t i) const override {
    if (data_region_ == nullptr) return {};
    return data_region_->map().ToFile(
        {starts_[i], static_cast<uint64_t>(lengths_buffer_[i])});
  }

  bool Finish() override {
    const bool ok = lengths_.Finish();
    if (ok && data_region_ != nullptr && !data_.empty()) {
      // E8: DATA holds bytes no length accounts for.
      source_.sink->Report(
          Code::kOrcValueStringLengthSum,
          data_region_->map().ToFile({data_.position(), data_.remaining()}),
          source_.Field(kData),
          StrCat("the lengths add up to ", data_.position(),
                 " bytes; the DATA stream holds ", data_.size()));
    }
    return ok;
  }

 private:
  // Value `i` of the batch, whose length is read. False after a fault.
  bool ReadOne(size_t i, Value* value) {
    const int64_t length = lengths_buffer_[i];
    if (length < 0) return false;  // Reported by the unsigned decoder.
    const uint64_t n = static_cast<uint64_t>(length);
    if (n > 0 && data_region_ == nullptr) {
      // E8: bytes are needed and there is no DATA stream at all.
      const DecodedRegion* unused = nullptr;
      (void)source_.Require(kData, 1, false, &unused);
      return false;
    }
    if (data_region_ == nullptr) {
      value->bytes = {};
      return true;
    }
    const uint64_t at = data_.position();
    std::span<const std::byte> bytes;
    if (!data_.ReadBytes(n, &bytes)) {
      // E8: the lengths need more bytes than DATA holds.
      source_.sink->Report(
          Code::kOrcValueStringLengthSum, lengths_.Span(i),
          source_.Field(kLength),
          StrCat("a value of ", n, " bytes starts at byte ", at,
                 " of the DATA stream, which holds ", data_.size()));
      return false;
    }
    starts_[i] = at;
    value->bytes = AsText(bytes);
    text_.Check(value->bytes, [&] { return Span(i); });
    return true;
  }

  const ColumnSource& source_;
  TextChecks text_;
  IntStream lengths_;
  const DecodedRegion* data_region_ = nullptr;
  ByteReader data_;
  std::array<int64_t, kValueBatch> lengths_buffer_{};
  std::array<uint64_t, kValueBatch> starts_{};  // In DATA, of each value.
};

// ---- Dictionary STRING, CHAR, VARCHAR (E9)
// --------------------------------------

class DictionaryReader final : public ValueReader {
 public:
  explicit DictionaryReader(const ColumnSource& source)
      : source_(source), text_(source) {}

  bool Open(uint64_t count) override {
    const Spanned<uint32_t>& size = source_.encoding().dictionary_size;
    if (count > 0 && size.value == 0) {
      source_.sink->Report(
          Code::kOrcValueDictionaryEmpty,
          size.present ? size.span
                       : source_.footer->columns.value[source_.column].span,
          StrCat("stripes[", source_.stripe, "].footer.columns[",
                 source_.column, "].dictionary_size"),
          StrCat("dictionary_size is 0 but the column has ", count,
                 " non-null values"));
      return false;
    }
    if (!ReadDictionary(size.value)) return false;
    if (source_.observer != nullptr) {
      source_.observer->OnDictionary({.column = source_.column,
                                      .declared = size.value,
                                      .blob = blob_,
                                      .ends = ends_,
                                      .stream = DictionaryStream()});
    }
    return OpenInts(source_, kData, count, true, source_.rle_version(),
                    Signedness::kUnsigned, &indexes_);
  }

  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)indexes_.Read(std::span(buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      const int64_t index = buffer_[i];
      if (index < 0) {  // Reported by the unsigned decoder.
        Fault();
        return i;
      }
      if (static_cast<uint64_t>(index) >= ends_.size()) {
        source_.sink->Report(Code::kOrcValueDictionaryIndex, indexes_.Span(i),
                             source_.Field(kData),
                             StrCat("index ", index, " into a dictionary of ",
                                    ends_.size(), " entries"));
        Fault();
        return i;
      }
      out[i].bytes = Entry(static_cast<size_t>(index));
    }
    return got;
  }

  ByteSpan Span(size_t i) const override { return indexes_.Span(i); }
  bool Finish() override { return indexes_.Finish(); }

 private:
  // The DICTIONARY_DATA stream's bytes in the file, or empty.
  ByteSpan DictionaryStream() const {
    const StripeLayout& layout = *source_.data->layout;
    for (const StreamRegion& s : layout.streams) {
      if (s.column == source_.column && s.kind == kDictionaryData) {
        return s.bytes;
      }
    }
    return {};
  }

  std::string_view Entry(size_t i) const {
    const uint64_t begin = i == 0 ? 0 : ends_[i - 1];
    return AsText(blob_.subspan(begin, ends_[i] - begin));
  }

  // The entry lengths, against the blob (E9), and the entries' order.
  bool ReadDictionary(uint32_t size) {
    if (size > limits::kMaxOrcDictionaryEntries) {
      source_.sink->Report(
          Code::kLimitsOrcDictionarySize,
          source_.encoding().dictionary_size.span,
          StrCat("stripes[", source_.stripe, "].footer.columns[",
                 source_.column, "].dictionary_size"),
          StrCat("dictionary_size ", size, " is above the limit of ",
                 limits::kMaxOrcDictionaryEntries));
      return false;
    }
    IntStream lengths;
    if (!OpenInts(source_, kLength, size, true, source_.rle_version(),
                  Signedness::kUnsigned, &lengths)) {
      return false;
    }
    bool listed = false;
    const DecodedRegion* blob = source_.Stream(kDictionaryData, &listed);
    if (listed && blob == nullptr) return false;
    if (blob != nullptr) blob_ = blob->bytes();
    text_.SetStream(blob_);
    // Grown as lengths are read: `size` is declared, and a short LENGTH
    // stream must not cost 8 bytes per entry it claims.
    ends_.reserve(std::min<size_t>(size, kValueBatch));
    uint64_t sum = 0;
    bool order_reported = false;
    for (uint32_t i = 0; i < size;) {
      size_t got = 0;
      const size_t want = std::min<size_t>(kValueBatch, size - i);
      const bool whole = lengths.Read(std::span(buffer_).first(want), &got);
      for (size_t k = 0; k < got; ++k, ++i) {
        if (buffer_[k] < 0) return false;  // Reported by the decoder.
        const uint64_t n = static_cast<uint64_t>(buffer_[k]);
        if (n > blob_.size() - sum) {
          if (blob == nullptr) {
            const DecodedRegion* unused = nullptr;
            (void)source_.Require(kDictionaryData, 1, false, &unused);
            return false;
          }
          source_.sink->Report(
              Code::kOrcValueDictionaryLengthSum, lengths.Span(k),
              source_.Field(kLength),
              StrCat("entry ", i, " of ", n, " bytes starts at byte ", sum,
                     " of a DICTIONARY_DATA stream of ", blob_.size()));
          return false;
        }
        sum += n;
        ends_.push_back(sum);
        const std::string_view entry = Entry(i);
        const auto at = [&] {
          return blob == nullptr ? ByteSpan{}
                                 : blob->map().ToFile({sum - n, n});
        };
        text_.Check(entry, at);
        if (i > 0 && !order_reported && !(Entry(i - 1) < entry)) {
          order_reported = true;
          source_.sink->Report(Code::kOrcValueDictionaryOrder, at(),
                               source_.Field(kDictionaryData),
                               StrCat("entry ", i, " is not above entry ",
                                      i - 1, " in unsigned byte order"));
        }
      }
      if (!whole) break;
    }
    if (!lengths.Finish()) return false;
    if (blob != nullptr && sum != blob_.size()) {
      source_.sink->Report(
          Code::kOrcValueDictionaryLengthSum,
          blob->map().ToFile({sum, blob_.size() - sum}),
          source_.Field(kDictionaryData),
          StrCat("the entry lengths add up to ", sum,
                 " bytes; DICTIONARY_DATA holds ", blob_.size()));
    }
    return true;
  }

  const ColumnSource& source_;
  TextChecks text_;
  std::span<const std::byte> blob_;
  std::vector<uint64_t> ends_;  // Entry i is blob_[ends_[i-1], ends_[i]).
  IntStream indexes_;
  std::array<int64_t, kValueBatch> buffer_{};
};

// ---- DECIMAL (E10)
// ------------------------------------------------------------

class DecimalReader final : public ValueReader {
 public:
  explicit DecimalReader(const ColumnSource& source) : source_(source) {
    const Type& type = source.type();
    precision_ = static_cast<int32_t>(type.precision.value);
    scale_ = static_cast<int32_t>(type.scale.value);
    // Hive 0.11 decimals have no precision (Y7): the C++ reader reads them
    // as decimal(38, 6), rescaling every value to scale 6.
    // Their values carry their own scale, so a scale above 6 is not the
    // writer's fault: no truncation warning for them.
    if (precision_ == 0) {
      precision_ = kMaxDecimalScale;
      scale_ = kHive11Scale;
      unbounded_ = true;
    }
    decimal64_ =
        source.context->stripe.decimal64 && precision_ > 0 && precision_ <= 18;
    precision_bound_ = Pow10(std::min(precision_, 38));
  }

  bool Open(uint64_t count) override {
    if (decimal64_) {
      // UNSTABLE-PRE-2.0: the unscaled values as signed RLEv2.
      return OpenInts(source_, kData, count, true, RleVersion::kV2,
                      Signedness::kSigned, &data64_);
    }
    const DecodedRegion* region = nullptr;
    if (!source_.Require(kData, count, true, &region)) return false;
    if (region != nullptr) {
      data_ = RunStream<DecimalDataDecoder, Int128>(
          std::make_unique<DecimalDataDecoder>(region->reader(),
                                               source_.Context(*region, kData)),
          count);
    }
    return OpenInts(source_, kSecondary, count, true, source_.rle_version(),
                    Signedness::kSigned, &scales_);
  }

  size_t Read(std::span<Value> out) override {
    return decimal64_ ? Read64(out) : Read128(out);
  }

  ByteSpan Span(size_t i) const override {
    return decimal64_ ? data64_.Span(i) : data_.Span(i);
  }

  bool Finish() override {
    if (decimal64_) return data64_.Finish();
    const bool data = data_.Finish();
    return scales_.Finish() && data;
  }

 private:
  size_t Read64(std::span<Value> out) {
    size_t got = 0;
    (void)data64_.Read(std::span(scales_buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      out[i].decimal = scales_buffer_[i];
      out[i].scale = scale_;
      CheckPrecision(out[i].decimal, i);
    }
    return got;
  }

  size_t Read128(std::span<Value> out) {
    size_t got_data = 0;
    size_t got_scales = 0;
    (void)data_.Read(std::span(unscaled_).first(out.size()), &got_data);
    (void)scales_.Read(std::span(scales_buffer_).first(out.size()),
                       &got_scales);
    const size_t got = std::min(got_data, got_scales);
    for (size_t i = 0; i < got; ++i) {
      if (!DecimalInRange(unscaled_[i])) {
        (void)CheckDecimalRange(unscaled_[i], data_.Span(i),
                                data_.decoder().context());
        Fault();
        return i;
      }
      const int64_t scale = scales_buffer_[i];
      if (scale < 0 || scale > kMaxDecimalScale) {
        source_.sink->Report(Code::kOrcValueDecimalScale, scales_.Span(i),
                             source_.Field(kSecondary),
                             StrCat("scale ", scale, " is outside [0, 38]"));
        Fault();
        return i;
      }
      out[i].decimal = Rescale(unscaled_[i], static_cast<int32_t>(scale), i);
      out[i].scale = scale_;
      CheckPrecision(out[i].decimal, i);
    }
    return got;
  }

  // The value at the type's scale, as readers read it: more digits are
  // truncated (a warning), fewer are padded with zeros.
  Int128 Rescale(Int128 unscaled, int32_t scale, size_t i) {
    if (scale == scale_) return unscaled;
    if (scale > scale_) {
      if (!truncation_reported_ && !unbounded_) {
        truncation_reported_ = true;
        source_.sink->Report(Code::kOrcValueDecimalScaleTruncates,
                             scales_.Span(i), source_.Field(kSecondary),
                             StrCat("scale ", scale, " is above the type's ",
                                    scale_, ": readers drop the extra digits"));
      }
      // |unscaled| < 10^38, so 38 digits or more leave nothing (and 10^39
      // leaves 128 bits).
      const int64_t down = int64_t{scale} - scale_;
      return down > kMaxDecimalScale ? 0
                                     : unscaled / Pow10(static_cast<int>(down));
    }
    // |unscaled| < 10^38; the type's scale may be any int32 (its own rule
    // reports it), so the factor is capped at 10^38, past which every
    // nonzero value is out of the type's precision anyway.
    const int64_t up = int64_t{scale_} - scale;
    const Int128 bound = Pow10(kMaxDecimalScale);
    const Int128 factor =
        Pow10(static_cast<int>(std::min<int64_t>(up, kMaxDecimalScale)));
    const bool past = up > kMaxDecimalScale && unscaled != 0;
    if (past || unscaled > bound / factor || unscaled < -bound / factor) {
      return unscaled > 0 ? bound : -bound;
    }
    return unscaled * factor;
  }

  void CheckPrecision(Int128 v, size_t i) {
    if (precision_reported_ ||
        (v < precision_bound_ && v > -precision_bound_)) {
      return;
    }
    precision_reported_ = true;
    source_.sink->Report(Code::kOrcValueDecimalPrecision, Span(i),
                         source_.Field(kData),
                         StrCat("a value has more than ", precision_,
                                " digits at scale ", scale_));
  }

  const ColumnSource& source_;
  int32_t precision_ = 0;
  int32_t scale_ = 0;
  bool decimal64_ = false;
  IntStream data64_;
  RunStream<DecimalDataDecoder, Int128> data_;
  IntStream scales_;
  std::array<Int128, kValueBatch> unscaled_{};
  // The scales, or the unscaled values of a decimal64 column.
  std::array<int64_t, kValueBatch> scales_buffer_{};
  Int128 precision_bound_ = 0;  // 10^precision.
  bool truncation_reported_ = false;
  bool unbounded_ = false;  // Hive 0.11: no precision in the type.
  bool precision_reported_ = false;
};

// ---- TIMESTAMP, TIMESTAMP_INSTANT (E11)
// -------------------------------------------

class TimestampReader final : public ValueReader {
 public:
  explicit TimestampReader(const ColumnSource& source) : source_(source) {}

  bool Open(uint64_t count) override {
    return OpenInts(source_, kData, count, true, source_.rle_version(),
                    Signedness::kSigned, &seconds_) &&
           OpenInts(source_, kSecondary, count, true, source_.rle_version(),
                    Signedness::kUnsigned, &nanos_);
  }

  size_t Read(std::span<Value> out) override {
    size_t got_seconds = 0;
    size_t got_nanos = 0;
    (void)seconds_.Read(std::span(seconds_buffer_).first(out.size()),
                        &got_seconds);
    (void)nanos_.Read(std::span(nanos_buffer_).first(out.size()), &got_nanos);
    CheckNanos(std::span(nanos_buffer_).first(got_nanos), nanos_.batch_first(),
               nanos_.decoder(), &nanos_warned_,
               std::span(decoded_nanos_).first(got_nanos));
    const size_t got = std::min(got_seconds, got_nanos);
    for (size_t i = 0; i < got; ++i) {
      // Wraps as the readers' int64 arithmetic does; only seconds within
      // 2^63 of 2015 are meaningful anyway.
      out[i].seconds = static_cast<int64_t>(
          static_cast<uint64_t>(seconds_buffer_[i]) + uint64_t{kTimestampBase});
      out[i].nanos = decoded_nanos_[i];
    }
    return got;
  }

  ByteSpan Span(size_t i) const override { return seconds_.Span(i); }

  bool Finish() override {
    const bool seconds = seconds_.Finish();
    return nanos_.Finish() && seconds;
  }

 private:
  const ColumnSource& source_;
  IntStream seconds_;
  IntStream nanos_;
  std::array<int64_t, kValueBatch> seconds_buffer_{};
  std::array<int64_t, kValueBatch> nanos_buffer_{};
  std::array<int32_t, kValueBatch> decoded_nanos_{};
  bool nanos_warned_ = false;
};

// ---- LIST, MAP
// ------------------------------------------------------------------

class LengthReader final : public ValueReader {
 public:
  explicit LengthReader(const ColumnSource& source) : source_(source) {}

  bool Open(uint64_t count) override {
    return OpenInts(source_, kLength, count, true, source_.rle_version(),
                    Signedness::kUnsigned, &lengths_);
  }
  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)lengths_.Read(std::span(buffer_).first(out.size()), &got);
    for (size_t i = 0; i < got; ++i) {
      // Negative: an unsigned value past 2^63, reported by the decoder.
      if (buffer_[i] < 0) {
        Fault();
        return i;
      }
      out[i].integer = buffer_[i];
    }
    return got;
  }
  ByteSpan Span(size_t i) const override { return lengths_.Span(i); }
  bool Finish() override { return lengths_.Finish(); }

 private:
  const ColumnSource& source_;
  IntStream lengths_;
  std::array<int64_t, kValueBatch> buffer_{};
};

// ---- UNION (E12)
// ------------------------------------------------------------------

class UnionReader final : public ValueReader {
 public:
  explicit UnionReader(const ColumnSource& source)
      : source_(source), children_(source.type().subtypes.value.size()) {}

  bool Open(uint64_t count) override {
    const DecodedRegion* region = nullptr;
    if (!source_.Require(kData, count, true, &region)) return false;
    if (region == nullptr) return true;
    tags_ = ByteStream(std::make_unique<ByteRleDecoder>(
                           region->reader(), source_.Context(*region, kData)),
                       count);
    return true;
  }
  size_t Read(std::span<Value> out) override {
    size_t got = 0;
    (void)tags_.Read(std::span(buffer_).first(out.size()), &got);
    CheckUnionTags(std::span(buffer_).first(got), tags_.batch_first(),
                   children_, tags_.decoder());
    for (size_t i = 0; i < got; ++i) {
      // A tag past the children (reported by CheckUnionTags) names no slot.
      if (buffer_[i] >= children_) {
        Fault();
        return i;
      }
      out[i].integer = buffer_[i];
    }
    return got;
  }
  ByteSpan Span(size_t i) const override { return tags_.Span(i); }
  bool Finish() override { return tags_.Finish(); }

 private:
  const ColumnSource& source_;
  uint64_t children_;
  ByteStream tags_;
  std::array<uint8_t, kValueBatch> buffer_{};
};

}  // namespace

const Type& ColumnSource::type() const {
  return context->footer.types.value[column].value;
}

const ColumnEncoding& ColumnSource::encoding() const {
  return footer->columns.value[column].value;
}

RleVersion ColumnSource::rle_version() const {
  const int64_t kind = encoding().kind.value;
  return kind == kDirectV2 || kind == kDictionaryV2 ? RleVersion::kV2
                                                    : RleVersion::kV1;
}

const DecodedRegion* ColumnSource::Stream(int64_t kind, bool* listed) const {
  *listed = false;
  for (size_t i = 0; i < data->streams.size(); ++i) {
    const StreamRegion& s = data->layout->streams[i];
    if (s.column != column || s.kind != kind) continue;
    *listed = true;
    return data->streams[i].complete() ? &data->streams[i] : nullptr;
  }
  return nullptr;
}

bool ColumnSource::Require(int64_t kind, uint64_t count, bool required,
                           const DecodedRegion** out) const {
  bool listed = false;
  *out = Stream(kind, &listed);
  if (*out != nullptr) return true;
  if (listed) return false;  // Its framing fault is reported.
  if (count == 0) return true;
  // SF7: the stripe stage reports the streams of columns certain to have
  // values; the rest show only now that values need them.
  if (!(certain && required)) {
    sink->Report(
        Code::kOrcStripeMissingStream, missing_span,
        StrCat("stripes[", stripe, "].footer.columns[", column, "]"),
        StrCat(TypeKindName(type().kind.value), " column ", column,
               " has values in ", StreamName(kind), " but no such stream"));
  }
  return false;
}

std::string ColumnSource::Field(int64_t kind) const {
  return StrCat("stripes[", stripe, "].columns[", column, "].",
                StreamName(kind));
}

StreamContext ColumnSource::Context(const DecodedRegion& region,
                                    int64_t kind) const {
  return StreamContext(region, *sink, Field(kind));
}

std::unique_ptr<ValueReader> MakeValueReader(const ColumnSource& source) {
  const int64_t encoding = source.encoding().kind.value;
  switch (source.type().kind.value) {
    case kBoolean:
      return std::make_unique<SmallIntReader<BooleanRleDecoder>>(source);
    case kByte:
      return std::make_unique<SmallIntReader<ByteRleDecoder>>(source);
    case kShort:
    case kInt:
    case kLong:
    case kDate:
      return std::make_unique<IntegerReader>(source);
    case kFloat:
    case kDouble:
      return std::make_unique<FloatReader>(source);
    case kString:
    case kChar:
    case kVarchar:
      if (encoding == kDictionary || encoding == kDictionaryV2) {
        return std::make_unique<DictionaryReader>(source);
      }
      return std::make_unique<DirectBytesReader>(source);
    case kBinary:
    case kGeometry:
    case kGeography:
      return std::make_unique<DirectBytesReader>(source);
    case kDecimal:
      return std::make_unique<DecimalReader>(source);
    case kTimestamp:
    case kTimestampInstant:
      return std::make_unique<TimestampReader>(source);
    case kList:
    case kMap:
      return std::make_unique<LengthReader>(source);
    case kUnion:
      return std::make_unique<UnionReader>(source);
    default:
      return nullptr;  // STRUCT: children only.
  }
}

}  // namespace colcheck::orc
