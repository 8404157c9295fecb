// The column stage (columns.h, column_readers.h): hand-built one-stripe
// files with real stream bytes, each breaking one rule; tests assert codes
// and exact spans.

#include "orc/columns.h"

#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "orc/testing/orc_test_support.h"
#include "orc/testing/stream_builder.h"

namespace colcheck::orc {
namespace {

using testing::BoolRle;
using testing::ByteRle;
using testing::Check;
using testing::ColumnFile;
using testing::Describe;
using testing::Encoding;
using testing::IntV1;
using testing::StructType;
using testing::TypeMessage;

std::vector<Diagnostic> Errors(const std::vector<Diagnostic>& ds) {
  std::vector<Diagnostic> out;
  for (const Diagnostic& d : ds) {
    if (d.severity == Severity::kError) out.push_back(d);
  }
  return out;
}

TEST(OrcColumnsTest, ValidIntColumnIsClean) {
  ColumnFile f({StructType({"a"}), TypeMessage(kInt)}, 3);
  f.Add(kData, 1, IntV1({1, -2, 3}, true));
  f.Encode({Encoding(kDirect), Encoding(kDirect)});
  const auto ds = Check(f.Build());
  EXPECT_TRUE(Errors(ds).empty()) << Describe(ds);
}

}  // namespace
}  // namespace colcheck::orc
