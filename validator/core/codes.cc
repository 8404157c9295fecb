// The code registry, expanded from colcheck/codes.def.

#include <array>

#include "colcheck/colcheck.h"

namespace colcheck {
namespace {

constexpr CodeInfo kCodes[] = {
#define COLCHECK_CODE(id, name, severity, spec, summary) \
  {Code::id, name, Severity::severity, spec, summary},
#include "colcheck/codes.def"
#undef COLCHECK_CODE
};

}  // namespace

std::span<const CodeInfo> AllCodes() { return kCodes; }

const CodeInfo& Info(Code code) { return kCodes[static_cast<size_t>(code)]; }

std::string_view SeverityName(Severity severity) {
  switch (severity) {
    case Severity::kInfo:
      return "info";
    case Severity::kWarning:
      return "warning";
    case Severity::kError:
      return "error";
  }
  return "error";
}

std::string_view FormatName(Format format) {
  switch (format) {
    case Format::kParquet:
      return "parquet";
    case Format::kOrc:
      return "orc";
    case Format::kUnknown:
      return "unknown";
  }
  return "unknown";
}

std::string_view VerdictName(Verdict verdict) {
  switch (verdict) {
    case Verdict::kValid:
      return "valid";
    case Verdict::kInvalid:
      return "invalid";
    case Verdict::kEncrypted:
      return "encrypted";
    case Verdict::kUnsupported:
      return "unsupported";
  }
  return "invalid";
}

std::string_view LevelName(Level level) {
  switch (level) {
    case Level::kFooter:
      return "footer";
    case Level::kPages:
      return "pages";
    case Level::kFull:
      return "full";
  }
  return "full";
}

}  // namespace colcheck
