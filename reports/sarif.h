// The SARIF 2.1.0 renderer, for code-scanning services and SARIF viewers.
// One log with one run for all files; every registry code is a rule, every
// diagnostic a result whose region is its byte span:
//
//   {"$schema":"...","version":"2.1.0","runs":[{
//     "tool":{"driver":{"name":"colcheck","version":"0.1.0","rules":[
//       {"id":"file.too-small","name":"FileTooSmall",...}]}},
//     "results":[{"ruleId":"file.too-small","ruleIndex":0,"level":"error",
//       "message":{"text":"..."},"locations":[{"physicalLocation":{
//         "artifactLocation":{"uri":"a.parquet","index":0},
//         "region":{"byteOffset":0,"byteLength":3}}}]}],
//     "artifacts":[{"location":{"uri":"a.parquet"},"length":3,
//                   "roles":["analysisTarget"],
//                   "properties":{"format":"unknown","verdict":"invalid"}}],
//     "invocations":[{"executionSuccessful":true}]}]}
//
// Results come before artifacts so that they stream: a file's results are
// written as soon as it is validated, and only the small artifact entries
// wait for Finish(). The output is pure ASCII.

#ifndef COLCHECK_REPORTS_SARIF_H_
#define COLCHECK_REPORTS_SARIF_H_

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "colcheck/colcheck.h"
#include "reports/file_report.h"
#include "reports/json_writer.h"

namespace colcheck {

// Streams one SARIF 2.1.0 log with one run for all files.
//
//   SarifWriter writer(&std::cout);
//   writer.AddFile("a.parquet", report);
//   writer.Finish();  // Closes the log; also correct with no files.
class SarifWriter {
 public:
  explicit SarifWriter(std::ostream* out);
  SarifWriter(const SarifWriter&) = delete;
  SarifWriter& operator=(const SarifWriter&) = delete;

  // Writes the results of `report`. A path given twice shares one artifact,
  // the first one's, since SARIF wants the artifacts to be distinct.
  void AddFile(std::string_view path, const Report& report);
  // Writes the artifacts, the invocation and the closing brackets, then a
  // newline. Call exactly once; valid with no files too.
  void Finish();

 private:
  struct Artifact {
    std::string uri;
    uint64_t length;
    Format format;
    Verdict verdict;
    bool complete;
  };

  void BeginIfNeeded();
  // Writes out what the JSON writer has appended since the last time.
  void Flush();
  size_t ArtifactIndex(std::string uri, const Report& report);

  std::ostream* out_;
  std::string buffer_;
  JsonWriter json_{&buffer_};
  bool begun_ = false;
  std::vector<Artifact> artifacts_;
  std::unordered_map<std::string, size_t> index_of_uri_;
};

// The whole log for `files`, ending with a newline.
std::string RenderSarif(std::span<const FileReport> files);

// `path` as a SARIF artifact URI: a relative reference for a relative path,
// a file:// URI for an absolute one. Every byte other than the unreserved
// characters, '/' and the sub-delimiters is percent-encoded (so ':', '%',
// '#', '?', spaces, controls and all non-ASCII bytes are), which keeps any
// path, even one that is not UTF-8, recoverable from the URI.
std::string ArtifactUri(std::string_view path);

}  // namespace colcheck

#endif  // COLCHECK_REPORTS_SARIF_H_
