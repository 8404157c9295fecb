// A read-only memory mapping of a whole file, for renderers that show the
// bytes around a diagnostic (validate --context). The validator maps files
// on its own; this one lives only while a report is rendered.

#ifndef COLCHECK_CLI_FILE_MAPPING_H_
#define COLCHECK_CLI_FILE_MAPPING_H_

#include <cstddef>
#include <span>
#include <string>

namespace colcheck {

class FileMapping {
 public:
  FileMapping() = default;
  ~FileMapping();
  FileMapping(const FileMapping&) = delete;
  FileMapping& operator=(const FileMapping&) = delete;

  // Maps the regular file at `path`. Returns false with the reason in
  // `error` (such as "No such file or directory"); bytes() is then empty.
  bool Open(const std::string& path, std::string* error);

  // The whole file; empty for an empty file or before a successful Open.
  std::span<const std::byte> bytes() const {
    return {static_cast<const std::byte*>(data_), size_};
  }

 private:
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace colcheck

#endif  // COLCHECK_CLI_FILE_MAPPING_H_
