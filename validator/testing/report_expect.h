// Expectations on a whole-file Report, for tests that validate a built file
// through the public API and expect a code at exactly the bytes they broke.
//
//   const Report r = ValidateBytes(f.span(), {});
//   testing::ExpectOnlyError(r, Code::kPageOutOfChunk, p.body);
//   const Diagnostic* d = testing::OnlyDiagnostic(r, Code::kPageV2NumRows);

#ifndef COLCHECK_TESTING_REPORT_EXPECT_H_
#define COLCHECK_TESTING_REPORT_EXPECT_H_

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <string_view>

#include "colcheck/colcheck.h"
#include "core/span.h"
#include "core/strings.h"
#include "testing/diagnostics.h"

namespace colcheck::testing {

inline size_t CountErrors(const Report& r) {
  size_t n = 0;
  for (const Diagnostic& d : r.diagnostics) n += d.severity == Severity::kError;
  return n;
}

// How many diagnostics have `code`.
inline size_t CountCode(const Report& r, Code code) {
  size_t n = 0;
  for (const Diagnostic& d : r.diagnostics) n += d.code == code;
  return n;
}

// Expects a diagnostic `code` at exactly `span`.
inline void ExpectAt(const Report& r, Code code, ByteSpan span) {
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code == code && d.offset == span.offset && d.length == span.length) {
      return;
    }
  }
  ADD_FAILURE() << "no " << Info(code).name << " at " << span.offset << "+"
                << span.length << " in:\n"
                << Describe(r);
}

// Expects `code` at `span`, and it the only error.
inline void ExpectOnlyError(const Report& r, Code code, ByteSpan span) {
  ExpectAt(r, code, span);
  EXPECT_EQ(CountErrors(r), 1u) << Describe(r);
}

// The one diagnostic with `code`, wherever it is. Fails the test when there
// is none (and returns null) or several.
inline const Diagnostic* OnlyDiagnostic(const Report& r, Code code) {
  const Diagnostic* found = nullptr;
  for (const Diagnostic& d : r.diagnostics) {
    if (d.code != code) continue;
    EXPECT_EQ(found, nullptr) << "more than one " << Info(code).name << " in:\n"
                              << Describe(r);
    found = &d;
  }
  EXPECT_NE(found, nullptr) << "no " << Info(code).name << " in:\n"
                            << Describe(r);
  return found;
}

// Expects `b`, the report of another way of validating the same bytes
// (`a_name` and `b_name` say which), to equal `a`: every diagnostic in the
// same order, the verdict, completeness and format.
inline void ExpectSameReport(const Report& a, const Report& b,
                             const std::string& what, std::string_view a_name,
                             std::string_view b_name) {
  ASSERT_EQ(a.diagnostics.size(), b.diagnostics.size()) << what;
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic& x = a.diagnostics[i];
    const Diagnostic& y = b.diagnostics[i];
    ASSERT_TRUE(x.code == y.code && x.severity == y.severity &&
                x.offset == y.offset && x.length == y.length &&
                x.field == y.field && x.message == y.message)
        << what << ": diagnostic " << i << " is " << Info(x.code).name << " @"
        << x.offset << "+" << x.length << " " << x.field << " " << a_name
        << ", " << Info(y.code).name << " @" << y.offset << "+" << y.length
        << " " << y.field << " " << b_name;
  }
  EXPECT_EQ(a.verdict, b.verdict) << what;
  EXPECT_EQ(a.complete, b.complete) << what;
  EXPECT_EQ(a.format, b.format) << what;
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_REPORT_EXPECT_H_
