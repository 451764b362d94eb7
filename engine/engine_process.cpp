// A child process that runs an engine: see engine_process.hpp.
#include "engine/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <mutex>

namespace damdb::engine {
namespace {

/// The longest line kept: an engine that writes more without a line end gets it cut there.
constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

/// A write to an engine that exited must fail with EPIPE, not kill damdb with SIGPIPE.
void ignore_broken_pipes() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction current {};
    sigaction(SIGPIPE, nullptr, &current);
    if (current.sa_handler == SIG_DFL) std::signal(SIGPIPE, SIG_IGN);
  });
}

std::string describe(int status) {
  if (WIFEXITED(status)) return "exit status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return "status " + std::to_string(status);
}

/// In the child: the pipes become standard input and output, the folder the current one, and
/// the shell runs the command. Never returns.
/// Only async-signal-safe calls: damdb may run several engines from several threads.
[[noreturn]] void run_child(int in, int out, const char* shell_line, const char* folder) {
  ::dup2(in, STDIN_FILENO);
  ::dup2(out, STDOUT_FILENO);
  if (folder[0] != '\0' && ::chdir(folder) != 0) ::_exit(126);
  ::execl("/bin/sh", "sh", "-c", shell_line, static_cast<char*>(nullptr));
  ::_exit(127);
}

}  // namespace

EngineProcess::EngineProcess(const std::string& command, const std::string& folder) {
  ignore_broken_pipes();
  struct stat st {};
  if (!folder.empty() && (::stat(folder.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)))
    throw EngineError(EngineError::Kind::Start, "engine folder '" + folder + "' is no folder");
  int in[2], out[2];
  if (::pipe2(in, O_CLOEXEC) != 0) throw EngineError(EngineError::Kind::Start, std::strerror(errno));
  if (::pipe2(out, O_CLOEXEC) != 0) {
    ::close(in[0]);
    ::close(in[1]);
    throw EngineError(EngineError::Kind::Start, std::strerror(errno));
  }
  const std::string shell_line = "exec " + command;
  pid_ = ::fork();
  if (pid_ == 0) run_child(in[0], out[1], shell_line.c_str(), folder.c_str());
  const int fork_errno = errno;
  ::close(in[0]);
  ::close(out[1]);
  to_engine_ = in[1];
  from_engine_ = out[0];
  if (pid_ < 0) {
    ::close(to_engine_);
    ::close(from_engine_);
    throw EngineError(EngineError::Kind::Start, std::strerror(fork_errno));
  }
}

EngineProcess::~EngineProcess() { kill(); }

bool EngineProcess::write_line(std::string_view line) {
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(to_engine_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

EngineProcess::Read EngineProcess::read_line(std::string& line, Clock::time_point deadline) {
  while (true) {
    // The deadline holds while lines keep coming: an engine that floods its output (info lines
    // without end, one endless line) is as late as a silent one.
    if (Clock::now() >= deadline) return Read::Timeout;
    const std::size_t end = buffer_.find('\n');
    if (end != std::string::npos) {
      line.assign(buffer_, 0, end);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      buffer_.erase(0, end + 1);
      return Read::Line;
    }
    if (buffer_.size() > kMaxLineBytes) {  // no line end in sight: bounded memory, one long line
      line.swap(buffer_);
      buffer_.clear();
      return Read::Line;
    }
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    if (left.count() <= 0) return Read::Timeout;
    pollfd p{from_engine_, POLLIN, 0};
    const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return Read::Timeout;
    char chunk[4096];
    const ssize_t n = ::read(from_engine_, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return Read::Closed;
    buffer_.append(chunk, static_cast<std::size_t>(n));
  }
}

std::string EngineProcess::exit_description() {
  if (ended_.empty() && pid_ > 0) {
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      ended_ = describe(status);
      pid_ = -1;
    }
  }
  return ended_;
}

std::string EngineProcess::kill() {
  if (to_engine_ >= 0) ::close(to_engine_);
  if (from_engine_ >= 0) ::close(from_engine_);
  to_engine_ = from_engine_ = -1;
  if (pid_ > 0) {
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    ended_ = describe(status);
    pid_ = -1;
  }
  return ended_;
}

}  // namespace damdb::engine
