// Statistics, row indexes, bloom filters and encryption (indexes.h): the
// stages that run the rules of statistics.h, row_index.h, bloom_filter.h
// and encryption.h over the file and each stripe.

#include "orc/indexes.h"

#include <string>
#include <vector>

#include "core/strings.h"
#include "orc/bloom_filter.h"
#include "orc/encryption.h"
#include "orc/row_index.h"
#include "orc/statistics.h"
#include "orc/value_checker.h"

namespace colcheck::orc {
namespace {

std::string FooterStatsPath(size_t c) {
  return StrCat("footer.statistics[", c, "]");
}

std::string StripeStatsPath(size_t s, size_t c) {
  return StrCat("metadata.stripe_stats[", s, "].col_stats[", c, "]");
}

// ST3: the root counts every row (old Java writers left it 0).
void CheckRootCount(const Spanned<ColumnStatistics>& root, uint64_t rows,
                    const std::string& path, bool* zero_reported,
                    DiagnosticSink& sink) {
  const Spanned<uint64_t>& n = root.value.number_of_values;
  const ByteSpan at = n.present ? n.span : root.span;
  if (n.value > rows) {
    sink.Report(Code::kOrcStatsCountAboveRows, at, path + ".number_of_values",
                StrCat("the root has ", n.value, " values in ", rows, " rows"));
  } else if (n.value == 0 && rows > 0 && !*zero_reported) {
    *zero_reported = true;  // Once per file: the writer's habit.
    sink.Report(Code::kOrcStatsRootCountZero, at, path + ".number_of_values",
                StrCat("the root's number_of_values is 0 in ", rows,
                       " rows (old Java writers did not count the root)"));
  }
}

class FileStatistics {
 public:
  FileStatistics(const IndexContext& context, DiagnosticSink& sink)
      : context_(context), sink_(sink) {}

  void Run() {
    const Footer& footer = context_.footer;
    const size_t types = footer.types.value.size();
    const auto& file = footer.statistics.value;
    if (file.size() == types) {
      for (size_t c = 0; c < types; ++c) {
        Check(c, file[c], FooterStatsPath(c));
      }
      if (types > 0) {
        // Without number_of_rows (orc-footer.row-count-absent) the
        // stripes say how many rows there are.
        uint64_t rows = footer.number_of_rows.value;
        if (!footer.number_of_rows.present) {
          rows = 0;
          for (const auto& stripe : footer.stripes.value) {
            const uint64_t n = stripe.value.number_of_rows.value;
            rows = n > UINT64_MAX - rows ? UINT64_MAX : rows + n;
          }
        }
        CheckRootCount(file[0], rows, FooterStatsPath(0), &zero_reported_,
                       sink_);
      }
    }
    const bool stripes_ok = StripeStatistics();
    if (stripes_ok && file.size() == types) Aggregates();
  }

 private:
  StatsColumn Column(size_t c) const {
    const int64_t kind = context_.footer.types.value[c].value.kind.value;
    return {kind, UntrustedStatistics(
                      kind, context_.tail.postscript.writer_version.value)};
  }

  void Check(size_t c, const Spanned<ColumnStatistics>& stats,
             const std::string& path) {
    const uint32_t version = context_.tail.postscript.writer_version.value;
    const bool java = context_.footer.writer.value == 0;
    CheckColumnStatistics(Column(c), stats, java && version >= 8, path, sink_);
    if (!stats.value.has_null.present && !has_null_reported_) {
      sink_.Report(Code::kOrcStatsHasNullAbsent, stats.span, path + ".has_null",
                   "statistics without has_null (before Hive 1.1); readers "
                   "assume nulls may be present");
      has_null_reported_ = true;
    }
  }

  // Returns whether the Metadata has one full set per stripe.
  bool StripeStatistics() {
    if (context_.metadata == nullptr) return false;
    const size_t types = context_.footer.types.value.size();
    const auto& stripes = context_.footer.stripes.value;
    const auto& stats = context_.metadata->stripe_stats.value;
    bool ok = stats.size() == stripes.size();
    for (size_t s = 0; s < stats.size(); ++s) {
      const auto& cols = stats[s].value.col_stats.value;
      if (cols.size() != types) {
        ok = false;
        continue;
      }
      for (size_t c = 0; c < types; ++c) {
        Check(c, cols[c], StripeStatsPath(s, c));
      }
      if (s < stripes.size() && types > 0) {
        CheckRootCount(cols[0], stripes[s].value.number_of_rows.value,
                       StripeStatsPath(s, 0), &zero_reported_, sink_);
      }
    }
    return ok;
  }

  // ST4: the file's statistics are the stripes' aggregated.
  void Aggregates() {
    const auto& stats = context_.metadata->stripe_stats.value;
    const auto& file = context_.footer.statistics.value;
    std::vector<const ColumnStatistics*> parts(stats.size());
    for (size_t c = 0; c < file.size(); ++c) {
      for (size_t s = 0; s < stats.size(); ++s) {
        parts[s] = &stats[s].value.col_stats.value[c].value;
      }
      CheckAggregate(Column(c), parts, file[c], Code::kOrcStatsAggregate,
                     FooterStatsPath(c), "stripes", sink_);
    }
  }

  const IndexContext& context_;
  DiagnosticSink& sink_;
  bool has_null_reported_ = false;
  bool zero_reported_ = false;
};

}  // namespace

void CheckFileStatistics(const IndexContext& context, DiagnosticSink& sink) {
  FileStatistics(context, sink).Run();
  CheckFileEncryption(context.tail, context.footer, sink);
}

void CheckStripeIndexes(const IndexContext& context, size_t index,
                        const StripeInformation& stripe,
                        const StripeFooter& footer, const StripeData& data,
                        DiagnosticSink& sink) {
  CheckStripeEncryption(context.footer, index, footer, sink);
  const StripeIndexes indexes =
      DecodeStripeIndexes(context, index, data, &sink);
  CheckRowIndexes(context, index, stripe, footer, data, indexes, sink);
  CheckBloomFilters(context, index, data, indexes, sink);
}

std::unique_ptr<ColumnObserver> MakeValueChecker(const IndexContext& context,
                                                 DiagnosticSink& sink) {
  return std::make_unique<ValueChecker>(context, sink);
}

}  // namespace colcheck::orc
