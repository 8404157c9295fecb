#include "cli/args.h"

#include <charconv>
#include <optional>

namespace colcheck {
namespace {

constexpr std::string_view kUsage =
    R"(Usage: colcheck validate [--format text|json] [--level footer|pages|full]
                         [--max-diagnostics N] [--quiet] PATH...
       colcheck codes [--format text|json|markdown]
       colcheck --help | --version

A strict validator for Parquet files: every fault it finds is reported with
the exact byte span of the file that it concerns.

Commands:
  validate  Validate each PATH. A directory is searched recursively, in
            sorted order, for Parquet files (PAR1 or PARE magic at the start
            or end) and ORC files (ORC at the start); symbolic links to
            directories are not followed. A file named explicitly is always
            validated, whatever its content.
  codes     List every diagnostic code with its default severity. The
            markdown format is docs/diagnostics.md.

Options:
  --format FORMAT        text (default) or json; codes also takes markdown.
  --level LEVEL          How deep to check: footer (the metadata only), pages
                         (also every page header, without decompressing) or
                         full (default: also bodies, levels, values,
                         statistics, page index, bloom filters, checksums).
  --max-diagnostics N    Keep at most N diagnostics per file (default 10000);
                         a limits.too-many-diagnostics warning marks the cut.
  -q, --quiet            Print no report; only the exit status tells.
  -h, --help             Print this help and exit.
  --version              Print the version and exit.

Exit status:
  0  every file is valid, encrypted or unsupported (warnings allowed)
  1  at least one file is invalid
  2  usage error, or a path could not be read (message on stderr)
)";

// Splits "--name=value" so both spellings share one code path.
struct Option {
  std::string_view name;
  std::optional<std::string_view> inline_value;
};

Option SplitOption(std::string_view arg) {
  const size_t equals = arg.find('=');
  if (arg.starts_with("--") && equals != std::string_view::npos) {
    return {arg.substr(0, equals), arg.substr(equals + 1)};
  }
  return {arg, std::nullopt};
}

bool ParseFormat(std::string_view value, bool allow_markdown, CliFormat* out) {
  if (value == "text") {
    *out = CliFormat::kText;
  } else if (value == "json") {
    *out = CliFormat::kJson;
  } else if (value == "markdown" && allow_markdown) {
    *out = CliFormat::kMarkdown;
  } else {
    return false;
  }
  return true;
}

bool ParseLevel(std::string_view value, Level* out) {
  for (const Level level : {Level::kFooter, Level::kPages, Level::kFull}) {
    if (value == LevelName(level)) {
      *out = level;
      return true;
    }
  }
  return false;
}

bool ParseCount(std::string_view value, size_t* out) {
  if (value.empty()) return false;
  const char* end = value.data() + value.size();
  const auto [ptr, ec] = std::from_chars(value.data(), end, *out);
  return ec == std::errc() && ptr == end;
}

}  // namespace

std::string_view UsageText() { return kUsage; }

bool ParseCliArgs(std::span<const std::string_view> args, CliArgs* out,
                  std::string* error) {
  *out = CliArgs();
  if (args.empty()) {
    *error = "no command given";
    return false;
  }
  // Help and version take precedence over any other mistake on the line, as
  // users reach for them precisely when unsure of the rest.
  for (const std::string_view arg : args) {
    if (arg == "--") break;
    if (arg == "-h" || arg == "--help") {
      out->command = CliCommand::kHelp;
      return true;
    }
    if (arg == "--version") {
      out->command = CliCommand::kVersion;
      return true;
    }
  }

  const std::string_view command = args[0];
  if (command == "help") {
    out->command = CliCommand::kHelp;
    return true;
  }
  if (command == "validate") {
    out->command = CliCommand::kValidate;
  } else if (command == "codes") {
    out->command = CliCommand::kCodes;
  } else if (command.starts_with("-")) {
    *error = "unknown option '" + std::string(command) + "'";
    return false;
  } else {
    *error = "unknown command '" + std::string(command) + "'";
    return false;
  }
  const bool validate = out->command == CliCommand::kValidate;

  bool options_done = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string_view arg = args[i];
    if (options_done || !arg.starts_with("-") || arg == "-") {
      if (!validate) {
        *error = "codes takes no arguments, got '" + std::string(arg) + "'";
        return false;
      }
      out->paths.emplace_back(arg);
      continue;
    }
    if (arg == "--") {
      options_done = true;
      continue;
    }
    const Option option = SplitOption(arg);
    // Fetches the option's value from "=value" or from the next argument.
    const auto value = [&](std::string_view* result) {
      if (option.inline_value) {
        *result = *option.inline_value;
        return true;
      }
      if (i + 1 >= args.size()) {
        *error = "option '" + std::string(option.name) + "' needs a value";
        return false;
      }
      *result = args[++i];
      return true;
    };
    std::string_view text;
    if (option.name == "--format") {
      if (!value(&text)) return false;
      if (!ParseFormat(text, /*allow_markdown=*/!validate, &out->format)) {
        *error = "unknown format '" + std::string(text) + "' for " +
                 (validate ? "validate (text or json)"
                           : "codes (text, json or markdown)");
        return false;
      }
    } else if (validate && option.name == "--max-diagnostics") {
      if (!value(&text)) return false;
      if (!ParseCount(text, &out->max_diagnostics)) {
        *error = "--max-diagnostics needs a non-negative integer, got '" +
                 std::string(text) + "'";
        return false;
      }
    } else if (validate && option.name == "--level") {
      if (!value(&text)) return false;
      if (!ParseLevel(text, &out->level)) {
        *error = "unknown level '" + std::string(text) +
                 "' (footer, pages or full)";
        return false;
      }
    } else if (validate && (arg == "--quiet" || arg == "-q")) {
      out->quiet = true;
    } else {
      *error = "unknown option '" + std::string(arg) + "'";
      return false;
    }
  }
  if (validate && out->paths.empty()) {
    *error = "validate needs at least one PATH";
    return false;
  }
  return true;
}

}  // namespace colcheck
