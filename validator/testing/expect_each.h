// Table-driven expectations on a function of one argument, for tests of
// names, quoting and escaping: each case is an input and the exact output
// it must give.
//
//   testing::ExpectEach(CodecName, {{6, "ZSTD"}, {-1, ""}});
//
// A list of cases says what is tested where a wall of EXPECT_EQ(F(x), y)
// lines would hide it; a failure names the input, as the file and line of
// the helper cannot.

#ifndef COLCHECK_TESTING_EXPECT_EACH_H_
#define COLCHECK_TESTING_EXPECT_EACH_H_

#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>
#include <type_traits>

namespace colcheck::testing {

template <typename Input>
struct Case {
  Input input;
  std::string_view want;
};

// `Argument` is deduced from `function` alone (the cases' type is not
// deduced), so that a case's braces need not name it.
template <typename Result, typename Argument>
void ExpectEach(
    Result (*function)(Argument),
    std::initializer_list<Case<std::remove_cvref_t<Argument>>> cases) {
  for (const Case<std::remove_cvref_t<Argument>>& c : cases) {
    EXPECT_EQ(function(c.input), c.want)
        << "of input " << ::testing::PrintToString(c.input);
  }
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_EXPECT_EACH_H_
