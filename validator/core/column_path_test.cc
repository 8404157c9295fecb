#include "core/column_path.h"

#include <gtest/gtest.h>

#include <string>

#include "core/limits.h"
#include "testing/expect_each.h"

namespace colcheck {
namespace {

const std::string kEllipsis = "\xe2\x80\xa6";

std::string Quoted(std::string_view name) {
  std::string out;
  AppendColumnName(name, &out);
  return out;
}

TEST(ColumnPathTest, QuotesOnlyNamesThatWouldBeAmbiguous) {
  testing::ExpectEach(Quoted,
                      {
                          {"price", "price"},
                          {"unit price \xc3\xa9", "unit price \xc3\xa9"},
                          {"a.b", "`a.b`"},
                          {"a`b", "`a``b`"},
                          {"", "``"},
                      });
}

TEST(ColumnPathTest, JoinsRootFirst) {
  ColumnPath path;
  EXPECT_TRUE(path.AddParent("price"));
  EXPECT_TRUE(path.AddParent("items"));
  EXPECT_TRUE(path.AddParent("order.v2"));
  EXPECT_EQ(path.Take(), "`order.v2`.items.price");
  EXPECT_EQ(path.Take(), "");
}

TEST(ColumnPathTest, DropsTheNamesNearestTheRootPastTheCap) {
  const std::string name(limits::kMaxColumnPathBytes / 2, 'n');
  ColumnPath path;
  EXPECT_TRUE(path.AddParent("leaf"));
  EXPECT_TRUE(path.AddParent(name));
  EXPECT_FALSE(path.AddParent(name));
  EXPECT_FALSE(path.AddParent("root"));
  EXPECT_EQ(path.Take(), kEllipsis + "." + name + ".leaf");
}

TEST(ColumnPathTest, CutsOneNameLongerThanTheCap) {
  for (const size_t size : {limits::kMaxColumnPathBytes + 1, size_t{1} << 20}) {
    ColumnPath path;
    EXPECT_FALSE(path.AddParent(std::string(size, '.')));
    EXPECT_FALSE(path.AddParent("root"));
    const std::string column = path.Take();
    EXPECT_LE(column.size(), limits::kMaxColumnPathBytes + kEllipsis.size());
    EXPECT_TRUE(column.ends_with(kEllipsis)) << size;
  }
}

TEST(TakeIndexedTest, ReadsOneIndexedNameOffTheFront) {
  std::string_view path = "row_groups[2].columns[15].meta_data";
  size_t index = 0;
  ASSERT_TRUE(TakeIndexed(&path, "row_groups", &index));
  EXPECT_EQ(index, 2u);
  EXPECT_FALSE(TakeIndexed(&path, "row_groups", &index));
  ASSERT_TRUE(TakeIndexed(&path, "columns", &index));
  EXPECT_EQ(index, 15u);
  EXPECT_EQ(path, "meta_data");

  path = "schema[7]";
  ASSERT_TRUE(TakeIndexed(&path, "schema", &index));
  EXPECT_EQ(index, 7u);
  EXPECT_EQ(path, "");
  path = "types[1][2]";
  ASSERT_TRUE(TakeIndexed(&path, "types", &index));
  EXPECT_EQ(path, "[2]");
}

TEST(TakeIndexedTest, RejectsWhatIsNotOneIndex) {
  for (const std::string_view bad :
       {"schema", "schema[]", "schema[x]", "schema[1", "schema[-1]",
        "schemas[1]", "schema[1]x", "schema[99999999999999999999999]"}) {
    std::string_view path = bad;
    size_t index = 0;
    EXPECT_FALSE(TakeIndexed(&path, "schema", &index)) << bad;
    EXPECT_EQ(path, bad);
  }
}

}  // namespace
}  // namespace colcheck
