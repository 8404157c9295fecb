#include "parquet_mutator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "colcheck/colcheck.h"
#include "page_codecs.h"
#include "parquet_model.h"

namespace colcheck::fuzz {
namespace {

std::filesystem::path SourceDir() { return COLCHECK_MUTATOR_SOURCE_DIR; }

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// A corpus file; an empty string would silently test the seed instead, so
// a missing file fails the test.
std::string Corpus(const std::string& name) {
  std::string bytes = ReadFile(SourceDir() / "corpus/valid" / name);
  EXPECT_FALSE(bytes.empty()) << name;
  return bytes;
}

std::span<const uint8_t> Bytes(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

int PageCount(const ParquetModel& m) {
  int n = 0;
  for (const Segment& s : m.segments) n += s.is_page;
  return n;
}

bool Valid(const std::string& file) {
  const Report r = ValidateBytes(std::as_bytes(std::span(file)), Options());
  return r.verdict == Verdict::kValid;
}

TEST(ParquetModel, RoundTripIsIdentityOnTheValidCorpus) {
  int files = 0;
  for (const auto& entry :
       std::filesystem::directory_iterator(SourceDir() / "corpus/valid")) {
    if (entry.path().extension() != ".parquet") continue;
    // The structure-aware mutator sees no further than ciphertext: an
    // encrypted file (its keys beside it) is encrypted_fuzzer's.
    std::filesystem::path keys = entry.path();
    if (std::filesystem::exists(keys.replace_extension(".keys.yaml"))) {
      continue;
    }
    SCOPED_TRACE(entry.path().filename().string());
    const std::string input = ReadFile(entry.path());
    ParquetModel m;
    ASSERT_TRUE(ParseParquet(Bytes(input), &m));
    EXPECT_TRUE(m.footer_complete);
    EXPECT_EQ(SerializeParquet(m, /*repair=*/false), input);
    // Repairs of an intact file change nothing.
    EXPECT_EQ(SerializeParquet(m, /*repair=*/true), input);
    if (!ColumnChunks(&m.footer).empty()) {
      EXPECT_GT(PageCount(m), 0);
    }
    ++files;
  }
  EXPECT_GE(files, 30);
}

TEST(ParquetModel, SeedIsValid) {
  const std::string& seed = SeedParquet();
  EXPECT_TRUE(Valid(seed));
  ParquetModel m;
  ASSERT_TRUE(ParseParquet(Bytes(seed), &m));
  EXPECT_EQ(PageCount(m), 1);
  EXPECT_EQ(SerializeParquet(m, false), seed);
}

TEST(ParquetMutator, UnparseableInputFallsBackToTheSeed) {
  const std::string garbage = "not a parquet file at all";
  for (int kind = 0; kind < kMutationCount; ++kind) {
    bool applied_garbage;
    bool applied_seed;
    const auto k = static_cast<Mutation>(kind);
    EXPECT_EQ(MutateWith(Bytes(garbage), k, true, 5, &applied_garbage),
              MutateWith(Bytes(SeedParquet()), k, true, 5, &applied_seed));
  }
  std::vector<uint8_t> buf(4096);
  EXPECT_LE(MutateParquet(buf.data(), 3, buf.size(), 1), buf.size());
}

TEST(ParquetMutator, EveryKindIsBoundedDeterministicAndApplies) {
  const std::string inputs[] = {
      Corpus("mutation_base.parquet"), Corpus("matrix_snappy_v2.parquet"),
      Corpus("dictionary_pages.parquet"), SeedParquet()};
  for (int kind = 0; kind < kMutationCount; ++kind) {
    const auto k = static_cast<Mutation>(kind);
    SCOPED_TRACE(std::string(MutationName(k)));
    int applied_count = 0;
    int changed = 0;
    for (const std::string& input : inputs) {
      for (uint64_t seed = 0; seed < 25; ++seed) {
        bool applied;
        bool again;
        const std::string out =
            MutateWith(Bytes(input), k, true, seed, &applied);
        EXPECT_EQ(out, MutateWith(Bytes(input), k, true, seed, &again));
        applied_count += applied;
        changed += out != input;
      }
    }
    EXPECT_GT(applied_count, 50);
    EXPECT_GT(changed, 25);
  }
  const std::string input = Corpus("mutation_base.parquet");
  for (unsigned seed = 0; seed < 500; ++seed) {
    const size_t max_size = input.size() + seed % 64;
    std::vector<uint8_t> buf(max_size);
    std::copy(input.begin(), input.end(), buf.begin());
    const size_t n = MutateParquet(buf.data(), input.size(), max_size, seed);
    ASSERT_LE(n, max_size);
    std::vector<uint8_t> again(max_size);
    std::copy(input.begin(), input.end(), again.begin());
    ASSERT_EQ(MutateParquet(again.data(), input.size(), max_size, seed), n);
    ASSERT_TRUE(std::equal(buf.begin(), buf.begin() + n, again.begin()));
  }
}

// Mutations stack across a campaign: a count one mutation set to a boundary
// (INT64_MIN) is the next one's input, and stepping it must wrap, not
// overflow (UBSan found it in a structured campaign, 2026-12-04).
TEST(ParquetMutator, NumChildrenStepsWrapAtTheBoundaries) {
  std::string input = Corpus("mutation_base.parquet");
  for (uint64_t seed = 0; seed < 2000; ++seed) {
    bool applied;
    input = MutateWith(Bytes(input), Mutation::kNumChildren, true, seed,
                       &applied);
  }
  EXPECT_FALSE(input.empty());
}

// After a repaired body mutation the file reparses with every page found,
// the footer length right and every CRC and compressed size matching.
TEST(ParquetMutator, RepairsFixFooterLengthSizesAndCrcs) {
  const std::string input = Corpus("v2_gzip_crc.parquet");
  ParquetModel original;
  ASSERT_TRUE(ParseParquet(Bytes(input), &original));
  int crcs = 0;
  for (const Mutation kind :
       {Mutation::kPageBody, Mutation::kPageDuplicateOrDrop,
        Mutation::kCodecSwap, Mutation::kListInsert,
        Mutation::kDuplicateField}) {
    for (uint64_t seed = 0; seed < 40; ++seed) {
      bool applied;
      const std::string out =
          MutateWith(Bytes(input), kind, true, seed, &applied);
      ParquetModel m;
      ASSERT_TRUE(ParseParquet(Bytes(out), &m));
      ASSERT_TRUE(m.footer_complete);
      EXPECT_EQ(m.footer_offset + m.footer_length + 8, out.size());
      EXPECT_EQ(out.substr(0, 4), "PAR1");
      EXPECT_EQ(out.substr(out.size() - 4), "PAR1");
      if (kind != Mutation::kPageDuplicateOrDrop) {
        EXPECT_EQ(PageCount(m), PageCount(original))
            << MutationName(kind) << " seed " << seed;
      }
      for (const Segment& s : m.segments) {
        if (!s.is_page) continue;
        int64_t size = -1;
        int64_t crc;
        EXPECT_TRUE(GetInt(s.header, field::kPageCompressedSize, &size));
        EXPECT_EQ(size, static_cast<int64_t>(s.bytes.size()));
        if (GetInt(s.header, field::kPageCrc, &crc)) {
          EXPECT_EQ(static_cast<uint32_t>(crc), PageCrc(Bytes(s.bytes)));
          ++crcs;
        }
      }
    }
  }
  EXPECT_GT(crcs, 0);
}

int CountCode(const std::string& file, Code code) {
  const Report r = ValidateBytes(std::as_bytes(std::span(file)), Options());
  return static_cast<int>(
      std::count_if(r.diagnostics.begin(), r.diagnostics.end(),
                    [&](const Diagnostic& d) { return d.code == code; }));
}

// Mutations that move, grow, add or drop pages leave every PageLocation on
// its page; without repair the same mutants point elsewhere.
TEST(ParquetModel, RepairKeepsTheOffsetIndexOnThePages) {
  const std::string input = Corpus("page_base.parquet");
  ParquetModel original;
  ASSERT_TRUE(ParseParquet(Bytes(input), &original));
  const int indexes = static_cast<int>(
      std::count_if(original.segments.begin(), original.segments.end(),
                    [](const Segment& s) { return s.is_offset_index; }));
  ASSERT_GT(indexes, 0);
  int moved = 0;
  int broken_without_repair = 0;
  for (const Mutation kind :
       {Mutation::kPageBody, Mutation::kPageDuplicateOrDrop,
        Mutation::kCodecSwap, Mutation::kOverlongVarint}) {
    for (uint64_t seed = 0; seed < 30; ++seed) {
      SCOPED_TRACE(std::string(MutationName(kind)) + " seed " +
                   std::to_string(seed));
      bool applied;
      const std::string out =
          MutateWith(Bytes(input), kind, true, seed, &applied);
      EXPECT_EQ(CountCode(out, Code::kPageIndexLocationOffset), 0);
      EXPECT_EQ(CountCode(out, Code::kPageIndexLocationSize), 0);
      // Reparsed, the mutant still has its OffsetIndexes, each location on
      // the start of a data page of its chunk.
      ParquetModel m;
      ASSERT_TRUE(ParseParquet(Bytes(out), &m));
      std::vector<int64_t> starts;
      int64_t pos = 4;
      for (const Segment& s : m.segments) {
        if (s.is_page) starts.push_back(pos);
        if (s.is_page || s.is_offset_index) {
          pos += static_cast<int64_t>(SerializedStructSize(s.header));
        }
        pos += static_cast<int64_t>(s.bytes.size());
      }
      int found = 0;
      for (Segment& s : m.segments) {
        if (!s.is_offset_index) continue;
        ++found;
        for (const ThriftValue& l :
             FindField(&s.header, field::kOffsetIndexPageLocations)
                 ->value.elems) {
          int64_t offset = -1;
          EXPECT_TRUE(GetInt(l, field::kLocationOffset, &offset));
          EXPECT_NE(std::find(starts.begin(), starts.end(), offset),
                    starts.end());
        }
      }
      EXPECT_EQ(found, indexes);
      moved += out.size() != input.size();
      broken_without_repair +=
          CountCode(MutateWith(Bytes(input), kind, false, seed, &applied),
                    Code::kPageIndexLocationOffset) > 0;
    }
  }
  EXPECT_GT(moved, 30);
  EXPECT_GT(broken_without_repair, 0);
}

// A codec swap with repair keeps a valid file valid, and every page
// decompresses with the codec its chunk now names.
TEST(ParquetMutator, CodecSwapOutputDecompresses) {
  int swaps = 0;
  for (const char* name :
       {"matrix_snappy_v1.parquet", "matrix_zstd_v2.parquet",
        "matrix_gzip_v2.parquet", "matrix_uncompressed_v1.parquet",
        "matrix_lz4_v1.parquet", "matrix_brotli_v2.parquet"}) {
    SCOPED_TRACE(name);
    const std::string input = Corpus(name);
    for (uint64_t seed = 0; seed < 10; ++seed) {
      bool applied;
      const std::string out =
          MutateWith(Bytes(input), Mutation::kCodecSwap, true, seed, &applied);
      ASSERT_TRUE(applied);
      ++swaps;
      EXPECT_TRUE(Valid(out)) << "seed " << seed;
      ParquetModel m;
      ASSERT_TRUE(ParseParquet(Bytes(out), &m));
      for (ThriftValue* chunk : ColumnChunks(&m.footer)) {
        int64_t codec;
        ASSERT_TRUE(GetInt(*ChunkMetaData(chunk), field::kMetaCodec, &codec));
        for (const Segment& s : m.segments) {
          if (!s.is_page || s.chunk != chunk->tag ||
              FindField(s.header, field::kPageDataHeaderV2) != nullptr) {
            continue;
          }
          int64_t size;
          ASSERT_TRUE(GetInt(s.header, field::kPageUncompressedSize, &size));
          std::string plain;
          EXPECT_TRUE(Decompress(codec, Bytes(s.bytes), size, &plain));
        }
      }
    }
  }
  EXPECT_EQ(swaps, 60);
}

// The point of the mutator: mutants stay readable enough that a parser
// gets past the footer.
TEST(ParquetMutator, MostRepairedMutantsKeepAParseableFooter) {
  const std::string input = Corpus("mutation_base.parquet");
  int repaired_ok = 0;
  int any_ok = 0;
  constexpr int kRuns = 1000;
  for (unsigned seed = 0; seed < kRuns; ++seed) {
    bool applied;
    const auto kind = static_cast<Mutation>(seed % kMutationCount);
    const std::string out =
        MutateWith(Bytes(input), kind, true, seed, &applied);
    ParquetModel m;
    repaired_ok += ParseParquet(Bytes(out), &m) && m.footer_complete;

    std::vector<uint8_t> buf(input.size() * 2 + 4096);
    std::copy(input.begin(), input.end(), buf.begin());
    const size_t n = MutateParquet(buf.data(), input.size(), buf.size(), seed);
    any_ok += ParseParquet({buf.data(), n}, &m) && m.footer_complete;
  }
  std::printf(
      "footer parses: %d/%d with repair, %d/%d as MutateParquet "
      "picks\n",
      repaired_ok, kRuns, any_ok, kRuns);
  EXPECT_GE(repaired_ok, 880);
  EXPECT_GE(any_ok, 820);
}

TEST(ParquetMutator, CrossOverIsBoundedDeterministicAndParses) {
  const std::string a = Corpus("mutation_base.parquet");
  const std::string b = Corpus("nested_struct.parquet");
  int parsed = 0;
  for (unsigned seed = 0; seed < 100; ++seed) {
    std::vector<uint8_t> out(a.size() + b.size() + 1024);
    std::vector<uint8_t> again(out.size());
    const auto* pa = reinterpret_cast<const uint8_t*>(a.data());
    const auto* pb = reinterpret_cast<const uint8_t*>(b.data());
    const size_t n = CrossOverParquet(pa, a.size(), pb, b.size(), out.data(),
                                      out.size(), seed);
    ASSERT_LE(n, out.size());
    ASSERT_EQ(CrossOverParquet(pa, a.size(), pb, b.size(), again.data(),
                               again.size(), seed),
              n);
    ASSERT_TRUE(std::equal(out.begin(), out.begin() + n, again.begin()));
    ParquetModel m;
    parsed += ParseParquet({out.data(), n}, &m) && m.footer_complete;
  }
  EXPECT_GE(parsed, 80);
}

}  // namespace
}  // namespace colcheck::fuzz
