// An AFL++ custom mutator library over the structure-aware Parquet and ORC
// mutators (parquet_mutator.h, orc_mutator.h), chosen by the input's magic. AFL++ docs/custom_mutators.md:
//
//   AFL_CUSTOM_MUTATOR_LIBRARY=.../libcolcheck_afl_mutator.so afl-fuzz ...
//
// afl_custom_fuzz mutates (or, one time in four when AFL++ offers a second
// input, crosses over); afl_custom_post_process repairs every input before
// it runs, including those from AFL++'s own havoc stage, so byte-level
// mutations land inside a file whose lengths and CRCs still add up. The
// signatures are declared here so no AFL++ header is needed; `afl` is
// AFL++'s afl_state_t, unused.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "orc_mutator.h"
#include "parquet_mutator.h"

namespace {

struct AflMutator {
  std::mt19937 rng;
  // The buffers handed back to AFL++, owned here until the next call.
  std::vector<uint8_t> fuzzed;
  std::string repaired;
};

}  // namespace

extern "C" {

void* afl_custom_init(void* /*afl*/, unsigned int seed) {
  return new AflMutator{std::mt19937(seed), {}, {}};
}

size_t afl_custom_fuzz(void* data, uint8_t* buf, size_t buf_size,
                       uint8_t** out_buf, uint8_t* add_buf, size_t add_buf_size,
                       size_t max_size) {
  auto* m = static_cast<AflMutator*>(data);
  const unsigned seed = m->rng();
  m->fuzzed.resize(std::max(buf_size, max_size));
  size_t n;
  if (colcheck::fuzz::LooksLikeOrc({buf, buf_size})) {
    // Input the ORC model cannot read goes to AFL++'s own stages as it is.
    if (buf_size > 0) std::memcpy(m->fuzzed.data(), buf, buf_size);
    n = colcheck::fuzz::MutateOrc(m->fuzzed.data(), buf_size, max_size, seed);
    if (n == 0) n = buf_size;
  } else if (add_buf != nullptr && add_buf_size > 0 && seed % 4 == 0) {
    n = colcheck::fuzz::CrossOverParquet(buf, buf_size, add_buf, add_buf_size,
                                         m->fuzzed.data(), max_size, seed);
  } else {
    if (buf_size > 0) std::memcpy(m->fuzzed.data(), buf, buf_size);
    n = colcheck::fuzz::MutateParquet(m->fuzzed.data(), buf_size,
                                      m->fuzzed.size(), seed);
  }
  *out_buf = m->fuzzed.data();
  return n;
}

size_t afl_custom_post_process(void* data, uint8_t* buf, size_t buf_size,
                               uint8_t** out_buf) {
  auto* m = static_cast<AflMutator*>(data);
  m->repaired = colcheck::fuzz::RepairParquet({buf, buf_size});
  // Input the model cannot read runs as it is.
  if (m->repaired.empty()) {
    *out_buf = buf;
    return buf_size;
  }
  *out_buf = reinterpret_cast<uint8_t*>(m->repaired.data());
  return m->repaired.size();
}

void afl_custom_deinit(void* data) { delete static_cast<AflMutator*>(data); }

}  // extern "C"
