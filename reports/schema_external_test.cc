// `colcheck schema` and `colcheck plan` over every file of the external
// corpus (parquet-testing and ORC examples): each renders, and the JSON
// parses. Skips when the corpus is absent.

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"
#include "core/json_syntax.h"
#include "gtest/gtest.h"
#include "reports/plan.h"
#include "reports/schema.h"

namespace colcheck {
namespace {

std::vector<std::filesystem::path> ExternalFiles() {
  const char* env = std::getenv("COLCHECK_EXTERNAL_CORPUS");
  const std::filesystem::path root =
      env != nullptr && *env != '\0' ? env : "../shared/corpus-external";
  std::vector<std::filesystem::path> files;
  std::error_code ec;
  if (!std::filesystem::is_directory(root, ec)) return files;
  for (const auto& entry :
       std::filesystem::recursive_directory_iterator(root, ec)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".parquet" || ext == ".orc")) {
      files.push_back(entry.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<std::byte> ReadAll(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::vector<char> chars((std::istreambuf_iterator<char>(in)),
                          std::istreambuf_iterator<char>());
  std::vector<std::byte> out(chars.size());
  for (size_t i = 0; i < chars.size(); ++i) {
    out[i] = static_cast<std::byte>(chars[i]);
  }
  return out;
}

TEST(ReportsSchemaExternal, EverySchemaAndPlanRendersAsValidJson) {
  const std::vector<std::filesystem::path> files = ExternalFiles();
  if (files.empty()) {
    GTEST_SKIP() << "external corpus not found (set COLCHECK_EXTERNAL_CORPUS)";
  }
  size_t schemas = 0;
  for (const auto& path : files) {
    SCOPED_TRACE(path.string());
    const std::vector<std::byte> bytes = ReadAll(path);
    const Inspection inspection = InspectBytes(bytes, InspectOptions{});
    const std::string text = RenderSchemaText(inspection.schema);
    if (inspection.report.format == Format::kParquet &&
        !inspection.schema.fields.empty()) {
      EXPECT_EQ(text.rfind("message ", 0), 0u);
      ++schemas;
    }
    EXPECT_EQ(CheckJson(RenderSchemaJson(path.string(), inspection)),
              JsonCheck::kValid);
    ReadPlan plan = PlanColumns(inspection);
    CountHazards(bytes, inspection, &plan);
    for (const ColumnPlan& c : plan.columns) {
      for (const Hazard& h : c.hazards) {
        EXPECT_GE(h.affected, 0);
        EXPECT_LE(h.affected, c.values);
      }
    }
    EXPECT_EQ(CheckJson(RenderPlanJson(path.string(), inspection, plan, true)),
              JsonCheck::kValid);
    RenderPlanText(inspection, plan, true);
  }
  EXPECT_GT(schemas, 100u);
}

}  // namespace
}  // namespace colcheck
