// The conformance matrix (conformance/README.md): readers × cases, as the
// JSON document `colcheck conformance run` writes and `report` reads back
// (conformance/runner/results.h), and as a self-contained HTML page.
//
// JSON, one document (a contract, like validate's):
//
//   {"tool":"colcheck","version":V,"kind":"conformance-results",
//    "suite":{"version":1,"seed":N,"cases":[
//      {"id","outcome":"y|n|i","format","rule","family","spec",
//       "description","features":[...],"silent_misread_risk":bool,
//       "file","rows":PATH or null,"row_count":N,
//       "expected":[{"code","offset","length"}]}]},
//    "readers":[
//      {"name","command","profile":null or {"reader","version"},
//       "counts":{"pass":N,"rejected-valid":N,...every outcome},
//       "results":[{"case":ID,"outcome":"pass|...","detail","message",
//                   "misread":bool,"millis":N,"peak_rss_bytes":N,
//                   "bundle":PATH or null,
//                   "difference":null or {"row","path","expected",
//                                         "actual","reason"}}]}]}
//
// "results" follow the suite's cases, one each. "bundle" is relative to the
// directory of the document.

#ifndef COLCHECK_REPORTS_CONFORMANCE_H_
#define COLCHECK_REPORTS_CONFORMANCE_H_

#include <string>
#include <vector>

#include "conformance/runner/runner.h"

namespace colcheck {

std::string RenderConformanceJson(const conformance::RunResults& results);

// The counts per reader as a table, then a line per crash, hang, wrong
// value and misread:
//
//   reader      pass  rejected-valid  accepted-invalid  wrong-values ...
//   duckdb       212               3                41             0 ...
//
//   duckdb: crash on n_page.crc-mismatch: killed by signal 11 (SIGSEGV)
std::string RenderConformanceText(const conformance::RunResults& results);

// The cases of a suite, a line each: "y  codec  y_codec.zstd  features".
std::string RenderConformanceCases(const std::vector<conformance::Case>& cases);

// The matrix as one HTML page with no external resource: counts per
// reader; the silent misreads and crashes first; then every case, grouped
// by its rule's family, with a cell per reader, and for each failing cell
// the expected and actual rows, the reader's message and the bundle.
std::string RenderConformanceHtml(const conformance::RunResults& results);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_CONFORMANCE_H_
