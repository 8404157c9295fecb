#include "conformance/runner/child.h"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <string_view>

#include "core/limits.h"

extern char** environ;

namespace colcheck::conformance {
namespace {

using Clock = std::chrono::steady_clock;

// How often the group's memory is sampled, and how long a command's output
// may keep coming after the command itself ended (a child it left behind
// holding the pipes) before the group is killed.
constexpr int kPollMillis = 20;
constexpr double kDrainSeconds = 1.0;

// The resident bytes of every process in group `group`, from /proc.
uint64_t GroupResidentBytes(pid_t group) {
  static const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  DIR* proc = opendir("/proc");
  if (proc == nullptr) return 0;
  uint64_t total = 0;
  while (const dirent* entry = readdir(proc)) {
    if (entry->d_name[0] < '0' || entry->d_name[0] > '9') continue;
    const std::string path = std::string("/proc/") + entry->d_name + "/stat";
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) continue;
    std::array<char, 1024> buffer;
    const ssize_t n = read(fd, buffer.data(), buffer.size() - 1);
    close(fd);
    if (n <= 0) continue;
    // After "pid (comm) ": state ppid pgrp ... rss is field 24 overall,
    // the 22nd after the command's closing parenthesis.
    const std::string_view stat(buffer.data(), static_cast<size_t>(n));
    const size_t close_paren = stat.rfind(')');
    if (close_paren == std::string_view::npos) continue;
    long long fields[22] = {};
    int index = 0;
    size_t i = close_paren + 2;
    while (i < stat.size() && index < 22) {
      const size_t end = std::min(stat.find(' ', i), stat.size());
      if (index > 0) {
        fields[index] = std::strtoll(
            std::string(stat.substr(i, end - i)).c_str(), nullptr, 10);
      }
      ++index;
      i = end + 1;
    }
    if (index == 22 && fields[2] == group && fields[21] > 0) {
      total += static_cast<uint64_t>(fields[21]) * page;
    }
  }
  closedir(proc);
  return total;
}

// Appends what `fd` has to `out`, keeping at most `cap` bytes: the first
// ones when `keep_tail` is false, else the last. Returns false at EOF.
bool Drain(int fd, std::string* out, size_t cap, bool keep_tail,
           bool* overflowed) {
  std::array<char, 65536> buffer;
  while (true) {
    const ssize_t n = read(fd, buffer.data(), buffer.size());
    if (n > 0) {
      out->append(buffer.data(), static_cast<size_t>(n));
      if (out->size() > cap) {
        *overflowed = true;
        if (keep_tail)
          out->erase(0, out->size() - cap);
        else
          out->resize(cap);
      }
      continue;
    }
    if (n == 0) return false;
    if (errno == EINTR) continue;
    return errno == EAGAIN || errno == EWOULDBLOCK;
  }
}

class Pipes {
 public:
  ~Pipes() {
    for (int fd : fds_) {
      if (fd >= 0) close(fd);
    }
  }
  bool Open() {
    int out[2], err[2];
    if (pipe2(out, O_CLOEXEC) != 0) return false;
    if (pipe2(err, O_CLOEXEC) != 0) {
      close(out[0]);
      close(out[1]);
      return false;
    }
    fds_ = {out[0], out[1], err[0], err[1]};
    return true;
  }
  int out_read() const { return fds_[0]; }
  int out_write() const { return fds_[1]; }
  int err_read() const { return fds_[2]; }
  int err_write() const { return fds_[3]; }
  void CloseWriteEnds() {
    close(fds_[1]);
    close(fds_[3]);
    fds_[1] = fds_[3] = -1;
  }

 private:
  std::array<int, 4> fds_ = {-1, -1, -1, -1};
};

bool Spawn(const std::string& command, const std::string& file,
           const Pipes& pipes, pid_t* pid, std::string* error) {
  posix_spawn_file_actions_t actions;
  posix_spawnattr_t attr;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_init(&attr);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_adddup2(&actions, pipes.out_write(), 1);
  posix_spawn_file_actions_adddup2(&actions, pipes.err_write(), 2);
  // A group of its own, so that the runner can stop everything it starts;
  // default signal handling and no blocked signals, whatever the runner's.
  sigset_t none, all;
  sigemptyset(&none);
  sigfillset(&all);
  posix_spawnattr_setpgroup(&attr, 0);
  posix_spawnattr_setsigmask(&attr, &none);
  posix_spawnattr_setsigdefault(&attr, &all);
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP |
                                      POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
  const std::string script = command + " \"$1\"";
  char* argv[] = {const_cast<char*>("/bin/sh"),      const_cast<char*>("-c"),
                  const_cast<char*>(script.c_str()), const_cast<char*>("sh"),
                  const_cast<char*>(file.c_str()),   nullptr};
  const int rc = posix_spawn(pid, "/bin/sh", &actions, &attr, argv, environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  if (rc != 0) {
    *error = std::string("cannot start /bin/sh: ") + std::strerror(rc);
    return false;
  }
  return true;
}

void SetEnding(int wait_status, ChildResult* result) {
  if (WIFSIGNALED(wait_status)) {
    result->ending = ChildResult::Ending::kSignaled;
    result->signal = WTERMSIG(wait_status);
    return;
  }
  result->status = WEXITSTATUS(wait_status);
  // The shell reports a command that a signal killed as 128 + N.
  if (result->status > 128 && result->status <= 128 + 64) {
    result->ending = ChildResult::Ending::kSignaled;
    result->signal = result->status - 128;
    return;
  }
  result->ending = ChildResult::Ending::kExited;
}

}  // namespace

ChildResult RunChild(const std::string& command, const std::string& file,
                     const ChildLimits& limits) {
  ChildResult result;
  Pipes pipes;
  if (!pipes.Open()) {
    result.error = std::string("cannot make pipes: ") + std::strerror(errno);
    return result;
  }
  pid_t pid = 0;
  if (!Spawn(command, file, pipes, &pid, &result.error)) return result;
  pipes.CloseWriteEnds();
  fcntl(pipes.out_read(), F_SETFL, O_NONBLOCK);
  fcntl(pipes.err_read(), F_SETFL, O_NONBLOCK);

  const Clock::time_point start = Clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  bool out_open = true, err_open = true, exited = false, killed = false;
  bool out_overflow = false, err_overflow = false;
  int wait_status = 0;
  double exited_at = 0, killed_at = 0;
  while (out_open || err_open || !exited) {
    // A process that left the group after a kill may hold the pipes open:
    // it is no longer the command's output.
    if (killed && exited && elapsed() - killed_at > kDrainSeconds) break;
    pollfd fds[2] = {{pipes.out_read(), POLLIN, 0},
                     {pipes.err_read(), POLLIN, 0}};
    if (out_open || err_open) {
      fds[0].fd = out_open ? pipes.out_read() : -1;
      fds[1].fd = err_open ? pipes.err_read() : -1;
      poll(fds, 2, kPollMillis);
    } else {
      usleep(kPollMillis * 1000);
    }
    if (out_open) {
      out_open = Drain(pipes.out_read(), &result.out,
                       limits::kMaxReaderOutputBytes, false, &out_overflow);
    }
    if (err_open) {
      err_open = Drain(pipes.err_read(), &result.err,
                       limits::kMaxReaderErrorBytes, true, &err_overflow);
    }
    if (!exited && waitpid(pid, &wait_status, WNOHANG) == pid) {
      exited = true;
      exited_at = elapsed();
    }
    if (killed) continue;
    ChildResult::Ending stop = ChildResult::Ending::kExited;
    const uint64_t rss = GroupResidentBytes(pid);
    if (rss > result.peak_rss_bytes) result.peak_rss_bytes = rss;
    if (out_overflow)
      stop = ChildResult::Ending::kOutputLimit;
    else if (rss > limits.memory_bytes)
      stop = ChildResult::Ending::kOutOfMemory;
    else if (elapsed() > limits.seconds)
      stop = ChildResult::Ending::kTimedOut;
    else if (exited && elapsed() - exited_at > kDrainSeconds) {
      // Something it left behind holds the pipes: the command is done.
      kill(-pid, SIGKILL);
      killed = true;
      killed_at = elapsed();
      continue;
    }
    if (stop != ChildResult::Ending::kExited) {
      kill(-pid, SIGKILL);
      killed = true;
      killed_at = elapsed();
      result.ending = stop;
    }
  }
  // Whatever the command started and left in its group goes too.
  kill(-pid, SIGKILL);
  result.seconds = elapsed();
  if (result.ending == ChildResult::Ending::kNotStarted) {
    SetEnding(wait_status, &result);
  }
  return result;
}

}  // namespace colcheck::conformance
