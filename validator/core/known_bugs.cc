#include "core/known_bugs.h"

#include <iterator>

#include "core/strings.h"

namespace colcheck {

namespace {

constexpr KnownBug kKnownBugs[] = {
#include "known_writer_bugs.inc"
};

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
    s.remove_prefix(1);
  }
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) {
    s.remove_suffix(1);
  }
  return s;
}

bool InRange(const WriterVersion& v, const WriterVersion& low,
             const WriterVersion& below) {
  if (v.Before(low)) return false;
  return !below.known() || v.Before(below);
}

bool ParquetWriterMatches(const KnownBug& bug, const WriterIdentity& writer) {
  if (!writer.has_created_by ||
      writer.created_by.application != bug.application) {
    return false;
  }
  const WriterVersion& v = writer.created_by.version;
  if (!v.known()) return bug.unversioned;
  return InRange(v, bug.min_version, bug.fixed_version);
}

bool OrcWriterMatches(const KnownBug& bug, const WriterIdentity& writer) {
  if (bug.orc_writer >= 0 && writer.orc_writer != bug.orc_writer) return false;
  if (bug.orc_writer_version_below >= 0 &&
      writer.orc_writer_version >= bug.orc_writer_version_below) {
    return false;
  }
  if (!bug.software_ranges[0][0].known()) return true;
  if (!writer.has_software_version || !writer.software_version.known()) {
    return bug.unversioned;
  }
  for (const auto& range : bug.software_ranges) {
    if (range[0].known() &&
        InRange(writer.software_version, range[0], range[1])) {
      return true;
    }
  }
  return false;
}

}  // namespace

bool WriterVersion::Before(int ma, int mi, int pa) const {
  const int own[3] = {known() ? major : 0, known() ? minor : 0,
                      known() ? patch : 0};
  const int other[3] = {ma, mi, pa};
  for (int i = 0; i < 3; ++i) {
    if (own[i] != other[i]) return own[i] < other[i];
  }
  return false;
}

WriterVersion ParseVersion(std::string_view text) {
  WriterVersion v;
  text = Trim(text);
  if (!text.empty() && (text.front() == 'v' || text.front() == 'V')) {
    text.remove_prefix(1);
  }
  int parts[3] = {0, 0, 0};
  for (int i = 0; i < 3; ++i) {
    size_t digits = 0;
    int value = 0;
    // Nine digits cannot overflow an int.
    while (digits < text.size() && digits < 9 && text[digits] >= '0' &&
           text[digits] <= '9') {
      value = value * 10 + (text[digits] - '0');
      ++digits;
    }
    if (digits == 0) {
      if (i == 0) return v;
      break;
    }
    parts[i] = value;
    text.remove_prefix(digits);
    if (text.empty() || text.front() != '.') break;
    text.remove_prefix(1);
  }
  v.major = parts[0];
  v.minor = parts[1];
  v.patch = parts[2];
  return v;
}

CreatedBy ParseCreatedBy(std::string_view created_by) {
  CreatedBy c;
  constexpr std::string_view kMark = " version ";
  const size_t mark = created_by.find(kMark);
  c.application = Trim(created_by.substr(0, mark));
  if (mark != std::string_view::npos) {
    c.version = ParseVersion(created_by.substr(mark + kMark.size()));
  }
  return c;
}

std::span<const KnownBug> AllKnownBugs() { return kKnownBugs; }

const KnownBug* MatchKnownBug(const WriterIdentity& writer,
                              const Diagnostic& diagnostic,
                              const BugConditionCheck& check) {
  for (const KnownBug& bug : kKnownBugs) {
    if (bug.code != diagnostic.code || bug.format != writer.format) continue;
    if (!diagnostic.field.ends_with(bug.field_suffix)) continue;
    const bool writer_matches = bug.format == Format::kParquet
                                    ? ParquetWriterMatches(bug, writer)
                                    : OrcWriterMatches(bug, writer);
    if (!writer_matches) continue;
    if (bug.condition != BugCondition::kNone &&
        (!check || !check(bug.condition, diagnostic))) {
      continue;
    }
    return &bug;
  }
  return nullptr;
}

void ExplainKnownBugs(const WriterIdentity& writer,
                      const BugConditionCheck& check, DiagnosticSink& sink) {
  for (Diagnostic& d : sink.diagnostics()) {
    const KnownBug* bug = MatchKnownBug(writer, d, check);
    if (bug == nullptr) continue;
    d.known_bug = std::string(bug->id);
    d.message = StrCat(d.message, "; known writer bug: ", bug->writer, " ",
                       bug->description, " (", bug->affected);
    if (!bug->upstream.empty()) {
      d.message = StrCat(d.message, "; ", bug->upstream, " ",
                         bug->upstream_url);
    }
    d.message = StrCat(d.message, bug->fixed_in.empty()
                                      ? std::string("; not fixed")
                                      : StrCat("; fixed in ", bug->fixed_in),
                       ")");
  }
}

}  // namespace colcheck
