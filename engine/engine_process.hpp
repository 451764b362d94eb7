// A child process that runs an engine: its standard input and output are pipes, its standard
// error is damdb's. Lines are read with a deadline (poll), so that a silent engine never hangs
// the caller.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <string_view>

namespace damdb::engine {

/// Why talking to an engine failed. `what()` is one English sentence naming the engine.
struct EngineError : std::runtime_error {
  enum class Kind {
    Start,      ///< the program could not be started (no such folder, exec failed)
    Exited,     ///< the engine closed its output or exited
    Timeout,    ///< no answer before the deadline (the engine is killed)
    Garbage,    ///< an answer that breaks the protocol (a bad score, an unknown move)
    Refused,    ///< the engine answered `error message=...`
  };
  EngineError(Kind k, const std::string& message) : std::runtime_error(message), kind(k) {}
  Kind kind;
};

/// One running engine. Not copyable; the destructor closes its input and kills it (SIGKILL)
/// if it has not exited, then reaps it.
class EngineProcess {
 public:
  using Clock = std::chrono::steady_clock;

  /// Runs `command` through /bin/sh (`exec COMMAND`, so the shell is replaced by the engine)
  /// in the folder `folder` (the current folder when empty). Throws EngineError(Start) when
  /// the folder does not exist or the pipes or the process cannot be made.
  EngineProcess(const std::string& command, const std::string& folder);
  ~EngineProcess();
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  /// Writes `line` and a line feed. Returns false when the engine no longer reads (it exited).
  bool write_line(std::string_view line);

  /// What read_line found.
  enum class Read { Line, Timeout, Closed };
  /// The next line of the engine's output without its line end (LF, CRLF), waiting at most
  /// until `deadline` (Timeout once it has passed, whatever the engine writes). Closed when the engine closed its output (exited). A line longer than
  /// 1 MiB is returned cut in pieces of that size.
  Read read_line(std::string& line, Clock::time_point deadline);

  /// Kills the engine (SIGKILL) and reaps it; returns a description of how it ended
  /// ("exit status 1", "signal 9"). Safe to call twice.
  std::string kill();
  /// How the engine ended when it has exited on its own (reaped here), else empty.
  std::string exit_description();

 private:
  pid_t pid_ = -1;
  int to_engine_ = -1;
  int from_engine_ = -1;
  std::string buffer_;  ///< bytes read and not yet returned as a line
  std::string ended_;   ///< how the process ended, once reaped
};

}  // namespace damdb::engine
