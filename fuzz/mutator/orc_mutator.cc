#include "orc_mutator.h"

#include <google/protobuf/unknown_field_set.h>
#include <libdeflate.h>
#include <lz4.h>
#include <lzo/lzo1x.h>
#include <snappy-c.h>
#include <zstd.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

namespace colcheck::fuzz {
namespace {

using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;
using Rng = std::mt19937_64;

// Field numbers of orc_proto.proto that locate the messages.
constexpr int kPsFooterLength = 1;
constexpr int kPsCompression = 2;
constexpr int kPsBlockSize = 3;
constexpr int kPsMetadataLength = 5;
constexpr int kFooterStripes = 3;
constexpr int kStripeOffset = 1;
constexpr int kStripeIndexLength = 2;
constexpr int kStripeDataLength = 3;
constexpr int kStripeFooterLength = 4;

// CompressionKind.
enum Codec : uint64_t {
  kNone = 0,
  kZlib = 1,
  kSnappy = 2,
  kLzo = 3,
  kLz4 = 4,
  kZstd = 5,
};

// A chunk's length field has 23 bits; a decompressed chunk holds at most
// the block size (256 KiB by default), here at most this much, and a
// region at most kMaxRegion, so a lying header cannot make the model
// allocate much.
constexpr uint64_t kMaxChunk = (uint64_t{1} << 23) - 1;
constexpr size_t kMaxRegion = size_t{16} << 20;
constexpr uint64_t kDefaultBlock = uint64_t{256} << 10;
// Nested messages the mutator walks into: Footer > Type, StripeFooter >
// Stream, Metadata > StripeStatistics > ColumnStatistics > IntegerStatistics.
constexpr int kMaxDepth = 4;

struct Region {
  uint64_t offset = 0;
  uint64_t length = 0;
  uint64_t end() const { return offset + length; }
};

struct OrcModel {
  std::span<const uint8_t> file;
  UnknownFieldSet postscript;
  uint64_t codec = kNone;
  uint64_t block_size = kDefaultBlock;
  Region metadata;
  Region footer;
  Region postscript_region;
  std::string footer_bytes;  // Decompressed.
  // Each usable element of Footer.stripes: its index among them and the
  // span of its StripeFooter.
  std::vector<std::pair<int, Region>> stripe_footers;
};

std::optional<uint64_t> Varint(const UnknownFieldSet& set, int number) {
  for (int i = 0; i < set.field_count(); ++i) {
    const UnknownField& f = set.field(i);
    if (f.number() == number && f.type() == UnknownField::TYPE_VARINT) {
      return f.varint();
    }
  }
  return std::nullopt;
}

// Sets the first varint field `number`, or adds it.
void SetVarint(UnknownFieldSet* set, int number, uint64_t value) {
  for (int i = 0; i < set->field_count(); ++i) {
    UnknownField* f = set->mutable_field(i);
    if (f->number() == number && f->type() == UnknownField::TYPE_VARINT) {
      f->set_varint(value);
      return;
    }
  }
  set->AddVarint(number, value);
}

bool ParseMessage(std::string_view bytes, UnknownFieldSet* set) {
  return set->ParseFromArray(bytes.data(), static_cast<int>(bytes.size())) &&
         !set->empty();
}

std::string Serialize(const UnknownFieldSet& set) {
  std::string out;
  set.SerializeToString(&out);
  return out;
}

// Appends the decompression of one chunk, at most `capacity` bytes.
bool DecompressChunk(uint64_t codec, std::span<const uint8_t> in,
                     size_t capacity, std::string* out) {
  const size_t start = out->size();
  out->resize(start + capacity);
  char* dst = out->data() + start;
  const char* src = reinterpret_cast<const char*>(in.data());
  size_t n = 0;
  bool ok = false;
  switch (codec) {
    case kZlib: {  // Raw DEFLATE, no zlib header.
      libdeflate_decompressor* d = libdeflate_alloc_decompressor();
      ok = d != nullptr &&
           libdeflate_deflate_decompress(d, in.data(), in.size(), dst,
                                         capacity, &n) == LIBDEFLATE_SUCCESS;
      libdeflate_free_decompressor(d);
      break;
    }
    case kSnappy: {
      size_t length = 0;
      ok = snappy_uncompressed_length(src, in.size(), &length) == SNAPPY_OK &&
           length <= capacity &&
           snappy_uncompress(src, in.size(), dst, &length) == SNAPPY_OK;
      n = length;
      break;
    }
    case kLzo: {
      static const bool kLzoReady = lzo_init() == LZO_E_OK;
      lzo_uint length = capacity;
      ok = kLzoReady &&
           lzo1x_decompress_safe(in.data(), in.size(),
                                 reinterpret_cast<unsigned char*>(dst),
                                 &length, nullptr) == LZO_E_OK;
      n = length;
      break;
    }
    case kLz4: {
      const int r = LZ4_decompress_safe(src, dst, static_cast<int>(in.size()),
                                        static_cast<int>(capacity));
      ok = r >= 0;
      n = ok ? static_cast<size_t>(r) : 0;
      break;
    }
    case kZstd: {
      const size_t r = ZSTD_decompress(dst, capacity, in.data(), in.size());
      ok = ZSTD_isError(r) == 0;
      n = ok ? r : 0;
      break;
    }
    default:
      break;
  }
  out->resize(ok ? start + n : start);
  return ok;
}

// The decompressed bytes of `region`, chunk by chunk.
bool DecodeRegion(const OrcModel& m, Region region, std::string* out) {
  const std::span<const uint8_t> bytes =
      m.file.subspan(region.offset, region.length);
  if (m.codec == kNone) {
    out->assign(bytes.begin(), bytes.end());
    return true;
  }
  const size_t capacity =
      static_cast<size_t>(std::min(std::max(m.block_size, uint64_t{1}),
                                   kMaxChunk));
  out->clear();
  for (size_t pos = 0; pos < bytes.size();) {
    if (bytes.size() - pos < 3) return false;
    const uint32_t header = bytes[pos] | (bytes[pos + 1] << 8) |
                            (uint32_t{bytes[pos + 2]} << 16);
    const size_t length = header >> 1;
    pos += 3;
    if (length > bytes.size() - pos || out->size() + capacity > kMaxRegion) {
      return false;
    }
    const std::span<const uint8_t> chunk = bytes.subspan(pos, length);
    if ((header & 1) != 0) {
      out->append(reinterpret_cast<const char*>(chunk.data()), chunk.size());
    } else if (!DecompressChunk(m.codec, chunk, capacity, out)) {
      return false;
    }
    pos += length;
  }
  return true;
}

// `bytes` as the file stores a region: as they are without a codec, else
// as isOriginal chunks of at most the block size.
std::string EncodeRegion(const OrcModel& m, std::string_view bytes) {
  if (m.codec == kNone) return std::string(bytes);
  const size_t chunk = static_cast<size_t>(
      std::clamp<uint64_t>(m.block_size, 1, kMaxChunk));
  std::string out;
  for (size_t pos = 0; pos < bytes.size(); pos += chunk) {
    const size_t n = std::min(chunk, bytes.size() - pos);
    const uint32_t header = static_cast<uint32_t>(n << 1) | 1;
    out.push_back(static_cast<char>(header & 0xff));
    out.push_back(static_cast<char>((header >> 8) & 0xff));
    out.push_back(static_cast<char>(header >> 16));
    out.append(bytes.substr(pos, n));
  }
  return out;
}

// The StripeFooter span of one StripeInformation, when it lies between
// the magic and the Metadata.
std::optional<Region> StripeFooterRegion(std::string_view information,
                                         uint64_t limit) {
  UnknownFieldSet stripe;
  if (!ParseMessage(information, &stripe)) return std::nullopt;
  const uint64_t offset = Varint(stripe, kStripeOffset).value_or(0);
  const uint64_t index = Varint(stripe, kStripeIndexLength).value_or(0);
  const uint64_t data = Varint(stripe, kStripeDataLength).value_or(0);
  const uint64_t length = Varint(stripe, kStripeFooterLength).value_or(0);
  if (offset < 3 || offset > limit || index > limit - offset ||
      data > limit - offset - index || length == 0 ||
      length > limit - offset - index - data) {
    return std::nullopt;
  }
  return Region{offset + index + data, length};
}

bool ParseModel(std::span<const uint8_t> file, OrcModel* m) {
  if (!LooksLikeOrc(file) || file.size() < 5) return false;
  m->file = file;
  const uint64_t ps_length = file.back();
  if (ps_length == 0 || ps_length > file.size() - 4) return false;
  m->postscript_region = {file.size() - 1 - ps_length, ps_length};
  const auto* ps = reinterpret_cast<const char*>(file.data()) +
                   m->postscript_region.offset;
  if (!ParseMessage({ps, ps_length}, &m->postscript)) return false;
  m->codec = Varint(m->postscript, kPsCompression).value_or(kNone);
  m->block_size = Varint(m->postscript, kPsBlockSize).value_or(kDefaultBlock);
  if (m->codec > kZstd) return false;
  const uint64_t footer_length =
      Varint(m->postscript, kPsFooterLength).value_or(0);
  const uint64_t metadata_length =
      Varint(m->postscript, kPsMetadataLength).value_or(0);
  const uint64_t before_ps = m->postscript_region.offset - 3;
  if (footer_length > before_ps || metadata_length > before_ps - footer_length) {
    return false;
  }
  m->footer = {m->postscript_region.offset - footer_length, footer_length};
  m->metadata = {m->footer.offset - metadata_length, metadata_length};
  UnknownFieldSet footer;
  if (!DecodeRegion(*m, m->footer, &m->footer_bytes) ||
      !ParseMessage(m->footer_bytes, &footer)) {
    return false;
  }
  int stripe = 0;
  for (int i = 0; i < footer.field_count(); ++i) {
    const UnknownField& f = footer.field(i);
    if (f.number() != kFooterStripes ||
        f.type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      continue;
    }
    if (const auto region =
            StripeFooterRegion(f.length_delimited(), m->metadata.offset)) {
      m->stripe_footers.emplace_back(stripe, *region);
    }
    ++stripe;
  }
  return true;
}

uint64_t BoundaryValue(Rng& rng, uint64_t old) {
  static constexpr std::array<uint64_t, 18> kBoundaries = {
      0,
      1,
      2,
      0x7f,
      0x80,
      0xff,
      1000,
      10000,
      uint64_t{1} << 16,
      (uint64_t{1} << 31) - 1,
      uint64_t{1} << 31,
      (uint64_t{1} << 32) - 1,
      uint64_t{1} << 32,
      uint64_t{1} << 40,
      uint64_t{1} << 53,
      (uint64_t{1} << 63) - 1,
      uint64_t{1} << 63,
      ~uint64_t{0},
  };
  switch (rng() % 4) {
    case 0:
      return old + 1 + rng() % 4;
    case 1:
      return old - 1 - rng() % 4;
    case 2:
      return old << (1 + rng() % 16);
    default:
      return kBoundaries[rng() % kBoundaries.size()];
  }
}

// Changes one field of `set`: a varint (five times in eight, when there is
// one), else a field dropped, repeated, or its value's bytes changed.
bool MutateField(UnknownFieldSet* set, Rng& rng) {
  std::vector<int> varints;
  for (int i = 0; i < set->field_count(); ++i) {
    if (set->field(i).type() == UnknownField::TYPE_VARINT) varints.push_back(i);
  }
  const uint64_t op = rng() % 8;
  if (op < 5 && !varints.empty()) {
    UnknownField* f = set->mutable_field(varints[rng() % varints.size()]);
    f->set_varint(BoundaryValue(rng, f->varint()));
    return true;
  }
  const int i = static_cast<int>(rng() % set->field_count());
  UnknownField* f = set->mutable_field(i);
  switch (op % 4) {
    case 0:
      set->DeleteSubrange(i, 1);
      return true;
    case 1: {
      // A copy of a repeated element: one more stripe, type or stream.
      UnknownFieldSet copy;
      copy.AddField(*f);
      set->MergeFrom(copy);
      return true;
    }
    default:
      break;
  }
  switch (f->type()) {
    case UnknownField::TYPE_VARINT:
      f->set_varint(BoundaryValue(rng, f->varint()));
      return true;
    case UnknownField::TYPE_FIXED32:
      f->set_fixed32(static_cast<uint32_t>(BoundaryValue(rng, f->fixed32())));
      return true;
    case UnknownField::TYPE_FIXED64:
      f->set_fixed64(BoundaryValue(rng, f->fixed64()));
      return true;
    case UnknownField::TYPE_LENGTH_DELIMITED: {
      std::string* bytes = f->mutable_length_delimited();
      if (!bytes->empty() && rng() % 2 == 0) {
        bytes->resize(rng() % bytes->size());
      } else if (!bytes->empty() && rng() % 2 == 0) {
        (*bytes)[rng() % bytes->size()] ^= static_cast<char>(1 << (rng() % 8));
      } else {
        bytes->append(1 + rng() % 16, static_cast<char>(rng()));
      }
      return true;
    }
    default:
      return false;
  }
}

// Mutates the message in `bytes`, or one nested in it (two times in three
// when a length-delimited field parses as a message).
bool MutateMessage(std::string* bytes, Rng& rng, int depth) {
  UnknownFieldSet set;
  if (!ParseMessage(*bytes, &set)) return false;
  std::vector<int> nested;
  if (depth < kMaxDepth) {
    for (int i = 0; i < set.field_count(); ++i) {
      UnknownFieldSet child;
      if (set.field(i).type() == UnknownField::TYPE_LENGTH_DELIMITED &&
          ParseMessage(set.field(i).length_delimited(), &child)) {
        nested.push_back(i);
      }
    }
  }
  if (!nested.empty() && rng() % 3 != 0) {
    const int i = nested[rng() % nested.size()];
    std::string child = set.field(i).length_delimited();
    if (MutateMessage(&child, rng, depth + 1)) {
      *set.mutable_field(i)->mutable_length_delimited() = std::move(child);
      *bytes = Serialize(set);
      return true;
    }
  }
  if (!MutateField(&set, rng)) return false;
  *bytes = Serialize(set);
  return true;
}

std::string_view Bytes(const OrcModel& m, uint64_t from, uint64_t to) {
  return {reinterpret_cast<const char*>(m.file.data()) + from,
          static_cast<size_t>(to - from)};
}

// The file from its tail: the bytes before the Footer, `footer` (stored),
// and `ps`. Empty when the PostScript outgrows its length byte.
std::string WithTail(std::string head,
                     std::string_view footer, const UnknownFieldSet& ps) {
  const std::string postscript = Serialize(ps);
  if (postscript.empty() || postscript.size() > 255) return "";
  head.append(footer);
  head.append(postscript);
  head.push_back(static_cast<char>(postscript.size()));
  return head;
}

std::string MutateFooter(const OrcModel& m, Rng& rng, bool repair) {
  std::string footer = m.footer_bytes;
  if (!MutateMessage(&footer, rng, 0)) return "";
  const std::string stored = EncodeRegion(m, footer);
  UnknownFieldSet ps;
  ps.MergeFrom(m.postscript);
  if (repair) SetVarint(&ps, kPsFooterLength, stored.size());
  return WithTail(std::string(Bytes(m, 0, m.footer.offset)), stored, ps);
}

std::string MutateMetadata(const OrcModel& m, Rng& rng, bool repair) {
  std::string metadata;
  if (!DecodeRegion(m, m.metadata, &metadata) ||
      !MutateMessage(&metadata, rng, 0)) {
    return "";
  }
  std::string head(Bytes(m, 0, m.metadata.offset));
  const std::string stored = EncodeRegion(m, metadata);
  head.append(stored);
  UnknownFieldSet ps;
  ps.MergeFrom(m.postscript);
  if (repair) SetVarint(&ps, kPsMetadataLength, stored.size());
  return WithTail(std::move(head), Bytes(m, m.footer.offset, m.footer.end()),
                  ps);
}

// The Footer with stripe `changed`'s footer `length` bytes long, and the
// stripes after it moved by `shift` bytes.
std::string RepairStripes(const OrcModel& m, int changed, Region old_footer,
                          uint64_t length) {
  UnknownFieldSet footer;
  ParseMessage(m.footer_bytes, &footer);
  const uint64_t shift = length - old_footer.length;  // Modulo 2^64.
  int stripe = 0;
  for (int i = 0; i < footer.field_count(); ++i) {
    UnknownField* f = footer.mutable_field(i);
    if (f->number() != kFooterStripes ||
        f->type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      continue;
    }
    UnknownFieldSet information;
    if (ParseMessage(f->length_delimited(), &information)) {
      if (stripe == changed) {
        SetVarint(&information, kStripeFooterLength, length);
      }
      const uint64_t offset = Varint(information, kStripeOffset).value_or(0);
      if (offset >= old_footer.end()) {
        SetVarint(&information, kStripeOffset, offset + shift);
      }
      *f->mutable_length_delimited() = Serialize(information);
    }
    ++stripe;
  }
  return Serialize(footer);
}

std::string MutateStripeFooter(const OrcModel& m, Rng& rng, bool repair) {
  const auto& [stripe, region] =
      m.stripe_footers[rng() % m.stripe_footers.size()];
  std::string stripe_footer;
  if (!DecodeRegion(m, region, &stripe_footer) ||
      !MutateMessage(&stripe_footer, rng, 0)) {
    return "";
  }
  const std::string stored = EncodeRegion(m, stripe_footer);
  std::string head(Bytes(m, 0, region.offset));
  head.append(stored);
  head.append(Bytes(m, region.end(), m.footer.offset));
  UnknownFieldSet ps;
  ps.MergeFrom(m.postscript);
  if (!repair) {
    return WithTail(std::move(head),
                    Bytes(m, m.footer.offset, m.footer.end()), ps);
  }
  const std::string footer =
      EncodeRegion(m, RepairStripes(m, stripe, region, stored.size()));
  SetVarint(&ps, kPsFooterLength, footer.size());
  return WithTail(std::move(head), footer, ps);
}

std::string MutatePostScript(const OrcModel& m, Rng& rng) {
  std::string ps = Serialize(m.postscript);
  UnknownFieldSet mutated;
  if (!MutateMessage(&ps, rng, 0) || !ParseMessage(ps, &mutated)) return "";
  return WithTail(std::string(Bytes(m, 0, m.footer.end())), "", mutated);
}

}  // namespace

bool LooksLikeOrc(std::span<const uint8_t> input) {
  return input.size() >= 3 && std::memcmp(input.data(), "ORC", 3) == 0;
}

std::string MutateOrcWith(std::span<const uint8_t> input, uint64_t seed,
                          bool repair, OrcMessage* changed) {
  OrcModel m;
  if (!ParseModel(input, &m)) return "";
  Rng rng(seed);
  // Footer and stripe footers hold the counts and lengths the column
  // stage loops over; the PostScript has its own target (orc_tail_fuzzer).
  const uint64_t pick = rng() % 16;
  OrcMessage message = OrcMessage::kFooter;
  if (pick >= 7 && pick < 13 && !m.stripe_footers.empty()) {
    message = OrcMessage::kStripeFooter;
  } else if (pick >= 13 && pick < 15 && m.metadata.length > 0) {
    message = OrcMessage::kMetadata;
  } else if (pick == 15) {
    message = OrcMessage::kPostScript;
  }
  if (changed != nullptr) *changed = message;
  switch (message) {
    case OrcMessage::kFooter:
      return MutateFooter(m, rng, repair);
    case OrcMessage::kStripeFooter:
      return MutateStripeFooter(m, rng, repair);
    case OrcMessage::kMetadata:
      return MutateMetadata(m, rng, repair);
    case OrcMessage::kPostScript:
      return MutatePostScript(m, rng);
  }
  return "";
}

size_t MutateOrc(uint8_t* data, size_t size, size_t max_size, unsigned seed) {
  Rng rng(seed);
  // A message without the field drawn, or an output past max_size, gets
  // another draw.
  for (int attempt = 0; attempt < 4; ++attempt) {
    const bool repair = rng() % 8 != 0;
    const std::string out = MutateOrcWith({data, size}, rng(), repair);
    if (!out.empty() && out.size() <= max_size) {
      std::memcpy(data, out.data(), out.size());
      return out.size();
    }
  }
  return 0;
}

}  // namespace colcheck::fuzz
