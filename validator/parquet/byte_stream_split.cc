// Byte Stream Split (BYTE_STREAM_SPLIT = 9).
// https://github.com/apache/parquet-format/blob/master/Encodings.md#BYTESTREAMSPLIT
//
//   values := <stream 0: byte 0 of every value> ... <stream K-1>
//
// K is the type's width (FLOAT 4, DOUBLE 8, INT32 4, INT64 8, FLBA n) and N
// the number of values; the section is exactly K * N bytes, since nothing
// else marks where it ends. Values are rejoined into their PLAIN bytes.

#include <algorithm>
#include <memory>
#include <vector>

#include "core/strings.h"
#include "parquet/decoding.h"

namespace colcheck::parquet::decoding {
namespace {

// Rejoins `count` values starting at value `first` of `n` from the streams
// in `data` into `out`, stride K.
template <size_t K>
void Gather(std::span<const std::byte> data, uint64_t n, uint64_t first,
            size_t count, std::span<std::byte> out) {
  for (size_t j = 0; j < K; ++j) {
    const auto stream = data.subspan(j * n + first, count);
    for (size_t i = 0; i < count; ++i) out[i * K + j] = stream[i];
  }
}

void GatherAny(size_t k, std::span<const std::byte> data, uint64_t n,
               uint64_t first, size_t count, std::span<std::byte> out) {
  for (size_t j = 0; j < k; ++j) {
    const auto stream = data.subspan(j * n + first, count);
    for (size_t i = 0; i < count; ++i) out[i * k + j] = stream[i];
  }
}

class ByteStreamSplitDecoder final : public DecoderBase {
 public:
  ByteStreamSplitDecoder(uint32_t width, uint64_t num_values,
                         ByteReader section, PageScope& scope)
      : DecoderBase(section, num_values, scope), width_(width) {
    const uint64_t size = section_.size();
    uint64_t need = 0;
    const bool overflow = __builtin_mul_overflow(num_values_, width_, &need);
    if (overflow || need != size) {
      Fail(Code::kEncodingByteStreamSplitSize, {section_.begin_offset(), size},
           "values",
           StrCat(num_values_, " values of ", width_, " bytes take ",
                  overflow ? std::string("more than 2^64") : StrCat(need),
                  " bytes; the section has ", size));
    }
  }

  bool Next(size_t max, ValueBatch* batch) override {
    *batch = ValueBatch{};
    if (Done(max)) return false;
    size_t take = Wanted(max);
    if (width_ > 0)
      take = std::min<size_t>(take, std::max<size_t>(1, kBatchBytes / width_));
    values_.resize(take * width_);
    const std::span<const std::byte> data = section_.data();
    switch (width_) {
      case 4:
        Gather<4>(data, num_values_, decoded_, take, values_);
        break;
      case 8:
        Gather<8>(data, num_values_, decoded_, take, values_);
        break;
      default:
        GatherAny(width_, data, num_values_, decoded_, take, values_);
    }
    batch->count = take;
    batch->first = decoded_;
    batch->fixed = values_;
    decoded_ += take;
    return true;
  }

 private:
  static constexpr size_t kBatchBytes = size_t{1} << 20;

  // The size was checked whole up front: nothing can be left over.
  void CheckEnd() override {}

  const uint32_t width_;
  std::vector<std::byte> values_;
};

}  // namespace

std::unique_ptr<ValueDecoder> MakeByteStreamSplitDecoder(ColumnType type,
                                                         uint64_t num_values,
                                                         ByteReader section,
                                                         PageScope& scope) {
  return std::make_unique<ByteStreamSplitDecoder>(type.width(), num_values,
                                                  section, scope);
}

}  // namespace colcheck::parquet::decoding
