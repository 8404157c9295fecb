// `colcheck bloom FILE COLUMN VALUE...`: what a column's bloom filters say
// of each value (colcheck/bloom_probe.h), per Parquet row group or per
// row group (row-index entry) of each ORC stripe.
//
// Text: a head line, one line per row group and value ("may contain" or
// "definitely not"), one line for a row group without a usable filter, and
// a summary line per value. Values are quoted as given, control characters
// as \xHH.
//
//   column 6 g.str (BYTE_ARRAY STRING): 2 row groups, 2 values
//   row group 0: 'alpha' may contain
//   row group 0: 'nope' definitely not
//   row group 1: no bloom filter
//   'alpha': 1 may contain, 0 definitely not, 1 without a usable filter
//   'nope': 0 may contain, 1 definitely not, 1 without a usable filter
//
// ORC: "column 2 word (STRING): 3 stripes, 1 value", then
// "stripe 0, row group 1: 'x' may contain" per entry, and "stripe 2: no
// bloom filter" or "stripe 2: unreadable bloom filter (REASON)" for a
// stripe without a usable stream. A note line follows the head when the
// stripes use the original BLOOM_FILTER kind or the layout was capped.
//
// JSON: one document (reports/json.h BeginJsonFileDocument), then
//   "column":6,"column_path":"g.str","type":"BYTE_ARRAY STRING",
//   "values":["alpha","nope"],
//   "results":[{"row_group":0 | "stripe":0,"entry":1|null,
//     "filter":true,"unreadable":null|"REASON","offset":2956,"length":47,
//     "answers":[{"value":"alpha","may_contain":true}]}],
//   "original_kind":false,"capped":false}
// "filter" is true when the row group has a usable filter; "answers" is
// then one per value, else empty. "offset" and "length" are the filter's
// bytes (null when there is none).

#ifndef COLCHECK_REPORTS_BLOOM_H_
#define COLCHECK_REPORTS_BLOOM_H_

#include <string>
#include <string_view>

#include "colcheck/bloom_probe.h"
#include "colcheck/colcheck.h"

namespace colcheck {

std::string RenderBloomText(const BloomProbe& probe);
// `report` is the inspection's, for the document's verdict.
std::string RenderBloomJson(std::string_view path, const Report& report,
                            const BloomProbe& probe);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_BLOOM_H_
