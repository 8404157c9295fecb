// The conformance suite as conformance/README.md defines it: the cases of a
// manifest.json, and the profiles that excuse a reader from some of them.
//
// Both are read whole (at most limits::kMaxConformanceFileBytes) and
// checked as they are read: a manifest that names a file outside its
// directory, an unknown outcome or a duplicate id is an error, not a case.

#ifndef COLCHECK_CONFORMANCE_RUNNER_SUITE_H_
#define COLCHECK_CONFORMANCE_RUNNER_SUITE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace colcheck::conformance {

// What a reader must do with a case: y_ read it to the expected rows, n_
// reject it, i_ either (the answer is recorded).
enum class Expect { kAccept, kReject, kEither };

// "y", "n", "i".
std::string_view ExpectName(Expect expect);

// A diagnostic colcheck reports for an n_ case's fault.
struct ExpectedDiagnostic {
  std::string code;
  uint64_t offset = 0;
  uint64_t length = 0;
};

struct Case {
  std::string id;
  Expect expect = Expect::kAccept;
  std::string format;  // "parquet" or "orc".
  std::string file;    // Relative to the suite, as the manifest has it.
  std::string rows;    // The expected rows' file, or empty.
  uint64_t row_count = 0;
  std::string rule;
  std::string spec;
  std::string description;
  std::vector<std::string> features;
  std::vector<ExpectedDiagnostic> expected;
  bool silent_misread_risk = false;
  // An n_ case's y_ case of its file before the fault, or empty. A reader
  // that misreads the baseline as well is not misled by the fault, so its
  // reading of the n_ case is no misread (runner.h).
  std::string baseline;

  // The rule's family: "list" for "list.three-level", "page" for
  // "page.v2-num-nulls-mismatch".
  std::string_view Family() const;
};

struct Suite {
  std::string dir;  // Where manifest.json is; case paths are under it.
  int64_t version = 0;
  uint64_t seed = 0;
  std::vector<Case> cases;

  std::string PathOf(std::string_view relative) const;
};

// Reads DIR/manifest.json. On failure, `error` says which field of which
// case is wrong.
bool LoadSuite(const std::string& dir, Suite* suite, std::string* error);

// What a reader documents (or demonstrably lacks) as unsupported, each with
// its evidence.
struct Exclusion {
  std::string key;  // A feature ("codec:LZO") or a case id.
  std::string evidence;
};

struct Profile {
  std::string reader;
  std::string version;
  std::string command;  // As run from the repository's root.
  std::vector<Exclusion> features;
  std::vector<Exclusion> cases;

  // The exclusion that makes `c` unsupported by this reader, or nullptr.
  const Exclusion* Excluding(const Case& c) const;
};

bool LoadProfile(const std::string& path, Profile* profile, std::string* error);

// Whether `id` matches `pattern`, a glob where '*' is any run of
// characters and '?' one: "n_page.*", "*list*".
bool MatchesPattern(std::string_view pattern, std::string_view id);

// Reads a whole file of at most limits::kMaxConformanceFileBytes.
bool ReadWholeFile(const std::string& path, std::string* text,
                   std::string* error);

}  // namespace colcheck::conformance

#endif  // COLCHECK_CONFORMANCE_RUNNER_SUITE_H_
