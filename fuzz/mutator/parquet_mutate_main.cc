// parquet_mutate: writes mutants of Parquet files, for campaigns against
// readers without coverage feedback.
//
//   parquet_mutate --seed N --count K --out DIR [--max-size BYTES] INPUT...
//
// Mutant k is built from INPUT[k % inputs] by one to three rounds of
// MutateParquet, or one time in five (with two or more inputs) by a
// crossover with the next input first, and is written to
// DIR/<input stem>.<N>.<k>.parquet. The same arguments give the same files.

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "parquet_mutator.h"

namespace {

int Usage() {
  std::cerr << "usage: parquet_mutate --seed N --count K --out DIR "
               "[--max-size BYTES] INPUT...\n";
  return 2;
}

bool ReadFile(const std::filesystem::path& path, std::vector<uint8_t>* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out->assign(std::istreambuf_iterator<char>(in), {});
  return !in.bad();
}

}  // namespace

int main(int argc, char** argv) {
  uint64_t seed = 0;
  uint64_t count = 0;
  uint64_t max_size = 4 << 20;
  std::filesystem::path out_dir;
  std::vector<std::filesystem::path> inputs;
  for (int k = 1; k < argc; ++k) {
    const std::string_view arg = argv[k];
    const bool has_value = k + 1 < argc;
    if (arg == "--seed" && has_value) {
      seed = std::strtoull(argv[++k], nullptr, 0);
    } else if (arg == "--count" && has_value) {
      count = std::strtoull(argv[++k], nullptr, 0);
    } else if (arg == "--max-size" && has_value) {
      max_size = std::strtoull(argv[++k], nullptr, 0);
    } else if (arg == "--out" && has_value) {
      out_dir = argv[++k];
    } else if (arg.starts_with("--")) {
      return Usage();
    } else {
      inputs.emplace_back(arg);
    }
  }
  if (inputs.empty() || out_dir.empty()) return Usage();

  std::vector<std::vector<uint8_t>> files(inputs.size());
  for (size_t k = 0; k < inputs.size(); ++k) {
    if (!ReadFile(inputs[k], &files[k])) {
      std::cerr << "parquet_mutate: cannot read " << inputs[k] << "\n";
      return 1;
    }
  }
  std::error_code error;
  std::filesystem::create_directories(out_dir, error);
  if (error) {
    std::cerr << "parquet_mutate: cannot create " << out_dir << ": "
              << error.message() << "\n";
    return 1;
  }

  std::mt19937_64 rng(seed);
  for (uint64_t k = 0; k < count; ++k) {
    const size_t which = k % files.size();
    const std::vector<uint8_t>& input = files[which];
    std::vector<uint8_t> buf(std::max<uint64_t>(max_size, input.size()));
    size_t size = input.size();
    std::copy(input.begin(), input.end(), buf.begin());
    if (files.size() > 1 && rng() % 5 == 0) {
      const std::vector<uint8_t>& other = files[(which + 1) % files.size()];
      size = colcheck::fuzz::CrossOverParquet(
          input.data(), input.size(), other.data(), other.size(), buf.data(),
          buf.size(), static_cast<unsigned>(rng()));
    }
    for (uint64_t round = 1 + rng() % 3; round > 0; --round) {
      size = colcheck::fuzz::MutateParquet(buf.data(), size, buf.size(),
                                           static_cast<unsigned>(rng()));
    }
    const std::filesystem::path path =
        out_dir / (inputs[which].stem().string() + "." + std::to_string(seed) +
                   "." + std::to_string(k) + ".parquet");
    std::ofstream out(path, std::ios::binary);
    out.write(reinterpret_cast<const char*>(buf.data()),
              static_cast<std::streamsize>(size));
    if (!out) {
      std::cerr << "parquet_mutate: cannot write " << path << "\n";
      return 1;
    }
  }
  std::cout << "wrote " << count << " mutants to " << out_dir.string() << "\n";
  return 0;
}
