// colcheck over HTTP(S): a ByteSource that reads a file with Range
// requests, as S3 and GCS presigned URLs, public buckets and any static
// file server serve it. Built as its own library (colcheck::http, libcurl)
// so that the validator itself needs no network code.
//
//   colcheck::HttpOptions http;
//   http.headers.push_back("Authorization: Bearer ...");
//   std::unique_ptr<colcheck::HttpSource> source;
//   colcheck::Status status =
//       colcheck::HttpSource::Open("https://host/a.parquet", http, &source);
//   if (status.ok()) status = colcheck::ValidateSource(*source, options, &r);

#ifndef COLCHECK_HTTP_H_
#define COLCHECK_HTTP_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "colcheck/colcheck.h"

namespace colcheck {

// Whether `path` is an http:// or https:// URL (the scheme in any case).
bool IsHttpUrl(std::string_view path);

// The path part of a URL, without its query and fragment: what names the
// file (FormatFromFileName), as a presigned URL's query does not.
std::string_view UrlPath(std::string_view url);

struct HttpOptions {
  // Extra request headers, each "Name: value".
  std::vector<std::string> headers;
  // How long connecting may take, and how long a transfer may go without
  // receiving a byte, before the request fails (and is retried).
  uint32_t connect_timeout_ms = 10000;
  uint32_t stall_timeout_ms = 30000;
  // Retries of a request that failed on the way (a connection refused,
  // reset or cut short, a timeout, a 5xx or 429 answer), waiting
  // 250 ms, 500 ms, 1 s... before each.
  uint32_t retries = 3;
  uint32_t first_backoff_ms = 250;
};

class HttpSource final : public ByteSource {
 public:
  // Asks for the last `tail` bytes of `url` with a suffix Range request,
  // which also gives the file's size (Content-Range), and keeps them, so
  // that the validation's first read costs no second request. Fails,
  // with a message naming the URL, when the server answers other than
  // 206 Partial Content (a server that ignores Range answers 200 with the
  // whole file: then nothing more is read).
  static Status Open(const std::string& url, const HttpOptions& options,
                     std::unique_ptr<HttpSource>* out,
                     uint64_t tail = kSourceTailBytes);
  ~HttpSource() override;

  uint64_t size() const override { return size_; }
  Status Read(uint64_t offset, std::span<std::byte> out) override;

 private:
  struct Transfer;
  HttpSource(std::string url, const HttpOptions& options);
  // One GET of `range` ("a-b" or "-n") into `transfer`, retried.
  Status Get(const std::string& range, Transfer* transfer);
  // One attempt; `retry` says whether the failure is worth another.
  Status GetOnce(const std::string& range, Transfer* transfer, bool* retry);

  std::string url_;
  HttpOptions options_;
  void* curl_ = nullptr;         // CURL*, kept for connection reuse.
  void* header_list_ = nullptr;  // curl_slist*
  uint64_t size_ = 0;
  uint64_t tail_offset_ = 0;  // Where tail_ starts in the file.
  std::vector<std::byte> tail_;
};

}  // namespace colcheck

#endif  // COLCHECK_HTTP_H_
