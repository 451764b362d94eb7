// Connections' lifetimes on a server::HttpServer over an ephemeral loopback port: idle
// keep-alive clients do not block a new one; idle and slow clients are closed, and the requests
// of one keep-alive connection are counted. Spoken to over raw sockets where the bytes matter.
#include <httplib.h>

#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "games_fixture.hpp"
#include "raw_connection.hpp"
#include "running_server.hpp"
#include "server/http_server.hpp"

namespace damdb {
namespace {

using test::RunningServer;

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
  {
    test::RawConnection c(running.port());
    ASSERT_TRUE(c.connected());
    for (int i = 1; i <= 3; ++i) {
      ASSERT_TRUE(c.send(request));
      const std::string answer = c.read_response();
      EXPECT_EQ(answer.rfind("HTTP/1.1 200", 0), 0u) << i << ": " << answer;
      EXPECT_EQ(answer.find("Connection: close") != std::string::npos, i == 3) << answer;
    }
    const std::string rest = c.read_all(&closed);
    EXPECT_TRUE(closed);
    EXPECT_TRUE(rest.empty()) << rest;
  }
  // One request, then silence: the server closes the idle connection (keep-alive 1 s) long
  // before the 10 s receive timeout.
  {
    test::RawConnection c(running.port());
    ASSERT_TRUE(c.connected());
    ASSERT_TRUE(c.send(request));
    const std::string answers = c.read_all(&closed);
    EXPECT_TRUE(closed);
    EXPECT_EQ(count_of(answers, "HTTP/1.1 200"), 1u);
  }
  // Half a request line, never finished: answered 408 and closed after the read timeout.
  test::RawConnection c(running.port());
  ASSERT_TRUE(c.connected());
  ASSERT_TRUE(c.send("GET /api/in"));
  const std::string answers = c.read_all(&closed);
  EXPECT_TRUE(closed);
  EXPECT_EQ(answers.rfind("HTTP/1.1 408", 0), 0u) << answers;
}

}  // namespace
}  // namespace damdb
