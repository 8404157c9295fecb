// FindingsPolicy and the code patterns that select codes for it.

#include <string>

#include "colcheck/colcheck.h"

namespace colcheck {
namespace {

constexpr std::string_view kLimitsGroup = "limits";

// "stats" of "stats.null-count-mismatch".
std::string_view GroupOf(std::string_view name) {
  return name.substr(0, name.find('.'));
}

}  // namespace

bool ResolveCodePattern(std::string_view pattern, std::vector<Code>* codes,
                        std::string* error) {
  codes->clear();
  const std::span<const CodeInfo> all = AllCodes();
  if (pattern == "all" || pattern == "*") {
    for (const CodeInfo& info : all) codes->push_back(info.code);
    return true;
  }
  std::string_view group = pattern;
  if (group.ends_with(".*")) group.remove_suffix(2);
  // A code's name always holds a dot and a group's never does, so the two
  // spellings cannot be confused.
  const bool is_group = group.find('.') == std::string_view::npos;
  for (const CodeInfo& info : all) {
    if (is_group ? GroupOf(info.name) == group : info.name == pattern) {
      codes->push_back(info.code);
    }
  }
  if (!codes->empty()) return true;
  if (is_group) {
    *error = "unknown code group '" + std::string(pattern) + "'";
    return false;
  }
  *error = "unknown code '" + std::string(pattern) + "'";
  return false;
}

void FindingsPolicy::SetEnabled(Code code, bool enabled) {
  uint8_t& entry = table_[static_cast<size_t>(code)];
  entry = enabled ? entry & ~kOff : entry | kOff;
}

void FindingsPolicy::SetSeverity(Code code, Severity severity) {
  uint8_t& entry = table_[static_cast<size_t>(code)];
  entry = (entry & kOff) | (static_cast<uint8_t>(severity) + 1);
}

void FindingsPolicy::ClearSeverity(Code code) {
  table_[static_cast<size_t>(code)] &= kOff;
}

std::optional<Severity> FindingsPolicy::severity_override(Code code) const {
  const uint8_t value = Entry(code) & kSeverityMask;
  if (value == 0) return std::nullopt;
  return static_cast<Severity>(value - 1);
}

std::optional<Severity> FindingsPolicy::Effective(Code code) const {
  if (!enabled(code)) return std::nullopt;
  if (const std::optional<Severity> chosen = severity_override(code)) {
    return chosen;
  }
  const CodeInfo& info = Info(code);
  if (strict_ && info.severity == Severity::kWarning &&
      GroupOf(info.name) != kLimitsGroup) {
    return Severity::kError;
  }
  return info.severity;
}

}  // namespace colcheck
