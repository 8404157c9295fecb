// `colcheck plan`: the read plan (colcheck/read_plan.h) of an inspected
// file, as text or JSON.
//
// Text, one block per leaf column:
//
//   column 3: price  fixed_len_byte_array(9) DECIMAL(20,2)  def 1, rep 0
//     arrow   decimal128(20, 2)
//     pandas  object (decimal.Decimal)
//     r       double
//     js      Number
//     ! decimal-over-15-digits: 3 of 5 values: decimals read as a double ...
//
// Each hazard line gives `N of M values` only when counted (--data); a
// column without hazards has none. Paths are escaped like schema names.
//
// JSON, one object (keys in this order, new keys only ever appended):
//
//   {"tool":"colcheck","version":"0.1.0","path":"a.parquet",
//    "format":"parquet","verdict":"valid","data":true,"columns":[
//     {"column":3,"path":"price","physical":"FIXED_LEN_BYTE_ARRAY",
//      "type_length":9,"annotation":"DECIMAL(20,2)","max_definition_level":1,
//      "max_repetition_level":0,
//      "readers":{"arrow":"...","pandas":"...","r":"...","js":"..."},
//      "values":5,"counted":true,
//      "hazards":[{"id":"decimal-over-15-digits","summary":"...",
//                  "count_rule":"...","affected":3}]}]}
//
// "physical" is the IDL name (or the number), "type_length" and
// "annotation" null when absent; "values", "counted" and "affected" are
// null unless "data" is true.

#ifndef COLCHECK_REPORTS_PLAN_H_
#define COLCHECK_REPORTS_PLAN_H_

#include <string>
#include <string_view>

#include "colcheck/inspect.h"
#include "colcheck/read_plan.h"

namespace colcheck {

// The text rendering of `plan`, made from `inspection`, ending with a
// newline. `data`: the plan's counts were filled by CountHazards.
std::string RenderPlanText(const Inspection& inspection, const ReadPlan& plan,
                           bool data);

// The JSON document, ending with a newline.
std::string RenderPlanJson(std::string_view path, const Inspection& inspection,
                           const ReadPlan& plan, bool data);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_PLAN_H_
