// A raw TCP connection to a test server on 127.0.0.1, for the tests where the bytes on the wire
// matter (request heads, pipelining, keep-alive counts, timeouts).
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdint>
#include <string>

namespace damdb::test {

/// A connection to 127.0.0.1:port (10 s receive timeout), closed with the object.
class RawConnection {
 public:
  explicit RawConnection(int port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
    timeval timeout{10, 0};
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = htons(static_cast<std::uint16_t>(port));
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  }
  ~RawConnection() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;

  bool connected() const { return connected_; }
  /// Sends `text` whole; false when it could not.
  bool send(const std::string& text) {
    return ::send(fd_, text.data(), text.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(text.size());
  }
  /// Everything received until the server closes the connection (or 10 s of silence); `closed`,
  /// when given, tells which.
  std::string read_all(bool* closed = nullptr) {
    std::string text;
    char buffer[4096];
    ssize_t n;
    while ((n = ::recv(fd_, buffer, sizeof buffer, 0)) > 0) text.append(buffer, static_cast<std::size_t>(n));
    if (closed) *closed = n == 0;
    return text;
  }
  /// One HTTP response (its head and Content-Length bytes of body); "" when the server closed
  /// the connection first.
  std::string read_response() {
    std::string text;
    char c;
    while (text.find("\r\n\r\n") == std::string::npos) {
      if (::recv(fd_, &c, 1, 0) != 1) return {};
      text += c;
    }
    const std::size_t at = text.find("Content-Length: ");
    std::size_t length = at == std::string::npos ? 0 : std::stoul(text.substr(at + 16));
    for (; length > 0; --length) {
      if (::recv(fd_, &c, 1, 0) != 1) return {};
      text += c;
    }
    return text;
  }

 private:
  int fd_;
  bool connected_ = false;
};

}  // namespace damdb::test
