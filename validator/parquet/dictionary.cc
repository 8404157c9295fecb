// Dictionary Encoding (PLAIN_DICTIONARY = 2 and RLE_DICTIONARY = 8): the
// indices of a data page.
// https://github.com/apache/parquet-format/blob/master/Encodings.md#DICTIONARY
//
//   values := <bit width: 1 byte, at most 32> <RLE/bit-packed hybrid data,
//             no length prefix>
//
// Bit width 0 can only index entry 0 (ARROW-GH-43605), but a run header must
// still follow: parquet-java and Arrow read the run length from the stream,
// not from num_values (hardwood#901), so a section that is only the width
// byte is truncated.

#include <algorithm>
#include <memory>
#include <optional>
#include <vector>

#include "core/strings.h"
#include "parquet/decoding.h"
#include "parquet/rle.h"

namespace colcheck::parquet::decoding {
namespace {

class DictionaryIndexDecoder final : public DecoderBase {
 public:
  DictionaryIndexDecoder(uint64_t num_values, uint64_t dictionary_size,
                         ByteReader section, PageScope& scope)
      : DecoderBase(section, num_values, scope),
        dictionary_size_(dictionary_size) {
    // Arrow accepts an empty section when the page holds no value.
    if (section_.empty() && num_values_ == 0) return;
    const uint64_t start = section_.position();
    uint8_t width;
    if (!section_.ReadU8(&width)) {
      Fail(Code::kEncodingTruncated, {start, 0}, "values",
           StrCat("the section is empty; it must start with the index bit "
                  "width, then hold ",
                  num_values_, " indices"));
      return;
    }
    if (width > 32) {
      Fail(Code::kEncodingDictionaryBitWidth, {start, 1}, "values",
           StrCat("dictionary index bit width ", width,
                  " is above the maximum of 32"));
      return;
    }
    if (width == 0 && dictionary_size_ > 1) {
      scope_.Report(Code::kEncodingDictionaryZeroBitWidth, {start, 1}, "values",
                    StrCat("index bit width 0: every value of the page is "
                           "entry 0 of a dictionary of ",
                           dictionary_size_, " entries"));
    }
    ByteReader data;
    if (!section_.Sub(section_.position(), section_.remaining(), &data)) {
      return;  // Cannot fail.
    }
    rle_.emplace(data, width, scope_, "values");
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    const size_t want = Wanted(max);
    indices_.resize(want);
    const size_t got = rle_->Next(indices_, kMinRepeatedBatch);
    if (got < want && rle_->RunLeft() == 0) {
      if (rle_->failed()) {
        failed_ = true;
      } else {
        Fail(Code::kEncodingTruncated, {rle_->consumed().end(), 0},
             ValueField(decoded_ + got),
             StrCat("the index data ends after ", decoded_ + got, " of ",
                    num_values_, " values"));
      }
    }
    if (got == 0) return false;
    const auto indices = std::span<const uint32_t>(indices_).first(got);
    if (*std::max_element(indices.begin(), indices.end()) >= dictionary_size_) {
      CheckIndices(indices);
    }
    batch->count = got;
    batch->first = decoded_;
    batch->indices = indices;
    decoded_ += got;
    return true;
  }

  bool NextRun(uint64_t max, ValueBatch* batch) override {
    if (Done(1)) return false;
    const std::optional<uint32_t> index = TakeRepeatedRun(*rle_, max, batch);
    if (!index) return false;
    if (*index >= dictionary_size_) {
      // The run taken is still the current one.
      if (bad_ == 0) ReportBad(rle_->RunSpan(), *index, batch->first);
      bad_ += batch->count;
    }
    run_index_ = *index;
    batch->indices = {&run_index_, 1};
    return true;
  }

 private:
  // The first index out of range is reported where its bits are; the rest
  // are counted and summarised by Summarize().
  void CheckIndices(std::span<const uint32_t> indices) {
    for (size_t i = 0; i < indices.size(); ++i) {
      if (indices[i] < dictionary_size_) continue;
      if (bad_ == 0) ReportBad(rle_->ValueSpan(i), indices[i], decoded_ + i);
      ++bad_;
    }
  }

  void ReportBad(ByteSpan span, uint32_t index, uint64_t value) {
    scope_.Report(Code::kEncodingDictionaryIndex, span, ValueField(value),
                  StrCat("dictionary index ", index,
                         " is not below the dictionary size ",
                         dictionary_size_));
    first_bad_ = value;
  }

  void CheckEnd() override {
    ReportTrailing(rle_ ? rle_->rest().offset : section_.position());
  }

  void Summarize() override {
    if (bad_ <= 1) return;
    scope_.Report(
        Code::kEncodingDictionaryIndex,
        {section_.begin_offset(), section_.size()}, "values",
        StrCat(bad_ - 1, " more indices after values[", first_bad_,
               "] are not below the dictionary size ", dictionary_size_));
  }

  const uint64_t dictionary_size_;
  std::optional<RleDecoder> rle_;
  std::vector<uint32_t> indices_;
  uint32_t run_index_ = 0;  // The index of the last repeated batch.
  uint64_t bad_ = 0;
  uint64_t first_bad_ = 0;
};

}  // namespace

std::unique_ptr<ValueDecoder> MakeDictionaryIndexDecoder(
    uint64_t num_values, uint64_t dictionary_size, ByteReader section,
    PageScope& scope) {
  return std::make_unique<DictionaryIndexDecoder>(num_values, dictionary_size,
                                                  section, scope);
}

}  // namespace colcheck::parquet::decoding
