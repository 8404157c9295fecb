#include "core/source_image.h"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "core/limits.h"
#include "core/strings.h"

namespace colcheck {

namespace {

uint64_t RoundDown(uint64_t n, uint64_t page) { return n / page * page; }
uint64_t RoundUp(uint64_t n, uint64_t page) {
  return (n + page - 1) / page * page;
}

}  // namespace

SourceImage::~SourceImage() {
  if (data_ != nullptr) munmap(data_, mapped_);
}

Status SourceImage::Open(bool strict) {
  page_ = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  size_ = source_.size();
  if (size_ > limits::kMaxSourceBytes) {
    return Status::IoError(StrCat("the source declares ", size_,
                                  " bytes; colcheck reads files of at most ",
                                  limits::kMaxSourceBytes, " bytes"));
  }
  mapped_ = RoundUp(size_, page_);
  strict_ = strict;
  if (mapped_ == 0) return Status::Ok();
  void* p = mmap(nullptr, mapped_, strict ? PROT_NONE : PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    return Status::IoError(
        StrCat("cannot reserve ", size_,
               " bytes of address space for the file: ", std::strerror(errno)));
  }
  data_ = p;
  return Status::Ok();
}

void SourceImage::Fetch(ByteSpan need, uint64_t limit) {
  if (need.offset >= size_ || need.length == 0) return;
  const uint64_t begin = RoundDown(need.offset, page_);
  const uint64_t end = RoundUp(std::min(need.end(), size_), page_);
  const uint64_t ahead =
      RoundUp(std::min(std::max(limit, need.end()), size_), page_);
  const std::lock_guard lock(mutex_);
  uint64_t pos = begin;
  while (pos < end) {
    auto next = present_.upper_bound(pos);
    if (next != present_.begin()) {
      const auto at = std::prev(next);
      if (at->second > pos) {  // pos is present.
        pos = at->second;
        continue;
      }
    }
    const uint64_t stop = next == present_.end() ? mapped_ : next->first;
    // What is needed, and on to the read-ahead within the limit, but not
    // over a present page: it may be in use by another thread.
    const uint64_t run_end =
        std::min(stop, std::max(end, std::min(ahead, pos + kReadAhead)));
    ReadRun(pos, run_end);
    pos = run_end;
  }
}

void SourceImage::ReadRun(uint64_t begin, uint64_t end) {
  std::byte* at = static_cast<std::byte*>(data_) + begin;
  if (strict_) mprotect(at, end - begin, PROT_READ | PROT_WRITE);
  // Pages past a failed read stay zeros, and count as present so that the
  // pass, which runs on, does not ask again.
  if (status_.ok()) {
    const uint64_t length = std::min(end, size_) - begin;
    Status read = source_.Read(begin, {at, static_cast<size_t>(length)});
    ++fetched_.reads;
    fetched_.bytes += length;
    if (!read.ok()) status_ = std::move(read);
  }
  MarkPresent(begin, end);
}

void SourceImage::Release(ByteSpan span) {
  const uint64_t begin = RoundUp(span.offset, page_);
  // The last page of the file is whole in the image.
  const uint64_t end =
      span.end() >= size_ ? mapped_ : RoundDown(span.end(), page_);
  if (data_ == nullptr || begin >= end) return;
  const std::lock_guard lock(mutex_);
  std::byte* at = static_cast<std::byte*>(data_) + begin;
  madvise(at, end - begin, MADV_DONTNEED);
  if (strict_) mprotect(at, end - begin, PROT_NONE);
  MarkAbsent(begin, end);
}

void SourceImage::MarkPresent(uint64_t begin, uint64_t end) {
  auto next = present_.upper_bound(begin);
  if (next != present_.begin()) {
    const auto before = std::prev(next);
    if (before->second >= begin) {  // Touches or overlaps: extend it.
      begin = before->first;
      end = std::max(end, before->second);
      present_.erase(before);
    }
  }
  next = present_.lower_bound(begin);
  while (next != present_.end() && next->first <= end) {
    end = std::max(end, next->second);
    next = present_.erase(next);
  }
  present_.emplace(begin, end);
}

void SourceImage::MarkAbsent(uint64_t begin, uint64_t end) {
  auto it = present_.upper_bound(begin);
  if (it != present_.begin()) --it;
  while (it != present_.end() && it->first < end) {
    const uint64_t first = it->first;
    const uint64_t last = it->second;
    if (last <= begin) {
      ++it;
      continue;
    }
    it = present_.erase(it);
    if (first < begin) present_.emplace(first, begin);
    if (last > end) present_.emplace(end, last);
  }
}

Status SourceImage::status() const {
  const std::lock_guard lock(mutex_);
  return status_;
}

Fetched SourceImage::fetched() const {
  const std::lock_guard lock(mutex_);
  return fetched_;
}

}  // namespace colcheck
