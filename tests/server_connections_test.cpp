// Connections' lifetimes on a server::HttpServer over an ephemeral loopback port: idle
// keep-alive clients do not block a new one; idle and slow clients are closed, and the requests
// of one keep-alive connection are counted. Spoken to over raw sockets where the bytes matter.
#include <httplib.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games_fixture.hpp"
#include "running_server.hpp"
#include "server/http_server.hpp"

namespace damdb {
namespace {

using test::RunningServer;

/// A raw TCP connection to 127.0.0.1:port with a 10 s receive timeout (-1 when it fails).
int connect_raw(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return -1;
  timeval timeout{10, 0};
  ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, sizeof timeout);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<std::uint16_t>(port));
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
    ::close(fd);
    return -1;
  }
  return fd;
}

/// Everything the server sends on `fd` until it closes the connection (or 10 s of silence);
/// `closed` tells which.
std::string read_until_closed(int fd, bool& closed) {
  std::string text;
  char buffer[4096];
  while (true) {
    const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
    if (n <= 0) {
      closed = n == 0;
      return text;
    }
    text.append(buffer, static_cast<std::size_t>(n));
  }
}

/// One HTTP response read from `fd` (head and Content-Length bytes of body); "" when the
/// server closed the connection first.
std::string read_response(int fd) {
  std::string text;
  char c;
  while (text.find("\r\n\r\n") == std::string::npos) {
    if (::recv(fd, &c, 1, 0) != 1) return {};
    text += c;
  }
  const std::size_t at = text.find("Content-Length: ");
  std::size_t length = at == std::string::npos ? 0 : std::stoul(text.substr(at + 16));
  for (; length > 0; --length) {
    if (::recv(fd, &c, 1, 0) != 1) return {};
    text += c;
  }
  return text;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++n;
  return n;
}

TEST(ServerIdleConnections, TwoHundredIdleKeepAliveClientsDoNotBlockANewOne) {
  test::TempFolder folder("server-idle");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  server::ServerOptions options;
  options.keep_alive_seconds = 30;  // the idle connections stay open through the test
  options.max_connections_per_client = 0;  // all 201 come from 127.0.0.1
  RunningServer running(folder.path() / "db", options);
  std::vector<std::unique_ptr<httplib::Client>> idle;
  for (int i = 0; i < 200; ++i) {
    auto client = std::make_unique<httplib::Client>("127.0.0.1", running.port());
    client->set_keep_alive(true);
    const httplib::Result r = client->Get("/api/info");
    ASSERT_TRUE(r) << "idle client " << i;
    ASSERT_EQ(r->status, 200);
    idle.push_back(std::move(client));
  }
  // A new client is answered while the 200 connections are open and idle (a read timeout of
  // 1 s, far below their 30 s keep-alive: it is not waiting for one of them to close).
  httplib::Client fresh("127.0.0.1", running.port());
  fresh.set_read_timeout(1);
  const httplib::Result r = fresh.Get("/api/explorer?play=32-28");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(nlohmann::json::parse(r->body).at("games"), 3);
}

TEST(ServerLimits, IdleAndSlowClientsAreClosedAndKeepAliveRequestsAreCounted) {
  test::TempFolder folder("server-limits");
  test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
  test::import_into(folder.path() / "db", folder.path() / "games.pdn");
  server::ServerOptions options;
  options.keep_alive_seconds = 1;
  options.read_timeout_seconds = 1;
  options.keep_alive_requests = 3;
  RunningServer running(folder.path() / "db", options);
  const std::string request = "GET /api/info HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  bool closed = false;
  // Requests on one keep-alive connection: the third is answered with "Connection: close",
  // then the server closes it.
  int fd = connect_raw(running.port());
  ASSERT_GE(fd, 0);
  for (int i = 1; i <= 3; ++i) {
    ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
    const std::string answer = read_response(fd);
    EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << i << ": " << answer;
    EXPECT_EQ(answer.find("Connection: close") != std::string::npos, i == 3) << answer;
  }
  std::string answers = read_until_closed(fd, closed);
  ::close(fd);
  EXPECT_TRUE(closed);
  EXPECT_TRUE(answers.empty()) << answers;
  // One request, then silence: the server closes the idle connection (keep-alive 1 s) long
  // before the 10 s receive timeout.
  fd = connect_raw(running.port());
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  answers = read_until_closed(fd, closed);
  ::close(fd);
  EXPECT_TRUE(closed);
  EXPECT_EQ(count_of(answers, "HTTP/1.1 200"), 1u);
  // Half a request line, never finished: answered 408 and closed after the read timeout.
  fd = connect_raw(running.port());
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::send(fd, "GET /api/in", 11, 0), 11);
  answers = read_until_closed(fd, closed);
  ::close(fd);
  EXPECT_TRUE(closed);
  EXPECT_EQ(answers.rfind("HTTP/1.1 408", 0), 0u) << answers;
}

}  // namespace
}  // namespace damdb
