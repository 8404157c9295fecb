#include "conformance/runner/suite.h"

#include <simdjson.h>

#include <algorithm>
#include <fstream>
#include <set>

#include "conformance/runner/suite_json.h"
#include "core/limits.h"

namespace colcheck::conformance {
namespace {

using internal::StringField;
using internal::UintField;

// A path the manifest names must stay inside the suite: relative, without
// "..".
bool InsideSuite(std::string_view path) {
  if (path.empty() || path.front() == '/') return false;
  size_t start = 0;
  while (start <= path.size()) {
    const size_t slash = std::min(path.find('/', start), path.size());
    if (path.substr(start, slash - start) == "..") return false;
    start = slash + 1;
  }
  return true;
}

bool ValidId(std::string_view id) {
  if (id.size() < 3 || id[1] != '_') return false;
  return std::all_of(id.begin(), id.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
           c == '_' || c == '-';
  });
}

bool ParseExpect(std::string_view text, Expect* expect) {
  if (text == "y")
    *expect = Expect::kAccept;
  else if (text == "n")
    *expect = Expect::kReject;
  else if (text == "i")
    *expect = Expect::kEither;
  else
    return false;
  return true;
}

bool ParseStringList(dom::object object, std::string_view name,
                     std::vector<std::string>* out, std::string* error) {
  dom::array list;
  if (object[name].get(list) != simdjson::SUCCESS) {
    *error = "\"" + std::string(name) + "\" is not a list";
    return false;
  }
  for (dom::element item : list) {
    std::string_view text;
    if (item.get(text) != simdjson::SUCCESS) {
      *error = "\"" + std::string(name) + "\" holds a non-string";
      return false;
    }
    out->emplace_back(text);
  }
  return true;
}

bool ParseExpected(dom::object object, std::vector<ExpectedDiagnostic>* out,
                   std::string* error) {
  dom::element value;
  if (object["expected"].get(value) != simdjson::SUCCESS) return true;
  dom::array list;
  if (value.get(list) != simdjson::SUCCESS) {
    *error = "\"expected\" is not a list";
    return false;
  }
  for (dom::element item : list) {
    dom::object diagnostic;
    ExpectedDiagnostic d;
    if (item.get(diagnostic) != simdjson::SUCCESS ||
        !StringField(diagnostic, "code", true, &d.code, error) ||
        !UintField(diagnostic, "offset", true, &d.offset, error) ||
        !UintField(diagnostic, "length", true, &d.length, error)) {
      if (error->empty()) *error = "\"expected\" holds a non-object";
      return false;
    }
    out->push_back(std::move(d));
  }
  return true;
}

bool ParseExclusions(dom::object object, std::string_view list_name,
                     std::string_view key_name, std::vector<Exclusion>* out,
                     std::string* error) {
  dom::element value;
  if (object[list_name].get(value) != simdjson::SUCCESS) return true;
  dom::array list;
  if (value.get(list) != simdjson::SUCCESS) {
    *error = "\"" + std::string(list_name) + "\" is not a list";
    return false;
  }
  for (dom::element item : list) {
    dom::object entry;
    Exclusion exclusion;
    if (item.get(entry) != simdjson::SUCCESS ||
        !StringField(entry, key_name, true, &exclusion.key, error) ||
        !StringField(entry, "evidence", true, &exclusion.evidence, error)) {
      if (error->empty())
        *error = "\"" + std::string(list_name) + "\" holds a non-object";
      *error = "\"" + std::string(list_name) + "\": " + *error;
      return false;
    }
    if (exclusion.evidence.empty()) {
      *error = "\"" + std::string(list_name) + "\": \"" + exclusion.key +
               "\" has no evidence";
      return false;
    }
    out->push_back(std::move(exclusion));
  }
  return true;
}

// Every baseline names a y_ case of the suite.
bool CheckBaselines(const Suite& suite, const std::string& path,
                    std::string* error) {
  std::set<std::string_view> valid;
  for (const Case& c : suite.cases) {
    if (c.expect == Expect::kAccept) valid.insert(c.id);
  }
  for (const Case& c : suite.cases) {
    if (!c.baseline.empty() && !valid.contains(c.baseline)) {
      *error = path + ": case " + c.id + ": baseline \"" + c.baseline +
               "\" is not a y_ case of the suite";
      return false;
    }
  }
  return true;
}

}  // namespace

namespace internal {

bool StringField(dom::object object, std::string_view name, bool required,
                 std::string* out, std::string* error) {
  dom::element value;
  if (object[name].get(value) != simdjson::SUCCESS) {
    if (!required) return true;
    *error = "lacks \"" + std::string(name) + "\"";
    return false;
  }
  if (value.is_null() && !required) return true;
  std::string_view text;
  if (value.get(text) != simdjson::SUCCESS) {
    *error = "\"" + std::string(name) + "\" is not a string";
    return false;
  }
  *out = std::string(text);
  return true;
}

bool UintField(dom::object object, std::string_view name, bool required,
               uint64_t* out, std::string* error) {
  dom::element value;
  if (object[name].get(value) != simdjson::SUCCESS) {
    if (!required) return true;
    *error = "lacks \"" + std::string(name) + "\"";
    return false;
  }
  if (value.get(*out) != simdjson::SUCCESS) {
    *error = "\"" + std::string(name) + "\" is not a non-negative integer";
    return false;
  }
  return true;
}

bool ParseCase(dom::object object, Case* c, std::string* error) {
  std::string expect;
  if (!StringField(object, "id", true, &c->id, error)) return false;
  if (!ValidId(c->id)) {
    *error =
        "id \"" + c->id + "\" is not {y|n|i}_RULE[_VARIANT] of [a-z0-9._-]";
    return false;
  }
  if (!StringField(object, "outcome", true, &expect, error) ||
      !StringField(object, "format", true, &c->format, error) ||
      !StringField(object, "file", true, &c->file, error) ||
      !StringField(object, "rows", false, &c->rows, error) ||
      !UintField(object, "row_count", false, &c->row_count, error) ||
      !StringField(object, "rule", true, &c->rule, error) ||
      !StringField(object, "spec", false, &c->spec, error) ||
      !StringField(object, "description", false, &c->description, error) ||
      !StringField(object, "baseline", false, &c->baseline, error) ||
      !ParseStringList(object, "features", &c->features, error) ||
      !ParseExpected(object, &c->expected, error)) {
    return false;
  }
  if (!ParseExpect(expect, &c->expect) || c->id.front() != expect.front()) {
    *error = "outcome \"" + expect + "\" is not y, n or i, as the id begins";
    return false;
  }
  if (c->format != "parquet" && c->format != "orc") {
    *error = "format \"" + c->format + "\" is neither parquet nor orc";
    return false;
  }
  if (!InsideSuite(c->file) || (!c->rows.empty() && !InsideSuite(c->rows))) {
    *error = "a path is absolute or leaves the suite's directory";
    return false;
  }
  if (c->expect == Expect::kAccept && c->rows.empty()) {
    *error = "a y_ case needs \"rows\"";
    return false;
  }
  if (!c->baseline.empty() &&
      (c->expect != Expect::kReject || c->rows.empty())) {
    *error = "only an n_ case with \"rows\" has a \"baseline\"";
    return false;
  }
  dom::element risk;
  if (object["silent_misread_risk"].get(risk) == simdjson::SUCCESS &&
      risk.get(c->silent_misread_risk) != simdjson::SUCCESS) {
    *error = "\"silent_misread_risk\" is not a boolean";
    return false;
  }
  return true;
}

bool ParseDocument(const std::string& path, simdjson::padded_string* text,
                   dom::parser* parser, dom::object* root, std::string* error) {
  std::string raw;
  if (!ReadWholeFile(path, &raw, error)) return false;
  *text = simdjson::padded_string(raw);
  if (parser->parse(*text).get(*root) != simdjson::SUCCESS) {
    *error = path + ": not a JSON object";
    return false;
  }
  return true;
}

}  // namespace internal

std::string_view ExpectName(Expect expect) {
  switch (expect) {
    case Expect::kAccept:
      return "y";
    case Expect::kReject:
      return "n";
    case Expect::kEither:
      return "i";
  }
  return "";
}

std::string_view Case::Family() const {
  const std::string_view rule(this->rule);
  return rule.substr(0, rule.find('.'));
}

std::string Suite::PathOf(std::string_view relative) const {
  return dir + "/" + std::string(relative);
}

bool ReadWholeFile(const std::string& path, std::string* text,
                   std::string* error) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) {
    *error = path + ": cannot be opened";
    return false;
  }
  const std::streamoff size = in.tellg();
  if (size < 0 ||
      static_cast<uint64_t>(size) > limits::kMaxConformanceFileBytes) {
    *error = path + ": larger than colcheck reads (" +
             std::to_string(limits::kMaxConformanceFileBytes) + " bytes)";
    return false;
  }
  text->resize(static_cast<size_t>(size));
  in.seekg(0);
  if (!in.read(text->data(), size)) {
    *error = path + ": cannot be read";
    return false;
  }
  return true;
}

bool LoadSuite(const std::string& dir, Suite* suite, std::string* error) {
  const std::string path = dir + "/manifest.json";
  simdjson::padded_string text;
  dom::parser parser;
  dom::object root;
  if (!internal::ParseDocument(path, &text, &parser, &root, error))
    return false;
  suite->dir = dir;
  std::string name;
  dom::array cases;
  if (!StringField(root, "suite", true, &name, error) ||
      name != "colcheck-conformance" ||
      root["version"].get(suite->version) != simdjson::SUCCESS ||
      root["cases"].get(cases) != simdjson::SUCCESS) {
    *error = path +
             ": not a colcheck-conformance manifest (\"suite\", "
             "\"version\" and \"cases\")";
    return false;
  }
  if (root["seed"].get(suite->seed) != simdjson::SUCCESS) suite->seed = 0;
  std::set<std::string> ids;
  for (dom::element item : cases) {
    Case c;
    dom::object object;
    std::string why;
    if (item.get(object) != simdjson::SUCCESS)
      why = "a case is not an object";
    else if (!internal::ParseCase(object, &c, &why)) {
    } else if (!ids.insert(c.id).second)
      why = "the id is not unique";
    if (!why.empty()) {
      *error = path + ": case " + std::to_string(suite->cases.size() + 1) +
               (c.id.empty() ? "" : " (" + c.id + ")") + ": " + why;
      return false;
    }
    suite->cases.push_back(std::move(c));
  }
  return CheckBaselines(*suite, path, error);
}

const Exclusion* Profile::Excluding(const Case& c) const {
  for (const Exclusion& e : cases) {
    if (e.key == c.id) return &e;
  }
  for (const Exclusion& e : features) {
    if (std::find(c.features.begin(), c.features.end(), e.key) !=
        c.features.end()) {
      return &e;
    }
  }
  return nullptr;
}

bool LoadProfile(const std::string& path, Profile* profile,
                 std::string* error) {
  simdjson::padded_string text;
  dom::parser parser;
  dom::object root;
  if (!internal::ParseDocument(path, &text, &parser, &root, error))
    return false;
  std::string why;
  if (!StringField(root, "reader", true, &profile->reader, &why) ||
      !StringField(root, "version", false, &profile->version, &why) ||
      !StringField(root, "command", false, &profile->command, &why) ||
      !ParseExclusions(root, "unsupported", "feature", &profile->features,
                       &why) ||
      !ParseExclusions(root, "cases", "id", &profile->cases, &why)) {
    *error = path + ": " + why;
    return false;
  }
  return true;
}

bool MatchesPattern(std::string_view pattern, std::string_view id) {
  // Iterative glob with one backtrack point: linear in practice, and never
  // worse than |pattern| * |id|.
  size_t p = 0, i = 0, star = std::string_view::npos, mark = 0;
  while (i < id.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == id[i])) {
      ++p;
      ++i;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = i;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      i = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

}  // namespace colcheck::conformance
