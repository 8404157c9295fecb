#include "reports/codes_markdown.h"

#include <algorithm>
#include <sstream>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {
namespace {

std::string_view GroupOf(std::string_view name) {
  return name.substr(0, name.find('.'));
}

// A summary is free text; a '|' in it would split the table cell, and a
// newline would end the row.
std::string TableCell(std::string_view text) {
  std::string out;
  for (const char c : text) {
    if (c == '|') {
      out.append("\\|");
    } else if (c == '<') {
      // Quoted spec text such as '<Application> version' would otherwise
      // parse as an HTML tag and vanish.
      out.append("&lt;");
    } else if (c == '\n' || c == '\r') {
      out.push_back(' ');
    } else {
      out.push_back(c);
    }
  }
  return out;
}

}  // namespace

std::string RenderCodesMarkdown() {
  // Groups keep the order of their first code in codes.def, which is the
  // order of the file's layout from the outside in.
  std::vector<std::string_view> groups;
  for (const CodeInfo& info : AllCodes()) {
    const std::string_view group = GroupOf(info.name);
    if (std::find(groups.begin(), groups.end(), group) == groups.end()) {
      groups.push_back(group);
    }
  }

  std::ostringstream out;
  out << "# colcheck diagnostics\n"
         "\n"
         "<!-- Generated from validator/include/colcheck/codes.def by\n"
         "     `colcheck codes --format markdown`. Do not edit by hand. -->\n"
         "\n"
         "Every diagnostic that colcheck reports carries one of the codes "
         "below. Codes are\n"
         "stable: once released they are never renamed or reused, so scripts "
         "may match on\n"
         "them. Message texts may change. The severity is the default; a "
         "diagnostic may\n"
         "carry another when its context calls for it. A file with at least "
         "one error is\n"
         "invalid. What each severity means, and why codes have the severity "
         "they have:\n"
         "[severity.md](severity.md).\n"
         "\n"
         "Spec keys: R = parquet-format README.md, T = parquet.thrift, "
         "LT = LogicalTypes.md,\n"
         "EN = Encodings.md, CO = Compression.md, PI = PageIndex.md, "
         "BF = BloomFilter.md,\n"
         "EC = Encryption.md, TC = Thrift compact protocol specification;\n"
         "ORCv1 = ORC specification v1, OP = orc_proto.proto, "
         "PB = protobuf encoding guide.\n"
         "Quoted text in single quotes is the spec's own sentence.\n"
         "\n"
      << AllCodes().size() << " codes in " << groups.size() << " groups.\n";

  for (const std::string_view group : groups) {
    out << "\n## " << group << "\n\n"
        << "| Code | Severity | Spec | Meaning |\n"
        << "|---|---|---|---|\n";
    for (const CodeInfo& info : AllCodes()) {
      if (GroupOf(info.name) != group) continue;
      out << "| `" << info.name << "` | " << SeverityName(info.severity)
          << " | " << TableCell(info.spec) << " | " << TableCell(info.summary)
          << " |\n";
    }
  }
  return out.str();
}

}  // namespace colcheck
