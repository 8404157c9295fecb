#include "cli/findings_config.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <system_error>

namespace colcheck {
namespace {

// Splits "a,b , c" into trimmed non-empty items.
std::vector<std::string_view> SplitList(std::string_view text) {
  std::vector<std::string_view> items;
  while (!text.empty()) {
    const size_t comma = text.find(',');
    std::string_view item = text.substr(0, comma);
    while (!item.empty() && item.front() == ' ') item.remove_prefix(1);
    while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
    if (!item.empty()) items.push_back(item);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return items;
}

bool ResolveInto(std::string_view pattern, std::vector<Code>* codes,
                 std::string* error) {
  std::vector<Code> resolved;
  if (!ResolveCodePattern(pattern, &resolved, error)) return false;
  codes->insert(codes->end(), resolved.begin(), resolved.end());
  return true;
}

bool GlobMatchWhole(std::string_view p, std::string_view s) {
  while (!p.empty()) {
    if (p.starts_with("**")) {
      p.remove_prefix(2);
      if (p.starts_with('/') && GlobMatchWhole(p.substr(1), s)) return true;
      for (size_t i = 0; i <= s.size(); ++i) {
        if (GlobMatchWhole(p, s.substr(i))) return true;
      }
      return false;
    }
    if (p.front() == '*') {
      p.remove_prefix(1);
      for (size_t i = 0;; ++i) {
        if (GlobMatchWhole(p, s.substr(i))) return true;
        if (i == s.size() || s[i] == '/') return false;
      }
    }
    if (s.empty()) return false;
    if (p.front() == '?' ? s.front() == '/' : p.front() != s.front()) {
      return false;
    }
    p.remove_prefix(1);
    s.remove_prefix(1);
  }
  return s.empty();
}

// Reads one config file into FindingsConfig, one error at a time.
class ConfigParser {
 public:
  ConfigParser(const std::string& file, std::string* error)
      : file_(file), error_(error) {}

  bool Parse(const YAML::Node& root, FindingsConfig* out) {
    if (root.IsNull()) return true;  // An empty file sets nothing.
    if (!root.IsMap()) return Fail(root, "the config must be a mapping");
    for (const auto& entry : root) {
      const std::string key = entry.first.Scalar();
      if (key == "rules") {
        if (!ParseRules(entry.second, &out->rules)) return false;
      } else if (!ParseLayerKey(entry.first, entry.second, &out->top)) {
        return false;
      }
    }
    return true;
  }

 private:
  bool Fail(const YAML::Node& node, std::string_view message) {
    *error_ = file_ + ":" + std::to_string(node.Mark().line + 1) + ": " +
              std::string(message);
    return false;
  }

  // A list of strings, or one string, which may itself be comma-separated.
  bool Strings(const YAML::Node& node, std::string_view key,
               std::vector<std::pair<std::string, YAML::Node>>* out) {
    if (node.IsScalar()) {
      for (const std::string_view item : SplitList(node.Scalar())) {
        out->emplace_back(std::string(item), node);
      }
      return true;
    }
    if (!node.IsSequence()) {
      return Fail(node, "'" + std::string(key) +
                            "' needs a string or a list of strings");
    }
    for (const YAML::Node& item : node) {
      if (!item.IsScalar()) {
        return Fail(item, "'" + std::string(key) + "' needs strings");
      }
      for (const std::string_view part : SplitList(item.Scalar())) {
        out->emplace_back(std::string(part), item);
      }
    }
    return true;
  }

  bool Codes(const YAML::Node& node, std::string_view key,
             std::vector<Code>* codes) {
    std::vector<std::pair<std::string, YAML::Node>> patterns;
    if (!Strings(node, key, &patterns)) return false;
    for (const auto& [pattern, where] : patterns) {
      std::string message;
      if (!ResolveInto(pattern, codes, &message)) return Fail(where, message);
    }
    return true;
  }

  bool Bool(const YAML::Node& node, std::string_view key, bool* out) {
    const std::string value = node.IsScalar() ? node.Scalar() : "";
    if (value == "true") {
      *out = true;
    } else if (value == "false") {
      *out = false;
    } else {
      return Fail(node, "'" + std::string(key) + "' needs true or false");
    }
    return true;
  }

  bool ParseLayerKey(const YAML::Node& key_node, const YAML::Node& value,
                     FindingsLayer* layer) {
    const std::string key = key_node.Scalar();
    if (key == "select") {
      layer->select.emplace();
      return Codes(value, key, &*layer->select);
    }
    if (key == "ignore") return Codes(value, key, &layer->ignore);
    if (key == "strict") {
      bool strict = false;
      if (!Bool(value, key, &strict)) return false;
      layer->strict = strict;
      return true;
    }
    if (key == "fail-on") {
      FailOn fail_on;
      if (!value.IsScalar() || !ParseFailOn(value.Scalar(), &fail_on)) {
        return Fail(value, "'fail-on' needs error, warning, info or never");
      }
      layer->fail_on = fail_on;
      return true;
    }
    if (key == "severity") return Severities(value, layer);
    return Fail(key_node, "unknown key '" + key + "'");
  }

  // severity: {PATTERN: error|warning|info, ...}
  bool Severities(const YAML::Node& node, FindingsLayer* layer) {
    if (!node.IsMap()) {
      return Fail(node, "'severity' needs a mapping of code patterns to "
                        "error, warning or info");
    }
    for (const auto& entry : node) {
      Severity severity;
      if (!entry.second.IsScalar() ||
          !ParseSeverityName(entry.second.Scalar(), &severity)) {
        return Fail(entry.second, "a severity is error, warning or info");
      }
      std::vector<Code> codes;
      std::string message;
      if (!ResolveInto(entry.first.Scalar(), &codes, &message)) {
        return Fail(entry.first, message);
      }
      for (const Code code : codes) {
        layer->severities.emplace_back(code, severity);
      }
    }
    return true;
  }

  bool ParseRules(const YAML::Node& node, std::vector<PathRule>* rules) {
    if (!node.IsSequence()) {
      return Fail(node, "'rules' needs a list of mappings");
    }
    for (const YAML::Node& item : node) {
      if (!item.IsMap()) return Fail(item, "a rule needs to be a mapping");
      PathRule rule;
      bool has_paths = false;
      for (const auto& entry : item) {
        if (entry.first.Scalar() == "paths") {
          std::vector<std::pair<std::string, YAML::Node>> globs;
          if (!Strings(entry.second, "paths", &globs)) return false;
          for (auto& glob : globs) rule.globs.push_back(std::move(glob.first));
          has_paths = true;
        } else if (entry.first.Scalar() == "rules") {
          return Fail(entry.first, "rules do not nest");
        } else if (!ParseLayerKey(entry.first, entry.second, &rule.layer)) {
          return false;
        }
      }
      if (!has_paths || rule.globs.empty()) {
        return Fail(item, "a rule needs 'paths'");
      }
      rules->push_back(std::move(rule));
    }
    return true;
  }

  const std::string& file_;
  std::string* error_;
};

}  // namespace

bool ParseFailOn(std::string_view value, FailOn* out) {
  static constexpr std::pair<std::string_view, FailOn> kValues[] = {
      {"error", FailOn::kError},
      {"warning", FailOn::kWarning},
      {"info", FailOn::kInfo},
      {"never", FailOn::kNever},
  };
  for (const auto& [name, fail_on] : kValues) {
    if (value == name) {
      *out = fail_on;
      return true;
    }
  }
  return false;
}

bool ParseSeverityName(std::string_view value, Severity* out) {
  for (const Severity severity :
       {Severity::kError, Severity::kWarning, Severity::kInfo}) {
    if (value == SeverityName(severity)) {
      *out = severity;
      return true;
    }
  }
  return false;
}

void ApplyLayer(const FindingsLayer& layer, FindingsPolicy* policy,
                FailOn* fail_on) {
  if (layer.select) {
    for (const CodeInfo& info : AllCodes()) {
      policy->SetEnabled(info.code, false);
    }
    for (const Code code : *layer.select) policy->SetEnabled(code, true);
  }
  for (const Code code : layer.ignore) policy->SetEnabled(code, false);
  for (const auto& [code, severity] : layer.severities) {
    policy->SetSeverity(code, severity);
  }
  if (layer.strict) policy->set_strict(*layer.strict);
  if (layer.fail_on) *fail_on = *layer.fail_on;
}

bool ParseCodeList(std::string_view text, std::vector<Code>* codes,
                   std::string* error) {
  const std::vector<std::string_view> items = SplitList(text);
  if (items.empty()) {
    *error = "an empty list of codes";
    return false;
  }
  for (const std::string_view pattern : items) {
    if (!ResolveInto(pattern, codes, error)) return false;
  }
  return true;
}

bool ParseSeverityList(std::string_view text,
                       std::vector<std::pair<Code, Severity>>* out,
                       std::string* error) {
  const std::vector<std::string_view> items = SplitList(text);
  if (items.empty()) {
    *error = "an empty list of severities";
    return false;
  }
  for (const std::string_view item : items) {
    const size_t equals = item.rfind('=');
    Severity severity;
    if (equals == std::string_view::npos ||
        !ParseSeverityName(item.substr(equals + 1), &severity)) {
      *error = "'" + std::string(item) +
               "' is not PATTERN=SEVERITY (error, warning or info)";
      return false;
    }
    std::vector<Code> codes;
    if (!ResolveInto(item.substr(0, equals), &codes, error)) return false;
    for (const Code code : codes) out->emplace_back(code, severity);
  }
  return true;
}

bool GlobMatch(std::string_view pattern, std::string_view path) {
  if (pattern.find('/') == std::string_view::npos) {
    const size_t slash = path.rfind('/');
    return GlobMatchWhole(
        pattern, slash == std::string_view::npos ? path : path.substr(slash + 1));
  }
  if (pattern.starts_with("./")) pattern.remove_prefix(2);
  return GlobMatchWhole(pattern, path);
}

std::filesystem::path FindConfigUpward(const std::filesystem::path& start) {
  std::error_code ec;
  std::filesystem::path dir = std::filesystem::absolute(start, ec);
  if (ec) return {};
  dir = dir.lexically_normal();
  while (true) {
    const std::filesystem::path candidate = dir / kConfigFileName;
    if (std::filesystem::is_regular_file(candidate, ec)) return candidate;
    if (!dir.has_relative_path()) return {};
    dir = dir.parent_path();
  }
}

bool LoadFindingsConfig(const std::string& file, FindingsConfig* out,
                        std::string* error) {
  *out = FindingsConfig();
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || in.bad()) {
    *error = file + ": cannot read the config file";
    return false;
  }
  out->file = file;
  std::error_code ec;
  out->directory =
      std::filesystem::absolute(file, ec).lexically_normal().parent_path();
  // yaml-cpp reports malformed YAML by throwing; the CLI turns that into an
  // error line like any other, and nothing else here throws.
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::Exception& e) {
    *error = file + ":" + std::to_string(e.mark.line + 1) + ": " + e.msg;
    return false;
  }
  return ConfigParser(file, error).Parse(root, out);
}

FindingsResolver::FindingsResolver(std::optional<FindingsConfig> config,
                                   FindingsLayer command_line)
    : config_(std::move(config)), command_line_(std::move(command_line)) {}

FilePolicy FindingsResolver::For(const std::string& path) const {
  FilePolicy policy;
  if (config_) {
    ApplyLayer(config_->top, &policy.findings, &policy.fail_on);
    if (!config_->rules.empty()) {
      std::error_code ec;
      const std::filesystem::path absolute =
          std::filesystem::absolute(path, ec).lexically_normal();
      const std::string relative =
          absolute.lexically_relative(config_->directory).generic_string();
      // A file outside the config's directory matches no rule.
      const bool inside = !relative.empty() && relative != ".." &&
                          !relative.starts_with("../");
      for (const PathRule& rule : config_->rules) {
        if (!inside) break;
        for (const std::string& glob : rule.globs) {
          if (GlobMatch(glob, relative)) {
            ApplyLayer(rule.layer, &policy.findings, &policy.fail_on);
            break;
          }
        }
      }
    }
  }
  ApplyLayer(command_line_, &policy.findings, &policy.fail_on);
  return policy;
}

bool MakeFindingsResolver(const std::string& config, bool no_config,
                          const FindingsLayer& layer,
                          std::optional<FindingsResolver>* out,
                          std::string* error) {
  std::string file = config;
  if (file.empty() && !no_config) {
    std::error_code ec;
    file = FindConfigUpward(std::filesystem::current_path(ec)).string();
  }
  std::optional<FindingsConfig> loaded;
  if (!file.empty()) {
    loaded.emplace();
    if (!LoadFindingsConfig(file, &*loaded, error)) return false;
  }
  out->emplace(std::move(loaded), layer);
  return true;
}

}  // namespace colcheck
