#include "conformance/runner/results.h"

#include <filesystem>
#include <set>

#include "conformance/runner/suite_json.h"

namespace colcheck::conformance {
namespace {

using internal::StringField;
using internal::UintField;

bool ParseDifference(dom::object result, RowDifference* diff,
                     std::string* error) {
  dom::element value;
  if (result["difference"].get(value) != simdjson::SUCCESS || value.is_null()) {
    return true;
  }
  dom::object object;
  if (value.get(object) != simdjson::SUCCESS) {
    *error = "\"difference\" is not an object";
    return false;
  }
  diff->equal = false;
  return UintField(object, "row", true, &diff->row, error) &&
         StringField(object, "path", true, &diff->path, error) &&
         StringField(object, "expected", true, &diff->expected, error) &&
         StringField(object, "actual", true, &diff->actual, error) &&
         StringField(object, "reason", true, &diff->reason, error);
}

bool ParseResult(dom::object object, const std::string& base, CaseResult* r,
                 std::string* error) {
  std::string outcome;
  uint64_t millis = 0;
  if (!StringField(object, "case", true, &r->id, error) ||
      !StringField(object, "outcome", true, &outcome, error) ||
      !StringField(object, "detail", true, &r->detail, error) ||
      !StringField(object, "message", true, &r->message, error) ||
      !UintField(object, "millis", true, &millis, error) ||
      !UintField(object, "peak_rss_bytes", true, &r->peak_rss_bytes, error) ||
      !StringField(object, "bundle", false, &r->bundle, error) ||
      !ParseDifference(object, &r->difference, error)) {
    return false;
  }
  if (!ParseOutcome(outcome, &r->outcome)) {
    *error = "unknown outcome \"" + outcome + "\"";
    return false;
  }
  r->seconds = static_cast<double>(millis) / 1000;
  if (!r->bundle.empty()) r->bundle = base + r->bundle;
  if (object["misread"].get(r->misread) != simdjson::SUCCESS) {
    *error = "\"misread\" is not a boolean";
    return false;
  }
  return true;
}

bool ParseReaderResults(dom::object object, const std::string& base,
                        const Suite& suite, ReaderResults* rr,
                        std::string* error) {
  if (!StringField(object, "name", true, &rr->reader.name, error) ||
      !StringField(object, "command", true, &rr->reader.command, error)) {
    return false;
  }
  dom::object profile;
  if (object["profile"].get(profile) == simdjson::SUCCESS) {
    rr->reader.has_profile = true;
    if (!StringField(profile, "reader", true, &rr->reader.profile.reader,
                     error) ||
        !StringField(profile, "version", true, &rr->reader.profile.version,
                     error)) {
      return false;
    }
  }
  dom::array results;
  if (object["results"].get(results) != simdjson::SUCCESS ||
      results.size() != suite.cases.size()) {
    *error = "\"results\" is not a list with a result per case";
    return false;
  }
  size_t i = 0;
  for (dom::element item : results) {
    dom::object result;
    CaseResult r;
    if (item.get(result) != simdjson::SUCCESS ||
        !ParseResult(result, base, &r, error)) {
      if (error->empty()) *error = "a result is not an object";
      return false;
    }
    if (r.id != suite.cases[i].id) {
      *error = "result " + std::to_string(i + 1) + " is for \"" + r.id +
               "\", not the suite's \"" + suite.cases[i].id + "\"";
      return false;
    }
    ++rr->counts[static_cast<size_t>(r.outcome)];
    rr->cases.push_back(std::move(r));
    ++i;
  }
  return true;
}

}  // namespace

bool ReadResults(const std::string& path, RunResults* results,
                 std::string* error) {
  simdjson::padded_string text;
  dom::parser parser;
  dom::object root;
  if (!internal::ParseDocument(path, &text, &parser, &root, error))
    return false;
  std::string kind;
  dom::object suite;
  dom::array cases, readers;
  if (!StringField(root, "kind", true, &kind, error) ||
      kind != "conformance-results" ||
      root["suite"].get(suite) != simdjson::SUCCESS ||
      suite["version"].get(results->suite.version) != simdjson::SUCCESS ||
      suite["seed"].get(results->suite.seed) != simdjson::SUCCESS ||
      suite["cases"].get(cases) != simdjson::SUCCESS ||
      root["readers"].get(readers) != simdjson::SUCCESS) {
    *error = path + ": not the results of `colcheck conformance run`";
    return false;
  }
  std::string base = std::filesystem::path(path).parent_path().string();
  if (!base.empty()) base += "/";
  std::string why;
  for (dom::element item : cases) {
    dom::object object;
    Case c;
    if (item.get(object) != simdjson::SUCCESS ||
        !internal::ParseCase(object, &c, &why)) {
      *error = path + ": case " +
               std::to_string(results->suite.cases.size() + 1) + ": " +
               (why.empty() ? "not an object" : why);
      return false;
    }
    results->suite.cases.push_back(std::move(c));
  }
  for (dom::element item : readers) {
    dom::object object;
    ReaderResults rr;
    if (item.get(object) != simdjson::SUCCESS ||
        !ParseReaderResults(object, base, results->suite, &rr, &why)) {
      *error = path + ": reader " +
               std::to_string(results->readers.size() + 1) + ": " +
               (why.empty() ? "not an object" : why);
      return false;
    }
    results->readers.push_back(std::move(rr));
  }
  return true;
}

bool MergeResults(RunResults more, RunResults* into, std::string* error) {
  if (into->readers.empty() && into->suite.cases.empty()) {
    *into = std::move(more);
    return true;
  }
  const bool same_cases =
      more.suite.cases.size() == into->suite.cases.size() &&
      std::equal(more.suite.cases.begin(), more.suite.cases.end(),
                 into->suite.cases.begin(),
                 [](const Case& a, const Case& b) { return a.id == b.id; });
  if (more.suite.version != into->suite.version || !same_cases) {
    *error = "the runs are of different suites or cases (suite v" +
             std::to_string(more.suite.version) + " with " +
             std::to_string(more.suite.cases.size()) + " cases, v" +
             std::to_string(into->suite.version) + " with " +
             std::to_string(into->suite.cases.size()) +
             "): run every reader over the same --case selection";
    return false;
  }
  std::set<std::string> names;
  for (const ReaderResults& rr : into->readers) names.insert(rr.reader.name);
  for (ReaderResults& rr : more.readers) {
    if (!names.insert(rr.reader.name).second) {
      *error = "reader \"" + rr.reader.name + "\" is in two runs";
      return false;
    }
    into->readers.push_back(std::move(rr));
  }
  return true;
}

}  // namespace colcheck::conformance
