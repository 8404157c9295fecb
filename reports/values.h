// Values typed by their column (colcheck::Value, inspect.h) as text and as
// JSON, one way for every view that prints them: meta, sizes' neighbours,
// explain --footer's statistics and the HTML columns table.
//
//   kDate 19723                  2024-01-01
//   kTimestamp 1 (ms, UTC)       1970-01-01T00:00:00.001Z
//   kDecimal "-12.34"            -12.34
//   kString "a\nb"               a\x0ab   (text; JSON escapes it exactly)
//   kBytes "\x00AB"              \x00AB
//   kUuid                        123e4567-e89b-12d3-a456-426614174000

#ifndef COLCHECK_REPORTS_VALUES_H_
#define COLCHECK_REPORTS_VALUES_H_

#include <string>
#include <string_view>

#include "colcheck/inspect.h"
#include "reports/json_writer.h"

namespace colcheck {

// The value on one line: control characters, and for kBytes every byte
// outside printable ASCII, as \xHH, so that a line is never broken and
// never switches between text and hex within a column. kNone is "".
std::string ValueText(const Value& value);

// Text from the file (a path, a name) as ValueText shows a string: control
// characters and bytes that are not UTF-8 as \xHH.
std::string EscapedText(std::string_view text);

// A kTime as ValueText writes it, but ending in "Z" when the time is
// adjusted to UTC, as a kTimestamp does: 12:34:56.789Z. ValueText leaves
// a time of day bare because `colcheck bloom` reads meta's bounds back as
// VALUEs, which take no zone.
std::string ZonedTimeText(const Value& value);

// As ValueText, but strings and bytes in double quotes (a quote inside as
// \x22), so an empty string or one with separators reads unambiguously
// in a list of fields: min "", max "a, b".
std::string QuotedValueText(const Value& value);

// The value as JSON: null (kNone), a boolean, a number (integers and
// finite floats), or a string (the rest: decimals keep their digits, dates
// and times are ISO 8601, NaN and infinities are "NaN", "Infinity" and
// "-Infinity", bytes are written as ValueText writes them).
void WriteValueJson(const Value& value, JsonWriter* json);

// Statistics on one line, what they give in a fixed order: "values 24,
// no nulls, min 0, max 23, sum 276" (ORC), "min 1, max 3, nulls 0"
// (Parquet); "none" when they give nothing.
std::string StatisticsText(const ColumnStatistics& statistics);

// Statistics as a JSON object, or null when absent:
//   {"min":VALUE,"max":VALUE,"null_count","distinct_count","nan_count",
//    "legacy_min_max","min_exact","max_exact","number_of_values",
//    "has_null","bytes_on_disk","sum":VALUE,"true_count","offset",
//    "length"}
void WriteStatisticsJson(const ColumnStatistics& statistics, JsonWriter* json);

// "2024-01-01" for days since 1970-01-01 (proleptic Gregorian).
std::string DateText(int64_t days);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_VALUES_H_
