// The libFuzzer and AFL++ hooks, called as the engines call them.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

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

}  // namespace
}  // namespace colcheck::fuzz
