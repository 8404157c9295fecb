#include "reports/schema.h"

#include <string>
#include <utility>

#include "gtest/gtest.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

// Builds a Schema the way the inspection fills it: fields in pre-order,
// parents and children linked, leaves numbered, levels and paths derived.
class SchemaBuilder {
 public:
  SchemaBuilder() {
    SchemaField root;
    root.name = "schema";
    schema_.fields.push_back(root);
    schema_.ok = true;
  }

  // Adds a field under `parent` and returns its index.
  int32_t Add(int32_t parent, SchemaField field) {
    const int32_t index = static_cast<int32_t>(schema_.fields.size());
    const SchemaField& p = schema_.fields[parent];
    field.parent = parent;
    field.max_definition_level = static_cast<int16_t>(
        p.max_definition_level + (field.repetition != 0 ? 1 : 0));
    field.max_repetition_level = static_cast<int16_t>(
        p.max_repetition_level + (field.repetition == 2 ? 1 : 0));
    if (parent == 0) {
      field.max_definition_level = field.repetition != 0 ? 1 : 0;
      field.max_repetition_level = field.repetition == 2 ? 1 : 0;
    }
    field.path = parent == 0 ? field.name : p.path + "." + field.name;
    if (field.physical >= 0) {
      field.column = static_cast<int32_t>(schema_.leaves.size());
      schema_.leaves.push_back(index);
    }
    schema_.fields.push_back(std::move(field));
    schema_.fields[parent].children.push_back(index);
    return index;
  }

  int32_t Leaf(int32_t parent, std::string name, int32_t repetition,
               int32_t physical) {
    SchemaField f;
    f.name = std::move(name);
    f.repetition = repetition;
    f.physical = physical;
    return Add(parent, std::move(f));
  }

  int32_t Group(int32_t parent, std::string name, int32_t repetition) {
    SchemaField f;
    f.name = std::move(name);
    f.repetition = repetition;
    return Add(parent, std::move(f));
  }

  SchemaField& at(int32_t i) { return schema_.fields[i]; }
  Schema& schema() { return schema_; }

 private:
  Schema schema_;
};

constexpr int32_t kReq = 0, kOpt = 1, kRep = 2;

LogicalTypeInfo Logical(std::string_view name) {
  LogicalTypeInfo l;
  l.name = name;
  return l;
}

// Every physical type, LIST and MAP, decimals, field ids.
Schema AllTypes() {
  SchemaBuilder b;
  const int32_t flag = b.Leaf(0, "flag", kReq, 0);
  b.at(flag).has_field_id = true;
  b.at(flag).field_id = 1;
  const int32_t small = b.Leaf(0, "small", kOpt, 1);
  b.at(small).logical = Logical("INTEGER");
  b.at(small).logical.bit_width = 8;
  b.at(small).logical.is_signed = true;
  b.at(small).converted = 15;  // INT_8
  const int32_t big = b.Leaf(0, "big", kReq, 2);
  b.at(big).logical = Logical("INTEGER");
  b.at(big).logical.bit_width = 64;
  b.at(big).logical.is_signed = false;
  b.Leaf(0, "legacy_ts", kOpt, 3);
  b.Leaf(0, "ratio", kOpt, 4);
  b.Leaf(0, "score", kOpt, 5);
  const int32_t name = b.Leaf(0, "name", kOpt, 6);
  b.at(name).logical = Logical("STRING");
  b.at(name).converted = 0;  // UTF8
  const int32_t id = b.Leaf(0, "id", kReq, 7);
  b.at(id).type_length = 16;
  b.at(id).logical = Logical("UUID");
  const int32_t price = b.Leaf(0, "price", kOpt, 7);
  b.at(price).type_length = 9;
  b.at(price).logical = Logical("DECIMAL");
  b.at(price).logical.precision = 20;
  b.at(price).logical.scale = 2;
  b.at(price).converted = 5;
  b.at(price).precision = 20;
  b.at(price).scale = 2;
  const int32_t old = b.Leaf(0, "old_price", kOpt, 1);
  b.at(old).converted = 5;  // DECIMAL without a LogicalType
  b.at(old).precision = 9;
  b.at(old).scale = 2;
  const int32_t ts = b.Leaf(0, "ts", kOpt, 2);
  b.at(ts).logical = Logical("TIMESTAMP");
  b.at(ts).logical.unit = "NANOS";
  b.at(ts).logical.adjusted_to_utc = false;
  const int32_t t = b.Leaf(0, "t", kOpt, 1);
  b.at(t).logical = Logical("TIME");
  b.at(t).logical.unit = "MILLIS";
  b.at(t).logical.adjusted_to_utc = true;
  const int32_t span = b.Leaf(0, "span", kOpt, 7);
  b.at(span).type_length = 12;
  b.at(span).converted = 21;  // INTERVAL
  const int32_t tags = b.Group(0, "tags", kOpt);
  b.at(tags).logical = Logical("LIST");
  b.at(tags).converted = 3;
  b.at(tags).has_field_id = true;
  b.at(tags).field_id = 7;
  const int32_t list = b.Group(tags, "list", kRep);
  const int32_t element = b.Leaf(list, "element", kOpt, 6);
  b.at(element).logical = Logical("STRING");
  const int32_t attrs = b.Group(0, "attrs", kOpt);
  b.at(attrs).logical = Logical("MAP");
  const int32_t kv = b.Group(attrs, "key_value", kRep);
  b.at(kv).converted = 2;  // MAP_KEY_VALUE
  b.Leaf(kv, "key", kReq, 6);
  b.Leaf(kv, "value", kOpt, 2);
  return b.schema();
}

TEST(ReportsSchema, TextCoversEveryTypeListMapDecimalAndFieldId) {
  EXPECT_EQ(
      RenderSchemaText(AllTypes()),
      "message schema {\n"
      "  required boolean flag = 1;  # column 0, def 0, rep 0\n"
      "  optional int32 small (INTEGER(8,true));  # column 1, def 1, rep 0\n"
      "  required int64 big (INTEGER(64,false));  # column 2, def 0, rep 0\n"
      "  optional int96 legacy_ts;  # column 3, def 1, rep 0\n"
      "  optional float ratio;  # column 4, def 1, rep 0\n"
      "  optional double score;  # column 5, def 1, rep 0\n"
      "  optional binary name (STRING);  # column 6, def 1, rep 0\n"
      "  required fixed_len_byte_array(16) id (UUID);  # column 7, def 0, "
      "rep 0\n"
      "  optional fixed_len_byte_array(9) price (DECIMAL(20,2));  # column 8, "
      "def 1, rep 0\n"
      "  optional int32 old_price (DECIMAL(9,2));  # column 9, def 1, rep 0\n"
      "  optional int64 ts (TIMESTAMP(NANOS,false));  # column 10, def 1, "
      "rep 0\n"
      "  optional int32 t (TIME(MILLIS,true));  # column 11, def 1, rep 0\n"
      "  optional fixed_len_byte_array(12) span (INTERVAL);  # column 12, "
      "def 1, rep 0\n"
      "  optional group tags (LIST) = 7 {\n"
      "    repeated group list {\n"
      "      optional binary element (STRING);  # column 13, def 3, rep 1\n"
      "    }\n"
      "  }\n"
      "  optional group attrs (MAP) {\n"
      "    repeated group key_value (MAP_KEY_VALUE) {\n"
      "      required binary key;  # column 14, def 2, rep 1\n"
      "      optional int64 value;  # column 15, def 3, rep 1\n"
      "    }\n"
      "  }\n"
      "}\n");
}

TEST(ReportsSchema, AnnotationsFollowParquetMr) {
  SchemaField f;
  EXPECT_EQ(SchemaAnnotation(f), "");
  f.converted = 0;
  EXPECT_EQ(SchemaAnnotation(f), "UTF8");
  f.converted = 99;
  EXPECT_EQ(SchemaAnnotation(f), "converted(99)");
  f.logical = Logical("FLOAT16");
  EXPECT_EQ(SchemaAnnotation(f), "FLOAT16");  // LogicalType wins.
  f.logical = Logical("INTEGER");
  f.logical.bit_width = 16;
  f.logical.is_signed = false;
  EXPECT_EQ(SchemaAnnotation(f), "INTEGER(16,false)");
  f.logical = Logical("TIMESTAMP");
  f.logical.unit = "MICROS";
  f.logical.adjusted_to_utc = true;
  EXPECT_EQ(SchemaAnnotation(f), "TIMESTAMP(MICROS,true)");
}

// SchemaPhysicalName of a field that sets nothing but its physical type.
std::string PhysicalName(int32_t physical) {
  SchemaField f;
  f.physical = physical;
  return SchemaPhysicalName(f);
}

TEST(ReportsSchema, PhysicalNames) {
  // -1 is a SchemaField's default: no physical type, a group.
  testing::ExpectEach(PhysicalName, {
                                        {-1, ""},
                                        {7, "fixed_len_byte_array(?)"},
                                        {42, "type(42)"},
                                    });
}

TEST(ReportsSchema, OddNamesAreQuotedAndEscaped) {
  testing::ExpectEach(
      SchemaFieldName,
      {
          {"plain_name", "plain_name"},
          {"città", "città"},  // Valid UTF-8 stays.
          {"two words", "\"two words\""},
          {"", "\"\""},
          {"a;b", "\"a;b\""},
          {"q\"\\", "\"q\\\"\\\\\""},
          {std::string_view("\x1b[2J\n", 5), "\"\\x1b[2J\\x0a\""},
          {"bad\xff", "\"bad\\xff\""},
          {"\xc3", "\"\\xc3\""},  // Truncated sequence.
      });
}

TEST(ReportsSchema, EscapedNameInALine) {
  SchemaBuilder b;
  b.Leaf(0, "new\nline", kReq, 1);
  EXPECT_EQ(RenderSchemaText(b.schema()),
            "message schema {\n"
            "  required int32 \"new\\x0aline\";  # column 0, def 0, rep 0\n"
            "}\n");
}

TEST(ReportsSchema, BrokenSchemaSaysSo) {
  SchemaBuilder b;
  b.Leaf(0, "a", kReq, 1);
  b.schema().ok = false;
  const std::string text = RenderSchemaText(b.schema());
  EXPECT_NE(text.find("  required int32 a;"), std::string::npos);
  EXPECT_NE(text.find("\n# broken schema"), std::string::npos);
  EXPECT_EQ(RenderSchemaText(Schema{}),
            "# broken schema: the elements do not "
            "rebuild into one tree; only what "
            "rebuilt is shown (colcheck validate "
            "says why)\n");
}

TEST(ReportsSchema, CyclesAndBadIndicesAreSkipped) {
  SchemaBuilder b;
  const int32_t g = b.Group(0, "g", kOpt);
  b.Leaf(g, "x", kReq, 1);
  b.at(g).children.push_back(g);   // A cycle.
  b.at(g).children.push_back(99);  // Out of range.
  b.at(g).children.push_back(0);   // The root.
  EXPECT_EQ(RenderSchemaText(b.schema()),
            "message schema {\n"
            "  optional group g {\n"
            "    required int32 x;  # column 0, def 1, rep 0\n"
            "  }\n"
            "}\n");
}

TEST(ReportsSchema, DeepSchemaNeedsNoRecursion) {
  SchemaBuilder b;
  int32_t parent = 0;
  for (int i = 0; i < 2000; ++i) parent = b.Group(parent, "g", kOpt);
  b.Leaf(parent, "x", kReq, 1);
  const std::string text = RenderSchemaText(b.schema());
  EXPECT_NE(text.find(std::string(2 * 2001, ' ') + "required int32 x;"),
            std::string::npos);
  const std::string json = RenderSchemaJson("deep.parquet", Inspection{});
  EXPECT_NE(json.find("\"schema\":null"), std::string::npos);
}

TEST(ReportsSchema, JsonNodes) {
  SchemaBuilder b;
  const int32_t g = b.Group(0, "g", kOpt);
  b.at(g).logical = Logical("LIST");
  const int32_t x = b.Leaf(g, "x", kRep, 7);
  b.at(x).type_length = 16;
  b.at(x).logical = Logical("DECIMAL");
  b.at(x).logical.precision = 30;
  b.at(x).logical.scale = 4;
  b.at(x).has_field_id = true;
  b.at(x).field_id = 5;
  b.Leaf(0, "y", kReq, 1);
  Inspection inspection;
  inspection.report.format = Format::kParquet;
  inspection.schema = b.schema();
  EXPECT_EQ(
      RenderSchemaJson("a.parquet", inspection),
      "{\"tool\":\"colcheck\",\"version\":\"" + std::string(kVersion) +
          "\",\"path\":\"a.parquet\",\"format\":\"parquet\","
          "\"verdict\":\"valid\",\"schema_ok\":true,\"schema\":"
          "{\"name\":\"schema\",\"repetition\":null,\"physical\":null,"
          "\"type_length\":null,\"logical\":null,\"converted\":null,"
          "\"scale\":null,\"precision\":null,\"field_id\":null,"
          "\"annotation\":null,\"column\":null,\"max_definition_level\":0,"
          "\"max_repetition_level\":0,\"path\":\"\",\"children\":["
          "{\"name\":\"g\",\"repetition\":\"OPTIONAL\",\"physical\":null,"
          "\"type_length\":null,\"logical\":{\"type\":\"LIST\"},"
          "\"converted\":null,\"scale\":null,\"precision\":null,"
          "\"field_id\":null,\"annotation\":\"LIST\",\"column\":null,"
          "\"max_definition_level\":1,\"max_repetition_level\":0,"
          "\"path\":\"g\",\"children\":["
          "{\"name\":\"x\",\"repetition\":\"REPEATED\","
          "\"physical\":\"FIXED_LEN_BYTE_ARRAY\",\"type_length\":16,"
          "\"logical\":{\"type\":\"DECIMAL\",\"precision\":30,\"scale\":4},"
          "\"converted\":null,\"scale\":null,\"precision\":null,"
          "\"field_id\":5,\"annotation\":\"DECIMAL(30,4)\",\"column\":0,"
          "\"max_definition_level\":2,\"max_repetition_level\":1,"
          "\"path\":\"g.x\",\"children\":[]}]},"
          "{\"name\":\"y\",\"repetition\":\"REQUIRED\",\"physical\":\"INT32\","
          "\"type_length\":null,\"logical\":null,\"converted\":null,"
          "\"scale\":null,\"precision\":null,\"field_id\":null,"
          "\"annotation\":null,\"column\":1,\"max_definition_level\":0,"
          "\"max_repetition_level\":0,\"path\":\"y\",\"children\":[]}]}}\n");
}

}  // namespace
}  // namespace colcheck
