// Byte buffers for tests of either format: literals, concatenation, text,
// and random or compressible inputs from a fixed seed.
//
//   const Bytes header = B({0x15, 0x04});
//   const Bytes file = Concat({header, FromString("body"), Random(100, 1)});

#ifndef COLCHECK_TESTING_BYTES_H_
#define COLCHECK_TESTING_BYTES_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck::testing {

using Bytes = std::vector<std::byte>;

// The bytes of a list of small integers: B({0x80, 0x01}).
inline Bytes B(std::initializer_list<int> bytes) {
  Bytes out;
  for (int b : bytes) out.push_back(static_cast<std::byte>(b));
  return out;
}

inline void Append(Bytes* out, std::span<const std::byte> more) {
  out->insert(out->end(), more.begin(), more.end());
}

inline Bytes Concat(std::initializer_list<Bytes> parts) {
  Bytes out;
  for (const Bytes& p : parts) Append(&out, p);
  return out;
}

inline Bytes FromString(std::string_view s) {
  Bytes out(s.size());
  if (!s.empty()) std::memcpy(out.data(), s.data(), s.size());
  return out;
}

inline std::string AsString(std::span<const std::byte> b) {
  return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

// `n` bytes that do not compress.
inline Bytes Random(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes out(n);
  for (std::byte& b : out) b = static_cast<std::byte>(rng());
  return out;
}

// `n` bytes that compress, but not trivially so: words from a small
// vocabulary in a random order.
inline Bytes Repetitive(size_t n, uint32_t seed) {
  static constexpr std::string_view kWords[] = {
      "parquet ",   "column ", "page ",      "dictionary ",
      "0123456789", "\n",      "row group ", "\x00\x00\x00\x00"};
  std::mt19937 rng(seed);
  Bytes out;
  while (out.size() < n) {
    const std::string_view w = kWords[rng() % std::size(kWords)];
    for (char c : w) out.push_back(static_cast<std::byte>(c));
  }
  out.resize(n);
  return out;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_BYTES_H_
