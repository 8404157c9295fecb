#include <string>

#include "gtest/gtest.h"
#include "reports/explain.h"
#include "reports/schema.h"
#include "reports/testing/report_builders.h"

namespace colcheck {
namespace {

OrcType MakeType(int64_t kind, std::string name, int32_t parent,
                 std::vector<int32_t> children = {}) {
  OrcType t;
  t.kind = kind;
  t.name = std::move(name);
  t.parent = parent;
  t.children = std::move(children);
  return t;
}

// struct<a:decimal(10,2),b:map<string,char(4)>,"x y":uniontype<int>>
Schema SampleSchema() {
  Schema s;
  s.ok = true;
  s.orc_types = {MakeType(12, "", -1, {1, 2, 5}),
                 MakeType(14, "a", 0),
                 MakeType(11, "b", 0, {3, 4}),
                 MakeType(7, "", 2),
                 MakeType(17, "", 2),
                 MakeType(13, "x y", 0, {6}),
                 MakeType(3, "", 5)};
  s.orc_types[1].precision = 10;
  s.orc_types[1].scale = 2;
  s.orc_types[4].maximum_length = 4;
  s.orc_types[6].attributes = {{"iceberg.id", "7"}};
  return s;
}

TEST(OrcSchemaTest, TreeWithLabelsAndColumns) {
  EXPECT_EQ(RenderOrcSchemaText(SampleSchema()),
            "struct  # column 0\n"
            "  a: decimal(10,2)  # column 1\n"
            "  b: map  # column 2\n"
            "    key: string  # column 3\n"
            "    value: char(4)  # column 4\n"
            "  \"x y\": uniontype  # column 5\n"
            "    tag 0: int  # column 6, attributes: iceberg.id=7\n");
}

TEST(OrcSchemaTest, BrokenTreeIsListedFlat) {
  Schema s;
  s.orc_types = {MakeType(12, "", -1, {0}), MakeType(99, "", -1)};
  EXPECT_EQ(RenderOrcSchemaText(s),
            "types[0]: struct subtypes [0]\n"
            "types[1]: kind(99)\n"
            "# broken type tree: the types do not form one tree in "
            "pre-order; they are listed flat (colcheck validate says why)\n");
}

TEST(OrcSchemaTest, TypeNames) {
  OrcType t;
  t.kind = 14;
  EXPECT_EQ(OrcTypeName(t), "decimal(?,?)");
  t.kind = 16;
  t.maximum_length = 8;
  EXPECT_EQ(OrcTypeName(t), "varchar(8)");
  t.kind = 18;
  EXPECT_EQ(OrcTypeName(t), "timestamp with local time zone");
  t.kind = -1;
  EXPECT_EQ(OrcTypeName(t), "kind(-1)");
}

TEST(OrcSchemaTest, JsonListsEveryType) {
  Inspection in;
  in.report.format = Format::kOrc;
  in.layout.containers = Containers::kStripes;
  in.schema = SampleSchema();
  in.schema.kind = SchemaKind::kOrcTypes;
  const std::string json = RenderSchemaJson("a.orc", in);
  EXPECT_NE(json.find("\"schema_ok\":true,\"schema\":null,\"types\":[{\"id\":0,"
                      "\"kind\":\"STRUCT\",\"name\":\"\",\"parent\":null,"
                      "\"children\":[1,2,5],"),
            std::string::npos)
      << json;
  EXPECT_NE(
      json.find("\"attributes\":[{\"key\":\"iceberg.id\",\"value\":\"7\"}]"),
      std::string::npos);
}

TEST(OrcExplainTest, StripeHeadingAndStreamDetails) {
  Inspection in;
  in.report.format = Format::kOrc;
  in.layout.containers = Containers::kStripes;
  in.schema.kind = SchemaKind::kOrcTypes;
  in.report.verdict = Verdict::kValid;
  in.layout.file_size = 20;
  const Region magic =
      testing::MakeRegion(RegionKind::kOrcMagic, 0, 3, "magic");
  Region stream = testing::MakeRegion(RegionKind::kOrcDataStream, 3, 17,
                                      "stripes[0].streams[0]", 0, 2);
  stream.stream.kind = 1;
  stream.stream.index = 0;
  stream.stream.encoding = 2;
  stream.stream.chunks = 3;
  in.layout.regions = {magic, stream};
  StripeExtent e;
  e.offset = 3;
  e.length = 17;
  e.data_length = 17;
  e.num_rows = 5;
  e.streams = 1;
  in.layout.stripes = {e};
  EXPECT_EQ(RenderExplainText("a.orc", in, false),
            "a.orc: 20 bytes, orc, valid\n"
            "      offset     length\n"
            "           0          3  orc-magic\n"
            "                         stripe 0: 3+17, index 0, data 17, "
            "footer 0, 5 rows, 1 streams\n"
            "           3         17    data-stream  stripes[0].streams[0]  "
            "DATA column 2, DIRECT_V2, 3 chunks\n"
            "2 regions, 20 bytes in regions, 0 bytes in gaps, 0 bytes "
            "overlapping: accounts for 20 of 20 bytes\n");
  const std::string json = RenderExplainJson("a.orc", in, false);
  EXPECT_NE(json.find("\"stream\":{\"kind\":\"DATA\",\"index\":0,"
                      "\"encoding\":\"DIRECT_V2\",\"chunks\":3}}"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find("\"stripes\":[{\"stripe\":0,\"offset\":3,"),
            std::string::npos);
}

}  // namespace
}  // namespace colcheck
