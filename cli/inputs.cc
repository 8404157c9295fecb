#include "cli/inputs.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <span>
#include <system_error>

#include "core/limits.h"

namespace colcheck {
namespace {

namespace fs = std::filesystem;

// Reads the first and last kSniffBytes of `path`. Returns false on an I/O
// error.
bool ReadEnds(const fs::path& path, std::string* head, std::string* tail) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  head->assign(kSniffBytes, '\0');
  in.read(head->data(), kSniffBytes);
  head->resize(static_cast<size_t>(in.gcount()));
  in.clear();
  in.seekg(0, std::ios::end);
  const std::streamoff size = in.tellg();
  if (size < 0) return false;
  const std::streamoff tail_size = std::min<std::streamoff>(size, kSniffBytes);
  in.seekg(size - tail_size);
  tail->assign(static_cast<size_t>(tail_size), '\0');
  in.read(tail->data(), tail_size);
  return static_cast<bool>(in);
}

std::string ErrorText(const fs::path& path, const std::error_code& error) {
  return path.string() + ": " + error.message();
}

struct WalkOutput {
  std::vector<std::string>* files;
  std::vector<std::string>* errors;
  size_t skipped = 0;
};

void Walk(const fs::path& directory, WalkFilter filter, WalkOutput* out) {
  std::vector<std::string>* const files = out->files;
  std::vector<std::string>* const errors = out->errors;
  std::error_code error;
  fs::directory_iterator it(directory, error);
  if (error) {
    errors->push_back(ErrorText(directory, error));
    return;
  }
  std::vector<fs::directory_entry> entries;
  for (const fs::directory_iterator end; it != end; it.increment(error)) {
    entries.push_back(*it);
  }
  if (error) {
    errors->push_back(ErrorText(directory, error));
    return;
  }
  // Filesystems list entries in no particular order; sorting makes reports
  // comparable between machines and runs.
  std::sort(entries.begin(), entries.end(),
            [](const fs::directory_entry& a, const fs::directory_entry& b) {
              return a.path().filename().native() <
                     b.path().filename().native();
            });
  for (const fs::directory_entry& entry : entries) {
    const fs::file_status link = entry.symlink_status(error);
    if (error) {
      errors->push_back(ErrorText(entry.path(), error));
      continue;
    }
    if (fs::is_directory(link)) {
      Walk(entry.path(), filter, out);
      continue;
    }
    // Follows a symbolic link to a file: it cannot create a cycle.
    if (!fs::is_regular_file(entry.status(error))) continue;
    if (filter == WalkFilter::kAllFiles ||
        FormatFromFileName(entry.path().native()) != Format::kUnknown) {
      files->push_back(entry.path().string());
      continue;
    }
    std::string head;
    std::string tail;
    if (!ReadEnds(entry.path(), &head, &tail)) {
      errors->push_back(entry.path().string() + ": cannot read");
      continue;
    }
    if (SniffFormat(std::as_bytes(std::span(head)),
                    std::as_bytes(std::span(tail))) != Format::kUnknown) {
      files->push_back(entry.path().string());
    } else {
      ++out->skipped;
    }
  }
}

}  // namespace

std::vector<std::string> CollectInputs(std::span<const std::string> paths,
                                       std::vector<std::string>* errors,
                                       WalkFilter filter, size_t* skipped) {
  std::vector<std::string> files;
  WalkOutput out{&files, errors};
  for (const std::string& path : paths) {
    if (path == kStandardInput || IsHttpUrl(path)) {
      files.push_back(path);
      continue;
    }
    std::error_code error;
    const fs::file_status status = fs::status(path, error);
    if (error || !fs::exists(status)) {
      errors->push_back(
          path + ": " +
          (error ? error.message() : std::string("No such file or directory")));
      continue;
    }
    if (fs::is_directory(status)) {
      Walk(path, filter, &out);
    } else {
      files.push_back(path);
    }
  }
  if (skipped != nullptr) *skipped = out.skipped;
  return files;
}

bool ReadPathList(const std::string& list_path,
                  std::vector<std::string>* paths, std::string* error) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (list_path != kStandardInput) {
    file.open(list_path);
    if (!file) {
      *error = list_path + ": " + std::strerror(errno);
      return false;
    }
    in = &file;
  }
  std::string line;
  while (std::getline(*in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (!line.empty()) paths->push_back(line);
  }
  if (in->bad()) {
    *error = (list_path == kStandardInput ? std::string("standard input")
                                          : list_path) +
             ": read error";
    return false;
  }
  return true;
}

SpooledInput::~SpooledInput() {
  if (fd_ >= 0) close(fd_);
}

namespace {

// Writes all of `bytes` to `fd`. False with errno set.
bool WriteAll(int fd, const char* bytes, size_t n) {
  while (n > 0) {
    const ssize_t written = write(fd, bytes, n);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    bytes += written;
    n -= static_cast<size_t>(written);
  }
  return true;
}

}  // namespace

bool SpooledInput::MakeTemporary(std::string* error) {
  const char* dir = std::getenv("TMPDIR");
  std::string name = std::string(dir != nullptr && *dir ? dir : "/tmp") +
                     "/colcheck-stdin-XXXXXX";
  fd_ = mkstemp(name.data());
  if (fd_ < 0) {
    *error = "cannot create a temporary file in " +
             name.substr(0, name.rfind('/')) + ": " + std::strerror(errno);
    return false;
  }
  unlink(name.c_str());
  return true;
}

bool SpooledInput::SpoolSource(ByteSource& source, uint64_t max_bytes,
                               std::string* error) {
  const uint64_t size = source.size();
  if (size > max_bytes) {
    *error = "the file holds " + std::to_string(size) +
             " bytes, more than the " + std::to_string(max_bytes) +
             " colcheck copies; validate reads it by range";
    return false;
  }
  if (!MakeTemporary(error)) return false;
  std::vector<std::byte> buffer(std::min<uint64_t>(size, uint64_t{8} << 20));
  for (uint64_t at = 0; at < size;) {
    const std::span<std::byte> piece =
        std::span(buffer).first(std::min<uint64_t>(buffer.size(), size - at));
    const Status status = source.Read(at, piece);
    if (!status.ok()) {
      *error = status.message();
      return false;
    }
    if (!WriteAll(fd_, reinterpret_cast<const char*>(piece.data()),
                  piece.size())) {
      *error =
          std::string("copying to a temporary file: ") + std::strerror(errno);
      return false;
    }
    at += piece.size();
  }
  path_ = "/dev/fd/" + std::to_string(fd_);
  return true;
}

bool SpooledInput::Spool(int fd, uint64_t max_bytes, std::string* error) {
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    path_ = "/dev/fd/" + std::to_string(fd);
    return true;
  }
  if (!MakeTemporary(error)) return false;
  std::vector<char> buffer(size_t{1} << 20);
  uint64_t total = 0;
  for (;;) {
    const ssize_t got = read(fd, buffer.data(), buffer.size());
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      *error = std::string("reading standard input: ") + std::strerror(errno);
      return false;
    }
    total += static_cast<uint64_t>(got);
    if (total > max_bytes) {
      *error = "standard input holds more than " + std::to_string(max_bytes) +
               " bytes, the most colcheck copies; save it to a file";
      return false;
    }
    if (!WriteAll(fd_, buffer.data(), static_cast<size_t>(got))) {
      *error = std::string("copying standard input to a temporary file: ") +
               std::strerror(errno);
      return false;
    }
  }
  path_ = "/dev/fd/" + std::to_string(fd_);
  return true;
}

bool OpenWholeInput(const std::string& path, const HttpOptions& http,
                    SpooledInput* copy, std::string* open_path,
                    std::string* error) {
  *open_path = path;
  if (path == kStandardInput) {
    if (!copy->Spool(STDIN_FILENO, limits::kMaxSpooledInputBytes, error)) {
      return false;
    }
  } else if (IsHttpUrl(path)) {
    std::unique_ptr<HttpSource> source;
    const Status status = HttpSource::Open(path, http, &source);
    if (!status.ok()) {
      *error = status.message();
      return false;
    }
    if (!copy->SpoolSource(*source, limits::kMaxSpooledInputBytes, error)) {
      return false;
    }
  } else {
    return true;
  }
  *open_path = copy->path();
  return true;
}

Status ValidateInput(const std::string& path, const std::string& open_path,
                     Options options, const HttpOptions& http, Report* report) {
  if (!IsHttpUrl(path)) {
    options.expected_format = FormatFromFileName(path);
    return ValidateFile(open_path, options, report);
  }
  options.expected_format = FormatFromFileName(UrlPath(path));
  std::unique_ptr<HttpSource> source;
  Status status = HttpSource::Open(path, http, &source);
  if (!status.ok()) return status;
  return ValidateSource(*source, options, report);
}

}  // namespace colcheck
