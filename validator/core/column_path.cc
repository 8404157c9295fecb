#include "core/column_path.h"

#include <limits>

#include "core/limits.h"

namespace colcheck {
namespace {

constexpr std::string_view kEllipsis = "\xe2\x80\xa6";  // U+2026.

bool NeedsQuotes(std::string_view name) {
  return name.empty() || name.find_first_of(".`") != std::string_view::npos;
}

}  // namespace

void AppendColumnName(std::string_view name, std::string* out) {
  if (!NeedsQuotes(name)) {
    out->append(name);
    return;
  }
  out->push_back('`');
  for (const char c : name) {
    if (c == '`') out->push_back('`');
    out->push_back(c);
  }
  out->push_back('`');
}

bool ColumnPath::AddParent(std::string_view name) {
  if (full_) return false;
  constexpr size_t kMax = limits::kMaxColumnPathBytes;
  // Only a prefix is quoted: a name may be as long as the footer.
  std::string quoted;
  AppendColumnName(name.substr(0, kMax + 1), &quoted);
  const size_t added = quoted.size() + (names_.empty() ? 0 : 1);
  if (bytes_ + added <= kMax) {
    bytes_ += added;
    names_.push_back(std::move(quoted));
    return true;
  }
  full_ = true;
  if (!names_.empty()) {
    dropped_ = true;
    return false;
  }
  quoted.resize(kMax);
  quoted.append(kEllipsis);
  names_.push_back(std::move(quoted));
  return false;
}

std::string ColumnPath::Take() {
  std::string out;
  if (dropped_) {
    out.append(kEllipsis);
    out.push_back('.');
  }
  for (auto it = names_.rbegin(); it != names_.rend(); ++it) {
    if (it != names_.rbegin()) out.push_back('.');
    out.append(*it);
  }
  names_.clear();
  bytes_ = 0;
  full_ = dropped_ = false;
  return out;
}

bool TakeIndexed(std::string_view* path, std::string_view name,
                 size_t* index) {
  std::string_view rest = *path;
  if (!rest.starts_with(name)) return false;
  rest.remove_prefix(name.size());
  if (!rest.starts_with('[')) return false;
  rest.remove_prefix(1);
  size_t value = 0;
  size_t digits = 0;
  for (; digits < rest.size() && rest[digits] >= '0' && rest[digits] <= '9';
       ++digits) {
    const auto digit = static_cast<size_t>(rest[digits] - '0');
    if (value > (std::numeric_limits<size_t>::max() - digit) / 10) {
      return false;
    }
    value = value * 10 + digit;
  }
  if (digits == 0 || digits == rest.size() || rest[digits] != ']') {
    return false;
  }
  rest.remove_prefix(digits + 1);
  if (rest.starts_with('.')) {
    rest.remove_prefix(1);
  } else if (!rest.empty() && !rest.starts_with('[')) {
    return false;
  }
  *path = rest;
  *index = value;
  return true;
}

}  // namespace colcheck
