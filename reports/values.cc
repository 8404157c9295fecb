#include "reports/values.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "reports/utf8_decode.h"

namespace colcheck {
namespace {

constexpr int64_t kSecondsPerDay = 86400;

int64_t FloorDiv(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

void AppendHexByte(unsigned char byte, std::string* out) {
  static constexpr char kHex[] = "0123456789abcdef";
  out->append("\\x");
  out->push_back(kHex[byte >> 4]);
  out->push_back(kHex[byte & 15]);
}

std::string EscapedBytes(std::string_view bytes) {
  std::string out;
  out.reserve(bytes.size());
  for (const char c : bytes) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte >= 0x7f || byte == '\\') {
      AppendHexByte(byte, &out);
    } else {
      out.push_back(c);
    }
  }
  return out;
}

std::string UuidText(std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < bytes.size(); ++i) {
    if (i == 4 || i == 6 || i == 8 || i == 10) out.push_back('-');
    const auto byte = static_cast<unsigned char>(bytes[i]);
    out.push_back(kHex[byte >> 4]);
    out.push_back(kHex[byte & 15]);
  }
  return out;
}

std::string FloatText(double value, bool single) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
  char buffer[64];
  const auto result =
      single ? std::to_chars(buffer, buffer + sizeof(buffer),
                             static_cast<float>(value))
             : std::to_chars(buffer, buffer + sizeof(buffer), value);
  return std::string(buffer, result.ptr);
}

int64_t PerSecond(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kMillis:
      return 1000;
    case TimeUnit::kMicros:
      return 1000 * 1000;
    case TimeUnit::kNanos:
      return 1000 * 1000 * 1000;
  }
  return 1000;
}

int Digits(TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kMillis:
      return 3;
    case TimeUnit::kMicros:
      return 6;
    case TimeUnit::kNanos:
      return 9;
  }
  return 3;
}

// "03:04:05.123" for `seconds` into the day and `fraction` of `unit`.
std::string ClockText(int64_t seconds, int64_t fraction, TimeUnit unit) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), "%02lld:%02lld:%02lld.%0*lld",
                static_cast<long long>(seconds / 3600),
                static_cast<long long>(seconds / 60 % 60),
                static_cast<long long>(seconds % 60), Digits(unit),
                static_cast<long long>(fraction));
  return buffer;
}

// `zoned` marks a UTC-adjusted time with "Z", as TimestampText does.
std::string TimeText(const Value& v, bool zoned) {
  const int64_t per_second = PerSecond(v.unit);
  if (v.integer < 0 || v.integer / per_second >= kSecondsPerDay) {
    // Out of the day: the number, so the fault stays visible.
    return std::to_string(v.integer);
  }
  return ClockText(v.integer / per_second, v.integer % per_second, v.unit) +
         (zoned && v.utc ? "Z" : "");
}

std::string TimestampText(const Value& v) {
  const int64_t per_second = PerSecond(v.unit);
  const int64_t seconds = FloorDiv(v.integer, per_second);
  // The remainder, not integer - seconds * per_second: near INT64_MIN the
  // product leaves int64.
  const int64_t remainder = v.integer % per_second;
  const int64_t fraction = remainder < 0 ? remainder + per_second : remainder;
  const int64_t days = FloorDiv(seconds, kSecondsPerDay);
  return DateText(days) + "T" +
         ClockText(seconds - days * kSecondsPerDay, fraction, v.unit) +
         (v.utc ? "Z" : "");
}

}  // namespace

std::string EscapedText(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  size_t pos = 0;
  while (pos < text.size()) {
    const auto byte = static_cast<unsigned char>(text[pos]);
    uint32_t code_point = 0;
    const size_t length =
        byte >= 0x80 ? DecodeUtf8Sequence(text, pos, &code_point) : 1;
    if (byte < 0x20 || byte == 0x7f || length == 0) {
      AppendHexByte(byte, &out);
      ++pos;
      continue;
    }
    out.append(text.substr(pos, length));
    pos += length;
  }
  return out;
}

// Days to a civil date: the era-based algorithm of H. Hinnant's
// "chrono-Compatible Low-Level Date Algorithms".
std::string DateText(int64_t days) {
  // Past a trillion years the arithmetic below would leave int64: the
  // number, so the value stays visible.
  constexpr int64_t kMaxDays = int64_t{1} << 50;
  if (days > kMaxDays || days < -kMaxDays) return std::to_string(days);
  const int64_t z = days + 719468;
  const int64_t era = FloorDiv(z, 146097);
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  const int64_t day = doy - (153 * mp + 2) / 5 + 1;
  const int64_t month = mp < 10 ? mp + 3 : mp - 9;
  const int64_t year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  char buffer[64];
  // ISO 8601 writes years past 9999 and before 0 with a sign.
  const char* format = year >= 0 && year <= 9999 ? "%04lld-%02lld-%02lld"
                                                 : "%+05lld-%02lld-%02lld";
  std::snprintf(buffer, sizeof(buffer), format, static_cast<long long>(year),
                static_cast<long long>(month), static_cast<long long>(day));
  return buffer;
}

std::string ValueText(const Value& value) {
  switch (value.kind) {
    case ValueKind::kNone:
      return "";
    case ValueKind::kBoolean:
      return value.boolean ? "true" : "false";
    case ValueKind::kInt:
      return std::to_string(value.integer);
    case ValueKind::kUInt:
      return std::to_string(value.uinteger);
    case ValueKind::kFloat:
      return FloatText(value.number, value.single);
    case ValueKind::kDecimal:
      return value.text;
    case ValueKind::kDate:
      return DateText(value.integer);
    case ValueKind::kTime:
      return TimeText(value, /*zoned=*/false);
    case ValueKind::kTimestamp:
      return TimestampText(value);
    case ValueKind::kString:
      return EscapedText(value.text);
    case ValueKind::kBytes:
      return EscapedBytes(value.text);
    case ValueKind::kUuid:
      return UuidText(value.text);
  }
  return "";
}

std::string ZonedTimeText(const Value& value) {
  return TimeText(value, /*zoned=*/true);
}

std::string QuotedValueText(const Value& value) {
  if (value.kind != ValueKind::kString && value.kind != ValueKind::kBytes) {
    return ValueText(value);
  }
  std::string out = "\"";
  for (const char c : ValueText(value)) {
    if (c == '"') {
      out += "\\x22";
    } else {
      out.push_back(c);
    }
  }
  return out + "\"";
}

void WriteValueJson(const Value& value, JsonWriter* json) {
  switch (value.kind) {
    case ValueKind::kNone:
      json->Null();
      return;
    case ValueKind::kBoolean:
      json->Bool(value.boolean);
      return;
    case ValueKind::kInt:
      json->Int(value.integer);
      return;
    case ValueKind::kUInt:
      json->Uint(value.uinteger);
      return;
    case ValueKind::kFloat:
      if (std::isfinite(value.number)) {
        json->Written(FloatText(value.number, value.single));
      } else {
        json->String(FloatText(value.number, value.single));
      }
      return;
    case ValueKind::kString:
      json->String(value.text);
      return;
    default:
      json->String(ValueText(value));
      return;
  }
}

namespace {

// ", name value" when the count is known.
void AppendCount(std::string_view name, int64_t value, std::string* out) {
  if (value >= 0)
    *out += ", " + std::string(name) + " " + std::to_string(value);
}

void AppendValue(std::string_view name, const Value& value, std::string* out) {
  if (value.kind != ValueKind::kNone) {
    *out += ", " + std::string(name) + " " + QuotedValueText(value);
  }
}

}  // namespace

std::string StatisticsText(const ColumnStatistics& s) {
  std::string out;
  AppendCount("values", s.number_of_values, &out);
  if (s.has_null >= 0) out += s.has_null ? ", has nulls" : ", no nulls";
  AppendValue("min", s.min, &out);
  if (s.min_exact == 0) out += " (inexact)";
  AppendValue("max", s.max, &out);
  if (s.max_exact == 0) out += " (inexact)";
  if (s.legacy) out += " (deprecated min/max)";
  AppendValue("sum", s.sum, &out);
  AppendCount("trues", s.true_count, &out);
  AppendCount("nulls", s.null_count, &out);
  AppendCount("distinct", s.distinct_count, &out);
  AppendCount("NaNs", s.nan_count, &out);
  AppendCount("bytes on disk", s.bytes_on_disk, &out);
  return out.empty() ? "none" : out.substr(2);
}

void WriteStatisticsJson(const ColumnStatistics& s, JsonWriter* json) {
  if (!s.present) {
    json->Null();
    return;
  }
  json->BeginObject();
  json->Key("min");
  WriteValueJson(s.min, json);
  json->Key("max");
  WriteValueJson(s.max, json);
  json->Key("null_count").IntOrNull(s.null_count);
  json->Key("distinct_count").IntOrNull(s.distinct_count);
  json->Key("nan_count").IntOrNull(s.nan_count);
  json->Key("legacy_min_max").Bool(s.legacy);
  const auto tri = [&](std::string_view key, int8_t value) {
    json->Key(key);
    if (value < 0) {
      json->Null();
    } else {
      json->Bool(value != 0);
    }
  };
  tri("min_exact", s.min_exact);
  tri("max_exact", s.max_exact);
  json->Key("number_of_values").IntOrNull(s.number_of_values);
  tri("has_null", s.has_null);
  json->Key("bytes_on_disk").IntOrNull(s.bytes_on_disk);
  json->Key("sum");
  WriteValueJson(s.sum, json);
  json->Key("true_count").IntOrNull(s.true_count);
  json->Key("offset").Uint(s.offset);
  json->Key("length").Uint(s.length);
  json->EndObject();
}

}  // namespace colcheck
