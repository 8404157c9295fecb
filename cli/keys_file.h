// The keys of Parquet Modular Encryption on the command line: hex keys in
// flags (--footer-key, --column-key, --key-id) and the --keys file, YAML
// read with yaml-cpp like .colcheck.yaml (JSON is YAML too):
//
//   footer_key: 30313233343536373839303132333435
//   column_keys:
//     double_field: 31323334353637383930313233343530
//   key_ids:
//     kc2: 31323334353637383930313233343531
//   aad_prefix: tester
//
// No message here holds a key: errors name the entry, never its digits.

#ifndef COLCHECK_CLI_KEYS_FILE_H_
#define COLCHECK_CLI_KEYS_FILE_H_

#include <string>
#include <string_view>

#include "colcheck/colcheck.h"

namespace colcheck {

// An AES key from 32, 48 or 64 hex digits, either case. Returns false,
// leaving `key` alone, for anything else.
bool DecodeHexKey(std::string_view hex, std::string* key);

// Adds the keys in the file at `path` to `keys`, behind those already
// there: a flag given on the command line wins over the file's entry for
// the same key. Returns false with a one-line `error` naming the file and
// the entry at fault.
bool ReadKeysFile(const std::string& path, DecryptionKeys* keys,
                  std::string* error);

}  // namespace colcheck

#endif  // COLCHECK_CLI_KEYS_FILE_H_
