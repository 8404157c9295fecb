// Triage of many files, as `colcheck triage` writes it: files grouped by the
// signature of their first error, so a fuzzing campaign's thousand findings
// read as a dozen distinct faults, each with the smallest file to study.
//
// The signature of a file is its first diagnostic of severity error, in
// report order (by offset): its code and its field with every array index
// taken out, so the same fault in another column or row group falls in the
// same group:
//
//   row_groups[0].columns[3].meta_data.codec
//     becomes row_groups[].columns[].meta_data.codec
//
// triage.json, a stable contract like the validate JSON (keys in this order,
// new keys only appended, pure ASCII):
//
//   {"tool":"colcheck","version":"0.1.0","files":12,
//    "groups":[{"code":"metadata.invalid-codec",
//               "field":"row_groups[].columns[].meta_data.codec","count":3,
//               "representative":{"path":"b.parquet","size":300,
//                                 "verdict":"invalid","diagnostics":[...]},
//               "files":["a.parquet","b.parquet","c.parquet"]}],
//    "no_error":[{"path":"ok.parquet","verdict":"valid"}],
//    "unreadable":[{"path":"gone.parquet","message":"No such file ..."}]}
//
// "files" counts every input: the group members, no_error and unreadable.
// Groups are sorted by count, largest first, then by code and field. The
// representative is the group's smallest file (ties: the smaller path,
// bytewise), with all its diagnostics in the shape of the validate JSON.
// Member lists keep input order. A file without any error (valid, encrypted,
// unsupported) goes to no_error with its verdict; a file that could not be
// read goes to unreadable.

#ifndef COLCHECK_REPORTS_TRIAGE_H_
#define COLCHECK_REPORTS_TRIAGE_H_

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// `field` with the contents of every bracket that holds only digits
// removed: "schema[12].name" -> "schema[].name".
std::string StripIndices(std::string_view field);

// The first diagnostic of severity error in `report`, or nullptr.
const Diagnostic* FirstError(const Report& report);

struct TriageGroup {
  Code code;
  std::string field;               // Indices stripped.
  std::vector<std::string> files;  // Input order.
  std::string representative;      // The smallest member.
  Report representative_report;
};

struct TriageNoError {
  std::string path;
  Verdict verdict;
};

struct TriageUnreadable {
  std::string path;
  std::string message;
};

struct Triage {
  size_t files = 0;
  std::vector<TriageGroup> groups;  // Largest first.
  std::vector<TriageNoError> no_error;
  std::vector<TriageUnreadable> unreadable;
};

// Collects files one at a time, in input order. Only each group's current
// representative report is kept, so memory grows with the number of paths,
// not of diagnostics.
class TriageBuilder {
 public:
  void AddFile(std::string_view path, Report report);
  void AddUnreadable(std::string_view path, std::string_view message);
  // Sorts the groups and hands the triage over; the builder is spent.
  Triage Finish();

 private:
  Triage triage_;
  // (code, stripped field) -> index in triage_.groups.
  std::map<std::pair<Code, std::string>, size_t> group_of_;
};

// triage.json, ending with a newline.
std::string RenderTriageJson(const Triage& triage);

// triage.md: a summary table (group, code, field, count, representative),
// then one section per group with the representative's diagnostics and the
// command that shows them with their bytes, then the files without errors
// and the unreadable ones. Paths, fields and messages are escaped so that no
// byte of an untrusted file can break the table or inject markup.
std::string RenderTriageMarkdown(const Triage& triage);

// `text` with Markdown's active characters backslash-escaped and control
// characters (newlines included) written as \xNN, so it stays inline text on
// one line, also inside a table cell.
std::string EscapeMarkdown(std::string_view text);

// `word` quoted for a POSIX shell: as is when it needs no quoting, in single
// quotes otherwise, and as $'...' with \xNN escapes when it holds control
// characters.
std::string ShellQuote(std::string_view word);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_TRIAGE_H_
