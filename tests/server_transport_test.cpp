// The server's transport bounds (GuardedServer, RequestStream, ClientSlots) against a server on
// an ephemeral loopback port, spoken to over raw sockets: the exact bounds of a request's head,
// Range ignored, the answer cap, connections refused when every thread is busy, pipelined
// requests kept. The attacks at scale are tests/server_attack.py's (a live `damdb serve`).
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "games_fixture.hpp"
#include "raw_connection.hpp"
#include "running_server.hpp"
#include "server/client_slots.hpp"

namespace damdb {
namespace {

/// A server over a database of tests/games_fixture.hpp's games on 127.0.0.1, any free port.
class TransportServer {
 public:
  explicit TransportServer(const server::ServerOptions& options)
      : folder_("server-transport"), running_(database_in(folder_), options) {}
  int port() const { return running_.port(); }

 private:
  static std::filesystem::path database_in(const test::TempFolder& folder) {
    test::write_text(folder.path() / "games.pdn", test::kGamesPdn);
    test::import_into(folder.path() / "db", folder.path() / "games.pdn");
    return folder.path() / "db";
  }
  test::TempFolder folder_;
  test::RunningServer running_;
};

using Connection = test::RawConnection;

/// The answer to `request` sent whole on a new connection (the server closes after it).
std::string exchange(int port, const std::string& request) {
  Connection c(port);
  if (!c.connected() || !c.send(request)) return {};
  return c.read_all();
}

std::string get_request(const std::string& target, const std::string& headers = {}) {
  return "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" + headers +
         "\r\n";
}

/// A GET of /api/info whose head is `size` bytes (headers of at most 8,000 bytes: under
/// httplib's bound of a line).
std::string request_of_size(std::size_t size) {
  std::size_t left = size - get_request("/api/info").size();
  std::string headers;
  for (; left > 8000; left -= 7007) headers += "X-F: " + std::string(7000, 'f') + "\r\n";
  headers += "X-F: " + std::string(left - 7, 'f') + "\r\n";
  const std::string request = get_request("/api/info", headers);
  EXPECT_EQ(request.size(), size);
  return request;
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

std::string body_of(const std::string& answer) {
  const std::size_t at = answer.find("\r\n\r\n");
  return at == std::string::npos ? std::string() : answer.substr(at + 4);
}

TEST(ClientSlots, EachAddressHoldsAtMostItsLimitUntilALeaseEnds) {
  server::ClientSlots slots(2);
  std::vector<server::ClientSlots::Lease> a;
  a.push_back(slots.acquire("10.0.0.1"));
  a.push_back(slots.acquire("10.0.0.1"));
  EXPECT_TRUE(a[0] && a[1]);
  EXPECT_FALSE(slots.acquire("10.0.0.1"));  // the third
  const server::ClientSlots::Lease other = slots.acquire("10.0.0.2");
  EXPECT_TRUE(other);
  EXPECT_EQ(slots.held("10.0.0.1"), 2u);
  a.pop_back();  // one connection closes
  EXPECT_EQ(slots.held("10.0.0.1"), 1u);
  EXPECT_TRUE(slots.acquire("10.0.0.1"));  // acquired and released at once
  EXPECT_EQ(slots.held("10.0.0.1"), 1u);
  a.clear();
  EXPECT_EQ(slots.held("10.0.0.1"), 0u);
  EXPECT_EQ(slots.held("10.0.0.2"), 1u);
}

TEST(ClientSlots, ZeroMeansNoLimit) {
  server::ClientSlots slots(0);
  std::vector<server::ClientSlots::Lease> leases;
  for (int i = 0; i < 1000; ++i) leases.push_back(slots.acquire("::1"));
  for (const auto& lease : leases) EXPECT_TRUE(lease);
  EXPECT_EQ(slots.held("::1"), 1000u);
}

/// The head is bounded exactly: 100 lines (the request line and 99 headers) and 32,768 bytes
/// pass, one more line or byte is 431 and the connection closed.
TEST(ServerTransport, TheRequestHeadIsBoundedExactlyInLinesAndBytes) {
  TransportServer running({});
  // The request line, Host, Connection and 97 more: 100 lines.
  std::string headers;
  for (int i = 0; i < 97; ++i) headers += "X-" + std::to_string(i) + ": 1\r\n";
  EXPECT_EQ(exchange(running.port(), get_request("/api/info", headers)).rfind("HTTP/1.1 200", 0),
            0u);
  const std::string over =
      exchange(running.port(), get_request("/api/info", headers + "X-a: 1\r\n"));
  EXPECT_EQ(over.rfind("HTTP/1.1 431", 0), 0u) << over;
  EXPECT_NE(body_of(over).find("100 lines"), std::string::npos) << over;
  // Bytes: the whole head (its empty line included) of 32,768 bytes passes, 32,769 not.
  EXPECT_EQ(exchange(running.port(), request_of_size(32 * 1024)).rfind("HTTP/1.1 200", 0), 0u);
  const std::string large = exchange(running.port(), request_of_size(32 * 1024 + 1));
  EXPECT_EQ(large.rfind("HTTP/1.1 431", 0), 0u) << large.substr(0, 200);
  EXPECT_NE(large.find("Connection: close"), std::string::npos);
}

/// Two requests sent in one write on one connection: both answered, in order (httplib read
/// each request through a new buffer and lost what the first read took of the second).
TEST(ServerTransport, PipelinedRequestsAreBothAnswered) {
  TransportServer running({});
  const std::string answers = exchange(running.port(), "GET /api/info HTTP/1.1\r\nHost: a\r\n\r\n" +
                                                           get_request("/api/moves?fen=W:W50:B1"));
  EXPECT_EQ(count_of(answers, "HTTP/1.1 200"), 2u) << answers;
  EXPECT_LT(answers.find("\"games\":"), answers.find("\"moves\":")) << answers;
}

/// A request line httplib cannot read (a space or a second '?' in the target, as typed by
/// hand) is answered once: 400 with its length and a message naming percent-encoding, then the
/// connection is closed, so that the rest of its bytes are never read as further requests (they
/// gave one 400 each, without a length, on a kept-alive connection).
TEST(ServerTransport, AnUnreadableRequestLineIsOne400WithItsLengthAndTheConnectionCloses) {
  TransportServer running({});
  for (const std::string target : {"/api/info?x=a b", "/api/games?player=a?b", "/api/info?q=a b c"}) {
    const std::string answer =
        exchange(running.port(), "GET " + target + " HTTP/1.1\r\nHost: a\r\n\r\n" +
                                     get_request("/api/info"));
    EXPECT_EQ(count_of(answer, "HTTP/1.1 "), 1u) << answer;
    EXPECT_EQ(answer.rfind("HTTP/1.1 400", 0), 0u) << answer;
    const std::string body = body_of(answer);
    EXPECT_NE(answer.find("Content-Length: " + std::to_string(body.size()) + "\r\n"),
              std::string::npos) << answer;
    EXPECT_NE(answer.find("Connection: close"), std::string::npos) << answer;
    EXPECT_NE(body.find("percent-encoded"), std::string::npos) << body;
  }
  // The same values percent-encoded are read.
  EXPECT_EQ(exchange(running.port(), get_request("/api/info?x=a%20b%3F")).rfind("HTTP/1.1 200", 0),
            0u);
}

/// Range is ignored on the page's files and the API alike: the whole answer, 200, no
/// Content-Range; every answer says Accept-Ranges: none.
TEST(ServerTransport, RangeIsIgnoredEverywhere) {
  TransportServer running({});
  for (const std::string target : {"/", "/api/info"}) {
    const std::string whole = exchange(running.port(), get_request(target));
    ASSERT_EQ(whole.rfind("HTTP/1.1 200", 0), 0u) << target;
    EXPECT_NE(whole.find("Accept-Ranges: none"), std::string::npos) << target;
    for (const std::string range : {"bytes=0-9", "bytes=0-,0-,0-", "bytes=-5"}) {
      const std::string ranged =
          exchange(running.port(), get_request(target, "Range: " + range + "\r\n"));
      EXPECT_EQ(ranged.rfind("HTTP/1.1 200", 0), 0u) << target << " " << range;
      EXPECT_EQ(ranged.find("Content-Range"), std::string::npos) << target << " " << range;
      EXPECT_EQ(body_of(ranged), body_of(whole)) << target << " " << range;
    }
  }
}

/// An answer larger than max_answer_bytes is replaced by 400 with its size and the limit.
TEST(ServerTransport, AnAnswerOverTheCapIs400NamingBothSizes) {
  server::ServerOptions options;
  options.max_answer_bytes = 200;
  TransportServer running(options);
  const std::string info = exchange(running.port(), get_request("/api/info"));
  ASSERT_EQ(info.rfind("HTTP/1.1 400", 0), 0u) << info;
  const std::string error = nlohmann::json::parse(body_of(info)).at("error");
  EXPECT_NE(error.find("limit of 200"), std::string::npos) << error;
  // A small answer passes: the two moves of a lone white man on 50.
  const std::string moves = exchange(running.port(), get_request("/api/moves?fen=W:W50:B1"));
  EXPECT_EQ(moves.rfind("HTTP/1.1 200", 0), 0u) << moves;
  EXPECT_LE(body_of(moves).size(), 200u);
}

/// With every thread held by an unfinished request, a new connection is refused at once (503,
/// Retry-After), not queued; once the holders go, requests are served again.
TEST(ServerTransport, AConnectionFindingEveryThreadBusyIs503AtOnce) {
  server::ServerOptions options;
  options.threads = 2;
  options.max_connections_per_client = 0;
  options.read_timeout_seconds = 30;  // the holders stay through the test
  TransportServer running(options);
  {
    Connection a(running.port()), b(running.port());
    ASSERT_TRUE(a.send("GET /api/info HTTP/1.1\r\n") && b.send("GET /api/info HTTP/1.1\r\n"));
    // Served: each holds a thread (the server answers only after their heads end).
    for (int i = 0;
         i < 200 &&
         exchange(running.port(), get_request("/api/info")).rfind("HTTP/1.1 503", 0) != 0;
         ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const std::string refused = exchange(running.port(), get_request("/api/info"));
    EXPECT_EQ(refused.rfind("HTTP/1.1 503", 0), 0u) << refused;
    EXPECT_NE(refused.find("Retry-After: 1"), std::string::npos) << refused;
  }
  std::string served;
  for (int i = 0; i < 200 && served.rfind("HTTP/1.1 200", 0) != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    served = exchange(running.port(), get_request("/api/info"));
  }
  EXPECT_EQ(served.rfind("HTTP/1.1 200", 0), 0u) << served;
}

}  // namespace
}  // namespace damdb
