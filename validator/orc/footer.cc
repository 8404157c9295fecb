// Footer rules: the stripes list against the file, the row count, the
// statistics count, user metadata and the writer fields.

#include "orc/footer.h"

#include <string>
#include <unordered_set>

#include "core/strings.h"
#include "orc/tail.h"

namespace colcheck::orc {
namespace {

std::string StripePath(size_t i) { return StrCat("footer.stripes[", i, "]"); }

template <typename T, typename M>
ByteSpan FieldOr(const Spanned<T>& field, const Spanned<M>& message) {
  return field.present ? field.span : message.span;
}

// F4 and S1 over every stripe; returns whether all lie in order inside
// [3, T0), and sets `*content_end` to where the last stripe ends.
bool CheckStripes(const Footer& footer, const Tail& tail, DiagnosticSink& sink,
                  uint64_t* content_end) {
  const uint64_t t0 = tail.stripe_statistics.offset;
  bool ok = true;
  uint64_t previous_end = kHeaderLength;
  const auto& stripes = footer.stripes.value;
  for (size_t i = 0; i < stripes.size(); ++i) {
    const StripeInformation& s = stripes[i].value;
    const ByteSpan at = FieldOr(s.offset, stripes[i]);
    uint64_t end = 0;
    if (!StripeEnd(s, &end) || s.offset.value < kHeaderLength || end > t0) {
      sink.Report(
          Code::kOrcFooterStripeOutOfBounds, stripes[i].span, StripePath(i),
          StrCat("stripe at ", s.offset.value, " with ", s.index_length.value,
                 "+", s.data_length.value, "+", s.footer_length.value,
                 " bytes is not inside [3, ", t0, ")"));
      ok = false;
      continue;
    }
    if (s.offset.value < previous_end) {
      sink.Report(Code::kOrcFooterStripeOverlap, at, StripePath(i) + ".offset",
                  StrCat("stripe starts at ", s.offset.value,
                         ", before the previous one ends at ", previous_end));
      ok = false;
    }
    if (s.footer_length.value == 0) {
      sink.Report(Code::kOrcFooterStripeFooterLength,
                  FieldOr(s.footer_length, stripes[i]),
                  StripePath(i) + ".footer_length",
                  "stripe has no StripeFooter");
      ok = false;
    }
    if (end > previous_end) previous_end = end;
  }
  *content_end = previous_end;
  return ok;
}

// S1: an empty stripe is harmless after the last stripe with rows, but
// ORC C++ reads one before it as the end of the file.
void CheckEmptyStripes(const Footer& footer, DiagnosticSink& sink) {
  const auto& stripes = footer.stripes.value;
  size_t with_rows_end = 0;  // one past the last stripe with rows
  for (size_t i = 0; i < stripes.size(); ++i) {
    if (stripes[i].value.number_of_rows.value != 0) with_rows_end = i + 1;
  }
  for (size_t i = 0; i < stripes.size(); ++i) {
    const Spanned<uint64_t>& rows = stripes[i].value.number_of_rows;
    if (rows.value != 0) continue;
    const bool before_rows = i < with_rows_end;
    sink.Report(before_rows ? Code::kOrcFooterEmptyStripeBeforeRows
                            : Code::kOrcFooterStripeNoRows,
                FieldOr(rows, stripes[i]), StripePath(i) + ".number_of_rows",
                before_rows ? "stripe holds no rows, but a later stripe does"
                            : "stripe holds no rows");
  }
}

// F3: content_length against the end of the stripes (no reader uses it).
void CheckContentLength(const Footer& footer, uint64_t content_end,
                        DiagnosticSink& sink) {
  const Spanned<uint64_t>& cl = footer.content_length;
  if (!cl.present || cl.value == content_end) return;
  const bool cpp = content_end >= kHeaderLength &&
                   cl.value == content_end - kHeaderLength;
  sink.Report(
      cpp ? Code::kOrcFooterContentLengthCpp : Code::kOrcFooterContentLength,
      cl.span, "footer.content_length",
      StrCat("content_length is ", cl.value, " but the stripes end at ",
             content_end));
}

// F5: number_of_rows is the sum over the stripes.
void CheckRowCount(const Footer& footer, const Tail& tail,
                   DiagnosticSink& sink) {
  uint64_t sum = 0;
  bool overflow = false;
  for (const auto& stripe : footer.stripes.value) {
    const uint64_t rows = stripe.value.number_of_rows.value;
    overflow |= rows > UINT64_MAX - sum;
    sum += rows;
  }
  const Spanned<uint64_t>& n = footer.number_of_rows;
  if (!n.present) {
    sink.Report(Code::kOrcFooterRowCountAbsent, tail.footer,
                "footer.number_of_rows", "the Footer has no number_of_rows");
  } else if (overflow || n.value != sum) {
    sink.Report(Code::kOrcFooterRowCount, n.span, "footer.number_of_rows",
                StrCat("number_of_rows is ", n.value, " but the stripes hold ",
                       (overflow ? std::string("more than 2^64")
                                 : std::to_string(sum))));
  }
}

// F6, F7: types exist, and statistics are one per type or none.
void CheckCounts(const Footer& footer, const Tail& tail,
                 DiagnosticSink& sink) {
  const size_t types = footer.types.value.size();
  if (types == 0) {
    sink.Report(Code::kOrcFooterNoTypes, tail.footer, "footer.types",
                "the Footer has no types");
  }
  const size_t stats = footer.statistics.value.size();
  if (stats == 0) {
    sink.Report(Code::kOrcFooterStatisticsAbsent, tail.footer,
                "footer.statistics", "the Footer has no column statistics");
  } else if (stats != types) {
    sink.Report(Code::kOrcFooterStatisticsCount, footer.statistics.span,
                "footer.statistics",
                StrCat(stats, " column statistics for ", types, " types"));
  }
}

// F2, F9, F10, F11, T10: single fields and user metadata.
void CheckFields(const Footer& footer, const Tail& tail,
                 DiagnosticSink& sink) {
  const Spanned<uint64_t>& hl = footer.header_length;
  if (!hl.present) {
    sink.Report(Code::kOrcFooterHeaderLengthAbsent, tail.footer,
                "footer.header_length", "the Footer has no header_length");
  } else if (hl.value != kHeaderLength) {
    sink.Report(Code::kOrcFooterHeaderLength, hl.span, "footer.header_length",
                StrCat("header_length is ", hl.value, ", not 3"));
  }
  const Spanned<uint32_t>& writer = footer.writer;
  if (writer.present && writer.value > 5) {
    sink.Report(Code::kOrcFooterUnknownWriter, writer.span, "footer.writer",
                StrCat("writer ", writer.value, " is not registered"));
  }
  const Spanned<uint32_t>& wv = tail.postscript.writer_version;
  if (writer.present && writer.value != 0 && wv.value < 6) {
    sink.Report(Code::kOrcTailWriterVersion,
                wv.present ? wv.span : tail.postscript_bytes,
                "postscript.writer_version",
                StrCat("writer ", writer.value,
                       " is not ORC Java but writer_version is ", wv.value,
                       "; non-Java writers use 6 or more"));
  }
  const Spanned<int64_t>& calendar = footer.calendar;
  if (calendar.present && (calendar.value < 1 || calendar.value > 2)) {
    sink.Report(Code::kOrcFooterCalendar, calendar.span, "footer.calendar",
                StrCat("calendar ", calendar.value,
                       " is neither JULIAN_GREGORIAN nor PROLEPTIC_GREGORIAN"));
  }
  std::unordered_set<std::string_view> names;
  const auto& items = footer.metadata.value;
  for (size_t i = 0; i < items.size(); ++i) {
    if (names.insert(items[i].value.name.value).second) continue;
    sink.Report(Code::kOrcFooterDuplicateMetadata, items[i].span,
                StrCat("footer.metadata[", i, "].name"),
                "user metadata '" + std::string(items[i].value.name.value) +
                    "' repeats an earlier name");
  }
}

}  // namespace

bool StripeEnd(const StripeInformation& s, uint64_t* end) {
  uint64_t e = s.offset.value;
  for (uint64_t part :
       {s.index_length.value, s.data_length.value, s.footer_length.value}) {
    if (part > UINT64_MAX - e) return false;
    e += part;
  }
  *end = e;
  return true;
}

bool CheckFooter(const Footer& footer, const Tail& tail,
                 DiagnosticSink& sink) {
  CheckFields(footer, tail, sink);
  CheckCounts(footer, tail, sink);
  CheckRowCount(footer, tail, sink);
  uint64_t content_end = kHeaderLength;
  const bool stripes_ok = CheckStripes(footer, tail, sink, &content_end);
  CheckEmptyStripes(footer, sink);
  CheckContentLength(footer, content_end, sink);
  const uint64_t t0 = tail.stripe_statistics.offset;
  if (stripes_ok && content_end < t0) {
    sink.Report(
        Code::kOrcFooterUnaccountedBytes, {content_end, t0 - content_end}, "",
        StrCat(t0 - content_end,
               " bytes between the last stripe and the file tail belong "
               "to nothing"));
  }
  return stripes_ok;
}

void CheckMetadataCounts(const Metadata& metadata, const Footer& footer,
                         const Tail& tail, DiagnosticSink& sink) {
  const auto& stripe_stats = metadata.stripe_stats.value;
  const size_t stripes = footer.stripes.value.size();
  if (stripe_stats.size() != stripes) {
    sink.Report(
        Code::kOrcFooterMetadataCount,
        stripe_stats.empty() ? tail.metadata : metadata.stripe_stats.span,
        "metadata.stripe_stats",
        StrCat(stripe_stats.size(), " stripe statistics for ", stripes,
               " stripes"));
  }
  const size_t types = footer.types.value.size();
  for (size_t i = 0; i < stripe_stats.size(); ++i) {
    const auto& cols = stripe_stats[i].value.col_stats;
    if (cols.value.size() == types) continue;
    sink.Report(
        Code::kOrcFooterMetadataCount, stripe_stats[i].span,
        StrCat("metadata.stripe_stats[", i, "].col_stats"),
        StrCat(cols.value.size(), " column statistics for ", types, " types"));
  }
}

}  // namespace colcheck::orc
