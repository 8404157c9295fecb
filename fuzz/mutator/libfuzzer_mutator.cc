// libFuzzer's custom mutator hooks over the structure-aware Parquet and
// ORC mutators (parquet_mutator.h, orc_mutator.h), chosen by the input's
// magic. Linked into file_fuzzer_structured when
// COLCHECK_FUZZ_ENGINE=libfuzzer, and into a unit test otherwise.

#include <cstddef>
#include <cstdint>

#include "orc_mutator.h"
#include "parquet_mutator.h"

// libFuzzer's own byte-level mutator. Weak, so the hooks also link where
// libFuzzer is absent (the unit test); there it is null.
extern "C" __attribute__((weak)) size_t LLVMFuzzerMutate(uint8_t* data,
                                                         size_t size,
                                                         size_t max_size);

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* data, size_t size,
                                          size_t max_size, unsigned seed) {
  // One call in eight goes to libFuzzer's own mutators, so its dictionary
  // and comparison feedback still reach the bytes the model cannot
  // describe.
  if (LLVMFuzzerMutate != nullptr && seed % 8 == 0) {
    return LLVMFuzzerMutate(data, size, max_size);
  }
  if (colcheck::fuzz::LooksLikeOrc({data, size})) {
    const size_t n = colcheck::fuzz::MutateOrc(data, size, max_size, seed);
    if (n > 0) return n;
    return LLVMFuzzerMutate != nullptr ? LLVMFuzzerMutate(data, size, max_size)
                                       : size;
  }
  return colcheck::fuzz::MutateParquet(data, size, max_size, seed);
}

extern "C" size_t LLVMFuzzerCustomCrossOver(const uint8_t* data1, size_t size1,
                                            const uint8_t* data2, size_t size2,
                                            uint8_t* out, size_t max_out_size,
                                            unsigned seed) {
  // ORC files are not crossed: 0 leaves the input to libFuzzer's other
  // mutations.
  if (colcheck::fuzz::LooksLikeOrc({data1, size1}) ||
      colcheck::fuzz::LooksLikeOrc({data2, size2})) {
    return 0;
  }
  return colcheck::fuzz::CrossOverParquet(data1, size1, data2, size2, out,
                                          max_out_size, seed);
}
