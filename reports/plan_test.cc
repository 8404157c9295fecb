#include "reports/plan.h"

#include <string>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

Inspection OneDecimalColumn() {
  Inspection inspection;
  inspection.report.format = Format::kParquet;
  SchemaField root;
  root.name = "schema";
  root.children = {1};
  SchemaField price;
  price.name = "price";
  price.path = "price";
  price.repetition = 1;
  price.physical = 7;
  price.type_length = 9;
  price.logical.name = "DECIMAL";
  price.logical.precision = 20;
  price.logical.scale = 2;
  price.column = 0;
  price.max_definition_level = 1;
  inspection.schema.fields = {root, price};
  inspection.schema.leaves = {1};
  inspection.schema.ok = true;
  return inspection;
}

TEST(ReportsPlan, TextWithAndWithoutCounts) {
  const Inspection inspection = OneDecimalColumn();
  ReadPlan plan = PlanColumns(inspection);
  const std::string head =
      "column 0: price  fixed_len_byte_array(9) DECIMAL(20,2)  def 1, rep 0\n"
      "  arrow   decimal128(20, 2)\n"
      "  pandas  object (decimal.Decimal)\n"
      "  r       double\n"
      "  js      Number\n"
      "  ! decimal-over-15-digits: ";
  const std::string summary(HazardSummary(HazardKind::kDecimalOver15Digits));
  EXPECT_EQ(RenderPlanText(inspection, plan, false), head + summary + "\n");
  plan.columns[0].values = 5;
  plan.columns[0].counted = true;
  plan.columns[0].hazards[0].affected = 3;
  EXPECT_EQ(RenderPlanText(inspection, plan, true),
            head + "3 of 5 values: " + summary + "\n");
  plan.columns[0].counted = false;
  EXPECT_EQ(RenderPlanText(inspection, plan, true),
            head + "3 of 5 values (at least): " + summary + "\n");
}

TEST(ReportsPlan, Json) {
  const Inspection inspection = OneDecimalColumn();
  ReadPlan plan = PlanColumns(inspection);
  const std::string json = RenderPlanJson("p.parquet", inspection, plan, false);
  EXPECT_EQ(json.substr(0, json.find("\"columns\"")),
            "{\"tool\":\"colcheck\",\"version\":\"" + std::string(kVersion) +
                "\",\"path\":\"p.parquet\",\"format\":\"parquet\","
                "\"verdict\":\"valid\",\"data\":false,");
  EXPECT_NE(json.find("\"column\":0,\"path\":\"price\",\"physical\":"
                      "\"FIXED_LEN_BYTE_ARRAY\",\"type_length\":9,"
                      "\"annotation\":\"DECIMAL(20,2)\","
                      "\"max_definition_level\":1,\"max_repetition_level\":0,"
                      "\"readers\":{\"arrow\":\"decimal128(20, 2)\","),
            std::string::npos);
  EXPECT_NE(json.find("\"values\":null,\"counted\":null,\"hazards\":[{\"id\":"
                      "\"decimal-over-15-digits\""),
            std::string::npos);
  EXPECT_NE(json.find("\"affected\":null}]}]}\n"), std::string::npos);
  plan.columns[0].values = 5;
  plan.columns[0].counted = true;
  plan.columns[0].hazards[0].affected = 3;
  const std::string counted =
      RenderPlanJson("p.parquet", inspection, plan, true);
  EXPECT_NE(counted.find("\"values\":5,\"counted\":true,"), std::string::npos);
  EXPECT_NE(counted.find("\"affected\":3}]}]}\n"), std::string::npos);
}

}  // namespace
}  // namespace colcheck
