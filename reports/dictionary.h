// `colcheck dictionary FILE COLUMN`: a column's dictionary pages, one per
// row group that has one, with every entry typed by the column
// (reports/values.h); ORC: a string column's dictionary in each stripe
// that has one, "stripe" for "row_group".
//
// Text:
//   row group 0, column 1 g.i32: dictionary page at 105+46, 3 entries
//     0  -2119845296
//     1  -544121104
//   stripe 0, column 2 name: DICTIONARY_DATA at 3+40, 4 entries
//
// JSON: one document (reports/json.h BeginJsonFileDocument), then
//   "column":1,"column_path":"g.i32","dictionaries":[{"row_group":0,
//   "offset":105,"length":46,"declared":3|null,"entries":3,
//   "values":[VALUE,...]}]

#ifndef COLCHECK_REPORTS_DICTIONARY_H_
#define COLCHECK_REPORTS_DICTIONARY_H_

#include <string>
#include <string_view>
#include <vector>

#include "colcheck/inspect.h"

namespace colcheck {

std::string RenderDictionaryText(const Inspection& inspection, size_t column,
                                 const std::vector<Dictionary>& dictionaries);
std::string RenderDictionaryJson(std::string_view path,
                                 const Inspection& inspection, size_t column,
                                 const std::vector<Dictionary>& dictionaries);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_DICTIONARY_H_
