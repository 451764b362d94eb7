// The socket of one server connection as cpp-httplib reads and writes it, with the bounds the
// library lacks: a deadline for the whole request (line, headers and body; the library's read
// timeout restarts at every byte, so a client sending a byte every few seconds held its thread
// for ever) and a bound on the bytes and lines of the request line and headers (the library
// bounds one line only, so a client could send headers without end). Its read buffer lives as
// long as the connection, so pipelined requests are kept.
#pragma once

#include <httplib.h>

#include <array>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <string>

namespace damdb::server {

/// The numeric address and port of a socket's peer (`remote`) or its own end.
bool socket_address(int sock, bool remote, std::string& ip, int& port);

class RequestStream final : public httplib::Stream {
 public:
  using Clock = std::chrono::steady_clock;
  struct Bounds {
    /// Bytes of the request line and headers, every line end and the empty line included.
    std::size_t head_bytes = 32 * 1024;
    std::size_t head_lines = 100;  ///< the request line and the header lines (not the empty one)
    std::chrono::milliseconds write_timeout{5000};  ///< a write waits this long for room
  };
  /// Why reading stopped: the deadline passed, or the head outgrew Bounds.
  enum class Fault { None, Timeout, HeadTooLarge };

  RequestStream(int sock, const Bounds& bounds) : sock_(sock), bounds_(bounds) {}

  /// Starts a request that must be read whole by `deadline`: resets the head's counts.
  void begin_request(Clock::time_point deadline);
  /// Waits up to `timeout` for the next request's first byte (true at once when buffered).
  bool wait_for_request(std::chrono::milliseconds timeout);
  Fault fault() const { return fault_; }
  /// True once something of the current request's answer was written.
  bool answered() const { return answered_; }

  bool is_readable() const override;
  bool is_writable() const override;
  /// Buffered bytes first; else waits until the deadline for the socket. -1 after a Fault.
  ssize_t read(char* ptr, std::size_t size) override;
  /// Waits at most Bounds::write_timeout for room; -1 on timeout or a closed peer.
  ssize_t write(const char* ptr, std::size_t size) override;
  void get_remote_ip_and_port(std::string& ip, int& port) const override;
  void get_local_ip_and_port(std::string& ip, int& port) const override;
  socket_t socket() const override { return sock_; }

 private:
  /// Reads what the socket has into the empty buffer; its count, 0 at the end, -1 on a Fault.
  ssize_t fill();
  /// Counts `n` buffered bytes into the head (fewer when the head ends inside them).
  std::size_t count_head(std::size_t n);

  const int sock_;
  const Bounds bounds_;
  std::array<char, 4096> buffer_{};
  std::size_t begin_ = 0, end_ = 0;  ///< the buffered, unread bytes
  Clock::time_point deadline_ = Clock::time_point::max();
  bool head_done_ = false;
  std::size_t head_bytes_ = 0, head_lines_ = 0;
  std::uint32_t last_four_ = 0;  ///< the head's last four bytes (its end is CR LF CR LF)
  Fault fault_ = Fault::None;
  bool answered_ = false;
};

}  // namespace damdb::server
