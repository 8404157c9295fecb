#include "cli/file_mapping.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace colcheck {

FileMapping::~FileMapping() {
  if (data_ != nullptr) munmap(data_, size_);
}

bool FileMapping::Open(const std::string& path, std::string* error) {
  if (data_ != nullptr) munmap(data_, size_);
  data_ = nullptr;
  size_ = 0;
  // O_NONBLOCK: opening a named pipe must not wait for a writer.
  const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    *error = std::strerror(errno);
    return false;
  }
  struct stat st;
  bool ok = fstat(fd, &st) == 0;
  if (!ok) {
    *error = std::strerror(errno);
  } else if (!S_ISREG(st.st_mode)) {
    // mmap of a device or a pipe fails or blocks; such paths never reach
    // a report anyway, since the validator refuses them too.
    *error = "not a regular file";
    ok = false;
  } else if (st.st_size > 0) {
    void* p = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ,
                   MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      *error = std::strerror(errno);
      ok = false;
    } else {
      data_ = p;
      size_ = static_cast<size_t>(st.st_size);
    }
  }
  close(fd);
  return ok;
}

}  // namespace colcheck
