#include "cli/keys_file.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <sstream>
#include <utility>

namespace colcheck {
namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A scalar entry's key, or a message naming the entry.
bool EntryKey(const YAML::Node& node, const std::string& entry,
              std::string* key, std::string* error) {
  if (!node.IsScalar() || !DecodeHexKey(node.Scalar(), key)) {
    *error = entry + ": needs a key of 32, 48 or 64 hex digits";
    return false;
  }
  return true;
}

// A map of NAME: HEX entries into `out`.
bool KeyMap(const YAML::Node& node, const std::string& name,
            std::vector<std::pair<std::string, std::string>>* out,
            std::string* error) {
  if (!node) return true;
  if (!node.IsMap()) {
    *error = name + ": needs a map of NAME: HEX entries";
    return false;
  }
  for (const auto& entry : node) {
    if (!entry.first.IsScalar() || entry.first.Scalar().empty()) {
      *error = name + ": an entry needs a non-empty name";
      return false;
    }
    std::string key;
    const std::string label = name + "." + entry.first.Scalar();
    if (!EntryKey(entry.second, label, &key, error)) return false;
    out->emplace_back(entry.first.Scalar(), std::move(key));
  }
  return true;
}

bool ParseKeys(const YAML::Node& root, DecryptionKeys* keys,
               std::string* error) {
  if (!root.IsMap()) {
    *error = "needs a map with footer_key, column_keys, key_ids or "
             "aad_prefix";
    return false;
  }
  for (const auto& entry : root) {
    const std::string name =
        entry.first.IsScalar() ? entry.first.Scalar() : std::string();
    if (name != "footer_key" && name != "column_keys" && name != "key_ids" &&
        name != "aad_prefix") {
      *error = "unknown entry '" + name +
               "' (footer_key, column_keys, key_ids, aad_prefix)";
      return false;
    }
  }
  if (const YAML::Node footer = root["footer_key"]) {
    std::string key;
    if (!EntryKey(footer, "footer_key", &key, error)) return false;
    if (keys->footer_key.empty()) keys->footer_key = std::move(key);
  }
  if (const YAML::Node prefix = root["aad_prefix"]) {
    if (!prefix.IsScalar()) {
      *error = "aad_prefix: needs a string";
      return false;
    }
    if (!keys->aad_prefix) keys->aad_prefix = prefix.Scalar();
  }
  return KeyMap(root["column_keys"], "column_keys", &keys->column_keys,
                error) &&
         KeyMap(root["key_ids"], "key_ids", &keys->key_ids, error);
}

}  // namespace

bool DecodeHexKey(std::string_view hex, std::string* key) {
  if (hex.size() != 32 && hex.size() != 48 && hex.size() != 64) return false;
  std::string bytes;
  bytes.reserve(hex.size() / 2);
  for (size_t i = 0; i < hex.size(); i += 2) {
    const int high = HexDigit(hex[i]);
    const int low = HexDigit(hex[i + 1]);
    if (high < 0 || low < 0) return false;
    bytes.push_back(static_cast<char>(high * 16 + low));
  }
  *key = std::move(bytes);
  return true;
}

bool ReadKeysFile(const std::string& path, DecryptionKeys* keys,
                  std::string* error) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  if (!in || !(text << in.rdbuf())) {
    *error = path + ": cannot read the keys file";
    return false;
  }
  YAML::Node root;
  try {
    root = YAML::Load(text.str());
  } catch (const YAML::Exception& e) {
    // yaml-cpp's message quotes no input, only where it stopped.
    *error = path + ": not YAML: line " + std::to_string(e.mark.line + 1) +
             ", column " + std::to_string(e.mark.column + 1);
    return false;
  }
  DecryptionKeys read = *keys;
  std::string message;
  if (!ParseKeys(root, &read, &message)) {
    *error = path + ": " + message;
    return false;
  }
  *keys = std::move(read);
  return true;
}

}  // namespace colcheck
