// Differential test of the ORC metadata decoders against libprotobuf.
//
// Whatever colcheck's decoder accepts without an error, libprotobuf must
// parse, and to the same message: our model is converted back into a
// libprotobuf message (ToProto) and compared with libprotobuf's own parse
// of the same bytes, unknown fields dropped on both sides.
//
// Inputs: (a) random messages built through libprotobuf's reflection (every
// field, nested, repeated, edge values), serialized by libprotobuf or by a
// writer here that shuffles fields and packs or unpacks repeated scalars at
// random, each also mutated by random byte edits; (b) the PostScript of
// every ORC file of the external corpus, and the Footer of those whose
// PostScript says NONE. The seed is fixed, so a failure replays.

#include <google/protobuf/descriptor.h>
#include <google/protobuf/message.h>
#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/message_differencer.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "orc/metadata_decoder.h"
#include "orc_metadata.pb.h"
#include "testing/external_corpus.h"

namespace colcheck::orc {
namespace {

namespace pb = ::google::protobuf;
namespace op = ::colcheck::orc::proto;

// ---- ToProto: the model back into libprotobuf messages --------------------

// Set when an undecoded sub-message kept as bytes (the geometry fields)
// does not parse: colcheck does not look inside it, so its faults are not
// a disagreement.
bool g_undecoded_fault = false;

std::string Str(std::string_view s) { return std::string(s); }
std::string Str(std::span<const std::byte> b) { return Str(AsChars(b)); }

#define TP_SET(f) \
  if (in.f.present) out->set_##f(in.f.value)
#define TP_SET_STR(f) \
  if (in.f.present) out->set_##f(Str(in.f.value))
#define TP_ADD(f) \
  for (const auto& e : in.f.value) out->add_##f(e.value)
#define TP_ADD_STR(f) \
  for (const auto& e : in.f.value) out->add_##f(Str(e.value))
#define TP_MSG(f) \
  if (in.f.present) ToProto(in.f.value, out->mutable_##f())
#define TP_ADD_MSG(f) \
  for (const auto& e : in.f.value) ToProto(e.value, out->add_##f())
// A proto2 enum value the .proto does not list is an unknown field to
// libprotobuf; the model keeps it raw.
#define TP_ENUM(f, E)                                          \
  if (in.f.present && op::E##_IsValid(static_cast<int>(in.f.value))) \
  out->set_##f(static_cast<op::E>(in.f.value))
#define TP_UNDECODED(f)                                          \
  if (in.f.present &&                                            \
      !out->mutable_##f()->ParsePartialFromString(Str(in.f.value))) \
  g_undecoded_fault = true

void ToProto(const IntegerStatistics& in, op::IntegerStatistics* out) {
  TP_SET(minimum); TP_SET(maximum); TP_SET(sum);
}
void ToProto(const DoubleStatistics& in, op::DoubleStatistics* out) {
  TP_SET(minimum); TP_SET(maximum); TP_SET(sum);
}
void ToProto(const StringStatistics& in, op::StringStatistics* out) {
  TP_SET_STR(minimum); TP_SET_STR(maximum); TP_SET(sum);
  TP_SET_STR(lower_bound); TP_SET_STR(upper_bound);
}
void ToProto(const BucketStatistics& in, op::BucketStatistics* out) {
  TP_ADD(count);
}
void ToProto(const DecimalStatistics& in, op::DecimalStatistics* out) {
  TP_SET_STR(minimum); TP_SET_STR(maximum); TP_SET_STR(sum);
}
void ToProto(const DateStatistics& in, op::DateStatistics* out) {
  TP_SET(minimum); TP_SET(maximum);
}
void ToProto(const TimestampStatistics& in, op::TimestampStatistics* out) {
  TP_SET(minimum); TP_SET(maximum); TP_SET(minimum_utc); TP_SET(maximum_utc);
  TP_SET(minimum_nanos); TP_SET(maximum_nanos);
}
void ToProto(const BinaryStatistics& in, op::BinaryStatistics* out) {
  TP_SET(sum);
}
void ToProto(const CollectionStatistics& in, op::CollectionStatistics* out) {
  TP_SET(min_children); TP_SET(max_children); TP_SET(total_children);
}
void ToProto(const ColumnStatistics& in, op::ColumnStatistics* out) {
  TP_SET(number_of_values); TP_MSG(int_statistics); TP_MSG(double_statistics);
  TP_MSG(string_statistics); TP_MSG(bucket_statistics);
  TP_MSG(decimal_statistics); TP_MSG(date_statistics);
  TP_MSG(binary_statistics); TP_MSG(timestamp_statistics); TP_SET(has_null);
  TP_SET(bytes_on_disk); TP_MSG(collection_statistics);
  TP_UNDECODED(geometry_statistics);
}
void ToProto(const RowIndexEntry& in, op::RowIndexEntry* out) {
  TP_ADD(positions); TP_MSG(statistics);
}
void ToProto(const RowIndex& in, op::RowIndex* out) { TP_ADD_MSG(entry); }
void ToProto(const BloomFilter& in, op::BloomFilter* out) {
  TP_SET(num_hash_functions); TP_ADD(bitset); TP_SET_STR(utf8bitset);
}
void ToProto(const BloomFilterIndex& in, op::BloomFilterIndex* out) {
  TP_ADD_MSG(bloom_filter);
}
void ToProto(const Stream& in, op::Stream* out) {
  TP_ENUM(kind, Stream_Kind); TP_SET(column); TP_SET(length);
}
void ToProto(const ColumnEncoding& in, op::ColumnEncoding* out) {
  TP_ENUM(kind, ColumnEncoding_Kind); TP_SET(dictionary_size);
  TP_SET(bloom_encoding);
}
void ToProto(const StripeEncryptionVariant& in,
             op::StripeEncryptionVariant* out) {
  TP_ADD_MSG(streams); TP_ADD_MSG(encoding);
}
void ToProto(const StripeFooter& in, op::StripeFooter* out) {
  TP_ADD_MSG(streams); TP_ADD_MSG(columns); TP_SET_STR(writer_timezone);
  TP_ADD_MSG(encryption);
}
void ToProto(const StringPair& in, op::StringPair* out) {
  TP_SET_STR(key); TP_SET_STR(value);
}
void ToProto(const Type& in, op::Type* out) {
  TP_ENUM(kind, Type_Kind); TP_ADD(subtypes); TP_ADD_STR(field_names);
  TP_SET(maximum_length); TP_SET(precision); TP_SET(scale);
  TP_ADD_MSG(attributes); TP_UNDECODED(geometry);
}
void ToProto(const StripeInformation& in, op::StripeInformation* out) {
  TP_SET(offset); TP_SET(index_length); TP_SET(data_length);
  TP_SET(footer_length); TP_SET(number_of_rows); TP_SET(encrypt_stripe_id);
  TP_ADD_STR(encrypted_local_keys);
}
void ToProto(const UserMetadataItem& in, op::UserMetadataItem* out) {
  TP_SET_STR(name); TP_SET_STR(value);
}
void ToProto(const StripeStatistics& in, op::StripeStatistics* out) {
  TP_ADD_MSG(col_stats);
}
void ToProto(const Metadata& in, op::Metadata* out) {
  TP_ADD_MSG(stripe_stats);
}
void ToProto(const ColumnarStripeStatistics& in,
             op::ColumnarStripeStatistics* out) {
  TP_ADD_MSG(col_stats);
}
void ToProto(const DataMask& in, op::DataMask* out) {
  TP_SET_STR(name); TP_ADD_STR(mask_parameters); TP_ADD(columns);
}
void ToProto(const EncryptionKey& in, op::EncryptionKey* out) {
  TP_SET_STR(key_name); TP_SET(key_version);
  TP_ENUM(algorithm, EncryptionAlgorithm);
}
void ToProto(const EncryptionVariant& in, op::EncryptionVariant* out) {
  TP_SET(root); TP_SET(key); TP_SET_STR(encrypted_key);
  TP_ADD_MSG(stripe_statistics); TP_SET_STR(file_statistics);
}
void ToProto(const Encryption& in, op::Encryption* out) {
  TP_ADD_MSG(mask); TP_ADD_MSG(key); TP_ADD_MSG(variants);
  TP_ENUM(key_provider, KeyProviderKind);
}
void ToProto(const Footer& in, op::Footer* out) {
  TP_SET(header_length); TP_SET(content_length); TP_ADD_MSG(stripes);
  TP_ADD_MSG(types); TP_ADD_MSG(metadata); TP_SET(number_of_rows);
  TP_ADD_MSG(statistics); TP_SET(row_index_stride); TP_SET(writer);
  TP_MSG(encryption); TP_ENUM(calendar, CalendarKind);
  TP_SET_STR(software_version);
}
void ToProto(const PostScript& in, op::PostScript* out) {
  TP_SET(footer_length); TP_ENUM(compression, CompressionKind);
  TP_SET(compression_block_size); TP_ADD(version); TP_SET(metadata_length);
  TP_SET(writer_version); TP_SET(stripe_statistics_length);
  TP_SET_STR(magic);
}

#undef TP_SET
#undef TP_SET_STR
#undef TP_ADD
#undef TP_ADD_STR
#undef TP_MSG
#undef TP_ADD_MSG
#undef TP_ENUM
#undef TP_UNDECODED

// ---- The comparison --------------------------------------------------------

enum class Outcome { kRejected, kAgreed, kUndecodedFault };

// Decodes `bytes` with colcheck as a `Model` and, unless colcheck reports an
// error, checks that libprotobuf parses them to the same `Proto`.
template <typename Model, typename Proto>
Outcome Compare(const std::string& bytes,
                bool (*decode)(protobuf::Decoder&, Model*),
                std::string* failure) {
  DiagnosticSink sink;
  const IdentitySpanMap map;
  protobuf::Decoder d(
      ByteReader({reinterpret_cast<const std::byte*>(bytes.data()),
                  bytes.size()}),
      map, &sink);
  Model model;
  const bool ok = decode(d, &model);
  if (sink.has_errors()) return Outcome::kRejected;
  if (!ok) {
    *failure = "decoder failed without an error";
    return Outcome::kRejected;
  }
  g_undecoded_fault = false;
  Proto ours;
  ToProto(model, &ours);
  if (g_undecoded_fault) return Outcome::kUndecodedFault;
  Proto theirs;
  if (!theirs.ParsePartialFromString(bytes)) {
    *failure = "colcheck accepts what libprotobuf does not parse";
    return Outcome::kAgreed;
  }
  ours.DiscardUnknownFields();
  theirs.DiscardUnknownFields();
  pb::util::DefaultFieldComparator comparator;
  comparator.set_treat_nan_as_equal(true);
  pb::util::MessageDifferencer differencer;
  differencer.set_field_comparator(&comparator);
  std::string report;
  differencer.ReportDifferencesToString(&report);
  if (!differencer.Compare(ours, theirs)) {
    *failure = "models differ:\n" + report;
  }
  return Outcome::kAgreed;
}

std::string Hex(const std::string& bytes) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out.push_back(kDigits[c >> 4]);
    out.push_back(kDigits[c & 15]);
  }
  return out;
}

// ---- Random messages ---------------------------------------------------------

using Rng = std::mt19937_64;

bool Chance(Rng& rng, int percent) {
  return std::uniform_int_distribution<int>(0, 99)(rng) < percent;
}

template <typename T>
T Pick(Rng& rng, std::initializer_list<T> edges) {
  if (Chance(rng, 50)) {
    auto it = edges.begin();
    std::advance(it, std::uniform_int_distribution<size_t>(
                         0, edges.size() - 1)(rng));
    return *it;
  }
  // Small values mostly, so varints of every length appear.
  const int bits = std::uniform_int_distribution<int>(0, 64)(rng);
  uint64_t v = rng();
  if (bits < 64) v &= (uint64_t{1} << bits) - 1;
  return static_cast<T>(v);
}

std::string RandomString(Rng& rng, bool utf8) {
  const int n = Chance(rng, 25) ? 0 : std::uniform_int_distribution<int>(
                                          1, 12)(rng);
  std::string s;
  for (int i = 0; i < n; ++i) {
    s.push_back(utf8 ? static_cast<char>(
                           std::uniform_int_distribution<int>(32, 126)(rng))
                     : static_cast<char>(rng() & 0xFF));
  }
  return s;
}

void FillRandom(pb::Message* m, Rng& rng, int depth);

void AddRandomValue(pb::Message* m, const pb::FieldDescriptor* f, Rng& rng,
                    int depth) {
  const pb::Reflection* r = m->GetReflection();
  const bool rep = f->is_repeated();
  using L32 = std::numeric_limits<int32_t>;
  using L64 = std::numeric_limits<int64_t>;
  switch (f->cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_INT32: {
      const auto v = Pick<int32_t>(rng, {0, -1, 1, L32::min(), L32::max()});
      rep ? r->AddInt32(m, f, v) : r->SetInt32(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_INT64: {
      const auto v = Pick<int64_t>(rng, {0, -1, 1, L64::min(), L64::max()});
      rep ? r->AddInt64(m, f, v) : r->SetInt64(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_UINT32: {
      const auto v = Pick<uint32_t>(rng, {0u, 1u, 127u, 128u, 0xFFFFFFFFu});
      rep ? r->AddUInt32(m, f, v) : r->SetUInt32(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_UINT64: {
      const auto v = Pick<uint64_t>(
          rng, {uint64_t{0}, uint64_t{1}, uint64_t{0xFFFFFFFF},
                uint64_t{0x100000000}, ~uint64_t{0}});
      rep ? r->AddUInt64(m, f, v) : r->SetUInt64(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_DOUBLE: {
      const double edges[] = {0.0, -0.0, 1.5, -1e308,
                              std::numeric_limits<double>::infinity(),
                              std::numeric_limits<double>::denorm_min()};
      const double v = Chance(rng, 50)
                           ? edges[rng() % std::size(edges)]
                           : std::uniform_real_distribution<double>(-1e9,
                                                                    1e9)(rng);
      rep ? r->AddDouble(m, f, v) : r->SetDouble(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_BOOL: {
      const bool v = Chance(rng, 50);
      rep ? r->AddBool(m, f, v) : r->SetBool(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_ENUM: {
      const pb::EnumDescriptor* e = f->enum_type();
      const int v = e->value(static_cast<int>(rng() % e->value_count()))
                        ->number();
      rep ? r->AddEnumValue(m, f, v) : r->SetEnumValue(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_STRING: {
      const std::string v =
          RandomString(rng, f->type() == pb::FieldDescriptor::TYPE_STRING);
      rep ? r->AddString(m, f, v) : r->SetString(m, f, v);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_MESSAGE: {
      pb::Message* sub = rep ? r->AddMessage(m, f) : r->MutableMessage(m, f);
      if (depth < 5) FillRandom(sub, rng, depth + 1);
      break;
    }
    case pb::FieldDescriptor::CPPTYPE_FLOAT:  // orc_metadata.proto has none
      break;
  }
}

void FillRandom(pb::Message* m, Rng& rng, int depth) {
  const pb::Descriptor* d = m->GetDescriptor();
  for (int i = 0; i < d->field_count(); ++i) {
    const pb::FieldDescriptor* f = d->field(i);
    if (!f->is_required() && !Chance(rng, depth == 0 ? 70 : 45)) continue;
    const int n = f->is_repeated()
                      ? std::uniform_int_distribution<int>(0, 4)(rng)
                      : 1;
    for (int k = 0; k < n; ++k) AddRandomValue(m, f, rng, depth);
  }
}

// ---- A serializer that uses the freedoms of the wire format ----------------

void PutVarint(std::string* out, uint64_t v) {
  do {
    out->push_back(static_cast<char>((v & 0x7F) | (v > 0x7F ? 0x80 : 0)));
    v >>= 7;
  } while (v != 0);
}

void PutTag(std::string* out, int number, int wire) {
  PutVarint(out, static_cast<uint64_t>(number) << 3 | wire);
}

void PutFixed64(std::string* out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out->push_back(static_cast<char>(v >> (8 * i)));
}

// The raw wire value of element `i` (or the value, for -1) of a scalar.
uint64_t ScalarBits(const pb::Message& m, const pb::FieldDescriptor* f,
                    int i) {
  const pb::Reflection* r = m.GetReflection();
  const bool rep = i >= 0;
  switch (f->type()) {
    case pb::FieldDescriptor::TYPE_INT32: {
      const int64_t v = rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f);
      return static_cast<uint64_t>(v);
    }
    case pb::FieldDescriptor::TYPE_SINT32: {
      const int32_t v = rep ? r->GetRepeatedInt32(m, f, i) : r->GetInt32(m, f);
      return (static_cast<uint32_t>(v) << 1) ^ static_cast<uint32_t>(v >> 31);
    }
    case pb::FieldDescriptor::TYPE_SINT64: {
      const int64_t v = rep ? r->GetRepeatedInt64(m, f, i) : r->GetInt64(m, f);
      return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
    }
    case pb::FieldDescriptor::TYPE_INT64:
      return static_cast<uint64_t>(rep ? r->GetRepeatedInt64(m, f, i)
                                       : r->GetInt64(m, f));
    case pb::FieldDescriptor::TYPE_UINT32:
      return rep ? r->GetRepeatedUInt32(m, f, i) : r->GetUInt32(m, f);
    case pb::FieldDescriptor::TYPE_UINT64:
    case pb::FieldDescriptor::TYPE_FIXED64:
      return rep ? r->GetRepeatedUInt64(m, f, i) : r->GetUInt64(m, f);
    case pb::FieldDescriptor::TYPE_BOOL:
      return rep ? r->GetRepeatedBool(m, f, i) : r->GetBool(m, f);
    case pb::FieldDescriptor::TYPE_ENUM:
      return static_cast<uint64_t>(static_cast<int64_t>(
          rep ? r->GetRepeatedEnumValue(m, f, i) : r->GetEnumValue(m, f)));
    case pb::FieldDescriptor::TYPE_DOUBLE:
      return std::bit_cast<uint64_t>(rep ? r->GetRepeatedDouble(m, f, i)
                                         : r->GetDouble(m, f));
    default:
      ADD_FAILURE() << "unexpected scalar type " << f->type_name();
      return 0;
  }
}

bool IsFixed64(const pb::FieldDescriptor* f) {
  return f->type() == pb::FieldDescriptor::TYPE_FIXED64 ||
         f->type() == pb::FieldDescriptor::TYPE_DOUBLE;
}

void PutScalar(std::string* out, const pb::FieldDescriptor* f, uint64_t v) {
  IsFixed64(f) ? PutFixed64(out, v) : PutVarint(out, v);
}

void SerializeShuffled(const pb::Message& m, Rng& rng, std::string* out);

void PutElement(const pb::Message& m, const pb::FieldDescriptor* f, int i,
                Rng& rng, std::string* out) {
  const pb::Reflection* r = m.GetReflection();
  const bool rep = i >= 0;
  switch (f->cpp_type()) {
    case pb::FieldDescriptor::CPPTYPE_STRING: {
      const std::string s =
          rep ? r->GetRepeatedString(m, f, i) : r->GetString(m, f);
      PutTag(out, f->number(), 2);
      PutVarint(out, s.size());
      out->append(s);
      return;
    }
    case pb::FieldDescriptor::CPPTYPE_MESSAGE: {
      std::string body;
      SerializeShuffled(rep ? r->GetRepeatedMessage(m, f, i)
                            : r->GetMessage(m, f),
                        rng, &body);
      PutTag(out, f->number(), 2);
      PutVarint(out, body.size());
      out->append(body);
      return;
    }
    default:
      PutTag(out, f->number(), IsFixed64(f) ? 1 : 0);
      PutScalar(out, f, ScalarBits(m, f, i));
  }
}

void SerializeShuffled(const pb::Message& m, Rng& rng, std::string* out) {
  const pb::Reflection* r = m.GetReflection();
  std::vector<const pb::FieldDescriptor*> fields;
  r->ListFields(m, &fields);
  std::shuffle(fields.begin(), fields.end(), rng);
  for (const pb::FieldDescriptor* f : fields) {
    if (!f->is_repeated()) {
      PutElement(m, f, -1, rng, out);
      continue;
    }
    const int n = r->FieldSize(m, f);
    const bool scalar =
        f->cpp_type() != pb::FieldDescriptor::CPPTYPE_STRING &&
        f->cpp_type() != pb::FieldDescriptor::CPPTYPE_MESSAGE;
    if (scalar && Chance(rng, 50)) {
      std::string body;
      for (int i = 0; i < n; ++i) PutScalar(&body, f, ScalarBits(m, f, i));
      PutTag(out, f->number(), 2);
      PutVarint(out, body.size());
      out->append(body);
    } else {
      for (int i = 0; i < n; ++i) PutElement(m, f, i, rng, out);
    }
  }
}

// ---- Mutations ----------------------------------------------------------------

std::string Mutate(std::string bytes, Rng& rng) {
  const int edits = std::uniform_int_distribution<int>(1, 3)(rng);
  for (int k = 0; k < edits; ++k) {
    const size_t n = bytes.size();
    const size_t at = n == 0 ? 0 : rng() % n;
    switch (rng() % 6) {
      case 0:  // A random byte.
        if (n > 0) bytes[at] = static_cast<char>(rng());
        break;
      case 1:  // A bit.
        if (n > 0) bytes[at] ^= static_cast<char>(1 << (rng() % 8));
        break;
      case 2:  // Insert.
        bytes.insert(bytes.begin() + static_cast<ptrdiff_t>(at),
                     static_cast<char>(rng()));
        break;
      case 3:  // Delete.
        if (n > 0) bytes.erase(at, 1);
        break;
      case 4:  // Truncate.
        bytes.resize(at);
        break;
      case 5:  // A continuation or zero byte, the varint edge cases.
        if (n > 0) bytes[at] = Chance(rng, 50) ? '\x80' : '\0';
        break;
    }
  }
  return bytes;
}

// ---- The random test ---------------------------------------------------------

struct Stats {
  int rejected = 0;
  int agreed = 0;
  int undecoded = 0;
};

template <typename Model, typename Proto>
void RunRandom(bool (*decode)(protobuf::Decoder&, Model*), int messages,
               uint64_t seed, Stats* stats) {
  Rng rng(seed);
  for (int n = 0; n < messages; ++n) {
    Proto original;
    FillRandom(&original, rng, 0);
    std::string bytes;
    if (Chance(rng, 30)) {
      ASSERT_TRUE(original.SerializePartialToString(&bytes));
    } else {
      SerializeShuffled(original, rng, &bytes);
    }
    // An unmutated message is valid: colcheck accepts it, and it agrees.
    std::string failure;
    const Outcome o = Compare<Model, Proto>(bytes, decode, &failure);
    ASSERT_NE(o, Outcome::kRejected)
        << Proto::descriptor()->name() << " #" << n << " " << Hex(bytes);
    ASSERT_TRUE(failure.empty())
        << Proto::descriptor()->name() << " #" << n << " " << Hex(bytes)
        << "\n" << failure;
    ++stats->agreed;
    for (int k = 0; k < 4; ++k) {
      const std::string mutated = Mutate(bytes, rng);
      failure.clear();
      switch (Compare<Model, Proto>(mutated, decode, &failure)) {
        case Outcome::kRejected:
          ++stats->rejected;
          break;
        case Outcome::kAgreed:
          ++stats->agreed;
          break;
        case Outcome::kUndecodedFault:
          ++stats->undecoded;
          break;
      }
      ASSERT_TRUE(failure.empty())
          << Proto::descriptor()->name() << " #" << n << "." << k << " "
          << Hex(mutated) << "\n" << failure;
    }
  }
}

constexpr int kMessagesPerType = 600;

TEST(OrcMetadataDiff, RandomPostScripts) {
  Stats s;
  RunRandom<PostScript, op::PostScript>(DecodePostScript, kMessagesPerType, 1,
                                        &s);
  EXPECT_GT(s.rejected, 0);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomFooters) {
  Stats s;
  RunRandom<Footer, op::Footer>(DecodeFooter, kMessagesPerType, 2, &s);
  EXPECT_GT(s.rejected, 0);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomMetadata) {
  Stats s;
  RunRandom<Metadata, op::Metadata>(DecodeMetadata, kMessagesPerType, 3, &s);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomStripeFooters) {
  Stats s;
  RunRandom<StripeFooter, op::StripeFooter>(DecodeStripeFooter,
                                            kMessagesPerType, 4, &s);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomRowIndexes) {
  Stats s;
  RunRandom<RowIndex, op::RowIndex>(DecodeRowIndex, kMessagesPerType, 5, &s);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomBloomFilterIndexes) {
  Stats s;
  RunRandom<BloomFilterIndex, op::BloomFilterIndex>(
      DecodeBloomFilterIndex, kMessagesPerType, 6, &s);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

TEST(OrcMetadataDiff, RandomColumnarStripeStatistics) {
  Stats s;
  RunRandom<ColumnarStripeStatistics, op::ColumnarStripeStatistics>(
      DecodeColumnarStripeStatistics, kMessagesPerType, 7, &s);
  EXPECT_GT(s.agreed, kMessagesPerType);
}

// ---- The external corpus -------------------------------------------------------

std::filesystem::path CorpusDir() {
  return ::colcheck::testing::ExternalCorpusRoot(
             COLCHECK_DEFAULT_EXTERNAL_CORPUS) /
         "orc";
}

TEST(OrcMetadataDiff, ExternalCorpusTails) {
  const std::filesystem::path dir = CorpusDir();
  if (!std::filesystem::is_directory(dir)) {
    GTEST_SKIP() << dir << " not found; set COLCHECK_EXTERNAL_CORPUS to a "
                           "directory with orc/*.orc";
  }
  const std::vector<std::filesystem::path> files =
      ::colcheck::testing::FilesWithExtension(dir, ".orc");
  ASSERT_FALSE(files.empty());
  int postscripts = 0;
  int footers = 0;
  for (const auto& path : files) {
    std::ifstream in(path, std::ios::binary);
    const std::string file((std::istreambuf_iterator<char>(in)),
                           std::istreambuf_iterator<char>());
    if (file.size() < 4) continue;  // Not an ORC tail at all.
    const size_t ps_len = static_cast<unsigned char>(file.back());
    if (ps_len + 1 > file.size()) continue;
    const size_t ps_at = file.size() - 1 - ps_len;
    const std::string ps_bytes = file.substr(ps_at, ps_len);
    std::string failure;
    EXPECT_EQ((Compare<PostScript, op::PostScript>(ps_bytes, DecodePostScript,
                                                   &failure)),
              Outcome::kAgreed)
        << path;
    EXPECT_TRUE(failure.empty()) << path << "\n" << failure;
    ++postscripts;
    op::PostScript ps;
    if (!ps.ParsePartialFromString(ps_bytes) || ps.compression() != 0 ||
        ps.footer_length() > ps_at) {
      continue;
    }
    const std::string footer_bytes =
        file.substr(ps_at - ps.footer_length(), ps.footer_length());
    EXPECT_EQ((Compare<Footer, op::Footer>(footer_bytes, DecodeFooter,
                                           &failure)),
              Outcome::kAgreed)
        << path;
    EXPECT_TRUE(failure.empty()) << path << "\n" << failure;
    ++footers;
  }
  EXPECT_GT(postscripts, 0);
  std::cout << postscripts << " PostScripts and " << footers
            << " uncompressed Footers compared\n";
}

}  // namespace
}  // namespace colcheck::orc
