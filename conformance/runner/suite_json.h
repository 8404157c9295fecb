// The pieces of suite.cc's JSON reading that results.cc shares: a case is
// read the same way from a manifest and from a results document.

#ifndef COLCHECK_CONFORMANCE_RUNNER_SUITE_JSON_H_
#define COLCHECK_CONFORMANCE_RUNNER_SUITE_JSON_H_

#include <simdjson.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "conformance/runner/suite.h"

namespace colcheck::conformance {

namespace dom = simdjson::dom;

namespace internal {

// Field `name` of `object` as a string or a non-negative integer. An
// optional field that is absent (or a null string) leaves `out` as it is.
bool StringField(dom::object object, std::string_view name, bool required,
                 std::string* out, std::string* error);
bool UintField(dom::object object, std::string_view name, bool required,
               uint64_t* out, std::string* error);

// One case of a manifest (conformance/README.md), checked.
bool ParseCase(dom::object object, Case* c, std::string* error);

// Reads the JSON object at `path` (at most limits::kMaxConformanceFileBytes)
// into `root`, which lives as long as `text` and `parser`.
bool ParseDocument(const std::string& path, simdjson::padded_string* text,
                   dom::parser* parser, dom::object* root, std::string* error);

}  // namespace internal
}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_SUITE_JSON_H_
