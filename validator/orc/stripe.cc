// Stripe footer rules: the stream directory against the stripe's areas, and
// each column's encoding and streams against its type.

#include "orc/stripe.h"

#include <algorithm>
#include <filesystem>
#include <set>
#include <utility>

#include "core/strings.h"

namespace colcheck::orc {
namespace {

using Mask = uint32_t;  // One bit per StreamKind 0..10.

constexpr Mask Bit(int64_t kind) { return Mask{1} << kind; }

constexpr Mask kAlwaysAllowed = Bit(kPresent) | Bit(kRowIndex) |
                                Bit(kBloomFilter) | Bit(kBloomFilterUtf8) |
                                Bit(kEncryptedIndex) | Bit(kEncryptedData) |
                                Bit(kDictionaryCount);

bool KnownStripeStream(int64_t kind) {
  return kind >= kPresent && kind <= kEncryptedData;
}

// StreamName.getArea in the Java reader.
bool IsIndexArea(int64_t kind) {
  return kind == kRowIndex || kind == kBloomFilter ||
         kind == kBloomFilterUtf8 || kind == kDictionaryCount ||
         kind == kEncryptedIndex;
}

bool IsPlaceholder(int64_t kind) {
  return kind == kEncryptedIndex || kind == kEncryptedData;
}

std::string_view StreamKindName(int64_t kind) {
  switch (kind) {
    case kPresent: return "PRESENT";
    case kData: return "DATA";
    case kLength: return "LENGTH";
    case kDictionaryData: return "DICTIONARY_DATA";
    case kDictionaryCount: return "DICTIONARY_COUNT";
    case kSecondary: return "SECONDARY";
    case kRowIndex: return "ROW_INDEX";
    case kBloomFilter: return "BLOOM_FILTER";
    case kBloomFilterUtf8: return "BLOOM_FILTER_UTF8";
    case kEncryptedIndex: return "ENCRYPTED_INDEX";
    case kEncryptedData: return "ENCRYPTED_DATA";
    default: return "";
  }
}

std::string_view EncodingName(int64_t kind) {
  switch (kind) {
    case kDirect: return "DIRECT";
    case kDictionary: return "DICTIONARY";
    case kDirectV2: return "DIRECT_V2";
    case kDictionaryV2: return "DICTIONARY_V2";
    default: return "";
  }
}

bool IsDictionary(int64_t encoding) {
  return encoding == kDictionary || encoding == kDictionaryV2;
}

// SF8: the encodings each type may use (Java's checkEncoding).
bool EncodingAllowed(int64_t type, int64_t encoding) {
  if (encoding < kDirect || encoding > kDictionaryV2) return false;
  switch (type) {
    case kBoolean:
    case kByte:
    case kFloat:
    case kDouble:
    case kStruct:
    case kUnion:
      return encoding == kDirect;
    case kString:
    case kChar:
    case kVarchar:
      return true;
    default:
      return !IsDictionary(encoding);
  }
}

// SF7: the data streams a column of `type` uses under `encoding`.
Mask UsedStreams(const Type& type, int64_t encoding) {
  switch (type.kind.value) {
    case kStruct:
      return 0;
    case kList:
    case kMap:
      return Bit(kLength);
    case kString:
    case kChar:
    case kVarchar:
      return Bit(kData) | Bit(kLength) |
             (IsDictionary(encoding) ? Bit(kDictionaryData) : 0);
    case kBinary:
    case kGeometry:
    case kGeography:
      return Bit(kData) | Bit(kLength);
    case kDecimal:
    case kTimestamp:
    case kTimestampInstant:
      return Bit(kData) | Bit(kSecondary);
    default:
      return Bit(kData);
  }
}

// SF7: the streams that cannot be empty, so that a writer cannot have left
// them out. Writers omit empty streams, so a stream is required only when
// it must hold bytes: when the column certainly has non-null values in the
// stripe (`has_values`), each value puts at least one byte in its DATA,
// LENGTH and SECONDARY streams, except the blobs of strings and binaries
// (all values may be empty); a dictionary with entries needs their lengths.
Mask RequiredStreams(const Type& type, const ColumnEncoding& encoding,
                     bool decimal64, bool has_values) {
  const int64_t kind = type.kind.value;
  const bool strings = kind == kString || kind == kChar || kind == kVarchar;
  if (strings && IsDictionary(encoding.kind.value)) {
    return (has_values ? Bit(kData) : 0) |
           (encoding.dictionary_size.value > 0 ? Bit(kLength) : 0);
  }
  if (!has_values) return 0;
  Mask used = UsedStreams(type, encoding.kind.value);
  if (strings || kind == kBinary || kind == kGeometry || kind == kGeography) {
    used &= ~Bit(kData);
  }
  // UNSTABLE-PRE-2.0 stores DECIMAL(p<=18) as one RLEv2 stream.
  if (kind == kDecimal && decimal64 && type.precision.value > 0 &&
      type.precision.value <= 18) {
    used &= ~Bit(kSecondary);
  }
  return used;
}

// Whether column `c` certainly has a non-null value in a stripe with rows:
// neither it nor an ancestor has a PRESENT stream, and every ancestor is a
// STRUCT, so each row gives it one value.
bool CertainlyHasValues(const StripeContext& context, uint32_t c,
                        const std::vector<Mask>& present) {
  const auto& types = context.footer.types.value;
  while (true) {
    if ((present[c] & Bit(kPresent)) != 0) return false;
    if (c == 0) return true;
    c = context.types.parent[c];
    if (types[c].value.kind.value != kStruct) return false;
  }
}

std::string StreamPath(size_t stripe, size_t i) {
  return StrCat("stripes[", stripe, "].footer.streams[", i, "]");
}

std::string ColumnPath(size_t stripe, size_t column) {
  return StrCat("stripes[", stripe, "].footer.columns[", column, "]");
}

// SF3, SF4, SF5, SF6: places every stream. Returns false when a stream has
// no usable kind or column or the areas do not add up.
bool PlaceStreams(const StripeContext& context, size_t stripe_index,
                  const StripeInformation& stripe, const StripeFooter& footer,
                  DiagnosticSink& sink, std::vector<StreamRegion>* out) {
  const size_t types = context.footer.types.value.size();
  const auto& streams = footer.streams.value;
  bool ok = true;
  bool data_seen = false;
  bool placeholder_seen[2] = {false, false};  // index area, data area
  bool ambiguous_reported = false;
  uint64_t sums[2] = {0, 0};
  bool overflow = false;
  uint64_t offset = stripe.offset.value;
  std::set<std::pair<uint32_t, int64_t>> seen;
  for (size_t i = 0; i < streams.size(); ++i) {
    const Stream& s = streams[i].value;
    const std::string path = StreamPath(stripe_index, i);
    const int64_t kind = s.kind.value;
    if (!s.kind.present || !KnownStripeStream(kind)) {
      sink.Report(
          Code::kOrcStripeStreamKind,
          s.kind.present ? s.kind.span : streams[i].span, path + ".kind",
          s.kind.present
              ? StrCat("stream kind ", kind, " does not belong in a stripe")
              : std::string("stream has no kind"));
      ok = false;
    }
    if (s.column.value >= types) {
      sink.Report(Code::kOrcStripeStreamColumn,
                  s.column.present ? s.column.span : streams[i].span,
                  path + ".column",
                  StrCat("column ", s.column.value,
                         " does not exist; the file has ", types, " types"));
      ok = false;
    }
    const bool index_area = IsIndexArea(kind);
    const int area = index_area ? 0 : 1;
    if (!ambiguous_reported &&
        ((index_area && data_seen) || placeholder_seen[area])) {
      sink.Report(Code::kOrcStripeLayoutAmbiguous, streams[i].whole(), path,
                  std::string(StreamKindName(kind)) +
                      (index_area && data_seen
                           ? " is an index-area stream after a data-area one"
                           : " follows an encrypted placeholder of its area") +
                      "; the Java and C++ readers place it differently");
      ambiguous_reported = true;
      ok = false;
    }
    data_seen |= !index_area;
    placeholder_seen[area] |= IsPlaceholder(kind);
    if (!seen.insert({s.column.value, kind}).second) {
      sink.Report(Code::kOrcStripeDuplicateStream, streams[i].whole(), path,
                  StrCat("a second ", StreamKindName(kind),
                         " stream for column ", s.column.value));
      ok = false;
    }
    const uint64_t length = s.length.value;
    overflow |= length > UINT64_MAX - sums[area] ||
                length > UINT64_MAX - offset;
    if (overflow) continue;
    sums[area] += length;
    out->push_back({kind, s.column.value, {offset, length}, i});
    offset += length;
  }
  const std::string stripe_path = StrCat("stripes[", stripe_index, "]");
  const Spanned<uint64_t>* declared[2] = {&stripe.index_length,
                                          &stripe.data_length};
  const char* names[2] = {"index", "data"};
  for (int area = 0; area < 2; ++area) {
    if (!overflow && sums[area] == declared[area]->value) continue;
    sink.Report(
        Code::kOrcStripeAreaLength,
        footer.streams.present ? footer.streams.span : declared[area]->span,
        stripe_path + ".footer.streams",
        StrCat("the ", names[area], "-area streams add up to ",
               (overflow ? std::string("more than 2^64")
                         : std::to_string(sums[area])),
               " bytes but the stripe's ", names[area], "_length is ",
               declared[area]->value));
    ok = false;
  }
  return ok;
}

// SF8, SF9, SF10 on one column's encoding. Returns whether it is usable.
bool CheckEncoding(const Type& type, const Spanned<ColumnEncoding>& encoding,
                   const std::string& path, DiagnosticSink& sink) {
  const ColumnEncoding& e = encoding.value;
  bool ok = true;
  if (type.kind.value == kStruct &&
      (e.kind.value < kDirect || e.kind.value > kDictionaryV2)) {
    // Old Hive and Spark writers wrote -1 here. A STRUCT has no stream that
    // depends on its encoding, and readers parse the unknown value as
    // DIRECT, so the file reads.
    sink.Report(Code::kOrcStripeStructEncodingUnknown,
                e.kind.present ? e.kind.span : encoding.span, path + ".kind",
                StrCat("encoding ", e.kind.value,
                       " is no encoding kind; readers take it as DIRECT, the "
                       "encoding of STRUCT"));
  } else if (!EncodingAllowed(type.kind.value, e.kind.value)) {
    const std::string_view name = EncodingName(e.kind.value);
    sink.Report(
        Code::kOrcStripeEncoding, e.kind.present ? e.kind.span : encoding.span,
        path + ".kind",
        (name.empty() ? StrCat("encoding ", e.kind.value) : std::string(name)) +
            " is not an encoding of " +
            std::string(TypeKindName(type.kind.value)));
    ok = false;
  }
  if (IsDictionary(e.kind.value) && !e.dictionary_size.present) {
    sink.Report(Code::kOrcStripeDictionarySizeAbsent, encoding.span,
                path + ".dictionary_size",
                "a dictionary encoding without dictionary_size");
    ok = false;
  }
  if (e.bloom_encoding.present && e.bloom_encoding.value > 1) {
    sink.Report(
        Code::kOrcStripeBloomEncoding, e.bloom_encoding.span,
        path + ".bloom_encoding",
        StrCat("bloom_encoding ", e.bloom_encoding.value, " is unknown"));
  }
  return ok;
}

// SF7: the streams each column has against those its encoding needs.
void CheckColumnStreams(const StripeContext& context, size_t stripe_index,
                        uint64_t stripe_rows, const StripeFooter& footer,
                        ByteSpan footer_span,
                        const std::vector<StreamRegion>& streams,
                        DiagnosticSink& sink) {
  const auto& types = context.footer.types.value;
  std::vector<Mask> present(types.size(), 0);
  for (const StreamRegion& s : streams) {
    if (s.column >= types.size() || !KnownStripeStream(s.kind)) continue;
    present[s.column] |= Bit(s.kind);
    const Type& type = types[s.column].value;
    const std::string path = StreamPath(stripe_index, s.index);
    const auto& stream = footer.streams.value[s.index];
    if (s.kind == kDictionaryCount) {
      sink.Report(Code::kOrcStripeDictionaryCount, stream.whole(), path,
                  "DICTIONARY_COUNT is deprecated since Hive 0.11");
      continue;
    }
    const int64_t encoding =
        s.column < footer.columns.value.size()
            ? footer.columns.value[s.column].value.kind.value
            : kDirect;
    const Mask allowed = kAlwaysAllowed | UsedStreams(type, encoding);
    if ((allowed & Bit(s.kind)) == 0) {
      sink.Report(Code::kOrcStripeForeignStream, stream.whole(), path,
                  StrCat(StreamKindName(s.kind), " is not a stream of ",
                         TypeKindName(type.kind.value), " column ", s.column,
                         " encoded ", EncodingName(encoding)));
    }
  }
  // Which columns have values needs the tree's parents.
  if (!context.types.valid) return;
  const bool rows = stripe_rows > 0;
  const size_t columns = std::min(types.size(), footer.columns.value.size());
  for (size_t c = 0; c < columns; ++c) {
    const ColumnEncoding& e = footer.columns.value[c].value;
    const int64_t encoding = e.kind.value;
    const bool has_values =
        rows && CertainlyHasValues(context, static_cast<uint32_t>(c), present);
    const Mask missing =
        RequiredStreams(types[c].value, e, context.decimal64, has_values) &
        ~present[c];
    if (missing == 0) continue;
    std::string names;
    for (int64_t k = kPresent; k <= kEncryptedData; ++k) {
      if ((missing & Bit(k)) == 0) continue;
      names += (names.empty() ? "" : ", ") + std::string(StreamKindName(k));
    }
    sink.Report(Code::kOrcStripeMissingStream,
                footer.streams.present ? footer.streams.span : footer_span,
                ColumnPath(stripe_index, c),
                StrCat(TypeKindName(types[c].value.kind.value), " column ", c,
                       " encoded ", EncodingName(encoding), " has no ", names,
                       " stream"));
  }
}

// F8, RI1: with a row index stride, every primitive column should have a
// ROW_INDEX ("a ROW_INDEX stream for each primitive column"); the writers
// give compound columns one too, but nothing reads it for pruning.
void CheckRowIndexPresence(const StripeContext& context, size_t stripe_index,
                           const StripeFooter& footer, ByteSpan footer_span,
                           const std::vector<StreamRegion>& streams,
                           DiagnosticSink& sink) {
  if (context.footer.row_index_stride.value == 0) return;
  const auto& types = context.footer.types.value;
  std::vector<bool> has(types.size(), false);
  for (const StreamRegion& s : streams) {
    if (s.kind == kRowIndex && s.column < types.size()) has[s.column] = true;
  }
  size_t primitive = 0;
  size_t missing = 0;
  for (size_t c = 0; c < types.size(); ++c) {
    if (!IsPrimitive(types[c].value.kind.value)) continue;
    ++primitive;
    missing += has[c] ? 0 : 1;
  }
  if (missing == 0) return;
  sink.Report(Code::kOrcStripeRowIndexMissing,
              footer.streams.present ? footer.streams.span : footer_span,
              StrCat("stripes[", stripe_index, "].footer.streams"),
              StrCat(missing, " of ", primitive,
                     " primitive columns have no ROW_INDEX though "
                     "row_index_stride is ",
                     context.footer.row_index_stride.value));
}

// Whether `name` is a zone the IANA database on this machine knows. Without
// a database (no /usr/share/zoneinfo) every well-formed name passes.
bool KnownTimezone(std::string_view name) {
  if (name.empty() || name.size() > 64 || name.front() == '/' ||
      name.find("..") != std::string_view::npos) {
    return false;
  }
  for (char c : name) {
    const bool ok = (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
                    (c >= '0' && c <= '9') || c == '/' || c == '_' ||
                    c == '-' || c == '+';
    if (!ok) return false;
  }
  const std::filesystem::path root = "/usr/share/zoneinfo";
  std::error_code error;
  if (!std::filesystem::is_directory(root, error)) return true;
  return std::filesystem::is_regular_file(root / std::string(name), error);
}

}  // namespace

StripeLayout CheckStripeFooter(const StripeContext& context, size_t index,
                               const StripeInformation& stripe,
                               const StripeFooter& footer,
                               ByteSpan footer_span, DiagnosticSink& sink) {
  StripeLayout layout;
  bool ok = PlaceStreams(context, index, stripe, footer, sink, &layout.streams);
  const auto& types = context.footer.types.value;
  const auto& columns = footer.columns.value;
  if (columns.size() != types.size()) {
    sink.Report(Code::kOrcStripeEncodingCount,
                footer.columns.present ? footer.columns.span : footer_span,
                StrCat("stripes[", index, "].footer.columns"),
                StrCat(columns.size(), " column encodings for ", types.size(),
                       " types"));
    ok = false;
  }
  for (size_t c = 0; c < std::min(columns.size(), types.size()); ++c) {
    ok &= CheckEncoding(types[c].value, columns[c], ColumnPath(index, c), sink);
  }
  CheckColumnStreams(context, index, stripe.number_of_rows.value, footer,
                     footer_span, layout.streams, sink);
  CheckRowIndexPresence(context, index, footer, footer_span, layout.streams,
                        sink);
  layout.readable = ok && context.types.valid;
  return layout;
}

TimezoneCheck::TimezoneCheck(const Footer& footer)
    : has_stripes_(!footer.stripes.value.empty()) {
  for (const auto& type : footer.types.value) {
    has_timestamp_ |= type.value.kind.value == kTimestamp;
  }
}

void TimezoneCheck::Add(const StripeFooter& footer, size_t stripe,
                        DiagnosticSink& sink) {
  const Spanned<std::string_view>& tz = footer.writer_timezone;
  if (!tz.present) return;
  const std::string path =
      StrCat("stripes[", stripe, "].footer.writer_timezone");
  if (has_timestamp_ && !invalid_reported_ && !KnownTimezone(tz.value)) {
    sink.Report(Code::kOrcStripeTimezone, tz.span, path,
                "writer_timezone '" + std::string(tz.value) +
                    "' is not an IANA time zone");
    invalid_reported_ = true;
  }
  if (!first_) {
    first_ = std::string(tz.value);
  } else if (*first_ != tz.value && !changed_reported_) {
    sink.Report(Code::kOrcStripeTimezoneChanges, tz.span, path,
                "writer_timezone '" + std::string(tz.value) +
                    "' differs from the first stripe's '" + *first_ + "'");
    changed_reported_ = true;
  }
}

void TimezoneCheck::Finish(ByteSpan footer_span, DiagnosticSink& sink) const {
  if (first_ || !has_stripes_ || !has_timestamp_) return;
  sink.Report(Code::kOrcStripeTimezoneAbsent, footer_span, "",
              "no stripe records writer_timezone, so readers read the "
              "TIMESTAMP columns in their own local time zone");
}

}  // namespace colcheck::orc
