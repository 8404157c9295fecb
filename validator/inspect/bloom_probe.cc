// Bloom filter probes (colcheck/bloom_probe.h): a value's text parsed by
// its column's type into what the writers hash, then tested against each
// row group's filter, read from the file the way the validation reads it
// (parquet/bloom_filter.h, orc/bloom_filter.h) but never trusting it: every
// offset is checked against the bytes that exist, and a filter that cannot
// be used is an answer ("unreadable"), not an error.

#include "colcheck/bloom_probe.h"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "orc/bloom_filter.h"
#include "orc/compression.h"
#include "orc/metadata.h"
#include "orc/metadata_decoder.h"
#include "parquet/bloom_filter.h"
#include "parquet/metadata.h"
#include "parquet/metadata_decoder.h"
#include "protobuf/wire_reader.h"
#include "thrift/compact_reader.h"

namespace colcheck {
namespace {

// ---- text
// ---------------------------------------------------------------------

// Values come from a command line, but the library takes any text: past
// this many bytes a value is refused rather than turned into a decimal by
// quadratic arithmetic.
constexpr size_t kMaxValueText = 4096;

constexpr int64_t kSecondsPerDay = 86400;
constexpr int64_t kNanosPerSecond = 1000000000;
// Days between the Julian day number epoch and 1970-01-01 (INT96).
constexpr int64_t kJulianEpochDay = 2440588;
// Years of at most this many digits: their days, seconds and nanoseconds
// stay far inside int64 until a unit is applied, which checks overflow.
constexpr size_t kMaxYearDigits = 9;

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    const auto lower = [](char c) {
      return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
    };
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

// A decimal integer with an optional sign, in the range of __int128's
// 38 digits.
bool ParseInteger(std::string_view text, __int128* out) {
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  if (text.empty() || text.size() > 38) return false;
  __int128 v = 0;
  for (const char c : text) {
    if (!IsDigit(c)) return false;
    v = v * 10 + (c - '0');
  }
  *out = negative ? -v : v;
  return true;
}

bool ParseBoolean(std::string_view text, bool* out) {
  if (EqualsIgnoringCase(text, "true") || text == "1") {
    *out = true;
    return true;
  }
  if (EqualsIgnoringCase(text, "false") || text == "0") {
    *out = false;
    return true;
  }
  return false;
}

template <typename T>
bool ParseFloat(std::string_view text, T* out) {
  // from_chars takes no '+'; a user may well type one.
  if (text.starts_with('+')) text.remove_prefix(1);
  if (text.empty()) return false;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, *out);
  // Out of range is refused rather than rounded to infinity or zero.
  return ec == std::errc() && ptr == end;
}

// `text` with each \xHH replaced by its byte: binary values as `colcheck
// meta` prints them.
std::string Unescaped(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\\' && i + 3 < text.size() && text[i + 1] == 'x' &&
        HexValue(text[i + 2]) >= 0 && HexValue(text[i + 3]) >= 0) {
      out.push_back(static_cast<char>(HexValue(text[i + 2]) * 16 +
                                      HexValue(text[i + 3])));
      i += 3;
      continue;
    }
    out.push_back(text[i]);
  }
  return out;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil).
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2 ? 1 : 0;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

bool IsLeapYear(int64_t y) {
  return y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
}

// Reads exactly `n` digits at `*text`.
bool TakeDigits(std::string_view* text, size_t n, int64_t* out) {
  if (text->size() < n) return false;
  int64_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    if (!IsDigit((*text)[i])) return false;
    v = v * 10 + ((*text)[i] - '0');
  }
  text->remove_prefix(n);
  *out = v;
  return true;
}

bool TakeChar(std::string_view* text, char c) {
  if (text->empty() || (*text)[0] != c) return false;
  text->remove_prefix(1);
  return true;
}

// "[+-]YYYY-MM-DD" at the start of `*text`: four digits, or more with a
// sign (ISO 8601's expanded years, as `colcheck meta` prints them).
bool TakeDate(std::string_view* text, int64_t* days, std::string* error) {
  bool negative = false;
  bool sign = false;
  if (!text->empty() && ((*text)[0] == '-' || (*text)[0] == '+')) {
    negative = (*text)[0] == '-';
    sign = true;
    text->remove_prefix(1);
  }
  size_t digits = 0;
  while (digits < text->size() && IsDigit((*text)[digits])) ++digits;
  if (digits < 4 || (digits > 4 && !sign) || digits > kMaxYearDigits) {
    *error = "expected a date YYYY-MM-DD";
    return false;
  }
  int64_t year = 0;
  int64_t month = 0;
  int64_t day = 0;
  if (!TakeDigits(text, digits, &year) || !TakeChar(text, '-') ||
      !TakeDigits(text, 2, &month) || !TakeChar(text, '-') ||
      !TakeDigits(text, 2, &day)) {
    *error = "expected a date YYYY-MM-DD";
    return false;
  }
  if (negative) year = -year;
  static constexpr int kDaysInMonth[] = {31, 28, 31, 30, 31, 30,
                                         31, 31, 30, 31, 30, 31};
  if (month < 1 || month > 12) {
    *error = StrCat("month ", month, " is not 1 to 12");
    return false;
  }
  const int64_t last =
      kDaysInMonth[month - 1] + (month == 2 && IsLeapYear(year) ? 1 : 0);
  if (day < 1 || day > last) {
    *error = StrCat("day ", day, " is not in month ", month);
    return false;
  }
  *days = DaysFromCivil(year, month, day);
  return true;
}

// "HH:MM:SS[.fffffffff]" at the start of `*text`, as nanoseconds since
// midnight.
bool TakeTime(std::string_view* text, int64_t* nanos, std::string* error) {
  int64_t h = 0;
  int64_t m = 0;
  int64_t s = 0;
  if (!TakeDigits(text, 2, &h) || !TakeChar(text, ':') ||
      !TakeDigits(text, 2, &m) || !TakeChar(text, ':') ||
      !TakeDigits(text, 2, &s)) {
    *error = "expected a time HH:MM:SS";
    return false;
  }
  if (h > 23 || m > 59 || s > 59) {
    *error = "the time is not within a day";
    return false;
  }
  int64_t fraction = 0;
  if (TakeChar(text, '.')) {
    size_t digits = 0;
    while (digits < text->size() && IsDigit((*text)[digits])) ++digits;
    if (digits == 0 || digits > 9) {
      *error = "expected 1 to 9 digits of fraction after '.'";
      return false;
    }
    if (!TakeDigits(text, digits, &fraction)) return false;
    for (size_t i = digits; i < 9; ++i) fraction *= 10;
  }
  *nanos = ((h * 60 + m) * 60 + s) * kNanosPerSecond + fraction;
  return true;
}

// A time of day alone.
bool ParseTime(std::string_view text, int64_t* nanos, std::string* error) {
  if (!TakeTime(&text, nanos, error)) return false;
  if (!text.empty()) {
    *error = "unexpected text after the time";
    return false;
  }
  return true;
}

bool ParseDate(std::string_view text, int64_t* days, std::string* error) {
  if (!TakeDate(&text, days, error)) return false;
  if (!text.empty()) {
    *error = "unexpected text after the date";
    return false;
  }
  return true;
}

// An instant: seconds since the epoch (floored) and the nanoseconds after
// them, 0 <= nanos < 10^9.
struct Instant {
  int64_t seconds = 0;
  int64_t nanos = 0;
};

// "DATE[(T| )TIME][Z|+hh:mm|-hh:mm]", or a date alone (midnight).
bool ParseTimestamp(std::string_view text, Instant* out, std::string* error) {
  int64_t days = 0;
  if (!TakeDate(&text, &days, error)) {
    *error = "expected a timestamp YYYY-MM-DDTHH:MM:SS[.fff][Z]";
    return false;
  }
  int64_t nanos = 0;
  if (!text.empty() && (text[0] == 'T' || text[0] == ' ')) {
    text.remove_prefix(1);
    if (!TakeTime(&text, &nanos, error)) return false;
  }
  int64_t offset = 0;  // Seconds east of UTC.
  const bool utc = TakeChar(&text, 'Z') || TakeChar(&text, 'z');
  if (!utc && !text.empty() && (text[0] == '+' || text[0] == '-')) {
    const bool west = text[0] == '-';
    text.remove_prefix(1);
    int64_t h = 0;
    int64_t m = 0;
    if (!TakeDigits(&text, 2, &h)) {
      *error = "expected an offset +hh:mm";
      return false;
    }
    TakeChar(&text, ':');
    if (!TakeDigits(&text, 2, &m) || h > 23 || m > 59) {
      *error = "expected an offset +hh:mm";
      return false;
    }
    offset = (h * 60 + m) * 60 * (west ? -1 : 1);
  }
  if (!text.empty()) {
    *error = "unexpected text after the timestamp";
    return false;
  }
  out->seconds = days * kSecondsPerDay + nanos / kNanosPerSecond - offset;
  out->nanos = nanos % kNanosPerSecond;
  return true;
}

int64_t PerSecond(std::string_view unit) {
  if (unit == "MILLIS") return 1000;
  if (unit == "MICROS") return 1000000;
  if (unit == "NANOS") return kNanosPerSecond;
  return 0;
}

// `instant` in units of 1/per_second seconds; digits finer than the unit
// must be zeros.
bool InUnit(const Instant& instant, int64_t per_second, int64_t* out,
            std::string* error) {
  const int64_t step = kNanosPerSecond / per_second;
  if (instant.nanos % step != 0) {
    *error = "it is finer than the column's unit";
    return false;
  }
  int64_t v = 0;
  if (__builtin_mul_overflow(instant.seconds, per_second, &v) ||
      __builtin_add_overflow(v, instant.nanos / step, &v)) {
    *error = "it is out of the column's range";
    return false;
  }
  *out = v;
  return true;
}

// ---- decimals
// -------------------------------------------------------------------

// A decimal's unscaled value: sign and digits, without leading zeros ("0"
// for zero).
struct Unscaled {
  bool negative = false;
  std::string digits;
};

// "[+-]digits[.digits]" scaled by `scale` (negative: kept as written, for
// ORC decimals of unknown scale, where `*scale_out` receives the scale of
// the text). Fraction digits past the scale must be zeros; `precision` > 0
// bounds the digits.
bool ParseDecimal(std::string_view text, int64_t scale, int64_t precision,
                  Unscaled* out, int64_t* scale_out, std::string* error) {
  const auto fail = [&](std::string why) {
    *error = std::move(why);
    return false;
  };
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  const size_t point = text.find('.');
  std::string_view whole = text.substr(0, point);
  std::string_view fraction = point == std::string_view::npos
                                  ? std::string_view()
                                  : text.substr(point + 1);
  if (whole.empty() && fraction.empty())
    return fail("expected a decimal number");
  for (const char c : whole) {
    if (!IsDigit(c)) return fail("expected a decimal number");
  }
  for (const char c : fraction) {
    if (!IsDigit(c)) return fail("expected a decimal number");
  }
  if (scale >= 0) {
    const size_t s = static_cast<size_t>(scale);
    if (fraction.size() > s) {
      if (fraction.substr(s).find_first_not_of('0') != std::string_view::npos) {
        return fail(StrCat("it has more than the column's ", scale,
                           " fraction digits"));
      }
      fraction = fraction.substr(0, s);
    }
  }
  std::string digits = std::string(whole) + std::string(fraction);
  if (scale >= 0)
    digits.append(static_cast<size_t>(scale) - fraction.size(), '0');
  *scale_out = scale >= 0 ? scale : static_cast<int64_t>(fraction.size());
  const size_t first = digits.find_first_not_of('0');
  digits = first == std::string::npos ? "0" : digits.substr(first);
  if (precision > 0 && digits != "0" &&
      digits.size() > static_cast<size_t>(precision)) {
    return fail(StrCat("it has more than the column's ", precision, " digits"));
  }
  out->negative = negative && digits != "0";
  out->digits = std::move(digits);
  return true;
}

// The unscaled value as big-endian two's complement in `width` bytes, or
// (width 0) in the fewest bytes that hold it, as parquet-mr writes
// BYTE_ARRAY decimals (BigInteger.toByteArray). False when it does not fit.
bool TwosComplement(const Unscaled& u, size_t width, std::string* out) {
  std::vector<uint8_t> magnitude;  // Big-endian.
  for (const char c : u.digits) {
    uint32_t carry = static_cast<uint32_t>(c - '0');
    for (size_t i = magnitude.size(); i-- > 0;) {
      const uint32_t v = magnitude[i] * 10u + carry;
      magnitude[i] = static_cast<uint8_t>(v);
      carry = v >> 8;
    }
    if (carry != 0)
      magnitude.insert(magnitude.begin(), static_cast<uint8_t>(carry));
  }
  // One more byte than the magnitude always holds the sign.
  const size_t n = width != 0 ? width : magnitude.size() + 1;
  if (magnitude.size() > n) return false;
  std::vector<uint8_t> bytes(n - magnitude.size(), 0);
  bytes.insert(bytes.end(), magnitude.begin(), magnitude.end());
  if (u.negative) {
    bool carry = true;
    for (size_t i = bytes.size(); i-- > 0;) {
      bytes[i] = static_cast<uint8_t>(~bytes[i] + (carry ? 1 : 0));
      carry = carry && bytes[i] == 0;
    }
    if ((bytes[0] & 0x80) == 0) return false;
  } else if ((bytes[0] & 0x80) != 0) {
    return false;
  }
  if (width == 0) {
    // Drop the sign bytes that the next byte's top bit repeats.
    size_t skip = 0;
    while (skip + 1 < bytes.size() &&
           ((bytes[skip] == 0 && (bytes[skip + 1] & 0x80) == 0) ||
            (bytes[skip] == 0xff && (bytes[skip + 1] & 0x80) != 0))) {
      ++skip;
    }
    bytes.erase(bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(skip));
  }
  out->assign(bytes.begin(), bytes.end());
  return true;
}

// "-12.3": the decimal as Java's HiveDecimal and the C++ Decimal::toString
// (trailing zeros trimmed) write it into ORC bloom filters.
std::string NormalizedDecimal(const Unscaled& u, int64_t scale) {
  std::string digits = u.digits;
  size_t s = static_cast<size_t>(std::max<int64_t>(scale, 0));
  while (s > 0 && digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    --s;
  }
  if (digits == "0") return "0";
  if (s > 0) {
    if (digits.size() <= s) digits.insert(0, s + 1 - digits.size(), '0');
    digits.insert(digits.size() - s, 1, '.');
  }
  return u.negative ? "-" + digits : digits;
}

// ---- floats
// -----------------------------------------------------------------------

// IEEE 754 binary16 nearest to `v`, ties to even, as a writer rounds.
uint16_t HalfBits(double v) {
  const uint16_t sign = std::signbit(v) ? 0x8000 : 0;
  if (std::isnan(v)) return sign | 0x7e00;
  const double a = std::fabs(v);
  if (a >= 65520.0) return sign | 0x7c00;  // Rounds past 65504.
  if (a < std::ldexp(1.0, -14)) {
    // Subnormal: multiples of 2^-24. nearbyint rounds ties to even in the
    // default mode, and scaling by a power of two is exact.
    return sign | static_cast<uint16_t>(std::nearbyint(std::ldexp(a, 24)));
  }
  int exponent = 0;
  const double fraction = std::frexp(a, &exponent);  // [0.5, 1)
  int e = exponent - 1;
  double mantissa = std::nearbyint((fraction * 2 - 1) * 1024);
  if (mantissa == 1024) {
    mantissa = 0;
    ++e;
  }
  if (e > 15) return sign | 0x7c00;
  return sign | static_cast<uint16_t>(((e + 15) << 10) |
                                      static_cast<uint16_t>(mantissa));
}

template <typename T>
void AppendLittleEndian(T v, std::string* out) {
  using U = std::make_unsigned_t<T>;
  U u = static_cast<U>(v);
  for (size_t i = 0; i < sizeof(T); ++i) {
    out->push_back(static_cast<char>(u & 0xff));
    u = static_cast<U>(u >> 8);
  }
}

bool ParseUuid(std::string_view text, std::string* out) {
  std::string bytes;
  int high = -1;
  size_t position = 0;
  for (const char c : text) {
    const bool dash_place =
        position == 8 || position == 12 || position == 16 || position == 20;
    if (c == '-' && dash_place && high < 0 && text.size() == 36) continue;
    const int v = HexValue(c);
    if (v < 0) return false;
    if (high < 0) {
      high = v;
    } else {
      bytes.push_back(static_cast<char>(high * 16 + v));
      high = -1;
    }
    ++position;
  }
  if (bytes.size() != 16 || high >= 0) return false;
  if (text.size() != 32 && text.size() != 36) return false;
  *out = std::move(bytes);
  return true;
}

// ---- Parquet
// -------------------------------------------------------------------

bool IsLogical(const SchemaField& f, std::string_view name) {
  return f.logical.name == name;
}

bool NoLogical(const SchemaField& f) { return f.logical.name.empty(); }

bool IsDecimalLeaf(const SchemaField& f) {
  return IsLogical(f, "DECIMAL") ||
         (NoLogical(f) && f.converted == parquet::kDecimal);
}

bool IsTextLeaf(const SchemaField& f) {
  return IsLogical(f, "STRING") || IsLogical(f, "ENUM") ||
         IsLogical(f, "JSON") ||
         (NoLogical(f) &&
          (f.converted == parquet::kUtf8 || f.converted == parquet::kEnum ||
           f.converted == parquet::kJson));
}

// The leaf's type as the probe reads it: "INT32 DATE",
// "FIXED_LEN_BYTE_ARRAY(16) UUID", "INT64 TIMESTAMP(MICROS,true)".
std::string ParquetTypeText(const SchemaField& f) {
  std::string out(PhysicalTypeName(f.physical));
  if (out.empty()) out = StrCat("physical type ", f.physical);
  if (f.physical == parquet::kFixedLenByteArray) {
    out += StrCat("(", f.type_length, ")");
  }
  const LogicalTypeInfo& l = f.logical;
  if (!l.name.empty()) {
    out += StrCat(" ", l.name);
    if (l.name == "DECIMAL") {
      out += StrCat("(", l.precision, ",", l.scale, ")");
    } else if (l.name == "TIME" || l.name == "TIMESTAMP") {
      out +=
          StrCat("(", l.unit, ",", l.adjusted_to_utc ? "true" : "false", ")");
    } else if (l.name == "INTEGER") {
      out += StrCat("(", l.bit_width, ",", l.is_signed ? "true" : "false", ")");
    }
  } else if (f.converted >= 0) {
    const std::string_view name = ConvertedTypeName(f.converted);
    out += StrCat(" ", name.empty() ? StrCat("converted type ", f.converted)
                                    : std::string(name));
    if (f.converted == parquet::kDecimal) {
      out += StrCat("(", f.precision, ",", f.scale, ")");
    }
  }
  return out;
}

// An integer column's bounds: bit width and signedness from INTEGER or
// the converted INT_n/UINT_n, else the physical width, signed.
void IntegerBounds(const SchemaField& f, int bits, __int128* lo, __int128* hi) {
  int width = bits;
  bool is_signed = true;
  if (IsLogical(f, "INTEGER")) {
    width = f.logical.bit_width > 0 && f.logical.bit_width <= bits
                ? f.logical.bit_width
                : bits;
    is_signed = f.logical.is_signed;
  } else if (NoLogical(f)) {
    switch (f.converted) {
      case parquet::kInt8:
        width = 8;
        break;
      case parquet::kInt16:
        width = 16;
        break;
      case parquet::kUint8:
        width = 8;
        is_signed = false;
        break;
      case parquet::kUint16:
        width = 16;
        is_signed = false;
        break;
      case parquet::kUint32:
        width = 32;
        is_signed = false;
        break;
      case parquet::kUint64:
        width = 64;
        is_signed = false;
        break;
      default:
        break;
    }
  }
  if (is_signed) {
    *hi = (static_cast<__int128>(1) << (width - 1)) - 1;
    *lo = -*hi - 1;
  } else {
    *lo = 0;
    *hi = (static_cast<__int128>(1) << width) - 1;
  }
}

std::string Int128Text(__int128 v) {
  if (v == 0) return "0";
  const bool negative = v < 0;
  unsigned __int128 u = negative ? -static_cast<unsigned __int128>(v)
                                 : static_cast<unsigned __int128>(v);
  std::string digits;
  while (u > 0) {
    digits.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  }
  if (negative) digits.push_back('-');
  return {digits.rbegin(), digits.rend()};
}

bool ParquetInteger(const SchemaField& f, std::string_view text, int bits,
                    std::string* plain, std::string* error) {
  __int128 v = 0;
  if (!ParseInteger(text, &v)) {
    *error = "expected an integer";
    return false;
  }
  __int128 lo = 0;
  __int128 hi = 0;
  IntegerBounds(f, bits, &lo, &hi);
  if (v < lo || v > hi) {
    *error =
        StrCat("it is not in [", Int128Text(lo), ", ", Int128Text(hi), "]");
    return false;
  }
  // Unsigned values are stored as the same bits in the signed type.
  if (bits == 32) {
    AppendLittleEndian(static_cast<uint32_t>(static_cast<uint64_t>(v)), plain);
  } else {
    AppendLittleEndian(static_cast<uint64_t>(v), plain);
  }
  return true;
}

bool ParquetDecimal(const SchemaField& f, std::string_view text, size_t width,
                    bool little_endian, std::string* plain,
                    std::string* error) {
  const bool logical = IsLogical(f, "DECIMAL");
  const int64_t scale = logical ? f.logical.scale : f.scale;
  const int64_t precision = logical ? f.logical.precision : f.precision;
  if (scale < 0) {
    *error = "the column's scale is unknown";
    return false;
  }
  Unscaled u;
  int64_t used_scale = 0;
  if (!ParseDecimal(text, scale, precision, &u, &used_scale, error)) {
    return false;
  }
  std::string bytes;
  if (!TwosComplement(u, width, &bytes)) {
    *error = StrCat("its unscaled value does not fit ", width, " bytes");
    return false;
  }
  if (little_endian) std::reverse(bytes.begin(), bytes.end());
  *plain = std::move(bytes);
  return true;
}

bool ParquetInt32(const SchemaField& f, std::string_view text,
                  std::string* plain, std::string* error) {
  if (IsDecimalLeaf(f)) return ParquetDecimal(f, text, 4, true, plain, error);
  if (IsLogical(f, "DATE") || (NoLogical(f) && f.converted == parquet::kDate)) {
    int64_t days = 0;
    if (!ParseDate(text, &days, error)) return false;
    if (days < INT32_MIN || days > INT32_MAX) {
      *error = "it is out of the range of INT32 days";
      return false;
    }
    AppendLittleEndian(static_cast<int32_t>(days), plain);
    return true;
  }
  const bool time = IsLogical(f, "TIME") ||
                    (NoLogical(f) && f.converted == parquet::kTimeMillis);
  if (time) {
    int64_t nanos = 0;
    if (!ParseTime(text, &nanos, error)) return false;
    if (IsLogical(f, "TIME") && f.logical.unit != "MILLIS") {
      *error = "the column's unit does not fit INT32";
      return false;
    }
    if (nanos % 1000000 != 0) {
      *error = "it is finer than the column's unit (MILLIS)";
      return false;
    }
    AppendLittleEndian(static_cast<int32_t>(nanos / 1000000), plain);
    return true;
  }
  return ParquetInteger(f, text, 32, plain, error);
}

bool ParquetInt64(const SchemaField& f, std::string_view text,
                  std::string* plain, std::string* error) {
  if (IsDecimalLeaf(f)) return ParquetDecimal(f, text, 8, true, plain, error);
  std::string_view unit;
  bool timestamp = false;
  bool time = false;
  if (IsLogical(f, "TIMESTAMP") || IsLogical(f, "TIME")) {
    timestamp = IsLogical(f, "TIMESTAMP");
    time = !timestamp;
    unit = f.logical.unit;
  } else if (NoLogical(f)) {
    switch (f.converted) {
      case parquet::kTimestampMillis:
        timestamp = true;
        unit = "MILLIS";
        break;
      case parquet::kTimestampMicros:
        timestamp = true;
        unit = "MICROS";
        break;
      case parquet::kTimeMicros:
        time = true;
        unit = "MICROS";
        break;
      default:
        break;
    }
  }
  if (timestamp || time) {
    const int64_t per_second = PerSecond(unit);
    if (per_second == 0) {
      *error = "the column's time unit is unknown";
      return false;
    }
    Instant instant;
    if (timestamp) {
      if (!ParseTimestamp(text, &instant, error)) return false;
    } else {
      int64_t nanos = 0;
      if (!ParseTime(text, &nanos, error)) return false;
      instant = {nanos / kNanosPerSecond, nanos % kNanosPerSecond};
    }
    int64_t v = 0;
    if (!InUnit(instant, per_second, &v, error)) {
      *error += StrCat(" (", unit, ")");
      return false;
    }
    AppendLittleEndian(v, plain);
    return true;
  }
  return ParquetInteger(f, text, 64, plain, error);
}

// INT96: nanoseconds of the day, then the Julian day, little-endian.
bool ParquetInt96(std::string_view text, std::string* plain,
                  std::string* error) {
  Instant instant;
  if (!ParseTimestamp(text, &instant, error)) return false;
  const int64_t day_floor = instant.seconds / kSecondsPerDay -
                            (instant.seconds % kSecondsPerDay < 0 ? 1 : 0);
  const int64_t second_of_day = instant.seconds - day_floor * kSecondsPerDay;
  const int64_t julian = day_floor + kJulianEpochDay;
  if (julian < INT32_MIN || julian > INT32_MAX) {
    *error = "it is out of the range of INT96 timestamps";
    return false;
  }
  AppendLittleEndian(second_of_day * kNanosPerSecond + instant.nanos, plain);
  AppendLittleEndian(static_cast<int32_t>(julian), plain);
  return true;
}

bool ParquetBinary(const SchemaField& f, std::string_view text,
                   std::string* plain, std::string* error) {
  const bool fixed = f.physical == parquet::kFixedLenByteArray;
  if (fixed && f.type_length <= 0) {
    *error = "the column's type_length is not positive";
    return false;
  }
  const size_t width = fixed ? static_cast<size_t>(f.type_length) : 0;
  if (IsDecimalLeaf(f)) {
    return ParquetDecimal(f, text, width, false, plain, error);
  }
  if (fixed && IsLogical(f, "UUID")) {
    if (!ParseUuid(text, plain) || width != 16) {
      *error = "expected a UUID xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx";
      return false;
    }
    return true;
  }
  if (fixed && IsLogical(f, "FLOAT16")) {
    double v = 0;
    if (!ParseFloat(text, &v) || width != 2) {
      *error = "expected a number";
      return false;
    }
    AppendLittleEndian(HalfBits(v), plain);
    return true;
  }
  *plain = IsTextLeaf(f) ? std::string(text) : Unescaped(text);
  if (fixed && plain->size() != width) {
    *error = StrCat("it is ", plain->size(), " bytes, not ", width);
    return false;
  }
  return true;
}

// ---- ORC
// ------------------------------------------------------------------------

std::string OrcTypeText(const OrcType& t) {
  std::string out(OrcTypeKindName(t.kind));
  if (out.empty()) out = StrCat("type kind ", t.kind);
  if (t.kind == orc::kDecimal) {
    out += StrCat("(", t.precision, ",", t.scale, ")");
  } else if (t.kind == orc::kChar || t.kind == orc::kVarchar) {
    out += StrCat("(", t.maximum_length, ")");
  }
  return out;
}

// UTF-8 characters of `s`: the bytes that do not continue a sequence.
size_t CharCount(std::string_view s) {
  size_t n = 0;
  for (const char c : s) n += (static_cast<uint8_t>(c) & 0xc0) != 0x80;
  return n;
}

uint64_t BytesHash(std::string_view s) {
  return orc::BloomBytesHash(
      {reinterpret_cast<const std::byte*>(s.data()), s.size()});
}

// ---- probing
// ----------------------------------------------------------------------

// The first diagnostic a sink kept, for a reason.
std::string FirstMessage(DiagnosticSink& sink, std::string_view fallback) {
  const std::span<Diagnostic> found = sink.diagnostics();
  if (found.empty()) return std::string(fallback);
  return StrCat(Info(found.front().code).name, ": ", found.front().message);
}

BloomProbeResult Unreadable(BloomProbeResult r, std::string reason) {
  r.state = BloomFilterState::kUnreadable;
  r.reason = std::move(reason);
  return r;
}

// Where a Parquet file's column data ends: at its footer, which the
// inspection placed, else before the 8-byte tail.
uint64_t DataEnd(const Inspection& in, uint64_t size) {
  for (const Region& r : in.layout.regions) {
    if (r.kind == RegionKind::kFooter || r.kind == RegionKind::kFooterLength) {
      return std::min(r.offset, size);
    }
  }
  return size > 8 ? size - 8 : 0;
}

BloomProbeResult ProbeParquetChunk(const ByteReader& file, uint64_t data_end,
                                   const ChunkExtent& c,
                                   const std::vector<std::string>& keys) {
  BloomProbeResult r;
  r.row_group = c.row_group;
  if (c.bloom_filter_offset < 0) return r;
  if (!c.file_path.empty()) {
    return Unreadable(r, "the chunk is in another file (file_path)");
  }
  if (c.encrypted) return Unreadable(r, "the column is encrypted");
  constexpr uint64_t kDataBegin = 4;  // After the magic.
  const uint64_t begin = static_cast<uint64_t>(c.bloom_filter_offset);
  if (begin < kDataBegin || begin >= data_end) {
    return Unreadable(r, StrCat("bloom_filter_offset ", begin,
                                " is outside the column data [", kDataBegin,
                                ", ", data_end, ")"));
  }
  uint64_t end = data_end;
  if (c.bloom_filter_length >= 0) {
    const uint64_t length = static_cast<uint64_t>(c.bloom_filter_length);
    if (length > data_end - begin) {
      return Unreadable(
          r, StrCat("bloom_filter_length ", length,
                    " runs past the column data, which ends at ", data_end));
    }
    end = begin + length;
  }
  r.offset = begin;
  r.length = end - begin;
  ByteReader bytes;
  if (!file.Sub(begin, end - begin, &bytes)) {
    return Unreadable(r, "the filter lies outside the file");
  }
  DiagnosticSink sink;
  thrift::Decoder d(bytes, &sink);
  parquet::BloomFilterHeader h;
  if (!parquet::DecodeBloomFilterHeader(d, &h) || !h.num_bytes.present) {
    return Unreadable(r,
                      StrCat("the header does not decode (",
                             FirstMessage(sink, "numBytes is missing"), ")"));
  }
  const uint64_t header_end = d.reader().position();
  r.length = header_end - begin;
  for (const auto& [member, name] :
       {std::pair{&h.algorithm, "algorithm"}, std::pair{&h.hash, "hash"},
        std::pair{&h.compression, "compression"}}) {
    // The one member each union defines: BLOCK, XXHASH, UNCOMPRESSED.
    if (!member->present) {
      return Unreadable(r, StrCat("the header has no ", name));
    }
    if (member->value != 1) {
      return Unreadable(
          r, StrCat("the header's ", name,
                    " is not one colcheck knows (member ", member->value, ")"));
    }
  }
  const int32_t n = h.num_bytes.value;
  if (n <= 0 || n % 32 != 0) {
    return Unreadable(r, StrCat("numBytes ", n,
                                " is not a positive number of 32-byte blocks"));
  }
  const uint64_t num_bytes = static_cast<uint64_t>(n);
  if (num_bytes > end - header_end) {
    return Unreadable(
        r, StrCat("the bitset of ", num_bytes, " bytes runs past ",
                  c.bloom_filter_length >= 0 ? "bloom_filter_length"
                                             : "the column data",
                  " (", end - header_end, " bytes follow the header)"));
  }
  const std::span<const std::byte> bitset = file.Bytes({header_end, num_bytes});
  if (bitset.size() != num_bytes) {
    return Unreadable(r, "the bitset lies outside the file");
  }
  r.length = header_end + num_bytes - begin;
  r.state = BloomFilterState::kPresent;
  for (const std::string& key : keys) {
    const uint64_t hash = parquet::BloomHash(
        {reinterpret_cast<const std::byte*>(key.data()), key.size()});
    r.may_contain.push_back(parquet::BloomMightContain(bitset, hash) ? 1 : 0);
  }
  return r;
}

Status BadValue(std::string_view value, std::string_view type,
                std::string_view why) {
  return Status::IoError(
      StrCat("value '", value, "' does not parse as ", type, ": ", why));
}

// The kinds whose values ORC bloom filters take.
bool OrcHoldsValues(int64_t kind) {
  switch (kind) {
    case orc::kBoolean:
    case orc::kByte:
    case orc::kShort:
    case orc::kInt:
    case orc::kLong:
    case orc::kFloat:
    case orc::kDouble:
    case orc::kString:
    case orc::kBinary:
    case orc::kTimestamp:
    case orc::kDecimal:
    case orc::kDate:
    case orc::kVarchar:
    case orc::kChar:
    case orc::kTimestampInstant:
      return true;
    default:
      return false;
  }
}

Status ProbeParquet(std::span<const std::byte> file, const Inspection& in,
                    std::string_view column,
                    std::span<const std::string> values, BloomProbe* out) {
  const std::optional<size_t> leaf_index = FindLeafColumn(in.schema, column);
  if (!leaf_index) {
    return Status::IoError(StrCat("no leaf column '", column, "'"));
  }
  const SchemaField& leaf = in.schema.fields[in.schema.leaves[*leaf_index]];
  BloomProbe probe;
  probe.containers = Containers::kRowGroups;
  probe.column = static_cast<int32_t>(*leaf_index);
  probe.column_path = leaf.path;
  probe.column_type = ParquetTypeText(leaf);
  probe.values.assign(values.begin(), values.end());
  probe.capped = in.layout.capped;
  std::vector<std::string> keys;
  for (const std::string& value : values) {
    std::string key;
    std::string error;
    if (value.size() > kMaxValueText) {
      return BadValue(value.substr(0, 40) + "...", probe.column_type,
                      "it is too long");
    }
    if (!ParquetBloomKey(leaf, value, &key, &error)) {
      return BadValue(value, probe.column_type, error);
    }
    keys.push_back(std::move(key));
  }
  const ByteReader reader(file);
  const uint64_t data_end = DataEnd(in, file.size());
  for (const RowGroupExtent& group : in.layout.row_groups) {
    const ChunkExtent* chunk = nullptr;
    for (const ChunkExtent& c : in.layout.chunks) {
      if (c.row_group == group.row_group && c.column == probe.column) {
        chunk = &c;
        break;
      }
    }
    if (chunk == nullptr) {
      BloomProbeResult r;
      r.row_group = group.row_group;
      probe.results.push_back(
          Unreadable(r, "the row group lists no chunk of the column"));
      continue;
    }
    probe.results.push_back(ProbeParquetChunk(reader, data_end, *chunk, keys));
  }
  *out = std::move(probe);
  return Status::Ok();
}

// The filters of one ORC bloom filter stream, decoded, with the bytes they
// point into.
struct OrcStream {
  orc::DecodedRegion region;
  orc::BloomFilterIndex index;
};

// Decodes the stream `s` of the file into `*out`; returns the reason when
// it cannot be used.
std::optional<std::string> DecodeOrcBloomStream(const ByteReader& file,
                                                const Inspection& in,
                                                const Region& s,
                                                orc::RegionDecoder& decoder,
                                                OrcStream* out) {
  ByteReader bytes;
  if (!file.Sub(s.offset, s.length, &bytes)) {
    return "the stream lies outside the file";
  }
  const int64_t kind = in.orc.compression;
  if (!orc::IsKnownCompressionKind(kind)) {
    return StrCat("the file's compression kind ", kind, " is unknown");
  }
  const uint64_t block_size =
      orc::EffectiveBlockSize(in.orc.compression_block_size >= 0,
                              static_cast<uint64_t>(std::max<int64_t>(
                                  in.orc.compression_block_size, 0)));
  DiagnosticSink sink;
  if (!decoder.DecodeRegion(bytes, kind, block_size, orc::RegionUse::kMessage,
                            sink, s.field, &out->region)) {
    return StrCat("the stream does not decompress (",
                  FirstMessage(sink, "a limit was reached"), ")");
  }
  DiagnosticSink decoded;
  protobuf::Decoder d(out->region.reader(), out->region.map(), &decoded);
  const bool ok = orc::DecodeBloomFilterIndex(d, &out->index);
  const std::span<Diagnostic> found = decoded.diagnostics();
  // As DecodeStripeIndexes tells Hive's pre-release layout: it fails with
  // wrong wire types only. Matched by name, since this file reports no
  // code (docs/diagnostics.md lists the files that name one).
  if (s.stream.kind == orc::kBloomFilter && !found.empty() &&
      std::all_of(found.begin(), found.end(), [](const Diagnostic& f) {
        return Info(f.code).name == "protobuf.wrong-wire-type";
      })) {
    return std::string(
        "the original BLOOM_FILTER in Hive's pre-release layout, which no "
        "reader uses");
  }
  if (!ok) {
    return StrCat("the stream does not decode (",
                  FirstMessage(decoded, "truncated"), ")");
  }
  return std::nullopt;
}

Status ProbeOrc(std::span<const std::byte> file, const Inspection& in,
                std::string_view column, std::span<const std::string> values,
                BloomProbe* out) {
  const std::optional<size_t> id = FindOrcColumn(in.schema, column);
  if (!id) return Status::IoError(StrCat("no column '", column, "'"));
  const OrcType& type = in.schema.orc_types[*id];
  if (!OrcHoldsValues(type.kind)) {
    return Status::IoError(StrCat("column '", column, "' is a ",
                                  OrcTypeText(type),
                                  "; bloom filters hold values of primitive "
                                  "columns only"));
  }
  BloomProbe probe;
  probe.containers = Containers::kStripes;
  probe.column = static_cast<int32_t>(*id);
  probe.column_path = type.path;
  probe.column_type = OrcTypeText(type);
  probe.values.assign(values.begin(), values.end());
  probe.capped = in.layout.capped;
  std::vector<uint64_t> hashes;
  for (const std::string& value : values) {
    uint64_t hash = 0;
    std::string error;
    if (value.size() > kMaxValueText) {
      return BadValue(value.substr(0, 40) + "...", probe.column_type,
                      "it is too long");
    }
    if (!OrcBloomHash(type, value, &hash, &error)) {
      return BadValue(value, probe.column_type, error);
    }
    hashes.push_back(hash);
  }
  const ByteReader reader(file);
  orc::RegionDecoder decoder;
  for (const StripeExtent& stripe : in.layout.stripes) {
    BloomProbeResult whole;
    whole.stripe = stripe.stripe;
    if (stripe.streams < 0) {
      probe.results.push_back(
          Unreadable(whole, "the stripe's footer was not read"));
      continue;
    }
    // BLOOM_FILTER_UTF8 is what readers use; the original kind only when
    // the stripe has no other.
    const Region* stream = nullptr;
    for (const Region& r : in.layout.regions) {
      if (r.kind != RegionKind::kOrcIndexStream ||
          r.container != stripe.stripe || r.column != probe.column) {
        continue;
      }
      if (r.stream.kind == orc::kBloomFilterUtf8) {
        stream = &r;
        break;
      }
      if (r.stream.kind == orc::kBloomFilter && stream == nullptr) stream = &r;
    }
    if (stream == nullptr) {
      probe.results.push_back(whole);
      continue;
    }
    if (stream->stream.kind == orc::kBloomFilter) probe.original_kind = true;
    whole.offset = stream->offset;
    whole.length = stream->length;
    OrcStream decoded;
    if (const std::optional<std::string> why =
            DecodeOrcBloomStream(reader, in, *stream, decoder, &decoded)) {
      probe.results.push_back(Unreadable(whole, *why));
      continue;
    }
    const auto& filters = decoded.index.bloom_filter.value;
    if (filters.empty()) {
      probe.results.push_back(Unreadable(whole, "the stream holds no filter"));
      continue;
    }
    for (size_t e = 0; e < filters.size(); ++e) {
      BloomProbeResult r = whole;
      r.entry = static_cast<int64_t>(e);
      const orc::BloomFilter& f = filters[e].value;
      if (!orc::BloomUsable(f)) {
        probe.results.push_back(Unreadable(
            r, f.num_hash_functions.value == 0
                   ? "the filter has no hash functions"
                   : "the filter's bitset is empty or not whole 64-bit words"));
        continue;
      }
      r.state = BloomFilterState::kPresent;
      for (const uint64_t hash : hashes) {
        r.may_contain.push_back(orc::BloomMightContain(f, hash) ? 1 : 0);
      }
      probe.results.push_back(std::move(r));
    }
  }
  *out = std::move(probe);
  return Status::Ok();
}

}  // namespace

bool ParquetBloomKey(const SchemaField& leaf, std::string_view text,
                     std::string* plain, std::string* error) {
  plain->clear();
  switch (leaf.physical) {
    case parquet::kBoolean: {
      bool v = false;
      if (!ParseBoolean(text, &v)) {
        *error = "expected true or false";
        return false;
      }
      plain->push_back(v ? 1 : 0);
      return true;
    }
    case parquet::kInt32:
      return ParquetInt32(leaf, text, plain, error);
    case parquet::kInt64:
      return ParquetInt64(leaf, text, plain, error);
    case parquet::kInt96:
      return ParquetInt96(text, plain, error);
    case parquet::kFloat: {
      float v = 0;
      if (!ParseFloat(text, &v)) {
        *error = "expected a number";
        return false;
      }
      AppendLittleEndian(std::bit_cast<uint32_t>(v), plain);
      return true;
    }
    case parquet::kDouble: {
      double v = 0;
      if (!ParseFloat(text, &v)) {
        *error = "expected a number";
        return false;
      }
      AppendLittleEndian(std::bit_cast<uint64_t>(v), plain);
      return true;
    }
    case parquet::kByteArray:
    case parquet::kFixedLenByteArray:
      return ParquetBinary(leaf, text, plain, error);
    default:
      *error = "the column's physical type is unknown";
      return false;
  }
}

bool OrcBloomHash(const OrcType& type, std::string_view text, uint64_t* hash,
                  std::string* error) {
  const auto integer = [&](int bits) {
    __int128 v = 0;
    if (!ParseInteger(text, &v)) {
      *error = "expected an integer";
      return false;
    }
    const __int128 hi = (static_cast<__int128>(1) << (bits - 1)) - 1;
    if (v < -hi - 1 || v > hi) {
      *error = StrCat("it is not in [", Int128Text(-hi - 1), ", ",
                      Int128Text(hi), "]");
      return false;
    }
    *hash = orc::BloomLongHash(static_cast<int64_t>(v));
    return true;
  };
  switch (type.kind) {
    case orc::kBoolean: {
      bool v = false;
      if (!ParseBoolean(text, &v)) {
        *error = "expected true or false";
        return false;
      }
      *hash = orc::BloomLongHash(v ? 1 : 0);
      return true;
    }
    case orc::kByte:
      return integer(8);
    case orc::kShort:
      return integer(16);
    case orc::kInt:
      return integer(32);
    case orc::kLong:
      return integer(64);
    case orc::kFloat: {
      // Writers widen the float to a double first.
      float v = 0;
      if (!ParseFloat(text, &v)) {
        *error = "expected a number";
        return false;
      }
      *hash = orc::BloomDoubleHash(static_cast<double>(v));
      return true;
    }
    case orc::kDouble: {
      double v = 0;
      if (!ParseFloat(text, &v)) {
        *error = "expected a number";
        return false;
      }
      *hash = orc::BloomDoubleHash(v);
      return true;
    }
    case orc::kString:
    case orc::kVarchar:
      *hash = BytesHash(text);
      return true;
    case orc::kChar: {
      // Writers pad CHAR values with spaces to the type's length.
      std::string padded(text);
      const size_t chars = CharCount(text);
      if (type.maximum_length > 0 &&
          chars < static_cast<uint64_t>(type.maximum_length) &&
          type.maximum_length <= static_cast<int64_t>(kMaxValueText)) {
        padded.append(static_cast<size_t>(type.maximum_length) - chars, ' ');
      }
      *hash = BytesHash(padded);
      return true;
    }
    case orc::kBinary:
      *hash = BytesHash(Unescaped(text));
      return true;
    case orc::kDate: {
      int64_t days = 0;
      if (!ParseDate(text, &days, error)) return false;
      *hash = orc::BloomLongHash(days);
      return true;
    }
    case orc::kTimestamp:
    case orc::kTimestampInstant: {
      Instant instant;
      if (!ParseTimestamp(text, &instant, error)) return false;
      // Milliseconds, the finer digits dropped, as the writers add them.
      int64_t millis = 0;
      if (__builtin_mul_overflow(instant.seconds, int64_t{1000}, &millis) ||
          __builtin_add_overflow(millis, instant.nanos / 1000000, &millis)) {
        *error = "it is out of the range of milliseconds since 1970";
        return false;
      }
      *hash = orc::BloomLongHash(millis);
      return true;
    }
    case orc::kDecimal: {
      // A Hive 0.11 decimal (precision 0) has no fixed scale.
      const bool known = type.precision > 0 && type.scale >= 0;
      Unscaled u;
      int64_t scale = 0;
      if (!ParseDecimal(text, known ? type.scale : -1,
                        known ? type.precision : -1, &u, &scale, error)) {
        return false;
      }
      *hash = BytesHash(NormalizedDecimal(u, scale));
      return true;
    }
    default:
      *error = "bloom filters hold values of primitive columns only";
      return false;
  }
}

Status ProbeBloomFilters(std::span<const std::byte> file,
                         const Inspection& inspection, std::string_view column,
                         std::span<const std::string> values, BloomProbe* out) {
  if (inspection.schema.kind == SchemaKind::kOrcTypes) {
    return ProbeOrc(file, inspection, column, values, out);
  }
  return ProbeParquet(file, inspection, column, values, out);
}

}  // namespace colcheck
