// The one comparison of rows that every reader is judged by: the expected
// rows of a case against what a reader printed, both canonical JSON Lines
// (reports/rows.h). Equal text is equal; beyond that, a value may differ in
// form but not in what it means:
//
//   numbers      integers exactly; otherwise as doubles, where -0.0 and 0
//                differ and the sign counts. A decimal or an integer
//                string ("12.340") matches a number that is the double
//                nearest to it (a reader that hands decimals out as
//                doubles), and nothing less near.
//   decimals     "12.340" and "12.34" are one value: digit strings are
//                compared by value, whatever their scale.
//   timestamps   "2024-01-01T00:00:00.000Z" and "2024-01-01T00:00:00" are
//                one instant: the fields are compared at nanosecond
//                resolution, with or without "Z" and whatever the digits.
//   times        "12:34:56.789" and "12:34:56.789000Z", likewise.
//   NaN          "NaN" matches "NaN" (any NaN is NaN).
//   objects      by key, whatever the order; a key missing on either side
//                differs.
//
// Anything else (a string against a number, bytes against text, a list
// against a struct) differs.

#ifndef COLCHECK_CONFORMANCE_RUNNER_COMPARE_H_
#define COLCHECK_CONFORMANCE_RUNNER_COMPARE_H_

#include <cstdint>
#include <string>
#include <string_view>

namespace colcheck::conformance {

// The first place where two sets of rows differ.
struct RowDifference {
  bool equal = true;
  uint64_t row = 0;      // 0-based: the first row that differs.
  std::string path;      // Where in the row: "a", "a[2].key".
  std::string expected;  // The expected value's JSON, or the row's.
  std::string actual;    // The actual value's JSON, or "(no row)".
  std::string reason;    // "the value differs", "a row is missing"...
};

// Compares two canonical JSON Lines texts, row by row. A line of `actual`
// that is not a JSON object differs ("not JSON"); empty lines are skipped
// on both sides.
RowDifference CompareRows(std::string_view expected, std::string_view actual);

}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_COMPARE_H_
