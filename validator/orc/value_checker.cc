// Values against statistics and bloom filters (value_checker.h).

#include "orc/value_checker.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <type_traits>

#include "core/limits.h"
#include "core/strings.h"
#include "orc/bloom_filter.h"
#include "orc/statistics.h"

namespace colcheck::orc {
namespace {

// The C++ writer versions whose filters are wrong (ORC-1024; C++
// Reader.cc skips them).
bool BadCppBloomVersion(std::string_view v) {
  if (v == "1.7.0") return true;
  if (v.substr(0, 4) != "1.6.") return false;
  const std::string_view patch = v.substr(4);
  if (patch.empty() || patch.size() > 2) return false;
  int n = 0;
  for (char ch : patch) {
    if (ch < '0' || ch > '9') return false;
    n = n * 10 + (ch - '0');
  }
  return n <= 11;
}

bool IsStringKind(int64_t kind) {
  return kind == kString || kind == kChar || kind == kVarchar;
}

bool IsIntKind(int64_t kind) {
  return kind == kByte || kind == kShort || kind == kInt || kind == kLong;
}

std::string Quote(std::string_view s) {
  const size_t n = s.size() < 40 ? s.size() : 40;
  return "'" + std::string(s.substr(0, n)) + (n < s.size() ? "...'" : "'");
}

// Whether `value` of a `kind` column lies inside `stats`' bounds; when
// not, `*what` describes the violated bound. Strings for the message are
// built only on a violation: this runs for every value.
template <typename T, typename Less, typename Show>
bool Within(const T& v, const Spanned<T>& min, const Spanned<T>& max,
            Less less, Show show, std::string* what) {
  if (min.present && less(v, min.value)) {
    *what = show(v) + " is below the minimum " + show(min.value);
    return false;
  }
  if (max.present && less(max.value, v)) {
    *what = show(v) + " is above the maximum " + show(max.value);
    return false;
  }
  return true;
}

bool InRange(int64_t kind, const Value& value, const ColumnStatistics& stats,
             std::string* what) {
  const auto less = [](const auto& a, const auto& b) { return a < b; };
  const auto num = [](const auto& v) { return std::to_string(v); };
  if (IsIntKind(kind) && stats.int_statistics.present) {
    const auto& s = stats.int_statistics.value;
    return Within(value.integer, s.minimum, s.maximum, less, num, what);
  }
  if (kind == kDate && stats.date_statistics.present) {
    const auto& s = stats.date_statistics.value;
    const Spanned<int64_t> lo{s.minimum.value, {}, {}, s.minimum.present};
    const Spanned<int64_t> hi{s.maximum.value, {}, {}, s.maximum.present};
    return Within(value.integer, lo, hi, less, num, what);
  }
  if ((kind == kFloat || kind == kDouble) && stats.double_statistics.present &&
      !std::isnan(value.real)) {
    // A NaN bound orders with nothing: `less` is false against it.
    const auto& s = stats.double_statistics.value;
    return Within(value.real, s.minimum, s.maximum, less, num, what);
  }
  if (IsStringKind(kind) && stats.string_statistics.present) {
    const auto& s = stats.string_statistics.value;
    const auto& lo = s.minimum.present ? s.minimum : s.lower_bound;
    const auto& hi = s.maximum.present ? s.maximum : s.upper_bound;
    return Within(value.bytes, lo, hi, less, Quote, what);
  }
  if (kind == kDecimal && stats.decimal_statistics.present) {
    const auto& s = stats.decimal_statistics.value;
    const std::string v = DecimalString(value.decimal, value.scale);
    const auto dless = [](std::string_view a, std::string_view b) {
      const auto c = CompareDecimalStrings(a, b);
      return c && *c < 0;
    };
    const auto show = [](std::string_view x) { return std::string(x); };
    return Within(std::string_view(v), s.minimum, s.maximum, dless, show,
                  what);
  }
  if ((kind == kList || kind == kMap) && stats.collection_statistics.present) {
    const auto& s = stats.collection_statistics.value;
    return Within(static_cast<uint64_t>(value.integer), s.min_children,
                  s.max_children, less, num, what);
  }
  return true;
}

// The hash a writer put in the filter for `value`, or false for kinds not
// checked (timestamps, decimals, structs).
bool BloomHash(int64_t kind, const Value& value, uint64_t* hash) {
  switch (kind) {
    case kBoolean: case kByte: case kShort: case kInt: case kLong:
    case kDate: case kList: case kMap: case kUnion:
      *hash = BloomLongHash(value.integer);
      return true;
    case kFloat: case kDouble:
      *hash = BloomDoubleHash(value.real);
      return true;
    case kString: case kChar: case kVarchar: case kBinary:
      *hash = BloomBytesHash({reinterpret_cast<const std::byte*>(
                                  value.bytes.data()),
                              value.bytes.size()});
      return true;
    default:
      return false;
  }
}

// STRING, CHAR, VARCHAR, BINARY and the geospatial kinds: Value::bytes.
bool HoldsBytes(int64_t kind) {
  return IsStringKind(kind) || kind == kBinary || kind == kGeometry ||
         kind == kGeography;
}

// What a batch adds to its scopes' tallies, and its least and greatest
// values in the order InRange compares them (NaN left out; `empty` when no
// value is compared), found in one pass over the values.
struct Summary {
  __int128 sum = 0;    // Integers, lengths and true count.
  uint64_t bytes = 0;  // String and binary bytes.
  Value lo;
  Value hi;
  bool empty = true;
};

bool SameBytes(std::string_view a, std::string_view b) {
  return a.data() == b.data() && a.size() == b.size();
}

// Summarizes `values` through the member `get` reads: summed when `kSum`,
// bounded when `kBound`.
// `a < b`. Strings are told apart by their first bytes before memcmp, in
// the same (unsigned byte) order.
template <typename T>
bool Less(const T& a, const T& b) {
  if constexpr (std::is_same_v<T, std::string_view>) {
    if (!a.empty() && !b.empty() && a[0] != b[0]) {
      return static_cast<uint8_t>(a[0]) < static_cast<uint8_t>(b[0]);
    }
  }
  return a < b;
}

template <bool kSum, bool kBound, typename Get>
void Summarize(std::span<const Value> values, Get get, Summary* s) {
  using T = std::remove_cvref_t<decltype(get(values[0]))>;
  // Bounds are kept as values and indexes, not pointers into the batch, so
  // the comparisons stay in registers.
  constexpr size_t kNone = ~size_t{0};
  size_t lo = kNone;
  size_t hi = kNone;
  T lo_x{};
  T hi_x{};
  __int128 sum = 0;
  uint64_t bytes = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    const T x = get(values[i]);
    if constexpr (kSum && std::is_same_v<T, std::string_view>) {
      bytes += x.size();
    } else if constexpr (kSum) {
      sum += x;
    }
    if constexpr (!kBound) continue;
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(x)) continue;
    }
    if (lo == kNone) {
      lo = hi = i;
      lo_x = hi_x = x;
      continue;
    }
    if constexpr (std::is_same_v<T, std::string_view>) {
      // Dictionary values repeat the same entries: the same bytes are
      // neither below nor above themselves, and need no comparison.
      if (SameBytes(x, lo_x) || SameBytes(x, hi_x)) continue;
    }
    if (Less(x, lo_x)) {
      lo_x = x;
      lo = i;
    } else if (Less(hi_x, x)) {
      hi_x = x;
      hi = i;
    }
  }
  s->sum += sum;
  s->bytes += bytes;
  if (lo != kNone) {
    s->lo = values[lo];
    s->hi = values[hi];
    s->empty = false;
  }
}

Summary Summarize(int64_t kind, std::span<const Value> values) {
  Summary s;
  const auto integer = [](const Value& v) { return v.integer; };
  const auto bytes = [](const Value& v) { return v.bytes; };
  if (values.empty()) return s;
  if (IsIntKind(kind) || kind == kList || kind == kMap) {
    Summarize<true, true>(values, integer, &s);
  } else if (kind == kBoolean) {
    Summarize<true, false>(values, integer, &s);
  } else if (kind == kDate) {
    Summarize<false, true>(values, integer, &s);
  } else if (kind == kFloat || kind == kDouble) {
    Summarize<false, true>(values, [](const Value& v) { return v.real; }, &s);
  } else if (IsStringKind(kind)) {
    Summarize<true, true>(values, bytes, &s);
  } else if (HoldsBytes(kind)) {
    Summarize<true, false>(values, bytes, &s);
  } else if (kind == kDecimal) {
    Summarize<false, true>(values, [](const Value& v) { return v.decimal; },
                           &s);
  }
  return s;
}

// Whether every value between `bounds` lies inside `stats`. InRange is
// monotonic in the value for every kind it checks (decimal strings compare
// as numbers, and a batch's decimals share the type's scale).
bool HoldsBounds(int64_t kind, const Summary& bounds,
                 const ColumnStatistics& stats) {
  std::string unused;
  return InRange(kind, bounds.lo, stats, &unused) &&
         InRange(kind, bounds.hi, stats, &unused);
}

std::string Show128(__int128 v) {
  return DecimalString(v, 0);
}

}  // namespace

ValueChecker::ValueChecker(const IndexContext& context, DiagnosticSink& sink)
    : context_(context), sink_(sink) {
  const auto& types = context.footer.types.value;
  columns_.resize(types.size());
  for (size_t c = 0; c < types.size(); ++c) {
    columns_[c].kind = types[c].value.kind.value;
    columns_[c].untrusted = UntrustedStatistics(
        columns_[c].kind, context.tail.postscript.writer_version.value);
  }
}

bool ValueChecker::KnownBadCppWriter() const {
  const Footer& f = context_.footer;
  if (f.writer.value != 1) return false;
  return !f.software_version.present ||
         BadCppBloomVersion(f.software_version.value);
}

void ValueChecker::BeginStripe(size_t stripe, const StripeData& data) {
  stripe_ = stripe;
  data_ = &data;
  indexes_ = DecodeStripeIndexes(context_, stripe, data, nullptr);
  const auto& stripes = context_.footer.stripes.value;
  const uint64_t rows =
      stripe < stripes.size() ? stripes[stripe].value.number_of_rows.value : 0;
  const uint64_t groups =
      RowGroupCount(rows, context_.footer.row_index_stride.value);
  const uint32_t version = context_.tail.postscript.writer_version.value;
  for (size_t c = 0; c < columns_.size(); ++c) {
    Column& column = columns_[c];
    column.stripe = Tally();
    column.groups.clear();
    column.row_index = nullptr;
    column.bloom = nullptr;
    if (c >= indexes_.columns.size()) continue;
    const ColumnIndexes& ci = indexes_.columns[c];
    if (ci.encrypted) continue;
    if (ci.row_index != nullptr && ci.row_index->entry.value.size() == groups) {
      column.row_index = ci.row_index;
      column.groups.assign(groups, Tally());
    }
    const int pick = ci.bloom[1] != nullptr ? 1 : 0;
    const BloomFilterIndex* bloom = ci.bloom[pick];
    if (bloom != nullptr && bloom->bloom_filter.value.size() == groups) {
      column.bloom = bloom;
      column.bloom_known_bad =
          KnownBadCppWriter() ||
          (pick == 0 && IsStringKind(column.kind) && version < 3);
    }
  }
}

void ValueChecker::OnSlots(const SlotBatch& batch) {
  if (batch.column >= columns_.size()) return;
  Column& c = columns_[batch.column];
  const Summary summary = Summarize(c.kind, batch.values);
  Tally* tallies[2] = {&c.stripe, batch.row_group < c.groups.size()
                                      ? &c.groups[batch.row_group]
                                      : nullptr};
  for (Tally* t : tallies) {
    if (t == nullptr) continue;
    t->values += batch.values.size();
    t->nulls += batch.nulls();
    t->sum += summary.sum;
    t->bytes += summary.bytes;
  }
  if (batch.values.empty()) return;
  std::array<Scope, 3> scopes;
  const size_t n = RangeScopes(c, batch.column, batch.row_group, &scopes);
  // The scopes some value of the batch lies outside of.
  std::array<Scope, 3> failing;
  size_t failed = 0;
  if (n > 0) {
    for (size_t s = 0; s < n; ++s) {
      if (!summary.empty &&
          !HoldsBounds(c.kind, summary, *scopes[s].stats)) {
        failing[failed++] = scopes[s];
      }
    }
  }
  const BloomFilter* filter = nullptr;
  if (c.bloom != nullptr && batch.row_group < c.bloom->bloom_filter.value.size()) {
    filter = &c.bloom->bloom_filter.value[batch.row_group].value;
    if (!BloomUsable(*filter)) filter = nullptr;
  }
  if (failed == 0 && filter == nullptr) return;
  // Value by value, in the order of the scopes, the filter last.
  for (size_t i = 0; i < batch.values.size(); ++i) {
    for (size_t s = 0; s < failed; ++s) {
      CheckRange(c, batch.column, batch, i, failing[s]);
    }
    if (filter != nullptr) CheckBloom(c, batch.column, batch, i, *filter);
  }
}

void ValueChecker::OnUnstoredSlots(uint32_t column, uint64_t first_group,
                                   uint64_t row_groups,
                                   uint64_t slots_per_group) {
  if (column >= columns_.size() || columns_[column].kind != kStruct) {
    ColumnObserver::OnUnstoredSlots(column, first_group, row_groups,
                                    slots_per_group);
    return;
  }
  // What OnSlots makes of a STRUCT's slots, counted at once: a STRUCT has
  // no bounds, no sums and no bloom hash, so its slots only count as
  // values. The groups looped over are those `groups` holds, which the
  // row index's bytes back.
  Column& c = columns_[column];
  c.stripe.values += row_groups * slots_per_group;
  const uint64_t end =
      std::min<uint64_t>(c.groups.size(), first_group + row_groups);
  for (uint64_t g = first_group; g < end; ++g) {
    c.groups[g].values += slots_per_group;
  }
}

size_t ValueChecker::RangeScopes(const Column& column, uint32_t c,
                                 uint64_t row_group,
                                 std::array<Scope, 3>* scopes) const {
  // Java writers have stored a batch's size as the lengths of repeating
  // list vectors (complextypes_iceberg.orc: min_children 1024 for a list of
  // one), and Hive 0.11 decimals (no precision) are read rounded to scale 6.
  if ((column.kind == kList || column.kind == kMap) &&
      context_.footer.writer.value == 0) {
    return 0;
  }
  if (column.kind == kDecimal &&
      context_.footer.types.value[c].value.precision.value == 0) {
    return 0;
  }
  size_t n = 0;
  const auto& file = context_.footer.statistics.value;
  if (c < file.size()) (*scopes)[n++] = {&file[c].value, "file"};
  if (context_.metadata != nullptr) {
    const auto& stripes = context_.metadata->stripe_stats.value;
    if (stripe_ < stripes.size() &&
        c < stripes[stripe_].value.col_stats.value.size()) {
      (*scopes)[n++] = {&stripes[stripe_].value.col_stats.value[c].value,
                        "stripe"};
    }
  }
  if (column.row_index != nullptr && row_group < column.groups.size()) {
    const auto& entry = column.row_index->entry.value[row_group].value;
    if (entry.statistics.present) {
      (*scopes)[n++] = {&entry.statistics.value, "row group"};
    }
  }
  return n;
}

void ValueChecker::CheckRange(Column& column, uint32_t c,
                              const SlotBatch& batch, size_t i,
                              const Scope& scope) {
  std::string what;
  if (InRange(column.kind, batch.values[i], *scope.stats, &what)) return;
  const ByteSpan span = batch.spans->Span(i);
  if (span == column.last_value_report) return;
  column.last_value_report = span;
  ++column.value_reports;
  // Statistics readers ignore (ST5) get one note per column.
  if (column.untrusted && column.value_reports > 1) return;
  if (column.value_reports > limits::kMaxOrcValueReportsPerColumn) return;
  const std::string path = StrCat("stripes[", stripe_, "].column[", c, "]");
  if (column.value_reports == limits::kMaxOrcValueReportsPerColumn) {
    sink_.Report(Code::kLimitsOrcStatsReports, span, path,
                 "the limit of reports per column is reached; further "
                 "values outside their statistics are not reported");
    return;
  }
  sink_.Report(StatsCode({column.kind, column.untrusted},
                         Code::kOrcStatsValueOutOfRange),
               span, path, what + " of its " + scope.name + "'s statistics");
}

void ValueChecker::CheckBloom(Column& column, uint32_t c,
                              const SlotBatch& batch, size_t i,
                              const BloomFilter& filter) {
  uint64_t hash = 0;
  if (!BloomHash(column.kind, batch.values[i], &hash)) return;
  if (BloomMightContain(filter, hash)) return;
  const ByteSpan span = batch.spans->Span(i);
  if (span == column.last_bloom_report) return;
  column.last_bloom_report = span;
  ++column.bloom_reports;
  if (column.bloom_reports > limits::kMaxOrcBloomReportsPerColumn) return;
  const std::string path = StrCat("stripes[", stripe_, "].column[", c, "]");
  if (column.bloom_reports == limits::kMaxOrcBloomReportsPerColumn) {
    sink_.Report(Code::kLimitsOrcBloomReports, span, path,
                 "the limit of bloom filter reports per column is reached; "
                 "further false negatives are not reported");
    return;
  }
  sink_.Report(column.bloom_known_bad ? Code::kOrcBloomFalseNegativeKnownWriter
                                      : Code::kOrcBloomFalseNegative,
               span, path,
               StrCat("a value of row group ", batch.row_group,
                      " tests negative in the group's bloom filter"));
}

void ValueChecker::CheckTally(const Column& column, const Tally& tally,
                              const Spanned<ColumnStatistics>& stats,
                              const std::string& path, bool uncounted_scope) {
  const ColumnStatistics& s = stats.value;
  const StatsColumn col{column.kind, column.untrusted};
  const Spanned<uint64_t>& n = s.number_of_values;
  // Old Java writers left the root's count 0 (ST3, reported on its own);
  // some (testMemoryManagement*) collected no statistics at all, leaving
  // every column's count and sum 0: those are not compared.
  if (n.value == 0 && (uncounted_scope || column.kind == kStruct)) return;
  if (n.present && n.value != tally.values) {
    sink_.Report(StatsCode(col, Code::kOrcStatsCount), n.span,
                 path + ".number_of_values",
                 StrCat("number_of_values is ", n.value, " but ", tally.values,
                        " values are not null"));
  }
  if (s.has_null.present && !s.has_null.value && tally.nulls > 0) {
    sink_.Report(
        StatsCode(col, Code::kOrcStatsHasNullFalse), s.has_null.span,
        path + ".has_null",
        StrCat("has_null is false but ", tally.nulls, " values are null"));
  }
  auto sum = [&](const Spanned<int64_t>& field, __int128 want,
                 const std::string& name, bool overflow_drops) {
    if (!field.present) return;
    if (overflow_drops && (want > INT64_MAX || want < INT64_MIN)) {
      sink_.Report(StatsCode(col, Code::kOrcStatsSum), field.span,
                   path + "." + name,
                   "the sum overflows int64, so it must be absent");
    } else if (static_cast<__int128>(field.value) != want) {
      sink_.Report(StatsCode(col, Code::kOrcStatsSum), field.span,
                   path + "." + name,
                   StrCat(name, " is ", field.value, " but the values give ",
                          Show128(want)));
    }
  };
  if (IsIntKind(column.kind) && s.int_statistics.present) {
    sum(s.int_statistics.value.sum, tally.sum, "int_statistics.sum", true);
  } else if (IsStringKind(column.kind) && s.string_statistics.present) {
    sum(s.string_statistics.value.sum, tally.bytes, "string_statistics.sum",
        false);
  } else if (column.kind == kBinary && s.binary_statistics.present) {
    sum(s.binary_statistics.value.sum, tally.bytes, "binary_statistics.sum",
        false);
  } else if (column.kind == kBoolean && s.bucket_statistics.present) {
    const auto& count = s.bucket_statistics.value.count.value;
    if (!count.empty() &&
        static_cast<__int128>(count[0].value) != tally.sum) {
      sink_.Report(StatsCode(col, Code::kOrcStatsSum), count[0].span,
                   path + ".bucket_statistics.count",
                   StrCat("count[0] is ", count[0].value, " but ",
                          Show128(tally.sum), " values are true"));
    }
  } else if ((column.kind == kList || column.kind == kMap) &&
             s.collection_statistics.present &&
             context_.footer.writer.value != 0) {
    const auto& total = s.collection_statistics.value.total_children;
    if (total.present && static_cast<__int128>(total.value) != tally.sum) {
      sink_.Report(StatsCode(col, Code::kOrcStatsSum), total.span,
                   path + ".collection_statistics.total_children",
                   StrCat("total_children is ", total.value,
                          " but the lengths add up to ", Show128(tally.sum)));
    }
  }
}

bool ValueChecker::StripeUncounted(size_t stripe) const {
  const auto& stripes = context_.footer.stripes.value;
  if (context_.metadata == nullptr || stripe >= stripes.size()) return false;
  const auto& stats = context_.metadata->stripe_stats.value;
  return stripe < stats.size() && !stats[stripe].value.col_stats.value.empty() &&
         stats[stripe].value.col_stats.value[0].value.number_of_values.value ==
             0 &&
         stripes[stripe].value.number_of_rows.value > 0;
}

void ValueChecker::EndStripe(size_t stripe, bool complete) {
  if (!complete) {
    data_ = nullptr;
    return;
  }
  for (size_t c = 0; c < columns_.size(); ++c) {
    Column& column = columns_[c];
    if (context_.metadata != nullptr) {
      const auto& stripes = context_.metadata->stripe_stats.value;
      if (stripe < stripes.size() &&
          c < stripes[stripe].value.col_stats.value.size()) {
        CheckTally(
            column, column.stripe, stripes[stripe].value.col_stats.value[c],
            StrCat("metadata.stripe_stats[", stripe, "].col_stats[", c, "]"),
            StripeUncounted(stripe));
      }
    }
    if (column.row_index != nullptr) {
      const auto& entries = column.row_index->entry.value;
      for (size_t g = 0; g < entries.size() && g < column.groups.size(); ++g) {
        if (!entries[g].value.statistics.present) continue;
        CheckTally(column, column.groups[g], entries[g].value.statistics,
                   StrCat("stripes[", stripe, "].row_index[", c, "].entry[", g,
                          "].statistics"),
                   StripeUncounted(stripe));
      }
    }
    column.file.values += column.stripe.values;
    column.file.nulls += column.stripe.nulls;
    column.file.sum += column.stripe.sum;
    column.file.bytes += column.stripe.bytes;
  }
  ++stripes_complete_;
  data_ = nullptr;
  const auto& file = context_.footer.statistics.value;
  if (stripes_complete_ != context_.footer.stripes.value.size() ||
      file.size() != columns_.size()) {
    return;
  }
  for (size_t c = 0; c < columns_.size(); ++c) {
    CheckTally(columns_[c], columns_[c].file, file[c],
               StrCat("footer.statistics[", c, "]"),
               !file.empty() && file[0].value.number_of_values.value == 0 &&
                   context_.footer.number_of_rows.value > 0);
  }
}

}  // namespace colcheck::orc
