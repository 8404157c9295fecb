// Fuzz target: an encrypted Parquet file (Parquet Modular Encryption)
// through the public API with fixed keys, so the decryption of every module
// type, the AAD search after a tag fails and the decrypted modules' decoders
// all meet hostile bytes. The keys are parquet-testing's (its data/README.md,
// "Encrypted Files") and the generators' (colcheck_gen.parquet.encryption,
// FUZZ_KEYS), so its seeds and the external corpus decrypt: a mutation that
// keeps a module's tag reaches the decoders behind it, and one that breaks
// it the tamper diagnostics. The oracles are file_fuzzer's.

#include <cstddef>
#include <cstdint>
#include <span>

#include "fuzz_oracles.h"

namespace {

const colcheck::DecryptionKeys& Keys() {
  static const colcheck::DecryptionKeys* keys = [] {
    auto* k = new colcheck::DecryptionKeys;
    k->footer_key = "0123456789012345";
    k->key_ids = {{"kc1", "1234567890123450"}, {"kc2", "1234567890123451"}};
    k->aad_prefix = "tester";
    return k;
  }();
  return *keys;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  colcheck::fuzz::ValidateAtPlannedLevels(
      std::as_bytes(std::span<const uint8_t>(data, size)), Keys());
  return 0;
}
