#include "colcheck/read_plan.h"

#include <set>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace colcheck {
namespace {

constexpr int32_t kReq = 0, kOpt = 1;

// An inspection of a flat schema: one leaf per field given.
Inspection Flat(const std::vector<SchemaField>& leaves) {
  Inspection inspection;
  inspection.report.format = Format::kParquet;
  SchemaField root;
  root.name = "schema";
  inspection.schema.fields.push_back(root);
  for (SchemaField f : leaves) {
    const int32_t index = static_cast<int32_t>(inspection.schema.fields.size());
    f.parent = 0;
    f.column = static_cast<int32_t>(inspection.schema.leaves.size());
    f.max_definition_level = f.repetition == kOpt ? 1 : 0;
    f.path = f.name;
    inspection.schema.fields[0].children.push_back(index);
    inspection.schema.leaves.push_back(index);
    inspection.schema.fields.push_back(f);
  }
  inspection.schema.ok = true;
  return inspection;
}

SchemaField Leaf(std::string name, int32_t physical,
                 int32_t repetition = kReq) {
  SchemaField f;
  f.name = std::move(name);
  f.physical = physical;
  f.repetition = repetition;
  return f;
}

SchemaField WithLogical(SchemaField f, std::string_view name) {
  f.logical.name = name;
  return f;
}

std::vector<std::string> Ids(const ColumnPlan& c) {
  std::vector<std::string> ids;
  for (const Hazard& h : c.hazards) ids.emplace_back(HazardName(h.kind));
  return ids;
}

ColumnPlan PlanOne(const SchemaField& f) {
  const ReadPlan plan = PlanColumns(Flat({f}));
  EXPECT_EQ(plan.columns.size(), 1u);
  return plan.columns.empty() ? ColumnPlan{} : plan.columns[0];
}

using Ids_ = std::vector<std::string>;

TEST(ReadPlan, PlainIntegers) {
  const ColumnPlan i32 = PlanOne(Leaf("a", 1));
  EXPECT_EQ(i32.readers.arrow, "int32");
  EXPECT_EQ(i32.readers.pandas, "int32");
  EXPECT_EQ(i32.readers.r, "integer");
  EXPECT_EQ(i32.readers.js, "Number");
  EXPECT_EQ(Ids(i32), Ids_{"int32-min-is-na-in-r"});

  const ColumnPlan i64 = PlanOne(Leaf("b", 2, kOpt));
  EXPECT_EQ(i64.readers.arrow, "int64");
  EXPECT_EQ(i64.readers.pandas, "int64 (float64 when nulls)");
  EXPECT_EQ(i64.readers.r, "integer, bit64::integer64 beyond int32");
  EXPECT_EQ(i64.readers.js, "BigInt");
  EXPECT_EQ(Ids(i64), Ids_{"int64-beyond-2^53"});
}

TEST(ReadPlan, UnsignedIntegersFromLogicalAndConverted) {
  SchemaField u32 = WithLogical(Leaf("a", 1), "INTEGER");
  u32.logical.bit_width = 32;
  u32.logical.is_signed = false;
  const ColumnPlan a = PlanOne(u32);
  EXPECT_EQ(a.readers.arrow, "uint32");
  EXPECT_EQ(a.readers.r, "integer, double beyond int32");
  EXPECT_EQ(Ids(a), Ids_{"uint32-read-as-signed"});

  SchemaField u64 = Leaf("b", 2);
  u64.converted = 14;  // UINT_64
  const ColumnPlan b = PlanOne(u64);
  EXPECT_EQ(b.readers.arrow, "uint64");
  EXPECT_EQ(b.readers.js, "BigInt (unsigned)");
  EXPECT_EQ(Ids(b), (Ids_{"int64-beyond-2^53", "uint64-read-as-signed"}));

  SchemaField i8 = Leaf("c", 1);
  i8.converted = 15;  // INT_8
  const ColumnPlan c = PlanOne(i8);
  EXPECT_EQ(c.readers.arrow, "int8");
  EXPECT_TRUE(c.hazards.empty());
}

TEST(ReadPlan, Decimals) {
  SchemaField wide = WithLogical(Leaf("a", 7, kOpt), "DECIMAL");
  wide.type_length = 9;
  wide.logical.precision = 20;
  wide.logical.scale = 2;
  const ColumnPlan a = PlanOne(wide);
  EXPECT_EQ(a.readers.arrow, "decimal128(20, 2)");
  EXPECT_EQ(a.readers.pandas, "object (decimal.Decimal)");
  EXPECT_EQ(a.readers.r, "double");
  EXPECT_EQ(a.readers.js, "Number");
  EXPECT_EQ(Ids(a), Ids_{"decimal-over-15-digits"});

  SchemaField narrow = Leaf("b", 1);
  narrow.converted = 5;  // DECIMAL, from the element's own fields.
  narrow.precision = 9;
  narrow.scale = 2;
  const ColumnPlan b = PlanOne(narrow);
  EXPECT_EQ(b.readers.arrow, "decimal128(9, 2)");
  EXPECT_TRUE(b.hazards.empty());

  SchemaField huge = WithLogical(Leaf("c", 6), "DECIMAL");
  huge.logical.precision = 50;
  EXPECT_EQ(PlanOne(huge).readers.arrow, "decimal256(50, 0)");
}

TEST(ReadPlan, Timestamps) {
  SchemaField nanos_local = WithLogical(Leaf("a", 2), "TIMESTAMP");
  nanos_local.logical.unit = "NANOS";
  nanos_local.logical.adjusted_to_utc = false;
  const ColumnPlan a = PlanOne(nanos_local);
  EXPECT_EQ(a.readers.arrow, "timestamp[ns]");
  EXPECT_EQ(a.readers.pandas, "datetime64[ns]");
  EXPECT_EQ(a.readers.r, "POSIXct");
  EXPECT_EQ(a.readers.js, "Date (ms)");
  EXPECT_EQ(Ids(a), (Ids_{"timestamp-nanos", "timestamp-sub-millis-in-js",
                          "timestamp-local-vs-utc"}));

  SchemaField micros = Leaf("b", 2);
  micros.converted = 10;  // TIMESTAMP_MICROS: UTC by definition.
  const ColumnPlan b = PlanOne(micros);
  EXPECT_EQ(b.readers.arrow, "timestamp[us, tz=UTC]");
  EXPECT_EQ(b.readers.pandas, "datetime64[us, UTC]");
  EXPECT_EQ(Ids(b), Ids_{"timestamp-sub-millis-in-js"});

  SchemaField millis = WithLogical(Leaf("c", 2), "TIMESTAMP");
  millis.logical.unit = "MILLIS";
  millis.logical.adjusted_to_utc = true;
  EXPECT_TRUE(PlanOne(millis).hazards.empty());

  const ColumnPlan int96 = PlanOne(Leaf("d", 3));
  EXPECT_EQ(int96.readers.arrow, "timestamp[ns]");
  EXPECT_EQ(Ids(int96), Ids_{"int96"});
}

TEST(ReadPlan, DatesTimesAndOthers) {
  const ColumnPlan date = PlanOne(WithLogical(Leaf("a", 1), "DATE"));
  EXPECT_EQ(date.readers.arrow, "date32[day]");
  EXPECT_EQ(date.readers.r, "Date");
  EXPECT_EQ(Ids(date), Ids_{"date-beyond-js-range"});

  SchemaField time = WithLogical(Leaf("b", 2), "TIME");
  time.logical.unit = "NANOS";
  const ColumnPlan t = PlanOne(time);
  EXPECT_EQ(t.readers.arrow, "time64[ns]");
  EXPECT_EQ(t.readers.r, "hms::hms");
  EXPECT_EQ(t.readers.js, "BigInt");
  EXPECT_EQ(Ids(t), Ids_{"time-nanos"});

  SchemaField f16 = WithLogical(Leaf("c", 7), "FLOAT16");
  f16.type_length = 2;
  EXPECT_EQ(Ids(PlanOne(f16)), Ids_{"float16"});

  SchemaField interval = Leaf("d", 7);
  interval.type_length = 12;
  interval.converted = 21;
  const ColumnPlan i = PlanOne(interval);
  EXPECT_EQ(i.readers.arrow, "fixed_size_binary[12]");
  EXPECT_EQ(Ids(i), Ids_{"interval"});
}

TEST(ReadPlan, ByteArrays) {
  const ColumnPlan raw = PlanOne(Leaf("a", 6));
  EXPECT_EQ(raw.readers.arrow, "binary");
  EXPECT_EQ(raw.readers.pandas, "object (bytes)");
  EXPECT_EQ(raw.readers.r, "arrow_binary (raw)");
  EXPECT_EQ(Ids(raw), Ids_{"unannotated-byte-array"});

  const ColumnPlan text = PlanOne(WithLogical(Leaf("b", 6), "STRING"));
  EXPECT_EQ(text.readers.arrow, "string");
  EXPECT_EQ(text.readers.r, "character");
  EXPECT_TRUE(text.hazards.empty());

  SchemaField utf8 = Leaf("c", 6);
  utf8.converted = 0;
  EXPECT_EQ(PlanOne(utf8).readers.arrow, "string");

  SchemaField fixed = Leaf("d", 7);
  fixed.type_length = 4;
  const ColumnPlan f = PlanOne(fixed);
  EXPECT_EQ(f.readers.arrow, "fixed_size_binary[4]");
  EXPECT_TRUE(f.hazards.empty());  // Only BYTE_ARRAY is mistaken for text.
}

TEST(ReadPlan, FloatsAndBooleansHaveNoHazards) {
  for (int32_t physical : {0, 4, 5}) {
    EXPECT_TRUE(PlanOne(Leaf("a", physical, kOpt)).hazards.empty());
  }
  EXPECT_EQ(PlanOne(Leaf("a", 0, kOpt)).readers.pandas,
            "bool (object when nulls)");
}

TEST(ReadPlan, AnnotationsOnTheWrongPhysicalTypeGiveNoHazards) {
  SchemaField i64_on_i32 = WithLogical(Leaf("a", 1), "INTEGER");
  i64_on_i32.logical.bit_width = 64;
  EXPECT_TRUE(PlanOne(i64_on_i32).hazards.empty());
  SchemaField ts_on_ba = WithLogical(Leaf("b", 6), "TIMESTAMP");
  ts_on_ba.logical.unit = "NANOS";
  EXPECT_TRUE(PlanOne(ts_on_ba).hazards.empty());
  EXPECT_TRUE(PlanOne(WithLogical(Leaf("c", 2), "DATE")).hazards.empty());
}

TEST(ReadPlan, OrcAndBadLeavesGiveNoColumns) {
  Inspection orc = Flat({Leaf("a", 1)});
  orc.report.format = Format::kOrc;
  EXPECT_TRUE(PlanColumns(orc).columns.empty());
  Inspection bad = Flat({Leaf("a", 1)});
  bad.schema.leaves.push_back(99);
  EXPECT_EQ(PlanColumns(bad).columns.size(), 1u);
}

TEST(ReadPlan, HazardIdsAreUniqueKebabCase) {
  std::set<std::string> seen;
  for (int k = 0; k <= static_cast<int>(HazardKind::kInterval); ++k) {
    const HazardKind kind = static_cast<HazardKind>(k);
    const std::string name(HazardName(kind));
    EXPECT_TRUE(seen.insert(name).second) << name;
    for (char c : name) {
      EXPECT_TRUE((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '^')
          << name;
    }
    EXPECT_FALSE(HazardSummary(kind).empty());
    EXPECT_FALSE(HazardCountRule(kind).empty());
  }
}

TEST(ReadPlan, CountsStayUnsetWithoutData) {
  const ColumnPlan c = PlanOne(Leaf("a", 2));
  EXPECT_EQ(c.values, -1);
  EXPECT_EQ(c.hazards.at(0).affected, -1);
}

}  // namespace
}  // namespace colcheck
