// The public entry points: format sniffing, reading files, verdicts.

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "colcheck/colcheck.h"
#include "core/byte_reader.h"
#include "core/diagnostics.h"
#include "core/strings.h"
#include "parquet/parquet_validator.h"

namespace colcheck {
namespace {

bool LooksLikeOrc(const ByteReader& file) {
  return AsChars(file.Bytes({0, 3})) == "ORC";
}

// A read-only mapping of a whole file, so multi-gigabyte files cost address
// space rather than memory.
class MappedFile {
 public:
  ~MappedFile() {
    if (data_ != nullptr) munmap(data_, size_);
  }
  Status Open(const std::string& path) {
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
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

 private:
  static Status Error(const std::string& path) {
    return Status::IoError(StrCat(path, ": ", std::strerror(errno)));
  }
  static Status Close(int fd, Status s) {
    close(fd);
    return s;
  }
  void* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace

Report ValidateBytes(std::span<const std::byte> data, const Options& options) {
  const ByteReader file(data);
  DiagnosticSink sink(options.max_diagnostics);
  Report report;
  report.size = data.size();
  if (LooksLikeOrc(file)) {
    report.format = Format::kOrc;
    sink.Report(Code::kFileOrcUnsupported, {0, 3}, "",
                "ORC files are not validated yet");
    report.verdict = Verdict::kUnsupported;
    report.diagnostics = sink.Take();
    return report;
  }
  const parquet::ParquetOutcome outcome = parquet::ValidateParquet(file, sink);
  report.format =
      sink.Has(Code::kFileUnrecognized) ? Format::kUnknown : Format::kParquet;
  if (sink.has_errors()) {
    report.verdict = Verdict::kInvalid;
  } else if (outcome.encrypted) {
    report.verdict = Verdict::kEncrypted;
  } else {
    report.verdict = Verdict::kValid;
  }
  report.diagnostics = sink.Take();
  return report;
}

Status ValidateFile(const std::string& path, const Options& options,
                    Report* report) {
  MappedFile file;
  Status status = file.Open(path);
  if (!status.ok()) return status;
  *report = ValidateBytes(file.bytes(), options);
  return Status::Ok();
}

}  // namespace colcheck
