#include "reports/codes_markdown.h"

#include <algorithm>
#include <sstream>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"
#include "reports/text.h"

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

// The sections of `codes`, one per group in the order of each group's first
// code in codes.def, which is the order of the file's layout from the
// outside in. `groups_out` receives the number of sections.
std::string GroupSections(std::span<const Code> codes, size_t* groups_out) {
  std::vector<bool> selected(kCodeCount, false);
  for (const Code code : codes) selected[static_cast<size_t>(code)] = true;
  std::vector<std::string_view> groups;
  for (const CodeInfo& info : AllCodes()) {
    const std::string_view group = GroupOf(info.name);
    if (selected[static_cast<size_t>(info.code)] &&
        std::find(groups.begin(), groups.end(), group) == groups.end()) {
      groups.push_back(group);
    }
  }
  std::ostringstream out;
  for (const std::string_view group : groups) {
    out << "\n## " << group << "\n\n"
        << "| Code | Severity | Spec | Meaning |\n"
        << "|---|---|---|---|\n";
    for (const CodeInfo& info : AllCodes()) {
      if (GroupOf(info.name) != group ||
          !selected[static_cast<size_t>(info.code)]) {
        continue;
      }
      out << "| `" << info.name << "` | " << SeverityName(info.severity)
          << " | " << TableCell(info.spec) << " | " << TableCell(info.summary)
          << " |\n";
    }
  }
  *groups_out = groups.size();
  return out.str();
}

}  // namespace

std::string RenderCodesMarkdown() {
  std::vector<Code> all;
  for (const CodeInfo& info : AllCodes()) all.push_back(info.code);
  size_t groups = 0;
  const std::string sections = GroupSections(all, &groups);

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
      << Plural(all.size(), "code", "codes") << " in "
      << Plural(groups, "group", "groups") << ".\n"
      << sections;
  return out.str();
}

std::string RenderCodeSelectionMarkdown(std::span<const Code> codes) {
  size_t groups = 0;
  std::string sections = GroupSections(codes, &groups);
  // The sections start with the blank line that parts them from the
  // introduction of the whole document; alone, they start with their
  // heading.
  if (!sections.empty()) sections.erase(0, 1);
  return sections;
}

}  // namespace colcheck
