// Validates a few bytes that are not a Parquet file through the installed
// public API, and fails unless colcheck calls them invalid.

#include <cstddef>
#include <cstdio>
#include <span>
#include <string>

#include "colcheck/colcheck.h"

int main() {
  const unsigned char junk[] = {'P', 'A', 'R', '1', 0, 1, 2, 3, 'x', 'y'};
  const colcheck::Report report = colcheck::ValidateBytes(
      std::as_bytes(std::span(junk)), colcheck::Options());
  if (report.verdict != colcheck::Verdict::kInvalid) {
    std::fprintf(stderr, "expected verdict invalid, got %s\n",
                 std::string(colcheck::VerdictName(report.verdict)).c_str());
    return 1;
  }
  if (report.diagnostics.empty()) {
    std::fprintf(stderr, "an invalid verdict came without diagnostics\n");
    return 1;
  }
  std::printf(
      "colcheck %s: %zu diagnostics, first %s\n",
      std::string(colcheck::kVersion).c_str(), report.diagnostics.size(),
      std::string(colcheck::Info(report.diagnostics[0].code).name).c_str());
  return 0;
}
