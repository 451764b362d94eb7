#include "server/request_stream.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace damdb::server {
namespace {

/// Waits up to `timeout` (0 or less: not at all) for `events` on `sock`; true when they came.
bool wait_for(int sock, short events, std::chrono::milliseconds timeout) {
  pollfd p{sock, events, 0};
  const auto ms = static_cast<int>(
      std::clamp<std::chrono::milliseconds::rep>(timeout.count(), 0, 24 * 3600 * 1000));
  int r;
  do {
    r = ::poll(&p, 1, ms);
  } while (r < 0 && errno == EINTR);
  return r > 0;
}

/// Time left until `deadline`, rounded up to whole milliseconds.
std::chrono::milliseconds left_until(RequestStream::Clock::time_point deadline) {
  const auto now = RequestStream::Clock::now();
  if (now >= deadline) return std::chrono::milliseconds(0);
  return std::chrono::ceil<std::chrono::milliseconds>(deadline - now);
}

}  // namespace

bool socket_address(int sock, bool remote, std::string& ip, int& port) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  sockaddr* a = reinterpret_cast<sockaddr*>(&address);
  if ((remote ? ::getpeername(sock, a, &length) : ::getsockname(sock, a, &length)) != 0)
    return false;
  char host[NI_MAXHOST], service[NI_MAXSERV];
  if (::getnameinfo(a, length, host, sizeof host, service, sizeof service,
                    NI_NUMERICHOST | NI_NUMERICSERV) != 0)
    return false;
  ip = host;
  port = std::atoi(service);
  return true;
}

void RequestStream::begin_request(Clock::time_point deadline) {
  deadline_ = deadline;
  head_done_ = false;
  head_bytes_ = head_lines_ = 0;
  last_four_ = 0;
  answered_ = false;
}

bool RequestStream::wait_for_request(std::chrono::milliseconds timeout) {
  return begin_ < end_ || wait_for(sock_, POLLIN, timeout);
}

bool RequestStream::is_readable() const {
  return fault_ == Fault::None && (begin_ < end_ || wait_for(sock_, POLLIN, left_until(deadline_)));
}

bool RequestStream::is_writable() const { return wait_for(sock_, POLLOUT, bounds_.write_timeout); }

ssize_t RequestStream::fill() {
  if (!wait_for(sock_, POLLIN, left_until(deadline_))) {
    fault_ = Fault::Timeout;
    return -1;
  }
  ssize_t n;
  do {
    n = ::recv(sock_, buffer_.data(), buffer_.size(), 0);
  } while (n < 0 && errno == EINTR);
  if (n > 0) {
    begin_ = 0;
    end_ = static_cast<std::size_t>(n);
  }
  return n;
}

std::size_t RequestStream::count_head(std::size_t n) {
  for (std::size_t i = 0; i < n; ++i) {
    const auto byte = static_cast<unsigned char>(buffer_[begin_ + i]);
    if (++head_bytes_ > bounds_.head_bytes) {
      fault_ = Fault::HeadTooLarge;
      return 0;
    }
    last_four_ = (last_four_ << 8) | byte;
    if (last_four_ == 0x0d0a0d0au) {  // the empty line: the head ends here
      head_done_ = true;
      return i + 1;
    }
    if (byte == '\n' && ++head_lines_ > bounds_.head_lines) {
      fault_ = Fault::HeadTooLarge;
      return 0;
    }
  }
  return n;
}

ssize_t RequestStream::read(char* ptr, std::size_t size) {
  if (fault_ != Fault::None) return -1;
  if (begin_ == end_) {
    const ssize_t got = fill();
    if (got <= 0) return got;
  }
  std::size_t n = std::min(size, end_ - begin_);
  if (!head_done_) {
    n = count_head(n);
    if (fault_ != Fault::None) return -1;
  }
  std::memcpy(ptr, buffer_.data() + begin_, n);
  begin_ += n;
  return static_cast<ssize_t>(n);
}

ssize_t RequestStream::write(const char* ptr, std::size_t size) {
  answered_ = true;
  if (!wait_for(sock_, POLLOUT, bounds_.write_timeout)) return -1;
  ssize_t n;
  do {
    n = ::send(sock_, ptr, size, MSG_NOSIGNAL);
  } while (n < 0 && errno == EINTR);
  return n;
}

void RequestStream::get_remote_ip_and_port(std::string& ip, int& port) const {
  socket_address(sock_, true, ip, port);
}

void RequestStream::get_local_ip_and_port(std::string& ip, int& port) const {
  socket_address(sock_, false, ip, port);
}

}  // namespace damdb::server
