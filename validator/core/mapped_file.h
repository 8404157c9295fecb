// MappedFile: a read-only mapping of a whole input file, shared by
// ValidateFile and InspectFile so that multi-gigabyte files cost address
// space rather than memory.

#ifndef COLCHECK_CORE_MAPPED_FILE_H_
#define COLCHECK_CORE_MAPPED_FILE_H_

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>

#include "colcheck/colcheck.h"
#include "core/pass_hooks.h"
#include "core/span.h"
#include "core/strings.h"

namespace colcheck {

// Opens, maps and unmaps; Release() lets a walk drop what it is done with.
class MappedFile {
 public:
  ~MappedFile() {
    // Unmapped first, so what released_ still holds is not madvised after.
    if (data_ != nullptr) munmap(data_, size_);
    data_ = nullptr;
  }
  Status Open(const std::string& path) {
    // O_NONBLOCK: opening a named pipe would otherwise wait for a writer
    // forever; it is then refused below as not a regular file. The flag
    // changes nothing for regular files.
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return Error(path);
    struct stat st;
    if (fstat(fd, &st) != 0) return Close(fd, Error(path));
    if (!S_ISREG(st.st_mode)) {
      close(fd);
      return Status::IoError(StrCat(path, ": not a regular file"));
    }
    size_ = static_cast<size_t>(st.st_size);
    if (size_ > 0) {
      void* p = mmap(nullptr, size_, PROT_READ, MAP_PRIVATE, fd, 0);
      if (p == MAP_FAILED) return Close(fd, Error(path));
      data_ = p;
    }
    return Close(fd, Status::Ok());
  }
  std::span<const std::byte> bytes() const {
    return {static_cast<const std::byte*>(data_), size_};
  }

  // Drops mapped pages the validation is done with. Pages read from a file
  // mapping stay resident until memory runs short, so without this a
  // full-file scan would grow to the size of the file. Contiguous ranges
  // are gathered and released a few MiB at a time, to keep syscalls rare;
  // reading a released page again just faults it back in.
  void Release(ByteSpan span) { released_.Add(span); }

 private:
  static Status Error(const std::string& path) {
    return Status::IoError(StrCat(path, ": ", std::strerror(errno)));
  }
  static Status Close(int fd, Status s) {
    close(fd);
    return s;
  }
  // madvise() on the whole pages inside `span`.
  void DropPages(ByteSpan span) {
    const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
    const uint64_t begin = (span.offset + page - 1) / page * page;
    const uint64_t end = span.end() / page * page;
    if (data_ != nullptr && end > begin && end <= size_) {
      madvise(static_cast<std::byte*>(data_) + begin, end - begin,
              MADV_DONTNEED);
    }
  }

  void* data_ = nullptr;
  size_t size_ = 0;
  ReleaseBatch released_{[this](ByteSpan span) { DropPages(span); },
                         kReleaseBatchBytes};
};

}  // namespace colcheck

#endif  // COLCHECK_CORE_MAPPED_FILE_H_
