// The one set of expectations on diagnostics that every test of either
// format uses: matchers by code and exact span (and field), never by
// message; predicates for EXPECT_TRUE; Describe to print what was
// reported next to a failed expectation.
//
//   // The exact set: the test's file has this one fault.
//   EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kOrcFooterNoTypes, span)));
//   EXPECT_THAT(ds, ElementsAre(IsDiagnostic(Code::kMetadataInvalidCodec,
//                                            span, "row_groups[0]...")));
//   // One of several, where the file legitimately has others (say why).
//   EXPECT_TRUE(HasDiagnostic(ds, Code::kOrcFooterRowCount, span));

#ifndef COLCHECK_TESTING_DIAGNOSTICS_H_
#define COLCHECK_TESTING_DIAGNOSTICS_H_

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstddef>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "core/span.h"
#include "core/strings.h"

namespace colcheck {

// So that gmock prints a diagnostic that did not match by what a test
// asserts on, not as raw bytes.
inline void PrintTo(const Diagnostic& d, std::ostream* os) {
  *os << Info(d.code).name << " @" << d.offset << "+" << d.length << " "
      << d.field;
}

}  // namespace colcheck

namespace colcheck::testing {

// One line per diagnostic: code, span, field and message.
inline std::string Describe(const std::vector<Diagnostic>& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics) {
    out +=
        StrCat("  ", Info(d.code).name, " @", d.offset, "+", d.length, " ",
               SeverityName(d.severity), " ", d.field, ": ", d.message, "\n");
  }
  return out.empty() ? "  (none)\n" : out;
}

inline std::string Describe(const Report& r) { return Describe(r.diagnostics); }

// A diagnostic with `code` at exactly `span`, whatever its field.
MATCHER_P2(IsDiagnostic, code, span, "") {
  const ByteSpan expected = span;
  if (arg.code == code && arg.offset == expected.offset &&
      arg.length == expected.length) {
    return true;
  }
  *result_listener << "is " << Info(arg.code).name << " at [" << arg.offset
                   << ", +" << arg.length << ")";
  return false;
}

// A diagnostic with `code` at exactly `span`, reported on `field`.
MATCHER_P3(IsDiagnostic, code, span, field, "") {
  const ByteSpan expected = span;
  if (arg.code == code && arg.offset == expected.offset &&
      arg.length == expected.length && arg.field == field) {
    return true;
  }
  *result_listener << "is " << Info(arg.code).name << " at [" << arg.offset
                   << ", +" << arg.length << ") field " << arg.field;
  return false;
}

// A diagnostic with `code`, for tests about how often a code fires.
MATCHER_P(HasCode, code, "") { return arg.code == code; }

// Passes when a diagnostic with `code` at exactly `span` exists.
inline ::testing::AssertionResult HasDiagnostic(
    const std::vector<Diagnostic>& diagnostics, Code code, ByteSpan span) {
  for (const Diagnostic& d : diagnostics) {
    if (d.code == code && d.offset == span.offset && d.length == span.length) {
      return ::testing::AssertionSuccess();
    }
  }
  return ::testing::AssertionFailure()
         << "no " << Info(code).name << " @" << span.offset << "+"
         << span.length << "; got:\n"
         << Describe(diagnostics);
}

// Passes when a diagnostic with this code, span and field exists.
inline ::testing::AssertionResult HasDiagnostic(
    const std::vector<Diagnostic>& diagnostics, Code code, ByteSpan span,
    std::string_view field) {
  for (const Diagnostic& d : diagnostics) {
    if (d.code == code && d.offset == span.offset && d.length == span.length &&
        d.field == field) {
      return ::testing::AssertionSuccess();
    }
  }
  return ::testing::AssertionFailure()
         << "no " << Info(code).name << " @" << span.offset << "+"
         << span.length << " " << field << "; got:\n"
         << Describe(diagnostics);
}

// Passes when `code` was reported exactly `count` times.
inline ::testing::AssertionResult CountIs(
    const std::vector<Diagnostic>& diagnostics, Code code, size_t count) {
  size_t n = 0;
  for (const Diagnostic& d : diagnostics) n += d.code == code;
  if (n == count) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << Info(code).name << " reported " << n << " times, expected " << count
         << "; got:\n"
         << Describe(diagnostics);
}

// Passes when nothing at `min_severity` or above was reported.
inline ::testing::AssertionResult NothingAtOrAbove(
    const std::vector<Diagnostic>& diagnostics, Severity min_severity) {
  for (const Diagnostic& d : diagnostics) {
    if (d.severity >= min_severity) {
      return ::testing::AssertionFailure() << "unexpected:\n"
                                           << Describe(diagnostics);
    }
  }
  return ::testing::AssertionSuccess();
}

inline ::testing::AssertionResult NoErrors(
    const std::vector<Diagnostic>& diagnostics) {
  return NothingAtOrAbove(diagnostics, Severity::kError);
}

// No errors and no warnings: infos only.
inline ::testing::AssertionResult Clean(
    const std::vector<Diagnostic>& diagnostics) {
  return NothingAtOrAbove(diagnostics, Severity::kWarning);
}

}  // namespace colcheck::testing

#endif  // COLCHECK_TESTING_DIAGNOSTICS_H_
