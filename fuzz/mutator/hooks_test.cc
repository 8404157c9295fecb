// The libFuzzer and AFL++ hooks, called as the engines call them.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "orc_mutator.h"
#include "parquet_model.h"

extern "C" {
size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size, size_t max_size,
                               unsigned seed);
size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                 const uint8_t* data2, size_t size2,
                                 uint8_t* out, size_t max_out_size,
                                 unsigned seed);
void* afl_custom_init(void* afl, unsigned int seed);
size_t afl_custom_fuzz(void* data, uint8_t* buf, size_t buf_size,
                       uint8_t** out_buf, uint8_t* add_buf, size_t add_buf_size,
                       size_t max_size);
size_t afl_custom_post_process(void* data, uint8_t* buf, size_t buf_size,
                               uint8_t** out_buf);
void afl_custom_deinit(void* data);
}

namespace colcheck::fuzz {
namespace {

std::vector<uint8_t> Seed() {
  const std::string& s = SeedParquet();
  return std::vector<uint8_t>(s.begin(), s.end());
}

TEST(Hooks, LibFuzzer) {
  const std::vector<uint8_t> seed = Seed();
  for (unsigned k = 0; k < 50; ++k) {
    std::vector<uint8_t> buf = seed;
    buf.resize(seed.size() + 512);
    const size_t n =
        LLVMFuzzerCustomMutator(buf.data(), seed.size(), buf.size(), k);
    EXPECT_LE(n, buf.size());
    std::vector<uint8_t> out(1024);
    EXPECT_LE(LLVMFuzzerCustomCrossOver(seed.data(), seed.size(), buf.data(), n,
                                        out.data(), out.size(), k),
              out.size());
  }
}

std::vector<uint8_t> CorpusFile(const std::string& name) {
  std::ifstream in(
      std::filesystem::path(COLCHECK_MUTATOR_SOURCE_DIR) / "corpus/valid" / name,
      std::ios::binary);
  std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(in), {});
  EXPECT_FALSE(bytes.empty()) << name;
  return bytes;
}

// What libFuzzer hands the hooks (planted_test.py's -max_len).
constexpr size_t kMaxLen = 16384;

// A chain of `steps` hook calls as libFuzzer makes them: each step mutates
// the previous output, and every third one first crosses it with `other`.
// Returns every step's output.
std::vector<std::vector<uint8_t>> Chain(const std::vector<uint8_t>& start,
                                        const std::vector<uint8_t>& other,
                                        unsigned seed, int steps) {
  std::vector<std::vector<uint8_t>> outputs;
  std::vector<uint8_t> cur = start;
  for (int k = 0; k < steps; ++k) {
    const unsigned step_seed = seed * 7919u + static_cast<unsigned>(k);
    if (k % 3 == 2) {
      std::vector<uint8_t> child(kMaxLen);
      child.resize(LLVMFuzzerCustomCrossOver(cur.data(), cur.size(),
                                             other.data(), other.size(),
                                             child.data(), kMaxLen, step_seed));
      cur = std::move(child);
    }
    const size_t size = std::min(cur.size(), kMaxLen);
    cur.resize(kMaxLen);
    cur.resize(LLVMFuzzerCustomMutator(cur.data(), size, kMaxLen, step_seed));
    outputs.push_back(cur);
  }
  return outputs;
}

// Given the same seed and input, the hooks write the same bytes. libFuzzer's
// -seed reproduces a run only if they do, and the planted-bug race
// (fuzz/planted/planted_test.py) is judged on reproducible runs. The heap is
// reshaped between the two chains, so output that depended on addresses
// (pointer-keyed order, uninitialized reads) would differ.
TEST(Hooks, SameSeedSameBytes) {
  const std::vector<std::vector<uint8_t>> files = {
      CorpusFile("dictionary_pages.parquet"), CorpusFile("v2_gzip_crc.parquet"),
      CorpusFile("lists.parquet"), CorpusFile("matrix_zstd_v2.parquet"),
      CorpusFile("page_base.parquet"), CorpusFile("nested_struct.parquet")};
  for (size_t f = 0; f < files.size(); ++f) {
    const std::vector<uint8_t>& other = files[(f + 1) % files.size()];
    for (unsigned seed = 0; seed < 24; ++seed) {
      const auto first = Chain(files[f], other, seed, 12);
      std::vector<std::unique_ptr<char[]>> ballast;
      for (size_t k = 0; k < 64; ++k) {
        ballast.emplace_back(new char[16 + (k * 37 + seed) % 509]);
      }
      const auto second = Chain(files[f], other, seed, 12);
      ASSERT_EQ(first.size(), second.size());
      for (size_t k = 0; k < first.size(); ++k) {
        ASSERT_TRUE(first[k] == second[k])
            << "file " << f << ", seed " << seed << ": step " << k
            << " wrote " << first[k].size() << " bytes, then "
            << second[k].size() << " different ones";
      }
    }
  }
}

TEST(Hooks, Afl) {
  void* state = afl_custom_init(nullptr, 3);
  std::vector<uint8_t> seed = Seed();
  for (int k = 0; k < 50; ++k) {
    uint8_t* out = nullptr;
    const size_t n = afl_custom_fuzz(state, seed.data(), seed.size(), &out,
                                     seed.data(), seed.size(), 4096);
    ASSERT_NE(out, nullptr);
    EXPECT_LE(n, 4096u);
    // Post-processing a repaired file gives it back unchanged; a broken
    // one comes back with its footer length right.
    std::vector<uint8_t> mutant(out, out + n);
    uint8_t* fixed = nullptr;
    const size_t m =
        afl_custom_post_process(state, mutant.data(), mutant.size(), &fixed);
    ParquetModel model;
    if (ParseParquet({mutant.data(), mutant.size()}, &model)) {
      ASSERT_TRUE(ParseParquet({fixed, m}, &model));
      EXPECT_EQ(model.footer_offset + model.footer_length + 8, m);
    } else {
      EXPECT_EQ(fixed, mutant.data());
    }
  }
  afl_custom_deinit(state);
}

TEST(Hooks, OrcInputsStayOrc) {
  // The Parquet mutator would replace an ORC file with its Parquet seed.
  std::ifstream in(std::filesystem::path(COLCHECK_MUTATOR_SOURCE_DIR) /
                       "corpus/orc/valid/codec_zstd.orc",
                   std::ios::binary);
  const std::vector<uint8_t> file((std::istreambuf_iterator<char>(in)), {});
  ASSERT_FALSE(file.empty());
  void* state = afl_custom_init(nullptr, 5);
  int changed = 0;
  for (unsigned seed = 1; seed < 40; ++seed) {
    if (seed % 8 == 0) continue;  // libFuzzer's own mutators.
    std::vector<uint8_t> buffer = file;
    buffer.resize(file.size() * 2);
    buffer.resize(LLVMFuzzerCustomMutator(buffer.data(), file.size(),
                                          buffer.size(), seed));
    EXPECT_TRUE(LooksLikeOrc(buffer)) << seed;
    changed += buffer != file;
    std::vector<uint8_t> input = file;
    uint8_t* out = nullptr;
    const size_t n = afl_custom_fuzz(state, input.data(), input.size(), &out,
                                     input.data(), input.size(),
                                     file.size() * 2);
    EXPECT_TRUE(LooksLikeOrc({out, n})) << seed;
  }
  afl_custom_deinit(state);
  EXPECT_GT(changed, 25);
  std::vector<uint8_t> out(file.size() * 2);
  EXPECT_EQ(LLVMFuzzerCustomCrossOver(file.data(), file.size(), file.data(),
                                      file.size(), out.data(), out.size(), 1),
            0u);
}

}  // namespace
}  // namespace colcheck::fuzz
