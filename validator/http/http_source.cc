// HttpSource: Range requests through libcurl (RFC 9110 section 14: Range,
// 206 Partial Content and Content-Range "bytes first-last/complete-length").

#include <curl/curl.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include "colcheck/http.h"

namespace colcheck {

namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(c));
  return out;
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// "bytes first-last/complete" (complete may be "*"), or "bytes */complete"
// on a 416. Returns false when `value` is neither.
struct ContentRange {
  bool has_range = false;
  uint64_t first = 0;
  uint64_t last = 0;
  bool has_size = false;
  uint64_t size = 0;
};

bool ParseNumber(std::string_view s, uint64_t* out) {
  if (s.empty()) return false;
  const auto [end, error] =
      std::from_chars(s.data(), s.data() + s.size(), *out);
  return error == std::errc() && end == s.data() + s.size();
}

bool ParseContentRange(std::string_view value, ContentRange* out) {
  if (!value.starts_with("bytes ")) return false;
  value.remove_prefix(6);
  const size_t slash = value.find('/');
  if (slash == std::string_view::npos) return false;
  const std::string_view range = value.substr(0, slash);
  const std::string_view size = value.substr(slash + 1);
  if (size != "*") {
    if (!ParseNumber(size, &out->size)) return false;
    out->has_size = true;
  }
  if (range == "*") return true;
  const size_t dash = range.find('-');
  if (dash == std::string_view::npos ||
      !ParseNumber(range.substr(0, dash), &out->first) ||
      !ParseNumber(range.substr(dash + 1), &out->last) ||
      out->last < out->first) {
    return false;
  }
  out->has_range = true;
  return true;
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
    s.remove_prefix(1);
  }
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
    s.remove_suffix(1);
  }
  return s;
}

}  // namespace

bool IsHttpUrl(std::string_view path) {
  const std::string head = Lower(path.substr(0, 8));
  return head.starts_with("http://") || head.starts_with("https://");
}

std::string_view UrlPath(std::string_view url) {
  return url.substr(0, url.find_first_of("?#"));
}

// What one GET receives: the body into `dest` (at most `capacity` bytes),
// the answer's status and Content-Range.
struct HttpSource::Transfer {
  CURL* curl = nullptr;
  std::byte* dest = nullptr;
  uint64_t capacity = 0;
  uint64_t received = 0;
  std::string content_range;
  // Why the write callback stopped the transfer, if it did.
  std::string stopped;

  static size_t OnHeader(char* data, size_t size, size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::string_view line(data, size * n);
    if (line.starts_with("HTTP/")) t->content_range.clear();  // A redirect.
    const size_t colon = line.find(':');
    if (colon != std::string_view::npos &&
        Lower(line.substr(0, colon)) == "content-range") {
      t->content_range = std::string(Trim(line.substr(colon + 1)));
    }
    return size * n;
  }

  static size_t OnBody(char* data, size_t size, size_t n, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const size_t bytes = size * n;
    long status = 0;
    curl_easy_getinfo(t->curl, CURLINFO_RESPONSE_CODE, &status);
    if (status == 200) {
      // The whole file is coming: a server without Range support.
      t->stopped =
          "the server ignores Range requests (it answered 200 OK with the "
          "whole file); colcheck reads remote files by range only";
      return 0;
    }
    if (status != 206) return bytes;  // An error page: dropped.
    if (bytes > t->capacity - t->received) {
      t->stopped = "the server sent more bytes than the range asked for";
      return 0;
    }
    std::memcpy(t->dest + t->received, data, bytes);
    t->received += bytes;
    return bytes;
  }
};

HttpSource::HttpSource(std::string url, const HttpOptions& options)
    : url_(std::move(url)), options_(options) {}

HttpSource::~HttpSource() {
  if (curl_ != nullptr) curl_easy_cleanup(static_cast<CURL*>(curl_));
  if (header_list_ != nullptr) {
    curl_slist_free_all(static_cast<curl_slist*>(header_list_));
  }
}

Status HttpSource::Open(const std::string& url, const HttpOptions& options,
                        std::unique_ptr<HttpSource>* out, uint64_t tail) {
  GlobalInit();
  std::unique_ptr<HttpSource> source(new HttpSource(url, options));
  CURL* curl = curl_easy_init();
  if (curl == nullptr) {
    return Status::IoError(url + ": cannot start a libcurl session");
  }
  source->curl_ = curl;
  curl_slist* list = nullptr;
  for (const std::string& header : options.headers) {
    list = curl_slist_append(list, header.c_str());
  }
  source->header_list_ = list;
  std::vector<std::byte> buffer(std::max<uint64_t>(tail, 1));
  Transfer transfer;
  transfer.dest = buffer.data();
  transfer.capacity = buffer.size();
  Status status = source->Get("-" + std::to_string(buffer.size()), &transfer);
  if (!status.ok()) return status;
  ContentRange range;
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  if (!ParseContentRange(transfer.content_range, &range) || !range.has_size) {
    return Status::IoError(url + ": the answer to a Range request has no " +
                           "usable Content-Range (\"" + transfer.content_range +
                           "\")");
  }
  source->size_ = range.size;
  if (code == 416) {  // An empty file: no suffix of it exists.
    if (range.size != 0) {
      return Status::IoError(url + ": the server refused the range of the " +
                             "file's last bytes (416)");
    }
    *out = std::move(source);
    return Status::Ok();
  }
  if (!range.has_range || range.last + 1 != range.size ||
      range.last - range.first + 1 != transfer.received) {
    return Status::IoError(url + ": the server answered the range of the " +
                           "file's last bytes with \"" +
                           transfer.content_range + "\" and " +
                           std::to_string(transfer.received) + " bytes");
  }
  buffer.resize(transfer.received);
  source->tail_offset_ = range.first;
  source->tail_ = std::move(buffer);
  *out = std::move(source);
  return Status::Ok();
}

Status HttpSource::Read(uint64_t offset, std::span<std::byte> out) {
  if (out.empty()) return Status::Ok();
  // What of the range the tail Open read holds is copied from it; the
  // rest, before it, is asked for.
  const uint64_t end = offset + out.size();
  if (!tail_.empty() && end > tail_offset_ &&
      end <= tail_offset_ + tail_.size()) {
    const uint64_t from = std::max(offset, tail_offset_);
    std::memcpy(out.data() + (from - offset),
                tail_.data() + (from - tail_offset_), end - from);
    out = out.first(from - offset);
    if (out.empty()) return Status::Ok();
  }
  const uint64_t last = offset + out.size() - 1;
  Transfer transfer;
  transfer.dest = out.data();
  transfer.capacity = out.size();
  const std::string range = std::to_string(offset) + "-" + std::to_string(last);
  Status status = Get(range, &transfer);
  if (!status.ok()) return status;
  ContentRange got;
  if (!ParseContentRange(transfer.content_range, &got) || !got.has_range ||
      got.first != offset || got.last != last ||
      transfer.received != out.size()) {
    return Status::IoError(url_ + ": asked for bytes " + range + ", got \"" +
                           transfer.content_range + "\" and " +
                           std::to_string(transfer.received) + " bytes");
  }
  return Status::Ok();
}

Status HttpSource::Get(const std::string& range, Transfer* transfer) {
  uint32_t backoff = options_.first_backoff_ms;
  for (uint32_t attempt = 0;; ++attempt) {
    transfer->received = 0;
    transfer->content_range.clear();
    transfer->stopped.clear();
    bool retry = false;
    Status status = GetOnce(range, transfer, &retry);
    if (status.ok() || !retry) return status;
    if (attempt >= options_.retries) {
      return Status::IoError(status.message() + "; gave up after " +
                             std::to_string(attempt + 1) + " attempts");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(backoff));
    backoff *= 2;
  }
}

Status HttpSource::GetOnce(const std::string& range, Transfer* transfer,
                           bool* retry) {
  CURL* curl = static_cast<CURL*>(curl_);
  transfer->curl = curl;
  curl_easy_reset(curl);
  curl_easy_setopt(curl, CURLOPT_URL, url_.c_str());
  curl_easy_setopt(curl, CURLOPT_RANGE, range.c_str());
  curl_easy_setopt(curl, CURLOPT_HTTPHEADER, header_list_);
  curl_easy_setopt(curl, CURLOPT_USERAGENT, "colcheck/0.1.0");
  curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 1L);
  curl_easy_setopt(curl, CURLOPT_MAXREDIRS, 5L);
  curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // Safe in threads.
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS,
                   static_cast<long>(options_.connect_timeout_ms));
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
  curl_easy_setopt(curl, CURLOPT_LOW_SPEED_TIME,
                   static_cast<long>(std::max<uint32_t>(
                       1, options_.stall_timeout_ms / 1000)));
  curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, &Transfer::OnHeader);
  curl_easy_setopt(curl, CURLOPT_HEADERDATA, transfer);
  curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, &Transfer::OnBody);
  curl_easy_setopt(curl, CURLOPT_WRITEDATA, transfer);
  char error[CURL_ERROR_SIZE] = {};
  curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
  const CURLcode result = curl_easy_perform(curl);
  if (!transfer->stopped.empty()) {
    return Status::IoError(url_ + ": " + transfer->stopped);
  }
  const std::string detail =
      error[0] != '\0' ? error : curl_easy_strerror(result);
  switch (result) {
    case CURLE_OK:
      break;
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_PARTIAL_FILE:
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
    case CURLE_GOT_NOTHING:
      *retry = true;
      return Status::IoError(url_ + ": " + detail + " (bytes " + range + ", " +
                             std::to_string(transfer->received) + " received)");
    default:
      return Status::IoError(url_ + ": " + detail);
  }
  long code = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
  if (code == 206 || code == 416) return Status::Ok();
  const std::string answer = url_ + ": the server answered HTTP " +
                             std::to_string(code) + " to a request for bytes " +
                             range;
  *retry = code >= 500 || code == 429;
  return Status::IoError(answer);
}

}  // namespace colcheck
