#include "thrift_tree.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace colcheck::fuzz {
namespace {

std::span<const uint8_t> Bytes(const std::string& s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

TEST(ThriftTree, RoundTripsEveryWireTypeAndEncodingChoice) {
  const std::string input(
      "\x15\x04"                              // 1: i32 2
      "\x11"                                  // 2: true
      "\x13\xff"                              // 3: i8 -1
      "\x16\x81\x80\x00"                      // 4: i64 -1, two padding bytes
      "\x17\x00\x00\x00\x00\x00\x00\xf0\x3f"  // 5: double 1.0
      "\x18\x03"
      "abc"                   // 6: binary
      "\x19\x25\x02\x04"      // 7: list<i32> [1, 2]
      "\x19\xf1\x02\x01\x02"  // 8: list<bool>, long header, [true, false]
      "\x1b\x01\x85\x01"
      "k\x06"         // 9: map<binary, i32> {k: 3}
      "\x0c\x28\x00"  // 20 (long form): struct {}
      "\x1a\x00"      // 21: set header with type nibble 0
      "\x00",
      44);
  ThriftValue v;
  size_t consumed;
  // Type nibble 0 in a collection header is invalid, so the set fails and
  // the fields before it are kept.
  EXPECT_FALSE(ParseStruct(Bytes(input), &v, &consumed));
  ASSERT_EQ(v.fields.size(), 10u);
  EXPECT_EQ(v.fields[3].value.i, -1);
  EXPECT_EQ(v.fields[3].value.overlong, 2);
  EXPECT_TRUE(v.fields[7].value.long_list_header);
  EXPECT_TRUE(v.fields[9].long_header);

  const std::string valid = input.substr(0, 41) + std::string("\x00", 1);
  ASSERT_TRUE(ParseStruct(Bytes(valid), &v, &consumed));
  EXPECT_EQ(consumed, valid.size());
  std::string out;
  SerializeStruct(v, &out);
  EXPECT_EQ(out, valid);
}

TEST(ThriftTree, HostileSizesDoNotAllocate) {
  // A list claiming 2^32 elements in a 7-byte input.
  const std::string input("\x19\xf5\xff\xff\xff\xff\x0f", 7);
  ThriftValue v;
  size_t consumed;
  EXPECT_FALSE(ParseStruct(Bytes(input), &v, &consumed));
  EXPECT_TRUE(v.fields.empty());
  // Nesting past the depth limit.
  const std::string deep(200, '\x1c');
  EXPECT_FALSE(ParseStruct(Bytes(deep), &v, &consumed));
}

TEST(ThriftTree, WritesLongFormsWhenAsked) {
  ThriftValue v = MakeStruct({MakeField(1, MakeInt(kWireI32, 1))});
  v.fields[0].long_header = true;
  v.fields[0].value.overlong = 1;
  std::string out;
  SerializeStruct(v, &out);
  EXPECT_EQ(out, std::string("\x05\x02\x82\x00\x00", 5));
  ThriftValue back;
  size_t consumed;
  ASSERT_TRUE(ParseStruct(Bytes(out), &back, &consumed));
  EXPECT_EQ(back.fields[0].value.i, 1);
  EXPECT_EQ(back.fields[0].value.overlong, 1);
}

}  // namespace
}  // namespace colcheck::fuzz
