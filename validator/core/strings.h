// Small string helpers: the toolchain (GCC 12) has no <format>.

#ifndef COLCHECK_CORE_STRINGS_H_
#define COLCHECK_CORE_STRINGS_H_

#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

namespace colcheck {

namespace internal {
inline void Append(std::string* out, std::string_view s) { out->append(s); }
inline void Append(std::string* out, const char* s) { out->append(s); }
inline void Append(std::string* out, const std::string& s) { out->append(s); }
inline void Append(std::string* out, char c) { out->push_back(c); }
template <std::integral T>
void Append(std::string* out, T v) {
  out->append(std::to_string(v));
}
}  // namespace internal

// Concatenates strings and integers: StrCat("has ", 3, " children").
template <typename... Args>
std::string StrCat(const Args&... args) {
  std::string out;
  (internal::Append(&out, args), ...);
  return out;
}

namespace internal {
inline void AppendField(std::string* out, std::string_view name) {
  if (!out->empty()) out->push_back('.');
  out->append(name);
}
inline void AppendField(std::string* out, const char* name) {
  AppendField(out, std::string_view(name));
}
template <std::integral T>
void AppendField(std::string* out, T index) {
  out->push_back('[');
  out->append(std::to_string(index));
  out->push_back(']');
}
}  // namespace internal

// Builds a diagnostic field path: names are joined with '.', integers become
// indexes. FieldPath("row_groups", 0, "columns", 3, "meta_data.codec") is
// "row_groups[0].columns[3].meta_data.codec".
template <typename... Args>
std::string FieldPath(const Args&... args) {
  std::string out;
  (internal::AppendField(&out, args), ...);
  return out;
}

}  // namespace colcheck

#endif  // COLCHECK_CORE_STRINGS_H_
