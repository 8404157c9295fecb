#include "conformance/runner/compare.h"

#include <simdjson.h>

#include <cmath>
#include <cstdlib>
#include <optional>
#include <vector>

namespace colcheck::conformance {
namespace {

namespace dom = simdjson::dom;

std::vector<std::string_view> Lines(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (!line.empty()) lines.push_back(line);
    text.remove_prefix(std::min(end + 1, text.size()));
  }
  return lines;
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// A decimal digit string, "-12.340" or "7": its sign, and its digits
// without leading zeros of the integer part or trailing zeros of the
// fraction, so that equal values are equal strings.
std::optional<std::string> NormalDecimal(std::string_view text) {
  bool negative = false;
  if (!text.empty() && (text.front() == '-' || text.front() == '+')) {
    negative = text.front() == '-';
    text.remove_prefix(1);
  }
  const size_t dot = text.find('.');
  std::string_view whole = text.substr(0, dot);
  std::string_view fraction =
      dot == std::string_view::npos ? std::string_view() : text.substr(dot + 1);
  if (whole.empty() && fraction.empty()) return std::nullopt;
  for (const char c : whole) {
    if (!IsDigit(c)) return std::nullopt;
  }
  for (const char c : fraction) {
    if (!IsDigit(c)) return std::nullopt;
  }
  while (!whole.empty() && whole.front() == '0') whole.remove_prefix(1);
  while (!fraction.empty() && fraction.back() == '0') fraction.remove_suffix(1);
  if (whole.empty() && fraction.empty()) return std::string("0");
  return std::string(negative ? "-" : "") + std::string(whole) + "." +
         std::string(fraction);
}

// Parses `n` digits at `text`'s front into `out`.
bool Digits(std::string_view* text, size_t n, int64_t* out) {
  if (text->size() < n) return false;
  int64_t value = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!IsDigit((*text)[i])) return false;
    value = value * 10 + ((*text)[i] - '0');
  }
  text->remove_prefix(n);
  *out = value;
  return true;
}

bool Expect(std::string_view* text, char c) {
  if (text->empty() || text->front() != c) return false;
  text->remove_prefix(1);
  return true;
}

// "HH:MM:SS[.f...][Z|+00:00]" as nanoseconds of the day; the rest of
// `text` must be empty.
std::optional<int64_t> NanosOfDay(std::string_view text) {
  int64_t h = 0, m = 0, s = 0;
  if (!Digits(&text, 2, &h) || !Expect(&text, ':') || !Digits(&text, 2, &m) ||
      !Expect(&text, ':') || !Digits(&text, 2, &s)) {
    return std::nullopt;
  }
  int64_t nanos = 0;
  if (Expect(&text, '.')) {
    size_t n = 0;
    while (n < text.size() && IsDigit(text[n])) ++n;
    if (n == 0 || n > 9) return std::nullopt;
    int64_t fraction = 0;
    Digits(&text, n, &fraction);
    for (size_t i = n; i < 9; ++i) fraction *= 10;
    nanos = fraction;
  }
  if (text == "Z" || text == "+00:00") text = {};
  if (!text.empty()) return std::nullopt;
  return ((h * 60 + m) * 60 + s) * 1000000000 + nanos;
}

struct Instant {
  int64_t year, month, day, nanos;
  bool operator==(const Instant&) const = default;
};

// "YYYY-MM-DDTHH:MM:SS[.f...][Z]" (or a space for the T).
std::optional<Instant> ParseInstant(std::string_view text) {
  Instant t{};
  bool negative = Expect(&text, '-');
  if (!Digits(&text, 4, &t.year) || !Expect(&text, '-') ||
      !Digits(&text, 2, &t.month) || !Expect(&text, '-') ||
      !Digits(&text, 2, &t.day) || text.empty() ||
      (text.front() != 'T' && text.front() != ' ')) {
    return std::nullopt;
  }
  if (negative) t.year = -t.year;
  text.remove_prefix(1);
  const std::optional<int64_t> nanos = NanosOfDay(text);
  if (!nanos) return std::nullopt;
  t.nanos = *nanos;
  return t;
}

bool StringsEqual(std::string_view e, std::string_view a) {
  if (e == a) return true;
  if (const auto de = NormalDecimal(e)) {
    const auto da = NormalDecimal(a);
    return da && *de == *da;
  }
  if (const auto te = ParseInstant(e)) {
    const auto ta = ParseInstant(a);
    return ta && *te == *ta;
  }
  if (const auto ne = NanosOfDay(e)) {
    const auto na = NanosOfDay(a);
    return na && *ne == *na;
  }
  return false;
}

bool IsInteger(dom::element v) {
  return v.type() == dom::element_type::INT64 ||
         v.type() == dom::element_type::UINT64;
}

// Exact integers as (negative, magnitude).
std::pair<bool, uint64_t> Magnitude(dom::element v) {
  if (v.type() == dom::element_type::UINT64) return {false, v.get_uint64()};
  const int64_t i = v.get_int64();
  return {i < 0, i < 0 ? uint64_t{0} - static_cast<uint64_t>(i)
                       : static_cast<uint64_t>(i)};
}

double AsDouble(dom::element v) {
  switch (v.type()) {
    case dom::element_type::INT64:
      return static_cast<double>(v.get_int64().value_unsafe());
    case dom::element_type::UINT64:
      return static_cast<double>(v.get_uint64().value_unsafe());
    default:
      return v.get_double().value_unsafe();
  }
}

bool NumbersEqual(dom::element e, dom::element a) {
  if (IsInteger(e) && IsInteger(a)) return Magnitude(e) == Magnitude(a);
  if (IsInteger(e) != IsInteger(a)) {
    // An integer against a double: equal only when the double is that
    // integer exactly (a 64-bit value rounded through a double is not).
    const dom::element integer = IsInteger(e) ? e : a;
    const double d = AsDouble(IsInteger(e) ? a : e);
    if (!std::isfinite(d) || d != std::trunc(d) || std::fabs(d) >= 0x1p63) {
      return false;
    }
    const auto [negative, magnitude] = Magnitude(integer);
    const bool d_negative = std::signbit(d);
    const uint64_t d_magnitude = static_cast<uint64_t>(std::fabs(d));
    if (magnitude == 0 && d_magnitude == 0) return !d_negative;
    return negative == d_negative && magnitude == d_magnitude;
  }
  const double de = AsDouble(e), da = AsDouble(a);
  return de == da && std::signbit(de) == std::signbit(da);
}

// A decimal or integer string against a number: the double nearest to the
// string's value.
bool StringNumberEqual(std::string_view text, dom::element number) {
  if (!NormalDecimal(text)) return false;
  const std::string copy(text);
  const double nearest = std::strtod(copy.c_str(), nullptr);
  return nearest == AsDouble(number);
}

class Comparer {
 public:
  explicit Comparer(RowDifference* diff) : diff_(diff) {}

  bool Equal(dom::element e, dom::element a, const std::string& path) {
    using T = dom::element_type;
    const T te = e.type(), ta = a.type();
    const bool e_number = te == T::INT64 || te == T::UINT64 || te == T::DOUBLE;
    const bool a_number = ta == T::INT64 || ta == T::UINT64 || ta == T::DOUBLE;
    if (e_number && a_number) return Check(NumbersEqual(e, a), e, a, path);
    if (te == T::STRING && a_number) {
      return Check(StringNumberEqual(e.get_string().value_unsafe(), a), e, a,
                   path);
    }
    if (te != ta) return Check(false, e, a, path);
    switch (te) {
      case T::STRING:
        return Check(StringsEqual(e.get_string().value_unsafe(),
                                  a.get_string().value_unsafe()),
                     e, a, path);
      case T::BOOL:
        return Check(e.get_bool().value_unsafe() == a.get_bool().value_unsafe(),
                     e, a, path);
      case T::NULL_VALUE:
        return true;
      case T::ARRAY:
        return ArraysEqual(e.get_array().value_unsafe(),
                           a.get_array().value_unsafe(), e, a, path);
      case T::OBJECT:
        return ObjectsEqual(e.get_object().value_unsafe(),
                            a.get_object().value_unsafe(), e, a, path);
      default:
        return Check(false, e, a, path);
    }
  }

 private:
  bool Check(bool equal, dom::element e, dom::element a,
             const std::string& path) {
    if (equal) return true;
    diff_->equal = false;
    diff_->path = path;
    diff_->expected = simdjson::minify(e);
    diff_->actual = simdjson::minify(a);
    diff_->reason = "the value differs";
    return false;
  }

  bool ArraysEqual(dom::array e, dom::array a, dom::element ee, dom::element ae,
                   const std::string& path) {
    if (e.size() != a.size()) {
      Check(false, ee, ae, path);
      diff_->reason = "the list has " + std::to_string(a.size()) +
                      " elements, not " + std::to_string(e.size());
      return false;
    }
    size_t i = 0;
    for (auto ei = e.begin(), ai = a.begin(); ei != e.end(); ++ei, ++ai, ++i) {
      if (!Equal(*ei, *ai, path + "[" + std::to_string(i) + "]")) return false;
    }
    return true;
  }

  bool ObjectsEqual(dom::object e, dom::object a, dom::element ee,
                    dom::element ae, const std::string& path) {
    const std::string prefix = path.empty() ? "" : path + ".";
    for (const dom::key_value_pair field : e) {
      dom::element other;
      if (a.at_key(field.key).get(other) != simdjson::SUCCESS) {
        Check(false, ee, ae, path);
        diff_->reason = "field \"" + std::string(field.key) + "\" is missing";
        return false;
      }
      if (!Equal(field.value, other, prefix + std::string(field.key))) {
        return false;
      }
    }
    for (const dom::key_value_pair field : a) {
      dom::element other;
      if (e.at_key(field.key).get(other) != simdjson::SUCCESS) {
        Check(false, ee, ae, path);
        diff_->reason = "field \"" + std::string(field.key) + "\" is extra";
        return false;
      }
    }
    return true;
  }

  RowDifference* diff_;
};

RowDifference RowCountDiffers(size_t row, size_t expected_rows,
                              size_t actual_rows,
                              std::string_view expected_line,
                              std::string_view actual_line) {
  RowDifference diff;
  diff.equal = false;
  diff.row = row;
  diff.expected =
      expected_line.empty() ? "(no row)" : std::string(expected_line);
  diff.actual = actual_line.empty() ? "(no row)" : std::string(actual_line);
  diff.reason = std::to_string(actual_rows) + " rows, not " +
                std::to_string(expected_rows);
  return diff;
}

}  // namespace

RowDifference CompareRows(std::string_view expected, std::string_view actual) {
  const std::vector<std::string_view> e = Lines(expected);
  const std::vector<std::string_view> a = Lines(actual);
  dom::parser expected_parser, actual_parser;
  const size_t common = std::min(e.size(), a.size());
  for (size_t row = 0; row < common; ++row) {
    RowDifference diff;
    diff.row = row;
    dom::element er, ar;
    if (expected_parser.parse(e[row].data(), e[row].size()).get(er) !=
        simdjson::SUCCESS) {
      diff.equal = false;
      diff.expected = std::string(e[row]);
      diff.actual = std::string(a[row]);
      diff.reason = "the expected row is not JSON (a fault of the suite)";
      return diff;
    }
    if (actual_parser.parse(a[row].data(), a[row].size()).get(ar) !=
            simdjson::SUCCESS ||
        ar.type() != dom::element_type::OBJECT) {
      diff.equal = false;
      diff.expected = std::string(e[row]);
      diff.actual = std::string(a[row].substr(0, 4096));
      diff.reason = "the reader's line is not a JSON object";
      return diff;
    }
    Comparer comparer(&diff);
    if (!comparer.Equal(er, ar, "")) return diff;
  }
  if (e.size() != a.size()) {
    return RowCountDiffers(
        common, e.size(), a.size(),
        common < e.size() ? e[common] : std::string_view(),
        common < a.size() ? a[common].substr(0, 4096) : std::string_view());
  }
  return RowDifference{};
}

}  // namespace colcheck::conformance
