#include "cli/args.h"

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "core/ordered_runner.h"
#include "gtest/gtest.h"

namespace colcheck {
namespace {

struct Parsed {
  bool ok;
  CliArgs args;
  std::string error;
};

Parsed Parse(std::initializer_list<std::string_view> list) {
  const std::vector<std::string_view> args(list);
  Parsed parsed;
  parsed.ok = ParseCliArgs(args, &parsed.args, &parsed.error);
  return parsed;
}

TEST(CliArgs, ValidateWithOptionsInAnyPosition) {
  const Parsed parsed = Parse({"validate", "a.parquet", "--format", "json",
                               "--max-diagnostics=5", "-q", "dir"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.command, CliCommand::kValidate);
  EXPECT_EQ(parsed.args.format, CliFormat::kJson);
  EXPECT_EQ(parsed.args.max_diagnostics, 5u);
  EXPECT_TRUE(parsed.args.quiet);
  EXPECT_EQ(parsed.args.paths, (std::vector<std::string>{"a.parquet", "dir"}));
}

TEST(CliArgs, LevelDefaultsToFullAndTakesEachName) {
  EXPECT_EQ(Parse({"validate", "x"}).args.level, Level::kFull);
  EXPECT_EQ(Parse({"validate", "--level", "footer", "x"}).args.level,
            Level::kFooter);
  EXPECT_EQ(Parse({"validate", "--level=pages", "x"}).args.level,
            Level::kPages);
  EXPECT_EQ(Parse({"validate", "x", "--level", "full"}).args.level,
            Level::kFull);
  EXPECT_FALSE(Parse({"validate", "--level", "deep", "x"}).ok);
  EXPECT_FALSE(Parse({"codes", "--level", "full"}).ok);
}

TEST(CliArgs, DoubleDashEndsOptions) {
  const Parsed parsed = Parse({"validate", "--", "--help", "-x"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.paths, (std::vector<std::string>{"--help", "-x"}));
}

TEST(CliArgs, HelpAndVersionWin) {
  EXPECT_EQ(Parse({"--help"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"-h"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"help"}).args.command, CliCommand::kHelp);
  EXPECT_EQ(Parse({"validate", "--bogus", "--help"}).args.command,
            CliCommand::kHelp);
  EXPECT_EQ(Parse({"--version"}).args.command, CliCommand::kVersion);
}

TEST(CliArgs, CodesFormats) {
  EXPECT_EQ(Parse({"codes"}).args.format, CliFormat::kText);
  EXPECT_EQ(Parse({"codes", "--format=markdown"}).args.format,
            CliFormat::kMarkdown);
  EXPECT_FALSE(Parse({"validate", "--format", "markdown", "x"}).ok);
  EXPECT_FALSE(Parse({"codes", "extra"}).ok);
  EXPECT_TRUE(Parse({"codes", "--quiet"}).args.quiet);
}

TEST(CliArgs, UsageErrors) {
  EXPECT_FALSE(Parse({}).ok);
  EXPECT_FALSE(Parse({"frobnicate"}).ok);
  EXPECT_FALSE(Parse({"--bogus"}).ok);
  EXPECT_FALSE(Parse({"validate"}).ok);
  EXPECT_FALSE(Parse({"validate", "--bogus", "x"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--format"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--max-diagnostics", "-1"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--max-diagnostics", "3k"}).ok);
  EXPECT_FALSE(Parse({"validate", "x", "--quiet=yes"}).ok);
  const Parsed parsed = Parse({"validate", "--frob", "x"});
  EXPECT_EQ(parsed.error, "unknown option '--frob'");
}

TEST(CliArgs, EachCommandTakesOnlyItsOwnOptions) {
  const Parsed explain = Parse({"explain", "--footer", "--format=json", "f"});
  ASSERT_TRUE(explain.ok) << explain.error;
  EXPECT_EQ(explain.args.command, CliCommand::kExplain);
  EXPECT_TRUE(explain.args.footer);
  EXPECT_EQ(explain.args.format, CliFormat::kJson);
  EXPECT_EQ(Parse({"explain", "--data", "f"}).error,
            "explain takes no option '--data'");
  EXPECT_FALSE(Parse({"schema", "--format", "sarif", "f"}).ok);
  EXPECT_FALSE(Parse({"plan", "--footer", "f"}).ok);
  EXPECT_TRUE(Parse({"plan", "--data", "f"}).args.data);
  EXPECT_FALSE(Parse({"report", "f", "--format", "json", "-o", "x"}).ok);
  EXPECT_FALSE(Parse({"triage", "--context", "d"}).ok);
}

TEST(CliArgs, SingleFileCommandsNeedExactlyOneFile) {
  EXPECT_EQ(Parse({"schema"}).error, "schema needs exactly one FILE");
  EXPECT_EQ(Parse({"plan", "a", "b"}).error,
            "plan needs exactly one FILE, got 2");
  EXPECT_EQ(Parse({"report", "a"}).error, "report needs -o OUT.html");
  const Parsed report = Parse({"report", "a", "-o", "r.html"});
  ASSERT_TRUE(report.ok) << report.error;
  EXPECT_EQ(report.args.output, "r.html");
  EXPECT_EQ(report.args.paths, (std::vector<std::string>{"a"}));
}

TEST(CliArgs, FailOnAndAllFiles) {
  EXPECT_EQ(Parse({"validate", "d"}).args.findings.fail_on, std::nullopt);
  EXPECT_EQ(
      Parse({"validate", "--fail-on", "warning", "d"}).args.findings.fail_on,
      FailOn::kWarning);
  EXPECT_EQ(Parse({"validate", "--fail-on=info", "d"}).args.findings.fail_on,
            FailOn::kInfo);
  EXPECT_EQ(Parse({"validate", "--fail-on=never", "d"}).args.findings.fail_on,
            FailOn::kNever);
  EXPECT_EQ(Parse({"validate", "--fail-on=warnings", "d"}).error,
            "unknown severity 'warnings' for --fail-on (error, warning, info "
            "or never)");
  EXPECT_EQ(Parse({"triage", "--fail-on=info", "d"}).error,
            "triage takes no option '--fail-on'");
  EXPECT_FALSE(Parse({"validate", "d"}).args.all_files);
  EXPECT_TRUE(Parse({"validate", "--all-files", "d"}).args.all_files);
  EXPECT_FALSE(Parse({"validate", "--all-files=1", "d"}).ok);
  EXPECT_EQ(Parse({"explain", "--all-files", "f"}).error,
            "explain takes no option '--all-files'");
}

TEST(CliArgs, ValidateBatchAndContextOptions) {
  const Parsed parsed = Parse({"validate", "-j", "4", "--format=sarif", "d"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  EXPECT_EQ(parsed.args.jobs, 4u);
  EXPECT_EQ(parsed.args.format, CliFormat::kSarif);
  EXPECT_EQ(Parse({"validate", "--jobs=0", "d"}).args.jobs, 0u);
  EXPECT_EQ(Parse({"validate", "--format", "jsonl", "d"}).args.format,
            CliFormat::kJsonl);
  EXPECT_TRUE(Parse({"validate", "--context", "d"}).args.context);
  EXPECT_EQ(Parse({"validate", "--context", "--format=json", "d"}).error,
            "--context applies to the text format only");
  EXPECT_FALSE(Parse({"validate", "-j", "x", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--context=3", "d"}).ok);
  const Parsed triage = Parse({"triage", "-oout", "-j2", "a", "b"});
  ASSERT_TRUE(triage.ok) << triage.error;
  EXPECT_EQ(triage.args.jobs, 2u);
  EXPECT_EQ(triage.args.output, "out");
  EXPECT_FALSE(Parse({"validate", "-qx", "d"}).ok);
  const Parsed triage2 = Parse({"triage", "--output=out", "a", "b"});
  ASSERT_TRUE(triage2.ok) << triage2.error;
  EXPECT_EQ(triage2.args.output, "out");
  EXPECT_EQ(triage2.args.paths.size(), 2u);
}

TEST(CliArgs, ThreadsPerFileSharesTheProcessorsAmongJobs) {
  const Parsed unset = Parse({"validate", "d"});
  ASSERT_TRUE(unset.ok) << unset.error;
  EXPECT_FALSE(unset.args.threads.has_value());
  // One file at a time: the library's own choice by file size.
  EXPECT_EQ(ThreadsPerFile(unset.args, 1), 0u);
  // As many files at a time as processors: one thread each.
  EXPECT_EQ(ThreadsPerFile(unset.args, Processors()), 1u);
  EXPECT_EQ(ThreadsPerFile(unset.args, Processors() * 4), 1u);

  const Parsed three = Parse({"validate", "--threads", "3", "-j", "8", "d"});
  ASSERT_TRUE(three.ok) << three.error;
  EXPECT_EQ(ThreadsPerFile(three.args, 8), 3u);
  const Parsed zero = Parse({"triage", "--threads=0", "a"});
  ASSERT_TRUE(zero.ok) << zero.error;
  EXPECT_EQ(ThreadsPerFile(zero.args, 1), Processors());

  EXPECT_EQ(Parse({"validate", "--threads", "-1", "d"}).error,
            "--threads needs a non-negative integer, got '-1'");
  EXPECT_EQ(Parse({"explain", "--threads", "2", "f"}).error,
            "explain takes no option '--threads'");
}

TEST(CliArgs, FindingsFlagsRepeatAndTakeLists) {
  const Parsed parsed =
      Parse({"validate", "--select", "thrift.truncated", "--select=stats",
             "--ignore", "stats.nan-bound,stats.undefined-order", "--severity",
             "thrift.truncated=warning", "--strict", "d"});
  ASSERT_TRUE(parsed.ok) << parsed.error;
  const FindingsLayer& f = parsed.args.findings;
  ASSERT_TRUE(f.select.has_value());
  EXPECT_EQ(f.select->front(), Code::kThriftTruncated);
  EXPECT_GT(f.select->size(), 2u);
  EXPECT_EQ(f.ignore, (std::vector<Code>{Code::kStatsNanBound,
                                         Code::kStatsUndefinedOrder}));
  ASSERT_EQ(f.severities.size(), 1u);
  EXPECT_EQ(f.severities[0].second, Severity::kWarning);
  EXPECT_EQ(f.strict, true);
  EXPECT_FALSE(Parse({"validate", "d"}).args.findings.select.has_value());
}

TEST(CliArgs, FindingsFlagErrors) {
  EXPECT_FALSE(Parse({"validate", "--ignore", "stats.nope", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--select", "nogroup.*", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--severity", "stats=fatal", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--strict=yes", "d"}).ok);
  EXPECT_FALSE(Parse({"validate", "--config", "a", "--no-config", "d"}).ok);
  EXPECT_FALSE(
      Parse({"validate", "--baseline", "a", "--write-baseline", "b", "d"}).ok);
  EXPECT_FALSE(Parse({"explain", "--strict", "f"}).ok);
  EXPECT_TRUE(Parse({"triage", "--strict", "--ignore", "stats", "d"}).ok);
  EXPECT_FALSE(Parse({"triage", "--baseline", "b", "d"}).ok);
}

TEST(CliArgs, FilesFromStandsInForPaths) {
  const Parsed listed = Parse({"validate", "--files-from", "list.txt"});
  ASSERT_TRUE(listed.ok) << listed.error;
  EXPECT_EQ(listed.args.files_from, "list.txt");
  EXPECT_TRUE(listed.args.paths.empty());
  const Parsed both = Parse({"validate", "-", "--files-from=list", "a"});
  ASSERT_TRUE(both.ok) << both.error;
  EXPECT_EQ(both.args.files_from, "list");
  EXPECT_EQ(both.args.paths, (std::vector<std::string>{"-", "a"}));
  EXPECT_FALSE(Parse({"validate"}).ok);
  EXPECT_FALSE(Parse({"validate", "--files-from="}).ok);
  EXPECT_FALSE(Parse({"triage", "--files-from", "list.txt", "d"}).ok);
}

TEST(CliArgs, CommandHelp) {
  const Parsed parsed = Parse({"validate", "x", "--help"});
  ASSERT_TRUE(parsed.ok);
  EXPECT_EQ(parsed.args.command, CliCommand::kHelp);
  EXPECT_EQ(parsed.args.help_command, "validate");
  EXPECT_EQ(Parse({"--help"}).args.help_command, "");
  const std::string validate = CommandHelpText("validate");
  EXPECT_TRUE(validate.starts_with("Usage: colcheck validate"));
  EXPECT_NE(validate.find("--strict"), std::string::npos);
  // explain's --footer, not --footer-key, which every reading command has.
  EXPECT_EQ(validate.find("--footer "), std::string::npos);
  EXPECT_NE(validate.find("--footer-key HEX"), std::string::npos);
  const std::string explain = CommandHelpText("explain");
  EXPECT_NE(explain.find("--footer "), std::string::npos);
  EXPECT_EQ(explain.find("--strict"), std::string::npos);
  EXPECT_EQ(CommandHelpText("nosuch"), "");
  // The whole usage lists every command with its synopsis.
  const std::string_view usage = UsageText();
  for (const std::string_view needle :
       {"--footer", "--strict", "--write-baseline", "  triage ",
        "Validate many files", "Exit status"}) {
    EXPECT_NE(usage.find(needle), std::string_view::npos) << needle;
  }
  EXPECT_EQ(Parse({"help", "explain"}).args.help_command, "explain");
  EXPECT_EQ(Parse({"help", "nosuch"}).error, "unknown command 'nosuch'");
}

// Every option the parser knows, as a user may type it. The short forms
// share their long form's bit.
constexpr std::string_view kAllOptions[] = {
    "--format",     "--level",    "--max-diagnostics",
    "-q",           "--quiet",    "--context",
    "-j",           "--jobs",     "--threads",
    "--footer",     "--data",     "--raw",
    "-o",           "--output",   "--all-files",
    "--fail-on",    "--select",   "--ignore",
    "--severity",   "--strict",   "--config",
    "--no-config",  "--baseline", "--write-baseline",
    "--files-from", "-H",         "--header",
    "--head",       "--columns",  "--row-group",
    "--stripe",     "--reader",   "--suite",
    "--case",       "--timeout",  "--memory",
};

// Whether `command` accepts `option`: the parser names a rejected option
// before it looks for a value or a path.
bool Accepts(std::string_view command, std::string_view option) {
  const Parsed parsed = Parse({command, option});
  return parsed.error.find("takes no option") == std::string::npos;
}

// The option names a help text lists: the words that start with '-' in its
// synopsis (the lines up to the first blank one) and the headings of its
// Options section (the text of each entry left out), without the -h,
// --help and --version that every command has.
std::set<std::string> ListedOptions(std::string_view help) {
  std::set<std::string> names;
  const auto add_words = [&](std::string_view line) {
    size_t at = 0;
    while (at < line.size()) {
      const size_t end = std::min(line.find_first_of(" [|]", at), line.size());
      const std::string_view word = line.substr(at, end - at);
      if (word.size() > 1 && word.front() == '-') {
        std::string name(word.substr(0, word.find_first_of(",=")));
        if (name != "-h" && name != "--help" && name != "--version") {
          names.insert(name);
        }
      }
      at = end + 1;
    }
  };
  bool in_synopsis = true;
  bool in_options = false;
  while (!help.empty()) {
    const size_t newline = help.find('\n');
    const std::string_view line = help.substr(0, newline);
    help.remove_prefix(newline == std::string_view::npos ? help.size()
                                                         : newline + 1);
    if (line.empty()) in_synopsis = false;
    if (line == "Options:") in_options = true;
    if (in_synopsis) add_words(line.substr(line.find(' ') + 1));
    // A heading starts at column 2 and ends two spaces before its text.
    if (in_options && line.starts_with("  -")) {
      add_words(line.substr(2, line.find("  ", 2) - 2));
    }
  }
  return names;
}

TEST(CliArgs, EachCommandHelpListsExactlyTheOptionsItAccepts) {
  ASSERT_GE(CommandNames().size(), 11u);
  for (const std::string_view command : CommandNames()) {
    const std::string help = CommandHelpText(command);
    ASSERT_FALSE(help.empty()) << command;
    const std::set<std::string> listed = ListedOptions(help);
    for (const std::string_view option : kAllOptions) {
      const bool accepted = Accepts(command, option);
      // The synopsis may spell an option short or long; the Options
      // section gives both, so the long form alone is checked there.
      const bool is_listed = listed.contains(std::string(option)) ||
                             (option == "--quiet" && listed.contains("-q")) ||
                             (option == "--jobs" && listed.contains("-j")) ||
                             (option == "--output" && listed.contains("-o")) ||
                             (option == "--header" && listed.contains("-H"));
      EXPECT_EQ(is_listed, accepted) << command << " " << option;
    }
    // Every command takes -q, and no option is explained for another
    // command.
    EXPECT_TRUE(Accepts(command, "-q")) << command;
    EXPECT_EQ(help.find("validate:"), std::string::npos) << command;
    EXPECT_EQ(help.find("explain:"), std::string::npos) << command;
    EXPECT_EQ(help.find("report:"), std::string::npos) << command;
  }
}

TEST(CliArgs, ConformanceSubcommandsAndTheirOptions) {
  const Parsed run =
      Parse({"conformance", "run", "--reader", "a=node a.mjs", "--reader",
             "duckdb", "--case", "n_*,y_list.*", "--timeout", "5", "--memory",
             "100", "-j", "2", "-o", "out"});
  ASSERT_EQ(run.error, "");
  EXPECT_EQ(run.args.command, CliCommand::kConformance);
  EXPECT_EQ(run.args.readers,
            (std::vector<std::string>{"a=node a.mjs", "duckdb"}));
  EXPECT_EQ(run.args.cases, (std::vector<std::string>{"n_*", "y_list.*"}));
  EXPECT_EQ(run.args.timeout_seconds, 5u);
  EXPECT_EQ(run.args.memory_mib, 100u);
  EXPECT_EQ(run.args.jobs, 2u);
  const Parsed report =
      Parse({"conformance", "report", "--format", "html", "a.json", "b.json"});
  ASSERT_EQ(report.error, "");
  EXPECT_EQ(report.args.format, CliFormat::kHtml);
  EXPECT_EQ(report.args.paths.size(), 3u);
  for (const std::vector<std::string_view>& bad :
       std::vector<std::vector<std::string_view>>{
           {"conformance"},
           {"conformance", "walk"},
           {"conformance", "run"},
           {"conformance", "run", "--reader", "a=b", "extra"},
           {"conformance", "run", "--reader", "a=b", "--format", "html"},
           {"conformance", "run", "--reader", "a=b", "--timeout", "0"},
           {"conformance", "run", "--reader", "a=b", "--case", "a,,b"},
           {"conformance", "report"},
           {"conformance", "report", "--suite", "s", "a.json"},
           {"conformance", "list", "-j", "2"},
           {"conformance", "list", "--reader", "a=b"},
           {"conformance", "export"},
           {"conformance", "export", "-o", "x", "dir"},
       }) {
    CliArgs args;
    std::string error;
    EXPECT_FALSE(ParseCliArgs(bad, &args, &error)) << bad.size();
    EXPECT_NE(error, "");
  }
}

TEST(CliArgs, FormatHelpListsTheCommandsOwnFormats) {
  const auto format_line = [](std::string_view command) {
    const std::string help = CommandHelpText(command);
    const size_t at = help.find("  --format FORMAT");
    if (at == std::string::npos) return std::string();
    // The entry runs to the next heading.
    return help.substr(at, help.find("\n  -", at + 1) - at);
  };
  EXPECT_NE(format_line("explain").find("text (default) or json."),
            std::string::npos);
  for (const std::string_view command :
       {"explain", "schema", "meta", "sizes", "pages", "dictionary", "plan"}) {
    const std::string line = format_line(command);
    EXPECT_NE(line.find("json"), std::string::npos) << command;
    for (const std::string_view other : {"jsonl", "sarif", "markdown"}) {
      EXPECT_EQ(line.find(other), std::string::npos) << command << other;
    }
  }
  const std::string validate = format_line("validate");
  for (const std::string_view format : {"jsonl", "sarif"}) {
    EXPECT_NE(validate.find(format), std::string::npos) << format;
  }
  EXPECT_EQ(validate.find("markdown"), std::string::npos);
  EXPECT_NE(format_line("codes").find("markdown"), std::string::npos);
  EXPECT_EQ(format_line("codes").find("sarif"), std::string::npos);
  EXPECT_EQ(format_line("triage"), "");
  EXPECT_EQ(format_line("report"), "");
}

TEST(CliArgs, QuietHelpIsWordedForEachCommand) {
  const auto quiet = [](std::string_view command) {
    const std::string help = CommandHelpText(command);
    const size_t at = help.find("  -q, --quiet");
    return help.substr(at, help.find("\n  -", at + 1) - at);
  };
  EXPECT_NE(quiet("validate").find("no report"), std::string::npos);
  EXPECT_NE(quiet("triage").find("no summary"), std::string::npos);
  EXPECT_NE(quiet("explain").find("diagnostics"), std::string::npos);
  EXPECT_EQ(quiet("explain").find("report"), std::string::npos);
  EXPECT_NE(quiet("report").find("page"), std::string::npos);
}

TEST(CliArgs, GlobalUsageListsOnlyTheOptionsOfEveryCommand) {
  const std::string_view usage = UsageText();
  // Each command's synopsis, as its own help starts with it.
  for (const std::string_view command : CommandNames()) {
    const std::string help = CommandHelpText(command);
    const std::string synopsis = help.substr(
        std::string_view("Usage: colcheck ").size(), help.find("\n\n") - 16);
    EXPECT_NE(usage.find(synopsis), std::string_view::npos) << command;
  }
  // The option section offers what every command takes and nothing more:
  // --level, say, belongs to validate and report only.
  const size_t options = usage.find("\nOptions of every command:\n");
  ASSERT_NE(options, std::string_view::npos);
  const std::string_view section =
      usage.substr(options, usage.find("\nExit status") - options);
  for (const std::string_view heading :
       {"  -q, --quiet", "  -h, --help", "  --version", "COMMAND --help"}) {
    EXPECT_NE(section.find(heading), std::string_view::npos) << heading;
  }
  for (const std::string_view option : kAllOptions) {
    if (option == "-q" || option == "--quiet") continue;
    EXPECT_EQ(section.find(std::string("  ") + std::string(option)),
              std::string_view::npos)
        << option;
  }
  EXPECT_EQ(usage.find("--level LEVEL"), std::string_view::npos);
}

TEST(CliArgs, QuietIsAcceptedByEveryCommand) {
  EXPECT_TRUE(Parse({"explain", "-q", "f"}).args.quiet);
  EXPECT_TRUE(Parse({"schema", "--quiet", "f"}).args.quiet);
  EXPECT_TRUE(Parse({"plan", "--data", "-q", "f"}).args.quiet);
  EXPECT_TRUE(Parse({"report", "-q", "-o", "x.html", "f"}).args.quiet);
  EXPECT_TRUE(Parse({"triage", "-q", "d"}).args.quiet);
  EXPECT_TRUE(Parse({"codes", "-q"}).args.quiet);
  EXPECT_FALSE(Parse({"explain", "f"}).args.quiet);
}

TEST(CliArgs, CountsAboveTheirMaximumAreTooLarge) {
  EXPECT_EQ(Parse({"validate", "-j", "256", "d"}).args.jobs, kMaxJobs);
  EXPECT_EQ(Parse({"validate", "-j", "257", "d"}).error,
            "-j: 257 is too large (at most 256)");
  // Beyond what any integer type holds: still too large, not "not a
  // number".
  EXPECT_EQ(Parse({"validate", "-j", "99999999999999999999999", "d"}).error,
            "-j: 99999999999999999999999 is too large (at most 256)");
  EXPECT_EQ(Parse({"triage", "--jobs=1000000000", "d"}).error,
            "--jobs: 1000000000 is too large (at most 256)");
  EXPECT_EQ(Parse({"validate", "-j1000", "d"}).error,
            "-j: 1000 is too large (at most 256)");
  EXPECT_EQ(Parse({"validate", "-j", "many", "d"}).error,
            "-j needs a non-negative integer, got 'many'");
  EXPECT_EQ(Parse({"validate", "-j", "-3", "d"}).error,
            "-j needs a non-negative integer, got '-3'");

  EXPECT_EQ(*Parse({"validate", "--threads", "256", "d"}).args.threads,
            kMaxThreadsPerFile);
  EXPECT_EQ(Parse({"validate", "--threads", "257", "d"}).error,
            "--threads: 257 is too large (at most 256)");

  EXPECT_EQ(Parse({"validate", "--max-diagnostics", "1000000", "d"})
                .args.max_diagnostics,
            kMaxMaxDiagnostics);
  EXPECT_EQ(Parse({"validate", "--max-diagnostics=1000001", "d"}).error,
            "--max-diagnostics: 1000001 is too large (at most 1000000)");
  EXPECT_EQ(
      Parse({"validate", "--max-diagnostics", "18446744073709551616", "d"})
          .error,
      "--max-diagnostics: 18446744073709551616 is too large (at most "
      "1000000)");
  EXPECT_EQ(Parse({"validate", "--max-diagnostics", "3k", "d"}).error,
            "--max-diagnostics needs a non-negative integer, got '3k'");
}

TEST(CliArgs, CatTakesRowsOptions) {
  const Parsed plain = Parse({"cat", "f.parquet"});
  ASSERT_TRUE(plain.ok) << plain.error;
  EXPECT_EQ(plain.args.command, CliCommand::kCat);
  // JSON Lines unless --format says otherwise: cat has no text format.
  EXPECT_EQ(plain.args.format, CliFormat::kJsonl);
  EXPECT_EQ(plain.args.head, std::numeric_limits<uint64_t>::max());
  EXPECT_TRUE(plain.args.columns.empty());
  EXPECT_EQ(plain.args.group, -1);

  const Parsed all =
      Parse({"cat", "--format=csv", "--head", "10", "--columns", "a,b.c",
             "--columns=d", "--row-group", "2", "-q", "f.orc"});
  ASSERT_TRUE(all.ok) << all.error;
  EXPECT_EQ(all.args.format, CliFormat::kCsv);
  EXPECT_EQ(all.args.head, 10u);
  EXPECT_EQ(all.args.columns, (std::vector<std::string>{"a", "b.c", "d"}));
  EXPECT_EQ(all.args.group, 2);
  EXPECT_TRUE(all.args.quiet);
  EXPECT_EQ(Parse({"cat", "--stripe=0", "f.orc"}).args.group, 0);
  EXPECT_EQ(Parse({"cat", "--head", "0", "f.orc"}).args.head, 0u);

  EXPECT_EQ(Parse({"cat", "--format", "text", "f"}).error,
            "unknown format 'text' for cat (jsonl, csv or json)");
  EXPECT_EQ(Parse({"cat", "--columns", "a,,b", "f"}).error,
            "--columns needs dotted paths separated by commas, got 'a,,b'");
  EXPECT_FALSE(Parse({"cat", "--columns", "", "f"}).ok);
  EXPECT_FALSE(Parse({"cat", "--columns", "a.", "f"}).ok);
  EXPECT_EQ(Parse({"cat", "--head", "-1", "f"}).error,
            "--head needs a non-negative integer, got '-1'");
  EXPECT_EQ(Parse({"cat", "--head", "99999999999999999999999", "f"}).error,
            "--head: 99999999999999999999999 is too large (at most "
            "18446744073709551615)");
  EXPECT_EQ(Parse({"cat", "--stripe", "9223372036854775808", "f"}).error,
            "--stripe: 9223372036854775808 is too large (at most "
            "9223372036854775807)");
  EXPECT_EQ(Parse({"cat"}).error, "cat needs exactly one FILE");
  EXPECT_EQ(Parse({"meta", "--head", "1", "f"}).error,
            "meta takes no option '--head'");
  // The other commands keep text as their default.
  EXPECT_EQ(Parse({"meta", "f"}).args.format, CliFormat::kText);
}

TEST(CliArgs, CodesTakesCodesAndGroups) {
  const Parsed all = Parse({"codes"});
  ASSERT_TRUE(all.ok) << all.error;
  EXPECT_TRUE(all.args.codes.empty());

  const Parsed one = Parse({"codes", "stats.nan-bound"});
  ASSERT_TRUE(one.ok) << one.error;
  EXPECT_EQ(one.args.codes, (std::vector<Code>{Code::kStatsNanBound}));

  // A group, and the same code twice: each code once, in registry order.
  const Parsed group =
      Parse({"codes", "--format=json", "stats.nan-bound", "thrift", "stats.*"});
  ASSERT_TRUE(group.ok) << group.error;
  EXPECT_GT(group.args.codes.size(), 2u);
  EXPECT_EQ(std::count(group.args.codes.begin(), group.args.codes.end(),
                       Code::kStatsNanBound),
            1);
  EXPECT_EQ(group.args.codes.front(), Code::kThriftTruncated);

  EXPECT_EQ(Parse({"codes", "stats.nan-bnd"}).error,
            "unknown code 'stats.nan-bnd' (did you mean 'stats.nan-bound'?)");
  EXPECT_EQ(Parse({"codes", "stat"}).error,
            "unknown code group 'stat' (did you mean 'stats'?)");
  EXPECT_EQ(Parse({"codes", "qwertyuiop"}).error,
            "unknown code group 'qwertyuiop' ('colcheck codes' lists them)");
  // The same suggestion where other options take codes.
  EXPECT_EQ(Parse({"validate", "--ignore", "stats.nan-bnd", "d"}).error,
            "--ignore: unknown code 'stats.nan-bnd' (did you mean "
            "'stats.nan-bound'?)");
}

TEST(CliArgs, SuggestCodeNameFindsCloseCodesAndGroups) {
  EXPECT_EQ(SuggestCodeName("stats.nan-bound"), "stats.nan-bound");
  EXPECT_EQ(SuggestCodeName("stats.nan-bond"), "stats.nan-bound");
  EXPECT_EQ(SuggestCodeName("stat"), "stats");
  EXPECT_EQ(SuggestCodeName("blom"), "bloom");
  // A code without its group.
  EXPECT_EQ(SuggestCodeName("nan-bound"), "stats.nan-bound");
  EXPECT_EQ(SuggestCodeName("zzzzzzzzzzzzzzzz"), "");
  EXPECT_EQ(SuggestCodeName(""), "");
}

}  // namespace
}  // namespace colcheck
