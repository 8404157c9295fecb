#include "cli/baseline.h"

#include <yaml-cpp/yaml.h>

#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <system_error>

#include "cli/file_mapping.h"
#include "reports/json.h"

namespace colcheck {
namespace {

constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;
constexpr uint64_t kFnvPrime = 0x100000001b3ull;

std::filesystem::path DirectoryOf(const std::string& file) {
  std::error_code ec;
  return std::filesystem::absolute(file, ec).lexically_normal().parent_path();
}

bool CodeByName(std::string_view name, Code* out) {
  for (const CodeInfo& info : AllCodes()) {
    if (info.name == name) {
      *out = info.code;
      return true;
    }
  }
  return false;
}

}  // namespace

std::string RelativeTo(const std::filesystem::path& directory,
                       const std::string& path) {
  std::error_code ec;
  const std::filesystem::path absolute =
      std::filesystem::absolute(path, ec).lexically_normal();
  return absolute.lexically_relative(directory).generic_string();
}

std::optional<std::string> HashFileContent(const std::string& path) {
  FileMapping file;
  std::string error;
  if (!file.Open(path, &error)) return std::nullopt;
  uint64_t hash = kFnvOffset;
  for (const std::byte b : file.bytes()) {
    hash = (hash ^ static_cast<uint8_t>(b)) * kFnvPrime;
  }
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx",
                static_cast<unsigned long long>(hash));
  return std::string(hex);
}

BaselineWriter::BaselineWriter(const std::string& file)
    : file_(file), directory_(DirectoryOf(file)) {}

void BaselineWriter::Add(const std::string& path, const Report& report,
                         const std::string& hash) {
  if (report.diagnostics.empty()) return;
  FileEntry entry{RelativeTo(directory_, path), report.size, hash, {}};
  for (const Diagnostic& d : report.diagnostics) {
    ++entry.counts[{std::string(Info(d.code).name), d.field}];
  }
  findings_ += report.diagnostics.size();
  files_.push_back(std::move(entry));
}

bool BaselineWriter::Write(std::string* error) const {
  std::string document;
  JsonWriter json(&document);
  BeginJsonDocument(&json);
  json.Key("baseline").Uint(1);
  // One file a line, the layout docs/config.md shows.
  json.Key("files").BeginArray();
  for (const FileEntry& file : files_) {
    json.LineBreak().BeginObject();
    json.Key("path").String(file.path);
    json.Key("size").Uint(file.size);
    json.Key("hash").String(file.hash);
    json.Key("findings").BeginArray();
    for (const auto& [key, count] : file.counts) {
      json.BeginObject();
      json.Key("code").String(key.first);
      json.Key("field").String(key.second);
      json.Key("count").Uint(count);
      json.EndObject();
    }
    json.EndArray().EndObject();
  }
  json.LineBreak().EndArray().EndObject();
  document.push_back('\n');
  // Written next to the target and renamed over it, so a failed run never
  // leaves half a baseline for the next one to trust.
  const std::string temporary = file_ + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    out << document;
    out.flush();
    if (!out) {
      *error = file_ + ": cannot write the baseline";
      std::remove(temporary.c_str());
      return false;
    }
  }
  if (std::rename(temporary.c_str(), file_.c_str()) != 0) {
    *error = file_ + ": cannot write the baseline";
    std::remove(temporary.c_str());
    return false;
  }
  return true;
}

bool Baseline::Load(const std::string& file, Baseline* out,
                    std::string* error) {
  *out = Baseline();
  out->directory_ = DirectoryOf(file);
  std::ifstream in(file, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  if (!in || in.bad()) {
    *error = file + ": cannot read the baseline";
    return false;
  }
  const auto fail = [&](const YAML::Mark& mark, std::string_view message) {
    *error = file + ":" + std::to_string(mark.line + 1) + ": " +
             std::string(message);
    return false;
  };
  // JSON is YAML, and the CLI already reads YAML for its config. yaml-cpp
  // throws on malformed input and on a scalar that does not convert; both
  // become an error line here.
  try {
    const YAML::Node root = YAML::Load(text.str());
    const YAML::Node files = root.IsMap() ? root["files"] : YAML::Node();
    if (!root.IsMap() || !root["baseline"] || !files.IsSequence()) {
      return fail(root.Mark(), "not a colcheck baseline");
    }
    for (const YAML::Node& node : files) {
      Entry entry;
      if (!node.IsMap() || !node["path"] || !node["findings"].IsSequence()) {
        return fail(node.Mark(), "a file needs a path and findings");
      }
      entry.size = node["size"] ? node["size"].as<uint64_t>() : 0;
      if (node["hash"]) entry.hash = node["hash"].as<std::string>();
      for (const YAML::Node& finding : node["findings"]) {
        Code code;
        if (!finding.IsMap() || !finding["code"] ||
            !CodeByName(finding["code"].as<std::string>(), &code)) {
          return fail(finding.Mark(), "a finding needs a known code");
        }
        const std::string field =
            finding["field"] ? finding["field"].as<std::string>() : "";
        const size_t count =
            finding["count"] ? finding["count"].as<size_t>() : 1;
        entry.counts[{code, field}] += count;
      }
      const size_t index = out->entries_.size();
      out->by_path_.emplace(node["path"].as<std::string>(), index);
      if (!entry.hash.empty()) out->by_size_.emplace(entry.size, index);
      out->entries_.push_back(std::move(entry));
    }
  } catch (const YAML::Exception& e) {
    return fail(e.mark, e.msg);
  }
  return true;
}

Baseline::Suppressor Baseline::SuppressorFor(const std::string& path) const {
  const Entry* entry = nullptr;
  if (const auto it = by_path_.find(RelativeTo(directory_, path));
      it != by_path_.end()) {
    entry = &entries_[it->second];
  } else if (!by_size_.empty()) {
    std::error_code ec;
    const uint64_t size = std::filesystem::file_size(path, ec);
    const auto [begin, end] = by_size_.equal_range(size);
    if (!ec && begin != end) {
      const std::optional<std::string> hash = HashFileContent(path);
      for (auto it = begin; hash && it != end; ++it) {
        if (entries_[it->second].hash == *hash) {
          entry = &entries_[it->second];
          break;
        }
      }
    }
  }
  if (entry == nullptr) return nullptr;
  auto remaining = std::make_shared<Counts>(entry->counts);
  return [remaining](Code code, std::string_view field) {
    const auto it = remaining->find({code, std::string(field)});
    if (it == remaining->end() || it->second == 0) return false;
    --it->second;
    return true;
  };
}

}  // namespace colcheck
