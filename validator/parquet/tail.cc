#include "parquet/tail.h"

#include <string_view>

#include "core/limits.h"
#include "core/strings.h"

namespace colcheck::parquet {
namespace {

constexpr std::string_view kPar1 = "PAR1";
constexpr std::string_view kPare = "PARE";

std::string_view MagicAt(const ByteReader& file, uint64_t offset) {
  return AsChars(file.Bytes({offset, kMagicSize}));
}

bool IsMagic(std::string_view m) { return m == kPar1 || m == kPare; }

}  // namespace

bool HasParquetMagic(std::span<const std::byte> head,
                     std::span<const std::byte> tail) {
  return (head.size() >= kMagicSize &&
          IsMagic(AsChars(head.first(kMagicSize)))) ||
         (tail.size() >= kMagicSize && IsMagic(AsChars(tail.last(kMagicSize))));
}

bool ReadTail(const ByteReader& file, DiagnosticSink& sink, Tail* out) {
  const uint64_t size = file.size();
  if (size < 3 * kMagicSize) {
    sink.Report(Code::kFileTooSmall, {0, size}, "",
                StrCat("the file has ", size,
                       " bytes; a Parquet file needs at least 12"));
    return false;
  }
  const ByteSpan lead_span{0, kMagicSize};
  const ByteSpan trail_span{size - kMagicSize, kMagicSize};
  const std::string_view lead = MagicAt(file, 0);
  const std::string_view trail = MagicAt(file, trail_span.offset);
  if (!IsMagic(lead) && !IsMagic(trail)) {
    sink.Report(Code::kFileUnrecognized, lead_span, "",
                "no PAR1 or PARE magic at either end of the file");
    return false;
  }
  if (!IsMagic(trail)) {
    // Without the trailing magic the footer length cannot be trusted:
    // the file is most likely truncated.
    sink.Report(Code::kFileBadTrailingMagic, trail_span, "",
                "the file does not end with PAR1 or PARE; it may be "
                "truncated");
    return false;
  }
  if (!IsMagic(lead)) {
    sink.Report(Code::kFileBadLeadingMagic, lead_span, "",
                "the file does not start with PAR1 or PARE");
  } else {
    out->magic_mismatch = lead != trail;
  }
  out->encrypted_footer = trail == kPare;

  const ByteSpan length_span{size - 2 * kMagicSize, 4};
  ByteReader length_reader;
  uint32_t length = 0;
  if (!file.Sub(length_span.offset, 4, &length_reader) ||
      !length_reader.ReadU32LE(&length)) {
    return false;  // Unreachable: size >= 12 was checked.
  }
  // The footer must fit between the leading magic and the length field.
  const uint64_t room = size - 3 * kMagicSize;
  if (length == 0 || length > room) {
    sink.Report(Code::kFileFooterLengthOutOfBounds, length_span,
                "footer_length",
                StrCat("footer length ", length, " is outside [1, ", room,
                       "], the bytes between the magics"));
    return false;
  }
  if (length > limits::kMaxFooterBytes) {
    sink.Report(Code::kLimitsFooterSize, length_span, "footer_length",
                StrCat("footer length ", length, " exceeds the limit of ",
                       limits::kMaxFooterBytes, " bytes"));
    return false;
  }
  out->footer = {length_span.offset - length, length};
  return true;
}

}  // namespace colcheck::parquet
