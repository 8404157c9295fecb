#include "orc_mutator.h"

#include <google/protobuf/unknown_field_set.h>
#include <gtest/gtest.h>

#include <cstdint>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>

namespace colcheck::fuzz {
namespace {

using google::protobuf::UnknownField;
using google::protobuf::UnknownFieldSet;

std::filesystem::path OrcCorpus() {
  return std::filesystem::path(COLCHECK_MUTATOR_SOURCE_DIR) / "corpus/orc/valid";
}

std::string ReadFile(const std::string& name) {
  std::ifstream in(OrcCorpus() / name, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

std::span<const uint8_t> AsSpan(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

std::optional<uint64_t> Varint(const UnknownFieldSet& set, int number) {
  for (int i = 0; i < set.field_count(); ++i) {
    if (set.field(i).number() == number &&
        set.field(i).type() == UnknownField::TYPE_VARINT) {
      return set.field(i).varint();
    }
  }
  return std::nullopt;
}

std::deque<UnknownFieldSet> Messages(const UnknownFieldSet& set, int number) {
  std::deque<UnknownFieldSet> out;
  for (int i = 0; i < set.field_count(); ++i) {
    if (set.field(i).number() != number ||
        set.field(i).type() != UnknownField::TYPE_LENGTH_DELIMITED) {
      continue;
    }
    out.emplace_back();
    if (!out.back().ParseFromString(set.field(i).length_delimited())) {
      out.pop_back();
    }
  }
  return out;
}

// A region as a reader frames it: `framed` when its chunk headers walk
// exactly to its end, `bytes` when every chunk is stored (isOriginal) or
// there is no codec.
struct Stored {
  bool framed = false;
  std::optional<std::string> bytes;
};

Stored Frame(const std::string& file, uint64_t offset, uint64_t length,
             bool compressed) {
  Stored out;
  if (offset > file.size() || length > file.size() - offset) return out;
  out.framed = true;
  if (!compressed) {
    out.bytes = file.substr(offset, length);
    return out;
  }
  std::string bytes;
  bool original = true;
  for (uint64_t pos = offset; pos < offset + length;) {
    const auto* b = reinterpret_cast<const uint8_t*>(file.data()) + pos;
    const uint32_t header = b[0] | (b[1] << 8) | (uint32_t{b[2]} << 16);
    const uint64_t n = header >> 1;
    if (offset + length - pos < 3 || n > offset + length - pos - 3) {
      out.framed = false;
      return out;
    }
    pos += 3;
    original = original && (header & 1) != 0;
    bytes.append(file, pos, n);
    pos += n;
  }
  if (original) out.bytes = std::move(bytes);
  return out;
}

struct Tail {
  UnknownFieldSet postscript;
  UnknownFieldSet footer;
  bool compressed = false;
};

// Reads the tail as a reader does, from the length byte at the end.
std::unique_ptr<Tail> ReadTail(const std::string& file) {
  auto t = std::make_unique<Tail>();
  const uint64_t ps_length = static_cast<uint8_t>(file.back());
  if (ps_length + 4 > file.size()) return nullptr;
  const uint64_t ps_offset = file.size() - 1 - ps_length;
  if (!t->postscript.ParseFromString(file.substr(ps_offset, ps_length))) {
    return nullptr;
  }
  t->compressed = Varint(t->postscript, 2).value_or(0) != 0;
  const uint64_t footer_length = Varint(t->postscript, 1).value_or(0);
  const uint64_t metadata_length = Varint(t->postscript, 5).value_or(0);
  if (footer_length + metadata_length > ps_offset) return nullptr;
  const Stored footer = Frame(file, ps_offset - footer_length, footer_length,
                              t->compressed);
  if (!footer.bytes || !t->footer.ParseFromString(*footer.bytes)) {
    return nullptr;
  }
  return t;
}

uint64_t StripeFooterOffset(const UnknownFieldSet& stripe) {
  return Varint(stripe, 1).value_or(0) + Varint(stripe, 2).value_or(0) +
         Varint(stripe, 3).value_or(0);
}

// Whether every stripe's footer, as Footer.stripes locates it, is framed
// where it says, and a message where it is stored.
bool StripeFootersLocated(const std::string& file, const Tail& tail) {
  for (const UnknownFieldSet& s : Messages(tail.footer, 3)) {
    const Stored stored = Frame(file, StripeFooterOffset(s),
                                Varint(s, 4).value_or(0), tail.compressed);
    UnknownFieldSet footer;
    if (!stored.framed ||
        (stored.bytes && (!footer.ParseFromString(*stored.bytes) ||
                          footer.empty()))) {
      return false;
    }
  }
  return true;
}

TEST(OrcMutator, ReadsTheTailOfEveryCodec) {
  // Each file's Footer is decompressed to be parsed: ZLIB, SNAPPY, LZO,
  // LZ4, ZSTD and none.
  size_t files = 0;
  for (const auto& entry : std::filesystem::directory_iterator(OrcCorpus())) {
    if (entry.path().extension() != ".orc") continue;
    ++files;
    const std::string file = ReadFile(entry.path().filename());
    bool mutated = false;
    for (uint64_t seed = 0; seed < 8 && !mutated; ++seed) {
      const std::string out = MutateOrcWith(AsSpan(file), seed, true);
      mutated = !out.empty() && out != file;
    }
    EXPECT_TRUE(mutated) << entry.path();
  }
  EXPECT_GE(files, 16u);
}

TEST(OrcMutator, RepairsWhatLocatesTheChangedMessage) {
  // Uncompressed and ZLIB files, one stripe and several. A changed
  // message is stored in isOriginal chunks (after a stripe footer, the
  // Footer too); a changed stripe footer moves the stripes after it.
  for (const char* name : {"codec_none.orc", "nulls.orc", "rle_v1.orc",
                           "stripes_index_bloom.orc"}) {
    const std::string file = ReadFile(name);
    int stripe_footers = 0;
    for (uint64_t seed = 0; seed < 300; ++seed) {
      OrcMessage changed;
      const std::string out =
          MutateOrcWith(AsSpan(file), seed, /*repair=*/true, &changed);
      if (out.empty() || changed == OrcMessage::kPostScript) continue;
      const std::unique_ptr<Tail> tail = ReadTail(out);
      if (changed == OrcMessage::kFooter) {
        EXPECT_NE(tail, nullptr) << name << " seed " << seed;
      } else if (changed == OrcMessage::kStripeFooter) {
        ++stripe_footers;
        ASSERT_NE(tail, nullptr) << name << " seed " << seed;
        EXPECT_TRUE(StripeFootersLocated(out, *tail)) << name << " " << seed;
      }
    }
    EXPECT_GT(stripe_footers, 0) << name;
  }
}

TEST(OrcMutator, ReachesBoundaryCounts) {
  // stripes[i].numberOfRows (Footer 3 > 5) and streams[i].length
  // (StripeFooter 1 > 3) get values past 2^31 - 1: what the column stage
  // loops over.
  const std::string file = ReadFile("codec_none.orc");
  int huge_rows = 0;
  int huge_streams = 0;
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    OrcMessage changed;
    const std::string out = MutateOrcWith(AsSpan(file), seed, true, &changed);
    const std::unique_ptr<Tail> tail = out.empty() ? nullptr : ReadTail(out);
    if (!tail) continue;
    for (const UnknownFieldSet& s : Messages(tail->footer, 3)) {
      huge_rows += Varint(s, 5).value_or(0) >= (uint64_t{1} << 31) - 1;
      if (changed != OrcMessage::kStripeFooter) continue;
      UnknownFieldSet footer;
      const Stored stored = Frame(out, StripeFooterOffset(s),
                                  Varint(s, 4).value_or(0), false);
      if (!stored.bytes || !footer.ParseFromString(*stored.bytes)) continue;
      for (const UnknownFieldSet& stream : Messages(footer, 1)) {
        huge_streams += Varint(stream, 3).value_or(0) >= (uint64_t{1} << 31) - 1;
      }
    }
  }
  EXPECT_GT(huge_rows, 0);
  EXPECT_GT(huge_streams, 0);
}

TEST(OrcMutator, WithoutRepairThePostScriptStays) {
  const std::string file = ReadFile("codec_none.orc");
  const size_t ps_length = static_cast<uint8_t>(file.back());
  const std::string postscript = file.substr(file.size() - 1 - ps_length);
  int footers = 0;
  for (uint64_t seed = 0; seed < 64; ++seed) {
    OrcMessage changed;
    const std::string out = MutateOrcWith(AsSpan(file), seed, false, &changed);
    if (out.empty() || changed != OrcMessage::kFooter) continue;
    ++footers;
    EXPECT_EQ(out.substr(out.size() - postscript.size()), postscript) << seed;
  }
  EXPECT_GT(footers, 0);
}

TEST(OrcMutator, DeterministicAndSafeOnOtherInput) {
  const std::string file = ReadFile("nested.orc");
  EXPECT_EQ(MutateOrcWith(AsSpan(file), 7, true),
            MutateOrcWith(AsSpan(file), 7, true));
  EXPECT_NE(MutateOrcWith(AsSpan(file), 7, true),
            MutateOrcWith(AsSpan(file), 8, true));
  for (const std::string& bad :
       {std::string(""), std::string("ORC"), std::string("PAR1xxxxPAR1"),
        file.substr(0, file.size() / 2), file.substr(0, file.size() - 1)}) {
    EXPECT_EQ(MutateOrcWith(AsSpan(bad), 1, true), "");
  }
  std::string cut = file.substr(0, file.size() - 1);
  const std::string before = cut;
  EXPECT_EQ(MutateOrc(reinterpret_cast<uint8_t*>(cut.data()), cut.size(),
                      cut.size(), 3),
            0u);
  EXPECT_EQ(cut, before);
}

}  // namespace
}  // namespace colcheck::fuzz
